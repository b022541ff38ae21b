"""The same seed gives byte-identical balance JSON wherever the playouts run: in this process,
on two local processes, on a Dask LocalCluster, and on a scheduler and two workers started as
separate ``dask scheduler`` / ``dask worker`` processes (issue 22, items 4 and 5).

The cluster processes listen on 127.0.0.1 on free ports, are started by a module fixture and
torn down after it; every wait is bounded.
"""
from __future__ import annotations

import json
import os
import pickle
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from wartools.balancing import balance, iter_balance
from wartools.balancing.job import job_for, play_chunk, prepare, seed_of
from wartools.errors import WartoolsError
from wartools.scenario import loads_scenario

from playout_scenarios import SKIRMISH

ROOT = Path(__file__).resolve().parents[1]
BOTS = "random,random"
N, SEED = 16, 2026


@pytest.fixture(scope="module")
def scenario():
    return loads_scenario(SKIRMISH)


@pytest.fixture(scope="module")
def partials(scenario):
    """The partial answers of the run in this process, the full one last."""
    return list(iter_balance(scenario, BOTS, playouts=N, seed=SEED))


@pytest.fixture(scope="module")
def inline(partials):
    return json.dumps(partials[-1].to_json())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"dask scheduler exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"no scheduler on port {port} after {seconds} s")


@pytest.fixture(scope="module")
def scheduler():
    """A ``dask scheduler`` and two ``dask worker`` processes on localhost; yields the address."""
    from distributed import Client

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env, "cwd": ROOT}
    processes = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port",
                                   str(port), "--no-dashboard"], **quiet)]
    try:
        _wait_for_port(port, processes[0], 60)
        for _ in range(2):
            processes.append(subprocess.Popen([sys.executable, "-m", "dask", "worker", address, "--nthreads", "1",
                                               "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"], **quiet))
        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
            assert len(client.scheduler_info()["workers"]) == 2
        yield address
    finally:
        for p in reversed(processes):  # no nanny: each worker is one process, nothing is orphaned
            p.kill()
        for p in processes:
            p.wait(timeout=30)


def test_playout_i_uses_the_ith_spawned_child_of_the_seed(scenario):
    children = np.random.SeedSequence(SEED).spawn(N)
    for i in (0, 5, N - 1):
        assert children[i].spawn_key == seed_of(SEED, i).spawn_key == (i,)
        assert (children[i].generate_state(8) == seed_of(SEED, i).generate_state(8)).all()
    job = job_for(scenario, ("random", "random"), SEED)
    one = play_chunk(job, 3, 5).outcomes
    again = play_chunk(job, 4, 5).outcomes
    assert one[1] == again[0]  # a playout is the same whichever chunk plays it


def test_a_worker_refuses_a_job_made_by_another_wartools(scenario):
    import dataclasses

    job = dataclasses.replace(job_for(scenario, ("random", "random"), SEED), version="0.0.1 (source 000000000000)")
    with pytest.raises(WartoolsError, match="install the same wartools on every worker"):
        play_chunk(job, 0, 1)


def test_two_local_processes_give_the_same_bytes(scenario, inline):
    assert json.dumps(balance(scenario, BOTS, playouts=N, seed=SEED, workers=2, progress=False).to_json()) == inline


def test_a_local_cluster_gives_the_same_bytes(scenario, inline):
    got = balance(scenario, BOTS, playouts=N, seed=SEED, executor="dask", workers=2, progress=False)
    assert json.dumps(got.to_json()) == inline


def test_a_scheduler_and_two_worker_processes_give_the_same_bytes(scenario, inline, scheduler):
    got = balance(scenario, BOTS, playouts=N, seed=SEED, address=scheduler, progress=False)
    assert json.dumps(got.to_json()) == inline


def test_the_answer_counts_the_playouts_of_its_seed(scenario, inline):
    from wartools.play import playout

    records = [playout(scenario, ["random", "random"], seed_of(SEED, i)) for i in range(N)]
    answer = json.loads(inline)
    assert answer["wins"]["US"]["count"] == sum(r.winner == "US" for r in records)
    assert {r: v["count"] for r, v in answer["results"].items()} == \
        {r: sum(x.result == r for x in records) for r in answer["results"]}
    assert len({r.result for r in records}) > 1  # the seeds do make different games


def test_partial_answers_grow_to_the_full_one(scenario, partials, inline):
    parts = partials
    assert json.dumps(balance(scenario, BOTS, playouts=N, seed=SEED, progress=False).to_json()) == inline
    counts = [p.playouts for p in parts]
    assert counts == sorted(counts) and counts[-1] == N and len(parts) > 2
    assert not parts[0].complete and parts[0].stopped.startswith("running")


def test_an_interrupted_run_keeps_the_playouts_already_finished(scenario, inline):
    seen = []

    def interrupt(partial):
        seen.append(partial.playouts)
        if len(seen) == 2:
            raise KeyboardInterrupt

    b = balance(scenario, BOTS, playouts=N, seed=SEED, progress=False, on_partial=interrupt)
    assert b.playouts == seen[-1] < N and not b.complete and b.stopped.startswith("interrupted")
    full = json.loads(inline)
    # the playouts kept are the first ones, counted exactly as in the full run
    assert b.playouts == sum(v["count"] for v in b.to_json()["results"].values())
    assert full["playouts"] == N


def test_a_dead_address_is_one_clear_error_within_the_timeout(scenario):
    start = time.monotonic()
    with pytest.raises(WartoolsError, match="cannot reach a Dask scheduler at 'tcp://127.0.0.1:"):
        balance(scenario, BOTS, playouts=2, seed=1, address=f"tcp://127.0.0.1:{_free_port()}", timeout=2,
                progress=False)
    assert time.monotonic() - start < 10
    with pytest.raises(WartoolsError, match="not a scheduler address"):
        balance(scenario, BOTS, playouts=2, seed=1, address="no-port-here", progress=False)


def test_the_matrix_of_the_board_travels_to_the_workers(scenario, inline, tmp_path):
    """A matrix this process reads for the scenario's board goes in the job, and a worker (a fresh
    process: nothing registered; its map, rebuilt from text, has no file beside it) registers it."""
    from wartools.los.matrix import compute_matrix, forget_matrices, matrix_of_board, use_matrix

    m = scenario.map_at()      # the board of the positions the playouts ask about
    try:
        mat = use_matrix(compute_matrix(m, tmp_path / "m.npz", progress=False).path)
        assert job_for(scenario, BOTS.split(","), SEED).matrix is mat
        job = pickle.loads(pickle.dumps(job_for(scenario, BOTS.split(","), SEED)))
        forget_matrices()
        assert matrix_of_board(m) is None
        prepare(job)
        assert matrix_of_board(m) is job.matrix and job.matrix.status.tobytes() == mat.status.tobytes()
        assert json.dumps(balance(scenario, BOTS, playouts=N, seed=SEED, progress=False).to_json()) == inline
    finally:
        forget_matrices()
