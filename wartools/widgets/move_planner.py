"""``MovePlanner(map)``: where can this unit get to, by which path, in how many turns?

Thin wiring over :mod:`wartools.movement`: the reachable area with its costs,
the cheapest path with the cost and reason of every step, the split into
turns and the cheapest alternatives; with ``turns`` above 1, where the unit can
be after that many turns, and a route over several turns when one move cannot
get to the goal (a hex where the move must stop is on the way). Click the map to set the start, then the
goal (with ``%matplotlib widget``), or use the dropdowns.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.mapmodel import Map
from wartools.widgets.canvas import MapCanvas, beside_the_map
from wartools.widgets.common import NONE, cell_options, error, pre
from wartools.widgets.export import ExportBar

FROM_MAP = "(unit on start)"


class MovePlanner:
    """Widget: unit type, side, start, goal and budget in; reach, path and turn plan out.

    State the tests (and curious users) can read: :attr:`reach` (the last
    :class:`~wartools.movement.Reach`), :attr:`result` (the last
    :class:`~wartools.movement.PathResult` or ``None``), :attr:`plan`,
    :attr:`alternatives` and :attr:`history` (one entry per update).
    """

    def __init__(self, m: Map, start: str | None = None, goal: str | None = None, unit: str | None = None,
                 side: str | None = None, budget: int = 0, turns: int = 1, figsize: tuple[float, float] | None = None) -> None:
        import wartools.movement as movement

        self.map, self._movement = m, movement
        first = start or (m.label(m.units[0].cell) if m.units else m.label(m.grid.cells()[0]))
        self.start = w.Dropdown(options=cell_options(m), value=first, description="start")
        self.goal = w.Dropdown(options=cell_options(m, blank=True), value=goal or NONE, description="goal")
        self.unit = w.Dropdown(options=[FROM_MAP, *m.game.unit_types.names], value=unit or FROM_MAP,
                               description="unit")
        self.side = w.Dropdown(options=[FROM_MAP, *m.sides()], value=side or FROM_MAP, description="side")
        self.budget = w.BoundedIntText(value=budget, min=0, max=99, description="budget (0 = allowance)",
                                       style={"description_width": "initial"},
                                       tooltip="0: the unit's normal allowance for one turn")
        self.turns = w.BoundedIntText(value=turns, min=1, max=9, description="turns",
                                      tooltip="more than 1: where the unit can be after that many turns")
        self.night = w.Checkbox(value=False, description="night", indent=False)
        self.click_sets = w.ToggleButtons(options=["start", "goal"], value="start", description="click sets")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.reach: Any = None
        self.result: Any = None
        self.plan: Any = None
        self.alternatives: tuple[Any, ...] = ()
        self.turns_reach: Any = None
        self.legs: Sequence[Any] = ()
        self.canvas = MapCanvas(m, draw=self._draw, on_cell=self.on_cell, figsize=figsize)
        self._quiet = False  # set while one change of the start sets other controls too
        self.start.observe(self._carry_unit, names="value")  # before the layout's observer: runs first
        controls = [self.start, self.goal, self.unit, self.side, self.budget, self.turns, self.night]
        self.export_bar = ExportBar(self.canvas, self.answer, default="movement.png")
        self.widget = beside_the_map(self.canvas, controls, self.click_sets, self.update, self.info,
                                     self.export_bar.widget)
        self.update()

    # --- plain logic --------------------------------------------------------------------
    def situation(self) -> dict[str, Any]:
        """Keyword arguments for :mod:`wartools.movement` from the controls."""
        kw: dict[str, Any] = {"night": self.night.value}
        if self.side.value != FROM_MAP:
            kw["side"] = self.side.value
        return kw

    def unit_type(self) -> str | None:
        return None if self.unit.value == FROM_MAP else self.unit.value

    def answer(self) -> dict[str, Any]:
        """What is on screen as JSON data (what the export button writes beside the picture)."""
        return {"map": self.map.name, "start": self.start.value,
                "goal": None if self.goal.value == NONE else self.goal.value,
                "unit": self.unit_type(), "budget": self.budget.value or None, "situation": self.situation(),
                "reach": None if self.reach is None else self.reach.to_json(),
                "path": None if self.result is None else self.result.to_json(),
                "turn_plan": None if self.plan is None else self.plan.to_json(),
                "alternatives": [r.to_json() for r in self.alternatives],
                "route_in_turns": [leg.to_json() for leg in self.legs]}

    def on_cell(self, cell: Cell) -> None:
        """A click on ``cell``: set the start or the goal, as the toggle says."""
        target = self.start if self.click_sets.value == "start" or not self.canvas.interactive else self.goal
        target.value = self.map.label(cell)
        if self.click_sets.value == "start":
            self.click_sets.value = "goal"

    def _carry_unit(self, change: dict[str, Any]) -> None:
        """A start moved off the unit standing there (to a cell nobody stands on) keeps planning for
        that unit: its type and side go into the unit and side controls (instead of an error
        saying nobody stands on the new start)."""
        old, new = (self.map.units_at(self.map.cell(change[k])) for k in ("old", "new"))
        if not old or new:
            return
        self._quiet = True
        try:
            if self.unit.value == FROM_MAP and old[0].type in self.unit.options:
                self.unit.value = old[0].type
            if self.side.value == FROM_MAP and old[0].side in self.side.options:
                self.side.value = old[0].side
        finally:
            self._quiet = False

    def update(self) -> None:
        """Recompute the reach, path, plan and alternatives and redraw."""
        if self._quiet:
            return
        mv, kw = self._movement, self.situation()
        entry: dict[str, Any] = {"start": self.start.value, "goal": self.goal.value}
        try:
            self.reach = mv.reachable(self.map, self.start.value, self.unit_type(),
                                      budget=self.budget.value or None, **kw)
            self.result = self.plan = self.turns_reach = None
            self.alternatives = self.legs = ()
            text = [self.reach.text().splitlines()[0]]
            if self.turns.value > 1:
                self.turns_reach = mv.reach_in_turns(self.map, self.start.value, self.unit_type(),
                                                     turns=self.turns.value, **kw)
                text.append(f"within {self.turns.value} turns: {len(self.turns_reach.turns_to)} cells")
            if self.goal.value != NONE:
                self.result = mv.path(self.map, self.start.value, self.goal.value, self.unit_type(), **kw)
                text.append(self.result.text())
                if self.result.reachable:
                    self.plan = mv.plan_turns(self.result)
                    text += ["turn plan:", self.plan.text()]
                    self.alternatives = tuple(
                        r for r in mv.alternatives(self.map, self.start.value, self.goal.value,
                                                   self.unit_type(), k=3, **kw)
                        if r.cells != self.result.cells)
                    if self.alternatives:
                        text.append("other paths:")
                        text += [f"  {r.cost}: {' '.join(r.labels())}" for r in self.alternatives]
                else:  # a single move cannot get there: perhaps several turns can
                    self.legs = mv.route_in_turns(self.map, self.start.value, self.goal.value,
                                                  self.unit_type(), max_turns=max(self.turns.value, 6), **kw)
                    if self.legs:
                        text.append(f"in {len(self.legs)} turns:")
                        text += [f"  turn {i}: {' -> '.join(leg.labels())} ({leg.cost} {leg.points})"
                                 for i, leg in enumerate(self.legs, 1)]
            self.info.value = pre("\n".join(text))
            entry.update(reachable=len(self.reach.costs),
                         cost=self.result.cost if self.result is not None else None)
        except WartoolsError as exc:
            self.reach = self.result = self.plan = None
            self.info.value = error(str(exc))
            entry["error"] = str(exc)
        self.history.append(entry)
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import annotate_cells, draw_path, heat_cells, shade
        from wartools.render.style import REACH_CMAP

        if self.reach is None:
            return
        if self.turns_reach is not None:
            heat_cells(ax, m, self.turns_reach.turns_to, cmap=REACH_CMAP, gid="reach-turns")
            annotate_cells(ax, m, self.turns_reach.turns_to, gid="reach-turns-count")
            shade(ax, m, [self.reach.start], "start", gid="reach-start")
        else:
            self.reach.draw(ax)
        if self.result is not None and self.result.reachable:
            draw_path(ax, m, self.result.cells, gid="move-path", meaning="path")
        elif self.legs:
            for leg in self.legs:
                draw_path(ax, m, leg.cells, gid="move-path", meaning="path")
        elif self.result is not None:
            shade(ax, m, [self.result.goal], "unreachable", gid="unreachable-goal")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
