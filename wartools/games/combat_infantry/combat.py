"""Combat Infantry fire, bombardment, morale and minefield odds (Combat Infantry 2.1, 5.0, 6, 7.2).

Fire (Combat Infantry 6.1): a unit rolls one d10 per strength step and scores
a hit on each roll at or below its modified firepower; the die's 0 counts as
10. Armor class is subtracted from firepower when a face-up armored unit is
targeted (6.32); at net F0 or less no fire is possible. Hits on a hex go to
the strongest unit first (6.3), tanks excluded unless their armor class is
zero; D2 terrain needs two hits per step, a lone half-hit must take the next
hit and recovers at the end of the HQ activation (6.7). Bombardment (6.6)
adds spotting, treebursts and friendly fire; minefields (7.2) hit back on
9s and 0s. Assaults (9.2) live in :mod:`wartools.games.combat_infantry.assault`,
which builds on the fire and morale functions here.

Conventions where the rulebook excerpt leaves a choice to the owner (which of
several equally strong units takes a hit): the unit listed first takes it, so
list units in the order their owner would sacrifice them.

Examples
--------
>>> from wartools.games.combat_infantry.combat import fire, hits_from_rolls
>>> fire(4, 2)[0]                       # 4F2: no hit (6.1)
Fraction(256, 625)
>>> hits_from_rolls([1, 2, 6, 8], 2)    # the 6.1 example
2
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from wartools.dice import Dist
from wartools.errors import WartoolsError
from wartools.games.combat_infantry import CombatInfantry

__all__ = [
    "net_firepower", "can_fire", "hit_chance", "fire", "hits_from_rolls", "face_value",
    "steps_lost", "HexUnit", "distribute_hits", "friendly_fire", "fire_at_hex", "fire_at_unit", "end_activation",
    "defends_d2", "bombard", "bombard_rolls", "morale_check", "passes_morale", "minefield_assault",
    "minefield_rolls", "ARMORED", "HALF_HIT",
]

ARMORED = frozenset({"tank", "vehicle", "bunker"})
"""Unit types with an armor class (Combat Infantry 2.53, 2.55)."""
HALF_HIT = "half-hit"
"""The tag of a unit holding a D2 half-hit until its HQ activation ends (Combat Infantry 6.7)."""


def face_value(face: int) -> int:
    """The value of a printed d10 face: 0 counts as 10 (Combat Infantry 6.1)."""
    if not 0 <= face <= 10:
        raise WartoolsError(f"a d10 face is 0-9 (or 10), got {face}")
    return 10 if face == 0 else face


def net_firepower(firepower: int, *, armor: int = 0, modifier: int = 0) -> int:
    """Firepower after subtracting armor class (6.32) and adding modifiers.

    Examples
    --------
    >>> net_firepower(6, armor=4)     # 6.32 example 1: F6 against a Sherman (AC4)
    2
    >>> net_firepower(3, armor=3)     # 6.32 example 2: F3 against a PZ-IV (AC3)
    0
    """
    return firepower - armor + modifier


def can_fire(firepower: int, *, armor: int = 0, modifier: int = 0) -> bool:
    """Whether fire is possible at all: net firepower above zero (6.32)."""
    return net_firepower(firepower, armor=armor, modifier=modifier) > 0


def hit_chance(firepower: int) -> Fraction:
    """Probability that one d10 scores a hit at (net) firepower ``firepower``.

    Examples
    --------
    >>> hit_chance(3), hit_chance(12), hit_chance(-1)
    (Fraction(3, 10), Fraction(1, 1), Fraction(0, 1))
    """
    return Fraction(min(max(firepower, 0), 10), 10)


@lru_cache(maxsize=None)
def fire(dice: int, firepower: int, *, armor: int = 0, modifier: int = 0,
         hit_limit: int | None = None) -> Dist:
    """Distribution of hits scored by one fire (Combat Infantry 6.1, 6.32).

    Parameters
    ----------
    dice
        The firing unit's strength: one d10 per step (2.11).
    firepower
        Its F rating; a roll at or below it hits.
    armor
        Armor class of a face-up, targeted armored unit (6.32).
    modifier
        Other firepower modifiers (+1 spotting HQ adjacent, -1 smoke...).
    hit_limit
        The optional hit limit ("Hit Limits (Optional)": at most 2 hits per roll);
        ``None`` (the default) plays without it.

    Returns
    -------
    Dist
        Number of hits; all mass on 0 when no fire is possible (net F <= 0).

    Examples
    --------
    >>> fire(4, 2).mean()
    Fraction(4, 5)
    >>> fire(3, 3, armor=3)[0]        # no fire at F0
    Fraction(1, 1)
    >>> fire(4, 5, hit_limit=2)[2]
    Fraction(11, 16)
    """
    if dice < 0:
        raise WartoolsError(f"a unit rolls one die per step; got {dice} dice")
    hits = Dist.binomial(dice, hit_chance(net_firepower(firepower, armor=armor, modifier=modifier)))
    if hit_limit is not None:
        hits = hits.map(lambda h: min(h, hit_limit))
    return hits


def hits_from_rolls(faces: Iterable[int], firepower: int, *, armor: int = 0, modifier: int = 0,
                    hit_limit: int | None = None) -> int:
    """Scripted fire: hits scored by explicit d10 faces (0 = 10) (Combat Infantry 6.1).

    Examples
    --------
    >>> hits_from_rolls([0, 9, 1], 10)
    3
    """
    f = net_firepower(firepower, armor=armor, modifier=modifier)
    hits = sum(face_value(x) <= f for x in faces) if f > 0 else 0
    return hits if hit_limit is None else min(hits, hit_limit)


def steps_lost(hits: int, *, d2: bool = False, half_hit: bool = False) -> tuple[int, bool]:
    """Steps lost by one unit taking ``hits``, and whether a half-hit remains (6.7).

    Examples
    --------
    >>> steps_lost(3, d2=True)
    (1, True)
    >>> steps_lost(1, d2=True, half_hit=True)   # the next hit completes a half-hit
    (1, False)
    """
    if not d2:
        return hits, half_hit
    halves = hits + half_hit
    return halves // 2, bool(halves % 2)


# ---------------------------------------------------------------------- hexes of units
@dataclass(frozen=True)
class HexUnit:
    """A unit in a target hex, as fire sees it.

    Parameters
    ----------
    strength
        Current steps (0 = eliminated, 6.33).
    kind
        Unit type id (``rifle``, ``mg``, ``tank``...).
    armor
        Armor class; an armored unit with ``armor > 0`` is excluded from hit
        distribution (6.3) and can only be targeted (6.31, 6.32).
    half_hit
        Carries a D2 half-hit (6.7).
    """

    strength: int
    kind: str = "rifle"
    armor: int = 0
    half_hit: bool = False

    def takes_spread_hits(self, armor_zero: bool = False) -> bool:
        """Eligible for hits distributed on its hex (6.3): alive and not an armored unit with AC > 0."""
        return self.strength > 0 and (armor_zero or self.kind not in ARMORED or self.armor == 0)


def distribute_hits(units: Sequence[HexUnit], hits: int, *, d2: bool = False,
                    armor_zero: bool = False) -> tuple[HexUnit, ...]:
    """Apply ``hits`` to a hex, strongest unit first (Combat Infantry 6.3, 6.7).

    A unit holding a half-hit must take the next hit. Among equally strong
    units the one listed first takes the hit (the owner's choice, 6.3).
    Surplus hits are lost.

    Examples
    --------
    The Line of Sight example (Diagram 4): a hit on two equal units goes to the
    one the owner lists first; the next hit goes to the stronger MG.

    >>> hex_b = (HexUnit(3, "rifle"), HexUnit(3, "mg"))
    >>> hex_b = distribute_hits(hex_b, 1)
    >>> [u.strength for u in distribute_hits(hex_b, 1)]
    [2, 2]
    """
    units = list(units)
    for _ in range(hits):
        eligible = [i for i, u in enumerate(units) if u.takes_spread_hits(armor_zero)]
        if not eligible:
            break
        halves = [i for i in eligible if units[i].half_hit]
        i = halves[0] if halves else max(eligible, key=lambda j: (units[j].strength, -j))
        units[i] = _one_hit(units[i], d2)
    return tuple(units)


def friendly_fire(units: Sequence[HexUnit], hits: int, d2: Sequence[bool], *,
                  weakest: bool = False) -> tuple[HexUnit, ...]:
    """Apply a bombardment's friendly hits to the friendly units adjacent to its target (Combat
    Infantry 6.63): ALL hits applied, one at a time, armour class ignored (bunkers included): a unit
    holding a half-hit first (6.7: it must take the next hit), else the strongest (6.3; the weakest
    with ``weakest``, the active player's choice), ties in the order given; ``d2[i]`` says whether
    unit ``i`` has D2 against bombardment where it stands (6.7, 6.62).

    Examples
    --------
    >>> [u.strength for u in friendly_fire([HexUnit(2), HexUnit(3, "bunker", armor=3)], 2, [False, False])]
    [1, 2]
    >>> friendly_fire([HexUnit(2)], 1, [True])[0].half_hit
    True
    """
    units = list(units)
    sign = -1 if weakest else 1
    for _ in range(hits):
        alive = [i for i, u in enumerate(units) if u.strength > 0]
        if not alive:
            break
        i = max(alive, key=lambda j: (units[j].half_hit, units[j].strength * sign, -j))
        units[i] = _one_hit(units[i], d2[i])
    return tuple(units)


def _one_hit(unit: HexUnit, d2: bool) -> HexUnit:
    if d2 and not unit.half_hit:
        return replace(unit, half_hit=True)
    return replace(unit, strength=unit.strength - 1, half_hit=False)


def fire_at_hex(dice: int, firepower: int, units: Sequence[HexUnit], *, d2: bool = False,
                modifier: int = 0, hit_limit: int | None = None,
                armor_zero: bool = False) -> Dist:
    """Distribution of the target hex after one fire on it (Combat Infantry 6.3, 6.7).

    Returns a :class:`Dist` over tuples of :class:`HexUnit` (same order as given).

    Examples
    --------
    >>> after = fire_at_hex(4, 2, [HexUnit(2)], d2=True)
    >>> after[(HexUnit(1),)]            # exactly 2 hits: one step lost, no half-hit left
    Fraction(96, 625)
    """
    units = tuple(units)
    return fire(dice, firepower, modifier=modifier, hit_limit=hit_limit).map(
        lambda h: distribute_hits(units, h, d2=d2, armor_zero=armor_zero))


def fire_at_unit(dice: int, firepower: int, unit: HexUnit, *, d2: bool = False, modifier: int = 0,
                 hit_limit: int | None = None) -> Dist:
    """Targeted fire on one face-up unit (6.31): its armor class applies, surplus hits are wasted.

    Examples
    --------
    The Fire example (Diagram 3): an AT gun (F5, assumed 2 steps) targets the
    German tank (AC3) in a town hex; one hit is only a half-hit (town D2).

    >>> tank = HexUnit(2, "tank", armor=3)
    >>> fire_at_unit(2, 5, tank, d2=True)[HexUnit(2, "tank", armor=3, half_hit=True)]
    Fraction(8, 25)
    """
    return fire(dice, firepower, armor=unit.armor, modifier=modifier, hit_limit=hit_limit).map(
        lambda h: distribute_hits((unit,), h, d2=d2, armor_zero=True)[0])


def end_activation(units: Iterable[HexUnit]) -> tuple[HexUnit, ...]:
    """Lone half-hits recover at the end of the HQ activation (6.7)."""
    return tuple(replace(u, half_hit=False) for u in units)


_UNIT_TYPES = CombatInfantry.unit_types
_D2_TERRAIN = {"fire": {"woods", "marsh", "town", "farm"},
               "bombardment": {"marsh", "town", "farm"}, "assault": set()}


def defends_d2(terrain: str, attack: str = "fire", *, foxhole: bool = False,
               firer: str | None = None) -> bool:
    """Whether a defender has D2 (Combat Infantry 2.52, 3.4, 6.62, 7.1, 9.1).

    Woods give D2 against fire only (treebursts, 6.62); marsh, town and farm
    against fire and bombardment; foxholes against fire and bombardment; no
    D2 in assaults; a sniper's target never has D2 (2.52; ``firer="sniper"``).

    Examples
    --------
    >>> defends_d2("woods", "fire"), defends_d2("woods", "bombardment"), defends_d2("farm", "assault")
    (True, False, False)
    >>> defends_d2("town", "fire", foxhole=True, firer="sniper")
    False
    """
    if attack not in _D2_TERRAIN:
        raise WartoolsError(f"attack must be fire, bombardment or assault, got {attack!r}")
    if firer is not None and _UNIT_TYPES.resolve(firer) == "sniper":
        return False
    if attack != "assault" and foxhole:
        return True
    return terrain in _D2_TERRAIN[attack]


# ---------------------------------------------------------------------- bombardment, morale, mines
FaceRule = Callable[[int], tuple[int, int]]
"""What one d10 face (1..10, the 0 read as 10) scores: ``(hits, friendly hits)``."""


def _bombard_face(firepower: int, spotter_adjacent: bool, air: bool, modifier: int) -> FaceRule:
    f = net_firepower(firepower, modifier=modifier + spotter_adjacent)
    per_zero = 2 if air else 1
    return lambda v: (int(v <= f), per_zero * int(v == 10))


def _minefield_face(firepower: int, engineer: bool) -> FaceRule:
    f = firepower * 2 if engineer else firepower
    bad = {10} if engineer else {9, 10}
    return lambda v: (int(v <= f), int(v in bad))


def _pairs(rule: FaceRule, dice: int) -> Dist:
    """Joint ``(hits, friendly hits)`` of ``dice`` d10 scored by ``rule``."""
    one = Dist.uniform([rule(v) for v in range(1, 11)])
    return one.repeat(dice, lambda a, b: (a[0] + b[0], a[1] + b[1])) if dice else Dist.constant((0, 0))


def _scripted(rule: FaceRule, faces: Iterable[int]) -> tuple[int, int]:
    """``(hits, friendly hits)`` of explicit faces scored by ``rule``."""
    scored = [rule(face_value(x)) for x in faces]
    return sum(h for h, _ in scored), sum(f for _, f in scored)


@lru_cache(maxsize=None)
def bombard(dice: int, firepower: int, *, spotter_adjacent: bool = False, air: bool = False,
            modifier: int = 0, hit_limit: int | None = None) -> Dist:
    """Joint distribution of ``(hits, friendly hits)`` of a bombardment (Combat Infantry 6.6).

    A spotting HQ adjacent to the target adds +1F (6.61). Every 0 rolled is one
    friendly-fire hit on friendly units adjacent to the target, two for air
    support (6.63, 2.7). Treebursts are a D2 matter: see :func:`defends_d2`.

    Examples
    --------
    Field artillery 3F7: P(no friendly hit) = 0.9^3.

    >>> bombard(3, 7).map(lambda r: r[1])[0]
    Fraction(729, 1000)
    >>> bombard(1, 4, spotter_adjacent=True).map(lambda r: r[0])[1]    # F4 spotted = F5
    Fraction(1, 2)
    """
    joint = _pairs(_bombard_face(firepower, spotter_adjacent, air, modifier), dice)
    if hit_limit is not None:
        joint = joint.map(lambda r: (min(r[0], hit_limit), r[1]))
    return joint


def bombard_rolls(faces: Iterable[int], firepower: int, *, spotter_adjacent: bool = False,
                  air: bool = False, modifier: int = 0) -> tuple[int, int]:
    """Scripted bombardment: ``(hits, friendly hits)`` for explicit faces.

    Examples
    --------
    The Caron Farm bombardment (Diagram 6): German mortar, assumed F4, rolls 2-4-7.

    >>> bombard_rolls([2, 4, 7], 4)
    (2, 0)
    """
    return _scripted(_bombard_face(firepower, spotter_adjacent, air, modifier), faces)


def morale_check(morale: int) -> Fraction:
    """Probability of passing a morale (or rally) check: 1d10 <= morale (2.16, 5.0).

    Examples
    --------
    >>> morale_check(5)          # the Fire example's IN 4 out of command
    Fraction(1, 2)
    """
    return hit_chance(morale)


def passes_morale(face: int, morale: int) -> bool:
    """Scripted morale check with an explicit d10 face (0 = 10)."""
    return face_value(face) <= morale


@lru_cache(maxsize=None)
def minefield_assault(dice: int, firepower: int, *, engineer: bool = False) -> Dist:
    """Joint ``(hits, friendly hits)`` of an assault on a minefield (Combat Infantry 7.2).

    Rolls of 9 and 0 are friendly hits on the firing unit; engineers fire at
    double firepower and suffer friendly hits only on 0.

    Examples
    --------
    >>> minefield_assault(1, 2, engineer=True)     # engineer F2 doubled to F4
    Dist({(0, 0): 1/2, (0, 1): 1/10, (1, 0): 2/5})
    """
    return _pairs(_minefield_face(firepower, engineer), dice)


def minefield_rolls(faces: Iterable[int], firepower: int, *, engineer: bool = False) -> tuple[int, int]:
    """Scripted minefield assault: ``(hits, friendly hits)`` (Combat Infantry 7.2).

    Examples
    --------
    The 7.2 example: an engineer 2 (F2 doubled) rolls 3, 0.

    >>> minefield_rolls([3, 0], 2, engineer=True)
    (1, 1)
    """
    return _scripted(_minefield_face(firepower, engineer), faces)
