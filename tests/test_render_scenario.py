"""Scenario pictures: forces in side colours, set-up areas, entry arrows, objective control, turn."""
from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.colors import to_hex

from wartools.render.scenario import NOBODY, colours, draw_scenario, scenario_png
from wartools.scenario import load_position, load_scenario, loads_scenario
from wartools.scenario.model import EXAMPLE

ROOT = Path(__file__).resolve().parents[1]


def gids(ax, prefix):
    return {a.get_gid().split(":", 1)[1]: a for a in [*ax.patches, *ax.texts] if (a.get_gid() or "").startswith(prefix)}


def test_setup_picture():
    s = loads_scenario(EXAMPLE)
    ax = draw_scenario(s)
    col = colours(s)
    units = gids(ax, "unit:")
    assert set(units) == {"us-1", "de-1"}                       # us-2 has not entered
    assert to_hex(units["us-1"].get_facecolor()) == col["US"] != col["German"]
    setup = [a for a in ax.patches if (a.get_gid() or "").startswith("setup:")]
    assert {a.get_gid() for a in setup} == {"setup:US", "setup:German"}
    entries = gids(ax, "entry:")
    assert set(entries) == {"US"}
    # when it enters is said in words in the key ("G3" would read as a hex), not on the board
    key = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "US enter: us-2 on game turn 3" in key and not any("(G3)" in t for t in key)
    assert "US set-up area" in key and key.count("US units") == 1 and "US unit" not in key
    ring = gids(ax, "objective-ring:")["bridge"]
    assert to_hex(ring.get_edgecolor()) == NOBODY
    assert ax.get_title() == "Bridge (doctest) -- game turn 1 of 4"
    plt.close(ax.figure)


def test_midgame_picture_shows_control_and_no_setup():
    s = load_scenario(ROOT / "scenarios" / "combat-infantry-saint-remy.yaml")
    p = load_position(ROOT / "scenarios" / "positions" / "combat-infantry-saint-remy.yaml", s)
    ax = draw_scenario(s, p)
    col = colours(s)
    rings = gids(ax, "objective-ring:")
    assert to_hex(rings["north-bridge"].get_edgecolor()) == col["US"]
    assert to_hex(rings["saint-remy"].get_edgecolor()) == col["German"]
    assert not [a for a in ax.patches if (a.get_gid() or "").startswith("setup:")]
    assert not gids(ax, "entry:")                               # every reinforcement is on the board
    key = [t.get_text() for t in ax.get_legend().get_texts()]
    # mid-game: no set-up area and no entry drawn, so none keyed
    assert not [t for t in key if "set-up area" in t or " enter: " in t], key
    assert "de-in-1" not in gids(ax, "unit:")                   # eliminated
    assert ax.get_title().endswith("game turn 4 of 6")
    plt.close(ax.figure)
    # at the set-up, the PaK 40 that sets up hidden is marked
    ax = draw_scenario(s)
    assert gids(ax, "unit:")["de-atgun-1"].get_linestyle() == "--"
    assert gids(ax, "unit-label:")["de-atgun-1"].get_text().startswith("AG?")
    plt.close(ax.figure)


def test_png_and_repr():
    s = loads_scenario(EXAMPLE)
    assert scenario_png(s)[:4] == b"\x89PNG"
    assert s._repr_png_()[:4] == b"\x89PNG"
