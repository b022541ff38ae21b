"""Saving keeps what the author wrote: comments, key order, layout and quoting survive load -> edit -> save."""
from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.mapmodel import Map, dumps_map, load_map, loads_map, save_map

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))


def comments(text: str) -> list[str]:
    """Every comment of a YAML text (whole-line and trailing), in order."""
    return [m.group(0).strip() for m in re.finditer(r"(?m)(?:^|\s)#.*$", text)]


def changed_lines(before: str, after: str) -> int:
    return sum(1 for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-")


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_an_unchanged_map_saves_byte_for_byte(path, tmp_path):
    text = path.read_text(encoding="utf-8")
    m = load_map(path)
    assert dumps_map(m) == text
    out = tmp_path / path.name
    save_map(m, out)
    assert out.read_text(encoding="utf-8") == text


def _edits(m: Map) -> dict[str, Map]:
    g = m.grid
    cells = list(g.cells())
    a, b = cells[len(cells) // 2], cells[-1]
    c = next(iter(m.terrain))                                   # a cell the author gave a terrain
    other = next(t for t in m.game.terrain.names if t != m.terrain_at(c))
    n = [x for x in g.edge_neighbours(a) if x in g][0]
    edge, features = next(iter(m.edges.items()))
    u = m.units[0]
    return {
        "change a listed cell": m.with_terrain(c, other),
        "list a new cell": m.with_terrain(b, other if other != m.default_terrain else m.game.terrain.names[-1]),
        "clear a listed cell to the default": m.with_terrain(c, m.default_terrain),
        "raise a cell": m.with_elevation(a, 3),
        "add a hexside feature": m.with_edge_feature(a, n, m.game.edge_features.names[0])
        if m.game.edge_features.names[0] not in m.edge_features_at(a, n) else m.without_edge_features(a, n),
        "remove a hexside's features": m.without_edge_features(edge.a, edge.b),
        "add a unit": m.with_unit("new-1", u.side, u.type, b),
        "move a unit": m.moved(u.id, b),
        "remove a unit": m.without_unit(m.units[-1].id),
        "two edits": m.with_terrain(b, other).moved(u.id, a),
    }


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_edits_keep_every_comment_and_touch_few_lines(path):
    text = path.read_text(encoding="utf-8")
    m = load_map(path)
    for name, edited in _edits(m).items():
        out = dumps_map(edited)
        assert out != dumps_map(edited, fresh=True), name       # patched, not written fresh
        assert loads_map(out) == edited, name                  # lossless
        assert comments(out) == comments(text) or (name == "remove a unit" and set(comments(out)) <= set(comments(text))), name
        assert changed_lines(text, out) <= 6, (name, changed_lines(text, out))


def test_key_order_quoting_and_flow_layout_survive():
    text = """\
# my board
name: 'Quoted name'     # single quotes kept
format: wartools-map/1
game: conflict-of-heroes
grid: {type: hex, orientation: pointy, offset: odd, columns: 12, rows: 10, labels: numeric}
units:
  - {id: 'g-1', side: German, type: mg, cell: '0304'}   # an MG nest
  - id: s-1
    side: Soviet
    type: squad
    cell: '0908'
terrain:
  cells:
    '0101': woods   # the copse
    '0102': forest  # an alias the author likes
"""
    m = loads_map(text)
    out = dumps_map(m.moved("s-1", "0907").with_terrain("0103", "building"))
    assert out.splitlines()[:7] == text.splitlines()[:7]
    assert "    cell: '0907'" in out                                # quoting style kept
    assert "'0102': forest  # an alias the author likes" in out      # an unchanged alias is left alone
    assert "\n    '0103': building\n" in out                        # appended in the block's style
    assert loads_map(out) == m.moved("s-1", "0907").with_terrain("0103", "building")
    out = dumps_map(m.without_unit("g-1"))
    assert "g-1" not in out and "# an MG nest" not in out and "# my board" in out
    assert loads_map(out) == m.without_unit("g-1")


def test_a_map_built_in_code_saves_as_before(tmp_path):
    m = Map.from_dict({"format": "wartools-map/1", "name": "coded", "game": "ci",
                       "grid": {"type": "hex", "columns": 3, "rows": 3}, "terrain": {"cells": {"B2": "woods"}}})
    assert m.document is None
    assert dumps_map(m) == dumps_map(m, fresh=True)
    save_map(m, tmp_path / "m.yaml")
    assert (tmp_path / "m.yaml").read_text() == dumps_map(m)


def test_a_changed_grid_rewrites_only_that_section():
    path = MAPS[0]
    text = path.read_text(encoding="utf-8")
    m = load_map(path)
    data = m.to_dict()
    data["grid"]["columns"] += 1
    bigger = Map.from_dict(data)
    import dataclasses

    bigger = dataclasses.replace(bigger, document=m.document)
    out = dumps_map(bigger)
    assert loads_map(out) == bigger and comments(out) == comments(text)


@settings(max_examples=10, deadline=None)
@given(path=st.sampled_from(MAPS), picks=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10**6),
                                                             st.integers(0, 10**6)), min_size=1, max_size=6))
def test_random_edit_sequences_are_lossless_and_keep_comments(path, picks):
    text = path.read_text(encoding="utf-8")
    m = load_map(path)
    cells = m.grid.cells()
    for kind, i, j in picks:
        a = cells[i % len(cells)]
        if kind == 0:
            names = m.game.terrain.names
            m = m.with_terrain(a, names[j % len(names)])
        elif kind == 1:
            m = m.with_elevation(a, j % 3)
        elif kind == 2:
            n = [x for x in m.grid.edge_neighbours(a) if x in m.grid]
            b = n[j % len(n)]
            f = m.game.edge_features.names[j % len(m.game.edge_features.names)]
            m = m.without_edge_features(a, b) if m.edge_features_at(a, b) else m.with_edge_feature(a, b, f)
        elif kind == 3 and m.units:
            m = m.moved(m.units[j % len(m.units)].id, a)
        elif kind == 4:
            fs = m.game.cell_features.names
            m = m.with_features(a, [fs[j % len(fs)]] if fs else [])
        elif kind == 5 and len(m.units) > 1:
            m = m.without_unit(m.units[j % len(m.units)].id)
    out = dumps_map(m)
    assert loads_map(out) == m
    kept = comments(out)
    assert kept == comments(text) or set(kept) <= set(comments(text))   # a removed unit may take its comment
