"""Combat Infantry assaults on a board and in play (1.3, 4.2, 6.7, 9.1-9.4): several units assault one hex
together, each hexside's assault limit counted as they move in; the assaults are fought once the HQ
activation's other actions are done, after half-hits recover; both sides retreat as 9.4 says. The assault a
playout fights is :func:`hex_assault`'s answer, die by die; on random boards with assaults, mines, HQs,
foxholes and hexside terrain every playout action is re-checked by the single answers and every assault
fought against its exact answer and the retreat rules."""
from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

import numpy as np
import pytest
import yaml

from test_play import check_playout_action
from test_play_examples import _play, _replays
from wartools.games.combat_infantry.assault import AssaultEnd
from wartools.games.combat_infantry.hexassault import hex_assault
from wartools.games.combat_infantry.movement import entered_from
from wartools.games.combat_infantry.turn import Turns
from wartools.games.combat_infantry.control import hex_control
from wartools.movement import path
from wartools.movement.search import resolve_graph
from wartools.play import find_bot, legal_actions, start, step
from wartools.play.engine import RngDice
from wartools.rules.turn import ScriptedDice
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map, tiny_map_data


def _caron_farm_board():
    """Our board for 9.4's Caron Farm narrative: the farm C2 on a hill, two German squads in it that
    entered from B2 (uphill, across the slope) and from D2 (across a river) against the US IN and MG; a US
    squad on A2 and a German one on B1 make B2 disputed once vacant."""
    return tiny_map("ci", 5, 4, terrain={"C2": "farm"}, elevation={"C2": 1}, edges={("B2", "C2"): "slope",
                                                                                       ("C2", "D2"): "river"},
                    units=[("us-in", "US", "rifle", "C2", {"strength": 1}), ("us-mg", "US", "mg", "C2", {"strength": 2}),
                           ("us-2", "US", "rifle", "A2"),
                           ("de-1", "German", "rifle", "C2", {"strength": 3, "tags": ["assaulting=B2"]}),
                           ("de-2", "German", "rifle", "C2", {"strength": 3, "tags": ["assaulting=D2"]}),
                           ("de-b", "German", "rifle", "B1"), ("de-d", "German", "rifle", "D2")])


def test_the_assault_on_a_hex_reads_the_board_as_9_1_and_9_4_say():
    """9.1: the attackers are the units that moved into the hex, the defenders every enemy there; -1F in
    round 1 for the one that came across a river (8.5), not for the one that came up the slope. 9.4 (the
    Caron Farm narrative): the squad that assaulted uphill cannot go back to B2, now disputed, but may retreat
    into the adjacent friendly-occupied hexes B1 and D2 (D2 also the hex the other squad entered from); the
    defenders may retreat across no hexside the attackers used or hold, and never into an enemy hex."""
    m = _caron_farm_board()
    a = hex_assault(m, "C2")
    assert (a.side, a.attackers, a.defenders) == ("German", ("de-1", "de-2"), ("us-in", "us-mg"))
    assert [u.river_or_cliff for u in a.attacking] == [False, True]
    assert hex_control(m)["B2"] == "disputed"
    assert a.retreats == (("B1", "D2"), ())
    plan = a.rules.attacker_retreat
    assert plan.room == (2, 2) and plan.limit == (1, 1)          # clear hexes of 3 (8.2); a farm hexside: 1 (9.4)
    fought = a.fight([10] * 40)                                   # nobody hits: the Germans retreat in round 3
    assert fought.end.winner == "defender" and fought.end.round == 3
    assert fought.went == {"de-1": "B1", "de-2": "D2"}            # one unit a round across each farm hexside
    assert a.to_json()["retreats"] == {"attackers": ["B1", "D2"], "defenders": []} and "assaults C2" in a.text()
    assert any(x.rule == "Combat Infantry 9.4" for x in a.assumptions)
    import json

    import matplotlib.pyplot as plt

    json.dumps(a.to_json())                                       # the answer protocol (wartools.answers)
    ax = a.draw()
    assert ax.get_legend() is not None or any(x.get_gid() == "overlay-legend" for x in ax.artists)
    plt.close(ax.figure)


def test_an_assault_in_a_smoke_hex_is_fought_at_minus_one_firepower_7_4():
    """7.4: assault combat is allowed in smoke hexes, with -1F for both sides in all rounds. The assault on a
    hex with smoke is the chain with smoke; nobody with F1 can hit there, so the attacker (F1) and the
    defender (F1) both survive every round and the attacker retreats in round 3."""
    units = [("us-1", "US", "rifle", "B1", {"strength": 2, "tags": ["assaulting=A1", "firepower=1"]}),
             ("de-1", "German", "rifle", "B1", {"strength": 2, "tags": ["firepower=1"]})]
    smoky, clear = (hex_assault(tiny_map("ci", 3, 1, units=units, features=f), "B1") for f in ({"B1": ["smoke"]}, {}))
    assert smoky.rules.smoke and not clear.rules.smoke
    assert smoky.ends.prob(lambda e: e.attackers == (2,) and e.defenders == (2,)) == 1
    assert clear.ends.prob(lambda e: e.attackers == (2,) and e.defenders == (2,)) < 1


def test_a_unit_with_no_hex_of_retreat_is_eliminated_in_play_9_4():
    """9.4: if no valid retreat hex exists, units are eliminated. The attacker came from A1, now the enemy's
    (the German on A2 is next to it, 8.3), and its side occupies no other hex next to B1: when it must
    retreat in round 3 it is eliminated, and the playout says so."""
    m = tiny_map("ci", 3, 3, units=[("us-1", "US", "rifle", "B1", {"strength": 2, "tags": ["assaulting=A1"]}),
                                   ("de-1", "German", "rifle", "B1", {"strength": 2}),
                                   ("de-2", "German", "rifle", "A2")])
    a = hex_assault(m, "B1")
    assert a.retreats[0] == () and a.ends.prob(lambda e: e.winner == "defender" and e.attackers != (0,)) == 0
    res = m.game.turn_rules().fight_assaults(m, ScriptedDice([10] * 14))
    assert res.rolls[0].faces == (10,) * 10 and "us-1 eliminated: no hex to retreat into (9.4)" in res.effects
    assert [ch.unit for ch in res.changes if ch.eliminated] == ["us-1"]


def test_when_each_side_retreats_is_the_owners_choice_an_option_9_2():
    """9.2: defenders fire or retreat each unit, except in round 1; attackers must retreat in round 3 (or
    earlier). When to retreat is the owner's choice: options with stated defaults (attackers fight until
    round 3, defenders all three rounds), named in the answer. Neither side can hit here (F0 both)."""
    m = tiny_map("ci", 3, 1, units=[("us", "US", "rifle", "B1", {"strength": 2, "tags": ["assaulting=A1", "firepower=0"]}),
                                   ("de", "German", "rifle", "B1", {"strength": 2, "tags": ["firepower=0"]})])
    assert hex_assault(m, "B1").ends.outcomes == (AssaultEnd("defender", 3, (2,), (2,), "retreated"),)
    early = hex_assault(m.with_options(**{"assault-attacker-retreat": "round-1"}), "B1")
    assert early.ends.outcomes == (AssaultEnd("defender", 1, (2,), (2,), "retreated"),)
    away = hex_assault(m.with_options(**{"assault-defender-retreat": "round-2"}), "B1")
    assert away.ends.outcomes == (AssaultEnd("attacker", 2, (2,), (2,), "retreated"),)
    assert away.fight([5] * 6).went == {"de": "C1"}
    said = {a.option: a for a in hex_assault(m, "B1").assumptions if a.option}
    assert {"assault-attacker-retreat", "assault-defender-retreat"} <= set(said)
    played = {a.option for a in m.game.turn_rules().assumptions() if a.option}
    assert {"assault-attacker-retreat", "assault-defender-retreat"} <= played        # every record says them


def test_a_defended_minefield_is_fought_as_7_2_prints_it():
    """7.2: a minefield can be defended by units; it never fires and makes no morale check, attacker hits
    are distributed normally on the defenders, the mine included (6.3: here the tie of two 1-step units goes
    to the first listed, the squad), every 9 or 0 an attacker rolls is a hit on itself, and one hit
    eliminates the mine. Played: the Germans miss; the US squad's 1 reduces the German squad and its 9 hits
    itself; in round 2 both pass morale (9.3), the German misses and the US 1 eliminates the squad; the mine
    still holds the hex in round 3, when the US must retreat (9.2) to A1 (9.4)."""
    from wartools.games.combat_infantry.assault import MINE, AssaultUnit, assault

    m = tiny_map("ci", 3, 1, features={"B1": ["mines"]},
                 units=[("us", "US", "rifle", "B1", {"strength": 2, "tags": ["assaulting=A1"]}),
                        ("de", "German", "rifle", "B1", {"strength": 2})])
    a = hex_assault(m, "B1")
    assert a.minefield and a.defenders == ("de",) and a.defending[-1] == AssaultUnit(MINE, 1, 0)
    rifle = a.attacking[0]
    assert a.ends == assault([rifle], [dataclasses.replace(rifle, strength=2), AssaultUnit(MINE, 1, 0)])
    fought = a.fight([9, 9, 1, 9, 1, 10, 1, 1])
    assert fought.end == AssaultEnd("defender", 3, (1,), (0, 1), "retreated") and fought.went == {"us": "A1"}
    res = m.game.turn_rules().fight_assaults(m, ScriptedDice([9, 9, 1, 9, 1, 10, 1, 1]))
    assert res.cleared == () and "us retreats to A1 (9.4)" in res.effects and res.rolls[0].rule == "Combat Infantry 7.2, 9.2"
    assert any("engineer targets the minefield" in x.reading for x in a.assumptions)


def test_no_more_units_assault_across_a_hexside_than_its_assault_limit_9_1():
    """9.1: assault limits apply to hexsides, in addition to fire limits; a town hexside lets one unit
    assault (3.4 Town); the stacking limit of the assault hex applies to each side (9.1: two in a town)."""
    units = [("in", "US", "rifle", "C2", {"tags": ["assaulting=B2"]}), ("de", "German", "rifle", "C2"),
             ("b2", "US", "rifle", "B2"), ("c3", "US", "rifle", "C3"), ("d2", "US", "rifle", "D2")]
    m = tiny_map("ci", 5, 4, terrain={"C2": "town"}, units=units)
    p = path(m, "B2", "C2", "b2")
    assert p.labels()[-2] != "B2" and p.cost == 4                  # not across the full hexside: around it
    _, graph = resolve_graph(m, m.cell("B2"), "b2")
    across = graph.rules.step(m.cell("B2"), m.cell("C2"))
    assert not across.passable and "assault limit 1 of the town hexside used up" in across.reasons[0]
    assert path(m, "C3", "C2", "c3").labels() == ["C3", "C2"]     # another hexside
    joined = m.without_unit("c3").with_unit("c3", "US", "rifle", "C2", tags=["assaulting=C3"])
    blocked = path(joined, "D2", "C2", "d2")
    assert not blocked.reachable and "stacking limit 2" in blocked.why_not


SCENARIO = {"format": "wartools-scenario/1", "name": "assaults after the activation (our board)",
            "game": "combat-infantry", "turns": 1, "first": "US",
            "options": {"setup-upright": False},        # set up face-up: the shot targets de-1 (6.31)
            "map": tiny_map_data("combat-infantry", 4, 3, terrain={"C2": "town"}, name="tiny"),
            "sides": {"US": {"units": [{"id": "us-hq", "type": "hq", "cell": "B2"},
                                       {"id": "us-1", "type": "rifle", "cell": "B2", "steps": 4},
                                       {"id": "us-2", "type": "rifle", "cell": "C3", "steps": 4}]},
                      "German": {"units": [{"id": "de-1", "type": "rifle", "cell": "C2", "steps": 2}]}},
            "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}


class Played:
    """A game played action by action (``play(kind, unit, ...)``: :func:`test_play_examples._play`), its
    recorded actions kept; :meth:`finish` passes to the end and checks the record replays."""

    def __init__(self, s):
        self.s, self.g, self.actions = s, start(s), []

    def __call__(self, kind, unit, **kw):
        self.g, acts, _ = _play(self.g, kind, unit, **kw)
        self.actions.extend(acts)
        return acts[0]

    def finish(self):
        """Play to the end (the winners of an assault staying, the sides ending or passing); the record."""
        while not self.g.over:
            if self.g.turn.phase == "regroup":                # the winners of an assault stay (9.5)
                self("stay", legal_actions(self.g)[-1].unit)
                continue
            self("end" if self.g.turn.active else "pass", self.g.turn.active)
        return _replays(self.s, self.g, self.actions)


def test_assaults_are_fought_when_the_activation_ends_after_half_hits_recover_1_3_4_2_6_7():
    """1.3 and 9.1: units that moved into an enemy hex fight an assault after all other action of the HQ
    activation, the HQ's own action included (4.2); a lone half-hit recovers at the end of the activation
    but before any assault is fought (6.7). Nobody may fire into the assault hex meanwhile (6.1)."""
    s = loads_scenario(yaml.safe_dump(SCENARIO))
    play = Played(s)

    play("activate", "us-hq")
    assert play("fire", "us-1", target="de-1", faces=(1, 8, 8, 8)).rolls[0].value == 1
    assert "half-hit" in play.g.position.units["de-1"].tags                     # a town: D2 against fire (6.7)
    moved = play("assault", "us-2", dest="C2")
    assert moved.rolls == () and play.g.position.units["us-2"].tags == ("assaulting=C3",)
    assert not [c for c in legal_actions(play.g) if c.kind == "fire" and c.target == "de-1"]      # 6.1
    faces = (9, 9, 1, 2, 8, 8)      # de-1 misses twice; us-2 hits twice: de-1 eliminated in round 1
    end = play("end", "us-hq", faces=faces)
    assert end.effects[0] == "de-1 recovers its half-hit (6.7)"
    assert end.effects[1] == "assault on C2: the attacker wins in round 1 (eliminated)"
    assert end.rolls[0].faces == faces and end.eliminated == ("de-1",)
    assert play.g.position.units["us-2"].cell == s.map.cell("C2") and play.g.position.units["us-2"].tags == ("regroup",)
    play("stay", "us-2")                                                          # the winner's choice (9.5)
    assert play.g.position.units["us-2"].cell == s.map.cell("C2") and play.g.position.units["us-2"].tags == ()
    play.finish()


CARON_FARM = {
    "format": "wartools-scenario/1", "name": "Combat Infantry Assault on Caron Farm, the assault (our board)",
    "game": "combat-infantry", "turns": 1, "first": "German",
    "options": {"setup-upright": False},        # 4.1's note: all units are face-up in diagrams for clarity
    "map": tiny_map_data("combat-infantry", 5, 4, terrain={"C2": "farm"}, elevation={"C2": 1},
                         edges={("B2", "C2"): "slope"}, name="tiny"),
    "sides": {"German": {"units": [{"id": "de-phq", "type": "hq", "cell": "C3"},
                                   {"id": "de-in-3a", "type": "rifle", "cell": "B2", "steps": 3},
                                   {"id": "de-in-3b", "type": "rifle", "cell": "D2", "steps": 3},
                                   {"id": "de-in-2", "type": "rifle", "cell": "D1", "steps": 2}]},
              "US": {"units": [{"id": "us-in", "type": "rifle", "cell": "C2", "steps": 2},
                               {"id": "us-mg", "type": "mg", "cell": "C2", "steps": 2},
                               {"id": "us-x", "type": "rifle", "cell": "A2", "steps": 2}]}},
    "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
}


def test_the_assault_on_caron_farm_diagram_6_replays_as_a_record():
    """Combat Infantry's Assault on Caron Farm (Diagram 6), the assault, with the narrative's outcomes as
    dice: the German PHQ activates and two German IN 3 move into the farm, one uphill across the slope
    (9.1); the assault is fought when the activation ends (1.3). Round 1: the US IN 2 and MG 2 score one
    hit, taken on the IN 3 that came uphill (a tie: the owner's choice, here the first listed); the
    Germans score one hit, on the US IN 2. Round 2: the US IN 1 fails its morale check and is disrupted
    (9.3); the MG scores one hit (the Germans are IN 2 and IN 2); the Germans score one, the MG is MG 1.
    Round 3: the US MG 1 and IN 1 pass their checks and score one hit; the Germans must retreat (9.2).
    The squad that came uphill cannot go back to B2, now disputed (US on A2, German PHQ on C3), and
    retreats into a friendly-occupied hex (9.4): the PHQ's C3; the other, C3's farm hexside used up this
    round, into the German-occupied D1."""
    s = loads_scenario(yaml.safe_dump(CARON_FARM))
    play = Played(s)

    asked = hex_assault(play.g.map, "C2", entered={"de-in-3a": "B2", "de-in-3b": "D2"})     # before anyone moves
    play("activate", "de-phq")
    assert set(play.g.turn.commanded) >= {"de-in-3a", "de-in-3b"}
    play("assault", "de-in-3a", dest="C2")
    play("assault", "de-in-3b", dest="C2")
    faces = (5, 9, 1, 7,  8, 9, 2, 6, 4,  9, 3, 8,  7, 5, 1, 9,  4, 2, 8, 2)
    answer = hex_assault(play.g.map, "C2")
    assert (asked.ends, asked.retreats) == (answer.ends, answer.retreats)       # the question asked beforehand
    end = play("end", "de-phq", faces=faces)
    (roll,) = end.rolls
    assert roll.faces == faces and roll.what == "de-in-3a, de-in-3b assault C2 (us-in, us-mg)"
    assert end.effects[0] == "assault on C2: the defender wins in round 3 (retreated)"
    units = play.g.position.units
    assert [(units[u].steps, s.map.label(units[u].cell)) for u in ("de-in-3a", "de-in-3b")] == [(1, "C3"), (2, "D1")]
    assert [units[u].steps for u in ("us-in", "us-mg")] == [1, 1]
    told = AssaultEnd("defender", 3, (1, 2), (1, 1), "retreated")
    assert (roll.p, roll.expected) == (answer.ends[told], answer.attacker_wins)        # the single answer's odds
    play.finish()


# --- composed: seeded playouts on random boards ---------------------------------------------------
def random_board(seed: int, options: dict | None = None):
    """A random 6 x 4 Combat Infantry board with every assault feature: hex terrain (town, woods, farm),
    hexside terrain (river, hedge, cliff, slope with a hill, lake), mines, foxholes and smoke, and two
    sides of an HQ and three units each (rifle squads, an engineer, an MG, an AT rocket team) close enough to assault."""
    rng = random.Random(seed)
    cols, rows = 6, 4
    cells = [f"{chr(65 + c)}{r + 1}" for c in range(cols) for r in range(rows)]
    m = tiny_map("ci", cols, rows)
    terrain = {c: rng.choice(("town", "woods", "farm", "clear")) for c in rng.sample(cells, 7)}
    hill = rng.choice(cells)
    pairs = sorted({tuple(sorted((c, m.label(n)))) for c in cells for n in m.grid.neighbours(m.cell(c))})
    edges = {p: rng.choice(("river", "hedge", "cliff", "lake", "woods")) for p in rng.sample(pairs, 4)}
    edges.update({tuple(sorted((hill, m.label(n)))): "slope" for n in m.grid.neighbours(m.cell(hill))})
    west, east = [c for c in cells if c[0] in "BC"], [c for c in cells if c[0] in "DE"]
    units: dict[str, list] = {"US": [], "German": []}
    taken: list[str] = []
    for side, area in (("US", west), ("German", east)):
        spots = rng.sample(area, 3)
        taken += spots
        units[side].append({"id": f"{side.lower()}-hq", "type": "hq", "cell": spots[0]})
        for i, t in enumerate(rng.sample(("rifle", "rifle", "engineer", "mg", "atr"), 3)):
            units[side].append({"id": f"{side.lower()}-{i}", "type": t, "cell": spots[1 + i % 2],
                                "steps": rng.randint(1, 3)})
    free = [c for c in cells if c not in taken and c[0] in "BCDE"]
    features = {c: [f] for c, f in zip(rng.sample(free, 3), ("mines", "foxhole", "smoke"))}
    data = {"format": "wartools-scenario/1", "name": f"random {seed}", "game": "combat-infantry", "turns": 2,
            "first": "US", "map": tiny_map_data("combat-infantry", cols, rows, terrain=terrain, edges=edges,
                                                 elevation={hill: 1}, features=features, name="random"),
            "sides": {side: {"units": u} for side, u in units.items()},
            "victory": {"levels": [{"result": "Draw", "otherwise": True}]}, **({"options": options} if options else {})}
    return loads_scenario(yaml.safe_dump(data))


def _check_assaults(before, after, action):
    """Every assault an ``end`` action fought (one roll per hex, rule 9.2) on the board ``before``: the
    roll's expectation is the exact answer's; each attacker ends eliminated, in the hex or in a hex 9.4
    allows; no unit is left assaulting once an activation is over."""
    m = before.map
    fought = [r for r in action.rolls if r.rule.endswith("9.2")]
    if after.turn.active is None:
        assert not any(entered_from(st.tags) for st in after.position.units.values())
    if not fought or action.kind != "end":
        return len(fought)
    hexes = list(dict.fromkeys(u.cell for u in m.units if entered_from(u.tags) is not None))
    assert len(fought) == len(hexes)
    if len(hexes) == 1:
        answer = hex_assault(m, hexes[0])
        assert fought[0].expected == answer.attacker_wins
        assert fought[0].p in set(answer.ends.probabilities)
        back = set(answer.retreats[0])
        for uid in answer.attackers:
            st = after.position.units.get(uid)
            assert st is None or m.label(st.cell) in back | {answer.hex}, (uid, st)
    return len(fought)


@pytest.mark.parametrize("seed", [3, 11])
def test_seeded_playouts_on_random_boards_fight_assaults_by_the_single_answers(seed):
    fights = actions = together = 0
    for k in range(4):
        s = random_board(seed * 10 + k)
        g = start(s)
        bot = find_bot("greedy")
        rng = np.random.default_rng(seed * 10 + k)
        dice = RngDice(rng)
        while not g.over:
            legal = legal_actions(g)
            c = legal[bot.choose(g, legal, rng).index]
            check_playout_action(g, c)
            nxt, acts, _ = step(g, c, dice)
            fights += _check_assaults(g, nxt, acts[0])
            together += sum(1 for r in acts[0].rolls if r.rule.endswith("9.2") and "," in r.what.split(" assault")[0])
            actions += 1
            g = nxt
    assert fights >= 2 and together >= 1 and actions > 20          # several units assaulted one hex (9.1)


class RetreatOracle(Turns):
    """The game's turn rules, each activation's lone assault checked against hex_assault asked of the board it
    is fought on: every unit that retreats goes to a hex of retreat the answer names for its side (9.4), off
    the map only where it names the board's edge."""

    retreated: ClassVar[dict[str, int]] = {"attackers": 0, "defenders": 0, "off the map": 0}

    def fight_assaults(self, m, dice):
        hexes = list(dict.fromkeys(u.cell for u in m.units if entered_from(u.tags) is not None))
        res = super().fight_assaults(m, dice)
        if len(hexes) == 1:
            a = hex_assault(m, hexes[0])
            gone = {ch.unit for ch in res.changes if ch.eliminated or    # an HQ's return (4.4) is no retreat
                    any(e.startswith(f"battlefield promotion (4.4): {ch.unit} returns") for e in res.effects)}
            for side, ids, hexes_of in (("attackers", a.attackers, a.retreats[0]), ("defenders", a.defenders,
                                                                                   a.retreats[1])):
                for ch in res.changes:
                    if ch.unit in ids and ch.unit not in gone and (ch.off_map or ch.cell is not None):
                        where = "off the map" if ch.off_map else m.label(ch.cell)
                        assert where in hexes_of, (ch.unit, where, hexes_of)
                        RetreatOracle.retreated["off the map" if ch.off_map else side] += 1
        return res


def test_seeded_playouts_retreat_where_the_assault_answer_says_9_4():
    """9.2, 9.4 composed: by default and with defenders retreating from round 2 (option
    assault-defender-retreat), seeded greedy playouts on random boards (6 x 4: the board's edge always near) fight assaults whose attackers
    and defenders retreat only into the hexes of retreat hex_assault names, whichever action ends the
    activation (the turn rules checked as they fight); and no hex is over its stacking limit once an HQ
    activation has ended (8.2)."""
    for k in range(8):
        s = random_board(70 + k, {"assault-defender-retreat": "round-2"} if k % 2 else None)
        g, bot, rng = start(s, rules=RetreatOracle(s.game)), find_bot("greedy"), np.random.default_rng(70 + k)
        dice = RngDice(rng)
        while not g.over:
            legal = legal_actions(g)
            g, _, _ = step(g, legal[bot.choose(g, legal, rng).index], dice)
            if g.turn.active is None:       # 8.2: stacking applies at the end of an HQ activation
                stacks: dict = {}
                for u in g.map.units:
                    stacks.setdefault((u.cell, u.side), []).append(u)
                assert not [why for units in stacks.values() if (why := g.map.game.scenario_rules().stack_problem(
                    g.map, units))]
    assert RetreatOracle.retreated["attackers"] >= 1 and RetreatOracle.retreated["defenders"] >= 1, \
        RetreatOracle.retreated


@pytest.mark.parametrize("order, loses", [("strongest", "d1"), ("weakest", "d2")])
def test_which_squad_an_hq_returns_beside_is_the_owners_choice_an_option_4_4(order, loses):
    """4.4: an eliminated PHQ returns in or adjacent to one of its own squads, subject to stacking, and that
    squad is reduced by one step: which squad is the owner's choice, an option (default: the strongest)."""
    from wartools.rules.turn import Change, Resolution

    m = tiny_map("ci", 6, 1, units=[("dhq", "German", "hq", "B1"), ("d1", "German", "rifle", "C1", {"strength": 3}),
                                    ("d2", "German", "rifle", "F1", {"strength": 2})])
    m = m.with_options(**{"promotion-squad": order})
    rules = m.game.turn_rules()
    res = rules._promote(m, Resolution((), (Change("dhq", strength=0, eliminated=True),)))
    back = next(ch for ch in res.changes if ch.unit == "dhq")
    squad = next(ch for ch in res.changes if ch.unit == loses)
    assert back.cell == m.unit(loses).cell and squad.strength == rules.strength(m.unit(loses)) - 1
    assert any(a.option == "promotion-squad" for a in rules.assumptions())


@pytest.mark.parametrize("order, after", [("strongest", {"a": 2, "b": 1}), ("weakest", {"a": 3, "b": 0})])
def test_who_takes_a_friendly_hit_is_the_active_players_choice_an_option_6_63(order, after):
    """6.63: friendly units adjacent to a bombarded hex, chosen by the active player, take one hit for each
    zero rolled; all friendly hits are applied if possible. Which unit takes it is an option (default: the
    strongest, 6.3)."""
    m = tiny_map("ci", 4, 1, units=[("a", "US", "rifle", "A1", {"strength": 3}), ("b", "US", "rifle", "A1",
                                                                              {"strength": 1})])
    rules = m.with_options(**{"friendly-fire-order": order}).game.turn_rules()
    changes, _ = rules._friendly_fire(m, list(m.units), 1)
    got = {u.id: rules.strength(u) for u in m.units}
    for ch in changes:
        got[ch.unit] = 0 if ch.eliminated else ch.strength
    assert got == after


@pytest.mark.parametrize("limit, second", [("hex-terrain", None), ("none", "off the map")])
def test_how_many_retreat_off_the_map_a_round_is_an_option_9_4(limit, second):
    """9.4: hexside limits for retreats are the assault limits, per round; the board's edge has no hexside
    terrain, so by default (option assault-off-map-limit hex-terrain) it lets through as many a round as a
    hexside of the assault hex's own terrain: one from a town (3.4 Town). Of two German squads cornered in a
    town hex on the edge, both retreating in round 2, one leaves the map and the other finds no valid hex
    that round and is eliminated (as the chain reads 9.4); with no limit both leave. Nobody can hit (F0)."""
    f0 = ["firepower=0"]
    m = tiny_map("ci", 3, 1, terrain={"A1": "town"},
                 units=[("us", "US", "rifle", "B1", {"tags": f0}),
                        ("us-a", "US", "rifle", "A1", {"tags": ["assaulting=B1", *f0]}),
                        ("de-1", "German", "rifle", "A1", {"tags": f0}), ("de-2", "German", "rifle", "A1", {"tags": f0})])
    m = m.with_options(**{"assault-defender-retreat": "round-2", "assault-off-map-limit": limit})
    a = hex_assault(m, "A1")
    assert a.retreats[1] == ("off the map",) and any(x.option == "assault-off-map-limit" for x in a.assumptions)
    fought = a.fight([10] * 20)
    assert fought.went == {"de-1": "off the map", "de-2": second}
    assert fought.end.round == 2 and fought.end.winner == "attacker"


def test_an_hq_still_overstacked_when_its_activation_ends_is_eliminated_8_2():
    """8.2: units may overstack while moving; stacking applies at the end of an HQ activation, when
    overstacked units are eliminated. An HQ deploys into C1, already holding three squads (4.2: it may
    overstack for the while); ending its activation there it is eliminated, and returns at once by
    battlefield promotion (4.4) next to a squad, which loses a step. Moving on as its own action instead, it
    survives."""
    from analysis_helpers import tiny_scenario

    s = tiny_scenario("combat-infantry", 6, 1, [("hq", "US", "hq", "B1"), ("r1", "US", "rifle", "C1"),
                                                ("r2", "US", "rifle", "C1"), ("r3", "US", "rifle", "C1"),
                                                ("de", "German", "rifle", "F1"), ("dhq", "German", "hq", "F1")])
    g, _, _ = _play(start(s), "deploy", "hq", dest="C1")
    ended, (act, *_), _ = _play(g, "end", "hq")
    assert "hq eliminated: over the stacking limit of C1 at the end of its activation (8.2)" in act.effects
    assert any(e.startswith("battlefield promotion (4.4): hq returns on") for e in act.effects)
    hq = ended.position.units["hq"]
    assert s.map.label(hq.cell) in ("B1", "D1") and sum(ended.position.units[r].steps for r in ("r1", "r2", "r3")) == \
        sum(g.position.units[r].steps for r in ("r1", "r2", "r3")) - 1
    moved, (act, *_), _ = _play(g, "move", "hq", dest="D1")
    assert not any("8.2" in e for e in act.effects) and moved.position.units["hq"].cell == s.map.cell("D1")


def test_a_defender_may_retreat_off_the_map_removed_from_play_without_vp_9_4():
    """9.4: units may retreat off-map; such units are removed from play but do not count as VP for the enemy.
    Defenders retreat across any hexside unavailable to the attacker, the board's edge among them; here the
    German's only other neighbour is US-held, and by option it retreats from round 2 (9.2): it leaves the
    map, is not eliminated, and the US scores nothing for it; the record replays."""
    from analysis_helpers import tiny_scenario
    from wartools.scenario import evaluate

    f0 = {"tags": ["firepower=0"]}
    s = tiny_scenario("combat-infantry", 3, 1, [("hq", "US", "hq", "A1", f0), ("us", "US", "rifle", "A1", f0),
                                                ("us-2", "US", "rifle", "C1", f0), ("de", "German", "rifle", "B1", f0)],
                      turns=1, options={"assault-defender-retreat": "round-2"})
    play = Played(s)
    play("activate", "hq")
    play("assault", "us", dest="B1")
    assert hex_assault(play.g.map, "B1").retreats[1] == ("off the map",)
    end = play("end", "hq", faces=(5,) * 8)
    assert "de retreats off the map: removed from play, no VP (9.4)" in end.effects
    p = play.g.position
    assert p.off_map == ("de",) and "de" not in p.eliminated and "de" not in p.units
    assert evaluate(s, p).vp.get("US", 0) == 0
    play.finish()


def test_an_assault_whose_attackers_an_earlier_one_took_is_not_fought_4_4(tmp_path):
    """Seeded random skirmish 1,500 of seed 3: the US HQ and a squad assault two hexes in one
    activation; the HQ falls in the first, returns by battlefield promotion (4.4) and the squad pays
    the step with its last strength point, so the second hex is left with no attacker and is not
    fought (it stopped the whole balance run with 'no unit assaults D2'). The game ends and replays."""
    from playout_scenarios import skirmish_file
    from wartools.play import playout, replay
    from wartools.scenario import load_scenario

    s = load_scenario(skirmish_file(tmp_path))
    g = playout(s, {"US": "random", "German": "random"}, seed=np.random.SeedSequence(3).spawn(1501)[1500])
    assert g.result and replay(g).final == g.turn_ends[-1].position


def test_no_retreat_into_a_minefield_7_2_9_4():
    """9.4 with 7.2: units never retreat into an enemy hex, and a minefield is one (mines are units; a
    mines feature names no side and is read as the mover's enemy, as the movement rules enter it by
    assault). The German defenders of C1, on the board's edge, may retreat into D1 or off the map (9.4); with
    D1 mined only off the map (retreat_hexes and hex_assault agree), and in play the defender, retreating in
    round 2 by option (neither side hits here, F0), goes off the map, not onto the mines."""
    from wartools.games.combat_infantry.control import retreat_hexes

    units = [("us", "US", "rifle", "C1", {"strength": 2, "tags": ["assaulting=B1", "firepower=0"]}),
             ("de", "German", "rifle", "C1", {"strength": 2, "tags": ["firepower=0"]})]
    mined, clear = (tiny_map("ci", 5, 1, units=units, features=f).with_options(
        **{"assault-defender-retreat": "round-2"}) for f in ({"D1": ["mines"]}, {}))
    assert retreat_hexes(mined, "C1", "German", entered_from=["B1"], defending=True).hexes == ()
    assert retreat_hexes(clear, "C1", "German", entered_from=["B1"], defending=True).hexes == ("D1",)
    assert hex_assault(mined, "C1").retreats == (("B1",), ("off the map",))
    assert hex_assault(clear, "C1").retreats == (("B1",), ("D1", "off the map"))
    for m, where in ((mined, "de retreats off the map"), (clear, "de retreats to D1")):
        res = m.game.turn_rules().fight_assaults(m, ScriptedDice([5] * 14))
        assert any(e.startswith(where) for e in res.effects), res.effects
