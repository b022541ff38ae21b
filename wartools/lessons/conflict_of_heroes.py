"""Conflict of Heroes: Storms of Steel -- the lesson behind ``notebooks/12_conflict_of_heroes.ipynb``.

Line of sight, movement and combat, taught with small original maps, the
rulebook's worked examples recomputed by the library, one experiment per
topic and self-check questions whose right answers the library computes.

What the rulebook excerpt says and what the library assumes
-----------------------------------------------------------
The Storms of Steel excerpt covers the Game Overview, set-up, the round
(2.1-2.4) and actions (3.0-3.22). It has **no line-of-sight chapter and no
terrain chart**. So:

* **LOS is an assumption** (:mod:`wartools.games.conflict_of_heroes.los`):
  the conventional reading of the series -- woods, buildings and smoke
  between the ends block; brush, fields, wrecks and walls hinder (+1 defence
  each); the firer's and target's own hexes never block; higher ground than
  both ends blocks, terrain lower than both ends is seen over.
* **Movement costs beyond "1 AP per open hex" are assumptions**
  (:data:`wartools.games.conflict_of_heroes.movement.ENTER_AP`, every row
  flagged ``[assumed]``).
* **Target terrain modifiers beyond woods +2 are assumptions**
  (:data:`TERRAIN_DEFENSE`, flagged in :data:`TERRAIN_DEFENSE_ASSUMED`).
* **One CAP = one point on a die roll** (3.2 says CAPs modify rolls; the
  paragraph fixing the rate, 3.24, is not in the excerpt).

Every one of these is an overridable table, never a rule we claim the
rulebook states.

Examples
--------
>>> ex = overview_shot()
>>> ex.attack, ex.defense, ex.hit, ex.probability
(13, 14, False, Fraction(1, 6))
>>> caps_for_probability(4, 12, terrain=2)
3
>>> {topic: len(qs) for topic, qs in questions().items()}
{'los': 5, 'movement': 5, 'combat': 5}
"""
from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.games.conflict_of_heroes.combat import (attack_value, caps_needed, defense_value,
                                                      hit_probability, initiative, initiative_rolls,
                                                      resolve_fire, variable_ap)
from wartools.los import LOSResult, line_of_sight, viewshed
from wartools.mapmodel import Map, load_map, loads_map
from wartools.movement import PathResult, Reach, path, reachable
from wartools.widgets.canvas import MapCanvas
from wartools.widgets.common import error, pre
from wartools.widgets.selfcheck import SelfCheck

__all__ = [
    "ACTIVATION_AP", "ASSUMPTIONS", "TERRAIN_DEFENSE", "TERRAIN_DEFENSE_ASSUMED", "Activation", "Shot",
    "CapsReachExperiment", "FireExperiment", "OverviewShot", "TargetExperiment", "caps_for_probability",
    "caps_to_reach", "combat_questions", "draw_move", "draw_shot", "experiments", "gap_map",
    "hill_112", "hill_112_examples", "hill_map", "open_map", "scripted_initiative", "initiative_example", "los_questions", "move_map", "movement_questions",
    "overview_shot", "questions", "replay_2_2", "replay_3_0", "replay_3_1", "replay_3_21", "shot",
    "seven_ap_in_the_open", "terrain_modifier", "variable_ap_example", "woods_map",
]

ACTIVATION_AP = 7
"""APs an activated unit receives (Game Overview, 2.2, 3.0)."""

ASSUMPTIONS = (
    "Line of sight: the excerpt has no LOS chapter; wartools uses the conventional Conflict of Heroes "
    "reading (blocking woods/buildings/smoke between the ends, hindering brush/field/wreck/wall +1 defence "
    "each, ends' own hexes ignored, hills higher than both ends block). Override: ConflictOfHeroesLOS(terrain=...).",
    "Movement: only '1 AP per open hex' for infantry is in the excerpt (Game Overview, 3.0); every other AP "
    "cost (woods, brush, buildings, hexsides, uphill, vehicles) is an assumed, flagged table entry.",
    "Target terrain: only woods +2 is in the excerpt (Game Overview); the other modifiers in "
    "TERRAIN_DEFENSE are assumptions.",
    "CAPs on die rolls: 3.2 says CAPs modify rolls; one point per CAP, committed before the roll, is assumed "
    "(3.24 is not in the excerpt).",
)
"""The library's assumptions this lesson relies on, in plain words (shown by the notebook)."""

TERRAIN_DEFENSE: Mapping[str, int] = MappingProxyType(
    {"open": 0, "woods": 2, "brush": 1, "field": 1, "building": 3, "water": 0})
"""Defence modifier of the target's own hex (Game Overview: woods +2; the rest assumed)."""
TERRAIN_DEFENSE_ASSUMED = frozenset({"brush", "field", "building", "water"})
"""Entries of :data:`TERRAIN_DEFENSE` that the excerpt does not state."""

_MAPS = Path(__file__).resolve().parents[2] / "maps"

WOODS_YAML = """
format: wartools-map/1
name: Birch copse (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 9, rows: 3, labels: row-letter}
terrain: {cells: {B05: woods, B06: woods, A06: woods, C06: woods}}
units:
  - {id: de-43, side: German, type: infantry, cell: B01, name: "Infantry '43"}
  - {id: su-squad, side: Soviet, type: infantry, cell: B05, name: "Rifles '41"}
"""
"""The Game Overview shot: a German '43 squad (FP 4) at B01, a Soviet squad (DR 12) in the woods at B05."""

HILL_YAML = """
format: wartools-map/1
name: Two rises (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 7, rows: 3, labels: row-letter}
terrain: {cells: {B03: woods}}
elevation: {B01: 1, B05: 1, A04: 1}
units:
  - {id: de-43, side: German, type: infantry, cell: B01}
"""
"""Hills (assumed LOS reading): a level-1 observer at B01, woods at B03, a rise at B05, a crest at A04."""

GAP_YAML = """
format: wartools-map/1
name: Gap between two blockers (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 3, rows: 3, labels: row-letter}
terrain: {cells: {B01: woods, B02: building}}
"""
"""A ruler A02 -> C02 running exactly along the hexside between B01 and B02."""

MOVE_YAML = """
format: wartools-map/1
name: Road to the kolkhoz (lesson)
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 9, rows: 5, labels: row-letter}
terrain: {cells: {C04: woods, C05: woods, D04: woods, E05: field, E06: field, C08: building,
                  A07: water, A08: water}}
edges:
  - {cells: [B07, B08], feature: wall}
  - {cells: [B07, C08], feature: wall}
  - {cells: [D07, D08], feature: stream}
  - {cells: [C08, D08], feature: stream}
  - {cells: [C09, D08], feature: stream}
units:
  - {id: su-rifles, side: Soviet, type: infantry, cell: C01, name: "Rifles '41"}
"""
"""Movement: a Soviet Rifles '41 squad at C01; a copse, a field, a walled house, a stream, a pond."""


# --- maps ----------------------------------------------------------------------------------
def woods_map(brush: bool = False) -> Map:
    """The Game Overview map; ``brush=True`` puts brush in B03, on the line of fire.

    Examples
    --------
    >>> woods_map().terrain_at("B05"), woods_map(brush=True).terrain_at("B03")
    ('woods', 'brush')
    """
    m = loads_map(WOODS_YAML)
    return m.with_terrain("B03", "brush") if brush else m


def open_map() -> Map:
    """The movement map's open steppe: same size, same squad, no terrain."""
    m = Map.from_dict({**move_map().to_dict(), "name": "Open steppe (lesson)"})
    for c in list(m.terrain):
        m = m.with_terrain(c, "open")
    for e in list(m.edges):
        m = m.without_edge_features(e.a, e.b)
    return m


def hill_map() -> Map:
    """Two rises and a copse: LOS over and behind lower terrain (assumed reading)."""
    return loads_map(HILL_YAML)


def gap_map(both: bool = True) -> Map:
    """A hexside between woods (B01) and a building (B02); ``both=False`` clears the building."""
    m = loads_map(GAP_YAML)
    return m if both else m.with_terrain("B02", "open")


def move_map() -> Map:
    """The movement map (see :data:`MOVE_YAML`)."""
    return loads_map(MOVE_YAML)


def hill_112(path_: str | Path | None = None) -> Map:
    """The sample map ``maps/conflict-of-heroes-hill-112.yaml`` (or the file at ``path_``)."""
    return load_map(path_ or _MAPS / "conflict-of-heroes-hill-112.yaml")


# --- line of sight and fire ----------------------------------------------------------------
def terrain_modifier(m: Map, cell: str) -> int:
    """Defence modifier of the target's own hex (:data:`TERRAIN_DEFENSE`; Game Overview: woods +2).

    Examples
    --------
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
        return (f"{head}: DV {self.rating} + {self.terrain} terrain + {self.hindrance} hindrance = "
                f"{self.defense}; P(hit) with FP {self.firepower}"
                f"{f' + {self.caps} CAPs' if self.caps else ''} = {self.probability} "
                f"({float(self.probability):.1%})")


def shot(m: Map, firer: str, target: str, *, firepower: int = 4, rating: int = 12, caps: int = 0) -> Shot:
    """Fire from ``firer`` at ``target``: LOS (assumed reading), DV and exact hit chance (Game Overview).

    Examples
    --------
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
    from wartools.games.conflict_of_heroes.combat import TWO_D6

    tie = TWO_D6.combine(TWO_D6, lambda a, b: a == b)[True]
    return {"even": initiative()["A"], "one_cap": initiative(modifier_a=1)["A"], "tie_once": tie}


def variable_ap_example() -> dict[str, Fraction]:
    """3.01 (optional): an activated unit gets 2D6 APs. Mean, P(at least the usual 7), P(fewer than 4).

    Examples
    --------
    >>> variable_ap_example()
    {'mean': Fraction(7, 1), 'at_least_7': Fraction(7, 12), 'under_4': Fraction(1, 12)}
    """
    d = variable_ap()
    return {"mean": d.mean(), "at_least_7": d.at_least(7), "under_4": d.at_most(3)}


# --- movement and the AP / CAP track -------------------------------------------------------
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
    >>> caps_to_reach(move_map(), "C01", "C06"), caps_to_reach(move_map(), "C01", "C09")
    (0, 3)
    >>> caps_to_reach(move_map(), "C01", "A07") is None
    True
    """
    p = path(m, start, goal, unit)
    if not p.reachable or p.cost is None:
        return None
    return max(0, p.cost - ap)


@dataclass
class Activation:
    """One player's track sheet: the activated unit's APs (green) and the CAP pool (blue), 2.2-3.22.

    Plain bookkeeping to replay the rulebook's examples: :meth:`activate`
    (7 APs; switching loses the old unit's APs, 3.0), :meth:`spend` (APs first,
    CAPs supplement one for one, 3.21), :meth:`command` (a CAP action, 3.22),
    :meth:`opportunity` (free, but the unit is spent, 3.1). Every step is
    logged in :attr:`log`.

    Examples
    --------
    >>> t = Activation(caps=5)
    >>> t.activate("C")             # returns the APs a previously active unit loses
    0
    >>> t.spend(4, "fire")
    (4, 0)
    >>> t.spend(4, "fire again")
    (3, 1)
    >>> t.ap, t.caps, sorted(t.spent)
    (0, 4, ['C'])
    """

    caps: int = 0
    active: str | None = None
    ap: int = 0
    spent: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)

    def activate(self, unit: str, ap: int = ACTIVATION_AP) -> int:
        """Activate ``unit`` with ``ap`` APs; returns the APs the previous unit loses (3.0)."""
        if unit in self.spent:
            raise WartoolsError(f"{unit} is spent and cannot be activated this round (2.2)")
        lost = 0
        if self.active is not None:
            lost = self.ap
            self.spent.add(self.active)
            self.log.append(f"{self.active} marked spent, {lost} AP lost (3.0)")
        self.active, self.ap = unit, ap
        self.log.append(f"{unit} activated: {ap} AP")
        return lost

    def spend(self, cost: int, what: str = "action") -> tuple[int, int]:
        """The active unit pays ``cost``: its APs first, then CAPs (3.21). Returns ``(ap, caps)`` paid."""
        if self.active is None:
            raise WartoolsError("no unit is activated")
        from_ap = min(self.ap, cost)
        from_caps = cost - from_ap
        if from_caps > self.caps:
            raise WartoolsError(f"{what} costs {cost}: {self.ap} AP + {self.caps} CAPs are not enough")
        self.ap -= from_ap
        self.caps -= from_caps
        self.log.append(f"{self.active}: {what} for {cost} ({from_ap} AP + {from_caps} CAP) -> "
                        f"{self.ap} AP, {self.caps} CAPs")
        if self.ap == 0:
            self.spent.add(self.active)
            self.log.append(f"{self.active} has no AP left: spent")
            self.active = None
        return from_ap, from_caps

    def command(self, unit: str, cost: int, what: str = "action") -> None:
        """A CAP action (3.22): ``unit`` acts for ``cost`` CAPs; its fresh/spent status is unchanged."""
        if cost > self.caps:
            raise WartoolsError(f"{what} costs {cost} CAPs, only {self.caps} left")
        self.caps -= cost
        self.log.append(f"{unit}: {what} as a command action for {cost} CAP -> {self.caps} CAPs")

    def opportunity(self, unit: str, what: str = "action") -> None:
        """An opportunity action (3.1): free, only for a fresh, non-activated unit, which is then spent."""
        if unit in self.spent or unit == self.active:
            raise WartoolsError(f"{unit} is not fresh: no opportunity action (3.1)")
        self.spent.add(unit)
        self.log.append(f"{unit}: {what} as an opportunity action, no AP or CAP; {unit} spent")


def _one_hex_forward() -> int:
    """AP for a squad to move one open hex, from the movement engine (Game Overview, 3.0)."""
    cost = path(move_map(), "C01", "C02").cost
    assert cost is not None
    return cost


SMG_FIRE_AP, INFANTRY_FIRE_AP, RIFLES_41_FIRE_AP = 3, 3, 4
"""Fire costs printed on the counters in the examples (2.2: SMG and German infantry 3 AP; 3.0: Rifles '41 4 AP)."""


def replay_2_2(soviet_caps: int = 5) -> dict[str, Activation]:
    """2.2 example: alternating turns with two activated units and a CAP action.

    Soviet SMG: 7 AP, fires (3) -> 4. German squad: 7 AP, moves one hex (1,
    from the movement engine) -> 6. Soviet moves another unit by a command
    action (1 CAP). German fires (3) -> 3. Soviet SMG fires again (3) -> 1.
    The example does not give the CAP level; ``soviet_caps`` is ours.

    Examples
    --------
    >>> t = replay_2_2()
    >>> t["Soviet"].ap, t["German"].ap, t["Soviet"].caps
    (1, 3, 4)
    """
    su, de = Activation(caps=soviet_caps), Activation()
    su.activate("SMG")
    su.spend(SMG_FIRE_AP, "fire")
    de.activate("German squad")
    de.spend(_one_hex_forward(), "move one open hex")
    su.command("other Soviet unit", _one_hex_forward(), "move one open hex")
    de.spend(INFANTRY_FIRE_AP, "fire")
    su.spend(SMG_FIRE_AP, "fire")
    return {"Soviet": su, "German": de}


def replay_3_0() -> Activation:
    """3.0 example: the German switches from unit A (4 AP left) to unit B; A's 4 AP are lost.

    Examples
    --------
    >>> t = replay_3_0()
    >>> t.active, t.ap, "A" in t.spent, t.log[-2]
    ('B', 7, True, 'A marked spent, 4 AP lost (3.0)')
    """
    t = Activation()
    t.activate("A")
    t.spend(3, "earlier actions")
    t.activate("B")
    return t


def replay_3_1() -> dict[str, Activation]:
    """3.1 example (figure 1): A moves (1 AP) -> 6; Soviet C fires (4 AP) -> 3; the fresh HMG B opportunity-fires.

    Examples
    --------
    >>> t = replay_3_1()
    >>> t["German"].ap, t["Soviet"].ap, sorted(t["German"].spent), t["German"].active
    (6, 3, ['HMG B'], 'A')
    """
    de, su = Activation(), Activation(caps=5)
    de.activate("A")
    de.spend(_one_hex_forward(), "move one open hex")
    su.activate("C")
    su.spend(RIFLES_41_FIRE_AP, "fire at A (misses)")
    de.opportunity("HMG B", "fire at C")
    return {"German": de, "Soviet": su}


def replay_3_21() -> Activation:
    """3.21 example: squad C has 3 AP, needs 4 to fire again, pays 3 AP + 1 CAP; 5 CAPs -> 4; C is spent.

    Examples
    --------
    >>> t = replay_3_21()
    >>> t.ap, t.caps, "C" in t.spent
    (0, 4, True)
    """
    t = replay_3_1()["Soviet"]
    t.spend(RIFLES_41_FIRE_AP, "fire at A again")
    return t


# --- drawing -------------------------------------------------------------------------------
def draw_shot(s: Shot, ax: Any = None) -> Any:
    """Draw a shot: the map, the explained ruler (:func:`wartools.los.draw_result`) and the DV as title.

    Examples
    --------
    >>> ax = draw_shot(shot(woods_map(), "B01", "B06"))
    >>> ax.get_title()
    'B01 -> B06: blocked: no shot'
    """
    from wartools.los import draw_result
    from wartools.render import draw_map

    if ax is not None:
        draw_map(s.los.map, ax=ax, title=False)
    ax = draw_result(s.los, ax)
    ax.set_title(s.text(), fontsize=8)
    return ax


def draw_move(m: Map, start: str, goal: str | None = None, unit: str | None = None, *,
              budget: int | None = None, ax: Any = None) -> Any:
    """Draw the reach from ``start`` (costs in the hexes) and the cheapest path to ``goal``."""
    from wartools.movement import draw_path_overlay, draw_reach
    from wartools.render import draw_map

    ax = draw_map(m, ax=ax)
    draw_reach(ax, m, start, budget=budget, unit=unit)
    if goal is not None:
        draw_path_overlay(ax, m, start, goal, unit=unit)
    return ax


def _canvas(m: Map, draw: Callable[[Any, Map], None], figsize: tuple[float, float]) -> MapCanvas:
    """A :class:`MapCanvas`; on a static backend its figure is detached from pyplot, so that a
    later ``plt.show()`` in the notebook does not draw the experiment's map a second time."""
    import matplotlib.pyplot as plt

    canvas = MapCanvas(m, draw=draw, figsize=figsize)
    if not canvas.interactive:
        plt.close(canvas.figure)      # savefig still works on a closed figure
    return canvas


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return buf.getvalue()


# --- experiments ---------------------------------------------------------------------------
class TargetExperiment:
    """LOS experiment: move the target through the woods -- blocked or hindered, and what DV?

    The German '43 squad at B01 fires at a target you place along row B
    (through the copse at B05-B06); tick *brush* to put brush in B03. State:
    :attr:`shot` (the last :class:`Shot`) and :attr:`history` (one dict per
    update: target, brush, status, terrain, hindrance, defense, probability).

    Examples
    --------
    >>> x = TargetExperiment()
    >>> x.target.value = "B06"; x.shot.status
    'blocked'
    >>> x.brush.value = True; x.target.value = "B05"; (x.shot.status, x.shot.defense)
    ('hindered', 15)
    """

    def __init__(self, firer: str = "B01", target: str = "B05", figsize: tuple[float, float] = (7, 3)) -> None:
        self.firer = firer
        self.map = woods_map()
        cells = [self.map.label(c) for c in self.map.grid.cells() if self.map.label(c) != firer]
        self.target = w.Dropdown(options=sorted(cells, key=lambda s: (s[0] != "B", s)), value=target,
                                 description="target")
        self.brush = w.Checkbox(value=False, description="brush in B03", indent=False)
        self.caps = w.IntSlider(value=0, min=0, max=6, description="CAPs")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.shot: Shot | None = None
        self.canvas = _canvas(self.map, self._draw, figsize)
        for c in (self.target, self.brush, self.caps):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([self.target, self.brush, self.caps]), self.canvas.widget, self.info])
        self.update()

    def update(self) -> None:
        """Recompute the shot and redraw."""
        self.map = woods_map(brush=self.brush.value)
        self.canvas.map = self.map
        self.shot = shot(self.map, self.firer, self.target.value, caps=self.caps.value)
        s = self.shot
        self.history.append({"target": self.target.value, "brush": self.brush.value, "caps": self.caps.value,
                             "status": s.status, "terrain": s.terrain, "hindrance": s.hindrance,
                             "defense": s.defense, "probability": s.probability})
        self.info.value = pre(s.text() + "\n" + "\n".join(f"  {r.where}: {r.rule}" for r in s.los.reasons))
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.los import draw_result

        if self.shot is not None:
            draw_result(self.shot.los, ax)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class CapsReachExperiment:
    """Movement experiment: spend CAPs -- how far can this squad get in one activation?

    APs (7, or a 2D6 roll under 3.01) plus the CAPs you add (3.21) make the
    budget; the map shades every hex within it and draws the cheapest path to
    the goal. State: :attr:`reach`, :attr:`route` (the goal's
    :class:`~wartools.movement.PathResult`), :attr:`caps_needed` and
    :attr:`history`.

    Examples
    --------
    >>> x = CapsReachExperiment()
    >>> x.caps_needed, x.reaches_goal
    (3, False)
    >>> x.caps.value = 3; x.reaches_goal
    True
    """

    def __init__(self, start: str = "C01", goal: str = "C09", figsize: tuple[float, float] = (7, 4)) -> None:
        self.map = move_map()
        self.start = start
        labels = [self.map.label(c) for c in self.map.grid.cells()]
        self.goal = w.Dropdown(options=sorted(labels), value=goal, description="goal")
        self.unit = w.Dropdown(options=list(self.map.game.unit_types.names), value="infantry", description="unit")
        self.ap = w.IntSlider(value=ACTIVATION_AP, min=2, max=12, description="APs")
        self.caps = w.IntSlider(value=0, min=0, max=8, description="CAPs")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.reach: Reach | None = None
        self.route: PathResult | None = None
        self.caps_needed: int | None = None
        self.canvas = _canvas(self.map, self._draw, figsize)
        for c in (self.goal, self.unit, self.ap, self.caps):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.goal, self.unit]), w.VBox([self.ap, self.caps])]),
                              self.canvas.widget, self.info])
        self.update()

    @property
    def budget(self) -> int:
        return self.ap.value + self.caps.value

    @property
    def reaches_goal(self) -> bool:
        return self.reach is not None and self.map.cell(self.goal.value) in self.reach

    def update(self) -> None:
        """Recompute reach, path and CAPs needed, and redraw."""
        unit = self.unit.value
        try:
            self.reach = reachable(self.map, self.start, unit, budget=self.budget)
            self.route = path(self.map, self.start, self.goal.value, unit)
            self.caps_needed = caps_to_reach(self.map, self.start, self.goal.value, unit, ap=self.ap.value)
            need = "unreachable" if self.caps_needed is None else f"needs {self.caps_needed} CAPs"
            text = [f"{unit}: {self.ap.value} AP + {self.caps.value} CAPs = {self.budget}; "
                    f"{len(self.reach.costs) - 1} hexes in reach; goal {self.goal.value} {need}; "
                    f"{'reached' if self.reaches_goal else 'not reached'}", self.route.text()]
            self.info.value = pre("\n".join(text))
            self.history.append({"goal": self.goal.value, "unit": unit, "ap": self.ap.value,
                                 "caps": self.caps.value, "hexes": len(self.reach.costs) - 1,
                                 "caps_needed": self.caps_needed, "reached": self.reaches_goal})
        except WartoolsError as exc:
            self.reach, self.route, self.caps_needed = None, None, None
            self.info.value = error(str(exc))
            self.history.append({"error": str(exc)})
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.movement import draw_path_overlay, draw_reach

        if self.reach is not None:
            draw_reach(ax, m, self.start, budget=self.budget, unit=self.unit.value)
            draw_path_overlay(ax, m, self.start, self.goal.value, unit=self.unit.value)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class FireExperiment:
    """Combat experiment: how many CAPs to reach 50 %?

    Firepower, defence rating, the target's terrain, hindrance and the CAPs
    of both sides in; the attack-value distribution (2D6 + FP + CAPs) out,
    with the DV marked, the exact hit chance and the fewest CAPs reaching the
    goal. State: :attr:`probability`, :attr:`defense`, :attr:`caps_for_goal`,
    :attr:`after_roll` (CAPs needed after seeing the roll, the alternative
    reading of 3.2) and :attr:`history`.

    Examples
    --------
    >>> x = FireExperiment()
    >>> x.defense, x.probability, x.caps_for_goal
    (14, Fraction(1, 6), 3)
    >>> x.caps.value = 3; x.probability
    Fraction(7, 12)
    """

    def __init__(self, firepower: int = 4, rating: int = 12, terrain: str = "woods") -> None:
        self.firepower = w.IntSlider(value=firepower, min=0, max=10, description="firepower")
        self.rating = w.IntSlider(value=rating, min=6, max=20, description="DR")
        self.terrain = w.Dropdown(options=[(f"{t} +{v}{' (assumed)' if t in TERRAIN_DEFENSE_ASSUMED else ''}", t)
                                           for t, v in TERRAIN_DEFENSE.items()], value=terrain,
                                  description="terrain")
        self.hindrance = w.IntSlider(value=0, min=0, max=3, description="hindrance")
        self.caps = w.IntSlider(value=0, min=0, max=8, description="CAPs")
        self.defender_caps = w.IntSlider(value=0, min=0, max=4, description="def. CAPs")
        self.goal = w.FloatSlider(value=0.5, min=0.05, max=1.0, step=0.05, description="goal")
        self.info = w.HTML()
        self.image = w.Image(format="png", layout=w.Layout(max_width="480px"))
        self.history: list[dict[str, Any]] = []
        self.probability = Fraction(0)
        self.defense = 0
        self.caps_for_goal: int | None = None
        self.after_roll: Any = None
        controls = (self.firepower, self.rating, self.terrain, self.hindrance, self.caps, self.defender_caps,
                    self.goal)
        for c in controls:
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox(list(controls[:4])), w.VBox(list(controls[4:]))]),
                              self.image, self.info])
        self.update()

    def modifier(self) -> int:
        """Terrain plus hindrance: what is added to the defence rating."""
        return TERRAIN_DEFENSE[self.terrain.value] + self.hindrance.value

    def update(self) -> None:
        """Recompute the odds and redraw the chart."""
        fp, dr, mod = self.firepower.value, self.rating.value, self.modifier()
        goal = Fraction(self.goal.value).limit_denominator(100)
        self.defense = defense_value(dr, mod) + self.defender_caps.value
        self.probability = hit_probability(fp, dr, terrain=mod, caps=self.caps.value,
                                           defender_caps=self.defender_caps.value)
        self.caps_for_goal = caps_for_probability(fp, dr, terrain=mod + self.defender_caps.value, goal=goal)
        self.after_roll = caps_needed(fp, dr, terrain=mod + self.defender_caps.value, available=self.caps.value)
        need = "out of reach" if self.caps_for_goal is None else f"{self.caps_for_goal} CAPs"
        self.info.value = pre(
            f"AV = 2D6 + {fp} + {self.caps.value} CAPs against DV {self.defense}: P(hit) = {self.probability} "
            f"({float(self.probability):.1%})\nfewest CAPs before the roll for {float(goal):.0%}: {need}\n"
            f"if CAPs could be added after seeing the roll (alternative reading): "
            f"P(hit) = {1 - self.after_roll[None] if None in self.after_roll else Fraction(1)}")
        self.history.append({"firepower": fp, "rating": dr, "modifier": mod, "caps": self.caps.value,
                             "defender_caps": self.defender_caps.value, "defense": self.defense,
                             "probability": self.probability, "caps_for_goal": self.caps_for_goal})
        self._chart(fp)

    def _chart(self, fp: int) -> None:
        import matplotlib.pyplot as plt

        dist = attack_value(fp, caps=self.caps.value)
        with plt.ioff():
            fig, ax = plt.subplots(figsize=(5, 2.4))
        xs = list(dist.outcomes)
        ax.bar(xs, [float(dist[x]) for x in xs], color=["#1a9e1a" if x >= self.defense else "#999999" for x in xs])
        ax.axvline(self.defense - 0.5, color="#b00", linestyle="--")
        ax.set_xlabel("attack value (green: hit)")
        ax.set_ylabel("P")
        ax.set_title(f"DV {self.defense}: P(hit) {float(self.probability):.1%}", fontsize=9)
        self.image.value = _png(fig)
        plt.close(fig)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def experiments() -> dict[str, Callable[[], Any]]:
    """Experiment factories by topic: ``{"los": TargetExperiment, "movement": ..., "combat": ...}``."""
    return {"los": TargetExperiment, "movement": CapsReachExperiment, "combat": FireExperiment}


# --- self-checks ---------------------------------------------------------------------------
STATUSES = ("clear", "hindered", "blocked")


def los_questions() -> list[SelfCheck]:
    """Line-of-sight self-checks (answers from :func:`wartools.los.line_of_sight` and :func:`shot`)."""
    return [
        SelfCheck("Birch copse: the German squad in B01 fires at the Soviet squad in the woods hex B05. "
                  "Is the line clear, hindered or blocked?",
                  lambda: line_of_sight(woods_map(), "B01", "B05").status,
                  "The woods are the target's own hex: a hex's terrain never blocks a line into it (it "
                  "protects the target instead, +2 DV). Nothing lies between B01 and B05.",
                  choices=STATUSES),
        SelfCheck("Same map: the Soviet squad steps back to B06, one hex deeper in the copse. Line?",
                  lambda: line_of_sight(woods_map().moved("su-squad", "B06"), "B01", "B06").status,
                  "Now the woods of B05 stand between firer and target, and woods in between block "
                  "(assumed reading).", choices=STATUSES),
        SelfCheck("With brush in B03, what is the Soviet squad's DV in B05 (DR 12)?",
                  lambda: shot(woods_map(brush=True), "B01", "B05").defense,
                  lambda dv: f"12 for the rating, +2 for its own woods (Game Overview), +1 for the brush "
                             f"crossed on the way (assumed hindrance): {dv}."),
        SelfCheck("Two rises: the German on the level-1 hex B01 looks at B05, also level 1, over the "
                  "level-0 woods in B03. Line?",
                  lambda: line_of_sight(hill_map(), "B01", "B05").status,
                  "Terrain lower than both ends is seen over (assumed reading), so the copse does not "
                  "matter between two hills.", choices=STATUSES),
        SelfCheck("Gap map: the ruler from A02 to C02 runs exactly along the hexside between the woods "
                  "in B01 and the building in B02. Line?",
                  lambda: line_of_sight(gap_map(), "A02", "C02").status,
                  "A line along a hexside counts only when the hexes on both sides would block; here both "
                  "do, so there is no gap to see through (assumed reading). Clear the building and the "
                  "line is open.", choices=STATUSES),
    ]


def movement_questions() -> list[SelfCheck]:
    """Movement self-checks (answers from :mod:`wartools.movement` and the AP/CAP track)."""
    return [
        SelfCheck("Road to the kolkhoz: how many APs does the cheapest route of the Rifles '41 from C01 "
                  "to C06 cost?",
                  lambda: path(move_map(), "C01", "C06").cost,
                  lambda c: f"{c} AP: the straight line crosses two woods hexes at 2 AP each (assumed), "
                            f"while going round them through row B is one hex longer but all open, 1 AP "
                            f"each (Game Overview)."),
        SelfCheck("How many CAPs must the Soviet player add to bring the squad from C01 to C09 in this "
                  "activation?",
                  lambda: caps_to_reach(move_map(), "C01", "C09"),
                  lambda n: f"The activation gives 7 AP and CAPs supplement APs one for one (3.21), so the "
                            f"answer is the route's cost minus 7: {n}. The route, step by step:\n"
                            f"{path(move_map(), 'C01', 'C09').text()}"),
        SelfCheck("3.21 example: squad C has 3 AP left, needs 4 to fire again, and the side has 5 CAPs. "
                  "How many CAPs are left after the shot?",
                  lambda: replay_3_21().caps,
                  "All 3 remaining APs are spent first, the missing 1 comes from the CAP pool; the unit "
                  "then has no AP left and is spent."),
        SelfCheck("Optional rule 3.01: what is the probability that an activated unit gets at least the "
                  "usual 7 APs?",
                  lambda: variable_ap().at_least(7),
                  lambda p: f"APs are 2D6: 21 of the 36 rolls are 7 or more, {p}.", tolerance=0.005),
        SelfCheck("Can a tank drive into the house at C08?",
                  lambda: "yes" if path(move_map(), "C01", "C08", "tank").reachable else "no",
                  "The library's assumed table makes buildings impassable to vehicles and tanks; the "
                  "excerpt has no terrain chart, so check the full rules before relying on it.",
                  choices=["yes", "no"]),
    ]


def combat_questions() -> list[SelfCheck]:
    """Combat self-checks (answers from :mod:`wartools.games.conflict_of_heroes.combat`)."""
    return [
        SelfCheck("Game Overview: the '43 squad (firepower 4) rolls a 9. What is its attack value?",
                  lambda: overview_shot().attack,
                  "Attack value = the 2D6 roll plus the firepower: 9 + 4."),
        SelfCheck("The target squad (rating 12) is in woods. Hit or miss?",
                  lambda: "hit" if overview_shot().hit else "miss",
                  "Its DV is 12 + 2 for woods = 14; an attack hits when AV >= DV, and 13 falls one short.",
                  choices=["hit", "miss"]),
        SelfCheck("Before rolling: what is the chance that firepower 4 hits that squad in the woods?",
                  lambda: overview_shot().probability,
                  lambda p: f"The roll must be at least 14 - 4 = 10 on 2D6: 6 of the 36 rolls, {p}.",
                  tolerance=0.005),
        SelfCheck("How many CAPs, spent before the roll, lift that chance to at least 50 %?",
                  lambda: caps_for_probability(4, 12, terrain=2),
                  lambda n: f"Each CAP adds one to the roll (assumed rate): 10+ is 1/6, 9+ 5/18, 8+ 5/12, "
                            f"7+ 7/12, so {n}."),
        SelfCheck("Initiative (2.1): both roll 2D6, ties re-rolled. What is your chance to win it if you "
                  "add one CAP to your roll?",
                  lambda: initiative(modifier_a=1)["A"],
                  lambda p: f"One point turns every tie into a win and some losses into ties; with ties "
                            f"re-rolled the chance is {p}, about {float(p):.1%} (one point per CAP assumed, "
                            f"3.24 is not in the excerpt).", tolerance=0.005),
    ]


def questions() -> dict[str, list[SelfCheck]]:
    """All self-checks, by topic: ``{"los": [...], "movement": [...], "combat": [...]}``."""
    return {"los": los_questions(), "movement": movement_questions(), "combat": combat_questions()}


def scripted_initiative(rolls_a: tuple[int, int], rolls_b: tuple[int, int]) -> str:
    """2.1 with explicit dice: ``"A"``, ``"B"`` or ``"tie"`` (re-roll). Thin alias of the combat module."""
    return initiative_rolls(rolls_a, rolls_b)


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
