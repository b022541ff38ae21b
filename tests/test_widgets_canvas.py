"""MapCanvas draws the map once and replaces only the overlays on each update (issue 15: a click
must not redraw the whole board), and the fast picture shows what a full draw shows."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image
from widget_helpers import RIVER_CROSSING, click

from wartools.mapmodel import load_map
from wartools.widgets import LOSExplorer, MovePlanner


@pytest.fixture(scope="module")
def m():
    return load_map(RIVER_CROSSING)


def test_a_click_keeps_the_map_and_replaces_the_overlays(m):
    e = LOSExplorer(m, observer="C4")
    terrain = next(c for c in e.canvas.ax.collections if c.get_gid() == "terrain")
    labels = [t for t in e.canvas.ax.texts if t.get_gid() == "label"]
    for label in ("E4", "H8", "B6", "E4"):
        click(e, m, label)
        gids = [c.get_gid() for c in e.canvas.ax.collections]
        assert gids.count("viewshed") == 1 and gids.count("terrain") == 1
        assert next(c for c in e.canvas.ax.collections if c.get_gid() == "terrain") is terrain
        assert [t for t in e.canvas.ax.texts if t.get_gid() == "label"] == labels
        overlay_keys = [a for a in e.canvas.ax.artists if a.get_gid() == "overlay-legend"]
        assert len(overlay_keys) == 1
    assert e.canvas.ax.get_title().startswith("line of sight C4 -> E4")


def test_the_fast_picture_matches_a_full_draw(m):
    p = MovePlanner(m, start="C4")
    p.goal.value = "H8"  # the path overlay on top of the reach
    fast = np.asarray(Image.open(io.BytesIO(p.canvas.widget.value)).convert("RGB")).astype(int)
    p.canvas.figure.canvas.draw()  # everything drawn the ordinary way, vector labels included
    full = np.asarray(p.canvas.figure.canvas.buffer_rgba())[..., :3].astype(int)
    # the fast PNG is the full picture cropped to its ink: find it inside the full draw
    ink = np.flatnonzero((full.min(axis=2) < 250).any(axis=1))[0], np.flatnonzero((full.min(axis=2) < 250).any(axis=0))[0]
    r0, c0 = max(ink[0] - 8, 0), max(ink[1] - 8, 0)
    window = full[r0:r0 + fast.shape[0], c0:c0 + fast.shape[1]]
    assert window.shape == fast.shape
    differs = (np.abs(window - fast).max(axis=2) > 40).mean()
    assert differs < 0.002, f"{differs:.2%} of the pixels differ from a full draw"


def test_a_new_map_is_drawn_afresh(m):
    from wartools.widgets import MapCanvas

    canvas = MapCanvas(m)
    first = next(c for c in canvas.ax.collections if c.get_gid() == "terrain")
    canvas.redraw()
    assert next(c for c in canvas.ax.collections if c.get_gid() == "terrain") is first
    canvas.map = load_map(RIVER_CROSSING)
    canvas.redraw()
    assert next(c for c in canvas.ax.collections if c.get_gid() == "terrain") is not first
