"""Where a balance run's playouts are played: in this process, in local processes, or on Dask.

Each runner takes a :class:`~wartools.balance.job.Job` and the chunks of playout indices
``(start, stop)`` and yields each finished :class:`~wartools.balance.job.Chunk` as soon as it is
done, in whatever order the workers finish; the caller puts them back in playout order. Closing
the generator (the run is stopped, interrupted or done) cancels what has not run and releases
the workers.

- :func:`run_inline`: one chunk after another, here (the default; chunks of at most
  :data:`MOST_INLINE` playouts).
- :func:`run_processes`: a :class:`concurrent.futures.ProcessPoolExecutor` of ``workers``
  processes (started with ``spawn``: a clean interpreter, like a remote worker's; they ignore
  Ctrl-C, which the caller handles).
- :func:`run_dask`: a :class:`distributed.Client`, either on a ``LocalCluster`` started for the
  run and closed after it (:func:`dask_client` with no address), or on a running scheduler
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

import contextlib
import logging
import multiprocessing
import signal
from collections.abc import Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from wartools.balance.job import Chunk, Job, play_chunk
from wartools import limits
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


@contextlib.contextmanager
def dask_client(address: str | None = None, workers: int | None = None, timeout: float = 10.0) -> Iterator[Any]:
    """A Dask client: on ``address`` (a running scheduler, ``tcp://host:port``), or on a
    ``LocalCluster`` of ``workers`` single-threaded worker processes started here and closed when
    the block ends."""
    from distributed import Client, LocalCluster

    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its warnings would break the command line's one-line promise
    try:
        if address is None:
            with LocalCluster(n_workers=workers or 2, threads_per_worker=1, processes=True,
                              dashboard_address=None, silence_logs=logging.CRITICAL) as cluster, \
                    Client(cluster) as client:
                yield client
            return
        _reachable(address, timeout)
        try:
            client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise WartoolsError(f"cannot connect to the Dask scheduler at {address!r} within {timeout:g} s "
                                f"({one_line(exc)[:120]})") from None
        with client:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError) as exc:
                raise WartoolsError(f"the Dask scheduler at {address!r} has no worker after {timeout:g} s "
                                    f"({one_line(exc)[:80]}); start one with 'dask worker {address}'") from None
            yield client
    finally:
        quiet.setLevel(level)


def _reachable(address: str, timeout: float) -> None:
    """Refuse, in one line, an address no scheduler listens on (before a Dask client is made: a
    client that failed to connect retries in the background and complains when collected)."""
    import socket

    protocol, _, rest = address.rpartition("://")
    if protocol not in ("", "tcp"):
        return  # tls://, ucx://, ...: the Dask client checks those itself
    host, _, port = rest.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise WartoolsError(f"address: {limits.shown(address)} is not a scheduler address such as "
                            "tcp://127.0.0.1:8786")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise WartoolsError(f"cannot reach a Dask scheduler at {address!r} within {timeout:g} s "
                            f"({one_line(exc)[:80]}); start one with 'dask scheduler' and workers with "
                            "'dask worker ADDRESS' (docs/playouts.md)") from None


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
