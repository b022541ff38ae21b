"""Maps: the validated :class:`Map` model and its strict YAML file format.

Examples
--------
>>> from wartools.mapmodel import loads_map, dumps_map
>>> m = loads_map('''
... format: wartools-map/1
... name: Hedge test
... game: combat-infantry
... grid: {type: hex, orientation: flat, offset: odd, columns: 5, rows: 5, labels: column-letter}
... terrain: {default: clear, cells: {C3: woods}}
... edges:
...   - {cells: [B2, B3], feature: hedge}
... units:
...   - {id: us-1, side: US, type: rifle, cell: B2}
... ''')
>>> m.terrain_at("C3"), m.edge_features_at("B2", "B3"), m.units_at("B2")[0].type
('woods', ('hedge',), 'rifle')
>>> loads_map(dumps_map(m)) == m
True
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any

import yaml

from wartools.errors import MapError
from wartools.limits import one_line
from wartools.mapmodel.atomic import write_atomic
from wartools.mapmodel.fileread import read_text
from wartools.mapmodel.model import FORMAT, Map, Objective, Road, Unit
from wartools.mapmodel.yamlio import read_yaml


def loads_map(text: str, source: str = "<string>") -> Map:
    """Parse and validate a map from YAML text (the map remembers the text, see :func:`dumps_map`)."""
    data, lines = read_yaml(text, source)
    return dataclasses.replace(Map.from_dict(data, source=source, lines=lines), document=text)


def load_map(path: str | os.PathLike[str]) -> Map:
    """Load and validate a map file; :class:`MapError` names the file, line and field.

    Only a regular file within the limits of :mod:`wartools.limits` is read.
    """
    return loads_map(read_text(path, "map file"), one_line(os.fspath(path)))


class _Dumper(yaml.SafeDumper):
    """Safe dumper that double-quotes any string holding line-break-like or
    non-printable characters (YAML would otherwise fold ``\x85`` into a space)."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = '"' if not value.isprintable() or any(c in value for c in "\x85\u2028\u2029") else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


def dump_yaml(data: Any) -> str:
    """``data`` as block-style YAML in the layout of our files (keys in order, odd strings quoted).

    Examples
    --------
    >>> print(dump_yaml({"name": "m", "cells": ["C4", "C5"], "note": "a\x85b"}), end="")
    name: m
    cells: [C4, C5]
    note: "a\\Nb"
    """
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None,
                     width=100)


def dumps_map(m: Map, fresh: bool = False) -> str:
    """The map as YAML text in the map-file format.

    A map loaded from text (and any map edited from it) is written as that text with only the
    changed parts edited, so the author's comments, key order, layout and quoting survive
    (:mod:`wartools.mapmodel.roundtrip`); ``fresh=True``, or a map built in code, gets a
    freshly laid-out file.
    """
    if m.document is not None and not fresh:
        from wartools.mapmodel.roundtrip import patch_document

        patched = patch_document(m.document, m)
        if patched is not None:
            return patched
    return dump_yaml(m.to_dict())


def save_map(m: Map, path: str | os.PathLike[str]) -> None:
    """Write the map atomically (temporary file + rename; a symbolic link is followed)."""
    write_atomic(path, dumps_map(m))


__all__ = ["FORMAT", "Map", "MapError", "Objective", "Road", "Unit", "dumps_map", "load_map", "loads_map", "save_map"]
