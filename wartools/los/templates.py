"""Ruler contact templates: every centre-to-centre ruler of a grid up to a radius, classified once.

Hex and square grids are translation invariant: in the integer frame of
:mod:`wartools.grids.exact` the ruler from ``a`` to ``b`` touches exactly the
cells and edges that the ruler from the origin to ``b - a`` touches, shifted by
``a``. So the contacts of *every* ruler on *every* map of one grid kind are the
contacts of the rulers from the origin, one per displacement. A
:class:`Templates` table holds them for every displacement within a radius,
classified exactly by the integer line walk of :mod:`wartools.los.walk`; it
pays off when one batch asks for many rulers of few distinct displacements
(the all-pairs matrix on a board of moderate size). A batch of many long
rulers walks just those rulers instead (:class:`wartools.los.geometry.Batch`),
so nothing here grows with the board: the table is built only up to
:data:`DENSE_MAX` and only for a batch at least as large as the table. A
small batch (a line of sight, an attack question) reads its rulers from
:class:`Recalled`, the displacements small batches asked before, each walked
once and kept up to :data:`RECALL_ROWS` rows.

:class:`Frame` reads the integer frame off the grid classes. The test-suite
checks the walk against :meth:`wartools.grids.base.Grid.ruler` (pure integer
classification, per ruler) and against the former shapely classification.

Examples
--------
>>> from wartools.grids import HexGrid
>>> t = templates_for(HexGrid(3, 3), 2)
>>> rows = t.cells_of((2, -1))        # ruler from Hex(0, 0) to Hex(2, -1): along a hexside
>>> sorted((int(dq), int(dr), KINDS[k]) for dq, dr, k in zip(*rows[:3]))
[(0, 0, 'crossed'), (1, -1, 'along'), (1, 0, 'along'), (2, -1, 'crossed')]
"""
from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any, TypeVar
from dataclasses import dataclass

import numpy as np

from wartools.grids import Grid
from wartools.los.walk import ALONG, CROSSED, KINDS, VERTEX, directions, walk

__all__ = ["ALONG", "CROSSED", "DENSE_MAX", "KINDS", "RECALL_ROWS", "VERTEX", "Frame", "Recalled", "Templates",
           "build_templates", "cached_templates", "directions", "displacement_templates", "frame_for", "recalled",
           "table_radius", "templates_for"]

DENSE_MAX = 48
"""Largest radius a batch builds a dense table for (beyond it rulers are walked one by one)."""


METRICS: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "hex": lambda dq, dr: (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2,
    "king": lambda dq, dr: np.maximum(np.abs(dq), np.abs(dr)),
    "manhattan": lambda dq, dr: np.abs(dq) + np.abs(dr),
}
"""Vectorised grid distances of displacements ``(dq, dr)``; a :class:`Frame` uses the one that
matches its grid's own :meth:`~wartools.grids.base.Grid.distance`."""
METRIC_CHECK = 12
"""Radius within which a metric must agree with ``grid.distance`` exactly."""


class Frame:
    """A grid's integer frame as numpy arrays, read from the grid's own methods.

    The centres, corners and distances are those of
    :meth:`~wartools.grids.base.Grid.int_center`,
    :meth:`~wartools.grids.base.Grid.int_corners` and
    :meth:`~wartools.grids.base.Grid.distance`, which stay the one place that
    defines them: the centre is affine in the cell coordinates, so it is read
    off three cells; the corners are the origin cell's corners less its centre
    (the same for every cell); distances of displacements are computed by the
    one vectorised metric of :data:`METRICS` that agrees with ``grid.distance``
    on every displacement within :data:`METRIC_CHECK` (or, for a grid matching
    none, looked up in a table filled by calling ``grid.distance``). Use
    :func:`frame_for` for the shared instance.

    Examples
    --------
    >>> from wartools.grids import HexGrid, SquareGrid
    >>> f = frame_for(HexGrid(3, 3))
    >>> f.corners
    ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
    >>> [a.tolist() for a in f.center(np.array([1, 2]), np.array([0, -1]))]
    [[3, 6], [1, 0]]
    >>> f.distance(np.array([2, 3]), np.array([-1, 0])).tolist()
    [2, 3]
    >>> frame_for(SquareGrid(3, 3, adjacency=4)).distance(np.array([2]), np.array([-1])).tolist()
    [3]
    """

    def __init__(self, grid: Grid) -> None:
        self.kind = grid.type
        self._grid = grid
        self._cell = type(grid.from_offset(0, 0))
        origin = self._cell(0, 0)
        ox, oy = grid.int_center(origin)
        (ax, ay), (bx, by) = grid.int_center(self._cell(1, 0)), grid.int_center(self._cell(0, 1))
        self.origin = (ox, oy)
        self.basis = ((ax - ox, bx - ox), (ay - oy, by - oy))
        self.corners: tuple[tuple[int, int], ...] = tuple((x - ox, y - oy) for x, y in grid.int_corners(origin))
        for q, r in ((1, 1), (-3, 2), (5, -7)):     # the frame must be affine and translation invariant
            cx, cy = (int(v) for v in self.center(q, r))
            got = grid.int_corners(self._cell(q, r))
            if grid.int_center(self._cell(q, r)) != (cx, cy) or \
                    tuple(got) != tuple((cx + x, cy + y) for x, y in self.corners):
                raise ValueError(f"{type(grid).__name__}: integer frame is not affine")
        self._table: tuple[int, np.ndarray] = (-1, np.zeros((0, 0), dtype=np.int64))
        self._distances: dict[tuple[int, int], int] = {}
        self._lock = threading.Lock()
        radius, table = self._grow(METRIC_CHECK)
        span = np.arange(-radius, radius + 1)
        dq, dr = np.meshgrid(span, span, indexing="ij")
        self.metric = next((name for name, f in METRICS.items() if (f(dq, dr) == table).all()), None)

    def center(self, q: np.ndarray | int, r: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
        """Integer-frame centres of cells ``(q, r)`` (the grid's :meth:`int_center`, vectorised)."""
        (a, b), (c, d) = self.basis
        return self.origin[0] + a * np.asarray(q) + b * np.asarray(r), \
            self.origin[1] + c * np.asarray(q) + d * np.asarray(r)

    def distance(self, dq: np.ndarray, dr: np.ndarray) -> np.ndarray:
        """Grid distance of displacements ``(dq, dr)`` (the grid's :meth:`distance`, vectorised)."""
        dq, dr = np.asarray(dq, dtype=np.int64), np.asarray(dr, dtype=np.int64)
        if self.metric is not None:
            return METRICS[self.metric](dq, dr)
        need = int(max(np.abs(dq).max(initial=0), np.abs(dr).max(initial=0)))
        radius, table = self._table
        if need > radius:
            radius, table = self._grow(need)
        return table[dq + radius, dr + radius]

    def distance_of(self, dq: int, dr: int) -> int:
        """:meth:`distance` of one displacement, as a Python integer (remembered: a line of sight
        asks one at a time)."""
        got = self._distances.get((dq, dr))
        if got is None:
            if len(self._distances) >= DISTANCES_MOST:
                self._distances.clear()
            got = self._distances[(dq, dr)] = int(self.distance(np.array([dq]), np.array([dr]))[0])
        return got

    def _grow(self, need: int) -> tuple[int, np.ndarray]:
        with self._lock:
            if self._table[0] < need:
                radius = max(table_radius(need), 2 * self._table[0])
                o, cell, dist = self._cell(0, 0), self._cell, self._grid.distance
                span = range(-radius, radius + 1)
                table = np.array([[dist(o, cell(q, r)) for r in span] for q in span], dtype=np.int64)
                self._table = (radius, table)
            return self._table


DISTANCES_MOST = 1 << 16
"""Most displacements whose distance a :class:`Frame` remembers (:meth:`Frame.distance_of`)."""
_FRAMES: dict[tuple[type, int | None], Frame] = {}
_LOCK = threading.Lock()


def frame_for(grid: Grid) -> Frame:
    """The shared :class:`Frame` of ``grid``'s kind (grid class and adjacency)."""
    key = (type(grid), getattr(grid, "adjacency", None))
    with _LOCK:
        f = _FRAMES.get(key)
        if f is None:
            f = _FRAMES[key] = Frame(grid)
        return f


Offsets = TypeVar("Offsets", np.ndarray, int)
"""Displacement coordinates: an array of them, or one as an integer."""


@dataclass(frozen=True)
class Templates:
    """Contacts of every ruler from the origin to a displacement within ``radius`` (CSR layout).

    Cell rows: ``c_dq, c_dr`` (the cell, relative to the ruler's start), ``c_kind``,
    ``c_order`` (projection of the cell centre on the ruler in true proportions,
    increasing from the start; the two cells along one hexside share it), ``c_side`` (-1/0/1: which side of the ruler the centre lies on) and
    ``c_corner`` (for a vertex contact, the projection of the touched corner, so
    contacts at one corner can be grouped; -1 otherwise). Edge rows likewise,
    with ``e_dq, e_dr, e_dir`` naming the owner cell and canonical direction.
    ``c_start[k]:c_start[k+1]`` are the rows of displacement ``k`` (see :meth:`index`).
    """

    kind: str
    radius: int
    c_start: np.ndarray
    c_dq: np.ndarray
    c_dr: np.ndarray
    c_kind: np.ndarray
    c_order: np.ndarray
    c_side: np.ndarray
    c_corner: np.ndarray
    e_start: np.ndarray
    e_dq: np.ndarray
    e_dr: np.ndarray
    e_dir: np.ndarray
    e_kind: np.ndarray
    e_order: np.ndarray
    e_side: np.ndarray
    e_corner: np.ndarray

    @property
    def width(self) -> int:
        """Side of the dense displacement table."""
        return 2 * self.radius + 1

    def index(self, dq: Offsets, dr: Offsets) -> Offsets:
        """Row-block index of displacements ``(dq, dr)`` (each within ``radius``): arrays for
        arrays, an integer for integers (one ruler)."""
        return (dq + self.radius) * (2 * self.radius + 1) + (dr + self.radius)

    def cells_of(self, d: tuple[int, int]) -> tuple[np.ndarray, ...]:
        """Cell rows ``(dq, dr, kind, order, side, corner)`` of one displacement."""
        k = int(self.index(d[0], d[1]))
        s = slice(self.c_start[k], self.c_start[k + 1])
        return (self.c_dq[s], self.c_dr[s], self.c_kind[s], self.c_order[s], self.c_side[s],
                self.c_corner[s])

    def edges_of(self, d: tuple[int, int]) -> tuple[np.ndarray, ...]:
        """Edge rows ``(dq, dr, dir, kind, order, side, corner)`` of one displacement."""
        k = int(self.index(d[0], d[1]))
        s = slice(self.e_start[k], self.e_start[k + 1])
        return (self.e_dq[s], self.e_dr[s], self.e_dir[s], self.e_kind[s], self.e_order[s],
                self.e_side[s], self.e_corner[s])


def build_templates(frame: Frame, radius: int) -> Templates:
    """Contacts of every ruler from the origin to a displacement at grid distance <= ``radius``.

    Displacements are laid out in the dense square ``[-radius, radius]^2``
    (every grid distance is at least the larger coordinate difference); those
    farther than ``radius`` (the hex corners of the square, the corners of the
    diamond on a 4-adjacency square grid) have no rows. The rows are those of
    :func:`wartools.los.walk.walk`.
    """
    w = 2 * radius + 1
    span = np.arange(-radius, radius + 1)
    dq_all, dr_all = (a.ravel() for a in np.meshgrid(span, span, indexing="ij"))
    inside = np.flatnonzero(frame.distance(dq_all, dr_all) <= radius)
    got = walk(frame, dq_all[inside], dr_all[inside])
    cst = np.searchsorted(inside[got.c_ruler], np.arange(w * w + 1))
    est = np.searchsorted(inside[got.e_ruler], np.arange(w * w + 1))
    return Templates(frame.kind, radius, cst.astype(np.int64), got.c_dq, got.c_dr, got.c_kind, got.c_order,
                     got.c_side, got.c_corner, est.astype(np.int64), got.e_dq, got.e_dr, got.e_dir,
                     got.e_kind, got.e_order, got.e_side, got.e_corner)


def displacement_templates(frame: Frame, dq: np.ndarray, dr: np.ndarray) -> tuple[Templates, np.ndarray]:
    """Templates of just the distinct displacements among ``(dq[i], dr[i])``, and the block of each.

    A batch of rulers from a compact group of observers to a compact group of targets repeats
    few displacements (translation invariance): walking each one once and shifting its rows to
    every ruler that has it costs a fraction of walking every ruler. The table is laid out like
    :func:`build_templates`'s, block ``k`` for the ``k``-th distinct displacement (``radius``
    -1: it is not a dense square).

    Examples
    --------
    >>> from wartools.grids import HexGrid
    >>> t, k = displacement_templates(frame_for(HexGrid(3, 3)), np.array([2, 0, 2]), np.array([-1, 1, -1]))
    >>> k.tolist(), len(t.c_start)
    ([1, 0, 1], 3)
    """
    dq, dr = np.asarray(dq, dtype=np.int64), np.asarray(dr, dtype=np.int64)
    low = int(min(dq.min(initial=0), dr.min(initial=0)))
    span = int(max(dq.max(initial=0), dr.max(initial=0))) - low + 1
    keys, block = np.unique((dq - low) * span + (dr - low), return_inverse=True)
    got = walk(frame, keys // span + low, keys % span + low)
    blocks = np.arange(len(keys) + 1)
    return Templates(frame.kind, -1, np.searchsorted(got.c_ruler, blocks), got.c_dq, got.c_dr, got.c_kind,
                     got.c_order, got.c_side, got.c_corner, np.searchsorted(got.e_ruler, blocks), got.e_dq,
                     got.e_dr, got.e_dir, got.e_kind, got.e_order, got.e_side, got.e_corner), block.ravel()


_CACHE: dict[Frame, Templates] = {}
_TEMPLATES_LOCK = threading.Lock()


def cached_templates(grid: Grid, radius: int) -> Templates | None:
    """The cached templates of ``grid``'s kind if they cover ``radius`` (never builds any)."""
    t = _CACHE.get(frame_for(grid))
    return t if t is not None and t.radius >= radius else None


def table_radius(radius: int) -> int:
    """The radius a dense table covering ``radius`` is built with: the next multiple of 8
    (at least 8), so a session builds tables a handful of times at most.

    Examples
    --------
    >>> table_radius(3), table_radius(8), table_radius(9)
    (8, 8, 16)
    """
    return max(8, -(-radius // 8) * 8)


def templates_for(grid: Grid, radius: int) -> Templates:
    """Cached templates for ``grid``'s kind covering displacements up to grid distance ``radius``.

    The cache grows in steps (to the next multiple of 8) so a session computes
    templates a handful of times at most.
    """
    frame = frame_for(grid)
    with _TEMPLATES_LOCK:
        t = _CACHE.get(frame)
        if t is None or t.radius < radius:
            t = build_templates(frame, table_radius(radius))
            _CACHE[frame] = t
        return t


RECALL_ROWS = 1 << 19
"""Most contact rows (cell and edge rows together) the recalled rulers of one grid kind hold
(:class:`Recalled`; some 35 bytes a row: about 18 MB), plus those of one batch: a batch that
finds more forgets the rulers recalled so far and starts a fresh table."""

_FIELDS = ("c_dq", "c_dr", "c_kind", "c_order", "c_side", "c_corner", "e_dq", "e_dr", "e_dir", "e_kind",
           "e_order", "e_side", "e_corner")
"""The row fields of a :class:`Templates` table."""


class Recalled:
    """The rulers small batches asked for, one grid kind's, each walked once and recalled after.

    A playout asks a few rulers at a time (may this unit fire at that one?) in positions that
    differ by one unit: the same displacements over and over. A ruler's contacts depend only on
    its displacement (translation invariance), so the rows of each displacement walked are kept
    in :attr:`table`, a :class:`Templates` of one block per displacement (block ``k`` in
    ``c_start[k]:c_start[k + 1]``; ``radius`` -1: no dense square), and a batch of displacements
    seen before is a lookup (:meth:`blocks`). The rows are those of
    :func:`wartools.los.walk.walk` (unmasked: a batch keeps the rows on its policy's cells and
    edges as it reads them). Rows only ever append (into arrays with room to spare, so
    appending costs what is appended), and each append makes a new :attr:`table` over the same
    rows, so a batch holding an older table reads its rows while others add theirs; beyond
    :data:`RECALL_ROWS` the rulers are forgotten (:func:`recalled`).

    Examples
    --------
    >>> from wartools.grids import HexGrid
    >>> r = Recalled(frame_for(HexGrid(3, 3)))
    >>> r.blocks(np.array([2, 0, 2]), np.array([-1, 1, -1])).tolist(), len(r.block)
    ([0, 1, 0], 2)
    >>> r.blocks(np.array([0]), np.array([1])).tolist(), r.rows
    ([1], 12)
    >>> t = r.table
    >>> sorted(KINDS[k] for k in t.c_kind[t.c_start[0]:t.c_start[1]])
    ['along', 'along', 'crossed', 'crossed']
    """

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        w = walk(frame, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        start = np.zeros(1, dtype=np.int64)
        self.table = Templates(frame.kind, -1, start, w.c_dq, w.c_dr, w.c_kind, w.c_order, w.c_side,
                               w.c_corner, start.copy(), w.e_dq, w.e_dr, w.e_dir, w.e_kind, w.e_order,
                               w.e_side, w.e_corner)
        #: displacement ``(dq, dr)`` -> its block
        self.block: dict[tuple[int, int], int] = {}
        self._lock = threading.Lock()

    @property
    def rows(self) -> int:
        """The contact rows held (cells and edges)."""
        n, t = len(self.block), self.table
        return int(t.c_start[n] + t.e_start[n])

    def blocks(self, dq: np.ndarray, dr: np.ndarray) -> np.ndarray:
        """The block of each displacement ``(dq[i], dr[i])``, walking those not seen before."""
        keys = list(zip(dq.tolist(), dr.tolist()))
        got = self.block
        if not all(k in got for k in keys):
            self._add([k for k in dict.fromkeys(keys) if k not in got])
        return np.array([got[k] for k in keys], dtype=np.int64)

    def _add(self, keys: list[tuple[int, int]]) -> None:
        """Walk the displacements ``keys`` and append their rows, a block each."""
        with self._lock:
            keys = [k for k in keys if k not in self.block]
            if not keys:
                return
            d = np.array(keys, dtype=np.int64)
            w = walk(self.frame, d[:, 0], d[:, 1])
            t, first, ends = self.table, len(self.block), np.arange(1, len(keys) + 1)
            new: dict[str, Any] = {}
            for side, ruler in (("c", w.c_ruler), ("e", w.e_ruler)):
                start = getattr(t, f"{side}_start")
                used = int(start[first])
                for name in _FIELDS:
                    if name[0] == side:
                        new[name] = _room(getattr(t, name), used, used + len(ruler))
                        new[name][used:used + len(ruler)] = getattr(w, name)
                start = new[f"{side}_start"] = _room(start, first + 1, first + 1 + len(keys))
                start[first + 1:first + 1 + len(keys)] = used + np.searchsorted(ruler, ends)
            self.table = dataclasses.replace(t, **new)
            self.block.update({k: first + j for j, k in enumerate(keys)})


def _room(a: np.ndarray, used: int, need: int) -> np.ndarray:
    """``a`` if it has room for ``need`` items, else a copy of its first ``used`` with room doubled."""
    if need <= len(a):
        return a
    out = np.empty(max(need, 2 * len(a), 64), dtype=a.dtype)
    out[:used] = a[:used]
    return out


_RECALLED: dict[Frame, Recalled] = {}


def recalled(frame: Frame, dq: np.ndarray, dr: np.ndarray) -> tuple[Templates, np.ndarray]:
    """The rulers recalled for ``frame``'s kind (:attr:`Recalled.table`) and the block of each
    displacement ``(dq[i], dr[i])`` in it; rulers beyond :data:`RECALL_ROWS` are forgotten
    first (a fresh :class:`Recalled`).

    Examples
    --------
    >>> from wartools.grids import SquareGrid
    >>> t, k = recalled(frame_for(SquareGrid(3, 3)), np.array([1, 1]), np.array([1, 1]))
    >>> bool(k[0] == k[1]), int(t.c_start[k[0] + 1] - t.c_start[k[0]])     # a diagonal: 2 cells crossed, 2 at the corner
    (True, 4)
    """
    r = _RECALLED.get(frame)
    if r is None or r.rows > RECALL_ROWS:
        with _TEMPLATES_LOCK:
            r = _RECALLED.get(frame)
            if r is None or r.rows > RECALL_ROWS:
                r = _RECALLED[frame] = Recalled(frame)
    k = r.blocks(dq, dr)
    return r.table, k
