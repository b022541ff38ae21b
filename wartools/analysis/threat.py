"""Threat map: for every cell, which enemies could fire on a unit of a side standing there, and
the exact chance of at least one hit and the expected hits, combined as the game combines them.

An attacker threatens a cell when the game's own attack question says it may attack a unit of
that side and type standing there (:meth:`~wartools.games.fire_rules.FireRules.attack`: range,
line of sight, night and weather, the game's refusals, its odds; asked for every cell at once by
:meth:`~wartools.games.fire_rules.FireRules.attacks`, one vectorised line-of-sight pass per
attacker, with the board's situation). The attacks on one cell are cut by the game's fire limits
(the best attacks within them fire) and combined as the game combines them. With ``moving=True``
an attacker may first move within what
:meth:`~wartools.games.fire_rules.FireRules.move_budget` allows (one movement search) and fires
from its best cell for each target; the other units stay where they are.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> t = threat_map(loads_scenario(EXAMPLE), "US")
>>> t.target_type, t.at("E2").attackers, t.at("E2").p_hit, t.at("A2").attackers
('rifle', ('de-1',), Fraction(369, 625), ())
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wartools.answers import Answer
from wartools.analysis.board import Board, assumptions_json
from wartools.dice import fraction_str
from wartools.errors import WartoolsError
from wartools.games.fire_rules import Attack, FireRules
from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.mapmodel import Unit
from wartools.scenario import Position, Scenario


@dataclass(frozen=True)
class ThreatCell:
    """The risk on one cell: the attacks that can reach it (after the fire limits) and their
    combination."""

    attacks: tuple[Attack, ...]
    p_hit: Fraction
    expected: Fraction
    moved_from: Mapping[str, Cell] = field(default_factory=dict)

    @property
    def attackers(self) -> tuple[str, ...]:
        """The ids of the units that fire on the cell."""
        return tuple(a.attacker for a in self.attacks)


_SAFE = ThreatCell((), Fraction(0), Fraction(0))


@dataclass(frozen=True)
class ThreatMap(Answer):
    """The threat to a unit of ``side`` (of ``target_type``) on every cell of the board."""

    board: Board = field(repr=False)
    side: str
    target_type: str
    moving: bool
    cells: Mapping[Cell, ThreatCell] = field(repr=False)
    assumptions: tuple[Assumption, ...] = ()
    fire_positions: Mapping[str, tuple[Cell, ...]] = field(default_factory=dict, repr=False)

    def at(self, cell: Cell | str) -> ThreatCell:
        """The threat on one cell (label or cell)."""
        return self.cells.get(self.board.map.cell(cell), _SAFE)

    def exposure(self, cell: Cell) -> Fraction:
        """Expected hits on ``cell`` (the additive measure routes use)."""
        return self.cells.get(cell, _SAFE).expected

    def to_json(self) -> dict[str, Any]:
        """``{"side", "target_type", "hit", "combination", "cells": {label: {"attackers", "p_hit",
        "expected_hits"}}, "assumptions"}`` (every cell, board order)."""
        m = self.board.map
        f = self.board.fire
        cells = {}
        for c in m.grid.cells():
            t = self.cells.get(c, _SAFE)
            entry: dict[str, Any] = {"attackers": list(t.attackers), "p_hit": fraction_str(t.p_hit),
                                     "expected_hits": fraction_str(t.expected)}
            if t.moved_from:
                entry["fires_from"] = {k: m.label(v) for k, v in t.moved_from.items()}
            cells[m.label(c)] = entry
        return {"side": self.side, "target_type": self.target_type, "moving": self.moving,
                "hit": f.hit, "combination": f.combination, "cells": cells,
                "assumptions": assumptions_json(self.assumptions)}

    def text(self) -> str:
        """The threatened cells, most dangerous first."""
        m = self.board.map
        hot = sorted(((c, t) for c, t in self.cells.items() if t.attacks),
                     key=lambda ct: (-ct[1].expected, m.grid.to_offset(ct[0])))
        lines = [f"threat to a unit of {self.side} ({self.target_type})"
                 + (" (attackers may move first)" if self.moving else "")
                 + f": {len(hot)} of {len(m.grid.cells())} cells under fire",
                 f"  {self.board.fire.hit}", f"  {self.board.fire.combination}"]
        for c, t in hot[:40]:
            lines.append(f"  {m.label(c)}: P(hit) {fraction_str(t.p_hit)} ({float(t.p_hit):.3f}), "
                         f"expected {float(t.expected):.3f} from {', '.join(t.attackers)}")
        if len(hot) > 40:
            lines.append(f"  ... {len(hot) - 40} more")
        lines += [a.text() for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """A heat map of the expected hits (see :func:`wartools.render.analysis.draw_threat`)."""
        from wartools.render.analysis import draw_threat

        return draw_threat(self, ax)



def _positions(board: Board, attacker: Unit, fire: FireRules) -> tuple[tuple[Cell, int], ...]:
    """Where ``attacker`` may fire from, with the points spent getting there: its cell, or every
    cell one move within the game's :meth:`~wartools.games.fire_rules.FireRules.move_budget`
    reaches (one movement search, asked with the board's situation)."""
    from wartools.movement.search import MovementError, end_costs, resolve_graph

    try:
        start, mg = resolve_graph(board.map, attacker.cell, attacker.id, situation=board.situation,
                                  switches=fire.move_switches(attacker) or None)
    except WartoolsError:
        return ((attacker.cell, 0),)         # no movement allowance: it fires from where it stands
    budget = fire.move_budget(attacker, mg.allowance)
    if budget is None:
        return ((attacker.cell, 0),)
    if budget < 0:
        raise MovementError(f"budget must be >= 0, got {budget}")
    costs = end_costs(mg, start, budget)[0]
    return tuple((c, costs[c]) for c in sorted(costs, key=lambda c: (costs[c], board.map.grid.to_offset(c))))


def attacks_on(board: Board, attacker: Unit, target: Unit, cells: list[Cell] | None = None, *,
               moving: bool = False, cache: dict[Any, Any] | None = None,
               positions: tuple[tuple[Cell, int], ...] | None = None) -> dict[Cell, Attack]:
    """Every attack ``attacker`` can make on a unit like ``target`` standing on one of ``cells``
    (default: every cell): the game's attack question (:meth:`FireRules.attacks`), asked with the
    board's situation. With ``moving`` the attacker may first move (where the game lets a unit
    move and fire) and fires from its best cell for each target (the most expected hits, then the
    best chance; the first such cell by cost and board order); the other units stay where they are.
    ``positions``: the attacker's cells and the points spent reaching them, when the caller has them."""
    fire = board.fire
    cache = {} if cache is None else cache
    if not moving:
        return fire.attacks(board.map, attacker, target, cells, board.situation, cache=cache)
    best: dict[Cell, Attack] = {}
    for pos, spent in positions if positions is not None else _positions(board, attacker, fire):
        mover = fire.moved(attacker, pos, spent)
        for cell, a in fire.attacks(board.map, mover, target, cells, board.situation, cache=cache, beat=best).items():
            old = best.get(cell)
            if old is None or (a.expected, a.p_hit) > (old.expected, old.p_hit):
                best[cell] = a
    return best


def threat_map(scenario: Scenario | Board, side: str, *, position: Position | None = None,
               target: str | None = None, moving: bool = False) -> ThreatMap:
    """The threat to a unit of ``side`` on every cell, from every enemy unit on the map.

    Parameters
    ----------
    scenario
        The scenario (or a :class:`Board` already built).
    side
        The side whose unit would stand on the cells.
    position
        The position (default: the set-up).
    target
        The unit type standing there (default: the side's commonest type).
    moving
        Let attackers first move where the game allows moving and then firing.
    """
    board = Board.of(scenario, position)
    side = board.side(side)
    game = board.scenario.game
    target_type = game.unit_types.resolve(target) if target else board.typical_type(side)
    fire = board.fire
    probe = board.probe(side, target_type)
    tprofile = fire.defender(probe)
    cache: dict[Any, Any] = {}
    per_cell: dict[Cell, list[Attack]] = {}
    positions: dict[str, tuple[Cell, ...]] = {}
    for u in board.units_of(board.enemies(side)):
        if fire.profile(u) is None:
            continue
        where = _positions(board, u, fire) if moving else None
        if where is not None:
            positions[u.id] = tuple(c for c, _ in where)
        for cell, a in attacks_on(board, u, probe, moving=moving, cache=cache, positions=where).items():
            per_cell.setdefault(cell, []).append(a)
    cells: dict[Cell, ThreatCell] = {}
    used: list[Assumption] = []
    for cell, attacks in per_cell.items():
        kept = fire.limit(attacks)
        p, e = fire.combine(kept, target_type, tprofile)
        moved = {a.attacker: a.fires_from for a in kept if a.fires_from is not None
                 and a.fires_from != board.unit(a.attacker).cell}
        cells[cell] = ThreatCell(tuple(kept), p, e, moved)
        for a in kept:
            used.extend(a.assumptions)
    return ThreatMap(board, side, target_type, moving, cells, board.assumptions(used, moving=moving), positions)


__all__ = ["ThreatCell", "ThreatMap", "attacks_on", "threat_map"]
