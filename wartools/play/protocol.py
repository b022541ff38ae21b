"""The bot protocol: :class:`Bot` chooses among the legal actions and explains its :class:`Choice`."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from wartools.play.engine import Candidate, GameState


@dataclass(frozen=True)
class Choice:
    """A bot's choice: the index of the chosen candidate among the legal actions, why, and
    (for a scoring bot) the top candidates with their scores, best first."""

    index: int
    why: str = ""
    scores: tuple[tuple[str, float], ...] = field(default=())

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
