"""The statistics of a balance answer: Wilson intervals, turning points, precision, the
sequential rule, and counting in playout order (issue 22, item 4)."""
from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest

from wartools.balancing import Sequential, playouts_for, tally, turning_points, wilson
from wartools.balancing.executors import chunks
from wartools.balancing.intervals import Z95, half_width
from wartools.balancing.outcome import Outcome
from wartools.errors import WartoolsError

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table II, method 3
# (the Wilson score interval without continuity correction), to four decimals
NEWCOMBE = [((81, 263), (0.2553, 0.3662)), ((15, 148), (0.0624, 0.1605)), ((0, 20), (0.0, 0.1611)),
            ((1, 29), (0.0061, 0.1718))]


@pytest.mark.parametrize("counts, ends", NEWCOMBE)
def test_wilson_matches_the_published_values(counts, ends):
    i = wilson(*counts)
    assert (round(i.low, 4), round(i.high, 4)) == ends


@pytest.mark.parametrize("k, n", [(0, 1), (1, 1), (3, 7), (50, 100), (1, 1000), (999, 1000)])
def test_wilson_ends_solve_the_score_equation(k, n):
    # the interval is every pi with |k/n - pi| <= z sqrt(pi (1 - pi) / n): its ends are the roots of
    # (k/n - pi)^2 = z^2 pi (1 - pi) / n, a quadratic in pi solved here by its own formula
    p, z2 = k / n, Z95 ** 2
    a, b, c = 1 + z2 / n, -(2 * p + z2 / n), p * p
    roots = sorted(((-b - math.sqrt(b * b - 4 * a * c)) / (2 * a), (-b + math.sqrt(b * b - 4 * a * c)) / (2 * a)))
    i = wilson(k, n)
    assert i.low == pytest.approx(max(0.0, roots[0]), abs=1e-12)
    assert i.high == pytest.approx(min(1.0, roots[1]), abs=1e-12)
    assert i.low <= float(i.p) <= i.high and i.p == Fraction(k, n)


def test_wilson_at_the_edges_and_bad_counts():
    assert wilson(0, 10).high == pytest.approx(Z95 ** 2 / (10 + Z95 ** 2))
    assert wilson(10, 10).low == pytest.approx(10 / (10 + Z95 ** 2))
    assert (wilson(0, 10).low, wilson(10, 10).high) == (0.0, 1.0)
    with pytest.raises(WartoolsError):
        wilson(3, 2)


def test_playouts_for_a_precision_is_the_fewest_that_reach_it():
    for target, p in [(0.05, 0.5), (0.03, 0.2), (0.1, 0.9)]:
        n = playouts_for(target, p)
        assert half_width(p, n) <= target < half_width(p, n - 1)
    assert playouts_for(0.05) > playouts_for(0.05, 0.1)   # 50 % is the worst case
    with pytest.raises(WartoolsError):
        playouts_for(0.0)


def _outcomes(n: int, rng: random.Random) -> list[Outcome]:
    """Games where 'the bridge is blown on turn 2' makes the Germans win 3 times in 4 and its
    absence makes the US win 3 times in 4; a coin event changes nothing; a rare event is rare."""
    out = []
    for i in range(n):
        blown = rng.random() < 0.4
        events = (["game turn 2: bridge blown"] if blown else []) + (["game turn 1: coin"] if rng.random() < .5 else [])
        if i % 97 == 0:
            events.append("game turn 5: rare")
        german = rng.random() < (0.75 if blown else 0.25)
        winner = "German" if german else "US"
        out.append(Outcome(i, f"{winner} victory", winner, (("US", 3 - german), ("German", 1 + german)),
                           tuple(sorted(events)), actions=20 + i % 3, turns=4))
    return out


def _tally(runs, **kw):
    return tally(runs, scenario="Bridge", game="combat-infantry", sides=("US", "German"), winners=("US", "German"),
                 levels=("US victory", "German victory", "Draw"), bots={"US": "greedy", "German": "random"},
                 seed=9, requested=len(runs), **kw)


def test_turning_points_find_the_event_that_decides_and_skip_rare_ones():
    runs = _outcomes(400, random.Random(5))
    points = turning_points(runs, ("US", "German"), min_count=10)
    top = points[0]
    assert top.event == "game turn 2: bridge blown" and top.side == "German" and top.significant
    blown = [o for o in runs if o.has(top.event)]
    assert top.with_.n == len(blown) and top.with_.count == sum(o.winner == "German" for o in blown)
    assert top.without.count == sum(o.winner == "German" for o in runs if not o.has(top.event))
    assert top.swing == top.with_.p - top.without.p > Fraction(1, 3)
    coin = next(t for t in points if t.event == "game turn 1: coin")
    assert abs(coin.swing) < abs(top.swing)
    assert "game turn 5: rare" not in [t.event for t in points]            # seen in 5 playouts only
    assert "game turn 5: rare" in [t.event for t in turning_points(runs, ("US", "German"), min_count=5)]


def test_an_event_in_every_playout_or_one_that_moves_nothing_is_no_turning_point():
    runs = [Outcome(i, None, "US" if i % 2 else None, (), ("game turn 1: set-up",)) for i in range(40)]
    assert turning_points(runs, ("US", "German"), min_count=1) == ()
    runs = [Outcome(i, None, "US", (), ("game turn 2: rain",) if i % 2 else ()) for i in range(40)]
    assert turning_points(runs, ("US", "German"), min_count=1) == ()


def test_tally_counts_in_playout_order_whatever_order_the_outcomes_came_in():
    runs = _outcomes(200, random.Random(1))
    shuffled = runs[:]
    random.Random(2).shuffle(shuffled)
    a, b = _tally(runs), _tally(shuffled)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())
    assert a.wins["German"].count == sum(o.winner == "German" for o in runs)
    assert list(a.results) == ["US victory", "German victory", "Draw"] and a.results["Draw"].count == 0
    assert a.mean_vp["US"] == Fraction(sum(o.vp_of("US") for o in runs), 200)
    assert a.draws.count == 0 and a.complete
    data = a.to_json()
    assert data["wins"]["US"]["p"] == str(a.wins["US"].p) and data["turning_points"][0]["event"] == \
        "game turn 2: bridge blown"
    assert {"playouts", "seed", "wins", "results", "mean_vp", "turning_points", "assumptions"} <= set(data)
    assert "turning points" in a.text() and "US wins" in a.text()


def test_a_draw_and_an_unfinished_game_are_counted_apart():
    runs = [Outcome(0, "Draw", None, ()), Outcome(1, None, None, ()), Outcome(2, "US victory", "US", ())]
    b = _tally(runs)
    assert b.draws.count == 2 and b.results["Draw"].count == 1 and b.results["no result"].count == 1


def test_the_sequential_rule_stops_at_the_same_look_whatever_order_playouts_finish():
    from wartools.balancing.run import _Run
    from wartools.balancing.job import Chunk
    from wartools.scenario import loads_scenario
    from wartools.scenario.model import EXAMPLE

    s = loads_scenario(EXAMPLE)
    rng = random.Random(3)
    runs = [Outcome(i, None, "US" if rng.random() < 0.8 else "German", ()) for i in range(1000)]
    rule = Sequential(half_width=0.05, every=50, at_least=100)
    stops = set()
    for order in range(3):
        parts = [Chunk(a, b, tuple(runs[a:b]), "") for a, b in chunks(1000, 4)]
        random.Random(order).shuffle(parts)
        run = _Run(s, {"US": "x", "German": "y"}, 1, 1000, rule, 10)
        for part in parts:
            run.add(part)
        stops.add((run.stop_at, json.dumps(run.answer().to_json())))
    (stop, _), = stops
    expected = next(k for k in range(100, 1001, 50)
                    if all(wilson(sum(o.winner == side for o in runs[:k]), k).half_width <= 0.05
                           for side in ("US", "German")))
    assert stop == expected < 1000


def test_chunks_cover_every_playout_once_in_order():
    for n, w in [(1, 1), (7, 2), (1000, 2), (12345, 3)]:
        parts = chunks(n, w)
        assert [i for a, b in parts for i in range(a, b)] == list(range(n))
        sizes = [b - a for a, b in parts]
        assert max(sizes) <= 50 and sizes == sorted(sizes, reverse=True)   # guided: they shrink
        # each chunk is at most a quarter of a worker's share of what was left to hand out
        assert all(b - a <= max(1, (n - a) // (4 * w)) for a, b in parts)
        assert sizes[-4 * w:] == [1] * min(n, 4 * w)                      # the last are single playouts
