"""The picture of a luck review: each side's running luck over the game, the biggest swings marked.

One step line per side in its counter colour (and its own line style, so the sides differ in grey
too) climbs with every roll that went better than expected and falls with every worse one; the
biggest swings are ringed and numbered as the review lists them; zero is "as expected". The key
names the sides and the marks. Everything drawn is read from the
:class:`wartools.play.luck.LuckReview`; nothing is computed here.

Examples
--------
>>> from fractions import Fraction as F
>>> from wartools.play.luck import LuckReview, RollLuck, SideLuck
>>> rolls = (RollLuck(0, 1, "US", "us-1 fires", "6.2", F(1, 4), F(2), F(1, 2)),
...          RollLuck(1, 1, "German", "de-1 fires", "6.2", F(1, 2), F(0), F(1, 2)))
>>> review = LuckReview("Bridge", rolls, {"US": SideLuck("US", 1, F(1, 2), F(2), None),
...                                       "German": SideLuck("German", 1, F(1, 2), F(0), None)}, rolls)
>>> ax = draw_luck(review)
>>> [t.get_text() for t in ax.get_legend().get_texts()]
['US', 'German', 'as expected', 'biggest swings (numbered)']
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartools.render.style import INK, side_colour

if TYPE_CHECKING:  # pragma: no cover
    from wartools.play.luck import LuckReview

#: line styles of the sides, in their order (the sides differ without colour too)
SIDE_LINES = ("-", "--", "-.", ":")


def draw_luck(review: LuckReview, ax: Any = None) -> Any:
    """Running luck per side against the action number; returns the Axes."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7.0, 3.2), layout="constrained")
    sides = tuple(review.sides)
    at: dict[tuple[str, int], float] = {}
    for n, side in enumerate(sides):
        points = review.running(side)
        xs = [0, *(a for a, _ in points)]
        ys = [0.0, *(float(v) for _, v in points)]
        at.update({(side, a): float(v) for a, v in points})
        ax.step(xs, ys, where="post", color=side_colour(side, sides), linestyle=SIDE_LINES[n % len(SIDE_LINES)],
                linewidth=1.6, label=side)
    ax.axhline(0.0, color=INK, linewidth=0.8, linestyle=":", label="as expected")
    for k, r in enumerate(review.swings, 1):
        y = at.get((r.side, r.action), 0.0)
        ax.plot([r.action], [y], marker="o", markersize=9, markerfacecolor="none", markeredgecolor=INK,
                linestyle="none", label="biggest swings (numbered)" if k == 1 else None)
        ax.annotate(str(k), (r.action, y), xytext=(5, 5), textcoords="offset points", fontsize=7, color=INK)
    ax.set_xlabel("action")
    ax.set_ylabel("luck (outcome minus expected, summed)")
    ax.set_title(f"{review.scenario}: luck over the game ({len(review.rolls)} rolls)", fontsize=9)
    ax.legend(loc="best", fontsize=7, frameon=False)
    return ax
