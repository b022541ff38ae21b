"""Write a map for other tools: Tiled (``.tmj``) and GeoJSON.

:func:`to_tmj` gives a Tiled JSON map: hexagonal (flat hexes stagger along
``x``, pointy ones along ``y``, with the map's odd/even offset) or orthogonal
(squares); a tile layer ``terrain`` whose tiles are the game's terrain names
(a tileset without pictures: each tile carries its terrain as its class and
a property, so a Tiled user can give them pictures), an object layer
``edges`` with one polyline per hexside/interspace feature, and an object
layer ``units``. Cell and edge labels travel as properties.

:func:`to_geojson` gives a GeoJSON ``FeatureCollection``: a polygon per
cell (label, terrain, elevation, cell features), a line per edge feature
and a point per unit. Its coordinates are **local, not longitude/latitude**:
one unit is the hex size (centre to corner) or the square's side, ``y``
grows northwards (the board's top row is the northernmost). The collection
says so in a ``crs`` member (``wartools:local-grid``) and in a
``wartools`` member, so GIS tools do not place the board off the coast of Africa.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("combat-infantry", 3, 2, terrain={"B1": "woods"}, edges={("B1", "B2"): "hedge"})
>>> tmj = to_tmj(m)
>>> tmj["orientation"], tmj["staggeraxis"], tmj["staggerindex"], tmj["width"], tmj["height"]
('hexagonal', 'x', 'odd', 3, 2)
>>> tmj["layers"][0]["data"]              # row by row: A1 B1 C1 / A2 B2 C2; gid 1 = clear, 5 = woods
[1, 5, 1, 1, 1, 1]
>>> [(o["name"], o["properties"][0]["value"]) for o in tmj["layers"][1]["objects"]]
[('hedge', 'B1|B2')]
>>> geo = to_geojson(m)
>>> geo["wartools"]["coordinates"], len(geo["features"])
('local', 7)
"""
from __future__ import annotations

from typing import Any

from wartools.grids import HexGrid
from wartools.grids.base import Cell, Layout
from wartools.mapmodel.image import BoardImage, unit_pitch
from wartools.mapmodel.model import Map

TILE = 64          # square tiles, and hex width (flat) / height (pointy), in Tiled pixels
TILED_VERSION = "1.10"


def _prop(name: str, value: Any) -> dict[str, Any]:
    kind = "int" if isinstance(value, int) and not isinstance(value, bool) else \
        "bool" if isinstance(value, bool) else "string"
    return {"name": name, "type": kind, "value": value}


def _tiled_frame(m: Map) -> tuple[BoardImage, dict[str, Any]]:
    """Where cells lie in Tiled's pixels, and the map's geometry keys."""
    g = m.grid
    keys: dict[str, Any]
    pitch: tuple[float, float]
    if isinstance(g, HexGrid):
        side = TILE // 2                          # hex size: centre to corner = side length
        long, short = TILE, round(side * 3 ** 0.5)
        if g.orientation == "flat":
            keys = {"orientation": "hexagonal", "staggeraxis": "x", "tilewidth": long, "tileheight": short}
            pitch = ((long + side) / 2, short)
        else:
            keys = {"orientation": "hexagonal", "staggeraxis": "y", "tilewidth": short, "tileheight": long}
            pitch = (short, (long + side) / 2)
        keys.update(hexsidelength=side, staggerindex=g.offset)
    else:
        keys = {"orientation": "orthogonal", "tilewidth": TILE, "tileheight": TILE}
        pitch = (TILE, TILE)
    origin = (float(keys["tilewidth"]) / 2, float(keys["tileheight"]) / 2)
    # the first cell's centre; a shifted first column/row ("even" offset) sits half a cell further
    layout = Layout(g)
    x00, y00 = layout.to_pixel(g.from_offset(0, 0))
    ux, uy = unit_pitch(g)
    min_x = min(layout.to_pixel(c)[0] for c in g.cells())
    min_y = min(layout.to_pixel(c)[1] for c in g.cells())
    origin = (origin[0] + (x00 - min_x) / ux * pitch[0], origin[1] + (y00 - min_y) / uy * pitch[1])
    return BoardImage("", origin, pitch), keys


def to_tmj(m: Map) -> dict[str, Any]:
    """The map as a Tiled JSON (``.tmj``) document (see the module docstring)."""
    g = m.grid
    frame, keys = _tiled_frame(m)
    names = list(m.game.terrain.names)
    gid = {t: i + 1 for i, t in enumerate(names)}
    data = [gid[m.terrain_at(g.from_offset(c, r))] for r in range(g.rows) for c in range(g.columns)]
    layout = Layout(g)
    next_id = 1
    edges = []
    for e, features in sorted(m.edges.items()):
        (x1, y1), (x2, y2) = (frame.layout_to_pixel(g, *layout.point(p)) for p in g.edge_corners(e))
        for f in features:
            edges.append({"id": next_id, "name": f, "class": f, "type": f, "x": x1, "y": y1,
                          "width": 0, "height": 0, "rotation": 0, "visible": True,
                          "polyline": [{"x": 0, "y": 0}, {"x": round(x2 - x1, 6), "y": round(y2 - y1, 6)}],
                          "properties": [_prop("cells", g.edge_label(e)), _prop("feature", f)]})
            next_id += 1
    units = []
    for u in m.units:
        x, y = frame.to_pixel(g, u.cell)
        units.append({"id": next_id, "name": u.id, "class": u.type, "type": u.type, "x": x, "y": y,
                      "width": 0, "height": 0, "rotation": 0, "visible": True, "point": True,
                      "properties": [_prop("cell", m.label(u.cell)), _prop("side", u.side)]})
        next_id += 1
    tiles = [{"id": i, "class": t, "type": t, "properties": [_prop("terrain", t)]} for i, t in enumerate(names)]
    return {
        "type": "map", "version": TILED_VERSION, "tiledversion": "1.10.2", "renderorder": "right-down",
        "infinite": False, "width": g.columns, "height": g.rows, **keys,
        "nextlayerid": 4, "nextobjectid": next_id,
        "properties": [_prop("name", m.name), _prop("game", m.game.id), _prop("format", "wartools-map/1")],
        "layers": [
            {"id": 1, "name": "terrain", "type": "tilelayer", "x": 0, "y": 0, "width": g.columns,
             "height": g.rows, "opacity": 1, "visible": True, "data": data},
            {"id": 2, "name": "edges", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
             "opacity": 1, "visible": True, "objects": edges},
            {"id": 3, "name": "units", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
             "opacity": 1, "visible": True, "objects": units},
        ],
        "tilesets": [{"firstgid": 1, "name": f"{m.game.id} terrain", "tilewidth": keys["tilewidth"],
                      "tileheight": keys["tileheight"], "tilecount": len(names), "columns": 0,
                      "margin": 0, "spacing": 0, "tiles": tiles}],
    }


def _geo(x: float, y: float) -> list[float]:
    return [round(x, 9), round(-y, 9)]        # y grows north: the board's top is north


def _ring(points: list[list[float]]) -> list[list[float]]:
    """A closed, counter-clockwise ring (the GeoJSON right-hand rule)."""
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1]))
    ring = points if area > 0 else points[::-1]
    return [*ring, ring[0]]


def to_geojson(m: Map) -> dict[str, Any]:
    """The map as a GeoJSON ``FeatureCollection`` in local coordinates (see the module docstring)."""
    g = m.grid
    layout = Layout(g)
    features: list[dict[str, Any]] = []

    def cell_props(c: Cell) -> dict[str, Any]:
        return {"kind": "cell", "label": m.label(c), "terrain": m.terrain_at(c),
                "elevation": m.elevation_at(c), "features": list(m.features_at(c))}
    for c in g.cells():
        ring = _ring([_geo(*p) for p in layout.polygon(c)])
        features.append({"type": "Feature", "id": m.label(c), "properties": cell_props(c),
                         "geometry": {"type": "Polygon", "coordinates": [ring]}})
    for e, fs in sorted(m.edges.items()):
        line = [_geo(*layout.point(p)) for p in g.edge_corners(e)]
        for f in fs:
            features.append({"type": "Feature", "properties": {"kind": "edge", "cells": g.edge_label(e),
                                                               "feature": f},
                             "geometry": {"type": "LineString", "coordinates": line}})
    for u in m.units:
        features.append({"type": "Feature", "id": u.id,
                         "properties": {"kind": "unit", "id": u.id, "side": u.side, "type": u.type,
                                        "cell": m.label(u.cell)},
                         "geometry": {"type": "Point", "coordinates": _geo(*layout.to_pixel(u.cell))}})
    return {
        "type": "FeatureCollection", "name": m.name,
        "crs": {"type": "name", "properties": {"name": "wartools:local-grid"}},
        "wartools": {"format": "wartools-map/1", "game": m.game.id, "coordinates": "local",
                     "units": "1 = hex size (centre to corner) or square side; y grows north (board top)"},
        "features": features,
    }
