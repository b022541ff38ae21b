"""Bots: one small protocol (choose among the legal actions, explain the choice), found by name.

Bots are found in three places, in this order: the game-free bots of this layer
(:data:`BUILT_IN`), the registered games' own bots (:meth:`wartools.rules.Game.bots`), and the
entry-point group ``wartools.bots``. The built-in and the games' bots are declared in
``pyproject.toml`` in that group too, like any plug-in bot, but are found without an installed
distribution (a source checkout). A package adds a bot by declaring an entry point in that group
that names a class (built with no arguments) or a factory, or, for a game of its own, by its
game's ``bots()``.

- ``random``: a uniformly random legal action.
- ``greedy``: the action that scores best on the analysis layer's numbers (:mod:`wartools.play.greedy`).
- ``chit-pull``: Combat Infantry's own: its solitaire rule (10.5), HQs drawn at random, the optional
  activation priorities for their units (:mod:`wartools.games.combat_infantry.bots`).

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
from importlib.metadata import EntryPoint, entry_points
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


#: the game-free bots, found without an installed distribution
BUILT_IN: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": _greedy}


def _of_games() -> dict[str, Callable[[], Bot]]:
    """The registered games' own bots (:meth:`wartools.rules.Game.bots`), the first game's
    first where two games name one bot alike (a house rule inherits its game's)."""
    from wartools.games import find_game, game_ids

    out: dict[str, Callable[[], Bot]] = {}
    for gid in game_ids():
        for name, make in find_game(gid).bots().items():
            out.setdefault(name, make)
    return out


def _plugins(known: dict[str, Any]) -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=GROUP) if ep.name not in known}


def _found() -> dict[str, Any]:
    known: dict[str, Any] = {**BUILT_IN}
    for name, make in _of_games().items():
        known.setdefault(name, make)
    plugins = _plugins(known)
    return {**known, **{k: plugins[k] for k in sorted(plugins)}}


def bot_names() -> tuple[str, ...]:
    """The names of every bot: the built-in ones, the games' own, then those of installed plug-ins."""
    return tuple(_found())


def find_bot(name: str | Bot) -> Bot:
    """The bot called ``name`` (a bot object is returned as it is)."""
    if not isinstance(name, str):
        if isinstance(name, Bot):
            return name
        raise WartoolsError(f"a bot is a name or has .name and .choose(); got {type(name).__name__}")
    key = name.strip().lower()
    found = _found()
    make = found.get(key)
    if make is None:
        raise WartoolsError(f"unknown bot {name!r}; valid: {', '.join(found)}")
    if isinstance(make, EntryPoint):
        make = make.load()
    bot = make()
    if not isinstance(bot, Bot):
        raise WartoolsError(f"bot {name!r} has no name and choose()")
    return bot


__all__ = ["BUILT_IN", "Bot", "Choice", "GROUP", "RandomBot", "bot_names", "find_bot"]
