"""Conflict of Heroes odds for ``wartools odds conflict-of-heroes``: an attack value of 2D6 plus
firepower against a defense value (Conflict of Heroes 4).

Examples
--------
>>> from wartools.games import find_game
>>> g = find_game("conflict-of-heroes")
>>> g.odds_procedure().run(g, {"firepower": 4, "defense": 12, "terrain": 2}).answer["hit"]
Fraction(1, 6)
>>> a = g.odds_procedure().run(g, {"firepower": 4, "defense": 12, "terrain": 2, "caps": 2})
>>> a.answer["hit"], [x.option for x in a.assumptions]
(Fraction(5, 12), ['cap-modifier'])
"""
from __future__ import annotations

from typing import Any

from wartools.rules import Game
from wartools.rules.odds import OddsAnswer, OddsProcedure, Param, expectation

#: the game options a fire answer rests on when CAPs are spent (their rate is an assumed reading)
CAP_READS = ("cap-modifier",)


def _run(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.conflict_of_heroes import combat

    per_cap = game.option("cap-modifier")
    av = combat.attack_value(v["firepower"], caps=v["caps"], per_cap=per_cap)
    dv = combat.defense_value(v["defense"], v["terrain"])
    hit = combat.hit_probability(v["firepower"], v["defense"], terrain=v["terrain"], caps=v["caps"],
                                 defender_caps=v["defender_caps"], per_cap=per_cap)
    answer = {"game": game.id, "attack_value": av, "defense_value": dv,
              **expectation("hit", hit)}
    against = dv + v["defender_caps"] * per_cap
    text = (f"AV = 2D6 + {v['firepower'] + v['caps'] * per_cap} against DV {dv}"
            f"{f' + {against - dv} (defender CAPs)' if against != dv else ''}: P(hit) = {hit} ({float(hit):.4f})")
    spent = v["caps"] or v["defender_caps"]
    return OddsAnswer(answer, text, {"attack value": av}, game.assumptions(CAP_READS) if spent else ())


PROCEDURE = OddsProcedure(
    "attack value 2D6 + FP against defense value",
    (Param("firepower", "int", None, "firepower of the attack", required=True, minimum=-50, maximum=50),
     Param("defense", "int", None, "defense rating", required=True, minimum=-50, maximum=50),
     Param("terrain", "int", 0, "terrain modifier (woods +2)", minimum=-20, maximum=20),
     Param("caps", "int", 0, "attacker CAPs spent on the roll (+1 each; option cap-modifier)", minimum=0, maximum=50),
     Param("defender_caps", "int", 0, "defender CAPs against the roll (-1 each; option cap-modifier)", minimum=0, maximum=50)),
    _run)
