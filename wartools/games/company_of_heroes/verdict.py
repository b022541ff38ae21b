"""Company of Heroes' line-of-sight verdict as one compiled loop (the rules of :mod:`.los`).

:func:`verdict` walks each ruler's contact rows once and stops at the first block: the answer
of :meth:`CompanyOfHeroesLOS.judge <wartools.games.company_of_heroes.los.CompanyOfHeroesLOS.judge>`
without its findings (Company of Heroes has no hindrance). A ruler is blocked when it fully
crosses two hexsides of one building hex (7, Buildings Blocking Attacks and Sight: a crossed
hexside row whose hex on either side is a building, met twice for one hex), or, with option
``building-corners``, when it crosses the interior of a building hex between its ends; HE
fire (``indirect``, 5.1) goes over buildings. The range and camouflage clauses read the
ruler's ends only and come in decided by the judgement's own numpy code (``pre``).

The function is plain Python compiled by :func:`wartools.los.kernel.verdict_kernel`; the
property test ``tests/test_los_verdict.py`` compares it with the judgement on random boards.
"""
from __future__ import annotations

from typing import Any

import numpy as np


def verdict(pre: Any, a: Any, b: Any,
            c_start: Any, c_stop: Any, c_base: Any, c_rel: Any, c_kind: Any, c_order: Any, c_side: Any,
            c_corner: Any, c_keep: Any,
            e_start: Any, e_stop: Any, e_base: Any, e_rel: Any, e_kind: Any, e_order: Any, e_side: Any,
            e_corner: Any, e_keep: Any,
            building: Any, edge_c1: Any, edge_c2: Any, corners: bool, indirect: bool) -> Any:
    """Per ruler, whether Company of Heroes blocks it (see the module docstring)."""
    n = len(a)
    blocked = pre.copy()
    if indirect:
        return blocked
    seen = np.full(len(building), -1, dtype=np.int64)     # the last ruler that crossed a hexside of each hex
    for i in range(n):
        if blocked[i]:
            continue
        for k in range(e_start[i], e_stop[i]):
            x = e_base[i] + e_rel[k]
            if not e_keep[x] or e_kind[k] != 0:
                continue
            for c in (edge_c1[x], edge_c2[x]):
                if c >= 0 and building[c]:
                    if seen[c] == i:         # a second hexside of this building crossed
                        blocked[i] = True
                    seen[c] = i
            if blocked[i]:
                break
        if blocked[i] or not corners:
            continue
        for k in range(c_start[i], c_stop[i]):
            x = c_base[i] + c_rel[k]
            if c_keep[x] and c_kind[k] == 0 and building[x] and x != a[i] and x != b[i]:
                blocked[i] = True            # through the building's interior (option building-corners)
                break
    return blocked
