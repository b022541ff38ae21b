"""Line of sight and fire in the Conflict of Heroes lesson: one shot on a map, worked out.

A :class:`Shot` joins the line of sight (an assumption: the excerpt has no
LOS chapter; see :mod:`wartools.games.conflict_of_heroes.los`) to the Game
Overview's fire rule: DV = defence rating + the target hex's terrain modifier
(woods +2; the other rows of
:data:`~wartools.games.conflict_of_heroes.combat.TERRAIN_DEFENSE` are
assumed) + the hindrance crossed, and the attack hits when 2D6 + firepower
(+ CAPs, 3.2) reaches it. Also the drawing of a shot and the worked examples
on the sample map Height 112.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wartools.games.conflict_of_heroes.combat import TERRAIN_DEFENSE, defense_value, hit_probability
from wartools.lessons.conflict_of_heroes.maps import hill_112
from wartools.los import LOSResult, line_of_sight, viewshed
from wartools.mapmodel import Map
from wartools.movement import reachable


def terrain_modifier(m: Map, cell: str) -> int:
    """Defence modifier of the target's own hex (:data:`TERRAIN_DEFENSE`; Game Overview: woods +2).

    Examples
    --------
    >>> from wartools.lessons.conflict_of_heroes.maps import woods_map
    >>> terrain_modifier(woods_map(), "B05"), terrain_modifier(woods_map(), "B04")
    (2, 0)
    """
    return TERRAIN_DEFENSE[m.terrain_at(cell)]


@dataclass(frozen=True)
class Shot:
    """One shot on a map: the line, the target's terrain and hindrance, DV and hit chance.

    ``defense`` is the DV (rating + terrain + hindrance) and ``probability``
    the chance that 2D6 + firepower (+ CAPs) reaches it; both ``None`` when the
    line is blocked.
    """

    los: LOSResult
    firepower: int
    rating: int
    terrain: int
    hindrance: int
    caps: int
    defense: int | None
    probability: Fraction | None

    @property
    def status(self) -> str:
        return self.los.status

    def text(self) -> str:
        """One line: status, DV and hit chance."""
        head = f"{self.los.from_label} -> {self.los.to_label}: {self.status}"
        if self.defense is None:
            return head + ": no shot"
        if self.probability is None:
            raise ValueError(f"{head}: a shot with a defense value needs its hit probability")
        return (f"{head}: DV {self.rating} + {self.terrain} terrain + {self.hindrance} hindrance = "
                f"{self.defense}; P(hit) with FP {self.firepower}"
                f"{f' + {self.caps} CAPs' if self.caps else ''} = {self.probability} "
                f"({float(self.probability):.1%})")


def shot(m: Map, firer: str, target: str, *, firepower: int = 4, rating: int = 12, caps: int = 0) -> Shot:
    """Fire from ``firer`` at ``target``: LOS (assumed reading), DV and exact hit chance (Game Overview).

    Examples
    --------
    >>> from wartools.lessons.conflict_of_heroes.maps import woods_map
    >>> s = shot(woods_map(), "B01", "B05")
    >>> s.status, s.defense, s.probability
    ('clear', 14, Fraction(1, 6))
    >>> s = shot(woods_map(brush=True), "B01", "B05")
    >>> s.status, s.defense
    ('hindered', 15)
    >>> shot(woods_map(), "B01", "B06").defense is None
    True
    """
    r = line_of_sight(m, firer, target)
    terrain = terrain_modifier(m, target)
    hind = r.modifier or 0
    if not r.visible:
        return Shot(r, firepower, rating, terrain, hind, caps, None, None)
    dv = defense_value(rating, terrain + hind)
    return Shot(r, firepower, rating, terrain, hind, caps, dv,
                hit_probability(firepower, rating, terrain=terrain + hind, caps=caps))


def draw_shot(s: Shot, ax: Any = None) -> Any:
    """Draw a shot: the map, the explained ruler (:func:`wartools.render.los.draw_result`) and the DV as title.

    Examples
    --------
    >>> from wartools.lessons.conflict_of_heroes.maps import woods_map
    >>> ax = draw_shot(shot(woods_map(), "B01", "B06"))
    >>> ax.get_title()
    'B01 -> B06: blocked: no shot'
    """
    from wartools.render.los import draw_result
    from wartools.render import draw_map

    if ax is not None:
        draw_map(s.los.map, ax=ax, title=False)
    ax = draw_result(s.los, ax)
    ax.set_title(s.text(), fontsize=8)
    return ax


def hill_112_examples(m: Map | None = None) -> dict[str, Any]:
    """The sample map Height 112: the summit's viewshed and the MG's shot at the Soviet rifles in J05.

    Examples
    --------
    >>> ex = hill_112_examples()
    >>> ex["mg_shot"].status, ex["mg_shot"].hindrance
    ('hindered', 2)
    """
    m = m or hill_112()
    return {"map": m, "summit_sees": viewshed(m, "C06"), "mg_shot": shot(m, "D06", "J05"),
            "rifles_reach": reachable(m, "J05")}
