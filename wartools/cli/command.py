"""The ``wartools`` command line.

Each subcommand's handler takes the parsed arguments and returns
``(answer, text)``: a JSON-able dict (printed with ``--json``) and a
human-readable text. User errors (a :class:`~wartools.errors.WartoolsError`,
a missing file, a bad flag, a number beyond :mod:`wartools.limits`) print one
line on stderr and exit with status 2; an unexpected exception (a bug) prints
one line asking for a bug report and exits with status 3, never a traceback.
Analysis subcommands (``los``, ``viewshed``, ``reach``, ``path``, ``odds``) are
registered by their own modules through ``add_parsers``.

Examples
--------
>>> main(["info", "no-such-map.yaml"])
2
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from wartools import __version__, limits
from wartools.cli.common import add_option_flag
from wartools.cli.help import TOP_EXAMPLES, add_examples
from wartools.errors import WartoolsError, one_line
from wartools.rules import load_plugins

class UsageError(WartoolsError):
    """A bad command line."""


class _Parser(argparse.ArgumentParser):
    """The parser of ``wartools`` and of each of its subcommands.

    It keeps what the command line needs to know about itself, through argparse's public
    methods only: the flags each command defines (:attr:`flags`) and its subcommands
    (:attr:`commands`); and it bounds every integer and decimal option by :mod:`wartools.limits`
    as the option is added (``--turns 1e30`` or a 5,000-digit number is refused while parsing,
    before any work, in one line naming the option, the value and the limit)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        #: the option strings this parser defines (``--json``, ``--option`` ...)
        self.flags: set[str] = set()
        #: its subcommands, or ``None`` for a leaf command
        self.commands: argparse._SubParsersAction[Any] | None = None
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.flags.update(action.option_strings)
        if action.type is int:
            action.type = BoundedInt(limits.CLI_INTS.get(action.dest, limits.ANY_INT))
        elif action.type is float:
            action.type = _float_type
        return action

    def add_subparsers(self, **kwargs: Any) -> argparse._SubParsersAction[Any]:
        self.commands = super().add_subparsers(**kwargs)
        return self.commands

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("wartools").strip()
        raise UsageError(f"{command}: {message}" if command else message)


def _info(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.cli.common import configured
    from wartools.mapmodel import load_map

    m = configured(load_map(args.map), args)
    return m.to_json(), m.text()


def _render(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from wartools.cli.common import configured
    from wartools.los import line_of_sight, viewshed
    from wartools.mapmodel import load_map
    from wartools.movement import path, reachable
    from wartools.render import draw_map, save_figure
    from wartools.render.movement import draw_path_result

    m = configured(load_map(args.map), args)
    ax = draw_map(m, legend=not args.no_legend)
    overlays = []
    sight = {"unit": args.unit, "side": args.side}
    if args.los:          # each overlay is an answer asked of the engine, then drawn
        line_of_sight(m, args.los[0], args.los[1], **sight).draw(ax)
        overlays.append("los")
    if args.viewshed:
        viewshed(m, args.viewshed, **sight).draw(ax)
        overlays.append("viewshed")
    if args.reach:
        reachable(m, args.reach, args.unit, budget=args.budget, side=args.side).draw(ax)
        overlays.append("reach")
    if args.path:
        draw_path_result(path(m, args.path[0], args.path[1], args.unit, side=args.side), ax, title=True)
        overlays.append("path")
    out = save_figure(ax.figure, args.output)
    plt.close(ax.figure)
    return {"map": args.map, "output": str(out), "overlays": overlays}, f"wrote {out}"


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every installed subcommand."""
    load_plugins()
    parser = _Parser(prog="wartools", description="Analyse WWII tactical board wargame maps.",
                     epilog="examples:\n" + "".join(f"  wartools {e}\n" for e in TOP_EXAMPLES)
                            + "'wartools COMMAND --help' shows each command's options and examples.",
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"wartools {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("info", help="summarise a map file")
    p.add_argument("map", help="map file (YAML)")
    p.set_defaults(handler=_info)

    p = sub.add_parser("render", help="draw a map as PNG or SVG, with optional overlays")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("-o", "--output", required=True, help="picture to write (.png or .svg)")
    p.add_argument("--los", nargs=2, metavar=("A", "B"), help="draw the line of sight from A to B")
    p.add_argument("--viewshed", metavar="A", help="shade what can be seen from A")
    p.add_argument("--path", nargs=2, metavar=("A", "B"), help="draw the cheapest path from A to B")
    p.add_argument("--reach", metavar="A", help="shade where a unit at A can move this turn")
    p.add_argument("--unit", help="unit type for --los/--path/--reach")
    p.add_argument("--side", help="side for --path/--reach")
    p.add_argument("--budget", type=int, help="movement budget for --reach")
    p.add_argument("--no-legend", action="store_true", help="leave out the key to terrain and features")
    p.set_defaults(handler=_render)

    _add_commands(sub)

    for leaf in leaf_parsers(parser):
        add_examples(leaf.prog.removeprefix("wartools").strip(), leaf)
        if "--json" not in leaf.flags:
            leaf.add_argument("--json", action="store_true", help="print the answer as JSON")
        if "--option" not in leaf.flags:
            add_option_flag(leaf)
    return parser


def _add_commands(sub: argparse._SubParsersAction[Any]) -> None:
    """The subcommands answered by the other modules of :mod:`wartools.cli`, in ``--help``'s order."""
    from wartools.cli import analysis, interop, los, matrix, move, odds, play, scenario
    from wartools.cli import format as formats

    los.add_parsers(sub)
    move.add_parsers(sub)
    odds.add_parser(sub)
    formats.add_parsers(sub)
    interop.add_parsers(sub)
    scenario.add_parsers(sub)
    analysis.add_parsers(sub)
    matrix.add_parsers(sub)
    play.add_parsers(sub)


def leaf_parsers(parser: _Parser) -> list[_Parser]:
    """Every command below ``parser`` that has no subcommands of its own (``odds`` has one
    per game), in the order they were added."""
    if parser.commands is None:
        return [parser]
    return [leaf for p in dict.fromkeys(parser.commands.choices.values()) for leaf in leaf_parsers(p)]


@dataclass(frozen=True)
class BoundedInt:
    """The argparse ``type`` of an integer option: a whole number within ``limit``.

    Examples
    --------
    >>> BoundedInt(limits.TURNS)("3")
    3
    """

    limit: limits.IntLimit

    def __call__(self, text: str) -> int:
        try:
            return limits.parse_int("", text, self.limit)
        except limits.LimitError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None


def _float_type(text: str) -> float:
    try:
        return limits.parse_float("", text)
    except limits.LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _terminate(_signum: int, _frame: object) -> None:
    """SIGTERM (``kill``, a job scheduler's stop) is handled as Ctrl-C is: a long run keeps what it
    finished, shuts its worker processes down with it and exits 130."""
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    0: answered; 2: bad input (one line on stderr says what was wrong and what is valid);
    3: a bug in wartools (one line names the command and asks for a bug report; never a
    traceback); 130: interrupted (Ctrl-C, or SIGTERM, which is handled the same way).
    """
    if threading.current_thread() is not threading.main_thread():
        return _main(argv)
    before = signal.signal(signal.SIGTERM, _terminate)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGTERM, before)


def _main(argv: Sequence[str] | None) -> int:
    args: argparse.Namespace | None = None
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        _safe_streams()
        for i, word in enumerate(words):
            after = words[i - 1] if i and str(words[i - 1]).startswith("-") else ""
            where = f"argument {after}" if after else f"command-line word {i + 1}"
            limits.check_text(where, str(word), limits.MAX_ARG_CHARS)
            if "\x00" in str(word):  # no real command line holds one; file functions refuse it
                raise limits.LimitError(f"{where}: {limits.shown(str(word))} contains a NUL character")
        args = build_parser().parse_args(words)
        answer, text = args.handler(args)
        out = json.dumps(answer, indent=2) if getattr(args, "json", False) else text
    except WartoolsError as exc:
        _say(f"wartools: error: {exc}")
        return 2
    except OSError as exc:
        _say(f"wartools: error: {one_line(exc)}")
        return 2
    except KeyboardInterrupt:
        _say("wartools: interrupted")
        return 130
    except SystemExit as exc:  # --help and --version print and leave through SystemExit
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except Exception as exc:  # noqa: BLE001 - the last resort: never a traceback
        detail = one_line(exc)
        detail = detail if len(detail) <= 120 else detail[:117] + "..."
        _say(f"wartools: internal error in '{_command(args, words)}' ({type(exc).__name__}"
             f"{': ' + detail if detail else ''}); this is a bug in wartools: please report it, "
             "with the command line and the files it read")
        return 3
    try:
        print(out)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `wartools ... | head`: the reader left, which is fine
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
    return 0


def _command(args: argparse.Namespace | None, words: list[str]) -> str:
    """The subcommand being run (``odds combat-infantry``), for the last-resort message."""
    name = getattr(args, "command", None) or next((w for w in words if not w.startswith("-")), "")
    game = getattr(args, "odds_game", None)
    return one_line(f"wartools {name}{' ' + game if game else ''}".strip())[:80]


def _say(line: str) -> None:
    """Print one line on stderr (never raising: a closed stderr is not worth a traceback)."""
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass


def _safe_streams() -> None:
    """Characters the terminal cannot show are escaped rather than failing the answer."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                pass


