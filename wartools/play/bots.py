"""Bots: one small protocol (choose among the legal actions, explain the choice), found by name.

The built-in bots are declared in ``pyproject.toml`` under the entry-point group
``wartools.bots`` like any plug-in bot, and also listed in :data:`BUILT_IN` so they are found
without an installed distribution (a source checkout). A package adds a bot by declaring an
entry point in that group that names a class (built with no arguments) or a factory.

- ``random``: a uniformly random legal action.
- ``greedy``: the action that scores best on the analysis layer's numbers (:mod:`wartools.play.greedy`).
- ``chit-pull``: Combat Infantry's solitaire rule (10.5): HQs drawn at random, the optional
  activation priorities for their units (:mod:`wartools.play.chitpull`).

Examples
--------
>>> bot_names()[:3]
('random', 'greedy', 'chit-pull')
>>> find_bot("random").name
'random'
>>> find_bot("clever")
Traceback (most recent call last):
...
wartools.errors.WartoolsError: unknown bot 'clever'; valid: random, greedy, chit-pull
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

import numpy as np

from wartools.errors import WartoolsError
from wartools.play.protocol import Bot, Choice

if TYPE_CHECKING:  # pragma: no cover
    from wartools.play.engine import Candidate, GameState

#: the entry-point group bots are found in
GROUP = "wartools.bots"


class RandomBot:
    """Picks a legal action uniformly at random."""

    name = "random"

    def choose(self, game_state: GameState, legal_actions: Sequence[Candidate],
               rng: np.random.Generator) -> Choice:
        i = int(rng.integers(len(legal_actions)))
        return Choice(i, f"at random among {len(legal_actions)} legal actions")


def _greedy() -> Bot:
    from wartools.play.greedy import GreedyBot

    return GreedyBot()


def _chit_pull() -> Bot:
    from wartools.play.chitpull import ChitPullBot

    return ChitPullBot()


#: the built-in bots, found without an installed distribution
BUILT_IN: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": _greedy, "chit-pull": _chit_pull}


def _plugins() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=GROUP) if ep.name not in BUILT_IN}


def bot_names() -> tuple[str, ...]:
    """The names of every bot: the built-in ones, then those of installed plug-ins."""
    return (*BUILT_IN, *sorted(_plugins()))


def find_bot(name: str | Bot) -> Bot:
    """The bot called ``name`` (a bot object is returned as it is)."""
    if not isinstance(name, str):
        if isinstance(name, Bot):
            return name
        raise WartoolsError(f"a bot is a name or has .name and .choose(); got {type(name).__name__}")
    key = name.strip().lower()
    make = BUILT_IN.get(key)
    if make is None:
        ep = _plugins().get(key)
        if ep is None:
            raise WartoolsError(f"unknown bot {name!r}; valid: {', '.join(bot_names())}")
        make = ep.load()
    bot = make()
    if not isinstance(bot, Bot):
        raise WartoolsError(f"bot {name!r} has no name and choose()")
    return bot


__all__ = ["BUILT_IN", "Bot", "Choice", "GROUP", "RandomBot", "bot_names", "find_bot"]
