"""Heroes of Normandie movement on squares: terrain elements, interspace obstacles, trenches, mines.

Each square entered costs one square of the unit's Movement Value (4.2 Tank
Gear, Fuel: Movement Values are counted in squares). Terrain elements and
defensive obstacles say, per unit class, whether they are *impassable*, a
*difficult passage* or an *obstacle* (Heroes of Normandie 1.2, 1.3, 1.4):

- difficult terrain: impassable to vehicles, difficult passage (1.2);
- streams: impassable to light vehicles, difficult passage (1.2);
- fields: obstacle for infantry (1.2);
- embankments / seawalls: impassable to vehicles, difficult passage (1.2);
- barbed wire (interspace): difficult passage for infantry only (1.3);
- Czech hedgehogs (interspace): impassable to vehicles, obstacle (1.3);
- trenches: impassable to vehicles, obstacle; a unit moving into or out of a
  trench stops unless it crosses an interspace with a ladder; moving between
  joined trench squares does not stop, and the trench's walls constrain
  movement: a diagonal step inside a trench may not cut its bend (1.4, 1.1 Hole C);
- bunker windows: infantry never enter through them (1.1 Bunker, 3.1 Urban Fighter);
- a mined square (a ``mine`` feature) is flagged on the path: the mine attack
  is rolled at the end of the move (4.2 Minefield, "Revealing and Triggering");
- a Fuel marker adds one square to a vehicle's Movement Value (4.2 Tank Gear):
  option ``fuel``.

Every step is built from :class:`~wartools.rules.movement.Part` objects, so its cost
and its explanation come from the same parts. The excerpt uses but does not
define the core terms, so their readings are **assumed options** of the game
(each reported in the answer's ``assumptions``): what a difficult passage
costs (``difficult-passage-cost``) and whether two in one step both cost
(``difficult-passages-add``), that an obstacle ends the move (``obstacle-rule``), how diagonal
steps work (``diagonal-rule``), enemy Zones of Control (``zoc-stops``), the
Movement Values (``infantry-movement`` ...). Rows of the tables below that the
excerpt does not print (walls, hedges, sea, buildings ...) are assumed too;
their parts say so. The excerpt says when Suppressed Markers are placed, not
what they do: a unit tagged ``suppressed`` moves as any other and its answer
says so (option ``suppressed-movement``; ``refuse`` refuses the question).

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.movement import path
>>> m = tiny_map("heroes-of-normandie", 4, 1, edges={("A1", "B1"): "barbed-wire"}, features={"C1": ["mine"]})
>>> p = path(m, "A1", "D1", "infantry")
>>> p.cost, p.steps[0].why
(4, '1 square, barbed wire: Difficult Passage (1.3), Difficult Passage +1 [assumed]')
>>> p.steps[1].why
'1 square, mined square: mine attack at the end of the move (4.2)'
>>> path(m, "A1", "D1", "heavy-vehicle").cost
3
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from wartools.errors import WartoolsError
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.rules.movement import MovementRules, Part, Step, Table

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map
    from wartools.movement.results import PathResult

NORMAL, DIFFICULT, OBSTACLE, IMPASSABLE = "normal", "difficult", "obstacle", "impassable"
_I, _L, _H = "infantry", "light-vehicle", "heavy-vehicle"
_HON = "Heroes of Normandie"
#: where an assumed reading comes from: the core rules, which the excerpt does not print
CORE = "Heroes of Normandie core rules (not in the Bloody Omaha excerpt)"

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
    assumed=("beach", "sea", "building", "bunker", "mound"),
    notes={"field": "1.2", "difficult": "1.2", "stream": "1.2", "trench": "1.4 (stops handled apart)"})
#: interspace feature effect per unit class (1.2, 1.3; assumed rows flagged)
INTERSPACE_EFFECT = Table(
    {"wall": {_I: DIFFICULT, _L: IMPASSABLE, _H: DIFFICULT},
     "hedge": {_I: DIFFICULT, _L: IMPASSABLE, _H: IMPASSABLE},
     "barbed-wire": {_I: DIFFICULT, _L: NORMAL, _H: NORMAL},
     "hedgehog": {_I: OBSTACLE, _L: IMPASSABLE, _H: IMPASSABLE},
     "seawall": {_I: DIFFICULT, _L: IMPASSABLE, _H: IMPASSABLE},
     "window": {_I: IMPASSABLE, _L: IMPASSABLE, _H: IMPASSABLE},
     "contour": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "opening": {_I: NORMAL, _L: NORMAL, _H: NORMAL},
     "ladder": {_I: NORMAL, _L: NORMAL, _H: NORMAL}},
    assumed=("wall", "hedge", "contour"),
    notes={"barbed-wire": "1.3", "hedgehog": "1.3", "seawall": "1.2 Embankments", "window": "1.1 Bunker"})
_NAMES = {"barbed-wire": "barbed wire", "hedgehog": "Czech hedgehogs", "seawall": "seawall",
          "window": "bunker window"}
#: the section that prints each row (rows not here are assumed readings of the core rules)
_SECTION = {"field": "1.2", "difficult": "1.2", "stream": "1.2", "trench": "1.4", "barbed-wire": "1.3",
            "hedgehog": "1.3", "seawall": "1.2", "window": "1.1 Bunker"}
_WORD = {DIFFICULT: "Difficult Passage", OBSTACLE: "Obstacle", IMPASSABLE: "impassable"}
_WALLED = ("building", "bunker")


class Rules(MovementRules):
    """Heroes of Normandie movement policy; see the module docstring.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.movement import path
    >>> m = tiny_map("heroes-of-normandie", 4, 1, terrain={"B1": "trench", "C1": "trench"},
    ...              edges={("C1", "D1"): "ladder"})
    >>> path(m, "A1", "D1", "infantry").why_not
    'the move must stop at B1 (reached for 1 squares): trench: moving into or out of it ends the move unless by a ladder (1.4)'
    >>> path(m, "B1", "D1", "infantry").cost
    2
    """

    switches: ClassVar[tuple[str, ...]] = ("fuel",)
    reads: ClassVar[tuple[str, ...]] = ("difficult-passage-cost", "difficult-passages-add", "obstacle-rule",
                                          "diagonal-rule", "zoc-stops", "fuel")

    points: ClassVar[str] = "squares"
    terrain_effect: ClassVar[Table] = TERRAIN_EFFECT
    interspace_effect: ClassVar[Table] = INTERSPACE_EFFECT

    def prepare(self) -> None:
        m = self.map
        mover = self.situation.mover
        self._suppressed = mover is not None and "suppressed" in mover.tags
        if self._suppressed and self.option("suppressed-movement") == "refuse":
            assert mover is not None
            raise WartoolsError(f"unit {mover.id}: a suppressed unit's movement is not modelled (the Bloody "
                                "Omaha excerpt says when Suppressed Markers are placed, not what they do; "
                                "option suppressed-movement=refuse)")
        self._terrain, self._default = m.terrain, m.default_terrain
        self._edges, self._features = m.edges, m.features
        self._extra = int(self.option("difficult-passage-cost"))
        self._add = bool(self.option("difficult-passages-add"))
        self._obstacle_stops = self.option("obstacle-rule") == "ends-move"
        self._diagonal_rule = str(self.option("diagonal-rule"))
        self._zoc: dict[Cell, list[Cell]] = {}
        if self.option("zoc-stops"):
            for cell in self.occupants:
                if self.enemies_at(cell):       # allied sides of the map's teams exert no zone
                    for n in m.grid.neighbour_table[cell]:
                        self._zoc.setdefault(n, []).append(cell)

    # --- allowance ----------------------------------------------------------------------
    def _movement_value(self) -> int:
        return int(self.option(f"{self.unit_type}-movement"))

    def allowance(self) -> int:
        return self._movement_value() + (1 if self.has_option("fuel") and self.unit_type != _I else 0)

    def allowance_why(self) -> str:
        text = f"Movement Value {self._movement_value()} [assumed, option {self.unit_type}-movement]"
        if self.has_option("fuel") and self.unit_type != _I:
            text += " + 1 Fuel marker (4.2)"
        return text

    def assumptions(self) -> tuple[Assumption, ...]:
        """The options these rules read, the mover's Movement Value, and every assumed table row
        whose terrain or interspace feature is on the map (each could change a path)."""
        names = (*self.reads, f"{self.unit_type}-movement", *(("suppressed-movement",) if self._suppressed else ()))
        own = self.map.game.assumptions(names)
        present = set(self._terrain.values()) | {self._default}
        feats = {f for fs in self._edges.values() for f in fs}
        rows = [Assumption(CORE, f"{name}: {self._effect(table, name)} for {self.unit_type}")
                for table, names in ((self.terrain_effect, present), (self.interspace_effect, feats))
                for name in sorted(names) if table.is_assumed(name)]
        return merge_assumptions(own, rows)

    # --- parts --------------------------------------------------------------------------
    def _t(self, c: Cell) -> str:
        return self._terrain.get(c, self._default)

    def _effect(self, table: Table, name: str) -> str:
        return str(table.get(name, {}).get(self.unit_type, NORMAL))

    def _kind_parts(self, table: Table, name: str, effect: str) -> list[Part]:
        """What ``name`` is for this unit (printed, or an assumed table row), as a 0-square part."""
        label = _NAMES.get(name, name)
        if table.is_assumed(name) or name not in _SECTION:
            return [Part(0, f"{label}: {_WORD[effect]} for {self.unit_type}", CORE, assumed=True)]
        return [Part(0, f"{label}: {_WORD[effect]} ({_SECTION[name]})", f"{_HON} {_SECTION[name]}")]

    def _passage(self, table: Table, name: str, parts: list[Part], stops: list[str], paid: list[bool]) -> None:
        """Parts of crossing or entering one terrain element / interspace feature ``name``."""
        effect = self._effect(table, name)
        if effect in (DIFFICULT, OBSTACLE):
            parts += self._kind_parts(table, name, effect)
        if effect == OBSTACLE and not self._obstacle_stops:     # option obstacle-rule=difficult
            parts.append(Part(0, "an Obstacle read as a Difficult Passage (obstacle-rule=difficult)", CORE,
                              assumed=True))
            effect = DIFFICULT
        if effect == DIFFICULT:
            extra = self._extra if (self._add or not paid) else 0
            text = (f"Difficult Passage +{extra}" if extra or self._add else
                    "Difficult Passage +0 (one extra per step: difficult-passages-add=false)")
            parts.append(Part(extra, text, CORE, assumed=True))
            paid.append(True)
        elif effect == OBSTACLE:
            parts.append(Part(0, "an Obstacle ends the move", CORE, assumed=True))
            stops.append(f"{_NAMES.get(name, name)}: obstacle, the move ends")

    def _blocked(self, table: Table, name: str, what: str) -> Step:
        tag = f"({_SECTION[name]})" if name in _SECTION and not table.is_assumed(name) else "[assumed]"
        return Step.blocked(f"{what}: impassable to {self.unit_type} {tag}")

    def _cross(self, a: Cell, b: Cell, parts: list[Part], stops: list[str], paid: list[bool]) -> Step | None:
        """Apply the interspace between orthogonal neighbours; a blocked Step or None."""
        ta, tb = self._t(a), self._t(b)
        feats = self._edges.get(Edge.of(a, b), ())
        walled = (ta in _WALLED) != (tb in _WALLED)
        for f in feats:
            if f == "wall" and walled:
                if "opening" in feats:
                    continue
                return Step.blocked("building wall: enter and leave through an opening [assumed]")
            if self._effect(self.interspace_effect, f) == IMPASSABLE:
                return self._blocked(self.interspace_effect, f, _NAMES.get(f, f))
            self._passage(self.interspace_effect, f, parts, stops, paid)
        return None

    def _corner_blocks(self, x: Cell, y: Cell) -> str | None:
        """A feature on interspace ``x|y`` this unit could not simply walk across (its corner
        cannot be cut), or ``None``."""
        for f in sorted(self._edges.get(Edge.of(x, y), ())):
            if f in ("opening", "ladder", "contour"):
                continue
            if f == "window" or self._effect(self.interspace_effect, f) != NORMAL:
                return _NAMES.get(f, f)
        return None

    def _diagonal(self, a: Cell, b: Cell) -> Step | None:
        rule = self._diagonal_rule
        if rule == "free":
            return None
        if rule == "none":
            return Step.blocked("diagonal moves are not allowed (diagonal-rule=none) [assumed]")
        c1, c2 = type(a)(b[0], a[1]), type(a)(a[0], b[1])
        for side in (c1, c2):
            if side in self.map.grid and self._effect(self.terrain_effect, self._t(side)) == IMPASSABLE:
                return Step.blocked(f"diagonal would cut the corner of impassable {self._t(side)} at "
                                    f"{self.map.label(side)} [assumed diagonal rule]")
        if self._t(a) == "trench" and self._t(b) == "trench":
            for side in (c1, c2):
                if self._t(side) != "trench":
                    return Step.blocked(f"diagonal would cut the bend of the trench through its wall at "
                                        f"{self.map.label(side)} (1.4 the walls constrain movement; 1.1 Hole C)")
        for x, y in ((a, c1), (a, c2), (c1, b), (c2, b)):
            hit = self._corner_blocks(x, y)
            if hit:
                return Step.blocked(f"diagonal would cut across {hit} at the corner [assumed diagonal rule]")
        return None

    def step(self, a: Cell, b: Cell) -> Step:
        diagonal = a[0] != b[0] and a[1] != b[1]
        parts: list[Part] = [Part(1, "1 square", f"{_HON} 4.2 (Movement Values count squares)")]
        stops: list[str] = []
        paid: list[bool] = []
        blocked = self._diagonal(a, b) if diagonal else self._cross(a, b, parts, stops, paid)
        if blocked is not None:
            return blocked
        if diagonal and self._diagonal_rule != "no-corner-cutting":
            parts.append(Part(0, f"diagonal step (diagonal-rule={self._diagonal_rule})", CORE, assumed=True))
        elif diagonal:
            parts.append(Part(0, "diagonal step: costs like an orthogonal one, no corner cut", CORE,
                              assumed=True))
        ta, tb = self._t(a), self._t(b)
        if self._effect(self.terrain_effect, tb) == IMPASSABLE:
            return self._blocked(self.terrain_effect, tb, tb)
        if self.enemies_at(b):
            return Step.blocked("enemy unit: cannot move through [assumed]")
        self._passage(self.terrain_effect, tb, parts, stops, paid)
        if (ta == "trench") != (tb == "trench"):
            ladder = not diagonal and "ladder" in self._edges.get(Edge.of(a, b), ())
            if ladder:
                parts.append(Part(0, "by a ladder: the move goes on (1.4)", f"{_HON} 1.4"))
            else:
                stops.append("trench: moving into or out of it ends the move unless by a ladder (1.4)")
        zoc = [e for e in self._zoc.get(b, ()) if (self._t(e) == "trench") == (tb == "trench")]
        if zoc:
            where = ", ".join(sorted(self.map.label(e) for e in zoc))
            parts.append(Part(0, f"enemy Zone of Control ({where}): the move ends", CORE, assumed=True))
            stops.append("enemy Zone of Control: the move ends [assumed, option zoc-stops]")
        if "mine" in self._features.get(b, ()):
            parts.append(Part(0, "mined square: mine attack at the end of the move (4.2)", f"{_HON} 4.2"))
        return Step.of(*parts, stop="; ".join(stops) or None)

    def effects(self, a: Cell, b: Cell) -> tuple[str, ...]:
        """The table effects (1.2, 1.3) of what a step from ``a`` into neighbouring ``b`` crosses
        or enters, for this unit: the interspace's features (orthogonal steps) and ``b``'s terrain."""
        names = [(self.interspace_effect, f) for f in self._edges.get(Edge.of(a, b), ())] \
            if a[0] == b[0] or a[1] == b[1] else []
        return tuple(self._effect(t, n) for t, n in [*names, (self.terrain_effect, self._t(b))])

    def unit_cells(self) -> frozenset[Cell]:
        """The squares other units stand on (an enemy bars the way, a friend the end of the move)
        and the enemy Zones of Control (option ``zoc-stops``); elsewhere a step reads the board
        alone."""
        return frozenset(self.occupants).union(self._zoc)

    def unit_state(self, cell: Cell) -> tuple[bool, frozenset[Cell], bool]:
        """An enemy there, the enemy squares whose Zone of Control covers it, a friend there: all a
        step into the square and the end of a move on it read of the units."""
        return bool(self.enemies_at(cell)), frozenset(self._zoc.get(cell, ())), bool(self.friends_at(cell))

    def end_blocker(self, cell: Cell) -> str | None:
        if self.friends_at(cell):
            return "friendly unit there: a move may pass but not end on it [assumed]"
        return None


#: the unit classes of the terrain charts (1.2, 1.3), in the order the rulebook names them
UNIT_CLASSES = (_I, _L, _H)


def step_effect(m: Map, a: Cell | str, b: Cell | str, unit: str = _I, side: str | None = None) -> str:
    """What one step from ``a`` into neighbouring ``b`` is for ``unit`` (1.2, 1.3, 1.4).

    ``"impassable"`` (the rules refuse the step), ``"obstacle"`` (it crosses or enters an
    Obstacle: the move ends), ``"difficult"`` (a Difficult Passage) or ``"normal"``. The step
    is the movement rules' own (:meth:`Rules.step`); the kind of passage comes from the same
    tables (:data:`TERRAIN_EFFECT`, :data:`INTERSPACE_EFFECT`).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 3, 1, edges={("A1", "B1"): "hedgehog"}, terrain={"C1": "stream"})
    >>> step_effect(m, "A1", "B1", "infantry"), step_effect(m, "A1", "B1", "heavy-vehicle")
    ('obstacle', 'impassable')
    >>> step_effect(m, "B1", "C1", "heavy-vehicle"), step_effect(m, "B1", "C1", "light-vehicle")
    ('difficult', 'impassable')
    """
    from wartools.movement.graph import movement_graph
    from wartools.movement.search import resolve

    start, utype, sit = resolve(m, a, unit, side=side)
    rules = movement_graph(m, utype, sit).rules
    assert isinstance(rules, Rules)
    goal = m.cell(b)
    if not rules.step(start, goal).passable:
        return IMPASSABLE
    effects = rules.effects(start, goal)
    return next((e for e in (OBSTACLE, DIFFICULT) if e in effects), NORMAL)


def step_effects(m: Map, a: Cell | str, b: Cell | str, side: str | None = None) -> dict[str, str]:
    """:func:`step_effect` for every unit class: one row of the terrain charts (1.2, 1.3).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> step_effects(tiny_map("heroes-of-normandie", 2, 1, terrain={"B1": "field"}), "A1", "B1")
    {'infantry': 'obstacle', 'light-vehicle': 'normal', 'heavy-vehicle': 'normal'}
    """
    return {u: step_effect(m, a, b, u, side) for u in UNIT_CLASSES}


def impassable_for(m: Map, a: Cell | str, b: Cell | str, side: str | None = None) -> list[str]:
    """The unit classes that cannot step from ``a`` into neighbouring ``b`` (1.2, 1.3).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> impassable_for(tiny_map("heroes-of-normandie", 2, 1, terrain={"B1": "stream"}), "A1", "B1")
    ['light-vehicle']
    """
    return [u for u, e in step_effects(m, a, b, side).items() if e == IMPASSABLE]


def mined_squares(m: Map, p: PathResult) -> list[str]:
    """The mined squares a path enters, in order: each adds one mine counter to the single
    attack rolled at the end of the move (4.2 Minefield, Revealing and Triggering).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.movement import path
    >>> m = tiny_map("heroes-of-normandie", 4, 1, features={"B1": ["mine"], "D1": ["mine"]})
    >>> mined_squares(m, path(m, "A1", "D1", "infantry"))
    ['B1', 'D1']
    """
    return [m.label(s.to) for s in p.steps if "mine" in m.features_at(s.to)]
