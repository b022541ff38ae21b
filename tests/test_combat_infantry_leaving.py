"""Combat Infantry 9.4's last clause, tested from the text: units may move off the map (not only retreat
off it); such units are removed from play and are not VP for the enemy. The reading of how a unit pays
for the board's edge is the option ``leave-map`` (a hexside of its hex's own terrain, 3.2)."""
from __future__ import annotations

import numpy as np
import pytest
import yaml

from test_combat_infantry_special import _activated, _scenario
from wartools.play.engine import legal_actions, step
from wartools.play.greedy import GreedyBot
from wartools.rules.turn import ScriptedDice
from wartools.scenario import evaluate, loads_scenario, scenario_to_dict


def _board(**options):
    units = [("hq", "US", "hq", "B2"), ("r", "US", "rifle", "B1"), ("w", "US", "rifle", "A3"),
             ("t", "US", "tank", "A2"), ("mid", "US", "rifle", "B2"),
             ("de", "German", "rifle", "E2"), ("de2", "German", "rifle", "E3")]
    data = scenario_to_dict(_scenario(units, columns=5, rows=3, terrain={"A3": "woods"}))
    data["victory"] = {"vp": {"per_elimination": 1}, "levels": [{"result": "Draw", "otherwise": True}]}
    if options:
        data["options"] = options
    return loads_scenario(yaml.safe_dump(data))


def test_a_commanded_unit_on_the_maps_edge_may_move_off_it_paying_for_its_hexs_terrain_9_4_3_2():
    g = _activated(_board(), "hq")
    m = g.map
    offered = {c.unit for c in legal_actions(g) if c.kind == "leave"}
    assert {"r", "w", "t"} <= offered and "mid" not in offered          # B2 is not on the edge
    rules = g.rules
    assert rules.leaves(m, m.unit("r")).cost == 2 and rules.leaves(m, m.unit("w")).cost == 3   # clear, woods
    assert "not on the map's edge" in rules.leaves(m, m.unit("mid")).why
    never = _activated(_board(**{"leave-map": "never"}), "hq")
    assert not any(c.kind == "leave" for c in legal_actions(never))


def test_no_unit_moves_off_the_map_out_of_an_assault_it_retreats_9_1_9_4():
    s = _board()
    data = scenario_to_dict(s)
    data["sides"]["US"]["units"].append({"id": "in", "type": "rifle", "cell": "E3"})
    data["sides"]["US"]["units"][0]["cell"] = "E2"           # its HQ adjacent, so it is commanded
    g = _activated(loads_scenario(yaml.safe_dump(data)), "hq")
    assert "in an assault" in g.rules.leaves(g.map, g.map.unit("in")).why
    assert not any(c.kind == "leave" and c.unit == "in" for c in legal_actions(g))


def test_a_unit_that_moves_off_the_map_is_out_of_play_and_no_vp_for_the_enemy_9_4():
    s = _board()
    g = _activated(s, "hq")
    (c,) = [c for c in legal_actions(g) if c.kind == "leave" and c.unit == "r"]
    after, (act, *_), _ = step(g, c, ScriptedDice([]))
    assert after.position.off_map == ("r",) and "r" not in after.position.units
    assert act.rule == "Combat Infantry 9.4" and "no VP" in act.effects[0]
    assert "r" not in {u.id for u in after.map.units}
    left, killed = evaluate(s, after.position), evaluate(s, after.position.replace(off_map=(), eliminated=("r",)))
    assert left.vp.get("German", 0) == killed.vp.get("German", 0) - 1


def test_greedy_weighs_leaving_as_losing_the_units_steps_9_4():
    g = _activated(_board(), "hq")
    bot = GreedyBot()
    for c in legal_actions(g):
        if c.kind == "leave":
            assert bot.score(g, c) == -g.rules.strength(g.map.unit(c.unit))


@pytest.mark.parametrize("seed", [5, 9])
def test_every_move_off_the_map_a_playout_takes_is_one_the_rules_allow_and_the_record_replays_9_4(seed):
    """Composed: seeded random playouts on the random assault boards (every hex and hexside feature)
    take only moves off the map that ``leaves`` allows asked afresh; the unit is out of play for good."""
    from test_combat_infantry_assaults_in_play import random_board
    from test_play import check_playout_action
    from wartools.play import find_bot, playout, replay
    from wartools.play.engine import RngDice, start

    left = 0
    for k in range(6):
        s = random_board(seed * 10 + k)
        g, b, rng = start(s), find_bot("random"), np.random.default_rng(seed + k)
        dice, gone = RngDice(rng), set()
        while not g.over:
            legal = legal_actions(g)
            c = legal[b.choose(g, legal, rng).index]
            check_playout_action(g, c)
            if c.kind == "leave":
                assert g.rules.leaves(g.map, g.map.unit(c.unit)).passable
                left += 1
                gone.add(c.unit)
            g = step(g, c, dice)[0]
            assert gone <= set(g.position.off_map) and not gone & set(g.position.units)
    assert left >= 1
    r = playout(random_board(seed * 10), ["random", "random"], seed=seed)
    assert replay(r).final == r.turn_ends[-1].position
