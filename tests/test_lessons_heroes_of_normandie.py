"""Heroes of Normandie lesson (notebook 13): the data entries against the rulebook's own words.

Every entry of ``wartools/lessons/data/heroes-of-normandie.yaml`` is recomputed through the
library by ``wartools.lessons.runner``; the values below are worked by hand from the text of the
Bloody Omaha excerpt (sections cited in each test), on the lesson's own small maps, not read back
from our code. Where the excerpt leans on core rules it does not print, the test says which
assumed option the value rests on. ``tests/test_lessons_data.py`` runs every entry generically.
"""
from __future__ import annotations

from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from wartools.games.heroes_of_normandie.shots import crosses_protected_side  # noqa: E402
from wartools.lessons.runner import load_lesson, run  # noqa: E402
from wartools.los import line_of_sight  # noqa: E402
from wartools.movement import path, reachable  # noqa: E402

LESSON = load_lesson("heroes-of-normandie")


def facts(entry_id):
    return LESSON.example(entry_id).facts


# --- line of sight -------------------------------------------------------------------------
def test_contour_line_one_square_beyond_unless_an_end_is_adjacent():
    """1.1 Contour Line A: a shot across the red line reaches one square beyond it, so from the
    beach (C6) the first bluff square C3 is in reach, the second (C2) is not; B: the limit goes
    when the shooter (C4) or the target (C4) is adjacent to the line."""
    f = facts("contour-one-square-beyond")
    assert (f["one_beyond"], f["two_beyond"]) == ("clear", "blocked") and f["two_beyond_rule"] == ["contour"]
    assert f["shooter_adjacent"] == f["target_adjacent"] == "clear"


def test_contour_line_a_along_a_whole_column():
    """1.1 Contour Line A, B (the old contour experiment): of the beach squares C4..C8 only C4,
    adjacent to the line, reaches C2, two squares past it."""
    bluff = LESSON.maps["bluff"]
    seen = [line_of_sight(bluff, f"C{row}", "C2").visible for row in range(4, 9)]
    assert seen == [True, False, False, False, False]


def test_contour_line_c_and_d():
    """1.1 Contour Line C: smoke still applies (a fresh template: -4, 4.4 Smoke); D: infantry
    block LoS only if both shooter and target are infantry."""
    f = facts("contour-smoke-still-counts")
    assert (f["status"], f["modifier"]) == ("hindered", -4)
    f = facts("contour-infantry-screen")
    assert (f["infantry_target"], f["rule"], f["vehicle_target"]) == ("blocked", ["infantry"], "clear")


def test_holes_a_b_c():
    """1.1 Hole: infantry inside do not block units outside (A), do block infantry of the same
    element (B), and the element's corners block between two units inside it (C)."""
    assert facts("hole-outside")["status"] == "clear"
    f = facts("hole-same-trench")
    assert f["status"] == "blocked" and f["rule"] == ["hole-same"]
    f = facts("hole-corner")
    assert f["round_the_bend"] == "blocked" and f["rule"] == ["trench-corner"]
    assert f["along_the_leg"] == "clear"


def test_mound_blocks_except_towards_a_higher_unit_across_the_line():
    """1.1 (mounds A; B, C & D): the unit on the mound does not block a shot to a higher unit
    adjacent to the other side of the red line, and blocks in every other case."""
    f = facts("mound-across-the-line")
    assert f["higher_across"] == "clear"
    assert f["higher_behind"] == f["along_the_foot"] == "blocked"
    assert "mound" in f["higher_behind_rules"] and f["along_the_foot_rules"] == ["mound"]


def test_smoke_templates_and_the_low_seawall():
    """4.4 Smoke: a shot into, through or out of a covered square suffers the printed penalty
    (-4 fresh, -2 once turned), one template once; 1.2 Embankments: a low seawall does not
    interfere with LoS."""
    f = facts("smoke-templates")
    assert (f["through"], f["out_of"], f["turned"], f["seawall"]) == (-4, -4, -2, "clear")


def test_dog_red_sniper_against_the_line_and_grenadiers_behind_it():
    """1.1 Contour Line A, B on the sample map: M4 borders a red line (so the limit is lifted),
    H3 does not and its shot far down the beach is limited."""
    m = LESSON.maps["dog-red"]
    contour = [e for e, fs in m.edges.items() if "contour" in fs]
    assert any(m.cell("M4") in (e.a, e.b) for e in contour)
    assert not any(m.cell("H3") in (e.a, e.b) for e in contour)
    f = facts("dog-red-bluff")
    assert (f["sniper"], f["far"], f["far_rule"]) == ("clear", "blocked", ["contour"])


# --- movement ------------------------------------------------------------------------------
CHART = {  # 1.2 and 1.3, read per unit class: (infantry, light vehicle, heavy vehicle)
    "difficult": ("difficult", "impassable", "impassable"),     # Impassable to Vehicles - Difficult Passage
    "stream": ("difficult", "impassable", "difficult"),         # Impassable to Light Vehicles - DP
    "field": ("obstacle", "normal", "normal"),                  # Obstacle (Infantry)
    "seawall": ("difficult", "impassable", "impassable"),       # Impassable to Vehicles - DP
    "barbed-wire": ("difficult", "normal", "normal"),           # Difficult Passage (only Infantry)
    "hedgehog": ("obstacle", "impassable", "impassable"),       # Impassable to Vehicles - Obstacle
}


@pytest.mark.parametrize("element", sorted(CHART))
def test_terrain_chart_row_as_printed(element):
    row = facts("terrain-chart")[element]
    assert (row["infantry"], row["light-vehicle"], row["heavy-vehicle"]) == CHART[element]


def test_barbed_wire_costs_infantry_one_extra_square():
    """1.3: wire is a Difficult Passage for infantry only; three squares plus one for the
    passage (its cost is the core rules', option difficult-passage-cost = 1)."""
    f = facts("terrain-chart")
    assert (f["wire_infantry_cost"], f["wire_vehicle_cost"]) == (3 + 1, 3)


def test_trenches_and_ladders():
    """1.4 Trenches: moving into or out of a trench stops the move unless it crosses a side with
    a ladder; moving within the trench does not; Impassable to Vehicles."""
    f = facts("trench-and-ladder")
    assert f["into_ends_move"] == "yes" and f["over_the_side_ends_move"] == "yes"
    assert f["along_in_one_move"] and f["along_cost"] == 4          # B3 C3 D3 D4 D5: four squares
    assert f["way_out"] == ["B3", "C3", "C2", "C1"]                 # up the ladder on C3|C2
    assert f["vehicle"] == "impassable"
    trench = LESSON.maps["trench"]
    assert path(trench, "C3", "C2", "infantry").steps[0].stop is None        # out by the ladder
    assert path(trench, "B3", "B2", "infantry").steps[0].stop                 # out over a side


def test_hedgehogs_on_dog_red():
    """1.3 Czech Hedgehogs: Impassable to Vehicles, Obstacle for infantry; the Sherman's path to
    the draw crosses no hedgehog interspace and fits its Movement Value (assumed 5)."""
    f = facts("hedgehogs-on-dog-red")
    assert (f["sherman_north"], f["infantry_north"], f["halftrack_north"]) == ("impassable", "obstacle",
                                                                            "impassable")
    assert f["to_the_draw"] and f["cost"] <= f["budget"] == 5 and f["route"][-1] == "J7"
    m = LESSON.maps["dog-red"]
    cells = [m.cell(x) for x in f["route"]]
    for a, b in zip(cells, cells[1:]):
        if a[0] == b[0] or a[1] == b[1]:
            assert "hedgehog" not in m.edge_features_at(a, b)


def test_lifting_the_hedgehogs_leaves_one_square_straight_ahead():
    """4.2 (Movement Values count squares): with the hedgehogs lifted, the square ahead costs one."""
    f = facts("lifting-the-hedgehogs")
    assert f["without_hedgehogs"] == 1 and f["with_hedgehogs"] > 1
    assert f["squares_after"] >= f["squares_before"]


def test_what_the_old_hedgehog_experiment_showed():
    """4.2 Tank Gear (Fuel +1 square, vehicles only) and 1.3 (infantry cross hedgehogs, then
    stop), with the assumed Movement Values 4 / 7 / 5."""
    m = LESSON.maps["dog-red"]
    assert reachable(m, "H10", "heavy-vehicle", side="US", switches=["fuel"]).budget == 5 + 1
    assert reachable(m, "H10", "light-vehicle", side="US").budget == 7
    inf = reachable(m, "H10", "infantry", side="US")
    assert inf.budget == 4 and inf.labels()["H9"] == 1
    assert path(m, "H10", "H9", "infantry", side="US").steps[0].stop


def test_minefield_three_counters_for_two_crossed_and_one_occupied():
    """4.2 Minefield: one counter per mined square crossed or occupied: 2 crossed + 1 = 3."""
    f = facts("through-the-minefield")
    assert f["counters"] == 3 and f["mined"] == ["B1", "C1", "D1"]


def test_fuel_adds_one_square_to_vehicles_only():
    """4.2 Tank Gear: Fuel increases the Movement Value of a vehicle by 1 (restricted to vehicles)."""
    f = facts("fuel-marker")
    assert (f["tank_gain"], f["infantry_gain"]) == (1, 0)


# --- combat --------------------------------------------------------------------------------
def test_mine_roll_one_plus_one_plus_one():
    """4.2 Resolving the Attack: die + 1 + 1 + 1 >= 7 hits on 4, 5, 6; a 1 never hits and a
    counter is discarded: P(hit) = 3/6, P(discard) = 1/6 (Defense 7 is our choice)."""
    f = facts("mine-roll")
    assert f["counters"] == 3 and (f["roll_of_four"], f["roll_of_one"]) == ("hit", "discard")
    assert (f["p_hit"], f["p_discard"]) == (Fraction(3, 6), Fraction(1, 6))


def test_directional_bonus_only_across_the_protected_side():
    """1.1: attack 3 against Defense 5, universal +1, directional +2 facing south. From the
    beach: 5 + 1 + 2 = 8, d6 + 3 >= 8 on 5, 6 = 2/6. From the flank only +1: d6 >= 3 = 4/6."""
    f = facts("directional-bonus")
    assert (f["front"], f["front_sides"], f["front_defense"]) == (True, ("south",), 8)
    assert (f["flank"], f["flank_sides"]) == (False, ("east",))
    assert Fraction(f["p_front"]) == Fraction(2, 6) and Fraction(f["p_flank"]) == Fraction(4, 6)
    assert f["corner"] and f["corner_contacts"] == ("vertex", "vertex")


def test_a_corner_shot_is_an_assumed_reading_a_user_can_flip():
    """1.1 does not say what a shot exactly through a corner crosses (option corner-shot-crosses-both)."""
    m = LESSON.maps["bunker"]
    s = crosses_protected_side(m, "A6", "D3", "west")
    assert s and [a.option for a in s.assumptions] == ["corner-shot-crosses-both"]
    strict = m.with_options(**{"corner-shot-crosses-both": False})
    assert not crosses_protected_side(strict, "A6", "D3", "west")
    assert crosses_protected_side(m, "G3", "D3", "east") and not crosses_protected_side(m, "G3", "D3", "east").assumptions
    assert crosses_protected_side(m, "D1", "D3", "north")


def test_smoke_on_the_shot_and_a_building_in_the_way():
    """4.4 Smoke -4 on the die: attack 6 against 5 hits on 2..6 (5/6, a natural 1 misses, an
    assumed option), with -4 on 3..6 (4/6); a building between blocks the shot (core rules, option)."""
    f = facts("shot-through-smoke")
    assert f["modifier"] == -4
    assert (Fraction(f["p_clear"]), Fraction(f["p_smoke"])) == (Fraction(5, 6), Fraction(4, 6))
    assert f["behind_a_building"] == "blocked"


def test_defensive_element_gives_nothing_against_a_shooter_inside():
    """1.4: the Defensive Bonus applies unless the shooter is also inside the element."""
    f = facts("defensive-element")
    assert (f["from_outside"], f["from_inside"], f["on_the_beach"]) == (True, False, False)


def test_bunker_stun_any_five_or_six():
    """1.1 Bunker: at least one 5 or 6 among the Destruction dice: 1 - (4/6)^n."""
    f = facts("bunker-stun")
    assert (f["two_and_five"], f["four_and_four"]) == (True, False)
    assert f["p_two_dice"] == 1 - Fraction(4, 6) ** 2 == Fraction(20, 36)
    assert f["p_three_dice"] == 1 - Fraction(4, 6) ** 3


def test_long_range_hawkeyed_and_aircraft():
    """3.2 Hawkeyed ignores the long range penalty; 5 never applies it when an aircraft is
    involved. Attack 3 against 5: d6 >= 2 (5/6); with the assumed -2: d6 >= 4 (3/6)."""
    f = facts("long-range")
    assert Fraction(f["short"]) == Fraction(5, 6) and Fraction(f["long"]) == Fraction(3, 6)
    assert Fraction(f["hawkeyed"]) == Fraction(f["aircraft"]) == Fraction(5, 6)


def test_speed_penalty_examples_as_printed():
    """5 Speed Penalty: token #3 against #2, #5, #3 and opportunity fire: 1, 2, 0, 0; an
    aircraft with no revealed token: the standard 2."""
    f = facts("speed-penalty")
    assert [f[k] for k in ("token_2", "token_5", "token_3", "opportunity_fire", "no_token")] == [1, 2, 0, 0, 2]


# --- self-checks ---------------------------------------------------------------------------
EXPECTED = {
    "q-contour-two-beyond": "blocked",        # 1.1 A
    "q-contour-against-the-line": "yes",      # 1.1 B
    "q-hole-same-trench": "blocked",          # 1.1 Hole B
    "q-two-templates": -4,                    # 4.4, the worst template (the library's reading)
    "q-sherman-draw": "yes",                  # 1.3, a path round the hedgehogs
    "q-wire-cost": 4,                         # 1.3, 3 squares + 1 (difficult-passage-cost)
    "q-ladder": "no",                         # 1.4, out by a ladder
    "q-stream": "light-vehicle",              # 1.2 Streams
    "q-mine-hit": Fraction(1, 2),             # 4.2, 4..6 of a d6
    "q-flank-shot": "no",                     # 1.1 Directional
    "q-bunker-stun": Fraction(19, 27),        # 1.1 Bunker, 1 - (2/3)^3
    "q-speed-penalty": 3,                     # 5, 6 - 3
}


@pytest.mark.parametrize("entry_id", sorted(EXPECTED))
def test_selfcheck_answer_worked_by_hand(entry_id):
    q = LESSON.example(entry_id).selfcheck()
    assert q.expected() == EXPECTED[entry_id]


def test_three_or_more_questions_per_topic_and_every_one_tested():
    assert LESSON.topics("question") == ["los", "movement", "combat"]
    assert all(len(LESSON.questions(t)) >= 3 for t in LESSON.topics("question"))
    assert {e.id for e in LESSON.entries if e.kind == "question"} == set(EXPECTED)


def test_a_fraction_question_accepts_a_decimal_and_a_percentage():
    q = LESSON.example("q-mine-hit").selfcheck()
    assert q.check("0.5").correct and q.check("50%").correct and not q.check("0.6").correct


def test_an_example_draws_its_rulers():
    import matplotlib.pyplot as plt

    ex = LESSON.example("hole-corner")
    ax = ex.draw()
    assert "los-ruler" in {line.get_gid() for line in ax.lines} and ax.get_title()
    plt.close(ax.figure)
    assert run(LESSON.entry("trench-and-ladder")).facts["way_out"][1:3] == ["C3", "C2"]


def test_the_notebooks_assumptions_come_from_the_games_options():
    """What the old lesson listed by hand (Movement Values, Obstacles and Difficult Passages,
    diagonals, the long range penalty, corner shots) is now an assumed option of the game, which
    notebook 13 prints with ``game.assumptions()``."""
    from wartools.games import find_game

    printed = {a.option for a in find_game("heroes-of-normandie").assumptions()}
    assert {"infantry-movement", "light-vehicle-movement", "heavy-vehicle-movement", "difficult-passage-cost",
            "hedges-are-obstacles", "diagonal-rule", "long-range-penalty", "one-always-misses",
            "corner-shot-crosses-both", "contour-adjacency"} <= printed
