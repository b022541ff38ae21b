"""``SelfCheck``: a question whose right answer the library computes, with instant feedback.

The teaching notebooks ask questions such as *how many defense dice does this
squad roll?* or *can C4 see H8?*. The key is never typed into the notebook: a
``SelfCheck`` calls a function of the library to get the right answer, compares
the learner's answer with it, and explains.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as w

from wartools.limits import MAX_ARG_CHARS, MAX_EXPONENT
from wartools.render.style import FEEDBACK_COLOURS

from wartools.widgets.common import pre


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer (``correct`` is ``None`` when the answer could not be read,
    e.g. words where a number was asked: nothing is given away then)."""

    correct: bool | None
    answer: Any
    expected: Any
    message: str


_EXPONENT = re.compile(r"[eE]([+-]?[0-9]+)")


def _as_number(value: Any) -> Fraction | None:
    """``value`` as an exact number: ints, fractions ``"1/3"``, decimals ``"0.25"``, percentages ``"25%"``.

    Text longer than :data:`wartools.limits.MAX_ARG_CHARS` or with a decimal exponent beyond
    :data:`wartools.limits.MAX_EXPONENT` is not read as a number (it is simply wrong).

    Examples
    --------
    >>> _as_number("25%"), _as_number("1e50000000")
    (Fraction(1, 4), None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return Fraction(value).limit_denominator(10**6)
    text = str(value).strip().replace(" ", "")
    # bounded like a command-line number: '1e50000000' would need 50 million digits
    if len(text) > MAX_ARG_CHARS:
        return None
    exponent = _EXPONENT.search(text)
    if exponent and abs(int(exponent.group(1)[:6])) > MAX_EXPONENT:
        return None
    try:
        if text.endswith("%"):
            return Fraction(text[:-1]) / 100
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


class SelfCheck:
    """One self-check question.

    Parameters
    ----------
    question
        The question, in our words.
    compute
        A function of the library returning the right answer.
    explain
        Why that is the answer: text, or a function of the right answer.
    choices
        For a multiple-choice question, the options (the right answer must be one).
    tolerance
        For numeric answers: how far a decimal answer may be from the exact one
        (0 asks for the exact value; probabilities typed as decimals usually get 0.005).

    Examples
    --------
    >>> q = SelfCheck("2 + 2?", lambda: 4, "Two pairs.")
    >>> q.check("4").correct, q.check("5").correct
    (True, False)
    >>> q = SelfCheck("P(6 on a d6)?", lambda: Fraction(1, 6), "One face of six.", tolerance=0.005)
    >>> q.check("0.167").correct, q.check("1/6").correct, q.check("20%").correct
    (True, True, False)
    """

    def __init__(self, question: str, compute: Callable[[], Any], explain: str | Callable[[Any], str],
                 choices: Sequence[Any] | None = None, tolerance: float = 0.0) -> None:
        self.question, self.compute, self.explain = question, compute, explain
        self.choices = list(choices) if choices is not None else None
        self.tolerance = Fraction(tolerance).limit_denominator(10**6)
        self.history: list[Feedback] = []
        if self.choices is not None:
            self.input: w.Widget = w.RadioButtons(options=[str(c) for c in self.choices], value=None,
                                                  layout=w.Layout(width="auto"))
        else:
            self.input = w.Text(placeholder="your answer", layout=w.Layout(width="14em"))
        self.button = w.Button(description="Check", button_style="info")
        self.button.on_click(lambda _b: self.on_check())
        self.feedback = w.HTML()
        self.widget = w.VBox([w.HTML(f"<b>{question}</b>"), w.HBox([self.input, self.button]), self.feedback])

    def expected(self) -> Any:
        """The right answer, computed now by the library."""
        return self.compute()

    def _explanation(self, expected: Any) -> str:
        return self.explain(expected) if callable(self.explain) else self.explain

    def is_right(self, answer: Any, expected: Any) -> bool:
        """Compare an answer with the right one (numbers exactly or within the tolerance)."""
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            return False
        a, e = _as_number(answer), _as_number(expected)
        if a is not None and e is not None and not isinstance(expected, (str, bool)):
            return abs(a - e) <= self.tolerance
        return str(answer).strip().lower() == str(expected).strip().lower()

    def check(self, answer: Any) -> Feedback:
        """Judge ``answer``, show the feedback, and remember it."""
        expected = self.expected()
        numeric = _as_number(expected) is not None and not isinstance(expected, (str, bool))
        if numeric and _as_number(answer) is None:
            # not a wrong answer, not an answer at all: say how to write one, give nothing away
            fb = Feedback(None, answer, expected, f"{str(answer)[:40]!r} is not a number: answer with a "
                                                  f"number such as 7, 2/5, 0.4 or 40%.")
            hint = FEEDBACK_COLOURS["hint"]
            self.feedback.value = f"<div style='color:{hint}'>{pre(fb.message)}</div>"
            self.history.append(fb)
            return fb
        correct = self.is_right(answer, expected)
        shown = f"{expected} (about {float(expected):.1%})" if isinstance(expected, Fraction) else expected
        verdict = "Right." if correct else f"Not quite: the answer is {shown}."
        fb = Feedback(correct, answer, expected, f"{verdict} {self._explanation(expected)}")
        colour = FEEDBACK_COLOURS["right" if correct else "wrong"]
        self.feedback.value = f"<div style='color:{colour}'>{pre(fb.message)}</div>"
        self.history.append(fb)
        return fb

    def on_check(self) -> Feedback:
        """The Check button's callback: judge what is in the input."""
        return self.check(self.input.value)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
