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
    """Every enemy unit ``attacker`` may fire at from where it stands, with the attack, in map order."""
    out = []
    for t in board.units_of(board.enemies(attacker.side)):
        a = attack_on(board, attacker, t)
        if a is not None:
            out.append((t, a))
    return out


def attack_on(board: Board, attacker: Unit, target: Unit) -> Attack | None:
    """The attack of ``attacker`` on ``target`` (``None``: the attack question refuses it)."""
    got = board.fire.attack(board.map, attacker, target, board.situation, cache=_cache(board))
    return got if isinstance(got, Attack) else None


__all__ = ["attack_on", "shots"]
