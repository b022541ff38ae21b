"""Editing a map step by step: an :class:`EditSession` with undo and redo.

Every edit is a plain method that returns a :class:`Change` saying whether it
was applied and why not. A refused edit (an unknown terrain, a cell off the
board, two cells that share no hexside) leaves the map as it was and reports
the same message loading a file with that mistake would give: each edit goes
through the map's own validation (:meth:`Map.from_dict`), so what the editor
accepts, the loader accepts. The history is a list of immutable maps, so undo
and redo are exact.

Examples
--------
>>> s = EditSession.blank("combat-infantry", columns=6, rows=5)
>>> s.paint(["B2", "C2"], "woods").ok
True
>>> s.paint(["B3"], "lava").message
"<new map>: terrain.cells.B3: unknown terrain 'lava' for combat-infantry; valid: clear, beach, ..."
>>> s.toggle_edge("C3", "C4", "hedge").message
'C3|C4: hedge added'
>>> s.map.terrain_at("B2"), s.map.edge_features_at("C3", "C4")
('woods', ('hedge',))
>>> s.undo().ok, s.map.edge_features_at("C3", "C4")
(True, ())
>>> s.redo().ok, s.map.edge_features_at("C3", "C4")
(True, ('hedge',))
"""
from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartools.errors import WartoolsError
from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.mapmodel import FORMAT, Map, dumps_map, load_map, loads_map, save_map

HISTORY_LIMIT = 500
EDGE_PICK_TOLERANCE = 0.35
"""How near a hexside or interspace a click must land to pick it, as a fraction of the cell size
(centre to corner for hexes, side for squares) in the map's unit layout."""


@dataclass(frozen=True)
class Change:
    """What an edit did: ``ok`` is False when it was refused, and ``message`` says why."""

    action: str
    ok: bool
    message: str = ""


def blank_map(game: str, columns: int, rows: int, *, orientation: str = "flat", offset: str = "odd",
              labels: str = "column-letter", label_prefix: str | None = None, adjacency: int | None = None,
              name: str = "New map") -> Map:
    """A map of the game's default terrain, on a hex or square grid as the game is played.

    ``orientation`` and ``offset`` apply to hex grids, ``adjacency`` (4 or 8) to square ones.
    Bad values raise :class:`~wartools.errors.MapError` naming the field, as loading does.

    Examples
    --------
    >>> m = blank_map("heroes-of-normandie", 8, 6, labels="numeric")
    >>> m.grid.type, m.label(m.grid.cells()[-1]), m.terrain_at("0101")
    ('square', '0806', 'open')
    >>> blank_map("ci", 5, 5, orientation="sideways")
    Traceback (most recent call last):
    ...
    wartools.errors.MapError: <new map>: grid.orientation: must be one of flat, pointy, got 'sideways'
    """
    from wartools.rules import find_game

    g = find_game(game)
    grid: dict[str, Any] = {"type": g.grid_type}
    if g.grid_type == "hex":
        grid.update(orientation=orientation, offset=offset)
    grid.update(columns=columns, rows=rows, labels=labels)
    if label_prefix:
        grid["label_prefix"] = label_prefix
    if adjacency is not None and g.grid_type == "square":
        grid["adjacency"] = adjacency
    return Map.from_dict({"format": FORMAT, "name": name, "game": g.id, "grid": grid}, source="<new map>")


def edge_near(m: Map, x: float, y: float, tolerance: float = EDGE_PICK_TOLERANCE) -> Edge | None:
    """The hexside or interspace between two on-board cells within ``tolerance`` of the point
    ``(x, y)`` of the map's unit layout (the coordinates :func:`wartools.render.draw_map` uses),
    or ``None`` when the point is nearer a cell's middle or off the board's inner edges.

    Examples
    --------
    >>> m = blank_map("ci", 4, 4)
    >>> (x0, y0), (x1, y1) = (m.grid.layout().to_pixel(m.cell(c)) for c in ("B2", "B3"))
    >>> m.grid.edge_label(edge_near(m, (x0 + x1) / 2, (y0 + y1) / 2 + 0.1))
    'B2|B3'
    >>> edge_near(m, x0, y0) is None
    True
    """
    edge, distance = m.grid.layout().nearest_edge(x, y)
    if distance > tolerance or edge.a not in m.grid or edge.b not in m.grid:
        return None
    return edge


def _picture_relative_to(m: Map, target: Path) -> Map:
    """The map as saved to ``target``: its picture's path relative to the map file's folder (the
    format's rule, so the board and its scan can move together), when it is an absolute path."""
    if m.image is None or not Path(m.image.file).is_absolute():
        return m
    folder = target.expanduser().resolve().parent
    try:
        relative = os.path.relpath(m.image.file, folder)
    except ValueError:  # another drive (Windows): only an absolute path can name it
        return m
    return m.with_image(dataclasses.replace(m.image, file=Path(relative).as_posix()))


class EditSession:
    """A map being edited: the current map, its undo/redo history and the file it belongs to.

    Parameters
    ----------
    m
        The map to start from.
    path
        Where :meth:`save` writes when no path is given (the file ``m`` came from).
    """

    def __init__(self, m: Map, path: str | os.PathLike[str] | None = None) -> None:
        self._maps: list[Map] = [m]
        self._at = 0
        self._stroke: int | None = None
        self.path: Path | None = Path(path) if path is not None else None
        self._saved = m.fingerprint if path is not None else None
        self.log: list[Change] = []

    @classmethod
    def blank(cls, game: str, columns: int, rows: int, **grid: Any) -> EditSession:
        """Start from a blank board (see :func:`blank_map` for the options)."""
        return cls(blank_map(game, columns, rows, **grid))

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> EditSession:
        """Start from a map file (loading is strict: a bad file raises :class:`MapError`)."""
        return cls(load_map(path), path)

    # --- state --------------------------------------------------------------------------
    @property
    def map(self) -> Map:
        """The map as it stands now."""
        return self._maps[self._at]

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._maps) - 1

    @property
    def dirty(self) -> bool:
        """True when the map differs from what was last loaded or saved."""
        return self.map.fingerprint != self._saved

    @property
    def last(self) -> Change | None:
        """The last change (applied or refused)."""
        return self.log[-1] if self.log else None

    def _note(self, change: Change) -> Change:
        self.log.append(change)
        return change

    def apply(self, action: str, edit: Callable[[Map], Map], message: str = "") -> Change:
        """Apply ``edit`` to the current map; record the new map, or the reason it was refused."""
        try:
            new = edit(self.map)
        except WartoolsError as exc:
            return self._note(Change(action, False, str(exc)))
        if new == self.map:
            return self._note(Change(action, True, "no change"))
        del self._maps[self._at + 1:]
        self._maps.append(new)
        self._at += 1
        if len(self._maps) > HISTORY_LIMIT and (self._stroke is None or self._stroke > 0):
            del self._maps[0]
            self._at -= 1
            if self._stroke is not None:
                self._stroke -= 1
        return self._note(Change(action, True, message))

    # --- strokes: a drag of the brush is one undo step -------------------------------------
    def begin_stroke(self) -> None:
        """Start a brush stroke: the edits until :meth:`end_stroke` undo as one."""
        self._stroke = self._at

    def end_stroke(self) -> None:
        """Finish a stroke, folding its edits into one step of the history."""
        if self._stroke is not None and self._at > self._stroke + 1:
            del self._maps[self._stroke + 1:self._at]
            self._at = self._stroke + 1
        self._stroke = None

    # --- edits ----------------------------------------------------------------------------
    def _labels(self, cells: Iterable[Cell | str]) -> list[str]:
        return [self.map.label(self.map.cell(c)) for c in cells]

    def _paint_cells(self, action: str, cells: Iterable[Cell | str], what: str, **values: Any) -> Change:
        """Apply ``Map.painted(cells, **values)`` as ``action``, noting "<cells>: <what>"."""
        cells = list(cells)
        try:
            where = " ".join(self._labels(cells))
        except WartoolsError as exc:
            return self._note(Change(action, False, str(exc)))
        return self.apply(action, lambda m: m.painted(cells, **values), f"{where}: {what}")

    def paint(self, cells: Iterable[Cell | str], terrain: str) -> Change:
        """Set the terrain of ``cells`` (labels or cells)."""
        return self._paint_cells("paint", cells, terrain, terrain=terrain)

    def set_elevation(self, cells: Iterable[Cell | str], level: int) -> Change:
        """Set the elevation level of ``cells``."""
        return self._paint_cells("elevation", cells, f"level {level}", elevation=level)

    def toggle_edge(self, a: Cell | str, b: Cell | str, feature: str) -> Change:
        """Add ``feature`` to the hexside/interspace between ``a`` and ``b``, or remove it if there."""
        try:
            m = self.map
            e = m.edge(a, b)
            name = m.game.edge_features.resolve(feature)
        except WartoolsError as exc:
            return self._note(Change("edge", False, str(exc)))
        where = m.grid.edge_label(e)
        if name in m.edge_features_at(e):
            return self.apply("edge", lambda m: m.without_edge_feature(e.a, e.b, name), f"{where}: {name} removed")
        return self.apply("edge", lambda m: m.with_edge_feature(e.a, e.b, name), f"{where}: {name} added")

    def toggle_edge_at(self, x: float, y: float, feature: str,
                       tolerance: float = EDGE_PICK_TOLERANCE) -> Change:
        """Toggle ``feature`` on the edge nearest the point ``(x, y)`` of the unit layout."""
        e = edge_near(self.map, x, y, tolerance)
        if e is None:
            nearest, d = self.map.grid.layout().nearest_edge(x, y)
            side = "hexside" if self.map.grid.type == "hex" else "interspace"
            where = f"{side} {self.map.grid.edge_label(nearest)}" if nearest.a in self.map.grid and \
                nearest.b in self.map.grid else f"{side}, on the board's rim,"
            return self._note(Change("edge", False, f"no hexside or interspace near that point: the nearest "
                                                    f"{where} is {d:.2f} cell sizes away (a click within "
                                                    f"{tolerance:g} picks it)"))
        return self.toggle_edge(e.a, e.b, feature)

    def _new_unit_id(self, side: str) -> str:
        stem = re.sub(r"[^a-z0-9]+", "-", side.lower()).strip("-") or "unit"
        taken = {u.id for u in self.map.units}
        n = 1
        while f"{stem}-{n}" in taken:
            n += 1
        return f"{stem}-{n}"

    def place_unit(self, where: Cell | str, side: str, type: str, unit_id: str | None = None) -> Change:
        """Put a new unit on a cell (an id like ``us-3`` is made up when none is given)."""
        try:
            label = self._labels([where])[0]
        except WartoolsError as exc:
            return self._note(Change("place", False, str(exc)))
        uid = unit_id or self._new_unit_id(side)
        if any(u.id == uid for u in self.map.units):
            return self._note(Change("place", False, f"a unit {uid!r} is already on the map; "
                                                     "choose another id or move that unit"))
        return self.apply("place", lambda m: m.with_unit(uid, side, type, label), f"{uid} ({type}) on {label}")

    def move_unit(self, unit_id: str, where: Cell | str) -> Change:
        """Move a unit to another cell."""
        return self.apply("move", lambda m: m.moved(unit_id, where), f"{unit_id} to {where}")

    def delete_unit(self, unit_id: str) -> Change:
        """Take a unit off the map."""
        return self.apply("delete", lambda m: m.without_unit(unit_id), f"{unit_id} removed")

    def toggle_objective(self, where: Cell | str, kind: str = "victory", value: int = 1) -> Change:
        """Put an objective on a cell, or take away the one there."""
        try:
            c = self.map.cell(where)
        except WartoolsError as exc:
            return self._note(Change("objective", False, str(exc)))
        label = self.map.label(c)
        if any(o.cell == c for o in self.map.objectives):
            return self.apply("objective", lambda m: m.without_objective(c), f"objective on {label} removed")
        return self.apply("objective", lambda m: m.with_objective(c, kind, value),
                          f"{kind} objective ({value}) on {label}")

    def rename(self, name: str) -> Change:
        """Change the map's name."""
        def edit(m: Map) -> Map:
            d = m.to_dict()
            d["name"] = name
            return Map.from_dict(d, source=m.source)
        return self.apply("rename", edit, f"name: {name}")

    # --- history ----------------------------------------------------------------------------
    def undo(self) -> Change:
        """Step back to the map before the last applied edit."""
        if not self.can_undo:
            return self._note(Change("undo", False, "nothing to undo"))
        self._at -= 1
        return self._note(Change("undo", True))

    def redo(self) -> Change:
        """Step forward again after :meth:`undo`."""
        if not self.can_redo:
            return self._note(Change("redo", False, "nothing to redo"))
        self._at += 1
        return self._note(Change("redo", True))

    # --- checking and saving ------------------------------------------------------------------
    def check(self) -> list[str]:
        """Problems loading the map's file text would report (none for a map built by these edits;
        this re-reads what :meth:`save` would write, so a file that would not load is never written)."""
        try:
            again = loads_map(dumps_map(self.map), source=str(self.path or "<edited map>"))
        except WartoolsError as exc:
            return [str(exc)]
        if again != self.map:
            return ["the saved text would not load back as the same map"]
        return []

    def save(self, path: str | os.PathLike[str] | None = None) -> Change:
        """Write the map atomically to ``path`` (or the file it came from), after :meth:`check`."""
        target = Path(path) if path is not None else self.path
        if target is None:
            return self._note(Change("save", False, "no file to save to: give a path"))
        problems = self.check()
        if problems:
            return self._note(Change("save", False, "; ".join(problems)))
        try:
            save_map(_picture_relative_to(self.map, target), target)
        except WartoolsError as exc:         # not a place a file can go (a folder, a FIFO ...)
            return self._note(Change("save", False, str(exc)))
        except OSError as exc:
            return self._note(Change("save", False, f"cannot write {str(target)!r}: {exc.strerror or exc}"))
        self.path, self._saved = target, self.map.fingerprint
        return self._note(Change("save", True, f"saved {target}"))

    def __repr__(self) -> str:
        return (f"<EditSession {self.map.name!r} step {self._at}/{len(self._maps) - 1}"
                f"{' (unsaved)' if self.dirty else ''}>")
