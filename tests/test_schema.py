"""The published file formats: JSON Schemas of maps and scenarios, and ``wartools games``."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from wartools.cli import main
from wartools.games import find_game, game_ids
from wartools.mapmodel import load_map
from wartools.mapmodel.model import TOP_KEYS, UNIT_KEYS
from wartools.scenario.schema import scenario_schema
from wartools.mapmodel.schema import map_schema
from wartools.mapmodel.validate import GRID_KEYS

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.fixture(scope="module")
def map_validator() -> jsonschema.Draft202012Validator:
    schema = map_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(validator: jsonschema.Draft202012Validator, data: object) -> list[str]:
    return [e.message for e in validator.iter_errors(data)]


def test_the_schemas_are_valid_draft_2020_12_schemas():
    for schema in (map_schema(), scenario_schema()):
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_map_schema_lists_exactly_the_loaders_keys():
    schema = map_schema()
    assert tuple(schema["properties"]) == TOP_KEYS
    assert tuple(schema["$defs"]["unit"]["properties"]) == UNIT_KEYS
    assert set(schema["$defs"]["grid"]["properties"]) == {k for ks in GRID_KEYS.values() for k in ks}
    assert set(schema["required"]) == {"format", "name", "game", "grid"}


def test_the_map_schema_carries_every_games_vocabulary():
    rules = map_schema()["allOf"]
    assert len(rules) == len(game_ids())
    for gid, rule in zip(game_ids(), rules):
        game = find_game(gid)
        then = rule["then"]["properties"]
        terrain = then["terrain"]["anyOf"][0]["properties"]["default"]["enum"]
        assert set(game.terrain.names) <= set(terrain)
        assert set(game.terrain.aliases) <= set(terrain)
        units = then["units"]["anyOf"][0]["items"]["properties"]["type"]["enum"]
        assert set(game.unit_types.names) <= set(units)
        assert then["grid"]["properties"]["type"]["const"] == game.grid_type


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_sample_map_validates(path, map_validator):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert _errors(map_validator, data) == []
    # and so does what the library writes for it
    assert _errors(map_validator, load_map(path).to_dict()) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_sample_scenario_validates(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in jsonschema.Draft202012Validator(scenario_schema()).iter_errors(data)] == []


def _sample() -> dict:
    return yaml.safe_load((ROOT / "maps" / "combat-infantry-river-crossing.yaml").read_text(encoding="utf-8"))


MALFORMED = {
    "unknown top-level key": lambda d: d.update(colour="red"),
    "missing grid": lambda d: d.pop("grid"),
    "wrong format": lambda d: d.update(format="wartools-map/2"),
    "unknown game": lambda d: d.update(game="chess"),
    "terrain of another game": lambda d: d["terrain"]["cells"].update(C4="bunker"),
    "unknown default terrain": lambda d: d["terrain"].update(default="lava"),
    "edge feature of another game": lambda d: d["edges"][0].update(feature="seawall"),
    "edge with three cells": lambda d: d["edges"][0].update(cells=["A1", "A2", "A3"]),
    "unknown cell feature": lambda d: d.update(features={"C4": ["crater"]}),
    "unit type of another game": lambda d: d["units"][0].update(type="light-vehicle"),
    "unit without a cell": lambda d: d["units"][0].pop("cell"),
    "negative columns": lambda d: d["grid"].update(columns=-3),
    "square grid for a hex game": lambda d: d["grid"].update(type="square"),
    "adjacency on a hex grid": lambda d: d["grid"].update(adjacency=4),
    "non-integer elevation": lambda d: d["elevation"].update(L8=1.5),
    "road of one cell": lambda d: d["roads"][0].update(cells=["A4"]),
    "image without pitch": lambda d: d.update(image={"file": "b.png", "origin": [0, 0]}),
    "label with a space": lambda d: d["terrain"]["cells"].update({"C 4": "woods"}),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_maps_fail_the_schema(name, map_validator, tmp_path):
    data = _sample()
    assert _errors(map_validator, data) == []
    MALFORMED[name](data)
    assert _errors(map_validator, data), name
    # the loader refuses them too: the schema is never more forgiving than the loader
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(Exception):  # noqa: B017 - MapError, whatever the field
        load_map(path)


def test_a_square_game_map_validates_and_hex_keys_are_refused(map_validator):
    data = yaml.safe_load((ROOT / "maps" / "heroes-of-normandie-dog-red.yaml").read_text(encoding="utf-8"))
    assert _errors(map_validator, data) == []
    bad = copy.deepcopy(data)
    bad["grid"]["orientation"] = "flat"
    assert _errors(map_validator, bad)


def test_scenario_schema_checks_an_inline_map_and_unit_types():
    v = jsonschema.Draft202012Validator(scenario_schema())
    base = {"format": "wartools-scenario/1", "name": "s", "game": "combat-infantry", "turns": 6, "first": "US",
            "map": _sample(),
            "sides": {"US": {"units": [{"id": "u1", "type": "rifle", "cell": "B6"},
                                       {"id": "t1", "type": "tank", "enters": {"turn": 3, "zone": "west"}}],
                             "setup": ["us-setup"]}},
            "victory": {"levels": [{"result": "US victory", "if": {"side": "US", "controls": ["bridge"]}},
                                   {"result": "German victory", "otherwise": True}]}}
    assert [e.message for e in v.iter_errors(base)] == []
    for change in (lambda d: d["map"]["terrain"]["cells"].update(C4="jungle"),
                   lambda d: d["sides"]["US"]["units"][0].update(type="king"),
                   lambda d: d.update(turns=0),
                   lambda d: d["victory"]["levels"][1].pop("otherwise"),
                   lambda d: d.pop("map")):
        bad = copy.deepcopy(base)
        change(bad)
        assert not v.is_valid(bad)


def test_cli_schema_prints_the_schema(capsys):
    assert main(["schema", "map"]) == 0
    assert json.loads(capsys.readouterr().out) == map_schema()
    assert main(["schema", "scenario", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["title"].startswith("wartools scenario")
    assert main(["schema", "board"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_cli_games_lists_vocabularies_sections_and_options(capsys):
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    assert tuple(games) == game_ids()
    ci = games["combat-infantry"]
    foxhole = next(x for x in ci["cell_features"] if x["name"] == "foxhole")
    assert foxhole["section"] == "Combat Infantry 7.1"
    assert {"name": "woods", "aliases": ["forest"], "section": "Combat Infantry 3.4"} in ci["terrain"]
    coh = games["company-of-heroes"]["options"]
    assert [o["name"] for o in coh if o["per_question"]] == ["commander-4cp", "deploy"]
    for gid, g in games.items():
        declared = [o for o in g["options"] if o["layer"] == "game"]
        assert [o["name"] for o in declared] == [o["name"] for o in g["options"]] == [o.name for o in find_game(gid).options]
        for o in declared:
            assert o["section"] and isinstance(o["assumed"], bool) and "default" in o
    for g in games.values():
        for kind in ("terrain", "edge_features", "cell_features", "unit_types"):
            assert [x["name"] for x in g[kind]] == list(getattr(find_game(g["id"]), kind).names)
    assert main(["games", "CI"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("combat-infantry:") and "foxhole  [Combat Infantry 7.1]" in out
    assert main(["games", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown game 'chess'" in err


def test_the_scenario_schema_lists_exactly_the_loaders_keys_and_condition_forms():
    from wartools.scenario import conditions
    from wartools.scenario.validate import OBJECTIVE_KEYS, SCENARIO_KEYS, SIDE_KEYS, UNIT_KEYS

    schema = scenario_schema()
    assert tuple(schema["properties"]) == SCENARIO_KEYS
    assert tuple(schema["$defs"]["unit"]["properties"]) == UNIT_KEYS
    side = schema["properties"]["sides"]["additionalProperties"]["anyOf"][1]
    assert tuple(side["properties"]) == SIDE_KEYS
    objective = schema["properties"]["objectives"]["anyOf"][1]["items"]
    assert tuple(objective["properties"]) == OBJECTIVE_KEYS
    forms = schema["$defs"]["condition"]["oneOf"]
    assert [tuple(f["properties"]) for f in forms] == list(conditions.FORMS.values())


def test_scenario_options_are_checked_per_game():
    v = jsonschema.Draft202012Validator(scenario_schema())
    base = {"format": "wartools-scenario/1", "name": "s", "game": "ci", "map": "m.yaml", "turns": 3,
            "sides": {"US": None}, "victory": {"levels": [{"result": "draw", "otherwise": True}]}}
    assert v.is_valid({**base, "options": {"night": True}})
    assert not v.is_valid({**base, "options": {"night": 3}})
    assert not v.is_valid({**base, "options": {"fog-of-war": True}})
    assert not v.is_valid({**base, "victory": {"levels": [{"result": "x", "if": {"side": "US"}}]}})
    assert v.is_valid({**base, "victory": {"levels": [
        {"result": "x", "if": {"all": [{"side": "US", "controls": ["a"], "at_least": 1}, {"not": {"tie": True}}]}}]}})


def test_docs_map_format_explains_every_key_and_its_example_loads(map_validator):
    import re

    from wartools.mapmodel import loads_map
    from wartools.mapmodel.validate import NUMBERING_KEYS

    doc = (ROOT / "docs" / "map-format.md").read_text(encoding="utf-8")
    for key in TOP_KEYS:
        assert f"### `{key}`" in doc, key
    for key in {k for ks in GRID_KEYS.values() for k in ks} | set(NUMBERING_KEYS):
        assert f"`{key}`" in doc or f"{key}:" in doc, key
    example = re.search(r"## A complete small map\n\n```yaml\n(.*?)```", doc, re.S).group(1)
    m = loads_map(example)
    assert m.units and m.edges and _errors(map_validator, yaml.safe_load(example)) == []
    assert "(limits.md)" in doc
