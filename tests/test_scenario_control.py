"""Each game's control rules as the scenario layer applies them, worked from the rule text
on tiny synthetic scenarios (Combat Infantry 8.3/9.1/10.4, Conflict of Heroes 2.4,
Company of Heroes 1 and 8, Heroes of Normandie scenario pages)."""
from __future__ import annotations

import pytest

from wartools.scenario import end_turn, evaluate, loads_position, loads_scenario

GRID = {"combat-infantry": ("hex", "clear"), "conflict-of-heroes": ("hex", "open"),
        "company-of-heroes": ("hex", "clear"), "heroes-of-normandie": ("square", "open")}
TYPES = {"combat-infantry": ("rifle", "tank"), "conflict-of-heroes": ("infantry", "tank"),
         "company-of-heroes": ("infantry", "heavy-vehicle"), "heroes-of-normandie": ("infantry", "heavy-vehicle")}


def scenario(game, extra_edges="", options="", levels=None, score=""):
    grid, _ = GRID[game]
    inf, veh = TYPES[game]
    levels = levels or """
    - {result: Blue wins, if: {side: Blue, vp_lead: 1}}
    - {result: Red wins, if: {side: Red, vp_lead: 1}}
    - {result: both lose, otherwise: true}"""
    return loads_scenario(f"""
format: wartools-scenario/1
name: probe
map:
  format: wartools-map/1
  name: strip
  game: {game}
  grid: {{type: {grid}, columns: 7, rows: 1}}
  edges: [{extra_edges}]
turns: 3
{options}
sides:
  Blue:
    units:
      - {{id: b1, type: {inf}, cell: A1}}
      - {{id: b2, type: {veh}, cell: B1}}
  Red:
    units:
      - {{id: r1, type: {inf}, cell: G1}}
objectives:
  - {{id: mid, cell: D1, value: 2{score}}}
victory:
  levels: {levels}
""")


def position(s, cells, turn=1, extra=""):
    units = "\n".join(f"  - {{id: {u}, cell: {c}}}" for u, c in cells.items())
    gone = [u.id for u in s.units() if u.id not in cells]
    return loads_position(f"format: wartools-position/1\nturn: {turn}\nunits:\n{units}\n"
                          f"eliminated: [{', '.join(gone)}]\n{extra}", s)


# --- Combat Infantry 8.3: control is where units stand, nothing is remembered -------------------
@pytest.mark.parametrize("cells, holder, status", [
    ({"b1": "D1", "b2": "A1", "r1": "G1"}, "Blue", "occupied"),     # occupied by friendly units
    ({"b1": "C1", "b2": "A1", "r1": "G1"}, "Blue", "adjacent"),     # vacant, adjacent to Blue only
    ({"b1": "C1", "b2": "A1", "r1": "E1"}, None, "disputed"),       # vacant, adjacent to both
    ({"b1": "D1", "b2": "A1", "r1": "D1"}, None, "disputed"),       # both in it: an assault hex (9.1)
    ({"b1": "B1", "b2": "A1", "r1": "G1"}, None, "neutral"),        # vacant, next to nobody
])
def test_combat_infantry_hex_control(cells, holder, status):
    s = scenario("combat-infantry")
    c = evaluate(s, position(s, cells)).controls["mid"]
    assert (c.side, c.status) == (holder, status)


def test_combat_infantry_assault_hex_extends_no_control():
    # 9.1: units in an assault hex do not control adjacent hexes; E1 is next to the assault
    # in F1 and to nothing else
    s = scenario("combat-infantry")
    p = position(s, {"b1": "F1", "b2": "A1", "r1": "F1"})
    assert evaluate(s, p).controls["mid"].status == "neutral"


def test_combat_infantry_lake_hexside_stops_control_river_does_not():
    river = scenario("combat-infantry", "{cells: [C1, D1], feature: river}")
    lake = scenario("combat-infantry", "{cells: [C1, D1], feature: lake}")
    cells = {"b1": "C1", "b2": "A1", "r1": "G1"}
    assert evaluate(river, position(river, cells)).controls["mid"].side == "Blue"   # 8.3 example, 8.5
    assert evaluate(lake, position(lake, cells)).controls["mid"].side is None


def test_combat_infantry_vp_one_per_elimination_plus_held_objectives():
    # 10.4: objective VP for friendly objectives + 1 per enemy unit eliminated; units that left
    # the map give nothing
    s = scenario("combat-infantry")
    p = position(s, {"b1": "D1", "b2": "A1"})   # r1 eliminated
    r = evaluate(s, p)
    assert dict(r.vp) == {"Blue": 3, "Red": 0} and r.result == "Blue wins"
    p2 = loads_position("format: wartools-position/1\nturn: 2\nunits:\n  - {id: b1, cell: D1}\n"
                        "  - {id: b2, cell: A1}\noff_map: [r1]\n", s)
    assert dict(evaluate(s, p2).vp) == {"Blue": 2, "Red": 0}


# --- Conflict of Heroes 2.4: the last side alone in the hex; contested when shared; a tie loses -
def test_conflict_of_heroes_control_is_remembered_and_contested():
    s = scenario("conflict-of-heroes")
    there = position(s, {"b1": "D1", "b2": "A1", "r1": "G1"})
    assert evaluate(s, there).controls["mid"].side == "Blue"
    after = end_turn(s, there)                      # control recorded at the end of the round
    left = after.replace(units={**after.units, "b1": after.units["b1"].replace(cell=s.map.cell("C1"))})
    c = evaluate(s, left).controls["mid"]
    assert (c.side, c.status) == ("Blue", "held")   # it stays Blue's after the unit leaves
    shared = left.replace(units={**left.units, "r1": left.units["r1"].replace(cell=s.map.cell("D1")),
                                 "b1": left.units["b1"].replace(cell=s.map.cell("D1"))})
    assert evaluate(s, shared).controls["mid"].status == "contested"


def test_conflict_of_heroes_a_contest_at_the_end_of_a_round_scores_nothing_and_keeps_the_marker():
    """2.4: "a hex is controlled by the last player to have had a ground unit solely in the hex ...
    If opponents have units in the same control hex, then the hex is contested and neither side can
    claim it." A round ending with the hex contested scores it for nobody; when the contest ends
    with both gone, the last side alone in it still holds it (the marker was not removed)."""
    s = scenario("conflict-of-heroes", score=", score: [1, 2, 3]")
    held = end_turn(s, position(s, {"b1": "D1", "b2": "A1", "r1": "G1"}))
    assert held.control["mid"] == "Blue" and dict(held.vp) == {"Blue": 2}
    shared = held.replace(units={**held.units, "r1": held.units["r1"].replace(cell=s.map.cell("D1"))})
    after = end_turn(s, shared)
    assert dict(after.vp) == {"Blue": 2}                 # contested: round 2 scored it for nobody
    assert after.control["mid"] == "Blue"                # ... and the marker stays
    gone = after.replace(units={k: v for k, v in after.units.items() if k not in ("b1", "r1")})
    c = evaluate(s, gone).controls["mid"]
    assert (c.side, c.status) == ("Blue", "held")


def test_conflict_of_heroes_tie_means_both_lose():
    s = scenario("conflict-of-heroes")
    r = evaluate(s, position(s, {"b1": "B1", "b2": "A1", "r1": "G1"}))
    assert dict(r.vp) == {"Blue": 0, "Red": 0} and r.result == "both lose"


def test_conflict_of_heroes_scoring_rounds():
    s = scenario("conflict-of-heroes", score=", score: [2, 3]")
    p = position(s, {"b1": "D1", "b2": "A1", "r1": "G1"})
    p = end_turn(s, p)          # round 1 is not a scoring round
    assert dict(p.vp) == {}
    p = end_turn(s, p)          # round 2 is
    assert dict(p.vp) == {"Blue": 2} and p.turn == 3
    assert dict(evaluate(s, p).vp) == {"Blue": 2, "Red": 0}


# --- Company of Heroes 8: capture in the supply phase by infantry, not pinned, not vehicles ----
def test_company_of_heroes_capture_happens_in_the_supply_phase():
    s = scenario("company-of-heroes")
    p = position(s, {"b1": "D1", "b2": "A1", "r1": "G1"})
    assert evaluate(s, p).controls["mid"].side is None        # no flag until the supply phase
    p = end_turn(s, p)
    assert p.control == {"mid": "Blue"}
    assert dict(p.vp) == {"Blue": 2}                          # VP income collected this supply phase
    p = end_turn(s, p)
    assert dict(p.vp) == {"Blue": 4}


@pytest.mark.parametrize("cells, state, holder", [
    ({"b1": "C1", "b2": "D1", "r1": "G1"}, "", None),                       # a tank cannot capture
    ({"b1": "D1", "b2": "A1", "r1": "G1"}, "pins: 1", None),                # pinned infantry cannot
    ({"b1": "D1", "b2": "A1", "r1": "G1"}, "", "Blue"),
])
def test_company_of_heroes_who_captures(cells, state, holder):
    s = scenario("company-of-heroes")
    units = "\n".join(f"  - {{id: {u}, cell: {c}{', ' + state if state and u == 'b1' else ''}}}"
                      for u, c in cells.items())
    p = loads_position(f"format: wartools-position/1\nturn: 1\nunits:\n{units}\n", s)
    assert end_turn(s, p).control.get("mid") == holder


def test_company_of_heroes_contested_point_keeps_its_flag_by_default():
    s = scenario("company-of-heroes")
    p = position(s, {"b1": "D1", "b2": "A1", "r1": "D1"}, extra="control: {mid: Red}")
    assert end_turn(s, p).control == {"mid": "Red"}
    flipped = scenario("company-of-heroes", options="options: {contested-capture: neutral}")
    p = position(flipped, {"b1": "D1", "b2": "A1", "r1": "D1"}, extra="control: {mid: Red}")
    assert dict(end_turn(flipped, p).control) == {}
    assert evaluate(s, p).assumptions[0].rule == "Company of Heroes 8"


# --- Heroes of Normandie: control at the end of the supply phase ------------------------------
def test_heroes_of_normandie_control_at_end_of_supply_phase():
    s = scenario("heroes-of-normandie")
    p = position(s, {"b1": "D1", "b2": "A1", "r1": "G1"})
    assert evaluate(s, p).controls["mid"].side is None
    p = end_turn(s, p)
    assert evaluate(s, p).controls["mid"].side == "Blue"
    gone = p.replace(units={**p.units, "b1": p.units["b1"].replace(cell=s.map.cell("B1"))})
    assert end_turn(s, gone).control == {"mid": "Blue"}        # kept until the enemy takes it
    strict = scenario("heroes-of-normandie", options="options: {control-persists: false}")
    gone2 = loads_position("format: wartools-position/1\nturn: 2\nunits:\n  - {id: b1, cell: B1}\n"
                           "  - {id: b2, cell: A1}\n  - {id: r1, cell: G1}\ncontrol: {mid: Blue}\n", strict)
    assert dict(end_turn(strict, gone2).control) == {}


def test_end_turn_ends_the_game_after_the_last_turn():
    s = scenario("heroes-of-normandie")
    p = position(s, {"b1": "D1", "b2": "A1", "r1": "G1"}, turn=3)
    done = end_turn(s, p)
    assert done.ended and done.turn == 3 and evaluate(s, done).over
    assert end_turn(s, done) == done
