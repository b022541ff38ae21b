"""Worked examples on movement in Company of Heroes.

Riflemen enter a building for one cp and stay; a jeep's speed die adds a
fourth hex; three cp per unit per round, whatever turns they are spent in;
water, red lines, enemies and allies as obstacles.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Basic Movement, Obstacles to
Movement, Regular Infantry, Weapon Teams, Light Vehicle Units).
"""
from __future__ import annotations

from typing import Any

from wartools.games.company_of_heroes.movement import Rules
from wartools.lessons.company_of_heroes.maps import (
    BUILDING_MOVE_MAP,
    CORRIDOR_MAP,
    OBSTACLE_MAP,
    OPEN_MAP,
    _labels,
    fixture,
)
from wartools.lessons.company_of_heroes.worked_example import WorkedExample
from wartools.mapmodel import Map
from wartools.movement import MoveGraph, PathResult, Reach, path, reachable
from wartools.render.movement import draw_path_overlay, draw_reach


def riflemen_enter_building() -> WorkedExample:
    """The Riflemen spend one cp to enter a building and cannot leave it this round.

    Company of Heroes 4, Regular Infantry and Weapon Teams (Mortar and AT
    teams cannot enter buildings).

    Examples
    --------
    >>> f = riflemen_enter_building().facts
    >>> f["cost"], f["left_over"], f["mortar_can_enter"]
    (1, 2, False)
    """
    m = fixture(BUILDING_MOVE_MAP)
    enter = path(m, "B2", "C2")
    beyond = path(m, "B2", "D2")
    # next: the squad stands in C2 having entered it this round
    inside = _retag(m.moved("riflemen", "C2"), "riflemen", ("entered-this-round",))
    stuck = path(inside, "C2", "D2")
    mortar = path(m, "B2", "C2", "mortar-team")
    facts = {"cost": enter.cost, "why": enter.steps[0].why, "left_over": Rules.cp_per_round - _cost(enter),
             "beyond_path": beyond.labels(), "beyond_goes_through_building": "C2" in beyond.labels()[1:-1],
             "leave_why_not": stuck.why_not, "mortar_can_enter": mortar.reachable,
             "mortar_why_not": mortar.why_not}
    summary = (f"Entering C2 costs {enter.cost} cp ({enter.steps[0].why}). The squad still has "
               f"{facts['left_over']} cp but cannot use them to leave: {stuck.why_not}. A mortar team may not "
               f"go in at all: {mortar.why_not}")

    def overlay(ax: Any) -> Any:
        return draw_path_overlay(ax, m, "B2", "C2")
    return WorkedExample("Riflemen enter a building", "Company of Heroes 4, Regular Infantry", m, facts,
                         summary, overlay)


def _cost(p: PathResult) -> int:
    """The cost of a path the example needs to be reachable."""
    if p.cost is None:
        raise RuntimeError(f"example path {p.grid.label(p.start)} -> {p.grid.label(p.goal)} is unreachable: "
                           f"{p.why_not}")
    return p.cost


def _graph(reach: Reach) -> MoveGraph:
    """The movement graph a :func:`reachable` search recorded."""
    if reach.graph is None:
        raise RuntimeError("reachable() returned no movement graph")
    return reach.graph


def _retag(m: Map, unit_id: str, tags: tuple[str, ...]) -> Map:
    u = m.unit(unit_id)
    extra: dict[str, Any] = {"tags": list(tags)}
    if u.name:
        extra["name"] = u.name
    if u.strength is not None:
        extra["strength"] = u.strength
    return m.without_unit(unit_id).with_unit(unit_id, u.side, u.type, u.cell, **extra)


def jeep_speed_die() -> WorkedExample:
    """The jeep moves three hexes for three cp, then a fourth with its speed die.

    Company of Heroes 4, Light Vehicle Units.

    Examples
    --------
    >>> f = jeep_speed_die().facts
    >>> f["allowance"], f["farthest"], f["infantry_allowance"]
    (4, 4, 3)
    """
    m = fixture(OPEN_MAP)
    reach = reachable(m, "A2")
    farthest = max(reach.costs.values())
    run = path(m, "A2", "E2")
    infantry = reachable(m, "A3")
    facts = {"allowance": reach.budget, "why": _graph(reach).rules.allowance_why(), "farthest": farthest,
             "path": run.labels(), "cost": run.cost, "infantry_allowance": infantry.budget,
             "infantry_farthest": max(infantry.costs.values())}
    summary = (f"The jeep has {facts['why']}: it reaches hexes up to {farthest} away, e.g. "
               f"{' -> '.join(run.labels())} for {run.cost} cp. The infantry squad beside it stops at "
               f"{facts['infantry_farthest']}.")

    def overlay(ax: Any) -> Any:
        draw_reach(ax, m, "A2")
        return draw_path_overlay(ax, m, "A2", "E2")
    return WorkedExample("The jeep's speed die", "Company of Heroes 4, Light Vehicle Units", m, facts, summary,
                         overlay)


def three_cp_per_round() -> WorkedExample:
    """Player One's squad spends 2 cp in one turn and 1 cp in the next: it is done for the round.

    Company of Heroes 4, Basic Movement (one hex per cp, at most three cp per
    unit per round, three turns of three cp per player).

    Examples
    --------
    >>> f = three_cp_per_round().facts
    >>> f["spent"], f["left"], f["can_still_reach"]
    (3, 0, ['D3'])
    """
    m = fixture(OPEN_MAP)
    first = path(m, "A3", "C3")          # turn 1: two cp
    m1 = m.moved("squad", "C3")
    second = path(m1, "C3", "D3")        # turn 2: one cp
    spent = _cost(first) + _cost(second)
    left = Rules.cp_per_round - spent
    m2 = m1.moved("squad", "D3")
    after = reachable(m2, "D3", budget=left)
    facts: dict[str, Any] = {"turn1": first.cost, "turn2": second.cost, "spent": spent, "left": left,
             "can_still_reach": sorted(_labels(m2, after.costs)), "path": first.labels() + second.labels()[1:]}
    summary = (f"Turn 1: {' -> '.join(first.labels())} for {first.cost} cp; turn 2: "
               f"{' -> '.join(second.labels())} for {second.cost} cp. {spent} of {Rules.cp_per_round} cp "
               f"are spent, {left} left: the squad can only stay at {facts['can_still_reach'][0]}.")

    def overlay(ax: Any) -> Any:
        from wartools.render import annotate_cells, draw_path
        draw_path(ax, m, facts["path"])
        return annotate_cells(ax, m, {"B3": "1", "C3": "2", "D3": "3"}, color="#d62728")
    return WorkedExample("Three cp per unit per round", "Company of Heroes 4, Basic Movement", m, facts,
                         summary, overlay)


def obstacles() -> WorkedExample:
    """Water, red lines and enemies stop a move; an ally can be passed but not ended on.

    Company of Heroes 4, Obstacles to Movement.

    Examples
    --------
    >>> f = obstacles().facts
    >>> f["end_on_ally"], f["through_ally"]
    (False, True)
    """
    m = fixture(OBSTACLE_MAP)
    reach = reachable(m, "A3")
    water = path(m, "D3", "D4", "infantry", side="US")
    enemy = path(m, "A3", "C4")
    red = path(m, "A3", "F3")
    ally = path(m, "A3", "B2")
    lane = fixture(CORRIDOR_MAP)
    via = path(lane, "A1", "C1")
    facts = {"reach": dict(sorted(reach.labels().items())), "water": water.why_not, "enemy": enemy.why_not,
             "red_distance": m.grid.distance(m.cell("A3"), m.cell("F3")), "red_cost": red.cost,
             "red_path": red.labels(), "end_on_ally": ally.reachable, "ally_why": ally.why_not,
             "through_ally": "B1" in via.labels()[1:-1],
             "via_path": via.labels()}
    summary = (f"Water: {water.why_not}\nEnemy: {enemy.why_not}\nAlly: {ally.why_not}\n"
               f"Through the ally, in a one-hex lane: {' -> '.join(via.labels())} ({via.cost} cp).\nRed line: F3 is "
               f"{facts['red_distance']} hexes away but the line forces a detour of {red.cost} cp: "
               f"{' -> '.join(red.labels())}.")

    def overlay(ax: Any) -> Any:
        return draw_reach(ax, m, "A3")
    return WorkedExample("Obstacles to movement", "Company of Heroes 4, Obstacles to Movement", m, facts,
                         summary, overlay)
