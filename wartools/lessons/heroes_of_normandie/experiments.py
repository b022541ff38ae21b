"""Interactive experiments of the Heroes of Normandie lesson (ipywidgets).

One per topic, each recording what the learner tried: :class:`ContourExperiment`
(1.1 Contour Line, Orders Option Smoke: when does the red line cut the range?),
:class:`HedgehogExperiment` (1.3 Czech Hedgehogs, 4.2 Tank Gear: where can a
vehicle go?) and :class:`BunkerShotExperiment` (1.1 Universal and Directional
Defensive Bonus, 3.2 Hawkeyed: which side of the bunker does a shot cross?).
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from wartools.lessons.heroes_of_normandie.combat import shot_odds, shot_sides
from wartools.lessons.heroes_of_normandie.maps import bluff_map, bunker_map, dog_red
from wartools.lessons.heroes_of_normandie.movement import UNITS
from wartools.los import LOSResult, line_of_sight
from wartools.mapmodel import Map
from wartools.movement import reachable


def _canvas(m: Map, draw: Callable[[Any, Map], None], figsize: tuple[float, float]) -> Any:
    from wartools.widgets import MapCanvas

    return MapCanvas(m, draw=draw, figsize=figsize)


class _Experiment:
    """What every experiment shares: a notebook shows it as its :attr:`widget`."""

    widget: Any

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class _ShotExperiment(_Experiment):
    """An experiment that draws its last LoS answer, :attr:`result`, on its map."""

    result: LOSResult | None

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render.los import draw_result

        if self.result is not None:
            draw_result(self.result, ax)


class ContourExperiment(_ShotExperiment):
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


class HedgehogExperiment(_Experiment):
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


class BunkerShotExperiment(_ShotExperiment):
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


def experiments() -> dict[str, Callable[..., Any]]:
    """The experiment factories by topic (call one to get a fresh widget)."""
    return {"los": ContourExperiment, "movement": HedgehogExperiment, "combat": BunkerShotExperiment}
