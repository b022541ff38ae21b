"""Exact combat odds against a 10^6-trial numpy simulation of the same quantities.

Run: ``.venv/bin/python benchmarks/combat.py``. Prints one table: time of the
exact computation, time of the simulation, their ratio, and the largest gap
between the simulated and exact probabilities (in standard errors).
"""
from __future__ import annotations

import time

import numpy as np

from wartools.dice import count_successes, d, empirical, standard_errors
from wartools.games.combat_infantry import assault as ci_assault
from wartools.games.combat_infantry import combat
from wartools.games.combat_infantry.assault import AssaultUnit, assault, simulate_assault

TRIALS = 1_000_000


def timed(f, repeat=3):
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best, out


def thirty_dice():
    exact_t, exact = timed(lambda: count_successes(30, d(10), lambda x: x <= 3))

    def simulate():
        rng = np.random.default_rng(2024)
        return empirical((rng.integers(1, 11, (TRIALS, 30), dtype=np.int8) <= 3).sum(axis=1))

    sim_t, sim = timed(simulate, repeat=1)
    return "30 dice at F3: hits", exact_t, sim_t, max(standard_errors(exact, sim, TRIALS).values())


def full_assault():
    att = [AssaultUnit("rifle", 4, 3), AssaultUnit("engineer", 4, 2), AssaultUnit("atr", 4, 2)]
    dfn = [AssaultUnit("rifle", 4, 2), AssaultUnit("mg", 4, 4), AssaultUnit("hq", 4, 2, morale=7)]

    def exact_cold():
        combat.fire.cache_clear()
        ci_assault._apply.cache_clear()
        return assault(att, dfn)

    exact_t, exact = timed(exact_cold)
    sim_t, sim = timed(lambda: simulate_assault(att, dfn, TRIALS, np.random.default_rng(1944)), repeat=1)
    winner = standard_errors(exact.map(lambda e: e.winner), sim.map(lambda e: e.winner), TRIALS)
    return (f"assault 3 vs 3 (4 steps each): {len(exact)} end states", exact_t, sim_t,
            max(winner.values()))


def main() -> None:
    rows = [thirty_dice(), full_assault()]
    print(f"| quantity | exact (ms) | simulation 10^6 (ms) | simulation / exact | max gap (SE) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, e, s, gap in rows:
        print(f"| {name} | {e * 1e3:.2f} | {s * 1e3:.0f} | {s / e:.0f}x | {gap:.2f} |")


if __name__ == "__main__":
    main()
