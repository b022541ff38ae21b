"""A reinforcement in a playout comes onto the board where the movement rules let it enter, as
the race to the objectives brings it on (Combat Infantry chart note 1: guns, tanks and vehicles
enter a woods or marsh hex only by a road through it)."""
from __future__ import annotations

import yaml

from analysis_helpers import tiny_scenario
from wartools.analysis import race
from wartools.play.engine import legal_actions, start
from wartools.scenario import loads_scenario, scenario_to_dict
from wartools.testing import tiny_map_data


def _scenario(utype, roads=()):
    s = tiny_scenario("combat-infantry", 6, 1, [("us", "US", "rifle", "F1"), ("de", "German", "rifle", "E1")],
                      objectives=[("wood", "A1")], turns=2)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", 6, 1, terrain={"A1": "woods"}, name="tiny",
                                zones={"west": ["A1", "B1"]}, roads=list(roads))
    data["sides"]["US"]["units"].append({"id": "us-t", "type": utype, "enters": {"turn": 1, "zone": "west"}})
    return loads_scenario(yaml.safe_dump(data))


def _entries(s):
    g = start(s)
    return sorted(g.map.label(c.dest) for c in legal_actions(g) if c.kind == "enter")


def test_a_tank_enters_a_woods_hex_only_by_road_as_the_race_says():
    assert _entries(_scenario("tank")) == ["B1"]
    assert race(_scenario("tank")).first["wood"]["US"] is None
    assert _entries(_scenario("rifle")) == ["A1", "B1"]
    road = [{"kind": "paved", "cells": ["A1", "B1", "C1"]}]
    assert _entries(_scenario("tank", road)) == ["A1", "B1"]
    assert race(_scenario("tank", road)).first["wood"]["US"].turn == 1
