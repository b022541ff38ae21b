"""``wartools scenario`` and ``wartools victory``: what a scenario says, and where a game stands.

Each handler returns ``(answer, text)``: the JSON answer of docs/architecture.md's command
table (plus ``assumptions`` and details) and a human-readable text.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(); add_parsers(parser.add_subparsers())
>>> args = parser.parse_args(["victory", "scenarios/combat-infantry-saint-remy.yaml",
...                           "--position", "scenarios/positions/combat-infantry-saint-remy.yaml"])
>>> answer = args.handler(args)[0]
>>> answer["result"], answer["vp"], answer["controls"]["north-bridge"]
('US victory', {'US': 4, 'German': 3}, 'US')
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wartools.scenario import Scenario


def _load(args: argparse.Namespace) -> Scenario:
    from wartools.cli.common import configured
    from wartools.scenario import load_scenario

    return configured(load_scenario(args.scenario), args)


def _scenario(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.cli.common import with_picture
    from wartools.render.scenario import draw_scenario

    s = _load(args)
    return with_picture(args, lambda: draw_scenario(s), s.to_json(), s.text())


def _victory(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.scenario import end_turn, evaluate, load_position

    s = _load(args)
    p = load_position(args.position, s) if args.position else s.start()
    if args.end_turn:
        p = end_turn(s, p)
    r = evaluate(s, p)
    answer = r.to_json()
    if args.position:
        answer["position"] = args.position
    from wartools.cli.common import with_picture
    from wartools.render.scenario import draw_scenario

    return with_picture(args, lambda: draw_scenario(s, p), answer, r.text())


def add_parsers(subparsers: Any) -> None:
    """Add the ``scenario`` and ``victory`` subcommands."""
    from wartools.cli.common import add_picture_flag

    p = subparsers.add_parser("scenario", help="describe a scenario: forces, set-up, reinforcements, "
                                               "objectives, results")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    add_picture_flag(p, "the scenario at its set-up")
    p.set_defaults(handler=_scenario)
    p = subparsers.add_parser("victory", help="who controls each objective, VP and the result of a position")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--position", help="position file (wartools-position/1); default: the set-up")
    p.add_argument("--end-turn", action="store_true",
                   help="first play out the end of the current turn (captures, scoring, the clock)")
    add_picture_flag(p, "the position (forces, objective control, the result)")
    p.set_defaults(handler=_victory)
