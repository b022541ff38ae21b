"""Fixture maps of the Combat Infantry lesson, and the map helpers every topic shares.

Small original maps (never the rulebook's boards) on which the worked examples
are recomputed, the builders that make them, and hex control (8.3), which the
movement and combat examples and the experiments all read off a map.

Notes
-----
The maps and the Combat Infantry rulebook sections they set up:

* :func:`hill_174_map`: the Line of Sight Example (Diagram 4; 3.4 Slope, 6.4, 6.41).
* :func:`blind_hill_map`: the blind hexes of 6.41.
* :func:`woods_road_map`, :func:`wooded_slope_map`: 3.4 Road and Slope, 8.1, 8.4.
* :func:`hex_control_narrative_map`, :func:`diagram5_map`: hex control (8.3, Diagram 5).
* :func:`caron_farm_map`: the Assault on Caron Farm (Diagram 6; 9.1, 9.4).
* :func:`hedge_experiment_map`: the hexside experiment (3.4, 6.4).
* :data:`RIVER_CROSSING`: the sample map of the Sherman experiment (8.3).

:func:`hex_control`, :func:`control_summary` and :func:`draw_control` compute
and draw hex control (8.3); slope hexsides are added wherever the level
changes (3.4 Slope, 6.41).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from wartools.mapmodel import Map, loads_map

RIVER_CROSSING = Path(__file__).resolve().parents[3] / "maps" / "combat-infantry-river-crossing.yaml"
"""The sample map (``maps/combat-infantry-river-crossing.yaml``) in a source checkout."""


_CONTROL_COLOURS = {"US": "#2ca02c", "German": "#555555", "disputed": "#9467bd"}


def board_range(m: Map) -> int:
    """A range that reaches across the whole board: the lessons' lines of fire (3.4, 6.4, 6.41)
    are judged whatever the unit's range (2.13, 6.2), which their reconstructed maps do not follow.

    Examples
    --------
    >>> board_range(blind_hill_map()) >= 8
    True
    """
    return m.grid.columns + m.grid.rows


def _ci_map(name: str, cols: int, rows: int, body: str) -> Map:
    return loads_map(f"format: wartools-map/1\nname: {name}\ngame: combat-infantry\n"
                     f"grid: {{type: hex, columns: {cols}, rows: {rows}}}\n{body}")


def _with_slopes(m: Map) -> Map:
    """``m`` with a slope hexside wherever two neighbours differ in level (3.4 Slope, 6.41)."""
    data = m.to_dict()
    edges = data.setdefault("edges", [])
    have = {(tuple(sorted(e["cells"])), e["feature"]) for e in edges}
    for e in m.grid.edges():
        if e.a in m.grid and e.b in m.grid and m.elevation_at(e.a) != m.elevation_at(e.b):
            pair = tuple(sorted((m.label(e.a), m.label(e.b))))
            if (pair, "slope") not in have:
                edges.append({"cells": list(pair), "feature": "slope"})
    return Map.from_dict(data, source=m.source)


# Line of sight fixtures (Diagram 4; 3.4, 6.4, 6.41)
_HILL_174 = """
terrain:
  cells: {C2: farm, F6: woods, F8: farm, H1: beach, H2: beach, H3: beach}
elevation: {A1: 1, A2: 1, A3: 1, A4: 1, B1: 1, B2: 1, B3: 1, B4: 2, C1: 1, C2: 1, C3: 1, C4: 1,
            C5: 1, D1: 1, D2: 1, D3: 1, D4: 1, E1: 1, E2: 1, E3: 1, E4: 1, F1: 1, F2: 1, F3: 1,
            F4: 1, G1: 1, G2: 1, G3: 1}
edges:
  - {cells: [F6, F7], feature: woods}
units:
  - {id: us-in3, side: US, type: rifle, cell: C5, name: "IN 3 (hex B)"}
  - {id: us-mg3, side: US, type: mg, cell: C5, name: "MG 3 (hex B)"}
  - {id: us-phq, side: US, type: hq, cell: C2, name: "PHQ (Harlat farm)"}
  - {id: us-in2-hill, side: US, type: rifle, cell: B4, name: "IN 2 (Hill 174)"}
  - {id: us-mg2-hill, side: US, type: mg, cell: B4, name: "MG 2 (Hill 174)"}
  - {id: us-in4, side: US, type: rifle, cell: F6, name: "IN 4 (woods)"}
  - {id: us-in2-beach, side: US, type: rifle, cell: H2, name: "IN 2 (beach)"}
  - {id: de-in3-pont, side: German, type: rifle, cell: C7, name: "IN 3 (Pont Romain)"}
  - {id: de-mo3, side: German, type: mortar, cell: C9, name: "MO 3"}
  - {id: de-in2, side: German, type: rifle, cell: D5, name: "IN 2"}
  - {id: de-phq, side: German, type: hq, cell: D7, name: "PHQ A1"}
  - {id: de-in3-lonlay, side: German, type: rifle, cell: F8, name: "IN 3 (Lonlay farm)"}
"""


def hill_174_map(lonlay_in3_at: str = "F8") -> Map:
    """The Line of Sight Example (Combat Infantry Diagram 4), recomposed on an original 8 x 9 map.

    Our own layout, not the rulebook's board: Hill 174 (level 1, summit B4 at
    level 2) in the north with hex "B" (C5) at its southern crest and Harlat
    farm (C2) behind it; Lonlay farm (F8) faces the woods (F6) across a woods
    hexside (F6|F7), hex "A" (F7) between them; the beach (H1-H3) lies east of
    the hill. Slope hexsides are drawn wherever the level changes.
    ``lonlay_in3_at`` places the German IN 3 of Lonlay farm (``"F7"``: after its move).

    Examples
    --------
    >>> m = hill_174_map()
    >>> m.elevation_at("B4"), m.terrain_at("F8"), m.edge_features_at("F6", "F7")
    (2, 'farm', ('woods',))
    """
    m = _with_slopes(_ci_map("Hill 174 (Diagram 4, recomposed)", 8, 9, _HILL_174))
    return m if lonlay_in3_at == "F8" else m.moved("de-in3-lonlay", lonlay_in3_at)


_BLIND_HILL = """
terrain: {cells: {F3: woods}}
elevation: {A1: 1, A2: 1, A3: 1, A4: 1, A5: 1, B1: 1, B2: 1, B3: 1, B4: 1, B5: 1, C1: 1, C2: 1, C3: 1,
            C4: 1, C5: 1}
units: [{id: us-obs, side: US, type: hq, cell: A3, name: observer}]
"""


def blind_hill_map() -> Map:
    """A plateau (columns A-C at level 1) above a valley (D-H, level 0) with a wood (F3).

    The setting of 6.41's blind hexes: an observer on the plateau (A3) looks
    down; valley hexes hugging the crest, and hexes just behind the wood, are
    in the shadow.

    Examples
    --------
    >>> m = blind_hill_map()
    >>> m.elevation_at("A3"), m.elevation_at("D3"), m.terrain_at("F3")
    (1, 0, 'woods')
    """
    return _with_slopes(_ci_map("Blind hexes (6.41)", 8, 5, _BLIND_HILL))


# Movement fixtures (3.4, 8.1-8.4; Diagram 5)
def woods_road_map() -> Map:
    """A wood (columns B-D) crossed by a paved road in row 2, clear ground in column A.

    Examples
    --------
    >>> woods_road_map().terrain_at("C2")
    'woods'
    """
    return _ci_map("Woods road (3.4, 8.4)", 5, 3, """
terrain: {cells: {B1: woods, B2: woods, B3: woods, C1: woods, C2: woods, C3: woods, D1: woods,
                  D2: woods, D3: woods}}
roads: [{kind: paved, cells: [A2, B2, C2, D2, E2]}]
units: [{id: us-in, side: US, type: rifle, cell: B2}, {id: us-tank, side: US, type: tank, cell: A1}]
""")


def wooded_slope_map() -> Map:
    """A wood on a hillside: B2 is one level above A2 across a slope hexside.

    Examples
    --------
    >>> wooded_slope_map().edge_features_at("A2", "B2")
    ('slope',)
    """
    return _with_slopes(_ci_map("Wooded slope (3.4)", 3, 3, """
terrain: {default: woods}
elevation: {B1: 1, B2: 1, B3: 1, C1: 1, C2: 1, C3: 1}
units: [{id: us-in, side: US, type: rifle, cell: A2}]
"""))


def hex_control_narrative_map() -> Map:
    """A road running east to a German squad (E2); two US squads at A2 and B2.

    Examples
    --------
    >>> [u.cell for u in hex_control_narrative_map().units] == [hex_control_narrative_map().cell(x)
    ...                                                        for x in ("A2", "B2", "E2")]
    True
    """
    return _ci_map("Hex control (8.3)", 5, 3, """
roads: [{kind: paved, cells: [A2, B2, C2, D2, E2]}]
units:
  - {id: us-1, side: US, type: rifle, cell: A2, name: "first squad"}
  - {id: us-2, side: US, type: rifle, cell: B2, name: "second squad"}
  - {id: de-1, side: German, type: rifle, cell: E2}
""")


def diagram5_map() -> Map:
    """The Hex Control Example (Diagram 5), recomposed: two German hexes of St. Abyn (C3, C4), four
    US hexes west of them, and the Bois du Blaireau (D3) across the river.

    Examples
    --------
    >>> sorted(diagram5_map().edge_features_at("C3", "D3"))
    ['river']
    """
    return _ci_map("St. Abyn (Diagram 5, recomposed)", 6, 6, """
terrain: {cells: {C3: town, C4: town, D3: woods, D4: woods}}
edges:
  - {cells: [C3, D2], feature: river}
  - {cells: [C3, D3], feature: river}
  - {cells: [C4, D3], feature: river}
  - {cells: [C4, D4], feature: river}
  - {cells: [C2, D2], feature: river}
  - {cells: [C5, D4], feature: river}
  - {cells: [C5, D5], feature: river}
units:
  - {id: de-1, side: German, type: rifle, cell: C3}
  - {id: de-2, side: German, type: mg, cell: C4}
  - {id: us-1, side: US, type: rifle, cell: A3}
  - {id: us-2, side: US, type: rifle, cell: B3}
  - {id: us-3, side: US, type: hq, cell: B4}
  - {id: us-4, side: US, type: rifle, cell: B5}
""")


# Combat fixture (Diagram 6; 9.1-9.4)
def caron_farm_map() -> Map:
    """Caron Farm (D3, level 1) during the assault, recomposed: the US IN and MG hold it, two German
    IN 3 have entered (one uphill from C3, one from E3), German IN 2 (C4) and PHQ (D4) are
    adjacent, Mortar 3 (D6) bombards over them; a US squad (B3, our addition) watches C3.

    Examples
    --------
    >>> hex_control(caron_farm_map())["D3"]
    'disputed'
    """
    return _with_slopes(_ci_map("Caron Farm (Diagram 6, recomposed)", 6, 6, """
terrain: {cells: {D3: farm}}
elevation: {D2: 1, D3: 1, E2: 1, E3: 1}
units:
  - {id: us-in, side: US, type: rifle, cell: D3, name: "IN 2"}
  - {id: us-mg, side: US, type: mg, cell: D3, name: "MG 2"}
  - {id: us-in-b3, side: US, type: rifle, cell: B3, name: "US squad"}
  - {id: de-a1, side: German, type: rifle, cell: D3, name: "IN 3 (uphill, from C3)"}
  - {id: de-a2, side: German, type: rifle, cell: D3, name: "IN 3 (from E3)"}
  - {id: de-in2, side: German, type: rifle, cell: C4, name: "IN 2"}
  - {id: de-phq, side: German, type: hq, cell: D4, name: PHQ}
  - {id: de-mo3, side: German, type: mortar, cell: D6, name: "Mortar 3"}
"""))


# Experiment fixture (3.4, 6.4)
_EXPERIMENT_MAP = """
terrain: {cells: {C2: woods, E5: farm}}
elevation: {F1: 1, F2: 1, G1: 1, G2: 1}
units:
  - {id: us-in, side: US, type: rifle, cell: B3, name: "US squad"}
  - {id: de-in, side: German, type: rifle, cell: F4}
  - {id: de-mg, side: German, type: mg, cell: D5}
  - {id: de-hq, side: German, type: hq, cell: G2}
"""


def hedge_experiment_map() -> Map:
    """A 7 x 6 field for :class:`HexsideExperiment`: a US squad (B3), three German units."""
    return _with_slopes(_ci_map("Add a hexside", 7, 6, _EXPERIMENT_MAP))


# Hex control (8.3), read off any map
def hex_control(m: Map) -> dict[str, str]:
    """Control of every non-neutral hex: ``"US"``, ``"German"`` or ``"disputed"`` (Combat Infantry 8.3).

    Computed by the movement rules (the same table that makes moving units stop).

    Examples
    --------
    >>> hex_control(diagram5_map())["D3"]       # the wood across the river
    'German'
    """
    from wartools.games.combat_infantry.movement import Rules
    from wartools.movement import MoveSituation

    rules = Rules(m, "rifle", MoveSituation(others=tuple(m.units)))
    return {m.label(c): v for c, v in rules.control.items()}


def control_summary(m: Map, control: dict[str, str] | None = None) -> dict[str, dict[str, int]]:
    """Per side: hexes occupied and vacant hexes controlled; and the number of disputed hexes.

    Examples
    --------
    >>> control_summary(diagram5_map())
    {'German': {'occupied': 2, 'controlled': 4}, 'US': {'occupied': 4, 'controlled': 6}, 'disputed': {'hexes': 2}}
    """
    control = hex_control(m) if control is None else control
    occupied = {m.label(u.cell) for u in m.units}
    out: dict[str, dict[str, int]] = {}
    for side in ("German", "US"):
        own = {c for c, v in control.items() if v == side}
        out[side] = {"occupied": len(own & occupied), "controlled": len(own - occupied)}
    out["disputed"] = {"hexes": sum(v == "disputed" for v in control.values())}
    return out


def draw_control(m: Map, control: dict[str, str] | None = None, ax: Any = None) -> Any:
    """Shade hex control: US green, German grey, disputed purple (8.3)."""
    from wartools.render import draw_map, highlight_cells

    control = hex_control(m) if control is None else control
    ax = ax if ax is not None else draw_map(m)
    for who, colour in _CONTROL_COLOURS.items():
        cells = [c for c, v in control.items() if v == who]
        if cells:
            highlight_cells(ax, m, cells, color=colour, alpha=0.35, gid=f"control-{who}")
    ax.set_title("hex control: US green, German grey, disputed purple", fontsize=9)
    return ax
