"""What hex and square grids share: labels, bounds, edges, rulers and pixel layouts.

A concrete grid supplies its coordinate type, offset conversion, neighbour
directions, distance and its *integer frame* (cell centres and corners as
integer points, see :mod:`wartools.grids.exact`). Everything else, including
the exact ruler contacts, is written once here.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar, NamedTuple

from wartools.errors import GridError
from wartools.grids.exact import (
    Contact,
    Point,
    classify_polygon,
    classify_segment,
    contact_span,
)
from wartools.grids.labels import SCHEMES, format_label, parse_label
from wartools.grids.numbering import Numbering

Cell = Any  # a Hex or a Square: small hashable NamedTuples


class Edge(NamedTuple):
    """A hexside or interspace: the canonical (sorted) pair of the two cells it separates."""

    a: Cell
    b: Cell

    @classmethod
    def of(cls, a: Cell, b: Cell) -> Edge:
        """The edge between ``a`` and ``b`` whatever their order."""
        return cls(a, b) if a <= b else cls(b, a)


class CellContact(NamedTuple):
    """How a ruler touches one cell; ``order`` sorts contacts from the ruler's start.

    ``order`` is the exact position of the middle of the contact along the
    ruler (twice the ruler parameter scaled by ``|d|^2``, see
    :func:`~wartools.grids.exact.contact_span`), so it follows the ruler in any
    layout.
    """

    cell: Cell
    contact: Contact
    order: Fraction


class EdgeContact(NamedTuple):
    """How a ruler touches one edge; ``order`` sorts contacts from the ruler's start
    (the middle of the contact, as for :class:`CellContact`)."""

    edge: Edge
    contact: Contact
    order: Fraction


@dataclass(frozen=True)
class Ruler:
    """The exact contacts of a centre-to-centre ruler, ordered from ``start`` to ``end``.

    ``cells`` includes the start and end cells (both ``crossed``); ``edges``
    lists every hexside/interspace touched, whether or not its cells are on
    the board.
    """

    start: Cell
    end: Cell
    cells: tuple[CellContact, ...]
    edges: tuple[EdgeContact, ...]

    def contact(self, item: Cell | Edge) -> Contact | None:
        """The contact with a cell or an edge, or ``None`` if the ruler misses it."""
        pool = self.edges if isinstance(item, Edge) else self.cells
        for c in pool:
            if c[0] == item:
                return c.contact
        return None

    def between(self) -> tuple[CellContact, ...]:
        """The cell contacts other than the two ends."""
        return tuple(c for c in self.cells if c.cell not in (self.start, self.end))


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of a grid: cell size (centre to corner for hexes, side for
    squares) and origin. Pixel ``y`` grows downwards, as rows do on a board.

    Examples
    --------
    >>> from wartools.grids import HexGrid
    >>> layout = Layout(HexGrid(5, 5), size=10.0)
    >>> layout.to_cell(*layout.to_pixel(layout.grid.parse("C4"))) == layout.grid.parse("C4")
    True
    """

    grid: Grid
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def _apply(self, x: float, y: float) -> tuple[float, float]:
        (a, b), (c, d) = self.grid.pixel_matrix
        return (self.origin[0] + self.size * (a * x + b * y),
                self.origin[1] + self.size * (c * x + d * y))

    def to_pixel(self, cell: Cell) -> tuple[float, float]:
        """Centre of ``cell`` in pixels."""
        return self._apply(*self.grid.int_center(cell))

    def point(self, p: Point) -> tuple[float, float]:
        """An integer-frame point (a corner, a centre) in pixels."""
        return self._apply(*p)

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        """Corners of ``cell`` in pixels."""
        return [self._apply(*p) for p in self.grid.int_corners(cell)]

    def to_cell(self, x: float, y: float) -> Cell:
        """The cell containing pixel ``(x, y)`` (on or off the board)."""
        (a, b), (c, d) = self.grid.pixel_matrix
        u = (x - self.origin[0]) / self.size
        v = (y - self.origin[1]) / self.size
        det = a * d - b * c
        return self.grid.nearest_cell((d * u - b * v) / det, (a * v - c * u) / det)

    def nearest_edge(self, x: float, y: float) -> tuple[Edge, float]:
        """The hexside or interspace nearest pixel ``(x, y)`` and its distance in pixels.

        The nearest edge always bounds the cell that holds the point (a cell is
        convex, so leaving it means crossing one of its own edges first). The
        edge may lie on the board's rim, with one cell off the board.

        Examples
        --------
        >>> from wartools.grids import HexGrid
        >>> layout = Layout(HexGrid(5, 5), size=10.0)
        >>> g = layout.grid
        >>> (x0, y0), (x1, y1) = layout.to_pixel(g.parse("C3")), layout.to_pixel(g.parse("C4"))
        >>> edge, d = layout.nearest_edge((x0 + x1) / 2 + 1.0, (y0 + y1) / 2)
        >>> g.edge_label(edge), round(d, 6)
        ('C3|C4', 0.0)
        """
        cell = self.to_cell(x, y)
        best: tuple[float, Edge] | None = None
        for n in self.grid.edge_neighbours(cell):
            e = Edge.of(cell, n)
            (px, py), (qx, qy) = (self.point(c) for c in self.grid.edge_corners(e))
            dx, dy = qx - px, qy - py
            t = min(1.0, max(0.0, ((x - px) * dx + (y - py) * dy) / (dx * dx + dy * dy)))
            d = math.hypot(x - (px + t * dx), y - (py + t * dy))
            if best is None or (d, e) < best:
                best = (d, e)
        assert best is not None  # every cell has edges
        return best[1], best[0]


@dataclass(frozen=True)
class Grid:
    """Common base of :class:`~wartools.grids.HexGrid` and :class:`~wartools.grids.SquareGrid`."""

    columns: int
    rows: int
    labels: str = "column-letter"
    label_prefix: str | None = None
    #: the cell numbering when ``labels`` is ``"custom"`` (:mod:`wartools.grids.numbering`)
    numbering: Numbering | None = field(default=None, kw_only=True)

    type: ClassVar[str] = ""

    @property
    def pixel_matrix(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Linear map from the integer frame to unit-size pixels (each grid kind defines it)."""
        raise NotImplementedError

    def __post_init__(self) -> None:
        for name in ("columns", "rows"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise GridError(f"{name} must be a positive integer, got {value!r}")
        if self.labels == "custom":
            if self.numbering is None:
                raise GridError("labels 'custom' need a numbering")
            self._label_table  # noqa: B018 - refuse a numbering that repeats a label now
        elif self.labels not in SCHEMES:
            raise GridError(f"unknown label scheme {self.labels!r}; valid: {', '.join(SCHEMES)}, custom")
        elif self.numbering is not None:
            raise GridError(f"a numbering needs labels 'custom', not {self.labels!r}")

    @cached_property
    def _label_table(self) -> dict[str, tuple[int, int]]:
        assert self.numbering is not None
        return self.numbering.table(self.columns, self.rows)

    # --- to be provided by subclasses -------------------------------------------------
    def to_offset(self, cell: Cell) -> tuple[int, int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def from_offset(self, col: int, row: int) -> Cell:  # pragma: no cover - abstract
        raise NotImplementedError

    def all_neighbours(self, cell: Cell) -> list[Cell]:  # pragma: no cover - abstract
        raise NotImplementedError

    def edge_neighbours(self, cell: Cell) -> list[Cell]:
        """Neighbours that share an edge with ``cell`` (on or off the board)."""
        return self.all_neighbours(cell)

    def distance(self, a: Cell, b: Cell) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def int_center(self, cell: Cell) -> Point:  # pragma: no cover - abstract
        raise NotImplementedError

    def int_corners(self, cell: Cell) -> tuple[Point, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def nearest_cell(self, x: float, y: float) -> Cell:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- cells, labels and bounds -----------------------------------------------------
    @cached_property
    def _cells(self) -> tuple[Cell, ...]:
        return tuple(self.from_offset(c, r) for c in range(self.columns) for r in range(self.rows))

    @cached_property
    def _cell_set(self) -> frozenset[Cell]:
        return frozenset(self._cells)

    def cells(self) -> tuple[Cell, ...]:
        """All cells on the board, column by column."""
        return self._cells

    def __contains__(self, cell: object) -> bool:
        return cell in self._cell_set

    def __len__(self) -> int:
        return self.columns * self.rows

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)

    def label(self, cell: Cell) -> str:
        """The printed label of ``cell``; raises :class:`GridError` if off the board."""
        if cell not in self:
            raise GridError(f"cell {tuple(cell)} is off the {self.columns}x{self.rows} board")
        col, row = self.to_offset(cell)
        return self._format(col, row)

    def _format(self, col: int, row: int) -> str:
        if self.numbering is not None:
            text = self.numbering.format(col, row)
            return f"{self.label_prefix}-{text}" if self.label_prefix else text
        return format_label(self.labels, col, row, self.columns, self.rows, self.label_prefix)

    def _parse_custom(self, label: str) -> tuple[int, int]:
        if not isinstance(label, str):
            raise GridError(f"label must be a string, got {label!r}")
        text = label.strip().upper()
        prefix = f"{self.label_prefix}-".upper() if self.label_prefix else None
        if prefix and text.startswith(prefix) and text not in self._label_table:
            text = text[len(prefix):]
        if text not in self._label_table:
            raise GridError(f"label {label!r} is not on the {self.columns}x{self.rows} board "
                            f"(valid: {self._format(0, 0)} .. {self._format(self.columns - 1, self.rows - 1)})")
        return self._label_table[text]

    def parse(self, label: str) -> Cell:
        """The cell with printed label ``label``; raises :class:`GridError` naming the board size."""
        if self.numbering is not None:
            return self.from_offset(*self._parse_custom(label))
        col, row = parse_label(self.labels, label, self.columns, self.rows, self.label_prefix)
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            first, last = self._format(0, 0), self._format(self.columns - 1, self.rows - 1)
            raise GridError(f"label {label!r} is off the {self.columns}x{self.rows} board "
                            f"(valid: {first} .. {last})")
        return self.from_offset(col, row)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Adjacent cells that are on the board."""
        return [n for n in self.all_neighbours(cell) if n in self]

    @cached_property
    def neighbour_table(self) -> Mapping[Cell, tuple[Cell, ...]]:
        """Every on-board cell's on-board neighbours, in :meth:`all_neighbours` order: built
        once per grid for the engines' hot loops (a movement step reads it instead of making
        the neighbour list anew).

        Examples
        --------
        >>> from wartools.grids import SquareGrid
        >>> g = SquareGrid(3, 2)
        >>> [g.label(n) for n in g.neighbour_table[g.parse("A1")]] == [g.label(n) for n in g.neighbours(g.parse("A1"))]
        True
        """
        return {c: tuple(n for n in self.all_neighbours(c) if n in self) for c in self._cells}

    def within(self, center: Cell, radius: int) -> list[Cell]:
        """On-board cells at distance <= ``radius`` from ``center``."""
        return [c for c in self._cells if self.distance(center, c) <= radius]

    def ring(self, center: Cell, radius: int) -> list[Cell]:
        """On-board cells at distance exactly ``radius`` from ``center``."""
        return [c for c in self._cells if self.distance(center, c) == radius]

    # --- edges and vertices -----------------------------------------------------------
    def edge(self, a: Cell, b: Cell) -> Edge:
        """The edge between two cells; raises :class:`GridError` unless they share one."""
        e = Edge.of(a, b)
        if e in self._edge_set:           # both on the board: one look-up
            return e
        if b not in self.edge_neighbours(a):
            raise GridError(f"cells {self._name(a)} and {self._name(b)} are not adjacent, "
                            f"so they share no edge")
        return Edge.of(a, b)

    @cached_property
    def _edges(self) -> tuple[Edge, ...]:
        seen = {Edge.of(c, n) for c in self._cells for n in self.edge_neighbours(c) if n in self}
        return tuple(sorted(seen))

    @cached_property
    def _edge_set(self) -> frozenset[Edge]:
        return frozenset(self._edges)

    def edges(self) -> tuple[Edge, ...]:
        """Every edge between two on-board cells."""
        return self._edges

    def edge_corners(self, edge: Edge) -> tuple[Point, Point]:
        """The two integer-frame corners that bound ``edge``."""
        shared = sorted(set(self.int_corners(edge.a)) & set(self.int_corners(edge.b)))
        if len(shared) != 2:
            raise GridError(f"{self._name(edge.a)} and {self._name(edge.b)} share no edge")
        return shared[0], shared[1]

    def vertices(self, cell: Cell) -> tuple[Point, ...]:
        """The corners of ``cell`` in the integer frame."""
        return self.int_corners(cell)

    def cells_at_vertex(self, point: Point) -> list[Cell]:
        """Cells (on or off the board) that have ``point`` as a corner."""
        near = self.nearest_cell(*point)
        # two steps out: with 4-adjacency the diagonal square at a corner is no neighbour
        pool = {near, *self.all_neighbours(near)}
        pool |= {m for n in list(pool) for m in self.all_neighbours(n)}
        return sorted(c for c in pool if point in self.int_corners(c))

    def _name(self, cell: Cell) -> str:
        return self.label(cell) if cell in self else str(tuple(cell))

    def edge_label(self, edge: Edge) -> str:
        """``C4|C5``-style name of an edge (off-board cells shown as coordinates)."""
        return f"{self._name(edge.a)}|{self._name(edge.b)}"

    # --- rulers -----------------------------------------------------------------------
    def _candidates(self, a: Cell, b: Cell) -> set[Cell]:
        (x0, y0), (x1, y1) = self.int_center(a), self.int_center(b)
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        found: set[Cell] = set()
        for i in range(steps + 1):
            near = self.nearest_cell(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
            if near not in found:
                found.add(near)
                found.update(self.all_neighbours(near))
        return found

    def ruler(self, a: Cell, b: Cell) -> Ruler:
        """Exact contacts of the ruler from the centre of ``a`` to the centre of ``b``.

        Every cell and edge the segment touches is classified as ``crossed``,
        ``along`` or ``vertex`` with integer arithmetic (see
        :mod:`wartools.grids.exact`). Cells off the board are included, so a
        ruler near the map's rim is described completely.
        """
        p, q = self.int_center(a), self.int_center(b)
        if a == b:
            return Ruler(a, b, (CellContact(a, "crossed", Fraction(0)),), ())
        cells: list[CellContact] = []
        edges: dict[Edge, EdgeContact] = {}
        for cell in self._candidates(a, b):
            kind = classify_polygon(p, q, self.int_corners(cell))
            if kind is None:
                continue
            # order by where the ruler meets the cell, not by the cell's centre: centre
            # projections in the (non-conformal) integer frame can swap neighbours
            lo, hi = contact_span(p, q, self.int_corners(cell))
            cells.append(CellContact(cell, kind, lo + hi))
            for n in self.edge_neighbours(cell):
                e = Edge.of(cell, n)
                if e in edges:
                    continue
                e1, e2 = self.edge_corners(e)
                ek = classify_segment(p, q, e1, e2)
                if ek is not None:
                    lo, hi = contact_span(p, q, (e1, e2))
                    edges[e] = EdgeContact(e, ek, lo + hi)
        cells.sort(key=lambda c: (c.order, c.cell))
        return Ruler(a, b, tuple(cells), tuple(sorted(edges.values(), key=lambda e: (e.order, e.edge))))

    # --- pixels -----------------------------------------------------------------------
    def layout(self, size: float = 1.0, origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """A pixel :class:`Layout` for this grid."""
        return Layout(self, size, origin)

    def pitch(self) -> float:
        """Centre-to-centre distance of edge neighbours in a unit-size layout."""
        c = self.from_offset(0, 0)
        (x0, y0), (x1, y1) = (Layout(self).to_pixel(x) for x in (c, self.edge_neighbours(c)[0]))
        return math.hypot(x1 - x0, y1 - y0)
