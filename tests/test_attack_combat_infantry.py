"""Combat Infantry fire in the analysis, each case from the rule's text (issue 20): the threat map
and the fire plan ask the game's attack question, so they obey what it obeys."""
from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, fire_plan, least_exposed_route, threat_map
from wartools.mapmodel import Unit


def test_hexside_fire_limits_6_5_cut_the_threat_and_the_plan():
    """6.5: the fire limit is the number of units that can fire through a hexside, 2 or 1
    depending on terrain (chart: Clear 2; 3.4 Town 1), only on adjacent enemy units."""
    three = [("e-1", "German", "rifle", "B2"), ("e-2", "German", "rifle", "B2"), ("e-3", "German", "rifle", "B2")]
    s = tiny_scenario("combat-infantry", 5, 4, [*three, ("u-1", "US", "rifle", "E4")], terrain={"B3": "town"})
    t = threat_map(s, "US")
    assert len(t.at("C2").attackers) == 2            # a clear hexside: 2 of the 3 fire (6.5)
    assert len(t.at("B3").attackers) == 1            # into a town hex: a town hexside, 1 fires (3.4 Town)
    assert {x.rule for a in t.at("C2").attacks for x in a.limits} == {"Combat Infantry 6.5"}
    assert t.at("C2").expected == 2 * 4 * Fraction(2, 10)
    mine = [("u-1", "US", "rifle", "B2"), ("u-2", "US", "rifle", "B2"), ("u-3", "US", "rifle", "B2")]
    plan = fire_plan(tiny_scenario("combat-infantry", 5, 4, [*mine, ("g-1", "German", "rifle", "C2")]), "US",
                     objective="expected-hits")
    assert len(plan.assignments) == 2                 # the third rifle may not fire through that hexside


def test_long_range_fire_6_51_is_one_firer_per_target_hex():
    """6.51: only one unit fires long range from a firing hex to a target hex; the others of the
    hex may fire at *different* target hexes. Two targets in one hex are one target hex."""
    s = tiny_scenario("combat-infantry", 5, 4, [("s-1", "US", "rifle", "B2"), ("s-2", "US", "mg", "B2"),
                                                ("t-1", "German", "rifle", "D2"), ("t-2", "German", "rifle", "D2")])
    plan = fire_plan(s, "US", objective="expected-hits")
    assert len(plan.assignments) == 1                 # not one firer on each unit of the same hex
    apart = tiny_scenario("combat-infantry", 5, 4, [("s-1", "US", "rifle", "B2"), ("s-2", "US", "mg", "B2"),
                                                    ("t-1", "German", "rifle", "D2"), ("t-2", "German", "rifle", "D3")])
    assert len(fire_plan(apart, "US", objective="expected-hits").assignments) == 2   # two target hexes


def test_night_10_3_limits_every_analysis_line():
    """10.3: night scenarios have maximum ranges of two hexes for all units: the night threat
    map differs from the day one, and the fire plan takes no 3-hex shot."""
    units = [("e-1", "German", "mg", "A2"), ("u-1", "US", "rifle", "D2")]
    day = tiny_scenario("combat-infantry", 6, 3, units)
    night = tiny_scenario("combat-infantry", 6, 3, units, options={"night": True})
    assert threat_map(day, "US").at("D2").attackers == ("e-1",)        # an MG's range is 4 (assumed)
    assert threat_map(night, "US").at("D2").attackers == ()             # 3 hexes at night
    assert threat_map(night, "US").at("C2").attackers == ("e-1",)
    assert fire_plan(day, "German").assignments
    plan = fire_plan(night, "German")
    assert not plan.assignments
    assert plan.refusals["e-1"]["u-1"].kind == "night"
    assert plan.refusals["e-1"]["u-1"].rule == "Combat Infantry 10.3"
    flipped = fire_plan(day.with_options(night=True), "German")         # a command's --option night=true
    assert not flipped.assignments


def test_a_night_route_counts_no_shot_that_cannot_be_fired_10_3():
    """10.3 in route exposure: by night the MG cannot fire 3 hexes, so a route through those hexes
    is not exposed there."""
    units = [("e-1", "German", "mg", "A2"), ("u-1", "US", "rifle", "D1")]
    day = tiny_scenario("combat-infantry", 6, 3, units)
    night = tiny_scenario("combat-infantry", 6, 3, units, options={"night": True})
    assert least_exposed_route(day, "u-1", "D3", turns=2).exposure > 0
    assert least_exposed_route(night, "u-1", "D3", turns=2).exposure == 0


def test_no_fire_into_assaults_6_1():
    """6.1: units cannot fire into assaults: a hex holding units of both sides is no target."""
    s = tiny_scenario("combat-infantry", 5, 3, [("u-1", "US", "rifle", "A2"), ("u-2", "US", "rifle", "C2"),
                                                ("g-1", "German", "rifle", "C2"), ("g-2", "German", "rifle", "B3")])
    b = Board.of(s)
    refused = b.fire.attack(b.map, b.unit("u-1"), b.unit("g-1"), b.situation)
    assert refused.kind == "assault" and refused.rule == "Combat Infantry 6.1"
    plan = fire_plan(b, "US")
    assert "g-1" not in {a.target for a in plan.assignments}
    assert "C2" not in {b.map.label(c) for c, tc in threat_map(b, "German").cells.items() if "u-1" in tc.attackers}


def test_hidden_tank_has_ac_zero_2_53():
    """2.53: hidden tanks (not face-up) have AC-Zero and take hits normally; 6.32: an F2 rifle
    cannot fire at a face-up tank of AC5."""
    units = [("u-1", "US", "rifle", "A2", {"steps": 4}), ("g-1", "German", "tank", "B2", {"hidden": True})]
    s = tiny_scenario("combat-infantry", 4, 3, units)
    b = Board.of(s)
    assert "hidden" in b.unit("g-1").tags
    a = b.fire.attack(b.map, b.unit("u-1"), b.unit("g-1"), b.situation)
    assert a and a.inputs["armor"] == 0 and a.p_hit == 1 - Fraction(8, 10) ** 4
    assert any("2.53" in r for r in a.rules)
    assert [(x.unit, x.target) for x in fire_plan(b, "US").assignments] == [("u-1", "g-1")]
    face_up = tiny_scenario("combat-infantry", 4, 3, [units[0], ("g-1", "German", "tank", "B2")])
    fb = Board.of(face_up)
    refused = fb.fire.attack(fb.map, fb.unit("u-1"), fb.unit("g-1"), fb.situation)
    assert refused.kind == "immune" and refused.rule == "Combat Infantry 6.32"     # F2 - AC 5: no fire (6.32)


def test_mortars_bombard_with_spotting_6_6_6_61():
    """6.6: mortars bombard unseen hexes spotted by an HQ (6.61: within 3 hexes and with LOS; an
    adjacent HQ adds +1F), free of fire limits; they are attackers on the threat map."""
    units = [("m-1", "German", "mortar", "A2"), ("hq-1", "German", "hq", "E1"),
             ("u-1", "US", "rifle", "E2", {"steps": 4})]
    woods = {"C1": "woods", "C2": "woods", "C3": "woods"}
    s = tiny_scenario("combat-infantry", 6, 3, units, terrain=woods)
    b = Board.of(s)
    a = b.fire.attack(b.map, b.unit("m-1"), b.unit("u-1"), b.situation)
    assert a and a.spotter == "hq-1" and a.inputs.get("modifier") == 1     # adjacent HQ: F4 = F5
    assert a.p_hit == 1 - Fraction(5, 10) ** 2
    assert "m-1" in threat_map(b, "US").at("E2").attackers
    assert "m-1" in [x.unit for x in fire_plan(b, "German").assignments]
    alone = tiny_scenario("combat-infantry", 6, 3, [units[0], units[2]], terrain=woods)
    ab = Board.of(alone)
    refused = ab.fire.attack(ab.map, ab.unit("m-1"), ab.unit("u-1"), ab.situation)
    assert refused.kind == "spotting" and "6.61" in refused.rule
    plan = fire_plan(ab, "German")
    assert plan.refusals["m-1"]["u-1"].kind == "spotting"                  # listed as unable, with why
    assert "no face-up HQ of its side spots" in plan.text()


def test_an_hq_spots_the_hexes_its_own_spotting_line_reaches_6_61():
    """6.61: the hexes an HQ spots (judged in one pass per board) are those within 4 hexes its own
    line of sight in spotting mode reaches, one by one, on random boards of every feature."""
    from hypothesis import given, settings

    from test_attack_question import SETTINGS, boards
    from wartools.los.engine import line_of_sight

    @settings(SETTINGS, max_examples=8)
    @given(boards("combat-infantry"))
    def check(board: Board) -> None:
        m, fire, sit = board.map, board.fire, board.situation
        for hq in (u for u in m.units if u.type == "hq"):
            want = {c for c in m.grid.cells() if 0 < m.grid.distance(hq.cell, c) <= 4
                    and line_of_sight(m, hq.cell, c, sit, unit="hq", side=hq.side, mode="sight",
                                      spotting=True).visible}
            assert fire._spotted(m, hq, sit) == want, m.label(hq.cell)
    check()


def test_one_hq_spots_for_one_bombarding_unit_6_61():
    """6.61: an HQ may spot for only one bombarding unit per game turn."""
    units = [("m-1", "German", "mortar", "A1"), ("m-2", "German", "mortar", "A3"), ("hq-1", "German", "hq", "E1"),
             ("u-1", "US", "rifle", "E2")]
    s = tiny_scenario("combat-infantry", 6, 3, units, terrain={"C1": "woods", "C2": "woods", "C3": "woods"})
    assert len([u for u in threat_map(s, "US").at("E2").attackers if u.startswith("m-")]) == 1
    assert len([a.unit for a in fire_plan(s, "German").assignments if a.unit.startswith("m-")]) == 1


def test_the_readme_fire_plan_at_set_up_is_not_empty():
    """The README's example: ``wartools fireplan scenarios/combat-infantry-saint-remy.yaml --side US``."""
    out = subprocess.run([sys.executable, "-m", "wartools.cli", "fireplan", "scenarios/combat-infantry-saint-remy.yaml",
                          "--side", "US", "--json"], capture_output=True, text=True, check=True)
    import json

    answer = json.loads(out.stdout)
    assert answer["assignments"], answer["cannot_fire"]
    assert {a["unit"] for a in answer["assignments"]} <= {"us-mortar-1", "us-mg-1", "us-in-1", "us-in-2", "us-in-3"}


def test_readings_name_typical_values_and_tag_overrides():
    """Issue 20 item 4: an answer names the typical unit values it used and the values a tag
    gives instead (``firepower=3`` overrides the rifle's typical F2)."""
    s = tiny_scenario("combat-infantry", 4, 3, [("u-1", "US", "rifle", "A2", {"tags": ["firepower=3"]}),
                                                ("g-1", "German", "rifle", "B2")])
    b = Board.of(s)
    a = b.fire.attack(b.map, b.unit("u-1"), b.unit("g-1"), b.situation)
    assert a.inputs["firepower"] == 3
    readings = [x.reading for x in a.assumptions]
    assert any("u-1's tags give firepower=3" in r for r in readings)
    assert any("typical values of its type (range 2, strength 4)" in r for r in readings)
    plan = fire_plan(b, "US")
    assert any("firepower=3" in x.reading for x in plan.assumptions)
    probe = Unit("p", "US", "rifle", b.map.cell("C2"))
    assert b.fire.attack(b.map, b.unit("g-1"), probe, b.situation)
