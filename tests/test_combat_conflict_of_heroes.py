"""Conflict of Heroes fire, CAPs, initiative and variable APs against 2D6 enumeration."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.dice import Dist, empirical, standard_errors
from wartools.errors import WartoolsError
from wartools.games.conflict_of_heroes.combat import (Firer, Target, attack_value, caps_needed,
                                                      defense_value, fire, hit_probability,
                                                      initiative, initiative_rolls, resolve_fire,
                                                      variable_ap)

ROLLS = list(itertools.product(range(1, 7), repeat=2))


def test_attack_value_13_against_defense_value_14_example():
    # '43 infantry (FP 4) rolls 9: 13 AV; squad DR 12 in woods (+2): 14 DV -> miss
    assert defense_value(12, 2) == 14
    assert resolve_fire((4, 5), 4, 12, terrain=2) == (13, 14, False)
    assert resolve_fire((5, 5), 4, 12, terrain=2)[2]
    assert hit_probability(4, 12, terrain=2) == Fraction(1, 6)
    assert attack_value(4)[13] == Fraction(4, 36)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(5, 18), st.integers(-2, 4), st.integers(0, 3))
def test_hit_probability_matches_enumeration(fp, dr, terrain, caps):
    hits = sum(resolve_fire(r, fp, dr, terrain=terrain, caps=caps)[2] for r in ROLLS)
    assert hit_probability(fp, dr, terrain=terrain, caps=caps) == Fraction(hits, 36)


def test_red_and_blue_ratings():
    assert fire(Firer(red=4, blue=1), Target(12), terrain=2) == hit_probability(4, 12, terrain=2)
    assert fire(Firer(red=4, blue=1), Target(12, armored=True)) == hit_probability(1, 12)


def test_caps_modify_rolls():
    assert hit_probability(4, 12, terrain=2, caps=1) == Fraction(10, 36)
    assert hit_probability(4, 12, terrain=2, defender_caps=1) == Fraction(3, 36)
    need = caps_needed(4, 12, terrain=2, available=3)
    brute = Dist.from_weights({k: sum(1 for r in ROLLS if (max(0, 14 - sum(r) - 4) if 14 - sum(r) - 4 <= 3
                                                           else None) == k) for k in (0, 1, 2, 3, None)})
    assert need == brute
    assert 1 - need[None] == hit_probability(4, 12, terrain=2, caps=3)
    with pytest.raises(WartoolsError):
        attack_value(4, caps=-1)


def test_initiative_ties_rerolled():
    assert initiative_rolls((6, 1), (3, 4)) == "tie" and initiative_rolls((1, 1), (1, 2)) == "B"
    outcomes = [initiative_rolls(a, b) for a in ROLLS for b in ROLLS]
    a, b = outcomes.count("A"), outcomes.count("B")
    assert initiative() == Dist.from_weights({"A": a, "B": b})
    outcomes = [initiative_rolls((a[0] + 2, a[1]), b) for a in ROLLS for b in ROLLS]
    assert initiative(modifier_a=2)["A"] == Fraction(outcomes.count("A"), outcomes.count("A") + outcomes.count("B"))


def test_variable_ap_simulation_within_four_standard_errors():
    rng = np.random.default_rng(7)
    trials = 100_000
    aps = rng.integers(1, 7, (trials, 2)).sum(axis=1)
    assert max(standard_errors(variable_ap(), empirical(aps), trials).values()) < 4
    assert variable_ap().pmf() == Dist.uniform(sum(r) for r in ROLLS).pmf()


def test_bad_roll():
    with pytest.raises(WartoolsError):
        resolve_fire((7, 1), 4, 12)
