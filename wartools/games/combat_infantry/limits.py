"""Combat Infantry fire and assault limits (Combat Infantry 3.2, 3.4, 6.5, 6.51, 6.6, 7.3, 9.1).

Rules, paraphrased:

* Hexside terrain decides how many units may fire through a hexside at an
  *adjacent* target per HQ activation (6.5: 2, 1 or 0) and how many may assault
  through it (9.1), from the Terrain Effects Chart's Fire and Assault columns;
  assault limits come on top of fire limits (9.1). A hexside takes the terrain
  drawn on it, else the more restrictive of its two hexes (3.2); with several
  features the most restrictive limit applies (3.2).
* Long-range fire (two or more hexes, 6.51): only one unit per firing hex may
  fire at one target hex; it does not use up the adjacent fire limits.
* Bombardment is not subject to fire limits (6.6).

The excerpt's chart is cut after the Cemetery row, so the limits of woods,
marsh, farm, cemetery, river, ford and cliff hexsides are **assumed** (flagged
in :data:`FIRE_LIMIT` and :data:`ASSAULT_LIMIT`, and in each answer).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("combat-infantry", 3, 1, terrain={"B1": "town"})
>>> hexside_limits(m, "A1", "B1").fire, hexside_limits(m, "A1", "B1").why
(1, 'town hexside: fire 1, assault 1 (3.4 Town)')
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wartools.errors import WartoolsError
from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.mapmodel import Map, Unit
from wartools.rules.movement import Table

FIRE_LIMIT = Table(
    {"clear": 2, "beach": 2, "orchard": 1, "town": 1, "bridge": 1, "hedge": 0, "cemetery": 2, "woods": 1,
     "marsh": 2, "farm": 1, "river": 2, "ford": 2, "cliff": 1, "destroyed": 1},
    assumed=("cemetery", "woods", "marsh", "farm", "river", "ford", "cliff"),
    notes={"clear": "chart", "beach": "chart", "orchard": "chart (note 3: adjacent only)",
           "town": "3.4 Town", "bridge": "3.4 Bridges, 7.3", "hedge": "3.4 Hedge: fire is blocked",
           "destroyed": "7.3: Fire Limit 1 does not change"})
ASSAULT_LIMIT = Table(
    {"clear": 2, "beach": 2, "orchard": 1, "town": 1, "bridge": 1, "hedge": 0, "cemetery": 2, "woods": 1,
     "marsh": 1, "farm": 1, "river": 2, "ford": 2, "cliff": 1, "slope": 1, "destroyed": 0},
    assumed=("cemetery", "woods", "marsh", "farm", "river", "ford", "cliff"),
    notes={"clear": "chart", "beach": "chart", "orchard": "chart", "town": "3.4 Town",
           "bridge": "3.4 Bridges", "hedge": "3.4 Hedge: tanks only", "slope": "3.4 Slope: always 1",
           "destroyed": "7.3: a destroyed bridge's assault limit is zero"})
_SECTION = {"clear": "chart: Clear", "beach": "chart: Beach", "orchard": "chart: Orchard", "town": "3.4 Town",
            "bridge": "3.4 Bridges", "hedge": "3.4 Hedge", "slope": "3.4 Slope", "destroyed": "7.3"}


@dataclass(frozen=True)
class HexsideLimits:
    """How many units may fire and assault through one hexside (6.5, 9.1).

    ``terrain`` is the hexside terrain that decided; ``assumed`` is true when a
    limit comes from a chart row the excerpt does not print. Tanks are
    ``tank_assault``: across a hedge only tanks assault (3.4 Hedge).
    """

    fire: int
    assault: int
    terrain: str
    why: str
    assumed: bool
    tank_assault: int
    readings: tuple[Assumption, ...] = ()

    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed chart entry this answer rests on, if any, and the game's readings (a slope
        assaulted downhill: option ``slope-limit-downhill``)."""
        if not self.assumed:
            return self.readings
        return (Assumption("Combat Infantry 6.5, 9.1", f"{self.terrain} hexside: fire limit {self.fire}, "
                           f"assault limit {self.assault} (the chart row is not in the excerpt)"),
                *self.readings)


_HEX_TERRAIN = ("clear", "beach", "orchard", "cemetery", "woods", "marsh", "town", "farm")


def _candidates(m: Map, a: Cell, b: Cell) -> list[str]:
    """The hexside's terrain: the hex terrain drawn on it, else both hexes' (3.2), plus its other
    features (hedge, river, bridge, ford, cliff, slope)."""
    feats = [f for f in m.edge_features_at(a, b) if f in ASSAULT_LIMIT]
    drawn = [f for f in feats if f in _HEX_TERRAIN]
    base = drawn or [t for t in (m.terrain_at(a), m.terrain_at(b)) if t in FIRE_LIMIT] or ["clear"]
    return list(dict.fromkeys(base + [f for f in feats if f not in _HEX_TERRAIN]))


def hexside_limits(m: Map, a: Cell | str, b: Cell | str) -> HexsideLimits:
    """The fire and assault limits of the hexside between adjacent hexes ``a`` and ``b`` (6.5, 9.1,
    the chart), the most restrictive feature or hex terrain deciding (3.2), for units in ``a``
    firing or assaulting into ``b``. A slope's assault limit (3.4 Slope: always 1) applies
    downhill too unless option ``slope-limit-downhill`` is off (chart note 9: slope effects are
    other terrain downhill); a slope answer names that reading.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 2, 1, elevation={"A1": 1}, edges={("A1", "B1"): "slope"})
    >>> hexside_limits(m, "A1", "B1").assault, hexside_limits(m.with_options(**{"slope-limit-downhill": False}),
    ...                                                        "A1", "B1").assault
    (1, 2)
    """
    a, b = m.cell(a), m.cell(b)
    if m.grid.distance(a, b) != 1:
        raise WartoolsError(f"{m.label(a)} and {m.label(b)} are not adjacent: fire limits apply to adjacent "
                            "targets only (6.5)")
    names = _candidates(m, a, b)
    readings: tuple[Assumption, ...] = ()
    if "slope" in names:
        readings = m.game.assumptions(["slope-limit-downhill"])
        downhill = m.elevation_at(b) < m.elevation_at(a)
        if downhill and not m.game.option("slope-limit-downhill"):
            names = [t for t in names if t != "slope"] or ["clear"]
    fire_t = min((t for t in names if t in FIRE_LIMIT), key=lambda t: FIRE_LIMIT[t])
    assault_t = min(names, key=lambda t: ASSAULT_LIMIT[t])
    fire, assault = FIRE_LIMIT[fire_t], ASSAULT_LIMIT[assault_t]
    terrain = fire_t if fire_t == assault_t else f"{fire_t}, {assault_t}"
    tank = 1 if "hedge" in names else assault       # across a hedge: tanks only, one (3.4, chart note 7)
    assumed = FIRE_LIMIT.is_assumed(fire_t) or ASSAULT_LIMIT.is_assumed(assault_t)
    where = ", ".join(dict.fromkeys(_SECTION.get(t, "chart row not in the excerpt") for t in (fire_t, assault_t)))
    why = f"{terrain} hexside: fire {fire}, assault {assault} ({where})"
    if assumed:
        why += " [assumed]"
    return HexsideLimits(fire, assault, terrain, why, assumed, tank, readings)


@dataclass(frozen=True)
class FireSlot:
    """One unit's place in a fire plan: may it fire at the target, and why."""

    unit: str
    cell: str
    allowed: bool
    why: str


@dataclass(frozen=True)
class FirePlan:
    """Which units may fire at one target hex in one HQ activation (6.5, 6.51)."""

    target: str
    slots: tuple[FireSlot, ...]
    assumptions: tuple[Assumption, ...]

    @property
    def firers(self) -> tuple[str, ...]:
        """The ids of the units that may fire."""
        return tuple(s.unit for s in self.slots if s.allowed)


def fire_plan(m: Map, target: Cell | str, units: Iterable[Unit | str], *,
              bombard: Sequence[str] = ()) -> FirePlan:
    """Which of ``units`` may fire at ``target`` in one HQ activation, in the order given.

    Adjacent firers share the fire limit of the hexside they fire through (6.5);
    from farther away only one unit per firing hex may fire at the target (6.51),
    and long-range fire does not use up the hexside limits. Units listed in
    ``bombard`` bombard, free of fire limits (6.6). Line of sight and range are
    separate questions (:func:`wartools.los.line_of_sight`).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 4, 1, units=[
    ...     ("a", "US", "rifle", "A1"), ("b", "US", "mg", "A1"), ("c", "US", "rifle", "C1"),
    ...     ("d", "US", "rifle", "C1"), ("e", "US", "rifle", "C1"), ("x", "German", "rifle", "D1")])
    >>> fire_plan(m, "D1", ["a", "b", "c", "d", "e"]).firers
    ('a', 'c', 'd')
    """
    t = m.cell(target)
    used: dict[tuple[Cell, str], int] = {}
    long_range: set[Cell] = set()
    slots: list[FireSlot] = []
    assumed: list[Assumption] = []
    for u in units:
        unit = m.unit(u) if isinstance(u, str) else u
        cell, lab = unit.cell, m.label(unit.cell)
        d = m.grid.distance(cell, t)
        if unit.id in bombard:
            slots.append(FireSlot(unit.id, lab, True, "bombardment: no fire limits (6.6)"))
        elif d == 0:
            slots.append(FireSlot(unit.id, lab, False, "units cannot fire into their own hex (6.1)"))
        elif d >= 2:
            ok = cell not in long_range
            long_range.add(cell)
            slots.append(FireSlot(unit.id, lab, ok, "long-range fire: one unit per firing hex and target "
                                  "hex (6.51)" + ("" if ok else f"; {lab} has already fired at it")))
        else:
            lim = hexside_limits(m, cell, t)
            assumed += lim.assumptions()
            key = (cell, "fire")
            ok = used.get(key, 0) < lim.fire
            used[key] = used.get(key, 0) + ok
            slots.append(FireSlot(unit.id, lab, ok, f"{lim.why} (6.5)" + ("" if ok else "; limit reached")))
    return FirePlan(m.label(t), tuple(slots), tuple(dict.fromkeys(assumed)))
