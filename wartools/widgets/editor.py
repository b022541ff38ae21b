"""``MapEditor(map or file)``: paint a board, draw its hexsides, place units and save it.

Thin wiring over :class:`wartools.mapmodel.edit.EditSession`: pick a tool, then click
(or drag) on the map with ``%matplotlib widget``; without an interactive backend pick
a cell from the dropdown and press *apply*. Tools: *terrain* and *elevation* paint
cells (a drag is one undo step), *edge* toggles the chosen feature on the hexside or
interspace nearest the click, *unit* places a unit on an empty cell, selects the unit
on a full one and moves the selected unit to the next cell clicked, *objective*
puts an objective on a cell or takes it away. Every edit is checked as loading a file
would check it; a refused edit is shown in red and the map stays as it was. With a
:class:`~wartools.calibrate.Calibration`, the player's scan is drawn under the map.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import ipywidgets as w
import numpy as np

from wartools.calibrate import Calibration, load_image, map_picture
from wartools.errors import WartoolsError
from wartools.grids.base import Cell
from wartools.mapmodel import Map
from wartools.mapmodel.edit import EditSession, blank_map
from wartools.mapmodel.model import OBJECTIVE_KINDS
from wartools.widgets.canvas import MapCanvas, readable_figsize
from wartools.widgets.common import cell_options, error, pre

TOOLS = ("terrain", "elevation", "edge", "unit", "objective")
#: the editor's figure width in inches (map and key), about 830 px at matplotlib's 100 dpi
EDITOR_WIDTH = 8.3
PAINTING = ("terrain", "elevation")


class MapEditor:
    """Widget: a map editor whose every action is a method the tests call.

    Parameters
    ----------
    source
        A :class:`~wartools.mapmodel.Map`, an :class:`EditSession` or a map file's path.
    scan, calibration
        A picture of the board (an array or a PNG/JPEG path) and its fitted grid, drawn
        under the map.

    State for tests and users: :attr:`session` (the map, its history and log),
    :attr:`selected` (the unit the *unit* tool will move) and :attr:`last_edge`.
    """

    def __init__(self, source: Map | EditSession | str | os.PathLike[str], *,
                 scan: np.ndarray | str | os.PathLike[str] | None = None,
                 calibration: Calibration | None = None, figsize: tuple[float, float] | None = None) -> None:
        if isinstance(source, EditSession):
            self.session = source
        elif isinstance(source, Map):
            self.session = EditSession(source)
        else:
            self.session = EditSession.open(source)
        self.scan = load_image(scan) if isinstance(scan, (str, os.PathLike)) else scan
        self.calibration = calibration
        self.picture: tuple[np.ndarray, np.ndarray] | None = None
        self._picture_problem = ""
        self.selected: str | None = None
        self.last_edge: Any = None
        self._last_cell: Cell | None = None
        self._painting = False
        m = self.session.map
        self.tool = w.ToggleButtons(options=TOOLS, value="terrain", description="tool")
        self.terrain = w.Dropdown(description="terrain")
        self.level = w.BoundedIntText(value=1, min=-9, max=9, description="level")
        self.feature = w.Dropdown(description="feature")
        self.side = w.Dropdown(description="side")
        self.unit_type = w.Dropdown(description="unit type")
        self.unit_id = w.Text(value="", placeholder="(made up)", description="unit id")
        self.objective_kind = w.Dropdown(options=OBJECTIVE_KINDS.names, value="victory", description="objective")
        self.objective_value = w.BoundedIntText(value=1, min=-99, max=99, description="value")
        self.cell = w.Dropdown(description="cell")
        self.apply_button = w.Button(description="apply to cell")
        self.delete_button = w.Button(description="delete selected unit")
        self.undo_button = w.Button(description="undo", icon="undo")
        self.redo_button = w.Button(description="redo", icon="repeat")
        self.path = w.Text(value=str(self.session.path or ""), placeholder="maps/my-board.yaml",
                           description="file")
        self.save_button = w.Button(description="save", icon="save")
        self.open_button = w.Button(description="open")
        self.status = w.HTML()
        # a blank board: the game sets hex or square; orientation and offset apply to hexes
        from wartools.rules import game_ids
        from wartools.grids.labels import SCHEMES

        g = m.grid
        self.new_game = w.Dropdown(options=list(game_ids()), value=m.game.id, description="game")
        self.new_columns = w.BoundedIntText(value=g.columns, min=1, max=999, description="columns")
        self.new_rows = w.BoundedIntText(value=g.rows, min=1, max=999, description="rows")
        self.new_orientation = w.Dropdown(options=["flat", "pointy"], value=getattr(g, "orientation", "flat"),
                                          description="hexes")
        self.new_offset = w.Dropdown(options=["odd", "even"], value=getattr(g, "offset", "odd"),
                                     description="offset")
        self.new_labels = w.Dropdown(options=list(SCHEMES),
                                     value=g.labels if g.labels in SCHEMES else SCHEMES[0], description="labels")
        self.new_button = w.Button(description="new blank board")
        self.new_button.on_click(lambda _b: self.new_board(
            self.new_game.value, self.new_columns.value, self.new_rows.value,
            orientation=self.new_orientation.value, offset=self.new_offset.value, labels=self.new_labels.value))
        # the map under its controls, at most about 830 px wide: the editor fits a 1,280 px page
        # with JupyterLab's file browser open (title, map, key and the lines under it all visible)
        self.canvas = MapCanvas(m, draw=self._draw, figsize=figsize or readable_figsize(m, width=EDITOR_WIDTH))
        self.apply_button.on_click(lambda _b: self.click_cell(self.cell.value))
        self.delete_button.on_click(lambda _b: self.delete_selected())
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.save_button.on_click(lambda _b: self.save())
        self.open_button.on_click(lambda _b: self.open(self.path.value))
        if self.canvas.interactive:
            fc = self.canvas.figure.canvas
            fc.mpl_connect("button_press_event", self._on_press)
            fc.mpl_connect("motion_notify_event", self._on_motion)
            fc.mpl_connect("button_release_event", self._on_release)
        columns = [[self.terrain, self.level, self.feature], [self.side, self.unit_type, self.unit_id],
                   [self.objective_kind, self.objective_value, self.delete_button]]
        if not self.canvas.interactive:
            columns[2] += [self.cell, self.apply_button]
        for control in (c for column in columns for c in column):
            control.layout.width = "265px"
        files = w.HBox([self.path, self.open_button, self.save_button, self.undo_button, self.redo_button],
                       layout=w.Layout(flex_flow="row wrap"))
        blank = w.HBox([w.VBox([self.new_game, self.new_columns, self.new_rows]),
                        w.VBox([self.new_orientation, self.new_offset, self.new_labels]), self.new_button],
                       layout=w.Layout(flex_flow="row wrap"))
        # the controls in rows above the map, so the page needs no more width than the map
        self.widget = w.VBox([self.tool, w.HBox([w.VBox(c) for c in columns], layout=w.Layout(flex_flow="row wrap")),
                              self.canvas.view, files, self.status,
                              w.Accordion(children=[blank], titles=("start a blank board",))])
        self._sync_controls()
        self._find_picture()
        self.refresh()

    @classmethod
    def from_scan(cls, scan: np.ndarray | str | os.PathLike[str], calibration: Calibration, game: str,
                  name: str = "Scanned board", **kw: Any) -> MapEditor:
        """A blank board of the calibrated grid's kind and size, with the scan under it. A scan
        given as a file is recorded in the map's ``image`` entry, so the saved map shows it again."""
        cal = calibration
        m = blank_map(game, cal.columns, cal.rows, orientation=cal.orientation, offset=cal.offset,
                      labels=cal.labels, label_prefix=cal.label_prefix, name=name)
        if not isinstance(scan, np.ndarray):
            path = Path(scan).resolve()
            scan = load_image(path)
            m = m.with_image(cal.board_image(str(path), size=(scan.shape[1], scan.shape[0])))
        return cls(m, scan=scan, calibration=cal, **kw)

    # --- plain logic ----------------------------------------------------------------------
    @property
    def map(self) -> Map:
        """The map as it stands now."""
        return self.session.map

    def _sync_controls(self) -> None:
        m = self.map
        game = m.game

        def choose(dropdown: w.Dropdown, options: list[str], first: str | None = None) -> None:
            keep = dropdown.value if dropdown.value in options else first or options[0]
            dropdown.options = options
            dropdown.value = keep
        # the brush starts with the first terrain that is not the map's default
        choose(self.terrain, list(game.terrain.names),
               next((t for t in game.terrain.names if t != m.default_terrain), None))
        choose(self.feature, list(game.edge_features.names))
        choose(self.side, list(m.sides()))
        choose(self.unit_type, list(game.unit_types.names))
        choose(self.cell, cell_options(m))

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The on-board cell under map drawing coordinates ``(x, y)``."""
        return self.canvas.cell_at(x, y)

    def press(self, x: float, y: float) -> None:
        """The mouse went down at map drawing coordinates ``(x, y)``: act with the current tool."""
        tool = self.tool.value
        if tool == "edge":
            change = self.session.toggle_edge_at(x, y, self.feature.value)
            if change.ok:
                from wartools.mapmodel.edit import edge_near

                self.last_edge = edge_near(self.map, x, y)
            self.refresh()
            return
        cell = self.cell_at(x, y)
        if cell is None:
            self.status.value = error("that point is off the board")
            return
        if tool in PAINTING:
            self._painting = True
            self.session.begin_stroke()
            self._last_cell = None
            self._paint(cell)
        elif tool == "unit":
            self._unit_click(cell)
        else:
            self.session.toggle_objective(cell, self.objective_kind.value, self.objective_value.value)
        self.refresh()

    def drag(self, x: float, y: float) -> None:
        """The mouse moved with the button down: go on painting."""
        if not self._painting:
            return
        cell = self.cell_at(x, y)
        if cell is not None and cell != self._last_cell:
            self._paint(cell)
            self.refresh()

    def release(self) -> None:
        """The mouse button went up: a paint stroke ends (it undoes as one step)."""
        if self._painting:
            self._painting = False
            self.session.end_stroke()
            self.refresh()

    def click_cell(self, label: str) -> None:
        """Press and release on the centre of a cell (what *apply to cell* does)."""
        try:
            x, y = self.map.grid.layout().to_pixel(self.map.cell(label))
        except WartoolsError as exc:
            self.status.value = error(str(exc))
            return
        self.press(x, y)
        self.release()

    def _paint(self, cell: Cell) -> None:
        self._last_cell = cell
        if self.tool.value == "terrain":
            self.session.paint([cell], self.terrain.value)
        else:
            self.session.set_elevation([cell], self.level.value)

    def _unit_click(self, cell: Cell) -> None:
        if self.selected not in {u.id for u in self.map.units}:
            self.selected = None
        if self.selected is None:
            here = self.map.units_at(cell)
            if here:  # select the top unit of the stack
                self.selected = here[-1].id
                return
            self.session.place_unit(cell, self.side.value, self.unit_type.value,
                                    self.unit_id.value.strip() or None)
            if self.session.last is not None and self.session.last.ok:
                self.unit_id.value = ""
            return
        if self.map.unit(self.selected).cell != cell:
            self.session.move_unit(self.selected, self.map.label(cell))
        self.selected = None  # moved, or let go by a second click on its own cell

    def delete_selected(self) -> None:
        """Take the selected unit off the map."""
        if self.selected is None:
            self.status.value = error("no unit selected: with the unit tool, click a unit first")
            return
        self.session.delete_unit(self.selected)
        self.selected = None
        self.refresh()

    def undo(self) -> None:
        self.session.undo()
        self.refresh()

    def redo(self) -> None:
        self.session.redo()
        self.refresh()

    def save(self, path: str | os.PathLike[str] | None = None) -> None:
        """Save atomically to ``path``, or the file box, or the file the map came from."""
        target = path if path is not None else (self.path.value.strip() or None)
        self.session.save(target)
        if self.session.path is not None:
            self.path.value = str(self.session.path)
        self.refresh()

    def open(self, path: str | os.PathLike[str]) -> None:
        """Load a map file to edit (a bad file is reported; the current map stays)."""
        try:
            self.session = EditSession.open(path)
        except (WartoolsError, OSError) as exc:
            self.status.value = error(str(exc))
            return
        self.selected, self.last_edge = None, None
        self.scan = self.calibration = None
        self._sync_controls()
        self._find_picture()
        self.refresh()

    def new_board(self, game: str, columns: int, rows: int, **grid: Any) -> None:
        """Start again from a blank board (see :func:`~wartools.mapmodel.edit.blank_map`)."""
        try:
            self.session = EditSession(blank_map(game, columns, rows, **grid))
        except WartoolsError as exc:
            self.status.value = error(str(exc))
            return
        self.selected, self.last_edge = None, None
        self._sync_controls()
        self._find_picture()  # the scan stays under a new board of its grid kind
        self.refresh()

    def _find_picture(self) -> None:
        """The picture under the map: the scan given with its calibration (when it is the map's
        grid kind), or else the map's own ``image`` entry."""
        cal, g = self.calibration, self.map.grid
        self.picture, self._picture_problem = None, ""
        if self.scan is not None and cal is not None:
            if cal.type == g.type and cal.labels == g.labels and \
                    (g.type != "hex" or (cal.orientation, cal.offset) == (getattr(g, "orientation", None),
                                                                           getattr(g, "offset", None))):
                self.picture = (self.scan, cal.matrix)
                return
            self._picture_problem = "the scan's calibrated grid is not this map's grid kind; it is not shown"
        if self.map.image is not None:
            try:
                self.picture = map_picture(self.map)
            except WartoolsError as exc:
                self._picture_problem = f"the map's picture is not shown: {exc}"

    def scan_fits(self) -> bool:
        """True when a picture is drawn under the map."""
        return self.picture is not None

    def refresh(self) -> None:
        """Redraw the map and show the last change and any problem."""
        s = self.session
        self.canvas.map = s.map
        if self.cell.options and s.map.grid.columns * s.map.grid.rows != len(self.cell.options):
            self._sync_controls()
        self.undo_button.disabled, self.redo_button.disabled = not s.can_undo, not s.can_redo
        lines = []
        last = s.last
        head = (f"{s.map.name}: {s.map.game.id}, {s.map.grid.type} {s.map.grid.columns}x{s.map.grid.rows}, "
                f"{len(s.map.units)} units{' (unsaved)' if s.dirty else ''}")
        if self.selected is not None:
            head += f"; selected unit {self.selected}"
        if self._picture_problem:
            lines.append(error(self._picture_problem))
        if last is not None and not last.ok:
            lines.append(error(f"{last.action}: {last.message}"))
        elif last is not None:
            lines.append(pre(f"{last.action}: {last.message}".rstrip(": ")))
        lines.append(pre(head))
        self.status.value = "".join(lines)
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_edges, shade

        if self.picture is not None:
            from wartools.render.scan import draw_scan_under

            draw_scan_under(ax, *self.picture)
        if self.selected is not None and self.selected in {u.id for u in m.units}:
            shade(ax, m, [m.unit(self.selected).cell], "selected", label=f"selected unit {self.selected}")
        if self.last_edge is not None and self.last_edge.a in m.grid and self.last_edge.b in m.grid:
            highlight_edges(ax, m, [self.last_edge], width=2.0, gid="last-edge", meaning="edited-edge")

    # --- mouse events (ipympl) -----------------------------------------------------------------
    def _inside(self, event: Any) -> bool:
        return getattr(event, "inaxes", self.canvas.ax) is self.canvas.ax and event.xdata is not None

    def _on_press(self, event: Any) -> None:
        if self._inside(event):
            self.press(event.xdata, event.ydata)
        else:
            self.status.value = error("that point is off the map: click on a cell, or near a hexside")

    def _on_motion(self, event: Any) -> None:
        if self._painting and self._inside(event):
            self.drag(event.xdata, event.ydata)

    def _on_release(self, _event: Any) -> None:
        self.release()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

