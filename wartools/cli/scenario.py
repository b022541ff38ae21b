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
    from wartools.rules.options import parse_assignments
    from wartools.scenario import load_scenario

    s = load_scenario(args.scenario)
    return s.with_options(**parse_assignments(getattr(args, "option", None) or []))


def describe(s: Scenario) -> dict[str, Any]:
    """The ``wartools scenario`` answer for a loaded scenario."""
    lab = s.map.label
    sides: dict[str, Any] = {}
    for name, side in s.sides.items():
        sides[name] = {
            "units": [u.id for u in side.units if not u.is_reinforcement],
            "reinforcements": [u.id for u in side.reinforcements],
            "setup": list(side.setup),
            "entries": {u.id: {**u.enters.to_dict(), "cells": [lab(c) for c in s.entry_cells(u)]}
                        for u in side.reinforcements if u.enters is not None},
            "resources": dict(side.resources),
        }
    return {"name": s.name, "game": s.game.id, "map": s.map_ref or s.map.name, "turns": s.turns,
            "turn_name": s.rules.turn_name, "first": s.first, "options": dict(s.options),
            "teams": {t: list(v) for t, v in s.teams.items()}, "sides": sides,
            "objectives": [o.id for o in s.objectives],
            "objective_cells": {o.id: lab(o.cell) for o in s.objectives},
            "objective_values": {o.id: o.value for o in s.objectives},
            "victory": [lv.result for lv in s.victory.levels],
            "per_elimination": s.per_elimination(),
            "events": dict(s.events), "assumptions": s.assumptions()}


def _scenario(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    s = _load(args)
    a = describe(s)
    lines = [f"{s.name}", f"  game: {s.game.name}; map: {a['map']}",
             f"  {s.turns} {s.rules.turn_name}s; {s.first} acts first"]
    if s.description:
        lines.append(f"  {s.description}")
    if s.options:
        lines.append("  options: " + ", ".join(f"{k}={v}" for k, v in s.options.items()))
    for name, side in a["sides"].items():
        lines.append(f"  {name}: sets up {', '.join(side['units'])}"
                     + (f" in {', '.join(side['setup'])}" if side["setup"] else ""))
        for uid, e in side["entries"].items():
            where = e.get("zone") or f"the {e.get('edge')} edge"
            lines.append(f"    {uid} enters on {s.rules.turn_name} {e['turn']} by {where}")
        if side["resources"]:
            lines.append("    resources: " + ", ".join(f"{k} {v}" for k, v in side["resources"].items()))
    lines.append("  objectives: " + ", ".join(f"{o} ({a['objective_cells'][o]}, {a['objective_values'][o]} VP)"
                                              for o in a["objectives"]))
    lines.append(f"  {a['per_elimination']} VP per enemy unit eliminated")
    lines.append("  results, checked in order: " + "; ".join(a["victory"]))
    for x in a["assumptions"]:
        lines.append(f"  assumed ({x['rule']}): {x['reading']}")
    return a, "\n".join(lines)


def _victory(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.scenario import end_turn, evaluate, load_position

    s = _load(args)
    p = load_position(args.position, s) if args.position else s.start()
    if args.end_turn:
        p = end_turn(s, p)
    r = evaluate(s, p)
    answer = r.to_dict()
    if args.position:
        answer["position"] = args.position
    return answer, r.text()


def add_parsers(subparsers: Any) -> None:
    """Add the ``scenario`` and ``victory`` subcommands."""
    p = subparsers.add_parser("scenario", help="describe a scenario: forces, set-up, reinforcements, "
                                               "objectives, results")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.set_defaults(handler=_scenario)
    p = subparsers.add_parser("victory", help="who controls each objective, VP and the result of a position")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--position", help="position file (wartools-position/1); default: the set-up")
    p.add_argument("--end-turn", action="store_true",
                   help="first play out the end of the current turn (captures, scoring, the clock)")
    p.set_defaults(handler=_victory)
