"""Small maps for tests, docstrings and notebooks, built in one line instead of pasted YAML.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("combat-infantry", 5, 5, terrain={"C3": "woods"}, edges={("B2", "B3"): "hedge"},
...              units=[("us-1", "US", "rifle", "B2")])
>>> m.terrain_at("C3"), m.edge_features_at("B2", "B3"), m.units_at("B2")[0].id
('woods', ('hedge',), 'us-1')
>>> tiny_map("coh", 3, 1, units=[("m", "US", "mortar-team", "A1", ["deployed"])]).units[0].tags
('deployed',)
>>> tiny_map("heroes-of-normandie", 3, 2).grid.type
'square'
>>> tiny_map("combat-infantry", 2, 1, default_terrain="woods", terrain={"B1": "town"}).terrain_at("A1")
'woods'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wartools.rules import find_game
from wartools.mapmodel import Map

Edges = Mapping[tuple[str, str], "str | Iterable[str]"]


def tiny_map(game: str, columns: int = 5, rows: int = 5, **keys: Any) -> Map:
    """A validated map of ``game`` (hex flat/odd/column-letter, or the game's square grid),
    from the keywords of :func:`tiny_map_data`."""
    data = tiny_map_data(game, columns, rows, **keys)
    return Map.from_dict(data, source=f"<tiny {data['game']} map>")


def tiny_map_data(game: str, columns: int = 5, rows: int = 5, *, terrain: Mapping[str, str] | None = None,
                  default_terrain: str | None = None, edges: Edges | None = None,
                  elevation: Mapping[str, int] | None = None, features: Mapping[str, Iterable[str]] | None = None,
                  units: Iterable[tuple[Any, ...]] = (), name: str = "test map", **more: Any) -> dict[str, Any]:
    """The ``wartools-map/1`` mapping of a tiny map (what :func:`tiny_map` validates; a scenario embeds it).

    Parameters
    ----------
    terrain, elevation, features
        Per-cell values by label.
    default_terrain
        The terrain of unlisted cells (the game's default terrain if not given).
    edges
        ``{(a, b): feature}`` or ``{(a, b): [feature, ...]}`` between adjacent cells.
    units
        ``(id, side, type, cell)`` tuples, optionally followed by a dict of extra unit keys or
        by a list of tags.
    **more
        Other top-level map keys (``grid`` overrides merge into the grid, ``roads``,
        ``objectives``, ``zones`` ...).

    Examples
    --------
    >>> tiny_map_data("hon", 2, 1, terrain={"A1": "building"})["terrain"]
    {'default': 'open', 'cells': {'A1': 'building'}}
    """
    g = find_game(game)
    grid: dict[str, Any] = {"type": g.grid_type, "columns": columns, "rows": rows}
    grid.update(more.pop("grid", {}))
    data: dict[str, Any] = {"format": "wartools-map/1", "name": name, "game": g.id, "grid": grid,
                            "terrain": {"default": default_terrain or g.default_terrain, "cells": dict(terrain or {})}}
    if elevation:
        data["elevation"] = dict(elevation)
    if features:
        data["features"] = {k: list(v) for k, v in features.items()}
    if edges:
        data["edges"] = [{"cells": [a, b], "feature": f}
                         for (a, b), fs in edges.items() for f in ([fs] if isinstance(fs, str) else fs)]
    rows_ = []
    for u in units:
        entry = {"id": u[0], "side": u[1], "type": u[2], "cell": u[3]}
        if len(u) > 4:
            entry.update(u[4] if isinstance(u[4], Mapping) else {"tags": list(u[4])})
        rows_.append(entry)
    if rows_:
        data["units"] = rows_
    data.update(more)
    return data
