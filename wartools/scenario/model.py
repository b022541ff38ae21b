"""The scenario value types: :class:`Scenario` (what a scenario card says) and
:class:`Position` (where a game stands). Both are frozen; build them with
:func:`~wartools.scenario.load_scenario` / :func:`~wartools.scenario.load_position`
or their ``from_dict`` class methods, which validate everything.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from wartools.errors import WartoolsError
from wartools.rules import Assumption, Game
from wartools.rules.scenario import SCORE_AT_END, ScenarioRules
from wartools.grids.base import Cell, Edge
from wartools.mapmodel import Map, Unit
from wartools.scenario.conditions import Condition
from wartools.situation import ScenarioSituation

SCENARIO_FORMAT = "wartools-scenario/1"
POSITION_FORMAT = "wartools-position/1"
#: map edges a reinforcement may enter by
MAP_EDGES = ("north", "south", "east", "west")
#: the tag of a unit that sets up hidden (``hidden: true``; Combat Infantry 2.53)
HIDDEN = "hidden"


@dataclass(frozen=True)
class Entry:
    """When and where a reinforcement enters: a turn and a zone or a map edge."""

    turn: int
    zone: str | None = None
    edge: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn}
        if self.zone is not None:
            out["zone"] = self.zone
        if self.edge is not None:
            out["edge"] = self.edge
        return out


@dataclass(frozen=True)
class ForceUnit:
    """A unit of a side's force: set up on ``cell`` or entering later (``enters``).

    ``steps`` is its starting strength where the game counts steps or health,
    ``vp`` what its elimination is worth to the enemy (default: the scenario's
    ``per_elimination``), ``hidden`` whether it sets up hidden.
    """

    id: str
    side: str
    type: str
    cell: Cell | None = None
    enters: Entry | None = None
    name: str | None = None
    steps: int | None = None
    vp: int | None = None
    hidden: bool = False
    tags: tuple[str, ...] = ()

    @property
    def start_tags(self) -> tuple[str, ...]:
        """Its tags as it sets up: its own, and ``hidden`` when it sets up hidden."""
        return (*self.tags, HIDDEN) if self.hidden and HIDDEN not in self.tags else self.tags

    @property
    def is_reinforcement(self) -> bool:
        """Whether the unit enters after set-up."""
        return self.enters is not None


@dataclass(frozen=True)
class Side:
    """One side's force, set-up zones and starting resources."""

    name: str
    units: tuple[ForceUnit, ...]
    setup: tuple[str, ...] = ()
    resources: Mapping[str, int] = field(default_factory=dict)

    @property
    def reinforcements(self) -> tuple[ForceUnit, ...]:
        """The units that enter after set-up."""
        return tuple(u for u in self.units if u.is_reinforcement)


@dataclass(frozen=True)
class Objective:
    """A scenario objective: an id, a cell, the VP it is worth and when it scores.

    ``score`` is ``"end"`` (held at the end of the game), ``"each-turn"`` (at the
    end of every turn) or a tuple of scoring turns.
    """

    id: str
    cell: Cell
    value: int = 0
    kind: str = "victory"
    name: str | None = None
    score: str | tuple[int, ...] = SCORE_AT_END

    def scores_on(self, turn: int) -> bool:
        """Whether the objective scores at the end of ``turn`` (not for ``"end"``)."""
        if isinstance(self.score, tuple):
            return turn in self.score
        return self.score != SCORE_AT_END


@dataclass(frozen=True)
class Level:
    """A graded result and the condition for it (``None``: otherwise), and the side (or team) it
    favours when the file says so (``""``: nobody; ``None``: the side its text names first)."""

    result: str
    condition: Condition | None = None
    winner: str | None = None


@dataclass(frozen=True)
class Victory:
    """VP rules, the early-end condition and the graded results, checked in order."""

    levels: tuple[Level, ...]
    per_elimination: int | None = None
    ends_when: Condition | None = None


@dataclass(frozen=True)
class Scenario:
    """A scenario: map, forces, set-up, clock, objectives and victory.

    Examples
    --------
    >>> from wartools.scenario import loads_scenario
    >>> s = loads_scenario(EXAMPLE)
    >>> s.turns, s.first, [u.id for u in s.units()], s.objective("bridge").value
    (4, 'US', ['us-1', 'us-2', 'de-1'], 2)
    >>> s.rules.turn_name, s.unit("us-2").enters.turn
    ('game turn', 3)
    """

    name: str
    game: Game
    map: Map
    turns: int
    first: str
    sides: Mapping[str, Side]
    teams: Mapping[str, tuple[str, ...]]
    objectives: tuple[Objective, ...]
    victory: Victory
    options: Mapping[str, Any] = field(default_factory=dict)
    zones: Mapping[str, tuple[Cell, ...]] = field(default_factory=dict)
    events: Mapping[str, str] = field(default_factory=dict)
    description: str | None = None
    map_ref: str | None = None
    source: str | None = field(default=None, compare=False)

    def __hash__(self) -> int:
        return hash((self.name, self.map, self.turns))

    @cached_property
    def rules(self) -> ScenarioRules:
        """The game's scenario policy (the game carries this scenario's options)."""
        return self.game.scenario_rules()

    # --- lookups ----------------------------------------------------------------------
    def units(self) -> tuple[ForceUnit, ...]:
        """Every unit of every side, in side order."""
        return tuple(u for s in self.sides.values() for u in s.units)

    @cached_property
    def _units_by_id(self) -> Mapping[str, ForceUnit]:
        return {u.id: u for u in self.units()}

    def unit(self, unit_id: str) -> ForceUnit:
        """The unit with this id (one look-up: validating a position asks it of every unit)."""
        found = self._units_by_id.get(unit_id)
        if found is None:
            listed = ", ".join(list(self._units_by_id)[:20]) + (", ..." if len(self._units_by_id) > 20 else "")
            raise WartoolsError(f"no unit {unit_id!r} in scenario {self.name!r}; valid: {listed}")
        return found

    def objective(self, objective_id: str) -> Objective:
        """The objective with this id."""
        for o in self.objectives:
            if o.id == objective_id:
                return o
        raise WartoolsError(f"no objective {objective_id!r}; valid: {', '.join(o.id for o in self.objectives)}")

    def all_zones(self) -> dict[str, tuple[Cell, ...]]:
        """The map's zones and the scenario's own."""
        return {**self.map.zones, **self.zones}

    def team_of(self, side: str) -> str:
        """The team a side plays in."""
        return next(t for t, sides in self.teams.items() if side in sides)

    def enemies_of(self, side: str) -> tuple[str, ...]:
        """The sides not in ``side``'s team."""
        team = self.team_of(side)
        return tuple(s for s in self.sides if self.team_of(s) != team)

    def setup_area(self, side: str) -> frozenset[Cell] | None:
        """Where ``side`` may set up (``None``: the scenario names no zone, anywhere)."""
        zones = self.sides[side].setup
        if not zones:
            return None
        all_zones = self.all_zones()
        return self.rules.setup_area(self.map, tuple(c for z in zones for c in all_zones[z]))

    def entry_cells(self, unit: ForceUnit | str) -> tuple[Cell, ...]:
        """The cells a reinforcement may enter on (its zone, or the cells of its map edge)."""
        u = self.unit(unit) if isinstance(unit, str) else unit
        if u.enters is None:
            return ()
        if u.enters.zone is not None:
            return self.all_zones()[u.enters.zone]
        return edge_cells(self.map, u.enters.edge or "")

    def per_elimination(self) -> int:
        """VP for an eliminated enemy unit (the scenario's, else the game's)."""
        v = self.victory.per_elimination
        return self.rules.per_elimination if v is None else v

    def elimination_vp(self, unit: ForceUnit | str) -> int:
        """What eliminating ``unit`` is worth to its enemies."""
        u = self.unit(unit) if isinstance(unit, str) else unit
        return self.per_elimination() if u.vp is None else u.vp

    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings of rules this scenario rests on."""
        out = list(self.rules.assumptions())
        r = self.rules
        if r.per_elimination_assumed and self.victory.per_elimination is None:
            out.append(Assumption(r.per_elimination_rule,
                                  f"an eliminated unit without its own vp is worth {r.per_elimination} VP"))
        if r.objective_scoring_assumed and any(o.score == r.objective_scoring and o.value
                                               for o in self.objectives):
            out.append(Assumption(r.objective_scoring_rule,
                                  f"objectives without their own scoring turns score {r.objective_scoring!r}"))
        return tuple(out)

    def winner_of(self, result: str | None) -> str | None:
        """The side a result favours: its level's ``winner`` when the file gives one, else the side
        (or the team's first side) named first in the result's text, as a whole word; ``None`` for
        a draw or a result that names none.

        Examples
        --------
        >>> from wartools.scenario import loads_scenario
        >>> s = loads_scenario(EXAMPLE)
        >>> s.winner_of("German victory"), s.winner_of("Major US victory"), s.winner_of("Draw")
        ('German', 'US', None)
        """
        import re

        if not result:
            return None
        given = next((lv.winner for lv in self.victory.levels if lv.result == result), None)
        if given is not None:
            return self.teams[given][0] if given in self.teams and given not in self.sides else (given or None)
        names = [(side, side) for side in self.sides] + [(team, sides[0]) for team, sides in self.teams.items()
                                                         if sides]
        best: tuple[int, int, str] | None = None
        for name, side in names:
            found = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", result, flags=re.IGNORECASE)
            if found and (best is None or (found.start(), -len(name)) < best[:2]):
                best = (found.start(), -len(name), side)
        return None if best is None else best[2]

    def with_options(self, **values: Any) -> Scenario:
        """The same scenario with some game options changed (``night=True``, text values too)."""
        if not values:
            return self
        game = self.game.with_options(**values)
        changed = {k.replace("_", "-") for k in values}
        options = {**self.options, **{o.name: game.option(o.name) for o in game.options if o.name in changed}}
        return dataclasses.replace(self, game=game, options=options)

    def start(self) -> Position:
        """The position at the start of turn 1: set-up units on their cells (a unit set up hidden
        tagged ``hidden``), reinforcements waiting."""
        as_steps = "steps" in self.rules.unit_state
        units = {u.id: UnitState(u.id, u.cell, steps=u.steps if as_steps else None,
                                 health=None if as_steps else u.steps, tags=u.start_tags)
                 for u in self.units() if u.cell is not None}
        return Position(turn=1, units=units, scenario=self.name)

    def map_at(self, position: Position | None = None) -> Map:
        """The map with the position's units on it (the start by default), the cell features play
        removed and placed (:meth:`played_board`) and the scenario's teams, for the engines."""
        p = position or self.start()
        board = self.played_board(p.cleared, p.placed) if p.cleared or p.placed else self._board
        return board.with_units(p.map_units(self))          # one board in every position

    def played_board(self, cleared: tuple[tuple[Cell | Edge, str], ...] = (),
                     placed: tuple[tuple[Cell | Edge, str], ...] = ()) -> Map:
        """The board without units, less the features play removed (``cleared``: a minefield
        whose mine fell, Combat Infantry 7.2) and with those it placed (``placed``: a foxhole dug,
        7.1; a hexside's "destroyed" marker, a bridge demolished, 7.3), each ``(cell, feature)`` or,
        for a hexside feature, ``(edge, feature)``; kept per set of removals and placings, so every
        position after the same ones shares one board and its fingerprint.

        Examples
        --------
        >>> from wartools.scenario import loads_scenario
        >>> s = loads_scenario(EXAMPLE)
        >>> b = s.played_board(placed=((s.map.cell("C2"), "foxhole"),))
        >>> b.features_at("C2"), b is s.played_board(placed=((s.map.cell("C2"), "foxhole"),))
        (('foxhole',), True)
        >>> s.played_board(placed=((s.map.edge("B2", "C2"), "hedge"),)).edge_features_at("B2", "C2")
        ('hedge',)
        """
        boards = self.__dict__.setdefault("_played_boards", {})
        key = (frozenset(cleared), frozenset(placed))
        if key not in boards:
            b = self._board
            features = _played(b.features, key[0], (x for x in placed if not isinstance(x[0], Edge)))
            edges = _played(b.edges, key[0], (x for x in placed if isinstance(x[0], Edge)))
            boards[key] = dataclasses.replace(b, features=features, edges=edges)
        got: Map = boards[key]
        return got

    @cached_property
    def _board(self) -> Map:
        """The scenario's map under its game and teams, without units: every position's board."""
        return dataclasses.replace(self.map, game=self.game, units=(), teams=self.map_teams())

    def map_teams(self) -> dict[str, tuple[str, ...]]:
        """The teams the rules see: the scenario's when it allies sides, else the map's (a
        scenario without ``teams:`` keeps each side alone unless its map allies them)."""
        if any(len(v) > 1 for v in self.teams.values()) or not self.map.teams:
            return {t: tuple(v) for t, v in self.teams.items()}
        return {t: tuple(v) for t, v in self.map.teams.items()}

    def situation(self, position: Position | None = None) -> ScenarioSituation:
        """The one :class:`~wartools.situation.ScenarioSituation` of this scenario in ``position``
        (default: the set-up): its game's options in force (the map's, the scenario's and any set
        with :meth:`with_options`), night and weather among them, its teams and the turn.

        Examples
        --------
        >>> from wartools.scenario import loads_scenario
        >>> sit = loads_scenario(EXAMPLE).with_options(night=True).situation()
        >>> sit.night, sit.turn, sit.settings, sit.allies("US")
        (True, 1, (('night', True),), ('US',))
        """
        p = position or self.start()
        changed = self.game.changed_settings()
        weather = self.game.settings.get("weather")
        return ScenarioSituation(night=self.game.settings.get("night") is True,
                                 weather=weather.strip().lower() if isinstance(weather, str) else "clear",
                                 turn=p.turn, teams=tuple(self.map_teams().items()),
                                 settings=tuple(sorted(changed.items())))

    def to_json(self) -> dict[str, Any]:
        """What the scenario says, as the JSON of ``wartools scenario``: its game, map, clock,
        sides (set-up, reinforcements and where they enter, resources), objectives, results
        and the assumed readings it rests on.

        Examples
        --------
        >>> from wartools.scenario import loads_scenario
        >>> j = loads_scenario(EXAMPLE).to_json()
        >>> j["game"], j["turns"], j["sides"]["US"]["units"], j["victory"]
        ('combat-infantry', 4, ['us-1'], ['US victory', 'German victory'])
        """
        lab = self.map.label
        sides: dict[str, Any] = {}
        for name, side in self.sides.items():
            sides[name] = {
                "units": [u.id for u in side.units if not u.is_reinforcement],
                "reinforcements": [u.id for u in side.reinforcements],
                "setup": list(side.setup),
                "entries": {u.id: {**u.enters.to_dict(), "cells": [lab(c) for c in self.entry_cells(u)]}
                            for u in side.reinforcements if u.enters is not None},
                "resources": dict(side.resources),
            }
        return {"name": self.name, "game": self.game.id, "map": self.map_ref or self.map.name, "turns": self.turns,
                "turn_name": self.rules.turn_name, "first": self.first, "options": dict(self.options),
                "teams": {t: list(v) for t, v in self.teams.items()}, "sides": sides,
                "objectives": [o.id for o in self.objectives],
                "objective_cells": {o.id: lab(o.cell) for o in self.objectives},
                "objective_values": {o.id: o.value for o in self.objectives},
                "victory": [lv.result for lv in self.victory.levels],
                "per_elimination": self.per_elimination(),
                "events": dict(self.events), "assumptions": [a.to_json() for a in self.assumptions()]}

    def text(self) -> str:
        """What the scenario says, in words (the text of ``wartools scenario``)."""
        a = self.to_json()
        turn = self.rules.turn_name
        lines = [f"{self.name}", f"  game: {self.game.name}; map: {a['map']}",
                 f"  {self.turns} {turn}s; {self.first} acts first"]
        if self.description:
            lines.append(f"  {self.description}")
        if self.options:
            lines.append("  options: " + ", ".join(f"{k}={v}" for k, v in self.options.items()))
        for name, side in a["sides"].items():
            lines.append(f"  {name}: sets up {', '.join(side['units'])}"
                         + (f" in {', '.join(side['setup'])}" if side["setup"] else ""))
            for uid, e in side["entries"].items():
                where = e.get("zone") or f"the {e.get('edge')} edge"
                lines.append(f"    {uid} enters on {turn} {e['turn']} by {where}")
            if side["resources"]:
                lines.append("    resources: " + ", ".join(f"{k} {v}" for k, v in side["resources"].items()))
        lines.append("  objectives: " + ", ".join(f"{o} ({a['objective_cells'][o]}, {a['objective_values'][o]} VP)"
                                                  for o in a["objectives"]))
        lines.append(f"  {a['per_elimination']} VP per enemy unit eliminated")
        lines.append("  results, checked in order: " + "; ".join(a["victory"]))
        lines.extend(f"  assumed ({x['rule']}): {x['reading']}" for x in a["assumptions"])
        return "\n".join(lines)

    def _repr_png_(self) -> bytes | None:
        from wartools.render.scenario import scenario_png

        return scenario_png(self)

    def __repr__(self) -> str:
        return (f"<Scenario {self.name!r} {self.game.id}, {self.turns} {self.rules.turn_name}s, "
                f"sides {', '.join(self.sides)}>")


def edge_cells(m: Map, edge: str) -> tuple[Cell, ...]:
    """The cells along one map edge (``north`` is the first row, ``west`` the first column).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("hon", 3, 2)
    >>> [m.label(c) for c in edge_cells(m, "south")]
    ['A2', 'B2', 'C2']
    """
    g = m.grid
    pick = {"north": lambda c, r: r == 0, "south": lambda c, r: r == g.rows - 1,
            "west": lambda c, r: c == 0, "east": lambda c, r: c == g.columns - 1}[edge]
    return tuple(sorted((c for c in g.cells() if pick(*g.to_offset(c))), key=g.to_offset))


@dataclass(frozen=True)
class UnitState:
    """One unit in a position: its cell and its state (steps, health, pins, suppression, tags)."""

    id: str
    cell: Cell | None
    steps: int | None = None
    health: int | None = None
    pins: int | None = None
    suppressed: bool = False
    tags: tuple[str, ...] = ()

    def replace(self, **changes: Any) -> UnitState:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)


def _played(features: Mapping[Any, tuple[str, ...]], cleared: frozenset[tuple[Any, str]],
            placed: Any) -> dict[Any, tuple[str, ...]]:
    """A board's features by cell (or edge), less ``cleared`` and with ``placed``, each ``(where, feature)``."""
    out = {c: tuple(f for f in fs if (c, f) not in cleared) for c, fs in features.items()}
    for c, f in placed:
        if f not in out.get(c, ()):
            out[c] = (*out.get(c, ()), f)
    return {c: fs for c, fs in out.items() if fs}


@dataclass(frozen=True)
class Position:
    """The state of play: the turn, where units stand and their state, who was
    eliminated or left the map, recorded control of objectives, banked VP and events.

    ``units`` holds the units on the map; reinforcements not yet entered are in
    none of ``units``, ``eliminated`` and ``off_map`` (see :meth:`waiting`).
    ``vp`` is what each side has banked besides what :func:`evaluate` counts
    itself (eliminations and end-scored objectives): earlier scoring turns, events.
    ``ended`` says the game is over. ``cleared`` holds the cell features play removed from the
    board, ``(cell, feature)`` (a minefield whose mine fell in an assault, Combat Infantry 7.2), and
    ``placed`` those it added, ``(cell, feature)`` (a foxhole dug, smoke laid, 7.1, 7.4), a hexside
    feature ``(edge, feature)`` (the "destroyed" marker on a demolished bridge, 7.3): a placed
    feature is never one of the board's own (removing it again takes it out of ``placed``), a cleared one
    always is (see :meth:`with_features`). ``spent`` holds, per side, how much of each resource that
    lasts the whole scenario play has used (Combat Infantry's strikes, 2.6, 2.7: the block's steps are
    rotated to keep track of those remaining; :attr:`~wartools.rules.turn.TurnRules.lasting`); a side
    not in it has used none.
    """

    turn: int
    units: Mapping[str, UnitState] = field(default_factory=dict)
    eliminated: tuple[str, ...] = ()
    off_map: tuple[str, ...] = ()
    control: Mapping[str, str | None] = field(default_factory=dict)
    vp: Mapping[str, int] = field(default_factory=dict)
    events: tuple[str, ...] = ()
    surrendered: tuple[str, ...] = ()
    ended: bool = False
    scenario: str | None = None
    cleared: tuple[tuple[Cell | Edge, str], ...] = ()
    placed: tuple[tuple[Cell | Edge, str], ...] = ()
    spent: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def waiting(self, scenario: Scenario) -> tuple[str, ...]:
        """Ids of the reinforcements that have not entered yet."""
        gone = set(self.units) | set(self.eliminated) | set(self.off_map)
        return tuple(u.id for u in scenario.units() if u.id not in gone)

    def map_units(self, scenario: Scenario) -> tuple[Unit, ...]:
        """The units on the map as :class:`~wartools.mapmodel.Unit` values (steps as strength;
        pins and suppression as ``pinned`` / ``suppressed`` tags)."""
        out = []
        for u in scenario.units():
            st = self.units.get(u.id)
            if st is None or st.cell is None:
                continue
            tags = list(st.tags)
            if st.pins and "pinned" not in tags:
                tags.append("pinned")
            if st.suppressed and "suppressed" not in tags:
                tags.append("suppressed")
            strength = st.steps if st.steps is not None else st.health
            out.append(Unit(u.id, u.side, u.type, st.cell, u.name, strength, tuple(tags)))
        return tuple(out)

    def replace(self, **changes: Any) -> Position:
        """A copy with some fields changed (not re-validated; see :func:`check_position`)."""
        return dataclasses.replace(self, **changes)

    def with_features(self, cleared: tuple[tuple[Cell | Edge, str], ...] = (),
                      placed: tuple[tuple[Cell | Edge, str], ...] = ()) -> Position:
        """The position after play removed the cell features ``cleared`` and placed ``placed``, each
        ``(cell, feature)``: a removed feature play had placed leaves ``placed``, one of the board's
        joins ``cleared``; a placed feature the board had and play removed leaves ``cleared``, any
        other joins ``placed``.

        Examples
        --------
        >>> p = Position(turn=1).with_features(placed=(((0, 0), "smoke"),))
        >>> p.placed, p.with_features(cleared=(((0, 0), "smoke"),)).placed
        ((((0, 0), 'smoke'),), ())
        >>> q = Position(turn=1).with_features(cleared=(((1, 0), "wire"),))
        >>> q.cleared, q.with_features(placed=(((1, 0), "wire"),)).cleared
        ((((1, 0), 'wire'),), ())
        """
        gone, new = list(self.cleared), list(self.placed)
        for x in cleared:
            if x in new:
                new.remove(x)
            elif x not in gone:
                gone.append(x)
        for x in placed:
            if x in gone:
                gone.remove(x)
            elif x not in new:
                new.append(x)
        if gone == list(self.cleared) and new == list(self.placed):
            return self
        return dataclasses.replace(self, cleared=tuple(gone), placed=tuple(new))


EXAMPLE = """\
format: wartools-scenario/1
name: Bridge (doctest)
game: combat-infantry
map:
  format: wartools-map/1
  name: strip
  game: combat-infantry
  grid: {type: hex, columns: 6, rows: 3}
  zones: {west: [A1, A2, A3], east: [F1, F2, F3]}
turns: 4
first: US
sides:
  US:
    setup: [west]
    units:
      - {id: us-1, type: rifle, cell: A2, steps: 4}
      - {id: us-2, type: tank, enters: {turn: 3, edge: west}}
  German:
    setup: [east]
    units: [{id: de-1, type: rifle, cell: F2}]
objectives:
  - {id: bridge, cell: C2, value: 2}
victory:
  levels:
    - {result: US victory, if: {side: US, controls: [bridge]}}
    - {result: German victory, otherwise: true}
"""

__all__ = ["EXAMPLE", "Entry", "ForceUnit", "Level", "MAP_EDGES", "Objective", "POSITION_FORMAT", "Position",
           "SCENARIO_FORMAT", "Scenario", "Side", "UnitState", "Victory", "edge_cells"]
