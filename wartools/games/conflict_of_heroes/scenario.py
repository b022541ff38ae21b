"""Conflict of Heroes firefights: rounds, CAPs, VP for kills and objectives, last-in-hex control.

- A firefight sheet sets the maps, the units and where they set up, each side's
  starting CAPs, the number of rounds and the victory conditions (Conflict of
  Heroes 1.0); a round ends when both players pass in a row (2.3).
- VP (2.4): destroying an opposing unit gives its VP at once (even if a player
  destroys his own unit, the opponent scores); controlling hexes and objectives
  gives VP in the firefight's scoring rounds. The highest total at the end wins;
  a tie means both players lose.
- Hex control (2.4): the last player to have had a ground unit alone in a hex
  controls it, even if the unit only moved through; with units of both sides in
  it the hex is contested and nobody controls it.

The firefight sheet gives each unit's VP value; the excerpt has no table, so one
VP per unit is an **assumption** unless the scenario sets ``vp.per_elimination``
or a unit's ``vp``. Which rounds score is the firefight's: a scenario lists
them (``score: [3, 5]``); without one, objectives score at the end (assumed).

Examples
--------
>>> from wartools.games import find_game
>>> r = find_game("conflict-of-heroes").scenario_rules()
>>> r.turn_name, sorted(r.resources)
('round', ['caps'])
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wartools.rules.scenario import ScenarioRules


class Rules(ScenarioRules):
    """Conflict of Heroes scenario policy: the neutral last-alone-in-the-hex control
    of :class:`~wartools.rules.scenario.ScenarioRules` is exactly rule 2.4."""

    turn_name: ClassVar[str] = "round"
    turn_rule: ClassVar[str] = "Conflict of Heroes 2.3"
    per_elimination: ClassVar[int] = 1
    per_elimination_rule: ClassVar[str] = "Conflict of Heroes 2.4 (each unit's value is on the firefight sheet)"
    per_elimination_assumed: ClassVar[bool] = True
    objective_scoring_rule: ClassVar[str] = "Conflict of Heroes 2.4 (scoring rounds are the firefight's)"
    objective_scoring_assumed: ClassVar[bool] = True
    control_on_path: ClassVar[bool] = True
    reads: ClassVar[tuple[str, ...]] = ("variable-ap",)
    resources: ClassVar[Mapping[str, str]] = {"caps": "Conflict of Heroes 1.0, 3.2 (starting CAPs)"}
    unit_state: ClassVar[Mapping[str, str]] = {"pins": "hit counters (suppressed, panicked ...)",
                                               "suppressed": "a hit counter that suppresses"}
