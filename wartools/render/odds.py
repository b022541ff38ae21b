"""Bar charts of exact odds (:class:`wartools.combat.OddsResult`).

Examples
--------
>>> from wartools.combat import odds
>>> ax = draw_odds(odds("combat-infantry", dice=3, firepower=4))
>>> ax.get_xlabel(), ax.get_ylabel(), len(ax.patches)
('hits', 'probability', 4)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

#: text colour of value labels
INK = "#222222"

if TYPE_CHECKING:  # pragma: no cover
    from wartools.combat import OddsResult

#: one colour for "a probability" in every odds chart
BAR = "#3b6fb6"


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
        probs = {k: Fraction(v) for k, v in result.answer.items()
                 if isinstance(v, str) and "/" in v or v in ("0", "1")}
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
