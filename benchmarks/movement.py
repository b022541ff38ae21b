"""Movement benchmark: wartools vs hexutil's A* on the same radius-20 hex map.

The board is a hexagon of radius 20 (1,261 hexes) with random Conflict of
Heroes terrain, embedded in a 41 x 41 offset grid whose corners are water
(impassable), so the movement graph is built over 1,681 cells. Costs are the
infantry AP to enter a hex (open/field 1, brush/woods/building 2, water
impassable), given to ``hexutil.Hex.find_path`` as ``passable``/``cost``
callables on the same hexes.

Measured (median of repeated runs):

- cheapest cross-map path: ``wartools.movement.path`` on the cached graph,
  networkx ``astar_path`` alone, and ``hexutil.Hex.find_path``;
- ``wartools.movement.reachable`` with a budget of 8 AP from the centre;
- building the graph (uncached) and fetching it from the cache;
- a new position, one unit moved (every position's map is new, so its graph too): the whole
  graph and a reach of 8 AP, with the board graph shared (the engine's way) and fresh (asked
  of the rules anew, as before graphs were shared).

Run: ``python benchmarks/movement.py [--seed N] [--repeat N]``.
"""
from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from typing import Any, Callable

import hexutil
import networkx as nx
import numpy as np

from wartools.grids import Hex, HexGrid
from wartools.mapmodel import Map
from wartools.movement import End, Situation, build_graph, clear_cache, movement_graph, path, reachable, resolve
from wartools.movement.graph import MoveGraph, rules_class
from wartools.movement.search import _heuristic, end_costs

RADIUS = 20
COST = {"open": 1, "field": 1, "brush": 2, "woods": 2, "building": 2}
TERRAIN = ("open", "field", "brush", "woods", "building", "water")
WEIGHTS = (0.45, 0.15, 0.12, 0.15, 0.05, 0.08)


def make_map(seed: int) -> tuple[Map, Hex, Hex, Hex]:
    """The benchmark map, the centre hex and two opposite hexes on the rim."""
    size = 2 * RADIUS + 1
    grid = HexGrid(size, size)
    centre = grid.from_offset(RADIUS, RADIUS)
    rng = np.random.default_rng(seed)
    cells: dict[str, str] = {}
    inside = 0
    for c in grid.cells():
        if grid.distance(c, centre) > RADIUS:
            cells[grid.label(c)] = "water"
        else:
            inside += 1
            cells[grid.label(c)] = str(rng.choice(TERRAIN, p=WEIGHTS))
    assert inside == 3 * RADIUS * (RADIUS + 1) + 1 == 1261
    west = Hex(centre.q - RADIUS, centre.r + RADIUS // 2)
    east = Hex(centre.q + RADIUS, centre.r - RADIUS // 2)
    for c in (centre, west, east):
        cells[grid.label(c)] = "open"
    data = {"format": "wartools-map/1", "name": "bench", "game": "conflict-of-heroes",
            "grid": {"type": "hex", "columns": size, "rows": size}, "terrain": {"default": "open", "cells": cells}}
    return Map.from_dict(data), centre, west, east


def to_hexutil(h: Hex) -> hexutil.Hex:
    """Axial (q, r) -> hexutil's doubled coordinates (x = 2q + r, y = r); same neighbours."""
    return hexutil.Hex(2 * h.q + h.r, h.r)


def timed(fn: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        t0 = clock()
        out = fn()
        times.append(clock() - t0)
    return statistics.median(times), out


def positions(m: Map, centre: Hex, n: int) -> list[Map]:
    """``n`` positions of one game on ``m``: a Soviet squad on the centre, four German squads
    around it, one of which walks a ring of radius 3 (one cell a position)."""
    grid = m.grid
    ring = [c for c in grid.ring(centre, 3) if m.terrain_at(c) != "water"]
    base = m.with_unit("sov", "Soviet", "infantry", centre)
    for i, c in enumerate(grid.ring(centre, 5)[:3]):
        base = base.with_unit(f"ger{i}", "German", "infantry", c)
    base = base.with_unit("walker", "German", "infantry", ring[0])
    walker = base.unit("walker")
    return [dataclasses.replace(base, units=tuple(u if u.id != "walker" else dataclasses.replace(walker, cell=c)
                                                  for u in base.units)) for c in (ring * n)[:n]]


def per_position(maps: list[Map], fn: Callable[[Map], Any]) -> float:
    """The median time of ``fn`` over maps it has not seen (each a new position)."""
    times = []
    for x in maps:
        t0 = time.perf_counter()
        fn(x)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1944)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args(argv)

    m, centre, west, east = make_map(args.seed)
    m.fingerprint  # noqa: B018  (computed once, like any loaded map)
    grid = m.grid
    terrain = {to_hexutil(c): m.terrain_at(c) for c in grid.cells()}

    def passable(p: hexutil.Hex) -> bool:
        return terrain.get(p, "water") != "water"

    def cost(p: hexutil.Hex) -> int:
        return COST[terrain[p]]

    situation = Situation()
    clear_cache()
    t_build, mg = timed(lambda: build_graph(m, "infantry", situation), max(3, args.repeat // 3))
    movement_graph(m, "infantry", situation)  # fill the cache
    t_hit, cached = timed(lambda: movement_graph(m, "infantry", situation), args.repeat)
    assert cached is movement_graph(m, "infantry", situation)

    t_ours, res = timed(lambda: path(m, west, east, "infantry"), args.repeat)
    h = _heuristic(m, mg, east)
    t_nx, nodes = timed(lambda: nx.astar_path(mg.graph, west, End(east), h, weight="weight"), args.repeat)
    t_hx, hx_path = timed(lambda: to_hexutil(west).find_path(to_hexutil(east), passable, cost), args.repeat)
    hx_cost = sum(cost(p) for p in hx_path[1:])
    assert res.reachable and res.cost == hx_cost, (res.cost, hx_cost)

    t_reach, r = timed(lambda: reachable(m, centre, "infantry", budget=8), args.repeat)

    maps = positions(m, centre, args.repeat + 1)
    for x in maps:
        x.board_fingerprint  # noqa: B018  (a scenario's positions carry their board's, Scenario.map_at)

    def fresh(x: Map) -> MoveGraph:
        _, utype, sit = resolve(x, centre, "sov")
        return MoveGraph(rules_class(x.game)(x, utype, sit))

    def shared(x: Map) -> MoveGraph:
        return movement_graph(x, *resolve(x, centre, "sov")[1:])

    shared(maps[0]).complete()                                 # the board graph, built once per board
    t_pos_shared = per_position(maps[1:], lambda x: shared(x).complete())
    t_pos_fresh = per_position(maps[1:], lambda x: fresh(x).complete())
    clear_cache()
    shared(maps[0]).complete()
    t_rpos_shared = per_position(maps[1:], lambda x: reachable(x, centre, "sov", budget=8))
    t_rpos_fresh = per_position(maps[1:], lambda x: end_costs(fresh(x), centre, 8))
    for x in maps[1:4]:
        assert reachable(x, centre, "sov", budget=8).costs == end_costs(fresh(x), centre, 8)[0]

    rows = [
        ("graph build (uncached, 1,681 cells)", t_build, None, "< 100 ms"),
        ("graph fetch (cache hit)", t_hit, None, "cached"),
        ("cheapest path: wartools.movement.path", t_ours, t_hx, "<= 1.5x hexutil"),
        ("cheapest path: networkx astar_path only", t_nx, t_hx, ""),
        ("cheapest path: hexutil.Hex.find_path", t_hx, t_hx, "reference"),
        (f"reachable, budget 8 AP ({len(r.costs)} cells)", t_reach, None, "< 5 ms"),
        ("new position: whole graph, board graph shared", t_pos_shared, t_pos_fresh, "vs fresh"),
        ("new position: whole graph, fresh", t_pos_fresh, t_pos_fresh, "reference"),
        ("new position: reach 8 AP, board graph shared", t_rpos_shared, t_rpos_fresh, "vs fresh"),
        ("new position: reach 8 AP, fresh graph", t_rpos_fresh, t_rpos_fresh, "reference"),
    ]
    print(f"radius-{RADIUS} hex map, 1,261 hexes, seed {args.seed}; path {grid.label(west)} -> "
          f"{grid.label(east)}: {res.cost} AP over {len(res.cells) - 1} steps (hexutil: {hx_cost} AP)")
    print(f"{'measurement':44} {'median':>10} {'ratio':>11}  target (ratio: vs hexutil, or vs fresh)")
    for name, t, ref, target in rows:
        ratio = f"{t / ref:10.2f}x" if ref else " " * 11
        print(f"{name:44} {t * 1000:8.3f}ms {ratio}  {target}")


if __name__ == "__main__":
    main()
