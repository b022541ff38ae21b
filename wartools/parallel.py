"""Where independent tasks run: in this process, on local processes, or on Dask.

:func:`run_tasks` calls ``fn(shared, *task)`` for every task and yields
``(index, result)`` as each task finishes, in whatever order the workers finish.
``shared`` (the job every task reads, e.g. a map) is sent to each worker once, not
with every task; ``prepare(shared)``, when given, runs once in each worker before its
first task (what every task reads and a worker builds once: a map rebuilt, compiled
kernels loaded), so a run's start-up is paid once per worker, at the start, and a
benchmark can time it apart; the tasks must not rely on it (a worker that joins a running
cluster later, or whose preparation failed, prepares lazily in its first task, which then
reports the error). ``tasks`` is a sequence, or a function of the number of
workers that gives it (work cut into pieces for as many workers as the run has).

- ``"inline"``: one task after another, here;
- ``"processes"``: a :class:`concurrent.futures.ProcessPoolExecutor` of ``workers``
  processes started with ``spawn`` (a clean interpreter, like a remote worker's); a free
  worker takes the next task, so a long task delays no other;
- ``"dask"``: a :class:`distributed.Client` on a ``LocalCluster`` of ``workers``
  single-threaded worker processes started for the run (``address=None``), or on a running
  scheduler (``dask scheduler`` / ``dask worker``): reaching it, connecting and waiting for a
  first worker are each bounded by ``timeout`` seconds; an address nothing answers on is one
  clear :class:`~wartools.errors.WartoolsError`. The scheduler queues the tasks and hands
  each to the next free worker (Dask's task queuing).

Closing the generator early (an interruption) cancels the tasks not yet run.

Examples
--------
>>> sorted(run_tasks(pow, [(2,), (3,)], shared=10))
[(0, 100), (1, 1000)]
>>> sorted(run_tasks(pow, lambda workers: [(k,) for k in range(workers + 1)], shared=2))
[(0, 1), (1, 2)]
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

Tasks = Sequence[tuple[Any, ...]]
_SHARED: list[Any] = []
UNTRIMMED = "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"
"""The Dask setting a local cluster's workers start without (``None``: unset; see :func:`dask_client`)."""
LOCAL_SETTINGS: dict[str, Any] = {
    UNTRIMMED: None,
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}
"""The Dask settings a local cluster starts its workers with (see :func:`dask_client`)."""


def run_tasks(fn: Callable[..., Any], tasks: Tasks | Callable[[int], Tasks], *, shared: Any = None,
              executor: str = "inline", workers: int | None = None, address: str | None = None,
              timeout: float = 10.0, prepare: Callable[[Any], None] | None = None) -> Iterator[tuple[int, Any]]:
    """``(i, fn(shared, *tasks[i]))`` for every task, as they finish (see the module docstring)."""
    if executor not in EXECUTORS:
        raise WartoolsError(f"executor must be one of {', '.join(EXECUTORS)}, not {one_line(executor)[:40]!r}")
    if executor == "inline":
        here = _tasks_for(tasks, 1)
        if prepare is not None and here:
            prepare(shared)
        for i, task in enumerate(here):
            yield i, fn(shared, *task)
    elif executor == "processes":
        w = workers or 2
        yield from _processes(fn, _tasks_for(tasks, w), shared, w, prepare)
    else:
        with dask_client(address, workers, timeout) as client:
            w = max(1, len(client.scheduler_info().get("workers", {})))
            yield from _dask(fn, _tasks_for(tasks, w), shared, client, prepare)


def _tasks_for(tasks: Tasks | Callable[[int], Tasks], workers: int) -> Tasks:
    return tasks(workers) if callable(tasks) else tasks


def _start_worker(shared: Any, prepare: Callable[[Any], None] | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # the parent handles Ctrl-C
    _SHARED[:] = [shared]
    if prepare is not None:
        try:
            prepare(shared)
        except Exception:   # noqa: BLE001 - a pool's initializer cannot report an error (the pool
            pass            # breaks); the first task prepares again and reports it as its own


def _call(fn: Callable[..., Any], *task: Any) -> Any:
    return fn(_SHARED[0], *task)


def _processes(fn: Callable[..., Any], tasks: Tasks, shared: Any, workers: int,
               prepare: Callable[[Any], None] | None = None) -> Iterator[tuple[int, Any]]:
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(shared, prepare))
    index: dict[Future[Any], int] = {pool.submit(_call, fn, *task): i for i, task in enumerate(tasks)}
    pending = set(index)
    finished = False
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in sorted(done, key=index.__getitem__):
                yield index[f], f.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:                     # stopped early: do not wait for the tasks still running
            processes = list((getattr(pool, "_processes", None) or {}).values())
            # the pool's own thread cancels the tasks not started (a future cancelled here, then
            # failed by that thread when the workers go, printed a traceback: InvalidStateError)
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()


@contextlib.contextmanager
def dask_client(address: str | None = None, workers: int | None = None, timeout: float = 10.0) -> Iterator[Any]:
    """A Dask client on ``address`` (``tcp://host:port``) or on a ``LocalCluster`` of ``workers``
    single-threaded processes started here and closed when the block ends.

    The local workers start without the ``MALLOC_TRIM_THRESHOLD_`` that Dask's nannies set by
    default (``distributed.nanny.pre-spawn-environ``): setting it turns off glibc's adaptive mmap
    threshold, so every large NumPy temporary is mapped and faulted in afresh, and a matrix tile
    took three to four times the CPU it takes in a plain process (measured:
    ``benchmarks/los.py``'s executor table). They also start without the statistical profiler
    (every 10 ms it walks the running task's stack, twice) and with the event loop's health check,
    the memory monitor and the system monitor asked every 1, 1 and 5 s instead of every 20, 100
    and 500 ms (:data:`LOCAL_SETTINGS`): with Dask's defaults a worker process spent 1.23-1.29
    times the CPU of its tasks' own thread, and each wake-up takes the GIL from the task, whose
    own CPU rose too; without the profiler 1.13-1.17; with all four 1.03-1.04 (24 random Conflict
    of Heroes playouts on two workers, machine shared)."""
    import dask
    from distributed import Client, LocalCluster

    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)      # its warnings would break the command line's one line
    try:
        if address is None:
            with dask.config.set(LOCAL_SETTINGS), \
                    LocalCluster(n_workers=workers or 2, threads_per_worker=1, processes=True,
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


def _dask(fn: Callable[..., Any], tasks: Tasks, shared: Any, client: Any,
          prepare: Callable[[Any], None] | None = None) -> Iterator[tuple[int, Any]]:
    from distributed import as_completed

    job = client.scatter(shared, broadcast=True, hash=False)
    futures = []
    try:
        if prepare is not None and tasks:   # once on each worker there now (one that joins later: lazily)
            futures = [client.submit(_prepare_task, prepare, job, workers=[w], allow_other_workers=False,
                                     pure=False) for w in client.scheduler_info().get("workers", {})]
            for f in futures:
                _dask_result(f)
        futures = [client.submit(fn, job, *task, pure=False) for task in tasks]
        index = {f.key: i for i, f in enumerate(futures)}
        for f in as_completed(futures, loop=client.loop):   # the client need not be the default one
            yield index[f.key], _dask_result(f)
    finally:
        client.cancel(futures)


def _prepare_task(prepare: Callable[[Any], None], shared: Any) -> None:
    prepare(shared)


def _dask_result(f: Any) -> Any:
    try:
        return f.result()
    except (ImportError, AttributeError) as exc:    # the worker's Python has no (or another) wartools
        raise WartoolsError(f"a Dask worker cannot run wartools ({one_line(exc)[:120]}): install the "
                            "same wartools on every worker") from None
