"""The :class:`Situation`: everything about a question besides the map and the cells.

Every engine answers a question about a map, some cells and a *situation*:
whose side asks, which unit acts, whether it is night, the weather. Those
common fields live here, in one frozen value type that both engines import;
each engine widens it with the fields only it reads:

- :class:`wartools.los.LOSSituation` adds the target, the mode (sight or
  fire), indirect fire, a range, the observer's height and spotting;
- :class:`wartools.movement.MoveSituation` adds game options switched on for
  one question, extra points, the other units and the moving unit.

Why a base and two specialisations rather than one class with every field:
both engines cache on the situation (the movement graph per situation, the
LOS relevance masks per situation), so a field one engine never reads would
split its cache (two identical movement graphs for a "sight" and a "fire"
question); a keyword meant for the other engine (``extra_points=`` on a line
of sight, ``range=`` on a move) must be refused, not silently ignored; and the other units a move needs are :class:`Unit` objects
the LOS engine never looks at (it reads the units from the map). No field
and no check is written twice: the common ones, and :meth:`Situation.on`
(names checked against the map), are here.

A scenario's question has one more layer, :class:`ScenarioSituation`: the
scenario's options (the map's, the scenario's and a command's ``--option``,
all in force in its game), its teams and the turn, built once by
:meth:`wartools.scenario.Scenario.situation`; every analysis reads it and
asks every engine with it (an engine keeps the fields it reads).

An engine takes any :class:`Situation` and widens it with :meth:`Situation.of`,
so one situation asks both engines the same question, and checks it against the
map with :meth:`Situation.on` (where a scenario's ``night`` and ``weather`` game
options apply, for every engine alike).

Examples
--------
>>> Situation(side="US", night=True)
Situation(side='US', unit=None, night=True, weather='clear')
>>> Situation(side="US").replace(night=True) == Situation(side="US", night=True)
True
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from wartools.errors import WartoolsError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map


#: field names per situation class (:meth:`Situation.field_names`, asked on every query)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


class SituationError(WartoolsError):
    """A bad situation field (an unknown name, a negative range ...)."""


@dataclass(frozen=True)
class Situation:
    """Everything about a question other than the map and the cells, common to every engine.

    Parameters
    ----------
    side
        The acting unit's side (the observer's, the mover's); by default the
        side of the unit on the start cell. Decides which units are friendly.
    unit
        The acting unit's type (the game's name, any case): the observer of a
        line of sight, the mover of a move; by default the unit on the start cell.
    night
        A night scenario (also on when the game option ``night`` is true).
    weather
        ``"clear"`` or a game's bad-weather name (``"mud"``, ``"snow"`` ...); a clear
        weather takes the game option ``weather`` when the game has one.

    Examples
    --------
    >>> sit = Situation(side="US", unit="rifle")
    >>> sit.night, sit.weather
    (False, 'clear')
    >>> Situation.field_names()
    ('side', 'unit', 'night', 'weather')
    """

    side: str | None = None
    unit: str | None = None
    night: bool = False
    weather: str = "clear"

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The names of this class's fields, in order."""
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return names

    @classmethod
    def keywords(cls) -> tuple[str, ...]:
        """The fields a caller may give a query as keywords (an engine may fill others itself).

        Examples
        --------
        >>> Situation.keywords()
        ('side', 'unit', 'night', 'weather')
        """
        return cls.field_names()

    @classmethod
    def check_names(cls, names: Iterable[str]) -> tuple[str, ...]:
        """This class's field names, after checking that every one of ``names`` is one of them.

        Examples
        --------
        >>> Situation.check_names(["side", "night"])
        ('side', 'unit', 'night', 'weather')
        >>> Situation.check_names(["sight"])
        Traceback (most recent call last):
        ...
        wartools.situation.SituationError: unknown Situation field(s) sight; valid: side, unit, night, weather
        """
        valid = cls.field_names()
        unknown = sorted(set(names) - set(valid))
        if unknown:
            raise SituationError(f"unknown {cls.__name__} field(s) {', '.join(unknown)}; "
                                 f"valid: {', '.join(valid)}")
        return valid

    @classmethod
    def of(cls, situation: Situation | None = None, **changes: Any) -> Self:
        """This class's situation from any :class:`Situation` and keyword fields.

        The fields ``situation`` shares with this class are kept (a movement
        situation asked about a line of sight keeps its side, unit, night and
        weather); ``changes`` override them. A name that is not a field of this
        class is refused with the valid ones.

        Examples
        --------
        >>> Situation.of(None, side="US")
        Situation(side='US', unit=None, night=False, weather='clear')
        >>> Situation.of(Situation(night=True), side="US").night
        True
        >>> Situation.of(None, range=3)
        Traceback (most recent call last):
        ...
        wartools.situation.SituationError: unknown Situation field(s) range; valid: side, unit, night, weather
        """
        names = cls.check_names(changes)
        if isinstance(situation, cls):
            return dataclasses.replace(situation, **changes) if changes else situation
        kept = {} if situation is None else {n: getattr(situation, n) for n in situation.field_names()
                                             if n in names}
        return cls(**{**kept, **changes})

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed.

        Examples
        --------
        >>> Situation(side="US").replace(weather="mud").weather
        'mud'
        """
        return dataclasses.replace(self, **changes)

    def on(self, m: Map) -> Self:
        """This situation checked against the map ``m``: the side and unit type names are the
        map's and game's (any case in, the canonical name out; an unknown one is an error naming
        the valid ones), the weather is a lower-case name, and the scenario's conditions set by
        game options apply: ``night`` makes it night, ``weather`` replaces a clear weather.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map('combat-infantry', 2, 2)
        >>> Situation(side="german", unit="Rifle", weather=" Mud ").on(m)
        Situation(side='German', unit='rifle', night=False, weather='mud')
        >>> Situation().on(m.with_options(night=True, weather="bad"))
        Situation(side=None, unit=None, night=True, weather='bad')
        >>> Situation(side="martians").on(m)
        Traceback (most recent call last):
        ...
        wartools.errors.WartoolsError: unknown side 'martians' for combat-infantry; valid: US, German
        """
        changes = self._checked(m)
        changed = {k: v for k, v in changes.items() if getattr(self, k) != v}
        return dataclasses.replace(self, **changed) if changed else self

    def _checked(self, m: Map) -> dict[str, Any]:
        """The canonical values of the fields :meth:`on` checks (subclasses add theirs)."""
        settings = m.game.settings
        weather = str(self.weather or "clear").strip().lower()
        if weather == "clear" and isinstance(settings.get("weather"), str):
            weather = settings["weather"].strip().lower()   # the scenario's weather (game option)
        out: dict[str, Any] = {"weather": weather, "night": bool(self.night) or settings.get("night") is True}
        if self.side is not None and self.side not in m.game.sides:   # a game's side is canonical
            out["side"] = m.side(self.side)
        if self.unit:
            out["unit"] = m.game.unit_types.resolve(self.unit)
        return out


@functools.cache
def _own_keywords(query: Callable[..., Any]) -> tuple[str, ...]:
    """The keywords a query names in its signature: ``situation`` and its keyword-only ones."""
    return tuple(p.name for p in inspect.signature(query).parameters.values()
                 if p.kind is p.KEYWORD_ONLY or (p.name == "situation" and p.kind is not p.VAR_KEYWORD))


def check_keywords(query: Callable[..., Any], situation: type[Situation], given: Iterable[str]) -> None:
    """The one check of an engine query's keywords (every LOS and movement query calls it):
    each of ``given`` is a keyword field of ``situation`` (:meth:`Situation.keywords`) or a
    keyword the query itself names; otherwise one error names the query, the unknown
    keywords and every valid one.

    Examples
    --------
    >>> def query(m, a, situation=None, *, budget=None, **keywords): ...
    >>> check_keywords(query, Situation, ["night", "budget"])
    >>> check_keywords(query, Situation, ["nite"])
    Traceback (most recent call last):
    ...
    wartools.situation.SituationError: query: unknown keyword nite; valid: side, unit, night, weather, situation, budget
    """
    valid = situation.keywords() + _own_keywords(query)
    unknown = sorted(set(given) - set(valid))
    if unknown:
        many = "s" if len(unknown) > 1 else ""
        raise SituationError(f"{query.__name__}: unknown keyword{many} {', '.join(unknown)}; "
                             f"valid: {', '.join(valid)}")


@dataclass(frozen=True)
class ScenarioSituation(Situation):
    """The situation of a scenario in one position: the common fields, plus the turn, the
    teams and the game options in force (the map's, the scenario's and a command's), as
    ``settings``.

    Built by :meth:`wartools.scenario.Scenario.situation`, beside the scenario's board
    (:meth:`wartools.scenario.Scenario.board`), whose game carries the same option values and
    whose map the same teams, so the rules the engines call read them there; an engine asked
    with it keeps the fields it reads (:meth:`Situation.of`).

    Parameters
    ----------
    turn
        The turn (game turn, round) of the position.
    teams
        ``(team, (side, ...))`` pairs: the sides that are allies.
    settings
        ``(name, value)`` pairs of the game options in force that differ from their defaults
        (not ``options``: the movement situation's per-question switches have that name).

    Examples
    --------
    >>> sit = ScenarioSituation(night=True, turn=2, teams=(("Allies", ("US", "British")),))
    >>> sit.allies("British"), sit.turn
    (('US', 'British'), 2)
    >>> from wartools.rules.los import LOSSituation
    >>> LOSSituation.of(sit, mode="fire").night
    True
    """

    turn: int = 1
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()
    settings: tuple[tuple[str, Any], ...] = ()

    def allies(self, side: str) -> tuple[str, ...]:
        """The sides of ``side``'s team (``side`` alone when no team names it)."""
        return next((members for _, members in self.teams if side in members), (side,))
