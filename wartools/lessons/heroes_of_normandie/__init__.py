"""Heroes of Normandie (Bloody Omaha) lesson: worked examples, experiments and self-checks.

The content of ``notebooks/13_heroes_of_normandie.ipynb`` as plain, tested
Python. Every worked example of the rulebook excerpt that touches line of
sight, movement or combat is rebuilt on a tiny square-grid map and recomputed
by the library (:mod:`wartools.los`, :mod:`wartools.movement`,
:mod:`wartools.games.heroes_of_normandie.combat`); each :class:`Case` pairs
what the rulebook's example says with what the library computes.

Topics and rulebook sections (Heroes of Normandie, Bloody Omaha excerpt):

* ``"los"`` -- 1.1 Contour Line (A-D), Hole (A-C), Mounds (A, B-D), 1.2
  Embankments (the seawall does not interfere with LoS), Orders Option Smoke.
* ``"movement"`` -- 1.2 Terrain Elements, 1.3 Defensive Obstacles (barbed
  wire, Czech hedgehogs), 1.4 Trenches and ladders, 4.2 Minefield (mined
  squares on a path), 4.2 Tank Gear (Fuel).
* ``"combat"`` -- 1.1 Universal and Directional Defensive Bonus, 1.4
  Defensive Elements, 1.1 Bunker (Destruction dice), 4.2 Minefield (the roll
  of 1 + 1 + 1), 3.2 Hawkeyed and the long range penalty, 5 Speed Penalty.

Where the excerpt is silent the library assumes, and :data:`ASSUMPTIONS`
lists those assumptions in plain words (the notebook prints them).

The package's modules: :mod:`.maps` (fixture maps and map helpers),
:mod:`.cases` (:class:`Case`, :class:`WorkedExample` and
:func:`show_example`), :mod:`.los`, :mod:`.movement` and :mod:`.combat` (the
worked examples of each topic), :mod:`.catalogue` (:func:`worked_examples`),
:mod:`.experiments`, :mod:`.questions` and :mod:`.assumptions`. The names
below are all importable from the package itself.

Examples
--------
>>> from wartools.lessons import heroes_of_normandie as hon
>>> ex = hon.contour_line_example()
>>> [(c.what.split(":")[0], c.computed) for c in ex.cases][:2]
[('A', 'clear'), ('A', 'blocked')]
>>> ex.agrees
True
>>> sorted(hon.questions())
['combat', 'los', 'movement']
"""
from __future__ import annotations

from wartools.lessons.heroes_of_normandie.assumptions import ASSUMPTIONS
from wartools.lessons.heroes_of_normandie.cases import Case, WorkedExample, show_example
from wartools.lessons.heroes_of_normandie.catalogue import worked_examples
from wartools.lessons.heroes_of_normandie.combat import (bunker_stun_example, crosses_protected_side,
                                                         defensive_bonus_applies, defensive_element_example,
                                                         directional_bonus_example, long_range_example,
                                                         mine_roll_example, shot_odds, shot_sides,
                                                         speed_penalty_example)
from wartools.lessons.heroes_of_normandie.experiments import (BunkerShotExperiment, ContourExperiment,
                                                              HedgehogExperiment, experiments)
from wartools.lessons.heroes_of_normandie.los import (contour_line_example, hole_example, mound_example,
                                                      smoke_and_seawall_example)
from wartools.lessons.heroes_of_normandie.maps import (BLUFF_YAML, BUNKER_YAML, DOG_RED, LANE_YAML, MOUND_YAML,
                                                       TRENCH_YAML, bluff_map, bunker_map, dog_red, lane_map,
                                                       mound_map, trench_map, with_units)
from wartools.lessons.heroes_of_normandie.movement import (UNITS, element_map, fuel_example, hedgehog_example,
                                                           mine_path_example, mined_squares, move_ends,
                                                           step_effect, terrain_chart_example, trench_example)
from wartools.lessons.heroes_of_normandie.questions import questions

__all__ = [
    "ASSUMPTIONS", "BLUFF_YAML", "BUNKER_YAML", "DOG_RED", "LANE_YAML", "MOUND_YAML", "TRENCH_YAML", "UNITS",
    "BunkerShotExperiment", "Case", "ContourExperiment", "HedgehogExperiment", "WorkedExample",
    "bluff_map", "bunker_map", "bunker_stun_example", "contour_line_example",
    "crosses_protected_side", "defensive_bonus_applies", "defensive_element_example",
    "directional_bonus_example", "dog_red", "element_map", "experiments", "fuel_example",
    "hedgehog_example", "hole_example", "lane_map", "long_range_example", "mine_path_example",
    "mine_roll_example", "mined_squares", "mound_example", "mound_map", "move_ends", "questions",
    "shot_odds", "shot_sides", "show_example", "smoke_and_seawall_example", "speed_penalty_example",
    "step_effect", "terrain_chart_example", "trench_example", "trench_map", "with_units",
    "worked_examples",
]
