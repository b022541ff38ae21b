"""The one place play asks the game's attack question: which enemy units a unit may fire at
now, and with what odds.

It asks the game's own attack question, :meth:`~wartools.games.fire_rules.FireRules.attack`
(the line-of-sight engine, the range, night and weather, the game's refusals and its own odds
procedure), with the board's situation, for the target units where they stand, so a shot a
playout takes is a shot every analysis agrees is possible.

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

from typing import Any

from wartools.analysis.board import Board
from wartools.games.fire_rules import Attack
from wartools.mapmodel import Unit


def _cache(board: Board) -> dict[Any, Any]:
    got: dict[Any, Any] | None = board.__dict__.get("_odds_cache")
    if got is None:
        got = board.__dict__["_odds_cache"] = {}
    return got


def shots(board: Board, attacker: Unit) -> list[tuple[Unit, Attack]]:
    """Every enemy unit ``attacker`` may fire at from where it stands, with the attack, in map order.

    Targets alike (type, strength, tags) are asked together, in one line-of-sight pass
    (:meth:`~wartools.games.fire_rules.FireRules.attacks`, the attack question cell by cell)."""
    enemies = board.units_of(board.enemies(attacker.side))
    alike: dict[tuple[str, int | None, tuple[str, ...]], list[Unit]] = {}
    for t in enemies:
        alike.setdefault((t.type, t.strength, t.tags), []).append(t)
    found: dict[str, Attack] = {}
    cache = _cache(board)
    for group in alike.values():
        got = board.fire.attacks(board.map, attacker, group[0], [t.cell for t in group], board.situation,
                                 cache=cache)
        for t in group:
            a = got.get(t.cell)
            if a is not None:
                found[t.id] = a
    return [(t, found[t.id]) for t in enemies if t.id in found]


def attack_on(board: Board, attacker: Unit, target: Unit) -> Attack | None:
    """The attack of ``attacker`` on ``target`` (``None``: the attack question refuses it)."""
    got = board.fire.attack(board.map, attacker, target, board.situation, cache=_cache(board))
    return got if isinstance(got, Attack) else None


__all__ = ["attack_on", "shots"]
