"""Conflict of Heroes odds for ``wartools odds conflict-of-heroes``: an attack value of 2D6 plus
firepower against a defense value (Conflict of Heroes 4).

Examples
--------
>>> from wartools.games import find_game
>>> g = find_game("conflict-of-heroes")
>>> g.odds_procedure().run(g, {"firepower": 4, "defense": 12, "terrain": 2}).answer["hit"]
'1/6'
"""
from __future__ import annotations

from typing import Any

from wartools.games.base import Game
from wartools.games.procedures import OddsAnswer, OddsProcedure, Param, expectation

#: the game options a fire answer rests on (CAPs and the terrain table are assumed readings)
FIRE_OPTIONS: tuple[str, ...] = ()


def _run(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.conflict_of_heroes import combat

    av = combat.attack_value(v["firepower"], caps=v["caps"])
    dv = combat.defense_value(v["defense"], v["terrain"])
    hit = combat.hit_probability(v["firepower"], v["defense"], terrain=v["terrain"], caps=v["caps"],
                                 defender_caps=v["defender_caps"])
    answer = {"game": game.id, "attack_value": av.to_json(), "defense_value": dv,
              **expectation("hit", hit)}
    text = f"AV = 2D6 + {v['firepower'] + v['caps']} against DV {dv}: P(hit) = {hit} ({float(hit):.4f})"
    return OddsAnswer(answer, text, {"attack value": av}, game.assumptions(FIRE_OPTIONS))


PROCEDURE = OddsProcedure(
    "attack value 2D6 + FP against defense value",
    (Param("firepower", "int", None, "firepower of the attack", required=True, minimum=-50, maximum=50),
     Param("defense", "int", None, "defense rating", required=True, minimum=-50, maximum=50),
     Param("terrain", "int", 0, "terrain modifier (woods +2)", minimum=-20, maximum=20),
     Param("caps", "int", 0, "attacker CAPs spent on the roll (+1 each)", minimum=0, maximum=50),
     Param("defender_caps", "int", 0, "defender CAPs against the roll (-1 each)", minimum=0, maximum=50)),
    _run)
