"""Where a balance run's playouts are played: in this process, in local processes, or on Dask.

Each runner takes a :class:`~wartools.balancing.job.Job` and the chunks of playout indices
``(start, stop)`` and yields each finished :class:`~wartools.balancing.job.Chunk` as soon as it is
done, in whatever order the workers finish; the caller puts them back in playout order. Closing
the generator (the run is stopped, interrupted or done) cancels what has not run and releases
the workers.

- :func:`run_inline`: one chunk after another, here (the default; chunks of at most
  :data:`MOST_INLINE` playouts).
- :func:`run_processes`: a :class:`concurrent.futures.ProcessPoolExecutor` of ``workers``
  processes (started with ``spawn``: a clean interpreter, like a remote worker's; they ignore
  Ctrl-C, which the caller handles).
- :func:`run_dask`: a :class:`distributed.Client`, either on a ``LocalCluster`` started for the
  run and closed after it (:func:`wartools.parallel.dask_client` with no address), or on a running scheduler
  (``dask scheduler`` / ``dask worker`` processes, or a cluster manager such as dask-jobqueue):
  the connection and the wait for a first worker are bounded by ``timeout`` seconds, and an
  unreachable scheduler is one clear :class:`~wartools.errors.WartoolsError`.

Work is sent in chunks (:func:`chunks`: about eight per worker, at most 50 playouts each), so
the cost of a task (a few milliseconds on Dask) is paid per chunk, not per playout.

Examples
--------
>>> chunks(10, 1)
[(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
>>> len(chunks(1000, 2)), chunks(1000, 2)[-1]
(20, (950, 1000))
"""
from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Generator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from wartools.balancing.job import Chunk, Job, play_chunk
from wartools.parallel import dask_client
from wartools.errors import WartoolsError, one_line

#: most playouts in one chunk (a chunk is the unit of progress, of a partial answer and of loss
#: on interruption)
MOST_PER_CHUNK = 50
#: most playouts in one chunk played in this process (no task to pay for: small chunks give a
#: finer progress bar and lose less on Ctrl-C)
MOST_INLINE = 5
#: chunks per worker (enough that one slow chunk does not leave the other workers idle)
CHUNKS_PER_WORKER = 8


def chunks(n: int, workers: int, most: int = MOST_PER_CHUNK) -> list[tuple[int, int]]:
    """Playouts ``0 .. n-1`` cut into consecutive ``(start, stop)`` chunks for ``workers`` workers,
    at most ``most`` playouts each."""
    size = max(1, min(most, -(-n // (max(1, workers) * CHUNKS_PER_WORKER))))
    return [(a, min(n, a + size)) for a in range(0, n, size)]


def run_inline(job: Job, parts: list[tuple[int, int]]) -> Generator[Chunk, None, None]:
    """Play the chunks one after another in this process."""
    for start, stop in parts:
        yield play_chunk(job, start, stop)


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_processes(job: Job, parts: list[tuple[int, int]], workers: int) -> Generator[Chunk, None, None]:
    """Play the chunks on ``workers`` local processes."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_ignore_interrupt)
    pending: set[Future[Chunk]] = {pool.submit(play_chunk, job, a, b) for a, b in parts}
    finished = False
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in sorted(done, key=lambda f: f.result().start):
                yield f.result()
        finished = True
    finally:
        for f in pending:
            f.cancel()
        if not finished:  # stopped early: do not wait for the chunks still being played
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


def run_dask(job: Job, parts: list[tuple[int, int]], client: Any) -> Generator[Chunk, None, None]:
    """Play the chunks as tasks of ``client`` (the job is sent to every worker once)."""
    from distributed import as_completed

    shared = client.scatter(job, broadcast=True, hash=False)
    futures = [client.submit(play_chunk, shared, a, b, pure=False) for a, b in parts]
    try:
        for f in as_completed(futures, loop=client.loop):
            try:
                yield f.result()
            except (ImportError, AttributeError) as exc:  # the worker's Python has no (or another) wartools
                raise WartoolsError(f"a Dask worker cannot run wartools ({one_line(exc)[:120]}): install the "
                                    "same wartools on every worker") from None
    finally:
        client.cancel(futures)
