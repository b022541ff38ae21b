"""Heroes of Normandie shot, mine, bunker, landing craft and aircraft odds (Bloody Omaha 1.1, 2, 3.2, 4.2, 5).

A shot is one d6 plus the attack value against the target's defense value
raised by its defensive bonuses: a *universal* bonus always, a *directional*
bonus only when the shot crosses the element's protected edge (Heroes of
Normandie 1.1). The Bloody Omaha excerpt refers to, but does not print, the
core-box shooting rule, so two conventional readings are documented,
overridable parameters: the long range penalty is ``-2`` (Hawkeyed ignores
it, 3.2; never applied when aircraft are involved, 5), and a natural 1 always
misses (as it does for mines, 4.2).

Examples
--------
>>> from wartools.games.heroes_of_normandie.combat import shot_probability, mine_attack
>>> shot_probability(3, 5)
Fraction(5, 6)
>>> mine_attack([1, 1, 1], defense=7)["hit"]     # the 4.2 mine example
Fraction(1, 2)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from wartools.dice import Dist, d
from wartools.errors import WartoolsError

__all__ = [
    "D6", "LONG_RANGE_PENALTY", "ShotModifiers", "shot_probability", "resolve_shot",
    "mine_attack", "resolve_mines", "mine_clearing", "bunker_stun", "bunker_stun_rolls",
    "TRANSPORT_POINTS", "transport_points", "fits_landing_craft", "speed_penalty",
]

D6 = d(6)
LONG_RANGE_PENALTY = 2
"""Assumed long range penalty (the core rule is not in the excerpt)."""


@dataclass(frozen=True)
class ShotModifiers:
    """Everything that moves a shot's roll or target number (Heroes of Normandie 1.1, 3.2, 4.2, 5).

    Parameters
    ----------
    universal_bonus
        Universal Defensive Bonus of the target's terrain element.
    directional_bonus, crosses_protected_edge
        Directional Defensive Bonus, applied only when the shot crosses the
        element's protected (top) edge.
    long_range, hawkeyed, aircraft
        Long range shot; Hawkeyed shooters ignore the penalty (3.2); it is
        never applied when an aircraft fires or is fired on (5).
    roll_bonus
        Bonuses added to the die roll (Ammo Belts +2/+1, APC Shells +1, AA bonus...).
    speed_penalty
        Aircraft speed penalty (see :func:`speed_penalty`).
    long_range_penalty, one_always_misses
        The conventional readings described in the module docstring.
    """

    universal_bonus: int = 0
    directional_bonus: int = 0
    crosses_protected_edge: bool = False
    long_range: bool = False
    hawkeyed: bool = False
    aircraft: bool = False
    roll_bonus: int = 0
    speed_penalty: int = 0
    long_range_penalty: int = LONG_RANGE_PENALTY
    one_always_misses: bool = True

    def roll_modifier(self) -> int:
        """Net modifier added to the die (bonuses minus penalties)."""
        penalty = self.long_range_penalty if (self.long_range and not self.hawkeyed
                                              and not self.aircraft) else 0
        return self.roll_bonus - penalty - self.speed_penalty

    def defense_bonus(self) -> int:
        """Defensive bonuses added to the target's defense value (1.1)."""
        return self.universal_bonus + (self.directional_bonus if self.crosses_protected_edge else 0)


def resolve_shot(roll: int, attack: int, defense: int,
                 modifiers: ShotModifiers | None = None) -> bool:
    """Scripted shot: does the die ``roll`` hit?

    Examples
    --------
    >>> resolve_shot(4, 3, 6, ShotModifiers(universal_bonus=1))
    True
    >>> resolve_shot(1, 9, 2)       # a natural 1 misses (conventional reading)
    False
    """
    if not 1 <= roll <= 6:
        raise WartoolsError(f"a d6 face is 1-6, got {roll}")
    m = modifiers or ShotModifiers()
    if roll == 1 and m.one_always_misses:
        return False
    return roll + attack + m.roll_modifier() >= defense + m.defense_bonus()


def shot_probability(attack: int, defense: int, modifiers: ShotModifiers | None = None) -> Fraction:
    """P(hit) of one shot: d6 + attack value >= defense value + bonuses (Heroes of Normandie 1.1).

    Examples
    --------
    >>> shot_probability(3, 6, ShotModifiers(directional_bonus=2, crosses_protected_edge=False))
    Fraction(2, 3)
    >>> shot_probability(3, 6, ShotModifiers(directional_bonus=2, crosses_protected_edge=True))
    Fraction(1, 3)
    >>> shot_probability(3, 6, ShotModifiers(long_range=True, hawkeyed=True))
    Fraction(2, 3)
    """
    return D6.prob(lambda r: resolve_shot(r, attack, defense, modifiers))


def resolve_mines(roll: int, combat_values: Sequence[int], defense: int) -> str:
    """Scripted mine attack (Heroes of Normandie 4.2, Minefield): ``hit``, ``discard`` or ``miss``.

    One die plus the combat values of every triggered mine counter (one per
    mined square); terrain gives no bonus. ``hit`` = 1 Hit and 1 Suppressed
    Marker; a roll of 1 is ``discard``: no hit and the defender discards one
    of the added mine counters.

    Examples
    --------
    The rulebook example: three mined squares, each counter worth 1.

    >>> resolve_mines(4, [1, 1, 1], defense=7)
    'hit'
    """
    if not 1 <= roll <= 6:
        raise WartoolsError(f"a d6 face is 1-6, got {roll}")
    if roll == 1:
        return "discard"
    return "hit" if roll + sum(combat_values) >= defense else "miss"


def mine_attack(combat_values: Sequence[int], defense: int) -> Dist:
    """Distribution of a mine attack's result (Heroes of Normandie 4.2).

    Examples
    --------
    >>> mine_attack([1, 1, 1], defense=7)
    Dist({'discard': 1/6, 'hit': 1/2, 'miss': 1/3})
    """
    return D6.map(lambda r: resolve_mines(r, combat_values, defense))


def mine_clearing() -> Dist:
    """An Engineer clearing mines: ``hit`` on a 1 (the engineer takes a Hit), else ``cleared`` (4.2)."""
    return D6.map(lambda r: "hit" if r == 1 else "cleared")


def bunker_stun(dice: int) -> Fraction:
    """P(at least one 5 or 6 among ``dice`` Destruction dice): units inside are suppressed (1.1, Bunker).

    Examples
    --------
    >>> bunker_stun(2)
    Fraction(5, 9)
    """
    if dice < 0:
        raise WartoolsError(f"dice must be >= 0, got {dice}")
    return 1 - Fraction(2, 3) ** dice


def bunker_stun_rolls(faces: Iterable[int]) -> bool:
    """Scripted bunker stun: any 5 or 6 among the faces."""
    return any(f >= 5 for f in faces)


TRANSPORT_POINTS = {"character": 1, "small-infantry": 1, "infantry": 2,
                    "light-vehicle": 5, "vehicle-2-squares": 7}
"""Transport capacity used per unit on a landing craft (Heroes of Normandie 2, Landing Craft)."""


def transport_points(kind: str) -> int:
    """Transport points a unit uses; ``small-infantry`` = infantry bearing the 1-point symbol."""
    try:
        return TRANSPORT_POINTS[kind]
    except KeyError:
        raise WartoolsError(f"unknown transport kind {kind!r}; valid: {', '.join(TRANSPORT_POINTS)}") from None


def fits_landing_craft(kinds: Iterable[str], capacity: int = 7) -> bool:
    """Whether the units fit one landing craft (Transport 7).

    Examples
    --------
    The rulebook example: Lieutenant and 60mm Mortar (1 each), Rifle Team and
    Support Team (2 each) share one craft; the Sherman fills the other.

    >>> fits_landing_craft(["character", "small-infantry", "infantry", "infantry"])
    True
    >>> fits_landing_craft(["vehicle-2-squares", "character"])
    False
    """
    return sum(transport_points(k) for k in kinds) <= capacity


def speed_penalty(aircraft_order: int | None, firer_order: int | None, *,
                  opportunity_fire: bool = False) -> int:
    """Aircraft speed penalty (Heroes of Normandie 5, Speed Penalty).

    The difference between the two Numbered Order Tokens; 0 for opportunity
    fire; a standard 2 when the aircraft has no (or an unrevealed Special)
    Order Token, given as ``aircraft_order=None``.

    Examples
    --------
    >>> speed_penalty(3, 2), speed_penalty(3, 5), speed_penalty(3, 3), speed_penalty(3, None, opportunity_fire=True)
    (1, 2, 0, 0)
    """
    if opportunity_fire:
        return 0
    if aircraft_order is None:
        return 2
    if firer_order is None:
        raise WartoolsError("the firing unit's order token value is needed (or opportunity_fire=True)")
    return abs(aircraft_order - firer_order)
