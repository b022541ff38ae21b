"""Combat Infantry field artillery (2.6) and air support (2.7) in play: the single answer
:func:`~wartools.games.combat_infantry.strike.strike` and the strikes a company HQ's activation calls,
each test from the rule's text; composed: seeded playouts on random boards with strikes against a loop
over the single answer."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import yaml

from analysis_helpers import tiny_scenario
from test_play_odds import goodness_of_fit
from wartools.dice import Dist
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.combat import HexUnit
from wartools.games.combat_infantry.strike import AT_BUNKER, STRIKE_WORDS, halved_armor, strike
from wartools.play.engine import RngDice, legal_actions, start, step
from wartools.rules.turn import ScriptedDice, TurnState
from wartools.scenario import load_scenario, loads_scenario, scenario_to_dict
from wartools.testing import tiny_map, tiny_map_data

WORDS = tuple(STRIKE_WORDS)


def _scenario(units, *, us=None, german=None, columns=6, rows=1, terrain=None, turns=2, options=None):
    """A Combat Infantry scenario whose sides have the strikes ``us`` and ``german`` (side resources)."""
    s = tiny_scenario("combat-infantry", columns, rows, units, turns=turns)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", columns, rows, name="tiny", terrain=terrain or {})
    for side, res in (("US", us), ("German", german)):
        if res:
            data["sides"][side]["resources"] = res
    if options:
        data["options"] = options
    return loads_scenario(yaml.safe_dump(data))


def _activate(g, hq):
    return step(g, next(c for c in legal_actions(g) if c.kind == "activate" and c.unit == hq), ScriptedDice([]))[0]


def _strikes(g):
    """The strikes offered now: ``{(word, hex)}``."""
    return {(c.kind, g.map.label(c.dest)) for c in legal_actions(g) if c.kind in STRIKE_WORDS}


def _call(g, word, hex, faces):
    c = next(c for c in legal_actions(g) if c.kind == word and g.map.label(c.dest) == hex)
    return step(g, c, ScriptedDice(list(faces)))


def _end(g):
    return step(g, next(c for c in legal_actions(g) if c.kind == "end"), ScriptedDice([]))[0]


def _pass(g):
    """Pass (the game turn's last pass rolls 7 against 3: US first in the next)."""
    return step(g, next(c for c in legal_actions(g) if c.kind == "pass"), ScriptedDice([7, 3]))[0]


BASIC = [("chq", "US", "hq", "A1"), ("us", "US", "rifle", "B1"), ("de", "German", "rifle", "C1", {"steps": 3}),
         ("far", "German", "rifle", "F1"), ("de-hq", "German", "hq", "E1")]


# --- the scenario's strikes: side resources with bounds ------------------------------------------------
def test_a_scenario_lists_each_sides_strikes_as_resources_0_to_4_2_6_2_7():
    s = _scenario(BASIC, us={"artillery": 2, "air": 4})
    assert dict(s.sides["US"].resources) == {"artillery": 2, "air": 4}
    for bad, message in (({"artillery": 5}, "resources.artillery: 5 is outside the limit 0..4"),
                         ({"air": -1}, "resources.air: -1 is outside the limit 0..4"),
                         ({"caps": 3}, "resources.caps")):
        with pytest.raises(WartoolsError, match=message):
            _scenario(BASIC, us=bad)
    assert dict(load_scenario("scenarios/combat-infantry-saint-remy.yaml").sides["US"].resources) == {}


# --- who calls: a CHQ, one strike an activation, one of its three commands -----------------------------
def test_an_active_company_hq_calls_a_strike_on_a_spotted_enemy_hex_a_platoon_hq_none_2_6_4_1():
    s = _scenario([*BASIC, ("phq", "US", "hq", "A1")], us={"artillery": 1})
    g = start(s)
    assert _strikes(_activate(g, "phq")) == set()                 # 4.1: field artillery is the CHQ's
    assert _strikes(_activate(g, "chq")) == {("artillery", "C1")}
    assert _strikes(_activate(start(_scenario(BASIC)), "chq")) == set()      # the scenario lists none
    m = tiny_map("ci", 4, 1, units=[("phq", "US", "hq", "A1"), ("de", "German", "rifle", "C1")])
    asked = strike(m, "artillery", "C1", "phq")                # the single answer says so too
    assert not asked.allowed and asked.why_not == ("phq is not a company HQ: CHQs regulate field artillery and "
                                                   "air support (4.1)",)


def test_only_a_spotted_hex_is_offered_within_three_hexes_with_line_of_sight_6_61():
    """2.6: field artillery only attacks spotted (6.61) hexes: the CHQ on A1 spots C1 (two hexes) but not F1
    (five); C1 in woods seen across a woods hex is not spotted; a face-up HQ next to F1 spots it, a hidden one
    (upright, not activated) does not."""
    s = _scenario(BASIC, us={"artillery": 1})
    g = _activate(start(s), "chq")
    assert ("artillery", "C1") in _strikes(g) and ("artillery", "F1") not in _strikes(g)
    answer = strike(g.map, "artillery", "F1", "chq")
    assert not answer.allowed and "6.61" in answer.why_not[0]
    blind = _activate(start(_scenario(BASIC, us={"artillery": 1}, terrain={"B1": "woods", "C1": "woods"})), "chq")
    assert ("artillery", "C1") not in _strikes(blind)
    m = tiny_map("ci", 6, 1, units=[("chq", "US", "hq", "A1"), ("phq", "US", "hq", "E1"),
                                    ("far", "German", "rifle", "F1")])
    seen = strike(m, "artillery", "F1", "chq")
    assert seen.allowed and seen.spotter == "phq" and seen.firepower == 8          # adjacent spotter: +1F
    m2 = tiny_map("ci", 6, 1, units=[("chq", "US", "hq", "A1"), ("phq", "US", "hq", "E1", {"tags": ["hidden"]}),
                                     ("far", "German", "rifle", "F1")])
    assert not strike(m2, "artillery", "F1", "chq").allowed


def test_an_hq_spots_for_one_bombardment_a_game_turn_6_61():
    m = tiny_map("ci", 6, 1, units=[("chq", "US", "hq", "A1"), ("phq", "US", "hq", "E1"),
                                    ("far", "German", "rifle", "F1")])
    assert not strike(m, "artillery", "F1", "chq", spotted=["phq"]).allowed
    s = _scenario([("chq", "US", "hq", "A1"), ("phq", "US", "hq", "B1"), ("de", "German", "rifle", "C1")],
                  us={"artillery": 2}, options={"setup-upright": False})      # phq face-up as set up
    g = _call(_activate(start(s), "chq"), "artillery", "C1", [9, 9, 9])[0]
    spotting = [x for x in g.turn.fired if x.key[0] == "spotter"]
    assert [(x.key, x.per) for x in spotting] == [(("spotter", "phq"), "game turn")]   # phq: adjacent, nearest


def test_one_strike_each_time_a_chq_is_activated_2_6():
    """2.6: one artillery strike each time a CHQ is activated: with two strikes left and a second HQ to spot
    (the face-up phq spots the first, 6.61), the second is not offered in the same activation; it is in the
    CHQ's next activation (the next game turn)."""
    s = _scenario([*BASIC, ("phq", "US", "hq", "B1")], us={"artillery": 2}, options={"setup-upright": False})
    g = _call(_activate(start(s), "chq"), "artillery", "C1", [9, 9, 9])[0]
    assert g.turn.resources["US"]["artillery"] == 1 and _strikes(g) == set()
    assert g.rules.strike_answer(g.map, g.turn, "artillery", g.map.cell("C1")).spotter == "chq"   # spotted, yet
    assert "one artillery strike each time" in strike(g.map, "artillery", "C1", "chq", called=["artillery"]).why_not[0]
    g = _pass(_end(g))                                      # US ends, German passes
    while g.turn.turn == 1:
        g = _pass(g)
    g = _activate(g, "chq") if g.side == "US" else _activate(_pass(g), "chq")
    assert g.turn.turn == 2 and _strikes(g) == {("artillery", "C1")}


def test_the_call_counts_as_one_of_the_three_chq_commands_4_1():
    """4.1, 2.6: the call is one of the CHQ's three commands: after it two are left; a CHQ whose three
    commands are used calls none."""
    units = [("chq", "US", "hq", "A1"), ("a", "US", "rifle", "A2"), ("b", "US", "rifle", "A3"),
             ("c", "US", "rifle", "B3"), ("de", "German", "rifle", "C2", {"steps": 3})]
    s = _scenario(units, us={"artillery": 1}, rows=3)
    g = _activate(start(s), "chq")
    assert g.turn.budget == 3 and ("artillery", "C2") in _strikes(g)
    assert _call(g, "artillery", "C2", [9, 9, 9])[0].turn.budget == 2
    for uid in ("a", "b", "c"):
        g = step(g, next(c for c in legal_actions(g) if c.kind == "dig" and c.unit == uid), ScriptedDice([]))[0]
    assert g.turn.budget == 0 and _strikes(g) == set()
    assert "its three commands are used" in strike(g.map, "artillery", "C2", "chq", commands=0).why_not[0]


def test_artillery_and_air_cannot_both_be_called_by_the_same_active_chq_2_7():
    s = _scenario(BASIC, us={"artillery": 1, "air": 1})
    g = _activate(start(s), "chq")
    assert _strikes(g) == {("artillery", "C1"), ("air", "C1")}
    after = _call(g, "artillery", "C1", [9, 9, 9])[0]
    assert after.turn.resources["US"]["air"] == 1 and _strikes(after) == set()
    assert "cannot both" in strike(g.map, "air", "C1", "chq", called=["artillery"]).why_not[0]


def test_strikes_run_out_and_last_the_whole_scenario_2_6():
    """2.6: the scenario's strikes are for the game (the block's steps are rotated to track those
    remaining): one strike spent in game turn 1 leaves none in game turn 2."""
    s = _scenario(BASIC, us={"air": 1}, turns=3)
    g = _call(_activate(start(s), "chq"), "air", "C1", [9, 9, 9])[0]
    assert g.turn.resources["US"]["air"] == 0
    g = _end(g)
    while g.turn.turn == 1:
        g = _pass(g)
    assert g.turn.resources["US"]["air"] == 0
    if g.side != "US":
        g = _pass(g)
    g = _activate(g, "chq")
    assert _strikes(g) == set()
    assert strike(g.map, "air", "C1", "chq", left=0).why_not == ("no air strike left (2.7)",)


def test_a_position_records_the_strikes_spent_and_play_from_it_has_only_those_left_2_6():
    """2.6: "the block's steps are rotated to keep track of the strikes remaining": a position of the game
    (a record's turn end, a saved position) says what each side has spent (``spent``), so the analysis and
    play from it have the strikes left, not the scenario's."""
    from wartools.scenario import dumps_position, loads_position

    s = _scenario(BASIC, us={"air": 1, "artillery": 2}, turns=3)
    g = _call(_activate(start(s), "chq"), "artillery", "C1", [9, 9, 9])[0]
    assert dict(g.position.spent["US"]) == {"artillery": 1}            # recorded with the action
    text = dumps_position(s, g.position)
    assert "spent" in yaml.safe_load(text)
    back = loads_position(text, s)
    assert dict(back.spent["US"]) == {"artillery": 1}
    resumed = start(s, back)
    assert dict(resumed.turn.resources["US"]) == {"air": 1, "artillery": 1}
    g = _call(_activate(start(s, back), "chq"), "artillery", "C1", [9, 9, 9])[0]
    assert dict(g.position.spent["US"]) == {"artillery": 2}
    g = _end(g)
    while g.turn.turn == 1:
        g = _pass(g)
    if g.side != "US":
        g = _pass(g)
    assert {w for w, _ in _strikes(_activate(g, "chq"))} == {"air"}   # the artillery is spent, the air is not


@pytest.mark.parametrize("spent, why", [
    ({"US": {"artillery": 3}}, "spent.US.artillery: must be at most 2"),
    ({"US": {"air": 1}}, "spent.US.air"),
    ({"Japan": {"artillery": 1}}, "spent.Japan"),
    ({"US": {"artillery": -1}}, "spent.US.artillery"),
])
def test_a_position_spending_more_than_the_scenario_gives_is_refused_in_one_line(spent, why):
    from wartools.scenario import dumps_position, loads_position
    from wartools.scenario.validate import ScenarioError

    s = _scenario(BASIC, us={"artillery": 2})
    data = yaml.safe_load(dumps_position(s, start(s).position))
    data["spent"] = spent
    with pytest.raises(ScenarioError) as err:
        loads_position(yaml.safe_dump(data), s)
    assert why in str(err.value) and "\n" not in str(err.value)


# --- the roll: 3F7, armour class zero, bunkers halved, friendly fire -------------------------------------
def test_a_strike_rolls_three_dice_at_f7_or_f6_by_option_2_6():
    m = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("de", "German", "rifle", "C1")])
    assert strike(m, "artillery", "C1", "chq").hits == Dist.binomial(3, Fraction(7, 10))
    six = strike(m.with_options(**{"artillery-firepower": 6}), "air", "C1", "chq")
    assert six.hits == Dist.binomial(3, Fraction(6, 10))
    assert "artillery-firepower" in {a.option for a in six.assumptions}


def test_hits_are_distributed_normally_armour_included_at_armour_class_zero_2_6_6_3():
    """2.6: no targeting; hits are distributed normally (6.3: strongest first), armour included, AC zero: a
    face-up tank (AC5, strength 2) takes the first hit before a one-step squad."""
    m = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("de", "German", "rifle", "C1", {"strength": 1}),
                                    ("pz", "German", "tank", "C1", {"strength": 2})])
    answer = strike(m, "artillery", "C1", "chq")
    assert answer.units == ("de", "pz") and answer.excluded == ()
    assert [u.strength for u in answer.after(1)] == [1, 1]
    s = _scenario([("chq", "US", "hq", "A1"), ("de", "German", "rifle", "C1", {"steps": 1}),
                   ("pz", "German", "tank", "C1", {"steps": 2})], us={"artillery": 1})
    g, (act, *_), _ = _call(_activate(start(s), "chq"), "artillery", "C1", [1, 9, 9])
    assert g.position.units["pz"].steps == 1 and g.position.units["de"].steps == 1, act.effects


def test_a_bunkers_armour_class_is_only_halved_and_it_alone_may_be_targeted_2_6_2_55():
    """2.6: AC is zero except bunkers, only halved (AC6 = AC3): a bunker takes no hits distributed on its hex
    (6.3), a strike may target it at F7 less AC3 = F4; an odd AC3 is halved by option (down: 1, up: 2)."""
    units = [("chq", "US", "hq", "A1"), ("de", "German", "rifle", "C1", {"strength": 1}),
             ("bk", "German", "bunker", "C1", {"strength": 2, "tags": ["armor=6"]})]
    m = tiny_map("ci", 4, 1, units=units)
    at_hex = strike(m, "artillery", "C1", "chq")
    assert at_hex.excluded == ("bk",) and [u.strength for u in at_hex.after(3)] == [0, 2]
    bunker = strike(m, "artillery", "C1", "chq", target="bk")
    assert (bunker.armor, bunker.hits) == (3, Dist.binomial(3, Fraction(4, 10)))
    assert [u.strength for u in bunker.after(3)] == [0]
    assert not strike(m, "artillery", "C1", "chq", target="de").allowed          # no targeting but bunkers
    ac3 = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("bk", "German", "bunker", "C1")])
    assert strike(ac3, "air", "C1", "chq", target="bk").hits == Dist.binomial(3, Fraction(6, 10))
    up = strike(ac3.with_options(**{"strike-bunker-armor": "up"}), "air", "C1", "chq", target="bk")
    assert up.hits == Dist.binomial(3, Fraction(5, 10)) and "strike-bunker-armor" in {a.option for a in up.assumptions}
    assert (halved_armor(6), halved_armor(3), halved_armor(3, "up")) == (3, 1, 2)
    s = _scenario(units[:1] + [("bk", "German", "bunker", "C1", {"steps": 2, "tags": ["armor=6"]})],
                  us={"artillery": 1})
    g = _activate(start(s), "chq")
    assert _strikes(g) == {("artillery", "C1"), (AT_BUNKER["artillery"], "C1")}
    assert "bk" in _call(g, AT_BUNKER["artillery"], "C1", [1, 4, 5])[0].position.eliminated


def test_friendly_units_adjacent_take_a_hit_for_each_zero_two_for_air_6_63_2_7():
    """6.63: every 0 rolled is a hit on the friendly units adjacent to the target hex, all applied; 2.7: air
    support's friendly fire is double, each zero two hits. The same faces, one 0: the squad next to the
    target loses one step to artillery, two to air."""
    m = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("us", "US", "rifle", "B1", {"strength": 4}),
                                    ("de", "German", "rifle", "C1")])
    art, air = strike(m, "artillery", "C1", "chq"), strike(m, "air", "C1", "chq")
    assert art.friendly == air.friendly == ("us",)
    assert art.friendly_hits[1] == air.friendly_hits[2] == 3 * Fraction(1, 10) * Fraction(9, 10) ** 2
    assert air.friendly_hits[1] == 0 and [u.strength for u in air.friendly_after(2)] == [2]
    for word, lost in (("artillery", 1), ("air", 2)):
        s = _scenario([("chq", "US", "hq", "A1"), ("us", "US", "rifle", "B1", {"steps": 4}),
                       ("de", "German", "rifle", "C1")], us={word: 1})
        g, (act, *_), _ = _call(_activate(start(s), "chq"), word, "C1", [10, 9, 9])
        assert g.position.units["us"].steps == 4 - lost, act.effects
        assert act.rolls[0].p == (art if word == "artillery" else air).p_roll(0, lost)


def test_no_strike_into_an_assault_nor_on_a_hex_without_enemy_6_1():
    m = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("us", "US", "rifle", "C1"),
                                    ("de", "German", "rifle", "C1")])
    assert "assaults" in strike(m, "artillery", "C1", "chq").why_not[0]
    assert "no enemy unit" in strike(m, "artillery", "B1", "chq").why_not[0]
    with pytest.raises(WartoolsError, match="unknown strike"):
        strike(m, "naval", "C1", "chq")


def test_the_answer_says_itself_in_json_and_text_with_its_readings():
    m = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("us", "US", "rifle", "B1"),
                                    ("de", "German", "rifle", "C1")])
    a = strike(m, "air", "C1", "chq")
    js = a.to_json()
    assert js["allowed"] and js["spotter"] == "chq" and js["friendly"] == ["us"] and js["hits"]["3"] == "343/1000"
    assert sum(Fraction(p) for p in js["friendly_hits"].values()) == 1
    assert {x["option"] for x in js["assumptions"]} >= {"artillery-firepower", "hex-fire-ties", "friendly-fire-order"}
    assert a.text().startswith("chq may call air on C1 (Combat Infantry 2.7): spotted by chq, 3 dice at F7")
    assert "two friendly hits" in a.text()
    assert "artillery-firepower" in {x.option for x in start(_scenario(BASIC)).rules.assumptions()}
    assert not any("field artillery and air support (off-map" in x.reading
                   for x in start(_scenario(BASIC)).rules.assumptions())


# --- the rolls fit the exact odds ------------------------------------------------------------------------
@pytest.mark.parametrize("word, seed", [("artillery", 1), ("air", 2), ("artillery-bunker", 3)])
def test_many_seeded_strikes_fit_the_answers_exact_odds(word, seed):
    """Each strike resolved with seeded dice: the recorded roll's probability and expectation are the
    answer's; over 3000 strikes the board each leaves (the enemy's and the adjacent friendly units' steps
    and half-hits) fits the answer's exact outcomes (chi-square)."""
    m = tiny_map("ci", 4, 2, terrain={"C1": "town"},
                 units=[("chq", "US", "hq", "B1"), ("us", "US", "rifle", "B2", {"strength": 3}),
                        ("de", "German", "rifle", "C1", {"strength": 3}), ("mg", "German", "mg", "C1", {"strength": 2}),
                        ("bk", "German", "bunker", "C1", {"strength": 2})])
    rules = m.game.turn_rules()
    kind = STRIKE_WORDS[word]
    state = TurnState(1, "player turns", "US", "US", ("US", "German"), active="chq", budget=3,
                      resources={"US": {kind: 1}})
    answer = rules.strike_answer(m, state, word, m.cell("C1"))
    assert answer.allowed and answer.firepower == 8 and answer.d2          # adjacent spotter; town D2 (6.7)
    dice = RngDice(np.random.default_rng(seed))
    seen = []
    for _ in range(3000):
        res = rules.resolve(m, word, m.unit("chq"), dice, state, m.cell("C1"))
        (roll,) = res.rolls
        friendly = sum(f == 10 for f in roll.faces) * (2 if kind == "air" else 1)
        assert roll.p == answer.p_roll(int(roll.value), friendly) and roll.expected == answer.expected_hits
        steps = {u.id: (rules.strength(u), False) for u in m.units}
        for ch in res.changes:
            was = steps.get(ch.unit, (0, False))
            steps[ch.unit] = (0 if ch.eliminated else ch.strength if ch.strength is not None else was[0],
                              (was[1] or "half-hit" in ch.add) and "half-hit" not in ch.remove)
        seen.append((tuple(steps[u] for u in answer.units), tuple(steps[u] for u in answer.friendly)))
    exact: dict[object, Fraction] = {}
    for (enemy, friends), p in answer.outcomes.items:
        key = (tuple((u.strength, u.half_hit) for u in enemy), tuple((u.strength, u.half_hit) for u in friends))
        exact[key] = exact.get(key, Fraction(0)) + p
    assert goodness_of_fit(seen, exact) > 0.001


# --- composed: random boards with strikes, every offer against the single answer ---------------------------
def _strike_board(seed):
    """The random assault boards (hex and hexside terrain, a hill, mines, a foxhole, smoke, three units and
    an HQ a side), each side's HQ its company HQ, the last German unit a bunker on some boards, and each side
    one to three strikes of each kind."""
    import random

    from test_combat_infantry_assaults_in_play import random_board

    rng = random.Random(seed)
    data = scenario_to_dict(random_board(seed))
    for side in data["sides"].values():
        hq = next(u for u in side["units"] if u["type"] == "hq")
        hq["tags"] = [*hq.get("tags", []), "company"]
        side["resources"] = {"artillery": rng.randint(1, 3), "air": rng.randint(1, 3)}
    if seed % 2:
        data["sides"]["German"]["units"][-1]["type"] = "bunker"
    data["turns"] = 3
    return loads_scenario(yaml.safe_dump(data))


@pytest.mark.parametrize("bot, boards", [("greedy", 8), ("random", 10)])
def test_every_strike_offered_in_playouts_is_a_loop_over_the_single_answer(bot, boards):
    """2.6, 2.7 composed: in seeded playouts on random boards, at every decision of an active company HQ the
    strikes offered are exactly those the single answer allows over every hex and word; every strike taken
    spends one command and one strike, its roll has the answer's exact chance and expectation, and the board
    after it is one of the answer's outcomes; strikes never go below zero; the records replay."""
    from wartools.play import find_bot, playout, replay

    called = compared = 0
    for k in range(boards):
        s = _strike_board(60 + k)
        g, b, rng = start(s), find_bot(bot), np.random.default_rng(60 + k)
        dice = RngDice(rng)
        while not g.over:
            legal = legal_actions(g)
            m, state = g.map, g.turn
            active = next((u for u in m.units if u.id == state.active), None)
            if active is not None and state.phase == "player turns" and "company" in active.tags:
                offered = {(c.kind, c.dest) for c in legal if c.kind in STRIKE_WORDS}
                allowed = {(w, c) for w in WORDS for c in m.grid.cells()
                           if g.rules.strike_answer(m, state, w, c).allowed}
                assert offered == allowed
                compared += len(allowed)
            c = legal[b.choose(g, legal, rng).index]
            nxt, acts, ended = step(g, c, dice)
            if c.kind in STRIKE_WORDS:
                called += 1
                answer = g.rules.strike_answer(m, state, c.kind, c.dest)
                roll = acts[0].rolls[0]
                friendly = sum(f == 10 for f in roll.faces) * (2 if answer.kind == "air" else 1)
                assert roll.p == answer.p_roll(int(roll.value), friendly) and roll.expected == answer.expected_hits
                kind = answer.kind
                if not ended and nxt.turn.turn == state.turn:
                    assert nxt.turn.resources[active.side][kind] == state.resources[active.side][kind] - 1 >= 0
                    assert nxt.turn.budget == state.budget - 1
                enemy = answer.after(int(roll.value))
                for uid, u in zip(answer.units, enemy):
                    st = nxt.position.units.get(uid)
                    if st is not None and not acts[0].eliminated:
                        assert st.steps == u.strength, (uid, acts[0].effects)
            g = nxt
    assert called >= 3 and compared >= 10, (called, compared)
    r = playout(_strike_board(61), [bot, bot], seed=5)
    assert replay(r).final == r.turn_ends[-1].position


def test_a_strikes_prospect_counts_friendly_hits_only_on_friendly_units_adjacent_6_63():
    """6.63: friendly units adjacent to the target hex take a hit for each 0 rolled (two for air, 2.7): with
    none of the side's units adjacent the zeros hit nobody, so what a strike promises a scoring bot (its
    Prospect: hits expected on the enemy less those expected on its own side) is its expected hits alone;
    with a friendly squad adjacent, less the expected friendly hits."""
    for kind, zeros in (("artillery", Fraction(3, 10)), ("air", Fraction(6, 10))):
        alone = _activate(start(_scenario([("chq", "US", "hq", "A1"), ("de", "German", "rifle", "D1")],
                                          us={kind: 1})), "chq")
        answer = alone.rules.strike_answer(alone.map, alone.turn, kind, alone.map.cell("D1"))
        assert answer.allowed and answer.friendly == ()
        got = alone.rules.prospect(alone.map, alone.turn, kind, alone.map.unit("chq"), alone.map.cell("D1"))
        assert got.hits == answer.expected_hits == Fraction(21, 10)
        near = _activate(start(_scenario([("chq", "US", "hq", "A1"), ("us", "US", "rifle", "C1"),
                                          ("de", "German", "rifle", "D1")], us={kind: 1})), "chq")
        answer = near.rules.strike_answer(near.map, near.turn, kind, near.map.cell("D1"))
        assert answer.friendly == ("us",) and answer.friendly_hits.mean() == zeros
        got = near.rules.prospect(near.map, near.turn, kind, near.map.unit("chq"), near.map.cell("D1"))
        assert got.hits == answer.expected_hits - zeros
