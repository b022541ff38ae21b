"""LOS benchmark: ours vs hexutil's field of view vs a naive shapely loop; all-pairs vs single calls.

Map: a hexagon of radius 20 (1,261 hexes) on a 41 x 41 Combat Infantry board,
15 % of its hexes woods (blocking), hedges on 5 % of its hexsides, seed 7.

Semantics differ and are stated, not hidden:

* ours: Combat Infantry policy (exact crossed/along/vertex contacts, hexside
  hedges, ends ignored, woods visible only from adjacent hexes);
* ``hexutil.Hex.field_of_view``: shadow casting over opaque hexes, no hexsides,
  its own corner conventions;
* naive shapely: one ``LineString`` per pair, ``intersects`` against an
  STRtree of woods polygons (interior crossings only, ends excluded) and hedge
  segments; no along/vertex rules.

The **scale table** (``--scale``, or alone with ``--scale-only``) grows the
board: the 1,261-hex map above, then 80 x 80 (6,400 cells) and 160 x 160
(25,600 cells) boards of either grid kind with the same densities of woods /
buildings and hedges / walls. For each it times a viewshed from the centre
(every cell a target), one corner-to-corner ``wartools los`` in a fresh
process (end to end: interpreter, import, map load, answer), the first LOS
answer of a fresh kernel, and the all-pairs matrix computed in the tiles of
``wartools matrix`` on one core (a sample of its tiles, extrapolated to all of
them), with peak traced memory, and prints the growth exponent
``log(t2 / t1) / log(n2 / n1)`` between the smallest and the largest board.
Before the exact line walk (shapely templates up to the longest ruler), the
same board sizes took, per issue 16: one corner-to-corner LOS 1.7 s (20^2),
22 s (40^2), 189 s / 1.35 GB (80^2); a viewshed 0.28 / 2.3 / 19 / 165 s
(20^2 / 40^2 / 80^2 / 160^2, 1.4 GB); the matrix ran out of memory at 160^2.

The **executor table** (``--executors``, and with ``--scale``) times ``wartools matrix``
per executor and worker count: in this process, 1 and 2 local processes, a Dask
LocalCluster of 2 workers; whole on the 1,261-hex map, on a sample of its tiles
(extrapolated, start-up timed apart) on the 160 x 160 boards, with the efficiency
at 2 workers.

**How the kernel was made faster, and why so** (each choice measured in one run on the
shared 2-core machine, CPU time, ``time.process_time``):

* The contact rows of a batch read from a dense template table were gathered by about
  ten numpy passes over *every* template row, of which nine in ten are then dropped
  (3.7 million kept of 36 million in the all-pairs matrix of the 1,261-hex map). A
  compiled loop (numba, ``wartools.los.kernel``) touches each row once: 1.0 million
  cell rows of a matrix tile 5.8 -> 3.5 ms, edge rows 8.4 -> 2.9 ms; for a batch of few
  observers the *obstacle-first* loop visits only the rows on relevant cells and edges
  (found through an index of template rows by offset): a viewshed's edge rows 94 -> 17 us.
  All pairs went 462 -> 363 ms CPU. Loading numba costs 1.5-2 s once per process, so it
  is loaded only for a batch of at least a million template rows (or once loaded).
* A viewshed stayed at about 0.85 ms CPU: its rows then cost some 0.1 ms; the rest was the
  game's judgement (numpy passes over its rows and rulers, per game) and the call's fixed
  costs, which a row kernel cannot remove. Profiled again (cProfile and line timing, best
  of 30 calls, the compiled row kernels loaded): of a 0.9 ms viewshed, the game's
  judgement ~0.45 ms (some forty numpy passes, the Findings and their bincounts), the rows
  0.4 ms, turning the 1,261 target cells into ids 0.1-0.14 ms; of all pairs (0.44 s CPU),
  numpy row gathering 0.34 s (the compiled kernels were never loaded: no batch of the
  matrix reaches a million template rows) and the judgement 0.17 s. So the answer-only
  path was made a compiled *verdict* per game (``LOSPolicy.verdict``, the games'
  ``verdict.py``): one numba loop walks each ruler's template rows where the table holds
  them (``Batch.sources``: the rows are no longer gathered unless a policy reads them),
  applies the game's clauses row by row and, where the game has no hindrance to count
  (Combat Infantry, Company of Heroes), stops at the ruler's first block: a blocked
  ruler costs a few rows, not its length. The numpy judgement stays the oracle
  (``tests/test_los_verdict.py``, all four games, both grid kinds, template, recalled and
  walked rows) and gives the findings when an answer is explained. Measured after: the
  verdict of a viewshed's 1,261 rulers 0.03 ms (the kernel) + 0.02 ms (its arguments),
  all pairs 0.44 -> ~0.075 s CPU (the kernel 0.027 s of it; the rest is the batches'
  displacements and the tiles' pairs). The verdict is compiled once per process after
  four million template rows have been judged with numpy (about the two seconds numba's
  start costs), so a lone line of sight or viewshed never pays it. Cold (no numba cache, a
  fresh clone), each game's verdict compiles once and is cached on disk: Combat Infantry
  2.8 s, Company of Heroes 0.7 s, Conflict of Heroes 2.3 s, Heroes of Normandie 11 s (wall,
  machine loaded); ``tests/test_los_verdict.py`` pays that once.
* A 160 x 160 matrix tile (then a tile of observer rows) was the exact walk of its rulers'
  distinct displacements (``walk.py``, numpy: ~10 of a tile's ~11 s under cProfile, 77,000
  walks for its million pairs); the judgement a few per cent of it. Two changes, each measured
  on the same hex tiles (CPU, one run each, machine loaded): the walk compiled (numba,
  ``walk._walk_loop``: the numpy walk's steps fused ruler by ruler, each ruler's rows put in
  order column by column, so its rows are the numpy walk's bit for bit; the numpy walk stays
  the reference of a property test) took a tile from 3.7 to 1.8 s; then tiles of
  *displacements* instead of observer rows (``matrix.board_displacements``): all the pairs one
  displacement apart are judged together, so each displacement is walked once in the whole
  matrix (51,000 of them for the hex board's 328 million unordered pairs) and a tile costs its
  verdicts, 0.1-0.25 s. The process writing the file places each tile's statuses as it comes
  (a scatter of a million pairs into the n x n array; the mirror images in square blocks at
  the end), a thread writes the tile files meanwhile, and the file is deflated at level 1.
  The whole hex matrix (``--whole``, one run, load average 6.1-6.7 on the 2 cores from other
  engineers' work): 1 process 1.23 min (CPU: the main process 12 s, the worker 28 s), 2
  processes 0.98 min (8 s, 30 s), Dask x2 2.04 min (12 s, 48 s: Dask's workers cost more); an
  hour before, the tiles of observer rows took 2.4 s of wall a tile on 2 idle cores, some
  13.5 min for the 330 tiles. Efficiency at 2 workers, measured under that load: processes
  0.63, Dask 0.30; estimated from the CPU for 2 idle cores: processes 0.72, Dask 0.46. What
  keeps it below 0.8 is the serial work of the main process (placing the tiles: the pairs of
  each displacement, the scatter, the mirror; the 625 MB array; the file), 8-12 s against the
  workers' 28-30 s. The square board (Heroes of Normandie, whose verdicts cost five times
  Combat Infantry's here: the workers' 141-152 s), right after, load 4.4-5.2: 1 process
  5.03 min, 2 processes 3.60 min, Dask x2 2.10 min (the load fell meanwhile); efficiency
  measured 0.70 and 1.19, estimated from the CPU for 2 idle cores 0.87 and 0.88: there the
  main process's 10-14 s are a small part.
* The last list of target cells a board was asked is remembered (compared element by
  element with the next list, a pointer test for the same cells): a viewshed per observer
  over the same 1,261 cells no longer converts them each time (0.13 of 0.33 ms).
* Beyond the dense tables (rulers longer than 48 cells: the 160 x 160 matrix) every ruler
  was walked on its own. Translation invariance makes the rulers from a few observers to
  a compact block of targets repeat few displacements: a batch that repeats them at least
  4 times over walks each once and shifts its rows (``templates.displacement_templates``),
  and the matrix tiles judge their observers against blocks of 24 x 24 targets so that
  they do. One 160 x 160 tile: hex 9.7 -> 4.7 s, square 11.1 -> 4.0 s.
* A cached matrix file (``wartools matrix``) answers default-situation viewsheds and the
  exposure map without the engine: the main table shows that gain.
* **A single query** (``line_of_sight``, the main table's row) cost about 0.2 ms CPU: of it
  some 40 % the game's numpy judgement (which gives the findings an explanation reads; the
  compiled verdicts give none), 20 % the batch, 25 % turning the findings into reasons and the
  answer, the rest the situation, keyword checks and lookups. Measured before choosing (best of
  2,000 calls, kernels loaded): the numpy judgement costs the same with and without its notes
  (165 against 170 us), so judging twice, once for the verdict and once for the why, would
  only add; the compiled verdict of the same batch costs about 15 us. So the verdict is
  computed at once and the why when read, as shapely and pandas compute derived properties:
  ``LOSResult.reasons`` and ``details`` are deferred fields (``result.Deferred``), and the
  line is one explained evaluation whose findings, notes included, are judged on first read
  (``evaluate(explain=True)`` takes the compiled verdict once the process has the kernels; a
  lone query never loads numba, and without it the judgement answers at once, its reasons
  still waiting). A caller that reads the why pays the verdict more than before, no second
  batch: the attack question on the four sample scenarios, lazy against eager interleaved in
  one process, 0.35/0.34, 0.35/0.34, 0.41/0.42, 0.49/0.47 ms. The rest was fixed costs: a
  batch of one ruler reads its displacement, distance and template block as Python integers
  (``Frame.distance_of``, ``Templates.index``) and, from the recalled rulers, gives the
  compiled verdict its block ungathered; the situation of a question asked again of the same
  map object is remembered; the status codes are one comparison and one write (two nested
  ``np.where`` cost some 7 us on a loaded machine); the games import their verdict modules once.
  Heroes of Normandie's details (the exact ruler through the target's terrain element) cost
  about 1.4 ms a line, now paid only when read. Measured on the shared machine (load ~10 on
  two cores; CPU time, this table's loop, before and after taking turns, three runs each):
  0.19-0.20 ms -> 0.033 ms (this script, ``--clock cpu``, before and after in the same minute:
  0.202 -> 0.033 ms, hexutil's field of view 1.33 and 1.06 ms in those runs); on the sample maps (no dense table; the better of two runs each)
  Combat Infantry 0.20 -> 0.05, Company of Heroes 0.20 -> 0.05, Conflict of Heroes 0.15 -> 0.05,
  Heroes of Normandie 1.4 -> 0.06 ms.

The **whole-matrix table** (``--whole [hex] [square]``, alone) runs ``wartools matrix`` on the
whole 160 x 160 boards on 1 and 2 local processes and a Dask LocalCluster of 2, one after the
other in one run, checks that the files agree, and prints the wall times, the CPU they used,
the machine's load before each and the efficiency at 2 workers (wall at 1 / twice wall at 2).

**Where the targets stand** (the machine idle, load under 2, each figure from one run of this
script; 2026-12-02 unless said):

====================================  ==========================  ============================
target                                 measured                    met
====================================  ==========================  ============================
viewshed <= 0.25 x hexutil's fov       0.130 / 0.86 ms: 0.15       yes (CPU clock: 0.15)
all pairs under 0.1 s, >= 10 x fovs    41.6 ms; 26.1 x             yes (CPU clock: 47.6 ms, 24.5 x)
single query under 0.05 ms             0.027 ms (CPU 0.028)        yes, with the kernels loaded
whole hex matrix under 15 min          1 process 0.80, 2 0.42,     yes; efficiency 0.96
                                       Dask x2 0.48 min            (processes), 0.84 (Dask)
                                       (2026-12-01, idle)
whole square matrix under 15 min       1 process 2.12, 2 1.14,     yes; efficiency 0.93
                                       Dask x2 1.24 min            (processes), 0.85 (Dask)
====================================  ==========================  ============================

A single query in a process that has not loaded numba (a lone ``wartools los``: loading it
costs 1.5-2 s, more than the query) takes the numpy judgement, about 0.11 ms CPU: the
0.05 ms holds once the process has the compiled kernels (any playout, threat map or matrix
loads them; so does this script before it times).

Run: ``.venv/bin/python benchmarks/los.py [--quick] [--scale | --scale-only] [--executors] [--whole [KIND ...]]
[--clock cpu]``.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wartools.grids import Hex  # noqa: E402
from wartools.los import geometry, line_of_sight, viewshed, visibility_matrix  # noqa: E402
from wartools.los.kernel import load as load_kernels  # noqa: E402
from wartools.los.templates import templates_for  # noqa: E402
from wartools.mapmodel import Map, dumps_map  # noqa: E402

RADIUS = 20


def build_map() -> tuple[Map, list[Hex]]:
    m = Map.from_dict(_bench_dict())
    g = m.grid
    centre = g.from_offset(RADIUS, RADIUS)
    return m, [c for c in g.cells() if g.distance(c, centre) <= RADIUS]


CLOCK = [time.perf_counter]
"""The clock of the main table (``--clock wall``, the default, or ``--clock cpu``: this process's CPU
time, which other work on a shared machine distorts less)."""


def timeit(fn, repeat: int = 1, clock=None) -> float:  # type: ignore[no-untyped-def]
    """Best time of ``fn`` over ``repeat`` calls by ``clock`` (the table's clock by default)."""
    clock = clock or CLOCK[0]
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        fn()
        best = min(best, clock() - t0)
    return best


def cpu(fn, repeat: int = 1) -> float:  # type: ignore[no-untyped-def]
    """Best process CPU time of ``fn`` (steadier than wall time on a shared machine)."""
    return timeit(fn, repeat, time.process_time)


def interleaved(fns, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Best time of each function over ``repeat`` rounds, the functions taking turns in each
    round, so that a busy machine slows both sides of a comparison alike."""
    best = [float("inf")] * len(fns)
    clock = CLOCK[0]
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = clock()
            fn()
            best[i] = min(best[i], clock() - t0)
    return best


def board(kind: str, side: int, seed: int = 7) -> dict:  # type: ignore[type-arg]
    """A ``side`` x ``side`` board: 15 % blocking cells, blocking features on 5 % of the edges."""
    rnd = random.Random(seed)
    game = "combat-infantry" if kind == "hex" else "heroes-of-normandie"
    data = {"format": "wartools-map/1", "name": f"scale-{kind}-{side}", "game": game,
            "grid": {"type": kind, "columns": side, "rows": side}}
    g = Map.from_dict(data).grid
    cells, edges = list(g.cells()), list(g.edges())
    blocker, feature = ("woods", "hedge") if kind == "hex" else ("building", "wall")
    data["terrain"] = {"cells": {g.label(c): blocker for c in rnd.sample(cells, round(0.15 * len(cells)))}}
    data["edges"] = [{"cells": [g.label(e.a), g.label(e.b)], "feature": feature}
                     for e in rnd.sample(edges, round(0.05 * len(edges)))]
    return data


def traced(fn):  # type: ignore[no-untyped-def]
    """(seconds, peak traced MiB) of one call."""
    tracemalloc.start()
    t0 = time.perf_counter()
    fn()
    t = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
    tracemalloc.stop()
    return t, peak


FRESH = """
import sys, time
t0 = time.perf_counter()
from wartools.mapmodel import load_map
from wartools.los import line_of_sight
m = load_map(sys.argv[1])
t1 = time.perf_counter()
line_of_sight(m, sys.argv[2], sys.argv[3])
print(time.perf_counter() - t1, t1 - t0)
"""


def scale_table(quick: bool) -> None:
    """Viewshed, single LOS, tiled matrix and memory as the board grows (see the module docstring)."""
    from wartools.los.engine import make_situation
    from wartools.los.matrix import CHUNK, Job, tile

    root = str(Path(__file__).resolve().parents[1])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        specs = [("hex", None), ("hex", 80), ("hex", 160), ("square", 35), ("square", 80), ("square", 160)]
        for kind, side in specs:
            if side is None:
                m, cells = build_map()
            else:
                m = Map.from_dict(board(kind, side))
                cells = list(m.grid.cells())
            path = Path(tmp) / f"{kind}-{side}.yaml"
            path.write_text(dumps_map(m))
            g = m.grid
            n = len(cells)
            centre = min(cells, key=lambda c: sum((a - b) ** 2 for a, b in zip(g.to_offset(c),
                                                                              (g.columns // 2, g.rows // 2))))
            a, b = (min(cells, key=lambda c, s=s: s * sum(g.to_offset(c))) for s in (1, -1))
            # one corner-to-corner answer in a fresh process, end to end, and inside a fresh kernel
            cmd = [sys.executable, "-m", "wartools.cli", "los", str(path), g.label(a), g.label(b)]
            env = {"PYTHONPATH": root, "PATH": "/usr/bin:/bin"}
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True, env=env)
            cli = time.perf_counter() - t0
            out = subprocess.run([sys.executable, "-c", FRESH, str(path), g.label(a), g.label(b)],
                                 check=True, capture_output=True, text=True, env=env).stdout.split()
            first = float(out[0])
            geometry(m)
            viewshed(m, centre, cells=cells)                         # warm: imports, geometry, policy
            _, m_view = traced(lambda: viewshed(m, centre, cells=cells))
            t_view = timeit(lambda: viewshed(m, centre, cells=cells), 2 if quick else 5, time.perf_counter)
            c_view = cpu(lambda: viewshed(m, centre, cells=cells), 2 if quick else 5)
            # the all-pairs matrix as `wartools matrix` runs it (its tiles, in this process), on a sample
            # of its tiles, extrapolated to all of them
            geo = geometry(m)
            symmetric = m.game.los_policy().is_symmetric(geo, make_situation(m))
            plan_ = _tiles(m, symmetric)
            sample = _sample(plan_, 2 if quick else 4)
            job = Job.of(m, symmetric)
            tile(job, *sample[0])                                   # warm: templates, compiled kernels
            t_tiles, m_tile = traced(lambda: [tile(job, *t) for t in sample])
            per = min(t_tiles, timeit(lambda: [tile(job, *t) for t in sample], 1, time.perf_counter)) / len(sample)
            rows.append((kind, n, t_view, c_view, m_view, cli, first, per * len(plan_), m_tile))
    print("\nscale: viewshed from the centre to every cell; `wartools los` corner to corner in a fresh "
          "process; first LOS in a fresh kernel (after loading the map); the all-pairs matrix as "
          "`wartools matrix` computes it on one core (a sample of its tiles, extrapolated to all); "
          "peak traced memory")
    print(f"{'grid':7} {'cells':>7} {'viewshed':>10} {'(cpu)':>10} {'mem':>9} {'los cli':>8} {'1st LOS':>9} "
          f"{'matrix*':>10} {'tile mem':>9} {'n^2 status':>11}")
    for kind, n, tv, cv, mv, cli, first, tm, mt in rows:
        print(f"{kind:7} {n:7,} {tv * 1e3:7.1f} ms {cv * 1e3:7.1f} ms {mv:5.1f} MiB {cli:6.2f} s "
              f"{first * 1e3:6.1f} ms {tm:8.0f} s {mt:5.1f} MiB {n * n / 2 ** 20:7.1f} MiB")
    print("* matrix: extrapolated from a sample of the tiles of `wartools matrix` (symmetric policies: each "
          "unordered pair once); its working memory is one call of the engine (about "
          f"{CHUNK:,} rulers, 'tile mem', growing with ruler length, not with the number of cells); the merged "
          "matrix holds the n^2 bytes of status (1 MB per 1,000 x 1,000 cells)")
    for kind in ("hex", "square"):
        got = [r for r in rows if r[0] == kind]
        lo, hi = got[0], got[-1]
        span = math.log(hi[1] / lo[1])
        print(f"growth exponent {kind} ({lo[1]:,} -> {hi[1]:,} cells): viewshed "
              f"{math.log(hi[3] / lo[3]) / span:.2f} (cpu), matrix {math.log(hi[7] / lo[7]) / span:.2f}, "
              f"fresh-process LOS {math.log(hi[5] / lo[5]) / span:.2f}")
    print("targets: viewshed on 25,600 cells < 0.2 s and < 200 MB; `wartools los` across 80 x 80 < 0.5 s; "
          "first LOS in a fresh kernel on the 1,261-hex map < 0.5 s")


def _tiles(m: Map, symmetric: bool) -> list[tuple[np.ndarray, np.ndarray]]:
    """The tasks of `wartools matrix` on ``m``: each tile's displacements."""
    from wartools.los.matrix import board_displacements, displacement_plan

    geo = geometry(m)
    dq, dr, pairs = board_displacements(geo, geo.board_ids, symmetric)
    return [(dq[k0:k1], dr[k0:k1]) for k0, k1 in displacement_plan(pairs)]


def _sample(tiles: list[Any], k: int) -> list[Any]:
    """``k`` tiles spread evenly over a plan (tiles of one plan hold about as many pairs each)."""
    if k >= len(tiles):
        return list(tiles)
    return [tiles[round(i * (len(tiles) - 1) / (k - 1))] for i in range(k)] if k > 1 else [tiles[len(tiles) // 2]]


def _nothing(job: object, k: int) -> None:
    """An empty task (the start-up run: workers start and prepare the job, then do nothing)."""


EXECUTORS = (("inline", 1), ("processes", 1), ("processes", 2), ("dask", 2))
"""(executor, workers) of the matrix table: this process, local processes, a Dask LocalCluster."""


def executor_table(quick: bool) -> None:
    """`wartools matrix` per executor and worker count: whole on the 1,261-hex map's board, sampled on 160 x 160.

    The 160 x 160 figures run a sample of the plan's tiles on each executor (the same tiles
    for each) and extrapolate: start-up (timed apart: the workers started, the job's map and
    board geometry prepared on each, ``matrix.prepare``, then as many empty tasks) plus the
    sample's time without it, times tiles / sampled tiles. Efficiency at 2 workers is the
    steady throughput at 2 workers over twice that at 1 worker process. The CPU time of the
    sample judged in this process (extrapolated the same way) says what the tiles cost whatever
    else the machine runs: on two otherwise idle cores the matrix takes about half of it.
    A sample of a few tiles weighs start-up far more than the whole matrix does (hundreds of
    tiles): the start-up is printed, and the whole matrix's figure adds it once.
    """
    from wartools.los.engine import make_situation
    from wartools.los.matrix import Job, compute_matrix, prepare, tile
    from wartools.parallel import run_tasks

    def timed(executor: str, workers: int, fn, tasks, shared) -> float:  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        for _ in run_tasks(fn, tasks, shared=shared, executor=executor, workers=workers, prepare=prepare):
            pass
        return time.perf_counter() - t0

    print("\nmatrix by executor (`wartools matrix`; wall time, one run, machine shared with other work)")
    m, _ = build_map()
    with tempfile.TemporaryDirectory() as tmp:
        got = []
        for executor, workers in EXECUTORS:
            run = compute_matrix(m, Path(tmp) / f"{executor}{workers}.npz", executor=executor, workers=workers,
                                 progress=False, resume=False)
            got.append(f"{executor} x{workers} {run.seconds:.2f} s")
        print(f"  the 1,261-hex map's whole 41 x 41 board ({run.cells:,} cells, {run.tiles} tiles; start-up "
              "included): " + ", ".join(got))
    for kind in ("hex", "square"):
        m = Map.from_dict(board(kind, 160))
        n = len(m.grid)
        symmetric = m.game.los_policy().is_symmetric(geometry(m), make_situation(m))
        tiles = _tiles(m, symmetric)
        sample = _sample(tiles, 2 if quick else 6)
        job = Job.of(m, symmetric)
        steady = {}
        prepare(job)
        t0 = time.process_time()
        for t in sample:
            tile(job, *t)
        core = (time.process_time() - t0) * len(tiles) / len(sample)
        cells = [f"CPU of the tiles {core / 60:5.1f} core-min (2 cores, ideal: {core / 120:5.1f} min)"]
        for executor, workers in EXECUTORS:
            start = timed(executor, workers, _nothing, [(0,)] * len(sample), job)
            wall = timed(executor, workers, tile, sample, job)
            steady[(executor, workers)] = max(wall - start, 1e-9)
            total = start + steady[(executor, workers)] * len(tiles) / len(sample)
            cells.append(f"{executor} x{workers} {total / 60:5.1f} min (start-up {start:.1f} s, "
                         f"{start / wall:.0%} of the sample's run)")
        eff = {e: steady[(e, 1)] / (2 * steady[(e, 2)]) for e in ("processes",)}
        dask_eff = steady[("processes", 1)] / (2 * steady[("dask", 2)])
        print(f"  {kind} 160 x 160 ({n:,} cells, {len(tiles)} tiles, {len(sample)} sampled): " + ", ".join(cells)
              + f"; efficiency at 2 workers: processes {eff['processes']:.2f}, dask {dask_eff:.2f} "
              "(against 1 worker process)")
    print("targets: the 25,600-cell matrix in under 15 minutes on this 2-core machine, efficiency >= 0.8 at "
          "2 workers")


WHOLE = (("processes", 1), ("processes", 2), ("dask", 2))
"""(executor, workers) of the whole-matrix table: 1 and 2 local processes, a Dask LocalCluster of 2."""


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process, and of its children that have ended (pool and Dask workers)."""
    t = os.times()
    return t.user + t.system, t.children_user + t.children_system


def whole_table(kinds: list[str]) -> None:
    """The whole 25,600-cell matrix of the 160 x 160 boards, `wartools matrix` on each executor.

    Each executor of :data:`WHOLE` computes the whole matrix (start-up, every tile, the merge
    and the file), one after the other in this run, and the files must hold the same statuses.
    Efficiency at 2 workers is the wall time on 1 worker process over twice that on 2 (processes,
    and a Dask LocalCluster against the same 1 process). The machine's load average before each
    run is printed: other work on the machine slows the runs unevenly. So is the CPU each run
    used, in this process (placing the tiles, writing the file) and in its workers, and from it
    what two idle cores would allow at 2 workers: on idle cores a run takes at least its busiest
    process's CPU and its whole CPU over the cores it can use, so the estimate is the larger CPU
    of the run on 1 worker over twice the larger of this process's CPU and half the whole CPU at
    2 (from measured CPU, not a wall time).
    """
    import hashlib

    from wartools.los.matrix import compute_matrix, load_matrix

    print("\nthe whole matrix by executor (`wartools matrix`, 160 x 160; wall time, one run each, in turn)")
    for kind in kinds:
        m = Map.from_dict(board(kind, 160))
        wall, used, cells = {}, {}, []
        digests = set()
        with tempfile.TemporaryDirectory() as tmp:
            for executor, workers in WHOLE:
                load = os.getloadavg()[0]
                path = Path(tmp) / f"{executor}{workers}.npz"
                (main0, kids0), t0 = _cpu(), time.perf_counter()
                run = compute_matrix(m, path, executor=executor, workers=workers, progress=False, resume=False)
                wall[(executor, workers)] = t = time.perf_counter() - t0
                main1, kids1 = _cpu()
                used[(executor, workers)] = main, kids = main1 - main0, kids1 - kids0
                digests.add(hashlib.sha256(load_matrix(path).status.tobytes()).hexdigest())
                path.unlink()
                cells.append(f"{executor} x{workers} {t / 60:5.2f} min (CPU: here {main:3.0f} s, workers {kids:3.0f} s; "
                             f"load before {load:.1f})")
        assert len(digests) == 1, "the executors' matrices differ"
        one = wall[("processes", 1)]
        # on idle cores a run takes at least its busiest process's CPU and its CPU over the cores
        # it can use (1 worker: this process beside it on the other core; 2: three processes on 2)
        idle = {e: max(used[("processes", 1)]) / (2 * max(used[(e, 2)][0], sum(used[(e, 2)]) / 2))
                for e in ("processes", "dask")}
        print(f"  {kind} ({run.cells:,} cells, {run.tiles} tiles): " + ", ".join(cells)
              + f"; efficiency at 2 workers: processes {one / (2 * wall[('processes', 2)]):.2f}, "
              f"dask {one / (2 * wall[('dask', 2)]):.2f} (against 1 worker process; from the CPU, on 2 idle "
              f"cores: processes {idle['processes']:.2f}, dask {idle['dask']:.2f}); the same statuses")
    print("targets: the 25,600-cell matrix in under 15 minutes on this 2-core machine, efficiency >= 0.8 at "
          "2 workers")


def _bench_dict() -> dict:  # type: ignore[type-arg]
    """The radius-20 benchmark map as map-file data."""
    rnd = random.Random(7)
    size = 2 * RADIUS + 1
    data = {"format": "wartools-map/1", "name": "bench", "game": "combat-infantry",
            "grid": {"type": "hex", "columns": size, "rows": size}}
    m0 = Map.from_dict(data)
    g = m0.grid
    centre = g.from_offset(RADIUS, RADIUS)
    hexagon = [c for c in g.cells() if g.distance(c, centre) <= RADIUS]
    woods = rnd.sample(hexagon, round(0.15 * len(hexagon)))
    inside = set(hexagon)
    edges = [e for e in g.edges() if e.a in inside and e.b in inside]
    hedges = rnd.sample(edges, round(0.05 * len(edges)))
    data["terrain"] = {"cells": {g.label(c): "woods" for c in woods}}
    data["edges"] = [{"cells": [g.label(e.a), g.label(e.b)], "feature": "hedge"} for e in hedges]
    return data


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer samples")
    ap.add_argument("--scale", action="store_true", help="also print the scale table")
    ap.add_argument("--scale-only", action="store_true", help="print only the scale table")
    ap.add_argument("--executors", action="store_true",
                    help="also time `wartools matrix` per executor and worker count (minutes)")
    ap.add_argument("--whole", nargs="*", choices=("hex", "square"), default=None,
                    help="time the whole 160 x 160 matrix per executor instead of the other tables (default: hex; "
                         "minutes of every core)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="the main table's clock: wall time, or this process's CPU time")
    args = ap.parse_args()
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.whole is not None:
        whole_table(args.whole or ["hex"])
        return
    if args.scale_only:
        scale_table(args.quick)
        executor_table(args.quick)
        return
    if args.scale:
        scale_table(args.quick)
    if args.scale or args.executors:
        executor_table(args.quick)
    n_view = 10 if args.quick else 40
    n_single = 1000 if args.quick else 5000
    m, cells = build_map()
    g = m.grid
    print(f"map: hexagon radius {RADIUS}, {len(cells)} hexes, "
          f"{sum(1 for c in cells if m.terrain_at(c) == 'woods')} woods, {len(m.edges)} hedged hexsides")
    t0 = time.perf_counter()
    templates_for(g, 2 * RADIUS)
    geometry(m)
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    load_kernels()
    viewshed(m, cells[0], cells=cells)
    loading = time.perf_counter() - t0
    print(f"one-time setup (ruler templates to distance {2 * RADIUS} + map geometry): {setup:.2f} s; loading "
          f"the compiled kernels and the game's verdict (numba, from its disk cache): {loading:.2f} s")
    rnd = random.Random(1)
    observers = rnd.sample(cells, n_view)
    woods = {c for c in cells if m.terrain_at(c) == "woods"}
    inside = set(cells)

    # --- viewshed: ours vs hexutil field of view (pointy doubled coordinates; same hexes) ---
    viewshed(m, observers[0], cells=cells)
    import hexutil

    def to_hu(c: Hex) -> hexutil.Hex:
        return hexutil.Hex(2 * c.q + c.r, c.r)
    opaque = {to_hu(c) for c in woods}
    inside_hu = {to_hu(c) for c in inside}

    def transparent(h: hexutil.Hex) -> bool:
        return h in inside_hu and h not in opaque
    t_ours, t_hu = (t / n_view for t in interleaved(
        [lambda: [viewshed(m, o, cells=cells) for o in observers],
         lambda: [to_hu(o).field_of_view(transparent, 2 * RADIUS) for o in observers]], 7))

    # --- naive shapely loop -------------------------------------------------------------
    lay = g.layout()
    wpolys = [shapely.Polygon(lay.polygon(c)) for c in woods]
    wcells = list(woods)
    wtree = shapely.STRtree(wpolys)
    hsegs = [shapely.LineString([lay.point(p) for p in g.edge_corners(e)]) for e in m.edges]
    htree = shapely.STRtree(hsegs)

    def naive(o: Hex) -> list[Hex]:
        seen = []
        p = lay.to_pixel(o)
        for t in cells:
            line = shapely.LineString([p, lay.to_pixel(t)])
            hits = [i for i in wtree.query(line, predicate="intersects") if wcells[i] not in (o, t)]
            if not hits and len(htree.query(line, predicate="intersects")) == 0:
                seen.append(t)
        return seen
    t_naive = timeit(lambda: [naive(o) for o in observers[:max(2, n_view // 8)]]) / max(2, n_view // 8)

    # --- single query -------------------------------------------------------------------
    pairs = [(rnd.choice(cells), rnd.choice(cells)) for _ in range(n_single)]
    line_of_sight(m, *pairs[0])
    def singles(chunk: list[tuple[Hex, Hex]]) -> float:
        t0 = CLOCK[0]()
        for a, b in chunk:
            line_of_sight(m, a, b)
        return CLOCK[0]() - t0
    t_single = min(singles(pairs[i:i + 500]) for i in range(0, n_single, 500)) / 500

    # --- all pairs ------------------------------------------------------------------------
    visibility_matrix(m, cells, progress=False)       # warm: the compiled kernels load once per process
    tracemalloc.start()
    visibility_matrix(m, cells, progress=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    t_all = timeit(lambda: visibility_matrix(m, cells, progress=False), 3)
    n_pairs = len(cells) * (len(cells) - 1)
    t_loop = t_single * n_pairs      # extrapolated from the single-query sample
    vm = visibility_matrix(m, cells, progress=False)
    # sanity: the matrix agrees with single calls on a sample
    for a, b in pairs[:200]:
        assert vm.sees(a, b) == line_of_sight(m, a, b).visible

    # --- a cached matrix file (`wartools matrix`): viewsheds and the exposure map read it ---------
    from wartools.los import coverage
    from wartools.los.matrix import compute_matrix, forget_matrices, use_matrix

    with tempfile.TemporaryDirectory() as tmp:
        compute_matrix(m, Path(tmp) / "bench.npz", progress=False)
        t_cover = timeit(lambda: coverage(m, cells, progress=False), 3)
        want = [viewshed(m, o, cells=cells) for o in observers], coverage(m, cells, progress=False)
        use_matrix(Path(tmp) / "bench.npz", m)
        got = [viewshed(m, o, cells=cells) for o in observers], coverage(m, cells, progress=False)
        assert got == want                      # the cache changes no answer
        t_cached = timeit(lambda: [viewshed(m, o, cells=cells) for o in observers], 7) / n_view
        t_cover_cached = timeit(lambda: coverage(m, cells, progress=False), 3)
        forget_matrices()

    rows = [
        ("viewshed (per observer)", t_ours, t_hu, "hexutil field_of_view", t_ours / t_hu),
        ("viewshed (per observer)", t_ours, t_naive, "naive shapely loop", t_ours / t_naive),
        (f"all pairs ({n_pairs:,} rulers)", t_all, t_loop, "loop of single calls*", t_loop / t_all),
        (f"all pairs ({n_pairs:,} rulers)", t_all, t_hu * len(cells), f"{len(cells):,} hexutil fovs", t_hu * len(cells) / t_all),
        ("single query", t_single, None, "target 0.05 ms", t_single / 0.00005),
        ("viewshed, cached matrix", t_cached, t_ours, "the kernel's viewshed", t_ours / t_cached),
        ("coverage, cached matrix", t_cover_cached, t_cover, "the kernel's coverage", t_cover / t_cover_cached),
    ]
    print()
    print(f"{'task':30} {'ours':>12} {'other':>12}  {'other is':24} {'ratio':>8}")
    for task, ours, other, name, ratio in rows:
        o = f"{other * 1e3:9.2f} ms" if other is not None else f"{'':>12}"
        print(f"{task:30} {ours * 1e3:9.3f} ms {o}  {name:24} {ratio:8.2f}")
    print("\nratio: viewshed ours/other (<= 1 is faster; target <= 0.25 against hexutil); all pairs "
          "other/ours (speed-up; target >= 10 against hexutil's fields of view, and under 0.1 s); single query "
          "ours/target (<= 1 meets it); cached rows: the kernel's time / the cached answer's (speed-up)")
    print(f"* extrapolated: {n_single} single calls timed (best batch of 500), times {n_pairs:,} ordered pairs")
    print(f"viewsheds: ours and hexutil take turns, best of 7 rounds over the same observers; clock: {args.clock}")
    print(f"peak traced memory during all pairs: {peak / 2**20:.1f} MiB")
    from wartools.los import LOSSituation

    sym = "symmetric: unordered pairs judged once" if m.game.los_policy().is_symmetric(
        geometry(m), LOSSituation()) else \
        "not symmetric for this map (woods are seen into only from adjacent hexes): all ordered pairs judged"
    print(f"all pairs: {sym}; visible pairs {int(vm.visible.sum()) - len(cells):,}")



if __name__ == "__main__":
    main()
