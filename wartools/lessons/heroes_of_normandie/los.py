"""Line-of-sight worked examples of the Heroes of Normandie lesson.

Rebuilt on the fixture maps and recomputed by :func:`wartools.los.line_of_sight`:
1.1 Contour Line (cases A-D), 1.1 Hole (A-C; trenches are holes, 1.4), 1.1
Contour Line and 1.2 Mounds (A, then B-D), Orders Option Smoke (the templates'
-4 and -2) and 1.2 Embankments (the seawall does not interfere with LoS).
"""
from __future__ import annotations

from typing import Any

from wartools.lessons.heroes_of_normandie.cases import Case, WorkedExample
from wartools.lessons.heroes_of_normandie.maps import bluff_map, lane_map, mound_map, trench_map, with_units
from wartools.los import line_of_sight
from wartools.mapmodel import Map


def _los_case(what: str, book: str, m: Map, a: str, b: str, **kw: Any) -> Case:
    r = line_of_sight(m, a, b, **kw)
    return Case(what, book, r.status, r, m)


def contour_line_example() -> WorkedExample:
    """Contour line cases A-D (Heroes of Normandie 1.1, Contour Line).

    (A) a shot across a red line reaches one square beyond it; (B) unless the
    shooter or the target is adjacent to the line; (C) LoS-reducing elements
    still count (smoke on the target); (D) an infantry unit between two
    infantry units blocks.

    Examples
    --------
    >>> ex = contour_line_example()
    >>> [c.computed for c in ex.cases]
    ['clear', 'blocked', 'clear', 'clear', 'hindered', 'blocked', 'clear']
    """
    m = bluff_map()
    smoky = m.with_features("C3", ["smoke"])
    crowd = with_units(m, ("us-1", "US", "infantry", "C4"), ("us-2", "US", "infantry", "C3"),
                       ("de-1", "German", "infantry", "C1"))
    tank = with_units(m, ("us-1", "US", "infantry", "C4"), ("us-2", "US", "infantry", "C3"),
                      ("de-hv", "German", "heavy-vehicle", "C1"))
    cases = (
        _los_case("A: beach C6 -> bluff C3, one square beyond the line", "clear", m, "C6", "C3"),
        _los_case("A: beach C6 -> bluff C2, two squares beyond the line", "blocked", m, "C6", "C2"),
        _los_case("B: shooter C4 adjacent to the line -> C1, deep on the bluff", "clear", m, "C4", "C1"),
        _los_case("B: bluff C1 -> target C4 adjacent to the line", "clear", m, "C1", "C4"),
        _los_case("C: beach C6 -> C3 under a smoke template (-4)", "hindered", smoky, "C6", "C3"),
        _los_case("D: infantry C4 -> infantry C1 past a friendly squad in C3", "blocked", crowd, "C4", "C1"),
        _los_case("D: the same shot at a heavy vehicle in C1", "clear", tank, "C4", "C1"),
    )
    return WorkedExample("contour", "los", "Contour line A-D", "1.1 Contour Line", m, cases,
                         "the rulebook's pictures are not reproduced: these are our own positions.")


def hole_example() -> WorkedExample:
    """Hole cases A-C (Heroes of Normandie 1.1, Hole; trenches are holes, 1.4).

    Examples
    --------
    >>> [c.computed for c in hole_example().cases]
    ['clear', 'blocked', 'blocked', 'clear']
    """
    m = trench_map()
    a = with_units(m, ("us", "US", "infantry", "A3"), ("de-1", "German", "infantry", "C3"),
                   ("de-2", "German", "infantry", "E3"))
    b = with_units(m, ("de-0", "German", "infantry", "B3"), ("de-1", "German", "infantry", "C3"),
                   ("us", "US", "infantry", "D3"))
    c = with_units(m, ("de-0", "German", "infantry", "B3"), ("us", "US", "infantry", "D5"))
    cases = (
        _los_case("A: A3 (outside) -> E3 (outside) over infantry in the trench at C3", "clear", a, "A3", "E3"),
        _los_case("B: B3 -> D3, both in the trench, infantry in C3 between", "blocked", b, "B3", "D3"),
        _los_case("C: B3 -> D5 round the trench's corner, both inside", "blocked", c, "B3", "D5"),
        _los_case("C: D3 -> D5 along the trench's leg, no corner", "clear", c, "D3", "D5"),
    )
    return WorkedExample("hole", "los", "Hole A-C", "1.1 Hole", m, cases)


def mound_example() -> WorkedExample:
    """Mound cases (Heroes of Normandie 1.1 Contour Line, mounds; 1.2 Mounds).

    A unit on a mound against the red line does not block a shot to a higher
    unit adjacent to the line's other side (A); it blocks otherwise (B-D).

    Examples
    --------
    >>> [c.computed for c in mound_example().cases]
    ['clear', 'blocked', 'blocked']
    """
    m = with_units(mound_map(), ("us-hv", "US", "heavy-vehicle", "C3"))
    a = with_units(m, ("us", "US", "infantry", "C5"), ("de", "German", "infantry", "C2"))
    b = with_units(m, ("us", "US", "infantry", "C5"), ("de", "German", "infantry", "C1"))
    d = with_units(m, ("us", "US", "infantry", "A3"), ("de", "German", "infantry", "E3"))
    cases = (
        _los_case("A: C5 -> C2 (higher, adjacent across the line) over the mound C3", "clear", a, "C5", "C2"),
        _los_case("B: C5 -> C1 (higher, not adjacent to the line)", "blocked", b, "C5", "C1"),
        _los_case("other: A3 -> E3 along the foot of the bluff, past the mound", "blocked", d, "A3", "E3"),
    )
    return WorkedExample("mound", "los", "Mounds A and the other cases", "1.1 / 1.2 Mounds", m, cases,
                         "in B the red line also limits the shot (neither end is adjacent to it).")


def smoke_and_seawall_example() -> WorkedExample:
    """Smoke templates (-4, then -2 once turned) and the seawall that does not block (Smoke; 1.2).

    One fresh template covers B1 and C1 of the lane, a turned one covers E1.

    Examples
    --------
    >>> [(c.computed) for c in smoke_and_seawall_example().cases]
    [-4, -4, -2, 'clear']
    """
    m = (lane_map().with_features("B1", ["smoke"]).with_features("C1", ["smoke"])
         .with_features("E1", ["fading-smoke"]))
    wall = lane_map().with_edge_feature("C1", "D1", "seawall")

    def mod(what: str, book: int, a: str, b: str) -> Case:
        r = line_of_sight(m, a, b)
        return Case(what, book, r.modifier, r, m)
    over = line_of_sight(wall, "A1", "F1")
    cases = (
        mod("shot A1 -> D1 through the fresh template (B1, C1): -4 once, not -8", -4, "A1", "D1"),
        mod("shot C1 -> D1 out of the fresh template", -4, "C1", "D1"),
        mod("shot D1 -> E1 into the turned template", -2, "D1", "E1"),
        Case("shot A1 -> F1 across a low seawall (C1|D1)", "clear", over.status, over, wall),
    )
    return WorkedExample("smoke", "los", "Smoke templates and the seawall",
                         "Orders Option Smoke; 1.2 Embankments", m, cases,
                         "when a shot meets two different templates the library counts only the worst "
                         "penalty (the excerpt does not say).")
