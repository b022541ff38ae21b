"""Conflict of Heroes (Storms of Steel) rules fidelity. The excerpt has no LOS or terrain
chapter: every LOS rule is an assumed reading (an option) and every answer says so; the
track-sheet rules (2.2, 3.0, 3.1, 3.21, 3.22) are tested from the text."""
from __future__ import annotations

from fractions import Fraction

import pytest

from wartools.errors import WartoolsError
from wartools.los import line_of_sight
from wartools.testing import tiny_map


def coh(cols, rows, terrain=None, elevation=None, units=(), **grid):
    return tiny_map("conflict-of-heroes", cols, rows, terrain=terrain, elevation=elevation, units=units, grid=grid)


def along(t1, t2):
    """A02 -> C02 on a pointy 3x3 map runs exactly along the hexside between B01 and B02."""
    return coh(3, 3, {"B01": t1, "B02": t2}, orientation="pointy", labels="row-letter")


RANK = {"open": 0, "brush": 1, "woods": 2}


@pytest.mark.parametrize("t1", ["open", "brush", "woods"])
@pytest.mark.parametrize("t2", ["open", "brush", "woods"])
def test_along_a_hexside_more_restrictive_terrain_never_clears_a_line(t1, t2):
    """Along-hexside contacts are read consistently: the line takes the lesser effect of the two
    hexes (assumed reading, option along-hexside), so woods|brush hinders like brush|brush and
    turning a brush hex into woods never clears a line; both directions agree."""
    m = along(t1, t2)
    expect = ("clear", "hindered", "blocked")[min(RANK[t1], RANK[t2])]
    assert line_of_sight(m, "A02", "C02").status == expect
    assert line_of_sight(m, "C02", "A02").status == expect
    greater = m.with_options(**{"along-hexside": "greater"})
    assert line_of_sight(greater, "A02", "C02").status == ("clear", "hindered", "blocked")[max(RANK[t1], RANK[t2])]


def test_woods_brush_along_a_hexside_hinders_once():
    r = line_of_sight(along("woods", "brush"), "A02", "C02")
    assert (r.status, r.hindrance, r.modifier) == ("hindered", 1, 1)


def test_every_los_answer_says_it_is_an_assumed_reading_even_a_clear_one():
    """The excerpt has no LOS chapter: a clear line over open ground still rests on readings."""
    r = line_of_sight(coh(4, 1), "A1", "D1")
    assert r.status == "clear" and r.assumptions
    opts = {a.option for a in r.assumptions}
    assert {"woods-los", "along-hexside", "hills-block"} <= opts
    assert all("not in the Storms of Steel excerpt" in a.rule for a in r.assumptions)
    assert r.to_json()["assumptions"]


def test_los_readings_are_options_a_group_can_flip():
    m = coh(1, 3, {"A2": "woods"})
    assert line_of_sight(m, "A1", "A3").status == "blocked"
    assert line_of_sight(m.with_options(**{"woods-los": "hinder"}), "A1", "A3").status == "hindered"
    hill = coh(1, 3, elevation={"A2": 1})
    assert line_of_sight(hill, "A1", "A3").status == "blocked"
    assert line_of_sight(hill.with_options(**{"hills-block": False}), "A1", "A3").status == "clear"


# --- activation and the track sheet (2.2, 3.0, 3.1, 3.21, 3.22) ----------------------------
def test_the_active_unit_cannot_be_reactivated_for_fresh_aps():
    """2.2 / 3.0: only a fresh unit may be activated; the active unit is not fresh, so it
    cannot get a second 7 AP in one round (13 AP from one activation)."""
    from wartools.games.conflict_of_heroes.activation import Activation
    t = Activation()
    t.activate("A")
    t.spend(1, "move one hex")
    with pytest.raises(WartoolsError, match="only a fresh unit"):
        t.activate("A")
    assert (t.active, t.ap) == ("A", 6)
    t.activate("B")                      # 3.0: switching marks A spent, its 6 AP are lost
    with pytest.raises(WartoolsError, match="spent"):
        t.activate("A")
    assert "A" in t.spent and t.ap == 7


def test_the_lesson_uses_the_games_track_sheet():
    """A lesson must not re-implement rules: the 3.21 example it shows is replayed on the game's
    Activation, which refuses what the rules forbid (2.2, 3.0: C is spent after the shot)."""
    from wartools.games.conflict_of_heroes import activation as game_rules
    from wartools.lessons.runner import load_lesson
    t = load_lesson("conflict-of-heroes").example("track-3-1-3-21").values["c"]
    assert type(t) is game_rules.Activation
    with pytest.raises(WartoolsError, match="spent"):
        t.activate("C")


def test_opportunity_and_command_moves_are_exactly_one_hex():
    """2.2: an action is one single thing such as moving one hex; 3.1 opportunity and 3.22
    command actions are one action each."""
    from wartools.games.conflict_of_heroes.activation import one_action_move
    m = coh(4, 1, {"B1": "woods"})
    assert one_action_move(m, "A1", "B1", "infantry") == 2
    with pytest.raises(WartoolsError, match="exactly one hex"):
        one_action_move(m, "A1", "C1", "infantry")
    with pytest.raises(WartoolsError, match="one action"):
        one_action_move(coh(2, 1, {"B1": "water"}), "A1", "B1", "infantry")


def test_assumed_movement_costs_are_reported_and_add_up():
    """Only '1 AP to move one open hex' is in the excerpt (Game Overview, 3.0); the other costs
    are printed per counter and are assumed table entries, reported in the answer."""
    from wartools.movement import path
    m = coh(3, 1, {"B1": "woods"})
    p = path(m, "A1", "C1", "infantry")
    assert p.cost == sum(part.amount for s in p.steps for part in s.parts) == 3
    assert any("woods hex 2 AP" in a.reading and "not in the Storms of Steel excerpt" in a.rule
               for a in p.assumptions)
    open_only = path(coh(3, 1), "A1", "C1", "infantry")
    assert not [a for a in open_only.assumptions if "hex" in a.reading]


def test_armored_targets_have_a_front_and_a_flank():
    """Armored units print front and flank defense ratings; the shot's side decides which one
    counts. The arcs are an assumed reading (option flank-boundary): the front is the half of
    the hex ahead of the target."""
    from wartools.games.conflict_of_heroes.combat import Firer, Target, attack_side, fire
    m = coh(5, 5)
    assert attack_side(m, "C3", "C2", "C1") == "front"        # straight ahead
    assert attack_side(m, "C3", "C2", "C5") == "flank"        # straight behind
    assert attack_side(m, "C3", "C2", "E3") == "front"        # exactly abeam: the boundary
    assert attack_side(m.with_options(**{"flank-boundary": "flank"}), "C3", "C2", "E3") == "flank"
    tank = Target(14, armored=True, flank=11)
    gun = Firer(red=2, blue=6)
    assert fire(gun, tank, side="flank") > fire(gun, tank, side="front")
    assert fire(gun, Target(14), side="flank") == fire(gun, Target(14))   # unarmored: one rating
    with pytest.raises(WartoolsError):
        attack_side(m, "C3", "E5", "C1")                       # facing must be an adjacent hex


def test_caps_modify_a_fire_roll_at_a_rate_a_group_can_flip():
    """3.2: CAPs may be spent to modify any die roll; the excerpt stops before 3.24, which fixes
    the rate. Our reading, one point per CAP, is option ``cap-modifier`` and is reported only in
    answers that spend CAPs.

    Worked by hand (Game Overview): FP 4 against DR 12 in woods (+2) needs 2D6 >= 10 (6 of 36).
    One CAP at one point each needs 2D6 >= 9 (10 of 36); at two points each 2D6 >= 8 (15 of 36).
    A defender's CAP against the roll takes one point off: 2D6 >= 11 (3 of 36)."""
    from fractions import Fraction

    import wartools as wt
    from wartools.games.conflict_of_heroes.shots import shot

    base = wt.odds("conflict-of-heroes", firepower=4, defense=12, terrain=2)
    assert base.answer["hit"] == Fraction(1, 6) and base.assumptions == ()
    one = wt.odds("conflict-of-heroes", firepower=4, defense=12, terrain=2, caps=1)
    assert one.answer["hit"] == Fraction(5, 18)
    assert [a.option for a in one.assumptions] == ["cap-modifier"]
    against = wt.odds("conflict-of-heroes", firepower=4, defense=12, terrain=2, defender_caps=1)
    assert against.answer["hit"] == Fraction(1, 12) and "defender CAPs" in against.text()

    two = wt.odds("conflict-of-heroes", {"cap-modifier": 2}, firepower=4, defense=12, terrain=2, caps=1)
    assert two.answer["hit"] == Fraction(5, 12)
    assert "house rule: cap-modifier = 2" in two.assumptions[0].reading

    m = tiny_map("conflict-of-heroes", 1, 5, terrain={"A5": "woods"})
    assert shot(m, "A1", "A5", caps=1).probability == Fraction(10, 36)
    assert shot(m.with_options(**{"cap-modifier": 2}), "A1", "A5", caps=1).probability == Fraction(15, 36)
    assert "cap-modifier" in [a.option for a in shot(m, "A1", "A5", caps=1).assumptions]
    assert "cap-modifier" not in [a.option for a in shot(m, "A1", "A5").assumptions]


# --- issue 20: CAPs in race and route (3.2, 3.21) -----------------------------------------------

def _caps_scenario(caps: int, goal: str = "I1", **options):
    import yaml

    from analysis_helpers import tiny_scenario
    from wartools.scenario import loads_scenario, scenario_to_dict

    s = tiny_scenario("conflict-of-heroes", 12, 1, [("de", "German", "infantry", "L1"), ("su", "Soviet", "infantry", "A1")],
                      objectives=[("goal", goal)], turns=3)
    data = scenario_to_dict(s)
    data["sides"]["Soviet"]["resources"] = {"caps": caps}
    if options:
        data["options"] = options
    return loads_scenario(yaml.safe_dump(data))


def test_caps_supplement_aps_in_race_and_route():
    """3.21: a player may add as many CAPs as desired to an activated unit's APs, one for one; 3.2:
    a firefight sets each side's CAPs for every round. An infantry squad with 7 AP (2.2) and one
    CAP reaches an open hex 8 hexes away in round 1 (7 AP alone: round 2), in the race and on the
    route alike, and both answers name the reading (option caps-for-moves); with the option off,
    or no CAPs, it is round 2 and no CAP reading is named; 9 hexes need 2 CAPs."""
    from wartools.analysis import least_exposed_route, race

    for caps, goal, turn in ((1, "I1", 1), (0, "I1", 2), (1, "J1", 2), (2, "J1", 1)):
        s = _caps_scenario(caps, goal)
        r = race(s)
        assert r.first["goal"]["Soviet"].turn == turn, (caps, goal)
        route = least_exposed_route(s, "su", goal)
        assert route.turns == turn and route.reachable
        named = [a.option for a in (*r.assumptions, *route.assumptions)].count("caps-for-moves")
        assert named == (2 if caps else 0)
    off = _caps_scenario(1, "I1", **{"caps-for-moves": False})
    assert race(off).first["goal"]["Soviet"].turn == 2
    assert any("house rule" in a.reading for a in race(off).assumptions if a.option == "caps-for-moves")


def test_reach_names_the_assumed_woods_cost_as_path_does():
    """The excerpt prints only the open-hex cost (Game Overview, 3.0: 1 AP); a woods hex's cost is
    assumed. ``reach`` names it whenever a reached hex's cheapest way enters woods, like ``path``;
    a reach over open ground only names no terrain cost."""
    from wartools.movement import path, reachable

    m = coh(4, 1, {"B1": "woods"})
    assert any("woods hex" in a.reading for a in path(m, "A1", "B1", "infantry", side="Soviet").assumptions)
    r = reachable(m, "A1", "infantry", side="Soviet")
    assert any("woods hex" in a.reading for a in r.assumptions)
    assert not any("hex" in a.reading and "AP" in a.reading
                   for a in reachable(coh(4, 1), "A1", "infantry", side="Soviet").assumptions)
