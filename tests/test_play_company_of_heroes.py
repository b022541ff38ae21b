"""Company of Heroes machine-gun pinning (7, Pinning (Machine Guns); 5, the damage phase's first step),
from the rule's text, in the single answers and in playouts (issue 22).

Each clause: green units only (regular infantry and weapon teams), not in buildings, machine-gun teams
immune, at the beginning of the damage phase before damage is assigned, the machine gun's target the only
unit it may attack this round, a pinned unit deals no damage, captures no control point, spends no cp and
does not move, but still rolls defence dice and spots, until the end of the round. Composed: playouts on
random boards whose generator places machine-gun teams, buildings and pinned units, every pin offered
equal to a loop over the pinning answer and every chosen action re-checked by the single answers; the
records replay.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
import yaml

from wartools.games.company_of_heroes.combat import resolve_damage
from wartools.games.company_of_heroes.los import spotted_cells
from wartools.games.company_of_heroes.pinning import PIN_RULE, Pin, pin, pin_targets, pinning_target
from wartools.movement import path
from wartools.games.company_of_heroes.turn import Turns
from wartools.play import find_bot, legal_actions, playout, replay, start, step
from wartools.play.engine import RngDice
from wartools.play.attacks import attack_on
from wartools.rules.turn import ScriptedDice
from wartools.scenario import end_turn, loads_scenario
from wartools.testing import tiny_map, tiny_map_data

DEPLOYED = {"tags": ["deployed"]}


def coh(cols, rows, units, **kw):
    return tiny_map("company-of-heroes", cols, rows, units=units, **kw)


# --- the round (3, 3.1) -------------------------------------------------------------------------------
def test_a_round_is_a_maneuver_then_a_damage_phase_and_the_first_team_switches_every_round_3_3_1():
    """Company of Heroes 3: a round has a maneuver, a damage and a supply phase, in that order; 4: three
    turns a team in the maneuver phase, alternating; 3.1: the next round the other team goes first, and
    turn order keeps switching at the beginning of each round. Three rounds of forfeits, far apart (no
    attack, no pin, no repair: the supply phase is resolved with the round's end)."""
    s = loads_scenario(yaml.safe_dump({
        "format": "wartools-scenario/1", "name": "Company of Heroes 3 (our board)", "game": "company-of-heroes",
        "map": tiny_map_data("company-of-heroes", 9, 1), "turns": 3, "first": "US",
        "sides": {"US": {"units": [{"id": "us-1", "type": "infantry", "cell": "A1"}]},
                  "Wehrmacht": {"units": [{"id": "de-1", "type": "infantry", "cell": "I1"}]}},
        "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}))
    g = start(s)
    seen: dict[int, list] = {}
    while not g.over:
        seen.setdefault(g.turn.turn, []).append((g.turn.phase, g.side))
        g, _, _ = step(g, next(c for c in legal_actions(g) if c.kind == "end"), ScriptedDice([]))
    for turn, first, second in ((1, "US", "Wehrmacht"), (2, "Wehrmacht", "US"), (3, "US", "Wehrmacht")):
        assert seen[turn] == [("maneuver", first), ("maneuver", second)] * 3 + [("damage", first), ("damage", second)]


# --- who pins whom (7) ------------------------------------------------------------------------------
def test_only_green_units_outside_buildings_and_not_machine_guns_are_pinned_7():
    """7: pinning is inflicted on green units (regular infantry and weapon teams); units in buildings
    cannot be pinned; machine-gun teams themselves cannot be pinned; and only machine-gun teams pin."""
    m = coh(5, 3, [("mg", "US", "mg-team", "B2", DEPLOYED), ("inf", "Wehrmacht", "infantry", "C2"),
                   ("mortar", "Wehrmacht", "mortar-team", "B1"), ("jeep", "Wehrmacht", "light-vehicle", "A2"),
                   ("de-mg", "Wehrmacht", "mg-team", "B3"), ("house", "Wehrmacht", "infantry", "C3"),
                   ("us-inf", "US", "infantry", "A3")], terrain={"C3": "building"})
    mg = m.unit("mg")
    got = {u.id: pin(m, mg, u) for u in m.units if u.side == "Wehrmacht"}
    assert isinstance(got["inf"], Pin) and isinstance(got["mortar"], Pin)          # regular infantry, weapon team
    assert "green" in got["jeep"].why and got["jeep"].rule == PIN_RULE
    assert got["de-mg"].why == "a machine-gun team cannot be pinned"
    assert got["house"].why == "a unit in a building cannot be pinned"
    assert pin(m, m.unit("us-inf"), m.unit("inf")).why == "only machine-gun teams pin"
    assert [p.target for p in pin_targets(m, mg)] == ["inf", "mortar"]
    assert got["inf"].attack == attack_on_map(m, "mg", "inf") and PIN_RULE in got["inf"].text()


def attack_on_map(m, a, t):
    return m.game.fire_rules().attack(m, m.unit(a), m.unit(t))


def test_a_machine_gun_pins_a_unit_within_range_that_it_sees_itself_7():
    """7: a machine gun chooses a unit within range, that it can see. A camouflaged sniper two hexes away
    with a US squad next to it may be attacked (the ally spots it, 7 Camouflage) but the machine gun does
    not see it itself, so it may not pin it; a squad three hexes away is out of range."""
    m = coh(6, 1, [("mg", "US", "mg-team", "A1", DEPLOYED), ("us", "US", "infantry", "B1"),
                   ("sniper", "Wehrmacht", "infantry", "C1", {"tags": ["camouflaged"]}),
                   ("far", "Wehrmacht", "infantry", "D1")])
    mg = m.unit("mg")
    assert attack_on_map(m, "mg", "sniper")                       # spotted by the adjacent ally
    refused = pin(m, mg, m.unit("sniper"))
    assert refused.kind == "spotting" and "does not see" in refused.why
    assert pin(m, mg, m.unit("far")).kind == "range"


def test_the_pinned_unit_is_the_one_the_machine_gun_attacks_an_option_7_5():
    """5 (1. Pin): machine-gun teams pin one valid target, the unit they will attack this round; so by
    default a packed-up team (which cannot attack, 4 Weapon Teams) does not pin, said in the answer's
    assumptions. The option pin-needs-attack off reads 7 alone: within range and seen."""
    units = [("mg", "US", "mg-team", "A1"), ("de", "Wehrmacht", "infantry", "B1")]
    m = coh(3, 1, units)
    refused = pin(m, m.unit("mg"), m.unit("de"))
    assert refused.kind == "deploy" and any(a.option == "pin-needs-attack" for a in refused.assumptions)
    loose = m.with_options(**{"pin-needs-attack": False})
    got = pin(loose, loose.unit("mg"), loose.unit("de"))
    assert isinstance(got, Pin) and got.attack is None
    assert "pin-needs-attack" in [a.option for a in got.assumptions]          # the LOS reading too


def test_with_pin_needs_attack_off_the_pin_itself_asks_range_one_pin_and_the_team_7():
    """7 read alone (option pin-needs-attack off, so no attack question stands in for these clauses): a unit
    within range (a machine gun that sees three hexes and fires two does not pin a squad three hexes away),
    one unit a round (a machine gun that pinned pins no other), and an enemy (nations of one team are not
    pinned by each other)."""
    teams = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}
    m = coh(5, 1, [("mg", "US", "mg-team", "A1", {"tags": ["deployed", "sight+1"]}),
                   ("tommy", "British", "infantry", "B1"), ("near", "Wehrmacht", "infantry", "C1"),
                   ("far", "Wehrmacht", "infantry", "D1")], teams=teams).with_options(**{"pin-needs-attack": False})
    mg = m.unit("mg")
    assert isinstance(pin(m, mg, m.unit("near")), Pin)
    assert pin(m, mg, m.unit("far")).kind == "range"
    assert "team" in pin(m, mg, m.unit("tommy")).why
    done = dataclasses.replace(mg, tags=(*mg.tags, "pinning=near"))
    assert pin(m, done, m.unit("near")).kind == "pinned" and "one unit" in pin(m, done, m.unit("far")).why


# --- what the status does in the single answers (7) --------------------------------------------------
def test_a_machine_gun_that_pinned_attacks_only_its_pinned_unit_7():
    """7: they can only attack the unit they selected to pin this round."""
    m = coh(4, 1, [("mg", "US", "mg-team", "A1", {"tags": ["deployed", "pinning=de-1"]}),
                   ("de-1", "Wehrmacht", "infantry", "B1"), ("de-2", "Wehrmacht", "infantry", "C1")])
    assert pinning_target(m.unit("mg")) == "de-1"
    assert attack_on_map(m, "mg", "de-1")
    refused = attack_on_map(m, "mg", "de-2")
    assert (refused.kind, refused.rule) == ("pinned", PIN_RULE) and "only it" in refused.why
    assert pin(m, m.unit("mg"), m.unit("de-2")).kind == "pinned"                # one pin a round


def test_a_pinned_unit_deals_no_damage_moves_not_captures_not_but_defends_and_spots_7():
    """7: a pinned unit cannot deal damage, capture control points, spend cp or move; it still receives
    defence dice and spots for allied units."""
    units = [("us", "US", "infantry", "B1"), ("de", "Wehrmacht", "infantry", "C1"),
             ("us-mortar", "US", "mortar-team", "A1", DEPLOYED)]
    free = coh(6, 2, units)
    m = coh(6, 2, [("us", "US", "infantry", "B1", {"tags": ["pinned"]}), *units[1:]])
    refused = attack_on_map(m, "us", "de")
    assert (refused.kind, refused.rule) == ("pinned", "Company of Heroes 7 (Pinning)")
    assert path(free, "B1", "B2").reachable
    assert "a pinned unit cannot move (Company of Heroes 7, Pinning)" in path(m, "B1", "B2").why_not
    assert spotted_cells(m, "US") == spotted_cells(free, "US")                    # it still spots
    on_pinned, on_free = attack_on_map(m, "de", "us"), attack_on_map(free, "de", "us")
    assert (on_pinned.p_hit, on_pinned.expected) == (on_free.p_hit, on_free.expected)   # same defence dice
    assert resolve_damage("infantry", {"AP": 2}, health=4).dice == 2
    rules = m.game.scenario_rules()
    cell = m.cell("B1")
    assert rules.capture(m, m.units, [cell], {}) == {cell: None}
    assert rules.capture(free, free.units, [cell], {}) == {cell: "US"}
    assert "us is pinned and cannot capture it (Company of Heroes 8, 7 Pinning)" in \
        rules.control(m, m.units, [cell], {})[cell].why


# --- the damage phase, played (5, 7) -----------------------------------------------------------------
def scenario(units, *, cols, rows, objectives=(), terrain=None, spawn=None):
    """A two-round scenario of ``units``; ``spawn`` each side's set-up (spawn) cells."""
    sides: dict = {}
    for uid, side, utype, cell, *rest in units:
        entry = {"id": uid, "type": utype, "cell": cell, **(rest[0] if rest else {})}
        sides.setdefault(side, {"units": []})["units"].append(entry)
    zones = {f"{side}-spawn": cells for side, cells in (spawn or {}).items()}
    for side in spawn or {}:
        sides[side]["setup"] = [f"{side}-spawn"]
    data = {"format": "wartools-scenario/1", "name": "pinning (test)", "game": "company-of-heroes",
            "map": tiny_map_data("company-of-heroes", cols, rows, terrain=terrain or {}, zones=zones), "turns": 2,
            "first": "US", "sides": sides, "objectives": [dict(o) for o in objectives],
            "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}
    return loads_scenario(yaml.safe_dump(data))


def _take(g, kind, unit=None, target=None, faces=()):
    for c in legal_actions(g):
        if (c.kind, c.unit, c.target) == (kind, unit, target):
            return step(g, c, ScriptedDice(list(faces)))
    raise AssertionError(f"{kind} {unit} {target}: {[c.text(g.map) for c in legal_actions(g)]}")


#: a deployed US machine gun next to two German squads, one on a control point (scenario data)
PINS = {"format": "wartools-scenario/1", "name": "pinning (test)", "game": "company-of-heroes",
        "map": tiny_map_data("company-of-heroes", 6, 2), "turns": 2, "first": "US",
        "sides": {"US": {"units": [{"id": "us-mg", "type": "mg-team", "cell": "A1", "tags": ["deployed"]},
                                   {"id": "us-inf", "type": "infantry", "cell": "A2"}]},
                  "Wehrmacht": {"units": [{"id": "de-inf", "type": "infantry", "cell": "C1"},
                                          {"id": "de-2", "type": "infantry", "cell": "C2"}]}},
        "objectives": [{"id": "hill", "cell": "C1", "value": 1}],
        "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}


def test_machine_guns_pin_before_damage_is_assigned_and_the_pins_last_the_round_5_7():
    """5: the damage phase's first step is the pin; 7: at the beginning of the damage phase, before damage is
    assigned. The US machine gun pins the German squad standing on the control point; the squad then
    declares no attack, the machine gun may declare only against it, the squad does not capture the point
    in the supply phase (8: pinned units cannot capture) and at the end of the round the pins are lifted:
    in round 2 it moves again."""
    s = loads_scenario(yaml.safe_dump(PINS))
    g = start(s)
    actions = []
    while g.turn.phase == "maneuver":
        g, acts, _ = _take(g, "end")
        actions += acts
    assert (g.turn.phase, g.side) == ("pin", "US")                         # before any damage is assigned
    offered = {c.target for c in legal_actions(g) if c.kind == "pin"}
    assert offered == {p.target for p in pin_targets(g.map, g.map.unit("us-mg"))} == {"de-inf", "de-2"}
    g, acts, _ = _take(g, "pin", "us-mg", "de-inf")
    actions += acts
    assert acts[0].rule == PIN_RULE and acts[0].target == "de-inf"
    assert (g.turn.phase, g.side) == ("damage", "US")        # the Wehrmacht has no machine gun: no pin step
    assert {c.target for c in legal_actions(g) if c.unit == "us-mg"} == {"de-inf"}
    g, acts, _ = _take(g, "end")
    actions += acts
    assert g.side == "Wehrmacht" and "de-inf" not in {c.unit for c in legal_actions(g)}
    g, acts, ended = _take(g, "end")
    actions += acts
    assert acts[-1].kind == "end-of-turn" and "pins lifted" in acts[-1].effects[0]
    assert ended[0][1].control.get("hill") is None                        # the pinned squad did not capture
    assert not any("pinned" in st.tags or pinning_target(g.map.unit(u)) for u, st in g.position.units.items())
    assert any(c.kind == "move" and c.unit == "de-inf" for c in legal_actions(g) if g.side == "Wehrmacht") \
        or g.side == "US"
    free = g.position
    assert end_turn(s, free).control.get("hill") == "Wehrmacht"          # unpinned, it captures


def test_a_record_with_pins_replays_on_the_command_line_7(tmp_path):
    """A pin is a recorded action citing 7 that ``wartools replay`` replays."""
    from hostile import run_cli

    from wartools.play import load_record

    scen = tmp_path / "pins.yaml"
    scen.write_text(yaml.safe_dump(PINS), encoding="utf-8")
    rec = tmp_path / "game.yaml"
    code, _, err = run_cli(["play", str(scen), "--bots", "greedy,greedy", "--seed", "1", "-o", str(rec)], seconds=120)
    assert code == 0, err
    pins = [a for a in load_record(str(rec)).actions if a.kind == "pin"]
    assert pins and all(a.rule == PIN_RULE and a.target for a in pins)
    code, out, err = run_cli(["replay", str(rec), "--json"], seconds=120)
    assert code == 0, err


# --- composed: playouts on random boards ------------------------------------------------------------
TYPES = ("infantry", "infantry", "mg-team", "mg-team", "mortar-team", "light-vehicle")


def random_scenario(seed: int):
    """A 5 x 2 board with buildings, machine-gun teams (some deployed), other units, some of them pinned
    (a position's pinned unit in round 1) or with the reinforce ability, a control point, and each side's
    spawn area (its units' cells and one more)."""
    rng = np.random.default_rng(seed)
    labels = [f"{chr(65 + c)}{r + 1}" for c in range(5) for r in range(2)]
    terrain = {str(lab): "building" for lab in rng.choice(labels, 2, replace=False)}
    units, cells = [], rng.choice(labels, 6, replace=False)
    for i, cell in enumerate(cells):
        side = ("US", "Wehrmacht")[i % 2]
        kind = TYPES[int(rng.integers(len(TYPES)))] if i > 1 else "mg-team"
        if terrain.get(cell) and kind not in ("infantry", "mg-team"):
            kind = "infantry"
        tags = [t for t, p in (("deployed", 0.8), ("pinned", 0.25), ("reinforce", 0.3)) if rng.random() < p
                and (t != "deployed" or kind in ("mg-team", "mortar-team")) and (t != "pinned" or kind != "mg-team")]
        units.append((f"u{i}", side, kind, str(cell), {"tags": tags}))
    spawn = {side: [u[3] for u in units if u[1] == side] + [str(rng.choice(labels))] for side in ("US", "Wehrmacht")}
    return scenario(units, cols=5, rows=2, terrain=terrain, spawn={k: sorted(set(v)) for k, v in spawn.items()},
                    objectives=[{"id": "point", "cell": str(rng.choice(labels)), "value": 1}])


class PinChecked:
    """A bot that checks the pins it is offered against a loop over the pinning answer, and every chosen
    action against the single answers, before another bot chooses."""

    def __init__(self, inner):
        self.inner = find_bot(inner)
        self.name = self.inner.name
        self.pins = 0

    def choose(self, g, legal, rng):
        m = g.map
        if g.turn.phase == "pin":
            offered = {(c.unit, c.target) for c in legal if c.kind == "pin"}
            loop = {(u.id, t.id) for u in m.units if u.side == g.side and not pinning_target(u)
                    for t in m.units if isinstance(pin(m, u, t), Pin)}
            assert offered == loop and offered
        choice = self.inner.choose(g, legal, rng)
        c = legal[choice.index]
        if c.kind == "pin":
            assert isinstance(pin(m, m.unit(c.unit), m.unit(c.target)), Pin)
            self.pins += 1
        if c.attack is not None:
            again = attack_on(g.board, m.unit(c.unit), m.unit(c.target))
            assert again is not None and again.expected == c.attack.expected
        if c.expands == "declare":
            u = m.unit(c.unit)
            assert "pinned" not in u.tags and pinning_target(u) in (None, c.target)
        if c.expands == "move":
            u = m.unit(c.unit)
            assert "pinned" not in u.tags and path(m, u.cell, c.dest, u.id).cost == c.cost
        return choice


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random")])
def test_playouts_on_random_boards_pin_by_the_pinning_answer_and_replay(bots):
    pins = 0
    for seed in range(6):
        s = random_scenario(seed)
        checked = [PinChecked(b) for b in bots]
        record = playout(s, checked, seed=seed)
        pins += sum(b.pins for b in checked)
        assert replay(record).final == record.final
        for end in record.turn_ends:     # every round ends with its pins lifted (7)
            assert not any("pinned" in st.tags or st.pins for st in end.position.units.values())
    assert pins >= 3


def test_a_positions_pins_count_is_lifted_at_the_end_of_the_round_7():
    """A position may record a unit's pins (the scenario format's ``pins``): the unit is pinned for the
    rest of the round and free after it. A pinned unit spends no cp (7): a pinned, packed-up mortar team is
    offered neither a move nor the deploy that costs one cp (4 Weapon Teams)."""
    s = scenario([("us", "US", "infantry", "A1"), ("us-mortar", "US", "mortar-team", "A2"),
                  ("de", "Wehrmacht", "infantry", "F2")], cols=6, rows=2)
    p = s.start()
    p = p.replace(units={**p.units, "us": dataclasses.replace(p.units["us"], pins=1),
                         "us-mortar": dataclasses.replace(p.units["us-mortar"], pins=1)})
    g = start(s, p)
    assert not any(c.unit in ("us", "us-mortar") for c in legal_actions(g))
    assert any(c.kind == "deploy" and c.unit == "us-mortar" for c in legal_actions(start(s)))     # unpinned, it may
    while g.position.turn == 1:
        g, _, _ = _take(g, "end")
    assert g.position.turn == 2 and not g.position.units["us"].pins and "pinned" not in g.map.unit("us").tags
    assert path(g.map, "A1", "B1").reachable


# --- reinforcement in the supply phase (8.2) -----------------------------------------------------------
def _turns(setup, **options):
    from wartools.games import find_game

    return find_game("coh").with_options(**options).turn_rules().with_setup(setup)


def _healed(m, rules, full):
    from wartools.rules.turn import TurnState

    state = TurnState(1, "supply", "US", "US", ("US", "British", "Wehrmacht"), full=full)
    return {ch.unit: ch.strength for ch in rules.end_of_turn(m, state, ScriptedDice([])).changes}


def test_reinforce_units_heal_adjacent_infantry_of_their_team_once_each_8_2():
    """8.2 Reinforce: units with the reinforce icon heal all damaged adjacent infantry one health, so a squad
    next to two of them heals twice, but never beyond its maximum health; nations of one team reinforce each
    other; no reinforcing from inside a building or into one. 7: a pinned unit uses no ability, but is
    still reinforced."""
    teams = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}
    units = [("rifles", "US", "infantry", "B2", {"strength": 1}), ("jeep", "US", "light-vehicle", "A2", ["reinforce"]),
             ("carrier", "British", "light-vehicle", "C2", ["reinforce"]),
             ("de-jeep", "Wehrmacht", "light-vehicle", "B3", ["reinforce"]),
             ("mortar", "US", "mortar-team", "A1", {"strength": 2}), ("tank", "US", "heavy-vehicle", "B1",
                                                                      {"strength": 3})]
    full = {"rifles": 4, "jeep": 4, "carrier": 4, "de-jeep": 4, "mortar": 3, "tank": 8}
    rules = _turns({})
    m = coh(4, 3, units, teams=teams)
    assert _healed(m, rules, full) == {"rifles": 3, "mortar": 3}       # twice; the mortar team once; no tank
    assert _healed(m, rules, {**full, "rifles": 2}) == {"rifles": 2, "mortar": 3}    # not beyond its maximum
    pinned = coh(4, 3, [(*units[0][:4], {"strength": 1, "tags": ["pinned"]}),
                        (*units[1][:4], ["reinforce", "pinned"]), *units[2:]], teams=teams)
    assert _healed(pinned, rules, full) == {"rifles": 2}     # the pinned jeep heals nobody, the pinned squad is healed
    house = coh(4, 3, units, teams=teams, terrain={"B2": "building"})
    assert "rifles" not in _healed(house, rules, full)
    from wartools.games.company_of_heroes.supply import reinforcement

    r = reinforcement(house, house.unit("rifles"), 4, frozenset())
    assert r.gained == 0 and "outside a building" in r.text() and "8.2" in r.text()


def test_infantry_on_its_teams_spawn_hex_reinforces_one_health_an_option_8_2():
    """8.2 Default Reinforcement Point: each hex of a team's spawn area is a reinforcement point; infantry on
    a spawn hex reinforces one health, up to its maximum. Our reading, option reinforce-any-spawn: a team's
    spawn hexes serve that team."""
    m = coh(4, 1, [("us", "US", "infantry", "A1", {"strength": 2}), ("de", "Wehrmacht", "infantry", "D1",
                                                                       {"strength": 1}),
                   ("us-2", "US", "infantry", "C1", {"strength": 1})])
    setup = {"US": frozenset({m.cell("A1")}), "Wehrmacht": frozenset({m.cell("C1")})}
    full = {"us": 4, "de": 3, "us-2": 4}
    assert _healed(m, _turns(setup), full) == {"us": 3}                   # us-2 stands on the enemy's spawn hex
    assert _healed(m, _turns(setup, **{"reinforce-any-spawn": True}), full) == {"us": 3, "us-2": 2}
    assert any(a.option == "reinforce-any-spawn" for a in _turns(setup).assumptions())


def oracle(m, full, setup):
    """8.2 read afresh: each damaged green unit gains one health per adjacent unpinned teammate tagged
    reinforce (neither of them in a building) and one on its own team's spawn hex, up to its maximum."""
    out = {}
    for u in m.units:
        if u.type not in ("infantry", "mg-team", "mortar-team", "at-team") or u.strength >= full[u.id]:
            continue
        team = m.allies(u.side)
        n = sum(1 for v in m.units if v.side in team and "reinforce" in v.tags and "pinned" not in v.tags
                and v.id != u.id and m.grid.distance(u.cell, v.cell) == 1
                and m.terrain_at(u.cell) != "building" and m.terrain_at(v.cell) != "building")
        n += any(u.cell in setup.get(s, ()) for s in team)
        if n:
            out[u.id] = min(full[u.id], u.strength + n)
    return out


class OracleTurns(Turns):
    """The game's turn rules, each round's reinforcement checked against the text read afresh."""

    checked = 0

    def end_of_turn(self, m, state, dice):
        res = super().end_of_turn(m, state, dice)
        assert {ch.unit: ch.strength for ch in res.changes} == oracle(m, state.full, self.setup)
        OracleTurns.checked += len(res.changes)
        return res


def test_playouts_on_random_boards_reinforce_as_the_text_read_afresh_8_2():
    bot = find_bot("random")
    for seed in range(6):
        s = random_scenario(seed)
        g, rng = start(s, rules=OracleTurns(s.game)), np.random.default_rng(seed)
        while not g.over:
            legal = legal_actions(g)
            g, _, _ = step(g, legal[bot.choose(g, legal, rng).index], RngDice(rng))
    assert OracleTurns.checked >= 3


def test_reinforcement_on_random_boards_is_the_rules_text_read_afresh_8_2():
    rng = np.random.default_rng(82)
    kinds = ("infantry", "mg-team", "mortar-team", "light-vehicle", "heavy-vehicle")
    for _ in range(30):
        labels = [f"{chr(65 + c)}{r + 1}" for c in range(4) for r in range(3)]
        terrain = {str(x): "building" for x in rng.choice(labels, 2, replace=False)}
        units, full = [], {}
        for i, cell in enumerate(rng.choice(labels, 7, replace=False)):
            kind = kinds[int(rng.integers(len(kinds)))]
            if terrain.get(str(cell)) and kind not in ("infantry", "mg-team"):
                kind = "infantry"
            full[f"u{i}"] = int(rng.integers(2, 6))
            tags = [t for t, p in (("reinforce", 0.4), ("pinned", 0.2)) if rng.random() < p]
            units.append((f"u{i}", ("US", "Wehrmacht")[i % 2], kind, str(cell),
                          {"strength": int(rng.integers(1, full[f"u{i}"] + 1)), "tags": tags}))
        m = coh(4, 3, units, terrain=terrain)
        setup = {side: frozenset(m.cell(x) for x in rng.choice(labels, 3, replace=False)) for side in ("US", "Wehrmacht")}
        assert _healed(m, _turns(setup), full) == oracle(m, full, setup)


def test_a_round_ends_with_its_infantry_reinforced_on_the_spawn_row_and_the_record_replays_8_2():
    """The played supply phase: a squad that lost health standing on its spawn row reinforces one health at the
    end of the round (8.2); the record replays."""
    data = {"format": "wartools-scenario/1", "name": "reinforcement (test)", "game": "company-of-heroes",
            "map": tiny_map_data("company-of-heroes", 5, 1, zones={"us-spawn": ["A1"], "de-spawn": ["E1"]}),
            "turns": 2, "first": "US",
            "sides": {"US": {"setup": ["us-spawn"], "units": [{"id": "us", "type": "infantry", "cell": "A1", "steps": 4}]},
                      "Wehrmacht": {"setup": ["de-spawn"],
                                    "units": [{"id": "de", "type": "infantry", "cell": "E1", "steps": 3}]}},
            "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}
    s = loads_scenario(yaml.safe_dump(data))
    p = s.start()
    p = p.replace(units={**p.units, "us": dataclasses.replace(p.units["us"], health=2),
                         "de": dataclasses.replace(p.units["de"], health=3)})
    g = start(s, p)
    actions = []
    while g.position.turn == 1:
        g, acts, _ = _take(g, "end")
        actions += acts
    assert (g.position.units["us"].health, g.position.units["de"].health) == (3, 3)
    assert any("us reinforces 1 health: a reinforcement point (A1)" in e for a in actions for e in a.effects)
    record = playout(s, ["random", "random"], seed=2, position=p)
    assert replay(record).final == record.final


def test_a_pin_tag_is_validated_strictly_in_scenarios_and_positions_7():
    """The status's tags are strict input: ``pinning=<id>`` belongs on a machine-gun team (7: machine guns
    pin) and names an enemy unit of the scenario; a bad one is one line naming the field."""
    from wartools.errors import WartoolsError
    from wartools.scenario import loads_position

    data = yaml.safe_load(yaml.safe_dump(PINS))
    data["sides"]["US"]["units"][0]["tags"] = ["deployed", "pinning=us-inf"]
    with pytest.raises(WartoolsError, match=r"sides\.US\.units\.0\.tags\.1: pinning=us-inf names no enemy unit"):
        loads_scenario(yaml.safe_dump(data))
    s = loads_scenario(yaml.safe_dump(PINS))
    units = "".join(f"  - {{id: {u}, cell: {c}{t}}}\n" for u, c, t in (
        ("us-mg", "A1", ", tags: [deployed, pinning=de-inf]"), ("us-inf", "A2", ", tags: [pinning=de-2]"),
        ("de-inf", "C1", ", pins: 1"), ("de-2", "C2", "")))
    with pytest.raises(WartoolsError, match=r"units\.1\.tags\.0: pinning=de-2: only a machine-gun team pins") as e:
        loads_position(f"format: wartools-position/1\nturn: 1\nunits:\n{units}", s)
    assert "\n" not in str(e.value)
    good = loads_position(f"format: wartools-position/1\nturn: 1\nunits:\n{units.replace(', tags: [pinning=de-2]', '')}", s)
    assert pinning_target(s.map_at(good).unit("us-mg")) == "de-inf" and "pinned" in s.map_at(good).unit("de-inf").tags
