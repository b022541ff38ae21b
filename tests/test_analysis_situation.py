"""Issue 20, item 2: nothing in ``wartools.analysis`` asks an engine a question without the one
situation from the scenario, and nothing there decides a shot on its own (the game's attack
question does). Read from the source: every call of an engine query in the analysis modules
passes a situation, and no analysis module calls the LOS engine's line queries or the fire
rules' inner hooks."""
from __future__ import annotations

import ast
from pathlib import Path

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, threat_map

ANALYSIS = Path(__file__).resolve().parents[1] / "wartools" / "analysis"
#: the play engine and its bots ask the same engines about the same boards (issue 22)
PLAY = ANALYSIS.parent / "play"
#: engine queries that take a situation (wartools.los, wartools.movement)
QUERIES = {"evaluate", "line_of_sight", "viewshed", "dead_ground", "reachable", "path", "reach_in_turns",
           "route_in_turns", "turn_layers", "resolve", "resolve_graph", "alternatives"}
#: the engines' packages
ENGINES = ("wartools.los", "wartools.movement")
#: what only the game's attack question may do
FORBIDDEN = {"evaluate", "line_of_sight", "odds_inputs", "before_line", "after_line", "unseen", "line_situation",
             "judge"}


def _calls(path: Path) -> list[tuple[str, ast.Call]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            out.append((name, node))
    return out


def test_every_engine_query_in_the_analysis_passes_the_situation():
    checked = 0
    for path in sorted([*ANALYSIS.glob("*.py"), *PLAY.glob("*.py")]):
        engines = {a.asname or a.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(n, ast.ImportFrom) and (n.module or "").startswith(ENGINES) for a in n.names}
        for name, call in _calls(path):
            if name not in QUERIES or name not in engines or not isinstance(call.func, ast.Name):
                continue     # engine queries are names imported from the engines
            checked += 1
            given = [k.arg for k in call.keywords] + [ast.unparse(a) for a in call.args]
            assert any(g == "situation" or "situation" in str(g) for g in given), \
                f"{path.name}:{call.lineno}: {name}(...) without the board's situation"
    assert checked >= 9


def test_no_analysis_module_decides_a_shot_itself():
    for path in sorted(ANALYSIS.glob("*.py")):
        for name, call in _calls(path):
            assert name not in FORBIDDEN, f"{path.name}:{call.lineno}: {name} is the attack question's"


def test_the_scenario_situation_reaches_every_engine():
    """The scenario's options (night), teams and turn are the board's one situation."""
    s = tiny_scenario("combat-infantry", 5, 1, [("g", "German", "mg", "A1"), ("u", "US", "rifle", "E1")],
                      options={"night": True})
    b = Board.of(s)
    assert b.situation.night and b.situation.turn == 1 and ("night", True) in b.situation.settings
    assert b.situation.allies("US") == ("US",)
    assert threat_map(b, "US").at("D1").attackers == ()           # 3 hexes at night (10.3)
