"""Map pictures with matplotlib: the map itself, overlays, and PNG/SVG export.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.render import draw_map, highlight_cells, draw_ruler
>>> m = tiny_map("hon", 4, 3)
>>> ax = draw_ruler(highlight_cells(draw_map(m), m, ["B2"]), m, "A1", "D3")
>>> [c.get_gid() for c in ax.collections]
['terrain', 'highlight']
"""
from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from wartools.errors import WartoolsError
from wartools.mapmodel.atomic import output_target, write_atomic
from wartools.render.draw import (add_title, annotate_cells, draw_legend, draw_map, draw_path, draw_ruler,
                                  heat_cells, highlight_cells, highlight_edges, overlay_legend, shade)

FORMATS = ("png", "svg")


def _keys(fig: Any) -> list[Any]:
    """What a tight bounding box must keep whole: the artists matplotlib keeps by default (the
    map's key beside it among them: an explicit list replaces that default) and the legends a
    picture carries besides each axes' own (overlay keys)."""
    from matplotlib.legend import Legend

    return [*fig.get_default_bbox_extra_artists(),
            *(a for ax in fig.axes for a in ax.artists if isinstance(a, Legend))]


def save_figure(fig: Any, path: str | os.PathLike[str], dpi: int = 150) -> Path:
    """Save a figure as PNG or SVG (by the file suffix), atomically."""
    output_target(path)         # a regular file or a new name, checked before drawing
    target = Path(path)
    fmt = target.suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise WartoolsError(f"cannot write {target.name!r}: picture format must be one of "
                            f"{', '.join('.' + f for f in FORMATS)}")
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=dpi, bbox_inches="tight", bbox_extra_artists=_keys(fig))
    write_atomic(target, buf.getvalue())
    return target


def axes_png(ax: Any, dpi: int = 100) -> bytes:
    """The figure holding ``ax`` as PNG bytes; the figure is closed (how results show
    themselves in a notebook without leaving figures open)."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", bbox_extra_artists=_keys(ax.figure))
    plt.close(ax.figure)
    return buf.getvalue()


def map_png(m: Any, dpi: int = 100) -> bytes:
    """The map drawn as PNG bytes (what a ``Map`` shows in a notebook)."""
    return axes_png(draw_map(m), dpi)


__all__ = ["add_title", "annotate_cells", "axes_png", "draw_legend", "draw_map", "draw_path", "draw_ruler", "heat_cells", "highlight_cells", "highlight_edges", "map_png", "overlay_legend", "save_figure", "shade"]
