"""Analyses built on the vectorised engine: viewsheds, the all-pairs matrix, dead ground, coverage.

Every function here evaluates many rulers per call of
:func:`wartools.los.engine.evaluate`; for a symmetric policy the all-pairs
matrix judges each unordered pair once. Long runs show a ``tqdm`` progress
bar (``progress=False`` hides it).

Examples
--------
>>> from wartools.mapmodel import loads_map
>>> m = loads_map('''
... format: wartools-map/1
... name: demo
... game: conflict-of-heroes
... grid: {type: hex, columns: 4, rows: 3}
... terrain: {cells: {B2: woods}}
... ''')
>>> vm = visibility_matrix(m, progress=False)
>>> vm.sees("B1", "B3"), vm.sees("A2", "C2")    # A2-C2 runs along B1|B2: not blocked
(False, True)
>>> coverage(m)[m.cell("B2")]
11
"""
from __future__ import annotations

import csv
import io
import itertools
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wartools.grids.base import Cell
from wartools.los.engine import evaluate, make_situation, policy_for
from wartools.los.geometry import MapGeometry, geometry
from wartools.los.policy import LOSPolicy, Situation
from wartools.mapmodel import Map
from wartools.mapmodel.yamlio import write_atomic

CHUNK = 40_000


def _cells(m: Map, cells: Iterable[Cell | str] | None) -> list[Cell]:
    """``cells`` (labels or cells, checked to be on the board) or the whole board."""
    return list(m.grid.cells()) if cells is None else [m.cell(c) for c in cells]


def _target_ids(m: Map, geo: MapGeometry, cells: Iterable[Cell | str] | None) -> np.ndarray:
    """Ext ids of ``cells`` (default: the board), vectorised when they are the grid's own cells."""
    if cells is None:
        return geo.board_ids
    cells = cells if isinstance(cells, (list, tuple)) else list(cells)
    if cells and set(map(type, cells)) == {type(geo.cells[0])}:
        xy = np.fromiter(itertools.chain.from_iterable(cells), dtype=np.int64, count=2 * len(cells))
        q, r = xy[0::2] - geo.q0, xy[1::2] - geo.r0
        if ((q >= 0) & (q < geo.wq) & (r >= 0) & (r < geo.h)).all():
            ids = q * geo.h + r
            if geo.onboard[ids].all():
                return ids
    return geo.exts(_cells(m, cells))


def _progress(total: int, progress: bool | None, desc: str) -> Any:
    from tqdm.auto import tqdm

    disable = (total < 200_000) if progress is None else not progress
    return tqdm(total=total, desc=desc, unit="rulers", disable=disable, leave=False)


def viewshed(m: Map, cell: Cell | str, situation: Situation | None = None, *,
             cells: Iterable[Cell | str] | None = None, policy: LOSPolicy | None = None,
             **options: Any) -> tuple[Cell, ...]:
    """The cells visible from ``cell`` (its own cell included), in board order.

    ``range=`` (or the game's default range) limits the cells considered;
    ``cells=`` restricts the targets.

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> m = loads_map("format: wartools-map/1\\nname: v\\ngame: company-of-heroes\\n"
    ...               "grid: {type: hex, columns: 9, rows: 9}\\n")
    >>> len(viewshed(m, "E5"))           # sight 2 (Company of Heroes 7, Sight)
    19
    >>> len(viewshed(m, "E5", range=3))
    37
    """
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
    if len(tb) == 0:
        return ()
    ev = evaluate(m, aa, tb, sit, policy=policy, geo=geo)
    cs = geo.cells
    return tuple([cs[i] for i in tb[ev.visible].tolist()])


@dataclass(frozen=True)
class VisibilityMatrix:
    """All-pairs visibility: ``visible[i, j]`` is whether ``cells[i]`` sees ``cells[j]``.

    ``status`` holds 0 clear, 1 hindered, 2 blocked.
    """

    map: Map
    cells: tuple[Cell, ...]
    visible: np.ndarray
    status: np.ndarray

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


def visibility_matrix(m: Map, cells: Iterable[Cell | str] | None = None,
                      situation: Situation | None = None, *, policy: LOSPolicy | None = None,
                      progress: bool | None = None, chunk: int = CHUNK,
                      **options: Any) -> VisibilityMatrix:
    """Judge every ordered pair of ``cells`` (default: the whole board) in vectorised chunks.

    When the policy is symmetric for this map and situation each unordered pair
    is judged once and mirrored. Pairs beyond the maximum range are not judged.
    """
    sit = make_situation(m, situation, **options)
    policy = policy or policy_for(m)
    geo = geometry(m)
    cs = _cells(m, cells)
    ids = geo.exts(cs)
    n = len(cs)
    symmetric = policy.is_symmetric(geo, sit)
    i, j = np.triu_indices(n, 1) if symmetric else np.nonzero(~np.eye(n, dtype=bool))
    limit = policy.max_range(sit)
    if limit is not None:
        near = geo.distance(ids[i], ids[j]) <= limit
        i, j = i[near], j[near]
    status = np.full((n, n), 2, dtype=np.int8)
    np.fill_diagonal(status, 0)
    with _progress(len(i), progress, "line of sight") as bar:
        for s in range(0, len(i), chunk):
            ii, jj = i[s:s + chunk], j[s:s + chunk]
            ev = evaluate(m, ids[ii], ids[jj], sit, policy=policy, geo=geo)
            status[ii, jj] = ev.status
            if symmetric:
                status[jj, ii] = ev.status
            bar.update(len(ii))
    return VisibilityMatrix(m, tuple(cs), status < 2, status)


def dead_ground(m: Map, observers: Iterable[Cell | str], cells: Iterable[Cell | str] | None = None,
                situation: Situation | None = None, *, policy: LOSPolicy | None = None,
                **options: Any) -> tuple[Cell, ...]:
    """Cells that no cell of ``observers`` can see (in board order).

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> m = loads_map("format: wartools-map/1\\nname: d\\ngame: combat-infantry\\n"
    ...               "grid: {type: hex, columns: 5, rows: 1}\\nterrain: {cells: {C1: town}}\\n")
    >>> [m.label(c) for c in dead_ground(m, ["A1"])]
    ['D1', 'E1']
    """
    sit = make_situation(m, situation, **options)
    policy = policy or policy_for(m)
    geo = geometry(m)
    obs = geo.exts([m.cell(o) for o in observers])
    targets = _cells(m, cells)
    tb = geo.exts(targets)
    seen = np.zeros(len(tb), dtype=bool)
    # every observer against every target, a block of observers per chunk (the policy's
    # range findings block rulers beyond the maximum range)
    step = max(1, CHUNK // max(len(tb), 1))
    for i in range(0, len(obs), step):
        block = obs[i:i + step]
        ev = evaluate(m, np.repeat(block, len(tb)), np.tile(tb, len(block)), sit, policy=policy, geo=geo)
        seen |= ev.visible.reshape(len(block), len(tb)).any(axis=0)
    return tuple(t for t, s in zip(targets, seen) if not s)


def coverage(m: Map, cells: Iterable[Cell | str] | None = None, situation: Situation | None = None, *,
             policy: LOSPolicy | None = None, progress: bool | None = None,
             matrix: VisibilityMatrix | None = None, **options: Any) -> dict[Cell, int]:
    """How many other cells see each cell: a heat map of exposure."""
    vm = matrix or visibility_matrix(m, cells, situation, policy=policy, progress=progress, **options)
    counts = vm.visible.sum(axis=0) - np.diag(vm.visible)
    return {c: int(k) for c, k in zip(vm.cells, counts)}


def to_csv(data: VisibilityMatrix | Mapping[Cell, Any] | Sequence[Cell], m: Map | None = None,
           path: str | os.PathLike[str] | None = None, column: str = "value") -> str:
    """CSV text of a visibility matrix, a per-cell mapping (coverage) or a list of cells (viewshed).

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> m = loads_map("format: wartools-map/1\\nname: c\\ngame: combat-infantry\\n"
    ...               "grid: {type: hex, columns: 2, rows: 1}\\n")
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
