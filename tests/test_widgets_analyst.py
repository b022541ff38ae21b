"""ScenarioAnalyst: questions and clicks drive wartools.analysis; the widget shows its answers."""
from __future__ import annotations

from pathlib import Path

import pytest
from widget_helpers import click

from wartools.analysis import least_exposed_route, threat_map
from wartools.scenario import load_position, load_scenario
from wartools.widgets import ScenarioAnalyst

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def height():
    s = load_scenario(ROOT / "scenarios" / "conflict-of-heroes-height-112.yaml")
    return s, load_position(ROOT / "scenarios" / "positions" / "conflict-of-heroes-height-112.yaml", s)


def test_threat_and_clicked_attackers(height):
    s, p = height
    a = ScenarioAnalyst(s, p, side="Soviet")
    expected = threat_map(s, "Soviet", position=p)
    assert {c: v.p_hit for c, v in a.answer.cells.items()} == {c: v.p_hit for c, v in expected.cells.items()}
    m = a.board.map
    assert click(a, m, "B05") == m.cell("B05")
    for attacker in expected.at("B05").attackers:
        assert attacker in a.info.value
    gids = [c.get_gid() for c in a.canvas.ax.collections]
    assert "threat" in gids and "attackers" in gids


def test_route_question_uses_the_clicked_goal(height):
    s, p = height
    a = ScenarioAnalyst(s, p, side="Soviet", question="route")
    a.unit.value = "su-inf-3"
    assert a.answer is None and "pick a unit" in a.info.value
    click(a, a.board.map, "E08")
    r = least_exposed_route(s, "su-inf-3", "E08", position=p, turns=2)
    assert a.answer.exposure == r.exposure and a.answer.cells == r.cells
    assert "cheapest" in a.info.value


@pytest.mark.parametrize("question", ["fire plan", "race", "set-up"])
def test_every_question_answers_and_a_new_position_recomputes(height, question):
    s, p = height
    a = ScenarioAnalyst(s, p, side="German", question=question)
    assert a.answer is not None and a.info.value
    before = a.answer
    a.set_position(s.start())
    assert a.answer is not before and a.board.position.turn == 1
