"""Pictures of movement answers: a path, a reach, alternatives, turn plans and routes.

Every function draws an answer the engine has already given (it computes nothing): the
answer first, then ``ax`` (a new picture of the answer's map, with its key, when
``None``), then options. The answers' ``draw()`` methods call them, and so does
``wartools render --reach A`` / ``--path A B``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map
    from wartools.movement.results import Alternatives, PathResult, Reach, TurnPlan
    from wartools.movement.turns import TurnRoute, TurnsReach


def _axes(m: Map, ax: Any) -> Any:
    """``ax``, or a new picture of ``m`` with its key."""
    from wartools.render.draw import draw_map

    return draw_map(m) if ax is None else ax


def draw_path_result(res: PathResult, ax: Any = None, *, title: bool = False) -> Any:
    """A path in the picture language: arrows along the cells in the *path* look with the
    running cost in each cell, or the unreachable goal marked; keyed, and with ``title`` the
    cost or why the goal is out of reach added to the title."""
    from wartools.render.draw import add_title, annotate_cells, draw_path, overlay_legend, shade
    from wartools.render.style import MEANINGS

    m = res.map
    ax = _axes(m, ax)
    if res.reachable:
        look = MEANINGS["path"]
        draw_path(ax, m, res.cells, color=look.colour, gid="move-path")
        annotate_cells(ax, m, dict(zip(res.cells, res.cumulative())), color=look.colour, gid="move-cost")
        overlay_legend(ax, "path")
    else:
        shade(ax, m, [res.goal], "unreachable", gid="move-unreachable")
    if title:
        note = f"{res.cost} {res.points}" if res.reachable else f"unreachable: {res.why_not}"
        add_title(ax, m, f"path {m.label(res.start)} -> {m.label(res.goal)}: {note}")
    return ax


def draw_reach(reach: Reach, ax: Any = None) -> Any:
    """Where a move can end: cells shaded by cost on the *reach* scale (with a colour bar) and
    the cost written in each; the start marked."""
    from wartools.render.draw import annotate_cells, heat_cells, shade
    from wartools.render.style import REACH_CMAP, SCALE_ALPHA

    m = reach.map
    ax = _axes(m, ax)
    heat_cells(ax, m, reach.costs, cmap=REACH_CMAP, gid="reach", colorbar=f"cost to get there ({reach.points})",
               alpha=SCALE_ALPHA)
    annotate_cells(ax, m, reach.costs, gid="reach-cost")
    shade(ax, m, [reach.start], "start", gid="reach-start")
    return ax


def draw_turns_reach(reach: TurnsReach, ax: Any = None) -> Any:
    """Where a unit can be after each turn: cells shaded by the fewest turns on the *reach* scale
    (with a colour bar), the number of turns written in each; the start marked."""
    from wartools.render.draw import annotate_cells, heat_cells, shade
    from wartools.render.style import REACH_CMAP, SCALE_ALPHA

    m = reach.map
    ax = _axes(m, ax)
    heat_cells(ax, m, reach.turns_to, cmap=REACH_CMAP, gid="reach-turns", colorbar="turns to get there",
               alpha=SCALE_ALPHA)
    annotate_cells(ax, m, reach.turns_to, gid="reach-turns-count")
    shade(ax, m, [reach.start], "start", gid="reach-start")
    return ax


def draw_alternatives(alts: Alternatives, ax: Any = None) -> Any:
    """The cheapest path drawn in full (:func:`draw_path_result`) and the other paths' arrows
    in the *cheapest route* look beside it, keyed."""
    from wartools.render.draw import draw_path, overlay_legend

    first, *others = alts.paths
    m = first.map
    ax = draw_path_result(first, _axes(m, ax))
    if others:
        overlay_legend(ax, "alternative-path")
        for i, p in enumerate(others, 2):
            draw_path(ax, m, p.cells, gid=f"alternative-path-{i}", meaning="alternative-path")
    return ax


def _turn_ends(ax: Any, m: Map, ends: list[Any]) -> None:
    """Number the cells where each turn ends (1, 2 ...), keyed as *turn end*."""
    from wartools.render.draw import annotate_cells, shade
    from wartools.render.style import MEANINGS

    shade(ax, m, ends, "turn-end", gid="turn-end")
    annotate_cells(ax, m, {c: f"T{i}" for i, c in enumerate(ends, 1)}, color=MEANINGS["turn-end"].colour,
                   gid="turn-end-number")


def draw_turn_plan(plan: TurnPlan, ax: Any = None) -> Any:
    """The plan's path (:func:`draw_path_result`) with the cell each turn ends on shaded and
    numbered (T1, T2 ...)."""
    ax = draw_path_result(plan.path, ax)
    if plan.feasible:
        _turn_ends(ax, plan.path.map, plan.ends())
    return ax


def draw_turn_route(route: TurnRoute, ax: Any = None) -> Any:
    """Each turn's move (:func:`draw_path_result`) with the cell each turn ends on shaded and
    numbered; a goal out of reach marked."""
    from wartools.render.draw import add_title, shade

    m = route.map
    ax = _axes(m, ax)
    if not route.legs:
        shade(ax, m, [route.goal], "unreachable", gid="move-unreachable")
        add_title(ax, m, f"{m.label(route.start)} -> {m.label(route.goal)}: not within {route.max_turns} turn(s)")
        return ax
    for leg in route.legs:
        draw_path_result(leg, ax)
    _turn_ends(ax, m, [leg.goal for leg in route.legs])
    return ax
