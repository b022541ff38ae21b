"""Strict validation of scenario and position data into :class:`Scenario` and :class:`Position`.

Every check raises :class:`ScenarioError` (a :class:`~wartools.errors.MapError`)
naming the file, the line, the field and what would be valid; nothing is built
until every check passes. Game rules (set-up areas, stacking, impassable cells,
options) are asked of the game's :class:`~wartools.rules.scenario.ScenarioRules`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from wartools.errors import MapError, WartoolsError
from wartools.rules import find_game
from wartools.rules.scenario import SCORE_AT_END, SCORE_EACH_TURN, ScenarioRules
from wartools.grids.base import Cell, Edge
from wartools.limits import (MAX_CONDITIONS, MAX_OBJECTIVES, MAX_UNITS, OBJECTIVES_REASON, PINS, RESOURCES,
                             STEPS, TURNS, UNITS_REASON, VP, VP_TOTAL, CONDITIONS_REASON, HEALTH, IntLimit,
                             shown)
from wartools.mapmodel import Map, Unit, load_map
from wartools.mapmodel.validate import Checker
from wartools.scenario import conditions as C
from wartools.scenario.model import (MAP_EDGES, POSITION_FORMAT, SCENARIO_FORMAT, Entry, ForceUnit, Level,
                                     Objective, Position, Scenario, Side, UnitState, Victory)

Path_ = tuple[Any, ...]
SCENARIO_KEYS = ("format", "name", "game", "map", "description", "turns", "first", "options", "teams", "zones",
                 "sides", "objectives", "events", "victory")
SIDE_KEYS = ("units", "setup", "resources")
UNIT_KEYS = ("id", "type", "cell", "enters", "name", "steps", "vp", "hidden", "tags")
OBJECTIVE_KEYS = ("id", "cell", "value", "kind", "name", "score")
POSITION_KEYS = ("format", "scenario", "turn", "ended", "units", "eliminated", "off_map", "control", "vp",
                 "events", "surrendered", "cleared", "placed", "spent")


class ScenarioError(MapError):
    """A scenario or position file or value that is invalid (same format as :class:`MapError`)."""


class _Ck(Checker):
    def fail(self, path: Path_, message: str) -> MapError:
        err = super().fail(path, message)
        return ScenarioError(err.reason, file=err.file, line=err.line, field=err.field)

    def integer(self, data: Any, path: Path_, limit: IntLimit, low: int | None = None,
                high: int | None = None) -> int:
        """An integer within ``limit`` (the documented bound, docs/limits.md), narrowed to
        ``low``..``high`` where the scenario itself bounds it (a turn within its turns)."""
        value: int = self.typed(data, path, int, "an integer")
        if not limit.low <= value <= limit.high:
            raise self.fail(path, f"{shown(value)} is outside the limit {limit} ({limit.what})")
        if low is not None and value < low:
            raise self.fail(path, f"must be at least {low}, got {value}")
        if high is not None and value > high:
            raise self.fail(path, f"must be at most {high}, got {value}")
        return value

    def entries(self, data: Any, path: Path_, what: str, most: int, reason: str) -> list[Any]:
        """A list of at most ``most`` entries (``what``: "units", "objectives")."""
        items: list[Any] = self.typed(data, path, list, f"a list of {what}")
        if len(items) > most:
            raise self.fail(path, f"{len(items):,} {what}, more than the limit of {most:,} ({reason})")
        return items

    def text(self, data: Any, path: Path_, what: str = "a string") -> str:
        value: str = self.typed(data, path, str, what)
        return value

    def strings(self, data: Any, path: Path_, what: str = "a list of strings") -> tuple[str, ...]:
        items = self.typed(data, path, list, what)
        return tuple(self.text(v, (*path, i)) for i, v in enumerate(items))

    def choice(self, value: Any, valid: Collection[Any], path: Path_, what: str) -> str:
        """``value`` if it is one of ``valid`` (give a set or a dict for long lists: membership is
        then one look-up); the message lists the first few valid names."""
        try:
            found = value in valid
        except TypeError:           # an unhashable value (a list) in a set
            found = False
        if not found:
            names = [str(v) for _, v in zip(range(_LISTED + 1), valid)]
            listed = ", ".join(names[:_LISTED]) + (f", ... ({len(valid):,} in all)" if len(names) > _LISTED else "")
            raise self.fail(path, f"unknown {what} {shown(value)}; valid: {listed or 'none'}")
        return str(value)


#: valid names listed in a message before '...'
_LISTED = 20
#: the numbers a position records of a unit, and their bounds
_UNIT_NUMBERS = {"steps": STEPS, "health": HEALTH, "pins": PINS}
#: at_least / exactly / at_most of a controls condition
_COUNTED = IntLimit(0, MAX_OBJECTIVES, "objectives counted", OBJECTIVES_REASON)


def _format(ck: _Ck, data: Any, expected: str) -> None:
    """Check the ``format`` key first, so a map given as a scenario says so."""
    ck.mapping(data, (), required=("format",))
    if data["format"] != expected:
        raise ck.fail(("format",), f"unsupported format {data['format']!r}; valid: {expected}")


# --- scenario -------------------------------------------------------------------------------
def _map(ck: _Ck, data: Any, base_dir: Path | None) -> tuple[Map, str | None]:
    if isinstance(data, str):
        target = Path(data)
        if not target.is_absolute() and base_dir is not None:
            target = base_dir / target
        if not target.exists():
            raise ck.fail(("map",), f"no such map file {str(target)!r}")
        return load_map(target), data
    if isinstance(data, dict):
        try:
            return Map.from_dict(data, source=ck.source, lines={k[1:]: v for k, v in ck.lines.items()
                                                                if k[:1] == ("map",)}), None
        except MapError as exc:
            raise ScenarioError(exc.reason, file=exc.file, line=exc.line,
                                field="map" + (f".{exc.field}" if exc.field else "")) from None
    raise ck.fail(("map",), f"must be a map file path or an inline map, got {type(data).__name__}")


def _objectives(ck: _Ck, data: Any, m: Map, rules: ScenarioRules, turns: int) -> tuple[Objective, ...]:
    own: list[Objective] = []
    for i, entry in enumerate(ck.entries(data or [], ("objectives",), "objectives", MAX_OBJECTIVES,
                                         OBJECTIVES_REASON)):
        path = ("objectives", i)
        ck.mapping(entry, path, OBJECTIVE_KEYS, required=("id", "cell"))
        oid = ck.text(entry["id"], (*path, "id"), "an objective id")
        cell = ck.cell(m.grid, entry["cell"], (*path, "cell"))
        value = ck.integer(entry.get("value", 0), (*path, "value"), VP)
        kind = ck.text(entry.get("kind", "victory"), (*path, "kind"))
        name = entry.get("name")
        if name is not None:
            ck.text(name, (*path, "name"))
        own.append(Objective(oid, cell, value, kind, name, _score(ck, entry.get("score"), (*path, "score"),
                                                                 rules, turns)))
    taken = {o.cell for o in own}
    from_map = [Objective(m.label(o.cell), o.cell, o.value if o.kind == "victory" else 0, o.kind, None,
                          rules.objective_scoring) for o in m.objectives if o.cell not in taken]
    out = tuple(own) + tuple(from_map)
    seen: set[str] = set()
    for i, o in enumerate(out):
        if o.id in seen:
            raise ck.fail(("objectives", i, "id") if i < len(own) else ("objectives",),
                          f"duplicate objective id {o.id!r}")
        seen.add(o.id)
    return out


def _score(ck: _Ck, data: Any, path: Path_, rules: ScenarioRules, turns: int) -> str | tuple[int, ...]:
    if data is None:
        return rules.objective_scoring
    if isinstance(data, list):
        return tuple(ck.integer(t, (*path, i), TURNS, high=turns) for i, t in enumerate(data))
    return ck.choice(data, (SCORE_AT_END, SCORE_EACH_TURN), path, "scoring (or a list of turns)")


def _entry(ck: _Ck, data: Any, path: Path_, turns: int, zones: Mapping[str, Any], turn_name: str) -> Entry:
    ck.mapping(data, path, ("turn", "zone", "edge"), required=("turn",))
    turn = ck.integer(data["turn"], (*path, "turn"), TURNS)
    if turn > turns:
        raise ck.fail((*path, "turn"), f"enters on {turn_name} {turn}, after the last {turn_name} "
                                       f"({turns}); valid: 1-{turns}")
    if ("zone" in data) == ("edge" in data):
        raise ck.fail(path, "give exactly one of 'zone' (a zone of the map or scenario) or 'edge' "
                            f"({', '.join(MAP_EDGES)})")
    if "zone" in data:
        return Entry(turn, zone=ck.choice(data["zone"], sorted(zones), (*path, "zone"), "entry zone"))
    return Entry(turn, edge=ck.choice(data["edge"], MAP_EDGES, (*path, "edge"), "map edge"))


def _units(ck: _Ck, side: str, data: Any, path: Path_, m: Map, turns: int, zones: Mapping[str, Any],
           rules: ScenarioRules, area: frozenset[Cell] | None, setup: tuple[str, ...]) -> list[ForceUnit]:
    game = m.game
    units = []
    for i, entry in enumerate(ck.entries(data, path, "units", MAX_UNITS, UNITS_REASON)):
        p = (*path, i)
        ck.mapping(entry, p, UNIT_KEYS, required=("id", "type"))
        uid = str(ck.typed(entry["id"], (*p, "id"), (str, int), "a unit id"))
        utype = ck.vocab(game.unit_types, entry["type"], (*p, "type"), game)
        if ("cell" in entry) == ("enters" in entry):
            raise ck.fail(p, "give exactly one of 'cell' (set up there) or 'enters' (a reinforcement)")
        cell, enters = None, None
        if "cell" in entry:
            cell = ck.cell(m.grid, entry["cell"], (*p, "cell"))
            if area is not None and cell not in area:
                raise ck.fail((*p, "cell"), f"{m.label(cell)} is outside {side}'s set-up area "
                                            f"({', '.join(setup)}; {_area_rule(rules)})")
            why = rules.standing_problem(m, utype, cell)
            if why:
                raise ck.fail((*p, "cell"), why)
        else:
            enters = _entry(ck, entry["enters"], (*p, "enters"), turns, zones, rules.turn_name)
        steps = None if entry.get("steps") is None else ck.integer(entry["steps"], (*p, "steps"), STEPS)
        if steps is not None and not {"steps", "health"} & set(rules.unit_state):
            raise ck.fail((*p, "steps"), f"{game.id} units have no steps or health; a position may record: "
                                         f"{', '.join(rules.unit_state)}")
        vp = None if entry.get("vp") is None else ck.integer(entry["vp"], (*p, "vp"), VP)
        hidden = ck.typed(entry.get("hidden", False), (*p, "hidden"), bool, "true or false")
        name = None if entry.get("name") is None else ck.text(entry["name"], (*p, "name"))
        tags = ck.strings(entry.get("tags", []), (*p, "tags"))
        units.append(ForceUnit(uid, side, utype, cell, enters, name, steps, vp, hidden, tags))
    return units


def _area_rule(rules: ScenarioRules) -> str:
    doc = (type(rules).setup_area.__doc__ or "").strip().splitlines()
    return doc[0].rstrip(".") if doc and type(rules).setup_area is not ScenarioRules.setup_area else "the zones"


def _check_tags(ck: _Ck, rules: ScenarioRules, units: Sequence[tuple[Any, Path_]], sides: Mapping[str, str]) -> None:
    """Every unit's tags are ones the game allows it (:meth:`ScenarioRules.tag_problem`)."""
    for u, p in units:
        for j, tag in enumerate(u.tags):
            why = rules.tag_problem(u.type, u.side, tag, sides)
            if why:
                raise ck.fail((*p, "tags", j) if len(p) > 1 and p[-2] == "units" else p, why)


def _check_stacks(ck: _Ck, rules: ScenarioRules, m: Map, placed: list[tuple[Unit, Path_]]) -> None:
    stacks: dict[tuple[str, Cell], list[tuple[Unit, Path_]]] = {}
    for u, p in placed:
        stacks.setdefault((u.side, u.cell), []).append((u, p))
    for group in stacks.values():
        for k in range(2, len(group) + 1):
            why = rules.stack_problem(m, [u for u, _ in group[:k]])
            if why:
                raise ck.fail(group[k - 1][1], why)


def build_scenario(data: Any, source: str | None, lines: Mapping[Path_, int],
                   base_dir: Path | None = None) -> Scenario:
    """Validate scenario-file data and build a :class:`Scenario`."""
    ck = _Ck(source, lines)
    if data is None:
        raise ck.fail((), "the scenario file is empty")
    _format(ck, data, SCENARIO_FORMAT)
    ck.mapping(data, (), SCENARIO_KEYS, required=("format", "name", "map", "turns", "sides", "victory"))
    name = ck.text(data["name"], ("name",))
    m, map_ref = _map(ck, data["map"], base_dir)
    game = m.game
    if "game" in data:
        try:
            declared = find_game(ck.text(data["game"], ("game",), "a game id"))
        except WartoolsError as exc:
            raise ck.fail(("game",), str(exc)) from None
        if declared != game:
            raise ck.fail(("game",), f"the scenario is for {declared.id} but its map is for {game.id}")
    turns = ck.integer(data["turns"], ("turns",), TURNS)
    description = None if data.get("description") is None else ck.text(data["description"], ("description",))

    options: dict[str, Any] = {}
    for key, value in ck.mapping(data.get("options") or {}, ("options",)).items():
        try:
            options[str(key)] = game.option_spec(str(key)).parse(value)
        except WartoolsError as exc:
            raise ck.fail(("options", key), str(exc)) from None
    game = game.with_options(**options)
    rules = game.scenario_rules()

    zones: dict[str, tuple[Cell, ...]] = {}
    for zname, labels in ck.mapping(data.get("zones") or {}, ("zones",)).items():
        ck.text(zname, ("zones", zname), "a zone name")
        if zname in m.zones:
            raise ck.fail(("zones", zname), f"zone {zname!r} is already a zone of the map")
        cells = ck.typed(labels, ("zones", zname), list, "a list of cell labels")
        zones[zname] = tuple(ck.cell(m.grid, v, ("zones", zname, i)) for i, v in enumerate(cells))
    all_zones = {**m.zones, **zones}
    zone_names = dict.fromkeys(sorted(all_zones))   # for one look-up per set-up zone, listed sorted

    sides_data = ck.mapping(data["sides"], ("sides",))
    if len(sides_data) < 2:
        raise ck.fail(("sides",), f"a scenario needs at least 2 sides, got {len(sides_data)}")
    sides: dict[str, Side] = {}
    seen: dict[str, Path_] = {}
    placed: list[tuple[Unit, Path_]] = []
    for side, sdata in sides_data.items():
        path: Path_ = ("sides", side)
        ck.text(side, path, "a side name")
        ck.mapping(sdata or {}, path, SIDE_KEYS)
        sdata = sdata or {}
        setup = ck.strings(sdata.get("setup", []), (*path, "setup"), "a list of zone names")
        for i, z in enumerate(setup):
            ck.choice(z, zone_names, (*path, "setup", i), "set-up zone")
        area = (rules.setup_area(m, tuple(c for z in setup for c in all_zones[z])) if setup else None)
        if "units" in sdata:
            units = _units(ck, side, sdata["units"], (*path, "units"), m, turns, all_zones, rules, area, setup)
            paths = [(*path, "units", i) for i in range(len(units))]
        else:
            units = [ForceUnit(u.id, side, u.type, u.cell, None, u.name, u.strength, None, False, u.tags)
                     for u in m.units if u.side == side]
            if not units:
                raise ck.fail(path, f"side {side!r} lists no units and the map has none of its units")
            paths = [path] * len(units)
        for u, p in zip(units, paths):
            if u.id in seen:
                raise ck.fail(p, f"duplicate unit id {u.id!r}")
            seen[u.id] = p
            if u.cell is not None:
                placed.append((Unit(u.id, side, u.type, u.cell, u.name, u.steps, u.tags),
                               (*p, "cell") if "units" in sdata else p))
        if setup:
            why = rules.setup_problem(m, tuple(c for z in setup for c in all_zones[z]),
                                      [u.cell for u in units if u.cell is not None])
            if why:
                raise ck.fail((*path, "units") if "units" in sdata else path, why)
        resources = {}
        for key, value in ck.mapping(sdata.get("resources") or {}, (*path, "resources")).items():
            ck.choice(key, sorted(rules.resources), (*path, "resources", key), f"resource for {game.id}")
            resources[key] = ck.integer(value, (*path, "resources", key), rules.resource_limits.get(key, RESOURCES))
        sides[side] = Side(side, tuple(units), setup, MappingProxyType(resources))
    _check_stacks(ck, rules, m, placed)
    _check_tags(ck, rules, [(u, seen[u.id]) for side in sides.values() for u in side.units],
                {u.id: u.side for side in sides.values() for u in side.units})

    teams: dict[str, tuple[str, ...]] = {}
    if data.get("teams") is not None:
        member: dict[str, str] = {}
        for team, team_sides in ck.mapping(data["teams"], ("teams",)).items():
            ck.text(team, ("teams", team), "a team name")
            listed = ck.strings(team_sides, ("teams", team), "a list of sides")
            for i, s in enumerate(listed):
                ck.choice(s, list(sides), ("teams", team, i), "side")
                if s in member:
                    raise ck.fail(("teams", team, i), f"side {s!r} is already in team {member[s]!r}")
                member[s] = team
            teams[team] = listed
        missing = [s for s in sides if s not in member]
        if missing:
            raise ck.fail(("teams",), f"sides in no team: {', '.join(missing)}")
    else:
        teams = {s: (s,) for s in sides}
    parties = [*sides, *(t for t in teams if t not in sides)]
    first = ck.choice(data.get("first", next(iter(sides))), parties, ("first",), "side")

    objectives = _objectives(ck, data.get("objectives"), m, rules, turns)
    events: dict[str, str] = {}
    ev = data.get("events") or {}
    if isinstance(ev, list):
        events = {ck.text(e, ("events", i), "an event name"): "" for i, e in enumerate(ev)}
    else:
        for key, text in ck.mapping(ev, ("events",)).items():
            events[ck.text(key, ("events", key), "an event name")] = ck.text(text or "", ("events", key))

    if len(seen) > MAX_UNITS:
        raise ck.fail(("sides",), f"{len(seen):,} units, more than the limit of {MAX_UNITS:,} ({UNITS_REASON})")
    ctx = _CondContext(ck, parties, dict.fromkeys(o.id for o in objectives), dict.fromkeys(events), seen, m)
    victory = _victory(ck, data["victory"], ctx)
    return Scenario(name=name, game=game, map=m, turns=turns, first=first, sides=MappingProxyType(sides),
                    teams=MappingProxyType(teams), objectives=objectives, victory=victory,
                    options=MappingProxyType(options), zones=MappingProxyType(zones),
                    events=MappingProxyType(events), description=description, map_ref=map_ref, source=source)


class _CondContext:
    def __init__(self, ck: _Ck, parties: list[str], objectives: Mapping[str, Any], events: Mapping[str, Any],
                 units: Mapping[str, Any], m: Map) -> None:
        # names as mappings: a condition naming 10,000 objectives checks each with one look-up
        self.ck, self.parties, self.objectives, self.events, self.units, self.map = (
            ck, parties, objectives, events, units, m)
        self.conditions = 0     # conditions read so far (the limit counts nested ones too)

    def side(self, value: Any, path: Path_) -> str:
        return self.ck.choice(value, self.parties, path, "side or team")

    def condition(self, data: Any, path: Path_) -> C.Condition:
        ck = self.ck
        self.conditions += 1
        if self.conditions > MAX_CONDITIONS:
            raise ck.fail(path, f"more than the limit of {MAX_CONDITIONS:,} victory conditions ({CONDITIONS_REASON})")
        ck.mapping(data, path)
        kinds = [k for k in C.FORMS if k in data and k != "side"]
        if len(kinds) != 1:
            raise ck.fail(path, f"a condition needs exactly one of: {', '.join(k for k in C.FORMS)}; "
                                f"got {', '.join(map(str, data)) or 'nothing'}")
        kind = kinds[0]
        ck.mapping(data, path, C.FORMS[kind])
        if kind in ("all", "any"):
            items = ck.typed(data[kind], (*path, kind), list, "a list of conditions")
            if not items:
                raise ck.fail((*path, kind), "needs at least one condition")
            parts = tuple(self.condition(c, (*path, kind, i)) for i, c in enumerate(items))
            return C.All(parts) if kind == "all" else C.AnyOf(parts)
        if kind == "not":
            return C.Not(self.condition(data["not"], (*path, "not")))
        if kind == "tie":
            if data["tie"] is not True:
                raise ck.fail((*path, "tie"), "must be true")
            return C.Tie()
        if kind == "event":
            return C.Event(ck.choice(data["event"], self.events, (*path, "event"), "event"))
        if kind == "surrendered":
            return C.Surrendered(self.side(data["surrendered"], (*path, "surrendered")))
        if kind == "unit":
            if "at" not in data:
                raise ck.fail(path, "missing required key 'at'")
            unit = ck.choice(str(data["unit"]), self.units, (*path, "unit"), "unit")
            at = ck.text(data["at"], (*path, "at"), "an objective id or a cell label")
            if at not in self.objectives:
                try:
                    self.map.cell(at)
                except WartoolsError:
                    raise ck.fail((*path, "at"), f"{at!r} is neither an objective nor a cell of the map; "
                                                 f"objectives: {', '.join(self.objectives) or 'none'}") from None
            return C.UnitAt(unit, at)
        if "side" not in data:
            raise ck.fail(path, "missing required key 'side'")
        side = self.side(data["side"], (*path, "side"))
        if kind == "vp_lead":
            return C.VpLead(side, ck.integer(data["vp_lead"], (*path, "vp_lead"), VP))
        if kind == "vp_at_least":
            return C.VpAtLeast(side, ck.integer(data["vp_at_least"], (*path, "vp_at_least"), VP))
        ck.entries(data["controls"], (*path, "controls"), "objective ids", MAX_OBJECTIVES, OBJECTIVES_REASON)
        ids = ck.strings(data["controls"], (*path, "controls"), "a list of objective ids")
        if not ids:
            raise ck.fail((*path, "controls"), "needs at least one objective")
        for i, o in enumerate(ids):
            ck.choice(o, self.objectives, (*path, "controls", i), "objective")
        counts = {k: ck.integer(data[k], (*path, k), _COUNTED, high=len(ids))
                  for k in ("at_least", "exactly", "at_most") if k in data}
        if len(counts) > 1:
            raise ck.fail(path, "give at most one of at_least, exactly, at_most")
        return C.Controls(side, ids, **counts)


def _victory(ck: _Ck, data: Any, ctx: _CondContext) -> Victory:
    path: Path_ = ("victory",)
    ck.mapping(data, path, ("vp", "ends_when", "levels"), required=("levels",))
    per = None
    if data.get("vp") is not None:
        vp = ck.mapping(data["vp"], (*path, "vp"), ("per_elimination",))
        if "per_elimination" in vp:
            per = ck.integer(vp["per_elimination"], (*path, "vp", "per_elimination"), VP)
    ends = None if data.get("ends_when") is None else ctx.condition(data["ends_when"], (*path, "ends_when"))
    items = ck.typed(data["levels"], (*path, "levels"), list, "a list of levels")
    if not items:
        raise ck.fail((*path, "levels"), "needs at least one level")
    levels: list[Level] = []
    for i, entry in enumerate(items):
        p = (*path, "levels", i)
        ck.mapping(entry, p, ("result", "if", "otherwise", "winner"), required=("result",))
        result = ck.text(entry["result"], (*p, "result"), "a result name")
        winner = None
        if "winner" in entry:        # the side the result favours ("none": nobody), when its name does not say
            named = ck.text(entry["winner"], (*p, "winner"), "a side or none")
            winner = "" if named.strip().lower() == "none" else ctx.side(named, (*p, "winner"))
        if any(lv.result == result for lv in levels):
            raise ck.fail((*p, "result"), f"duplicate result {result!r}")
        if ("if" in entry) == ("otherwise" in entry):
            raise ck.fail(p, "give exactly one of 'if' (a condition) or 'otherwise: true'")
        if "otherwise" in entry:
            if entry["otherwise"] is not True:
                raise ck.fail((*p, "otherwise"), "must be true")
            if i != len(items) - 1:
                raise ck.fail(p, "an 'otherwise' level must be the last")
            levels.append(Level(result, winner=winner))
        else:
            levels.append(Level(result, ctx.condition(entry["if"], (*p, "if")), winner))
    if levels[-1].condition is not None:  # else a position where no level holds has no result at all
        raise ck.fail((*path, "levels", len(items) - 1),
                      "the last level must be the result when no other holds: add one like "
                      "{result: Draw, otherwise: true}")
    return Victory(tuple(levels), per, ends)


# --- position -------------------------------------------------------------------------------
def _played_features(ck: _Ck, s: Scenario, data: Mapping[str, Any]
                     ) -> tuple[tuple[tuple[Cell | Edge, str], ...], tuple[tuple[Cell | Edge, str], ...]]:
    """A position's ``cleared`` (features of the scenario's map that play removed) and ``placed``
    (features of the game that play added where the map has none of that name), each
    ``{cell: [feature, ...]}``, a hexside named by its two cells (``F3|G3``: its edge features),
    each feature once a cell or hexside."""
    m = s.map
    out: dict[str, list[tuple[Cell | Edge, str]]] = {"cleared": [], "placed": []}
    for key, got in out.items():
        for label, features in ck.mapping(data.get(key) or {}, (key,)).items():
            where, name, vocab, on_map = _feature_site(ck, m, label, (key, label))
            for i, f in enumerate(ck.strings(features, (key, label), f"a list of {vocab.kind}s")):
                p = (key, label, i)
                if key == "cleared":
                    ck.choice(f, on_map, p, f"{vocab.kind} of {name}")
                else:
                    f = ck.vocab(vocab, f, p, s.game)
                    if f in on_map:
                        raise ck.fail(p, f"{name} has a {f} on the map already: play cannot place one")
                if (where, f) in got:
                    raise ck.fail(p, f"{f} on {name} is listed twice")
                got.append((where, f))
    return tuple(out["cleared"]), tuple(out["placed"])


def _feature_site(ck: _Ck, m: Map, label: Any, path: Path_) -> tuple[Cell | Edge, str, Any, tuple[str, ...]]:
    """Where a position's feature list is (a cell, or a hexside ``A|B`` of two adjacent cells), its
    name, the game's vocabulary of features there and those the map has there."""
    text = ck.bounded_text(label, path, "a cell label or a hexside (two adjacent cells, 'F3|G3')")
    if "|" not in text:
        cell = ck.cell(m.grid, text, path)
        return cell, m.label(cell), m.game.cell_features, m.features_at(cell)
    ends = text.split("|")
    if len(ends) != 2:
        raise ck.fail(path, f"{shown(text)}: a hexside is named by two cells, 'F3|G3'")
    a, b = (ck.cell(m.grid, x.strip(), path) for x in ends)
    try:
        edge = m.grid.edge(a, b)
    except WartoolsError as exc:
        raise ck.fail(path, str(exc)) from None
    return edge, f"hexside {m.grid.edge_label(edge)}", m.game.edge_features, m.edge_features_at(edge)


def build_position(data: Any, scenario: Scenario, source: str | None,
                   lines: Mapping[Path_, int]) -> Position:
    """Validate position-file data against ``scenario`` and build a :class:`Position`."""
    ck = _Ck(source, lines)
    s, m, rules = scenario, scenario.map, scenario.rules
    if data is None:
        raise ck.fail((), "the position file is empty")
    _format(ck, data, POSITION_FORMAT)
    ck.mapping(data, (), POSITION_KEYS, required=("format", "turn"))
    name = None
    if data.get("scenario") is not None:
        name = ck.text(data["scenario"], ("scenario",))
        if name != s.name:
            raise ck.fail(("scenario",), f"this position is for scenario {name!r}, not {s.name!r}")
    turn = ck.integer(data["turn"], ("turn",), TURNS, high=s.turns)
    ended = ck.typed(data.get("ended", False), ("ended",), bool, "true or false")
    cleared, placed = _played_features(ck, s, data)
    m = s.played_board(cleared, placed) if cleared or placed else m   # units stand on the board as play left it
    ids = {u.id: u for u in s.units()}
    states: dict[str, UnitState] = {}
    standing: list[tuple[Unit, Path_]] = []
    state_keys = ("id", "cell", "tags", *rules.unit_state)
    for i, entry in enumerate(ck.entries(data.get("units") or [], ("units",), "units", MAX_UNITS, UNITS_REASON)):
        p: Path_ = ("units", i)
        ck.mapping(entry, p, state_keys, required=("id", "cell"))
        uid = ck.choice(str(entry["id"]), ids, (*p, "id"), "unit")
        if uid in states:
            raise ck.fail((*p, "id"), f"unit {uid!r} is listed twice")
        fu = ids[uid]
        cell = ck.cell(m.grid, entry["cell"], (*p, "cell"))
        if fu.enters is not None and turn < fu.enters.turn:
            raise ck.fail((*p, "cell"), f"{uid} enters on {rules.turn_name} {fu.enters.turn}; "
                                        f"this position is {rules.turn_name} {turn}")
        why = rules.standing_problem(m, fu.type, cell)
        if why:
            raise ck.fail((*p, "cell"), why)
        nums = {k: (None if entry.get(k) is None else ck.integer(entry[k], (*p, k), _UNIT_NUMBERS[k]))
                for k in ("steps", "health", "pins")}
        suppressed = ck.typed(entry.get("suppressed", False), (*p, "suppressed"), bool, "true or false")
        # a unit listed without tags keeps the scenario's (capture, retreating, hidden ...)
        tags = ck.strings(entry["tags"], (*p, "tags")) if "tags" in entry else fu.start_tags
        _check_tags(ck, rules, [(dataclasses.replace(fu, tags=tags), p)], {u.id: u.side for u in ids.values()})
        states[uid] = UnitState(uid, cell, nums["steps"], nums["health"], nums["pins"], suppressed, tags)
        standing.append((Unit(uid, fu.side, fu.type, cell, fu.name, None, tags), (*p, "cell")))
    _check_stacks(ck, rules, m, standing)

    gone: dict[str, tuple[str, ...]] = {}
    off: set[str] = set()           # eliminated or off the map (each unit once, one look-up each)
    for key in ("eliminated", "off_map"):
        ck.entries(data.get(key) or [], (key,), "unit ids", MAX_UNITS, UNITS_REASON)
        listed = ck.strings(data.get(key) or [], (key,), "a list of unit ids")
        for i, uid in enumerate(listed):
            ck.choice(uid, ids, (key, i), "unit")
            if uid in states or uid in off:
                raise ck.fail((key, i), f"unit {uid!r} is listed twice (on the map, eliminated or off_map)")
            off.add(uid)
        gone[key] = listed
    for u in s.units():
        if u.id not in states and u.id not in off and u.enters is None:
            raise ck.fail(("units",), f"unit {u.id!r} is missing: list it under units, eliminated or off_map")

    control: dict[str, str | None] = {}
    objective_ids = [o.id for o in s.objectives]
    for key, side in ck.mapping(data.get("control") or {}, ("control",)).items():
        ck.choice(key, objective_ids, ("control", key), "objective")
        control[key] = None if side is None else ck.choice(side, list(s.sides), ("control", key), "side")
    vp = {}
    for side, value in ck.mapping(data.get("vp") or {}, ("vp",)).items():
        ck.choice(side, list(s.sides), ("vp", side), "side")
        vp[side] = ck.integer(value, ("vp", side), VP_TOTAL)
    events = ck.strings(data.get("events") or [], ("events",), "a list of event names")
    for i, e in enumerate(events):
        ck.choice(e, list(s.events), ("events", i), "event")
    raw = data.get("surrendered") or []
    surrendered = ck.strings([raw] if isinstance(raw, str) else raw, ("surrendered",), "a list of sides")
    for i, side in enumerate(surrendered):
        ck.choice(side, list(s.sides), ("surrendered", i), "side")
    return Position(turn=turn, units=MappingProxyType(states), eliminated=gone["eliminated"],
                    off_map=gone["off_map"], control=MappingProxyType(control), vp=MappingProxyType(vp),
                    events=events, surrendered=surrendered, ended=ended, scenario=name, cleared=cleared,
                    placed=placed, spent=_spent(ck, s, data))


def _spent(ck: _Ck, s: Scenario, data: Mapping[str, Any]) -> Mapping[str, Mapping[str, int]]:
    """A position's ``spent``: per side, how much of each of its scenario resources that last the
    whole scenario (the turn rules' ``lasting``: Combat Infantry's strikes) play has used, at most
    what the scenario gives it."""
    lasting = s.game.turn_rules().lasting
    out: dict[str, Mapping[str, int]] = {}
    for side, used in ck.mapping(data.get("spent") or {}, ("spent",)).items():
        ck.choice(side, list(s.sides), ("spent", side), "side")
        given = {k: v for k, v in s.sides[side].resources.items() if k in lasting}
        got = {}
        for key, value in ck.mapping(used or {}, ("spent", side)).items():
            ck.choice(key, sorted(given), ("spent", side, key), f"resource of {side} that lasts the scenario")
            n = ck.integer(value, ("spent", side, key), RESOURCES, low=0, high=given[key])
            if n:
                got[key] = n
        if got:
            out[side] = MappingProxyType(got)
    return MappingProxyType(out)


__all__ = ["ScenarioError", "build_position", "build_scenario"]
