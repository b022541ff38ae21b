"""Pictures of scenario analysis answers: the threat heat map, routes, fire plans, races and
set-up advice, drawn over the scenario picture (:func:`wartools.render.scenario.draw_scenario`).
Each draws an answer already computed (the answer first, then ``ax``, then options).

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

from wartools.errors import WartoolsError
from wartools.render.draw import _extent, annotate_cells, draw_path, draw_ruler, heat_cells, shade
from wartools.render.scenario import draw_scenario
from wartools.render.style import RANK_CMAP, THREAT_CMAP

#: room between the title and the map for the victory line (:func:`draw_scenario` writes it there)
TITLE_PAD = 16

if TYPE_CHECKING:  # pragma: no cover
    from wartools.analysis.fireplan import FirePlan
    from wartools.analysis.race import Race
    from wartools.analysis.route import Route
    from wartools.analysis.sides import SidesOverview
    from wartools.analysis.setup import SetupAdvice
    from wartools.analysis.threat import ThreatMap
    from wartools.scenario.victory import VictoryResult


def _axes_with_bar(m: Any) -> Any:
    """New axes for a map with a colour bar under it: the map's usual size plus the bar's room
    (the bar would otherwise take it from the map, and the labels would crowd the counters)."""
    import matplotlib.pyplot as plt

    x0, y0, x1, y1 = _extent(m)
    return plt.subplots(figsize=(max(3.0, (x1 - x0) * 0.55), max(3.0, (y1 - y0) * 0.55) + 1.2))[1]


def draw_threat(t: ThreatMap, ax: Any = None, *, legend: bool = True, numbers: bool = True) -> Any:
    """The scenario with every threatened cell coloured by its expected hits (the number of
    attackers written in it)."""
    b = t.board
    ax = _axes_with_bar(b.map) if ax is None else ax
    ax = draw_scenario(b.scenario, b.position, ax, setup=False, legend=legend)
    hot = {c: float(v.expected) for c, v in t.cells.items() if v.attacks}
    if hot:
        heat_cells(ax, b.map, hot, cmap=THREAT_CMAP, gid="threat", colorbar="expected hits")
        if numbers:
            annotate_cells(ax, b.map, {c: len(v.attacks) for c, v in t.cells.items() if v.attacks},
                           gid="threat-attackers")
    ax.set_title(f"threat to {t.side} ({t.target_type})" + (", attackers moving" if t.moving else ""),
                 fontsize=9, pad=TITLE_PAD)
    return ax


def draw_route_answer(r: Route, ax: Any = None, *, legend: bool = True) -> Any:
    """The threat the route was measured on as a heat map, the cheapest route (dashed) and the
    least-exposed one (solid), each in its look of the picture language and keyed."""
    b = r.board
    if r.threat is not None:
        ax = draw_threat(r.threat, ax, numbers=False, legend=legend)
    else:
        ax = draw_scenario(b.scenario, b.position, ax, setup=False, legend=legend)
    if r.reachable:
        draw_path(ax, b.map, r.cheapest_cells, gid="cheapest-route", meaning="cheapest-route")
        draw_path(ax, b.map, r.cells, gid="least-exposed-route", meaning="safest-route")
    ax.set_title(f"{r.unit} to {b.map.label(r.goal)}: least exposed (solid) and cheapest (dashed)",
                 fontsize=9, pad=TITLE_PAD)
    return ax


def draw_setup(a: SetupAdvice, ax: Any = None, *, top: int = 10, legend: bool = True) -> Any:
    """The candidate cells coloured by rank (1 = best, darkest; with its colour bar), the ``top``
    ones numbered, and the enemy's approach cells shaded."""
    b = a.board
    ax = _axes_with_bar(b.map) if ax is None else ax
    ax = draw_scenario(b.scenario, b.position, ax, setup=False, legend=legend)
    n = len(a.cells)
    if n:
        heat_cells(ax, b.map, {c.cell: i + 1 for i, c in enumerate(a.cells)}, cmap=RANK_CMAP,
                   gid="setup-rank", colorbar=f"rank among the {n} set-up cells (1 = best, darkest)")
        annotate_cells(ax, b.map, {c.cell: i + 1 for i, c in enumerate(a.cells[:top])}, gid="setup-top")
    if a.approach:
        shade(ax, b.map, a.approach, "approach")
    ax.set_title(f"set-up advice: {a.unit_type} of {a.side}", fontsize=9, pad=TITLE_PAD)
    return ax


def draw_sides_overview(o: SidesOverview, ax: Any = None) -> Any:
    """One map per side, one above the other: the scenario at the overview's position, the cells
    the side's units see shaded as *viewshed* and those they reach this turn unseen as *reachable*,
    each keyed with the side's name. ``ax``: draw only the first side's map there. Returns the
    first map's axes."""
    import matplotlib.pyplot as plt

    b = o.board
    s, turn = b.scenario, b.scenario.rules.turn_name
    if ax is None:
        x0, y0, x1, y1 = _extent(b.map)
        width = 12.0  # the map about 9 inches wide, its key beside it
        height = 9.0 * (y1 - y0) / (x1 - x0) + 1.2
        _, axes = plt.subplots(len(o.sides), 1, figsize=(width, height * len(o.sides)))
        axes = list(getattr(axes, "flat", [axes]))
    else:
        axes = [ax]
    for a, view in zip(axes, o.sides):
        draw_scenario(s, b.position, a, setup=False)
        shade(a, b.map, view.seen, "viewshed", label=f"seen by the {view.side} units")
        shade(a, b.map, view.reached - view.seen, "reachable", label=f"reachable by the {view.side} units, unseen")
        a.set_title(f"{view.side}: what its units see, and reach this {turn} unseen", fontsize=9, pad=TITLE_PAD)
    return axes[0]


def draw_race(race: Race, ax: Any = None) -> Any:
    """Each objective shaded and labelled with the side first there and its turn
    (``US T2``; ``tie T3``; ``-`` when no side gets there before the end)."""
    b = race.board
    ax = draw_scenario(b.scenario, b.position, ax, setup=False)
    s, where = b.scenario, {}
    for oid in race.first:
        side, by = race.margin(oid)
        turns = [a.turn for a in race.first[oid].values() if a is not None]
        where[s.objective(oid).cell] = ("-" if not turns else
                                        f"{'tie' if by == 0 else side} T{min(turns)}")
    if where:
        shade(ax, b.map, list(where), "objective", gid="race-objectives")
        annotate_cells(ax, b.map, where, gid="race-first")
    ax.set_title(f"race to the objectives from {s.rules.turn_name} {race.turn}")
    return ax


def draw_fire_plan(plan: FirePlan, ax: Any = None) -> Any:
    """A ruler from each shooter to its target in the *fire line* look and every target shaded,
    keyed; titled with the objective and its value."""
    b = plan.board
    ax = draw_scenario(b.scenario, b.position, ax, setup=False)
    for a in plan.assignments:
        draw_ruler(ax, b.map, b.unit(a.unit).cell, b.unit(a.target).cell, gid="fire-line", meaning="fire-line")
    targets = [b.unit(t.target).cell for t in plan.targets]
    if targets:
        shade(ax, b.map, targets, "target", gid="fire-targets")
    ax.set_title(f"fire plan for {plan.side}: {plan.objective} {float(plan.value):.3f}")
    return ax


def draw_victory(v: VictoryResult, ax: Any = None) -> Any:
    """The evaluated position with each objective's controller written in it (``-``: nobody),
    titled with the result."""
    if v.source is None:
        raise WartoolsError("this victory result carries no scenario to draw")
    s = v.source
    ax = draw_scenario(s, v.position, ax, setup=False)
    held = {s.objective(oid).cell: c.side or "-" for oid, c in v.controls.items()}
    if held:
        annotate_cells(ax, s.map, held, gid="victory-control")
    state = "final" if v.over else "if the game ended now"
    ax.set_title(f"{s.name}, turn {v.turn}: {v.result or 'no result'} ({state})")
    return ax


def draw_cells(ax: Any, board_map: Any, cells: Any, meaning: str, gid: str | None = None) -> Any:
    """Shade some cells (attackers, objectives, targets) in the look of a meaning of the picture
    language (:data:`wartools.render.style.MEANINGS`), keyed in the overlay legend."""
    return shade(ax, board_map, cells, meaning, gid=gid)


__all__ = ["draw_cells", "draw_fire_plan", "draw_race", "draw_route_answer", "draw_setup", "draw_sides_overview",
           "draw_threat", "draw_victory"]
