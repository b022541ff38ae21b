"""Exact absorbing Markov chains for multi-round procedures (assaults, re-rolled ties)."""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from wartools.dice.core import Dist, d

__all__ = ["absorbing_distribution"]


def absorbing_distribution(start: Hashable, step: Callable[[Any], Dist | None]) -> Dist:
    """Distribution of the absorbing state reached from ``start``.

    Parameters
    ----------
    start
        The initial (hashable) state.
    step
        ``step(state)`` returns the :class:`Dist` of the next state, or
        ``None`` when ``state`` is absorbing. The reachable state space must
        be finite. Acyclic chains (the usual case: a round counter advances)
        are propagated forward; self-loops (re-rolled ties) are removed by
        conditioning; longer cycles are solved exactly by Gauss-Jordan
        elimination over :class:`~fractions.Fraction`.

    Examples
    --------
    Re-roll ties: two players roll one d6 each, ties re-rolled.

    >>> def step(state):
    ...     if state != "roll":
    ...         return None
    ...     return d(6).combine(d(6), lambda a, b: "A" if a > b else "B" if b > a else "roll")
    >>> absorbing_distribution("roll", step)["A"]
    Fraction(1, 2)

    A cycle of length two (gambler's ruin on 0..3 starting at 1):

    >>> walk = lambda s: None if s in (0, 3) else Dist.uniform([s - 1, s + 1])
    >>> absorbing_distribution(1, walk)[3]
    Fraction(1, 3)
    """
    # Explore the reachable graph.
    succ: dict[Hashable, Dist | None] = {}
    stack = [start]
    while stack:
        s = stack.pop()
        if s in succ:
            continue
        nxt = step(s)
        if nxt is not None:
            loop = nxt[s]
            if loop == 1:
                raise ValueError(f"state {s!r} loops on itself with certainty")
            if loop:
                nxt = nxt.given(lambda t: t != s)  # given() is eager: no late binding of s
        succ[s] = nxt
        if nxt is not None:
            stack.extend(t for t in nxt.outcomes if t not in succ)
    order = _topological(start, succ)
    if order is None:
        return _solve_linear(start, succ)
    return _propagate(start, order, succ)


def _propagate(start: Hashable, order: list, succ: Mapping[Hashable, Dist | None]) -> Dist:
    """Push the probability mass forward in topological order (acyclic chains).

    Masses are kept as integer ``(numerator, denominator)`` pairs added over
    the least common denominator, which is far cheaper than Fraction
    arithmetic; each state's mass is reduced once, when it is expanded.
    """
    mass: dict[Hashable, tuple[int, int]] = {start: (1, 1)}
    absorbed: dict[Hashable, Fraction] = {}
    for s in order:  # each state once, after all its predecessors
        got = mass.pop(s, None)
        if got is None:
            continue
        num, den = got
        nxt = succ[s]
        if nxt is None:
            absorbed[s] = Fraction(num, den)
            continue
        g = math.gcd(num, den)
        num, den = num // g, den // g
        for t, q in nxt.items:
            a, b = num * q.numerator, den * q.denominator
            old = mass.get(t)
            if old is None:
                mass[t] = (a, b)
            elif old[1] == b:
                mass[t] = (old[0] + a, b)
            else:
                g = math.gcd(old[1], b)
                mass[t] = (old[0] * (b // g) + a * (old[1] // g), old[1] // g * b)
    return Dist._from_dict(absorbed)


def _topological(start: Hashable, succ: Mapping[Hashable, Dist | None]) -> list | None:
    """Reverse post-order of the reachable graph, or ``None`` if it has a cycle."""
    colour: dict[Hashable, int] = {}
    order: list[Hashable] = []
    first = succ[start]
    stack: list[tuple[Hashable, Iterator]] = [(start, iter(first.outcomes if first else ()))]
    colour[start] = 1
    while stack:
        node, it = stack[-1]
        for t in it:
            c = colour.get(t, 0)
            if c == 1:
                return None
            if c == 0:
                colour[t] = 1
                nt = succ[t]
                stack.append((t, iter(nt.outcomes if nt else ())))
                break
        else:
            stack.pop()
            colour[node] = 2
            order.append(node)
    order.reverse()
    return order


def _solve_linear(start: Hashable, succ: Mapping[Hashable, Dist | None]) -> Dist:
    """Absorption probabilities by exact elimination: ``x (I - Q) = e_start``."""
    moves = {s: n for s, n in succ.items() if n is not None}
    transient = list(moves)
    absorbing = [s for s, n in succ.items() if n is None]
    index = {s: i for i, s in enumerate(transient)}
    m = len(transient)
    # Solve (I - Q)^T x = e_start for the expected visits x.
    a = [[Fraction(int(i == j)) for j in range(m)] + [Fraction(int(transient[i] == start))]
         for i in range(m)]
    for j, s in enumerate(transient):
        for t, q in moves[s].items:
            if t in index:
                a[index[t]][j] -= q
    for col in range(m):
        pivot = next(r for r in range(col, m) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        inv = 1 / a[col][col]
        a[col] = [v * inv for v in a[col]]
        for r in range(m):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    visits = {s: a[index[s]][m] for s in transient}
    out: dict[Hashable, Fraction] = {s: Fraction(0) for s in absorbing}
    for s in transient:
        for t, q in moves[s].items:
            if t not in index:
                out[t] += visits[s] * q
    return Dist._from_dict(out)
