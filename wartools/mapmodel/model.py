"""The :class:`Map`: grid, terrain, elevation, edge and cell features, roads,
objectives, zones and units, validated against the map's game.

A ``Map`` is immutable. Changes (``with_terrain``, ``with_edge_feature``,
``with_unit`` ...) return a new, fully re-validated map, so a notebook
experiment can never leave a half-edited map behind.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from wartools.errors import GridError, WartoolsError
from wartools.rules import Game
from wartools.grids import Edge, Grid, HexGrid, SquareGrid
from wartools.grids.base import Cell
from wartools.mapmodel.image import BoardImage

from wartools.mapmodel.parts import (FORMAT, OBJECTIVE_KINDS, ROAD_KINDS, TOP_KEYS, UNIT_KEYS, Objective,
                                     Road, Unit)
from wartools.mapmodel.validate import build_map

__all__ = ["FORMAT", "OBJECTIVE_KINDS", "ROAD_KINDS", "TOP_KEYS", "UNIT_KEYS", "Map", "Objective", "Road", "Unit"]


@dataclass(frozen=True, eq=True)
class Map:
    """A validated game map. Build it with :func:`load_map`, :meth:`Map.from_dict`
    or the ``with_*`` methods; the constructor does not validate.

    Examples
    --------
    >>> m = Map.from_dict({"format": "wartools-map/1", "name": "demo", "game": "combat-infantry",
    ...                    "grid": {"type": "hex", "columns": 4, "rows": 4},
    ...                    "terrain": {"cells": {"B2": "woods"}}})
    >>> m.terrain_at("B2"), m.terrain_at("C3")
    ('woods', 'clear')
    >>> m2 = m.with_edge_feature("B2", "B3", "hedge")
    >>> m2.edge_features_at("B3", "B2"), m.edge_features_at("B3", "B2")
    (('hedge',), ())
    """

    name: str
    game: Game
    grid: Grid
    default_terrain: str
    terrain: Mapping[Cell, str] = field(default_factory=dict)
    elevation: Mapping[Cell, int] = field(default_factory=dict)
    edges: Mapping[Edge, tuple[str, ...]] = field(default_factory=dict)
    features: Mapping[Cell, tuple[str, ...]] = field(default_factory=dict)
    roads: tuple[Road, ...] = ()
    objectives: tuple[Objective, ...] = ()
    zones: Mapping[str, tuple[Cell, ...]] = field(default_factory=dict)
    units: tuple[Unit, ...] = ()
    image: BoardImage | None = None
    source: str | None = field(default=None, compare=False)
    #: team name -> its sides (Company of Heroes 2: nations on one team are allies); a side
    #: in no team is a team of its own
    teams: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the YAML text the map was loaded from, so saving keeps the author's comments and layout
    #: (:mod:`wartools.mapmodel.roundtrip`); ``None`` for a map built in code
    document: str | None = field(default=None, compare=False, repr=False)

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    # --- lookups ----------------------------------------------------------------------
    def cell(self, where: Cell | str) -> Cell:
        """A cell from a label (``"C4"``) or a cell coordinate, checked to be on the board."""
        if isinstance(where, str):
            return self.grid.parse(where)
        if where not in self.grid:
            raise GridError(f"cell {tuple(where)} is off the {self.grid.columns}x{self.grid.rows} board")
        return where

    def label(self, cell: Cell) -> str:
        """The printed label of a cell."""
        return self.grid.label(cell)

    def edge(self, a: Cell | str, b: Cell | str) -> Edge:
        """The edge between two adjacent cells (labels or cells)."""
        return self.grid.edge(self.cell(a), self.cell(b))

    def terrain_at(self, where: Cell | str) -> str:
        """Terrain of a cell (the map default where none is given)."""
        return self.terrain.get(self.cell(where), self.default_terrain)

    def elevation_at(self, where: Cell | str) -> int:
        """Elevation level of a cell (0 by default)."""
        return self.elevation.get(self.cell(where), 0)

    def edge_features_at(self, a: Cell | str | Edge, b: Cell | str | None = None) -> tuple[str, ...]:
        """Features on the edge between two cells (or on an :class:`Edge`)."""
        e = a if isinstance(a, Edge) and b is None else self.edge(a, b)
        return self.edges.get(e, ())

    def features_at(self, where: Cell | str) -> tuple[str, ...]:
        """Cell features (foxhole, smoke, mine ...) on a cell."""
        return self.features.get(self.cell(where), ())

    def units_at(self, where: Cell | str) -> tuple[Unit, ...]:
        """Units standing on a cell."""
        c = self.cell(where)
        return tuple(u for u in self.units if u.cell == c)

    def unit(self, unit_id: str) -> Unit:
        """The unit with this id."""
        for u in self.units:
            if u.id == unit_id:
                return u
        raise WartoolsError(f"no unit {unit_id!r}; units: {', '.join(u.id for u in self.units) or 'none'}")

    def sides(self) -> tuple[str, ...]:
        """The sides of the units on the map, then the game's other sides."""
        on_map = tuple(dict.fromkeys(u.side for u in self.units))
        return on_map + tuple(s for s in self.game.sides if s not in on_map)

    def side(self, name: str) -> str:
        """The side called ``name`` (any case), or an error naming the valid sides.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 2, 1)
        >>> m.side("german")
        'German'
        """
        for s in self.sides():
            if s.lower() == str(name).strip().lower():
                return s
        raise WartoolsError(f"unknown side {name!r} for {self.game.id}; valid: {', '.join(self.sides())}")

    def allies(self, side: str | None) -> frozenset[str]:
        """The sides on ``side``'s team, ``side`` included (each side alone when the map
        names no ``teams``; no side for ``None``).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("coh", 2, 1, teams={"Allies": ["US", "British"], "Axis": ["Wehrmacht"]})
        >>> sorted(m.allies("US")), sorted(m.allies("Soviet"))
        (['British', 'US'], ['Soviet'])
        """
        if side is None:
            return frozenset()
        for members in self.teams.values():
            if side in members:
                return frozenset(members)
        return frozenset((side,))

    @cached_property
    def road_edges(self) -> Mapping[Edge, tuple[str, ...]]:
        """Edges crossed by a road, with the road kinds on them."""
        out: dict[Edge, tuple[str, ...]] = {}
        for road in self.roads:
            for e in road.edges():
                if road.kind not in out.get(e, ()):
                    out[e] = (*out.get(e, ()), road.kind)
        return MappingProxyType(out)

    @cached_property
    def fingerprint(self) -> str:
        """A short hash of the map's content; equal maps have equal fingerprints."""
        return self._hash(self.to_dict())

    @cached_property
    def board_fingerprint(self) -> str:
        """A short hash of the map without its units: the board (grid, terrain, elevation, edge
        and cell features, roads, objectives, zones, teams, picture) and its game's settings.
        Maps that differ only in their units share it, so an engine can keep what the board
        alone decides (the terrain part of a movement graph, LOS geometry) across the positions
        of a game.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 3, 3, units=[("u", "US", "rifle", "A1")])
        >>> moved = m.moved("u", "B2")
        >>> moved.board_fingerprint == m.board_fingerprint, moved.fingerprint == m.fingerprint
        (True, False)
        >>> m.without_unit("u").fingerprint == m.board_fingerprint
        True
        >>> m.with_terrain("C3", "woods").board_fingerprint == m.board_fingerprint
        False
        """
        data = self.to_dict()
        data.pop("units", None)
        return self._hash(data)

    def _hash(self, data: dict[str, Any]) -> str:
        text = json.dumps([data, self.game.changed_settings()], sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    # --- conversion -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data in the map-file layout (the inverse of :meth:`from_dict`)."""
        g, lab = self.grid, self.grid.label
        grid: dict[str, Any] = {"type": g.type}
        if isinstance(g, HexGrid):
            grid.update(orientation=g.orientation, offset=g.offset)
        grid.update(columns=g.columns, rows=g.rows, labels=g.labels)
        if g.label_prefix:
            grid["label_prefix"] = g.label_prefix
        if g.numbering is not None:
            grid["numbering"] = g.numbering.to_dict()
        if isinstance(g, SquareGrid) and g.adjacency != 8:
            grid["adjacency"] = g.adjacency
        out: dict[str, Any] = {"format": FORMAT, "name": self.name, "game": self.game.id, "grid": grid,
                               "terrain": {"default": self.default_terrain,
                                           "cells": {lab(c): t for c, t in sorted(self.terrain.items())}}}
        if self.elevation:
            out["elevation"] = {lab(c): v for c, v in sorted(self.elevation.items())}
        if self.edges:
            out["edges"] = [{"cells": [lab(e.a), lab(e.b)], "feature": f}
                            for e, fs in sorted(self.edges.items()) for f in fs]
        if self.features:
            out["features"] = {lab(c): list(fs) for c, fs in sorted(self.features.items())}
        if self.roads:
            out["roads"] = [{"kind": r.kind, "cells": [lab(c) for c in r.cells]} for r in self.roads]
        if self.objectives:
            out["objectives"] = [{"cell": lab(o.cell), "kind": o.kind, "value": o.value}
                                 for o in self.objectives]
        if self.zones:
            out["zones"] = {z: [lab(c) for c in cs] for z, cs in self.zones.items()}
        if self.units:
            units = []
            for u in self.units:
                d: dict[str, Any] = {"id": u.id, "side": u.side, "type": u.type, "cell": lab(u.cell)}
                if u.name is not None:
                    d["name"] = u.name
                if u.strength is not None:
                    d["strength"] = u.strength
                if u.tags:
                    d["tags"] = list(u.tags)
                units.append(d)
            out["units"] = units
        if self.image is not None:
            out["image"] = self.image.to_dict()
        if self.teams:
            out["teams"] = {t: list(sides) for t, sides in self.teams.items()}
        return out

    @classmethod
    def from_dict(cls, data: Any, source: str | None = None,
                  lines: Mapping[tuple[Any, ...], int] | None = None) -> Map:
        """Validate plain data in the map-file layout and build a :class:`Map`.

        Raises
        ------
        MapError
            Naming ``source``, the line (when ``lines`` is given), the field and
            the valid choices. Nothing is built unless everything is valid.
        """
        return build_map(cls, data, source, lines or {})

    # --- immutable edits --------------------------------------------------------------
    def _edited(self, change: Callable[[dict[str, Any]], None]) -> Map:
        data = self.to_dict()
        change(data)
        new = dataclasses.replace(Map.from_dict(data, source=self.source), document=self.document)
        return new if new.game == self.game else dataclasses.replace(new, game=self.game)

    def with_game(self, game: Game | str) -> Map:
        """The same board played under another registered game id (a house rule of the
        map's game) or a configured game object.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 3, 3)
        >>> m.with_options(night=True).game.option("night"), m.game.option("night")
        (True, False)
        """
        from wartools.rules import find_game

        g = find_game(game)
        if g.grid_type != self.game.grid_type:
            raise WartoolsError(f"game {g.id!r} is played on a {g.grid_type} grid, not {self.grid.type}")
        return self if g == self.game else dataclasses.replace(self, game=g)

    def with_options(self, **values: Any) -> Map:
        """The same map with some of its game's options changed (see :meth:`Game.with_options`)."""
        return self.with_game(self.game.with_options(**values))

    def with_terrain(self, where: Cell | str, terrain: str) -> Map:
        """A copy with one cell's terrain changed."""
        lab = self.label(self.cell(where))
        return self._edited(lambda d: d["terrain"]["cells"].__setitem__(lab, terrain))

    def with_elevation(self, where: Cell | str, level: int) -> Map:
        """A copy with one cell's elevation changed."""
        lab = self.label(self.cell(where))
        return self._edited(lambda d: d.setdefault("elevation", {}).__setitem__(lab, level))

    def painted(self, cells: Iterable[Cell | str], terrain: str | None = None,
                elevation: int | None = None) -> Map:
        """A copy with the terrain and/or elevation of several cells set at once (one
        validation for the whole stroke of a brush).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 4, 4)
        >>> m2 = m.painted(["A1", "B2"], terrain="woods", elevation=1)
        >>> m2.terrain_at("B2"), m2.elevation_at("A1"), m2.terrain_at("C3")
        ('woods', 1, 'clear')
        >>> m2.painted(["A1"], elevation=0).elevation_at("A1")
        0
        """
        labels = [self.label(self.cell(c)) for c in cells]

        def change(d: dict[str, Any]) -> None:
            for lab in labels:
                if terrain is not None:
                    d["terrain"]["cells"][lab] = terrain
                if elevation is not None:
                    d.setdefault("elevation", {})[lab] = elevation
        return self._edited(change)

    def with_edge_feature(self, a: Cell | str, b: Cell | str, feature: str) -> Map:
        """A copy with a feature added to the edge between ``a`` and ``b``."""
        e = self.edge(a, b)
        entry = {"cells": [self.label(e.a), self.label(e.b)], "feature": feature}
        return self._edited(lambda d: d.setdefault("edges", []).append(entry))

    def without_edge_features(self, a: Cell | str, b: Cell | str) -> Map:
        """A copy with every feature removed from the edge between ``a`` and ``b``."""
        e = self.edge(a, b)
        pair = sorted([self.label(e.a), self.label(e.b)])

        def change(d: dict[str, Any]) -> None:
            d["edges"] = [x for x in d.get("edges", []) if sorted(x["cells"]) != pair]
        return self._edited(change)

    def without_edge_feature(self, a: Cell | str, b: Cell | str, feature: str) -> Map:
        """A copy with one feature removed from the edge between ``a`` and ``b``.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 3, 3)
        >>> m2 = m.with_edge_feature("B2", "B3", "hedge").with_edge_feature("B2", "B3", "river")
        >>> m2.without_edge_feature("B3", "B2", "hedge").edge_features_at("B2", "B3")
        ('river',)
        >>> m.without_edge_feature("B2", "B3", "hedge")
        Traceback (most recent call last):
        ...
        wartools.errors.WartoolsError: edge B2|B3 has no 'hedge'; it has: nothing
        """
        e = self.edge(a, b)
        name = self.game.edge_features.resolve(feature)
        if name not in self.edges.get(e, ()):
            raise WartoolsError(f"edge {self.grid.edge_label(e)} has no {name!r}; it has: "
                                f"{', '.join(self.edges.get(e, ())) or 'nothing'}")
        pair = sorted([self.label(e.a), self.label(e.b)])

        def change(d: dict[str, Any]) -> None:
            d["edges"] = [x for x in d.get("edges", [])
                          if sorted(x["cells"]) != pair or x["feature"] != name]
        return self._edited(change)

    def with_features(self, where: Cell | str, features: Iterable[str]) -> Map:
        """A copy with a cell's feature list replaced."""
        lab, fs = self.label(self.cell(where)), list(features)
        return self._edited(lambda d: d.setdefault("features", {}).__setitem__(lab, fs))

    def with_unit(self, unit_id: str, side: str, type: str, where: Cell | str, **extra: Any) -> Map:
        """A copy with a unit added (or replaced, if the id exists)."""
        entry = {"id": unit_id, "side": side, "type": type, "cell": self.label(self.cell(where)), **extra}

        def change(d: dict[str, Any]) -> None:
            d["units"] = [u for u in d.get("units", []) if u["id"] != unit_id] + [entry]
        return self._edited(change)

    def without_unit(self, unit_id: str) -> Map:
        """A copy without the unit ``unit_id``."""
        self.unit(unit_id)

        def change(d: dict[str, Any]) -> None:
            d["units"] = [u for u in d.get("units", []) if u["id"] != unit_id]
        return self._edited(change)

    def with_objective(self, where: Cell | str, kind: str = "victory", value: int = 1) -> Map:
        """A copy with an objective on a cell (replacing any objective already there).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 3, 3)
        >>> m.with_objective("B2", value=2).objectives
        (Objective(cell=Hex(q=1, r=1), kind='victory', value=2),)
        >>> m.with_objective("B2").without_objective("B2").objectives
        ()
        """
        lab = self.label(self.cell(where))
        entry = {"cell": lab, "kind": kind, "value": value}

        def change(d: dict[str, Any]) -> None:
            d["objectives"] = [o for o in d.get("objectives", []) if o["cell"] != lab] + [entry]
        return self._edited(change)

    def without_objective(self, where: Cell | str) -> Map:
        """A copy without the objectives on a cell (an error if there is none)."""
        c = self.cell(where)
        if not any(o.cell == c for o in self.objectives):
            raise WartoolsError(f"no objective on {self.label(c)}; objectives on: "
                                f"{', '.join(self.label(o.cell) for o in self.objectives) or 'none'}")
        lab = self.label(c)

        def change(d: dict[str, Any]) -> None:
            d["objectives"] = [o for o in d.get("objectives", []) if o["cell"] != lab]
        return self._edited(change)

    def with_image(self, image: BoardImage | None) -> Map:
        """A copy with a board picture under the grid (``None`` takes it away).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 3, 3)
        >>> m.with_image(BoardImage("scan.png", origin=(40.0, 30.0), pitch=(33.0, 38.1))).image.file
        'scan.png'
        >>> m.with_image(BoardImage("scan.png", (0.0, 0.0), (1.0, 1.0))).with_image(None).image is None
        True
        """
        entry = image.to_dict() if image is not None else None

        def change(d: dict[str, Any]) -> None:
            d.pop("image", None)
            if entry is not None:
                d["image"] = entry
        return self._edited(change)

    def with_units(self, units: tuple[Unit, ...]) -> Map:
        """A copy with ``units`` on the same board: no check, and the board fingerprint kept (a
        position of a scenario, or a unit moved or gone in the middle of resolving an action).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("coh", 3, 1, units=[("u", "US", "infantry", "A1")])
        >>> bare = m.with_units(())
        >>> bare.units, bare.board_fingerprint == m.board_fingerprint
        ((), True)
        """
        out = dataclasses.replace(self, units=units)
        out.__dict__["board_fingerprint"] = self.board_fingerprint
        return out

    def moved(self, unit_id: str, where: Cell | str) -> Map:
        """A copy with unit ``unit_id`` standing on another cell."""
        u = self.unit(unit_id)
        lab = self.label(self.cell(where))

        def change(d: dict[str, Any]) -> None:
            for x in d["units"]:
                if x["id"] == u.id:
                    x["cell"] = lab
        return self._edited(change)

    def to_json(self) -> dict[str, Any]:
        """A summary of the map, as the JSON of ``wartools info``: name, game, grid, how many
        cells, edge features and units, the sides, and how many cells of each terrain.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> tiny_map("ci", 3, 2, terrain={"B1": "woods"}, units=[("u", "US", "rifle", "A1")]).to_json()["terrain"]
        {'clear': 5, 'woods': 1}
        """
        counts: dict[str, int] = {}
        for c in self.grid.cells():
            counts[self.terrain_at(c)] = counts.get(self.terrain_at(c), 0) + 1
        return {"name": self.name, "game": self.game.id,
                "grid": {"type": self.grid.type, "columns": self.grid.columns, "rows": self.grid.rows},
                "cells": len(self.grid), "edges": sum(len(f) for f in self.edges.values()),
                "units": len(self.units), "sides": sorted({u.side for u in self.units}), "terrain": counts}

    def text(self) -> str:
        """The summary of :meth:`to_json` in words (the text of ``wartools info``)."""
        a = self.to_json()
        return (f"{self.name}\n  game: {self.game.name}\n  grid: {self.grid.type} {self.grid.columns}x{self.grid.rows} "
                f"({a['cells']} cells)\n  edge features: {a['edges']}\n  units: {a['units']} "
                f"({', '.join(a['sides']) or 'none'})\n  terrain: "
                + ", ".join(f"{k} {v}" for k, v in sorted(a["terrain"].items())))

    def _repr_png_(self) -> bytes | None:
        from wartools.render import map_png

        return map_png(self)

    def __repr__(self) -> str:
        return (f"<Map {self.name!r} {self.game.id} {self.grid.type} "
                f"{self.grid.columns}x{self.grid.rows}, {len(self.units)} units>")
