"""Combat in the Conflict of Heroes lesson: the rulebook's fire and initiative examples, recomputed.

The Game Overview shot (the '43 infantry, firepower 4, rolls 9 against a
squad with defence rating 12 in woods: AV 13 against DV 14, a miss), the
CAPs that lift a hit chance to a goal (3.2; one point per CAP is assumed,
3.24 is not in the excerpt) and the initiative roll of 2.1 (2D6 each, ties
re-rolled).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wartools.games.conflict_of_heroes.combat import TWO_D6, hit_probability, initiative, resolve_fire
from wartools.lessons.conflict_of_heroes.los import Shot, shot
from wartools.lessons.conflict_of_heroes.maps import woods_map


@dataclass(frozen=True)
class OverviewShot:
    """The Game Overview fire example, recomputed (see :func:`overview_shot`)."""

    shot: Shot
    dice: tuple[int, int]
    attack: int
    defense: int
    hit: bool
    probability: Fraction


def overview_shot(dice: tuple[int, int] = (4, 5)) -> OverviewShot:
    """Game Overview: the '43 infantry (FP 4) rolls 9 against a squad (DR 12) in woods: 13 AV vs 14 DV.

    The terrain modifier comes from the map (the target's hex is woods), the
    line from the LOS engine (the target's own woods do not block it).

    Examples
    --------
    >>> ex = overview_shot()
    >>> ex.shot.status, ex.attack, ex.defense, ex.hit
    ('clear', 13, 14, False)
    >>> overview_shot((5, 5)).hit
    True
    """
    s = shot(woods_map(), "B01", "B05")
    av, dv, hit = resolve_fire(dice, s.firepower, s.rating, terrain=s.terrain + s.hindrance)
    return OverviewShot(s, dice, av, dv, hit, s.probability or Fraction(0))


def caps_for_probability(firepower: int, rating: int, *, terrain: int = 0, goal: Fraction = Fraction(1, 2),
                         limit: int = 12) -> int | None:
    """Fewest CAPs, committed before the roll, that lift P(hit) to ``goal`` (3.2; one point per CAP assumed).

    ``None`` if even ``limit`` CAPs do not.

    Examples
    --------
    >>> caps_for_probability(4, 12, terrain=2)           # 1/6 -> 5/18 -> 5/12 -> 7/12
    3
    >>> caps_for_probability(4, 12, terrain=2, goal=Fraction(1))
    8
    >>> caps_for_probability(0, 30, limit=3) is None
    True
    """
    goal = Fraction(goal)
    for caps in range(limit + 1):
        if hit_probability(firepower, rating, terrain=terrain, caps=caps) >= goal:
            return caps
    return None


def initiative_example() -> dict[str, Fraction]:
    """2.1: both roll 2D6, ties re-rolled. P(win) with no CAP, with one CAP (3.24, assumed one point), P(tie).

    Examples
    --------
    >>> initiative_example()
    {'even': Fraction(1, 2), 'one_cap': Fraction(721, 1156), 'tie_once': Fraction(73, 648)}
    """
    tie = TWO_D6.combine(TWO_D6, lambda a, b: a == b)[True]
    return {"even": initiative()["A"], "one_cap": initiative(modifier_a=1)["A"], "tie_once": tie}
