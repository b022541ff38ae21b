"""Least-exposed routes: optimal against a brute-force search of every route on small maps,
never more exposed than the cheapest route, steps that add up."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, least_exposed_route, threat_map
from wartools.games.fire_rules import EVERY_CELL
from wartools.movement import End, movement_graph, resolve
from wartools.scenario import load_position, load_scenario

ROOT = Path(__file__).resolve().parents[1]

SMALL = {
    # game: (units, terrain, mover, goal) on a 4 x 3 map; every-cell exposure in Conflict of Heroes
    # and Heroes of Normandie, end-of-move exposure in Combat Infantry and Company of Heroes
    "conflict-of-heroes": ([("e-1", "German", "infantry", "C1"), ("m-1", "Soviet", "infantry", "A3")],
                           {"B2": "woods", "C2": "building"}, "m-1", "D3"),
    "heroes-of-normandie": ([("e-1", "German", "infantry", "D1"), ("m-1", "US", "infantry", "A3")],
                            {"B2": "building", "C3": "building"}, "m-1", "D2"),
    "combat-infantry": ([("e-1", "German", "rifle", "C1"), ("e-2", "German", "mg", "D3"),
                         ("m-1", "US", "rifle", "A3")], {"B2": "woods", "C2": "town"}, "m-1", "D2"),
    "company-of-heroes": ([("e-1", "Wehrmacht", "infantry", "C1"), ("m-1", "US", "infantry", "A3")],
                          {"B2": "building"}, "m-1", "D3"),
}


def brute_force(board: Board, mover: str, goal: str, turns: int) -> Fraction | None:
    """The least exposure over every route of at most ``turns`` moves, each move any simple path
    of the movement graph within the allowance (networkx's all_simple_paths)."""
    m = board.map
    u = board.unit(mover)
    start, utype, sit = resolve(m, u.cell, u.id)
    mg = movement_graph(m, utype, sit)
    t = threat_map(board, u.side, target=u.type)
    every = board.fire.exposure == EVERY_CELL
    target = m.cell(goal)

    ends = [n for n in mg.graph if isinstance(n, End)]

    def moves(cell):
        out = []
        for nodes in nx.all_simple_paths(mg.graph, cell, ends, cutoff=mg.allowance + 1):
            end = nodes[-1]
            cost = sum(mg.graph.edges[a, b]["weight"] for a, b in zip(nodes, nodes[1:]))
            if cost > mg.allowance:
                continue
            cells = [n.cell if isinstance(n, End) else n for n in nodes]
            entered = [c for a, c in zip(cells, cells[1:]) if c != a]
            e = sum((t.exposure(c) for c in entered), Fraction(0)) if every else t.exposure(end.cell)
            out.append((end.cell, e))
        return out

    best = None
    frontier = {start: Fraction(0)}
    for turn in range(turns):
        nxt: dict = {}
        for cell, e0 in frontier.items():
            if cell != start and mg.rules.enemies_at(cell):
                continue
            for end, e in moves(cell):
                if end not in nxt or e0 + e < nxt[end]:
                    nxt[end] = e0 + e
        if target in nxt and (best is None or nxt[target] < best):
            best = nxt[target]
        frontier = nxt
    return best


@pytest.mark.parametrize("game", sorted(SMALL))
@pytest.mark.parametrize("turns", [1, 2])
def test_least_exposed_is_optimal_against_brute_force(game, turns):
    units, terrain, mover, goal = SMALL[game]
    s = tiny_scenario(game, 4, 3, units, terrain=terrain)
    board = Board.of(s)
    r = least_exposed_route(board, mover, goal, turns=turns)
    expected = brute_force(board, mover, goal, turns)
    if expected is None:
        assert not r.reachable
        return
    assert r.reachable and r.exposure == expected
    assert r.exposure <= r.cheapest_exposure
    assert r.turns <= turns and r.cells[0] == board.unit(mover).cell and r.cells[-1] == board.map.cell(goal)
    assert sum(s.exposure for s in r.steps) == r.exposure and sum(s.cost for s in r.steps) == r.cost


def test_a_detour_beats_the_cheapest_route_under_opportunity_fire():
    """Conflict of Heroes 3.1: every hex entered can draw opportunity fire, so going round behind
    the buildings, out of the MG's sight, is less exposed than the straight line."""
    s = tiny_scenario("conflict-of-heroes", 7, 5, [("e-1", "German", "mg", "D1"), ("m-1", "Soviet", "infantry", "A3")],
                      terrain={c: "building" for c in ("B4", "C4", "D4", "E4", "F4")})
    r = least_exposed_route(s, "m-1", "G3", turns=2)
    assert r.cheapest_cells == tuple(s.map.cell(c) for c in ("A3", "B3", "C3", "D3", "E3", "F3", "G3"))
    assert r.exposure < r.cheapest_exposure and r.cost > r.cheapest_cost
    assert s.map.cell("D5") in r.cells
    assert not threat_map(s, "Soviet").at("D5").attackers


@pytest.mark.parametrize("name,unit,goal", [("combat-infantry-saint-remy", "us-in-1", "H7"),
                                            ("heroes-of-normandie-dog-red", "us-inf-1", "F5"),
                                            ("conflict-of-heroes-height-112", "su-inf-3", "E08"),
                                            ("company-of-heroes-saint-aubert", "us-rifles-1", "J6")])
def test_never_more_exposed_than_the_cheapest_on_the_scenarios(name, unit, goal):
    s = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
    p = load_position(ROOT / "scenarios" / "positions" / f"{name}.yaml", s)
    r = least_exposed_route(s, unit, goal, position=p, turns=3)
    assert r.reachable, r.why_not
    assert r.exposure <= r.cheapest_exposure
    j = r.to_json()
    assert {"reachable", "cells", "cost", "turns", "exposure", "steps", "assumptions"} <= set(j)
    assert all(set(st) >= {"to", "cost", "exposure", "why"} for st in j["steps"])
