"""Play a scenario to its end: :func:`playout`.

Examples
--------
>>> from wartools.scenario import load_scenario
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> r = playout(s, ["random", "random"], seed=7)
>>> r.result in [lv.result for lv in s.victory.levels], r.turn_ends[-1].position.ended
(True, True)
>>> playout(s, ["random", "random"], seed=7).actions == r.actions
True
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence

import numpy as np

from wartools.rules.options import Assumption, merge_assumptions
from wartools.play.bots import find_bot
from wartools.play.protocol import Bot, Choice
from wartools.play.engine import Action, GameState, PlayError, RngDice, legal_actions, start, step
from wartools.play.record import Record, TurnEnd
from wartools.scenario import Position, Scenario, dumps_scenario, evaluate

#: the spawn-key word of the bots' own stream (their choices never shift the dice)
BOT_STREAM = 0xB07
#: what the engine itself reads into the rules
ENGINE_ASSUMPTIONS = (
    Assumption("scenario reinforcements", "a reinforcement enters at the start of its turn, before its side's "
                                          "first action, on an entry cell its side chooses (free of enemies, within "
                                          "stacking); with no such cell it stays off the map"),
)


def seed_sequence(seed: int | np.random.SeedSequence) -> np.random.SeedSequence:
    """The seed as a :class:`numpy.random.SeedSequence` (an int becomes ``SeedSequence(seed)``)."""
    if isinstance(seed, np.random.SeedSequence):
        if not isinstance(seed.entropy, (int, np.integer)):
            raise PlayError("a playout's SeedSequence needs a whole-number entropy (a record stores it)")
        return seed
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise PlayError(f"a seed is a whole number >= 0 or a numpy SeedSequence, got {seed!r}")
    return np.random.SeedSequence(int(seed))


def bots_by_side(scenario: Scenario, bots: Mapping[str, Bot | str] | Sequence[Bot | str]) -> dict[str, Bot]:
    """One bot per side (a sequence follows the scenario's side order)."""
    sides = list(scenario.sides)
    if isinstance(bots, Mapping):
        unknown = sorted(set(bots) - set(sides))
        missing = [s for s in sides if s not in bots]
        if unknown or missing:
            raise PlayError(f"bots are given per side: {', '.join(sides)}"
                            + (f"; unknown {', '.join(unknown)}" if unknown else "")
                            + (f"; missing {', '.join(missing)}" if missing else ""))
        return {s: find_bot(bots[s]) for s in sides}
    given = list(bots)
    if len(given) != len(sides):
        raise PlayError(f"give one bot per side ({', '.join(sides)}), got {len(given)}")
    return {s: find_bot(b) for s, b in zip(sides, given)}


def scenario_identity(scenario: Scenario) -> tuple[str | None, str]:
    """The scenario's file path (``None`` when made in code) and the sha256 of its bytes (of its
    canonical dump when it has no file, worked out once per scenario object: a balance job's
    scenario has no file, and the dump took a tenth of a random playout's time)."""
    src = scenario.source
    if src and os.path.isfile(src):
        with open(src, "rb") as f:
            return src, hashlib.sha256(f.read()).hexdigest()
    digest: str | None = scenario.__dict__.get("_dump_digest")     # a scenario is immutable: its dump too
    if digest is None:
        digest = scenario.__dict__["_dump_digest"] = hashlib.sha256(dumps_scenario(scenario).encode()).hexdigest()
    return None, digest


def playout(scenario: Scenario, bots: Mapping[str, Bot | str] | Sequence[Bot | str],
            seed: int | np.random.SeedSequence, *, position: Position | None = None,
            max_actions: int = 20_000) -> Record:
    """Play ``scenario`` to its end with the game's turn rules, one bot per side.

    Every die is drawn from ``numpy.random.default_rng(seed)``; the bots draw from a stream of
    their own spawned from the same seed. The same seed gives the same record, whatever process
    runs it.

    Parameters
    ----------
    scenario
        The scenario.
    bots
        One bot (or bot name) per side: a mapping side -> bot, or a sequence in side order.
    seed
        A whole number or a :class:`numpy.random.SeedSequence` (a child when a balance run spawns it).
    position
        Where to start (default: the set-up).
    max_actions
        A bound on the actions of one game (an endless game is refused, not run forever).
    """
    with fewer_collections():
        return _playout(scenario, bots, seed, position, max_actions)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Python's cyclic garbage collector run less often while a game is played: a playout makes
    and drops many small objects among the large bounded caches of the engines' answers, each of
    the collector's full passes walks all of them, and at its default thresholds those passes took
    a fifth of a playout's time. The thresholds are restored after (so nesting is harmless)."""
    saved = gc.get_threshold()
    gc.set_threshold(*PLAY_GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*saved)


PLAY_GC_THRESHOLDS = (100_000, 50, 1_000)
"""The collector's thresholds during a playout (:func:`gc.set_threshold`; Python's are 700, 10, 10)."""


def _playout(scenario: Scenario, bots: Mapping[str, Bot | str] | Sequence[Bot | str],
             seed: int | np.random.SeedSequence, position: Position | None, max_actions: int) -> Record:
    ss = seed_sequence(seed)
    players = bots_by_side(scenario, bots)
    dice = RngDice(np.random.default_rng(ss))
    bot_rng = np.random.default_rng(np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, BOT_STREAM)))
    g = start(scenario, position)
    first = g.position
    actions: list[Action] = []
    ends: list[TurnEnd] = []
    readings: dict[Assumption, None] = {}
    while not g.over:
        g, acts, ended, choice = play_one(g, players, bot_rng, dice)
        readings.update(dict.fromkeys(choice.assumptions))
        actions += acts
        ends += [TurnEnd(t, p) for t, p in ended]
        if len(actions) > max_actions:
            raise PlayError(f"{scenario.name}: no end after {max_actions} actions (max_actions)")
    path, digest = scenario_identity(scenario)
    v = evaluate(scenario, g.position)
    return Record(scenario, path, digest, (int(ss.entropy) if isinstance(ss.entropy, (int, np.integer)) else 0, tuple(int(k) for k in ss.spawn_key)),
                  {s: b.name for s, b in players.items()}, tuple(actions), tuple(ends), v.result,
                  scenario.winner_of(v.result), dict(v.vp), record_assumptions(g, tuple(readings)), start=first)


def play_one(g: GameState, players: Mapping[str, Bot], bot_rng: np.random.Generator,
             dice: RngDice) -> tuple[GameState, list[Action], list[tuple[int, Position]], Choice]:
    """One bot decision and what it leads to (and the choice, with the readings it rests on)."""
    cands = legal_actions(g)
    if not cands:
        raise PlayError(f"{g.scenario.name}: {g.side} has no legal action in {g.turn.phase} of turn "
                        f"{g.position.turn} (the turn rules offer none)")
    choice = players[g.side].choose(g, cands, bot_rng)
    if not 0 <= choice.index < len(cands):
        raise PlayError(f"bot {players[g.side].name!r} chose action {choice.index} of {len(cands)}")
    return (*step(g, cands[choice.index], dice), choice)


def record_assumptions(g: GameState, bots: tuple[Assumption, ...] = ()) -> tuple[Assumption, ...]:
    """The readings a played game rests on: the turn rules', the fire rules', the scenario's, the
    engine's and those the bots' choices rested on (``bots``)."""
    return merge_assumptions(g.rules.assumptions(), g.board.assumptions(),
                             g.scenario.assumptions(), ENGINE_ASSUMPTIONS, bots)


__all__ = ["ENGINE_ASSUMPTIONS", "bots_by_side", "playout", "record_assumptions", "scenario_identity",
           "seed_sequence"]
