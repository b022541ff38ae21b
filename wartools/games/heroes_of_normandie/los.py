"""Heroes of Normandie line of sight on squares (Heroes of Normandie 1.1 Terrain Effects:
Hole, Contour Line, Mounds; 1.2-1.4 terrain elements; Orders Options: Smoke).

Clear, obscured (``"hindered"``, with the attack modifier) or blocked:

* Contour lines (``contour`` interspaces, 1.1): a shot that crosses a red
  line reaches only one square beyond it, unless the shooter or the target is
  adjacent to that line. Read from both ends, this is: every contour line the
  ruler crosses must border the shooter's or the target's square. A *line* is
  a connected chain of contour interspaces.
* Units (1.1 Contour Line D): infantry units between the ends block LoS when
  both shooter and target are infantry. Holes (trenches, 1.1 Hole): infantry
  inside do not block for units outside the element, but do block for
  infantry in the same element, and the element's corners block LoS between
  two units inside it. Mounds (1.1): a unit on a mound square blocks LoS,
  except towards a higher unit adjacent to the other side of the red line.
* Smoke templates (Orders Option "Smoke"): a shot into, through or out of a
  ``smoke`` square suffers -4, a ``fading-smoke`` square -2; one template's
  penalty applies once, so the worst penalty is the modifier (``MODIFIER = "min"``).
* Seawalls (1.2 Embankments) do not interfere with LoS; barbed wire neither.
* ``details["entry"]`` names the sides of the target's terrain element the
  shot crosses, for directional defensive bonuses (1.1).

**Assumptions** (the Bloody Omaha excerpt does not restate the core rules):
buildings and bunkers block LoS through them, and walls (not openings) block
shots into or out of them; hedges and Czech hedgehogs are *Obstacles* (1.2,
1.3) that block LoS unless the shooter or the target is adjacent to them;
fields are an Obstacle for infantry only (1.2: "Obstacle (Infantry)"); a
vehicle between the ends blocks LoS. Units with no type are taken as infantry.
These are the tables :data:`CELL_LOS`, :data:`EDGE_LOS`, ``VEHICLES_BLOCK``.

**Vertex contacts.** On squares a ruler never runs along an interspace; it
may pass exactly through a corner. Such a corner counts only when it is closed
on both sides of the ruler (two blocking squares touching diagonally, or walls
meeting there): ``VERTEX = "both"``.

Examples
--------
>>> from wartools.mapmodel import loads_map
>>> from wartools.los import line_of_sight
>>> m = loads_map('''
... format: wartools-map/1
... name: contour
... game: heroes-of-normandie
... grid: {type: square, columns: 6, rows: 1}
... edges: [{cells: [C1, D1], feature: contour}]
... ''')
>>> line_of_sight(m, "A1", "D1").status, line_of_sight(m, "A1", "E1").status
('clear', 'blocked')
>>> line_of_sight(m, "C1", "F1").status          # the shooter is adjacent to the line
'clear'
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np

from wartools.grids.base import Cell
from wartools.los.geometry import Batch, MapGeometry
from wartools.los.policy import (BLOCK, CELL, EDGE, HINDER, NOTE, Findings, LOSPolicy, Situation,
                                 edge_pinch)
from wartools.mapmodel import Map

CELL_LOS: Mapping[str, str] = MappingProxyType(
    {"building": "block", "bunker": "block", "field": "obstacle-infantry"})
"""Squares: ``block`` or ``obstacle-infantry`` (assumption for the core-rule elements)."""
EDGE_LOS: Mapping[str, str] = MappingProxyType(
    {"wall": "block", "hedge": "obstacle", "hedgehog": "obstacle"})
"""Interspaces: ``block`` or ``obstacle``; an ``opening`` on the same interspace cancels both."""
SMOKE: Mapping[str, int] = MappingProxyType({"smoke": -4, "fading-smoke": -2})
"""Smoke template sides and their penalties (Orders Option "Smoke")."""
_SIDES = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


def _components(mask: np.ndarray, geo: MapGeometry) -> np.ndarray:
    """4-connected components of ext cells where ``mask`` holds (-1 elsewhere)."""
    comp = np.full(geo.n, -1, dtype=np.int64)
    for start in np.flatnonzero(mask):
        if comp[start] >= 0:
            continue
        comp[start] = start
        stack = [int(start)]
        while stack:
            x = stack.pop()
            for y in (x - 1, x + 1, x - geo.h, x + geo.h):
                if 0 <= y < geo.n and mask[y] and comp[y] < 0 and \
                        abs(int(geo.q[y]) - int(geo.q[x])) + abs(int(geo.r[y]) - int(geo.r[x])) == 1:
                    comp[y] = start
                    stack.append(y)
    return comp


class _CellLines:
    """Which contour lines border which cells, exactly (any number of lines).

    ``keys`` are the sorted distinct ``cell * lines + line`` of every (cell, line)
    pair where the line has an interspace on the cell's side; ``start`` and
    ``line`` list each cell's lines (CSR over ext cells).

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> from wartools.los import geometry
    >>> m = loads_map("format: wartools-map/1\\nname: c\\ngame: heroes-of-normandie\\n"
    ...               "grid: {type: square, columns: 4, rows: 1}\\n"
    ...               "edges: [{cells: [A1, B1], feature: contour}, {cells: [C1, D1], feature: contour}]\\n")
    >>> geo = geometry(m)
    >>> near = POLICY.prepared(geo)["near"]
    >>> a, b, c = geo.exts([m.cell("A1"), m.cell("B1"), m.cell("C1")])
    >>> near.borders(np.array([a, b, c, c]), np.array([0, 0, 0, 1])).tolist()
    [True, True, False, True]
    >>> near.share(np.array([a, b]), np.array([b, c])).tolist()
    [True, False]
    """

    def __init__(self, n: int, cells: np.ndarray, lines: np.ndarray, count: int) -> None:
        self.count = max(count, 1)
        self.keys = np.unique(cells * self.count + lines)
        cell_of, self.line = np.divmod(self.keys, self.count)
        self.start = np.searchsorted(cell_of, np.arange(n + 1))

    @classmethod
    def of(cls, geo: MapGeometry, contour: np.ndarray, line: np.ndarray) -> _CellLines:
        """The lines bordering each ext cell (``line``: line id per contour edge)."""
        e = np.flatnonzero(contour)
        c1, c2 = geo.edge_c1[e], geo.edge_c2[e]
        on = c2 >= 0
        cells = np.concatenate([c1, c2[on]])
        lines = np.concatenate([line[e], line[e][on]])
        return cls(geo.n, cells.astype(np.int64), lines.astype(np.int64), int(line.max(initial=-1)) + 1)

    def borders(self, cells: np.ndarray, lines: np.ndarray) -> np.ndarray:
        """Per row: does line ``lines[i]`` border cell ``cells[i]`` (``lines[i] < 0``: no line)?"""
        lines = np.asarray(lines, dtype=np.int64)
        key = np.asarray(cells, dtype=np.int64) * self.count + lines
        if len(self.keys) == 0:
            return np.zeros(key.shape, dtype=bool)
        i = np.minimum(np.searchsorted(self.keys, key), len(self.keys) - 1)
        return (self.keys[i] == key) & (lines >= 0)

    def share(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Per row: does some contour line border both cell ``x[i]`` and cell ``y[i]``?"""
        x, y = np.asarray(x, dtype=np.int64), np.asarray(y, dtype=np.int64)
        lo, hi = self.start[y], self.start[y + 1]
        counts = hi - lo
        row = np.repeat(np.arange(len(y)), counts)
        pos = np.repeat(lo - (np.cumsum(counts) - counts), counts) + np.arange(int(counts.sum()))
        hit = self.borders(x[row], self.line[pos])
        return np.bincount(row[hit], minlength=len(y)) > 0


class HeroesOfNormandieLOS(LOSPolicy):
    """Heroes of Normandie LOS policy (see the module docstring)."""

    game_id = "heroes-of-normandie"
    ALONG: ClassVar[str] = "both"
    VERTEX: ClassVar[str] = "both"
    MODIFIER: ClassVar[str] = "min"
    VEHICLES_BLOCK: ClassVar[bool] = True
    cell_los: ClassVar[Mapping[str, str]] = CELL_LOS
    edge_los: ClassVar[Mapping[str, str]] = EDGE_LOS
    RULES: ClassVar[dict[str, str]] = {
        "range": "Heroes of Normandie: {where} is beyond the given range",
        "contour": "Heroes of Normandie 1.1 (Contour Line): the shot crosses the red line at {where} "
                   "and neither shooter nor target is adjacent to that line",
        "smoke": "Heroes of Normandie (Orders Option Smoke): smoke in {where} obscures the shot",
        "building": "Heroes of Normandie 1.2 (assumption: core rules): {feature} in {where} blocks LoS",
        "field": "Heroes of Normandie 1.2 (Fields: Obstacle (Infantry)): {where} blocks LoS to or from "
                 "infantry not adjacent to it",
        "wall": "Heroes of Normandie (assumption: core rules): the wall on {where} blocks LoS",
        "obstacle": "Heroes of Normandie 1.3 (Obstacle): {feature} on {where} blocks LoS unless the "
                    "shooter or target is adjacent to it",
        "infantry": "Heroes of Normandie 1.1 (Contour Line D): the infantry unit in {where} blocks LoS "
                    "between infantry units",
        "vehicle": "Heroes of Normandie (assumption: core rules): the vehicle in {where} blocks LoS",
        "hole": "Heroes of Normandie 1.1 (Hole): infantry in the trench {where} do not block LoS of "
                "units outside it",
        "hole-same": "Heroes of Normandie 1.1 (Hole): infantry in {where} block LoS for infantry in the "
                     "same trench",
        "trench-corner": "Heroes of Normandie 1.1 (Hole C): the trench's corner at {where} blocks LoS "
                         "between units inside it",
        "mound": "Heroes of Normandie 1.1 (Mounds): the unit on mound {where} blocks LoS",
        "mound-over": "Heroes of Normandie 1.1 (Mounds A): the unit on mound {where} does not block LoS "
                      "to a higher unit across the red line",
    }

    def prepare(self, geo: MapGeometry) -> dict[str, Any]:
        cells = {k: geo.terrain_mask([t for t, v in self.cell_los.items() if v == k])
                 for k in ("block", "obstacle-infantry")}
        opening = geo.edge_mask(("opening",))
        edges = {k: geo.edge_mask([t for t, v in self.edge_los.items() if v == k]) & ~opening
                 for k in ("block", "obstacle")}
        smoke = np.zeros(geo.n, dtype=np.int64)
        for name, mod in SMOKE.items():
            smoke = np.minimum(smoke, np.where(geo.cell_feature_mask((name,)), mod, 0))
        trench = geo.terrain_mask(("trench",))
        contour = geo.edge_mask(("contour",))
        line = self._contour_lines(geo, contour)
        return {"block": cells["block"], "field": cells["obstacle-infantry"], "wall": edges["block"],
                "obstacle": edges["obstacle"], "smoke": smoke, "trench": _components(trench, geo),
                "mound": geo.terrain_mask(("mound",)), "contour": contour, "line": line,
                "near": _CellLines.of(geo, contour, line),
                "inf": geo.type_mask(("infantry",)),
                "veh": geo.type_mask(("light-vehicle", "heavy-vehicle"))}

    @staticmethod
    def _contour_lines(geo: MapGeometry, contour: np.ndarray) -> np.ndarray:
        """Line id per contour edge: edges sharing a corner belong to one line."""
        ids = np.flatnonzero(contour)
        parent = {int(e): int(e) for e in ids}

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        by_corner: dict[tuple[int, int], int] = {}
        for e in ids:
            for corner in geo.map.grid.edge_corners(geo.edge(int(e))):
                if corner in by_corner:
                    parent[find(int(e))] = find(by_corner[corner])
                else:
                    by_corner[corner] = int(e)
        line = np.full(len(contour), -1, dtype=np.int64)
        roots = sorted({find(int(e)) for e in ids})
        for e in ids:
            line[e] = roots.index(find(int(e)))
        return line

    def relevant(self, geo: MapGeometry, prep: dict[str, Any], sit: Situation,
                 explain: bool) -> tuple[np.ndarray, np.ndarray]:
        # squares that block, obscure or hold a unit; every square when the map has a trench
        # (a trench's corner is any square outside it); walls, obstacles and contour lines
        if (prep["trench"] >= 0).any():
            cells = np.ones(geo.n, dtype=bool)
        else:
            cells = prep["block"] | prep["field"] | (prep["smoke"] < 0) | (geo.unit_types != 0)
        return cells, prep["wall"] | prep["obstacle"] | prep["contour"]

    def is_symmetric(self, geo: MapGeometry, sit: Situation) -> bool:
        return sit.observer_height == 0 and sit.unit is None and sit.target is None

    def judge(self, batch: Batch, prep: dict[str, Any], sit: Situation, out: Findings) -> None:
        self.range_findings(batch, sit, out)
        geo = batch.geo
        cp, cc, ck, co = batch.cp, batch.cc, batch.ck, batch.co
        inf_bit = prep["inf"]
        obs_inf = (batch.obs_type < 0) | ((np.left_shift(1, np.maximum(batch.obs_type, 0)) & inf_bit) != 0)
        tgt_inf = (batch.tgt_type < 0) | ((np.left_shift(1, np.maximum(batch.tgt_type, 0)) & inf_bit) != 0)
        mid = ~batch.cend
        da = geo.distance(batch.a[cp], cc)
        db = geo.distance(batch.b[cp], cc)
        blk = self.counted(batch, prep["block"], mid)
        out.add(cp[blk], BLOCK, "building", CELL, cc[blk], ck[blk], co[blk])
        fld = self.counted(batch, prep["field"], mid & (obs_inf | tgt_inf)[cp] & (da > 1) & (db > 1))
        out.add(cp[fld], BLOCK, "field", CELL, cc[fld], ck[fld], co[fld])
        sm = (prep["smoke"][cc] < 0) & (ck == 0)
        out.add(cp[sm], HINDER, "smoke", CELL, cc[sm], ck[sm], co[sm], prep["smoke"][cc[sm]])
        # interspaces: crossed, or a corner closed on both sides of the ruler
        ep, ee, ek = batch.ep, batch.ee, batch.ek
        at_end = (batch.e1 == batch.a[ep]) | (batch.e1 == batch.b[ep]) | \
            (batch.e2 == batch.a[ep]) | (batch.e2 == batch.b[ep])
        for key, rule, rows in (("wall", "wall", np.ones(len(ep), dtype=bool)),
                                ("obstacle", "obstacle", ~at_end)):
            sel = prep[key][ee] & rows
            hit = (sel & (ek == 0)) | edge_pinch(batch, sel)
            out.add(ep[hit], BLOCK, rule, EDGE, ee[hit], ek[hit], batch.eo[hit])
        con = prep["contour"][ee]
        crossing = (con & (ek == 0)) | (edge_pinch(batch, con) & (batch.es > 0))
        if crossing.any():
            lines, borders = prep["line"][ee], prep["near"].borders
            near = borders(batch.a[ep], lines) | borders(batch.b[ep], lines)
            bad = crossing & ~near
            out.add(ep[bad], BLOCK, "contour", EDGE, ee[bad], ek[bad], batch.eo[bad])
        self._units(batch, prep, out, obs_inf, tgt_inf, mid)

    def _units(self, batch: Batch, prep: dict[str, Any], out: Findings, obs_inf: np.ndarray,
               tgt_inf: np.ndarray, mid: np.ndarray) -> None:
        geo = batch.geo
        cp, cc, ck, co = batch.cp, batch.cc, batch.ck, batch.co
        trench = prep["trench"]
        ta, tb = trench[batch.a], trench[batch.b]
        same = (ta >= 0) & (ta == tb)
        corner = mid & same[cp] & (trench[cc] != ta[cp])
        out.add(cp[corner], BLOCK, "trench-corner", CELL, cc[corner], ck[corner], co[corner])
        occupied = self.counted(batch, geo.unit_types != 0, mid)
        if not occupied.any():
            return
        types = geo.unit_types[cc]
        elev = geo.elevation
        mound = occupied & prep["mound"][cc]
        if mound.any():
            exempt = np.zeros(len(cc), dtype=bool)
            rows = np.flatnonzero(mound)
            for end in (batch.a[cp[rows]], batch.b[cp[rows]]):
                exempt[rows] |= (elev[end] > elev[cc[rows]]) & prep["near"].share(end, cc[rows])
            m_block = mound & ~exempt
            out.add(cp[m_block], BLOCK, "mound", CELL, cc[m_block], ck[m_block], co[m_block])
            if batch.explain:
                m_ok = mound & exempt
                out.add(cp[m_ok], NOTE, "mound-over", CELL, cc[m_ok], ck[m_ok], co[m_ok])
        rest = occupied & ~prep["mound"][cc]
        both_inf = (obs_inf & tgt_inf)[cp]
        inf = rest & ((types & prep["inf"]) != 0)
        in_hole = inf & (trench[cc] >= 0)
        hole_block = in_hole & both_inf & same[cp] & (trench[cc] == ta[cp])
        out.add(cp[hole_block], BLOCK, "hole-same", CELL, cc[hole_block], ck[hole_block], co[hole_block])
        if batch.explain:
            note = in_hole & ~hole_block
            out.add(cp[note], NOTE, "hole", CELL, cc[note], ck[note], co[note])
        open_inf = inf & ~in_hole & both_inf
        out.add(cp[open_inf], BLOCK, "infantry", CELL, cc[open_inf], ck[open_inf], co[open_inf])
        if self.VEHICLES_BLOCK:
            veh = rest & ((types & prep["veh"]) != 0)
            out.add(cp[veh], BLOCK, "vehicle", CELL, cc[veh], ck[veh], co[veh])

    def details(self, m: Map, geo: MapGeometry, a: Cell, b: Cell, sit: Situation) -> dict[str, Any]:
        """Which sides of the target's terrain element the shot crosses (1.1 Directional bonus)."""
        terrain = m.terrain_at(b)
        if terrain == m.default_terrain or a == b:
            return {}
        comp = _components(geo.terrain == geo.terrain[geo.ext(b)], geo)
        mine = comp[geo.ext(b)]
        entry = []
        for e in m.grid.ruler(a, b).edges:
            if e.contact == "along":
                continue
            ia = comp[geo.ext(e.edge.a)] == mine
            ib = comp[geo.ext(e.edge.b)] == mine
            if ia != ib:
                inside, outside = (e.edge.a, e.edge.b) if ia else (e.edge.b, e.edge.a)
                side = _SIDES[(outside[0] - inside[0], outside[1] - inside[1])]
                entry.append({"edge": m.grid.edge_label(e.edge), "side": side, "contact": e.contact})
        return {"element": terrain, "entry": entry}


#: the policy class the game object builds (``Game.los_policy()``)
Policy = HeroesOfNormandieLOS
POLICY = HeroesOfNormandieLOS()
"""The default Heroes of Normandie policy."""
