"""The Conflict of Heroes lesson: worked examples, experiments and self-checks against the library."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from wartools.errors import WartoolsError
from wartools.games.conflict_of_heroes import combat
from wartools.lessons import conflict_of_heroes as L
from wartools.los import line_of_sight
from wartools.mapmodel import loads_map
from wartools.movement import path, reachable

ROLLS = list(itertools.product(range(1, 7), repeat=2))


# --- worked examples of the rulebook --------------------------------------------------------
def test_game_overview_13_av_against_14_dv():
    ex = L.overview_shot()
    assert (ex.dice, ex.attack, ex.defense, ex.hit) == ((4, 5), 13, 14, False)
    assert ex.shot.status == "clear" and ex.shot.terrain == 2 and ex.shot.hindrance == 0
    # the hit chance, re-derived by enumerating the 36 rolls
    assert ex.probability == Fraction(sum(a + b + 4 >= 14 for a, b in ROLLS), 36) == Fraction(1, 6)
    assert L.overview_shot((5, 5)).hit


def test_caps_to_reach_half_recomputed_by_enumeration():
    def p(caps):
        return Fraction(sum(a + b + 4 + caps >= 14 for a, b in ROLLS), 36)
    want = next(c for c in range(13) if p(c) >= Fraction(1, 2))
    assert L.caps_for_probability(4, 12, terrain=2) == want == 3
    assert L.caps_for_probability(0, 30, limit=3) is None


def test_initiative_and_variable_ap_examples():
    ex = L.initiative_example()
    assert ex["even"] == Fraction(1, 2)
    wins = sum(a[0] + a[1] + 1 > b[0] + b[1] for a in ROLLS for b in ROLLS)
    ties = sum(a[0] + a[1] + 1 == b[0] + b[1] for a in ROLLS for b in ROLLS)
    assert ex["one_cap"] == Fraction(wins, 36 * 36 - ties)
    assert ex["tie_once"] == Fraction(sum(sum(a) == sum(b) for a in ROLLS for b in ROLLS), 36 * 36)
    assert combat.initiative_rolls((6, 1), (3, 3)) == "A"
    v = L.variable_ap_example()
    assert v == {"mean": 7, "at_least_7": Fraction(21, 36), "under_4": Fraction(3, 36)}


def test_seven_ap_move_seven_open_hexes():
    r = L.seven_ap_in_the_open()
    m = L.open_map()
    assert r.budget == 7 == L.ACTIVATION_AP
    # in the open every cell's cost is its hex distance (1 AP per open hex), up to 7
    assert {c: v for c, v in r.costs.items()} == {c: m.grid.distance(m.cell("C01"), c)
                                                  for c in m.grid.cells()
                                                  if m.grid.distance(m.cell("C01"), c) <= 7}


def test_ap_track_examples_2_2_3_0_3_1_3_21():
    t = L.replay_2_2()
    assert (t["Soviet"].ap, t["German"].ap, t["Soviet"].caps) == (1, 3, 4)
    t30 = L.replay_3_0()
    assert t30.active == "B" and t30.ap == 7 and "A" in t30.spent and "4 AP lost" in t30.log[-2]
    t31 = L.replay_3_1()
    assert t31["German"].ap == 6 and t31["Soviet"].ap == 3 and t31["German"].spent == {"HMG B"}
    t321 = L.replay_3_21()
    assert (t321.ap, t321.caps, t321.active) == (0, 4, None) and "C" in t321.spent
    assert "3 AP + 1 CAP" in t321.log[-2]


def test_activation_refuses_what_the_rules_forbid():
    t = L.Activation(caps=1)
    t.activate("A")
    with pytest.raises(WartoolsError):
        t.spend(9, "too much")
    with pytest.raises(WartoolsError):
        t.opportunity("A")             # the activated unit cannot take an opportunity action (3.1)
    t.opportunity("B")
    with pytest.raises(WartoolsError):
        t.activate("B")                # B is spent
    with pytest.raises(WartoolsError):
        t.command("C", 2)


def test_los_examples_on_the_lesson_maps():
    m = L.woods_map()
    assert [line_of_sight(m, "B01", t).status for t in ("B04", "B05", "B06", "B09")] == \
        ["clear", "clear", "blocked", "blocked"]
    s = L.shot(L.woods_map(brush=True), "B01", "B05")
    assert (s.status, s.hindrance, s.defense) == ("hindered", 1, 15)
    assert s.probability == combat.hit_probability(4, 12, terrain=3)
    h = L.hill_map()
    assert line_of_sight(h, "B01", "B05").status == "clear"     # woods below both ends
    assert line_of_sight(h, "B01", "B04").status == "blocked"   # woods not below the lower end
    assert line_of_sight(h, "A01", "A07").status == "blocked"   # the crest A04 is higher than both
    assert line_of_sight(L.gap_map(), "A02", "C02").status == "blocked"
    assert line_of_sight(L.gap_map(both=False), "A02", "C02").status == "clear"
    ex = L.hill_112_examples()
    assert ex["mg_shot"].status == "hindered" and ex["mg_shot"].defense == 14
    assert len(ex["summit_sees"]) > 0 and ex["rifles_reach"].budget == 7


def test_along_hexside_between_two_blockers_blocks_in_all_six_directions():
    """Regression: the engine's skewed integer frame gave the two hexes along a hexside
    different orders unless the ruler was axis-parallel, so ``ALONG = "both"`` missed 4 of 6."""
    m = loads_map("format: wartools-map/1\nname: t\ngame: conflict-of-heroes\n"
                  "grid: {type: hex, columns: 9, rows: 9}\n")
    centre, seen = m.cell("E5"), 0
    for t in m.grid.cells():
        along = [c.cell for c in m.grid.ruler(centre, t).cells if c.contact == "along"]
        if m.grid.distance(centre, t) != 2 or len(along) != 2:
            continue
        seen += 1
        one = m.with_terrain(along[0], "woods")
        both = one.with_terrain(along[1], "building")
        assert line_of_sight(one, centre, t).status == "clear"
        assert line_of_sight(both, centre, t).status == "blocked"
        assert line_of_sight(both, t, centre).status == "blocked"
    assert seen == 6


def test_movement_examples():
    m = L.move_map()
    p = path(m, "C01", "C06")
    assert p.cost == 6 and "C04" not in p.labels()                 # round the copse
    assert sum(s.cost for s in p.steps) == p.cost
    assert L.caps_to_reach(m, "C01", "C09") == path(m, "C01", "C09").cost - 7 == 3
    assert L.caps_to_reach(m, "C01", "A07") is None                 # water (assumed impassable)
    assert m.cell("C09") in reachable(m, "C01", extra_points=3) and m.cell("C09") not in reachable(m, "C01",
                                                                                                extra_points=2)


# --- experiments ------------------------------------------------------------------------------
def test_target_experiment_follows_the_library():
    x = L.TargetExperiment()
    assert x.shot.status == "clear" and x.shot.defense == 14
    x.target.value = "B06"
    assert x.shot.status == line_of_sight(L.woods_map(), "B01", "B06").status == "blocked"
    assert x.history[-1]["defense"] is None
    x.brush.value = True
    x.target.value = "B04"
    assert (x.history[-1]["status"], x.history[-1]["defense"]) == ("hindered", 13)
    x.caps.value = 2
    assert x.history[-1]["probability"] == combat.hit_probability(4, 12, terrain=1, caps=2)
    assert len(x.history) == 5 and "B04" in x.info.value


def test_caps_reach_experiment_follows_the_library():
    x = L.CapsReachExperiment()
    m = L.move_map()
    assert x.caps_needed == 3 and not x.reaches_goal
    assert x.history[-1]["hexes"] == len(reachable(m, "C01").costs) - 1
    x.caps.value = 3
    assert x.reaches_goal and x.history[-1]["hexes"] == len(reachable(m, "C01", budget=10).costs) - 1
    x.ap.value = 4                                   # a poor 2D6 roll under 3.01
    assert x.caps_needed == 6 and not x.reaches_goal
    x.unit.value = "tank"
    x.goal.value = "C08"
    assert x.caps_needed is None and x.route is not None and not x.route.reachable
    assert x.history[-1] == {"goal": "C08", "unit": "tank", "ap": 4, "caps": 3, "hexes": x.history[-1]["hexes"],
                             "caps_needed": None, "reached": False}


def test_fire_experiment_follows_the_library():
    x = L.FireExperiment()
    assert (x.defense, x.probability, x.caps_for_goal) == (14, Fraction(1, 6), 3)
    x.caps.value = 3
    assert x.probability == combat.hit_probability(4, 12, terrain=2, caps=3) == Fraction(7, 12)
    x.terrain.value = "open"
    x.hindrance.value = 1
    assert x.defense == 13 and x.probability == combat.hit_probability(4, 12, terrain=1, caps=3)
    x.defender_caps.value = 2
    assert x.probability == combat.hit_probability(4, 12, terrain=1, caps=3, defender_caps=2)
    assert x.caps_for_goal == L.caps_for_probability(4, 12, terrain=3)
    x.goal.value = 1.0
    assert x.caps_for_goal == L.caps_for_probability(4, 12, terrain=3, goal=Fraction(1))
    assert bytes(x.image.value)[:4] == b"\x89PNG" and len(x.history) == 6


def test_experiment_factories():
    made = {k: f() for k, f in L.experiments().items()}
    assert set(made) == {"los", "movement", "combat"} and all(hasattr(x, "widget") for x in made.values())


# --- self-checks ------------------------------------------------------------------------------
def _wrong(q, right):
    if q.choices is not None:
        return next(str(c) for c in q.choices if str(c) != str(right))
    if isinstance(right, Fraction):
        return str(right + Fraction(1, 10))
    return str(right + 1)


EXPECTED = {
    "los": [lambda: line_of_sight(L.woods_map(), "B01", "B05").status,
            lambda: line_of_sight(L.woods_map().moved("su-squad", "B06"), "B01", "B06").status,
            lambda: 12 + L.TERRAIN_DEFENSE["woods"] + line_of_sight(L.woods_map(brush=True), "B01", "B05").modifier,
            lambda: line_of_sight(L.hill_map(), "B01", "B05").status,
            lambda: line_of_sight(L.gap_map(), "A02", "C02").status],
    "movement": [lambda: path(L.move_map(), "C01", "C06").cost,
                 lambda: path(L.move_map(), "C01", "C09").cost - 7,
                 lambda: 5 - 1,
                 lambda: combat.variable_ap().at_least(7),
                 lambda: "yes" if path(L.move_map(), "C01", "C08", "tank").reachable else "no"],
    "combat": [lambda: combat.resolve_fire((4, 5), 4, 12, terrain=2)[0],
               lambda: "hit" if combat.resolve_fire((4, 5), 4, 12, terrain=2)[2] else "miss",
               lambda: combat.hit_probability(4, 12, terrain=2),
               lambda: L.caps_for_probability(4, 12, terrain=2),
               lambda: combat.initiative(modifier_a=1)["A"]],
}


def test_at_least_three_questions_per_topic():
    qs = L.questions()
    assert set(qs) == {"los", "movement", "combat"} and all(len(v) >= 3 for v in qs.values())


@pytest.mark.parametrize("topic,i", [(t, i) for t, fs in EXPECTED.items() for i in range(len(fs))])
def test_selfcheck_right_and_wrong(topic, i):
    q = L.questions()[topic][i]
    right = EXPECTED[topic][i]()
    assert q.expected() == right
    q.input.value = str(right)
    fb = q.on_check()
    assert fb.correct and "Right." in q.feedback.value
    q.input.value = _wrong(q, right)
    fb = q.on_check()
    assert not fb.correct and "Not quite" in q.feedback.value and len(fb.message) > 40
    assert [f.correct for f in q.history] == [True, False]


def test_probability_questions_accept_a_rounded_decimal():
    q = L.combat_questions()[2]
    assert q.check("0.167").correct and q.check("1/6").correct and not q.check("0.25").correct


def test_assumptions_are_stated():
    text = " ".join(L.ASSUMPTIONS)
    assert "no LOS chapter" in text and "assumed" in text
    assert L.TERRAIN_DEFENSE["woods"] == 2 and "woods" not in L.TERRAIN_DEFENSE_ASSUMED
    assert L.TERRAIN_DEFENSE_ASSUMED <= set(L.TERRAIN_DEFENSE)
    assert L.TERRAIN_DEFENSE is combat.TERRAIN_DEFENSE             # the game's table, not a copy
