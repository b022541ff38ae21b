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


def _timeout(text: str) -> float:
    from wartools import limits

    try:
        value = limits.parse_float("", text)
    except limits.LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 0 < value <= limits.MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{limits.shown(text)} is outside the limit 0..{limits.MAX_TIMEOUT:g} "
                                         "(seconds)")
    return value


def add_parsers(subparsers: Any) -> None:
    """Add the ``matrix`` subcommand."""
    p = subparsers.add_parser("matrix", help="the all-pairs line-of-sight matrix of a map, in tiles "
                              "(here, on local processes or on Dask)")
    p.add_argument("map", help="map file (YAML)")
    p.add_argument("-o", "--output", required=True,
                   help="matrix file to write (.npz, docs/matrix-format.md); finished tiles are kept in "
                        "OUTPUT.partial/ until it is written, so an interrupted run resumes")
    p.add_argument("--workers", type=int, help="worker processes (default: this process alone; "
                   "with --executor dask, the LocalCluster's workers, default 2)")
    p.add_argument("--executor", choices=("inline", "processes", "dask"),
                   help="where tiles run: here, on --workers local processes, or on Dask (a LocalCluster "
                        "started for the run, or the scheduler at --address)")
    p.add_argument("--address", help="a running Dask scheduler (tcp://host:port, see 'dask scheduler')")
    p.add_argument("--timeout", type=_timeout, default=10.0,
                   help="seconds to reach the scheduler and get a first worker (default 10, at most 600)")
    p.add_argument("--restart", action="store_true", help="discard finished tiles of an interrupted run")
    p.set_defaults(handler=_matrix)
