"""Exact incidence tests between a ruler and cells or edges, in integer coordinates.

Both grid kinds are drawn in an *integer frame*: an affine image of the board in
which every cell centre and every cell corner has integer coordinates (see
:meth:`wartools.grids.hexgrid.HexGrid.int_center`). Affine maps preserve
incidence (whether a segment crosses a polygon's interior, runs along one of
its sides or only touches a corner), so classifying there with integer cross
products is exact: no ``sin``/``cos`` floats are ever compared.

The four contact classes, shared by every layer above:

``crossed``
    the ruler passes through the interior of the cell, or through the interior
    of the edge from one side to the other;
``along``
    the ruler runs along an edge for a positive length;
``vertex``
    the ruler touches only a corner;
``miss``
    no contact (never reported in results).
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

Point = tuple[int, int]
Contact = Literal["crossed", "along", "vertex"]
CONTACTS: tuple[Contact, ...] = ("crossed", "along", "vertex")


def orient(a: Point, b: Point, c: Point) -> int:
    """Sign of the turn a -> b -> c: 1 left, -1 right, 0 collinear.

    Examples
    --------
    >>> orient((0, 0), (2, 0), (1, 1)), orient((0, 0), (2, 0), (5, 0))
    (1, 0)
    """
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _param(p: Point, d: Point, x: Point) -> int:
    """Projection of ``x`` on the ruler, scaled by |d|^2 (0 at the start, |d|^2 at the end)."""
    return (x[0] - p[0]) * d[0] + (x[1] - p[1]) * d[1]


def classify_segment(p: Point, q: Point, e1: Point, e2: Point) -> Contact | None:
    """Classify ruler ``p``-``q`` against the edge segment ``e1``-``e2``.

    The ruler's ends are cell centres, so they never lie on an edge.

    Examples
    --------
    >>> classify_segment((0, 0), (6, 0), (3, -1), (3, 1))
    'crossed'
    >>> classify_segment((0, 0), (6, 0), (1, 0), (2, 0))
    'along'
    >>> classify_segment((0, 0), (6, 0), (3, 0), (4, 1))
    'vertex'
    >>> classify_segment((0, 0), (6, 0), (3, 1), (4, 1)) is None
    True
    """
    o1, o2 = orient(p, q, e1), orient(p, q, e2)
    d = (q[0] - p[0], q[1] - p[1])
    dd = d[0] * d[0] + d[1] * d[1]
    if o1 == 0 and o2 == 0:
        t1, t2 = _param(p, d, e1), _param(p, d, e2)
        overlap = min(max(t1, t2), dd) - max(min(t1, t2), 0)
        if overlap > 0:
            return "along"
        return "vertex" if overlap == 0 else None
    if o1 * o2 > 0:
        return None
    if o1 * o2 < 0:
        o3, o4 = orient(e1, e2, p), orient(e1, e2, q)
        if o3 * o4 < 0:
            return "crossed"
        return None
    # one end of the edge lies on the ruler's line: a corner touch if within the ruler
    touch = e1 if o1 == 0 else e2
    return "vertex" if 0 <= _param(p, d, touch) <= dd else None


def classify_polygon(p: Point, q: Point, corners: Sequence[Point]) -> Contact | None:
    """Classify ruler ``p``-``q`` against a convex polygon given by its corners in order.

    Examples
    --------
    >>> square = [(1, -1), (3, -1), (3, 1), (1, 1)]
    >>> classify_polygon((0, 0), (6, 0), square)
    'crossed'
    >>> classify_polygon((0, 1), (6, 1), square)
    'along'
    >>> classify_polygon((2, 2), (4, 0), square)
    'vertex'
    """
    d = (q[0] - p[0], q[1] - p[1])
    dd = d[0] * d[0] + d[1] * d[1]
    signs = [orient(p, q, c) for c in corners]
    if all(s > 0 for s in signs) or all(s < 0 for s in signs):
        return None
    if not (any(s > 0 for s in signs) and any(s < 0 for s in signs)):
        # the line is a supporting line: it touches one corner or one whole side
        on_line = [_param(p, d, c) for c, s in zip(corners, signs) if s == 0]
        lo, hi = min(on_line), max(on_line)
        overlap = min(hi, dd) - max(lo, 0)
        if overlap < 0:
            return None
        return "along" if overlap > 0 and len(on_line) > 1 else "vertex"
    # the line cuts the interior; the ruler does too iff its parameter range meets the chord
    n = len(corners)
    ts: list[Fraction] = []  # chord ends, as ruler parameters scaled by dd
    for i in range(n):
        a, b = corners[i], corners[(i + 1) % n]
        sa, sb = signs[i], signs[(i + 1) % n]
        if sa == 0:
            ts.append(Fraction(_param(p, d, a)))
        elif sa * sb < 0:
            # intersection of the line with side a-b, as a rational parameter along d
            e = (b[0] - a[0], b[1] - a[1])
            den = d[0] * e[1] - d[1] * e[0]
            num = (a[0] - p[0]) * e[1] - (a[1] - p[1]) * e[0]
            ts.append(Fraction(num * dd, den))
    # positive overlap of the chord [min, max] with the ruler [0, dd]
    return "crossed" if max(ts) > 0 and min(ts) < dd else None


def contact_span(p: Point, q: Point, shape: Sequence[Point]) -> tuple[Fraction, Fraction]:
    """Where the ruler ``p``-``q`` meets a convex polygon or a segment, exactly.

    Returns the ruler parameters ``(lo, hi)`` of the part of the ruler inside
    the closed ``shape`` (a polygon's corners in order, or a segment's two
    ends), scaled by ``|q - p|^2`` like the rest of this module (0 at ``p``).
    ``lo == hi`` for a single touching or crossing point. Call it only for a
    shape the ruler touches (see :func:`classify_polygon`).

    Examples
    --------
    >>> contact_span((0, 0), (6, 0), [(1, -1), (3, -1), (3, 1), (1, 1)])
    (Fraction(6, 1), Fraction(18, 1))
    >>> contact_span((0, 0), (6, 0), [(3, -1), (3, 1)])
    (Fraction(18, 1), Fraction(18, 1))
    """
    d = (q[0] - p[0], q[1] - p[1])
    dd = d[0] * d[0] + d[1] * d[1]
    lo, hi = Fraction(0), Fraction(1)  # as fractions of the ruler, scaled at the end
    if len(shape) == 2:
        e1, e2 = shape
        e = (e2[0] - e1[0], e2[1] - e1[1])
        den = d[0] * e[1] - d[1] * e[0]
        if den == 0:  # collinear: the overlap of the two segments
            t1, t2 = sorted((_param(p, d, e1), _param(p, d, e2)))
            return Fraction(max(t1, 0)), Fraction(min(t2, dd))
        t = Fraction(((e1[0] - p[0]) * e[1] - (e1[1] - p[1]) * e[0]) * dd, den)
        return t, t
    # Cyrus-Beck clipping against each side's half-plane, in exact rationals
    area2 = sum(shape[i][0] * shape[(i + 1) % len(shape)][1] - shape[(i + 1) % len(shape)][0] * shape[i][1]
                for i in range(len(shape)))
    sign = 1 if area2 > 0 else -1
    for i in range(len(shape)):
        a, b = shape[i], shape[(i + 1) % len(shape)]
        e = (b[0] - a[0], b[1] - a[1])
        # inside iff sign * cross(e, p + s d - a) >= 0, i.e. c0 + s c1 >= 0
        c0 = sign * (e[0] * (p[1] - a[1]) - e[1] * (p[0] - a[0]))
        c1 = sign * (e[0] * d[1] - e[1] * d[0])
        if c1 > 0:
            lo = max(lo, Fraction(-c0, c1))
        elif c1 < 0:
            hi = min(hi, Fraction(-c0, c1))
    return lo * dd, hi * dd
