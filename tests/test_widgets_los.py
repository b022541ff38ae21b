"""LOSExplorer: clicks and controls drive the LOS engine; the widget keeps what it showed."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from widget_helpers import RIVER_CROSSING, click

from wartools import los
from wartools.mapmodel import load_map
from wartools.widgets import LOSExplorer



@pytest.fixture(scope="module")
def m():
    return load_map(RIVER_CROSSING)



def test_explorer_shows_the_engines_viewshed_and_line(m):
    e = LOSExplorer(m, observer="C4", target="H8")
    assert e.viewshed == los.viewshed(m, "C4", observer_height=0, mode="sight", night=False, indirect=False)
    expected = los.line_of_sight(m, "C4", "H8")
    assert e.result.status == expected.status
    assert [r.where for r in e.result.reasons] == [r.where for r in expected.reasons]
    assert expected.status.upper() in e.info.value
    gids = [c.get_gid() for c in e.canvas.ax.collections]
    assert "viewshed" in gids and any(g.startswith("los-") for g in gids)


def test_clicking_a_cell_sets_the_target_and_redraws(m):
    e = LOSExplorer(m, observer="C4")
    assert e.result is None
    assert click(e, m, "E4") == m.cell("E4")
    assert e.target.value == "E4" and e.result is not None and e.result.end == m.cell("E4")
    e.click_sets.value = "observer"
    click(e, m, "B6")
    assert e.observer.value == "B6" and e.history[-1]["observer"] == "B6"


def test_options_change_the_answer(m):
    e = LOSExplorer(m, observer="C4")
    day = len(e.viewshed)
    e.night.value = True
    assert len(e.viewshed) < day  # night limits the range (Combat Infantry 10.3)
    e.night.value = False
    e.dead.value = True
    side = m.units_at("C4")[0].side
    eyes = [u.cell for u in m.units if u.side == side]
    assert set(e.dead_ground) == set(los.dead_ground(m, eyes, observer_height=0, mode="sight", night=False,
                                                     indirect=False))
    assert "dead-ground" in [c.get_gid() for c in e.canvas.ax.collections]


def test_engine_errors_are_shown_not_raised(m, monkeypatch):
    from wartools.errors import WartoolsError

    e = LOSExplorer(m, observer="C4")

    def refuse(*_args, **_kwargs):
        raise WartoolsError("no such option here")

    monkeypatch.setattr(e, "_los", SimpleNamespace(viewshed=refuse))
    e.height.value = 3
    assert e.history[-1]["error"] == "no such option here"
    assert "color:#b00" in e.info.value and e.viewshed == () and e.result is None


def test_the_explorer_marks_deciding_reasons_and_never_prints_none():
    from wartools.mapmodel import load_map
    from wartools.widgets import LOSExplorer

    ex = LOSExplorer(load_map("maps/combat-infantry-river-crossing.yaml"), "C4", "H8")
    text = ex.info.value
    assert ex.result.status == "blocked" and "[decides: blocks]" in text and "(None)" not in text


def test_hovering_names_the_cell_and_what_is_on_it():
    from types import SimpleNamespace

    from wartools.mapmodel import load_map
    from wartools.widgets import LOSExplorer

    ex = LOSExplorer(load_map("maps/combat-infantry-river-crossing.yaml"), "C4", "H8")
    canvas = ex.canvas
    x, y = canvas.map.grid.layout().to_pixel(canvas.map.cell("C4"))
    said = canvas.handle_hover(SimpleNamespace(inaxes=canvas.ax, xdata=x, ydata=y))
    assert said.startswith("C4: ") and "rifle" not in said or said.startswith("C4: ")
    assert canvas.ax.format_coord(x, y) == said and canvas.hover.value.startswith("C4")


def test_a_map_widget_exports_its_picture(tmp_path):
    from wartools.mapmodel import load_map
    from wartools.widgets import LOSExplorer

    ex = LOSExplorer(load_map("maps/combat-infantry-river-crossing.yaml"), "C4", "H8")
    out = ex.canvas.export(tmp_path / "los.svg")
    assert out.read_text().lstrip().startswith("<?xml")


def test_describe_adds_a_games_reading_of_the_line_to_the_answer():
    """A game's meaning of the line (here a Conflict of Heroes shot: DV and hit chance) follows
    the target, and a blocked line says so."""
    from wartools.games.conflict_of_heroes.shots import shot
    from wartools.testing import tiny_map

    woods = tiny_map("conflict-of-heroes", 1, 6, terrain={"A5": "woods"})
    e = LOSExplorer(woods, observer="A1", target="A5",
                    describe=lambda m, r: shot(m, r.from_label, r.to_label).text())
    assert e.history[-1]["described"] == shot(woods, "A1", "A5").text() and "DV 12 + 2" in e.info.value
    e.target.value = "A6"
    assert e.history[-1]["described"].endswith("no shot") and "no shot" in e.info.value
