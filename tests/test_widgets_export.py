"""The export button of the map widgets writes the picture on screen and the answer on screen
(issue 15: PNG/SVG by the suffix, JSON beside it, atomically; a problem is shown, not raised)."""
from __future__ import annotations

import json

import pytest
from widget_helpers import RIVER_CROSSING, click

from wartools import los, movement
from wartools.mapmodel import load_map
from wartools.widgets import LOSExplorer, MovePlanner


@pytest.fixture(scope="module")
def m():
    return load_map(RIVER_CROSSING)


def test_the_los_explorer_exports_its_picture_and_answer(m, tmp_path):
    e = LOSExplorer(m, observer="C4")
    click(e, m, "H8")
    e.export_bar.file.value = str(tmp_path / "c4-h8.svg")
    e.export_bar.button.click()
    picture, answer = tmp_path / "c4-h8.svg", tmp_path / "c4-h8.json"
    assert picture.read_text().lstrip().startswith("<?xml") and "c4-h8.json" in e.export_bar.status.value
    data = json.loads(answer.read_text())
    expected = los.line_of_sight(m, "C4", "H8")
    assert data["line_of_sight"]["status"] == expected.status
    assert data["line_of_sight"]["to"] == "H8" and data["observer"] == "C4"
    assert data["seen"] == sorted(m.label(c) for c in los.viewshed(m, "C4"))
    assert not [p.name for p in tmp_path.iterdir() if p.name not in {"c4-h8.svg", "c4-h8.json"}]


def test_the_move_planner_exports_the_path_it_shows(m, tmp_path):
    p = MovePlanner(m, start="C4", goal="E4")
    p.export_bar.file.value = str(tmp_path / "move.png")
    written = p.export_bar.export()
    assert [f.name for f in written] == ["move.png", "move.json"]
    assert (tmp_path / "move.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads((tmp_path / "move.json").read_text())
    assert data["path"] == movement.path(m, "C4", "E4", night=False).to_json()
    assert data["reach"]["from"] == "C4" and data["goal"] == "E4"


def test_a_bad_file_name_is_explained_and_nothing_is_written(m, tmp_path):
    e = LOSExplorer(m, observer="C4")
    e.export_bar.file.value = str(tmp_path / "picture.gif")
    assert e.export_bar.export() == ()
    assert "must be one of .png, .svg" in e.export_bar.status.value and not list(tmp_path.iterdir())
    e.export_bar.file.value = str(tmp_path / "missing" / "picture.png")
    assert e.export_bar.export() == ()
    assert "does not exist" in e.export_bar.status.value
