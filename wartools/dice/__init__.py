"""Exact dice arithmetic, Markov chains and seeded simulation for combat odds.

The core type is :class:`Dist`, a small frozen discrete distribution whose
probabilities are :class:`fractions.Fraction`. Everything a wargame combat
table needs is built from a handful of operations: sums of dice
(convolution), counting successes over N dice, thresholds such as
``2D6 + k >= T``, mixtures, conditioning, expectation, tails and ``map``.
Multi-round procedures (assaults, re-rolled ties) are finite absorbing Markov
chains solved exactly by :func:`absorbing_distribution`. What is too large to
enumerate can be estimated with the vectorised, explicitly seeded helpers
:func:`roll`, :func:`sample` and :func:`empirical`.

The engine is rule-agnostic: it never knows which game it serves.

Examples
--------
>>> from fractions import Fraction
>>> from wartools.dice import d, Dist
>>> two_d6 = d(6) + d(6)
>>> two_d6[7]
Fraction(1, 6)
>>> two_d6.at_least(10)          # Conflict of Heroes: 4 FP against 14 DV
Fraction(1, 6)
>>> Dist.binomial(4, Fraction(2, 10))[0]   # Combat Infantry 4F2: no hit
Fraction(256, 625)
"""
from __future__ import annotations

from wartools.dice.core import Dist, count_successes, d, fraction_str, markdown_table, mixture, threshold
from wartools.dice.markov import absorbing_distribution
from wartools.dice.simulate import empirical, roll, sample, standard_errors

__all__ = [
    "Dist", "d", "mixture", "count_successes", "threshold", "absorbing_distribution",
    "roll", "sample", "empirical", "standard_errors", "markdown_table",
    "fraction_str",
]
