"""The one place play asks the game's attack question: which enemy units a unit may fire at
now, and with what odds.

It asks the game's fire rules through the analysis layer's
:func:`~wartools.analysis.threat.attacks_from` (the line-of-sight engine, the range, the
game's refusals and its own odds procedure), for the target units where they stand, so a
shot a playout takes is a shot every analysis agrees is possible.

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
from wartools.analysis.threat import attacks_from
from wartools.games.fire_rules import Attack
from wartools.mapmodel import Unit


def _cache(board: Board) -> dict[Any, Any]:
    got: dict[Any, Any] | None = board.__dict__.get("_odds_cache")
    if got is None:
        got = board.__dict__["_odds_cache"] = {}
    return got


def shots(board: Board, attacker: Unit) -> list[tuple[Unit, Attack]]:
    """Every enemy unit ``attacker`` may fire at from where it stands, with the attack, in map order."""
    fire = board.fire
    profile = fire.profile(attacker)
    if profile is None:
        return []
    enemies = board.units_of(board.enemies(attacker.side))
    by_type: dict[tuple[str, int | None], list[Unit]] = {}
    for t in enemies:
        by_type.setdefault((t.type, t.strength), []).append(t)
    found: dict[str, Attack] = {}
    cache = _cache(board)
    for (kind, strength), targets in by_type.items():
        got, _ = attacks_from(board, attacker, profile, kind, fire.target_profile(kind, strength), cache,
                              cells=sorted({t.cell for t in targets}))
        for t in targets:
            if t.cell in got:
                found[t.id] = got[t.cell]
    return [(t, found[t.id]) for t in enemies if t.id in found]


def attack_on(board: Board, attacker: Unit, target: Unit) -> Attack | None:
    """The attack of ``attacker`` on ``target`` (``None``: the attack question refuses it)."""
    for t, a in shots(board, attacker):
        if t.id == target.id:
            return a
    return None


__all__ = ["attack_on", "shots"]
