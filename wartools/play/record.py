"""A played game: :class:`Record` (the scenario, the seed, the bots, every action with its rolls,
the position at the end of each turn, the result) and :class:`TurnEnd`.

Files of it are ``wartools-record/1`` (:mod:`wartools.play.recordfile`, ``docs/record-format.md``).
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartools.dice import fraction_str
from wartools.rules.options import Assumption
from wartools.rules.turn import Roll
from wartools.play.engine import Action, set_up
from wartools.scenario import (Position, Scenario, evaluate, objective_control, position_to_dict,
                               scenario_to_dict)

RECORD_FORMAT = "wartools-record/1"


@dataclass(frozen=True)
class TurnEnd:
    """The position at the end of one turn (after its scoring)."""

    turn: int
    position: Position


@dataclass(frozen=True)
class Record:
    """A played game, as :func:`~wartools.play.playout` made it or a file held it.

    ``seed`` is the ``(entropy, spawn_key)`` of the :class:`numpy.random.SeedSequence` the dice
    came from; ``scenario_hash`` the sha256 of the scenario file's bytes (of its canonical dump
    for a scenario made in code); ``result`` the victory level that held at the end and
    ``winner`` the side it favours (``None`` for a draw).
    """

    scenario: Scenario = field(repr=False)
    scenario_path: str | None
    scenario_hash: str
    seed: tuple[int, tuple[int, ...]]
    bots: Mapping[str, str]
    actions: tuple[Action, ...] = field(repr=False)
    turn_ends: tuple[TurnEnd, ...] = field(repr=False)
    result: str | None
    winner: str | None
    vp: Mapping[str, int]
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)
    start: Position | None = field(default=None, repr=False)

    @property
    def final(self) -> Position:
        """The position at the end of the game."""
        return self.turn_ends[-1].position if self.turn_ends else self.initial

    @property
    def initial(self) -> Position:
        """The position the game started from (the set-up as play starts it, when no other)."""
        return self.start or set_up(self.scenario)

    def position_after(self, turn: int | None = None) -> Position:
        """The position at the end of ``turn`` (default: the end of the game)."""
        if turn is None:
            return self.final
        for t in self.turn_ends:
            if t.turn == turn:
                return t.position
        from wartools.play.engine import PlayError

        raise PlayError(f"the record has no end of turn {turn}; it has turns "
                        f"{', '.join(str(t.turn) for t in self.turn_ends) or 'none'}")

    def eliminations(self) -> tuple[tuple[int, str], ...]:
        """``(turn, unit)`` of every elimination, in the order they fell: the actions' own
        ``eliminated`` data; for a record written before actions carried it, the units that
        joined each turn's end position's ``eliminated`` list (docs/record-format.md)."""
        if all(a.eliminated is not None for a in self.actions):
            return tuple((a.turn, u) for a in self.actions for u in a.eliminated or ())
        out, before = [], set(self.initial.eliminated)
        for t in self.turn_ends:
            out += [(t.turn, u) for u in t.position.eliminated if u not in before]
            before |= set(t.position.eliminated)
        return tuple(out)

    def events(self) -> tuple[str, ...]:
        """Facts of the game for turning points, each naming its turn: who was eliminated
        (``"game turn 2: de-mg-1 eliminated"``, from :meth:`eliminations`) and who held each
        objective at the end of each turn (``"end of game turn 3: US holds north-bridge"``)."""
        s = self.scenario
        name = s.rules.turn_name
        seen: dict[str, None] = {}
        for turn, unit in self.eliminations():
            seen[f"{name} {turn}: {unit} eliminated"] = None
        for t in self.turn_ends:
            for oid, c in objective_control(s, t.position).items():
                if c.side is not None:
                    seen[f"end of {name} {t.turn}: {c.side} holds {oid}"] = None
        return tuple(seen)

    def to_json(self) -> dict[str, Any]:
        """The record as plain data, in the ``wartools-record/1`` layout (docs/record-format.md)."""
        return record_to_dict(self)

    def text(self) -> str:
        """The game in words: the result, then every action."""
        s = self.scenario
        lines = [f"{s.name}: {self.result or 'no result'}"
                 + (f" ({self.winner} favoured)" if self.winner else ""),
                 "  VP: " + ", ".join(f"{k} {v}" for k, v in self.vp.items()),
                 f"  bots: {', '.join(f'{k} {v}' for k, v in self.bots.items())}; seed {self.seed[0]}"
                 + (f" {list(self.seed[1])}" if self.seed[1] else "")
                 + f"; {len(self.actions)} actions, {len(self.turn_ends)} {s.rules.turn_name}s"]
        for a in self.actions:
            lines.append("  " + a.text())
            for r in a.rolls:
                lines.append(f"      roll {list(r.faces)}: {r.what}, p {fraction_str(r.p)}, "
                             f"got {fraction_str(r.value)} against {float(r.expected):.3f} expected ({r.rule})")
        lines += [a.text() for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, turn: int | None = None, ax: Any = None) -> Any:
        """The scenario board at the end of ``turn`` (default: the end of the game)."""
        from wartools.render.scenario import draw_scenario

        return draw_scenario(self.scenario, self.position_after(turn), ax)

    def _repr_png_(self) -> bytes | None:
        from wartools.render.scenario import scenario_png

        return scenario_png(self.scenario, self.final)

    def check_result(self) -> tuple[str | None, dict[str, int]]:
        """The result and VP :func:`~wartools.scenario.evaluate` gives the final position."""
        v = evaluate(self.scenario, self.final)
        return v.result, dict(v.vp)


# --- writing ------------------------------------------------------------------------------------
def _roll(r: Roll) -> dict[str, Any]:
    return {"side": r.side, "what": r.what, "faces": list(r.faces), "p": fraction_str(r.p),
            "value": fraction_str(r.value), "expected": fraction_str(r.expected), "rule": r.rule}


def _action(a: Action) -> dict[str, Any]:
    out = {"index": a.index, "turn": a.turn, "side": a.side, "kind": a.kind, "unit": a.unit, "target": a.target,
           "cells": list(a.cells), "rolls": [_roll(r) for r in a.rolls], "effects": list(a.effects),
           "rule": a.rule}
    if a.eliminated is not None:        # a record read from before the field stays as it was
        out["eliminated"] = list(a.eliminated)
    return out


def record_to_dict(r: Record, base_dir: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The record as plain data in the ``wartools-record/1`` layout; the scenario's path is
    written relative to ``base_dir`` (the record file's folder) when given."""
    s = r.scenario
    if r.scenario_path is not None:
        where = r.scenario_path
        if base_dir is not None:
            where = os.path.relpath(os.path.abspath(where), os.path.abspath(base_dir))
        scen: dict[str, Any] = {"path": Path(where).as_posix(), "sha256": r.scenario_hash}
    else:
        scen = {"inline": scenario_to_dict(s), "sha256": r.scenario_hash}
    out: dict[str, Any] = {"format": RECORD_FORMAT, "scenario": scen,
                           "seed": {"entropy": r.seed[0], "spawn_key": list(r.seed[1])}, "bots": dict(r.bots)}
    if r.start is not None and r.start != set_up(s):
        out["start"] = position_to_dict(s, r.start)
    out["actions"] = [_action(a) for a in r.actions]
    out["turn_ends"] = [{"turn": t.turn, "position": position_to_dict(s, t.position)} for t in r.turn_ends]
    out.update({"result": r.result, "winner": r.winner, "vp": dict(r.vp),
                "assumptions": [a.to_json() for a in r.assumptions]})
    return out



__all__ = ["RECORD_FORMAT", "Record", "TurnEnd", "record_to_dict"]
