"""What a bot is, for the games that bring their own (:meth:`wartools.rules.Game.bots`): the
:class:`Bot` protocol and the :class:`Choice` it explains itself with.

A bot chooses among the legal actions the play engine offers (:mod:`wartools.play`) and says
why. The protocol sits in the plug-in interface, below the games, so a game's own bot (Combat
Infantry's solitaire chit pull, 10.5) is a rule module of that game like its fire or turn rules;
the play engine finds every bot by name (:func:`wartools.play.find_bot`).

Examples
--------
>>> from wartools.rules.options import Assumption
>>> c = Choice(0, "priority 1", (("us-1 rally", 0.5),), (Assumption("Combat Infantry 10.5", "a reading"),))
>>> print(c.text())
priority 1
  +0.500  us-1 rally
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from wartools.play.engine import Candidate, GameState


@dataclass(frozen=True)
class Choice:
    """A bot's choice: the index of the chosen candidate among the legal actions, why, (for a
    scoring bot) the top candidates with their scores, best first, and the assumed readings of
    the rules the choice rests on (a played game's record lists them)."""

    index: int
    why: str = ""
    scores: tuple[tuple[str, float], ...] = field(default=())
    assumptions: tuple[Assumption, ...] = field(default=())

    def text(self) -> str:
        """The explanation, with the scored candidates one per line."""
        lines = [self.why] + [f"  {score:+.3f}  {what}" for what, score in self.scores]
        return "\n".join(lines)


@runtime_checkable
class Bot(Protocol):
    """What a bot is: a name and a way to choose among the legal actions."""

    name: str

    def choose(self, game_state: GameState, legal_actions: Sequence[Candidate],
               rng: np.random.Generator) -> Choice:
        """Pick one of ``legal_actions`` (never empty) in ``game_state``."""


__all__ = ["Bot", "Choice"]
