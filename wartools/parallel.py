"""Where independent tasks run: in this process, on local processes, or on Dask.

:func:`run_tasks` calls ``fn(shared, *task)`` for every task and yields
``(index, result)`` as each task finishes, in whatever order the workers finish.
``shared`` (the job every task reads, e.g. a map) is sent to each worker once:

- ``"inline"``: one task after another, here;
- ``"processes"``: a :class:`concurrent.futures.ProcessPoolExecutor` of ``workers``
  processes started with ``spawn`` (a clean interpreter, like a remote worker's);
- ``"dask"``: a :class:`distributed.Client` on a ``LocalCluster`` of ``workers``
  single-threaded worker processes started for the run (``address=None``), or on a running
  scheduler (``dask scheduler`` / ``dask worker``): reaching it, connecting and waiting for a
  first worker are each bounded by ``timeout`` seconds; an address nothing answers on is one
  clear :class:`~wartools.errors.WartoolsError`.

Closing the generator early (an interruption) cancels the tasks not yet run.

Examples
--------
>>> sorted(run_tasks(pow, [(2,), (3,)], shared=10))
[(0, 100), (1, 1000)]
"""
from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import socket
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from wartools.errors import WartoolsError, one_line

EXECUTORS = ("inline", "processes", "dask")

_SHARED: list[Any] = []


def run_tasks(fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], *, shared: Any = None,
              executor: str = "inline", workers: int | None = None, address: str | None = None,
              timeout: float = 10.0) -> Iterator[tuple[int, Any]]:
    """``(i, fn(shared, *tasks[i]))`` for every task, as they finish (see the module docstring)."""
    if executor not in EXECUTORS:
        raise WartoolsError(f"executor must be one of {', '.join(EXECUTORS)}, not {one_line(executor)[:40]!r}")
    if executor == "inline":
        for i, task in enumerate(tasks):
            yield i, fn(shared, *task)
    elif executor == "processes":
        yield from _processes(fn, tasks, shared, workers or 2)
    else:
        with dask_client(address, workers, timeout) as client:
            yield from _dask(fn, tasks, shared, client)


def _start_worker(shared: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # the parent handles Ctrl-C
    _SHARED[:] = [shared]


def _call(fn: Callable[..., Any], *task: Any) -> Any:
    return fn(_SHARED[0], *task)


def _processes(fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], shared: Any,
               workers: int) -> Iterator[tuple[int, Any]]:
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(shared,))
    index: dict[Future[Any], int] = {pool.submit(_call, fn, *task): i for i, task in enumerate(tasks)}
    pending = set(index)
    finished = False
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                yield index[f], f.result()
        finished = True
    finally:
        for f in pending:
            f.cancel()
        if not finished:          # stopped early: do not wait for the tasks still running
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


@contextlib.contextmanager
def dask_client(address: str | None = None, workers: int | None = None, timeout: float = 10.0) -> Iterator[Any]:
    """A Dask client on ``address`` (``tcp://host:port``) or on a ``LocalCluster`` of ``workers``
    single-threaded processes started here and closed when the block ends."""
    from distributed import Client, LocalCluster

    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)      # its warnings would break the command line's one line
    try:
        if address is None:
            with LocalCluster(n_workers=workers or 2, threads_per_worker=1, processes=True,
                              dashboard_address=":0", silence_logs=logging.CRITICAL) as cluster, \
                    Client(cluster) as client:
                yield client
            return
        reachable(address, timeout)
        try:
            client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise WartoolsError(f"cannot connect to the Dask scheduler at {one_line(address)[:80]!r} within "
                                f"{timeout:g} s ({one_line(exc)[:120]})") from None
        with client:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError) as exc:
                raise WartoolsError(f"the Dask scheduler at {address!r} has no worker after {timeout:g} s "
                                    f"({one_line(exc)[:80]}); start one with 'dask worker {address}'") from None
            yield client
    finally:
        quiet.setLevel(level)


def reachable(address: str, timeout: float) -> None:
    """Refuse, in one line, an address no scheduler listens on (checked before a Dask client is
    made: a client that failed to connect retries in the background and complains later)."""
    protocol, _, rest = address.rpartition("://")
    if protocol not in ("", "tcp"):
        return                      # tls://, ucx://, ...: the Dask client checks those itself
    host, _, port = rest.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise WartoolsError(f"address: {one_line(address)[:80]!r} is not a scheduler address such as "
                            "tcp://127.0.0.1:8786")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except (OSError, UnicodeError) as exc:
        raise WartoolsError(f"cannot reach a Dask scheduler at {one_line(address)[:80]!r} within {timeout:g} s "
                            f"({one_line(exc)[:80]}); start one with 'dask scheduler' and workers with "
                            "'dask worker ADDRESS'") from None


def _dask(fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], shared: Any,
          client: Any) -> Iterator[tuple[int, Any]]:
    from distributed import as_completed

    job = client.scatter(shared, broadcast=True, hash=False)
    futures = [client.submit(fn, job, *task, pure=False) for task in tasks]
    index = {f.key: i for i, f in enumerate(futures)}
    try:
        for f in as_completed(futures, loop=client.loop):   # the client need not be the default one
            try:
                result = f.result()
            except (ImportError, AttributeError) as exc:    # the worker's Python has no (or another) wartools
                raise WartoolsError(f"a Dask worker cannot run wartools ({one_line(exc)[:120]}): install the "
                                    "same wartools on every worker") from None
            yield index[f.key], result
    finally:
        client.cancel(futures)
