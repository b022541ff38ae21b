"""MovePlanner: controls and clicks drive the movement engine; the widget keeps what it showed."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from widget_helpers import RIVER_CROSSING, click

from wartools import movement
from wartools.mapmodel import load_map
from wartools.widgets import MovePlanner



@pytest.fixture(scope="module")
def m():
    return load_map(RIVER_CROSSING)



def test_planner_shows_the_engines_reach_and_path(m):
    p = MovePlanner(m, start="B6", goal="F11")
    expected = movement.path(m, "B6", "F11")
    assert p.result.cost == expected.cost and p.result.cells == expected.cells
    assert dict(p.reach.costs) == dict(movement.reachable(m, "B6").costs)
    assert p.plan is not None and sum(len(t) for t in p.plan.turns) == len(expected.steps)
    assert all(r.cells != expected.cells for r in p.alternatives)
    assert "turn 1:" in p.info.value


def test_changing_controls_recomputes(m):
    p = MovePlanner(m, start="B6")
    full = len(p.reach.costs)
    p.budget.value = 1
    assert len(p.reach.costs) < full and len(p.history) == 2
    p.unit.value = "rifle"
    assert p.reach.unit_type == "rifle"


def test_clicks_set_start_then_goal(m):
    p = MovePlanner(m, start="B6", side="US", unit="rifle")
    p.canvas.interactive = True  # as under %matplotlib widget
    assert click(p, m, "D3") == m.cell("D3")
    assert p.start.value == "D3" and p.click_sets.value == "goal"
    click(p, m, "E5")
    assert p.goal.value == "E5" and p.result is not None and p.result.goal == m.cell("E5")
    assert p.canvas.handle_click(SimpleNamespace(xdata=None, ydata=None, inaxes=p.canvas.ax)) is None


def test_errors_are_shown_not_raised(m):
    p = MovePlanner(m, start="A1")  # nobody stands on A1 and no side is given
    assert "error" in p.history[-1] and "side" in p.history[-1]["error"]
    p.side.value = "US"
    assert "error" not in p.history[-1] and p.reach is not None


def test_without_an_interactive_backend_the_map_is_a_picture(m):
    p = MovePlanner(m, start="B6")
    assert not p.canvas.interactive and p.canvas.widget.value[:4] == b"\x89PNG"
    assert "reach" in [c.get_gid() for c in p.canvas.ax.collections]


def test_static_map_figures_are_not_left_in_pyplot(m):
    import matplotlib.pyplot as plt

    plt.close("all")
    MovePlanner(m, start="B6")
    assert plt.get_fignums() == []


def test_turns_control_and_multi_turn_route(m):
    from wartools.movement import reach_in_turns, route_in_turns

    p = MovePlanner(m, start="C4", goal="H8")  # the tank must stop at G4 (enemy-controlled, 8.3)
    assert not p.result.reachable
    legs = route_in_turns(m, "C4", "H8", max_turns=6)
    assert len(legs) > 1 and [leg.cells for leg in p.legs] == [leg.cells for leg in legs]
    assert f"in {len(legs)} turns:" in p.info.value
    p.turns.value = 2
    assert dict(p.turns_reach.turns_to) == dict(reach_in_turns(m, "C4", turns=2).turns_to)
    assert "reach-turns" in [c.get_gid() for c in p.canvas.ax.collections]


def test_a_click_moves_the_start_and_the_unit_on_it_along(m):
    p = MovePlanner(m, start="B6", goal="F11")  # as notebook 02 ships it: unit and side from the map
    p.canvas.interactive = True  # as under %matplotlib widget
    mover = m.units_at(m.cell("B6"))[0]
    assert not m.units_at(m.cell("E6"))
    runs = len(p.history)
    click(p, m, "E6")
    assert (p.start.value, p.unit.value, p.side.value) == ("E6", mover.type, mover.side)
    assert len(p.history) == runs + 1 and "error" not in p.history[-1], p.info.value
    assert p.reach.start == m.cell("E6") and p.result is not None and p.result.start == m.cell("E6")
