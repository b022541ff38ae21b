"""Rule systems and the registry that finds them by id or alias.

Examples
--------
>>> from wartools.games import find_game, game_ids
>>> find_game("CI").id
'combat-infantry'
>>> game_ids()
('company-of-heroes', 'combat-infantry', 'conflict-of-heroes', 'heroes-of-normandie')
"""
from __future__ import annotations

from wartools.errors import UnknownGameError
from wartools.games.base import Game, Vocabulary
from wartools.games.combat_infantry import CombatInfantry
from wartools.games.company_of_heroes import CompanyOfHeroes
from wartools.games.conflict_of_heroes import ConflictOfHeroes
from wartools.games.heroes_of_normandie import HeroesOfNormandie

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Register a :class:`Game` subclass under its id and aliases (usable as a decorator)."""
    game = game_class()
    _GAMES[game.id] = game
    for alias in (game.id, *game.aliases):
        _ALIASES[alias.lower()] = game.id
    return game_class


for _cls in (CompanyOfHeroes, CombatInfantry, ConflictOfHeroes, HeroesOfNormandie):
    register(_cls)


def game_ids() -> tuple[str, ...]:
    """The ids of all registered games, in registration order."""
    return tuple(_GAMES)


def find_game(name: str | Game) -> Game:
    """Return the game registered under ``name`` (an id or alias, any case).

    Raises
    ------
    UnknownGameError
        Naming the valid ids.
    """
    if isinstance(name, Game):
        return name
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _ALIASES:
        raise UnknownGameError(f"unknown game {name!r}; valid: {', '.join(_GAMES)}")
    return _GAMES[_ALIASES[key]]


__all__ = ["Game", "Vocabulary", "find_game", "game_ids", "register"]
