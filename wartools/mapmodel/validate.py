"""Strict validation of map data (the map-file layout of docs/map-format.md) into a :class:`Map`.

Every check raises :class:`MapError` naming the file, the line, the field and
what would be valid. Nothing is constructed until all checks pass.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from wartools.errors import MapError, WartoolsError
from wartools.rules import Game, find_game
from wartools.rules import Vocabulary
from wartools.grids import Edge, Grid, HexGrid, SquareGrid
from wartools.grids.base import Cell
from wartools.grids.numbering import AxisNumbering, Numbering, Stagger
from wartools.limits import (ANY_INT, BOARD_SIDE, CELLS_REASON, ELEVATION, MAX_ARG_CHARS, MAX_CELLS, MAX_FLOAT,
                             MAX_LABEL_CHARS, MAX_NAME_CHARS, OBJECTIVE_VALUE, STRENGTH, IntLimit, LimitError,
                             check_int, shown)
from wartools.mapmodel.image import BoardImage
from wartools.mapmodel.parts import FORMAT, OBJECTIVE_KINDS, ROAD_KINDS, TOP_KEYS, UNIT_KEYS, Objective, Road, Unit

GRID_KEYS = {"hex": ("type", "orientation", "offset", "columns", "rows", "labels", "label_prefix", "numbering"),
             "square": ("type", "columns", "rows", "labels", "label_prefix", "numbering", "adjacency")}
NUMBERING_KEYS = ("first", "separator", "column", "row", "stagger")


class _Checker:
    def __init__(self, source: str | None, lines: Mapping[tuple[Any, ...], int]) -> None:
        self.source, self.lines = source, lines

    def fail(self, path: tuple[Any, ...], message: str) -> MapError:
        line = None
        for i in range(len(path), -1, -1):
            if path[:i] in self.lines:
                line = self.lines[path[:i]]
                break
        return MapError(message, file=self.source, line=line,
                        field=".".join(str(p) for p in path) or None)

    def typed(self, data: Any, path: tuple[Any, ...], kind: type | tuple[type, ...], what: str) -> Any:
        if not isinstance(data, kind) or (kind is int and isinstance(data, bool)):
            raise self.fail(path, f"must be {what}, got {type(data).__name__} {shown(data)}")
        return data

    def bounded_text(self, data: Any, path: tuple[Any, ...], what: str, most: int = MAX_LABEL_CHARS) -> str:
        """A string of at most ``most`` characters."""
        self.typed(data, path, str, what)
        if len(data) > most:
            raise self.fail(path, f"{shown(data)} is longer than the limit of {most} characters")
        return str(data)

    def bounded_int(self, data: Any, path: tuple[Any, ...], limit: IntLimit) -> int:
        """An integer within ``limit``."""
        self.typed(data, path, int, "an integer")
        try:
            return int(check_int("", data, limit))
        except LimitError as exc:
            raise self.fail(path, str(exc)) from None

    def mapping(self, data: Any, path: tuple[Any, ...], allowed: tuple[str, ...] | None = None,
                required: tuple[str, ...] = ()) -> dict[str, Any]:
        self.typed(data, path, dict, "a mapping")
        if allowed is not None:
            for key in data:
                if key not in allowed:
                    raise self.fail((*path, key), f"unknown key {shown(key)}; valid: {', '.join(allowed)}")
        for key in required:
            if key not in data:
                raise self.fail(path, f"missing required key {key!r}")
        return data

    def vocab(self, vocab: Vocabulary, value: Any, path: tuple[Any, ...], game: Game) -> str:
        try:
            return vocab.resolve(value)
        except WartoolsError:
            raise self.fail(path, f"unknown {vocab.kind} {shown(value)} for {game.id}; "
                                  f"valid: {vocab.choices()}") from None

    def cell(self, grid: Grid, value: Any, path: tuple[Any, ...]) -> Cell:
        if isinstance(value, int) and not isinstance(value, bool):
            # YAML reads 0304 as an octal number and 1203 as an integer: never guess which cell
            raise self.fail(path, f"cell label {shown(value)} was read as a number; quote it, e.g. '0304'")
        self.bounded_text(value, path, "a cell label")
        try:
            return grid.parse(value)
        except WartoolsError as exc:
            raise self.fail(path, str(exc)) from None


#: the checker, for other strict loaders (scenarios, positions) that share the error format
Checker = _Checker


class _OneSpelling:
    """One cell, one spelling: ``C3``, ``c3`` and ``C03`` name one cell, so a mapping keyed by
    labels (or a list of labels) may name each cell once; the second spelling is refused with
    the first one and both lines."""

    def __init__(self, ck: _Checker, grid: Grid) -> None:
        self.ck, self.grid = ck, grid
        self.seen: dict[tuple[tuple[Any, ...], Cell], Any] = {}

    def cell(self, label: Any, where: tuple[Any, ...], key: Any = None) -> Cell:
        path = (*where, label if key is None else key)
        c = self.ck.cell(self.grid, label, path)
        first = self.seen.setdefault((where, c), key if key is not None else label)
        if first != (key if key is not None else label):
            first_path = (*where, first)
            first_label = first if key is None else label
            first_line = self.ck.lines.get(first_path)
            at = f" (line {first_line})" if first_line else ""
            if key is None:
                what = f"{shown(label)} and {shown(first_label)}{at} both name cell {self.grid.label(c)}"
            else:
                what = f"entries {first}{at} and {key} both name cell {self.grid.label(c)}"
            raise self.ck.fail(path, f"{what}; give each cell once, spelt one way")
        return c


def _grid(ck: _Checker, data: Any) -> Grid:
    path = ("grid",)
    ck.mapping(data, path, required=("type", "columns", "rows"))
    kind = data["type"]
    if not isinstance(kind, str) or kind not in GRID_KEYS:
        raise ck.fail((*path, "type"), f"unknown grid type {shown(kind)}; valid: hex, square")
    ck.mapping(data, path, GRID_KEYS[kind])
    for key in ("columns", "rows"):
        value = ck.typed(data[key], (*path, key), int, "a positive integer")
        if value < 1:
            raise ck.fail((*path, key), f"must be a positive integer, got {value}")
        ck.bounded_int(value, (*path, key), BOARD_SIDE)
    if data["columns"] * data["rows"] > MAX_CELLS:
        raise ck.fail(path, f"{data['columns']} x {data['rows']} = {data['columns'] * data['rows']:,} cells "
                            f"is more than the limit of {MAX_CELLS:,} ({CELLS_REASON})")
    labels = data.get("labels", "column-letter")
    prefix = data.get("label_prefix")
    if prefix is not None:
        prefix = str(ck.typed(prefix, (*path, "label_prefix"), (str, int), "a string"))
        ck.bounded_text(prefix, (*path, "label_prefix"), "a string")
    choices = {"orientation": ("flat", "pointy"), "offset": ("odd", "even"),
               "labels": ("column-letter", "row-letter", "numeric", "custom"), "adjacency": (4, 8)}
    for key, valid in choices.items():
        if key in data and data[key] not in valid:
            raise ck.fail((*path, key), f"must be one of {', '.join(map(str, valid))}, got {shown(data[key])}")
    numbering = None
    if labels == "custom" or "numbering" in data:
        if labels != "custom":
            raise ck.fail((*path, "numbering"), "a numbering needs 'labels: custom'")
        if "numbering" not in data:
            raise ck.fail((*path, "labels"), "'labels: custom' needs a 'numbering' key")
        numbering = _numbering(ck, data["numbering"])
    try:
        if kind == "hex":
            return HexGrid(data["columns"], data["rows"], labels, prefix, numbering=numbering,
                           orientation=data.get("orientation", "flat"), offset=data.get("offset", "odd"))
        return SquareGrid(data["columns"], data["rows"], labels, prefix, numbering=numbering,
                          adjacency=data.get("adjacency", 8))
    except WartoolsError as exc:  # e.g. a custom numbering that repeats a label
        raise ck.fail(path, str(exc)) from None


def _numbering(ck: _Checker, data: Any) -> Numbering:
    """``grid.numbering``: a custom cell numbering (:mod:`wartools.grids.numbering`)."""
    path = ("grid", "numbering")
    ck.mapping(data, path, NUMBERING_KEYS, required=("column", "row"))
    axes = {}
    for axis in ("column", "row"):
        entry = ck.mapping(data[axis], (*path, axis), ("style", "start", "step", "digits"))
        for key in ("start", "step", "digits"):
            if key in entry:
                ck.bounded_int(entry[key], (*path, axis, key), ANY_INT)
        try:
            axes[axis] = AxisNumbering(**entry)
        except WartoolsError as exc:
            raise ck.fail((*path, axis), str(exc)) from None
    stagger = None
    if data.get("stagger") is not None:
        entry = ck.mapping(data["stagger"], (*path, "stagger"), ("axis", "parity", "shift"))
        if "shift" in entry:
            ck.bounded_int(entry["shift"], (*path, "stagger", "shift"), ANY_INT)
        try:
            stagger = Stagger(**entry)
        except WartoolsError as exc:
            raise ck.fail((*path, "stagger"), str(exc)) from None
    separator = ck.bounded_text(data.get("separator", ""), (*path, "separator"), "a string")
    try:
        return Numbering(axes["column"], axes["row"], data.get("first", "column"), separator, stagger)
    except WartoolsError as exc:
        raise ck.fail(path, str(exc)) from None


def _label_list(ck: _Checker, grid: Grid, data: Any, path: tuple[Any, ...]) -> tuple[Cell, ...]:
    ck.typed(data, path, list, "a list of cell labels")
    return tuple(ck.cell(grid, v, (*path, i)) for i, v in enumerate(data))


def _numbers(ck: _Checker, data: Any, path: tuple[Any, ...], positive: bool) -> tuple[float, float]:
    what = "a pair of positive numbers" if positive else "a pair of numbers [x, y]"
    ck.typed(data, path, list, what)
    if len(data) != 2:
        raise ck.fail(path, f"must be {what}, got {len(data)} values")
    for i, v in enumerate(data):
        ck.typed(v, (*path, i), (int, float), "a number")
        if isinstance(v, bool) or not abs(v) <= MAX_FLOAT or (positive and v <= 0):
            raise ck.fail((*path, i), f"must be {what} of at most {MAX_FLOAT:g}, got {shown(v)}")
    return float(data[0]), float(data[1])


def _image(ck: _Checker, data: Any) -> BoardImage:
    """The ``image`` key: a board picture and where the grid lies on it."""
    path = ("image",)
    ck.mapping(data, path, ("file", "origin", "pitch", "rotation", "size"), required=("file", "origin", "pitch"))
    file = ck.bounded_text(data["file"], (*path, "file"), "a file name", MAX_ARG_CHARS)
    rotation = data.get("rotation", 0)
    ck.typed(rotation, (*path, "rotation"), (int, float), "a number of degrees")
    if isinstance(rotation, bool) or not abs(rotation) <= MAX_FLOAT:
        raise ck.fail((*path, "rotation"), f"must be a number of degrees of at most {MAX_FLOAT:g}, "
                                           f"got {shown(rotation)}")
    size = None
    if data.get("size") is not None:
        w, h = _numbers(ck, data["size"], (*path, "size"), positive=True)
        if w != int(w) or h != int(h):
            raise ck.fail((*path, "size"), f"must be whole pixels, got {data['size']!r}")
        size = (int(w), int(h))
    return BoardImage(file, _numbers(ck, data["origin"], (*path, "origin"), positive=False),
                      _numbers(ck, data["pitch"], (*path, "pitch"), positive=True), float(rotation), size)


def _teams(ck: _Checker, data: Any, sides: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The ``teams`` key: team name -> list of sides, each side known and on one team only."""
    teams: dict[str, tuple[str, ...]] = {}
    if data is None:
        return teams
    owner: dict[str, str] = {}
    for name, members in ck.mapping(data, ("teams",)).items():
        path = ("teams", name)
        ck.typed(name, path, str, "a team name")
        ck.typed(members, path, list, "a list of side names")
        if not members:
            raise ck.fail(path, "a team needs at least one side")
        for i, side in enumerate(members):
            ck.typed(side, (*path, i), str, "a side name")
            if side not in sides:
                raise ck.fail((*path, i), f"unknown side {side!r}; valid: {', '.join(dict.fromkeys(sides))}")
            if side in owner:
                raise ck.fail((*path, i), f"side {side!r} is already on team {owner[side]!r}")
            owner[side] = name
        teams[name] = tuple(members)
    return teams


#: the project's other file formats, and where such a file goes instead of a map command
OTHER_FORMATS = {"wartools-scenario/1": "scenario file", "wartools-position/1": "position file",
                 "wartools-record/1": "game record"}
OTHER_USES = {
    "wartools-scenario/1": "use wartools scenario, victory, threat, route, race or fireplan with it "
                           "(or its map file with los, viewshed, reach, path and render)",
    "wartools-position/1": "give it with --position to a scenario command, beside its scenario file",
    "wartools-record/1": "use wartools replay or luck with it",
}


def build_map(cls: type, data: Any, source: str | None, lines: Mapping[tuple[Any, ...], int]) -> Any:
    """Validate ``data`` and return ``cls(...)`` (a :class:`~wartools.mapmodel.Map`)."""
    ck = _Checker(source, lines)
    if data is None:
        raise ck.fail((), "the map file is empty")
    other = data.get("format") if isinstance(data, dict) else None
    if isinstance(other, str) and other in OTHER_FORMATS:  # another kind of file: say so, not "unknown key 'description'"
        its_map = f"; its map: {data['map']}" if isinstance(data.get("map"), str) else ""
        raise ck.fail(("format",), f"this is a {OTHER_FORMATS[other]}, not a map ({FORMAT}); "
                                   f"{OTHER_USES[other]}{its_map}")
    ck.mapping(data, (), TOP_KEYS, required=("format", "name", "game", "grid"))
    if data["format"] != FORMAT:
        raise ck.fail(("format",), f"unsupported format {data['format']!r}; valid: {FORMAT}")
    name = ck.bounded_text(data["name"], ("name",), "a string", MAX_NAME_CHARS)
    try:
        game = find_game(ck.typed(data["game"], ("game",), str, "a game id"))
    except WartoolsError as exc:
        raise ck.fail(("game",), str(exc)) from None
    grid = _grid(ck, data["grid"])
    if grid.type != game.grid_type:
        raise ck.fail(("grid", "type"), f"{game.id} is played on a {game.grid_type} grid, not {grid.type}")

    terrain_data = ck.mapping(data.get("terrain", {}), ("terrain",), ("default", "cells"))
    default = ck.vocab(game.terrain, terrain_data.get("default", game.default_terrain),
                       ("terrain", "default"), game)
    terrain: dict[Cell, str] = {}
    once = _OneSpelling(ck, grid)
    for lab, t in ck.mapping(terrain_data.get("cells", {}) or {}, ("terrain", "cells")).items():
        c = once.cell(lab, ("terrain", "cells"))
        value = ck.vocab(game.terrain, t, ("terrain", "cells", lab), game)
        if value != default:
            terrain[c] = value

    elevation: dict[Cell, int] = {}
    for lab, v in ck.mapping(data.get("elevation", {}) or {}, ("elevation",)).items():
        c = once.cell(lab, ("elevation",))
        level = ck.bounded_int(v, ("elevation", lab), ELEVATION)
        if level:
            elevation[c] = level

    edges: dict[Edge, tuple[str, ...]] = {}
    for i, entry in enumerate(ck.typed(data.get("edges", []) or [], ("edges",), list, "a list")):
        path = ("edges", i)
        ck.mapping(entry, path, ("cells", "feature"), required=("cells", "feature"))
        pair = _label_list(ck, grid, entry["cells"], (*path, "cells"))
        if len(pair) != 2:
            raise ck.fail((*path, "cells"), f"an edge joins exactly 2 cells, got {len(pair)}")
        try:
            e = grid.edge(*pair)
        except WartoolsError as exc:
            raise ck.fail((*path, "cells"), str(exc)) from None
        feature = ck.vocab(game.edge_features, entry["feature"], (*path, "feature"), game)
        if feature in edges.get(e, ()):
            raise ck.fail(path, f"duplicate feature {feature!r} on edge {grid.edge_label(e)}")
        edges[e] = (*edges.get(e, ()), feature)

    features: dict[Cell, tuple[str, ...]] = {}
    for lab, fs in ck.mapping(data.get("features", {}) or {}, ("features",)).items():
        c = once.cell(lab, ("features",))
        items = ck.typed(fs, ("features", lab), list, "a list of feature names")
        names = tuple(ck.vocab(game.cell_features, f, ("features", lab, j), game) for j, f in enumerate(items))
        if len(set(names)) != len(names):
            raise ck.fail(("features", lab), "lists a feature twice")
        if names:
            features[c] = names

    roads = []
    for i, entry in enumerate(ck.typed(data.get("roads", []) or [], ("roads",), list, "a list")):
        path = ("roads", i)
        ck.mapping(entry, path, ("kind", "cells"), required=("cells",))
        kind = ck.vocab(ROAD_KINDS, entry.get("kind", "paved"), (*path, "kind"), game)
        cells = _label_list(ck, grid, entry["cells"], (*path, "cells"))
        if len(cells) < 2:
            raise ck.fail((*path, "cells"), "a road needs at least 2 cells")
        for j, (a, b) in enumerate(zip(cells, cells[1:])):
            if b not in grid.edge_neighbours(a):
                raise ck.fail((*path, "cells", j + 1), f"road cells {grid.label(a)} and {grid.label(b)} "
                                                        "are not adjacent")
        roads.append(Road(kind, cells))

    objectives = []
    for i, entry in enumerate(ck.typed(data.get("objectives", []) or [], ("objectives",), list, "a list")):
        path = ("objectives", i)
        ck.mapping(entry, path, ("cell", "kind", "value"), required=("cell",))
        points = ck.bounded_int(entry.get("value", 1), (*path, "value"), OBJECTIVE_VALUE)
        objectives.append(Objective(ck.cell(grid, entry["cell"], (*path, "cell")),
                                    ck.vocab(OBJECTIVE_KINDS, entry.get("kind", "victory"), (*path, "kind"),
                                             game), points))

    zones = {}
    for zname, labels in ck.mapping(data.get("zones", {}) or {}, ("zones",)).items():
        ck.bounded_text(zname, ("zones", zname), "a zone name")
        zones[zname] = _label_list(ck, grid, labels, ("zones", zname))
        zone_once = _OneSpelling(ck, grid)
        for i, lab in enumerate(labels):
            zone_once.cell(lab, ("zones", zname), key=i)

    units, seen = [], set()
    for i, entry in enumerate(ck.typed(data.get("units", []) or [], ("units",), list, "a list")):
        path = ("units", i)
        ck.mapping(entry, path, UNIT_KEYS, required=("id", "side", "type", "cell"))
        uid = str(ck.typed(entry["id"], (*path, "id"), (str, int), "a string"))
        ck.bounded_text(uid, (*path, "id"), "a string")
        if uid in seen:
            raise ck.fail((*path, "id"), f"duplicate unit id {shown(uid)}")
        seen.add(uid)
        side = ck.bounded_text(entry["side"], (*path, "side"), "a side name")
        utype = ck.vocab(game.unit_types, entry["type"], (*path, "type"), game)
        strength = entry.get("strength")
        if strength is not None and (ck.typed(strength, (*path, "strength"), int, "an integer") < 1):
            raise ck.fail((*path, "strength"), f"must be >= 1, got {shown(strength)}")
        if strength is not None:
            ck.bounded_int(strength, (*path, "strength"), STRENGTH)
        label = entry.get("name")
        if label is not None:
            ck.bounded_text(label, (*path, "name"), "a string", MAX_NAME_CHARS)
        tags = ck.typed(entry.get("tags", []), (*path, "tags"), list, "a list of strings")
        for j, t in enumerate(tags):
            ck.bounded_text(t, (*path, "tags", j), "a string")
        units.append(Unit(uid, side, utype, ck.cell(grid, entry["cell"], (*path, "cell")), label, strength,
                          tuple(tags)))

    image = _image(ck, data["image"]) if data.get("image") is not None else None
    teams = _teams(ck, data.get("teams"), (*dict.fromkeys(u.side for u in units), *game.sides))

    return cls(name=name, game=game, grid=grid, default_terrain=default,
               terrain=MappingProxyType(terrain), elevation=MappingProxyType(elevation),
               edges=MappingProxyType(edges), features=MappingProxyType(features), roads=tuple(roads),
               objectives=tuple(objectives), zones=MappingProxyType(zones), units=tuple(units),
               image=image, source=source, teams=MappingProxyType(teams))
