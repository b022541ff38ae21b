"""The one place play asks the game's attack question: which enemy units a unit may fire at
now, and with what odds.

It asks the game's own attack question, :meth:`~wartools.games.fire_rules.FireRules.attack`
(the line-of-sight engine, the range, night and weather, the game's refusals and its own odds
procedure), with the board's situation, for the target units where they stand, so a shot a
playout takes is a shot every analysis agrees is possible.

A position differs from the one before it by an action: most units stand as they did. So the
answers are kept, in this process, across positions and playouts, under a key of everything an
answer depends on (the contract of :meth:`~wartools.games.fire_rules.FireRules.units_read`):
the game, the board's fingerprint, the situation, the attacker, the units the game's fire rules
say its answers read, each with its cell, strength and tags, the target asked (the first of the
targets alike, standing on the cell) and the units on the cells between the ends where the
game's lines are blocked by units (:meth:`~wartools.games.fire_rules.FireRules.cells_between`).
Only the answers a change on the board could change are asked again, all the cells of a group
of targets alike in one vectorised pass, as before. ``KEEP = 0`` asks afresh every time (the
same answers: ``tests/test_play_reuse.py`` compares the records).

Examples
--------
>>> from wartools.analysis.board import Board
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> b = Board.of(loads_scenario(EXAMPLE))
>>> shots(b, b.unit("us-1"))
[]
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from wartools.analysis.board import Board
from wartools.games.fire_rules import Attack, FireRules
from wartools.grids.base import Cell
from wartools.mapmodel import Map, Unit

#: the most keys of kept answers (attacker and what it reads) before they are all dropped;
#: ``0``: nothing is kept between positions
KEEP = 4096
#: kept answers: key of the attacker and what its answers read -> (target asked, units between) -> answer
_ANSWERS: dict[Any, dict[tuple[Unit, tuple[Unit, ...]], Attack | None]] = {}
#: odds already computed, per game (the odds procedure reads only its inputs and the game)
_ODDS: dict[Any, dict[Any, Any]] = {}
#: the cells between two ends whose units an answer reads, per board fingerprint and ends
_BETWEEN: dict[tuple[str, Cell, Cell], frozenset[Cell] | None] = {}


def forget() -> None:
    """Drop every kept answer, odds and line (a benchmark timing a cold start)."""
    _ANSWERS.clear()
    _ODDS.clear()
    _BETWEEN.clear()


def _odds(board: Board) -> dict[Any, Any]:
    """The odds cache the attack question shares: per game while answers are kept, else per board."""
    if not KEEP:
        got: dict[Any, Any] | None = board.__dict__.get("_odds_cache")
        if got is None:
            got = board.__dict__["_odds_cache"] = {}
        return got
    game = board.map.game
    odds = _ODDS.get(game)
    if odds is None or len(odds) > 64 * KEEP:
        odds = _ODDS[game] = {}
    return odds


def units_between(fire: FireRules, m: Map, a: Cell, b: Cell) -> tuple[Unit, ...]:
    """The units, in board order, on the cells between ``a`` and ``b`` that an answer of an attacker
    on ``a`` at ``b`` reads besides :meth:`~wartools.games.fire_rules.FireRules.units_read`
    (:meth:`~wartools.games.fire_rules.FireRules.cells_between`; none in most games)."""
    key = (m.board_fingerprint, a, b)
    if key in _BETWEEN:
        between = _BETWEEN[key]
    else:
        if len(_BETWEEN) > 64 * max(KEEP, 1):
            _BETWEEN.clear()
        between = _BETWEEN[key] = fire.cells_between(m, a, b)
    if not between:
        return ()
    return tuple(u for u in m.units if u.cell in between)


def _kept(board: Board, attacker: Unit) -> dict[tuple[Unit, tuple[Unit, ...]], Attack | None] | None:
    """The answers kept for ``attacker`` on boards like ``board`` (``None``: none are kept)."""
    if not KEEP:
        return None
    m = board.map
    key = (m.game, m.board_fingerprint, board.situation, attacker, board.fire.units_read(m, attacker))
    got = _ANSWERS.get(key)
    if got is None:
        if len(_ANSWERS) >= KEEP:
            _ANSWERS.clear()
        got = _ANSWERS[key] = {}
    return got


def shots(board: Board, attacker: Unit) -> list[tuple[Unit, Attack]]:
    """Every enemy unit ``attacker`` may fire at from where it stands, with the attack, in map order,
    the first of each aim only (:meth:`~wartools.games.fire_rules.FireRules.aim`: a shot at any
    hidden unit of a Combat Infantry hex is the same fire at the hex, 6.3).

    Targets alike (type, strength, tags) are asked together, in one line-of-sight pass
    (:meth:`~wartools.games.fire_rules.FireRules.attacks`, the attack question cell by cell), as
    the first of them standing on each one's cell; the answers kept for the attacker (see the
    module docstring) are not asked again."""
    enemies = board.units_of(board.enemies(attacker.side))
    alike: dict[tuple[str, int | None, tuple[str, ...]], list[Unit]] = {}
    for t in enemies:
        alike.setdefault((t.type, t.strength, t.tags), []).append(t)
    found: dict[str, Attack] = {}
    kept = _kept(board, attacker)
    m, fire = board.map, board.fire
    for group in alike.values():
        first = group[0]
        got: Mapping[Cell, Attack | None]
        if kept is None:
            got = fire.attacks(m, attacker, first, [t.cell for t in group], board.situation, cache=_odds(board))
        else:
            keys = {t.id: (first if t.cell == first.cell else dataclasses.replace(first, cell=t.cell),
                           units_between(fire, m, attacker.cell, t.cell)) for t in group}
            missing = [t for t in group if keys[t.id] not in kept]
            if missing:
                new = fire.attacks(m, attacker, first, [t.cell for t in missing], board.situation,
                                   cache=_odds(board))
                kept.update((keys[t.id], new.get(t.cell)) for t in missing)
            got = {t.cell: kept[keys[t.id]] for t in group}
        for t in group:
            a = got.get(t.cell)
            if a is not None:
                found[t.id] = a
    aims: set[Any] = set()        # one shot per aim: the hidden units of a hex are one target (FireRules.aim)
    out = []
    for t in enemies:
        if t.id in found and (aim := fire.aim(t)) not in aims:
            aims.add(aim)
            out.append((t, found[t.id]))
    return out


def attack_on(board: Board, attacker: Unit, target: Unit) -> Attack | None:
    """The attack of ``attacker`` on ``target`` (``None``: the attack question refuses it)."""
    got = board.fire.attack(board.map, attacker, target, board.situation, cache=_odds(board))
    return got if isinstance(got, Attack) else None


__all__ = ["KEEP", "attack_on", "forget", "shots", "units_between"]
