"""``wartools-record/1`` files: strict loading, atomic saving (``docs/record-format.md``).

A record file is JSON (so also YAML, and read with the same strict reader as maps and
scenarios: one line naming the file, the line and the field for anything wrong). The
scenario is named by its path, relative to the record file, and the sha256 of its bytes;
a scenario made in code is written inline.

Examples
--------
>>> import os, tempfile
>>> from wartools.scenario import load_scenario
>>> from wartools.play import playout
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> r = playout(s, ["random", "random"], seed=2)
>>> f = os.path.join(tempfile.mkdtemp(), "game.json"); save_record(r, f)
>>> back = load_record(f)
>>> back.actions == r.actions and back.turn_ends == r.turn_ends and back.result == r.result
True
>>> loads_record('{"format": "wartools-record/1", "scenario": {"path": "x.yaml"}, "sede": 1}', "g.json")
Traceback (most recent call last):
...
wartools.errors.MapError: g.json:1: sede: unknown key 'sede'; valid: format, scenario, seed, bots, start, actions, turn_ends, result, winner, vp, assumptions
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from wartools.dice import fraction_str
from wartools.errors import MapError
from wartools.rules.options import Assumption
from wartools.rules.turn import Roll
from wartools.limits import (MAX_FRACTION_CHARS, MAX_LABEL_CHARS, MAX_NAME_CHARS, MAX_RECORD_TEXT, RECORD_ACTIONS,
                             RECORD_FACE, RECORD_FACES, RECORD_VP, SEED_ENTROPY, SPAWN_DEPTH, SPAWN_KEY, TURNS)
from wartools.mapmodel.fileread import read_text
from wartools.mapmodel.validate import _Checker
from wartools.mapmodel.yamlio import read_yaml, write_atomic
from wartools.play.engine import Action
from wartools.play.record import RECORD_FORMAT, Record, TurnEnd, record_to_dict
from wartools.scenario import Position, Scenario, load_scenario, position_to_dict, scenario_to_dict
from wartools.scenario.validate import build_position, build_scenario

TOP_KEYS = ("format", "scenario", "seed", "bots", "start", "actions", "turn_ends", "result", "winner", "vp",
            "assumptions")
ACTION_KEYS = ("index", "turn", "side", "kind", "unit", "target", "cells", "rolls", "effects", "rule", "eliminated")
#: keys every action has (``eliminated`` came later: a record written before it reads as not recorded)
ACTION_REQUIRED = ACTION_KEYS[:-1]
ROLL_KEYS = ("side", "what", "faces", "p", "value", "expected", "rule")


def dumps_record(r: Record, base_dir: str | os.PathLike[str] | None = None) -> str:
    """The record as JSON text, one action per line."""
    d = record_to_dict(r, base_dir)
    head = {k: v for k, v in d.items() if k not in ("actions", "turn_ends")}
    parts = [f'  "{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in head.items()]
    parts.append('  "actions": [' + ",".join("\n    " + json.dumps(a, ensure_ascii=False) for a in d["actions"])
                 + ("\n  ]" if d["actions"] else "]"))
    parts.append('  "turn_ends": [' + ",".join("\n    " + json.dumps(t, ensure_ascii=False) for t in d["turn_ends"])
                 + ("\n  ]" if d["turn_ends"] else "]"))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def save_record(r: Record, path: str | os.PathLike[str]) -> None:
    """Write the record atomically (a crash never leaves half a file)."""
    write_atomic(path, dumps_record(r, Path(path).parent))


# --- reading ------------------------------------------------------------------------------------
class _Ck(_Checker):
    def text(self, data: Any, path: tuple[Any, ...], most: int = MAX_RECORD_TEXT, none: bool = False) -> Any:
        if data is None and none:
            return None
        return self.bounded_text(data, path, "a string" + (" or null" if none else ""), most)

    def fraction(self, data: Any, path: tuple[Any, ...], low: Fraction | None = None,
                 high: Fraction | None = None) -> Fraction:
        text = self.bounded_text(data, path, "an exact fraction written n/d", MAX_FRACTION_CHARS)
        num, sep, den = text.partition("/")
        ok = num.lstrip("-").isascii() and num.lstrip("-").isdigit() and (not sep or (den.isascii() and den.isdigit()))
        if not ok or (sep and int(den) == 0):
            raise self.fail(path, f"{text!r} is not an exact fraction n/d")
        value = Fraction(int(num), int(den) if sep else 1)
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(path, f"{text} is outside {low}..{high}")
        return value

    def unit(self, data: Any, path: tuple[Any, ...], units: Mapping[str, Any]) -> str:
        uid: str = self.text(data, path, MAX_LABEL_CHARS)
        if uid not in units:
            raise self.fail(path, f"unknown unit {uid!r}; the scenario's units: {', '.join(list(units)[:8])}"
                                  + (", ..." if len(units) > 8 else ""))
        return uid

    def items(self, data: Any, path: tuple[Any, ...], what: str) -> list[Any]:
        got: list[Any] = self.typed(data, path, list, what)
        return got


def _sub(lines: Mapping[tuple[Any, ...], int], prefix: tuple[Any, ...]) -> dict[tuple[Any, ...], int]:
    n = len(prefix)
    return {k[n:]: v for k, v in lines.items() if k[:n] == prefix}


def _scenario(ck: _Ck, data: Any, lines: Mapping[tuple[Any, ...], int], base: Path | None,
              scenario: Scenario | None) -> tuple[Scenario, str | None, str]:
    p = ("scenario",)
    ck.mapping(data, p, ("path", "inline", "sha256"), required=("sha256",))
    digest = ck.text(data["sha256"], (*p, "sha256"), 64)
    if scenario is not None:
        return scenario, scenario.source if data.get("path") is not None else None, digest
    if ("path" in data) == ("inline" in data):
        raise ck.fail(p, "give the scenario's path or the scenario inline (one of them)")
    if "inline" in data:
        s = build_scenario(data["inline"], ck.source, _sub(lines, (*p, "inline")), base)
        return s, None, digest
    rel = ck.text(data["path"], (*p, "path"), MAX_NAME_CHARS)
    where = (base / rel) if base is not None else Path(rel)
    return load_scenario(where), str(where), digest


def _rolls(ck: _Ck, data: Any, path: tuple[Any, ...], sides: list[str]) -> tuple[Roll, ...]:
    out = []
    for j, r in enumerate(ck.items(data, path, "a list of rolls")):
        q = (*path, j)
        ck.mapping(r, q, ROLL_KEYS, required=ROLL_KEYS)
        side = ck.text(r["side"], (*q, "side"), MAX_LABEL_CHARS)
        if side not in sides:
            raise ck.fail((*q, "side"), f"unknown side {side!r}; valid: {', '.join(sides)}")
        faces = ck.items(r["faces"], (*q, "faces"), "a list of die faces")
        if len(faces) > RECORD_FACES.high:
            raise ck.fail((*q, "faces"), f"{len(faces)} faces is outside the limit {RECORD_FACES}")
        faces = [ck.bounded_int(f, (*q, "faces", k), RECORD_FACE) for k, f in enumerate(faces)]
        out.append(Roll(side, ck.text(r["what"], (*q, "what")), tuple(faces),
                        ck.fraction(r["p"], (*q, "p"), Fraction(0), Fraction(1)),
                        ck.fraction(r["value"], (*q, "value")), ck.fraction(r["expected"], (*q, "expected")),
                        ck.text(r["rule"], (*q, "rule"))))
    return tuple(out)


def _actions(ck: _Ck, data: Any, s: Scenario) -> tuple[Action, ...]:
    items = ck.items(data, ("actions",), "a list of actions")
    if len(items) > RECORD_ACTIONS.high:
        raise ck.fail(("actions",), f"{len(items)} actions is outside the limit {RECORD_ACTIONS}")
    sides = list(s.sides)
    units = {u.id: None for u in s.units()}
    out = []
    for i, a in enumerate(items):
        p = ("actions", i)
        ck.mapping(a, p, ACTION_KEYS, required=ACTION_REQUIRED)
        index = ck.bounded_int(a["index"], (*p, "index"), RECORD_ACTIONS)
        if index != i:
            raise ck.fail((*p, "index"), f"actions are numbered from 0 in order: expected {i}, got {index}")
        side = ck.text(a["side"], (*p, "side"), MAX_LABEL_CHARS)
        if side not in sides:
            raise ck.fail((*p, "side"), f"unknown side {side!r}; valid: {', '.join(sides)}")
        cells = tuple(ck.text(c, (*p, "cells", k), MAX_LABEL_CHARS)
                      for k, c in enumerate(ck.items(a["cells"], (*p, "cells"), "a list of cell labels")))
        effects = tuple(ck.text(e, (*p, "effects", k))
                        for k, e in enumerate(ck.items(a["effects"], (*p, "effects"), "a list of words")))
        eliminated = None
        if "eliminated" in a:
            eliminated = tuple(ck.unit(u, (*p, "eliminated", k), units)
                               for k, u in enumerate(ck.items(a["eliminated"], (*p, "eliminated"), "a list of unit ids")))
        out.append(Action(index, ck.bounded_int(a["turn"], (*p, "turn"), TURNS), side,
                          ck.text(a["kind"], (*p, "kind"), MAX_LABEL_CHARS),
                          ck.text(a["unit"], (*p, "unit"), MAX_LABEL_CHARS, none=True),
                          ck.text(a["target"], (*p, "target"), MAX_LABEL_CHARS, none=True), cells,
                          _rolls(ck, a["rolls"], (*p, "rolls"), sides), effects, ck.text(a["rule"], (*p, "rule")),
                          eliminated))
    return tuple(out)


def _position(ck: _Ck, data: Any, s: Scenario, lines: Mapping[tuple[Any, ...], int],
              prefix: tuple[Any, ...]) -> Position:
    try:
        return build_position(data, s, ck.source, _sub(lines, prefix))
    except MapError as exc:      # name the field from the top of the record
        where = ".".join(str(x) for x in prefix)
        raise type(exc)(exc.reason, file=exc.file, line=exc.line,
                        field=f"{where}.{exc.field}" if exc.field else where) from None


def loads_record(text: str, source: str = "<string>", base_dir: str | os.PathLike[str] | None = None, *,
                 scenario: Scenario | None = None) -> Record:
    """Parse and validate a record from its text; its scenario path is read relative to
    ``base_dir`` (or ``scenario`` is used as it is)."""
    data, lines = read_yaml(text, source)
    ck = _Ck(source, lines)
    if data is None:
        raise ck.fail((), "the record file is empty")
    ck.mapping(data, (), TOP_KEYS, required=("format", "scenario"))
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise ck.fail(("format",), f"expected format {RECORD_FORMAT!r}, got {fmt!r}")
    ck.mapping(data, (), TOP_KEYS, required=tuple(k for k in TOP_KEYS if k != "start"))
    base = Path(base_dir) if base_dir is not None else None
    s, path, digest = _scenario(ck, data["scenario"], lines, base, scenario)
    seed = ck.mapping(data["seed"], ("seed",), ("entropy", "spawn_key"), required=("entropy", "spawn_key"))
    entropy = ck.bounded_int(seed["entropy"], ("seed", "entropy"), SEED_ENTROPY)
    key = ck.items(seed["spawn_key"], ("seed", "spawn_key"), "a list of whole numbers")
    if len(key) > SPAWN_DEPTH.high:
        raise ck.fail(("seed", "spawn_key"), f"{len(key)} words is outside the limit {SPAWN_DEPTH}")
    spawn = tuple(ck.bounded_int(k, ("seed", "spawn_key", i), SPAWN_KEY) for i, k in enumerate(key))
    bots = {}
    for side, name in ck.mapping(data["bots"], ("bots",), tuple(s.sides)).items():
        bots[side] = ck.text(name, ("bots", side), MAX_LABEL_CHARS)
    start = _position(ck, data["start"], s, lines, ("start",)) if data.get("start") is not None else None
    actions = _actions(ck, data["actions"], s)
    ends = []
    for i, t in enumerate(ck.items(data["turn_ends"], ("turn_ends",), "a list of turn ends")):
        p = ("turn_ends", i)
        ck.mapping(t, p, ("turn", "position"), required=("turn", "position"))
        ends.append(TurnEnd(ck.bounded_int(t["turn"], (*p, "turn"), TURNS),
                            _position(ck, t["position"], s, lines, (*p, "position"))))
    vp = {}
    for side, n in ck.mapping(data["vp"], ("vp",), tuple(s.sides)).items():
        vp[side] = ck.bounded_int(n, ("vp", side), RECORD_VP)
    assumptions = []
    for i, a in enumerate(ck.items(data["assumptions"], ("assumptions",), "a list of assumptions")):
        p = ("assumptions", i)
        ck.mapping(a, p, ("rule", "reading", "option"), required=("rule", "reading"))
        assumptions.append(Assumption(ck.text(a["rule"], (*p, "rule")), ck.text(a["reading"], (*p, "reading")),
                                      ck.text(a.get("option"), (*p, "option"), MAX_LABEL_CHARS, none=True)))
    result = ck.text(data["result"], ("result",), MAX_NAME_CHARS, none=True)
    winner = ck.text(data["winner"], ("winner",), MAX_LABEL_CHARS, none=True)
    if winner is not None and winner not in s.sides:
        raise ck.fail(("winner",), f"unknown side {winner!r}; valid: {', '.join(s.sides)}")
    return Record(s, path, digest, (entropy, spawn), bots, actions, tuple(ends), result, winner, vp,
                  tuple(assumptions), start=start)


def load_record(path: str | os.PathLike[str], *, scenario: Scenario | None = None) -> Record:
    """Load and validate a ``wartools-record/1`` file (its scenario path is relative to the file)."""
    try:
        text = read_text(path, "record file")
    except MapError:
        raise
    return loads_record(text, str(path), Path(path).parent, scenario=scenario)


__all__ = ["dumps_record", "load_record", "loads_record", "record_to_dict", "save_record"]
