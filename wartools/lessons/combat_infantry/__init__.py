"""Combat Infantry: WestFront 1944-45, taught by recomputing the rulebook (``notebooks/11_combat_infantry.ipynb``).

Three topics, each with the rulebook's worked examples recomputed by the
library on small original fixture maps, one interactive experiment and
self-check questions whose right answers the library computes:

* **Line of sight** (Combat Infantry 3.4, 6.4, 6.41): the Line of Sight
  example (Diagram 4) recomposed on :func:`hill_174_map`, the blind hexes of
  6.41 (:func:`blind_hexes`), and :class:`HexsideExperiment` ("add a hedge
  here: which lines does it cut?").
* **Movement** (3.4, 8.1-8.4): the 3 - 1 = 2 MP woods road, the 3 + 1 = 4 MP
  wooded slope, the hex control narrative of 8.3 and the Hex Control Example
  (Diagram 5), and :class:`ShermanControl` ("which hexes does this Sherman
  control?").
* **Combat** (6.1, 6.3, 6.32, 6.7, 9): the 6.1 and 6.32 examples, the Fire
  Example (Diagram 3), the casualties of Diagram 4, the Assault on Caron Farm
  (Diagram 6), and :class:`FireGroup` ("how many hits from this fire group?").

Where the rulebook excerpt is silent the lesson says what the library assumes
(:func:`assumptions`). The narrative of an example is kept next to the
library's answer (``narrative`` fields) so that the notebook and the tests can
show that they agree; the answers themselves are always computed.

The lesson is a package, one job per module: :mod:`.maps` (fixture maps,
map builders, hex control), :mod:`.los`, :mod:`.movement` and :mod:`.combat`
(the worked examples of each topic), :mod:`.experiments` (the interactive
experiments), :mod:`.questions` (the self-checks) and :mod:`.assumptions`.
Everything the notebook and the tests use is importable from here.

Examples
--------
>>> from wartools.lessons.combat_infantry import questions, woods_road_example
>>> woods_road_example()["road_hexside_mp"]
2
>>> {topic: len(qs) >= 3 for topic, qs in questions().items()}
{'los': True, 'movement': True, 'combat': True}
"""
from wartools.lessons.combat_infantry.assumptions import assumptions
from wartools.lessons.combat_infantry.combat import (
    CARON_FARM_FACES,
    armor_6_32_example,
    caron_farm_assault,
    caron_farm_before_assault,
    caron_farm_retreat,
    caron_farm_units,
    diagram4_casualties,
    fire_6_1_example,
    retreat_hexes,
    st_abyn_fire_example,
)
from wartools.lessons.combat_infantry.experiments import (
    FireGroup,
    HexsideExperiment,
    ShermanControl,
    experiments,
)
from wartools.lessons.combat_infantry.los import (
    LineCheck,
    along_hexside_example,
    blind_hex_table,
    blind_hexes,
    check_lines,
    diagram4_checks,
    diagram4_results,
    draw_lines,
)
from wartools.lessons.combat_infantry.maps import (
    RIVER_CROSSING,
    blind_hill_map,
    caron_farm_map,
    control_summary,
    diagram5_map,
    draw_control,
    hedge_experiment_map,
    hex_control,
    hex_control_narrative_map,
    hill_174_map,
    wooded_slope_map,
    woods_road_map,
)
from wartools.lessons.combat_infantry.movement import (
    diagram5_example,
    hex_control_narrative,
    hexside_costs_example,
    terrain_chart,
    wooded_slope_example,
    woods_road_example,
)
from wartools.lessons.combat_infantry.questions import questions

__all__ = [
    "CARON_FARM_FACES",
    "RIVER_CROSSING",
    "FireGroup",
    "HexsideExperiment",
    "LineCheck",
    "ShermanControl",
    "along_hexside_example",
    "armor_6_32_example",
    "assumptions",
    "blind_hex_table",
    "blind_hexes",
    "blind_hill_map",
    "caron_farm_assault",
    "caron_farm_before_assault",
    "caron_farm_map",
    "caron_farm_retreat",
    "caron_farm_units",
    "check_lines",
    "control_summary",
    "diagram4_casualties",
    "diagram4_checks",
    "diagram4_results",
    "diagram5_example",
    "diagram5_map",
    "draw_control",
    "draw_lines",
    "experiments",
    "fire_6_1_example",
    "hedge_experiment_map",
    "hex_control",
    "hex_control_narrative",
    "hex_control_narrative_map",
    "hexside_costs_example",
    "hill_174_map",
    "questions",
    "retreat_hexes",
    "st_abyn_fire_example",
    "terrain_chart",
    "wooded_slope_example",
    "wooded_slope_map",
    "woods_road_example",
    "woods_road_map",
]
