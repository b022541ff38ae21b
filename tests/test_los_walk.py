"""The exact integer line walk equals the former shapely templates and the grid's own rulers.

The walk (:mod:`wartools.los.walk`) replaced the shapely-classified ruler
templates; these properties hold it to the old classification row for row
(kind, order, side, corner key of every cell and edge contact), on hex boards
of both orientations and offsets and on square boards with 4 and 8 adjacency,
for short rulers (against the shapely oracle) and long ones (against
:meth:`wartools.grids.base.Grid.ruler`, pure integer arithmetic per ruler).
The filtered walk a batch of long rulers uses equals the dense-table path, and
the tiled and streamed all-pairs matrices equal the in-memory one.
"""
from __future__ import annotations

import functools
import importlib
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shapely_templates import shapely_templates
from wartools.grids import Edge, HexGrid, SquareGrid
from wartools.los import geometry, line_of_sight, visibility_matrix, write_matrix
from wartools.los.templates import KINDS, Templates, directions, frame_for, templates_for
from wartools.los.walk import walk
from wartools.mapmodel import Map
from wartools.testing import tiny_map


geometry_module = importlib.import_module("wartools.los.geometry")   # the package re-exports a function
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
ORACLE_RADIUS = 12

GRIDS = [HexGrid(9, 9), HexGrid(9, 9, orientation="pointy"), HexGrid(9, 9, offset="even"),
         HexGrid(9, 9, orientation="pointy", offset="even"), SquareGrid(9, 9), SquareGrid(9, 9, adjacency=4)]


@functools.lru_cache(maxsize=None)
def oracle(grid_key: tuple[type, int | None]) -> Templates:
    grid = next(g for g in GRIDS if (type(g), getattr(g, "adjacency", None)) == grid_key)
    return shapely_templates(frame_for(grid), ORACLE_RADIUS)


def _key(grid):
    return type(grid), getattr(grid, "adjacency", None)


def _rows(w, i):
    """Cell and edge rows of ruler ``i`` of a walk, as tuples, in the walk's order."""
    c = np.flatnonzero(w.c_ruler == i)
    e = np.flatnonzero(w.e_ruler == i)
    cells = list(zip(*(a[c].tolist() for a in (w.c_dq, w.c_dr, w.c_kind, w.c_order, w.c_side, w.c_corner))))
    edges = list(zip(*(a[e].tolist() for a in (w.e_dq, w.e_dr, w.e_dir, w.e_kind, w.e_order, w.e_side,
                                                 w.e_corner))))
    return cells, edges


displacements = st.tuples(st.integers(-ORACLE_RADIUS, ORACLE_RADIUS), st.integers(-ORACLE_RADIUS, ORACLE_RADIUS))


@SETTINGS
@given(st.sampled_from(GRIDS), st.lists(displacements, min_size=1, max_size=12))
def test_walk_equals_the_shapely_templates(grid, ds):
    """Every attribute of every contact equals the shapely classification; rows follow the ruler."""
    f = frame_for(grid)
    dq, dr = np.array([d[0] for d in ds]), np.array([d[1] for d in ds])
    ds = [d for d, dist in zip(ds, f.distance(dq, dr)) if dist <= ORACLE_RADIUS]
    w = walk(f, np.array([d[0] for d in ds], dtype=np.int64), np.array([d[1] for d in ds], dtype=np.int64))
    t = oracle(_key(grid))
    for i, d in enumerate(ds):
        cells, edges = _rows(w, i)
        old_c = list(zip(*(a.tolist() for a in t.cells_of(d))))
        old_e = list(zip(*(a.tolist() for a in t.edges_of(d))))
        assert sorted(cells) == sorted(old_c), d
        assert sorted(edges) == sorted(old_e), d
        # sorted by order, ties by position (the shapely order of ties was the STRtree's)
        assert cells == sorted(cells, key=lambda r: (r[3], r[0], r[1]))
        assert edges == sorted(edges, key=lambda r: (r[4], r[0], r[1], r[2]))
        # the end cell projects farthest: a batch's order_max needs no other row
        assert max(r[3] for r in cells) == next(r[3] for r in cells if (r[0], r[1]) == d)


long_displacements = st.tuples(st.integers(-150, 150), st.integers(-150, 150))


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(GRIDS), long_displacements)
def test_long_rulers_equal_the_grids_integer_rulers(grid, d):
    """Far beyond any template radius, the walk agrees with Grid.ruler contact for contact."""
    cell = type(grid.from_offset(0, 0))
    r = grid.ruler(cell(0, 0), cell(*d))
    w = walk(frame_for(grid), np.array([d[0]]), np.array([d[1]]))
    cells, edges = _rows(w, 0)
    assert sorted(((c[0], c[1]), KINDS[c[2]]) for c in cells) == \
        sorted((tuple(c.cell), c.contact) for c in r.cells)
    dirs = directions(grid.type)
    got = sorted((Edge.of(cell(q, rr), cell(q + dirs[k][0], rr + dirs[k][1])), KINDS[kind])
                 for q, rr, k, kind, *_ in edges)
    assert got == sorted((e.edge, e.contact) for e in r.edges)


def random_map(rnd: np.random.Generator, kind: str, cols: int, rows: int) -> Map:
    game = "combat-infantry" if kind == "hex" else "heroes-of-normandie"
    g = tiny_map(game, cols, rows).grid
    cells, edges = list(g.cells()), list(g.edges())
    blocker = "woods" if kind == "hex" else "building"
    terrain = {g.label(cells[i]): blocker for i in rnd.choice(len(cells), len(cells) // 6, replace=False)}
    feature = "hedge" if kind == "hex" else "wall"
    crossings = {(g.label(edges[i].a), g.label(edges[i].b)): feature
                 for i in rnd.choice(len(edges), len(edges) // 12, replace=False)}
    return tiny_map(game, cols, rows, terrain=terrain, edges=crossings)


ATTRS = ("cp", "cc", "ck", "co", "cs", "cx", "ep", "ee", "ek", "eo", "es", "ex", "order_max")


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["hex", "square"]), st.integers(0, 2 ** 32 - 1), st.booleans(), st.booleans())
def test_filtered_walk_equals_the_dense_table(monkeypatch_module, kind, seed, mask_cells, mask_edges):
    """A batch that walks its rulers (keeping only masked rows) equals one read from the table."""
    rnd = np.random.default_rng(seed)
    m = random_map(rnd, kind, 14, 11)
    geo = geometry(m)
    board = geo.board_ids
    a, b = rnd.choice(board, 300), rnd.choice(board, 300)
    a[:5] = b[:5]                                     # some rulers of length 0
    cells = rnd.random(geo.n) < 0.3 if mask_cells else None
    edges = rnd.random(geo.n * len(geo.dirs)) < 0.2 if mask_edges else None
    templates_for(m.grid, int(geo.distance(a, b).max()))
    dense = geo.batch(a, b, cells=cells, edges=edges)
    assert hasattr(dense, "_t")
    with monkeypatch_module.context() as mp:
        mp.setattr(geometry_module, "cached_templates", lambda grid, radius: None)
        mp.setattr(geometry_module, "DENSE_MAX", -1)
        mp.setattr(geo, "templates", None)
        walked = geo.batch(a, b, cells=cells, edges=edges)
    assert not hasattr(walked, "_t")
    for name in ATTRS:
        assert np.array_equal(np.asarray(getattr(dense, name)), np.asarray(getattr(walked, name))), name


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def test_long_line_of_sight_on_a_large_board_walks_only_its_ruler():
    """Corner to corner on 60 x 60 boards: the answer equals a judgement of Grid.ruler's contacts."""
    for kind in ("hex", "square"):
        m = random_map(np.random.default_rng(5), kind, 60, 60)
        g = m.grid
        a, b = g.from_offset(0, 0), g.from_offset(59, 59)
        r = line_of_sight(m, a, b)
        blocker = "woods" if kind == "hex" else "building"
        crossed = [c.cell for c in g.ruler(a, b).between() if c.contact == "crossed"
                   and m.terrain_at(c.cell) == blocker]
        assert crossed and not r.visible
        assert {x.cell for x in r.reasons if x.cell is not None} >= set(crossed)


@pytest.mark.parametrize("kind", ["hex", "square"])
def test_tiled_and_streamed_matrices_equal_the_whole(tmp_path, kind):
    m = random_map(np.random.default_rng(11), kind, 7, 6)
    whole = visibility_matrix(m, progress=False, chunk=10 ** 6)
    assert np.array_equal(visibility_matrix(m, progress=False, chunk=7).status, whole.status)
    out = write_matrix(m, tmp_path / "m.csv", progress=False, chunk=13)
    assert out.read_text() == whole.to_csv()
    with_range = write_matrix(m, tmp_path / "r.csv", progress=False, range=2)
    assert with_range.read_text() == visibility_matrix(m, progress=False, range=2).to_csv()
    assert sorted(os.listdir(tmp_path)) == ["m.csv", "r.csv"]     # no partial file left behind


def test_streamed_matrix_resumes_after_an_interruption(tmp_path, monkeypatch):
    import wartools.los.analysis as analysis
    m = random_map(np.random.default_rng(3), "hex", 6, 6)
    expected = visibility_matrix(m, progress=False).to_csv()
    calls = []
    real = analysis.evaluate

    class Killed(Exception):
        pass

    def dying(*args, **kwargs):
        if len(calls) == 2:
            raise Killed
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(analysis, "evaluate", dying)
    with pytest.raises(Killed):
        write_matrix(m, tmp_path / "m.csv", progress=False, chunk=40)
    partial = [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]
    assert len(partial) == 1 and not (tmp_path / "m.csv").exists()
    with open(partial[0], "ab") as fh:                  # a row torn by the interruption
        fh.write(b"F6,1,0")
    done = partial[0].read_text().count("\n") - 1
    assert 0 < done < 36
    monkeypatch.setattr(analysis, "evaluate", real)
    seen = []
    monkeypatch.setattr(analysis, "evaluate", lambda *a, **k: seen.append(len(a[1])) or real(*a, **k))
    assert write_matrix(m, tmp_path / "m.csv", progress=False, chunk=40).read_text() == expected
    assert sum(seen) == (36 - done) * 35                # only the missing rows were judged
    assert [p.name for p in tmp_path.iterdir()] == ["m.csv"]


def test_streamed_matrix_through_a_link_writes_its_target(tmp_path):
    m = random_map(np.random.default_rng(4), "square", 4, 3)
    real = tmp_path / "real.csv"
    real.write_text("old")
    (tmp_path / "link.csv").symlink_to(real)
    write_matrix(m, tmp_path / "link.csv", progress=False)
    assert (tmp_path / "link.csv").is_symlink()
    assert real.read_text() == visibility_matrix(m, progress=False).to_csv()


def _degenerate(kind: str, k: int) -> list[tuple[int, int]]:
    """Rulers ``k`` steps along the grid's degenerate directions: along hexsides and through hex
    corners (hex), through square corners and along the axes (square)."""
    if kind == "hex":
        dirs = [(2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (1, 0), (0, 1), (-1, 1),
                (4, 1), (5, -1), (1, 4), (-5, 4)]
    else:
        dirs = [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (0, 1), (2, 1), (1, -2)]
    return [(k * a, k * b) for a, b in dirs]


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(GRIDS), st.lists(st.tuples(st.integers(-200, 200), st.integers(-200, 200)), max_size=40),
       st.integers(1, 60))
def test_compiled_walk_gives_the_numpy_walks_rows_bit_for_bit(grid, ds, k):
    """The compiled walk (walk.py's numba loop) and the numpy walk, the reference, give the same
    rows in the same order with the same dtypes: random rulers of both grid kinds and every frame,
    the degenerate ones (along hexsides, through corners), length 0 and 1, and the longest rulers of
    the largest board the limits allow (a single row or column of MAX_CELLS cells, the square
    board's diagonal)."""
    from wartools.limits import MAX_CELLS
    from wartools.los.walk import walk_compiled, walk_numpy

    side, far = int(MAX_CELLS ** 0.5) - 1, MAX_CELLS - 1
    ds = ds + _degenerate(grid.type, k) + _degenerate(grid.type, 1) + [(0, 0), (0, 0)] + \
        [(far, 0), (0, -far), (side, side), (-side, side)]
    dq, dr = np.array([d[0] for d in ds], dtype=np.int64), np.array([d[1] for d in ds], dtype=np.int64)
    f = frame_for(grid)
    got, want = walk_compiled(f, dq, dr), walk_numpy(f, dq, dr)
    assert set(want.c_kind.tolist()) >= ({0, 1, 2} if grid.type == "hex" else {0, 2})   # the cases are there
    for name, w in want.__dict__.items():
        g = getattr(got, name)
        assert g.dtype == w.dtype and np.array_equal(g, w), name
