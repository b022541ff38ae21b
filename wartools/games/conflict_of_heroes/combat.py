"""Conflict of Heroes fire odds, initiative and variable APs (Storms of Steel, Game Overview, 2.1, 3.01, 3.2).

Fire (Conflict of Heroes, Game Overview): the attack value is 2D6 plus the
firepower (red against unarmored targets, blue against armored ones); the
defense value is the target's defense rating (same colour) plus the terrain
modifier (woods +2...). The attack hits when AV >= DV.

The excerpt has no terrain chart: of the target-hex modifiers in
:data:`TERRAIN_DEFENSE` only woods +2 is rulebook text; brush, field, building
and water are assumptions (listed in :data:`TERRAIN_DEFENSE_ASSUMED`). The
functions below take the modifier as a number, so another reading is a table
of your own.

CAPs may be spent to modify any die roll (3.2). The excerpt stops before the
paragraph that fixes the rate and timing, so the conventional reading is
implemented and documented as parameters: each CAP changes a roll by
``per_cap`` points (one by default; the game option ``cap-modifier``, which
:mod:`~wartools.games.conflict_of_heroes.odds` and
:func:`~wartools.games.conflict_of_heroes.shots.shot` read); by default CAPs are committed before the roll
(``declared_before_roll=True``); :func:`caps_needed` gives the alternative
where the attacker pays only what a given roll needs.

Examples
--------
>>> from wartools.games.conflict_of_heroes.combat import hit_probability
>>> hit_probability(4, 12, terrain=2)     # Game Overview: '43 infantry against a squad in woods
Fraction(1, 6)

The target hex's modifier comes from :data:`TERRAIN_DEFENSE`; another
reading (here buildings +2 instead of the assumed +3) is a table of your own:

>>> from wartools.games.conflict_of_heroes.combat import TERRAIN_DEFENSE, defense_value
>>> defense_value(12, TERRAIN_DEFENSE["woods"]), defense_value(12, TERRAIN_DEFENSE["building"])
(14, 15)
>>> ours = {**TERRAIN_DEFENSE, "building": 2}
>>> defense_value(12, ours["building"])
14
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from typing import TYPE_CHECKING

from wartools.dice import Dist, absorbing_distribution, d
from wartools.errors import WartoolsError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map

__all__ = [
    "TERRAIN_DEFENSE", "TERRAIN_DEFENSE_ASSUMED", "TWO_D6", "attack_value", "defense_value", "hit_probability",
    "resolve_fire", "Firer", "Target", "fire", "attack_side", "caps_needed", "caps_for_probability", "initiative",
    "initiative_roll", "initiative_rolls", "variable_ap",
]

TWO_D6 = d(6) + d(6)
"""The 2D6 roll every Conflict of Heroes test uses."""

TERRAIN_DEFENSE: Mapping[str, int] = MappingProxyType(
    {"open": 0, "woods": 2, "brush": 1, "field": 1, "building": 3, "water": 0})
"""Defence modifier of the target's own hex (Game Overview: woods +2; the rest assumed).

Read-only. Woods +2 is rulebook text (the Game Overview's shot into woods)
and open ground adds nothing; brush +1, field +1, building +3 and water 0 are
assumptions, listed in :data:`TERRAIN_DEFENSE_ASSUMED`. To use another
reading, build a mapping of your own (``{**TERRAIN_DEFENSE, "building": 2}``)
and pass its value as ``terrain`` to :func:`defense_value`,
:func:`hit_probability`, :func:`resolve_fire`, :func:`fire` or
:func:`caps_needed`.
"""
TERRAIN_DEFENSE_ASSUMED = frozenset({"brush", "field", "building", "water"})
"""Entries of :data:`TERRAIN_DEFENSE` that the excerpt does not state."""


def attack_value(firepower: int, *, caps: int = 0, per_cap: int = 1) -> Dist:
    """Distribution of the attack value 2D6 + firepower (+ ``per_cap`` per CAP spent, 3.2).

    Examples
    --------
    >>> attack_value(4)[13]
    Fraction(1, 9)
    >>> attack_value(4, caps=1, per_cap=2)[16]       # a house rule: each CAP adds two: 2D6 = 10
    Fraction(1, 12)
    """
    if caps < 0:
        raise WartoolsError(f"CAPs spent must be >= 0, got {caps}")
    return TWO_D6 + (firepower + caps * per_cap)


def defense_value(rating: int, terrain: int = 0) -> int:
    """Defense value: defense rating plus terrain modifier (Game Overview).

    Examples
    --------
    >>> defense_value(12, 2)     # infantry in woods
    14
    """
    return rating + terrain


def hit_probability(firepower: int, defense: int, *, terrain: int = 0, caps: int = 0,
                    defender_caps: int = 0, per_cap: int = 1) -> Fraction:
    """P(AV >= DV) for one attack (Game Overview; 3.2 CAPs).

    ``caps`` spent by the attacker add ``per_cap`` each to his roll;
    ``defender_caps`` spent by the defender against the roll subtract as much
    (both committed before the roll, the conventional reading of 3.2).

    Examples
    --------
    >>> hit_probability(4, 12, terrain=2, caps=2)
    Fraction(5, 12)
    """
    if defender_caps < 0:
        raise WartoolsError(f"CAPs spent must be >= 0, got {defender_caps}")
    dv = defense_value(defense, terrain)
    return attack_value(firepower, caps=caps, per_cap=per_cap).at_least(dv + defender_caps * per_cap)


def resolve_fire(dice: tuple[int, int], firepower: int, defense: int, *, terrain: int = 0,
                 caps: int = 0) -> tuple[int, int, bool]:
    """Scripted fire: ``(AV, DV, hit)`` for an explicit 2D6 roll.

    Examples
    --------
    The Game Overview example: the '43 infantry rolls 9 against a squad (DR 12) in woods.

    >>> resolve_fire((4, 5), 4, 12, terrain=2)
    (13, 14, False)
    """
    if len(dice) != 2 or not all(1 <= x <= 6 for x in dice):
        raise WartoolsError(f"a Conflict of Heroes roll is two d6 faces, got {dice!r}")
    av = sum(dice) + firepower + caps
    dv = defense_value(defense, terrain)
    return av, dv, av >= dv


@dataclass(frozen=True)
class Firer:
    """A firing unit's red (soft) and blue (hard) firepower (Game Overview)."""

    red: int
    blue: int


@dataclass(frozen=True)
class Target:
    """A target's defense rating; ``armored`` targets use the blue rating and blue firepower.

    ``flank`` is an armored target's flank rating (its front rating is ``defense``), used for
    a shot from its flank (:func:`attack_side`); ``None`` when the counter prints one rating.
    """

    defense: int
    armored: bool = False
    flank: int | None = None

    def rating(self, side: str = "front") -> int:
        """The defense rating against a shot at the ``"front"`` or the ``"flank"``."""
        if side not in ("front", "flank"):
            raise WartoolsError(f"side must be front or flank, got {side!r}")
        return self.flank if side == "flank" and self.armored and self.flank is not None else self.defense


def fire(firer: Firer, target: Target, *, terrain: int = 0, caps: int = 0, side: str = "front") -> Fraction:
    """Hit probability choosing red or blue firepower by the target's armor (Game Overview);
    an armored target shot at its flank uses its flank rating (``side``, see :func:`attack_side`).

    Examples
    --------
    >>> fire(Firer(red=4, blue=1), Target(12), terrain=2)
    Fraction(1, 6)
    >>> fire(Firer(red=4, blue=1), Target(12, armored=True))
    Fraction(1, 12)
    >>> fire(Firer(red=4, blue=1), Target(12, armored=True, flank=9), side="flank")
    Fraction(5, 12)
    """
    fp = firer.blue if target.armored else firer.red
    return hit_probability(fp, target.rating(side), terrain=terrain, caps=caps)


def attack_side(m: Map, target: Cell | str, facing: Cell | str, firer: Cell | str) -> str:
    """Whether a shot from ``firer`` strikes an armored target at ``target`` facing the adjacent
    hex ``facing`` in the ``"front"`` or the ``"flank"`` (front and flank defense ratings of
    armored units; the arc is an assumed reading, option ``flank-boundary``).

    The front is the half of the hex ahead of the target: the faced hexside and its two
    neighbours, i.e. a firer less than 90 degrees off the facing. A firer exactly on the line
    between front and flank hexsides fires at the front unless ``flank-boundary`` is ``flank``.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("conflict-of-heroes", 5, 5)
    >>> attack_side(m, "C3", "D3", "E3"), attack_side(m, "C3", "D3", "A3")
    ('front', 'flank')
    """
    from wartools.grids.base import Layout

    lay = Layout(m.grid)
    t, f, s = (lay.to_pixel(m.cell(x)) for x in (target, facing, firer))
    if m.cell(facing) not in m.grid.edge_neighbours(m.cell(target)):
        raise WartoolsError(f"facing {m.label(m.cell(facing))} is not next to the target {m.label(m.cell(target))}")
    if m.cell(firer) == m.cell(target):
        raise WartoolsError("the firer and the target are in the same hex")
    dot = (f[0] - t[0]) * (s[0] - t[0]) + (f[1] - t[1]) * (s[1] - t[1])
    scale = max(abs(f[0] - t[0]) + abs(f[1] - t[1]), 1e-9) * max(abs(s[0] - t[0]) + abs(s[1] - t[1]), 1e-9)
    if abs(dot) <= 1e-9 * scale:
        return "front" if m.game.option("flank-boundary") == "front" else "flank"
    return "front" if dot > 0 else "flank"


def caps_needed(firepower: int, defense: int, *, terrain: int = 0, available: int = 0) -> Dist:
    """CAPs the attacker must add after seeing the roll to score a hit, ``None`` if out of reach.

    An optional reading of 3.2 (CAPs spent after the roll): the distribution
    of the CAPs needed (0 = hit anyway), with ``None`` when even all
    ``available`` CAPs would not reach the defense value.

    Examples
    --------
    >>> need = caps_needed(4, 12, terrain=2, available=2)
    >>> need[0], need[2], need[None]
    (Fraction(1, 6), Fraction(5, 36), Fraction(7, 12))
    """
    dv = defense_value(defense, terrain)

    def needed(roll: int) -> int | None:
        gap = max(0, dv - roll - firepower)
        return gap if gap <= available else None

    return TWO_D6.map(needed)


def caps_for_probability(firepower: int, defense: int, *, terrain: int = 0, goal: Fraction | str = Fraction(1, 2),
                         limit: int = 12, per_cap: int = 1) -> int | None:
    """Fewest CAPs, committed before the roll, that lift P(hit) to ``goal`` (3.2; ``per_cap`` points each,
    one by default: option ``cap-modifier``).

    ``None`` if even ``limit`` CAPs do not. ``goal`` may be a fraction or its text (``"1/2"``).

    Examples
    --------
    >>> caps_for_probability(4, 12, terrain=2)           # 1/6 -> 5/18 -> 5/12 -> 7/12
    3
    >>> caps_for_probability(4, 12, terrain=2, goal=Fraction(1))
    8
    >>> caps_for_probability(0, 30, limit=3) is None
    True
    """
    want = Fraction(goal)
    for caps in range(limit + 1):
        if hit_probability(firepower, defense, terrain=terrain, caps=caps, per_cap=per_cap) >= want:
            return caps
    return None


def initiative_roll(modifier_a: int = 0, modifier_b: int = 0) -> Dist:
    """One initiative roll of both players: ``"A"``, ``"B"`` or ``"tie"`` (2.1; a tie is re-rolled).

    Examples
    --------
    >>> initiative_roll()["tie"]                         # 6 x 6 + 2 x (1 + 4 + 9 + 16 + 25) = 146 of 1296
    Fraction(73, 648)
    """
    return (TWO_D6 + modifier_a).combine(TWO_D6 + modifier_b,
                                         lambda a, b: "A" if a > b else "B" if b > a else "tie")


def initiative(modifier_a: int = 0, modifier_b: int = 0, *, caps_on_rerolls: bool = True) -> Dist:
    """Round initiative: both roll 2D6, ties re-rolled, high roll wins (2.1).

    ``modifier_a`` / ``modifier_b`` are CAPs spent on the rolls (2.1 refers
    to 3.24 for CAP modification; the excerpt omits it, one point per CAP is
    assumed). Whether those points also count on the re-rolls after a tie is
    not in the excerpt either: ``caps_on_rerolls`` (our reading: they do) or
    ``False`` (the first roll only; a re-roll is then an even chance).

    Examples
    --------
    >>> initiative()["A"]
    Fraction(1, 2)
    >>> initiative(modifier_a=1)["A"]
    Fraction(721, 1156)
    >>> initiative(modifier_a=1, caps_on_rerolls=False)["A"]   # 683/1296 + 108/1296 x 1/2
    Fraction(791, 1296)
    """
    once = initiative_roll(modifier_a, modifier_b)
    again = once if caps_on_rerolls else initiative_roll()
    return absorbing_distribution("first", lambda s: once if s == "first" else again if s == "tie" else None)


def initiative_rolls(rolls_a: tuple[int, int], rolls_b: tuple[int, int]) -> str:
    """Scripted initiative: ``"A"``, ``"B"`` or ``"tie"`` (re-roll) for explicit faces.

    Examples
    --------
    >>> initiative_rolls((6, 1), (3, 3))
    'A'
    """
    a, b = sum(rolls_a), sum(rolls_b)
    return "A" if a > b else "B" if b > a else "tie"


def variable_ap() -> Dist:
    """APs a unit receives under the Variable AP Allocation option: 2D6 (3.01).

    Examples
    --------
    >>> variable_ap().mean(), variable_ap().at_least(7)
    (Fraction(7, 1), Fraction(7, 12))
    """
    return TWO_D6
