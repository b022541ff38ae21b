"""The fast movement paths give exactly the answers of the straightforward ones.

Oracles, on small random maps of every game:

- the whole movement graph built eagerly from the rule hooks (the old ``build_graph``) against
  the lazily built one, edge by edge and in the same order;
- networkx's Dijkstra and A* on that whole graph against the engine's own searches on the lazy
  graph (same distances, same predecessors, same paths);
- turn-by-turn expansion, one networkx Dijkstra per cell the previous turn ended on, against
  :class:`~wartools.movement.turns.TurnLayers` (one search per turn): same fewest turns, same
  points, same previous-turn cell under the documented tie rule;
- a race computed by searching every unit to the full horizon against the pruned, incremental
  :func:`~wartools.analysis.race`.
"""
from __future__ import annotations

import random
from typing import Any

import networkx as nx
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_movement_engine import maps

from wartools.analysis import race
from wartools.games import find_game, game_ids
from wartools.mapmodel import Map
from wartools.movement import (End, MovementError, Step, clear_cache, movement_graph, reach_in_turns, resolve,
                               route_in_turns)
from wartools.movement.graph import END_STEP, MoveGraph, rules_class
from wartools.movement.search import _heuristic, astar, cheapest, dijkstra
from wartools.scenario import loads_scenario
from wartools.scenario.validate import ScenarioError
from wartools.testing import tiny_map, tiny_map_data

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the straightforward versions -------------------------------------------------------------


def eager(m: Map, unit_type: str, sit: Any) -> dict[str, Any]:
    """The whole graph at once, straight from the rule hooks (what build_graph used to do)."""
    rules = rules_class(m.game)(m, unit_type, sit)
    allowance = rules.allowance() + sit.extra_points
    cells = m.grid.cells()
    no_end = {c: w for c in cells if (w := rules.end_blocker(c)) is not None}
    blocked: dict = {}
    edges: list = [(c, End(c), {"weight": 0, "step": END_STEP}) for c in cells if c not in no_end]
    costs = []
    for a in cells:
        for b in m.grid.all_neighbours(a):
            if b not in m.grid:
                continue
            s = rules.step(a, b)
            if s.cost is None:
                blocked[(a, b)] = s
            elif s.cost > allowance:
                blocked[(a, b)] = Step.blocked(s.why, f"needs {s.cost} {rules.points}, more than the allowance "
                                                      f"of {allowance} {rules.points}")
            elif s.stop is not None and b in no_end:
                blocked[(a, b)] = Step.blocked(s.why, f"must stop there, but {no_end[b]}")
            else:
                edges.append((a, End(b) if s.stop is not None else b, {"weight": s.cost, "step": s}))
                costs.append(s.cost)
    g = nx.DiGraph()
    g.add_nodes_from(cells)
    g.add_edges_from(edges)
    return {"graph": g, "blocked": blocked, "no_end": no_end, "min_cost": min(costs, default=0),
            "allowance": allowance, "rules": rules}


def ends_of_one_move(g: nx.DiGraph, rules: Any, here: Any, allowance: int) -> dict:
    """Cheapest points to end one move from ``here`` on each cell (networkx Dijkstra)."""
    fin = rules.finish()
    extra = fin.cost or 0 if fin else 0
    if rules.start_blocker() is not None or allowance - extra < 0:
        return {}
    dist = nx.single_source_dijkstra_path_length(g, here, cutoff=allowance - extra, weight="weight")
    return {n.cell: d + extra for n, d in dist.items() if isinstance(n, End)}


def turn_by_turn(m: Map, unit: Any, turns: int, **situation: Any) -> tuple[dict, dict, dict]:
    """Fewest turns, then fewest points, then (ties) the previous turn's end with the fewest points
    so far and first in board order: one Dijkstra per cell the previous turn ended on."""
    start, utype, sit = resolve(m, unit.cell, unit.id, **situation)
    e = eager(m, utype, sit)
    order = {c: i for i, c in enumerate(m.grid.cells())}
    turns_to, spent, came_from = {start: 0}, {start: 0}, {}
    frontier = [start]
    for t in range(1, turns + 1):
        offers: dict = {}
        for here in frontier:
            if here != start and e["rules"].assault_at(here):     # an assault ends there (mines too, 7.2)
                continue
            for there, cost in ends_of_one_move(e["graph"], e["rules"], here, e["allowance"]).items():
                if there in turns_to:
                    continue
                key = (spent[here] + cost, spent[here], order[here])
                if there not in offers or key < offers[there][0]:
                    offers[there] = (key, here)
        for there, ((total, _, _), here) in offers.items():
            turns_to[there], spent[there], came_from[there] = t, total, here
        frontier = list(offers)
    return turns_to, spent, came_from


def draw_situation(m: Map, data: Any) -> dict[str, Any]:
    switches = sorted(rules_class(m.game).switches)
    picked = data.draw(st.lists(st.sampled_from(switches), unique=True)) if switches else []
    return {"switches": picked, "extra_points": data.draw(st.integers(0, 2))}


# --- the lazy graph is the eager graph ----------------------------------------------------------


@SETTINGS
@given(maps, st.data())
def test_lazy_graph_is_the_eager_graph_edge_for_edge(m, data):
    unit = data.draw(st.sampled_from(m.units))
    situation = draw_situation(m, data)
    start, utype, sit = resolve(m, unit.cell, unit.id, **situation)
    e = eager(m, utype, sit)
    mg = MoveGraph(rules_class(m.game)(m, utype, sit))
    for c in data.draw(st.lists(st.sampled_from(list(m.grid.cells())), max_size=4)):
        mg.out(c)                                                  # a part of the board only
    assert mg.min_cost == e["min_cost"]                            # known early or by finishing the build
    assert mg.least_cost <= e["min_cost"] or not e["graph"].number_of_edges()
    for c in list(mg.built):
        assert list(mg.out(c).items()) == [(v, d["weight"]) for v, d in e["graph"][c].items()]
        assert all(mg.step(c, v) == d["step"] for v, d in e["graph"][c].items())
    g = mg.graph
    assert list(g.nodes) == list(e["graph"].nodes)
    assert list(g.edges(data=True)) == list(e["graph"].edges(data=True))
    assert [list(g.predecessors(n)) for n in g] == [list(e["graph"].predecessors(n)) for n in g]
    assert list(mg.blocked.items()) == list(e["blocked"].items())
    assert list(mg.no_end.items()) == list(e["no_end"].items())
    assert mg.allowance == e["allowance"]


@pytest.mark.parametrize("game", game_ids())
def test_a_shared_graph_is_each_mover_s_own_graph(game):
    from test_movement_engine import random_map

    clear_cache()
    shared = 0
    for seed in range(12):
        m = random_map(game, seed)
        seen: dict[int, str] = {}
        for unit in m.units:
            for extra in (0, 1):
                start, utype, sit = resolve(m, unit.cell, unit.id, extra_points=extra)
                mg = movement_graph(m, utype, sit)
                shared += id(mg) in seen and seen[id(mg)] != unit.id
                seen.setdefault(id(mg), unit.id)
                e = eager(m, utype, sit)
                rules = e["rules"]
                assert list(mg.graph.edges(data=True)) == list(e["graph"].edges(data=True)), (game, seed, unit.id)
                assert list(mg.blocked.items()) == list(e["blocked"].items())
                assert list(mg.no_end.items()) == list(e["no_end"].items())
                assert (mg.allowance, mg.rules.allowance_why(), mg.rules.start_blocker(), mg.rules.finish(),
                        mg.rules.assumptions(), mg.rules.situation.side) == \
                    (e["allowance"], rules.allowance_why(), rules.start_blocker(), rules.finish(),
                     rules.assumptions(), sit.side)
                assert [bool(mg.rules.enemies_at(c)) for c in m.grid.cells()] == \
                    [bool(rules.enemies_at(c)) for c in m.grid.cells()]
    if game == "conflict-of-heroes":
        assert shared > 0          # its rules share graphs between movers of one side and type


@pytest.mark.parametrize("game", game_ids())
def test_least_step_is_a_floor_of_every_step_for_every_unit_type(game):
    from test_movement_engine import random_map

    for seed in range(6):
        m = random_map(game, seed)
        for utype in m.game.unit_types.names:
            unit = m.units[0]
            start, _, sit = resolve(m, unit.cell, utype, side=unit.side)
            e = eager(m, utype, sit)
            costs = [d["weight"] for _, v, d in e["graph"].edges(data=True) if d["step"] is not END_STEP]
            assert all(c >= e["rules"].least_step() for c in costs), (game, utype)


# --- the engine's searches are networkx's searches ----------------------------------------------


@SETTINGS
@given(maps, st.integers(0, 12), st.data())
def test_dijkstra_settles_and_remembers_like_networkx(m, cutoff, data):
    unit = data.draw(st.sampled_from(m.units))
    start, utype, sit = resolve(m, unit.cell, unit.id)
    e = eager(m, utype, sit)
    dist, pred = dijkstra(MoveGraph(rules_class(m.game)(m, utype, sit)), start, cutoff)
    preds, expected = nx.dijkstra_predecessor_and_distance(e["graph"], start, cutoff=cutoff)
    assert list(dist.items()) == list(expected.items())                     # same settling order
    assert pred == {k: v[0] for k, v in preds.items() if v}


@SETTINGS
@given(maps, st.data())
def test_astar_finds_networkx_s_path(m, data):
    unit = data.draw(st.sampled_from(m.units))
    goal = data.draw(st.sampled_from(list(m.grid.cells())))
    start, utype, sit = resolve(m, unit.cell, unit.id)
    e = eager(m, utype, sit)
    mg = MoveGraph(rules_class(m.game)(m, utype, sit))
    h = _heuristic(m, mg, goal)
    try:
        expected = nx.astar_path(e["graph"], start, End(goal), h, weight="weight")
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        expected = None
    got = astar(mg, start, End(goal), h) if mg.may_end(goal) else None
    assert got == expected


# --- one search per turn is one search per cell the previous turn ended on ----------------------


@SETTINGS
@given(maps, st.integers(0, 4), st.data())
def test_turn_layers_equal_turn_by_turn_expansion(m, turns, data):
    unit = data.draw(st.sampled_from(m.units))
    situation = draw_situation(m, data)
    r = reach_in_turns(m, unit.cell, unit.id, turns=turns, **situation)
    turns_to, spent, came_from = turn_by_turn(m, unit, turns, **situation)
    assert dict(r.turns_to) == turns_to
    assert dict(r.spent) == spent
    assert dict(r.came_from) == came_from


@SETTINGS
@given(maps, st.integers(1, 4), st.data())
def test_route_in_turns_stops_at_the_goal_with_the_full_reach_s_route(m, turns, data):
    unit = data.draw(st.sampled_from(m.units))
    full = reach_in_turns(m, unit.cell, unit.id, turns=turns)
    goal = data.draw(st.sampled_from(list(m.grid.cells())))
    legs = route_in_turns(m, unit.cell, goal, unit.id, max_turns=turns)
    if goal not in full.turns_to:
        assert not legs and legs.legs == () and not legs.reachable
        return
    ends = full.route(goal)
    start, utype, sit = resolve(m, unit.cell, unit.id)
    mg = movement_graph(m, utype, sit)
    assert [leg.cells for leg in legs] == [cheapest(m, mg, a, b).cells for a, b in zip(ends, ends[1:])]


def test_negative_turns_are_refused_by_both_entry_points():
    m = tiny_map("company-of-heroes", 3, 1, units=[("a", "US", "infantry", "A1")])
    for call in (lambda: reach_in_turns(m, "A1", turns=-1), lambda: route_in_turns(m, "A1", "C1", max_turns=-1)):
        with pytest.raises(MovementError, match="turns must be >= 0"):
            call()


# --- the race: every unit searched to the full horizon, no pruning --------------------------------


def random_scenario(game_id: str, seed: int):
    rng = random.Random(seed)
    game = find_game(game_id)
    cols, rows = rng.randint(4, 7), rng.randint(3, 5)
    from wartools.grids import HexGrid, SquareGrid

    grid = HexGrid(cols, rows) if game.grid_type == "hex" else SquareGrid(cols, rows)
    cells = list(grid.cells())
    lab = grid.label
    passable = [t for t in game.terrain.names if t not in ("water", "lake", "sea", "deep-water")]
    terrain = {lab(c): rng.choice(passable) for c in rng.sample(cells, k=len(cells) // 3)}
    picked = rng.sample(cells, k=rng.randint(3, 6) + 2)
    sides = game.sides[:2]
    units: dict[str, list[dict[str, Any]]] = {s: [] for s in sides}
    for i, c in enumerate(picked[2:]):
        units[sides[i % 2]].append({"id": f"u{i}", "type": rng.choice(game.unit_types.names), "cell": lab(c)})
    turns = rng.randint(2, 4)
    if rng.random() < 0.7:
        units[sides[1]].append({"id": "r1", "type": rng.choice(game.unit_types.names),
                                "enters": {"turn": rng.randint(1, turns), "edge": "east"}})
        units[sides[1]].append({"id": "r2", "type": units[sides[1]][-1]["type"],
                                "enters": {"turn": rng.randint(1, turns), "edge": "east"}})
    objectives = [{"id": f"o{k}", "cell": lab(c), "value": 1} for k, c in enumerate(picked[:2])]
    data = {"format": "wartools-scenario/1", "name": "r", "game": game.id,
            "map": tiny_map_data(game.id, cols, rows, terrain=terrain, name="r"),

            "turns": turns, "first": sides[0], "sides": {s: {"units": u} for s, u in units.items()},
            "objectives": objectives, "victory": {"levels": [{"result": "draw", "otherwise": True}]}}
    return loads_scenario(yaml.safe_dump(data))


def race_by_full_search(s) -> dict:
    """Each unit's fewest turns to each objective from a full-horizon search, best per side."""
    p = s.start()
    m = s.map_at(p)
    now, last = p.turn, s.turns
    found: dict = {o.id: dict.fromkeys(s.sides) for o in s.objectives}

    def offer(side, turn, moves, unit, cell, oid):
        old = found[oid][side]
        if turn <= last and (old is None or (turn, moves) < old[:2]):
            found[oid][side] = (turn, moves, unit, cell)

    def nearest(u):
        return min((m.grid.distance(u.cell, o.cell) for o in s.objectives), default=0)

    for u in sorted(m.units, key=nearest):
        r = reach_in_turns(m, u.cell, u.id, turns=last - now + 1)
        for o in s.objectives:
            k = r.turns_to.get(o.cell)
            if k is not None:
                offer(u.side, now if k == 0 else now + k - 1, k, u.id, None, o.id)
    for uid in p.waiting(s):
        fu = s.unit(uid)
        if fu.enters is None or max(fu.enters.turn, now) > last:
            continue
        enter = max(fu.enters.turn, now)
        for cell in s.entry_cells(fu):
            if m.units_at(cell):
                continue
            r = reach_in_turns(m, cell, fu.type, side=fu.side, turns=last - enter)
            for o in s.objectives:
                k = r.turns_to.get(o.cell)
                if k is not None:
                    offer(fu.side, enter + k, k + 1, uid, cell, o.id)
    return found


@pytest.mark.parametrize("game", game_ids())
def test_race_equals_searching_every_unit_to_the_end(game):
    tried = 0
    for seed in range(40):
        try:
            s = random_scenario(game, seed)
        except ScenarioError:       # a unit drawn where it may not stand
            continue
        tried += 1
        if tried > 8:
            break
        r = race(s)
        expected = race_by_full_search(s)
        got = {o: {side: None if a is None else (a.turn, a.moves, a.unit, a.cell) for side, a in sides.items()}
               for o, sides in r.first.items()}
        assert got == expected, (game, seed)
    assert tried > 4
