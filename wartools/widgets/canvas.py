"""Hosting a matplotlib map figure inside ipywidgets, with or without click support.

With the interactive ``ipympl`` backend (``%matplotlib widget``) the figure's
canvas *is* a widget and mouse clicks reach :meth:`MapCanvas.handle_click`.
With any other backend (inline, Agg in tests, a static export) the figure is
shown as a PNG in an :class:`ipywidgets.Image`, and the widgets that use it
offer dropdowns instead of clicks, never an error.
"""
from __future__ import annotations

import html
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import matplotlib

from wartools.grids.base import Cell
from wartools.mapmodel import Map


def interactive_backend() -> bool:
    """True when matplotlib draws into ipympl widgets (``%matplotlib widget``)."""
    return "ipympl" in matplotlib.get_backend().lower() or "widget" in matplotlib.get_backend().lower()


class MapCanvas:
    """A redrawable map figure that turns clicks into cells.

    Parameters
    ----------
    m
        The map to draw.
    draw
        ``draw(ax, m)`` adds overlays after the map itself is drawn.
    on_cell
        Called with the clicked cell (only on an interactive backend, or when a
        test calls :meth:`handle_click`).
    """

    def __init__(self, m: Map, draw: Callable[[Any, Map], None] | None = None,
                 on_cell: Callable[[Cell], None] | None = None,
                 figsize: tuple[float, float] | None = None) -> None:
        figsize = figsize or readable_figsize(m)
        self.map = m
        self.draw_overlays = draw
        self.on_cell = on_cell
        self.interactive = interactive_backend()
        if self.interactive:
            import matplotlib.pyplot as plt

            with plt.ioff():  # ipympl needs a pyplot figure for its canvas widget
                self.figure = plt.figure(figsize=figsize)
        else:
            from matplotlib.figure import Figure

            # not registered with pyplot, so a later plt.show() does not draw it again
            self.figure = Figure(figsize=figsize)
        self.ax = self.figure.add_subplot()
        if self.interactive:
            canvas = self.figure.canvas
            # ipympl's Canvas widget attributes; matplotlib types figure.canvas as FigureCanvasBase
            canvas.header_visible = False  # type: ignore[attr-defined]
            canvas.toolbar_visible = False  # type: ignore[attr-defined]
            canvas.mpl_connect("button_press_event", self.handle_click)
            canvas.mpl_connect("motion_notify_event", self.handle_hover)
            self.widget: w.Widget = canvas
        else:
            self.widget = w.Image(format="png", layout=w.Layout(max_width="100%"))
        #: what is under the mouse (interactive backend), or the last clicked cell
        self.hover = w.HTML(layout=w.Layout(min_height="1.6em"))
        #: the picture with the hover line under it (what widgets place in their layout)
        self.view = w.VBox([self.widget, self.hover])
        self.redraw()

    def redraw(self) -> None:
        """Draw the map and the overlays again."""
        from wartools.render import draw_map

        self.ax.clear()
        draw_map(self.map, ax=self.ax)
        if self.draw_overlays is not None:
            self.draw_overlays(self.ax, self.map)
        self.show()

    def show(self) -> None:
        """Put what is drawn on the axes on screen (the ipympl canvas, or the PNG fallback)."""
        self.ax.format_coord = self.describe_xy  # type: ignore[method-assign]  # matplotlib documents overriding it
        if self.interactive:
            self.figure.canvas.draw_idle()
        else:
            buf = io.BytesIO()
            self.figure.savefig(buf, format="png", dpi=PNG_DPI, bbox_inches="tight")
            self.widget.value = buf.getvalue()

    def describe_xy(self, x: float | None, y: float | None) -> str:
        """What the status line says for the mouse at data ``(x, y)``: the cell and what is there
        (matplotlib's ``format_coord``, so the ipympl footer shows it instead of raw x, y)."""
        cell = self.cell_at(x, y)
        return "" if cell is None else describe_cell(self.map, cell)

    def handle_hover(self, event: Any) -> str:
        """The mpl ``motion_notify_event`` handler: show the cell under the mouse."""
        text = self.describe_xy(event.xdata, event.ydata) if getattr(event, "inaxes", None) is self.ax else ""
        self.hover.value = html.escape(text)
        return text

    def export(self, path: str | os.PathLike[str]) -> Path:
        """Write the current picture (PNG or SVG, by the suffix) atomically."""
        from wartools.render import save_figure

        return save_figure(self.figure, path)

    def cell_at(self, x: float | None, y: float | None) -> Cell | None:
        """The on-board cell under data coordinates ``(x, y)``, if any."""
        if x is None or y is None:
            return None
        cell = self.map.grid.layout().to_cell(x, y)
        return cell if cell in self.map.grid else None

    def handle_click(self, event: Any) -> Cell | None:
        """The mpl ``button_press_event`` handler (tests call it with a stand-in event)."""
        if getattr(event, "inaxes", self.ax) is not self.ax:
            return None
        cell = self.cell_at(event.xdata, event.ydata)
        if cell is not None:
            self.hover.value = html.escape(describe_cell(self.map, cell))
            if self.on_cell is not None:
                self.on_cell(cell)
        return cell


#: labels of about 10 px or more: the PNG fallback's resolution and the map's scale
PNG_DPI = 110
INCHES_PER_CELL = 0.62


def readable_figsize(m: Map) -> tuple[float, float]:
    """A figure size at which the map's cell labels read at 9 px or more (about 0.6 inch a
    cell), capped so a large board still fits a notebook column."""
    xs, ys = zip(*(p for c in m.grid.cells() for p in m.grid.layout().polygon(c)))
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    scale = min(INCHES_PER_CELL, 11.0 / max(x1 - x0, 1e-9))
    return (max(5.0, (x1 - x0) * scale + 2.2), max(4.0, (y1 - y0) * scale))


def describe_cell(m: Map, cell: Cell) -> str:
    """One line saying what is on a cell: label, terrain, level, features, units.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 3, 3, terrain={"B2": "woods"}, elevation={"B2": 1},
    ...              features={"B2": ["foxhole"]}, units=[("us-1", "US", "rifle", "B2")])
    >>> describe_cell(m, m.cell("B2"))
    'B2: woods, level 1, foxhole; us-1 (US rifle)'
    """
    parts = [m.terrain_at(cell)]
    level = m.elevation.get(cell, 0)
    if level:
        parts.append(f"level {level}")
    parts += list(m.features_at(cell))
    text = f"{m.label(cell)}: {', '.join(parts)}"
    units = m.units_at(cell)
    if units:
        text += "; " + ", ".join(f"{u.id} ({u.side} {u.type})" for u in units)
    return text
