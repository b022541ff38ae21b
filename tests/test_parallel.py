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


STOPPED_EARLY = '''
import sys, time
from wartools import parallel

def slow(shared, i):
    time.sleep(0.05)
    return i

if __name__ == "__main__":
    for _ in range(15):
        it = parallel.run_tasks(slow, [(i,) for i in range(200)], executor="processes", workers=2)
        for _n, _ in zip(range(3), it):
            pass
        it.close()
    time.sleep(1)
'''


def test_a_pool_stopped_early_prints_no_traceback(tmp_path):
    """Fifteen runs on 2 processes stopped after three results each (Ctrl-C, an early stop): nothing
    on stderr. The tasks not started were cancelled here before the workers were terminated, and the
    pool's own thread then failed them again: InvalidStateError tracebacks in about one run of four."""
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "stopped_early.py"
    script.write_text(STOPPED_EARLY)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
