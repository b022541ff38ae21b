"""Set-up advice checked against the primitives it composes."""
from __future__ import annotations

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, setup_advice, threat_map
from wartools.analysis.setup import approach_cells
from wartools.los import line_of_sight


def _scenario():
    return tiny_scenario("heroes-of-normandie", 8, 8,
                         [("us-1", "US", "infantry", "B7"), ("de-1", "German", "infantry", "G1"),
                          ("de-2", "German", "infantry", "B1")],
                         terrain={"D4": "building", "E4": "building", "C6": "building"},
                         objectives=[("centre", "E5"), ("farm", "B5")],
                         zones={"us-zone": ["A7", "B7", "C7", "D7", "E7", "A8", "B8", "C8"]})


def test_ranking_rests_on_line_of_sight_fire_and_threat():
    s = _scenario()
    a = setup_advice(s, "US", "infantry", zone="us-zone")
    m = Board.of(s).map
    threat = threat_map(s, "US", target="infantry")
    approach = approach_cells(Board.of(s), "US")
    assert {m.label(c.cell) for c in a.cells} == {"A7", "B7", "C7", "D7", "E7", "A8", "B8", "C8"}
    for c in a.cells:
        seen = {o.id for o in s.objectives
                if line_of_sight(m, c.cell, o.cell, unit="infantry", side="US").visible}
        assert set(c.objectives) == seen
        assert set(c.covered) | set(c.dead_ground) == set(approach) and not set(c.covered) & set(c.dead_ground)
        assert c.threat == threat.at(c.cell).expected
    keys = [(-len(c.objectives), -len(c.covered), c.threat) for c in a.cells]
    assert keys == sorted(keys)
    assert approach and any(c.covered for c in a.cells)
    j = a.to_json()
    assert j["cells"][0]["rank"] == 1 and "assumptions" in j


def test_unknown_zone_is_one_line():
    import pytest
    from wartools.errors import WartoolsError

    with pytest.raises(WartoolsError, match="no zone 'moon'; valid: us-zone"):
        setup_advice(_scenario(), "US", zone="moon")


def test_setup_advice_ranks_only_cells_the_scenarios_own_check_allows():
    """Combat Infantry chart note 1 (3.4 Woods, Marsh): guns, tanks and vehicles may not enter a
    woods or marsh hex except via a road, and the scenario's set-up check refuses a tank there
    (ScenarioRules.standing_problem). Set-up advice for a tank ranks neither, and lists them as
    refused with that reason; a rifle squad gets them ranked; a woods hex on a road is allowed."""
    import yaml

    from wartools.scenario import loads_scenario, scenario_to_dict
    from wartools.testing import tiny_map_data

    def advice(utype, roads=()):
        s = tiny_scenario("combat-infantry", 5, 3, [("us", "US", "rifle", "A2"), ("de", "German", "rifle", "E2")],
                          objectives=[("hill", "C2")])
        data = scenario_to_dict(s)
        data["map"] = tiny_map_data("combat-infantry", 5, 3, terrain={"A1": "woods", "A3": "marsh"}, name="tiny",
                                    zones={"west": ["A1", "A2", "A3"]}, roads=list(roads))
        return setup_advice(loads_scenario(yaml.safe_dump(data)), "US", utype, zone="west")

    tank = advice("tank")
    lab = tank.board.map.label
    assert [lab(c.cell) for c in tank.cells] == ["A2"]
    refused = {lab(c): why for c, why in tank.refused}
    assert sorted(refused) == ["A1", "A3"] and all("chart note 1" in why for why in refused.values())
    assert [r["cell"] for r in tank.to_json()["refused"]] == ["A1", "A3"]
    rifle = advice("rifle")
    assert sorted(lab(c.cell) for c in rifle.cells) == ["A1", "A2", "A3"] and not rifle.refused
    road = advice("tank", [{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
    assert sorted(lab(c.cell) for c in road.cells) == ["A1", "A2"]


def test_setup_advice_names_the_movement_readings_its_approach_rests_on():
    """The approach cells are the enemy's routes from the movement engine; an answer resting on
    an assumed reading names it (issue 20 point 4): a Conflict of Heroes enemy's CAPs added to
    its move (3.21, option caps-for-moves) and the assumed woods cost on its way."""
    import yaml

    from wartools.scenario import loads_scenario, scenario_to_dict

    s = tiny_scenario("conflict-of-heroes", 8, 1, [("de", "German", "infantry", "A1"), ("su", "Soviet", "infantry", "H1")],
                      terrain={"F1": "woods"}, objectives=[("goal", "E1")])
    data = scenario_to_dict(s)
    data["sides"]["Soviet"]["resources"] = {"caps": 2}
    a = setup_advice(loads_scenario(yaml.safe_dump(data)), "German", "infantry")
    options = [x.option for x in a.assumptions]
    assert "caps-for-moves" in options and any(x.reading.startswith("woods hex") and "AP" in x.reading
                                               for x in a.assumptions)
    plain = setup_advice(s, "German", "infantry")                  # no CAPs: no CAP reading
    assert "caps-for-moves" not in [x.option for x in plain.assumptions]
