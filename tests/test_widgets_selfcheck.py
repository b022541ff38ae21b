"""SelfCheck: answers are judged against the library's own computation."""
from __future__ import annotations

from fractions import Fraction

from wartools.games.company_of_heroes import combat as coh
from wartools.widgets import SelfCheck


def test_numeric_question_right_and_wrong():
    q = SelfCheck("Defense dice for infantry in a building hit by 3 AP?",
                  lambda: coh.defense_dice("infantry", {"AP": 3}, building=True), "3 for the AP, 2 for the building.")
    q.input.value = "5"
    assert q.on_check().correct and "Right." in q.feedback.value
    q.input.value = "3"
    fb = q.on_check()
    assert not fb.correct and fb.expected == 5 and "the answer is 5" in q.feedback.value
    assert [f.correct for f in q.history] == [True, False]


def test_probability_question_accepts_exact_or_close_decimal():
    q = SelfCheck("P(destroyed)?", lambda: coh.resolve_damage("infantry", {"AI": 3, "AP": 1}, health=4).destroyed,
                  lambda p: f"One die must save one figure; it fails with {p}.", tolerance=0.005)
    assert q.check("1/3").correct and q.check("0.333").correct and q.check("33%").correct
    assert q.check("0.5").correct is False and "fails with 1/3" in q.history[-1].message
    # no number at all: neither wrong nor answered (issue 15)
    assert q.check("").correct is None and q.check("abc").correct is None
    assert "1/3" not in q.history[-1].message


def test_multiple_choice_question():
    q = SelfCheck("Can a heavy vehicle be hurt by Flame?", lambda: "no", "Heavy vehicles are immune to Flame.",
                  choices=["yes", "no"])
    q.input.value = "no"
    assert q.on_check().correct
    q.input.value = "yes"
    assert not q.on_check().correct
    q.input.value = None
    assert not q.on_check().correct


def test_exact_question_refuses_a_rounded_answer():
    q = SelfCheck("P?", lambda: Fraction(1, 3), "exactly a third")
    assert q.check("1/3").correct and not q.check("0.333").correct


def test_a_non_numeric_answer_to_a_numeric_question_is_neither_wrong_nor_answered():
    from fractions import Fraction

    from wartools.widgets import SelfCheck

    q = SelfCheck("P(6 on a d6)?", lambda: Fraction(1, 6), "One face of six.")
    fb = q.check("one in six")
    assert fb.correct is None and "1/6" not in fb.message and "not a number" in fb.message
    assert q.check("1/6").correct is True and q.check("1/5").correct is False
