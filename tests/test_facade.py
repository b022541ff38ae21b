"""``import wartools as wt`` is the whole public API (issue 21): maps, games, line of sight,
movement, odds, scenarios and positions, victory, the analysis questions, playouts, luck and
balance, pictures and widgets, flat; ``dir(wt)`` lists exactly that API, and importing the
package stays light."""
from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

import wartools as wt

ROOT = Path(__file__).resolve().parents[1]

#: the API, pinned: adding or removing a public name is a deliberate change of this list
API = [
    # errors and version
    "GridError", "MapError", "UnknownGameError", "WartoolsError", "__version__",
    # maps
    "Map", "Unit", "dumps_map", "load_map", "loads_map", "save_map",
    # games and their options
    "Assumption", "Game", "Option", "find_game", "game_ids", "register_game", "unregister_game",
    # the situation of a question
    "Situation",
    # line of sight
    "LOSResult", "LOSSituation", "coverage", "dead_ground", "line_of_sight", "to_csv", "viewshed", "visibility_matrix",
    # movement
    "MoveSituation", "PathResult", "Reach", "alternatives", "path", "plan_turns", "reach", "reach_in_turns",
    "route_in_turns", "why_unreachable",
    # odds
    "Dist", "OddsResult", "odds",
    # scenarios, positions and victory
    "Position", "Scenario", "ScenarioError", "end_turn", "evaluate", "load_position", "load_scenario",
    "loads_position", "loads_scenario",
    # one position's questions
    "fire_plan", "least_exposed_route", "race", "setup_advice", "sides_overview", "threat_map",
    # playouts, records, bots; luck; balance
    "find_bot", "load_record", "playout", "replay", "save_record",
    "LuckReview", "luck",
    "Balance", "Sequential", "balance", "iter_balance", "wilson",
    # lessons; small maps in one line
    "load_lesson", "tiny_map",
    # pictures and widgets
    "draw_map", "draw_scenario", "heat_cells", "shade",
    "LOSExplorer", "MapEditor", "MovePlanner", "OddsCalculator", "RecordPlayer", "ScanCalibrator", "ScenarioAnalyst",
    "ScenarioBoard",
]


def test_dir_lists_the_api_and_nothing_else():
    assert dir(wt) == sorted(API)
    assert sorted(wt.__all__) == sorted(API)


def test_every_name_resolves_to_what_its_module_holds():
    from wartools import analysis, los, movement, play, rules, scenario

    for name in API:
        assert getattr(wt, name) is not None, name
    assert wt.reach is movement.reachable and wt.register_game is rules.register
    assert wt.load_scenario is scenario.load_scenario and wt.threat_map is analysis.threat_map
    assert wt.line_of_sight is los.line_of_sight and wt.playout is play.playout
    assert callable(wt.balance) and not isinstance(wt.balance, types.ModuleType)


def test_no_facade_name_is_a_module_of_the_package():
    """Python sets a package's submodules as its attributes when they are imported: a facade
    name spelt like a module of wartools (the function ``wt.balance`` beside a package
    ``wartools.balance``, as it once was) would turn into that module once anything imports it."""
    import pkgutil

    import wartools

    modules = {m.name for m in pkgutil.iter_modules(wartools.__path__)}
    assert modules & set(wartools.__all__) == set()


def test_balance_is_the_function_whatever_was_imported_first():
    code = ("import wartools.balancing, wartools.play, wartools.analysis, wartools as wt; "
            "print(callable(wt.balance), type(wt.balance).__name__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split() == ["True", "function"]


def test_the_package_holds_no_public_helper_names():
    """Besides the API, only the package's submodules (set by Python's import system) are public."""
    import wartools

    extra = [n for n, v in vars(wartools).items() if not n.startswith("_") and n not in API
             and not isinstance(v, types.ModuleType)]
    assert extra == []


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'load_mpa'"):
        wt.load_mpa  # noqa: B018


def test_import_wartools_stays_light():
    code = ("import sys, wartools; print(sorted(m for m in ('numpy', 'matplotlib', 'networkx', 'shapely', "
            "'ipywidgets', 'dask') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
