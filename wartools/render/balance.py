"""The picture of a balance answer: each side's win rate and each graded result, with intervals.

Bars are the observed shares (each side's in its counter colour, the results in the probability
colour), whiskers the 95 % Wilson intervals; the key says which is which. Everything drawn is read
from the :class:`wartools.balancing.Balance`; nothing is computed here.

Examples
--------
>>> from wartools.balancing import tally
>>> from wartools.balancing.outcome import Outcome
>>> b = tally([Outcome(i, "US victory" if i % 2 else "German victory", "US" if i % 2 else "German",
...                    (("US", 1), ("German", 0))) for i in range(20)],
...           scenario="Bridge", game="combat-infantry", sides=("US", "German"), winners=("US", "German"),
...           levels=("US victory", "German victory"), bots={"US": "random", "German": "random"}, seed=1,
...           requested=20)
>>> ax = draw_balance(b)
>>> [t.get_text() for t in ax.get_legend().get_texts()]
['US wins', 'German wins', 'a result', '95 % Wilson interval']
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartools.render.style import INK, PROBABILITY_BAR, side_colour

if TYPE_CHECKING:  # pragma: no cover
    from wartools.balancing import Balance


def draw_balance(balance: Balance, ax: Any = None) -> Any:
    """Horizontal bars: P(win) of each side, then each result, with Wilson whiskers; returns the Axes."""
    rows = [(f"{s} wins", i, side_colour(s, tuple(balance.wins))) for s, i in balance.wins.items()]
    if balance.draws.count:
        rows.append(("no side wins", balance.draws, PROBABILITY_BAR))
    rows += [(r, i, PROBABILITY_BAR) for r, i in balance.results.items()]
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7.0, 0.45 * len(rows) + 1.4), layout="constrained")
    ys = list(range(len(rows)))[::-1]
    labelled: set[str] = set()
    for y, (name, interval, colour) in zip(ys, rows):
        key = name if name.endswith(" wins") else "a result"
        ax.barh(y, float(interval.p), color=colour, height=0.6, label=None if key in labelled else key)
        labelled.add(key)
        ax.annotate(f"{float(interval.p):.0%}", (interval.high, y), xytext=(4, 0), textcoords="offset points",
                    va="center", fontsize=8, color=INK)
    ax.errorbar([float(i.p) for _, i, _ in rows], ys,
                xerr=[[float(i.p) - i.low for _, i, _ in rows], [i.high - float(i.p) for _, i, _ in rows]],
                fmt="none", ecolor=INK, capsize=3, linewidth=1.0, label="95 % Wilson interval")
    ax.set_yticks(ys)
    ax.set_yticklabels([name for name, _, _ in rows], fontsize=8)
    ax.set_xlim(0, 1.1)
    ax.set_xlabel("share of playouts")
    bots = " v ".join(balance.bots.values())
    ax.set_title(f"{balance.scenario}: {balance.playouts} playouts ({bots}, seed {balance.seed})", fontsize=9)
    ax.legend(loc="lower right", fontsize=7, frameon=False)
    return ax
