"""Combat Infantry odds for ``wartools odds combat-infantry``: fire (Combat Infantry 6.1-6.32,
a d10 per step) or a whole assault (Combat Infantry 7).

Examples
--------
>>> from wartools.games import find_game
>>> g = find_game("combat-infantry")
>>> r = g.odds_procedure().run(g, {"dice": 4, "firepower": 2})
>>> r.answer["hits"][0], r.to_json()["hits"]["0"]
(Fraction(256, 625), '256/625')
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wartools.dice import markdown_table
from wartools.errors import WartoolsError
from wartools.rules import Game
from wartools.rules.odds import OddsAnswer, OddsProcedure, Param, expectation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.combat_infantry.assault import AssaultUnit

#: bounds that keep an exact answer quick; beyond them the command says so instead of hanging
MAX_DICE = 500
MAX_ASSAULT_UNITS = 6
MAX_ASSAULT_STRENGTH = 9


def _units(game: Game, spec: str, what: str) -> list[AssaultUnit]:
    from wartools.games.combat_infantry.assault import AssaultUnit

    units: list[AssaultUnit] = []
    for part in spec.split(","):
        fields = part.strip().split(":")
        if len(fields) not in (3, 4):
            raise WartoolsError(f"{what} units are TYPE:STRENGTH:FIREPOWER[:MORALE], got {part!r}")
        kind = game.unit_types.resolve(fields[0])
        if not all(f.strip().isascii() and f.strip().isdigit() and len(f.strip()) < 4 for f in fields[1:]):
            raise WartoolsError(f"{what} units are TYPE:STRENGTH:FIREPOWER[:MORALE] with whole numbers, "
                                f"got {part!r}")
        nums = [int(f) for f in fields[1:]]
        if not 1 <= nums[0] <= MAX_ASSAULT_STRENGTH:
            raise WartoolsError(f"{what}: strength must be 1..{MAX_ASSAULT_STRENGTH}, got {part!r}")
        units.append(AssaultUnit(kind, nums[0], nums[1]) if len(nums) == 2 else AssaultUnit(kind, nums[0], nums[1], nums[2]))
    if len(units) > MAX_ASSAULT_UNITS:
        raise WartoolsError(f"{what}: at most {MAX_ASSAULT_UNITS} units per side (the exact chain grows "
                            f"with every unit), got {len(units)}")
    return units


def _assault(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.combat_infantry import assault

    if v["dice"] is not None or v["firepower"] is not None:
        raise WartoolsError("give either --dice/--firepower (fire) or --attackers/--defenders (assault)")
    rules = assault.AssaultRules(river_or_cliff=v["river"], smoke=v["smoke"], hit_limit=v["hit_limit"],
                                 hq_morale=str(game.option("assault-hq-morale")))
    ends = assault.assault(_units(game, v["attackers"], "--attackers"),
                           _units(game, v["defenders"], "--defenders"), rules)
    winner = ends.map(lambda e: e.winner)
    states: dict[str, Fraction] = {}
    for e, p in ends.items:
        if not isinstance(e, assault.AssaultEnd):  # the chain absorbs only in end states
            raise TypeError(f"assault() returned a non-end state {e!r}")
        states[f"{e.winner} r{e.round} {e.how} A{list(e.attackers)} D{list(e.defenders)}"] = p
    answer = {"game": game.id, "mode": "assault", "winner": winner, "end_states": states,
              **expectation("expected_attacker_steps", ends.mean(lambda e: sum(e.attackers))),
              **expectation("expected_defender_steps", ends.mean(lambda e: sum(e.defenders)))}
    return OddsAnswer(answer, markdown_table({"P": winner}, outcome="winner"), {"winner": winner},
                      game.assumptions(ASSAULT_OPTIONS))


def _run(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.combat_infantry import combat

    if (v["attackers"] is None) != (v["defenders"] is None):
        raise WartoolsError("an assault needs both --attackers and --defenders")
    if v["attackers"] is not None:
        return _assault(game, v)
    if v["dice"] is None or v["firepower"] is None:
        raise WartoolsError("fire needs --dice and --firepower (or --attackers/--defenders for an assault)")
    if v["river"] or v["smoke"]:
        raise WartoolsError("--river and --smoke apply to assaults only")
    net = combat.net_firepower(v["firepower"], armor=v["armor"], modifier=v["modifier"])
    hits = combat.fire(v["dice"], v["firepower"], armor=v["armor"], modifier=v["modifier"],
                       hit_limit=v["hit_limit"])
    answer: dict[str, Any] = {"game": game.id, "mode": "fire", "can_fire": net > 0, "net_firepower": net,
                              "hits": hits, **expectation("expected_hits", hits.mean())}
    charts: dict[str, Any] = {"hits": hits}
    if v["d2"] and v["sniper"]:
        raise WartoolsError("a sniper's target never has double defense (Combat Infantry 2.52): "
                            "leave out --d2 or --sniper")
    if v["d2"]:
        steps = hits.map(lambda h: combat.steps_lost(h, d2=True)[0])
        answer["d2"] = True
        answer["steps_lost"] = steps
        answer.update(expectation("expected_steps_lost", steps.mean()))
        charts["steps lost"] = steps
    text = f"{v['dice']} dice at F{net}" + ("" if net > 0 else " (no fire possible, 6.32)") + "\n"
    return OddsAnswer(answer, text + markdown_table({"P(hits)": hits}, outcome="hits"), charts,
                      game.assumptions(()))


#: the game options an assault answer rests on (none declared yet)
ASSAULT_OPTIONS: tuple[str, ...] = ()

PROCEDURE = OddsProcedure(
    "fire (a d10 per step, Combat Infantry 6) or a full assault (7)",
    (Param("dice", "int", None, "firing unit's strength (dice)", minimum=0, maximum=MAX_DICE),
     Param("firepower", "int", None, "F rating", minimum=-20, maximum=20),
     Param("armor", "int", 0, "target armor class (targeted fire)", minimum=0, maximum=20),
     Param("modifier", "int", 0, "other firepower modifiers", minimum=-20, maximum=20),
     Param("d2", "bool", False, "target has double defense: also report steps lost"),
     Param("sniper", "bool", False, "the firer is a sniper: its target never has double defense (2.52)"),
     Param("hit_limit", "int", None, "optional hit limit per roll (2)", minimum=0, maximum=MAX_DICE),
     Param("attackers", "text", None, "assault: TYPE:STRENGTH:F[:MORALE],... in casualty order"),
     Param("defenders", "text", None, "assault: TYPE:STRENGTH:F[:MORALE],... in casualty order"),
     Param("river", "bool", False, "assault across a river/cliff: -1F round 1"),
     Param("smoke", "bool", False, "assault in smoke: -1F both sides")),
    _run)
