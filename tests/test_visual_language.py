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
    from wartools.render.los import draw_los
    from wartools.render.movement import draw_path_overlay

    ax = draw_map(board, legend=True)
    draw_los(ax, board, "A3", "G3")
    draw_path_overlay(ax, board, "A3", "C1", unit="rifle", side="US")
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
