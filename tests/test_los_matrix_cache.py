"""The attack question reads a cached matrix where a game's verdict reads no unit (issue 23 item 3).

Conflict of Heroes' line of sight reads the board, the range and the observer's height, never
a unit (:meth:`ConflictOfHeroesLOS.matrix_situation`), so one all-pairs matrix of its board
answers the fire lines of every position of a game. These tests hold the cached answers to
the engine's:

* :func:`wartools.los.matrix.evaluate_cached` against :func:`wartools.los.engine.evaluate`
  on random boards whose units stand elsewhere than on the matrix's, in fire situations with
  ranges: the same statuses, the same modifier and hindrance where a line is seen, the same
  findings when read; and exactly ``evaluate`` for the games whose verdicts read units;
* a seeded playout of the sample Conflict of Heroes scenario (cut to two turns) writes the
  same record, byte for byte, with and without the matrix registered, and reads it.
"""
from __future__ import annotations

import dataclasses
import importlib
import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_los_reuse import _other_units
from test_los_viewshed import GAMES, random_map
from wartools.los import LOSSituation, evaluate, geometry
from wartools.los.matrix import compute_matrix, evaluate_cached, forget_matrices, use_matrix
from wartools.play import playout
from wartools.play.record import record_to_dict
from wartools.scenario import load_scenario

matrix_module = importlib.import_module("wartools.los.matrix")
FIRE = ({"mode": "fire", "range": 3}, {"mode": "fire", "range": 6, "unit": GAMES["conflict-of-heroes"]["units"][0]},
        {"mode": "fire"}, {"range": 2})


@pytest.fixture
def registered(tmp_path):
    """Register a matrix of a map (forgotten after the test)."""
    def register(m):  # type: ignore[no-untyped-def]
        run = compute_matrix(m, tmp_path / f"{m.board_fingerprint}.npz", progress=False)
        return use_matrix(run.path)
    yield register
    forget_matrices()


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_cached_answers_equal_the_engines_on_other_positions(registered, game, rnd):
    m = random_map(game, rnd)
    registered(m)
    other = _other_units(m, rnd)
    geo = geometry(other)
    ids = geo.board_ids
    a = np.array([ids[rnd.randrange(len(ids))] for _ in range(40)])
    b = np.array([ids[rnd.randrange(len(ids))] for _ in range(40)])
    policy = other.game.los_policy()
    for options in FIRE if game == "conflict-of-heroes" else GAMES[game]["situations"][:2]:
        sit = LOSSituation(**options)
        got, want = evaluate_cached(other, a, b, sit), evaluate(other, a, b, sit)
        assert np.array_equal(got.status, want.status) and np.array_equal(got.visible, want.visible), options
        seen = want.status < 2
        for name in ("hindrance", "modifier"):
            assert np.array_equal(getattr(got, name)[seen], getattr(want, name)[seen]), (options, name)
        if policy.matrix_answers(sit) is None:
            assert np.array_equal(got.hindrance, want.hindrance) and np.array_equal(got.modifier, want.modifier)
        assert all(np.array_equal(x, y) for x, y in zip(got.findings, want.findings)), options


def test_the_matrix_answers_only_what_it_can(registered):
    m = random_map("conflict-of-heroes", random.Random(4))
    registered(m)
    policy = m.game.los_policy()
    assert policy.matrix_answers(LOSSituation(mode="fire", range=4)) == LOSSituation()
    assert policy.matrix_answers(LOSSituation(observer_height=1)) is None
    # a house rule that judges otherwise is not answered by the game's matrix
    class House(type(policy)):  # type: ignore[misc]
        def judge(self, batch, prep, sit, out):  # type: ignore[no-untyped-def]
            super().judge(batch, prep, sit, out)
    assert House(m.game).matrix_answers(LOSSituation()) is None
    # neither is a game whose verdict reads the units
    ci = random_map("combat-infantry", random.Random(4))
    assert ci.game.los_policy().matrix_answers(LOSSituation(mode="fire")) is None
    # a matrix of another board answers nothing here
    forget_matrices()
    registered(m.with_terrain(m.label(next(iter(m.grid.cells()))), "woods"))
    assert matrix_module.board_matrix(m, LOSSituation()) is None


def test_a_playout_reads_the_matrix_and_writes_the_same_record(registered):
    s = load_scenario("scenarios/conflict-of-heroes-height-112.yaml")
    s = dataclasses.replace(s, turns=min(s.turns, 2))
    without = json.dumps(record_to_dict(playout(s, ["greedy", "greedy"], 5)), sort_keys=True, default=str)
    registered(s.map_at())
    with pytest.MonkeyPatch.context() as mp:
        reads = matrix_reads(mp)
        with_matrix = json.dumps(record_to_dict(playout(s, ["greedy", "greedy"], 5)), sort_keys=True, default=str)
    assert any(reads) and with_matrix == without


def matrix_reads(mp: pytest.MonkeyPatch) -> list[bool]:
    """While ``mp`` holds, each question the attack question asks of a board matrix, appended:
    whether a matrix answered it."""
    reads: list[bool] = []
    board_matrix = matrix_module.board_matrix

    def spy(*args):  # type: ignore[no-untyped-def]
        got = board_matrix(*args)
        reads.append(got is not None)
        return got
    mp.setattr(matrix_module, "board_matrix", spy)
    return reads
