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
  them as passing *through* the building, which blocks (option ``building-corners``,
  said in every answer; ``False`` clears such rulers).
* High-explosive damage is indirect and fires over buildings (5.1):
  ``indirect=True`` ignores buildings.
* Default sight range and firing range are both 2 hexes (7, Sight and Range);
  a unit on the start hex sees one hex further per ``sight+1`` tag and fires
  one further per ``range+1`` tag (7, Sight and Range: the eye and +1 range
  symbols); ``range=`` overrides both.
* What one allied unit sees, every ally sees (7, Spotting): see
  :func:`spotted_cells` and :func:`can_attack`. Allies are the units of the
  observer's team (2, Setup: the players divide into teams; a map's ``teams``,
  :meth:`~wartools.mapmodel.Map.allies`).
* A camouflaged unit (a unit with the ``camouflaged`` tag) is seen by enemy
  observers only from adjacent hexes (7, Camouflage); its own team sees it as
  usual. The observer's side is ``side=`` or the side of the unit on the start
  hex; an observer with no side counts as an enemy.

**Along and vertex contacts** never count: only ``crossed`` hexsides of a
building hex are counted (``ALONG = VERTEX = "ignore"``).

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.los import line_of_sight
>>> m = tiny_map("company-of-heroes", 6, 6, terrain={"C3": "building"})
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

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import numpy as np

from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.games.company_of_heroes import verdict as compiled
from wartools.los.geometry import Batch, MapGeometry
from wartools.rules.los import BLOCK, CELL, NO_CONTACT, NOTE, Findings, LOSPolicy, LOSSituation
from wartools.mapmodel import Map

BUILDING_TERRAIN: tuple[str, ...] = ("building",)
"""Hexes ringed by green heavy-cover lines (Company of Heroes 4, Obstacles to Movement)."""
DEFAULT_SIGHT = 2
DEFAULT_RANGE = 2
CAMOUFLAGE_TAG = "camouflaged"
SIGHT_TAG, RANGE_TAG = "sight+1", "range+1"
#: at most this many ``sight+1`` (or ``range+1``) tags on one unit: an upgrade and a commander
#: ability (7 Range; 10 Recon in Force); the bound lets viewsheds skip far cells
MAX_BONUS = 2


class CompanyOfHeroesLOS(LOSPolicy):
    """Company of Heroes LOS policy (see the module docstring)."""

    reads: ClassVar[tuple[str, ...]] = ("building-corners",)
    relevant_reads_units: ClassVar[bool] = False     # building hexes and their hexsides
    ALONG: ClassVar[str] = "ignore"
    VERTEX: ClassVar[str] = "ignore"
    building_terrain: ClassVar[tuple[str, ...]] = BUILDING_TERRAIN
    RULES: ClassVar[dict[str, str]] = {
        "range": "Company of Heroes 7 (Sight, Range): {where} is beyond the range (default 2 hexes, "
                 "+1 per sight+1 or range+1 of the unit)",
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
        # per cell, a bit mask of the sides (indices into names["sides"]) of its camouflaged units;
        # per side, the bit mask of its team (2 Setup: allies); per cell, the sight and range
        # bonus of the unit standing there (7 Sight, Range)
        m = geo.map
        camo = np.zeros(geo.n, dtype=np.int64)
        names = geo.names["sides"]
        sides = {s: i for i, s in enumerate(names)}
        team = np.array([sum(1 << sides[a] for a in m.allies(s) if a in sides) for s in names] or [0],
                        dtype=np.int64)
        sight = np.zeros(geo.n, dtype=np.int64)
        reach = np.zeros(geo.n, dtype=np.int64)
        for u in m.units:
            if CAMOUFLAGE_TAG in u.tags:
                camo[geo.ext(u.cell)] |= 1 << sides[u.side]
            i = geo.ext(u.cell)
            sight[i] = max(sight[i], _bonus(u.id, u.tags, SIGHT_TAG))
            reach[i] = max(reach[i], _bonus(u.id, u.tags, RANGE_TAG))
        return {"building": geo.terrain_mask(self.building_terrain), "camo": camo, "team": team,
                "sight": sight, "reach": reach}

    def relevant(self, geo: MapGeometry, prep: dict[str, np.ndarray], sit: LOSSituation,
                 explain: bool) -> tuple[np.ndarray, np.ndarray]:
        # only building hexes and their hexsides matter
        bld = prep["building"]
        edges = bld[geo.edge_c1] | ((geo.edge_c2 >= 0) & bld[np.maximum(geo.edge_c2, 0)])
        return bld, edges

    def max_range(self, sit: LOSSituation) -> int | None:
        if sit.range is not None:
            return sit.range
        return (DEFAULT_SIGHT if sit.mode == "sight" else DEFAULT_RANGE) + MAX_BONUS

    def is_symmetric(self, geo: MapGeometry, sit: LOSSituation) -> bool:
        prep = self.prepared(geo)
        bonus = prep["sight"] if sit.mode == "sight" else prep["reach"]
        return (sit.observer_height == 0 and not prep["camo"].any()
                and (sit.range is not None or not bonus.any()))

    def _limit(self, batch: Batch, prep: dict[str, np.ndarray], sit: LOSSituation) -> np.ndarray | int:
        """The range of each ruler: ``range=``, else the observer's own sight (or firing range):
        2, +1 per tag (7 Sight, Range)."""
        if sit.range is not None:
            return sit.range
        base, bonus = (DEFAULT_SIGHT, prep["sight"]) if sit.mode == "sight" else (DEFAULT_RANGE, prep["reach"])
        return base + bonus[batch.a]

    def _camouflaged(self, batch: Batch, prep: dict[str, np.ndarray]) -> np.ndarray:
        """Rulers to a camouflaged unit of another side than the observer's (every side when the
        observer has none), beyond adjacent (7, Camouflage)."""
        own = np.where(batch.obs_side >= 0, prep["team"][np.maximum(batch.obs_side, 0)], 0)
        enemy = (prep["camo"][batch.b] & ~own) != 0
        return enemy & (batch.dist > 1)

    def verdict_loop(self) -> Callable[..., Any]:
        return compiled.verdict

    def verdict(self, fn: Callable[..., Any], rows: tuple[np.ndarray, ...], batch: Batch, prep: dict[str, np.ndarray],
                sit: LOSSituation) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """:meth:`judge`'s answers from one compiled loop (:mod:`.verdict`)."""
        geo = batch.geo
        pre = (batch.dist > self._limit(batch, prep, sit)) | self._camouflaged(batch, prep)
        blocked = fn(pre, batch.a, batch.b, *rows,
                     prep["building"], geo.edge_c1, geo.edge_c2, bool(self.option("building-corners")),
                     bool(sit.indirect))
        zeros = np.zeros(batch.n, dtype=np.int64)
        return blocked, zeros, zeros

    def judge(self, batch: Batch, prep: dict[str, np.ndarray], sit: LOSSituation, out: Findings) -> None:
        self.range_findings(batch, sit, out, "range", self._limit(batch, prep, sit))
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
        if len(inner) and self.option("building-corners"):
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
        # camouflage hides a unit from enemies only
        camo = np.flatnonzero(self._camouflaged(batch, prep))
        out.add(camo, BLOCK, "camouflage", CELL, batch.b[camo], NO_CONTACT, last)



def _bonus(unit_id: str, tags: Iterable[str], tag: str) -> int:
    n = sum(1 for t in tags if t == tag)
    if n > MAX_BONUS:
        raise WartoolsError(f"unit {unit_id!r} has {n} {tag} tags; at most {MAX_BONUS} are supported "
                            "(an upgrade and a commander ability)")
    return n


def unit_sight(tags: Iterable[str]) -> int:
    """Sight range of a unit from its tags: 2, plus 1 per ``sight+1`` tag (Company of Heroes 7, Sight).

    Examples
    --------
    >>> unit_sight(()), unit_sight(("sight+1",))
    (2, 3)
    """
    return DEFAULT_SIGHT + sum(1 for t in tags if t == SIGHT_TAG)


def unit_range(tags: Iterable[str]) -> int:
    """Firing range of a unit from its tags: 2, plus 1 per ``range+1`` tag (Company of Heroes 7, Range).

    Examples
    --------
    >>> unit_range(()), unit_range(("range+1", "sight+1"))
    (2, 3)
    """
    return DEFAULT_RANGE + sum(1 for t in tags if t == RANGE_TAG)


def spotted_cells(m: Map, side: str) -> tuple[Cell, ...]:
    """Cells that some unit of ``side``'s team sees: shared by every ally (Company of Heroes 7,
    Spotting; the team is the map's ``teams``, 2 Setup).

    Each unit uses its own sight range (:func:`unit_sight`); camouflaged enemies
    count only where an ally is adjacent; pinned units still spot (7, Pinning).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("company-of-heroes", 9, 1, units=[("us-1", "US", "infantry", "A1"),
    ...                                                ("us-2", "US", "mortar-team", "E1")])
    >>> [m.label(c) for c in spotted_cells(m, "US")]
    ['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1']
    """
    from wartools.los.analysis import viewshed

    team = m.allies(m.side(side))
    seen: set[Cell] = set()
    for u in m.units:
        if u.side in team:
            seen.update(viewshed(m, u.cell, range=unit_sight(u.tags), mode="sight", side=u.side))
    return tuple(c for c in m.grid.cells() if c in seen)


#: weapon teams, which attack only when deployed (Company of Heroes 4, Weapon Teams)
WEAPON_TEAMS = frozenset({"mg-team", "mortar-team", "at-team"})


def attack_refusal(m: Map, a: Cell | str, b: Cell | str, *, range: int | None = None,
                   indirect: bool = False, side: str | None = None) -> str | None:
    """Why the unit at ``a`` may not attack ``b`` (``None`` when it may), in words with the rule:
    the game's attack question (:meth:`wartools.games.company_of_heroes.fire.Fire.attack`, through
    the map's game); see :func:`can_attack`.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("coh", 4, 1, units=[("mo", "US", "mortar", "A1", {"tags": ["deployed"]}),
    ...                                  ("de", "Wehrmacht", "infantry", "B1")])
    >>> print(attack_refusal(m, "A1", "B1"))
    a mortar team may not attack an adjacent unit (Company of Heroes 4 (Weapon Teams))
    """
    got = _attack(m, a, b, range, indirect, side)
    if isinstance(got, str):
        return got
    return None if got else f"{got.why} ({got.rule})"


def _attack(m: Map, a: Cell | str, b: Cell | str, range: int | None, indirect: bool,
            side: str | None) -> Any:
    """The attack question for the unit at ``a`` (its range given as ``range``) on the enemy unit
    at ``b`` (an enemy infantry squad when none stands there); a string when nobody attacks from
    ``a``. Whether the attack goes over buildings is the unit's own HE dice (5.1): ``indirect``
    is kept for callers that say so, and changes nothing."""
    from dataclasses import replace

    from wartools.mapmodel import Unit

    a, b = m.cell(a), m.cell(b)
    units = m.units_at(a)
    if not units and side is None:
        return "no unit on the attacking hex and no side given: nobody to spot for it (7, Spotting)"
    attacker = units[0] if units else Unit("attacker", m.side(side or ""), "infantry", a)
    if side is not None:
        attacker = replace(attacker, side=m.side(side))
    if range is not None:
        attacker = replace(attacker, tags=(*attacker.tags, f"range={range}"))
    fire = m.game.fire_rules()
    allies = m.allies(attacker.side)
    targets = [u for u in m.units_at(b) if u.side not in allies]
    enemy = next((s for s in m.sides() if s not in allies), attacker.side)
    target = targets[0] if targets else Unit("target", enemy, "infantry", b)
    return fire.attack(m, attacker, target)


def can_attack(m: Map, a: Cell | str, b: Cell | str, *, range: int | None = None,
               indirect: bool = False, side: str | None = None) -> bool:
    """Whether the unit at ``a`` may attack ``b``, as the game's attack question answers it: not
    pinned (7, Pinning), a weapon team deployed (4, Weapon Teams), a mortar not at an adjacent
    hex (4, Weapon Teams), within firing range (the unit's, with its ``range+1`` tags, unless
    ``range=``), the attack line not through a building (unless the unit has HE dice, 5.1),
    ``b`` spotted by its team (7, Spotting, Camouflage), not riding a transport (4) and hurt by
    the unit's damage (6).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("company-of-heroes", 9, 1, units=[
    ...     ("us-1", "US", "mortar-team", "A1", {"tags": ["deployed"]}), ("us-2", "US", "infantry", "D1"),
    ...     ("de-1", "Wehrmacht", "infantry", "E1", {"tags": ["camouflaged"]})])
    >>> can_attack(m, "A1", "E1")               # a mortar team's range 4; the adjacent ally spots the sniper
    True
    >>> can_attack(m, "A1", "E1", range=2)      # the default firing range 2 does not reach
    False
    """
    return attack_refusal(m, a, b, range=range, indirect=indirect, side=side) is None
