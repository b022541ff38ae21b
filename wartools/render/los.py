"""Pictures of LOS answers, drawn with :mod:`wartools.render` overlays.

Every function draws an answer the engine has already given (it computes nothing): the
answer first, then ``ax`` (a new picture of the answer's map, with its key, when
``None``), then options. :func:`draw_los` and :func:`draw_viewshed` are the overlays
behind ``wartools render --los A B`` and ``--viewshed A``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wartools.los.analysis import VisibilityMatrix
    from wartools.los.result import DeadGround, LOSResult, Viewshed
    from wartools.mapmodel import Map


def _axes(m: Map, ax: Any) -> Any:
    """``ax``, or a new picture of ``m`` with its key."""
    from wartools.render.draw import draw_map

    return draw_map(m) if ax is None else ax


def draw_los(result: LOSResult, ax: Any = None) -> Any:
    """Draw a :class:`~wartools.los.result.LOSResult`: the ruler coloured by status and the
    deciding cells and edges highlighted, keyed. Returns the Axes."""
    from wartools.render.draw import add_title, draw_ruler, highlight_cells, highlight_edges, overlay_legend
    from wartools.render.style import MEANINGS

    m = result.map
    ax = _axes(m, ax)
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


def draw_viewshed(answer: Viewshed, ax: Any = None) -> Any:
    """Shade the cells of a :class:`~wartools.los.result.Viewshed` (the *viewshed* look) and
    mark the observer, keyed. Returns the Axes."""
    from wartools.render.draw import shade

    m = answer.map
    ax = _axes(m, ax)
    shade(ax, m, answer.cells, "viewshed", gid="viewshed")
    shade(ax, m, [answer.origin], "observer", gid="viewshed-origin")
    return ax


def draw_dead_ground(answer: DeadGround, ax: Any = None) -> Any:
    """Hatch the cells of a :class:`~wartools.los.result.DeadGround` and mark the observers,
    keyed. Returns the Axes."""
    from wartools.render.draw import shade

    m = answer.map
    ax = _axes(m, ax)
    shade(ax, m, answer.cells, "dead-ground", gid="dead-ground")
    if answer.observers:
        shade(ax, m, answer.observers, "observer", gid="dead-ground-observers")
    return ax


def draw_matrix(matrix: VisibilityMatrix, ax: Any = None) -> Any:
    """Each cell of a :class:`~wartools.los.analysis.VisibilityMatrix` shaded by how many
    other cells see it (the matrix's own answer, :meth:`~wartools.los.analysis.VisibilityMatrix.seen_by`),
    with a colour bar. Returns the Axes."""
    from wartools.render.draw import heat_cells

    m = matrix.map
    ax = _axes(m, ax)
    heat_cells(ax, m, matrix.seen_by().counts, gid="coverage", colorbar="seen from (cells)")
    return ax
