"""Scenarios: map, forces, set-up, clock, objectives and graded victory; positions of play.

A :class:`Scenario` is what a scenario card, firefight sheet or mission says
(``wartools-scenario/1`` files); a :class:`Position` is where a game stands
(``wartools-position/1`` files). :func:`evaluate` says who controls each
objective, the VP per side and the result, following the game's own control
rules (asked of its :class:`~wartools.rules.scenario.ScenarioRules`);
:func:`end_turn` scores a turn and advances the clock.

Examples
--------
>>> from wartools.scenario import loads_scenario, evaluate
>>> from wartools.scenario.model import EXAMPLE
>>> s = loads_scenario(EXAMPLE)
>>> [u.id for u in s.sides["US"].reinforcements], evaluate(s).result
(['us-2'], 'German victory')
"""
from __future__ import annotations

from wartools.rules.scenario import Control, ScenarioRules
from wartools.scenario.conditions import Condition, Facts
from wartools.scenario.files import (check_position, dumps_position, dumps_scenario, load_position, load_scenario,
                                     loads_position, loads_scenario, position_to_dict, save_position,
                                     save_scenario, scenario_to_dict)
from wartools.scenario.model import (Entry, ForceUnit, Level, Objective, Position, Scenario, Side, UnitState,
                                     Victory, edge_cells)
from wartools.scenario.validate import ScenarioError
from wartools.scenario.victory import VictoryResult, end_turn, evaluate, objective_control, record_control

__all__ = ["Condition", "Control", "Entry", "Facts", "ForceUnit", "Level", "Objective", "Position", "Scenario",
           "ScenarioError", "ScenarioRules", "Side", "UnitState", "Victory", "VictoryResult",
           "check_position", "dumps_position", "dumps_scenario", "edge_cells", "end_turn", "evaluate",
           "load_position", "load_scenario", "loads_position", "loads_scenario", "objective_control",
           "position_to_dict", "record_control", "save_position", "save_scenario", "scenario_to_dict"]
