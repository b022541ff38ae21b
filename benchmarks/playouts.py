"""Playout benchmark: how fast scenarios play out, where the time goes, and what parallel buys.

All in one run, on the four sample scenarios:

1. playouts per second, in this process, greedy against greedy and random against random
   (``--sample`` playouts each), and the ratio;
2. where a game's fire lines read no unit (``LOSPolicy.matrix_situation``), greedy playouts per
   second with the board's all-pairs matrix registered against without (the attack question
   reads it), and the matrix's own time;
3. where the time goes: the top entries of a cProfile of greedy-against-greedy playouts (by
   cumulative time, wartools functions);
4. ``--playouts`` (1,000) greedy-against-greedy playouts of each scenario on ``--workers``
   (2) local processes, and the time 1,000 would take at that rate, against the 60 s target;
5. parallel efficiency at ``--workers`` workers: (one process's time) / (workers x the pool's
   time) on the same playouts (target >= 0.8), and Dask (a ``LocalCluster`` of as many
   single-threaded workers) against the plain processes (target: within 15 %), and whether
   they all gave the same JSON (they must). Side by side with the chunks cut as they were
   before guided scheduling (fixed chunks of about ``n / (8 x workers)`` playouts). The
   start-up of a pool or cluster (starting the interpreters, importing wartools, loading the
   job: ``run_tasks`` with the job's ``prepare`` and empty tasks) is timed apart, so the
   efficiency of the playouts themselves (*steady*: start-up taken off) can be told from
   what a short run pays once. The CPU seconds of every process of a run (this one and its
   children) against the in-process run's say what parallel costs in work whatever else the
   machine runs; wall-clock ratios on a machine shared with other work are only indicative.
   So the schedule is also computed from each playout's CPU (timed in the in-process run):
   the chunks handed in order to the worker free first, guided against fixed, with and
   without each worker's start-up CPU.

Times are wall-clock unless said; the in-process run is in this (warm) process, the pools
start cold (as a real run does).

Run: ``python benchmarks/playouts.py [--playouts 1000] [--sample 20] [--workers 2] [--quick] [--only TEXT]``.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import resource
import time
from pathlib import Path
from unittest import mock

from wartools.balancing import balance, executors
from wartools.balancing.job import job_for, play_chunk, prepare
from wartools.parallel import run_tasks
from wartools.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def cpu_timed(fn):  # type: ignore[no-untyped-def]
    """``(result, wall s, CPU s)``: the CPU of this process and of the children it waited for."""
    def used() -> float:
        return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                      resource.getrusage(resource.RUSAGE_CHILDREN)))
    c = used()
    out, wall = timed(fn)
    return out, wall, used() - c


def _nothing(job: object, k: int) -> None:
    """An empty task (the start-up run: the workers start and prepare the job, then do nothing)."""


def start_up(job: object, executor: str, workers: int) -> tuple[float, float]:
    """Wall and CPU seconds to start ``workers`` workers on ``executor`` and prepare the job there."""
    def run() -> None:
        for _ in run_tasks(_nothing, [(k,) for k in range(workers)], shared=job, executor=executor,
                           workers=workers, prepare=prepare):
            pass
    _, wall, cpu = cpu_timed(run)
    return wall, cpu


def makespan(costs: list[float], parts: list[tuple[int, int]], workers: int) -> float:
    """When the last of ``workers`` is done if each chunk of ``parts``, in order, goes to the worker
    free first (as the pool and Dask's queue hand them out) and each playout takes its ``costs``."""
    free = [0.0] * workers
    for a, b in parts:
        k = free.index(min(free))
        free[k] += sum(costs[a:b])
    return max(free)


def fixed_chunks(n: int, workers: int, most: int = executors.MOST_PER_CHUNK) -> list[tuple[int, int]]:
    """The chunks as they were cut before guided scheduling: about eight per worker, at most ``most``."""
    size = max(1, min(most, -(-n // (max(1, workers) * 8))))
    return [(a, min(n, a + size)) for a in range(0, n, size)]


def rate(path: Path, bots: tuple[str, str], n: int) -> float:
    """Playouts per second in this process (the job's first load excluded)."""
    job = job_for(load_scenario(path), bots, seed=11)
    play_chunk(job, 0, 1)
    _, seconds = timed(lambda: play_chunk(job, 1, 1 + n))
    return n / seconds


def profile(path: Path, n: int, top: int) -> list[tuple[str, float, float]]:
    """``(function, cumulative s, own s)`` of the ``top`` wartools functions by cumulative time."""
    job = job_for(load_scenario(path), ("greedy", "greedy"), seed=5)
    play_chunk(job, 0, 1)
    prof = cProfile.Profile()
    prof.enable()
    play_chunk(job, 1, 1 + n)
    prof.disable()
    stats = pstats.Stats(prof)
    rows = []
    for (file, line, name), (_, _, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = file.rpartition("/wartools/")[2] if "/wartools/" in file else ""
        if where and not where.startswith("balancing/"):
            rows.append((f"{where}:{line} {name}", cumulative, own))
    rows.sort(key=lambda r: -r[1])
    return rows[:top]


def matrix_gain(path: Path, n: int) -> tuple[float, float, float] | None:
    """Greedy playouts per second of a scenario without and with its board's all-pairs matrix
    registered (the attack question reads it where the game's line of sight reads no unit,
    ``LOSPolicy.matrix_situation``), and the matrix's own time; ``None`` when the game's fire
    lines are not answered by a matrix."""
    import tempfile

    from wartools.los import LOSSituation
    from wartools.los.matrix import compute_matrix, forget_matrices, use_matrix

    s = load_scenario(path)
    if s.game.los_policy().matrix_answers(LOSSituation(mode="fire")) is None:
        return None
    without = rate(path, ("greedy", "greedy"), n)
    with tempfile.TemporaryDirectory() as d:
        run, seconds = timed(lambda: compute_matrix(s.map_at(), Path(d) / "m.npz", progress=False))
        use_matrix(run.path)
        try:
            with_matrix = rate(path, ("greedy", "greedy"), n)
        finally:
            forget_matrices()
    return without, with_matrix, seconds


def table(head: tuple[str, ...], rows: list[tuple[object, ...]]) -> None:
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for r in rows:
        print(" | ".join(f"{x:.2f}" if isinstance(x, float) else str(x) for x in r))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--quick", action="store_true", help="100 playouts and 5-playout samples")
    parser.add_argument("--only", default="", help="only the scenarios whose file name holds one of these "
                                                   "comma-separated texts")
    args = parser.parse_args()
    global SCENARIOS
    SCENARIOS = [p for p in SCENARIOS if any(t in p.name for t in args.only.split(","))]
    if args.quick:
        args.playouts, args.sample = 100, 5
    w = args.workers

    rows = []
    for path in SCENARIOS:
        g = rate(path, ("greedy", "greedy"), args.sample)
        r = rate(path, ("random", "random"), args.sample)
        rows.append((path.stem, g, r, r / g))
    print(f"## playouts per second, one process ({args.sample} playouts each)\n")
    table(("scenario", "greedy v greedy /s", "random v random /s", "random / greedy"), rows)

    gains = [(path.stem, *got, got[1] / got[0]) for path in SCENARIOS
             if (got := matrix_gain(path, args.sample)) is not None]
    print(f"## greedy v greedy playouts per second with the board's matrix registered ({args.sample} playouts)\n")
    table(("scenario", "without /s", "with the matrix /s", "matrix s", "with / without"), gains)

    slowest = min(rows, key=lambda r: r[1])[0]
    print(f"## where the time goes: {slowest}, greedy v greedy, {args.sample} playouts (cProfile)\n")
    table(("function", "cumulative s", "own s"), profile(ROOT / "scenarios" / f"{slowest}.yaml", args.sample,
                                                          args.top))

    rows, cpu_rows, model_rows = [], [], []
    total = 0.0
    n = args.playouts
    for path in SCENARIOS:
        s = load_scenario(path)
        job = job_for(s, ("greedy", "greedy"), seed=1)

        def run(**kw):  # type: ignore[no-untyped-def]
            return cpu_timed(lambda: balance(s, "greedy,greedy", n, seed=1, progress=False, **kw))
        costs: dict[int, float] = {}

        def one_by_one(job, a, b):  # type: ignore[no-untyped-def]
            c = time.process_time()
            out = play_chunk(job, a, b)
            costs[a] = time.process_time() - c
            return out
        with mock.patch.object(executors, "play_chunk", one_by_one), \
                mock.patch.object(executors, "chunks", lambda n, w, most=1: [(i, i + 1) for i in range(n)]):
            one, t1, c1 = run()                 # in this process, each playout's CPU timed
        many, tw, cw = run(workers=w)
        with mock.patch.object(executors, "chunks", fixed_chunks):
            before, tb, _ = run(workers=w)
        dask, td, cd = run(executor="dask", workers=w)
        (sp, spc), (sd, _) = start_up(job, "processes", w), start_up(job, "dask", w)
        cost = [costs[i] for i in range(n)]
        play = sum(cost)
        guided, fixed = (play / (w * makespan(cost, cut(n, w), w)) for cut in (executors.chunks, fixed_chunks))
        model_rows.append((path.stem, play, min(cost), max(cost), guided, fixed, spc / w,
                           play / (w * (makespan(cost, executors.chunks(n, w), w) + spc / w))))
        same = len({json.dumps(b.to_json()) for b in (one, many, before, dask)}) == 1
        total += tw
        thousand = tw / n * 1000  # the 60 s target is for 1,000 playouts
        rows.append((path.stem, t1, tw, thousand, "yes" if thousand < 60 else "no", t1 / (w * tw),
                     t1 / (w * max(tw - sp, 1e-9)), sp / tw, tb, t1 / (w * tb), td, td / tw,
                     (td - sd) / max(tw - sp, 1e-9), "yes" if same else "NO"))
        cpu_rows.append((path.stem, c1, cw, cw / c1, cd, cd / c1))
    print(f"## {n} greedy v greedy playouts per scenario (wall s; machine shared: wall ratios indicative)\n")
    table(("scenario", "1 process s", f"{w} processes s", f"1,000 on {w} processes s", "< 60 s",
           f"efficiency at {w}", "steady efficiency", "start-up share", "fixed chunks (before) s",
           "efficiency before", f"Dask ({w}) s", "Dask / processes", "steady Dask / processes", "same JSON"), rows)
    print(f"all four scenarios on {w} processes: {total:.1f} s\n")
    print("start-up share: starting the pool and preparing the job (timed apart) over the pool's run; "
          "steady: with the start-up taken off\n")
    print(f"## CPU seconds of every process of the run (this one and its children), {n} playouts\n")
    table(("scenario", "in-process cpu s", f"{w} processes cpu s", "processes / in-process",
           f"Dask ({w}) cpu s", "Dask / in-process"), cpu_rows)
    print(f"## the schedule on {w} workers from each playout's measured CPU (what the machine's other work "
          f"cannot blur), {n} playouts\n")
    table(("scenario", "playouts cpu s", "shortest s", "longest s", "schedule efficiency (guided)",
           "schedule efficiency (fixed, before)", "start-up cpu per worker s", "efficiency: guided + start-up"),
          model_rows)
    print("schedule efficiency: the playouts' CPU over workers x the time the last worker ends when each chunk "
          "goes to the worker free first; + start-up: each worker also pays its share of the start-up run's CPU\n")


if __name__ == "__main__":
    main()
