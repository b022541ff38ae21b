"""Movement planning: reachable areas, cheapest paths, alternatives, turn plans, and why not.

The engine is generic: a game plugs in a :class:`MovementRules` subclass
(``wartools.games.<game>.movement.Rules``) and the engine builds a cached
networkx ``DiGraph`` from it (:mod:`wartools.movement.graph`). Impassable
steps have no edge; "must stop here" steps lead to end nodes with no way out;
cells a move may not end on have no end node.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.movement import path, plan_turns, reachable
>>> m = tiny_map('combat-infantry', 5, 5, terrain={'C3': 'woods'}, edges={('B3', 'C3'): 'slope'},
...              elevation={'C3': 1}, units=[('us-1', 'US', 'rifle', 'B3')], name='Wooded slope')
>>> p = path(m, "B3", "C3")
>>> p.cost, p.steps[0].why
(4, 'woods hexside 3 MP, slope +1 uphill')
>>> reachable(m, "B3").costs[m.cell("C3")]
4
"""
from __future__ import annotations

from wartools.movement.graph import End, MoveGraph, build_graph, cache_info, clear_cache, movement_graph
from wartools.movement.results import Alternatives, PathResult, Reach, StepInfo, TurnPlan
from wartools.rules.movement import MovementRules, MoveSituation, Part, Step, Table
from wartools.movement.search import (MovementError, alternatives, path, plan_turns, reachable, resolve,
                                      why_unreachable)
from wartools.movement.turns import TurnRoute, TurnsReach, reach_in_turns, route_in_turns
from wartools.situation import Situation

__all__ = ["Alternatives", "End", "MoveGraph", "MovementError", "MovementRules", "MoveSituation", "Part", "PathResult", "Reach",
           "Situation", "Step",
           "StepInfo", "Table", "TurnPlan", "TurnRoute", "TurnsReach", "alternatives", "build_graph", "cache_info", "clear_cache",
           "movement_graph", "path", "plan_turns",
           "reach_in_turns", "reachable", "resolve", "route_in_turns", "why_unreachable"]
