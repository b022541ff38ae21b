"""Combat Infantry combat: rulebook examples (exact and scripted), brute-force oracles, simulation."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.dice import Dist, standard_errors
from wartools.errors import WartoolsError
from wartools.games.combat_infantry import combat
from wartools.games.combat_infantry.combat import (AssaultEnd, AssaultRules, AssaultUnit, HexUnit,
                                                   assault, bombard, bombard_rolls, can_fire,
                                                   defends_d2, distribute_hits, end_activation, fire,
                                                   fire_at_hex, fire_at_unit, hits_from_rolls,
                                                   minefield_assault, minefield_rolls, morale_check,
                                                   net_firepower, passes_morale, replay_assault,
                                                   simulate_assault, steps_lost)

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


def test_armor_class_zero_in_assaults_9_65():
    # an infantry F3 cannot fire on a PZ-IV (AC3), but in an assault it hits it at F3
    ends = assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("tank", 1, 5, morale=10)],
                   AssaultRules(attacker_retreat_round=2))
    p_def_first = Fraction(5, 10)  # tank fires first at F5
    assert ends.prob(lambda e: e.winner == "attacker") == (1 - p_def_first) * Fraction(1, 2) * Fraction(3, 10)


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


# ---------------------------------------------------------------- 9 assaults: Caron Farm (Diagram 6)
US = [AssaultUnit("rifle", 2, 2, morale=5), AssaultUnit("mg", 2, 3, morale=5)]
GERMANS = [AssaultUnit("rifle", 3, 3, morale=6), AssaultUnit("rifle", 3, 3, morale=6)]
# Faces per side-round: morale dice of strength-1 units, then each firing unit's dice (listed order).
CARON_FARM = [
    5, 9, 1, 7,        # R1 USA: IN 2 (F2) misses, MG 2 (F3) one hit -> German IN 3 (uphill) to IN 2
    2, 8, 9, 4, 6,     # R1 Germans: IN 3 (F3) one hit (2) -> USA IN 2 to IN 1; IN 2 misses
    9,                 # R2 USA: IN 1 morale 9 > 5: disrupted
    3, 8,              # R2 MG 2 one hit -> the German IN 3 to IN 2
    7, 5, 1, 9,        # R2 Germans: IN 2, IN 2 one hit -> USA MG 2 to 1
    4, 2,              # R3 USA: MG 1 and IN 1 pass morale
    8, 2,              # R3 USA: IN misses, MG hits -> first German IN 2 to IN 1; Germans retreat
]


def test_caron_farm_bombardment_and_fire_before_the_assault():
    assert bombard_rolls([2, 4, 7], 4) == (2, 0)                # mortar 3, assumed F4
    farm = distribute_hits((HexUnit(3, "rifle"), HexUnit(2, "mg")), 2, d2=defends_d2("farm"))
    assert [u.strength for u in farm] == [2, 2]                 # one step lost (farm D2)
    farm = distribute_hits(farm, hits_from_rolls([1, 6], 3), d2=True)
    assert farm[0].half_hit and end_activation(farm) == (HexUnit(2, "rifle"), HexUnit(2, "mg"))


def test_caron_farm_assault_scripted():
    end, log = replay_assault(GERMANS, US, CARON_FARM)
    assert end == AssaultEnd("defender", 3, attackers=(1, 2), defenders=(1, 1), how="retreated")
    assert any("disrupted" in line for line in log)
    with pytest.raises(WartoolsError):
        replay_assault(GERMANS, US, CARON_FARM[:-1])


def test_caron_farm_assault_exact_contains_narrative_end():
    ends = assault(GERMANS, US)
    narrative = AssaultEnd("defender", 3, (1, 2), (1, 1), "retreated")
    assert 0 < ends[narrative] < Fraction(1, 10)
    assert sum(ends.probabilities) == 1
    assert all(e.round <= 3 for e in ends)


# ---------------------------------------------------------------- 9.2 exact chain vs oracles
def brute_assault(attackers, defenders, rules=None) -> Dist:
    """Forward enumeration: every phase replayed on every printed face sequence."""
    chain = combat._Assault(attackers, defenders, rules)
    mass, ends = {chain.start: Fraction(1)}, {}
    while mass:
        state = min(mass, key=lambda s: (s[0], s[1]))
        p = mass.pop(state)
        rnd, phase, att, dfn = state
        own = att if phase else dfn
        need = sum(s for s in own if s > 0) + sum(1 for s in own if s == 1)
        seqs = list(itertools.product(FACES, repeat=need))
        for seq in seqs:
            nxt = chain.replay_phase(state, iter(seq), [])
            target = ends if isinstance(nxt, AssaultEnd) else mass
            target[nxt] = target.get(nxt, 0) + p / len(seqs)
    return Dist._from_dict(ends)


SMALL = [
    ([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 2, 2, morale=4)], AssaultRules()),
    ([AssaultUnit("engineer", 1, 2)], [AssaultUnit("at-gun", 1, 4, morale=7)], AssaultRules(river_or_cliff=True)),
    ([AssaultUnit("atr", 1, 4), AssaultUnit("rifle", 1, 2)], [AssaultUnit("tank", 1, 3, morale=6)],
     AssaultRules(smoke=True)),
    ([AssaultUnit("rifle", 2, 5)], [AssaultUnit("hq", 1, 2, morale=8), AssaultUnit("mortar", 1, 3, morale=3)],
     AssaultRules(hit_limit=1, defender_retreat_round=3)),
    ([AssaultUnit("rifle", 1, 6)], [AssaultUnit("rifle", 1, 1)], AssaultRules(attacker_can_retreat=False)),
]


@pytest.mark.parametrize("attackers,defenders,rules", SMALL)
def test_assault_markov_chain_matches_face_enumeration(attackers, defenders, rules):
    assert assault(attackers, defenders, rules) == brute_assault(attackers, defenders, rules)


def test_assault_three_against_three_simulation_within_four_standard_errors():
    att = [AssaultUnit("rifle", 4, 3), AssaultUnit("engineer", 3, 2), AssaultUnit("rifle", 2, 2)]
    dfn = [AssaultUnit("rifle", 3, 3), AssaultUnit("mg", 3, 4), AssaultUnit("hq", 1, 2, morale=7)]
    exact = assault(att, dfn)
    trials = 100_000
    sim = simulate_assault(att, dfn, trials, np.random.default_rng(1944))
    winner = exact.map(lambda e: e.winner)
    assert max(standard_errors(winner, sim.map(lambda e: e.winner), trials).values()) < 4
    assert max(standard_errors(exact, sim, trials).values()) < 4


def test_assault_modifiers():
    rifle, f3 = [AssaultUnit("rifle", 1, 4)], [AssaultUnit("rifle", 1, 3, morale=10)]
    one_round = AssaultRules(attacker_retreat_round=2)
    # engineers double firepower (9.64)
    eng = assault([AssaultUnit("engineer", 1, 2)], f3, one_round)
    assert eng == assault(rifle, f3, one_round)
    # river/cliff: -1F in round 1 except engineers (9.1)
    p = assault(rifle, f3, AssaultRules(attacker_retreat_round=2, river_or_cliff=True))
    assert p.prob(lambda e: e.winner == "attacker") == Fraction(7, 10) * Fraction(1, 2) * Fraction(3, 10)
    assert assault([AssaultUnit("engineer", 1, 2)], f3,
                   AssaultRules(attacker_retreat_round=2, river_or_cliff=True)) == eng
    # smoke: -1F for both sides
    s = assault(rifle, f3, AssaultRules(attacker_retreat_round=2, smoke=True))
    assert s.prob(lambda e: e.winner == "attacker") == Fraction(8, 10) * Fraction(1, 2) * Fraction(3, 10)
    # AT guns defend normally in round 1, F1 later (9.61)
    gun = assault([AssaultUnit("rifle", 3, 0)], [AssaultUnit("at-gun", 3, 6)])
    assert gun.prob(lambda e: e.attackers[0] == 0) == Dist.binomial(3, Fraction(6, 10)).at_least(3) + sum(
        Dist.binomial(3, Fraction(6, 10))[k] * Dist.binomial(6, Fraction(1, 10)).at_least(3 - k)
        for k in range(3))


def test_hq_ignores_morale_unless_alone_and_lends_morale():
    # an HQ at strength 1 with another unit does not check; the rifle uses the HQ's morale 2
    att = [AssaultUnit("rifle", 3, 0, morale=5)]
    dfn = [AssaultUnit("hq", 1, 10, morale=2), AssaultUnit("rifle", 1, 10, morale=1)]
    ends = assault(att, dfn, AssaultRules(attacker_retreat_round=1))
    # round 1: the HQ (F10) always hits; the rifle fires only if it passes morale 2 (1/5).
    # An attacker left at strength 1 checks morale 5 before retreating; a disrupted unit
    # cannot retreat (9.3) and is eliminated by the round 2 defender fire.
    assert ends.map(lambda e: e.attackers[0]).pmf() == {
        2: Fraction(4, 5), 1: Fraction(1, 5) * Fraction(1, 2), 0: Fraction(1, 5) * Fraction(1, 2)}


def test_atr_targets_tanks():
    atr = [AssaultUnit("atr", 2, 10)]
    dfn = [AssaultUnit("rifle", 3, 0), AssaultUnit("tank", 2, 0)]
    ends = assault(atr, dfn, AssaultRules(attacker_retreat_round=2))
    assert ends.map(lambda e: e.defenders) == Dist.constant((3, 0))


def test_assault_rules_validation():
    with pytest.raises(WartoolsError):
        AssaultRules(defender_retreat_round=1)
    with pytest.raises(WartoolsError):
        AssaultRules(attacker_retreat_round=4)
    with pytest.raises(WartoolsError):
        AssaultUnit("rifle", 0, 3)
    with pytest.raises(WartoolsError):
        assault([], [AssaultUnit("rifle", 1, 3)])
