"""Several turns of movement: where can the unit be after N rounds or activations, and by which route?

A single move stops where the rules say it must (an enemy-controlled hex in
Combat Infantry 8.3, a building in Company of Heroes 4, a trench in Heroes of
Normandie); the next round the unit moves on from there. :func:`reach_in_turns`
searches move by move, breadth first, so every cell gets the fewest turns
needed to end a move on it; :func:`route_in_turns` returns one explained
:class:`~wartools.movement.PathResult` per turn.

Simplifications, stated: the other units stay where they are, and the mover's
own new position does not change hex control between its turns; a move that
ends in an enemy-occupied hex (an assault) does not continue.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools.grids.base import Cell, Grid
from wartools.movement.search import MovementError, cheapest, end_costs, resolve_graph

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit
    from wartools.movement.graph import MoveGraph
    from wartools.movement.results import PathResult


@dataclass(frozen=True)
class TurnsReach:
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


def reach_in_turns(m: Map, start: Cell | str, unit: str | Unit | None = None, *, turns: int = 2,
                   **situation: Any) -> TurnsReach:
    """Cells a unit can end a move on within ``turns`` turns, each with the fewest turns needed
    (and, among routes with that few turns, the fewest points).

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
    cell, mg = resolve_graph(m, start, unit, **situation)
    turns_to: dict[Cell, int] = {cell: 0}
    spent: dict[Cell, int] = {cell: 0}  # points over all turns, cheapest among fewest-turn routes
    came_from: dict[Cell, Cell] = {}
    frontier = [cell]
    for turn in range(1, turns + 1):
        for here in frontier:
            if here != cell and mg.rules.enemies_at(here):
                continue  # the move ended in an assault
            for there, cost in end_costs(mg, here, mg.allowance)[0].items():
                total = spent[here] + cost
                if there not in turns_to or (turns_to[there] == turn and total < spent[there]):
                    turns_to[there], spent[there], came_from[there] = turn, total, here
        frontier = [c for c, t in turns_to.items() if t == turn]
    return TurnsReach(cell, mg.rules.unit_type, mg.rules.situation.side, turns, turns_to, spent, came_from,
                      m.grid, mg)


def route_in_turns(m: Map, start: Cell | str, goal: Cell | str, unit: str | Unit | None = None, *,
                   max_turns: int = 6, **situation: Any) -> tuple[PathResult, ...]:
    """The fewest-turns route to ``goal``: one explained single move per turn (empty if the goal
    is not reachable within ``max_turns``).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 8, 1, units=[('rifles', 'US', 'infantry', 'A1')])
    >>> legs = route_in_turns(m, "A1", "F1")
    >>> len(legs), sum(leg.cost for leg in legs), legs[0].labels()[0], legs[-1].labels()[-1]
    (2, 5, 'A1', 'F1')
    """
    reach = reach_in_turns(m, start, unit, turns=max_turns, **situation)
    target = m.cell(goal)
    if target not in reach.turns_to:
        return ()
    ends = reach.route(target)
    graph = reach.graph
    if graph is None:  # reach_in_turns always records the graph it searched
        raise RuntimeError("reach_in_turns() returned no movement graph")
    return tuple(cheapest(m, graph, a, b) for a, b in zip(ends, ends[1:]))
