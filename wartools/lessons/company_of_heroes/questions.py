"""The self-check questions of the Company of Heroes lesson, by topic.

Five :class:`~wartools.widgets.SelfCheck` questions each on line of sight,
movement and combat; every right answer is computed by the library.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Basic Movement, Obstacles to
Movement, Regular Infantry, Weapon Teams, Light Vehicle Units), 5.1 Damage
Types, 6 Defenses (Defense Matrix, Defense Rolls), 6.1 Static Defenses and 7
Additional Combat Rules (Sight, Range, Spotting, Camouflage, Buildings Blocking
Attacks and Sight).
"""
from __future__ import annotations

from wartools.games.company_of_heroes import combat
from wartools.games.company_of_heroes import los as coh_los
from wartools.games.company_of_heroes.movement import Rules
from wartools.lessons.company_of_heroes.maps import (
    ATTACKS,
    BUILDING_MOVE_MAP,
    MORTAR_MAP,
    OBSTACLE_MAP,
    OPEN_MAP,
    SIGHT_MAP,
    SNIPER_MAP,
    fixture,
)
from wartools.los import line_of_sight, viewshed
from wartools.mapmodel import Map
from wartools.movement import path, reachable
from wartools.widgets import SelfCheck


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def los_questions() -> list[SelfCheck]:
    """Self-checks on sight, range, buildings, HE and camouflage (Company of Heroes 5.1, 7).

    Examples
    --------
    >>> [q.expected() for q in los_questions()]
    ['no', 'clear', 18, 'yes', 'no']
    """
    sight, sniper, mortar = fixture(SIGHT_MAP), fixture(SNIPER_MAP), fixture(MORTAR_MAP)
    return [
        SelfCheck("The Riflemen stand at D3, next to the building at D4. Can they see D5, straight behind it?",
                  lambda: _yes(line_of_sight(sight, "D3", "D5").visible),
                  "The ruler from D3 to D5 goes in through one green side of D4 and out through the "
                  "opposite one: two sides fully crossed, so the building blocks (CoH 7).",
                  choices=["yes", "no"]),
        SelfCheck("Same map: the line from C4 to E4. Clear or blocked?",
                  lambda: line_of_sight(sight, "C4", "E4").status,
                  "It only runs along the D4|D5 side of the building without cutting through it; a "
                  "building blocks only a line that crosses two of its sides (CoH 7).",
                  choices=["clear", "blocked"]),
        SelfCheck("Same map: how many hexes within 2 of D3 do the Riflemen see (their own hex included)?",
                  lambda: len(viewshed(sight, "D3")),
                  lambda n: f"{len(sight.grid.within(sight.cell('D3'), 2))} hexes lie within 2 of D3 (its "
                            f"own, 6 adjacent, 12 at range 2); only D5 is hidden by the building, leaving "
                            f"{n} (CoH 7, Sight: default range 2)."),
        SelfCheck("The US mortar at D3 fires HE at the Grenadiers at D5, behind the building. Is the attack "
                  "line over the building clear?",
                  lambda: _yes(line_of_sight(mortar, "D3", "D5", mode="fire", indirect=True).visible),
                  "HE is indirect fire and passes over buildings (CoH 5.1). Whether the mortar may fire is a "
                  "second question: someone on its team must see D5.", choices=["yes", "no"]),
        SelfCheck("The camouflaged sniper is at E2; the US Riflemen at C2 are two hexes from it. Can the "
                  "mortar at A2 (range 4) target the sniper?",
                  lambda: _yes(coh_los.can_attack(sniper, "A2", "E2", range=4)),
                  "A camouflaged unit is spotted only by adjacent units (CoH 7, Camouflage). The Riflemen "
                  "are two hexes away, so nobody on the team sees the sniper and the mortar may not fire.",
                  choices=["yes", "no"]),
    ]


def movement_questions() -> list[SelfCheck]:
    """Self-checks on cp, buildings, the speed die and obstacles (Company of Heroes 4).

    Examples
    --------
    >>> [q.expected() for q in movement_questions()]
    [1, 4, 'no', 1, 'no']
    """
    bmap, open_map, obst = fixture(BUILDING_MOVE_MAP), fixture(OPEN_MAP), fixture(OBSTACLE_MAP)
    return [
        SelfCheck("How many cp do the Riflemen at B2 spend to enter the building at C2?",
                  lambda: path(bmap, "B2", "C2").cost,
                  "Entering a building is normal movement: one cp per hex. What is special is that the "
                  "squad cannot leave it again this round (CoH 4, Regular Infantry)."),
        SelfCheck("On open ground, how many hexes can the jeep at A2 move this round?",
                  lambda: max(reachable(open_map, "A2").costs.values()),
                  "Three cp like every unit, plus one free move from its speed die (CoH 4, Light Vehicle "
                  "Units)."),
        SelfCheck("Can a mortar team at B2 move into the building at C2?",
                  lambda: _yes(path(bmap, "B2", "C2", "mortar-team").reachable),
                  "Only regular infantry and machine-gun teams go into buildings; mortar and AT gun "
                  "teams cannot (CoH 4, Weapon Teams).", choices=["yes", "no"]),
        SelfCheck("An infantry squad has already spent 2 cp this round. How many more hexes can it move?",
                  lambda: max(reachable(open_map, "A3", budget=Rules.cp_per_round - 2).costs.values()),
                  "A unit spends at most three cp per round, one hex each, whatever turn it spends "
                  "them in (CoH 4, Basic Movement)."),
        SelfCheck("Obstacle map: may the Riflemen at A3 end their move on B2, where the allied MG team is?",
                  lambda: _yes(m_cell_reachable(obst, "A3", "B2")),
                  "A move may pass through an allied unit but not stop on it: one unit per hex (CoH 4, "
                  "Obstacles to Movement).", choices=["yes", "no"]),
    ]


def m_cell_reachable(m: Map, start: str, goal: str, unit: str | None = None) -> bool:
    """Whether a move from ``start`` can end on ``goal`` this round (Company of Heroes 4).

    Examples
    --------
    >>> m_cell_reachable(fixture(OBSTACLE_MAP), "A3", "A2")
    True
    """
    return m.cell(goal) in reachable(m, start, unit).costs


def combat_questions() -> list[SelfCheck]:
    """Self-checks on damage types, defense dice and odds (Company of Heroes 5.1, 6, 6.1).

    Examples
    --------
    >>> [q.expected() for q in combat_questions()][:3]
    [1, Fraction(1, 3), 5]
    """
    pooled = combat.pool_damage(*ATTACKS.values())
    return [
        SelfCheck("The British Infantry Section is hit by Riflemen (1 AI), Grenadiers (1 AI) and an Sd.Kfz. 222 "
                  "(1 AI + 1 AP). How many defense dice does it roll?",
                  lambda: combat.defense_dice("infantry", pooled),
                  "Infantry resist only AP damage: one die per AP point. The three AI dice hit with no "
                  "roll (CoH 6, Defense Matrix)."),
        SelfCheck("Same attack, the section has 4 health. What is the probability it is destroyed? "
                  "(a fraction, a decimal or a percentage)",
                  lambda: combat.resolve_damage("infantry", pooled, health=4).destroyed,
                  lambda p: f"Three figures fall to the AI; the last one survives only if the single "
                            f"defense die shows green or black (4 faces of 6), so it dies with {p}.",
                  tolerance=0.005),
        SelfCheck("An infantry squad inside a building is assigned 3 AP. How many defense dice does it roll?",
                  lambda: combat.defense_dice("infantry", {"AP": 3}, building=True),
                  "Three for the AP (infantry resist AP) plus two for the building's cover (CoH 6, 6.1)."),
        SelfCheck("An infantry squad with a defense upgrade, inside a building, takes 2 Flame. How many "
                  "defense dice?",
                  lambda: combat.defense_dice("infantry", {"Flame": 2}, building=True, upgrade=True),
                  "Flame ignores every defense roll: no building cover, no upgrade die (CoH 5.1, 6.1)."),
        SelfCheck("A heavy vehicle (3 health) is assigned 4 AI. How much health does it lose on average?",
                  lambda: combat.resolve_damage("heavy-vehicle", {"AI": 4}, health=3).expected_damage,
                  "Heavy vehicles are immune to Anti-Infantry damage ('No Fire' on the Defense Matrix): "
                  "the dice do nothing at all (CoH 6)."),
    ]


def questions() -> dict[str, list[SelfCheck]]:
    """All self-checks of the lesson, by topic (``los``, ``movement``, ``combat``).

    Examples
    --------
    >>> all(len(qs) >= 3 for qs in questions().values())
    True
    """
    return {"los": los_questions(), "movement": movement_questions(), "combat": combat_questions()}
