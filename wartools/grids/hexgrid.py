"""Hex grids: axial coordinates, offset boards (flat or pointy, odd or even) and hexsides.

The canonical coordinate is axial ``Hex(q, r)`` (cube ``s = -q - r``). A
board of ``columns`` x ``rows`` is an offset rectangle: with ``flat`` hexes the
columns stand vertically and every ``odd`` (or ``even``) 0-based column sits
half a hex lower; with ``pointy`` hexes rows run horizontally and the odd/even
rows sit half a hex to the right.

Integer frame (for exact geometry, :mod:`wartools.grids.exact`): the centre
of ``Hex(q, r)`` is ``(3q, 2r + q)`` and its corners are the centre plus
``(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)``. This is the flat
layout with x scaled by 2/size and y by 2/(sqrt(3) size); the pointy layout is
another linear image of the same frame. Incidence is affine-invariant, so one
exact frame serves both orientations.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from wartools.errors import GridError
from wartools.grids.base import Grid
from wartools.grids.exact import Point

_SQRT3 = math.sqrt(3.0)


class Hex(NamedTuple):
    """Axial hex coordinate.

    Examples
    --------
    >>> Hex(1, 2) + Hex(0, -1)
    Hex(q=1, r=1)
    >>> Hex(2, -1).s
    -1
    >>> Hex(1, 0).rotate(1)
    Hex(q=0, r=1)
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate."""
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def length(self) -> int:
        """Distance from the origin in hexes."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def rotate(self, turns: int) -> Hex:
        """Rotate about the origin by ``turns`` sixths of a full turn (clockwise on a
        board whose y axis points down)."""
        q, r, s = self.q, self.r, self.s
        for _ in range(turns % 6):
            q, r, s = -r, -s, -q
        return Hex(q, r)

    def reflect(self) -> Hex:
        """Mirror image across the q axis (swap the r and s cube coordinates)."""
        return Hex(self.q, self.s)


HEX_DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1),
                                   Hex(0, 1))
_CORNER_OFFSETS: tuple[Point, ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def cube_round(q: float, r: float) -> Hex:
    """Nearest hex to fractional axial coordinates.

    Examples
    --------
    >>> cube_round(0.4, 0.4)
    Hex(q=0, r=1)
    """
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


@dataclass(frozen=True)
class HexGrid(Grid):
    """A rectangular offset board of hexes.

    Parameters
    ----------
    columns, rows
        Board size.
    orientation
        ``"flat"`` (columns of hexes) or ``"pointy"`` (rows of hexes).
    offset
        ``"odd"`` or ``"even"``: which 0-based columns (flat) or rows (pointy)
        are shifted by half a hex.
    labels, label_prefix
        How cells are printed (see :mod:`wartools.grids.labels`).

    Examples
    --------
    >>> g = HexGrid(12, 10)
    >>> g.parse("C4")
    Hex(q=2, r=2)
    >>> [g.label(n) for n in g.neighbours(g.parse("C4"))]
    ['D4', 'D3', 'C3', 'B3', 'B4', 'C5']
    >>> g.distance(g.parse("A1"), g.parse("D2")), g.distance(g.parse("A1"), g.parse("D3"))
    (3, 4)
    >>> g.edge_label(g.edge(g.parse("C4"), g.parse("C5")))
    'C4|C5'
    """

    orientation: str = "flat"
    offset: str = "odd"

    type: ClassVar[str] = "hex"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.orientation not in ("flat", "pointy"):
            raise GridError(f"orientation must be flat or pointy, got {self.orientation!r}")
        if self.offset not in ("odd", "even"):
            raise GridError(f"offset must be odd or even, got {self.offset!r}")

    @property
    def pixel_matrix(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Linear map from the integer frame to unit-size pixels."""
        if self.orientation == "flat":
            return ((0.5, 0.0), (0.0, _SQRT3 / 2))
        return ((_SQRT3 / 4, _SQRT3 / 4), (-0.25, 0.75))

    def to_offset(self, cell: Hex) -> tuple[int, int]:
        """0-based (column, row) of an axial hex."""
        q, r = cell
        if self.orientation == "flat":
            shift = (q - (q & 1)) // 2 if self.offset == "odd" else (q + (q & 1)) // 2
            return q, r + shift
        shift = (r - (r & 1)) // 2 if self.offset == "odd" else (r + (r & 1)) // 2
        return q + shift, r

    def from_offset(self, col: int, row: int) -> Hex:
        """Axial hex at 0-based (column, row)."""
        if self.orientation == "flat":
            shift = (col - (col & 1)) // 2 if self.offset == "odd" else (col + (col & 1)) // 2
            return Hex(col, row - shift)
        shift = (row - (row & 1)) // 2 if self.offset == "odd" else (row + (row & 1)) // 2
        return Hex(col - shift, row)

    def all_neighbours(self, cell: Hex) -> list[Hex]:
        """The six adjacent hexes, on or off the board."""
        q, r = cell
        return [Hex(q + d.q, r + d.r) for d in HEX_DIRECTIONS]

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes between ``a`` and ``b`` (0 for the same hex)."""
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def int_center(self, cell: Hex) -> Point:
        """Centre in the integer frame."""
        q, r = cell
        return (3 * q, 2 * r + q)

    def int_corners(self, cell: Hex) -> tuple[Point, ...]:
        """The six corners in the integer frame, in order around the hex."""
        x, y = self.int_center(cell)
        return tuple((x + dx, y + dy) for dx, dy in _CORNER_OFFSETS)

    def nearest_cell(self, x: float, y: float) -> Hex:
        """The hex containing integer-frame point ``(x, y)``."""
        q = x / 3.0
        return cube_round(q, (y - q) / 2.0)

    def within(self, center: Hex, radius: int) -> list[Hex]:
        """On-board hexes at distance <= ``radius``, without scanning the board.

        Examples
        --------
        >>> len(HexGrid(30, 30).within(Hex(10, 5), 2))
        19
        """
        out = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                h = Hex(center.q + dq, center.r + dr)
                if h in self:
                    out.append(h)
        return out

    def ring(self, center: Hex, radius: int) -> list[Hex]:
        """On-board hexes at distance exactly ``radius``, walking round the ring.

        Examples
        --------
        >>> len(HexGrid(30, 30).ring(Hex(10, 5), 3))
        18
        """
        if radius == 0:
            return [center] if center in self else []
        out = []
        h = center + Hex(HEX_DIRECTIONS[4].q * radius, HEX_DIRECTIONS[4].r * radius)
        for side in range(6):
            for _ in range(radius):
                if h in self:
                    out.append(h)
                h = h + HEX_DIRECTIONS[side]
        return out
