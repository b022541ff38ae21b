"""What each side sees and reaches from a position: the first look at a scenario's set-up.

For every side: the cells its units see (the union of their viewsheds, the game's line-of-sight
rules asked with the board's situation), the cells they can reach this turn (the union of their
one-turn reaches, the game's movement rules), and which objectives fall in each. The contact
cells, where the first shots will come, are those one side sees and the other can reach.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> o = sides_overview(loads_scenario(EXAMPLE))
>>> [v.side for v in o.sides], o.of("US").objectives_seen
(['US', 'German'], ('bridge',))
>>> len(o.contact("German", "US")) <= len(o.of("German").seen)
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wartools.analysis.board import Board, assumptions_json
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell
from wartools.scenario import Position, Scenario


@dataclass(frozen=True)
class SideView:
    """What one side's units see and reach this turn, and the objectives among those cells."""

    side: str
    seen: frozenset[Cell]
    reached: frozenset[Cell]
    objectives_seen: tuple[str, ...]
    objectives_reached: tuple[str, ...]


@dataclass(frozen=True)
class SidesOverview:
    """Each side's :class:`SideView` of one position, in the scenario's side order."""

    board: Board = field(repr=False)
    sides: tuple[SideView, ...]
    assumptions: tuple[Assumption, ...] = ()

    def of(self, side: str) -> SideView:
        """The view of ``side`` (one line naming the valid sides otherwise)."""
        name = self.board.side(side)
        return next(v for v in self.sides if v.side == name)

    def contact(self, seeing: str, moving: str) -> frozenset[Cell]:
        """The cells ``seeing`` sees that ``moving`` can reach this turn."""
        return self.of(seeing).seen & self.of(moving).reached

    def to_json(self) -> dict[str, Any]:
        """``{"turn", "sides": {side: {"seen", "reached", "objectives_seen", "objectives_reached"}},
        "contact": {moving: {seeing: [cells]}}, "assumptions"}`` (cells as labels, in board order)."""
        lab, grid = self.board.map.label, self.board.map.grid

        def cells(cs: frozenset[Cell]) -> list[str]:
            return [lab(c) for c in sorted(cs, key=grid.to_offset)]

        return {"turn": self.board.position.turn,
                "sides": {v.side: {"seen": cells(v.seen), "reached": cells(v.reached),
                                   "objectives_seen": list(v.objectives_seen),
                                   "objectives_reached": list(v.objectives_reached)} for v in self.sides},
                "contact": {b.side: {a.side: cells(self.contact(a.side, b.side)) for a in self.sides if a is not b}
                            for b in self.sides},
                "assumptions": assumptions_json(self.assumptions)}

    def text(self, assumptions: bool = False) -> str:
        """One line per side (cells and objectives seen and reached), then the contact cells;
        ``assumptions``: the assumed readings under them."""
        turn = self.board.scenario.rules.turn_name
        lines = [f"{v.side}: sees {len(v.seen)} cells, objectives {', '.join(v.objectives_seen) or 'none'}; "
                 f"reaches {len(v.reached)} cells this {turn}, objectives {', '.join(v.objectives_reached) or 'none'}"
                 for v in self.sides]
        lines += [f"{b.side} can move into {len(self.contact(a.side, b.side))} cells that {a.side} sees"
                  for b in self.sides for a in self.sides if a is not b]
        if assumptions:
            lines += [a.text() for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """One map per side: what it sees, and what it reaches unseen (see
        :func:`wartools.render.analysis.draw_sides_overview`)."""
        from wartools.render.analysis import draw_sides_overview

        return draw_sides_overview(self, ax)

    def _repr_png_(self) -> bytes:
        from wartools.render import axes_png

        return axes_png(self.draw(), 100)


def sides_overview(scenario: Scenario | Board, *, position: Position | None = None) -> SidesOverview:
    """What each side's units see and reach this turn from ``position`` (default: the set-up)."""
    from wartools.los import viewshed
    from wartools.movement import reachable

    board = Board.of(scenario, position)
    s, m = board.scenario, board.map
    views: list[SideView] = []
    used: list[Assumption] = []
    for side in s.sides:
        seen: set[Cell] = set()
        reached: set[Cell] = set()
        for u in board.units_of(side):
            view = viewshed(m, u.cell, board.situation, unit=u.type, side=side)
            seen.update(view)
            used.extend(view.assumptions)
            reach = reachable(m, u.cell, board.situation, unit=u.id)
            reached.update(reach.costs)
            used.extend(reach.assumptions)
        views.append(SideView(side, frozenset(seen), frozenset(reached),
                              tuple(o.id for o in s.objectives if o.cell in seen),
                              tuple(o.id for o in s.objectives if o.cell in reached)))
    return SidesOverview(board, tuple(views), merge_assumptions(used, s.assumptions()))


__all__ = ["SideView", "SidesOverview", "sides_overview"]
