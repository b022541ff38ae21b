"""The four original scenarios in ``scenarios/``: they load, round-trip, and ``evaluate``
agrees with a table of positions worked by hand from the rule text.

Each row moves units of the saved mid-game position (``scenarios/positions/``) and states
who controls each objective, the VP and the result as the rules give them:

- Combat Infantry 8.3 (hex control from where units stand: occupied, adjacent to one side
  only, disputed when adjacent to both or an assault hex, 9.1), 10.4 (objective VP at the end
  plus 1 per enemy unit eliminated, none for units that left the map; surrender).
- Company of Heroes 1 (13 VP and a lead end the game; a tie plays on), 6 (1 VP per
  destroyed unit), 8 (capture in the supply phase by infantry, not pinned units nor heavy
  vehicles; VP income collected every supply phase).
- Conflict of Heroes 2.4 (last side alone in the hex; contested when shared; VP for kills
  at once and for objectives in scoring rounds; a tie means both lose).
- Heroes of Normandie scenario pages (control at the end of the supply phase; graded
  results; early end).

The hand-working (which units stand next to which objective) is in the comments.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from wartools.scenario import (check_position, dumps_position, dumps_scenario, end_turn, evaluate, load_position,
                               load_scenario, loads_position, loads_scenario)

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["combat-infantry-saint-remy", "company-of-heroes-saint-aubert", "conflict-of-heroes-height-112",
         "heroes-of-normandie-dog-red"]


@functools.cache
def scenario(name):
    return load_scenario(ROOT / "scenarios" / f"{name}.yaml")


@functools.cache
def midgame(name):
    s = scenario(name)
    return s, load_position(ROOT / "scenarios" / "positions" / f"{name}.yaml", s)


def variant(s, p, moves=None, **changes):
    """``p`` with units moved (``cell`` None: taken off the units list) and fields changed,
    re-validated against the scenario."""
    units = dict(p.units)
    for uid, label in (moves or {}).items():
        if label is None:
            units.pop(uid, None)
        elif uid in units:
            units[uid] = units[uid].replace(cell=s.map.cell(label))
        else:
            from wartools.scenario import UnitState
            units[uid] = UnitState(uid, s.map.cell(label))
    return check_position(s, p.replace(units=units, **changes))


def check(s, p, controls, vp, result, over=False):
    r = evaluate(s, p)
    assert {k: c.side for k, c in r.controls.items() if k in controls} == controls, r.text()
    assert dict(r.vp) == vp, r.text()
    assert (r.result, r.over) == (result, over), r.text()


@pytest.mark.parametrize("name", NAMES)
def test_scenario_loads_round_trips_and_is_complete(name):
    s, p = midgame(name)
    assert loads_scenario(dumps_scenario(s), base_dir=ROOT / "scenarios") == s
    assert loads_position(dumps_position(s, p), s) == p
    assert len(s.sides) == 2
    for side in s.sides.values():
        assert side.units and side.setup                      # both forces, set-up zones
    assert any(side.reinforcements for side in s.sides.values())
    assert s.objectives and len(s.victory.levels) >= 3        # objectives, graded results
    assert 1 < p.turn <= s.turns                              # a mid-game position
    # every set-up unit stands in its side's set-up area (the loader checks it too)
    for u in s.units():
        if u.cell is not None:
            assert u.cell in s.setup_area(u.side)


# --- Combat Infantry: Saint-Remy ----------------------------------------------------------------
# Objective hexes and their neighbours (flat hexes, odd columns half a hex down):
#   north-bridge G3: G2 G4 F2 F3 H2 H3     south-bridge G10: G9 G11 F9 F10 H9 H10
#   saint-remy I4:   I3 I5 H3 H4 J3 J4     mont-crolles L8:  L7 L9 K8 K9 M8 M9
CI = "combat-infantry-saint-remy"
CI_ROWS = [
    # set-up: the 1. Gruppe in H3 is next to G3; nobody is next to G10; the US hold nothing.
    # German VP 2 + 2 + 1; the US hold no bridge -> German victory
    ("start", "start", {}, {"north-bridge": "German", "south-bridge": None, "saint-remy": "German",
                            "mont-crolles": "German"}, {"US": 0, "German": 5}, "German victory"),
    # the saved position: US on G3, the 3rd Squad in F10 is the only unit next to G10;
    # US 2 + 1 + 1 (de-in-1 eliminated), German 2 + 1 -> one bridge and a lead of 1
    ("saved", None, {}, {"north-bridge": "US", "south-bridge": "US", "saint-remy": "German",
                         "mont-crolles": "German"}, {"US": 4, "German": 3}, "US victory"),
    # 1st Squad back in F3 and the 1. Gruppe alive in H3: G3 is vacant and next to both: disputed;
    # US 1, German 3: a bridge but no lead, and not zero bridges -> Draw
    ("disputed", None, {"moves": {"us-in-1": "F3", "de-in-1": "H3"}, "eliminated": ()},
     {"north-bridge": None, "south-bridge": "US"}, {"US": 1, "German": 3}, "Draw"),
    # 1st Squad assaults the church hex I4: an assault hex is disputed (9.1); G3 stays US through
    # the PHQ in F3; US 2 + 1 + 1, German 1
    ("assault", None, {"moves": {"us-in-1": "I4"}},
     {"north-bridge": "US", "saint-remy": None}, {"US": 4, "German": 1}, "US victory"),
    # ... and wins it: the Zugtrupp eliminated, I4 is US; US 2 + 1 + 2 + 2 eliminations = 7 vs 1
    ("decisive", None, {"moves": {"us-in-1": "I4", "de-phq-1": None}, "eliminated": ("de-in-1", "de-phq-1")},
     {"north-bridge": "US", "saint-remy": "US"}, {"US": 7, "German": 1}, "US decisive victory"),
    # the disputed position, but the Germans surrender (10.4)
    ("surrender", None, {"moves": {"us-in-1": "F3", "de-in-1": "H3"}, "eliminated": (),
                         "surrendered": ("German",)},
     {"north-bridge": None}, {"US": 1, "German": 3}, "US victory (the Germans surrendered)"),
    # the 1. Gruppe left the map instead of dying: no VP for it (10.4) -> 3 : 3, Draw
    ("off map", None, {"eliminated": (), "off_map": ("de-in-1",)},
     {"north-bridge": "US", "south-bridge": "US"}, {"US": 3, "German": 3}, "Draw"),
]


@pytest.mark.parametrize("label, base, change, controls, vp, result", CI_ROWS, ids=[r[0] for r in CI_ROWS])
def test_combat_infantry_table(label, base, change, controls, vp, result):
    s, p = midgame(CI)
    if base == "start":
        p = s.start()
    check(s, variant(s, p, **change), controls, vp, result)


# --- Company of Heroes: Saint-Aubert ------------------------------------------------------------
COH = "company-of-heroes-saint-aubert"
COH_ROWS = [
    ("start", "start", {}, {"chapel-road": None, "inn-road": None}, {"US": 0, "Wehrmacht": 0}, "No winner", False),
    # flags as recorded; banked 5 : 4, plus 1 VP for the destroyed 222
    ("saved", None, {}, {"chapel-road": "US", "inn-road": "Wehrmacht"}, {"US": 6, "Wehrmacht": 4},
     "US ahead on points", False),
    # 12 banked + 1 = 13 against 8: the threshold with a lead of 5 ends the game (1)
    ("decisive", None, {"vp": {"US": 12, "Wehrmacht": 8}}, {}, {"US": 13, "Wehrmacht": 8},
     "US decisive victory", True),
    # 13 against 10 + 1 (the MG team destroyed)
    ("victory", None, {"vp": {"US": 12, "Wehrmacht": 10}, "moves": {"us-mg-1": None},
                       "eliminated": ("de-lv-1", "us-mg-1")}, {}, {"US": 13, "Wehrmacht": 11}, "US victory", True),
    # 13 : 13 -- a tie plays on (1)
    ("tie", None, {"vp": {"US": 12, "Wehrmacht": 12}, "moves": {"us-mg-1": None},
                   "eliminated": ("de-lv-1", "us-mg-1")}, {}, {"US": 13, "Wehrmacht": 13}, "No winner", False),
    ("wehrmacht", None, {"vp": {"US": 9, "Wehrmacht": 13}}, {}, {"US": 10, "Wehrmacht": 13},
     "Wehrmacht victory", True),
]


@pytest.mark.parametrize("label, base, change, controls, vp, result, over", COH_ROWS, ids=[r[0] for r in COH_ROWS])
def test_company_of_heroes_table(label, base, change, controls, vp, result, over):
    # the game is won at the end of a supply phase (1): a position in the middle of a round is
    # never over; the supply phase that follows ends it (it adds each team's VP income of 1)
    s, p = midgame(COH)
    if base == "start":
        p = s.start()
    q = variant(s, p, **change)
    check(s, q, controls, vp, result, False)
    assert end_turn(s, q).ended == over


def test_company_of_heroes_supply_phase_of_the_saved_position():
    # riflemen on G6 and D4, grenadiers on H3 and K5 capture or keep their points; each team
    # collects 1 VP from its victory point: 5 + 1 and 4 + 1 banked, plus the 222
    s, p = midgame(COH)
    q = end_turn(s, p)
    assert q.turn == 7 and dict(q.vp) == {"US": 6, "Wehrmacht": 5}
    assert dict(q.control) == {"chapel-road": "US", "inn-road": "Wehrmacht", "moulin-munitions": "US",
                               "lefevre-munitions": "Wehrmacht"}
    assert dict(evaluate(s, q).vp) == {"US": 7, "Wehrmacht": 5}


@pytest.mark.parametrize("moves, pins, holder", [
    ({"de-gren-1": "I3", "us-rifles-2": "H3"}, 0, "US"),          # riflemen capture the inn road
    ({"de-gren-1": "I3", "us-tank-1": "H3"}, 0, "Wehrmacht"),     # a Sherman cannot capture (8)
    ({"de-gren-1": "I3", "us-rifles-2": "H3"}, 1, "Wehrmacht"),   # pinned riflemen cannot (8)
    ({"us-rifles-2": "H3"}, 0, "Wehrmacht"),                      # both teams there: flag kept (assumed)
])
def test_company_of_heroes_capture_table(moves, pins, holder):
    s, p = midgame(COH)
    q = variant(s, p, moves)
    if pins:
        q = check_position(s, q.replace(units={**q.units, "us-rifles-2": q.units["us-rifles-2"].replace(pins=1)}))
    assert end_turn(s, q).control["inn-road"] == holder


# --- Conflict of Heroes: Height 112 --------------------------------------------------------------
COF = "conflict-of-heroes-height-112"
COF_ROWS = [
    # set-up: a German squad alone in each objective hex; no VP yet -> tie, both lose (2.4)
    ("start", "start", {}, {"summit": "German", "kolkhoz": "German", "barns": "German"},
     {"German": 0, "Soviet": 0}, "Both lose (tied on VP)"),
    # saved: kills only (round 3 not scored yet): Soviet 1 + 2, German 2
    ("saved", None, {}, {"summit": "German", "kolkhoz": "Soviet", "barns": "German"},
     {"German": 2, "Soviet": 3}, "Soviet victory"),
    # a Soviet squad joins the Germans on the summit: contested, nobody controls it
    ("contested", None, {"moves": {"su-inf-2": "C06"}}, {"summit": None}, {"German": 2, "Soviet": 3},
     "Soviet victory"),
    # the squad in the kolkhoz moves on: the kolkhoz stays Soviet (last alone in it)
    ("held", None, {"moves": {"su-inf-1": "F03"}}, {"kolkhoz": "Soviet"}, {"German": 2, "Soviet": 3},
     "Soviet victory"),
    # the summit squad is destroyed and a Soviet squad stands alone there; 2 banked:
    # Soviet 2 + 1 + 2 + 1 = 6, German 2: summit and a lead of 4
    ("decisive", None, {"moves": {"de-inf-1": None, "su-inf-2": "C06"},
                        "eliminated": ("de-inf-1", "de-inf-2", "de-tank-1", "su-tank-1"), "vp": {"Soviet": 2}},
     {"summit": "Soviet"}, {"German": 2, "Soviet": 6}, "Soviet decisive victory"),
    # one German VP banked: 3 : 3, both lose
    ("tie", None, {"vp": {"German": 1}}, {}, {"German": 3, "Soviet": 3}, "Both lose (tied on VP)"),
]


@pytest.mark.parametrize("label, base, change, controls, vp, result", COF_ROWS, ids=[r[0] for r in COF_ROWS])
def test_conflict_of_heroes_table(label, base, change, controls, vp, result):
    s, p = midgame(COF)
    if base == "start":
        p = s.start()
    check(s, variant(s, p, **change), controls, vp, result)


def test_conflict_of_heroes_scoring_round():
    # round 3 is a scoring round: summit 2 + barns 1 to the Germans, kolkhoz 1 to the Soviets
    s, p = midgame(COF)
    q = end_turn(s, p)
    assert q.turn == 4 and dict(q.vp) == {"German": 3, "Soviet": 1}
    check(s, q, {"summit": "German"}, {"German": 5, "Soviet": 4}, "German victory")
    q = end_turn(s, q)          # round 4 does not score
    assert dict(q.vp) == {"German": 3, "Soviet": 1}
    last = end_turn(s, q)       # round 5 scores again and ends the firefight
    assert last.ended and dict(last.vp) == {"German": 6, "Soviet": 2}
    assert evaluate(s, last).over


# --- Heroes of Normandie: Dog Red ---------------------------------------------------------------
HON = "heroes-of-normandie-dog-red"
HON_ROWS = [
    ("start", "start", {}, {"draw-head": None, "bunker": None, "house": None}, "Major German victory", False),
    # saved: the bunker was taken at the end of turn 3 -> one objective only
    ("saved", None, {}, {"bunker": "US"}, "Minor German victory", False),
    ("american", None, {"control": {"draw-head": "US", "bunker": "German", "house": "US"}},
     {"draw-head": "US", "house": "US"}, "American victory", False),
    # all three at the end of a supply phase: major victory, and the game ends at once
    ("major", None, {"control": {"draw-head": "US", "bunker": "US", "house": "US"}}, {}, "Major American victory",
     True),
    # both secondaries and the seawall breached, but not the draw head
    ("minor", None, {"control": {"bunker": "US", "house": "US"}}, {}, "Minor American victory", False),
    # the seawall breached and nothing held
    ("breach only", None, {"control": {}}, {"bunker": None}, "German victory", False),
    # the Sherman reaches the head of the draw: the game ends (the square is not controlled yet)
    ("sherman", None, {"moves": {"us-hv-1": "J2"}, "control": {}}, {"draw-head": None}, "German victory", True),
]


@pytest.mark.parametrize("label, base, change, controls, result, over", HON_ROWS, ids=[r[0] for r in HON_ROWS])
def test_heroes_of_normandie_table(label, base, change, controls, result, over):
    s, p = midgame(HON)
    if base == "start":
        p = s.start()
    check(s, variant(s, p, **change), controls, {"US": 0, "German": 0}, result, over)


def test_heroes_of_normandie_end_of_supply_phase():
    # the grenadiers alone in the house take it; the bunker stays US (its rifle squad is on it);
    # nobody stands on the draw head
    s, p = midgame(HON)
    q = end_turn(s, p)
    assert dict(q.control) == {"bunker": "US", "house": "German"} and q.turn == 5
    # the Rangers reach J2 and hold it at the next supply phase; the game goes on
    r = end_turn(s, variant(s, q, {"us-inf-4": "J2"}))
    assert r.control["draw-head"] == "US" and not r.ended
    assert evaluate(s, r).result == "American victory"


@pytest.mark.parametrize("name", NAMES)
def test_a_position_s_map_carries_its_scenario_s_board_fingerprint(name):
    """map_at hands every position the board fingerprint of the scenario's board: the one a fresh
    computation gives (the map without its units), whatever the units."""
    import dataclasses

    s, p = midgame(name)
    for q in (s.start(), p):
        m = s.map_at(q)
        fresh = dataclasses.replace(m)                      # nothing cached
        assert m.board_fingerprint == fresh.board_fingerprint
        assert fresh.board_fingerprint == dataclasses.replace(m, units=()).fingerprint
        assert m.fingerprint == fresh.fingerprint
