"""Wilson score intervals for a proportion, and the playouts a precision needs.

A balance run counts how often something happened (a side won, a result held) in ``n``
independent playouts. The 95 % interval of each proportion is the **Wilson score interval**
(Wilson 1927): with ``p = k / n`` and ``z`` the normal quantile (1.959964 for 95 %),

    centre = (p + z^2 / 2n) / (1 + z^2 / n)
    half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)

It is computed from the counts themselves (never from a running float), so the same counts give
the same interval, bit for bit, whoever counted them. Unlike the textbook ``p +- z sqrt(p(1-p)/n)``
it stays inside 0..1 and does not collapse to a point at 0 or ``n`` successes.

Examples
--------
>>> wilson(0, 10).high                  # z^2 / (n + z^2) when nothing happened
0.2775...
>>> i = wilson(8, 10); round(i.low, 4), round(i.high, 4)
(0.4902, 0.9433)
>>> playouts_for(0.05)                  # worst case (a 50 % proportion) for +-5 points
381
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from wartools.dice import fraction_str
from wartools.errors import WartoolsError

#: the confidence of every interval in a balance answer
CONFIDENCE = 0.95
#: the two-sided normal quantile of :data:`CONFIDENCE` (1.959963984540054)
Z95 = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)
#: the most playouts :func:`playouts_for` will name
MOST_NEEDED = 10**9


@dataclass(frozen=True)
class Interval:
    """A proportion ``count / n`` with its Wilson interval ``low .. high``.

    Attributes
    ----------
    count, n
        How often it happened, in how many playouts.
    low, high
        The interval's ends (floats: the interval has square roots; the proportion itself is exact).
    """

    count: int
    n: int
    low: float
    high: float

    @property
    def p(self) -> Fraction:
        """The observed proportion, exactly (``0`` for no playouts)."""
        return Fraction(self.count, self.n) if self.n else Fraction(0)

    @property
    def half_width(self) -> float:
        """Half the interval's width (the ``+-`` a reader quotes)."""
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, object]:
        """``{"p": "n/d", "low", "high", "count"}`` (ends rounded to 6 decimals)."""
        return {"p": fraction_str(self.p), "low": round(self.low, 6), "high": round(self.high, 6),
                "count": self.count}

    def text(self) -> str:
        """``41.0% (31.9%-50.8%)``: the proportion and its interval."""
        return f"{float(self.p):.1%} ({self.low:.1%}-{self.high:.1%})"



def wilson(count: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``count`` successes in ``n`` trials.

    Parameters
    ----------
    count, n
        Whole numbers, ``0 <= count <= n``. With ``n == 0`` nothing is known: ``0 .. 1``.
    z
        The normal quantile (default: 95 %).

    Examples
    --------
    >>> wilson(10, 10).low == 1 - wilson(0, 10).high      # symmetric in success and failure
    True
    >>> wilson(0, 0)
    Interval(count=0, n=0, low=0.0, high=1.0)
    """
    if not 0 <= count <= n:
        raise WartoolsError(f"a proportion needs 0 <= count <= n, not {count} of {n}")
    if n == 0:
        return Interval(0, 0, 0.0, 1.0)
    p = count / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == n else min(1.0, centre + half)
    return Interval(count, n, low, high)


def half_width(p: float, n: int, z: float = Z95) -> float:
    """The Wilson half-width at proportion ``p`` after ``n`` playouts."""
    z2 = z * z
    return z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))


def playouts_for(target: float, p: float = 0.5, z: float = Z95) -> int:
    """The fewest playouts whose Wilson interval at proportion ``p`` is at most ``+-target``.

    ``p = 1/2`` (the default) is the worst case: enough whatever the proportion turns out to be.

    Examples
    --------
    >>> playouts_for(0.05, p=0.1), playouts_for(0.01)
    (141, 9600)
    """
    if not 0 < target < 0.5:
        raise WartoolsError(f"a precision is a half-width between 0 and 0.5, not {target}")
    if not 0 <= p <= 1:
        raise WartoolsError(f"a proportion lies in 0..1, not {p}")
    low, high = 1, MOST_NEEDED
    if half_width(p, high, z) > target:
        return MOST_NEEDED
    while low < high:  # the half-width shrinks as n grows
        mid = (low + high) // 2
        if half_width(p, mid, z) <= target:
            high = mid
        else:
            low = mid + 1
    return low
