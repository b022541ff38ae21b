"""Combat Infantry fire, bombardment, morale and mines: rulebook examples (exact and scripted),
brute-force oracles. Assaults are tested in test_combat_infantry_assault.py."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.dice import Dist
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.combat import (HexUnit, bombard, bombard_rolls, can_fire, defends_d2,
                                                   distribute_hits, end_activation, fire, fire_at_hex,
                                                   fire_at_unit, hits_from_rolls, minefield_assault,
                                                   minefield_rolls, morale_check, net_firepower,
                                                   passes_morale, steps_lost)

FACES = range(10)  # printed d10 faces; 0 counts as 10


def brute(n: int, f) -> Dist:
    """Enumerate every printed face combination of n d10."""
    out: dict = {}
    for faces in itertools.product(FACES, repeat=n):
        key = f(faces)
        out[key] = out.get(key, 0) + 1
    return Dist.from_weights(out)


# ---------------------------------------------------------------- 6.1 fire
def test_fire_6_1_example_scripted_and_exact():
    assert hits_from_rolls([1, 2, 6, 8], 2) == 2
    assert fire(4, 2)[2] == Fraction(96, 625)
    assert fire(4, 2)[0] == Fraction(256, 625)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 4), st.integers(-2, 12), st.integers(0, 4), st.sampled_from([None, 1, 2]))
def test_fire_matches_face_enumeration(dice, firepower, armor, limit):
    exact = fire(dice, firepower, armor=armor, hit_limit=limit)
    oracle = brute(dice, lambda fs: hits_from_rolls(fs, firepower, armor=armor, hit_limit=limit))
    assert exact == oracle


def test_zero_face_counts_as_ten():
    assert hits_from_rolls([0], 9) == 0 and hits_from_rolls([0], 10) == 1
    with pytest.raises(WartoolsError):
        hits_from_rolls([11], 3)


# ---------------------------------------------------------------- 6.32 armor class
def test_armor_class_6_32_examples():
    assert net_firepower(6, armor=4) == 2 and can_fire(6, armor=4)
    assert net_firepower(3, armor=3) == 0 and not can_fire(3, armor=3)
    assert fire(3, 3, armor=3) == Dist.constant(0)
    assert fire(2, 6, armor=4) == fire(2, 2)


# ---------------------------------------------------------------- 6.3 casualties and 6.7 D2
def test_hits_go_to_strongest_first_tanks_excluded():
    hex_ = (HexUnit(2), HexUnit(3, "mg"), HexUnit(4, "tank", armor=3))
    assert [u.strength for u in distribute_hits(hex_, 3)] == [1, 1, 4]
    assert [u.strength for u in distribute_hits(hex_, 3, armor_zero=True)] == [2, 2, 2]
    assert distribute_hits((HexUnit(4, "tank", armor=0),), 1)[0].strength == 3  # hidden tank, AC-Zero
    assert [u.strength for u in distribute_hits(hex_, 9)] == [0, 0, 4]        # surplus lost


def test_d2_half_hit_must_take_next_hit_and_recovers():
    after = distribute_hits((HexUnit(3), HexUnit(3)), 1, d2=True)
    assert after[0].half_hit and not after[1].half_hit
    assert [u.strength for u in distribute_hits(after, 1, d2=True)] == [2, 3]
    assert end_activation(after) == (HexUnit(3), HexUnit(3))
    assert steps_lost(5, d2=True) == (2, True) and steps_lost(2) == (2, False)


def test_fire_at_hex_matches_face_enumeration():
    units = (HexUnit(2), HexUnit(1, "mg"))
    exact = fire_at_hex(3, 4, units, d2=True)
    oracle = brute(3, lambda fs: distribute_hits(units, hits_from_rolls(fs, 4), d2=True))
    assert exact == oracle


def test_d2_terrain_and_treebursts():
    assert defends_d2("woods", "fire") and not defends_d2("woods", "bombardment")   # 6.62
    assert defends_d2("town", "bombardment") and not defends_d2("town", "assault")
    assert defends_d2("clear", "fire", foxhole=True) and not defends_d2("clear", "assault", foxhole=True)
    assert not defends_d2("clear")
    with pytest.raises(WartoolsError):
        defends_d2("woods", "melee")


# ---------------------------------------------------------------- Fire example (Diagram 3)
def test_fire_example_st_abyn_scripted():
    # IN 4 out of command passes morale 5 with a 2, fires F2 into woods (D2): one half-hit on IN 2
    assert passes_morale(2, 5)
    german = (HexUnit(2),)
    german = distribute_hits(german, hits_from_rolls([1, 5, 7, 9], 2), d2=defends_d2("woods"))
    assert german[0].half_hit and german[0].strength == 2
    # US IN 2 fires across the river at F2, one hit converts the half-hit
    german = distribute_hits(german, hits_from_rolls([2, 8], 2), d2=True)
    assert german == (HexUnit(1),)
    # IN 3 (F2) cannot target the tank (AC3); AT gun F5 - 3 = F2 scores 1 hit, wasted in town D2
    assert not can_fire(2, armor=3)
    tank = HexUnit(2, "tank", armor=3)
    hit = distribute_hits((tank,), hits_from_rolls([2, 7], 5, armor=3), d2=defends_d2("town"),
                          armor_zero=True)
    assert hit[0].half_hit and end_activation(hit) == (tank,)


def test_fire_example_st_abyn_exact():
    assert morale_check(5) == Fraction(1, 2)
    # P(German IN 2 in woods loses at least one step from 4F2 then 2F2)
    first = fire_at_hex(4, 2, (HexUnit(2),), d2=True)
    both = first.bind(lambda h: fire_at_hex(2, 2, h, d2=True))
    oracle = brute(4, lambda fs: distribute_hits((HexUnit(2),), hits_from_rolls(fs, 2), d2=True)).bind(
        lambda h: brute(2, lambda fs: distribute_hits(h, hits_from_rolls(fs, 2), d2=True)))
    assert both == oracle
    # total hits over 6 dice at F2 is Bin(6, 1/5); >= 2 hits means a step lost
    assert both.prob(lambda h: h[0].strength < 2) == Dist.binomial(6, Fraction(1, 5)).at_least(2)
    at_gun = fire_at_unit(2, 5, HexUnit(2, "tank", armor=3), d2=True)
    assert at_gun.prob(lambda u: u.strength == 1) == Fraction(1, 25)   # two hits at net F2


# ---------------------------------------------------------------- Line of Sight example (Diagram 4)
def test_line_of_sight_example_casualties():
    hex_b = (HexUnit(3, "rifle"), HexUnit(3, "mg"))
    hex_b = distribute_hits(hex_b, 1)           # mortar hit, owner picks IN 3
    assert [u.strength for u in hex_b] == [2, 3]
    hex_b = distribute_hits(hex_b, 1)           # next hit on the stronger MG 3
    assert [u.strength for u in hex_b] == [2, 2]
    assert distribute_hits((HexUnit(3, "mortar"),), 2)[0].strength == 1   # MG 3 scores 2 on MO 3
    assert morale_check(6) == Fraction(3, 5)     # rallies against PHQ morale 6
    # exact: MG 3 at (assumed) F4 scoring exactly two hits
    assert fire(3, 4)[2] == brute(3, lambda fs: hits_from_rolls(fs, 4))[2] == Fraction(288, 1000)


# ---------------------------------------------------------------- 6.6 bombardment
@pytest.mark.parametrize("air", [False, True])
@pytest.mark.parametrize("spotter", [False, True])
def test_bombardment_matches_face_enumeration(air, spotter):
    exact = bombard(3, 7, spotter_adjacent=spotter, air=air)
    oracle = brute(3, lambda fs: bombard_rolls(fs, 7, spotter_adjacent=spotter, air=air))
    assert exact == oracle


def test_friendly_fire_zeros_and_air_doubles():
    assert bombard_rolls([0, 0, 5], 4) == (0, 2)
    assert bombard_rolls([0, 3], 4, air=True) == (1, 2)
    assert bombard(3, 7).map(lambda r: r[1]) == Dist.binomial(3, Fraction(1, 10))
    assert bombard(2, 10).map(lambda r: r[0])[2] == 1   # F10: every face hits, zeros too


# ---------------------------------------------------------------- 7.2 mines
def test_minefield_engineer_example_7_2():
    assert minefield_rolls([3, 0], 2, engineer=True) == (1, 1)
    assert minefield_rolls([3, 9], 2) == (0, 1)
    for engineer in (False, True):
        assert minefield_assault(2, 2, engineer=engineer) == brute(
            2, lambda fs: minefield_rolls(fs, 2, engineer=engineer))


# ---------------------------------------------------------------- Caron Farm (Diagram 6): before the assault
def test_caron_farm_bombardment_and_fire_before_the_assault():
    assert bombard_rolls([2, 4, 7], 4) == (2, 0)                # mortar 3, assumed F4
    farm = distribute_hits((HexUnit(3, "rifle"), HexUnit(2, "mg")), 2, d2=defends_d2("farm"))
    assert [u.strength for u in farm] == [2, 2]                 # one step lost (farm D2)
    farm = distribute_hits(farm, hits_from_rolls([1, 6], 3), d2=True)
    assert farm[0].half_hit and end_activation(farm) == (HexUnit(2, "rifle"), HexUnit(2, "mg"))
