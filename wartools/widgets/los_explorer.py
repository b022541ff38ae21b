"""``LOSExplorer(map)``: who can see whom from here, and why not?

Thin wiring over :mod:`wartools.los`: pick an observer (click the map with
``%matplotlib widget``, or use the dropdown) and its viewshed is shaded; pick
a target and the ruler is drawn green, orange or red with the cells and
hexsides that decided it, and the reasons listed with their rule sections.
Options: unit type, observer height, night, indirect (HE) fire, sight or
fire, and the dead ground of the observer's side.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.mapmodel import Map
from wartools.widgets.canvas import MapCanvas, beside_the_map
from wartools.widgets.common import NONE, cell_options, error, pre
from wartools.widgets.export import ExportBar

FROM_MAP = "(unit on cell)"


class LOSExplorer:
    """Widget: observer, target and options in; viewshed, ruler and reasons out.

    State for tests and users: :attr:`viewshed` (cells seen by the observer),
    :attr:`result` (the last :class:`~wartools.los.LOSResult` or ``None``),
    :attr:`dead_ground` (cells no unit of the observer's side can see, when
    the toggle is on) and :attr:`history` (one entry per update).

    ``describe(map, result)``, if given, adds its text under the answer for
    every line drawn: what the line means in a game's terms, e.g. the
    defence value and hit chance of a shot along it
    (:func:`wartools.games.conflict_of_heroes.shots.shot`).
    """

    def __init__(self, m: Map, observer: str | None = None, target: str | None = None,
                 figsize: tuple[float, float] | None = None,
                 describe: Callable[[Map, Any], str] | None = None) -> None:
        import wartools.los as los

        self.map, self._los, self.describe = m, los, describe
        first = observer or (m.label(m.units[0].cell) if m.units else m.label(m.grid.cells()[0]))
        self.observer = w.Dropdown(options=cell_options(m), value=first, description="observer")
        self.target = w.Dropdown(options=cell_options(m, blank=True), value=target or NONE,
                                 description="target")
        self.unit = w.Dropdown(options=[FROM_MAP, *m.game.unit_types.names], value=FROM_MAP,
                               description="unit")
        self.height = w.BoundedIntText(value=0, min=0, max=5, description="height +")
        self.mode = w.ToggleButtons(options=["sight", "fire"], value="sight", description="mode")
        self.night = w.Checkbox(value=False, description="night", indent=False)
        self.indirect = w.Checkbox(value=False, description="indirect (HE) fire", indent=False)
        self.dead = w.Checkbox(value=False, description="dead ground of this side", indent=False)
        self.click_sets = w.ToggleButtons(options=["observer", "target"], value="target",
                                          description="click sets")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.viewshed: Collection[Cell] = ()
        self.result: Any = None
        self.dead_ground: Collection[Cell] = ()
        self.canvas = MapCanvas(m, draw=self._draw, on_cell=self.on_cell, figsize=figsize)
        controls = [self.observer, self.target, self.unit, self.height, self.mode, self.night,
                    self.indirect, self.dead]
        self.export_bar = ExportBar(self.canvas, self.answer, default="line-of-sight.png")
        self.widget = beside_the_map(self.canvas, controls, self.click_sets, self.update, self.info,
                                     self.export_bar.widget)
        self.update()

    # --- plain logic --------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """:class:`~wartools.los.LOSSituation` fields from the controls."""
        opts: dict[str, Any] = {"observer_height": self.height.value, "mode": self.mode.value,
                                "night": self.night.value, "indirect": self.indirect.value}
        if self.unit.value != FROM_MAP:
            opts["unit"] = self.unit.value
        return opts

    def on_cell(self, cell: Cell) -> None:
        """A click on ``cell`` sets the target (or the observer, as the toggle says)."""
        if self.click_sets.value == "observer":
            self.observer.value = self.map.label(cell)
        else:
            self.target.value = self.map.label(cell)

    def answer(self) -> dict[str, Any]:
        """What is on screen as JSON data (what the export button writes beside the picture)."""
        label = self.map.label
        return {"map": self.map.name, "observer": self.observer.value, "options": self.options(),
                "seen": sorted(label(c) for c in self.viewshed),
                "line_of_sight": None if self.result is None else self.result.to_json(full=True),
                "dead_ground": sorted(label(c) for c in self.dead_ground) if self.dead.value else None}

    def observer_side(self) -> str | None:
        units = self.map.units_at(self.observer.value)
        return units[0].side if units else None

    def update(self) -> None:
        """Recompute viewshed, line and dead ground, and redraw."""
        los, opts = self._los, self.options()
        entry: dict[str, Any] = {"observer": self.observer.value, "target": self.target.value}
        try:
            self.viewshed = los.viewshed(self.map, self.observer.value, **opts)
            text = [f"{self.observer.value} sees {len(self.viewshed)} cells"]
            self.result = None
            if self.target.value != NONE:
                self.result = los.line_of_sight(self.map, self.observer.value, self.target.value, **opts)
                r = self.result
                text.append(f"{r.from_label} -> {r.to_label}: {r.status.upper()} (range {r.range})")
                mark = {"blocks": "decides: blocks", "hinders": "decides: hinders", "note": "note"}
                text += [f"  [{mark.get(x.effect, x.effect)}] {x.where} ({x.contact or 'rule'}): {x.rule}"
                         for x in r.reasons]
                text += [f"  {a.text()}" for a in r.assumptions]
                if self.describe is not None:
                    entry["described"] = self.describe(self.map, r)
                    text.append(entry["described"])
            self.dead_ground = ()
            if self.dead.value:
                side = self.observer_side()
                team = self.map.allies(side)          # the side and its teammates (the map's teams)
                eyes = [u.cell for u in self.map.units if u.side in team] or [self.map.cell(self.observer.value)]
                self.dead_ground = los.dead_ground(self.map, eyes, **opts)
                text.append(f"dead ground of {side or 'the observer'}: {len(self.dead_ground)} cells")
            self.info.value = pre("\n".join(text))
            entry.update(seen=len(self.viewshed), status=self.result.status if self.result else None)
        except WartoolsError as exc:
            self.viewshed, self.result, self.dead_ground = (), None, ()
            self.info.value = error(str(exc))
            entry["error"] = str(exc)
        self.history.append(entry)
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render.draw import shade
        from wartools.render.los import draw_los

        if self.viewshed:
            shade(ax, m, self.viewshed, "viewshed")
        if self.dead_ground:
            shade(ax, m, self.dead_ground, "dead-ground")
        shade(ax, m, [self.observer.value], "observer")
        if self.result is not None:
            draw_los(self.result, ax)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
