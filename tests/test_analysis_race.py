"""Races to objectives checked against the multi-turn movement engine they compose."""
from __future__ import annotations

from analysis_helpers import tiny_scenario
from wartools.analysis import race
from wartools.movement import reach_in_turns


def test_first_turn_is_the_fewest_moves_of_the_fastest_unit():
    s = tiny_scenario("company-of-heroes", 10, 3, [("us-1", "US", "infantry", "A2"), ("us-2", "US", "infantry", "C2"),
                                                   ("de-1", "Wehrmacht", "infantry", "J2")],
                      objectives=[("mid", "F2"), ("west", "A2")])
    r = race(s)
    m = s.map_at(s.start())
    for side, units in (("US", ("us-1", "us-2")), ("Wehrmacht", ("de-1",))):
        best = min((reach_in_turns(m, m.unit(u).cell, u, turns=s.turns).turns_to.get(m.cell("F2"), 99), u)
                   for u in units)
        assert (r.first["mid"][side].turn, r.first["mid"][side].unit) == best   # turn 1 is the first move
    assert r.first["west"]["US"].turn == 1 and r.first["west"]["US"].unit == "us-1"   # already there
    side, by = r.margin("mid")
    assert side == "US" and by == r.first["mid"]["Wehrmacht"].turn - r.first["mid"]["US"].turn


def test_reinforcements_enter_on_their_turn_and_out_of_time_is_never():
    s = tiny_scenario("company-of-heroes", 10, 3, [("us-1", "US", "infantry", "A2"),
                                                   ("de-1", "Wehrmacht", "infantry", "J2")],
                      objectives=[("far", "J1")], turns=2)
    import yaml
    from wartools.scenario import loads_scenario, scenario_to_dict

    data = scenario_to_dict(s)
    data["sides"]["Wehrmacht"]["units"].append({"id": "de-2", "type": "infantry",
                                                 "enters": {"turn": 2, "edge": "east"}})
    s2 = loads_scenario(yaml.safe_dump(data))
    r = race(s2)
    assert r.first["far"]["US"] is None                      # 9 hexes at 3 cp a round: not in 2 rounds (4, Movement)
    assert r.first["far"]["Wehrmacht"].turn == 1             # de-1 is adjacent
    r2 = race(s2, position=s2.start().replace(units={k: v for k, v in s2.start().units.items() if k != "de-1"}))
    arrival = r2.first["far"]["Wehrmacht"]
    assert (arrival.unit, arrival.turn) == ("de-2", 2) and s2.map.label(arrival.cell) == "J1"
    assert any(a.rule == "scenario reinforcements" for a in r2.assumptions)


def test_a_reinforcement_never_enters_where_the_scenario_check_says_it_cannot_stand():
    """A hex whose every hexside is a lake is impassable to all (Combat Infantry 3.4 Sea/Lake): no unit
    can stand there, so the scenario's set-up check refuses it (10.1), and a reinforcement entering by it
    never arrives there, as the play engine and set-up advice ask the same check."""
    import yaml
    from analysis_helpers import tiny_scenario
    from wartools.play.engine import legal_actions, start
    from wartools.rules.movement import MoveSituation
    from wartools.scenario import loads_scenario, scenario_to_dict
    from wartools.testing import tiny_map_data

    s = tiny_scenario("combat-infantry", 4, 1, [("us", "US", "rifle", "A1"), ("de", "German", "rifle", "B1")],
                      objectives=[("isle", "D1")], turns=2)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", 4, 1, name="tiny", zones={"east": ["C1", "D1"]},
                                edges={("C1", "D1"): "lake"})
    data["sides"]["US"]["units"].append({"id": "us-2", "type": "rifle", "enters": {"turn": 1, "zone": "east"}})
    s = loads_scenario(yaml.safe_dump(data))
    m = s.map_at(s.start())
    d1 = m.cell("D1")
    assert s.rules.standing_problem(m, "rifle", d1) is not None                 # the scenario's check refuses D1
    rules = s.game.movement_rules()(m, "rifle", MoveSituation())
    assert rules.entry_blocker(d1) is None and rules.end_blocker(d1) is None    # the movement rules alone would not
    assert race(s).first["isle"]["US"] is None                                  # never there (was: turn 1 by D1)
    entries = [c.dest for c in legal_actions(start(s)) if c.kind == "enter"]
    assert m.cell("C1") in entries and d1 not in entries                       # the engine asks the same check
