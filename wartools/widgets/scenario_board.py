"""``ScenarioBoard(scenario)``: play a scenario on the map and watch victory change.

Pick a unit (a click on it, or the dropdown), then click where it goes: the
legal moves come from :mod:`wartools.movement` (the unit's allowance for one
turn, with every other unit on the board); an illegal move is refused with the
reason. A waiting reinforcement enters on one of its entry cells from its entry
turn on. "End turn" plays out the end of the turn (captures, scoring, the
clock) with :func:`wartools.scenario.end_turn`, and the victory state below the
map is recomputed after every action with :func:`wartools.scenario.evaluate`.

Every action is a plain method (:meth:`ScenarioBoard.select`,
:meth:`ScenarioBoard.move`, :meth:`ScenarioBoard.enter`,
:meth:`ScenarioBoard.end_turn`, :meth:`ScenarioBoard.on_cell`) that returns
what happened, so tests and notebooks drive the board without a mouse.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.mapmodel import Map
from wartools.scenario import Position, Scenario, UnitState, check_position, evaluate, record_control
from wartools.scenario import end_turn as _end_turn
from wartools.widgets.canvas import MapCanvas, readable_figsize
from wartools.widgets.common import error, pre

NOBODY = "(no unit)"
NOWHERE = "(pick a unit)"


@dataclass(frozen=True)
class Action:
    """What one board action did: ``ok`` and a sentence (the reason when refused)."""

    ok: bool
    text: str


class _ScenarioCanvas(MapCanvas):
    """A map canvas that draws the scenario at the board's current position."""

    def __init__(self, board: ScenarioBoard, live: bool = True, **kw: Any) -> None:
        self.board = board
        self._skip_first = not live
        super().__init__(board.map_at(), **kw)

    def redraw(self) -> None:
        if self._skip_first:  # MapCanvas draws once on construction; a board that is not live waits
            self._skip_first = False
            return
        from wartools.render.scenario import draw_scenario

        self.map = self.board.map_at()  # the position's units, for the hover line too
        self.reset_frame()
        self.ax.clear()
        draw_scenario(self.board.scenario, self.board.position, self.ax)
        if self.draw_overlays is not None:
            self.draw_overlays(self.ax, self.map)
        self.show()


class ScenarioBoard:
    """Widget: a scenario's board, its units, the clock and the victory state.

    State tests read: :attr:`position` (the current :class:`~wartools.scenario.Position`),
    :attr:`selected` (a unit id or ``None``), :attr:`legal` (cell -> movement cost for
    the selected unit), :attr:`result` (the last :class:`~wartools.scenario.VictoryResult`)
    and :attr:`log` (one :class:`Action` per action).
    """

    def __init__(self, scenario: Scenario, position: Position | None = None,
                 figsize: tuple[float, float] | None = None, live: bool = True) -> None:
        self.scenario = scenario
        #: redraw the picture after every action (``False``: only on :meth:`redraw`, for scripts and tests)
        self.live = live
        self.position = position or scenario.start()
        self.selected: str | None = None
        self.legal: dict[Cell, int] = {}
        self.log: list[Action] = []
        self.result = evaluate(scenario, self.position)
        self.unit = w.Dropdown(options=self._unit_options(), value=NOBODY, description="unit")
        self._syncing = False
        self.unit.observe(self._picked, names="value")
        #: where the selected unit goes (its legal moves or entry cells); a click on the map does the same
        self.destination = w.Dropdown(options=[NOWHERE], value=NOWHERE, description="to")
        self.go_button = w.Button(description="move", disabled=True)
        self.go_button.on_click(lambda _b: self._go())
        self.end_button = w.Button(description=f"end {scenario.rules.turn_name}")
        self.end_button.on_click(lambda _b: self.end_turn())
        self.message = w.HTML()
        self.info = w.HTML()
        self.canvas = _ScenarioCanvas(self, draw=self._draw, on_cell=self.on_cell, live=live,
                                      figsize=figsize or readable_figsize(scenario.map))
        self.widget = w.VBox([w.HBox([self.unit, self.destination, self.go_button, self.end_button]),
                              self.message, self.canvas.view, self.info])
        self._show()

    # --- plain logic --------------------------------------------------------------------
    def map_at(self) -> Map:
        """The map with the current position's units on it."""
        return self.scenario.map_at(self.position)

    def _unit_options(self) -> list[str]:
        s, p = self.scenario, self.position
        waiting = set(p.waiting(s))
        return [NOBODY, *(u.id for u in s.units() if u.id in p.units or u.id in waiting)]

    def select(self, unit_id: str | None) -> Action:
        """Select a unit (``None``: nothing) and work out where it may move or enter."""
        from wartools import movement

        s, p = self.scenario, self.position
        self.selected, self.legal = unit_id, {}
        if unit_id is None:
            return self._done(Action(True, "no unit selected"))
        if unit_id in p.units:
            board = self.map_at()
            reach = movement.reachable(board, board.unit(unit_id).cell, board.unit(unit_id))
            self.legal = dict(reach.costs)
            return self._done(Action(True, f"{unit_id}: {len(self.legal)} cells within {reach.budget} "
                                           f"{reach.points}"))
        if unit_id in p.waiting(s):
            u = s.unit(unit_id)
            turn = u.enters.turn if u.enters else 1
            if p.turn < turn:
                return self._done(Action(True, f"{unit_id} enters on {s.rules.turn_name} {turn}"))
            self.legal = {c: 0 for c in s.entry_cells(u)}
            return self._done(Action(True, f"{unit_id} may enter on {len(self.legal)} cells"))
        return self._done(Action(False, f"{unit_id} is not on the board"))

    def move(self, unit_id: str, where: Cell | str) -> Action:
        """Move a unit on the board to ``where``, if the movement rules allow it this turn."""
        from wartools import movement

        s, p = self.scenario, self.position
        target = s.map.cell(where)
        label = s.map.label(target)
        if p.ended:
            return self._done(Action(False, "the game is over"))
        if unit_id not in p.units:
            return self._done(Action(False, f"{unit_id} is not on the board"))
        if self.selected != unit_id:
            self.select(unit_id)
        if target not in self.legal:
            board = self.map_at()
            u = board.unit(unit_id)
            result = movement.path(board, u.cell, target, u)
            if not result.reachable:
                why = result.why_not or "no path"
            else:
                why = f"it costs {result.cost} {result.points}, the allowance is {result.allowance}"
            return self._done(Action(False, f"{unit_id} cannot move to {label}: {why}"))
        board = self.map_at()
        u = board.unit(unit_id)
        path = movement.path(board, u.cell, target, u)
        units = {**p.units, unit_id: p.units[unit_id].replace(cell=target)}
        moved = record_control(s, p.replace(units=MappingProxyType(units)), u.side, tuple(path.cells))
        return self._apply(moved, f"{unit_id} moves to {label} ({path.cost} {path.points})")

    def enter(self, unit_id: str, where: Cell | str) -> Action:
        """Bring a waiting reinforcement onto one of its entry cells."""
        s, p = self.scenario, self.position
        target = s.map.cell(where)
        label = s.map.label(target)
        if unit_id not in p.waiting(s):
            return self._done(Action(False, f"{unit_id} is not waiting to enter"))
        u = s.unit(unit_id)
        turn = u.enters.turn if u.enters else 1
        if p.turn < turn:
            return self._done(Action(False, f"{unit_id} cannot enter before {s.rules.turn_name} {turn}"))
        if target not in s.entry_cells(u):
            cells = ", ".join(s.map.label(c) for c in s.entry_cells(u))
            return self._done(Action(False, f"{unit_id} cannot enter on {label}: its entry cells are {cells}"))
        units = {**p.units, unit_id: UnitState(unit_id, target, steps=u.steps
                                               if "steps" in s.rules.unit_state else None, tags=u.tags)}
        return self._apply(record_control(s, p.replace(units=MappingProxyType(units)), u.side, (target,)),
                           f"{unit_id} enters on {label}")

    def end_turn(self) -> Action:
        """Play out the end of the turn and advance the clock."""
        before = self.position.turn
        self.position = _end_turn(self.scenario, self.position)
        self.selected, self.legal = None, {}
        turn_name = self.scenario.rules.turn_name
        text = (f"{turn_name} {before} ends; the game is over" if self.position.ended
                else f"{turn_name} {before} ends; {turn_name} {self.position.turn} begins")
        return self._done(Action(True, text))

    def on_cell(self, cell: Cell) -> Action:
        """A click: select the unit there, or move / bring in the selected unit."""
        p = self.position
        here = [uid for uid, st in p.units.items() if st.cell == cell]
        if self.selected is not None and cell in self.legal:
            if self.selected in p.units:
                return self.move(self.selected, cell)
            return self.enter(self.selected, cell)
        if here:
            return self.select(here[-1])
        if self.selected is not None:
            if self.selected in p.units:
                return self.move(self.selected, cell)
            return self.enter(self.selected, cell)
        return self._done(Action(False, f"no unit on {self.scenario.map.label(cell)}"))

    # --- wiring -------------------------------------------------------------------------
    def _picked(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.select(None if change["new"] == NOBODY else change["new"])

    def _go(self) -> Action | None:
        """The *move* button: the selected unit to the cell chosen under *to*."""
        label = self.destination.value
        if self.selected is None or label == NOWHERE:
            return None
        return self.on_cell(self.scenario.map.cell(label.split(" ")[0]))

    def _destinations(self) -> list[str]:
        """The *to* choices: each legal cell with its cost (or the entry cells), cheapest first."""
        if not self.legal:
            return [NOWHERE]
        m, entering = self.scenario.map, self.selected not in self.position.units
        cells = sorted(self.legal, key=lambda c: (self.legal[c], m.grid.to_offset(c)))
        return [m.label(c) + ("" if entering else f" ({self.legal[c]})") for c in cells]

    def _apply(self, candidate: Position, text: str) -> Action:
        try:
            self.position = check_position(self.scenario, candidate)
        except WartoolsError as exc:
            return self._done(Action(False, f"refused: {exc.reason if hasattr(exc, 'reason') else exc}"))
        self.selected, self.legal = None, {}
        return self._done(Action(True, text))

    def _done(self, action: Action) -> Action:
        self.log.append(action)
        self.result = evaluate(self.scenario, self.position)
        self._show(action)
        return action

    def _show(self, action: Action | None = None) -> None:
        if action is not None:
            self.message.value = pre(action.text) if action.ok else error(action.text)
        self.info.value = pre(self.result.text())
        options = self._unit_options()
        want = self.selected if self.selected in options else NOBODY
        self._syncing = True
        try:
            if list(self.unit.options) != options:
                self.unit.options = options
            if self.unit.value != want:
                self.unit.value = want
            destinations = self._destinations()
            if list(self.destination.options) != destinations:
                self.destination.options = destinations
        finally:
            self._syncing = False
        self.go_button.disabled = self.destination.value in (NOWHERE, None)
        self.go_button.description = "enter" if self.selected in self.position.waiting(self.scenario) else "move"
        self.end_button.disabled = self.position.ended
        if self.live:
            self.canvas.redraw()

    def redraw(self) -> None:
        """Draw the board as it stands now."""
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import annotate_cells, shade

        if self.legal:
            shade(ax, m, list(self.legal), "legal-move", gid="legal")
            annotate_cells(ax, m, self.legal, gid="legal-cost")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


__all__ = ["Action", "ScenarioBoard"]
