"""The movement graph: a networkx ``DiGraph`` per (map, unit type, situation), cached.

Nodes are the board's cells plus one *end node* :class:`End` per cell on which
a move may end. Edges:

- ``a -> b`` for every possible step that lets the unit go on;
- ``a -> End(b)`` for a step into ``b`` that ends the move ("must stop here");
  an end node has no way out, so a path can never *pass through* such a step;
- ``c -> End(c)`` with weight 0 when a move may end on ``c``.

Impossible steps get no edge (their reasons are kept in
:attr:`MoveGraph.blocked` to explain an unreachable goal). A step costing more
than the unit's whole allowance is impossible too. Every query ("where can I
go", "cheapest path to B") is then an ordinary shortest-path question from the
start cell to end nodes, and the must-stop and may-end rules live here, once.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map('company-of-heroes', 3, 3, terrain={'B1': 'water'})
>>> mg = movement_graph(m, "infantry", Situation())
>>> mg.graph.has_node(m.cell("B1")), mg.graph.has_edge(m.cell("A1"), m.cell("A2"))
(True, True)
>>> mg.blocked[(m.cell("A1"), m.cell("B1"))].why
'water hex: impassable (Company of Heroes 4, Obstacles to Movement)'
>>> movement_graph(m, "infantry", Situation()) is mg
True
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import networkx as nx

from wartools.cache import LRU
from wartools.grids.base import Cell
from wartools.movement.rules import MovementRules, MoveSituation, Step
from wartools.situation import Situation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map


class End(NamedTuple):
    """The graph node "the move ends on ``cell``"."""

    cell: Cell


@dataclass(frozen=True, eq=False)
class MoveGraph:
    """A built movement graph and what the engine needs to explain it.

    Attributes
    ----------
    graph
        The ``DiGraph`` (edge attributes ``weight`` and ``step``, a :class:`Step`).
    rules
        The game's :class:`MovementRules` instance it was built from.
    allowance
        Points for one round or activation, CAPs and the like included.
    min_cost
        The cheapest step (an admissible A* scale factor).
    blocked
        ``(a, b) -> Step`` for every impossible step between adjacent cells.
    no_end
        ``cell -> reason`` for cells a move may pass but not end on.
    build_seconds
        How long building took.
    """

    graph: nx.DiGraph
    rules: MovementRules
    allowance: int
    min_cost: int
    blocked: Mapping[tuple[Cell, Cell], Step]
    no_end: Mapping[Cell, str]
    build_seconds: float = field(default=0.0)

    @property
    def points(self) -> str:
        """Name of the movement points ("MP", "cp", "AP")."""
        return self.rules.points

    def step(self, u: Any, v: Any) -> Step:
        """The :class:`Step` on graph edge ``u -> v``."""
        return self.graph.edges[u, v]["step"]


def rules_class(game: Any) -> type[MovementRules]:
    """The game's :class:`MovementRules` subclass (:meth:`Game.movement_rules`)."""
    cls: type[MovementRules] = game.movement_rules()
    return cls


def build_graph(m: Map, unit_type: str, situation: Situation) -> MoveGraph:
    """Build (without caching) the movement graph; see :func:`movement_graph`."""
    t0 = time.perf_counter()
    rules = rules_class(m.game)(m, unit_type, situation)
    allowance = rules.allowance() + rules.situation.extra_points
    grid = m.grid
    cells = grid.cells()
    on_board = grid.__contains__
    points = rules.points
    no_end: dict[Cell, str] = {}
    blocked: dict[tuple[Cell, Cell], Step] = {}
    edges: list[tuple[Any, Any, dict[str, Any]]] = []
    end_step = Step(0, ("move ends here",))
    for c in cells:
        why = rules.end_blocker(c)
        if why is None:
            edges.append((c, End(c), {"weight": 0, "step": end_step}))
        else:
            no_end[c] = why
    min_cost: int | None = None
    step = rules.step
    for a in cells:
        for b in grid.all_neighbours(a):
            if not on_board(b):
                continue
            st = step(a, b)
            cost = st.cost
            if cost is None:
                blocked[(a, b)] = st
                continue
            if cost < 0:
                raise ValueError(f"negative step cost {cost} from {grid.label(a)} to {grid.label(b)}")
            if cost > allowance:
                blocked[(a, b)] = Step.blocked(
                    st.why, f"needs {cost} {points}, more than the allowance of {allowance} {points}")
                continue
            if st.stop is not None:
                if b in no_end:
                    blocked[(a, b)] = Step.blocked(st.why, f"must stop there, but {no_end[b]}")
                    continue
                edges.append((a, End(b), {"weight": cost, "step": st}))
            else:
                edges.append((a, b, {"weight": cost, "step": st}))
            if min_cost is None or cost < min_cost:
                min_cost = cost
    g = nx.DiGraph()
    g.add_nodes_from(cells)
    g.add_edges_from(edges)
    return MoveGraph(g, rules, allowance, min_cost or 0, MappingProxyType(blocked),
                     MappingProxyType(no_end), time.perf_counter() - t0)


_CACHE: LRU[MoveGraph] = LRU(64)


def movement_graph(m: Map, unit_type: str, situation: Situation) -> MoveGraph:
    """The movement graph for ``m``, cached per (map fingerprint, unit type, situation).

    Maps are immutable, so a map's fingerprint names its version: an edited map
    (``m.moved(...)``) gets a new graph, the same map reuses the old one.
    """
    situation = MoveSituation.of(situation)
    return _CACHE.get_or_make((m.game, m.fingerprint, unit_type, situation),
                              lambda: build_graph(m, unit_type, situation))


def cache_info() -> dict[str, int]:
    """Cache hits, misses and current size.

    Examples
    --------
    >>> sorted(cache_info())
    ['hits', 'misses', 'size']
    """
    return _CACHE.info()


def clear_cache() -> None:
    """Forget every cached graph (and reset the counters)."""
    _CACHE.clear()
