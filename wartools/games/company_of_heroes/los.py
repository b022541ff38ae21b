"""Company of Heroes sight and attack lines (Company of Heroes 5.1 and 7: Sight, Range,
Spotting, Camouflage, Buildings Blocking Attacks and Sight).

The rules, paraphrased:

* Only buildings block. A ruler from centre to centre is blocked when it fully
  crosses two of the green hexsides of one building hex; running along a
  building hexside, or touching only a corner, does not block (7, Buildings
  Blocking Attacks and Sight). A unit can therefore see and attack into and
  out of a building hex (the ruler crosses one of its hexsides) but not
  through one. A ruler can also pass through the interior of a building hex
  without fully crossing two of its hexsides: along a hexspine it enters and
  leaves at two corners, and a ruler can cross one hexside and leave (or
  enter) at a corner. The excerpt does not cover these cases, and we read
  them as passing *through* the building, which blocks (``building-corners``).
* High-explosive damage is indirect and fires over buildings (5.1):
  ``indirect=True`` ignores buildings.
* Default sight range and firing range are both 2 hexes (7, Sight and Range);
  pass ``range=`` for units with more.
* What one allied unit sees, every ally sees (7, Spotting): see
  :func:`spotted_cells` and :func:`can_attack`.
* A camouflaged unit (a unit with the ``camouflaged`` tag) is seen by enemy
  observers only from adjacent hexes (7, Camouflage); its own side sees it as
  usual. The observer's side is ``side=`` or the side of the unit on the start
  hex; an observer with no side counts as an enemy.

**Along and vertex contacts** never count: only ``crossed`` hexsides of a
building hex are counted (``ALONG = VERTEX = "ignore"``).

Examples
--------
>>> from wartools.mapmodel import loads_map
>>> from wartools.los import line_of_sight
>>> m = loads_map('''
... format: wartools-map/1
... name: building
... game: company-of-heroes
... grid: {type: hex, columns: 6, rows: 6}
... terrain: {cells: {C3: building}}
... ''')
>>> line_of_sight(m, "C2", "C4").status          # through the building
'blocked'
>>> line_of_sight(m, "C2", "C3").status          # into it
'clear'
>>> line_of_sight(m, "B3", "D3").status          # runs along its C3|C4 hexside
'clear'
>>> line_of_sight(m, "C2", "C4", indirect=True).status
'clear'
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import numpy as np

from wartools.grids.base import Cell
from wartools.los.geometry import Batch, MapGeometry
from wartools.los.policy import BLOCK, CELL, NO_CONTACT, NOTE, Findings, LOSPolicy, Situation
from wartools.mapmodel import Map

BUILDING_TERRAIN: tuple[str, ...] = ("building",)
"""Hexes ringed by green heavy-cover lines (Company of Heroes 4, Obstacles to Movement)."""
DEFAULT_SIGHT = 2
DEFAULT_RANGE = 2
CAMOUFLAGE_TAG = "camouflaged"


class CompanyOfHeroesLOS(LOSPolicy):
    """Company of Heroes LOS policy (see the module docstring)."""

    game_id = "company-of-heroes"
    ALONG: ClassVar[str] = "ignore"
    VERTEX: ClassVar[str] = "ignore"
    building_terrain: ClassVar[tuple[str, ...]] = BUILDING_TERRAIN
    RULES: ClassVar[dict[str, str]] = {
        "range": "Company of Heroes 7 (Sight, Range): {where} is beyond the range (default 2 hexes)",
        "building": "Company of Heroes 7 (Buildings Blocking Attacks and Sight): the ruler fully "
                    "crosses two building hexsides of {where}",
        "building-corners": "Company of Heroes 7 (Buildings Blocking Attacks and Sight): the ruler passes "
                            "through the interior of building {where} without fully crossing two of its "
                            "hexsides (it enters or leaves at one of its corners); read as passing through "
                            "the building, which blocks",
        "building-touch": "Company of Heroes 7 (Buildings Blocking Attacks and Sight): the ruler only "
                          "runs along or touches a corner of building {where}, which does not block",
        "building-end": "Company of Heroes 7: units can see and attack into and out of building {where}",
        "he": "Company of Heroes 5.1: HE damage is indirect and fires over building {where}",
        "camouflage": "Company of Heroes 7 (Camouflage): the camouflaged enemy unit in {where} can only "
                      "be spotted from an adjacent hex",
    }

    def prepare(self, geo: MapGeometry) -> dict[str, np.ndarray]:
        # per cell, a bit mask of the sides (indices into names["sides"]) of its camouflaged units
        camo = np.zeros(geo.n, dtype=np.int64)
        sides = {s: i for i, s in enumerate(geo.names["sides"])}
        for u in geo.map.units:
            if CAMOUFLAGE_TAG in u.tags:
                camo[geo.ext(u.cell)] |= 1 << sides[u.side]
        return {"building": geo.terrain_mask(self.building_terrain), "camo": camo}

    def relevant(self, geo: MapGeometry, prep: dict[str, np.ndarray], sit: Situation,
                 explain: bool) -> tuple[np.ndarray, np.ndarray]:
        # only building hexes and their hexsides matter
        bld = prep["building"]
        edges = bld[geo.edge_c1] | ((geo.edge_c2 >= 0) & bld[np.maximum(geo.edge_c2, 0)])
        return bld, edges

    def max_range(self, sit: Situation) -> int | None:
        if sit.range is not None:
            return sit.range
        return DEFAULT_SIGHT if sit.mode == "sight" else DEFAULT_RANGE

    def is_symmetric(self, geo: MapGeometry, sit: Situation) -> bool:
        return sit.observer_height == 0 and not self.prepared(geo)["camo"].any()

    def judge(self, batch: Batch, prep: dict[str, np.ndarray], sit: Situation, out: Findings) -> None:
        self.range_findings(batch, sit, out)
        bld = prep["building"]
        last = batch.order_max + 1
        crossed = batch.ek == 0
        pairs, cells = [], []
        for side in (batch.e1, batch.e2):
            sel = crossed & (side >= 0) & bld[np.maximum(side, 0)]
            pairs.append(batch.ep[sel])
            cells.append(side[sel])
        p, c = np.concatenate(pairs), np.concatenate(cells)
        if len(p):
            keys, counts = np.unique(np.stack([p, c], 1), axis=0, return_counts=True)
            hit = keys[counts >= 2]
            # order: the building cell's own row order on its ruler
            order = np.zeros(len(hit), dtype=np.int64)
            effect = NOTE if sit.indirect else BLOCK
            out.add(hit[:, 0], effect, "he" if sit.indirect else "building", CELL, hit[:, 1],
                    0, order)
        else:
            hit = np.zeros((0, 2), dtype=np.int64)
        # A ruler can pass through a building's interior without fully crossing two of its
        # hexsides (along a hexspine it enters and leaves at corners; or it crosses one hexside
        # and passes a corner); it still goes through the building, which blocks it (7: units
        # see into buildings but not past them).
        inner = np.flatnonzero(bld[batch.cc] & (batch.ck == 0) & ~batch.cend)
        if len(inner):
            n = batch.geo.n
            done = np.isin(batch.cp[inner] * n + batch.cc[inner], hit[:, 0] * n + hit[:, 1])
            inner = inner[~done]
            out.add(batch.cp[inner], NOTE if sit.indirect else BLOCK,
                    "he" if sit.indirect else "building-corners", CELL, batch.cc[inner], 0,
                    batch.co[inner])
        if batch.explain:
            b_rows = bld[batch.cc]
            touch = b_rows & (batch.ck != 0) & ~batch.cend
            out.add(batch.cp[touch], NOTE, "building-touch", CELL, batch.cc[touch], batch.ck[touch],
                    batch.co[touch])
            end = b_rows & batch.cend & (batch.dist[batch.cp] > 0)
            out.add(batch.cp[end], NOTE, "building-end", CELL, batch.cc[end], NO_CONTACT, batch.co[end])
        # camouflage hides a unit from enemies only: a camouflaged unit of another side than the
        # observer's (every side when the observer has none) on the target hex, beyond adjacent
        own = np.where(batch.obs_side >= 0, np.left_shift(1, np.maximum(batch.obs_side, 0)), 0)
        enemy = (prep["camo"][batch.b] & ~own) != 0
        camo = np.flatnonzero(enemy & (batch.dist > 1))
        out.add(camo, BLOCK, "camouflage", CELL, batch.b[camo], NO_CONTACT, last)


#: the policy class the game object builds (``Game.los_policy()``)
Policy = CompanyOfHeroesLOS
POLICY = CompanyOfHeroesLOS()
"""The default Company of Heroes policy."""


def unit_sight(tags: Iterable[str]) -> int:
    """Sight range of a unit from its tags: 2, plus 1 per ``sight+1`` tag (Company of Heroes 7, Sight).

    Examples
    --------
    >>> unit_sight(()), unit_sight(("sight+1",))
    (2, 3)
    """
    return DEFAULT_SIGHT + sum(1 for t in tags if t == "sight+1")


def spotted_cells(m: Map, side: str) -> tuple[Cell, ...]:
    """Cells that some unit of ``side`` sees: shared by every ally (Company of Heroes 7, Spotting).

    Each unit uses its own sight range (:func:`unit_sight`); camouflaged enemies
    count only where an ally is adjacent.

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> m = loads_map('''
    ... format: wartools-map/1
    ... name: spot
    ... game: company-of-heroes
    ... grid: {type: hex, columns: 9, rows: 1}
    ... units:
    ...   - {id: us-1, side: US, type: infantry, cell: A1}
    ...   - {id: us-2, side: US, type: mortar-team, cell: E1}
    ... ''')
    >>> [m.label(c) for c in spotted_cells(m, "US")]
    ['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1']
    """
    from wartools.los.analysis import viewshed

    seen: set[Cell] = set()
    for u in m.units:
        if u.side == side:
            seen.update(viewshed(m, u.cell, range=unit_sight(u.tags), mode="sight", side=side))
    return tuple(c for c in m.grid.cells() if c in seen)


def can_attack(m: Map, a: Cell | str, b: Cell | str, *, range: int | None = None,
               indirect: bool = False, side: str | None = None) -> bool:
    """Whether the unit at ``a`` may attack ``b``: within firing range, the attack line not
    through a building (unless HE, 5.1), and ``b`` spotted by its team (7, Spotting).

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> m = loads_map('''
    ... format: wartools-map/1
    ... name: mortar
    ... game: company-of-heroes
    ... grid: {type: hex, columns: 9, rows: 1}
    ... units:
    ...   - {id: us-1, side: US, type: mortar-team, cell: A1}
    ...   - {id: us-2, side: US, type: infantry, cell: D1}
    ...   - {id: de-1, side: Wehrmacht, type: infantry, cell: E1, tags: [camouflaged]}
    ... ''')
    >>> can_attack(m, "A1", "E1", range=4)      # the adjacent ally spots the sniper
    True
    >>> can_attack(m, "A1", "E1")               # default firing range 2
    False
    """
    from wartools.los.engine import line_of_sight

    a, b = m.cell(a), m.cell(b)
    if side is None:
        units = m.units_at(a)
        side = units[0].side if units else None
    line = line_of_sight(m, a, b, mode="fire", range=range, indirect=indirect, side=side)
    # anything but camouflage stops the attack; camouflage is lifted by the team's spotting
    if any(r.rule_id != "camouflage" for r in line.deciding):
        return False
    return side is not None and b in spotted_cells(m, side)

