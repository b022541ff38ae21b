"""Heroes of Normandie and Conflict of Heroes fire in the analysis, each case from the rule's text
(issue 20)."""
from __future__ import annotations

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, fire_plan, threat_map


def test_hole_b_infantry_in_a_trench_block_a_shooter_inside_it_1_1():
    """1.1 Hole: infantry inside the element do not block the LoS of units outside it (A), but do
    block it for other infantry units in the same element (B): a shooter inside is not outside."""
    trench = {"A1": "trench", "B1": "trench", "C1": "trench"}
    inside = tiny_scenario("heroes-of-normandie", 5, 1, [("g-1", "German", "infantry", "A1"),
                                                         ("g-2", "German", "infantry", "B1"),
                                                         ("u-1", "US", "infantry", "E1")], terrain=trench)
    b = Board.of(inside)
    refused = b.fire.attack(b.map, b.unit("g-1"), b.unit("u-1"), b.situation)
    assert refused.kind == "line" and "Hole B" in refused.rule and "not outside it" in refused.why
    assert "g-1" not in threat_map(b, "US").at("E1").attackers
    outside = tiny_scenario("heroes-of-normandie", 5, 1, [("g-1", "German", "infantry", "A1"),
                                                          ("g-2", "German", "infantry", "B1"),
                                                          ("u-1", "US", "infantry", "E1")],
                            terrain={"B1": "trench", "C1": "trench"})
    ob = Board.of(outside)
    assert ob.fire.attack(ob.map, ob.unit("g-1"), ob.unit("u-1"), ob.situation)      # Hole A


def test_trench_defensive_bonus_1_4_in_the_threat_map():
    """1.4: a unit in a Defensive Element (trenches: Defensive Bonus (Infantry)) benefits from the
    bonus unless the shooter is also inside; the value is an assumed reading, named."""
    s = tiny_scenario("heroes-of-normandie", 5, 3, [("g-1", "German", "infantry", "A2"),
                                                    ("u-1", "US", "infantry", "E3")],
                      terrain={"C1": "trench", "D1": "trench"})
    t = threat_map(s, "US")
    assert [a.inputs.get("universal") for a in t.at("C1").attacks] == [1]
    assert [a.inputs.get("universal") for a in t.at("C3").attacks] == [None]   # open ground, same distance
    assert any(a.option == "trench-bonus" for a in t.assumptions)
    bigger = threat_map(s.with_options(**{"trench-bonus": 2}), "US")
    assert bigger.at("C1").p_hit < bigger.at("C3").p_hit                      # d6+3 against 4+2 and 4
    same = tiny_scenario("heroes-of-normandie", 5, 3, [("g-1", "German", "infantry", "C1"),
                                                       ("u-1", "US", "infantry", "D1")],
                         terrain={"C1": "trench", "D1": "trench"})
    b = Board.of(same)
    assert "universal" not in b.fire.attack(b.map, b.unit("g-1"), b.unit("u-1"), b.situation).inputs


def test_conflict_of_heroes_building_modifier_is_a_named_reading():
    """Game Overview: the target hex's terrain adds to the defence (woods +2 is printed); the
    building modifier (+3) is not in the excerpt, so it is an option the answers name."""
    s = tiny_scenario("conflict-of-heroes", 4, 1, [("g-1", "German", "infantry", "A1"),
                                                   ("s-1", "Soviet", "infantry", "C1")], terrain={"C1": "building"})
    t = threat_map(s, "Soviet")
    assert [a.inputs["terrain"] for a in t.at("C1").attacks] == [3]
    assert any(a.option == "defense-building" for a in t.assumptions)
    assert any(a.option == "defense-building" for a in fire_plan(s, "German").assumptions)
    two = threat_map(s.with_options(**{"defense-building": 2}), "Soviet")
    assert two.at("C1").p_hit > t.at("C1").p_hit
    woods = threat_map(tiny_scenario("conflict-of-heroes", 4, 1, [("g-1", "German", "infantry", "A1"),
                                                                  ("s-1", "Soviet", "infantry", "D1")],
                                     terrain={"C1": "woods"}), "Soviet")
    assert not any(a.option and a.option.startswith("defense-") for a in woods.assumptions)
