"""Every worked example of the Company of Heroes lesson, by topic.

Rulebook sections (Basic Rules): those of the examples it lists, 4 Maneuver
Phase (:mod:`.movement`), 5.1 Damage Types and 7 Additional Combat Rules
(:mod:`.los`), 5, 6 and 6.1 (:mod:`.combat`).
"""
from __future__ import annotations

from wartools.lessons.company_of_heroes.combat import (
    british_section,
    building_three_ap,
    flame_and_immunity,
)
from wartools.lessons.company_of_heroes.los import (
    along_the_edge,
    building_blocks_sight,
    camouflaged_sniper,
    he_over_the_building,
    through_the_corners,
)
from wartools.lessons.company_of_heroes.movement import (
    jeep_speed_die,
    obstacles,
    riflemen_enter_building,
    three_cp_per_round,
)
from wartools.lessons.company_of_heroes.worked_example import WorkedExample


def worked_examples() -> dict[str, list[WorkedExample]]:
    """Every worked example of the lesson, by topic.

    Examples
    --------
    >>> {k: len(v) for k, v in worked_examples().items()}
    {'los': 5, 'movement': 4, 'combat': 3}
    """
    return {"los": [building_blocks_sight(), along_the_edge(), through_the_corners(), he_over_the_building(),
                    camouflaged_sniper()],
            "movement": [riflemen_enter_building(), jeep_speed_die(), three_cp_per_round(), obstacles()],
            "combat": [british_section(), building_three_ap(), flame_and_immunity()]}
