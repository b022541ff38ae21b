"""The :class:`Dist` type: exact finite distributions with Fraction probabilities."""
from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Dist", "d", "mixture", "count_successes", "threshold", "fraction_str", "outcomes_of"]

Number = int | Fraction


def _sort_key(items: Iterable[tuple[Any, Fraction]]) -> list[tuple[Any, Fraction]]:
    items = list(items)
    try:
        return sorted(items, key=lambda kv: kv[0])
    except TypeError:
        return sorted(items, key=lambda kv: repr(kv[0]))


def fraction_str(p: Number) -> str:
    """Write a probability as an exact fraction string (``"64/81"``, ``"0"``, ``"1"``).

    Examples
    --------
    >>> fraction_str(Fraction(64, 81)), fraction_str(Fraction(2, 2))
    ('64/81', '1')
    """
    return str(Fraction(p))


@dataclass(frozen=True)
class Dist:
    """An exact finite probability distribution over hashable outcomes.

    Parameters
    ----------
    items
        ``(outcome, probability)`` pairs, outcomes distinct, probabilities
        positive :class:`~fractions.Fraction` summing to exactly 1. Use the
        constructors (:meth:`from_weights`, :meth:`uniform`, :func:`d`...)
        rather than building the tuple by hand.

    Examples
    --------
    >>> coin = Dist.from_weights({"heads": 1, "tails": 1})
    >>> coin["heads"], coin["edge"]
    (Fraction(1, 2), Fraction(0, 1))
    >>> (d(4) + 1).outcomes
    (2, 3, 4, 5)
    """

    items: tuple[tuple[Hashable, Fraction], ...]

    def __post_init__(self) -> None:
        total = Fraction(0)
        seen = set()
        for outcome, p in self.items:
            if not isinstance(p, Fraction) or p <= 0:
                raise ValueError(f"probability of {outcome!r} must be a positive Fraction, got {p!r}")
            if outcome in seen:
                raise ValueError(f"duplicate outcome {outcome!r}")
            seen.add(outcome)
            total += p
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")

    # ------------------------------------------------------------------ constructors
    @classmethod
    def _from_dict(cls, pmf: Mapping[Hashable, Fraction]) -> Dist:
        """Build from an already normalised mapping, dropping zero entries."""
        return cls(tuple(_sort_key((k, Fraction(v)) for k, v in pmf.items() if v)))

    @classmethod
    def _from_int_weights(cls, weights: Mapping[Hashable, int], total: int) -> Dist:
        """Trusted fast path from integer weights over a known ``total`` (their sum), no checks.

        Engine code accumulates integer weights over a common denominator (d10
        rolls give powers of 10) and builds one reduced Fraction per outcome at
        the end; zero weights are dropped and outcomes sorted, as everywhere.

        Examples
        --------
        >>> Dist._from_int_weights({2: 1, 1: 3}, 4) == Dist.from_weights({1: 3, 2: 1})
        True
        """
        obj = object.__new__(cls)
        object.__setattr__(obj, "items", tuple(_sort_key((k, Fraction(w, total)) for k, w in weights.items() if w)))
        return obj

    def _int_weights(self) -> tuple[tuple[tuple[Hashable, int], ...], int]:
        """``((outcome, weight), ...), total``: integer weights over the least common denominator.

        Examples
        --------
        >>> Dist.binomial(2, Fraction(3, 10))._int_weights()
        (((0, 49), (1, 42), (2, 9)), 100)
        """
        total = math.lcm(*(p.denominator for _, p in self.items))
        return tuple((k, p.numerator * (total // p.denominator)) for k, p in self.items), total

    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, Number]) -> Dist:
        """Normalise non-negative integer or Fraction weights into a distribution.

        Examples
        --------
        >>> Dist.from_weights({0: 1, 1: 3})[1]
        Fraction(3, 4)
        """
        total = sum(Fraction(w) for w in weights.values())
        if total <= 0 or any(Fraction(w) < 0 for w in weights.values()):
            raise ValueError("weights must be non-negative with a positive total")
        return cls._from_dict({k: Fraction(w) / total for k, w in weights.items()})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely (repeats add weight).

        Examples
        --------
        >>> Dist.uniform(["red", "red", "green"])["red"]
        Fraction(2, 3)
        """
        weights: dict[Hashable, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return cls.from_weights(weights)

    @classmethod
    def constant(cls, outcome: Hashable) -> Dist:
        """The outcome ``outcome`` with certainty."""
        return cls(((outcome, Fraction(1)),))

    @classmethod
    def bernoulli(cls, p: Number) -> Dist:
        """1 with probability ``p``, else 0.

        Examples
        --------
        >>> Dist.bernoulli(Fraction(2, 3)).mean()
        Fraction(2, 3)
        """
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError(f"probability {p} outside [0, 1]")
        return cls._from_dict({0: 1 - p, 1: p})

    @classmethod
    def binomial(cls, n: int, p: Number) -> Dist:
        """Number of successes over ``n`` independent trials of probability ``p``.

        Examples
        --------
        >>> Dist.binomial(5, Fraction(2, 3)).at_least(3)
        Fraction(64, 81)
        """
        if n < 0:
            raise ValueError("n must be >= 0")
        p = Fraction(p)
        q = 1 - p
        return cls._from_dict({k: math.comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1)})

    # ------------------------------------------------------------------ access
    @property
    def outcomes(self) -> tuple[Hashable, ...]:
        """The outcomes with positive probability, sorted."""
        return tuple(k for k, _ in self.items)

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """The probabilities, in the order of :attr:`outcomes`."""
        return tuple(p for _, p in self.items)

    def pmf(self) -> dict[Hashable, Fraction]:
        """The distribution as a fresh ``{outcome: probability}`` dict."""
        return dict(self.items)

    def __getitem__(self, outcome: Hashable) -> Fraction:
        for k, p in self.items:
            if k == outcome:
                return p
        return Fraction(0)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.outcomes)

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, outcome: object) -> bool:
        return any(k == outcome for k, _ in self.items)

    # ------------------------------------------------------------------ algebra
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """Distribution of ``f(outcome)``; outcomes mapped together merge.

        Examples
        --------
        >>> d(6).map(lambda x: x >= 5)[True]
        Fraction(1, 3)
        """
        out: dict[Hashable, Fraction] = {}
        for k, p in self.items:
            key = f(k)
            out[key] = out.get(key, 0) + p
        return Dist._from_dict(out)

    def bind(self, f: Callable[[Any], Dist]) -> Dist:
        """Mixture over outcomes: first draw from ``self``, then from ``f(outcome)``.

        Examples
        --------
        >>> d(2).bind(lambda n: Dist.binomial(n, Fraction(1, 2)))[0]   # roll 1 or 2 coins
        Fraction(3, 8)
        """
        out: dict[Hashable, Fraction] = {}
        for k, p in self.items:
            for k2, p2 in f(k).items:
                out[k2] = out.get(k2, 0) + p * p2
        return Dist._from_dict(out)

    def combine(self, other: Dist, op: Callable[[Any, Any], Hashable]) -> Dist:
        """Distribution of ``op(x, y)`` for independent ``x ~ self``, ``y ~ other``.

        Examples
        --------
        >>> d(6).combine(d(6), max).at_least(6)
        Fraction(11, 36)
        """
        out: dict[Hashable, Fraction] = {}
        for k1, p1 in self.items:
            for k2, p2 in other.items:
                key = op(k1, k2)
                out[key] = out.get(key, 0) + p1 * p2
        return Dist._from_dict(out)

    def repeat(self, n: int, op: Callable[[Any, Any], Hashable] = operator.add) -> Dist:
        """Fold ``n >= 1`` independent copies with an associative ``op`` (default: sum).

        Uses repeated squaring, so 30 dice cost about 5 convolutions.

        Examples
        --------
        >>> d(6).repeat(3)[18]
        Fraction(1, 216)
        >>> Dist.constant((0, 0)).repeat(1) == Dist.constant((0, 0))
        True
        """
        if n < 1:
            raise ValueError("repeat needs n >= 1")
        result: Dist | None = None
        base = self
        while n:
            if n & 1:
                result = base if result is None else result.combine(base, op)
            n >>= 1
            if n:
                base = base.combine(base, op)
        assert result is not None
        return result

    def __add__(self, other: Dist | Number) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, operator.add)
        return self.map(lambda x: x + other)

    __radd__ = __add__

    def __neg__(self) -> Dist:
        return self.map(operator.neg)

    def __sub__(self, other: Dist | Number) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, operator.sub)
        return self.map(lambda x: x - other)

    # ------------------------------------------------------------------ queries
    def prob(self, predicate: Callable[[Any], bool]) -> Fraction:
        """Probability that ``predicate(outcome)`` holds.

        Examples
        --------
        >>> d(6).prob(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        return sum((p for k, p in self.items if predicate(k)), Fraction(0))

    def at_least(self, x: Any) -> Fraction:
        """Upper tail ``P(X >= x)``."""
        return self.prob(lambda k: k >= x)

    def at_most(self, x: Any) -> Fraction:
        """Lower tail ``P(X <= x)``."""
        return self.prob(lambda k: k <= x)

    def given(self, predicate: Callable[[Any], bool]) -> Dist:
        """Condition on ``predicate(outcome)``.

        Raises
        ------
        ValueError
            If the condition has probability zero.

        Examples
        --------
        >>> d(6).given(lambda x: x > 4)[6]
        Fraction(1, 2)
        """
        kept = {k: p for k, p in self.items if predicate(k)}
        total = sum(kept.values(), Fraction(0))
        if not total:
            raise ValueError("conditioning on an event of probability zero")
        return Dist._from_dict({k: p / total for k, p in kept.items()})

    def mean(self, f: Callable[[Any], Number] | None = None) -> Fraction:
        """Expectation of the outcome (or of ``f(outcome)``).

        Examples
        --------
        >>> (d(6) + d(6)).mean()
        Fraction(7, 1)
        """
        f = f or (lambda x: x)
        return sum((p * Fraction(f(k)) for k, p in self.items), Fraction(0))

    def variance(self) -> Fraction:
        """Variance of a numeric distribution."""
        mu = self.mean()
        return self.mean(lambda x: (x - mu) ** 2)

    def cdf(self) -> dict[Hashable, Fraction]:
        """``{x: P(X <= x)}`` over the (sorted) outcomes."""
        out, acc = {}, Fraction(0)
        for k, p in self.items:
            acc += p
            out[k] = acc
        return out

    def survival(self) -> dict[Hashable, Fraction]:
        """``{x: P(X >= x)}`` over the (sorted) outcomes."""
        out, acc = {}, Fraction(0)
        for k, p in reversed(self.items):
            acc += p
            out[k] = acc
        return dict(reversed(out.items()))

    # ------------------------------------------------------------------ output
    def to_json(self) -> dict[str, str]:
        """``{str(outcome): "num/den"}``, for JSON answers."""
        return {str(k): fraction_str(p) for k, p in self.items}

    def to_markdown(self, name: str = "P") -> str:
        """A markdown table of this distribution (see :func:`wartools.dice.markdown_table`)."""
        return markdown_table({name: self})

    def to_dataframe(self, name: str = "probability") -> Any:
        """A pandas ``DataFrame`` (outcome, exact fraction, float); pandas is imported lazily."""
        import pandas as pd

        return pd.DataFrame({"outcome": list(self.outcomes),
                             name: [fraction_str(p) for p in self.probabilities],
                             "float": [float(p) for p in self.probabilities]})

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {fraction_str(p)}" for k, p in self.items)
        return f"Dist({{{body}}})"


def d(sides: int) -> Dist:
    """A fair die numbered ``1..sides``.

    Examples
    --------
    >>> d(10)[10]
    Fraction(1, 10)
    """
    if sides < 1:
        raise ValueError("a die needs at least one side")
    return Dist.uniform(range(1, sides + 1))


def mixture(components: Iterable[tuple[Number, Dist]]) -> Dist:
    """Weighted mixture of distributions; weights are normalised.

    Examples
    --------
    >>> mixture([(1, Dist.constant(0)), (3, d(2))])[0]
    Fraction(1, 4)
    """
    comps = [(Fraction(w), dist) for w, dist in components]
    total = sum((w for w, _ in comps), Fraction(0))
    if total <= 0 or any(w < 0 for w, _ in comps):
        raise ValueError("mixture weights must be non-negative with a positive total")
    out: dict[Hashable, Fraction] = {}
    for w, dist in comps:
        for k, p in dist.items:
            out[k] = out.get(k, 0) + w / total * p
    return Dist._from_dict(out)


def count_successes(n: int, die: Dist, success: Callable[[Any], bool]) -> Dist:
    """Number of dice out of ``n`` whose face satisfies ``success``.

    Examples
    --------
    >>> count_successes(4, d(10), lambda x: x <= 2)[0]   # Combat Infantry 4F2
    Fraction(256, 625)
    """
    return Dist.binomial(n, die.prob(success))


def threshold(n_dice: int, sides: int, modifier: int, target: int) -> Fraction:
    """``P(n_dice D sides + modifier >= target)``.

    Examples
    --------
    >>> threshold(2, 6, 4, 14)     # Conflict of Heroes: 4 FP against 14 DV
    Fraction(1, 6)
    """
    if n_dice < 1:
        return Fraction(1) if modifier >= target else Fraction(0)
    return d(sides).repeat(n_dice).at_least(target - modifier)


def outcomes_of(columns: Mapping[str, Dist]) -> list[Any]:
    """The outcomes of several distributions, each once, in order (by ``repr`` when they do
    not compare).

    Examples
    --------
    >>> outcomes_of({"a": d(2), "b": d(3)})
    [1, 2, 3]
    """
    return [k for k, _ in _sort_key((k, Fraction(0)) for k in {k for dist in columns.values() for k in dist.outcomes})]


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
    lines = ["| " + " | ".join([outcome, *columns]) + " |",
             "| " + " | ".join(["---:"] * (len(columns) + 1)) + " |"]
    for k in outcomes_of(columns):
        cells = [str(k)]
        for dist in columns.values():
            p = dist[k]
            cells.append(f"{fraction_str(p)} ({float(p):.{digits}f})")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
