"""Rulebook examples of play, replayed as records (issue 22).

Combat Infantry's Fire Example (Diagram 3), the American player turn: activation, a morale check out
of command, fire with D2 half-hits made whole or recovering (6.7), a rifle that may not fire at a tank
(6.32), the PHQ's one weapon (4.1); then the German turn and passes to the end of the game turn.
Its Command Range Example (Diagram 2): command range and a lake hexside (4.1), checks out of command
(4.3), two assaults with morale checks of 1-step defenders (9.2, 9.3). Its Assault on Caron Farm
(Diagram 6), the fire before the assault: a mortar's bombardment into a farm (6.6, 6.7).

Company of Heroes 4, the Maneuver Phase example (cp per turn and per unit), and 6, the Resolving
Damage Example (pooled damage, one defence die per AP point), both of its outcomes.

Heroes of Normandie 4.2, the Minefield example: one mine attack at the end of a move through three
mined squares.

Conflict of Heroes 3.1 (Figure 1): the German activates squad A and moves it forward one hex
for 1 AP (6 APs left) and ends his turn; the Soviet activates squad C, fires at A for its 4 APs
(3 left) and misses; the German then fires the fresh HMG B at C as an opportunity action,
which spends B for the round. The example's unit fires for 4 APs (each card prints its own
cost): option ``fire-ap`` 4. The misses are scripted dice; the record replays with them.
"""
from __future__ import annotations

from fractions import Fraction

from wartools.play import Record, TurnEnd, legal_actions, replay, start, step
from wartools.play.playout import scenario_identity
from wartools.rules.turn import ScriptedDice
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map_data

SCENARIO = {
    "format": "wartools-scenario/1", "name": "Conflict of Heroes 3.1, Figure 1 (our board)",
    "game": "conflict-of-heroes", "map": tiny_map_data("conflict-of-heroes", 7, 1), "turns": 1, "first": "German",
    "options": {"fire-ap": 4},
    "sides": {"German": {"units": [{"id": "squad-a", "type": "infantry", "cell": "A1"},
                                   {"id": "hmg-b", "type": "mg", "cell": "B1"}]},
              "Soviet": {"units": [{"id": "squad-c", "type": "infantry", "cell": "E1"}]}},
    "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
}


def _replays(s, g, actions):
    """The record of a one-turn example played to ``g`` by ``actions`` (a draw, no VP); it replays with
    the example's dice to the same final position."""
    path, digest = scenario_identity(s)
    record = Record(s, path, digest, (0, ()), dict.fromkeys(s.sides, "rulebook"), tuple(actions),
                    (TurnEnd(1, g.position),), "Draw", None, dict.fromkeys(s.sides, 0))
    assert replay(record, seeded=False).final == g.position
    return record


def _play(g, kind, unit, *, target=None, dest=None, faces=()):
    m = g.map
    for c in legal_actions(g):
        if (c.kind, c.unit, c.target) == (kind, unit, target) and (dest is None or c.dest == m.cell(dest)):
            return step(g, c, ScriptedDice(list(faces)))
    raise AssertionError(f"{kind} {unit} is not legal: {[c.text(m) for c in legal_actions(g)]}")


def test_conflict_of_heroes_3_1_opportunity_fire_example_replays_as_a_record():
    import yaml

    s = loads_scenario(yaml.safe_dump(SCENARIO))
    g = start(s)
    actions = []
    g, acts, _ = _play(g, "activate-step", "squad-a", dest="B1")          # forward one hex, 1 AP
    actions += acts
    assert g.turn.activated["German"] == ("squad-a", 6) and g.side == "Soviet"
    g, acts, _ = _play(g, "activate-fire", "squad-c", target="squad-a", faces=(1, 1))   # 2D6 = 2: a miss
    actions += acts
    assert acts[0].effects[0].endswith("miss") and g.turn.activated["Soviet"] == ("squad-c", 3)
    assert g.turn.activated["German"] == ("squad-a", 6)                  # both sides have a unit activated
    g, acts, _ = _play(g, "opportunity-fire", "hmg-b", target="squad-c", faces=(1, 2))
    actions += acts
    assert "hmg-b" in g.turn.acted                                       # spent by its opportunity action
    assert g.turn.activated == {"German": ("squad-a", 6), "Soviet": ("squad-c", 3)}   # A keeps its 6 APs
    for kind in ("pass", "pass"):                                        # both pass: the round is over
        g, acts, ended = _play(g, kind, None)
        actions += acts
    assert g.over and ended
    _replays(s, g, actions)


def test_conflict_of_heroes_the_round_ends_when_both_pass_one_after_the_other_and_units_are_fresh_again_2_3():
    """Conflict of Heroes 2.3: the round ends when both players, one turn after the other, pass; a pass
    answered by an action does not end it. Then the pre-round sequence (1.0, Flip Counters): the Soviet
    squad, spent by its owner's pass (2.2), is fresh in round 2 and may be activated again."""
    import yaml

    s = loads_scenario(yaml.safe_dump({**SCENARIO, "turns": 2}))
    g = start(s)
    g, _, _ = _play(g, "pass", None)
    g, _, _ = _play(g, "activate-step", "squad-c", dest="D1")
    g, _, ended = _play(g, "pass", None)
    assert (g.turn.turn, ended, g.turn.activated) == (1, [], {"Soviet": ("squad-c", 6)})     # pass, act, pass
    g, acts, ended = _play(g, "pass", None, faces=(1, 1, 6, 6))      # both in a row; round 2's initiative
    assert g.turn.turn == 2 and [t for t, _ in ended] == [1] and acts[1].kind == "first-player"
    assert g.side == "Soviet" and g.turn.acted == frozenset()
    assert {"activate-step", "activate-fire", "opportunity-fire"} <= {c.kind for c in legal_actions(g)
                                                                     if c.unit == "squad-c"}


def test_conflict_of_heroes_3_21_caps_supplement_the_aps_of_an_activated_unit():
    """Conflict of Heroes 3.21, its example continuing Figure 1: squad C has 3 APs left and needs 4 to
    fire again; with 5 CAPs for the round it fires paying its 3 APs and 1 CAP, leaving 4 CAPs, and having
    spent all its APs it is spent. (The German's opportunity shot of the Figure 1 example comes before.)"""
    import yaml

    data = {**SCENARIO, "sides": {**SCENARIO["sides"],
                                  "Soviet": {**SCENARIO["sides"]["Soviet"], "resources": {"caps": 5}}}}
    s = loads_scenario(yaml.safe_dump(data))
    g = start(s)
    actions = []
    for kind, unit, kw in (("activate-step", "squad-a", {"dest": "B1"}),
                           ("activate-fire", "squad-c", {"target": "squad-a", "faces": (1, 1)}),
                           ("opportunity-fire", "hmg-b", {"target": "squad-c", "faces": (1, 2)})):
        g, acts, _ = _play(g, kind, unit, **kw)
        actions += acts
    assert g.turn.activated["Soviet"] == ("squad-c", 3) and g.turn.resources["Soviet"]["caps"] == 5
    g, acts, _ = _play(g, "fire", "squad-c", target="squad-a", faces=(1, 1))
    actions += acts
    assert "3.21" in acts[0].rule and g.turn.resources["Soviet"]["caps"] == 4
    assert "squad-c" in g.turn.acted and "Soviet" not in g.turn.activated       # all its APs spent: spent
    for kind in ("pass", "pass"):
        g, acts, _ = _play(g, kind, None)
        actions += acts
    _replays(s, g, actions)


def test_conflict_of_heroes_a_hit_marks_the_unit_and_a_second_destroys_it_or_every_hit_destroys_an_option():
    """Conflict of Heroes (Game Overview): a hit draws a hit counter, whose effects the excerpt does not
    print; playouts read it by option ``hit-counter``: by default a first hit marks the unit hit and a hit
    on a unit already hit destroys it; with ``destroyed`` every hit destroys. (Shots of 3 APs, option
    ``fire-ap``, so that the Soviet squad fires twice; 2D6 = 12 hits.)"""
    import yaml

    for option, first, second in (("damaged", ("squad-a is hit",), ("squad-a eliminated",)),
                                  ("destroyed", ("squad-a eliminated",), None)):
        s = loads_scenario(yaml.safe_dump({**SCENARIO, "options": {"fire-ap": 3, "hit-counter": option}}))
        g = start(s)
        g, _, _ = _play(g, "pass", None)
        g, acts, _ = _play(g, "activate-fire", "squad-c", target="squad-a", faces=(6, 6))
        assert acts[0].effects[1:] == first
        if second is None:
            assert "squad-a" in g.position.eliminated
            continue
        assert "hit" in g.position.units["squad-a"].tags
        g, _, _ = _play(g, "pass", None)
        g, acts, _ = _play(g, "fire", "squad-c", target="squad-a", faces=(6, 6))          # its 4 APs left
        assert acts[0].effects[1:] == second and "squad-a" in g.position.eliminated
        assert any(a.option == "hit-counter" for a in s.game.turn_rules().assumptions())


def test_conflict_of_heroes_caps_reset_one_less_per_casualty():
    """Conflict of Heroes 1.0, the pre-round sequence: Reset CAPs, deducting one per casualty (7.3). A
    German squad destroyed in round 1 (option ``hit-counter=destroyed``) leaves the German 4 of the
    firefight's 5 CAPs in round 2; the Soviet, who lost none, has all 3. The reading of a casualty is
    option ``cap-casualties``, named in the record's assumptions."""
    import yaml

    from wartools.play import playout

    data = {**SCENARIO, "turns": 2, "options": {"fire-ap": 4, "hit-counter": "destroyed"},
            "sides": {"German": {**SCENARIO["sides"]["German"], "resources": {"caps": 5}},
                      "Soviet": {**SCENARIO["sides"]["Soviet"], "resources": {"caps": 3}}}}
    s = loads_scenario(yaml.safe_dump(data))
    g = start(s)
    g, _, _ = _play(g, "pass", None)
    g, acts, _ = _play(g, "activate-fire", "squad-c", target="squad-a", faces=(6, 6))
    assert "squad-a eliminated" in acts[0].effects
    g, _, _ = _play(g, "pass", None)
    g, _, _ = _play(g, "pass", None, faces=(6, 6, 1, 1))           # round 2's initiative: the German first
    assert g.position.turn == 2
    assert {k: v["caps"] for k, v in g.turn.resources.items()} == {"German": 4, "Soviet": 3}
    assert any(a.option == "cap-casualties" for a in playout(s, ["random", "random"], seed=1).assumptions)


# --- Combat Infantry: the Fire Example (Diagram 3, Defending St. Abyn) ---------------------------
#: our board for the example (the rulebook's map is not ours): the US PHQ in a cemetery with the
#: squads and weapons it commands around it; IN 4 out of command range across a bridge from the
#: German IN 2 in a wood (which US IN 2 faces across a river); the German tank in town and the second
#: German IN 2 beyond another bridge. Strengths and the morale 5 of IN 4 are the example's; the tank's
#: armor 3 too (F2 - 3 is no fire for a rifle squad; the AT gun's F5 - 3 = F2).
CI_FIRE_EXAMPLE = {
    "format": "wartools-scenario/1", "name": "Combat Infantry Fire Example (our board)",
    "game": "combat-infantry", "turns": 1, "first": "US",
    "map": tiny_map_data("combat-infantry", 6, 4, terrain={"C2": "cemetery", "D3": "woods", "E2": "town"},
                         edges={("C3", "D3"): "river", ("D3", "D4"): "bridge", ("D2", "E3"): "bridge"}),
    "sides": {"US": {"units": [{"id": "us-phq", "type": "hq", "cell": "C2"},
                               {"id": "us-in-2", "type": "rifle", "cell": "C3", "steps": 2},
                               {"id": "us-in-3", "type": "rifle", "cell": "D2", "steps": 3},
                               {"id": "us-in-4", "type": "rifle", "cell": "D4", "steps": 4, "tags": ["morale=5"]},
                               {"id": "us-at", "type": "at-gun", "cell": "D1", "steps": 3},
                               {"id": "us-mg", "type": "mg", "cell": "B2", "steps": 3}]},
              "German": {"units": [{"id": "de-phq", "type": "hq", "cell": "F1"},
                                   {"id": "de-in-wood", "type": "rifle", "cell": "D3", "steps": 2},
                                   {"id": "de-in-bridge", "type": "rifle", "cell": "E3", "steps": 2},
                                   {"id": "de-tank", "type": "tank", "cell": "E2", "tags": ["armor=3"]}]}},
    "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
}


def _kinds(g, unit):
    return {c.kind for c in legal_actions(g) if c.unit == unit}


def test_combat_infantry_fire_example_diagram_3_replays_as_a_record():
    """Combat Infantry's Fire Example (Diagram 3), the American player turn, with the example's dice:
    the PHQ activates (1.1); IN 4, out of command range, passes its morale 5 check with a 2 (4.3) and fires
    at F2 into the wood, one hit: a half-hit on the German IN 2, who has D2 there (6.7); IN 2 fires across
    the river, one hit, which makes the half-hit whole: the German IN 2 loses a step (6.7). IN 3 may not fire
    at the tank (F2 - armor 3, 6.32) and misses the other IN 2; the AT gun fires at the tank at F2 and hits
    once, a half-hit in town that is wasted when the activation ends (6.7); and the MG can no longer act,
    the PHQ having commanded its one weapon (1.1, 4.1). The faces of the fire rolls are ours where the
    example names only the hits. Then the German PHQ activates, its IN 2 at the bridge passes a check out of
    command and moves away, and both sides pass their remaining player turns (1.0)."""
    import yaml

    s = loads_scenario(yaml.safe_dump(CI_FIRE_EXAMPLE))
    g = start(s)
    actions = []

    def play(kind, unit, **kw):
        nonlocal g
        g, acts, ended = _play(g, kind, unit, **kw)
        actions.extend(acts)
        return acts[0], ended

    play("activate", "us-phq")
    assert set(g.turn.commanded) == {"us-in-2", "us-in-3", "us-at", "us-mg"}        # IN 4 is out of range
    act, _ = play("command-check", "us-in-4", faces=(2,))
    assert act.rolls[0].p == Fraction(1, 2) and "passes" in act.effects[0]       # 2 <= morale 5
    act, _ = play("fire", "us-in-4", target="de-in-wood", faces=(1, 5, 8, 6))
    wood = g.position.units["de-in-wood"]
    assert act.rolls[0].value == 1 and (wood.steps, "half-hit" in wood.tags) == (2, True)
    act, _ = play("fire", "us-in-2", target="de-in-wood", faces=(2, 9))
    wood = g.position.units["de-in-wood"]
    assert act.rolls[0].value == 1 and (wood.steps, "half-hit" in wood.tags) == (1, False)
    tank = s.map_at(g.position).unit("de-tank")
    refused = s.game.fire_rules().attack(g.map, g.map.unit("us-in-3"), tank, g.board.situation)
    assert not refused and "6.32" in refused.rule
    assert not any(c.target == "de-tank" for c in legal_actions(g) if c.unit == "us-in-3")
    act, _ = play("fire", "us-in-3", target="de-in-bridge", faces=(5, 7, 10))
    assert act.rolls[0].value == 0 and g.position.units["de-in-bridge"].steps == 2
    assert "move" in _kinds(g, "us-mg")                                          # the one weapon not yet used
    act, _ = play("fire", "us-at", target="de-tank", faces=(2, 7, 9))
    assert "at F2" in act.rolls[0].what and act.rolls[0].value == 1 and "half-hit" in g.position.units["de-tank"].tags
    assert _kinds(g, "us-mg") == set()                                           # the PHQ's one weapon has acted
    act, _ = play("end", "us-phq")
    assert "de-tank recovers its half-hit (6.7)" in act.effects
    assert "half-hit" not in g.position.units["de-tank"].tags and g.position.units["de-tank"].steps == 2
    assert g.side == "German"
    play("activate", "de-phq")
    play("command-check", "de-in-bridge", faces=(3,))
    play("move", "de-in-bridge", dest="F3")
    while not g.over:                                                            # the remaining player turns
        play("end" if g.turn.active else "pass", g.turn.active)
    _replays(s, g, actions)
    assert g.position.units["de-in-wood"].steps == 1 and g.position.units["de-in-bridge"].cell == s.map.cell("F3")


#: our board for the Assault on Caron Farm (Diagram 6): the German PHQ and Mortar 3 in B1, IN 2 in C1
#: (commanded: adjacent), the American IN 3 and MG 2 in the farm of D1, two hexes from the mortar
CI_CARON_FARM = {
    "format": "wartools-scenario/1", "name": "Combat Infantry Assault on Caron Farm (our board)",
    "game": "combat-infantry", "turns": 1, "first": "German",
    "map": tiny_map_data("combat-infantry", 6, 1, terrain={"D1": "farm"}),
    "sides": {"German": {"units": [{"id": "de-phq", "type": "hq", "cell": "B1"},
                                   {"id": "de-mortar", "type": "mortar", "cell": "B1", "steps": 3},
                                   {"id": "de-in-2", "type": "rifle", "cell": "C1", "steps": 2}]},
              "US": {"units": [{"id": "us-in-3", "type": "rifle", "cell": "D1", "steps": 3},
                               {"id": "us-mg", "type": "mg", "cell": "D1", "steps": 2}]}},
    "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
}


def test_combat_infantry_caron_farm_bombardment_diagram_6_replays_as_a_record():
    """Combat Infantry's Assault on Caron Farm (Diagram 6), its fire: the German PHQ activates; Mortar 3
    bombards the farm with its own LOS, over the friendly IN 2 (6.6), and rolls 2-4-7 at F4: two hits, one
    step off IN 3 for the farm's D2 (6.7, 3.4 Farm: D2 against bombardment), and no 0 that would hit IN 2,
    adjacent to the farm (6.63); IN 2 fires, one hit, a
    half-hit that is lost when the activation ends (6.7). The example's targets are a hex of face-down
    units (hits to the strongest, 6.3): a playout targets the unit (6.31), the strongest. The example's
    assault by two squads is played in tests/test_combat_infantry_assaults_in_play.py (Diagram 6, the assault)."""
    import yaml

    s = loads_scenario(yaml.safe_dump(CI_CARON_FARM))
    g = start(s)
    actions = []

    def play(kind, unit, **kw):
        nonlocal g
        g, acts, ended = _play(g, kind, unit, **kw)
        actions.extend(acts)
        return acts[0]

    play("activate", "de-phq")
    act = play("fire", "de-mortar", target="us-in-3", faces=(2, 4, 7))
    roll = act.rolls[0]
    # IN 2 stands adjacent to the farm, so the 7 is also no 0 (no friendly hit, 6.63): 3 x (4/10)^2 x 5/10
    assert (roll.rule, roll.value, roll.p) == ("Combat Infantry 6.6", 2, Fraction(3 * 16 * 5, 1000))
    assert g.position.units["us-in-3"].steps == 2 and "half-hit" not in g.position.units["us-in-3"].tags
    act = play("fire", "de-in-2", target="us-in-3", faces=(2, 8))
    assert act.rolls[0].value == 1 and "half-hit" in g.position.units["us-in-3"].tags
    act = play("end", "de-phq")
    assert "us-in-3 recovers its half-hit (6.7)" in act.effects and g.position.units["us-in-3"].steps == 2
    while not g.over:
        play("end" if g.turn.active else "pass", g.turn.active)
    _replays(s, g, actions)


# --- Company of Heroes: the Maneuver Phase example (4) and the Resolving Damage Example (6) -------
def _coh(units, first="US", name="Company of Heroes example (our board)"):
    import yaml

    sides: dict = {}
    for uid, side, utype, cell in units:
        sides.setdefault(side, {"units": []})["units"].append({"id": uid, "type": utype, "cell": cell})
    return loads_scenario(yaml.safe_dump({
        "format": "wartools-scenario/1", "name": name, "game": "company-of-heroes",
        "map": tiny_map_data("company-of-heroes", 7, 3), "turns": 1, "first": first, "sides": sides,
        "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}))


def _finish(s, g, actions):
    """Every side forfeits what is left of the round; the record of ``actions`` replays to the end."""
    while not g.over:
        g, acts, _ = _play(g, "end", None)
        actions.extend(acts)
    _replays(s, g, actions)
    return g


def test_company_of_heroes_maneuver_example_replays_as_a_record():
    """Company of Heroes 4 (Basic Movement), the example: Player One spends two cp moving an infantry
    squad and one moving a jeep, and his turn is over (three cp a turn); the opponent spends one cp on a
    tank and forfeits the other two; in Player One's second turn the squad moves again for one cp, and
    having spent three cp this round it may not move again in the maneuver phase. (The example's jeep
    also uses its speed die: speed dice are not played, said in the turn rules' assumptions.)"""
    s = _coh([("us-rifles", "US", "infantry", "A2"), ("us-jeep", "US", "light-vehicle", "A1"),
              ("de-tank", "Wehrmacht", "heavy-vehicle", "G2")])
    g = start(s)
    actions = []
    for kind, unit, dest, side_after in (("move", "us-rifles", "C2", "US"), ("move", "us-jeep", "B1", "Wehrmacht"),
                                         ("move", "de-tank", "F2", "Wehrmacht"), ("end", None, None, "US"),
                                         ("move", "us-rifles", "D2", "US")):
        g, acts, _ = _play(g, kind, unit, dest=dest)
        actions.extend(acts)
        assert g.side == side_after
    assert g.turn.spent["us-rifles"] == 3 and g.turn.budget == 2
    assert not [c for c in legal_actions(g) if c.unit == "us-rifles"]          # three cp spent this round
    assert any(c.unit == "us-jeep" for c in legal_actions(g))                  # the jeep has two cp left
    assert any(a.rule.startswith("Company of Heroes 4") and "speed dice" in a.reading
               for a in s.game.turn_rules().assumptions())
    g = _finish(s, g, actions)
    assert g.position.units["us-rifles"].cell == s.map.cell("D2")


def test_company_of_heroes_resolving_damage_example_replays_as_a_record_both_ways():
    """Company of Heroes 6, the Resolving Damage Example: a squad of riflemen, a squad of grenadiers
    (one AI each) and an Sd.Kfz. 222 (one AI and one AP) attack one infantry section: four damage dice,
    three AI laid down at once, and one defence die for the AP (a green unit rolls one per AP point): on a
    success the section keeps one health, on a failure it is destroyed. (The example's attackers are of
    two armies against a third; here they are one side's, which changes nothing of the damage.) Both
    outcomes are played with a defence face of each kind, after the attacks are declared in the damage
    phase (5) and resolved at once."""
    from wartools.games.company_of_heroes.combat import FACES
    from wartools.games.company_of_heroes.turn import FACE_ORDER

    units = [("de-riflemen", "Wehrmacht", "infantry", "B2"), ("de-grenadiers", "Wehrmacht", "infantry", "C1"),
             ("de-222", "Wehrmacht", "light-vehicle", "C3"), ("uk-section", "British", "infantry", "C2")]
    s = _coh(units, first="Wehrmacht")
    block = 1 + next(i for i, f in enumerate(FACE_ORDER) if FACES[f] != "red")
    miss = 1 + next(i for i, f in enumerate(FACE_ORDER) if FACES[f] == "red")
    for face, health in ((block, 1), (miss, 0)):
        g = start(s)
        actions = []
        while g.turn.phase == "maneuver":                       # nobody moves
            g, acts, _ = _play(g, "end", None)
            actions.extend(acts)
        for attacker in ("de-riflemen", "de-grenadiers", "de-222"):
            g, acts, _ = _play(g, "declare", attacker, target="uk-section")
            actions.extend(acts)
        g, acts, _ = _play(g, "end", None)                      # the Wehrmacht's damage is assigned
        actions.extend(acts)
        g, acts, _ = _play(g, "end", None, faces=(face,))       # the British assign none: all resolve at once
        actions.extend(acts)
        (roll,) = acts[1].rolls
        assert acts[1].kind == "resolve" and "3 AI, 1 AP, 1 defence dice" in roll.what.replace("AI=", "AI ")
        assert roll.value == 4 - health
        if health:
            assert g.position.units["uk-section"].health == 1 and acts[1].eliminated == ()
        else:
            assert "uk-section" in g.position.eliminated and acts[1].eliminated == ("uk-section",)
        _finish(s, g, actions)


# --- Heroes of Normandie: the Minefield example (4.2) ---------------------------------------------
def test_heroes_of_normandie_minefield_example_replays_as_a_record():
    """Heroes of Normandie 4.2 (Minefield), the example: an American unit crosses two mined squares and
    ends its move on a third, so one mine attack is rolled at the end of the movement action: the die plus
    1 for each of the three counters, 4 + 1 + 1 + 1 = 7, at or over its Defense Value (7 here): 1 Hit and
    1 Suppressed marker. Each mined square adds 1 (option ``mine-value``, the example's counters; the map
    does not say which counter lies where), said in the record's assumptions. The unit has two health so
    that the hit leaves it on the board, Suppressed, as the example tells."""
    import yaml

    from wartools.games.heroes_of_normandie.combat import mine_attack

    s = loads_scenario(yaml.safe_dump({
        "format": "wartools-scenario/1", "name": "Heroes of Normandie 4.2 (our board)", "game": "heroes-of-normandie",
        "map": tiny_map_data("heroes-of-normandie", 6, 1, features={"B1": ["mine"], "C1": ["mine"], "D1": ["mine"]}),
        "turns": 1, "first": "US",
        "sides": {"US": {"units": [{"id": "us-1", "type": "infantry", "cell": "A1", "steps": 2,
                                    "tags": ["defense=7"]}]},
                  "German": {"units": [{"id": "de-1", "type": "infantry", "cell": "F1"}]}},
        "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}))
    g = start(s)
    g, acts, _ = _play(g, "move", "us-1", dest="D1", faces=(4,))
    actions = list(acts)
    (roll,) = acts[0].rolls
    odds = mine_attack([1, 1, 1], defense=7)
    assert acts[0].cells == ("A1", "B1", "C1", "D1") and roll.faces == (4,) and "d6 + 3 against 7" in roll.what
    assert (roll.value, roll.p, roll.expected) == (0, odds["hit"], 1 - odds["hit"])   # the mover's luck: no hit
    us = g.position.units["us-1"]
    assert (us.cell, us.health, "suppressed" in us.tags) == (s.map.cell("D1"), 1, True)
    assert acts[0].effects[1:] == ("the mines hit", "us-1 loses 1 health and is Suppressed")
    assert any(a.option == "mine-value" for a in s.game.turn_rules().assumptions())
    while not g.over:
        g, acts, _ = _play(g, "end" if g.turn.active else "pass", g.turn.active)
        actions.extend(acts)
    _replays(s, g, actions)


def test_company_of_heroes_every_side_assigns_damage_before_it_is_resolved():
    """Company of Heroes 5: damage is assigned by every team, then resolved at once; with three sides
    (the Resolving Damage Example's three armies) the third side declares too before anything resolves."""
    s = _coh([("us-1", "US", "infantry", "B2"), ("de-1", "Wehrmacht", "infantry", "D2"),
              ("uk-1", "British", "infantry", "C1")])
    g = start(s)
    while g.turn.phase == "maneuver":
        g, _, _ = _play(g, "end", None)
    declared = []
    while g.turn.phase == "damage":
        side = g.side
        shot = next((c for c in legal_actions(g) if c.kind == "declare"), None)
        if shot is not None and shot.unit not in {u for u, _ in g.turn.pending}:
            g, _, _ = step(g, shot, ScriptedDice([]))
            declared.append(side)
            continue
        g, _, _ = _play(g, "end", None, faces=(1,) * 8)
    assert sorted(set(declared)) == sorted(s.sides)                 # all three sides assigned damage


# --- Combat Infantry: the Command Range Example (Diagram 2) ---------------------------------------
CI_COMMAND_EXAMPLE = {
    "format": "wartools-scenario/1", "name": "Combat Infantry Command Range Example (our board)",
    "game": "combat-infantry", "turns": 1, "first": "German",
    "options": {"setup-upright": False},        # 4.1's note: all units are face-up in diagrams for clarity
    "map": tiny_map_data("combat-infantry", 7, 5, edges={("D2", "E2"): "lake"}),
    "sides": {"German": {"units": [{"id": "de-phq", "type": "hq", "cell": "E2"},
                                   {"id": "de-in-3", "type": "rifle", "cell": "F2", "steps": 3},
                                   {"id": "de-in-2", "type": "rifle", "cell": "D2", "steps": 2},
                                   {"id": "de-in-1", "type": "rifle", "cell": "D3", "steps": 1}]},
              "US": {"units": [{"id": "us-phq", "type": "hq", "cell": "B2"},
                               {"id": "us-mg", "type": "mg", "cell": "C2", "steps": 2},
                               {"id": "us-in-4", "type": "rifle", "cell": "C3", "steps": 4},
                               {"id": "us-in-2", "type": "rifle", "cell": "E3", "steps": 2},
                               {"id": "us-in-3", "type": "rifle", "cell": "E4", "steps": 3}]}},
    "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
}


def test_combat_infantry_command_range_example_diagram_2_replays_as_a_record():
    """Combat Infantry's Command Range Example (Diagram 2), with dice for the outcomes it tells. German:
    the PHQ commands only the adjacent IN 3 (4.1: the adjacent IN 2 is behind a lake hexside, impassable,
    and the IN 1 at the bridge is not adjacent), which fires and misses; the PHQ fires and misses (its
    action ends the activation, 4.2). American: the MG hits the German IN 2 once; IN 2, out of command,
    fails its check and may not act (4.3); IN 3 passes and moves into an assault on the IN 1 at the bridge;
    IN 4 moves into an assault on the German IN 2 (now IN 1), and the PHQ, which deployed into IN 4's hex
    as it activated (4.2: one hex, into a friendly hex across a clear hexside) and commanded the same units
    from there, joins that assault as its own action, which ends the activation (4.2). Then the two
    assaults are fought, one by one (1.3, 9.1): at D2 the German IN 1 passes its morale check, fires and
    misses, the PHQ misses and IN 4's one hit ends the assault (9.2); the winners regroup before the next
    assault is fought (9.5): the PHQ stays and IN 4 regroups forward to join the IN 2 (an adjacent friendly
    hex with room, across a clear hexside). Then at the bridge the IN 1 fails its morale check in round 1
    and is disrupted (9.3) while IN 3 scores the hit that eliminates it, and IN 3 stays. Then both sides
    pass their remaining player turns."""
    import yaml

    s = loads_scenario(yaml.safe_dump(CI_COMMAND_EXAMPLE))
    g = start(s)
    actions = []

    def play(kind, unit, **kw):
        nonlocal g
        g, acts, _ = _play(g, kind, unit, **kw)
        actions.extend(acts)
        return acts[0]

    play("activate", "de-phq")
    assert g.turn.commanded == ("de-in-3",)                                     # the lake and the distance
    assert _kinds(g, "de-in-2") == {"command-check"} == _kinds(g, "de-in-1")    # they may act on a check
    assert play("fire", "de-in-3", target="us-in-2", faces=(5, 8, 10)).rolls[0].value == 0
    assert play("fire", "de-phq", target="us-in-2", faces=(7,)).rolls[0].value == 0
    assert g.side == "US" and g.turn.active is None                            # the PHQ acted last
    play("deploy", "us-phq", dest="C3")
    assert g.position.units["us-phq"].cell == s.map.cell("C3") and g.turn.active == "us-phq"
    assert set(g.turn.commanded) == {"us-mg", "us-in-4"}
    assert play("fire", "us-mg", target="de-in-2", faces=(2, 8)).rolls[0].value == 1
    assert g.position.units["de-in-2"].steps == 1
    assert "fails" in play("command-check", "us-in-2", faces=(8,)).effects[0]
    assert _kinds(g, "us-in-2") == set()                                        # face-down: no action
    assert "passes" in play("command-check", "us-in-3", faces=(4,)).effects[0]
    bridge = play("assault", "us-in-3", dest="D3")
    assert bridge.rolls == () and g.position.units["us-in-3"].cell == s.map.cell("D3")   # fought later (9.1)
    assert play("assault", "us-in-4", dest="D2").rolls == ()
    first = play("assault", "us-phq", dest="D2", faces=(3, 8, 7, 2, 6, 7, 9))
    assert [r.what for r in first.rolls] == ["us-phq, us-in-4 assault D2 (de-in-2)"]
    assert "assault on D2: the attacker wins in round 1 (eliminated)" in first.effects
    assert first.eliminated == ("de-in-2",) and "us-phq, us-in-4 may regroup from D2 (9.5)" in first.effects
    assert g.turn.phase == "regroup" and g.side == "US" and g.turn.resume == "German"
    assert g.position.units["us-in-3"].tags == ("assaulting=E4",)             # the bridge waits (9.5)
    assert {s.map.label(c.dest) for c in legal_actions(g) if c.kind == "regroup"} == {"C2", "C3", "E3"}
    play("stay", "us-phq")
    both = play("regroup", "us-in-4", dest="E3", faces=(9, 1, 5, 7))          # forward, to join the IN 2
    assert both.cells == ("D2", "E3") and both.effects[0] == "us-in-4 regroups from D2 to E3 (9.5)"
    assert [r.what for r in both.rolls] == ["us-in-3 assaults D3 (de-in-1)"] and both.rolls[0].faces == (9, 1, 5, 7)
    assert "assault on D3: the attacker wins in round 1 (eliminated)" in both.effects
    assert both.eliminated == ("de-in-1",) and g.turn.phase == "regroup"
    play("stay", "us-in-3")
    assert g.turn.active is None and g.turn.phase == "player turns" and g.side == "German"
    assert g.position.units["us-in-4"].steps == 4 and g.position.units["us-in-4"].cell == s.map.cell("E3")
    assert g.position.units["us-phq"].cell == s.map.cell("D2")
    assert all(not u.tags for u in g.position.units.values())                  # no assault or regroup pending
    while not g.over:
        play("end" if g.turn.active else "pass", g.turn.active)
    record = _replays(s, g, actions)
    assert sorted(record.events()) == ["game turn 1: de-in-1 eliminated", "game turn 1: de-in-2 eliminated"]
