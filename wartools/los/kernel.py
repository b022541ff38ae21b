"""Compiled kernels of the LOS engine (numba), for the loops numpy can only do in many passes.

A batch of rulers read from a dense template table (:mod:`wartools.los.templates`)
lists, for every ruler ``i``, the template rows ``start[i]:stop[i]`` shifted to
the ruler's start cell, and keeps only the rows on the cells (or edges) the
policy declared relevant. In numpy that is about ten passes over *every*
template row (repeat, cumulative sums, two gathers, a mask, a compaction), of
which some nine in ten are dropped; :func:`kept_rows` does it in one fused
loop that touches each template row once and writes only the kept rows, in
the same order (per ruler, then template row). The numpy version,
:func:`kept_rows_numpy`, stays as the reference the tests compare against and
as the path of small batches, which would not repay importing numba.

numba is imported on the first batch of at least :data:`LOAD_FROM` template
rows only (``import wartools``, a single line of sight and small boards stay
light); the compiled code is cached on disk (``cache=True``), so a fresh
process loads it instead of compiling it.

Examples
--------
>>> import numpy as np
>>> start, stop = np.array([0, 2]), np.array([3, 4])
>>> a, rel = np.array([10, 20]), np.array([0, 1, 2, 3])
>>> keep = np.zeros(30, dtype=bool); keep[[11, 12, 22]] = True
>>> [x.tolist() for x in kept_rows(start, stop, a, rel, 1, keep)]
[[0, 0, 1], [1, 2, 2], [11, 12, 22]]
>>> [x.tolist() for x in kept_rows_numpy(start, stop, a, rel, 1, keep)]
[[0, 0, 1], [1, 2, 2], [11, 12, 22]]
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from wartools.los.walk import load as load_walk
from wartools.los.walk import ranges

COMPILED_FROM = 20_000
"""Template rows in a batch from which :func:`kept_rows` runs a compiled loop once the kernels are
loaded (below it numpy's passes cost less than a call through numba's dispatcher)."""
LOAD_FROM = 1_000_000
"""Template rows in a batch that make a process load the compiled kernels: loading them (numba's
start-up, then the kernels from its disk cache) costs one to two seconds once per process, which a
batch pays back only when numpy's passes over its rows would cost a good fraction of that."""

Rows = tuple[np.ndarray, np.ndarray, np.ndarray]


def kept_rows_numpy(start: np.ndarray, stop: np.ndarray, a: np.ndarray, rel: np.ndarray, scale: int,
                    keep: np.ndarray | None) -> Rows:
    """Ruler, template row and ext id of every contact row (numpy; see :func:`kept_rows`)."""
    pair, rows = ranges(start, stop)
    if len(a) and (a[0] == a).all():          # one observer (a viewshed): no per-row gather of a
        ids = rel[rows]
        ids += int(a[0]) * scale
    else:
        ids = a[pair] * scale
        ids += rel[rows]
    if keep is not None:
        sel = np.flatnonzero(keep[ids])
        pair, rows, ids = pair[sel], rows[sel], ids[sel]
    return pair, rows, ids


@dataclass(frozen=True)
class RowIndex:
    """Template rows grouped by their ext-id offset, to find the rows on a given cell or edge.

    ``disp[k]`` is the displacement block of template row ``k``; the rows whose
    offset is ``v`` are ``rows[first[v - low]:first[v - low + 1]]``, in template
    order. Build one with :meth:`of` (per template table and map box: the
    offsets depend on the box's height).
    """

    disp: np.ndarray
    low: int
    first: np.ndarray
    rows: np.ndarray

    @property
    def per_offset(self) -> float:
        """Template rows per offset, on average."""
        return len(self.rows) / max(1, len(self.first) - 1)

    @classmethod
    def of(cls, start: np.ndarray, rel: np.ndarray) -> RowIndex:
        """The index of template rows ``rel`` laid out in blocks ``start[d]:start[d + 1]``."""
        disp = np.repeat(np.arange(len(start) - 1), np.diff(start))
        low = int(rel.min(initial=0))
        rows = np.argsort(rel, kind="stable")
        first = np.searchsorted(rel[rows], np.arange(low, int(rel.max(initial=0)) + 2))
        return cls(disp, low, first.astype(np.int64), rows.astype(np.int64))


class RowSource(NamedTuple):
    """The cell (or edge) contact rows of a batch as a compiled verdict reads them, ungathered.

    The rows of ruler ``i`` are ``start[i] <= k < stop[i]``, in order along the ruler; row
    ``k`` of ruler ``i`` is on the cell (or edge) ``base[i] + rel[k]`` and counts only where
    ``keep`` holds there (``None``: every row counts); ``kind``, ``order``, ``side`` and
    ``corner`` are the per-row columns of :class:`~wartools.los.geometry.CellRows`. A batch
    read from a template table shares the table's rows (``base`` the rulers' start ids times
    the id scale); a walked batch lists its own kept rows (:meth:`walked`).
    """

    start: np.ndarray
    stop: np.ndarray
    base: np.ndarray
    rel: np.ndarray
    kind: np.ndarray
    order: np.ndarray
    side: np.ndarray
    corner: np.ndarray
    keep: np.ndarray | None

    @classmethod
    def walked(cls, ruler: np.ndarray, ids: np.ndarray, kind: np.ndarray, order: np.ndarray, side: np.ndarray,
               corner: np.ndarray, n: int) -> RowSource:
        """The source of rows listed one by one (``ruler``: each row's ruler, grouped by ruler).

        Examples
        --------
        >>> src = RowSource.walked(np.array([0, 0, 2]), np.array([7, 8, 9]), *[np.zeros(3, dtype=np.int64)] * 4, 3)
        >>> src.start.tolist(), src.stop.tolist(), src.rel.tolist()
        ([0, 2, 2], [2, 2, 3], [7, 8, 9])
        """
        edges = np.searchsorted(ruler, np.arange(n + 1))
        return cls(edges[:-1], edges[1:], np.zeros(n, dtype=np.int64), ids, kind, order, side, corner, None)

    def rows(self) -> int:
        """How many rows the source spans (kept or not)."""
        return int(np.maximum(self.stop - self.start, 0).sum())

    def arrays(self, size: int) -> tuple[np.ndarray, ...]:
        """The columns as a compiled verdict takes them: int64 ranges and ids, a keep mask of
        ``size`` entries (all true for ``keep=None``)."""
        keep = self.keep if self.keep is not None else _every(size)
        return (self.start.astype(np.int64, copy=False), self.stop.astype(np.int64, copy=False),
                self.base.astype(np.int64, copy=False), self.rel.astype(np.int64, copy=False),
                self.kind, self.order, self.side, self.corner, keep.astype(np.bool_, copy=False))


_EVERY: dict[int, np.ndarray] = {}


def _every(size: int) -> np.ndarray:
    got = _EVERY.get(size)
    if got is None:
        if len(_EVERY) > 8:
            _EVERY.clear()
        got = _EVERY[size] = np.ones(size, dtype=np.bool_)
    return got


VERDICT_LOAD_FROM = 4_000_000
"""Template rows a process judges with numpy before it loads the compiled kernels for its verdicts
(then every later batch, large or small, is judged compiled): about two seconds of numpy judgement,
what loading numba costs once, so a single viewshed or line of sight never pays it."""
CALL_ROWS = 500
"""What one numpy judgement costs besides its rows, in template rows (about a quarter of a
millisecond: a play engine asks thousands of small batches, whose judging is mostly that)."""
_JUDGED = [0]


def verdict_kernel(fn: Callable[..., Any], sources: tuple[RowSource, ...]) -> Callable[..., Any] | None:
    """The compiled form of a policy's verdict function ``fn`` when the process has the compiled
    kernels loaded, or has judged :data:`VERDICT_LOAD_FROM` template rows with numpy, each batch
    counting :data:`CALL_ROWS` more (this batch included, and loading them now); ``None``
    otherwise (the caller judges with numpy).

    The compiled function is cached per function object (``cache=True``: on disk too).
    """
    if not _KERNELS:
        _JUDGED[0] += CALL_ROWS + sum(s.rows() for s in sources)
        if _JUDGED[0] < VERDICT_LOAD_FROM:
            return None
    got = _KERNELS.get(fn)
    if got is None:
        import numba

        _compiled()
        got = _KERNELS[fn] = numba.njit(cache=True, nogil=True)(fn)
    return got


def compiled_verdict(fn: Callable[..., Any], batch: Any) -> tuple[Callable[..., Any], tuple[np.ndarray, ...]] | None:
    """A policy's verdict function ``fn`` compiled (:func:`verdict_kernel`) and the columns of
    ``batch``'s cell rows then edge rows as it takes them (:meth:`RowSource.arrays`, eighteen
    arrays); ``None`` while the process judges with numpy."""
    cells, edges = batch.sources()
    got = verdict_kernel(fn, (cells, edges))
    if got is None:
        return None
    geo = batch.geo
    return got, (*cells.arrays(geo.n), *edges.arrays(len(geo.edge_c1)))


OBSERVER_SLOTS = 1 << 22
"""Most (observer, displacement) slots the obstacle-first kernel allocates for one batch."""
OBSTACLE_FIRST = 2.0
"""The obstacle-first kernel runs when the template rows it would visit (observers times kept ids
times the rows per offset) times this are fewer than the rows a scan would read (a visited row
costs a scattered write and a sort step, a scanned one a sequential read)."""


def kept_rows(start: np.ndarray, stop: np.ndarray, a: np.ndarray, rel: np.ndarray, scale: int,
              keep: np.ndarray | None, disp: np.ndarray | None = None, blocks: int = 0,
              index: Callable[[], RowIndex] | None = None) -> Rows:
    """Ruler ``i``, template row ``k`` and ext id ``a[i] * scale + rel[k]`` of every row
    ``start[i] <= k < stop[i]`` whose id ``keep`` holds (every row when ``keep`` is ``None``),
    ruler by ruler, rows in template order: exactly :func:`kept_rows_numpy`'s arrays.

    ``disp`` (the displacement block of each ruler, ``start[i] = t_start[disp[i]]``, of
    ``blocks`` in all) and ``index`` (a function giving the :class:`RowIndex` of the template rows) let a batch of
    few observers go *obstacle first*: for each observer, only the rows on kept ids are
    visited (found through the index), so the cost is that of the kept rows, not of every
    row of every ruler.
    """
    total = int(np.maximum(stop - start, 0).sum())
    if keep is None or total < (COMPILED_FROM if _KERNELS else LOAD_FROM):
        return kept_rows_numpy(start, stop, a, rel, scale, keep)
    start, stop, a = (x.astype(np.int64, copy=False) for x in (start, stop, a))
    keep = keep.astype(np.bool_, copy=False)
    kernels = _compiled()
    if disp is not None and index is not None:
        slot_of, observers = kernels["observers"](a, len(keep) // scale)
        ids = _kept_ids(keep)
        # worth it when the rows at the observers' kept ids are fewer than the rows to scan
        ix = index() if observers * blocks <= OBSERVER_SLOTS else None
        if ix is not None and observers * len(ids) * ix.per_offset * OBSTACLE_FIRST < total:
            got = kernels["obstacle_first"](a, disp.astype(np.int64, copy=False), slot_of, observers,
                                            blocks, ids, int(scale), ix.disp, ix.low, ix.first, ix.rows)
            if got[3]:
                return got[0], got[1], got[2]
    return kernels["scan"](start, stop, a, rel.astype(np.int64, copy=False), int(scale), keep)


_KEPT: list[tuple[np.ndarray, np.ndarray]] = []


def _kept_ids(keep: np.ndarray) -> np.ndarray:
    """``flatnonzero(keep)``, remembered for the last mask (a policy's masks are cached objects)."""
    if _KEPT and _KEPT[0][0] is keep:
        return _KEPT[0][1]
    ids = np.flatnonzero(keep).astype(np.int64)
    _KEPT[:] = [(keep, ids)]
    return ids


_KERNELS: dict[Any, Callable[..., Any]] = {}


def load() -> None:
    """Load the compiled kernels now (numba's start-up, the kernels and the compiled line walk,
    :func:`wartools.los.walk.load`, from its disk cache), for a program that knows it will judge
    many rulers and would rather not pay it mid-way."""
    _compiled()
    load_walk()


def loaded() -> bool:
    """Whether this process has the compiled kernels (then every verdict is judged compiled)."""
    return bool(_KERNELS)


def _compiled() -> dict[Any, Callable[..., Any]]:
    """The numba kernels, compiled (or loaded from numba's cache) on first use."""
    if not _KERNELS:
        import numba

        jit = numba.njit(cache=True, nogil=True)
        _KERNELS.update(scan=jit(_scan), observers=jit(_observers), obstacle_first=jit(_obstacle_first))
    return _KERNELS


def _scan(start: Any, stop: Any, a: Any, rel: Any, scale: int, keep: Any) -> Rows:
    """Two passes over the template rows of every ruler: count the kept ones, then write them.

    Both passes are branch-free (a kept row advances the write position by one, a dropped one
    is overwritten by the next row), so a mask that keeps one row in ten costs no mispredictions.
    """
    n = len(start)
    count = 0
    for i in range(n):
        base = a[i] * scale
        for k in range(start[i], stop[i]):
            count += keep[base + rel[k]]
    pair = np.empty(count + 1, dtype=np.int64)
    rows = np.empty(count + 1, dtype=np.int64)
    ids = np.empty(count + 1, dtype=np.int64)
    j = 0
    for i in range(n):
        base = a[i] * scale
        for k in range(start[i], stop[i]):
            x = base + rel[k]
            pair[j] = i
            rows[j] = k
            ids[j] = x
            j += keep[x]
    return pair[:count], rows[:count], ids[:count]


def _observers(a: Any, n_ext: int) -> tuple[Any, int]:
    """Per ruler, the index of its observer among the batch's distinct observers; their count."""
    seen = np.full(n_ext, -1, dtype=np.int64)
    slot_of = np.empty(len(a), dtype=np.int64)
    count = 0
    for i in range(len(a)):
        x = a[i]
        if seen[x] < 0:
            seen[x] = count
            count += 1
        slot_of[i] = seen[x]
    return slot_of, count


def _obstacle_first(a: Any, disp: Any, slot_of: Any, observers: int, width: int, ids: Any, scale: int,
                    row_disp: Any, low: int, first: Any, by_offset: Any) -> tuple[Any, Any, Any, bool]:
    """The kept rows found from the kept ids: per observer, per kept id, the template rows at
    that offset whose ruler is in the batch; then put in ruler order, template order within.

    Returns ``ok = False`` (and no rows) when two rulers of the batch are the same ruler.
    """
    ruler = np.full(observers * width, -1, dtype=np.int64)
    obs = np.empty(observers, dtype=np.int64)
    for i in range(len(a)):
        s = slot_of[i] * width + disp[i]
        if ruler[s] >= 0:
            empty = np.empty(0, dtype=np.int64)
            return empty, empty, empty, False
        ruler[s] = i
        obs[slot_of[i]] = a[i]
    span = len(first) - 1
    count = np.zeros(len(a) + 1, dtype=np.int64)
    for pass_ in range(2):
        if pass_ == 1:
            for i in range(len(a)):
                count[i + 1] += count[i]
            pair = np.empty(count[len(a)], dtype=np.int64)
            rows = np.empty(count[len(a)], dtype=np.int64)
            out = np.empty(count[len(a)], dtype=np.int64)
            fill = count[:len(a)].copy()
        for o in range(observers):
            base = obs[o] * scale
            for x in ids:
                v = x - base - low
                if v < 0 or v >= span:
                    continue
                for j in range(first[v], first[v + 1]):
                    k = by_offset[j]
                    i = ruler[o * width + row_disp[k]]
                    if i < 0:
                        continue
                    if pass_ == 0:
                        count[i + 1] += 1
                    else:
                        p = fill[i]
                        pair[p] = i
                        rows[p] = k
                        out[p] = x
                        fill[i] = p + 1
    for i in range(len(a)):                       # template order within each ruler: insertion sort
        for p in range(count[i] + 1, count[i + 1]):
            k, x = rows[p], out[p]
            q = p - 1
            while q >= count[i] and rows[q] > k:
                rows[q + 1], out[q + 1] = rows[q], out[q]
                q -= 1
            rows[q + 1], out[q + 1] = k, x
    return pair, rows, out, True


def distance_table(geo: Any) -> tuple[np.ndarray, int, int]:
    """``(table, rq, rr)``: the grid distance of every displacement within a map's box,
    ``table[dq + rq, dr + rr]`` (the frame's own metric, so a compiled verdict measures as
    :meth:`~wartools.los.geometry.MapGeometry.distance` does); cached on the geometry.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.los import geometry
    >>> geo = geometry(tiny_map("combat-infantry", 4, 4))
    >>> table, rq, rr = distance_table(geo)
    >>> int(table[2 + rq, -1 + rr]) == int(geo.frame.distance(np.array([2]), np.array([-1]))[0])
    True
    """
    key = ("distance-table",)
    cache = getattr(geo, "board", geo).prepared          # the board's: every position shares it
    got = cache.get(key)
    if got is None:
        rq, rr = int(geo.wq), int(geo.h)
        dq, dr = np.meshgrid(np.arange(-rq, rq + 1), np.arange(-rr, rr + 1), indexing="ij")
        table = geo.frame.distance(dq.ravel(), dr.ravel()).reshape(dq.shape).astype(np.int64)
        got = cache[key] = (table, rq, rr)
    return got
