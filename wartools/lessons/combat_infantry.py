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

Examples
--------
>>> from wartools.lessons.combat_infantry import questions, woods_road_example
>>> woods_road_example()["road_hexside_mp"]
2
>>> {topic: len(qs) >= 3 for topic, qs in questions().items()}
{'los': True, 'movement': True, 'combat': True}
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartools.games.combat_infantry import combat as ci_combat
from wartools.games.combat_infantry.assault import (
    AssaultRules,
    AssaultUnit,
    assault,
    replay_assault,
)
from wartools.games.combat_infantry.combat import HexUnit
from wartools.los import LOSResult, line_of_sight, viewshed
from wartools.mapmodel import Map, load_map, loads_map
from wartools.widgets.selfcheck import SelfCheck

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

RIVER_CROSSING = Path(__file__).resolve().parents[2] / "maps" / "combat-infantry-river-crossing.yaml"
"""The sample map (``maps/combat-infantry-river-crossing.yaml``) in a source checkout."""

_CONTROL_COLOURS = {"US": "#2ca02c", "German": "#555555", "disputed": "#9467bd"}


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


# ======================================================================================
# Line of sight (Combat Infantry 3.4, 6.4, 6.41)
# ======================================================================================
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


@dataclass(frozen=True)
class LineCheck:
    """One line of sight (or fire) told by a rulebook example.

    Attributes
    ----------
    section
        Where the rulebook tells it (``"Diagram 4"``, ``"6.41"``...).
    story
        The situation, in our words.
    observer, target
        Cell labels on the example's map.
    narrative
        What the example says happens: ``"clear"`` (it can see or fire) or
        ``"blocked"`` -- the claim the library's answer is compared with.
    options
        :class:`wartools.los.Situation` fields (``mode="fire"``, ``indirect=True``...).
    turn
        ``"German"`` or ``"American"``: the German IN 3 of Lonlay farm has moved to
        hex A (F7) by the American player turn.
    """

    section: str
    story: str
    observer: str
    target: str
    narrative: str
    options: dict[str, Any] = field(default_factory=dict)
    turn: str = "German"

    def result(self, m: Map) -> LOSResult:
        """The library's answer for this line on ``m``."""
        return line_of_sight(m, self.observer, self.target, **self.options)


def diagram4_checks() -> tuple[LineCheck, ...]:
    """Every line of sight told by the Line of Sight Example (Diagram 4), on :func:`hill_174_map`.

    Examples
    --------
    >>> m = hill_174_map()
    >>> [c.result(m).status for c in diagram4_checks()[:2]]
    ['blocked', 'clear']
    """
    fire = {"mode": "fire"}
    return (
        LineCheck("Diagram 4, 3.4 Woods", "German IN 3 in Lonlay farm (F8) fires at US IN 4 in the woods (F6)",
                  "F8", "F6", "blocked", fire),
        LineCheck("Diagram 4, 6.4", "after moving to hex A (F7) it is adjacent to the woods and can fire "
                  "into them next turn", "F7", "F6", "clear", fire),
        LineCheck("Diagram 4, 6.6", "Mortar 3 (C9) bombards hex B (C5) over the friendly IN 3 at Pont Romain",
                  "C9", "C5", "clear", {"mode": "fire", "indirect": True}),
        LineCheck("Diagram 4, 6.4", "the same line as direct fire: the friendly unit in C7 is in the way",
                  "C9", "C5", "blocked", fire),
        LineCheck("Diagram 4, 6.41", "IN 3 at Pont Romain (C7) fires up the slope at hex B (C5)",
                  "C7", "C5", "clear", fire),
        LineCheck("Diagram 4, 6.41", "IN 3 at Pont Romain (C7) at the US PHQ in Harlat farm (C2), "
                  "behind the crest", "C7", "C2", "blocked", fire),
        LineCheck("Diagram 4, 6.4", "German IN 2 (D5) fires up the hill at hex B (C5)", "D5", "C5", "clear", fire),
        LineCheck("Diagram 4, 6.4", "the German PHQ (D7) fires up the hill at hex B (C5)", "D7", "C5", "clear",
                  fire),
        *(LineCheck("Diagram 4, 6.41", f"US IN 2 atop Hill 174 (B4) at the German unit in {t}", "B4", t,
                    "clear", fire, "American") for t in ("C7", "C9", "D5", "D7", "F7")),
        LineCheck("Diagram 4, 6.51", "US MG 3 in hex B (C5) fires long range at Mortar 3 (C9)", "C5", "C9",
                  "clear", fire, "American"),
        LineCheck("Diagram 4, 6.4", "US IN 4 in the woods (F6) fires through the woods hexside at the "
                  "German IN 3 now in hex A (F7)", "F6", "F7", "clear", fire, "American"),
        *(LineCheck("Diagram 4, 6.4", f"US IN 2 on the beach (H2) at the German unit in {t}", "H2", t,
                    "blocked", fire, "American") for t in ("C7", "C9", "D5", "D7", "F7")),
    )


def diagram4_results() -> list[tuple[LineCheck, LOSResult]]:
    """Every check of :func:`diagram4_checks` answered by the library on the map of its turn
    (the German IN 3 in Lonlay farm for the German turn, in hex A for the American turn).

    Examples
    --------
    >>> rows = diagram4_results()
    >>> len(rows), sum(res.status == c.narrative for c, res in rows)
    (20, 20)
    """
    maps = {"German": hill_174_map(), "American": hill_174_map(lonlay_in3_at="F7")}
    return [(c, c.result(maps[c.turn])) for c in diagram4_checks()]


def check_lines(m: Map, checks: Sequence[LineCheck]) -> list[tuple[LineCheck, LOSResult]]:
    """Each check with the library's answer on ``m`` (see :func:`diagram4_results` for the checks
    of both player turns, each on its own map).

    Examples
    --------
    >>> rows = check_lines(hill_174_map(), diagram4_checks()[:1])
    >>> rows[0][1].status
    'blocked'
    """
    return [(c, c.result(m)) for c in checks]


def draw_lines(m: Map, rows: Sequence[tuple[LineCheck, LOSResult]], ax: Any = None) -> Any:
    """Draw the map and every ruler of ``rows`` coloured by the library's status."""
    from wartools.los.draw import COLOURS
    from wartools.render import draw_map, draw_ruler

    ax = draw_map(m, ax=ax) if ax is None or not ax.collections else ax
    for check, res in rows:
        draw_ruler(ax, m, check.observer, check.target, color=COLOURS[res.status], gid="lesson-ruler")
    ax.set_title(f"{m.name}: green = clear, red = blocked", fontsize=9)
    return ax


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


def blind_hexes(m: Map, observer: str, **options: Any) -> tuple[str, ...]:
    """Cells hidden from ``observer`` by 6.41's shadow rule (and by nothing else).

    Combat Infantry 6.41: between two ends at different levels, an obstacle
    (blocking terrain below the higher end, or ground above the lower end)
    hides the lower end when it is closer to the obstacle than the higher end.

    Examples
    --------
    >>> blind_hexes(blind_hill_map(), "A3")
    ('D1', 'D2', 'D3', 'D4', 'D5', 'G3', 'G4', 'H3', 'H4')
    """
    out = []
    for c in m.grid.cells():
        r = line_of_sight(m, observer, c, **options)
        if r.status == "blocked" and all("6.41: blind" in x.rule for x in r.deciding):
            out.append(m.label(c))
    return tuple(sorted(out, key=lambda lab: m.grid.to_offset(m.cell(lab))))


def blind_hex_table(m: Map, observer: str, **options: Any) -> list[dict[str, Any]]:
    """For every blind hex: the obstacle and both ends' distances to it (6.41).

    The lower end is blind when ``lower_to_obstacle < higher_to_obstacle``.

    Examples
    --------
    >>> row = blind_hex_table(blind_hill_map(), "A3")[0]
    >>> row["hex"], row["obstacle"], row["lower_to_obstacle"], row["higher_to_obstacle"]
    ('D1', 'C2', 1, 2)
    """
    rows = []
    obs = m.cell(observer)
    for lab in blind_hexes(m, observer, **options):
        r = line_of_sight(m, observer, lab, **options)
        where = r.deciding[0].where
        cell = m.cell(lab)
        low, high = (cell, obs) if m.elevation_at(cell) < m.elevation_at(obs) else (obs, cell)
        ob = m.cell(where)
        rows.append({"hex": lab, "obstacle": where, "obstacle_is": m.terrain_at(ob)
                     if m.terrain_at(ob) != "clear" else f"ground at level {m.elevation_at(ob)}",
                     "lower_to_obstacle": m.grid.distance(low, ob),
                     "higher_to_obstacle": m.grid.distance(high, ob)})
    return rows


def along_hexside_example() -> dict[str, Any]:
    """A ruler that runs exactly along a hexside of a wood (3.2 "most restrictive", a library reading).

    Examples
    --------
    >>> along_hexside_example()["status"], along_hexside_example()["contact"]
    ('blocked', 'along')
    """
    m = _ci_map("along", 5, 4, "terrain: {cells: {C2: woods}}")
    r = line_of_sight(m, "B2", "D2")
    return {"map": m, "result": r, "status": r.status, "contact": r.deciding[0].contact,
            "where": r.deciding[0].where}


# ======================================================================================
# Movement (Combat Infantry 3.4, 8.1-8.4)
# ======================================================================================
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


def hex_control(m: Map) -> dict[str, str]:
    """Control of every non-neutral hex: ``"US"``, ``"German"`` or ``"disputed"`` (Combat Infantry 8.3).

    Computed by the movement rules (the same table that makes moving units stop).

    Examples
    --------
    >>> hex_control(diagram5_map())["D3"]       # the wood across the river
    'German'
    """
    from wartools.games.combat_infantry.movement import Rules
    from wartools.movement import Situation

    rules = Rules(m, "rifle", Situation(others=tuple(m.units)))
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


# ======================================================================================
# Combat (Combat Infantry 6.1-6.7, 9)
# ======================================================================================
def fire_6_1_example() -> dict[str, Any]:
    """6.1: a 4F2 unit rolls 1, 2, 6, 8: two hits; and the exact odds of any result.

    Examples
    --------
    >>> ex = fire_6_1_example()
    >>> ex["hits"], ex["expected"], ex["distribution"][2]
    (2, Fraction(4, 5), Fraction(96, 625))
    """
    dist = ci_combat.fire(4, 2)
    return {"faces": (1, 2, 6, 8), "hits": ci_combat.hits_from_rolls([1, 2, 6, 8], 2),
            "distribution": dist, "expected": dist.mean()}


def armor_6_32_example() -> dict[str, Any]:
    """6.32: F6 against a Sherman (AC4) fires at F2; F3 against a PZ-IV (AC3) cannot fire (F0),
    except in an assault where armor class is zero (9.65).

    Examples
    --------
    >>> ex = armor_6_32_example()
    >>> ex["tank_vs_sherman"], ex["infantry_vs_pziv"], ex["infantry_can_fire"]
    (2, 0, False)
    """
    return {"tank_vs_sherman": ci_combat.net_firepower(6, armor=4),
            "tank_hit_chance": ci_combat.hit_chance(ci_combat.net_firepower(6, armor=4)),
            "infantry_vs_pziv": ci_combat.net_firepower(3, armor=3),
            "infantry_can_fire": ci_combat.can_fire(3, armor=3),
            "infantry_in_assault_hit_chance": ci_combat.hit_chance(3)}


def st_abyn_fire_example() -> list[dict[str, Any]]:
    """The Fire Example (Diagram 3: Defending St. Abyn), step by step.

    The dice faces are ours where the narrative gives only hits; IN 2's strength
    2, the AT gun's F5 and its 2 dice are the library's assumptions. Each step
    records the German hex after the fire.

    Examples
    --------
    >>> steps = st_abyn_fire_example()
    >>> [s["after"] for s in steps][:2]
    ['IN 2 with a half-hit', 'IN 1']
    >>> steps[2]["can_fire"], steps[3]["after"]
    (False, 'tank 2 with a half-hit')
    """
    def show(u: HexUnit) -> str:
        name = "IN" if u.kind == "rifle" else u.kind
        return f"{name} {u.strength}{' with a half-hit' if u.half_hit else ''}"

    steps = []
    passed = ci_combat.passes_morale(2, 5)
    woods_d2 = ci_combat.defends_d2("woods")
    german = (HexUnit(2),)
    h = ci_combat.hits_from_rolls([1, 5, 7, 9], 2)
    german = ci_combat.distribute_hits(german, h, d2=woods_d2)
    steps.append({"who": "US IN 4 (out of command) passes morale 5 with a 2, fires 4F2 into the woods",
                  "section": "4.3, 6.1, 6.7", "passed": passed, "hits": h, "d2": woods_d2,
                  "after": show(german[0])})
    h = ci_combat.hits_from_rolls([2, 8], 2)
    german = ci_combat.distribute_hits(german, h, d2=True)
    steps.append({"who": "US IN 2 fires 2F2 across the river", "section": "6.7", "hits": h,
                  "after": show(german[0])})
    steps.append({"who": "US IN 3 (F2) would target the tank (AC3)", "section": "6.32",
                  "net_firepower": ci_combat.net_firepower(2, armor=3),
                  "can_fire": ci_combat.can_fire(2, armor=3), "after": "no fire"})
    tank = HexUnit(2, "tank", armor=3)
    h = ci_combat.hits_from_rolls([2, 7], 5, armor=3)
    hit = ci_combat.distribute_hits((tank,), h, d2=ci_combat.defends_d2("town"), armor_zero=True)
    steps.append({"who": "US AT gun targets the German tank in town: F5 - 3 = F2", "section": "6.31, 6.32, 6.7",
                  "hits": h, "after": show(hit[0]),
                  "after_activation": show(ci_combat.end_activation(hit)[0])})
    return steps


def diagram4_casualties() -> dict[str, Any]:
    """The casualties of the Line of Sight Example (Diagram 4), by 6.3's strongest-first rule.

    The hit on two equal units goes to the one listed first (the owner's
    choice); MG 3's two hits on Mortar 3 come with the chance of exactly two
    hits from 3 dice at an assumed F4; the rally is a morale check against 6.

    Examples
    --------
    >>> ex = diagram4_casualties()
    >>> ex["after_mortar"], ex["after_pont_romain"], ex["mortar_after_mg"]
    ([2, 3], [2, 2], 1)
    """
    hex_b = (HexUnit(3, "rifle"), HexUnit(3, "mg"))
    one = ci_combat.distribute_hits(hex_b, 1)       # equal strength: the owner picks IN 3 (listed first)
    two = ci_combat.distribute_hits(one, 1)         # the stronger MG 3 takes the next hit
    return {"after_mortar": [u.strength for u in one], "after_pont_romain": [u.strength for u in two],
            "mortar_after_mg": ci_combat.distribute_hits((HexUnit(3, "mortar"),), 2)[0].strength,
            "mg3_two_hits_chance": ci_combat.fire(3, 4)[2],
            "rally_chance": ci_combat.morale_check(6)}


CARON_FARM_FACES: tuple[int, ...] = (
    5, 9, 1, 7,        # round 1, US: IN 2 (F2) misses, MG 2 (F3) hits: the uphill German IN 3 -> IN 2
    2, 8, 9, 4, 6,     # round 1, Germans: IN 3 hits once (the 2): US IN 2 -> IN 1; IN 2 misses
    9,                 # round 2, US: IN 1 checks morale, 9 > 5: disrupted
    3, 8,              # round 2, MG 2 hits once: the other German IN 3 -> IN 2
    7, 5, 1, 9,        # round 2, Germans: IN 2 and IN 2 score one hit: US MG 2 -> MG 1
    4, 2,              # round 3, US: MG 1 and IN 1 pass their morale checks
    8, 2,              # round 3, US: one hit; the Germans must retreat
)
"""Dice faces (d10, 0 = 10) that reproduce the Caron Farm narrative; the rulebook gives only the hits."""


def caron_farm_units() -> tuple[list[AssaultUnit], list[AssaultUnit]]:
    """``(attackers, defenders)`` of the Assault on Caron Farm after the bombardment and fire.

    Firepower and morale are assumptions (the narrative names IN 3, IN 2 and MG 2
    only): German IN F3 morale 6, US IN F2 and MG F3, morale 5.
    """
    attackers = [AssaultUnit("rifle", 3, 3, morale=6), AssaultUnit("rifle", 3, 3, morale=6)]
    defenders = [AssaultUnit("rifle", 2, 2, morale=5), AssaultUnit("mg", 2, 3, morale=5)]
    return attackers, defenders


def caron_farm_before_assault() -> dict[str, Any]:
    """Caron Farm (Diagram 6) before the assault: Mortar 3 rolls 2-4-7 into the farm (two hits, one
    step lost to farm D2), then German IN 2 scores one hit, only a half-hit that recovers.

    Examples
    --------
    >>> ex = caron_farm_before_assault()
    >>> ex["mortar_hits"], ex["after_mortar"], ex["after_activation"]
    (2, [2, 2], [2, 2])
    """
    d2 = ci_combat.defends_d2("farm", "bombardment")
    hits, friendly = ci_combat.bombard_rolls([2, 4, 7], 4)
    farm = ci_combat.distribute_hits((HexUnit(3, "rifle"), HexUnit(2, "mg")), hits, d2=d2)
    after_mortar = [u.strength for u in farm]
    fire_hits = ci_combat.hits_from_rolls([1, 6], 3)
    farm = ci_combat.distribute_hits(farm, fire_hits, d2=ci_combat.defends_d2("farm"))
    half = [u.half_hit for u in farm]
    farm = ci_combat.end_activation(farm)
    return {"mortar_hits": hits, "friendly_hits": friendly, "farm_d2": d2, "after_mortar": after_mortar,
            "fire_hits": fire_hits, "half_hits": half, "after_activation": [u.strength for u in farm]}


def caron_farm_assault() -> dict[str, Any]:
    """The Assault on Caron Farm (Diagram 6), replayed die by die and solved exactly.

    Examples
    --------
    >>> ex = caron_farm_assault()
    >>> ex["end"]
    AssaultEnd(winner='defender', round=3, attackers=(1, 2), defenders=(1, 1), how='retreated')
    >>> 0 < ex["p_narrative_end"] < ex["p_defender_wins"] < 1
    True
    """
    attackers, defenders = caron_farm_units()
    end, log = replay_assault(attackers, defenders, CARON_FARM_FACES)
    ends = assault(attackers, defenders, AssaultRules())
    return {"attackers": attackers, "defenders": defenders, "end": end, "log": log, "ends": ends,
            "p_defender_wins": ends.prob(lambda e: e.winner == "defender"),
            "p_attacker_wins": ends.prob(lambda e: e.winner == "attacker"),
            "p_narrative_end": ends[end]}


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


def retreat_hexes(m: Map, assault_hex: str, side: str, entered_from: Sequence[str]) -> tuple[str, ...]:
    """Where attackers of ``side`` may retreat from ``assault_hex`` (Combat Infantry 9.4).

    Back through a hexside they used to enter, or into an adjacent hex their
    side occupies -- never into an enemy or disputed hex (hex control from
    :func:`hex_control`, with the assault hex disputed, 9.1). Stacking and
    assault limits are not checked here.

    Examples
    --------
    >>> retreat_hexes(caron_farm_map(), "D3", "German", ["C3"])
    ('C4', 'D4')
    """
    control = hex_control(m)
    here = m.cell(assault_hex)
    friendly = {m.label(u.cell) for u in m.units if u.side == side}
    out = []
    for n in m.grid.neighbours(here):
        lab = m.label(n)
        if lab not in entered_from and lab not in friendly:
            continue
        if control.get(lab) in ("disputed",) or control.get(lab, side) != side:
            continue
        out.append(lab)
    return tuple(sorted(out))


def caron_farm_retreat() -> dict[str, Any]:
    """Round 3 of Caron Farm: the German who came uphill from C3 cannot go back (C3 is disputed) but
    may retreat into one of two adjacent German-occupied hexes.

    Examples
    --------
    >>> ex = caron_farm_retreat()
    >>> ex["came_from_control"], ex["uphill_unit"]
    ('disputed', ('C4', 'D4'))
    """
    m = caron_farm_map()
    control = hex_control(m)
    return {"map": m, "control": control, "came_from_control": control.get("C3", "neutral"),
            "uphill_unit": retreat_hexes(m, "D3", "German", ["C3"]),
            "other_unit": retreat_hexes(m, "D3", "German", ["E3"]),
            "mortar_sees_farm": line_of_sight(m, "D6", "D3").status,
            "mortar_bombards_over_friends": line_of_sight(m, "D6", "D3", mode="fire", indirect=True).status}


# ======================================================================================
# Experiments (ipywidgets over the functions above; state kept in attributes)
# ======================================================================================
def _pre(text: str) -> str:
    from wartools.widgets.common import pre

    return pre(text)


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


class HexsideExperiment:
    """LOS experiment: put a hedge (or another hexside) on a hexside and see which lines it cuts.

    Pick the observer, the hexside and the feature; :attr:`cut` lists the
    hexes the observer saw before and no longer sees, :attr:`history` keeps one
    entry per change. Hedges block even between adjacent hexes; woods, town,
    orchard and farm hexsides only between hexes that are not adjacent; a
    slope alone blocks nothing (Combat Infantry 3.4, 6.4).

    Examples
    --------
    >>> x = HexsideExperiment()
    >>> x.hexside.value = "B3|C3"
    >>> "C3" in x.cut, len(x.cut)        # a hedge hides even the adjacent hex
    (True, 11)
    >>> x.feature.value = "woods"
    >>> "C3" in x.cut, len(x.cut)        # a woods hexside does not
    (False, 10)
    >>> x.feature.value = "slope"
    >>> x.cut
    ()
    """

    FEATURES = ("hedge", "woods", "town", "orchard", "farm", "slope", "river")

    def __init__(self, m: Map | None = None, observer: str = "B3", hexside: str = "C3|D3",
                 feature: str = "hedge") -> None:
        import ipywidgets as w

        from wartools.widgets.canvas import MapCanvas
        from wartools.widgets.common import cell_options

        self.base = m if m is not None else hedge_experiment_map()
        labels = [self.base.grid.edge_label(e) for e in self.base.grid.edges()
                  if e.a in self.base.grid and e.b in self.base.grid]
        self.observer = w.Dropdown(options=cell_options(self.base), value=observer, description="observer")
        self.hexside = w.Dropdown(options=labels, value=hexside, description="hexside")
        self.feature = w.Dropdown(options=list(self.FEATURES), value=feature, description="feature")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.map = self.base
        self.before: tuple[str, ...] = ()
        self.after: tuple[str, ...] = ()
        self.cut: tuple[str, ...] = ()
        self.canvas = MapCanvas(self.base, draw=self._draw, figsize=(6, 5))
        for c in (self.observer, self.hexside, self.feature):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.observer, self.hexside, self.feature]), self.canvas.widget]),
                              self.info])
        self.update()

    def edited_map(self) -> Map:
        """The base map with the chosen feature added on the chosen hexside."""
        a, b = self.hexside.value.split("|")
        return self.base.with_edge_feature(a, b, self.feature.value)

    def update(self) -> dict[str, Any]:
        """Recompute both viewsheds and the hexes the new hexside cuts off."""
        obs = self.observer.value
        self.map = self.edited_map()
        m = self.base

        def seen(mm: Map) -> tuple[str, ...]:
            return tuple(sorted(mm.label(c) for c in viewshed(mm, obs)))
        self.before, self.after = seen(m), seen(self.map)
        self.cut = tuple(c for c in self.before if c not in self.after)
        head = (f"{self.feature.value} on {self.hexside.value}: {obs} sees {len(self.after)} hexes "
                f"(was {len(self.before)})")
        lines = [head]
        if self.cut:
            lines.append("no longer seen: " + ", ".join(self.cut))
            why = line_of_sight(self.map, obs, self.cut[0])
            lines += [f"  {obs} -> {self.cut[0]}: {r.rule}" for r in why.deciding]
        else:
            lines.append("it cuts no line from this observer")
        self.info.value = _pre("\n".join(lines))
        entry = {"observer": obs, "hexside": self.hexside.value, "feature": self.feature.value,
                 "cut": self.cut}
        self.history.append(entry)
        self.canvas.map = self.map
        self.canvas.redraw()
        return entry

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_cells, highlight_edges

        highlight_cells(ax, m, [self.observer.value], color="#000000", alpha=0.3, gid="observer")
        if self.cut:
            highlight_cells(ax, m, self.cut, color="#d62728", alpha=0.45, gid="cut")
        a, b = self.hexside.value.split("|")
        highlight_edges(ax, m, [m.edge(a, b)], color="#ff00ff", gid="new-hexside")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class ShermanControl:
    """Movement experiment: which hexes does this Sherman control, and where must a German stop?

    Move the Sherman (``us-tank-1`` on the sample map) with the dropdown:
    :attr:`controlled` lists the vacant hexes US-controlled only thanks to it,
    :attr:`disputed` those it makes disputed, :attr:`german_stops` the hexes
    where the chosen German unit's move would now have to end (8.3).

    Examples
    --------
    >>> x = ShermanControl()
    >>> x.cell.value = "D9"
    >>> x.controlled
    ('C9', 'C10', 'D8', 'D10', 'E9')
    """

    def __init__(self, m: Map | None = None, tank: str = "us-tank-1", cell: str | None = None,
                 german: str = "de-in-3") -> None:
        import ipywidgets as w

        from wartools.widgets.canvas import MapCanvas
        from wartools.widgets.common import cell_options

        self.base = m if m is not None else load_map(RIVER_CROSSING)
        self.tank_id = tank
        self.german_id = german
        start = cell or self.base.label(self.base.unit(tank).cell)
        germans = [u.id for u in self.base.units if u.side == "German"]
        self.cell = w.Dropdown(options=cell_options(self.base), value=start, description="Sherman at")
        self.german = w.Dropdown(options=germans, value=german, description="German")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.map = self.base
        self.control: dict[str, str] = {}
        self.controlled: tuple[str, ...] = ()
        self.disputed: tuple[str, ...] = ()
        self.german_stops: tuple[str, ...] = ()
        self.canvas = MapCanvas(self.base, draw=self._draw, figsize=(7, 6))
        for c in (self.cell, self.german):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.cell, self.german]), self.canvas.widget]), self.info])
        self.update()

    def _sort(self, labels: Sequence[str]) -> tuple[str, ...]:
        m = self.base
        return tuple(sorted(labels, key=lambda lab: m.grid.to_offset(m.cell(lab))))

    def update(self) -> dict[str, Any]:
        """Move the Sherman, recompute hex control with and without it, and the German's stops."""
        from wartools.movement import reachable

        self.map = self.base.moved(self.tank_id, self.cell.value)
        without = hex_control(self.map.without_unit(self.tank_id))
        self.control = hex_control(self.map)
        near = {self.map.label(n) for n in self.map.grid.neighbours(self.map.cell(self.cell.value))}
        self.controlled = self._sort([c for c in near if self.control.get(c) == "US"
                                      and without.get(c) != "US" and not self.map.units_at(c)])
        self.disputed = self._sort([c for c in near if self.control.get(c) == "disputed"
                                    and without.get(c) != "disputed"])
        g = self.map.unit(self.german_id)
        reach = reachable(self.map, g.cell, g.id)
        stops = []
        for c in reach.costs:
            if c == g.cell:
                continue
            p = reach.path_to(c)
            if p.reachable and p.steps[-1].stop:
                stops.append(self.map.label(c))
        self.german_stops = self._sort(stops)
        text = [f"Sherman at {self.cell.value} (control: {self.control.get(self.cell.value)})",
                "controls thanks to it: " + (", ".join(self.controlled) or "none"),
                "makes disputed: " + (", ".join(self.disputed) or "none"),
                f"{self.german_id} must stop if it enters: " + (", ".join(self.german_stops) or "none")]
        self.info.value = _pre("\n".join(text))
        entry = {"cell": self.cell.value, "controlled": self.controlled, "disputed": self.disputed,
                 "german_stops": self.german_stops}
        self.history.append(entry)
        self.canvas.map = self.map
        self.canvas.redraw()
        return entry

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_cells

        if self.controlled:
            highlight_cells(ax, m, self.controlled, color=_CONTROL_COLOURS["US"], alpha=0.45, gid="sherman")
        if self.disputed:
            highlight_cells(ax, m, self.disputed, color=_CONTROL_COLOURS["disputed"], alpha=0.45, gid="disputed")
        highlight_cells(ax, m, [self.cell.value], color="#000000", alpha=0.3, gid="tank")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class FireGroup:
    """Combat experiment: how many hits from this fire group, and what happens to the target?

    Set dice (the firer's strength), firepower, the target's armor class (a
    targeted face-up armored unit, 6.32), the target's terrain (D2, 6.7) and its
    strength. :attr:`hits` is the distribution of hits (6.1), :attr:`steps`
    that of steps lost by a single target unit.

    Examples
    --------
    >>> x = FireGroup()
    >>> x.dice.value, x.firepower.value = 4, 2
    >>> x.hits.mean(), x.history[-1]["net_firepower"]
    (Fraction(4, 5), 2)
    >>> x.terrain.value = "town"
    >>> x.steps[0]                       # D2: 0 or 1 hit costs no step
    Fraction(512, 625)
    """

    TERRAIN = ("clear", "woods", "town", "farm", "marsh", "orchard")

    def __init__(self, dice: int = 3, firepower: int = 3, armor: int = 0, terrain: str = "clear",
                 strength: int = 3) -> None:
        import ipywidgets as w

        self.dice = w.IntSlider(value=dice, min=1, max=6, description="dice")
        self.firepower = w.IntSlider(value=firepower, min=1, max=10, description="firepower F")
        self.armor = w.IntSlider(value=armor, min=0, max=6, description="target AC")
        self.terrain = w.Dropdown(options=list(self.TERRAIN), value=terrain, description="target in")
        self.strength = w.IntSlider(value=strength, min=1, max=4, description="target steps")
        self.hit_limit = w.Checkbox(value=False, description="optional hit limit (2)", indent=False)
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.hits: Any = None
        self.steps: Any = None
        for c in (self.dice, self.firepower, self.armor, self.terrain, self.strength, self.hit_limit):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.dice, self.firepower, self.armor]),
                                      w.VBox([self.terrain, self.strength, self.hit_limit])]), self.info])
        self.update()

    def update(self) -> dict[str, Any]:
        """Recompute the hit and step-loss distributions from the controls."""
        limit = 2 if self.hit_limit.value else None
        net = ci_combat.net_firepower(self.firepower.value, armor=self.armor.value)
        self.hits = ci_combat.fire(self.dice.value, self.firepower.value, armor=self.armor.value,
                                   hit_limit=limit)
        d2 = ci_combat.defends_d2(self.terrain.value)
        target = HexUnit(self.strength.value, "tank" if self.armor.value else "rifle", armor=self.armor.value)
        after = ci_combat.fire_at_unit(self.dice.value, self.firepower.value, target, d2=d2, hit_limit=limit)
        self.steps = after.map(lambda u: self.strength.value - u.strength)
        lines = [f"{self.dice.value}F{self.firepower.value}" + (f" - AC{self.armor.value} = net F{net}"
                                                                if self.armor.value else ""),
                 "no fire possible (net F0 or less, 6.32)" if net <= 0 else
                 f"each die hits on 1-{min(net, 10)}: chance {ci_combat.hit_chance(net)} per die",
                 "hits: " + ", ".join(f"{h}: {float(p):.1%}" for h, p in sorted(self.hits.items)),
                 f"expected hits {float(self.hits.mean()):.2f}",
                 f"target in {self.terrain.value} ({'D2' if d2 else 'D1'}): steps lost "
                 + ", ".join(f"{s}: {float(p):.1%}" for s, p in sorted(self.steps.items))]
        self.info.value = _pre("\n".join(lines))
        entry = {"dice": self.dice.value, "firepower": self.firepower.value, "armor": self.armor.value,
                 "terrain": self.terrain.value, "net_firepower": net, "expected": self.hits.mean(),
                 "p_step_lost": self.steps.prob(lambda s: s > 0)}
        self.history.append(entry)
        return entry

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def experiments() -> dict[str, Callable[..., Any]]:
    """One experiment factory per topic.

    Examples
    --------
    >>> sorted(experiments())
    ['combat', 'los', 'movement']
    """
    return {"los": HexsideExperiment, "movement": ShermanControl, "combat": FireGroup}


# ======================================================================================
# Self-checks (right answers computed by the library, explanations in our words)
# ======================================================================================
def _status_word(r: LOSResult) -> str:
    return "yes" if r.visible else "no"


def _reasons(r: LOSResult) -> str:
    return "; ".join(x.rule for x in r.deciding) or "nothing on the ruler blocks it"


def _los_questions() -> list[SelfCheck]:
    hill = hill_174_map()
    blind = blind_hill_map()
    hedge = _ci_map("hedge", 3, 1, "edges: [{cells: [A1, B1], feature: hedge}]")
    ends = _ci_map("ends", 1, 4, "terrain: {cells: {A1: town, A4: farm}}")

    def q_lonlay() -> str:
        return _status_word(line_of_sight(hill, "F8", "F6", mode="fire"))

    def q_pont() -> str:
        return _status_word(line_of_sight(hill, "C7", "C2", mode="fire"))

    return [
        SelfCheck("Two squads stand in adjacent hexes with a hedge on the hexside between them. "
                  "Can they see each other?",
                  lambda: _status_word(line_of_sight(hedge, "A1", "B1")),
                  lambda a: f"{a}: adjacent hexes always see each other, except through a hedge "
                            f"(3.4, 6.4). Library: {_reasons(line_of_sight(hedge, 'A1', 'B1'))}.",
                  choices=["yes", "no"]),
        SelfCheck("A squad in a town hex (A1) looks at a farm hex (A4) three hexes away over open ground. "
                  "Does the terrain of the two end hexes block the line?",
                  lambda: "no" if line_of_sight(ends, "A1", "A4").visible else "yes",
                  "No: only terrain between the ends counts; a unit sees out of its own town and into "
                  "the target's farm (6.4).", choices=["yes", "no"]),
        SelfCheck("Hill 174 map: can the German IN 3 in Lonlay farm (F8) fire at the US squad in the "
                  "woods (F6)?", q_lonlay,
                  lambda a: f"{a}: the woods hexside F6|F7 is in the way and woods can only be fired "
                            f"into from an adjacent hex (3.4, 6.4); it must first move to hex A (F7).",
                  choices=["yes", "no"]),
        SelfCheck("Hill 174 map: can the German IN 3 at Pont Romain (C7) see the US PHQ in Harlat farm "
                  "(C2) on the hill?", q_pont,
                  lambda a: f"{a}: C7 is at level 0 and {hill.grid.distance(hill.cell('C7'), hill.cell('C5'))} "
                            f"hexes from the crest C5, the PHQ "
                            f"{hill.grid.distance(hill.cell('C2'), hill.cell('C5'))}; a lower unit closer to "
                            f"the crest than the higher one is in a blind hex (6.41). Library: "
                            f"{_reasons(line_of_sight(hill, 'C7', 'C2', mode='fire'))}.",
                  choices=["yes", "no"]),
        SelfCheck("Plateau map: how many hexes are blind hexes for the observer on A3?",
                  lambda: len(blind_hexes(blind, "A3")),
                  lambda a: f"{a}: " + "; ".join(
                      f"{r['hex']} is {r['lower_to_obstacle']} from {r['obstacle']} ({r['obstacle_is']}), "
                      f"the observer {r['higher_to_obstacle']}" for r in blind_hex_table(blind, "A3"))
                  + ". A lower hex closer to the obstacle than the higher one is blind (6.41).")]


def _movement_questions() -> list[SelfCheck]:
    from wartools.movement import path, reachable

    road = woods_road_map()
    slope = wooded_slope_map()
    narrative = hex_control_narrative()
    d5 = diagram5_map()
    plain = _ci_map("plain", 3, 1, "")
    return [
        SelfCheck("Woods road map: how many MP does the rifle squad spend to go from B2 to D2 along the "
                  "road through the woods?",
                  lambda: path(road, "B2", "D2", "rifle", side="US").cost,
                  lambda a: f"{a}: each woods road hexside costs 3 - 1 = 2 MP (3.4 Road, 8.4), two hexsides.")
        ,
        SelfCheck("Wooded slope map: how many MP to climb from A2 into B2?",
                  lambda: path(slope, "A2", "B2", "rifle", side="US").cost,
                  lambda a: f"{a}: a woods hexside is 3 MP and uphill adds 1 (3.4 Slope); downhill "
                            f"would cost just 3."),
        SelfCheck("Woods road map: can the tank in A1 drive into the woods at B1 (off the road)?",
                  lambda: "yes" if path(road, "A1", "B1", "tank", side="US").reachable else "no",
                  "No: woods are impassable to guns, tanks and vehicles except along a road (3.4 Woods).",
                  choices=["yes", "no"]),
        SelfCheck("8.3 narrative: after the second squad has stopped in D2, can the first squad go from A2 "
                  "all the way into the German hex E2 this turn?",
                  lambda: "yes" if narrative["second"].reachable else "no",
                  lambda a: f"{a}: D2 is now friendly (occupied), so moving through it does not stop the "
                            f"squad; entering E2 starts an assault (8.3, 9.1).", choices=["yes", "no"]),
        SelfCheck("Diagram 5 map: how many hexes are disputed?",
                  lambda: control_summary(d5)["disputed"]["hexes"],
                  lambda a: f"{a}: B2 and C5 are vacant and adjacent to both sides (8.3)."),
        SelfCheck("At night, how many MP does a rifle squad (move 5) have?",
                  lambda: reachable(plain, "A1", "rifle", night=True).budget,
                  lambda a: f"{a}: night halves movement, rounding up (10.3): 5 / 2 = 2.5, so 3."),
    ]


def _combat_questions() -> list[SelfCheck]:
    caron = caron_farm_assault
    return [
        SelfCheck("How many hits, on average, does a 4F2 unit score?",
                  lambda: ci_combat.fire(4, 2).mean(),
                  lambda a: f"{a}: each of the 4 dice hits on 1 or 2, a 2-in-10 chance: 4 x 0.2 = 0.8 (6.1).",
                  tolerance=0.005),
        SelfCheck("A tank with F6 targets a Sherman (armor class 4). At what net firepower does it fire?",
                  lambda: ci_combat.net_firepower(6, armor=4),
                  lambda a: f"F{a}: armor class is subtracted from the firepower of fire that targets a "
                            f"face-up armored unit (6.32)."),
        SelfCheck("May an F3 rifle squad fire at a face-up PZ-IV (armor class 3) outside an assault?",
                  lambda: "yes" if ci_combat.can_fire(3, armor=3) else "no",
                  "No: F3 - 3 = F0, and at net F0 or less no fire is possible (6.32); in an assault armor "
                  "class is zero (9.65).", choices=["yes", "no"]),
        SelfCheck("A squad in woods takes exactly one hit from fire. How many steps does it lose now?",
                  lambda: ci_combat.steps_lost(1, d2=ci_combat.defends_d2("woods"))[0],
                  lambda a: f"{a}: woods give D2 against fire, so one hit is only a half-hit; the next hit "
                            f"completes it, otherwise it recovers at the end of the activation (6.7)."),
        SelfCheck("Probability that 3F3 scores at least one hit?",
                  lambda: ci_combat.fire(3, 3).at_least(1),
                  lambda a: f"{a} = 1 - 0.7^3: the only miss is all three dice above 3 (6.1).",
                  tolerance=0.005),
        SelfCheck("Caron Farm: with our assumed ratings, what is the chance that the US defenders hold "
                  "the farm (give a decimal)?",
                  lambda: caron()["p_defender_wins"],
                  "Computed exactly over every die roll of the three assault rounds (9.2-9.4): the "
                  "defenders fire first each round and the attackers must leave in round 3.",
                  tolerance=0.005),
    ]


def questions() -> dict[str, list[SelfCheck]]:
    """The self-check questions of the lesson, by topic (``los``, ``movement``, ``combat``).

    Examples
    --------
    >>> qs = questions()
    >>> q = qs["movement"][1]
    >>> q.check(q.expected()).correct, q.check("3").correct
    (True, False)
    """
    return {"los": _los_questions(), "movement": _movement_questions(), "combat": _combat_questions()}


def assumptions() -> list[str]:
    """What the library (or this lesson) assumes where the rulebook excerpt is silent.

    Examples
    --------
    >>> any("[assumed]" in a for a in assumptions())
    True
    """
    assumed = [r["row"] for r in terrain_chart() if r["assumed"]]
    return [
        ("The example maps are our own recompositions of Diagrams 4, 5 and 6: same situations, our "
        "hexes (the rulebook's boards are not reproduced)."),
        ("A ruler running exactly along a hexside or through a hex corner counts the blocking terrain it "
        "touches (3.2: if ambiguous, the most restrictive terrain); a house rule can subclass the policy."),
        ("A slope between two levels is drawn wherever the level changes; LOS uses the levels, the slope "
        "hexside costs +1 MP uphill."),
        "Terrain chart rows missing from the excerpt [assumed]: " + ", ".join(assumed) + ".",
        ("Hex control is stopped only by lake hexsides (the impassable-to-all hexside); rivers do not "
        "stop it (8.3 example, 8.5 note)."),
        ("Dice faces in the fire and assault examples are ours where the narrative gives only hits; "
        "firepower not printed in the excerpt is assumed (German IN F3, US IN F2, MG F3, Mortar 3 F4, "
        "AT gun F5 with 2 dice, Diagram 4's MG 3 F4), morale 6 for the Germans and 5 for the US."),
        ("At Caron Farm the US squad on B3 is our addition: something must make C3 disputed, as the "
        "narrative says it is."),
        "Stacking, fire limits and assault limits (6.5, 9.1) are not checked by the retreat helper.",
    ]
