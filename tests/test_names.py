"""Names with one meaning each (issue 21, docs/architecture.md "Names with one meaning"): the
options a rule reads are its ``reads``, the per-question movement switches are ``switches``,
``options`` is only the game's declarations, and assumptions are always ``Assumption``s."""
from __future__ import annotations

import ast
from pathlib import Path

from wartools.games import find_game, game_ids
from wartools.rules import Assumption

ROOT = Path(__file__).resolve().parents[1]
#: the old spellings of "the options this rule reads" and of the movement switches
OLD = {"OPTIONS", "MOVE_OPTIONS", "option_names", "CAP_OPTIONS"}


def test_no_rule_spells_what_it_reads_the_old_ways():
    found = []
    for path in sorted((ROOT / "wartools").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = (node.targets if isinstance(node, ast.Assign) else
                       [node.target] if isinstance(node, ast.AnnAssign) else [])
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {t.id}" for t in targets
                      if isinstance(t, ast.Name) and t.id in OLD]
    assert found == []


def test_every_rule_of_every_game_reads_declared_options_and_answers_in_assumptions():
    for gid in game_ids():
        g = find_game(gid)
        declared = {o.name for o in g.options}
        mover = g.movement_rules()
        assert "options" not in vars(mover), (gid, "movement switches are MovementRules.switches")
        rules = (g.los_policy(), mover, g.fire_rules(), g.scenario_rules(), g.turn_rules())
        for r in rules:
            assert set(r.reads) <= declared, (gid, type(r).__name__, set(r.reads) - declared)
        assert set(mover.switches) <= declared
        said = g.scenario_rules().assumptions()
        assert all(isinstance(a, Assumption) for a in said)
