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
    assert not q.check("0.5").correct and not q.check("").correct and not q.check("abc").correct
    assert "fails with 1/3" in q.history[-1].message


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
