"""Company of Heroes lesson (notebook 10): the data entries against the rulebook's own numbers.

Every entry is recomputed through the library by ``wartools.lessons.runner``; the values below
are worked by hand from the rulebook text (Company of Heroes 4, 5.1, 6, 6.1, 7), not read back
from our code. ``tests/test_lessons_data.py`` runs every entry of every game generically.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import matplotlib
import pytest

matplotlib.use("Agg")

from wartools.lessons.runner import load_lesson  # noqa: E402
from wartools.los import line_of_sight  # noqa: E402

LESSON = load_lesson("company-of-heroes")


def facts(entry_id):
    return LESSON.example(entry_id).facts


# --- worked examples: the rulebook's numbers ----------------------------------------------
def test_building_hides_only_the_hex_behind_it():
    """CoH 7: sight range 2 is 19 hexes; the building hides only the hex straight behind it."""
    f = facts("building-blocks-sight")
    assert f["hidden"] == ["D5"] and f["through"] == "blocked" and f["into"] == "clear"
    assert f["within_sight"] == 1 + 6 + 12 and f["seen"] == 18


def test_along_a_building_edge_is_clear_and_names_the_right_hexside():
    """CoH 7: a ruler C4 -> E4 (flat-top hexes, odd columns shifted) runs along the side D4 shares
    with D3, the hex above it in the same column: issue 15 found the text typed D4|D5."""
    ex = LESSON.example("along-the-edge")
    assert ex.facts["status"] == "clear" and ex.facts["contact"] == "along"
    assert ex.facts["along"] == ["D3|D4"] and "D3|D4" in ex.text and "D4|D5" not in ex.text
    q = LESSON.entry("q-along-the-edge")
    from wartools.lessons.runner import run
    assert "D3|D4" in run(q).explanation


def test_he_fires_over_the_building_but_needs_a_spotter():
    """CoH 5.1 (HE is indirect) and 7 (Spotting)."""
    f = facts("he-over-the-building")
    assert (f["direct"], f["indirect"]) == ("blocked", "clear")
    assert not f["can_attack_alone"] and f["can_attack_spotted"]


def test_camouflaged_sniper_needs_an_adjacent_ally():
    """CoH 7, Camouflage: spotted only from an adjacent hex."""
    f = facts("camouflaged-sniper")
    assert f["distance"] == 4 and not f["ally_two_away"] and f["ally_adjacent"]
    assert f["sight_from_two"] == "blocked" and f["rule"] == ["camouflage"]


def test_riflemen_enter_the_building_for_one_cp_and_stay():
    """CoH 4, Regular Infantry and Weapon Teams."""
    f = facts("riflemen-enter-building")
    assert f["cost"] == 1 and f["left_over"] == 2
    assert "C2" not in f["beyond_path"][1:-1]
    assert "cannot leave" in f["leave_why_not"]
    assert not f["mortar_can_enter"] and "cannot enter" in f["mortar_why_not"]


def test_jeep_moves_three_hexes_plus_one_with_its_speed_die():
    """CoH 4, Light Vehicle Units."""
    f = facts("jeep-speed-die")
    assert (f["allowance"], f["farthest"], f["cost"], len(f["path"]) - 1) == (4, 4, 4, 4)
    assert (f["infantry_allowance"], f["infantry_farthest"]) == (3, 3)


def test_two_cp_then_one_cp_uses_up_the_squad():
    """CoH 4, Basic Movement: 3 cp per unit per round."""
    f = facts("three-cp-per-round")
    assert (f["turn1"], f["turn2"], f["spent"], f["left"]) == (2, 1, 3, 0)
    assert f["can_still_reach"] == ["D3"]


def test_obstacles_water_enemy_red_line_and_ally():
    """CoH 4, Obstacles to Movement."""
    f = facts("obstacles")
    assert "water" in f["water"] and "enemy" in f["enemy"]
    assert f["red_cost"] > f["red_distance"]
    assert not f["end_on_ally"] and "pass through" in f["ally_why"]
    assert f["via_path"] == ["A1", "B1", "C1"]
    assert not {"B2", "C4", "D4"} & set(f["reach"])


def test_british_section_resolving_damage_example():
    """CoH 6, Resolving Damage Example: 3 AI + 1 AP on green infantry, one defense die."""
    f = facts("british-section")
    assert f["can_attack"] == {"riflemen": True, "grenadiers": True, "sdkfz222": True}
    assert f["pooled"] == {"AI": 3, "AP": 1, "HE": 0, "Flame": 0}
    assert f["dice"] == 1 and f["health"] == 4
    assert (f["left_if_success"], f["left_if_fail"]) == (1, 0)
    assert f["destroyed"] == Fraction(2, 6) and f["survives_with_one"] == Fraction(4, 6)


def test_infantry_in_a_building_rolls_five_dice_against_three_ap():
    """CoH 6 (Defense Rolls) and 6.1: 3 + 2 dice; no loss needs 3 successes of 5 (4 faces of 6)."""
    f = facts("building-three-ap")
    assert f["dice"] == 5 and f["open_dice"] == 3
    faces = [True] * 4 + [False] * 2
    assert f["no_loss"] == Fraction(sum(sum(r) >= 3 for r in product(faces, repeat=5)), 6 ** 5)
    assert f["no_loss_open"] == Fraction(4, 6) ** 3


def test_flame_ignores_defenses_and_tanks_ignore_ai_and_flame():
    """CoH 5.1 and 6 (No Fire on the Defense Matrix)."""
    f = facts("flame-and-immunity")
    assert (f["flame_dice"], f["flame_loss"]) == (0, 2)
    assert f["tank_destroyed"] == 0 and f["tank_expected"] == 0


# --- the library fix: a ruler through a building's corners ----------------------------------
def test_ruler_through_a_buildings_corners_is_blocked():
    """Hexspine: C5 -> G5 passes the centre of E5 corner to corner, fully crossing none of its
    hexsides; it still goes through the building (CoH 7, our reading)."""
    f = facts("through-the-corners")
    assert f["status"] == "blocked" and f["rule"] == ["building-corners"]
    m = LESSON.maps["spine"]
    r = line_of_sight(m, "C5", "G5", range=4, mode="fire")
    e5 = m.cell("E5")
    assert r.ruler.contact(e5) == "crossed"
    assert not any(r.ruler.contact(m.edge(e5, n)) == "crossed" for n in m.grid.neighbours(e5))
    assert line_of_sight(m, "C5", "G5", range=4, indirect=True, mode="fire").status == "clear"
    assert line_of_sight(m.with_terrain("E5", "clear"), "C5", "G5", range=4).status == "clear"


# --- self-checks: the rulebook's answers --------------------------------------------------------
EXPECTED = {"q-behind-the-building": "no", "q-along-the-edge": "clear", "q-how-many-seen": 18,
            "q-he-over": "yes", "q-camouflage": "no", "q-enter-building-cost": 1, "q-jeep-hexes": 4,
            "q-mortar-building": "no", "q-cp-left": 1, "q-end-on-ally": "no", "q-british-dice": 1,
            "q-british-destroyed": Fraction(1, 3), "q-building-ap-dice": 5, "q-flame-dice": 0,
            "q-tank-ai": 0}


@pytest.mark.parametrize("entry_id", sorted(EXPECTED))
def test_selfcheck_answer_worked_by_hand(entry_id):
    q = LESSON.example(entry_id).selfcheck()
    assert q.expected() == EXPECTED[entry_id]


def test_three_or_more_questions_per_topic():
    assert LESSON.topics("question") == ["los", "movement", "combat"]
    assert all(len(LESSON.questions(t)) >= 3 for t in LESSON.topics("question"))


def test_probability_question_accepts_decimal_and_percent():
    q = LESSON.example("q-british-destroyed").selfcheck()
    assert q.check("0.333").correct and q.check("33.3%").correct and not q.check("0.5").correct
