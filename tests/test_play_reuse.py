"""The play engine keeps what it worked out between positions and playouts (issue 22, speed): the
attack question's answers under the key of everything they read
(:meth:`~wartools.games.fire_rules.FireRules.units_read`, ``cells_between``; the contract
``tests/test_attack_question.py`` checks per game). Keeping changes no answer: every position of
seeded random playouts of the four sample scenarios offers the same candidates, with the same
attacks, as the same position asked afresh, and the records are the same."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from wartools.play import attacks, playout
from wartools.play.bots import find_bot
from wartools.play.engine import RngDice, legal_actions, start, step
from wartools.scenario import load_scenario

SCENARIOS = {"ci": "scenarios/combat-infantry-saint-remy.yaml",
             "coh": "scenarios/company-of-heroes-saint-aubert.yaml",
             "cofh": "scenarios/conflict-of-heroes-height-112.yaml",
             "hon": "scenarios/heroes-of-normandie-dog-red.yaml"}
#: game turns played (Company of Heroes' forces come within range in the third or fourth round)
TURNS = {"coh": 4}


def _offered(g):
    m = g.map
    return [(c.key(m), c.cost, c.attack) for c in legal_actions(g)]


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_every_position_offers_what_it_offers_asked_afresh(key, monkeypatch):
    """Two seeded random games of one game turn each (four in Company of Heroes), the second
    starting with the first's answers kept: at every position the candidates and their attacks
    equal those of the position asked with nothing kept (``attacks.KEEP = 0``), and so do the
    records."""
    s = dataclasses.replace(load_scenario(SCENARIOS[key]), turns=TURNS.get(key, 1))
    bot = find_bot("random")
    shots = 0
    for seed in (1, 2):
        g, rng, dice = start(s), np.random.default_rng(seed), RngDice(np.random.default_rng(seed))
        positions = 0
        while not g.over:
            kept = _offered(g)
            shots += sum(a is not None for _, _, a in kept)
            with monkeypatch.context() as patch:
                patch.setattr(attacks, "KEEP", 0)
                assert kept == _offered(dataclasses.replace(g)), (key, seed, positions)
            cands = legal_actions(g)
            g = step(g, cands[bot.choose(g, cands, rng).index], dice)[0]
            positions += 1
        assert positions > 5
    assert shots > 0
    again = playout(s, ["random", "random"], seed=3)
    monkeypatch.setattr(attacks, "KEEP", 0)
    assert playout(s, ["random", "random"], seed=3).actions == again.actions


def test_a_playout_is_the_same_whatever_a_worker_played_before():
    """What a process keeps between playouts (board movement graphs, attack answers) never changes a
    playout: Saint-Remy's balance playout 83 (seed 1, greedy against greedy) played after playout 23
    is the one played in a fresh process. (It was not: a board graph built in playout 23 answered a
    step into an assault hex whose hexside assault limit was used up in playout 83, Combat Infantry
    9.1, so two workers' balance JSON differed with the chunks each drew.)"""
    from wartools.balancing.job import seed_of
    from wartools.movement import clear_cache

    s = load_scenario(SCENARIOS["ci"])

    def play(i):
        return playout(s, ["greedy", "greedy"], seed=seed_of(1, i)).actions
    clear_cache()
    attacks.forget()
    cold = play(83)
    clear_cache()
    attacks.forget()
    play(23)
    assert play(83) == cold
