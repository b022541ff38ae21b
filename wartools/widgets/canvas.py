"""Hosting a matplotlib map figure inside ipywidgets, with or without click support.

With the interactive ``ipympl`` backend (``%matplotlib widget``) the figure's
canvas *is* a widget and mouse clicks reach :meth:`MapCanvas.handle_click`.
With any other backend (inline, Agg in tests, a static export) the figure is
shown as a PNG in an :class:`ipywidgets.Image`, and the widgets that use it
offer dropdowns instead of clicks, never an error.
"""
from __future__ import annotations

import io
from collections.abc import Callable
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
                 on_cell: Callable[[Cell], None] | None = None, figsize: tuple[float, float] = (7, 6)) -> None:
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
            self.widget: w.Widget = canvas
        else:
            self.widget = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.redraw()

    def redraw(self) -> None:
        """Draw the map and the overlays again."""
        from wartools.render import draw_map

        self.ax.clear()
        draw_map(self.map, ax=self.ax)
        if self.draw_overlays is not None:
            self.draw_overlays(self.ax, self.map)
        if self.interactive:
            self.figure.canvas.draw_idle()
        else:
            buf = io.BytesIO()
            self.figure.savefig(buf, format="png", dpi=90, bbox_inches="tight")
            self.widget.value = buf.getvalue()

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
        if cell is not None and self.on_cell is not None:
            self.on_cell(cell)
        return cell
