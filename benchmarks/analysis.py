"""Scenario analysis benchmark: wartools.analysis against composing single calls in a loop.

The board is a hexagon of radius 20 (1,261 hexes; random Conflict of Heroes terrain, water
outside) with 12 units a side and 6 objectives. Each question is answered twice: by
:mod:`wartools.analysis`, and the way a user would without it, from the public single-answer
calls (``line_of_sight`` per attacker and cell, ``wartools.combat.odds`` per attack,
``route_in_turns`` per unit and objective, ``alternatives`` for routes, every assignment for
fire plans). Both use the same game rules (the fire profiles, refusals and odds inputs of
``wartools.games.conflict_of_heroes.fire``), and each pair is checked to give the same answer.

Targets (issue 13): threat map < 1 s and >= 10x faster than the loop; least-exposed route
< 100 ms; race for 6 objectives < 1 s; exact fire plan 6 x 6 < 2 s.

Run: ``python benchmarks/analysis.py [--seed N] [--repeat N]``.
"""
from __future__ import annotations

import argparse
import itertools
from fractions import Fraction
from typing import Any

import numpy as np
import yaml

from wartools.analysis import Board, fire_plan, least_exposed_route, race, threat_map
from wartools.analysis.route import route_exposure
from wartools.analysis.threat import attacks_from
from wartools.combat import odds
from wartools.grids import HexGrid
from wartools.los import line_of_sight
from wartools.movement import alternatives, route_in_turns
from wartools.scenario import loads_scenario

from movement import timed  # benchmarks/movement.py: run as a script, this folder is on sys.path

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
    """The threat map from one line_of_sight and one odds call per attacker and cell."""
    fire, m = board.fire, board.map
    tp = fire.target_profile(target)
    out = {}
    for cell in m.grid.cells():
        attacks = []
        for u in board.units_of(board.enemies(side)):
            p = fire.profile(u)
            if p is None or cell == u.cell:
                continue
            line = line_of_sight(m, u.cell, cell, fire.situation(u, target, p))
            if not line.visible or fire.refusal(m, u, cell, target) is not None:
                continue
            inputs = fire.odds_inputs(m, u, p, target, tp, cell, line.range, line.modifier or 0)
            if inputs is None:
                continue
            hit = Fraction(odds(board.scenario.game, **inputs).answer["hit"])
            attacks.append(hit)
        if attacks:
            miss = Fraction(1)
            for h in attacks:
                miss *= 1 - h
            out[cell] = (1 - miss, sum(attacks, Fraction(0)))
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
        p = fire.profile(u)
        if p is None:
            continue
        can = [None]
        for t in enemies:
            got, _ = attacks_from(board, u, p, t.type, fire.target_profile(t.type), {}, cells=[t.cell])
            if t.cell in got:
                can.append((t.id, got[t.cell]))
        choices.append(can)
    best = Fraction(0)
    for pick in itertools.product(*choices):
        total = Fraction(0)
        for t in enemies:
            attacks = [c[1] for c in pick if c is not None and c[0] == t.id]
            if attacks:
                total += fire.combine(attacks, t.type, fire.target_profile(t.type))[0]
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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    board = make_board(args.seed)
    rows = []

    t_ours, t = timed(lambda: threat_map(board, "Soviet", target="infantry"), args.repeat)
    t_loop, loop = timed(lambda: threat_loop(board, "Soviet", "infantry"), 1)
    same = {c: (v.p_hit, v.expected) for c, v in t.cells.items() if v.attacks} == loop
    rows.append(("threat map, one side (1,261 hexes, 12 attackers)", t_ours, "line_of_sight + odds per attacker x cell",
                 t_loop, same, "< 1 s, >= 10x"))

    mover = board.unit("so-1")
    goal = board.scenario.objective("obj-3").cell
    t_route, r = timed(lambda: least_exposed_route(board, mover.id, goal, turns=3, threat=t), args.repeat)
    t_route_full, _ = timed(lambda: least_exposed_route(board, mover.id, goal, turns=3), 1)

    def alt_loop() -> Fraction:
        best = None
        for p in alternatives(board.map, mover.cell, goal, mover.id, k=20):
            e = route_exposure(t, board.fire.exposure, [p.cells])
            best = e if best is None else min(best, e)
        return best if best is not None else Fraction(0)

    t_alt, alt_best = timed(alt_loop, 1)
    rows.append(("least-exposed route (given the threat map)", t_route, "alternatives(k=20) + exposure", t_alt,
                 r.exposure <= alt_best, "< 100 ms"))
    rows.append(("least-exposed route (threat map included)", t_route_full, "", None, None, ""))

    t_race, rc = timed(lambda: race(board), args.repeat)
    t_race_loop, rl = timed(lambda: race_loop(board), 1)
    same_race = all((rc.first[o][s].turn if rc.first[o][s] else None) == rl[o][s] for o in rl for s in rl[o])
    rows.append(("race, 6 objectives, 24 units", t_race, "route_in_turns per unit x objective", t_race_loop,
                 same_race, "< 1 s"))

    small = skirmish(board)
    t_plan, plan = timed(lambda: fire_plan(small, "German"), args.repeat)
    t_plan_loop, best = timed(lambda: fireplan_loop(small, "German"), 1)
    rows.append((f"fire plan exact, 6 x 6 ({plan.method})", t_plan, "every assignment (7^6)", t_plan_loop,
                 plan.value == best, "< 2 s"))

    print(f"radius-{RADIUS} hex scenario, 1,261 hexes, 12 units a side, seed {args.seed}, median of {args.repeat}")
    print(f"| question | wartools.analysis | loop of single calls | loop time | ratio | same answer | target |")
    print("| --- | ---: | --- | ---: | ---: | --- | --- |")
    for name, ours, how, theirs, ok, target in rows:
        ratio = f"{theirs / ours:.1f}x" if theirs else ""
        loop_t = f"{theirs:.3f} s" if theirs else ""
        print(f"| {name} | {ours:.3f} s | {how} | {loop_t} | {ratio} | {'' if ok is None else ok} | {target} |")


if __name__ == "__main__":
    main()
