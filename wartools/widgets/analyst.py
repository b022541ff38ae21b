"""``ScenarioAnalyst(scenario, position)``: ask the analysis questions of a scenario on its board.

Thin wiring over :mod:`wartools.analysis`: pick a side and a question (threat, route, fire plan,
race, set-up); the answer is drawn over the scenario (:mod:`wartools.render.analysis`) and
explained below it. Clicking a cell (``%matplotlib widget``; otherwise the cell dropdown) lists
the attackers that can fire there (threat), sets the goal of the route, or shows that cell's
set-up advice. :meth:`ScenarioAnalyst.set_position` (e.g. after moving units on a
:class:`~wartools.widgets.scenario_board.ScenarioBoard`) recomputes the answer.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.scenario import Position, Scenario
from wartools.widgets.canvas import MapCanvas, readable_figsize
from wartools.widgets.common import NONE, cell_options, error, pre

QUESTIONS = ("threat", "route", "fire plan", "race", "set-up")


class _AnalystCanvas(MapCanvas):
    """A map canvas whose picture is the current answer's drawing."""

    def __init__(self, analyst: ScenarioAnalyst, **kw: Any) -> None:
        self.analyst = analyst
        super().__init__(analyst.board.map, on_cell=analyst.on_cell, **kw)

    def redraw(self) -> None:
        self.reset_frame()
        self.ax.clear()
        self.analyst.draw(self.ax)
        self.show()


class ScenarioAnalyst:
    """Widget: side, question, unit and cell in; the analysis answer drawn and explained out.

    State for tests and users: :attr:`answer` (the last answer object: a
    :class:`~wartools.analysis.ThreatMap`, :class:`~wartools.analysis.Route`,
    :class:`~wartools.analysis.FirePlan`, :class:`~wartools.analysis.Race` or
    :class:`~wartools.analysis.SetupAdvice`), :attr:`cell` (the last cell picked) and
    :attr:`info` (the explanation shown).
    """

    def __init__(self, scenario: Scenario, position: Position | None = None, *, side: str | None = None,
                 question: str = "threat", figsize: tuple[float, float] | None = None) -> None:
        from wartools.analysis import Board

        self.scenario = scenario
        self.board = Board.of(scenario, position)
        self.answer: Any = None
        self.cell: Cell | None = None
        sides = list(scenario.sides)
        self.side = w.Dropdown(options=sides, value=side or sides[0], description="side")
        self.question = w.ToggleButtons(options=list(QUESTIONS), value=question, description="question")
        self.unit = w.Dropdown(options=self._units(), description="unit")
        self.moving = w.Checkbox(value=False, description="attackers may move first", indent=False)
        self.turns = w.BoundedIntText(value=2, min=1, max=max(1, scenario.turns), description="turns")
        self.pick = w.Dropdown(options=cell_options(self.board.map, blank=True), value=NONE, description="cell")
        self.info = w.HTML()
        self.canvas = _AnalystCanvas(self, figsize=figsize or readable_figsize(scenario.map))
        for control in (self.side, self.question, self.moving, self.turns):
            control.observe(self._changed, names="value")
        self.unit.observe(self._changed, names="value")
        self.pick.observe(self._picked, names="value")
        self.update()

    # --- state ------------------------------------------------------------------------
    def _units(self) -> list[str]:
        side = getattr(self, "side", None)
        name = side.value if side is not None else next(iter(self.scenario.sides))
        return [u.id for u in self.board.units_of(name)] or [NONE]

    def set_position(self, position: Position) -> None:
        """Analyse another position of the same scenario (units moved, eliminated ...)."""
        from wartools.analysis import Board

        self.board = Board.of(self.scenario, position)
        self.canvas.map = self.board.map
        self.unit.options = self._units()
        self.update()

    def on_cell(self, cell: Cell) -> None:
        """A click (or the cell dropdown): the threat there, the route's goal, or the set-up advice."""
        self.cell = cell
        label = self.board.map.label(cell)
        if self.pick.value != label:
            self.pick.value = label   # observes back into on_cell via _picked, once
            return
        self.update()

    def _picked(self, change: dict[str, Any]) -> None:
        if change["new"] != NONE:
            self.cell = self.board.map.cell(change["new"])
            self.update()

    def _changed(self, change: dict[str, Any]) -> None:
        if change.get("owner") is self.side:
            self.unit.options = self._units()
        self.update()

    # --- answers ------------------------------------------------------------------------
    def compute(self) -> Any:
        """The answer to the current question (no drawing)."""
        from wartools.analysis import fire_plan, least_exposed_route, race, setup_advice, threat_map

        q, side, b = self.question.value, self.side.value, self.board
        if q == "threat":
            return threat_map(b, side, moving=self.moving.value)
        if q == "route":
            if self.unit.value == NONE or self.cell is None:
                return None
            return least_exposed_route(b, self.unit.value, self.cell, turns=self.turns.value)
        if q == "fire plan":
            return fire_plan(b, side)
        if q == "race":
            return race(b)
        kind = b.unit(self.unit.value).type if self.unit.value != NONE else None
        return setup_advice(b, side, kind)

    def explain(self) -> str:
        """The text under the picture: the answer, focused on the picked cell where that helps."""
        a, q = self.answer, self.question.value
        if a is None:
            return "pick a unit and click its goal" if q == "route" else ""
        if q == "threat" and self.cell is not None:
            t = a.at(self.cell)
            lines = [f"{self.board.map.label(self.cell)}: P(hit) {t.p_hit} ({float(t.p_hit):.3f}), "
                     f"expected hits {t.expected}"]
            for x in t.attacks:
                lines.append(f"  {x.attacker}: P(hit) {x.p_hit}, expected {x.expected}, inputs {dict(x.inputs)}")
            return "\n".join(lines if t.attacks else [lines[0] + " - no enemy can fire here"])
        if q == "set-up" and self.cell is not None:
            for i, c in enumerate(a.cells):
                if c.cell == self.cell:
                    return (f"{self.board.map.label(c.cell)}: rank {i + 1} of {len(a.cells)}; sees "
                            f"{', '.join(c.objectives) or 'no objective'}; covers {len(c.covered)} approach cells; "
                            f"threat {float(c.threat):.3f}")
        text: str = a.text()
        return text

    def update(self) -> None:
        """Recompute, redraw and explain (errors are shown, not raised)."""
        try:
            self.answer = self.compute()
            text = self.explain()
            self.info.value = pre(text)
        except WartoolsError as exc:
            self.answer = None
            self.info.value = error(str(exc))
        self.canvas.redraw()

    def draw(self, ax: Any) -> Any:
        """Draw the current answer (or the bare scenario) on ``ax``."""
        from wartools.render.analysis import draw_cells, draw_route_answer, draw_setup, draw_threat
        from wartools.render.scenario import draw_scenario

        a, q, b = self.answer, self.question.value, self.board
        if a is None:
            return draw_scenario(b.scenario, b.position, ax, setup=False)
        if q == "threat":
            draw_threat(a, ax)
            if self.cell is not None and a.at(self.cell).attacks:
                draw_cells(ax, b.map, [b.unit(x).cell for x in a.at(self.cell).attackers], "attacker",
                           gid="attackers")
            return ax
        if q == "route":
            return draw_route_answer(a, ax)
        if q == "set-up":
            return draw_setup(a, ax)
        ax = draw_scenario(b.scenario, b.position, ax, setup=False)
        if q == "fire plan":
            draw_cells(ax, b.map, [b.unit(x.target).cell for x in a.assignments], "target", gid="targets")
        else:
            draw_cells(ax, b.map, [o.cell for o in b.scenario.objectives], "objective", gid="objectives")
        return ax

    @property
    def view(self) -> w.Widget:
        """The whole widget."""
        return w.VBox([w.HBox([self.side, self.unit, self.turns, self.moving]), self.question, self.pick,
                       self.canvas.view, self.info])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)


__all__ = ["QUESTIONS", "ScenarioAnalyst"]
