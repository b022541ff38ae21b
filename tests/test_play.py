"""Playouts (issue 22): the turn engine, records and bots, on the sample scenarios.

Every action of every playout is re-checked against the single-answer tools: a move's cells
are the path :func:`wartools.movement.path` finds at the cost the move paid, a shot is one the
attack question allows with the same odds, a roll's probability is the game's exact odds, and
the result is what :func:`wartools.scenario.evaluate` says of the final position.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from wartools.movement import path
from wartools.errors import MapError
from wartools.play import (ReplayError, find_bot, legal_actions, load_record, playout, replay, save_record, start,
                           step)
from wartools.play.replay import SYSTEM_KINDS
from wartools.play.attacks import attack_on
from wartools.play.engine import RngDice
from wartools.scenario import evaluate, load_scenario

SCENARIOS = {"ci": "scenarios/combat-infantry-saint-remy.yaml",
             "cofh": "scenarios/conflict-of-heroes-height-112.yaml"}


@pytest.fixture(scope="module", params=sorted(SCENARIOS))
def scenario(request):
    return load_scenario(SCENARIOS[request.param])


@pytest.fixture(scope="module")
def game(scenario):
    """One random game of the scenario (seed 21), shared by the record tests."""
    return playout(scenario, ["random", "random"], seed=21)


def test_a_seed_gives_the_same_game_and_another_seed_another(scenario, game):
    again = playout(scenario, ["random", "random"], seed=np.random.SeedSequence(21))
    assert again.actions == game.actions and again.turn_ends == game.turn_ends
    other = playout(load_scenario(SCENARIOS["ci"]), ["random", "random"], seed=12)
    assert other.actions != playout(load_scenario(SCENARIOS["ci"]), ["random", "random"], seed=13).actions


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
        if c.expands in ("move", "step", "assault"):
            u = m.unit(c.unit)
            p = path(m, u.cell, c.dest, u.id)
            paid = c.cost - (c.attack.inputs.get("ap", 0) if c.attack else 0)
            assert p.reachable, (c, p.why_not)
            if c.expands == "step":     # one cell: the direct step, never cheaper than the cheapest path
                assert p.cost <= paid and len(c.cells(m)) == 2
            else:
                assert p.cost == paid and tuple(m.label(x) for x in p.cells) == c.cells(m)
        if c.expands == "fire":
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
    assert check_game(scenario, 1) > 30


def test_a_playout_ends_with_the_result_victory_gives(scenario, game):
    r = game
    assert (r.result, dict(r.vp)) == r.check_result()
    assert r.winner == scenario.winner_of(r.result)
    assert [t.turn for t in r.turn_ends] == list(range(1, len(r.turn_ends) + 1))


def test_a_record_saves_loads_and_replays_to_the_same_positions(game, tmp_path):
    r = game
    f = tmp_path / "game.json"
    save_record(r, f)
    back = load_record(f)
    assert back.actions == r.actions and back.turn_ends == r.turn_ends and back.seed == r.seed
    assert replay(back).final == r.final


def test_a_tampered_die_is_named_by_replay(game):
    r = game
    i = next(i for i, a in enumerate(r.actions) if a.rolls and a.kind not in SYSTEM_KINDS)
    a = r.actions[i]
    roll = a.rolls[0]
    other = dataclasses.replace(roll, faces=tuple(7 - f if f <= 6 else 11 - f for f in roll.faces))
    bad = dataclasses.replace(r, actions=(*r.actions[:i], dataclasses.replace(a, rolls=(other, *a.rolls[1:])),
                                          *r.actions[i + 1:]))
    if other.faces == roll.faces:
        pytest.skip("a symmetric roll")
    with pytest.raises(ReplayError, match=f"action {i} "):
        replay(bad)


def test_a_record_file_with_a_bad_field_is_refused_in_one_line(tmp_path):
    s = load_scenario(SCENARIOS["ci"])
    r = playout(s, ["random", "random"], seed=3)
    f = tmp_path / "game.json"
    save_record(r, f)
    text = f.read_text().replace('"faces": [', '"faces": ["x", ', 1)
    f.write_text(text)
    with pytest.raises(MapError) as exc:
        load_record(f)
    msg = str(exc.value)
    assert "\n" not in msg and "game.json:" in msg and ".faces.0" in msg


def test_a_recorded_position_goes_to_the_analysis_tools():
    from wartools.analysis.threat import threat_map

    s = load_scenario(SCENARIOS["ci"])
    r = playout(s, ["random", "random"], seed=8)
    p = r.position_after(2)
    t = threat_map(s, "US", p)
    assert t.board.position == p and set(t.to_json()["cells"]) == {s.map.label(c) for c in s.map.grid.cells()}
