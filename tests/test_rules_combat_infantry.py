"""Combat Infantry rules fidelity (issue 11): small maps built from the rulebook's text.

Each test names the rule it pins; the maps are synthetic.
"""
from __future__ import annotations

import pytest

from wartools.los import line_of_sight, visibility_matrix
from wartools.mapmodel import save_map
from wartools.movement import path
from wartools.testing import tiny_map


def ci(cols: int, rows: int, **kw):
    return tiny_map("combat-infantry", cols, rows, **kw)


def sees(m, a, b, **kw) -> bool:
    return line_of_sight(m, a, b, **kw).visible


# --- LOS into and out of woods and orchards (3.4 Woods, chart Orchard note 3, 6.4) ------------

@pytest.mark.parametrize("terrain", ["woods", "orchard"])
def test_woods_and_orchard_los_is_the_same_both_ways_and_adjacent_only(terrain):
    """3.4 Woods: woods block LOS except for adjacent units; the Orchard chart row, note 3:
    fire only from adjacent hexes, otherwise LOS is blocked; 6.4 and Diagram 4: LOS between two
    hexes is the same both ways. So a unit in woods (or an orchard) neither sees nor is seen
    beyond its adjacent hexes -- even when the hexsides are drawn clear."""
    m = ci(1, 5, terrain={"A1": terrain})
    assert sees(m, "A1", "A2") and sees(m, "A2", "A1")                 # adjacent: both ways
    for far in ("A3", "A5"):
        assert not sees(m, "A1", far) and not sees(m, far, "A1")       # out and in: both blocked
    # drawn with clear hexsides: the hex terrain still decides
    drawn = ci(1, 5, terrain={"A1": terrain}, edges={("A1", "A2"): "clear"})
    assert not sees(drawn, "A1", "A3") and not sees(drawn, "A3", "A1")
    # bombardment is not limited (note 3: bombardment OK)
    assert sees(m, "A3", "A1", indirect=True)


def test_woods_symmetric_over_a_whole_board_and_the_one_way_reading_is_an_option():
    """6.4: LOS is the same both ways, apart from one-way rules (range, spotting, heights). The
    one-way reading (a unit in woods sees out, 6.4 "ignore terrain within the firing hex") is the
    option ``woods-see-out``, and the answer says which reading it used."""
    m = ci(6, 6, terrain={"C3": "woods", "D4": "orchard", "B5": "woods"})
    vm = visibility_matrix(m, progress=False)
    assert (vm.visible == vm.visible.T).all()
    assert sum(vm.visible[vm.index("C3")]) == 7                       # itself and its 6 neighbours
    r = line_of_sight(m, "C3", "F6")
    assert any(a.option == "woods-see-out" for a in r.assumptions)
    loose = m.with_options(**{"woods-see-out": True})
    assert sees(loose, "C3", "C6") and not sees(loose, "C6", "C3")
    assert any("house rule" in a.reading for a in line_of_sight(loose, "C3", "C6").assumptions)


# --- guns, tanks and vehicles in woods and marsh (3.4, chart note 1) -----------------------------

@pytest.mark.parametrize("unit", ["tank", "at-gun", "vehicle"])
@pytest.mark.parametrize("terrain", ["woods", "marsh"])
def test_heavy_units_never_enter_woods_or_marsh_hexes_off_road(unit, terrain):
    """Chart note 1 (3.4 Woods, Marsh): guns, tanks and vehicles may not cross the hexside *or
    enter the hex*, except by road -- a hexside drawn clear does not open the hex."""
    m = ci(3, 1, terrain={"B1": terrain}, edges={("A1", "B1"): "clear"})
    why = path(m, "A1", "B1", unit).why_not
    assert why is not None and terrain in why and "road" in why
    road = ci(3, 1, terrain={"B1": terrain}, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
    assert path(road, "A1", "C1", unit).reachable                     # by road: allowed
    assert path(m, "A1", "B1", "rifle").reachable                     # infantry: allowed


def test_heavy_units_may_leave_by_a_hexside_drawn_clear_but_not_cross_a_woods_hexside():
    """Chart note 1 names the hexside and the hex entered; a tank that reached woods by road may
    leave across a hexside drawn clear, not across a woods hexside (between clear hexes too)."""
    m = ci(3, 1, terrain={"A1": "woods"}, edges={("A1", "B1"): "clear", ("B1", "C1"): "woods"})
    assert path(m, "A1", "B1", "tank").reachable
    assert not path(m, "B1", "C1", "tank").reachable


# --- barbed wire (7.5 note) ---------------------------------------------------------------------

def test_a_unit_in_barbed_wire_can_be_fired_on_but_not_assaulted():
    """7.5 note: a unit in a barbed-wire hex can be fired on, but not assaulted; so moving into
    it is no assault. An empty wire hex is entered and the move stops (7.5)."""
    m = ci(3, 1, features={"B1": ["wire"]},
           units=[("us", "US", "rifle", "A1"), ("de", "German", "rifle", "B1")])
    why = path(m, "A1", "B1").why_not
    assert why is not None and "7.5" in why and "assault" in why
    assert sees(m, "A1", "B1", mode="fire")                           # it can be fired on
    empty = ci(3, 1, features={"B1": ["wire"]}, units=[("us", "US", "rifle", "A1")])
    p = path(empty, "A1", "B1")
    assert p.reachable and "wire" in p.steps[-1].stop and not path(empty, "A1", "C1").reachable


# --- assumptions said in every answer ----------------------------------------------------------

def test_assumed_movement_costs_and_ratings_are_said_in_the_answer():
    """The chart rows for town, farm, marsh and cemetery hexsides and most move ratings are not
    in the excerpt: a path that uses them lists them in ``assumptions``; one that does not, not."""
    m = ci(3, 1, terrain={"B1": "town"})
    p = path(m, "A1", "B1", "rifle")
    assert p.cost == 2 and "[assumed]" in p.steps[0].why
    assert any("town hexside" in a.reading for a in p.assumptions)
    clear = path(ci(3, 1), "A1", "B1", "rifle")
    assert not any("hexside" in a.reading for a in clear.assumptions)
    assert not any("move rating" in a.reading for a in clear.assumptions)       # 2.1: rifle Move 5
    assert any("mg move rating" in a.reading for a in path(ci(3, 1), "A1", "B1", "mg").assumptions)
    assert path(ci(3, 1), "A1", "B1", "rifle").to_json()["assumptions"] is not None


# --- snipers (2.52, 6.7) ---------------------------------------------------------------------------

def test_a_sniper_target_never_has_double_defense():
    """2.52: a sniper's target never has D2 (6.7) -- not in woods, town or a foxhole; other
    firers still face D2 there."""
    from wartools.games.combat_infantry.combat import HexUnit, defends_d2, fire_at_hex
    for terrain, foxhole in (("woods", False), ("town", False), ("clear", True)):
        assert defends_d2(terrain, "fire", foxhole=foxhole)
        assert not defends_d2(terrain, "fire", foxhole=foxhole, firer="sniper")
    # one hit from a sniper takes a step off a squad in town; from a rifle it is a half-hit
    d2 = defends_d2("town", "fire", firer="sniper")
    after = fire_at_hex(1, 10, [HexUnit(3)], d2=d2)
    assert after[(HexUnit(2),)] == 1


# --- unit ranges (2.13, 6.2, 6.4) -------------------------------------------------------------------

def test_each_unit_type_fires_and_sees_its_own_range():
    """2.13 and 6.2: units fire only at targets in range; 6.4: "units can see up to their range"
    (the default; seeing as far as the terrain allows is the house rule sight-within-range=false,
    named in the answer). The rifle block (2.1) shows range 2, the Panther (2.53) range 7; blocks
    the excerpt does not print are assumed ranges, said in the answer and changed with
    ``--option range-<type>=N``."""
    m = ci(9, 1, units=[("r", "US", "rifle", "A1"), ("t", "German", "tank", "I1")])
    assert sees(m, "A1", "C1", mode="fire") and not sees(m, "A1", "D1", mode="fire")
    r = line_of_sight(m, "A1", "D1", mode="fire")
    assert r.deciding[0].rule_id == "unit-range"
    assert sees(m, "I1", "B1", mode="fire") and not sees(m, "I1", "A1", mode="fire")   # tank: 7
    assert sees(m, "A1", "C1") and not sees(m, "A1", "D1")             # sight: up to the range (6.4)
    assert line_of_sight(m, "A1", "D1").deciding[0].rule_id == "unit-range"
    assert sees(m, "I1", "B1") and not sees(m, "I1", "A1")             # the tank sees 7 hexes
    far = m.with_options(**{"sight-within-range": False})             # the other reading: a house rule
    assert sees(far, "A1", "I1") and not sees(far, "A1", "I1", mode="fire")
    assert any(a.option == "sight-within-range" and "house rule" in a.reading
               for a in line_of_sight(far, "A1", "I1").assumptions)
    assert not any(a.option == "sight-within-range" for a in line_of_sight(m, "A1", "C1").assumptions)
    assert sees(m, "A1", "H1", range=7, mode="fire")                      # range= overrides
    # a machine gun's range is an assumption: said, and a group can change it
    mg = ci(9, 1, units=[("mg", "US", "mg", "A1")])
    said = line_of_sight(mg, "A1", "D1", unit="mg", mode="fire").assumptions
    assert [a.option for a in said if a.option and a.option.startswith("range-")] == ["range-mg"]
    assert sees(mg, "A1", "E1", mode="fire") and not sees(mg, "A1", "F1", mode="fire")
    assert sees(mg.with_options(**{"range-mg": 5}), "A1", "F1", mode="fire")
    # a block's own printed range (a range=N tag) comes first; the analysis layer reads the same
    tagged = ci(9, 1, units=[("mg", "US", "mg", "A1", ["range=6"])])
    assert sees(tagged, "A1", "G1", mode="fire") and not sees(tagged, "A1", "H1", mode="fire")
    from wartools.mapmodel import Unit
    fire = mg.with_options(**{"range-mg": 5}).game.fire_rules()
    assert fire.profile(Unit("m", "US", "mg", mg.cell("A1"))).range == 5
    assert fire.profile(Unit("m", "US", "mg", mg.cell("A1"), tags=("range=6",))).range == 6
    # night (10.3) still caps every range at 2
    assert not sees(ci(9, 1, units=[("t", "German", "tank", "A1")]), "A1", "D1",
                    night=True, mode="fire")


# --- fire and assault limits (6.5, 6.51, 9.1, the chart's Fire and Assault columns) ---------------

def test_fire_limits_per_hexside_and_long_range_one_per_hex():
    """6.5: the hexside's fire limit (clear 2, orchard 1, town 1 -- 3.4 Town -- hedge 0) caps the
    units firing through it at an adjacent target; 6.51: from two or more hexes only one unit per
    firing hex fires at one target hex, without using up the hexside limits; 6.6: bombardment
    is free of limits. The most restrictive terrain of a hexside decides (3.2)."""
    from wartools.games.combat_infantry.limits import fire_plan, hexside_limits
    m = ci(4, 1, units=[("a", "US", "rifle", "C1"), ("b", "US", "rifle", "C1"), ("c", "US", "mg", "C1"),
                        ("l1", "US", "mg", "A1"), ("l2", "US", "rifle", "A1"), ("mo", "US", "mortar", "C1"),
                        ("x", "German", "rifle", "D1")])
    plan = fire_plan(m, "D1", ["a", "b", "c", "l1", "l2", "mo"], bombard=["mo"])
    assert plan.firers == ("a", "b", "l1", "mo") and not plan.assumptions
    for terrain, fire in (("clear", 2), ("beach", 2), ("orchard", 1), ("town", 1)):
        assert hexside_limits(m.with_terrain("D1", terrain), "C1", "D1").fire == fire
        assert hexside_limits(m.with_terrain("C1", terrain), "D1", "C1").fire == fire   # both ways
    hedge = m.with_edge_feature("C1", "D1", "hedge")
    assert hexside_limits(hedge, "C1", "D1").fire == 0
    assert fire_plan(hedge, "D1", ["a", "l1"]).firers == ("l1",)
    # a hexside drawn as town between clear hexes limits like a town hexside (3.2 drawn terrain)
    assert hexside_limits(m.with_edge_feature("C1", "D1", "town"), "C1", "D1").fire == 1
    woods = hexside_limits(m.with_terrain("D1", "woods"), "C1", "D1")
    assert woods.assumed and woods.assumptions() and "[assumed]" in woods.why


def test_assault_limits_per_hexside():
    """9.1: assault limits apply per hexside in addition to fire limits (Fire 2, Assault 1: two
    fire and/or one assaults); 3.4 Slope: assault limit always 1; 3.4 Hedge: only tanks."""
    from wartools.games.combat_infantry.limits import hexside_limits
    m = ci(3, 1, terrain={"B1": "orchard"})
    assert (hexside_limits(m, "A1", "B1").fire, hexside_limits(m, "A1", "B1").assault) == (1, 1)
    clear = ci(3, 1)
    assert hexside_limits(clear, "A1", "B1").assault == 2
    assert hexside_limits(clear.with_edge_feature("A1", "B1", "slope"), "A1", "B1").assault == 1
    hedge = hexside_limits(clear.with_edge_feature("A1", "B1", "hedge"), "A1", "B1")
    assert (hedge.fire, hedge.assault, hedge.tank_assault) == (0, 0, 1)
    with pytest.raises(Exception, match="not adjacent"):
        hexside_limits(clear, "A1", "C1")


# --- spotting on the command line (6.61) -------------------------------------------------------------

def test_los_spotting_flag_on_the_command_line(tmp_path, capsys):
    """6.61: an HQ spots 3 hexes (4 when higher than the target); ``wartools los --spotting``."""
    import json

    from wartools.cli import main
    p = tmp_path / "m.yaml"
    save_map(tiny_map("combat-infantry", 6, 1, units=[("h", "US", "hq", "A1")]), p)
    assert main(["los", str(p), "A1", "D1", "--spotting", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["visible"] is True
    assert main(["los", str(p), "A1", "E1", "--spotting", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["visible"] is False and "6.61" in json.dumps(out["reasons"])


def test_hedges_stopping_guns_and_vehicles_is_an_assumed_reading():
    """3.4 Hedge says fire is blocked and only tanks assault across; it does not say guns and
    vehicles cannot cross. The library's reading (they cannot) is an option, said in the answer
    of a gun or vehicle on a map with hedges; tanks and infantry cross."""
    m = ci(3, 1, edges={("A1", "B1"): "hedge"})
    p = path(m, "A1", "B1", "at-gun")
    assert not p.reachable and "hedge-stops-wheeled" in p.why_not
    assert any(a.option == "hedge-stops-wheeled" for a in p.assumptions)
    assert path(m, "A1", "B1", "tank").reachable and path(m, "A1", "B1", "rifle").reachable
    assert path(m.with_options(**{"hedge-stops-wheeled": False}), "A1", "B1", "vehicle").reachable
    assert not any(a.option == "hedge-stops-wheeled" for a in path(ci(3, 1), "A1", "B1", "at-gun").assumptions)


# --- issue 20: movement the analysis composes (7.2, 8.3, 9.61, 9.62, chart note 1) ----------------

@pytest.mark.parametrize("unit", ["mg", "mortar", "at-gun"])
def test_a_minefield_is_an_assault_so_mgs_mortars_and_guns_may_not_enter_it(unit):
    """7.2: mines are units, so moving into a minefield hex is moving into an assault (8.0); 9.61
    and 9.62: AT guns, mortars and machine guns cannot move into assaults. A rifle squad may, and
    stops there (8.0), gets no road bonus into it (8.4) and does not move on next turn (the
    assault is fought); across a hedge only a tank may assault (3.4 Hedge)."""
    m = ci(4, 1, features={"B1": ["mines"]}, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
    why = path(m, "A1", "B1", unit).why_not
    assert why is not None and "assault" in why and "7.2" in why
    assert path(ci(4, 1), "A1", "B1", unit).reachable                  # the same hex without mines: allowed
    rifle = path(m, "A1", "B1", "rifle")
    assert rifle.reachable and "minefield" in rifle.steps[-1].stop and rifle.cost == 2   # no road -1
    assert not path(m, "A1", "C1", "rifle").reachable                  # the move ends in the minefield
    from wartools.movement import reach_in_turns
    turns = reach_in_turns(m, "A1", "rifle", side="US", turns=3).turns_to
    assert turns[m.cell("B1")] == 1 and m.cell("C1") not in turns      # the assault does not move on
    hedge = ci(3, 1, features={"B1": ["mines"]}, edges={("A1", "B1"): "hedge"})
    assert not path(hedge, "A1", "B1", "rifle").reachable and path(hedge, "A1", "B1", "tank").reachable


def test_hex_control_answers_name_the_cliff_reading_where_the_map_has_a_cliff():
    """8.3 and 3.4: whether control crosses a cliff hexside is an assumed reading (option
    ``control-across-cliff``), so hex control, the summary of it and what one unit adds name it on a
    map with a cliff, and stay mappings the lessons read; without a cliff they rest on no reading."""
    import matplotlib.pyplot as plt

    from wartools.games.combat_infantry.control import control_summary, hex_control, unit_control

    units = [("us", "US", "rifle", "A1"), ("de", "German", "rifle", "C1")]
    cliff = ci(4, 1, edges={("B1", "C1"): "cliff"}, units=units)
    for answer in (hex_control(cliff), control_summary(cliff), unit_control(cliff, "us")):
        assert [a.option for a in answer.assumptions] == ["control-across-cliff"]
    control = hex_control(cliff)
    assert control == {"A1": "US", "B1": "disputed", "C1": "German", "D1": "German"} and control["B1"] == "disputed"
    assert control.to_json()["assumptions"][0]["rule"].startswith("Combat Infantry 8.3")
    assert "control-across-cliff" in control.text()
    assert control_summary(cliff)["US"] == {"occupied": 1, "controlled": 0}
    assert control.draw() is not None
    plt.close("all")
    plain = ci(4, 1, units=units)
    assert hex_control(plain).assumptions == () and control_summary(plain).assumptions == ()


def test_control_across_a_cliff_is_one_reading_for_movement_retreat_and_victory():
    """8.3: hex control matters for movement, retreats and victory, and units extend it into
    adjacent hexes except across impassable hexsides; whether a cliff (impassable to guns, tanks
    and vehicles only, 3.4) stops it is the option ``control-across-cliff``. Both readings must
    give one answer to all three, and every answer that rests on it names it."""
    from wartools.games import find_game
    from wartools.games.combat_infantry.control import hex_control, retreat_hexes

    units = [("us", "US", "rifle", "A1"), ("de", "German", "rifle", "C1")]
    for across in (True, False):
        m = ci(4, 1, edges={("B1", "C1"): "cliff"}, units=units).with_options(**{"control-across-cliff": across})
        step = path(m, "A1", "B1").steps[-1]
        victory = m.game.scenario_rules().control(m, m.units, [m.cell("B1")], {})[m.cell("B1")]
        if across:     # the German claims B1 across the cliff: a US mover stops there; with the
            # US unit on A1 counted (victory, retreats) B1 is disputed
            assert "must stop (8.3)" in (step.stop or "") and victory.status == "disputed"
            assert hex_control(m)["B1"] == "disputed"
        else:          # the cliff stops the German claim: B1 is the US's, and nobody stops there
            assert step.stop is None and victory.side == "US" and hex_control(m)["B1"] == "US"
        assert any(a.option == "control-across-cliff" for a in path(m, "A1", "B1").assumptions)
        assert [a.option for a in m.game.scenario_rules().assumptions()].count("control-across-cliff") == 1
    # reverse direction: the German retreating from an assault on B1 back across the cliff to C1
    both = ci(4, 1, edges={("B1", "C1"): "cliff"},
              units=[("us", "US", "rifle", "A1"), ("us2", "US", "rifle", "B1"), ("de", "German", "rifle", "B1"),
                     ("de2", "German", "rifle", "D1")])
    assert retreat_hexes(both, "B1", "German", ["C1"]) == ("C1",)     # C1 next to D1 only: German
    # no cliff on the map: movement names no cliff reading
    assert not any(a.option == "control-across-cliff" for a in path(ci(4, 1, units=units), "A1", "B1").assumptions)
    assert find_game("ci").option("control-across-cliff") is True


def test_race_brings_a_tank_onto_the_board_only_where_it_may_enter():
    """Chart note 1 (3.4 Woods, Marsh): guns, tanks and vehicles may not enter a woods or marsh hex
    except via a road, so a reinforcing tank cannot come onto the board on a woods entry hex (an
    objective there is not reached); by a road through it, it can; a rifle squad may enter anywhere."""
    from analysis_helpers import woods_entry_scenario
    from wartools.analysis import race

    def first(utype, roads=()):
        return race(woods_entry_scenario(utype, roads)).first["wood"]["US"]

    assert first("tank") is None                     # not on A1 (woods), nor from B1 across the woods hexside
    rifle = first("rifle")
    assert (rifle.unit, rifle.turn) == ("us-t", 1)
    road = first("tank", [{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
    assert (road.unit, road.turn) == ("us-t", 1)


def test_a_reinforcement_enters_a_hex_a_friend_holds_within_the_stacking_limit():
    """8.2: a hex holds up to the stacking limit of friendly units, so a reinforcing rifle squad
    may come onto the board on an entry hex its side's bunker holds: the race brings it on there
    (it asked its own question before: no unit at all on the entry hex), as a playout does."""
    import yaml

    from analysis_helpers import tiny_scenario
    from wartools.analysis import race
    from wartools.play.engine import legal_actions, start
    from wartools.scenario import loads_scenario, scenario_to_dict
    from wartools.testing import tiny_map_data

    s = tiny_scenario("combat-infantry", 6, 1, [("bk", "US", "bunker", "A1"), ("de", "German", "rifle", "F1")],
                      objectives=[("obj", "C1")], turns=2)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", 6, 1, name="tiny", zones={"west": ["A1"]})
    data["sides"]["US"]["units"].append({"id": "us-r", "type": "rifle", "enters": {"turn": 1, "zone": "west"}})
    s = loads_scenario(yaml.safe_dump(data))
    arrival = race(s).first["obj"]["US"]
    assert arrival is not None and (arrival.unit, s.map.label(arrival.cell)) == ("us-r", "A1")
    g = start(s)
    assert [(c.kind, g.map.label(c.dest)) for c in legal_actions(g)] == [("enter", "A1")]


def test_a_playout_brings_a_tank_on_only_where_the_race_does():
    """Chart note 1 again, in play: a reinforcement's entry cells are those the movement rules let
    it enter and end on, as in the race above."""
    from analysis_helpers import woods_entry_scenario
    from wartools.play.engine import legal_actions, start

    def entries(utype, roads=()):
        g = start(woods_entry_scenario(utype, roads))
        return sorted(g.map.label(c.dest) for c in legal_actions(g) if c.kind == "enter")

    assert entries("tank") == ["B1"] and entries("rifle") == ["A1", "B1"]
    assert entries("tank", [{"kind": "paved", "cells": ["A1", "B1", "C1"]}]) == ["A1", "B1"]


def test_reach_names_the_assumed_costs_its_cells_rest_on_as_path_does():
    """The chart rows for marsh (and town, farm, cemetery) hexsides are not in the excerpt (8.1):
    ``path`` names the assumed marsh cost; ``reach`` must too when a reached cell's cheapest way
    crosses a marsh hexside -- and not when the budget stops short of it, nor on clear ground."""
    from wartools.movement import reachable

    m = ci(4, 1, terrain={"C1": "marsh"})
    assert any("marsh hexside" in a.reading for a in path(m, "A1", "C1", "rifle").assumptions)
    r = reachable(m, "A1", "rifle", side="US")
    assert m.cell("C1") in r.costs and any("marsh hexside" in a.reading for a in r.assumptions)
    assert any("marsh hexside" in a["reading"] for a in r.to_json()["assumptions"])
    short = reachable(m, "A1", "rifle", side="US", budget=2)
    assert m.cell("C1") not in short.costs and not any("marsh" in a.reading for a in short.assumptions)
    assert not any("hexside" in a.reading for a in reachable(ci(4, 1), "A1", "rifle", side="US").assumptions)


# --- issue 20: line of sight into towns, bombardment into woods, slopes downhill -----------------

def test_an_undrawn_hexside_of_a_town_is_a_named_reading_for_los():
    """6.4: ignore terrain within the firing and target hexes, but hexside terrain always blocks;
    3.4 Town: town hexsides let fire into adjacent hexes; 3.2: an ambiguous hexside takes the most
    restrictive terrain -- which is how ``path`` prices an undrawn hexside into a town ("town
    hexside"). For LOS the default reads only drawn hexsides (Diagram 4's farm fires out), and
    every answer names that reading (option undrawn-hexsides-block); switched on, the line into a
    town hex two hexes away is blocked by that hexside, the line out of it too (the same both
    ways); neighbours see each other either way (6.4); a hexside drawn town blocks, drawn clear it
    never does."""
    m = ci(1, 4, terrain={"A3": "town"})
    assert "town hexside" in path(m, "A2", "A3", "rifle").steps[0].why
    r = line_of_sight(m, "A1", "A3", range=3)
    assert r.visible and any(a.option == "undrawn-hexsides-block" for a in r.assumptions)
    strict = m.with_options(**{"undrawn-hexsides-block": True})
    s = line_of_sight(strict, "A1", "A3", range=3)
    assert [(x.where, x.contact, x.rule_id) for x in s.deciding] == [("A2|A3", "crossed", "undrawn-hexside")]
    assert any("house rule" in a.reading for a in s.assumptions)
    assert not sees(strict, "A3", "A1", range=3)                      # reverse direction
    assert not sees(strict.with_terrain("A3", "farm"), "A1", "A3", range=3)   # a farm alike
    for mm in (m, strict):
        assert sees(mm, "A2", "A3") and sees(mm, "A3", "A2")          # adjacent: always
    assert sees(ci(1, 4, terrain={"A3": "town"}, edges={("A2", "A3"): "clear"}).with_options(
        **{"undrawn-hexsides-block": True}), "A1", "A3", range=3)
    assert not sees(ci(1, 4, terrain={"A3": "town"}, edges={("A2", "A3"): "town"}), "A1", "A3", range=3)


def test_bombardment_into_and_out_of_woods_is_a_named_reading():
    """6.6 and chart note 3 (the orchard row: fire from adjacent only, bombardment OK); 2.42 and
    6.62: mortars bombard from and into woods. A bombardment line into woods three hexes away is
    open, out of woods too, and the answer names the reading (option bombard-into-woods); direct
    fire is blocked either way; with the option off bombardment is limited like fire."""
    m = ci(1, 4, terrain={"A4": "woods"})
    fire = line_of_sight(m, "A1", "A4", range=6)
    assert fire.status == "blocked"
    bomb = line_of_sight(m, "A1", "A4", range=6, indirect=True)
    assert bomb.visible and any(a.option == "bombard-into-woods" for a in bomb.assumptions)
    assert sees(m, "A4", "A1", range=6, indirect=True)               # out of woods (2.42)
    assert not any(a.option == "bombard-into-woods" for a in fire.assumptions)
    off = m.with_options(**{"bombard-into-woods": False})
    assert not sees(off, "A1", "A4", range=6, indirect=True) and not sees(off, "A4", "A1", range=6, indirect=True)
    assert sees(off, "A3", "A4", indirect=True)                       # adjacent still


def test_the_slope_assault_limit_downhill_is_a_named_reading():
    """3.4 Slope: the slope assault limit is always 1, and slope effects do not apply downhill
    (chart note 9: other terrain downhill). By default the limit holds both ways (option
    slope-limit-downhill), named in the answer; with the option off, downhill takes the other
    terrain's limit (clear: 2) while uphill stays 1; a hexside with no slope names no slope reading."""
    from wartools.games.combat_infantry.limits import hexside_limits

    m = ci(2, 1, elevation={"A1": 1}, edges={("A1", "B1"): "slope"})
    down, up = hexside_limits(m, "A1", "B1"), hexside_limits(m, "B1", "A1")
    assert (down.assault, up.assault) == (1, 1)
    assert any(a.option == "slope-limit-downhill" for a in down.assumptions())
    off = m.with_options(**{"slope-limit-downhill": False})
    assert (hexside_limits(off, "A1", "B1").assault, hexside_limits(off, "B1", "A1").assault) == (2, 1)
    assert not any(a.option == "slope-limit-downhill" for a in hexside_limits(ci(2, 1), "A1", "B1").assumptions())


def test_race_and_route_name_the_assumed_costs_of_the_way_they_report():
    """8.1: the marsh hexside row of the chart is not in the excerpt, so a way across marsh rests
    on an assumed cost: the race (each first arrival's way) and the route name it, as ``path``
    does; on clear ground they do not."""
    from analysis_helpers import tiny_scenario
    from wartools.analysis import least_exposed_route, race

    def scenario(terrain):
        return tiny_scenario("combat-infantry", 6, 1, [("us", "US", "rifle", "A1"), ("de", "German", "rifle", "F1")],
                             terrain=terrain, objectives=[("goal", "C1")], turns=3)

    marsh = scenario({"B1": "marsh", "C1": "marsh"})
    for answer in (race(marsh), least_exposed_route(marsh, "us", "C1")):
        assert any("marsh hexside" in a.reading for a in answer.assumptions)
    clear = scenario({})
    for answer in (race(clear), least_exposed_route(clear, "us", "C1")):
        assert not any("hexside" in a.reading and " MP" in a.reading for a in answer.assumptions)


def test_race_and_route_stop_in_enemy_controlled_hexes():
    """8.0, 8.3: units moving into an enemy-controlled or disputed hex must stop. A rifle squad (5
    MP, 2 per clear hexside) reaches a hex two hexsides away in one turn on an open field; with a
    German squad controlling both ways there it stops on the way and arrives a turn later, in the
    race and on the route alike; with one way left open, the route takes that way in one turn."""
    from analysis_helpers import tiny_scenario
    from wartools.analysis import least_exposed_route, race

    def first(german):
        s = tiny_scenario("combat-infantry", 5, 3, [("us", "US", "rifle", "A2"), ("de", "German", "rifle", german)],
                          objectives=[("goal", "C2")], turns=4)
        route = least_exposed_route(s, "us", "C2")
        return race(s).first["goal"]["US"].turn, route.turns, [s.map.label(c) for c in route.cells]

    assert first("E1")[:2] == (1, 1)                      # far away: nothing stops the squad
    turn, turns, cells = first("B1")                      # B1's squad controls B2 and C2's neighbours
    assert (turn, turns) == (2, 2)
    assert first("B3") == (1, 1, ["A2", "B1", "C2"])      # B1 is left open: around the controlled B2


def test_retreat_hexes_name_the_control_reading_they_rest_on():
    """8.3 with 9.4: where a beaten attacker may retreat depends on hex control, so on the reading
    ``control-across-cliff``; the answer names it on a map with a cliff, keeps the answer protocol
    and still compares like the tuple of labels it was."""
    import json

    from wartools.games.combat_infantry.control import retreat_hexes

    units = [("us", "US", "rifle", "A1"), ("us2", "US", "rifle", "B1"), ("de", "German", "rifle", "B1"),
             ("de2", "German", "rifle", "D1")]
    cliff = ci(4, 1, edges={("B1", "C1"): "cliff"}, units=units)
    r = retreat_hexes(cliff, "B1", "German", ["C1"])
    assert r == ("C1",) and list(r) == ["C1"] and len(r) == 1 and "C1" in r
    assert [a.option for a in r.assumptions] == ["control-across-cliff"]
    assert json.loads(json.dumps(r.to_json()))["assumptions"][0]["option"] == "control-across-cliff"
    assert "control-across-cliff" in r.text() and "C1" in r.text()
    import matplotlib.pyplot as plt

    ax = r.draw()
    assert {c.get_gid() for c in ax.collections} >= {"assault", "retreat"}
    plt.close(ax.figure)
    assert retreat_hexes(ci(4, 1, units=units), "B1", "German", ["C1"]).assumptions == ()
