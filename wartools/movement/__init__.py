"""Movement planning: reachable areas, cheapest paths, alternatives, turn plans, and why not.

The engine is generic: a game plugs in a :class:`MovementRules` subclass
(``wartools.games.<game>.movement.Rules``) and the engine builds a cached
networkx ``DiGraph`` from it (:mod:`wartools.movement.graph`). Impassable
steps have no edge; "must stop here" steps lead to end nodes with no way out;
cells a move may not end on have no end node.

Examples
--------
>>> from wartools.mapmodel import loads_map
>>> from wartools.movement import path, plan_turns, reachable
>>> m = loads_map('''
... format: wartools-map/1
... name: Wooded slope
... game: combat-infantry
... grid: {type: hex, columns: 5, rows: 5}
... terrain: {cells: {C3: woods}}
... elevation: {C3: 1}
... edges: [{cells: [B3, C3], feature: slope}]
... units: [{id: us-1, side: US, type: rifle, cell: B3}]
... ''')
>>> p = path(m, "B3", "C3")
>>> p.cost, p.steps[0].why
(4, 'woods hexside 3 MP, slope +1 uphill')
>>> reachable(m, "B3").costs[m.cell("C3")]
4
"""
from __future__ import annotations

from wartools.movement.graph import End, MoveGraph, build_graph, cache_info, clear_cache, movement_graph
from wartools.movement.results import PathResult, Reach, StepInfo, TurnPlan
from wartools.movement.rules import MovementRules, Part, Situation, Step, Table
from wartools.movement.search import (MovementError, alternatives, path, plan_turns, reachable, resolve,
                                      why_unreachable)
from wartools.movement.turns import TurnsReach, reach_in_turns, route_in_turns

__all__ = ["End", "MoveGraph", "MovementError", "MovementRules", "Part", "PathResult", "Reach", "Situation", "Step",
           "StepInfo", "Table", "TurnPlan", "TurnsReach", "alternatives", "build_graph", "cache_info", "clear_cache",
           "movement_graph", "path", "plan_turns",
           "reach_in_turns", "reachable", "resolve", "route_in_turns", "why_unreachable"]
