"""Adversarial tests of :mod:`wartools.grids`: geometry checked against geometry.

Nothing here repeats the implementation's tables (the Mesa hex-grid lesson).
The oracles are

* pixel centres and polygons from ``grid.layout()``, compared as floats with
  a tolerance: neighbours are the cells one pitch away, distance is a
  breadth-first search over that geometric adjacency;
* a hand-made table of distances for each hex variant, counted on a drawn
  board (see ``HAND_DISTANCES``);
* a shapely model of the ruler in *pixel* space (``_oracle``) that classifies
  every cell and edge with a tolerance, never looking at the integer frame.
"""
from __future__ import annotations

import itertools
import math
from collections import deque
from functools import cache

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points

from wartools.errors import GridError
from wartools.grids import Edge, Hex, HexGrid, Square, SquareGrid

HEX_VARIANTS = [("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")]
SQUARE_ADJ = [4, 8]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make_grid(kind: tuple, columns: int = 8, rows: int = 7, **kw):
    if kind[0] == "square":
        return SquareGrid(columns, rows, adjacency=kind[1], **kw)
    return HexGrid(columns, rows, orientation=kind[0], offset=kind[1], **kw)


ALL_KINDS = HEX_VARIANTS + [("square", a) for a in SQUARE_ADJ]
KIND_IDS = [f"{a}-{b}" for a, b in ALL_KINDS]


def _window(grid, margin: int):
    """Cells (on and off the board) in a margin around the board, by their own
    coordinates (axial / square), not by the offset conversion under test."""
    if isinstance(grid, SquareGrid):
        return [Square(x, y) for x in range(-margin, grid.columns + margin)
                for y in range(-margin, grid.rows + margin)]
    span = grid.columns + grid.rows + 2 * margin
    lay = grid.layout()
    board = np.array([lay.to_pixel(c) for c in grid.cells()])
    lo, hi = board.min(axis=0) - margin * 1.8, board.max(axis=0) + margin * 1.8
    out = []
    for q in range(-span, span + 1):
        for r in range(-span, span + 1):
            x, y = lay.to_pixel(Hex(q, r))
            if lo[0] <= x <= hi[0] and lo[1] <= y <= hi[1]:
                out.append(Hex(q, r))
    return out


def _expected_pitch(grid) -> float:
    # hex layout size is centre-to-corner: neighbours are sqrt(3) * size apart
    return math.sqrt(3.0) if isinstance(grid, HexGrid) else 1.0


@cache
def _geometry(kind: tuple, columns: int, rows: int, margin: int = 3):
    """Geometric adjacency of a window of cells, from pixel centres only."""
    grid = make_grid(kind, columns, rows)
    cells = _window(grid, margin)
    lay = grid.layout(size=1.0)
    xy = np.array([lay.to_pixel(c) for c in cells])
    d = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
    pitch = _expected_pitch(grid)
    near = np.isclose(d, pitch, atol=1e-9)
    if kind == ("square", 8):
        near |= np.isclose(d, math.sqrt(2.0), atol=1e-9)
    adj = {c: {cells[j] for j in np.nonzero(near[i])[0]} for i, c in enumerate(cells)}
    return grid, cells, adj


@cache
def _bfs(kind: tuple, columns: int, rows: int, source) -> dict:
    _, _, adj = _geometry(kind, columns, rows, 8)
    dist = {source: 0}
    todo = deque([source])
    while todo:
        c = todo.popleft()
        for n in adj[c]:
            if n not in dist:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def cells_of(grid):
    return st.tuples(st.integers(0, grid.columns - 1), st.integers(0, grid.rows - 1)).map(
        lambda cr: grid.from_offset(*cr))


# --------------------------------------------------------------------------------------
# conventions: what "flat/pointy, odd/even" mean on the drawn board (docs/map-format.md)
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("orientation,offset", HEX_VARIANTS)
def test_offset_convention_matches_design(orientation, offset):
    g = HexGrid(6, 6, orientation=orientation, offset=offset)
    lay = g.layout(size=10.0)
    P = lambda label: np.array(lay.to_pixel(g.parse(label)))
    if orientation == "flat":
        # columns stand vertically: A1 above A2, same x
        assert P("A1")[0] == pytest.approx(P("A2")[0])
        assert P("A2")[1] > P("A1")[1]
        # odd: B, D... sit half a hex lower than A, C...; even: the other way round
        shift = P("B1")[1] - P("A1")[1]
        half = math.sqrt(3.0) * 10.0 / 2
        assert shift == pytest.approx(half if offset == "odd" else -half)
        assert P("B1")[0] > P("A1")[0]
    else:
        # rows run horizontally: A1 left of B1, same y
        assert P("A1")[1] == pytest.approx(P("B1")[1])
        assert P("B1")[0] > P("A1")[0]
        shift = P("A2")[0] - P("A1")[0]
        half = math.sqrt(3.0) * 10.0 / 2
        assert shift == pytest.approx(half if offset == "odd" else -half)
        assert P("A2")[1] > P("A1")[1]


@pytest.mark.parametrize("orientation,offset", HEX_VARIANTS)
def test_hex_polygons_are_regular_and_oriented(orientation, offset):
    g = HexGrid(5, 5, orientation=orientation, offset=offset)
    lay = g.layout(size=7.0, origin=(3.0, -2.0))
    for c in g.cells():
        cx, cy = lay.to_pixel(c)
        poly = lay.polygon(c)
        assert len(poly) == 6
        for (x, y) in poly:
            assert math.hypot(x - cx, y - cy) == pytest.approx(7.0)
        for i in range(6):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % 6]
            assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(7.0)
        assert Polygon(poly).is_valid and Polygon(poly).area == pytest.approx(1.5 * math.sqrt(3) * 49)
        angles = sorted(round(math.degrees(math.atan2(y - cy, x - cx))) % 360 for x, y in poly)
        # flat: corners left and right (0 degrees); pointy: corners up and down (90 degrees)
        assert (0 in angles) == (orientation == "flat")
        assert (90 in angles) == (orientation == "pointy")


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_tiling_has_no_gaps_or_overlaps(kind):
    g = make_grid(kind, 5, 4)
    lay = g.layout(size=3.0)
    polys = [Polygon(lay.polygon(c)) for c in g.cells()]
    union = shapely.union_all(polys)
    assert union.area == pytest.approx(sum(p.area for p in polys))
    # the board is one connected piece
    assert union.geom_type == "Polygon"


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_pitch(kind):
    g = make_grid(kind)
    assert g.pitch() == pytest.approx(_expected_pitch(g))


# --------------------------------------------------------------------------------------
# distance
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@FAST
@given(data=st.data())
def test_distance_is_a_metric(kind, data):
    g = make_grid(kind, data.draw(st.integers(1, 12)), data.draw(st.integers(1, 12)))
    a, b, c = (data.draw(cells_of(g)) for _ in range(3))
    assert g.distance(a, b) == g.distance(b, a)
    assert g.distance(a, c) <= g.distance(a, b) + g.distance(b, c)
    assert (g.distance(a, b) == 0) == (a == b)
    assert g.distance(a, b) >= 0


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_distance_is_geometric_bfs(kind):
    """distance == fewest steps between cells whose centres are one pitch apart."""
    g, _, _ = _geometry(kind, 7, 6, 8)
    for a in g.cells():
        bfs = _bfs(kind, 7, 6, a)
        for b in g.cells():
            assert g.distance(a, b) == bfs[b], (g.label(a), g.label(b))


@pytest.mark.parametrize("kind", [("square", 4), ("square", 8)], ids=["adj4", "adj8"])
def test_square_distance_by_hand(kind):
    g = make_grid(kind, 10, 10)
    table = {("A1", "D3"): (5, 3), ("C3", "C3"): (0, 0), ("B7", "B2"): (5, 5),
             ("J10", "A1"): (18, 9), ("E5", "F6"): (2, 1), ("E5", "F5"): (1, 1)}
    for (a, b), (d4, d8) in table.items():
        assert g.distance(g.parse(a), g.parse(b)) == (d4 if kind[1] == 4 else d8)


# Counted on drawn boards.  Flat boards: a column step moves half a hex up or
# down, so from (col, half-row y) a path of k column steps reaches any y within
# +-k, and each extra 2 half-rows costs one step.  Flat odd: B, D... sit half a
# hex lower (A1 y=0, B1 y=1, A2 y=2, B2 y=3); flat even: A, C... are the lower
# ones.  Pointy boards are the same with rows and columns swapped (odd: the 2nd,
# 4th... rows sit half a hex to the right).  E.g. flat odd A6 -> F1: five column
# steps rise five half-rows (y 10 -> 5), F1 is at y=1: two more steps, 7.
PAIRS = [("A1", "B1"), ("A2", "B1"), ("A1", "B2"), ("B1", "A2"), ("A1", "D2"), ("A1", "D3"),
         ("B2", "E4"), ("C5", "A1"), ("A1", "F1"), ("A1", "F4"), ("A6", "F1"), ("D4", "D4"),
         ("C3", "E2"), ("B5", "G3"), ("A1", "A6"), ("B1", "B2"), ("A1", "C2"), ("A1", "A2"),
         ("B1", "A1"), ("A3", "B2"), ("E1", "A4")]
HAND_DISTANCES = {
    ("flat", "odd"): [1, 1, 2, 1, 3, 4, 3, 5, 5, 6, 7, 0, 2, 5, 5, 1, 2, 1, 1, 1, 5],
    ("flat", "even"): [1, 2, 1, 2, 3, 3, 4, 5, 5, 5, 8, 0, 2, 5, 5, 1, 2, 1, 1, 2, 5],
    ("pointy", "odd"): [1, 1, 2, 1, 4, 4, 4, 4, 5, 7, 7, 0, 3, 6, 5, 1, 3, 1, 1, 2, 5],
    ("pointy", "even"): [1, 2, 1, 2, 3, 4, 4, 4, 5, 6, 8, 0, 2, 6, 5, 1, 2, 1, 1, 1, 6],
}


@pytest.mark.parametrize("orientation,offset", HEX_VARIANTS)
def test_hex_distance_table(orientation, offset):
    g = HexGrid(8, 8, orientation=orientation, offset=offset)
    got = [g.distance(g.parse(a), g.parse(b)) for a, b in PAIRS]
    assert got == HAND_DISTANCES[(orientation, offset)]


# --------------------------------------------------------------------------------------
# neighbours and the pixel layout
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@pytest.mark.parametrize("size", [(1, 1), (1, 5), (5, 1), (6, 5)])
def test_neighbours_are_one_pitch_away(kind, size):
    g, cells, adj = _geometry(kind, *size, 3)
    inner = [c for c in cells if all(n in adj for n in g.all_neighbours(c))] or cells
    for c in cells:
        if c not in inner:
            continue
        expected = adj[c]
        assert set(g.all_neighbours(c)) == expected
        assert len(g.all_neighbours(c)) == len(expected)
        if c in g:
            assert set(g.neighbours(c)) == {n for n in expected if n in g}
            assert len(g.neighbours(c)) == len(set(g.neighbours(c)))


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_edge_neighbours_share_a_side(kind):
    g = make_grid(kind, 5, 5)
    lay = g.layout()
    for c in g.cells():
        pc = {(round(x, 9), round(y, 9)) for x, y in lay.polygon(c)}
        for n in _geometry(kind, 5, 5, 3)[2][c]:
            pn = {(round(x, 9), round(y, 9)) for x, y in lay.polygon(n)}
            shared = len(pc & pn)
            assert (n in g.edge_neighbours(c)) == (shared == 2)
            assert shared in (1, 2)


layouts = st.tuples(st.floats(0.5, 80.0), st.floats(-500, 500), st.floats(-500, 500))


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@FAST
@given(data=st.data(), lay=layouts)
def test_to_cell_inverts_to_pixel(kind, data, lay):
    g = make_grid(kind, 9, 9)
    size, ox, oy = lay
    layout = g.layout(size=size, origin=(ox, oy))
    q = data.draw(st.integers(-20, 20))
    r = data.draw(st.integers(-20, 20))
    cell = Hex(q, r) if isinstance(g, HexGrid) else Square(q, r)
    assert layout.to_cell(*layout.to_pixel(cell)) == cell
    # a random point strictly inside the cell's polygon maps back to it
    poly = layout.polygon(cell)
    cx, cy = layout.to_pixel(cell)
    i = data.draw(st.integers(0, len(poly) - 1))
    u, v = data.draw(st.floats(0.001, 0.998)), data.draw(st.floats(0.001, 0.998))
    if u + v > 0.998:
        u, v = 0.998 - v, 0.998 - u
        u, v = max(u, 0.0), max(v, 0.0)
    (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
    x = cx + u * (x1 - cx) + v * (x2 - cx)
    y = cy + u * (y1 - cy) + v * (y2 - cy)
    shrunk = Polygon(poly).buffer(-1e-6 * size)
    assume(shrunk.contains(Point(x, y)))
    assert layout.to_cell(x, y) == cell


# --------------------------------------------------------------------------------------
# rotations and reflections are symmetries of the drawn board
# --------------------------------------------------------------------------------------

def test_hex_rotate_and_reflect_are_isometries():
    g = HexGrid(3, 3)
    lay = g.layout()
    o = np.array(lay.to_pixel(Hex(0, 0)))
    for q in range(-4, 5):
        for r in range(-4, 5):
            h = Hex(q, r)
            p = np.array(lay.to_pixel(h)) - o
            # clockwise sixth turn on a y-down board = +60 degrees in these coordinates
            t = math.radians(60)
            rot = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]]) @ p
            assert np.allclose(np.array(lay.to_pixel(h.rotate(1))) - o, rot)
            assert h.rotate(6) == h and h.rotate(-1).rotate(1) == h
            assert h.reflect().reflect() == h
            # reflect is a mirror: distances kept, handedness swapped
            m = np.array(lay.to_pixel(h.reflect())) - o
            assert np.hypot(*m) == pytest.approx(np.hypot(*p))
            assert g.distance(h.reflect(), Hex(1, 0).reflect()) == g.distance(h, Hex(1, 0))


def test_square_rotate_and_reflect_are_isometries():
    for x in range(-4, 5):
        for y in range(-4, 5):
            s = Square(x, y)
            assert s.rotate(1) == Square(-y, x) and s.rotate(4) == s
            assert s.reflect() == Square(x, -y) and s.reflect().reflect() == s


# --------------------------------------------------------------------------------------
# the ruler oracle: shapely in pixel space, with a tolerance
# --------------------------------------------------------------------------------------

TOL = 1e-7


def _near_cells(grid, a, b, layout, line):
    """Every cell (on or off the board) whose centre is within one size of the ruler."""
    if isinstance(grid, SquareGrid):
        xs, ys = sorted((a[0], b[0])), sorted((a[1], b[1]))
        pool = [Square(x, y) for x in range(xs[0] - 2, xs[1] + 3) for y in range(ys[0] - 2, ys[1] + 3)]
    else:
        span = grid.distance(a, b) + 3
        pool = [Hex(a.q + dq, a.r + dr) for dq in range(-span, span + 1)
                for dr in range(-span, span + 1)]
    pts = shapely.points([layout.to_pixel(c) for c in pool])
    d = shapely.distance(pts, line)
    return [c for c, dd in zip(pool, d) if dd <= 1.01 * layout.size]


def _seg_vs_ruler(P, Q, e1, e2, tol):
    """Classify ruler PQ against segment e1e2 with float geometry and a tolerance."""
    P, Q, e1, e2 = map(np.asarray, (P, Q, e1, e2))
    d = Q - P
    L = np.hypot(*d)
    u = d / L
    off = lambda X: (X - P)[0] * u[1] - (X - P)[1] * u[0]
    along = lambda X: float(np.dot(X - P, u))
    h1, h2 = off(e1), off(e2)
    if abs(h1) < tol and abs(h2) < tol:
        lo, hi = sorted((along(e1), along(e2)))
        overlap = min(hi, L) - max(lo, 0.0)
        if overlap > tol:
            return "along"
        return "vertex" if overlap > -tol else None
    ruler = LineString([P, Q])
    for X in (e1, e2):
        if ruler.distance(Point(X)) < tol:
            return "vertex"
    if ruler.distance(LineString([e1, e2])) < tol:
        return "crossed"
    return None


def _oracle(grid, a, b, size=10.0, origin=(13.0, -7.0)):
    if a == b:  # a zero-length ruler: by convention its one cell is crossed
        return {a: "crossed"}, {}
    layout = grid.layout(size=size, origin=origin)
    P, Q = layout.to_pixel(a), layout.to_pixel(b)
    line = LineString([P, Q])
    tol = TOL * size
    cells: dict = {}
    polys: dict = {}
    for c in _near_cells(grid, a, b, layout, line):
        corners = layout.polygon(c)
        poly = Polygon(corners)
        if line.distance(poly) > tol:
            continue
        polys[c] = corners
        inner = line.intersection(poly.buffer(-tol))
        if inner.length > tol:
            cells[c] = "crossed"
            continue
        sides = [_seg_vs_ruler(P, Q, corners[i], corners[(i + 1) % len(corners)], tol)
                 for i in range(len(corners))]
        cells[c] = "along" if "along" in sides else "vertex"
    # edges: touched cells sharing a whole side (two corners), found by coordinates
    edges: dict = {}
    touched = list(polys)
    for i, c in enumerate(touched):
        for n in touched[i + 1:]:
            shared = [p for p in polys[c] if any(math.dist(p, s) < tol for s in polys[n])]
            if len(shared) != 2:
                continue
            kind = _seg_vs_ruler(P, Q, shared[0], shared[1], tol)
            if kind is not None:
                edges[frozenset((c, n))] = kind
    return cells, edges


def _contacts(ruler):
    return ({c.cell: c.contact for c in ruler.cells},
            {frozenset(e.edge): e.contact for e in ruler.edges})


HEX_SPECIAL = [Hex(1, 0), Hex(2, -1), Hex(1, 1), Hex(3, -1), Hex(2, 1), Hex(1, 2)]


def ruler_pairs(grid):
    """Random pairs of board cells, biased towards along/vertex directions."""
    @st.composite
    def pairs(draw):
        a = draw(cells_of(grid))
        if draw(st.booleans()):
            return a, draw(cells_of(grid))
        if isinstance(grid, SquareGrid):
            step = draw(st.sampled_from([Square(1, 1), Square(1, 0), Square(2, 1), Square(1, -1)]))
            k = draw(st.integers(1, 6))
            b = Square(a[0] + k * step[0], a[1] + k * step[1])
        else:
            step = draw(st.sampled_from(HEX_SPECIAL)).rotate(draw(st.integers(0, 5)))
            k = draw(st.integers(1, 4))
            b = Hex(a.q + k * step.q, a.r + k * step.r)
        assume(b in grid)
        return a, b
    return pairs()


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(data=st.data())
def test_ruler_matches_shapely_oracle(kind, data):
    g = make_grid(kind, 9, 8)
    a, b = data.draw(ruler_pairs(g))
    cells, edges = _contacts(g.ruler(a, b))
    ocells, oedges = _oracle(g, a, b)
    assert cells == ocells
    assert edges == oedges
    # every reported edge is a real edge of the grid
    for e in g.ruler(a, b).edges:
        assert e.edge.b in g.edge_neighbours(e.edge.a)


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_ruler_oracle_exhaustive_small_board(kind):
    g = make_grid(kind, 5, 5)
    cells = g.cells()
    for a in cells[::2]:
        for b in cells:
            got = _contacts(g.ruler(a, b))
            assert got == _oracle(g, a, b, size=1.0, origin=(0.0, 0.0)), (g.label(a), g.label(b))


def _along_position(layout, P, Q, cell):
    """Centre of the ruler's contact with a cell, as a position along the ruler."""
    line = LineString([P, Q])
    part = line.intersection(Polygon(layout.polygon(cell)).buffer(1e-6))
    ends = [line.project(Point(x)) for x in part.coords]
    return (min(ends) + max(ends)) / 2


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@FAST
@given(data=st.data())
def test_ruler_order_follows_the_ruler(kind, data):
    g = make_grid(kind, 9, 8)
    a, b = data.draw(ruler_pairs(g))
    assume(a != b)
    r = g.ruler(a, b)
    lay = g.layout(size=10.0)
    P, Q = lay.to_pixel(a), lay.to_pixel(b)
    crossed = [c.cell for c in r.cells if c.contact == "crossed"]
    pos = [_along_position(lay, P, Q, c) for c in crossed]
    assert pos == sorted(pos), "crossed cells out of order along the ruler"
    assert crossed[0] == a and crossed[-1] == b
    # consecutive crossed cells touch (share a side, or a corner on squares), unless
    # the ruler runs along a hexside/interspace between them
    seq = [c.contact for c in r.cells]
    idx = [i for i, k in enumerate(seq) if k == "crossed"]
    for i, j in itertools.pairwise(idx):
        x, y = r.cells[i].cell, r.cells[j].cell
        touching = math.dist(lay.to_pixel(x), lay.to_pixel(y)) < 10.0 * _expected_pitch(g) * (
            1.5 if isinstance(g, SquareGrid) else 1.0) + 1e-6
        assert touching or "along" in seq[i + 1:j], (x, y, seq)
    line = LineString([P, Q])
    epos = []
    for e in r.edges:
        seg = LineString([lay.point(p) for p in g.edge_corners(e.edge)])
        if e.contact == "along":
            epos.append(line.project(seg.centroid))
        else:
            epos.append(line.project(nearest_points(seg, line)[1]))
    assert all(x <= y + 1e-6 for x, y in itertools.pairwise(epos)), "edges out of order"
    # every cell contact in order, by the middle of the ruler's contact with it
    cpos = [_along_position(lay, P, Q, c.cell) for c in r.cells]
    assert all(x <= y + 1e-4 for x, y in itertools.pairwise(cpos)), "cells out of order"


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@FAST
@given(data=st.data())
def test_ruler_symmetric(kind, data):
    g = make_grid(kind, 9, 8)
    a, b = data.draw(ruler_pairs(g))
    ab, ba = g.ruler(a, b), g.ruler(b, a)
    assert _contacts(ab) == _contacts(ba)
    assert ab.contact(a) == ab.contact(b) == "crossed"
    assert all(c.cell not in (a, b) for c in ab.between())
    if a != b:
        assert len(ab.between()) == len(ab.cells) - 2
    fwd = [c.cell for c in ab.cells if c.contact == "crossed"]
    back = [c.cell for c in ba.cells if c.contact == "crossed"]
    assert fwd == back[::-1]


def _map_contacts(contacts, f):
    cells, edges = contacts
    return ({f(c): k for c, k in cells.items()},
            {frozenset(f(x) for x in e): k for e, k in edges.items()})


@pytest.mark.parametrize("orientation,offset", HEX_VARIANTS)
@FAST
@given(a=st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
       b=st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
       turns=st.integers(0, 5), mirror=st.booleans(), shift=st.tuples(st.integers(-5, 5),
                                                                         st.integers(-5, 5)))
def test_hex_ruler_invariant_under_symmetries(orientation, offset, a, b, turns, mirror, shift):
    g = HexGrid(4, 4, orientation=orientation, offset=offset)
    a, b = Hex(*a), Hex(*b)

    def f(h):
        h = h.reflect() if mirror else h
        return h.rotate(turns) + Hex(*shift)

    assert _contacts(g.ruler(f(a), f(b))) == _map_contacts(_contacts(g.ruler(a, b)), f)


@pytest.mark.parametrize("adjacency", SQUARE_ADJ)
@FAST
@given(a=st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
       b=st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
       turns=st.integers(0, 3), mirror=st.booleans(), shift=st.tuples(st.integers(-5, 5),
                                                                         st.integers(-5, 5)))
def test_square_ruler_invariant_under_symmetries(adjacency, a, b, turns, mirror, shift):
    g = SquareGrid(4, 4, adjacency=adjacency)
    a, b = Square(*a), Square(*b)

    def f(s):
        s = s.reflect() if mirror else s
        s = s.rotate(turns)
        return Square(s.x + shift[0], s.y + shift[1])

    assert _contacts(g.ruler(f(a), f(b))) == _map_contacts(_contacts(g.ruler(a, b)), f)


def _geometric_flank(grid, x, y):
    """Cells whose centres are one pitch from both x and y (by pixels)."""
    lay = grid.layout()
    px, py = np.array(lay.to_pixel(x)), np.array(lay.to_pixel(y))
    pool = [Hex(x.q + dq, x.r + dr) for dq in range(-3, 4) for dr in range(-3, 4)]
    p = math.sqrt(3.0)
    return {c for c in pool
            if abs(np.hypot(*(np.array(lay.to_pixel(c)) - px)) - p) < 1e-9
            and abs(np.hypot(*(np.array(lay.to_pixel(c)) - py)) - p) < 1e-9}


@pytest.mark.parametrize("orientation,offset", HEX_VARIANTS)
@pytest.mark.parametrize("k", [1, 2, 3])
def test_hex_straight_lines_cross_consecutive_hexes(orientation, offset, k):
    g = HexGrid(12, 12, orientation=orientation, offset=offset)
    a = g.from_offset(6, 6)
    lay = g.layout()
    pa = np.array(lay.to_pixel(a))
    # the six directions one pitch away, found by pixels
    steps = [h - Hex(0, 0) for h in _geometry((orientation, offset), 1, 1, 3)[2][Hex(0, 0)]]
    assert len(steps) == 6
    for s in steps:
        line = [Hex(a.q + j * s.q, a.r + j * s.r) for j in range(k + 1)]
        r = g.ruler(a, line[-1])
        assert [(c.cell, c.contact) for c in r.cells] == [(c, "crossed") for c in line]
        assert [(e.edge, e.contact) for e in r.edges] == [
            (Edge.of(x, y), "crossed") for x, y in itertools.pairwise(line)]
        assert np.hypot(*(np.array(lay.to_pixel(line[-1])) - pa)) == pytest.approx(k * math.sqrt(3))


@pytest.mark.parametrize("orientation,offset", HEX_VARIANTS)
@pytest.mark.parametrize("k", [1, 2, 3])
def test_hex_hexside_directions_run_along(orientation, offset, k):
    """The 6 directions of cells 3 sizes away (two flanking cells between) run along hexsides."""
    g = HexGrid(14, 14, orientation=orientation, offset=offset)
    a = g.from_offset(7, 7)
    lay = g.layout()
    pa = np.array(lay.to_pixel(a))
    pool = [Hex(a.q + dq, a.r + dr) for dq in range(-3, 4) for dr in range(-3, 4)]
    diag = [h - a for h in pool if abs(np.hypot(*(np.array(lay.to_pixel(h)) - pa)) - 3.0) < 1e-9]
    assert len(diag) == 6
    for s in diag:
        line = [Hex(a.q + j * s.q, a.r + j * s.r) for j in range(k + 1)]
        r = g.ruler(a, line[-1])
        want_cells = {c: "crossed" for c in line}
        want_edges = {}
        for x, y in itertools.pairwise(line):
            f1, f2 = sorted(_geometric_flank(g, x, y))
            want_cells[f1] = want_cells[f2] = "along"
            want_edges[frozenset((f1, f2))] = "along"
            for f in (f1, f2):
                want_edges[frozenset((x, f))] = "vertex"
                want_edges[frozenset((y, f))] = "vertex"
        assert _contacts(r) == (want_cells, want_edges)


@pytest.mark.parametrize("adjacency", SQUARE_ADJ)
@pytest.mark.parametrize("k", [1, 2, 4])
@pytest.mark.parametrize("dx,dy", [(1, 1), (1, -1), (-1, 1), (-1, -1)])
def test_square_diagonal_touches_corners(adjacency, k, dx, dy):
    g = SquareGrid(12, 12, adjacency=adjacency)
    a = Square(5, 5)
    line = [Square(5 + j * dx, 5 + j * dy) for j in range(k + 1)]
    r = g.ruler(a, line[-1])
    want_cells = {c: "crossed" for c in line}
    want_edges = {}
    for x, y in itertools.pairwise(line):
        side1, side2 = Square(x.x, y.y), Square(y.x, x.y)
        want_cells[side1] = want_cells[side2] = "vertex"
        for s in (side1, side2):
            want_edges[frozenset((x, s))] = "vertex"
            want_edges[frozenset((y, s))] = "vertex"
    assert _contacts(r) == (want_cells, want_edges)


def test_square_orthogonal_ruler_crosses_interspaces():
    g = SquareGrid(8, 8)
    r = g.ruler(Square(1, 2), Square(4, 2))
    assert [(c.cell, c.contact) for c in r.cells] == [(Square(x, 2), "crossed") for x in range(1, 5)]
    assert [e.contact for e in r.edges] == ["crossed"] * 3


def test_ruler_same_cell():
    g = HexGrid(3, 3)
    r = g.ruler(Hex(1, 0), Hex(1, 0))
    assert [(c.cell, c.contact) for c in r.cells] == [(Hex(1, 0), "crossed")] and r.edges == ()


# --------------------------------------------------------------------------------------
# edges, vertices, rings
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@FAST
@given(data=st.data())
def test_edge_requires_adjacent_cells(kind, data):
    g = make_grid(kind, 8, 8)
    a, b = data.draw(cells_of(g)), data.draw(cells_of(g))
    lay = g.layout()
    d = math.dist(lay.to_pixel(a), lay.to_pixel(b))
    shares_side = abs(d - _expected_pitch(g)) < 1e-9
    if shares_side:
        e = g.edge(a, b)
        assert e == g.edge(b, a) and set(e) == {a, b}
        c1, c2 = (lay.point(p) for p in g.edge_corners(e))
        assert math.dist(c1, c2) == pytest.approx(1.0)
        for cell in (a, b):
            poly = lay.polygon(cell)
            assert any(math.dist(c1, p) < 1e-9 for p in poly)
            assert any(math.dist(c2, p) < 1e-9 for p in poly)
        assert g.edge_label(e) in (f"{g.label(a)}|{g.label(b)}", f"{g.label(b)}|{g.label(a)}")
    else:
        with pytest.raises(GridError):
            g.edge(a, b)


@pytest.mark.parametrize("adjacency", SQUARE_ADJ)
def test_square_diagonals_share_no_interspace(adjacency):
    g = SquareGrid(5, 5, adjacency=adjacency)
    with pytest.raises(GridError, match="not adjacent"):
        g.edge(Square(1, 1), Square(2, 2))
    with pytest.raises(GridError):
        g.edge_corners(Edge.of(Square(1, 1), Square(2, 2)))


def _edge_count(kind, c, r):
    if kind[0] == "square":
        return c * (r - 1) + r * (c - 1)
    if kind[0] == "flat":
        # c columns of r-1 vertical sides; between two columns a zigzag of 2r-1 sides
        return c * (r - 1) + (c - 1) * (2 * r - 1)
    return r * (c - 1) + (r - 1) * (2 * c - 1)


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@pytest.mark.parametrize("size", [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4), (7, 7)])
def test_edges_count_and_geometry(kind, size):
    g = make_grid(kind, *size)
    edges = g.edges()
    assert len(edges) == len(set(edges)) == _edge_count(kind, *size)
    lay = g.layout()
    for e in edges:
        assert e.a in g and e.b in g and e == Edge.of(e.b, e.a)
        assert math.dist(lay.to_pixel(e.a), lay.to_pixel(e.b)) == pytest.approx(_expected_pitch(g))
    # brute force: every pair of board cells with a common side, by polygons
    polys = {c: {(round(x, 9), round(y, 9)) for x, y in lay.polygon(c)} for c in g.cells()}
    cells = g.cells()
    brute = {frozenset((a, b)) for i, a in enumerate(cells) for b in cells[i + 1:]
             if len(polys[a] & polys[b]) == 2}
    assert {frozenset(e) for e in edges} == brute


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_cells_at_vertex(kind):
    g = make_grid(kind, 4, 4)
    lay = g.layout()
    window = _window(g, 2)
    polys = {c: [lay.point(p) for p in g.vertices(c)] for c in window}
    for c in g.cells():
        for v in g.vertices(c):
            pv = lay.point(v)
            brute = sorted(x for x in window if any(math.dist(pv, p) < 1e-9 for p in polys[x]))
            assert g.cells_at_vertex(v) == brute
            assert len(brute) == (3 if isinstance(g, HexGrid) else 4)


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
def test_ring_and_within_sizes_away_from_rim(kind):
    g = make_grid(kind, 15, 15)
    center = g.from_offset(7, 7)
    for k in range(5):
        ring, within = g.ring(center, k), g.within(center, k)
        assert len(ring) == len(set(ring)) and len(within) == len(set(within))
        if isinstance(g, HexGrid):
            assert len(ring) == (1 if k == 0 else 6 * k)
            assert len(within) == 3 * k * (k + 1) + 1
        elif kind[1] == 8:
            assert len(ring) == (1 if k == 0 else 8 * k)
            assert len(within) == (2 * k + 1) ** 2
        else:
            assert len(ring) == (1 if k == 0 else 4 * k)
            assert len(within) == 2 * k * (k + 1) + 1


@pytest.mark.parametrize("kind", ALL_KINDS, ids=KIND_IDS)
@FAST
@given(data=st.data())
def test_ring_and_within_match_brute_force(kind, data):
    g = make_grid(kind, 7, 6)
    c = data.draw(cells_of(g))
    k = data.draw(st.integers(0, 8))
    bfs = _bfs(kind, 7, 6, c)
    assert set(g.ring(c, k)) == {x for x in g.cells() if bfs[x] == k}
    assert len(g.ring(c, k)) == len(set(g.ring(c, k)))
    assert set(g.within(c, k)) == {x for x in g.cells() if bfs[x] <= k}
    assert len(g.within(c, k)) == len(set(g.within(c, k)))
