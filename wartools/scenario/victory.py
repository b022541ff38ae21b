"""Victory: :func:`evaluate` a position, and :func:`end_turn` to score and advance the clock.

Who controls each objective is the game's to say
(:meth:`~wartools.rules.scenario.ScenarioRules.control`); VP are the
position's banked VP, plus each eliminated enemy unit's value, plus the
objectives that score at the end of the game held now. The graded levels are
checked in order and the first that holds is the result.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> s = loads_scenario(EXAMPLE)
>>> r = evaluate(s)
>>> r.result, dict(r.vp), r.controls["bridge"].side
('German victory', {'US': 0, 'German': 0}, None)
>>> p = s.start()
>>> p = p.replace(units={**p.units, "us-1": p.units["us-1"].replace(cell=s.map.cell("C2"))})
>>> r = evaluate(s, p)
>>> r.result, dict(r.vp), r.controls["bridge"].why
('US victory', {'US': 2, 'German': 0}, 'US units on it (Combat Infantry 8.3)')
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from wartools.answers import Answer
from wartools.rules.options import Assumption
from wartools.rules.scenario import Control
from wartools.grids.base import Cell
from wartools.scenario.conditions import Facts
from wartools.scenario.model import Position, Scenario


@dataclass(frozen=True)
class VictoryResult(Answer):
    """The victory state of a position.

    ``result`` is the first graded level that holds (``None`` if none does);
    ``over`` says whether the game has ended (the last turn is done, or the
    early-end condition holds); ``vp`` the VP per side, ``vp_sources`` where
    they come from; ``controls`` who controls each objective and why;
    ``reasons`` which conditions were checked and how they came out; ``source`` and
    ``position`` the scenario and position evaluated (what :meth:`draw` shows).
    """

    scenario: str
    turn: int
    over: bool
    result: str | None
    vp: Mapping[str, int]
    vp_sources: Mapping[str, tuple[str, ...]]
    controls: Mapping[str, Control]
    reasons: tuple[str, ...]
    assumptions: tuple[Assumption, ...] = ()
    source: Scenario | None = field(default=None, repr=False, compare=False)
    position: Position | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The JSON answer of ``wartools victory`` (docs/architecture.md), plus turn, over and details."""
        return {"result": self.result, "vp": dict(self.vp),
                "controls": {k: c.side for k, c in self.controls.items()},
                "reasons": list(self.reasons), "turn": self.turn, "over": self.over,
                "control_reasons": {k: f"{c.status}: {c.why}" for k, c in self.controls.items()},
                "vp_sources": {k: list(v) for k, v in self.vp_sources.items()},
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """A human-readable summary."""
        state = "final" if self.over else "if the game ended now"
        turn = self.source.rules.turn_name if self.source is not None else "turn"
        lines = [f"{self.scenario}, {turn} {self.turn}: {self.result or 'no result'} ({state})",
                 "  VP: " + ", ".join(f"{s} {n}" for s, n in self.vp.items())]
        for side, sources in self.vp_sources.items():
            for src in sources:
                lines.append(f"    {side}: {src}")
        lines.append("  objectives:")
        for oid, c in self.controls.items():
            lines.append(f"    {oid}: {c.side or 'nobody'} ({c.status}: {c.why})")
        lines.append("  reasons:")
        lines.extend("    " + r.replace("\n", "\n    ") for r in self.reasons)  # nested conditions stay nested
        if self.assumptions:
            lines.append("  assumptions:")
            lines.extend(f"    {a.rule}: {a.reading}" for a in self.assumptions)
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """The position with each objective's controller written in it, titled with the result
        (:func:`wartools.render.analysis.draw_victory`)."""
        from wartools.render.analysis import draw_victory

        return draw_victory(self, ax)


def objective_control(s: Scenario, p: Position) -> dict[str, Control]:
    """Who controls each objective in position ``p`` (the game's control rules)."""
    units = p.map_units(s)
    recorded = _recorded(s, p)
    by_cell = s.rules.control(s.map, units, {o.cell for o in s.objectives}, recorded)
    return {o.id: by_cell[o.cell] for o in s.objectives}


def _recorded(s: Scenario, p: Position) -> dict[Cell, str | None]:
    return {o.cell: p.control.get(o.id) for o in s.objectives}


def _vp(s: Scenario, p: Position, controls: Mapping[str, Control]) -> tuple[dict[str, int], dict[str, list[str]]]:
    vp = {side: p.vp.get(side, 0) for side in s.sides}
    sources: dict[str, list[str]] = {side: [] for side in s.sides}
    for side, n in p.vp.items():
        if n:
            sources[side].append(f"{n} VP banked")
    for uid in p.eliminated:
        u = s.unit(uid)
        value = s.elimination_vp(u)
        other_teams = [t for t in s.teams if t != s.team_of(u.side)]
        if not value or len(other_teams) != 1:
            continue
        winner = s.teams[other_teams[0]][0]
        vp[winner] += value
        sources[winner].append(f"{value} VP for eliminating {uid}")
    for o in s.objectives:
        holder = controls[o.id].side
        if o.value and holder is not None and o.score == "end":
            vp[holder] += o.value
            sources[holder].append(f"{o.value} VP for holding {o.id}")
    return vp, sources


def facts(s: Scenario, p: Position, controls: Mapping[str, Control] | None = None,
          vp: Mapping[str, int] | None = None) -> Facts:
    """The :class:`~wartools.scenario.conditions.Facts` victory conditions are checked against."""
    controls = controls if controls is not None else objective_control(s, p)
    if vp is None:
        vp = _vp(s, p, controls)[0]
    places = {o.id: o.cell for o in s.objectives}

    def place(name: str) -> Cell:
        return places[name] if name in places else s.map.cell(name)

    return Facts(vp=vp, teams=s.teams, control={k: c.side for k, c in controls.items()},
                 events=frozenset(p.events),
                 unit_cells={u.id: (p.units[u.id].cell if u.id in p.units else None) for u in s.units()},
                 places=place, label=s.map.label, surrendered=frozenset(p.surrendered))


def record_control(s: Scenario, p: Position, side: str | None = None, passed: tuple[Cell, ...] = ()) -> Position:
    """``p`` with the control of objectives recorded as it stands now, in a game where control
    follows the units at once (:attr:`~wartools.rules.scenario.ScenarioRules.control_on_path`):
    "a hex is controlled by the last player to have had a ground unit solely in the hex, which
    includes simply moving through it" (Conflict of Heroes 2.4). A unit of ``side`` that has just
    moved along ``passed`` took each of those cells no enemy unit stands on, in order; then each
    objective where the units of one side alone stand is that side's. Other games record control
    at the end of a turn (:func:`end_turn`): ``p`` unchanged.

    Examples
    --------
    >>> from wartools.scenario import load_scenario
    >>> s = load_scenario("scenarios/conflict-of-heroes-height-112.yaml")
    >>> o = s.objectives[0]
    >>> p = record_control(s, s.start(), "German", (o.cell,))
    >>> p.control[o.id]
    'German'
    """
    if not s.rules.control_on_path:
        return p
    units = p.map_units(s)
    control = dict(p.control)
    for cell in passed:
        if side is not None and not any(u.cell == cell and u.side != side for u in units):
            for o in s.objectives:
                if o.cell == cell:
                    control[o.id] = side
    for o in s.objectives:
        there = {u.side for u in units if u.cell == o.cell}
        if len(there) == 1:
            control[o.id] = there.pop()
    if control == dict(p.control):
        return p
    return dataclasses.replace(p, control=MappingProxyType(control))


def evaluate(s: Scenario, p: Position | None = None) -> VictoryResult:
    """The victory state of position ``p`` (the start of the scenario by default).

    Parameters
    ----------
    s
        The scenario.
    p
        A position of it (:func:`~wartools.scenario.load_position`, :meth:`Scenario.start`).
    """
    p = p or s.start()
    controls = objective_control(s, p)
    vp, sources = _vp(s, p, controls)
    f = facts(s, p, controls, vp)
    reasons: list[str] = []
    over = p.ended
    if p.ended:
        reasons.append(f"the game is over (after {s.rules.turn_name} {p.turn})")
    if s.victory.ends_when is not None:
        held, text = s.victory.ends_when.check(f)
        if s.rules.ends_at_end_of_turn:
            reasons.append(f"early end, checked at the end of the {s.rules.turn_name}: {text}")
        else:
            reasons.append(f"early end: {text}")
            over = over or held
    result = None
    for level in s.victory.levels:
        if level.condition is None:
            reasons.append(f"{level.result}: otherwise")
            result = level.result
            break
        held, text = level.condition.check(f)
        reasons.append(f"{level.result}: {text}")
        if held:
            result = level.result
            break
    return VictoryResult(s.name, p.turn, over, result, MappingProxyType(vp),
                         MappingProxyType({k: tuple(v) for k, v in sources.items()}),
                         MappingProxyType(controls), tuple(reasons),
                         s.assumptions(), s, p)


def end_turn(s: Scenario, p: Position) -> Position:
    """The position after the end of the current turn: control is updated (captures
    in games that capture at the end of a turn), objectives that score this turn
    add their VP, and the clock advances -- or the game ends, after the last turn
    or when the early-end condition holds.

    Examples
    --------
    >>> from wartools.scenario import loads_scenario
    >>> from wartools.scenario.model import EXAMPLE
    >>> s = loads_scenario(EXAMPLE)
    >>> p = end_turn(s, s.start())
    >>> p.turn, p.ended
    (2, False)
    """
    if p.ended:
        return p
    units = p.map_units(s)
    cells = {o.cell for o in s.objectives}
    recorded = _recorded(s, p)
    if s.rules.control_at_end_of_turn:
        new = s.rules.capture(s.map, units, cells, recorded)
    else:
        new = {c: ctl.side for c, ctl in s.rules.control(s.map, units, cells, recorded).items()}
    claimed = {o.id: new[o.cell] for o in s.objectives if new[o.cell] is not None}
    # where control follows the units (Conflict of Heroes 2.4), the markers are record_control's: a
    # contested hex scores for neither side but keeps its marker for when the contest ends
    control = dict(record_control(s, p).control) if s.rules.control_on_path else claimed
    vp = dict(p.vp)
    for o in s.objectives:
        side = claimed.get(o.id)
        if o.value and side is not None and o.scores_on(p.turn):
            vp[side] = vp.get(side, 0) + o.value
    after = dataclasses.replace(p, control=MappingProxyType(control), vp=MappingProxyType(vp))
    ends = False
    if s.victory.ends_when is not None:
        ends = s.victory.ends_when.check(facts(s, after))[0]
    if ends or p.turn >= s.turns:
        return dataclasses.replace(after, ended=True)
    return dataclasses.replace(after, turn=p.turn + 1)


__all__ = ["VictoryResult", "end_turn", "evaluate", "facts", "objective_control", "record_control"]
