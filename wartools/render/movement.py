"""Movement overlays for pictures: plain data (:func:`reach_overlay`, :func:`path_overlay`)
and matplotlib drawers (:func:`draw_reach`, :func:`draw_path_overlay`) used by
``wartools render --reach A`` / ``--path A B``. The renderer is imported lazily.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartools.grids.base import Cell

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map
    from wartools.movement.results import PathResult, Reach
    from wartools.movement.turns import TurnsReach


def _situation(kw: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in kw.items() if v is not None and k in
            ("side", "weather", "night", "options", "extra_points")}


def reach_overlay(m: Map, start: Cell | str, unit: str | None = None, budget: int | None = None,
                  **situation: Any) -> dict[Cell, int]:
    """``{cell: cost}`` for every cell one move can end on.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 3, 1)
    >>> {m.label(c): v for c, v in reach_overlay(m, "A1", "infantry").items()}
    {'A1': 0, 'B1': 1, 'C1': 2}
    """
    from wartools.movement.search import reachable

    return dict(reachable(m, start, unit, budget=budget, **_situation(situation)).costs)


def path_overlay(m: Map, start: Cell | str, goal: Cell | str, unit: str | None = None,
                 **situation: Any) -> tuple[list[Cell], list[int], str]:
    """The cheapest path's cells, the points spent on arriving in each, and a one-line note.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 3, 1, terrain={'B1': 'water'})
    >>> path_overlay(m, "A1", "C1", "infantry")[2]
    'unreachable: from A1 (reached for 0 cp) the step into B1 is impossible: water hex: impassable (Company of Heroes 4, Obstacles to Movement)'
    """
    from wartools.movement.search import path

    res = path(m, start, goal, unit, **_situation(situation))
    if not res.reachable:
        return [], [], f"unreachable: {res.why_not}"
    return list(res.cells), res.cumulative(), f"{res.cost} {res.points}"


def draw_reach(ax: Any, m: Map, start: Cell | str, budget: int | None = None, unit: str | None = None,
               **situation: Any) -> Any:
    """Shade the cells one move can end on by cost, and write the costs in them."""
    from wartools.movement.search import reachable

    return reachable(m, start, unit, budget=budget, **_situation(situation)).draw(ax)


def draw_path_overlay(ax: Any, m: Map, start: Cell | str, goal: Cell | str, unit: str | None = None,
                      **situation: Any) -> Any:
    """Arrows along the cheapest path with the running cost in each cell; an
    unreachable goal is marked and the reason written as the axes title."""
    from wartools.movement.search import path

    res = path(m, start, goal, unit, **_situation(situation))
    res.draw(ax)
    from wartools.render.draw import add_title

    note = f"{res.cost} {res.points}" if res.reachable else f"unreachable: {res.why_not}"
    add_title(ax, m, f"path {m.label(res.start)} -> {m.label(res.goal)}: {note}")
    return ax


def draw_path_result(res: PathResult, m: Map, ax: Any = None) -> Any:
    """A path in the picture language: arrows along the cells in the *path* look with the
    running cost in each cell, or the unreachable goal marked; a key below the map."""
    from wartools.render.draw import annotate_cells, draw_map, draw_path, overlay_legend, shade
    from wartools.render.style import MEANINGS

    ax = draw_map(m) if ax is None else ax
    if res.reachable:
        look = MEANINGS["path"]
        draw_path(ax, m, res.cells, color=look.colour, gid="move-path")
        annotate_cells(ax, m, dict(zip(res.cells, res.cumulative())), color=look.colour, gid="move-cost")
        overlay_legend(ax, "path")
    else:
        shade(ax, m, [res.goal], "unreachable", gid="move-unreachable")
    return ax


def draw_reach_result(reach: Reach, m: Map, ax: Any = None) -> Any:
    """Where a move can end: cells shaded by cost on the *reach* scale (with a colour bar) and
    the cost written in each; the start marked."""
    from wartools.render.draw import annotate_cells, draw_map, heat_cells, shade
    from wartools.render.style import REACH_CMAP

    ax = draw_map(m) if ax is None else ax
    heat_cells(ax, m, reach.costs, cmap=REACH_CMAP, gid="reach", colorbar=f"cost to get there ({reach.points})")
    annotate_cells(ax, m, reach.costs, gid="reach-cost")
    shade(ax, m, [reach.start], "start", gid="reach-start")
    return ax


def draw_turns_reach(reach: TurnsReach, m: Map, ax: Any = None) -> Any:
    """Where a unit can be after each turn: cells shaded by the fewest turns on the *reach* scale
    (with a colour bar), the number of turns written in each; the start marked."""
    from wartools.render.draw import annotate_cells, draw_map, heat_cells, shade
    from wartools.render.style import REACH_CMAP

    ax = draw_map(m) if ax is None else ax
    heat_cells(ax, m, reach.turns_to, cmap=REACH_CMAP, gid="reach-turns", colorbar="turns to get there")
    annotate_cells(ax, m, reach.turns_to, gid="reach-turns-count")
    shade(ax, m, [reach.start], "start", gid="reach-start")
    return ax
