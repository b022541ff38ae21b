"""Threat maps checked against the primitives they compose: a cell's attackers are exactly the
enemies whose fire the line-of-sight engine lets reach it (line and range) and the game's fire
rules let hurt it; its probability is the combination of those attackers' own odds."""
from __future__ import annotations

from fractions import Fraction

import pytest

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, threat_map
from wartools.combat import odds
from wartools.los import line_of_sight

GAMES = {
    "combat-infantry": ("German", "US", "rifle", {"F3": "woods", "C4": "town"}),
    "conflict-of-heroes": ("German", "Soviet", "infantry", {"C3": "woods", "D4": "building"}),
    "heroes-of-normandie": ("German", "US", "infantry", {"C3": "building", "E5": "bunker"}),
    "company-of-heroes": ("Wehrmacht", "US", "infantry", {"C3": "building"}),
}


def _scenario(game: str):
    enemy, side, kind, terrain = GAMES[game]
    units = [("e-1", enemy, kind, "B2"), ("e-2", enemy, kind, "E2"), ("e-3", enemy, kind, "D6"),
             ("f-1", side, kind, "A7")]
    return tiny_scenario(game, 7, 7, units, terrain=terrain)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_attackers_are_exactly_the_enemies_los_and_range_allow(game):
    """A cell's attackers are the enemies the game's attack question allows; every refusal for
    the line or the range agrees with the line-of-sight engine asked directly."""
    s = _scenario(game)
    enemy, side, kind, _ = GAMES[game]
    t = threat_map(s, side)
    b = Board.of(s)
    fire, m = b.fire, b.map
    refused = 0
    for cell in m.grid.cells():
        expected = []
        probe = b.probe(side, kind, cell)
        for u in b.units_of(enemy):
            got = fire.attack(m, u, probe, b.situation)
            if got:
                expected.append(u.id)
                continue
            if got.kind in ("line", "range"):
                refused += 1
                p = fire.profile(u)
                assert not line_of_sight(m, u.cell, cell, fire.line_situation(m, u, probe, p, b.situation)).visible
        assert sorted(t.at(cell).attackers) == sorted(expected), m.label(cell)
    assert any(t.at(c).attackers for c in m.grid.cells())
    assert refused > 0       # some lines were blocked or out of range: the check has teeth


@pytest.mark.parametrize("game", sorted(GAMES))
def test_probability_is_the_combination_of_each_attackers_odds(game):
    s = _scenario(game)
    t = threat_map(s, GAMES[game][1])
    for cell, tc in t.cells.items():
        singles = [odds(s.game, **a.inputs).answer for a in tc.attacks]
        if game == "company-of-heroes":   # damage pooled into one defence roll (Company of Heroes 5)
            pooled = odds(s.game, **{**tc.attacks[0].inputs,
                                     "damage": [d for a in tc.attacks for d in a.inputs["damage"]]}).answer
            assert tc.p_hit == 1 - pooled["damage"][0]
            assert tc.expected == pooled["expected_damage"]
            continue
        if game == "combat-infantry":
            ps = [1 - a["hits"][0] for a in singles]
            es = [a["expected_hits"] for a in singles]
        else:
            ps = es = [a["hit"] for a in singles]
        miss = Fraction(1)
        for p in ps:
            miss *= 1 - p
        assert tc.p_hit == 1 - miss
        assert tc.expected == sum(es)


def test_combat_infantry_rifle_odds_from_the_rule():
    """Combat Infantry 6.1: a strength-4 F2 rifle squad misses with every d10 with (8/10)^4; two
    squads in range fire independently."""
    s = tiny_scenario("combat-infantry", 5, 5, [("e-1", "German", "rifle", "C1"), ("e-2", "German", "rifle", "E1"),
                                                ("u-1", "US", "rifle", "A5")])
    t = threat_map(s, "US")
    one = Fraction(4, 5) ** 4
    assert t.at("C3").attackers == ("e-1",)            # 2 hexes from C1, 3 from E1 (range 2, 6.2)
    assert t.at("C3").p_hit == 1 - one
    assert t.at("D2").attackers == ("e-1", "e-2")
    assert t.at("D2").p_hit == 1 - one * one
    assert t.at("D2").expected == 2 * 4 * Fraction(2, 10)
    assert t.at("C5").attackers == ()


def test_combat_infantry_long_range_fire_limit():
    """Combat Infantry 6.51: one unit of a firing hex fires long range at a target hex; adjacent
    fire is not limited."""
    s = tiny_scenario("combat-infantry", 5, 5, [("e-1", "German", "rifle", "C1"), ("e-2", "German", "mg", "C1"),
                                                ("u-1", "US", "rifle", "A5")])
    t = threat_map(s, "US")
    assert len(t.at("C3").attackers) == 1
    assert t.at("C3").attackers == ("e-1",)   # the rifle (4 dice at F2: 0.8 hits) over the MG (2 at F3: 0.6)
    assert t.at("C3").expected == Fraction(4, 5)
    assert sorted(t.at("C2").attackers) == ["e-1", "e-2"]


def test_company_of_heroes_damage_is_pooled_not_independent():
    s = tiny_scenario("company-of-heroes", 5, 5, [("e-1", "Wehrmacht", "infantry", "B2"),
                                                  ("e-2", "Wehrmacht", "infantry", "D2"), ("u-1", "US", "infantry", "A5")],
                      terrain={"C2": "building"})
    tc = threat_map(s, "US").at("C2")      # infantry in a building: +2 defence dice (Company of Heroes 6)
    assert tc.attackers == ("e-1", "e-2")
    each = [1 - odds(s.game, **a.inputs).answer["damage"][0] for a in tc.attacks]
    independent = 1 - (1 - each[0]) * (1 - each[1])
    assert tc.p_hit != independent
    assert tc.p_hit == 1 - odds(s.game, target="infantry", health=4, building=True,
                                damage=["AI=1", "AI=1"]).answer["damage"][0]


def test_moving_attackers_reach_more_cells_only_where_the_game_allows_it():
    ci = tiny_scenario("combat-infantry", 6, 6, [("e-1", "German", "rifle", "C1"), ("u-1", "US", "rifle", "A6")])
    still, moving = threat_map(ci, "US"), threat_map(ci, "US", moving=True)
    assert {c for c, v in still.cells.items() if v.attacks} == {c for c, v in moving.cells.items() if v.attacks}
    hon = tiny_scenario("heroes-of-normandie", 8, 8, [("e-1", "German", "infantry", "A1"),
                                                      ("u-1", "US", "infantry", "H8")],
                        terrain={"C1": "building", "A3": "building"})
    still, moving = threat_map(hon, "US"), threat_map(hon, "US", moving=True)
    hot = {c for c, v in still.cells.items() if v.attacks}
    hot_moving = {c for c, v in moving.cells.items() if v.attacks}
    assert hot < hot_moving
    for c in hot:
        assert moving.at(c).expected >= still.at(c).expected
    off = threat_map(hon.with_options(**{"move-and-fire": False}), "US", moving=True)
    assert {c for c, v in off.cells.items() if v.attacks} == hot
    assert any(a.option == "move-and-fire" for a in moving.assumptions)


def test_threat_json_shape_and_assumptions():
    s = _scenario("heroes-of-normandie")
    j = threat_map(s, "US").to_json()
    assert j["side"] == "US" and len(j["cells"]) == 49
    cell = next(v for v in j["cells"].values() if v["attackers"])
    assert set(cell) == {"attackers", "p_hit", "expected_hits"}
    assert Fraction(cell["p_hit"]) > 0
    assert {a["option"] for a in j["assumptions"]} >= {"one-always-misses"}
