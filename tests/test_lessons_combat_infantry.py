"""Combat Infantry lesson (notebook 11): the data entries against the rulebook's own numbers.

Every entry of ``wartools/lessons/data/combat-infantry.yaml`` is recomputed through the library by
``wartools.lessons.runner``; the values below are worked by hand from the rulebook text (the
section is named in each test), not read back from our code. The maps are our recompositions of
the diagrams, so where a value depends on our layout (a distance, a hex label) the comment says
how it follows from the map as we drew it. ``tests/test_lessons_data.py`` runs every entry of every
game generically (computed labels, questions right and wrong, pictures).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from wartools.games.combat_infantry import combat as cc  # noqa: E402
from wartools.games.combat_infantry.assault import AssaultEnd, AssaultUnit, assault  # noqa: E402
from wartools.games.combat_infantry.control import hex_control  # noqa: E402
from wartools.lessons.runner import load_lesson, run  # noqa: E402
from wartools.los import line_of_sight, viewshed  # noqa: E402
from wartools.movement import path, reachable  # noqa: E402

LESSON = load_lesson("combat-infantry")


def facts(entry_id):
    return LESSON.example(entry_id).facts


# ---------------------------------------------------------------- line of sight (3.2, 3.4, 6.4, 6.41)
def test_diagram4_german_turn_agrees_with_the_narrative():
    """Diagram 4, German turn: the Lonlay farm squad is blocked by the woods hexside (6.4: hexside
    terrain always blocks; 3.4: woods seen only from next door) and may fire after moving to hex A;
    the mortar bombards over its own squad (6.6) though direct fire may not pass a friendly unit
    (6.4); from Pont Romain hex B is in sight but the PHQ behind the slope is not (6.41); the German
    IN 2 and PHQ fire up the hill."""
    f = facts("diagram4-german-turn")
    assert (f["lonlay"], f["moved"]) == ("blocked", "clear")
    assert set(f["lonlay_rules"]) == {"hexside", "woods-target"}
    assert (f["mortar"], f["direct"], f["sight"]) == ("clear", "blocked", "clear")
    assert f["direct_rules"] == ["friendly"] and f["direct_where"] == ["C7"]   # our map: IN 3 of Pont Romain
    assert (f["pont"], f["phq"], f["phq_rules"]) == ("clear", "blocked", ["blind"])
    assert (f["in2"], f["de_phq"]) == ("clear", "clear")


def test_diagram4_american_turn_agrees_with_the_narrative():
    """Diagram 4, American turn: from atop Hill 174 every German unit may be fired on; MG 3 fires
    long range at the mortar (6.51); IN 4 fires through the woods hexside into the adjacent hex
    (6.4); IN 2 on the beach has no target (woods and hill)."""
    f = facts("diagram4-american-turn")
    assert f["from_the_top"] == ["clear"] * 5
    assert f["mg_long_range"] == "clear" and f["woods_hexside"] == "clear"
    assert f["from_the_beach"] == ["blocked"] * 5


def test_the_pont_romain_phq_is_in_a_blind_hex():
    """6.41: a lower target must be further from the obstacle than (or as far as) the higher end.
    On our map Pont Romain (C7) is two hexes down the column from the brow C5 and Harlat farm (C2)
    three hexes up it: 2 < 3, blind."""
    f = facts("two-lines-explained")
    assert (f["low_to_brow"], f["high_to_brow"]) == (2, 3)
    assert f["phq"] == "blocked" and f["phq_where"][0] == "C5"
    assert f["lonlay"] == "blocked" and f["lonlay_where"] == ["F6|F7", "F6"]


def test_blind_hexes_below_the_plateau():
    """6.41 on the plateau (columns A-C at level 1, observer in A3, a wood at F3 below): the valley
    column D is one hex from the crest column C while A3 is two away: blind. Column E is two from
    the crest, equidistant: seen. Behind the wood the hexes nearer to it than A3 are blind; the
    wood itself is hidden by 3.4 (seen into only from an adjacent hex), not by 6.41."""
    f = facts("blind-hexes")
    blind = set(f["blind"])
    assert {f"D{r}" for r in range(1, 6)} <= blind
    assert not any(lab.startswith("E") for lab in blind) and f["equidistant"] == "clear"
    assert "F3" not in blind and f["wood"] == "blocked" and f["wood_rules"] == ["woods-target"]
    assert "G3" in blind and not blind & set(f["seen"])
    for row in f["table"]:
        assert row.lower_to_obstacle < row.higher_to_obstacle


def test_along_a_hexside_is_the_most_restrictive_reading():
    """3.2: when terrain is ambiguous, the most restrictive applies: a ruler along the wood's
    hexside is blocked (the library's reading, documented in the policy)."""
    f = facts("along-a-hexside")
    assert (f["status"], f["contact"], f["where"]) == ("blocked", "along", ["C2"])
    assert "ambiguous-contact" in [a.option for a in f["reading"]]      # the answer says what it assumed
    assert f["lenient"] == "clear"                                      # the house rule flips it


def test_a_hedge_hides_even_the_neighbour_a_woods_hexside_does_not_a_slope_nothing():
    """3.4 Hedge and 6.4: adjacent hexes always see each other, except through hedges; other
    hexside terrain blocks only between hexes that are not adjacent; a slope is not blocking
    terrain (only higher ground blocks, 6.41)."""
    f = facts("hexside-cuts")
    assert (f["adjacent_through_hedge"], f["adjacent_through_woods"]) == ("blocked", "clear")
    assert "C3" in f["cut_by_hedge"] and "C3" not in f["cut_by_woods"]
    assert set(f["cut_by_woods"]) < set(f["cut_by_hedge"]) and f["cut_by_slope"] == []
    m = LESSON.maps["field"]
    hedged = m.with_edge_feature("B3", "C3", "hedge")
    gone = {m.label(c) for c in viewshed(m, "B3")} - {m.label(c) for c in viewshed(hedged, "B3")}
    assert sorted(gone) == f["cut_by_hedge"]


# ---------------------------------------------------------------- movement (3.4, 8.1, 8.3, 8.4, 10.3)
def test_clear_and_woods_hexsides():
    """8.1: 2 MP to cross a clear hexside, 3 MP for a woods hexside."""
    f = facts("hexside-costs")
    assert (f["clear"], f["woods"], f["total"]) == (2, 3, 2 + 3)


def test_woods_road_and_clear_road():
    """3.4 Road and 8.4: a woods road hexside is 3 - 1 = 2 MP, a clear road hexside 2 - 1 = 1 MP;
    two woods road hexsides cost 4, two woods hexsides off the road 6. 3.4 Woods: tanks only by road."""
    f = facts("woods-road")
    assert (f["woods_hexside"], f["road_hexside"], f["road_bonus"], f["clear_road"]) == (3, 3 - 1, 1, 2 - 1)
    assert (f["road_path"], f["off_road_path"]) == (2 * 2, 2 * 3)
    assert f["tank_on_road"] and not f["tank_off_road"] and "except by road" in f["tank_why_not"]


def test_wooded_slope():
    """3.4 Slope: uphill +1 MP, so a wooded slope is 3 + 1 = 4 MP; no slope effect downhill."""
    f = facts("wooded-slope")
    assert (f["uphill"], f["downhill"]) == (3 + 1, 3) and "slope" in f["uphill_why"]


def test_terrain_chart_flags_the_rows_the_excerpt_lacks():
    """Terrain Effects Chart (printed rows: Clear 2mp stack 3, Beach 2mp, Orchard 3mp stack 2,
    Cemetery stack 2 with the rest of its row cut), 8.1 (woods 3 MP), 2.1 (rifle move 5), 2.53
    (Panther 10 mp): those rows are not assumed; the cut ones are."""
    rows = {r.row: r for r in facts("terrain-chart")["rows"]}
    for row, value in (("clear hexside MP", 2), ("beach hexside MP", 2), ("orchard hexside MP", 3),
                       ("woods hexside MP", 3), ("clear stacking", 3), ("cemetery stacking", 2),
                       ("rifle move rating", 5), ("tank move rating", 10)):
        assert rows[row].value == value and not rows[row].assumed, row
    for row in ("cemetery hexside MP", "marsh hexside MP", "town hexside MP"):
        assert rows[row].assumed and str(rows[row]).endswith("[assumed]")
    assert all(r.assumed for r in facts("terrain-chart")["assumed"])


def test_hex_control_narrative_8_3():
    """8.3 IMPORTANT: a unit moving next to the enemy must stop; that hex is then friendly, so a
    second unit moves through it without stopping, into an assault (8.0, 9.1)."""
    f = facts("hex-control-on-the-move")
    assert not f["direct"] and "must stop at D2" in f["direct_why"]
    assert f["first"] and "must stop" in f["first_stop"]
    assert f["before"]["D2"] == "German" and f["after"]["D2"] == "US"
    assert f["second"] and "assault" in f["last_stop"] and f["second_cost"] <= f["second_allowance"]
    second = LESSON.example("hex-control-on-the-move").values["second"]
    assert [s.stop is None for s in second.steps] == [True, True, True, False]


def test_hex_control_example_diagram5():
    """Diagram 5: Germans occupy two hexes and control four, Americans occupy four and control six,
    two hexes are disputed; control extends across a river (8.3, 8.5 note) but not across a
    hexside impassable to all (a lake, 3.4; 8.3 'blocked by impassable hexside terrain')."""
    f = facts("st-abyn-control")
    assert f["summary"] == {"German": {"occupied": 2, "controlled": 4}, "US": {"occupied": 4, "controlled": 6},
                            "disputed": {"hexes": 2}}
    assert f["across_the_river"] == "German"
    lake = LESSON.maps["st-abyn"].with_edge_feature("C3", "D3", "lake").with_edge_feature("C4", "D3", "lake")
    assert hex_control(lake).get("D3") is None


def test_what_one_sherman_adds_to_hex_control():
    """8.3: a unit extends control into its vacant neighbours; where the enemy also does, they are
    disputed. Each hex the entry names changes control with the Sherman and not without it."""
    done = LESSON.example("sherman-control")
    m = done.map
    with_it, without = hex_control(m), hex_control(m.without_unit("us-tank-1"))
    tank = m.unit("us-tank-1").cell
    assert done.facts["controlled"] and done.facts["disputed"]
    for lab in done.facts["controlled"]:
        assert with_it[lab] == "US" and without.get(lab) != "US" and m.grid.distance(m.cell(lab), tank) == 1
    for lab in done.facts["disputed"]:
        assert with_it[lab] == "disputed" and without.get(lab) != "disputed"
    g = m.unit("de-in-3")
    for lab in done.facts["controlled"] + done.facts["disputed"]:
        p = path(m, g.cell, lab, g.id)
        assert not p.reachable or p.steps[-1].stop, lab       # a German entering must stop there


# ---------------------------------------------------------------- combat (6.1, 6.3, 6.32, 6.6, 6.7, 9)
def test_fire_6_1_example_against_face_enumeration():
    """6.1 EXAMPLE: 4F2 rolls 1, 2, 6, 8: two hits. The exact distribution is checked against all
    10^4 faces (0 = 10); the mean is 4 dice x 2/10 = 4/5."""
    f = facts("fire-6-1")
    assert f["hits"] == 2 and f["expected"] == 4 * Fraction(2, 10) and f["none"] == Fraction(8, 10) ** 4
    faces = list(itertools.product(range(10), repeat=4))
    for k in range(5):
        n = sum(sum(1 <= (x or 10) <= 2 for x in roll) == k for roll in faces)
        assert f["distribution"][k] == Fraction(n, len(faces))


def test_armor_6_32_examples():
    """6.32 EXAMPLE 1: F6 at a Sherman (armor 4) is F6-4 = F2; EXAMPLE 2: F3 at a PZ-IV (armor 3)
    is F0, no fire, except in assaults where armor class is zero (9.65): then 3 in 10 per die."""
    f = facts("armor-6-32")
    assert f["tank_vs_sherman"] == 6 - 4 and f["tank_hit_chance"] == Fraction(2, 10)
    assert f["infantry_vs_pziv"] == 0 and f["infantry_can_fire"] is False
    assert f["infantry_in_assault_hit_chance"] == Fraction(3, 10)


def test_st_abyn_fire_example():
    """Diagram 3: IN 4 passes morale 5 with a 2 (4.3, 2.16); one hit into the woods is a half-hit
    (6.7: D2); IN 2's hit completes it (strength 2 -> 1); IN 3 at F2 against armor 3 has net -1,
    no fire (6.32); the AT gun at F5-3 = F2 scores one hit, wasted by the town's D2: the half-hit
    recovers at the end of the activation (6.7)."""
    f = facts("st-abyn-fire")
    assert f["passed"] and f["woods_d2"] and f["first_hits"] == 1 and f["after_first"] == [2, True]
    assert f["second_hits"] == 1 and f["after_second"] == [1, False]
    assert f["in3_net"] == 2 - 3 and f["in3_can_fire"] is False
    assert f["gun_hits"] == 1 and f["tank_hit"] == [2, True] and f["tank_after_activation"] == [2, False]


def test_diagram4_casualties():
    """Diagram 4 and 6.3: hits go to the strongest unit; between equals the owner chooses (the IN 3
    first), so 3/3 -> 2/3, and the next hit goes to the stronger MG: 2/2. MG 3's two hits leave the
    mortar at 1. Exactly two hits from 3 dice at F4: 3 x (4/10)^2 x (6/10). Rally against morale 6
    (5.0): 6 faces of 10."""
    f = facts("diagram4-casualties")
    assert f["after_mortar"] == [2, 3] and f["after_pont_romain"] == [2, 2] and f["mortar_after_mg"] == 3 - 2
    assert f["mg3_two_hits_chance"] == 3 * Fraction(4, 10) ** 2 * Fraction(6, 10)
    assert f["rally_chance"] == Fraction(6, 10)


def test_caron_farm_bombardment_and_fire_before_the_assault():
    """Diagram 6: Mortar 3 rolls 2-4-7, two hits (each at or under F4; no zero, so no friendly
    fire, 6.63); farm D2 against bombardment turns them into one step, taken on the IN 3 (6.3, 6.7).
    The German IN 2's single hit is a half-hit that recovers (6.7)."""
    f = facts("caron-farm-before")
    assert (f["mortar_hits"], f["friendly_hits"], f["farm_d2"]) == (2, 0, True)
    assert f["after_mortar"] == [2, 2] and f["fire_hits"] == 1
    assert f["half_hits"] == [True, False] and f["after_activation"] == [2, 2]
    assert f["mortar_line"] == "clear"          # bombarding over its own units (6.6)


def test_caron_farm_assault_replayed_and_exact():
    """Diagram 6 rounds 1-3 (9.2, 9.3): the Germans end at IN 1 and IN 2 and retreat in round 3,
    the US at IN 1 and MG 1; one US unit failed its morale check (round 2). The exact odds over
    every roll agree with an independent solve of the same units."""
    f = facts("caron-farm-assault")
    end = AssaultEnd(f["winner"], f["round"], f["attackers"], f["defenders"], f["how"])
    assert end == AssaultEnd("defender", 3, (1, 2), (1, 1), "retreated")
    assert f["disrupted"] == 1
    ends = assault([AssaultUnit("rifle", 3, 3, 6)] * 2, [AssaultUnit("rifle", 2, 2, 5), AssaultUnit("mg", 2, 3, 5)])
    assert f["defender_wins"] == ends.prob(lambda e: e.winner == "defender")
    assert f["defender_wins"] + f["attacker_wins"] == 1 and 0 < f["this_end"] == ends[end] < f["defender_wins"]


def test_caron_farm_retreat():
    """9.4 and 9.1: the assault hex is disputed and extends no control; the squad that came uphill
    from C3 cannot go back (C3 is disputed: the US squad on B3 claims it against the German IN 2 on
    C4) but has two adjacent German-occupied hexes; the other may go back to E3."""
    f = facts("caron-farm-retreat")
    assert f["came_from"] == "disputed" and f["assault_hex"] == "disputed"
    assert len(f["uphill"]) == 2 and "C3" not in f["uphill"]
    assert "E3" in f["other"]


# ---------------------------------------------------------------- self-checks
def _independent_answers():
    """Each question's right answer, computed from the library without the lesson's expressions."""
    maps = LESSON.maps
    yes = {True: "yes", False: "no"}
    german, us = [AssaultUnit("rifle", 3, 3, 6)] * 2, [AssaultUnit("rifle", 2, 2, 5), AssaultUnit("mg", 2, 3, 5)]
    return {
        "q-hedge": yes[line_of_sight(maps["hedge"], "A1", "B1").visible],
        "q-end-hexes": yes[line_of_sight(maps["ends"], "A1", "A3", mode="fire").visible],
        "q-lonlay": yes[line_of_sight(maps["hill-174"], "F8", "F6", mode="fire", range=20).visible],
        "q-pont-romain": yes[line_of_sight(maps["hill-174"], "C7", "C2", mode="fire", range=20).visible],
        "q-blind-count": len(facts("blind-hexes")["blind"]),
        "q-woods-road": path(maps["woods-road"], "B2", "D2", "rifle", side="US").cost,
        "q-wooded-slope": path(maps["wooded-slope"], "A2", "B2", "rifle", side="US").cost,
        "q-tank-woods": yes[path(maps["woods-road"], "A1", "B1", "tank", side="US").reachable],
        "q-through-the-friendly-hex": yes[path(maps["control-road"].moved("us-2", "D2"), "A2", "E2", "us-1").reachable],
        "q-disputed": sum(v == "disputed" for v in hex_control(maps["st-abyn"]).values()),
        "q-night": reachable(maps["hexsides"], "A1", "rifle", night=True).budget,
        "q-mean-hits": cc.fire(4, 2).mean(),
        "q-net-firepower": cc.net_firepower(6, armor=4),
        "q-infantry-vs-pziv": yes[cc.can_fire(3, armor=3)],
        "q-woods-half-hit": cc.steps_lost(1, d2=cc.defends_d2("woods"))[0],
        "q-at-least-one": cc.fire(3, 3).at_least(1),
        "q-caron-farm": assault(german, us).prob(lambda e: e.winner == "defender"),
    }


#: hand-worked from the rulebook: 3.4/6.4 hedge blocks neighbours; 6.4 end hexes ignored; Diagram 4;
#: 8.4 two woods road hexsides 2 x (3 - 1); 3.4 slope 3 + 1; 3.4 woods no tanks off road; 8.3;
#: Diagram 5 two disputed; 10.3 half of 5 rounded up; 6.1 4 x 2/10; 6.32 6 - 4; F3 - 3 = 0 no fire;
#: 6.7 D2 one hit = no step yet; 6.1 1 - (7/10)^3
HAND_WORKED = {"q-hedge": "no", "q-end-hexes": "yes", "q-lonlay": "no", "q-pont-romain": "no",
               "q-woods-road": 2 * (3 - 1), "q-wooded-slope": 3 + 1, "q-tank-woods": "no",
               "q-through-the-friendly-hex": "yes", "q-disputed": 2, "q-night": 3,
               "q-mean-hits": Fraction(4, 5), "q-net-firepower": 2, "q-infantry-vs-pziv": "no",
               "q-woods-half-hit": 0, "q-at-least-one": 1 - Fraction(7, 10) ** 3}
QUESTIONS = [e.id for e in LESSON.entries if e.kind == "question"]


def test_at_least_three_questions_per_topic():
    topics = [e.topic for e in LESSON.entries if e.kind == "question"]
    assert {t: topics.count(t) >= 3 for t in ("los", "movement", "combat")} == {"los": True, "movement": True,
                                                                                 "combat": True}


@pytest.mark.parametrize("entry_id", QUESTIONS)
def test_selfcheck_answer_is_the_library_answer_and_the_rulebook_answer(entry_id):
    done = run(LESSON.entry(entry_id))
    assert done.answer == _independent_answers()[entry_id]
    if entry_id in HAND_WORKED:
        assert done.answer == HAND_WORKED[entry_id]
    q = done.selfcheck()
    right = done.answer
    shown = f"{float(right):.4f}" if isinstance(right, Fraction) and right.denominator > 100 else str(right)
    assert q.check(shown).correct


# ---------------------------------------------------------------- the notebook's generic widgets
# (they replace the lesson's old one-off experiments: add a hedge, the Sherman's control, a fire group)
def test_los_explorer_on_the_hedged_field_hides_the_neighbour():
    """3.4 Hedge, 6.4: the explorer set up as in the notebook shows the neighbour behind the hedge
    as unseen, with the hedge named as the reason."""
    from wartools.widgets import LOSExplorer

    field = LESSON.maps["field"].with_edge_feature("B3", "C3", "hedge")
    lab = LOSExplorer(field, observer="B3", target="C3")
    seen = {field.label(c) for c in lab.viewshed}
    assert "C3" not in seen and "B2" in seen
    assert lab.result.status == "blocked" and [r.rule_id for r in lab.result.deciding] == ["hedge"]
    assert seen == {field.label(c) for c in viewshed(field, "B3")}


def test_move_planner_beside_the_sherman_must_stop_in_a_controlled_hex():
    """8.3: the German squad's path into a hex the Sherman controls or disputes ends there."""
    from wartools.widgets import MovePlanner

    done = LESSON.example("sherman-control")
    river = done.map
    start = river.label(river.unit("de-in-3").cell)
    for goal in done.facts["disputed"]:
        lab = MovePlanner(river, start=start, goal=goal)
        assert lab.result is not None
        assert not lab.result.reachable or lab.result.steps[-1].stop


def test_odds_calculator_as_the_st_abyn_at_gun():
    """6.31, 6.32, 6.7: two dice at F5 against armor 3 hit on 1-2; in town (D2) one hit is no step
    lost, two hits one step; with the optional hit limit of 2, 4 dice at F10 score exactly 2."""
    from wartools.widgets import OddsCalculator

    calc = OddsCalculator("combat-infantry", dice=2, firepower=5, armor=3, d2=True)
    assert calc.answer["net_firepower"] == 5 - 3
    hits = cc.fire(2, 5, armor=3)
    assert calc.answer["hits"] == hits and hits[2] == Fraction(2, 10) ** 2
    assert calc.answer["steps_lost"][1] == hits[2]
    calc.controls["dice"].value, calc.controls["firepower"].value, calc.controls["armor"].value = 4, 10, 0
    calc.controls["hit_limit"].value = 2
    assert calc.answer["hits"].pmf() == {2: 1}
