"""Drawing a player's scanned board with a fitted grid (:mod:`wartools.calibrate`).

Two views: :func:`draw_scan` shows the picture in its own pixels with the fitted
grid, the picked centres and how far the fit misses each one; :func:`draw_scan_under`
lays the picture under a map drawing (in the map's coordinates), so terrain can be
painted over the scan.

Examples
--------
>>> import numpy as np
>>> from wartools.calibrate import fit_grid
>>> cal = fit_grid([("A1", 10, 10), ("B1", 30, 10), ("A2", 10, 30)], grid="square")
>>> ax = draw_scan(np.zeros((60, 60, 3), np.uint8), cal)
>>> sorted(c.get_gid() for c in ax.collections)
['fitted-grid', 'picked']
"""
from __future__ import annotations

from typing import Any

import numpy as np

from wartools.calibrate import Calibration


def _image_transform(where: Calibration | np.ndarray) -> Any:
    """The matplotlib transform from image pixels to unit-layout (map) coordinates, given a
    calibration or the 2x3 matrix from layout to pixels (:func:`~wartools.calibrate.picture_matrix`)."""
    from matplotlib.transforms import Affine2D

    matrix = where.matrix if isinstance(where, Calibration) else where
    return Affine2D(np.linalg.inv(np.vstack([matrix, [0.0, 0.0, 1.0]])))


def draw_scan(image: np.ndarray, cal: Calibration, ax: Any = None, *, meaning: str = "fitted-grid",
              labels: bool = True) -> Any:
    """The image with the fitted grid's cells outlined, labelled, and the picked centres
    marked with their residuals (gids ``"scan"``, ``"fitted-grid"``, ``"picked"``); the grid in
    the look of ``meaning`` (``"fitted-grid"``, or ``"refused-fit"`` for a fit that was refused),
    both keyed in the overlay legend."""
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure

    from wartools.render.draw import overlay_legend
    from wartools.render.style import MEANINGS

    color, mark = MEANINGS[meaning].colour, MEANINGS["picked"].colour

    if ax is None:
        h, w = image.shape[:2]
        ax = Figure(figsize=(min(10.0, w / 80), min(10.0, h / 80))).add_subplot()
    ax.imshow(image, gid="scan")
    grid, layout = cal.grid, cal.grid.layout()
    polys = [[cal.layout_to_image(*p) for p in layout.polygon(c)] for c in grid.cells()]
    lines = LineCollection([p + p[:1] for p in polys], colors=color, linewidths=0.8, zorder=3,
                           linestyles=MEANINGS[meaning].line or "-")
    lines.set_gid("fitted-grid")
    ax.add_collection(lines)
    if labels:
        for c in grid.cells():
            x, y = cal.to_image(c)
            ax.text(x, y, grid.label(c), color=color, fontsize=5, ha="center", va="center", zorder=4,
                    gid="fitted-label")
    picked = np.array([(x, y) for _, x, y in cal.points])
    ax.scatter(picked[:, 0], picked[:, 1], marker=MEANINGS["picked"].marker, s=60, color=mark, zorder=5, gid="picked")
    for (lab, x, y), err in zip(cal.points, cal.errors):
        ax.annotate(f"{lab} {err:.1f}px", (x, y), xytext=(4, -4), textcoords="offset points", fontsize=6,
                    color=mark, zorder=5, gid="residual")
    h, w = image.shape[:2]
    ax.set_xlim(-0.5, w - 0.5)
    ax.set_ylim(h - 0.5, -0.5)
    ax.set_axis_off()
    overlay_legend(ax, meaning, "picked")
    return ax


def draw_scan_under(ax: Any, image: np.ndarray, cal: Calibration | np.ndarray,
                    terrain_alpha: float = 0.45) -> Any:
    """Put the scan under a map drawn by :func:`wartools.render.draw_map` on ``ax`` and make the
    map's terrain see-through, so the painted terrain and the scan show together. ``cal`` is the
    fit, or the 2x3 matrix from the map's layout to the picture's pixels."""
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    im = ax.imshow(image, zorder=0, gid="scan")
    im.set_transform(_image_transform(cal) + ax.transData)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    for coll in ax.collections:
        if coll.get_gid() == "terrain":
            coll.set_alpha(terrain_alpha)
    return ax
