"""``wartools import-vassal`` and ``wartools export``: boards in and out of other tools.

``import-vassal MODULE.vmod --game GAME [--board NAME] -o MAP.yaml`` writes a
map with a VASSAL board's grid, labels and picture calibration
(:mod:`wartools.mapmodel.vassal`); ``--list`` lists the module's grids.
``export MAP --to tmj|geojson -o OUT`` writes the map for Tiled or GIS tools
(:mod:`wartools.mapmodel.export`).
"""
from __future__ import annotations

import argparse
import json
import os
from typing import Any

from wartools.errors import WartoolsError


class InteropArgumentError(WartoolsError):
    """A bad ``import-vassal`` / ``export`` argument."""


def _import_vassal(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.mapmodel import Map, save_map
    from wartools.mapmodel.vassal import extract_image, import_grid, read_module

    module = read_module(args.module)
    listing = [{"name": g.name, "kind": g.kind, "supported": g.unsupported is None} for g in module.grids]
    if args.list:
        return ({"module": module.name, "boards": listing},
                "\n".join(f"{g['name']} ({g['kind']})" + ("" if g["supported"] else ", not supported")
                          for g in listing))
    if not args.game or not args.output:
        raise InteropArgumentError("import-vassal: --game and -o/--output are required (or use --list)")
    data = import_grid(module, args.board, args.game, args.name)
    chosen = module.grid(args.board)
    if args.image_dir is not None:
        written = extract_image(args.module, chosen, args.image_dir)
        out_dir = os.path.dirname(os.path.abspath(args.output))
        data["image"]["file"] = os.path.relpath(os.path.abspath(written), out_dir).replace(os.sep, "/")
    m = Map.from_dict(data, source=args.module)
    save_map(m, args.output)
    board = chosen.name
    answer = {"module": module.name, "board": board, "output": args.output,
              "grid": {k: v for k, v in data["grid"].items() if k != "numbering"}, "cells": len(m.grid),
              "first": m.label(m.grid.from_offset(0, 0)),
              "last": m.label(m.grid.from_offset(m.grid.columns - 1, m.grid.rows - 1)),
              "image": data.get("image"), "boards": listing}
    return answer, (f"wrote {args.output}: {board}, {m.grid.type} {m.grid.columns}x{m.grid.rows} "
                    f"({answer['first']} .. {answer['last']})")


def _export(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.mapmodel import load_map
    from wartools.mapmodel.export import to_geojson, to_tmj
    from wartools.mapmodel.yamlio import write_atomic

    m = load_map(args.map)
    doc = to_tmj(m) if args.to == "tmj" else to_geojson(m)
    write_atomic(args.output, json.dumps(doc, indent=1) + "\n")
    return {"map": args.map, "to": args.to, "output": args.output}, f"wrote {args.output}"


def add_parsers(sub: argparse._SubParsersAction[Any]) -> None:
    """Register ``import-vassal`` and ``export``."""
    p = sub.add_parser("import-vassal", help="make a map from a VASSAL module's board grid")
    p.add_argument("module", help="VASSAL module (.vmod)")
    p.add_argument("--board", help="the board or board/zone whose grid to import (see --list)")
    p.add_argument("--game", help="the game the map is for (wartools games lists them)")
    p.add_argument("--name", help="the map's name (default: module and board)")
    p.add_argument("-o", "--output", help="map file to write (YAML)")
    p.add_argument("--list", action="store_true", help="list the module's boards and zones with a grid")
    p.add_argument("--image-dir", metavar="DIR",
                   help="also copy the board picture out of the module into DIR (the map's image key points at it)")
    p.set_defaults(handler=_import_vassal)
    p = sub.add_parser("export", help="write a map for Tiled (TMJ) or GIS tools (GeoJSON)")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("--to", required=True, choices=("tmj", "geojson"), help="output format")
    p.add_argument("-o", "--output", required=True, help="file to write")
    p.set_defaults(handler=_export)
