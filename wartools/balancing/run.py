"""``balance``: play a scenario out many times from one seed and count who wins.

Playout ``i`` of a run seeded ``S`` draws every die from
``numpy.random.SeedSequence(S).spawn(N)[i]`` (:func:`wartools.balancing.job.seed_of`), whoever
plays it; the outcomes are put back in playout order before they are counted
(:func:`wartools.balancing.answer.tally`), so the answer, down to the bytes of its JSON, is the same
in this process, on local processes and on any Dask cluster.

The run plays every playout asked for, unless a :class:`~wartools.balancing.sequential.Sequential`
rule was declared up front. While it runs it shows a progress bar (``progress=True``; tqdm, in a
notebook tqdm's widget) and can hand partial answers to ``on_partial`` (or yield them:
:func:`iter_balance`). Interrupted (Ctrl-C), :func:`balance` returns the playouts already
finished, and says so in ``stopped``.

Examples
--------
>>> from wartools.balancing import balance
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> b = balance(loads_scenario(EXAMPLE), "random,random", playouts=4, seed=1, progress=False)
>>> b.playouts, sum(i.count for i in b.results.values()), list(b.wins)
(4, 4, ['US', 'German'])
"""
from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools import limits
from wartools.balancing.answer import MIN_COUNT, Balance, tally
from wartools.balancing.executors import run_chunks
from wartools.balancing.job import Chunk, Job, job_for
from wartools.balancing.outcome import Outcome
from wartools.balancing.sequential import Sequential
from wartools.errors import WartoolsError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.scenario import Position, Scenario

#: the executors ``balance`` knows (``None``: in this process, or processes when ``workers`` is given)
EXECUTORS = ("inline", "processes", "dask")


@dataclass
class _Run:
    """The outcomes of a run so far, and how to count them."""

    scenario: Scenario
    bots: dict[str, str]
    seed: int
    requested: int
    sequential: Sequential | None
    min_count: int
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    stop_at: int | None = None
    _looked: int = 0

    def add(self, chunk: Chunk) -> None:
        for o in chunk.outcomes:
            self.outcomes[o.index] = o
        if self.sequential is not None and self.stop_at is None:
            self._look()

    def _look(self) -> None:
        """Apply the sequential rule to each look point the in-order prefix has passed."""
        rule = self.sequential
        assert rule is not None
        prefix = self._looked
        while prefix in self.outcomes:
            prefix += 1
        winners = _winners(self.scenario)
        for k in range(self._looked + 1, prefix + 1):
            if rule.looks_at(k):
                wins = {s: sum(1 for i in range(k) if self.outcomes[i].winner == s) for s in winners}
                if rule.satisfied(wins, k):
                    self.stop_at = k
                    break
        self._looked = prefix if self.stop_at is None else self.stop_at

    @property
    def done(self) -> bool:
        return self.stop_at is not None

    def answer(self, stopped: str | None = None) -> Balance:
        s = self.scenario
        runs = list(self.outcomes.values())
        if self.stop_at is not None:
            runs = [self.outcomes[i] for i in range(self.stop_at)]
            stopped = f"sequential rule met after {self.stop_at} playouts: {self.sequential.text()}" \
                if self.sequential else stopped
        return tally(runs, scenario=s.name, game=s.game.id, sides=tuple(s.sides), winners=_winners(s),
                     levels=tuple(lv.result for lv in s.victory.levels), bots=self.bots, seed=self.seed,
                     requested=self.requested, stopped=stopped, sequential=self.sequential,
                     min_count=self.min_count)


def _winners(s: Scenario) -> tuple[str, ...]:
    """The sides a win is counted for: each team's first side."""
    return tuple(dict.fromkeys(team[0] for team in s.teams.values() if team))


def _load(scenario: Scenario | str | os.PathLike[str]) -> Scenario:
    if isinstance(scenario, (str, os.PathLike)):
        from wartools.scenario import load_scenario

        return load_scenario(scenario)
    return scenario


def _check(playouts: int, seed: int, workers: int | None, executor: str | None, address: str | None,
           timeout: float) -> str:
    """The executor a run uses, after checking every number against :mod:`wartools.limits`."""
    for name, value, limit in (("playouts", playouts, limits.PLAYOUTS), ("seed", seed, limits.SEED)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise WartoolsError(f"{name}: {limits.shown(value)} is not a whole number")
        limits.check_int(name, value, limit)
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int):
            raise WartoolsError(f"workers: {limits.shown(workers)} is not a whole number")
        limits.check_int("workers", workers, limits.WORKERS)
    if not (isinstance(timeout, (int, float)) and 0 < timeout <= limits.MAX_TIMEOUT):
        raise WartoolsError(f"timeout: {limits.shown(timeout)} is not a number of seconds in "
                            f"(0, {limits.MAX_TIMEOUT:g}]")
    if executor is not None and executor not in EXECUTORS:
        raise WartoolsError(f"executor: {limits.shown(executor)} is not one of {', '.join(EXECUTORS)}")
    if address is not None:
        if executor not in (None, "dask"):
            raise WartoolsError(f"address: a scheduler address runs on Dask, not on executor {executor!r}")
        if workers is not None:
            raise WartoolsError("workers: a running Dask scheduler has its own workers; give --address or "
                                "--workers, not both")
        return "dask"
    if executor is None:
        return "processes" if workers is not None else "inline"
    return executor


def _progress(show: bool, total: int, what: str) -> Any:
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="playout", desc=what[:40], leave=True)


def _prepare(scenario: Scenario | str | os.PathLike[str], bots: Mapping[str, Any] | Sequence[Any] | str,
             playouts: int, seed: int, position: Position | None, workers: int | None, executor: str | None,
             address: str | None, sequential: Sequential | None, min_count: int, max_actions: int | None,
             timeout: float) -> tuple[_Run, Job, str]:
    """Check everything a run is given (before any work) and set it up."""
    s = _load(scenario)
    how = _check(playouts, seed, workers, executor, address, timeout)
    from wartools.play.playout import bots_by_side

    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
    chosen = bots_by_side(s, bots)  # one known bot per side, or refused before any work
    given = bots if isinstance(bots, Mapping) else dict(zip(s.sides, bots))
    order = tuple(given[side] for side in s.sides)  # names travel to the workers as names
    run = _Run(s, {side: b.name for side, b in chosen.items()}, seed, playouts, sequential, min_count)
    return run, job_for(s, order, seed, position, max_actions), how


def _drive(run: _Run, job: Job, how: str, workers: int | None, address: str | None, timeout: float,
           progress: bool) -> Generator[_Run, None, None]:
    """Play the run's chunks, adding each to ``run`` as it is done (and yielding ``run``) until every
    playout is counted or the sequential rule stops it."""
    bar = _progress(progress, run.requested, run.scenario.name)
    w = (workers or os.cpu_count() or 1) if how == "processes" else workers
    source = run_chunks(job, run.requested, how, w, address, timeout)
    try:
        for chunk in source:
            run.add(chunk)
            if bar is not None:
                bar.update(len(chunk.outcomes))
            if run.done:
                break
            yield run
    finally:
        source.close()
        if bar is not None:
            bar.close()


def _running(run: _Run) -> Balance:
    return run.answer(stopped=f"running: {len(run.outcomes)} of {run.requested} playouts so far")


def iter_balance(scenario: Scenario | str | os.PathLike[str], bots: Mapping[str, Any] | Sequence[Any] | str,
                 playouts: int, seed: int, *, position: Position | None = None, workers: int | None = None,
                 executor: str | None = None, address: str | None = None, sequential: Sequential | None = None,
                 min_count: int = MIN_COUNT, max_actions: int | None = None, timeout: float = 10.0,
                 progress: bool = False) -> Iterator[Balance]:
    """The answer of :func:`balance` as it grows: a partial :class:`Balance` each time a chunk of
    playouts is done (counting every playout finished so far), the full answer last.

    Examples
    --------
    >>> from wartools.scenario import loads_scenario
    >>> from wartools.scenario.model import EXAMPLE
    >>> parts = list(iter_balance(loads_scenario(EXAMPLE), "random,random", playouts=3, seed=1))
    >>> [b.playouts for b in parts], parts[0].complete, parts[-1].complete
    ([1, 2, 3], False, True)
    """
    run, job, how = _prepare(scenario, bots, playouts, seed, position, workers, executor, address, sequential,
                             min_count, max_actions, timeout)
    for state in _drive(run, job, how, workers, address, timeout, progress):
        if len(state.outcomes) < state.requested:
            yield _running(state)
    yield run.answer()


def balance(scenario: Scenario | str | os.PathLike[str], bots: Mapping[str, Any] | Sequence[Any] | str,
            playouts: int, seed: int, *, position: Position | None = None, workers: int | None = None,
            executor: str | None = None, address: str | None = None, progress: bool = True,
            sequential: Sequential | None = None, on_partial: Callable[[Balance], None] | None = None,
            min_count: int = MIN_COUNT, max_actions: int | None = None, timeout: float = 10.0) -> Balance:
    """P(win) of each side and the graded results of ``scenario``, from ``playouts`` seeded playouts.

    Parameters
    ----------
    scenario
        A :class:`~wartools.scenario.Scenario` or its file.
    bots
        One bot per side: ``{side: bot}``, a sequence in the scenario's side order, or
        ``"greedy,random"``; a bot is a name (:func:`wartools.play.find_bot`) or a bot object
        (picklable, for processes and Dask).
    playouts, seed
        How many games, and the seed of the run (playout ``i``: ``SeedSequence(seed).spawn(playouts)[i]``).
        ``docs/limits.md`` states the bounds.
    position
        Where the games start (default: the scenario's set-up).
    workers, executor, address
        Where the playouts run: here (default); ``workers=K`` local processes
        (``executor="processes"``); ``executor="dask"`` on a ``LocalCluster`` of ``workers``
        (default 2) started for the call; ``address="tcp://host:8786"`` on a running Dask
        scheduler. The answer is the same on each.
    progress
        Show a progress bar (tqdm; a widget in a notebook).
    sequential
        A stopping rule declared up front (:class:`~wartools.balancing.sequential.Sequential`);
        without one every playout is played.
    on_partial
        Called with a partial answer each time a chunk of playouts is done.
    min_count
        The fewest playouts an event must be seen in, and missed in, to be a turning point.
    max_actions
        The longest game (actions) a playout may take (default: the play engine's).
    timeout
        Seconds to wait for a Dask scheduler (and for its first worker).

    Returns
    -------
    Balance
        ``to_json()``, ``text()``, ``draw()``; ``stopped`` says why it counts fewer playouts than
        asked (the sequential rule, or an interruption: Ctrl-C keeps the playouts already done).
    """
    run, job, how = _prepare(scenario, bots, playouts, seed, position, workers, executor, address, sequential,
                             min_count, max_actions, timeout)
    states = _drive(run, job, how, workers, address, timeout, progress)
    try:
        for state in states:
            if on_partial is not None and len(state.outcomes) < state.requested:
                on_partial(_running(state))
    except KeyboardInterrupt:
        states.close()  # cancel what has not run; keep what has
        return run.answer(stopped=f"interrupted: {len(run.outcomes)} of {playouts} playouts finished; the "
                                  "answer counts those only")
    return run.answer()
