"""Company of Heroes damage phase: rulebook examples, brute-force defense rolls, simulation."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.dice import Dist, empirical, standard_errors
from wartools.errors import WartoolsError
from wartools.games.company_of_heroes.combat import (FACES, can_be_pinned, damage_from_faces,
                                                     defense_dice, first_player, first_player_rolls,
                                                     health_colour, pool_damage, resolve_damage)


def brute_damage(unit, damage, health, **kw) -> Dist:
    n = defense_dice(unit, damage, **kw)
    out: dict = {}
    for faces in itertools.product(FACES, repeat=n):
        key = damage_from_faces(unit, damage, faces, health=health, **kw)
        out[key] = out.get(key, 0) + 1
    return Dist.from_weights(out)


def test_building_example_three_ap_five_defense_dice():
    assert defense_dice("infantry", {"AP": 3}, building=True) == 5
    r = resolve_damage("infantry", {"AP": 3}, health=4, building=True)
    assert r.damage[0] == Fraction(64, 81)
    assert r.damage == brute_damage("infantry", {"AP": 3}, 4, building=True)


def test_resolving_damage_example_british_section():
    damage = pool_damage({"AI": 1}, {"AI": 1}, {"AI": 1, "AP": 1})   # Riflemen, Grenadiers, Sd.Kfz. 222
    assert damage == {"AI": 3, "AP": 1, "HE": 0, "Flame": 0}
    assert defense_dice("infantry", damage) == 1
    # scripted: success leaves one health, failure destroys the section
    assert damage_from_faces("infantry", damage, ["speed"], health=4) == 3
    assert damage_from_faces("infantry", damage, ["crossed-infantry"], health=4) == 4
    r = resolve_damage("infantry", damage, health=4)
    assert r.destroyed == Fraction(1, 3) and r.figures_left.pmf() == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    assert r.expected_vp == Fraction(1, 3) and r.expected_experience == 1 + Fraction(1, 3)


def test_defense_matrix_immunities_and_flame():
    assert resolve_damage("heavy-vehicle", {"AI": 4, "Flame": 3}, health=2).damage == Dist.constant(0)
    assert defense_dice("heavy-vehicle", {"HE": 2, "AP": 1}) == 2          # resistant to HE only
    assert defense_dice("light-vehicle", {"AI": 1, "HE": 1, "AP": 2}) == 2
    assert defense_dice("emplacement", {"AI": 2, "HE": 1}) == 2
    # flame ignores defense dice, building cover and upgrades
    r = resolve_damage("infantry", {"Flame": 2}, health=3, building=True, upgrade=True)
    assert r.dice == 0 and r.damage == Dist.constant(2)
    mixed = resolve_damage("infantry", {"Flame": 1, "AP": 1}, health=4, building=True, upgrade=True)
    assert mixed.dice == 4 and mixed.damage.pmf() == {1: 1 - Fraction(1, 81), 2: Fraction(1, 81)}
    with pytest.raises(WartoolsError, match="cannot be in a building"):   # 4: vehicles never enter
        defense_dice("light-vehicle", {"AP": 1}, building=True)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["infantry", "light-vehicle", "heavy-vehicle", "emplacement"]),
       st.dictionaries(st.sampled_from(["AI", "AP", "HE", "Flame"]), st.integers(0, 2), max_size=4),
       st.integers(1, 5), st.booleans(), st.booleans())
def test_damage_matches_face_enumeration(unit, damage, health, building, upgrade):
    building = building and unit == "infantry"     # only infantry and MG teams enter buildings (4)
    r = resolve_damage(unit, damage, health=health, building=building, upgrade=upgrade)
    assert r.damage == brute_damage(unit, damage, health, building=building, upgrade=upgrade)
    assert r.destroyed == r.figures_left[0]


def test_defense_dice_simulation_within_four_standard_errors():
    rng = np.random.default_rng(42)
    trials = 100_000
    faces = rng.integers(0, 6, size=(trials, 5))                  # 4 of 6 faces succeed
    taken = np.maximum(0, 3 - (faces < 4).sum(axis=1))
    exact = resolve_damage("infantry", {"AP": 3}, health=4, building=True).damage
    assert max(standard_errors(exact, empirical(taken), trials).values()) < 4


def test_mg_pinning_eligibility():
    assert can_be_pinned("infantry") and can_be_pinned("mortar-team")
    assert not can_be_pinned("infantry", building=True)
    assert not can_be_pinned("mg-team") and not can_be_pinned("light-vehicle")
    assert health_colour("tank") == "R"


def test_first_player_roll():
    assert first_player_rolls(["he", "speed", "flame"], ["he", "tank", "tank"]) == "A"
    assert first_player_rolls(["green", "black", "red"], ["speed", "tank", "flame"]) == "tie"
    once = first_player(ties="keep")
    colours = ["green", "green", "black", "black", "red", "red"]
    rolls = list(itertools.product(colours, repeat=3))
    out: dict = {}
    for a in rolls:
        for b in rolls:
            k = first_player_rolls(a, b)
            out[k] = out.get(k, 0) + 1
    assert once == Dist.from_weights(out)
    assert first_player() == Dist.from_weights({"A": 1, "B": 1})
    with pytest.raises(WartoolsError):
        first_player(ties="coin")


def test_bad_input():
    with pytest.raises(WartoolsError):
        pool_damage({"Laser": 1})
    with pytest.raises(WartoolsError):
        resolve_damage("infantry", {"AI": 1}, health=0)
    with pytest.raises(WartoolsError):
        damage_from_faces("infantry", {"AP": 1}, [], health=2)
    with pytest.raises(WartoolsError):
        damage_from_faces("infantry", {"AP": 1}, ["purple"], health=2)
