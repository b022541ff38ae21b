"""The ``wartools odds GAME ...`` subcommand, generated from each game's combat procedures.

Each registered game gets a sub-parser whose flags are its
:class:`~wartools.rules.odds.OddsProcedure` parameters, so the command line, the
odds widget and :func:`wartools.odds` offer the same inputs. Probabilities are exact
fraction strings (``"64/81"``); expectations are fraction strings with a ``*_float``
companion; ``assumptions`` lists the assumed readings the answer rests on.

Examples
--------
>>> import argparse
>>> from wartools.cli.odds import add_parser
>>> parser = argparse.ArgumentParser(prog="wartools")
>>> add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["odds", "conflict-of-heroes", "--firepower", "4", "--defense", "12",
...                           "--terrain", "2"])
>>> answer, text = args.handler(args)
>>> answer["hit"]
'1/6'
"""
from __future__ import annotations

import argparse
from typing import Any

from wartools.cli.common import add_option_flag, configured
from wartools.errors import WartoolsError
from wartools.rules import find_game, game_ids
from wartools.rules.odds import Param

__all__ = ["add_parser", "run_odds"]


def run_odds(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """Answer an ``odds`` command: ``(JSON-able answer, human-readable text)``."""
    from wartools.combat import odds

    game_id = getattr(args, "odds_game", None)
    if game_id is None:
        raise WartoolsError(f"odds needs a game; valid: {', '.join(game_ids())}")
    game = configured(find_game(game_id), args)
    inputs = {p.name: getattr(args, p.name) for p in game.odds_procedure().params}
    result = odds(game, **inputs)
    return result.to_json(), result.text()


def _add(p: argparse.ArgumentParser, param: Param) -> None:
    if param.kind == "bool":
        p.add_argument(param.flag, action="store_true", help=param.help)
    elif param.kind == "multi":
        p.add_argument(param.flag, action="append", help=param.help, metavar=param.name.upper())
    else:
        bounds = ""
        if param.kind == "int" and param.minimum is not None and param.maximum is not None:
            bounds = f" [{param.minimum}..{param.maximum}]"
        default = f" (default {param.default})" if param.default not in (None, False) else ""
        p.add_argument(param.flag, type=str, default=None, metavar="N" if param.kind == "int" else "TEXT",
                       help=param.help + bounds + default + (" (required)" if param.required else ""))


def add_parser(subparsers: Any) -> None:
    """Add the ``odds`` parser, with one sub-parser per registered game (and its aliases)."""
    odds = subparsers.add_parser("odds", help="exact combat odds for one game",
                                 description="Exact combat odds; probabilities as fractions.")
    odds.set_defaults(handler=run_odds)
    games = odds.add_subparsers(dest="odds_game_name", metavar="GAME")
    games.required = True
    for gid in game_ids():
        game = find_game(gid)
        try:
            proc = game.odds_procedure()
        except (ImportError, AttributeError):
            continue          # a game without combat procedures has no odds command
        p = games.add_parser(gid, aliases=list(game.aliases), help=proc.summary, description=proc.summary)
        p.set_defaults(odds_game=gid)
        for param in proc.params:
            _add(p, param)
        add_option_flag(p)
