"""Conflict of Heroes lesson (notebook 12): the data entries against the rulebook's own numbers.

Every entry is recomputed through the library by ``wartools.lessons.runner``; the values below
are worked by hand from the Storms of Steel text (Game Overview, 2.1, 2.2, 3.0, 3.01, 3.1, 3.2,
3.21), not read back from our code: dice odds by enumerating the 36 rolls, AP and CAP counts by
following the examples' arithmetic. Where the excerpt is silent (no LOS chapter, no terrain
chart, no CAP rate) the comment names the library's assumed reading the value rests on.
``tests/test_lessons_data.py`` runs every entry of every game generically.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

from wartools.errors import WartoolsError  # noqa: E402
from wartools.games.conflict_of_heroes import combat  # noqa: E402
from wartools.games.conflict_of_heroes.activation import Activation  # noqa: E402
from wartools.lessons.runner import load_lesson  # noqa: E402
from wartools.los import line_of_sight  # noqa: E402
from wartools.testing import tiny_map  # noqa: E402

LESSON = load_lesson("conflict-of-heroes")
ROLLS = list(itertools.product(range(1, 7), repeat=2))


def facts(entry_id):
    return LESSON.example(entry_id).facts


def p_roll_at_least(n):
    """P(2D6 >= n), by enumerating the 36 rolls."""
    return Fraction(sum(a + b >= n for a, b in ROLLS), 36)


# --- the Game Overview shot --------------------------------------------------------------------
def test_game_overview_13_av_against_14_dv():
    """Game Overview: the '43 infantry (FP 4) rolls 9: AV 9 + 4 = 13; a squad of DR 12 in woods
    has DV 12 + 2 = 14; a hit needs AV >= DV, so 13 misses, and a roll of 10 (AV 14) would hit.
    Before the roll a hit needs 2D6 >= 14 - 4 = 10: 3 + 2 + 1 = 6 of 36 rolls."""
    f = facts("overview-roll")
    assert (f["attack"], f["defense"], f["hit"]) == (13, 14, False)
    assert (f["lucky_attack"], f["lucky_hit"]) == (14, True)
    assert f["probability"] == p_roll_at_least(10) == Fraction(6, 36)
    shot = facts("overview-shot")
    # the line into the target's own woods hex is clear (assumed LOS reading: the ends never block)
    assert (shot["status"], shot["terrain"], shot["hindrance"], shot["defense"]) == ("clear", 2, 0, 14)
    assert shot["probability"] == Fraction(1, 6)


def test_caps_for_an_even_chance_recomputed_by_enumeration():
    """3.2: CAPs may modify any die roll (one point per CAP, committed before the roll, is the
    library's assumed rate: 3.24 is not in the excerpt). k CAPs need 2D6 >= 10 - k:
    6/36, 10/36, 15/36, 21/36 for k = 0..3; 21/36 is the first at least one half."""
    f = facts("caps-on-the-roll")
    assert f["probabilities"] == [p_roll_at_least(10 - k) for k in range(4)]
    assert f["probabilities"] == [Fraction(6, 36), Fraction(10, 36), Fraction(15, 36), Fraction(21, 36)]
    assert f["need"] == 3
    assert combat.caps_for_probability(0, 30, limit=3) is None


def test_initiative_and_variable_ap_examples():
    """2.1: both roll 2D6, ties re-rolled; 3.01 (optional): an activated unit gets 2D6 APs."""
    f = facts("initiative")
    assert f["even"] == Fraction(1, 2)                      # the same dice on both sides
    ties = sum(sum(a) == sum(b) for a in ROLLS for b in ROLLS)
    assert f["tie_once"] == Fraction(ties, 36 * 36) == Fraction(146, 1296)
    wins = sum(sum(a) + 1 > sum(b) for a in ROLLS for b in ROLLS)
    ties_cap = sum(sum(a) + 1 == sum(b) for a in ROLLS for b in ROLLS)
    assert f["one_cap"] == Fraction(wins, 36 * 36 - ties_cap)   # a tie is rolled again
    # the other reading: the CAP's point on the first roll only, a re-rolled tie an even chance
    assert f["one_cap_first_roll_only"] == Fraction(wins, 36 * 36) + Fraction(ties_cap, 36 * 36) / 2
    assert combat.initiative_rolls((6, 1), (3, 3)) == "A"
    v = facts("variable-ap")
    assert v == {"mean": 7, "at_least_7": p_roll_at_least(7), "under_4": 1 - p_roll_at_least(4)}
    assert (v["at_least_7"], v["under_4"]) == (Fraction(21, 36), Fraction(3, 36))


# --- actions and the track sheet ------------------------------------------------------------------
def test_seven_ap_move_seven_open_hexes():
    """Game Overview, 3.0: 7 APs and 1 AP per open hex: on open ground a squad ends anywhere
    within 7 hexes. The hexes within 7 of C01 on the 9 x 5 board are counted here with our own
    offset-to-cube conversion (pointy hexes, odd rows shifted right)."""
    f = facts("seven-ap-in-the-open")

    def cube(label):
        row, col = ord(label[0]) - ord("A"), int(label[1:]) - 1
        x = col - (row - (row & 1)) // 2
        return x, row, -x - row

    def dist(a, b):
        return max(abs(p - q) for p, q in zip(cube(a), cube(b)))

    board = [f"{r}{c:02d}" for r in "ABCDE" for c in range(1, 10)]
    assert f["budget"] == 7 and f["farthest"] == 7
    assert f["hexes"] == sum(dist("C01", h) <= 7 for h in board)
    assert f["far_cost"] == dist("C01", "C09") == 8              # one AP more than an activation


def test_round_the_copse_and_caps_to_reach():
    """3.0 (1 AP per open hex), 3.21 (CAPs supplement APs one for one); woods 2 AP, a wall +1 and
    water impassable are the library's assumed table. C01 -> C06 straight: 1 + 1 + 2 + 2 + 1 = 7;
    round the copse by row B: six open hexes, 6. C09: eight open hexes by row B, a wall on
    B07|B08 (+1) and C09 itself: 10 AP, so 10 - 7 = 3 CAPs."""
    f = facts("round-the-copse")
    assert f["near_cost"] == 6 and "C04" not in f["near_path"] and "C05" not in f["near_path"]
    assert f["far_cost"] == 10 and f["caps"] == 10 - 7 == 3
    assert f["pond"] is None
    assert "C09" in f["with_caps"] and "C09" not in f["one_cap_short"]


def test_ap_track_examples_2_2_3_0_3_1_3_21():
    """2.2: Soviet SMG 7 - 3 = 4, German 7 - 1 = 6, a Soviet command move 1 CAP, German 6 - 3 = 3,
    Soviet 4 - 3 = 1. 3.0: B gets 7 AP, A's 4 are lost. 3.1: German A 7 - 1 = 6, Soviet C
    7 - 4 = 3, the fresh HMG B fires free and is spent. 3.21: C pays 3 AP + 1 CAP: 0 AP,
    5 - 1 = 4 CAPs, C spent."""
    t = facts("track-2-2")
    assert (t["soviet_ap"], t["german_ap"], t["soviet_caps"]) == (7 - 3 - 3, 7 - 1 - 3, 5 - 1)
    t30 = facts("track-3-0")
    assert (t30["active"], t30["ap"]) == ("B", 7) and "A" in t30["spent"]
    assert any("4 AP lost" in line for line in t30["log"])
    t31 = facts("track-3-1-3-21")
    assert (t31["german_ap"], t31["soviet_ap"], t31["german_spent"]) == (6, 3, {"HMG B"})
    assert (t31["after_ap"], t31["after_caps"], t31["after_spent"]) == (0, 4, {"C"})
    assert any("3 AP + 1 CAP" in line for line in t31["last"])


def test_the_replays_run_on_the_games_track_sheet():
    """The lesson must not re-implement the AP / CAP track: its replays are the game's."""
    done = LESSON.example("track-3-1-3-21")
    assert isinstance(done.values["c"], Activation)
    import wartools.lessons
    assert not (Path(wartools.lessons.__file__).parent / "conflict_of_heroes").exists()   # data, no code


def test_activation_refuses_what_the_rules_forbid():
    """3.21: CAPs only supplement what there is; 3.1: only a fresh, non-activated unit takes an
    opportunity action, and is spent by it; 2.2 / 3.0: a spent unit is not activated; 3.22: a
    command action is paid in CAPs."""
    t = Activation(caps=1)
    t.activate("A")
    with pytest.raises(WartoolsError):
        t.spend(9, "too much")
    with pytest.raises(WartoolsError):
        t.opportunity("A")
    t.opportunity("B")
    with pytest.raises(WartoolsError):
        t.activate("B")
    with pytest.raises(WartoolsError):
        t.command("C", 2)


# --- line of sight (assumed readings: the excerpt has no LOS chapter) ---------------------------
def test_los_examples_on_the_lesson_maps():
    """Woods between the ends block, the ends' own hexes never do (option woods-los); brush between
    hinders, +1 DV (option brush-los): DV 12 + 2 + 1 = 15, P(2D6 >= 11) = 3/36; terrain lower than
    both ends is seen over and ground higher than both blocks (option hills-block); a ruler along
    a hexside takes the lesser of the two hexes (option along-hexside)."""
    d = facts("deeper-in-the-copse")
    assert (d["short_of_it"], d["to_edge"], d["status"], d["beyond"]) == ("clear", "clear", "blocked", "blocked")
    assert d["defense"] is None
    b = facts("brush-hinders")
    assert (b["status"], b["hindrance"], b["defense"]) == ("hindered", 1, 15)
    assert b["probability"] == p_roll_at_least(15 - 4) == Fraction(3, 36)
    assert b["probability_without"] == Fraction(1, 6)
    h = facts("hills")
    assert (h["over"], h["foot"], h["crest"]) == ("clear", "blocked", "blocked")
    g = facts("along-a-hexside")
    assert (g["both"], g["one"], g["along"]) == ("blocked", "clear", ["B01|B02"])
    hill = facts("height-112")
    # two hindrances (+1 each) on an open target: DV 12 + 0 + 2 = 14
    assert (hill["status"], hill["hindrance"], hill["defense"]) == ("hindered", 2, 14)
    assert hill["seen"] > 0


def test_along_hexside_between_two_blockers_blocks_in_all_six_directions():
    """Regression: the engine's skewed integer frame gave the two hexes along a hexside
    different orders unless the ruler was axis-parallel, so ``ALONG = "both"`` missed 4 of 6."""
    m = tiny_map("conflict-of-heroes", 9, 9)
    centre, seen = m.cell("E5"), 0
    for t in m.grid.cells():
        along = [c.cell for c in m.grid.ruler(centre, t).cells if c.contact == "along"]
        if m.grid.distance(centre, t) != 2 or len(along) != 2:
            continue
        seen += 1
        one = m.with_terrain(along[0], "woods")
        both = one.with_terrain(along[1], "building")
        assert line_of_sight(one, centre, t).status == "clear"
        assert line_of_sight(both, centre, t).status == "blocked"
        assert line_of_sight(both, t, centre).status == "blocked"
    assert seen == 6


def test_every_shot_states_the_readings_it_rests_on():
    """No LOS chapter, no terrain chart, no CAP rate in the excerpt: a shot lists the LOS options;
    woods +2 is rulebook text (not listed as assumed), brush's +1 DV and the CAP rate are."""
    s = LESSON.example("overview-shot").values["s"]
    assert {"woods-los", "along-hexside", "hills-block"} <= {a.option for a in s.assumptions}
    assert not any("adds" in a.reading for a in s.assumptions)
    brushy = LESSON.example("caps-on-the-roll").values["p3"]
    assert any("CAP" in a.reading for a in brushy.assumptions)
    assert combat.TERRAIN_DEFENSE["woods"] == 2 and "woods" not in combat.TERRAIN_DEFENSE_ASSUMED
    m = LESSON.maps["woods"].with_terrain("B05", "brush")
    from wartools.games.conflict_of_heroes.shots import shot
    assert any("brush adds 1" in a.reading for a in shot(m, "B01", "B05").assumptions)


# --- the generic widgets the notebook sets up on the lesson's maps ---------------------------------
def test_the_notebooks_explorers_agree_with_the_entries():
    from wartools.widgets import LOSExplorer, MovePlanner

    from wartools.games.conflict_of_heroes.shots import shot

    brush = LESSON.maps["woods"].with_terrain("B03", "brush")
    x = LOSExplorer(brush, observer="B01", target="B06", figsize=(4, 2),
                    describe=lambda m, r: shot(m, r.from_label, r.to_label).text())
    assert x.result.status == "blocked" and x.history[-1]["described"].endswith("no shot")
    x.target.value = "B05"                     # as the brush-hinders entry: 12 + 2 + 1 = 15
    assert x.result.status == facts("brush-hinders")["status"] == "hindered"
    assert "= 15" in x.history[-1]["described"]
    plan = MovePlanner(LESSON.maps["move"], start="C01", goal="C09", budget=7 + 3, figsize=(4, 2))
    assert plan.reach is not None and LESSON.maps["move"].cell("C09") in plan.reach


# --- self-checks: the rulebook's answers --------------------------------------------------------------
EXPECTED = {
    "q-into-the-woods": "clear", "q-one-deeper": "blocked", "q-brush-dv": 12 + 2 + 1,
    "q-hill-to-hill": "clear", "q-along-the-gap": "blocked",
    "q-round-the-copse": 6, "q-caps-to-reach": 10 - 7, "q-caps-left": 5 - 1,
    "q-variable-ap": Fraction(21, 36), "q-tank-in-the-house": "no",
    "q-attack-value": 9 + 4, "q-hit-or-miss": "no", "q-hit-chance": Fraction(6, 36), "q-caps-for-half": 3,
    # 2.1 with one CAP (+1, assumed rate) on your roll, ties rolled again: wins / (all - ties)
    "q-initiative-cap": Fraction(sum(sum(a) + 1 > sum(b) for a in ROLLS for b in ROLLS),
                                 36 * 36 - sum(sum(a) + 1 == sum(b) for a in ROLLS for b in ROLLS)),
}


@pytest.mark.parametrize("entry_id", sorted(EXPECTED))
def test_selfcheck_answer_worked_by_hand(entry_id):
    q = LESSON.example(entry_id).selfcheck()
    assert q.expected() == EXPECTED[entry_id]


def test_every_question_has_a_hand_worked_answer():
    assert set(EXPECTED) == {e.id for e in LESSON.entries if e.kind == "question"}


def test_probability_questions_accept_a_rounded_decimal():
    q = LESSON.example("q-hit-chance").selfcheck()
    assert q.check("0.167").correct and q.check("1/6").correct and not q.check("0.25").correct
