"""Company of Heroes repair in the supply phase (8.2, Additional Supply Phase Events; the Supply Phase's
step 4, Repair & Reinforce), from the rule's text, in the single answer and in playouts.

Each clause: a unit with the repair icon (tag ``repair``) repairs one adjacent vehicle or emplacement one
health, its choice of one; not from inside a building or a vehicle; a pinned unit uses no ability (7);
no unit exceeds its maximum health; the readings (the team's other nations, the repairer itself) are
options. Composed: playouts on random boards, every repair offered equal to a loop over the repair answer
and to the text read afresh, none that the text allows left when the supply phase ends; the records
replay.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_play_company_of_heroes import OracleTurns, _take, coh, scenario

from wartools.games import find_game
from wartools.games.company_of_heroes.repair import RULE, repair
from wartools.play import find_bot, legal_actions, load_record, playout, replay, save_record, start, step
from wartools.play.engine import RngDice
from wartools.rules.turn import ScriptedDice

VEHICLES = ("light-vehicle", "heavy-vehicle", "emplacement")
#: a tank (health 8) and a squad with the repair ability next to it, in scenario data
TANK, ENG = ("tank", "US", "heavy-vehicle", "B1", {"steps": 8}), ("eng", "US", "infantry", "B2", {"tags": ["repair"]})


def damaged(s, **health):
    """The scenario's set-up with some units' health lowered."""
    p = s.start()
    return p.replace(units={**p.units, **{u: dataclasses.replace(p.units[u], health=h) for u, h in health.items()}})


def to_repairs(g):
    """Every side ends its turns, moving and attacking nothing, until the repairs or the round's end."""
    turn = g.position.turn
    while g.position.turn == turn and g.turn.phase != "repair":
        g, _, _ = _take(g, "end")
    return g


def repairs_offered(g):
    return {(c.unit, c.target) for c in legal_actions(g) if c.kind == "repair"}


# --- the single answer, clause by clause (8.2) ---------------------------------------------------------
#: (id, side, type, cell, health, maximum) around a repairer on B2 (B2's neighbours: A2 A3 B1 B3 C2 C3)
FIELD = [("tank", "US", "heavy-vehicle", "B1", 5, 8), ("jeep", "US", "light-vehicle", "A2", 2, 4),
         ("empl", "US", "emplacement", "C2", 2, 6), ("rifles", "US", "infantry", "B3", 1, 4),
         ("car", "US", "light-vehicle", "A3", 4, 4), ("far", "US", "heavy-vehicle", "D1", 3, 8),
         ("de-tank", "Wehrmacht", "heavy-vehicle", "C3", 3, 8)]


def test_a_repairer_repairs_one_adjacent_vehicle_or_emplacement_of_its_team_one_health_8_2():
    """8.2 Repair: units with the repair icon repair one adjacent vehicle or emplacement one health: the
    repairer chooses one of its team's damaged vehicles and emplacements next to it; infantry is not
    repaired, nor a vehicle farther away, nor an enemy's."""
    m = coh(4, 3, [(u, side, kind, cell, {"strength": h}) for u, side, kind, cell, h, _ in FIELD]
            + [("eng", "US", "infantry", "B2", ["repair"])])
    full = {u: f for u, *_, f in FIELD} | {"eng": 4}
    r = repair(m, m.unit("eng"), full)
    assert r.targets == ("tank", "jeep", "empl")
    assert dict(r.refused) == {"rifles": "not a vehicle or emplacement", "car": "at its maximum health 4",
                               "far": "not adjacent", "de-tank": "an enemy"}
    assert r.text().startswith("eng may repair one of tank, jeep, empl one health (Company of Heroes 8.2)")
    s = scenario([(u, side, kind, cell, {"steps": f}) for u, side, kind, cell, _, f in FIELD]
                 + [("eng", "US", "infantry", "B2", {"tags": ["repair"]})], cols=4, rows=3)
    g = to_repairs(start(s, damaged(s, **{u: h for u, _, _, _, h, _ in FIELD})))
    assert g.turn.phase == "repair" and repairs_offered(g) == {("eng", "tank"), ("eng", "jeep"), ("eng", "empl")}
    assert all(c.attack is None and c.rule == RULE for c in legal_actions(g))       # teammates: no attack on them
    g, acts, _ = _take(g, "repair", "eng", "jeep")
    assert acts[0].effects == ("eng repairs jeep one health (3 of 4)",) and acts[0].cells == ("A2",)
    assert g.position.turn == 2                                  # one repair, the repairer's choice: the round ends
    assert {u: g.position.units[u].health for u in ("tank", "jeep", "empl")} == {"tank": 5, "jeep": 3, "empl": 2}


def test_no_repairing_from_inside_a_building_or_a_vehicle_8_2():
    """8.2: units cannot repair other units from inside a building or a vehicle (a transport of their team
    they ride in, 4 Transport)."""
    units = [("tank", "US", "heavy-vehicle", "B1", {"strength": 5}), ("eng", "US", "infantry", "B2", ["repair"])]
    full = {"tank": 8, "eng": 4, "truck": 4}
    outside = coh(4, 3, units)
    assert repair(outside, outside.unit("eng"), full).targets == ("tank",)
    house = coh(4, 3, units, terrain={"B2": "building"})
    r = repair(house, house.unit("eng"), full)
    assert r.targets == () and r.why_not == "no repairing from inside a building" and "8.2" in r.text()
    riding = coh(4, 3, [*units, ("truck", "US", "light-vehicle", "B2", {"strength": 2, "tags": ["transport"]})])
    r = repair(riding, riding.unit("eng"), full)
    assert r.targets == () and r.why_not == "no repairing from inside a vehicle (it rides in truck)"


def test_a_pinned_unit_repairs_nothing_until_its_pin_is_lifted_7_8_2():
    """7: a pinned unit cannot use abilities, until the end of the round; 8.2: repair is an ability. The
    pinned repairer repairs nothing in round 1 and repairs in round 2."""
    s = scenario([TANK, ENG, ("de", "Wehrmacht", "infantry", "D3")], cols=4, rows=3)
    p = damaged(s, tank=5)
    g = start(s, p.replace(units={**p.units, "eng": dataclasses.replace(p.units["eng"], pins=1)}))
    r = repair(g.map, g.map.unit("eng"), g.turn.full)
    assert r.targets == () and "pinned" in r.why_not
    g = to_repairs(g)
    assert g.position.turn == 2 and g.position.units["tank"].health == 5
    g = to_repairs(g)
    assert g.turn.phase == "repair" and repairs_offered(g) == {("eng", "tank")}


def test_no_vehicle_exceeds_its_maximum_health_two_repairers_repair_one_twice_8_2():
    """8.2: each repairer repairs one vehicle one health, so two next to one tank repair it twice; no unit
    exceeds its maximum health: once the tank is whole the other repairer has nothing to repair."""
    s = scenario([(*TANK[:3], "B2", TANK[4]), (*ENG[:3], "B1", ENG[4]), ("eng-2", *ENG[1:3], "B3", ENG[4]),
                  ("de", "Wehrmacht", "infantry", "D3")], cols=4, rows=3)
    for health, healed, made in ((6, 8, 2), (7, 8, 1), (8, 8, 0)):
        g, n = to_repairs(start(s, damaged(s, tank=health))), 0
        while g.turn.phase == "repair":
            g, _, _ = step(g, legal_actions(g)[0], ScriptedDice([]))
            n += 1
        assert (g.position.units["tank"].health, n) == (healed, made)
    whole = coh(4, 3, [("tank", "US", "heavy-vehicle", "B2"), ("eng", "US", "infantry", "B1", ["repair"])])
    assert dict(repair(whole, whole.unit("eng"), {"tank": 8, "eng": 4}).refused) == {
        "tank": "at its maximum health 8"}


def test_teammates_of_other_nations_are_repaired_an_option_8_2():
    """8.2 says that units of different nations on one team reinforce each other and nothing of the kind of
    repair; our reading, option repair-own-nation: a unit repairs its whole team's vehicles."""
    teams = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}
    m = coh(4, 3, [("tank", "US", "heavy-vehicle", "B1", {"strength": 5}),
                   ("sapper", "British", "infantry", "B2", ["repair"]),
                   ("carrier", "British", "light-vehicle", "C2", {"strength": 2})], teams=teams)
    full = {"tank": 8, "sapper": 4, "carrier": 4}
    r = repair(m, m.unit("sapper"), full)
    assert r.targets == ("tank", "carrier") and [a.option for a in r.assumptions] == ["repair-own-nation"]
    assert all(a.text() in r.text() for a in r.assumptions)
    own = m.with_options(**{"repair-own-nation": True})
    r = repair(own, own.unit("sapper"), full)
    assert r.targets == ("carrier",) and dict(r.refused) == {"tank": "of another nation of the team (US)"}
    assert [a.option for a in r.assumptions] == ["repair-own-nation"] and "house rule" in r.text()
    assert {"repair-own-nation", "repair-self"} <= {a.option for a in find_game("coh").turn_rules().assumptions()}


def test_a_repairer_does_not_repair_itself_an_option_8_2():
    """8.2: a unit repairs an adjacent vehicle (self-repair is a commander card's ability, 10 Elite Vehicle
    Crews); option repair-self: a repairing vehicle may repair itself, in play too."""
    m = coh(3, 1, [("truck", "US", "light-vehicle", "A1", {"strength": 2, "tags": ["repair"]}),
                   ("jeep", "US", "light-vehicle", "B1", {"strength": 3})])
    full = {"truck": 4, "jeep": 3}
    r = repair(m, m.unit("truck"), full)
    assert r.targets == () and dict(r.refused) == {"truck": "itself (a unit repairs an adjacent one)",
                                                    "jeep": "at its maximum health 3"}
    assert [a.option for a in r.assumptions] == ["repair-self"]
    selfish = m.with_options(**{"repair-self": True})
    assert repair(selfish, selfish.unit("truck"), full).targets == ("truck",)
    s = scenario([("truck", "US", "light-vehicle", "A1", {"steps": 4, "tags": ["repair"]}),
                  ("de", "Wehrmacht", "infantry", "D3")], cols=4, rows=3)
    assert to_repairs(start(s, damaged(s, truck=2))).position.turn == 2
    g = to_repairs(start(s.with_options(**{"repair-self": True}), damaged(s, truck=2)))
    g, acts, _ = _take(g, "repair", "truck", "truck")
    assert acts[0].effects == ("truck repairs truck one health (3 of 4)",)


def test_repairs_come_before_reinforcement_in_step_4_and_the_records_replay_8_2(tmp_path):
    """The Supply Phase's step 4, Repair & Reinforce: once the damage is resolved each repairer chooses its
    repair, then the round ends with the reinforcement; both are recorded (the repair a chosen action citing
    8.2 and naming the vehicle, the reinforcement the round's end), and records with repairs replay, from
    their file too."""
    s = scenario([TANK, ENG, ("rifles", "US", "infantry", "A2", {"steps": 4}),
                  ("jeep", "US", "light-vehicle", "A3", {"tags": ["reinforce"]}),
                  ("de", "Wehrmacht", "infantry", "D3")], cols=4, rows=3)
    p = damaged(s, tank=5, rifles=2)
    g, actions = start(s, p), []
    while g.position.turn == 1:
        g, acts, _ = _take(g, "repair", "eng", "tank") if g.turn.phase == "repair" else _take(g, "end")
        actions += acts
    kinds = [a.kind for a in actions]
    assert kinds.index("resolve") < kinds.index("repair") < kinds.index("end-of-turn")
    fixed = actions[kinds.index("repair")]
    assert (fixed.unit, fixed.target, fixed.rule) == ("eng", "tank", RULE)
    assert "rifles reinforces 1 health" in actions[kinds.index("end-of-turn")].effects[0]
    assert (g.position.units["tank"].health, g.position.units["rifles"].health) == (6, 3)
    made = 0
    for seed in range(4):
        record = playout(s, ["random", "greedy"], seed=seed, position=p)
        made += sum(a.kind == "repair" for a in record.actions)
        assert replay(record).final == record.final
        save_record(record, tmp_path / "game.json")
        assert replay(load_record(tmp_path / "game.json")).final == record.final
    assert made


# --- composed: the single answer and playouts on random boards -------------------------------------------
def oracle(m, full, *, itself=False, own_nation=False):
    """8.2 read afresh: the (repairer, unit) pairs of a unit tagged repair, not pinned (7), not in a building
    nor riding its team's transport, and a damaged vehicle or emplacement of its team (of its nation with
    ``own_nation``) adjacent to it (or itself, with ``itself``)."""
    out = set()
    for r in m.units:
        team = m.allies(r.side)
        riding = r.type == "infantry" and any(v.cell == r.cell and v.id != r.id and "transport" in v.tags
                                              and v.type in VEHICLES[:2] and v.side in team for v in m.units)
        if "repair" not in r.tags or "pinned" in r.tags or m.terrain_at(r.cell) == "building" or riding:
            continue
        for u in m.units:
            near = m.grid.distance(u.cell, r.cell) == 1 or (itself and u.id == r.id)
            if (u.type in VEHICLES and u.side in team and (u.side == r.side or not own_nation) and near
                    and u.strength < full[u.id]):
                out.add((r.id, u.id))
    return out


def test_repair_on_random_boards_is_the_rules_text_read_afresh_8_2():
    rng = np.random.default_rng(82)
    kinds = ("infantry", "infantry", "mg-team", "light-vehicle", "heavy-vehicle", "emplacement")
    teams = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}
    pairs = 0
    for _ in range(40):
        labels = [f"{chr(65 + c)}{r + 1}" for c in range(4) for r in range(3)]
        terrain = {str(x): "building" for x in rng.choice(labels, 2, replace=False)}
        units, full = [], {}
        for i, cell in enumerate(rng.choice(labels, 8, replace=False)):
            kind = kinds[int(rng.integers(len(kinds)))]
            if terrain.get(str(cell)) and kind not in ("infantry", "mg-team"):
                kind = "infantry"
            full[f"u{i}"] = int(rng.integers(2, 6))
            tags = [t for t, p in (("repair", 0.5), ("pinned", 0.2), ("transport", 0.5)) if rng.random() < p
                    and (t != "transport" or kind in VEHICLES[:2])]
            units.append((f"u{i}", ("US", "British", "Wehrmacht")[i % 3], kind, str(cell),
                          {"strength": int(rng.integers(1, full[f"u{i}"] + 1)), "tags": tags}))
        for u in list(units):      # a squad with the repair ability riding each transport
            if "transport" in u[4]["tags"] and rng.random() < 0.7:
                uid = f"r{len(units)}"
                full[uid] = 4
                units.append((uid, u[1], "infantry", u[3], {"strength": 2, "tags": ["repair"]}))
        for itself in (False, True):
            for own in (False, True):
                m = coh(4, 3, units, terrain=terrain, teams=teams).with_options(
                    **{"repair-self": itself, "repair-own-nation": own})
                loop = {(r.id, t) for r in m.units for t in repair(m, r, full).targets}
                assert loop == oracle(m, full, itself=itself, own_nation=own)
                pairs += len(loop)
    assert pairs >= 40


TYPES = ("infantry", "infantry", "mg-team", "light-vehicle", "heavy-vehicle", "emplacement")


def random_scenario(seed: int):
    """A 5 x 2 board with buildings, infantry with the repair ability (some riding a transport), vehicles and
    emplacements, damaged in the start position (some units pinned), and each side's spawn area."""
    rng = np.random.default_rng(seed)
    labels = [f"{chr(65 + c)}{r + 1}" for c in range(5) for r in range(2)]
    terrain = {str(lab): "building" for lab in rng.choice(labels, 1, replace=False)}
    units, cells = [], rng.choice(labels, 7, replace=False)
    for i, cell in enumerate(cells):
        side = ("US", "Wehrmacht")[i % 2]
        kind = TYPES[int(rng.integers(len(TYPES)))] if i > 1 else "infantry"
        if terrain.get(cell) and kind not in ("infantry", "mg-team"):
            kind = "infantry"
        tags = [t for t, p in (("repair", 0.6), ("pinned", 0.2), ("transport", 0.4), ("deployed", 0.8))
                if rng.random() < p and (t != "repair" or kind == "infantry")
                and (t != "transport" or kind in VEHICLES[:2]) and (t != "pinned" or kind == "infantry")
                and (t != "deployed" or kind == "mg-team")]
        units.append((f"u{i}", side, kind, str(cell), {"tags": tags, "steps": 4}))
    for u in list(units):
        if "transport" in u[4]["tags"] and rng.random() < 0.5:
            units.append((f"r{len(units)}", u[1], "infantry", u[3], {"tags": ["repair"], "steps": 4}))
    spawn = {side: [u[3] for u in units if u[1] == side] for side in ("US", "Wehrmacht")}
    s = scenario(units, cols=5, rows=2, terrain=terrain, spawn={k: sorted(set(v)) for k, v in spawn.items()},
                 objectives=[{"id": "point", "cell": str(rng.choice(labels)), "value": 1}])
    return s, damaged(s, **{u[0]: int(rng.integers(1, 4)) for u in units if rng.random() < 0.8})


class RepairChecked:
    """A bot that checks the repairs it is offered against a loop over the repair answer and the text read
    afresh before another bot chooses."""

    def __init__(self, inner):
        self.inner = find_bot(inner)
        self.name = self.inner.name
        self.repairs = 0

    def choose(self, g, legal, rng):
        if g.turn.phase == "repair":
            m, acted = g.map, g.turn.acted
            offered = {(c.unit, c.target) for c in legal}
            loop = {(u.id, t) for u in m.units if u.side == g.side and u.id not in acted
                    for t in repair(m, u, g.turn.full).targets}
            text = {(r, u) for r, u in oracle(m, g.turn.full) if m.unit(r).side == g.side and r not in acted}
            assert offered == loop == text and all(c.kind == "repair" for c in legal)
            self.repairs += 1
        return self.inner.choose(g, legal, rng)


class NoneSkipped(OracleTurns):
    """The game's turn rules, checked as the supply phase ends: every repairer that has not repaired has
    nothing the text allows left to repair (and the reinforcement is the text's, :class:`OracleTurns`)."""

    ends = 0

    def end_of_turn(self, m, state, dice):
        assert not {(r, u) for r, u in oracle(m, state.full) if r not in state.acted}
        NoneSkipped.ends += 1
        return super().end_of_turn(m, state, dice)


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random")])
def test_playouts_on_random_boards_repair_as_the_repair_answer_allows_8_2(bots):
    repairs = 0
    for seed in range(8):
        s, p = random_scenario(seed)
        checked = [RepairChecked(b) for b in bots]
        g, rng = start(s, p, rules=NoneSkipped(s.game)), np.random.default_rng(seed)
        while not g.over:
            legal = legal_actions(g)
            bot = checked[list(s.sides).index(g.side)]
            g, _, _ = step(g, legal[bot.choose(g, legal, rng).index], RngDice(rng))
        record = playout(s, checked, seed=seed, position=p)
        assert replay(record).final == record.final
        repairs += sum(b.repairs for b in checked)
    assert repairs >= 4 and NoneSkipped.ends >= 8
