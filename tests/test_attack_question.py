"""The attack question (issue 20): every vectorised answer of the analysis equals a loop over the
game's own ``attack(board, attacker, target, situation)``, on random boards of all four games whose
generators place every feature the rules refuse or change an attack for (night, hidden units,
assaults, transports, teams, trenches, buildings, camouflage, mortars, weapon teams, hedges and
towns for the fire limits).

- a threat map cell's attackers and odds are the game's fire limits and combination applied to
  the attacks ``attack`` allows on a probe unit standing there (and ``FireRules.attacks`` gives,
  attacker by attacker, exactly ``attack``'s answers);
- a fire plan assigns only attacks ``attack`` allows, with its odds, within the fire limits, and
  its ``can_fire_at`` lists are ``attack``'s.
"""
from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from wartools.analysis import Board, fire_plan, threat_map
from wartools.errors import WartoolsError
from wartools.games import find_game
from wartools.games.fire_rules import Attack, Refusal, within_limits
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map_data

COLUMNS, ROWS = 5, 4

#: per game: sides, unit types, terrain, edge features, tags and options the generator draws from
FEATURES: dict[str, dict[str, Any]] = {
    "combat-infantry": {
        "types": ("rifle", "mg", "mortar", "hq", "tank", "sniper"),
        "terrain": ("clear", "clear", "clear", "woods", "town", "orchard"),
        "edges": ("hedge", "town", "river"),
        "tags": ((), (), ("hidden",)),
        "options": ({}, {"night": True}),
    },
    "company-of-heroes": {
        "types": ("infantry", "mg-team", "mortar-team", "at-team", "light-vehicle", "heavy-vehicle"),
        "terrain": ("clear", "clear", "clear", "building"),
        "edges": (),
        "tags": ((), ("deployed",), ("camouflaged",), ("pinned",), ("transport",), ("range+1",),
                 ("deployed", "pinning=u1")),
        "options": ({},),
        "sides": ("US", "British", "Wehrmacht"),
        "teams": {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]},
    },
    "conflict-of-heroes": {
        "types": ("infantry", "mg", "mortar", "gun", "vehicle", "tank"),
        "terrain": ("open", "open", "woods", "building", "brush"),
        "edges": ("wall",),
        "tags": ((),),
        "options": ({},),
    },
    "heroes-of-normandie": {
        "types": ("infantry", "infantry", "light-vehicle", "heavy-vehicle"),
        "terrain": ("open", "open", "trench", "trench", "building"),
        "edges": ("hedge",),
        "tags": ((),),
        "options": ({},),
    },
}


@st.composite
def boards(draw: Any, game: str) -> Board:
    """A random scenario of ``game`` on a small board, in its set-up position."""
    f = FEATURES[game]
    g = find_game(game)
    sides = f.get("sides", g.sides[:2])
    labels = [f"{chr(65 + c)}{r + 1}" for c in range(COLUMNS) for r in range(ROWS)]
    terrain = {lab: draw(st.sampled_from(f["terrain"])) for lab in labels}
    edges = {}
    if f["edges"]:
        for _ in range(draw(st.integers(0, 3))):
            a = draw(st.sampled_from(labels))
            col, row = ord(a[0]) - 65, int(a[1:])
            b = f"{chr(65 + col)}{row + 1}" if row < ROWS else f"{chr(65 + col)}{row - 1}"
            edges[(a, b)] = draw(st.sampled_from(f["edges"]))
    n = draw(st.integers(4, 7))
    cells = draw(st.lists(st.sampled_from(labels), min_size=n, max_size=n))
    units: dict[str, list[dict[str, Any]]] = {s: [] for s in sides}
    for i, cell in enumerate(cells):
        side = sides[i % len(sides)] if i < len(sides) else draw(st.sampled_from(sides))
        kind = draw(st.sampled_from(f["types"]))
        tags = list(draw(st.sampled_from(f["tags"])))
        entry: dict[str, Any] = {"id": f"u{i}", "type": kind, "cell": cell}
        if tags:
            entry["tags"] = tags
        units[side].append(entry)
    m = tiny_map_data(game, COLUMNS, ROWS, terrain=terrain, edges=edges, name="random")
    data = {"format": "wartools-scenario/1", "name": "random", "game": game, "map": m, "turns": 3,
            "first": sides[0], "sides": {s: {"units": u} for s, u in units.items()},
            "victory": {"levels": [{"result": "draw", "otherwise": True}]},
            "options": draw(st.sampled_from(f["options"]))}
    if "teams" in f:
        data["teams"] = f["teams"]
    try:
        return Board.of(loads_scenario(yaml.safe_dump(data)))
    except WartoolsError:     # stacking or a unit where it may not stand: draw again
        reject()


SETTINGS = settings(max_examples=5, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.parametrize("game", sorted(FEATURES))
def test_threat_map_equals_a_loop_over_the_attack_question(game):
    @SETTINGS
    @given(boards(game), st.data())
    def check(board: Board, data: Any) -> None:
        side = data.draw(st.sampled_from(sorted({u.side for u in board.map.units})))
        kind = data.draw(st.sampled_from(FEATURES[game]["types"]))
        t = threat_map(board, side, target=kind)
        fire = board.fire
        allowed: dict[Any, list[Attack]] = {c: [] for c in board.map.grid.cells()}
        single: dict[tuple[str, Any], Attack | Refusal] = {}
        for u in board.units_of(board.enemies(side)):     # the vectorised answers, attacker by attacker
            fast = fire.attacks(board.map, u, board.probe(side, kind), None, board.situation)
            for cell in board.map.grid.cells():
                slow = single[u.id, cell] = fire.attack(board.map, u, board.probe(side, kind, cell), board.situation)
                assert isinstance(slow, (Attack, Refusal))
                assert fast.get(cell) == (slow or None), (u.id, board.map.label(cell), slow)
                if slow:
                    allowed[cell].append(slow)
        # every attacker at once, each on cells of its own: the same answers
        enemies = board.units_of(board.enemies(side))
        own = [data.draw(st.lists(st.sampled_from(list(board.map.grid.cells())), unique=True)) for _ in enemies]
        together = fire.attacks_of(board.map, list(zip(enemies, own)), board.probe(side, kind), board.situation)
        for u, cells, got in zip(enemies, own, together):
            assert got == {c: a for c in cells if (a := single[u.id, c])}, u.id
        if data.draw(st.booleans()) and fire.move_budget(board.units_of(board.enemies(side))[0], 3) is not None:
            check_moving(board, side, kind)
        for cell, attacks in allowed.items():             # the cell: the limits and the combination
            kept = fire.limit(attacks)
            p, e = fire.combine(kept, kind, fire.defender(board.probe(side, kind, cell))) if kept else (0, 0)
            got = t.at(cell)
            assert set(got.attackers) == {a.attacker for a in kept}, board.map.label(cell)
            assert (got.p_hit, got.expected) == (p, e), board.map.label(cell)
    check()


def check_moving(board: Board, side: str, kind: str) -> None:
    """With attackers that move first: each cell's attacks are, per attacker, the best the attack
    question allows from a cell its move reaches (the movement engine's answer)."""
    from wartools.analysis.threat import _positions

    t = threat_map(board, side, target=kind, moving=True)
    fire = board.fire
    for cell in board.map.grid.cells():
        best = []
        for u in board.units_of(board.enemies(side)):
            got = [a for pos, spent in _positions(board, u, fire)
                   if (a := fire.attack(board.map, fire.moved(u, pos, spent), board.probe(side, kind, cell),
                                        board.situation))]
            if got:
                best.append(max(got, key=lambda a: (a.expected, a.p_hit)))
        kept = fire.limit(best)
        p, e = fire.combine(kept, kind, fire.defender(board.probe(side, kind, cell))) if kept else (0, 0)
        assert set(t.at(cell).attackers) == {a.attacker for a in kept}, board.map.label(cell)
        assert (t.at(cell).p_hit, t.at(cell).expected) == (p, e), board.map.label(cell)


@pytest.mark.parametrize("game", sorted(FEATURES))
def test_fire_plan_assigns_only_what_the_attack_question_allows(game):
    @SETTINGS
    @given(boards(game), st.data())
    def check(board: Board, data: Any) -> None:
        side = data.draw(st.sampled_from(sorted({u.side for u in board.map.units})))
        plan = fire_plan(board, side)
        fire = board.fire
        enemies = {u.id: u for u in board.units_of(board.enemies(side))}
        chosen = []
        for a in plan.assignments:
            got = fire.attack(board.map, board.unit(a.unit), enemies[a.target], board.situation)
            assert isinstance(got, Attack), got
            assert (got.p_hit, got.expected) == (a.p_hit, a.expected)
            chosen.append(got)
        assert within_limits(chosen)
        for uid, targets in plan.can_fire_at.items():
            u = board.unit(uid)
            assert set(targets) == {t for t, v in enemies.items()
                                    if fire.attack(board.map, u, v, board.situation)}
            if not targets:
                assert set(plan.refusals[uid]) == set(enemies)
    check()


@pytest.mark.parametrize("game", sorted(FEATURES))
def test_the_occupied_cells_between_are_those_cells_between_lists(game):
    """``FireRules.among_between`` and ``among_between_pairs`` (what a bot keeping answers asks of the
    occupied cells) are a loop over ``cells_between`` for every pair of cells (Heroes of Normandie 1.1: the rectangle the two
    squares span, found by columns and rows instead of listed)."""
    @settings(SETTINGS, max_examples=5)
    @given(boards(game))
    def check(board: Board) -> None:
        m, fire = board.map, board.fire
        cells = list(m.grid.cells())
        occupied = list(dict.fromkeys(u.cell for u in m.units))
        pairs = [(a, b) for a in cells for b in cells]
        many = fire.among_between_pairs(m, pairs, occupied)
        assert len(many) == len(pairs)
        for (a, b), got in zip(pairs, many):
            between = fire.cells_between(m, a, b) or frozenset()
            assert fire.among_between(m, a, b, occupied) == got == tuple(c for c in occupied if c in between)
    check()


@pytest.mark.parametrize("game", sorted(FEATURES))
def test_an_answer_reads_no_unit_but_those_its_fire_rules_name(game):
    """``FireRules.units_read``: removing or moving a unit it does not name (onto the attacker's or
    the target's cell too) changes no answer of the attack question (what a bot may keep its
    answers under, wartools.play.greedy): Combat Infantry's friendly blockers, spotting HQs and
    assaulting units (6.4, 6.61, 6.1), Company of Heroes' team, camouflaged units and transports
    (7, 4), none in Conflict of Heroes, those between the ends in Heroes of Normandie (1.1:
    ``cells_between``)."""
    import dataclasses

    @settings(SETTINGS, max_examples=20)
    @given(boards(game), st.data())
    def check(board: Board, data: Any) -> None:
        m, fire = board.map, board.fire
        attacker = data.draw(st.sampled_from(m.units))
        side = data.draw(st.sampled_from(sorted(board.enemies(attacker.side))))
        cells = list(m.grid.cells())
        target = board.probe(side, data.draw(st.sampled_from(FEATURES[game]["types"])),
                             data.draw(st.sampled_from(cells)))
        read = {u.id for u in fire.units_read(m, attacker)}
        between = fire.cells_between(m, attacker.cell, target.cell) or frozenset()
        free = [u for u in m.units if u.id not in read and u.id != attacker.id and u.cell not in between]
        if not free:
            reject()
        other = data.draw(st.sampled_from(free))
        to = data.draw(st.sampled_from([other.cell, *(c for c in (attacker.cell, target.cell, *cells)
                                                      if c not in between)]))
        before = fire.attack(m, attacker, target, board.situation)
        for units in ([u for u in m.units if u.id != other.id],
                      [dataclasses.replace(u, cell=to) if u.id == other.id else u for u in m.units]):
            changed = dataclasses.replace(m, units=tuple(units))
            fresh = type(fire)(fire.game)       # nothing kept from the board before the change
            assert fresh.attack(changed, attacker, target, board.situation) == before, (other.id, m.label(to))
    check()
