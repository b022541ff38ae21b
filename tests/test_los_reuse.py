"""Line of sight across positions costs what is new, and answers as if everything were fresh.

* The geometry of a board survives a unit moving (:class:`wartools.los.geometry.BoardGeometry`,
  shared by every position of a board): two maps that differ only in their units share the
  board part, and every game's answers on each (the policies' preparations and masks, some
  kept on the board when the policy says they read no unit) equal those of a geometry built
  from nothing.
* A small batch never walks a ruler twice (:class:`wartools.los.templates.Recalled`): its rows,
  read from the rulers recalled (warm, cold, and with the table replaced as it fills), equal the
  rows of walking its rulers, on random boards of every game (both grid kinds), and so do the
  answers.
"""
from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_los_kernel import ATTRS
from test_los_viewshed import GAMES, random_map
from wartools.los import LOSSituation, evaluate, geometry
from wartools.los.geometry import BoardGeometry, MapGeometry, board_geometry
from wartools.mapmodel import Map

geometry_module = importlib.import_module("wartools.los.geometry")
templates = importlib.import_module("wartools.los.templates")

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))


def _fresh(m: Map) -> MapGeometry:
    """A geometry of ``m`` that shares nothing with any other (its own board, empty caches)."""
    return MapGeometry(m, BoardGeometry(m))


def _other_units(m: Map, rnd: random.Random) -> Map:
    """The same board with the units moved to other cells (some units dropped)."""
    cells = rnd.sample(list(m.grid.cells()), len(m.units))
    units = tuple(type(u)(u.id, u.side, u.type, c, u.name, u.strength, u.tags)
                  for u, c in zip(m.units, cells) if rnd.random() < 0.8)
    return m.__class__(**{**{f: getattr(m, f) for f in m.__dataclass_fields__}, "units": units})


def _pairs(m: Map, geo: MapGeometry, rnd: random.Random, k: int) -> tuple[np.ndarray, np.ndarray]:
    ids = geo.board_ids
    return (np.array([ids[rnd.randrange(len(ids))] for _ in range(k)]),
            np.array([ids[rnd.randrange(len(ids))] for _ in range(k)]))


@SETTINGS
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_positions_of_one_board_share_its_geometry_and_answer_as_fresh(game, rnd):
    m = random_map(game, rnd)
    positions = [m, _other_units(m, rnd), _other_units(m, rnd)]
    assert len({p.board_fingerprint for p in positions}) == 1
    policy = m.game.los_policy()
    geometry_module._GEOMETRIES.clear()          # a position cached by another test may hold an older board
    geometry_module._RECENT.clear()
    for p in positions:
        geo = geometry(p)
        assert geo.board is board_geometry(m)
        a, b = _pairs(p, geo, rnd, 40)
        for options in GAMES[game]["situations"]:
            sit = LOSSituation(**options)
            explain = rnd.random() < 0.5
            got = evaluate(p, a, b, sit, explain=explain)
            want = evaluate(p, a, b, sit, explain=explain, geo=_fresh(p))
            for name in ("visible", "status", "hindrance", "modifier"):
                assert np.array_equal(getattr(got, name), getattr(want, name)), (game, options, name)
            assert all(np.array_equal(x, y) for x, y in zip(got.findings, want.findings)), (game, options)
            assert policy.is_symmetric(geo, sit) == policy.is_symmetric(_fresh(p), sit)


def test_a_unit_moving_builds_only_the_unit_arrays():
    m = random_map("heroes-of-normandie", random.Random(5))
    geo = geometry(m)
    moved = geometry(_other_units(m, random.Random(6)))
    assert moved is not geo and moved.board is geo.board
    assert moved.terrain is geo.terrain and moved.edge_features is geo.edge_features
    # the board preparation is shared when the policy says it reads no unit, never otherwise
    hon = m.game.los_policy()
    assert hon.prepared(moved) is hon.prepared(geo)
    ci = random_map("combat-infantry", random.Random(5))
    ci_moved = _other_units(ci, random.Random(6))
    policy = ci.game.los_policy()
    assert policy.prepared(geometry(ci_moved)) is not policy.prepared(geometry(ci))


def test_a_house_rule_that_prepares_anew_is_taken_to_read_the_units():
    base = type(random_map("heroes-of-normandie", random.Random(1)).game.los_policy())

    class House(base):  # type: ignore[valid-type, misc]
        def prepare(self, geo):  # type: ignore[no-untyped-def]
            return super().prepare(geo)

    assert base.prepare_reads_units is False and House.prepare_reads_units is True


def _batches(m: Map, rnd: random.Random) -> list[tuple[np.ndarray, np.ndarray]]:
    """Small batches as the play engine asks them: 1 to 30 rulers, displacements repeating."""
    geo = geometry(m)
    out = [_pairs(m, geo, rnd, rnd.randint(1, 30)) for _ in range(4)]
    out.append((out[0][0][::-1], out[0][1][::-1]))         # the same rulers again, in another order
    return out


@contextlib.contextmanager
def _path(geo: MapGeometry, how: str) -> Iterator[None]:
    """Small batches on ``geo`` read from the recalled rulers (``"recalled"``) or walk them
    (``"walked"``, the former path), never from a dense table."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(geometry_module, "cached_templates", lambda grid, radius: None)
        mp.setattr(geometry_module, "DENSE_MAX", -1)
        mp.setattr(geo, "templates", None)
        if how == "walked":
            mp.setattr(geometry_module, "SHARED_FROM", 0)
            mp.setattr(geometry_module, "SHARED", 10 ** 9)
        yield


def _rows(geo: MapGeometry, a: np.ndarray, b: np.ndarray, cells, edges, how: str):  # type: ignore[no-untyped-def]
    with _path(geo, how):
        batch = geo.batch(a, b, cells=cells, edges=edges)
    assert hasattr(batch, "_t") == (how == "recalled")
    return {name: np.asarray(getattr(batch, name)) for name in ATTRS}


@SETTINGS
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False), st.sampled_from([None, 40, 400]))
def test_small_batches_read_from_recalled_rulers_equal_the_walk(game, rnd, most):
    """Warm or cold, with the table replaced as it fills (``most`` rows) or not, a small batch's
    rows and answers equal those of walking its rulers."""
    m = random_map(game, rnd)
    geo = geometry(m)
    policy = m.game.los_policy()
    with pytest.MonkeyPatch.context() as mp:
        if most is not None:
            mp.setattr(templates, "RECALL_ROWS", most)
            mp.setattr(templates, "_RECALLED", {})
        for a, b in _batches(m, rnd):
            for options in GAMES[game]["situations"][:4]:
                sit = LOSSituation(**options)
                explain = rnd.random() < 0.5
                masks = policy.relevance(geo, sit, explain) if rnd.random() < 0.8 else (None, None)
                walked = _rows(geo, a, b, *masks, "walked")
                recalled = _rows(geo, a, b, *masks, "recalled")
                for name in ATTRS:
                    assert np.array_equal(recalled[name], walked[name]), (game, options, name)
                answers = {}
                for how in ("recalled", "walked"):
                    with _path(geo, how):
                        answers[how] = evaluate(m, a, b, sit, explain=explain)
                ev, ref = answers["recalled"], answers["walked"]
                for name in ("status", "hindrance", "modifier"):
                    assert np.array_equal(getattr(ev, name), getattr(ref, name)), (game, options, name)
                assert all(np.array_equal(x, y) for x, y in zip(ev.findings, ref.findings)), (game, options)
            if most is not None:             # replaced before a batch that finds it full
                every = _rows(geo, a, b, None, None, "walked")
                assert templates._RECALLED[geo.frame].rows <= most + len(every["cp"]) + len(every["ep"])


def test_a_ruler_asked_again_is_not_walked_again():
    m = random_map("combat-infantry", random.Random(2))
    geo = geometry(m)
    a, b = _pairs(m, geo, random.Random(3), 12)
    table, _ = templates.recalled(geo.frame, geo.q[b] - geo.q[a], geo.r[b] - geo.r[a])
    walk, walked = templates.walk, []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(templates, "walk", lambda *args, **kw: walked.append(args) or walk(*args, **kw))
        with _path(geo, "recalled"):
            geo.batch(a, b)
    assert not walked and templates.recalled(geo.frame, np.array([0]), np.array([0]))[0] is table
