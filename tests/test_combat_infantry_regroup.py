"""Combat Infantry 9.5, regrouping: attacking or defending units that win an assault may move at once into
adjacent friendly hexes (8.3), stacking (8.2) and the assault limits (9.1) applying, before the next
assault is fought. A test per clause, on the single answer (:func:`regroup`) and in play, where the
winners' side chooses unit by unit, the defender too though it is not the side to act; and composed:
every regroup seeded playouts on random boards make is one the single answer allows."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
import yaml

from test_combat_infantry_assaults_in_play import Played, random_board
from test_play_examples import _play
from wartools.games.combat_infantry.hexassault import hex_assault
from wartools.games.combat_infantry.movement import entered_from
from wartools.games.combat_infantry.regroup import REGROUP, regroup, regrouped_from, regrouped_tag
from wartools.games.combat_infantry.control import hex_control
from wartools.play import find_bot, legal_actions, replay, start, step
from wartools.play.engine import RngDice
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map, tiny_map_data

F0 = "firepower=0"


def _scenario(columns, rows, units, **map_keys):
    """A one-turn Combat Infantry scenario; ``units`` are ``(id, side, type, cell, steps, tags)`` (a cell
    ``{"turn": n, "zone": z}``: a reinforcement entering by zone ``z``)."""
    sides: dict = {"US": {"units": []}, "German": {"units": []}}
    for uid, side, utype, cell, steps, tags in units:
        where = {"enters": cell} if isinstance(cell, dict) else {"cell": cell}
        sides[side]["units"].append({"id": uid, "type": utype, **where, "steps": steps, "tags": list(tags)})
    data = {"format": "wartools-scenario/1", "name": "regroup (our board)", "game": "combat-infantry", "turns": 1,
            "first": "US", "map": tiny_map_data("combat-infantry", columns, rows, name="tiny", **map_keys),
            "sides": sides, "victory": {"levels": [{"result": "Draw", "otherwise": True}]}}
    return loads_scenario(yaml.safe_dump(data))


# --- the single answer, clause by clause ----------------------------------------------------------
def test_winners_regroup_only_into_adjacent_hexes_9_5():
    """9.5: regrouping units move to adjacent hexes: the answer judges each hex next to the won hex, and
    only those; a hex farther away is refused as not adjacent."""
    m = tiny_map("ci", 5, 3, units=[("us-1", "US", "rifle", "C2"), ("us-2", "US", "mg", "C2")])
    r = regroup(m, "C2")
    near = {m.label(c) for c in m.grid.neighbours(m.cell("C2"))}
    for uid in ("us-1", "us-2"):
        assert {h.hex for h in r.hexes[uid]} == near and set(r.allowed(uid)) == near     # all friendly, all room
    assert "not adjacent" in r.verdict("us-1", "A2") and "A2" not in near


def test_winners_regroup_only_into_friendly_hexes_8_3_9_5():
    """9.5 with 8.3: only friendly hexes: never an enemy-occupied hex, a disputed one (vacant, next to both
    sides), the hex of an assault still to be fought (9.1: disputed), an enemy hex (a cliff stopping the
    winners' control, option control-across-cliff off) or a neutral one."""
    m = tiny_map("ci", 5, 1, units=[("us", "US", "rifle", "B1"), ("de", "German", "rifle", "D1")])
    r = regroup(m, "B1")
    assert r.allowed("us") == ("A1",) and r.verdict("us", "C1").startswith("disputed (8.3)")
    m = tiny_map("ci", 4, 1, units=[("us", "US", "rifle", "B1"), ("de", "German", "rifle", "C1")])
    assert regroup(m, "B1").verdict("us", "C1").startswith("enemy-occupied (8.3)")
    m = tiny_map("ci", 4, 1, units=[("us", "US", "rifle", "B1"), ("us-2", "US", "rifle", "C1", ["assaulting=D1"]),
                                    ("de", "German", "rifle", "C1")])
    assert regroup(m, "B1").verdict("us", "C1").startswith("an assault hex, its assault still to be fought")
    cliff = tiny_map("ci", 4, 1, edges={("B1", "C1"): "cliff"}, units=[("us", "US", "rifle", "B1"),
                                                                     ("de", "German", "rifle", "D1")])
    stopped = cliff.with_options(**{"control-across-cliff": False})
    assert regroup(cliff, "B1").verdict("us", "C1").startswith("disputed")
    assert regroup(stopped, "B1").verdict("us", "C1").startswith("enemy hex (8.3)")
    alone = stopped.without_unit("de")
    assert regroup(alone, "B1").verdict("us", "C1").startswith("neutral (8.3)")
    assert "control-across-cliff" in {a.option for a in regroup(alone, "B1").assumptions}


def test_which_hexes_are_friendly_to_a_regroup_is_an_option_8_3_9_5():
    """8.3: control is determined when needed. By default (option regroup-control: board) the won hex, no
    longer an assault hex, lends its winners' control to the vacant hexes next to it; with ``others`` only
    hexes friendly by the side's other units count. The answer names the reading."""
    m = tiny_map("ci", 4, 1, units=[("us", "US", "rifle", "B1"), ("us-2", "US", "rifle", "D1")])
    assert regroup(m, "B1").allowed("us") == ("A1", "C1")
    others = regroup(m.with_options(**{"regroup-control": "others"}), "B1")
    assert others.allowed("us") == ("C1",) and others.verdict("us", "A1").startswith("neutral")
    assert {a.option for a in others.assumptions} >= {"regroup-control"}
    assert any(a.option == "regroup-control" for a in m.game.turn_rules().assumptions())    # every record says it


def test_stacking_limits_apply_to_a_regroup_8_2_9_5():
    """9.5: stacking limits apply (8.2: a foxhole holds two). One US squad already in the foxhole: the
    first winner may regroup into it, and once it has, the second may not (the foxhole is full); the
    clear hexside (assault limit 2) is not what stops it."""
    m = tiny_map("ci", 3, 1, features={"C1": ["foxhole"]},
                 units=[("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1"), ("c", "US", "rifle", "C1")])
    assert regroup(m, "B1").allowed("a") == ("A1", "C1")
    moved = m.without_unit("a").with_unit("a", "US", "rifle", "C1", tags=[regrouped_tag("B1")])
    r = regroup(moved, "B1")
    assert r.allowed("b") == ("A1",) and r.verdict("b", "C1") == "stacking limit 2 of the foxhole reached (8.2)"


def test_a_hexside_lets_as_many_regroup_as_its_assault_limit_9_1_9_5():
    """9.5: assault limits apply: a town hexside lets one unit across (3.4 Town), counted over the whole
    regroup (the units tagged regrouped=<hex>); across a hedge only a tank (3.4 Hedge); a unit that cannot
    cross a hexside does not (a river for a tank, 8.5), and a bunker never moves (2.55)."""
    m = tiny_map("ci", 3, 1, terrain={"C1": "town"}, units=[("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1")])
    assert regroup(m, "B1").allowed("b") == ("A1", "C1")
    moved = m.without_unit("a").with_unit("a", "US", "rifle", "C1", tags=[regrouped_tag("B1")])
    r = regroup(moved, "B1")
    assert r.allowed("b") == ("A1",) and "used up by the 1 unit(s) that regrouped across it" in r.verdict("b", "C1")
    hedge = tiny_map("ci", 3, 1, edges={("A1", "B1"): "hedge", ("B1", "C1"): "river"},
                     units=[("r", "US", "rifle", "B1"), ("t", "US", "tank", "B1"), ("k", "US", "bunker", "B1")])
    r = regroup(hedge, "B1")
    assert r.allowed("r") == ("C1",) and "no rifle crosses it" in r.verdict("r", "A1")
    assert r.allowed("t") == ("A1",) and "river hexside: impassable" in r.verdict("t", "C1")
    assert r.allowed("k") == () and r.verdict("k", "C1") == "bunkers cannot move (2.55)"


def test_a_regroup_never_enters_a_minefield_7_2_9_5():
    """9.5: winners regroup into friendly hexes only; 7.2: mines are units set up in their hex, which a
    minefield controls (a revealed one its own hex only), and a move into a minefield is an assault (9.1: the
    movement rules' word). A vacant minefield next to the won hex is therefore no hex to regroup into: the
    winner would stand on the mines without assaulting them."""
    m = tiny_map("ci", 4, 1, features={"C1": ["mines"]},
                 units=[("us", "US", "rifle", "B1"), ("us-2", "US", "rifle", "A1")])
    r = regroup(m, "B1")
    assert r.allowed("us") == ("A1",)
    assert r.verdict("us", "C1") == "a minefield (7.2): entering it is an assault on the mines, not a regroup"
    assert "not into C1: a minefield (7.2)" in r.text()


def test_a_regroup_across_a_slope_names_the_downhill_reading_9_1_9_5():
    """9.5: the assault limits apply; 3.4 Slope: a slope hexside's assault limit is 1, downhill too unless
    option slope-limit-downhill is off (chart note 9). A winner regrouping downhill across a slope rests on
    that reading, and the answer names it."""
    m = tiny_map("ci", 3, 1, elevation={"B1": 1}, edges={("B1", "C1"): "slope"},
                 units=[("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1")])
    r = regroup(m, "B1")
    assert r.allowed("a") == ("A1", "C1") and "slope" in r.verdict("a", "C1")
    assert "slope-limit-downhill" in {a.option for a in r.assumptions}
    flat = tiny_map("ci", 3, 1, units=[("a", "US", "rifle", "B1")])
    assert "slope-limit-downhill" not in {a.option for a in regroup(flat, "B1").assumptions}


def test_only_the_winners_of_a_finished_assault_regroup_9_5():
    """9.5: the units that win an assault regroup: asked of a hex where both sides still stand, or of an empty
    one, the answer refuses."""
    from wartools.errors import WartoolsError

    m = tiny_map("ci", 3, 1, units=[("us", "US", "rifle", "B1", ["assaulting=A1"]), ("de", "German", "rifle", "B1")])
    with pytest.raises(WartoolsError, match="its assault is not over"):
        regroup(m, "B1")
    with pytest.raises(WartoolsError, match="no unit stands on A1"):
        regroup(m, "A1")


# --- in play ------------------------------------------------------------------------------------
def test_defenders_that_win_an_assault_regroup_too_out_of_turn_9_5():
    """9.5: attacking *or defending* units that win may regroup. The US squad assaults the German on B1;
    nobody can hit (F0), so the attacker must retreat in round 3 (9.2) and the defender wins. Though the US
    activation is the one ending, the German decides: its offers are to regroup into C1 (A1 is US-held) or to
    stay, the recorded action is German, and play then goes on with the side whose turn was next; the record
    replays. A German reinforcement due this turn waits for the German player turn: a choice out of turn
    brings no one onto the board."""
    s = _scenario(4, 1, [("hq", "US", "hq", "A1", 1, [F0]), ("us", "US", "rifle", "A1", 2, [F0]),
                         ("de", "German", "rifle", "B1", 2, [F0]),
                         ("de-r", "German", "rifle", {"turn": 1, "zone": "east"}, 2, [])], zones={"east": ["D1"]})
    play = Played(s)
    play("activate", "hq")
    play("assault", "us", dest="B1")
    end = play("end", "hq", faces=(5,) * 10)
    assert "assault on B1: the defender wins in round 3 (retreated)" in end.effects
    assert "de may regroup from B1 (9.5)" in end.effects
    g = play.g
    assert (g.turn.phase, g.side, g.turn.active) == ("regroup", "German", "hq")
    offered = legal_actions(g)
    assert [(c.kind, c.unit, c.side) for c in offered] == [("regroup", "de", "German"), ("stay", "de", "German")]
    assert offered[0].dest == s.map.cell("C1")
    went = play("regroup", "de", dest="C1")
    assert went.side == "German" and went.cells == ("B1", "C1") and went.rule == "Combat Infantry 9.5"
    g = play.g
    assert (g.turn.phase, g.side, g.turn.active, g.turn.resume) == ("player turns", "German", None, None)
    assert g.position.units["de"].cell == s.map.cell("C1")
    assert g.position.units["de"].tags == (F0, "hidden")          # a winning defender stands upright (9.2)
    assert {c.kind for c in legal_actions(g)} == {"enter"}                        # the German's turn: it enters
    play("enter", "de-r", dest="D1")
    play.finish()


def test_after_the_attackers_regroup_the_other_player_takes_the_next_turn_1_0_9_5():
    """1.0: the players alternate player turns; 9.5: the winners regroup at once. The US squad wins its
    assault on B1 in the US player turn and regroups into C1; the player turn that follows is the German
    one, as it would have been had nobody regrouped."""
    s = _scenario(6, 1, [("hq", "US", "hq", "A1", 1, []), ("us", "US", "rifle", "A1", 2, []),
                         ("de", "German", "rifle", "B1", 1, [F0]), ("de-hq", "German", "hq", "F1", 1, [])])
    play = Played(s)
    play("activate", "hq")
    play("assault", "us", dest="B1")
    end = play("end", "hq", faces=(1,) * 4)
    assert "us may regroup from B1 (9.5)" in end.effects and play.g.side == "US"
    play("regroup", "us", dest="C1")
    g = play.g
    assert (g.turn.phase, g.side, g.turn.active, g.turn.resume) == ("player turns", "German", None, None)
    assert g.position.units["us"].cell == s.map.cell("C1")
    assert {c.kind for c in legal_actions(g)} >= {"activate", "pass"} and all(c.side == "German"
                                                                             for c in legal_actions(g))
    play.finish()


def test_the_game_turn_ends_once_the_last_player_turns_regroup_is_done_1_3_9_5():
    """1.3: player turns alternate until both players complete four, ending the game turn; 9.5: the winners
    regroup at once. The German wins an assault in the eighth and last player turn of the only game turn:
    the game turn waits for its regroup, and ends (here the game) once the winner has chosen."""
    s = _scenario(4, 1, [("us", "US", "rifle", "B1", 1, [F0]), ("de-hq", "German", "hq", "D1", 1, []),
                         ("de", "German", "rifle", "C1", 2, [])])
    play = Played(s)
    for _ in range(3):
        play("pass", None)
        play("pass", None)
    play("pass", None)
    assert (play.g.side, play.g.turn.impulses["US"], play.g.turn.impulses["German"]) == ("German", 4, 3)
    play("activate", "de-hq")
    play("assault", "de", dest="B1")
    end = play("end", "de-hq", faces=(1,) * 4)
    assert "de may regroup from B1 (9.5)" in end.effects
    assert (play.g.over, play.g.turn.phase, play.g.side) == (False, "regroup", "German")
    went = play("regroup", "de", dest="A1")
    assert went.cells == ("B1", "A1") and play.g.over and play.g.position.units["de"].cell == s.map.cell("A1")
    play.finish()


def test_regrouping_is_done_before_the_next_assault_is_fought_9_5():
    """9.5: regrouping must be done before the next assault is fought. Two assaults in one activation: the
    US wins B1 first (9.1: in the map's order); the assault on D1 waits while the winner chooses. Regrouping
    into C1 makes it a friendly-occupied hex next to D1, so the attacker there, which cannot win (F0),
    retreats into C1 (9.4: the first hex of retreat in map order) rather than back whence it came, E1; had
    the winner stayed, it would go back to E1."""
    s = _scenario(7, 1, [("us-chq", "US", "hq", "G1", 1, []), ("us-a", "US", "rifle", "A1", 2, []),
                         ("us-e", "US", "rifle", "E1", 2, [F0]), ("de-b", "German", "rifle", "B1", 1, [F0]),
                         ("de-d", "German", "rifle", "D1", 2, [F0])])

    def fought_after(kind, **dest):
        play = Played(s)
        play("activate", "us-chq")
        play("assault", "us-a", dest="B1")
        play("assault", "us-e", dest="D1")
        first = play("end", "us-chq", faces=(1,) * 4)            # de-b passes morale, misses; us-a hits twice
        assert "assault on B1: the attacker wins in round 1 (eliminated)" in first.effects
        assert len(first.rolls) == 1 and play.g.turn.phase == "regroup"
        assert entered_from(play.g.position.units["us-e"].tags) == "E1"                  # D1 not fought yet
        before = hex_assault(play.g.map, "D1").retreats[0]
        second = play(kind, "us-a", faces=(5,) * 10, **dest)
        assert [r.what for r in second.rolls] == ["us-e assaults D1 (de-d)"]
        return before, play, second

    before, play, second = fought_after("regroup", dest="C1")
    assert before == ("E1",)
    assert "us-e retreats to C1 (9.4)" in second.effects
    play.finish()
    _, play, second = fought_after("stay")
    assert "us-e retreats to E1 (9.4)" in second.effects


def test_stacking_applies_once_the_regroups_are_done_8_2_9_5():
    """8.2: stacking applies at the end of an HQ activation, and the activation's assaults and their regroups
    (9.5) are part of it. The PHQ deploys into C1, already holding three squads (4.2: it may overstack for
    the while); IN 4 assaults E1 from D1 and wins, and regroups into F1. Only then is the PHQ eliminated for
    overstacking, and it returns by battlefield promotion (4.4) with the strongest squad, IN 4, where IN 4
    now stands (had stacking been applied before the regroup, it would have returned on E1)."""
    s = _scenario(7, 1, [("hq", "US", "hq", "B1", 1, []), ("r1", "US", "rifle", "C1", 2, []),
                         ("r2", "US", "rifle", "C1", 2, []), ("r3", "US", "rifle", "C1", 2, []),
                         ("a", "US", "rifle", "D1", 4, []), ("de", "German", "rifle", "E1", 1, [F0])])
    play = Played(s)
    play("deploy", "hq", dest="C1")
    play("assault", "a", dest="E1")
    first = play("end", "hq", faces=(1,) * 6)
    assert "a may regroup from E1 (9.5)" in first.effects and not any("8.2" in e for e in first.effects)
    went = play("regroup", "a", dest="F1")
    assert "hq eliminated: over the stacking limit of C1 at the end of its activation (8.2)" in went.effects
    assert "battlefield promotion (4.4): hq returns on F1; a loses a step" in went.effects
    units = play.g.position.units
    assert units["hq"].cell == units["a"].cell == s.map.cell("F1") and units["a"].steps == 3
    play.finish()


def test_a_regroup_is_recorded_and_replays_and_its_tags_end_with_it(tmp_path):
    """Records: a regroup is an action of its own (kind ``regroup``, the cells from and to, rule 9.5) and a
    record with regroups replays; while other winners are still to choose a regrouped unit carries the hex it
    came from, and once the last has chosen no regroup tag is left."""
    from wartools.play import load_record, save_record

    s = _scenario(4, 2, [("us-chq", "US", "hq", "D2", 1, []), ("us-a", "US", "rifle", "A1", 2, []),
                         ("us-b", "US", "rifle", "A2", 2, []), ("de", "German", "rifle", "B1", 1, [F0])])
    play = Played(s)
    play("activate", "us-chq")
    play("assault", "us-a", dest="B1")
    play("assault", "us-b", dest="B1")
    play("end", "us-chq", faces=(1,) * 6)
    assert play.g.turn.phase == "regroup" and {REGROUP} <= set(play.g.position.units["us-a"].tags)
    dest = next(c.dest for c in legal_actions(play.g) if c.kind == "regroup" and c.unit == "us-a")
    play("regroup", "us-a", dest=s.map.label(dest))
    assert regrouped_from(play.g.position.units["us-a"].tags) == "B1"
    play("stay", "us-b")
    assert not any(REGROUP in st.tags or regrouped_from(st.tags) for st in play.g.position.units.values())
    record = play.finish()
    path = tmp_path / "regroup.json"
    save_record(record, path)
    loaded = load_record(path)
    kinds = [(a.kind, a.unit, a.cells, a.rule) for a in loaded.actions if a.rule == "Combat Infantry 9.5"]
    assert kinds == [("regroup", "us-a", ("B1", s.map.label(dest)), "Combat Infantry 9.5"),
                     ("stay", "us-b", (), "Combat Infantry 9.5")]
    assert replay(loaded, seeded=False).final == play.g.position


def test_the_greedy_bot_weighs_a_regroup_as_a_move_9_5():
    """The winners' choice is a bot's: the greedy bot scores a regroup as it scores a move (the exposure on
    the hex left minus the exposure on the hex reached, and the progress towards an objective), staying as
    nothing. The German MG on E1 sees the won hex B1 and C1 but not into the woods of A1 (3.4 Woods): the
    winner regroups into the woods."""
    from analysis_helpers import tiny_scenario
    from wartools.play.greedy import GreedyBot

    s = tiny_scenario("combat-infantry", 5, 1, [("hq", "US", "hq", "A1"), ("us", "US", "rifle", "A1", {"steps": 2}),
                                                ("de", "German", "rifle", "B1", {"steps": 1, "tags": [F0]}),
                                                ("mg", "German", "mg", "E1")], terrain={"A1": "woods"}, turns=1)
    g, _, _ = _play(start(s), "activate", "hq")
    g, _, _ = _play(g, "assault", "us", dest="B1")
    g, _, _ = _play(g, "end", "hq", faces=(1,) * 4)
    legal = legal_actions(g)
    bot = GreedyBot()
    scores = {(c.kind, c.dest and s.map.label(c.dest)): bot.score(g, c) for c in legal}
    into = {s.map.label(c.dest): c for c in legal if c.kind == "regroup"}
    assert set(into) == {"A1", "C1"} and scores[("stay", None)] == 0.0
    exposure = bot._exposures(g, "us", {s.map.cell("A1"), s.map.cell("C1")})
    assert exposure[s.map.cell("A1")] == 0.0 < exposure[s.map.cell("B1")] <= exposure[s.map.cell("C1")]
    assert scores[("regroup", "A1")] == bot._move(g, into["A1"]) == pytest.approx(exposure[s.map.cell("B1")])
    assert scores[("regroup", "C1")] <= 0.0
    chosen = legal[bot.choose(g, legal, np.random.default_rng(0)).index]
    assert (chosen.kind, chosen.dest) == ("regroup", s.map.cell("A1"))


@pytest.mark.parametrize("objective, chosen", [(None, ("stay", None)), ("E1", ("regroup", "C1"))])
def test_the_chit_pull_bot_regroups_towards_the_objective_or_stays_10_5(objective, chosen):
    """The chit-pull bot (10.5) reads a regroup as a move: by priority 6 it regroups towards the nearest
    objective worth VP when that brings it closer, and otherwise, nothing else applying, the winner stays."""
    from analysis_helpers import tiny_scenario
    from wartools.games.combat_infantry.bots import ChitPullBot

    s = tiny_scenario("combat-infantry", 5, 1, [("hq", "US", "hq", "A1"), ("us", "US", "rifle", "A1", {"steps": 2}),
                                                ("de", "German", "rifle", "B1", {"steps": 1, "tags": [F0]})],
                      objectives=[("goal", objective)] if objective else [], turns=1)
    g, _, _ = _play(start(s), "activate", "hq")
    g, _, _ = _play(g, "assault", "us", dest="B1")
    g, _, _ = _play(g, "end", "hq", faces=(1,) * 4)
    legal = legal_actions(g)
    assert {c.kind for c in legal} == {"regroup", "stay"}
    choice = ChitPullBot().choose(g, legal, np.random.default_rng(0))
    c = legal[choice.index]
    assert (c.kind, c.dest and s.map.label(c.dest)) == chosen and "at random" not in choice.why


# --- composed: seeded playouts on random boards ---------------------------------------------------
def _check_regroup(g, c):
    """A regroup candidate of ``g`` is one the single answer allows, and keeps the text's clauses checked
    independently: an adjacent hex, held by the side (8.3), with room (8.2)."""
    m = g.map
    u = m.unit(c.unit)
    assert REGROUP in u.tags and u.side == g.side
    answer = regroup(m, u.cell, [u.id])
    assert m.label(c.dest) in answer.allowed(u.id), (c, answer.text())
    assert c.dest in m.grid.neighbours(u.cell)
    assert "mines" not in m.features_at(c.dest)                     # no regroup onto mines (7.2)
    assert hex_control(m)[m.label(c.dest)] == u.side
    friends = [x for x in m.units if x.cell == c.dest and x.side == u.side]
    assert m.game.scenario_rules().stack_problem(m, [*friends, dataclasses.replace(u, cell=c.dest)]) is None


def test_seeded_playouts_on_random_boards_regroup_only_where_the_answer_allows_9_5():
    """9.5 composed: seeded greedy and random playouts on random boards (every assault feature, and hexside
    terrain: the assault test's boards) regroup only into hexes the single answer allows, adjacent,
    friendly and with room checked again independently; only regroups and stays are offered while winners
    choose, and no regroup tag outlives the regroup. Among them: regroups, stays, and defenders' choices."""
    counts = {"regroup": 0, "stay": 0, "defender": 0}
    for bots, seeds in ((("greedy", "greedy"), range(300, 316)), (("random", "random"), range(310, 324))):
        before = counts["regroup"]
        for k in seeds:
            s = random_board(k)
            g, rng = start(s), np.random.default_rng(k)
            players = {side: find_bot(b) for side, b in zip(s.sides, bots)}
            dice = RngDice(rng)
            while not g.over:
                legal = legal_actions(g)
                c = legal[players[g.side].choose(g, legal, rng).index]
                if g.turn.phase == "regroup":
                    assert {x.kind for x in legal} <= {"regroup", "stay"}     # reinforcements wait (no turn)
                    if c.kind == "regroup":
                        _check_regroup(g, c)
                    if c.kind in counts:
                        counts[c.kind] += 1
                        counts["defender"] += s.unit(g.turn.active).side != g.side     # not the activation's side
                g, _, _ = step(g, c, dice)
                if g.turn.phase != "regroup":
                    assert not any(REGROUP in u.tags or regrouped_from(u.tags) for u in g.map.units)
        assert counts["regroup"] > before, (bots, counts)
    assert counts["stay"] >= 1 and counts["defender"] >= 1, counts
