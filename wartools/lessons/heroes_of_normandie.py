"""Heroes of Normandie (Bloody Omaha) lesson: worked examples, experiments and self-checks.

The content of ``notebooks/13_heroes_of_normandie.ipynb`` as plain, tested
Python. Every worked example of the rulebook excerpt that touches line of
sight, movement or combat is rebuilt on a tiny square-grid map and recomputed
by the library (:mod:`wartools.los`, :mod:`wartools.movement`,
:mod:`wartools.games.heroes_of_normandie.combat`); each :class:`Case` pairs
what the rulebook's example says with what the library computes.

Topics and rulebook sections (Heroes of Normandie, Bloody Omaha excerpt):

* ``"los"`` -- 1.1 Contour Line (A-D), Hole (A-C), Mounds (A, B-D), 1.2
  Embankments (the seawall does not interfere with LoS), Orders Option Smoke.
* ``"movement"`` -- 1.2 Terrain Elements, 1.3 Defensive Obstacles (barbed
  wire, Czech hedgehogs), 1.4 Trenches and ladders, 4.2 Minefield (mined
  squares on a path), 4.2 Tank Gear (Fuel).
* ``"combat"`` -- 1.1 Universal and Directional Defensive Bonus, 1.4
  Defensive Elements, 1.1 Bunker (Destruction dice), 4.2 Minefield (the roll
  of 1 + 1 + 1), 3.2 Hawkeyed and the long range penalty, 5 Speed Penalty.

Where the excerpt is silent the library assumes, and :data:`ASSUMPTIONS`
lists those assumptions in plain words (the notebook prints them).

Examples
--------
>>> from wartools.lessons import heroes_of_normandie as hon
>>> ex = hon.contour_line_example()
>>> [(c.what.split(":")[0], c.computed) for c in ex.cases][:2]
[('A', 'clear'), ('A', 'blocked')]
>>> ex.agrees
True
>>> sorted(hon.questions())
['combat', 'los', 'movement']
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from wartools.games.heroes_of_normandie import combat as hc
from wartools.los import LOSResult, line_of_sight
from wartools.mapmodel import Map, load_map, loads_map
from wartools.movement import PathResult, movement_graph, path, reachable, resolve

__all__ = [
    "ASSUMPTIONS", "BLUFF_YAML", "BUNKER_YAML", "LANE_YAML", "MOUND_YAML", "TRENCH_YAML", "UNITS",
    "BunkerShotExperiment", "Case", "ContourExperiment", "HedgehogExperiment", "WorkedExample",
    "bluff_map", "bunker_map", "bunker_stun_example", "contour_line_example",
    "crosses_protected_side", "defensive_bonus_applies", "defensive_element_example",
    "directional_bonus_example", "dog_red", "element_map", "experiments", "fuel_example",
    "hedgehog_example", "hole_example", "lane_map", "long_range_example", "mine_path_example",
    "mine_roll_example", "mined_squares", "mound_example", "mound_map", "move_ends", "questions",
    "shot_odds", "shot_sides", "show_example", "smoke_and_seawall_example", "speed_penalty_example",
    "step_effect", "terrain_chart_example", "trench_example", "trench_map", "with_units",
    "worked_examples",
]

DOG_RED = Path(__file__).resolve().parents[2] / "maps" / "heroes-of-normandie-dog-red.yaml"
"""The sample battlefield (next to the package in a source checkout)."""

ASSUMPTIONS: dict[str, str] = {
    "contour reading": "1.1 Contour Line (A) limits a shot to one square beyond a red line unless the "
                       "shooter or the target is adjacent to it. Read from both ends, the library asks "
                       "that every red line the shot crosses borders the shooter's or the target's square.",
    "buildings, walls, vehicles": "The excerpt does not restate the core LoS rules: the library assumes "
                                  "buildings and bunkers block LoS through them, walls (not openings) "
                                  "block, and a vehicle between the ends blocks.",
    "obstacle": "'Obstacle' and 'Difficult Passage' are core-rule terms the excerpt does not define. "
                "For LoS the library reads an Obstacle (hedge, hedgehog, field for infantry) as blocking "
                "unless the shooter or target is adjacent; for movement it reads an Obstacle as ending "
                "the move and a Difficult Passage as costing one extra square.",
    "movement values": "Movement Values are printed on the counters: the library assumes infantry 4, "
                       "light vehicles 7, heavy vehicles 5 squares.",
    "diagonal moves": "The excerpt does not say how diagonal steps work. The library lets a unit step "
                      "diagonally for one square but never cut a corner: the step is refused if a square "
                      "beside it is impassable to the unit, or an interspace meeting that corner carries "
                      "a wall, hedge, barbed wire, hedgehog or seawall.",
    "enemy and friendly units": "A move may pass friendly units but not end on one, and may not enter "
                                "an enemy square (conventional reading).",
    "long range penalty": "The core shooting rule is not in the excerpt: the library takes the long "
                          "range penalty as -2 on the die and lets a natural 1 always miss (as it does "
                          "for mines).",
    "mines on squares": "Mine counters really sit on interspaces; the map format marks the mined square "
                        "instead, and the library flags each mined square a path enters.",
    "two smoke templates": "A shot through two different smoke templates: the library applies only the "
                           "worst penalty; the excerpt does not say whether they add up.",
    "corner shots": "A shot aimed exactly through a corner of a terrain element touches two of its sides; "
                    "this lesson then gives the target the directional bonus if either side is the "
                    "protected one (the excerpt does not say).",
    "mine example defence": "The 1 + 1 + 1 example does not print the unit's Defense Value; we take 7 "
                            "(any value up to 7 gives the same hit on a total of 7).",
}
"""What the library (or this lesson) assumes where the excerpt is silent, in plain words."""

# --- fixture maps ------------------------------------------------------------------------------
_HEAD = "format: wartools-map/1\ngame: heroes-of-normandie\n"

BLUFF_YAML = _HEAD + """\
name: Bluff above the beach (lesson fixture)
grid: {type: square, columns: 5, rows: 8}
terrain:
  default: beach
  cells: {A1: open, B1: open, C1: open, D1: open, E1: open, A2: open, B2: open, C2: open, D2: open,
          E2: open, A3: open, B3: open, C3: open, D3: open, E3: open}
elevation: {A1: 1, B1: 1, C1: 1, D1: 1, E1: 1, A2: 1, B2: 1, C2: 1, D2: 1, E2: 1, A3: 1, B3: 1, C3: 1,
            D3: 1, E3: 1}
edges:
  - {cells: [A3, A4], feature: contour}
  - {cells: [B3, B4], feature: contour}
  - {cells: [C3, C4], feature: contour}
  - {cells: [D3, D4], feature: contour}
  - {cells: [E3, E4], feature: contour}
"""
"""A 5 x 8 bluff: rows 1-3 one level up, a red contour line under row 3, beach below."""

TRENCH_YAML = _HEAD + """\
name: L-shaped trench (lesson fixture)
grid: {type: square, columns: 5, rows: 5}
terrain: {cells: {B3: trench, C3: trench, D3: trench, D4: trench, D5: trench}}
edges:
  - {cells: [C3, C2], feature: ladder}
"""
"""A 5 x 5 map with an L-shaped trench B3-C3-D3-D4-D5 and a ladder on its north side at C3."""

MOUND_YAML = _HEAD + """\
name: Mound under the red line (lesson fixture)
grid: {type: square, columns: 5, rows: 6}
terrain: {default: beach, cells: {A1: open, B1: open, C1: open, D1: open, E1: open, A2: open, B2: open,
                                  C2: open, D2: open, E2: open, C3: mound}}
elevation: {A1: 1, B1: 1, C1: 1, D1: 1, E1: 1, A2: 1, B2: 1, C2: 1, D2: 1, E2: 1}
edges:
  - {cells: [A2, A3], feature: contour}
  - {cells: [B2, B3], feature: contour}
  - {cells: [C2, C3], feature: contour}
  - {cells: [D2, D3], feature: contour}
  - {cells: [E2, E3], feature: contour}
"""
"""A 5 x 6 map: rows 1-2 one level up, the red line under row 2 and a mound square C3 against it."""

LANE_YAML = _HEAD + """\
name: One-square lane (lesson fixture)
grid: {type: square, columns: 6, rows: 1}
terrain: {default: beach}
"""
"""A 6 x 1 strip of beach: one element or obstacle at a time is put on it."""

BUNKER_YAML = _HEAD + """\
name: Bunker above the beach (lesson fixture)
grid: {type: square, columns: 7, rows: 7}
terrain: {default: beach, cells: {D3: bunker, B3: trench, C3: trench}}
units:
  - {id: mg, side: German, type: infantry, cell: D3, name: MG team}
"""
"""A 7 x 7 beach with a one-square bunker D3 (an MG team inside) and a trench B3-C3 beside it."""


def bluff_map() -> Map:
    """The contour-line fixture :data:`BLUFF_YAML`."""
    return loads_map(BLUFF_YAML)


def trench_map() -> Map:
    """The hole / trench fixture :data:`TRENCH_YAML`."""
    return loads_map(TRENCH_YAML)


def mound_map() -> Map:
    """The mound fixture :data:`MOUND_YAML`."""
    return loads_map(MOUND_YAML)


def lane_map() -> Map:
    """The one-row fixture :data:`LANE_YAML`."""
    return loads_map(LANE_YAML)


def bunker_map() -> Map:
    """The bunker fixture :data:`BUNKER_YAML`."""
    return loads_map(BUNKER_YAML)


def dog_red(path_: str | Path | None = None) -> Map:
    """The Dog Red sample battlefield (``maps/heroes-of-normandie-dog-red.yaml``)."""
    return load_map(path_ or DOG_RED)


def with_units(m: Map, *units: tuple[str, str, str, str]) -> Map:
    """A copy of ``m`` with units ``(id, side, type, cell)`` added.

    Examples
    --------
    >>> m = with_units(lane_map(), ("a", "US", "infantry", "A1"))
    >>> [u.id for u in m.units_at("A1")]
    ['a']
    """
    for uid, side, utype, cell in units:
        m = m.with_unit(uid, side, utype, cell)
    return m


# --- worked examples ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One situation of a worked example: what the rulebook says, what the library computes.

    ``result`` is the library's full answer (an :class:`~wartools.los.LOSResult`,
    a :class:`~wartools.movement.PathResult` or a number), kept for drawing.
    """

    what: str
    book: Any
    computed: Any
    result: Any = field(default=None, compare=False, repr=False)
    map: Map | None = field(default=None, compare=False, repr=False)

    @property
    def agrees(self) -> bool:
        """Whether the library reproduces the rulebook's answer."""
        return self.book == self.computed


@dataclass(frozen=True)
class WorkedExample:
    """A rulebook example rebuilt on a small map, with its cases recomputed."""

    key: str
    topic: str
    title: str
    section: str
    map: Map | None
    cases: tuple[Case, ...]
    note: str = ""

    @property
    def agrees(self) -> bool:
        """Every case agrees with the rulebook."""
        return all(c.agrees for c in self.cases)

    def table(self) -> str:
        """One line per case: what, the rulebook's answer, the library's answer."""
        lines = [f"{self.title} ({self.section})"]
        for c in self.cases:
            mark = "ok" if c.agrees else "DIFFERS"
            lines.append(f"  {c.what}\n      rulebook: {c.book}   library: {c.computed}   [{mark}]")
        if self.note:
            lines.append(f"  note: {self.note}")
        return "\n".join(lines)

    def drawable(self) -> list[Case]:
        """The cases with a map and a LoS or path answer to draw."""
        return [c for c in self.cases if c.map is not None and isinstance(c.result, (LOSResult, PathResult))]

    def draw_case(self, case: Case, ax: Any = None) -> Any:
        """Draw one case on its own map (units included): the LoS ruler or the path."""
        from wartools.los import draw_result
        from wartools.render import draw_map
        from wartools.render.draw import annotate_cells, draw_path, highlight_cells

        m = case.map if case.map is not None else self.map
        ax = draw_map(m, ax=ax, title=False)
        r = case.result
        if isinstance(r, LOSResult):
            draw_result(r, ax)
        elif isinstance(r, PathResult):
            if r.reachable:
                draw_path(ax, m, r.cells)
                annotate_cells(ax, m, dict(zip(r.cells[1:], r.cumulative()[1:])), color="#d62728")
            else:
                highlight_cells(ax, m, [r.start, r.goal], color="#7f7f7f")
        ax.set_title(case.what if len(case.what) < 48 else case.what[:46] + "...", fontsize=7)
        return ax

    def draw(self, ax: Any = None) -> Any:
        """Draw every case's ruler or path on the example's map in one picture; ``None`` if no map."""
        if self.map is None:
            return None
        from wartools.los import draw_result
        from wartools.render import draw_map
        from wartools.render.draw import draw_path

        ax = draw_map(self.map, ax=ax, title=False)
        for c in self.drawable():
            if isinstance(c.result, LOSResult):
                draw_result(c.result, ax)
            elif c.result.reachable:
                draw_path(ax, self.map, c.result.cells)
        ax.set_title(f"{self.title} ({self.section})", fontsize=9)
        return ax


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

    The LoS answer lists the element's sides the shot crosses: none means
    the shooter stands in the same element (or the target is in the open).

    Examples
    --------
    >>> m = bunker_map()
    >>> defensive_bonus_applies(m, "B5", "C3"), defensive_bonus_applies(m, "B3", "C3")
    (True, False)
    """
    return bool(shot_sides(m, shooter, target))


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


_EXAMPLES: dict[str, tuple[Callable[[], WorkedExample], ...]] = {
    "los": (contour_line_example, hole_example, mound_example, smoke_and_seawall_example),
    "movement": (terrain_chart_example, trench_example, hedgehog_example, mine_path_example, fuel_example),
    "combat": (mine_roll_example, directional_bonus_example, defensive_element_example, bunker_stun_example,
               long_range_example, speed_penalty_example),
}


def worked_examples(topic: str | None = None) -> list[WorkedExample]:
    """Every worked example (of one topic: ``"los"``, ``"movement"``, ``"combat"``), recomputed now.

    Examples
    --------
    >>> [ex.key for ex in worked_examples("los")]
    ['contour', 'hole', 'mound', 'smoke']
    """
    topics = [topic] if topic else list(_EXAMPLES)
    return [f() for t in topics for f in _EXAMPLES[t]]


def show_example(ex: WorkedExample, panel: float = 2.6, columns: int = 4) -> Any:
    """Print an example's table and draw one small panel per case (for the notebook).

    Returns the figure, or ``None`` when the example has nothing to draw.
    """
    print(ex.table())
    cases = ex.drawable()
    if not cases:
        return None
    import matplotlib.pyplot as plt

    m = cases[0].map
    assert m is not None
    aspect = m.grid.rows / m.grid.columns
    cols = min(columns, len(cases))
    rows = -(-len(cases) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(panel * cols, max(1.2, panel * aspect) * rows + 0.4),
                             squeeze=False)
    for ax, case in zip(axes.flat, cases):
        ex.draw_case(case, ax)
    for ax in list(axes.flat)[len(cases):]:
        ax.set_visible(False)
    fig.suptitle(f"{ex.title} ({ex.section})", fontsize=9)
    fig.tight_layout()
    plt.show()
    return fig


# --- experiments -------------------------------------------------------------------------------
def _canvas(m: Map, draw: Callable[[Any, Map], None], figsize: tuple[float, float]) -> Any:
    from wartools.widgets import MapCanvas

    return MapCanvas(m, draw=draw, figsize=figsize)


class ContourExperiment:
    """LoS experiment: move the shooter along the beach -- when does the contour line cut the range?

    Controls: :attr:`shooter` (a beach square of :data:`BLUFF_YAML`),
    :attr:`target` (a bluff square) and :attr:`smoke` (a smoke template on
    the target). State: :attr:`result` (the last LoS answer), :attr:`history`
    (one entry per update: shooter, target, status, modifier, deciding
    squares and interspaces).

    Examples
    --------
    >>> x = ContourExperiment(draw=False)
    >>> x.shooter.value = "C5"; x.history[-1]["status"]
    'blocked'
    >>> x.shooter.value = "C4"; x.history[-1]["status"]
    'clear'
    """

    def __init__(self, shooter: str = "C6", target: str = "C2", draw: bool = True,
                 figsize: tuple[float, float] = (4.5, 6)) -> None:
        import ipywidgets as w

        self.base = bluff_map()
        beach = [self.base.label(c) for c in self.base.grid.cells() if self.base.elevation_at(c) == 0]
        bluff = [self.base.label(c) for c in self.base.grid.cells() if self.base.elevation_at(c) == 1]
        self.shooter = w.Dropdown(options=beach, value=shooter, description="shooter")
        self.target = w.Dropdown(options=bluff, value=target, description="target")
        self.smoke = w.Checkbox(value=False, description="smoke on the target", indent=False)
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.result: LOSResult | None = None
        self.map = self.base
        self.canvas = _canvas(self.base, self._draw, figsize) if draw else None
        for c in (self.shooter, self.target, self.smoke):
            c.observe(lambda _c: self.update(), names="value")
        parts = [w.VBox([self.shooter, self.target, self.smoke, self.info])]
        if self.canvas is not None:
            parts.append(self.canvas.widget)
        self.widget = w.HBox(parts)
        self.update()

    def update(self) -> None:
        """Recompute the LoS from the controls, record it and redraw."""
        from wartools.widgets.common import pre

        self.map = self.base.with_features(self.target.value, ["smoke"]) if self.smoke.value else self.base
        r = self.result = line_of_sight(self.map, self.shooter.value, self.target.value)
        entry = {"shooter": self.shooter.value, "target": self.target.value, "smoke": self.smoke.value,
                 "status": r.status, "modifier": r.modifier, "deciding": [x.where for x in r.deciding]}
        self.history.append(entry)
        lines = [f"{r.from_label} -> {r.to_label}: {r.status.upper()}"
                 + (f" (modifier {r.modifier})" if r.modifier else "")]
        lines += [f"  {x.where}: {x.rule}" for x in r.reasons]
        self.info.value = pre("\n".join(lines))
        if self.canvas is not None:
            self.canvas.map = self.map
            self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.los import draw_result

        if self.result is not None:
            draw_result(self.result, ax)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class HedgehogExperiment:
    """Movement experiment: a vehicle among Dog Red's hedgehogs -- where can it go?

    Controls: :attr:`unit` (unit class), :attr:`start` (a beach square),
    :attr:`fuel` (a Fuel marker) and :attr:`remove` (lift the hedgehogs of one
    interspace, to see what they cost). State: :attr:`reach` (``{label:
    cost}`` of the squares one move can end on) and :attr:`history`.

    Examples
    --------
    >>> x = HedgehogExperiment(draw=False)
    >>> x.reach["H9"]            # round the hedgehogs on H9|H10
    3
    >>> x.remove.value = "H9|H10"; x.reach["H9"]
    1
    """

    NO_CHANGE = "(all hedgehogs in place)"

    def __init__(self, start: str = "H10", unit: str = "heavy-vehicle", m: Map | None = None, draw: bool = True,
                 figsize: tuple[float, float] = (7, 6)) -> None:
        import ipywidgets as w

        self.base = m or dog_red()
        self.base = self.base.without_unit("us-hv-1") if any(u.id == "us-hv-1" for u in self.base.units) \
            else self.base
        beach = [self.base.label(c) for c in self.base.grid.cells() if self.base.terrain_at(c) == "beach"]
        hedgehogs = [self.base.grid.edge_label(e) for e, fs in self.base.edges.items() if "hedgehog" in fs]
        self.unit = w.ToggleButtons(options=list(UNITS), value=unit, description="unit")
        self.start = w.Dropdown(options=beach, value=start, description="start")
        self.fuel = w.Checkbox(value=False, description="Fuel marker (+1, vehicles)", indent=False)
        self.remove = w.Dropdown(options=[self.NO_CHANGE, *sorted(hedgehogs)], value=self.NO_CHANGE,
                                 description="lift")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.reach: dict[str, int] = {}
        self.map = self.base
        self.canvas = _canvas(self.base, self._draw, figsize) if draw else None
        for c in (self.unit, self.start, self.fuel, self.remove):
            c.observe(lambda _c: self.update(), names="value")
        parts = [w.VBox([self.unit, self.start, self.fuel, self.remove, self.info])]
        if self.canvas is not None:
            parts.append(self.canvas.widget)
        self.widget = w.HBox(parts)
        self.update()

    def update(self) -> None:
        """Recompute the reachable squares, record them and redraw."""
        from wartools.widgets.common import pre

        m = self.base
        if self.remove.value != self.NO_CHANGE:
            a, b = self.remove.value.split("|")
            m = m.without_edge_features(a, b)
        self.map = m
        opts = ["fuel"] if self.fuel.value else []
        r = reachable(m, self.start.value, self.unit.value, side="US", options=opts)
        self.reach = r.labels()
        self.history.append({"unit": self.unit.value, "start": self.start.value, "fuel": self.fuel.value,
                             "lifted": self.remove.value, "budget": r.budget, "cells": len(self.reach)})
        self.info.value = pre(f"{self.unit.value} from {self.start.value}: Movement Value {r.budget}, "
                              f"{len(self.reach) - 1} squares reachable this turn")
        if self.canvas is not None:
            self.canvas.map = m
            self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render.draw import annotate_cells, heat_cells

        heat_cells(ax, m, {m.cell(k): v for k, v in self.reach.items()}, cmap="viridis_r", gid="reach")
        annotate_cells(ax, m, self.reach)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class BunkerShotExperiment:
    """Combat experiment: which side of the bunker does the shot cross, and what defence?

    Controls: :attr:`shooter` (any square of :data:`BUNKER_YAML` but the
    bunker), :attr:`protected` (the side the directional icon protects),
    :attr:`attack`, :attr:`defense`, :attr:`universal`, :attr:`directional`,
    :attr:`long_range`, :attr:`hawkeyed`. State: :attr:`sides` (sides crossed),
    :attr:`crosses`, :attr:`probability` and :attr:`history`.

    Examples
    --------
    >>> x = BunkerShotExperiment(draw=False)
    >>> x.crosses, x.probability
    (True, Fraction(1, 3))
    >>> x.shooter.value = "G3"; x.crosses, x.probability
    (False, Fraction(2, 3))
    """

    def __init__(self, shooter: str = "D7", draw: bool = True, figsize: tuple[float, float] = (5, 5)) -> None:
        import ipywidgets as w

        self.map = bunker_map()
        squares = [self.map.label(c) for c in self.map.grid.cells() if self.map.label(c) != "D3"]
        self.shooter = w.Dropdown(options=squares, value=shooter, description="shooter")
        self.protected = w.Dropdown(options=["north", "east", "south", "west"], value="south",
                                    description="protects")
        self.attack = w.BoundedIntText(value=3, min=0, max=12, description="attack")
        self.defense = w.BoundedIntText(value=5, min=1, max=15, description="defense")
        self.universal = w.BoundedIntText(value=1, min=0, max=5, description="universal +")
        self.directional = w.BoundedIntText(value=2, min=0, max=5, description="directional +")
        self.long_range = w.Checkbox(value=False, description="long range", indent=False)
        self.hawkeyed = w.Checkbox(value=False, description="Hawkeyed", indent=False)
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.sides: list[tuple[str, str]] = []
        self.crosses = False
        self.probability = Fraction(0)
        self.result: LOSResult | None = None
        self.canvas = _canvas(self.map, self._draw, figsize) if draw else None
        controls = [self.shooter, self.protected, self.attack, self.defense, self.universal, self.directional,
                    self.long_range, self.hawkeyed]
        for c in controls:
            c.observe(lambda _c: self.update(), names="value")
        parts = [w.VBox([*controls, self.info])]
        if self.canvas is not None:
            parts.append(self.canvas.widget)
        self.widget = w.HBox(parts)
        self.update()

    def update(self) -> None:
        """Recompute sides, bonuses and P(hit), record them and redraw."""
        from wartools.widgets.common import pre

        shooter = self.shooter.value
        self.sides = shot_sides(self.map, shooter, "D3")
        p, mods, r = shot_odds(self.map, shooter, "D3", self.attack.value, self.defense.value,
                               universal=self.universal.value, directional=self.directional.value,
                               protected=self.protected.value, long_range=self.long_range.value,
                               hawkeyed=self.hawkeyed.value)
        self.result, self.crosses, self.probability = r, mods.crosses_protected_edge, p
        self.history.append({"shooter": shooter, "protected": self.protected.value, "sides": list(self.sides),
                             "crosses": self.crosses, "status": r.status, "defense_bonus": mods.defense_bonus(),
                             "probability": p})
        crossed = ", ".join(f"{s} ({c})" for s, c in self.sides) or "none"
        self.info.value = pre(
            f"{shooter} -> D3: LoS {r.status}\nsides of the bunker crossed: {crossed}\n"
            f"directional bonus: {'yes' if self.crosses else 'no'}; defence {self.defense.value} + "
            f"{mods.defense_bonus()} = {self.defense.value + mods.defense_bonus()}; die modifier "
            f"{mods.roll_modifier():+d}\nP(hit) = {p} (about {float(p):.0%})")
        if self.canvas is not None:
            self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.los import draw_result

        if self.result is not None:
            draw_result(self.result, ax)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def experiments() -> dict[str, Callable[..., Any]]:
    """The experiment factories by topic (call one to get a fresh widget)."""
    return {"los": ContourExperiment, "movement": HedgehogExperiment, "combat": BunkerShotExperiment}


# --- self-checks -------------------------------------------------------------------------------
def questions(m: Map | None = None) -> dict[str, list[Any]]:
    """Self-check questions by topic; each right answer is computed by the library when checked.

    ``m`` is the Dog Red map (loaded from the repository when omitted).

    Examples
    --------
    >>> qs = questions()
    >>> {t: len(v) for t, v in qs.items()}
    {'los': 4, 'movement': 4, 'combat': 4}
    >>> qs["los"][0].check(qs["los"][0].expected()).correct
    True
    """
    from wartools.widgets import SelfCheck

    dr = m or dog_red()
    bluff, trench = bluff_map(), trench_map()
    hole_b = with_units(trench, ("a", "German", "infantry", "B3"), ("b", "German", "infantry", "C3"),
                        ("c", "US", "infantry", "D3"))
    smoke = lane_map().with_features("B1", ["smoke"]).with_features("C1", ["smoke"])
    status = ["clear", "hindered", "blocked"]
    yes_no = ["yes", "no"]

    los_q = [
        SelfCheck("A US squad on the beach at C6 fires at a German squad on the bluff at C2 (two squares "
                  "beyond the red line). What is the line of sight?",
                  lambda: line_of_sight(bluff, "C6", "C2").status,
                  "Neither end is adjacent to the red line, so the shot may reach only one square past it "
                  "(C3). C2 is one square too far (1.1 Contour Line A).", choices=status),
        SelfCheck("The squad walks up to C4, right under the red line. Can it now see C1, at the back of the "
                  "bluff?",
                  lambda: "yes" if line_of_sight(bluff, "C4", "C1").visible else "no",
                  "Once the shooter (or the target) touches the red line, the one-square limit is lifted "
                  "(1.1 Contour Line B).", choices=yes_no),
        SelfCheck("In the trench fixture, German infantry in B3 fires at US infantry in D3 with another German "
                  "squad in C3 between them, all in the same trench. What is the LoS?",
                  lambda: line_of_sight(hole_b, "B3", "D3").status,
                  "Inside a hole, infantry still screens infantry of the same hole (1.1 Hole B); from outside "
                  "the trench the same squad would not block (Hole A).", choices=status),
        SelfCheck("A shot travels from A1 to E1 through a fresh smoke template in B1 and a turned one in D1. "
                  "What modifier does it suffer (a negative number)?",
                  lambda: line_of_sight(smoke, "A1", "E1").modifier,
                  lambda v: f"Into, through or out of smoke the shot suffers the printed penalty; the two "
                            f"templates do not add up, the worst one counts: {v} (Orders Option Smoke)."),
    ]
    move_q = [
        SelfCheck("Dog Red: can the Sherman at H10 reach J7, at the foot of the draw, in one move?",
                  lambda: "yes" if dr.cell("J7") in reachable(dr, "H10", "heavy-vehicle").costs else "no",
                  "Hedgehogs are impassable to vehicles (1.3), but there are gaps: the Sherman slaloms east "
                  "round them within its assumed Movement Value of 5.", choices=yes_no),
        SelfCheck("On a clear strip, how many squares of movement does infantry spend from A1 to D1 when barbed "
                  "wire lies between A1 and B1?",
                  lambda: path(element_map("barbed-wire"), "A1", "D1", "infantry").cost,
                  "Three squares, plus one for the wire: a Difficult Passage for infantry (1.3; the library "
                  "reads a Difficult Passage as one extra square, an assumption)."),
        SelfCheck("Dog Red: the German squad in the trench at H3 climbs out north by the ladder to H2. Does its "
                  "move have to stop in H2?",
                  lambda: "yes" if path(dr, "H3", "H2", "infantry", side="German").steps[0].stop else "no",
                  "Leaving a trench ends the move unless the unit crosses a section with a ladder; H3|H2 has "
                  "one (1.4 Trenches).", choices=yes_no),
        SelfCheck("Which unit class can NOT enter the stream at K5 on Dog Red (from K4)?",
                  lambda: next(u for u in UNITS if step_effect(dr, "K4", "K5", u, "US") == "impassable"),
                  "Streams are impassable to light vehicles only; infantry and heavy vehicles pay them as a "
                  "Difficult Passage (1.2 Streams).", choices=list(UNITS)),
    ]
    bunker = bunker_map()
    combat_q = [
        SelfCheck("Three mine counters worth 1 each are triggered against a unit with Defense 7. What is the "
                  "chance it takes a Hit (a fraction or a decimal)?",
                  lambda: hc.mine_attack([1, 1, 1], 7)["hit"],
                  lambda p: f"The die plus 3 must reach 7, so 4, 5 or 6 hit; a 1 never hits (a counter is "
                            f"discarded instead): {p} (4.2 Minefield).", tolerance=0.005),
        SelfCheck("The bunker's directional bonus protects its south side. A shot from G3 (due east of the "
                  "bunker) -- does the directional bonus apply?",
                  lambda: "yes" if crosses_protected_side(bunker, "G3", "D3", "south") else "no",
                  "The shot crosses the bunker's east side, not the protected one, so only the universal "
                  "bonus counts (1.1 Directional Defensive Bonus).", choices=yes_no),
        SelfCheck("A unit with Destruction 3 targets a bunker. What is the chance the units inside get a "
                  "Suppressed Marker?",
                  lambda: hc.bunker_stun(3),
                  lambda p: f"At least one 5 or 6 on three dice: 1 - (2/3)^3 = {p} (1.1 Bunker).",
                  tolerance=0.005),
        SelfCheck("An aircraft with Order Token #3 is targeted by a unit activated with Order Token #6. What "
                  "is the Speed Penalty?",
                  lambda: hc.speed_penalty(3, 6),
                  "Subtract the lower token from the higher one: 6 - 3 (5 Speed Penalty)."),
    ]
    return {"los": los_q, "movement": move_q, "combat": combat_q}
