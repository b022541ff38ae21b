"""``ScanCalibrator(image)``: fit the grid of a player's own board picture.

Type a cell's label, then click that cell's centre on the picture (with
``%matplotlib widget``), for three or more cells far apart; or type the points as
lines of ``LABEL X Y``. *Fit* finds the grid by least squares
(:func:`wartools.calibrate.fit_grid`), reports the residual in pixels and draws the
fitted grid over the picture; a fit beyond tolerance is refused and names the point
to check. :meth:`ScanCalibrator.editor` then opens a :class:`MapEditor` with the scan
under a blank board of the fitted size, ready to paint; the map records the picture and
where it lies (its ``image`` entry), so the saved map shows the scan again.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import ipywidgets as w
import numpy as np

from wartools.limits import shown
from wartools.calibrate import DEFAULT_TOLERANCE, Calibration, CalibrationError, fit_grid, load_image
from wartools.errors import WartoolsError
from wartools.grids.labels import SCHEMES
from wartools.widgets.canvas import interactive_backend, show_figure, widget_figure

from wartools.widgets.common import error, pre

DETECT = "detect"


class ScanCalibrator:
    """Widget: a picture and picked centres in; the fitted grid, its residual and an overlay out.

    State for tests and users: :attr:`calibration` (the last accepted fit or ``None``),
    :attr:`refused` (the last :class:`~wartools.calibrate.CalibrationError` or ``None``).
    """

    def __init__(self, image: np.ndarray | str | os.PathLike[str], grid: str = "hex",
                 labels: str = "column-letter", figsize: tuple[float, float] = (7, 6)) -> None:
        self.source = None if isinstance(image, np.ndarray) else Path(image)
        self.image = image if isinstance(image, np.ndarray) else load_image(image)
        self.calibration: Calibration | None = None
        self.refused: CalibrationError | None = None
        self.grid = w.Dropdown(options=["hex", "square"], value=grid, description="grid")
        self.labels = w.Dropdown(options=list(SCHEMES), value=labels, description="labels")
        self.orientation = w.Dropdown(options=[DETECT, "flat", "pointy"], value=DETECT, description="hexes")
        self.offset = w.Dropdown(options=[DETECT, "odd", "even"], value=DETECT, description="offset")
        self.tolerance = w.BoundedFloatText(value=DEFAULT_TOLERANCE, min=0.01, max=0.99, step=0.05,
                                            description="tolerance", tooltip="fraction of the cell pitch")
        self.columns = w.BoundedIntText(value=0, min=0, max=999, description="columns",
                                        tooltip="0: as many as have their centre in the picture")
        self.rows = w.BoundedIntText(value=0, min=0, max=999, description="rows",
                                     tooltip="0: as many as have their centre in the picture")
        self.label = w.Text(value="", placeholder="C4", description="next label")
        self.points = w.Textarea(value="", placeholder="C4 120 340\nH2 410 95\n...", description="points",
                                 layout=w.Layout(height="8em"))
        self.fit_button = w.Button(description="fit", button_style="primary")
        self.fit_button.on_click(lambda _b: self.fit())
        self.info = w.HTML()
        self.interactive = interactive_backend()
        self.figure = widget_figure(figsize, self.interactive, dpi=None)
        self.ax = self.figure.add_subplot()
        if self.interactive:
            canvas = self.figure.canvas
            canvas.mpl_connect("button_press_event", self._on_press)
            self.view: w.Widget = canvas
        else:
            self.view = w.Image(format="png", layout=w.Layout(max_width="100%"))
        controls = [self.grid, self.labels, self.orientation, self.offset, self.columns, self.rows,
                    self.tolerance, self.label,
                    self.points, self.fit_button]
        self.widget = w.VBox([w.HBox([w.VBox(controls), self.view]), self.info])
        self.redraw()

    # --- plain logic ----------------------------------------------------------------------
    def add_point(self, label: str, x: float, y: float) -> None:
        """Add a picked centre (what a click does, with the label typed before it)."""
        line = f"{label.strip()} {x:.1f} {y:.1f}"
        self.points.value = (self.points.value.rstrip("\n") + "\n" + line).lstrip("\n")
        self.label.value = ""
        self.redraw()

    def picked(self) -> list[tuple[str, float, float]]:
        """The points typed or clicked so far; a malformed line raises :class:`CalibrationError`."""
        out = []
        for n, line in enumerate(self.points.value.splitlines(), 1):
            parts = line.replace(",", " ").split()
            if not parts:
                continue
            try:
                label, x, y = parts
                out.append((label, float(x), float(y)))
            except ValueError:
                raise CalibrationError(f"points line {n}: {shown(line.strip())} is not 'LABEL X Y'") from None
        return out

    def fit(self) -> Calibration | None:
        """Fit the grid to the points; show the result, or why it was refused (never raise)."""
        self.refused = None
        try:
            self.calibration = fit_grid(
                self.picked(), grid=self.grid.value, labels=self.labels.value,
                orientation=None if self.orientation.value == DETECT else self.orientation.value,
                offset=None if self.offset.value == DETECT else self.offset.value,
                tolerance=self.tolerance.value)
            h, wd = self.image.shape[:2]
            cols, rows = self.calibration.suggest_size(wd, h)
            self.calibration = self.calibration.resized(self.columns.value or cols, self.rows.value or rows)
            cal = self.calibration
            self.info.value = pre(cal.text() + f"\nboard: {cal.columns} columns x {cal.rows} rows "
                                               f"({cols} x {rows} have their centre in the picture)")
        except CalibrationError as exc:
            self.calibration, self.refused = None, exc
            self.info.value = error(str(exc))
        except WartoolsError as exc:
            self.calibration = None
            self.info.value = error(str(exc))
        self.redraw()
        return self.calibration

    def editor(self, game: str, name: str = "Scanned board", **kw: Any) -> Any:
        """A :class:`~wartools.widgets.editor.MapEditor` on a blank board with the scan under it."""
        from wartools.widgets.editor import MapEditor

        if self.calibration is None:
            raise CalibrationError("fit the grid first (at least 3 labelled centres)")
        scan = self.source if self.source is not None else self.image  # a file is recorded in the map
        return MapEditor.from_scan(scan, self.calibration, game, name=name, **kw)

    def redraw(self) -> None:
        """The picture, with the fitted (or refused) grid and the picked points."""
        from wartools.render import overlay_legend
        from wartools.render.scan import draw_scan
        from wartools.render.style import MEANINGS

        self.ax.clear()
        self.ax.__dict__.pop("_wartools_overlays", None)  # overlay_legend's entries of the last picture
        fit = self.calibration or (self.refused.fit if self.refused is not None else None)
        if fit is not None:
            draw_scan(self.image, fit, ax=self.ax, meaning="fitted-grid" if self.calibration else "refused-fit")
        else:
            self.ax.imshow(self.image, gid="scan")
            self.ax.set_axis_off()
            try:
                pts = self.picked()
            except CalibrationError:
                pts = []
            if pts:
                picked = MEANINGS["picked"]
                self.ax.scatter([p[1] for p in pts], [p[2] for p in pts], marker=picked.marker, s=60,
                                color=picked.colour, gid="picked")
                overlay_legend(self.ax, "picked")
        show_figure(self.figure, self.view, self.interactive, dpi=90)

    def _on_press(self, event: Any) -> None:
        if getattr(event, "inaxes", self.ax) is not self.ax or event.xdata is None:
            return
        if not self.label.value.strip():
            self.info.value = error("type the label of the cell first, then click its centre")
            return
        self.add_point(self.label.value, event.xdata, event.ydata)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
