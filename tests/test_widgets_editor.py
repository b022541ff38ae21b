"""MapEditor and ScanCalibrator: mouse events and buttons drive EditSession and fit_grid;
refused edits show in the widget, never as exceptions."""
from __future__ import annotations

import html
from types import SimpleNamespace

import numpy as np
import pytest
from widget_helpers import RIVER_CROSSING

from wartools.calibrate import fit_grid
from wartools.grids import HexGrid
from wartools.mapmodel import load_map
from wartools.mapmodel.edit import EditSession
from wartools.widgets import MapEditor, ScanCalibrator


def centre(ed, label):
    return ed.map.grid.layout().to_pixel(ed.map.cell(label))


def event(ed, x, y):
    return SimpleNamespace(xdata=x, ydata=y, inaxes=ed.canvas.ax, button=1)


def test_dragging_paints_a_stroke_that_undoes_at_once():
    ed = MapEditor(EditSession.blank("ci", 8, 6))
    ed.terrain.value = "woods"
    path = ["B2", "B3", "C3", "D4"]
    ed._on_press(event(ed, *centre(ed, path[0])))
    for lab in path[1:]:
        x, y = centre(ed, lab)
        ed._on_motion(event(ed, x + 0.1, y))
        ed._on_motion(event(ed, x - 0.1, y))  # still the same cell: painted once
    ed._on_release(event(ed, 0, 0))
    assert [ed.map.terrain_at(c) for c in path] == ["woods"] * 4
    assert len([c for c in ed.session.log if c.action == "paint"]) == 4
    assert "terrain" in [c.get_gid() for c in ed.canvas.ax.collections]
    ed.undo_button.click()
    assert [ed.map.terrain_at(c) for c in path] == ["clear"] * 4 and ed.undo_button.disabled
    ed.redo_button.click()
    assert ed.map.terrain_at("D4") == "woods"


def test_elevation_tool_and_the_dropdown_route():
    ed = MapEditor(EditSession.blank("ci", 5, 5))
    assert not ed.canvas.interactive and ed.apply_button in ed.widget.children[1].children[2].children
    ed.tool.value = "elevation"
    ed.level.value = 2
    ed.cell.value = "C3"
    ed.apply_button.click()
    assert ed.map.elevation_at("C3") == 2
    assert "elevation" in [c.get_gid() for c in ed.canvas.ax.collections]


def test_clicking_near_a_hexside_toggles_it():
    ed = MapEditor(load_map(RIVER_CROSSING))
    ed.tool.value = "edge"
    ed.feature.value = "hedge"
    (x0, y0), (x1, y1) = centre(ed, "E6"), centre(ed, "E7")
    before = ed.map.edge_features_at("E6", "E7")
    ed.press((x0 + x1) / 2 + 0.15, (y0 + y1) / 2)
    assert ed.map.edge_features_at("E6", "E7") == (*before, "hedge")
    assert "edges:hedge" in [c.get_gid() for c in ed.canvas.ax.collections]
    assert "last-edge" in [c.get_gid() for c in ed.canvas.ax.collections]
    ed.press((x0 + x1) / 2, (y0 + y1) / 2 - 0.1)
    assert ed.map.edge_features_at("E6", "E7") == before
    ed.press(x0, y0)  # the middle of a hex: nothing to toggle, said in red
    assert "no hexside" in ed.status.value and "color:#b00" in ed.status.value


def test_refused_edits_are_shown_not_raised():
    ed = MapEditor(EditSession.blank("ci", 5, 5))
    ed.tool.value = "unit"
    ed.unit_id.value = "a"
    ed.click_cell("B2")
    ed.unit_id.value = "a"
    ed.click_cell("C3")  # the id is taken
    assert "already on the map" in ed.status.value and len(ed.map.units) == 1
    ed.click_cell("Z99")
    assert "off the 5x5 board" in ed.status.value
    ed.press(-50.0, -50.0)
    assert "off the board" in ed.status.value


def test_units_are_placed_selected_moved_and_deleted():
    ed = MapEditor(EditSession.blank("ci", 6, 5))
    ed.tool.value = "unit"
    ed.side.value, ed.unit_type.value = "German", "mg"
    ed.click_cell("B2")
    assert [(u.id, u.side, u.type) for u in ed.map.units] == [("german-1", "German", "mg")]
    ed.click_cell("B2")
    assert ed.selected == "german-1" and "selected" in [c.get_gid() for c in ed.canvas.ax.collections]
    ed.click_cell("D3")
    assert ed.map.unit("german-1").cell == ed.map.cell("D3") and ed.selected is None
    ed.click_cell("D3")
    ed.delete_button.click()
    assert ed.map.units == () and ed.selected is None
    ed.delete_button.click()
    assert "no unit selected" in ed.status.value


def test_objectives_toggle():
    ed = MapEditor(EditSession.blank("hon", 6, 5))
    ed.tool.value = "objective"
    ed.objective_value.value = 3
    ed.click_cell("C3")
    assert [(ed.map.label(o.cell), o.value) for o in ed.map.objectives] == [("C3", 3)]
    ed.click_cell("C3")
    assert ed.map.objectives == ()


def test_save_open_and_new_board(tmp_path):
    ed = MapEditor(EditSession.blank("ci", 6, 5))
    ed.save_button.click()
    assert "give a path" in ed.status.value
    ed.click_cell("B2")
    ed.path.value = str(tmp_path / "mine.yaml")
    ed.save_button.click()
    assert load_map(tmp_path / "mine.yaml") == ed.map and "saved" in ed.status.value
    ed.new_board("hon", 4, 3, labels="numeric")
    assert ed.map.grid.type == "square" and "building" in ed.terrain.options and ed.cell.options[0] == "0101"
    ed.new_board("hon", 0, 3)
    assert "columns" in ed.status.value and ed.map.grid.columns == 4
    ed.open(tmp_path / "nothing.yaml")
    assert "no such map file" in ed.status.value
    ed.open(tmp_path / "mine.yaml")
    assert ed.map.game.id == "combat-infantry" and ed.map.terrain_at("B2") != "clear"


def _scan(tmp_path):
    """A synthetic board picture: the sample map drawn at a known similarity."""
    grid = HexGrid(8, 6)
    layout = grid.layout(size=24.0, origin=(40.0, 30.0))
    from matplotlib.figure import Figure

    fig = Figure(figsize=(4.0, 3.2), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 400)
    ax.set_ylim(320, 0)
    for c in grid.cells():
        pts = layout.polygon(c)
        ax.fill([p[0] for p in pts], [p[1] for p in pts], facecolor="#a0c080", edgecolor="black")
    fig.savefig(tmp_path / "scan.png", dpi=100)
    return tmp_path / "scan.png", layout


def test_calibrator_fits_from_clicks_and_opens_an_editor_over_the_scan(tmp_path):
    path, layout = _scan(tmp_path)
    cal_widget = ScanCalibrator(path)
    cal_widget._on_press(SimpleNamespace(xdata=10.0, ydata=10.0, inaxes=cal_widget.ax))
    assert "type the label" in cal_widget.info.value and cal_widget.points.value == ""
    for lab in ("A1", "H1", "D5", "B4"):
        cal_widget.label.value = lab
        x, y = layout.to_pixel(layout.grid.parse(lab))
        cal_widget._on_press(SimpleNamespace(xdata=x + 0.4, ydata=y - 0.3, inaxes=cal_widget.ax))
    assert len(cal_widget.picked()) == 4
    cal = cal_widget.fit()
    assert cal is not None and cal.scale == pytest.approx(24.0, rel=0.02) and "residual" in cal_widget.info.value
    assert "fitted-grid" in [c.get_gid() for c in cal_widget.ax.collections]
    ed = cal_widget.editor("ci")
    assert (ed.map.grid.columns, ed.map.grid.rows) == cal.suggest_size(400, 320)
    assert ed.scan_fits() and "scan" in [im.get_gid() for im in ed.canvas.ax.images]
    # the scan lies under the map: a cell centre of the picture is that cell's centre on the map
    from wartools.render.scan import _image_transform

    assert _image_transform(cal).transform(cal.to_image("C3")) == pytest.approx(centre(ed, "C3"))
    terrain = next(c for c in ed.canvas.ax.collections if c.get_gid() == "terrain")
    assert terrain.get_alpha() < 1
    ed.click_cell("C3")
    assert ed.map.terrain_at("C3") == ed.terrain.value != "clear"


def test_calibrator_refuses_and_names_the_point(tmp_path):
    path, layout = _scan(tmp_path)
    cw = ScanCalibrator(path)
    lines = [f"{lab} {x:.1f} {y:.1f}" for lab, (x, y) in
             ((lab, layout.to_pixel(layout.grid.parse(lab))) for lab in ("A1", "H1", "D5", "B4", "F2"))]
    lines[2] = "D4" + lines[2][2:]  # D5's centre typed as D4
    cw.points.value = "\n".join(lines)
    assert cw.fit() is None and cw.refused is not None and cw.refused.worst == "D4"
    assert "D4" in cw.info.value and "color:#b00" in cw.info.value
    cw.points.value = "A1 10 x"
    assert cw.fit() is None and "not 'LABEL X Y'" in html.unescape(cw.info.value)
    with pytest.raises(Exception, match="fit the grid first"):
        cw.editor("ci")


def test_a_scan_of_another_grid_kind_is_not_drawn():
    truth = HexGrid(6, 6, orientation="pointy").layout(size=20.0)
    cal = fit_grid([(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "F1", "C5", "B4")])
    ed = MapEditor(EditSession.blank("ci", 6, 6), scan=np.zeros((50, 50, 3), np.uint8), calibration=cal)
    assert not ed.scan_fits() and "not this map's grid kind" in html.unescape(ed.status.value)
    assert [im.get_gid() for im in ed.canvas.ax.images] == []


def test_a_scanned_board_is_saved_with_its_picture_and_shown_again(tmp_path):
    path, layout = _scan(tmp_path)
    picks = [(lab, *layout.to_pixel(layout.grid.parse(lab))) for lab in ("A1", "H1", "D5", "B4")]
    cal = fit_grid(picks, columns=8, rows=6)
    ed = MapEditor.from_scan(path, cal, "ci", name="Scan")
    assert ed.map.image is not None and ed.map.image.size == (400, 320) and ed.scan_fits()
    ed.click_cell("D3")
    (tmp_path / "boards").mkdir()
    ed.save(tmp_path / "boards" / "scanned.yaml")
    again = MapEditor(tmp_path / "boards" / "scanned.yaml")
    # the format's rule (docs/map-format.md): the picture's path is relative to the map file
    assert again.map.image.file == f"../{path.name}" and not ed.session.dirty
    assert again.map.terrain_at("D3") != "clear" and again.map.image.origin == ed.map.image.origin
    assert again.scan_fits() and "scan" in [im.get_gid() for im in again.canvas.ax.images]
    from wartools.render.scan import _image_transform

    assert again.picture is not None
    assert _image_transform(again.picture[1]).transform(cal.to_image("E4")) == pytest.approx(centre(again, "E4"))
    path.unlink()  # the picture is gone: the map still opens, and the widget says why there is no scan
    gone = MapEditor(tmp_path / "boards" / "scanned.yaml")
    assert not gone.scan_fits() and "no such image file" in html.unescape(gone.status.value)


def test_a_click_beside_the_map_says_so():
    ed = MapEditor(EditSession.blank("ci", 4, 4))
    ed._on_press(SimpleNamespace(xdata=None, ydata=None, inaxes=None, button=1))
    assert "off the map" in ed.status.value and ed.session.log == []


def test_the_blank_board_panel_starts_a_new_board():
    ed = MapEditor(EditSession.blank("ci", 6, 5))
    ed.new_game.value = "heroes-of-normandie"
    ed.new_columns.value, ed.new_rows.value, ed.new_labels.value = 9, 7, "row-letter"
    ed.new_button.click()
    g = ed.map.grid
    assert (ed.map.game.id, g.type, g.columns, g.rows, g.labels) == ("heroes-of-normandie", "square", 9, 7,
                                                                     "row-letter")
    ed.new_game.value = "combat-infantry"
    ed.new_orientation.value, ed.new_offset.value = "pointy", "even"
    ed.new_button.click()
    g = ed.map.grid
    assert (g.type, g.orientation, g.offset, g.columns) == ("hex", "pointy", "even", 9)
    assert "woods" in ed.terrain.options and ed.cell.options[-1] == g.label(g.cells()[-1])


def test_the_editor_fits_a_1280_px_page():
    """Issue 25.4: the controls sit above the map, and the map with its key is at most 8.3 inches
    (830 px at matplotlib's 100 dpi) wide, whatever the board's size."""
    ed = MapEditor(load_map(RIVER_CROSSING))
    assert ed.canvas.figure.get_size_inches()[0] <= 8.3 + 1e-9
    assert ed.widget.children[2] is ed.canvas.view          # under the tool and the option rows
