"""Heroes of Normandie 1.1 (Stress) in play: a unit that ends its Movement Action within the icon's number of
squares of a stressful element, or with a clear LoS to it (option ``stress-rule``: 1.1's "either" against the
5.1 summary's "and"), gets a Suppressed Marker; "as long as the unit stays within range of the stressful element
and has a LoS to it, it cannot discard Suppressed Markers", so the supply phase's end (which discards every
marker, option ``discard-suppressed``) leaves it its marker. The LoS clause is checked when the unit ends its
move (option ``stress-sight``; ``standing``: whenever it has the LoS). Composed: seeded playouts on random boards
with stress elements, mines, smoke and trenches, each move's and each supply phase's markers against a loop over
:func:`~wartools.games.heroes_of_normandie.stress.stressed`."""
from __future__ import annotations

import random

import numpy as np
import pytest
import yaml

from test_play import check_playout_action
from test_play_examples import _play, _replays
from wartools.games.heroes_of_normandie.stress import elements, stressed
from wartools.games.heroes_of_normandie.turn import SUPPRESSED
from wartools.play import find_bot, legal_actions, start, step
from wartools.play.engine import RngDice
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map_data

RULE = "Heroes of Normandie 1.1 (Stress)"


def _scenario(units, options=None, turns=1, **board):
    """A Heroes of Normandie scenario on a tiny board: ``units`` as ``(id, side, type, cell[, keys])``."""
    sides: dict = {"US": {"units": []}, "German": {"units": []}}
    for uid, side, kind, cell, *keys in units:
        sides[side]["units"].append({"id": uid, "type": kind, "cell": cell, **(keys[0] if keys else {})})
    return loads_scenario(yaml.safe_dump({
        "format": "wartools-scenario/1", "name": "stress (our board)", "game": "heroes-of-normandie",
        "map": tiny_map_data("heroes-of-normandie", **board), "turns": turns, "first": "US", "sides": sides,
        "victory": {"levels": [{"result": "Draw", "otherwise": True}]}, **({"options": options} if options else {})}))


def _suppressed(g, uid):
    return SUPPRESSED in g.position.units[uid].tags


def _to_the_end(g, actions):
    """Every side passes (or ends its activation) to the end of the game."""
    while not g.over:
        g, acts, _ = _play(g, "end" if g.turn.active else "pass", g.turn.active)
        actions.extend(acts)
    return g


# --- from the text: a constructed 8 x 4 board, a stress-2 element on A1 --------------------------------------
# (start, where the move ends, terrain, Suppressed with stress-rule=either (1.1), with =both (5.1))
MOVES = [("H1", "D1", {}, True, False),                          # 3 squares away, in clear LoS: 'or' but not 'and'
         ("E1", "C1", {}, True, True),                           # 2 squares away and in clear LoS
         ("F1", "C1", {"B1": "building"}, True, False),          # 2 squares away, the building hides it
         ("H1", "E1", {"C1": "building"}, False, False)]         # 4 squares away and hidden


@pytest.mark.parametrize("rule", ["either", "both"])
@pytest.mark.parametrize("start_at, dest, terrain, either, both", MOVES)
def test_a_unit_ending_its_move_near_or_in_sight_of_a_stress_element_is_suppressed(rule, start_at, dest, terrain,
                                                                                   either, both):
    """1.1 Stress: "Put a Suppressed Marker on any unit that either: ends its Movement Action within a number of
    squares equal to the value printed in the icon, or has a clear Line of Sight to the element"; the 5.1
    summary joins the two with "and" (option stress-rule). The record of the move replays."""
    s = _scenario([("us-1", "US", "infantry", start_at), ("de-1", "German", "infantry", "H4")],
                  {"stress-rule": rule}, columns=8, rows=4, terrain=terrain, features={"A1": ["stress-2"]})
    g = start(s)
    g, acts, _ = _play(g, "move", "us-1", dest=dest)
    expected = either if rule == "either" else both
    assert _suppressed(g, "us-1") is expected
    stress_lines = [e for e in acts[0].effects if RULE in e]
    assert len(stress_lines) == int(expected)
    assert all(e.startswith("us-1 is Suppressed (") for e in stress_lines)
    if expected:        # a Suppressed unit is given no order in the supply phase
        g, more, _ = _play(g, "end", "us-1")
        g, evenmore, _ = _play(g, "pass", None)
        acts += more + evenmore
        assert not any(c.unit == "us-1" for c in legal_actions(g))
    actions = list(acts)
    _replays(s, _to_the_end(g, actions), actions)


# (where the Suppressed unit stands, terrain, keeps its marker: by default, with stress-sight=standing)
STANDS = [("B1", {}, True, True),                            # within 2 squares and in LoS: it cannot discard
          ("C1", {"B1": "building"}, False, False),          # within range, but the building hides it
          ("F1", {}, False, True),                           # in clear LoS, 5 squares away
          ("F1", {"D1": "building"}, False, False)]          # neither


@pytest.mark.parametrize("option", ["default", "standing", "keep-all"])
@pytest.mark.parametrize("cell, terrain, keeps, standing", STANDS)
def test_the_supply_phase_end_discards_suppressed_markers_but_those_stress_keeps(option, cell, terrain, keeps,
                                                                                 standing):
    """1.1 Stress: "As long as the unit stays within range of the stressful element and has a LoS to it, it
    cannot discard Suppressed Markers". Every other marker is discarded at the end of the supply phase (option
    discard-suppressed; off: none is); with stress-sight=standing a unit in clear LoS of the element is
    Suppressed again. The German, hidden and out of range, is never Suppressed."""
    options = {"default": None, "standing": {"stress-sight": "standing"},
               "keep-all": {"discard-suppressed": False}}[option]
    s = _scenario([("us-1", "US", "infantry", cell, {"tags": [SUPPRESSED]}), ("de-1", "German", "infantry", "H4")],
                  options, columns=8, rows=4, terrain={**terrain, "G4": "building"}, features={"A1": ["stress-2"]})
    g = start(s)
    assert _suppressed(g, "us-1") and not stressed(g.map, "H4").seen      # G4's building hides the German
    actions: list = []
    g = _to_the_end(g, actions)
    expected = {"default": keeps, "standing": standing, "keep-all": True}[option]
    assert _suppressed(g, "us-1") is expected and not _suppressed(g, "de-1")
    (end,) = [a for a in actions if a.kind == "end-of-turn"] or [None]
    lines = end.effects if end is not None else ()
    assert ("us-1 is no longer Suppressed" in lines) is (not expected)
    assert any(e.startswith("us-1 keeps its Suppressed marker") and RULE in e for e in lines) is (
        expected and option != "keep-all")
    assert any(a.option == "discard-suppressed" for a in s.game.turn_rules().assumptions())
    _replays(s, g, actions)


def test_with_stress_sight_standing_a_loss_that_opens_a_los_suppresses_a_unit_that_has_not_moved():
    """1.1 lists "has a clear Line of Sight to the element" apart from ending the move; with
    stress-sight=standing a unit that has one is Suppressed whenever it does: the German squad on C1, in sight
    of the stress-1 element on A1, starts Suppressed; shot away, it no longer hides F1's squad and H2's shooter
    from the element, and both are Suppressed. By default (the LoS checked on ending a move) nobody is, nor with
    the 5.1 summary's reading (stress-rule=both), which ties both conditions to ending the move."""
    units = [("us-s", "US", "infantry", "H2"), ("de-b", "German", "infantry", "C1", {"tags": ["defense=1"]}),
             ("de-v", "German", "infantry", "F1")]
    for option, rule, suppressed in (("end-of-move", "either", ()), ("standing", "either", ("us-s", "de-v")),
                                     ("standing", "both", ())):
        s = _scenario(units, {"stress-sight": option, "stress-rule": rule}, columns=8, rows=2,
                      features={"A1": ["stress-1"]})
        g = start(s)
        assert [u for u in ("us-s", "de-b", "de-v") if _suppressed(g, u)] == (["de-b"] if suppressed else [])
        g, acts, _ = _play(g, "fire", "us-s", target="de-b", faces=(6,))
        assert acts[0].eliminated == ("de-b",)
        assert [u for u in ("us-s", "de-v") if _suppressed(g, u)] == list(suppressed)
        assert sum(RULE in e for e in acts[0].effects) == len(suppressed)
        actions = list(acts)
        _replays(s, _to_the_end(g, actions), actions)


@pytest.mark.parametrize("option", ["end-of-move", "standing"])
def test_a_reinforcement_is_placed_not_moved_and_standing_stress_reaches_it_by_the_supply_phases_end(option):
    """A reinforcement is put on its entry square by the scenario, not by a Movement Action (said in the turn
    rules' assumptions): by default stress does not suppress it there; with stress-sight=standing its clear LoS
    to the element (1.1) does, at the latest when the supply phase ends."""
    d = {"format": "wartools-scenario/1", "name": "stress (our board)", "game": "heroes-of-normandie",
         "map": tiny_map_data("heroes-of-normandie", 8, 4, features={"A1": ["stress-2"]}, terrain={"G4": "building"}),
         "turns": 1, "first": "US", "zones": {"us-entry": ["F1"]},
         "sides": {"US": {"units": [{"id": "us-r", "type": "infantry", "enters": {"turn": 1, "zone": "us-entry"}}]},
                   "German": {"units": [{"id": "de-1", "type": "infantry", "cell": "H4"}]}},
         "victory": {"levels": [{"result": "Draw", "otherwise": True}]}, "options": {"stress-sight": option}}
    s = loads_scenario(yaml.safe_dump(d))
    g, acts, _ = _play(start(s), "enter", "us-r", dest="F1")
    assert not _suppressed(g, "us-r") and stressed(g.map, "F1").seen
    actions = list(acts)
    g = _to_the_end(g, actions)
    assert _suppressed(g, "us-r") is (option == "standing")
    assert any("reinforcement" in a.reading and "Stress" in a.rule for a in s.game.turn_rules().assumptions())
    _replays(s, g, actions)


def test_the_stress_readings_are_named_in_the_records_assumptions():
    """The turn rules rest on stress-rule, stress-sight and discard-suppressed: a playout's record names them."""
    from wartools.play import playout

    s = _scenario([("us-1", "US", "infantry", "D1"), ("de-1", "German", "infantry", "H4")], columns=8, rows=4,
                  features={"A1": ["stress-2"]})
    named = {a.option for a in playout(s, ["random", "random"], seed=1).assumptions}
    assert {"stress-rule", "stress-sight", "discard-suppressed"} <= named


# --- composed: seeded playouts on random boards ---------------------------------------------------------------
def random_board(seed: int, options: dict | None = None):
    """A random 10 x 8 Heroes of Normandie board with two stress elements (of 1 to 3), mines, smoke, trenches,
    buildings, fields and hedges and walls, and two sides of four units (infantry and vehicles, 1 to 3 health)
    facing each other."""
    rng = random.Random(seed)
    cols, rows = 10, 8
    cells = [f"{chr(65 + c)}{r + 1}" for c in range(cols) for r in range(rows)]
    spare = rng.sample([c for c in cells if c[0] in "CDEFGH"], 32)
    terrain = {c: rng.choice(("building", "building", "trench", "field", "difficult")) for c in spare[:18]}
    features = {c: [f] for c, f in zip(spare[18:24], (f"stress-{rng.randint(1, 3)}", f"stress-{rng.randint(1, 3)}",
                                                       "mine", "mine", "smoke", "fading-smoke"))}
    walls = {(c, f"{chr(ord(c[0]) + 1)}{c[1:]}"): rng.choice(("hedge", "wall")) for c in spare[24:32]}
    free = [c for c in cells if c not in spare[:24]]                    # units stand on open, unmarked squares
    sides: dict = {}
    for side, area in (("US", [c for c in free if c[0] in "ABC"]), ("German", [c for c in free if c[0] in "HIJ"])):
        sides[side] = {"units": [{"id": f"{side[:2].lower()}-{i}", "cell": cell, "steps": rng.randint(1, 3),
                                  "type": rng.choice(("infantry", "infantry", "light-vehicle", "heavy-vehicle"))}
                                 for i, cell in enumerate(rng.sample(area, 4))]}
    return loads_scenario(yaml.safe_dump({
        "format": "wartools-scenario/1", "name": f"random {seed}", "game": "heroes-of-normandie", "turns": 4,
        "first": "US", "map": tiny_map_data("heroes-of-normandie", cols, rows, terrain=terrain, edges=walls,
                                             features=features, name="random"),
        "sides": sides, "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
        **({"options": options} if options else {})}))


def _tags(g):
    return {uid: SUPPRESSED in st.tags for uid, st in g.position.units.items()}


def _check(g, nxt, c, acts, ended, seen):
    """The Suppressed markers after action ``c`` from ``g`` to ``nxt``, against a loop over the single answer:
    the mover's after its move (and the mines'); every unit's after a supply phase's end; with
    stress-sight=standing every unit in clear LoS of an element after each action but an entry."""
    game = g.scenario.game
    standing = game.option("stress-sight") == "standing" and game.option("stress-rule") == "either"
    discard = game.option("discard-suppressed")
    before, after = _tags(g), _tags(nxt)
    if c.kind == "move" and not ended:
        u = c.unit
        if u in after:
            mine_hit = any(e == f"{u} loses 1 health and is Suppressed" for e in acts[0].effects)
            assert not before[u]                           # a Suppressed unit is given no order
            st = stressed(nxt.map, nxt.map.unit(u).cell)
            assert after[u] is (st.suppressed or mine_hit), (u, st, acts[0].effects)
            seen["moved"] += st.suppressed
            seen["moved clear"] += not st.suppressed
        for v in after:
            if v != u and not standing:
                assert after[v] is before[v] or v == c.target, v
    if ended:
        m = g.map                                    # the supply phase's end: the map of its last pass
        for v, had in before.items():
            if v not in after:
                continue
            st = stressed(m, m.unit(v).cell)
            keep = had and (not discard or st.keeps_markers or (standing and st.seen))
            assert after[v] is (keep or (standing and st.seen)), (v, had, st)
            seen["kept"] += had and keep and discard
            seen["discarded"] += had and not keep
    if standing and not ended:
        for v in after:
            if stressed(nxt.map, nxt.map.unit(v).cell).seen:
                assert after[v], (v, c.kind)
                seen["standing"] += 1


@pytest.mark.parametrize("seed, options", [(1, None), (2, {"stress-rule": "both"}),
                                           (3, {"discard-suppressed": False}),
                                           (4, {"stress-sight": "standing"})])
def test_seeded_playouts_on_random_boards_suppress_as_the_single_answer_says(seed, options):
    """At every action of seeded greedy and random playouts on random boards, the Suppressed tags after a move
    and after the supply phase equal a loop over stressed() (each option's reading); the records replay."""
    seen = dict.fromkeys(("moved", "moved clear", "kept", "discarded", "standing"), 0)
    for k in range(4):
        s = random_board(seed * 10 + k, options)
        assert len(elements(s.map)) == 2
        g = start(s)
        bots = [find_bot("greedy"), find_bot("random")]
        rng = np.random.default_rng(seed * 10 + k)
        dice = RngDice(rng)
        while not g.over:
            legal = legal_actions(g)
            c = legal[bots[k % 2].choose(g, legal, rng).index]
            check_playout_action(g, c)
            nxt, acts, ended = step(g, c, dice)
            _check(g, nxt, c, acts, bool(ended), seen)
            g = nxt
    assert seen["moved"] >= 3 and seen["moved clear"] >= 3, seen
    if not options or "stress-rule" in options:
        assert seen["kept"] >= 1 and seen["discarded"] >= 1, seen
    if options and "discard-suppressed" in options:
        assert seen["kept"] == 0 and seen["discarded"] == 0, seen
    if options and "stress-sight" in options:
        assert seen["standing"] >= 3, seen
