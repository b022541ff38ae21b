"""Pictures of LOS answers, drawn with :mod:`wartools.render` overlays.

:func:`draw_los` and :func:`draw_viewshed` are the overlays behind
``wartools render --los A B`` and ``--viewshed A``.
"""
from __future__ import annotations

from typing import Any

from wartools.grids.base import Cell
from wartools.los.result import LOSResult
from wartools.mapmodel import Map

def draw_result(result: LOSResult, ax: Any = None) -> Any:
    """Draw a :class:`LOSResult`: the map (if ``ax`` is None), the ruler coloured by status,
    and the deciding cells and edges highlighted. Returns the Axes."""
    from wartools.render import draw_map
    from wartools.render.draw import add_title, draw_ruler, highlight_cells, highlight_edges, overlay_legend
    from wartools.render.style import MEANINGS

    m = result.map
    if ax is None:
        ax = draw_map(m)
    grid = m.grid
    # the cell or edge each reason is about; a ruler may graze cells just off the board,
    # which are not drawn
    cells = [r.cell for r in result.deciding if r.cell is not None and r.cell in grid]
    edges = [r.edge for r in result.deciding
             if r.edge is not None and r.edge.a in grid and r.edge.b in grid]
    look = MEANINGS[result.status]
    if cells:
        highlight_cells(ax, m, cells, color=look.colour, gid="los-cells")
    if edges:
        highlight_edges(ax, m, edges, color=look.colour, gid="los-edges")
    draw_ruler(ax, m, result.start, result.end, color=look.colour, gid="los-ruler", linestyle=look.line)
    overlay_legend(ax, result.status)
    add_title(ax, m, f"line of sight {result.from_label} -> {result.to_label}: {result.status}")
    return ax


def draw_los(ax: Any, m: Map, a: Cell | str, b: Cell | str, **options: Any) -> Any:
    """Overlay the line of sight from ``a`` to ``b`` on an Axes showing ``m``.

    ``options`` are :class:`~wartools.los.LOSSituation` fields; ``None`` values are ignored.
    """
    from wartools.los.engine import line_of_sight

    return draw_result(line_of_sight(m, a, b, **{k: v for k, v in options.items() if v is not None}), ax)


def draw_viewshed(ax: Any, m: Map, a: Cell | str, **options: Any) -> Any:
    """Shade the cells visible from ``a`` on an Axes showing ``m`` (the *viewshed* look)."""
    from wartools.los.analysis import viewshed
    from wartools.render.draw import highlight_cells, overlay_legend
    from wartools.render.style import MEANINGS

    seen = viewshed(m, a, **{k: v for k, v in options.items() if v is not None})
    shade, origin = MEANINGS["viewshed"], MEANINGS["observer"]
    highlight_cells(ax, m, seen, color=shade.colour, alpha=shade.alpha, gid="viewshed")
    highlight_cells(ax, m, [a], color=origin.colour, alpha=origin.alpha, gid="viewshed-origin")
    overlay_legend(ax, "viewshed", "observer")
    return ax

