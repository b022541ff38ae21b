"""The interactive experiments of the Conflict of Heroes lesson, one per topic.

* line of sight (:class:`TargetExperiment`): move the target through the
  woods -- blocked or hindered, and what DV (Game Overview; LOS assumed)?
* movement (:class:`CapsReachExperiment`): spend CAPs -- how far can a squad
  get in one activation (3.0, 3.01, 3.21)?
* combat (:class:`FireExperiment`): how many CAPs to reach a 50 % hit chance
  (Game Overview, 3.2)?

Each keeps the state a test can read (its last result and a ``history`` of
dicts), and runs with or without an interactive matplotlib backend.
"""
from __future__ import annotations

import io
from collections.abc import Callable
from fractions import Fraction
from typing import Any, cast

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.games.conflict_of_heroes.combat import (TERRAIN_DEFENSE, TERRAIN_DEFENSE_ASSUMED, attack_value,
                                                      caps_needed, defense_value, hit_probability)
from wartools.lessons.conflict_of_heroes.activation import ACTIVATION_AP
from wartools.lessons.conflict_of_heroes.combat import caps_for_probability
from wartools.lessons.conflict_of_heroes.los import Shot, shot
from wartools.lessons.conflict_of_heroes.maps import move_map, woods_map
from wartools.lessons.conflict_of_heroes.movement import caps_to_reach
from wartools.mapmodel import Map
from wartools.movement import PathResult, Reach, path, reachable
from wartools.widgets.canvas import MapCanvas
from wartools.widgets.common import error, pre


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return buf.getvalue()


class _Shown:
    """An experiment shows its :attr:`widget` when it is the value of a notebook cell."""

    widget: Any

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class TargetExperiment(_Shown):
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
        self.canvas = MapCanvas(self.map, draw=self._draw, figsize=figsize)
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
        from wartools.render.los import draw_result

        if self.shot is not None:
            draw_result(self.shot.los, ax)


class CapsReachExperiment(_Shown):
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
        self.canvas = MapCanvas(self.map, draw=self._draw, figsize=figsize)
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
        from wartools.render.movement import draw_path_overlay, draw_reach

        if self.reach is not None:
            draw_reach(ax, m, self.start, budget=self.budget, unit=self.unit.value)
            draw_path_overlay(ax, m, self.start, self.goal.value, unit=self.unit.value)


class FireExperiment(_Shown):
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
        xs = cast("list[int]", list(dist.outcomes))  # attack values are ints; Dist types outcomes as Hashable
        ax.bar(xs, [float(dist[x]) for x in xs], color=["#1a9e1a" if x >= self.defense else "#999999" for x in xs])
        ax.axvline(self.defense - 0.5, color="#b00", linestyle="--")
        ax.set_xlabel("attack value (green: hit)")
        ax.set_ylabel("P")
        ax.set_title(f"DV {self.defense}: P(hit) {float(self.probability):.1%}", fontsize=9)
        self.image.value = _png(fig)
        plt.close(fig)


def experiments() -> dict[str, Callable[[], Any]]:
    """Experiment factories by topic: ``{"los": TargetExperiment, "movement": ..., "combat": ...}``."""
    return {"los": TargetExperiment, "movement": CapsReachExperiment, "combat": FireExperiment}
