"""Combat Infantry 7.3, demolishing bridges, tested from the text:

  "An Engineer adjacent to a bridge may demolish it by "firing" and rolling at least one hit. For a
  wooden bridge, Engineer firepower is +1 (F2=F3). If successful, place a "destroyed" marker on the
  bridge. Bridges can also be bombarded by mortars [...] at half firepower, round up (F5=F3). Ignore
  wood bridge bonus. Normal spotting rules apply. One hit destroys a bridge; place marker. Assault
  limit for a destroyed bridge is zero (Ø). Fire Limit 1 does not change."

(paraphrased in the tests' names; the rulebook's words are not copied into the project beyond these
clauses). The marker is a hexside feature a position places (``placed: {F3|G3: [destroyed]}``).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import yaml

from test_combat_infantry_special import _activated, _scenario
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.combat import fire
from wartools.games.combat_infantry.limits import hexside_limits
from wartools.games.combat_infantry.special import special_action
from wartools.movement import path
from wartools.play.engine import legal_actions, start, step
from wartools.play.greedy import GreedyBot
from wartools.rules.turn import ScriptedDice
from wartools.scenario import ScenarioError, dumps_position, loads_position, loads_scenario, scenario_to_dict

BRIDGE = {("B1", "C1"): "bridge"}


def _p(dice, firepower):
    """At least one hit among ``dice`` d10 at ``firepower`` (6.1's fire roll)."""
    return fire(dice, firepower).prob(lambda h: h >= 1)


def _bridge_scenario(units, columns=5, rows=1, **more):
    return _scenario(units, columns, rows, edges=dict(BRIDGE), **more)


def _demolished(s, by="eng", faces=(1, 1, 1, 1)):
    """The game after ``by`` demolished the bridge B1|C1 (its roll ``faces``)."""
    g = _activated(s)
    c = next(c for c in legal_actions(g) if c.kind == "demolish" and c.unit == by)
    return step(g, c, ScriptedDice(list(faces)))


def test_an_engineer_adjacent_to_a_bridge_demolishes_it_by_rolling_at_least_one_hit_7_3():
    s = _bridge_scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1", {"steps": 2}),
                          ("de", "German", "rifle", "E1")])
    m = _activated(s).map
    answer = special_action(m, "eng", "demolish", "B1|C1")
    assert answer.allowed and (answer.dice, answer.p) == (2, _p(2, answer.firepower))
    assert answer.site == m.edge("B1", "C1") and answer.feature == "destroyed"
    assert [a.option for a in answer.assumptions] == ["bridge-material"]
    wood = special_action(m.with_options(**{"bridge-material": "wood"}), "eng", "demolish", "B1|C1")
    assert wood.firepower == answer.firepower + 1 and wood.p == _p(2, answer.firepower + 1)    # F2 = F3
    assert special_action(m, "eng", "demolish", m.edge("C1", "B1")).p == answer.p              # either order
    # not adjacent, not a bridge, not an engineer
    far = _bridge_scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "D1"), ("r", "US", "rifle", "B1"),
                            ("de", "German", "rifle", "E1")])
    fm = _activated(far).map
    assert "not adjacent" in special_action(fm, "eng", "demolish", "B1|C1").why_not[0]
    assert "no bridge" in special_action(fm, "eng", "demolish", "D1|E1").why_not[0]
    assert "engineers demolish" in special_action(fm, "r", "demolish", "B1|C1").why_not[0]
    with pytest.raises(WartoolsError, match="hexside"):
        special_action(fm, "eng", "demolish", "B1")


def test_success_places_the_destroyed_marker_on_the_bridge_and_failure_does_not_7_3():
    s = _bridge_scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1", {"steps": 2}),
                          ("de", "German", "rifle", "E1")])
    edge = s.map.edge("B1", "C1")
    done, (act, *_), _ = _demolished(s, faces=(1, 10))
    assert act.rolls[0].rule == "Combat Infantry 7.3" and act.rolls[0].value == 1
    assert done.position.placed == ((edge, "destroyed"),)
    assert done.map.edge_features_at(edge) == ("bridge", "destroyed")
    assert not any(c.kind == "demolish" for c in legal_actions(done))      # destroyed already
    kept, (act, *_), _ = _demolished(s, faces=(10, 10))
    answer = special_action(_activated(s).map, "eng", "demolish", "B1|C1")
    assert act.rolls[0].p == 1 - answer.p and kept.position.placed == ()


def test_a_mortar_bombards_a_bridge_it_sees_at_half_firepower_rounded_up_without_the_wood_bonus_7_3():
    s = _bridge_scenario([("hq", "US", "hq", "A1"), ("mo", "US", "mortar", "E1", {"steps": 2}),
                          ("de", "German", "rifle", "A1")], columns=6)
    m = _activated(s).map.with_options(**{"bridge-material": "wood"})
    own = m.game.fire_rules().target_profile("mortar").value("firepower")
    answer = special_action(m, "mo", "demolish", "B1|C1")
    assert answer.allowed and answer.firepower == -(-own // 2) and answer.p == _p(2, -(-own // 2))
    assert answer.assumptions == ()           # no wood bonus: the material is not read
    # normal spotting: a woods hex between hides both of the bridge's hexes
    hidden = _scenario([("hq", "US", "hq", "F1"), ("mo", "US", "mortar", "F1"), ("de", "German", "rifle", "A1")],
                       columns=6, edges=dict(BRIDGE), terrain={"D1": "woods"})
    hm = _activated(hidden).map
    assert "not spotted" in special_action(hm, "mo", "demolish", "B1|C1").why_not[0]
    assert not any(c.kind == "demolish" for c in legal_actions(_activated(hidden)))


def test_a_destroyed_bridge_has_assault_limit_zero_and_fire_limit_one_7_3():
    s = _bridge_scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1"), ("de", "German", "rifle", "E1")])
    before = hexside_limits(s.map, "B1", "C1")
    done = _demolished(s)[0]
    after = hexside_limits(done.map, "B1", "C1")
    assert (before.fire, before.assault) == (1, 1) and (after.fire, after.assault) == (1, 0)


def test_no_assault_across_a_destroyed_bridge_and_infantry_crosses_it_as_the_river_7_3_8_5():
    """The assault limit zero stops a move into an enemy hex across it; a move into an empty hex crosses
    as the river it spanned (option destroyed-bridge: infantry at the river's MP, tanks not at all)."""
    s = _bridge_scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1"), ("r", "US", "rifle", "B1"),
                          ("t", "US", "tank", "A1"), ("de", "German", "rifle", "C1")], columns=4)
    m0 = _activated(s).map
    assert path(m0, "B1", "C1", "r").reachable                             # an assault over the bridge
    m = _demolished(s)[0].map
    assault = path(m, "B1", "C1", "r")
    assert not assault.reachable and "assault limit is zero" in assault.why_not
    empty = m.without_unit("de")
    crossing = path(empty, "B1", "C1", "r")
    assert crossing.reachable and crossing.cost == m.game.movement_rules().feature_mp["river"]
    assert not path(empty, "A1", "C1", "t").reachable and path(m0.without_unit("de"), "A1", "C1", "t").reachable
    closed = empty.with_options(**{"destroyed-bridge": "impassable"})
    assert not path(closed, "B1", "C1", "r").reachable
    assert "destroyed-bridge" in [a.option for a in crossing.assumptions]


def test_a_demolished_bridge_is_a_position_the_format_keeps_and_checks_7_3():
    s = _bridge_scenario([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "B1"), ("de", "German", "rifle", "E1")])
    p = _demolished(s)[0].position
    text = dumps_position(s, p)
    assert "B1|C1" in text
    back = loads_position(text, s)
    assert back.placed == p.placed and s.map_at(back).edge_features_at("B1", "C1") == ("bridge", "destroyed")
    data = yaml.safe_load(text)
    for where, features, says in (("B1|D1", ["destroyed"], "not adjacent"),
                                  ("B1|C1|D1", ["destroyed"], "two cells"),
                                  ("B1|C1", ["nuke"], "unknown edge feature"),
                                  ("B1|C1", ["bridge"], "on the map already"),
                                  ("B1|Z9", ["destroyed"], "Z9")):
        bad = {**data, "placed": {where: features}}
        with pytest.raises(ScenarioError, match=says) as err:
            loads_position(yaml.safe_dump(bad), s)
        assert "\n" not in str(err.value)
    cleared = {**data, "placed": {}, "cleared": {"A1|B1": ["bridge"]}}
    with pytest.raises(ScenarioError, match="bridge"):
        loads_position(yaml.safe_dump(cleared), s)


def test_greedy_demolishes_the_bridge_its_enemy_needs_and_spares_its_own_7_3():
    """The greedy bot weighs the marker by the way it makes longer: the US must cross the bridge to reach the
    objective, so a German mortar that sees it scores the demolition above nothing and the US mortar below."""
    def board(first):
        units = [("hq", "US", "hq", "A1"), ("mo", "US", "mortar", "A1"), ("r", "US", "rifle", "A1"),
                 ("dhq", "German", "hq", "F1"), ("dmo", "German", "mortar", "F1"), ("dr", "German", "rifle", "F1")]
        data = scenario_to_dict(_scenario(units, columns=6, edges={("C1", "D1"): "bridge"}))
        data["objectives"] = [{"id": "east", "cell": "E1", "value": 2}]
        data["first"] = first
        return loads_scenario(yaml.safe_dump(data))

    bot = GreedyBot()
    us = _activated(board("US"))
    (mine,) = [c for c in legal_actions(us) if c.kind == "demolish"]
    assert bot.score(us, mine) < 0
    german = _activated(board("German"), "dhq")
    (theirs,) = [c for c in legal_actions(german) if c.kind == "demolish"]
    assert bot.score(german, theirs) > 0
    choice = bot.choose(german, legal_actions(german), np.random.default_rng(0))
    assert any("demolish at C1|D1" in text for text, _ in choice.scores)


def test_a_playout_with_a_demolition_replays_from_its_saved_record_7_3(tmp_path):
    from test_combat_infantry_special import _SpecialFirst, _special_board
    from wartools.play import load_record, playout, replay, save_record

    for seed in range(6):
        r = playout(_special_board(41 + seed), [_SpecialFirst(), _SpecialFirst()], seed=seed)
        if any(a.kind == "demolish" for a in r.actions):
            break
    else:
        pytest.fail("no demolition in six playouts of a bot that takes special actions first")
    where = tmp_path / "game.json"
    save_record(r, where)
    back = load_record(where, scenario=r.scenario)
    assert replay(back).final == r.turn_ends[-1].position
    demolition = next(a for a in back.actions if a.kind == "demolish")
    assert len(demolition.cells) == 2 and Fraction(demolition.rolls[0].expected) > 0
