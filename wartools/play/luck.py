"""Luck review of a played game: each roll against what was to be expected, and who was lucky.

Every roll a record holds (:class:`wartools.play.Roll`) carries, exactly, the outcome measured
for luck from the roller's side (``value``: hits dealt, 1 for a success, 0 for a failure), the
expected value of that measure before the dice were thrown (``expected``) and the probability of
exactly the faces thrown (``p``). From these:

- a roll's **swing** is ``value - expected``: how much better (positive) or worse (negative) it
  went for the roller than its average; a roll's ``p`` says how surprising its faces were;
- a side's **luck score** is the sum of the swings of its own rolls over the game, exactly
  (``actual - expected``, in the rolls' own units: hits, successes): ``+1.5`` means its dice
  gave one and a half hits or successes more than an average game would have;
- where every roll of a side has a known exact variance (a success-or-failure roll: an outcome
  of 0 or 1 whose ``p`` is its chance, variance ``e (1 - e)``), the score is also given
  **standardised**, ``z = score / sqrt(sum of variances)``, roughly a normal deviate: beyond
  ``+-2`` is luck one game in twenty sees;
- the **biggest swings** are the ten rolls of largest ``|swing|`` (the less likely faces first
  among equals; a roll that came out exactly as expected is no swing).

Luck is not skill: a side that made many rolls at long odds has a low expectation, not bad luck.

Examples
--------
>>> from fractions import Fraction as F
>>> r = RollLuck(action=4, turn=1, side="US", what="us-1 fires at de-1", rule="6.2",
...              p=F(1, 4), value=F(2), expected=F(1, 2))
>>> r.swing, r.variance
(Fraction(3, 2), None)
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wartools.dice import fraction_str
from wartools.rules.options import Assumption

#: how many swings a review lists
SWINGS = 10
#: how a review measures luck (said in every answer)
LUCK_READING = Assumption("luck review", "a roll's swing is its outcome minus its exact expectation, from the "
                                         "roller's side; a side's score is the sum of its rolls' swings")



@dataclass(frozen=True)
class RollLuck:
    """One roll of the game against its expectation."""

    action: int
    turn: int
    side: str
    what: str
    rule: str
    p: Fraction
    value: Fraction
    expected: Fraction

    @property
    def swing(self) -> Fraction:
        """Outcome minus expectation, from the roller's side."""
        return self.value - self.expected

    @property
    def variance(self) -> Fraction | None:
        """The outcome's exact variance when the roll is a success or a failure (an outcome of 0
        or 1 thrown with probability ``expected`` or ``1 - expected``), else ``None``."""
        e = self.expected
        if (self.value == 1 and self.p == e) or (self.value == 0 and self.p == 1 - e):
            return e * (1 - e)
        return None

    def to_json(self) -> dict[str, Any]:
        """``{"action", "turn", "side", "what", "rule", "p", "outcome", "expected", "swing"}``."""
        return {"action": self.action, "turn": self.turn, "side": self.side, "what": self.what,
                "rule": self.rule, "p": fraction_str(self.p), "outcome": fraction_str(self.value),
                "expected": fraction_str(self.expected), "swing": fraction_str(self.swing)}

    def text(self) -> str:
        """One line: turn, roller, what, outcome against expectation."""
        return (f"turn {self.turn}, action {self.action}: {self.what}: {float(self.value):g} against "
                f"{float(self.expected):.2f} expected ({float(self.swing):+.2f}; P of these faces "
                f"{float(self.p):.3f}) for {self.side}")


@dataclass(frozen=True)
class SideLuck:
    """A side's luck over the game."""

    side: str
    rolls: int
    expected: Fraction
    actual: Fraction
    variance: Fraction | None

    @property
    def score(self) -> Fraction:
        """``actual - expected``: the sum of the side's swings."""
        return self.actual - self.expected

    @property
    def z(self) -> float | None:
        """The score over its standard deviation, when every roll's variance is known."""
        if self.variance is None or self.variance == 0:
            return None
        return float(self.score) / math.sqrt(self.variance)

    def to_json(self) -> dict[str, Any]:
        """``{"score", "rolls", "expected", "actual", "z"}`` (exact fractions as text; ``z`` a float or null)."""
        return {"score": fraction_str(self.score), "rolls": self.rolls, "expected": fraction_str(self.expected),
                "actual": fraction_str(self.actual), "z": None if self.z is None else round(self.z, 6)}


@dataclass(frozen=True)
class LuckReview:
    """Every roll of a game against its expectation, each side's luck and the biggest swings.

    Attributes
    ----------
    scenario
        The scenario's name.
    rolls
        Every roll, in the order of play.
    sides
        Each side's luck (every side of the scenario, in its order, rolls or not).
    swings
        The :data:`SWINGS` rolls of largest ``|swing|`` (none whose swing is 0).
    """

    scenario: str
    rolls: tuple[RollLuck, ...]
    sides: Mapping[str, SideLuck]
    swings: tuple[RollLuck, ...]
    assumptions: tuple[Assumption, ...] = (LUCK_READING,)

    def running(self, side: str) -> tuple[tuple[int, Fraction], ...]:
        """The side's luck score after each of its rolls: ``(action, score so far)`` pairs."""
        out, total = [], Fraction(0)
        for r in self.rolls:
            if r.side == side:
                total += r.swing
                out.append((r.action, total))
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        """DESIGN's ``wartools luck`` answer: ``{"sides": {side: {"score", "rolls", "expected",
        "actual", "z"}}, "swings": [{"action", "p", "outcome", "swing", ...}], "assumptions"}``."""
        return {"scenario": self.scenario, "rolls": len(self.rolls),
                "sides": {s: v.to_json() for s, v in self.sides.items()},
                "swings": [r.to_json() for r in self.swings],
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """Each side's score, then the biggest swings."""
        lines = [f"luck in {self.scenario}: {len(self.rolls)} rolls"]
        for s, v in self.sides.items():
            z = "" if v.z is None else f", z = {v.z:+.2f}"
            lines.append(f"  {s}: {v.rolls} rolls, {float(v.actual):.2f} against {float(v.expected):.2f} "
                         f"expected: luck {float(v.score):+.2f}{z}")
        if self.swings:
            lines.append("  biggest swings:")
            lines += [f"    {r.text()}" for r in self.swings]
        lines += [f"  {a.text()}" for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """Each side's running luck over the game, the biggest swings marked
        (:func:`wartools.render.luck.draw_luck`)."""
        from wartools.render.luck import draw_luck

        return draw_luck(self, ax)

    def _repr_png_(self) -> bytes:
        from wartools.render import axes_png

        return axes_png(self.draw())


def luck(record: Any) -> LuckReview:
    """The luck review of a played game (a :class:`wartools.play.Record`).

    Examples
    --------
    >>> from wartools.play import playout
    >>> from wartools.scenario import load_scenario
    >>> rec = playout(load_scenario("scenarios/conflict-of-heroes-height-112.yaml"), ["random", "random"], seed=3)
    >>> review = luck(rec)
    >>> sum(v.rolls for v in review.sides.values()) == len(review.rolls) == sum(len(a.rolls) for a in rec.actions)
    True
    """
    rolls = tuple(RollLuck(action=a.index, turn=a.turn, side=r.side, what=r.what, rule=r.rule,
                           p=Fraction(r.p), value=Fraction(r.value), expected=Fraction(r.expected))
                  for a in record.actions for r in a.rolls)
    sides: dict[str, SideLuck] = {}
    for side in [*record.scenario.sides, *dict.fromkeys(r.side for r in rolls)]:
        if side in sides:
            continue
        own = [r for r in rolls if r.side == side]
        variances = [r.variance for r in own]
        sides[side] = SideLuck(side, len(own), sum((r.expected for r in own), Fraction(0)),
                               sum((r.value for r in own), Fraction(0)),
                               None if any(v is None for v in variances)
                               else sum((v for v in variances if v is not None), Fraction(0)))
    swings = tuple(sorted((r for r in rolls if r.swing), key=lambda r: (-abs(r.swing), r.p, r.action))[:SWINGS])
    return LuckReview(scenario=record.scenario.name, rolls=rolls, sides=sides, swings=swings,
                      assumptions=(LUCK_READING,))
