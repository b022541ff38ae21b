"""Luck review (issue 22, item 6) and turning points of records built by hand (item 4): every
number below is worked out here from the rolls written in the test."""
from __future__ import annotations

import json
import math
from fractions import Fraction as F

import pytest

from wartools.balancing import outcome_of, tally
from wartools.play import Action, Record, Roll, TurnEnd
from wartools.play.luck import LuckReview, luck
from wartools.scenario import loads_scenario
from wartools.scenario.model import EXAMPLE


@pytest.fixture(scope="module")
def scenario():
    return loads_scenario(EXAMPLE)


def _action(i, turn, side, rolls=(), effects=(), unit="us-1", eliminated=()):
    return Action(index=i, turn=turn, side=side, kind="fire", unit=unit, target=None, cells=(), rolls=tuple(rolls),
                  effects=tuple(effects), rule="Combat Infantry 6.1", eliminated=tuple(eliminated))


def _roll(side, p, value, expected, what="fire"):
    return Roll(side, what, (1,), F(p), F(value), F(expected), "Combat Infantry 6.1")


def _record(scenario, actions, winner="US", result="US victory", turn_ends=()):
    return Record(scenario=scenario, scenario_path=None, scenario_hash="0" * 64, seed=(1, ()),
                  bots={"US": "random", "German": "random"}, actions=tuple(actions), turn_ends=tuple(turn_ends),
                  result=result, winner=winner, vp={"US": 2, "German": 0})


def test_luck_sums_each_sides_swings_exactly(scenario):
    rolls = [_action(0, 1, "US", [_roll("US", "1/4", 2, "1/2"), _roll("US", "3/4", 0, "1/2")]),  # hits; a miss
             _action(1, 1, "German", [_roll("German", "1/3", 1, "1/3")]),                       # a success
             _action(2, 2, "German", [_roll("German", "2/3", 0, "1/3")]),                       # a failure
             _action(3, 2, "US", [_roll("US", "1/10", 3, "1/2")])]
    review = luck(_record(scenario, rolls))
    us, de = review.sides["US"], review.sides["German"]
    assert (us.rolls, us.expected, us.actual, us.score) == (3, F(3, 2), F(5), F(7, 2))
    assert (de.rolls, de.expected, de.actual, de.score) == (2, F(2, 3), F(1), F(1, 3))
    # the German rolls are successes or failures: variance e(1 - e) each, 2/9 + 2/9
    assert de.variance == F(4, 9) and de.z == pytest.approx((1 / 3) / math.sqrt(4 / 9))
    assert us.variance is None and us.z is None          # hits rolls: their variance is not recorded
    assert [r.swing for r in review.swings] == [F(5, 2), F(3, 2), F(2, 3), F(-1, 2), F(-1, 3)]
    assert review.running("US") == ((0, F(3, 2)), (0, F(1)), (3, F(7, 2)))
    data = review.to_json()
    assert data["sides"]["US"] == {"score": "7/2", "rolls": 3, "expected": "3/2", "actual": "5", "z": None}
    assert data["swings"][0] == {"action": 3, "turn": 2, "side": "US", "what": "fire", "rule": "Combat Infantry 6.1",
                                 "p": "1/10", "outcome": "3", "expected": "1/2", "swing": "5/2"}
    assert json.loads(json.dumps(data)) == data and "biggest swings" in review.text()


def test_only_ten_swings_are_listed_least_likely_first_among_equals(scenario):
    rolls = [_action(i, 1, "US", [_roll("US", F(1, 2 + i), 1, F(1, 2))]) for i in range(14)]
    review = luck(_record(scenario, rolls))
    assert len(review.rolls) == 14 and len(review.swings) == 10
    assert [r.action for r in review.swings] == list(range(13, 3, -1))   # equal swings: smaller p first


def test_a_game_without_rolls_has_no_luck_and_an_expected_roll_is_no_swing(scenario):
    assert luck(_record(scenario, [_action(0, 1, "US", [_roll("US", "1", 1, 1)])])).swings == ()
    review = luck(_record(scenario, [_action(0, 1, "US")]))
    assert all(v.rolls == 0 and v.score == 0 for v in review.sides.values()) and review.swings == ()
    assert list(review.sides) == ["US", "German"]


def test_the_luck_picture_draws_each_side_and_the_swings_with_a_key(scenario):
    review = luck(_record(scenario, [_action(0, 1, "US", [_roll("US", "1/4", 2, "1/2")]),
                                     _action(1, 1, "German", [_roll("German", "1/2", 0, "1/2")])]))
    ax = review.draw()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["US", "German", "as expected",
                                                                   "biggest swings (numbered)"]
    assert isinstance(review, LuckReview) and review._repr_png_().startswith(b"\x89PNG")
    import matplotlib.pyplot as plt

    plt.close(ax.figure)


def test_turning_points_of_records_built_by_hand(scenario):
    lost = "game turn 1: de-1 eliminated"
    records = []
    for i in range(40):
        eliminated = i % 4 == 0                      # 10 of 40 games: the US always wins those
        us_wins = eliminated or i % 4 == 1           # ... and 10 of the other 30
        fell = ["de-1"] if eliminated else []
        words = ["de-1 eliminated"] if i % 4 == 1 else []      # words only: no elimination (the data decides)
        records.append(_record(scenario, [_action(0, 1, "US", effects=words, eliminated=fell)],
                               winner="US" if us_wins else "German",
                               result="US victory" if us_wins else "German victory"))
    runs = [outcome_of(r, i) for i, r in enumerate(records)]
    assert runs[0].events == (lost,) and runs[1].events == ()
    b = tally(runs, scenario=scenario.name, game="combat-infantry", sides=("US", "German"), winners=("US", "German"),
              levels=("US victory", "German victory"), bots={"US": "random", "German": "random"}, seed=1,
              requested=40)
    (point,) = b.turning_points
    assert (point.event, point.side, point.with_.p, point.without.p) == (lost, "US", F(1), F(1, 3))
    assert (point.with_.n, point.without.n, point.swing) == (10, 30, F(2, 3)) and point.significant
    assert b.to_json()["turning_points"][0]["win_rate_with"] == "1"
    assert tally(runs, scenario="", game="", sides=("US", "German"), winners=("US", "German"), levels=(),
                 bots={}, seed=1, requested=40, min_count=11).turning_points == ()   # seen in 10 only
