"""Movement in the Conflict of Heroes lesson: how far 7 APs (and some CAPs) carry a squad.

An activated unit receives 7 APs and an infantry squad pays 1 AP per open hex
(Game Overview, 3.0); CAPs supplement APs one for one (3.21). Every other
movement cost is an assumed row of
:data:`wartools.games.conflict_of_heroes.movement.ENTER_AP`. Also the drawing
of a unit's reach and cheapest path.
"""
from __future__ import annotations

from typing import Any

from wartools.lessons.conflict_of_heroes.activation import ACTIVATION_AP
from wartools.lessons.conflict_of_heroes.maps import open_map
from wartools.mapmodel import Map
from wartools.movement import Reach, path, reachable


def seven_ap_in_the_open() -> Reach:
    """Game Overview / 3.0: 7 APs and 1 AP per open hex: an infantry squad moves 7 open hexes.

    Examples
    --------
    >>> r = seven_ap_in_the_open()
    >>> r.budget, max(r.costs.values()), r.labels()["C08"], "C09" in r.labels()
    (7, 7, 7, False)
    """
    return reachable(open_map(), "C01")


def caps_to_reach(m: Map, start: str, goal: str, unit: str | None = None, *, ap: int = ACTIVATION_AP) -> int | None:
    """CAPs needed on top of ``ap`` APs to reach ``goal`` in one activation (3.21), ``None`` if unreachable.

    Examples
    --------
    >>> from wartools.lessons.conflict_of_heroes.maps import move_map
    >>> caps_to_reach(move_map(), "C01", "C06"), caps_to_reach(move_map(), "C01", "C09")
    (0, 3)
    >>> caps_to_reach(move_map(), "C01", "A07") is None
    True
    """
    p = path(m, start, goal, unit)
    if not p.reachable or p.cost is None:
        return None
    return max(0, p.cost - ap)


def draw_move(m: Map, start: str, goal: str | None = None, unit: str | None = None, *,
              budget: int | None = None, ax: Any = None) -> Any:
    """Draw the reach from ``start`` (costs in the hexes) and the cheapest path to ``goal``."""
    from wartools.render.movement import draw_path_overlay, draw_reach
    from wartools.render import draw_map

    ax = draw_map(m, ax=ax)
    draw_reach(ax, m, start, budget=budget, unit=unit)
    if goal is not None:
        draw_path_overlay(ax, m, start, goal, unit=unit)
    return ax
