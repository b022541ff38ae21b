"""The Combat Infantry lesson (notebooks/11_combat_infantry.ipynb): worked examples, experiments,
self-checks. Right answers always come from the library, never from a typed key."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from wartools.games.combat_infantry import combat as cc
from wartools.games.combat_infantry.assault import AssaultEnd, AssaultRules, assault
from wartools.lessons import combat_infantry as L
from wartools.lessons.combat_infantry.maps import _ci_map
from wartools.los import line_of_sight, viewshed
from wartools.movement import path, reachable


# ---------------------------------------------------------------- line of sight: worked examples
def test_diagram4_every_line_agrees_with_the_narrative():
    rows = L.diagram4_results()
    assert len(rows) == 20
    for check, res in rows:
        assert res.status == check.narrative, (check.story, res.text())


def test_diagram4_reasons_name_the_rules():
    m = L.hill_174_map()
    far = {"mode": "fire", "range": 20}          # the terrain's say, not the unit ranges (2.13)
    lonlay = {r.rule.split(":")[0] for r in line_of_sight(m, "F8", "F6", **far).deciding}
    assert lonlay == {"Combat Infantry 6.4", "Combat Infantry 3.4"}          # woods hexside, woods target
    pont = line_of_sight(m, "C7", "C2", **far).deciding
    assert pont and all("6.41: blind" in r.rule for r in pont)
    direct = line_of_sight(m, "C9", "C5", **far).deciding
    assert [r.where for r in direct] == ["C7"] and "friendly" in direct[0].rule
    assert line_of_sight(m, "C9", "C5").status == "clear"                     # sees through friends


def test_blind_hexes_6_41_lower_end_closer_to_the_obstacle():
    m = L.blind_hill_map()
    blind = set(L.blind_hexes(m, "A3"))
    # crest column C is 2 from A3: column D (1 from the crest) is blind, column E (2, equidistant) is not
    assert {f"D{r}" for r in range(1, 6)} <= blind
    assert not any(lab.startswith("E") for lab in blind)
    for row in L.blind_hex_table(m, "A3"):
        assert row["lower_to_obstacle"] < row["higher_to_obstacle"]
        assert not line_of_sight(m, "A3", row["hex"]).visible
    assert "F3" not in blind and not line_of_sight(m, "A3", "F3").visible    # woods: adjacent only
    assert "G3" in blind and line_of_sight(m, "A3", "E3").visible


def test_along_a_hexside_is_the_most_restrictive_reading():
    ex = L.along_hexside_example()
    assert (ex["status"], ex["contact"], ex["where"]) == ("blocked", "along", "C2")


# ---------------------------------------------------------------- movement: worked examples
def test_woods_road_and_clear_road():
    ex = L.woods_road_example()
    assert ex["woods_hexside_mp"] == 3 and ex["road_hexside_mp"] == 3 - 1 and ex["clear_road_mp"] == 2 - 1
    assert ex["road_path"].cost == sum(s.cost for s in ex["road_path"].steps) == 4
    assert ex["tank_on_road"].reachable and not ex["tank_off_road"].reachable


def test_wooded_slope_and_hexside_costs():
    ex = L.wooded_slope_example()
    assert ex["uphill"].cost == 3 + 1 and ex["downhill"].cost == 3
    assert L.hexside_costs_example() == {"clear": 2, "woods": 3}


def test_terrain_chart_flags_the_rows_the_excerpt_lacks():
    rows = {r["row"]: r for r in L.terrain_chart()}
    assert not rows["clear hexside MP"]["assumed"] and rows["clear hexside MP"]["value"] == 2
    assert rows["marsh hexside MP"]["shown"].endswith("[assumed]")
    assert rows["tank move rating"]["value"] == 10 and not rows["tank move rating"]["assumed"]
    assert any("[assumed]" in a and "town hexside MP" in a for a in L.assumptions())


def test_hex_control_narrative_8_3():
    ex = L.hex_control_narrative()
    assert not ex["direct"].reachable and "must stop at D2" in ex["direct"].why_not
    assert ex["first"].reachable and "must stop" in ex["first"].steps[-1].stop
    assert ex["control_before"]["D2"] == "German" and ex["control_after"]["D2"] == "US"
    second = ex["second"]
    assert second.reachable and [s.stop is None for s in second.steps] == [True, True, True, False]
    assert "assault" in second.steps[-1].stop and second.cost <= second.allowance


def test_diagram5_counts_and_river():
    ex = L.diagram5_example()
    assert ex["summary"] == ex["narrative"]
    assert ex["bois_du_blaireau"] == "German" and "river" in ex["map"].edge_features_at("C3", "D3")
    assert L.hex_control(ex["map"].with_edge_feature("C3", "D3", "lake")
                         .with_edge_feature("C4", "D3", "lake")).get("D3") is None


# ---------------------------------------------------------------- combat: worked examples
def test_fire_6_1_example_against_face_enumeration():
    ex = L.fire_6_1_example()
    assert ex["hits"] == 2
    faces = list(itertools.product(range(10), repeat=4))
    for k in range(5):
        n = sum(cc.hits_from_rolls(f, 2) == k for f in faces)
        assert ex["distribution"][k] == Fraction(n, len(faces))


def test_armor_6_32_examples():
    ex = L.armor_6_32_example()
    assert ex["tank_vs_sherman"] == 2 and ex["tank_hit_chance"] == Fraction(1, 5)
    assert ex["infantry_vs_pziv"] == 0 and ex["infantry_can_fire"] is False
    assert ex["infantry_in_assault_hit_chance"] == Fraction(3, 10)


def test_st_abyn_fire_example():
    steps = L.st_abyn_fire_example()
    assert steps[0]["passed"] and steps[0]["hits"] == 1 and steps[0]["after"] == "IN 2 with a half-hit"
    assert steps[1]["after"] == "IN 1"
    assert steps[2]["can_fire"] is False and steps[2]["net_firepower"] < 0
    assert steps[3]["hits"] == 1 and steps[3]["after_activation"] == "tank 2"


def test_diagram4_casualties():
    ex = L.diagram4_casualties()
    assert ex["after_mortar"] == [2, 3] and ex["after_pont_romain"] == [2, 2] and ex["mortar_after_mg"] == 1
    assert ex["mg3_two_hits_chance"] == 3 * Fraction(4, 10) ** 2 * Fraction(6, 10)
    assert ex["rally_chance"] == Fraction(6, 10)


def test_caron_farm_bombardment_fire_assault_and_retreat():
    before = L.caron_farm_before_assault()
    assert (before["mortar_hits"], before["friendly_hits"], before["farm_d2"]) == (2, 0, True)
    assert before["after_mortar"] == [2, 2] and before["fire_hits"] == 1
    assert before["half_hits"] == [True, False] and before["after_activation"] == [2, 2]
    ex = L.caron_farm_assault()
    assert ex["end"] == AssaultEnd("defender", 3, (1, 2), (1, 1), "retreated")
    assert any("disrupted" in line for line in ex["log"])
    att, dfn = L.caron_farm_units()
    assert ex["ends"] == assault(att, dfn, AssaultRules())
    assert ex["p_defender_wins"] + ex["p_attacker_wins"] == 1
    retreat = L.caron_farm_retreat()
    assert retreat["came_from_control"] == "disputed" and len(retreat["uphill_unit"]) == 2
    assert "E3" in retreat["other_unit"]
    assert retreat["mortar_bombards_over_friends"] == "clear"


# ---------------------------------------------------------------- self-checks
def _library_answers():
    """Each question's right answer, obtained from the library independently of the lesson's lambdas."""
    hill, blind = L.hill_174_map(), L.blind_hill_map()
    road, slope = L.woods_road_map(), L.wooded_slope_map()
    yes = {True: "yes", False: "no"}
    return {
        "los": [yes[line_of_sight(_ci_map("h", 3, 1, "edges: [{cells: [A1, B1], feature: hedge}]"),
                                  "A1", "B1").visible],
                yes[not line_of_sight(_ci_map("e", 1, 4, "terrain: {cells: {A1: town, A4: farm}}"),
                                      "A1", "A4").visible],
                yes[line_of_sight(hill, "F8", "F6", mode="fire").visible],
                yes[line_of_sight(hill, "C7", "C2", mode="fire").visible],
                sum(not line_of_sight(blind, "A3", c).visible for c in blind.grid.cells())
                - sum(1 for c in blind.grid.cells() if blind.terrain_at(c) == "woods")],
        "movement": [path(road, "B2", "D2", "rifle", side="US").cost,
                     path(slope, "A2", "B2", "rifle", side="US").cost,
                     yes[path(road, "A1", "B1", "tank", side="US").reachable],
                     yes[L.hex_control_narrative()["second"].reachable],
                     sum(v == "disputed" for v in L.hex_control(L.diagram5_map()).values()),
                     reachable(_ci_map("p", 3, 1, ""), "A1", "rifle", night=True).budget],
        "combat": [cc.fire(4, 2).mean(), cc.net_firepower(6, armor=4), yes[cc.can_fire(3, armor=3)],
                   cc.steps_lost(1, d2=cc.defends_d2("woods"))[0], 1 - cc.fire(3, 3)[0],
                   assault(*L.caron_farm_units()).prob(lambda e: e.winner == "defender")],
    }


QUESTIONS = L.questions()
CASES = [(topic, i) for topic, qs in QUESTIONS.items() for i in range(len(qs))]


def test_at_least_three_questions_per_topic():
    assert {t: len(q) >= 3 for t, q in QUESTIONS.items()} == {"los": True, "movement": True, "combat": True}


def _wrong(q, right):
    if q.choices:
        return next(c for c in q.choices if str(c) != str(right))
    return str(Fraction(right) + 1)


@pytest.mark.parametrize("topic,i", CASES, ids=[f"{t}-{i}" for t, i in CASES])
def test_selfcheck_right_and_wrong(topic, i):
    q = QUESTIONS[topic][i]
    right = _library_answers()[topic][i]
    assert q.expected() == right
    shown = f"{float(right):.4f}" if isinstance(right, Fraction) and right.denominator > 100 else str(right)
    q.input.value = shown
    fb = q.on_check()
    assert fb.correct and fb.message.startswith("Right.") and len(fb.message) > 20
    q.input.value = _wrong(q, right)
    fb = q.on_check()
    assert not fb.correct and "Not quite" in fb.message and "#b00" in q.feedback.value
    assert [f.correct for f in q.history] == [True, False]


# ---------------------------------------------------------------- experiments
def test_experiment_factories():
    assert set(L.experiments()) == {"los", "movement", "combat"}


def test_hexside_experiment_records_the_cut_lines():
    x = L.experiments()["los"]()
    n = len(x.history)
    x.observer.value, x.hexside.value, x.feature.value = "B3", "D3|D4", "hedge"
    m = x.base.with_edge_feature("D3", "D4", "hedge")
    before = {x.base.label(c) for c in viewshed(x.base, "B3")}
    after = {m.label(c) for c in viewshed(m, "B3")}
    assert set(x.cut) == before - after and x.cut
    assert x.history[-1] == {"observer": "B3", "hexside": "D3|D4", "feature": "hedge", "cut": x.cut}
    assert len(x.history) > n
    x.feature.value = "slope"
    assert x.cut == () and "cuts no line" in x.info.value
    x.hexside.value = "B3|C3"
    x.feature.value = "hedge"
    assert "C3" in x.cut and not line_of_sight(x.map, "B3", "C3").visible


def test_sherman_control_experiment():
    x = L.experiments()["movement"]()
    x.cell.value = "E9"
    control = L.hex_control(x.base.moved("us-tank-1", "E9"))
    without = L.hex_control(x.base.moved("us-tank-1", "E9").without_unit("us-tank-1"))
    for lab in x.controlled:
        assert control[lab] == "US" and without.get(lab) != "US"
    for lab in x.disputed:
        assert control[lab] == "disputed" and without.get(lab) != "disputed"
    assert x.history[-1]["cell"] == "E9" and x.control == control
    m, g = x.map, x.map.unit("de-in-3")
    for lab in x.german_stops:
        p = path(m, g.cell, lab, g.id)
        assert p.reachable and p.steps[-1].stop
    x.german.value = "de-in-1"
    assert x.history[-1]["german_stops"] == x.german_stops


def test_fire_group_experiment():
    x = L.experiments()["combat"]()
    x.dice.value, x.firepower.value, x.armor.value = 2, 5, 3          # the St. Abyn AT gun
    assert x.hits == cc.fire(2, 5, armor=3) and x.history[-1]["net_firepower"] == 2
    x.terrain.value = "town"
    x.strength.value = 2
    assert x.steps[1] == cc.fire(2, 2)[2]          # two hits at F2 = one step lost in town (D2)
    x.armor.value = 6
    assert "no fire possible" in x.info.value and x.history[-1]["expected"] == 0
    x.armor.value, x.hit_limit.value, x.dice.value, x.firepower.value = 0, True, 4, 10
    assert x.hits == cc.fire(4, 10, hit_limit=2) and x.hits[2] == 1
