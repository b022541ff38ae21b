"""Dice core against brute-force enumeration of die faces and against icepool."""
from __future__ import annotations

import itertools
import operator
from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.render.odds import bar_chart
from wartools.dice import (Dist, absorbing_distribution, count_successes, d, empirical,
                           markdown_table, mixture, roll, sample, standard_errors, threshold)


def brute(sides: int, n: int, f=sum) -> dict:
    """Enumerate every face combination of n dice."""
    out: dict = {}
    combos = list(itertools.product(range(1, sides + 1), repeat=n))
    for faces in combos:
        out[f(faces)] = out.get(f(faces), 0) + Fraction(1, len(combos))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 10), st.integers(1, 4))
def test_sum_of_dice_matches_enumeration(sides, n):
    assert d(sides).repeat(n).pmf() == brute(sides, n)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 10), st.integers(1, 4), st.integers(0, 10))
def test_count_successes_matches_enumeration(sides, n, k):
    got = count_successes(n, d(sides), lambda x: x <= k)
    assert got.pmf() == brute(sides, n, lambda fs: sum(x <= k for x in fs))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(-3, 6), st.integers(0, 20))
def test_threshold_matches_icepool(n, k, target):
    ours = threshold(n, 6, k, target)
    theirs = (n @ icepool.d6 + k >= target).probability(True)
    assert ours == Fraction(theirs)


def test_thirty_dice_binomial_matches_icepool():
    ours = count_successes(30, d(10), lambda x: x <= 3)
    theirs = (30 @ (icepool.d10 <= 3))
    for k in range(31):
        assert ours[k] == Fraction(theirs.probability(k))


def test_repeat_with_custom_op_matches_enumeration():
    pair = Dist.uniform([(x <= 2, x == 6) for x in range(1, 7)])
    joint = pair.repeat(3, lambda a, b: (a[0] + b[0], a[1] + b[1]))
    assert joint.pmf() == brute(6, 3, lambda fs: (sum(x <= 2 for x in fs), sum(x == 6 for x in fs)))


def test_mixture_given_mean_and_tails():
    m = mixture([(1, d(4)), (1, d(6))])
    assert m[1] == Fraction(1, 8) + Fraction(1, 12)
    assert m.given(lambda x: x > 4).pmf() == {5: Fraction(1, 2), 6: Fraction(1, 2)}
    assert m.mean() == Fraction(3)
    assert m.at_least(5) + m.at_most(4) == 1
    assert m.survival()[5] == m.at_least(5) and m.cdf()[4] == m.at_most(4)
    assert (d(6) - d(6)).mean() == 0 and (d(6) - d(6)).variance() == Fraction(35, 6)
    with pytest.raises(ValueError):
        d(6).given(lambda x: x > 6)


def test_dist_rejects_bad_probabilities():
    with pytest.raises(ValueError):
        Dist(((0, Fraction(1, 2)),))
    with pytest.raises(ValueError):
        Dist.from_weights({0: -1, 1: 2})
    with pytest.raises(ValueError):
        Dist.bernoulli(Fraction(3, 2))


def test_dist_is_frozen_and_hashable():
    a = d(6)
    with pytest.raises(AttributeError):
        a.items = ()
    assert hash(a) == hash(d(6)) and a == Dist.uniform(range(6, 0, -1))


def test_markov_reroll_ties_matches_series():
    # P(A wins) with ties re-rolled = sum_k tie^k * P(A) for a +1 modifier
    once = (d(6) + 1).combine(d(6), lambda a, b: "A" if a > b else "B" if b > a else "tie")
    got = absorbing_distribution("tie", lambda s: once if s == "tie" else None)
    assert got["A"] == once["A"] / (1 - once["tie"])


def test_markov_cycle_solved_exactly():
    # gambler's ruin with p = 1/3 up, 0..4, start 2: P(reach 4) = (2^2 - 1)/(2^4 - 1)
    def step(s):
        return None if s in (0, 4) else Dist.from_weights({s + 1: 1, s - 1: 2})
    assert absorbing_distribution(2, step)[4] == Fraction(3, 15)


def test_markov_dag_matches_manual_chain():
    # three rounds of a 1/2 coin: count heads, absorbing after round 3
    def step(s):
        rnd, heads = s
        return None if rnd == 3 else d(2).map(lambda x: (rnd + 1, heads + (x == 2)))
    got = absorbing_distribution((0, 0), step).map(lambda s: s[1])
    assert got == Dist.binomial(3, Fraction(1, 2))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(1, 7)), min_size=1, max_size=12))
def test_markov_dag_integer_propagation_matches_fraction_propagation(weights):
    # a DAG on 0..n with arbitrary denominators (sevenths, thirds...): jumps of 1, 2 or 3
    n = len(weights)

    def step(s):
        if s >= n:
            return None
        a, b, c = weights[s]
        return Dist.from_weights({s + 1: a, s + 2: b, s + 3: c})
    mass, ends = {0: Fraction(1)}, {}
    while mass:
        s = min(mass)
        p = mass.pop(s)
        nxt = step(s)
        if nxt is None:
            ends[s] = p
            continue
        for t, q in nxt.items:
            mass[t] = mass.get(t, 0) + p * q
    got = absorbing_distribution(0, step)
    assert got == Dist._from_dict(ends)
    assert all(type(p) is Fraction and p.denominator > 0 for p in got.probabilities)


def test_int_weights_round_trip():
    dist = Dist.from_weights({"a": 1, "b": 2, "c": 7})
    weights, total = dist._int_weights()
    assert weights == (("a", 1), ("b", 2), ("c", 7)) and total == 10
    assert Dist._from_int_weights(dict(weights), total) == dist
    assert Dist._from_int_weights({"x": 0, "y": 30}, 30) == Dist.constant("y")


def test_simulation_agrees_with_exact_within_four_standard_errors():
    rng = np.random.default_rng(20240501)
    trials = 200_000
    faces = roll(rng, 10, (trials, 6))
    observed = empirical((faces <= 3).sum(axis=1))
    exact = count_successes(6, d(10), lambda x: x <= 3)
    assert max(standard_errors(exact, observed, trials).values()) < 4
    drawn = sample(d(6) + d(6), np.random.default_rng(3), trials)
    assert max(standard_errors(d(6) + d(6), empirical(drawn), trials).values()) < 4


def test_standard_errors_flags_impossible_outcomes():
    assert standard_errors(Dist.constant(1), Dist.uniform([1, 2]), 10)[2] == float("inf")


def test_markdown_table_and_bar_chart():
    table = markdown_table({"a": Dist.bernoulli(Fraction(1, 4)), "b": Dist.constant(1)})
    assert table.splitlines()[2] == "| 0 | 3/4 (0.7500) | 0 (0.0000) |"
    import matplotlib
    matplotlib.use("Agg")
    ax = bar_chart({"a": d(4), "b": d(2)})
    assert len(ax.patches) == 8 and ax.get_legend() is not None


def test_dataframe_export():
    frame = d(4).to_dataframe()
    assert list(frame["probability"]) == ["1/4"] * 4


def test_operators():
    assert (d(6) + 2).outcomes == tuple(range(3, 9))
    assert (-d(2)).outcomes == (-2, -1)
    assert (d(6) + d(6)).pmf() == d(6).combine(d(6), operator.add).pmf()
    assert 3 in d(6) and 7 not in d(6) and len(d(6)) == 6 and list(d(2)) == [1, 2]
