"""Fixture maps of the Conflict of Heroes lesson, and the sample map Height 112.

Small original maps, each built to show one rule: the Game Overview shot into
woods (:func:`woods_map`, optionally with brush on the line), hills and
terrain below both ends (:func:`hill_map`), a ruler along the hexside between
two blocking hexes (:func:`gap_map`), and the movement map with a copse, a
field, a walled house, a stream and a pond (:func:`move_map`, and
:func:`open_map`, the same board with all terrain cleared, for the Game
Overview / 3.0 "1 AP per open hex").
"""
from __future__ import annotations

from pathlib import Path

from wartools.mapmodel import Map, load_map, loads_map

_MAPS = Path(__file__).resolve().parents[3] / "maps"

WOODS_YAML = """
format: wartools-map/1
name: Birch copse (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 9, rows: 3, labels: row-letter}
terrain: {cells: {B05: woods, B06: woods, A06: woods, C06: woods}}
units:
  - {id: de-43, side: German, type: infantry, cell: B01, name: "Infantry '43"}
  - {id: su-squad, side: Soviet, type: infantry, cell: B05, name: "Rifles '41"}
"""
"""The Game Overview shot: a German '43 squad (FP 4) at B01, a Soviet squad (DR 12) in the woods at B05."""

HILL_YAML = """
format: wartools-map/1
name: Two rises (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 7, rows: 3, labels: row-letter}
terrain: {cells: {B03: woods}}
elevation: {B01: 1, B05: 1, A04: 1}
units:
  - {id: de-43, side: German, type: infantry, cell: B01}
"""
"""Hills (assumed LOS reading): a level-1 observer at B01, woods at B03, a rise at B05, a crest at A04."""

GAP_YAML = """
format: wartools-map/1
name: Gap between two blockers (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 3, rows: 3, labels: row-letter}
terrain: {cells: {B01: woods, B02: building}}
"""
"""A ruler A02 -> C02 running exactly along the hexside between B01 and B02."""

MOVE_YAML = """
format: wartools-map/1
name: Road to the kolkhoz (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 9, rows: 5, labels: row-letter}
terrain: {cells: {C04: woods, C05: woods, D04: woods, E05: field, E06: field, C08: building,
                  A07: water, A08: water}}
edges:
  - {cells: [B07, B08], feature: wall}
  - {cells: [B07, C08], feature: wall}
  - {cells: [D07, D08], feature: stream}
  - {cells: [C08, D08], feature: stream}
  - {cells: [C09, D08], feature: stream}
units:
  - {id: su-rifles, side: Soviet, type: infantry, cell: C01, name: "Rifles '41"}
"""
"""Movement: a Soviet Rifles '41 squad at C01; a copse, a field, a walled house, a stream, a pond."""


def woods_map(brush: bool = False) -> Map:
    """The Game Overview map; ``brush=True`` puts brush in B03, on the line of fire.

    Examples
    --------
    >>> woods_map().terrain_at("B05"), woods_map(brush=True).terrain_at("B03")
    ('woods', 'brush')
    """
    m = loads_map(WOODS_YAML)
    return m.with_terrain("B03", "brush") if brush else m


def open_map() -> Map:
    """The movement map's open steppe: same size, same squad, no terrain."""
    m = Map.from_dict({**move_map().to_dict(), "name": "Open steppe (lesson)"})
    for c in list(m.terrain):
        m = m.with_terrain(c, "open")
    for e in list(m.edges):
        m = m.without_edge_features(e.a, e.b)
    return m


def hill_map() -> Map:
    """Two rises and a copse: LOS over and behind lower terrain (assumed reading)."""
    return loads_map(HILL_YAML)


def gap_map(both: bool = True) -> Map:
    """A hexside between woods (B01) and a building (B02); ``both=False`` clears the building."""
    m = loads_map(GAP_YAML)
    return m if both else m.with_terrain("B02", "open")


def move_map() -> Map:
    """The movement map (see :data:`MOVE_YAML`)."""
    return loads_map(MOVE_YAML)


def hill_112(path_: str | Path | None = None) -> Map:
    """The sample map ``maps/conflict-of-heroes-hill-112.yaml`` (or the file at ``path_``)."""
    return load_map(path_ or _MAPS / "conflict-of-heroes-hill-112.yaml")
