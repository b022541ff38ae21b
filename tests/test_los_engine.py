"""LOS engine: templates against the grid's own exact rulers, vectorised == single, properties."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartools.grids import Edge, Hex, HexGrid, Square, SquareGrid
from wartools.los import evaluate, geometry, line_of_sight, viewshed, visibility_matrix
from wartools.los.templates import KINDS, directions, templates_for
from wartools.testing import tiny_map

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("grid, cell", [(HexGrid(30, 30), Hex), (SquareGrid(20, 20), Square)])
def test_templates_match_integer_rulers(grid, cell):
    """Shapely-classified templates agree with Grid.ruler's pure-integer classification."""
    t = templates_for(grid, 16)
    dirs = directions(grid.type)
    rnd = random.Random(3)
    for _ in range(150):
        d = (rnd.randint(-8, 8), rnd.randint(-8, 8))
        r = grid.ruler(cell(0, 0), cell(*d))
        dq, dr, k = t.cells_of(d)[:3]
        assert sorted((tuple(c.cell), c.contact) for c in r.cells) == \
            sorted(((int(x), int(y)), KINDS[z]) for x, y, z in zip(dq, dr, k))
        dq, dr, di, k = t.edges_of(d)[:4]
        got = sorted((Edge.of(cell(int(x), int(y)), cell(int(x) + dirs[z][0], int(y) + dirs[z][1])), KINDS[kk])
                     for x, y, z, kk in zip(dq, dr, di, k))
        assert sorted((e.edge, e.contact) for e in r.edges) == got


@st.composite
def random_maps(draw, game="combat-infantry", blockers=("town",)):
    cols, rows = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    g = HexGrid(cols, rows)
    cells = list(g.cells())
    chosen = draw(st.lists(st.sampled_from(cells), max_size=len(cells) // 3, unique=True))
    terrain = {g.label(c): draw(st.sampled_from(blockers)) for c in chosen}
    edges = draw(st.lists(st.sampled_from(list(g.edges())), max_size=6, unique=True))
    elev = draw(st.lists(st.sampled_from(cells), max_size=4, unique=True))
    elevation = {g.label(c): draw(st.integers(1, 2)) for c in elev}
    feature = {"combat-infantry": "hedge", "conflict-of-heroes": "wall"}.get(game)
    return tiny_map(game, cols, rows, terrain=terrain, elevation=elevation,
                    edges={(g.label(e.a), g.label(e.b)): feature for e in edges} if feature else None)


@SETTINGS
@given(random_maps(), st.randoms(use_true_random=False))
def test_vectorised_equals_single(m, rnd):
    cells = list(m.grid.cells())
    vm = visibility_matrix(m, progress=False)
    for _ in range(15):
        a, b = rnd.choice(cells), rnd.choice(cells)
        r = line_of_sight(m, a, b)
        assert vm.sees(a, b) == r.visible
        assert vm.status[vm.index(a), vm.index(b)] == ("clear", "hindered", "blocked").index(r.status)


@SETTINGS
@given(random_maps(game="conflict-of-heroes", blockers=("woods", "brush", "building")))
def test_symmetry_conflict_of_heroes(m):
    vm = visibility_matrix(m, progress=False)
    # computed over all ordered pairs with a non-symmetric flag to compare honestly
    geo = geometry(m)
    ids = geo.exts(vm.cells)
    i, j = np.nonzero(~np.eye(len(ids), dtype=bool))
    ev = evaluate(m, ids[i], ids[j])
    full = np.eye(len(ids), dtype=bool)
    full[i, j] = ev.visible
    assert (full == full.T).all()
    assert (full == vm.visible).all()


@SETTINGS
@given(random_maps(), st.data())
def test_adding_a_blocker_never_clears_a_line(m, data):
    cells = list(m.grid.cells())
    before = visibility_matrix(m, progress=False).visible
    c = data.draw(st.sampled_from(cells))
    blocked = m.with_terrain(c, "town")
    e = data.draw(st.sampled_from(list(m.grid.edges())))
    blocked = blocked.with_edge_feature(e.a, e.b, "hedge") if "hedge" not in blocked.edge_features_at(e) \
        else blocked
    after = visibility_matrix(blocked, progress=False).visible
    assert not (after & ~before).any()


def _transform(m, centre, f):
    """The map's terrain, elevation and hedges moved by ``f`` (about ``centre``) onto a 21x21 board."""
    big = HexGrid(21, 21)
    mid = big.from_offset(10, 10)

    def move(c):
        return mid + f(c - centre)
    return tiny_map(m.game.id, 21, 21, terrain={big.label(move(c)): t for c, t in m.terrain.items()},
                    elevation={big.label(move(c)): v for c, v in m.elevation.items()},
                    edges={(big.label(move(e.a)), big.label(move(e.b))): fs for e, fs in m.edges.items()}), move


@SETTINGS
@given(random_maps(), st.integers(0, 5), st.booleans())
def test_rotating_or_reflecting_changes_nothing(m, turns, mirror):
    centre = m.grid.from_offset(2, 2)

    def f(h):
        h = Hex(*h).rotate(turns)
        return h.reflect() if mirror else h
    moved, move = _transform(m, centre, f)
    cells = list(m.grid.cells())
    rnd = random.Random(turns)
    for _ in range(25):
        a, b = rnd.choice(cells), rnd.choice(cells)
        assert line_of_sight(m, a, b).status == line_of_sight(moved, move(a), move(b)).status


def test_viewshed_is_the_row_of_the_matrix():
    m = tiny_map("combat-infantry", 6, 6, terrain={"C3": "town", "D4": "orchard"}, edges={("B2", "B3"): "hedge"},
                 elevation={"E5": 1})
    vm = visibility_matrix(m, progress=False)
    for c in m.grid.cells():
        assert set(viewshed(m, c)) == {d for d in vm.cells if vm.sees(c, d)}


def test_json_answer_has_exactly_the_design_keys():
    m = tiny_map("combat-infantry", 5, 5, terrain={"C3": "town"})
    r = line_of_sight(m, "C2", "C4")
    assert set(r.to_json()) == {"from", "to", "visible", "status", "reasons", "assumptions"}
    assert r.to_json()["reasons"] == [{"where": "C3", "contact": "crossed",
                                      "rule": "Combat Infantry 6.4: blocking terrain (town) in C3 between the ends"}]
    assert r.range == 2 and r.ruler.start == m.cell("C2")


def test_result_is_frozen_and_draws():
    import matplotlib
    matplotlib.use("Agg")
    m = tiny_map("combat-infantry", 5, 5, terrain={"C3": "town"})
    r = line_of_sight(m, "C2", "C4")
    with pytest.raises(AttributeError):
        r.visible = True  # type: ignore[misc]
    ax = r.draw()
    assert any(getattr(a, "get_gid", lambda: None)() == "los-ruler" for a in ax.get_lines())


def test_analysis_csv_dead_ground_and_coverage(tmp_path):
    from wartools.los import coverage, dead_ground, to_csv
    m = tiny_map("combat-infantry", 5, 1, terrain={"C1": "town"})
    assert [m.label(c) for c in dead_ground(m, ["A1"])] == ["D1", "E1"]
    cov = coverage(m)
    assert cov[m.cell("A1")] == 2 and cov[m.cell("C1")] == 4
    vm = visibility_matrix(m, progress=False)
    text = vm.to_csv(tmp_path / "m.csv")
    assert text.splitlines()[1] == "A1,1,1,1,0,0"
    assert (tmp_path / "m.csv").read_text() == text
    assert to_csv(cov, m).startswith("cell,value\nA1,2")


def test_bad_options_are_wartools_errors():
    from wartools.errors import WartoolsError
    m = tiny_map("combat-infantry", 3, 3)
    with pytest.raises(WartoolsError, match="unknown unit type"):
        line_of_sight(m, "A1", "B2", unit="pogo-stick")
    with pytest.raises(WartoolsError, match="mode"):
        line_of_sight(m, "A1", "B2", mode="smell")
    with pytest.raises(WartoolsError, match="off the"):
        line_of_sight(m, "A1", "Z9")


def test_cli_los_and_viewshed(capsys):
    from wartools.cli import main
    import json
    assert main(["los", "maps/combat-infantry-river-crossing.yaml", "A1", "C3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"from", "to", "visible", "status", "reasons", "assumptions"}
    assert main(["viewshed", "maps/heroes-of-normandie-dog-red.yaml", "A1", "--range", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["from"] == "A1" and "A1" in out["visible"]
    assert main(["los", "maps/combat-infantry-river-crossing.yaml", "A1", "ZZ99"]) == 2
    assert main(["viewshed", "maps/combat-infantry-river-crossing.yaml", "A1", "--range", "-1"]) == 2


def test_los_result_shows_itself_in_a_notebook():
    m = tiny_map("company-of-heroes", 5, 5, terrain={"C3": "building"})
    assert line_of_sight(m, "C2", "C4")._repr_png_()[:4] == b"\x89PNG"
