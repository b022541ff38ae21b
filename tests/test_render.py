"""Map pictures: assert on the artists drawn, not on pixels."""
from __future__ import annotations

import matplotlib.pyplot as plt
import pytest

from matplotlib.colors import to_rgba

from wartools.errors import WartoolsError
from wartools.games import find_game, game_ids
from wartools.rules.style import EdgeStyle, MapStyle
from wartools.mapmodel import loads_map
from wartools.render import (annotate_cells, draw_map, draw_path, draw_ruler, heat_cells, highlight_cells,
                             highlight_edges, map_png, save_figure)
from wartools.render.style import FALLBACK_EDGE, FALLBACK_TERRAIN
from wartools.testing import tiny_map


from test_mapmodel import GOOD


@pytest.fixture
def m():
    return loads_map(GOOD)


def gids(ax):
    return [c.get_gid() for c in ax.collections]


def test_every_cell_is_filled_with_its_terrain_colour(m):
    ax = draw_map(m)
    terrain = next(c for c in ax.collections if c.get_gid() == "terrain")
    assert len(terrain.get_paths()) == len(m.grid)
    colours = terrain.get_facecolors()
    index = list(m.grid.cells()).index(m.cell("C4"))
    assert tuple(colours[index]) == pytest.approx(to_rgba(m.game.map_style.terrain["woods"]))


def test_edge_features_roads_elevation_units_and_labels_are_drawn(m):
    ax = draw_map(m)
    assert {"terrain", "elevation", "edges:hedge", "edges:river", "roads:paved"} <= set(gids(ax))
    hedge = next(c for c in ax.collections if c.get_gid() == "edges:hedge")
    assert len(hedge.get_segments()) == 1
    assert tuple(hedge.get_colors()[0]) == pytest.approx(to_rgba(m.game.map_style.edges["hedge"].colour))
    assert [p.get_gid() for p in ax.patches] == ["unit:us-1"]
    labels = [t.get_text() for t in ax.texts if t.get_gid() == "label"]
    assert len(labels) == len(m.grid) and "C4" in labels
    assert any(line.get_gid() == "objective:victory" for line in ax.lines)
    assert [line.get_gid() for line in ax.lines if line.get_gid().startswith("feature:")] == ["feature:foxhole"]


def test_hedge_is_drawn_on_the_shared_hexside(m):
    ax = draw_map(m)
    (seg,) = next(c for c in ax.collections if c.get_gid() == "edges:hedge").get_segments()
    layout = m.grid.layout()
    corners_c4 = {tuple(round(v, 6) for v in p) for p in layout.polygon(m.cell("C4"))}
    corners_c5 = {tuple(round(v, 6) for v in p) for p in layout.polygon(m.cell("C5"))}
    ends = {tuple(round(v, 6) for v in p) for p in seg}
    assert ends <= corners_c4 & corners_c5


def test_overlays_add_named_artists(m):
    ax = draw_map(m)
    highlight_cells(ax, m, ["A1", "B2"])
    heat_cells(ax, m, {m.cell("A1"): 3, m.cell("B1"): 1}, colorbar="seen by")
    highlight_edges(ax, m, [m.edge("C4", "C5")])
    draw_ruler(ax, m, "A1", "D4")
    draw_path(ax, m, ["A1", "B1", "C2"])
    annotate_cells(ax, m, {"A1": 2})
    assert {"highlight", "heat", "highlight-edges"} <= set(gids(ax))
    assert any(line.get_gid() == "ruler" for line in ax.lines)
    assert sum(1 for t in ax.texts if t.get_gid() == "path") == 2
    assert [t.get_text() for t in ax.texts if t.get_gid() == "annotation"] == ["2"]


def test_square_maps_draw_too():
    m = tiny_map("heroes-of-normandie", 5, 4, terrain={"B2": "building"}, edges={("B2", "C2"): "wall"})
    ax = draw_map(m)
    assert "edges:wall" in gids(ax)


def test_png_and_svg_export(tmp_path, m):
    ax = draw_map(m)
    png, svg = save_figure(ax.figure, tmp_path / "m.png"), save_figure(ax.figure, tmp_path / "m.svg")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in svg.read_bytes()[:500]
    with pytest.raises(WartoolsError, match="picture format"):
        save_figure(ax.figure, tmp_path / "m.gif")
    plt.close("all")


def test_map_displays_itself_in_a_notebook(m):
    assert m._repr_png_()[:4] == b"\x89PNG"
    assert map_png(m)[:4] == b"\x89PNG"


def test_legend_lists_what_the_map_uses(m):
    ax = draw_map(m, legend=True)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"clear", "woods", "town", "hedge", "river", "paved road", "foxhole", "victory objective"} <= set(texts)
    assert "marsh" not in texts and ax.get_legend().get_gid() == "legend"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_name_in_a_games_vocabulary_has_a_style(game_id):
    """A terrain, edge feature or cell feature added to a game without a colour fails here."""
    game = find_game(game_id)
    style = game.map_style
    assert [t for t in game.terrain if t not in style.terrain] == []
    assert [f for f in game.edge_features if f not in style.edges] == []
    assert [f for f in game.cell_features if f not in style.features] == []
    assert style.crossings <= set(game.edge_features.names)
    # nothing styled that the game cannot name (a typo would silently never be used)
    assert set(style.terrain) <= set(game.terrain.names)
    assert set(style.edges) <= set(game.edge_features.names)
    assert set(style.features) <= set(game.cell_features.names)


def test_the_map_is_drawn_in_its_games_style(m, monkeypatch):
    """The renderer reads ``game.map_style``; names the game leaves unstyled get neutral fallbacks."""
    game_class = type(m.game)
    monkeypatch.setattr(game_class, "map_style", MapStyle(terrain={"woods": "#123456"},
                                                          edges={"river": EdgeStyle("#abcdef", 7.0, ":")}))
    ax = draw_map(m, legend=True)
    terrain = next(c for c in ax.collections if c.get_gid() == "terrain").get_facecolors()
    cells = list(m.grid.cells())
    assert tuple(terrain[cells.index(m.cell("C4"))]) == pytest.approx(to_rgba("#123456"))
    assert tuple(terrain[cells.index(m.cell("D4"))]) == pytest.approx(to_rgba(FALLBACK_TERRAIN))
    river = next(c for c in ax.collections if c.get_gid() == "edges:river")
    assert tuple(river.get_colors()[0]) == pytest.approx(to_rgba("#abcdef"))
    assert river.get_linewidths()[0] == 7.0
    hedge = next(c for c in ax.collections if c.get_gid() == "edges:hedge")
    assert tuple(hedge.get_colors()[0]) == pytest.approx(to_rgba(FALLBACK_EDGE.colour))
    key = {t.get_text(): h for t, h in zip(ax.get_legend().get_texts(), ax.get_legend().legend_handles)}
    assert key["woods"].get_facecolor() == pytest.approx(to_rgba("#123456"))
    plt.close("all")


def test_crossings_are_drawn_over_what_they_cross():
    m = tiny_map("ci", 4, 4, edges={("B2", "B3"): ["bridge", "river"], ("C2", "C3"): "river", ("A2", "A3"): "hedge"})
    assert "bridge" in m.game.map_style.crossings
    order = [c.get_gid() for c in draw_map(m).collections if c.get_gid().startswith("edges:")]
    assert order[-1] == "edges:bridge" and set(order) == {"edges:bridge", "edges:river", "edges:hedge"}
    plt.close("all")


def test_the_matrix_picture_draws_the_matrixs_own_coverage_answer(monkeypatch):
    """render draws answers and computes nothing: the all-pairs matrix's picture shades each cell by the
    matrix's own answer (``seen_by``, a loop over ``sees``), handed over as it is."""
    from wartools.los.analysis import Coverage, VisibilityMatrix, coverage, visibility_matrix
    from wartools.render.los import draw_matrix

    m = tiny_map("combat-infantry", 3, 2, terrain={"B1": "town"})
    vm = visibility_matrix(m, progress=False)
    got = vm.seen_by()
    assert dict(got) == {b: sum(vm.sees(a, b) for a in vm.cells if a != b) for b in vm.cells}
    assert dict(coverage(m, matrix=vm)) == dict(got) and got.assumptions == vm.assumptions
    handed: list[Coverage] = []
    real = VisibilityMatrix.seen_by

    def spy(self):
        handed.append(real(self))
        return handed[-1]

    monkeypatch.setattr(VisibilityMatrix, "seen_by", spy)
    ax = draw_matrix(vm)
    assert len(handed) == 1 and "coverage" in gids(ax)
    plt.close("all")
