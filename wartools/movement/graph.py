"""The movement graph of a (map, unit type, situation), built lazily and cached.

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

The graph is built **on demand**: :meth:`MoveGraph.out` asks the game's rules
for the steps out of a cell the first time a search reaches it and keeps them,
so a query costs what it explores, not the whole board. The whole graph (a
networkx ``DiGraph``, :attr:`MoveGraph.graph`) is built only for the questions
that need it (alternatives, why a goal is out of reach).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map('company-of-heroes', 3, 3, terrain={'B1': 'water'})
>>> mg = movement_graph(m, "infantry", Situation())
>>> {(m.label(n.cell) + " (end)" if isinstance(n, End) else m.label(n)): w for n, w in mg.out(m.cell("A1")).items()}
{'A1 (end)': 0, 'A2': 1}
>>> len(mg.built)      # asked about one cell so far
1
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
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from wartools.cache import LRU
from wartools.grids.base import Cell
from wartools.rules.movement import MovementRules, MoveSituation, Step
from wartools.situation import Situation

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from wartools.mapmodel import Map


class End(NamedTuple):
    """The graph node "the move ends on ``cell``"."""

    cell: Cell


END_STEP = Step(0, ("move ends here",))
_NO_WAY_OUT: Mapping[Any, int] = MappingProxyType({})


class MoveGraph:
    """The movement graph of one unit in one situation, built as searches reach it.

    Steps out of a cell are asked of the rules once, the first time :meth:`out` is called
    for it; the properties that describe the whole board (:attr:`graph`, :attr:`blocked`,
    :attr:`no_end`, and :attr:`min_cost` unless the rules' :meth:`~MovementRules.least_step`
    shows it early) finish the build first. Answers do not depend on how much was built.

    Attributes
    ----------
    rules
        The game's :class:`MovementRules` instance it is built from.
    allowance
        Points for one round or activation, CAPs and the like included.
    build_seconds
        Time spent asking the rules so far.
    """

    def __init__(self, rules: MovementRules) -> None:
        self.rules = rules
        self.allowance: int = rules.allowance() + rules.situation.extra_points
        self.build_seconds = 0.0
        self._floor = rules.least_step()
        self._out: dict[Cell, dict[Any, int]] = {}
        self._steps: dict[tuple[Any, Any], Step] = {}
        self._blocked: dict[tuple[Cell, Cell], Step] = {}
        self._ends: dict[Cell, str | None] = {}
        self._min: int | None = None
        self._complete = False
        self._graph: nx.DiGraph | None = None

    @property
    def built(self) -> Mapping[Cell, Mapping[Any, int]]:
        """The cells whose steps have been asked of the rules so far, with their edges."""
        return MappingProxyType(self._out)

    @property
    def points(self) -> str:
        """Name of the movement points ("MP", "cp", "AP")."""
        return self.rules.points

    # --- built on demand ----------------------------------------------------------------
    def end_blocker(self, cell: Cell) -> str | None:
        """Why a move may not end on ``cell`` (``None`` if it may), asked of the rules once."""
        try:
            return self._ends[cell]
        except KeyError:
            why = self._ends[cell] = self.rules.end_blocker(cell)
            return why

    def out(self, node: Any) -> Mapping[Any, int]:
        """The edges out of ``node``: ``{successor: points}``, in the order the whole graph has
        them (the cell's own end node first, then the neighbours in grid order)."""
        try:
            return self._out[node]
        except KeyError:
            if isinstance(node, End):
                return _NO_WAY_OUT
            return self._expand(node)

    def _expand(self, a: Cell) -> dict[Any, int]:
        t0 = time.perf_counter()
        rules, grid, allowance = self.rules, self.rules.map.grid, self.allowance
        points, steps, blocked = rules.points, self._steps, self._blocked
        adj: dict[Any, int] = {}
        if self.end_blocker(a) is None:
            adj[End(a)] = 0
            steps[(a, End(a))] = END_STEP
        low = self._min
        for b in grid.all_neighbours(a):
            if b not in grid:
                continue
            st = rules.step(a, b)
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
                why = self.end_blocker(b)
                if why is not None:
                    blocked[(a, b)] = Step.blocked(st.why, f"must stop there, but {why}")
                    continue
                adj[End(b)] = cost
                steps[(a, End(b))] = st
            else:
                adj[b] = cost
                steps[(a, b)] = st
            if low is None or cost < low:
                low = cost
        self._min = low
        self._out[a] = adj
        self.build_seconds += time.perf_counter() - t0
        return adj

    def step(self, u: Any, v: Any) -> Step:
        """The :class:`Step` on graph edge ``u -> v``."""
        if u not in self._out:
            self.out(u)
        return self._steps[(u, v)]

    def may_end(self, cell: Cell) -> bool:
        """Whether a move may end on ``cell`` (it has an end node)."""
        return self.end_blocker(cell) is None

    # --- the whole board ---------------------------------------------------------------
    def complete(self) -> MoveGraph:
        """Ask the rules about every cell now (the whole graph); returns ``self``."""
        if not self._complete:
            for c in self.rules.map.grid.cells():
                self.out(c)
                self.end_blocker(c)
            self._complete = True
        return self

    @property
    def min_cost(self) -> int:
        """The cheapest step on the board (an admissible A* scale factor); 0 when there is none.

        Known without the whole board once a step as cheap as the rules'
        :meth:`~MovementRules.least_step` has been seen."""
        if self._complete or self._min is None or self._min != self._floor:
            self.complete()
        return self._min or 0

    @property
    def least_cost(self) -> int:
        """A lower bound on :attr:`min_cost` known without asking about the whole board: the
        rules' :meth:`~MovementRules.least_step`, or :attr:`min_cost` once it is known."""
        if self._complete or (self._min is not None and self._min == self._floor):
            return self._min or 0
        return self._floor

    @property
    def blocked(self) -> Mapping[tuple[Cell, Cell], Step]:
        """``(a, b) -> Step`` for every impossible step between adjacent cells (board order)."""
        self.complete()
        cells = self.rules.map.grid.cells()
        grid = self.rules.map.grid
        b = self._blocked
        return MappingProxyType({(x, y): b[(x, y)] for x in cells for y in grid.all_neighbours(x)
                                 if (x, y) in b})

    @property
    def no_end(self) -> Mapping[Cell, str]:
        """``cell -> reason`` for cells a move may pass but not end on (board order)."""
        self.complete()
        return MappingProxyType({c: w for c in self.rules.map.grid.cells()
                                 if (w := self._ends[c]) is not None})

    @property
    def graph(self) -> nx.DiGraph:
        """The whole graph as a networkx ``DiGraph`` (edge attributes ``weight`` and ``step``)."""
        if self._graph is None:
            import networkx as nx

            self.complete()
            cells = self.rules.map.grid.cells()
            g = nx.DiGraph()
            g.add_nodes_from(cells)
            edges: list[tuple[Any, Any, dict[str, Any]]] = [
                (c, End(c), {"weight": 0, "step": END_STEP}) for c in cells if self._ends[c] is None]
            for a in cells:
                own = End(a)
                edges.extend((a, v, {"weight": w, "step": self._steps[(a, v)]})
                             for v, w in self._out[a].items() if v != own)
            g.add_edges_from(edges)
            self._graph = g
        return self._graph


def rules_class(game: Any) -> type[MovementRules]:
    """The game's :class:`MovementRules` subclass (:meth:`Game.movement_rules`)."""
    cls: type[MovementRules] = game.movement_rules()
    return cls


def build_graph(m: Map, unit_type: str, situation: Situation) -> MoveGraph:
    """Build (without caching) the whole movement graph; see :func:`movement_graph`."""
    return MoveGraph(rules_class(m.game)(m, unit_type, situation)).complete()


_CACHE: LRU[MoveGraph] = LRU(64)


def movement_graph(m: Map, unit_type: str, situation: Situation) -> MoveGraph:
    """The movement graph for ``m``, cached per (map content: its board fingerprint and its
    units, unit type, situation) and built as searches reach it. Movers whose situations differ only in what the game's rules
    do not read (:meth:`MovementRules.graph_key`) share one graph.

    Maps are immutable, so a map's fingerprint names its version: an edited map
    (``m.moved(...)``) gets a new graph, the same map reuses the old one (and what
    earlier searches built of it).
    """
    situation = MoveSituation.of(situation)
    cls = rules_class(m.game)
    key = (m.game, m.board_fingerprint, m.units, unit_type, cls.graph_key(m, unit_type, situation))
    return _CACHE.get_or_make(key, lambda: MoveGraph(cls(m, unit_type, situation)))


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
