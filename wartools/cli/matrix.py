"""``wartools matrix``: the all-pairs LOS matrix of a map, in tiles, here or on Dask.

The answer is docs/architecture.md's ``{"map_hash", "cells", "visible_pairs", "tiles", "seconds"}``
(plus ``file`` and ``computed``, the tiles this run judged). The file format is
``docs/matrix-format.md``'s (:mod:`wartools.los.matrix`).

Examples
--------
>>> import argparse, os, tempfile
>>> parser = argparse.ArgumentParser()
>>> add_parsers(parser.add_subparsers())
>>> out = os.path.join(tempfile.mkdtemp(), "m.npz")
>>> args = parser.parse_args(["matrix", "maps/company-of-heroes-crossroads.yaml", "-o", out])
>>> answer, text = args.handler(args)
>>> sorted(answer)
['cells', 'computed', 'file', 'map_hash', 'seconds', 'tiles', 'visible_pairs']
"""
from __future__ import annotations

import argparse
from typing import Any

from wartools.cli.common import add_executor_flags


def _matrix(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from wartools.cli.common import configured
    from wartools.mapmodel import load_map
    from wartools.los.matrix import MatrixError, compute_matrix
    from wartools.mapmodel.atomic import output_target

    output_target(args.output)          # a bad output name is refused before the map is read
    m = configured(load_map(args.map), args)
    executor = args.executor or ("dask" if args.address else "processes" if args.workers else "inline")
    if args.address and executor != "dask":
        raise MatrixError(f"--address is a Dask scheduler's: it goes with --executor dask, not {executor}")
    run = compute_matrix(m, args.output, executor=executor, workers=args.workers, address=args.address,
                         timeout=args.timeout, resume=not args.restart)
    return run.to_json(), run.text()


def add_parsers(subparsers: Any) -> None:
    """Add the ``matrix`` subcommand."""
    p = subparsers.add_parser("matrix", help="the all-pairs line-of-sight matrix of a map, in tiles "
                              "(here, on local processes or on Dask)")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("-o", "--output", required=True,
                   help="matrix file to write (.npz, docs/matrix-format.md); finished tiles are kept in "
                        "OUTPUT.partial/ until it is written, so an interrupted run resumes")
    add_executor_flags(p, "tiles")
    p.add_argument("--restart", action="store_true", help="discard finished tiles of an interrupted run")
    p.set_defaults(handler=_matrix)
