"""The self-check questions of the Conflict of Heroes lesson, by topic.

Five :class:`~wartools.widgets.selfcheck.SelfCheck` questions each on line of
sight (target terrain, Game Overview; the LOS reading is assumed), movement
and the AP / CAP track (Game Overview, 3.0, 3.01, 3.21) and combat (Game
Overview, 2.1, 3.2). Every right answer is computed by the library, never
typed in.
"""
from __future__ import annotations

from wartools.games.conflict_of_heroes.combat import initiative, variable_ap
from wartools.lessons.conflict_of_heroes.activation import replay_3_21
from wartools.lessons.conflict_of_heroes.combat import caps_for_probability, overview_shot
from wartools.lessons.conflict_of_heroes.los import shot
from wartools.lessons.conflict_of_heroes.maps import gap_map, hill_map, move_map, woods_map
from wartools.lessons.conflict_of_heroes.movement import caps_to_reach
from wartools.los import line_of_sight
from wartools.movement import path
from wartools.widgets.selfcheck import SelfCheck

STATUSES = ("clear", "hindered", "blocked")


def los_questions() -> list[SelfCheck]:
    """Line-of-sight self-checks (answers from :func:`wartools.los.line_of_sight` and :func:`shot`)."""
    return [
        SelfCheck("Birch copse: the German squad in B01 fires at the Soviet squad in the woods hex B05. "
                  "Is the line clear, hindered or blocked?",
                  lambda: line_of_sight(woods_map(), "B01", "B05").status,
                  "The woods are the target's own hex: a hex's terrain never blocks a line into it (it "
                  "protects the target instead, +2 DV). Nothing lies between B01 and B05.",
                  choices=STATUSES),
        SelfCheck("Same map: the Soviet squad steps back to B06, one hex deeper in the copse. Line?",
                  lambda: line_of_sight(woods_map().moved("su-squad", "B06"), "B01", "B06").status,
                  "Now the woods of B05 stand between firer and target, and woods in between block "
                  "(assumed reading).", choices=STATUSES),
        SelfCheck("With brush in B03, what is the Soviet squad's DV in B05 (DR 12)?",
                  lambda: shot(woods_map(brush=True), "B01", "B05").defense,
                  lambda dv: f"12 for the rating, +2 for its own woods (Game Overview), +1 for the brush "
                             f"crossed on the way (assumed hindrance): {dv}."),
        SelfCheck("Two rises: the German on the level-1 hex B01 looks at B05, also level 1, over the "
                  "level-0 woods in B03. Line?",
                  lambda: line_of_sight(hill_map(), "B01", "B05").status,
                  "Terrain lower than both ends is seen over (assumed reading), so the copse does not "
                  "matter between two hills.", choices=STATUSES),
        SelfCheck("Gap map: the ruler from A02 to C02 runs exactly along the hexside between the woods "
                  "in B01 and the building in B02. Line?",
                  lambda: line_of_sight(gap_map(), "A02", "C02").status,
                  "A line along a hexside counts only when the hexes on both sides would block; here both "
                  "do, so there is no gap to see through (assumed reading). Clear the building and the "
                  "line is open.", choices=STATUSES),
    ]


def movement_questions() -> list[SelfCheck]:
    """Movement self-checks (answers from :mod:`wartools.movement` and the AP/CAP track)."""
    return [
        SelfCheck("Road to the kolkhoz: how many APs does the cheapest route of the Rifles '41 from C01 "
                  "to C06 cost?",
                  lambda: path(move_map(), "C01", "C06").cost,
                  lambda c: f"{c} AP: the straight line crosses two woods hexes at 2 AP each (assumed), "
                            f"while going round them through row B is one hex longer but all open, 1 AP "
                            f"each (Game Overview)."),
        SelfCheck("How many CAPs must the Soviet player add to bring the squad from C01 to C09 in this "
                  "activation?",
                  lambda: caps_to_reach(move_map(), "C01", "C09"),
                  lambda n: f"The activation gives 7 AP and CAPs supplement APs one for one (3.21), so the "
                            f"answer is the route's cost minus 7: {n}. The route, step by step:\n"
                            f"{path(move_map(), 'C01', 'C09').text()}"),
        SelfCheck("3.21 example: squad C has 3 AP left, needs 4 to fire again, and the side has 5 CAPs. "
                  "How many CAPs are left after the shot?",
                  lambda: replay_3_21().caps,
                  "All 3 remaining APs are spent first, the missing 1 comes from the CAP pool; the unit "
                  "then has no AP left and is spent."),
        SelfCheck("Optional rule 3.01: what is the probability that an activated unit gets at least the "
                  "usual 7 APs?",
                  lambda: variable_ap().at_least(7),
                  lambda p: f"APs are 2D6: 21 of the 36 rolls are 7 or more, {p}.", tolerance=0.005),
        SelfCheck("Can a tank drive into the house at C08?",
                  lambda: "yes" if path(move_map(), "C01", "C08", "tank").reachable else "no",
                  "The library's assumed table makes buildings impassable to vehicles and tanks; the "
                  "excerpt has no terrain chart, so check the full rules before relying on it.",
                  choices=["yes", "no"]),
    ]


def combat_questions() -> list[SelfCheck]:
    """Combat self-checks (answers from :mod:`wartools.games.conflict_of_heroes.combat`)."""
    return [
        SelfCheck("Game Overview: the '43 squad (firepower 4) rolls a 9. What is its attack value?",
                  lambda: overview_shot().attack,
                  "Attack value = the 2D6 roll plus the firepower: 9 + 4."),
        SelfCheck("The target squad (rating 12) is in woods. Hit or miss?",
                  lambda: "hit" if overview_shot().hit else "miss",
                  "Its DV is 12 + 2 for woods = 14; an attack hits when AV >= DV, and 13 falls one short.",
                  choices=["hit", "miss"]),
        SelfCheck("Before rolling: what is the chance that firepower 4 hits that squad in the woods?",
                  lambda: overview_shot().probability,
                  lambda p: f"The roll must be at least 14 - 4 = 10 on 2D6: 6 of the 36 rolls, {p}.",
                  tolerance=0.005),
        SelfCheck("How many CAPs, spent before the roll, lift that chance to at least 50 %?",
                  lambda: caps_for_probability(4, 12, terrain=2),
                  lambda n: f"Each CAP adds one to the roll (assumed rate): 10+ is 1/6, 9+ 5/18, 8+ 5/12, "
                            f"7+ 7/12, so {n}."),
        SelfCheck("Initiative (2.1): both roll 2D6, ties re-rolled. What is your chance to win it if you "
                  "add one CAP to your roll?",
                  lambda: initiative(modifier_a=1)["A"],
                  lambda p: f"One point turns every tie into a win and some losses into ties; with ties "
                            f"re-rolled the chance is {p}, about {float(p):.1%} (one point per CAP assumed, "
                            f"3.24 is not in the excerpt).", tolerance=0.005),
    ]


def questions() -> dict[str, list[SelfCheck]]:
    """All self-checks, by topic: ``{"los": [...], "movement": [...], "combat": [...]}``."""
    return {"los": los_questions(), "movement": movement_questions(), "combat": combat_questions()}
