"""Frozen movement answers: :class:`StepInfo`, :class:`PathResult`, :class:`Reach`,
:class:`Alternatives`, :class:`TurnPlan`.

Each keeps the answer protocol (:mod:`wartools.answers`): it prints itself (``text()``),
becomes the JSON answer of the command line (``to_json()``), draws itself
(``draw()``, :mod:`wartools.render.movement`) and names its ``assumptions``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools.answers import Answer, Collection
from wartools.errors import WartoolsError
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell, Grid
from wartools.movement.graph import End, MoveGraph
from wartools.rules.movement import Part, join_reasons

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map


def _map_of(graph: MoveGraph | None) -> Map:
    """The map a result was computed on (through its movement graph)."""
    if graph is None:
        raise WartoolsError("this result carries no map to draw on")
    return graph.rules.map


@dataclass(frozen=True)
class StepInfo:
    """One step of a path: from ``frm`` into ``to`` for ``cost`` points, and why.

    A step with ``frm == to`` is a cost paid in place (a weapon team deploying).
    """

    frm: Cell
    to: Cell
    cost: int
    reasons: tuple[str, ...]
    stop: str | None = None
    parts: tuple[Part, ...] = ()

    @property
    def why(self) -> str:
        """The reasons as one line, the stop reason last."""
        return join_reasons(self.reasons, self.stop)


@dataclass(frozen=True)
class PathResult(Answer):
    """The cheapest single move from ``start`` to ``goal`` (or why there is none).

    Attributes
    ----------
    reachable
        Whether a path exists (it may still need several turns: see
        :func:`~wartools.movement.plan_turns`).
    cells
        The cells visited, start and goal included (empty when unreachable).
    steps
        One :class:`StepInfo` per step (plus a final in-place step for a cost
        paid at the end, such as deploying).
    cost
        Total points, ``None`` when unreachable.
    why_not
        When unreachable: what blocks the cheapest near-miss.
    allowance
        The unit's points for one round or activation.
    """

    start: Cell
    goal: Cell
    unit_type: str
    side: str | None
    reachable: bool
    cells: tuple[Cell, ...]
    steps: tuple[StepInfo, ...]
    cost: int | None
    why_not: str | None
    allowance: int
    points: str
    grid: Grid = field(repr=False, compare=False)
    graph: MoveGraph | None = field(default=None, repr=False, compare=False)

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings this answer rests on: the rules' assumed options and every
        assumed part of a step taken."""
        rules = () if self.graph is None else self.graph.rules.assumptions()
        parts = (p.assumption() for s in self.steps for p in s.parts if p.assumed)
        return merge_assumptions(rules, (a for a in parts if a is not None))

    @property
    def map(self) -> Map:
        """The map the path was found on."""
        return _map_of(self.graph)

    def labels(self) -> list[str]:
        """The printed labels of :attr:`cells`."""
        return [self.grid.label(c) for c in self.cells]

    def cumulative(self) -> list[int]:
        """Points spent on arriving in each cell of :attr:`cells` (0 for the start)."""
        out, total = [0], 0
        for s in self.steps:
            total += s.cost
            if s.frm != s.to:
                out.append(total)
            else:
                out[-1] = total
        return out if self.reachable else []

    def to_json(self) -> dict[str, Any]:
        """The ``wartools path`` answer: ``{"reachable", "cells", "cost", "steps": [{"to", "cost", "why"}]}``."""
        lab = self.grid.label
        return {"reachable": self.reachable, "cells": self.labels(), "cost": self.cost,
                "steps": [{"to": lab(s.to), "cost": s.cost, "why": s.why} for s in self.steps],
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """A human-readable explanation, one line per step."""
        lab = self.grid.label
        head = f"{self.unit_type}{' (' + self.side + ')' if self.side else ''} {lab(self.start)} -> {lab(self.goal)}"
        if not self.reachable:
            return f"{head}: unreachable: {self.why_not}"
        lines = [f"{head}: {self.cost} {self.points} (allowance {self.allowance} {self.points} per turn)"]
        total = 0
        for s in self.steps:
            total += s.cost
            move = f"{lab(s.frm)} -> {lab(s.to)}" if s.frm != s.to else f"at {lab(s.to)}"
            lines.append(f"  {move}: {s.cost} {self.points} ({s.why}); total {total}")
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """Draw the map with the path's arrows and the running cost in each cell (or the
        unreachable goal marked); returns the matplotlib Axes (:func:`wartools.render.movement.draw_path_result`)."""
        from wartools.render.movement import draw_path_result

        return draw_path_result(self, ax)


@dataclass(frozen=True)
class Reach(Answer):
    """Where a unit can end one move within a budget, with the cheapest cost to each cell.

    Use :meth:`path_to` for the path (with per-step reasons) to any reachable cell.
    """

    start: Cell
    unit_type: str
    side: str | None
    budget: int
    costs: Mapping[Cell, int]
    points: str
    grid: Grid = field(repr=False, compare=False)
    pred: Mapping[Any, Any] = field(repr=False, compare=False, default_factory=dict)
    graph: MoveGraph | None = field(default=None, repr=False, compare=False)

    def __contains__(self, cell: object) -> bool:
        return cell in self.costs

    @property
    def map(self) -> Map:
        """The map the move was searched on."""
        return _map_of(self.graph)

    def labels(self) -> dict[str, int]:
        """``{label: cost}`` sorted by cost, then board order (column by column)."""
        lab = self.grid.label
        return {lab(c): v for c, v in sorted(self.costs.items(), key=lambda kv: (kv[1], self.grid.to_offset(kv[0])))}

    def path_to(self, cell: Cell | str) -> PathResult:
        """The cheapest path to a reachable cell (label or cell)."""
        target = self.grid.parse(cell) if isinstance(cell, str) else cell
        return path_from_pred(self, target)

    def to_json(self) -> dict[str, Any]:
        """The ``wartools reach`` answer: ``{"from", "unit", "reachable": {label: cost}}``."""
        return {"from": self.grid.label(self.start), "unit": self.unit_type, "reachable": self.labels(),
                "assumptions": [a.to_json() for a in self.assumptions]}

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings this answer rests on: the rules' (:meth:`MovementRules.assumptions`)
        and every assumed part of a step on the cheapest way to a reached cell (an assumed
        terrain cost), as :attr:`PathResult.assumptions` names them for one path."""
        mg = self.graph
        if mg is None:
            return ()
        parts = [p for v, u in self.pred.items() for p in mg.step(u, v).parts if p.assumed]
        return merge_assumptions(mg.rules.assumptions(), (a for p in parts if (a := p.assumption()) is not None))

    def text(self) -> str:
        """A human-readable table of reachable cells, cheapest first."""
        by_cost: dict[int, list[str]] = {}
        for lab, v in self.labels().items():
            by_cost.setdefault(v, []).append(lab)
        head = (f"{self.unit_type}{' (' + self.side + ')' if self.side else ''} from "
                f"{self.grid.label(self.start)}, budget {self.budget} {self.points}: "
                f"{len(self.costs)} cells")
        return "\n".join([head] + [f"  {v} {self.points}: {' '.join(labs)}" for v, labs in by_cost.items()])

    def draw(self, ax: Any = None) -> Any:
        """Draw the map with the reachable cells shaded by cost and their costs written in them;
        returns the Axes (:func:`wartools.render.movement.draw_reach_result`)."""
        from wartools.render.movement import draw_reach

        return draw_reach(self, ax)


@dataclass(frozen=True)
class Alternatives(Collection[PathResult]):
    """Up to ``k`` different paths between two cells, cheapest first
    (:func:`~wartools.movement.alternatives`); iterated, counted and indexed like a tuple of
    :class:`PathResult`.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.movement import alternatives
    >>> alts = alternatives(tiny_map('company-of-heroes', 4, 4), "A1", "C1", "infantry", k=2)
    >>> len(alts), [p.cost for p in alts], alts[0].labels()
    (2, [2, 3], ['A1', 'B1', 'C1'])
    """

    paths: tuple[PathResult, ...]

    def items(self) -> tuple[PathResult, ...]:
        return self.paths

    @property
    def map(self) -> Map:
        """The map the paths were found on."""
        return self.paths[0].map

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings any of the paths rests on."""
        return merge_assumptions(*(p.assumptions for p in self.paths))

    def to_json(self) -> dict[str, Any]:
        """``{"from", "to", "paths": [the wartools path answer of each], "assumptions"}``."""
        first = self.paths[0]
        return {"from": first.grid.label(first.start), "to": first.grid.label(first.goal),
                "paths": [{k: v for k, v in p.to_json().items() if k != "assumptions"} for p in self.paths],
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line per path, cheapest first; or why there is none."""
        first = self.paths[0]
        if not first.reachable:
            return first.text()
        return "\n".join([f"{len(self.paths)} path(s) {first.grid.label(first.start)} -> "
                          f"{first.grid.label(first.goal)}:",
                          *(f"  {i}. {' '.join(p.labels())} ({p.cost} {p.points})"
                            for i, p in enumerate(self.paths, 1)),
                          *(f"  {a.text()}" for a in self.assumptions)])

    def draw(self, ax: Any = None) -> Any:
        """The cheapest path with its running costs and the others' arrows, keyed
        (:func:`wartools.render.movement.draw_alternatives`)."""
        from wartools.render.movement import draw_alternatives

        return draw_alternatives(self, ax)


@dataclass(frozen=True)
class TurnPlan(Answer):
    """A path split into rounds or activations by the per-turn allowance.

    ``turns[i]`` holds the steps taken in turn ``i + 1``; each turn ends on a
    cell where a move may end.
    """

    path: PathResult
    allowance: int
    turns: tuple[tuple[StepInfo, ...], ...]
    feasible: bool
    why_not: str | None = None

    def ends(self) -> list[Cell]:
        """The cell where each turn ends."""
        return [t[-1].to for t in self.turns if t]

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The path's assumed readings."""
        return self.path.assumptions

    def draw(self, ax: Any = None) -> Any:
        """The path with its running costs and the cell where each turn ends numbered
        (:func:`wartools.render.movement.draw_turn_plan`)."""
        from wartools.render.movement import draw_turn_plan

        return draw_turn_plan(self, ax)

    def to_json(self) -> dict[str, Any]:
        """``{"feasible", "allowance", "turns": [{"cells", "cost"}], "why_not"}``."""
        lab = self.path.grid.label
        turns = []
        for t in self.turns:
            cells = [lab(t[0].frm)] + [lab(s.to) for s in t if s.frm != s.to]
            turns.append({"cells": cells, "cost": sum(s.cost for s in t)})
        return {"feasible": self.feasible, "allowance": self.allowance, "turns": turns,
                "why_not": self.why_not, "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line per turn."""
        if not self.feasible:
            return f"no turn plan: {self.why_not}"
        pts = self.path.points
        lines = []
        for i, t in enumerate(self.to_json()["turns"], 1):
            lines.append(f"  turn {i}: {' -> '.join(t['cells'])} ({t['cost']}/{self.allowance} {pts})")
        return "\n".join(lines)


def _cells_and_steps(mg: MoveGraph, nodes: list[Any]) -> tuple[tuple[Cell, ...], tuple[StepInfo, ...]]:
    cells: list[Cell] = [nodes[0]]
    steps: list[StepInfo] = []
    for u, v in zip(nodes, nodes[1:]):
        if isinstance(v, End) and v.cell == u:
            continue
        st = mg.step(u, v)
        to = v.cell if isinstance(v, End) else v
        steps.append(StepInfo(u, to, st.cost or 0, st.reasons, st.stop, st.parts))
        cells.append(to)
    fin = mg.rules.finish(moved=len(cells) > 1)
    if fin is not None and fin.cost:
        steps.append(StepInfo(cells[-1], cells[-1], fin.cost, fin.reasons, parts=fin.parts))
    return tuple(cells), tuple(steps)


def path_result(m: Map, mg: MoveGraph, start: Cell, goal: Cell, nodes: list[Any] | None,
                why_not: str | None = None) -> PathResult:
    """The :class:`PathResult` of a node path on a movement graph (``None``: unreachable)."""
    sit = mg.rules.situation
    if nodes is None:
        return PathResult(start, goal, mg.rules.unit_type, sit.side, False, (), (), None, why_not,
                          mg.allowance, mg.points, m.grid, mg)
    cells, steps = _cells_and_steps(mg, nodes)
    return PathResult(start, goal, mg.rules.unit_type, sit.side, True, cells, steps,
                      sum(s.cost for s in steps), None, mg.allowance, mg.points, m.grid, mg)


def path_from_pred(reach: Reach, goal: Cell) -> PathResult:
    """The path to ``goal`` recorded by a :func:`~wartools.movement.reachable` search."""
    mg = reach.graph
    assert mg is not None
    m = mg.rules.map
    if goal not in reach.costs:
        return path_result(m, mg, reach.start, goal, None,
                       f"{m.label(goal)} is not reachable within {reach.budget} {reach.points}")
    if goal == reach.start:
        return path_result(m, mg, reach.start, goal, [goal])
    nodes: list[Any] = [End(goal)]
    while nodes[-1] != reach.start:
        nodes.append(reach.pred[nodes[-1]])
    return path_result(m, mg, reach.start, goal, nodes[::-1])
