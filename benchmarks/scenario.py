"""Scenario benchmark: what loading, validating and evaluating the four sample scenarios cost.

For each scenario in ``scenarios/`` and its saved mid-game position (median of repeated runs):

- ``load_scenario`` (the map file, every unit's set-up cell checked against the movement
  rules for stacking and impassable cells) against ``load_map`` of its map alone;
- ``load_position`` of the saved position;
- ``evaluate`` on a position already checked, against checking it again first
  (``check_position`` + ``evaluate``: what every board action pays);
- ``end_turn``.

Run: ``python benchmarks/scenario.py [--repeat N]``.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wartools.mapmodel import load_map
from wartools.scenario import check_position, end_turn, evaluate, load_position, load_scenario

ROOT = Path(__file__).resolve().parents[1]


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    rows = []
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        pos_path = ROOT / "scenarios" / "positions" / path.name
        s = load_scenario(path)
        p = load_position(pos_path, s)
        map_path = (path.parent / s.map_ref) if s.map_ref else None
        load_s = median_ms(lambda: load_scenario(path), args.repeat)
        load_m = median_ms(lambda: load_map(map_path), args.repeat) if map_path else float("nan")
        load_p = median_ms(lambda: load_position(pos_path, s), args.repeat)
        ev = median_ms(lambda: evaluate(s, p), args.repeat)
        ev_checked = median_ms(lambda: evaluate(s, check_position(s, p)), args.repeat)
        et = median_ms(lambda: end_turn(s, p), args.repeat)
        rows.append((path.stem, load_s, load_m, load_p, ev, ev_checked, et))
    head = ("scenario", "load scen ms", "load map ms", "ratio", "load pos ms", "evaluate ms",
            "check+eval ms", "ratio", "end_turn ms")
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for name, ls, lm, lp, ev, evc, et in rows:
        print(f"{name} | {ls:.1f} | {lm:.1f} | {ls / lm:.1f} | {lp:.1f} | {ev:.2f} | {evc:.1f} | {evc / ev:.1f} | "
              f"{et:.2f}")


if __name__ == "__main__":
    main()
