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

A graph is **shared across positions** where the rules allow it: when a game's rules
name the cells the other units make a difference to (:meth:`MovementRules.unit_cells`),
the graph of a position takes the steps out of every cell away from them from the
*board graph* (the same unit and situation with no other units, cached per board
fingerprint, :attr:`~wartools.mapmodel.Map.board_fingerprint`), and asks the rules only
about the cells around the units. A unit's move then costs the steps near it, not the
whole board again; the answers are the same as a fresh graph's.

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
from collections import OrderedDict
from collections.abc import Hashable, Mapping
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
    board
        The board graph whose steps this one shares away from the units (the graph of the
        same unit and situation with no other units, which the rules' unit cells allow), or
        ``None``.
    """

    def __init__(self, rules: MovementRules, board: MoveGraph | None = None) -> None:
        self.rules = rules
        self.allowance: int = rules.allowance() + rules.situation.extra_points
        self.build_seconds = 0.0
        self._floor = rules.least_step()
        self._out: dict[Cell, dict[Any, int]] = {}
        self._steps: dict[tuple[Any, Any], Step] = {}
        self._blocked: dict[tuple[Cell, Cell], Step] = {}
        #: per cell built: what each step to an on-board neighbour became (node or None, points, step)
        self._fates: dict[Cell, tuple[tuple[Any, int | None, Step], ...]] = {}
        self._low: dict[Cell, int | None] = {}              # the cheapest step out of each cell built
        #: on a board graph: the rules' steps into and ends on unit cells, per what the units make of them
        self._unit_steps: dict[tuple[Cell, Cell, Hashable], Step] = {}
        self._unit_ends: dict[tuple[Cell, Hashable], str | None] = {}
        self._ends: dict[Cell, str | None] = {}
        self._min: int | None = None
        self._complete = False
        self._graph: nx.DiGraph | None = None
        self.board = board
        self._units: frozenset[Cell] = frozenset()
        self._shared: set[Cell] = set()                   # cells whose steps out are the board graph's
        if board is not None:
            cells = rules.unit_cells() if shares_board(type(rules)) else None
            if cells is None or board.allowance != self.allowance:
                self.board = None                       # nothing promised: asked anew
            else:
                self._units = frozenset(cells)

    def _source(self, cell: Any) -> MoveGraph:
        """The graph that holds the steps out of a built ``cell``: the board graph's away from the units."""
        board = self.board
        return board if board is not None and cell in self._shared else self

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
            board = self.board
            if board is None:
                why = self.rules.end_blocker(cell)
            elif cell not in self._units:
                why = board.end_blocker(cell)
            else:
                state = self.rules.unit_state(cell)
                memo = board._unit_ends
                if state is None:
                    why = self.rules.end_blocker(cell)
                elif (cell, state) in memo:
                    why = memo[(cell, state)]
                else:
                    why = memo[(cell, state)] = self.rules.end_blocker(cell)
            self._ends[cell] = why
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
        board, units = self.board, self._units
        near = self.rules.map.grid.neighbour_table[a]
        adj: dict[Any, int]
        if board is not None and a not in units and units.isdisjoint(near):    # no unit cell in reach
            self._shared.add(a)
            adj = self._out[a] = board._out[a] if a in board._out else board._expand(a)
            low = board._low[a]
            if low is not None and (self._min is None or low < self._min):
                self._min = low
            return adj
        t0 = time.perf_counter()
        # away from the unit cells a step becomes what it became on the board graph
        known = None if board is None else board._fates_of(a)
        steps, blocked = self._steps, self._blocked
        adj = {}
        if self.end_blocker(a) is None:
            adj[End(a)] = 0
            steps[(a, End(a))] = END_STEP
        low = None
        fates = []
        for i, b in enumerate(near):
            fate = self._fate(a, b, self._step(a, b)) if known is None or b in units else known[i]
            fates.append(fate)
            node, cost, st = fate
            if node is None or cost is None:
                blocked[(a, b)] = st
                continue
            adj[node] = cost
            steps[(a, node)] = st
            if low is None or cost < low:
                low = cost
        self._fates[a] = tuple(fates)
        self._low[a] = low
        if low is not None and (self._min is None or low < self._min):
            self._min = low
        self._out[a] = adj
        self.build_seconds += time.perf_counter() - t0
        return adj

    def _fates_of(self, a: Cell) -> tuple[tuple[Any, int | None, Step], ...]:
        """What each step out of ``a`` became (a board graph's: every cell is built here)."""
        if a not in self._out:
            self._expand(a)
        return self._fates[a]

    def _step(self, a: Cell, b: Cell) -> Step:
        """The rules' step from ``a`` into ``b``; into a unit cell, asked once per what the units
        make of it (:meth:`MovementRules.unit_state`), for every position of the board."""
        board = self.board
        if board is None:
            return self.rules.step(a, b)
        state = self.rules.unit_state(b)
        if state is None:
            return self.rules.step(a, b)
        memo, key = board._unit_steps, (a, b, state)
        try:
            return memo[key]
        except KeyError:
            st = memo[key] = self.rules.step(a, b)
            return st

    def _fate(self, a: Cell, b: Cell, st: Step) -> tuple[Any, int | None, Step]:
        """What the rules' step ``st`` from ``a`` into ``b`` becomes in the graph: ``(node, points,
        step)``, the node ``b`` or ``End(b)`` (must stop), or ``None`` with the step that says why
        it is impossible (the rules refuse it, it costs more than the allowance, or it must stop
        where the move may not end)."""
        cost = st.cost
        if cost is None:
            return None, None, st
        if cost < 0:
            raise ValueError(f"negative step cost {cost} from {self.rules.map.label(a)} to {self.rules.map.label(b)}")
        if cost > self.allowance:
            pts, allowance = self.rules.points, self.allowance
            return None, None, Step.blocked(st.why, f"needs {cost} {pts}, more than the allowance of {allowance} {pts}")
        if st.stop is not None:
            why = self.end_blocker(b)
            if why is not None:
                return None, None, Step.blocked(st.why, f"must stop there, but {why}")
            return End(b), cost, st
        return b, cost, st

    def step(self, u: Any, v: Any) -> Step:
        """The :class:`Step` on graph edge ``u -> v``."""
        if u not in self._out:
            self.out(u)
        return self._source(u)._steps[(u, v)]

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
        grid = self.rules.map.grid
        out = {}
        for x in grid.cells():
            b = self._source(x)._blocked
            out.update({(x, y): b[(x, y)] for y in grid.neighbour_table[x] if (x, y) in b})
        return MappingProxyType(out)

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
                own, steps = End(a), self._source(a)._steps
                edges.extend((a, v, {"weight": w, "step": steps[(a, v)]})
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
#: board graphs: one per (board, unit type, situation without units), shared by every position
_BOARDS: LRU[MoveGraph] = LRU(128)
#: the hooks a declaration of :meth:`MovementRules.unit_cells` speaks for
_UNIT_HOOKS = ("__init__", "prepare", "step", "end_blocker", "enemies_at", "friends_at", "unit_cells", "unit_state")
_SHARES: dict[type, bool] = {}


def _owner(cls: type, name: str) -> type:
    return next(k for k in cls.__mro__ if name in vars(k))


def shares_board(cls: type[MovementRules]) -> bool:
    """Whether graphs under ``cls`` share a board graph: its rules name the cells the units make a
    difference to (:meth:`MovementRules.unit_cells`), and no subclass replaced a hook that
    declaration speaks for (``step``, ``end_blocker``, ``prepare`` ...) without declaring again.

    Examples
    --------
    >>> from wartools.games import find_game
    >>> cls = find_game("combat-infantry").movement_rules()
    >>> shares_board(cls), shares_board(MovementRules)
    (True, False)
    >>> class HouseRule(cls):
    ...     def step(self, a, b):
    ...         return super().step(a, b)
    >>> shares_board(HouseRule)
    False
    """
    try:
        return _SHARES[cls]
    except KeyError:
        declared = _owner(cls, "unit_cells")
        got = _SHARES[cls] = declared is not MovementRules and all(issubclass(declared, _owner(cls, n))
                                                                   for n in _UNIT_HOOKS)
        return got


def _new_graph(cls: type[MovementRules], m: Map, unit_type: str, situation: MoveSituation) -> MoveGraph:
    """A position's graph, on its board graph where the rules allow it."""
    rules = cls(m, unit_type, situation)
    if not shares_board(cls):
        return MoveGraph(rules)
    bare = rules.situation.replace(others=(), mover=None)
    allowance = rules.allowance() + bare.extra_points
    board = _BOARDS.get_or_make((m.game, m.board_fingerprint, unit_type, bare, allowance),
                                lambda: MoveGraph(cls(m, unit_type, bare)))
    return MoveGraph(rules, board)


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
    return _CACHE.get_or_make(key, lambda: _new_graph(cls, m, unit_type, situation))


class Asked:
    """The answers of a query lately asked on the very map *objects* it was asked on: a map is
    immutable, so the same question on the same object has the same answer, found without
    hashing the map's content (a position asks each unit's graph several times).

    Keyed by the object's ``id``: an entry holds the map itself, so no other map can take that
    ``id`` while the entry lives, and a hit is checked to be that object.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> memo, m = Asked(2), tiny_map("coh", 2, 1)
    >>> memo.get(m, ("A1",)) is None
    True
    >>> memo.put(m, ("A1",), 42)
    42
    >>> memo.get(m, ("A1",)), memo.get(tiny_map("coh", 2, 1), ("A1",))
    (42, None)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.hits = 0
        self._items: OrderedDict[tuple[Any, ...], tuple[Map, Any]] = OrderedDict()

    def get(self, m: Map, key: tuple[Any, ...]) -> Any:
        """The answer kept for ``key`` asked on ``m`` (``None`` if there is none)."""
        got = self._items.get((id(m), *key))
        if got is None or got[0] is not m:
            return None
        self.hits += 1
        return got[1]

    def put(self, m: Map, key: tuple[Any, ...], value: Any) -> Any:
        """Keep ``value`` as the answer for ``key`` asked on ``m``; returns it."""
        self._items[(id(m), *key)] = (m, value)
        if len(self._items) > self.size:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every answer (and reset the count)."""
        self._items.clear()
        self.hits = 0


#: resolve_graph's answers per map object (:func:`wartools.movement.search.resolve_graph`)
ASKED = Asked(256)


def cache_info() -> dict[str, int]:
    """Cache hits (a graph asked again on the same map object counts too), misses and current size.

    Examples
    --------
    >>> sorted(cache_info())
    ['hits', 'misses', 'size']
    """
    info = _CACHE.info()
    return {**info, "hits": info["hits"] + ASKED.hits}


def clear_cache() -> None:
    """Forget every cached graph, board graphs too (and reset the counters)."""
    _CACHE.clear()
    _BOARDS.clear()
    ASKED.clear()
