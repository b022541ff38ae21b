"""Heroes of Normandie shots, mines, bunkers, landing craft and aircraft against d6 enumeration."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.dice import Dist, empirical, standard_errors
from wartools.errors import WartoolsError
from wartools.games.heroes_of_normandie.combat import (ShotModifiers, bunker_stun, bunker_stun_rolls,
                                                       fits_landing_craft, mine_attack, mine_clearing,
                                                       resolve_mines, resolve_shot, shot_probability,
                                                       speed_penalty, transport_points)


def test_mine_example_one_plus_one_plus_one():
    # die + 1 + 1 + 1 = 7: the unit takes 1 Hit and 1 Suppressed marker
    for defense in range(4, 8):
        assert resolve_mines(4, [1, 1, 1], defense) == "hit"
    assert resolve_mines(1, [1, 1, 1], 2) == "discard"     # a 1 never hits, a counter is discarded
    assert mine_attack([1, 1, 1], 7).pmf() == {"hit": Fraction(1, 2), "miss": Fraction(1, 3),
                                               "discard": Fraction(1, 6)}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=3), st.integers(2, 10))
def test_mines_match_enumeration(values, defense):
    # counted from the rule itself: a natural 1 discards a counter, else die + values >= defense hits
    hits = sum(1 for r in range(2, 7) if r + sum(values) >= defense)
    expected = {"discard": Fraction(1, 6), "hit": Fraction(hits, 6), "miss": Fraction(5 - hits, 6)}
    assert mine_attack(values, defense).pmf() == {k: v for k, v in expected.items() if v}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(2, 12), st.integers(0, 2), st.integers(0, 2), st.booleans(),
       st.booleans(), st.booleans(), st.booleans())
def test_shot_matches_enumeration(attack, defense, universal, directional, crosses, long_range, hawkeyed,
                                  one_misses):
    m = ShotModifiers(universal_bonus=universal, directional_bonus=directional,
                      crosses_protected_edge=crosses, long_range=long_range, hawkeyed=hawkeyed,
                      one_always_misses=one_misses)
    target = defense + universal + (directional if crosses else 0)
    penalty = 2 if long_range and not hawkeyed else 0
    hits = sum(1 for r in range(1, 7) if not (r == 1 and one_misses) and r + attack - penalty >= target)
    assert shot_probability(attack, defense, m) == Fraction(hits, 6)


def test_directional_bonus_only_across_the_protected_edge():
    front = ShotModifiers(directional_bonus=2, crosses_protected_edge=True)
    side = ShotModifiers(directional_bonus=2, crosses_protected_edge=False)
    assert shot_probability(3, 6, front) < shot_probability(3, 6, side) == shot_probability(3, 6)


def test_long_range_hawkeyed_and_aircraft():
    assert shot_probability(3, 5, ShotModifiers(long_range=True)) == Fraction(3, 6)
    assert shot_probability(3, 5, ShotModifiers(long_range=True, hawkeyed=True)) == Fraction(5, 6)
    assert shot_probability(3, 5, ShotModifiers(long_range=True, aircraft=True)) == Fraction(5, 6)
    assert shot_probability(3, 5, ShotModifiers(long_range=True, long_range_penalty=1)) == Fraction(4, 6)
    assert not resolve_shot(1, 10, 2) and resolve_shot(1, 10, 2, ShotModifiers(one_always_misses=False))


def test_bunker_stun_any_five_or_six():
    for n in range(0, 4):
        rolls = list(itertools.product(range(1, 7), repeat=n))
        assert bunker_stun(n) == Fraction(sum(bunker_stun_rolls(r) for r in rolls), len(rolls))
    rng = np.random.default_rng(11)
    trials = 100_000
    observed = empirical((rng.integers(1, 7, (trials, 3)) >= 5).any(axis=1))
    exact = Dist.bernoulli(bunker_stun(3)).map(bool)
    assert max(standard_errors(exact, observed, trials).values()) < 4


def test_landing_craft_transport_example():
    assert fits_landing_craft(["vehicle-2-squares"])                                      # the Sherman
    assert fits_landing_craft(["character", "small-infantry", "infantry", "infantry"])    # 1+1+2+2
    assert not fits_landing_craft(["light-vehicle", "infantry", "character"])
    assert transport_points("light-vehicle") == 5
    with pytest.raises(WartoolsError):
        transport_points("battleship")


def test_aircraft_speed_penalty_examples():
    assert [speed_penalty(3, 2), speed_penalty(3, 5), speed_penalty(3, 3)] == [1, 2, 0]
    assert speed_penalty(3, None, opportunity_fire=True) == 0 and speed_penalty(None, 4) == 2
    assert shot_probability(4, 5, ShotModifiers(speed_penalty=2)) == Fraction(4, 6)
    with pytest.raises(WartoolsError):
        speed_penalty(3, None)


def test_engineer_mine_clearing():
    assert mine_clearing()["hit"] == Fraction(1, 6)
