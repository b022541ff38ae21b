"""Movement queries on the cached graph: reachable cells, cheapest path, alternatives,
turn plans, and why a goal is out of reach.

Every query takes the map, the cells (labels or cells), then the situation and
keywords, as the LOS queries do: ``situation`` is a
:class:`~wartools.situation.Situation` (one situation may ask both engines) or, for
short, just the unit (a unit type, a unit id or a :class:`~wartools.mapmodel.Unit`);
the keywords are the situation's fields (:meth:`MoveSituation.keywords`) and the
query's own, checked in one place (:func:`~wartools.situation.check_keywords`). A unit
standing on the start cell supplies the default type and side.
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import networkx as nx

from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.movement.graph import ASKED, End, MoveGraph, movement_graph, rules_class
from wartools.movement.results import Alternatives, PathResult, Reach, StepInfo, TurnPlan, path_result
from wartools.rules.movement import MoveSituation
from wartools.situation import Situation, check_keywords

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit


class MovementError(WartoolsError):
    """A movement query that cannot be answered as asked (bad unit, missing side)."""


def resolve(m: Map, start: Cell | str, unit: str | Unit | None = None, *, situation: Situation | None = None,
            side: str | None = None, weather: str | None = None, night: bool | None = None,
            switches: Iterable[str] | None = None, extra_points: int | None = None
            ) -> tuple[Cell, str, MoveSituation]:
    """Start cell, canonical unit type and :class:`MoveSituation` for a query.

    The unit may be a unit type, the id of a unit on the map, or a ``Unit``
    (default: the ``situation``'s unit type). A unit on the start cell (the
    first one of the requested type, if any) is the mover: it supplies the type
    and side unless given, and is left out of the other units. ``situation``
    is any :class:`~wartools.situation.Situation` (one situation may ask the LOS
    engine too); the keywords that are given override its fields.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.situation import Situation
    >>> m = tiny_map('combat-infantry', 4, 4,
    ...              units=[('a', 'US', 'rifle', 'B2'), ('g', 'German', 'mg', 'D4')])
    >>> start, utype, sit = resolve(m, "B2")
    >>> utype, sit.side, [u.id for u in sit.others]
    ('rifle', 'US', ['g'])
    >>> resolve(m, "A1", situation=Situation(side="us", unit="MG", night=True))[2].unit
    'mg'
    >>> resolve(m, "A1")[1:]
    Traceback (most recent call last):
    ...
    wartools.movement.search.MovementError: no unit on A1 and no side given: give a side (the map has units of German, US)
    """
    cell = m.cell(start)
    given = MoveSituation.of(situation)
    if unit is None:
        unit = given.unit
    if side is None:
        side = given.side
    mover: Unit | None = None
    game = m.game
    if unit is not None and not isinstance(unit, str):
        mover = unit
        unit_type = unit.type
    elif isinstance(unit, str) and any(u.id == unit for u in m.units):
        mover = m.unit(unit)
        unit_type = mover.type
    else:
        wanted = game.unit_types.resolve(unit) if unit is not None else None
        here = m.units_at(cell)
        if here:
            mover = next((u for u in here if u.type == wanted), here[0])
        if wanted is not None:
            unit_type = wanted
        else:
            unit_type = mover.type if mover else game.unit_types.names[0]
    if side is None:
        side = mover.side if mover else None
    others = tuple(u for u in m.units if mover is None or u.id != mover.id)
    if side is None and others:
        sides = ", ".join(sorted({u.side for u in others}))
        raise MovementError(f"no unit on {m.label(cell)} and no side given: give a side "
                            f"(the map has units of {sides})")
    changes: dict[str, Any] = {"side": side, "unit": unit_type, "others": others, "mover": mover}
    for name, value in (("weather", weather), ("night", night), ("extra_points", extra_points)):
        if value is not None:
            changes[name] = value
    if switches is not None:
        changes["switches"] = frozenset(switches)
    return cell, unit_type, given.replace(**changes).on(m)


def resolve_graph(m: Map, start: Cell | str, unit: str | Unit | None = None,
                  **situation: Any) -> tuple[Cell, MoveGraph]:
    """The start cell and the (cached) movement graph for a unit; see :func:`resolve`.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 3, 1)
    >>> cell, mg = resolve_graph(m, "A1", "infantry", side="US")
    >>> m.label(cell), mg.rules.unit_type
    ('A1', 'infantry')
    """
    try:
        key: tuple[Any, ...] | None = (start, unit, *sorted(situation.items()))
        hash(key)
    except TypeError:              # a list of switches: asked afresh
        key = None
    if key is not None and (got := ASKED.get(m, key)) is not None:
        return got
    cell, unit_type, sit = resolve(m, start, unit, **situation)
    answer = cell, movement_graph(m, unit_type, sit)
    return answer if key is None else ASKED.put(m, key, answer)


def query_graph(query: Callable[..., Any], m: Map, start: Cell | str,
                situation: Situation | str | Unit | None, keywords: dict[str, Any]) -> tuple[Cell, MoveGraph]:
    """The start cell and movement graph of a public query: its ``keywords`` checked
    (:func:`~wartools.situation.check_keywords`), a unit given in the situation's place
    taken as the unit.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 3, 1)
    >>> query_graph(path, m, "A1", "infantry", {"side": "US"})[1].rules.unit_type
    'infantry'
    >>> query_graph(path, m, "A1", None, {"nite": True})
    Traceback (most recent call last):
    ...
    wartools.situation.SituationError: path: unknown keyword nite; valid: side, unit, night, weather, switches, extra_points, situation
    """
    check_keywords(query, MoveSituation, keywords)
    unit = keywords.pop("unit", None)
    if situation is not None and not isinstance(situation, Situation):
        if unit is not None:
            raise MovementError(f"{query.__name__}: the unit is given twice ({situation!r} and unit={unit!r})")
        unit, situation = situation, None
    return resolve_graph(m, start, unit, situation=situation, **keywords)


def reachable(m: Map, start: Cell | str, situation: Situation | str | Unit | None = None, *,
              budget: int | None = None, **keywords: Any) -> Reach:
    """Cells where one move can end within ``budget`` points, with their cheapest costs.

    ``budget`` defaults to the unit's allowance for one round or activation.
    The start cell is always included: at cost 0, or at the cost paid in place
    when the rules add one to a unit that stays (a packed-up weapon team deploying) and
    the budget covers it. ``situation`` (a :class:`~wartools.situation.Situation`,
    shared with the LOS engine, or just the unit) and the keywords ``unit``, ``side``,
    ``weather``, ``night``, ``switches``, ``extra_points`` describe the situation (see
    :func:`resolve`).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 6, 1, units=[('jeep', 'US', 'light-vehicle', 'A1')])
    >>> r = reachable(m, "A1")
    >>> r.budget, r.costs[m.cell("E1")], r.path_to("E1").labels()
    (4, 4, ['A1', 'B1', 'C1', 'D1', 'E1'])
    """
    cell, mg = query_graph(reachable, m, start, situation, keywords)
    limit = mg.allowance if budget is None else int(budget)
    if limit < 0:
        raise MovementError(f"budget must be >= 0, got {limit}")
    costs, pred = end_costs(mg, cell, limit)
    return Reach(cell, mg.rules.unit_type, mg.rules.situation.side, limit, costs, mg.points, m.grid,
                 pred, mg)


def end_costs(mg: MoveGraph, cell: Cell, limit: int) -> tuple[dict[Cell, int], dict[Any, Any]]:
    """Cheapest cost of every cell one move from ``cell`` can end on within ``limit`` points,
    and the search's predecessor of each graph node (for rebuilding paths)."""
    blocker = mg.rules.start_blocker()
    fin = mg.rules.finish()
    search_limit = limit - (fin.cost or 0 if fin else 0)
    costs: dict[Cell, int] = {cell: 0}
    pred: dict[Any, Any] = {}
    if blocker is None and search_limit >= 0:
        dist, pred = dijkstra(mg, cell, search_limit)
        for node, d in dist.items():
            if isinstance(node, End):
                costs[node.cell] = min(costs.get(node.cell, d), d)
        if fin is not None and fin.cost:
            costs = {c: v + fin.cost for c, v in costs.items()}
            stay = mg.rules.finish(moved=False)
            costs[cell] = stay.cost or 0 if stay else 0
    return costs, pred


def dijkstra(mg: MoveGraph, source: Any, cutoff: int | None = None) -> tuple[dict[Any, int], dict[Any, Any]]:
    """Distances from ``source`` to every node within ``cutoff`` points, and each node's
    predecessor, on the graph as :meth:`MoveGraph.out` builds it.

    It settles nodes in the same order and keeps the same first predecessor as networkx's
    ``dijkstra_predecessor_and_distance`` on the whole graph, so the answers are the same.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 4, 1)
    >>> cell, mg = resolve_graph(m, "A1", "infantry", side="US")
    >>> dist, pred = dijkstra(mg, cell, 2)
    >>> sorted(m.label(n.cell) for n, d in dist.items() if isinstance(n, End))
    ['A1', 'B1', 'C1']
    """
    out = mg.out
    dist: dict[Any, int] = {}
    seen: dict[Any, int] = {source: 0}
    pred: dict[Any, Any] = {}
    count = itertools.count()
    fringe: list[tuple[int, int, Any]] = [(0, next(count), source)]
    while fringe:
        d, _, v = heapq.heappop(fringe)
        if v in dist:
            continue
        dist[v] = d
        for u, cost in out(v).items():
            vu = d + cost
            if cutoff is not None and vu > cutoff:
                continue
            if u in dist:
                continue
            old = seen.get(u)
            if old is None or vu < old:
                seen[u] = vu
                heapq.heappush(fringe, (vu, next(count), u))
                pred[u] = v
    return dist, pred


def _heuristic(m: Map, mg: MoveGraph, goal: Cell) -> Callable[[Any, Any], int]:
    scale, dist = mg.min_cost, m.grid.distance

    def h(u: Any, _v: Any) -> int:
        return scale * dist(u.cell if isinstance(u, End) else u, goal)
    return h


def astar(mg: MoveGraph, source: Any, target: Any, heuristic: Callable[[Any, Any], int]) -> list[Any] | None:
    """The nodes of a cheapest path from ``source`` to ``target`` (``None`` if there is none), on
    the graph as :meth:`MoveGraph.out` builds it: the same path networkx's ``astar_path`` finds
    on the whole graph (same queue order, same ties)."""
    out = mg.out
    count = itertools.count()
    queue: list[tuple[int, int, Any, int, Any]] = [(0, next(count), source, 0, None)]
    enqueued: dict[Any, tuple[int, int]] = {}
    explored: dict[Any, Any] = {}
    while queue:
        _, _, cur, dist, parent = heapq.heappop(queue)
        if cur == target:
            path = [cur]
            node = parent
            while node is not None:
                path.append(node)
                node = explored[node]
            path.reverse()
            return path
        if cur in explored:
            if explored[cur] is None:
                continue
            if enqueued[cur][0] < dist:
                continue
        explored[cur] = parent
        for nxt, cost in out(cur).items():
            ncost = dist + cost
            if nxt in enqueued:
                qcost, h = enqueued[nxt]
                if qcost <= ncost:
                    continue
            else:
                h = heuristic(nxt, target)
            enqueued[nxt] = ncost, h
            heapq.heappush(queue, (ncost + h, next(count), nxt, ncost, cur))
    return None


def path(m: Map, start: Cell | str, goal: Cell | str, situation: Situation | str | Unit | None = None,
         **keywords: Any) -> PathResult:
    """The cheapest single move from ``start`` to ``goal`` (A* on the movement graph).

    The path never passes through a cell where entering ends the move and
    never ends where a move may not end. Its cost is not limited by the
    allowance: :func:`plan_turns` splits a long path into turns. When the goal
    cannot be reached, :attr:`PathResult.why_not` says what blocks the
    cheapest near-miss.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('combat-infantry', 4, 4, terrain={'B2': 'woods', 'B3': 'woods'},
    ...              roads=[{'kind': 'paved', 'cells': ['B1', 'B2', 'B3']}])
    >>> p = path(m, "B1", "B3", "rifle")
    >>> p.cost, [s.why for s in p.steps]
    (4, ['woods hexside 3 MP, road -1', 'woods hexside 3 MP, road -1'])
    """
    cell, mg = query_graph(path, m, start, situation, keywords)
    return cheapest(m, mg, cell, m.cell(goal))


def cheapest(m: Map, mg: MoveGraph, cell: Cell, target: Cell) -> PathResult:
    """The cheapest single move from ``cell`` to ``target`` on a built movement graph."""
    if cell == target:  # staying put is always possible, even for a unit that cannot move
        return path_result(m, mg, cell, target, [cell])
    blocker = mg.rules.start_blocker()
    if blocker is not None:
        return path_result(m, mg, cell, target, None, blocker)
    nodes = astar(mg, cell, End(target), _heuristic(m, mg, target)) if mg.may_end(target) else None
    if nodes is None:
        return path_result(m, mg, cell, target, None, why_unreachable(m, mg, cell, target))
    return path_result(m, mg, cell, target, nodes)


def alternatives(m: Map, start: Cell | str, goal: Cell | str, situation: Situation | str | Unit | None = None,
                 *, k: int = 3, **keywords: Any) -> Alternatives:
    """Up to ``k`` different paths, cheapest first (networkx ``shortest_simple_paths``), as
    :class:`~wartools.movement.results.Alternatives` (a tuple of paths that draws itself).

    Paths that visit the same cells in the same order count once.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 4, 4)
    >>> [p.cost for p in alternatives(m, "A1", "C1", "infantry", k=3)]
    [2, 3, 3]
    """
    cell, mg = query_graph(alternatives, m, start, situation, keywords)
    target = m.cell(goal)
    if mg.rules.start_blocker() is not None or cell == target:
        return Alternatives((cheapest(m, mg, cell, target),))
    out: list[PathResult] = []
    seen: set[tuple[Cell, ...]] = set()
    try:
        for nodes in itertools.islice(nx.shortest_simple_paths(mg.graph, cell, End(target), weight="weight"),
                                      4 * k):
            res = path_result(m, mg, cell, target, list(nodes))
            if res.cells not in seen:
                seen.add(res.cells)
                out.append(res)
            if len(out) == k:
                break
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return Alternatives((path_result(m, mg, cell, target, None, why_unreachable(m, mg, cell, target)),))
    return Alternatives(tuple(out))


def why_unreachable(m: Map, mg: MoveGraph, start: Cell, goal: Cell) -> str:
    """Explain an unreachable goal by what blocks the cheapest near-miss.

    Candidates are every impossible step out of a cell the unit can reach and
    every must-stop cell it can only end on; the one with the smallest
    (cost so far + cheapest remaining estimate) is reported.
    """
    lab, dist_cells = m.label, m.grid.distance
    pts = mg.points
    dist = nx.single_source_dijkstra_path_length(mg.graph, start, weight="weight")
    if goal in mg.no_end and goal in dist:
        return f"the move cannot end on {lab(goal)}: {mg.no_end[goal]}"
    scale = max(mg.min_cost, 1)
    best: tuple[Any, ...] | None = None
    for (a, b), st in mg.blocked.items():
        if a in dist:
            key = (dist[a] + scale * (1 + dist_cells(b, goal)), dist_cells(b, goal), lab(a), lab(b))
            if best is None or key < best[0]:
                best = (key, f"from {lab(a)} (reached for {dist[a]} {pts}) the step into {lab(b)} is "
                             f"impossible: {st.why}")
    for node, d in dist.items():
        if not isinstance(node, End) or node.cell in dist or node.cell == goal:
            continue
        c = node.cell
        for u in mg.graph.predecessors(node):
            if u in dist and dist[u] + mg.graph.edges[u, node]["weight"] == d:
                st = mg.step(u, node)
                key = (d + scale * dist_cells(c, goal), dist_cells(c, goal), lab(c), "")
                if best is None or key < best[0]:
                    best = (key, f"the move must stop at {lab(c)} (reached for {d} {pts}): {st.stop}")
                break
    if best is None:
        return f"no way out of {lab(start)}: every step is blocked"
    return best[1]


def plan_turns(result: PathResult, allowance: int | None = None) -> TurnPlan:
    """Split a path into rounds or activations of at most ``allowance`` points each.

    Each turn takes as many steps as fit and ends on a cell where a move may
    end (backing up past allied units and the like). The greedy split gives
    the fewest turns for that path, since points cannot be saved (Combat
    Infantry 8.1).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 8, 1)
    >>> plan = plan_turns(path(m, "A1", "H1", "infantry"))
    >>> plan.to_json()["turns"]
    [{'cells': ['A1', 'B1', 'C1', 'D1'], 'cost': 3}, {'cells': ['D1', 'E1', 'F1', 'G1'], 'cost': 3}, {'cells': ['G1', 'H1'], 'cost': 1}]
    """
    limit = result.allowance if allowance is None else int(allowance)
    if not result.reachable:
        return TurnPlan(result, limit, (), False, result.why_not)
    mg = result.graph
    lab = result.grid.label
    steps = list(result.steps)
    turns: list[tuple[StepInfo, ...]] = []
    i = 0
    while i < len(steps):
        cur: list[StepInfo] = []
        spent = 0
        while i < len(steps) and spent + steps[i].cost <= limit:
            spent += steps[i].cost
            cur.append(steps[i])
            i += 1
        if not cur:
            s = steps[i]
            return TurnPlan(result, limit, tuple(turns), False,
                            f"the step into {lab(s.to)} costs {s.cost} {result.points}, more than "
                            f"{limit} {result.points} per turn")
        if i < len(steps):
            keep = len(cur)
            while keep > 0 and mg is not None and not mg.may_end(cur[keep - 1].to):
                keep -= 1
            if keep == 0:
                return TurnPlan(result, limit, tuple(turns), False,
                                f"no cell between {lab(cur[0].frm)} and {lab(cur[-1].to)} where the turn may end")
            i -= len(cur) - keep
            cur = cur[:keep]
        turns.append(tuple(cur))
    return TurnPlan(result, limit, tuple(turns), True)
