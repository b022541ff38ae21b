"""``wartools games`` and ``wartools schema``: the map-file format, published.

``games [GAME]`` lists each game's terrain, edge and cell features, unit types
(with aliases and rule sections) and its movement options; ``schema map`` and
``schema scenario`` print the JSON Schema (draft 2020-12) of the file formats.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_parsers(parser.add_subparsers())
>>> args = parser.parse_args(["games", "hon"])
>>> answer, text = args.handler(args)
>>> [g["id"] for g in answer["games"]], answer["games"][0]["grid"]
(['heroes-of-normandie'], 'square')
>>> answer["games"][0]["edge_features"][0]
{'name': 'wall', 'aliases': [], 'section': 'Heroes of Normandie 1.1-1.3'}
>>> print(text.splitlines()[0])
heroes-of-normandie: Heroes of Normandie (square grid; aliases hon, heroes-of-normandie-bloody-omaha, bloody-omaha)
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from wartools.rules import Game, find_game, game_ids
from wartools.rules import Vocabulary

KINDS = (("terrain", "terrain"), ("edge_features", "edge features"), ("cell_features", "cell features"),
         ("unit_types", "unit types"))


def _names(vocab: Vocabulary) -> list[dict[str, Any]]:
    return [{"name": n, "aliases": sorted(a for a, t in vocab.aliases.items() if t == n),
             "section": vocab.section_of(n)} for n in vocab.names]


def game_options(game: Game) -> list[dict[str, Any]]:
    """The game's options (default, rule section, whether it is an assumed reading), each once;
    ``per_question`` marks those one movement question may also switch on (``options=``).

    Examples
    --------
    >>> opts = game_options(find_game("coh"))
    >>> [o["name"] for o in opts if o["per_question"]]
    ['commander-4cp', 'deploy']
    >>> sorted(opts[0])[:4]
    ['assumed', 'default', 'doc', 'layer']
    """
    switches = game.movement_rules().switches
    return [{**o.describe(), "layer": "game", "per_question": o.name in switches} for o in game.options]


def describe_game(game: Game) -> dict[str, Any]:
    """A game's vocabulary and options as plain data (the JSON of ``wartools games``)."""
    out: dict[str, Any] = {"id": game.id, "name": game.name, "aliases": list(game.aliases),
                           "rulebook": game.rulebook, "grid": game.grid_type,
                           "default_terrain": game.default_terrain, "sides": list(game.sides)}
    for attr, _ in KINDS:
        out[attr] = _names(getattr(game, attr))
    out["options"] = game_options(game)
    return out


def _text(d: dict[str, Any]) -> str:
    lines = [f"{d['id']}: {d['name']} ({d['grid']} grid; aliases {', '.join(d['aliases'])})",
             f"  rulebook: {d['rulebook']}; sides: {', '.join(d['sides'])}; default terrain: {d['default_terrain']}"]
    for attr, title in KINDS:
        lines.append(f"  {title}:" + ("" if d[attr] else " none"))
        for item in d[attr]:
            alias = f" (also {', '.join(item['aliases'])})" if item["aliases"] else ""
            section = f"  [{item['section']}]" if item["section"] else ""
            lines.append(f"    {item['name']}{alias}{section}")
    lines.append("  options:" + ("" if d["options"] else " none"))
    for o in d["options"]:
        assumed = ", assumed reading" if o["assumed"] else ""
        also = ", also per movement question" if o.get("per_question") else ""
        lines.append(f"    {o['name']} = {str(o['default']).lower()}: {o['doc']}  [{o['section']}{assumed}{also}]")
    return "\n".join(lines)


def _games(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    ids = [find_game(args.game).id] if args.game else list(game_ids())
    described = [describe_game(find_game(g)) for g in ids]
    return {"games": described}, "\n\n".join(_text(d) for d in described)


def schema_for(kind: str) -> dict[str, Any]:
    """The JSON Schema of one file format: ``"map"`` or ``"scenario"``."""
    if kind == "map":
        from wartools.mapmodel.schema import map_schema

        return map_schema()
    from wartools.scenario.schema import scenario_schema

    return scenario_schema()


def _schema(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    schema = schema_for(args.kind)
    return schema, json.dumps(schema, indent=2)


def add_parsers(sub: argparse._SubParsersAction[Any]) -> None:
    """Register ``games`` and ``schema``."""
    p = sub.add_parser("games", help="list the games' terrain, features, unit types and options")
    p.add_argument("game", nargs="?", help="one game id or alias (default: all)")
    p.set_defaults(handler=_games)
    p = sub.add_parser("schema", help="print the JSON Schema of the map or scenario file format")
    p.add_argument("kind", choices=("map", "scenario"), help="which file format")
    p.set_defaults(handler=_schema)
