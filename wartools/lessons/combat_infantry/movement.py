"""Movement: the rulebook's worked examples, recomputed (Combat Infantry 3.4, 8.1-8.4).

MP spent per hexside (8.1), the woods road and the wooded slope (3.4 Road and
Slope, 8.4), the movement rows of the Terrain Effects Chart with the library's
assumptions flagged, and hex control: the narrative of 8.3 and the Hex Control
Example (Diagram 5).

Notes
-----
Combat Infantry sections covered: 3.4 (Terrain Effects Chart: Woods, Road,
Slope), 8.1 (movement points per hexside), 8.3 (hex control: stop next to the
enemy, move through friendly hexes), 8.4 (roads), Diagram 5.
"""
from __future__ import annotations

from typing import Any

from wartools.lessons.combat_infantry.maps import (
    _ci_map,
    control_summary,
    diagram5_map,
    hex_control,
    hex_control_narrative_map,
    wooded_slope_map,
    woods_road_map,
)


def woods_road_example() -> dict[str, Any]:
    """3.4 Road and 8.4: a woods road hexside costs 3 - 1 = 2 MP, a clear one 2 - 1 = 1 MP.

    Examples
    --------
    >>> ex = woods_road_example()
    >>> ex["woods_hexside_mp"], ex["road_hexside_mp"], ex["clear_road_mp"], ex["road_path"].cost
    (3, 2, 1, 4)
    """
    from wartools.movement import path

    m = woods_road_map()
    on_road = path(m, "B2", "D2", "rifle", side="US")
    off_road = path(m, "B1", "D1", "rifle", side="US")
    clear = _ci_map("clear road", 3, 1, "roads: [{kind: unpaved, cells: [A1, B1, C1]}]")
    return {"map": m, "road_path": on_road, "off_road_path": off_road,
            "woods_hexside_mp": off_road.steps[0].cost, "road_hexside_mp": on_road.steps[0].cost,
            "clear_road_mp": path(clear, "A1", "B1", "rifle").cost,
            "tank_on_road": path(m, "A2", "E2", "tank", side="US"),
            "tank_off_road": path(m, "A1", "C1", "tank", side="US")}


def wooded_slope_example() -> dict[str, Any]:
    """3.4 Slope: uphill across a wooded slope is 3 + 1 = 4 MP; downhill no extra.

    Examples
    --------
    >>> ex = wooded_slope_example()
    >>> ex["uphill"].cost, ex["downhill"].cost
    (4, 3)
    """
    from wartools.movement import path

    m = wooded_slope_map()
    return {"map": m, "uphill": path(m, "A2", "B2", "rifle", side="US"),
            "downhill": path(m, "B2", "A2", "rifle", side="US")}


def hexside_costs_example() -> dict[str, int]:
    """8.1: MP are spent per hexside: 2 MP across a clear hexside, 3 MP across a woods one.

    Examples
    --------
    >>> hexside_costs_example()
    {'clear': 2, 'woods': 3}
    """
    from wartools.movement import path

    m = _ci_map("hexsides", 3, 1, "terrain: {cells: {C1: woods}}")
    p = path(m, "A1", "C1", "rifle")
    return {"clear": p.steps[0].cost, "woods": p.steps[1].cost}


def terrain_chart() -> list[dict[str, Any]]:
    """The movement rows the library uses, each flagged when the excerpt's chart is silent.

    The excerpt's Terrain Effects Chart stops after Cemetery; the MP of other
    hexsides, some stacking limits and most move ratings are the library's
    assumptions (``[assumed]``), overridable by subclassing
    :class:`wartools.games.combat_infantry.movement.Rules`.

    Examples
    --------
    >>> rows = {r["row"]: r for r in terrain_chart()}
    >>> rows["woods hexside MP"]["value"], rows["woods hexside MP"]["assumed"]
    (3, False)
    >>> rows["town hexside MP"]["shown"]
    '2 [assumed]'
    """
    from wartools.games.combat_infantry.movement import Rules

    rows = []
    for title, table in (("hexside MP", Rules.hexside_mp), ("feature MP", Rules.feature_mp),
                         ("stacking", Rules.stacking), ("move rating", Rules.move_rating)):
        for key in table.values:
            assumed = table.is_assumed(key)
            rows.append({"row": f"{key} {title}", "value": table[key], "assumed": assumed,
                         "shown": f"{table[key]}{' [assumed]' if assumed else ''}",
                         "source": table.notes.get(key, "")})
    return rows


def hex_control_narrative() -> dict[str, Any]:
    """8.3 IMPORTANT, recomputed: the first unit must stop next to the enemy; the hex it now holds is
    friendly, so a second unit moves through it without stopping, into an assault.

    Examples
    --------
    >>> ex = hex_control_narrative()
    >>> ex["direct"].reachable, ex["first"].steps[-1].stop, ex["second"].reachable
    (False, 'enemy-controlled hex: must stop (8.3)', True)
    >>> ex["control_before"]["D2"], ex["control_after"]["D2"]
    ('German', 'US')
    """
    from wartools.movement import path

    m = hex_control_narrative_map()
    direct = path(m, "A2", "E2", "us-1")
    first = path(m, "B2", "D2", "us-2")
    after = m.moved("us-2", "D2")
    second = path(after, "A2", "E2", "us-1")
    return {"map": m, "after": after, "direct": direct, "first": first, "second": second,
            "control_before": hex_control(m), "control_after": hex_control(after)}


def diagram5_example() -> dict[str, Any]:
    """Diagram 5's counts recomputed: Germans hold 2 hexes and control 4, the US hold 4 and
    control 6, 2 hexes are disputed; control crosses the river into the Bois du Blaireau.

    Examples
    --------
    >>> ex = diagram5_example()
    >>> ex["summary"]["disputed"], ex["bois_du_blaireau"]
    ({'hexes': 2}, 'German')
    """
    m = diagram5_map()
    control = hex_control(m)
    return {"map": m, "control": control, "summary": control_summary(m, control),
            "bois_du_blaireau": control.get("D3", "neutral"),
            "narrative": {"German": {"occupied": 2, "controlled": 4}, "US": {"occupied": 4, "controlled": 6},
                          "disputed": {"hexes": 2}}}
