"""``wartools threat``, ``route``, ``race`` and ``fireplan``: scenario analysis on the command line.

Each handler returns ``(answer, text)``: the JSON answer of docs/architecture.md's command table (plus
``assumptions`` and details) and a human-readable text. Bad input (an unknown side, unit,
cell or file) is one line and exit status 2.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(); add_parsers(parser.add_subparsers())
>>> args = parser.parse_args(["threat", "scenarios/combat-infantry-saint-remy.yaml", "--side", "US"])
>>> answer = args.handler(args)[0]
>>> answer["side"], sorted(answer["cells"]["A1"])
('US', ['attackers', 'expected_hits', 'p_hit'])
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wartools.analysis import Board


def _board(args: argparse.Namespace) -> Board:
    from wartools.analysis import Board
    from wartools.cli.common import configured
    from wartools.scenario import load_position, load_scenario

    s = configured(load_scenario(args.scenario), args)
    p = load_position(args.position, s) if getattr(args, "position", None) else None
    return Board.of(s, p)


def _threat(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.analysis import threat_map

    from wartools.cli.common import with_picture

    t = threat_map(_board(args), args.side, target=args.target, moving=args.moving)
    return with_picture(args, t.draw, t.to_json(), t.text())


def _route(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.analysis import least_exposed_route

    from wartools.cli.common import with_picture

    r = least_exposed_route(_board(args), args.unit, args.goal, turns=args.turns)
    return with_picture(args, r.draw, r.to_json(), r.text())


def _race(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.analysis import race

    r = race(_board(args))
    return r.to_json(), r.text(assumptions=args.assumptions)


def _fireplan(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.analysis import fire_plan

    r = fire_plan(_board(args), args.side, target=args.target, objective=args.objective)
    return r.to_json(), r.text()


def add_parsers(subparsers: Any) -> None:
    """Add the analysis subcommands."""
    from wartools.cli.common import add_picture_flag

    p = subparsers.add_parser("threat", help="risk to a unit of a side on every cell: who can fire there, "
                                             "P(hit) and expected hits")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--side", required=True, help="the side whose unit would stand on the cells")
    p.add_argument("--position", help="position file (wartools-position/1); default: the set-up")
    p.add_argument("--target", help="unit type standing on the cells (default: the side's commonest)")
    p.add_argument("--moving", action="store_true",
                   help="attackers may first move within their allowance, where the game allows it")
    add_picture_flag(p, "the threat map")
    p.set_defaults(handler=_threat)

    p = subparsers.add_parser("route", help="the least exposed route of a unit to a goal within N turns, "
                                            "beside the cheapest")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("unit", help="id of the moving unit")
    p.add_argument("goal", help="the cell to reach")
    p.add_argument("--turns", type=int, help="arrive within this many turns (default: as soon as the cheapest)")
    p.add_argument("--position", help="position file (wartools-position/1); default: the set-up")
    add_picture_flag(p, "the two routes over the threat to the mover")
    p.set_defaults(handler=_route)

    p = subparsers.add_parser("race", help="the first turn each side can reach each objective, and with which unit")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--position", help="position file (wartools-position/1); default: the set-up")
    p.add_argument("--assumptions", action="store_true",
                   help="list the assumed readings of the rules the answer rests on (default: how many; "
                        "--json always lists them)")
    p.set_defaults(handler=_race)

    p = subparsers.add_parser("fireplan", help="which unit of a side fires at which enemy, to maximise an objective")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--side", required=True, help="the side that fires")
    p.add_argument("--target", help="an enemy unit id: maximise the chance of hitting it")
    p.add_argument("--objective", choices=("targets-hit", "expected-hits", "target"),
                   help="what to maximise (default: targets-hit, or target with --target)")
    p.add_argument("--position", help="position file (wartools-position/1); default: the set-up")
    p.set_defaults(handler=_fireplan)
