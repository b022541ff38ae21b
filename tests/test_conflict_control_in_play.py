"""Conflict of Heroes 2.4 in play, tested from the text: "A hex is controlled by the last player to
have had a ground unit solely in the hex, which includes simply moving through it. If opponents have
units in the same control hex, then the hex is contested and neither side can claim it."

A Conflict of Heroes unit moves one hex an action (2.2), so a unit that steps onto an objective and
off it again in the same round has moved through it: the hex is its side's from then on, whatever the
round's end finds there. The play engine, the scenario board widget and the scenario layer ask one
function (:func:`wartools.scenario.record_control`); the composition test plays random boards action by
action against a loop over the text's own words.
"""
from __future__ import annotations

import random

import numpy as np
import yaml

from wartools.play.engine import RngDice, legal_actions, start, step
from wartools.rules.turn import ScriptedDice
from wartools.scenario import evaluate, loads_scenario, objective_control, record_control
from wartools.testing import tiny_map_data


def _scenario(units: dict[str, list[dict]], objectives: list[dict], columns: int = 5, rows: int = 1,
              turns: int = 2, terrain: dict[str, str] | None = None, game: str = "conflict-of-heroes",
              sides: tuple[str, str] = ("German", "Soviet")):
    data = {"format": "wartools-scenario/1", "name": "control", "game": game,
            "map": tiny_map_data(game, columns, rows, terrain=terrain, name="c"), "turns": turns,
            "first": sides[0], "sides": {side: {"units": units.get(side, [])} for side in sides},
            "objectives": objectives, "victory": {"levels": [{"result": "draw", "otherwise": True}]}}
    return loads_scenario(yaml.safe_dump(data))


def _take(s, g, kind: str, unit: str | None = None, dest: str | None = None, faces: tuple[int, ...] = ()):
    for c in legal_actions(g):
        if c.kind == kind and c.unit == unit and (dest is None or c.dest == s.map.cell(dest)):
            return step(g, c, ScriptedDice(list(faces)))[0]
    raise AssertionError(f"{kind} {unit} {dest} is not legal: {[c.text(g.map) for c in legal_actions(g)]}")


def test_a_unit_moving_through_an_objective_takes_it_and_keeps_it_after_leaving():
    s = _scenario({"German": [{"id": "g1", "type": "infantry", "cell": "A1"}],
                   "Soviet": [{"id": "s1", "type": "infantry", "cell": "E1"}]},
                  [{"id": "hill", "cell": "B1", "value": 1, "score": [1]}])
    g = start(s)
    assert objective_control(s, g.position)["hill"].side is None
    g = _take(s, g, "activate-step", "g1", "B1")
    g = _take(s, g, "pass")                                   # the Soviet player passes
    g = _take(s, g, "step", "g1", "C1")                       # the German squad goes on, off the hill
    assert g.map.unit("g1").cell == s.map.cell("C1")
    assert g.position.control["hill"] == "German"
    assert objective_control(s, g.position)["hill"].side == "German"
    while g.position.turn == 1 and not g.over:              # both pass: the round ends and scores
        g = _take(s, g, "pass", faces=(6, 6, 1, 1))          # the next round's initiative roll
    assert evaluate(s, g.position).controls["hill"].side == "German"
    assert g.position.vp.get("German") == 1                  # the hill scored in round 1 (the firefight's)


def test_a_hex_with_opponents_in_it_is_contested_and_passing_through_takes_nothing():
    s = _scenario({"German": [{"id": "g1", "type": "infantry", "cell": "A1"}],
                   "Soviet": [{"id": "s1", "type": "infantry", "cell": "B1"}]},
                  [{"id": "hill", "cell": "B1", "value": 1}])
    p = s.start()
    assert record_control(s, p).control["hill"] == "Soviet"     # the Soviet squad alone on it
    both = p.replace(units={**p.units, "g1": p.units["g1"].replace(cell=s.map.cell("B1"))})
    took = record_control(s, both, "German", (s.map.cell("A1"), s.map.cell("B1")))
    assert "hill" not in took.control                         # contested: neither claims it
    assert objective_control(s, took)["hill"].status == "contested"
    held = record_control(s, record_control(s, p), "German", (s.map.cell("B1"),))
    assert held.control["hill"] == "Soviet"                   # an enemy on it: the German did not take it
    gone = record_control(s, held.replace(units={k: v for k, v in held.units.items() if k != "s1"},
                                          eliminated=("s1",)))
    assert gone.control["hill"] == "Soviet"                   # the last to have been alone there keeps it


def test_games_that_record_control_at_the_end_of_a_turn_take_nothing_on_the_way():
    s = _scenario({"US": [{"id": "u1", "type": "rifle", "cell": "A1"}],
                   "German": [{"id": "d1", "type": "rifle", "cell": "E1"}]},
                  [{"id": "ford", "cell": "B1", "value": 1}], game="combat-infantry", sides=("US", "German"))
    p = s.start()
    assert record_control(s, p, "US", (s.map.cell("A1"), s.map.cell("B1"), s.map.cell("C1"))) is p


# --- composition: random boards, action by action, against the text -------------------------------


def random_firefight(seed: int):
    """A random Conflict of Heroes firefight: terrain of every kind but water, two to four units a
    side of every type, a reinforcement entering from the east edge, three objectives."""
    rng = random.Random(seed)
    cols, rows = rng.randint(4, 7), rng.randint(2, 4)
    labels = [f"{chr(65 + c)}{r + 1}" for c in range(cols) for r in range(rows)]
    terrain = {lab: rng.choice(("woods", "building", "brush", "field")) for lab in rng.sample(labels, len(labels) // 3)}
    types = ("infantry", "mg", "mortar", "gun", "vehicle", "tank")
    picked = rng.sample(labels, rng.randint(4, 8))
    units: dict[str, list[dict]] = {"German": [], "Soviet": []}
    for i, lab in enumerate(picked):
        kind = rng.choice(types)
        if terrain.get(lab) == "building" and kind in ("vehicle", "tank", "gun"):
            kind = "infantry"       # vehicles do not stand in buildings (the game's standing rule)
        units[("German", "Soviet")[i % 2]].append({"id": f"u{i}", "type": kind, "cell": lab})
    units["Soviet"].append({"id": "r1", "type": "infantry", "enters": {"turn": 1, "edge": "east"}})
    objectives = [{"id": f"o{k}", "cell": lab, "value": 1} for k, lab in enumerate(rng.sample(labels, 3))]
    return _scenario(units, objectives, cols, rows, turns=2, terrain=terrain)


def _by_the_text(s, before, after, mover_side: str | None, path: tuple) -> dict[str, str | None]:
    """Who controls each objective after an action, from 2.4's words: each hex of a move's path the
    mover stood in with no opponent there, in order, then each hex one side alone is in; a hex with
    opponents in it is contested."""
    here = {o.id: {u.side for u in after.map_units(s) if u.cell == o.cell} for o in s.objectives}
    for cell in path:
        for o in s.objectives:
            if o.cell == cell and not (here[o.id] - {mover_side}):
                before[o.id] = mover_side
    for o in s.objectives:
        if len(here[o.id]) == 1:
            before[o.id] = next(iter(here[o.id]))
    return {oid: (None if len(here[oid]) > 1 else side) for oid, side in before.items()}


def test_random_firefights_control_every_objective_as_the_text_says_after_every_action():
    left_alone = 0          # a unit stepping off an objective it was alone on (what the rule is about)
    for seed in range(12):
        s = random_firefight(seed)
        rng = np.random.default_rng(seed)
        dice = RngDice(np.random.default_rng(seed + 100))
        g = start(s)
        last: dict[str, str | None] = dict.fromkeys((o.id for o in s.objectives), None)
        _by_the_text(s, last, g.position, None, ())
        for _ in range(150):
            if g.over:
                break
            cands = legal_actions(g)
            c = cands[int(rng.integers(len(cands)))]
            moves = c.expands in ("move", "step") or c.kind == "enter"
            path = tuple(g.map.cell(x) for x in c.cells(g.map)) if moves else ()
            side = s.unit(c.unit).side if c.unit else None
            was = {o.id: {u.side for u in g.map.units if u.cell == o.cell} for o in s.objectives}
            turn = g.position.turn
            g, _, _ = step(g, c, dice)          # an action that ends the round: its scoring on the same control
            want = _by_the_text(s, last, g.position, side, path)
            got = {oid: ctl.side for oid, ctl in objective_control(s, g.position).items()}
            assert got == want, (seed, turn, c.text(g.map))
            now = {o.id: {u.side for u in g.map.units if u.cell == o.cell} for o in s.objectives}
            left_alone += sum(1 for oid in was if len(was[oid]) == 1 and not now[oid] and moves)
    assert left_alone >= 3, left_alone


def test_a_unit_alone_on_an_objective_from_the_set_up_holds_it_for_its_side_when_destroyed_first():
    """2.4: "the last player to have had a ground unit solely in the hex": a German squad set up alone on the
    hill has had it solely from play's start, so when the Soviet opening shot destroys it (a second hit, its
    hit counter already on) the hill stays German, though no German action ever took it."""
    s = _scenario({"German": [{"id": "g1", "type": "infantry", "cell": "B1", "tags": ["hit"]}],
                   "Soviet": [{"id": "s1", "type": "infantry", "cell": "C1"}]},
                  [{"id": "hill", "cell": "B1", "value": 1}], sides=("Soviet", "German"))
    g = start(s)
    assert objective_control(s, g.position)["hill"].side == "German"
    fire = next(c for c in legal_actions(g) if c.kind == "activate-fire" and c.unit == "s1" and c.target == "g1")
    g = step(g, fire, ScriptedDice([6, 6] * 4))[0]
    assert "g1" in g.position.eliminated
    assert objective_control(s, g.position)["hill"].side == "German"
    assert g.position.control["hill"] == "German"
