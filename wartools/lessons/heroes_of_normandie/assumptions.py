"""What the Heroes of Normandie lesson assumes where the rulebook excerpt is silent.

:data:`ASSUMPTIONS` says, in plain words, how the library (or the lesson)
reads the rules the Bloody Omaha excerpt leaves open; the notebook prints it.
It touches 1.1 Contour Line (A), the core LoS rules the excerpt does not
restate (buildings, walls, vehicles), the Obstacle and Difficult Passage of
1.2 Terrain Elements and 1.3 Defensive Obstacles, Movement Values, 4.2
Minefield, Orders Option Smoke, 1.1 Directional Defensive Bonus and the long
range penalty (3.2 Hawkeyed; 5).
"""
from __future__ import annotations

ASSUMPTIONS: dict[str, str] = {
    "contour reading": "1.1 Contour Line (A) limits a shot to one square beyond a red line unless the "
                       "shooter or the target is adjacent to it. Read from both ends, the library asks "
                       "that wherever the shot crosses a red line, the shooter's or the target's square "
                       "borders the line there (the crossed interspace or one sharing a corner with it): "
                       "a hill drawn as a ring is not one line (option contour-adjacency).",
    "buildings, walls, vehicles": "The excerpt does not restate the core LoS rules: the library assumes "
                                  "buildings and bunkers block LoS through them, walls (not openings) "
                                  "block, and a vehicle between the ends blocks.",
    "obstacle": "'Obstacle' and 'Difficult Passage' are core-rule terms the excerpt does not define. "
                "For LoS the library reads an Obstacle (hedge, hedgehog, field for infantry) as blocking "
                "unless the shooter or target is adjacent; for movement it reads an Obstacle as ending "
                "the move and a Difficult Passage as costing one extra square.",
    "movement values": "Movement Values are printed on the counters: the library assumes infantry 4, "
                       "light vehicles 7, heavy vehicles 5 squares.",
    "diagonal moves": "The excerpt does not say how diagonal steps work. The library lets a unit step "
                      "diagonally for one square but never cut a corner: the step is refused if a square "
                      "beside it is impassable to the unit, or an interspace meeting that corner carries "
                      "something the unit could not simply cross (a wall or hedge; barbed wire for "
                      "infantry only), or the step would cut a trench's bend (option diagonal-rule).",
    "enemy and friendly units": "A move may pass friendly units but not end on one, and may not enter "
                                "an enemy square (conventional reading).",
    "long range penalty": "The core shooting rule is not in the excerpt: the library takes the long "
                          "range penalty as -2 on the die and lets a natural 1 always miss (as it does "
                          "for mines).",
    "mines on squares": "Mine counters really sit on interspaces; the map format marks the mined square "
                        "instead, and the library flags each mined square a path enters.",
    "two smoke templates": "A shot through two different smoke templates: the library applies only the "
                           "worst penalty; the excerpt does not say whether they add up.",
    "corner shots": "A shot aimed exactly through a corner of a terrain element touches two of its sides; "
                    "this lesson then gives the target the directional bonus if either side is the "
                    "protected one (the excerpt does not say).",
    "mine example defence": "The 1 + 1 + 1 example does not print the unit's Defense Value; we take 7 "
                            "(any value up to 7 gives the same hit on a total of 7).",
}
"""What the library (or this lesson) assumes where the excerpt is silent, in plain words."""
