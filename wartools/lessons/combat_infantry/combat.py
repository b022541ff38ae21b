"""Combat: the rulebook's worked examples, recomputed (Combat Infantry 6.1-6.7, 9).

Fire and its exact odds (6.1), armor class (6.32), the Fire Example (Diagram 3:
Defending St. Abyn), the casualties of the Line of Sight Example (Diagram 4,
6.3) and the Assault on Caron Farm (Diagram 6): the bombardment and fire before
it, the assault replayed die by die and solved exactly, and the retreat.

Notes
-----
Combat Infantry sections covered: 4.3 (morale), 6.1 (fire: dice and hits), 6.3
(the strongest unit takes the hit), 6.31 and 6.32 (armor class), 6.6
(bombardment), 6.7 (D2 terrain, half-hits), 9.1-9.4 (assault rounds and
retreat), 9.65 (armor class zero in an assault); Diagrams 3, 4 and 6.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wartools.games.combat_infantry import combat as ci_combat
from wartools.games.combat_infantry.assault import (
    AssaultRules,
    AssaultUnit,
    assault,
    replay_assault,
)
from wartools.games.combat_infantry.combat import HexUnit
from wartools.lessons.combat_infantry.maps import caron_farm_map, hex_control
from wartools.los import line_of_sight
from wartools.mapmodel import Map


def fire_6_1_example() -> dict[str, Any]:
    """6.1: a 4F2 unit rolls 1, 2, 6, 8: two hits; and the exact odds of any result.

    Examples
    --------
    >>> ex = fire_6_1_example()
    >>> ex["hits"], ex["expected"], ex["distribution"][2]
    (2, Fraction(4, 5), Fraction(96, 625))
    """
    dist = ci_combat.fire(4, 2)
    return {"faces": (1, 2, 6, 8), "hits": ci_combat.hits_from_rolls([1, 2, 6, 8], 2),
            "distribution": dist, "expected": dist.mean()}


def armor_6_32_example() -> dict[str, Any]:
    """6.32: F6 against a Sherman (AC4) fires at F2; F3 against a PZ-IV (AC3) cannot fire (F0),
    except in an assault where armor class is zero (9.65).

    Examples
    --------
    >>> ex = armor_6_32_example()
    >>> ex["tank_vs_sherman"], ex["infantry_vs_pziv"], ex["infantry_can_fire"]
    (2, 0, False)
    """
    return {"tank_vs_sherman": ci_combat.net_firepower(6, armor=4),
            "tank_hit_chance": ci_combat.hit_chance(ci_combat.net_firepower(6, armor=4)),
            "infantry_vs_pziv": ci_combat.net_firepower(3, armor=3),
            "infantry_can_fire": ci_combat.can_fire(3, armor=3),
            "infantry_in_assault_hit_chance": ci_combat.hit_chance(3)}


def st_abyn_fire_example() -> list[dict[str, Any]]:
    """The Fire Example (Diagram 3: Defending St. Abyn), step by step.

    The dice faces are ours where the narrative gives only hits; IN 2's strength
    2, the AT gun's F5 and its 2 dice are the library's assumptions. Each step
    records the German hex after the fire.

    Examples
    --------
    >>> steps = st_abyn_fire_example()
    >>> [s["after"] for s in steps][:2]
    ['IN 2 with a half-hit', 'IN 1']
    >>> steps[2]["can_fire"], steps[3]["after"]
    (False, 'tank 2 with a half-hit')
    """
    def show(u: HexUnit) -> str:
        name = "IN" if u.kind == "rifle" else u.kind
        return f"{name} {u.strength}{' with a half-hit' if u.half_hit else ''}"

    steps = []
    passed = ci_combat.passes_morale(2, 5)
    woods_d2 = ci_combat.defends_d2("woods")
    german: tuple[HexUnit, ...] = (HexUnit(2),)
    h = ci_combat.hits_from_rolls([1, 5, 7, 9], 2)
    german = ci_combat.distribute_hits(german, h, d2=woods_d2)
    steps.append({"who": "US IN 4 (out of command) passes morale 5 with a 2, fires 4F2 into the woods",
                  "section": "4.3, 6.1, 6.7", "passed": passed, "hits": h, "d2": woods_d2,
                  "after": show(german[0])})
    h = ci_combat.hits_from_rolls([2, 8], 2)
    german = ci_combat.distribute_hits(german, h, d2=True)
    steps.append({"who": "US IN 2 fires 2F2 across the river", "section": "6.7", "hits": h,
                  "after": show(german[0])})
    steps.append({"who": "US IN 3 (F2) would target the tank (AC3)", "section": "6.32",
                  "net_firepower": ci_combat.net_firepower(2, armor=3),
                  "can_fire": ci_combat.can_fire(2, armor=3), "after": "no fire"})
    tank = HexUnit(2, "tank", armor=3)
    h = ci_combat.hits_from_rolls([2, 7], 5, armor=3)
    hit = ci_combat.distribute_hits((tank,), h, d2=ci_combat.defends_d2("town"), armor_zero=True)
    steps.append({"who": "US AT gun targets the German tank in town: F5 - 3 = F2", "section": "6.31, 6.32, 6.7",
                  "hits": h, "after": show(hit[0]),
                  "after_activation": show(ci_combat.end_activation(hit)[0])})
    return steps


def diagram4_casualties() -> dict[str, Any]:
    """The casualties of the Line of Sight Example (Diagram 4), by 6.3's strongest-first rule.

    The hit on two equal units goes to the one listed first (the owner's
    choice); MG 3's two hits on Mortar 3 come with the chance of exactly two
    hits from 3 dice at an assumed F4; the rally is a morale check against 6.

    Examples
    --------
    >>> ex = diagram4_casualties()
    >>> ex["after_mortar"], ex["after_pont_romain"], ex["mortar_after_mg"]
    ([2, 3], [2, 2], 1)
    """
    hex_b = (HexUnit(3, "rifle"), HexUnit(3, "mg"))
    one = ci_combat.distribute_hits(hex_b, 1)       # equal strength: the owner picks IN 3 (listed first)
    two = ci_combat.distribute_hits(one, 1)         # the stronger MG 3 takes the next hit
    return {"after_mortar": [u.strength for u in one], "after_pont_romain": [u.strength for u in two],
            "mortar_after_mg": ci_combat.distribute_hits((HexUnit(3, "mortar"),), 2)[0].strength,
            "mg3_two_hits_chance": ci_combat.fire(3, 4)[2],
            "rally_chance": ci_combat.morale_check(6)}


CARON_FARM_FACES: tuple[int, ...] = (
    5, 9, 1, 7,        # round 1, US: IN 2 (F2) misses, MG 2 (F3) hits: the uphill German IN 3 -> IN 2
    2, 8, 9, 4, 6,     # round 1, Germans: IN 3 hits once (the 2): US IN 2 -> IN 1; IN 2 misses
    9,                 # round 2, US: IN 1 checks morale, 9 > 5: disrupted
    3, 8,              # round 2, MG 2 hits once: the other German IN 3 -> IN 2
    7, 5, 1, 9,        # round 2, Germans: IN 2 and IN 2 score one hit: US MG 2 -> MG 1
    4, 2,              # round 3, US: MG 1 and IN 1 pass their morale checks
    8, 2,              # round 3, US: one hit; the Germans must retreat
)
"""Dice faces (d10, 0 = 10) that reproduce the Caron Farm narrative; the rulebook gives only the hits."""


def caron_farm_units() -> tuple[list[AssaultUnit], list[AssaultUnit]]:
    """``(attackers, defenders)`` of the Assault on Caron Farm after the bombardment and fire.

    Firepower and morale are assumptions (the narrative names IN 3, IN 2 and MG 2
    only): German IN F3 morale 6, US IN F2 and MG F3, morale 5.
    """
    attackers = [AssaultUnit("rifle", 3, 3, morale=6), AssaultUnit("rifle", 3, 3, morale=6)]
    defenders = [AssaultUnit("rifle", 2, 2, morale=5), AssaultUnit("mg", 2, 3, morale=5)]
    return attackers, defenders


def caron_farm_before_assault() -> dict[str, Any]:
    """Caron Farm (Diagram 6) before the assault: Mortar 3 rolls 2-4-7 into the farm (two hits, one
    step lost to farm D2), then German IN 2 scores one hit, only a half-hit that recovers.

    Examples
    --------
    >>> ex = caron_farm_before_assault()
    >>> ex["mortar_hits"], ex["after_mortar"], ex["after_activation"]
    (2, [2, 2], [2, 2])
    """
    d2 = ci_combat.defends_d2("farm", "bombardment")
    hits, friendly = ci_combat.bombard_rolls([2, 4, 7], 4)
    farm = ci_combat.distribute_hits((HexUnit(3, "rifle"), HexUnit(2, "mg")), hits, d2=d2)
    after_mortar = [u.strength for u in farm]
    fire_hits = ci_combat.hits_from_rolls([1, 6], 3)
    farm = ci_combat.distribute_hits(farm, fire_hits, d2=ci_combat.defends_d2("farm"))
    half = [u.half_hit for u in farm]
    farm = ci_combat.end_activation(farm)
    return {"mortar_hits": hits, "friendly_hits": friendly, "farm_d2": d2, "after_mortar": after_mortar,
            "fire_hits": fire_hits, "half_hits": half, "after_activation": [u.strength for u in farm]}


def caron_farm_assault() -> dict[str, Any]:
    """The Assault on Caron Farm (Diagram 6), replayed die by die and solved exactly.

    Examples
    --------
    >>> ex = caron_farm_assault()
    >>> ex["end"]
    AssaultEnd(winner='defender', round=3, attackers=(1, 2), defenders=(1, 1), how='retreated')
    >>> 0 < ex["p_narrative_end"] < ex["p_defender_wins"] < 1
    True
    """
    attackers, defenders = caron_farm_units()
    end, log = replay_assault(attackers, defenders, CARON_FARM_FACES)
    ends = assault(attackers, defenders, AssaultRules())
    return {"attackers": attackers, "defenders": defenders, "end": end, "log": log, "ends": ends,
            "p_defender_wins": ends.prob(lambda e: e.winner == "defender"),
            "p_attacker_wins": ends.prob(lambda e: e.winner == "attacker"),
            "p_narrative_end": ends[end]}


def retreat_hexes(m: Map, assault_hex: str, side: str, entered_from: Sequence[str]) -> tuple[str, ...]:
    """Where attackers of ``side`` may retreat from ``assault_hex`` (Combat Infantry 9.4).

    Back through a hexside they used to enter, or into an adjacent hex their
    side occupies -- never into an enemy or disputed hex (hex control from
    :func:`hex_control`, with the assault hex disputed, 9.1). Stacking and
    assault limits are not checked here.

    Examples
    --------
    >>> retreat_hexes(caron_farm_map(), "D3", "German", ["C3"])
    ('C4', 'D4')
    """
    control = hex_control(m)
    here = m.cell(assault_hex)
    friendly = {m.label(u.cell) for u in m.units if u.side == side}
    out = []
    for n in m.grid.neighbours(here):
        lab = m.label(n)
        if lab not in entered_from and lab not in friendly:
            continue
        if control.get(lab, side) != side:
            continue
        out.append(lab)
    return tuple(sorted(out))


def caron_farm_retreat() -> dict[str, Any]:
    """Round 3 of Caron Farm: the German who came uphill from C3 cannot go back (C3 is disputed) but
    may retreat into one of two adjacent German-occupied hexes.

    Examples
    --------
    >>> ex = caron_farm_retreat()
    >>> ex["came_from_control"], ex["uphill_unit"]
    ('disputed', ('C4', 'D4'))
    """
    m = caron_farm_map()
    control = hex_control(m)
    return {"map": m, "control": control, "came_from_control": control.get("C3", "neutral"),
            "uphill_unit": retreat_hexes(m, "D3", "German", ["C3"]),
            "other_unit": retreat_hexes(m, "D3", "German", ["E3"]),
            "mortar_sees_farm": line_of_sight(m, "D6", "D3").status,
            "mortar_bombards_over_friends": line_of_sight(m, "D6", "D3", mode="fire", indirect=True).status}
