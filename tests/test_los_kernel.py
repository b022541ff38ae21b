"""The compiled row kernels (:mod:`wartools.los.kernel`) equal the numpy path they replace.

The numpy code path (:func:`wartools.los.kernel.kept_rows_numpy`, the engine's
former ``_rows``) is the oracle: on random boards of every game (both grid
kinds; terrain, hexside features, elevation, markers and units placed by the
viewshed tests' generator), in each game's situations, a batch read through the
compiled scan and through the obstacle-first kernel holds the same contact rows
in the same order, and :func:`wartools.los.engine.evaluate` gives the same
status, hindrance, modifier and findings (in order) as with the oracle.
"""
from __future__ import annotations

import importlib
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_los_viewshed import GAMES, random_map
from wartools.los import LOSSituation, evaluate, geometry
from wartools.los.templates import templates_for

kernel = importlib.import_module("wartools.los.kernel")
geometry_module = importlib.import_module("wartools.los.geometry")

ATTRS = ("cp", "cc", "ck", "co", "cs", "cx", "cend", "ep", "ee", "ek", "eo", "es", "ex", "e1", "e2", "order_max")
PATHS = {"numpy": None, "scan": {"COMPILED_FROM": 0, "LOAD_FROM": 0, "OBSERVER_SLOTS": 0},
         "obstacle-first": {"COMPILED_FROM": 0, "LOAD_FROM": 0, "OBSERVER_SLOTS": 1 << 22, "OBSTACLE_FIRST": 0}}


@pytest.fixture(scope="module")
def patch():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def _run(patch, path, fn):
    """``fn()`` with the batch rows read through ``path`` (see :data:`PATHS`)."""
    with patch.context() as mp:
        if PATHS[path] is None:
            mp.setattr(geometry_module, "kept_rows", lambda *args, **kw: kernel.kept_rows_numpy(*args[:6]))
        else:
            for name, value in PATHS[path].items():
                mp.setattr(kernel, name, value)
        return fn()


def _batches(m, rnd):
    """Ruler batches of the shapes the engine asks for: one observer to every cell (a viewshed),
    a block of observers to every cell (a matrix tile), random pairs with repeats."""
    ids = geometry(m).exts(list(m.grid.cells()))
    n = len(ids)
    o = rnd.randrange(n)
    block = rnd.sample(range(n), min(n, 4))
    pairs = np.array([rnd.randrange(n) for _ in range(2 * n)]), np.array([rnd.randrange(n) for _ in range(2 * n)])
    return [(np.full(n, ids[o]), ids), (np.repeat(ids[block], n), np.tile(ids, len(block))),
            (ids[pairs[0]], ids[pairs[1]])]


@settings(max_examples=16, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_compiled_kernels_equal_the_numpy_rows_on_random_boards_of_every_game(patch, game, rnd):
    m = random_map(game, rnd)
    geo = geometry(m)
    templates_for(m.grid, max(m.grid.columns, m.grid.rows) * 2)
    policy = m.game.los_policy()
    for a, b in _batches(m, rnd):
        for options in GAMES[game]["situations"]:
            sit = LOSSituation(**options)
            explain = rnd.random() < 0.3
            cells, edges = policy.relevance(geo, sit, explain)
            got = {path: _run(patch, path, lambda: (geo.batch(a, b, explain=explain, cells=cells, edges=edges),
                                                     evaluate(m, a, b, sit, explain=explain)))
                   for path in PATHS}
            ref_batch, ref = got.pop("numpy")
            assert hasattr(ref_batch, "_t")          # read from the template table
            for path, (batch, ev) in got.items():
                for name in ATTRS:
                    assert np.array_equal(np.asarray(getattr(batch, name)), np.asarray(getattr(ref_batch, name))), \
                        (path, name, options)
                for name in ("status", "hindrance", "modifier"):
                    assert np.array_equal(getattr(ev, name), getattr(ref, name)), (path, name, options)
                assert all(np.array_equal(x, y) for x, y in zip(ev.findings, ref.findings)), (path, options)


def test_obstacle_first_refuses_a_batch_that_asks_one_ruler_twice():
    """Two rulers of one batch with the same ends: the obstacle-first kernel says so (it keeps one
    ruler per observer and displacement) and the batch is scanned instead, with the same rows."""
    m = random_map("combat-infantry", random.Random(3))
    geo = geometry(m)
    t = templates_for(m.grid, 16)
    ids = geo.exts(list(m.grid.cells()))
    a, b = np.full(len(ids) + 1, ids[0]), np.append(ids, ids[-1])
    k = t.index(geo.q[b] - geo.q[a], geo.r[b] - geo.r[a])
    crel, _ = geo.rel(t)
    keep = np.ones(geo.n, dtype=bool)
    kernels = kernel._compiled()
    slot_of, observers = kernels["observers"](a, geo.n)
    ix = geo.row_index(t, "cells")
    *_, ok = kernels["obstacle_first"](a, k, slot_of, observers, t.width ** 2, np.flatnonzero(keep), 1,
                                       ix.disp, ix.low, ix.first, ix.rows)
    assert observers == 1 and not ok
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kernel, "COMPILED_FROM", 0)
        mp.setattr(kernel, "LOAD_FROM", 0)
        got = kernel.kept_rows(t.c_start[k], t.c_start[k + 1], a, crel, 1, keep, k, t.width ** 2,
                               lambda: ix)
    ref = kernel.kept_rows_numpy(t.c_start[k], t.c_start[k + 1], a, crel, 1, keep)
    assert all(np.array_equal(x, y) for x, y in zip(got, ref))


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_shared_displacements_give_the_walked_rows(patch, game, rnd):
    """A batch with no dense table whose rulers repeat displacements (a few observers against every
    cell) walks each displacement once (templates.displacement_templates): the same rows, in the
    same order, as walking every ruler, and the same answers."""
    m = random_map(game, rnd)
    geo = geometry(m)
    policy = m.game.los_policy()
    ids = geo.exts(list(m.grid.cells()))
    block = rnd.sample(range(len(ids)), min(len(ids), 5))
    a, b = np.repeat(ids[block], len(ids)), np.tile(ids, len(block))
    for options in GAMES[game]["situations"][:3]:
        sit = LOSSituation(**options)
        cells, edges = policy.relevance(geo, sit, False)
        got = {}
        for name, shared in (("shared", 0), ("walked", 10 ** 9)):
            with patch.context() as mp:
                mp.setattr(geometry_module, "cached_templates", lambda grid, radius: None)
                mp.setattr(geometry_module, "DENSE_MAX", -1)
                mp.setattr(geometry_module, "SHARED", shared)
                mp.setattr(geometry_module, "SHARED_FROM", 0)
                mp.setattr(geo, "templates", None)
                got[name] = (geo.batch(a, b, cells=cells, edges=edges), evaluate(m, a, b, sit))
        (shared_batch, ev), (walked_batch, ref) = got["shared"], got["walked"]
        assert hasattr(shared_batch, "_t") and not hasattr(walked_batch, "_t")
        for name in ATTRS:
            assert np.array_equal(np.asarray(getattr(shared_batch, name)), np.asarray(getattr(walked_batch, name))), \
                (name, options)
        assert np.array_equal(ev.status, ref.status) and np.array_equal(ev.modifier, ref.modifier)
