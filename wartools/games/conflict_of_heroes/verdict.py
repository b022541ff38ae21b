"""Conflict of Heroes' line-of-sight verdict as one compiled loop (the readings of :mod:`.los`).

:func:`verdict` walks each ruler's contact rows once and sums what
:meth:`ConflictOfHeroesLOS.judge <wartools.games.conflict_of_heroes.los.ConflictOfHeroesLOS.judge>`
finds, without building the findings: blocked or not, the hindrance count and the defence
modifier (the sum of the hindering hexes' and hexsides' values). The rows are the same (those
the policy's relevance masks keep) and each test is one reading of the judgement: hills higher
than both ends (option ``hills-block``), blocking and hindering hexes crossed between the ends
at a level seen (not below the lower end, not above the higher), a ruler along a hexside
ranked by the lesser (or, option ``along-hexside``, the greater) of its two hexes, the value
taken from the first of them (in row order) with that rank, and blocking and hindering
hexsides crossed between the ends. Every ruler is read to its end: hindrance and modifier are
answers even for a blocked ruler. ``pre``: rulers beyond the range, decided by the
judgement's own numpy code.

The function is plain Python compiled by :func:`wartools.los.kernel.verdict_kernel`; the
property test ``tests/test_los_verdict.py`` compares it with the judgement on random boards.
"""
from __future__ import annotations

from typing import Any

import numpy as np

ANY, BOTH, IGNORE = 0, 1, 2
"""How an along or vertex contact counts for the hill reading (the class's ``ALONG``, ``VERTEX``)."""


def verdict(pre: Any, a: Any, b: Any, ea: Any, eb: Any,
            c_start: Any, c_stop: Any, c_base: Any, c_rel: Any, c_kind: Any, c_order: Any, c_side: Any,
            c_corner: Any, c_keep: Any,
            e_start: Any, e_stop: Any, e_base: Any, e_rel: Any, e_kind: Any, e_order: Any, e_side: Any,
            e_corner: Any, e_keep: Any,
            elev: Any, block: Any, hinder: Any, eblock: Any, ehinder: Any, edge_c1: Any, edge_c2: Any,
            hills: bool, greater: bool, along: int, vertex: int) -> Any:
    """Per ruler: blocked, hindrance count, modifier (see the module docstring)."""
    n = len(a)
    blocked = pre.copy()
    hindrance = np.zeros(n, dtype=np.int64)
    modifier = np.zeros(n, dtype=np.int64)

    def rank(i: int, x: int, hi: int, lo: int) -> int:
        """Clear 0, hinder 1, block 2 of an along row's hex (0 at an end or a level not seen)."""
        if x == a[i] or x == b[i] or elev[x] < lo or elev[x] > hi:
            return 0
        return 2 if block[x] else (1 if hinder[x] > 0 else 0)

    for i in range(n):
        ai, bi = a[i], b[i]
        hi, lo = max(ea[i], eb[i]), min(ea[i], eb[i])
        for k in range(c_start[i], c_stop[i]):
            x = c_base[i] + c_rel[k]
            if not c_keep[x]:
                continue
            kind = c_kind[k]
            mid = x != ai and x != bi
            ex = elev[x]
            if hills and mid and ex > hi:       # a hill above both ends (its along / vertex rows as counted)
                how = ANY if kind == 0 else (along if kind == 1 else vertex)
                if how == ANY:
                    blocked[i] = True
                elif how == BOTH:
                    place = c_order[k] if kind == 1 else c_corner[k]
                    pos, neg = False, False
                    for j in range(c_start[i], c_stop[i]):
                        y = c_base[i] + c_rel[j]
                        if c_keep[y] and c_kind[j] == kind and (c_order[j] if kind == 1 else c_corner[j]) == place \
                                and y != ai and y != bi and elev[y] > hi:
                            pos = pos or c_side[j] > 0
                            neg = neg or c_side[j] < 0
                    if pos and neg:
                        blocked[i] = True
            if kind == 0:
                if mid and lo <= ex <= hi:
                    if block[x]:
                        blocked[i] = True
                    elif hinder[x] > 0:
                        hindrance[i] += 1
                        modifier[i] += hinder[x]
            elif kind == 1:
                # the along rows at this place: once, from the first of them
                first = True
                for j in range(c_start[i], k):
                    if c_keep[c_base[i] + c_rel[j]] and c_kind[j] == 1 and c_order[j] == c_order[k]:
                        first = False
                        break
                if not first:
                    continue
                size, low, high = 0, 2, 0
                for j in range(k, c_stop[i]):
                    y = c_base[i] + c_rel[j]
                    if c_keep[y] and c_kind[j] == 1 and c_order[j] == c_order[k]:
                        got = rank(i, y, hi, lo)
                        size += 1
                        low, high = min(low, got), max(high, got)
                value = high if greater else (low if size >= 2 else 0)
                if value == 0:
                    continue
                for j in range(k, c_stop[i]):
                    y = c_base[i] + c_rel[j]
                    if c_keep[y] and c_kind[j] == 1 and c_order[j] == c_order[k] and rank(i, y, hi, lo) == value:
                        if value == 2:
                            blocked[i] = True
                        else:
                            hindrance[i] += 1
                            modifier[i] += max(hinder[y], 1)
                        break
        for k in range(e_start[i], e_stop[i]):
            x = e_base[i] + e_rel[k]
            if not e_keep[x] or e_kind[k] != 0:
                continue
            e1, e2 = edge_c1[x], edge_c2[x]
            if e1 == ai or e1 == bi or e2 == ai or e2 == bi:
                continue                     # the ends' own hexsides
            if eblock[x]:
                blocked[i] = True
            if ehinder[x] > 0:
                hindrance[i] += 1
                modifier[i] += ehinder[x]
    return blocked, hindrance, modifier
