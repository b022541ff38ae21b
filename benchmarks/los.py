"""LOS benchmark: ours vs hexutil's field of view vs a naive shapely loop; all-pairs vs single calls.

Map: a hexagon of radius 20 (1,261 hexes) on a 41 x 41 Combat Infantry board,
15 % of its hexes woods (blocking), hedges on 5 % of its hexsides, seed 7.

Semantics differ and are stated, not hidden:

* ours: Combat Infantry policy (exact crossed/along/vertex contacts, hexside
  hedges, ends ignored, woods visible only from adjacent hexes);
* ``hexutil.Hex.field_of_view``: shadow casting over opaque hexes, no hexsides,
  its own corner conventions;
* naive shapely: one ``LineString`` per pair, ``intersects`` against an
  STRtree of woods polygons (interior crossings only, ends excluded) and hedge
  segments; no along/vertex rules.

Run: ``.venv/bin/python benchmarks/los.py [--quick]``.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path


import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wartools.grids import Hex  # noqa: E402
from wartools.los import geometry, line_of_sight, viewshed, visibility_matrix  # noqa: E402
from wartools.los.templates import templates_for  # noqa: E402
from wartools.mapmodel import Map  # noqa: E402

RADIUS = 20


def build_map(seed: int = 7) -> tuple[Map, list[Hex]]:
    rnd = random.Random(seed)
    size = 2 * RADIUS + 1
    data = {"format": "wartools-map/1", "name": "bench", "game": "combat-infantry",
            "grid": {"type": "hex", "columns": size, "rows": size}}
    m0 = Map.from_dict(data)
    g = m0.grid
    centre = g.from_offset(RADIUS, RADIUS)
    hexagon = [c for c in g.cells() if g.distance(c, centre) <= RADIUS]
    woods = rnd.sample(hexagon, round(0.15 * len(hexagon)))
    inside = set(hexagon)
    edges = [e for e in g.edges() if e.a in inside and e.b in inside]
    hedges = rnd.sample(edges, round(0.05 * len(edges)))
    data["terrain"] = {"cells": {g.label(c): "woods" for c in woods}}
    data["edges"] = [{"cells": [g.label(e.a), g.label(e.b)], "feature": "hedge"} for e in hedges]
    return Map.from_dict(data), hexagon


def timeit(fn, repeat: int = 1) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def interleaved(fns, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Best time of each function over ``repeat`` rounds, the functions taking turns in each
    round, so that a busy machine slows both sides of a comparison alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer samples")
    args = ap.parse_args()
    n_view = 10 if args.quick else 40
    n_single = 1000 if args.quick else 5000
    m, cells = build_map()
    g = m.grid
    print(f"map: hexagon radius {RADIUS}, {len(cells)} hexes, "
          f"{sum(1 for c in cells if m.terrain_at(c) == 'woods')} woods, {len(m.edges)} hedged hexsides")
    t0 = time.perf_counter()
    templates_for(g, 2 * RADIUS)
    geometry(m)
    setup = time.perf_counter() - t0
    print(f"one-time setup (ruler templates to distance {2 * RADIUS} + map geometry): {setup:.2f} s")
    rnd = random.Random(1)
    observers = rnd.sample(cells, n_view)
    woods = {c for c in cells if m.terrain_at(c) == "woods"}
    inside = set(cells)

    # --- viewshed: ours vs hexutil field of view (pointy doubled coordinates; same hexes) ---
    viewshed(m, observers[0], cells=cells)
    import hexutil

    def to_hu(c: Hex) -> hexutil.Hex:
        return hexutil.Hex(2 * c.q + c.r, c.r)
    opaque = {to_hu(c) for c in woods}
    inside_hu = {to_hu(c) for c in inside}

    def transparent(h: hexutil.Hex) -> bool:
        return h in inside_hu and h not in opaque
    t_ours, t_hu = (t / n_view for t in interleaved(
        [lambda: [viewshed(m, o, cells=cells) for o in observers],
         lambda: [to_hu(o).field_of_view(transparent, 2 * RADIUS) for o in observers]], 7))

    # --- naive shapely loop -------------------------------------------------------------
    lay = g.layout()
    wpolys = [shapely.Polygon(lay.polygon(c)) for c in woods]
    wcells = list(woods)
    wtree = shapely.STRtree(wpolys)
    hsegs = [shapely.LineString([lay.point(p) for p in g.edge_corners(e)]) for e in m.edges]
    htree = shapely.STRtree(hsegs)

    def naive(o: Hex) -> list[Hex]:
        seen = []
        p = lay.to_pixel(o)
        for t in cells:
            line = shapely.LineString([p, lay.to_pixel(t)])
            hits = [i for i in wtree.query(line, predicate="intersects") if wcells[i] not in (o, t)]
            if not hits and len(htree.query(line, predicate="intersects")) == 0:
                seen.append(t)
        return seen
    t_naive = timeit(lambda: [naive(o) for o in observers[:max(2, n_view // 8)]]) / max(2, n_view // 8)

    # --- single query -------------------------------------------------------------------
    pairs = [(rnd.choice(cells), rnd.choice(cells)) for _ in range(n_single)]
    line_of_sight(m, *pairs[0])
    def singles(chunk: list[tuple[Hex, Hex]]) -> float:
        t0 = time.perf_counter()
        for a, b in chunk:
            line_of_sight(m, a, b)
        return time.perf_counter() - t0
    t_single = min(singles(pairs[i:i + 500]) for i in range(0, n_single, 500)) / 500

    # --- all pairs ------------------------------------------------------------------------
    tracemalloc.start()
    t_all = timeit(lambda: visibility_matrix(m, cells, progress=False))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    n_pairs = len(cells) * (len(cells) - 1)
    t_loop = t_single * n_pairs      # extrapolated from the single-query sample
    vm = visibility_matrix(m, cells, progress=False)
    # sanity: the matrix agrees with single calls on a sample
    for a, b in pairs[:200]:
        assert vm.sees(a, b) == line_of_sight(m, a, b).visible

    rows = [
        ("viewshed (per observer)", t_ours, t_hu, "hexutil field_of_view", t_ours / t_hu),
        ("viewshed (per observer)", t_ours, t_naive, "naive shapely loop", t_ours / t_naive),
        (f"all pairs ({n_pairs:,} rulers)", t_all, t_loop, "loop of single calls*", t_loop / t_all),
        ("single query", t_single, None, "target 0.2 ms", t_single / 0.0002),
    ]
    print()
    print(f"{'task':30} {'ours':>12} {'other':>12}  {'other is':24} {'ratio':>8}")
    for task, ours, other, name, ratio in rows:
        o = f"{other * 1e3:9.2f} ms" if other is not None else f"{'':>12}"
        print(f"{task:30} {ours * 1e3:9.3f} ms {o}  {name:24} {ratio:8.2f}")
    print("\nratio: viewshed ours/other (<= 1 is faster); all pairs loop/ours (speed-up); "
          "single query ours/target (<= 1 meets it)")
    print(f"* extrapolated: {n_single} single calls timed (best batch of 500), times {n_pairs:,} ordered pairs")
    print("viewsheds: ours and hexutil take turns, best of 7 rounds over the same observers")
    print(f"peak traced memory during all pairs: {peak / 2**20:.1f} MiB")
    sym = "symmetric: unordered pairs judged once" if m.game.rules_module("los").POLICY.is_symmetric(
        geometry(m), __import__("wartools.los", fromlist=["Situation"]).Situation()) else \
        "not symmetric for this map (woods are seen into only from adjacent hexes): all ordered pairs judged"
    print(f"all pairs: {sym}; visible pairs {int(vm.visible.sum()) - len(cells):,}")



if __name__ == "__main__":
    main()
