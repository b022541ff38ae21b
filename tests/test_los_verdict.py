"""A game's compiled verdict (:meth:`LOSPolicy.verdict`) answers exactly as its numpy judgement.

The judgement (:meth:`LOSPolicy.judge`, findings reduced by the engine) is the oracle: on
random boards of every game (both grid kinds; terrain, hexside features, elevation, markers
and units placed by the viewshed tests' generator, the game's assumed readings drawn too), in
each game's situations, batches read from template tables and walked batches get the same
status, hindrance and modifier from the compiled verdict as from the judgement, and the
findings asked of an answer that came from the verdict are the judgement's.
"""
from __future__ import annotations

import importlib
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_los_viewshed import GAMES, random_map
from wartools.los import LOSSituation, evaluate, geometry
from wartools.los.templates import templates_for

kernel = importlib.import_module("wartools.los.kernel")
geometry_module = importlib.import_module("wartools.los.geometry")

#: the options each game's LOS policy reads, with the values drawn (the default first)
READINGS = {
    "combat-infantry": {"ambiguous-contact": ("any", "both", "ignore"), "woods-see-out": (False, True),
                        "undrawn-hexsides-block": (False, True), "bombard-into-woods": (True, False),
                        "sight-within-range": (True, False)},
    "company-of-heroes": {"building-corners": (True, False)},
    "conflict-of-heroes": {"hills-block": (True, False), "along-hexside": ("lesser", "greater"),
                           "woods-los": ("block", "hinder"), "wall-los": ("hinder", "block")},
    "heroes-of-normandie": {"contour-adjacency": ("crossing", "line"),
                            "corner-rule": ("closed-both-sides", "any", "never"),
                            "building-blocks-los": (True, False), "hedges-are-obstacles": (True, False),
                            "vehicles-block-los": (True, False), "untyped-units-are-infantry": (True, False)},
}
#: situations beyond the viewshed tests' (a side of the board's, for fire)
EXTRA = ({"mode": "fire", "side": "A"}, {"mode": "fire", "night": True, "range": 4})
COMPILED = sorted(g for g in GAMES if "verdict" in type(random_map(g, random.Random(0)).game.los_policy()).__dict__)


@pytest.fixture(scope="module")
def patch():
    kernel.load()
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def _board(game, rnd):
    m = random_map(game, rnd)
    if game == "combat-infantry" and m.units and rnd.random() < 0.5:      # a block's printed range (2.13)
        u = rnd.choice(m.units)
        m = m.with_unit(u.id, u.side, u.type, u.cell, tags=[f"range={rnd.randint(1, 4)}"])
    if game == "heroes-of-normandie":      # more smoke, and units on mounds by contour lines (1.1 Mounds)
        cells = list(m.grid.cells())
        for c in rnd.sample(cells, len(cells) // 3):
            m = m.with_features(c, [rnd.choice(GAMES[game]["features"])])
        for j, c in enumerate(rnd.sample(cells, min(3, len(cells)))):
            m = m.with_terrain(c, "mound").with_unit(f"m{j}", rnd.choice("AB"), rnd.choice(GAMES[game]["units"]), c)
            for n in rnd.sample(m.grid.edge_neighbours(c), 2):
                if n in m.grid and "contour" not in m.edges.get(m.edge(c, n), ()):
                    m = m.with_edge_feature(c, n, "contour").with_elevation(n, rnd.randint(0, 2))
    options = {k: rnd.choice(v) for k, v in READINGS[game].items() if k in m.game.settings}
    return m.with_options(**options) if options else m


def _policy(game, m, rnd):
    """The game's policy; for Conflict of Heroes, half the time one whose hindering hexes and
    hexsides are worth 1 to 3 (its tables are keyword arguments)."""
    policy = m.game.los_policy()
    if game == "conflict-of-heroes" and rnd.random() < 0.5:
        worth = {name: ("hinder", rnd.randint(1, 3)) for name in ("field", "brush")}
        policy = type(policy)(m.game, terrain=worth, features={"wreck": ("hinder", rnd.randint(1, 3))},
                              edges={"wall": ("hinder", rnd.randint(1, 3))})
    return policy


def _batches(m, rnd):
    """One observer to every cell (a viewshed), a block of observers to every cell (a matrix
    tile), random pairs with repeats."""
    ids = geometry(m).exts(list(m.grid.cells()))
    n = len(ids)
    block = rnd.sample(range(n), min(n, 4))
    pairs = np.array([rnd.randrange(n) for _ in range(2 * n)]), np.array([rnd.randrange(n) for _ in range(2 * n)])
    return [(np.full(n, ids[rnd.randrange(n)]), ids), (np.repeat(ids[block], n), np.tile(ids, len(block))),
            (ids[pairs[0]], ids[pairs[1]])]


def _situations(game, m):
    sides = {u.side for u in m.units}
    return [LOSSituation(**o) for o in (*GAMES[game]["situations"], *EXTRA) if o.get("side", "A") in sides or
            "side" not in o]


#: where a batch's rows come from: a template table, or rows listed one by one (the rulers
#: recalled per grid kind, or walked)
ROWS = {"templates": None, "recalled": {"SHARED_FROM": 10 ** 9}, "walked": {"SHARED_FROM": 0, "SHARED": 10 ** 9}}


@settings(max_examples=32, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(COMPILED), st.sampled_from(sorted(ROWS)), st.randoms(use_true_random=False))
def test_compiled_verdict_equals_the_judgement_on_random_boards(patch, game, rows, rnd):
    m = _board(game, rnd)
    geo = geometry(m)
    policy = _policy(game, m, rnd)
    with patch.context() as mp:
        if ROWS[rows] is None:
            templates_for(m.grid, max(m.grid.columns, m.grid.rows) * 2)
        else:
            mp.setattr(geometry_module, "cached_templates", lambda grid, radius: None)
            mp.setattr(geometry_module, "DENSE_MAX", -1)
            mp.setattr(geo, "templates", None)
            for name, value in ROWS[rows].items():
                mp.setattr(geometry_module, name, value)
        for a, b in _batches(m, rnd):
            for sit in _situations(game, m):
                got = evaluate(m, a, b, sit, policy=policy, geo=geo)
                with patch.context() as off:
                    off.setattr(policy, "verdict_applies", False)
                    ref = evaluate(m, a, b, sit, policy=policy, geo=geo)
                assert callable(got.out) and not callable(ref.out)        # the verdict answered
                for name in ("visible", "status", "hindrance", "modifier"):
                    assert np.array_equal(getattr(got, name), getattr(ref, name)), (name, sit, rows)
                if rnd.random() < 0.2:          # findings, when asked, are the judgement's
                    assert all(np.array_equal(x, y) for x, y in zip(got.findings, ref.findings))


def test_a_house_rule_that_judges_otherwise_is_not_answered_by_its_parents_verdict():
    """A subclass overriding a method of the game's policy (here the judgement itself) may
    judge differently, so the parent's compiled verdict does not answer for it; one changing
    only its assumptions keeps it."""
    game = random_map("combat-infantry", random.Random(1)).game
    parent = type(game.los_policy())

    class Blind(parent):  # type: ignore[misc,valid-type]
        def judge(self, batch, prep, sit, out):
            out.add(np.arange(batch.n), 2, "range", 0, batch.b, 3)

    class Quiet(parent):  # type: ignore[misc,valid-type]
        def assumptions(self, sit=None):
            return ()

    assert parent.verdict_applies and not Blind.verdict_applies and Quiet.verdict_applies
    m = random_map("combat-infantry", random.Random(1))
    ids = geometry(m).exts(list(m.grid.cells()))
    kernel.load()
    ev = evaluate(m, np.full(len(ids), ids[0]), ids, policy=Blind(game))
    assert not ev.visible.any()


def test_a_mound_is_seen_over_only_towards_a_higher_unit_across_its_line():
    """Heroes of Normandie 1.1 (Mounds A), compiled as judged: the unit on the mound B2 blocks the
    shot from A2 to the higher C2, except when C2 borders the mound's red line."""
    from wartools.testing import tiny_map

    kernel.load()
    for lines, want in (({("B2", "C2"): "contour"}, 0), ({}, 2)):
        m = tiny_map("heroes-of-normandie", 4, 3, terrain={"B2": "mound"}, elevation={"C2": 1, "D2": 1}, edges=lines,
                     units=[("u", "A", "infantry", "B2"), ("s", "A", "infantry", "A2"), ("t", "B", "infantry", "C2")])
        geo = geometry(m)
        ids = geo.exts(list(m.grid.cells()))
        a, b = np.repeat(ids, len(ids)), np.tile(ids, len(ids))
        policy = m.game.los_policy()
        got = evaluate(m, a, b, policy=policy, geo=geo)
        with pytest.MonkeyPatch.context() as off:
            off.setattr(policy, "verdict_applies", False)
            ref = evaluate(m, a, b, policy=policy, geo=geo)
        assert callable(got.out) and np.array_equal(got.status, ref.status)
        at = {(m.label(geo.cells[x]), m.label(geo.cells[y])): s for x, y, s in zip(a, b, got.status.tolist())}
        assert at["A2", "C2"] == want
