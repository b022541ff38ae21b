"""``wartools reach`` and ``wartools path``: movement questions from the command line.

Each handler returns ``(answer, text)``: the JSON answer of docs/architecture.md's CLI
table and a human explanation. A unit on the start cell supplies the default
unit type and side; ``--unit``/``--side`` override them.

Examples
--------
>>> import argparse, os, tempfile
>>> from wartools.mapmodel import save_map
>>> from wartools.testing import tiny_map
>>> m = tiny_map("company-of-heroes", 4, 1, units=[("r", "US", "infantry", "A1")])
>>> d = tempfile.mkdtemp(); f = os.path.join(d, "m.yaml"); save_map(m, f)
>>> parser = argparse.ArgumentParser(); add_parsers(parser.add_subparsers())
>>> args = parser.parse_args(["path", f, "A1", "C1"])
>>> args.handler(args)[0]
{'reachable': True, 'cells': ['A1', 'B1', 'C1'], 'cost': 2, 'steps': [{'to': 'B1', 'cost': 1, 'why': '1 cp'}, {'to': 'C1', 'cost': 1, 'why': '1 cp'}], 'assumptions': []}
>>> args = parser.parse_args(["reach", f, "A1", "--budget", "2"])
>>> args.handler(args)[0]
{'from': 'A1', 'unit': 'infantry', 'reachable': {'A1': 0, 'B1': 1, 'C1': 2}, 'assumptions': []}
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from wartools.cli.common import per_game_help, unit_help
from wartools.errors import WartoolsError
from wartools.rules import find_game, game_ids

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map
    from wartools.rules import Game

class MoveArgumentError(WartoolsError):
    """A movement command-line argument that does not fit the map."""


def _weather_names() -> tuple[str, ...]:
    """``clear`` and every weather name a game reads (its movement rules, its ``weather`` option)."""
    names = {"clear"}
    for gid in game_ids():
        g = find_game(gid)
        names |= g.movement_rules().weather_names
        if "weather" in g.settings:
            names |= set(g.option_spec("weather").choices)
    return ("clear", *sorted(names - {"clear"}))


def _weather_of(g: Game) -> str | None:
    names = set(g.movement_rules().weather_names)
    if "weather" in g.settings:
        names |= set(g.option_spec("weather").choices) - {"clear"}
    return ", ".join(sorted(names)) or None


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--unit", help=unit_help("unit type (default: the unit on the start cell)"))
    p.add_argument("--side", help="side of the moving unit (default: the unit on the start cell)")
    p.add_argument("--night", action="store_true",
                   help=per_game_help("a night scenario", lambda g: g.option_spec("night").section
                                      if "night" in g.settings else None))
    p.add_argument("--weather", choices=_weather_names(), default=None,
                   help=per_game_help("the weather", _weather_of))
    p.add_argument("--extra-points", "--caps", dest="caps", type=int, default=0, metavar="N",
                   help=per_game_help("points added to the allowance",
                                      lambda g: g.movement_rules().extra_points_name or None))


def add_parsers(subparsers: Any) -> None:
    """Add the ``reach`` and ``path`` subcommands."""
    p = subparsers.add_parser("reach", help="where can a unit move this round or activation")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("start", metavar="A", help="start cell")
    p.add_argument("--budget", type=int, help="movement points (default: the unit's allowance)")
    p.add_argument("--turns", type=int, default=1,
                   help="also list where the unit can be after this many turns (adds a 'turns' key)")
    _common(p)
    p.set_defaults(handler=reach_command)

    p = subparsers.add_parser("path", help="cheapest path from A to B, with the cost of each step")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("start", metavar="A", help="start cell")
    p.add_argument("goal", metavar="B", help="goal cell")
    p.add_argument("--alternatives", type=int, default=0, metavar="K",
                   help="also list up to K alternative paths in the text")
    _common(p)
    p.set_defaults(handler=path_command)


def _load(args: argparse.Namespace) -> Map:
    from wartools.cli.common import configured
    from wartools.mapmodel import load_map

    m = configured(load_map(args.map), args)
    if args.side is not None:
        args.side = m.side(args.side)
    if args.caps < 0:
        raise MoveArgumentError(f"--extra-points must be >= 0, got {args.caps}")
    return m


def _situation(args: argparse.Namespace) -> dict[str, Any]:
    return {"side": args.side, "weather": args.weather, "night": args.night,
            "extra_points": args.caps}


def reach_command(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """``wartools reach MAP A``: ``{"from", "unit", "reachable": {label: cost}}``, plus
    ``"turns": {label: fewest turns}`` with ``--turns N`` above 1."""
    from wartools.movement import reach_in_turns, reachable

    m = _load(args)
    if args.budget is not None and args.budget < 0:
        raise MoveArgumentError(f"--budget must be >= 0, got {args.budget}")
    r = reachable(m, args.start, args.unit, budget=args.budget, **_situation(args))
    text = r.text()
    blocker = r.graph.rules.start_blocker() if r.graph else None
    if blocker:
        text += f"\n  cannot move: {blocker}"
    elif r.graph is not None:
        text += f"\n  allowance: {r.graph.rules.allowance_why()}"
    answer = r.to_json()
    if args.turns < 1:
        raise MoveArgumentError(f"--turns must be >= 1, got {args.turns}")
    if args.turns > 1:
        within = reach_in_turns(m, args.start, args.unit, turns=args.turns, **_situation(args))
        answer["turns"] = within.labels()
        by_turn: dict[int, list[str]] = {}
        for lab, t in within.labels().items():
            by_turn.setdefault(t, []).append(lab)
        text += "\n" + "\n".join(f"  turn {t}: {' '.join(labs)}" for t, labs in by_turn.items() if t)
    return answer, text


def path_command(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """``wartools path MAP A B``: ``{"reachable", "cells", "cost", "steps": [{"to", "cost", "why"}]}``."""
    from wartools.movement import alternatives, path, plan_turns

    m = _load(args)
    res = path(m, args.start, args.goal, args.unit, **_situation(args))
    lines = [res.text()]
    if res.reachable and res.cost is not None and res.cost > res.allowance:
        plan = plan_turns(res)
        lines.append(f"needs more than one turn ({res.allowance} {res.points} per turn):")
        lines.append(plan.text())
    if res.reachable and args.alternatives > 0:
        alts = [a for a in alternatives(m, args.start, args.goal, args.unit, k=args.alternatives + 1,
                                        **_situation(args)) if a.cells != res.cells][:args.alternatives]
        for i, alt in enumerate(alts, 1):
            lines.append(f"alternative {i}: {' '.join(alt.labels())} ({alt.cost} {alt.points})")
    return res.to_json(), "\n".join(lines)
