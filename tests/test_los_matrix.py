"""``wartools matrix``: the tiled all-pairs matrix, on every executor, resumed, refused, and used as a cache.

The tiles of :func:`wartools.los.matrix.compute_matrix` give the matrix of
:func:`wartools.los.analysis.visibility_matrix` on random boards of both grid
kinds, whether they run here, on local processes, on a Dask ``LocalCluster``
(2 worker processes) or on a running scheduler (``dask scheduler`` and two
``dask worker`` processes on free ports of 127.0.0.1). An interrupted run resumes
from the tiles it kept. Bad input is one line and exit 2, a dead scheduler
address within its timeout. A matrix file answers viewsheds, the matrix,
coverage and dead ground with the answers the kernel gives, and only in the
situation it was judged in.
"""
from __future__ import annotations

import contextlib
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from hostile import run_cli
from test_los_viewshed import random_map
from wartools.los import coverage, dead_ground, viewshed, visibility_matrix
from wartools.los import matrix as lm
from wartools.los.engine import make_situation
from wartools.mapmodel import load_map, save_map
from wartools.testing import tiny_map

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _no_cached_matrices():
    lm.forget_matrices()
    yield
    lm.forget_matrices()


def _board(seed: int, game: str = "combat-infantry"):
    return random_map(game, random.Random(seed))


@pytest.mark.parametrize("game", ["combat-infantry", "heroes-of-normandie", "conflict-of-heroes",
                                  "company-of-heroes"])
def test_tiles_give_the_whole_matrix(tmp_path, game):
    for seed in range(3):
        m = _board(seed, game)
        out = tmp_path / f"m{seed}.npz"
        run = lm.compute_matrix(m, out, progress=False, most=7)
        got = lm.load_matrix(out)
        want = visibility_matrix(m, progress=False)
        assert run.tiles > 1 and run.computed == run.tiles
        assert np.array_equal(got.status, want.status), (game, seed)
        assert run.visible_pairs == int(want.visible.sum()) - len(want.cells)
        assert [tuple(c) for c in got.cells.tolist()] == [tuple(c) for c in want.cells]
        assert got.map_hash == m.fingerprint and not (tmp_path / f"m{seed}.npz.partial").exists()


@pytest.mark.parametrize("kind", ["hex", "square"])
def test_each_displacement_is_walked_once_in_the_whole_matrix(tmp_path, monkeypatch, kind):
    """Tiles of displacements: the engine's calls share their rulers' displacements, so the rulers
    walked number the board's displacements (plus one per call that splits a displacement's
    pairs), not the pairs; the matrix is the one judged pair by pair. A board whose rulers are
    too long for one dense table (the dense tables turned off, as on a large board)."""
    import importlib

    geometry_module = importlib.import_module("wartools.los.geometry")
    game = "combat-infantry" if kind == "hex" else "heroes-of-normandie"
    blocker, feature = ("woods", "hedge") if kind == "hex" else ("building", "wall")
    g = tiny_map(game, 30, 6).grid
    rnd = random.Random(3)
    cells, edges = list(g.cells()), list(g.edges())
    m = tiny_map(game, 30, 6, terrain={g.label(c): blocker for c in rnd.sample(cells, 25)},
                 edges={(g.label(e.a), g.label(e.b)): feature for e in rnd.sample(edges, 30)})
    want = visibility_matrix(m, progress=False).status
    walked, calls = [], []
    real_shared, real_walk, real_evaluate = geometry_module.displacement_templates, geometry_module.walk, lm.evaluate
    monkeypatch.setattr(geometry_module, "DENSE_MAX", -1)
    monkeypatch.setattr(geometry_module, "cached_templates", lambda grid, radius: None)
    monkeypatch.setattr(lm.geometry(m), "templates", None)
    monkeypatch.setattr(geometry_module, "displacement_templates",
                        lambda f, dq, dr: walked.append(len(set(zip(dq.tolist(), dr.tolist())))) or
                        real_shared(f, dq, dr))
    monkeypatch.setattr(geometry_module, "walk", lambda f, dq, dr, keep=None: walked.append(len(dq)) or
                        real_walk(f, dq, dr, keep))
    monkeypatch.setattr(lm, "evaluate", lambda *a, **k: calls.append(1) or real_evaluate(*a, **k))
    lm.compute_matrix(m, tmp_path / "m.npz", progress=False, most=2000)
    geo = lm.geometry(m)
    symmetric = m.game.los_policy().is_symmetric(geo, make_situation(m))
    displacements = len(lm.board_displacements(geo, geo.board_ids, symmetric)[0])
    assert np.array_equal(lm.load_matrix(tmp_path / "m.npz").status, want)
    assert len(calls) > 1 and displacements <= sum(walked) <= displacements + len(calls)
    pairs = len(cells) * (len(cells) - 1) // (2 if symmetric else 1)
    assert sum(walked) * 10 < pairs


def _interrupted_after_two_tiles(m, out, monkeypatch):
    """Run the matrix of ``m`` to ``out`` in tiles of 10 pairs and interrupt it (Ctrl-C) once two
    tiles are saved."""
    saved = []
    real = lm._Partial.save

    def stop_after_two(self, k, block):
        if len(saved) == 2:
            raise KeyboardInterrupt
        saved.append(k)
        real(self, k, block)
    with monkeypatch.context() as mp:
        mp.setattr(lm._Partial, "save", stop_after_two)
        with pytest.raises(KeyboardInterrupt):
            lm.compute_matrix(m, out, progress=False, most=10)


def test_a_folder_of_tiles_cut_another_way_is_started_again(tmp_path, monkeypatch):
    """A partial folder of an earlier plan (tiles of observer rows, no ``tiling`` recorded) is not
    read as tiles of displacements: the run starts again and gives the whole matrix."""
    import json

    m = _board(5)
    out = tmp_path / "m.npz"
    _interrupted_after_two_tiles(m, out, monkeypatch)
    plan_file = tmp_path / "m.npz.partial" / "plan.json"
    older = json.loads(plan_file.read_text())
    del older["tiling"]
    plan_file.write_text(json.dumps(older))
    run = lm.compute_matrix(m, out, progress=False, most=10)
    assert run.computed == run.tiles
    assert np.array_equal(lm.load_matrix(out).status, visibility_matrix(m, progress=False).status)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _scheduler():
    """``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1 (free ports)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    procs = [subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                                           "--nthreads", "1", "--no-dashboard"],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        yield address
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(30)


def test_local_processes_a_local_cluster_and_a_running_scheduler_give_the_same_file(tmp_path):
    m = _board(11)
    inline = lm.compute_matrix(m, tmp_path / "inline.npz", progress=False, most=20)
    want = lm.load_matrix(tmp_path / "inline.npz").status
    runs = {"processes": dict(executor="processes", workers=2), "local cluster": dict(executor="dask", workers=2)}
    with _scheduler() as address:
        runs["scheduler"] = dict(executor="dask", address=address, timeout=60)
        for name, how in runs.items():
            run = lm.compute_matrix(m, tmp_path / f"{name}.npz", progress=False, most=20, **how)
            assert run.tiles == inline.tiles > 2 and run.visible_pairs == inline.visible_pairs, name
            assert np.array_equal(lm.load_matrix(tmp_path / f"{name}.npz").status, want), name


def test_an_interrupted_run_resumes_from_its_tiles(tmp_path, monkeypatch):
    m = _board(5)
    out = tmp_path / "m.npz"
    _interrupted_after_two_tiles(m, out, monkeypatch)
    assert not out.exists() and len(list((tmp_path / "m.npz.partial").glob("tile-*.npy"))) == 2
    run = lm.compute_matrix(m, out, progress=False, most=10)
    assert run.computed == run.tiles - 2
    assert np.array_equal(lm.load_matrix(out).status, visibility_matrix(m, progress=False).status)
    assert not (tmp_path / "m.npz.partial").exists()


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    m = tiny_map("combat-infantry", 4, 3, terrain={"B2": "woods"})
    save_map(m, tmp_path / "a.yaml")
    save_map(m.with_terrain("C2", "town"), tmp_path / "b.yaml")
    assert run_cli(["matrix", str(tmp_path / "a.yaml"), "-o", str(tmp_path / "a.npz")])[0] == 0
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    dead = f"tcp://127.0.0.1:{_free_port()}"
    cases = {
        "no such map": ["matrix", str(tmp_path / "none.yaml"), "-o", str(tmp_path / "x.npz")],
        "does not exist": ["matrix", str(tmp_path / "a.yaml"), "-o", str(tmp_path / "no" / "x.npz")],
        "another map": ["matrix", str(tmp_path / "b.yaml"), "-o", str(tmp_path / "a.npz")],
        "not a matrix file": ["matrix", str(tmp_path / "a.yaml"), "-o", str(tmp_path / "b.yaml")],
        "cannot reach a Dask scheduler": ["matrix", str(tmp_path / "a.yaml"), "-o", str(tmp_path / "d.npz"),
                                          "--address", dead, "--timeout", "2"],
        "goes with --executor dask": ["matrix", str(tmp_path / "a.yaml"), "-o", str(tmp_path / "d.npz"),
                                      "--address", dead, "--executor", "inline"],
    }
    if os.geteuid() != 0:          # root writes into a read-only folder anyway
        cases["cannot write"] = ["matrix", str(tmp_path / "a.yaml"), "-o", str(locked / "x.npz")]
    for words, argv in cases.items():
        t0 = time.perf_counter()
        code, out, err = run_cli(argv, seconds=30)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, (words, err)
        assert time.perf_counter() - t0 < 15, words
    assert lm.load_matrix(tmp_path / "a.npz").map_hash == m.fingerprint       # left as it was
    assert load_map(tmp_path / "b.yaml").fingerprint != m.fingerprint
    assert not list(tmp_path.glob("d.npz*"))


def _poisoned(m, path):
    """A matrix file of ``m`` whose every pair reads visible: whatever reads it answers 'seen'."""
    lm.compute_matrix(m, path, progress=False)
    with np.load(path) as z:
        data = dict(z)
    data["status"] = np.zeros_like(data["status"])
    np.savez_compressed(path, **data)
    return path


@pytest.mark.parametrize("game", ["combat-infantry", "company-of-heroes", "conflict-of-heroes",
                                  "heroes-of-normandie"])
def test_a_cached_matrix_gives_the_kernels_answers(tmp_path, game):
    m = _board(21, game)
    cells = list(m.grid.cells())
    obs = cells[::3]
    def answers():
        return ([viewshed(m, a).to_json() for a in obs], visibility_matrix(m, progress=False).to_json(),
                coverage(m, progress=False), dead_ground(m, obs[:3]).to_json())
    want = answers()
    lm.compute_matrix(m, tmp_path / "m.npz", progress=False)
    lm.use_matrix(tmp_path / "m.npz", m)
    assert lm.cached_matrix(m, make_situation(m)) is not None
    assert answers() == want


def test_only_the_situation_it_was_judged_in_reads_a_matrix(tmp_path):
    m = tiny_map("combat-infantry", 6, 5, terrain={"C3": "woods", "D2": "town"},
                 units=[("u1", "A", "rifle", "A1", []), ("u2", "B", "mg", "F5", [])])
    kernel = {k: viewshed(m, "A1", **kw) for k, kw in (("day", {}), ("night", {"night": True}),
                                                         ("unit", {"unit": "tank"}), ("fire", {"mode": "fire"}),
                                                         ("range", {"range": 3}), ("side", {"side": "B"}))}
    everything = tuple(m.grid.cells())
    assert kernel["day"].cells != everything
    lm.use_matrix(_poisoned(m, tmp_path / "m.npz"), m)
    assert viewshed(m, "A1").cells == everything                 # the day, default-situation question reads it
    assert dead_ground(m, "A1").cells == ()
    for name in ("night", "unit", "fire", "range", "side"):
        kw = {"night": {"night": True}, "unit": {"unit": "tank"}, "fire": {"mode": "fire"}, "range": {"range": 3},
              "side": {"side": "B"}}[name]
        assert viewshed(m, "A1", **kw) == kernel[name], name
    other = type(m.game.los_policy())(m.game)              # a policy other than the game's own
    assert viewshed(m, "A1", policy=other) == kernel["day"]
    assert viewshed(m.with_terrain("E4", "woods"), "A1").cells != everything    # another map content


def test_a_matrix_file_beside_the_map_is_found(tmp_path):
    m = tiny_map("combat-infantry", 5, 4, terrain={"C2": "woods"})
    save_map(m, tmp_path / "x.yaml")
    loaded = load_map(tmp_path / "x.yaml")
    want = viewshed(loaded, "A1")
    assert lm.matrix_beside(loaded) == tmp_path / "x.matrix.npz"
    _poisoned(loaded, tmp_path / "x.matrix.npz")
    lm.forget_matrices()
    assert viewshed(load_map(tmp_path / "x.yaml"), "A1").cells == tuple(loaded.grid.cells()) != want.cells
    lm.forget_matrices()
    save_map(m.with_terrain("A4", "town"), tmp_path / "x.yaml")       # the map changed: the file is stale
    assert viewshed(load_map(tmp_path / "x.yaml"), "A1").cells != tuple(loaded.grid.cells())
