"""The JSON Schema (draft 2020-12) of scenario files (``wartools-scenario/1``).

It follows the scenario layout of DESIGN.md: a map (a path relative to the
scenario file, or an inline map checked by the map schema), the clock, the
situation options, the sides with their units, set-up zones and
reinforcements, the objectives and the graded victory levels. Per-game unit
types are checked like a map's.

The schema is deliberately **permissive where the format is still growing**:
a side's units, objectives and the victory conditions accept keys beyond the
ones listed, and a victory condition is any mapping; the scenario loader
(:mod:`wartools.scenario`) stays the authority and names what it refuses.

Examples
--------
>>> import jsonschema
>>> v = jsonschema.Draft202012Validator(scenario_schema())
>>> v.is_valid({"format": "wartools-scenario/1", "name": "s", "game": "ci", "map": "m.yaml",
...             "turns": 6, "sides": {"US": {"units": [{"id": "r1", "type": "rifle", "cell": "B6"}]}}})
True
>>> v.is_valid({"format": "wartools-scenario/1", "name": "s", "game": "ci", "map": "m.yaml",
...             "sides": {"US": {"units": [{"id": "r1", "type": "panzer-dragon"}]}}})
False
"""
from __future__ import annotations

from typing import Any

from wartools.games import find_game, game_ids
from wartools.mapmodel.schema import MAP_SCHEMA_ID, SCHEMA_DIALECT, map_schema, vocabulary_names

SCENARIO_SCHEMA_ID = "https://wartools.invalid/schema/wartools-scenario-1.json"


def _condition() -> dict[str, Any]:
    return {"type": "object", "minProperties": 1,
            "description": "a condition: {side, controls: [objective ids]}, {side, vp_lead: n}, "
                           "{all: [...]}, {any: [...]} ... (the scenario loader checks the details)"}


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of ``wartools-scenario/1`` files."""
    embedded_map = map_schema()
    embedded_map.pop("$schema")
    label = {"type": "string", "minLength": 1, "pattern": r"^\S+$"}
    unit = {"type": "object", "required": ["id", "type"],
            "properties": {
                "id": {"type": ["string", "integer"]}, "type": {"type": "string"},
                "cell": label, "name": {"type": "string"},
                "steps": {"type": "integer", "minimum": 1}, "strength": {"type": "integer", "minimum": 1},
                "tags": {"type": "array", "items": {"type": "string"}},
                "enters": {"type": "object", "required": ["turn"],
                           "properties": {"turn": {"type": "integer", "minimum": 1},
                                          "zone": {"type": "string"},
                                          "cells": {"type": "array", "items": label}}}}}
    games = [find_game(g) for g in game_ids()]
    return {
        "$schema": SCHEMA_DIALECT, "$id": SCENARIO_SCHEMA_ID,
        "title": "wartools scenario (wartools-scenario/1)",
        "description": "A scenario: map, forces, set-up, clock, objectives and victory levels. "
                       "See docs/map-format.md.",
        "type": "object", "required": ["format", "name", "game", "map"],
        "properties": {
            "format": {"const": "wartools-scenario/1"},
            "name": {"type": "string"},
            "game": embedded_map["properties"]["game"],
            "map": {"anyOf": [{"type": "string", "description": "map file, relative to this file"},
                              {"$ref": MAP_SCHEMA_ID}]},
            "turns": {"type": "integer", "minimum": 1},
            "first": {"type": "string", "description": "the side that acts first in turn 1"},
            "options": {"type": "object", "additionalProperties": {"type": ["boolean", "integer", "number", "string"]},
                        "description": "the game's situation options (`wartools games GAME` lists them)"},
            "teams": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "sides": {"type": "object", "additionalProperties": {
                "type": "object",
                "properties": {"units": {"type": "array", "items": {"$ref": "#/$defs/unit"}},
                               "setup": {"type": "array", "items": {"type": "string"}}}}},
            "objectives": {"type": "array", "items": {
                "type": "object", "properties": {"id": {"type": ["string", "integer"]}, "cell": label,
                                                 "value": {"type": "integer"}, "kind": {"type": "string"}}}},
            "victory": {"type": "object", "properties": {
                "vp": {"type": "object"}, "ends_when": _condition(),
                "levels": {"type": "array", "items": {
                    "type": "object", "required": ["result"],
                    "properties": {"result": {"type": "string"}, "if": _condition(),
                                   "otherwise": {"const": True}},
                    "oneOf": [{"required": ["if"]}, {"required": ["otherwise"]}]}}}},
        },
        "allOf": [{
            "if": {"required": ["game"], "properties": {"game": {"enum": [g.id, *g.aliases]}}},
            "then": {"properties": {"sides": {"additionalProperties": {"properties": {"units": {"items": {
                "properties": {"type": {"enum": vocabulary_names(g.unit_types)}}}}}}}}},
        } for g in games],
        "$defs": {"unit": unit, "map": embedded_map},
    }
