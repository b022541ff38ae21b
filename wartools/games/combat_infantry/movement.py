"""Combat Infantry movement: MP per hexside crossed, roads, slopes, hex control, stacking.

Rules implemented (Combat Infantry sections):

- MP are spent per *hexside* crossed, by the hexside's terrain (3.2, 8.1, the
  Terrain Effects Chart). A hexside takes the terrain the map gives it (an edge
  feature such as ``woods``); otherwise the more restrictive terrain of its two
  hexes (3.2: "if ambiguous, assume the most restrictive").
- Road −1 MP only across road hexsides (continuous road, 8.4); paved and
  unpaved alike, but unpaved roads lose the bonus in bad weather (8.4, 10.2);
  railway −1 for units other than guns, tanks and vehicles; road and railway
  bonuses do not combine (8.4); bridges ignore the road bonus (3.4, chart note 4);
  never into an assault (8.4).
- A destroyed bridge (a ``destroyed`` marker on a bridge hexside, 7.3) is crossed as the river it
  spanned (option ``destroyed-bridge``: or not at all), without the road bonus, and never
  assaulted across (7.3: its assault limit is zero).
- Slope +1 MP uphill only (3.4), so a wooded slope is 3+1 = 4 MP; uphill means
  into a higher hex (levels are separated by slopes, 6.41).
- Woods and marsh: guns, tanks and vehicles neither cross such a hexside nor
  enter such a hex, except by road (3.4, chart note 1) -- a hexside drawn clear
  does not open a woods hex to them.
  Rivers and cliffs: impassable to them (3.4, 8.5). Fords: all but guns and
  vehicles; tanks may ford (3.4, 8.5). Lakes: impassable to all (3.4).
- A wreck hex is +1 MP to enter (6.34).
- Entering smoke ends the move (7.4); entering barbed wire ends it (7.5), and
  a unit in a wire hex can be fired on but not assaulted (7.5 note): moving
  into it is impossible. Mines are units (7.2), so entering a minefield hex is
  an assault on them: it ends the move (8.0), without the road bonus (8.4), and
  machine guns, mortars and AT guns may not do it (9.61, 9.62); a ``mines``
  feature names no side and is read as the enemy's.
- Entering an enemy-controlled or disputed hex ends the move (8.0, 8.3); hex
  control is computed from the positions of the *other* units (8.3), so a hex a
  friendly unit has just occupied is friendly and later movers pass it.
- Entering an enemy-occupied hex is an assault and ends the move, never with the
  road bonus (8.0, 8.4, 9.1); machine guns, mortars and AT guns cannot move
  into assaults (9.61, 9.62); across a hedge only tanks assault (3.4); no more units
  assault across one hexside in an HQ activation than its assault limit (9.1: the units
  already in the assault carry the hex they entered from, ``assaulting=<hex>``).
- Night halves MP, rounded up (10.3).
- Stacking limits are checked where the move ends (8.2), per side in an assault hex (9.1).

The excerpt's Terrain Effects Chart stops after Cemetery, so several values
below are **assumptions** (flagged in the tables' ``assumed`` rows): MP of
cemetery, marsh, town and farm hexsides, the hedge, river, ford and cliff
costs, stacking limits of woods, marsh and farm, and the move ratings of
units other than the rifle squad (5, 2.1) and the tank (10, 2.53 diagram).
Subclass :class:`Rules` and replace a table to change them.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.movement import path
>>> m = tiny_map("combat-infantry", 4, 3, default_terrain="woods",
...              roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
>>> p = path(m, "A1", "C1", "rifle")
>>> p.cost, p.steps[0].why
(4, 'woods hexside 3 MP, road -1')
>>> path(m, "A1", "C1", "tank").cost, path(m, "A1", "A2", "tank").why_not
(4, 'from A1 (reached for 0 MP) the step into A2 is impossible: woods hexside: impassable to guns, tanks and vehicles except by road (3.4, chart note 1)')
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from wartools.games.combat_infantry.scenario import hex_control
from wartools.rules.options import Assumption
from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.mapmodel.parts import tag_value
from wartools.rules.movement import MovementRules, Part, Step, Table

#: guns, tanks and vehicles (Combat Infantry 3.4)
HEAVY = frozenset({"at-gun", "tank", "vehicle"})
#: guns and vehicles other than tanks (fords, hedges: 3.4)
WHEELED = frozenset({"at-gun", "vehicle"})
#: units that cannot move into an assault (9.61, 9.62)
NO_ASSAULT = frozenset({"mg", "mortar", "at-gun", "bunker"})   # bunkers never move (2.55)
#: the hexside marker a demolished bridge carries (7.3)
DESTROYED = "destroyed"
#: the tag of a unit that moved into an assault hex, ``assaulting=<the hex it entered from>`` (9.1)
ASSAULTING = "assaulting"
#: weather names that spoil unpaved roads (8.4, 10.2)
BAD_WEATHER = frozenset({"bad", "poor", "mud", "snow", "rain"})

HEXSIDE_MP = Table(
    {"clear": 2, "beach": 2, "orchard": 3, "cemetery": 2, "woods": 3, "marsh": 3, "town": 2, "farm": 2},
    assumed=("cemetery", "marsh", "town", "farm"),
    notes={"clear": "8.1, chart", "beach": "3.4, chart", "orchard": "chart", "woods": "8.1, 3.4 road example"})
FEATURE_MP = Table(
    {"river": 4, "ford": 3, "hedge": 1, "cliff": 2, "slope": 1},
    assumed=("river", "ford", "hedge", "cliff"),
    notes={"river": "MP to cross (replaces the hexside terrain)", "ford": "MP to cross (replaces it)",
           "hedge": "extra MP", "cliff": "extra MP uphill (two slopes)", "slope": "extra MP uphill, 3.4"})
STACKING = Table(
    {"clear": 3, "beach": 3, "orchard": 2, "cemetery": 2, "woods": 2, "marsh": 2, "town": 2, "farm": 2,
     "foxhole": 2, "wire": 1},
    assumed=("woods", "marsh", "farm"),
    notes={"town": "9.1", "foxhole": "7.1", "wire": "7.5: the marker fully stacks the hex"})
MOVE_RATING = Table(
    {"rifle": 5, "hq": 5, "mg": 4, "mortar": 4, "atr": 5, "engineer": 5, "sniper": 5, "at-gun": 2,
     "tank": 10, "vehicle": 12, "bunker": 0},
    assumed=("hq", "mg", "mortar", "atr", "engineer", "sniper", "at-gun", "vehicle"),
    notes={"rifle": "2.1 block diagram: Move 5", "tank": "2.53 Panther diagram: 10 mp", "bunker": "2.55"})


class Rules(MovementRules):
    """Combat Infantry movement policy; see the module docstring.

    Class attributes ``hexside_mp``, ``feature_mp``, ``stacking`` and
    ``move_rating`` are :class:`~wartools.movement.Table` objects; override
    them in a subclass to change an assumed value.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.movement import reachable
    >>> m = tiny_map("combat-infantry", 6, 1)
    >>> reachable(m, "A1", "rifle").budget, reachable(m, "A1", "rifle", night=True).budget
    (5, 3)
    """

    points: ClassVar[str] = "MP"
    weather_names: ClassVar[frozenset[str]] = BAD_WEATHER
    hexside_mp: ClassVar[Table] = HEXSIDE_MP
    feature_mp: ClassVar[Table] = FEATURE_MP
    stacking: ClassVar[Table] = STACKING
    move_rating: ClassVar[Table] = MOVE_RATING

    def prepare(self) -> None:
        m = self.map
        self._terrain, self._default = m.terrain, m.default_terrain
        self._edges, self._features, self._elev = m.edges, m.features, m.elevation
        self._roads = m.road_edges
        self.heavy = self.unit_type in HEAVY
        self.bad_weather = self.situation.weather in BAD_WEATHER
        self.control = self._hex_control()

    # --- hex control (8.3) -------------------------------------------------------------
    def _hex_control(self) -> dict[Cell, str]:
        """Control of every non-neutral hex: a side name or ``"disputed"`` (Combat Infantry 8.3).

        Occupied hexes belong to their occupant (both sides: an assault hex,
        disputed, 9.1). A side also controls vacant adjacent hexes, except across
        an impassable (lake) hexside; a vacant hex claimed by both sides is
        disputed. Units in an assault hex extend no control (9.1). Rivers do not
        stop control (8.3 example, 8.5 note); cliffs as option ``control-across-cliff``
        reads them, for movement, retreats and victory alike.
        """
        return hex_control(self.map, self.situation.others)

    def unit_cells(self) -> frozenset[Cell]:
        """The occupied hexes (an assault into enemies, 8.0, 9.1; stacking with friends, 8.2) and
        the enemy-controlled or disputed ones (must stop, 8.3): elsewhere a step and the end of
        a move read the terrain alone."""
        hostile = (c for c, who in self.control.items() if who == "disputed" or who not in self.team)
        return frozenset(self.occupants).union(hostile)

    def unit_state(self, cell: Cell) -> tuple[bool, str | None, int, tuple[str, ...]]:
        """An enemy there, the hex's control as a step reads it (disputed, enemy or neither), the
        friendly units there (stacking) and the hexes those already in an assault there entered
        from (each hexside's assault limit, 9.1): all a step into the hex and the end of a move on
        it read of the units."""
        control = self.control.get(cell)
        seen = ("disputed" if control == "disputed" else
                "enemy" if control is not None and control not in self.team else None)
        friends = self.friends_at(cell)
        came = tuple(sorted(x for x in (entered_from(u.tags) for u in friends) if x is not None))
        return bool(self.enemies_at(cell)), seen, len(friends), came

    # --- allowance ---------------------------------------------------------------------
    def allowance(self) -> int:
        mp = self.move_rating.get(self.unit_type, 5)
        return math.ceil(mp / 2) if self.situation.night else mp

    def allowance_why(self) -> str:
        mp = self.move_rating.get(self.unit_type, 5)
        text = f"{self.unit_type} move rating {mp} MP (2.14)"
        if self.move_rating.is_assumed(self.unit_type):
            text += " [assumed]"
        return text + (f", halved at night: {self.allowance()} MP (10.3)" if self.situation.night else "")

    def assumptions(self) -> tuple[Assumption, ...]:
        """The options' assumed readings, plus the unit's move rating when the excerpt does not
        print it (2.14; only the rifle squad's and the Panther's are shown)."""
        base = super().assumptions()
        if self.unit_type in WHEELED and any("hedge" in fs for fs in self._edges.values()):
            base += self.map.game.assumptions(["hedge-stops-wheeled"])
        if any(DESTROYED in fs for fs in self._edges.values()):
            base += self.map.game.assumptions(["destroyed-bridge"])
        if self.situation.others and any("cliff" in fs for fs in self._edges.values()):
            base += self.map.game.assumptions(["control-across-cliff"])     # where a move must stop (8.3)
        if self.move_rating.is_assumed(self.unit_type):
            mp = self.move_rating[self.unit_type]
            base += (Assumption("Combat Infantry 2.14", f"{self.unit_type} move rating {mp} MP "
                                "(not printed in the excerpt)"),)
        return base

    def start_blocker(self) -> str | None:
        if self.unit_type == "bunker":
            return "bunkers cannot move (2.55)"
        return None

    def entry_blocker(self, cell: Cell) -> str | None:
        """Guns, tanks and vehicles come onto a woods or marsh hex only by a road through it
        (3.4, chart note 1: they may not enter the hex except via a road)."""
        terrain = self._terrain.get(cell, self._default)
        if not self.heavy or terrain not in ("woods", "marsh"):
            return None
        grid = self.map.grid
        if any(k in ("paved", "unpaved") for n in grid.neighbours(cell)
               for k in self._roads.get(Edge.of(cell, n), ())):
            return None
        return f"{terrain} hex: guns, tanks and vehicles may not enter it except by road (3.4, chart note 1)"

    def off_map_step(self, cell: Cell) -> Step:
        """The step off the map from edge hex ``cell`` (9.4: units may move off the map), read as the
        crossing of a hexside of the hex's own terrain (3.2: the board's edge has no terrain of its own),
        so guns, tanks and vehicles leave a woods or marsh hex only by a road through it, as they enter one
        (:meth:`entry_blocker`)."""
        grid = self.map.grid
        if cell not in grid or len(grid.neighbours(cell)) == len(grid.all_neighbours(cell)):
            return Step.blocked(f"{self.map.label(cell)} is not on the map's edge (9.4)")
        blocked = self.entry_blocker(cell)
        if blocked:
            return Step.blocked(blocked.replace("enter it", "leave it"))
        terrain = self._terrain.get(cell, self._default)
        return Step.of(self._base_part(terrain, f"{terrain} hexside off the map"))

    # --- steps -------------------------------------------------------------------------
    def _mp(self, terrain: str) -> int:
        return self.hexside_mp.get(terrain, 2)

    def _hexside_terrain(self, a: Cell, b: Cell, feats: tuple[str, ...]) -> tuple[str, str]:
        for f in feats:
            if f in self.hexside_mp:
                return f, f"{f} hexside"
        ta = self._terrain.get(a, self._default)
        tb = self._terrain.get(b, self._default)
        if ta == tb:
            return ta, f"{ta} hexside"

        def rank(t: str) -> tuple[bool, int]:
            return (self.heavy and t in ("woods", "marsh"), self._mp(t))
        return (ta, f"{ta} hexside") if rank(ta) > rank(tb) else (tb, f"{tb} hexside")

    def _base_part(self, terrain: str, name: str) -> Part:
        """The hexside's own MP (8.1 and the Terrain Effects Chart; assumed where the chart is cut)."""
        cost = self._mp(terrain)
        rule = {"clear": "Combat Infantry 8.1", "woods": "Combat Infantry 8.1",
                "beach": "Combat Infantry 3.4 Beach", "orchard": "Combat Infantry chart: Orchard"}
        return Part(cost, f"{name} {cost} MP", rule.get(terrain, "Combat Infantry 8.1 (chart row not "
                                                                  "in the excerpt)"),
                    assumed=self.hexside_mp.is_assumed(terrain))

    def _feature_part(self, feature: str, text: str, rule: str) -> Part:
        n = self.feature_mp[feature]
        return Part(n, text.format(n=n), rule, assumed=self.feature_mp.is_assumed(feature))

    def step(self, a: Cell, b: Cell) -> Step:
        edge = Edge.of(a, b)
        feats = self._edges.get(edge, ())
        unit, heavy = self.unit_type, self.heavy
        if "lake" in feats:
            return Step.blocked("lake hexside: impassable (3.4 Sea/Lake)")
        terrain, name = self._hexside_terrain(a, b, feats)
        roads = self._roads.get(edge, ())
        by_road = any(k in ("paved", "unpaved") for k in roads)
        destroyed = DESTROYED in feats and "bridge" in feats       # 7.3: the river it spanned
        bridge = "bridge" in feats and not destroyed
        by_road = by_road and not destroyed
        if heavy and not by_road:
            if terrain in ("woods", "marsh"):
                return Step.blocked(f"{name}: impassable to guns, tanks and vehicles except by road "
                                    "(3.4, chart note 1)")
            entered = self._terrain.get(b, self._default)
            if entered in ("woods", "marsh"):
                return Step.blocked(f"{entered} hex: guns, tanks and vehicles may not enter it except by "
                                    "road (3.4, chart note 1)")
        parts = [self._base_part(terrain, name)]
        up = self._elev.get(b, 0) > self._elev.get(a, 0)
        if bridge:
            parts.append(Part(0, "bridge", "Combat Infantry 3.4 Bridges"))
        else:
            if "ford" in feats:
                if unit in WHEELED:
                    return Step.blocked("ford hexside: guns and vehicles cannot cross (3.4 Ford)")
                parts = [self._feature_part("ford", "ford hexside {n} MP", "Combat Infantry 3.4 Ford")]
            elif "river" in feats or destroyed:
                what = "destroyed bridge: a river hexside" if destroyed else "river hexside"
                if destroyed and self.option("destroyed-bridge") == "impassable":
                    return Step.blocked("destroyed bridge: impassable (7.3, option destroyed-bridge)")
                if heavy:
                    return Step.blocked(f"{what}: impassable to guns, tanks and vehicles (3.4, 8.5"
                                        f"{', 7.3' if destroyed else ''})")
                parts = [self._feature_part("river", what + " {n} MP", "Combat Infantry 3.4 River"
                                            + (", 7.3 (option destroyed-bridge)" if destroyed else ""))]
            if "cliff" in feats:
                if heavy:
                    return Step.blocked("cliff hexside: impassable to guns, tanks and vehicles (3.4)")
                if up:
                    parts.append(self._feature_part("cliff", "cliff +{n} uphill", "Combat Infantry 3.4 Cliff"))
            if "hedge" in feats:
                if unit in WHEELED and self.option("hedge-stops-wheeled"):
                    return Step.blocked("hedge hexside: guns and vehicles cannot cross it (assumed reading of "
                                        "3.4 Hedge, option hedge-stops-wheeled)")
                parts.append(self._feature_part("hedge", "hedge +{n}", "Combat Infantry 3.4 Hedge"))
        if up and "cliff" not in feats:
            parts.append(self._feature_part("slope", "slope +{n} uphill", "Combat Infantry 3.4 Slope"))
        if "wreck" in self._features.get(b, ()):
            parts.append(Part(1, "wreck +1 (6.34)", "Combat Infantry 6.34"))
        enemy = self.enemies_at(b)
        cell_feats = self._features.get(b, ())
        mines = "mines" in cell_feats and not enemy
        what = "minefield hex" if mines else "enemy-occupied hex"
        bonus = self._road_bonus(roads, bridge)
        if bonus:
            if enemy or mines:
                parts.append(Part(0, "no road bonus into an assault (8.4)", "Combat Infantry 8.4"))
            else:
                parts.append(Part(0 if bonus.startswith("no ") else -1, bonus, "Combat Infantry 8.4"))
        stops = []
        if enemy or mines:        # entering a minefield is an assault on the mines (7.2: mines are units)
            if "wire" in cell_feats:
                return Step.blocked(f"{'mines' if mines else 'enemy unit'} in a barbed-wire hex: "
                                    "it can be fired on but not assaulted (7.5 note)")
            if unit in NO_ASSAULT:
                return Step.blocked(f"{what}: {unit} cannot move into an assault (9.61, 9.62"
                                    f"{'; mines are units, 7.2' if mines else ''})")
            if "hedge" in feats and unit != "tank":
                return Step.blocked(f"{what} across a hedge: only tanks assault across hedges (3.4)")
            if destroyed:
                return Step.blocked(f"{what} across a destroyed bridge: its assault limit is zero (7.3)")
            full = self._assault_limit_used(a, b)
            if full:
                return Step.blocked(full)
            stops.append("enemy-occupied hex: assault, must stop (8.0, 9.1)" if enemy else
                         "minefield hex: mines are units, so entering is an assault on them: must "
                         "stop (7.2, 8.0; a mines feature names no side: read as the enemy's)")
        else:
            control = self.control.get(b)
            if control == "disputed":
                stops.append("disputed hex: must stop (8.3)")
            elif control is not None and control not in self.team:
                stops.append("enemy-controlled hex: must stop (8.3)")
        if "smoke" in cell_feats:
            stops.append("smoke hex: must stop (7.4)")
        if "wire" in cell_feats:
            stops.append("barbed wire hex: must stop (7.5)")
        return Step.of(*parts, stop="; ".join(stops) or None)

    def _assault_limit_used(self, a: Cell, b: Cell) -> str | None:
        """Why no more units may assault from ``a`` into ``b`` this HQ activation: the friendly units
        that moved into the assault on ``b`` across this hexside (tagged ``assaulting=<a>``) fill its
        assault limit (9.1, in addition to the fire limits)."""
        from wartools.games.combat_infantry.limits import hexside_limits

        came = self.map.label(a)
        across = sum(1 for u in self.friends_at(b) if entered_from(u.tags) == came)
        if not across:
            return None
        lim = hexside_limits(self.map, a, b)
        n = lim.tank_assault if self.unit_type == "tank" else lim.assault
        if across < n:
            return None
        return (f"assault limit {n} of the {lim.terrain} hexside used up: {across} unit{'s' if across > 1 else ''} "
                f"already assault{'s' if across == 1 else ''} across it this activation (9.1)")

    def assault_at(self, cell: Cell) -> bool:
        """An enemy unit or a minefield is there: a move ending on it is an assault (8.0, 9.1, 7.2)."""
        return bool(self.enemies_at(cell)) or "mines" in self._features.get(cell, ())

    def _road_bonus(self, roads: tuple[str, ...], bridge: bool) -> str:
        """The road/railway bonus text for a hexside ('' when none), 8.4 and 3.4."""
        if not roads:
            return ""
        if bridge:
            return "no road bonus on a bridge (3.4)"
        if "paved" in roads:
            return "road -1"
        if "unpaved" in roads:
            if not self.bad_weather:
                return "road -1"
            if "railway" not in roads or self.heavy:
                return "no road bonus: unpaved road in bad weather (8.4)"
        if "railway" in roads and not self.heavy:
            return "railway -1"
        return ""

    # --- end of move -------------------------------------------------------------------
    def stack_limit(self, cell: Cell) -> tuple[int, str]:
        """Stacking limit of a hex and where it comes from (8.2, 7.1, 7.5)."""
        feats = self._features.get(cell, ())
        if "wire" in feats:
            return self.stacking["wire"], "barbed wire hex"
        if "foxhole" in feats:
            return self.stacking["foxhole"], "foxhole"
        terrain = self._terrain.get(cell, self._default)
        return self.stacking.get(terrain, 3), f"{terrain} hex"

    def end_blocker(self, cell: Cell) -> str | None:
        friends = len(self.friends_at(cell))
        if not friends:
            return None
        limit, where = self.stack_limit(cell)
        if friends + 1 > limit:
            return (f"stacking limit {limit} in a {where} (8.2): {friends} friendly unit"
                    f"{'s' if friends > 1 else ''} already there")
        return None


def assaulting_tag(came_from: str) -> str:
    """The tag of a unit that moved into an assault from hex ``came_from`` (9.1): the movement rules
    count the units that crossed each hexside into an assault against its assault limit.

    Examples
    --------
    >>> assaulting_tag("C3"), entered_from(("half-hit", assaulting_tag("C3")))
    ('assaulting=C3', 'C3')
    """
    return f"{ASSAULTING}={came_from}"


def entered_from(tags: Iterable[str]) -> str | None:
    """The hex a unit with these tags entered its assault from (``None``: it is not assaulting)."""
    return tag_value(tags, ASSAULTING)


@dataclass(frozen=True)
class ChartRow:
    """One movement value the rules use: its row name, value, source note, and whether the
    excerpt's Terrain Effects Chart prints it or it is assumed (3.4, 8.1, 8.2, 2.14)."""

    row: str
    value: int
    assumed: bool
    source: str = ""

    def __str__(self) -> str:
        return f"{self.row} {self.value}{' [assumed]' if self.assumed else ''}"


def terrain_chart(rules: type[Rules] | None = None, *, assumed: bool | None = None) -> tuple[ChartRow, ...]:
    """The movement rows of ``rules`` (default :class:`Rules`): MP per hexside and feature,
    stacking, move ratings -- each flagged when the excerpt does not print it.

    ``assumed=True`` keeps only the assumed rows, ``False`` only the printed ones.
    The excerpt's chart stops after Cemetery, so several rows are assumed; a
    subclass of :class:`Rules` with other tables changes them.

    Examples
    --------
    >>> rows = {r.row: r for r in terrain_chart()}
    >>> rows["woods hexside MP"].value, rows["woods hexside MP"].assumed, str(rows["town hexside MP"])
    (3, False, 'town hexside MP 2 [assumed]')
    >>> all(r.assumed for r in terrain_chart(assumed=True))
    True
    """
    r = Rules if rules is None else rules
    rows = []
    for title, table in (("hexside MP", r.hexside_mp), ("feature MP", r.feature_mp),
                         ("stacking", r.stacking), ("move rating", r.move_rating)):
        for key in table.keys():
            row = ChartRow(f"{key} {title}", table[key], table.is_assumed(key), table.notes.get(key, ""))
            if assumed is None or row.assumed == assumed:
                rows.append(row)
    return tuple(rows)
