"""ScenarioBoard: legal moves come from the movement engine, illegal ones are refused with the
reason, reinforcements enter on their turn, ending a turn advances the clock, victory updates."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartools import movement
from wartools.scenario import load_scenario
from wartools.widgets.scenario_board import ScenarioBoard

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ci():
    return load_scenario(ROOT / "scenarios" / "combat-infantry-saint-remy.yaml")


@pytest.fixture(scope="module")
def coh():
    return load_scenario(ROOT / "scenarios" / "company-of-heroes-saint-aubert.yaml")


def test_legal_moves_are_the_movement_engines(ci):
    b = ScenarioBoard(ci, live=False)
    b.select("us-in-1")
    board = ci.map_at()
    expected = movement.reachable(board, "D3", board.unit("us-in-1"))
    assert b.legal == dict(expected.costs)


def test_moving_onto_the_bridge_changes_victory(ci):
    b = ScenarioBoard(ci, live=False)
    assert b.result.result == "German victory"
    # along the paved road D3-E3-F3 and over the bridge into G3, next to the Germans in H3 (8.0: stop)
    act = b.on_cell(ci.map.cell("D3"))
    assert act.ok and b.selected == "us-in-1"
    act = b.on_cell(ci.map.cell("G3"))
    assert act.ok, act.text
    assert b.position.units["us-in-1"].cell == ci.map.cell("G3")
    # 8.3: G3 is now occupied by the US; US 2 VP, German 2 + 1: no bridge-less US, no lead -> Draw
    assert b.result.controls["north-bridge"].side == "US"
    assert dict(b.result.vp) == {"US": 2, "German": 3} and b.result.result == "Draw"


def test_illegal_move_is_refused_with_the_reason(ci):
    b = ScenarioBoard(ci, live=False)
    act = b.move("us-in-1", "N12")
    assert not act.ok and act.text.startswith("us-in-1 cannot move to N12: it costs")
    assert b.position == ci.start()
    act = b.move("us-mortar-1", "A1")
    assert not act.ok and "lake" in act.text or "cannot move to A1" in act.text


def test_reinforcements_enter_on_their_turn_and_cells(ci):
    b = ScenarioBoard(ci, live=False)
    act = b.enter("us-eng-1", "A5")
    assert not act.ok and act.text == "us-eng-1 cannot enter before game turn 2"
    assert b.end_turn().ok and b.position.turn == 2
    act = b.enter("us-eng-1", "C5")
    assert not act.ok and "its entry cells are A1, A2" in act.text
    b.select("us-eng-1")
    assert set(b.legal) == set(ci.entry_cells("us-eng-1"))
    act = b.on_cell(ci.map.cell("A9"))
    assert act.ok and b.position.units["us-eng-1"].cell == ci.map.cell("A9")


def test_stacking_refused(coh):
    # Company of Heroes 4: one unit per hex; the movement rules refuse the move
    b = ScenarioBoard(coh, live=False)
    act = b.move("us-rifles-1", "D8")
    assert not act.ok and "cannot move to D8" in act.text


def test_end_turn_until_the_game_is_over(ci):
    b = ScenarioBoard(ci, live=False)
    for _ in range(ci.turns):
        b.end_turn()
    assert b.position.ended and b.result.over and b.end_button.disabled
    assert not b.move("us-in-1", "E3").ok


def test_dropdown_selects_and_the_widget_draws(ci):
    b = ScenarioBoard(ci, live=False)
    assert b.canvas.widget.value == b""
    b.unit.value = "us-in-2"
    assert b.selected == "us-in-2" and b.legal
    b.redraw()
    assert b.canvas.widget.value[:4] == b"\x89PNG"
    ax = b.canvas.ax
    assert {c.get_gid() for c in ax.collections} >= {"legal"}
    assert any((p.get_gid() or "").startswith("unit:us-in-2") for p in ax.patches)
    assert "US" in b.info.value


def _strip(game, inf):
    from wartools.scenario import loads_scenario

    return loads_scenario(f"""
format: wartools-scenario/1
name: strip
map:
  format: wartools-map/1
  name: strip
  game: {game}
  grid: {{type: hex, columns: 6, rows: 1}}
turns: 2
sides:
  Blue: {{units: [{{id: b1, type: {inf}, cell: A1}}]}}
  Red: {{units: [{{id: r1, type: {inf}, cell: F1}}]}}
objectives: [{{id: mid, cell: B1, value: 1}}]
victory:
  levels: [{{result: Blue holds, if: {{side: Blue, controls: [mid]}}}}, {{result: nobody holds, otherwise: true}}]
""")


def test_moving_through_an_objective_takes_it_in_conflict_of_heroes():
    # Conflict of Heroes 2.4: the last side alone in a hex controls it, even moving through
    s = _strip("conflict-of-heroes", "infantry")
    b = ScenarioBoard(s, live=False)
    act = b.move("b1", "C1")
    assert act.ok, act.text
    assert b.position.control == {"mid": "Blue"} and b.result.result == "Blue holds"
    # Company of Heroes captures only in the supply phase (8): passing through takes nothing
    s = _strip("company-of-heroes", "infantry")
    b = ScenarioBoard(s, live=False)
    assert b.move("b1", "C1").ok and dict(b.position.control) == {}


def test_a_destination_is_chosen_without_a_click_and_the_picture_follows_the_text(ci):
    """Issue 25.2/25.3: the *to* list holds the selected unit's legal moves (cheapest first); *move*
    moves it; the picture is redrawn with the unit in its new hex and the turn of the text; the
    hover line reads the position's units, not the map file's."""
    from types import SimpleNamespace

    b = ScenarioBoard(ci)
    b.unit.value = "us-in-1"
    assert b.destination.options[0].startswith("D3 (0)") and not b.go_button.disabled
    b.destination.value = next(o for o in b.destination.options if o.startswith("G3 "))
    b.go_button.click()
    assert b.position.units["us-in-1"].cell == ci.map.cell("G3") and "moves to G3" in b.message.value
    drawn = {p.get_gid(): p for p in b.canvas.ax.patches if (p.get_gid() or "").startswith("unit:")}
    x, y = ci.map.grid.layout().to_pixel(ci.map.cell("G3"))
    box = drawn["unit:us-in-1"].get_bbox()
    assert box.x0 < x < box.x1 and box.y0 < y < box.y1          # drawn where the text says
    hover = b.canvas.handle_hover(SimpleNamespace(xdata=x, ydata=y, inaxes=b.canvas.ax))
    assert "us-in-1" in hover                                    # the moved unit, read from the position
    x, y = ci.map.grid.layout().to_pixel(ci.map.cell("D3"))
    assert "us-in-1" not in b.canvas.handle_hover(SimpleNamespace(xdata=x, ydata=y, inaxes=b.canvas.ax))
    b.end_turn()
    assert b.canvas.ax.get_title().endswith(f"{ci.rules.turn_name} 2 of {ci.turns}")
