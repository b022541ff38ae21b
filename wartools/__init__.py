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
Names are imported on first use, so ``import wartools`` stays light: a plain import of the
module that holds them, in :func:`__getattr__` (python-chess's ``_repr_svg_`` imports
``chess.svg`` the same way), and ``dir(wartools)`` lists the API and nothing else.

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
from typing import Any as _Any

from wartools.errors import GridError, MapError, UnknownGameError, WartoolsError
# registers the built-in games before any module looks one up (docs/architecture.md, the registry)
import wartools.games as _games  # noqa: E402,F401

__version__ = "0.2.0"

# the public names, grouped by the module that holds them (imported on first use)
_MAPS = ("Map", "Unit", "load_map", "loads_map", "save_map", "dumps_map")
#: games and their options; the registry's register/unregister are offered as *_game
_RULES = ("Game", "Option", "Assumption", "find_game", "game_ids", "register_game", "unregister_game")
#: the situation of a question (side, unit, night, weather), common to every engine
_SITUATION = ("Situation",)
_LOS = ("line_of_sight", "viewshed", "visibility_matrix", "dead_ground", "coverage", "to_csv", "LOSResult",
        "LOSSituation")
#: ``reach`` is the movement engine's ``reachable``
_MOVEMENT = ("reach", "path", "alternatives", "plan_turns", "reach_in_turns", "route_in_turns", "why_unreachable",
             "PathResult", "Reach", "MoveSituation")
_COMBAT = ("odds", "OddsResult")
_DICE = ("Dist",)
#: scenarios: load, evaluate, play the clock
_SCENARIO = ("Scenario", "Position", "ScenarioError", "load_scenario", "loads_scenario", "load_position",
             "loads_position", "evaluate", "end_turn")
#: one position's questions
_ANALYSIS = ("threat_map", "least_exposed_route", "fire_plan", "race", "setup_advice", "sides_overview")
#: playouts: the turn engine, records, bots
_PLAY = ("playout", "find_bot", "load_record", "save_record", "replay")
#: the luck of a played game
_LUCK = ("luck", "LuckReview")
#: balance from seeded playouts
_BALANCE = ("balance", "iter_balance", "Balance", "Sequential", "wilson")
#: the teaching notebooks' lessons (worked examples and self-checks), and small maps in one line
_LESSONS = ("load_lesson",)
_TESTING = ("tiny_map",)
#: pictures
_RENDER = ("draw_map", "shade", "heat_cells")
_RENDER_SCENARIO = ("draw_scenario",)
#: the notebook widgets (ipywidgets is imported only when one is used)
_WIDGETS = ("LOSExplorer", "MovePlanner", "OddsCalculator", "MapEditor", "ScanCalibrator", "ScenarioAnalyst",
            "RecordPlayer")
_SCENARIO_BOARD = ("ScenarioBoard",)
#: public names spelt differently in their module
_RENAMED = {"reach": "reachable", "register_game": "register", "unregister_game": "unregister"}

__all__ = ["GridError", "MapError", "UnknownGameError", "WartoolsError", "__version__",
           *_MAPS, *_RULES, *_SITUATION, *_LOS, *_MOVEMENT, *_COMBAT, *_DICE, *_SCENARIO, *_ANALYSIS, *_PLAY,
           *_LUCK, *_BALANCE, *_LESSONS, *_TESTING, *_RENDER, *_RENDER_SCENARIO, *_WIDGETS, *_SCENARIO_BOARD]


def _home(name: str) -> _Any:
    """The module that holds the public ``name`` (imported here, on first use)."""
    if name in _MAPS:
        from wartools import mapmodel

        return mapmodel
    if name in _RULES:
        from wartools import rules

        return rules
    if name in _SITUATION:
        from wartools import situation

        return situation
    if name in _LOS:
        from wartools import los

        return los
    if name in _MOVEMENT:
        from wartools import movement

        return movement
    if name in _COMBAT:
        from wartools import combat

        return combat
    if name in _DICE:
        from wartools import dice

        return dice
    if name in _SCENARIO:
        from wartools import scenario

        return scenario
    if name in _ANALYSIS:
        from wartools import analysis

        return analysis
    if name in _PLAY:
        from wartools import play

        return play
    if name in _LUCK:
        from wartools.play import luck

        return luck
    if name in _BALANCE:
        from wartools import balancing

        return balancing
    if name in _LESSONS:
        from wartools.lessons import runner

        return runner
    if name in _TESTING:
        from wartools import testing

        return testing
    if name in _RENDER:
        from wartools import render

        return render
    if name in _RENDER_SCENARIO:
        from wartools.render import scenario as render_scenario

        return render_scenario
    if name in _WIDGETS:
        from wartools import widgets

        return widgets
    if name in _SCENARIO_BOARD:
        from wartools.widgets import scenario_board

        return scenario_board
    raise AttributeError(f"module 'wartools' has no attribute {name!r}")


def __getattr__(name: str) -> _Any:
    """The public ``name``, imported on first use and kept."""
    home = _home(name)
    value = getattr(home, _RENAMED.get(name, name))
    globals()[name] = value
    if name in _BALANCE:     # importing the package bound its name here: the function's it is
        globals()["balance"] = home.balance
    return value


def __dir__() -> list[str]:
    """The public API only (not the modules the package has imported, nor its helpers)."""
    return sorted(__all__)
