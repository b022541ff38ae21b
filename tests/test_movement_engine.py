"""Engine invariants: brute-force Dijkstra reference, monotone budgets, path re-costing,
must-stop and may-end handling, turn plans, alternatives, cache, JSON shapes."""
from __future__ import annotations

import heapq
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartools.games import find_game, game_ids
from wartools.mapmodel import Map
from wartools.movement import (alternatives, cache_info, clear_cache, movement_graph, path, plan_turns,
                               reachable, resolve)
from wartools.movement.graph import rules_class
from wartools.testing import tiny_map

# --- an independent re-costing of a path, straight from the game's step rule -----------


def recost(m: Map, res, situation_kw: dict | None = None) -> int:
    """Re-derive a path's cost from the rules (no graph, no search) and check its legality."""
    start, unit_type, sit = resolve(m, res.start, res.unit_type, side=res.side, **(situation_kw or {}))
    rules = rules_class(m.game)(m, unit_type, sit)
    allowance = rules.allowance() + sit.extra_points
    assert res.cells[0] == res.start and res.cells[-1] == res.goal
    moves = [s for s in res.steps if s.frm != s.to]
    assert [s.to for s in moves] == list(res.cells[1:])
    total = 0
    for i, (a, b) in enumerate(zip(res.cells, res.cells[1:])):
        assert b in m.grid.neighbours(a), "path jumps"
        step = rules.step(a, b)
        assert step.cost is not None, f"impassable step {m.label(a)}->{m.label(b)} on a returned path"
        assert 0 <= step.cost <= allowance
        assert step.cost == moves[i].cost
        if i < len(res.cells) - 2:
            assert step.stop is None, f"path passes through must-stop cell {m.label(b)}: {step.stop}"
        total += step.cost
    if len(res.cells) > 1:
        assert rules.end_blocker(res.goal) is None, "path ends where a move may not end"
    fin = rules.finish()
    total += fin.cost if fin is not None and fin.cost else 0
    assert total == res.cost
    return total


def reference_reach(m: Map, start, unit_type: str, sit, budget: int) -> dict:
    """Brute-force Dijkstra over (cell, stopped) states using only the rule hooks."""
    rules = rules_class(m.game)(m, unit_type, sit)
    allowance = rules.allowance() + sit.extra_points
    best = {(start, False): 0}
    heap = [(0, 0, start, False)]
    tie = 0
    while heap:
        d, _, c, stopped = heapq.heappop(heap)
        if d > best.get((c, stopped), 1 << 30) or stopped:
            continue
        for n in m.grid.neighbours(c):
            s = rules.step(c, n)
            if s.cost is None or s.cost > allowance or d + s.cost > budget:
                continue
            if s.stop and rules.end_blocker(n) is not None:
                continue
            key = (n, s.stop is not None)
            if d + s.cost < best.get(key, 1 << 30):
                best[key] = d + s.cost
                tie += 1
                heapq.heappush(heap, (d + s.cost, tie, n, s.stop is not None))
    out = {start: 0}
    for (c, _), d in best.items():
        if rules.end_blocker(c) is None and d < out.get(c, 1 << 30):
            out[c] = d
    return out


# --- random small maps ----------------------------------------------------------------


def random_map(game_id: str, seed: int) -> Map:
    rng = random.Random(seed)
    game = find_game(game_id)
    cols, rows = rng.randint(3, 6), rng.randint(3, 6)
    grid = tiny_map(game_id, cols, rows).grid
    cells = list(grid.cells())
    lab = grid.label
    terrain = {lab(c): rng.choice(game.terrain.names) for c in rng.sample(cells, k=len(cells) // 2)}
    crossings = {}
    if game.edge_features.names:
        edges = rng.sample(list(grid.edges()), k=min(len(grid.edges()), rng.randint(0, 10)))
        crossings = {(lab(e.a), lab(e.b)): rng.choice(game.edge_features.names) for e in edges}
    features = {}
    if game.cell_features.names:
        features = {lab(c): [rng.choice(game.cell_features.names)] for c in rng.sample(cells, k=rng.randint(0, 4))}
    elevation = {lab(c): rng.randint(1, 2) for c in rng.sample(cells, k=rng.randint(0, 5))}
    walk = [rng.choice(cells)]
    for _ in range(rng.randint(1, 6)):
        nxt = [n for n in grid.edge_neighbours(walk[-1]) if n in grid and n not in walk]
        if not nxt:
            break
        walk.append(rng.choice(nxt))
    roads = {}
    if len(walk) > 1:
        roads["roads"] = [{"kind": rng.choice(["paved", "unpaved", "railway"]), "cells": [lab(c) for c in walk]}]
    units = [(f"u{i}", rng.choice(game.sides[:2]), rng.choice(game.unit_types.names), lab(c))
             for i, c in enumerate(rng.sample(cells, k=rng.randint(1, 5)))]
    return tiny_map(game_id, cols, rows, terrain=terrain, edges=crossings, features=features, elevation=elevation,
                    units=units, name=f"r{seed}", **roads)


maps = st.builds(lambda g, s: random_map(g, s), st.sampled_from(game_ids()), st.integers(0, 10_000))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps, st.integers(0, 12), st.booleans(), st.sampled_from(["clear", "mud"]), st.data())
def test_costs_equal_brute_force_dijkstra(m, budget, night, weather, data):
    unit = data.draw(st.sampled_from(m.units))
    utype = data.draw(st.sampled_from(m.game.unit_types.names))
    r = reachable(m, unit.cell, utype, budget=budget, side=unit.side, night=night, weather=weather)
    start, _, sit = resolve(m, unit.cell, utype, side=unit.side, night=night, weather=weather)
    if r.graph.rules.start_blocker() is None:
        assert dict(r.costs) == reference_reach(m, start, utype, sit, budget)
    assert all(v >= 0 for v in r.costs.values())
    for cell in r.costs:
        p = r.path_to(cell)
        assert p.cost == r.costs[cell]
        recost(m, p, {"night": night, "weather": weather})


@settings(max_examples=40, deadline=None)
@given(maps, st.integers(0, 10), st.integers(0, 10), st.data())
def test_reachable_area_grows_with_budget(m, b1, b2, data):
    lo, hi = sorted((b1, b2))
    unit = data.draw(st.sampled_from(m.units))
    small = reachable(m, unit.cell, unit.id, budget=lo)
    big = reachable(m, unit.cell, unit.id, budget=hi)
    assert set(small.costs) <= set(big.costs)
    assert all(big.costs[c] == v for c, v in small.costs.items())


@settings(max_examples=40, deadline=None)
@given(maps, st.data())
def test_paths_are_legal_and_cheapest(m, data):
    unit = data.draw(st.sampled_from(m.units))
    goal = data.draw(st.sampled_from(list(m.grid.cells())))
    p = path(m, unit.cell, goal, unit.id)
    big = reachable(m, unit.cell, unit.id, budget=10_000)
    if p.reachable:
        recost(m, p)
        assert p.cost == big.costs[goal]
        assert not any(u.side == unit.side for u in m.units_at(goal) if u.id != unit.id) or \
            movement_graph(m, unit.type, resolve(m, unit.cell, unit.id)[2]).rules.end_blocker(goal) is None
        plan = plan_turns(p)
        if plan.feasible:
            assert [s for t in plan.turns for s in t] == list(p.steps)
            assert all(sum(s.cost for s in t) <= plan.allowance for t in plan.turns)
            no_end = p.graph.no_end
            assert all(t[-1].to not in no_end for t in plan.turns)
    else:
        assert goal not in big.costs
        assert p.why_not and p.cost is None and p.to_json()["cells"] == []


def test_must_stop_cell_is_reachable_but_never_passed():
    m = tiny_map('combat-infantry', 5, 1, features={'C1': ['smoke']}, name='smoke')
    r = reachable(m, "A1", "rifle", budget=20)
    assert m.cell("C1") in r and m.cell("D1") not in r
    p = path(m, "A1", "E1", "rifle")
    assert not p.reachable and "must stop at C1" in p.why_not and "smoke" in p.why_not
    assert path(m, "A1", "C1", "rifle").steps[-1].stop == "smoke hex: must stop (7.4)"


def test_alternatives_are_distinct_and_sorted():
    m = tiny_map('company-of-heroes', 5, 4, name='alt')
    alts = alternatives(m, "A1", "E3", "infantry", k=4)
    assert len(alts) == 4
    assert len({a.cells for a in alts}) == 4
    costs = [a.cost for a in alts]
    assert costs == sorted(costs) and costs[0] == path(m, "A1", "E3", "infantry").cost
    for a in alts:
        recost(m, a)


def test_graph_cache_per_map_version():
    clear_cache()
    m = tiny_map('company-of-heroes', 4, 4,
                 units=[('a', 'US', 'infantry', 'A1'), ('b', 'US', 'infantry', 'C3')], name='cache')
    reachable(m, "A1")
    path(m, "A1", "D4")
    assert cache_info()["misses"] == 1 and cache_info()["hits"] == 1
    m2 = m.moved("b", "B1")
    reachable(m2, "A1")
    assert cache_info()["misses"] == 2
    assert m2.cell("B1") not in reachable(m2, "A1").costs  # cannot end on the ally that moved there


def test_json_shapes_match_design():
    m = tiny_map('company-of-heroes', 3, 1, name='json')
    assert list(reachable(m, "A1", "infantry").to_json()) == ["from", "unit", "reachable", "assumptions"]
    j = path(m, "A1", "C1", "infantry").to_json()
    assert list(j) == ["reachable", "cells", "cost", "steps", "assumptions"]
    assert list(j["steps"][0]) == ["to", "cost", "why"]


def test_turn_plan_backs_off_an_ally():
    m = tiny_map('company-of-heroes', 7, 1,
                 units=[('a', 'US', 'infantry', 'A1'), ('b', 'US', 'infantry', 'D1')], name='plan')
    plan = plan_turns(path(m, "A1", "G1"))
    assert plan.feasible
    assert [m.label(c) for c in plan.ends()] == ["C1", "F1", "G1"]


def test_unknown_unit_and_missing_side_are_clear_errors():
    m = tiny_map('combat-infantry', 3, 3, units=[('g', 'German', 'rifle', 'C3')], name='err')
    from wartools.errors import WartoolsError
    with pytest.raises(WartoolsError, match="unknown unit type 'panzer'"):
        reachable(m, "A1", "panzer", side="US")
    with pytest.raises(WartoolsError, match="give a side"):
        reachable(m, "A1", "rifle")


def test_results_draw_themselves_for_notebooks():
    m = tiny_map('company-of-heroes', 4, 2, terrain={'B1': 'water'},
                 units=[('a', 'US', 'infantry', 'A1')])
    r = reachable(m, "A1")
    assert "reach" in [c.get_gid() for c in r.draw().collections]
    assert r._repr_png_()[:4] == b"\x89PNG"
    p = path(m, "A1", "D1")
    assert p.reachable and p._repr_png_()[:4] == b"\x89PNG"
    assert sum(1 for t in p.draw().texts if t.get_gid() == "move-cost") == len(p.cells)
    blocked = path(m, "A1", "B1")
    assert "move-unreachable" in [c.get_gid() for c in blocked.draw().collections]
