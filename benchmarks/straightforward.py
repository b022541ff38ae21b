"""The movement searches as wartools ran them before the speed work, kept to benchmark against.

- the whole movement graph built for each mover before the first query (the old ``build_graph``);
- multi-turn reach by one networkx Dijkstra per cell the previous turn ended on;
- each leg of a route by networkx A* on the whole graph;
- the race re-searching each unit at 1, 2, 4 ... turns until the objectives it could still be first
  on are in its reach.

They give the same turns, points and arrivals as the library (``benchmarks/analysis.py`` checks it);
only ties between equally cheap routes may be broken differently.
"""
from __future__ import annotations

from typing import Any
from unittest import mock

import networkx as nx

from wartools.analysis import Board
from wartools.movement import End, resolve
from wartools.movement.graph import MoveGraph, rules_class
from wartools.movement.results import path_result
from wartools.movement import search
from wartools.movement.search import _heuristic

_GRAPHS: dict[Any, MoveGraph] = {}


def clear() -> None:
    """Forget the eagerly built graphs (a cold start)."""
    _GRAPHS.clear()


def eager_graph(m: Any, unit_type: str, sit: Any) -> MoveGraph:
    """The whole graph, built at once on first use (cached per map, unit type and situation)."""
    key = (m.game, m.fingerprint, unit_type, sit)
    if key not in _GRAPHS:
        mg = MoveGraph(rules_class(m.game)(m, unit_type, sit)).complete()
        _ = mg.graph, mg.min_cost
        _GRAPHS[key] = mg
    return _GRAPHS[key]


def _networkx_dijkstra(mg: MoveGraph, source: Any, cutoff: int | None = None) -> tuple[dict, dict]:
    preds, dist = nx.dijkstra_predecessor_and_distance(mg.graph, source, cutoff=cutoff, weight="weight")
    return dist, {k: v[0] for k, v in preds.items() if v}


def end_costs(mg: MoveGraph, cell: Any, limit: int) -> dict:
    """One networkx Dijkstra on the whole graph: where one move from ``cell`` can end, at what cost."""
    with mock.patch.object(search, "dijkstra", _networkx_dijkstra):
        return search.end_costs(mg, cell, limit)[0]


def reach_in_turns(m: Any, start: Any, unit: Any = None, *, turns: int = 2,
                   **situation: Any) -> tuple[dict, dict, dict, MoveGraph]:
    """``(turns_to, spent, came_from, graph)`` by one Dijkstra per frontier cell."""
    cell, utype, sit = resolve(m, start, unit, **situation)
    mg = eager_graph(m, utype, sit)
    turns_to, spent, came_from = {cell: 0}, {cell: 0}, {}
    frontier = [cell]
    for turn in range(1, turns + 1):
        for here in frontier:
            if here != cell and mg.rules.enemies_at(here):
                continue
            for there, cost in end_costs(mg, here, mg.allowance).items():
                total = spent[here] + cost
                if there not in turns_to or (turns_to[there] == turn and total < spent[there]):
                    turns_to[there], spent[there], came_from[there] = turn, total, here
        frontier = [c for c, t in turns_to.items() if t == turn]
    return turns_to, spent, came_from, mg


def route_in_turns(m: Any, start: Any, goal: Any, situation: Any = None, *, unit: Any = None, max_turns: int = 6,
                   **keywords: Any) -> tuple:
    """The fewest-turns route, its legs by networkx A* on the whole graph (the signature of
    :func:`wartools.movement.route_in_turns`: the situation in the LOS place)."""
    if isinstance(situation, str) and unit is None:
        situation, unit = None, situation
    turns_to, _, came_from, mg = reach_in_turns(m, start, unit, turns=max_turns, situation=situation, **keywords)
    target = m.cell(goal)
    if target not in turns_to:
        return ()
    ends = [target]
    while turns_to[ends[-1]]:
        ends.append(came_from[ends[-1]])
    ends.reverse()
    legs = []
    for a, b in zip(ends, ends[1:]):
        nodes = [a] if a == b else nx.astar_path(mg.graph, a, End(b), _heuristic(m, mg, b), weight="weight")
        legs.append(path_result(m, mg, a, b, nodes))
    return tuple(legs)


def race(board: Board) -> dict[str, dict[str, tuple[int, str] | None]]:
    """``{objective: {side: (turn, unit) | None}}`` as the race was computed before."""
    s, p, m = board.scenario, board.position, board.map
    now, last = p.turn, s.turns
    found: dict[str, dict[str, Any]] = {o.id: dict.fromkeys(s.sides) for o in s.objectives}
    cache: dict[Any, tuple] = {}

    def offer(side: str, turn: int, moves: int, unit: str, objective: str) -> None:
        old = found[objective][side]
        if turn <= last and (old is None or (turn, moves) < old[:2]):
            found[objective][side] = (turn, moves, unit)

    def wanted(side: str, cell: Any, start_turn: int, per_turn: int | None) -> tuple[set, int]:
        cells, depth = set(), 0
        for o in s.objectives:
            best = found[o.id][side]
            limit = last - start_turn + 1 if best is None else best[0] - start_turn + 1
            if per_turn and -(-m.grid.distance(cell, o.cell) // per_turn) > limit:
                continue
            cells.add(o.cell)
            depth = max(depth, limit)
        return cells, depth

    def reach(unit: str | None, utype: str, side: str, cell: Any, horizon: int, start_turn: int) -> dict:
        turns = min(1, horizon)
        while True:
            key = (unit or utype, side, cell, turns)
            if key not in cache:
                cache[key] = (reach_in_turns(m, cell, unit, turns=turns) if unit is not None
                              else reach_in_turns(m, cell, utype, side=side, turns=turns))
            turns_to, _, _, graph = cache[key]
            per_turn = graph.allowance // graph.min_cost if graph.min_cost else None
            goals, depth = wanted(side, cell, start_turn, per_turn)
            if goals <= set(turns_to) or turns >= min(horizon, depth):
                return turns_to
            turns = min(2 * turns, horizon, depth)

    def nearest(u: Any) -> int:
        return min((m.grid.distance(u.cell, o.cell) for o in s.objectives), default=0)

    for u in sorted(m.units, key=nearest):
        r = reach(u.id, u.type, u.side, u.cell, last - now + 1, now)
        for o in s.objectives:
            k = r.get(o.cell)
            if k is not None:
                offer(u.side, now if k == 0 else now + k - 1, k, u.id, o.id)
    for uid in p.waiting(s):
        fu = s.unit(uid)
        enter = max(fu.enters.turn, now) if fu.enters is not None else last + 1
        if enter > last:
            continue
        for cell in s.entry_cells(fu):
            if m.units_at(cell):
                continue
            r = reach(None, fu.type, fu.side, cell, last - enter, enter + 1)
            for o in s.objectives:
                k = r.get(o.cell)
                if k is not None:
                    offer(fu.side, enter + k, k + 1, uid, o.id)
    return {o: {side: None if a is None else (a[0], a[2]) for side, a in sides.items()} for o, sides in found.items()}


def positions(board: Board, attacker: Any, fire: Any) -> tuple:
    """Where a moving attacker may fire from, as before: one search for its allowance, one more for the cells."""
    m = board.map
    try:
        cell, utype, sit = resolve(m, attacker.cell, attacker.id)
        mg = eager_graph(m, utype, sit)
        end_costs(mg, cell, 0)
    except ValueError:
        return ((attacker.cell, 0),)
    budget = fire.move_budget(attacker, mg.allowance)
    if budget is None:
        return ((attacker.cell, 0),)
    costs = end_costs(mg, cell, budget)
    return tuple((c, costs[c]) for c in sorted(costs, key=lambda c: (costs[c], m.grid.to_offset(c))))
