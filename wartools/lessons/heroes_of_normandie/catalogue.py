"""Every Heroes of Normandie worked example, by topic.

:func:`worked_examples` recomputes the examples of one topic, or of all:
``"los"`` (1.1 Contour Line, Hole, Mounds; 1.2 Embankments; Orders Option
Smoke), ``"movement"`` (1.2, 1.3, 1.4 Trenches, 4.2 Minefield and Tank Gear)
and ``"combat"`` (4.2 Minefield, 1.1 Defensive Bonus and Bunker, 1.4, 3.2
Hawkeyed, 5 Speed Penalty).
"""
from __future__ import annotations

from collections.abc import Callable

from wartools.lessons.heroes_of_normandie.cases import WorkedExample
from wartools.lessons.heroes_of_normandie.combat import (bunker_stun_example, defensive_element_example,
                                                         directional_bonus_example, long_range_example,
                                                         mine_roll_example, speed_penalty_example)
from wartools.lessons.heroes_of_normandie.los import (contour_line_example, hole_example, mound_example,
                                                      smoke_and_seawall_example)
from wartools.lessons.heroes_of_normandie.movement import (fuel_example, hedgehog_example, mine_path_example,
                                                           terrain_chart_example, trench_example)

_EXAMPLES: dict[str, tuple[Callable[[], WorkedExample], ...]] = {
    "los": (contour_line_example, hole_example, mound_example, smoke_and_seawall_example),
    "movement": (terrain_chart_example, trench_example, hedgehog_example, mine_path_example, fuel_example),
    "combat": (mine_roll_example, directional_bonus_example, defensive_element_example, bunker_stun_example,
               long_range_example, speed_penalty_example),
}


def worked_examples(topic: str | None = None) -> list[WorkedExample]:
    """Every worked example (of one topic: ``"los"``, ``"movement"``, ``"combat"``), recomputed now.

    Examples
    --------
    >>> [ex.key for ex in worked_examples("los")]
    ['contour', 'hole', 'mound', 'smoke']
    """
    topics = [topic] if topic else list(_EXAMPLES)
    return [f() for t in topics for f in _EXAMPLES[t]]
