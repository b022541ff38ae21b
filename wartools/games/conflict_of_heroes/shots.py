"""One Conflict of Heroes shot on a map: the line, the target's defence value and the exact hit chance.

The Game Overview's fire rule, joined to a line of sight: the defence value is
the target's defence rating plus the modifier of the target's own hex
(:data:`~wartools.games.conflict_of_heroes.combat.TERRAIN_DEFENSE`: woods +2 is
rulebook text, the other rows are assumed) plus the hindrance the line crosses
(the LOS modifier; the excerpt has no LOS chapter, so the line itself is an
assumed reading, see :mod:`wartools.games.conflict_of_heroes.los`). The attack
hits when 2D6 + firepower (+ CAPs, 3.2; one point per CAP assumed, option ``cap-modifier``) reaches it.
A blocked line is no shot at all.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("conflict-of-heroes", 1, 6, terrain={"A5": "woods"})
>>> s = shot(m, "A1", "A5")              # the Game Overview: FP 4 against DR 12 in woods
>>> s.status, s.defense, s.probability
('clear', 14, Fraction(1, 6))
>>> shot(m, "A1", "A6").defense is None  # the woods of A5 stand between: no shot
True
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from wartools.games.conflict_of_heroes.combat import (TERRAIN_DEFENSE, TERRAIN_DEFENSE_ASSUMED, defense_value,
                                                      hit_probability)
from wartools.games.conflict_of_heroes.odds import CAP_READS
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.los import LOSResult
    from wartools.mapmodel import Map

__all__ = ["Shot", "shot", "terrain_modifier"]

_TERRAIN_RULE = "Conflict of Heroes Game Overview (target terrain: only woods +2 is in the excerpt)"


def terrain_modifier(m: Map, cell: str) -> int:
    """Defence modifier of the target's own hex (:data:`TERRAIN_DEFENSE`; Game Overview: woods +2).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("conflict-of-heroes", 2, 1, terrain={"A1": "woods"})
    >>> terrain_modifier(m, "A1"), terrain_modifier(m, "B1")
    (2, 0)
    """
    return TERRAIN_DEFENSE[m.terrain_at(cell)]


@dataclass(frozen=True)
class Shot:
    """One shot: the line, the target's terrain and hindrance, DV and hit chance.

    ``defense`` is the DV (rating + terrain + hindrance) and ``probability``
    the chance that 2D6 + firepower (+ CAPs) reaches it; both ``None`` when the
    line is blocked. ``terrain_name`` is the target hex's terrain.
    """

    los: LOSResult
    firepower: int
    rating: int
    terrain_name: str
    terrain: int
    hindrance: int
    caps: int
    defense: int | None
    probability: Fraction | None
    cap_readings: tuple[Assumption, ...] = ()

    @property
    def status(self) -> str:
        """The line's status: ``clear``, ``hindered`` or ``blocked``."""
        return self.los.status

    @property
    def hit(self) -> str:
        """``"no shot"`` on a blocked line, else the hit chance as a percentage."""
        return "no shot" if self.probability is None else f"{float(self.probability):.1%}"

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The line's assumed readings, plus the target terrain row and the CAP rate when used."""
        out = list(self.los.assumptions)
        if self.terrain_name in TERRAIN_DEFENSE_ASSUMED:
            out.append(Assumption(_TERRAIN_RULE, f"a target in {self.terrain_name} adds {self.terrain} to its "
                                                 "defence rating (assumed table row)"))
        return (*out, *self.cap_readings)

    def text(self) -> str:
        """One line: status, DV and hit chance.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> print(shot(tiny_map("conflict-of-heroes", 1, 3), "A1", "A3", caps=1).text())
        A1 -> A3: clear: DV 12 + 0 terrain + 0 hindrance = 12; P(hit) with FP 4 + 1 CAPs = 7/12 (58.3%)
        """
        head = f"{self.los.from_label} -> {self.los.to_label}: {self.status}"
        if self.defense is None or self.probability is None:
            return head + ": no shot"
        return (f"{head}: DV {self.rating} + {self.terrain} terrain + {self.hindrance} hindrance = "
                f"{self.defense}; P(hit) with FP {self.firepower}"
                f"{f' + {self.caps} CAPs' if self.caps else ''} = {self.probability} "
                f"({float(self.probability):.1%})")


def shot(m: Map, firer: str, target: str, *, firepower: int = 4, rating: int = 12, caps: int = 0) -> Shot:
    """Fire from ``firer`` at ``target``: the line (assumed reading), DV and exact hit chance (Game Overview).

    The defaults are the Game Overview's units: the German infantry '43 (red
    firepower 4) against an infantry squad (red defence rating 12).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("conflict-of-heroes", 1, 5, terrain={"A2": "brush", "A5": "woods"})
    >>> s = shot(m, "A1", "A5")
    >>> s.status, s.terrain, s.hindrance, s.defense
    ('hindered', 2, 1, 15)
    """
    from wartools.los import line_of_sight

    r = line_of_sight(m, firer, target)
    name = m.terrain_at(target)
    terrain = terrain_modifier(m, target)
    hind = r.modifier or 0
    readings = m.game.assumptions(CAP_READS) if caps else ()
    if not r.visible:
        return Shot(r, firepower, rating, name, terrain, hind, caps, None, None, readings)
    return Shot(r, firepower, rating, name, terrain, hind, caps, defense_value(rating, terrain + hind),
                hit_probability(firepower, rating, terrain=terrain + hind, caps=caps,
                                per_cap=m.game.option("cap-modifier")), readings)
