"""Playout benchmark: how fast scenarios play out, where the time goes, and what parallel buys.

All in one run, on the four sample scenarios:

1. playouts per CPU second (what the machine's other work blurs least), in this process,
   greedy against greedy and random against random (``--sample`` playouts each), with the play engine's attack answers asked afresh in every
   position (``wartools.play.attacks.KEEP = 0``: before they were kept) and kept across
   positions and playouts (now), and the ratios; nothing is kept from one measurement to the
   next (``attacks.forget``);
2. where a game's fire lines read no unit (``LOSPolicy.matrix_situation``), greedy playouts per
   CPU second with the board's all-pairs matrix that a run computes for itself
   (``wartools.balancing.job.run_matrix``, now the default) against without
   (``AUTO_MATRIX_CELLS = 0``), and the matrix's own time;
3. where the time goes: the top entries of a cProfile of greedy-against-greedy playouts (by
   cumulative time, wartools functions);
4. ``--playouts`` (1,000) greedy-against-greedy playouts of each scenario on ``--workers``
   (2) local processes, and the time 1,000 would take at that rate, against the 60 s target;
5. parallel efficiency at ``--workers`` workers: (one process's time) / (workers x the pool's
   time) on the same playouts (target >= 0.8), and Dask (a ``LocalCluster`` of as many
   single-threaded workers) against the plain processes (target: within 15 %), Dask again with
   its own defaults for the workers (its statistical profiler and frequent monitors on, as
   before ``wartools.parallel.LOCAL_SETTINGS``), and whether they all gave the same JSON (they
   must: each worker draws other chunks, so a kept answer whose key misses what it reads shows
   here; in 2026-12 Saint-Remy's did not agree, and a board movement graph built in one playout
   was found answering another's step into an assault hex, Combat Infantry 9.1). Side by side with the chunks cut as they were
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

Times are wall-clock unless said; the in-process run is in this process, its kept attack
answers dropped first (it plays cold, as each worker does), the pools start cold (as a real
run does).

Where the time goes (measured 2026-12, 2 cores shared with four other engineers' work: ratios
of one run, CPU seconds, the two settings interleaved on the same playouts):

- random against random is the engine's own cost, and that was the attack question: a
  Conflict of Heroes random playout spent 24 of its 31 s (cProfile, 5 playouts) asking every
  unit's shots afresh in every position. The engine now keeps the answers across positions and
  playouts under the key of what they read (``wartools.play.attacks``): Conflict of Heroes 6.5 s
  of 11; CPU kept / afresh 0.42 random, 0.77 greedy; Heroes of Normandie 0.86 random, 0.68
  greedy (a unit between the ends changes the key, 1.1); Company of Heroes 1.00 and Combat
  Infantry 0.96 random: their fire reads the attacker's whole team (spotting, friendly units
  blocking, 6.4, 7), so a friendly move changes every key of the side, and what is left there is
  the attack question's fixed cost per call (about 1.4 cells a call) and the movement answers
  (``reachable`` per unit per position, a third of a Combat Infantry random playout, its hex
  control, 8.3, half of that);
- in 2026-12 three costs no profile of one function showed: Python's cyclic collector, whose full
  passes walk every object of the engines' large bounded caches, ran every few hundred
  allocations (a fifth of a playout; now ``wartools.play.playout.fewer_collections`` over a
  playout and a balance chunk: 17-30 % less CPU on Heroes of Normandie, about 16 % on Combat
  Infantry, same JSON); the compiled LOS verdicts were loaded only after four million template
  rows, which a play engine's thousands of small batches (15 to 540 rows each) reach late or
  never, so most playouts judged lines with numpy at about half a millisecond a batch (now each
  batch counts ``kernel.CALL_ROWS`` more: loaded after a few playouts); and Company of Heroes
  judged every fire line's findings to look for the HE note that only indirect lines carry (now
  ``FireRules.noted``);
- a balance job's scenario has no file, and its canonical dump for the record's digest took a
  tenth of a random playout (now once per scenario object);
- greedy against greedy: the bot's own exposure questions are about two thirds (Conflict of
  Heroes: ``choose`` 11.9 of 18.7 s), the legal actions a third (the engine's shots 3.5 s);
- Dask's workers with Dask's defaults spent 1.23-1.29 times their tasks' own CPU (the
  statistical profiler every 10 ms, the event loop's health check, memory and system monitors
  taking the GIL from the task); with ``wartools.parallel.LOCAL_SETTINGS`` 1.03-1.04. Plain
  processes have no such threads. A fresh worker pays about 0.6 CPU s to start (imports, the
  job) and its first greedy playout about 0.4 s more than later ones (compiled kernels loaded,
  board graphs built): a second to a worker, whatever the run's length.

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

from wartools import parallel
from wartools.balancing import balance, executors
from wartools.balancing import job as job_module
from wartools.balancing.job import job_for, play_chunk, prepare
from wartools.parallel import run_tasks
from wartools.play import attacks
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


def rate(path: Path, bots: tuple[str, str], n: int, keep: bool = True) -> float:
    """Playouts per CPU second in this process (the job's first load excluded), with the engine's
    answers kept across positions and playouts (:mod:`wartools.play.attacks`) or asked afresh
    (``keep=False``, as before they were kept); nothing kept from an earlier measurement."""
    job = job_for(load_scenario(path), bots, seed=11)
    attacks.forget()
    with mock.patch.object(attacks, "KEEP", attacks.KEEP if keep else 0):
        play_chunk(job, 0, 1)
        c = time.process_time()
        play_chunk(job, 1, 1 + n)
    return n / (time.process_time() - c)


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
    """Greedy playouts per CPU second of a scenario without and with the board's all-pairs matrix
    a run computes for itself (``job.run_matrix``: the attack question reads it where the game's
    line of sight reads no unit, ``LOSPolicy.matrix_situation``), and the matrix's own time;
    ``None`` when a run of the scenario computes none."""
    s = load_scenario(path)
    got, seconds = timed(lambda: job_module.run_matrix(s))
    if got is None:
        return None
    with mock.patch.object(job_module, "AUTO_MATRIX_CELLS", 0):
        without = rate(path, ("greedy", "greedy"), n)
    return without, rate(path, ("greedy", "greedy"), n), seconds


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
        pairs = (("greedy", "greedy"), ("random", "random"))
        g0, r0 = (rate(path, bots, args.sample, keep=False) for bots in pairs)
        g, r = (rate(path, bots, args.sample) for bots in pairs)
        rows.append((path.stem, g0, g, g / g0, r0, r, r / r0, r / g))
    print(f"## playouts per CPU second, one process ({args.sample} playouts each): the engine's answers asked "
          "afresh in every position (before) and kept (now)\n")
    table(("scenario", "greedy v greedy afresh /s", "greedy kept /s", "greedy kept / afresh",
           "random v random afresh /s", "random kept /s", "random kept / afresh", "random / greedy"), rows)

    gains = [(path.stem, *got, got[1] / got[0]) for path in SCENARIOS
             if (got := matrix_gain(path, args.sample)) is not None]
    print(f"## greedy v greedy playouts per CPU second with the board's matrix a run computes for itself "
          f"({args.sample} playouts)\n")
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
            attacks.forget()        # this process plays cold, as each worker does
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
        with mock.patch.object(parallel, "LOCAL_SETTINGS", {parallel.UNTRIMMED: None}):
            dask_defaults, tdd, cdd = run(executor="dask", workers=w)     # Dask's profiler and monitors on
        (sp, spc), (sd, _) = start_up(job, "processes", w), start_up(job, "dask", w)
        cost = [costs[i] for i in range(n)]
        play = sum(cost)
        guided, fixed = (play / (w * makespan(cost, cut(n, w), w)) for cut in (executors.chunks, fixed_chunks))
        model_rows.append((path.stem, play, min(cost), max(cost), guided, fixed, spc / w,
                           play / (w * (makespan(cost, executors.chunks(n, w), w) + spc / w))))
        same = len({json.dumps(b.to_json()) for b in (one, many, before, dask, dask_defaults)}) == 1
        total += tw
        thousand = tw / n * 1000  # the 60 s target is for 1,000 playouts
        rows.append((path.stem, t1, tw, thousand, "yes" if thousand < 60 else "no", t1 / (w * tw),
                     t1 / (w * max(tw - sp, 1e-9)), sp / tw, tb, t1 / (w * tb), td, td / tw,
                     (td - sd) / max(tw - sp, 1e-9), tdd, tdd / tw, "yes" if same else "NO"))
        cpu_rows.append((path.stem, c1, cw, cw / c1, cd, cd / c1, cdd, cdd / c1))
    print(f"## {n} greedy v greedy playouts per scenario (wall s; machine shared: wall ratios indicative)\n")
    table(("scenario", "1 process s", f"{w} processes s", f"1,000 on {w} processes s", "< 60 s",
           f"efficiency at {w}", "steady efficiency", "start-up share", "fixed chunks (before) s",
           "efficiency before", f"Dask ({w}) s", "Dask / processes", "steady Dask / processes",
           "Dask, its defaults s", "Dask defaults / processes", "same JSON"), rows)
    print(f"all four scenarios on {w} processes: {total:.1f} s\n")
    print("start-up share: starting the pool and preparing the job (timed apart) over the pool's run; "
          "steady: with the start-up taken off\n")
    print(f"## CPU seconds of every process of the run (this one and its children), {n} playouts\n")
    table(("scenario", "in-process cpu s", f"{w} processes cpu s", "processes / in-process",
           f"Dask ({w}) cpu s", "Dask / in-process", "Dask, its defaults cpu s", "Dask defaults / in-process"),
          cpu_rows)
    print(f"## the schedule on {w} workers from each playout's measured CPU (what the machine's other work "
          f"cannot blur), {n} playouts\n")
    table(("scenario", "playouts cpu s", "shortest s", "longest s", "schedule efficiency (guided)",
           "schedule efficiency (fixed, before)", "start-up cpu per worker s", "efficiency: guided + start-up"),
          model_rows)
    print("schedule efficiency: the playouts' CPU over workers x the time the last worker ends when each chunk "
          "goes to the worker free first; + start-up: each worker also pays its share of the start-up run's CPU\n")


if __name__ == "__main__":
    main()
