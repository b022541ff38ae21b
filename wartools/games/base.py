"""The :class:`Game` base class: what every rule system tells the engines.

A rule system is a subclass that overrides class attributes (its vocabulary of
terrain, hexside/interspace features and unit types, and the :class:`MapStyle`
they are drawn in) and, in the LOS, movement
and combat layers, a few hooks. Engines never ask *which* game they run; they
ask the game object.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.errors import WartoolsError
from wartools.games.options import Assumption, Option, OptionError, settings_from
from wartools.games.style import MapStyle

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.coverage import Entry
    from wartools.games.fire_rules import FireRules
    from wartools.games.scenario_rules import ScenarioRules
    from wartools.games.turn_rules import TurnRules
    from wartools.games.procedures import OddsProcedure
    from wartools.los.policy import LOSPolicy
    from wartools.movement.rules import MovementRules


@dataclass(frozen=True)
class Vocabulary:
    """A closed set of names (terrain, features, unit types) plus aliases.

    Parameters
    ----------
    kind
        What the names are, for error messages ("terrain", "unit type").
    names
        The canonical names, in display order.
    aliases
        Other spellings accepted on input, mapped to a canonical name.
    section
        The rulebook section that defines the names (``"Combat Infantry 3.4"``).
    sections
        Sections for single names where they differ from ``section``.

    Examples
    --------
    >>> v = Vocabulary("terrain", ("clear", "woods"), {"forest": "woods"})
    >>> v.resolve("Forest")
    'woods'
    >>> Vocabulary("terrain", ("clear",), section="Combat Infantry 3.4").section_of("clear")
    'Combat Infantry 3.4'
    >>> v.resolve("swamp")
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: unknown terrain 'swamp'; valid: clear, woods (aliases: forest)
    """

    kind: str
    names: tuple[str, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)
    section: str = ""
    sections: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for alias, target in self.aliases.items():
            if target not in self.names:
                raise ValueError(f"alias {alias!r} points to unknown {self.kind} {target!r}")
        for name in self.sections:
            if name not in self.names:
                raise ValueError(f"section given for unknown {self.kind} {name!r}")

    def section_of(self, name: str) -> str:
        """The rulebook section for ``name`` (its own, else the vocabulary's; may be empty)."""
        return self.sections.get(self.resolve(name), self.section)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._lookup(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def _lookup(self, name: str) -> str | None:
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key in self.names:
            return key
        return self.aliases.get(key)

    def choices(self) -> str:
        """The valid names as one human-readable string."""
        text = ", ".join(self.names)
        if self.aliases:
            text += " (aliases: " + ", ".join(sorted(self.aliases)) + ")"
        return text

    def resolve(self, name: object) -> str:
        """Return the canonical name for ``name`` or raise naming the valid ones."""
        found = self._lookup(name) if isinstance(name, str) else None
        if found is None:
            raise WartoolsError(f"unknown {self.kind} {name!r}; valid: {self.choices()}")
        return found


_CONFIGURED: dict[Game, Game] = {}


class Game:
    """Base class of a rule system: the one plug-in point between the engines and a game.

    A subclass sets the class attributes below (vocabulary, map style, options)
    and names where its rules live (``los_rules``, ``movement_rules_ref``,
    ``odds_ref``); the rules are imported lazily, so loading a map pulls in
    neither shapely nor networkx. Engines, the command line, widgets and lessons
    ask the game object and never switch on a game id.

    An instance carries the values of the game's :class:`~wartools.games.options.Option`\\ s
    (``settings``): the defaults, unless built with ``Game(**values)`` or
    :meth:`with_options`. A house rule is a subclass registered under its own id
    (see :func:`wartools.games.register`) that changes ``defaults``, options or
    rule hooks.

    Examples
    --------
    >>> from wartools.games import find_game
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
    wartools.games.options.OptionError: combat-infantry has no option 'nigth'; valid: ...
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
    #: (:mod:`wartools.games.style`); unstyled names are drawn in neutral fallbacks
    map_style: ClassVar[MapStyle] = MapStyle()
    #: the game's situation switches and assumed readings (:class:`Option`)
    options: ClassVar[tuple[Option, ...]] = ()
    #: option values a subclass (a house rule) puts in force instead of the options' defaults
    defaults: ClassVar[Mapping[str, Any]] = {}
    #: the package holding the game's rule modules (``los``, ``movement``, ``combat``, ``odds``)
    package: ClassVar[str] = ""
    #: where the rules live, ``"module:attribute"`` (a module starting with ``.`` is inside
    #: ``package``), or the class itself. A house rule points one of them at its own class.
    los_rules: ClassVar[Any] = ".los:Policy"
    movement_rules_ref: ClassVar[Any] = ".movement:Rules"
    odds_ref: ClassVar[Any] = ".odds:PROCEDURE"
    scenario_ref: ClassVar[str] = ".scenario:Rules"
    fire_ref: ClassVar[str] = ".fire:Fire"
    turn_ref: ClassVar[str] = ".turn:Turns"

    def __init__(self, **values: Any) -> None:
        merged = {**self.defaults, **values}
        self._settings = MappingProxyType(settings_from(self.options, merged, self.id or type(self).__name__))

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

    # --- rules, found lazily -----------------------------------------------------------
    def _resolve(self, ref: Any) -> Any:
        if not isinstance(ref, str):          # a class or object given directly (a notebook's house rule)
            return ref
        module, _, attr = ref.partition(":")
        if module.startswith("."):
            if not self.package:
                raise WartoolsError(f"game {self.id!r} names no rules package")
            module = self.package + module
        return getattr(importlib.import_module(module), attr)

    @cached_property
    def _policy(self) -> LOSPolicy:
        return self._resolve(self.los_rules)(game=self)

    def los_policy(self) -> LOSPolicy:
        """The game's line-of-sight policy (:class:`~wartools.los.LOSPolicy`), configured with
        this game's options (one instance per game object)."""
        return self._policy

    def movement_rules(self) -> type[MovementRules]:
        """The game's :class:`~wartools.movement.MovementRules` subclass."""
        cls: type[MovementRules] = self._resolve(self.movement_rules_ref)
        return cls

    def odds_procedure(self) -> OddsProcedure:
        """The game's combat procedures for ``wartools odds`` (typed parameters and a runner)."""
        proc: OddsProcedure = self._resolve(self.odds_ref)
        return proc

    #: how the rulebook excerpt numbers its sections: a regular expression (multi-line) whose
    #: first group is a section number; the coverage test lists every match
    section_pattern: ClassVar[str] = r"^(\d+(?:\.\d+)+)\s+[A-Z]"
    coverage_ref: ClassVar[str] = ".coverage:COVERAGE"

    def coverage(self) -> tuple[Entry, ...]:
        """The rules coverage rows of this game (:mod:`wartools.games.coverage`); empty when
        the game has none."""
        try:
            rows: tuple[Entry, ...] = tuple(self._resolve(self.coverage_ref))
        except ModuleNotFoundError:
            return ()
        return rows

    # --- scenario layer hooks (wartools.scenario) -------------------------------------
    def scenario_rules(self) -> ScenarioRules:
        """This game's scenario policy (turn name, VP per elimination, hex control,
        set-up areas, stacking), reading this game object's options:
        ``wartools.games.<game>.scenario.Rules``, imported lazily; the neutral
        :class:`~wartools.games.scenario_rules.ScenarioRules` if the game has none.

        Examples
        --------
        >>> from wartools.games import find_game
        >>> find_game("ci").scenario_rules().turn_name
        'game turn'
        """
        rules: ScenarioRules = self._policy_or_neutral(self.scenario_ref,
                                                       "wartools.games.scenario_rules:ScenarioRules")
        return rules

    def _policy_or_neutral(self, ref: str, neutral: str) -> Any:
        """An instance of the policy class ``ref`` names for this game, or of ``neutral`` when
        the game has no such module."""
        try:
            cls = self._resolve(ref)
        except ModuleNotFoundError as exc:
            module = ref.partition(":")[0]
            if exc.name != (self.package + module if module.startswith(".") else module):
                raise
            cls = self._resolve(neutral)
        return cls(self)

    # --- analysis hooks (wartools.analysis) ---------------------------------------------
    def fire_rules(self) -> FireRules:
        """This game's fire policy for scenario analysis (who can fire at whom, what a hit is,
        how attackers combine, where a mover is exposed): ``wartools.games.<game>.fire.Fire``,
        imported lazily; the neutral :class:`~wartools.games.fire_rules.FireRules` (nobody
        fires) if the game has none.

        Examples
        --------
        >>> from wartools.games import find_game
        >>> find_game("hon").fire_rules().exposure
        'every-cell'
        """
        rules: FireRules = self._policy_or_neutral(self.fire_ref, "wartools.games.fire_rules:FireRules")
        return rules

    # --- play hooks (wartools.play) -----------------------------------------------------
    def turn_rules(self) -> TurnRules:
        """This game's sequence of play for playouts (who acts when, what an action may be, how
        shots, assaults and rallies resolve): ``wartools.games.<game>.turn.Turns``, imported
        lazily; the neutral :class:`~wartools.games.turn_rules.TurnRules` if the game has none.

        Examples
        --------
        >>> from wartools.games import find_game
        >>> find_game("ci").turn_rules().turn_rule
        'Combat Infantry 1.0'
        """
        rules: TurnRules = self._policy_or_neutral(self.turn_ref, "wartools.games.turn_rules:TurnRules")
        return rules

    def __repr__(self) -> str:
        changed = self.changed_settings()
        extra = "".join(f" {k}={v!r}" for k, v in changed.items())
        return f"<{type(self).__name__} {self.id!r}{extra}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and type(self) is type(other) and self._settings == other._settings

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self._settings.items()))))
