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
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import matplotlib

from wartools.grids.base import Cell
from wartools.mapmodel import Map
from wartools.render.draw import LABEL_Z

if TYPE_CHECKING:
    from matplotlib.figure import Figure


#: labels of about 10 px or more: the PNG fallback's resolution and the map's scale
PNG_DPI = 110


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
        self._static: set[Any] | None = None  # the map's own artists, drawn once per map
        self._overlays: list[Any] = []  # what ``draw`` added last time
        self._drawing = self._shown = False  # drawing our cached layers / ipympl has shown a picture
        self._layers: tuple[Any, Any, Any] | None = None  # (size key, map background, labels layer)
        self.map = m
        self.draw_overlays = draw
        self.on_cell = on_cell
        self.interactive = interactive_backend()
        self.figure = widget_figure(figsize, self.interactive)
        self.ax = self.figure.add_axes(map_frame(self.figure))
        self.ax.set_anchor("SW")  # the map hugs its title above, the key beside it and the colour bar below
        if self.interactive:
            canvas = self.figure.canvas
            canvas.mpl_connect("button_press_event", self.handle_click)
            canvas.mpl_connect("motion_notify_event", self.handle_hover)
            canvas.mpl_connect("draw_event", self._on_draw)
            self.widget: w.Widget = canvas
        else:
            self.widget = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        #: what is under the mouse (interactive backend), or the last clicked cell
        self.hover = w.HTML(layout=w.Layout(min_height="1.6em"))
        #: the picture with the hover line under it (what widgets place in their layout)
        self.view = w.VBox([self.widget, self.hover])
        self.redraw()

    @property
    def map(self) -> Map:
        """The map shown; setting another map has the next :meth:`redraw` draw it afresh."""
        return self._map

    @map.setter
    def map(self, m: Map) -> None:
        if getattr(self, "_map", None) is not m:
            self._static = None
        self._map = m

    def redraw(self) -> None:
        """Show the overlays again: the map is drawn once; each call removes the previous
        overlay artists, lets ``draw`` add new ones and repaints only what changed (the
        cached map under them, the overlays, then the cached labels and counters above)."""
        from wartools.render import draw_map

        self.reset_frame()
        fresh = self._static is None
        if fresh:
            self.ax.clear()
            draw_map(self.map, ax=self.ax, legend=False)   # as before: no map key in the widget (its overlays are keyed)
            self.ax.format_coord = self.describe_xy  # type: ignore[method-assign]  # matplotlib documents overriding it
            self._title = self.ax.get_title()
            self._limits = (self.ax.get_xlim(), self.ax.get_ylim())
            self._static = set(self.ax.get_children())
            self._layers = None
        else:
            for artist in self._overlays:
                artist.remove()
            self.ax.title.set_text(self._title)
            self.ax.set_xlim(*self._limits[0])
            self.ax.set_ylim(*self._limits[1])
        if self.draw_overlays is not None:
            self.draw_overlays(self.ax, self.map)
        self.settle_frame()
        self._overlays = [a for a in self.ax.get_children() if a not in (self._static or set())]
        if self.interactive:
            # the first picture goes the ordinary way (ipympl sizes its view from it); later
            # ones are composed here and sent as they are
            if not fresh and self._shown and self._paint():
                # a whole picture, not a difference from the last one: a browser that missed or
                # reordered a frame would otherwise keep pieces of older pictures (labels, keys)
                self.figure.canvas._force_full = True  # type: ignore[attr-defined]  # webagg's flag
                self.figure.canvas.blit(self.figure.bbox)
                # what is on screen is up to date: left stale, ipykernel's post_execute (fired after
                # every comm message, the click's too) has pyplot ask the browser for a second, full
                # draw, a second frame about half a second later
                self.figure.stale = False
            else:
                self.figure.canvas.draw_idle()
        else:
            self._show_png(self.png())

    def reset_frame(self) -> None:
        """Undo what the last picture did to the layout: its colour bars removed, the map back in its
        fixed place, its overlay key forgotten (the next picture keys only what it draws)."""
        for extra in self.figure.axes:
            if extra is not self.ax:  # a colour bar the last overlays added
                extra.remove()
        self.ax.set_position(map_frame(self.figure))  # and the room it took from the map
        self.ax.__dict__.pop("_wartools_overlays", None)  # overlay_legend's entries so far

    def settle_frame(self) -> None:
        """After drawing: the map stays in its fixed place (a colour bar takes no room from it) and a
        colour bar goes in the fixed strip under the map, so the picture never moves under the mouse."""
        self.ax.set_position(map_frame(self.figure))
        bars = [a for a in self.figure.axes if a is not self.ax]
        if not bars:
            return
        self.ax.apply_aspect()
        box, (width, height) = self.ax.get_position(), self.figure.get_size_inches()
        for i, bar in enumerate(bars):
            bar.set_position((box.x0 + 0.15 * box.width, (BAR_Y + i * 0.55) / height, 0.7 * box.width,
                              BAR_HEIGHT / height))

    def show(self, dpi: float = PNG_DPI) -> None:
        """Draw everything on the axes afresh and put it on screen (the ipympl canvas, or the PNG
        fallback at ``dpi``, at the figure's own size): for canvases that draw their own picture
        instead of calling :meth:`redraw` (they call :meth:`reset_frame` before drawing)."""
        self.ax.format_coord = self.describe_xy  # type: ignore[method-assign]  # matplotlib documents overriding it
        self._static = None  # what is on the axes is no longer the cached map
        self.settle_frame()
        if self.interactive:
            show_figure(self.figure, self.widget, self.interactive, dpi)
        else:
            self._show_png(figure_png(self.figure, dpi, tight=False))

    def _show_png(self, png: bytes) -> None:
        """The PNG fallback shows ``png`` at its own size (a box stretching it would blur it)."""
        self.widget.value = png
        self.widget.layout.width = f"{png_width(png)}px"

    # --- painting only what changed ----------------------------------------------------------
    def _on_draw(self, _event: Any) -> None:
        """A draw the browser asked for (not one of ours): from now on pictures can be sent."""
        if not self._drawing:
            self._shown = True

    def _paint(self) -> bool:
        """Compose the picture in the canvas' buffer: cached map, overlays, cached labels and
        counters, title. False when the canvas cannot (then a full draw is needed)."""
        import numpy as np

        canvas = self.figure.canvas
        if not hasattr(canvas, "copy_from_bbox"):
            return False
        key = (self.figure.dpi, tuple(self.figure.bbox.bounds), tuple(self.ax.get_position().bounds))
        if self._layers is None or self._layers[0] != key:
            self._layers = (key, *self._cache_layers())
        _, base, top = self._layers
        renderer = canvas.get_renderer()  # type: ignore[attr-defined]
        canvas.restore_region(base)  # type: ignore[attr-defined]
        below = sorted((a for a in self._overlays if a.get_zorder() < LABEL_Z), key=lambda a: a.get_zorder())
        above = sorted((a for a in self._overlays if a.get_zorder() >= LABEL_Z), key=lambda a: a.get_zorder())
        for artist in below:
            artist.draw(renderer)
        where, rgb, alpha = top  # alpha-blend the labels and counters over what is there
        pixels = np.asarray(renderer.buffer_rgba())
        pixels[where + (slice(0, 3),)] = (rgb * alpha + pixels[where + (slice(0, 3),)] * (1 - alpha)).astype(np.uint8)
        self.ax.title.set_y(1.0)  # right above the map (its axes have no ticks to clear)
        for artist in [*above, self.ax.title, *self.figure.axes[1:]]:
            artist.draw(renderer)
        return True

    def _cache_layers(self) -> tuple[Any, Any]:
        """Draw the map without overlays, labels and counters (kept as the background region),
        then the labels and counters alone on a transparent canvas (kept as an image)."""
        import numpy as np

        canvas, static = self.figure.canvas, self._static or set()
        hidden = [a for a in [*self._overlays, self.ax.title, *self.figure.axes[1:]] if a.get_visible()]
        hidden += [a for a in static if a.get_zorder() >= LABEL_Z and a.get_visible()]
        for artist in hidden:
            artist.set_visible(False)
        try:
            self._drawing = True
            # render only: ipympl's own draw() would also send this half-made frame to the browser,
            # and two frames sent back to back can leave the browser showing the wrong one
            from matplotlib.backends.backend_agg import FigureCanvasAgg

            FigureCanvasAgg.draw(canvas) if isinstance(canvas, FigureCanvasAgg) else canvas.draw()
            base = canvas.copy_from_bbox(self.figure.bbox)  # type: ignore[attr-defined]
        finally:
            self._drawing = False
            for artist in hidden:
                artist.set_visible(True)
        renderer = canvas.get_renderer()  # type: ignore[attr-defined]
        renderer.clear()
        for artist in sorted((a for a in static if a.get_zorder() >= LABEL_Z and a.get_visible()),
                             key=lambda a: a.get_zorder()):
            artist.draw(renderer)
        layer = np.asarray(renderer.buffer_rgba())
        where = np.nonzero(layer[..., 3])
        alpha = layer[where][:, 3:4].astype(np.float32) / 255
        rgb = layer[where][:, :3].astype(np.float32)  # Agg's buffer is not premultiplied
        return base, (where, rgb, alpha)

    def png(self) -> bytes:
        """The current picture as PNG bytes, cropped to what is drawn (the PNG fallback)."""
        import numpy as np
        from PIL import Image

        if not self._paint():
            return figure_png(self.figure)
        pixels = np.asarray(self.figure.canvas.get_renderer().buffer_rgba())  # type: ignore[attr-defined]
        ink = pixels[..., :3].min(axis=2) < 250
        rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
        if len(rows):
            (r0, r1), (c0, c1), pad = (rows[0], rows[-1]), (cols[0], cols[-1]), 8
            pixels = pixels[max(r0 - pad, 0):r1 + pad + 1, max(c0 - pad, 0):c1 + pad + 1]
        buf = io.BytesIO()
        Image.fromarray(pixels).save(buf, format="png", compress_level=1)
        return buf.getvalue()

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


#: how much figure a cell gets (labels of about 9 px)
INCHES_PER_CELL = 0.62
#: a map widget's figure width in inches at most (map and key): about 1,100 px, so a widget with
#: its control column fits a 1,500 px page (the Voila app's line-of-sight key was cut off at 13.7)
WIDGET_WIDTH = 11.0
#: a widget figure's fixed frame, in inches: the key's column right of the map, the title's room
#: above it, the strip below it for the victory line and a colour bar, and the bar's place there
KEY_WIDTH, TITLE_ROOM, BAR_ROOM, MARGIN = 2.5, 0.6, 0.85, 0.1
BAR_Y, BAR_HEIGHT = 0.45, 0.11


def map_frame(figure: Figure) -> tuple[float, float, float, float]:
    """Where a widget's map goes in its figure (figure fractions): the same place for every picture,
    so a click lands on the hex under the mouse however often the picture changed.

    Examples
    --------
    >>> figure = widget_figure((8.0, 6.0), interactive=False)
    >>> [round(v, 3) for v in map_frame(figure)]
    [0.013, 0.142, 0.662, 0.758]
    """
    width, height = (float(v) for v in figure.get_size_inches())
    return (MARGIN / width, BAR_ROOM / height, max(width - KEY_WIDTH - 2 * MARGIN, 1.0) / width,
            max(height - TITLE_ROOM - BAR_ROOM, 1.0) / height)


def png_width(png: bytes) -> int:
    """The width in pixels of PNG bytes (from the header).

    Examples
    --------
    >>> png_width(figure_png(widget_figure((2.0, 3.0), interactive=False), dpi=110, tight=False))
    220
    """
    return int.from_bytes(bytes(png[16:20]), "big")


def widget_figure(figsize: tuple[float, float], interactive: bool, dpi: float | None = PNG_DPI) -> Figure:
    """A figure for a widget: on ipympl a pyplot figure whose canvas is the widget (header and
    toolbar hidden); otherwise one with an Agg canvas, not registered with pyplot (so a later
    ``plt.show()`` does not draw it again) and cacheable as pixels.

    ``dpi=None`` takes matplotlib's default.

    Examples
    --------
    >>> figure = widget_figure((4.0, 3.0), interactive=False)
    >>> figure.dpi, type(figure.canvas).__name__
    (110, 'FigureCanvasAgg')
    """
    if interactive:
        import matplotlib.pyplot as plt

        with plt.ioff():  # ipympl needs a pyplot figure for its canvas widget
            figure = plt.figure(figsize=figsize)
        # ipympl's Canvas widget attributes; matplotlib types figure.canvas as FigureCanvasBase
        figure.canvas.header_visible = False  # type: ignore[attr-defined]
        figure.canvas.toolbar_visible = False  # type: ignore[attr-defined]
        figure.canvas.footer_visible = False  # type: ignore[attr-defined]  # the widgets' own hover line says it
        return figure
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=figsize, dpi=dpi)
    FigureCanvasAgg(figure)
    return figure


def figure_png(figure: Figure, dpi: float = PNG_DPI, tight: bool = True) -> bytes:
    """The whole figure as PNG bytes at ``dpi`` (what the PNG fallback shows): cropped to what is
    drawn, or (``tight=False``) the figure as laid out, the same size every time."""
    buf = io.BytesIO()
    figure.savefig(buf, format="png", dpi=dpi, bbox_inches="tight" if tight else None)
    return buf.getvalue()


def show_figure(figure: Figure, view: Any, interactive: bool, dpi: float = PNG_DPI) -> None:
    """Put ``figure`` on screen: ask the ipympl canvas to draw it (``interactive``), or set the
    PNG fallback ``view`` (an ``ipywidgets.Image``) to it at ``dpi``.

    Examples
    --------
    >>> import ipywidgets as w
    >>> figure, view = widget_figure((2.0, 2.0), interactive=False), w.Image(format="png")
    >>> show_figure(figure, view, interactive=False)
    >>> bytes(view.value[:4])
    b'\\x89PNG'
    """
    if interactive:
        figure.canvas.draw_idle()
    else:
        view.value = figure_png(figure, dpi)


def beside_the_map(canvas: MapCanvas, controls: list[Any], click_sets: Any, on_change: Callable[[], None],
                   *below: Any) -> w.VBox:
    """The explorers' layout: ``controls`` in a column beside the map (with ``click_sets``, the
    what-a-click-sets toggle, when the canvas takes clicks), ``below`` under both; a change of
    any control calls ``on_change``.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> canvas, night, seen = MapCanvas(tiny_map("combat-infantry", 3, 3)), w.Checkbox(), []
    >>> box = beside_the_map(canvas, [night], w.ToggleButtons(options=["a", "b"]), lambda: seen.append(1), w.HTML())
    >>> night.value = True
    >>> seen, len(box.children)
    ([1], 2)
    """
    for control in controls:
        control.observe(lambda _change: on_change(), names="value")
    column = [*controls, click_sets] if canvas.interactive else list(controls)
    return w.VBox([w.HBox([w.VBox(column), canvas.view]), *below])


def readable_figsize(m: Map, width: float = WIDGET_WIDTH) -> tuple[float, float]:
    """A figure size at which the map's cell labels read at 9 px or more (about 0.6 inch a
    cell), capped so a large board still fits a notebook column: the whole figure, key
    included, at most ``width`` inches wide.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> w, h = readable_figsize(tiny_map("combat-infantry", 30, 20), width=8.3)
    >>> round(w, 1)
    8.3
    """
    xs, ys = zip(*(p for c in m.grid.cells() for p in m.grid.layout().polygon(c)))
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    scale = min(INCHES_PER_CELL, (width - KEY_WIDTH - 2 * MARGIN) / max(x1 - x0, 1e-9))
    return (max(5.0, (x1 - x0) * scale + KEY_WIDTH + 2 * MARGIN),
            max(4.0, (y1 - y0) * scale) + TITLE_ROOM + BAR_ROOM)


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
