"""Export to Tiled (TMJ) and GeoJSON, checked against each format's own geometry rules."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import shapely
from shapely.geometry import LineString, Point, Polygon

from wartools.cli import main
from wartools.grids import HexGrid
from wartools.mapmodel import load_map
from wartools.mapmodel.export import to_geojson, to_tmj

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))


def tiled_centre(tmj: dict, col: int, row: int) -> tuple[float, float]:
    """A cell's centre as Tiled lays out hexagonal and orthogonal maps (from Tiled's map format)."""
    tw, th = tmj["tilewidth"], tmj["tileheight"]
    if tmj["orientation"] == "orthogonal":
        return col * tw + tw / 2, row * th + th / 2
    side = tmj["hexsidelength"]
    shifted_parity = 1 if tmj["staggerindex"] == "odd" else 0
    if tmj["staggeraxis"] == "x":
        shift = th / 2 if col % 2 == shifted_parity else 0
        return col * (tw + side) / 2 + tw / 2, row * th + th / 2 + shift
    shift = tw / 2 if row % 2 == shifted_parity else 0
    return col * tw + tw / 2 + shift, row * (th + side) / 2 + th / 2


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_tmj_terrain_layer_and_hexside_objects(path):
    m = load_map(path)
    tmj = json.loads(json.dumps(to_tmj(m)))                 # plain JSON all the way down
    g = m.grid
    assert (tmj["width"], tmj["height"]) == (g.columns, g.rows)
    if isinstance(g, HexGrid):
        assert tmj["orientation"] == "hexagonal"
        assert tmj["staggeraxis"] == ("x" if g.orientation == "flat" else "y")
        assert tmj["staggerindex"] == g.offset
    else:
        assert tmj["orientation"] == "orthogonal"
    terrain, edges, units = tmj["layers"]
    names = {t["id"] + tmj["tilesets"][0]["firstgid"]: t["class"] for t in tmj["tilesets"][0]["tiles"]}
    assert len(terrain["data"]) == g.columns * g.rows
    for i, gid in enumerate(terrain["data"]):
        assert names[gid] == m.terrain_at(g.from_offset(i % g.columns, i // g.columns))
    assert len(edges["objects"]) == sum(len(fs) for fs in m.edges.values())
    for obj in edges["objects"]:
        a, b = obj["properties"][0]["value"].split("|")
        assert obj["name"] in m.edge_features_at(a, b)
        # a hexside (or interspace) is centred between its two cells' centres, in Tiled's own layout
        (ax, ay), (bx, by) = (tiled_centre(tmj, *g.to_offset(g.parse(x))) for x in (a, b))
        (x1, y1), (x2, y2) = [(obj["x"] + p["x"], obj["y"] + p["y"]) for p in obj["polyline"]]
        assert math.isclose((x1 + x2) / 2, (ax + bx) / 2, abs_tol=1e-6)
        assert math.isclose((y1 + y2) / 2, (ay + by) / 2, abs_tol=1e-6)
        assert math.hypot(x2 - x1, y2 - y1) > 10
    assert len(units["objects"]) == len(m.units)
    for obj, u in zip(units["objects"], m.units):
        assert (obj["x"], obj["y"]) == pytest.approx(tiled_centre(tmj, *g.to_offset(u.cell)))
    assert len({o["id"] for o in edges["objects"] + units["objects"]}) == len(edges["objects"]) + len(units["objects"])


@pytest.mark.parametrize("offset", ["odd", "even"])
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_tmj_cell_centres_follow_tileds_stagger(orientation, offset):
    from wartools.mapmodel import Map
    from wartools.mapmodel.export import _tiled_frame

    m = Map.from_dict({"format": "wartools-map/1", "name": "t", "game": "ci",
                       "grid": {"type": "hex", "orientation": orientation, "offset": offset, "columns": 5, "rows": 4}})
    frame, keys = _tiled_frame(m)
    tmj = {**keys}
    for c in m.grid.cells():
        assert frame.to_pixel(m.grid, c) == pytest.approx(tiled_centre(tmj, *m.grid.to_offset(c)))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_geojson_cells_tile_the_board_and_edges_lie_between_their_cells(path):
    m = load_map(path)
    geo = json.loads(json.dumps(to_geojson(m)))
    assert geo["type"] == "FeatureCollection" and geo["wartools"]["coordinates"] == "local"
    assert geo["crs"]["properties"]["name"] == "wartools:local-grid"
    cells = {f["properties"]["label"]: f for f in geo["features"] if f["properties"]["kind"] == "cell"}
    assert len(cells) == len(m.grid)
    polys = {}
    for label, f in cells.items():
        ring = f["geometry"]["coordinates"][0]
        assert ring[0] == ring[-1]
        poly = Polygon(ring)
        assert poly.is_valid and poly.exterior.is_ccw                # the right-hand rule
        polys[label] = poly
        assert f["properties"]["terrain"] == m.terrain_at(label)
        assert f["properties"]["elevation"] == m.elevation_at(label)
    areas = [p.area for p in polys.values()]
    assert max(areas) - min(areas) < 1e-6                            # congruent cells ...
    union = shapely.union_all(list(polys.values()))
    assert math.isclose(union.area, sum(p.area for p in polys.values()), rel_tol=1e-9)   # ... that never overlap
    for f in geo["features"]:
        kind = f["properties"]["kind"]
        if kind == "edge":
            a, b = f["properties"]["cells"].split("|")
            shared = polys[a].intersection(polys[b])
            line = LineString(f["geometry"]["coordinates"])
            assert math.isclose(shared.length, line.length, rel_tol=1e-9) and shared.buffer(1e-9).contains(line)
        elif kind == "unit":
            assert polys[f["properties"]["cell"]].contains(Point(f["geometry"]["coordinates"]))


def test_geojson_top_row_is_north():
    m = load_map(MAPS[0])
    geo = to_geojson(m)
    y = {f["properties"]["label"]: Polygon(f["geometry"]["coordinates"][0]).centroid.y
         for f in geo["features"] if f["properties"]["kind"] == "cell"}
    top, below = m.label(m.grid.from_offset(0, 0)), m.label(m.grid.from_offset(0, 1))
    assert y[top] > y[below]


def test_cli_export(tmp_path, capsys):
    src = str(MAPS[0])
    out = tmp_path / "board.tmj"
    assert main(["export", src, "--to", "tmj", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["type"] == "map"
    assert capsys.readouterr().out == f"wrote {out}\n"
    out = tmp_path / "board.geojson"
    assert main(["export", src, "--to", "geojson", "-o", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["output"] == str(out)
    assert json.loads(out.read_text())["type"] == "FeatureCollection"
    assert main(["export", src, "--to", "svg", "-o", str(out)]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["export", str(tmp_path / "none.yaml"), "--to", "tmj", "-o", str(out)]) == 2
