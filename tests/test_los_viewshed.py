"""The optimised viewshed (relevant contacts only, vectorised targets) equals per-target single calls.

Random maps of every game, with blocking and hindering terrain, hexside
features, elevation, markers and units, in several situations: the cells of
``viewshed(m, a, situation)`` are exactly the cells ``t`` for which
``line_of_sight(m, a, t, situation).visible`` holds, and a ``cells=`` restriction
(given as cells or as labels) only restricts that set.
"""
from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartools.los import LOSSituation, evaluate, geometry, line_of_sight, viewshed
from wartools.mapmodel import Map
from wartools.testing import tiny_map

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))

GAMES = {
    "combat-infantry": {
        "grid": "hex", "terrain": ("orchard", "woods", "town", "farm", "marsh"),
        "features": ("smoke", "wreck"), "edges": ("hedge", "woods", "town", "river"),
        "units": ("rifle", "mg", "tank"),
        "situations": ({}, {"mode": "fire"}, {"mode": "fire", "indirect": True}, {"night": True},
                       {"spotting": True}, {"observer_height": 1}, {"range": 3})},
    "company-of-heroes": {
        "grid": "hex", "terrain": ("building", "water"), "features": (), "edges": ("heavy-cover",),
        "units": ("infantry", "mortar-team"),
        "situations": ({}, {"range": 5}, {"mode": "fire", "range": 6, "indirect": True})},
    "conflict-of-heroes": {
        "grid": "hex", "terrain": ("woods", "building", "brush", "field"), "features": ("smoke", "wreck"),
        "edges": ("wall", "stream"), "units": ("infantry", "tank"),
        "situations": ({}, {"observer_height": 1}, {"range": 3})},
    "heroes-of-normandie": {
        "grid": "square", "terrain": ("building", "bunker", "trench", "field", "mound"),
        "features": ("smoke", "fading-smoke"), "edges": ("wall", "hedge", "opening", "hedgehog", "contour"),
        "units": ("infantry", "light-vehicle", "heavy-vehicle"),
        "situations": ({}, {"unit": "infantry"}, {"unit": "light-vehicle", "target": "infantry"},
                       {"range": 4})},
}


def random_map(game: str, rnd: random.Random) -> Map:
    spec = GAMES[game]
    cols, rows = rnd.randint(3, 8), rnd.randint(3, 8)
    g = tiny_map(game, cols, rows).grid
    cells, edges = list(g.cells()), list(g.edges())
    terrain = {g.label(c): rnd.choice(spec["terrain"]) for c in rnd.sample(cells, rnd.randint(0, len(cells) // 2))}
    elevation = ({g.label(c): rnd.randint(1, 2) for c in rnd.sample(cells, rnd.randint(0, len(cells) // 3))}
                 if rnd.random() < 0.5 else None)
    features = ({g.label(c): [rnd.choice(spec["features"])]
                 for c in rnd.sample(cells, rnd.randint(0, len(cells) // 6))} if spec["features"] else None)
    crossings = {(g.label(e.a), g.label(e.b)): rnd.choice(spec["edges"])
             for e in rnd.sample(edges, rnd.randint(0, len(edges) // 5))}
    units = [(f"u{i}", rnd.choice("AB"), rnd.choice(spec["units"]), g.label(c),
              ["camouflaged"] if game == "company-of-heroes" and rnd.random() < 0.2 else [])
             for i, c in enumerate(rnd.sample(cells, rnd.randint(0, min(6, len(cells)))))]
    return tiny_map(game, cols, rows, terrain=terrain, elevation=elevation, features=features, edges=crossings,
                    units=units)


@SETTINGS
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_viewshed_equals_single_calls_on_random_maps_of_every_game(game, rnd):
    m = random_map(game, rnd)
    cells = list(m.grid.cells())
    for options in GAMES[game]["situations"]:
        sit = LOSSituation(**options)
        for a in rnd.sample(cells, min(3, len(cells))):
            expected = tuple(t for t in cells if line_of_sight(m, a, t, sit).visible)
            assert viewshed(m, a, sit).cells == expected, (game, options, m.label(a))
            subset = rnd.sample(cells, len(cells) // 2)
            want = tuple(t for t in cells if t in set(subset) and t in expected)
            assert tuple(sorted(viewshed(m, a, sit, cells=subset))) == tuple(sorted(want))
            labels = [m.label(t) for t in subset]
            assert set(viewshed(m, a, sit, cells=labels)) == set(want)


@SETTINGS
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_only_relevant_contacts_change_nothing(game, rnd):
    """Judging every contact row or only those the policy declares relevant gives the same findings."""
    m = random_map(game, rnd)
    geo = geometry(m)
    policy = m.game.los_policy()
    ids = geo.exts(list(m.grid.cells()))
    a, b = np.repeat(ids, len(ids)), np.tile(ids, len(ids))

    class Everything(type(policy)):
        def relevant(self, geo, prep, sit, explain):
            return None, None
    full = Everything(m.game)
    for options in GAMES[game]["situations"]:
        sit = LOSSituation(**options)
        for explain in (False, True):
            got = evaluate(m, a, b, sit, explain=explain)
            ref = evaluate(m, a, b, sit, explain=explain, policy=full)
            assert (got.status == ref.status).all() and (got.modifier == ref.modifier).all()
            assert (got.hindrance == ref.hindrance).all()
            f, g = np.stack(got.findings, 1), np.stack(ref.findings, 1)
            assert (f[np.lexsort(f.T[::-1])] == g[np.lexsort(g.T[::-1])]).all()


def test_a_subclass_that_overrides_judge_sees_every_contact():
    """Relevance masks declared for a judge do not silently apply to a subclass's own judge."""
    from wartools.games.combat_infantry.los import CombatInfantryLOS

    m = random_map("combat-infantry", random.Random(5))
    geo = geometry(m)
    ids = geo.exts(list(m.grid.cells()))
    a, b = np.repeat(ids, len(ids)), np.tile(ids, len(ids))
    rows: list[int] = []

    class Spy(CombatInfantryLOS):
        def judge(self, batch, prep, sit, out):
            rows.append(len(batch.cp))
            super().judge(batch, prep, sit, out)
    evaluate(m, a, b, policy=Spy(m.game))
    assert rows == [len(geo.batch(a, b).cp)]


def test_a_viewshed_reads_its_target_list_afresh_when_the_list_changed():
    """The ext ids of the last target list are remembered (a viewshed per observer over the same
    cells); a list changed in place, or another list, is read again."""
    m = tiny_map("combat-infantry", 9, 9, terrain={"E4": "town", "C5": "woods"})
    cells = list(m.grid.cells())
    assert len(cells) >= 64
    full = viewshed(m, "E5", cells=cells)
    assert full.cells == viewshed(m, "E5").cells
    cells.reverse()
    cells[:] = cells[:70]
    assert set(viewshed(m, "E5", cells=cells)) == {t for t in full if t in set(cells)}
    cells[3] = m.cell("E3") if cells[3] != m.cell("E3") else m.cell("E6")      # same length, one cell changed
    want = {t for t in full if t in set(cells)}
    assert set(viewshed(m, "E5", cells=cells)) == want
    assert set(viewshed(m, "E5", cells=[m.label(c) for c in cells])) == want
