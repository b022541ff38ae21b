"""What every ``wartools`` subcommand shares: the ``--option NAME=VALUE`` flag, applied by one
function to whatever the command loaded (a game, a map, a scenario), and flag help written
from the games' own declarations.

A game option (an assumed reading a group reads differently, or a situation such as
night) is flipped for one command with ``--option name=value``, repeated as needed;
``wartools games GAME`` lists a game's options.

Examples
--------
>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_option_flag(p)
>>> args = p.parse_args(["--option", "night=true"])
>>> from wartools.mapmodel import load_map
>>> configured(load_map("maps/combat-infantry-river-crossing.yaml"), args).game.option("night")
True
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from wartools.rules import find_game, game_ids
from wartools.rules.options import parse_assignments

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules import Game


def _options_help() -> str:
    """Short: which options apply depends on the file's game, so the help points to the one list
    that matters (every game's 100-odd option names filled a screen of every --help)."""
    return ("set a game option for this command (repeatable); the options of the file's game: "
            f"wartools games GAME (GAME: {', '.join(game_ids())})")


def unit_help(what: str) -> str:
    """Help for a ``--unit``-like flag: what it is, then the valid unit types of every game."""
    per_game = "; ".join(f"{gid}: {', '.join(find_game(gid).unit_types.names)}" for gid in game_ids())
    return f"{what}; valid: {per_game}"


def add_option_flag(p: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to a subcommand's parser."""
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_options_help())


class Configurable(Protocol):
    """Anything with game options: a :class:`~wartools.rules.Game`, a map, a scenario."""

    def with_options(self, **values: Any) -> Self: ...


C = TypeVar("C", bound=Configurable)


def configured(thing: C, args: argparse.Namespace) -> C:
    """``thing`` (a game, a map or a scenario the command loaded) with the command line's
    ``--option`` values applied: the one place a command's options are parsed and applied."""
    values: dict[str, Any] = parse_assignments(getattr(args, "option", None) or [])
    return thing.with_options(**values) if values else thing


def per_game_help(what: str, describe: Callable[[Game], str | None]) -> str:
    """Help for a flag some games read: ``what``, then what each game that reads it says
    (``describe(game)``: ``None`` for a game that does not), taken from the games themselves.

    Examples
    --------
    >>> per_game_help("a night scenario", lambda g: g.option_spec("night").section
    ...               if "night" in g.settings else None)
    'a night scenario (combat-infantry: Combat Infantry 10.3)'
    """
    said = [f"{gid}: {text}" for gid in game_ids() if (text := describe(find_game(gid)))]
    return f"{what} ({'; '.join(said)})" if said else f"{what} (no game reads it)"


def seconds(text: str) -> float:
    """A ``--timeout`` value: seconds, more than 0 and at most :data:`wartools.limits.MAX_TIMEOUT`."""
    from wartools import limits

    try:
        value = limits.parse_float("", text)
    except limits.LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 0 < value <= limits.MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{limits.shown(text)} is outside the limit 0..{limits.MAX_TIMEOUT:g} "
                                         "(seconds)")
    return value


def add_executor_flags(p: argparse.ArgumentParser, work: str) -> None:
    """Where ``work`` (tiles, playouts) runs: ``--workers``, ``--executor``, ``--address``, ``--timeout``,
    the same flags for every command that runs on processes or Dask."""
    p.add_argument("--workers", type=int, help=f"worker processes for the {work} (default: this process "
                   "alone; with --executor dask, the LocalCluster's workers, default 2)")
    p.add_argument("--executor", choices=("inline", "processes", "dask"),
                   help=f"where the {work} run: here, on --workers local processes, or on Dask (a LocalCluster "
                        "started for the run, or the scheduler at --address)")
    p.add_argument("--address", help="a running Dask scheduler (tcp://host:port; see 'dask scheduler' and "
                                     "docs/playouts.md)")
    p.add_argument("--timeout", type=seconds, default=10.0,
                   help="seconds to reach the scheduler and get a first worker (default 10, at most 600)")


def add_picture_flag(p: argparse.ArgumentParser, what: str) -> None:
    """Add ``-o/--output PICTURE`` (optional): also draw ``what`` to a PNG or SVG file."""
    p.add_argument("-o", "--output", metavar="PICTURE", help=f"also draw {what} to this file (.png or .svg)")


def with_picture(args: argparse.Namespace, draw: Callable[[], Any], answer: dict[str, Any],
                 text: str) -> tuple[dict[str, Any], str]:
    """The command's answer, and with ``-o`` the picture ``draw()`` makes (an axes) written
    atomically to that file (a bad output name is refused in one line before drawing)."""
    if not getattr(args, "output", None):
        return answer, text
    import matplotlib.pyplot as plt

    from wartools.mapmodel.atomic import output_target
    from wartools.render import save_figure

    output_target(args.output)
    ax = draw()
    try:
        out = save_figure(ax.figure, args.output)
    finally:
        plt.close(ax.figure)
    return {**answer, "output": str(out)}, f"{text}\nwrote {out}"
