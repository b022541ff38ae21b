"""Heroes of Normandie scenarios: turns, deployment zones, reinforcement groups, control
at the end of the supply phase, graded victories.

- A scenario page gives who has the initiative, the number of turns, the
  deployment zones, the objectives, when reinforcement groups enter and through
  which marked squares, and graded results (minor, normal, major victory); a
  game can stop early when a condition holds at the end of a supply phase
  (Heroes of Normandie scenario pages, 6.1).
- Objectives are controlled at the end of the supply phase (scenario pages:
  "control both Secondary Objectives at the end of a Supply phase").

The excerpt does not define control itself. The **assumption** (option
``control-persists``) is the common one: at the end of a supply phase a side
with units on an objective and no enemy there takes it, and keeps it until the
enemy takes it; the other reading keeps it only while occupied. Destroyed units
give no VP unless a scenario says so (the pages grade by objectives).

Examples
--------
>>> from wartools.games import find_game
>>> r = find_game("hon").with_options(control_persists=False).scenario_rules()
>>> r.assumptions()[0].reading
'house rule: control-persists = false (the book is read as: an objective is taken ...)'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from wartools.rules.scenario import Control, ScenarioRules
from wartools.grids.base import Cell

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit


class Rules(ScenarioRules):
    """Heroes of Normandie scenario policy; see the module docstring."""

    turn_name: ClassVar[str] = "turn"
    turn_rule: ClassVar[str] = "Heroes of Normandie scenario pages"
    per_elimination_rule: ClassVar[str] = "Heroes of Normandie scenario pages (victory by objectives)"
    objective_scoring_rule: ClassVar[str] = "Heroes of Normandie scenario pages"
    control_at_end_of_turn: ClassVar[bool] = True
    reads: ClassVar[tuple[str, ...]] = ("control-persists",)
    unit_state: ClassVar[Mapping[str, str]] = {"suppressed": "Suppressed marker", "health": "wounds"}

    def control(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, Control]:
        """Control as recorded at the last end of a supply phase."""
        return self.recorded_control(cells, recorded, "{side} took it at the end of a supply phase",
                                     "nobody controlled it at the end of the last supply phase")

    def capture(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, str | None]:
        """Control after the end of a supply phase (see the module docstring)."""
        persists = self.option("control-persists")
        out: dict[Cell, str | None] = {}
        for c in cells:
            sides = {u.side for u in units if u.cell == c}
            if len(sides) == 1:
                out[c] = next(iter(sides))
            else:  # nobody there, or both sides: kept (or lost) as the reading says
                out[c] = recorded.get(c) if persists else None
        return out
