"""A single line of sight answers its verdict at once and explains it when first asked why.

:func:`wartools.los.line_of_sight` judges the ruler (with the game's compiled verdict once the
process has the compiled kernels) and leaves the judgement of its explained batch's findings,
and so its reasons, to when they are first read, and its details likewise (:class:`wartools.los.result.Deferred`). The oracle is the answer as it was
built before: one explained evaluation (:func:`~wartools.los.engine.evaluate` with
``explain=True``, the game's numpy judgement and its findings) turned into reasons
(:func:`~wartools.los.engine.explain`). On random boards of all four games (both grid kinds,
every feature placed by the viewshed tests' generator, the games' assumed readings drawn, units
on the board, situations with night, unit types, fire and bombardment; the ruler's rows from a
dense table, the rulers recalled or walked) and on the sample maps,
the lazy answer equals the eager one: the same value, the same JSON and text byte for byte.
"""
from __future__ import annotations

import dataclasses
import importlib
import json
import random
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_los_verdict import ROWS, _board, _policy, _situations
from test_los_viewshed import GAMES
from wartools.los import LOSSituation, evaluate, geometry, line_of_sight
from wartools.los.result import STATUSES, LOSResult
from wartools.los.templates import templates_for
from wartools.mapmodel import load_map

engine = importlib.import_module("wartools.los.engine")
kernel = importlib.import_module("wartools.los.kernel")
geometry_module = importlib.import_module("wartools.los.geometry")
MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.yaml"))
#: the sample maps' questions: the default, night, fire, bombardment, a range
ASKED = ({}, {"night": True}, {"mode": "fire"}, {"mode": "fire", "indirect": True}, {"range": 3})


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """The compiled kernels loaded, so that a line's verdict comes from the game's compiled
    verdict and its reasons are left to be read (a test may switch them off)."""
    kernel.load()


def eager(m, a, b, sit, policy=None):
    """The answer built as before: one explained evaluation by the game's numpy judgement, its
    reasons at once."""
    policy = policy or m.game.los_policy()
    sit = engine.make_situation(m, sit)
    geo = geometry(m)
    with pytest.MonkeyPatch.context() as numpy_only:
        numpy_only.setattr(engine, "kernels_loaded", lambda: False)
        ev = evaluate(m, np.array([geo.ext(a)]), np.array([geo.ext(b)]), sit, policy=policy, explain=True,
                      geo=geo)
    assert not callable(ev.out)
    code = int(ev.status[0])
    return LOSResult(m, a, b, bool(ev.visible[0]), STATUSES[code], int(ev.hindrance[0]),
                     int(ev.modifier[0]) if code == 1 else None, engine.explain(m, geo, policy, ev, 0),
                     m.grid.distance(a, b), sit, MappingProxyType(policy.details(m, geo, a, b, sit)),
                     tuple(policy.assumptions(sit)))


def same(got, want):
    """``got`` equals ``want`` as a value and in its JSON and text, byte for byte."""
    assert got == want
    assert json.dumps(got.to_json(full=True)) == json.dumps(want.to_json(full=True))
    assert got.text() == want.text() and repr(got) == repr(want)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(GAMES)), st.booleans(), st.sampled_from(sorted(ROWS)), st.randoms(use_true_random=False))
def test_the_lazy_explanation_is_the_eager_one_on_random_boards(game, loaded, rows, rnd):
    m = _board(game, rnd)
    policy = _policy(game, m, rnd)
    cells = list(m.grid.cells())
    judged = [0]                     # the game's numpy judgements a line asked for
    judge = engine._judged
    fast = loaded and policy.verdict_applies

    def spy(*args):
        judged[0] += 1
        return judge(*args)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "_judged", spy)
        if ROWS[rows] is None:       # the ruler's rows from a dense table, else recalled or walked
            templates_for(m.grid, 2 * max(m.grid.columns, m.grid.rows))
        else:
            mp.setattr(geometry_module, "cached_templates", lambda grid, radius: None)
            mp.setattr(geometry_module, "DENSE_MAX", -1)
            mp.setattr(geometry(m), "templates", None)
            for name, value in ROWS[rows].items():
                mp.setattr(geometry_module, name, value)
        if not loaded:           # a process without the compiled kernels: the explained judgement answers
            mp.setattr(engine, "kernels_loaded", lambda: False)
        for sit in _situations(game, m):
            for _ in range(4):
                a, b = rnd.choice(cells), rnd.choice(cells)
                got = line_of_sight(m, a, b, sit, policy=policy)
                # the compiled verdict alone when it answers, else the explained judgement
                assert judged == [0 if fast else 1]
                want = eager(m, a, b, sit, policy)
                judged[0] = 0
                assert (got.visible, got.status, got.hindrance, got.modifier) == \
                    (want.visible, want.status, want.hindrance, want.modifier), (sit, m.label(a), m.label(b))
                if rnd.random() < 0.5:       # the why read first through the answer's JSON or text
                    assert got.to_json() == want.to_json() and got.text() == want.text()
                same(got, want)
                assert judged == [1 if fast else 0]      # the why judged once, when first read
                judged[0] = 0


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_answers_on_the_sample_maps_are_byte_identical_to_the_explained_evaluation(path):
    m = load_map(path)
    cells = list(m.grid.cells())
    rnd = random.Random(path.name)
    for i in range(60):
        a, b = rnd.choice(cells), rnd.choice(cells)
        options = ASKED[i % len(ASKED)]
        same(line_of_sight(m, a, b, **options), eager(m, a, b, LOSSituation(**options)))


def test_a_lazy_answer_is_a_frozen_value():
    """Equality compares the reasons and details (read when compared), the fields stay frozen,
    a copy with other reasons is another answer, and an answer built without details has none."""
    m = load_map(MAPS[0])
    r = line_of_sight(m, "C4", "H8")
    assert callable(r.__dict__["_reasons"]) and callable(r.__dict__["_details"])    # not read yet
    want = eager(m, m.cell("C4"), m.cell("H8"), LOSSituation())
    assert r == want and r.reasons and r.reasons is r.reasons
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.reasons = ()  # type: ignore[misc]
    other = dataclasses.replace(line_of_sight(m, "C4", "H8"), reasons=r.reasons[1:])
    assert other != r and other.reasons == r.reasons[1:]
    bare = LOSResult(m, r.start, r.end, r.visible, r.status, r.hindrance, r.modifier, r.reasons, r.range)
    assert dict(bare.details) == {} and bare.details == MappingProxyType({}) and repr(bare) == repr(r)
