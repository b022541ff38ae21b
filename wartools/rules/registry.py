"""The registry of rule systems: find a :class:`~wartools.rules.game.Game` by id or alias.

The registry is part of the interface, so every layer may look a game up by the id a map
or scenario file names (:func:`find_game`). The games register themselves: the four
built-in games in :mod:`wartools.games`, which the package imports first (``import
wartools`` does), so they are registered before any module asks; a house rule with
:func:`register`; an installed plug-in through the ``wartools.games`` entry-point group
(:func:`load_plugins`).

Examples
--------
>>> from wartools.rules.registry import find_game, game_ids
>>> find_game("CI").id
'combat-infantry'
>>> game_ids()
('company-of-heroes', 'combat-infantry', 'conflict-of-heroes', 'heroes-of-normandie')
"""
from __future__ import annotations

from wartools.errors import UnknownGameError
from wartools.rules.game import Game

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Register a :class:`Game` subclass under its id and aliases (usable as a decorator).

    This is how a house rule becomes a game of its own: subclass a game, give it a new
    ``id`` and change what differs (``defaults`` of its options, a rule hook), then
    register it. Every engine, the command line and the widgets find it by that id.
    A package can also register games for the command line through the entry-point
    group ``wartools.games`` (each entry point names a :class:`Game` subclass).

    Examples
    --------
    >>> from wartools.games.combat_infantry import CombatInfantry
    >>> @register
    ... class LongNights(CombatInfantry):
    ...     id = "ci-long-nights"
    ...     name = "Combat Infantry, every scenario at night (house rule)"
    ...     aliases = ()
    ...     defaults = {"night": True}
    >>> find_game("ci-long-nights").option("night"), find_game("ci").option("night")
    (True, False)
    >>> unregister("ci-long-nights")
    """
    if not game_class.id:
        raise ValueError(f"{game_class.__name__} has no id")
    for alias in (game_class.id, *game_class.aliases):
        owner = _ALIASES.get(alias.lower())
        if owner is not None and owner != game_class.id:
            raise ValueError(f"game id or alias {alias!r} is already taken by {owner!r}")
    game = game_class()
    _GAMES[game.id] = game
    for alias in (game.id, *game.aliases):
        _ALIASES[alias.lower()] = game.id
    return game_class


def unregister(game_id: str) -> None:
    """Forget a registered game (its id and aliases)."""
    game = _GAMES.pop(game_id, None)
    if game is not None:
        for alias in [a for a, g in _ALIASES.items() if g == game_id]:
            del _ALIASES[alias]


def load_plugins() -> list[str]:
    """Register the games that installed packages declare in the ``wartools.games``
    entry-point group; returns the ids registered. A plug-in that fails to load is
    reported by :class:`UnknownGameError` naming it, never half-registered."""
    from importlib.metadata import entry_points

    added = []
    for ep in entry_points(group="wartools.games"):
        try:
            cls = ep.load()
        except Exception as exc:  # noqa: BLE001 - a broken plug-in is named, not a traceback
            raise UnknownGameError(f"game plug-in {ep.name!r} ({ep.value}) failed to load: {exc}") from None
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise UnknownGameError(f"game plug-in {ep.name!r} ({ep.value}) is not a Game subclass")
        if cls.id not in _GAMES:
            register(cls)
            added.append(cls.id)
    return added


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




__all__ = ["find_game", "game_ids", "load_plugins", "register", "unregister"]
