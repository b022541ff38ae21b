"""Combat Infantry assaults: exact odds, scripted replay and simulation (Combat Infantry 9.2).

An assault (Combat Infantry 9.2) is fought in up to three rounds. Each round
the defenders fire first, then the attackers; hits apply at once to the
strongest enemy unit, with no D2 and every armor class counted as zero (9.1,
9.65). Units at strength 1 check morale at the start of their side's round
and are disrupted on a failure (9.3); attackers retreat in round 3 at the
latest and defenders may retreat from round 2 (9.2, 9.4).
Unit specials: engineers double firepower (9.64), AT guns and mortars drop to
F1 after round 1 (9.61), ATRs target armored units (9.63), HQs lend their
morale and check only when alone (9.66). A minefield defending the hex (kind ``mine``, 7.2) never
fires, checks no morale and never retreats; one hit eliminates it, and while it stands every 9 or 0
an attacker rolls is a hit on that attacker (an engineer targets the mine and is hit by its 0s only).
Retreats may be limited by a :class:`Retreat` of hexes, room and hexside limits (9.4).

The same rules drive three views of an assault: an exact absorbing Markov
chain (:func:`assault`), a die-by-die replay of a narrative
(:func:`replay_assault`) and a vectorised numpy simulation
(:func:`simulate_assault`). Fire, morale and the other combat procedures live
in :mod:`wartools.games.combat_infantry.combat`.

Examples
--------
>>> from wartools.games.combat_infantry.assault import AssaultUnit, assault
>>> ends = assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 1, 3, morale=10)])
>>> ends.prob(lambda e: e.winner == "defender")
Fraction(33301, 40000)
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import cast

import numpy as np

from wartools.dice import Dist, absorbing_distribution
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.combat import (ARMORED, face_value, fire, hits_from_rolls, minefield_assault,
                                                   minefield_rolls, morale_check, passes_morale)

__all__ = ["MINE", "AssaultUnit", "AssaultRules", "Retreat", "AssaultEnd", "AssaultStory", "MineEnd", "assault", "mine_assault",
           "replay_assault", "replay_mine_assault", "retell_assault", "simulate_assault"]


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
    river_or_cliff
        This attacker entered the assault across a river or cliff hexside: -1F in
        round 1 unless it is an engineer (9.1, 8.5). :attr:`AssaultRules.river_or_cliff`
        says it of every attacker at once.
    """

    kind: str
    strength: int
    firepower: int
    morale: int = 5
    river_or_cliff: bool = False

    def __post_init__(self) -> None:
        if self.strength < 1:
            raise WartoolsError(f"an assaulting unit needs strength >= 1, got {self.strength}")


@dataclass(frozen=True)
class Retreat:
    """Where one side's units may retreat from an assault hex, and how many fit (Combat Infantry 9.4).

    Parameters
    ----------
    hexes
        The hexes of retreat (labels), in the order retreating units take them.
    room
        How many more of the side's units each hex holds (stacking, 8.2).
    limit
        How many units may cross each hex's hexside in one round (9.4: the assault limit).
    allowed
        Per unit of the side (listed order), per hex: whether that unit may retreat there
        (a hexside impassable to it, a hedge for all but tanks: 3.4, 8.5).

    A retreating unit goes to the first hex it is allowed into with room and with its
    hexside's limit not used up this round; a unit with no such hex is eliminated (9.4, 6.33).

    Examples
    --------
    >>> r = Retreat(("A1", "C1"), room=(1, 3), limit=(2, 1), allowed=((True, True),) * 3)
    >>> r.assign([0, 1, 2], r.room)     # A1 takes one unit, C1's hexside lets one more through
    ({0: 0, 1: 1, 2: None}, (0, 2))
    """

    hexes: tuple[str, ...]
    room: tuple[int, ...]
    limit: tuple[int, ...]
    allowed: tuple[tuple[bool, ...], ...]

    def __post_init__(self) -> None:
        n = len(self.hexes)
        if len(self.room) != n or len(self.limit) != n or any(len(a) != n for a in self.allowed):
            raise WartoolsError("a retreat gives a room, a limit and each unit's permission for every hex")

    def assign(self, going: Sequence[int], room: tuple[int, ...]) -> tuple[dict[int, int | None], tuple[int, ...]]:
        """Where each of the units ``going`` (listed order) retreats this round, given the ``room``
        left: a hex index, or ``None`` (no valid hex: eliminated); and the room left after."""
        left = list(room)
        crossed = [0] * len(self.hexes)
        out: dict[int, int | None] = {}
        for i in going:
            may = self.allowed[i] if i < len(self.allowed) else ()
            h = next((h for h, ok in enumerate(may) if ok and left[h] > 0 and crossed[h] < self.limit[h]), None)
            out[i] = h
            if h is not None:
                left[h] -= 1
                crossed[h] += 1
        return out, tuple(left)


#: the readings of the 9.3 note, a unit's morale beside an HQ (game option ``assault-hq-morale``)
HQ_MORALE = ("hq", "better")


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
    attacker_retreat, defender_retreat
        Where each side's units may retreat and how many fit (:class:`Retreat`, 9.4); given,
        it replaces the side's ``*_can_retreat``.
    hq_morale
        The morale a unit checks with when an HQ of its side is in the hex (9.3 note: the
        commanding HQ's): ``"hq"`` the HQ's (the best HQ's there), ``"better"`` the better of its
        own and the HQ's (game option ``assault-hq-morale``).
    """

    river_or_cliff: bool = False
    smoke: bool = False
    hit_limit: int | None = None
    attacker_retreat_round: int = 3
    defender_retreat_round: int | None = None
    attacker_can_retreat: bool = True
    defender_can_retreat: bool = True
    attacker_retreat: Retreat | None = None
    defender_retreat: Retreat | None = None
    hq_morale: str = "hq"

    def __post_init__(self) -> None:
        if self.hq_morale not in HQ_MORALE:
            raise WartoolsError(f"hq_morale is one of {', '.join(HQ_MORALE)} (9.3), got {self.hq_morale!r}")
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


#: the kind of a minefield defending its hex (7.2): it never fires, never checks morale, never retreats,
#: and one hit eliminates it
MINE = "mine"


@lru_cache(maxsize=None)
def _face_weights(dice: int, f: int, bad: frozenset[int], hit_limit: int | None) -> tuple[tuple[tuple[int, int], int], ...]:
    """``(hits, friendly hits)`` of ``dice`` d10 at firepower ``f`` as counts over ``10**dice``: a face at
    or under ``f`` hits, a face in ``bad`` is a hit on the firer (7.2: 9 and 0 against a minefield)."""
    counts: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int], int] = {}
        for (h, fr), w in counts.items():
            for v in range(1, 11):
                key = (h + (v <= f), fr + (v in bad))
                nxt[key] = nxt.get(key, 0) + w
        counts = nxt
    merged: dict[tuple[int, int], int] = {}
    for (h, fr), w in counts.items():
        key = (h if hit_limit is None else min(h, hit_limit), fr)
        merged[key] = merged.get(key, 0) + w
    return tuple(merged.items())


def _efp(u: AssaultUnit, attacker: bool, rnd: int, rules: AssaultRules) -> int:
    f = u.firepower * 2 if u.kind == "engineer" else u.firepower
    if u.kind in ("at-gun", "mortar") and rnd >= 2:
        f = 1
    if attacker and rnd == 1 and (rules.river_or_cliff or u.river_or_cliff) and u.kind != "engineer":
        f -= 1
    return f - rules.smoke


def _with_hq(morale: int, hq: int, how: str) -> int:
    """The morale a unit checks with beside an HQ of morale ``hq`` (0: none there), ``how`` the
    reading (9.3 note; :attr:`AssaultRules.hq_morale`)."""
    return morale if not hq else hq if how == "hq" else max(morale, hq)


def _checkers(units: Sequence[AssaultUnit], own: tuple[int, ...], how: str = "hq") -> list[tuple[int, int]]:
    """``(index, morale)`` of units that must check morale (9.3, 9.66); a minefield never checks, though it
    is a unit beside an HQ (7.2)."""
    present = [i for i, s in enumerate(own) if s > 0]
    hq = max((units[i].morale for i in present if units[i].kind == "hq"), default=0)
    return [(i, _with_hq(units[i].morale, hq, how)) for i in present
            if own[i] == 1 and units[i].kind != MINE and (units[i].kind != "hq" or len(present) == 1)]


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

    State: ``(round, phase, attackers, defenders, room)``, phase 0 = defender fires,
    1 = attacker; strengths > 0 present, 0 eliminated, -s retreated at strength s; ``room``
    the room left in each side's hexes of retreat (defenders', attackers'; empty without a
    :class:`Retreat`).
    """

    def __init__(self, attackers: Sequence[AssaultUnit], defenders: Sequence[AssaultUnit],
                 rules: AssaultRules | None) -> None:
        if not attackers or not defenders:
            raise WartoolsError("an assault needs at least one attacker and one defender")
        self.units = (tuple(defenders), tuple(attackers))
        self.kinds = tuple(tuple(u.kind for u in side) for side in self.units)
        if any(u.kind == MINE for u in attackers):
            raise WartoolsError("mines never assault (7.2): a minefield defends its hex")
        self.rules = rules or AssaultRules()
        #: the index of a minefield among the defenders (7.2), or None
        self.mine = next((i for i, u in enumerate(defenders) if u.kind == MINE), None)
        self.plans = (self.rules.defender_retreat, self.rules.attacker_retreat)
        room = tuple(p.room if p is not None else () for p in self.plans)
        self.start = (1, 0, tuple(u.strength for u in attackers), tuple(u.strength for u in defenders), room)
        self._hit_memo: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], int]] = {}
        self._fire_memo: dict[tuple, list[tuple[tuple[int, ...], int]]] = {}

    def retreats(self, rnd: int, phase: int) -> bool:
        r = self.rules
        if phase == 1:
            return rnd >= r.attacker_retreat_round
        return r.defender_retreat_round is not None and rnd >= r.defender_retreat_round

    def checkers(self, rnd: int, phase: int, own: tuple[int, ...]) -> list[tuple[int, int]]:
        if phase == 1 and rnd == 3:
            return []  # no attacker morale checks in round 3 (9.2)
        return _checkers(self.units[phase], own, self.rules.hq_morale)

    def after(self, phase: int, own: tuple[int, ...], disrupted: frozenset[int], room: tuple[tuple[int, ...], ...]
              ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], dict[int, int | None]]:
        """Own side after a retreat phase, the room left, and where each retreating unit went (a
        hex index of the side's :class:`Retreat`, ``None``: eliminated, no valid hex, 9.4)."""
        units = self.units[phase]
        going = [i for i, s in enumerate(own) if s > 0 and i not in disrupted and units[i].kind != MINE]
        plan = self.plans[phase]
        if plan is None:
            can = self.rules.attacker_can_retreat if phase == 1 else self.rules.defender_can_retreat
            return (tuple((-s if can else 0) if i in going else s for i, s in enumerate(own)), room,
                    dict.fromkeys(going, 0 if can else None))
        where, left = plan.assign(going, room[phase])
        rooms = (left, room[1]) if phase == 0 else (room[0], left)
        return (tuple((0 if where[i] is None else -s) if i in where else s for i, s in enumerate(own)), rooms,
                where)

    def shooters(self, rnd: int, phase: int, own: tuple[int, ...]) -> list[tuple[int, int, int, bool]]:
        """``(index, dice, firepower, is_atr)`` of each present unit, in listed order."""
        units = self.units[phase]
        return [(i, s, _efp(units[i], phase == 1, rnd, self.rules), units[i].kind == "atr")
                for i, s in enumerate(own) if s > 0 and units[i].kind != MINE]   # a mine never fires (7.2)

    def mined(self, phase: int, enemy: tuple[int, ...]) -> bool:
        """Whether the attackers fire (``phase`` 1) at a hex whose minefield still stands (7.2)."""
        return phase == 1 and self.mine is not None and enemy[self.mine] > 0

    def mine_fire(self, i: int, dice: int, f: int) -> tuple[tuple[tuple[int, int], int], ...]:
        """Attacker ``i``'s ``(hits, friendly hits)`` at a standing minefield as counts over
        ``10**dice`` (7.2: 9s and 0s hit the firer, an engineer's 0s only)."""
        engineer = self.units[1][i].kind == "engineer"
        return _face_weights(max(dice, 0), f, frozenset({10} if engineer else {9, 10}), self.rules.hit_limit)

    def hits_on(self, i: int, enemy: tuple[int, ...], hits: int, atr: bool) -> tuple[int, ...]:
        """The defenders after attacker ``i``'s ``hits`` while a minefield stands: an engineer targets the
        mine, one hit eliminates it, the rest are wasted (7.2, 9.64, 6.31: its choice, a named reading);
        other hits go to the strongest, the mine counted as a unit of strength 1 (7.2, 6.3)."""
        if self.units[1][i].kind == "engineer" and self.mined(1, enemy):
            return tuple(0 if j == self.mine and hits else s for j, s in enumerate(enemy))
        return _apply(enemy, self.kinds[0], hits, atr)

    def next_state(self, rnd: int, phase: int, own: tuple[int, ...],
                   enemy: tuple[int, ...], room: tuple[tuple[int, ...], ...]) -> tuple | AssaultEnd:
        att, dfn = (own, enemy) if phase == 1 else (enemy, own)
        for side, loser in (("attacker", dfn), ("defender", att)):
            if not any(s > 0 for s in loser):
                how = "eliminated" if all(s == 0 for s in loser) else "retreated"
                return AssaultEnd(side, rnd, tuple(map(abs, att)), tuple(map(abs, dfn)), how)
        if phase == 1 and rnd == 3:
            raise AssertionError("attackers are always gone after round 3")  # pragma: no cover
        return (rnd + phase, 1 - phase, att, dfn, room)

    def step(self, state: tuple | AssaultEnd) -> Dist | None:
        """Distribution of the state after one side-round (``None`` once the assault ended).

        Exact but Fraction-free until the end: morale dice and fire rolls are
        counted as integer weights over one common denominator (a product of
        powers of 10), and one reduced Fraction is built per next state.
        """
        if isinstance(state, AssaultEnd):
            return None
        rnd, phase, att, dfn, room = state
        own, enemy = (att, dfn) if phase == 1 else (dfn, att)
        patterns, total = self.morale_weights(rnd, phase, own)
        out: dict = {}
        if self.retreats(rnd, phase):
            for pat, w in patterns.items():
                own2, room2, _ = self.after(phase, own, pat, room)
                key = self.next_state(rnd, phase, own2, enemy, room2)
                out[key] = out.get(key, 0) + w
            return Dist._from_int_weights(out, total)
        shooters = self.shooters(rnd, phase, own)
        if phase == 1 and self.mine is not None:
            return self._mined_step(rnd, own, enemy, room, patterns, total, shooters)
        rolls = [self.hit_weights(dice, f) for _, dice, f, _ in shooters]
        for _, den in rolls:
            total *= den  # every potential firer's dice, so all patterns share one denominator
        kinds = self.kinds[1 - phase]
        after_fire: dict[tuple[int, ...], int] = {}  # enemy strengths, merged over the patterns
        for pat, w in patterns.items():
            enemies = {enemy: w}
            for (i, _, _, atr), (hits, den) in zip(shooters, rolls):
                if i in pat:  # disrupted: no fire, its dice count as one certain outcome
                    enemies = {e: we * den for e, we in enemies.items()}
                    continue
                new_e: dict[tuple[int, ...], int] = {}
                for e, we in enemies.items():
                    for e2, wh in self.fire_on(e, kinds, hits, atr):
                        new_e[e2] = new_e.get(e2, 0) + we * wh
                enemies = new_e
            for e, we in enemies.items():
                after_fire[e] = after_fire.get(e, 0) + we
        for e, we in after_fire.items():
            key = self.next_state(rnd, phase, own, e, room)
            out[key] = out.get(key, 0) + we
        return Dist._from_int_weights(out, total)

    def _mined_step(self, rnd: int, own: tuple[int, ...], enemy: tuple[int, ...], room: tuple[tuple[int, ...], ...],
                    patterns: dict[frozenset[int], int], total: int,
                    shooters: list[tuple[int, int, int, bool]]) -> Dist:
        """The attackers' fire at a hex holding a minefield (7.2): each unit's dice counted over ``10**dice``,
        its friendly hits on itself while the mine stands, the attackers' strengths tracked with the
        defenders'."""
        for _, dice, _, _ in shooters:
            total *= 10 ** dice
        states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        for pat, w in patterns.items():
            here = {(own, enemy): w}
            for i, dice, f, atr in shooters:
                nxt: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
                for (o, e), we in here.items():
                    if i in pat:
                        outcomes: Iterable[tuple[tuple[int, int], int]] = (((0, 0), 10 ** dice),)
                    elif self.mined(1, e):
                        outcomes = self.mine_fire(i, dice, f)
                    else:
                        outcomes = _face_weights(dice, f, frozenset(), self.rules.hit_limit)
                    for (h, fr), c in outcomes:
                        e2 = self.hits_on(i, e, h, atr) if h else e
                        o2 = tuple(max(0, s - fr) if j == i else s for j, s in enumerate(o)) if fr else o
                        nxt[(o2, e2)] = nxt.get((o2, e2), 0) + we * c
                here = nxt
            for pair, we in here.items():
                states[pair] = states.get(pair, 0) + we
        out: dict = {}
        for (o, e), we in states.items():
            key = self.next_state(rnd, 1, o, e, room)
            out[key] = out.get(key, 0) + we
        return Dist._from_int_weights(out, total)

    def morale_weights(self, rnd: int, phase: int,
                       own: tuple[int, ...]) -> tuple[dict[frozenset[int], int], int]:
        """Disruption patterns of a side-round as integer weights over their common denominator."""
        patterns: dict[frozenset[int], int] = {frozenset(): 1}
        total = 1
        for i, morale in self.checkers(rnd, phase, own):
            p = morale_check(morale)
            ok, den = p.numerator, p.denominator
            new: dict[frozenset[int], int] = {}
            for pat, w in patterns.items():
                if den - ok:
                    new[pat | {i}] = new.get(pat | {i}, 0) + w * (den - ok)
                if ok:
                    new[pat] = new.get(pat, 0) + w * ok
            patterns, total = new, total * den
        return patterns, total

    def hit_weights(self, dice: int, f: int) -> tuple[tuple[tuple[int, int], ...], int]:
        """Integer weights of :func:`~wartools.games.combat_infantry.combat.fire` (memoised)."""
        key = (dice, f)
        if key not in self._hit_memo:
            # fire() outcomes are hit counts: ints, though Dist types its outcomes as Hashable
            self._hit_memo[key] = cast("tuple[tuple[tuple[int, int], ...], int]",
                                       fire(dice, f, hit_limit=self.rules.hit_limit)._int_weights())
        return self._hit_memo[key]

    def fire_on(self, enemy: tuple[int, ...], kinds: tuple[str, ...],
                hits: tuple[tuple[int, int], ...], atr: bool) -> list[tuple[tuple[int, ...], int]]:
        """Weighted enemy strengths after one fire, identical hit outcomes merged (memoised)."""
        key = (enemy, kinds, hits, atr)
        found = self._fire_memo.get(key)
        if found is None:
            merged: dict[tuple[int, ...], int] = {}
            for h, w in hits:
                e2 = _apply(enemy, kinds, h, atr)
                merged[e2] = merged.get(e2, 0) + w
            found = self._fire_memo[key] = list(merged.items())
        return found

    def replay_phase(self, state: tuple, faces: Iterator[int], log: list[str],
                     went: dict[tuple[int, int], int | None] | None = None) -> tuple | AssaultEnd:
        """One side-round die by die; ``went`` gains ``(phase, unit index): hex index or None`` for
        each unit that retreats (:meth:`after`)."""
        rnd, phase, att, dfn, room = state
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
            own2, room2, where = self.after(phase, own, pat, room)
            if went is not None:
                went.update({(phase, i): h for i, h in where.items()})
            lost = [str(i) for i, h in where.items() if h is None]
            log.append(f"round {rnd} {side}s retreat" + (f" ({', '.join(lost)} eliminated: no valid hex, 9.4)"
                                                          if lost else ""))
            return self.next_state(rnd, phase, own2, enemy, room2)
        for i, dice, f, atr in self.shooters(rnd, phase, own):
            if i in pat:
                continue
            rolled = [_next_face(faces) for _ in range(dice)]
            h = hits_from_rolls(rolled, f, hit_limit=self.rules.hit_limit)
            if self.mined(phase, enemy):
                bad = {10} if self.units[1][i].kind == "engineer" else {9, 10}
                fr = sum(face_value(x) in bad for x in rolled)
                enemy = self.hits_on(i, enemy, h, atr) if h else enemy
                own = tuple(max(0, s - fr) if j == i else s for j, s in enumerate(own))
                log.append(f"round {rnd} {side} {i} F{f} rolls {rolled}: {h} hit(s) -> {enemy}, {fr} on itself (7.2)")
                continue
            enemy = _apply(enemy, self.kinds[1 - phase], h, atr)
            log.append(f"round {rnd} {side} {i} F{f} rolls {rolled}: {h} hit(s) -> {enemy}")
        return self.next_state(rnd, phase, own, enemy, room)


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
    end, log, _ = _replay(_Assault(attackers, defenders, rules), faces)
    return end, log


def _replay(chain: _Assault, faces: Iterable[int]
            ) -> tuple[AssaultEnd, list[str], dict[tuple[int, int], int | None]]:
    """The end, the log and where each retreating unit went (:meth:`_Assault.replay_phase`)."""
    it = iter(faces)
    log: list[str] = []
    went: dict[tuple[int, int], int | None] = {}
    state: tuple | AssaultEnd = chain.start
    while not isinstance(state, AssaultEnd):
        state = chain.replay_phase(state, it, log, went)
    return state, log, went


@dataclass(frozen=True)
class AssaultStory:
    """A told assault replayed die by die, beside the exact odds of every ending (Combat Infantry 9.2-9.4).

    ``end`` and ``log`` come from :func:`replay_assault`; ``ends`` is
    :func:`assault`'s exact distribution; ``defender_wins``,
    ``attacker_wins`` and ``this_end`` (the chance of exactly the told ending)
    are read off it.
    """

    end: AssaultEnd
    log: tuple[str, ...]
    ends: Dist
    defender_wins: Fraction
    attacker_wins: Fraction
    this_end: Fraction

    @property
    def disrupted(self) -> int:
        """How many times a unit failed its morale check and was disrupted (9.3)."""
        return sum("disrupted" in line for line in self.log)


def retell_assault(attackers: Sequence[AssaultUnit], defenders: Sequence[AssaultUnit], faces: Iterable[int],
                   rules: AssaultRules | None = None) -> AssaultStory:
    """Replay an assault from its dice (:func:`replay_assault`) and solve it exactly (:func:`assault`).

    Examples
    --------
    >>> s = retell_assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 2, 3)], [5, 1])
    >>> s.end.winner, s.end.round, s.this_end == s.ends[s.end], 0 < s.defender_wins < 1
    ('defender', 1, True, True)
    """
    end, log = replay_assault(attackers, defenders, faces, rules)
    ends = assault(attackers, defenders, rules)
    return AssaultStory(end, tuple(log), ends, ends.prob(lambda e: e.winner == "defender"),
                        ends.prob(lambda e: e.winner == "attacker"), ends[end])


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
    if any(u.kind == MINE for u in defenders):
        raise WartoolsError("simulate_assault plays no minefield (7.2): use assault() or replay_assault()")
    if rules.attacker_retreat is not None or rules.defender_retreat is not None:
        raise WartoolsError("simulate_assault plays retreats as attacker_can_retreat/defender_can_retreat say; "
                            "for a Retreat of hexes and room use assault() or replay_assault()")
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
                    morale = np.where(hq_m > 0, hq_m if rules.hq_morale == "hq" else np.maximum(u.morale, hq_m),
                                      u.morale)
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


# ---------------------------------------------------------------------- an undefended minefield
@dataclass(frozen=True)
class MineEnd:
    """How one unit's assault on an undefended minefield ended (Combat Infantry 7.2, 9.2): whether
    the mine fell (``cleared``), in which round, and the attacker's strength after (0 = eliminated)."""

    cleared: bool
    round: int
    strength: int


def _mine_firepower(u: AssaultUnit, rnd: int, river_or_cliff: bool) -> int:
    """The attacker's F against the mine before the engineer's doubling (done by the minefield odds):
    -1F in round 1 across a river or cliff, except engineers (9.1, 8.5)."""
    return u.firepower - int(rnd == 1 and river_or_cliff and u.kind != "engineer")


def _mine_after(rnd: int, strength: int, hits: int, friendly: int) -> tuple[int, int] | MineEnd:
    left = max(0, strength - friendly)
    if hits:
        return MineEnd(True, rnd, left)          # one hit eliminates the mine (7.2)
    return MineEnd(False, rnd, 0) if left == 0 else (rnd + 1, left)


def mine_assault(attacker: AssaultUnit, river_or_cliff: bool = False) -> Dist:
    """Exact distribution of how ``attacker``'s assault on an undefended minefield ends
    (Combat Infantry 7.2 with 9.2, 9.3).

    Mines never fire and make no morale checks (7.2). The attacker fires in rounds 1 and 2 (it
    must retreat in round 3, 9.2): its rolls at or under its firepower hit the mine, and one hit
    eliminates it; each 9 or 0 is a hit on the attacker itself (an engineer fires at double
    firepower and is hit only by its 0s, 7.2, 9.64). At strength 1 it checks morale first and
    is disrupted on a failure (9.3; alone, an HQ checks too, 9.66).

    Returns
    -------
    Dist
        Over :class:`MineEnd`.

    Examples
    --------
    >>> ends = mine_assault(AssaultUnit("engineer", 2, 2, morale=6))
    >>> ends.prob(lambda e: e.cleared)     # 16/25 in round 1, 4/25 in round 2, 3/125 after a hit on itself
    Fraction(103, 125)
    """
    engineer = attacker.kind == "engineer"

    def step(state: tuple[int, int] | MineEnd) -> Dist | None:
        if isinstance(state, MineEnd):
            return None
        rnd, strength = state
        if rnd == 3:
            return Dist.constant(MineEnd(False, 3, strength))       # attackers must retreat (9.2)
        fired = minefield_assault(strength, _mine_firepower(attacker, rnd, river_or_cliff), engineer=engineer)
        after = fired.map(lambda hf: _mine_after(rnd, strength, hf[0], hf[1]))
        if strength > 1:
            return after
        ok = morale_check(attacker.morale)
        return Dist.bernoulli(ok).bind(lambda passed: after if passed else Dist.constant((rnd + 1, strength)))

    return absorbing_distribution((1, attacker.strength), step)


def replay_mine_assault(attacker: AssaultUnit, faces: Iterable[int], river_or_cliff: bool = False,
                        ) -> tuple[MineEnd, list[str]]:
    """Scripted assault on an undefended minefield, die by die (:func:`mine_assault`'s rules):
    each round a morale die first when the attacker is at strength 1, then its fire dice.

    Examples
    --------
    The 7.2 example: an engineer 2 (F2, doubled) assaults a minefield and rolls 3, 0.

    >>> replay_mine_assault(AssaultUnit("engineer", 2, 2), [3, 10])
    (MineEnd(cleared=True, round=1, strength=1), ['round 1 F4 rolls [3, 10]: 1 hit on the mine, 1 on itself'])
    """
    it = iter(faces)
    engineer = attacker.kind == "engineer"
    log: list[str] = []
    state: tuple[int, int] | MineEnd = (1, attacker.strength)
    while not isinstance(state, MineEnd):
        rnd, strength = state
        if rnd == 3:
            state = MineEnd(False, 3, strength)
            log.append("round 3: the attacker falls back (9.2)")
            continue
        if strength == 1:
            face = _next_face(it)
            if not passes_morale(face, attacker.morale):
                log.append(f"round {rnd}: morale {attacker.morale} fails on {face}: disrupted (9.3)")
                state = (rnd + 1, strength)
                continue
        f = _mine_firepower(attacker, rnd, river_or_cliff)
        rolled = [_next_face(it) for _ in range(strength)]
        hits, friendly = minefield_rolls(rolled, f, engineer=engineer)
        log.append(f"round {rnd} F{f * 2 if engineer else f} rolls {rolled}: {hits} hit{'s' if hits != 1 else ''} "
                   f"on the mine, {friendly} on itself")
        state = _mine_after(rnd, strength, hits, friendly)
    return state, log
