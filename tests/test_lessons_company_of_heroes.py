"""Company of Heroes lesson: worked examples, experiments and self-checks (notebook 10).

Right answers always come from the library; the rulebook's own numbers are
asserted separately for the worked examples.
"""
from __future__ import annotations

from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from wartools.games.company_of_heroes import combat  # noqa: E402
from wartools.games.company_of_heroes import los as coh_los  # noqa: E402
from wartools.lessons import company_of_heroes as lesson  # noqa: E402
from wartools.los import line_of_sight, viewshed  # noqa: E402
from wartools.movement import path, reachable  # noqa: E402
from wartools.widgets import SelfCheck  # noqa: E402


# --- worked examples: the rulebook's numbers ----------------------------------------------
def test_building_hides_only_the_hex_behind_it():
    f = lesson.building_blocks_sight().facts
    assert f["hidden"] == ["D5"] and f["through"] == "blocked" and f["into"] == "clear"
    assert f["seen"] == f["within_sight"] - 1 == 18


def test_along_a_building_edge_is_clear():
    f = lesson.along_the_edge().facts
    assert f["status"] == "clear" and f["contact"] == "along"


def test_he_fires_over_the_building_but_needs_a_spotter():
    f = lesson.he_over_the_building().facts
    assert (f["direct"], f["indirect"]) == ("blocked", "clear")
    assert not f["can_attack_alone"] and not f["spotted_alone"] and f["can_attack_spotted"]


def test_camouflaged_sniper_needs_an_adjacent_ally():
    f = lesson.camouflaged_sniper().facts
    assert f["distance"] == 4 and not f["ally_two_away"] and f["ally_adjacent"]
    assert f["sight_from_two"] == "blocked" and "Camouflage" in f["rule"][0]


def test_riflemen_enter_the_building_for_one_cp_and_stay():
    f = lesson.riflemen_enter_building().facts
    assert f["cost"] == 1 and f["left_over"] == 2
    assert not f["beyond_goes_through_building"]
    assert "cannot leave" in f["leave_why_not"]
    assert not f["mortar_can_enter"] and "cannot enter" in f["mortar_why_not"]


def test_jeep_moves_three_hexes_plus_one_with_its_speed_die():
    f = lesson.jeep_speed_die().facts
    assert (f["allowance"], f["farthest"], f["cost"], len(f["path"]) - 1) == (4, 4, 4, 4)
    assert (f["infantry_allowance"], f["infantry_farthest"]) == (3, 3)
    assert "speed die" in f["why"]


def test_two_cp_then_one_cp_uses_up_the_squad():
    f = lesson.three_cp_per_round().facts
    assert (f["turn1"], f["turn2"], f["spent"], f["left"]) == (2, 1, 3, 0)
    assert f["can_still_reach"] == ["D3"]


def test_obstacles_water_enemy_red_line_and_ally():
    f = lesson.obstacles().facts
    assert "water" in f["water"] and "enemy" in f["enemy"]
    assert f["red_cost"] > f["red_distance"]
    assert not f["end_on_ally"] and "pass through" in f["ally_why"]
    assert f["through_ally"] and f["via_path"] == ["A1", "B1", "C1"]
    assert "B2" not in f["reach"] and "C4" not in f["reach"] and "D4" not in f["reach"]


def test_british_section_resolving_damage_example():
    f = lesson.british_section().facts
    assert all(f["can_attack"].values()) and len(f["can_attack"]) == 3
    assert f["pooled"] == {"AI": 3, "AP": 1, "HE": 0, "Flame": 0}
    assert f["dice"] == 1 and f["health"] == 4
    assert (f["left_if_success"], f["left_if_fail"]) == (1, 0)
    assert f["destroyed"] == Fraction(1, 3) and f["survives_with_one"] == Fraction(2, 3)


def test_infantry_in_a_building_rolls_five_dice_against_three_ap():
    f = lesson.building_three_ap().facts
    assert f["dice"] == 5 and f["open_dice"] == 3
    # brute force: at least 3 successes of 5 dice, each 4 faces of 6
    from itertools import product
    faces = [True] * 4 + [False] * 2
    ok = sum(sum(r) >= 3 for r in product(faces, repeat=5))
    assert f["no_loss"] == Fraction(ok, 6 ** 5)


def test_flame_ignores_defenses_and_tanks_ignore_ai_and_flame():
    f = lesson.flame_and_immunity().facts
    assert (f["flame_dice"], f["flame_loss"]) == (0, 2)
    assert f["tank_destroyed"] == 0 and f["tank_expected"] == 0


def test_every_worked_example_draws():
    import matplotlib.pyplot as plt

    for exs in lesson.worked_examples().values():
        for ex in exs:
            ax = ex.draw()
            assert ax.get_title() and ex.section.startswith("Company of Heroes") and str(ex)
            plt.close(ax.figure)


# --- the library fix: a ruler through a building's corners ----------------------------------
def test_ruler_through_a_buildings_corners_is_blocked():
    """Hexspine: C5 -> G5 passes the centre of E5 corner to corner, fully crossing none of its
    hexsides; it still goes through the building (CoH 7)."""
    f = lesson.through_the_corners().facts
    assert f["contact_with_building"] == "crossed" and f["sides_fully_crossed"] == 0
    assert f["status"] == "blocked" and "corners" in f["rule"][0]
    m = lesson.fixture(lesson.SPINE_MAP)
    assert line_of_sight(m, "C5", "G5", range=4, indirect=True, mode="fire").status == "clear"
    assert line_of_sight(m.with_terrain("E5", "clear"), "C5", "G5", range=4).status == "clear"
    # every hex whose interior a ruler crosses, if it were a building, blocks that ruler
    big = lesson.fixture(lesson.SPINE_MAP.replace("columns: 9, rows: 9", "columns: 11, rows: 11"))
    start = big.cell("F6")
    for target in big.grid.within(start, 5):
        ruler = big.grid.ruler(start, target)
        for c in big.grid.within(start, 5):
            if c not in (start, target) and ruler.contact(c) == "crossed":
                b = big.with_terrain(c, "building")
                assert not line_of_sight(b, start, target, range=5).visible, (big.label(target), big.label(c))


# --- self-checks: right answer from the library, and a wrong one ----------------------------
def _wrong(q: SelfCheck):
    right = q.expected()
    if q.choices is not None:
        return next(c for c in q.choices if str(c) != str(right))
    return right + 1


ALL = [(topic, i) for topic, qs in lesson.questions().items() for i in range(len(qs))]


def test_three_or_more_questions_per_topic():
    qs = lesson.questions()
    assert set(qs) == {"los", "movement", "combat"} and all(len(v) >= 3 for v in qs.values())


@pytest.mark.parametrize("topic,i", ALL, ids=[f"{t}-{i}" for t, i in ALL])
def test_selfcheck_right_and_wrong(topic, i):
    q = lesson.questions()[topic][i]
    right = q.expected()
    q.input.value = str(right)
    fb = q.on_check()
    assert fb.correct and "Right." in q.feedback.value
    q.input.value = str(_wrong(q))
    fb = q.on_check()
    assert not fb.correct and "Not quite" in q.feedback.value
    assert [h.correct for h in q.history] == [True, False]
    assert len(fb.message) > 40          # an explanation, not just a verdict


def test_selfcheck_answers_match_independent_library_calls():
    los_q, move_q, combat_q = (lesson.questions()[k] for k in ("los", "movement", "combat"))
    sight = lesson.fixture(lesson.SIGHT_MAP)
    assert los_q[0].expected() == ("yes" if line_of_sight(sight, "D3", "D5").visible else "no") == "no"
    assert los_q[2].expected() == len(viewshed(sight, "D3"))
    sniper = lesson.fixture(lesson.SNIPER_MAP)
    assert los_q[4].expected() == "no" and not coh_los.can_attack(sniper, "A2", "E2", range=4)
    assert move_q[0].expected() == path(lesson.fixture(lesson.BUILDING_MOVE_MAP), "B2", "C2").cost == 1
    assert move_q[1].expected() == 4 and move_q[3].expected() == 1
    assert move_q[4].expected() == "no"
    assert combat_q[0].expected() == 1 and combat_q[1].expected() == Fraction(1, 3)
    assert combat_q[2].expected() == combat.defense_dice("infantry", {"AP": 3}, building=True) == 5
    assert combat_q[3].expected() == 0 and combat_q[4].expected() == 0
    assert combat_q[1].check("0.333").correct and combat_q[1].check("33.3%").correct


# --- experiments: set a control, the recorded state follows the library ------------------------
def test_building_sight_experiment():
    x = lesson.experiments()["los"]()
    m = x.map
    assert x.history[-1]["status"] == line_of_sight(m, "E4", "E6").status == "blocked"
    assert x.hidden == ["E6"]
    x.target.value = "F5"
    assert x.history[-1]["status"] == "clear" and x.result.to_label == "F5"
    x.observer.value, x.target.value = "C5", "G5"
    assert x.history[-1]["status"] == "blocked"          # range 2
    x.range.value = 4
    assert x.history[-1]["status"] == line_of_sight(m, "C5", "G5", range=4).status == "blocked"
    assert "E5" in [r.where for r in x.result.deciding]
    x.indirect.value = True
    assert x.history[-1]["status"] == "clear" and x.history[-1]["mode"] == "fire"
    x.on_cell(m.cell("B2"))
    assert x.target.value == "B2" and x.history[-1]["target"] == "B2"
    assert x.canvas.widget.value          # a picture was drawn


def test_movement_experiment():
    x = lesson.experiments()["movement"]()
    m = x.map
    first = x.history[-1]
    assert first["budget"] == 3 and first["reach"] == len(reachable(m, "A3").costs)
    x.goal.value = "C3"
    assert x.history[-1]["reachable"] and x.history[-1]["cost"] == 2
    x.unit.value = "mortar-team"
    assert not x.history[-1]["reachable"] and "cannot enter" in x.history[-1]["why_not"]
    x.unit.value = "light-vehicle"
    assert x.history[-1]["budget"] == 4
    x.unit.value = "infantry"
    x.spent.value = 2
    assert x.history[-1]["budget"] == 1 and not x.history[-1]["reachable"]
    assert x.history[-1]["reach"] == len(reachable(m, "A3", budget=1).costs)
    x.on_cell(m.cell("A2"))
    assert x.history[-1]["goal"] == "A2" and x.history[-1]["reachable"]


def test_defense_dice_experiment():
    x = lesson.experiments()["combat"]()
    assert x.dice == 0 and x.history[-1]["destroyed"] == 0
    x.damage["AI"].value = 3
    x.damage["AP"].value = 1
    assert x.dice == 1 and x.history[-1]["destroyed"] == Fraction(1, 3)
    x.building.value = True
    assert x.dice == combat.defense_dice("infantry", {"AI": 3, "AP": 1}, building=True) == 3
    assert x.breakdown == {"resistance": 1, "building": 2, "upgrade": 0, "total": 3}
    x.upgrade.value = True
    assert x.dice == 4 and x.result.destroyed == combat.resolve_damage(
        "infantry", {"AI": 3, "AP": 1}, health=4, building=True, upgrade=True).destroyed
    x.unit.value = "heavy-vehicle"
    assert x.breakdown["building"] == 0 and x.history[-1]["expected"] == combat.resolve_damage(
        "heavy-vehicle", {"AI": 3, "AP": 1}, health=4, upgrade=True).expected_damage
    x.health.value = 1
    assert x.history[-1]["health"] == 1 and "P(destroyed)" in x.info.value


def test_assumptions_are_stated():
    assert len(lesson.ASSUMPTIONS) >= 4 and any("corner" in a for a in lesson.ASSUMPTIONS)
