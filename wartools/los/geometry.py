"""The geometry of one map, built once, and batches of ruler contacts over it.

A :class:`BoardGeometry` numbers the cells of the map's board plus a margin of
two off-board cells (a ruler between two board cells can graze cells just off
the board's zig-zag rim) in a dense box, so that a cell is an integer ``ext``
and translating by a displacement is an integer addition. Terrain, elevation,
cell features and edge features become numpy arrays over those ids. A
:class:`MapGeometry` is one position on that board: the board's arrays (shared)
and the units' (its own).

:func:`geometry` caches one ``MapGeometry`` per map content and
:func:`board_geometry` one ``BoardGeometry`` per board (keyed by
:attr:`wartools.mapmodel.Map.board_fingerprint`), so a unit moving costs the
unit arrays of the new position, never the board's again. Small batches of
rulers (a line of sight, an attack question) read each ruler's contacts from
the rulers recalled per grid kind (:class:`~wartools.los.templates.Recalled`):
a ruler is walked once per process, whatever board or position asks it again.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map('combat-infantry', 4, 4, terrain={'B2': 'woods'}, units=[("u", "US", "rifle", "A1")])
>>> geo = geometry(m)
>>> geo is geometry(m), int(geo.onboard.sum())
(True, 16)
>>> geo.names["terrain"][geo.terrain[geo.ext(m.cell("B2"))]]
'woods'
>>> moved = geometry(m.moved("u", "C3"))
>>> moved is geo, moved.board is geo.board, int(moved.unit_type[moved.ext(m.cell("C3"))])
(False, True, 0)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np

from wartools.cache import LRU
from wartools.grids.base import Cell, Edge
from wartools.los.templates import (DENSE_MAX, Templates, cached_templates, directions,
                                    displacement_templates, frame_for, recalled, table_radius, templates_for)
from wartools.los.kernel import RowIndex, RowSource, kept_rows
from wartools.los.walk import Keep, ranges, walk
from wartools.mapmodel import Map

MARGIN = 2


class BoardGeometry:
    """Dense numeric view of a map's board for the LOS engine: everything but the units.

    What a line of sight reads of the board (the box of ext ids, terrain, elevation, cell and
    edge features) does not change when a unit moves, so one ``BoardGeometry`` serves every
    position of a board (:func:`board_geometry`, keyed by
    :attr:`wartools.mapmodel.Map.board_fingerprint`), with the template offsets and row indexes
    it keeps. :class:`MapGeometry` adds the units of one position.

    Attributes
    ----------
    q, r : ndarray
        Coordinates of every ext cell (axial for hexes, column/row for squares).
    onboard : ndarray of bool
    terrain, elevation : ndarray
        Terrain index into ``names["terrain"]`` (-1 off the board) and level.
    cell_features, edge_features : ndarray of int64
        Bit masks over ``names["cell_features"]`` / ``names["edge_features"]``.
    """

    def __init__(self, m: Map) -> None:
        self.map = m
        grid = m.grid
        self.kind = grid.type
        self.dirs = directions(self.kind)
        self.frame = frame_for(grid)          # vectorised centres and distances of this grid
        cells = grid.cells()
        qs = np.array([c[0] for c in cells])
        rs = np.array([c[1] for c in cells])
        self.q0, self.r0 = int(qs.min()) - MARGIN, int(rs.min()) - MARGIN
        self.wq = int(qs.max()) + MARGIN + 1 - self.q0
        self.h = int(rs.max()) + MARGIN + 1 - self.r0
        n = self.wq * self.h
        ids = np.arange(n)
        self.q = ids // self.h + self.q0
        self.r = ids % self.h + self.r0
        self.n = n
        cell_type = type(cells[0])
        self.cells: list[Cell] = [cell_type(int(a), int(b)) for a, b in zip(self.q, self.r)]
        self.onboard = np.zeros(n, dtype=bool)
        board_ids = (qs - self.q0) * self.h + (rs - self.r0)
        self.onboard[board_ids] = True
        self.board_ids = board_ids            # in the order of grid.cells()
        game = m.game
        self.names: dict[str, tuple[str, ...]] = {
            "terrain": tuple(game.terrain.names), "cell_features": tuple(game.cell_features.names),
            "edge_features": tuple(game.edge_features.names), "unit_types": tuple(game.unit_types.names)}
        tindex = {t: i for i, t in enumerate(self.names["terrain"])}
        self.terrain = np.full(n, -1, dtype=np.int16)
        self.terrain[board_ids] = tindex[m.default_terrain]
        for c, t in m.terrain.items():
            self.terrain[self.ext(c)] = tindex[t]
        self.elevation = np.zeros(n, dtype=np.int64)
        for c, v in m.elevation.items():
            self.elevation[self.ext(c)] = v
        self.cell_features = np.zeros(n, dtype=np.int64)
        findex = {f: i for i, f in enumerate(self.names["cell_features"])}
        for c, fs in m.features.items():
            for f in fs:
                self.cell_features[self.ext(c)] |= 1 << findex[f]
        nd = len(self.dirs)
        self.edge_c1 = np.repeat(ids, nd)
        nq = np.repeat(self.q, nd) + np.tile([d[0] for d in self.dirs], n)
        nr = np.repeat(self.r, nd) + np.tile([d[1] for d in self.dirs], n)
        inside = (nq >= self.q0) & (nq < self.q0 + self.wq) & (nr >= self.r0) & (nr < self.r0 + self.h)
        self.edge_c2 = np.where(inside, (nq - self.q0) * self.h + (nr - self.r0), -1)
        self.edge_features = np.zeros(n * nd, dtype=np.int64)
        eindex = {f: i for i, f in enumerate(self.names["edge_features"])}
        for e, fs in m.edges.items():
            for f in fs:
                self.edge_features[self.edge_id(e)] |= 1 << eindex[f]
        self._rel: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._row_index: dict[str, RowIndex] = {}
        self.templates: Templates | None = None     # the templates :meth:`rel` last shifted
        #: what a policy prepares from the board alone (see :attr:`LOSPolicy.prepare_reads_units
        #: <wartools.rules.los.LOSPolicy.prepare_reads_units>`), shared by every position
        self.prepared: dict[Any, Any] = {}
        #: the labels and reason words of the places lines were explained at (board-only words,
        #: :func:`wartools.los.engine.explain`)
        self.words: dict[Any, Any] = {}

    # --- ids ------------------------------------------------------------------------
    def ext(self, cell: Cell) -> int:
        """The ext id of a cell (on the board or within the margin)."""
        return (cell[0] - self.q0) * self.h + (cell[1] - self.r0)

    def exts(self, cells: Sequence[Cell]) -> np.ndarray:
        """Ext ids of many cells."""
        a = np.asarray([tuple(c) for c in cells], dtype=np.int64).reshape(-1, 2)
        return (a[:, 0] - self.q0) * self.h + (a[:, 1] - self.r0)

    def edge_id(self, e: Edge) -> int:
        """The ext edge id of an edge (owner cell * directions + direction)."""
        for a, b in ((e.a, e.b), (e.b, e.a)):
            d = (b[0] - a[0], b[1] - a[1])
            if d in self.dirs:
                return self.ext(a) * len(self.dirs) + self.dirs.index(d)
        raise ValueError(f"{e} is not an edge")

    def edge(self, eid: int) -> Edge:
        """The :class:`Edge` of an ext edge id."""
        return Edge.of(self.cells[int(self.edge_c1[eid])], self.cells[int(self.edge_c2[eid])])

    def where(self, kind: int, ident: int) -> str:
        """``C4`` for a cell, ``C4|C5`` for an edge (off-board cells as coordinates)."""
        grid = self.map.grid
        if kind == 0:
            return grid._name(self.cells[ident])
        return grid.edge_label(self.edge(ident))

    def distance(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Grid distance between ext cells (arrays)."""
        return self.frame.distance(self.q[y] - self.q[x], self.r[y] - self.r[x])

    def feature_bit(self, group: str, name: str) -> int:
        """Bit of a feature name in ``cell_features``/``edge_features`` (0 if the game lacks it)."""
        names = self.names[group]
        return 1 << names.index(name) if name in names else 0

    def terrain_mask(self, names: Sequence[str]) -> np.ndarray:
        """Boolean array over ext cells: terrain is one of ``names``."""
        codes = [i for i, t in enumerate(self.names["terrain"]) if t in set(names)]
        return np.isin(self.terrain, codes)

    def edge_mask(self, names: Sequence[str]) -> np.ndarray:
        """Boolean array over ext edges: carries any feature in ``names``."""
        bits = 0
        for f in names:
            bits |= self.feature_bit("edge_features", f)
        return (self.edge_features & bits) != 0

    def cell_feature_mask(self, names: Sequence[str]) -> np.ndarray:
        """Boolean array over ext cells: carries any cell feature in ``names``."""
        bits = 0
        for f in names:
            bits |= self.feature_bit("cell_features", f)
        return (self.cell_features & bits) != 0

    def type_mask(self, names: Sequence[str]) -> int:
        """Bit mask of unit type names."""
        return sum(1 << i for i, t in enumerate(self.names["unit_types"]) if t in set(names))

    # --- batches ----------------------------------------------------------------------
    def rel(self, t: Templates) -> tuple[np.ndarray, np.ndarray]:
        """Template rows as ext-id offsets for this map's box (cached per template size)."""
        got = self._rel.get(t.radius)
        if got is None:
            got = (t.c_dq * self.h + t.c_dr, (t.e_dq * self.h + t.e_dr) * len(self.dirs) + t.e_dir)
            self._rel = {t.radius: got}
            self.templates = t
            self._row_index = {}
        return got

    def row_index(self, t: Templates, group: str) -> RowIndex:
        """The :class:`~wartools.los.kernel.RowIndex` of the templates' ``"cells"`` or ``"edges"``
        rows in this map's box (built on first use, kept with :meth:`rel`'s offsets)."""
        got = self._row_index.get(group)
        if got is None:
            crel, erel = self.rel(t)
            got = self._row_index[group] = RowIndex.of(t.c_start if group == "cells" else t.e_start,
                                                       crel if group == "cells" else erel)
        return got


class MapGeometry(BoardGeometry):
    """Dense numeric view of one position for the LOS engine: its board's :class:`BoardGeometry`
    (shared, not copied) and the units standing on it (see the module docstring).

    Attributes
    ----------
    board : BoardGeometry
        The board part, shared by every position of the board.
    unit_type, unit_side : ndarray
        Type index (into ``names["unit_types"]``) and side index (into
        ``names["sides"]``) of the first unit on each cell, -1 if none.
    unit_types, unit_sides : ndarray of int64
        Bit masks of all unit types / sides present on each cell.
    prepared : dict
        What policies computed for this position (:meth:`LOSPolicy.prepared
        <wartools.rules.los.LOSPolicy.prepared>`, :meth:`~wartools.rules.los.LOSPolicy.relevance`).
    """

    def __init__(self, m: Map, board: BoardGeometry | None = None) -> None:
        board = BoardGeometry(m) if board is None else board
        self.__dict__.update({k: v for k, v in board.__dict__.items() if k not in _OWN})
        self.map, self.board = m, board
        units_sides = sorted({u.side for u in m.units})
        self.names = {**board.names, "sides": tuple(units_sides)}
        uindex = {t: i for i, t in enumerate(self.names["unit_types"])}
        sindex = {s: i for i, s in enumerate(units_sides)}
        n = self.n
        self.unit_type = np.full(n, -1, dtype=np.int64)
        self.unit_side = np.full(n, -1, dtype=np.int64)
        self.unit_types = np.zeros(n, dtype=np.int64)
        self.unit_sides = np.zeros(n, dtype=np.int64)
        self.unit_tags: dict[int, set[str]] = {}
        for u in m.units:
            x = self.ext(u.cell)
            if self.unit_type[x] < 0:
                self.unit_type[x], self.unit_side[x] = uindex[u.type], sindex[u.side]
            self.unit_types[x] |= 1 << uindex[u.type]
            self.unit_sides[x] |= 1 << sindex[u.side]
            self.unit_tags.setdefault(x, set()).update(u.tags)
        self.prepared: dict[Any, Any] = {}

    def batch(self, a: np.ndarray, b: np.ndarray, *, explain: bool = False,
              cells: np.ndarray | None = None, edges: np.ndarray | None = None) -> Batch:
        """All contacts of the rulers ``a[i] -> b[i]`` (ext ids) in one vectorised pass.

        ``cells`` / ``edges`` (boolean masks over ext cells / ext edges) keep only
        the contact rows on those cells / edges; ``None`` keeps every row.
        """
        return Batch(self, np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64), explain,
                     cells, edges)

    @property
    def templates(self) -> Templates | None:
        """The templates the board's :meth:`rel` last shifted."""
        return self.board.templates

    @templates.setter
    def templates(self, t: Templates | None) -> None:
        self.board.templates = t

    def rel(self, t: Templates) -> tuple[np.ndarray, np.ndarray]:
        """The board's :meth:`BoardGeometry.rel` (kept on the board)."""
        return self.board.rel(t)

    def row_index(self, t: Templates, group: str) -> RowIndex:
        """The board's :meth:`BoardGeometry.row_index` (kept on the board)."""
        return self.board.row_index(t, group)


_OWN = frozenset({"map", "names", "prepared", "templates", "_rel", "_row_index"})
"""What a :class:`MapGeometry` does not take from its board: its own map, names (with the sides
of its units) and policy caches; the board's caches stay the board's."""


class CellRows:
    """The cell contact rows of a :class:`Batch` by name (views of its arrays, one row per contact)."""

    def __init__(self, batch: Batch) -> None:
        self._batch = batch

    @property
    def ruler(self) -> np.ndarray:
        """The ruler (index in the batch) of each row (``cp``)."""
        return self._batch.cp

    @property
    def cell(self) -> np.ndarray:
        """The ext cell touched (``cc``)."""
        return self._batch.cc

    @property
    def contact(self) -> np.ndarray:
        """How: a :class:`~wartools.rules.los.Contact` code, crossed, along or vertex (``ck``)."""
        return self._batch.ck

    @property
    def order(self) -> np.ndarray:
        """Where along the ruler: the projection of the cell's centre (``co``; the two cells along
        one hexside share it)."""
        return self._batch.co

    @property
    def side(self) -> np.ndarray:
        """Which side of the ruler the centre lies on: -1, 0 or 1 (``cs``)."""
        return self._batch.cs

    @property
    def corner(self) -> np.ndarray:
        """For a vertex contact, the projection of the touched corner (-1 otherwise) (``cx``)."""
        return self._batch.cx

    @property
    def is_end(self) -> np.ndarray:
        """Whether the cell is the ruler's start or end cell (``cend``)."""
        return self._batch.cend


class EdgeRows:
    """The edge contact rows of a :class:`Batch` by name (views of its arrays, one row per contact)."""

    def __init__(self, batch: Batch) -> None:
        self._batch = batch

    @property
    def ruler(self) -> np.ndarray:
        """The ruler (index in the batch) of each row (``ep``)."""
        return self._batch.ep

    @property
    def edge(self) -> np.ndarray:
        """The ext edge touched (``ee``)."""
        return self._batch.ee

    @property
    def contact(self) -> np.ndarray:
        """How: a :class:`~wartools.rules.los.Contact` code (``ek``)."""
        return self._batch.ek

    @property
    def order(self) -> np.ndarray:
        """Where along the ruler (``eo``)."""
        return self._batch.eo

    @property
    def side(self) -> np.ndarray:
        """For a vertex contact, which side of the ruler the edge lies on (``es``)."""
        return self._batch.es

    @property
    def corner(self) -> np.ndarray:
        """For a vertex contact, the projection of the touched corner (``ex``)."""
        return self._batch.ex

    @property
    def first_cell(self) -> np.ndarray:
        """The edge's owner cell (``e1``)."""
        return self._batch.e1

    @property
    def second_cell(self) -> np.ndarray:
        """The edge's other cell, -1 beyond the box (``e2``)."""
        return self._batch.e2


class Batch:
    """Contacts of many rulers on one map, as flat arrays (one row per contact).

    Read them by name through :attr:`cell_rows` (:class:`CellRows`: ruler, cell, contact,
    order, side, corner, is_end) and :attr:`edge_rows` (:class:`EdgeRows`: ruler, edge,
    contact, order, side, corner, first_cell, second_cell); the arrays behind them are the
    short attributes ``cp cc ck co cs cx cend`` and ``ep ee ek eo es ex e1 e2`` that each view
    property names (vectorised code may use either). Per ruler: ``a``, ``b``, ``dist``. ``order_max`` is the largest cell-row order of any
    ruler of the batch (computed over all rows, kept or not), so a policy can
    order a finding after every contact.

    A batch built with ``cells`` / ``edges`` masks holds only the rows on those
    cells / edges (see :meth:`wartools.rules.los.LOSPolicy.relevant`). Rows
    of one ruler are sorted by order (ties by cell position). Where they come
    from depends on the work asked, never on the board: a big batch of short
    rulers reads a shared table of every displacement
    (:mod:`wartools.los.templates`, built up to :data:`DENSE_MAX` for a batch at
    least as large as the table) and gathers the per-row attributes (``ck`` ...
    ``ex``) when first read; any other large batch walks just its own rulers
    (:func:`wartools.los.walk.walk`), dropping the rows outside the masks
    before classifying them; a small batch (fewer than :data:`SHARED_FROM` rulers) reads its
    rulers' rows from the rulers recalled (:func:`~wartools.los.templates.recalled`: walked
    once per process) and keeps those on the masks. All give the same rows. ``cend``, ``e1`` and
    ``e2`` are computed when first read; a policy may also replace any of them.

    Per-ruler unit codes ``obs_type``, ``tgt_type`` (observer / target unit
    type index) and ``obs_side`` (observer side index) are set by
    :func:`wartools.los.engine.evaluate` before a policy judges the batch.
    """

    obs_type: np.ndarray
    tgt_type: np.ndarray
    obs_side: np.ndarray

    @property
    def cell_rows(self) -> CellRows:
        """The cell contact rows by name."""
        return CellRows(self)

    @property
    def edge_rows(self) -> EdgeRows:
        """The edge contact rows by name."""
        return EdgeRows(self)

    def __init__(self, geo: MapGeometry, a: np.ndarray, b: np.ndarray, explain: bool,
                 cells: np.ndarray | None = None, edges: np.ndarray | None = None) -> None:
        self.geo, self.a, self.b, self.explain = geo, a, b, explain
        self.n = len(a)
        one = self.n == 1
        if one:               # one ruler (a line of sight): its displacement read as Python integers
            x, y = int(a[0]), int(b[0])
            dq1, dr1 = int(geo.q[y] - geo.q[x]), int(geo.r[y] - geo.r[x])
            reach = geo.frame.distance_of(dq1, dr1)
            self.dist = np.array([reach])
        else:
            dq, dr = geo.q[b] - geo.q[a], geo.r[b] - geo.r[a]
            self.dist = geo.frame.distance(dq, dr)
            reach = int(self.dist.max(initial=0))
        grid = geo.map.grid
        t = geo.templates if geo.templates is not None and geo.templates.radius >= reach else \
            cached_templates(grid, reach)
        if t is None and reach <= DENSE_MAX and self.n >= _dense_size(geo, reach):
            t = templates_for(grid, reach)        # a big batch of short rulers: one shared table
        if t is not None:
            crel, erel = geo.rel(t)
            k = t.index(dq1, dr1) if one else t.index(dq, dr)
            self._read(t, k, crel, erel, cells, edges, t.width * t.width, geo.row_index)
            return
        if one:
            dq, dr = np.array([dq1]), np.array([dr1])
        if self.n >= SHARED_FROM and self.n >= SHARED * _distinct(dq, dr):
            # rulers of few displacements (compact groups of observers and targets): walk each once
            t, k = displacement_templates(geo.frame, dq, dr)
            nd = len(geo.dirs)
            self._read(t, k, t.c_dq * geo.h + t.c_dr, (t.e_dq * geo.h + t.e_dr) * nd + t.e_dir, cells, edges)
        elif self.n < SHARED_FROM:
            # a small batch (a line of sight, an attack question): its rulers as recalled
            rec, k = recalled(geo.frame, dq, dr)
            self._recall(rec, k, cells, edges)
        else:
            self._walk(dq, dr, cells, edges)

    def _read(self, t: Templates, k: np.ndarray | int, crel: np.ndarray, erel: np.ndarray,
              cells: np.ndarray | None, edges: np.ndarray | None, blocks: int = 0,
              index: Callable[[Templates, str], RowIndex] | None = None) -> None:
        """The rows of ruler ``i``: those of template block ``k[i]``, shifted to its start cell and kept
        on ``cells`` / ``edges`` (``crel``, ``erel``: the template rows as ext-id offsets); ``k``
        an integer: the block of a batch of one ruler."""
        geo, a = self.geo, self.a
        # rows of one displacement are sorted by order: its last row has the largest
        if isinstance(k, int):                # one ruler: its bounds as views, read as integers
            c0, c1, e0, e1 = t.c_start[k:k + 1], t.c_start[k + 1:k + 2], t.e_start[k:k + 1], t.e_start[k + 1:k + 2]
            self.order_max = max(t.c_order.item(t.c_start.item(k + 1) - 1), 0)
            k = np.array([k])
        else:
            c0, c1, e0, e1 = t.c_start[k], t.c_start[k + 1], t.e_start[k], t.e_start[k + 1]
            self.order_max = int(t.c_order[c1 - 1].max(initial=0))
        cindex = (lambda: index(t, "cells")) if index else None
        eindex = (lambda: index(t, "edges")) if index else None
        # the kept rows are gathered when a policy first reads them (a compiled verdict reads the
        # template rows through :meth:`sources` instead)
        self._pending = {"c": lambda: kept_rows(c0, c1, a, crel, 1, cells, k, blocks, cindex),
                         "e": lambda: kept_rows(e0, e1, a, erel, len(geo.dirs), edges, k, blocks, eindex)}
        self._sources = (RowSource(c0, c1, a, crel, t.c_kind, t.c_order, t.c_side, t.c_corner, cells),
                         RowSource(e0, e1, a * len(geo.dirs), erel, t.e_kind, t.e_order, t.e_side, t.e_corner,
                                   edges))
        self._t = t

    def _recall(self, t: Templates, k: np.ndarray, cells: np.ndarray | None, edges: np.ndarray | None) -> None:
        """The rows of ruler ``i``: those of recalled block ``k[i]``, shifted to its start cell and
        kept on ``cells`` / ``edges`` (the offsets of just these rows in this map's box), gathered
        when a policy first reads them; a compiled verdict of one ruler reads its block in the
        table instead (:meth:`sources`: the block's offsets and views of its columns)."""
        geo, a = self.geo, self.a
        c0, c1, e0, e1 = t.c_start[k], t.c_start[k + 1], t.e_start[k], t.e_start[k + 1]
        self.order_max = int(t.c_order[c1 - 1].max(initial=0))
        nd = len(geo.dirs)
        self._pending = {"c": lambda: _shifted(c0, c1, a, t.c_dq, t.c_dr, geo.h, cells),
                         "e": lambda: _shifted_edges(e0, e1, a, t, geo.h, nd, edges)}
        self._t = t
        if self.n == 1:
            c, e = slice(c0.item(), c1.item()), slice(e0.item(), e1.item())
            self._sources = (RowSource(_FIRST, c1 - c0, a, t.c_dq[c] * geo.h + t.c_dr[c], t.c_kind[c], t.c_order[c],
                                       t.c_side[c], t.c_corner[c], cells),
                             RowSource(_FIRST, e1 - e0, a * nd, (t.e_dq[e] * geo.h + t.e_dr[e]) * nd + t.e_dir[e],
                                       t.e_kind[e], t.e_order[e], t.e_side[e], t.e_corner[e], edges))

    def _walk(self, dq: np.ndarray, dr: np.ndarray, cells: np.ndarray | None,
              edges: np.ndarray | None) -> None:
        """Walk just these rulers, keeping only the rows on ``cells`` / ``edges`` (cost ~ their length)."""
        geo, a = self.geo, self.a
        nd = len(geo.dirs)
        keep = None
        if cells is not None or edges is not None:
            keep = Keep.of(cells, edges, nd, a, geo.q[a], geo.r[a], (geo.q0, geo.r0, geo.wq, geo.h))
        w = walk(geo.frame, dq, dr, keep)
        # the end cell's centre projects farthest along its ruler (a property of both grid kinds)
        x, y = geo.frame.center(dq, dr)
        x, y = x - geo.frame.origin[0], y - geo.frame.origin[1]
        wy = 3 if geo.kind == "hex" else 1
        self.order_max = int((2 * (x * x + wy * y * y)).max(initial=0))
        self.cp, self.cc = w.c_ruler, a[w.c_ruler] + w.c_dq * geo.h + w.c_dr
        self.ck, self.co, self.cs, self.cx = w.c_kind, w.c_order, w.c_side, w.c_corner
        self.ep = w.e_ruler
        self.ee = (a[w.e_ruler] + w.e_dq * geo.h + w.e_dr) * nd + w.e_dir
        self.ek, self.eo, self.es, self.ex = w.e_kind, w.e_order, w.e_side, w.e_corner

    # the kept rows of a batch read from templates, gathered on first use
    _GATHERED: ClassVar[dict[str, str]] = {"cp": "c", "_crow": "c", "cc": "c", "ep": "e", "_erow": "e", "ee": "e"}
    # per-row attributes read from the templates when a policy first asks for them
    _LAZY: ClassVar[dict[str, tuple[str, str]]] = {
        "ck": ("_crow", "c_kind"), "co": ("_crow", "c_order"), "cs": ("_crow", "c_side"),
        "cx": ("_crow", "c_corner"), "ek": ("_erow", "e_kind"), "eo": ("_erow", "e_order"),
        "es": ("_erow", "e_side"), "ex": ("_erow", "e_corner")}

    def sources(self) -> tuple[RowSource, RowSource]:
        """The cell and edge rows of every ruler as :class:`~wartools.los.kernel.RowSource` views
        (template rows and the masks they are kept by, or the walked rows), without gathering them."""
        got = self.__dict__.get("_sources")
        if got is None:
            got = self._sources = (RowSource.walked(self.cp, self.cc, self.ck, self.co, self.cs, self.cx, self.n),
                                   RowSource.walked(self.ep, self.ee, self.ek, self.eo, self.es, self.ex, self.n))
        return got

    def __getattr__(self, name: str) -> np.ndarray:
        group = Batch._GATHERED.get(name)
        if group is not None and group in self.__dict__.get("_pending", {}):
            pair, row, ids = self._pending.pop(group)()
            names = ("cp", "_crow", "cc") if group == "c" else ("ep", "_erow", "ee")
            for attr, value in zip(names, (pair, row, ids)):
                setattr(self, attr, value)
            return getattr(self, name)
        lazy = Batch._LAZY.get(name)
        if lazy is not None:
            value = getattr(self._t, lazy[1])[getattr(self, lazy[0])]
        elif name == "cend":
            value = (self.cc == self.a[self.cp]) | (self.cc == self.b[self.cp])
        elif name in ("e1", "e2"):
            value = (self.geo.edge_c1 if name == "e1" else self.geo.edge_c2)[self.ee]
        else:
            raise AttributeError(name)
        setattr(self, name, value)
        return value


def _shifted(start: np.ndarray, stop: np.ndarray, a: np.ndarray, dq: np.ndarray, dr: np.ndarray, h: int,
             keep: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ruler ``i``, table row ``j`` and ext cell ``a[i] + dq[j] * h + dr[j]`` of every row
    ``start[i] <= j < stop[i]`` (kept where ``keep`` holds of the cell, when given)."""
    if len(start) == 1:                       # one ruler (a line of sight): its rows are one run
        rows = np.arange(start[0], stop[0])
        pair = np.zeros(len(rows), dtype=np.int64)
        ids = dq[rows] * h + dr[rows] + a[0]
    else:
        pair, rows = ranges(start, stop)
        ids = a[pair] + dq[rows] * h + dr[rows]
    if keep is not None:
        sel = np.flatnonzero(keep[ids])
        pair, rows, ids = pair[sel], rows[sel], ids[sel]
    return pair, rows, ids


def _shifted_edges(start: np.ndarray, stop: np.ndarray, a: np.ndarray, t: Templates, h: int, nd: int,
                   keep: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_shifted` for the edge rows of table ``t``: ruler, table row and ext edge id (the
    owner cell's id times ``nd`` plus the row's direction), kept where ``keep`` holds."""
    pair, rows, ids = _shifted(start, stop, a, t.e_dq, t.e_dr, h, None)
    ids = ids * nd + t.e_dir[rows]
    if keep is not None:
        sel = np.flatnonzero(keep[ids])
        pair, rows, ids = pair[sel], rows[sel], ids[sel]
    return pair, rows, ids


_FIRST = np.zeros(1, dtype=np.int64)
"""The first row of the one ruler a :class:`~wartools.los.kernel.RowSource` of one block holds."""

SHARED = 4
"""A batch of rulers without a dense table walks each distinct displacement once when it has at
least this many rulers per distinct displacement (else it walks its rulers, kept rows only)."""
SHARED_FROM = 256
"""Rulers in a batch from which it looks for shared displacements (a line of sight or a short
batch walks its rulers at once)."""


def _distinct(dq: np.ndarray, dr: np.ndarray) -> int:
    """How many distinct displacements ``(dq, dr)`` has."""
    return len(np.unique((dq << 32) + dr))


_DENSE_SIZES: dict[tuple[int, int], int] = {}


def _dense_size(geo: MapGeometry, reach: int) -> int:
    """Displacements in the dense table a batch of rulers up to ``reach`` would build."""
    radius = table_radius(reach)
    key = (id(geo.frame), radius)
    size = _DENSE_SIZES.get(key)
    if size is None:
        span = np.arange(-radius, radius + 1)
        dq, dr = np.meshgrid(span, span, indexing="ij")
        size = _DENSE_SIZES[key] = int((geo.frame.distance(dq.ravel(), dr.ravel()) <= radius).sum())
    return size


_GEOMETRIES: LRU[MapGeometry] = LRU(64)
_BOARDS: LRU[BoardGeometry] = LRU(64)
"""As many boards as positions: a position's geometry holds its board anyway."""


def board_geometry(m: Map) -> BoardGeometry:
    """The cached :class:`BoardGeometry` of a map's board (keyed by its board fingerprint: the
    same for every position of the board)."""
    return _BOARDS.get_or_make(m.board_fingerprint, lambda: BoardGeometry(m))


_RECENT: dict[int, tuple[Map, MapGeometry]] = {}
"""The geometry of the map objects asked lately, by identity (the map is held, so its id is not
reused while it is here): a playout asks many questions of one map object."""


def position_key(m: Map) -> tuple[Any, ...]:
    """What a :class:`MapGeometry` is made of: the board (:attr:`~wartools.mapmodel.Map.board_fingerprint`,
    teams included) and the units (the same for maps of the same
    :attr:`~wartools.mapmodel.Map.fingerprint`, and cheaper to tell apart: a scenario's positions
    share their board's fingerprint)."""
    return (m.board_fingerprint, tuple(m.units))


def geometry(m: Map) -> MapGeometry:
    """The cached :class:`MapGeometry` of a map (keyed by its content: :func:`position_key`); a
    position of a board seen before builds only its unit arrays (:func:`board_geometry`)."""
    got = _RECENT.get(id(m))
    if got is not None and got[0] is m:
        return got[1]
    geo = _GEOMETRIES.get_or_make(position_key(m), lambda: MapGeometry(m, board_geometry(m)))
    if len(_RECENT) >= 64:
        _RECENT.clear()
    _RECENT[id(m)] = (m, geo)
    return geo
