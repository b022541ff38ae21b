"""A position's movement graph shares the board graph away from the units, and answers exactly as a
fresh graph does.

Each game's rules name the cells the other units make a difference to
(:meth:`~wartools.rules.movement.MovementRules.unit_cells`: Combat Infantry's occupied,
enemy-controlled and disputed hexes, 8.0-8.3; Company of Heroes' occupied hexes, 4 Obstacles
to Movement and Transport; Conflict of Heroes' enemy-occupied hexes; Heroes of Normandie's
occupied squares and Zones of Control). The engine takes every other step from the graph of the
bare board, cached per board fingerprint and built for an earlier position. The oracle is the
graph built straight from the rule hooks for the new position (``eager``): on random boards of
all four games (every terrain, edge and cell feature, roads, elevation, units with tags, teams,
the games' options and switches drawn), with units placed, the cache warmed, then units moved,
taken off or added, every graph of the new position equals its fresh graph edge for edge, step
for step, with the same blocked steps, cells a move may not end on, cheapest step and
allowance; and ``reachable``, ``path`` and the turn engine's moves give the same answers.
"""
from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_movement_engine import random_map
from test_movement_fast_paths import eager

from wartools.errors import WartoolsError
from wartools.games import find_game, game_ids
from wartools.mapmodel import Map, Unit
from wartools.movement import clear_cache, movement_graph, path, reachable, resolve
from wartools.movement import graph
from wartools.movement.graph import MoveGraph, rules_class, shares_board
from wartools.movement.search import cheapest, end_costs
from wartools.play import playout
from wartools.scenario import load_scenario

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: unit tags the games' movement rules read (pinned, deployed, transports, suppressed ...)
TAGS = ("pinned", "deployed", "transport", "entered-this-round", "suppressed", "hidden")


def _tags(m: Map, cell: Any, rng: random.Random, p: float) -> tuple[str, ...]:
    """Random tags of :data:`TAGS`, and sometimes the hex a unit in an assault entered from
    (``assaulting=<a neighbour>``, Combat Infantry 9.1: each hexside's assault limit)."""
    tags = tuple(t for t in TAGS if rng.random() < p)
    if rng.random() < p:
        tags += (f"assaulting={m.label(rng.choice(list(m.grid.neighbours(cell))))}",)
    return tags


def dressed(m: Map, rng: random.Random) -> Map:
    """``m`` with tags on its units, sides from the whole game (allied by teams when there are
    more than two) and random values of the game's options with choices."""
    game = m.game
    units = tuple(dataclasses.replace(u, side=rng.choice(game.sides), tags=_tags(m, u.cell, rng, 0.25))
                  for u in m.units)
    teams = {"one": (game.sides[0], game.sides[2])} if len(game.sides) > 2 and rng.random() < 0.5 else {}
    values: dict[str, Any] = {}
    for o in game.options:
        if o.name in ("night", "weather"):
            continue
        if isinstance(o.default, bool) and rng.random() < 0.3:
            values[o.name] = not o.default
        elif o.choices and rng.random() < 0.3:
            values[o.name] = rng.choice(o.choices)
    return dataclasses.replace(m.with_options(**values), units=units, teams=teams)


def moved(m: Map, rng: random.Random) -> Map:
    """``m`` after a few changes of its units: moved to another cell, taken off, or added."""
    units = list(m.units)
    cells = list(m.grid.cells())
    for k in range(rng.randint(1, 3)):
        what = rng.random()
        if what < 0.6 and units:
            i = rng.randrange(len(units))
            units[i] = dataclasses.replace(units[i], cell=rng.choice(cells))
        elif what < 0.8 and len(units) > 1:
            units.pop(rng.randrange(len(units)))
        else:
            cell = rng.choice(cells)
            units.append(Unit(f"n{k}", rng.choice(m.game.sides), rng.choice(m.game.unit_types.names),
                              cell, tags=_tags(m, cell, rng, 0.2)))
    return dataclasses.replace(m, units=tuple(units))


def situation(m: Map, rng: random.Random) -> dict[str, Any]:
    switches = rules_class(m.game).switches
    return {"night": rng.random() < 0.3, "weather": rng.choice(["clear", "mud"]),
            "switches": [s for s in switches if rng.random() < 0.5], "extra_points": rng.randint(0, 2)}


def movers(m: Map, rng: random.Random) -> list[tuple[Any, Any]]:
    """The units on the map, and a hypothetical unit of each type on a random cell."""
    out: list[tuple[Any, Any]] = [(u.cell, u.id) for u in m.units]
    for utype in m.game.unit_types.names:
        cell = rng.choice(list(m.grid.cells()))
        out.append((cell, Unit("probe", rng.choice(m.game.sides), utype, cell)))
    return out


def warm(m: Map, rng: random.Random, kw: dict[str, Any]) -> None:
    """Ask the cached graphs of ``m`` something, so the board graphs are partly built."""
    for cell, unit in movers(m, rng):
        try:
            _, mg = _graph(m, cell, unit, kw)
        except WartoolsError:
            continue
        what = rng.random()
        if what < 0.4 and mg.rules.situation.side:
            reachable(m, cell, unit, **kw)
        elif what < 0.7:
            mg.complete()
        else:
            mg.out(cell)


def _graph(m: Map, cell: Any, unit: Any, kw: dict[str, Any]) -> tuple[Any, MoveGraph]:
    start, utype, sit = resolve(m, cell, unit, **kw)
    return (start, utype, sit), movement_graph(m, utype, sit)


def same_graph(mg: MoveGraph, e: dict[str, Any]) -> None:
    g = mg.graph
    assert list(g.nodes) == list(e["graph"].nodes)
    assert list(g.edges(data=True)) == list(e["graph"].edges(data=True))
    for c in mg.built:                                      # the searches' view, in order
        assert list(mg.out(c).items()) == [(v, d["weight"]) for v, d in e["graph"][c].items()]
        assert all(mg.step(c, v) == d["step"] for v, d in e["graph"][c].items())
    assert list(mg.blocked.items()) == list(e["blocked"].items())
    assert list(mg.no_end.items()) == list(e["no_end"].items())
    assert (mg.min_cost, mg.allowance) == (e["min_cost"], e["allowance"])


@SETTINGS
@given(st.sampled_from(game_ids()), st.integers(0, 10_000), st.data())
def test_a_moved_position_s_graphs_are_fresh_graphs(game, seed, data):
    rng = random.Random(seed)
    clear_cache()
    m0 = dressed(random_map(game, seed), rng)
    kw = situation(m0, rng)
    warm(m0, rng, kw)
    m1 = moved(m0, rng)
    assert m1.board_fingerprint == m0.board_fingerprint
    shared = 0
    for m in [m1] if rng.random() < 0.5 else [m1, moved(m1, rng)]:      # one move, or two in turn
        for cell, unit in movers(m, rng):
            try:
                (start, utype, sit), mg = _graph(m, cell, unit, kw)
            except WartoolsError as err:                    # a fresh graph refuses it alike
                with pytest.raises(WartoolsError, match=re.escape(str(err))):
                    start, utype, sit = resolve(m, cell, unit, **kw)
                    rules_class(m.game)(m, utype, sit)
                continue
            shared += mg.board is not None
            goal = data.draw(st.sampled_from(list(m.grid.cells())))
            fresh = MoveGraph(rules_class(m.game)(m, utype, sit))
            if sit.side is not None:                        # answers first: the graph is still partly built
                budget = rng.randint(0, mg.allowance + 2)
                assert end_costs(mg, start, budget) == end_costs(fresh, start, budget)
                assert reachable(m, cell, unit, budget=budget, **kw).costs == end_costs(fresh, start, budget)[0]
                assert path(m, cell, goal, unit, **kw).to_json() == cheapest(m, fresh, start, goal).to_json()
            same_graph(mg, eager(m, utype, sit))
    assert shared or not shares_board(rules_class(m1.game))


def test_every_game_s_rules_share_board_graphs():
    for game in game_ids():
        assert shares_board(rules_class(find_game(game))), game


def test_a_house_rule_that_replaces_a_step_shares_no_board():
    """A subclass that overrides ``step`` (reading the units as it likes) gets fresh graphs unless it
    names its own unit cells; one that changes a table only shares as its game does."""
    from wartools.games.company_of_heroes.movement import Rules

    class NoEnemyAdjacent(Rules):
        def step(self, a, b):
            got = super().step(a, b)
            near = any(self.enemies_at(n) for n in self.map.grid.neighbour_table[b])
            return dataclasses.replace(got, stop="next to an enemy") if near and got.passable else got

    class Slower(Rules):
        cp_per_round = 2

    assert not shares_board(NoEnemyAdjacent) and shares_board(Slower)
    m = random_map("company-of-heroes", 3)
    u = m.units[0]
    start, utype, sit = resolve(m, u.cell, u.id)
    bare = MoveGraph(NoEnemyAdjacent(m, utype, sit.replace(others=(), mover=None)))
    assert MoveGraph(NoEnemyAdjacent(m, utype, sit), bare).board is None     # it names no unit cells


ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.yaml")), ids=lambda p: p.stem)
def test_a_playout_is_the_same_game_with_graphs_shared_or_fresh(path, monkeypatch):
    """The play engine's moves (reach, single steps, entries) rest on the movement graphs: a seeded
    game with a greedy and a random bot is the same record whether the graphs share the board's
    or are built afresh for every position (three turns of each sample scenario)."""
    s = load_scenario(path)
    s = dataclasses.replace(s, turns=min(s.turns, 3))
    clear_cache()
    shared = playout(s, ["greedy", "random"], seed=5)
    assert graph._BOARDS.info()["hits"] > 0
    monkeypatch.setattr(graph, "shares_board", lambda cls: False)
    clear_cache()
    fresh = playout(s, ["greedy", "random"], seed=5)
    assert graph._BOARDS.info()["size"] == 0
    assert json.dumps(shared.to_json(), sort_keys=True) == json.dumps(fresh.to_json(), sort_keys=True)


def test_a_hexside_s_assault_limit_is_read_afresh_in_every_position():
    """Combat Infantry 9.1: no more units may assault across a hexside than its assault limit (a town
    hexside: 1, 3.4 Town) in one HQ activation. Two positions alike but for the hexside the unit already
    in the assault came across (``assaulting=<hex>``) answer differently, whichever was asked first (a
    board graph built for the first once answered the second: the balance runs' JSON then depended on
    which playouts a worker had played before)."""
    from wartools.games.combat_infantry.movement import assaulting_tag
    from wartools.testing import tiny_map

    def position(came_from: str) -> Map:
        return tiny_map("combat-infantry", 4, 1, terrain={"C1": "town"},
                        units=[("de", "German", "rifle", "C1"), ("r1", "US", "rifle", "C1", [assaulting_tag(came_from)]),
                               ("r2", "US", "rifle", "B1")])

    across, elsewhere = position("B1"), position("D1")
    clear_cache()
    blocked = path(across, "B1", "C1", "r2")
    clear_cache()
    open_ = path(elsewhere, "B1", "C1", "r2")
    assert not blocked.reachable and "assault limit 1" in blocked.why_not and open_.reachable
    for first, then, want in ((elsewhere, across, blocked), (across, elsewhere, open_)):
        clear_cache()
        path(first, "B1", "C1", "r2")
        assert path(then, "B1", "C1", "r2").to_json() == want.to_json()
        fresh = MoveGraph(rules_class(then.game)(then, "rifle", resolve(then, "B1", "r2")[2]))
        assert reachable(then, "B1", "r2").costs == end_costs(fresh, then.cell("B1"), fresh.allowance)[0]


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_move_of_playouts_in_one_process_is_a_fresh_graph_s(path, monkeypatch):
    """A worker plays playout after playout with the board graphs the earlier ones built: at every
    position of three seeded random games of each sample scenario played in one process, every
    unit's reach and single steps the engine offers equals the reach of a graph built afresh for
    that position from the rule hooks (a board graph built in one playout once answered another's
    step into an assault hex, Combat Infantry 9.1; random games seldom make that position, so
    ``test_a_hexside_s_assault_limit_is_read_afresh_in_every_position`` and
    ``tests/test_play_reuse.py`` check it by name)."""
    from wartools.play import engine

    s = load_scenario(path)
    asked = engine._reach
    checked = 0

    def reach(g, unit, budget):
        nonlocal checked
        got = asked(g, unit, budget)
        m = g.map
        try:
            start, utype, sit = resolve(m, unit.cell, unit.id, situation=g.board.situation)
            fresh = MoveGraph(rules_class(m.game)(m, utype, sit))
        except WartoolsError:
            assert got is None
            return got
        want = end_costs(fresh, start, fresh.allowance if budget is None else budget)[0]
        assert got is not None and got.costs == want, (path.stem, g.actions, unit.id)
        checked += 1
        return got
    from wartools.movement import search

    stepped = engine._steps

    def steps(g, unit, offer):      # single steps (Conflict of Heroes 2.2): the fresh graph's own edges
        nonlocal checked
        got = stepped(g, unit, offer)
        resolved = search.resolve_graph
        m = g.map

        def fresh(m_, cell, unit_, **kw):
            start, mg = resolved(m_, cell, unit_, **kw)
            return start, MoveGraph(rules_class(m_.game)(m_, mg.rules.unit_type, mg.rules.situation))
        with monkeypatch.context() as patch:
            patch.setattr(search, "resolve_graph", fresh)
            want = stepped(g, unit, offer)
        assert got == want, (path.stem, g.actions, unit.id, m.label(unit.cell))
        checked += 1
        return got
    monkeypatch.setattr(engine, "_reach", reach)
    monkeypatch.setattr(engine, "_steps", steps)
    clear_cache()
    for seed in (1, 2, 3):
        playout(s, ["random", "random"], seed=seed)
    assert checked > 20
