"""The plug-in interface between the engines and the games (the bottom layer of rules).

What a game is (:class:`Game`, :class:`Vocabulary`, :class:`Option`, :class:`Assumption`,
:class:`~wartools.rules.style.MapStyle`), where games are found (:mod:`~wartools.rules.registry`),
and the base classes of the rules the engines call, one module per rule layer, each with
neutral defaults a game overrides:

- :mod:`wartools.rules.los`: :class:`~wartools.rules.los.LOSPolicy` and the LOS situation;
- :mod:`wartools.rules.movement`: :class:`~wartools.rules.movement.MovementRules`, steps, tables;
- :mod:`wartools.rules.odds`: :class:`~wartools.rules.odds.OddsProcedure` for ``wartools odds``;
- :mod:`wartools.rules.scenario`: :class:`~wartools.rules.scenario.ScenarioRules`;
- :mod:`wartools.rules.turn`: :class:`~wartools.rules.turn.TurnRules`, the sequence of play;
- :mod:`wartools.rules.coverage`: :class:`~wartools.rules.coverage.Entry`, the coverage rows.

Nothing here imports an engine or a game (``docs/architecture.md``). The fire rules' base
class, :class:`wartools.games.fire_rules.FireRules`, asks the LOS engine the attack question,
so it sits above the engines, with the games.

Examples
--------
>>> from wartools.rules import find_game
>>> find_game("hon").fire_rules().exposure
'every-cell'
"""
from __future__ import annotations

from wartools.rules.game import Game, per_game
from wartools.rules.options import Assumption, Option, OptionError
from wartools.rules.registry import find_game, game_ids, load_plugins, register, unregister
from wartools.rules.style import MapStyle
from wartools.rules.vocabulary import Vocabulary

__all__ = ["Assumption", "Game", "MapStyle", "Option", "OptionError", "Vocabulary", "find_game", "game_ids",
           "load_plugins", "per_game", "register", "unregister"]
