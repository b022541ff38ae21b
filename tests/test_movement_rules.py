"""Each game's movement rules against the rulebook text and its worked examples.

Test names say which mechanic they pin down; docstrings cite the rule.
"""
from __future__ import annotations

import pytest

from wartools.movement import MoveSituation, Situation, clear_cache, path, plan_turns, reachable
from wartools.movement.graph import rules_class
from wartools.testing import tiny_map


def labels(m, cells):
    return sorted(m.label(c) for c in cells)


# ====================================================================================
# Company of Heroes
# ====================================================================================

def test_coh_jeep_three_cp_plus_speed_die_moves_four_hexes():
    """4 Light Vehicle example: three hexes for 3 cp, a fourth with the speed die."""
    m = tiny_map("company-of-heroes", 7, 1, units=[("jeep", "US", "jeep", "A1")])
    r = reachable(m, "A1")
    assert r.budget == 4 and labels(m, r.costs) == ["A1", "B1", "C1", "D1", "E1"]
    assert len(plan_turns(path(m, "A1", "E1")).turns) == 1
    assert len(plan_turns(path(m, "A1", "F1")).turns) == 2


def test_coh_infantry_three_cp_per_round_then_cannot_move():
    """4 Basic Movement: one hex per cp, at most three cp per round."""
    m = tiny_map("company-of-heroes", 7, 1, units=[("r", "US", "infantry", "A1")])
    assert max(reachable(m, "A1").costs.values()) == 3
    assert [len(t) for t in plan_turns(path(m, "A1", "G1")).turns] == [3, 3]
    assert reachable(m, "A1", switches=("commander-4cp",)).budget == 4  # 10 Ranger Endurance Training


def test_coh_riflemen_enter_building_for_one_cp_and_cannot_leave():
    """4 Regular Infantry example: 1 cp into the building, no more cp to leave it."""
    m = tiny_map("company-of-heroes", 4, 1, terrain={"B1": "building"}, units=[("r", "US", "infantry", "A1")])
    p = path(m, "A1", "B1")
    assert p.cost == 1 and "cannot leave it this round" in p.steps[0].stop
    assert labels(m, reachable(m, "A1").costs) == ["A1", "B1"]
    assert not path(m, "A1", "C1").reachable
    assert path(m, "A1", "B1", "mg-team").reachable
    for team in ("mortar-team", "at-team", "light-vehicle", "heavy-vehicle"):
        assert "cannot enter" in path(m, "A1", "B1", team).why_not
    m2 = m.moved("r", "B1")
    assert path(m2, "B1", "D1").cost == 2  # entered in an earlier round: may leave
    tagged = tiny_map("company-of-heroes", 4, 1, terrain={"B1": "building"},
                      units=[("r", "US", "infantry", "B1", ["entered-this-round"])])
    assert "cannot leave" in path(tagged, "B1", "D1").why_not


def test_coh_water_red_line_and_enemy_units_block():
    """4 Obstacles to Movement: water hexes, red impassable lines, enemy units."""
    m = tiny_map("company-of-heroes", 3, 1, terrain={"B1": "water"})
    assert "water" in path(m, "A1", "C1", "infantry").why_not
    m = tiny_map("company-of-heroes", 3, 1, edges={("A1", "B1"): "impassable"})
    assert "red impassable line" in path(m, "A1", "C1", "infantry").why_not
    m = tiny_map("company-of-heroes", 3, 1,
                 units=[("a", "US", "infantry", "A1"), ("e", "Wehrmacht", "infantry", "B1")])
    assert "enemy unit" in path(m, "A1", "C1").why_not


def test_coh_pass_through_but_not_end_on_an_ally():
    """4 Obstacles to Movement: through an allied unit, but not ending there; one unit per hex."""
    m = tiny_map("company-of-heroes", 3, 1,
                 units=[("a", "US", "infantry", "A1"), ("b", "US", "heavy-vehicle", "B1")])
    assert path(m, "A1", "C1").cells == (m.cell("A1"), m.cell("B1"), m.cell("C1"))
    assert "allied unit" in path(m, "A1", "B1").why_not
    assert m.cell("B1") not in reachable(m, "A1").costs


def test_coh_transport_entered_like_a_building_by_regular_infantry_only():
    """4 Transport: standard infantry may enter for one cp (ending the move there: it cannot
    leave that round); 4 Obstacles: passing through the allied vehicle is legal too."""
    m = tiny_map("company-of-heroes", 3, 1,
                 units=[("a", "US", "infantry", "A1"), ("ht", "US", "light-vehicle", "B1", ["transport"])])
    p = path(m, "A1", "B1")
    assert p.cost == 1 and "board" in p.steps[0].why
    assert path(m, "A1", "C1").cost == 2      # boarding is a choice: it may pass through
    assert not path(m, "A1", "B1", "mortar-team").reachable


def test_coh_weapon_team_deploy_costs_one_cp_and_emplacements_never_move():
    """4 Weapon Teams (1 cp to deploy, pack up free) and 4 Emplacements."""
    m = tiny_map("company-of-heroes", 5, 1, units=[("mo", "US", "mortar-team", "A1")])
    p = path(m, "A1", "C1", switches=("deploy",))
    assert p.cost == 3 and "deploy" in p.steps[-1].why
    assert max(reachable(m, "A1", switches=("deploy",)).costs.values()) == 3
    assert labels(m, reachable(m, "A1", switches=("deploy",)).costs) == ["A1", "B1", "C1"]
    assert path(m, "A1", "D1").cost == 3  # packed up: no deploy cost
    e = tiny_map("company-of-heroes", 3, 1, units=[("em", "US", "emplacement", "A1")])
    assert "never move" in path(e, "A1", "B1").why_not and labels(e, reachable(e, "A1").costs) == ["A1"]


# ====================================================================================
# Combat Infantry
# ====================================================================================

def ci(cols: int, rows: int, **kw):
    return tiny_map("combat-infantry", cols, rows, **kw)


def test_ci_clear_and_woods_hexsides():
    """8.1: 2 MP across a clear hexside, 3 MP across a woods hexside; 3.2 default hexside."""
    m = ci(3, 1, terrain={"B1": "woods"})
    p = path(m, "A1", "C1", "rifle")
    assert [s.cost for s in p.steps] == [3, 3]
    assert p.steps[0].why == "woods hexside 3 MP"
    m = ci(3, 1, terrain={"B1": "woods"}, edges={("A1", "B1"): "clear"})
    assert [s.cost for s in path(m, "A1", "C1", "rifle").steps] == [2, 3]  # the map's own hexside


def test_ci_road_examples_clear_1_woods_2_only_along_road_hexsides():
    """8.4: 2-1 = 1 MP on a clear road, 3-1 = 2 MP on a woods road; bonus only on road hexsides."""
    m = ci(4, 1, terrain={"C1": "woods", "D1": "woods"}, roads=[{"kind": "paved", "cells": ["B1", "C1", "D1"]}])
    p = path(m, "A1", "D1", "rifle")
    assert [s.cost for s in p.steps] == [2, 2, 2]
    assert p.steps[0].why == "clear hexside 2 MP"  # entering the road is not a road hexside
    assert p.steps[2].why == "woods hexside 3 MP, road -1"
    m = ci(3, 1, roads=[{"kind": "unpaved", "cells": ["A1", "B1", "C1"]}])
    assert path(m, "A1", "C1", "rifle").cost == 2


def test_ci_wooded_slope_is_four_mp_uphill_only():
    """3.4 Slope: +1 uphill, a wooded slope 3+1 = 4 MP; no effect downhill."""
    m = ci(2, 1, default_terrain="woods", elevation={"B1": 1}, edges={("A1", "B1"): "slope"})
    up, down = path(m, "A1", "B1", "rifle"), path(m, "B1", "A1", "rifle")
    assert up.cost == 4 and up.steps[0].why == "woods hexside 3 MP, slope +1 uphill"
    assert down.cost == 3


def test_ci_road_and_railway_not_combined_bridges_ignore_road():
    """8.4: road and railway bonuses do not combine; 3.4 Bridges ignore -1 road."""
    m = ci(3, 1, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]},
                        {"kind": "railway", "cells": ["A1", "B1", "C1"]}])
    assert path(m, "A1", "C1", "rifle").cost == 2
    m = ci(2, 1, roads=[{"kind": "paved", "cells": ["A1", "B1"]}], edges={("A1", "B1"): ["river", "bridge"]})
    p = path(m, "A1", "B1", "tank")
    assert p.cost == 2 and "no road bonus on a bridge" in p.steps[0].why


def test_ci_railway_not_for_guns_tanks_vehicles():
    """3.4 Railway: -1 MP for other units; guns, tanks and vehicles cannot use railways."""
    m = ci(3, 1, roads=[{"kind": "railway", "cells": ["A1", "B1", "C1"]}])
    assert path(m, "A1", "C1", "rifle").cost == 2
    assert path(m, "A1", "C1", "tank").cost == 4


def test_ci_bad_weather_spoils_unpaved_roads_only():
    """8.4 Weather: bad weather removes the road bonus of unpaved roads."""
    unpaved = ci(3, 1, roads=[{"kind": "unpaved", "cells": ["A1", "B1", "C1"]}])
    paved = ci(3, 1, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
    assert path(unpaved, "A1", "C1", "rifle", weather="mud").cost == 4
    assert "unpaved road in bad weather" in path(unpaved, "A1", "C1", "rifle", weather="mud").steps[0].why
    assert path(paved, "A1", "C1", "rifle", weather="mud").cost == 2


def test_ci_woods_and_marsh_impassable_to_guns_tanks_vehicles_except_by_road():
    """3.4 Woods, Marsh."""
    for terrain in ("woods", "marsh"):
        m = ci(3, 1, terrain={"B1": terrain})
        for unit in ("tank", "at-gun", "vehicle"):
            assert not path(m, "A1", "C1", unit).reachable
        assert path(m, "A1", "C1", "rifle").reachable
        road = ci(3, 1, terrain={"B1": terrain}, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]}])
        assert path(road, "A1", "C1", "tank").cost == 4


def test_ci_rivers_cliffs_fords():
    """3.4, 8.5: rivers and cliffs impassable to guns, tanks, vehicles; fords for all but guns
    and vehicles, tanks may ford; lakes impassable to all."""
    river = ci(2, 1, edges={("A1", "B1"): "river"})
    assert path(river, "A1", "B1", "rifle").reachable
    assert all(not path(river, "A1", "B1", u).reachable for u in ("tank", "at-gun", "vehicle"))
    ford = ci(2, 1, edges={("A1", "B1"): ["river", "ford"]})
    assert path(ford, "A1", "B1", "tank").reachable and path(ford, "A1", "B1", "rifle").reachable
    assert not path(ford, "A1", "B1", "vehicle").reachable and not path(ford, "A1", "B1", "at-gun").reachable
    cliff = ci(2, 1, elevation={"B1": 2}, edges={("A1", "B1"): "cliff"})
    assert path(cliff, "A1", "B1", "engineer").reachable and not path(cliff, "A1", "B1", "tank").reachable
    lake = ci(2, 1, edges={("A1", "B1"): "lake"})
    assert "lake" in path(lake, "A1", "B1", "rifle").why_not


def test_ci_wreck_plus_one_and_smoke_stops():
    """6.34 wreck +1 MP to enter; 7.4 entering smoke ends the move, leaving is normal."""
    m = ci(3, 1, features={"B1": ["wreck"]})
    assert path(m, "A1", "B1", "rifle").cost == 3
    s = ci(3, 1, features={"B1": ["smoke"]})
    assert not path(s, "A1", "C1", "rifle").reachable
    assert path(s, "B1", "C1", "rifle").cost == 2


def test_ci_hex_control_narrative_first_unit_stops_next_one_passes():
    """8.3 IMPORTANT: a unit moving adjacent to the enemy must stop; the hex it occupies is
    then friendly, so another unit moves through it without stopping into an assault."""
    m = ci(4, 1, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1", "D1"]}],
           units=[("us1", "US", "rifle", "A1"), ("us2", "US", "rifle", "B1"), ("de", "German", "rifle", "D1")])
    first = path(m, "A1", "D1", "us1")
    assert not first.reachable and "must stop at C1" in first.why_not
    stop = path(m, "B1", "C1", "us2")
    assert stop.reachable and stop.steps[-1].stop == "enemy-controlled hex: must stop (8.3)"
    m2 = m.moved("us2", "C1")
    second = path(m2, "A1", "D1", "us1")
    assert second.reachable, second.why_not
    assert [s.stop for s in second.steps] == [None, None, "enemy-occupied hex: assault, must stop (8.0, 9.1)"]
    assert second.cost == 1 + 1 + 2 <= second.allowance  # road -1 twice, none into the assault
    assert "no road bonus into an assault" in second.steps[-1].why


def test_ci_hex_control_example_river_does_not_stop_control_lake_does_disputed_hexes():
    """8.3 and Diagram 5: control extends across a river into a vacant hex, never into
    enemy or disputed hexes; a vacant hex adjacent to both sides is disputed."""
    m = ci(5, 1, edges={("A1", "B1"): "river", ("D1", "E1"): "lake"},
           units=[("de", "German", "rifle", "A1"), ("us", "US", "rifle", "C1")])
    rules = rules_class(m.game)(m, "rifle", MoveSituation(
        side="US", others=m.units))
    ctl = {m.label(c): v for c, v in rules.control.items()}
    assert ctl == {"A1": "German", "B1": "disputed", "C1": "US", "D1": "US"}
    assert "E1" not in ctl  # the lake hexside stops control


def test_ci_assault_rules():
    """8.0/9.1 entering an enemy-occupied hex is an assault (ends the move, no road bonus);
    9.61/9.62 machine guns, mortars and AT guns cannot move into assaults."""
    m = ci(3, 1, roads=[{"kind": "paved", "cells": ["A1", "B1", "C1"]}],
           units=[("de", "German", "rifle", "C1")])
    p = path(m, "A1", "C1", "rifle", side="US")
    assert not p.reachable  # B1 is enemy-controlled: the move stops there
    p = path(m, "B1", "C1", "rifle", side="US")
    assert p.cost == 2 and "assault" in p.steps[0].stop and "no road bonus into an assault" in p.steps[0].why
    for unit in ("mg", "mortar", "at-gun"):
        assert "cannot move into an assault" in path(m, "B1", "C1", unit, side="US").why_not


def test_ci_night_halves_mp_rounding_up():
    """10.3: night scenarios have 50% movement, rounded up."""
    m = ci(3, 1)
    assert reachable(m, "A1", "rifle", night=True).budget == 3
    assert reachable(m, "A1", "tank", night=True).budget == 5


def test_ci_stacking_checked_at_the_end_of_the_move():
    """8.2: overstacking allowed while moving, the limit applies where the move ends
    (3 in clear, 2 in town, 9.1)."""
    full = [("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1"), ("c", "US", "rifle", "B1")]
    m = ci(3, 1, units=full)
    assert "stacking limit 3" in path(m, "A1", "B1", "rifle", side="US").why_not
    assert path(m, "A1", "C1", "rifle", side="US").reachable  # passes the full hex
    town = ci(3, 1, terrain={"B1": "town"}, units=[("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1")])
    assert not path(town, "A1", "B1", "rifle", side="US").reachable


def test_ci_step_costing_more_than_the_move_rating_is_impossible():
    """8.1: some terrain is impassable to some units because of low MPs."""
    m = ci(2, 1, terrain={"B1": "orchard"})
    assert "more than the allowance" in path(m, "A1", "B1", "at-gun").why_not


# ====================================================================================
# Conflict of Heroes
# ====================================================================================

def test_cofh_seven_ap_one_per_open_hex_caps_supplement():
    """2.2 / 3.0: 7 AP per activation, 1 AP per open hex; 3.21 CAPs supplement one for one."""
    m = tiny_map("conflict-of-heroes", 10, 1)
    r = reachable(m, "A1", "infantry")
    assert r.budget == 7 and max(r.costs.values()) == 7 and len(r.costs) == 8
    assert len(reachable(m, "A1", "infantry", extra_points=2).costs) == 10
    assert path(m, "A1", "B1", "infantry").steps[0].why == "open hex 1 AP"


def test_cofh_terrain_beyond_open_is_a_flagged_assumption():
    """The excerpt has no terrain chart: every other entry is marked as assumed."""
    m = tiny_map("conflict-of-heroes", 3, 1, terrain={"B1": "woods", "C1": "building"})
    p = path(m, "A1", "B1", "infantry")
    assert "[assumed]" in p.steps[0].why
    assert "impassable" in path(m, "A1", "C1", "tank").why_not
    rules = rules_class(m.game)
    assert rules.enter_ap.is_assumed("tank") and not rules.enter_ap.is_assumed("foot:open")


def test_cofh_tables_are_overridable():
    class Faster(rules_class(tiny_map("conflict-of-heroes", 2, 1).game)):
        enter_ap = rules_class(tiny_map("conflict-of-heroes", 2, 1).game).enter_ap.replace(
            {"foot": {"open": 1, "field": 1, "brush": 1, "woods": 1, "building": 1, "water": None}})
    m = tiny_map("conflict-of-heroes", 2, 1, terrain={"B1": "woods"})
    assert Faster(m, "infantry", Situation()).step(
        m.cell("A1"), m.cell("B1")).cost == 1


# ====================================================================================
# Heroes of Normandie
# ====================================================================================

def hon(cols: int, rows: int, **kw):
    return tiny_map("heroes-of-normandie", cols, rows, **kw)


def test_hon_barbed_wire_difficult_for_infantry_only():
    """1.3 Barbed wires: difficult passage (only infantry)."""
    m = hon(2, 1, edges={("A1", "B1"): "barbed-wire"})
    assert path(m, "A1", "B1", "infantry").cost == 2
    assert path(m, "A1", "B1", "heavy-vehicle").cost == 1


def test_hon_czech_hedgehogs_impassable_to_vehicles_obstacle_for_infantry():
    """1.3 Czech hedgehogs: impassable to vehicles, obstacle."""
    m = hon(3, 1, edges={("A1", "B1"): "hedgehog"})
    assert not path(m, "A1", "B1", "light-vehicle").reachable
    assert path(m, "A1", "B1", "infantry").steps[0].stop
    assert not path(m, "A1", "C1", "infantry").reachable


def test_hon_terrain_elements():
    """1.2: difficult terrain impassable to vehicles; streams impassable to light vehicles,
    difficult passage; fields an obstacle for infantry; seawall impassable to vehicles."""
    m = hon(3, 1, terrain={"B1": "stream"})
    assert not path(m, "A1", "B1", "light-vehicle").reachable
    assert path(m, "A1", "B1", "heavy-vehicle").cost == 2 and path(m, "A1", "B1", "infantry").cost == 2
    m = hon(3, 1, terrain={"B1": "difficult"})
    assert not path(m, "A1", "B1", "heavy-vehicle").reachable and path(m, "A1", "B1", "infantry").cost == 2
    m = hon(3, 1, terrain={"B1": "field"})
    assert not path(m, "A1", "C1", "infantry").reachable and path(m, "A1", "C1", "heavy-vehicle").cost == 2
    m = hon(2, 1, edges={("A1", "B1"): "seawall"})
    assert not path(m, "A1", "B1", "heavy-vehicle").reachable and path(m, "A1", "B1", "infantry").cost == 2


def test_hon_trench_stop_entering_or_leaving_unless_by_ladder():
    """1.4 Trenches: stop when moving in or out, unless crossing a ladder; moving within does not stop."""
    m = hon(5, 1, terrain={"B1": "trench", "C1": "trench", "D1": "trench"}, edges={("D1", "E1"): "ladder"})
    assert not path(m, "A1", "C1", "infantry").reachable
    assert path(m, "B1", "E1", "infantry").cost == 3  # within, then out by the ladder
    assert path(m, "E1", "B1", "infantry").cost == 3  # in by the ladder
    assert not path(m, "A1", "B1", "heavy-vehicle").reachable


def test_hon_mined_squares_are_flagged_on_the_path():
    """4.2 Minefield: the mine attack is resolved at the end of a move through mined squares."""
    m = hon(4, 1, features={"B1": ["mine"], "C1": ["mine"]})
    p = path(m, "A1", "D1", "infantry")
    assert p.cost == 3 and sum("mined square" in s.why for s in p.steps) == 2


def test_hon_diagonal_convention_no_corner_cutting_and_override():
    """Assumed reading (option diagonal-rule): diagonals cost like orthogonal steps but cannot cut corners."""
    m = hon(2, 2)
    assert path(m, "A1", "B2", "infantry").cost == 1
    walled = hon(2, 2, edges={("A1", "B1"): "wall"})
    assert path(walled, "A1", "B2", "infantry").cost == 2  # around the wall's corner
    assert len(path(walled, "A1", "B2", "infantry").cells) == 3
    assert path(hon(3, 3).with_options(**{"diagonal-rule": "none"}), "A1", "B2", "infantry").cost == 2
    free = walled.with_options(**{"diagonal-rule": "free"})
    p = path(free, "A1", "B2", "infantry")
    assert p.cost == 1
    assert any(a.option == "diagonal-rule" and "house rule" in a.reading for a in p.assumptions)


@pytest.mark.parametrize("unit", ["infantry", "light-vehicle", "heavy-vehicle"])
def test_hon_enemy_blocks_friend_passes(unit):
    m = hon(3, 1, units=[("f", "US", "infantry", "B1")])
    assert path(m, "A1", "C1", unit, side="US").reachable
    assert not path(m, "A1", "C1", unit, side="German").reachable
    assert not path(m, "A1", "B1", unit, side="US").reachable
