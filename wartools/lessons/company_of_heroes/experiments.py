"""The interactive experiments of the Company of Heroes lesson, one per topic.

:class:`BuildingSightExperiment` moves a target around a building,
:class:`MovementExperiment` asks which unit gets where this round and
:class:`DefenseDiceExperiment` counts a target's defense dice and its odds.
Each records its state in ``history`` so the tests can drive it.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Basic Movement, Obstacles to
Movement, Regular Infantry, Weapon Teams, Light Vehicle Units), 5.1 Damage
Types, 6 Defenses, 6.1 Static Defenses and 7 Additional Combat Rules (Sight,
Range, Buildings Blocking Attacks and Sight).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartools.games.company_of_heroes import combat
from wartools.games.company_of_heroes import los as coh_los
from wartools.lessons.company_of_heroes.combat import defense_breakdown
from wartools.lessons.company_of_heroes.maps import (
    OBSTACLE_MAP,
    SPINE_MAP,
    _labels,
    fixture,
)
from wartools.los import line_of_sight, viewshed
from wartools.render.los import draw_result
from wartools.mapmodel import Map
from wartools.movement import path, reachable


def _detach(canvas: Any) -> None:
    """Keep a static (PNG) canvas's figure out of pyplot, so a later ``plt.show()`` in the
    notebook does not display it a second time (it still renders on :meth:`redraw`)."""
    if not canvas.interactive:
        import matplotlib.pyplot as plt

        plt.close(canvas.figure)


class BuildingSightExperiment:
    """Move the target around a building: when does it block?

    Controls: observer and target hexes, range, sight/fire and HE (indirect).
    State: :attr:`result` (the last :class:`~wartools.los.LOSResult`),
    :attr:`hidden` (hexes within range the observer cannot see) and
    :attr:`history` (one entry per update). Company of Heroes 7, 5.1.

    Examples
    --------
    >>> x = BuildingSightExperiment()
    >>> x.history[-1]["status"], x.hidden
    ('blocked', ['E6'])
    >>> x.target.value = "F5"
    >>> x.history[-1]["status"]
    'clear'
    >>> x.target.value = "E6"
    >>> x.indirect.value = True
    >>> x.history[-1]["status"]
    'clear'
    """

    def __init__(self, m: Map | None = None, observer: str = "E4", target: str = "E6",
                 figsize: tuple[float, float] = (6, 5)) -> None:
        import ipywidgets as w

        from wartools.widgets import MapCanvas
        from wartools.widgets.common import cell_options

        self.map = m if m is not None else fixture(SPINE_MAP).without_unit("at-gun")
        self.observer = w.Dropdown(options=cell_options(self.map), value=observer, description="observer")
        self.target = w.SelectionSlider(options=cell_options(self.map), value=target, description="target",
                                        continuous_update=False)
        self.range = w.IntSlider(value=coh_los.DEFAULT_SIGHT, min=1, max=6, description="range")
        self.mode = w.ToggleButtons(options=["sight", "fire"], value="sight", description="mode")
        self.indirect = w.Checkbox(value=False, description="HE (indirect)", indent=False)
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.result: Any = None
        self.hidden: list[str] = []
        self.canvas = MapCanvas(self.map, draw=self._draw, on_cell=self.on_cell, figsize=figsize)
        _detach(self.canvas)
        for c in (self.observer, self.target, self.range, self.mode, self.indirect):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HTML("<b>Move the target: when does the building block?</b>"),
                              w.HBox([w.VBox([self.observer, self.target, self.range, self.mode, self.indirect]),
                                      self.canvas.widget]), self.info])
        self.update()

    def on_cell(self, cell: Any) -> None:
        """A click on the map sets the target."""
        self.target.value = self.map.label(cell)

    def update(self) -> None:
        """Recompute the line and the hidden hexes, record them and redraw."""
        from wartools.widgets.common import pre

        # HE is about attacks: ticking it judges an attack line ("fire")
        mode = "fire" if self.indirect.value else self.mode.value
        opts = {"range": self.range.value, "mode": mode, "indirect": self.indirect.value}
        self.result = line_of_sight(self.map, self.observer.value, self.target.value, **opts)
        seen = set(viewshed(self.map, self.observer.value, **opts))
        near = self.map.grid.within(self.map.cell(self.observer.value), self.range.value)
        self.hidden = sorted(_labels(self.map, [c for c in near if c not in seen]))
        self.info.value = pre(self.result.text() + f"\nhidden within range {self.range.value}: "
                              + (", ".join(self.hidden) or "none"))
        self.history.append({"observer": self.observer.value, "target": self.target.value, **opts,
                             "status": self.result.status, "hidden": list(self.hidden)})
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_cells

        if self.hidden:
            highlight_cells(ax, m, self.hidden, color="#444444", alpha=0.4)
        if self.result is not None:
            draw_result(self.result, ax)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class MovementExperiment:
    """Which units get where? Unit type, cp already spent and a goal on the obstacle map.

    State: :attr:`reach` (the last :class:`~wartools.movement.Reach`),
    :attr:`result` (path to the goal), :attr:`history`. Company of Heroes 4.

    Examples
    --------
    >>> x = MovementExperiment()
    >>> x.goal.value = "C3"
    >>> x.history[-1]["reachable"]
    True
    >>> x.unit.value = "mortar-team"
    >>> x.history[-1]["reachable"]
    False
    """

    UNITS = ("infantry", "mg-team", "mortar-team", "at-team", "light-vehicle", "heavy-vehicle")

    def __init__(self, m: Map | None = None, start: str = "A3", goal: str = "E2",
                 figsize: tuple[float, float] = (6, 5)) -> None:
        import ipywidgets as w

        from wartools.widgets import MapCanvas
        from wartools.widgets.common import cell_options

        self.map = m if m is not None else fixture(OBSTACLE_MAP)
        self.start = start
        self.unit = w.Dropdown(options=list(self.UNITS), value="infantry", description="unit")
        self.spent = w.IntSlider(value=0, min=0, max=3, description="cp spent")
        self.goal = w.Dropdown(options=cell_options(self.map), value=goal, description="goal")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.reach: Any = None
        self.result: Any = None
        self.canvas = MapCanvas(self.map, draw=self._draw, on_cell=self.on_cell, figsize=figsize)
        _detach(self.canvas)
        for c in (self.unit, self.spent, self.goal):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HTML("<b>Where can this unit get this round?</b>"),
                              w.HBox([w.VBox([self.unit, self.spent, self.goal]), self.canvas.widget]),
                              self.info])
        self.update()

    def on_cell(self, cell: Any) -> None:
        """A click on the map sets the goal."""
        self.goal.value = self.map.label(cell)

    def budget(self) -> int:
        """cp left this round: the unit's allowance (with a speed die) minus what it spent."""
        r = reachable(self.map, self.start, self.unit.value, budget=0)
        if r.graph is None:
            raise RuntimeError("reachable() returned no movement graph")
        return max(0, r.graph.allowance - self.spent.value)

    def update(self) -> None:
        """Recompute the reachable hexes and the path to the goal, record and redraw."""
        from wartools.widgets.common import pre

        left = self.budget()
        self.reach = reachable(self.map, self.start, self.unit.value, budget=left)
        self.result = path(self.map, self.start, self.goal.value, self.unit.value)
        goal = self.map.cell(self.goal.value)
        ok = goal in self.reach.costs
        text = [f"{self.unit.value} from {self.start}: {self.reach.graph.rules.allowance_why()}, "
                f"{self.spent.value} spent, {left} left; {len(self.reach.costs)} hexes reachable"]
        if self.result.reachable:
            text.append(f"to {self.goal.value}: {' -> '.join(self.result.labels())} ({self.result.cost} cp)"
                        + ("" if ok else f" - not this round, only {left} cp left"))
            text += [f"  {s.why}" for s in self.result.steps if "building" in s.why]
        else:
            text.append(f"to {self.goal.value}: impossible: {self.result.why_not}")
        self.info.value = pre("\n".join(text))
        self.history.append({"unit": self.unit.value, "spent": self.spent.value, "budget": left,
                             "goal": self.goal.value, "reachable": ok,
                             "cost": self.result.cost if self.result.reachable else None,
                             "why_not": self.result.why_not, "reach": len(self.reach.costs)})
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import annotate_cells, heat_cells

        if self.reach is None:
            return
        heat_cells(ax, m, self.reach.costs, cmap="viridis_r")
        annotate_cells(ax, m, self.reach.costs)
        if self.result is not None and self.result.reachable:
            from wartools.render import draw_path
            draw_path(ax, m, self.result.cells)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class DefenseDiceExperiment:
    """How many defense dice does this unit get, and what are its odds?

    Controls: unit type, damage dice of each type, building, defense upgrade,
    health. State: :attr:`dice`, :attr:`breakdown`, :attr:`result` (the last
    :class:`~wartools.games.company_of_heroes.combat.DamageResult`) and
    :attr:`history`. Company of Heroes 5.1, 6, 6.1.

    Examples
    --------
    >>> x = DefenseDiceExperiment()
    >>> x.damage["AP"].value = 3
    >>> x.building.value = True
    >>> x.dice, x.history[-1]["expected"] < x.history[-2]["expected"]
    (5, True)
    """

    UNITS = ("infantry", "mg-team", "mortar-team", "at-team", "light-vehicle", "heavy-vehicle", "emplacement")

    def __init__(self) -> None:
        import ipywidgets as w

        self.unit = w.Dropdown(options=list(self.UNITS), value="infantry", description="target")
        self.damage = {t: w.IntSlider(value=0, min=0, max=5, description=t) for t in combat.DAMAGE_TYPES}
        self.building = w.Checkbox(value=False, description="in a building", indent=False)
        self.upgrade = w.Checkbox(value=False, description="defense upgrade", indent=False)
        self.health = w.IntSlider(value=4, min=1, max=8, description="health")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.dice = 0
        self.breakdown: dict[str, int] = {}
        self.result: Any = None
        for c in (self.unit, self.building, self.upgrade, self.health, *self.damage.values()):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HTML("<b>How many defense dice does this unit get?</b>"),
                              w.HBox([w.VBox([self.unit, *self.damage.values()]),
                                      w.VBox([self.building, self.upgrade, self.health])]), self.info])
        self.update()

    def damage_dice(self) -> dict[str, int]:
        """The damage dice set on the sliders."""
        return {t: s.value for t, s in self.damage.items()}

    def update(self) -> None:
        """Ask the library for the dice and the odds, record and show them."""
        from wartools.widgets.common import pre

        dmg = self.damage_dice()
        # only regular infantry and MG teams can be inside a building (Company of Heroes 4)
        kw = {"building": self.building.value and combat.can_be_in_building(self.unit.value),
              "upgrade": self.upgrade.value}
        self.breakdown = defense_breakdown(self.unit.value, dmg, **kw)
        self.dice = self.breakdown["total"]
        self.result = combat.resolve_damage(self.unit.value, dmg, health=self.health.value, **kw)
        row = combat.defense_row(self.unit.value)
        r = self.result
        lines = [f"defense matrix row ({combat.health_colour(self.unit.value)}): "
                 + ", ".join(f"{t} {row[t]}" for t in combat.DAMAGE_TYPES),
                 f"defense dice: {self.dice} = {self.breakdown['resistance']} resistance + "
                 f"{self.breakdown['building']} building + {self.breakdown['upgrade']} upgrade",
                 f"P(destroyed) = {r.destroyed} (~{float(r.destroyed):.1%}), expected loss "
                 f"{float(r.expected_damage):.2f}",
                 "health left: " + ", ".join(f"{k}: {float(p):.1%}" for k, p in sorted(r.figures_left.pmf().items()))]
        self.info.value = pre("\n".join(lines))
        self.history.append({"unit": self.unit.value, "damage": dmg, **kw, "health": self.health.value,
                             "dice": self.dice, "destroyed": r.destroyed, "expected": r.expected_damage})

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def experiments() -> dict[str, Callable[[], Any]]:
    """Factories of the three experiments, by topic.

    Examples
    --------
    >>> sorted(experiments())
    ['combat', 'los', 'movement']
    """
    return {"los": BuildingSightExperiment, "movement": MovementExperiment, "combat": DefenseDiceExperiment}
