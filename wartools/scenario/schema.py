"""The JSON Schema (draft 2020-12) of scenario files (``wartools-scenario/1``).

Generated from the scenario loader's own key lists (:mod:`wartools.scenario.validate`),
the victory-condition forms (:data:`wartools.scenario.conditions.FORMS`) and every
registered game's unit types and options, so it cannot drift from the loader.
The map is a path (relative to the scenario file) or an inline map, checked by
the map schema (:func:`wartools.mapmodel.schema.map_schema`, embedded).

As for maps, the schema checks the *shape*; the loader
(:func:`wartools.scenario.load_scenario`) also checks what a schema cannot:
labels on the board, set-up areas, stacking, unit ids, zone and objective
names, and the loader's forgiving spellings.

Examples
--------
>>> import jsonschema
>>> v = jsonschema.Draft202012Validator(scenario_schema())
>>> ok = {"format": "wartools-scenario/1", "name": "s", "game": "ci", "map": "m.yaml", "turns": 6,
...       "sides": {"US": {"units": [{"id": "r1", "type": "rifle", "cell": "B6"}]}},
...       "victory": {"levels": [{"result": "US wins", "otherwise": True}]}}
>>> v.is_valid(ok)
True
>>> v.is_valid({**ok, "sides": {"US": {"units": [{"id": "r1", "type": "panzer-dragon", "cell": "B6"}]}}})
False
"""
from __future__ import annotations

from typing import Any

from wartools.rules import Game, find_game, game_ids
from wartools.mapmodel.schema import MAP_SCHEMA_ID, SCHEMA_DIALECT, map_schema, vocabulary_names
from wartools.scenario import conditions as C
from wartools.scenario.model import MAP_EDGES, SCENARIO_FORMAT
from wartools.scenario.validate import OBJECTIVE_KEYS, SCENARIO_KEYS, SIDE_KEYS, UNIT_KEYS

SCENARIO_SCHEMA_ID = "https://wartools.invalid/schema/wartools-scenario-1.json"
_LABEL = {"type": "string", "minLength": 1, "pattern": r"^\S+$"}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_COUNT = {"type": "integer", "minimum": 0}


def _condition_forms() -> list[dict[str, Any]]:
    """One schema per victory-condition form (exactly one form key per condition)."""
    ref = {"$ref": "#/$defs/condition"}
    values: dict[str, Any] = {
        "all": {"type": "array", "items": ref, "minItems": 1}, "any": {"type": "array", "items": ref, "minItems": 1},
        "not": ref, "side": {"type": "string"}, "controls": {**_STRINGS, "minItems": 1},
        "at_least": _COUNT, "exactly": _COUNT, "at_most": _COUNT, "vp_lead": _COUNT, "vp_at_least": _COUNT,
        "tie": {"const": True}, "event": {"type": "string"}, "unit": {"type": ["string", "integer"]},
        "at": {"type": "string"}, "surrendered": {"type": "string"},
    }
    forms = []
    for kind, keys in C.FORMS.items():
        required = [kind] + (["side"] if "side" in keys and kind != "side" else []) + (["at"] if kind == "unit" else [])
        forms.append({"type": "object", "required": required, "additionalProperties": False,
                      "properties": {k: values[k] for k in keys}})
    return forms


def _option(o: Any) -> dict[str, Any]:
    if o.kind == "bool":
        return {"type": "boolean", "default": o.default, "description": f"{o.doc} [{o.section}]"}
    if o.kind == "int":
        return {"type": "integer", "default": o.default, "description": f"{o.doc} [{o.section}]"}
    text: dict[str, Any] = {"enum": list(o.choices)} if o.choices else {"type": "string"}
    return {**text, "default": o.default, "description": f"{o.doc} [{o.section}]"}


def _game_rules(game: Game) -> dict[str, Any]:
    spellings = list(dict.fromkeys([game.id, *(a.lower() for a in game.aliases)]))
    unit_type = {"enum": vocabulary_names(game.unit_types)}
    return {
        "if": {"required": ["game"], "properties": {"game": {"enum": spellings}}},
        "then": {"properties": {
            "options": {"propertyNames": {"enum": [o.name for o in game.options]},
                        "properties": {o.name: _option(o) for o in game.options}},
            "sides": {"additionalProperties": {"properties": {"units": {"items": {
                "properties": {"type": unit_type}}}}}},
        }},
    }


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of ``wartools-scenario/1`` files."""
    embedded_map = map_schema()
    embedded_map.pop("$schema")
    unit_values: dict[str, Any] = {
        "id": {"type": ["string", "integer"]}, "type": {"type": "string"}, "cell": _LABEL,
        "enters": {"type": "object", "required": ["turn"], "additionalProperties": False,
                   "properties": {"turn": {"type": "integer", "minimum": 1}, "zone": {"type": "string"},
                                  "edge": {"enum": list(MAP_EDGES)}},
                   "oneOf": [{"required": ["zone"]}, {"required": ["edge"]}]},
        "name": {"type": "string"}, "steps": {"type": "integer", "minimum": 1}, "vp": _COUNT,
        "hidden": {"type": "boolean"}, "tags": _STRINGS}
    unit = {"type": "object", "required": ["id", "type"], "additionalProperties": False,
            "properties": {k: unit_values[k] for k in UNIT_KEYS},
            "oneOf": [{"required": ["cell"]}, {"required": ["enters"]}],
            "description": "a unit that sets up on 'cell' or enters as a reinforcement ('enters')"}
    side_values: dict[str, Any] = {"units": {"type": "array", "items": {"$ref": "#/$defs/unit"}},
                                   "setup": _STRINGS,
                                   "resources": {"type": "object", "additionalProperties": _COUNT}}
    objective_values: dict[str, Any] = {
        "id": {"type": ["string", "integer"]}, "cell": _LABEL, "value": {"type": "integer"},
        "kind": {"type": "string"}, "name": {"type": "string"},
        "score": {"anyOf": [{"enum": ["end", "each-turn"]},
                            {"type": "array", "items": {"type": "integer", "minimum": 1}}]}}
    values: dict[str, Any] = {
        "format": {"const": SCENARIO_FORMAT},
        "name": {"type": "string"},
        "game": embedded_map["properties"]["game"],
        "map": {"anyOf": [{"type": "string", "description": "map file, relative to this file"},
                          {"$ref": MAP_SCHEMA_ID}]},
        "description": {"type": "string"},
        "turns": {"type": "integer", "minimum": 1},
        "first": {"type": "string", "description": "the side that acts first in turn 1"},
        "options": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": {"type": ["boolean", "integer", "string"]},
            "description": "the game's options (`wartools games GAME` lists them)"}]},
        "teams": {"type": "object", "additionalProperties": _STRINGS},
        "zones": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": {
            "type": "array", "items": _LABEL}}]},
        "sides": {"type": "object", "minProperties": 1, "additionalProperties": {
            "anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": False,
                                         "properties": {k: side_values[k] for k in SIDE_KEYS}}]}},
        "objectives": {"anyOf": [{"type": "null"}, {"type": "array", "items": {
            "type": "object", "required": ["id", "cell"], "additionalProperties": False,
            "properties": {k: objective_values[k] for k in OBJECTIVE_KEYS}}}]},
        "events": {"anyOf": [{"type": "null"}, _STRINGS,
                             {"type": "object", "additionalProperties": {"type": ["string", "null"]}}]},
        "victory": {"type": "object", "required": ["levels"], "additionalProperties": False, "properties": {
            "vp": {"anyOf": [{"type": "null"}, {"type": "object", "additionalProperties": False,
                                                "properties": {"per_elimination": _COUNT}}]},
            "ends_when": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/condition"}]},
            "levels": {"type": "array", "minItems": 1, "items": {
                "type": "object", "required": ["result"], "additionalProperties": False,
                "properties": {"result": {"type": "string"}, "if": {"$ref": "#/$defs/condition"},
                               "otherwise": {"const": True}, "winner": {"type": "string"}},
                "oneOf": [{"required": ["if"]}, {"required": ["otherwise"]}]}}}},
    }
    return {
        "$schema": SCHEMA_DIALECT, "$id": SCENARIO_SCHEMA_ID,
        "title": "wartools scenario (wartools-scenario/1)",
        "description": "A scenario: map, forces, set-up, clock, objectives and victory levels. "
                       "See docs/map-format.md.",
        "type": "object", "required": ["format", "name", "map", "turns", "sides", "victory"],
        "additionalProperties": False,
        "properties": {k: values[k] for k in SCENARIO_KEYS},
        "allOf": [_game_rules(find_game(g)) for g in game_ids()],
        "$defs": {"unit": unit, "condition": {"oneOf": _condition_forms()}, "map": embedded_map},
    }
