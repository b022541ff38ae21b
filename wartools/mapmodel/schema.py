"""The JSON Schema (draft 2020-12) of the map-file format, generated from the games.

Editors that understand JSON Schema (VS Code's YAML extension, JetBrains IDEs)
use it to complete and check a map as it is typed; ``wartools schema map``
prints it. The schema is built from the same constants the loader checks
against (the top-level keys, the grid keys, every registered game's terrain,
edge features, cell features and unit types with their aliases), so it cannot
drift from the loader.

The schema checks the *shape* of a file. What a schema cannot express stays
with the loader (:func:`wartools.mapmodel.load_map`): that a label lies on the
board, that an edge joins adjacent cells, that a road's cells are adjacent,
that unit ids are unique, and the loader's forgiving spellings (any case,
``_`` or space for ``-``). A file that the schema accepts may still be refused
by the loader; the schema lists each name in its canonical spelling and its
aliases, which is what editors should complete.

Examples
--------
>>> import jsonschema
>>> schema = map_schema()
>>> schema["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> ok = {"format": "wartools-map/1", "name": "demo", "game": "combat-infantry",
...       "grid": {"type": "hex", "columns": 4, "rows": 4}, "terrain": {"cells": {"B2": "woods"}}}
>>> jsonschema.Draft202012Validator(schema).is_valid(ok)
True
>>> bad = {**ok, "terrain": {"cells": {"B2": "jungle"}}}
>>> jsonschema.Draft202012Validator(schema).is_valid(bad)
False
"""
from __future__ import annotations

from typing import Any

from wartools.rules import find_game, game_ids
from wartools.rules import Game, Vocabulary

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
MAP_SCHEMA_ID = "https://wartools.invalid/schema/wartools-map-1.json"


def vocabulary_names(vocab: Vocabulary) -> list[str]:
    """Every spelling of a vocabulary the schema accepts: the names, then the aliases.

    Examples
    --------
    >>> vocabulary_names(Vocabulary("terrain", ("clear", "woods"), {"forest": "woods"}))
    ['clear', 'woods', 'forest']
    """
    return [*vocab.names, *sorted(a for a in vocab.aliases if a not in vocab.names)]


def _game_spellings(game: Game) -> list[str]:
    return list(dict.fromkeys([game.id, *(a.lower() for a in game.aliases)]))


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null`` (the loader reads an empty key as an empty collection)."""
    return {"anyOf": [schema, {"type": "null"}]}


def _labels(ref: str = "#/$defs/label") -> dict[str, Any]:
    return {"type": "array", "items": {"$ref": ref}}


def _game_rules(game: Game) -> dict[str, Any]:
    """``if`` the map is for ``game`` ``then`` its names are the game's vocabulary."""
    terrain = {"enum": vocabulary_names(game.terrain)}
    return {
        "if": {"required": ["game"], "properties": {"game": {"enum": _game_spellings(game)}}},
        "then": {"properties": {
            "grid": {"properties": {"type": {"const": game.grid_type}}},
            "terrain": _nullable({"properties": {
                "default": terrain, "cells": _nullable({"additionalProperties": terrain})}}),
            "edges": _nullable({"items": {"properties": {
                "feature": {"enum": vocabulary_names(game.edge_features)}}}}),
            "features": _nullable({"additionalProperties": {"items": {
                "enum": vocabulary_names(game.cell_features)}}}),
            "units": _nullable({"items": {"properties": {
                "type": {"enum": vocabulary_names(game.unit_types)}}}}),
        }},
    }


def map_defs() -> dict[str, Any]:
    """The ``$defs`` of the map schema (reused by the scenario schema)."""
    from wartools.mapmodel.model import OBJECTIVE_KINDS, ROAD_KINDS
    from wartools.mapmodel.validate import GRID_KEYS

    label = {"type": "string", "minLength": 1, "pattern": r"^\S+$",
             "description": "A cell label in the grid's label scheme: C4 (column-letter), G08 "
                            "(row-letter), 0304 (numeric), optionally with the map-number prefix "
                            "(7-G08). Quote numeric labels: YAML reads 0304 as a number."}
    grid = {
        "type": "object", "required": ["type", "columns", "rows"], "additionalProperties": False,
        "properties": {
            "type": {"enum": list(GRID_KEYS), "description": "hex or square cells"},
            "orientation": {"enum": ["flat", "pointy"], "default": "flat",
                            "description": "flat: hexes stand in vertical columns; pointy: horizontal rows"},
            "offset": {"enum": ["odd", "even"], "default": "odd",
                       "description": "which 0-based columns (flat) or rows (pointy) sit half a hex "
                                      "down (flat) or right (pointy)"},
            "columns": {"type": "integer", "minimum": 1},
            "rows": {"type": "integer", "minimum": 1},
            "labels": {"enum": ["column-letter", "row-letter", "numeric", "custom"], "default": "column-letter"},
            "numbering": {"$ref": "#/$defs/numbering"},
            "label_prefix": {"type": ["string", "integer"],
                             "description": "map-number prefix printed before labels (7 gives 7-G08)"},
            "adjacency": {"enum": [4, 8], "default": 8,
                          "description": "square grids: 4 (orthogonal) or 8 (with diagonals) neighbours"},
        },
        "allOf": [
            {"if": {"properties": {"type": {"const": kind}}},
             "then": {"propertyNames": {"enum": list(keys)}}} for kind, keys in GRID_KEYS.items()],
    }
    pair = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
    top: dict[str, Any] = {
        "format": {"const": "wartools-map/1", "description": "the file format and its version"},
        "name": {"type": "string", "description": "the map's title"},
        "game": {"enum": [s for g in game_ids() for s in _game_spellings(find_game(g))],
                 "description": "a registered game id (or alias); `wartools games` lists them"},
        "grid": {"$ref": "#/$defs/grid"},
        "terrain": _nullable({
            "type": "object", "additionalProperties": False,
            "properties": {"default": {"type": "string", "description": "terrain of unlisted cells"},
                           "cells": _nullable({"type": "object", "propertyNames": {"$ref": "#/$defs/label"},
                                               "additionalProperties": {"type": "string"}})}}),
        "elevation": _nullable({"type": "object", "propertyNames": {"$ref": "#/$defs/label"},
                                "additionalProperties": {"type": "integer"},
                                "description": "integer levels; unlisted cells are at level 0"}),
        "edges": _nullable({"type": "array", "items": {
            "type": "object", "required": ["cells", "feature"], "additionalProperties": False,
            "properties": {"cells": {**_labels(), "minItems": 2, "maxItems": 2,
                                     "description": "the two adjacent cells the hexside/interspace joins"},
                           "feature": {"type": "string"}}}}),
        "features": _nullable({"type": "object", "propertyNames": {"$ref": "#/$defs/label"},
                               "additionalProperties": {"type": "array", "uniqueItems": True,
                                                        "items": {"type": "string"}}}),
        "roads": _nullable({"type": "array", "items": {
            "type": "object", "required": ["cells"], "additionalProperties": False,
            "properties": {"kind": {"enum": vocabulary_names(ROAD_KINDS), "default": "paved"},
                           "cells": {**_labels(), "minItems": 2,
                                     "description": "consecutive adjacent cells"}}}}),
        "objectives": _nullable({"type": "array", "items": {
            "type": "object", "required": ["cell"], "additionalProperties": False,
            "properties": {"cell": {"$ref": "#/$defs/label"},
                           "kind": {"enum": vocabulary_names(OBJECTIVE_KINDS), "default": "victory"},
                           "value": {"type": "integer", "default": 1}}}}),
        "zones": _nullable({"type": "object", "additionalProperties": _labels(),
                            "description": "named sets of cells (set-up areas, entry edges)"}),
        "units": _nullable({"type": "array", "items": {"$ref": "#/$defs/unit"}}),
        "image": {"$ref": "#/$defs/image"},
        "teams": _nullable({"type": "object", "description": "team name -> its sides (allies for "
                            "movement, spotting and camouflage); a side in no team is alone",
                            "additionalProperties": {"type": "array", "minItems": 1,
                                                     "items": {"type": "string"}}}),
    }
    unit = {"type": "object", "required": ["id", "side", "type", "cell"], "additionalProperties": False,
            "properties": {"id": {"type": ["string", "integer"]}, "side": {"type": "string"},
                           "type": {"type": "string", "description": "one of the game's unit types"},
                           "cell": {"$ref": "#/$defs/label"}, "name": {"type": "string"},
                           "strength": {"type": "integer", "minimum": 1},
                           "tags": {"type": "array", "items": {"type": "string"}}}}
    image = {"type": "object", "required": ["file", "origin", "pitch"], "additionalProperties": False,
             "description": "the player's own picture of the board and where the grid lies on it",
             "properties": {
                 "file": {"type": "string", "description": "picture file, relative to the map file"},
                 "origin": {**pair, "description": "pixel centre of the first cell (column 0, row 0)"},
                 "pitch": {**pair, "items": {"type": "number", "exclusiveMinimum": 0},
                           "description": "pixels between column centres and between row centres"},
                 "rotation": {"type": "number", "default": 0, "description": "degrees, clockwise"},
                 "size": {**pair, "items": {"type": "integer", "minimum": 1},
                          "description": "picture width and height in pixels"}}}
    axis = {"type": "object", "additionalProperties": False, "properties": {
        "style": {"enum": ["number", "letter"], "default": "number",
                  "description": "numbers, or letters A..Z then AA, BB ..."},
        "start": {"type": "integer", "default": 1, "description": "the value of index 0"},
        "step": {"enum": [1, -1], "default": 1, "description": "1 ascending, -1 descending"},
        "digits": {"type": "integer", "minimum": 1, "maximum": 9, "default": 1,
                   "description": "minimum width of numbers, zero-padded"}}}
    numbering = {
        "type": "object", "required": ["column", "row"], "additionalProperties": False,
        "description": "labels: custom -- how columns and rows are numbered (see docs/map-format.md)",
        "properties": {
            "first": {"enum": ["column", "row"], "default": "column"},
            "separator": {"type": "string", "pattern": r"^\S*$", "default": ""},
            "column": axis, "row": axis,
            "stagger": {"anyOf": [{"type": "null"}, {
                "type": "object", "additionalProperties": False,
                "properties": {"axis": {"enum": ["column", "row"]}, "parity": {"enum": ["odd", "even"]},
                               "shift": {"type": "integer", "not": {"const": 0}}}}]}}}
    return {"label": label, "grid": grid, "numbering": numbering, "unit": unit, "image": image, "map_properties": top}


def map_schema() -> dict[str, Any]:
    """The JSON Schema of ``wartools-map/1`` files, with each registered game's vocabulary."""
    defs = map_defs()
    top = defs.pop("map_properties")
    return {
        "$schema": SCHEMA_DIALECT, "$id": MAP_SCHEMA_ID,
        "title": "wartools map (wartools-map/1)",
        "description": "A board for a WWII tactical wargame: grid, terrain, hexside/interspace "
                       "features, elevation, roads, objectives, zones and units. See docs/map-format.md.",
        "type": "object", "required": ["format", "name", "game", "grid"], "additionalProperties": False,
        "properties": top,
        "allOf": [_game_rules(find_game(g)) for g in game_ids()],
        "$defs": defs,
    }
