"""Markdown tables and matplotlib bar charts of distributions (matplotlib imported lazily)."""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from wartools.dice.core import Dist, _sort_key, fraction_str

__all__ = ["markdown_table", "bar_chart"]


def markdown_table(columns: Mapping[str, Dist] | Dist, *, outcome: str = "outcome",
                   digits: int = 4) -> str:
    """A markdown table, one row per outcome, one column per distribution.

    Each cell shows the exact fraction and its decimal value.

    Examples
    --------
    >>> print(markdown_table({"2 dice": Dist.binomial(2, Fraction(1, 2))}, outcome="hits"))
    | hits | 2 dice |
    | ---: | ---: |
    | 0 | 1/4 (0.2500) |
    | 1 | 1/2 (0.5000) |
    | 2 | 1/4 (0.2500) |
    """
    if isinstance(columns, Dist):
        columns = {"P": columns}
    keys = _sort_key((k, Fraction(0)) for k in {k for dist in columns.values() for k in dist.outcomes})
    lines = ["| " + " | ".join([outcome, *columns]) + " |",
             "| " + " | ".join(["---:"] * (len(columns) + 1)) + " |"]
    for k, _ in keys:
        cells = [str(k)]
        for dist in columns.values():
            p = dist[k]
            cells.append(f"{fraction_str(p)} ({float(p):.{digits}f})")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def bar_chart(dist: Dist | Mapping[str, Dist], *, ax: Any = None, title: str | None = None,
              xlabel: str = "outcome") -> Any:
    """Bar chart of one or several distributions; returns the matplotlib ``Axes``.

    matplotlib is imported lazily, so the dice core does not need it.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = bar_chart(Dist.binomial(3, Fraction(1, 2)), title="3 coins")
    >>> len(ax.patches)
    4
    """
    import matplotlib.pyplot as plt

    columns = {"P": dist} if isinstance(dist, Dist) else dict(dist)
    if ax is None:
        _, ax = plt.subplots()
    keys = [k for k, _ in _sort_key((k, Fraction(0)) for k in
                                    {k for d_ in columns.values() for k in d_.outcomes})]
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
