"""Conflict of Heroes line of sight -- **an assumption**: the conventional reading.

The Storms of Steel rulebook excerpt has no line-of-sight chapter (it only
shows terrain as a defence modifier, e.g. woods +2 in the Game Overview). This
module implements the reading conventional for the series and makes every
choice a table entry that a subclass (or :class:`ConflictOfHeroesLOS` keyword
arguments) can override:

* a centre-to-centre ruler; terrain in the firing and target hexes, and the
  hexsides of those hexes, are ignored;
* blocking terrain (:data:`TERRAIN_LOS`: woods, building; smoke) between the
  ends blocks;
* hindering terrain (brush, field; wrecks; wall hexsides) adds +1 to the
  target's defence per hex or hexside crossed (the :attr:`LOSResult.modifier`);
* hills: ground higher than both ends blocks; terrain lower than both ends is
  seen over;
* a ruler running exactly along a hexside is affected only if the hexes on
  *both* sides are (``ALONG = "both"``); touching a corner never matters
  (``VERTEX = "ignore"``).

Every reason's text says "conventional reading" so that answers never pass
for rulebook text.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.los import line_of_sight
>>> m = tiny_map("conflict-of-heroes", 6, 6, terrain={"C3": "brush", "C4": "brush", "E3": "woods"})
>>> r = line_of_sight(m, "C2", "C5")
>>> r.status, r.hindrance, r.modifier
('hindered', 2, 2)
>>> line_of_sight(m, "E2", "E4").status
'blocked'
>>> custom = ConflictOfHeroesLOS(m.game, terrain={"brush": ("block", 0)})
>>> line_of_sight(m, "C2", "C5", policy=custom).status
'blocked'

A ruler along the hexside between two blocking hexes is blocked in every
direction, not only when it happens to run parallel to a map axis:

>>> g = tiny_map("conflict-of-heroes", 3, 3, grid={"orientation": "pointy", "labels": "row-letter"},
...              terrain={"B01": "woods", "B02": "building"})
>>> line_of_sight(g, "A02", "C02").status, line_of_sight(g.with_terrain("B02", "open"), "A02", "C02").status
('blocked', 'clear')
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from wartools.games.conflict_of_heroes import verdict as compiled
from wartools.los.geometry import Batch, MapGeometry
from wartools.rules.los import BLOCK, CELL, EDGE, HINDER, Findings, LOSPolicy, LOSSituation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules import Game

Effect = tuple[str, int]   # ("clear" | "hinder" | "block", defence modifier)

TERRAIN_LOS: Mapping[str, Effect] = MappingProxyType({
    "open": ("clear", 0), "water": ("clear", 0), "field": ("hinder", 1), "brush": ("hinder", 1),
    "woods": ("block", 0), "building": ("block", 0)})
"""Hex terrain effects on LOS (assumption: conventional Conflict of Heroes reading)."""
FEATURE_LOS: Mapping[str, Effect] = MappingProxyType({"smoke": ("block", 0), "wreck": ("hinder", 1)})
"""Cell markers (assumption)."""
EDGE_LOS: Mapping[str, Effect] = MappingProxyType({"wall": ("hinder", 1), "stream": ("clear", 0)})
"""Hexside features (assumption)."""

_NOTE = " (conventional reading; the Storms of Steel excerpt has no LOS chapter)"


CONTACT_CODES = {"any": compiled.ANY, "both": compiled.BOTH, "ignore": compiled.IGNORE}
"""How the compiled verdict is told an along or vertex contact counts (the reading's word -> its code)."""


class ConflictOfHeroesLOS(LOSPolicy):
    """Conflict of Heroes LOS policy: the conventional reading, as overridable tables.

    Parameters
    ----------
    terrain, features, edges
        Entries that replace those of :data:`TERRAIN_LOS`, :data:`FEATURE_LOS`
        and :data:`EDGE_LOS`.
    """

    ALONG: ClassVar[str] = "both"
    VERTEX: ClassVar[str] = "ignore"
    prepare_reads_units: ClassVar[bool] = False      # terrain, features and hexsides only
    relevant_reads_units: ClassVar[bool] = False
    reads: ClassVar[tuple[str, ...]] = ("woods-los", "building-los", "brush-los", "field-los", "wall-los",
                                          "hills-block", "along-hexside")
    RULES: ClassVar[dict[str, str]] = {
        "range": "Conflict of Heroes: {where} is beyond the given range",
        "block": "Conflict of Heroes: blocking terrain ({feature}) in {where} between the ends" + _NOTE,
        "hinder": "Conflict of Heroes: hindering terrain ({feature}) in {where}, +1 defence" + _NOTE,
        "hinder-edge": "Conflict of Heroes: hindering hexside ({feature}) {where}, +1 defence" + _NOTE,
        "block-edge": "Conflict of Heroes: blocking hexside ({feature}) {where}" + _NOTE,
        "hill": "Conflict of Heroes: hill {where} is higher than both ends" + _NOTE,
    }

    def __init__(self, game: Game, terrain: Mapping[str, Effect] | None = None,
                 features: Mapping[str, Effect] | None = None,
                 edges: Mapping[str, Effect] | None = None) -> None:
        super().__init__(game)
        self.terrain = MappingProxyType({**TERRAIN_LOS, **self._from_options(("woods", "building", "brush", "field")),
                                         **(terrain or {})})
        self.features = MappingProxyType({**FEATURE_LOS, **(features or {})})
        self.edges = MappingProxyType({**EDGE_LOS, **self._from_options(("wall",)), **(edges or {})})

    def _from_options(self, names: tuple[str, ...]) -> dict[str, Effect]:
        out: dict[str, Effect] = {}
        for name in names:
            kind = str(self.option(f"{name}-los"))
            out[name] = (kind, 1 if kind == "hinder" else 0)
        return out

    def prepare(self, geo: MapGeometry) -> dict[str, np.ndarray]:
        block = np.zeros(geo.n, dtype=bool)
        hinder = np.zeros(geo.n, dtype=np.int64)
        for name, (kind, mod) in self.terrain.items():
            mask = geo.terrain_mask((name,))
            block |= mask & (kind == "block")
            hinder += np.where(mask & (kind == "hinder"), mod, 0)
        for name, (kind, mod) in self.features.items():
            mask = geo.cell_feature_mask((name,))
            block |= mask & (kind == "block")
            hinder += np.where(mask & (kind == "hinder"), mod, 0)
        eblock = np.zeros(len(geo.edge_features), dtype=bool)
        ehinder = np.zeros(len(geo.edge_features), dtype=np.int64)
        for name, (kind, mod) in self.edges.items():
            mask = geo.edge_mask((name,))
            eblock |= mask & (kind == "block")
            ehinder += np.where(mask & (kind == "hinder"), mod, 0)
        return {"block": block, "hinder": hinder, "eblock": eblock, "ehinder": ehinder}

    def _along(self, batch: Batch, prep: dict[str, np.ndarray], level: np.ndarray, out: Findings) -> None:
        """A ruler exactly along a hexside: the two hexes it runs between are ranked clear (0) <
        hinder (1) < block (2); the contact takes the lesser (or, option ``along-hexside``,
        the greater) rank of the two, so making one hex more restrictive never clears a line."""
        cp, cc, ck = batch.cp, batch.cc, batch.ck
        rows = np.flatnonzero(ck == 1)
        if len(rows) == 0:
            return
        rank = np.where(prep["block"][cc[rows]], 2, np.where(prep["hinder"][cc[rows]] > 0, 1, 0))
        rank = np.where(level[rows], rank, 0)
        keys = np.stack([cp[rows], batch.co[rows]], 1)
        _, inv = np.unique(keys, axis=0, return_inverse=True)
        inv = inv.ravel()
        groups = int(inv.max()) + 1
        size = np.bincount(inv, minlength=groups)
        lo = np.full(groups, 2)
        np.minimum.at(lo, inv, rank)
        lo[size < 2] = 0                 # a hexside with one hex (the map's rim): the lesser is clear
        hi = np.zeros(groups, dtype=np.int64)
        np.maximum.at(hi, inv, rank)
        value = lo if self.option("along-hexside") == "lesser" else hi
        # one finding per hexside: on the hex that carries the deciding rank (first such row)
        cand = np.flatnonzero((rank == value[inv]) & (value[inv] > 0))
        _, at = np.unique(inv[cand], return_index=True)
        pick = cand[at]
        sel = rows[pick]
        kinds = value[inv[pick]]
        b, h = sel[kinds == 2], sel[kinds == 1]
        out.add(cp[b], BLOCK, "block", CELL, cc[b], ck[b], batch.co[b])
        mod = np.maximum(prep["hinder"][cc[h]], 1)
        out.add(cp[h], HINDER, "hinder", CELL, cc[h], ck[h], batch.co[h], mod)

    def matrix_situation(self, sit: LOSSituation) -> LOSSituation | None:
        # the judgement reads the board, the range and the observer's height, never a unit
        return LOSSituation() if sit.observer_height == 0 else None

    def relevant(self, geo: MapGeometry, prep: dict[str, np.ndarray], sit: LOSSituation,
                 explain: bool) -> tuple[np.ndarray, np.ndarray]:
        # blocking or hindering cells and hexsides, and hills above the lowest possible end
        low = int(geo.elevation.min(initial=0)) + min(sit.observer_height, 0)
        return (prep["block"] | (prep["hinder"] > 0) | (geo.elevation > low),
                prep["eblock"] | (prep["ehinder"] > 0))

    def verdict_loop(self) -> Callable[..., Any]:
        return compiled.verdict

    def verdict(self, fn: Callable[..., Any], rows: tuple[np.ndarray, ...], batch: Batch, prep: dict[str, np.ndarray],
                sit: LOSSituation) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """:meth:`judge`'s answers from one compiled loop (:mod:`.verdict`)."""
        geo = batch.geo
        pre = self.beyond_range(batch, sit)
        answer: tuple[np.ndarray, np.ndarray, np.ndarray] = fn(
            pre, batch.a, batch.b, geo.elevation[batch.a] + sit.observer_height, geo.elevation[batch.b],
            *rows, geo.elevation, prep["block"], prep["hinder"],
            prep["eblock"], prep["ehinder"], geo.edge_c1, geo.edge_c2, bool(self.option("hills-block")),
            self.option("along-hexside") != "lesser", CONTACT_CODES[self.ALONG], CONTACT_CODES[self.VERTEX])
        return answer

    def judge(self, batch: Batch, prep: dict[str, np.ndarray], sit: LOSSituation, out: Findings) -> None:
        self.range_findings(batch, sit, out)
        geo = batch.geo
        cp, cc, ck, co = batch.cp, batch.cc, batch.ck, batch.co
        ea = geo.elevation[batch.a] + sit.observer_height
        eb = geo.elevation[batch.b]
        hi = np.maximum(ea, eb)[cp]
        lo = np.minimum(ea, eb)[cp]
        ex = geo.elevation[cc]
        mid = ~batch.cend
        if self.option("hills-block"):
            hill = self.counted(batch, np.ones(geo.n, dtype=bool), mid & (ex > hi))
            out.add(cp[hill], BLOCK, "hill", CELL, cc[hill], ck[hill], co[hill])
        level = mid & (ex >= lo) & ~(ex > hi)
        # crossed hexes count by their own effect
        crossed = level & (ck == 0)
        blk = crossed & prep["block"][cc]
        out.add(cp[blk], BLOCK, "block", CELL, cc[blk], ck[blk], co[blk])
        hin = crossed & (prep["hinder"][cc] > 0) & ~prep["block"][cc]
        out.add(cp[hin], HINDER, "hinder", CELL, cc[hin], ck[hin], co[hin], prep["hinder"][cc[hin]])
        self._along(batch, prep, level, out)
        # hexsides crossed between the ends (not the ends' own hexsides)
        ep, ee = batch.ep, batch.ee
        inner = (batch.ek == 0) & (batch.e1 != batch.a[ep]) & (batch.e1 != batch.b[ep]) & \
            (batch.e2 != batch.a[ep]) & (batch.e2 != batch.b[ep])
        eb_ = inner & prep["eblock"][ee]
        out.add(ep[eb_], BLOCK, "block-edge", EDGE, ee[eb_], batch.ek[eb_], batch.eo[eb_])
        eh = inner & (prep["ehinder"][ee] > 0)
        out.add(ep[eh], HINDER, "hinder-edge", EDGE, ee[eh], batch.ek[eh], batch.eo[eh],
                prep["ehinder"][ee[eh]])
