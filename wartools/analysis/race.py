"""Race to objectives: for every objective, the first turn each side can have a unit on it, with
which unit, and the margin between the sides.

Each unit on the map is searched with the multi-turn movement engine, one turn deeper at a time
(:class:`wartools.movement.turns.TurnLayers`, as :func:`wartools.movement.reach_in_turns`: the
fewest moves to end on each cell, one move per turn); a unit already on an objective holds it in
the current turn. A reinforcement not yet on the map is placed on one of its entry cells as the
end of its first move, on its entry turn (an assumed reading, stated in the answer), and searched
from every entry cell where a unit of its type may stand (the scenario's own set-up check,
:meth:`~wartools.rules.scenario.ScenarioRules.standing_problem`, as set-up advice and the play
engine ask it) and its movement rules let it come onto
(:meth:`~wartools.movement.MovementRules.entry_blocker`). Points a side's resources add to a move
(Conflict of Heroes CAPs, 3.21: :meth:`~wartools.movement.MovementRules.side_points`) are added
to every unit's turns; the answer names that reading and the assumed costs on the way of
each first arrival. Other units stay where they are. Reaching an objective is what is
reported; whether standing there also *controls* it is the game's scenario rule (:func:`wartools.scenario.evaluate`).

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> r = race(loads_scenario(EXAMPLE))
>>> r.first["bridge"]["US"], r.first["bridge"]["German"], r.margin("bridge")
(Arrival(turn=1, unit='us-1', cell=None, moves=1), Arrival(turn=2, unit='de-1', cell=None, moves=2), ('US', 1))
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wartools.answers import Answer
from wartools.analysis.board import Board, assumptions_json
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell
from wartools.mapmodel import Unit
from wartools.movement import TurnsReach
from wartools.movement.turns import TurnLayers, turn_layers
from wartools.scenario import Position, Scenario

ENTRY_READING = Assumption("scenario reinforcements",
                           "a reinforcement stands on its entry cell at the end of its first move, on its entry "
                           "turn, and moves on from there the turns after")


@dataclass(frozen=True)
class Arrival:
    """The first turn a side can have a unit on an objective, the unit, and (for a reinforcement)
    the entry cell it comes in by."""

    turn: int
    unit: str
    cell: Cell | None = None
    moves: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Race(Answer):
    """The first arrival of each side on each objective (``None``: not before the game ends)."""

    board: Board = field(repr=False)
    turn: int
    first: Mapping[str, Mapping[str, Arrival | None]]
    assumptions: tuple[Assumption, ...] = ()

    def margin(self, objective: str) -> tuple[str | None, int | None]:
        """``(side first there, by how many turns)``; ``(None, 0)`` for a tie, ``(None, None)``
        when no side gets there."""
        arrivals = {s: a.turn for s, a in self.first[objective].items() if a is not None}
        if not arrivals:
            return None, None
        ordered = sorted(arrivals.items(), key=lambda kv: kv[1])
        if len(ordered) == 1:
            return ordered[0][0], None
        (s1, t1), (_, t2) = ordered[0], ordered[1]
        return (None, 0) if t1 == t2 else (s1, t2 - t1)

    def to_json(self) -> dict[str, Any]:
        """``{"turn", "objectives": {id: {side: {"turn", "unit"} | null}}, "margins": {id: {"first", "by"}},
        "assumptions"}``."""
        lab = self.board.map.label
        objectives: dict[str, Any] = {}
        for oid, sides in self.first.items():
            objectives[oid] = {s: None if a is None else {"turn": a.turn, "unit": a.unit,
                                                          **({"enters_by": lab(a.cell)} if a.cell else {})}
                               for s, a in sides.items()}
        margins = {}
        for oid in self.first:
            side, by = self.margin(oid)
            margins[oid] = {"first": side, "by": by}
        return {"turn": self.turn, "objectives": objectives, "margins": margins,
                "assumptions": assumptions_json(self.assumptions)}

    def text(self, assumptions: bool = True) -> str:
        """One line per objective: each side's first turn and unit, and the margin; then the
        assumed readings (``assumptions=False``: only how many there are)."""
        s = self.board.scenario
        lines = [f"race to the objectives from {s.rules.turn_name} {self.turn} (last: {s.turns})"]
        for oid, sides in self.first.items():
            parts = [f"{side} {'never' if a is None else f'{s.rules.turn_name} {a.turn} ({a.unit})'}"
                     for side, a in sides.items()]
            first, by = self.margin(oid)
            lead = ("tie" if by == 0 else "nobody" if first is None else
                    f"{first} first" + (f" by {by}" if by else " (alone)"))
            lines.append(f"  {oid} ({self.board.map.label(s.objective(oid).cell)}): {'; '.join(parts)} -> {lead}")
        if assumptions:
            lines += [a.text() for a in self.assumptions]
        elif self.assumptions:
            lines.append(f"({len(self.assumptions)} assumed readings of the rules: list them with --assumptions)")
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """The scenario with each objective shaded in the colour of the side first there and the
        turn written in it (:func:`wartools.render.analysis.draw_race`)."""
        from wartools.render.analysis import draw_race

        return draw_race(self, ax)


def _route_readings(r: TurnsReach, goal: Cell) -> list[Assumption]:
    """The assumed readings of the explained moves (:func:`~wartools.movement.search.cheapest`,
    as :func:`~wartools.movement.route_in_turns` builds them) from ``r``'s start to ``goal``."""
    from wartools.movement.search import cheapest

    mg = r.graph
    if mg is None:
        return []
    ends = r.route(goal)
    return [x for a, b in zip(ends, ends[1:]) for x in cheapest(mg.rules.map, mg, a, b).assumptions]


def race(scenario: Scenario | Board, *, position: Position | None = None) -> Race:
    """The first turn each side can reach each objective, with which unit."""
    board = Board.of(scenario, position)
    s, p, m = board.scenario, board.position, board.map
    now, last = p.turn, s.turns
    found: dict[str, dict[str, Arrival | None]] = {o.id: dict.fromkeys(s.sides) for o in s.objectives}
    used: list[Assumption] = []
    cache: dict[tuple[Any, str, Cell], TurnLayers] = {}
    reaches: dict[Any, TurnsReach] = {}

    def offer(side: str, arrival: Arrival, objective: str) -> None:
        old = found[objective][side]
        if arrival.turn <= last and (old is None or (arrival.turn, arrival.moves) < (old.turn, old.moves)):
            found[objective][side] = arrival

    def wanted(side: str, cell: Cell, start_turn: int, per_turn: int | None) -> tuple[set[Cell], int]:
        """The objectives this unit could still reach first (or tie) for its side, and how many
        turns deep that can matter; a unit moves at most ``per_turn`` cells a turn."""
        cells: set[Cell] = set()
        depth = 0
        for o in s.objectives:
            best = found[o.id][side]
            limit = last - start_turn + 1 if best is None else best.turn - start_turn + 1
            if per_turn:
                lower = -(-m.grid.distance(cell, o.cell) // per_turn)
                if lower > limit:
                    continue
            cells.add(o.cell)
            depth = max(depth, limit)
        return cells, depth

    points: dict[str, int] = {}
    for side in s.sides:
        points[side], readings = board.move_points(side)
        used.extend(readings)

    def layers_of(unit: str | Unit, side: str, cell: Cell) -> TurnLayers:
        """The turn layers of a unit on the map (its id) or of a reinforcement on an entry cell."""
        key = (unit if isinstance(unit, str) else (unit.type, unit.tags), side, cell)
        layers = cache.get(key)
        if layers is None:
            layers = cache[key] = turn_layers(m, cell, board.situation, unit=unit, extra_points=points[side])
            used.extend(layers.graph.rules.assumptions())
        return layers

    def reach(unit: str | Unit, side: str, cell: Cell, horizon: int, start_turn: int) -> TurnsReach:
        """The multi-turn reach, searched one turn deeper at a time until every objective the
        unit could still be first on is in it (fewest turns do not depend on the depth searched)."""
        layers = layers_of(unit, side, cell)
        graph = layers.graph
        least = graph.least_cost     # a bound for pruning: the exact cheapest step needs the whole board
        per_turn = graph.allowance // least if least else None
        while True:
            goals, depth = wanted(side, cell, start_turn, per_turn)
            if goals <= layers.turns_to.keys() or layers.turns >= min(horizon, depth) or layers.settled:
                return layers.reach(m.grid)
            layers.advance()

    def nearest(u: Any) -> int:
        return min((m.grid.distance(u.cell, o.cell) for o in s.objectives), default=0)

    for u in sorted(m.units, key=nearest):   # near units first: their arrivals bound the others' search
        r = reach(u.id, u.side, u.cell, last - now + 1, now)
        reaches[u.id] = r
        for o in s.objectives:
            k = r.turns_to.get(o.cell)
            if k is not None:
                offer(u.side, Arrival(now if k == 0 else now + k - 1, u.id, moves=k), o.id)
    waiting = p.waiting(s)
    for uid in waiting:
        fu = s.unit(uid)
        if fu.enters is None:
            continue
        enter = max(fu.enters.turn, now)
        if enter > last:
            continue
        used.append(ENTRY_READING)
        foes = set(s.enemies_of(fu.side))
        for cell in s.entry_cells(fu):
            if any(x.side in foes for x in m.units_at(cell)):
                continue        # entering onto an enemy is no entry; friends there: the stacking rule's
            if s.rules.standing_problem(m, fu.type, cell) is not None:
                continue        # the scenario's own set-up check: a unit of this type can never stand there
            mover = Unit(fu.id, fu.side, fu.type, cell, fu.name, fu.steps, fu.tags)   # not a friend standing there
            rules = layers_of(mover, fu.side, cell).graph.rules
            if rules.entry_blocker(cell) is not None or rules.end_blocker(cell) is not None:
                continue        # the unit may not come onto the board there (e.g. chart note 1, stacking)
            r = reach(mover, fu.side, cell, last - enter, enter + 1)
            reaches[(uid, cell)] = r
            for o in s.objectives:
                k = r.turns_to.get(o.cell)
                if k is not None:
                    offer(fu.side, Arrival(enter + k, uid, cell, k + 1), o.id)
    for oid, sides in found.items():       # the assumed costs on the way of each first arrival
        for a in sides.values():
            if a is not None:
                used.extend(_route_readings(reaches[a.unit if a.cell is None else (a.unit, a.cell)],
                                            s.objective(oid).cell))
    return Race(board, now, found, merge_assumptions(used, s.assumptions()))


__all__ = ["Arrival", "ENTRY_READING", "Race", "race"]
