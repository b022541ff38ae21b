"""Examples for every ``wartools`` subcommand's ``--help``, run by the test suite.

Each leaf subcommand shows at least two examples that work from the repository's root
on the shipped maps and scenarios (``tests/test_cli_help.py`` runs them all, with
outputs sent to a temporary folder). ``import-vassal`` needs a module file the project
cannot ship; its examples are parsed, not run.
"""
from __future__ import annotations

import argparse

_CI = "maps/combat-infantry-river-crossing.yaml"
_COH = "maps/company-of-heroes-crossroads.yaml"
_HON = "maps/heroes-of-normandie-dog-red.yaml"
_SCEN = "scenarios/combat-infantry-saint-remy.yaml"
_POS = "scenarios/positions/combat-infantry-saint-remy.yaml"
_HON_SCEN = "scenarios/heroes-of-normandie-dog-red.yaml"

#: command path (``"odds combat-infantry"``) -> example command lines (without ``wartools``)
EXAMPLES: dict[str, tuple[str, ...]] = {
    "info": (f"info {_CI}", f"info {_HON} --json"),
    "render": (f"render {_CI} -o map.png --los C4 H8 --path B6 F11",
               f"render {_HON} -o map.svg --viewshed F7 --no-legend"),
    "los": (f"los {_CI} C4 H8", f"los {_COH} D3 D5 --unit mortar-team --indirect --json"),
    "viewshed": (f"viewshed {_COH} D4 --json", f"viewshed {_CI} C4 --range 3 --option night=true"),
    "reach": (f"reach {_HON} F7", f"reach {_CI} B6 --turns 2 --json"),
    "path": (f"path {_CI} B6 F11", f"path {_HON} F7 F3 --unit light-vehicle --alternatives 2"),
    "odds company-of-heroes": ("odds company-of-heroes --target infantry --health 4 --damage AP=3 --building",
                               "odds coh --target infantry --health 4 --damage AI=3 --damage AP=1 --json"),
    "odds combat-infantry": ("odds combat-infantry --dice 4 --firepower 2",
                             "odds ci --attackers rifle:4:3,rifle:3:3 --defenders rifle:3:3 --json"),
    "odds conflict-of-heroes": ("odds conflict-of-heroes --firepower 4 --defense 12 --terrain 2",
                                "odds conflict-of-heroes --firepower 5 --defense 13 --caps 2 --json"),
    "odds heroes-of-normandie": ("odds heroes-of-normandie --attack 3 --defense 5 --long-range",
                                 "odds hon --attack 3 --defense 5 --long-range --option long-range-penalty=1"),
    "games": ("games", "games combat-infantry --json"),
    "schema": ("schema map", "schema scenario --json"),
    "import-vassal": ("import-vassal MyGame.vmod --list", "import-vassal MyGame.vmod --board Main -o main.yaml"),
    "export": (f"export {_CI} --to tmj -o river.tmj", f"export {_HON} --to geojson -o dog-red.geojson"),
    "scenario": (f"scenario {_SCEN}", f"scenario {_HON_SCEN} --json"),
    "victory": (f"victory {_SCEN}", f"victory {_SCEN} --position {_POS} --json"),
    "threat": (f"threat {_SCEN} --side US", f"threat {_SCEN} --side German --position {_POS} --json"),
    "route": (f"route {_SCEN} us-in-1 H3", f"route {_SCEN} us-in-2 G8 --turns 3 --json"),
    "race": (f"race {_SCEN}", f"race {_HON_SCEN} --json"),
    "matrix": (f"matrix {_COH} -o crossroads.matrix.npz", f"matrix {_CI} -o river.npz --workers 2 --json"),
    "fireplan": (f"fireplan {_SCEN} --side US", f"fireplan {_SCEN} --side German --objective expected-hits --json"),
    "play": (f"play {_SCEN} --bots random,random --seed 7 -o game.yaml",
             f"play {_SCEN} --position {_POS} --bots random,random --seed 3 -o later.yaml --json"),
    "replay": ("replay game.yaml", "replay game.yaml --turn 2 --json"),
    "balance": (f"balance {_SCEN} --bots random,random --playouts 1 --seed 7",
                f"balance {_SCEN} --bots random,random --playouts 2 --seed 7 --workers 2 --json"),
    "luck": ("luck game.yaml", "luck game.yaml --json"),
}
#: the examples of ``wartools --help``
TOP_EXAMPLES = (f"los {_CI} C4 H8", "odds combat-infantry --dice 4 --firepower 2")
#: examples that need a file the project cannot ship (they are parsed, not run)
NOT_RUN = frozenset({"import-vassal"})
#: the game record the ``replay`` and ``luck`` examples read: the test first writes it with this
#: command line (the first ``play`` example)
RECORD_EXAMPLE = "game.yaml"


def add_examples(command: str, parser: argparse.ArgumentParser) -> None:
    """Put the examples of ``command`` at the end of its ``--help``."""
    examples = EXAMPLES.get(command)
    if not examples:
        return
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "examples:\n" + "\n".join(f"  wartools {e}" for e in examples)
