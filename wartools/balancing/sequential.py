"""A sequential stopping rule, declared before a balance run starts.

Without one, a run plays every playout it was asked for: stopping "when the answer looks clear"
after peeking at it biases the answer. A :class:`Sequential` rule is fixed up front and only
looks at the precision: after every ``every`` playouts *in playout order* (playouts
``0 .. k-1``, whichever worker finished them and in whatever order), the run stops when the
95 % Wilson interval of every side's win rate is at most ``+-half_width``. The answer is then
exactly the first ``k`` playouts, so the same seed gives the same answer (and the same ``k``)
on every executor.

Examples
--------
>>> rule = Sequential(half_width=0.1, every=50)
>>> rule.looks_at(100), rule.looks_at(120)
(True, False)
>>> rule.satisfied({"US": 30, "German": 20}, 100)      # +-0.09 and +-0.08 at 100 playouts
True
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wartools.balancing.intervals import wilson
from wartools.errors import WartoolsError


@dataclass(frozen=True)
class Sequential:
    """Stop once every side's win rate is known to ``+-half_width``, looked at every ``every``
    playouts (and not before ``at_least``)."""

    half_width: float = 0.05
    every: int = 100
    at_least: int = 100

    def __post_init__(self) -> None:
        if not 0 < self.half_width < 0.5:
            raise WartoolsError(f"sequential: half_width must lie between 0 and 0.5, not {self.half_width}")
        if self.every < 1 or self.at_least < 1:
            raise WartoolsError("sequential: every and at_least must be at least 1 playout")

    def looks_at(self, k: int) -> bool:
        """Whether the rule looks at the answer after the first ``k`` playouts."""
        return k >= self.at_least and k % self.every == 0

    def satisfied(self, wins: Mapping[str, int], k: int) -> bool:
        """Whether every side's win interval (``wins[side]`` of ``k``) is narrow enough."""
        return all(wilson(w, k).half_width <= self.half_width for w in wins.values())

    def text(self) -> str:
        """The rule in words."""
        return (f"stop once every side's win rate is within +-{self.half_width:.1%} (95 % Wilson), "
                f"looked at every {self.every} playouts from {self.at_least} on")
