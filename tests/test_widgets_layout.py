"""Every map widget keeps its layout however often it is used (issue 25): the same figure size,
at most one colour bar, and a click at the pixel where a hex's centre was shown on the first
picture still picks that hex after many updates (the browser shows the picture; matplotlib turns
the click's pixel into data coordinates with the figure's transform at the time of the click).

Hex centres come from the library's geometry (``grid.layout().to_pixel``) and the figure's own
transform, on every sample map and scenario."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import matplotlib.pyplot as plt
import pytest

from wartools.mapmodel import load_map
from wartools.scenario import load_position, load_scenario
from wartools.widgets import LOSExplorer, MapEditor, MovePlanner, ScenarioAnalyst
from wartools.widgets.scenario_board import ScenarioBoard

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


def centres_on_screen(canvas, labels):
    """Where the picture on screen shows each hex's centre, in figure pixels."""
    canvas.ax.apply_aspect()  # what a draw does to the transform (the widget has drawn its picture)
    layout = canvas.map.grid.layout()
    return {lab: canvas.ax.transData.transform(layout.to_pixel(canvas.map.cell(lab))) for lab in labels}


def click_pixel(canvas, pixel):
    """A mouse press at figure pixel ``pixel``, turned into data coordinates as matplotlib does."""
    canvas.ax.apply_aspect()
    x, y = canvas.ax.transData.inverted().transform(pixel)
    return canvas.handle_click(SimpleNamespace(xdata=x, ydata=y, inaxes=canvas.ax))


def spread(m, n):
    """``n`` labels spread over the board (corners and middle included)."""
    cells = sorted(m.grid.cells(), key=m.grid.to_offset)
    step = max(1, len(cells) // n)
    return [m.label(c) for c in cells[::step]][:n] + [m.label(cells[-1])]


def check_stable(canvas, clicks, act=lambda i, label: None):
    """Click the shown centres ``clicks`` times (``act`` changes the question between clicks):
    each click picks its hex, the figure keeps its size, and no colour bar piles up."""
    labels = spread(canvas.map, 8)
    shown = centres_on_screen(canvas, labels)
    size = tuple(canvas.figure.get_size_inches())
    frame = tuple(canvas.ax.get_position().bounds)
    for i in range(clicks):
        label = labels[i % len(labels)]
        act(i, label)
        picked = click_pixel(canvas, shown[label])
        assert picked is not None and canvas.map.label(picked) == label, (i, label)
        assert tuple(canvas.figure.get_size_inches()) == size
        assert tuple(canvas.ax.get_position().bounds) == frame, i
        extras = [a for a in canvas.figure.axes if a is not canvas.ax]
        assert len(extras) <= 1, f"{len(extras)} colour bars after {i + 1} clicks"
    plt.close(canvas.figure)


def test_the_analyst_keeps_its_layout_and_its_clicks():
    path = ROOT / "scenarios" / "conflict-of-heroes-height-112.yaml"
    s = load_scenario(path)
    p = load_position(ROOT / "scenarios" / "positions" / path.name, s)
    a = ScenarioAnalyst(s, p)
    questions = ["threat", "route", "set-up", "threat", "fire plan", "race", "threat", "route"]

    def ask(i, _label):
        a.question.value = questions[i % len(questions)]
        if a.question.value in ("route", "set-up") and a.unit.value == a.unit.options[0]:
            a.unit.value = a.unit.options[-1]

    check_stable(a.canvas, 8, ask)
    # the key lists only what the current picture draws: the threat map has no route in it
    a.question.value = "threat"
    texts = [t.get_text() for leg in a.canvas.ax.artists + [a.canvas.ax.get_legend()] if leg is not None
             for t in getattr(leg, "get_texts", lambda: [])()]
    assert not [t for t in texts if "route" in t], texts


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_scenario_board_keeps_its_layout_and_its_clicks(path):
    board = ScenarioBoard(load_scenario(path))
    check_stable(board.canvas, 4)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_map_widgets_keep_their_layout_and_their_clicks(path):
    m = load_map(path)
    check_stable(LOSExplorer(m).canvas, 5)
    check_stable(MovePlanner(m).canvas, 5)
    editor = MapEditor(m)
    editor.tool.value = "objective"  # a click edits the map; the picture must stay put all the same
    check_stable(editor.canvas, 5)
