"""The pictures the notebooks draw read as a player reads them (issue 25, points 5-7): every key
entry is drawn with a visible swatch, no label's box overlaps a counter, the title or the key,
and every counter keeps its side's colour under any shading (checked on the rendered pixels).

The pictures: each sample scenario at its set-up and its saved position, its threat map, its
set-up advice and what each side sees and reaches (notebooks 20-24 and 30), and each sample
map with its key (notebooks 00-02)."""
from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba

from wartools.analysis import setup_advice, sides_overview, threat_map
from wartools.mapmodel import load_map
from wartools.render import draw_map
from wartools.render.scenario import colours, draw_scenario
from wartools.scenario import load_position, load_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
MAPS = sorted((ROOT / "maps").glob("*.yaml"))


def keys(ax):
    return [leg for leg in [ax.get_legend(), *[a for a in ax.artists if a.get_gid() == "overlay-legend"]] if leg]


def visible(handle) -> bool:
    """A swatch a reader can see on the key's white: ink (blended by its alpha) that is not
    near-white, a hatch, or an outline drawn round it."""
    if getattr(handle, "get_path_effects", lambda: [])():
        return True
    if hasattr(handle, "get_hatch") and handle.get_hatch():
        return True
    colours_ = []
    if hasattr(handle, "get_color") and not hasattr(handle, "get_facecolor"):  # a line
        colours_.append(to_rgba(handle.get_color()))
        if handle.get_marker() not in (None, "", "None"):
            colours_.append(to_rgba(handle.get_markerfacecolor()))
    else:
        if handle.get_fill():
            colours_.append(handle.get_facecolor())
        if handle.get_linewidth() > 0:
            colours_.append(handle.get_edgecolor())
    for r, g, b, a in colours_:
        alpha = a if handle.get_alpha() is None else handle.get_alpha()
        ink = 1 - alpha * (1 - np.array([r, g, b]))  # on white
        if ink.min() < 0.85:
            return True
    return False


def check_picture(ax, side_colour=None):
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for key in keys(ax):
        for handle, text in zip(key.legend_handles, key.get_texts()):
            assert visible(handle), f"key entry {text.get_text()!r} has no visible swatch"
    counters = [p for p in ax.patches if (p.get_gid() or "").startswith("unit:")]
    boxes = [p.get_window_extent(renderer) for p in counters]
    avoid = [("the title", ax.title.get_window_extent(renderer))] if ax.get_title() else []
    avoid += [("the key", k.get_window_extent(renderer)) for k in keys(ax)]
    labels = [t for t in ax.texts if (t.get_gid() or "") == "label" or (t.get_gid() or "").startswith(
        ("objective-label:", "victory"))]
    for t in labels:
        box = t.get_window_extent(renderer).padded(-0.5)
        if (t.get_gid() or "").startswith("objective-label:"):
            box = t.get_bbox_patch().get_window_extent(renderer).padded(-0.5)
        for name, other in [*(("a counter", b) for b in boxes), *avoid]:
            assert not box.overlaps(other), f"label {t.get_text()!r} overlaps {name}"
    if side_colour:
        pixels = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)
        height = pixels.shape[0]
        for patch, box in zip(counters, boxes):
            side = patch.get_gid().split(":", 1)[1]
            want = np.array(to_rgba(side_colour[side])[:3]) * 255
            # a point inside the counter, off its text: near the lower left corner
            x, y = box.x0 + 0.18 * box.width, box.y0 + 0.18 * box.height
            got = pixels[height - 1 - int(y), int(x)]
            assert np.abs(got - want).max() <= 12, f"counter {side} is {got}, its side's colour is {want}"


def side_colours(s, board_units):
    col = colours(s)
    return {u.id: col[u.side] for u in board_units}


@pytest.fixture(scope="module", params=SCENARIOS, ids=[p.stem for p in SCENARIOS])
def scenario(request):
    s = load_scenario(request.param)
    return s, load_position(ROOT / "scenarios" / "positions" / request.param.name, s)


def test_scenario_pictures(scenario):
    s, p = scenario
    for position in (s.start(), p):
        ax = draw_scenario(s, position)
        check_picture(ax, side_colours(s, s.map_at(position).units))
        plt.close(ax.figure)


def test_analysis_pictures(scenario):
    s, p = scenario
    units = side_colours(s, s.map_at(p).units)
    side = next(iter(s.sides))
    ax = threat_map(s, side, position=p).draw()
    check_picture(ax, units)
    plt.close(ax.figure)
    start = side_colours(s, s.map_at().units)
    mine = s.map_at().units[-1]
    ax = setup_advice(s, mine.side, mine.type).draw()
    check_picture(ax, start)
    plt.close(ax.figure)
    o = sides_overview(s)
    ax = o.draw()
    for a in ax.figure.axes:
        check_picture(a, start)
    plt.close(ax.figure)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_map_pictures(path):
    ax = draw_map(load_map(path), legend=True)
    check_picture(ax)
    plt.close(ax.figure)
