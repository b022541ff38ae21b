"""The SelfCheck questions of the lesson, by topic (Combat Infantry 3.4, 6.1-6.7, 8.3-8.4, 9, 10.3).

Each :class:`~wartools.widgets.selfcheck.SelfCheck` computes its right answer
with the library, on the lesson's fixture maps; the explanations are in our
words.

Notes
-----
Combat Infantry sections covered: line of sight 3.4, 6.4 and 6.41 (hedges,
end hexes, woods, blind hexes); movement 3.4, 8.3, 8.4, 9.1 and 10.3 (woods
road, slope, tanks in woods, hex control, night); combat 6.1, 6.32, 6.7,
9.2-9.4 and 9.65 (hits, armor class, D2, the Caron Farm assault).
"""
from __future__ import annotations

from wartools.games.combat_infantry import combat as ci_combat
from wartools.lessons.combat_infantry.combat import caron_farm_assault
from wartools.lessons.combat_infantry.los import blind_hex_table, blind_hexes
from wartools.lessons.combat_infantry.maps import (
    board_range,
    _ci_map,
    blind_hill_map,
    control_summary,
    diagram5_map,
    hill_174_map,
    wooded_slope_map,
    woods_road_map,
)
from wartools.lessons.combat_infantry.movement import hex_control_narrative
from wartools.los import LOSResult, line_of_sight
from wartools.widgets.selfcheck import SelfCheck


def _status_word(r: LOSResult) -> str:
    return "yes" if r.visible else "no"


def _reasons(r: LOSResult) -> str:
    return "; ".join(x.rule for x in r.deciding) or "nothing on the ruler blocks it"


def _los_questions() -> list[SelfCheck]:
    hill = hill_174_map()
    blind = blind_hill_map()
    hedge = _ci_map("hedge", 3, 1, "edges: [{cells: [A1, B1], feature: hedge}]")
    ends = _ci_map("ends", 1, 4, "terrain: {cells: {A1: town, A4: farm}}")

    def q_lonlay() -> str:
        return _status_word(line_of_sight(hill, "F8", "F6", mode="fire", range=board_range(hill)))

    def q_pont() -> str:
        return _status_word(line_of_sight(hill, "C7", "C2", mode="fire", range=board_range(hill)))

    return [
        SelfCheck("Two squads stand in adjacent hexes with a hedge on the hexside between them. "
                  "Can they see each other?",
                  lambda: _status_word(line_of_sight(hedge, "A1", "B1")),
                  lambda a: f"{a}: adjacent hexes always see each other, except through a hedge "
                            f"(3.4, 6.4). Library: {_reasons(line_of_sight(hedge, 'A1', 'B1'))}.",
                  choices=["yes", "no"]),
        SelfCheck("A squad in a town hex (A1) looks at a farm hex (A4) three hexes away over open ground. "
                  "Does the terrain of the two end hexes block the line?",
                  lambda: "no" if line_of_sight(ends, "A1", "A4").visible else "yes",
                  "No: only terrain between the ends counts; a unit sees out of its own town and into "
                  "the target's farm (6.4).", choices=["yes", "no"]),
        SelfCheck("Hill 174 map: can the German IN 3 in Lonlay farm (F8) fire at the US squad in the "
                  "woods (F6)?", q_lonlay,
                  lambda a: f"{a}: the woods hexside F6|F7 is in the way and woods can only be fired "
                            f"into from an adjacent hex (3.4, 6.4); it must first move to hex A (F7).",
                  choices=["yes", "no"]),
        SelfCheck("Hill 174 map: can the German IN 3 at Pont Romain (C7) see the US PHQ in Harlat farm "
                  "(C2) on the hill?", q_pont,
                  lambda a: f"{a}: C7 is at level 0 and {hill.grid.distance(hill.cell('C7'), hill.cell('C5'))} "
                            f"hexes from the crest C5, the PHQ "
                            f"{hill.grid.distance(hill.cell('C2'), hill.cell('C5'))}; a lower unit closer to "
                            f"the crest than the higher one is in a blind hex (6.41). Library: "
                            f"{_reasons(line_of_sight(hill, 'C7', 'C2', mode='fire', range=board_range(hill)))}.",
                  choices=["yes", "no"]),
        SelfCheck("Plateau map: how many hexes are blind hexes for the observer on A3?",
                  lambda: len(blind_hexes(blind, "A3")),
                  lambda a: f"{a}: " + "; ".join(
                      f"{r['hex']} is {r['lower_to_obstacle']} from {r['obstacle']} ({r['obstacle_is']}), "
                      f"the observer {r['higher_to_obstacle']}" for r in blind_hex_table(blind, "A3"))
                  + ". A lower hex closer to the obstacle than the higher one is blind (6.41).")]


def _movement_questions() -> list[SelfCheck]:
    from wartools.movement import path, reachable

    road = woods_road_map()
    slope = wooded_slope_map()
    narrative = hex_control_narrative()
    d5 = diagram5_map()
    plain = _ci_map("plain", 3, 1, "")
    return [
        SelfCheck("Woods road map: how many MP does the rifle squad spend to go from B2 to D2 along the "
                  "road through the woods?",
                  lambda: path(road, "B2", "D2", "rifle", side="US").cost,
                  lambda a: f"{a}: each woods road hexside costs 3 - 1 = 2 MP (3.4 Road, 8.4), two hexsides.")
        ,
        SelfCheck("Wooded slope map: how many MP to climb from A2 into B2?",
                  lambda: path(slope, "A2", "B2", "rifle", side="US").cost,
                  lambda a: f"{a}: a woods hexside is 3 MP and uphill adds 1 (3.4 Slope); downhill "
                            f"would cost just 3."),
        SelfCheck("Woods road map: can the tank in A1 drive into the woods at B1 (off the road)?",
                  lambda: "yes" if path(road, "A1", "B1", "tank", side="US").reachable else "no",
                  "No: woods are impassable to guns, tanks and vehicles except along a road (3.4 Woods).",
                  choices=["yes", "no"]),
        SelfCheck("8.3 narrative: after the second squad has stopped in D2, can the first squad go from A2 "
                  "all the way into the German hex E2 this turn?",
                  lambda: "yes" if narrative["second"].reachable else "no",
                  lambda a: f"{a}: D2 is now friendly (occupied), so moving through it does not stop the "
                            f"squad; entering E2 starts an assault (8.3, 9.1).", choices=["yes", "no"]),
        SelfCheck("Diagram 5 map: how many hexes are disputed?",
                  lambda: control_summary(d5)["disputed"]["hexes"],
                  lambda a: f"{a}: B2 and C5 are vacant and adjacent to both sides (8.3)."),
        SelfCheck("At night, how many MP does a rifle squad (move 5) have?",
                  lambda: reachable(plain, "A1", "rifle", night=True).budget,
                  lambda a: f"{a}: night halves movement, rounding up (10.3): 5 / 2 = 2.5, so 3."),
    ]


def _combat_questions() -> list[SelfCheck]:
    caron = caron_farm_assault
    return [
        SelfCheck("How many hits, on average, does a 4F2 unit score?",
                  lambda: ci_combat.fire(4, 2).mean(),
                  lambda a: f"{a}: each of the 4 dice hits on 1 or 2, a 2-in-10 chance: 4 x 0.2 = 0.8 (6.1).",
                  tolerance=0.005),
        SelfCheck("A tank with F6 targets a Sherman (armor class 4). At what net firepower does it fire?",
                  lambda: ci_combat.net_firepower(6, armor=4),
                  lambda a: f"F{a}: armor class is subtracted from the firepower of fire that targets a "
                            f"face-up armored unit (6.32)."),
        SelfCheck("May an F3 rifle squad fire at a face-up PZ-IV (armor class 3) outside an assault?",
                  lambda: "yes" if ci_combat.can_fire(3, armor=3) else "no",
                  "No: F3 - 3 = F0, and at net F0 or less no fire is possible (6.32); in an assault armor "
                  "class is zero (9.65).", choices=["yes", "no"]),
        SelfCheck("A squad in woods takes exactly one hit from fire. How many steps does it lose now?",
                  lambda: ci_combat.steps_lost(1, d2=ci_combat.defends_d2("woods"))[0],
                  lambda a: f"{a}: woods give D2 against fire, so one hit is only a half-hit; the next hit "
                            f"completes it, otherwise it recovers at the end of the activation (6.7)."),
        SelfCheck("Probability that 3F3 scores at least one hit?",
                  lambda: ci_combat.fire(3, 3).at_least(1),
                  lambda a: f"{a} = 1 - 0.7^3: the only miss is all three dice above 3 (6.1).",
                  tolerance=0.005),
        SelfCheck("Caron Farm: with our assumed ratings, what is the chance that the US defenders hold "
                  "the farm (give a decimal)?",
                  lambda: caron()["p_defender_wins"],
                  "Computed exactly over every die roll of the three assault rounds (9.2-9.4): the "
                  "defenders fire first each round and the attackers must leave in round 3.",
                  tolerance=0.005),
    ]


def questions() -> dict[str, list[SelfCheck]]:
    """The self-check questions of the lesson, by topic (``los``, ``movement``, ``combat``).

    Examples
    --------
    >>> qs = questions()
    >>> q = qs["movement"][1]
    >>> q.check(q.expected()).correct, q.check("3").correct
    (True, False)
    """
    return {"los": _los_questions(), "movement": _movement_questions(), "combat": _combat_questions()}
