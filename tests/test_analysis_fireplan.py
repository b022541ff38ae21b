"""Fire plans: the exact plan matches a brute-force search over every assignment; beyond the
exact size the plan says it is a heuristic."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, fire_plan
from wartools.games.fire_rules import Attack, within_limits

FORCES = {
    "combat-infantry": ([("s-1", "US", "rifle", "B2"), ("s-2", "US", "mg", "B2"), ("s-3", "US", "rifle", "D2"),
                         ("s-4", "US", "sniper", "A3")],
                        [("t-1", "German", "rifle", "C3"), ("t-2", "German", "rifle", "D4"),
                         ("t-3", "German", "tank", "B4")]),
    "company-of-heroes": ([("s-1", "US", "infantry", "B2"), ("s-2", "US", "infantry", "C2"),
                           ("s-3", "US", "at-team", "D2", {"tags": ["deployed"]})],
                          [("t-1", "Wehrmacht", "infantry", "C3"), ("t-2", "Wehrmacht", "light-vehicle", "D3")]),
    "conflict-of-heroes": ([("s-1", "Soviet", "infantry", "A1"), ("s-2", "Soviet", "mg", "B1"),
                            ("s-3", "Soviet", "tank", "C1"), ("s-4", "Soviet", "gun", "D1")],
                           [("t-1", "German", "infantry", "B4"), ("t-2", "German", "tank", "D4"),
                            ("t-3", "German", "mg", "A4")]),
    "heroes-of-normandie": ([("s-1", "US", "infantry", "A1"), ("s-2", "US", "infantry", "B1"),
                             ("s-3", "US", "heavy-vehicle", "C1")],
                            [("t-1", "German", "infantry", "B4"), ("t-2", "German", "light-vehicle", "D4")]),
}


def brute(board: Board, side: str, objective: str, target: str | None = None) -> Fraction:
    """The best objective over every assignment within the fire limits (each shooter: nothing, or
    any target the game's attack question lets it attack)."""
    fire = board.fire
    enemies = board.units_of(board.enemies(side))
    choices = []
    for u in board.units_of(side):
        can = []
        for t in enemies:
            got = fire.attack(board.map, u, t, board.situation)
            if isinstance(got, Attack):
                can.append((t, got))
        choices.append([None, *can])
    best = None
    for pick in itertools.product(*choices):
        if not within_limits(c[1] for c in pick if c is not None):
            continue
        total = [Fraction(0), Fraction(0)]
        focus = Fraction(0)
        for t in enemies:
            kept = [c[1] for c in pick if c is not None and c[0].id == t.id]
            if not kept:
                continue
            p, e = fire.combine(kept, t.type, fire.defender(t))
            total[0] += p
            total[1] += e
            if t.id == target:
                focus = p
        value = {"targets-hit": total[0], "expected-hits": total[1], "target": focus}[objective]
        best = value if best is None else max(best, value)
    return best


@pytest.mark.parametrize("game", sorted(FORCES))
@pytest.mark.parametrize("objective", ["targets-hit", "expected-hits", "target"])
def test_exact_plan_matches_brute_force(game, objective):
    mine, theirs = FORCES[game]
    s = tiny_scenario(game, 4, 4, [*mine, *theirs])
    board = Board.of(s)
    side = mine[0][1]
    target = theirs[0][0] if objective == "target" else None
    plan = fire_plan(board, side, target=target, objective=objective)
    assert plan.method == "exact"
    assert plan.value == brute(board, side, objective, target)
    assert plan.assignments, "the forces were placed to fire"
    fired = [a.unit for a in plan.assignments]
    assert len(fired) == len(set(fired))                          # each unit fires once
    for a in plan.assignments:
        assert a.target in plan.can_fire_at[a.unit]                   # only at what it can fire at


def test_beyond_the_exact_size_the_plan_is_a_labelled_heuristic():
    mine, theirs = FORCES["heroes-of-normandie"]
    board = Board.of(tiny_scenario("heroes-of-normandie", 4, 4, [*mine, *theirs]))
    exact = fire_plan(board, "US")
    rough = fire_plan(board, "US", exact_up_to=1)
    assert rough.method == "heuristic" and rough.to_json()["method"] == "heuristic"
    assert 0 < rough.value <= exact.value


def test_combat_infantry_long_range_limit_in_plans():
    """Combat Infantry 6.51: of the rifle and the MG sharing B2, only one fires long range at a
    target hex two hexes away, so the other is given another target (or none)."""
    s = tiny_scenario("combat-infantry", 5, 5, [("s-1", "US", "rifle", "B2"), ("s-2", "US", "mg", "B2"),
                                                ("t-1", "German", "rifle", "D2")])
    plan = fire_plan(s, "US", objective="expected-hits")
    assert [a.unit for a in plan.assignments] == ["s-1"]
