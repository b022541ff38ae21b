"""Analyses built on the vectorised engine: viewsheds, the all-pairs matrix, dead ground, coverage.

Every function here evaluates many rulers per call of
:func:`wartools.los.engine.evaluate`; for a symmetric policy the all-pairs
matrix judges each unordered pair once. Long runs show a ``tqdm`` progress
bar (``progress=False`` hides it).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map('conflict-of-heroes', 4, 3, terrain={'B2': 'woods'}, name='demo')
>>> vm = visibility_matrix(m, progress=False)
>>> vm.sees("B1", "B3"), vm.sees("A2", "C2")    # A2-C2 runs along B1|B2: not blocked
(False, True)
>>> coverage(m)[m.cell("B2")]
11
"""
from __future__ import annotations

import csv
import hashlib
import io
import itertools
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np

from wartools.answers import Answer
from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.los.engine import evaluate, make_situation, policy_for
from wartools.los.geometry import MapGeometry, geometry
from wartools.los.matrix import cached_matrix, judge_rows, mirror, plan, visible_from
from wartools.rules.los import LOSPolicy, LOSSituation
from wartools.los.result import DeadGround, Viewshed
from wartools.mapmodel import Map
from wartools.mapmodel.yamlio import write_atomic
from wartools.situation import Situation, check_keywords

CHUNK = 40_000


def _cells(m: Map, cells: Iterable[Cell | str] | None) -> list[Cell]:
    """``cells`` (labels or cells, checked to be on the board) or the whole board."""
    return list(m.grid.cells()) if cells is None else [m.cell(c) for c in cells]


def _target_ids(m: Map, geo: MapGeometry, cells: Iterable[Cell | str] | None) -> np.ndarray:
    """Ext ids of ``cells`` (default: the board), vectorised when they are the grid's own cells."""
    if cells is None:
        return geo.board_ids
    cells = cells if isinstance(cells, (list, tuple)) else list(cells)
    last = geo.board.prepared.get(_TARGETS)
    if last is not None and len(last[0]) == len(cells) and last[0] == cells:
        return last[1]                # the cells of the last call again (a viewshed per observer)
    ids = None
    if cells and set(map(type, cells)) == {type(geo.cells[0])}:
        xy = np.fromiter(itertools.chain.from_iterable(cells), dtype=np.int64, count=2 * len(cells))
        q, r = xy[0::2] - geo.q0, xy[1::2] - geo.r0
        if ((q >= 0) & (q < geo.wq) & (r >= 0) & (r < geo.h)).all():
            ids = q * geo.h + r
            ids = ids if geo.onboard[ids].all() else None
    if ids is None:
        ids = geo.exts(_cells(m, cells))
    if len(cells) >= REMEMBER_TARGETS:
        ids.flags.writeable = False
        geo.board.prepared[_TARGETS] = (list(cells), ids)
    return ids


_TARGETS = ("target cells",)
REMEMBER_TARGETS = 64
"""Target cells from which a board remembers the ext ids of the last list it was asked (compared
element by element with the next list: the same objects compare in a pointer test each)."""


def _one_or_many(cells: Cell | str | Iterable[Cell | str]) -> list[Cell | str]:
    """``cells`` as a list: one label or cell (a tuple of ints) is a list of one."""
    if isinstance(cells, str) or (isinstance(cells, tuple) and all(isinstance(x, int) for x in cells)):
        return [cells]
    return list(cells)


def _progress(total: int, progress: bool | None, desc: str) -> Any:
    from tqdm.auto import tqdm

    disable = (total < 200_000) if progress is None else not progress
    return tqdm(total=total, desc=desc, unit="rulers", disable=disable, leave=False)


def viewshed(m: Map, cell: Cell | str, situation: Situation | None = None, *,
             cells: Iterable[Cell | str] | None = None, policy: LOSPolicy | None = None,
             **options: Any) -> Viewshed:
    """The cells visible from ``cell`` (its own cell included), in board order: a
    :class:`~wartools.los.result.Viewshed` (iterated, counted and tested like a tuple of cells).

    ``range=`` (or the game's default range) limits the cells considered;
    ``cells=`` restricts the targets.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("company-of-heroes", 9, 9)
    >>> len(viewshed(m, "E5"))           # sight 2 (Company of Heroes 7, Sight)
    19
    >>> len(viewshed(m, "E5", range=3))
    37
    """
    check_keywords(viewshed, LOSSituation, options)
    sit = make_situation(m, situation, **options)
    policy = policy or policy_for(m)
    geo = geometry(m)
    a = m.cell(cell)
    tb = _target_ids(m, geo, cells)
    aa = np.full(len(tb), geo.ext(a))
    limit = policy.max_range(sit)
    if limit is not None:
        near = geo.distance(aa, tb) <= limit
        tb, aa = tb[near], aa[near]
    seen: tuple[Cell, ...] = ()
    if len(tb):
        cs = geo.cells
        mat = cached_matrix(m, sit, policy)
        if mat is not None:                   # a matrix file of this map and situation answers
            seen = tuple([cs[i] for i in tb[visible_from(mat, geo, int(aa[0]), tb)].tolist()])
        else:
            ev = evaluate(m, aa, tb, sit, policy=policy, geo=geo)
            seen = tuple([cs[i] for i in tb[ev.visible].tolist()])
    return Viewshed(m, a, seen, sit, policy.assumptions(sit))


@dataclass(frozen=True)
class VisibilityMatrix(Answer):
    """All-pairs visibility: ``visible[i, j]`` is whether ``cells[i]`` sees ``cells[j]``.

    ``status`` holds 0 clear, 1 hindered, 2 blocked; ``situation`` and ``assumptions`` are
    the question's and the readings it rests on.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> vm = visibility_matrix(tiny_map("combat-infantry", 3, 1, terrain={"B1": "town"}), progress=False)
    >>> vm.to_json()["visible"], vm.text().splitlines()[0]
    ([[1, 1, 0], [1, 1, 1], [0, 1, 1]], '3 cells: 4 of 6 ordered pairs see each other')
    """

    map: Map
    cells: tuple[Cell, ...]
    visible: np.ndarray
    status: np.ndarray
    situation: LOSSituation = field(default_factory=LOSSituation, repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        """``{"cells": [labels], "visible": [[0 or 1, ...], ...], "assumptions"}`` (row: the observer)."""
        return {"cells": [self.map.label(c) for c in self.cells], "visible": self.visible.astype(int).tolist(),
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """How many ordered pairs see each other, assumed readings last."""
        n = len(self.cells)
        seen = int(self.visible.sum()) - int(np.trace(self.visible))
        return "\n".join([f"{n} cells: {seen} of {n * (n - 1)} ordered pairs see each other",
                          *(f"  {a.text()}" for a in self.assumptions)])

    def draw(self, ax: Any = None) -> Any:
        """Each cell shaded by how many other cells see it (:meth:`seen_by`), with a colour bar
        (:func:`wartools.render.los.draw_matrix`)."""
        from wartools.render.los import draw_matrix

        return draw_matrix(self, ax=ax)

    def seen_by(self) -> Coverage:
        """How many other cells see each cell (the columns' sums, each cell's own sight left out):
        the :class:`Coverage` answer the matrix's picture draws.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> vm = visibility_matrix(tiny_map("combat-infantry", 3, 1, terrain={"B1": "town"}), progress=False)
        >>> vm.seen_by().to_json()["seen_by"]
        {'A1': 1, 'B1': 2, 'C1': 1}
        """
        counts = self.visible.sum(axis=0) - np.diag(self.visible)
        return Coverage(self.map, MappingProxyType({c: int(k) for c, k in zip(self.cells, counts)}), self.situation,
                        self.assumptions)

    def index(self, cell: Cell | str) -> int:
        """Row/column of a cell."""
        return self.cells.index(self.map.cell(cell))

    def sees(self, a: Cell | str, b: Cell | str) -> bool:
        """Whether ``a`` sees ``b``."""
        return bool(self.visible[self.index(a), self.index(b)])

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The matrix as CSV (first row and column are labels; 1 visible, 0 not).

        Returns the text; also writes it to ``path`` if given.
        """
        labels = [self.map.label(c) for c in self.cells]
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["from\\to", *labels])
        for lab, row in zip(labels, self.visible.astype(int)):
            w.writerow([lab, *row.tolist()])
        text = buf.getvalue()
        if path is not None:
            write_atomic(path, text)
        return text


def _all_pairs(m: Map, cells: Iterable[Cell | str] | None, situation: Situation | None,
               policy: LOSPolicy | None, options: dict[str, Any]) -> tuple[LOSSituation, LOSPolicy, MapGeometry,
                                                                      list[Cell], np.ndarray]:
    """Situation, policy, geometry, cells and their ext ids of an all-pairs analysis."""
    sit = make_situation(m, situation, **options)
    geo = geometry(m)
    cs = _cells(m, cells)
    return sit, policy or policy_for(m), geo, cs, geo.exts(cs)


def _row_blocks(n: int, per_row: int, chunk: int) -> Iterator[tuple[int, int]]:
    """Blocks ``[i0, i1)`` of observer rows of about ``chunk`` rulers each (``per_row`` per row)."""
    step = max(1, chunk // max(per_row, 1))
    for i0 in range(0, n, step):
        yield i0, min(n, i0 + step)


def _block_pairs(i0: int, i1: int, n: int, upper: bool) -> tuple[np.ndarray, np.ndarray]:
    """Pairs ``(i, j)`` of rows ``i0 <= i < i1``: every ``j != i``, or only ``j > i`` when ``upper``."""
    ii = np.repeat(np.arange(i0, i1), n)
    jj = np.tile(np.arange(n), i1 - i0)
    keep = jj > ii if upper else jj != ii
    return ii[keep], jj[keep]


def visibility_matrix(m: Map, cells: Iterable[Cell | str] | None = None,
                      situation: Situation | None = None, *, policy: LOSPolicy | None = None,
                      progress: bool | None = None, chunk: int = CHUNK,
                      **options: Any) -> VisibilityMatrix:
    """Judge every ordered pair of ``cells`` (default: the whole board) in tiles of observer rows.

    When the policy is symmetric for this map and situation each unordered pair
    is judged once and mirrored. Pairs beyond the maximum range are not judged.
    Working memory is that of one tile (about ``chunk`` rulers) besides the
    result, ``n * n`` bytes of status (1 MB per 1,000 cells squared: 41 MB for
    6,400 cells); for boards whose matrix should not be held in memory, stream
    it to a file with :func:`write_matrix`.
    """
    check_keywords(visibility_matrix, LOSSituation, options)
    sit, policy, geo, cs, ids = _all_pairs(m, cells, situation, policy, options)
    n = len(cs)
    mat = cached_matrix(m, sit, policy)
    if mat is not None:                       # a matrix file of this map and situation answers
        index = mat.ext_index(geo)[ids]
        status = mat.status[np.ix_(index, index)]
        return VisibilityMatrix(m, tuple(cs), status < 2, status, sit, policy.assumptions(sit))
    symmetric = policy.is_symmetric(geo, sit)
    status = np.empty((n, n), dtype=np.int8)
    tiles = plan(n, symmetric, chunk)
    with _progress(n * (n - 1) // 2 if symmetric else n * (n - 1), progress, "line of sight") as bar:
        for i0, i1 in tiles:
            status[i0:i1] = judge_rows(m, geo, policy, sit, ids, i0, i1, symmetric, chunk)
            bar.update(sum(n - i - 1 for i in range(i0, i1)) if symmetric else (i1 - i0) * (n - 1))
    if symmetric:
        mirror(status, tiles)
    return VisibilityMatrix(m, tuple(cs), status < 2, status, sit, policy.assumptions(sit))


def write_matrix(m: Map, path: str | os.PathLike[str], cells: Iterable[Cell | str] | None = None,
                 situation: Situation | None = None, *, policy: LOSPolicy | None = None,
                 progress: bool | None = None, chunk: int = CHUNK, resume: bool = True,
                 **options: Any) -> Path:
    """Stream the visibility matrix of ``cells`` to a CSV file, a tile of observer rows at a time.

    The file is :meth:`VisibilityMatrix.to_csv`'s (labels in the first row and
    column, 1 visible, 0 not). Memory stays that of one tile (about ``chunk``
    rulers, whatever the board: every row is judged in full, so a symmetric
    policy pays twice what :func:`visibility_matrix` pays). Rows are appended
    to a hidden ``.partial`` file next to ``path`` named after the map's
    content and the situation; an interrupted run started again with
    ``resume=True`` carries on after the last complete row, and the finished
    file replaces ``path`` in one rename (through a symbolic link, its target).

    Examples
    --------
    >>> import tempfile
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 3, 1, terrain={"B1": "town"})
    >>> with tempfile.TemporaryDirectory() as d:
    ...     print(write_matrix(m, f"{d}/m.csv", progress=False).read_text(), end="")
    from\\to,A1,B1,C1
    A1,1,1,0
    B1,1,1,1
    C1,0,1,1
    """
    check_keywords(write_matrix, LOSSituation, options)
    sit, policy, geo, cs, ids = _all_pairs(m, cells, situation, policy, options)
    n = len(cs)
    labels = [m.label(c) for c in cs]
    target = Path(os.path.realpath(path))
    key = hashlib.sha256(repr((m.fingerprint, sit, type(policy).__qualname__, labels)).encode()).hexdigest()[:16]
    partial = target.with_name(f".{target.name}.{key}.partial")
    header = ",".join(["from\\to", *labels]) + "\n"
    done = _complete_rows(partial, header) if resume else 0
    limit = policy.max_range(sit)
    with open(partial, "r+b" if done else "wb") as fh, \
            _progress(n * (n - 1), progress, "line of sight") as bar:
        if done:
            fh.seek(0, os.SEEK_END)
        else:
            fh.write(header.encode())
        bar.update(done * (n - 1))
        for i0, i1 in _row_blocks(n, n - 1, chunk):
            if i1 <= done:
                continue
            i0 = max(i0, done)
            ii, jj = _block_pairs(i0, i1, n, False)
            status = np.full((i1 - i0, n), 2, dtype=np.int8)
            status[np.arange(i1 - i0), np.arange(i0, i1)] = 0
            if limit is not None:
                near = geo.distance(ids[ii], ids[jj]) <= limit
                ii, jj = ii[near], jj[near]
            if len(ii):
                status[ii - i0, jj] = evaluate(m, ids[ii], ids[jj], sit, policy=policy, geo=geo).status
            rows = [",".join([labels[i0 + k], *map(str, (row < 2).astype(int).tolist())])
                    for k, row in enumerate(status)]
            fh.write(("\n".join(rows) + "\n").encode())
            fh.flush()
            bar.update((i1 - i0) * (n - 1))
        os.fsync(fh.fileno())
    os.replace(partial, target)
    return target


def _complete_rows(partial: Path, header: str) -> int:
    """Matrix rows already in a partial file (its header must match), dropping a torn last line."""
    try:
        data = partial.read_bytes()
    except FileNotFoundError:
        return 0
    if not data.startswith(header.encode()):
        return 0
    keep = data.rfind(b"\n") + 1
    if keep < len(data):
        with open(partial, "r+b") as fh:
            fh.truncate(keep)
    return data[:keep].count(b"\n") - 1


def dead_ground(m: Map, observers: Cell | str | Iterable[Cell | str], cells: Iterable[Cell | str] | None = None,
                situation: Situation | None = None, *, policy: LOSPolicy | None = None,
                **options: Any) -> DeadGround:
    """Cells that no cell of ``observers`` (one cell or label, or several) can see (in board
    order): a :class:`~wartools.los.result.DeadGround` (iterated, counted and tested like a
    tuple of cells).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 5, 1, terrain={"C1": "town"})
    >>> [m.label(c) for c in dead_ground(m, ["A1"])]
    ['D1', 'E1']
    >>> dead_ground(m, "A1").cells == dead_ground(m, m.cell("A1")).cells == dead_ground(m, ["A1"]).cells
    True
    """
    check_keywords(dead_ground, LOSSituation, options)
    sit = make_situation(m, situation, **options)
    policy = policy or policy_for(m)
    geo = geometry(m)
    eyes = tuple(m.cell(o) for o in _one_or_many(observers))
    obs = geo.exts(list(eyes))
    targets = _cells(m, cells)
    tb = geo.exts(targets)
    seen = np.zeros(len(tb), dtype=bool)
    mat = cached_matrix(m, sit, policy)
    if mat is not None:                       # a matrix file of this map and situation answers
        index = mat.ext_index(geo)
        seen = np.asarray((mat.status[np.ix_(index[obs], index[tb])] < 2).any(axis=0))
        return DeadGround(m, eyes, tuple(t for t, s in zip(targets, seen.tolist()) if not s), sit,
                          policy.assumptions(sit))
    # every observer against every target, a block of observers per chunk (the policy's
    # range findings block rulers beyond the maximum range)
    step = max(1, CHUNK // max(len(tb), 1))
    for i in range(0, len(obs), step):
        block = obs[i:i + step]
        ev = evaluate(m, np.repeat(block, len(tb)), np.tile(tb, len(block)), sit, policy=policy, geo=geo)
        seen |= ev.visible.reshape(len(block), len(tb)).any(axis=0)
    return DeadGround(m, eyes, tuple(t for t, s in zip(targets, seen) if not s), sit, policy.assumptions(sit))


@dataclass(frozen=True, eq=False)
class Coverage(Answer, Mapping[Cell, int]):
    """How many other cells see each cell (:func:`coverage`); a mapping cell -> count, and an
    answer (JSON, text, a heat map with its key, the readings it rests on).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> c = coverage(tiny_map("combat-infantry", 3, 1, terrain={"B1": "town"}), progress=False)
    >>> dict(c) == {k: v for k, v in c.items()}, c.to_json()["seen_by"]
    (True, {'A1': 1, 'B1': 2, 'C1': 1})
    """

    map: Map = field(repr=False)
    counts: Mapping[Cell, int]
    situation: LOSSituation = field(default_factory=LOSSituation, repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def __getitem__(self, cell: Cell) -> int:
        return self.counts[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    def to_json(self) -> dict[str, Any]:
        """``{"seen_by": {label: count}, "assumptions"}``."""
        return {"seen_by": {self.map.label(c): n for c, n in self.counts.items()},
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """The most seen cells first, assumed readings last."""
        ranked = sorted(self.counts.items(), key=lambda cn: (-cn[1], self.map.grid.to_offset(cn[0])))
        head = f"{len(ranked)} cells; seen by the most: " + ", ".join(
            f"{self.map.label(c)} {n}" for c, n in ranked[:10])
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """Each cell shaded by how many other cells see it, with a colour bar and the map's key."""
        from wartools.render.draw import draw_map, heat_cells

        ax = draw_map(self.map) if ax is None else ax
        heat_cells(ax, self.map, self.counts, gid="coverage", colorbar="seen from (cells)")
        return ax


def coverage(m: Map, cells: Iterable[Cell | str] | None = None, situation: Situation | None = None, *,
             policy: LOSPolicy | None = None, progress: bool | None = None,
             matrix: VisibilityMatrix | None = None, **options: Any) -> Coverage:
    """How many other cells see each cell: a heat map of exposure."""
    check_keywords(coverage, LOSSituation, options)
    vm = matrix or visibility_matrix(m, cells, situation, policy=policy, progress=progress, **options)
    return vm.seen_by()


def to_csv(data: VisibilityMatrix | Mapping[Cell, Any] | Sequence[Cell], m: Map | None = None,
           path: str | os.PathLike[str] | None = None, column: str = "value") -> str:
    """CSV text of a visibility matrix, a per-cell mapping (coverage) or a list of cells (viewshed).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 2, 1)
    >>> print(to_csv(coverage(m), m, column="seen_by"), end="")
    cell,seen_by
    A1,1
    B1,1
    """
    if isinstance(data, VisibilityMatrix):
        return data.to_csv(path)
    if m is None:
        raise ValueError("to_csv needs the map to label cells")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    if isinstance(data, Mapping):
        w.writerow(["cell", column])
        for c, v in data.items():
            w.writerow([m.label(c), v])
    else:
        w.writerow(["cell"])
        for c in data:
            w.writerow([m.label(c)])
    text = buf.getvalue()
    if path is not None:
        write_atomic(path, text)
    return text
