"""Set-up advice: the cells of a set-up zone ranked for one unit type, by what a unit there sees
and covers and by the threat it is under.

For each candidate cell (the side's set-up area, or a named zone) where the scenario's own set-up
check lets a unit of that type stand (:meth:`~wartools.rules.scenario.ScenarioRules.standing_problem`:
a Combat Infantry tank never sets up in woods or marsh off road, chart note 1; the others are
listed as ``refused``):

- **objectives in view**: objectives the unit would see (:func:`wartools.los.viewshed`, sight);
- **approaches covered**: cells of the enemy's approach routes (each enemy unit's fewest-turns
  route to each objective, or to the nearest cell next to it, from
  :func:`wartools.movement.reach_in_turns` and :func:`wartools.movement.path`) that the unit
  could fire on (the game's attack question, :func:`wartools.analysis.threat.attacks_on`);
- **dead ground**: approach cells it could not fire on;
- **threat**: the expected hits a unit of that type takes there from the enemy as it stands
  (:func:`wartools.analysis.threat.threat_map`).

Cells are ranked by objectives in view, then approaches covered, then the least threat.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> a = setup_advice(loads_scenario(EXAMPLE), "US")
>>> [a.board.map.label(c.cell) for c in a.cells], a.cells[0].objectives
(['B1', 'B2', 'A1', 'A2', 'A3', 'B3'], ('bridge',))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wartools.answers import Answer
from wartools.analysis.board import Board, assumptions_json
from wartools.analysis.threat import attacks_on, threat_map
from wartools.dice import fraction_str
from wartools.errors import WartoolsError
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell
from wartools.los import viewshed
from wartools.movement import path, reach_in_turns
from wartools.scenario import Position, Scenario


@dataclass(frozen=True)
class CellAdvice:
    """One candidate cell: objectives in view, approach cells covered, dead ground, threat."""

    cell: Cell
    objectives: tuple[str, ...]
    covered: tuple[Cell, ...]
    dead_ground: tuple[Cell, ...]
    threat: Fraction
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class SetupAdvice(Answer):
    """The candidate cells, best first."""

    board: Board = field(repr=False)
    side: str
    unit_type: str
    cells: tuple[CellAdvice, ...]
    approach: tuple[Cell, ...] = field(repr=False, default=())
    assumptions: tuple[Assumption, ...] = ()
    #: candidate cells the scenario's own set-up check refuses for this unit type, with why
    refused: tuple[tuple[Cell, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"side", "unit_type", "approach": [labels], "cells": [{"cell", "rank", "objectives", "covered",
        "dead_ground", "threat", "attackers"}], "refused": [{"cell", "why"}], "assumptions"}``."""
        lab = self.board.map.label
        return {"side": self.side, "unit_type": self.unit_type, "approach": [lab(c) for c in self.approach],
                "cells": [{"cell": lab(a.cell), "rank": i + 1, "objectives": list(a.objectives),
                           "covered": [lab(c) for c in a.covered], "dead_ground": [lab(c) for c in a.dead_ground],
                           "threat": fraction_str(a.threat), "attackers": list(a.attackers)}
                          for i, a in enumerate(self.cells)],
                "refused": [{"cell": lab(c), "why": why} for c, why in self.refused],
                "assumptions": assumptions_json(self.assumptions)}

    def text(self) -> str:
        """The ranking, one line per cell."""
        lab = self.board.map.label
        lines = [f"set-up advice for a unit of {self.side} ({self.unit_type}): {len(self.approach)} approach cells"]
        for i, a in enumerate(self.cells[:30]):
            lines.append(f"  {i + 1}. {lab(a.cell)}: sees {', '.join(a.objectives) or 'no objective'}; covers "
                         f"{len(a.covered)} approach cells, {len(a.dead_ground)} dead; threat "
                         f"{float(a.threat):.3f}" + (f" from {', '.join(a.attackers)}" if a.attackers else ""))
        if self.refused:
            lines.append(f"  refused: {len(self.refused)} cells ({self.refused[0][1]}, ...)")
        lines += [x.text() for x in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """The zone coloured by rank (see :func:`wartools.render.analysis.draw_setup`)."""
        from wartools.render.analysis import draw_setup

        return draw_setup(self, ax)


def approach_cells(board: Board, side: str) -> tuple[Cell, ...]:
    """Cells on the enemy's fewest-turns routes to the objectives (to the nearest cell next to an
    objective the enemy cannot end on, e.g. one held by ``side``), in board order."""
    return _approach(board, side)[0]


def _approach(board: Board, side: str) -> tuple[tuple[Cell, ...], tuple[Assumption, ...]]:
    """:func:`approach_cells` and the movement readings those routes rest on (the side's points
    added to a move, the movement rules' readings, assumed costs on the way)."""
    m, s = board.map, board.scenario
    seen: set[Cell] = set()
    used: list[Assumption] = []
    for u in board.units_of(board.enemies(side)):
        extra, readings = board.move_points(u.side)
        used.extend(readings)
        reach = reach_in_turns(m, u.cell, board.situation, unit=u.id, turns=s.turns, extra_points=extra)
        if reach.graph is not None:
            used.extend(reach.graph.rules.assumptions())
        for o in s.objectives:
            goal: Cell | None = o.cell
            if goal not in reach.turns_to:
                near = [c for c in m.grid.neighbours(o.cell) if c in reach.turns_to]
                goal = min(near, key=lambda c: (reach.turns_to[c], reach.spent[c], m.grid.to_offset(c)), default=None)
            if goal is None:
                continue
            ends = reach.route(goal)
            for a, b in zip(ends, ends[1:]):
                leg = path(m, a, b, board.situation, unit=u.id, extra_points=extra)
                seen.update(leg.cells)
                used.extend(leg.assumptions)
    return tuple(c for c in m.grid.cells() if c in seen), merge_assumptions(used)


def setup_advice(scenario: Scenario | Board, side: str, unit_type: str | None = None, *, zone: str | None = None,
                 position: Position | None = None) -> SetupAdvice:
    """Rank the cells of ``side``'s set-up area (or ``zone``) for a unit of ``unit_type``."""
    board = Board.of(scenario, position)
    side = board.side(side)
    s, m, fire = board.scenario, board.map, board.fire
    utype = s.game.unit_types.resolve(unit_type) if unit_type else board.typical_type(side)
    if zone is not None:
        zones = s.all_zones()
        if zone not in zones:
            raise WartoolsError(f"no zone {zone!r}; valid: {', '.join(sorted(zones)) or 'none'}")
        candidates = tuple(zones[zone])
    else:
        area = s.setup_area(side)
        candidates = tuple(m.grid.cells()) if area is None else tuple(c for c in m.grid.cells() if c in area)
    refused = tuple((c, why) for c in candidates
                    if (why := s.rules.standing_problem(m, utype, c)) is not None)   # the scenario's own check
    refused_cells = {c for c, _ in refused}
    candidates = tuple(c for c in candidates if c not in refused_cells)
    approach, moved = _approach(board, side)
    threat = threat_map(board, side, target=utype)
    enemy = next((e for e in board.enemies(side)), side)
    enemy_probe = board.probe(enemy, next((board.typical_type(e) for e in board.enemies(side)), utype))
    used: list[Assumption] = [*threat.assumptions, *moved]
    cache: dict[Any, Any] = {}
    out = []
    for c in candidates:
        unit = board.probe(side, utype, c)
        seen = set(viewshed(m, c, board.situation, unit=utype, side=side, cells=[o.cell for o in s.objectives]))
        objectives = tuple(o.id for o in s.objectives if o.cell in seen)
        covered: tuple[Cell, ...] = ()
        if fire.profile(unit) is not None:
            got = attacks_on(board, unit, enemy_probe, list(approach), cache=cache)
            for a in got.values():
                used.extend(a.assumptions)
            covered = tuple(x for x in approach if x in got)
        hit = set(covered)
        dead = tuple(x for x in approach if x not in hit)
        t = threat.at(c)
        out.append(CellAdvice(c, objectives, covered, dead, t.expected, t.attackers))
    out.sort(key=lambda a: (-len(a.objectives), -len(a.covered), a.threat, m.grid.to_offset(a.cell)))
    return SetupAdvice(board, side, utype, tuple(out), approach, merge_assumptions(used), refused)


__all__ = ["CellAdvice", "SetupAdvice", "approach_cells", "setup_advice"]
