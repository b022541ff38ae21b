"""Least-exposed route: the way to a goal, within N turns, that the enemy can fire at least,
beside the cheapest (fewest turns, then fewest points) route; when several routes are that cheap,
the one :func:`wartools.movement.route_in_turns` picks (the tie rule of
:class:`~wartools.movement.turns.TurnLayers`).

**Exposure** is the expected hits (as the game defines a hit, :mod:`wartools.analysis.threat`)
a unit of the mover's type takes from the enemy as it stands, summed over the places where the
game's sequence of play lets the enemy fire at a mover
(:attr:`~wartools.games.fire_rules.FireRules.exposure`):

``every-cell``
    every cell entered (opportunity fire: Conflict of Heroes 3.1, Heroes of Normandie);
``end-of-move``
    the cell each turn's move ends on (Company of Heroes' damage phase after moving, the hexes
    a Combat Infantry unit stops in).

The search runs on the movement engine's own graph (:func:`wartools.movement.movement_graph`:
costs, stops, cells a move may not end on, and the points the side's resources add to a move:
:meth:`wartools.analysis.Board.move_points`) with states (cell, turn, points spent this turn) and
the lexicographic key (exposure, points, turns), A* on the points: exact, so never more exposed
than the cheapest route when that arrives in time. Like :func:`wartools.movement.reach_in_turns`, a move that ends
on an enemy (an assault) does not continue, and the other units stay where they are.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> r = least_exposed_route(loads_scenario(EXAMPLE), "us-1", "D2", turns=3)
>>> r.reachable, r.exposure <= r.cheapest_exposure, r.turns
(True, True, 2)
"""
from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wartools.answers import Answer
from wartools.analysis.board import Board, assumptions_json
from wartools.analysis.threat import ThreatMap, threat_map
from wartools.dice import fraction_str
from wartools.errors import WartoolsError
from wartools.games.fire_rules import EVERY_CELL
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell
from wartools.movement import End, MoveGraph, movement_graph, resolve, route_in_turns
from wartools.scenario import Position, Scenario


@dataclass(frozen=True)
class RouteStep:
    """One step of a route: into ``to`` on ``turn`` for ``cost`` points, the exposure it adds, and why."""

    to: Cell
    turn: int
    cost: int
    exposure: Fraction
    why: str


@dataclass(frozen=True)
class Route(Answer):
    """The least-exposed route and the cheapest one, each with its exposure."""

    board: Board = field(repr=False)
    unit: str
    goal: Cell
    reachable: bool
    cells: tuple[Cell, ...]
    steps: tuple[RouteStep, ...]
    cost: int | None
    turns: int | None
    exposure: Fraction
    cheapest_cells: tuple[Cell, ...]
    cheapest_cost: int | None
    cheapest_turns: int | None
    cheapest_exposure: Fraction
    why_not: str | None = None
    assumptions: tuple[Assumption, ...] = ()
    #: the threat map the exposure was measured on (what the picture shades)
    threat: ThreatMap | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """docs/architecture.md's ``wartools route`` answer plus the cheapest route and the exposure rule."""
        lab = self.board.map.label
        f = self.board.fire
        return {"unit": self.unit, "goal": lab(self.goal), "reachable": self.reachable,
                "cells": [lab(c) for c in self.cells], "cost": self.cost, "turns": self.turns,
                "exposure": fraction_str(self.exposure),
                "steps": [{"to": lab(s.to), "turn": s.turn, "cost": s.cost, "exposure": fraction_str(s.exposure),
                           "why": s.why} for s in self.steps],
                "cheapest": {"cells": [lab(c) for c in self.cheapest_cells], "cost": self.cheapest_cost,
                             "turns": self.cheapest_turns, "exposure": fraction_str(self.cheapest_exposure)},
                "exposure_rule": f"{f.exposure}: {f.exposure_rule}; exposure = expected hits ({f.hit})",
                **({"why_not": self.why_not} if self.why_not else {}),
                "assumptions": assumptions_json(self.assumptions)}

    def text(self) -> str:
        """The route step by step, then the cheapest route for comparison."""
        lab = self.board.map.label
        if not self.reachable:
            return f"{self.unit} -> {lab(self.goal)}: unreachable: {self.why_not}"
        lines = [f"{self.unit} -> {lab(self.goal)}: least exposed route in {self.turns} turn(s), {self.cost} points, "
                 f"exposure {fraction_str(self.exposure)} ({float(self.exposure):.3f} expected hits)"]
        for s in self.steps:
            lines.append(f"  turn {s.turn}: {lab(s.to)} ({s.cost}) {s.why}")
        lines.append(f"  cheapest: {' '.join(lab(c) for c in self.cheapest_cells)} in {self.cheapest_turns} turn(s), "
                     f"{self.cheapest_cost} points, exposure {fraction_str(self.cheapest_exposure)} "
                     f"({float(self.cheapest_exposure):.3f})")
        lines.append(f"  exposure: {self.board.fire.exposure_rule}")
        lines += [a.text() for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """The threat heat map with the least-exposed route (blue) and the cheapest (red)."""
        from wartools.render.analysis import draw_route_answer

        return draw_route_answer(self, ax)


def route_exposure(threat: ThreatMap, kind: str, legs: list[tuple[Cell, ...]]) -> Fraction:
    """Exposure of a route given as the cells of each turn's move (start cell first)."""
    total = Fraction(0)
    for cells in legs:
        if kind == EVERY_CELL:
            total += sum((threat.exposure(c) for c in cells[1:]), Fraction(0))
        else:
            total += threat.exposure(cells[-1])
    return total


def _search(mg: MoveGraph, start: Cell, goal: Cell, turns: int, kind: str,
            exposure: Callable[[Cell], int]) -> list[tuple[Any, int]] | None:
    """Exact least-exposed search; returns ``[(node, turn), ...]`` from the start, or ``None``.

    ``exposure`` is in whole units of a common denominator (:func:`_exposure_units`): integer
    keys order and tie exactly as the fractions do, and compare much faster."""
    allowance = mg.allowance
    succ = mg.out
    counter = itertools.count()
    scale, dist = mg.min_cost, mg.rules.map.grid.distance

    def h(node: Any) -> int:   # a lower bound on the points still to spend (A* on the second key)
        return scale * dist(node.cell if isinstance(node, End) else node, goal)

    state0 = (start, 1, 0)
    best: dict[tuple[Any, int, int], tuple[int, int, int]] = {state0: (0, h(start), 1)}
    parent: dict[tuple[Any, int, int], tuple[Any, int, int] | None] = {state0: None}
    heap = [(0, h(start), 1, next(counter), state0)]
    done: set[tuple[Any, int, int]] = set()
    blocked = mg.rules.start_blocker() is not None
    while heap:
        exp, f, _t, _, state = heapq.heappop(heap)
        if state in done:
            continue
        done.add(state)
        node, turn, spent = state
        total = f - h(node)
        moves: list[tuple[tuple[Any, int, int], int, int]] = []
        if isinstance(node, End):
            if node.cell == goal:
                out = []
                s: tuple[Any, int, int] | None = state
                while s is not None:
                    out.append((s[0], s[1]))
                    s = parent[s]
                return out[::-1]
            if turn < turns and (node.cell == start or not mg.rules.assault_at(node.cell)):
                moves.append(((node.cell, turn + 1, 0), 0, 0))
        elif not (blocked and node == start):
            for nxt, w in succ(node).items():
                if spent + w > allowance:
                    continue
                if isinstance(nxt, End):
                    here = nxt.cell
                    add = (exposure(here) if kind != EVERY_CELL or here != node else 0)
                else:
                    add = exposure(nxt) if kind == EVERY_CELL else 0
                moves.append(((nxt, turn, spent + w), add, w))
        elif node == start:   # a unit that may not move still ends its move where it is
            moves.append(((End(start), turn, spent), 0 if kind == EVERY_CELL else exposure(start), 0))
        for nstate, add, w in moves:
            key = (exp + add, total + w + h(nstate[0]), nstate[1])
            if nstate in done or (nstate in best and best[nstate] <= key):
                continue
            best[nstate] = key
            parent[nstate] = state
            heapq.heappush(heap, (*key, next(counter), nstate))
    return None


def _exposure_units(threat: ThreatMap) -> Callable[[Cell], int]:
    """``threat.exposure`` in whole units of the least common denominator of every cell's exposure."""
    scale = math.lcm(*(t.expected.denominator for t in threat.cells.values())) if threat.cells else 1

    def units(cell: Cell) -> int:
        e = threat.exposure(cell)
        return e.numerator * (scale // e.denominator)
    return units


def _why(board: Board, threat: ThreatMap, cell: Cell, exposed: bool) -> str:
    if not exposed:
        return ""
    t = threat.at(cell)
    if not t.attacks:
        return "; no enemy can fire here"
    return (f"; exposed to {', '.join(t.attackers)}: P(hit) {fraction_str(t.p_hit)}, "
            f"expected {fraction_str(t.expected)}")


def least_exposed_route(scenario: Scenario | Board, unit: str, goal: Cell | str, *, turns: int | None = None,
                        position: Position | None = None, threat: ThreatMap | None = None) -> Route:
    """The route of ``unit`` to ``goal`` that arrives within ``turns`` turns (default: as soon as
    the cheapest route) with the least exposure, beside the cheapest route. ``threat`` reuses a
    threat map already computed for the mover's side and type on the same board."""
    board = Board.of(scenario, position)
    m = board.map
    mover = board.unit(unit)
    target = m.cell(goal)
    if turns is not None and turns < 1:
        raise WartoolsError(f"--turns must be at least 1, got {turns}")
    fire = board.fire
    if threat is None or threat.board.map != m or threat.side != mover.side or threat.target_type != mover.type:
        threat = threat_map(board, mover.side, target=mover.type)
    horizon = turns if turns is not None else max(1, board.scenario.turns)
    extra, readings = board.move_points(mover.side)
    legs = route_in_turns(m, mover.cell, target, board.situation, unit=mover.id, max_turns=horizon,
                          extra_points=extra)
    start, utype, sit = resolve(m, mover.cell, mover.id, extra_points=extra, situation=board.situation)
    mg = movement_graph(m, utype, sit)
    used = board.assumptions(threat.assumptions, mg.rules.assumptions(), readings)
    if target == start:
        return Route(board, unit, target, True, (start,), (), 0, 0, Fraction(0), (start,), 0, 0, Fraction(0),
                     None, used, threat)
    if not legs:
        why = f"{m.label(target)} cannot be reached within {horizon} turn(s)"
        return Route(board, unit, target, False, (), (), None, None, Fraction(0), (), None, None, Fraction(0),
                     why, used, threat)
    cheap_cells = tuple(c for i, leg in enumerate(legs) for c in (leg.cells if i == 0 else leg.cells[1:]))
    cheap_exp = route_exposure(threat, fire.exposure, [leg.cells for leg in legs])
    cheap_cost = sum(leg.cost or 0 for leg in legs)
    limit = turns if turns is not None else len(legs)
    nodes = _search(mg, start, target, limit, fire.exposure, _exposure_units(threat))
    if nodes is None:  # pragma: no cover - the cheapest route is a feasible answer
        raise WartoolsError("no route found although the cheapest route arrives in time")
    steps: list[RouteStep] = []
    cells = [start]
    total_exp = Fraction(0)
    ends = fire.exposure != EVERY_CELL
    assumed: list[Assumption] = [a for leg in legs for a in leg.assumptions]    # the cheapest route's
    for (u, turn), (v, _) in zip(nodes, nodes[1:]):
        if isinstance(u, End):
            continue
        here = v.cell if isinstance(v, End) else v
        if isinstance(v, End) and here == u:
            if ends:    # the move ends where it stands: the stop is exposed
                e = threat.exposure(here)
                total_exp += e
                if steps and steps[-1].to == here and steps[-1].turn == turn:
                    last = steps.pop()
                    steps.append(RouteStep(here, turn, last.cost, last.exposure + e,
                                           last.why + "; the move ends here" + _why(board, threat, here, True)))
                else:
                    steps.append(RouteStep(here, turn, 0, e, "stays; the move ends here"
                                           + _why(board, threat, here, True)))
            continue
        st = mg.step(u, v)
        assumed += [a for p in st.parts if (a := p.assumption()) is not None]   # an assumed cost taken
        e = threat.exposure(here) if (not ends or isinstance(v, End)) else Fraction(0)
        total_exp += e
        why = st.why + ("; the move ends here" if isinstance(v, End) else "")
        steps.append(RouteStep(here, turn, int(st.cost or 0), e,
                               why + _why(board, threat, here, not ends or isinstance(v, End))))
        cells.append(here)
    last_turn = nodes[-1][1]
    return Route(board, unit, target, True, tuple(cells), tuple(steps), sum(s.cost for s in steps), last_turn,
                 total_exp, cheap_cells, cheap_cost, len(legs), cheap_exp, None, merge_assumptions(used, assumed), threat)


__all__ = ["Route", "RouteStep", "least_exposed_route", "route_exposure"]
