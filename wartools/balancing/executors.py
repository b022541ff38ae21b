"""Where a balance run's playouts are played: in this process, in local processes, or on Dask.

:func:`run_chunks` cuts the run into chunks of consecutive playouts (:func:`chunks`) and plays
them with :func:`wartools.parallel.run_tasks`, yielding each finished
:class:`~wartools.balancing.job.Chunk` as soon as it is done, in whatever order the workers
finish; the caller puts the playouts back in playout order. The :class:`~wartools.balancing.job.Job`
is sent to each worker once (not with every chunk), and each worker loads its scenario before
its first chunk (:func:`~wartools.balancing.job.prepare`). Closing the generator (the run is
stopped, interrupted or done) cancels what has not run and releases the workers.

- ``"inline"``: one chunk after another, here (chunks of at most :data:`MOST_INLINE` playouts);
- ``"processes"``: ``workers`` local processes started with ``spawn`` (a clean interpreter,
  like a remote worker's; they ignore Ctrl-C, which the caller handles);
- ``"dask"``: a ``LocalCluster`` started for the run and closed after it, or a running
  scheduler at ``address`` (``dask scheduler`` / ``dask worker`` processes, or a cluster
  manager such as dask-jobqueue): the connection and the wait for a first worker are bounded
  by ``timeout`` seconds, and an unreachable scheduler is one clear
  :class:`~wartools.errors.WartoolsError`.

A free worker takes the next chunk. Chunks shrink as the run goes (*guided* scheduling: each
holds the playouts still to hand out over :data:`SHARE` x the workers, at least one, at most
:data:`MOST_PER_CHUNK`), so the cost of a task is paid per chunk, not per playout, while the
last chunks are single playouts: one playout can take ten times another, and no worker is left
idle at the end waiting for another's big chunk. Where the cuts fall changes nothing in the
answer (the outcomes are counted in playout order).

Examples
--------
>>> chunks(10, 1)
[(0, 2), (2, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10)]
>>> parts = chunks(1000, 2)
>>> len(parts), parts[0], parts[-1]
(53, (0, 50), (999, 1000))
"""
from __future__ import annotations

import contextlib
from collections.abc import Generator
from typing import Any

from wartools.balancing.job import Chunk, Job, play_chunk, prepare

#: most playouts in one chunk (a chunk is the unit of progress, of a partial answer and of loss
#: on interruption)
MOST_PER_CHUNK = 50
#: most playouts in one chunk played in this process (no task to pay for: small chunks give a
#: finer progress bar and lose less on Ctrl-C)
MOST_INLINE = 5
#: a chunk holds the playouts not yet handed out over this many times the workers
SHARE = 4


def chunks(n: int, workers: int, most: int = MOST_PER_CHUNK) -> list[tuple[int, int]]:
    """Playouts ``0 .. n-1`` cut into consecutive ``(start, stop)`` chunks for ``workers`` workers,
    each of the playouts left over :data:`SHARE` x ``workers``, at least 1 and at most ``most``."""
    parts: list[tuple[int, int]] = []
    start, share = 0, SHARE * max(1, workers)
    while start < n:
        size = max(1, min(most, (n - start) // share))
        parts.append((start, start + size))
        start += size
    return parts


def run_chunks(job: Job, n: int, executor: str, workers: int | None = None, address: str | None = None,
               timeout: float = 10.0) -> Generator[Chunk, None, None]:
    """Play playouts ``0 .. n-1`` of ``job`` on ``executor`` (:data:`wartools.parallel.EXECUTORS`),
    yielding each chunk as it is done."""
    from wartools.parallel import run_tasks

    most = MOST_INLINE if executor == "inline" else MOST_PER_CHUNK
    results: Any = run_tasks(play_chunk, lambda w: chunks(n, w, most), shared=job, executor=executor,
                             workers=workers, address=address, timeout=timeout, prepare=prepare)
    with contextlib.closing(results):
        for _, chunk in results:
            yield chunk
