"""Heroes of Normandie line of sight on squares (Heroes of Normandie 1.1 Terrain Effects:
Hole, Contour Line, Mounds; 1.2-1.4 terrain elements; Orders Options: Smoke).

Clear, obscured (``"hindered"``, with the attack modifier) or blocked:

* Contour lines (``contour`` interspaces, 1.1): a shot that crosses a red
  line reaches only one square beyond it, unless the shooter or the target is
  adjacent to that line. Read from both ends: every crossing must have the
  shooter's or the target's square next to it -- bordering the crossed
  interspace or a contour interspace sharing a corner with it (option
  ``contour-adjacency``; ``line`` takes the whole connected line, which makes
  every rim square of a hill drawn as a ring "adjacent").
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
  shot crosses on its way in, for directional defensive bonuses (1.1);
  :func:`defensive_bonus_applies` says whether a Defensive Element's bonus
  applies (1.4).

**Assumed readings** (the Bloody Omaha excerpt does not restate the core
rules), each a game option reported in every answer's ``assumptions``:
buildings and bunkers block LoS through them, and walls (not openings or
bunker windows) block shots across them (``building-blocks-los``); hedges and
Czech hedgehogs are *Obstacles* (1.2, 1.3) that block LoS unless the shooter
or the target is adjacent to them (``hedges-are-obstacles``); a vehicle
between the ends blocks LoS (``vehicles-block-los``); units with no type are
taken as infantry (``untyped-units-are-infantry``). Fields are an Obstacle
for infantry only (1.2: "Obstacle (Infantry)").

**Corners.** On squares a ruler never runs along an interspace; it may pass
exactly through a corner. Such a corner counts when it is closed on both
sides of the ruler by blockers of *any* kind -- two buildings, a building and
a field, a building and an infantry unit, a wall and a hedge (option
``corner-rule``). The corners of a trench always block LoS between two units
inside it (1.1 Hole C).

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.los import line_of_sight
>>> m = tiny_map("heroes-of-normandie", 6, 1, edges={("C1", "D1"): "contour"})
>>> line_of_sight(m, "A1", "D1").status, line_of_sight(m, "A1", "E1").status
('clear', 'blocked')
>>> line_of_sight(m, "C1", "F1").status          # the shooter is adjacent to the line
'clear'
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np

from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.games.heroes_of_normandie import verdict as compiled
from wartools.los.kernel import distance_table
from wartools.los.geometry import Batch, MapGeometry
from wartools.rules.los import (BLOCK, CELL, EDGE, HINDER, NOTE, Findings, LOSPolicy, LOSSituation,
                                 edge_pinch, on_both_sides)
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


CORNER_CODES = {"closed-both-sides": compiled.CLOSED, "any": compiled.ANY, "never": compiled.NEVER}
"""How the compiled verdict is told the corner rule (option ``corner-rule`` -> its code)."""


class _CellLines:
    """Which contour lines border which cells, exactly (any number of lines).

    ``keys`` are the sorted distinct ``cell * lines + line`` of every (cell, line)
    pair where the line has an interspace on the cell's side; ``start`` and
    ``line`` list each cell's lines (CSR over ext cells).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.los import geometry
    >>> m = tiny_map("heroes-of-normandie", 4, 1, edges={("A1", "B1"): "contour", ("C1", "D1"): "contour"})
    >>> geo = geometry(m)
    >>> near = m.game.los_policy().prepared(geo)["near"]
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


def _is_infantry(unit_type: np.ndarray, inf_bit: int, untyped: bool) -> np.ndarray:
    """Per pair: is the end's unit infantry (its type index in ``inf_bit``; no type (-1): ``untyped``)?"""
    typed = (np.left_shift(1, np.maximum(unit_type, 0)) & inf_bit) != 0
    return ((unit_type < 0) & untyped) | ((unit_type >= 0) & typed)


class _Beside:
    """For each contour interspace: the squares next to a crossing there -- the squares on
    either side of it or of a contour interspace sharing a corner with it (1.1 Contour Line B,
    read locally so that a hill drawn as a ring is not one line).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.los import geometry
    >>> m = tiny_map("heroes-of-normandie", 5, 1, edges={("B1", "C1"): "contour"})
    >>> geo = geometry(m)
    >>> beside = m.game.los_policy().prepared(geo)["beside"]
    >>> e = geo.edge_id(m.grid.edge(m.cell("B1"), m.cell("C1")))
    >>> beside.has(np.array([e, e, e]), geo.exts([m.cell("B1"), m.cell("C1"), m.cell("D1")])).tolist()
    [True, True, False]
    """

    def __init__(self, geo: MapGeometry, contour: np.ndarray) -> None:
        self.n = geo.n
        ids = [int(e) for e in np.flatnonzero(contour)]
        by_corner: dict[tuple[int, int], list[int]] = {}
        for e in ids:
            for corner in geo.map.grid.edge_corners(geo.edge(e)):
                by_corner.setdefault(corner, []).append(e)
        keys: list[int] = []
        for e in ids:
            near = {e}
            for corner in geo.map.grid.edge_corners(geo.edge(e)):
                near.update(by_corner[corner])
            for f in near:
                for c in (int(geo.edge_c1[f]), int(geo.edge_c2[f])):
                    if c >= 0:
                        keys.append(e * self.n + c)
        self.keys = np.unique(np.array(keys, dtype=np.int64))

    def has(self, edges: np.ndarray, cells: np.ndarray) -> np.ndarray:
        """Per row: is square ``cells[i]`` next to a crossing of contour interspace ``edges[i]``?"""
        key = np.asarray(edges, dtype=np.int64) * self.n + np.asarray(cells, dtype=np.int64)
        if len(self.keys) == 0:
            return np.zeros(key.shape, dtype=bool)
        i = np.minimum(np.searchsorted(self.keys, key), len(self.keys) - 1)
        return self.keys[i] == key


class HeroesOfNormandieLOS(LOSPolicy):
    """Heroes of Normandie LOS policy (see the module docstring)."""

    ALONG: ClassVar[str] = "both"
    VERTEX: ClassVar[str] = "both"
    MODIFIER: ClassVar[str] = "min"
    prepare_reads_units: ClassVar[bool] = False      # the board (units are read as a batch is judged)
    reads: ClassVar[tuple[str, ...]] = ("contour-adjacency", "corner-rule", "building-blocks-los",
                                          "hedges-are-obstacles", "vehicles-block-los",
                                          "untyped-units-are-infantry")
    cell_los: ClassVar[Mapping[str, str]] = CELL_LOS
    edge_los: ClassVar[Mapping[str, str]] = EDGE_LOS
    RULES: ClassVar[dict[str, str]] = {
        "range": "Heroes of Normandie: {where} is beyond the given range",
        "contour": "Heroes of Normandie 1.1 (Contour Line): the shot crosses the red line at {where} "
                   "and neither shooter nor target is adjacent to that line",
        "smoke": "Heroes of Normandie (Orders Option Smoke): smoke in {where} obscures the shot",
        "building": "Heroes of Normandie core rules (assumed reading, option building-blocks-los): "
                    "{feature} in {where} blocks LoS",
        "field": "Heroes of Normandie 1.2 names fields an Obstacle (Infantry); that an Obstacle blocks LoS "
                 "unless adjacent is the core rules' reading (assumed, option hedges-are-obstacles): {where} "
                 "blocks LoS to or from infantry not adjacent to it",
        "wall": "Heroes of Normandie core rules (assumed reading, option building-blocks-los): the wall "
                "on {where} blocks LoS",
        "obstacle": "Heroes of Normandie core rules (assumed reading, option hedges-are-obstacles; 1.3 "
                    "names hedgehogs an Obstacle): {feature} on {where} blocks LoS unless the shooter "
                    "or target is adjacent to it",
        "infantry": "Heroes of Normandie 1.1 (Contour Line D): the infantry unit in {where} blocks LoS "
                    "between infantry units",
        "vehicle": "Heroes of Normandie core rules (assumed reading, option vehicles-block-los): the "
                   "vehicle in {where} blocks LoS",
        "hole": "Heroes of Normandie 1.1 (Hole A): infantry in the trench {where} do not block LoS of "
                "a shooter outside it",
        "hole-same": "Heroes of Normandie 1.1 (Hole B): infantry in {where} block LoS for an infantry "
                     "shooter in the same trench (a shooter inside it is not outside it)",
        "trench-corner": "Heroes of Normandie 1.1 (Hole C): the trench's corner at {where} blocks LoS "
                         "between units inside it",
        "mound": "Heroes of Normandie 1.1 (Mounds): the unit on mound {where} blocks LoS",
        "mound-over": "Heroes of Normandie 1.1 (Mounds A): the unit on mound {where} does not block LoS "
                      "to a higher unit across the red line",
    }

    def prepare(self, geo: MapGeometry) -> dict[str, Any]:
        cells = {k: geo.terrain_mask([t for t, v in self.cell_los.items() if v == k])
                 for k in ("block", "obstacle-infantry")}
        opening = geo.edge_mask(("opening", "window"))
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
                "near": _CellLines.of(geo, contour, line), "beside": _Beside(geo, contour),
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

    def relevant(self, geo: MapGeometry, prep: dict[str, Any], sit: LOSSituation,
                 explain: bool) -> tuple[np.ndarray, np.ndarray]:
        # squares that block, obscure or hold a unit; every square when the map has a trench
        # (a trench's corner is any square outside it); walls, obstacles and contour lines
        if (prep["trench"] >= 0).any():
            cells = np.ones(geo.n, dtype=bool)
        else:
            cells = prep["block"] | prep["field"] | (prep["smoke"] < 0) | (geo.unit_types != 0)
        return cells, prep["wall"] | prep["obstacle"] | prep["contour"]

    def is_symmetric(self, geo: MapGeometry, sit: LOSSituation) -> bool:
        # infantry in a trench block a shooter inside it, not one outside (1.1 Hole A, B)
        return (sit.observer_height == 0 and sit.unit is None and sit.target is None
                and not (self.prepared(geo)["trench"] >= 0).any())

    def verdict_loop(self) -> Callable[..., Any]:
        return compiled.verdict

    def verdict(self, fn: Callable[..., Any], rows: tuple[np.ndarray, ...], batch: Batch, prep: dict[str, Any],
                sit: LOSSituation) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """:meth:`judge`'s answers from one compiled loop (:mod:`.verdict`)."""
        geo = batch.geo
        pre = self.beyond_range(batch, sit)
        untyped = bool(self.option("untyped-units-are-infantry"))
        near, beside = prep["near"], prep["beside"]
        table, rq, rr = distance_table(geo)
        answer: tuple[np.ndarray, np.ndarray, np.ndarray] = fn(
            pre, batch.a, batch.b, _is_infantry(batch.obs_type, prep["inf"], untyped),
            _is_infantry(batch.tgt_type, prep["inf"], untyped), *rows,
            prep["block"], prep["field"], prep["smoke"], prep["trench"], prep["mound"], geo.elevation, geo.unit_types,
            prep["wall"], prep["obstacle"], prep["contour"], prep["line"], geo.edge_c1, geo.edge_c2,
            near.keys, near.count, near.start, near.line, beside.keys, beside.n, geo.q, geo.r, table, rq, rr,
            int(prep["inf"]), int(prep["veh"]), bool(self.option("building-blocks-los")),
            bool(self.option("hedges-are-obstacles")), bool(self.option("vehicles-block-los")),
            self.option("contour-adjacency") == "line", CORNER_CODES[str(self.option("corner-rule"))])
        return answer

    def judge(self, batch: Batch, prep: dict[str, Any], sit: LOSSituation, out: Findings) -> None:
        self.range_findings(batch, sit, out)
        geo = batch.geo
        cp, cc, ck, co = batch.cp, batch.cc, batch.ck, batch.co
        inf_bit = prep["inf"]
        untyped = bool(self.option("untyped-units-are-infantry"))
        obs_inf = _is_infantry(batch.obs_type, inf_bit, untyped)
        tgt_inf = _is_infantry(batch.tgt_type, inf_bit, untyped)
        mid = ~batch.cend
        da = geo.distance(batch.a[cp], cc)
        db = geo.distance(batch.b[cp], cc)
        # every cell rule as a raw mask over cell rows (any contact); the corner rule decides below
        cell_rules: list[tuple[str, np.ndarray]] = []
        if self.option("building-blocks-los"):
            cell_rules.append(("building", prep["block"][cc] & mid))
        if self.option("hedges-are-obstacles"):
            cell_rules.append(("field", prep["field"][cc] & mid & (obs_inf | tgt_inf)[cp] & (da > 1) & (db > 1)))
        notes = self._units(batch, prep, obs_inf, tgt_inf, mid, cell_rules)
        # interspaces: raw masks over edge rows
        ep, ee, ek = batch.ep, batch.ee, batch.ek
        at_end = (batch.e1 == batch.a[ep]) | (batch.e1 == batch.b[ep]) | \
            (batch.e2 == batch.a[ep]) | (batch.e2 == batch.b[ep])
        edge_rules: list[tuple[str, np.ndarray]] = []
        if self.option("building-blocks-los"):
            edge_rules.append(("wall", prep["wall"][ee]))
        if self.option("hedges-are-obstacles"):
            edge_rules.append(("obstacle", prep["obstacle"][ee] & ~at_end))
        cell_ok, edge_ok = self._corner_counts(batch, [m for _, m in cell_rules], [m for _, m in edge_rules])
        for rule, raw in cell_rules:
            hit = raw & (cell_ok if rule != "trench-corner" else True)
            out.add(cp[hit], BLOCK, rule, CELL, cc[hit], ck[hit], co[hit])
        for rule, raw in edge_rules:
            hit = raw & edge_ok
            out.add(ep[hit], BLOCK, rule, EDGE, ee[hit], ek[hit], batch.eo[hit])
        for rule, raw in notes:
            out.add(cp[raw], NOTE, rule, CELL, cc[raw], ck[raw], co[raw])
        sm = (prep["smoke"][cc] < 0) & (ck == 0)
        out.add(cp[sm], HINDER, "smoke", CELL, cc[sm], ck[sm], co[sm], prep["smoke"][cc[sm]])
        self._contour(batch, prep, out)

    def _corner_counts(self, batch: Batch, cell_masks: list[np.ndarray],
                       edge_masks: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Which cell rows and edge rows count under the corner rule (option ``corner-rule``).

        A crossed contact always counts. A ruler exactly through a corner
        (``vertex``): under ``closed-both-sides`` it counts when blockers of
        *any* kind (a building, a field, a unit, a wall, a hedge ...) touch that
        corner on both sides of the ruler; under ``any`` every touch counts;
        under ``never`` none does.
        """
        rule = str(self.option("corner-rule"))
        ck, ek = batch.ck, batch.ek
        cell_ok, edge_ok = ck == 0, ek == 0
        if rule == "any":
            return np.ones(len(ck), dtype=bool), np.ones(len(ek), dtype=bool)
        if rule == "never":
            return cell_ok, edge_ok
        n_c = len(ck)
        c_any = np.zeros(n_c, dtype=bool)
        for m in cell_masks:
            c_any |= m
        e_any = np.zeros(len(ek), dtype=bool)
        for m in edge_masks:
            e_any |= m
        ci = np.flatnonzero(c_any & (ck == 2))
        ej = np.flatnonzero(e_any & (ek == 2))
        if len(ci) + len(ej) == 0:
            return cell_ok, edge_ok
        pair = np.concatenate([batch.cp[ci], batch.ep[ej]]).astype(np.int64)
        corner = np.concatenate([batch.cx[ci], batch.ex[ej]]).astype(np.int64)
        side = np.concatenate([batch.cs[ci], batch.es[ej]]).astype(np.int64)
        closed = on_both_sides(np.stack([pair, corner], 1), side)
        cell_ok = cell_ok.copy()
        edge_ok = edge_ok.copy()
        cell_ok[ci] = closed[:len(ci)]
        edge_ok[ej] = closed[len(ci):]
        return cell_ok, edge_ok

    def _contour(self, batch: Batch, prep: dict[str, Any], out: Findings) -> None:
        """1.1 Contour Line (A, B): a crossing is allowed when the shooter or the target is
        adjacent to the line *there* (option ``contour-adjacency``)."""
        ep, ee, ek = batch.ep, batch.ee, batch.ek
        con = prep["contour"][ee]
        crossing = (con & (ek == 0)) | (edge_pinch(batch, con) & (batch.es > 0))
        if not crossing.any():
            return
        if self.option("contour-adjacency") == "line":
            lines, borders = prep["line"][ee], prep["near"].borders
            near = borders(batch.a[ep], lines) | borders(batch.b[ep], lines)
        else:
            near = prep["beside"].has(ee, batch.a[ep]) | prep["beside"].has(ee, batch.b[ep])
        bad = crossing & ~near
        out.add(ep[bad], BLOCK, "contour", EDGE, ee[bad], ek[bad], batch.eo[bad])

    def _units(self, batch: Batch, prep: dict[str, Any], obs_inf: np.ndarray, tgt_inf: np.ndarray,
               mid: np.ndarray, rules: list[tuple[str, np.ndarray]]) -> list[tuple[str, np.ndarray]]:
        """Append the unit and trench rules' raw masks to ``rules``; return the notes."""
        geo = batch.geo
        cp, cc = batch.cp, batch.cc
        trench = prep["trench"]
        ta, tb = trench[batch.a], trench[batch.b]
        same = (ta >= 0) & (ta == tb)
        rules.append(("trench-corner", mid & same[cp] & (trench[cc] != ta[cp])))
        notes: list[tuple[str, np.ndarray]] = []
        occupied = (geo.unit_types[cc] != 0) & mid
        if not occupied.any():
            return notes
        types = geo.unit_types[cc]
        elev = geo.elevation
        mound = occupied & prep["mound"][cc]
        if mound.any():
            exempt = np.zeros(len(cc), dtype=bool)
            rows = np.flatnonzero(mound)
            for end in (batch.a[cp[rows]], batch.b[cp[rows]]):
                exempt[rows] |= (elev[end] > elev[cc[rows]]) & prep["near"].share(end, cc[rows])
            rules.append(("mound", mound & ~exempt))
            if batch.explain:
                notes.append(("mound-over", mound & exempt))
        rest = occupied & ~prep["mound"][cc]
        both_inf = (obs_inf & tgt_inf)[cp]
        inf = rest & ((types & prep["inf"]) != 0)
        in_hole = inf & (trench[cc] >= 0)
        # 1.1 Hole B: they block the LoS of an infantry shooter in their own element (a shooter
        # inside is not "outside" it, whatever the target); A: not of a shooter outside
        hole_block = in_hole & obs_inf[cp] & (trench[cc] == ta[cp])
        rules.append(("hole-same", hole_block))
        if batch.explain:
            notes.append(("hole", in_hole & ~hole_block))
        rules.append(("infantry", inf & ~in_hole & both_inf))
        if self.option("vehicles-block-los"):
            rules.append(("vehicle", rest & ((types & prep["veh"]) != 0)))
        return notes

    def details(self, m: Map, geo: MapGeometry, a: Cell, b: Cell, sit: LOSSituation) -> dict[str, Any]:
        """Which sides of the target's terrain element the shot crosses *coming in* (1.1
        Directional Defensive Bonus: the shot crosses the element's edge coming from the
        direction of the icon), as ``entry``; a side where the shot leaves the element (a bent
        element it passes through) is not one it came from. ``cover`` lists the hedges and walls
        on the target square's own sides that the shot crosses coming in (their directional
        bonus, see :func:`directional_cover`)."""
        if a == b:
            return {}
        out: dict[str, Any] = {"cover": directional_cover(m, a, b)}
        terrain = m.terrain_at(b)
        if terrain == m.default_terrain:
            return out
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
                if _incoming(a, b, inside, outside):
                    entry.append({"edge": m.grid.edge_label(e.edge), "side": _SIDES[_step(inside, outside)],
                                  "contact": e.contact})
        return {"element": terrain, "entry": entry, **out}


def _step(inside: Cell, outside: Cell) -> tuple[int, int]:
    return outside[0] - inside[0], outside[1] - inside[1]


def _incoming(a: Cell, b: Cell, inside: Cell, outside: Cell) -> bool:
    """Whether a shot from ``a`` to ``b`` crosses from ``outside`` into ``inside`` (the outside
    square lies back towards the shooter), not out of it."""
    dx, dy = _step(inside, outside)
    return dx * (b[0] - a[0]) + dy * (b[1] - a[1]) < 0


#: interspace features that give a unit behind them a directional defensive bonus
COVER_FEATURES = ("hedge", "wall", "seawall")


def directional_cover(m: Map, shooter: Cell | str, target: Cell | str) -> list[dict[str, str]]:
    """Hedges and walls on the target square's sides that a shot crosses coming in (1.1
    Directional Defensive Bonus applied to an interspace element: the bonus protects the
    square behind the hedge or wall against shots that cross it from the far side). A shot
    exactly through a corner touches both sides meeting there.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 5, 1, edges={("B1", "C1"): "hedge"})
    >>> [c["feature"] + " " + c["side"] for c in directional_cover(m, "A1", "C1")]
    ['hedge west']
    >>> directional_cover(m, "E1", "C1")           # the shot does not cross the hedge
    []
    >>> [c["feature"] + " " + c["side"] for c in directional_cover(m, "E1", "B1")]
    ['hedge east']
    """
    a, b = m.cell(shooter), m.cell(target)
    out = []
    for e in m.grid.ruler(a, b).edges:
        if e.contact == "along" or b not in (e.edge.a, e.edge.b):
            continue
        outside = e.edge.a if e.edge.b == b else e.edge.b
        if not _incoming(a, b, b, outside):
            continue
        for f in m.edges.get(e.edge, ()):
            if f in COVER_FEATURES:
                out.append({"edge": m.grid.edge_label(e.edge), "feature": f, "side": _SIDES[_step(b, outside)],
                            "contact": e.contact})
    return out


#: terrain elements that are Defensive Elements (1.4: trenches)
DEFENSIVE_ELEMENTS = frozenset({"trench"})


def same_element(m: Map, a: Cell, b: Cell) -> bool:
    """Whether squares ``a`` and ``b`` lie in one terrain element (one 4-connected patch of the
    same terrain, not open ground).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 4, 1, terrain={"A1": "trench", "B1": "trench", "D1": "trench"})
    >>> same_element(m, m.cell("A1"), m.cell("B1")), same_element(m, m.cell("A1"), m.cell("D1"))
    (True, False)
    """
    t = m.terrain_at(b)
    if t == m.default_terrain or m.terrain_at(a) != t:
        return False
    seen, todo = {b}, [b]
    while todo:
        c = todo.pop()
        if c == a:
            return True
        for n in m.grid.edge_neighbours(c):
            if n in m.grid and n not in seen and m.terrain_at(n) == t:
                seen.add(n)
                todo.append(n)
    return False


def defensive_bonus_applies(m: Map, shooter: Cell | str, target: Cell | str) -> bool:
    """Whether the target benefits from a Defensive Element's bonus (1.4): it stands in one
    (a trench) and the shooter is not inside the same element. Open ground, a beach or a
    field is no Defensive Element.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 4, 1, terrain={"A1": "beach", "C1": "trench", "D1": "trench"})
    >>> defensive_bonus_applies(m, "B1", "C1"), defensive_bonus_applies(m, "D1", "C1"), defensive_bonus_applies(m, "B1", "A1")
    (True, False, False)
    """
    a, b = m.cell(shooter), m.cell(target)
    return m.terrain_at(b) in DEFENSIVE_ELEMENTS and not same_element(m, a, b)


@dataclass(frozen=True)
class AircraftSight:
    """Line of sight between an Aircraft Unit and a unit on the board (5 Aviation Rules)."""

    visible: bool
    reason: str
    assumptions: tuple[Assumption, ...] = ()


def aircraft_sight(m: Map, cell: Cell | str, *, in_the_clouds: bool = False) -> AircraftSight:
    """Whether an Aircraft Unit and the unit on ``cell`` see each other (5 Aviation Rules).

    Aircraft always have a clear LoS to every unit except those inside buildings, and every
    unit not in a building has a clear LoS to an aircraft, unless it is "in the clouds"
    (then it can neither attack nor be targeted). Terrain between them does not matter.
    Whether a bunker counts as a building is an assumed reading (option
    ``aircraft-bunker-is-building``).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 3, 1, terrain={"A1": "building", "B1": "bunker"})
    >>> [aircraft_sight(m, c).visible for c in ("A1", "B1", "C1")]
    [False, False, True]
    >>> aircraft_sight(m, "C1", in_the_clouds=True).visible
    False
    """
    c = m.cell(cell)
    terrain = m.terrain_at(c)
    game = m.game
    if in_the_clouds:
        return AircraftSight(False, "Heroes of Normandie 5 (Planespotting): an aircraft in the clouds cannot "
                                    "attack or be targeted")
    inside = terrain == "building" or (terrain == "bunker" and bool(game.option("aircraft-bunker-is-building")))
    used = game.assumptions(("aircraft-bunker-is-building",)) if terrain == "bunker" else ()
    if inside:
        return AircraftSight(False, f"Heroes of Normandie 5: no LoS between an aircraft and a unit inside "
                                    f"the {terrain} at {m.label(c)}", used)
    return AircraftSight(True, f"Heroes of Normandie 5: an aircraft and the unit at {m.label(c)} (not in a "
                               "building) have a clear LoS, whatever lies between", used)
