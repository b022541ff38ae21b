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
_HEX_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_SQUARE_CORNERS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def _kind_of(grid: Grid) -> str:
    return grid.type


def directions(kind: str) -> tuple[tuple[int, int], ...]:
    """Canonical edge directions: an edge is owned by the cell from which it lies in one of these."""
    return _HEX_DIRS if kind == "hex" else _SQUARE_DIRS


def center(kind: str, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Integer-frame centres of cells ``(q, r)`` (axial for hexes, column/row for squares)."""
    if kind == "hex":
        return 3 * q, 2 * r + q
    return 2 * q, 2 * r


def corners(kind: str) -> tuple[tuple[int, int], ...]:
    """Corner offsets from a cell centre in the integer frame, in order around the cell."""
    return _HEX_CORNERS if kind == "hex" else _SQUARE_CORNERS


def distance(kind: str, dq: np.ndarray, dr: np.ndarray, adjacency: int = 8) -> np.ndarray:
    """Grid distance of displacements (hex steps; king or Manhattan steps on squares)."""
    if kind == "hex":
        return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    if adjacency == 4:
        return np.abs(dq) + np.abs(dr)
    return np.maximum(np.abs(dq), np.abs(dr))


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


def build_templates(kind: str, radius: int) -> Templates:
    """Classify every ruler from the origin to a displacement at grid distance <= ``radius``.

    Displacements are laid out in the dense square ``[-radius, radius]^2``;
    those farther than ``radius`` (hex corners of the square) have no rows.
    """
    w = 2 * radius + 1
    span = np.arange(-radius, radius + 1)
    dq_all, dr_all = (a.ravel() for a in np.meshgrid(span, span, indexing="ij"))
    # the virtual board: every cell the rulers can touch
    m = radius + 2
    vspan = np.arange(-m, m + 1)
    vq, vr = (a.ravel() for a in np.meshgrid(vspan, vspan, indexing="ij"))
    cx, cy = center(kind, vq, vr)
    offs = np.array(corners(kind))
    ring = np.stack([cx[:, None] + offs[None, :, 0], cy[:, None] + offs[None, :, 1]], axis=-1)
    polys = shapely.polygons(np.concatenate([ring, ring[:, :1]], axis=1).astype(float))
    dirs = directions(kind)
    # edges: owner cell + canonical direction -> the two shared corners
    ecorner = []
    for dq_, dr_ in dirs:
        nx, ny = center(kind, np.array(dq_), np.array(dr_))
        shared = [k for k, (ox, oy) in enumerate(offs)
                  if any((ox - nx == px and oy - ny == py) for px, py in offs)]
        ecorner.append(shared)
    eq = np.repeat(vq, len(dirs))
    er = np.repeat(vr, len(dirs))
    edir = np.tile(np.arange(len(dirs)), len(vq))
    k1 = np.array([ecorner[d][0] for d in range(len(dirs))])[edir]
    k2 = np.array([ecorner[d][1] for d in range(len(dirs))])[edir]
    ex, ey = center(kind, eq, er)
    e1x, e1y = ex + offs[k1, 0], ey + offs[k1, 1]
    e2x, e2y = ex + offs[k2, 0], ey + offs[k2, 1]
    segs = shapely.linestrings(np.stack([np.stack([e1x, e1y], -1), np.stack([e2x, e2y], -1)], 1)
                               .astype(float))
    # rulers from the origin's centre (0, 0)
    qx, qy = center(kind, dq_all, dr_all)
    nonzero = ((dq_all != 0) | (dr_all != 0)) & (distance(kind, dq_all, dr_all) <= radius)
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


_CACHE: dict[str, Templates] = {}
_LOCK = threading.Lock()


def templates_for(grid: Grid, radius: int) -> Templates:
    """Cached templates for ``grid``'s kind covering displacements up to grid distance ``radius``.

    The cache grows in steps (to the next multiple of 8) so a session computes
    templates a handful of times at most.
    """
    kind = _kind_of(grid)
    with _LOCK:
        t = _CACHE.get(kind)
        if t is None or t.radius < radius:
            t = build_templates(kind, max(8, -(-radius // 8) * 8))
            _CACHE[kind] = t
        return t
