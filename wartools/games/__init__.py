"""The four rule systems, registered by id and alias (:mod:`wartools.rules.registry`).

Each game is a package: its :class:`~wartools.rules.Game` subclass in ``__init__.py``
(vocabulary, map style, options, and the hooks that import its rule modules) and one
module per rule layer (``los``, ``movement``, ``odds``, ``scenario``, ``fire``,
``coverage``, ...). ``find_game``, ``game_ids``, ``register``, ``unregister`` and
``load_plugins`` are the registry's, offered here too because this is where games are
found.

Examples
--------
>>> from wartools.games import find_game, game_ids
>>> find_game("CI").id
'combat-infantry'
>>> game_ids()
('company-of-heroes', 'combat-infantry', 'conflict-of-heroes', 'heroes-of-normandie')
"""
from __future__ import annotations

from wartools.games.combat_infantry import CombatInfantry
from wartools.games.company_of_heroes import CompanyOfHeroes
from wartools.games.conflict_of_heroes import ConflictOfHeroes
from wartools.games.heroes_of_normandie import HeroesOfNormandie
from wartools.rules.registry import find_game, game_ids, load_plugins, register, unregister

#: the built-in games, in the order ``wartools games`` lists them
BUILT_IN = (CompanyOfHeroes, CombatInfantry, ConflictOfHeroes, HeroesOfNormandie)

for _cls in BUILT_IN:
    if _cls.id not in game_ids():
        register(_cls)

__all__ = ["BUILT_IN", "find_game", "game_ids", "load_plugins", "register", "unregister"]
