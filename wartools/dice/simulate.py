"""Seeded, vectorised numpy simulation and its comparison with exact results.

Every function takes an explicit :class:`numpy.random.Generator`.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable

import numpy as np

from wartools.dice.core import Dist, d

__all__ = ["roll", "sample", "empirical", "standard_errors"]


def roll(rng: np.random.Generator, sides: int, shape: int | tuple[int, ...]) -> np.ndarray:
    """Uniform die faces ``1..sides`` of the given shape, from an explicit generator.

    Examples
    --------
    >>> faces = roll(np.random.default_rng(1), 10, (3, 4))
    >>> faces.shape, int(faces.min()) >= 1, int(faces.max()) <= 10
    ((3, 4), True, True)
    """
    return rng.integers(1, sides + 1, size=shape)


def sample(dist: Dist, rng: np.random.Generator, size: int) -> np.ndarray:
    """Draw ``size`` outcomes of ``dist`` (a numeric or object array).

    Examples
    --------
    >>> sample(Dist.constant(3), np.random.default_rng(0), 4).tolist()
    [3, 3, 3, 3]
    """
    probs = np.array([float(p) for p in dist.probabilities])
    idx = rng.choice(len(probs), size=size, p=probs / probs.sum())
    outcomes = list(dist.outcomes)
    if all(isinstance(v, (int, np.integer)) for v in outcomes):
        values = np.array(outcomes, dtype=np.int64)
    else:
        values = np.empty(len(outcomes), dtype=object)
        # element-wise fill keeps tuple outcomes as objects; numpy stubs reject non-scalar items
        values[:] = outcomes  # type: ignore[assignment]
    return values[idx]


def empirical(values: Iterable[Hashable] | np.ndarray) -> Dist:
    """The exact empirical distribution (Fraction frequencies) of observed outcomes.

    Examples
    --------
    >>> empirical([0, 1, 1, 1])[1]
    Fraction(3, 4)
    """
    arr = np.asarray(values)
    if arr.dtype.kind in "iub":
        keys, counts = np.unique(arr, return_counts=True)
        return Dist.from_weights({int(k): int(c) for k, c in zip(keys, counts)})
    weights: dict[Hashable, int] = {}
    for v in values:
        weights[v] = weights.get(v, 0) + 1
    return Dist.from_weights(weights)


def standard_errors(exact: Dist, observed: Dist, trials: int) -> dict[Hashable, float]:
    """For each outcome, ``|observed - exact| / SE`` with ``SE = sqrt(p(1-p)/trials)``.

    Outcomes impossible under ``exact`` but observed get ``inf``.

    Examples
    --------
    >>> rng = np.random.default_rng(7)
    >>> obs = empirical(roll(rng, 6, 60_000))
    >>> max(standard_errors(d(6), obs, 60_000).values()) < 4
    True
    """
    out: dict[Hashable, float] = {}
    for k in set(exact.outcomes) | set(observed.outcomes):
        p = float(exact[k])
        diff = abs(float(observed[k]) - p)
        se = math.sqrt(p * (1 - p) / trials)
        out[k] = diff / se if se else (0.0 if diff == 0 else math.inf)
    return out
