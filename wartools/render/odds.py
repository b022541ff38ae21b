"""Bar charts of exact odds (:class:`wartools.combat.OddsResult`) and of any distributions.

Examples
--------
>>> from wartools.combat import odds
>>> ax = draw_odds(odds("combat-infantry", dice=3, firepower=4))
>>> ax.get_xlabel(), ax.get_ylabel(), len(ax.patches)
('hits', 'probability', 4)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wartools.dice import Dist
from wartools.dice.core import outcomes_of
from wartools.render.style import INK, PROBABILITY_BAR

if TYPE_CHECKING:  # pragma: no cover
    from wartools.combat import OddsResult

#: one colour for "a probability" in every odds chart
BAR = PROBABILITY_BAR


def draw_odds(result: OddsResult, ax: Any = None) -> Any:
    """Draw the first exact distribution of ``result`` (or its scalar probabilities) as bars,
    each labelled with its percentage; returns the Axes."""
    from fractions import Fraction

    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(5.0, 3.0), layout="constrained").add_subplot()
    if result.charts:
        title, dist = next(iter(result.charts.items()))
        labels = [str(k) for k, _ in dist.items]
        values = [float(p) for _, p in dist.items]
    else:
        title = "probability"
        probs = {k: v for k, v in result.answer.items() if isinstance(v, Fraction)}
        labels, values = list(probs), [float(p) for p in probs.values()]
    bars = ax.bar(labels, values, color=BAR, label="exact probability")
    for bar, v in zip(bars, values):
        ax.annotate(f"{v:.1%}", (bar.get_x() + bar.get_width() / 2, v), ha="center", va="bottom",
                    fontsize=8, color=INK, xytext=(0, 2), textcoords="offset points")
    ax.set_xlabel(title)
    ax.set_ylabel("probability")
    ax.set_ylim(0, max([*values, 0.01]) * 1.18)
    ax.set_title(f"{result.game.name}: exact odds", fontsize=10)
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    return ax


def bar_chart(dist: Dist | Mapping[str, Dist], *, ax: Any = None, title: str | None = None,
              xlabel: str = "outcome") -> Any:
    """Bar chart of one or several distributions; returns the matplotlib ``Axes``.

    Examples
    --------
    >>> ax = bar_chart(Dist.binomial(3, Fraction(1, 2)), title="3 coins")
    >>> len(ax.patches)
    4
    """
    columns = {"P": dist} if isinstance(dist, Dist) else dict(dist)
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(5.0, 3.0), layout="constrained").add_subplot()
    keys = outcomes_of(columns)
    width = 0.8 / len(columns)
    for i, (name, col) in enumerate(columns.items()):
        xs = [j + (i - (len(columns) - 1) / 2) * width for j in range(len(keys))]
        ax.bar(xs, [float(col[k]) for k in keys], width=width, label=name)
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels([str(k) for k in keys])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    if title:
        ax.set_title(title)
    if len(columns) > 1:
        ax.legend()
    return ax


def probability_curve(points: Sequence[tuple[Any, Fraction]], *, goal: Fraction | None = None, ax: Any = None,
                      title: str | None = None, xlabel: str = "", ylabel: str = "probability") -> Any:
    """A probability against a count (squads firing, dice rolled ...), as a line of points in the
    probability colour, with an optional dashed ``goal`` line; both named in the key.

    Examples
    --------
    >>> ax = probability_curve([(1, Fraction(1, 2)), (2, Fraction(3, 4))], goal=Fraction(2, 3),
    ...                        xlabel="coins", ylabel="P(at least one head)")
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['P(at least one head)', 'goal: 67 %']
    """
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(5.0, 3.0), layout="constrained").add_subplot()
    ax.plot([x for x, _ in points], [float(p) for _, p in points], marker="o", color=BAR, label=ylabel)
    if goal is not None:
        ax.axhline(float(goal), linestyle="--", color=INK, linewidth=1.0, label=f"goal: {float(goal):.0%}".replace("%", " %"))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1.05)
    if title:
        ax.set_title(title, fontsize=10)
    ax.legend(loc="lower right", fontsize=8, frameon=False)
    return ax
