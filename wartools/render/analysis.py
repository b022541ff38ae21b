"""Pictures of scenario analysis answers: the threat heat map, routes, fire plans, races and
set-up advice, drawn over the scenario picture (:func:`wartools.render.scenario.draw_scenario`).

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> from wartools.analysis import threat_map
>>> ax = draw_threat(threat_map(loads_scenario(EXAMPLE), "US"))
>>> [c.get_gid() for c in ax.collections if c.get_gid() == "threat"]
['threat']
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartools.render.draw import annotate_cells, draw_path, heat_cells, highlight_cells
from wartools.render.scenario import draw_scenario

if TYPE_CHECKING:  # pragma: no cover
    from wartools.analysis.route import Route
    from wartools.analysis.setup import SetupAdvice
    from wartools.analysis.threat import ThreatMap


def draw_threat(t: ThreatMap, ax: Any = None, *, legend: bool = False, numbers: bool = True) -> Any:
    """The scenario with every threatened cell coloured by its expected hits (the number of
    attackers written in it)."""
    b = t.board
    ax = draw_scenario(b.scenario, b.position, ax, setup=False, legend=legend)
    hot = {c: float(v.expected) for c, v in t.cells.items() if v.attacks}
    if hot:
        heat_cells(ax, b.map, hot, cmap="OrRd", gid="threat", colorbar="expected hits")
        if numbers:
            annotate_cells(ax, b.map, {c: len(v.attacks) for c, v in t.cells.items() if v.attacks},
                           gid="threat-attackers")
    ax.set_title(f"threat to {t.side} ({t.target_type})" + (", attackers moving" if t.moving else ""))
    return ax


def draw_route_answer(r: Route, ax: Any = None) -> Any:
    """The threat to the mover's side as a heat map, the cheapest route in red and the
    least-exposed one in blue."""
    from wartools.analysis.threat import threat_map

    b = r.board
    ax = draw_threat(threat_map(b, b.unit(r.unit).side, target=b.unit(r.unit).type), ax, numbers=False)
    if r.reachable:
        draw_path(ax, b.map, r.cheapest_cells, color="#d62728", gid="cheapest-route")
        draw_path(ax, b.map, r.cells, color="#1f77b4", gid="least-exposed-route")
    ax.set_title(f"{r.unit} to {b.map.label(r.goal)}: least exposed (blue) and cheapest (red)")
    return ax


def draw_setup(a: SetupAdvice, ax: Any = None, *, top: int = 10) -> Any:
    """The candidate cells coloured by rank (darker is better), the ``top`` ones numbered, and the
    enemy's approach cells outlined."""
    b = a.board
    ax = draw_scenario(b.scenario, b.position, ax, setup=False, legend=False)
    n = len(a.cells)
    if n:
        heat_cells(ax, b.map, {c.cell: float(n - i) / n for i, c in enumerate(a.cells)}, cmap="Greens", gid="setup-rank")
        annotate_cells(ax, b.map, {c.cell: i + 1 for i, c in enumerate(a.cells[:top])}, gid="setup-top")
    if a.approach:
        highlight_cells(ax, b.map, a.approach, color="#d62728", alpha=0.15, gid="approach")
    ax.set_title(f"set-up advice: {a.unit_type} of {a.side}")
    return ax


def draw_cells(ax: Any, board_map: Any, cells: Any, colour: str = "#2ca02c", gid: str = "cells") -> Any:
    """Shade some cells (attackers, objectives, advice)."""
    return highlight_cells(ax, board_map, cells, color=colour, gid=gid)


__all__ = ["draw_cells", "draw_route_answer", "draw_setup", "draw_threat"]
