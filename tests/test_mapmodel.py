"""Map files: strict loading with clear errors, lossless atomic saving, immutable edits."""
from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.errors import MapError
from wartools.games import find_game, game_ids
from wartools.mapmodel import Map, dumps_map, load_map, loads_map, save_map
from wartools.mapmodel import atomic

GOOD = textwrap.dedent("""\
    format: wartools-map/1
    name: Test map
    game: combat-infantry
    grid: {type: hex, orientation: flat, offset: odd, columns: 6, rows: 5, labels: column-letter}
    terrain:
      default: clear
      cells: {C4: woods, D4: town}
    elevation: {D4: 1}
    edges:
      - {cells: [C4, C5], feature: hedge}
      - {cells: [D4, D5], feature: river}
    features: {E5: [foxhole]}
    roads:
      - {kind: paved, cells: [A1, B1, C2, D2]}
    objectives:
      - {cell: D4, kind: victory, value: 1}
    zones: {us-spawn: [A1, A2, A3]}
    units:
      - {id: us-1, side: US, type: rifle, cell: C4}
    """)


def write(tmp_path: Path, text: str, name: str = "bad.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_good_map_loads_every_section():
    m = loads_map(GOOD, "good.yaml")
    assert m.game.id == "combat-infantry"
    assert m.terrain_at("C4") == "woods" and m.terrain_at("A1") == "clear"
    assert m.elevation_at("D4") == 1 and m.elevation_at("A1") == 0
    assert m.edge_features_at("C5", "C4") == ("hedge",)
    assert m.features_at("E5") == ("foxhole",)
    assert [m.label(c) for c in m.roads[0].cells] == ["A1", "B1", "C2", "D2"]
    assert m.edge("A1", "B1") in m.road_edges
    assert m.objectives[0].kind == "victory"
    assert [m.label(c) for c in m.zones["us-spawn"]] == ["A1", "A2", "A3"]
    assert m.units_at("C4")[0].id == "us-1"


# One case per class of bad input: (replace this, with that, expected fragments of the message)
BAD_CASES = {
    "malformed yaml": ("  cells: {C4: woods, D4: town}", "  cells: {C4: woods, D4: town",
                       ["bad.yaml:", "malformed YAML"]),
    "unknown top-level key": ("zones:", "zonez:", ["bad.yaml:17:", "zonez", "unknown key", "valid:", "zones"]),
    "unknown game": ("game: combat-infantry", "game: squad-leader",
                     ["bad.yaml:3:", "game:", "squad-leader", "combat-infantry", "heroes-of-normandie"]),
    "unknown terrain": ("C4: woods", "C4: jungle",
                        ["bad.yaml:7:", "terrain.cells.C4", "jungle", "woods", "orchard"]),
    "unknown edge feature": ("feature: hedge", "feature: fence",
                             ["bad.yaml:10:", "edges.0.feature", "fence", "hedge", "river"]),
    "unknown cell feature": ("E5: [foxhole]", "E5: [trench]",
                             ["bad.yaml:12:", "features.E5.0", "trench", "foxhole", "smoke"]),
    "unknown unit type": ("type: rifle", "type: paratrooper",
                          ["bad.yaml:19:", "units.0.type", "paratrooper", "rifle", "tank"]),
    "label off the grid": ("D4: 1}", "Z99: 1}", ["bad.yaml:8:", "elevation.Z99", "off the 6x5 board", "A1 .. F5"]),
    "bad label": ("D4: 1}", "4D: 1}", ["bad.yaml:8:", "elevation.4D", "column-letter"]),
    "edge between non-adjacent cells": ("[C4, C5], feature: hedge", "[C4, E5], feature: hedge",
                                        ["bad.yaml:10:", "edges.0.cells", "C4", "E5", "not adjacent"]),
    "duplicate unit id": ("  - {id: us-1, side: US, type: rifle, cell: C4}\n",
                          "  - {id: us-1, side: US, type: rifle, cell: C4}\n"
                          "  - {id: us-1, side: US, type: mg, cell: C5}\n",
                          ["bad.yaml:20:", "units.1.id", "duplicate unit id 'us-1'"]),
    "wrong type": ("columns: 6", "columns: six", ["bad.yaml:4:", "grid.columns", "positive integer", "six"]),
    "wrong type of section": ("zones: {us-spawn: [A1, A2, A3]}", "zones: [A1]",
                              ["bad.yaml:17:", "zones", "must be a mapping"]),
    "non-adjacent road": ("[A1, B1, C2, D2]", "[A1, C2, D2]", ["bad.yaml:14:", "roads.0.cells.1", "not adjacent"]),
    "unsafe tag": ("name: Test map", "name: !!python/object/apply:os.system [echo hi]",
                   ["bad.yaml:2:", "unsupported YAML tag", "python"]),
    "duplicate key": ("name: Test map", "name: Test map\nname: Again", ["bad.yaml:3:", "duplicate key 'name'"]),
    "missing grid": ("grid: {type: hex, orientation: flat, offset: odd, columns: 6, rows: 5, labels: column-letter}\n",
                     "", ["bad.yaml", "missing required key 'grid'"]),
    "wrong grid for game": ("type: hex, orientation: flat, offset: odd,", "type: square,",
                            ["bad.yaml:4:", "grid.type", "hex grid"]),
    "bad orientation": ("orientation: flat", "orientation: sideways", ["grid.orientation", "flat, pointy"]),
    "unsupported format": ("format: wartools-map/1", "format: wartools-map/9",
                           ["bad.yaml:1:", "wartools-map/9", "valid: wartools-map/1"]),
}


@pytest.mark.parametrize("case", sorted(BAD_CASES))
def test_bad_input_names_file_line_field_and_choices(tmp_path, case):
    old, new, fragments = BAD_CASES[case]
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(MapError) as info:
        load_map(path)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert "\n" not in message


def test_missing_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError, match="no such map file"):
        load_map(tmp_path / "nope.yaml")


def test_empty_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError, match="empty"):
        load_map(write(tmp_path, ""))


def test_aliases_load_to_canonical_names():
    m = loads_map(GOOD.replace("C4: woods", "C4: forest").replace("type: rifle", "type: infantry"))
    assert m.terrain_at("C4") == "woods" and m.units[0].type == "rifle"


def test_edits_return_new_maps_and_validate():
    m = loads_map(GOOD)
    m2 = m.with_terrain("A1", "marsh").with_edge_feature("A1", "A2", "hedge").moved("us-1", "B2")
    assert m.terrain_at("A1") == "clear" and m2.terrain_at("A1") == "marsh"
    assert m2.edge_features_at("A1", "A2") == ("hedge",) and m.edge_features_at("A1", "A2") == ()
    assert m2.units_at("B2") and not m.units_at("B2")
    assert m2.without_edge_features("A1", "A2").edge_features_at("A1", "A2") == ()
    with pytest.raises(MapError, match="unknown terrain 'lava'"):
        m.with_terrain("A1", "lava")
    with pytest.raises(MapError, match="duplicate feature 'hedge'"):
        m.with_edge_feature("C4", "C5", "hedge")
    with pytest.raises(Exception, match="not adjacent"):
        m.with_edge_feature("A1", "C4", "hedge")
    with pytest.raises(TypeError):
        m.terrain[m.cell("A1")] = "woods"  # type: ignore[index]


def test_save_is_atomic_when_the_write_fails(tmp_path, monkeypatch):
    m = loads_map(GOOD)
    target = tmp_path / "map.yaml"
    save_map(m, target)
    before = target.read_text()

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "replace", boom)
    with pytest.raises(OSError):
        save_map(m.with_terrain("A1", "marsh"), target)
    assert target.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.yaml"]


# --- lossless round trip on random maps -------------------------------------------------
@st.composite
def random_maps(draw):
    game = find_game(draw(st.sampled_from(game_ids())))
    grid: dict = {"type": game.grid_type, "columns": draw(st.integers(1, 9)), "rows": draw(st.integers(1, 9)),
                  "labels": draw(st.sampled_from(["column-letter", "row-letter", "numeric"]))}
    if game.grid_type == "hex":
        grid["orientation"] = draw(st.sampled_from(["flat", "pointy"]))
        grid["offset"] = draw(st.sampled_from(["odd", "even"]))
    if draw(st.booleans()):
        grid["label_prefix"] = draw(st.sampled_from(["7", "B"]))
    base = Map.from_dict({"format": "wartools-map/1", "name": "r", "game": game.id, "grid": grid})
    cells = base.grid.cells()
    lab = base.grid.label
    some = st.lists(st.sampled_from(cells), max_size=6, unique=True)
    data = base.to_dict()
    data["name"] = draw(st.text(min_size=1, max_size=20))
    data["terrain"]["cells"] = {lab(c): draw(st.sampled_from(game.terrain.names)) for c in draw(some)}
    data["elevation"] = {lab(c): draw(st.integers(-2, 3)) for c in draw(some)}
    edges = base.grid.edges()
    if edges and game.edge_features.names:
        chosen = draw(st.lists(st.sampled_from(edges), max_size=5, unique=True))
        data["edges"] = [{"cells": [lab(e.a), lab(e.b)], "feature": draw(st.sampled_from(game.edge_features.names))}
                         for e in chosen]
    if game.cell_features.names:
        data["features"] = {lab(c): draw(st.lists(st.sampled_from(game.cell_features.names), min_size=1,
                                                  max_size=2, unique=True)) for c in draw(some)}
    data["units"] = [{"id": f"u{i}", "side": draw(st.sampled_from(["A", "B"])),
                      "type": draw(st.sampled_from(game.unit_types.names)), "cell": lab(c)}
                     for i, c in enumerate(draw(some))]
    data["zones"] = {"z": [lab(c) for c in draw(some)]}
    return Map.from_dict(data)


@settings(max_examples=60, deadline=None)
@given(random_maps())
def test_save_then_load_gives_an_equal_map(m):
    again = loads_map(dumps_map(m))
    assert again == m
    assert again.fingerprint == m.fingerprint
    assert Map.from_dict(m.to_dict()) == m


def test_save_and_load_file(tmp_path):
    m = loads_map(GOOD)
    save_map(m, tmp_path / "m.yaml")
    assert load_map(tmp_path / "m.yaml") == m
    assert os.path.exists(tmp_path / "m.yaml")


def test_saved_files_get_ordinary_permissions(tmp_path):
    target = tmp_path / "m.yaml"
    save_map(loads_map(GOOD), target)
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    target.chmod(0o640)
    save_map(loads_map(GOOD), target)
    assert target.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("name", ["\x85", "a\u2028b", "tab\there", "Saint-Rémy", " lead", "x: y", "#1", "yes"])
def test_names_with_awkward_characters_survive_a_round_trip(name):
    data = loads_map(GOOD).to_dict()
    data["name"] = name
    m = Map.from_dict(data)
    assert loads_map(dumps_map(m)).name == name


@pytest.mark.parametrize("label", ["0304", "0502"])
def test_unquoted_numeric_labels_are_refused_not_guessed(label):
    text = GOOD.replace("labels: column-letter", "labels: numeric").replace(
        "terrain:\n  default: clear\n  cells: {C4: woods, D4: town}", f"terrain:\n  cells: {{{label}: woods}}")
    text = "\n".join(line for line in text.splitlines()
                     if not line.startswith(("elevation", "edges", "  - {cells", "features", "roads", "  - {kind",
                                             "objectives", "  - {cell", "zones", "units", "  - {id")))
    with pytest.raises(MapError, match="was read as a number; quote it"):
        loads_map(text, "m.yaml")
    assert loads_map(text.replace(f"{label}: woods", f"'{label}': woods")).terrain_at(label) == "woods"
