"""The former shapely template builder, kept as a test oracle for :mod:`wartools.los.walk`.

It classified every ruler from the origin with GEOS predicates on integer
coordinates (exact there); the package now walks rulers with integer
arithmetic instead. Row order within one ruler's ties came from the STRtree
and is not part of the contract: compare sets of rows.
"""
from __future__ import annotations

import numpy as np
import shapely

from wartools.los.templates import ALONG, CROSSED, VERTEX, Frame, Templates, directions


def _orient(px: np.ndarray | int, py: np.ndarray | int, qx: np.ndarray | int, qy: np.ndarray | int,
            x: np.ndarray | int, y: np.ndarray | int) -> np.ndarray:
    v = (qx - px) * (y - py) - (qy - py) * (x - px)
    return np.sign(v).astype(np.int8)


def shapely_templates(frame: Frame, radius: int) -> Templates:
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
