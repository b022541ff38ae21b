"""Combat Infantry fire, bombardment, morale and assault odds (Combat Infantry 2.1, 5.0, 6, 7.2, 9).

Fire (Combat Infantry 6.1): a unit rolls one d10 per strength step and scores
a hit on each roll at or below its modified firepower; the die's 0 counts as
10. Armor class is subtracted from firepower when a face-up armored unit is
targeted (6.32); at net F0 or less no fire is possible. Hits on a hex go to
the strongest unit first (6.3), tanks excluded unless their armor class is
zero; D2 terrain needs two hits per step, a lone half-hit must take the next
hit and recovers at the end of the HQ activation (6.7). Bombardment (6.6)
adds spotting, treebursts and friendly fire. Assaults (9.2) are an exact
Markov chain (:func:`assault`), replayable roll by roll (:func:`replay_assault`)
and simulated in bulk (:func:`simulate_assault`).

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

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from wartools.dice import Dist, absorbing_distribution
from wartools.errors import WartoolsError

__all__ = [
    "net_firepower", "can_fire", "hit_chance", "fire", "hits_from_rolls", "face_value",
    "steps_lost", "HexUnit", "distribute_hits", "fire_at_hex", "fire_at_unit", "end_activation",
    "defends_d2", "bombard", "bombard_rolls", "morale_check", "passes_morale", "minefield_assault",
    "minefield_rolls", "AssaultUnit", "AssaultRules", "AssaultEnd", "assault", "replay_assault",
    "simulate_assault", "ARMORED",
]

ARMORED = frozenset({"tank", "vehicle", "bunker"})
"""Unit types with an armor class (Combat Infantry 2.53, 2.55)."""


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


_D2_TERRAIN = {"fire": {"woods", "marsh", "town", "farm"},
               "bombardment": {"marsh", "town", "farm"}, "assault": set()}


def defends_d2(terrain: str, attack: str = "fire", *, foxhole: bool = False) -> bool:
    """Whether a defender has D2 (Combat Infantry 3.4, 6.62, 7.1, 9.1).

    Woods give D2 against fire only (treebursts, 6.62); marsh, town and farm
    against fire and bombardment; foxholes against fire and bombardment; no
    D2 in assaults.

    Examples
    --------
    >>> defends_d2("woods", "fire"), defends_d2("woods", "bombardment"), defends_d2("farm", "assault")
    (True, False, False)
    """
    if attack not in _D2_TERRAIN:
        raise WartoolsError(f"attack must be fire, bombardment or assault, got {attack!r}")
    if attack != "assault" and foxhole:
        return True
    return terrain in _D2_TERRAIN[attack]


# ---------------------------------------------------------------------- bombardment, morale, mines
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
    f = net_firepower(firepower, modifier=modifier + spotter_adjacent)
    per_zero = 2 if air else 1
    one = Dist.uniform([(int(v <= f), per_zero * (v == 10)) for v in range(1, 11)])
    joint = one.repeat(dice, lambda a, b: (a[0] + b[0], a[1] + b[1])) if dice else Dist.constant((0, 0))
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
    faces = list(faces)
    f = net_firepower(firepower, modifier=modifier + spotter_adjacent)
    return (sum(face_value(x) <= f for x in faces),
            (2 if air else 1) * sum(face_value(x) == 10 for x in faces))


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
    f = firepower * 2 if engineer else firepower
    bad = {10} if engineer else {9, 10}
    one = Dist.uniform([(int(v <= f), int(v in bad)) for v in range(1, 11)])
    return one.repeat(dice, lambda a, b: (a[0] + b[0], a[1] + b[1])) if dice else Dist.constant((0, 0))


def minefield_rolls(faces: Iterable[int], firepower: int, *, engineer: bool = False) -> tuple[int, int]:
    """Scripted minefield assault: ``(hits, friendly hits)`` (Combat Infantry 7.2).

    Examples
    --------
    The 7.2 example: an engineer 2 (F2 doubled) rolls 3, 0.

    >>> minefield_rolls([3, 0], 2, engineer=True)
    (1, 1)
    """
    f = firepower * 2 if engineer else firepower
    bad = {10} if engineer else {9, 10}
    faces = [face_value(x) for x in faces]
    return sum(v <= f for v in faces), sum(v in bad for v in faces)


# ---------------------------------------------------------------------- assaults (9.0)
@dataclass(frozen=True)
class AssaultUnit:
    """A unit in an assault (Combat Infantry 9).

    Parameters
    ----------
    kind
        Unit type id: ``engineer`` doubles firepower (9.64), ``at-gun`` and
        ``mortar`` drop to F1 after round 1 (9.61), ``atr`` may target armored
        units (9.63), ``hq`` ignores morale checks unless alone (9.66).
    strength, firepower, morale
        Current steps, F rating and morale (2.11, 2.12, 2.16).
    """

    kind: str
    strength: int
    firepower: int
    morale: int = 5

    def __post_init__(self) -> None:
        if self.strength < 1:
            raise WartoolsError(f"an assaulting unit needs strength >= 1, got {self.strength}")


@dataclass(frozen=True)
class AssaultRules:
    """Modifiers and policies of one assault (Combat Infantry 9.1-9.6, 7.4).

    Parameters
    ----------
    river_or_cliff
        Attackers came across a river or cliff hexside: -1F in round 1 except
        engineers (9.1, 8.5).
    smoke
        Smoke in the hex: -1F for both sides in all rounds (7.4).
    hit_limit
        Optional hit limit per roll (``2`` in the optional rule), ``None`` = off.
    attacker_retreat_round
        Round in which attackers retreat instead of firing (rulebook: at the
        latest round 3, 9.2). Disrupted units cannot retreat (9.3).
    defender_retreat_round
        Round (2 or 3) from which defenders retreat instead of firing;
        ``None`` (default policy, not a rule) = defenders always fight.
    attacker_can_retreat, defender_can_retreat
        Whether a valid retreat hex exists; otherwise retreating units are
        eliminated (9.4).
    """

    river_or_cliff: bool = False
    smoke: bool = False
    hit_limit: int | None = None
    attacker_retreat_round: int = 3
    defender_retreat_round: int | None = None
    attacker_can_retreat: bool = True
    defender_can_retreat: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.attacker_retreat_round <= 3:
            raise WartoolsError("attackers retreat in round 1, 2 or 3 (9.2)")
        if self.defender_retreat_round is not None and not 2 <= self.defender_retreat_round <= 3:
            raise WartoolsError("defenders cannot retreat in round 1 (9.2): use 2 or 3")


@dataclass(frozen=True)
class AssaultEnd:
    """How an assault ended: winner, round, and each unit's final strength (0 = eliminated).

    ``how`` is ``"eliminated"`` when every loser was eliminated, else ``"retreated"``.
    """

    winner: str
    round: int
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    how: str


def _efp(u: AssaultUnit, attacker: bool, rnd: int, rules: AssaultRules) -> int:
    f = u.firepower * 2 if u.kind == "engineer" else u.firepower
    if u.kind in ("at-gun", "mortar") and rnd >= 2:
        f = 1
    if attacker and rnd == 1 and rules.river_or_cliff and u.kind != "engineer":
        f -= 1
    return f - rules.smoke


def _checkers(units: Sequence[AssaultUnit], own: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(index, morale)`` of units that must check morale (9.3, 9.66)."""
    present = [i for i, s in enumerate(own) if s > 0]
    hq = max((units[i].morale for i in present if units[i].kind == "hq"), default=0)
    return [(i, max(units[i].morale, hq)) for i in present
            if own[i] == 1 and (units[i].kind != "hq" or len(present) == 1)]


@lru_cache(maxsize=None)
def _apply(enemy: tuple[int, ...], kinds: tuple[str, ...], hits: int, atr: bool) -> tuple[int, ...]:
    e = list(enemy)
    targets = [i for i, s in enumerate(e) if s > 0 and kinds[i] in ARMORED] if atr else []
    if targets:  # an ATR targets the strongest armored unit; surplus is wasted (9.63, 6.31)
        i = max(targets, key=lambda j: (e[j], -j))
        e[i] = max(0, e[i] - hits)
        return tuple(e)
    for _ in range(hits):
        alive = [i for i, s in enumerate(e) if s > 0]
        if not alive:
            break
        e[max(alive, key=lambda j: (e[j], -j))] -= 1
    return tuple(e)


class _Assault:
    """Shared bookkeeping of the exact chain and the scripted replay.

    State: ``(round, phase, attackers, defenders)``, phase 0 = defender fires,
    1 = attacker; strengths > 0 present, 0 eliminated, -s retreated at strength s.
    """

    def __init__(self, attackers: Sequence[AssaultUnit], defenders: Sequence[AssaultUnit],
                 rules: AssaultRules | None) -> None:
        if not attackers or not defenders:
            raise WartoolsError("an assault needs at least one attacker and one defender")
        self.units = (tuple(defenders), tuple(attackers))
        self.kinds = tuple(tuple(u.kind for u in side) for side in self.units)
        self.rules = rules or AssaultRules()
        self.start = (1, 0, tuple(u.strength for u in attackers), tuple(u.strength for u in defenders))

    def retreats(self, rnd: int, phase: int) -> bool:
        r = self.rules
        if phase == 1:
            return rnd >= r.attacker_retreat_round
        return r.defender_retreat_round is not None and rnd >= r.defender_retreat_round

    def checkers(self, rnd: int, phase: int, own: tuple[int, ...]) -> list[tuple[int, int]]:
        if phase == 1 and rnd == 3:
            return []  # no attacker morale checks in round 3 (9.2)
        return _checkers(self.units[phase], own)

    def after(self, rnd: int, phase: int, own: tuple[int, ...], enemy: tuple[int, ...],
              disrupted: frozenset[int]) -> Iterator[tuple[int, ...]]:
        """Own side after a retreat phase (no enemy change); yields nothing when firing."""
        can = self.rules.attacker_can_retreat if phase == 1 else self.rules.defender_can_retreat
        yield tuple((-s if can else 0) if s > 0 and i not in disrupted else s for i, s in enumerate(own))

    def firers(self, rnd: int, phase: int, own: tuple[int, ...],
               disrupted: frozenset[int]) -> list[tuple[int, int, bool]]:
        """``(dice, firepower, is_atr)`` of each firing unit, in listed order."""
        units = self.units[phase]
        return [(s, _efp(units[i], phase == 1, rnd, self.rules), units[i].kind == "atr")
                for i, s in enumerate(own) if s > 0 and i not in disrupted]

    def next_state(self, rnd: int, phase: int, own: tuple[int, ...],
                   enemy: tuple[int, ...]) -> tuple | AssaultEnd:
        att, dfn = (own, enemy) if phase == 1 else (enemy, own)
        for side, loser in (("attacker", dfn), ("defender", att)):
            if not any(s > 0 for s in loser):
                how = "eliminated" if all(s == 0 for s in loser) else "retreated"
                return AssaultEnd(side, rnd, tuple(map(abs, att)), tuple(map(abs, dfn)), how)
        if phase == 1 and rnd == 3:
            raise AssertionError("attackers are always gone after round 3")  # pragma: no cover
        return (rnd + phase, 1 - phase, att, dfn)

    def step(self, state: tuple | AssaultEnd) -> Dist | None:
        if isinstance(state, AssaultEnd):
            return None
        rnd, phase, att, dfn = state
        own, enemy = (att, dfn) if phase == 1 else (dfn, att)
        patterns: dict[frozenset[int], Fraction] = {frozenset(): Fraction(1)}
        for i, morale in self.checkers(rnd, phase, own):
            q = 1 - morale_check(morale)
            new: dict[frozenset[int], Fraction] = {}
            for pat, p in patterns.items():
                if q:
                    new[pat | {i}] = new.get(pat | {i}, 0) + p * q
                if q != 1:
                    new[pat] = new.get(pat, 0) + p * (1 - q)
            patterns = new
        out: dict = {}
        kinds = self.kinds[1 - phase]
        for pat, p in patterns.items():
            if self.retreats(rnd, phase):
                for own2 in self.after(rnd, phase, own, enemy, pat):
                    key = self.next_state(rnd, phase, own2, enemy)
                    out[key] = out.get(key, 0) + p
                continue
            enemies = {enemy: p}
            for dice, f, atr in self.firers(rnd, phase, own, pat):
                hits = fire(dice, f, hit_limit=self.rules.hit_limit)
                new_e: dict[tuple[int, ...], Fraction] = {}
                for e, pe in enemies.items():
                    for h, ph in hits.items:
                        e2 = _apply(e, kinds, h, atr)
                        new_e[e2] = new_e.get(e2, 0) + pe * ph
                enemies = new_e
            for e, pe in enemies.items():
                key = self.next_state(rnd, phase, own, e)
                out[key] = out.get(key, 0) + pe
        return Dist._trusted(out)  # intermediate chain step: normalised by construction

    def replay_phase(self, state: tuple, faces: Iterator[int], log: list[str]) -> tuple | AssaultEnd:
        rnd, phase, att, dfn = state
        side = "attacker" if phase else "defender"
        own, enemy = (att, dfn) if phase == 1 else (dfn, att)
        disrupted = set()
        for i, morale in self.checkers(rnd, phase, own):
            face = _next_face(faces)
            ok = passes_morale(face, morale)
            log.append(f"round {rnd} {side} {i} morale {face} vs {morale}: {'pass' if ok else 'disrupted'}")
            if not ok:
                disrupted.add(i)
        pat = frozenset(disrupted)
        if self.retreats(rnd, phase):
            own2 = next(self.after(rnd, phase, own, enemy, pat))
            log.append(f"round {rnd} {side}s retreat")
            return self.next_state(rnd, phase, own2, enemy)
        idx = [i for i, s in enumerate(own) if s > 0 and i not in pat]
        for i, (dice, f, atr) in zip(idx, self.firers(rnd, phase, own, pat)):
            rolled = [_next_face(faces) for _ in range(dice)]
            h = hits_from_rolls(rolled, f, hit_limit=self.rules.hit_limit)
            enemy = _apply(enemy, self.kinds[1 - phase], h, atr)
            log.append(f"round {rnd} {side} {i} F{f} rolls {rolled}: {h} hit(s) -> {enemy}")
        return self.next_state(rnd, phase, own, enemy)


def _next_face(faces: Iterator[int]) -> int:
    try:
        return next(faces)
    except StopIteration:
        raise WartoolsError("the scripted dice ran out before the assault ended") from None


def assault(attackers: Sequence[AssaultUnit], defenders: Sequence[AssaultUnit],
            rules: AssaultRules | None = None) -> Dist:
    """Exact distribution of assault end states (Combat Infantry 9.2-9.6), as a Markov chain.

    Each round the defenders, then the attackers, fire (hits apply at once,
    to the strongest enemy unit, no D2, armor class zero: 9.1, 9.65). Units at
    strength 1 check morale at the start of their side's round and are
    disrupted on a failure (9.3). Attackers retreat in round 3 at the latest.

    Returns
    -------
    Dist
        Over :class:`AssaultEnd`.

    Examples
    --------
    >>> ends = assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 1, 3, morale=10)])
    >>> ends.prob(lambda e: e.winner == "defender")
    Fraction(33301, 40000)
    """
    chain = _Assault(attackers, defenders, rules)
    return absorbing_distribution(chain.start, chain.step)


def replay_assault(attackers: Sequence[AssaultUnit], defenders: Sequence[AssaultUnit],
                   faces: Iterable[int], rules: AssaultRules | None = None,
                   ) -> tuple[AssaultEnd, list[str]]:
    """Scripted assault: replay a narrative die by die (Combat Infantry 9.2).

    Faces (d10, 0 = 10) are consumed in this order each side-round: one morale
    die per checking unit (listed order), then each firing unit's dice
    (listed order). Returns the end state and a readable log.

    Examples
    --------
    >>> end, log = replay_assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 2, 3)],
    ...                           [5, 1])
    >>> end.winner, end.round, log
    ('defender', 1, ['round 1 defender 0 F3 rolls [5, 1]: 1 hit(s) -> (0,)'])
    """
    chain = _Assault(attackers, defenders, rules)
    it, log = iter(faces), []
    state: tuple | AssaultEnd = chain.start
    while not isinstance(state, AssaultEnd):
        state = chain.replay_phase(state, it, log)
    return state, log


def simulate_assault(attackers: Sequence[AssaultUnit], defenders: Sequence[AssaultUnit],
                     trials: int, rng: np.random.Generator,
                     rules: AssaultRules | None = None) -> Dist:
    """Vectorised numpy simulation of :func:`assault` (``trials`` runs, explicit generator).

    Returns the empirical distribution of :class:`AssaultEnd` (Fraction frequencies).

    Examples
    --------
    >>> sim = simulate_assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 1, 3, morale=10)],
    ...                        20_000, np.random.default_rng(5))
    >>> abs(float(sim.prob(lambda e: e.winner == "defender")) - 0.8325) < 0.01
    True
    """
    rules = rules or AssaultRules()
    sides = (tuple(defenders), tuple(attackers))
    st = [np.tile(np.array([u.strength for u in side], dtype=np.int64), (trials, 1)) for side in sides]
    done = np.zeros(trials, bool)
    winner = np.zeros(trials, np.int8)      # 1 attacker, 2 defender
    end_round = np.zeros(trials, np.int8)
    chain = _Assault(attackers, defenders, rules)
    for rnd in (1, 2, 3):
        for phase in (0, 1):
            own, enemy, units = st[phase], st[1 - phase], sides[phase]
            active = ~done
            present = own > 0
            n_present = present.sum(axis=1)
            hq_m = np.max(np.where(present & np.array([u.kind == "hq" for u in units]),
                                   np.array([u.morale for u in units]), 0), axis=1)
            disrupted = np.zeros_like(present)
            if not (phase == 1 and rnd == 3):
                for i, u in enumerate(units):
                    must = active & (own[:, i] == 1) & ((u.kind != "hq") | (n_present == 1))
                    morale = np.maximum(u.morale, hq_m)
                    disrupted[:, i] = must & (rng.integers(1, 11, trials) > morale)
            if chain.retreats(rnd, phase):
                can = rules.attacker_can_retreat if phase == 1 else rules.defender_can_retreat
                go = active[:, None] & present & ~disrupted
                own[go] = -own[go] if can else 0
            else:
                kinds_e = sides[1 - phase]
                armored = np.array([k.kind in ARMORED for k in kinds_e])
                for i, u in enumerate(units):
                    f = min(max(_efp(u, phase == 1, rnd, rules), 0), 10)
                    fires = active & (own[:, i] > 0) & ~disrupted[:, i]
                    n = int(own[:, i].max(initial=0))
                    faces = rng.integers(1, 11, (trials, max(n, 1)))
                    hits = ((faces <= f) & (np.arange(max(n, 1)) < own[:, i][:, None])).sum(axis=1)
                    hits = np.where(fires, hits, 0)
                    if rules.hit_limit is not None:
                        hits = np.minimum(hits, rules.hit_limit)
                    _apply_vec(enemy, hits, armored if u.kind == "atr" else None)
            for side_idx, loser in ((1, st[0]), (2, st[1])):
                newly = ~done & ~(loser > 0).any(axis=1)
                winner[newly], end_round[newly] = side_idx, rnd
                done |= newly
    att, dfn = np.abs(st[1]), np.abs(st[0])
    how = np.where(winner == 1, (st[0] == 0).all(axis=1), (st[1] == 0).all(axis=1))
    table = np.column_stack([winner, end_round, how, att, dfn])
    rows, counts = np.unique(table, axis=0, return_counts=True)
    na = len(attackers)
    return Dist.from_weights({
        AssaultEnd("attacker" if r[0] == 1 else "defender", int(r[1]),
                   tuple(int(x) for x in r[3:3 + na]), tuple(int(x) for x in r[3 + na:]),
                   "eliminated" if r[2] else "retreated"): int(c)
        for r, c in zip(rows, counts)})


def _apply_vec(enemy: np.ndarray, hits: np.ndarray, armored: np.ndarray | None) -> None:
    """In-place hit distribution over a (trials, units) strength array."""
    rows = np.arange(len(enemy))
    if armored is not None:
        tank_str = np.where((enemy > 0) & armored, enemy, 0)
        has = tank_str.max(axis=1) > 0
        tgt = np.argmax(tank_str, axis=1)
        sel = has & (hits > 0)
        enemy[rows[sel], tgt[sel]] = np.maximum(0, enemy[rows[sel], tgt[sel]] - hits[sel])
        hits = np.where(has, 0, hits)
    for _ in range(int(hits.max(initial=0))):
        live = np.where(enemy > 0, enemy, 0)
        sel = (hits > 0) & (live.max(axis=1) > 0)
        tgt = np.argmax(live, axis=1)
        enemy[rows[sel], tgt[sel]] -= 1
        hits = hits - sel
