"""The answer of a balance run: who wins how often, by which result, and which events decide it.

:func:`tally` counts a run's playout summaries (:class:`~wartools.balancing.outcome.Outcome`) in
playout order into a frozen :class:`Balance`: each side's win rate and each graded result with
its 95 % Wilson interval (:mod:`wartools.balancing.intervals`), the mean VP, the playouts a given
precision needs, and the **turning points**.

A turning point is a recorded event (``"game turn 2: de-mg-1 eliminated"``,
:meth:`wartools.play.Record.events`) whose occurrence moves a side's win rate most: the rate
among the playouts where it happened against the rate among those where it did not. Only events
seen in at least ``min_count`` playouts *and* missed in at least ``min_count`` are weighed (a
rare event's rate is noise); each is reported with both intervals, and ``significant`` says
whether the two intervals are apart. A turning point is an association in the bots' games, not
a proof of cause.

Examples
--------
>>> from wartools.balancing.outcome import Outcome
>>> runs = [Outcome(i, "US victory" if i % 3 else "German victory", "US" if i % 3 else "German",
...                 (("US", 2), ("German", 1)), ("game turn 1: bridge taken",) if i % 3 else ())
...         for i in range(30)]
>>> b = tally(runs, scenario="Bridge", game="combat-infantry", sides=("US", "German"),
...           winners=("US", "German"), levels=("US victory", "German victory"),
...           bots={"US": "greedy", "German": "greedy"}, seed=1, requested=30)
>>> b.wins["US"].p, b.turning_points[0].event, b.turning_points[0].with_.p
(Fraction(2, 3), 'game turn 1: bridge taken', Fraction(1, 1))
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wartools.balancing.intervals import Interval, playouts_for, wilson
from wartools.balancing.outcome import Outcome
from wartools.balancing.sequential import Sequential
from wartools.dice import fraction_str
from wartools.rules.options import Assumption, merge_assumptions

#: a turning point's event must have happened, and not happened, in at least this many playouts
MIN_COUNT = 10
#: how many turning points an answer lists
TURNING_POINTS = 10
#: the precisions (half-widths) an answer says the playouts of
PRECISIONS = (0.05, 0.02, 0.01)
#: what every balance answer rests on
BOTS_READING = Assumption("balance (playouts)",
                          "the rates are those of the named bots playing each other, not of human players; "
                          "another bot (or a player) can change them")
NO_RESULT = "no result"


@dataclass(frozen=True)
class TurningPoint:
    """An event and the win rate of ``side`` with and without it.

    Attributes
    ----------
    event
        The recorded event (it names its turn).
    side
        The side whose win rate it moves most (of two sides moved as much, the one it favours).
    with_, without
        The side's win rate (Wilson interval) among the playouts where the event happened / did not.
    """

    event: str
    side: str
    with_: Interval
    without: Interval

    @property
    def swing(self) -> Fraction:
        """How much the event moves the win rate (with minus without), exactly."""
        return self.with_.p - self.without.p

    @property
    def significant(self) -> bool:
        """Whether the two 95 % intervals do not overlap."""
        return self.with_.low > self.without.high or self.without.low > self.with_.high

    def to_json(self) -> dict[str, Any]:
        """``{"event", "side", "win_rate_with", "win_rate_without", "playouts", "swing", ...}``."""
        return {"event": self.event, "side": self.side,
                "win_rate_with": fraction_str(self.with_.p), "win_rate_without": fraction_str(self.without.p),
                "playouts": self.with_.n, "without_playouts": self.without.n,
                "with_interval": {"low": round(self.with_.low, 6), "high": round(self.with_.high, 6)},
                "without_interval": {"low": round(self.without.low, 6), "high": round(self.without.high, 6)},
                "swing": fraction_str(self.swing), "significant": self.significant}

    def text(self) -> str:
        """One line: the event, then the side's rate with and without it."""
        return (f"{self.event}: {self.side} wins {self.with_.text()} of {self.with_.n} playouts with it, "
                f"{self.without.text()} of {self.without.n} without"
                + ("" if self.significant else " (the intervals overlap)"))



@dataclass(frozen=True)
class Balance:
    """How often each side wins a scenario, played by bots from one seed.

    Attributes
    ----------
    scenario, game
        The scenario's name and the game's id.
    bots
        The bot of each side.
    seed
        The run's seed: playout ``i`` drew its dice from ``numpy.random.SeedSequence(seed).spawn(n)[i]``.
    requested, playouts
        The playouts asked for and the playouts counted (fewer when stopped early).
    wins
        Each side's win rate (a team's wins count for its first side).
    draws
        The playouts no side won.
    results
        Each graded result (the scenario's levels in order, then any other).
    vp_total
        Each side's VP summed over the playouts.
    turning_points
        The events that move a win rate most, largest move first.
    stopped
        ``None`` when every requested playout was counted, else why not (the sequential rule,
        or an interruption).
    """

    scenario: str
    game: str
    bots: Mapping[str, str]
    seed: int
    requested: int
    playouts: int
    wins: Mapping[str, Interval]
    draws: Interval
    results: Mapping[str, Interval]
    vp_total: Mapping[str, int]
    turning_points: tuple[TurningPoint, ...] = ()
    stopped: str | None = None
    sequential: Sequential | None = None
    min_count: int = MIN_COUNT
    mean_actions: Fraction = Fraction(0)
    assumptions: tuple[Assumption, ...] = field(default=(BOTS_READING,))

    @property
    def complete(self) -> bool:
        """Whether the answer counts every playout the run was to count."""
        return self.stopped is None or self.stopped.startswith("sequential")

    @property
    def mean_vp(self) -> dict[str, Fraction]:
        """Each side's mean VP, exactly."""
        return {s: Fraction(v, self.playouts) if self.playouts else Fraction(0) for s, v in self.vp_total.items()}

    def playouts_for(self, half_width: float, worst_case: bool = False) -> int:
        """The playouts that would put every side's win rate within ``+-half_width`` (95 %), at the
        rates observed so far (or at 50 %, the worst case)."""
        if worst_case or not self.playouts:
            return playouts_for(half_width)
        return max(playouts_for(half_width, float(w.p)) for w in self.wins.values())

    def to_json(self) -> dict[str, Any]:
        """DESIGN's ``wartools balance`` answer: ``{"playouts", "seed", "wins", "results", "mean_vp",
        "turning_points", "assumptions", ...}`` (probabilities as exact fractions, interval ends to
        6 decimals)."""
        return {"scenario": self.scenario, "game": self.game, "bots": dict(self.bots), "seed": self.seed,
                "requested": self.requested, "playouts": self.playouts, "complete": self.complete,
                "stopped": self.stopped,
                "sequential": None if self.sequential is None else self.sequential.text(),
                "confidence": "95 % Wilson score interval",
                "wins": {s: i.to_json() for s, i in self.wins.items()}, "draws": self.draws.to_json(),
                "results": {r: i.to_json() for r, i in self.results.items()},
                "mean_vp": {s: fraction_str(v) for s, v in self.mean_vp.items()},
                "mean_actions": fraction_str(self.mean_actions),
                "precision": [{"half_width": h, "playouts": self.playouts_for(h),
                               "worst_case": self.playouts_for(h, worst_case=True)} for h in PRECISIONS],
                "min_count": self.min_count,
                "turning_points": [t.to_json() for t in self.turning_points],
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """The answer in words: rates with intervals, results, VP, precision, turning points."""
        bots = " v ".join(f"{b} ({s})" for s, b in self.bots.items())
        lines = [f"{self.scenario}: {self.playouts} playouts, {bots}, seed {self.seed}"]
        if self.stopped:
            lines.append(f"  {self.stopped}")
        lines += [f"  {s} wins {i.text()}" for s, i in self.wins.items()]
        if self.draws.count:
            lines.append(f"  no side wins {self.draws.text()}")
        lines.append("  results (95 % Wilson intervals):")
        lines += [f"    {r}: {i.text()}" for r, i in self.results.items()]
        lines.append("  mean VP: " + ", ".join(f"{s} {float(v):.2f}" for s, v in self.mean_vp.items()))
        lines.append("  playouts for every win rate within +-5 / 2 / 1 points: "
                     + " / ".join(f"{self.playouts_for(h):,}" for h in PRECISIONS) + " at the rates seen, "
                     + " / ".join(f"{self.playouts_for(h, True):,}" for h in PRECISIONS) + " at worst")
        if self.turning_points:
            lines.append(f"  turning points (events seen in at least {self.min_count} playouts and missed in "
                         f"as many):")
            lines += [f"    {t.text()}" for t in self.turning_points]
        else:
            lines.append(f"  no turning points: no event was seen in at least {self.min_count} playouts and "
                         "missed in as many")
        lines += [f"  {a.text()}" for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """The win rates and results with their intervals (:func:`wartools.render.balance.draw_balance`)."""
        from wartools.render.balance import draw_balance

        return draw_balance(self, ax)

    def _repr_png_(self) -> bytes:
        from wartools.render import axes_png

        return axes_png(self.draw())


def turning_points(outcomes: Sequence[Outcome], winners: Sequence[str], min_count: int = MIN_COUNT,
                   most: int = TURNING_POINTS) -> tuple[TurningPoint, ...]:
    """The events whose occurrence moves a side's win rate most (see the module's text).

    Examples
    --------
    >>> from wartools.balancing.outcome import Outcome
    >>> runs = [Outcome(i, None, "A" if i < 12 else "B", (), ("tank lost",) if i >= 10 else ())
    ...         for i in range(24)]
    >>> [(t.event, t.side, str(t.with_.p), str(t.without.p)) for t in turning_points(runs, ("A", "B"))]
    [('tank lost', 'B', '6/7', '0')]
    """
    n = len(outcomes)
    seen: Counter[str] = Counter()
    won: dict[str, Counter[str]] = {s: Counter() for s in winners}
    total = Counter(o.winner for o in outcomes)
    for o in outcomes:
        seen.update(o.events)
        if o.winner in won:
            won[o.winner].update(o.events)
    found = []
    for event, k in seen.items():
        if k < min_count or n - k < min_count:
            continue
        best = None
        for side in winners:
            w = won[side][event]
            point = TurningPoint(event, side, wilson(w, k), wilson(total[side] - w, n - k))
            if best is None or (abs(point.swing), point.swing > 0) > (abs(best.swing), best.swing > 0):
                best = point
        if best is not None and best.swing:  # an event that moves no rate is no turning point
            found.append(best)
    found.sort(key=lambda t: (-abs(t.swing), t.event))
    return tuple(found[:most])


def tally(outcomes: Iterable[Outcome], *, scenario: str, game: str, sides: Sequence[str], winners: Sequence[str],
          levels: Sequence[str], bots: Mapping[str, str], seed: int, requested: int,
          stopped: str | None = None, sequential: Sequential | None = None, min_count: int = MIN_COUNT,
          assumptions: Iterable[Assumption] = ()) -> Balance:
    """Count playout summaries, in playout order, into a :class:`Balance`.

    ``sides`` are the scenario's sides, ``winners`` the sides a win is counted for (each team's
    first side), ``levels`` the scenario's results in order."""
    runs = sorted(outcomes, key=lambda o: o.index)
    n = len(runs)
    wins = Counter(o.winner for o in runs)
    results = Counter(NO_RESULT if o.result is None else o.result for o in runs)
    order = list(dict.fromkeys([*levels, *sorted(r for r in results if r not in levels and r != NO_RESULT)]))
    if results[NO_RESULT]:
        order.append(NO_RESULT)
    readings = [Assumption(rule, reading, option) for o in runs for rule, reading, option in o.assumptions]
    return Balance(scenario=scenario, game=game, bots=dict(bots), seed=seed, requested=requested, playouts=n,
                   wins={s: wilson(wins[s], n) for s in winners},
                   draws=wilson(n - sum(wins[s] for s in winners), n),
                   results={r: wilson(results[r], n) for r in order},
                   vp_total={s: sum(o.vp_of(s) for o in runs) for s in sides},
                   turning_points=turning_points(runs, winners, min_count), stopped=stopped,
                   sequential=sequential, min_count=min_count,
                   mean_actions=Fraction(sum(o.actions for o in runs), n) if n else Fraction(0),
                   assumptions=merge_assumptions((BOTS_READING,), assumptions, readings))
