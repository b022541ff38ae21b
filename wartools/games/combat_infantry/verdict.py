"""Combat Infantry's line-of-sight verdict as one compiled loop (the rules of :mod:`.los`).

:func:`verdict` walks the contact rows of each ruler once, in order, and stops at the first
block: the answer of :meth:`CombatInfantryLOS.judge <wartools.games.combat_infantry.los.CombatInfantryLOS.judge>`
(blocked or not; Combat Infantry has no hindrance) without building its findings. Each test
below is one clause of that judgement, on the same rows (those the policy's relevance masks
keep): smoke (7.4), higher ground, blocking terrain and blind hexes (6.4, 6.41), hedges and
blocking hexsides (3.4, 6.4), undrawn town hexsides (3.2), friendly units (6.4, 6.41); woods
and orchard ends (3.4) are read before the rows, and the ranges (2.13, 6.2, 6.61, 10.3) come
in decided by the judgement's own numpy code (``pre``). Contacts along a hexside or at a
corner count as ``ambiguous-contact`` says: ``ANY`` always, ``IGNORE`` never, ``BOTH`` when a
row at the same place on the other side of the ruler falls under the same clause (the
clauses of a row are bits, so one scan of the ruler's rows pairs them all; see
:func:`wartools.rules.los.both_sides`).

The function is plain Python compiled by :func:`wartools.los.kernel.verdict_kernel`; the
property test ``tests/test_los_verdict.py`` compares it with the judgement on random boards.
"""
from __future__ import annotations

from typing import Any

import numpy as np

ANY, BOTH, IGNORE = 0, 1, 2
"""How an along or vertex contact counts (option ``ambiguous-contact``)."""
SMOKE, HIGHER, FLAT, SHADOW = 1, 2, 4, 8
"""The clauses over cell rows whose along / vertex contacts are counted, as bits."""


def verdict(pre: Any, a: Any, b: Any, dist: Any, ea: Any, eb: Any, side: Any,
            c_start: Any, c_stop: Any, c_base: Any, c_rel: Any, c_kind: Any, c_order: Any, c_side: Any,
            c_corner: Any, c_keep: Any,
            e_start: Any, e_stop: Any, e_base: Any, e_rel: Any, e_kind: Any, e_order: Any, e_side: Any,
            e_corner: Any, e_keep: Any,
            elev: Any, block: Any, smoke: Any, adjacent_only: Any, unit_sides: Any, town: Any, hedge: Any,
            hexside: Any, undrawn: Any, edge_c1: Any, edge_c2: Any, q: Any, r: Any, table: Any, rq: int, rr: int,
            along: int, vertex: int, woods_target: bool, woods_observer: bool, indirect: bool, fire: bool) -> Any:
    """Per ruler, whether Combat Infantry blocks it (see the module docstring).

    ``pre``: rulers beyond a range; ``side``: the observer's side index (its friendly units
    block fire); ``woods_target`` / ``woods_observer``: a woods or orchard end sees adjacent
    hexes only (3.4); the masks are the policy's prepared arrays.
    """
    n = len(a)
    blocked = np.zeros(n, dtype=np.bool_)

    def clauses(i: int, x: int, hi: int, lo: int) -> int:
        """The clauses cell ``x`` (a row of ruler ``i``) falls under, as bits, before its contact counts."""
        got = SMOKE if smoke[x] else 0
        if x == a[i] or x == b[i] or dist[i] < 2:
            return got                   # the ends, and adjacent hexes, have no intervening cells
        ex = elev[x]
        if ex > hi:
            return got | HIGHER
        if block[x] and (ea[i] == eb[i] or ex >= hi):
            got |= FLAT
        if ea[i] != eb[i] and ((block[x] and ex < hi) or (not block[x] and ex > lo)):
            got |= SHADOW
        return got

    for i in range(n):
        ai, bi = a[i], b[i]
        far = dist[i] >= 2
        if pre[i] or (far and ((woods_target and adjacent_only[bi]) or (woods_observer and adjacent_only[ai]))):
            blocked[i] = True
            continue
        bit = (1 << side[i]) if side[i] >= 0 else 0
        hi, lo = max(ea[i], eb[i]), min(ea[i], eb[i])
        low_end, high_end = (ai, bi) if ea[i] < eb[i] else (bi, ai)
        done = False
        # intervening hexes first: blocking terrain stops most rulers within a few rows
        for k in range(c_start[i], c_stop[i]):
            x = c_base[i] + c_rel[k]
            if not c_keep[x]:
                continue
            kind = c_kind[k]
            hits = clauses(i, x, hi, lo)
            how = ANY if kind == 0 else (along if kind == 1 else vertex)
            if hits and how == IGNORE:
                hits = 0
            elif hits and how == BOTH:   # the clauses a row at the same place on each side falls under
                place = c_order[k] if kind == 1 else c_corner[k]
                pos, neg = 0, 0
                for j in range(c_start[i], c_stop[i]):
                    y = c_base[i] + c_rel[j]
                    if c_keep[y] and c_kind[j] == kind and (c_order[j] if kind == 1 else c_corner[j]) == place:
                        if c_side[j] > 0:
                            pos |= clauses(i, y, hi, lo)
                        elif c_side[j] < 0:
                            neg |= clauses(i, y, hi, lo)
                hits &= pos & neg
            if (hits & SMOKE and dist[i] >= 1) or hits & (HIGHER | FLAT):
                done = True
                break
            if hits & SHADOW:
                d_low = table[q[x] - q[low_end] + rq, r[x] - r[low_end] + rr]
                d_high = table[q[x] - q[high_end] + rq, r[x] - r[high_end] + rr]
                if d_low < d_high:           # a blind hex (6.41)
                    done = True
                    break
            if fire and far and kind == 0 and x != ai and x != bi and (unit_sides[x] & bit) != 0:
                near = table[q[x] - q[ai] + rq, r[x] - r[ai] + rr] == 1
                if not (near and ea[i] > elev[x]):   # a friendly unit not fired over (6.4, 6.41)
                    done = True
                    break
        # hexsides: every contact counts, end hexsides included (3.2, 3.4, 6.4)
        for k in range(e_start[i], e_stop[i]):
            if done:
                break
            x = e_base[i] + e_rel[k]
            if not e_keep[x]:
                continue
            kind = e_kind[k]
            touch = kind == 0 or (kind == 1 and along == ANY) or (kind == 2 and vertex == ANY)
            if touch and ((hedge[x] and not indirect) or (hexside[x] and far)):
                done = True
                break
            e1, e2 = edge_c1[x], edge_c2[x]
            if touch and undrawn[x] and far and ((town[ai] and (e1 == ai or e2 == ai))
                                                  or (town[bi] and (e1 == bi or e2 == bi))):
                done = True
                break
            if fire and kind == 1 and far and (unit_sides[e1] & bit) != 0 \
                    and (unit_sides[max(e2, 0)] & bit) != 0:
                done = True
                break
        blocked[i] = done
    return blocked
