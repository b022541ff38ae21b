"""Ruler contact templates: every centre-to-centre ruler of a grid, classified once with shapely.

Hex and square grids are translation invariant: in the integer frame of
:mod:`wartools.grids.exact` the ruler from ``a`` to ``b`` touches exactly the
cells and edges that the ruler from the origin to ``b - a`` touches, shifted by
``a``. So the contacts of *every* ruler on *every* map of one grid kind are the
contacts of a few thousand rulers from the origin, one per displacement. They
are computed here, once per process and grid kind, as whole shapely 2 arrays:

* a virtual board (the disk of cells around the origin) as ``shapely.polygons``
  and its edges as ``shapely.linestrings``, all with **integer coordinates**;
* the rulers as one array of prepared linestrings (``shapely.prepare``);
* an ``STRtree`` per array, queried with ``predicate="intersects"`` for all
  rulers at once;
* the exact class of each hit from vectorised GEOS predicates:
  ``touches`` (boundary-only contact) and ``relate_pattern`` for a contact of
  positive length.

GEOS evaluates these predicates with robust orientation tests; on integer
coordinates (all well below 2**26) those tests are exact, so ``crossed``,
``along`` and ``vertex`` are decided without any tolerance. The test-suite
checks the templates against :meth:`wartools.grids.base.Grid.ruler`, which
classifies with pure integer arithmetic, on random rulers.

Examples
--------
>>> from wartools.grids import HexGrid
>>> t = templates_for(HexGrid(3, 3), 2)
>>> rows = t.cells_of((2, -1))        # ruler from Hex(0, 0) to Hex(2, -1): along a hexside
>>> sorted((int(dq), int(dr), KINDS[k]) for dq, dr, k in zip(*rows[:3]))
[(0, 0, 'crossed'), (1, -1, 'along'), (1, 0, 'along'), (2, -1, 'crossed')]
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
import shapely

from wartools.grids import Grid

KINDS = ("crossed", "along", "vertex")
CROSSED, ALONG, VERTEX = 0, 1, 2

_HEX_DIRS = ((1, 0), (1, -1), (0, -1))          # canonical edge directions (owner cell -> neighbour)
_SQUARE_DIRS = ((1, 0), (0, 1))


def directions(kind: str) -> tuple[tuple[int, int], ...]:
    """Canonical edge directions: an edge is owned by the cell from which it lies in one of these."""
    return _HEX_DIRS if kind == "hex" else _SQUARE_DIRS


class Frame:
    """A grid's integer frame as numpy arrays, read from the grid's own methods.

    The centres, corners and distances are those of
    :meth:`~wartools.grids.base.Grid.int_center`,
    :meth:`~wartools.grids.base.Grid.int_corners` and
    :meth:`~wartools.grids.base.Grid.distance`, which stay the one place that
    defines them: the centre is affine in the cell coordinates, so it is read
    off three cells; the corners are the origin cell's corners less its centre
    (the same for every cell); distances of displacements are looked up in a
    table filled by calling ``grid.distance`` (grown when a larger displacement
    is asked for). Use :func:`frame_for` for the shared instance.

    Examples
    --------
    >>> from wartools.grids import HexGrid, SquareGrid
    >>> f = frame_for(HexGrid(3, 3))
    >>> f.corners
    ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
    >>> [a.tolist() for a in f.center(np.array([1, 2]), np.array([0, -1]))]
    [[3, 6], [1, 0]]
    >>> f.distance(np.array([2, 3]), np.array([-1, 0])).tolist()
    [2, 3]
    >>> frame_for(SquareGrid(3, 3, adjacency=4)).distance(np.array([2]), np.array([-1])).tolist()
    [3]
    """

    def __init__(self, grid: Grid) -> None:
        self.kind = grid.type
        self._grid = grid
        self._cell = type(grid.from_offset(0, 0))
        origin = self._cell(0, 0)
        ox, oy = grid.int_center(origin)
        (ax, ay), (bx, by) = grid.int_center(self._cell(1, 0)), grid.int_center(self._cell(0, 1))
        self.origin = (ox, oy)
        self.basis = ((ax - ox, bx - ox), (ay - oy, by - oy))
        self.corners: tuple[tuple[int, int], ...] = tuple((x - ox, y - oy) for x, y in grid.int_corners(origin))
        for q, r in ((1, 1), (-3, 2), (5, -7)):     # the frame must be affine and translation invariant
            cx, cy = (int(v) for v in self.center(q, r))
            got = grid.int_corners(self._cell(q, r))
            if grid.int_center(self._cell(q, r)) != (cx, cy) or \
                    tuple(got) != tuple((cx + x, cy + y) for x, y in self.corners):
                raise ValueError(f"{type(grid).__name__}: integer frame is not affine")
        self._table: tuple[int, np.ndarray] = (-1, np.zeros((0, 0), dtype=np.int64))
        self._lock = threading.Lock()

    def center(self, q: np.ndarray | int, r: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
        """Integer-frame centres of cells ``(q, r)`` (the grid's :meth:`int_center`, vectorised)."""
        (a, b), (c, d) = self.basis
        return self.origin[0] + a * np.asarray(q) + b * np.asarray(r), \
            self.origin[1] + c * np.asarray(q) + d * np.asarray(r)

    def distance(self, dq: np.ndarray, dr: np.ndarray) -> np.ndarray:
        """Grid distance of displacements ``(dq, dr)`` (the grid's :meth:`distance`, vectorised)."""
        dq, dr = np.asarray(dq, dtype=np.int64), np.asarray(dr, dtype=np.int64)
        need = int(max(np.abs(dq).max(initial=0), np.abs(dr).max(initial=0)))
        radius, table = self._table
        if need > radius:
            radius, table = self._grow(need)
        return table[dq + radius, dr + radius]

    def _grow(self, need: int) -> tuple[int, np.ndarray]:
        with self._lock:
            if self._table[0] < need:
                radius = max(8, -(-need // 8) * 8, 2 * self._table[0])
                o, cell, dist = self._cell(0, 0), self._cell, self._grid.distance
                span = range(-radius, radius + 1)
                table = np.array([[dist(o, cell(q, r)) for r in span] for q in span], dtype=np.int64)
                self._table = (radius, table)
            return self._table


_FRAMES: dict[tuple[type, int | None], Frame] = {}
_LOCK = threading.Lock()


def frame_for(grid: Grid) -> Frame:
    """The shared :class:`Frame` of ``grid``'s kind (grid class and adjacency)."""
    key = (type(grid), getattr(grid, "adjacency", None))
    with _LOCK:
        f = _FRAMES.get(key)
        if f is None:
            f = _FRAMES[key] = Frame(grid)
        return f


@dataclass(frozen=True)
class Templates:
    """Contacts of every ruler from the origin to a displacement within ``radius`` (CSR layout).

    Cell rows: ``c_dq, c_dr`` (the cell, relative to the ruler's start), ``c_kind``,
    ``c_order`` (projection of the cell centre on the ruler in true proportions,
    increasing from the start; the two cells along one hexside share it), ``c_side`` (-1/0/1: which side of the ruler the centre lies on) and
    ``c_corner`` (for a vertex contact, the projection of the touched corner, so
    contacts at one corner can be grouped; -1 otherwise). Edge rows likewise,
    with ``e_dq, e_dr, e_dir`` naming the owner cell and canonical direction.
    ``c_start[k]:c_start[k+1]`` are the rows of displacement ``k`` (see :meth:`index`).
    """

    kind: str
    radius: int
    c_start: np.ndarray
    c_dq: np.ndarray
    c_dr: np.ndarray
    c_kind: np.ndarray
    c_order: np.ndarray
    c_side: np.ndarray
    c_corner: np.ndarray
    e_start: np.ndarray
    e_dq: np.ndarray
    e_dr: np.ndarray
    e_dir: np.ndarray
    e_kind: np.ndarray
    e_order: np.ndarray
    e_side: np.ndarray
    e_corner: np.ndarray

    @property
    def width(self) -> int:
        """Side of the dense displacement table."""
        return 2 * self.radius + 1

    def index(self, dq: np.ndarray | int, dr: np.ndarray | int) -> np.ndarray:
        """Row-block index of displacements ``(dq, dr)`` (each within ``radius``)."""
        return (np.asarray(dq) + self.radius) * self.width + (np.asarray(dr) + self.radius)

    def cells_of(self, d: tuple[int, int]) -> tuple[np.ndarray, ...]:
        """Cell rows ``(dq, dr, kind, order, side, corner)`` of one displacement."""
        k = int(self.index(d[0], d[1]))
        s = slice(self.c_start[k], self.c_start[k + 1])
        return (self.c_dq[s], self.c_dr[s], self.c_kind[s], self.c_order[s], self.c_side[s],
                self.c_corner[s])

    def edges_of(self, d: tuple[int, int]) -> tuple[np.ndarray, ...]:
        """Edge rows ``(dq, dr, dir, kind, order, side, corner)`` of one displacement."""
        k = int(self.index(d[0], d[1]))
        s = slice(self.e_start[k], self.e_start[k + 1])
        return (self.e_dq[s], self.e_dr[s], self.e_dir[s], self.e_kind[s], self.e_order[s],
                self.e_side[s], self.e_corner[s])


def _orient(px: np.ndarray | int, py: np.ndarray | int, qx: np.ndarray | int, qy: np.ndarray | int,
            x: np.ndarray | int, y: np.ndarray | int) -> np.ndarray:
    v = (qx - px) * (y - py) - (qy - py) * (x - px)
    return np.sign(v).astype(np.int8)


def build_templates(frame: Frame, radius: int) -> Templates:
    """Classify every ruler from the origin to a displacement at grid distance <= ``radius``.

    Displacements are laid out in the dense square ``[-radius, radius]^2``
    (every grid distance is at least the larger coordinate difference); those
    farther than ``radius`` (the hex corners of the square, the corners of the
    diamond on a 4-adjacency square grid) have no rows.
    """
    kind = frame.kind
    center = frame.center
    w = 2 * radius + 1
    span = np.arange(-radius, radius + 1)
    dq_all, dr_all = (a.ravel() for a in np.meshgrid(span, span, indexing="ij"))
    # the virtual board: every cell the rulers can touch
    m = radius + 2
    vspan = np.arange(-m, m + 1)
    vq, vr = (a.ravel() for a in np.meshgrid(vspan, vspan, indexing="ij"))
    cx, cy = center(vq, vr)
    offs = np.array(frame.corners)
    ring = np.stack([cx[:, None] + offs[None, :, 0], cy[:, None] + offs[None, :, 1]], axis=-1)
    polys = shapely.polygons(np.concatenate([ring, ring[:, :1]], axis=1).astype(float))
    dirs = directions(kind)
    # edges: owner cell + canonical direction -> the two shared corners
    ecorner = []
    for dq_, dr_ in dirs:
        nx, ny = center(dq_, dr_)
        shared = [k for k, (ox, oy) in enumerate(offs)
                  if any((ox - nx == px and oy - ny == py) for px, py in offs)]
        ecorner.append(shared)
    eq = np.repeat(vq, len(dirs))
    er = np.repeat(vr, len(dirs))
    edir = np.tile(np.arange(len(dirs)), len(vq))
    k1 = np.array([ecorner[d][0] for d in range(len(dirs))])[edir]
    k2 = np.array([ecorner[d][1] for d in range(len(dirs))])[edir]
    ex, ey = center(eq, er)
    e1x, e1y = ex + offs[k1, 0], ey + offs[k1, 1]
    e2x, e2y = ex + offs[k2, 0], ey + offs[k2, 1]
    segs = shapely.linestrings(np.stack([np.stack([e1x, e1y], -1), np.stack([e2x, e2y], -1)], 1)
                               .astype(float))
    # rulers from the origin's centre (0, 0)
    qx, qy = center(dq_all, dr_all)
    nonzero = ((dq_all != 0) | (dr_all != 0)) & (frame.distance(dq_all, dr_all) <= radius)
    lines = np.empty(len(dq_all), dtype=object)
    lines[:] = None
    pts = np.stack([np.zeros((nonzero.sum(), 2)), np.stack([qx[nonzero], qy[nonzero]], -1)], 1)
    lines[nonzero] = shapely.linestrings(pts.astype(float))
    shapely.prepare(lines[nonzero])
    lidx = np.flatnonzero(nonzero)

    def classify(tree_geoms: np.ndarray, line_hits: np.ndarray, geom_hits: np.ndarray) -> np.ndarray:
        ls, gs = lines[line_hits], tree_geoms[geom_hits]
        touch = shapely.touches(ls, gs)
        kindv = np.full(len(ls), CROSSED, dtype=np.int8)
        if touch.any():
            # positive-length contact with the boundary (polygons) or the segment (edges)
            along = shapely.relate_pattern(ls[touch], gs[touch], "F1*******")
            kindv[np.flatnonzero(touch)] = np.where(along, ALONG, VERTEX)
        return kindv

    ctree = shapely.STRtree(polys)
    li, ci = ctree.query(lines[nonzero], predicate="intersects")
    li = lidx[li]
    ckind = classify(polys, li, ci)
    # edge segments: "touches" means a shared end point, "crosses" an interior crossing
    etree = shapely.STRtree(segs)
    lj, ej = etree.query(lines[nonzero], predicate="intersects")
    lj = lidx[lj]
    ls, gs = lines[lj], segs[ej]
    ekind = np.full(len(lj), VERTEX, dtype=np.int8)
    ekind[shapely.crosses(ls, gs)] = CROSSED
    ekind[shapely.relate_pattern(ls, gs, "1********")] = ALONG
    # the zero ruler: the start cell only
    zero = np.flatnonzero((dq_all == 0) & (dr_all == 0))
    zc = np.flatnonzero((vq == 0) & (vr == 0))
    li = np.concatenate([li, zero])
    ci = np.concatenate([ci, zc])
    ckind = np.concatenate([ckind, np.array([CROSSED], dtype=np.int8)])
    # orders, sides, corner keys (integer arithmetic). Orders are dot products with the
    # ruler in true proportions: the hex frame (3q, 2r + q) is stretched, and weighting
    # y by 3 undoes that exactly, so the two hexes along one hexside share an order.
    wy = 3 if kind == "hex" else 1
    px = qx[li]
    py = qy[li]
    ccx, ccy = cx[ci], cy[ci]
    c_order = 2 * (ccx * px + wy * ccy * py)
    c_side = _orient(0, 0, px, py, ccx, ccy)
    c_corner = np.full(len(li), -1, dtype=np.int64)
    vmask = ckind == VERTEX
    if vmask.any():
        # the touched corner is the one corner collinear with the ruler
        ox = ccx[vmask, None] + offs[None, :, 0]
        oy = ccy[vmask, None] + offs[None, :, 1]
        on = _orient(0, 0, px[vmask, None], py[vmask, None], ox, oy) == 0
        k = np.argmax(on, axis=1)
        sel = np.arange(len(k))
        c_corner[vmask] = 2 * (ox[sel, k] * px[vmask] + wy * oy[sel, k] * py[vmask])
    c_side[ckind == CROSSED] = 0
    fx, fy = qx[lj], qy[lj]
    ax1, ay1, ax2, ay2 = e1x[ej], e1y[ej], e2x[ej], e2y[ej]
    e_order = (ax1 + ax2) * fx + wy * (ay1 + ay2) * fy
    o1 = _orient(0, 0, fx, fy, ax1, ay1)
    o2 = _orient(0, 0, fx, fy, ax2, ay2)
    e_side = np.where(ekind == VERTEX, o1 + o2, 0).astype(np.int8)
    e_corner = np.where(ekind == VERTEX,
                        np.where(o1 == 0, 2 * (ax1 * fx + wy * ay1 * fy), 2 * (ax2 * fx + wy * ay2 * fy)), -1)

    def csr(line_of_row: np.ndarray, order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        perm = np.lexsort((order, line_of_row))
        start = np.searchsorted(line_of_row[perm], np.arange(w * w + 1))
        return perm, start

    cp, cst = csr(li, c_order)
    ep, est = csr(lj, e_order)
    i64 = np.int64
    return Templates(
        kind, radius, cst.astype(i64),
        vq[ci][cp].astype(i64), vr[ci][cp].astype(i64), ckind[cp], c_order[cp].astype(i64),
        c_side[cp].astype(np.int8), c_corner[cp].astype(i64),
        est.astype(i64), eq[ej][ep].astype(i64), er[ej][ep].astype(i64), edir[ej][ep].astype(np.int8),
        ekind[ep], e_order[ep].astype(i64), e_side[ep].astype(np.int8), e_corner[ep].astype(i64))


_CACHE: dict[Frame, Templates] = {}
_TEMPLATES_LOCK = threading.Lock()


def templates_for(grid: Grid, radius: int) -> Templates:
    """Cached templates for ``grid``'s kind covering displacements up to grid distance ``radius``.

    The cache grows in steps (to the next multiple of 8) so a session computes
    templates a handful of times at most.
    """
    frame = frame_for(grid)
    with _TEMPLATES_LOCK:
        t = _CACHE.get(frame)
        if t is None or t.radius < radius:
            t = build_templates(frame, max(8, -(-radius // 8) * 8))
            _CACHE[frame] = t
        return t
