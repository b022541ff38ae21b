"""Combat Infantry fire at a hex (6.3, 6.31, 2.53, 6.7): a shot at a unit that is not face-up is fire at
its hex, its hits distributed among the enemy units there; each clause from the rule's text, the Line of
Sight example's mortar (Diagram 4), and seeded playouts on random boards against the single answer."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
import yaml

from test_combat_infantry_fog import Game, fog_scenario
from test_play import check_playout_action
from test_play_odds import goodness_of_fit
from wartools.games.combat_infantry.combat import HexUnit, fire_at_hex
from wartools.games.combat_infantry.hexfire import hex_fire
from wartools.play import find_bot, legal_actions, start, step
from wartools.play.engine import RngDice
from wartools.play.playout import playout
from wartools.play.replay import replay
from wartools.rules.turn import ScriptedDice
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map, tiny_map_data


def steps(play, *ids):
    return [play.g.position.units[u].steps for u in ids]


def test_a_shot_at_a_unit_that_is_not_face_up_is_fire_at_its_hex_strongest_first_6_3():
    """6.3: firing is done on a declared target hex; hits are distributed among all enemy units in the hex,
    strongest first: a shot at the hidden IN 2 puts its one hit on the MG 3 beside it."""
    play = Game(fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-1", "rifle", "B2", 4, False)],
                             [("de-1", "rifle", "C2", 2, True), ("de-2", "mg", "C2", 3, True)]))
    play("activate", "us-hq")
    (shot,) = play("fire", "us-1", target="de-1", faces=(1, 9, 9, 9))
    assert steps(play, "de-1", "de-2") == [2, 2]
    assert shot.rolls[0].what == "us-1 fires 4 dice at F2 at hex C2 (de-1, de-2; 6.3)"
    assert shot.effects[:2] == ("1 hit on hex C2 (6.3)", "de-2 loses 1 step")


def test_face_up_units_may_be_targeted_and_take_every_hit_surplus_wasted_6_31():
    """6.31: face-up units may be targeted individually; all hits apply only to that unit, surplus hits
    are wasted: three hits on the face-up IN 2 eliminate it and leave the hidden MG 3 whole."""
    play = Game(fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-1", "rifle", "B2", 4, False)],
                             [("de-1", "rifle", "C2", 2, False), ("de-2", "mg", "C2", 3, True)]))
    play("activate", "us-hq")
    play("fire", "us-1", target="de-1", faces=(1, 1, 1, 9))
    assert "de-1" in play.g.position.eliminated and steps(play, "de-2") == [3]


def test_a_face_up_tank_is_left_out_and_a_hidden_tank_takes_hits_at_ac_zero_6_3_2_53():
    """6.3: exclude tanks from hit distribution unless AC is zero; 2.53: a hidden tank has AC-Zero and takes
    hits normally. Two hits on a hex of a face-up tank 3 and a hidden IN 1: the IN is eliminated, the tank
    untouched (the surplus lost); the same hex with the tank hidden: the tank, strongest, takes both."""
    for hidden, after in ((False, 3), (True, 1)):
        play = Game(fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-1", "rifle", "B2", 4, False)],
                                 [("de-t", "tank", "C2", 3, hidden), ("de-1", "rifle", "C2", 1, True)]))
        play("activate", "us-hq")
        # the shot at the hex names its first hidden unit (the hidden tank when it is hidden)
        play("fire", "us-1", target="de-t" if hidden else "de-1", faces=(1, 1, 9, 9))
        assert steps(play, "de-t") == [after]
        assert ("de-1" in play.g.position.eliminated) is (not hidden)


def test_a_half_hit_takes_the_next_hit_of_fire_at_its_hex_6_3_6_7():
    """6.7: a unit taking one half-hit must take the next hit, before the strongest (6.3): the one hit on a
    town hex of a hidden IN 1 holding a half-hit and a hidden MG 3 eliminates the IN."""
    play = Game(fog_scenario([("us-hq", "hq", "B2", 0, False), ("us-1", "rifle", "B2", 4, False)],
                             [("de-1", "rifle", "C2", 1, True, "half-hit"), ("de-2", "mg", "C2", 3, True)],
                             terrain={"C2": "town"}))
    play("activate", "us-hq")
    play("fire", "us-1", target="de-1", faces=(1, 9, 9, 9))       # the hex's one shot (6.3)
    assert "de-1" in play.g.position.eliminated and steps(play, "de-2") == [3]


def test_the_hidden_units_of_a_hex_are_one_target_and_a_face_up_unit_its_own_6_3_6_31():
    """6.0, 6.3: units fire indicating their target hex (or target unit if face-up): the two hidden units
    of C2 are one shot at the hex, offered once (naming the first of them); the face-up IN of D2 and the
    hidden MG beside it are two shots, at the unit and at the hex."""
    play = Game(fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-1", "rifle", "B2", 4, False)],
                             [("de-1", "rifle", "C2", 2, True), ("de-2", "mg", "C2", 3, True),
                              ("de-3", "rifle", "D2", 2, False), ("de-4", "mg", "D2", 2, True)]))
    play("activate", "us-hq")
    shots = sorted(c.target for c in legal_actions(play.g) if c.unit == "us-1" and c.kind == "fire")
    assert shots == ["de-1", "de-3", "de-4"]


@pytest.mark.parametrize("ties, taken", [("first", [2, 3]), ("last", [3, 2])])
def test_the_line_of_sight_example_mortar_fires_at_hex_b_diagram_4(ties, taken):
    """The Line of Sight example (Diagram 4): neither American unit on the hill is face-up, so they cannot be
    targeted individually; the mortar's one hit may be taken on either (both strength 3), the owner's choice
    (option hex-fire-ties: here the IN 3 listed first, or the MG); then IN 3 fires on hex B, its one hit taken
    on the stronger MG 3 (the first case; the second: the IN, now the stronger)."""
    s = fog_scenario([("us-in", "rifle", "C2", 3, True), ("us-mg", "mg", "C2", 3, True)],
                     [("de-hq", "hq", "A2", 0, False), ("de-mo", "mortar", "A1", 3, False),
                      ("de-in", "rifle", "B2", 3, False)], first="German", options={"hex-fire-ties": ties})
    play = Game(s)
    play("activate", "de-hq")
    (shot,) = play("fire", "de-mo", target="us-in", faces=(2, 9, 9))
    assert steps(play, "us-in", "us-mg") == taken and shot.rolls[0].rule == "Combat Infantry 6.6"
    play("fire", "de-in", target="us-in", faces=(1, 9, 9))
    assert steps(play, "us-in", "us-mg") == [2, 2]


def test_the_attack_answer_of_a_hidden_target_is_fire_at_its_hex_and_says_so_6_3():
    """The attack question's answer of a shot at a hidden unit names the hex fire (6.3, 6.31) and the
    owner's choice it rests on; its hex answer is combat.fire_at_hex of the hex's units."""
    m = tiny_map("ci", 3, 1, units=[("us", "US", "rifle", "A1", {"strength": 4}),
                                    ("de-1", "German", "rifle", "B1", {"strength": 2, "tags": ["hidden"]}),
                                    ("de-t", "German", "tank", "B1", {"strength": 2})])
    fire = m.game.fire_rules()
    a = fire.attack(m, m.unit("us"), m.unit("de-1"))
    assert any(r.startswith("Combat Infantry 6.3, 6.31: de-1 is not face-up: fire at hex B1") for r in a.rules)
    assert "hex-fire-ties" in {x.option for x in a.assumptions}
    f = hex_fire(m, m.unit("us"), m.unit("de-1"), a)
    assert f.excluded == ("de-t",) and f.units == ("de-1", "de-t")
    assert f.outcomes == fire_at_hex(4, 2, [HexUnit(2), HexUnit(2, "tank", 5)])
    assert f.hits.mean() == a.expected and 1 - f.hits[0] == a.p_hit
    targeted = fire.attack(m, m.unit("us"), m.unit("de-t"))
    assert not targeted and targeted.rule == "Combat Infantry 6.32"          # face-up: F2 - AC5, no fire
    assert not any("6.3, 6.31" in r for r in fire.attack(m, m.unit("de-t"), m.unit("us")).rules)


def test_hex_fire_outcomes_in_play_fit_the_exact_odds():
    """Goodness of fit: 1500 shots of a 4F2 squad at a town hex of a hidden IN 2 holding a half-hit and a
    hidden MG 3, resolved by the turn rules with seeded dice, against the hex answer's exact outcome
    distribution."""
    s = fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-1", "rifle", "B2", 4, False)],
                     [("de-1", "rifle", "C2", 2, True, "half-hit"), ("de-2", "mg", "C2", 3, True)],
                     terrain={"C2": "town"})
    g = start(s)
    m, rules = g.map, g.rules
    a = m.game.fire_rules().attack(m, m.unit("us-1"), m.unit("de-1"))
    answer = hex_fire(m, m.unit("us-1"), m.unit("de-1"), a)
    dice = RngDice(np.random.default_rng(5))
    seen = []
    for _ in range(1500):
        res = rules.resolve_fire(m, m.unit("us-1"), m.unit("de-1"), a, dice, g.turn)
        seen.append(_hex_after(m, answer, res))
    probabilities = {o: p for o, p in answer.outcomes.items}
    assert len(probabilities) >= 5 and answer.d2 and answer.before[0].half_hit
    assert goodness_of_fit(seen, probabilities) > 0.001


def _hex_after(m, answer, res):
    """The hex's units as :class:`HexUnit` after resolution ``res`` on ``m`` (``answer.units`` order)."""
    units = {u.id: u for u in m.units}
    out = []
    for uid, before in zip(answer.units, answer.before):
        strength, half = before.strength, "half-hit" in units[uid].tags
        for ch in res.changes:
            if ch.unit != uid:
                continue
            if ch.eliminated:
                strength, half = 0, False
            elif ch.strength is not None:
                strength = ch.strength
            if "half-hit" in ch.add:
                half = True
            if "half-hit" in ch.remove:
                half = False
        out.append(HexUnit(strength, before.kind, before.armor, half and strength > 0))
    return tuple(out)


# --- composed: seeded playouts on random boards ---------------------------------------------------
def fog_board(seed: int):
    """A random 5 x 4 Combat Infantry board (town, farm: D2), two sides of an HQ and five units (rifle
    squads, an MG, a mortar, a tank), two or three a hex, most of them set up hidden."""
    rng = random.Random(seed)
    cells = [f"{chr(65 + c)}{r + 1}" for c in range(5) for r in range(4)]
    terrain = {c: rng.choice(("town", "farm")) for c in rng.sample(cells, 6)}
    units = {}
    for side, cols in (("US", "AB"), ("German", "DE")):
        spots = rng.sample([c for c in cells if c[0] in cols], 3)
        kinds = ["hq", "rifle", "rifle", "mg", rng.choice(("mortar", "tank")), "rifle"]
        units[side] = [{"id": f"{side.lower()}-{i}", "type": t, "cell": spots[min(i // 2, 2)],
                        **({"steps": rng.randint(1, 3)} if t != "hq" else {}), "hidden": rng.random() < 0.8}
                       for i, t in enumerate(kinds)]
    data = {"format": "wartools-scenario/1", "name": f"fog {seed}", "game": "combat-infantry", "turns": 2,
            "first": "US", "map": tiny_map_data("combat-infantry", 5, 4, terrain=terrain, name="random"),
            "sides": {side: {"units": u} for side, u in units.items()},
            "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}
    return loads_scenario(yaml.safe_dump(data))


def _check_hex_fire(g, c, nxt, act):
    """A shot at a hidden unit: the board it left is the hex answer's outcome for the hits rolled, and for
    every number of hits the answer gives, the turn rules' resolution (scripted faces) leaves the hex as the
    answer says; the firer is face-up after. Returns whether it was fire at a hex."""
    m = g.map
    attacker, target = m.unit(c.unit), m.unit(c.target)
    assert "hidden" not in nxt.position.units[c.unit].tags if c.unit in nxt.position.units else True
    if "hidden" not in target.tags:
        return False
    answer = hex_fire(m, attacker, target, c.attack)
    n = int(c.attack.inputs["dice"])
    hq_falls = [i for i, u in enumerate(answer.before) if u.kind == "hq"]   # then 4.4 promotes it: not the shot's
    for hits, p in answer.hits.items:
        faces = (1,) * hits + (9,) * (n - hits)
        if any(answer.after(hits)[i].strength == 0 for i in hq_falls):
            continue
        if p == 0 or (attacker.type == "mortar" and 9 <= int(c.attack.inputs["firepower"]) + int(
                c.attack.inputs.get("modifier", 0))):
            continue
        res = g.rules.resolve_fire(m, attacker, target, c.attack, ScriptedDice(list(faces)), g.turn)
        assert _hex_after(m, answer, res) == answer.after(hits)
    rolled = int(act.rolls[0].value)
    assert act.rolls[0].p == answer.hits[rolled] or attacker.type == "mortar"
    got = []
    for uid, before in zip(answer.units, answer.before):
        st = nxt.position.units.get(uid)
        got.append(HexUnit(0 if st is None else st.steps, before.kind, before.armor,
                           st is not None and "half-hit" in st.tags))
    want = answer.after(rolled)
    if nxt.turn.active is None or nxt.turn.turn != g.turn.turn:   # the activation closed: half-hits recovered
        want = tuple(HexUnit(u.strength, u.kind, u.armor, False) for u in want)
        got = [HexUnit(u.strength, u.kind, u.armor, False) for u in got]
    assert tuple(got) == want or any(want[i].strength == 0 for i in hq_falls), (got, want)
    return True


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_seeded_playouts_fire_at_hexes_by_the_single_answer_and_turn_units_upright(bot):
    hexes = upright = 0
    for seed in range(20):
        s = fog_board(seed)
        g = start(s)
        chooser = find_bot(bot)
        rng = np.random.default_rng(seed)
        dice = RngDice(rng)
        while not g.over:
            legal = legal_actions(g)
            c = legal[chooser.choose(g, legal, rng).index]
            check_playout_action(g, c)
            nxt, acts, ended = step(g, c, dice)
            if c.expands == "fire":
                hexes += _check_hex_fire(g, c, nxt, acts[0])
            for _, p in ended:
                if not p.ended:
                    assert all("hidden" in st.tags for uid, st in p.units.items() if s.unit(uid).type != "tank")
                    upright += 1
            g = nxt
    assert hexes >= 5 and upright >= 20


def test_a_fog_of_war_record_replays_to_the_same_positions():
    at_hexes = 0
    for seed in range(4):
        s = fog_board(seed)
        rec = playout(s, ["greedy", "greedy"], seed=seed)
        at_hexes += any("(6.3)" in e for a in rec.actions for e in a.effects)
        assert replay(rec).final == rec.turn_ends[-1].position
    assert at_hexes >= 2
