"""An exact integer line walk: the contacts of many rulers at once, with cost growing with their length.

A ruler runs from the centre of one cell to the centre of another in the
grid's integer frame (:class:`~wartools.los.templates.Frame`). In that frame
the cell centres of hex and square grids form *columns*: a cell's ``x``
depends only on its first coordinate ``q``, every cell of column ``q`` lies
within ``hx`` of ``a * q`` in ``x`` and within ``hy`` of its centre in ``y``.
So the cells a ruler can touch are, column by column, one run of consecutive
``r`` read off the ruler's ``y`` range over that column's strip -- a few cells
per column, found with integer floor divisions. The walk lists those runs for
every ruler (numpy, no Python loop over rulers or cells), optionally keeps only
the cells and edges a caller names (a sorted array of keys, searched per run,
so the unnamed cells are never materialised), and classifies what is left
exactly, with the integer cross products of :mod:`wartools.grids.exact`:

* cells as :func:`~wartools.grids.exact.classify_polygon` does (a supporting
  line touches a corner or runs along a side; a cutting line crosses iff its
  chord meets the ruler, the chord's ends compared as exact ratios);
* edges as :func:`~wartools.grids.exact.classify_segment` does.

Every contact row carries the attributes the LOS policies read (kind, order,
side, corner key), computed by the same integer formulas as before, and rows
are sorted per ruler by ``(order, q, r[, dir])``. The cost is the number of
(ruler, column) runs plus the number of candidates classified: linear in the
rulers' total length, independent of the board.

Examples
--------
>>> from wartools.grids import HexGrid
>>> from wartools.los.templates import frame_for
>>> w = walk(frame_for(HexGrid(3, 3)), np.array([2]), np.array([-1]))
>>> [(int(q), int(r), KINDS[k]) for q, r, k in zip(w.c_dq, w.c_dr, w.c_kind)]
[(0, 0, 'crossed'), (1, -1, 'along'), (1, 0, 'along'), (2, -1, 'crossed')]
>>> [(int(q), int(r), int(d), KINDS[k]) for q, r, d, k in zip(w.e_dq, w.e_dr, w.e_dir, w.e_kind)]
[(0, 0, 0, 'vertex'), (0, 0, 1, 'vertex'), (1, 0, 2, 'along'), (1, -1, 0, 'vertex'), (1, 0, 1, 'vertex')]
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from wartools.los.templates import Frame

KINDS = ("crossed", "along", "vertex")
CROSSED, ALONG, VERTEX, MISS = 0, 1, 2, -1

_HEX_DIRS = ((1, 0), (1, -1), (0, -1))          # canonical edge directions (owner cell -> neighbour)
_SQUARE_DIRS = ((1, 0), (0, 1))

CHUNK_CANDIDATES = 1 << 18     # candidates per pass: bounds the walk's memory, keeps arrays in cache
SLOT_BITS = 2                  # a cell and the (at most 3) edges it owns
SLOTS = 1 << SLOT_BITS
MAX_COORD = 1 << 22
"""Largest integer-frame coordinate of a ruler (far beyond any board the loader accepts)."""


def directions(kind: str) -> tuple[tuple[int, int], ...]:
    """Canonical edge directions: an edge is owned by the cell from which it lies in one of these."""
    return _HEX_DIRS if kind == "hex" else _SQUARE_DIRS


@dataclass(frozen=True)
class Keep:
    """Which cells and edges a walk keeps, as *slots* over the ext cells of a box.

    Slot ``id * SLOTS + j`` is ext cell ``id`` itself for ``j == 0`` and the
    edge it owns in canonical direction ``j - 1`` otherwise. ``keys`` are the
    kept slots in increasing order and ``prefix[k]`` counts the kept slots
    below ``k``, so the kept slots of a run of cells are found with two
    lookups. ``start`` is each ruler's start cell as an ext id, ``sq, sr`` its
    coordinates; ``q0, r0, wq, h`` describe the box (ext id
    ``(q - q0) * h + (r - r0)``). Nothing outside the box is kept. Build one
    with :meth:`of`.
    """

    keys: np.ndarray
    prefix: np.ndarray
    start: np.ndarray
    sq: np.ndarray
    sr: np.ndarray
    q0: int
    r0: int
    wq: int
    h: int

    @classmethod
    def of(cls, cells: np.ndarray | None, edges: np.ndarray | None, dirs: int, start: np.ndarray,
           sq: np.ndarray, sr: np.ndarray, box: tuple[int, int, int, int]) -> Keep:
        """Keep the ext cells where ``cells`` holds and the ext edges (``id * dirs + j``) where
        ``edges`` holds; ``None`` keeps them all."""
        q0, r0, wq, h = box
        n = wq * h
        slot = np.zeros((n, SLOTS), dtype=bool)
        slot[:, 0] = True if cells is None else cells
        slot[:, 1:dirs + 1] = True if edges is None else np.asarray(edges).reshape(n, dirs)
        flat = slot.ravel()
        prefix = np.zeros(len(flat) + 1, dtype=np.int64)
        np.cumsum(flat, out=prefix[1:])
        return cls(np.flatnonzero(flat), prefix, start, sq, sr, q0, r0, wq, h)

    def part(self, idx: np.ndarray) -> Keep:
        """The same keep for the rulers ``idx`` only."""
        return Keep(self.keys, self.prefix, self.start[idx], self.sq[idx], self.sr[idx],
                    self.q0, self.r0, self.wq, self.h)


@dataclass(frozen=True)
class Walk:
    """Contact rows of many rulers (see :mod:`wartools.los.templates` for the attributes).

    ``c_ruler``/``e_ruler`` say which ruler a row belongs to; rows are sorted by
    ruler, then order, then position. ``dq, dr`` are relative to the ruler's
    start cell.
    """

    c_ruler: np.ndarray
    c_dq: np.ndarray
    c_dr: np.ndarray
    c_kind: np.ndarray
    c_order: np.ndarray
    c_side: np.ndarray
    c_corner: np.ndarray
    e_ruler: np.ndarray
    e_dq: np.ndarray
    e_dr: np.ndarray
    e_dir: np.ndarray
    e_kind: np.ndarray
    e_order: np.ndarray
    e_side: np.ndarray
    e_corner: np.ndarray


def ranges(start: np.ndarray, stop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(group, value)`` for the concatenated integer ranges ``start[i]:stop[i]`` (empty when
    ``stop <= start``).

    Examples
    --------
    >>> [a.tolist() for a in ranges(np.array([5, 0, 2]), np.array([7, 0, 3]))]
    [[0, 0, 2], [5, 6, 2]]
    """
    counts = np.maximum(np.asarray(stop) - np.asarray(start), 0)
    group = np.repeat(np.arange(len(counts)), counts)
    values = np.repeat(np.asarray(start) - (np.cumsum(counts) - counts), counts)
    values += np.arange(len(values))
    return group, values


def _ceil_div(n: np.ndarray | int, d: np.ndarray | int) -> np.ndarray:
    return -np.floor_divide(-np.asarray(n), d)


class _Shape:
    """A frame's constants for the walk: basis, corners, edge corners, strip half-widths."""

    def __init__(self, frame: Frame, dirs: tuple[tuple[int, int], ...]) -> None:
        (a, b), (c, d) = frame.basis
        if b != 0 or a <= 0 or d <= 0:
            raise ValueError(f"{frame.kind} frame has no columns of constant x: basis {frame.basis}")
        self.a, self.c, self.d = a, c, d
        offs = np.array(frame.corners, dtype=np.int64)
        self.ox, self.oy = offs[:, 0], offs[:, 1]
        self.hx, self.hy = int(np.abs(self.ox).max()), int(np.abs(self.oy).max())
        self.ex, self.ey = np.roll(self.ox, -1) - self.ox, np.roll(self.oy, -1) - self.oy
        self.wy = 3 if frame.kind == "hex" else 1
        self.symmetric = set(frame.corners) == {(-x, -y) for x, y in frame.corners}
        pairs = []
        for dq, dr in dirs:          # the two corners an edge in direction (dq, dr) shares
            nx, ny = a * dq, c * dq + d * dr
            pairs.append([k for k, (x, y) in enumerate(frame.corners)
                          if (x - nx, y - ny) in frame.corners])
        self.edge_k = np.array(pairs, dtype=np.int64)


_SHAPES: dict[tuple[int, tuple[tuple[int, int], ...]], _Shape] = {}


def _shape(frame: Frame, dirs: tuple[tuple[int, int], ...]) -> _Shape:
    key = (id(frame), dirs)
    s = _SHAPES.get(key)
    if s is None:
        s = _SHAPES[key] = _Shape(frame, dirs)
    return s


def _runs(sh: _Shape, X: np.ndarray, Y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per (ruler, column) run: ruler index, column q and the first / past-last r of candidates.

    The ruler's ``y`` over a column's strip is bounded in floating point: a
    bound can only widen the run (an integer ``y`` may come out a hair low or
    high), never narrow it while coordinates stay below :data:`MAX_COORD`.
    """
    lo, hi = np.minimum(X, 0), np.maximum(X, 0)
    q_lo = _ceil_div(lo - sh.hx, sh.a)
    q_hi = np.floor_divide(hi + sh.hx, sh.a)
    ruler, q = ranges(q_lo, q_hi + 1)
    vertical = X == 0
    slope = (Y / np.where(vertical, 1, X))[ruler]
    xq = sh.a * q
    x1 = np.maximum(xq - sh.hx, lo[ruler])
    x2 = np.minimum(xq + sh.hx, hi[ruler])
    y1, y2 = slope * x1, slope * x2
    y_lo = np.floor(np.minimum(y1, y2))
    y_hi = np.ceil(np.maximum(y1, y2))
    vr = vertical[ruler]
    if vr.any():
        Yr = Y[ruler[vr]]
        y_lo[vr], y_hi[vr] = np.minimum(Yr, 0), np.maximum(Yr, 0)
    cq = sh.c * q
    r_lo = np.ceil((y_lo - cq - sh.hy) / sh.d).astype(np.int64)
    r_hi = np.floor((y_hi - cq + sh.hy) / sh.d).astype(np.int64)
    return ruler, q, r_lo, r_hi + 1


def _kept(ruler: np.ndarray, q: np.ndarray, r0: np.ndarray, r1: np.ndarray,
          keep: Keep) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The kept slots of the runs as (ruler, q, r, slot kind): 0 a cell, ``j > 0`` its edge ``j - 1``."""
    sq, sr = keep.sq[ruler], keep.sr[ruler]
    col = sq + q - keep.q0
    lo = np.maximum(r0, keep.r0 - sr)
    hi = np.minimum(r1, keep.r0 + keep.h - sr)
    hi = np.where((col >= 0) & (col < keep.wq), np.maximum(hi, lo), lo)
    base = keep.start[ruler] + q * keep.h
    last = len(keep.prefix) - 1
    p0 = keep.prefix[np.clip((base + lo) << SLOT_BITS, 0, last)]
    p1 = keep.prefix[np.clip((base + hi) << SLOT_BITS, 0, last)]
    run, pos = ranges(p0, p1)
    key = keep.keys[pos]
    return ruler[run], q[run], (key >> SLOT_BITS) - base[run], key & (SLOTS - 1)


def _cells(sh: _Shape, X: np.ndarray, Y: np.ndarray, dd: np.ndarray, spread: tuple[np.ndarray, np.ndarray],
           q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, ...]:
    """Exact class of each candidate cell, with its order, side and corner key.

    The corners of both grid kinds come in opposite pairs, so the ruler's
    line cuts a cell iff the centre's cross product is below the largest
    corner offset's, and the cell's parameters span the centre's plus or minus
    the largest corner projection: most cells are decided from their centre
    alone, the rest (lines through a corner or along a side, cells at the
    ruler's ends) as :func:`~wartools.grids.exact.classify_polygon` does.
    ``spread`` is :func:`_spread` of each candidate's ruler.
    """
    cx = sh.a * q
    cy = sh.c * q + sh.d * r
    kind = np.full(len(q), MISS, dtype=np.int8)
    cross = X * cy - Y * cx
    if sh.symmetric:
        wmax, vmax = spread
        tc = cx * X + cy * Y
        ac = np.abs(cross)
        cut = ac < wmax
        kind[cut & (tc - vmax > 0) & (tc + vmax < dd)] = CROSSED
        hard = np.flatnonzero((ac == wmax) | (cut & ((tc - vmax <= 0) | (tc + vmax >= dd))))
    else:
        hard = np.arange(len(q))
    corner = np.full(len(q), -1, dtype=np.int64)
    if len(hard):
        kind[hard], corner[hard] = _hard_cells(sh, X[hard], Y[hard], dd[hard], cx[hard], cy[hard])
    order = 2 * (cx * X + sh.wy * cy * Y)
    side = np.where(kind == CROSSED, 0, np.sign(cross)).astype(np.int8)
    return kind, order, side, corner


def _spread(sh: _Shape, X: np.ndarray, Y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per ruler: the largest corner offset's cross product with the ruler, and its projection."""
    return (np.abs(X[:, None] * sh.oy - Y[:, None] * sh.ox).max(1, initial=0),
            np.abs(X[:, None] * sh.ox + Y[:, None] * sh.oy).max(1, initial=0))


def _hard_cells(sh: _Shape, X: np.ndarray, Y: np.ndarray, dd: np.ndarray, cx: np.ndarray,
                cy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Kind and corner key of cells by :func:`~wartools.grids.exact.classify_polygon`'s logic."""
    px = cx[:, None] + sh.ox                       # corners, relative to the ruler's start
    py = cy[:, None] + sh.oy
    s = np.sign(X[:, None] * py - Y[:, None] * px)
    pos, neg = (s > 0).any(1), (s < 0).any(1)
    on = s == 0
    t = px * X[:, None] + py * Y[:, None]          # corner parameters, scaled by dd
    kind = np.full(len(cx), MISS, dtype=np.int8)
    # a supporting line: one corner or a whole side on the line
    sup = np.flatnonzero((pos ^ neg) & on.any(1))
    if len(sup):
        big = np.iinfo(np.int64).max
        ts, ons = t[sup], on[sup]
        lo = np.where(ons, ts, big).min(1)
        hi = np.where(ons, ts, -big).max(1)
        overlap = np.minimum(hi, dd[sup]) - np.maximum(lo, 0)
        kind[sup] = np.where(overlap < 0, MISS,
                             np.where((overlap > 0) & (ons.sum(1) > 1), ALONG, VERTEX))
    # a cutting line: crossed iff the chord reaches past the start and short of the end
    cut = np.flatnonzero(pos & neg)
    if len(cut):
        sc, tc = s[cut], t[cut]
        Xc, Yc, ddc = X[cut, None], Y[cut, None], dd[cut, None]
        den = Xc * sh.ey - Yc * sh.ex
        num = px[cut] * sh.ey - py[cut] * sh.ex
        change = sc * np.roll(sc, -1, axis=1) < 0
        zero = sc == 0
        after = (zero & (tc > 0)) | (change & (num * den > 0))
        before = (zero & (tc < ddc)) | (change & ((den - num) * den > 0))
        kind[cut] = np.where(after.any(1) & before.any(1), CROSSED, MISS)
    first = np.argmax(on, axis=1)
    row = np.arange(len(cx))
    corner = np.where(kind == VERTEX, 2 * (px[row, first] * X + sh.wy * py[row, first] * Y), -1)
    return kind, corner


def _edges(sh: _Shape, X: np.ndarray, Y: np.ndarray, dd: np.ndarray, q: np.ndarray, r: np.ndarray,
           di: np.ndarray) -> tuple[np.ndarray, ...]:
    """The candidate edges (owner cell ``q, r``, direction ``di``) the rulers touch, as
    :func:`~wartools.grids.exact.classify_segment` decides: their indices, kinds and attributes."""
    cx = sh.a * q
    cy = sh.c * q + sh.d * r
    k1, k2 = sh.edge_k[di, 0], sh.edge_k[di, 1]
    ax, ay = cx + sh.ox[k1], cy + sh.oy[k1]
    bx, by = cx + sh.ox[k2], cy + sh.oy[k2]
    s1 = np.sign(X * ay - Y * ax)
    s2 = np.sign(X * by - Y * bx)
    near = np.flatnonzero(s1 * s2 <= 0)          # both ends strictly on one side: a miss
    X, Y, dd, ax, ay, bx, by, s1, s2 = (v[near] for v in (X, Y, dd, ax, ay, bx, by, s1, s2))
    t1 = ax * X + ay * Y
    t2 = bx * X + by * Y
    kind = np.full(len(near), MISS, dtype=np.int8)
    both = (s1 == 0) & (s2 == 0)
    overlap = np.minimum(np.maximum(t1, t2), dd) - np.maximum(np.minimum(t1, t2), 0)
    kind[both & (overlap > 0)] = ALONG
    kind[both & (overlap == 0)] = VERTEX
    apart = s1 * s2 < 0
    ux, uy = bx - ax, by - ay
    o3 = np.sign(ux * (0 - ay) - uy * (0 - ax))
    o4 = np.sign(ux * (Y - ay) - uy * (X - ax))
    kind[apart & (o3 * o4 < 0)] = CROSSED
    one = (s1 * s2 == 0) & ~both
    tt = np.where(s1 == 0, t1, t2)
    kind[one & (tt >= 0) & (tt <= dd)] = VERTEX
    hit = np.flatnonzero(kind != MISS)
    X, Y, ax, ay, bx, by, s1, s2, kind = (v[hit] for v in (X, Y, ax, ay, bx, by, s1, s2, kind))
    order = (ax + bx) * X + sh.wy * (ay + by) * Y
    vertex = kind == VERTEX
    side = np.where(vertex, s1 + s2, 0).astype(np.int8)
    corner = np.where(vertex, np.where(s1 == 0, 2 * (ax * X + sh.wy * ay * Y), 2 * (bx * X + sh.wy * by * Y)),
                      -1)
    return near[hit], kind, order, side, corner


def _estimate(X: np.ndarray, Y: np.ndarray, sh: _Shape) -> np.ndarray:
    """About how many candidate cells each ruler has (its columns times their runs)."""
    return (np.abs(X) // sh.a + 3) * 3 + np.abs(Y) // sh.d * 2


def _chunks(X: np.ndarray, Y: np.ndarray, sh: _Shape) -> list[slice]:
    """Slices of rulers whose candidates stay within :data:`CHUNK_CANDIDATES` per pass."""
    total = np.cumsum(_estimate(X, Y, sh))
    cuts = [0]
    while cuts[-1] < len(X):
        base = total[cuts[-1] - 1] if cuts[-1] else 0
        nxt = int(np.searchsorted(total, base + CHUNK_CANDIDATES, side="right"))
        cuts.append(min(len(X), max(nxt, cuts[-1] + 1)))
    return [slice(a, b) for a, b in zip(cuts[:-1], cuts[1:])]


def _sort(ruler: np.ndarray, order: np.ndarray) -> np.ndarray:
    """A stable permutation sorting rows by ruler, then order (ties keep their given order)."""
    if len(order) == 0:
        return np.zeros(0, dtype=np.int64)
    lo = int(order.min())
    span = int(order.max()) - lo + 1
    if (int(ruler.max()) + 1) * span < 2 ** 62:
        return np.argsort(ruler * span + (order - lo), kind="stable")
    return np.lexsort((order, ruler))


def walk(frame: Frame, dq: np.ndarray, dr: np.ndarray, keep: Keep | None = None) -> Walk:
    """Exact contacts of the rulers from a cell to the cell ``(dq[i], dr[i])`` away.

    ``keep`` (see :class:`Keep`) keeps only some cells / edges; they are
    chosen before classification, so the cost is that of the kept candidates
    plus two lookups per (ruler, column). Rows come sorted per ruler by
    ``(order, dq, dr)`` (edges: ``(order, dq, dr, dir)``).

    Every ruler of a walk without ``keep`` is walked by the compiled loop
    (:func:`walk_compiled`, the same rows) once this process has it loaded, or once the
    rulers it walked with numpy reach :data:`LOAD_FROM` candidates; else with numpy
    (:func:`walk_numpy`, the reference).
    """
    if keep is None:
        if not _COMPILED:
            sh = _shape(frame, directions(frame.kind))
            _WALKED[0] += int(_estimate(*_frame_xy(sh, dq, dr), sh).sum())
        if _COMPILED or _WALKED[0] >= LOAD_FROM:
            return walk_compiled(frame, dq, dr)
    return walk_numpy(frame, dq, dr, keep)


LOAD_FROM = 5_000_000
"""Candidate cells (estimated) a process walks with numpy before it loads the compiled walk:
numpy's walk costs some 300 ns a candidate (its edges included), loading numba and the walk
from its disk cache one to two seconds once per process, so a single line of sight or a small
board never pays it."""
_WALKED = [0]
_COMPILED: list[Callable[..., Any]] = []


def load() -> Callable[..., Any]:
    """The compiled walk loop (:func:`_walk_loop` by numba, ``cache=True``: loaded from numba's
    disk cache after the first compilation), loading it now if need be."""
    if not _COMPILED:
        import numba

        _COMPILED.append(numba.njit(cache=True, nogil=True)(_walk_loop))
    return _COMPILED[0]


def _frame_xy(sh: _Shape, dq: np.ndarray, dr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rulers' ends in the integer frame (checked against :data:`MAX_COORD`)."""
    dq, dr = np.asarray(dq, dtype=np.int64), np.asarray(dr, dtype=np.int64)
    X = sh.a * dq
    Y = sh.c * dq + sh.d * dr
    if len(X) and max(int(np.abs(X).max()), int(np.abs(Y).max())) > MAX_COORD:
        raise ValueError(f"ruler too long for the exact walk (frame coordinates beyond {MAX_COORD})")
    return X, Y


def walk_numpy(frame: Frame, dq: np.ndarray, dr: np.ndarray, keep: Keep | None = None) -> Walk:
    """:func:`walk` in numpy passes over all the rulers at once (the reference the compiled walk
    is tested against)."""
    dirs = directions(frame.kind)
    nd = len(dirs)
    sh = _shape(frame, dirs)
    dq, dr = np.asarray(dq, dtype=np.int64), np.asarray(dr, dtype=np.int64)
    X, Y = _frame_xy(sh, dq, dr)
    cparts: list[tuple[np.ndarray, ...]] = []
    eparts: list[tuple[np.ndarray, ...]] = []
    zero = np.flatnonzero((dq == 0) & (dr == 0))
    if keep is not None:
        slot = keep.start[zero] << SLOT_BITS
        zero = zero[keep.prefix[slot + 1] > keep.prefix[slot]]
    if len(zero):                                 # a ruler of length 0: its own cell, crossed
        z = np.zeros(len(zero), dtype=np.int64)
        cparts.append((zero, z, z, z.astype(np.int8), z, z.astype(np.int8), z - 1))
    moving = np.flatnonzero((dq != 0) | (dr != 0))
    for part in _chunks(X[moving], Y[moving], sh):
        idx = moving[part]
        Xs, Ys = X[idx], Y[idx]
        dds = Xs * Xs + Ys * Ys
        runs = _runs(sh, Xs, Ys)
        if keep is None:
            run, cr_ = ranges(runs[2], runs[3])
            cr, cq = runs[0][run], runs[1][run]
        else:
            kr, kq, kr_, slot = _kept(*runs, keep.part(idx))
            on_cell = slot == 0
            cr, cq, cr_ = kr[on_cell], kq[on_cell], kr_[on_cell]
        wmax, vmax = _spread(sh, Xs, Ys)
        kind, order, side, corner = _cells(sh, Xs[cr], Ys[cr], dds[cr], (wmax[cr], vmax[cr]), cq, cr_)
        hit = kind != MISS
        cparts.append((idx[cr[hit]], cq[hit], cr_[hit], kind[hit], order[hit], side[hit], corner[hit]))
        if keep is None:
            # every edge of a touched cell (an edge the ruler touches has both its cells touched)
            er = np.repeat(cr[hit], nd)
            eq, eq_r = np.repeat(cq[hit], nd), np.repeat(cr_[hit], nd)
            ed = np.tile(np.arange(nd), int(hit.sum()))
        else:
            on_edge = slot > 0
            er, eq, eq_r, ed = kr[on_edge], kq[on_edge], kr_[on_edge], slot[on_edge] - 1
        hit, kind, order, side, corner = _edges(sh, Xs[er], Ys[er], dds[er], eq, eq_r, ed)
        eparts.append((idx[er[hit]], eq[hit], eq_r[hit], ed[hit].astype(np.int8), kind, order, side, corner))
    c = [np.concatenate([p[j] for p in cparts]) if cparts else np.zeros(0, dtype=np.int64) for j in range(7)]
    e = [np.concatenate([p[j] for p in eparts]) if eparts else np.zeros(0, dtype=np.int64) for j in range(8)]
    # rows arrive per ruler in (q, r[, dir]) order: a stable sort by order keeps that for ties
    cs, es = _sort(c[0], c[4]), _sort(e[0], e[5])
    types = (np.int64, np.int64, np.int64, np.int8, np.int64, np.int8, np.int64)
    cells = [x[cs].astype(t, copy=False) for x, t in zip(c, types)]
    edges = [x[es].astype(t, copy=False) for x, t in zip(e, types[:3] + (np.int8,) + types[3:])]
    return Walk(*cells, *edges)


def walk_compiled(frame: Frame, dq: np.ndarray, dr: np.ndarray) -> Walk:
    """:func:`walk` without ``keep`` by the compiled loop (:func:`_walk_loop`): the same rows as
    :func:`walk_numpy`, bit for bit, in the same order.

    Examples
    --------
    >>> from wartools.grids import SquareGrid
    >>> from wartools.los.templates import frame_for
    >>> f = frame_for(SquareGrid(4, 4))
    >>> a, b = walk_compiled(f, np.array([3, 0]), np.array([1, 0])), walk_numpy(f, np.array([3, 0]), np.array([1, 0]))
    >>> all(np.array_equal(x, y) and x.dtype == y.dtype for x, y in zip(a.__dict__.values(), b.__dict__.values()))
    True
    """
    sh = _shape(frame, directions(frame.kind))
    X, Y = _frame_xy(sh, dq, dr)
    cells, edges, nc, ne = load()(X, Y, sh.a, sh.c, sh.d, sh.hx, sh.hy, sh.wy, sh.ox, sh.oy, sh.ex, sh.ey,
                                  sh.edge_k, sh.symmetric)
    ctypes = (np.int64, np.int64, np.int64, np.int8, np.int64, np.int8, np.int64)
    etypes = (np.int64, np.int64, np.int64, np.int8, np.int8, np.int64, np.int8, np.int64)
    return Walk(*(cells[j, :nc].astype(t) for j, t in enumerate(ctypes)),
                *(edges[j, :ne].astype(t) for j, t in enumerate(etypes)))


def _walk_loop(X: Any, Y: Any, a: int, c: int, d: int, hx: int, hy: int, wy: int, ox: Any, oy: Any, ex: Any,
               ey: Any, edge_k: Any, symmetric: bool) -> tuple[Any, Any, int, int]:
    """Ruler by ruler, :func:`walk_numpy`'s steps fused in one loop (compiled by :func:`load`).

    Per ruler: its columns and each column's run of candidate cells, as :func:`_runs` bounds
    them (the same floating-point operations, in the same order); each candidate classified as
    :func:`_cells` and :func:`_hard_cells` do; the edges of each touched cell as :func:`_edges`
    does; then the ruler's rows put in order by insertion sort on the whole key
    (order, q, r[, dir]), which is the order numpy's stable sort leaves (candidates arrive in
    (q, r[, dir]) order there). The columns and runs are visited in the direction in which the
    order grows, so the rows arrive nearly sorted. Returns the cell rows ``(ruler, q, r, kind,
    order, side, corner)`` and the edge rows ``(ruler, q, r, dir, kind, order, side, corner)``
    as int64 tables with room to spare, and how many of each.
    """
    n = len(X)
    nk = len(ox)
    nd = edge_k.shape[0]
    cap_c, cap_e = 1024, 1024
    cells = np.empty((7, cap_c), dtype=np.int64)
    edges = np.empty((8, cap_e), dtype=np.int64)
    nc, ne = 0, 0
    s = np.empty(nk, dtype=np.int64)
    t = np.empty(nk, dtype=np.int64)
    px = np.empty(nk, dtype=np.int64)
    py = np.empty(nk, dtype=np.int64)
    tmp = np.empty((8, 64), dtype=np.int64)
    big = np.iinfo(np.int64).max
    for i in range(n):
        x, y = X[i], Y[i]
        if nc + 1 > cap_c:
            cap_c *= 2
            grown = np.empty((7, cap_c), dtype=np.int64)
            grown[:, :nc] = cells[:, :nc]
            cells = grown
        if x == 0 and y == 0:                           # length 0: its own cell, crossed
            cells[0, nc], cells[1, nc], cells[2, nc], cells[3, nc] = i, 0, 0, CROSSED
            cells[4, nc], cells[5, nc], cells[6, nc] = 0, 0, -1
            nc += 1
            continue
        c_first, e_first = nc, ne
        dd = x * x + y * y
        lo, hi = min(x, 0), max(x, 0)
        q_lo = -((hx - lo) // a)
        q_hi = (hi + hx) // a
        vertical = x == 0
        slope = y / (1 if vertical else x)
        wmax, vmax = 0, 0
        for k in range(nk):
            wmax = max(wmax, abs(x * oy[k] - y * ox[k]))
            vmax = max(vmax, abs(x * ox[k] + y * oy[k]))
        q_step = 1 if a * x + wy * c * y >= 0 else -1
        r_step = 1 if y >= 0 else -1
        for qi in range(q_hi - q_lo + 1):
            q = q_lo + qi if q_step > 0 else q_hi - qi
            xq = a * q
            if vertical:
                y_lo, y_hi = float(min(y, 0)), float(max(y, 0))
            else:
                y1, y2 = slope * float(max(xq - hx, lo)), slope * float(min(xq + hx, hi))
                y_lo, y_hi = np.floor(min(y1, y2)), np.ceil(max(y1, y2))
            col_c, col_e = nc, ne
            cq = c * q
            r_lo = int(np.ceil((y_lo - cq - hy) / d))
            r_hi = int(np.floor((y_hi - cq + hy) / d))
            for ri in range(r_hi - r_lo + 1):
                r = r_lo + ri if r_step > 0 else r_hi - ri
                cx, cy = a * q, c * q + d * r
                cross = x * cy - y * cx
                kind, corner = -1, -1
                hard = not symmetric
                if symmetric:
                    tc = cx * x + cy * y
                    ac = abs(cross)
                    if ac < wmax:
                        if tc - vmax > 0 and tc + vmax < dd:
                            kind = CROSSED
                        else:
                            hard = True
                    elif ac == wmax:
                        hard = True
                if hard:
                    pos, neg, on, first = False, False, 0, -1
                    t_lo, t_hi = big, -big
                    for k in range(nk):
                        px[k], py[k] = cx + ox[k], cy + oy[k]
                        v = x * py[k] - y * px[k]
                        s[k] = 0 if v == 0 else (1 if v > 0 else -1)
                        t[k] = px[k] * x + py[k] * y
                        if s[k] > 0:
                            pos = True
                        elif s[k] < 0:
                            neg = True
                        else:
                            on += 1
                            t_lo, t_hi = min(t_lo, t[k]), max(t_hi, t[k])
                            if first < 0:
                                first = k
                    if pos != neg and on > 0:           # a supporting line: a corner or a side on it
                        overlap = min(t_hi, dd) - max(t_lo, 0)
                        if overlap >= 0:
                            kind = ALONG if overlap > 0 and on > 1 else VERTEX
                    elif pos and neg:                   # a cutting line: does its chord meet the ruler?
                        after, before = False, False
                        for k in range(nk):
                            if s[k] == 0:
                                after = after or t[k] > 0
                                before = before or t[k] < dd
                            elif s[k] * s[(k + 1) % nk] < 0:
                                den = x * ey[k] - y * ex[k]
                                num = px[k] * ey[k] - py[k] * ex[k]
                                after = after or num * den > 0
                                before = before or (den - num) * den > 0
                        if after and before:
                            kind = CROSSED
                    if kind == VERTEX:
                        corner = 2 * (px[first] * x + wy * py[first] * y)
                if kind < 0:
                    continue
                if nc + 1 > cap_c:
                    cap_c *= 2
                    grown = np.empty((7, cap_c), dtype=np.int64)
                    grown[:, :nc] = cells[:, :nc]
                    cells = grown
                cells[0, nc], cells[1, nc], cells[2, nc], cells[3, nc] = i, q, r, kind
                cells[4, nc] = 2 * (cx * x + wy * cy * y)
                cells[5, nc] = 0 if kind == CROSSED or cross == 0 else (1 if cross > 0 else -1)
                cells[6, nc] = corner
                nc += 1
                if ne + nd > cap_e:
                    cap_e *= 2
                    grown = np.empty((8, cap_e), dtype=np.int64)
                    grown[:, :ne] = edges[:, :ne]
                    edges = grown
                for di in range(nd):                    # the edges this cell owns
                    k1, k2 = edge_k[di, 0], edge_k[di, 1]
                    ax, ay, bx, by = cx + ox[k1], cy + oy[k1], cx + ox[k2], cy + oy[k2]
                    v1, v2 = x * ay - y * ax, x * by - y * bx
                    s1 = 0 if v1 == 0 else (1 if v1 > 0 else -1)
                    s2 = 0 if v2 == 0 else (1 if v2 > 0 else -1)
                    if s1 * s2 > 0:
                        continue
                    t1, t2 = ax * x + ay * y, bx * x + by * y
                    ekind = -1
                    if s1 == 0 and s2 == 0:
                        overlap = min(max(t1, t2), dd) - max(min(t1, t2), 0)
                        if overlap > 0:
                            ekind = ALONG
                        elif overlap == 0:
                            ekind = VERTEX
                    elif s1 * s2 < 0:
                        ux, uy = bx - ax, by - ay
                        w3, w4 = ux * (0 - ay) - uy * (0 - ax), ux * (y - ay) - uy * (x - ax)
                        if (w3 > 0 and w4 < 0) or (w3 < 0 and w4 > 0):
                            ekind = CROSSED
                    else:
                        tt = t1 if s1 == 0 else t2
                        if 0 <= tt <= dd:
                            ekind = VERTEX
                    if ekind < 0:
                        continue
                    edges[0, ne], edges[1, ne], edges[2, ne], edges[3, ne] = i, q, r, di
                    edges[4, ne], edges[5, ne] = ekind, (ax + bx) * x + wy * (ay + by) * y
                    edges[6, ne] = s1 + s2 if ekind == VERTEX else 0
                    if ekind != VERTEX:
                        edges[7, ne] = -1
                    elif s1 == 0:
                        edges[7, ne] = 2 * (ax * x + wy * ay * y)
                    else:
                        edges[7, ne] = 2 * (bx * x + wy * by * y)
                    ne += 1
            if tmp.shape[1] < max(nc - col_c, ne - col_e) + 1:
                tmp = np.empty((8, 2 * tmp.shape[1] + nc - col_c + ne - col_e), dtype=np.int64)
            for table in range(2):                      # the ruler's rows in order
                rows, first, mid, end = (cells, c_first, col_c, nc) if table == 0 else (edges, e_first, col_e, ne)
                key = 4 if table == 0 else 5            # order's column; ties: the columns 1 .. key - 2
                width = rows.shape[0]
                # the column's rows: insertion sort (they arrive nearly sorted)
                for p in range(mid + 1, end):
                    for w in range(width):
                        tmp[w, 0] = rows[w, p]
                    j = p - 1
                    while j >= mid:
                        later = False
                        for k in range(key - 1):
                            col = key if k == 0 else k
                            if rows[col, j] != tmp[col, 0]:
                                later = rows[col, j] > tmp[col, 0]
                                break
                        if not later:
                            break
                        for w in range(width):
                            rows[w, j + 1] = rows[w, j]
                        j -= 1
                    for w in range(width):
                        rows[w, j + 1] = tmp[w, 0]
                # merged with the rows of the columns before, from the back (a few overlap at most)
                m = end - mid
                if m == 0 or mid == first:
                    continue
                later = False
                for k in range(key - 1):
                    col = key if k == 0 else k
                    if rows[col, mid - 1] != rows[col, mid]:
                        later = rows[col, mid - 1] > rows[col, mid]
                        break
                if not later:                           # in order already
                    continue
                for w in range(width):
                    for b_ in range(m):
                        tmp[w, b_] = rows[w, mid + b_]
                a_, b_, out = mid - 1, m - 1, end - 1
                while b_ >= 0:
                    later = False
                    if a_ >= first:
                        for k in range(key - 1):
                            col = key if k == 0 else k
                            if rows[col, a_] != tmp[col, b_]:
                                later = rows[col, a_] > tmp[col, b_]
                                break
                    if not later:
                        for w in range(width):
                            rows[w, out] = tmp[w, b_]
                        b_ -= 1
                    else:
                        for w in range(width):
                            rows[w, out] = rows[w, a_]
                        a_ -= 1
                    out -= 1
    return cells, edges, nc, ne
