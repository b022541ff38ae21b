"""``wartools play``, ``replay``, ``balance`` and ``luck``: games played out by bots, on the command line.

Each handler returns ``(answer, text)``: the JSON answer of the playout commands in docs/architecture.md (plus
details) and a human-readable text. Bad input (an unknown bot, zero or too many playouts, an
unreachable Dask scheduler, a record that does not replay) is one line and exit status 2.
``balance`` shows a progress bar on a terminal; interrupted (Ctrl-C), it prints the answer of the
playouts already finished, says so, and exits with status 130.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(); add_parsers(parser.add_subparsers())
>>> args = parser.parse_args(["balance", "scenarios/conflict-of-heroes-height-112.yaml", "--bots", "random,random",
...                           "--playouts", "3", "--seed", "1"])
>>> answer = args.handler(args)[0]
>>> answer["playouts"], answer["seed"], sorted(answer["wins"]) == sorted(answer["mean_vp"])
(3, 1, True)
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from wartools.cli.common import add_executor_flags

if TYPE_CHECKING:  # pragma: no cover
    from wartools.scenario import Scenario


def _scenario(args: argparse.Namespace) -> Scenario:
    from wartools.rules.options import parse_assignments
    from wartools.scenario import load_scenario

    s = load_scenario(args.scenario)
    return s.with_options(**parse_assignments(getattr(args, "option", None) or []))


def _position(args: argparse.Namespace, s: Scenario) -> Any:
    from wartools.scenario import load_position

    return load_position(args.position, s) if getattr(args, "position", None) else None


def _play(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.mapmodel.atomic import output_target
    from wartools.play import playout, save_record

    s = _scenario(args)
    output_target(args.output)  # a bad -o is refused before the game is played
    record = playout(s, args.bots.split(","), seed=args.seed, position=_position(args, s))
    save_record(record, args.output)
    answer = {"record": args.output, "result": record.result, "winner": record.winner, "vp": dict(record.vp),
              "turns": len(record.turn_ends), "actions": len(record.actions), "seed": args.seed,
              "bots": dict(record.bots), "assumptions": [a.to_json() for a in record.assumptions]}
    text = (f"{s.name}: {' v '.join(f'{b} ({side})' for side, b in record.bots.items())}, seed {args.seed}\n"
            f"  {record.result or 'no result'} after {len(record.turn_ends)} turns and {len(record.actions)} actions; "
            + "VP " + ", ".join(f"{k} {v}" for k, v in record.vp.items()) + f"\n  wrote {args.output}")
    return answer, text


def _replayed(path: str) -> Any:
    """The record in ``path``, replayed: a record that no longer replays is refused in one line
    naming the file and the first action that does not."""
    from wartools.errors import WartoolsError
    from wartools.play import load_record, replay

    try:
        return replay(load_record(path))
    except WartoolsError as exc:
        text = str(exc)
        raise WartoolsError(text if text.startswith(path) else f"{path}: {text}") from None


def _replay(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.scenario import position_to_dict

    record = _replayed(args.record)
    position = record.position_after(args.turn)  # refuses a turn the record does not hold, naming those it does
    turn = args.turn if args.turn is not None else (record.turn_ends[-1].turn if record.turn_ends else None)
    answer = {"record": args.record, "result": record.result, "winner": record.winner, "vp": dict(record.vp),
              "turn": turn,
              "position": position_to_dict(record.scenario, position)}
    text = (f"{args.record}: replays; {record.result or 'no result'} at the end\n"
            f"  the position after turn {answer['turn']}: " + ", ".join(
                f"{u.id} {record.scenario.map.label(u.cell) if u.cell is not None else 'off the map'}"
                for u in position.units.values()))
    return answer, text


def _balance(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.balancing import balance

    s = _scenario(args)
    b = balance(s, args.bots, playouts=args.playouts, seed=args.seed, position=_position(args, s),
                workers=args.workers, executor=args.executor, address=args.address,
                progress=sys.stderr.isatty(), timeout=args.timeout)
    if b.stopped and b.stopped.startswith("interrupted"):
        # the answer of the playouts already finished, then the usual 'interrupted' line and status 130
        print(json.dumps(b.to_json(), indent=2) if args.json else b.text())
        raise KeyboardInterrupt
    return b.to_json(), b.text()


def _luck(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.play.luck import luck

    review = luck(_replayed(args.record))  # the luck of rolls that really replay
    return {"record": args.record, **review.to_json()}, review.text()


def add_parsers(subparsers: Any) -> None:
    """Add the ``play``, ``replay``, ``balance`` and ``luck`` subcommands."""
    bots = "one bot per side, in the scenario's side order, comma-separated (random, greedy, chit-pull, ...)"
    p = subparsers.add_parser("play", help="play a scenario out with bots and write the game record")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--position", help="position file to start from (wartools-position/1); default: the set-up")
    p.add_argument("--bots", required=True, help=bots)
    p.add_argument("--seed", type=int, default=0, help="seed of the dice (default 0)")
    p.add_argument("-o", "--output", required=True, help="record file to write (wartools-record/1)")
    p.set_defaults(handler=_play)

    p = subparsers.add_parser("replay", help="replay a game record: the result, and the position after a turn")
    p.add_argument("record", help="record file (wartools-record/1)")
    p.add_argument("--turn", type=int, help="the turn whose end to show (default: the last)")
    p.set_defaults(handler=_replay)

    p = subparsers.add_parser("balance", help="who wins how often: P(win) and results with 95 %% intervals "
                                              "from seeded playouts, and the turning points")
    p.add_argument("scenario", help="scenario file (wartools-scenario/1)")
    p.add_argument("--position", help="position file to start from; default: the set-up")
    p.add_argument("--bots", required=True, help=bots)
    p.add_argument("--playouts", type=int, required=True, help="how many games (docs/limits.md gives the bound)")
    p.add_argument("--seed", type=int, required=True, help="seed of the run: playout i uses "
                                                          "SeedSequence(seed).spawn(playouts)[i]")
    add_executor_flags(p, "playouts")
    p.set_defaults(handler=_balance)

    p = subparsers.add_parser("luck", help="luck review of a game record: each side's luck and the biggest swings")
    p.add_argument("record", help="record file (wartools-record/1)")
    p.set_defaults(handler=_luck)
