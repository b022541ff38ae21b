"""Scenario analysis benchmark: wartools.analysis against composing single calls in a loop.

The board is a hexagon of radius 20 (1,261 hexes; random Conflict of Heroes terrain, water
outside) with 12 units a side and 6 objectives. Each question is answered twice: by
:mod:`wartools.analysis`, and the way a user would without it, from the public single-answer
calls (the game's attack question per attacker and cell: one explained ``line_of_sight`` and
one odds call each,
``route_in_turns`` per unit and objective, ``alternatives`` for routes, every assignment for
fire plans). Both ask the same game rules (``FireRules.attack`` of
``wartools.games.conflict_of_heroes.fire``), and each pair is checked to give the same answer.

Targets (issue 13): threat map < 1 s and >= 10x faster than the loop; least-exposed route
< 100 ms; race for 6 objectives < 1 s; exact fire plan 6 x 6 < 2 s. Route and race are timed
cold (every cached movement graph forgotten) and warm. A second table compares the movement work
with the way it was done before (``benchmarks/straightforward.py``: the whole graph per mover, one
Dijkstra per frontier cell, two searches per moving attacker), on the same questions.

Run: ``python benchmarks/analysis.py [--seed N] [--repeat N] [--no-loops] [--clock wall|cpu]``.
"""
from __future__ import annotations

import argparse
import itertools
import time
from unittest import mock
from fractions import Fraction
from typing import Any

import numpy as np
import yaml

import straightforward  # benchmarks/straightforward.py: the movement searches as they were
from wartools.analysis import Board, fire_plan, least_exposed_route, race, threat_map
import wartools.analysis.route as route_module
import wartools.analysis.threat as threat_module
from wartools.analysis.route import route_exposure
from wartools.games.fire_rules import Attack, within_limits
from wartools.grids import HexGrid
from wartools.movement import alternatives, clear_cache, route_in_turns
from wartools.scenario import loads_scenario

import movement  # benchmarks/movement.py: run as a script, this folder is on sys.path

CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}
_clock = CLOCK["wall"]


def timed(fn: Any, repeat: int) -> tuple[float, Any]:
    """Median time of ``repeat`` calls and the last answer, on the clock chosen by ``--clock``."""
    return movement.timed(fn, repeat, _clock)

RADIUS = 20
TERRAIN = ("open", "field", "brush", "woods", "building")
WEIGHTS = (0.55, 0.15, 0.12, 0.13, 0.05)
TYPES = ("infantry", "infantry", "infantry", "infantry", "mg", "mg", "infantry", "gun", "infantry", "tank",
         "infantry", "mortar")


def make_board(seed: int) -> Board:
    """The benchmark scenario in its set-up position."""
    size = 2 * RADIUS + 1
    grid = HexGrid(size, size)
    centre = grid.from_offset(RADIUS, RADIUS)
    rng = np.random.default_rng(seed)
    cells = {}
    for c in grid.cells():
        d = grid.distance(c, centre)
        cells[grid.label(c)] = "water" if d > RADIUS else str(rng.choice(TERRAIN, p=WEIGHTS))
    assert sum(v != "water" for v in cells.values()) == 1261
    units: dict[str, list[dict[str, Any]]] = {"German": [], "Soviet": []}
    for side, row in (("German", RADIUS - 9), ("Soviet", RADIUS + 9)):
        for i, kind in enumerate(TYPES):
            c = grid.from_offset(RADIUS - 11 + 2 * i, row + (i % 2))
            cells[grid.label(c)] = "open"
            units[side].append({"id": f"{side[:2].lower()}-{i + 1}", "type": kind, "cell": grid.label(c)})
    objectives = []
    for k in range(6):
        c = grid.from_offset(RADIUS - 10 + 4 * k, RADIUS + (k % 3) - 1)
        cells[grid.label(c)] = "open"
        objectives.append({"id": f"obj-{k + 1}", "cell": grid.label(c), "value": 1})
    data = {"format": "wartools-scenario/1", "name": "bench", "game": "conflict-of-heroes",
            "map": {"format": "wartools-map/1", "name": "bench", "game": "conflict-of-heroes",
                    "grid": {"type": "hex", "columns": size, "rows": size},
                    "terrain": {"default": "open", "cells": cells}},
            "turns": 6, "first": "Soviet", "sides": {s: {"units": u} for s, u in units.items()},
            "objectives": objectives, "victory": {"levels": [{"result": "draw", "otherwise": True}]}}
    return Board.of(loads_scenario(yaml.safe_dump(data)))


def threat_loop(board: Board, side: str, target: str) -> dict[Any, tuple[Fraction, Fraction]]:
    """The threat map from one attack question (one explained line_of_sight, one odds call) per
    attacker and cell."""
    fire, m = board.fire, board.map
    out = {}
    for cell in m.grid.cells():
        probe = board.probe(side, target, cell)
        attacks = [a for u in board.units_of(board.enemies(side))
                   if isinstance(a := fire.attack(m, u, probe, board.situation), Attack)]
        if attacks:
            kept = fire.limit(attacks)
            out[cell] = fire.combine(kept, target, fire.defender(probe))
    return out


def race_loop(board: Board) -> dict[str, dict[str, int | None]]:
    """The race from one route_in_turns call per unit and objective."""
    s, m = board.scenario, board.map
    out: dict[str, dict[str, int | None]] = {o.id: dict.fromkeys(s.sides) for o in s.objectives}
    for u in m.units:
        for o in s.objectives:
            legs = route_in_turns(m, u.cell, o.cell, u.id, max_turns=s.turns)
            if not legs and u.cell != o.cell:
                continue
            turn = max(1, len(legs))
            old = out[o.id][u.side]
            out[o.id][u.side] = turn if old is None else min(old, turn)
    return out


def fireplan_loop(board: Board, side: str) -> Fraction:
    """The best targets-hit value over every assignment of the side's units."""
    fire = board.fire
    enemies = board.units_of(board.enemies(side))
    choices = []
    for u in board.units_of(side):
        if fire.profile(u) is None:
            continue
        can: list[Any] = [None]
        for t in enemies:
            got = fire.attack(board.map, u, t, board.situation)
            if isinstance(got, Attack):
                can.append((t.id, got))
        choices.append(can)
    best = Fraction(0)
    for pick in itertools.product(*choices):
        if not within_limits(c[1] for c in pick if c is not None):
            continue
        total = Fraction(0)
        for t in enemies:
            attacks = [c[1] for c in pick if c is not None and c[0] == t.id]
            if attacks:
                total += fire.combine(attacks, t.type, fire.defender(t))[0]
        best = max(best, total)
    return best


def skirmish(board: Board) -> Board:
    """6 German units facing 6 Soviet units at close range (every unit can fire at every enemy)."""
    s = board.scenario
    g = board.map.grid
    moved = board.position
    units = dict(moved.units)
    centre = (RADIUS, RADIUS)
    for k, (uid, st) in enumerate(sorted(units.items())):
        side_row = -1 if uid.startswith("ge") else 1
        idx = int(uid.split("-")[1]) - 1
        if idx < 6:
            units[uid] = st.replace(cell=g.from_offset(centre[0] - 3 + idx, centre[1] + side_row))
        else:
            units[uid] = st.replace(cell=None)
    p = moved.replace(units={k: v for k, v in units.items() if v.cell is not None})
    for c in (st.cell for st in p.units.values()):
        assert board.map.terrain_at(c) != "water"
    return Board.of(s, p)


def cold(fn: Any, *caches: Any) -> Any:
    """``fn`` after forgetting every cached movement graph (what a fresh process or a moved unit costs)."""
    def run() -> Any:
        for clear in caches:
            clear()
        return fn()
    return run


def route_answer(r: Any) -> tuple:
    """What a route answer must keep: the least-exposed route and the cheapest route's cost and turns."""
    return (r.reachable, r.cells, r.cost, r.turns, r.exposure, r.cheapest_cost, r.cheapest_turns)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-loops", action="store_true", help="skip the slow loops of single calls")
    ap.add_argument("--clock", choices=sorted(CLOCK), default="wall",
                    help="wall time, or this process's CPU time (steadier on a shared machine)")
    args = ap.parse_args(argv)
    global _clock
    _clock = CLOCK[args.clock]
    board = make_board(args.seed)
    rep = args.repeat
    targets: list[tuple[Any, ...]] = []
    before: list[tuple[Any, ...]] = []

    t_ours, t = timed(lambda: threat_map(board, "Soviet", target="infantry"), rep)
    t_loop, loop = (None, None) if args.no_loops else timed(lambda: threat_loop(board, "Soviet", "infantry"), 1)
    same = None if loop is None else {c: (v.p_hit, v.expected) for c, v in t.cells.items() if v.attacks} == loop
    targets.append(("threat map, one side (1,261 hexes, 12 attackers)", t_ours, None,
                    "attack question (explained LOS + odds) per attacker x cell", t_loop, same, "< 1 s, >= 10x",
                    t_ours < 1 and (t_loop is None or t_loop / t_ours >= 10)))

    def moving() -> Any:
        return threat_map(board, "Soviet", target="infantry", moving=True)

    mc, tm = timed(cold(moving, clear_cache), rep)
    mw, _ = timed(moving, rep)
    with mock.patch.object(threat_module, "_positions", straightforward.positions):
        bc, tb = timed(cold(moving, straightforward.clear), rep)
        bw, _ = timed(moving, rep)
    before.append(("threat map, attackers may move first", bc, mc, bw, mw, tm.to_json() == tb.to_json()))

    mover = board.unit("so-1")
    goal = board.scenario.objective("obj-3").cell

    def route() -> Any:
        return least_exposed_route(board, mover.id, goal, turns=3, threat=t)

    rc, r = timed(cold(route, clear_cache), rep)
    rw, _ = timed(route, rep)
    with mock.patch.object(route_module, "route_in_turns", straightforward.route_in_turns), \
            mock.patch.object(route_module, "movement_graph", straightforward.eager_graph):
        brc, rb = timed(cold(route, straightforward.clear), rep)
        brw, _ = timed(route, rep)
    before.append(("least-exposed route (given the threat map)", brc, rc, brw, rw, route_answer(r) == route_answer(rb)))

    def alt_loop() -> Fraction:
        best = None
        for p in alternatives(board.map, mover.cell, goal, mover.id, k=20):
            e = route_exposure(t, board.fire.exposure, [p.cells])
            best = e if best is None else min(best, e)
        return best if best is not None else Fraction(0)

    t_alt, alt_best = (None, None) if args.no_loops else timed(alt_loop, 1)
    targets.append(("least-exposed route (given the threat map)", rc, rw, "alternatives(k=20) + exposure", t_alt,
                    None if alt_best is None else r.exposure <= alt_best, "< 100 ms", rc < 0.1))
    t_full, _ = timed(cold(lambda: least_exposed_route(board, mover.id, goal, turns=3), clear_cache), rep)
    targets.append(("least-exposed route (threat map included)", t_full, None, "", None, None, "", None))

    def answers(rc: Any) -> dict:
        return {o: {s: (a.turn, a.unit) if a else None for s, a in sides.items()} for o, sides in rc.first.items()}

    rac, rc_ = timed(cold(lambda: race(board), clear_cache), rep)
    raw, _ = timed(lambda: race(board), rep)
    brac, rb_ = timed(cold(lambda: straightforward.race(board), straightforward.clear), rep)
    braw, _ = timed(lambda: straightforward.race(board), rep)
    before.append(("race, 6 objectives, 24 units", brac, rac, braw, raw, answers(rc_) == rb_))
    t_race_loop, rl = (None, None) if args.no_loops else timed(lambda: race_loop(board), 1)
    same_race = None if rl is None else all((rc_.first[o][s].turn if rc_.first[o][s] else None) == rl[o][s]
                                            for o in rl for s in rl[o])
    targets.append(("race, 6 objectives, 24 units", rac, raw, "route_in_turns per unit x objective", t_race_loop,
                    same_race, "< 1 s", rac < 1))

    small = skirmish(board)
    t_plan, plan = timed(lambda: fire_plan(small, "German"), rep)
    t_plan_loop, best = (None, None) if args.no_loops else timed(lambda: fireplan_loop(small, "German"), 1)
    targets.append((f"fire plan exact, 6 x 6 ({plan.method})", t_plan, None, "every assignment (7^6)", t_plan_loop,
                    None if best is None else plan.value == best, "< 2 s", t_plan < 2))

    def sec(x: float | None) -> str:
        return "" if x is None else f"{x:.3f} s"

    print(f"radius-{RADIUS} hex scenario, 1,261 hexes, 12 units a side, seed {args.seed}, median of {rep}, "
          f"{args.clock} clock")
    print("cold: every cached movement graph forgotten first (a fresh process, or a unit just moved); "
          "warm: the same question again\n")
    print("| question | wartools.analysis (cold) | (warm) | loop of single calls | loop time | ratio | same answer "
          "| target | met (cold) |")
    print("| --- | ---: | ---: | --- | ---: | ---: | --- | --- | --- |")
    for name, ours, warm, how, theirs, ok, target, met in targets:
        ratio = f"{theirs / ours:.1f}x" if theirs else ""
        print(f"| {name} | {sec(ours)} | {sec(warm)} | {how} | {sec(theirs)} | {ratio} | {'' if ok is None else ok} "
              f"| {target} | {'' if met is None else 'yes' if met else 'NO'} |")
    print("\nmovement work, before (whole graph per mover, one Dijkstra per frontier cell, two searches per "
          "moving attacker: benchmarks/straightforward.py) vs now\n")
    print("| question | before cold | now cold | ratio | before warm | now warm | ratio | same answer |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, bc, nc, bw, nw, ok in before:
        print(f"| {name} | {sec(bc)} | {sec(nc)} | {bc / nc:.1f}x | {sec(bw)} | {sec(nw)} | {bw / nw:.1f}x | {ok} |")


if __name__ == "__main__":
    main()
