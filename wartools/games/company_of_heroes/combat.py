"""Company of Heroes damage phase odds (Company of Heroes 5, 6, 7, 9; Basic Rules).

Attackers place damage dice of four types on one target (Company of Heroes
5.1): Anti-Infantry (``AI``), Armor Piercing (``AP``), High Explosive
(``HE``) and ``Flame``; several attackers may pool on one target and a unit's
several damage types all go to its one target. The defense matrix (6) says
per unit type and damage type whether the target is *resistant* (one defense
die per point of that damage), *immune* (the damage does nothing) or has no
defense. Static defenses add dice: +2 for infantry in a building (6.1), +1 for
a unit defense upgrade; neither counts against Flame, which ignores all
defense rolls. A defense die succeeds on 4 of its 6 faces (green or black
symbols) and blocks one point of damage.

Examples
--------
>>> from wartools.games.company_of_heroes.combat import resolve_damage
>>> r = resolve_damage("infantry", {"AP": 3}, health=4, building=True)
>>> r.damage[0]                 # 5 defense dice against 3 AP (Company of Heroes 6)
Fraction(64, 81)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from wartools.dice import Dist, absorbing_distribution
from wartools.errors import WartoolsError
from wartools.games.company_of_heroes import CompanyOfHeroes

__all__ = [
    "DAMAGE_TYPES", "DEFENSE_MATRIX", "FACES", "SUCCESS", "health_colour", "defense_row",
    "pool_damage", "defense_dice", "DamageResult", "resolve_damage", "damage_from_faces",
    "can_be_pinned", "first_player", "first_player_rolls", "can_be_in_building", "BUILDING_UNITS",
]

DAMAGE_TYPES = ("AI", "AP", "HE", "Flame")
"""The four damage types (Company of Heroes 5.1)."""

RESISTANT, IMMUNE, HITS = "shield", "no-fire", "dash"

DEFENSE_MATRIX: Mapping[str, Mapping[str, str]] = {
    # Company of Heroes 6, Defense Matrix. The heavy vehicle's greyed AP shield
    # (frontal armor) is not used in the Basic Rules and is treated as a dash.
    "G": {"AI": HITS, "AP": RESISTANT, "HE": HITS, "Flame": HITS},
    "Y": {"AI": RESISTANT, "AP": HITS, "HE": RESISTANT, "Flame": HITS},
    "R": {"AI": IMMUNE, "AP": HITS, "HE": RESISTANT, "Flame": IMMUNE},
    "P": {"AI": RESISTANT, "AP": HITS, "HE": HITS, "Flame": HITS},
}
"""Health colour -> damage type -> ``shield`` / ``no-fire`` / ``dash``."""

FACES = {"he": "green", "speed": "green", "infantry": "black", "tank": "black",
         "crossed-infantry": "red", "flame": "red"}
"""The six faces of a damage die and their colours (Company of Heroes 6, Defense Rolls)."""

SUCCESS = Fraction(sum(c != "red" for c in FACES.values()), len(FACES))
"""A defense die succeeds on green or black: 4 faces of 6."""

_COLOUR = {"infantry": "G", "mg-team": "G", "mortar-team": "G", "at-team": "G",
           "light-vehicle": "Y", "heavy-vehicle": "R", "emplacement": "P"}
_GAME = CompanyOfHeroes()
#: the only units that can be inside a building (Company of Heroes 4, Regular Infantry; Weapon Teams)
BUILDING_UNITS = frozenset({"infantry", "mg-team"})


def health_colour(unit_type: str) -> str:
    """The health-symbol colour of a unit type: G, Y, R or P (Company of Heroes 4).

    Examples
    --------
    >>> health_colour("mg-team"), health_colour("tank")
    ('G', 'R')
    """
    return _COLOUR[_GAME.unit_types.resolve(unit_type)]


def can_be_in_building(unit_type: str) -> bool:
    """Whether a unit type can be inside a building: regular infantry and machine-gun teams
    only (Company of Heroes 4, Regular Infantry; Weapon Teams).

    Examples
    --------
    >>> can_be_in_building("mg-team"), can_be_in_building("mortar-team"), can_be_in_building("jeep")
    (True, False, False)
    """
    return _GAME.unit_types.resolve(unit_type) in BUILDING_UNITS


def defense_row(unit_type: str) -> Mapping[str, str]:
    """The unit type's row of the defense matrix."""
    return DEFENSE_MATRIX[health_colour(unit_type)]


def _damage_type(name: str) -> str:
    for t in DAMAGE_TYPES:
        if t.lower() == name.strip().lower():
            return t
    raise WartoolsError(f"unknown damage type {name!r}; valid: {', '.join(DAMAGE_TYPES)}")


def pool_damage(*attackers: Mapping[str, int]) -> dict[str, int]:
    """Pool the damage dice of several attackers on one target (Company of Heroes 5).

    Examples
    --------
    The Resolving Damage Example: Riflemen (1 AI), Grenadiers (1 AI) and an
    Sd.Kfz. 222 (1 AI + 1 AP) on a British Infantry Section.

    >>> pool_damage({"AI": 1}, {"AI": 1}, {"AI": 1, "AP": 1})
    {'AI': 3, 'AP': 1, 'HE': 0, 'Flame': 0}
    """
    total = dict.fromkeys(DAMAGE_TYPES, 0)
    for attack in attackers:
        for name, n in attack.items():
            if n < 0:
                raise WartoolsError(f"damage must be >= 0, got {name}={n}")
            total[_damage_type(name)] += n
    return total


def defense_dice(unit_type: str, damage: Mapping[str, int], *, building: bool = False,
                 upgrade: bool = False) -> int:
    """Number of defense dice the target rolls (Company of Heroes 6, 6.1).

    One die per resisted damage point, +2 for infantry in a building, +1 for a
    defense upgrade. Static dice only matter when blockable (non-Flame,
    non-immune) damage is assigned, since Flame ignores defense rolls.

    Examples
    --------
    >>> defense_dice("infantry", {"AP": 3}, building=True)
    5
    >>> defense_dice("infantry", {"Flame": 2}, building=True, upgrade=True)
    0
    >>> defense_dice("mortar-team", {"AI": 1}, building=True)
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: a mortar-team cannot be in a building: only regular infantry and machine-gun teams enter buildings (Company of Heroes 4, Regular Infantry, Weapon Teams)
    """
    if building and not can_be_in_building(unit_type):
        raise WartoolsError(f"a {_GAME.unit_types.resolve(unit_type)} cannot be in a building: only regular "
                            "infantry and machine-gun teams enter buildings (Company of Heroes 4, "
                            "Regular Infantry, Weapon Teams)")
    row = defense_row(unit_type)
    damage = pool_damage(damage)
    resisted = sum(n for t, n in damage.items() if row[t] == RESISTANT)
    blockable = sum(n for t, n in damage.items() if t != "Flame" and row[t] != IMMUNE)
    if not blockable:
        return 0
    static = 2 * (building and health_colour(unit_type) == "G") + upgrade
    return resisted + static


def _split(unit_type: str, damage: Mapping[str, int]) -> tuple[int, int]:
    """(blockable damage, unblockable Flame damage) after immunities."""
    row = defense_row(unit_type)
    damage = pool_damage(damage)
    blockable = sum(n for t, n in damage.items() if t != "Flame" and row[t] != IMMUNE)
    flame = damage["Flame"] if row["Flame"] != IMMUNE else 0
    return blockable, flame


@dataclass(frozen=True)
class DamageResult:
    """Odds of one target's damage resolution (Company of Heroes 6, 9).

    Attributes
    ----------
    damage
        Distribution of health lost (capped at the unit's health).
    figures_left
        Distribution of remaining health (infantry figures or vehicle health).
    destroyed
        Probability the unit is destroyed (health 0).
    expected_damage
        Expected health lost.
    expected_vp
        Expected Victory Points for the attacking team (1 per destroyed unit,
        0 for Heroic Sacrifice units).
    expected_experience
        Expected experience for one attacking player who contributed relevant
        damage: 1 if the target loses health (the once-per-round damage
        experience), +1 if destroyed (Company of Heroes 9).
    dice
        Defense dice rolled.
    """

    damage: Dist
    figures_left: Dist
    destroyed: Fraction
    expected_damage: Fraction
    expected_vp: Fraction
    expected_experience: Fraction
    dice: int


def resolve_damage(unit_type: str, damage: Mapping[str, int], *, health: int,
                   building: bool = False, upgrade: bool = False,
                   heroic_sacrifice: bool = False) -> DamageResult:
    """Exact odds of one target's defense rolls (Company of Heroes 6, 6.1, 9).

    Parameters
    ----------
    unit_type
        Target unit type id (``infantry``, ``mg-team``, ``heavy-vehicle``...).
    damage
        Pooled damage dice by type, e.g. ``{"AI": 3, "AP": 1}``.
    health
        Target's current health.
    building, upgrade
        Static defenses: infantry in a building, unit defense upgrade.
    heroic_sacrifice
        The unit awards no Victory Point when destroyed.

    Examples
    --------
    The Resolving Damage Example: three AI hit at once, one defense die for the
    AP; the section (health 4) survives with one figure only if it succeeds.

    >>> r = resolve_damage("infantry", {"AI": 3, "AP": 1}, health=4)
    >>> r.destroyed, r.figures_left[1]
    (Fraction(1, 3), Fraction(2, 3))
    >>> resolve_damage("heavy-vehicle", {"AI": 5, "Flame": 2}, health=3).destroyed
    Fraction(0, 1)
    """
    if health < 1:
        raise WartoolsError(f"health must be >= 1, got {health}")
    blockable, flame = _split(unit_type, damage)
    n = defense_dice(unit_type, damage, building=building, upgrade=upgrade)
    taken = Dist.binomial(n, SUCCESS).map(lambda s: min(health, flame + max(0, blockable - s)))
    destroyed = taken.prob(lambda x: x >= health)
    return DamageResult(
        damage=taken, figures_left=taken.map(lambda x: health - x), destroyed=destroyed,
        expected_damage=taken.mean(), expected_vp=Fraction(0) if heroic_sacrifice else destroyed,
        expected_experience=taken.prob(lambda x: x > 0) + destroyed, dice=n)


def damage_from_faces(unit_type: str, damage: Mapping[str, int], faces: Iterable[str], *,
                      health: int, building: bool = False, upgrade: bool = False) -> int:
    """Scripted defense roll: health lost given the rolled faces (Company of Heroes 6).

    ``faces`` are face names (``he``, ``speed``, ``infantry``, ``tank``,
    ``crossed-infantry``, ``flame``) or colours (``green``, ``black``, ``red``);
    there must be exactly :func:`defense_dice` of them.

    Examples
    --------
    >>> damage_from_faces("infantry", {"AI": 3, "AP": 1}, ["tank"], health=4)
    3
    >>> damage_from_faces("infantry", {"AP": 3}, ["red", "red", "green", "flame", "red"],
    ...                   health=4, building=True)
    2
    """
    faces = list(faces)
    n = defense_dice(unit_type, damage, building=building, upgrade=upgrade)
    if len(faces) != n:
        raise WartoolsError(f"this defense rolls {n} dice, got {len(faces)} faces")
    colours = [FACES.get(f, f) for f in faces]
    if any(c not in ("green", "black", "red") for c in colours):
        raise WartoolsError(f"faces must be one of {', '.join(FACES)} or green/black/red")
    blockable, flame = _split(unit_type, damage)
    successes = sum(c != "red" for c in colours)
    return min(health, flame + max(0, blockable - successes))


def can_be_pinned(unit_type: str, *, building: bool = False) -> bool:
    """MG pinning eligibility (Company of Heroes 7, Pinning).

    Green units (regular infantry and weapon teams) can be pinned, except
    units in buildings and Machine Gun Teams themselves.

    Examples
    --------
    >>> can_be_pinned("infantry"), can_be_pinned("infantry", building=True), can_be_pinned("mg-team")
    (True, False, False)
    """
    unit = _GAME.unit_types.resolve(unit_type)
    return health_colour(unit) == "G" and unit != "mg-team" and not building


def _roll_key(colours: Iterable[str]) -> tuple[int, int]:
    colours = list(colours)
    return colours.count("green"), colours.count("black")


def first_player(dice: int = 3, *, ties: str = "reroll") -> Dist:
    """Who goes first in round one (Company of Heroes 3, Turn Order).

    Each team rolls three damage dice; most green symbols, then most black,
    goes first. The excerpt does not say what a full tie does: the
    conventional reading, re-roll (``ties="reroll"``), is the default;
    ``ties="keep"`` reports ``"tie"`` as an outcome instead.

    Examples
    --------
    >>> first_player()["A"]
    Fraction(1, 2)
    >>> first_player(ties="keep")["tie"]
    Fraction(31, 243)
    """
    if ties not in ("reroll", "keep"):
        raise WartoolsError("ties must be 'reroll' or 'keep'")
    colour = Dist.uniform(FACES.values())
    roll = colour.map(lambda c: (c,)).repeat(dice).map(_roll_key)
    once = roll.combine(roll, lambda a, b: "A" if a > b else "B" if b > a else "tie")
    if ties == "keep":
        return once
    return absorbing_distribution("tie", lambda s: once if s == "tie" else None)


def first_player_rolls(team_a: Iterable[str], team_b: Iterable[str]) -> str:
    """Scripted first-player roll: ``"A"``, ``"B"`` or ``"tie"`` for explicit faces.

    Examples
    --------
    >>> first_player_rolls(["he", "tank", "flame"], ["speed", "infantry", "infantry"])
    'B'
    """
    a = _roll_key(FACES.get(f, f) for f in team_a)
    b = _roll_key(FACES.get(f, f) for f in team_b)
    return "A" if a > b else "B" if b > a else "tie"
