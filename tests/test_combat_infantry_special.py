"""Combat Infantry 7.0 special actions in play: features play places on the board (``Position.placed``),
foxholes dug (7.1), smoke laid (7.4) and barbed wire cleared (7.5), each against the single answer
:func:`~wartools.games.combat_infantry.special.special_action`."""
from __future__ import annotations

from fractions import Fraction

import pytest
import yaml

from analysis_helpers import tiny_scenario
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.special import mortar_smoke_hexes, special_action
from wartools.play.engine import _apply, legal_actions, start, step
from wartools.rules.turn import Resolution, ScriptedDice
from wartools.scenario import dumps_position, loads_position, loads_scenario, scenario_to_dict
from wartools.testing import tiny_map_data


def _scenario(units, columns=5, rows=1, features=None, terrain=None, turns=2, edges=None):
    """A Combat Infantry scenario on a ``columns`` x ``rows`` board with cell ``features``."""
    s = tiny_scenario("combat-infantry", columns, rows, units, turns=turns)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", columns, rows, name="tiny", features=features or {},
                                terrain=terrain or {}, edges=edges or {})
    return loads_scenario(yaml.safe_dump(data))


def _activated(s, hq="hq", position=None):
    g = start(s, position)
    return step(g, next(c for c in legal_actions(g) if c.kind == "activate" and c.unit == hq), ScriptedDice([]))[0]


def _play(g, kind, unit, dest=None, faces=()):
    """Play ``unit``'s ``kind`` on ``dest`` (default: any) with the dice ``faces``; ``None`` when it is not legal."""
    m = g.map
    for c in legal_actions(g):
        if (c.kind, c.unit) == (kind, unit) and (dest is None or c.dest == m.cell(dest)):
            return step(g, c, ScriptedDice(list(faces)))
    return None


# --- Position.placed: the features play adds ------------------------------------------------------
def test_a_position_holds_the_features_play_placed_and_the_map_shows_them():
    s = _scenario([("hq", "US", "hq", "A1"), ("us", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")],
                  features={"D1": ["wire"]})
    c, d = s.map.cell("C1"), s.map.cell("D1")
    p = s.start().with_features(placed=((c, "foxhole"),))
    assert p.placed == ((c, "foxhole"),) and s.map_at(p).features_at("C1") == ("foxhole",)
    assert s.map_at(p).board_fingerprint == s.map_at(p.replace(units={})).board_fingerprint   # one board
    assert s.map_at(p).board_fingerprint != s.map_at().board_fingerprint
    both = p.with_features(cleared=((d, "wire"),))
    assert s.map_at(both).features == {c: ("foxhole",)}
    text = dumps_position(s, both)                          # a position file keeps them
    assert "placed" in text and "cleared" in text
    back = loads_position(text, s)
    assert (back.placed, back.cleared) == (both.placed, both.cleared)
    assert back.with_features(cleared=((c, "foxhole"),)).placed == ()        # removing a placed feature


@pytest.mark.parametrize("placed, message", [
    ({"C1": ["trench"]}, "placed.C1.0: unknown cell feature 'trench'"),
    ({"D1": ["wire"]}, "placed.D1.0: D1 has a wire on the map already"),
    ({"C1": ["smoke", "smoke"]}, "placed.C1.1: smoke on C1 is listed twice"),
    ({"Z9": ["smoke"]}, "placed.Z9"),
])
def test_a_position_file_refuses_placed_features_the_game_or_the_map_cannot_have(placed, message):
    s = _scenario([("hq", "US", "hq", "A1"), ("de", "German", "rifle", "E1")], features={"D1": ["wire"]})
    data = yaml.safe_load(dumps_position(s, s.start()))
    data["placed"] = placed
    with pytest.raises(WartoolsError, match=message):
        loads_position(yaml.safe_dump(data), s)


def test_a_position_file_checks_stacking_on_the_board_play_left_a_placed_foxhole_stacks_two_7_1():
    s = _scenario([("hq", "US", "hq", "A1"), ("a", "US", "rifle", "B1"), ("b", "US", "rifle", "B1"),
                   ("c", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")])
    data = yaml.safe_load(dumps_position(s, s.start()))
    assert loads_position(yaml.safe_dump(data), s).placed == ()               # clear: three stack
    data["placed"] = {"B1": ["foxhole"]}
    with pytest.raises(WartoolsError, match="units.4.cell: B1 is over the stacking limit: stacking limit 2 in a foxhole"):
        loads_position(yaml.safe_dump(data), s)


def test_the_engine_places_a_resolutions_features_and_rebuilds_the_map_for_them():
    s = _scenario([("hq", "US", "hq", "A1"), ("de", "German", "rifle", "E1")])
    g = _activated(s)
    c = s.map.cell("B1")
    assert "foxhole" not in g.map.features_at("B1")
    p = _apply(s, g.position, Resolution(placed=((c, "foxhole"),)))
    assert p.units == g.position.units and p.placed == ((c, "foxhole"),)
    assert g.replace(position=p).map.features_at("B1") == ("foxhole",)        # not the map of before
    assert _apply(s, p, Resolution(cleared=((c, "foxhole"),))).placed == ()


# --- 7.1 Foxholes ------------------------------------------------------------------------------------
def _kinds(g, unit):
    return sorted({c.kind for c in legal_actions(g) if c.unit == unit})


def test_any_commanded_unit_may_dig_a_foxhole_instead_of_rally_fire_or_move_7_0_7_1():
    """7.1: any commanded unit (even a tank or gun) may dig; 7.0: instead of its rally, fire or move (it has
    acted); a unit out of command is offered no dig; the foxhole is dug at once, no roll, in its hex."""
    s = _scenario([("hq", "US", "hq", "B1"), ("us", "US", "rifle", "B1"), ("t", "US", "tank", "A1"),
                   ("far", "US", "rifle", "D1"), ("de", "German", "rifle", "E1")], turns=1)
    g = _activated(s)
    assert "dig" in _kinds(g, "us") and "dig" in _kinds(g, "hq") and "dig" not in _kinds(g, "far")
    g2, (dug, *_), _ = _play(g, "dig", "us")
    assert dug.rolls == () and dug.cells == ("B1",) and dug.rule == "Combat Infantry 7.1"
    assert g2.position.placed == ((s.map.cell("B1"), "foxhole"),) and g2.map.features_at("B1") == ("foxhole",)
    assert _kinds(g2, "us") == [] and "us" in g2.turn.acted                         # its one action
    g3 = _play(g2, "dig", "hq")                                                     # not where one is now
    assert g3 is None
    tank = special_action(g2.map, "t", "dig")
    assert tank.allowed and tank.p == 1 and "t" in {c.unit for c in legal_actions(g2) if c.kind == "dig"}


def test_a_unit_ends_a_special_action_face_up_7_0():
    """7.0: units end a special action face-up: a squad set up hidden digs in and is hidden no more, whether the
    action succeeds (a foxhole) or its roll fails (smoke)."""
    s = _scenario([("hq", "US", "hq", "A1"), ("us", "US", "rifle", "B1", {"hidden": True}),
                   ("eng", "US", "engineer", "A1", {"hidden": True, "steps": 1}), ("de", "German", "rifle", "E1")])
    g = _activated(s)
    assert "hidden" in g.position.units["us"].tags and "hidden" in g.position.units["eng"].tags
    dug, (act, *_), _ = _play(g, "dig", "us")
    assert "hidden" not in dug.position.units["us"].tags and any("revealed: it does a special action" in e for e in act.effects)
    missed, _, _ = _play(dug, "smoke", "eng", "B1", faces=(9,))
    assert missed.position.placed == dug.position.placed and "hidden" not in missed.position.units["eng"].tags


def test_a_foxhole_is_dug_only_in_clear_terrain_7_1():
    s = _scenario([("hq", "US", "hq", "B1"), ("us", "US", "rifle", "A1"), ("v", "US", "rifle", "C1"),
                   ("de", "German", "rifle", "E1")], terrain={"A1": "woods", "C1": "town"})
    g = _activated(s)
    assert "dig" not in _kinds(g, "us") and "dig" not in _kinds(g, "v") and "dig" in _kinds(g, "hq")
    assert special_action(g.map, "us", "dig").why_not == ("A1 is woods: a foxhole is dug only in Clear terrain (7.1)",)


def test_no_foxhole_is_dug_where_one_is_nor_in_wire_7_1_7_5():
    s = _scenario([("hq", "US", "hq", "B1"), ("us", "US", "rifle", "A1"), ("w", "US", "rifle", "C1"),
                   ("de", "German", "rifle", "E1")], features={"A1": ["foxhole"], "C1": ["wire"]})
    g = _activated(s)
    assert "dig" not in _kinds(g, "us") and "dig" not in _kinds(g, "w")
    assert special_action(g.map, "us", "dig").why_not == ("A1 has a foxhole already (7.1)",)
    assert "fully stacks" in special_action(g.map, "w", "dig").why_not[0]


def test_a_foxhole_is_not_dug_where_it_would_overstack_the_hex_omitted_7_1_8_2():
    """7.1: a foxhole stacks two; a third unit of the side in the hex would be eliminated when the
    activation ends (8.2): the dig is not offered (the turn rules' OMITTED says so)."""
    from wartools.games.combat_infantry.turn import Turns

    units = [("hq", "US", "hq", "B1"), ("a", "US", "rifle", "A1"), ("b", "US", "rifle", "A1"),
             ("de", "German", "rifle", "E1")]
    assert "dig" in _kinds(_activated(_scenario(units)), "a")
    g = _activated(_scenario([*units, ("c", "US", "rifle", "A1")]))
    assert "dig" not in _kinds(g, "a") and "3 US units in A1" in special_action(g.map, "a", "dig").why_not[0]
    assert any(rule == "Combat Infantry 7.1, 8.2" for rule, _ in Turns.OMITTED)


def test_a_foxhole_stays_for_the_scenario_and_an_enemy_may_occupy_it_7_1():
    """7.1: foxholes survive for the scenario (not removed when the game turn ends, unlike smoke, 7.4)
    and enemy units may occupy them: an enemy in the dug foxhole has its D2 against fire (7.1, 6.7)."""
    s = _scenario([("hq", "US", "hq", "A1"), ("us", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")], turns=2)
    g, _, _ = _play(_activated(s), "dig", "us")
    while g.position.turn == 1:
        g, _, _ = step(g, next(c for c in legal_actions(g) if c.kind in ("end", "pass")), ScriptedDice([3, 7] * 20))
    assert g.position.turn == 2 and g.map.features_at("B1") == ("foxhole",)
    gone = g.position.replace(units={k: v for k, v in g.position.units.items() if k != "us"},
                              eliminated=("us",))
    there = gone.replace(units={**gone.units, "de": gone.units["de"].replace(cell=s.map.cell("B1"))})
    m = s.map_at(there)
    assert m.features_at("B1") == ("foxhole",) and g.rules.in_cover(m, m.unit("de"))
    assert not g.rules.in_cover(s.map_at(there.replace(placed=())), m.unit("de"))


def _end_game_turn(g, first=(7, 3)):
    """Every side ends or passes until the game turn is over (the next one's first player: ``first``)."""
    turn = g.position.turn
    while g.position.turn == turn and not g.over:
        g, _, _ = step(g, next(c for c in legal_actions(g) if c.kind in ("end", "pass")), ScriptedDice(list(first)))
    return g


# --- 7.4 Smoke ---------------------------------------------------------------------------------------
def test_an_engineer_lays_smoke_in_one_adjacent_hex_by_rolling_at_least_one_hit_7_4():
    """7.4: engineers lay smoke in one adjacent hex by "firing" and rolling at least one hit: 2 steps at F2,
    faces 3 and 9 miss (the roll's chance 16/25), 2 and 9 hit once (9/25); not by a unit that is no engineer,
    nor across a hedge (fire is blocked, 3.4: a named reading, option smoke-across-hedge)."""
    s = _scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1", {"steps": 2}),
                   ("us", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")], edges={("A1", "B1"): "hedge"})
    g = _activated(s)
    m = g.map
    assert [m.label(c.dest) for c in legal_actions(g) if c.kind == "smoke"] == ["C1"]
    assert "smoke" not in _kinds(g, "us") and "across the hedge" in special_action(m, "eng", "smoke", "A1").why_not[0]
    over = _activated(s.with_options(smoke_across_hedge=True))
    assert sorted(over.map.label(c.dest) for c in legal_actions(over) if c.kind == "smoke") == ["A1", "C1"]
    answer = special_action(m, "eng", "smoke", "C1")
    assert (answer.p, answer.dice, answer.firepower) == (Fraction(9, 25), 2, 2)
    assert [a.option for a in answer.assumptions] == ["smoke-across-hedge", "smoke-by-firing"] and "hedge" in answer.text()
    missed, (act, *_), _ = _play(g, "smoke", "eng", "C1", faces=(3, 9))
    (roll,) = act.rolls
    assert (roll.faces, roll.p, roll.value, roll.expected) == ((3, 9), Fraction(16, 25), 0, Fraction(9, 25))
    assert missed.position.placed == () and "eng" in missed.turn.acted
    laid, (act, *_), _ = _play(g, "smoke", "eng", "C1", faces=(2, 9))
    assert (act.rolls[0].p, act.rolls[0].value) == (Fraction(9, 25), 1) and act.rule == "Combat Infantry 7.4"
    assert laid.position.placed == ((m.cell("C1"), "smoke"),) and laid.map.features_at("C1") == ("smoke",)


def test_a_mortar_lays_smoke_on_a_spotted_hex_it_sees_by_rolling_at_least_one_hit_7_4_6_61():
    """7.4: mortars lay smoke by designating a spotted target hex and rolling at least one hit: a hex in its
    range it sees itself (6.61: its own line of sight), 2 steps at F4, faces 5 and 9 miss (9/25), 4 and 9
    lay it (16/25); not into the woods it does not see (woods block but from next door, 3.4) nor beyond;
    the woods hex an adjacent HQ spots is not offered either (the turn rules' OMITTED: mortar smoke on a
    hex only an HQ spots)."""
    from wartools.games.combat_infantry.turn import Turns

    s = _scenario([("hq", "US", "hq", "A1"), ("mo", "US", "mortar", "A1", {"steps": 2}), ("hq2", "US", "hq", "D1"),
                   ("de", "German", "rifle", "I1")], columns=9, terrain={"E1": "woods"})
    g = _activated(s)
    m = g.map
    assert sorted(m.label(c.dest) for c in legal_actions(g) if c.kind == "smoke") == ["B1", "C1", "D1"]
    answer = special_action(m, "mo", "smoke", "C1")
    assert (answer.dice, answer.firepower, answer.p) == (2, 4, Fraction(16, 25))
    assert "does not see E1" in special_action(m, "mo", "smoke", "E1").why_not[0]
    assert not special_action(m, "mo", "smoke", "H1")
    assert any(rule == "Combat Infantry 7.4, 6.61" for rule, _ in Turns.OMITTED)
    missed, (act, *_), _ = _play(g, "smoke", "mo", "C1", faces=(5, 9))
    assert (act.rolls[0].p, act.rolls[0].value, missed.position.placed) == (Fraction(9, 25), 0, ())
    laid, (act, *_), _ = _play(g, "smoke", "mo", "C1", faces=(4, 9))
    assert act.rolls[0].p == Fraction(16, 25) and laid.map.features_at("C1") == ("smoke",)


def test_the_hexes_a_mortar_sees_read_no_units_so_one_board_keeps_them_6_4():
    """6.4: units see through units, friendly or not: the hexes a mortar sees on a board with units between
    are those it sees on the bare board (so mortar_smoke_hexes keeps them per board and mortar)."""
    from wartools.los.analysis import viewshed
    from wartools.testing import tiny_map

    bare = tiny_map("ci", 9, 2, terrain={"F1": "woods"}, units=[("mo", "US", "mortar", "A1")])
    full = tiny_map("ci", 9, 2, terrain={"F1": "woods"}, units=[
        ("mo", "US", "mortar", "A1"), ("r", "US", "rifle", "C1"), ("de", "German", "rifle", "D1"),
        ("de2", "German", "mg", "D2")])
    seen = set(viewshed(full, "A1", cells=[c for c in full.grid.cells() if 0 < full.grid.distance(
        full.cell("A1"), c) <= 6], unit="mortar", side="US", mode="sight", range=6)) - {full.cell("A1")}
    assert seen == mortar_smoke_hexes(bare, bare.unit("mo")) and full.cell("E1") in seen


def test_smoke_blocks_the_lines_through_its_hex_and_dissipates_when_the_game_turn_ends_7_4():
    """7.4: smoke blocks LOS in, out and through its hex for the current game turn, then dissipates: the
    German rifle two hexes off may fire at the engineer before the smoke, not after; when the game turn
    ends the smoke laid and the smoke the map started with are gone and the shot is back."""
    from wartools.play.attacks import attack_on

    s = _scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1", {"steps": 2}),
                   ("de", "German", "rifle", "D1"), ("dhq", "German", "hq", "E1")], features={"A1": ["smoke"]})
    g = _activated(s)
    def shot(g):
        return attack_on(g.board, g.map.unit("de"), g.map.unit("eng"))
    assert shot(g) is not None
    laid, _, _ = _play(g, "smoke", "eng", "C1", faces=(1, 1))
    assert shot(laid) is None
    after = _end_game_turn(laid)
    assert after.position.turn == 2 and after.position.placed == ()
    assert after.position.cleared == ((s.map.cell("A1"), "smoke"),) and after.map.features == {}
    assert shot(after) is not None


def test_smoke_is_not_laid_where_smoke_is_nor_in_a_wire_hex_7_4_7_5():
    s = _scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1"), ("de", "German", "rifle", "E1")],
                  rows=2, features={"C1": ["smoke"], "B2": ["wire"]})
    m = _activated(s).map
    assert special_action(m, "eng", "smoke", "C1").why_not == ("C1 is in smoke already (7.4)",)
    assert "fully stacks" in special_action(m, "eng", "smoke", "B2").why_not[0]
    assert special_action(m, "eng", "smoke", "E1").why_not == ("E1 is not adjacent to eng (7.4)",)



def test_smoke_is_laid_by_firing_not_out_of_a_smoke_hex_nor_into_an_assault_an_option_7_4_6_1():
    """7.4: engineers lay smoke by "firing", and LOS is blocked in, out or through a smoke hex; 6.1: units
    cannot fire into assaults. Read plainly (option smoke-by-firing, default on, named in the answer), the
    engineer on B1 in smoke lays none out of it into A1, and the one on D1 none into C1, where an assault is
    still to be fought (mortars neither); with the option off both are allowed."""
    from wartools.testing import tiny_map

    m = tiny_map("ci", 4, 1, features={"B1": ["smoke"]},
                 units=[("eng", "US", "engineer", "B1", {"strength": 2}), ("eng-2", "US", "engineer", "D1"),
                        ("us", "US", "rifle", "C1", {"tags": ["assaulting=D1"]}), ("de", "German", "rifle", "C1")])
    out, into = special_action(m, "eng", "smoke", "A1"), special_action(m, "eng-2", "smoke", "C1")
    assert out.why_not == ("eng is in a smoke hex: smoke is laid by firing, and LOS is blocked out of smoke (7.4)",)
    assert into.why_not == ("C1 is the hex of an assault: smoke is laid by firing, and units cannot fire into "
                            "assaults (6.1)",)
    assert "smoke-by-firing" in [a.option for a in out.assumptions]
    off = m.with_options(**{"smoke-by-firing": False})
    assert special_action(off, "eng", "smoke", "A1").allowed and special_action(off, "eng-2", "smoke", "C1").allowed
    mortar = tiny_map("ci", 5, 1, units=[("mo", "US", "mortar", "A1", {"strength": 2}),
                                        ("us", "US", "rifle", "C1", {"tags": ["assaulting=D1"]}),
                                        ("de", "German", "rifle", "C1")])
    assert "the hex of an assault" in special_action(mortar, "mo", "smoke", "C1").why_not[0]
    assert special_action(mortar.with_options(**{"smoke-by-firing": False}), "mo", "smoke", "C1").allowed


def test_which_roll_lays_a_mortars_smoke_is_an_option_named_in_its_answer_7_4():
    """7.4: mortars lay smoke "rolling at least one 1 hit": at least one hit at its firepower by default
    (option mortar-smoke-roll hit: the rulebook's "one (1)"), at least one die showing 1 with ``one`` (2 steps:
    1 - (9/10)^2 = 19/100), played as the answer says (faces 4 and 9 lay it by default, not with ``one``). The
    mortar's answer names the readings it rests on and not the hedge's, which only an engineer's asks."""
    s = _scenario([("hq", "US", "hq", "A1"), ("mo", "US", "mortar", "A1", {"steps": 2}), ("de", "German", "rifle", "I1")],
                  columns=9)
    for roll, p, firepower, laid in (("hit", Fraction(16, 25), 4, True), ("one", Fraction(19, 100), 1, False)):
        g = _activated(s.with_options(**{"mortar-smoke-roll": roll}))
        answer = special_action(g.map, "mo", "smoke", "C1")
        assert (answer.p, answer.firepower) == (p, firepower)
        assert [a.option for a in answer.assumptions] == ["smoke-by-firing", "mortar-smoke-roll"]
        after, (act, *_), _ = _play(g, "smoke", "mo", "C1", faces=(4, 9))
        assert act.rolls[0].expected == p and (after.map.features_at("C1") == ("smoke",)) == laid

# --- 7.5 Clearing barbed wire -------------------------------------------------------------------------
def test_a_unit_that_entered_wire_may_clear_it_next_game_turn_by_rolling_at_least_one_hit_7_5():
    """7.5: one unit enters a wire hex and must stop; next game turn it may "fire" to clear the wire (at least
    one hit removes the marker: the position's cleared) or withdraw (a normal move out of the hex)."""
    s = _scenario([("hq", "US", "hq", "A1"), ("us", "US", "rifle", "A1", {"steps": 3}),
                   ("de", "German", "rifle", "E1")], features={"B1": ["wire"]})
    g = _activated(s)
    assert special_action(g.map, "us", "clear-wire", "B1").why_not == ("us is not in a barbed-wire hex B1 (7.5)",)
    g, _, _ = _play(g, "move", "us", "B1")
    assert g.position.units["us"].cell == s.map.cell("B1") and _kinds(g, "us") == []    # it stopped; it acted
    g = _activated(s, position=_end_game_turn(g).position)
    assert g.position.turn == 2 and {"clear-wire", "move"} <= set(_kinds(g, "us"))
    assert any(c.kind == "move" and c.unit == "us" and c.dest == s.map.cell("A1") for c in legal_actions(g))
    answer = special_action(g.map, "us", "clear-wire")
    assert (answer.dice, answer.firepower, answer.p) == (3, 2, 1 - Fraction(4, 5) ** 3)
    kept, (act, *_), _ = _play(g, "clear-wire", "us", faces=(3, 4, 10))
    assert act.rolls[0].p == Fraction(4, 5) ** 3 and kept.map.features_at("B1") == ("wire",)
    cut, (act, *_), _ = _play(g, "clear-wire", "us", faces=(3, 2, 10))
    assert act.rolls[0].value == 1 and act.rule == "Combat Infantry 7.5"
    assert cut.position.cleared == ((s.map.cell("B1"), "wire"),) and cut.map.features_at("B1") == ()


def test_engineers_clear_wire_at_f4_7_5():
    s = _scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1", {"steps": 2}),
                   ("de", "German", "rifle", "E1")], features={"B1": ["wire"]})
    answer = special_action(_activated(s).map, "eng", "clear-wire")
    assert (answer.firepower, answer.p) == (4, 1 - Fraction(6, 10) ** 2)


# --- composed: seeded playouts on random boards ---------------------------------------------------------
def _special_board(seed):
    """The random assault boards (hex and hexside terrain, mines, a foxhole, smoke, HQs, engineers ...) with
    barbed wire on two more free hexes, each side's last unit but an engineer a mortar, and three game turns, so that units
    enter wire and clear it later."""
    import random

    from test_combat_infantry_assaults_in_play import random_board

    s = random_board(seed)
    data = scenario_to_dict(s)
    rng = random.Random(seed)
    taken = {u["cell"] for side in data["sides"].values() for u in side["units"]}
    for side in data["sides"].values():
        next(u for u in reversed(side["units"]) if u["type"] not in ("engineer", "hq"))["type"] = "mortar"
    features = data["map"].setdefault("features", {})
    free = sorted(c for c in (f"{x}{y}" for x in "BCDE" for y in "1234") if c not in taken and c not in features)
    for c in rng.sample(free, 2):
        features[c] = ["wire"]
    m = s.map      # two bridges (7.3), one by each side's units
    for side in data["sides"].values():
        near = ([u["cell"] for u in side["units"] if u["type"] == "engineer"]
                or [u["cell"] for u in side["units"] if u["type"] == "mortar"])
        there = rng.choice(near)
        across = m.label(rng.choice(m.grid.neighbours(m.cell(there))))
        edges = data["map"].setdefault("edges", [])
        edges[:] = [e for e in edges if sorted(e["cells"]) != sorted((there, across))]
        edges.append({"cells": [there, across], "feature": "bridge"})
    data["turns"] = 3
    return loads_scenario(yaml.safe_dump(data))


class _SpecialFirst:
    """A test bot: a special action (7.0) whenever one is legal, any at random, else any action at random (the
    random bot, among thirty moves, seldom takes the one demolition or clearing offered)."""

    name = "special-first"

    def choose(self, g, legal, rng):
        from wartools.play.protocol import Choice

        special = [i for i, c in enumerate(legal) if c.kind in ("dig", "smoke", "clear-wire", "demolish")]
        pool = special or range(len(legal))
        return Choice(pool[int(rng.integers(len(pool)))], "a special action first")


@pytest.mark.parametrize("bot, boards, kinds", [("greedy", 24, ("dig", "mortar smoke", "clear-wire")),
                                                 ("random", 24, ("dig", "smoke", "mortar smoke")),
                                                 (_SpecialFirst(), 16, ("dig", "smoke", "mortar smoke", "clear-wire",
                                                                        "demolish", "mortar demolish"))])
def test_every_special_action_a_playout_takes_is_one_the_single_answer_allows_with_its_odds(bot, boards, kinds):
    """7.0-7.5 composed: seeded playouts on random boards (engineers and mortars among the units) take only special actions
    special_action allows on the board they are taken on, each roll at the answer's exact chance, the
    feature placed or removed as it says; the records replay; smoke never outlasts its game turn (7.4)."""
    import numpy as np

    from test_play import check_playout_action
    from wartools.los.analysis import viewshed
    from wartools.play import find_bot, playout, replay
    from wartools.play.engine import RngDice

    taken: dict[str, int] = {}
    for k in range(boards):
        s = _special_board(40 + k)
        g, b, rng = start(s), find_bot(bot) if isinstance(bot, str) else bot, np.random.default_rng(40 + k)
        dice = RngDice(rng)
        while not g.over:
            legal = legal_actions(g)
            c = legal[b.choose(g, legal, rng).index]
            check_playout_action(g, c)
            nxt, acts, ended = step(g, c, dice)
            if c.kind in ("dig", "smoke", "clear-wire", "demolish"):
                by = f"mortar {c.kind}" if c.kind in ("smoke", "demolish") and g.map.unit(c.unit).type == "mortar" \
                    else c.kind
                taken[by] = taken.get(by, 0) + 1
                answer = special_action(g.map, c.unit, c.kind, c.dest)
                assert answer.allowed, answer.text()
                if by == "mortar smoke":         # a hex it sees now, asked afresh (6.61, 7.4)
                    mortar = g.map.unit(c.unit)
                    assert c.dest in viewshed(g.map, mortar.cell, cells=[c.dest], unit="mortar", side=mortar.side,
                                              mode="sight", range=6)
                    assert 0 < g.map.grid.distance(mortar.cell, c.dest) <= 6
                if by == "mortar demolish":      # it sees one of the bridge's hexes (7.3: normal spotting)
                    mortar = g.map.unit(c.unit)
                    ends = [x for x in c.dest if 0 < g.map.grid.distance(mortar.cell, x) <= 6]
                    assert viewshed(g.map, mortar.cell, cells=ends, unit="mortar", side=mortar.side, mode="sight",
                                    range=6)
                if c.kind == "demolish":
                    assert "bridge" in g.map.edge_features_at(c.dest) and answer.site == c.dest
                rolls = [r for r in acts[0].rolls if r.rule == answer.rule]
                if answer.dice:
                    (roll,) = rolls
                    assert roll.expected == answer.p and roll.p == (answer.p if roll.value else 1 - answer.p)
                    success = bool(roll.value)
                else:
                    assert rolls == []
                    success = True
                if ended:              # the game turn this action ended took its smoke away
                    continue
                on_board = answer.feature in (nxt.map.edge_features_at(c.dest) if c.kind == "demolish"
                                              else nxt.map.features_at(c.dest))
                assert on_board == (answer.places if success else not answer.places)
            for _, p in ended:
                assert not any(f == "smoke" for _, f in p.placed)                 # 7.4: it dissipates
            g = nxt
    assert all(taken.get(k, 0) >= 1 for k in kinds), taken          # the greedy engineer smokes rarely
    r = playout(_special_board(41), [bot, bot], seed=3)
    assert replay(r).final == r.turn_ends[-1].position


def test_the_chit_pull_bot_takes_a_special_action_by_priority_4_before_it_moves_10_5():
    """10.5's activation priorities: a special action (foxholes, smoke ...) comes fourth, after rallies and
    fire, before passing in D2 terrain or moving: a squad in the open with no target digs in."""
    import numpy as np

    from wartools.play import find_bot

    s = _scenario([("hq", "US", "hq", "A1"), ("us", "US", "rifle", "B1"), ("de", "German", "rifle", "E1")],
                  terrain={"A1": "woods"})
    g = _activated(s)
    legal = legal_actions(g)
    choice = find_bot("chit-pull").choose(g, legal, np.random.default_rng(1))
    assert (legal[choice.index].kind, legal[choice.index].unit) == ("dig", "us") and "priority 4" in choice.why


def test_a_bunker_takes_no_special_action_and_does_not_rally_2_55():
    """2.55: bunkers cannot rally, move, or take a special action; they can only fire. The German CHQ
    commands a damaged bunker on Clear terrain: it is offered
    fire only (no dig, no rally), and the single answer refuses it every special action, saying why."""
    import dataclasses

    s = _scenario([("us", "US", "rifle", "A1"), ("de-chq", "German", "hq", "D1"), ("de-b", "German", "bunker", "C1",
                                                                                  {"steps": 3})])
    p = s.start()
    p = p.replace(units={**p.units, "de-b": dataclasses.replace(p.units["de-b"], steps=2)})
    g = start(s, p)
    g, _, _ = _play(g, "pass", None)                      # the US passes; the German activates its CHQ
    g, _, _ = _play(g, "activate", "de-chq")
    assert _kinds(g, "de-b") == ["fire"]
    for kind, where in (("dig", "C1"), ("smoke", "B1"), ("clear-wire", "C1")):
        answer = special_action(g.map, "de-b", kind, where)
        assert not answer.allowed and "bunkers take no special action (2.55)" in answer.text(), answer.text()
