"""Heroes of Normandie movement on squares: terrain elements, interspace obstacles, trenches, mines.

Each square entered costs one point of the unit's Movement Value. Terrain
elements and defensive obstacles say, per unit class, whether they are
*impassable*, a *difficult passage* or an *obstacle* (Heroes of Normandie 1.2,
1.3, 1.4):

- difficult terrain: impassable to vehicles, difficult passage (1.2);
- streams: impassable to light vehicles, difficult passage (1.2);
- fields: obstacle for infantry (1.2);
- embankments / seawalls: impassable to vehicles, difficult passage (1.2);
- barbed wire (interspace): difficult passage for infantry only (1.3);
- Czech hedgehogs (interspace): impassable to vehicles, obstacle (1.3);
- trenches: impassable to vehicles, obstacle; a unit moving into or out of a
  trench stops unless it crosses an interspace with a ladder; moving between
  joined trench squares does not stop (1.4);
- a mined square (a ``mine`` feature) is flagged on the path: the mine attack
  is rolled at the end of the move (4.2 Minefield, "Revealing and Triggering");
- a Fuel marker adds one square to a vehicle's Movement Value (4.2 Tank Gear):
  option ``"fuel"``.

The excerpt does not define the core terms, so the conventional readings are
**assumptions**: a difficult passage costs one extra point, an obstacle ends
the move on entering (or crossing), enemy squares are impassable and a move
may pass friendly units but not end on one. The diagonal convention is also an
assumption (:attr:`Rules.diagonal_rule`): on an 8-adjacency board a diagonal
step costs the same as an orthogonal one, but may not cut a corner -- it is
refused if a square beside it is impassable to the unit or an interspace
meeting that corner carries a wall, hedge, wire, hedgehog or seawall.
Walls around buildings are entered through openings; walls, hedges and sea
squares elsewhere, and Movement Values, come from the assumed tables below.

Examples
--------
>>> from wartools.mapmodel import loads_map
>>> from wartools.movement import path
>>> m = loads_map('''
... format: wartools-map/1
... name: Beach
... game: heroes-of-normandie
... grid: {type: square, columns: 4, rows: 1}
... edges: [{cells: [A1, B1], feature: barbed-wire}]
... features: {C1: [mine]}
... ''')
>>> p = path(m, "A1", "D1", "infantry")
>>> p.cost, [s.why for s in p.steps]
(4, ['1 square, barbed wire: difficult passage +1 (1.3)', '1 square, mined square: mine attack at the end of the move (4.2)', '1 square'])
>>> path(m, "A1", "D1", "heavy-vehicle").cost
3
"""
from __future__ import annotations

from typing import ClassVar

from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.movement.rules import MovementRules, Step, Table

NORMAL, DIFFICULT, OBSTACLE, IMPASSABLE = "normal", "difficult", "obstacle", "impassable"
_I, _L, _H = "infantry", "light-vehicle", "heavy-vehicle"

#: terrain element effect per unit class (1.2, 1.4; assumed rows flagged)
TERRAIN_EFFECT = Table(
    {"open": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "beach": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "mound": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "sea": {_I: DIFFICULT, _L: IMPASSABLE, _H: IMPASSABLE},
     "building": {_I: NORMAL, _L: IMPASSABLE, _H: IMPASSABLE},
     "bunker": {_I: NORMAL, _L: IMPASSABLE, _H: IMPASSABLE},
     "trench": {_I: NORMAL, _L: IMPASSABLE, _H: IMPASSABLE},
     "field": {_I: OBSTACLE, _L: NORMAL, _H: NORMAL},
     "difficult": {_I: DIFFICULT, _L: IMPASSABLE, _H: IMPASSABLE},
     "stream": {_I: DIFFICULT, _L: IMPASSABLE, _H: DIFFICULT}},
    assumed=("beach", "sea", "building", "bunker"),
    notes={"field": "1.2", "difficult": "1.2", "stream": "1.2", "trench": "1.4 (stops handled apart)",
           "mound": "1.2"})
#: interspace feature effect per unit class (1.2, 1.3; assumed rows flagged)
INTERSPACE_EFFECT = Table(
    {"wall": {_I: DIFFICULT, _L: IMPASSABLE, _H: DIFFICULT},
     "hedge": {_I: DIFFICULT, _L: IMPASSABLE, _H: IMPASSABLE},
     "barbed-wire": {_I: DIFFICULT, _L: NORMAL, _H: NORMAL},
     "hedgehog": {_I: OBSTACLE, _L: IMPASSABLE, _H: IMPASSABLE},
     "seawall": {_I: DIFFICULT, _L: IMPASSABLE, _H: IMPASSABLE},
     "contour": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "opening": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "ladder": {_I: NORMAL, _L: NORMAL, _H: NORMAL}},
    assumed=("wall", "hedge", "contour"),
    notes={"barbed-wire": "1.3", "hedgehog": "1.3", "seawall": "1.2 Embankments"})
#: Movement Value per unit type (all assumed: the values are printed on the counters)
MOVEMENT_VALUE = Table({_I: 4, _L: 7, _H: 5}, assumed=(_I, _L, _H))
#: interspace features that stop a diagonal step through their corner
CORNER_BLOCKERS = frozenset({"wall", "hedge", "barbed-wire", "hedgehog", "seawall"})
_NAMES = {"barbed-wire": "barbed wire", "hedgehog": "Czech hedgehogs", "seawall": "seawall"}
_SECTION = {"field": "1.2", "difficult": "1.2", "stream": "1.2", "trench": "1.4", "barbed-wire": "1.3",
            "hedgehog": "1.3", "seawall": "1.2"}


class Rules(MovementRules):
    """Heroes of Normandie movement policy; see the module docstring.

    ``diagonal_rule`` is ``"no-corner-cutting"`` (default), ``"free"`` (a
    diagonal ignores the squares and interspaces beside it) or ``"none"``
    (orthogonal steps only).

    Examples
    --------
    >>> from wartools.mapmodel import loads_map
    >>> from wartools.movement import path
    >>> m = loads_map('''
    ... format: wartools-map/1
    ... name: trench
    ... game: heroes-of-normandie
    ... grid: {type: square, columns: 4, rows: 1}
    ... terrain: {cells: {B1: trench, C1: trench}}
    ... edges: [{cells: [C1, D1], feature: ladder}]
    ... ''')
    >>> path(m, "A1", "D1", "infantry").why_not
    'the move must stop at B1 (reached for 1 squares): trench: moving into or out of it ends the move unless by a ladder (1.4)'
    >>> path(m, "B1", "D1", "infantry").cost
    2
    """

    options = {"fuel": "a Fuel marker: vehicles move one square further (assumed reading)"}

    points: ClassVar[str] = "squares"
    terrain_effect: ClassVar[Table] = TERRAIN_EFFECT
    interspace_effect: ClassVar[Table] = INTERSPACE_EFFECT
    movement_value: ClassVar[Table] = MOVEMENT_VALUE
    diagonal_rule: ClassVar[str] = "no-corner-cutting"
    #: extra points for a difficult passage (assumption)
    difficult_extra: ClassVar[int] = 1

    def prepare(self) -> None:
        m = self.map
        self._terrain, self._default = m.terrain, m.default_terrain
        self._edges, self._features = m.edges, m.features

    def allowance(self) -> int:
        mv = self.movement_value.get(self.unit_type, 4)
        return mv + (1 if self.has_option("fuel") and self.unit_type != _I else 0)

    def allowance_why(self) -> str:
        text = f"Movement Value {self.movement_value.get(self.unit_type, 4)} [assumed]"
        if self.has_option("fuel") and self.unit_type != _I:
            text += " + 1 Fuel marker (4.2)"
        return text

    def _t(self, c: Cell) -> str:
        return self._terrain.get(c, self._default)

    def _effect(self, table: Table, name: str) -> str:
        return table.get(name, {}).get(self.unit_type, NORMAL)

    def _cross(self, a: Cell, b: Cell, reasons: list[str], stops: list[str]) -> Step | None:
        """Apply the interspace between orthogonal neighbours; a blocked Step or None."""
        ta, tb = self._t(a), self._t(b)
        feats = self._edges.get(Edge.of(a, b), ())
        for f in feats:
            name = _NAMES.get(f, f)
            if f == "wall" and (ta in ("building", "bunker")) != (tb in ("building", "bunker")):
                return Step.blocked("building wall: enter and leave through an opening [assumed]")
            effect = self._effect(self.interspace_effect, f)
            tag = f"({_SECTION[f]})" if f in _SECTION else "[assumed]"
            if effect == IMPASSABLE:
                return Step.blocked(f"{name}: impassable to {self.unit_type} {tag}")
            if effect == DIFFICULT:
                reasons.append(f"{name}: difficult passage +{self.difficult_extra} {tag}")
            elif effect == OBSTACLE:
                stops.append(f"{name}: obstacle, the move ends {tag}")
        return None

    def _diagonal(self, a: Cell, b: Cell) -> Step | None:
        if self.diagonal_rule == "free":
            return None
        if self.diagonal_rule == "none":
            return Step.blocked("diagonal moves are not allowed (diagonal_rule='none')")
        c1, c2 = type(a)(b[0], a[1]), type(a)(a[0], b[1])
        for side in (c1, c2):
            if side in self.map.grid and self._effect(self.terrain_effect, self._t(side)) == IMPASSABLE:
                return Step.blocked(f"diagonal would cut the corner of impassable {self._t(side)} at "
                                    f"{self.map.label(side)} [assumed diagonal rule]")
        for x, y in ((a, c1), (a, c2), (c1, b), (c2, b)):
            hit = CORNER_BLOCKERS.intersection(self._edges.get(Edge.of(x, y), ()))
            if hit:
                return Step.blocked(f"diagonal would cut across {_NAMES.get(min(hit), min(hit))} at the corner "
                                    "[assumed diagonal rule]")
        return None

    def step(self, a: Cell, b: Cell) -> Step:
        diagonal = a[0] != b[0] and a[1] != b[1]
        reasons: list[str] = []
        stops: list[str] = []
        if diagonal:
            blocked = self._diagonal(a, b)
        else:
            blocked = self._cross(a, b, reasons, stops)
        if blocked is not None:
            return blocked
        ta, tb = self._t(a), self._t(b)
        effect = self._effect(self.terrain_effect, tb)
        tag = f"({_SECTION[tb]})" if tb in _SECTION else "[assumed]"
        if effect == IMPASSABLE:
            return Step.blocked(f"{tb}: impassable to {self.unit_type} {tag}")
        if self.enemies_at(b):
            return Step.blocked("enemy unit: cannot move through [assumed]")
        if effect == DIFFICULT:
            reasons.append(f"{tb}: difficult passage +{self.difficult_extra} {tag}")
        elif effect == OBSTACLE:
            stops.append(f"{tb}: obstacle, the move ends {tag}")
        if (ta == "trench") != (tb == "trench"):
            ladder = not diagonal and "ladder" in self._edges.get(Edge.of(a, b), ())
            if not ladder:
                stops.append("trench: moving into or out of it ends the move unless by a ladder (1.4)")
        cost = 1 + (self.difficult_extra if any("difficult passage" in r for r in reasons) else 0)
        reasons.insert(0, "1 square")
        if "mine" in self._features.get(b, ()):
            reasons.append("mined square: mine attack at the end of the move (4.2)")
        return Step(cost, tuple(reasons), "; ".join(stops) or None)

    def end_blocker(self, cell: Cell) -> str | None:
        if self.friends_at(cell):
            return "friendly unit there: a move may pass but not end on it [assumed]"
        return None
