"""Threat map: for every cell, which enemies could fire on a unit of a side standing there, and
the exact chance of at least one hit and the expected hits, combined as the game combines them.

An attacker threatens a cell when the game's fire rules give it a profile (it can fire), the
line-of-sight engine says its fire reaches the cell (line and range, one vectorised
:func:`wartools.los.evaluate` per attacker), the game names no other refusal, and its odds
procedure says it can hurt the target. With ``moving=True`` an attacker may first move within
what :meth:`~wartools.games.fire_rules.FireRules.move_budget` allows (cells from
:func:`wartools.movement.reachable`) and fires from its best cell for each target; the other
units stay where they are.

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

import numpy as np

from wartools.analysis.board import Board, assumptions_json
from wartools.dice import fraction_str
from wartools.errors import WartoolsError
from wartools.games.fire_rules import Attack, FireRules, Profile
from wartools.games.options import Assumption
from wartools.grids.base import Cell
from wartools.los import evaluate, geometry, policy_for
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
class ThreatMap:
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

    def _repr_png_(self) -> bytes:
        from wartools.render import axes_png

        return axes_png(self.draw())


def attacks_from(board: Board, attacker: Unit, profile: Profile, target_type: str, target: Profile,
                 cache: dict[Any, Any], cells: list[Cell] | None = None,
                 at: Cell | None = None,
                 beat: Mapping[Cell, tuple[Attack, Cell]] | None = None) -> tuple[dict[Cell, Attack],
                                                                             tuple[Assumption, ...]]:
    """Every attack ``attacker`` can make from its cell (or from ``at``, after a move) on a
    ``target_type`` standing on one of ``cells`` (default: every cell within its range), with
    the LOS assumptions used.

    After a move the line of sight is judged on the board as it is (the mover's first cell
    still counts as occupied); a game's other refusals see the mover on ``at``. Cells where
    ``beat`` holds an attack at least as good are skipped."""
    m, fire = board.map, board.fire
    geo = geometry(m)
    policy = policy_for(m)
    here = attacker.cell if at is None else at
    sit = fire.situation(attacker, target_type, profile)
    limit = policy.max_range(sit)
    rng = profile.range if limit is None else limit
    if cells is None:
        tb = geo.exts(m.grid.cells())
    else:
        tb = geo.exts(cells) if cells else np.zeros(0, dtype=np.int64)
    aa = np.full(len(tb), geo.ext(here))
    near = geo.distance(aa, tb) <= rng
    tb, aa = tb[near], aa[near]
    if len(tb) == 0:
        return {}, policy.assumptions(sit)
    ev = evaluate(m, aa, tb, sit, policy=policy, geo=geo)
    dist = geo.distance(aa, tb)
    out: dict[Cell, Attack] = {}
    mover, moved_map = attacker, m
    checks = type(fire).refusal is not FireRules.refusal
    for i in np.flatnonzero(ev.visible).tolist():
        cell = geo.cells[int(tb[i])]
        if cell == here:
            continue
        mod = int(ev.modifier[i]) if ev.status[i] == 1 else 0
        a = fire.attack(m, mover, profile, target_type, target, cell, int(dist[i]), mod, cache)
        if a is None:
            continue
        old = None if beat is None else beat.get(cell)
        if old is not None and (a.expected, a.p_hit) <= (old[0].expected, old[0].p_hit):
            continue
        if checks:
            if here != attacker.cell and moved_map is m:
                moved_map = m.moved(attacker.id, here)
                mover = moved_map.unit(attacker.id)
            if fire.refusal(moved_map, mover, cell, target_type) is not None:
                continue
        out[cell] = a
    return out, policy.assumptions(sit)


def _positions(board: Board, attacker: Unit, fire: FireRules) -> tuple[Cell, ...]:
    """Where ``attacker`` may fire from: its cell, or every cell one move within the game's
    :meth:`~wartools.games.fire_rules.FireRules.move_budget` reaches (one movement search)."""
    from wartools.movement.search import MovementError, end_costs, resolve_graph

    try:
        start, mg = resolve_graph(board.map, attacker.cell, attacker.id)
    except WartoolsError:
        return (attacker.cell,)         # no movement allowance: it fires from where it stands
    budget = fire.move_budget(attacker, mg.allowance)
    if budget is None:
        return (attacker.cell,)
    if budget < 0:
        raise MovementError(f"budget must be >= 0, got {budget}")
    costs = end_costs(mg, start, budget)[0]
    return tuple(sorted(costs, key=lambda c: (costs[c], board.map.grid.to_offset(c))))


def _moving_attacks(board: Board, attacker: Unit, profile: Profile, target_type: str, target: Profile,
                    cache: dict[Any, Any], positions: tuple[Cell, ...]) -> tuple[dict[Cell, tuple[Attack, Cell]],
                                                                                 tuple[Assumption, ...]]:
    best: dict[Cell, tuple[Attack, Cell]] = {}
    used: tuple[Assumption, ...] = ()
    for pos in positions:
        got, used = attacks_from(board, attacker, profile, target_type, target, cache, at=pos, beat=best)
        for cell, a in got.items():
            old = best.get(cell)
            if old is None or (a.expected, a.p_hit) > (old[0].expected, old[0].p_hit):
                best[cell] = (a, pos)
    return best, used


def threat_map(scenario: Scenario | Board, side: str, position: Position | None = None, *,
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
    board = scenario if isinstance(scenario, Board) else Board.of(scenario, position)
    side = board.side(side)
    game = board.scenario.game
    target_type = game.unit_types.resolve(target) if target else board.typical_type(side)
    fire = board.fire
    tprofile = fire.target_profile(target_type)
    cache: dict[Any, Any] = {}
    per_cell: dict[Cell, list[Attack]] = {}
    moved_from: dict[Cell, dict[str, Cell]] = {}
    positions: dict[str, tuple[Cell, ...]] = {}
    used: list[Assumption] = []
    attackers = board.units_of(board.enemies(side))
    by_id = {u.id: u for u in attackers}
    for u in attackers:
        profile = fire.profile(u)
        if profile is None:
            continue
        if moving:
            pos = _positions(board, u, fire)
            positions[u.id] = pos
            best, assumed = _moving_attacks(board, u, profile, target_type, tprofile, cache, pos)
            used.extend(assumed)
            for cell, (a, where) in best.items():
                per_cell.setdefault(cell, []).append(a)
                if where != u.cell:
                    moved_from.setdefault(cell, {})[u.id] = where
        else:
            got, assumed = attacks_from(board, u, profile, target_type, tprofile, cache)
            used.extend(assumed)
            for cell, a in got.items():
                per_cell.setdefault(cell, []).append(a)
    cells: dict[Cell, ThreatCell] = {}
    for cell, attacks in per_cell.items():
        kept = fire.limit(board.map, attacks, by_id) if not moved_from.get(cell) else tuple(attacks)
        p, e = fire.combine(kept, target_type, tprofile)
        cells[cell] = ThreatCell(tuple(kept), p, e, moved_from.get(cell, {}))
        for a in kept:
            used.extend(a.assumptions)
    return ThreatMap(board, side, target_type, moving, cells, board.assumptions(used, moving=moving), positions)


__all__ = ["ThreatCell", "ThreatMap", "attacks_from", "threat_map"]
