"""What every ``wartools`` subcommand shares: the ``--option NAME=VALUE`` flag and loading
the map it applies to.

A game option (an assumed reading a group reads differently, or a situation such as
night) is flipped for one command with ``--option name=value``, repeated as needed;
``wartools games GAME`` lists a game's options.

Examples
--------
>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_option_flag(p)
>>> args = p.parse_args(["--option", "night=true"])
>>> m = load_map_arg(argparse.Namespace(map="maps/combat-infantry-river-crossing.yaml", option=args.option))
>>> m.game.option("night")
True
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from wartools.rules import find_game, game_ids
from wartools.rules.options import parse_assignments

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules import Game
    from wartools.mapmodel import Map


def _options_help() -> str:
    lines = []
    for gid in game_ids():
        names = [o.name for o in find_game(gid).options]
        if names:
            lines.append(f"{gid}: {', '.join(names)}")
    return ("set a game option for this command (repeatable); " + "; ".join(lines)
            + " (wartools games GAME explains each)")


def unit_help(what: str) -> str:
    """Help for a ``--unit``-like flag: what it is, then the valid unit types of every game."""
    per_game = "; ".join(f"{gid}: {', '.join(find_game(gid).unit_types.names)}" for gid in game_ids())
    return f"{what}; valid: {per_game}"


def add_option_flag(p: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to a subcommand's parser."""
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_options_help())


def game_arg(game: str | Game, args: argparse.Namespace) -> Game:
    """The game ``game`` with the command line's ``--option`` values applied."""
    return find_game(game).with_options(**parse_assignments(getattr(args, "option", None) or []))


def load_map_arg(args: argparse.Namespace, field: str = "map") -> Map:
    """Load ``args.<field>`` and apply the command line's ``--option`` values to its game."""
    from wartools.mapmodel import load_map

    m = load_map(getattr(args, field))
    values: dict[str, Any] = parse_assignments(getattr(args, "option", None) or [])
    return m.with_options(**values) if values else m
