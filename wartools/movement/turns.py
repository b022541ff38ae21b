"""Several turns of movement: where can the unit be after N rounds or activations, and by which route?

A single move stops where the rules say it must (an enemy-controlled hex in
Combat Infantry 8.3, a building in Company of Heroes 4, a trench in Heroes of
Normandie); the next round the unit moves on from there. :func:`reach_in_turns`
searches turn by turn (:class:`TurnLayers`, one search per turn from all the
cells the previous turn ended on), so every cell gets the fewest turns needed
to end a move on it; :func:`route_in_turns` returns a :class:`TurnRoute`, one explained
:class:`~wartools.movement.PathResult` per turn.

Simplifications, stated: the other units stay where they are, and the mover's
own new position does not change hex control between its turns; a move that
ends in an assault (:meth:`~wartools.movement.MovementRules.assault_at`) does not continue.
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools.answers import Answer, Collection
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell, Grid
from wartools.movement.graph import End
from wartools.movement.search import MovementError, cheapest, query_graph
from wartools.situation import Situation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit
    from wartools.movement.graph import MoveGraph
    from wartools.movement.results import PathResult


@dataclass(frozen=True)
class TurnsReach(Answer):
    """The fewest turns after which a unit can end its move on each cell.

    ``turns_to[cell]`` is 0 for the start, 1 for cells one move away, and so
    on up to ``turns``; ``spent[cell]`` the points of the cheapest route with
    that few turns; ``came_from[cell]`` is where that route's previous turn ended.
    """

    start: Cell
    unit_type: str
    side: str | None
    turns: int
    turns_to: Mapping[Cell, int]
    spent: Mapping[Cell, int]
    came_from: Mapping[Cell, Cell]
    grid: Grid = field(repr=False, compare=False)
    graph: MoveGraph | None = field(default=None, repr=False, compare=False)

    def route(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells where each turn ends, from the start to ``cell``."""
        if cell not in self.turns_to:
            raise MovementError(f"{self.grid.label(cell)} is not reachable within {self.turns} turns")
        out = [cell]
        while out[-1] != self.start:
            out.append(self.came_from[out[-1]])
        return tuple(reversed(out))

    def labels(self) -> dict[str, int]:
        """``{label: turns}`` sorted by turns, then board order (column by column)."""
        lab = self.grid.label
        return {lab(c): t for c, t in sorted(self.turns_to.items(), key=lambda kv: (kv[1], self.grid.to_offset(kv[0])))}

    @property
    def map(self) -> Map:
        """The map the moves were searched on."""
        from wartools.movement.results import _map_of

        return _map_of(self.graph)

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings of the movement rules the search rests on."""
        return () if self.graph is None else self.graph.rules.assumptions()

    def to_json(self) -> dict[str, Any]:
        """``{"from", "unit", "turns", "reachable": {label: fewest turns}, "assumptions"}``
        (``wartools reach --turns N`` writes the same ``{label: turns}`` as ``"turns"``).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map('company-of-heroes', 6, 1, units=[('rifles', 'US', 'infantry', 'A1')])
        >>> reach_in_turns(m, "A1", turns=2).to_json()["reachable"]
        {'A1': 0, 'B1': 1, 'C1': 1, 'D1': 1, 'E1': 2, 'F1': 2}
        """
        return {"from": self.grid.label(self.start), "unit": self.unit_type, "turns": self.turns,
                "reachable": self.labels(), "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line per turn: the cells first reached in it."""
        by_turn: dict[int, list[str]] = {}
        for lab, t in self.labels().items():
            by_turn.setdefault(t, []).append(lab)
        head = (f"{self.unit_type}{' (' + self.side + ')' if self.side else ''} from "
                f"{self.grid.label(self.start)} within {self.turns} turn(s): {len(self.turns_to)} cells")
        return "\n".join([head, *(f"  turn {t}: {' '.join(labs)}" for t, labs in by_turn.items() if t),
                          *(f"  {a.text()}" for a in self.assumptions)])

    def draw(self, ax: Any = None) -> Any:
        """Draw the map with each cell shaded by the fewest turns to get there (reach scale, with a
        colour bar) and that number written in it; returns the Axes
        (:func:`wartools.render.movement.draw_turns_reach`).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map('company-of-heroes', 8, 1, units=[('rifles', 'US', 'infantry', 'A1')])
        >>> ax = reach_in_turns(m, "A1", turns=2).draw()
        >>> [a.get_xlabel() for a in ax.figure.axes if a.get_gid() == "reach-turns-colorbar"]
        ['turns to get there']
        """
        from wartools.render.movement import draw_turns_reach

        return draw_turns_reach(self, ax)


@dataclass(frozen=True)
class TurnRoute(Collection["PathResult"]):
    """The fewest-turns route to a goal (:func:`route_in_turns`): one explained single move
    per turn, empty when the goal is out of reach within ``max_turns``; iterated, counted and
    indexed like a tuple of :class:`~wartools.movement.PathResult`.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 8, 1, units=[('rifles', 'US', 'infantry', 'A1')])
    >>> r = route_in_turns(m, "A1", "F1")
    >>> len(r), r.ends(), r.to_json()["reachable"]
    (2, ['A1', 'C1', 'F1'], True)
    """

    start: Cell
    goal: Cell
    max_turns: int
    legs: tuple[PathResult, ...]
    graph: MoveGraph = field(repr=False, compare=False)

    def items(self) -> tuple[PathResult, ...]:
        return self.legs

    @property
    def map(self) -> Map:
        """The map the route was found on."""
        return self.graph.rules.map

    @property
    def reachable(self) -> bool:
        """Whether the goal can be reached within ``max_turns``."""
        return bool(self.legs) or self.start == self.goal

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The movement rules' assumed readings and those of every leg."""
        return merge_assumptions(self.graph.rules.assumptions(), *(leg.assumptions for leg in self.legs))

    def ends(self) -> list[str]:
        """The labels of the start and of the cell where each turn ends."""
        lab = self.map.label
        return [lab(self.start), *(lab(leg.goal) for leg in self.legs)]

    def to_json(self) -> dict[str, Any]:
        """``{"from", "to", "reachable", "turns", "legs": [the wartools path answer of each], "assumptions"}``."""
        lab = self.map.label
        return {"from": lab(self.start), "to": lab(self.goal), "reachable": self.reachable,
                "turns": len(self.legs),
                "legs": [{k: v for k, v in leg.to_json().items() if k != "assumptions"} for leg in self.legs],
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line per turn; or that the goal is out of reach."""
        lab = self.map.label
        head = f"{lab(self.start)} -> {lab(self.goal)}"
        if not self.reachable:
            return f"{head}: not within {self.max_turns} turn(s)"
        return "\n".join([f"{head} in {len(self.legs)} turn(s):",
                          *(f"  turn {i}: {' '.join(leg.labels())} ({leg.cost} {leg.points})"
                            for i, leg in enumerate(self.legs, 1)),
                          *(f"  {a.text()}" for a in self.assumptions)])

    def draw(self, ax: Any = None) -> Any:
        """Each turn's move with its running costs, the cell each turn ends on numbered
        (:func:`wartools.render.movement.draw_turn_route`)."""
        from wartools.render.movement import draw_turn_route

        return draw_turn_route(self, ax)


class TurnLayers:
    """The multi-turn reach of one unit, searched one turn deeper at each :meth:`advance`.

    Each turn is one search over states (graph node, points spent this turn) started from
    every cell the previous turn ended on, each carrying the points spent so far: a move
    may spend at most the allowance, and ends on an end node. So one turn costs one search
    of the cells it can reach, however many cells the previous turn ended on, and every
    cell gets exactly what a separate single-move search from each of those cells would
    give it: the fewest turns, then the fewest points over all turns. Among routes that
    tie on both, the previous turn's end is the one with the fewest points spent so far,
    then the first in board order (column by column).
    """

    def __init__(self, mg: MoveGraph, start: Cell) -> None:
        self.graph = mg
        self.start = start
        self.turns = 0
        self.turns_to: dict[Cell, int] = {start: 0}
        self.spent: dict[Cell, int] = {start: 0}
        self.came_from: dict[Cell, Cell] = {}
        self.frontier: list[Cell] = [start]
        fin = mg.rules.finish()
        self._finish = fin.cost or 0 if fin else 0
        self._moves = mg.rules.start_blocker() is None and mg.allowance - self._finish >= 0

    @property
    def settled(self) -> bool:
        """Whether further turns can reach nothing new."""
        return not self.frontier

    def advance(self) -> list[Cell]:
        """Search one more turn; the cells it adds (fewest turns = the new turn count)."""
        self.turns += 1
        mg, start = self.graph, self.start
        sources = [c for c in self.frontier if c == start or not mg.rules.assault_at(c)]  # assaults stop
        if not self._moves or not sources:
            self.frontier = []
            return []
        if len(sources) > 1:
            offset = mg.rules.map.grid.to_offset      # (column, row): board order
            sources.sort(key=lambda c: (self.spent[c], offset(c)))
        limit, fin, out = mg.allowance - self._finish, self._finish, mg.out
        count = itertools.count()
        heap: list[tuple[int, int, int, int, Any]] = [(self.spent[c], rank, 0, next(count), c)
                                                      for rank, c in enumerate(sources)]
        heapq.heapify(heap)
        least: dict[Any, int] = {}     # per node: fewest points this turn of a state already settled
        found: list[Cell] = []
        turns_to, spent, came_from = self.turns_to, self.spent, self.came_from
        while heap:
            total, rank, used, _, node = heapq.heappop(heap)
            best = least.get(node)
            if best is not None and best <= used:
                continue    # a state settled earlier is as cheap overall and has as many points left
            least[node] = used
            if isinstance(node, End):
                c = node.cell
                if c not in turns_to:
                    turns_to[c], spent[c], came_from[c] = self.turns, total + fin, sources[rank]
                    found.append(c)
                continue
            for nxt, w in out(node).items():
                u = used + w
                if u > limit:
                    continue
                b = least.get(nxt)
                if b is not None and b <= u:
                    continue
                heapq.heappush(heap, (total + w, rank, u, next(count), nxt))
        self.frontier = found
        return found

    def reach(self, grid: Grid) -> TurnsReach:
        """The answer so far as a :class:`TurnsReach`."""
        mg = self.graph
        return TurnsReach(self.start, mg.rules.unit_type, mg.rules.situation.side, self.turns, dict(self.turns_to),
                          dict(self.spent), dict(self.came_from), grid, mg)


def turn_layers(m: Map, start: Cell | str, situation: Situation | str | Unit | None = None,
                **keywords: Any) -> TurnLayers:
    """A :class:`TurnLayers` search for a unit, not yet advanced (see :func:`reach_in_turns`)."""
    cell, mg = query_graph(turn_layers, m, start, situation, keywords)
    return TurnLayers(mg, cell)


def reach_in_turns(m: Map, start: Cell | str, situation: Situation | str | Unit | None = None, *,
                   turns: int = 2, **keywords: Any) -> TurnsReach:
    """Cells a unit can end a move on within ``turns`` turns, each with the fewest turns needed
    (and, among routes with that few turns, the fewest points); one search per turn
    (:class:`TurnLayers`).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 8, 1, units=[('rifles', 'US', 'infantry', 'A1')])
    >>> r = reach_in_turns(m, "A1", turns=2)
    >>> r.labels()["D1"], r.labels()["G1"], "H1" in r.labels()
    (1, 2, False)
    """
    if turns < 0:
        raise MovementError(f"turns must be >= 0, got {turns}")
    cell, mg = query_graph(reach_in_turns, m, start, situation, keywords)
    layers = TurnLayers(mg, cell)
    while layers.turns < turns and not layers.settled:
        layers.advance()
    layers.turns = turns
    return layers.reach(m.grid)


def route_in_turns(m: Map, start: Cell | str, goal: Cell | str, situation: Situation | str | Unit | None = None,
                   *, max_turns: int = 6, **keywords: Any) -> TurnRoute:
    """The fewest-turns route to ``goal``: a :class:`TurnRoute`, one explained single move per
    turn (empty if the goal is not reachable within ``max_turns``). The search stops at the goal's turn; among equally
    cheap routes, each turn's end is chosen by the tie rule of :class:`TurnLayers` and each leg
    is :func:`~wartools.movement.search.cheapest`'s path.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 8, 1, units=[('rifles', 'US', 'infantry', 'A1')])
    >>> legs = route_in_turns(m, "A1", "F1")
    >>> len(legs), sum(leg.cost for leg in legs), legs[0].labels()[0], legs[-1].labels()[-1]
    (2, 5, 'A1', 'F1')
    """
    if max_turns < 0:
        raise MovementError(f"turns must be >= 0, got {max_turns}")
    cell, mg = query_graph(route_in_turns, m, start, situation, keywords)
    layers = TurnLayers(mg, cell)
    target = m.cell(goal)
    while target not in layers.turns_to and layers.turns < max_turns and not layers.settled:
        layers.advance()     # the turns after the goal's cannot change its route
    if target not in layers.turns_to:
        return TurnRoute(cell, target, max_turns, (), mg)
    ends = layers.reach(m.grid).route(target)
    return TurnRoute(cell, target, max_turns, tuple(cheapest(m, mg, a, b) for a, b in zip(ends, ends[1:])), mg)
