"""Combat worked examples of the Heroes of Normandie lesson, and their shot helpers.

Recomputed by :mod:`wartools.games.heroes_of_normandie.combat` (with the LoS of
:mod:`wartools.los` where a shot crosses the bunker fixture): 4.2 Minefield
(the roll of 1 + 1 + 1), 1.1 Universal and Directional Defensive Bonus, 1.4
Defensive Elements, 1.1 Bunker (Destruction dice), 5 Speed Penalty, and 3.2
Hawkeyed with the long range penalty (5).
"""
from __future__ import annotations

from fractions import Fraction

from wartools.games.heroes_of_normandie import combat as hc
from wartools.games.heroes_of_normandie import los as hon_los
from wartools.lessons.heroes_of_normandie.cases import Case, WorkedExample
from wartools.lessons.heroes_of_normandie.maps import bunker_map, with_units
from wartools.los import LOSResult, line_of_sight
from wartools.mapmodel import Map


def mine_roll_example(defense: int = 7) -> WorkedExample:
    """The mine roll of 1 + 1 + 1 (4.2 Minefield, Resolving the Attack).

    Three counters (one per mined square) each add 1; a die of 4 makes 7:
    one Hit and one Suppressed Marker. A natural 1 never hits: the defender
    discards one of the counters instead.

    Examples
    --------
    >>> [c.computed for c in mine_roll_example().cases]
    ['hit', 'discard', Fraction(1, 2)]
    """
    values = [1, 1, 1]
    return WorkedExample("mine-roll", "combat", "The mine roll of 1 + 1 + 1", "4.2 Minefield", None, (
        Case(f"die 4 + 1 + 1 + 1 = 7 against Defense {defense}", "hit", hc.resolve_mines(4, values, defense)),
        Case("die 1 + 1 + 1 + 1", "discard", hc.resolve_mines(1, values, defense)),
        Case(f"P(hit) before rolling, Defense {defense}", Fraction(1, 2),
             hc.mine_attack(values, defense)["hit"]),
    ), "the Defense Value is our assumption (see ASSUMPTIONS); the rulebook's example only gives the total 7.")


def shot_sides(m: Map, shooter: str, target: str) -> list[tuple[str, str]]:
    """The sides of the target's terrain element the shot crosses, with the contact.

    From :attr:`LOSResult.details` (``"entry"``): ``[(side, contact), ...]``
    with side ``north``/``east``/``south``/``west`` and contact ``crossed`` or
    ``vertex`` (through a corner).

    Examples
    --------
    >>> m = bunker_map()
    >>> shot_sides(m, "D7", "D3"), shot_sides(m, "A6", "D3")
    ([('south', 'crossed')], [('west', 'vertex'), ('south', 'vertex')])
    """
    r = line_of_sight(m, shooter, target)
    return [(e["side"], e["contact"]) for e in r.details.get("entry", [])]


def crosses_protected_side(m: Map, shooter: str, target: str, protected: str) -> bool:
    """Whether the shot crosses the element's protected side (1.1 Directional Defensive Bonus).

    A shot exactly through a corner touches both sides: it counts (lesson
    convention, see :data:`ASSUMPTIONS`).

    Examples
    --------
    >>> crosses_protected_side(bunker_map(), "D7", "D3", "south")
    True
    >>> crosses_protected_side(bunker_map(), "D1", "D3", "south")
    False
    """
    return any(side == protected for side, _ in shot_sides(m, shooter, target))


def defensive_bonus_applies(m: Map, shooter: str, target: str) -> bool:
    """A defensive element's bonus, unless the shooter is inside the same element (1.4).

    The rule lives in the game (:func:`wartools.games.heroes_of_normandie.los.defensive_bonus_applies`);
    an open beach square is no defensive element.

    Examples
    --------
    >>> m = bunker_map()
    >>> defensive_bonus_applies(m, "B5", "C3"), defensive_bonus_applies(m, "B3", "C3")
    (True, False)
    """
    return hon_los.defensive_bonus_applies(m, shooter, target)


def shot_odds(m: Map, shooter: str, target: str, attack: int, defense: int, *, universal: int = 0,
              directional: int = 0, protected: str = "south", long_range: bool = False,
              hawkeyed: bool = False) -> tuple[Fraction, hc.ShotModifiers, LOSResult]:
    """P(hit) of a shot on the map: LoS (blocked: 0; smoke: its penalty on the die) and bonuses (1.1).

    Examples
    --------
    >>> p, mods, r = shot_odds(bunker_map(), "D7", "D3", attack=3, defense=5, universal=1,
    ...                        directional=2, protected="south")
    >>> p, mods.defense_bonus()
    (Fraction(1, 3), 3)
    """
    r = line_of_sight(m, shooter, target)
    mods = hc.ShotModifiers(universal_bonus=universal, directional_bonus=directional,
                            crosses_protected_edge=crosses_protected_side(m, shooter, target, protected),
                            long_range=long_range, hawkeyed=hawkeyed, roll_bonus=r.modifier or 0)
    p = Fraction(0) if r.status == "blocked" else hc.shot_probability(attack, defense, mods)
    return p, mods, r


def directional_bonus_example() -> WorkedExample:
    """Directional and universal defensive bonus on the bunker (1.1).

    The MG team in D3 has a +2 directional bonus facing south (the beach) and
    a +1 universal bonus; the shooter's attack is 3 against Defense 5.

    Examples
    --------
    >>> [c.computed for c in directional_bonus_example().cases]
    [True, False, True, Fraction(1, 3), Fraction(2, 3)]
    """
    m = bunker_map()

    def odds(shooter: str) -> Fraction:
        return shot_odds(m, shooter, "D3", 3, 5, universal=1, directional=2, protected="south")[0]
    lo = line_of_sight(m, "D7", "D3")
    cases = (
        Case("shot from the beach D7: crosses the protected south side?", True,
             crosses_protected_side(m, "D7", "D3", "south"), lo, m),
        Case("shot from the flank G3: crosses it?", False, crosses_protected_side(m, "G3", "D3", "south"),
             line_of_sight(m, "G3", "D3"), m),
        Case("shot through the corner from A6: crosses it? (corner convention)", True,
             crosses_protected_side(m, "A6", "D3", "south"), line_of_sight(m, "A6", "D3"), m),
        Case("P(hit) from D7: d6 + 3 >= 5 + 1 + 2, a 1 misses", Fraction(1, 3), odds("D7")),
        Case("P(hit) from G3: d6 + 3 >= 5 + 1", Fraction(2, 3), odds("G3")),
    )
    return WorkedExample("directional", "combat", "Directional defensive bonus", "1.1 Terrain Effects", m, cases,
                         "bonus values and the protected side are ours: they are printed on the tile.")


def defensive_element_example() -> WorkedExample:
    """No defensive bonus against a shooter in the same element (1.4 Defensive Elements).

    Examples
    --------
    >>> [c.computed for c in defensive_element_example().cases]
    [True, False]
    """
    m = with_units(bunker_map(), ("de-t", "German", "infantry", "C3"), ("us-t", "US", "infantry", "B3"))
    return WorkedExample("defensive-element", "combat", "Defensive element: shooter inside", "1.4", m, (
        Case("shot C6 -> trench C3: bonus applies?", True, defensive_bonus_applies(m, "C6", "C3"),
             line_of_sight(m, "C6", "C3"), m),
        Case("shot B3 -> C3, both in the trench: bonus applies?", False, defensive_bonus_applies(m, "B3", "C3"),
             line_of_sight(m, "B3", "C3"), m),
    ))


def bunker_stun_example() -> WorkedExample:
    """Destruction dice against a bunker: a 5 or 6 suppresses the units inside (1.1 Bunker).

    Examples
    --------
    >>> [c.computed for c in bunker_stun_example().cases]
    [True, False, Fraction(5, 9)]
    """
    return WorkedExample("bunker-stun", "combat", "Stunning a bunker", "1.1 Bunker", None, (
        Case("Destruction 2 rolls 2 and 5", True, hc.bunker_stun_rolls([2, 5])),
        Case("Destruction 2 rolls 4 and 4", False, hc.bunker_stun_rolls([4, 4])),
        Case("P(stun) with 2 dice = 1 - (4/6)^2", Fraction(5, 9), hc.bunker_stun(2)),
    ))


def speed_penalty_example() -> WorkedExample:
    """The four Speed Penalty examples: an aircraft with Order Token #3 (5, Speed Penalty).

    Examples
    --------
    >>> [c.computed for c in speed_penalty_example().cases]
    [1, 2, 0, 0]
    """
    return WorkedExample("speed", "combat", "Speed penalty against an aircraft", "5 Speed Penalty", None, (
        Case("firer with Order Token #2", 1, hc.speed_penalty(3, 2)),
        Case("firer with Order Token #5", 2, hc.speed_penalty(3, 5)),
        Case("firer with Order Token #3", 0, hc.speed_penalty(3, 3)),
        Case("opportunity fire", 0, hc.speed_penalty(3, None, opportunity_fire=True)),
    ))


def long_range_example() -> WorkedExample:
    """Long range penalty, Hawkeyed and aircraft (3.2 Hawkeyed; 5 Long Range Penalty).

    Attack 3 against Defense 5 (our numbers); the penalty value is assumed.

    Examples
    --------
    >>> [c.computed for c in long_range_example().cases]
    [Fraction(5, 6), Fraction(1, 2), Fraction(5, 6), Fraction(5, 6)]
    """
    sp = hc.shot_probability
    M = hc.ShotModifiers
    return WorkedExample("long-range", "combat", "Long range, Hawkeyed, aircraft", "3.2, 5", None, (
        Case("short range", Fraction(5, 6), sp(3, 5)),
        Case("long range (assumed -2)", Fraction(1, 2), sp(3, 5, M(long_range=True))),
        Case("long range, Hawkeyed shooter: no penalty", Fraction(5, 6), sp(3, 5, M(long_range=True, hawkeyed=True))),
        Case("long range, an aircraft involved: never a penalty", Fraction(5, 6),
             sp(3, 5, M(long_range=True, aircraft=True))),
    ), "the size of the penalty is the library's assumption (2); the rules that waive it are in the excerpt.")
