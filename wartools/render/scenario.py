"""Scenario pictures: the map, both forces in their side colours, set-up zones, entry
arrows for reinforcements still to come, objectives ringed in the colour of the side
that controls them, and the turn.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> s = loads_scenario(EXAMPLE)
>>> ax = draw_scenario(s)
>>> sorted({a.get_gid().split(":")[0] for a in ax.patches + ax.texts + ax.lines if a.get_gid()}
...        & {"unit", "setup", "entry", "objective-ring"})
['entry', 'objective-ring', 'setup', 'unit']
>>> ax.get_title()
'Bridge (doctest) -- game turn 1 of 4'
"""
from __future__ import annotations

import dataclasses
import textwrap
from typing import TYPE_CHECKING, Any

from wartools.mapmodel import Objective as MapObjective
from wartools.render.draw import COUNTER_Z, LABEL_Z, _layout, draw_legend, draw_map, extend_map_key
from wartools.render.style import NOBODY, SIDE_COLOURS, side_colour, unit_abbreviation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.scenario import Position, Scenario

#: a scenario counter's half size and its centre's offset (y down) in a unit cell: a little smaller
#: and lower than a map's, so the objective's name fits between the cell label and the counter
_HALF = {"hex": 0.27, "square": 0.19}
_CENTRE = {"hex": 0.02, "square": 0.1}
#: where the objective's name goes: between the cell label and the counter (y down)
_NAME_Y = {"hex": -0.44, "square": -0.21}
#: a stack fans out right and down (up would run into the objective's name)
_FAN = (0.1, 0.07)


def colours(s: Scenario) -> dict[str, str]:
    """One colour per side, in the scenario's side order (the same on every picture)."""
    sides = tuple(s.sides)
    return {side: side_colour(side, sides, s.map.game.map_style.sides) for side in sides}


def draw_scenario(s: Scenario, position: Position | None = None, ax: Any = None, *, setup: bool | None = None,
                  legend: bool = True, labels: bool = True) -> Any:
    """Draw scenario ``s`` at ``position`` (its set-up by default).

    Parameters
    ----------
    s, position
        The scenario and a position of it.
    setup
        Shade each side's set-up area (default: only for the set-up, turn 1).
    legend
        Add a key to the sides, zones, entry arrows and objective control.
    """
    from wartools.scenario import evaluate

    p = position or s.start()
    board = s.map_at(p)
    board = dataclasses.replace(board, objectives=tuple(MapObjective(o.cell, o.kind if o.kind in _KINDS else
                                                                     "objective", o.value) for o in s.objectives))
    ax = draw_map(board, ax, units=False, labels=labels, title=False)
    col = colours(s)
    show_setup = setup if setup is not None else p.turn == 1
    if show_setup:
        _draw_setup(ax, s, col)
    result = evaluate(s, p)
    _draw_objectives(ax, s, result, col)
    _draw_units(ax, s, p, col)
    entering = _draw_entries(ax, s, p, col)
    ax.set_title(f"{s.name} -- {s.rules.turn_name} {p.turn} of {s.turns}"
                 + (" (over)" if result.over else ""), fontsize=9, pad=16)
    # the standing between the title and the map: a colour bar under the map never covers it
    ax.text(0.0, 1.005, f"{result.result or 'no result'}: " + ", ".join(f"{k} {v} VP" for k, v in result.vp.items()),
            transform=ax.transAxes, fontsize=7, va="bottom", gid="victory")
    if legend:
        draw_legend(ax, dataclasses.replace(board, units=()))  # the sides are keyed once, by the scenario
        _legend(ax, s, col, result, show_setup, entering)
    return ax


_KINDS = ("victory", "resource", "manpower", "munitions", "fuel", "objective")


def _draw_setup(ax: Any, s: Scenario, col: dict[str, str]) -> None:
    from matplotlib.patches import Polygon

    layout = _layout(s.map)
    for side in s.sides:
        area = s.setup_area(side)
        if not area:
            continue
        for c in sorted(area, key=s.map.grid.to_offset):
            ax.add_patch(Polygon(layout.polygon(c), closed=True, facecolor=col[side], alpha=0.18,
                                 edgecolor=col[side], linewidth=0.8, hatch="//", zorder=2.5, gid=f"setup:{side}"))


def _draw_objectives(ax: Any, s: Scenario, result: Any, col: dict[str, str]) -> None:
    from matplotlib.patches import Polygon

    layout = _layout(s.map)
    for o in s.objectives:
        holder = result.controls[o.id].side
        colour = col.get(holder, NOBODY) if holder else NOBODY
        # above any shading (overlays are drawn between z 8 and 11), under the labels and counters
        ax.add_patch(Polygon(layout.polygon(o.cell), closed=True, fill=False, edgecolor=colour, linewidth=2.6,
                             linestyle="-" if holder else "--", zorder=LABEL_Z - 0.5, gid=f"objective-ring:{o.id}"))
        x, y = layout.to_pixel(o.cell)
        ax.text(x, y + _NAME_Y[s.map.grid.type], o.id, ha="center", va="center", fontsize=5.5, color="black",
                zorder=LABEL_Z, gid=f"objective-label:{o.id}",
                bbox={"boxstyle": "round,pad=0.08", "facecolor": "white", "alpha": 0.85, "linewidth": 0})


def _draw_units(ax: Any, s: Scenario, p: Position, col: dict[str, str]) -> None:
    from matplotlib.patches import Rectangle

    layout = _layout(s.map)
    half, centre = _HALF[s.map.grid.type], _CENTRE[s.map.grid.type]
    stacks: dict[Any, int] = {}
    hidden = {u.id for u in s.units() if u.hidden} if p.turn == 1 else set()
    for u in p.map_units(s):
        k = stacks.get(u.cell, 0)
        stacks[u.cell] = k + 1
        x, y = layout.to_pixel(u.cell)
        x, y = x + _FAN[0] * k, y + centre + _FAN[1] * k
        # above every shading, fully opaque: a counter keeps its side's colour on any picture;
        # a unit that sets up hidden gets a dashed outline and a '?' (seen only by its owner)
        ax.add_patch(Rectangle((x - half, y - half), 2 * half, 2 * half, facecolor=col[u.side], alpha=1.0,
                               edgecolor="black", linewidth=0.8, linestyle="--" if u.id in hidden else "-",
                               zorder=COUNTER_Z + k, gid=f"unit:{u.id}"))
        text = (unit_abbreviation(u.type) + ("?" if u.id in hidden else "")
                + (f"\n{u.strength}" if u.strength is not None else ""))
        ax.text(x, y, text, ha="center", va="center", fontsize=5, color="white", fontweight="bold",
                zorder=COUNTER_Z + 0.5 + k, gid=f"unit-label:{u.id}")


def _edge_direction(s: Scenario, cells: tuple[Any, ...]) -> tuple[float, float]:
    """The outward direction (dx, dy) of the board edge nearest to the entry cells (y down)."""
    g = s.map.grid
    cols = [g.to_offset(c)[0] for c in cells]
    rows = [g.to_offset(c)[1] for c in cells]
    gaps = {(-1.0, 0.0): min(cols), (1.0, 0.0): g.columns - 1 - max(cols),
            (0.0, -1.0): min(rows), (0.0, 1.0): g.rows - 1 - max(rows)}
    return min(gaps, key=lambda d: gaps[d])


def _draw_entries(ax: Any, s: Scenario, p: Position, col: dict[str, str]) -> dict[str, list[Any]]:
    """A short arrow from the board's edge into each entry cell of a reinforcement still to come, in
    its side's colour; which units enter when is said in the key (words on the board would sit
    under counters, the title or the key). Returns the waiting units by side."""
    layout = _layout(s.map)
    waiting = set(p.waiting(s))
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for u in s.units():
        if u.id in waiting and u.enters is not None:
            groups.setdefault(s.entry_cells(u), []).append(u)
    by_side: dict[str, list[Any]] = {}
    for cells, units in groups.items():
        dx, dy = _edge_direction(s, cells)
        side = units[0].side
        by_side.setdefault(side, []).extend(units)
        ordered = sorted(cells, key=s.map.grid.to_offset)
        # a whole map edge gets three arrows (its ends and middle), a zone one per cell
        shown = ordered if len(ordered) <= 3 else [ordered[0], ordered[len(ordered) // 2], ordered[-1]]
        for c in shown:
            x, y = layout.to_pixel(c)
            ax.annotate("", xy=(x + dx * 0.35, y + dy * 0.35), xytext=(x + dx * 0.95, y + dy * 0.95),
                        zorder=10, gid=f"entry:{side}",
                        arrowprops={"arrowstyle": "-|>", "color": col[side], "linewidth": 1.6})
    return by_side


def entry_words(s: Scenario, units: list[Any]) -> str:
    """When reinforcements enter, in words: ``us-eng-1 on game turn 2, us-tank-1 on game turn 3``.

    Examples
    --------
    >>> from wartools.scenario import loads_scenario
    >>> from wartools.scenario.model import EXAMPLE
    >>> s = loads_scenario(EXAMPLE)
    >>> entry_words(s, [u for u in s.units() if u.enters])
    'us-2 on game turn 3'
    """
    return ", ".join(f"{u.id} on {s.rules.turn_name} {u.enters.turn}" for u in units if u.enters)


def _legend(ax: Any, s: Scenario, col: dict[str, str], result: Any, setup: bool,
            entering: dict[str, list[Any]]) -> None:
    """The scenario's key: each side once, and only what the picture draws (set-up areas on a
    set-up picture, entries still to come, the holders of the objectives now)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Patch(facecolor=c, edgecolor="black", label=f"{side} units") for side, c in col.items()]
    if setup:
        handles += [Patch(facecolor=c, alpha=0.3, hatch="//", edgecolor=c, label=f"{side} set-up area")
                    for side, c in col.items() if s.setup_area(side)]
    handles += [Line2D([], [], color=col[side], marker=">",
                       label=textwrap.fill(f"{side} enter: {entry_words(s, units)}", 44, subsequent_indent="  "))
                for side, units in entering.items()]
    holders = [result.controls[o.id].side for o in s.objectives]
    handles += [Patch(fill=False, edgecolor=c, linewidth=2, label=f"objective held by {side}")
                for side, c in col.items() if side in holders]
    if None in holders or "" in holders:
        handles.append(Patch(fill=False, edgecolor=NOBODY, linestyle="--", linewidth=2,
                             label="objective held by nobody"))
    # above the map's key (terrain, features, roads)
    extend_map_key(ax, handles, first=True, fontsize=6, gid="scenario-legend")


def scenario_png(s: Scenario, position: Position | None = None, dpi: int = 100) -> bytes:
    """The scenario drawn as PNG bytes (what a ``Scenario`` shows in a notebook)."""
    from wartools.render import axes_png

    return axes_png(draw_scenario(s, position), dpi)


__all__ = ["SIDE_COLOURS", "colours", "draw_scenario", "entry_words", "scenario_png"]
