"""The interactive experiments of the lesson, one per topic (Combat Infantry 3.4, 6.1-6.7, 8.3).

ipywidgets over the library (state kept in attributes, one ``history`` entry
per change, so that the tests can drive them): :class:`HexsideExperiment`
("add a hedge here: which lines does it cut?"), :class:`ShermanControl` ("which
hexes does this Sherman control?") and :class:`FireGroup` ("how many hits from
this fire group?").

Notes
-----
Combat Infantry sections covered: 3.4 and 6.4 (hexsides that block a line),
8.3 (hex control, where a moving unit must stop), 6.1 (fire), 6.32 (armor
class), 6.7 (D2 terrain) and the optional hit limit.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wartools.games.combat_infantry import combat as ci_combat
from wartools.games.combat_infantry.combat import HexUnit
from wartools.lessons.combat_infantry.maps import (
    _CONTROL_COLOURS,
    RIVER_CROSSING,
    hedge_experiment_map,
    hex_control,
)
from wartools.los import line_of_sight, viewshed
from wartools.mapmodel import Map, load_map
from wartools.widgets.common import pre


class HexsideExperiment:
    """LOS experiment: put a hedge (or another hexside) on a hexside and see which lines it cuts.

    Pick the observer, the hexside and the feature; :attr:`cut` lists the
    hexes the observer saw before and no longer sees, :attr:`history` keeps one
    entry per change. Hedges block even between adjacent hexes; woods, town,
    orchard and farm hexsides only between hexes that are not adjacent; a
    slope alone blocks nothing (Combat Infantry 3.4, 6.4).

    Examples
    --------
    >>> x = HexsideExperiment()
    >>> x.hexside.value = "B3|C3"
    >>> "C3" in x.cut, len(x.cut)        # a hedge hides even the adjacent hex
    (True, 11)
    >>> x.feature.value = "woods"
    >>> "C3" in x.cut, len(x.cut)        # a woods hexside does not
    (False, 10)
    >>> x.feature.value = "slope"
    >>> x.cut
    ()
    """

    FEATURES = ("hedge", "woods", "town", "orchard", "farm", "slope", "river")

    def __init__(self, m: Map | None = None, observer: str = "B3", hexside: str = "C3|D3",
                 feature: str = "hedge") -> None:
        import ipywidgets as w

        from wartools.widgets.canvas import MapCanvas
        from wartools.widgets.common import cell_options

        self.base = m if m is not None else hedge_experiment_map()
        labels = [self.base.grid.edge_label(e) for e in self.base.grid.edges()
                  if e.a in self.base.grid and e.b in self.base.grid]
        self.observer = w.Dropdown(options=cell_options(self.base), value=observer, description="observer")
        self.hexside = w.Dropdown(options=labels, value=hexside, description="hexside")
        self.feature = w.Dropdown(options=list(self.FEATURES), value=feature, description="feature")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.map = self.base
        self.before: tuple[str, ...] = ()
        self.after: tuple[str, ...] = ()
        self.cut: tuple[str, ...] = ()
        self.canvas = MapCanvas(self.base, draw=self._draw, figsize=(6, 5))
        for c in (self.observer, self.hexside, self.feature):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.observer, self.hexside, self.feature]), self.canvas.widget]),
                              self.info])
        self.update()

    def edited_map(self) -> Map:
        """The base map with the chosen feature added on the chosen hexside."""
        a, b = self.hexside.value.split("|")
        return self.base.with_edge_feature(a, b, self.feature.value)

    def update(self) -> dict[str, Any]:
        """Recompute both viewsheds and the hexes the new hexside cuts off."""
        obs = self.observer.value
        self.map = self.edited_map()
        m = self.base

        def seen(mm: Map) -> tuple[str, ...]:
            return tuple(sorted(mm.label(c) for c in viewshed(mm, obs)))
        self.before, self.after = seen(m), seen(self.map)
        self.cut = tuple(c for c in self.before if c not in self.after)
        head = (f"{self.feature.value} on {self.hexside.value}: {obs} sees {len(self.after)} hexes "
                f"(was {len(self.before)})")
        lines = [head]
        if self.cut:
            lines.append("no longer seen: " + ", ".join(self.cut))
            why = line_of_sight(self.map, obs, self.cut[0])
            lines += [f"  {obs} -> {self.cut[0]}: {r.rule}" for r in why.deciding]
        else:
            lines.append("it cuts no line from this observer")
        self.info.value = pre("\n".join(lines))
        entry = {"observer": obs, "hexside": self.hexside.value, "feature": self.feature.value,
                 "cut": self.cut}
        self.history.append(entry)
        self.canvas.map = self.map
        self.canvas.redraw()
        return entry

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_cells, highlight_edges

        highlight_cells(ax, m, [self.observer.value], color="#000000", alpha=0.3, gid="observer")
        if self.cut:
            highlight_cells(ax, m, self.cut, color="#d62728", alpha=0.45, gid="cut")
        a, b = self.hexside.value.split("|")
        highlight_edges(ax, m, [m.edge(a, b)], color="#ff00ff", gid="new-hexside")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class ShermanControl:
    """Movement experiment: which hexes does this Sherman control, and where must a German stop?

    Move the Sherman (``us-tank-1`` on the sample map) with the dropdown:
    :attr:`controlled` lists the vacant hexes US-controlled only thanks to it,
    :attr:`disputed` those it makes disputed, :attr:`german_stops` the hexes
    where the chosen German unit's move would now have to end (8.3).

    Examples
    --------
    >>> x = ShermanControl()
    >>> x.cell.value = "D9"
    >>> x.controlled
    ('C9', 'C10', 'D8', 'D10', 'E9')
    """

    def __init__(self, m: Map | None = None, tank: str = "us-tank-1", cell: str | None = None,
                 german: str = "de-in-3") -> None:
        import ipywidgets as w

        from wartools.widgets.canvas import MapCanvas
        from wartools.widgets.common import cell_options

        self.base = m if m is not None else load_map(RIVER_CROSSING)
        self.tank_id = tank
        self.german_id = german
        start = cell or self.base.label(self.base.unit(tank).cell)
        germans = [u.id for u in self.base.units if u.side == "German"]
        self.cell = w.Dropdown(options=cell_options(self.base), value=start, description="Sherman at")
        self.german = w.Dropdown(options=germans, value=german, description="German")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.map = self.base
        self.control: dict[str, str] = {}
        self.controlled: tuple[str, ...] = ()
        self.disputed: tuple[str, ...] = ()
        self.german_stops: tuple[str, ...] = ()
        self.canvas = MapCanvas(self.base, draw=self._draw, figsize=(7, 6))
        for c in (self.cell, self.german):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.cell, self.german]), self.canvas.widget]), self.info])
        self.update()

    def _sort(self, labels: Sequence[str]) -> tuple[str, ...]:
        m = self.base
        return tuple(sorted(labels, key=lambda lab: m.grid.to_offset(m.cell(lab))))

    def update(self) -> dict[str, Any]:
        """Move the Sherman, recompute hex control with and without it, and the German's stops."""
        from wartools.movement import reachable

        self.map = self.base.moved(self.tank_id, self.cell.value)
        without = hex_control(self.map.without_unit(self.tank_id))
        self.control = hex_control(self.map)
        near = {self.map.label(n) for n in self.map.grid.neighbours(self.map.cell(self.cell.value))}
        self.controlled = self._sort([c for c in near if self.control.get(c) == "US"
                                      and without.get(c) != "US" and not self.map.units_at(c)])
        self.disputed = self._sort([c for c in near if self.control.get(c) == "disputed"
                                    and without.get(c) != "disputed"])
        g = self.map.unit(self.german_id)
        reach = reachable(self.map, g.cell, g.id)
        stops = []
        for c in reach.costs:
            if c == g.cell:
                continue
            p = reach.path_to(c)
            if p.reachable and p.steps[-1].stop:
                stops.append(self.map.label(c))
        self.german_stops = self._sort(stops)
        text = [f"Sherman at {self.cell.value} (control: {self.control.get(self.cell.value)})",
                "controls thanks to it: " + (", ".join(self.controlled) or "none"),
                "makes disputed: " + (", ".join(self.disputed) or "none"),
                f"{self.german_id} must stop if it enters: " + (", ".join(self.german_stops) or "none")]
        self.info.value = pre("\n".join(text))
        entry = {"cell": self.cell.value, "controlled": self.controlled, "disputed": self.disputed,
                 "german_stops": self.german_stops}
        self.history.append(entry)
        self.canvas.map = self.map
        self.canvas.redraw()
        return entry

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_cells

        if self.controlled:
            highlight_cells(ax, m, self.controlled, color=_CONTROL_COLOURS["US"], alpha=0.45, gid="sherman")
        if self.disputed:
            highlight_cells(ax, m, self.disputed, color=_CONTROL_COLOURS["disputed"], alpha=0.45, gid="disputed")
        highlight_cells(ax, m, [self.cell.value], color="#000000", alpha=0.3, gid="tank")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class FireGroup:
    """Combat experiment: how many hits from this fire group, and what happens to the target?

    Set dice (the firer's strength), firepower, the target's armor class (a
    targeted face-up armored unit, 6.32), the target's terrain (D2, 6.7) and its
    strength. :attr:`hits` is the distribution of hits (6.1), :attr:`steps`
    that of steps lost by a single target unit.

    Examples
    --------
    >>> x = FireGroup()
    >>> x.dice.value, x.firepower.value = 4, 2
    >>> x.hits.mean(), x.history[-1]["net_firepower"]
    (Fraction(4, 5), 2)
    >>> x.terrain.value = "town"
    >>> x.steps[0]                       # D2: 0 or 1 hit costs no step
    Fraction(512, 625)
    """

    TERRAIN = ("clear", "woods", "town", "farm", "marsh", "orchard")

    def __init__(self, dice: int = 3, firepower: int = 3, armor: int = 0, terrain: str = "clear",
                 strength: int = 3) -> None:
        import ipywidgets as w

        self.dice = w.IntSlider(value=dice, min=1, max=6, description="dice")
        self.firepower = w.IntSlider(value=firepower, min=1, max=10, description="firepower F")
        self.armor = w.IntSlider(value=armor, min=0, max=6, description="target AC")
        self.terrain = w.Dropdown(options=list(self.TERRAIN), value=terrain, description="target in")
        self.strength = w.IntSlider(value=strength, min=1, max=4, description="target steps")
        self.hit_limit = w.Checkbox(value=False, description="optional hit limit (2)", indent=False)
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.hits: Any = None
        self.steps: Any = None
        for c in (self.dice, self.firepower, self.armor, self.terrain, self.strength, self.hit_limit):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HBox([w.VBox([self.dice, self.firepower, self.armor]),
                                      w.VBox([self.terrain, self.strength, self.hit_limit])]), self.info])
        self.update()

    def update(self) -> dict[str, Any]:
        """Recompute the hit and step-loss distributions from the controls."""
        limit = 2 if self.hit_limit.value else None
        net = ci_combat.net_firepower(self.firepower.value, armor=self.armor.value)
        self.hits = ci_combat.fire(self.dice.value, self.firepower.value, armor=self.armor.value,
                                   hit_limit=limit)
        d2 = ci_combat.defends_d2(self.terrain.value)
        target = HexUnit(self.strength.value, "tank" if self.armor.value else "rifle", armor=self.armor.value)
        after = ci_combat.fire_at_unit(self.dice.value, self.firepower.value, target, d2=d2, hit_limit=limit)
        self.steps = after.map(lambda u: self.strength.value - u.strength)
        lines = [f"{self.dice.value}F{self.firepower.value}" + (f" - AC{self.armor.value} = net F{net}"
                                                                if self.armor.value else ""),
                 "no fire possible (net F0 or less, 6.32)" if net <= 0 else
                 f"each die hits on 1-{min(net, 10)}: chance {ci_combat.hit_chance(net)} per die",
                 "hits: " + ", ".join(f"{h}: {float(p):.1%}" for h, p in sorted(self.hits.items)),
                 f"expected hits {float(self.hits.mean()):.2f}",
                 f"target in {self.terrain.value} ({'D2' if d2 else 'D1'}): steps lost "
                 + ", ".join(f"{s}: {float(p):.1%}" for s, p in sorted(self.steps.items))]
        self.info.value = pre("\n".join(lines))
        entry = {"dice": self.dice.value, "firepower": self.firepower.value, "armor": self.armor.value,
                 "terrain": self.terrain.value, "net_firepower": net, "expected": self.hits.mean(),
                 "p_step_lost": self.steps.prob(lambda s: s > 0)}
        self.history.append(entry)
        return entry

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def experiments() -> dict[str, Callable[..., Any]]:
    """One experiment factory per topic.

    Examples
    --------
    >>> sorted(experiments())
    ['combat', 'los', 'movement']
    """
    return {"los": HexsideExperiment, "movement": ShermanControl, "combat": FireGroup}
