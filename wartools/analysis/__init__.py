"""Scenario analysis: threat maps, least-exposed routes, fire plans, races to objectives and
set-up advice, composed from the engines' public API (:mod:`wartools.los`,
:mod:`wartools.movement`, each game's odds procedure) and the game's
:class:`~wartools.games.fire_rules.FireRules`; no rule is re-implemented here.

Every answer carries ``assumptions``: the assumed readings of the rules it rests on.
"""
from __future__ import annotations

from wartools.analysis.board import Board
from wartools.analysis.fireplan import Assignment, FirePlan, fire_plan
from wartools.analysis.race import Arrival, Race, race
from wartools.analysis.route import Route, RouteStep, least_exposed_route
from wartools.analysis.setup import CellAdvice, SetupAdvice, setup_advice
from wartools.analysis.sides import SidesOverview, SideView, sides_overview
from wartools.analysis.threat import ThreatCell, ThreatMap, threat_map

__all__ = ["Arrival", "Assignment", "Board", "FirePlan", "fire_plan", "Race", "race", "Route", "RouteStep", "ThreatCell", "ThreatMap", "least_exposed_route", "threat_map",
           "CellAdvice", "SetupAdvice", "setup_advice", "SideView", "SidesOverview", "sides_overview"]
