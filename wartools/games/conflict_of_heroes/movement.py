"""Conflict of Heroes: Storms of Steel movement: AP per hex entered, 7 AP per activation.

What the rulebook excerpt says:

- An activated unit receives 7 AP (Conflict of Heroes 2.2 "Unit (AP) Action",
  3.0); moving one open hex costs 1 AP for an infantry squad (Game Overview,
  3.0 example: "1AP to move one open hex").
- CAPs may supplement an activated unit's APs one for one (3.21): pass them as
  ``extra_points``.
- Infantry squads are the units whose movement cost is 2 AP or less (1.1).

Everything else below is an **assumption**, because the excerpt has no
terrain chart: AP per terrain and unit class (:data:`ENTER_AP`, every row
except open for foot units is flagged), hexside extras for walls and streams
(:data:`HEXSIDE_AP`), +1 AP uphill, road movement at the open-terrain cost, a
wreck +1 AP, no moving into enemy-occupied hexes and no stacking limit.
Override the tables in a subclass of :class:`Rules` to change them.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.movement import reachable
>>> m = tiny_map("conflict-of-heroes", 10, 1, units=[("rifles", "Soviet", "infantry", "A1")])
>>> r = reachable(m, "A1")
>>> r.budget, max(r.costs.values())
(7, 7)
>>> reachable(m, "A1", extra_points=2).budget
9
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.rules.options import Assumption
from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.rules.movement import MovementRules, MoveSituation, Part, Step, Table

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map

_TABLE = "Conflict of Heroes terrain costs (not in the Storms of Steel excerpt: printed per counter)"
_OPEN = "Conflict of Heroes Game Overview, 3.0 (1 AP to move one open hex)"

#: unit type -> movement class
CLASSES = {"infantry": "foot", "mg": "foot", "mortar": "foot", "gun": "gun", "vehicle": "vehicle",
           "tank": "tank"}
X = None  # impassable

#: AP to enter a hex, per movement class and terrain; None = impassable
ENTER_AP = Table(
    {"foot": {"open": 1, "field": 1, "brush": 2, "woods": 2, "building": 2, "water": X},
     "gun": {"open": 2, "field": 2, "brush": 3, "woods": 3, "building": X, "water": X},
     "vehicle": {"open": 1, "field": 2, "brush": 2, "woods": 4, "building": X, "water": X},
     "tank": {"open": 1, "field": 1, "brush": 2, "woods": 3, "building": X, "water": X}},
    assumed=("foot:field", "foot:brush", "foot:woods", "foot:building", "foot:water", "gun", "vehicle", "tank"),
    notes={"foot:open": "Game Overview and 3.0: 1 AP to move one open hex"})
#: extra AP to cross a hexside feature, per movement class; None = impassable (all assumed)
HEXSIDE_AP = Table(
    {"wall": {"foot": 1, "gun": 1, "vehicle": X, "tank": 1},
     "stream": {"foot": 1, "gun": 2, "vehicle": 2, "tank": 1}},
    assumed=("wall", "stream"))


class Rules(MovementRules):
    """Conflict of Heroes movement policy; see the module docstring.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.movement import path
    >>> m = tiny_map("conflict-of-heroes", 3, 1, terrain={"B1": "woods"})
    >>> p = path(m, "A1", "C1", "infantry")
    >>> p.cost, [s.why for s in p.steps]
    (3, ['woods hex 2 AP [assumed]', 'open hex 1 AP'])
    """

    points: ClassVar[str] = "AP"
    default_allowance: ClassVar[int] = 7
    allowance_rule: ClassVar[str] = "7 AP per activation, Conflict of Heroes 2.2, 3.0"
    extra_points_name: ClassVar[str] = "CAPs, which supplement an activated unit's APs one for one (3.21)"
    enter_ap: ClassVar[Table] = ENTER_AP
    hexside_ap: ClassVar[Table] = HEXSIDE_AP
    #: extra AP for entering a higher hex (assumption)
    uphill_ap: ClassVar[int] = 1

    def prepare(self) -> None:
        m = self.map
        self.cls = CLASSES.get(self.unit_type, "foot")
        self._table = self.enter_ap[self.cls]
        self._terrain, self._default = m.terrain, m.default_terrain
        self._edges, self._features, self._elev, self._roads = m.edges, m.features, m.elevation, m.road_edges
        self._memo: dict[tuple[Any, ...], Step] = {}

    @classmethod
    def side_points(cls, game: Any, resources: Mapping[str, int]) -> tuple[int, tuple[Assumption, ...]]:
        """The side's CAPs (3.2: a firefight sets them; 3.21: they supplement an activated unit's
        APs one for one), under option ``caps-for-moves``.

        Examples
        --------
        >>> from wartools.games import find_game
        >>> g = find_game("conflict-of-heroes")
        >>> points, readings = Rules.side_points(g, {"caps": 5})
        >>> points, [a.option for a in readings]
        (5, ['caps-for-moves'])
        >>> Rules.side_points(g.with_options(**{"caps-for-moves": False}), {"caps": 5})[0]
        0
        """
        caps = int(resources.get("caps", 0))
        if not caps:
            return 0, ()
        return (caps if game.option("caps-for-moves") else 0), game.assumptions(["caps-for-moves"])

    def allowance_why(self) -> str:
        text = f"7 AP ({self.allowance_rule})"
        if self.situation.extra_points:
            text += f" + {self.situation.extra_points} CAPs (3.21)"
        return text

    @classmethod
    def graph_key(cls, map: Map, unit_type: str, situation: MoveSituation) -> Hashable:
        """These rules read the unit type, the side (its enemies block hexes), where enemy units
        stand and the CAPs added: movers of one side and type share a graph. A subclass (a house
        rule) may read more, so it shares only what the base class shares, whole situations."""
        if cls is not Rules:
            return super().graph_key(map, unit_type, situation)
        team = map.allies(situation.side)
        enemies = frozenset(u.cell for u in situation.others if u.side not in team)
        return (unit_type, situation.side, enemies, situation.extra_points, situation.switches)

    def unit_cells(self) -> frozenset[Cell]:
        """The enemy-occupied hexes, which bar the step in [assumed]; nothing else in these rules
        reads the units (no stacking limit)."""
        return frozenset(c for c in self.occupants if self.enemies_at(c))

    def unit_state(self, cell: Cell) -> bool:
        """An enemy there: all a step into the hex reads of the units."""
        return bool(self.enemies_at(cell))

    def least_step(self) -> int:
        """No step costs less than this class's cheapest terrain entry (a road costs the open
        entry) plus the most negative extra (hexsides, uphill; none in the printed tables)."""
        base = min((v for v in self._table.values() if v is not None), default=0)
        extras = [row.get(self.cls) or 0 for row in self.hexside_ap.values.values()] + [self.uphill_ap]
        return max(0, base + min(0, *extras))

    def _assumed(self, terrain: str) -> bool:
        """Whether this class's cost for ``terrain`` is an assumed table entry (a row of a whole
        class, ``"gun"``, or of one cost, ``"foot:woods"``, may be flagged)."""
        t = self.enter_ap
        return t.is_assumed(self.cls) or t.is_assumed(f"{self.cls}:{terrain}")

    def step(self, a: Cell, b: Cell) -> Step:
        if self.enemies_at(b):
            return Step.blocked("enemy-occupied hex: cannot move in [assumed]")
        edge = Edge.of(a, b)
        terrain = self._terrain.get(b, self._default)
        on_road = bool(self._roads.get(edge))
        key = (terrain, on_road, () if on_road else self._edges.get(edge, ()),
               self._elev.get(b, 0) > self._elev.get(a, 0), "wreck" in self._features.get(b, ()))
        try:
            return self._memo[key]
        except KeyError:
            got = self._memo[key] = self._board_step(*key)
            return got

    def _board_step(self, terrain: str, on_road: bool, crossed: tuple[str, ...], up: bool, wreck: bool) -> Step:
        """A step into a hex of ``terrain``, on a road or across the hexside features ``crossed``,
        uphill or not, into a wreck or not: all a step reads of the board, so equal inputs give
        one :class:`Step`, made once per rules."""
        parts: list[Part] = []
        if on_road and terrain != "water":
            cost = self._table["open"]
            parts.append(Part(cost, f"road {cost} AP (open-terrain cost)", _TABLE, assumed=True))
        else:
            ap = self._table.get(terrain)
            if ap is None:
                return Step.blocked(f"{terrain} hex: impassable to {self.unit_type} [assumed]")
            assumed = self._assumed(terrain)
            parts.append(Part(ap, f"{terrain} hex {ap} AP", _TABLE if assumed else _OPEN, assumed=assumed))
        for f in crossed:
            extra = self.hexside_ap.get(f, {}).get(self.cls, 0)
            if extra is None:
                return Step.blocked(f"{f} hexside: impassable to {self.unit_type} [assumed]")
            if extra:
                parts.append(Part(extra, f"{f} hexside +{extra}", _TABLE, assumed=True))
        if up and self.uphill_ap:
            parts.append(Part(self.uphill_ap, f"uphill +{self.uphill_ap}", _TABLE, assumed=True))
        if wreck:
            parts.append(Part(1, "wreck +1", _TABLE, assumed=True))
        return Step.of(*parts)
