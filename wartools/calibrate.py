"""Calibrating a scanned board: where the grid lies on a player's own picture of a map.

The player clicks three or more cell centres on the image and types their labels
(``C4``, ``0304`` ...). Each label names a cell, and the grid puts that cell's centre
at a known point of its unit layout (:class:`wartools.grids.Layout` with size 1). The
picture is that layout scaled, rotated and shifted, so the image point of a centre is

    (px, py) = s * R(theta) * (ux, uy) + (tx, ty)

which is linear in ``a = s cos(theta)``, ``b = s sin(theta)``, ``tx`` and ``ty``: a least
squares fit (:func:`numpy.linalg.lstsq`). Hex boards come in four kinds (flat or pointy,
odd or even columns/rows shifted); the same labels sit at different places on each, so
every kind the caller leaves open is fitted and the one with the least residual wins.
A fit whose worst point is off by more than a stated fraction of the cell pitch is
refused with :class:`CalibrationError`, naming the point that agrees least with the
others (without it, the rest fit best): usually a mistyped label.

Examples
--------
>>> from wartools.grids import HexGrid
>>> truth = HexGrid(8, 6).layout(size=30.0, origin=(40.0, 25.0))
>>> picks = [(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "D2", "B5", "G4")]
>>> cal = fit_grid(picks)
>>> cal.orientation, cal.offset, round(cal.scale, 3), round(cal.rotation, 3), round(cal.rms, 6)
('flat', 'odd', 30.0, 0.0, 0.0)
>>> [round(v, 3) for v in cal.to_image("C3")] == [round(v, 3) for v in truth.to_pixel(truth.grid.parse("C3"))]
True
"""
from __future__ import annotations

import math
import os
import warnings
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from wartools.errors import WartoolsError
from wartools.grids import Grid, HexGrid, SquareGrid
from wartools.grids.base import Cell
from wartools.grids.labels import SCHEMES, parse_label
from wartools.mapmodel import Map
from wartools.limits import (BOARD_SIDE, MAX_CELLS, MAX_FLOAT, MAX_IMAGE_PIXELS, MAX_PICKS, MAX_SUGGESTED_SIDE,
                             MIN_PITCH_PX, LimitError, check_int, shown, shown_path)
from wartools.mapmodel.image import BoardImage, unit_pitch

DEFAULT_TOLERANCE = 0.25
"""A fit is refused when a picked centre is off by more than this fraction of the cell pitch
(centre-to-centre distance of neighbours): a quarter of a hex is far more than a careful
click misses by, and far less than a wrong label (a whole cell or more) moves a point."""

HEX_KINDS = (("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even"))
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


class CalibrationError(WartoolsError):
    """A fit that cannot be made or is refused; ``worst`` names the point to check (if any)
    and ``fit`` holds the refused :class:`Calibration` (if one was computed)."""

    def __init__(self, message: str, worst: str | None = None, fit: Calibration | None = None) -> None:
        super().__init__(message)
        self.worst, self.fit = worst, fit


Pick = tuple[str, float, float]


@dataclass(frozen=True)
class Calibration:
    """A fitted grid on an image: which grid, and the similarity from its unit layout to pixels.

    ``scale`` is image pixels per unit of the layout (the hex's centre-to-corner distance,
    or the square's side); ``rotation`` is in degrees, clockwise on the picture (its y axis
    points down); ``origin`` is where the unit layout's origin falls on the image. ``rms``
    and ``max_error`` are the fit's residuals in pixels over ``points``, and ``errors`` the
    residual of each point; ``worst`` is the point the others agree with least (with four
    points or more: the one whose removal lets the rest fit best). ``alternatives`` lists every grid kind tried with its RMS
    residual, best first; ``ambiguous`` is true when another kind fits within tolerance too
    (pick a centre in a column or row of the other parity to tell them apart).
    """

    type: str
    orientation: str
    offset: str
    labels: str
    columns: int
    rows: int
    scale: float
    rotation: float
    origin: tuple[float, float]
    points: tuple[Pick, ...]
    errors: tuple[float, ...]
    rms: float
    max_error: float
    worst: str
    tolerance: float = DEFAULT_TOLERANCE
    label_prefix: str | None = None
    alternatives: tuple[tuple[str, float], ...] = ()
    ambiguous: bool = False
    image_size: tuple[int, int] | None = field(default=None, compare=False)

    @property
    def grid(self) -> Grid:
        """The fitted grid (``columns`` x ``rows``, with the label scheme the points used)."""
        return _grid(self.type, self.orientation, self.offset, self.labels, self.label_prefix,
                     self.columns, self.rows)

    @property
    def matrix(self) -> np.ndarray:
        """The 2x3 affine matrix from unit-layout coordinates to image pixels."""
        t = math.radians(self.rotation)
        a, b = self.scale * math.cos(t), self.scale * math.sin(t)
        return np.array([[a, -b, self.origin[0]], [b, a, self.origin[1]]])

    @property
    def pitch(self) -> float:
        """Centre-to-centre distance of neighbouring cells, in image pixels."""
        return self.scale * self.grid.pitch()

    @property
    def tolerance_px(self) -> float:
        """The largest accepted residual, in pixels."""
        return self.tolerance * self.pitch

    def layout_to_image(self, x: float, y: float) -> tuple[float, float]:
        """A point of the unit layout (map drawing coordinates) on the image."""
        px, py = self.matrix @ np.array([x, y, 1.0])
        return float(px), float(py)

    def image_to_layout(self, px: float, py: float) -> tuple[float, float]:
        """An image pixel in unit-layout (map drawing) coordinates."""
        m = self.matrix
        x, y = np.linalg.solve(m[:, :2], np.array([px, py]) - m[:, 2])
        return float(x), float(y)

    def to_image(self, where: Cell | str) -> tuple[float, float]:
        """The image pixel of a cell's centre (a label or a cell)."""
        cell = _parse(self.grid, where) if isinstance(where, str) else where
        return self.layout_to_image(*self.grid.layout().to_pixel(cell))

    def cell_at(self, px: float, py: float) -> Cell | None:
        """The board cell under image pixel ``(px, py)``, or ``None`` off the board."""
        cell = self.grid.layout().to_cell(*self.image_to_layout(px, py))
        return cell if cell in self.grid else None

    def suggest_size(self, width: int, height: int) -> tuple[int, int]:
        """Columns and rows of the board whose centres (from ``A1`` on) fall inside a
        ``width`` x ``height`` image: a first guess at the board's size.

        Examples
        --------
        >>> from wartools.grids import SquareGrid
        >>> truth = SquareGrid(10, 10).layout(size=20.0, origin=(10.0, 10.0))
        >>> picks = [(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "C1", "A3")]
        >>> fit_grid(picks, grid="square").suggest_size(200, 100)
        (10, 5)
        """
        reach = min(int(math.hypot(width, height) / max(self.pitch, MIN_PITCH_PX)) + 3, MAX_SUGGESTED_SIDE)
        probe = _grid(self.type, self.orientation, self.offset, self.labels, self.label_prefix,
                      reach, reach)
        layout = probe.layout()
        cols = rows = 0
        for cell in probe.cells():
            x, y = self.layout_to_image(*layout.to_pixel(cell))
            if 0 <= x < width and 0 <= y < height:
                c, r = probe.to_offset(cell)
                cols, rows = max(cols, c + 1), max(rows, r + 1)
        if not cols:
            raise CalibrationError("no cell centre from A1 on falls inside the image; "
                                   "check the picked points")
        return cols, rows

    def board_image(self, file: str, size: tuple[int, int] | None = None) -> BoardImage:
        """This fit as a map's ``image`` entry (:class:`~wartools.mapmodel.image.BoardImage`),
        so a saved map remembers where its picture lies.

        Examples
        --------
        >>> from wartools.grids import HexGrid
        >>> truth = HexGrid(6, 6, orientation="pointy").layout(size=20.0, origin=(30.0, 25.0))
        >>> cal = fit_grid([(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "F1", "C5")])
        >>> im = cal.board_image("scan.png")
        >>> a, b = im.to_pixel(cal.grid, cal.grid.parse("E4")), cal.to_image("E4")
        >>> abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6
        True
        """
        ux, uy = unit_pitch(self.grid)
        return BoardImage(file, origin=self.to_image(self.grid.from_offset(0, 0)),
                          pitch=(self.scale * ux, self.scale * uy), rotation=self.rotation, size=size)

    def resized(self, columns: int, rows: int) -> Calibration:
        """The same fit for a board of another size (labels of the points stay valid)."""
        from dataclasses import replace

        try:
            check_int("columns", columns, BOARD_SIDE)
            check_int("rows", rows, BOARD_SIDE)
        except LimitError as exc:
            raise CalibrationError(str(exc)) from None
        if columns * rows > MAX_CELLS:
            raise CalibrationError(f"{columns} x {rows} = {columns * rows:,} cells is more than the limit of {MAX_CELLS:,}")
        return replace(self, columns=columns, rows=rows)

    def text(self) -> str:
        """A short report: grid kind, scale, rotation, residuals and the worst point."""
        kind = f"{self.orientation} hexes, {self.offset} offset" if self.type == "hex" else "squares"
        lines = [f"{kind}: cell size {self.scale:.1f} px (pitch {self.pitch:.1f} px), "
                 f"rotation {self.rotation:+.2f} deg, origin ({self.origin[0]:.1f}, {self.origin[1]:.1f})",
                 f"residual: rms {self.rms:.2f} px, largest {self.max_error:.2f} px at "
                 f"{self.points[self.errors.index(self.max_error)][0]} "
                 f"(tolerance {self.tolerance_px:.1f} px)"]
        if self.ambiguous:
            lines.append("ambiguous: " + ", ".join(f"{k} {r:.2f} px" for k, r in self.alternatives)
                         + "; pick a centre in a column/row of the other parity")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for a JSON or YAML side file); :func:`calibration_from_dict` reads it back."""
        return {"grid": {"type": self.type, "orientation": self.orientation, "offset": self.offset,
                         "labels": self.labels, "columns": self.columns, "rows": self.rows,
                         **({"label_prefix": self.label_prefix} if self.label_prefix else {})},
                "scale": self.scale, "rotation": self.rotation, "origin": list(self.origin),
                "points": [[lab, x, y] for lab, x, y in self.points], "tolerance": self.tolerance}


def picture_matrix(grid: Grid, image: BoardImage) -> np.ndarray:
    """The 2x3 affine matrix from ``grid``'s unit layout to the pixels of a map's picture.

    Examples
    --------
    >>> from wartools.grids import SquareGrid
    >>> g = SquareGrid(4, 4)
    >>> im = BoardImage("b.png", origin=(10.0, 20.0), pitch=(30.0, 30.0), rotation=90.0)
    >>> m = picture_matrix(g, im)
    >>> x, y = g.layout().to_pixel(g.parse("C2"))
    >>> [round(float(v), 6) for v in m @ [x, y, 1.0]] == [round(v, 6) for v in im.to_pixel(g, g.parse("C2"))]
    True
    """
    layout = grid.layout()
    x0, y0 = layout.to_pixel(grid.from_offset(0, 0))
    ux, uy = unit_pitch(grid)
    t = math.radians(image.rotation)
    rs = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]]) @ \
        np.diag([image.pitch[0] / ux, image.pitch[1] / uy])
    return np.column_stack([rs, np.array(image.origin) - rs @ np.array([x0, y0])])


def map_picture(m: Map) -> tuple[np.ndarray, np.ndarray]:
    """The picture named by a map's ``image`` key (relative to the map file) and its
    :func:`picture_matrix`; a missing or unreadable picture raises a one-line error."""
    if m.image is None:
        raise WartoolsError(f"map {m.name!r} has no image entry")
    file = Path(m.image.file)
    if not file.is_absolute() and m.source and not m.source.startswith("<"):
        file = Path(m.source).parent / file
    return load_image(file), picture_matrix(m.grid, m.image)


def calibration_from_dict(data: Mapping[str, Any]) -> Calibration:
    """Refit from :meth:`Calibration.to_dict` data (the points are the record; the fit is redone)."""
    try:
        g = data["grid"]
        return fit_grid([tuple(p) for p in data["points"]], grid=g["type"], labels=g["labels"],
                        label_prefix=g.get("label_prefix"), columns=g["columns"], rows=g["rows"],
                        orientation=g.get("orientation"), offset=g.get("offset"),
                        tolerance=data.get("tolerance", DEFAULT_TOLERANCE))
    except (KeyError, TypeError) as exc:
        raise CalibrationError(f"calibration data is missing or has a malformed {exc}") from None


def _grid(kind: str, orientation: str, offset: str, labels: str, prefix: str | None,
          columns: int, rows: int) -> Grid:
    if kind == "hex":
        return HexGrid(columns, rows, labels, prefix, orientation=orientation, offset=offset)
    return SquareGrid(columns, rows, labels, prefix)


def _parse(grid: Grid, label: str) -> Cell:
    col, row = parse_label(grid.labels, label, grid.columns, grid.rows, grid.label_prefix)
    return grid.from_offset(col, row)


def _solve(u: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Least squares similarity parameters ``(a, b, tx, ty)`` taking layout points ``u`` to ``p``."""
    params, *_ = np.linalg.lstsq(_design(u), p.reshape(-1), rcond=None)
    return params


def _design(u: np.ndarray) -> np.ndarray:
    """The least-squares design matrix of the similarity fit: two rows (x, y) per point."""
    n = len(u)
    design = np.zeros((2 * n, 4))
    design[0::2] = np.column_stack([u[:, 0], -u[:, 1], np.ones(n), np.zeros(n)])
    design[1::2] = np.column_stack([u[:, 1], u[:, 0], np.zeros(n), np.ones(n)])
    return design


def _rest_rss(u: np.ndarray, p: np.ndarray, params: np.ndarray) -> np.ndarray:
    """For every point, the residual sum of squares of the fit made without it, in one pass:
    deleting the two rows ``I`` of a point from a least-squares fit leaves
    ``RSS - e_I^T (1 - H_II)^-1 e_I`` (``H`` the hat matrix), so no point is refitted
    (refitting each made 10,000 points cost 16 s)."""
    design = _design(u)
    n = len(u)
    e = (p.reshape(-1) - design @ params).reshape(n, 2)
    inverse = np.linalg.pinv(design.T @ design)
    blocks = design.reshape(n, 2, 4)
    hat = np.einsum("nij,jk,nlk->nil", blocks, inverse, blocks)        # H_II, one 2x2 block a point
    keep = np.eye(2)[None] - hat
    det = keep[:, 0, 0] * keep[:, 1, 1] - keep[:, 0, 1] * keep[:, 1, 0]
    safe = np.where(np.abs(det) > 1e-12, det, np.inf)                    # a point the fit rests on alone
    adj = np.stack([np.stack([keep[:, 1, 1], -keep[:, 0, 1]], -1), np.stack([-keep[:, 1, 0], keep[:, 0, 0]], -1)], 1)
    removed = np.einsum("ni,nij,nj->n", e, adj, e) / safe
    return float(np.sum(e ** 2)) - removed


def _apply(params: np.ndarray, u: np.ndarray) -> np.ndarray:
    a, b, tx, ty = params
    return np.column_stack([a * u[:, 0] - b * u[:, 1] + tx, b * u[:, 0] + a * u[:, 1] + ty])


def _points(points: Iterable[Sequence[Any]] | Mapping[str, Sequence[float]]) -> list[Pick]:
    items: list[Any] = [(k, *v) for k, v in points.items()] if isinstance(points, Mapping) else list(points)
    if len(items) > MAX_PICKS:
        raise CalibrationError(f"{len(items):,} picked points, more than the limit of {MAX_PICKS:,}")
    out: list[Pick] = []
    for item in items:
        try:
            label, x, y = item
            px, py = float(x), float(y)
        except (TypeError, ValueError, OverflowError):
            raise CalibrationError(f"a picked point must be (label, x, y), got {shown(item)}") from None
        if not (math.isfinite(px) and math.isfinite(py)) or max(abs(px), abs(py)) > MAX_FLOAT:
            raise CalibrationError(f"picked point {shown(str(label))} at ({shown(x)}, {shown(y)}): pixel "
                                   f"coordinates must be finite numbers of at most {MAX_FLOAT:,.0f}")
        out.append((str(label).strip(), px, py))
    return out


def fit_grid(points: Iterable[Sequence[Any]] | Mapping[str, Sequence[float]], *, grid: str = "hex",
             labels: str = "column-letter", label_prefix: str | None = None, columns: int | None = None,
             rows: int | None = None, orientation: str | None = None, offset: str | None = None,
             tolerance: float = DEFAULT_TOLERANCE) -> Calibration:
    """Fit a grid to picked cell centres: ``[(label, x, y), ...]`` or ``{label: (x, y)}``.

    Parameters
    ----------
    grid
        ``"hex"`` or ``"square"``.
    labels, label_prefix
        How the typed labels are written (see :mod:`wartools.grids.labels`).
    columns, rows
        The board's size if known (it sets the digits of numeric labels); otherwise the
        smallest board holding the picked cells.
    orientation, offset
        Fix the hex kind; left as ``None``, every kind is tried and the least residual wins.
    tolerance
        Refuse the fit when a point is off by more than this fraction of the cell pitch.

    Raises
    ------
    CalibrationError
        Fewer than 3 points, a label that is not a label, points that do not span the
        board, or a residual beyond tolerance (naming the worst point).

    Examples
    --------
    >>> picks = [("A1", 10, 10), ("B1", 30, 10), ("A2", 10, 30), ("B3", 30, 50)]
    >>> cal = fit_grid(picks, grid="square")
    >>> round(cal.scale, 6), round(cal.rms, 6), round(cal.tolerance_px, 6)
    (20.0, 0.0, 5.0)
    >>> fit_grid([("A1", 10, 10), ("B1", 30, 10), ("A2", 10, 30), ("C3", 30, 50)], grid="square")
    Traceback (most recent call last):
    ...
    wartools.calibrate.CalibrationError: the fitted grid misses the picked centres by up to ... C3 at (30, 50): ...
    """
    picks = _points(points)
    if grid not in ("hex", "square"):
        raise CalibrationError(f"grid must be hex or square, got {grid!r}")
    if labels not in SCHEMES:
        raise CalibrationError(f"unknown label scheme {labels!r}; valid: {', '.join(SCHEMES)}")
    if len(picks) < 3:
        raise CalibrationError(f"pick at least 3 cell centres (got {len(picks)}): 2 fix only the scale, "
                               "rotation and offset, leaving nothing to check them against")
    twice = [lab for lab, n in Counter(p[0].upper() for p in picks).items() if n > 1]
    if twice:
        raise CalibrationError(f"label {shown(twice[0])} is picked twice; each picked centre needs its own cell")
    for name, size in (("columns", columns), ("rows", rows)):
        if size is not None:
            try:
                check_int(name, size, BOARD_SIDE)
            except LimitError as exc:
                raise CalibrationError(str(exc)) from None
    if columns is not None and rows is not None and columns * rows > MAX_CELLS:
        raise CalibrationError(f"{columns} x {rows} = {columns * rows:,} cells is more than the limit of {MAX_CELLS:,}")
    if not (isinstance(tolerance, (int, float)) and 0 < tolerance < 1):
        raise CalibrationError(f"tolerance is a fraction of the cell pitch between 0 and 1, got {tolerance}")
    kinds = [k for k in HEX_KINDS if orientation in (None, k[0]) and offset in (None, k[1])] \
        if grid == "hex" else [("flat", "odd")]
    if not kinds:
        raise CalibrationError(f"orientation must be flat or pointy and offset odd or even, "
                               f"got {orientation!r} and {offset!r}")
    probe_cols, probe_rows = columns or 99, rows or 99
    try:
        offsets = [parse_label(labels, lab, probe_cols, probe_rows, label_prefix) for lab, _, _ in picks]
    except WartoolsError as exc:
        raise CalibrationError(str(exc)) from None
    cols = columns or max(c for c, _ in offsets) + 1
    rws = rows or max(r for _, r in offsets) + 1
    p = np.array([(x, y) for _, x, y in picks])
    if float(np.ptp(p[:, 0])) + float(np.ptp(p[:, 1])) < 1e-6:
        raise CalibrationError("the picked centres are all at the same pixel")
    fits = []
    for orient, off in kinds:
        g = _grid(grid, orient, off, labels, label_prefix, cols, rws)
        layout = g.layout()
        u = np.array([layout.to_pixel(g.from_offset(c, r)) for c, r in offsets])
        params = _solve(u, p)
        errors = np.hypot(*(_apply(params, u) - p).T)
        rms = float(np.sqrt(np.mean(errors ** 2)))
        fits.append((rms, orient, off, g, u, params, errors))
    fits.sort(key=lambda f: f[0])
    rms, orient, off, g, u, params, errors = fits[0]
    a, b, tx, ty = (float(v) for v in params)
    scale = math.hypot(a, b)
    if scale < 1e-9:
        raise CalibrationError("the picked centres do not span the board (the fit collapses to a point)")
    pitch = scale * g.pitch()
    if not pitch >= MIN_PITCH_PX:
        raise CalibrationError(f"the picked centres make cells {pitch:.2g} px apart, less than the limit of "
                               f"{MIN_PITCH_PX:g} px: check the points (are they in pixels of the picture?)")
    # name the point the others agree with least: leave it out and the rest fit best
    if len(picks) >= 4:
        # (in every grid kind: a wrong label can make a wrong kind fit best with it in)
        rest = np.min([_rest_rss(f[4], p, f[5]) for f in fits], axis=0)
        worst_i = int(np.argmin(rest))
    else:
        worst_i = int(np.argmax(errors))

    def kind_name(o: str, f: str) -> str:
        return f"{o}/{f}" if grid == "hex" else "square"

    limit = tolerance * pitch
    alternatives = tuple((kind_name(f[1], f[2]), f[0]) for f in fits)
    ambiguous = sum(1 for f in fits if float(np.max(f[6])) <= tolerance * math.hypot(*f[5][:2]) * g.pitch()) > 1
    cal = Calibration(type=grid, orientation=orient, offset=off, labels=labels, columns=cols, rows=rws,
                      scale=scale, rotation=math.degrees(math.atan2(b, a)), origin=(tx, ty),
                      points=tuple(picks), errors=tuple(float(e) for e in errors), rms=rms,
                      max_error=float(np.max(errors)), worst=picks[worst_i][0], tolerance=tolerance,
                      label_prefix=label_prefix, alternatives=alternatives, ambiguous=ambiguous)
    if cal.max_error > limit:
        raise CalibrationError(
            f"the fitted grid misses the picked centres by up to {cal.max_error:.1f} px, more than the "
            f"tolerance of {limit:.1f} px ({tolerance:g} of the {pitch:.1f} px cell pitch); the point that "
            f"agrees least with the others is {cal.worst} at ({picks[worst_i][1]:.0f}, {picks[worst_i][2]:.0f}): "
            f"check its label and position", worst=cal.worst, fit=cal)
    return cal


def load_image(path: str | os.PathLike[str]) -> np.ndarray:
    """A PNG or JPEG as an ``(height, width, 3)`` array of ``uint8`` RGB values.

    Raises :class:`~wartools.errors.WartoolsError` (one line) for a missing, unreadable or
    unsupported file.
    """
    from PIL import Image, UnidentifiedImageError

    p = Path(path)
    if p.suffix.lower() not in IMAGE_SUFFIXES:
        raise WartoolsError(f"{str(p)!r}: board images must be PNG or JPEG ({', '.join(IMAGE_SUFFIXES)})")
    name = shown_path(p)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")     # the imaging library's size warning: checked here instead
            with Image.open(p) as im:           # reads the header: the size is known before decoding
                w, h = im.size
                if w * h > MAX_IMAGE_PIXELS:
                    raise WartoolsError(f"image {name} declares {w:,} x {h:,} pixels, more than the limit of "
                                        f"{MAX_IMAGE_PIXELS:,} pixels")
                return np.asarray(im.convert("RGB"))
    except WartoolsError:
        raise
    except FileNotFoundError:
        raise WartoolsError(f"no such image file: {name}") from None
    except Image.DecompressionBombError:
        raise WartoolsError(f"image {name} declares more than the limit of {MAX_IMAGE_PIXELS:,} pixels") from None
    except (OSError, UnidentifiedImageError, SyntaxError, ValueError, EOFError) as exc:
        # a truncated or damaged file (the PNG reader raises SyntaxError for a broken chunk)
        raise WartoolsError(f"cannot read image {name}: {shown(str(exc))}") from None
