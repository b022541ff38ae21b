"""The policy a game plugs into scenario analysis (:mod:`wartools.analysis`): :class:`FireRules`.

A game's ``fire`` module (``wartools.games.<game>.fire``) defines a subclass named
``Fire``; :meth:`wartools.games.Game.fire_rules` returns an instance. The analysis
layer asks it only generic questions, never which game it runs:

- what a unit fires with (:meth:`FireRules.profile`: its range and the numbers its
  counter or card prints, typical values of its type unless the unit's tags give them);
- the line-of-sight situation of a shot (:meth:`FireRules.situation`) and any
  restriction besides the line and the range (:meth:`FireRules.refusal`);
- the inputs of the game's own odds procedure for one attack
  (:meth:`FireRules.odds_inputs`), what a *hit* is in this game
  (:meth:`FireRules.read`), how several attackers on one target combine
  (:meth:`FireRules.combine`) and which of them the fire limits let fire together
  (:meth:`FireRules.limit`);
- where the enemy gets to fire at a mover (:attr:`FireRules.exposure`: every cell
  entered, or the cell a move ends on) and whether a unit may move and then fire
  (:meth:`FireRules.move_budget`).

Every hook has a neutral default: a game without a ``fire`` module has no unit that
can fire, so its threat maps are empty and say so.

Examples
--------
>>> from wartools.games import find_game
>>> f = find_game("conflict-of-heroes").fire_rules()
>>> f.exposure, f.hit.split(":")[0]
('every-cell', 'a hit')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.base import Game
    from wartools.grids.base import Cell
    from wartools.los.policy import LOSSituation
    from wartools.mapmodel import Map, Unit

#: exposure kinds: the enemy may fire at a mover in every cell it enters, or where its move ends
EVERY_CELL, END_OF_MOVE = "every-cell", "end-of-move"


@dataclass(frozen=True)
class Profile:
    """What one unit fires with: its range in cells and the game's numbers for it
    (``{"firepower": 4, "defense": 12}``...), and whether they are typical values of its type.

    Examples
    --------
    >>> Profile(2, {"firepower": 2}).value("firepower")
    2
    """

    range: int
    values: Mapping[str, int] = field(default_factory=dict)
    typical: bool = True

    def value(self, name: str, default: int = 0) -> int:
        """One of the numbers (``default`` when the game gives none)."""
        return int(self.values.get(name, default))


@dataclass(frozen=True)
class Attack:
    """One attacker's attack on one target: the odds inputs it was computed from, and the
    exact chance of a hit and the expected hits (as the game defines a hit)."""

    attacker: str
    inputs: Mapping[str, Any]
    p_hit: Fraction
    expected: Fraction
    distance: int = 0
    assumptions: tuple[Assumption, ...] = ()


def tag_values(tags: Iterable[str]) -> dict[str, int]:
    """Numbers given as ``name=value`` tags on a unit (``range=4``, ``firepower=3``).

    Examples
    --------
    >>> tag_values(("pinned", "range=4", "firepower=-1"))
    {'range': 4, 'firepower': -1}
    """
    out: dict[str, int] = {}
    for t in tags:
        name, sep, value = t.partition("=")
        v = value.strip()
        if sep and v.lstrip("-").isascii() and v.lstrip("-").isdigit() and len(v) < 6:
            out[name.strip().lower()] = int(v)
    return out


class FireRules:
    """Neutral fire policy; games subclass it as ``wartools.games.<game>.fire.Fire``.

    Parameters
    ----------
    game
        The configured :class:`~wartools.games.Game`.
    """

    #: what a hit is in this game, with its rule section
    hit: ClassVar[str] = "a hit: this game defines no fire for analysis"
    #: how several attackers on one target combine, with its rule section
    combination: ClassVar[str] = "independent attacks: P(at least one hit) = 1 - product of the misses"
    #: where the enemy may fire at a mover (:data:`EVERY_CELL` or :data:`END_OF_MOVE`)
    exposure: ClassVar[str] = END_OF_MOVE
    #: why, citing the sequence of play
    exposure_rule: ClassVar[str] = "the game defines no fire at moving units"
    #: typical values per unit type (range and the game's numbers), used unless a unit's tags give them
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {}
    #: the section the typical values stand in for
    PROFILE_RULE: ClassVar[str] = ""
    #: options whose readings every fire answer rests on
    OPTIONS: ClassVar[tuple[str, ...]] = ()
    #: options whose readings an answer rests on when attackers move before firing
    MOVE_OPTIONS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- units ------------------------------------------------------------------------
    def profile(self, unit: Unit) -> Profile | None:
        """What ``unit`` fires with, or ``None`` when it cannot fire."""
        base = self.PROFILES.get(unit.type)
        if base is None or "range" not in base:
            return None
        given = tag_values(unit.tags)
        values = {**base, **{k: v for k, v in given.items() if k in base}}
        typical = not set(base) <= set(given)
        return Profile(values.pop("range"), values, typical)

    def target_profile(self, unit_type: str, strength: int | None = None) -> Profile:
        """The defensive numbers of a unit of ``unit_type`` (range 0 if it cannot fire)."""
        base = dict(self.PROFILES.get(unit_type, {}))
        rng = base.pop("range", 0)
        if strength is not None:
            base["strength"] = strength
        return Profile(rng, base)

    def situation(self, attacker: Unit, target_type: str, profile: Profile) -> LOSSituation:
        """The line-of-sight situation of ``attacker`` firing at a ``target_type``."""
        from wartools.los.policy import LOSSituation

        return LOSSituation(unit=attacker.type, target=target_type, side=attacker.side, mode="fire",
                            range=profile.range)

    def refusal(self, m: Map, attacker: Unit, target: Cell, target_type: str) -> str | None:
        """Why ``attacker`` may not fire at ``target`` for a reason other than the line and the
        range (``None``: it may). Called only on cells the line and the range allow."""
        return None

    # --- odds ---------------------------------------------------------------------------
    def odds_inputs(self, m: Map, attacker: Unit, profile: Profile, target_type: str, target: Profile,
                    cell: Cell, distance: int, los_modifier: int) -> dict[str, Any] | None:
        """The inputs of the game's odds procedure for this attack (``None``: it cannot hurt
        the target, e.g. no firepower against armour)."""
        return None

    def read(self, answer: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
        """``(P(at least one hit), expected hits)`` from the odds procedure's answer."""
        return answer["hit"], answer["hit"]

    def attack(self, m: Map, attacker: Unit, profile: Profile, target_type: str, target: Profile, cell: Cell,
               distance: int, los_modifier: int = 0,
               cache: dict[Any, Any] | None = None) -> Attack | None:
        """The odds of one attack, computed by the game's own odds procedure."""
        inputs = self.odds_inputs(m, attacker, profile, target_type, target, cell, distance, los_modifier)
        if inputs is None:
            return None
        key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in inputs.items()))
        got = None if cache is None else cache.get(key)
        if got is None:
            result = self.game.odds_procedure().run(self.game, inputs)
            got = (*self.read(result.answer), tuple(result.assumptions))
            if cache is not None:
                cache[key] = got
        return Attack(attacker.id, inputs, got[0], got[1], distance, got[2])

    def combine(self, attacks: Sequence[Attack], target_type: str, target: Profile) -> tuple[Fraction, Fraction]:
        """``(P(at least one hit), expected hits)`` of several attacks on one target:
        independent events by default."""
        miss, expected = Fraction(1), Fraction(0)
        for a in attacks:
            miss *= 1 - a.p_hit
            expected += a.expected
        return 1 - miss, expected

    def limit(self, m: Map, attacks: Sequence[Attack], units: Mapping[str, Unit]) -> tuple[Attack, ...]:
        """The attacks the fire limits let fire together at one target (all, by default)."""
        return tuple(attacks)

    # --- movement -----------------------------------------------------------------------
    def move_budget(self, attacker: Unit, allowance: int) -> int | None:
        """Points ``attacker`` may move before firing in the same turn (``None``: it may not
        move and fire)."""
        return None

    def assumptions(self, moving: bool = False) -> tuple[Assumption, ...]:
        """The assumed readings every fire answer of this game rests on (and, with ``moving``,
        those of moving before firing)."""
        out = list(self.game.assumptions(self.OPTIONS + (self.MOVE_OPTIONS if moving else ())))
        if self.PROFILE_RULE:
            out.append(Assumption(self.PROFILE_RULE,
                                  "units fire and defend with the typical values of their type "
                                  f"({', '.join(sorted(self.PROFILES))}: see wartools.games."
                                  f"{self.game.package.rsplit('.', 1)[-1]}.fire) unless the scenario gives "
                                  "them as name=value tags"))
        return tuple(out)


__all__ = ["Attack", "END_OF_MOVE", "EVERY_CELL", "FireRules", "Profile", "tag_values"]
