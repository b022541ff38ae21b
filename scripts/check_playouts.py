"""Play many seeded games of every sample scenario, re-check every action with the single-answer
tools, replay every record, and say where the time goes.

    python scripts/check_playouts.py                 # 100 random games per scenario, checked
    python scripts/check_playouts.py --games 5 --bots greedy --no-check

For each scenario and bot it prints the games per second and how the time splits between
working out the legal actions (the movement engine's reach, the attack question), the bots'
choices and resolving the actions. With checking on (the default), every chosen action is
asked again of ``path`` (a move's cost and cells) and of the attack question (a shot's odds),
the result of every game of :func:`wartools.scenario.evaluate`, and every record must
replay (its dice redrawn from its seed). The suite's tests do the same on three-turn cuts.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wartools.movement import path  # noqa: E402
from wartools.play import find_bot, legal_actions, replay, start, step  # noqa: E402
from wartools.play.attacks import attack_on  # noqa: E402
from wartools.play.engine import RngDice  # noqa: E402
from wartools.play.playout import BOT_STREAM, playout  # noqa: E402
from wartools.scenario import evaluate, load_scenario  # noqa: E402

SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


def check(g, c) -> None:
    """``c`` is legal by the single answers (raises AssertionError otherwise)."""
    m = g.map
    if c.expands in ("move", "step", "assault"):
        u = m.unit(c.unit)
        p = path(m, u.cell, c.dest, u.id)
        assert p.reachable and (p.cost <= c.cost if c.expands == "step" else p.cost == c.cost), (c, p.why_not)
    if c.expands in ("fire", "declare"):
        again = attack_on(g.board, m.unit(c.unit), m.unit(c.target))
        assert again is not None and (again.p_hit, again.expected) == (c.attack.p_hit, c.attack.expected), c


def timed_game(s, bots, seed: int, checking: bool) -> dict[str, float]:
    """One game played by the engine's loop with its parts timed (the same game playout plays)."""
    ss = np.random.SeedSequence(seed)
    dice = RngDice(np.random.default_rng(ss))
    rng = np.random.default_rng(np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, BOT_STREAM)))
    players = dict(zip(s.sides, bots))
    g = start(s)
    spent = {"legal actions": 0.0, "bots": 0.0, "resolving": 0.0, "checks": 0.0}
    decisions = 0
    while not g.over:
        t0 = time.perf_counter()
        cands = legal_actions(g)
        t1 = time.perf_counter()
        c = cands[players[g.side].choose(g, cands, rng).index]
        t2 = time.perf_counter()
        if checking:
            check(g, c)
        t3 = time.perf_counter()
        g = step(g, c, dice)[0]
        t4 = time.perf_counter()
        spent["legal actions"] += t1 - t0
        spent["bots"] += t2 - t1
        spent["checks"] += t3 - t2
        spent["resolving"] += t4 - t3
        decisions += 1
    assert evaluate(s, g.position).over
    spent["decisions"] = decisions
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bots", default="random", help="bot names, comma-separated (each plays both sides)")
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--scenarios", default="", help="only scenario files whose name holds one of these words")
    args = ap.parse_args()
    print("games per second, one process (the machine may be shared); time split of the games")
    for name in args.bots.split(","):
        for f in SCENARIOS:
            if args.scenarios and not any(w in f.stem for w in args.scenarios.split(",")):
                continue
            s = load_scenario(f)
            bots = [find_bot(name) for _ in s.sides]
            total: dict[str, float] = {}
            t0 = time.perf_counter()
            for seed in range(args.games):
                for k, v in timed_game(s, bots, seed, not args.no_check).items():
                    total[k] = total.get(k, 0.0) + v
                if not args.no_check and seed < 10:      # records replay (checked on the first ten)
                    r = playout(s, [name] * len(s.sides), seed=seed)
                    assert replay(r).final == r.final
            wall = time.perf_counter() - t0
            work = sum(v for k, v in total.items() if k != "decisions")
            split = ", ".join(f"{k} {100 * v / work:.0f} %" for k, v in total.items() if k != "decisions")
            print(f"{name:10s} {f.stem:34s} {args.games / wall:7.2f} games/s  "
                  f"{1000 * work / max(1, total['decisions']):6.1f} ms/decision  ({split})")


if __name__ == "__main__":
    main()
