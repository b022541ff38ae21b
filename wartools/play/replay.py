"""Replay a record: every action again, with the recorded dice, to the same positions.

:func:`replay` plays the record's actions one by one on the scenario: each must be one of the
legal actions of the replayed position, its rolls must use exactly the recorded faces and give
the recorded effects, and the position at the end of each turn must be the recorded one.
Otherwise it refuses, naming the first action that no longer replays (a record of another
version of the scenario, a tampered action or die).

Examples
--------
>>> import dataclasses
>>> from wartools.scenario import load_scenario
>>> from wartools.play import playout
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> r = playout(s, ["random", "random"], seed=4)
>>> replay(r).turn_ends == r.turn_ends
True
>>> moved = [i for i, a in enumerate(r.actions) if a.kind == "move"][0]
>>> bad = dataclasses.replace(r.actions[moved], cells=("A1", "A2"))
>>> replay(dataclasses.replace(r, actions=r.actions[:moved] + (bad,) + r.actions[moved + 1:]))
Traceback (most recent call last):
...
wartools.play.replay.ReplayError: action 2 (turn 1, German: de-in-1 move A1 -> A2 ...) no longer replays: it is not a legal action in the replayed position
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from wartools.rules.turn import FacesExhausted, ScriptedDice
from wartools.play.engine import Action, Candidate, GameState, PlayError, legal_actions, start, step
from wartools.play.playout import scenario_identity
from wartools.play.record import Record, TurnEnd
from wartools.scenario import Position

#: actions the rules take by themselves, after the chosen one
SYSTEM_KINDS = frozenset({"first-player", "resolve", "end-of-turn"})


class ReplayError(PlayError):
    """A record that does not replay: names the first action that no longer does."""


def _find(g: GameState, a: Action) -> Candidate | None:
    m = g.map
    for c in legal_actions(g):
        if (c.kind, c.unit, c.target) == (a.kind, a.unit, a.target) and c.cells(m) == a.cells:
            return c
    return None


def _same(a: Action, b: Action) -> bool:
    """Whether the replayed ``a`` is the recorded ``b`` (what ``b`` does not record is not compared)."""
    if b.eliminated is None:
        a = dataclasses.replace(a, eliminated=None)
    return dataclasses.replace(a, index=0) == dataclasses.replace(b, index=0)


class _SeedDice(ScriptedDice):
    """The recorded faces, each checked against the die the record's seed draws."""

    def __init__(self, faces: list[int], rng: np.random.Generator) -> None:
        super().__init__(faces)
        self.rng = rng

    def roll(self, sides: int, n: int = 1) -> tuple[int, ...]:
        got = super().roll(sides, n)
        drawn = tuple(int(x) for x in self.rng.integers(1, sides + 1, size=n))
        if got != drawn:
            raise FacesExhausted(f"recorded faces {list(got)} are not the dice of the record's seed {list(drawn)}")
        return got


def replay(record: Record, *, seeded: bool = True) -> Record:
    """Replay ``record``; return the replayed record (equal to it) or raise :class:`ReplayError`.

    With ``seeded`` (the default) every recorded face must also be the die the record's seed
    draws; without it the recorded faces are taken as they are (a rulebook example's dice)."""
    return _replay(record, seeded, None)


def steps(record: Record, *, seeded: bool = True) -> tuple[tuple[Action | None, Position], ...]:
    """The position after each chosen action of ``record`` (and what the rules did after it),
    by replaying it: ``((action, position), ...)``, the set-up first with no action.

    Examples
    --------
    >>> from wartools.scenario import load_scenario
    >>> from wartools.play import playout
    >>> r = playout(load_scenario("scenarios/combat-infantry-saint-remy.yaml"), ["random", "random"], seed=4)
    >>> s = steps(r)
    >>> s[-1][1] == r.final, len(s) <= len(r.actions) + 1
    (True, True)
    """
    out: list[tuple[Action | None, Position]] = [(None, record.initial)]
    _replay(record, seeded, lambda a, p: out.append((a, p)))
    return tuple(out)


def _replay(record: Record, seeded: bool, seen: Callable[[Action, Position], None] | None) -> Record:
    s = record.scenario
    _, digest = scenario_identity(s)
    changed = ("" if digest == record.scenario_hash else
               f" (the scenario is not the one recorded: sha256 {digest[:12]}... against {record.scenario_hash[:12]}...)")
    g = start(s, record.start)
    rng = np.random.default_rng(np.random.SeedSequence(record.seed[0], spawn_key=record.seed[1])) if seeded else None
    ends = list(record.turn_ends)
    done: list[TurnEnd] = []
    acts = record.actions
    i = 0
    while i < len(acts):
        a = acts[i]
        where = f"action {a.index} ({a.text()})"
        if g.over:
            raise ReplayError(f"{where} no longer replays: the game was already over{changed}")
        if a.kind in SYSTEM_KINDS:
            raise ReplayError(f"{where} no longer replays: the rules take no such action here{changed}")
        group = [a]
        while i + len(group) < len(acts) and acts[i + len(group)].kind in SYSTEM_KINDS:
            group.append(acts[i + len(group)])
        c = _find(g, a)
        if c is None:
            raise ReplayError(f"{where} no longer replays: it is not a legal action in the replayed position"
                              f"{changed}")
        faces = [f for x in group for r in x.rolls for f in r.faces]
        dice = _SeedDice(faces, rng) if rng is not None else ScriptedDice(faces)
        try:
            g, made, ended = step(g, c, dice)
        except FacesExhausted as exc:
            raise ReplayError(f"{where} no longer replays: its rolls need other dice than recorded ({exc})"
                              f"{changed}") from None
        if dice.left or len(made) != len(group) or not all(_same(x, y) for x, y in zip(made, group)):
            now = "; ".join(e for x in made for e in x.effects) or "nothing"
            raise ReplayError(f"{where} no longer replays: it now gives {now}{changed}")
        for turn, p in ended:
            want = ends[len(done)] if len(done) < len(ends) else None
            if want is None or want.turn != turn or want.position != p:
                raise ReplayError(f"{where} no longer replays: the position at the end of turn {turn} is not "
                                  f"the recorded one{changed}")
            done.append(TurnEnd(turn, p))
        if seen is not None:
            seen(a, g.position)
        i += len(group)
    if not g.over or len(done) != len(ends):
        raise ReplayError(f"the record stops before the game ends (after {len(acts)} actions){changed}")
    return dataclasses.replace(record, turn_ends=tuple(done))


__all__ = ["ReplayError", "SYSTEM_KINDS", "replay", "steps"]
