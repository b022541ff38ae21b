"""Editing maps: picking a hexside from a pixel, the Map's edit methods, and EditSession
(undo/redo, refused edits reported with the loader's own message, atomic saving)."""
from __future__ import annotations

import math
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartools.grids import HexGrid, SquareGrid
from wartools.mapmodel import dumps_map, load_map, loads_map
from wartools.mapmodel.edit import EditSession, blank_map, edge_near

GRIDS = [HexGrid(7, 6, orientation=o, offset=f) for o in ("flat", "pointy") for f in ("odd", "even")] + \
        [SquareGrid(6, 5), SquareGrid(6, 5, adjacency=4)]


def _apothem(grid):
    """Centre-to-side distance of a unit-size cell, from the cell's own corners."""
    layout = grid.layout()
    c = grid.cells()[0]
    cx, cy = layout.to_pixel(c)
    pts = layout.polygon(c)
    return min(abs((bx - ax) * (ay - cy) - (ax - cx) * (by - ay)) / math.hypot(bx - ax, by - ay)
               for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]))


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.type}-{getattr(g, 'orientation', '')}"
                                                        f"{getattr(g, 'offset', '')}{getattr(g, 'adjacency', '')}")
def test_every_edge_is_picked_from_points_along_it(grid):
    layout = grid.layout(size=13.0, origin=(5.0, -3.0))
    for e in grid.edges():
        (px, py), (qx, qy) = (layout.point(p) for p in grid.edge_corners(e))
        for t in (0.2, 0.5, 0.8):
            # a point on the edge, nudged a little to one side: still that edge, at that distance
            x, y = px + t * (qx - px), py + t * (qy - py)
            nx, ny = -(qy - py), qx - px
            k = 0.5 / math.hypot(nx, ny)
            for sign in (1, -1):
                edge, d = layout.nearest_edge(x + sign * k * nx, y + sign * k * ny)
                assert edge == e and d == pytest.approx(0.5, abs=1e-9)


@pytest.mark.parametrize("grid", GRIDS[:1] + GRIDS[4:5])
@given(data=st.data())
def test_nearest_edge_distance_is_the_true_minimum(grid, data):
    """Against brute force over every edge of the board (points inside the board's middle)."""
    layout = grid.layout()
    c = data.draw(st.sampled_from([c for c in grid.cells() if all(n in grid for n in grid.all_neighbours(c))]))
    cx, cy = layout.to_pixel(c)
    x, y = cx + data.draw(st.floats(-0.6, 0.6)), cy + data.draw(st.floats(-0.6, 0.6))
    edge, d = layout.nearest_edge(x, y)

    def seg_dist(e):
        (px, py), (qx, qy) = (layout.point(p) for p in grid.edge_corners(e))
        t = max(0.0, min(1.0, ((x - px) * (qx - px) + (y - py) * (qy - py)) / ((qx - px) ** 2 + (qy - py) ** 2)))
        return math.hypot(x - px - t * (qx - px), y - py - t * (qy - py))
    assert d == pytest.approx(min(seg_dist(e) for e in grid.edges()), abs=1e-9)
    assert seg_dist(edge) == pytest.approx(d, abs=1e-9)


@pytest.mark.parametrize("game", ["ci", "hon"])
def test_a_click_in_the_middle_of_a_cell_picks_no_edge(game):
    m = blank_map(game, 5, 5)
    x, y = m.grid.layout().to_pixel(m.cell("C3"))
    assert edge_near(m, x, y) is None
    assert m.grid.layout().nearest_edge(x, y)[1] == pytest.approx(_apothem(m.grid))
    # on the rim: the nearest edge has a cell off the board, so nothing is picked
    x, y = m.grid.layout().to_pixel(m.cell("A1"))
    assert edge_near(m, x - 0.9 * _apothem(m.grid), y, tolerance=0.5) is None


def test_blank_maps_follow_the_options():
    m = blank_map("ci", 9, 7, orientation="pointy", offset="even", labels="row-letter", name="Ridge")
    assert (m.grid.type, m.grid.orientation, m.grid.offset, m.grid.columns, m.grid.rows) == \
           ("hex", "pointy", "even", 9, 7)
    assert m.label(m.grid.cells()[-1]) == "G09" and m.name == "Ridge" and not m.terrain
    assert loads_map(dumps_map(m)) == m
    with pytest.raises(Exception, match="columns: must be a positive integer"):
        blank_map("ci", 0, 5)


def test_paint_and_refusals_keep_the_map_valid():
    s = EditSession.blank("ci", 6, 5)
    assert s.paint(["B2", "B3"], "forest").ok  # an alias, stored as the game's own name
    assert s.map.terrain_at("B3") == "woods"
    before = s.map
    for change in (s.paint(["B2"], "lava"), s.paint(["Z9"], "woods"), s.toggle_edge("B2", "D4", "hedge"),
                   s.toggle_edge("B2", "B3", "moat"), s.move_unit("nobody", "C3"), s.set_elevation(["Q1"], 1)):
        assert not change.ok and change.message
        assert s.map is before
    assert "unknown terrain 'lava'" in s.log[-6].message and "valid: clear" in s.log[-6].message
    assert "off the 6x5 board" in s.log[-5].message
    assert "not adjacent" in s.log[-4].message


def test_refused_edit_says_what_loading_the_same_mistake_says():
    s = EditSession.blank("ci", 4, 4)
    change = s.paint(["B2"], "lava")
    text = "format: wartools-map/1\nname: New map\ngame: combat-infantry\n" \
           "grid: {type: hex, columns: 4, rows: 4}\nterrain: {cells: {B2: lava}}\n"
    with pytest.raises(Exception) as info:
        loads_map(text)
    assert change.message.split(": ", 1)[1] == str(info.value).split(": ", 1)[1]


def test_undo_redo_walks_the_history_exactly():
    s = EditSession.blank("ci", 6, 5)
    maps = [s.map]
    s.paint(["B2"], "woods")
    maps.append(s.map)
    s.set_elevation(["C3", "C4"], 2)
    maps.append(s.map)
    s.toggle_edge("C3", "C4", "hedge")
    maps.append(s.map)
    s.place_unit("D4", "US", "rifle")
    maps.append(s.map)
    for expected in reversed(maps[:-1]):
        assert s.undo().ok and s.map == expected
    assert not s.undo().ok and s.log[-1].message == "nothing to undo"
    for expected in maps[1:]:
        assert s.redo().ok and s.map == expected
    assert not s.redo().ok
    s.undo()
    s.undo()
    s.paint(["A1"], "town")  # a new edit drops the redo branch
    assert not s.can_redo and s.map.edge_features_at("C3", "C4") == () and s.map.terrain_at("A1") == "town"


def test_a_stroke_undoes_as_one_step():
    s = EditSession.blank("ci", 6, 5)
    s.paint(["A1"], "town")
    s.begin_stroke()
    for lab in ("B2", "B3", "C3", "C4"):
        s.paint([lab], "woods")
    s.end_stroke()
    assert [s.map.terrain_at(c) for c in ("B2", "C4", "A1")] == ["woods", "woods", "town"]
    s.undo()
    assert [s.map.terrain_at(c) for c in ("B2", "C4", "A1")] == ["clear", "clear", "town"]
    s.undo()
    assert s.map.terrain_at("A1") == "clear" and not s.can_undo


def test_toggle_edge_adds_then_removes_only_that_feature():
    s = EditSession.blank("ci", 5, 5)
    s.toggle_edge("B2", "B3", "river")
    assert s.toggle_edge("B3", "B2", "hedge").message == "B2|B3: hedge added"
    assert s.map.edge_features_at("B2", "B3") == ("river", "hedge")
    assert s.toggle_edge("B2", "B3", "hedge").message == "B2|B3: hedge removed"
    assert s.map.edge_features_at("B2", "B3") == ("river",)


def test_toggle_edge_from_a_pixel_on_square_interspaces():
    s = EditSession.blank("hon", 5, 5)
    layout = s.map.grid.layout()
    (x0, y0), (x1, y1) = layout.to_pixel(s.map.cell("B2")), layout.to_pixel(s.map.cell("C2"))
    assert s.toggle_edge_at((x0 + x1) / 2, (y0 + y1) / 2 + 0.3, "wall").ok
    assert s.map.edge_features_at("B2", "C2") == ("wall",)
    assert not s.toggle_edge_at(x0, y0, "wall").ok  # the middle of a square


def test_units_and_objectives():
    s = EditSession.blank("ci", 6, 5)
    assert s.place_unit("B2", "US", "rifle").message == "us-1 (rifle) on B2"
    s.place_unit("B3", "US", "mg")
    s.place_unit("E4", "German", "mg", unit_id="de-mg")
    assert [u.id for u in s.map.units] == ["us-1", "us-2", "de-mg"]
    assert not s.place_unit("C3", "US", "rifle", unit_id="de-mg").ok
    assert not s.place_unit("C3", "US", "dragon").ok
    s.move_unit("us-1", "C4")
    assert s.map.unit("us-1").cell == s.map.cell("C4")
    s.delete_unit("us-2")
    assert [u.id for u in s.map.units] == ["us-1", "de-mg"]
    assert s.toggle_objective("D4", "victory", 2).ok
    assert [(s.map.label(o.cell), o.kind, o.value) for o in s.map.objectives] == [("D4", "victory", 2)]
    s.toggle_objective("D4")
    assert s.map.objectives == ()
    assert not s.toggle_objective("D4", "treasure").ok


def test_save_is_atomic_and_loads_back(tmp_path):
    s = EditSession.blank("ci", 6, 5)
    assert not s.save().ok and "give a path" in s.log[-1].message
    s.paint(["B2"], "woods")
    s.place_unit("B2", "US", "rifle")
    target = tmp_path / "board.yaml"
    assert s.save(target).ok and not s.dirty
    assert load_map(target) == s.map
    s.toggle_edge("B2", "B3", "hedge")
    assert s.dirty and s.save().ok  # to the same file again
    assert load_map(target).edge_features_at("B2", "B3") == ("hedge",)
    assert [p.name for p in tmp_path.iterdir()] == ["board.yaml"]  # no temporary file left behind
    change = s.save(tmp_path / "missing-folder" / "x.yaml")
    assert not change.ok and "cannot write" in change.message


def test_open_edits_a_file_and_saves_it_in_place(tmp_path):
    src = os.path.join(os.path.dirname(__file__), "..", "maps", "heroes-of-normandie-dog-red.yaml")
    target = tmp_path / "dog-red.yaml"
    target.write_text(open(src, encoding="utf-8").read(), encoding="utf-8")
    s = EditSession.open(target)
    assert not s.dirty
    original = s.map
    s.paint(["A1"], "building")
    s.save()
    again = load_map(target)
    assert again.terrain_at("A1") == "building"
    assert again.painted(["A1"], terrain=original.terrain_at("A1")) == original
