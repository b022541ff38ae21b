"""Drawing maps with matplotlib, and the overlay API the analysis layers use.

Every function takes and returns a matplotlib ``Axes``; collections carry a
``gid`` (``"terrain"``, ``"edges:hedge"``, ``"units"`` ...) so tests and callers
can find what was drawn without looking at pixels. Pixel ``y`` grows downward
as on the board, so the axes are inverted.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from wartools.rules.style import EdgeStyle, FeatureMarker
from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.mapmodel import Map
from wartools.render.style import (COUNT_CMAP, ELEVATION_INK, FALLBACK_EDGE, FALLBACK_FEATURE, FALLBACK_OBJECTIVE,
                                   FALLBACK_TERRAIN, GRID_LINE, HIGHLIGHT, LABEL_INK, MEANINGS, OBJECTIVE_MARKERS,
                                   ROAD_STYLES, side_colour, unit_abbreviation)


def _plt():
    import matplotlib.pyplot as plt

    return plt


def _layout(m: Map):
    return m.grid.layout(size=1.0)


def _cells(m: Map, cells: Iterable[Cell | str]) -> list[Cell]:
    return [m.cell(c) for c in cells]


# a map's terrain, edge features and cell features look the way its game says
# (``game.map_style``); names the game does not style get the neutral fallbacks
def _terrain_colour(m: Map, terrain: str) -> str:
    return m.game.map_style.terrain.get(terrain, FALLBACK_TERRAIN)


def _edge_style(m: Map, feature: str) -> EdgeStyle:
    return m.game.map_style.edges.get(feature, FALLBACK_EDGE)


def _feature_marker(m: Map, feature: str) -> FeatureMarker:
    return m.game.map_style.features.get(feature, FALLBACK_FEATURE)


#: inches per cell unit of a map picture, and the largest side of one (a larger board's cells shrink)
CELL_INCHES = 0.55
MAX_FIGURE_INCHES = 40.0
#: below this many inches per cell unit, cell labels (6.5 pt) are not drawn: they could not be read
LABEL_INCHES = 0.25


def draw_map(m: Map, ax: Any = None, *, labels: bool = True, units: bool = True,
             title: bool = True, legend: bool = True, figsize: tuple[float, float] | None = None) -> Any:
    """Draw ``m``: terrain fills, elevation shading, edge features, roads,
    objectives, unit counters and cell labels, with a key to them beside the map
    (:func:`draw_legend`) unless ``legend=False``.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("ci", 3, 3, terrain={"B2": "woods"})
    >>> ax = draw_map(m)
    >>> sorted(c.get_gid() for c in ax.collections)
    ['terrain']
    """
    from matplotlib.collections import PolyCollection

    layout = _layout(m)
    x0, y0, x1, y1 = _extent(m)
    # inches per unit of the layout: a cell keeps its size up to a figure of MAX_FIGURE_INCHES, then
    # shrinks (the largest board the limits allow, 256 x 256, drew a 140-inch figure and ran out of memory)
    scale = min(CELL_INCHES, MAX_FIGURE_INCHES / max(x1 - x0, y1 - y0, 1e-9))
    if ax is None:
        if figsize is None:
            figsize = (max(3.0, (x1 - x0) * scale), max(3.0, (y1 - y0) * scale))
        _, ax = _plt().subplots(figsize=figsize)
    cells = m.grid.cells()
    polys = [layout.polygon(c) for c in cells]
    colours = [_terrain_colour(m, m.terrain_at(c)) for c in cells]
    terrain = PolyCollection(polys, facecolors=colours, edgecolors=GRID_LINE, linewidths=0.5, zorder=1)
    terrain.set_gid("terrain")
    ax.add_collection(terrain)
    if m.elevation:
        top = max(abs(v) for v in m.elevation.values())
        shade = PolyCollection([layout.polygon(c) for c in m.elevation],
                               facecolors=[_elevation_shade(v, top) for v in m.elevation.values()],
                               edgecolors="none", zorder=2)
        shade.set_gid("elevation")
        ax.add_collection(shade)
        for c, v in m.elevation.items():
            x, y = layout.to_pixel(c)
            dx, dy = _anchor(m, "elevation")
            ax.text(x + dx, y + dy, f"{v:+d}", fontsize=5,
                    color=ELEVATION_INK, ha="center", va="center", zorder=3, gid="elevation-label")
    _draw_edges(ax, m)
    _draw_roads(ax, m)
    _draw_objectives(ax, m)
    _draw_features(ax, m)
    if units:
        _draw_units(ax, m)
    if labels and scale >= LABEL_INCHES:          # a label is drawn where it can be read
        from matplotlib.patheffects import withStroke

        halo = [withStroke(linewidth=1.8, foreground="white")]  # readable on a dark shading (reach, threat)
        for c in cells:
            x, y = layout.to_pixel(c)
            dx, dy = _anchor(m, "label")
            ax.text(x + dx, y + dy, m.label(c), ha="center", va="center", fontsize=6.5,
                    color=LABEL_INK, zorder=LABEL_Z, gid="label", path_effects=halo)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title:
        ax.set_title(f"{m.name} ({m.game.name})", fontsize=9)
    if legend:
        draw_legend(ax, m)
    return ax


def _elevation_shade(level: int, top: int) -> tuple[float, float, float, float]:
    """The brown veil over a raised (or sunken) hex: darker the further from level 0."""
    return (0.45, 0.3, 0.1, 0.12 + 0.25 * abs(level) / top)


def draw_legend(ax: Any, m: Map) -> Any:
    """A key to the terrain, edge features, cell features, roads and the sides' counters the map
    uses, beside the map."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = []
    sides = tuple(dict.fromkeys(u.side for u in m.units))
    for side in sides:
        handles.append(Patch(facecolor=side_colour(side, sides, m.game.map_style.sides), edgecolor="black",
                             label=f"{side} unit"))
    for t in dict.fromkeys(m.terrain_at(c) for c in m.grid.cells()):
        handles.append(Patch(facecolor=_terrain_colour(m, t), edgecolor=GRID_LINE, label=t))
    terrains = {m.terrain_at(c) for c in m.grid.cells()}
    if m.elevation:  # the shading that raises a hex, so a hill never reads as a terrain
        top = max(abs(v) for v in m.elevation.values())
        handles.append(Patch(facecolor=_elevation_shade(1, top), edgecolor=GRID_LINE,
                             label="higher ground (level in the corner)"))
    from matplotlib.colors import to_rgb
    from matplotlib.patheffects import Normal, Stroke

    for f in sorted({f for fs in m.edges.values() for f in fs}):
        colour, width, style = _edge_style(m, f)
        # a light feature (an opening drawn white over its wall) gets the grid's ink round it in the
        # key, or its swatch would be white on white
        light = min(to_rgb(colour)) > 0.8
        handles.append(Line2D([], [], color=colour, linewidth=min(width, 4), linestyle=style,
                              path_effects=[Stroke(linewidth=min(width, 4) + 2.5, foreground=GRID_LINE), Normal()]
                              if light else None,
                              label=f"{f} {'hexside' if m.grid.type == 'hex' else 'interspace'}"
                              if f in terrains else f))
    for kind in sorted({r.kind for r in m.roads}):
        colour, width, style = ROAD_STYLES[kind]
        handles.append(Line2D([], [], color=colour, linewidth=width, linestyle=style, label=f"{kind} road"))
    for f in sorted({f for fs in m.features.values() for f in fs}):
        marker, colour = _feature_marker(m, f)
        handles.append(Line2D([], [], marker=marker, color=colour, markeredgecolor="black", linestyle="",
                              label=f))
    for kind in sorted({o.kind for o in m.objectives}):
        marker, colour = OBJECTIVE_MARKERS.get(kind, FALLBACK_OBJECTIVE)
        handles.append(Line2D([], [], marker=marker, color=colour, markeredgecolor="black", linestyle="",
                              label=kind if kind == "objective" else f"{kind} objective"))
    leg = ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False)
    leg.set_gid("legend")
    return ax


def extend_map_key(ax: Any, handles: list[Any], *, first: bool = False, fontsize: float = 7,
                   gid: str = "legend") -> Any:
    """Put ``handles`` in the one key beside the map, after (or, ``first``, before) the entries it
    already has: a second key there would sit on top of the first. Returns the key.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from matplotlib.patches import Patch
    >>> ax = plt.figure().add_subplot()
    >>> _ = extend_map_key(ax, [Patch(label="woods")])
    >>> [t.get_text() for t in extend_map_key(ax, [Patch(label="US hexes")], first=True).get_texts()]
    ['US hexes', 'woods']
    """
    key = ax.get_legend()
    old = list(zip(key.legend_handles, (t.get_text() for t in key.get_texts()))) if key else []
    new = [(h, str(h.get_label())) for h in handles]
    both = new + old if first else old + new
    leg = ax.legend(handles=[h for h, _ in both], labels=[t for _, t in both], loc="upper left",
                    bbox_to_anchor=(1.01, 1.0), fontsize=fontsize, frameon=False)
    leg.set_gid(gid)
    return leg


# where things sit inside a unit-size cell, as offsets from its centre (y down); counters
# get the middle, so labels, levels, objectives and numbers go round them
_ANCHORS: dict[str, dict[str, tuple[float, float]]] = {
    "hex": {"label": (0.0, -0.6), "elevation": (0.45, 0.55), "objective": (-0.45, 0.5),
            "annotation": (0.0, 0.58), "counter": (0.0, 0.0), "feature": (0.5, -0.45)},
    "square": {"label": (0.0, -0.37), "elevation": (0.34, 0.37), "objective": (-0.33, 0.34),
               "annotation": (0.0, 0.36), "counter": (0.0, 0.03), "feature": (0.33, -0.33)},
}
_COUNTER_HALF = {"hex": 0.36, "square": 0.24}


def _anchor(m: Map, what: str) -> tuple[float, float]:
    return _ANCHORS[m.grid.type][what]


def _extent(m: Map) -> tuple[float, float, float, float]:
    layout = _layout(m)
    xs, ys = [], []
    for c in m.grid.cells():
        for x, y in layout.polygon(c):
            xs.append(x)
            ys.append(y)
    pad = 0.2
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _edge_segment(m: Map, e: Edge) -> list[tuple[float, float]]:
    layout = _layout(m)
    return [layout.point(p) for p in m.grid.edge_corners(e)]


def _draw_edges(ax: Any, m: Map) -> None:
    from matplotlib.collections import LineCollection

    by_feature: dict[str, list[list[tuple[float, float]]]] = {}
    for e, feats in m.edges.items():
        for f in feats:
            by_feature.setdefault(f, []).append(_edge_segment(m, e))
    # wide features first; the game's crossings (a bridge, an opening) on top of what they cross
    crossings = m.game.map_style.crossings

    def order(item: tuple[str, list]) -> tuple[bool, float]:
        return item[0] in crossings, -_edge_style(m, item[0]).width

    for f, segs in sorted(by_feature.items(), key=order):
        colour, width, style = _edge_style(m, f)
        lc = LineCollection(segs, colors=colour, linewidths=width, linestyles=style, zorder=5,
                            capstyle="round")
        lc.set_gid(f"edges:{f}")
        ax.add_collection(lc)


def _draw_roads(ax: Any, m: Map) -> None:
    from matplotlib.collections import LineCollection

    layout = _layout(m)
    for kind in ROAD_STYLES:
        lines = [[layout.to_pixel(c) for c in r.cells] for r in m.roads if r.kind == kind]
        if lines:
            colour, width, style = ROAD_STYLES[kind]
            lc = LineCollection(lines, colors=colour, linewidths=width, linestyles=style, zorder=4)
            lc.set_gid(f"roads:{kind}")
            ax.add_collection(lc)


def _draw_objectives(ax: Any, m: Map) -> None:
    layout = _layout(m)
    for o in m.objectives:
        marker, colour = OBJECTIVE_MARKERS.get(o.kind, FALLBACK_OBJECTIVE)
        x, y = layout.to_pixel(o.cell)
        dx, dy = _anchor(m, "objective")
        ax.plot([x + dx], [y + dy], marker=marker, color=colour, markersize=8,
                markeredgecolor="black", zorder=6, gid=f"objective:{o.kind}")


def _draw_features(ax: Any, m: Map) -> None:
    """Cell features (smoke, wrecks, mines, foxholes, wire) as small symbols, one per feature."""
    layout = _layout(m)
    dx, dy = _anchor(m, "feature")
    step = 0.2 if m.grid.type == "hex" else 0.16
    for c, feats in m.features.items():
        x, y = layout.to_pixel(c)
        for i, f in enumerate(feats):
            marker, colour = _feature_marker(m, f)
            ax.plot([x + dx - i * step], [y + dy], marker=marker, color=colour, markersize=6,
                    markeredgecolor="black", markeredgewidth=0.4, zorder=6, gid=f"feature:{f}")


def _draw_units(ax: Any, m: Map) -> None:
    from matplotlib.patches import Rectangle

    layout = _layout(m)
    sides = tuple(dict.fromkeys(u.side for u in m.units))
    stacks: dict[Cell, int] = {}
    half = _COUNTER_HALF[m.grid.type]
    cdx, cdy = _anchor(m, "counter")
    for u in m.units:
        k = stacks.get(u.cell, 0)
        stacks[u.cell] = k + 1
        x, y = layout.to_pixel(u.cell)
        x, y = x + cdx + 0.12 * k, y + cdy - 0.12 * k  # a stack fans out up and right
        colour = side_colour(u.side, sides, m.game.map_style.sides)
        ax.add_patch(Rectangle((x - half, y - half), 2 * half, 2 * half, facecolor=colour,
                               edgecolor="black", linewidth=0.8, zorder=COUNTER_Z + k, gid=f"unit:{u.id}"))
        ax.text(x, y, unit_abbreviation(u.type), ha="center", va="center", fontsize=5.5, color="white",
                fontweight="bold", zorder=COUNTER_Z + 0.5 + k)


# --- overlays ---------------------------------------------------------------------------
#: overlays (shading, rulers, paths) are drawn between z 8 and 11; cell labels and counters
#: stay above them, so an overlay never hides what is on the board
LABEL_Z = 12
COUNTER_Z = 13


def overlay_legend(ax: Any, *meanings: str, labels: Mapping[str, str] | None = None) -> Any:
    """Add the overlay meanings drawn on ``ax`` (keys of :data:`wartools.render.style.MEANINGS`)
    to the picture's overlay key (beside the map, under its legend), keeping the entries already there and the
    map's own legend. ``labels`` renames an entry for this picture ("start" for *selected*).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> ax = draw_map(tiny_map("combat-infantry", 3, 3), legend=True)
    >>> _ = overlay_legend(ax, "clear"); _ = overlay_legend(ax, "path", "clear")
    >>> [t.get_text() for t in overlay_legend(ax).get_texts()]
    ['line of sight: clear', 'path (running cost in each hex)']
    """
    from matplotlib.legend import Legend
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    shown: dict[str, str] = ax.__dict__.setdefault("_wartools_overlays", {})
    for name in meanings:
        shown.setdefault(name, (labels or {}).get(name, MEANINGS[name].label))
    handles: list[Any] = []
    for name, text in shown.items():
        look = MEANINGS[name]
        if look.line:
            handles.append(Line2D([], [], color=look.colour, linestyle=cast(Any, look.line),
                                  marker=look.marker or None, linewidth=2.5, label=text))
        else:
            handles.append(Patch(facecolor=look.colour, alpha=max(look.alpha, 0.35) if look.alpha else None,
                                 fill=look.alpha > 0, hatch=look.hatch or None, edgecolor=look.colour, label=text))
    for old in [a for a in ax.artists if a.get_gid() == "overlay-legend"]:
        old.remove()
    leg = _overlay_key_class()(ax, handles, [str(h.get_label()) for h in handles], loc="lower left",
                               bbox_to_anchor=(1.01, 0.0), fontsize=7, frameon=False, title="overlays",
                               title_fontsize=7, alignment="left")
    leg.set_gid("overlay-legend")
    leg.set_in_layout(True)
    ax.add_artist(leg)
    leg.set_clip_on(False)  # clipped to the axes, a tight crop (a notebook's inline picture) would cut it off
    return leg


_OVERLAY_KEY: list[type] = []


def _overlay_key_class() -> type:
    """The overlays' key: a legend that sits under the map's key when the map has one (at the
    foot of a short map the two overlapped), else at the foot of the map."""
    if _OVERLAY_KEY:
        return _OVERLAY_KEY[0]
    from matplotlib.legend import Legend

    class OverlayKey(Legend):
        def _place(self, renderer: Any) -> None:
            key = self.axes.get_legend() if self.axes is not None else None
            if key is not None and key.get_visible():
                ext = key.get_window_extent(renderer)
                x, y = self.axes.transAxes.inverted().transform((ext.x0, ext.y0 - 6))
                self.set_loc("upper left")
                self.set_bbox_to_anchor((x, y), transform=self.axes.transAxes)  # just under it

        def draw(self, renderer: Any) -> None:
            self._place(renderer)
            super().draw(renderer)

        def get_window_extent(self, renderer: Any = None) -> Any:
            if renderer is not None:
                self._place(renderer)
            return super().get_window_extent(renderer)

        def get_tightbbox(self, renderer: Any = None) -> Any:
            if renderer is not None:
                self._place(renderer)
            return super().get_tightbbox(renderer)

    _OVERLAY_KEY.append(OverlayKey)
    return OverlayKey


def add_title(ax: Any, m: Map, text: str) -> None:
    """Title a picture with one overlay's answer; a second overlay's answer is appended, so a
    picture with a line of sight and a path names both."""
    old = ax.get_title()
    ax.set_title(text if not old or old.startswith(m.name) else f"{old}\n{text}", fontsize=9)

def highlight_cells(ax: Any, m: Map, cells: Iterable[Cell | str], color: str = HIGHLIGHT,
                    alpha: float = 0.45, gid: str = "highlight", hatch: str | None = None) -> Any:
    """Shade cells (labels or cells) on top of the map (``hatch``: a matplotlib hatch pattern
    drawn in ``color``, visible on any terrain)."""
    from matplotlib.collections import PolyCollection

    layout = _layout(m)
    polys = [layout.polygon(c) for c in _cells(m, cells)]
    if hatch:
        pc = PolyCollection(polys, facecolors="none", edgecolors=color, linewidths=0.0, hatch=hatch, zorder=8)
        if alpha:
            fill = PolyCollection(polys, facecolors=color, alpha=alpha, edgecolors="none", zorder=8)
            fill.set_gid(f"{gid}-fill")
            ax.add_collection(fill)
    else:
        pc = PolyCollection(polys, facecolors=color, alpha=alpha, edgecolors=color, linewidths=1.0, zorder=8)
    pc.set_gid(gid)
    ax.add_collection(pc)
    return ax


def shade(ax: Any, m: Map, cells: Iterable[Cell | str], meaning: str, label: str | None = None,
          gid: str | None = None) -> Any:
    """Shade cells in the look of one meaning of the picture language
    (:data:`wartools.render.style.MEANINGS`: ``"viewshed"``, ``"dead-ground"``, ``"post-a"`` ...)
    and add it to the overlay key, optionally under a label of this picture's own; the shading's
    gid is ``gid`` (default: the meaning).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 3, 3)
    >>> ax = shade(draw_map(m), m, ["B2"], "dead-ground")
    >>> [c.get_gid() for c in ax.collections][-1], ax.collections[-1].get_hatch()
    ('dead-ground', 'xxx')
    """
    look = MEANINGS[meaning]
    highlight_cells(ax, m, cells, color=look.colour, alpha=look.alpha, gid=gid or meaning, hatch=look.hatch or None)
    overlay_legend(ax, meaning, labels={meaning: label} if label else None)
    return ax


def heat_cells(ax: Any, m: Map, values: Mapping[Cell, float], cmap: str = COUNT_CMAP,
               gid: str = "heat", colorbar: str | None = None, alpha: float = 0.7) -> Any:
    """Colour cells by a number (coverage counts, costs ...), with an optional colour bar;
    ``alpha`` lets the terrain show through (:data:`~wartools.render.style.SCALE_ALPHA` for
    pictures where the terrain matters, a reach)."""
    from matplotlib.collections import PolyCollection

    layout = _layout(m)
    items = [(m.cell(c), v) for c, v in values.items()]
    pc = PolyCollection([layout.polygon(c) for c, _ in items], array=[v for _, v in items], cmap=cmap,
                        alpha=alpha, edgecolors="none", zorder=8)
    pc.set_gid(gid)
    ax.add_collection(pc)
    if colorbar:
        bar = ax.figure.colorbar(pc, ax=ax, location="bottom", shrink=0.5, pad=0.02, aspect=40, label=colorbar)
        bar.ax.set_gid(f"{gid}-colorbar")
        if all(float(v).is_integer() for _, v in items):  # whole costs or counts: no 0.5 ticks
            from matplotlib.ticker import MaxNLocator

            bar.locator = MaxNLocator(integer=True)
            bar.update_ticks()
    return ax


def highlight_edges(ax: Any, m: Map, edges: Iterable[Edge], color: str = HIGHLIGHT,
                    width: float = 5.0, gid: str = "highlight-edges", meaning: str | None = None) -> Any:
    """Draw edges (hexsides, interspaces) in a highlight colour, or in the colour and line style
    of a ``meaning`` of the picture language (then also keyed in the overlay legend)."""
    from matplotlib.collections import LineCollection

    style = "-"
    if meaning is not None:
        color, style = MEANINGS[meaning].colour, MEANINGS[meaning].line or "-"
    lc = LineCollection([_edge_segment(m, e) for e in edges], colors=color, linewidths=width, zorder=9,
                        linestyles=style)
    lc.set_gid(gid)
    ax.add_collection(lc)
    if meaning is not None:
        overlay_legend(ax, meaning)
    return ax


def draw_ruler(ax: Any, m: Map, a: Cell | str, b: Cell | str, color: str = MEANINGS["clear"].colour,
               gid: str = "ruler", linestyle: str = "-", meaning: str | None = None) -> Any:
    """A centre-to-centre ruler from ``a`` to ``b``; with a ``meaning`` of the picture language,
    in its colour and line style and keyed in the overlay legend.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 3, 3)
    >>> ax = draw_ruler(draw_map(m), m, "A1", "C3", meaning="ruler")
    >>> [ln.get_linestyle() for ln in ax.lines if ln.get_gid() == "ruler"]
    ['-.']
    """
    if meaning is not None:
        color, linestyle = MEANINGS[meaning].colour, MEANINGS[meaning].line or linestyle
        overlay_legend(ax, meaning)
    layout = _layout(m)
    (x0, y0), (x1, y1) = layout.to_pixel(m.cell(a)), layout.to_pixel(m.cell(b))
    ax.plot([x0, x1], [y0, y1], color=color, linewidth=2.5, zorder=10, gid=gid, solid_capstyle="round",
            linestyle=linestyle)
    ax.plot([x0, x1], [y0, y1], "o", color=color, markersize=5, zorder=10)
    return ax


def draw_path(ax: Any, m: Map, cells: Sequence[Cell | str], color: str = MEANINGS["path"].colour,
              gid: str = "path", meaning: str | None = None) -> Any:
    """Arrows from cell to cell along a path; with a ``meaning`` of the picture language, in its
    colour and line style and keyed in the overlay legend."""
    style = "-"
    if meaning is not None:
        color, style = MEANINGS[meaning].colour, MEANINGS[meaning].line or "-"
        overlay_legend(ax, meaning)
    from matplotlib.patheffects import Normal, Stroke

    # a white outline under the arrow: it reads on any shading or heat (a pink path on pink heat too)
    outline = [Stroke(linewidth=4.5, foreground="white"), Normal()]
    layout = _layout(m)
    pts = [layout.to_pixel(c) for c in _cells(m, cells)]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0), zorder=10, gid=gid,
                    arrowprops={"arrowstyle": "-|>", "color": color, "lw": 2.0, "linestyle": style,
                                "path_effects": outline})
    return ax


def annotate_cells(ax: Any, m: Map, values: Mapping[Cell | str, Any], color: str = "black",
                   fontsize: float = 7.0, gid: str = "annotation") -> Any:
    """Write a value (a cost, a count) in the middle of each given cell, with a white halo so it
    reads on any shading."""
    from matplotlib.patheffects import withStroke

    halo = withStroke(linewidth=2.2, foreground="white")
    layout = _layout(m)
    for c, v in values.items():
        x, y = layout.to_pixel(m.cell(c))
        dx, dy = _anchor(m, "annotation")
        ax.text(x + dx, y + dy, str(v), ha="center", va="center", fontsize=fontsize,
                color=color, fontweight="bold", zorder=11, gid=gid, path_effects=[halo])
    return ax
