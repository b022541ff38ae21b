"""The greedy bot (issue 22): its exposure is the threat map's question asked the game's way, its
game actions are scored by what the turn rules say they promise, and keeping answers between
decisions changes no choice.

- the exposure of a unit on a cell is a loop over the game's own ``attack`` on a unit like it (its
  tags too) standing there, cut by the fire limits and combined (random boards of the attack
  question's generator, which place every feature);
- Combat Infantry 6.51: two rifles in one hex firing long-range at one target hex count once;
  2.53 and 6.32: a face-up tank is armoured against a rifle, a hidden one is not;
- a rally scores its exact chance of a step (5.0); an action word a game adds is scored by its
  turn rules' prospect, greedy unedited;
- the same seed gives the same record with the bot's keeping and without it, on the four sample
  scenarios.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis_helpers import tiny_scenario
from test_attack_question import SETTINGS, boards
from test_play import SCENARIOS
from wartools.analysis import Board
from wartools.mapmodel import Unit
from wartools.play import Candidate, playout, start
from wartools.play.greedy import GreedyBot
from wartools.play.recordfile import dumps_record
from wartools.rules.turn import Prospect
from wartools.scenario import load_scenario


def exposure_by_the_single_answer(board: Board, mover: Unit, cell: Any) -> float:
    """The threat to a unit like ``mover`` on ``cell``: every enemy's ``attack``, the fire limits, the
    game's combination."""
    fire = board.fire
    probe = Unit("probe", mover.side, mover.type, cell, None, mover.strength, mover.tags)
    attacks = [a for e in board.units_of(board.enemies(mover.side))
               if (a := fire.attack(board.map, e, probe, board.situation))]
    kept = fire.limit(attacks)
    return float(fire.combine(kept, mover.type, fire.defender(probe))[1]) if kept else 0.0


@pytest.mark.parametrize("game", ["combat-infantry", "company-of-heroes", "conflict-of-heroes", "heroes-of-normandie"])
def test_the_exposure_is_a_loop_over_the_attack_question_within_the_fire_limits(game):
    @SETTINGS
    @given(boards(game), st.data())
    def check(board: Board, data: Any) -> None:
        g = start(board.scenario)
        mover = data.draw(st.sampled_from(g.map.units))
        cells = set(g.map.grid.cells())
        got = GreedyBot()._exposures(g, mover.id, cells)
        for cell in cells:
            assert got[cell] == exposure_by_the_single_answer(g.board, mover, cell), g.map.label(cell)
    check()


def test_two_rifles_of_one_hex_firing_long_range_at_a_hex_count_once():
    """Combat Infantry 6.51: only one unit fires long-range from a firing hex to a target hex."""
    s = tiny_scenario("combat-infantry", 4, 1, [("de-1", "German", "rifle", "A1"), ("de-2", "German", "rifle", "A1"),
                                               ("us", "US", "rifle", "D1")])
    g = start(s)
    m, fire = g.map, g.board.fire
    probe = Unit("probe", "US", "rifle", m.cell("C1"), None, 4)
    single = fire.attack(m, m.unit("de-1"), probe, g.board.situation)
    assert single and fire.attack(m, m.unit("de-2"), probe, g.board.situation) == dataclasses.replace(
        single, attacker="de-2")
    got = GreedyBot()._exposures(g, "us", {m.cell("C1")})
    assert got[m.cell("C1")] == float(single.expected) == exposure_by_the_single_answer(g.board, m.unit("us"),
                                                                                          m.cell("C1"))


def test_the_exposure_is_asked_of_the_mover_with_its_own_tags():
    """Combat Infantry 2.53, 6.32: armour counts against a face-up tank; a hidden tank has none, so
    a rifle may hurt it."""
    seen = {}
    for tags in ((), ("hidden",)):
        s = tiny_scenario("combat-infantry", 4, 1, [("de", "German", "rifle", "A1"),
                                                   ("us", "US", "tank", "D1", {"tags": list(tags)})])
        g = start(s)
        seen[tags] = GreedyBot()._exposures(g, "us", {g.map.cell("B1")})[g.map.cell("B1")]
    assert seen[()] == 0 and seen[("hidden",)] > 0


def test_a_game_action_is_scored_by_what_the_turn_rules_say_it_promises():
    """Combat Infantry 5.0: a rally gains a step on a morale check at the HQ's morale (7: 7/10); a
    word a house rule adds ("dig-in") is scored by its own prospect, greedy unedited."""
    s = tiny_scenario("combat-infantry", 3, 1, [("hq", "US", "hq", "A1"), ("r", "US", "rifle", "B1"),
                                               ("de", "German", "rifle", "C1")])
    g = start(s)
    g = dataclasses.replace(g, turn=g.turn.replace(active="hq"))
    bot = GreedyBot()
    assert bot.score(g, Candidate("rally", "US", "r")) == float(Fraction(7, 10))

    class DigIn(type(g.rules)):          # type: ignore[misc]
        def prospect(self, m, state, kind, unit, dest=None):
            return Prospect(steps=Fraction(1, 4), acting=Fraction(1)) if kind == "dig-in" else super().prospect(
                m, state, kind, unit, dest)

    dug = dataclasses.replace(g, rules=DigIn(g.rules.game))
    assert bot.score(dug, Candidate("dig-in", "US", "r")) == 0.25 + bot.activate
    assert bot.score(dug, Candidate("pass", "US")) == 0.0


def test_special_actions_are_scored_by_the_board_they_promise_combat_infantry_7_1_7_4_7_5():
    """A foxhole (7.1) is worth the cover it gives the unit digging: GreedyBot.cover of its exposure there
    times GreedyBot.caution (D2 takes half the steps for the same hits), nothing where nothing can fire at it;
    smoke laid in an adjacent hex (7.4) the constant GreedyBot.screen, wire cleared (7.5) GreedyBot.opening,
    each times the chance the roll succeeds."""
    import yaml

    from wartools.games.combat_infantry.special import special_action
    from wartools.scenario import loads_scenario, scenario_to_dict
    from wartools.testing import tiny_map_data

    s = tiny_scenario("combat-infantry", 5, 1, [("hq", "US", "hq", "A1"), ("r", "US", "rifle", "B1", {"steps": 3}),
                                               ("eng", "US", "engineer", "C1", {"steps": 2}),
                                               ("de", "German", "rifle", "E1", {"steps": 4})])
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", 5, 1, name="tiny", features={"B1": ["wire"]})
    s = loads_scenario(yaml.safe_dump(data))
    g = start(s)
    g = dataclasses.replace(g, turn=g.turn.replace(active="hq"))
    bot, m = GreedyBot(), g.map
    eng = bot._exposures(g, "eng", {m.cell("C1")})[m.cell("C1")]
    assert eng > 0 and bot._exposures(g, "hq", {m.cell("A1")})[m.cell("A1")] == 0.0
    assert bot.score(g, Candidate("dig", "US", "eng", dest=m.cell("C1"))) == pytest.approx(bot.caution * bot.cover * eng)
    assert bot.score(g, Candidate("dig", "US", "hq", dest=m.cell("A1"))) == 0.0
    smoke = bot.score(g, Candidate("smoke", "US", "eng", dest=m.cell("D1")))
    assert smoke == pytest.approx(bot.screen * float(special_action(m, "eng", "smoke", "D1").p))
    wire = bot.score(g, Candidate("clear-wire", "US", "r", dest=m.cell("B1")))
    assert wire == pytest.approx(bot.opening * float(special_action(m, "r", "clear-wire").p))


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_keeping_the_answers_changes_no_choice(key):
    """One game turn of each sample scenario: the same record, byte for byte, with the bot's keeping
    (each enemy's answers, the combined exposures and the pooled combinations kept between decisions
    under their keys) and without it (each decision asked afresh)."""
    s = dataclasses.replace(load_scenario(SCENARIOS[key]), turns=1)
    kept = playout(s, [GreedyBot(), GreedyBot()], seed=3)
    fresh = playout(s, [GreedyBot(reuse=False), GreedyBot(reuse=False)], seed=3)
    assert len(kept.actions) > 5 and dumps_record(kept) == dumps_record(fresh)
