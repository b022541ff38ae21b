"""Playouts (issue 22): the turn engine, records and bots, on the sample scenarios.

Every action of every playout is re-checked against the single-answer tools: a move's cells
are the path :func:`wartools.movement.path` finds at the cost the move paid, a shot is one the
attack question allows with the same odds, a roll's probability is the game's exact odds, and
the result is what :func:`wartools.scenario.evaluate` says of the final position.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from wartools.movement import path
from wartools.play import find_bot, legal_actions, playout, start, step
from wartools.play.attacks import attack_on
from wartools.play.engine import RngDice
from wartools.scenario import evaluate, load_scenario

SCENARIOS = {"ci": "scenarios/combat-infantry-saint-remy.yaml"}


@pytest.fixture(scope="module", params=sorted(SCENARIOS))
def scenario(request):
    return load_scenario(SCENARIOS[request.param])


def test_a_seed_gives_the_same_game_and_another_seed_another(scenario):
    a = playout(scenario, ["random", "random"], seed=11)
    b = playout(scenario, ["random", "random"], seed=np.random.SeedSequence(11))
    c = playout(scenario, ["random", "random"], seed=12)
    assert a.actions == b.actions and a.turn_ends == b.turn_ends
    assert a.actions != c.actions


def check_game(scenario, seed, bots=("random", "random")):
    """Play one game step by step and check every action with the single-answer tools."""
    g = start(scenario)
    dice = RngDice(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 1)
    players = [find_bot(b) for b in bots]
    seen = 0
    while not g.over:
        cands = legal_actions(g)
        assert cands, f"no legal action for {g.side} in turn {g.position.turn}"
        c = cands[players[list(scenario.sides).index(g.side)].choose(g, cands, rng).index]
        m = g.map
        if c.kind in ("move", "step", "assault"):
            u = m.unit(c.unit)
            p = path(m, u.cell, c.dest, u.id)
            assert p.reachable and p.cost == c.cost, (c, p.why_not)
            assert tuple(m.label(x) for x in p.cells) == c.cells(m)
        if c.kind == "fire":
            again = attack_on(g.board, m.unit(c.unit), m.unit(c.target))
            assert again is not None and again.p_hit == c.attack.p_hit
        g, actions, _ = step(g, c, dice)
        for a in actions:
            for r in a.rolls:
                assert 0 < r.p <= 1 and isinstance(r.p, Fraction)
        seen += 1
    v = evaluate(scenario, g.position)
    assert v.over and g.position.ended
    return seen


def test_every_action_of_seeded_random_games_is_legal_by_the_single_answers(scenario):
    assert sum(check_game(scenario, seed) for seed in range(3)) > 30


def test_a_playout_ends_with_the_result_victory_gives(scenario):
    r = playout(scenario, ["random", "random"], seed=5)
    assert (r.result, dict(r.vp)) == r.check_result()
    assert r.winner == scenario.winner_of(r.result)
    assert [t.turn for t in r.turn_ends] == list(range(1, len(r.turn_ends) + 1))
