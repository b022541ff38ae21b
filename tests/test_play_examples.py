"""Rulebook examples of play, replayed as records (issue 22).

Conflict of Heroes 3.1 (Figure 1): the German activates squad A and moves it forward one hex
for 1 AP (6 APs left) and ends his turn; the Soviet activates squad C, fires at A for its 4 APs
(3 left) and misses; the German then fires the fresh HMG B at C as an opportunity action,
which spends B for the round. The example's unit fires for 4 APs (each card prints its own
cost): option ``fire-ap`` 4. The misses are scripted dice; the record replays with them.
"""
from __future__ import annotations

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
    path, digest = scenario_identity(s)
    record = Record(s, path, digest, (0, ()), {"German": "rulebook", "Soviet": "rulebook"}, tuple(actions),
                    (TurnEnd(1, g.position),), "Draw", None, {"German": 0, "Soviet": 0})
    assert replay(record, seeded=False).final == g.position
