"""The Heroes of Normandie lesson: worked examples, experiments and self-checks (notebook 13)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from wartools.games.heroes_of_normandie import combat as hc
from wartools.lessons import heroes_of_normandie as hon
from wartools.los import line_of_sight
from wartools.movement import path, reachable


@pytest.fixture(scope="module")
def dog_red():
    return hon.dog_red()


@pytest.fixture(scope="module")
def qs(dog_red):
    return hon.questions(dog_red)


# --- worked examples ---------------------------------------------------------------------------
@pytest.mark.parametrize("ex", hon.worked_examples(), ids=lambda e: e.key)
def test_every_worked_example_agrees_with_the_rulebook(ex):
    assert ex.cases and ex.agrees, ex.table()
    assert ex.section and ex.topic in ("los", "movement", "combat")


def test_examples_cover_each_topic():
    keys = {t: [e.key for e in hon.worked_examples(t)] for t in ("los", "movement", "combat")}
    assert {"contour", "hole", "mound", "smoke"} <= set(keys["los"])
    assert {"chart", "trench", "hedgehogs", "mine-path", "fuel"} <= set(keys["movement"])
    assert {"mine-roll", "directional", "defensive-element", "bunker-stun", "speed"} <= set(keys["combat"])


def test_contour_line_a_b_c_d():
    m = hon.bluff_map()
    assert line_of_sight(m, "C6", "C3").status == "clear"        # A: one square beyond the line
    assert line_of_sight(m, "C6", "C2").status == "blocked"      # A: two squares beyond
    assert line_of_sight(m, "C4", "C1").status == "clear"        # B: shooter adjacent
    smoky = m.with_features("C3", ["smoke"])
    assert line_of_sight(smoky, "C6", "C3").modifier == -4       # C: smoke still applies
    ex = hon.contour_line_example()
    d_block, d_tank = ex.cases[5], ex.cases[6]
    assert next(r.rule for r in d_block.result.deciding).startswith("Heroes of Normandie 1.1 (Contour Line D)")
    assert d_tank.computed == "clear"


def test_hole_a_b_c_and_mound():
    hole = {c.what[:1] + str(i): c.computed for i, c in enumerate(hon.hole_example().cases)}
    assert list(hole.values()) == ["clear", "blocked", "blocked", "clear"]
    mound = hon.mound_example()
    a, b, other = mound.cases
    assert a.computed == "clear" and any(r.effect == "note" and r.where == "C3" for r in a.result.reasons)
    assert b.computed == other.computed == "blocked"
    assert any("Mounds" in r.rule for r in other.result.deciding)


def test_mine_roll_one_plus_one_plus_one():
    ex = hon.mine_roll_example()
    assert [c.computed for c in ex.cases] == ["hit", "discard", Fraction(1, 2)]
    # the move of the example: two mined squares crossed, a third occupied
    p = hon.mine_path_example().cases[0]
    assert p.computed == 3 and hon.mined_squares(p.result) == ["B1", "C1", "D1"]
    assert hc.resolve_mines(4, [1] * p.computed, 7) == "hit"


def test_directional_bonus_and_defensive_element():
    m = hon.bunker_map()
    assert hon.shot_sides(m, "D7", "D3") == [("south", "crossed")]
    assert hon.shot_sides(m, "G3", "D3") == [("east", "crossed")]
    assert hon.crosses_protected_side(m, "D1", "D3", "north")
    p_front, mods, _ = hon.shot_odds(m, "D7", "D3", 3, 5, universal=1, directional=2)
    p_flank, _, _ = hon.shot_odds(m, "G3", "D3", 3, 5, universal=1, directional=2)
    assert (p_front, p_flank) == (Fraction(1, 3), Fraction(2, 3)) and mods.defense_bonus() == 3
    assert hon.defensive_bonus_applies(m, "C6", "C3") and not hon.defensive_bonus_applies(m, "B3", "C3")


def test_shot_odds_through_smoke_and_blocked():
    m = hon.bunker_map().with_features("D5", ["smoke"])
    p, mods, r = hon.shot_odds(m, "D7", "D3", 6, 5)
    assert r.modifier == -4 and mods.roll_modifier() == -4 and p == hc.shot_probability(6, 5, mods)
    walled = hon.bunker_map().with_terrain("D5", "building")
    assert hon.shot_odds(walled, "D7", "D3", 6, 5)[0] == 0


def test_trench_ladder_and_obstacles():
    m = hon.trench_map()
    assert hon.move_ends(m, "A3", "B3") and not hon.move_ends(m, "C3", "C2")
    assert path(m, "B3", "C1", "infantry").labels() == ["B3", "C3", "C2", "C1"]
    chart = hon.terrain_chart_example()
    assert len(chart.cases) == 18 and chart.agrees
    lane = hon.element_map("barbed-wire")
    assert path(lane, "A1", "D1", "infantry").cost == 4 and path(lane, "A1", "D1", "heavy-vehicle").cost == 3


def test_hedgehogs_on_dog_red(dog_red):
    ex = hon.hedgehog_example(dog_red)
    assert ex.agrees
    sherman = ex.cases[3].result
    assert ex.cases[3].computed is True and sherman.labels()[-1] == "J7"
    assert sherman.cost <= reachable(dog_red, "H10", "heavy-vehicle").budget
    # a hedgehog on the path would be refused: the step across H9|H10 has no edge for a vehicle
    assert hon.step_effect(dog_red, "H10", "H9", "heavy-vehicle") == "impassable"


def test_drawing_examples_and_show():
    import matplotlib
    matplotlib.use("Agg")
    for ex in hon.worked_examples("los")[:1] + hon.worked_examples("movement")[1:2]:
        ax = ex.draw()
        assert ax is not None and ex.title in ax.get_title()
    assert hon.terrain_chart_example().draw() is None
    assert hon.show_example(hon.speed_penalty_example()) is None
    hole = hon.hole_example()
    fig = hon.show_example(hole)
    assert len([a for a in fig.axes if a.get_visible()]) == len(hole.drawable()) == 4
    ax = hole.draw_case(hole.cases[1])
    assert "los-ruler" in {line.get_gid() for line in ax.lines}


def test_assumptions_are_flagged():
    for key in ("diagonal moves", "movement values", "long range penalty", "obstacle"):
        assert key in hon.ASSUMPTIONS


# --- self-checks -------------------------------------------------------------------------------
def test_at_least_three_questions_per_topic(qs):
    assert set(qs) == {"los", "movement", "combat"}
    assert all(len(v) >= 3 for v in qs.values())


EXPECTED = {
    ("los", 0): lambda dr: line_of_sight(hon.bluff_map(), "C6", "C2").status,
    ("los", 1): lambda dr: "yes" if line_of_sight(hon.bluff_map(), "C4", "C1").visible else "no",
    ("los", 2): lambda dr: line_of_sight(hon.with_units(hon.trench_map(), ("a", "German", "infantry", "B3"),
                                                        ("b", "German", "infantry", "C3"),
                                                        ("c", "US", "infantry", "D3")), "B3", "D3").status,
    ("los", 3): lambda dr: line_of_sight(hon.lane_map().with_features("B1", ["smoke"])
                                         .with_features("C1", ["smoke"]), "A1", "E1").modifier,
    ("movement", 0): lambda dr: "yes" if dr.cell("J7") in reachable(dr, "H10", "heavy-vehicle").costs else "no",
    ("movement", 1): lambda dr: path(hon.element_map("barbed-wire"), "A1", "D1", "infantry").cost,
    ("movement", 2): lambda dr: "no" if not hon.move_ends(dr, "H3", "H2", side="German") else "yes",
    ("movement", 3): lambda dr: "light-vehicle" if hon.step_effect(dr, "K4", "K5", "light-vehicle", "US") == "impassable"
    else None,
    ("combat", 0): lambda dr: hc.mine_attack([1, 1, 1], 7)["hit"],
    ("combat", 1): lambda dr: "yes" if hon.crosses_protected_side(hon.bunker_map(), "G3", "D3", "south") else "no",
    ("combat", 2): lambda dr: hc.bunker_stun(3),
    ("combat", 3): lambda dr: hc.speed_penalty(3, 6),
}


def _wrong(q, right):
    if q.choices is not None:
        return next(str(c) for c in q.choices if str(c) != str(right))
    if isinstance(right, Fraction):
        return str(right + Fraction(1, 3))
    return str(right + 1)


@pytest.mark.parametrize("key", sorted(EXPECTED), ids=lambda k: f"{k[0]}-{k[1]}")
def test_selfcheck_right_and_wrong(qs, dog_red, key):
    topic, i = key
    q = qs[topic][i]
    right = EXPECTED[key](dog_red)
    assert q.expected() == right
    # the right answer, typed or picked as the learner would
    q.input.value = str(right)
    fb = q.on_check()
    assert fb.correct and "Right." in q.feedback.value
    q.input.value = _wrong(q, right)
    fb = q.on_check()
    assert not fb.correct and "Not quite" in fb.message and len(fb.message) > 40
    assert [f.correct for f in q.history][-2:] == [True, False]


def test_every_question_has_a_test(qs):
    assert {(t, i) for t, v in qs.items() for i in range(len(v))} == set(EXPECTED)


def test_a_fraction_question_accepts_a_decimal(qs):
    q = qs["combat"][0]
    assert q.check("0.5").correct and q.check("50%").correct and not q.check("0.6").correct


# --- experiments -------------------------------------------------------------------------------
def test_experiments_factories():
    ex = hon.experiments()
    assert set(ex) == {"los", "movement", "combat"}


def test_contour_experiment_moves_the_shooter():
    x = hon.ContourExperiment()
    assert x.history[-1]["status"] == line_of_sight(hon.bluff_map(), "C6", "C2").status == "blocked"
    assert x.canvas is not None and x.canvas.widget.value          # a picture was drawn
    x.shooter.value = "C4"
    assert x.history[-1] == {"shooter": "C4", "target": "C2", "smoke": False, "status": "clear",
                             "modifier": None, "deciding": []}
    x.target.value = "C3"
    x.shooter.value = "C8"
    assert x.result.status == "clear"
    x.smoke.value = True
    assert x.history[-1]["status"] == "hindered" and x.history[-1]["modifier"] == -4
    assert "smoke" in x.info.value
    # where does the line cut the range? from every beach square in column C, C2 is seen only from C4
    seen = []
    for row in range(4, 9):
        x.shooter.value = f"C{row}"
        x.target.value = "C2"
        seen.append(x.history[-1]["status"] != "blocked")
    assert seen == [True, False, False, False, False]


def test_hedgehog_experiment(dog_red):
    x = hon.HedgehogExperiment(m=dog_red, draw=False)
    base = reachable(dog_red.without_unit("us-hv-1"), "H10", "heavy-vehicle", side="US").labels()
    assert x.reach == base and x.reach["H9"] == 3
    x.remove.value = "H9|H10"
    assert x.reach["H9"] == 1 and x.history[-1]["lifted"] == "H9|H10"
    x.remove.value = x.NO_CHANGE
    x.fuel.value = True
    assert x.history[-1]["budget"] == 6 and len(x.reach) >= len(base)
    x.unit.value = "infantry"
    assert x.history[-1]["budget"] == 4 and x.reach["H9"] == 1     # infantry crosses, then stops
    x.start.value = "B10"
    assert x.history[-1]["start"] == "B10" and "B10" in x.reach


def test_hedgehog_experiment_draws(dog_red):
    x = hon.HedgehogExperiment(m=dog_red)
    assert x.canvas.widget.value
    x.unit.value = "light-vehicle"
    assert x.history[-1]["budget"] == 7


def test_bunker_shot_experiment():
    x = hon.BunkerShotExperiment()
    assert (x.crosses, x.probability) == (True, Fraction(1, 3))
    x.shooter.value = "G3"
    assert x.sides == [("east", "crossed")] and not x.crosses and x.probability == Fraction(2, 3)
    x.protected.value = "east"
    assert x.crosses and x.probability == Fraction(1, 3)
    x.shooter.value = "A6"
    assert x.sides == [("west", "vertex"), ("south", "vertex")] and not x.crosses
    x.protected.value = "west"
    assert x.crosses
    x.shooter.value = "D7"
    x.protected.value = "south"
    x.long_range.value = True
    assert x.probability == hc.shot_probability(3, 5, hc.ShotModifiers(universal_bonus=1, directional_bonus=2,
                                                                       crosses_protected_edge=True,
                                                                       long_range=True))
    x.hawkeyed.value = True
    assert x.probability == Fraction(1, 3)
    x.attack.value = 9
    assert x.history[-1]["probability"] == Fraction(5, 6)          # a natural 1 still misses
    assert "P(hit)" in x.info.value
