"""Fixture maps of the Heroes of Normandie lesson, and small map helpers.

Tiny square-grid maps (``wartools-map/1`` YAML) on which the worked examples
and experiments are rebuilt: the bluff of 1.1 Contour Line, the trench of
1.1 Hole and 1.4 Trenches, the mound of 1.1 / 1.2 Mounds, a one-row lane for
Orders Option Smoke, 1.2 Embankments, 1.2 Terrain Elements, 1.3 Defensive
Obstacles and 4.2 Minefield, and the bunker of 1.1 Bunker, 1.1 Directional
Defensive Bonus and 1.4 Defensive Elements; plus the Dog Red sample
battlefield and :func:`with_units` to put units on a map.
"""
from __future__ import annotations

from pathlib import Path

from wartools.mapmodel import Map, load_map, loads_map

DOG_RED = Path(__file__).resolve().parents[3] / "maps" / "heroes-of-normandie-dog-red.yaml"
"""The sample battlefield (next to the package in a source checkout)."""

_HEAD = "format: wartools-map/1\ngame: heroes-of-normandie\n"

BLUFF_YAML = _HEAD + """\
name: Bluff above the beach (lesson fixture)
grid: {type: square, columns: 5, rows: 8}
terrain:
  default: beach
  cells: {A1: open, B1: open, C1: open, D1: open, E1: open, A2: open, B2: open, C2: open, D2: open,
          E2: open, A3: open, B3: open, C3: open, D3: open, E3: open}
elevation: {A1: 1, B1: 1, C1: 1, D1: 1, E1: 1, A2: 1, B2: 1, C2: 1, D2: 1, E2: 1, A3: 1, B3: 1, C3: 1,
            D3: 1, E3: 1}
edges:
  - {cells: [A3, A4], feature: contour}
  - {cells: [B3, B4], feature: contour}
  - {cells: [C3, C4], feature: contour}
  - {cells: [D3, D4], feature: contour}
  - {cells: [E3, E4], feature: contour}
"""
"""A 5 x 8 bluff: rows 1-3 one level up, a red contour line under row 3, beach below."""

TRENCH_YAML = _HEAD + """\
name: L-shaped trench (lesson fixture)
grid: {type: square, columns: 5, rows: 5}
terrain: {cells: {B3: trench, C3: trench, D3: trench, D4: trench, D5: trench}}
edges:
  - {cells: [C3, C2], feature: ladder}
"""
"""A 5 x 5 map with an L-shaped trench B3-C3-D3-D4-D5 and a ladder on its north side at C3."""

MOUND_YAML = _HEAD + """\
name: Mound under the red line (lesson fixture)
grid: {type: square, columns: 5, rows: 6}
terrain: {default: beach, cells: {A1: open, B1: open, C1: open, D1: open, E1: open, A2: open, B2: open,
                                  C2: open, D2: open, E2: open, C3: mound}}
elevation: {A1: 1, B1: 1, C1: 1, D1: 1, E1: 1, A2: 1, B2: 1, C2: 1, D2: 1, E2: 1}
edges:
  - {cells: [A2, A3], feature: contour}
  - {cells: [B2, B3], feature: contour}
  - {cells: [C2, C3], feature: contour}
  - {cells: [D2, D3], feature: contour}
  - {cells: [E2, E3], feature: contour}
"""
"""A 5 x 6 map: rows 1-2 one level up, the red line under row 2 and a mound square C3 against it."""

LANE_YAML = _HEAD + """\
name: One-square lane (lesson fixture)
grid: {type: square, columns: 6, rows: 1}
terrain: {default: beach}
"""
"""A 6 x 1 strip of beach: one element or obstacle at a time is put on it."""

BUNKER_YAML = _HEAD + """\
name: Bunker above the beach (lesson fixture)
grid: {type: square, columns: 7, rows: 7}
terrain: {default: beach, cells: {D3: bunker, B3: trench, C3: trench}}
units:
  - {id: mg, side: German, type: infantry, cell: D3, name: MG team}
"""
"""A 7 x 7 beach with a one-square bunker D3 (an MG team inside) and a trench B3-C3 beside it."""


def bluff_map() -> Map:
    """The contour-line fixture :data:`BLUFF_YAML`."""
    return loads_map(BLUFF_YAML)


def trench_map() -> Map:
    """The hole / trench fixture :data:`TRENCH_YAML`."""
    return loads_map(TRENCH_YAML)


def mound_map() -> Map:
    """The mound fixture :data:`MOUND_YAML`."""
    return loads_map(MOUND_YAML)


def lane_map() -> Map:
    """The one-row fixture :data:`LANE_YAML`."""
    return loads_map(LANE_YAML)


def bunker_map() -> Map:
    """The bunker fixture :data:`BUNKER_YAML`."""
    return loads_map(BUNKER_YAML)


def dog_red(path_: str | Path | None = None) -> Map:
    """The Dog Red sample battlefield (``maps/heroes-of-normandie-dog-red.yaml``)."""
    return load_map(path_ or DOG_RED)


def with_units(m: Map, *units: tuple[str, str, str, str]) -> Map:
    """A copy of ``m`` with units ``(id, side, type, cell)`` added.

    Examples
    --------
    >>> m = with_units(lane_map(), ("a", "US", "infantry", "A1"))
    >>> [u.id for u in m.units_at("A1")]
    ['a']
    """
    for uid, side, utype, cell in units:
        m = m.with_unit(uid, side, utype, cell)
    return m
