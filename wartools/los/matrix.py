"""The all-pairs LOS matrix of a whole board, computed in tiles, saved, and used as a cache.

:func:`compute_matrix` judges every ordered pair of board cells in the default
situation (day, no unit or side given: the units on the map supply them, as in
:func:`~wartools.los.analysis.visibility_matrix`), in *tiles* that run in this
process, on local processes or on Dask (:func:`wartools.parallel.run_tasks`). A
tile is a run of the board's displacements (:func:`board_displacements`): every
pair of cells one of them apart, judged in calls of the engine whose rulers
share a few displacements, so that each displacement's ruler is walked once in
the whole matrix (translation invariance) and a tile costs about its pairs'
verdicts. A symmetric policy has each unordered pair judged once (the
displacements of one half plane; the merge mirrors them), and tiles are cut to
hold about :data:`TILE_PAIRS` pairs each, whatever the number of workers, so a
run can be resumed by another. Each
finished tile is saved at once in ``FILE.partial/`` beside the output; a run
started again carries on from the tiles there (if they are of the same map and
plan), and the finished matrix is written in one rename, the folder removed.

The file is NumPy's ``.npz`` (``docs/matrix-format.md``): ``format``
(:data:`FORMAT`), ``map_hash`` (:attr:`wartools.mapmodel.Map.fingerprint`: the
map's content and its game's changed options), ``situation`` (the situation it
was judged in, as JSON), ``cells`` (``n x 2`` cell coordinates in board order),
``labels``, ``status_codes`` (``clear, hindered, blocked``) and ``status``
(``n x n`` int8, row = observer, column = target).

A matrix file for a map can stand in for the kernel: :func:`use_matrix` loads
one (checked against the map), and a file named like the map with the suffix
``.matrix.npz`` (``maps/x.yaml`` -> ``maps/x.matrix.npz``) is found by itself.
:func:`cached_matrix` gives the one that answers a question -- same map
content, the game's own policy, and exactly the situation the matrix was judged
in (:func:`~wartools.los.analysis.viewshed` and friends ask it first). Night,
a given unit or side, fire mode, a range... are other situations: the kernel
answers them.

Examples
--------
>>> import tempfile, os
>>> from wartools.testing import tiny_map
>>> m = tiny_map("combat-infantry", 3, 2, terrain={"B1": "town"})
>>> with tempfile.TemporaryDirectory() as d:
...     run = compute_matrix(m, os.path.join(d, "m.npz"), progress=False)
...     got = load_matrix(os.path.join(d, "m.npz"))
>>> run.cells, run.tiles, got.map_hash == m.fingerprint
(6, 1, True)
>>> int(got.status[got.index(m, "A1"), got.index(m, "C1")])     # through the town: blocked
2
"""
from __future__ import annotations

import io
import json
import os
import shutil
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from wartools import limits
from wartools.errors import WartoolsError, one_line
from wartools.grids.base import Cell
from wartools.los.engine import Evaluation, evaluate, make_situation, policy_for
from wartools.los.geometry import MapGeometry, geometry
from wartools.rules.los import Findings, LOSPolicy, LOSSituation
from wartools.situation import Situation
from wartools.los.templates import DENSE_MAX
from wartools.mapmodel import Map
from wartools.mapmodel.atomic import output_target, write_atomic

FORMAT = "wartools-matrix/1"
STATUS_CODES = ("clear", "hindered", "blocked")
TILE_PAIRS = 1_000_000
"""Pairs judged per tile, about (the unit of progress, of resumption and of work sent to a worker)."""
CHUNK = 40_000
"""Rulers per call of the engine inside a tile, about (bounds a tile's working memory)."""
TARGET_BLOCK = 24
"""Side of the square blocks of targets a tile's observers are judged against, one block per call of
the engine (translation invariance: the rulers of one call share their displacements)."""
SUFFIX = ".matrix.npz"
"""The name a map's own matrix file has beside the map file (``x.yaml`` -> ``x.matrix.npz``)."""


class MatrixError(WartoolsError):
    """A matrix file that cannot be read or does not belong to the map, or a run that cannot start."""


# --- the work ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """What every tile of one matrix needs: the map as data (a :class:`Map` does not pickle),
    its content hash and whether unordered pairs are judged once."""

    map_data: dict[str, Any]
    settings: dict[str, Any]
    map_hash: str
    symmetric: bool

    @classmethod
    def of(cls, m: Map, symmetric: bool) -> Job:
        return cls(m.to_dict(), m.game.changed_settings(), m.fingerprint, symmetric)

    def map(self) -> Map:
        """The map, rebuilt once per process (and checked to be the same content)."""
        got = _MAPS.get(self.map_hash)
        if got is None:
            got = Map.from_dict(self.map_data).with_options(**self.settings)
            if got.fingerprint != self.map_hash:
                raise MatrixError(f"the map rebuilt on a worker has hash {got.fingerprint}, not {self.map_hash}")
            _MAPS.clear()
            _MAPS[self.map_hash] = got
        return got


_MAPS: dict[str, Map] = {}


def plan(n: int, symmetric: bool, most: int = TILE_PAIRS) -> list[tuple[int, int]]:
    """Tiles ``(i0, i1)`` of observer rows holding about ``most`` judged pairs each (rows of a
    symmetric matrix hold only the pairs right of the diagonal, so its tiles grow downwards):
    how :func:`~wartools.los.analysis.visibility_matrix` cuts the pairs of any list of cells
    (:func:`compute_matrix` cuts a board's by displacement, :func:`displacement_plan`).

    Examples
    --------
    >>> plan(10, False, 30)                  # 9 pairs a row
    [(0, 3), (3, 6), (6, 9), (9, 10)]
    >>> plan(10, True, 20)                   # 9, 8, 7 ... pairs a row
    [(0, 2), (2, 5), (5, 10)]
    """
    tiles, i0 = [], 0
    while i0 < n:
        pairs, i1 = 0, i0
        while i1 < n and (i1 == i0 or pairs + (n - i1 - 1 if symmetric else n - 1) <= most):
            pairs += n - i1 - 1 if symmetric else n - 1
            i1 += 1
        tiles.append((i0, i1))
        i0 = i1
    return tiles


def judge_rows(m: Map, geo: MapGeometry, policy: LOSPolicy, sit: LOSSituation, ids: np.ndarray, i0: int,
               i1: int, symmetric: bool, chunk: int = CHUNK) -> np.ndarray:
    """Status of observer rows ``i0 <= i < i1`` against every cell of ``ids`` (``(i1 - i0) x n``
    int8; 0 on the diagonal). When ``symmetric`` only the pairs right of the diagonal are judged
    (the rest are left at 2, blocked, for the caller to mirror). Pairs beyond the policy's
    maximum range are blocked without being judged."""
    n = len(ids)
    status = np.full((i1 - i0, n), 2, dtype=np.int8)
    rows = np.arange(i0, i1)
    status[rows - i0, rows] = 0
    limit = policy.max_range(sit)
    for block in _target_blocks(geo, ids):
        step = max(1, chunk // len(block))
        for r0 in range(i0, i1, step):
            r1 = min(i1, r0 + step)
            ii = np.repeat(np.arange(r0, r1), len(block))
            jj = np.tile(block, r1 - r0)
            keep = jj > ii if symmetric else jj != ii
            ii, jj = ii[keep], jj[keep]
            if limit is not None:
                near = geo.distance(ids[ii], ids[jj]) <= limit
                ii, jj = ii[near], jj[near]
            if len(ii):
                status[ii - i0, jj] = evaluate(m, ids[ii], ids[jj], sit, policy=policy, geo=geo).status
    return status


def _target_blocks(geo: MapGeometry, ids: np.ndarray) -> list[np.ndarray]:
    """Indices of ``ids`` in square blocks of :data:`TARGET_BLOCK` x :data:`TARGET_BLOCK` cells: the
    rulers from a few observers to one block repeat few displacements, which a batch walks once.
    A board whose rulers all fit a dense template table (:data:`~wartools.los.templates.DENSE_MAX`)
    is one block: the table serves every displacement."""
    if len(ids) == 0:
        return []
    q, r = geo.q[ids], geo.r[ids]
    span = geo.frame.distance(np.array([q.max() - q.min()] * 2), np.array([r.max() - r.min(), r.min() - r.max()]))
    if int(span.max()) <= DENSE_MAX:
        return [np.arange(len(ids))]
    key = ((geo.q[ids] - geo.q0) // TARGET_BLOCK) * (geo.h // TARGET_BLOCK + 1) + (geo.r[ids] - geo.r0) // TARGET_BLOCK
    order = np.argsort(key, kind="stable")
    cuts = np.flatnonzero(np.diff(key[order])) + 1
    return np.split(order, cuts)


def mirror(status: np.ndarray, tiles: list[tuple[int, int]]) -> None:
    """Copy the pairs right of the diagonal, judged by the ``tiles`` of rows, to their mirror images."""
    for i0, i1 in tiles:
        status[i1:, i0:i1] = status[i0:i1, i1:].T
        sub = status[i0:i1, i0:i1]
        low = np.tril_indices(i1 - i0, -1)
        sub[low] = sub.T[low]


PRELOAD_PAIRS = 1_000_000
"""Judged pairs from which a matrix worker loads the compiled kernels before its first tile
(:func:`prepare`): its tiles reach the kernels' loading thresholds anyway, and judging their rows
with numpy until then cost the first tile of an 80 x 80 square board's matrix 7.4 s of CPU
instead of 2.2 (one run, machine shared); a small matrix does not repay loading numba."""


TILING = "displacements"
"""How :func:`compute_matrix` cuts the pairs into tiles (a partial folder's plan records it: a folder
cut another way is started again)."""


def board_displacements(geo: MapGeometry, ids: np.ndarray,
                        symmetric: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(dq, dr, pairs)``: every displacement from one cell of ``ids`` to another that a matrix
    judges, sorted by ``(dq, dr)``, and how many pairs of cells have it. When ``symmetric`` only
    those of the half plane ``dq > 0`` or ``dq == 0 < dr``: one of each unordered pair's two.

    The pairs of a displacement are the correlation of the cells' mask over the map's box with
    itself, computed by FFT (rounded: exact for the counts of any board within the limits).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 2, 2)
    >>> geo = geometry(m)
    >>> dq, dr, pairs = board_displacements(geo, geo.board_ids, True)    # 2 x 2 squares: 6 unordered pairs
    >>> list(zip(dq.tolist(), dr.tolist(), pairs.tolist()))
    [(0, 1, 2), (1, -1, 1), (1, 0, 2), (1, 1, 1)]
    """
    mask = np.zeros((geo.wq, geo.h))
    mask[geo.q[ids] - geo.q0, geo.r[ids] - geo.r0] = 1
    shape = (2 * geo.wq, 2 * geo.h)                  # room for every shift: no wrap-around
    f = np.fft.rfft2(mask, shape)
    pairs = np.rint(np.fft.irfft2(f * np.conj(f), shape)).astype(np.int64)
    dq, dr = np.meshgrid(np.arange(shape[0]), np.arange(shape[1]), indexing="ij")
    dq, dr = np.where(dq >= geo.wq, dq - shape[0], dq), np.where(dr >= geo.h, dr - shape[1], dr)
    keep = (pairs > 0) & ((dq > 0) | ((dq == 0) & (dr > 0)) if symmetric else (dq != 0) | (dr != 0))
    dq, dr, pairs = dq[keep], dr[keep], pairs[keep]
    order = np.lexsort((dr, dq))
    return dq[order], dr[order], pairs[order]


def displacement_pairs(geo: MapGeometry, ids: np.ndarray, dq: np.ndarray,
                       dr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(i, j)``: the pairs of cells ``ids[i], ids[j]`` of each displacement ``(dq[k], dr[k])`` in
    turn, observers in the order of their ext ids (``i``, ``j``: positions in ``ids``).

    Per displacement, the observers are where the cells' mask over the map's box and the mask
    shifted back by the displacement overlap (two slices of the box, so a long displacement
    costs its small overlap).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> geo = geometry(tiny_map("heroes-of-normandie", 2, 2))
    >>> [x.tolist() for x in displacement_pairs(geo, geo.board_ids, np.array([0, 1]), np.array([1, -1]))]
    [[0, 2, 1], [1, 3, 2]]
    """
    flat = np.full(geo.n, -1, dtype=np.int64)
    flat[ids] = np.arange(len(ids))
    index = flat.reshape(geo.wq, geo.h)
    inside = index >= 0
    parts_i, parts_j = [], []
    for a, b in zip(dq.tolist(), dr.tolist()):
        src = (slice(max(0, -a), geo.wq - max(0, a)), slice(max(0, -b), geo.h - max(0, b)))
        dst = (slice(src[0].start + a, src[0].stop + a), slice(src[1].start + b, src[1].stop + b))
        both = inside[src] & inside[dst]
        parts_i.append(index[src][both])
        parts_j.append(index[dst][both])
    if not parts_i:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(parts_i), np.concatenate(parts_j)


def displacement_plan(pairs: np.ndarray, most: int = TILE_PAIRS) -> list[tuple[int, int]]:
    """Tiles ``(k0, k1)`` of consecutive displacements holding about ``most`` pairs each (a
    displacement of more pairs is a tile of its own).

    Examples
    --------
    >>> displacement_plan(np.array([4, 4, 9, 1, 1]), 8)
    [(0, 2), (2, 3), (3, 5)]
    """
    tiles, k0, held = [], 0, 0
    for k, p in enumerate(pairs.tolist()):
        if k > k0 and held + p > most:
            tiles.append((k0, k))
            k0, held = k, 0
        held += p
    if k0 < len(pairs):
        tiles.append((k0, len(pairs)))
    return tiles


def prepare(job: Job) -> None:
    """What a worker does once per matrix, before its first tile: rebuild the map and its board
    geometry (kept per process; :func:`tile` would do it on its first tile) and, for a matrix of at
    least :data:`PRELOAD_PAIRS` pairs, load the compiled kernels, so the start-up of a run is paid
    at the start and can be timed apart from the tiles."""
    from wartools.los.kernel import load

    m = job.map()
    geometry(m)
    n = len(m.grid)
    if n * (n - 1) // (2 if job.symmetric else 1) >= PRELOAD_PAIRS:
        load()


def tile(job: Job, dq: np.ndarray, dr: np.ndarray, chunk: int = CHUNK) -> np.ndarray:
    """One tile of a matrix job (what a worker runs): the status of every pair of board cells of
    each displacement ``(dq[k], dr[k])`` in turn (:func:`displacement_pairs`' order), in calls of
    the engine of about ``chunk`` rulers that share few displacements, so each is walked once
    (translation invariance: :func:`~wartools.los.templates.displacement_templates`). Pairs
    beyond the policy's maximum range are blocked without being judged."""
    m = job.map()
    geo = geometry(m)
    policy, sit, ids = policy_for(m), make_situation(m), geo.board_ids
    i, j = displacement_pairs(geo, ids, dq, dr)
    a, b = ids[i], ids[j]
    status = np.full(len(a), 2, dtype=np.int8)
    limit = policy.max_range(sit)
    judged = np.arange(len(a)) if limit is None else np.flatnonzero(geo.distance(a, b) <= limit)
    for s in range(0, len(judged), chunk):
        k = judged[s:s + chunk]
        status[k] = evaluate(m, a[k], b[k], sit, policy=policy, geo=geo).status
    return status


# --- the run -------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatrixRun:
    """The answer of :func:`compute_matrix` (``wartools matrix``)."""

    path: Path
    map_hash: str
    cells: int
    visible_pairs: int
    tiles: int
    computed: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """``{"map_hash", "cells", "visible_pairs", "tiles", "seconds"}`` (plus ``file`` and
        ``computed``: the tiles judged by this run, the others were resumed)."""
        return {"map_hash": self.map_hash, "cells": self.cells, "visible_pairs": self.visible_pairs,
                "tiles": self.tiles, "seconds": round(self.seconds, 3), "file": str(self.path),
                "computed": self.computed}

    def text(self) -> str:
        resumed = self.tiles - self.computed
        return (f"{self.path}: all-pairs LOS of {self.cells:,} cells (map {self.map_hash}), "
                f"{self.visible_pairs:,} visible ordered pairs; {self.tiles} tile(s)"
                + (f", {resumed} resumed" if resumed else "") + f", {self.seconds:.1f} s")


def compute_matrix(m: Map, path: str | os.PathLike[str], *, executor: str = "inline", workers: int | None = None,
                   address: str | None = None, timeout: float = 10.0, progress: bool | None = None,
                   resume: bool = True, most: int = TILE_PAIRS) -> MatrixRun:
    """Compute the all-pairs matrix of ``m``'s board and write it to ``path`` (see the module
    docstring); ``executor``, ``workers``, ``address`` and ``timeout`` are
    :func:`wartools.parallel.run_tasks`'s."""
    from tqdm.auto import tqdm

    from wartools.parallel import run_tasks

    t0 = time.perf_counter()
    target = output_target(path)
    n = len(m.grid)
    if n > limits.MAX_MATRIX_CELLS:
        raise MatrixError(f"{m.name}: a matrix of {n:,} cells is beyond the limit of {limits.MAX_MATRIX_CELLS:,} "
                          f"cells ({limits.MATRIX_CELLS_REASON})")
    _refuse_other_map(target, m)
    geo = geometry(m)
    sit = make_situation(m)
    symmetric = bool(policy_for(m).is_symmetric(geo, sit))
    dq, dr, pairs = board_displacements(geo, geo.board_ids, symmetric)
    tiles = displacement_plan(pairs, most)
    partial = _Partial(target, m.fingerprint, n, symmetric, tiles, _situation_json(sit))
    done = partial.open(resume)
    todo = [k for k in range(len(tiles)) if k not in done]
    saved = len(done)
    tasks = [(dq[k0:k1], dr[k0:k1]) for k0, k1 in (tiles[k] for k in todo)]
    # the statuses are placed as the tiles come (this process waits on the workers meanwhile)
    status = np.full((n, n), 2, dtype=np.int8)
    np.fill_diagonal(status, 0)
    visible = [0]                               # ordered pairs of two cells that see each other

    def place(k: int, block: np.ndarray) -> None:
        i, j = displacement_pairs(geo, geo.board_ids, dq[slice(*tiles[k])], dr[slice(*tiles[k])])
        if block.shape != i.shape:
            raise MatrixError(f"{partial.folder}: tile {k} has shape {block.shape}, not {i.shape}")
        status.reshape(-1)[i * n + j] = block     # the mirror images once every tile is in
        visible[0] += int(np.count_nonzero(block < 2)) * (2 if symmetric else 1)
    for k in sorted(done):
        place(k, partial.load(k))
    try:
        # a thread writes the finished tiles (each synced to disk) while this one places them
        with ThreadPoolExecutor(1) as writer, \
                tqdm(total=len(tiles), initial=saved, desc="matrix", unit="tiles",
                     disable=None if progress is None else not progress, leave=False) as bar:
            writes = []
            for k, block in run_tasks(tile, tasks, shared=Job.of(m, symmetric), executor=executor,
                                      workers=workers, address=address, timeout=timeout, prepare=prepare):
                writes.append(writer.submit(partial.save, todo[k], block))
                place(todo[k], block)
                saved += 1
                bar.update(1)
                while writes and writes[0].done():      # a tile that could not be written stops the run
                    writes.pop(0).result()
            for w in writes:
                w.result()
    except BaseException:
        if not saved:                       # nothing to resume from (a dead address...): leave nothing
            partial.remove()
        raise
    if symmetric:
        mirror_pairs(status)
    cells = [tuple(c) for c in m.grid.cells()]
    buf = io.BytesIO()
    _savez(buf, format=np.array(FORMAT), map_hash=np.array(m.fingerprint), board_hash=np.array(m.board_fingerprint),
           situation=np.array(partial.situation), cells=np.array(cells, dtype=np.int64).reshape(n, 2),
           labels=np.array([m.label(c) for c in m.grid.cells()]), status_codes=np.array(STATUS_CODES),
           status=status)
    write_atomic(target, buf.getvalue())
    partial.remove()
    return MatrixRun(target, m.fingerprint, n, visible[0], len(tiles), len(todo), time.perf_counter() - t0)


def mirror_pairs(status: np.ndarray, block: int = 2048) -> None:
    """Give each unordered pair judged in one direction only (the other left at 2, blocked) its
    status in both: the smaller of ``status[i, j]`` and ``status[j, i]``, square blocks at a time.

    Examples
    --------
    >>> s = np.array([[0, 1, 2], [2, 0, 0], [2, 2, 0]], dtype=np.int8)
    >>> mirror_pairs(s, block=2)
    >>> s.tolist()
    [[0, 1, 2], [1, 0, 0], [2, 0, 0]]
    """
    n = len(status)
    for a in range(0, n, block):
        for b in range(a, n, block):
            upper, lower = status[a:a + block, b:b + block], status[b:b + block, a:a + block]
            both = np.minimum(upper, lower.T)
            upper[...] = both
            lower[...] = both.T


ZIP_LEVEL = 1
"""The deflate level of a matrix file (the status array compresses to some 5 MB at 160 x 160 in
0.8 s, against 2.5 MB in 2 s at zlib's default: the file is written by one process while the
workers wait)."""


def _savez(file: io.BytesIO, **arrays: np.ndarray) -> None:
    """``np.savez_compressed`` at :data:`ZIP_LEVEL`: a zip of ``NAME.npy`` members, deflated."""
    with zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED, compresslevel=ZIP_LEVEL) as z:
        for name, value in arrays.items():
            with z.open(f"{name}.npy", "w", force_zip64=True) as member:
                np.lib.format.write_array(member, np.asanyarray(value), allow_pickle=False)


def _situation_json(sit: LOSSituation) -> str:
    return json.dumps(asdict(sit), sort_keys=True, default=str)


def _refuse_other_map(target: Path, m: Map) -> None:
    """An existing output must be a matrix of this map (it is replaced), or not a matrix file at all
    is refused too: never overwrite another map's matrix or an unrelated file."""
    if not target.exists():
        return
    try:
        other = load_matrix(target)
    except MatrixError as exc:
        raise MatrixError(f"{target} exists and is not a matrix file ({exc}); remove it or give another -o") from None
    if other.map_hash != m.fingerprint:
        raise MatrixError(f"{target} holds the matrix of another map (hash {other.map_hash}, this map is "
                          f"{m.fingerprint}); remove it or give another -o")


@dataclass
class _Partial:
    """The ``FILE.partial/`` folder of finished tiles: ``plan.json`` and one ``tile-K.npy`` per tile."""

    target: Path
    map_hash: str
    n: int
    symmetric: bool
    tiles: list[tuple[int, int]]
    situation: str
    folder: Path = field(init=False)

    def __post_init__(self) -> None:
        self.folder = self.target.with_name(self.target.name + ".partial")

    def _plan(self) -> dict[str, Any]:
        return {"format": FORMAT, "map_hash": self.map_hash, "cells": self.n, "symmetric": self.symmetric,
                "situation": self.situation, "tiling": TILING, "tiles": [list(t) for t in self.tiles]}

    def open(self, resume: bool) -> set[int]:
        """The tiles already finished (an interrupted run of the same plan), creating the folder."""
        plan_file = self.folder / "plan.json"
        if resume and plan_file.is_file():
            try:
                same = json.loads(plan_file.read_text()) == self._plan()
            except (OSError, ValueError):
                same = False
            if same:
                return {k for k in range(len(self.tiles)) if (self.folder / f"tile-{k}.npy").is_file()}
        if self.folder.is_dir() and (self.folder / "plan.json").exists():
            shutil.rmtree(self.folder)          # our own folder, of another plan or map: start again
        try:
            self.folder.mkdir(exist_ok=True)
            write_atomic(plan_file, json.dumps(self._plan()))
        except OSError as exc:
            raise MatrixError(f"cannot write the tiles folder {self.folder}: {exc.strerror or exc}") from None
        return set()

    def save(self, k: int, block: np.ndarray) -> None:
        buf = io.BytesIO()
        np.save(buf, block, allow_pickle=False)
        write_atomic(self.folder / f"tile-{k}.npy", buf.getvalue())

    def load(self, k: int) -> np.ndarray:
        """The statuses of finished tile ``k``."""
        return np.load(self.folder / f"tile-{k}.npy", allow_pickle=False)

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


# --- reading and using a matrix ----------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class MatrixFile:
    """A loaded matrix file: the map hash and situation it was judged for, its cells and statuses."""

    path: str
    map_hash: str
    situation: str
    cells: np.ndarray
    status: np.ndarray
    #: the board's hash (:attr:`Map.board_fingerprint <wartools.mapmodel.Map.board_fingerprint>`;
    #: empty in a file written before it was recorded)
    board_hash: str = ""
    _ext_index: dict[int, np.ndarray] = field(default_factory=dict, init=False, repr=False)

    def index(self, m: Map, cell: Cell | str) -> int:
        """The row (and column) of a cell."""
        geo = geometry(m)
        return int(self.ext_index(geo)[geo.ext(m.cell(cell))])

    def ext_index(self, geo: MapGeometry) -> np.ndarray:
        """Row of each ext cell of the map's geometry (-1 off the board)."""
        got = self._ext_index.get(geo.n)
        if got is None:
            got = np.full(geo.n, -1, dtype=np.int64)
            got[geo.exts([tuple(c) for c in self.cells.tolist()])] = np.arange(len(self.cells))
            self._ext_index[geo.n] = got
        return got

    def answers(self, m: Map, sit: LOSSituation, policy: LOSPolicy | None) -> bool:
        """Whether this matrix answers questions on ``m`` in situation ``sit`` under ``policy``."""
        return (self.map_hash == m.fingerprint and (policy is None or policy is policy_for(m))
                and self.situation == _situation_json(sit))


def load_matrix(path: str | os.PathLike[str]) -> MatrixFile:
    """Read a matrix file (one :class:`MatrixError` line if it is not one)."""
    name = one_line(os.fspath(path))[-120:]
    try:
        with np.load(path, allow_pickle=False) as z:
            if str(z["format"]) != FORMAT:
                raise MatrixError(f"{name}: format {one_line(z['format'])[:40]!r}, not {FORMAT!r}")
            cells, status = z["cells"], z["status"]
            board = str(z["board_hash"]) if "board_hash" in z.files else ""
            got = MatrixFile(os.fspath(path), str(z["map_hash"]), str(z["situation"]), cells, status, board)
    except MatrixError:
        raise
    except FileNotFoundError:
        raise MatrixError(f"{name}: no such matrix file") from None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise MatrixError(f"{name}: not a matrix file ({one_line(exc)[:100]})") from None
    n = len(cells)
    if cells.shape != (n, 2) or status.shape != (n, n) or status.dtype != np.int8:
        raise MatrixError(f"{name}: cells {cells.shape} and status {status.shape} {status.dtype} do not fit")
    return got


_REGISTERED: dict[str, MatrixFile] = {}
_BOARDS: dict[str, MatrixFile] = {}
_BESIDE: dict[tuple[str, str], MatrixFile | None] = {}
_FILES: dict[str, bool] = {}


def use_matrix(source: str | os.PathLike[str] | MatrixFile, m: Map | None = None) -> MatrixFile:
    """Let ``source`` (a file or a loaded matrix) answer default-situation questions on its map;
    with ``m``, first check that it is ``m``'s matrix."""
    got = source if isinstance(source, MatrixFile) else load_matrix(source)
    if m is not None and got.map_hash != m.fingerprint:
        raise MatrixError(f"{got.path} is the matrix of another map (hash {got.map_hash}, not {m.fingerprint})")
    _REGISTERED[got.map_hash] = got
    if got.board_hash:
        _BOARDS[got.board_hash] = got
    return got


def forget_matrices() -> None:
    """Forget every matrix given to :func:`use_matrix` or found beside a map file."""
    _REGISTERED.clear()
    _BOARDS.clear()
    _BESIDE.clear()
    _FILES.clear()


def matrix_beside(m: Map) -> Path | None:
    """Where ``m``'s own matrix file would be (``None`` for a map not read from a file)."""
    if not m.source or m.source.startswith("<"):
        return None
    return Path(m.source).with_suffix(SUFFIX)


def cached_matrix(m: Map, sit: LOSSituation, policy: LOSPolicy | None = None) -> MatrixFile | None:
    """The matrix that answers LOS questions on ``m`` in ``sit`` (see :meth:`MatrixFile.answers`):
    one given to :func:`use_matrix`, or the map's own file beside it (looked for once per map
    content and map file: call :func:`forget_matrices` after writing one); else ``None``."""
    if not _REGISTERED and not _has_beside(m):     # no matrix anywhere: the map's content unread
        return None
    got = _REGISTERED.get(m.fingerprint)
    if got is None and m.source:
        key = (m.fingerprint, m.source)
        if key not in _BESIDE:
            _BESIDE[key] = _found_beside(m)
        got = _BESIDE[key]
    return got if got is not None and got.answers(m, sit, policy) else None


def _has_beside(m: Map) -> bool:
    """Whether a matrix file lies where ``m``'s own would be (looked for once per map file, until
    :func:`forget_matrices`)."""
    got = _FILES.get(m.source or "")
    if got is None:
        where = matrix_beside(m)
        got = _FILES[m.source or ""] = where is not None and where.is_file()
    return got


def _found_beside(m: Map, board: bool = False) -> MatrixFile | None:
    """The matrix file beside ``m``'s map file, if it is of ``m`` (of ``m``'s board, any
    position on it, when ``board``)."""
    where = matrix_beside(m)
    if where is None or not where.is_file():
        return None
    try:
        got = load_matrix(where)
    except MatrixError:
        return None
    if board:
        return got if got.board_hash == m.board_fingerprint else None
    return got if got.map_hash == m.fingerprint else None


def board_matrix(m: Map, sit: LOSSituation) -> MatrixFile | None:
    """A matrix of ``m``'s board (of any position on it) judged in exactly ``sit`` with the
    game's own policy: one given to :func:`use_matrix`, or the file beside the map (looked for
    once per board and map file); else ``None``. For a policy whose verdicts read no unit
    (:meth:`LOSPolicy.matrix_situation <wartools.rules.los.LOSPolicy.matrix_situation>`)."""
    got = matrix_of_board(m)
    return got if got is not None and got.situation == _situation_json(sit.on(m)) else None


def matrix_of_board(m: Map) -> MatrixFile | None:
    """The matrix of ``m``'s board that :func:`board_matrix` reads (given to :func:`use_matrix`, or
    the file beside the map, looked for once per board and map file), whatever situation it was
    judged in: what a balance run sends its workers, whose maps, rebuilt from text, have no file
    beside them."""
    got = _BOARDS.get(m.board_fingerprint)
    if got is None and m.source:
        key = ("board:" + m.board_fingerprint, m.source)
        if key not in _BESIDE:
            _BESIDE[key] = _found_beside(m, board=True)
        got = _BESIDE[key]
    return got


def evaluate_cached(m: Map, a: np.ndarray, b: np.ndarray, situation: Situation | None = None, *,
                    policy: LOSPolicy | None = None, geo: MapGeometry | None = None) -> Evaluation:
    """:func:`~wartools.los.engine.evaluate` (no explanation), reading a cached matrix where the
    policy says one answers (:meth:`LOSPolicy.matrix_situation
    <wartools.rules.los.LOSPolicy.matrix_situation>`) and :func:`board_matrix` finds it.

    The statuses are then the matrix's, blocked beyond the policy's range for ``situation``;
    only hindered rulers are judged (for their hindrance and modifier, as ``evaluate`` gives
    them); a blocked one carries no hindrance. The findings, when read, are those of judging
    every ruler. Without a matrix it is ``evaluate``.

    Examples
    --------
    >>> import tempfile, os
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("conflict-of-heroes", 1, 5, terrain={"A2": "brush", "A3": "woods"})
    >>> geo = geometry(m)
    >>> a, b = geo.exts([m.cell("A1")] * 3), geo.exts([m.cell(x) for x in ("A3", "A4", "A5")])
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = use_matrix(compute_matrix(m, os.path.join(d, "m.npz"), progress=False).path)
    >>> ev = evaluate_cached(m, a, b, LOSSituation(mode="fire", range=3))
    >>> ev.status.tolist(), ev.modifier.tolist()     # over the brush; through the woods; beyond range 3
    ([1, 2, 2], [1, 0, 0])
    >>> forget_matrices()
    """
    geo = geo or geometry(m)
    policy = policy or policy_for(m)
    sit = LOSSituation.of(situation)
    asked = policy.matrix_answers(sit) if policy is policy_for(m) else None
    mat = None if asked is None else board_matrix(m, asked)
    if mat is None:
        return evaluate(m, a, b, sit, policy=policy, geo=geo)
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    index = mat.ext_index(geo)
    status = mat.status[index[a], index[b]]
    limit = policy.max_range(sit)
    if limit is not None:
        status = np.where(geo.distance(a, b) > limit, np.int8(2), status)
    hindrance, modifier = np.zeros(len(a), dtype=np.int64), np.zeros(len(a), dtype=np.int64)
    judged = np.flatnonzero(status == 1)
    if len(judged):
        sub = evaluate(m, a[judged], b[judged], sit, policy=policy, geo=geo)
        status[judged], hindrance[judged], modifier[judged] = sub.status, sub.hindrance, sub.modifier

    def findings() -> Findings:
        out = evaluate(m, a, b, sit, policy=policy, geo=geo).out
        return out if isinstance(out, Findings) else out()
    return Evaluation(a, b, status < 2, status, hindrance, modifier, findings)


def visible_from(mat: MatrixFile, geo: MapGeometry, a: int, targets: np.ndarray) -> np.ndarray:
    """Whether ext cell ``a`` sees each ext cell of ``targets``, read from the matrix."""
    index = mat.ext_index(geo)
    return mat.status[index[a], index[targets]] < 2
