"""Heroes of Normandie's line-of-sight verdict as one compiled loop (the rules of :mod:`.los`).

:func:`verdict` walks each ruler's contact rows and answers what
:meth:`HeroesOfNormandieLOS.judge <wartools.games.heroes_of_normandie.los.HeroesOfNormandieLOS.judge>`
answers, without its findings: blocked or not, the hindrance count and the modifier (the
worst smoke penalty, Orders Option Smoke: ``MODIFIER = "min"``). The rows are the same (those
the policy's relevance masks keep) and each test is one clause of the judgement: buildings
and walls (option ``building-blocks-los``), fields and obstacles (1.2, 1.3, option
``hedges-are-obstacles``), infantry and vehicles between the ends, holes and trench corners,
mounds (1.1), contour lines crossed away from both ends (1.1 Contour Line A, B, option
``contour-adjacency``), and the corner rule (option ``corner-rule``: a ruler exactly through a
corner is stopped there only by blockers of any kind on both of its sides). Smoke is read on
every ruler, blocked or not (hindrance and modifier are answers for every ruler); ``pre``:
rulers beyond the range, decided by the judgement's own numpy code.

The function is plain Python compiled by :func:`wartools.los.kernel.verdict_kernel`; the
property test ``tests/test_los_verdict.py`` compares it with the judgement on random boards.
"""
from __future__ import annotations

from typing import Any

import numpy as np

CLOSED, ANY, NEVER = 0, 1, 2
"""The corner rule (option ``corner-rule``: ``closed-both-sides``, ``any``, ``never``)."""


def verdict(pre: Any, a: Any, b: Any, obs_inf: Any, tgt_inf: Any,
            c_start: Any, c_stop: Any, c_base: Any, c_rel: Any, c_kind: Any, c_order: Any, c_side: Any,
            c_corner: Any, c_keep: Any,
            e_start: Any, e_stop: Any, e_base: Any, e_rel: Any, e_kind: Any, e_order: Any, e_side: Any,
            e_corner: Any, e_keep: Any,
            block: Any, field: Any, smoke: Any, trench: Any, mound: Any, elev: Any, unit_types: Any,
            wall: Any, obstacle: Any, contour: Any, line: Any, edge_c1: Any, edge_c2: Any,
            near_keys: Any, near_count: int, near_start: Any, near_line: Any, beside_keys: Any, beside_n: int,
            q: Any, r: Any, table: Any, rq: int, rr: int, inf_bit: int, veh_bit: int,
            buildings: bool, obstacles: bool, vehicles: bool, by_line: bool, corner_rule: int) -> Any:
    """Per ruler: blocked, hindrance count, modifier (see the module docstring)."""
    n = len(a)
    blocked = pre.copy()
    hindrance = np.zeros(n, dtype=np.int64)
    modifier = np.zeros(n, dtype=np.int64)

    def has(keys: Any, key: int) -> bool:
        """Is ``key`` among the sorted ``keys``?"""
        j = np.searchsorted(keys, key)
        return bool(j < len(keys) and keys[j] == key)

    def borders(cell: int, ln: int) -> bool:
        """Does contour line ``ln`` border ``cell``?"""
        return ln >= 0 and has(near_keys, cell * near_count + ln)

    def share(x: int, y: int) -> bool:
        """Does some contour line border both ``x`` and ``y``?"""
        for j in range(near_start[y], near_start[y + 1]):
            if borders(x, near_line[j]):
                return True
        return False

    def distance(x: int, y: int) -> int:
        return table[q[y] - q[x] + rq, r[y] - r[x] + rr]

    def cell_rules(i: int, x: int) -> int:
        """0: no clause holds on cell ``x`` (a row of ruler ``i``); 1: a clause the corner rule
        decides; 2: a trench corner (1.1 Hole C), whatever the contact."""
        ai, bi = a[i], b[i]
        if x == ai or x == bi:
            return 0
        ta = trench[ai]
        if ta >= 0 and ta == trench[bi] and trench[x] != ta:
            return 2
        if buildings and block[x]:
            return 1
        if obstacles and field[x] and (obs_inf[i] or tgt_inf[i]) and distance(ai, x) > 1 and distance(bi, x) > 1:
            return 1
        types = unit_types[x]
        if types == 0:
            return 0
        if mound[x]:
            for end in (ai, bi):
                if elev[end] > elev[x] and share(end, x):
                    return 0                 # seen over, towards a higher unit across the line (Mounds A)
            return 1
        inf = (types & inf_bit) != 0
        in_hole = inf and trench[x] >= 0
        if in_hole and obs_inf[i] and trench[x] == ta:
            return 1                         # Hole B
        if inf and not in_hole and obs_inf[i] and tgt_inf[i]:
            return 1                         # Contour Line D
        if vehicles and (types & veh_bit) != 0:
            return 1
        return 0

    def edge_rules(i: int, x: int) -> bool:
        """Does a wall or an obstacle (not at an end) stand on edge ``x`` of ruler ``i``?"""
        if buildings and wall[x]:
            return True
        if obstacles and obstacle[x]:
            e1, e2 = edge_c1[x], edge_c2[x]
            return not (e1 == a[i] or e1 == b[i] or e2 == a[i] or e2 == b[i])
        return False

    def closed(i: int, place: int) -> bool:
        """Do blockers of any kind touch the corner ``place`` on both sides of ruler ``i``?"""
        pos, neg = False, False
        for j in range(c_start[i], c_stop[i]):
            y = c_base[i] + c_rel[j]
            if c_keep[y] and c_kind[j] == 2 and c_corner[j] == place and cell_rules(i, y) > 0:
                pos = pos or c_side[j] > 0
                neg = neg or c_side[j] < 0
        for j in range(e_start[i], e_stop[i]):
            y = e_base[i] + e_rel[j]
            if e_keep[y] and e_kind[j] == 2 and e_corner[j] == place and edge_rules(i, y):
                pos = pos or e_side[j] > 0
                neg = neg or e_side[j] < 0
        return pos and neg

    def pinched(i: int, place: int) -> bool:
        """Do contour interspaces meet at the corner ``place`` on both sides of ruler ``i``?"""
        pos, neg = False, False
        for j in range(e_start[i], e_stop[i]):
            y = e_base[i] + e_rel[j]
            if e_keep[y] and e_kind[j] == 2 and e_corner[j] == place and contour[y]:
                pos = pos or e_side[j] > 0
                neg = neg or e_side[j] < 0
        return pos and neg

    def counts(i: int, kind: int, place: int) -> bool:
        """Does a clause on a row of this contact count under the corner rule?"""
        if kind == 0 or corner_rule == ANY:
            return True
        return corner_rule == CLOSED and kind == 2 and closed(i, place)

    for i in range(n):
        ai, bi = a[i], b[i]
        for k in range(c_start[i], c_stop[i]):     # smoke obscures every ruler, blocked or not
            x = c_base[i] + c_rel[k]
            if c_keep[x] and c_kind[k] == 0 and smoke[x] < 0:
                hindrance[i] += 1
                modifier[i] = min(modifier[i], smoke[x])
        if blocked[i]:
            continue
        for k in range(c_start[i], c_stop[i]):
            x = c_base[i] + c_rel[k]
            if not c_keep[x]:
                continue
            got = cell_rules(i, x)
            if got == 2 or (got == 1 and counts(i, c_kind[k], c_corner[k])):
                blocked[i] = True
                break
        if blocked[i]:
            continue
        for k in range(e_start[i], e_stop[i]):
            x = e_base[i] + e_rel[k]
            if not e_keep[x]:
                continue
            kind = e_kind[k]
            if edge_rules(i, x) and counts(i, kind, e_corner[k]):
                blocked[i] = True
                break
            if contour[x] and (kind == 0 or (kind == 2 and e_side[k] > 0 and pinched(i, e_corner[k]))):
                if by_line:
                    ok = borders(ai, line[x]) or borders(bi, line[x])
                else:
                    ok = has(beside_keys, x * beside_n + ai) or has(beside_keys, x * beside_n + bi)
                if not ok:                   # a contour line crossed away from both ends (1.1)
                    blocked[i] = True
                    break
    return blocked, hindrance, modifier
