"""``RecordPlayer(record)``: step through a played game on the scenario board.

The positions come from replaying the record (:func:`wartools.play.replay.steps`: every action
again, with its recorded dice), the picture from the scenario board
(:class:`~wartools.widgets.scenario_board.ScenarioBoard`, drawn by
:func:`wartools.render.scenario.draw_scenario`), the words from the record: each action with
its rolls (faces, exact chance, outcome against expectation) and what happened.

Every control is a plain method (:meth:`RecordPlayer.go`, :meth:`RecordPlayer.next`,
:meth:`RecordPlayer.previous`, :meth:`RecordPlayer.to_turn`) that tests call directly.

Examples
--------
>>> from wartools.scenario import load_scenario
>>> from wartools.play import playout
>>> r = playout(load_scenario("scenarios/combat-infantry-saint-remy.yaml"), ["random", "random"], seed=4)
>>> player = RecordPlayer(r, live=False)
>>> player.index, player.position == r.initial
(0, True)
>>> player.to_turn(2).position == r.position_after(2)
True
>>> player.go(len(player.steps) - 1).position == r.final
True
"""
from __future__ import annotations

import html
import ipywidgets as w

from wartools.dice import fraction_str
from wartools.play.engine import Action
from wartools.play.record import Record
from wartools.play.replay import steps
from wartools.scenario import Position, evaluate
from wartools.widgets.scenario_board import ScenarioBoard


class RecordPlayer:
    """Widget: a record's positions one action at a time, on the scenario board.

    State tests read: :attr:`index` (the step shown: 0 is the start), :attr:`position`,
    :attr:`action` (the action that led there, ``None`` at the start) and :attr:`steps`.
    """

    def __init__(self, record: Record, figsize: tuple[float, float] | None = None, live: bool = True) -> None:
        self.record = record
        self.steps: tuple[tuple[Action | None, Position], ...] = steps(record)
        self.index = 0
        self.board = ScenarioBoard(record.scenario, self.steps[0][1], figsize=figsize, live=live)
        self.slider = w.IntSlider(value=0, min=0, max=len(self.steps) - 1, description="action",
                                  continuous_update=False)
        self.slider.observe(lambda change: self.go(int(change["new"])), names="value")
        back, forward = w.Button(description="previous"), w.Button(description="next")
        back.on_click(lambda _b: self.previous())
        forward.on_click(lambda _b: self.next())
        self.text = w.HTML()
        self.widget = w.VBox([w.HBox([back, self.slider, forward]), self.board.canvas.view, self.text])
        self._show()

    @property
    def position(self) -> Position:
        """The position shown."""
        return self.steps[self.index][1]

    @property
    def action(self) -> Action | None:
        """The action that led to the position shown (``None`` at the start)."""
        return self.steps[self.index][0]

    def go(self, index: int) -> RecordPlayer:
        """Show the position after step ``index`` (0: the start), clamped to the record."""
        self.index = max(0, min(int(index), len(self.steps) - 1))
        if self.slider.value != self.index:
            self.slider.value = self.index
        self._show()
        return self

    def next(self) -> RecordPlayer:
        """One action on."""
        return self.go(self.index + 1)

    def previous(self) -> RecordPlayer:
        """One action back."""
        return self.go(self.index - 1)

    def to_turn(self, turn: int) -> RecordPlayer:
        """Show the position at the end of ``turn`` (the last action of it)."""
        last = 0
        for i, (a, _p) in enumerate(self.steps):
            if a is not None and a.turn <= turn:
                last = i
        return self.go(last)

    def describe(self) -> str:
        """What the step shown is, in words: the action, its rolls and the victory state."""
        a = self.action
        lines = [f"step {self.index} of {len(self.steps) - 1}"]
        if a is None:
            lines.append(f"the start of {self.record.scenario.name}")
        else:
            lines.append(a.text())
            for r in a.rolls:
                lines.append(f"roll {list(r.faces)}: {r.what}: chance {fraction_str(r.p)}, outcome "
                             f"{fraction_str(r.value)} against {float(r.expected):.3f} expected ({r.rule})")
        v = evaluate(self.record.scenario, self.position)
        lines.append(f"{v.result or 'no result'} ({'final' if v.over else 'if the game ended now'}); VP "
                     + ", ".join(f"{k} {n}" for k, n in v.vp.items()))
        return "\n".join(lines)

    def _show(self) -> None:
        self.board.position = self.position
        self.board.result = evaluate(self.record.scenario, self.position)
        self.text.value = "<pre>" + html.escape(self.describe()) + "</pre>"
        if self.board.live:
            self.board.redraw()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"<RecordPlayer {self.record.scenario.name!r} step {self.index} of {len(self.steps) - 1}>"


__all__ = ["RecordPlayer"]
