"""The :class:`Game` base class: what every rule system tells the engines.

A rule system is a subclass that overrides class attributes (its vocabulary of
terrain, hexside/interspace features and unit types, and the :class:`MapStyle`
they are drawn in) and a few hook methods that hand the engines its rules: the LOS
policy, the movement rules, the odds procedures, the scenario and fire policies and
the rules coverage. Engines never ask *which* game they run; they ask the game object.

A game's hooks import its rule modules inside the method (a plain lazy import, as
python-chess's ``Board._repr_svg_`` imports ``chess.svg``), so loading a map pulls in
neither numpy's LOS kernels, shapely nor networkx, and every reader, type checker and
the layering test sees the arrow. The base class answers with the neutral rules.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import wraps
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from wartools.errors import WartoolsError
from wartools.rules.options import Assumption, Option, OptionError, settings_from
from wartools.rules.style import MapStyle
from wartools.rules.vocabulary import Vocabulary

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.bots import Bot
    from wartools.rules.coverage import Entry
    from wartools.games.fire_rules import FireRules
    from wartools.rules.los import LOSPolicy
    from wartools.rules.movement import MovementRules
    from wartools.rules.odds import OddsProcedure
    from wartools.rules.scenario import ScenarioRules
    from wartools.rules.turn import TurnRules

G = TypeVar("G", bound="Game")
R = TypeVar("R")


def per_game(hook: Callable[[G], R]) -> Callable[[G], R]:
    """Cache what a rules hook returns on the configured game object it is asked of.

    A policy built with a game reads that game's options, so one instance serves every
    question asked of that game object (and the caches the engines keep per policy stay
    valid). A game or a house rule that overrides a hook which builds a policy decorates
    it the same way.

    Examples
    --------
    >>> from wartools.rules import find_game
    >>> ci = find_game("ci")
    >>> ci.los_policy() is ci.los_policy(), ci.with_options(night=True).los_policy() is ci.los_policy()
    (True, False)
    """
    key = hook.__qualname__

    @wraps(hook)
    def cached(self: G) -> R:
        made = self._made
        if key not in made:
            made[key] = hook(self)
        result: R = made[key]
        return result

    return cached


_CONFIGURED: dict[Game, Game] = {}


class Game:
    """Base class of a rule system: the one plug-in point between the engines and a game.

    A subclass sets the class attributes below (vocabulary, map style, options)
    and overrides the hooks that hand out its rules (:meth:`los_policy`,
    :meth:`movement_rules`, :meth:`odds_procedure`, :meth:`scenario_rules`,
    :meth:`fire_rules`, :meth:`turn_rules`, :meth:`bots`, :meth:`coverage`), each importing its rule
    module inside the method. Engines, the command line, widgets and lessons ask the game object and
    never switch on a game id.

    An instance carries the values of the game's :class:`~wartools.rules.options.Option`\\ s
    (``settings``): the defaults, unless built with ``Game(**values)`` or
    :meth:`with_options`. A house rule is a subclass registered under its own id
    (see :func:`wartools.rules.registry.register`) that changes ``defaults``, options
    or overrides a hook.

    Examples
    --------
    >>> from wartools.rules import find_game
    >>> ci = find_game("combat-infantry")
    >>> ci.option("night")
    False
    >>> dark = ci.with_options(night=True)
    >>> dark.option("night"), dark == ci, dark.id
    (True, False, 'combat-infantry')
    >>> type(ci.los_policy()).__name__, ci.movement_rules().__name__
    ('CombatInfantryLOS', 'Rules')
    >>> ci.with_options(nigth=True)
    Traceback (most recent call last):
    ...
    wartools.rules.options.OptionError: combat-infantry has no option 'nigth'; valid: ...
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    rulebook: ClassVar[str] = ""
    grid_type: ClassVar[str] = "hex"
    default_terrain: ClassVar[str] = "clear"
    terrain: ClassVar[Vocabulary]
    edge_features: ClassVar[Vocabulary]
    cell_features: ClassVar[Vocabulary]
    unit_types: ClassVar[Vocabulary]
    sides: ClassVar[tuple[str, ...]] = ()
    #: how the game's terrain, edge features and cell features look on a map
    #: (:mod:`wartools.rules.style`); unstyled names are drawn in neutral fallbacks
    map_style: ClassVar[MapStyle] = MapStyle()
    #: the game's situation switches and assumed readings (:class:`Option`)
    options: ClassVar[tuple[Option, ...]] = ()
    #: option values a subclass (a house rule) puts in force instead of the options' defaults
    defaults: ClassVar[Mapping[str, Any]] = {}
    def __init__(self, **values: Any) -> None:
        merged = {**self.defaults, **values}
        self._settings = MappingProxyType(settings_from(self.options, merged, self.id or type(self).__name__))
        #: what the :func:`per_game` hooks built for this configured game
        self._made: dict[str, Any] = {}

    # --- options ----------------------------------------------------------------------
    @property
    def settings(self) -> Mapping[str, Any]:
        """The value of every option in force (read-only)."""
        return self._settings

    def option(self, name: str) -> Any:
        """The value in force of option ``name``."""
        if name in self._settings:
            return self._settings[name]
        self.option_spec(name)          # raises, naming the valid options
        raise AssertionError(name)      # pragma: no cover - every declared option has a setting

    def option_spec(self, name: str) -> Option:
        """The declared :class:`Option` called ``name``."""
        for o in self.options:
            if o.name == name:
                return o
        raise OptionError(f"{self.id} has no option {name!r}; valid: {', '.join(self._settings) or 'none'}")

    def with_options(self, **values: Any) -> Game:
        """The same game with some option values changed (``night=True``, or text values)."""
        if not values:
            return self
        made = type(self)(**{**self._settings, **values})
        # one object per configuration, so its rules (and their caches) are built once
        return _CONFIGURED.setdefault(made, made)

    def changed_settings(self) -> dict[str, Any]:
        """The options whose value differs from their declared default."""
        return {o.name: self._settings[o.name] for o in self.options if self._settings[o.name] != o.default}

    def assumptions(self, names: Iterable[str] | None = None) -> tuple[Assumption, ...]:
        """The assumed readings in force among ``names`` (default: all), plus every option
        changed from its default (a house rule the answer rests on)."""
        wanted = None if names is None else set(names)
        out = []
        for o in self.options:
            if wanted is not None and o.name not in wanted:
                continue
            value = self._settings[o.name]
            if o.assumed or value != o.default:
                out.append(o.assumption(value))
        return tuple(out)

    # --- rules: each game overrides these, importing its rule module inside the method ---
    @per_game
    def los_policy(self) -> LOSPolicy:
        """The game's line-of-sight policy (:class:`~wartools.rules.los.LOSPolicy`), configured
        with this game's options (one per game object); the neutral policy (only a situation's
        range limits sight) in the base class."""
        from wartools.rules.los import LOSPolicy

        return LOSPolicy(game=self)

    def movement_rules(self) -> type[MovementRules]:
        """The game's :class:`~wartools.rules.movement.MovementRules` subclass: a movement
        question builds its rules per mover (map, unit type, situation), reading the options
        of the map's game; the neutral rules (every step costs 1 point) in the base class."""
        from wartools.rules.movement import MovementRules

        return MovementRules

    def odds_procedure(self) -> OddsProcedure:
        """The game's combat procedures for ``wartools odds`` (typed parameters and a runner,
        which is handed the configured game); the base class has none and says so."""
        from wartools.rules.odds import no_procedure

        return no_procedure(self)

    @per_game
    def scenario_rules(self) -> ScenarioRules:
        """This game's scenario policy (turn name, VP per elimination, hex control,
        set-up areas, stacking), reading this game object's options; the neutral
        :class:`~wartools.rules.scenario.ScenarioRules` in the base class.

        Examples
        --------
        >>> from wartools.rules import find_game
        >>> find_game("ci").scenario_rules().turn_name
        'game turn'
        """
        from wartools.rules.scenario import ScenarioRules

        return ScenarioRules(self)

    def fire_rules(self) -> FireRules:
        """This game's fire policy for scenario analysis and play: the attack question (who can
        fire at whom, with what odds, or the rule that refuses), what a hit is, how attackers
        combine, where a mover is exposed.

        Its base class, :class:`wartools.games.fire_rules.FireRules`, composes the LOS engine,
        so it sits above the engines with the games, and this interface cannot build it: a
        game overrides the hook (``@per_game``, returning its ``FireRules`` subclass or the
        base's "nobody fires"); the base class has no fire rules and says so.

        Examples
        --------
        >>> from wartools.rules import Game, find_game
        >>> find_game("hon").fire_rules().exposure
        'every-cell'
        >>> Game().fire_rules()
        Traceback (most recent call last):
        ...
        wartools.errors.WartoolsError: game '' has no fire rules (its Game class does not override fire_rules)
        """
        raise WartoolsError(f"game {self.id!r} has no fire rules (its Game class does not override fire_rules)")

    @per_game
    def turn_rules(self) -> TurnRules:
        """This game's sequence of play for playouts (who acts when, what an action may be, how
        shots, assaults and rallies resolve); the neutral :class:`~wartools.rules.turn.TurnRules`
        in the base class.

        Examples
        --------
        >>> from wartools.rules import find_game
        >>> find_game("ci").turn_rules().turn_rule
        'Combat Infantry 1.0'
        """
        from wartools.rules.turn import TurnRules

        return TurnRules(self)

    def bots(self) -> Mapping[str, Callable[[], Bot]]:
        """The game's own bots for playouts, by name: each a class built with no arguments (or a
        factory) following the bot protocol (:class:`~wartools.rules.bots.Bot`), found by name
        like the built-in ones (:func:`wartools.play.find_bot`); none in the base class.

        Examples
        --------
        >>> from wartools.rules import Game, find_game
        >>> sorted(find_game("ci").bots()), dict(Game().bots())
        (['chit-pull'], {})
        """
        return {}

    #: how the rulebook excerpt numbers its sections: a regular expression (multi-line) whose
    #: first group is a section number; the coverage test lists every match
    section_pattern: ClassVar[str] = r"^(\d+(?:\.\d+)+)\s+[A-Z]"

    def coverage(self) -> tuple[Entry, ...]:
        """The rules coverage rows of this game (:mod:`wartools.rules.coverage`); none in the
        base class."""
        return ()

    def __repr__(self) -> str:
        changed = self.changed_settings()
        extra = "".join(f" {k}={v!r}" for k, v in changed.items())
        return f"<{type(self).__name__} {self.id!r}{extra}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and type(self) is type(other) and self._settings == other._settings

    def __hash__(self) -> int:
        got: int | None = self.__dict__.get("_hash")
        if got is None:     # the settings are read-only: hashed once (a game keys many caches)
            got = self.__dict__["_hash"] = hash((type(self), tuple(sorted(self._settings.items()))))
        return got
