"""One picture language (docs/visual-language.md): fixed looks for fixed meanings, a key on
every picture, stable side colours, and overlays that never hide the board's own marks.
Tests look at the matplotlib artists, not at pixels."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import pytest

from wartools.los import line_of_sight
from wartools.movement import path, reachable
from wartools.render import draw_map
from wartools.render.draw import COUNTER_Z, LABEL_Z
from wartools.render.style import MEANINGS, REACH_CMAP, side_colour
from wartools.testing import tiny_map


def _overlay_texts(ax):
    legends = [a for a in ax.artists if a.get_gid() == "overlay-legend"]
    assert len(legends) == 1, "exactly one overlay key"
    return [t.get_text() for t in legends[0].get_texts()]


def _same(c1, c2):
    return mcolors.to_hex(c1) == mcolors.to_hex(c2)


@pytest.fixture(scope="module")
def board():
    return tiny_map("combat-infantry", 7, 5, terrain={"C3": "town", "E3": "orchard"},
                    units=[("us-1", "US", "rifle", "A3"), ("de-1", "German", "rifle", "G3")])


@pytest.mark.parametrize("a, b, status", [("A3", "B3", "clear"), ("A3", "G3", "blocked")])
def test_a_line_of_sight_takes_the_look_of_its_status_and_keys_it(board, a, b, status):
    r = line_of_sight(board, a, b)
    assert r.status == status
    ax = r.draw()
    [ruler] = [ln for ln in ax.lines if ln.get_gid() == "los-ruler"]
    look = MEANINGS[status]
    assert _same(ruler.get_color(), look.colour) and ruler.get_linestyle() == {"-": "-", ":": ":"}[look.line]
    assert look.label in _overlay_texts(ax)


def test_blocked_and_path_never_share_a_colour_and_both_answers_are_titled(board):
    from wartools.los import line_of_sight
    from wartools.movement import path
    from wartools.render.movement import draw_path_result

    ax = draw_map(board, legend=True)
    line_of_sight(board, "A3", "G3").draw(ax)
    draw_path_result(path(board, "A3", "C1", "rifle", side="US"), ax, title=True)
    assert "line of sight A3 -> G3: blocked" in ax.get_title() and "path A3 -> C1" in ax.get_title()
    assert not _same(MEANINGS["path"].colour, MEANINGS["blocked"].colour)
    assert {MEANINGS["blocked"].label, MEANINGS["path"].label} <= set(_overlay_texts(ax))


def test_reach_uses_the_reach_scale_with_a_colour_bar(board):
    ax = reachable(board, "A3").draw()
    [heat] = [c for c in ax.collections if c.get_gid() == "reach"]
    assert heat.get_cmap().name == REACH_CMAP
    bars = [a for a in ax.figure.axes if a.get_gid() == "reach-colorbar"]
    assert bars and "cost" in bars[0].get_xlabel()


def test_counters_and_labels_stay_above_every_overlay(board):
    ax = path(board, "A3", "C1").draw()
    line_of_sight(board, "A3", "G3").draw(ax)
    overlay_z = [a.get_zorder() for a in [*ax.collections, *ax.lines, *ax.texts]
                 if (a.get_gid() or "").startswith(("los", "move", "reach"))]
    assert overlay_z and max(overlay_z) < LABEL_Z < COUNTER_Z
    counters = [p for p in ax.patches if (p.get_gid() or "").startswith("unit:")]
    assert counters and min(p.get_zorder() for p in counters) >= COUNTER_Z


def test_a_side_keeps_its_colour_whatever_the_other_sides_are():
    assert side_colour("US", ("US", "German")) == side_colour("US", ("German", "British", "US"))
    assert side_colour("German", ("US", "German")) != side_colour("US", ("US", "German"))
    m1 = tiny_map("combat-infantry", 3, 3, units=[("a", "US", "rifle", "A1"), ("b", "German", "rifle", "C3")])
    m2 = tiny_map("combat-infantry", 3, 3, units=[("b", "German", "rifle", "C3"), ("a", "US", "rifle", "A1")])
    colour = {}
    for m in (m1, m2):
        ax = draw_map(m)
        colour[m] = {p.get_gid(): mcolors.to_hex(p.get_facecolor()) for p in ax.patches
                     if (p.get_gid() or "").startswith("unit:")}
    assert colour[m1] == colour[m2]


def test_dead_ground_is_hatched_so_it_shows_on_woods():
    from wartools.render.draw import shade

    m = tiny_map("combat-infantry", 3, 3, terrain={"B2": "woods"})
    ax = shade(draw_map(m), m, ["B2"], "dead-ground")
    [hatched] = [c for c in ax.collections if c.get_gid() == "dead-ground"]
    assert hatched.get_hatch() == MEANINGS["dead-ground"].hatch
    assert MEANINGS["dead-ground"].label in _overlay_texts(ax)


# --- no colour typed outside the style table --------------------------------------------------

import ast  # noqa: E402
import io  # noqa: E402
import re  # noqa: E402
import tokenize  # noqa: E402
from pathlib import Path  # noqa: E402

PACKAGE = Path(__file__).resolve().parents[1] / "wartools"
#: where pictures and widgets are drawn: every colour comes from wartools/render/style.py
#: (the one place colours are defined) or from a game's map style
DRAWING = [*sorted((PACKAGE / "render").glob("*.py")), *sorted((PACKAGE / "widgets").glob("*.py")),
           PACKAGE / "lessons" / "runner.py"]
ALLOWED = {PACKAGE / "render" / "style.py"}  # the table itself
HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})(?![0-9a-zA-Z])")
COLOUR_WORDS = {"color", "colour", "colors", "colours", "facecolor", "facecolors", "edgecolor", "edgecolors",
                "markeredgecolor", "markerfacecolor", "foreground", "cmap"}
#: neutral ink (outlines, halos, counter text, nothing at all) may be named in place
NEUTRAL = {"black", "white", "none"}


def typed_colours(source: str) -> list[str]:
    """Hex colours inside string literals, and colour keywords given a named colour or colour map
    other than neutral ink."""
    found = [m.group() for tok in tokenize.generate_tokens(io.StringIO(source).readline)
             if tok.type == tokenize.STRING for m in HEX.finditer(tok.string)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg in COLOUR_WORDS and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str) and node.value.value not in NEUTRAL:
            found.append(f"{node.arg}={node.value.value!r}")
    return found


def test_the_colour_check_catches_typed_colours():
    assert typed_colours('x = "#d62728"\nf(color="red", edgecolor="black")\ny = f"<b style=\'color:#b00\'>"\n') \
        == ["#d62728", "#b00", "color='red'"]
    assert typed_colours('f(color=MEANINGS["path"].colour)  # not "#cc79a7" in a comment\n') == []


@pytest.mark.parametrize("path", [p for p in DRAWING if p not in ALLOWED], ids=lambda p: p.name)
def test_no_colour_is_typed_where_pictures_are_drawn(path):
    assert typed_colours(path.read_text()) == [], (
        f"{path.relative_to(PACKAGE.parent)}: give the colour a meaning in wartools.render.style.MEANINGS "
        "(docs/visual-language.md) instead")


NOTEBOOKS = sorted((PACKAGE.parent / "notebooks").glob("*.ipynb"))
#: no notebook may type a colour (no allow-list: none is needed): a picture in a notebook draws by meaning
#: too (``shade``, ``draw_path`` / ``draw_ruler`` / ``highlight_edges`` with ``meaning=``, a result's ``draw()``)


def notebook_code(path: Path) -> str:
    """The notebook's code cells as one Python source (IPython magics and shell lines left out)."""
    import json

    cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    lines = ["".join(c["source"]) for c in cells]
    return "\n".join(ln for src in lines for ln in src.splitlines() if not ln.lstrip().startswith(("%", "!")))


def test_the_notebook_scan_reads_code_cells_only(tmp_path):
    import json

    nb = {"cells": [{"cell_type": "markdown", "source": ["the line turns #d55e00 red"]},
                    {"cell_type": "code", "source": ["%matplotlib widget\n", "shade(ax, m, cells, color='#ffcc00')"]}]}
    (tmp_path / "x.ipynb").write_text(json.dumps(nb))
    assert typed_colours(notebook_code(tmp_path / "x.ipynb")) == ["#ffcc00", "color='#ffcc00'"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_colour_is_typed_in_a_notebook(path):
    found = typed_colours(notebook_code(path))
    assert found == [], (f"notebooks/{path.name}: {found}: draw by meaning (wartools.render.style.MEANINGS, "
                         "docs/visual-language.md) or call the result's own draw()")


def test_every_meaning_is_colour_blind_safe_distinct_and_documented():
    from wartools.render.style import OKABE_ITO

    doc = (PACKAGE.parent / "docs" / "visual-language.md").read_text()
    looks = [(mcolors.to_hex(k.colour), k.line, k.marker, k.hatch, k.alpha) for k in MEANINGS.values()]
    assert len(set(looks)) == len(looks), "two meanings look the same"
    assert len({k.label for k in MEANINGS.values()}) == len(MEANINGS)
    for name, look in MEANINGS.items():
        assert look.colour in OKABE_ITO, name
        assert f"`{name}`" in doc and look.colour in doc, f"{name} is not in docs/visual-language.md"


# --- the widgets draw by meaning and key what they draw ---------------------------------------

def _looks_like(ax, gid, meaning):
    """The shading ``gid`` on ``ax`` is drawn in the look of ``meaning`` and keyed."""
    look = MEANINGS[meaning]
    [shading] = [c for c in ax.collections if c.get_gid() == gid]
    assert _same(shading.get_edgecolor()[0], look.colour), (gid, meaning)
    assert (shading.get_hatch() or "") == look.hatch, (gid, meaning)
    assert shading.get_paths(), f"{gid}: nothing shaded"
    return shading


def _keyed(ax):
    return set(_overlay_texts(ax))


@pytest.fixture(scope="module")
def river():
    from widget_helpers import RIVER_CROSSING

    from wartools.mapmodel import load_map

    return load_map(RIVER_CROSSING)


def test_move_planner_marks_start_path_and_unreachable_goal_by_meaning(river):
    from wartools.widgets import MovePlanner

    p = MovePlanner(river, start="B6", goal="F11")
    ax = p.canvas.ax
    _looks_like(ax, "reach-start", "start")
    arrows = [t for t in ax.texts if t.get_gid() == "move-path"]
    assert arrows and all(_same(t.arrow_patch.get_edgecolor(), MEANINGS["path"].colour) for t in arrows)
    assert {MEANINGS["start"].label, MEANINGS["path"].label} <= _keyed(ax)
    p.turns.value = 2
    _looks_like(p.canvas.ax, "reach-start", "start")
    p.turns.value = 1
    p.unit.value = "tank"  # tanks cannot enter woods off road nor cross the river (Combat Infantry 3.4)
    assert p.result is not None and not p.result.reachable, p.info.value
    _looks_like(p.canvas.ax, "unreachable-goal", "unreachable")
    assert MEANINGS["unreachable"].label in _keyed(p.canvas.ax)


def test_map_editor_marks_the_selected_unit_and_the_changed_hexside_by_meaning(river):
    from wartools.mapmodel.edit import EditSession
    from wartools.widgets import MapEditor

    ed = MapEditor(EditSession.blank("ci", 6, 5))
    ed.tool.value = "unit"
    ed.click_cell("B2")
    ed.click_cell("B2")
    _looks_like(ed.canvas.ax, "selected", "selected")
    assert f"selected unit {ed.selected}" in _keyed(ed.canvas.ax)
    ed = MapEditor(river)
    ed.tool.value, ed.feature.value = "edge", "hedge"
    (x0, y0), (x1, y1) = (river.grid.layout().to_pixel(river.cell(c)) for c in ("E6", "E7"))
    ed.press((x0 + x1) / 2 + 0.15, (y0 + y1) / 2)
    [edge] = [c for c in ed.canvas.ax.collections if c.get_gid() == "last-edge"]
    assert _same(edge.get_edgecolor()[0], MEANINGS["edited-edge"].colour)
    assert edge.get_linestyle()[0][1] is not None  # dashed, not solid
    assert MEANINGS["edited-edge"].label in _keyed(ed.canvas.ax)


def test_scenario_widgets_mark_targets_objectives_attackers_and_legal_moves_by_meaning():
    from widget_helpers import click

    from wartools.scenario import load_position, load_scenario
    from wartools.widgets import ScenarioAnalyst
    from wartools.widgets.scenario_board import ScenarioBoard

    root = PACKAGE.parent / "scenarios"
    s = load_scenario(root / "conflict-of-heroes-height-112.yaml")
    a = ScenarioAnalyst(s, load_position(root / "positions" / "conflict-of-heroes-height-112.yaml", s), side="Soviet")
    click(a, a.board.map, "B05")
    _looks_like(a.canvas.ax, "attackers", "attacker")
    assert MEANINGS["attacker"].label in _keyed(a.canvas.ax)
    for question, gid, meaning in (("fire plan", "targets", "target"), ("race", "objectives", "objective")):
        a.question.value = question
        assert a.answer is not None, a.info.value
        _looks_like(a.canvas.ax, gid, meaning)
        assert MEANINGS[meaning].label in _keyed(a.canvas.ax)
    b = ScenarioBoard(load_scenario(root / "combat-infantry-saint-remy.yaml"), live=False)
    b.select("us-in-1")
    b.redraw()
    _looks_like(b.canvas.ax, "legal", "legal-move")
    assert MEANINGS["legal-move"].label in _keyed(b.canvas.ax)


def test_a_fitted_scan_grid_and_its_picked_centres_are_keyed():
    import numpy as np

    from wartools.calibrate import fit_grid
    from wartools.render.scan import draw_scan

    cal = fit_grid([("A1", 10, 10), ("B1", 30, 10), ("A2", 10, 30)], grid="square")
    for meaning in ("fitted-grid", "refused-fit"):
        ax = draw_scan(np.zeros((60, 60, 3), np.uint8), cal, meaning=meaning)
        [grid] = [c for c in ax.collections if c.get_gid() == "fitted-grid"]
        assert _same(grid.get_edgecolor()[0], MEANINGS[meaning].colour)
        assert {MEANINGS[meaning].label, MEANINGS["picked"].label} <= _keyed(ax)


def test_a_lesson_picture_shades_and_rules_by_meaning():
    from wartools.lessons.runner import load_lesson, run

    text = ("format: wartools-lesson/1\nmaps: {m: {columns: 7, rows: 7, terrain: {D4: building}}}\n"
            "entries:\n- {id: x, kind: example, topic: los, section: CoH 7, map: m,\n"
            "   compute: {near: {call: within, args: [C4, 1]}, r: {call: line_of_sight, args: [C4, F4]}},\n"
            "   text: '{r.status}', picture: [{shade: near}, {ruler: [C4, F4]}]}\n")
    ax = run(load_lesson("company-of-heroes", text).entry("x")).draw()
    _looks_like(ax, "marked", "marked")
    [ruler] = [ln for ln in ax.lines if ln.get_gid() == "ruler"]
    assert _same(ruler.get_color(), MEANINGS["ruler"].colour) and ruler.get_linestyle() == MEANINGS["ruler"].line
    assert {MEANINGS["marked"].label, MEANINGS["ruler"].label} <= _keyed(ax)


def test_keys_survive_the_tight_crop_of_a_notebook_picture(board):
    """A notebook shows a figure cropped to its tight box; a key clipped to the axes was cut off."""
    ax = line_of_sight(board, "A3", "G3").draw()
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    [key] = [a for a in ax.artists if a.get_gid() == "overlay-legend"]
    shown, extent = fig.get_tightbbox(renderer), key.get_tightbbox(renderer).transformed(fig.dpi_scale_trans.inverted())
    assert shown.x1 >= extent.x1 - 1e-6 and shown.y0 <= extent.y0 + 1e-6


def test_the_map_key_names_each_sides_counter_colour_and_labels_have_a_halo(board):
    ax = draw_map(board, legend=True)
    key = {t.get_text(): h for t, h in zip(ax.get_legend().get_texts(), ax.get_legend().legend_handles)}
    for side in ("US", "German"):
        assert _same(key[f"{side} unit"].get_facecolor(), side_colour(side, ("US", "German")))
    labels = [t for t in ax.texts if t.get_gid() == "label"]
    assert labels and all(t.get_path_effects() for t in labels)


def test_a_lesson_picture_has_its_title_map_key_own_key_words_and_keyed_path():
    from wartools.lessons.runner import load_lesson, run

    text = ("format: wartools-lesson/1\nmaps: {m: {columns: 5, rows: 3, units: [[a, US, infantry, A2]]}}\n"
            "entries:\n- {id: x, kind: example, topic: los, title: Where it goes, section: CoH 4, map: m,\n"
            "   compute: {near: {call: within, args: [A2, 1]}, p: {call: path, args: [A2, C2]}},\n"
            "   text: 'far? {p.reachable}', picture: [{shade: near, key: next door}, {path: p}]}\n")
    done = run(load_lesson("company-of-heroes", text).entry("x"))
    assert done.text == "far? yes"                       # never Python's True
    ax = done.draw()
    assert ax.get_title() == "Where it goes"
    assert "US unit" in [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"next door", MEANINGS["path"].label} <= set(_overlay_texts(ax))


def test_the_map_key_tells_higher_ground_from_terrain_and_a_hexside_from_a_hex():
    """A hill's brown veil looked like a farm, and a woods hex and a woods hexside had one name."""
    m = tiny_map("combat-infantry", 4, 3, terrain={"B2": "woods"}, elevation={"C2": 1},
                 edges={("A1", "A2"): ["woods"]})
    texts = [t.get_text() for t in draw_map(m, legend=True).get_legend().get_texts()]
    assert "higher ground (level in the corner)" in texts
    assert "woods" in texts and "woods hexside" in texts and len(texts) == len(set(texts))


def test_hex_control_is_keyed_in_the_map_key_not_in_a_second_key_on_top_of_it():
    from wartools.lessons.runner import load_lesson

    ax = load_lesson("combat-infantry").example("caron-farm-retreat").draw()
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"US unit", "US hexes", "German hexes", "disputed hexes (no side's alone)"} <= set(texts)
    legends = [a for a in ax.artists if a.get_gid() != "overlay-legend" and type(a).__name__ == "Legend"]
    assert legends == []


def test_a_colour_bar_of_whole_costs_has_whole_ticks():
    m = tiny_map("company-of-heroes", 14, 3, units=[("a", "US", "infantry", "A2")])
    ax = reachable(m, "A2").draw()          # costs 0..3 cp: matplotlib alone ticks every 0.5
    [bar] = [a for a in ax.figure.axes if a.get_gid() == "reach-colorbar"]
    ax.figure.canvas.draw()
    assert all(float(t).is_integer() for t in bar.get_xticks())


def test_a_lesson_shading_may_name_several_results_under_one_key():
    from wartools.lessons.runner import load_lesson

    done = load_lesson("combat-infantry").example("sherman-control")
    ax = done.draw()
    [marked] = [c for c in ax.collections if c.get_gid() == "marked" and c.get_hatch()]
    assert len(marked.get_paths()) == len(done.facts["controlled"]) + len(done.facts["disputed"])
    assert "what the Sherman changes" in _overlay_texts(ax)


def test_lesson_rulers_along_the_same_row_are_drawn_side_by_side():
    from wartools.lessons.runner import load_lesson, run

    text = ("format: wartools-lesson/1\nmaps: {m: {columns: 7, rows: 3}}\n"
            "entries:\n- {id: x, kind: example, topic: los, section: CoH 7, map: m,\n"
            "   compute: {a: {call: line_of_sight, args: [A2, E2]}, b: {call: line_of_sight, args: [A2, D2]}},\n"
            "   text: '{a.status}', picture: [{los: a}, {los: b}]}\n")
    done = run(load_lesson("company-of-heroes", text).entry("x"))
    assert done.has_picture
    ax = done.draw()
    ax.figure.canvas.draw()
    rulers = [ln for ln in ax.lines if ln.get_gid() == "los-ruler"]
    starts = [tuple(ln.get_transform().transform(ln.get_xydata()[0]).round(1)) for ln in rulers]
    assert len(rulers) == 2 and starts[0] != starts[1]


def test_the_overlay_key_sits_under_the_map_key_even_beside_a_one_row_map():
    m = tiny_map("heroes-of-normandie", 6, 1, terrain={"C1": "building", "D1": "field"},
                 units=[("a", "US", "infantry", "A1"), ("b", "German", "infantry", "F1")])
    ax = path(m, "A1", "B1").draw(draw_map(m, legend=True))
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    [over] = [a for a in ax.artists if a.get_gid() == "overlay-legend"]
    assert over.get_window_extent(renderer).y1 <= ax.get_legend().get_window_extent(renderer).y0
