"""Scenario and position files: strict loading, lossless atomic saving.

Both formats are read with the map loader's safe YAML reader (line numbers for
every field) and written with its atomic writer.

Examples
--------
>>> import os, tempfile
>>> from wartools.scenario.model import EXAMPLE
>>> s = loads_scenario(EXAMPLE)
>>> loads_scenario(dumps_scenario(s)) == s
True
>>> p = s.start()
>>> f = os.path.join(tempfile.mkdtemp(), "p.yaml"); save_position(s, p, f)
>>> load_position(f, s) == p
True
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from wartools.errors import MapError
from wartools.grids.base import Edge
from wartools.mapmodel import dump_yaml
from wartools.mapmodel.fileread import read_text
from wartools.mapmodel.yamlio import read_yaml, write_atomic
from wartools.scenario.model import POSITION_FORMAT, SCENARIO_FORMAT, Objective, Position, Scenario
from wartools.scenario.validate import ScenarioError, build_position, build_scenario


def _read(path: str | os.PathLike[str], what: str) -> str:
    """The text of a regular file within the size limit (a FIFO or device is refused: docs/limits.md)."""
    try:
        return read_text(path, f"{what} file")
    except MapError as exc:
        raise ScenarioError(exc.reason, file=exc.file) from None


def loads_scenario(text: str, source: str = "<string>", base_dir: str | os.PathLike[str] | None = None) -> Scenario:
    """Parse and validate a scenario from YAML text; a map path is read relative to ``base_dir``."""
    data, lines = read_yaml(text, source)
    return build_scenario(data, source, lines, Path(base_dir) if base_dir is not None else None)


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Load and validate a ``wartools-scenario/1`` file (its map path is relative to the file)."""
    return loads_scenario(_read(path, "scenario"), str(path), Path(path).parent)


def loads_position(text: str, scenario: Scenario, source: str = "<string>") -> Position:
    """Parse and validate a position of ``scenario`` from YAML text."""
    data, lines = read_yaml(text, source)
    return build_position(data, scenario, source, lines)


def load_position(path: str | os.PathLike[str], scenario: Scenario) -> Position:
    """Load and validate a ``wartools-position/1`` file against ``scenario``."""
    return loads_position(_read(path, "position"), scenario, str(path))


def scenario_to_dict(s: Scenario) -> dict[str, Any]:
    """Plain data in the scenario-file layout (the inverse of loading)."""
    lab = s.map.label
    out: dict[str, Any] = {"format": SCENARIO_FORMAT, "name": s.name, "game": s.game.id}
    if s.description is not None:
        out["description"] = s.description
    out["map"] = s.map_ref if s.map_ref is not None else s.map.to_dict()
    out["turns"], out["first"] = s.turns, s.first
    if s.options:
        out["options"] = dict(s.options)
    if any(len(v) > 1 or k not in v for k, v in s.teams.items()):
        out["teams"] = {t: list(v) for t, v in s.teams.items()}
    if s.zones:
        out["zones"] = {z: [lab(c) for c in cs] for z, cs in s.zones.items()}
    sides: dict[str, Any] = {}
    for name, side in s.sides.items():
        d: dict[str, Any] = {}
        if side.setup:
            d["setup"] = list(side.setup)
        if side.resources:
            d["resources"] = dict(side.resources)
        units = []
        for u in side.units:
            e: dict[str, Any] = {"id": u.id, "type": u.type}
            if u.cell is not None:
                e["cell"] = lab(u.cell)
            if u.enters is not None:
                e["enters"] = u.enters.to_dict()
            units.append(_unit_entry(e, u, ("name", "steps", "vp"), "hidden"))
        d["units"] = units
        sides[name] = d
    out["sides"] = sides
    own = [o for o in s.objectives if o != _from_map(s, o)]
    if own:
        out["objectives"] = [_objective(s, o) for o in own]
    if s.events:
        out["events"] = dict(s.events)
    v: dict[str, Any] = {}
    if s.victory.per_elimination is not None:
        v["vp"] = {"per_elimination": s.victory.per_elimination}
    if s.victory.ends_when is not None:
        v["ends_when"] = s.victory.ends_when.to_dict()
    v["levels"] = [{"result": lv.result, **({"if": lv.condition.to_dict()} if lv.condition else {"otherwise": True}),
                    **({} if lv.winner is None else {"winner": lv.winner or "none"})} for lv in s.victory.levels]
    out["victory"] = v
    return out


def _unit_entry(e: dict[str, Any], u: Any, keys: tuple[str, ...], flag: str) -> dict[str, Any]:
    """``e`` with ``u``'s set ``keys``, its ``flag`` when true, and its tags (a scenario unit or a unit state)."""
    for key in keys:
        if getattr(u, key) is not None:
            e[key] = getattr(u, key)
    if getattr(u, flag):
        e[flag] = True
    if u.tags:
        e["tags"] = list(u.tags)
    return e


def _from_map(s: Scenario, o: Objective) -> Objective | None:
    for mo in s.map.objectives:
        if mo.cell == o.cell:
            return Objective(s.map.label(mo.cell), mo.cell, mo.value if mo.kind == "victory" else 0, mo.kind,
                             None, s.rules.objective_scoring)
    return None


def _objective(s: Scenario, o: Objective) -> dict[str, Any]:
    d: dict[str, Any] = {"id": o.id, "cell": s.map.label(o.cell), "value": o.value, "kind": o.kind}
    if o.name is not None:
        d["name"] = o.name
    d["score"] = list(o.score) if isinstance(o.score, tuple) else o.score
    return d


def position_to_dict(s: Scenario, p: Position) -> dict[str, Any]:
    """Plain data in the position-file layout."""
    lab = s.map.label
    out: dict[str, Any] = {"format": POSITION_FORMAT, "scenario": p.scenario or s.name, "turn": p.turn}
    if p.ended:
        out["ended"] = True
    units = []
    for st in p.units.values():
        e: dict[str, Any] = {"id": st.id, "cell": lab(st.cell) if st.cell is not None else None}
        units.append(_unit_entry(e, st, ("steps", "health", "pins"), "suppressed"))
        if not st.tags and s.unit(st.id).start_tags:    # a unit without tags keeps the scenario's when read
            e["tags"] = []
    out["units"] = units
    for key in ("eliminated", "off_map", "events", "surrendered"):
        if getattr(p, key):
            out[key] = list(getattr(p, key))
    if p.control:
        out["control"] = dict(p.control)
    if p.vp:
        out["vp"] = dict(p.vp)
    for key in ("cleared", "placed"):
        features: dict[str, list[str]] = {}
        for where, feature in getattr(p, key):
            name = s.map.grid.edge_label(where) if isinstance(where, Edge) else lab(where)
            features.setdefault(name, []).append(feature)
        if features:
            out[key] = features
    if p.spent:
        out["spent"] = {side: dict(used) for side, used in p.spent.items()}
    return out


def dumps_scenario(s: Scenario) -> str:
    """The scenario as YAML text."""
    return dump_yaml(scenario_to_dict(s))


def save_scenario(s: Scenario, path: str | os.PathLike[str]) -> None:
    """Write the scenario atomically. A map given by path stays a path: relative to the
    scenario's own file, so save next to it (or the map is written inline when it has no path)."""
    write_atomic(path, dumps_scenario(s))


def dumps_position(s: Scenario, p: Position) -> str:
    """The position as YAML text."""
    return dump_yaml(position_to_dict(s, p))


def save_position(s: Scenario, p: Position, path: str | os.PathLike[str]) -> None:
    """Write the position atomically (after checking it against the scenario)."""
    text = dumps_position(s, p)
    loads_position(text, s, str(path))
    write_atomic(path, text)


def check_position(s: Scenario, p: Position) -> Position:
    """Validate a position built in code (a moved unit, an advanced turn) against the scenario;
    return the validated copy or raise :class:`ScenarioError`."""
    data = position_to_dict(s, p)
    if p.scenario is None:
        data.pop("scenario", None)
    return build_position(data, s, "<position>", {})


__all__ = ["check_position", "dumps_position", "dumps_scenario", "load_position", "load_scenario",
           "loads_position", "loads_scenario", "position_to_dict", "save_position", "save_scenario",
           "scenario_to_dict"]
