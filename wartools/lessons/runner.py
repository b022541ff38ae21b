"""Run a lesson written as data: recompute every answer, fill the texts, build the widgets.

A lesson is a YAML file ``wartools/lessons/data/<game>.yaml`` (schema
``wartools-lesson/1``) with named ``maps`` (``wartools.testing.tiny_map``
keywords) and ``entries``. Each entry is a worked example (``kind: example``)
or a self-check question (``kind: question``)::

    - id: along-the-edge
      kind: example
      topic: los
      title: Along a building's edge
      section: Company of Heroes 7
      map: sight
      compute:
        r: {call: line_of_sight, args: [C4, E4]}
      text: "{r.from_label} -> {r.to_label} runs along {r|along}: {r.status}."
      facts: {status: r.status}
      picture: [{los: r}]

``compute`` calls the public API in order (``line_of_sight``, ``viewshed``,
``path``, ``reach``, ``odds``, ``within``, ``distance``, ``unit`` or any function of
``games.<game>.<module>``) on a named map (``wartools.testing.tiny_map`` keywords, or
``{sample: FILE, options: {...}}`` for a sample map of ``maps/``; an entry's or a call's
``map`` may also be ``{base: NAME, terrain: {...}, move: {...}, add: [...], ...}`` changes to one);
``call: =v.at_least`` calls a public method of an earlier result. An argument written ``=expr``
is an expression over earlier results. An expression is a dotted path (``r.status``,
``p.steps.0.why``, ``ini.A`` for an outcome of a distribution) piped through readers
(``r|along``, ``seen|count``) or ``a - b`` / ``a + b``. Every ``{expr}`` of ``text``, ``question`` and
``explain`` is filled from those results, so no cell, hexside or count in a
lesson is typed by hand (:func:`typed_labels` finds any that is). ``picture`` lists the overlays
drawn on the entry's map (:mod:`wartools.render.lesson` says which).

Examples
--------
>>> from wartools.lessons.runner import load_lesson, run
>>> e = run(load_lesson("company-of-heroes").entry("along-the-edge"))
>>> e.facts["along"]
['D3|D4']
"""
from __future__ import annotations

import functools
import importlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from wartools.errors import WartoolsError
from wartools.mapmodel import Map
from wartools.mapmodel.yamlio import read_yaml

LABEL = re.compile(r"\b[A-Z]{1,2}\d{1,2}(?:\|[A-Z]{1,2}\d{1,2})?\b")
"""A cell (``D4``) or a hexside (``D3|D4``) named in a text."""

#: the facade functions a lesson may call by name (``import wartools as wt``)
FACADE = ("line_of_sight", "viewshed", "path", "reach", "odds")
_KEYS = {"id", "kind", "topic", "title", "section", "map", "compute", "text", "question", "explain",
         "answer", "choices", "tolerance", "facts", "picture"}


class LessonError(WartoolsError):
    """A lesson file that does not follow the schema (one line: file, entry, field, what is valid)."""


def _fail(where: str, msg: str) -> LessonError:
    return LessonError(f"{where}: {msg}")


# --- readers: what an expression may do to a value ------------------------------------------------
def _along(r: Any, m: Map) -> list[str]:
    """Hexsides the ruler of a line of sight runs along, next to a cell the answer names."""
    named = {x.cell for x in r.reasons if x.cell is not None}
    g = m.grid
    return [g.edge_label(e.edge) for e in r.ruler.edges
            if e.contact == "along" and (e.edge.a in named or e.edge.b in named)]


READERS: dict[str, Callable[[Any, Map], Any]] = {
    "yesno": lambda v, m: "yes" if v else "no",
    "count": lambda v, m: len(v),
    "max": lambda v, m: max(v.values() if isinstance(v, Mapping) else v),
    "labels": lambda v, m: sorted(m.label(c) for c in v),
    "route": lambda v, m: " -> ".join(v.labels()),
    "along": _along,
    "rules": lambda v, m: [x.rule_id for x in v.deciding],
    "where": lambda v, m: [x.where for x in v.reasons],
    "first": lambda v, m: next(iter(v)),
    "unique": lambda v, m: list(dict.fromkeys(v)),
    "label": lambda v, m: m.label(v),
    "percent": lambda v, m: f"{float(v):.0%}",
    "cells": lambda v, m: v.labels() if hasattr(v, "labels") else sorted(m.label(c) for c in v),
    "mean": lambda v, m: v.mean(),
    "why": lambda v, m: "; ".join(x.rule for x in v.deciding),
    "rows": lambda v, m: "".join(f"\n  {_show(x, m)}" for x in v),
}


def _show(v: Any, m: Map) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"   # a reader never sees Python's True / False
    if v is None:
        return str(v)
    if isinstance(v, (str, int, Fraction)):
        return str(v)
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, Iterable) and not isinstance(v, Mapping):
        return ", ".join(_show(x, m) for x in v)
    if type(v).__name__ in ("Hex", "Square"):
        return m.label(v)
    return str(v)


# --- one entry, computed ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One worked example or self-check question, as read from the lesson file."""

    game: str
    data: Mapping[str, Any]
    maps: Mapping[str, Map] = field(repr=False)

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def kind(self) -> str:
        return str(self.data["kind"])

    @property
    def topic(self) -> str:
        return str(self.data["topic"])


@dataclass(frozen=True)
class Computed:
    """An entry with every result recomputed and every text filled.

    ``text`` is the example's summary or the question; ``explanation`` the
    question's feedback; ``facts`` the values the tests assert; ``filled`` the
    strings each placeholder produced (the only place a text may name a cell).
    """

    entry: Entry
    map: Map = field(repr=False)
    values: Mapping[str, Any] = field(repr=False)
    facts: Mapping[str, Any]
    text: str
    explanation: str
    answer: Any
    filled: tuple[str, ...] = ()
    #: the answers the picture draws that the entry does not compute by name (``{reach: A2}``:
    #: the reach of the unit on a cell), by that cell's label
    drawn: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def title(self) -> str:
        return str(self.entry.data.get("title", self.entry.id))

    @property
    def section(self) -> str:
        return str(self.entry.data["section"])

    def __str__(self) -> str:
        return f"{self.title} ({self.section})\n{self.text}"

    @property
    def has_picture(self) -> bool:
        """Whether the entry draws something on its map (a dice example has nothing to show there)."""
        return bool(self.entry.data.get("picture"))

    def draw(self, ax: Any = None) -> Any:
        """The map with the entry's ``picture`` overlays and their keys
        (:func:`wartools.render.lesson.draw_lesson`)."""
        from wartools.render.lesson import draw_lesson

        return draw_lesson(self, ax)

    def cells_of(self, name: str) -> list[Any]:
        """The cells a result (or its attribute: ``squad.cell``, ``added.disputed``) names, for a shading."""
        v = self.value(name)
        return [v] if isinstance(v, str) or type(v).__name__ in ("Hex", "Square") else list(v)

    def value(self, name: str) -> Any:
        """A result, or a public attribute of one (``s.los``), for a picture."""
        head, *attrs = name.split(".")
        if any(a.startswith("_") for a in attrs):
            raise _fail(f"lesson {self.entry.game}, entry {self.entry.id}", f"{name!r}: private attribute")
        return functools.reduce(getattr, attrs, self.values[head])

    def selfcheck(self) -> Any:
        """A :class:`~wartools.widgets.SelfCheck` asking the question (right answer recomputed)."""
        from wartools.widgets import SelfCheck

        d = self.entry.data
        return SelfCheck(f"{self.text} ({self.section})", lambda: self.answer, self.explanation,
                         choices=d.get("choices"), tolerance=float(d.get("tolerance", 0)))


class _Env:
    def __init__(self, entry: Entry, m: Map) -> None:
        self.entry, self.map = entry, m
        self.values: dict[str, Any] = {}
        self.where = f"lesson {entry.game}, entry {entry.id}"

    def expr(self, text: str) -> Any:
        head, *pipes = [p.strip() for p in str(text).split("|")]
        v = self._sum(head)
        for p in pipes:
            if p not in READERS:
                raise _fail(self.where, f"unknown reader {p!r}; valid: {', '.join(sorted(READERS))}")
            v = READERS[p](v, self.map)
        return v

    def _sum(self, text: str) -> Any:
        for op in (" - ", " + "):
            if op in text:
                a, b = text.rsplit(op, 1)
                x, y = self._sum(a), self._path(b.strip())
                if op == " + ":
                    return x + y
                return set(x) - set(y) if isinstance(x, Iterable) else x - y
        return self._path(text.strip())

    def _path(self, text: str) -> Any:
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        name, *attrs = text.split(".")
        if name == "map":
            v: Any = self.map
        elif name in self.values:
            v = self.values[name]
        else:
            raise _fail(self.where, f"{text!r} names no result; computed: {', '.join(self.values) or 'none'}")
        for a in attrs:
            if a.startswith("_"):
                raise _fail(self.where, f"{text!r}: private attribute")
            if re.fullmatch(r"-?\d+", a):
                v = v[int(a)]
            elif isinstance(v, Mapping) or (not hasattr(v, a) and hasattr(v, "__getitem__")):
                v = v[a]                      # a mapping, or a distribution's outcome (``mines.hit``)
            else:
                v = getattr(v, a)
        return v

    def arg(self, v: Any) -> Any:
        if isinstance(v, str) and v.startswith("="):
            return self.expr(v[1:])
        if isinstance(v, list):
            return [self.arg(x) for x in v]
        if isinstance(v, dict):
            return {k: self.arg(x) for k, x in v.items()}
        return v

    def call(self, name: str, spec: Mapping[str, Any]) -> Any:
        if str(spec.get("call")).startswith("="):      # a public method of an earlier result
            method = self.expr(str(spec["call"])[1:])
            if not callable(method):
                raise _fail(self.where, f"call {spec['call']!r} is not a method of an earlier result")
            return method(*self.arg(list(spec.get("args", []))), **self.arg(dict(spec.get("kw", {}))))
        fn, on_map = _function(str(spec.get("call")), self.where)
        args, kw = self.arg(list(spec.get("args", []))), self.arg(dict(spec.get("kw", {})))
        m = self.map if "map" not in spec else _map(self.entry, spec["map"], self.where)
        return fn(m, *args, **kw) if on_map else fn(*args, **kw)

    def fill(self, template: str, filled: list[str]) -> str:
        def one(mt: re.Match[str]) -> str:
            s = _show(self.expr(mt.group(1)), self.map)
            filled.append(s)
            return s
        return re.sub(r"\{([^{}]+)\}", one, template)


def _function(name: str, where: str) -> tuple[Callable[..., Any], bool]:
    """The function a ``call`` names and whether it takes the map first: one of the facade's
    (:data:`FACADE`), a map helper, or a public function of a game module
    (:func:`game_function`)."""
    if name == "within":
        return (lambda m, c, n: m.grid.within(m.cell(c), n)), True
    if name == "unit":
        return (lambda m, uid: m.unit(uid)), True
    if name == "distance":
        return (lambda m, a, b: m.grid.distance(m.cell(a), m.cell(b))), True
    if name in FACADE:
        import wartools

        return getattr(wartools, name), name != "odds"
    fn = game_function(name, where)
    first = next(iter(inspect.signature(fn).parameters), "")
    return fn, first in ("m", "map", "mp")


def game_function(name: str, where: str = "lesson") -> Callable[..., Any]:
    """The public function (or value type) of a game module that ``name`` names
    (``games.<game>.<module>.<function>``): defined in that module (not an import passing
    through it), listed in its ``__all__`` when it has one, documented, and named without a
    leading underscore. Anything else is refused in one line.

    Examples
    --------
    >>> game_function("games.combat_infantry.combat.hit_chance").__name__
    'hit_chance'
    >>> game_function("games.combat_infantry.combat._faces")
    Traceback (most recent call last):
    ...
    wartools.lessons.runner.LessonError: lesson: call 'games.combat_infantry.combat._faces': valid are line_of_sight, viewshed, path, reach, odds, within, distance, unit or a public function games.<game>.<module>.<function>
    """
    mod, _, attr = name.rpartition(".")
    parts = mod.split(".")
    if len(parts) != 3 or parts[0] != "games" or any(not p or p.startswith("_") for p in (*parts, attr)):
        raise _fail(where, f"call {name!r}: valid are {', '.join([*FACADE, 'within', 'distance', 'unit'])} "
                           "or a public function games.<game>.<module>.<function>")
    try:
        module = importlib.import_module(f"wartools.{mod}")
    except ImportError:
        raise _fail(where, f"call {name!r}: there is no module wartools.{mod}") from None
    fn = getattr(module, attr, None)
    if not callable(fn):
        raise _fail(where, f"call {name!r}: no such function in wartools.{mod}")
    home = getattr(fn, "__module__", None)
    if home != module.__name__:
        raise _fail(where, f"call {name!r}: {attr} is {home}'s, not wartools.{mod}'s: name it where it is defined")
    listed = getattr(module, "__all__", None)
    if listed is not None and attr not in listed:
        raise _fail(where, f"call {name!r}: {attr} is not in wartools.{mod}.__all__ (its public API)")
    if not inspect.getdoc(fn):
        raise _fail(where, f"call {name!r}: {attr} has no docstring (a lesson calls documented functions)")
    return fn


def _map(entry: Entry, spec: Any, where: str) -> Map:
    """A named map of the lesson, or ``{base, add, move, remove, tags, terrain, features, edges,
    lift, options}`` changes to one (``edges``: ``[a, b, feature]`` hexside features added;
    ``lift``: ``[a, b]`` hexsides / interspaces cleared of their features)."""
    if isinstance(spec, str):
        if spec not in entry.maps:
            raise _fail(where, f"map {spec!r} is not one of {', '.join(entry.maps)}")
        return entry.maps[spec]
    m = _map(entry, spec["base"], where)
    for uid in spec.get("remove", []):
        m = m.without_unit(uid)
    for uid, cell in spec.get("move", {}).items():
        m = m.moved(uid, cell)
    for uid, tags in spec.get("tags", {}).items():
        u = m.unit(uid)
        extra: dict[str, Any] = {"tags": list(tags)}
        extra.update({k: getattr(u, k) for k in ("name", "strength") if getattr(u, k) is not None})
        m = m.without_unit(uid).with_unit(uid, u.side, u.type, u.cell, **extra)
    for u in spec.get("add", []):
        m = m.with_unit(u[0], u[1], u[2], u[3], **(u[4] if len(u) > 4 else {}))
    for cell, terrain in spec.get("terrain", {}).items():
        m = m.with_terrain(cell, terrain)
    for cell, feats in spec.get("features", {}).items():
        m = m.with_features(cell, feats)
    for a, b in spec.get("lift", []):
        m = m.without_edge_features(a, b)
    for a, b, feature in spec.get("edges", []):
        m = m.with_edge_feature(a, b, feature)
    return m.with_options(**spec["options"]) if spec.get("options") else m


SAMPLES = Path(__file__).resolve().parents[2] / "maps"
"""The sample maps of a source checkout (``maps/``), which a lesson may name with ``sample:``."""


def _sample(spec: Mapping[str, Any], where: str) -> Map:
    """``{sample: FILE, options: {...}}``: a sample map from ``maps/``, with game options set."""
    from wartools.mapmodel import load_map

    if set(spec) - {"sample", "options"}:
        raise _fail(where, f"a sample map takes only sample and options, not {sorted(set(spec) - {'sample', 'options'})[0]!r}")
    path = SAMPLES / str(spec["sample"])
    if path.parent != SAMPLES or not path.is_file():
        valid = ", ".join(sorted(p.name for p in SAMPLES.glob("*.yaml")))
        raise _fail(where, f"sample {spec['sample']!r} is not a file in {SAMPLES}; valid: {valid}")
    m = load_map(path)
    return m.with_options(**spec["options"]) if spec.get("options") else m


def _fact(env: _Env, v: Any) -> Any:
    if isinstance(v, list):
        return [_fact(env, x) for x in v]
    if isinstance(v, dict):
        return {k: _fact(env, x) for k, x in v.items()}
    return env.expr(v)


def run(entry: Entry) -> Computed:
    """Recompute one entry through the public API and fill its texts."""
    env = _Env(entry, _map(entry, entry.data["map"], f"lesson {entry.game}, entry {entry.id}"))
    for name, spec in entry.data.get("compute", {}).items():
        env.values[name] = env.call(name, spec)
    d = entry.data
    answer = env.expr(d["answer"]) if "answer" in d else None
    if answer is not None:
        env.values["answer"] = answer
    filled: list[str] = []
    text = env.fill(str(d.get("text", d.get("question", ""))), filled)
    explanation = env.fill(str(d.get("explain", "")), filled)
    facts = {k: _fact(env, v) for k, v in d.get("facts", {}).items()}
    drawn = {}
    for layer in d.get("picture", []):
        cell = layer.get("reach")
        if isinstance(cell, str) and cell not in env.values:
            from wartools.movement import reachable

            drawn[cell] = reachable(env.map, cell)
    return Computed(entry, env.map, dict(env.values), facts, text, explanation, answer, tuple(filled), drawn)


def typed_labels(entry: Entry) -> list[str]:
    """Cells and hexsides typed by hand in an entry's texts (outside ``{...}``): should be none."""
    out: list[str] = []
    for key in ("text", "question", "explain", "title"):
        literal = re.sub(r"\{[^{}]+\}", " ", str(entry.data.get(key, "")))
        out += LABEL.findall(literal)
    return out


# --- a lesson file ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """A game's lesson: its maps and entries, in file order."""

    game: str
    entries: tuple[Entry, ...]
    maps: Mapping[str, Map] = field(default_factory=dict, repr=False)

    def entry(self, entry_id: str) -> Entry:
        for e in self.entries:
            if e.id == entry_id:
                return e
        raise KeyError(entry_id)

    def example(self, entry_id: str) -> Computed:
        """One worked example (or question), computed."""
        return run(self.entry(entry_id))

    def examples(self, topic: str) -> list[Computed]:
        """The worked examples of a topic, computed."""
        return [run(e) for e in self.entries if e.kind == "example" and e.topic == topic]

    def questions(self, topic: str) -> list[Any]:
        """The self-check widgets of a topic."""
        return [run(e).selfcheck() for e in self.entries if e.kind == "question" and e.topic == topic]

    def topics(self, kind: str) -> list[str]:
        return list(dict.fromkeys(e.topic for e in self.entries if e.kind == kind))


def load_lesson(game: str, text: str | None = None) -> Lesson:
    """Load ``wartools/lessons/data/<game>.yaml`` (or ``text``), checking the schema.

    Examples
    --------
    >>> load_lesson("company-of-heroes", "format: wartools-lesson/1\\nmaps: {}\\nentries: [{id: x}]")
    Traceback (most recent call last):
    wartools.lessons.runner.LessonError: lesson company-of-heroes, entry x: missing kind, topic, section, map
    """
    where = f"lesson {game}"
    if text is None:
        text = resources.files("wartools.lessons").joinpath(f"data/{game}.yaml").read_text(encoding="utf-8")
    data, _ = read_yaml(text, f"{game}.yaml")  # safe YAML within docs/limits.md, or one line naming the line
    if not isinstance(data, dict) or data.get("format") != "wartools-lesson/1":
        raise _fail(where, "format must be wartools-lesson/1")
    from wartools.testing import tiny_map

    maps: dict[str, Map] = {}
    for name, spec in (data.get("maps") or {}).items():
        spec = dict(spec)
        if "sample" in spec:
            maps[name] = _sample(spec, f"{where}, map {name}")
            continue
        units = [tuple(u) for u in spec.pop("units", [])]
        spec["edges"] = {(a, b): f for a, b, f in spec.pop("edges", [])}
        maps[name] = tiny_map(game, spec.pop("columns", 5), spec.pop("rows", 5), units=units,
                              name=spec.pop("name", name), **spec)
    entries = []
    for raw in data.get("entries") or []:
        eid = raw.get("id", "?") if isinstance(raw, dict) else "?"
        w = f"{where}, entry {eid}"
        if not isinstance(raw, dict):
            raise _fail(w, "an entry is a mapping")
        missing = [k for k in ("kind", "topic", "section", "map") if k not in raw]
        if missing:
            raise _fail(w, f"missing {', '.join(missing)}")
        if unknown := set(raw) - _KEYS:
            raise _fail(w, f"unknown field {sorted(unknown)[0]!r}; valid: {', '.join(sorted(_KEYS))}")
        if raw["kind"] not in ("example", "question"):
            raise _fail(w, f"kind {raw['kind']!r}: valid are example, question")
        if raw["kind"] == "question" and ("answer" not in raw or "question" not in raw):
            raise _fail(w, "a question needs question and answer")
        entries.append(Entry(game, raw, maps))
    return Lesson(game, tuple(entries), maps)
