"""Company of Heroes lesson: line of sight, movement and combat (``notebooks/10_company_of_heroes.ipynb``).

Everything the notebook shows is here as plain Python, so the tests can call
it: small fixture maps, one function per worked example of the rulebook
(each recomputes the example with the library and can draw it), one
interactive experiment per topic and the self-check questions. The package
re-exports the public names of its modules:

* :mod:`.maps` -- the fixture maps and :func:`fixture`;
* :mod:`.assumptions` -- :data:`ASSUMPTIONS`, where the excerpt is silent;
* :mod:`.worked_example` -- the :class:`WorkedExample` record;
* :mod:`.los`, :mod:`.movement`, :mod:`.combat` -- the worked examples of
  each topic; :mod:`.catalogue` -- :func:`worked_examples`, all of them;
* :mod:`.experiments` -- the interactive experiments;
* :mod:`.questions` -- the self-check questions.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Basic Movement, Obstacles
to Movement, Regular Infantry, Weapon Teams, Light Vehicle Units), 5 Damage
Phase and 5.1 Damage Types, 6 Defenses (Defense Matrix, Defense Rolls,
Resolving Damage Example) and 6.1 Static Defenses, 7 Additional Combat Rules
(Sight, Range, Spotting, Camouflage, Buildings Blocking Attacks and Sight).

Examples
--------
>>> from wartools.lessons import company_of_heroes as coh
>>> coh.building_blocks_sight().facts["hidden"]
['D5']
>>> coh.jeep_speed_die().facts["farthest"]
4
>>> coh.british_section().facts["destroyed"]
Fraction(1, 3)
>>> {topic: len(qs) for topic, qs in coh.questions().items()}
{'los': 5, 'movement': 5, 'combat': 5}
"""
from __future__ import annotations

from wartools.lessons.company_of_heroes.assumptions import ASSUMPTIONS
from wartools.lessons.company_of_heroes.catalogue import worked_examples
from wartools.lessons.company_of_heroes.combat import (
    attackers_of,
    british_section,
    building_three_ap,
    defense_breakdown,
    flame_and_immunity,
)
from wartools.lessons.company_of_heroes.experiments import (
    BuildingSightExperiment,
    DefenseDiceExperiment,
    MovementExperiment,
    experiments,
)
from wartools.lessons.company_of_heroes.los import (
    along_the_edge,
    building_blocks_sight,
    camouflaged_sniper,
    he_over_the_building,
    through_the_corners,
)
from wartools.lessons.company_of_heroes.maps import (
    BRITISH_MAP,
    BUILDING_FIGHT_MAP,
    BUILDING_MOVE_MAP,
    CORRIDOR_MAP,
    MORTAR_MAP,
    OBSTACLE_MAP,
    OPEN_MAP,
    SIGHT_MAP,
    SNIPER_MAP,
    SPINE_MAP,
    fixture,
)
from wartools.lessons.company_of_heroes.movement import (
    jeep_speed_die,
    obstacles,
    riflemen_enter_building,
    three_cp_per_round,
)
from wartools.lessons.company_of_heroes.questions import (
    combat_questions,
    los_questions,
    movement_questions,
    questions,
)
from wartools.lessons.company_of_heroes.worked_example import WorkedExample

__all__ = [
    "SIGHT_MAP", "SPINE_MAP", "MORTAR_MAP", "SNIPER_MAP", "BUILDING_MOVE_MAP", "OPEN_MAP",
    "CORRIDOR_MAP", "OBSTACLE_MAP", "BRITISH_MAP", "BUILDING_FIGHT_MAP", "ASSUMPTIONS", "WorkedExample", "fixture",
    "building_blocks_sight", "along_the_edge", "through_the_corners", "he_over_the_building",
    "camouflaged_sniper", "riflemen_enter_building", "jeep_speed_die", "three_cp_per_round",
    "obstacles", "british_section", "building_three_ap", "flame_and_immunity", "worked_examples",
    "defense_breakdown", "attackers_of", "BuildingSightExperiment", "MovementExperiment",
    "DefenseDiceExperiment", "experiments", "los_questions", "movement_questions",
    "combat_questions", "questions",
]
