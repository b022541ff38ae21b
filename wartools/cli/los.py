"""``wartools los`` and ``wartools viewshed``: line of sight from the command line.

Handlers return ``(answer, text)``; ``answer`` is the JSON of docs/architecture.md:
``los`` -> ``{"from", "to", "visible", "status", "reasons": [{"where", "contact", "rule"}]}``,
``viewshed`` -> ``{"from", "visible": [labels]}``; both add ``assumptions``.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_parsers(parser.add_subparsers())
>>> args = parser.parse_args(["los", "maps/company-of-heroes-crossroads.yaml", "A1", "A2"])
>>> answer, text = args.handler(args)
>>> sorted(answer)
['assumptions', 'from', 'reasons', 'status', 'to', 'visible']
"""
from __future__ import annotations

import argparse
from typing import Any

from wartools.cli.common import unit_help
from wartools.errors import WartoolsError


class LOSArgumentError(WartoolsError):
    """A bad ``los``/``viewshed`` argument."""


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {"unit": args.unit, "side": getattr(args, "side", None),
                            "range": args.range, "night": args.night or None,
                            "indirect": args.indirect or None,
                            "spotting": getattr(args, "spotting", False) or None,
                            "observer_height": getattr(args, "height", None)}
    if getattr(args, "target", None):
        opts["target"] = args.target
    if getattr(args, "fire", False):
        opts["mode"] = "fire"
    if opts["range"] is not None and opts["range"] < 0:
        raise LOSArgumentError(f"--range must be >= 0, got {opts['range']}")
    return {k: v for k, v in opts.items() if v is not None}


def _los(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.los import line_of_sight
    from wartools.cli.common import configured
    from wartools.mapmodel import load_map

    m = configured(load_map(args.map), args)
    result = line_of_sight(m, args.a, args.b, **_options(args))
    return result.to_json(), result.text()


def _viewshed(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.los import viewshed
    from wartools.cli.common import configured
    from wartools.mapmodel import load_map

    answer = viewshed(configured(load_map(args.map), args), args.a, **_options(args))
    return answer.to_json(), answer.text()


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--unit", help=unit_help("observer's unit type (default: the unit on the start cell)"))
    p.add_argument("--side", help="observer's side (default: the side of the unit on the start cell)")
    p.add_argument("--range", type=int, help="maximum range in cells (default: the game's normal range)")
    p.add_argument("--night", action="store_true", help="night scenario limits")
    p.add_argument("--indirect", action="store_true", help="HE / bombardment (indirect fire)")
    p.add_argument("--height", type=int, help="extra levels for the observer (tower, hill counter)")
    p.add_argument("--spotting", action="store_true",
                   help="spotting ranges instead of the unit's range (Combat Infantry 6.61: 3 hexes, "
                        "4 when the spotter is higher)")


def add_parsers(subparsers: Any) -> None:
    """Add the ``los`` and ``viewshed`` subcommands."""
    p = subparsers.add_parser("los", help="can A see B, and why (not)?")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("a", metavar="A", help="observer's cell label")
    p.add_argument("b", metavar="B", help="target's cell label")
    p.add_argument("--target", help=unit_help("target's unit type (default: the unit on the target cell)"))
    p.add_argument("--fire", action="store_true", help="a line of fire (friendly units may block)")
    _common(p)
    p.set_defaults(handler=_los)
    p = subparsers.add_parser("viewshed", help="every cell visible from A")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("a", metavar="A", help="observer's cell label")
    _common(p)
    p.set_defaults(handler=_viewshed)
