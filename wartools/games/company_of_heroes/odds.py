"""Company of Heroes odds for ``wartools odds company-of-heroes``: the damage phase (Company of
Heroes 5), defense dice against pooled damage.

Examples
--------
>>> from wartools.games import find_game
>>> g = find_game("company-of-heroes")
>>> r = g.odds_procedure().run(g, {"target": "infantry", "health": 4, "damage": ["AI=3,AP=1"]})
>>> r.answer["destroyed"], r.to_json()["destroyed"]
(Fraction(1, 3), '1/3')
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from wartools.dice import fraction_str, markdown_table
from wartools.errors import WartoolsError
from wartools.rules import Game
from wartools.rules.odds import OddsAnswer, OddsProcedure, Param, expectation

#: damage dice of one kind in one attack: the whole box holds far fewer; beyond this an exact
#: answer is refused rather than computed for minutes
MAX_DAMAGE = 60


def _attacks(specs: list[str]) -> list[dict[str, int]]:
    if not specs:
        raise WartoolsError("give at least one --damage TYPE=N (types: AI, AP, HE, Flame)")
    attacks = []
    for spec in specs:
        attack: dict[str, int] = {}
        for part in spec.split(","):
            name, sep, n = part.partition("=")
            n = n.strip()
            if not sep or not (n.isascii() and n.isdigit()) or len(n) > 6:
                raise WartoolsError(f"--damage expects TYPE=N with N a whole number >= 0 (e.g. AP=3), got {part!r}")
            attack[name] = attack.get(name, 0) + int(n)
            if attack[name] > MAX_DAMAGE:
                raise WartoolsError(f"--damage: at most {MAX_DAMAGE} dice of one type, got {attack[name]}")
        attacks.append(attack)
    return attacks


def _run(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.company_of_heroes import combat

    damage = combat.pool_damage(*_attacks(v["damage"]))
    if sum(damage.values()) > MAX_DAMAGE:
        raise WartoolsError(f"--damage: at most {MAX_DAMAGE} damage dice in all, got {sum(damage.values())}")
    target = game.unit_types.resolve(v["target"])
    if v["building"] and not combat.can_be_in_building(target):
        raise WartoolsError(f"{target} cannot be in a building (Company of Heroes 4); only "
                            f"{', '.join(sorted(combat.BUILDING_UNITS))} can")
    r = combat.resolve_damage(target, damage, health=v["health"], building=v["building"],
                              upgrade=v["upgrade"], heroic_sacrifice=v["heroic_sacrifice"])
    answer = {"game": game.id, "target": target, "health": v["health"],
              "damage_assigned": damage, "defense_dice": r.dice,
              "damage": r.damage, "figures_left": r.figures_left,
              "destroyed": Fraction(r.destroyed),
              **expectation("expected_damage", r.expected_damage), **expectation("expected_vp", r.expected_vp),
              **expectation("expected_experience", r.expected_experience),
              "pinnable": combat.can_be_pinned(target, building=v["building"])}
    text = (f"{target} (health {v['health']}) takes {damage}, rolls {r.dice} defense dice\n"
            + markdown_table({"P(damage)": r.damage}, outcome="damage")
            + f"\ndestroyed: {fraction_str(r.destroyed)} ({float(r.destroyed):.4f}); "
              f"expected damage {float(r.expected_damage):.4f}")
    return OddsAnswer(answer, text, {"damage": r.damage}, game.assumptions(()))


PROCEDURE = OddsProcedure(
    "damage phase: defense dice against pooled damage (Company of Heroes 5)",
    (Param("target", "text", None, "target unit type (infantry, heavy-vehicle, ...)", required=True),
     Param("health", "int", None, "target's current health", required=True, minimum=1, maximum=99),
     Param("damage", "multi", None, "damage of one attacker (AI, AP, HE, Flame), e.g. AP=3; "
           "repeat to pool attackers", required=True),
     Param("building", "bool", False, "infantry in a building: +2 defense dice"),
     Param("upgrade", "bool", False, "unit defense upgrade: +1 defense die"),
     Param("heroic_sacrifice", "bool", False, "the target awards no VP")),
    _run)
