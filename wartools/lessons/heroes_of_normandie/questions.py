"""Self-check questions of the Heroes of Normandie lesson (:class:`wartools.widgets.SelfCheck`).

Four questions per topic, each right answer computed by the library when
checked: LoS (1.1 Contour Line A and B, 1.1 Hole B, Orders Option Smoke),
movement (1.2 Streams, 1.3 Defensive Obstacles, 1.4 Trenches, on Dog Red and
the fixtures) and combat (4.2 Minefield, 1.1 Directional Defensive Bonus, 1.1
Bunker, 5 Speed Penalty).
"""
from __future__ import annotations

from typing import Any

from wartools.games.heroes_of_normandie import combat as hc
from wartools.lessons.heroes_of_normandie.combat import crosses_protected_side
from wartools.lessons.heroes_of_normandie.maps import (bluff_map, bunker_map, dog_red, lane_map, trench_map,
                                                      with_units)
from wartools.lessons.heroes_of_normandie.movement import UNITS, element_map, step_effect
from wartools.los import line_of_sight
from wartools.mapmodel import Map
from wartools.movement import path, reachable


def questions(m: Map | None = None) -> dict[str, list[Any]]:
    """Self-check questions by topic; each right answer is computed by the library when checked.

    ``m`` is the Dog Red map (loaded from the repository when omitted).

    Examples
    --------
    >>> qs = questions()
    >>> {t: len(v) for t, v in qs.items()}
    {'los': 4, 'movement': 4, 'combat': 4}
    >>> qs["los"][0].check(qs["los"][0].expected()).correct
    True
    """
    from wartools.widgets import SelfCheck

    dr = m or dog_red()
    bluff, trench = bluff_map(), trench_map()
    hole_b = with_units(trench, ("a", "German", "infantry", "B3"), ("b", "German", "infantry", "C3"),
                        ("c", "US", "infantry", "D3"))
    smoke = lane_map().with_features("B1", ["smoke"]).with_features("C1", ["smoke"])
    status = ["clear", "hindered", "blocked"]
    yes_no = ["yes", "no"]

    los_q = [
        SelfCheck("A US squad on the beach at C6 fires at a German squad on the bluff at C2 (two squares "
                  "beyond the red line). What is the line of sight?",
                  lambda: line_of_sight(bluff, "C6", "C2").status,
                  "Neither end is adjacent to the red line, so the shot may reach only one square past it "
                  "(C3). C2 is one square too far (1.1 Contour Line A).", choices=status),
        SelfCheck("The squad walks up to C4, right under the red line. Can it now see C1, at the back of the "
                  "bluff?",
                  lambda: "yes" if line_of_sight(bluff, "C4", "C1").visible else "no",
                  "Once the shooter (or the target) touches the red line, the one-square limit is lifted "
                  "(1.1 Contour Line B).", choices=yes_no),
        SelfCheck("In the trench fixture, German infantry in B3 fires at US infantry in D3 with another German "
                  "squad in C3 between them, all in the same trench. What is the LoS?",
                  lambda: line_of_sight(hole_b, "B3", "D3").status,
                  "Inside a hole, infantry still screens infantry of the same hole (1.1 Hole B); from outside "
                  "the trench the same squad would not block (Hole A).", choices=status),
        SelfCheck("A shot travels from A1 to E1 through a fresh smoke template in B1 and a turned one in D1. "
                  "What modifier does it suffer (a negative number)?",
                  lambda: line_of_sight(smoke, "A1", "E1").modifier,
                  lambda v: f"Into, through or out of smoke the shot suffers the printed penalty; the two "
                            f"templates do not add up, the worst one counts: {v} (Orders Option Smoke)."),
    ]
    move_q = [
        SelfCheck("Dog Red: can the Sherman at H10 reach J7, at the foot of the draw, in one move?",
                  lambda: "yes" if dr.cell("J7") in reachable(dr, "H10", "heavy-vehicle").costs else "no",
                  "Hedgehogs are impassable to vehicles (1.3), but there are gaps: the Sherman slaloms east "
                  "round them within its assumed Movement Value of 5.", choices=yes_no),
        SelfCheck("On a clear strip, how many squares of movement does infantry spend from A1 to D1 when barbed "
                  "wire lies between A1 and B1?",
                  lambda: path(element_map("barbed-wire"), "A1", "D1", "infantry").cost,
                  "Three squares, plus one for the wire: a Difficult Passage for infantry (1.3; the library "
                  "reads a Difficult Passage as one extra square, an assumption)."),
        SelfCheck("Dog Red: the German squad in the trench at H3 climbs out north by the ladder to H2. Does its "
                  "move have to stop in H2?",
                  lambda: "yes" if path(dr, "H3", "H2", "infantry", side="German").steps[0].stop else "no",
                  "Leaving a trench ends the move unless the unit crosses a section with a ladder; H3|H2 has "
                  "one (1.4 Trenches).", choices=yes_no),
        SelfCheck("Which unit class can NOT enter the stream at K5 on Dog Red (from K4)?",
                  lambda: next(u for u in UNITS if step_effect(dr, "K4", "K5", u, "US") == "impassable"),
                  "Streams are impassable to light vehicles only; infantry and heavy vehicles pay them as a "
                  "Difficult Passage (1.2 Streams).", choices=list(UNITS)),
    ]
    bunker = bunker_map()
    combat_q = [
        SelfCheck("Three mine counters worth 1 each are triggered against a unit with Defense 7. What is the "
                  "chance it takes a Hit (a fraction or a decimal)?",
                  lambda: hc.mine_attack([1, 1, 1], 7)["hit"],
                  lambda p: f"The die plus 3 must reach 7, so 4, 5 or 6 hit; a 1 never hits (a counter is "
                            f"discarded instead): {p} (4.2 Minefield).", tolerance=0.005),
        SelfCheck("The bunker's directional bonus protects its south side. A shot from G3 (due east of the "
                  "bunker) -- does the directional bonus apply?",
                  lambda: "yes" if crosses_protected_side(bunker, "G3", "D3", "south") else "no",
                  "The shot crosses the bunker's east side, not the protected one, so only the universal "
                  "bonus counts (1.1 Directional Defensive Bonus).", choices=yes_no),
        SelfCheck("A unit with Destruction 3 targets a bunker. What is the chance the units inside get a "
                  "Suppressed Marker?",
                  lambda: hc.bunker_stun(3),
                  lambda p: f"At least one 5 or 6 on three dice: 1 - (2/3)^3 = {p} (1.1 Bunker).",
                  tolerance=0.005),
        SelfCheck("An aircraft with Order Token #3 is targeted by a unit activated with Order Token #6. What "
                  "is the Speed Penalty?",
                  lambda: hc.speed_penalty(3, 6),
                  "Subtract the lower token from the higher one: 6 - 3 (5 Speed Penalty)."),
    ]
    return {"los": los_q, "movement": move_q, "combat": combat_q}
