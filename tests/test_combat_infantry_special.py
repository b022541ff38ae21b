"""Combat Infantry 7.0 special actions in play: features play places on the board (``Position.placed``),
foxholes dug (7.1), smoke laid (7.4) and barbed wire cleared (7.5), each against the single answer
:func:`~wartools.games.combat_infantry.special.special_action`."""
from __future__ import annotations

import pytest
import yaml

from analysis_helpers import tiny_scenario
from wartools.errors import WartoolsError
from wartools.play.engine import _apply, legal_actions, start, step
from wartools.rules.turn import Resolution, ScriptedDice
from wartools.scenario import dumps_position, loads_position, loads_scenario, scenario_to_dict
from wartools.testing import tiny_map_data


def _scenario(units, columns=5, rows=1, features=None, terrain=None, turns=2):
    """A Combat Infantry scenario on a ``columns`` x ``rows`` board with cell ``features``."""
    s = tiny_scenario("combat-infantry", columns, rows, units, turns=turns)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", columns, rows, name="tiny", features=features or {},
                                terrain=terrain or {})
    return loads_scenario(yaml.safe_dump(data))


def _activated(s, hq="hq", position=None):
    g = start(s, position)
    return step(g, next(c for c in legal_actions(g) if c.kind == "activate" and c.unit == hq), ScriptedDice([]))[0]


# --- Position.placed: the features play adds ------------------------------------------------------
def test_a_position_holds_the_features_play_placed_and_the_map_shows_them():
    s = _scenario([("hq", "US", "hq", "A1"), ("us", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")],
                  features={"D1": ["wire"]})
    c, d = s.map.cell("C1"), s.map.cell("D1")
    p = s.start().with_features(placed=((c, "foxhole"),))
    assert p.placed == ((c, "foxhole"),) and s.map_at(p).features_at("C1") == ("foxhole",)
    assert s.map_at(p).board_fingerprint == s.map_at(p.replace(units={})).board_fingerprint   # one board
    assert s.map_at(p).board_fingerprint != s.map_at().board_fingerprint
    both = p.with_features(cleared=((d, "wire"),))
    assert s.map_at(both).features == {c: ("foxhole",)}
    text = dumps_position(s, both)                          # a position file keeps them
    assert "placed" in text and "cleared" in text
    back = loads_position(text, s)
    assert (back.placed, back.cleared) == (both.placed, both.cleared)
    assert back.with_features(cleared=((c, "foxhole"),)).placed == ()        # removing a placed feature


@pytest.mark.parametrize("placed, message", [
    ({"C1": ["trench"]}, "placed.C1.0: unknown cell feature 'trench'"),
    ({"D1": ["wire"]}, "placed.D1.0: D1 has a wire on the map already"),
    ({"C1": ["smoke", "smoke"]}, "placed.C1.1: smoke on C1 is listed twice"),
    ({"Z9": ["smoke"]}, "placed.Z9"),
])
def test_a_position_file_refuses_placed_features_the_game_or_the_map_cannot_have(placed, message):
    s = _scenario([("hq", "US", "hq", "A1"), ("de", "German", "rifle", "E1")], features={"D1": ["wire"]})
    data = yaml.safe_load(dumps_position(s, s.start()))
    data["placed"] = placed
    with pytest.raises(WartoolsError, match=message):
        loads_position(yaml.safe_dump(data), s)


def test_a_position_file_checks_stacking_on_the_board_play_left_a_placed_foxhole_stacks_two_7_1():
    s = _scenario([("hq", "US", "hq", "A1"), ("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1"),
                   ("c", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")])
    data = yaml.safe_load(dumps_position(s, s.start()))
    assert loads_position(yaml.safe_dump(data), s).placed == ()               # clear: three stack
    data["placed"] = {"B1": ["foxhole"]}
    with pytest.raises(WartoolsError, match="units.4.cell: B1 is over the stacking limit: stacking limit 2 in a foxhole"):
        loads_position(yaml.safe_dump(data), s)


def test_the_engine_places_a_resolutions_features_and_rebuilds_the_map_for_them():
    s = _scenario([("hq", "US", "hq", "A1"), ("de", "German", "rifle", "E1")])
    g = _activated(s)
    c = s.map.cell("B1")
    assert "foxhole" not in g.map.features_at("B1")
    p = _apply(s, g.position, Resolution(placed=((c, "foxhole"),)))
    assert p.units == g.position.units and p.placed == ((c, "foxhole"),)
    assert g.replace(position=p).map.features_at("B1") == ("foxhole",)        # not the map of before
    assert _apply(s, p, Resolution(cleared=((c, "foxhole"),))).placed == ()
