"""Several turns of movement: fewest turns, then fewest points, checked against an independent
turn-by-turn recomputation through the public single-move API."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_movement_engine import maps, recost

from wartools.testing import tiny_map
from wartools.movement import path, reach_in_turns, reachable, resolve, route_in_turns
from wartools.movement.graph import rules_class


def reference(m, unit, turns):
    """best[t][cell]: cheapest points to end turn t on cell, turn by turn with `reachable`; a move
    that ends in an assault (an enemy's hex, a minefield: Combat Infantry 7.2) goes no further."""
    _, utype, sit = resolve(m, unit.cell, unit.id)
    rules = rules_class(m.game)(m, utype, sit)
    best = [{unit.cell: 0}]
    for _ in range(turns):
        layer: dict = {}
        for here, spent in best[-1].items():
            if here != unit.cell and rules.assault_at(here):
                continue
            for there, cost in reachable(m, here, unit.id).costs.items():
                if spent + cost < layer.get(there, 10**9):
                    layer[there] = spent + cost
        best.append(layer)
    out = {}
    for t, layer in enumerate(best):
        for c, v in layer.items():
            out.setdefault(c, (t, v))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps, st.integers(0, 3), st.data())
def test_fewest_turns_then_fewest_points_match_a_turn_by_turn_reference(m, turns, data):
    unit = data.draw(st.sampled_from(m.units))
    r = reach_in_turns(m, unit.cell, unit.id, turns=turns)
    expected = reference(m, unit, turns)
    assert {c: (r.turns_to[c], r.spent[c]) for c in r.turns_to} == expected


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps, st.data())
def test_routes_are_chains_of_legal_single_moves(m, data):
    unit = data.draw(st.sampled_from(m.units))
    r = reach_in_turns(m, unit.cell, unit.id, turns=3)
    goal = data.draw(st.sampled_from(sorted(r.turns_to)))
    legs = route_in_turns(m, unit.cell, goal, unit.id, max_turns=3)
    assert len(legs) == r.turns_to[goal]
    assert sum(leg.cost for leg in legs) == r.spent[goal]
    here = unit.cell
    for leg in legs:
        assert leg.reachable and leg.start == here and leg.cost <= leg.allowance
        assert recost(m, leg) == leg.cost
        here = leg.goal
    assert here == goal
    bigger = reach_in_turns(m, unit.cell, unit.id, turns=4)
    assert set(r.turns_to) <= set(bigger.turns_to)


def test_a_must_stop_hex_costs_a_turn_not_the_route():
    m = tiny_map('combat-infantry', 6, 1, features={'C1': ['smoke']},
                 units=[('us-1', 'US', 'rifle', 'A1')], name='smoke')
    assert not path(m, "A1", "E1").reachable  # one move must stop in the smoke
    legs = route_in_turns(m, "A1", "E1")
    assert [leg.labels() for leg in legs] == [["A1", "B1", "C1"], ["C1", "D1", "E1"]]
    assert reach_in_turns(m, "A1", turns=1).turns_to.get(m.cell("E1")) is None
    assert route_in_turns(m, "A1", "E1", max_turns=1).legs == ()
