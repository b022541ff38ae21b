"""wartools: analyse WWII tactical board wargames in Python and Jupyter.

Line of sight, movement planning and exact combat odds for Company of Heroes,
Combat Infantry: WestFront 1944-45, Conflict of Heroes: Storms of Steel and
Heroes of Normandie. The whole public API is here, flat::

    import wartools as wt
    m = wt.load_map("maps/combat-infantry-river-crossing.yaml")
    wt.line_of_sight(m, "C4", "H8")      # who sees whom, and why not
    wt.path(m, "B6", "F11")              # the cheapest path, step by step
    wt.odds("combat-infantry", dice=4, firepower=2)

Every function takes the map first, then cells, then keyword options; every
answer has ``to_json()``, ``text()`` and ``draw()`` and shows itself in a notebook.
Names are imported on first use, so ``import wartools`` stays light.

Examples
--------
>>> import wartools as wt
>>> m = wt.load_map("maps/combat-infantry-river-crossing.yaml")
>>> wt.line_of_sight(m, "C4", "H8").status
'blocked'
>>> wt.path(m, "B6", "F11").cost
13
>>> wt.odds("conflict-of-heroes", firepower=4, defense=12, terrain=2).answer["hit"]
Fraction(1, 6)
>>> sorted(set(wt.__all__) - set(dir(wt)))
[]
"""
from __future__ import annotations

import importlib
from typing import Any

from wartools.errors import GridError, MapError, UnknownGameError, WartoolsError
import wartools.games  # noqa: F401,E402 - registers the built-in games before any module looks one up

__version__ = "0.2.0"

#: public name -> "module:attribute" (imported lazily by __getattr__)
_API = {
    # maps
    "Map": "wartools.mapmodel:Map", "Unit": "wartools.mapmodel:Unit",
    "load_map": "wartools.mapmodel:load_map", "loads_map": "wartools.mapmodel:loads_map",
    "save_map": "wartools.mapmodel:save_map", "dumps_map": "wartools.mapmodel:dumps_map",
    # games and their options
    "Game": "wartools.rules:Game", "Option": "wartools.rules:Option",
    "Assumption": "wartools.rules:Assumption",
    "find_game": "wartools.rules:find_game", "game_ids": "wartools.rules:game_ids",
    "register_game": "wartools.rules:register", "unregister_game": "wartools.rules:unregister",
    # the situation of a question (side, unit, night, weather), common to every engine
    "Situation": "wartools.situation:Situation",
    # line of sight
    "line_of_sight": "wartools.los:line_of_sight", "viewshed": "wartools.los:viewshed",
    "visibility_matrix": "wartools.los:visibility_matrix", "dead_ground": "wartools.los:dead_ground",
    "LOSResult": "wartools.los:LOSResult", "LOSSituation": "wartools.los:LOSSituation",
    # movement
    "reach": "wartools.movement:reachable", "path": "wartools.movement:path",
    "alternatives": "wartools.movement:alternatives", "plan_turns": "wartools.movement:plan_turns",
    "reach_in_turns": "wartools.movement:reach_in_turns", "route_in_turns": "wartools.movement:route_in_turns",
    "why_unreachable": "wartools.movement:why_unreachable",
    "PathResult": "wartools.movement:PathResult", "Reach": "wartools.movement:Reach",
    "MoveSituation": "wartools.movement:MoveSituation",
    # combat
    "odds": "wartools.combat:odds", "OddsResult": "wartools.combat:OddsResult",
    "Dist": "wartools.dice:Dist",
    # balance from seeded playouts, and the luck of a played game
    "balance": "wartools.balance:balance", "iter_balance": "wartools.balance:iter_balance",
    "Balance": "wartools.balance:Balance", "Sequential": "wartools.balance:Sequential",
    "wilson": "wartools.balance:wilson",
    "luck": "wartools.play.luck:luck", "LuckReview": "wartools.play.luck:LuckReview",
    # playouts: the turn engine, records, bots
    "playout": "wartools.play:playout", "find_bot": "wartools.play:find_bot",
    "load_record": "wartools.play:load_record", "replay": "wartools.play:replay",
    # pictures
    "draw_map": "wartools.render:draw_map",
    # scenarios: load, evaluate, play the clock; their pictures
    "Scenario": "wartools.scenario:Scenario", "Position": "wartools.scenario:Position",
    "ScenarioError": "wartools.scenario:ScenarioError",
    "load_scenario": "wartools.scenario:load_scenario", "loads_scenario": "wartools.scenario:loads_scenario",
    "load_position": "wartools.scenario:load_position", "loads_position": "wartools.scenario:loads_position",
    "evaluate": "wartools.scenario:evaluate", "end_turn": "wartools.scenario:end_turn",
    "draw_scenario": "wartools.render.scenario:draw_scenario", "shade": "wartools.render:shade",
    # scenario analysis
    "threat_map": "wartools.analysis:threat_map", "least_exposed_route": "wartools.analysis:least_exposed_route",
    "fire_plan": "wartools.analysis:fire_plan", "race": "wartools.analysis:race",
    "setup_advice": "wartools.analysis:setup_advice", "sides_overview": "wartools.analysis:sides_overview",
    # the notebook widgets (ipywidgets is imported only when one is used)
    "LOSExplorer": "wartools.widgets:LOSExplorer", "MovePlanner": "wartools.widgets:MovePlanner",
    "OddsCalculator": "wartools.widgets:OddsCalculator", "MapEditor": "wartools.widgets:MapEditor",
    "ScanCalibrator": "wartools.widgets:ScanCalibrator", "ScenarioAnalyst": "wartools.widgets:ScenarioAnalyst",
    "ScenarioBoard": "wartools.widgets.scenario_board:ScenarioBoard",
}

__all__ = ["GridError", "MapError", "UnknownGameError", "WartoolsError", "__version__", *_API]


def __getattr__(name: str) -> Any:
    ref = _API.get(name)
    if ref is None:
        raise AttributeError(f"module 'wartools' has no attribute {name!r}")
    module, _, attr = ref.partition(":")
    value = getattr(importlib.import_module(module), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))
