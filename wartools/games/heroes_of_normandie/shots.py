"""Which sides of the target's terrain element a shot crosses, and whether its directional
defensive bonus applies (Heroes of Normandie 1.1, Directional Defensive Bonus).

The sides come from the line-of-sight answer (``details["entry"]`` of
:mod:`wartools.games.heroes_of_normandie.los`: the sides the shot crosses *coming in*). A
shot exactly through a corner touches two sides; whether it crosses both is an assumed
reading (option ``corner-shot-crosses-both``). Whether a Defensive Element's bonus applies
(1.4) is :func:`wartools.games.heroes_of_normandie.los.defensive_bonus_applies`.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("heroes-of-normandie", 7, 7, terrain={"D3": "bunker"})
>>> s = crosses_protected_side(m, "D7", "D3", "south")
>>> bool(s), s.sides
(True, ('south',))
>>> bool(crosses_protected_side(m, "G3", "D3", "south"))
False
"""
from __future__ import annotations

from dataclasses import dataclass

from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.mapmodel import Map

#: the sides of a square a directional icon may protect
SIDES = ("north", "east", "south", "west")


@dataclass(frozen=True)
class ProtectedSide:
    """Whether a shot crosses the protected side of the target's terrain element (1.1).

    Attributes
    ----------
    crosses
        The directional bonus applies (true also as ``bool(answer)``).
    sides, contacts
        The sides of the element the shot crosses coming in, and how: ``crossed`` (through
        the side) or ``vertex`` (exactly through a corner).
    protected
        The side the icon protects.
    assumptions
        The assumed readings the answer rests on (a corner shot's).
    """

    crosses: bool
    sides: tuple[str, ...]
    contacts: tuple[str, ...]
    protected: str
    assumptions: tuple[Assumption, ...] = ()

    def __bool__(self) -> bool:
        return self.crosses


def shot_sides(m: Map, shooter: Cell | str, target: Cell | str) -> list[tuple[str, str]]:
    """The sides of the target's terrain element a shot crosses coming in, with the contact.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 7, 7, terrain={"D3": "bunker"})
    >>> shot_sides(m, "D7", "D3"), shot_sides(m, "A6", "D3")
    ([('south', 'crossed')], [('west', 'vertex'), ('south', 'vertex')])
    """
    from wartools.los import line_of_sight

    r = line_of_sight(m, shooter, target)
    return [(e["side"], e["contact"]) for e in r.details.get("entry", [])]


def crosses_protected_side(m: Map, shooter: Cell | str, target: Cell | str, protected: str) -> ProtectedSide:
    """Whether a shot crosses the side of the target's element the directional icon protects (1.1).

    A side crossed through a corner counts when the game option ``corner-shot-crosses-both``
    is on (the default, an assumed reading); the answer then reports it.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("heroes-of-normandie", 7, 7, terrain={"D3": "bunker"})
    >>> bool(crosses_protected_side(m, "A6", "D3", "south"))         # through the south-west corner
    True
    >>> strict = m.with_options(**{"corner-shot-crosses-both": False})
    >>> bool(crosses_protected_side(strict, "A6", "D3", "south"))
    False
    """
    from wartools.errors import WartoolsError

    if protected not in SIDES:
        raise WartoolsError(f"protected side {protected!r}: valid are {', '.join(SIDES)}")
    found = shot_sides(m, shooter, target)
    corners = bool(m.game.option("corner-shot-crosses-both"))
    crosses = any(side == protected and (contact == "crossed" or corners) for side, contact in found)
    vertex = any(contact == "vertex" for _, contact in found)
    used = m.game.assumptions(("corner-shot-crosses-both",)) if vertex else ()
    return ProtectedSide(crosses, tuple(s for s, _ in found), tuple(c for _, c in found), protected, used)
