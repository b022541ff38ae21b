"""Pictures of a lesson's worked examples (:class:`wartools.lessons.runner.Computed`).

An entry's ``picture`` is a list of layers drawn over its map, each ``{kind: what}`` with an
optional ``key`` (the overlay's name in this picture's key):

* ``los: r``: a line of sight (several are drawn side by side, not on top of each other);
* ``shade: name`` (or a list of names): cells a result names, as "seen from the observer" when a
  viewshed made them, else "marked";
* ``path: p``, ``reach: r`` (a computed reach, or a start cell), ``ruler: [a, b]``;
* ``lines: [r1, r2, ...]``: several lines of sight, each in the look of its status;
* ``regions: name``: a ``{cell: category}`` mapping, shaded by side (hex control).

Every layer keys itself (:mod:`wartools.render.style` gives each meaning its look).

Examples
--------
>>> from wartools.lessons.runner import load_lesson
>>> ax = draw_lesson(load_lesson("company-of-heroes").example("along-the-edge"))
>>> ax.get_title().splitlines()[0]
"Along a building's edge: not blocked"
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wartools.render.draw import (_layout, draw_map, draw_path, draw_ruler, extend_map_key, highlight_cells,
                                  overlay_legend, shade)
from wartools.render.los import draw_los
from wartools.render.style import MEANINGS, side_colour

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map


def draw_lesson(done: Any, ax: Any = None) -> Any:
    """Draw a computed lesson entry: its map (with the map key) and its ``picture`` layers; returns the Axes.

    ``done`` is a :class:`wartools.lessons.runner.Computed`; its title heads the picture and each
    line of sight adds its answer under it.
    """
    m = done.map
    if ax is None:  # the entry's title says what is shown; each overlay adds its answer under it
        ax = draw_map(m, legend=True, title=False)
        ax.set_title(done.title, fontsize=9)
    layers = done.entry.data.get("picture", [])
    for layer in layers:
        key = layer.get("key")            # this picture's own words for the overlay in its key
        (what, arg), = [(k, v) for k, v in layer.items() if k != "key"]
        if what == "los":
            r, before, drawn = done.value(arg), ax.get_title(), set(ax.lines)
            draw_los(r, ax)
            rulers = [i for i, x in enumerate(layers) if "los" in x]
            if len(rulers) > 1:                # side by side, not on top of each other
                _nudge(ax, m, [ln for ln in ax.lines if ln not in drawn], r.start, r.end,
                       rulers.index(layers.index(layer)) - (len(rulers) - 1) / 2)
            if key:                            # what kind of line it is ("HE (indirect fire)")
                ax.set_title(f"{before}\n{key} {r.from_label} -> {r.to_label}: {r.status}", fontsize=9)
        elif what == "shade":
            cells = [c for name in ([arg] if isinstance(arg, str) else arg) for c in done.cells_of(name)]
            made_by = done.entry.data.get("compute", {}).get(arg, {}).get("call") if isinstance(arg, str) else None
            shade(ax, m, cells, "viewshed" if made_by == "viewshed" else "marked", label=key)
        elif what == "path" and (any("reach" in x for x in layers) or sum("path" in x for x in layers) > 1):
            # over a reach the costs are written already, and two paths' running costs would
            # overwrite each other: the arrows only, keyed as the path
            overlay_legend(ax, "path", labels={"path": key or "path"})
            draw_path(ax, m, done.value(arg).cells, meaning="path")
        elif what == "path":
            done.value(arg).draw(ax)          # arrows with the running cost, or the goal out of reach
        elif what == "reach":                 # a computed reach, or the reach of the unit on a cell
            (done.value(arg) if arg in done.values else done.drawn[arg]).draw(ax)
        elif what == "ruler":
            if key:
                overlay_legend(ax, "ruler", labels={"ruler": key})
            draw_ruler(ax, m, arg[0], arg[1], meaning="ruler")
        elif what == "lines":
            _lines(ax, m, [done.value(a) for a in arg])
        elif what == "regions":
            _regions(ax, m, done.value(arg))
    return ax




def _nudge(ax: Any, m: Map, lines: list[Any], a: Any, b: Any, k: float) -> None:
    """Shift a ruler's lines ``k`` steps of 4 points across its own direction, so rulers along
    the same row stay apart."""
    from matplotlib.transforms import ScaledTranslation

    (x0, y0), (x1, y1) = _layout(m).to_pixel(m.cell(a)), _layout(m).to_pixel(m.cell(b))
    length = math.hypot(x1 - x0, y1 - y0)
    if not length or not k:
        return
    # across the line; the y axis is inverted (y grows down the board), so screen y is -y
    dx, dy = -(y1 - y0) / length, -(x1 - x0) / length
    shift = ScaledTranslation(4 * k * dx / 72, 4 * k * dy / 72, ax.figure.dpi_scale_trans)
    for ln in lines:
        ln.set_transform(ln.get_transform() + shift)


def _lines(ax: Any, m: Map, results: list[Any]) -> None:
    """Rulers of several lines of sight, each in the look of its status, with the overlay key."""
    overlay_legend(ax, *sorted({r.status for r in results}))    # keyed in one order, whatever the drawing order
    for r in results:
        draw_ruler(ax, m, r.start, r.end, gid="lesson-ruler", meaning=r.status)


def draw_regions(m: Map, regions: Mapping[str, str], ax: Any = None) -> Any:
    """The map with cells shaded by a category, keyed (hex control: a side's colour, disputed
    hatched). Returns the Axes."""
    from wartools.render.draw import draw_map

    ax = draw_map(m) if ax is None else ax
    _regions(ax, m, regions)
    return ax


def _regions(ax: Any, m: Map, regions: Mapping[str, str]) -> None:
    """Cells shaded by a category (a side's colour for a side, hatched otherwise), keyed at the
    end of the map's key (a second key beside it would sit on top of the first)."""
    from matplotlib.patches import Patch

    sides = tuple(dict.fromkeys(u.side for u in m.units))
    handles = []
    for who in sorted(set(regions.values())):
        side = who in m.sides() or who in m.game.sides
        colour, hatch = ((side_colour(who, sides, m.game.map_style.sides), None) if side
                         else (MEANINGS["disputed"].colour, MEANINGS["disputed"].hatch))
        highlight_cells(ax, m, [c for c, v in regions.items() if v == who], color=colour, alpha=0.35,
                        gid=f"region-{who}", hatch=hatch)
        handles.append(Patch(facecolor=colour, alpha=0.5, hatch=hatch, edgecolor=colour,
                             label=f"{who} hexes" if side else f"{who} hexes (no side's alone)"))
    extend_map_key(ax, handles)
