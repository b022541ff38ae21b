"""What a balance run keeps of one playout: its result, winner, VP and recorded events.

A worker plays a game to its end and sends back only this small summary (a record holds every
position of the game; thousands of them would be megabytes on the wire), so the counting is
the same whoever played.

Examples
--------
>>> o = Outcome(3, "US victory", "US", (("US", 4), ("German", 2)), ("game turn 2: de-mg-1 eliminated",))
>>> o.vp_of("US"), o.has("game turn 2: de-mg-1 eliminated")
(4, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartools.errors import WartoolsError


@dataclass(frozen=True)
class Outcome:
    """The summary of playout ``index``.

    Attributes
    ----------
    index
        The playout's number in the run (its seed is the run's SeedSequence child ``index``).
    result, winner
        The victory level that held at the end, and the side it favours (``None``: a draw, or
        no level held).
    vp
        ``(side, VP)`` pairs in the scenario's side order.
    events
        The record's events (:meth:`wartools.play.Record.events`), each once, sorted.
    actions, turns
        How many actions the game took and how many turns it lasted.
    assumptions
        The ``(rule, reading, option)`` of each assumed reading the playout rested on.
    """

    index: int
    result: str | None
    winner: str | None
    vp: tuple[tuple[str, int], ...]
    events: tuple[str, ...] = ()
    actions: int = 0
    turns: int = 0
    assumptions: tuple[tuple[str, str, str | None], ...] = ()

    def vp_of(self, side: str) -> int:
        """The side's VP at the end (0 when the record gave it none)."""
        return dict(self.vp).get(side, 0)

    def has(self, event: str) -> bool:
        """Whether ``event`` happened in this playout."""
        return event in self.events


def outcome_of(record: Any, index: int) -> Outcome:
    """The summary of a played :class:`wartools.play.Record` as playout ``index``."""
    sides = list(record.scenario.sides)
    vp = {**{s: 0 for s in sides}, **{str(k): int(v) for k, v in record.vp.items()}}
    if record.winner is not None and record.winner not in vp:
        raise WartoolsError(f"playout {index}: the winner {record.winner!r} is not a side of the scenario")
    return Outcome(index=index, result=record.result, winner=record.winner, vp=tuple(vp.items()),
                   events=tuple(sorted(set(record.events()))), actions=len(record.actions),
                   turns=len(record.turn_ends),
                   assumptions=tuple((a.rule, a.reading, a.option) for a in record.assumptions))
