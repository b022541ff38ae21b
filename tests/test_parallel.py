"""The executors of wartools.parallel: every task once, the shared job prepared once per worker
before its first task, the tasks cut for the run's number of workers."""
from __future__ import annotations

import os
from typing import Any

import pytest

from wartools.errors import WartoolsError
from wartools.parallel import run_tasks

_PREPARED: list[object] = []


def _prepare(shared: object) -> None:
    _PREPARED.append(shared)


def _seen(shared: object, k: int) -> tuple[int, int, list[object]]:
    return k, os.getpid(), list(_PREPARED)


def test_each_worker_prepares_the_job_once_before_its_first_task():
    for executor in ("inline", "processes"):
        _PREPARED.clear()
        got = dict(run_tasks(_seen, lambda w: [(k,) for k in range(3 * w)], shared="job", executor=executor,
                             workers=2, prepare=_prepare))
        workers = 1 if executor == "inline" else 2
        assert sorted(got) == list(range(3 * workers))            # the tasks cut for the workers, each once
        assert all(k == i for i, (k, _, _) in got.items())          # each index with its own task
        assert all(prepared == ["job"] for _, _, prepared in got.values()), executor
        assert (os.getpid() in {pid for _, pid, _ in got.values()}) == (executor == "inline")


def test_no_task_no_preparation():
    _PREPARED.clear()
    assert list(run_tasks(_seen, [], shared="job", prepare=_prepare)) == [] and _PREPARED == []


def _watchers(dask_worker: Any) -> tuple[bool, float, float, float]:
    """Whether a Dask worker runs its statistical profiler, and every how many ms it checks its event
    loop's health, its memory and the system."""
    pcs = dask_worker.periodic_callbacks
    return ("profile" in pcs, pcs["tick"].callback_time, pcs["memory_monitor"].callback_time,
            pcs["monitor"].callback_time)


def test_local_dask_workers_start_without_the_malloc_trim_threshold_and_the_profiler():
    """Dask's nannies set MALLOC_TRIM_THRESHOLD_, which made NumPy-heavy tasks (matrix tiles) three
    to four times slower than in a plain process; the local cluster's workers start without it, and
    without the statistical profiler and the frequent monitors that cost a playout's worker a
    quarter more CPU (wartools.parallel.LOCAL_SETTINGS)."""
    from wartools.parallel import dask_client

    with dask_client(None, 1) as client:
        assert set(client.run(os.environ.get, "MALLOC_TRIM_THRESHOLD_").values()) == {None}
        assert set(client.run(os.environ.get, "OMP_NUM_THREADS").values()) == {"1"}   # the rest is kept
        assert set(client.run(_watchers).values()) == {(False, 1000, 1000, 5000)}


def _refuse(shared: object) -> None:
    raise WartoolsError(f"refused {shared}")


def _prepares_itself(shared: object, k: int) -> None:
    _refuse(shared)


def test_a_failed_preparation_is_the_first_tasks_error_not_a_broken_pool():
    with pytest.raises(WartoolsError, match="refused job"):
        list(run_tasks(_prepares_itself, [(1,), (2,)], shared="job", executor="processes", workers=2,
                       prepare=_refuse))
