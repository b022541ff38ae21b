"""Movement worked examples of the Heroes of Normandie lesson, and their step helpers.

Rebuilt on the fixture maps and Dog Red, recomputed by :mod:`wartools.movement`:
1.2 Terrain Elements and 1.3 Defensive Obstacles (barbed wire, Czech
hedgehogs) per unit class, 1.4 Trenches and their ladders, 4.2 Minefield
(the mined squares a path enters) and 4.2 Tank Gear (the Fuel marker).
"""
from __future__ import annotations

from wartools.lessons.heroes_of_normandie.cases import Case, WorkedExample
from wartools.lessons.heroes_of_normandie.maps import dog_red, lane_map, trench_map, with_units
from wartools.mapmodel import Map
from wartools.movement import PathResult, movement_graph, path, reachable, resolve


def step_effect(m: Map, a: str, b: str, unit: str, side: str | None = None) -> str:
    """How one step from ``a`` into neighbouring ``b`` treats ``unit``, per the library.

    ``"impassable"``, ``"obstacle"`` (the move ends there), ``"difficult passage"``
    (one extra square) or ``"normal"``.

    Examples
    --------
    >>> m = lane_map().with_edge_feature("A1", "B1", "hedgehog")
    >>> step_effect(m, "A1", "B1", "infantry"), step_effect(m, "A1", "B1", "heavy-vehicle")
    ('obstacle', 'impassable')
    """
    start, utype, sit = resolve(m, a, unit, side=side)
    step = movement_graph(m, utype, sit).rules.step(start, m.cell(b))
    if not step.passable:
        return "impassable"
    if step.stop and "obstacle" in step.stop:
        return "obstacle"
    return "difficult passage" if (step.cost or 0) > 1 else "normal"


_BOOK_CHART: dict[str, dict[str, str]] = {
    # what the excerpt prints for each element (1.2, 1.3); vehicles' cells left as the text implies
    "difficult": {"infantry": "difficult passage", "light-vehicle": "impassable", "heavy-vehicle": "impassable"},
    "stream": {"infantry": "difficult passage", "light-vehicle": "impassable",
               "heavy-vehicle": "difficult passage"},
    "field": {"infantry": "obstacle", "light-vehicle": "normal", "heavy-vehicle": "normal"},
    "seawall": {"infantry": "difficult passage", "light-vehicle": "impassable", "heavy-vehicle": "impassable"},
    "barbed-wire": {"infantry": "difficult passage", "light-vehicle": "normal", "heavy-vehicle": "normal"},
    "hedgehog": {"infantry": "obstacle", "light-vehicle": "impassable", "heavy-vehicle": "impassable"},
}
_SECTIONS = {"difficult": "1.2", "stream": "1.2", "field": "1.2", "seawall": "1.2", "barbed-wire": "1.3",
             "hedgehog": "1.3"}
UNITS = ("infantry", "light-vehicle", "heavy-vehicle")


def element_map(element: str) -> Map:
    """The lane with ``element`` on square B1 (a terrain) or on the A1|B1 interspace (an obstacle)."""
    m = lane_map()
    if element in m.game.terrain.names:
        return m.with_terrain("B1", element)
    return m.with_edge_feature("A1", "B1", element)


def terrain_chart_example() -> WorkedExample:
    """The terrain elements and defensive obstacles, per unit class (1.2, 1.3).

    Each case steps from A1 into B1 with the element on B1 or on A1|B1.

    Examples
    --------
    >>> ex = terrain_chart_example()
    >>> len(ex.cases), ex.agrees
    (18, True)
    """
    cases = []
    for element, row in _BOOK_CHART.items():
        m = element_map(element)
        for unit in UNITS:
            cases.append(Case(f"{element} ({_SECTIONS[element]}), {unit}", row[unit],
                              step_effect(m, "A1", "B1", unit)))
    return WorkedExample("chart", "movement", "Terrain elements and obstacles", "1.2, 1.3", None, tuple(cases),
                         "'normal' for a vehicle means the excerpt names no effect for it.")


def move_ends(m: Map, a: str, b: str, unit: str = "infantry", side: str | None = None) -> bool:
    """Whether stepping from ``a`` into neighbouring ``b`` ends the unit's move (library's step rule).

    Examples
    --------
    >>> m = trench_map()
    >>> move_ends(m, "A3", "B3"), move_ends(m, "C3", "C2")    # into the trench; out by the ladder
    (True, False)
    """
    start, utype, sit = resolve(m, a, unit, side=side)
    return movement_graph(m, utype, sit).rules.step(start, m.cell(b)).stop is not None


def trench_example() -> WorkedExample:
    """Moving into, out of and along a trench; the ladder (1.4 Trenches (A)).

    Examples
    --------
    >>> [c.computed for c in trench_example().cases]
    [True, False, 'by the ladder', True, 'impassable']
    """
    m = trench_map()
    along = path(m, "B3", "D5", "infantry")
    out = path(m, "B3", "C1", "infantry")
    cases = (
        Case("infantry A3 -> B3, into the trench (no ladder): the move ends?", True, move_ends(m, "A3", "B3"),
             path(m, "A3", "B3", "infantry"), m),
        Case("infantry B3 -> D5 along the trench: any stop on the way?", False,
             any(s.stop for s in along.steps), along, m),
        Case("infantry B3 -> C1, two squares outside: which way out?", "by the ladder",
             "by the ladder" if out.labels()[1:3] == ["C3", "C2"] else " ".join(out.labels()), out, m),
        Case("infantry D4 -> E4, over the trench side: the move ends?", True, move_ends(m, "D4", "E4")),
        Case("heavy vehicle A3 -> B3", "impassable", step_effect(m, "A3", "B3", "heavy-vehicle")),
    )
    return WorkedExample("trench", "movement", "Trenches and ladders", "1.4 Trenches", m, cases,
                         "the library lets any two adjacent trench squares connect; it cannot mark two "
                         "trench squares that touch without a passage.")


def hedgehog_example(m: Map | None = None) -> WorkedExample:
    """The Sherman and the half-track among Dog Red's hedgehogs (1.3 Czech Hedgehogs; 1.2).

    Examples
    --------
    >>> [c.computed for c in hedgehog_example().cases]
    ['impassable', 'obstacle', 'impassable', True]
    """
    m = m or dog_red()
    sherman = path(m, "H10", "J7", "heavy-vehicle", side="US")
    cases = (
        Case("Sherman H10 straight north across the H9|H10 hedgehogs", "impassable",
             step_effect(m, "H10", "H9", "heavy-vehicle", "US")),
        Case("infantry H10 -> H9 across the same hedgehogs", "obstacle",
             step_effect(m, "H10", "H9", "infantry", "US")),
        Case("half-track M9 -> M8 across the M8|M9 hedgehogs", "impassable",
             step_effect(m, "M9", "M8", "light-vehicle", "US")),
        Case("Sherman H10 -> J7 (the foot of the draw): its cheapest path avoids every hedgehog", True,
             sherman.reachable and not any("hedgehog" in m.edge_features_at(x.frm, x.to)
                                           for x in sherman.steps if m.grid.distance(x.frm, x.to) == 1
                                           and (x.frm[0] == x.to[0] or x.frm[1] == x.to[1])),
             sherman, m),
    )
    return WorkedExample("hedgehogs", "movement", "Among the Czech hedgehogs", "1.3", m, cases,
                         f"the Sherman's slalom costs {sherman.cost} squares on our map (assumed Movement "
                         "Value 5).")


def mined_squares(p: PathResult) -> list[str]:
    """Labels of the mined squares a path enters (4.2 Minefield, Revealing and Triggering).

    Examples
    --------
    >>> m = lane_map().with_features("C1", ["mine"])
    >>> mined_squares(path(m, "A1", "D1", "infantry"))
    ['C1']
    """
    return [p.grid.label(s.to) for s in p.steps if "mined square" in s.why]


def mine_path_example() -> WorkedExample:
    """The minefield example's move: two mined squares crossed, a third one occupied (4.2).

    Examples
    --------
    >>> mine_path_example().cases[0].computed
    3
    """
    m = with_units(lane_map().with_features("B1", ["mine"]).with_features("C1", ["mine"])
                   .with_features("D1", ["mine"]), ("us", "US", "infantry", "A1"))
    p = path(m, "A1", "D1", "infantry")
    return WorkedExample("mine-path", "movement", "Through the minefield", "4.2 Minefield", m, (
        Case("US squad A1 -> D1: mined squares crossed or occupied", 3, len(mined_squares(p)), p, m),
    ), "the counters really lie on interspaces; the map marks the mined squares.")


def fuel_example() -> WorkedExample:
    """A Fuel marker adds one square to a vehicle's Movement Value (4.2 Tank Gear).

    Examples
    --------
    >>> [c.computed for c in fuel_example().cases]
    [1, 0]
    """
    m = lane_map()

    def gain(unit: str) -> int:
        return (reachable(m, "A1", unit, options=["fuel"]).budget - reachable(m, "A1", unit).budget)
    return WorkedExample("fuel", "movement", "Fuel marker", "4.2 Tank Gear", None, (
        Case("heavy vehicle: extra squares with a Fuel marker", 1, gain("heavy-vehicle")),
        Case("infantry: Fuel is restricted to vehicles", 0, gain("infantry")),
    ))
