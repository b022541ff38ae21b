"""The LOS engine: many rulers in one vectorised pass, judged by the game's policy.

:func:`evaluate` is the one code path: it builds a
:class:`~wartools.los.geometry.Batch` of exact contacts for any number of
(start, end) pairs, asks the policy for findings and reduces them per ruler.
The batch holds only the contacts on cells and edges that the policy declares
relevant for the map and situation (:meth:`~wartools.rules.los.LOSPolicy.relevant`,
e.g. blocking terrain and hedges); on a typical map that is a small fraction
of all contacts, and what a viewshed or the all-pairs matrix spends its time on.
:func:`line_of_sight` is :func:`evaluate` on a single pair, with the findings
turned into :class:`~wartools.los.result.Reason` objects.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map('combat-infantry', 6, 6, terrain={'C3': 'woods'}, edges={('B4', 'C4'): 'hedge'},
...              name='hedge')
>>> r = line_of_sight(m, "C2", "C4")
>>> r.visible, r.status
(False, 'blocked')
>>> print(r.reasons[0].where, r.reasons[0].contact)
C3 crossed
>>> line_of_sight(m, "B4", "C4").to_json()["reasons"][0]["where"]
'B4|C4'
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from wartools.rules import Game
from wartools.rules.options import Assumption
from wartools.grids.base import Cell, Edge
from wartools.los.geometry import Batch, MapGeometry, geometry
from wartools.los.kernel import compiled_verdict, loaded as kernels_loaded
from wartools.rules.los import (Contact, Effect, FindingColumns, Findings, LOSPolicy, LOSSituation,
                                Where)
from wartools.los.result import STATUSES, Reason, LOSResult
from wartools.los.templates import KINDS
from wartools.mapmodel import Map
from wartools.situation import Situation, check_keywords


def policy_for(game: Game | Map) -> LOSPolicy:
    """The LOS policy of a game, or of a map's game (:meth:`Game.los_policy`)."""
    if isinstance(game, Map):
        game = game.game
    return game.los_policy()


def make_situation(m: Map, situation: Situation | None = None, **options: Any) -> LOSSituation:
    """The :class:`LOSSituation` of a question: ``situation`` (any
    :class:`~wartools.situation.Situation`, widened) with the keyword options that are not
    ``None``, checked against the map and game (:meth:`~wartools.situation.Situation.on`).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('combat-infantry', 2, 2)
    >>> make_situation(m, Situation(side="us"), target="MG", range=None).target
    'mg'
    """
    key = (id(m), situation, *((k, type(v), v) for k, v in options.items()))
    try:                     # the same question asked of the same map object: remembered
        got, kept = _SITUATIONS.get(key), True
    except TypeError:        # a situation or an option value that cannot be hashed
        got, kept = None, False
    if got is not None and got[0] is m:
        return got[1]
    LOSSituation.check_names(options)
    sit = LOSSituation.of(situation, **{k: v for k, v in options.items() if v is not None}).on(m)
    if kept:
        if len(_SITUATIONS) >= SITUATIONS_MOST:
            _SITUATIONS.clear()
        _SITUATIONS[key] = (m, sit)
    return sit


_SITUATIONS: dict[tuple[Any, ...], tuple[Map, LOSSituation]] = {}
""":func:`make_situation`'s answers by map object (held, so its id is not reused while here),
situation and options."""
SITUATIONS_MOST = 256
"""Most questions :func:`make_situation` remembers."""


@dataclass(frozen=True)
class Evaluation:
    """Per-ruler results of :func:`evaluate` (arrays aligned with the input pairs).

    ``findings`` are the policy's finding columns (ruler, effect, rule, where
    kind, where, contact, order, modifier), assembled on first use (by the policy's
    judgement, when the answers came from its compiled verdict).
    """

    a: np.ndarray
    b: np.ndarray
    visible: np.ndarray
    status: np.ndarray          # 0 clear, 1 hindered, 2 blocked
    hindrance: np.ndarray
    modifier: np.ndarray
    out: Findings | Callable[[], Findings] = field(repr=False, compare=False)

    @cached_property
    def findings(self) -> FindingColumns:
        """The finding columns (:class:`~wartools.rules.los.FindingColumns`)."""
        return (self.out if isinstance(self.out, Findings) else self.out()).arrays()


def _annotate(batch: Batch, geo: MapGeometry, sit: LOSSituation) -> None:
    """Per-ruler observer/target unit type and observer side codes on the batch."""
    types = geo.names["unit_types"]
    batch.obs_type = (np.full(batch.n, types.index(sit.unit)) if sit.unit
                      else geo.unit_type[batch.a])
    batch.tgt_type = (np.full(batch.n, types.index(sit.target)) if sit.target
                      else geo.unit_type[batch.b])
    sides = geo.names["sides"]
    if sit.side is not None:
        code = sides.index(sit.side) if sit.side in sides else -2
        batch.obs_side = np.full(batch.n, code)
    else:
        batch.obs_side = geo.unit_side[batch.a]


def _verdict(policy: LOSPolicy, batch: Batch, prep: dict[str, Any],
             sit: LOSSituation) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The policy's compiled verdict on ``batch``, or ``None`` (no loop, or the process still
    judges with numpy: :func:`~wartools.los.kernel.compiled_verdict`)."""
    loop = policy.verdict_loop()
    got = compiled_verdict(loop, batch) if loop is not None else None
    return None if got is None else policy.verdict(*got, batch, prep, sit)


def evaluate(m: Map, a: np.ndarray, b: np.ndarray, situation: Situation | None = None, *,
             policy: LOSPolicy | None = None, explain: bool = False,
             geo: MapGeometry | None = None) -> Evaluation:
    """Judge the rulers ``a[i] -> b[i]`` (ext ids of ``geometry(m)``) in one pass.

    The game's compiled verdict answers when the policy has one and the process judges
    compiled (:func:`~wartools.los.kernel.compiled_verdict`), the findings then judged when
    first read (:attr:`Evaluation.findings`); ``explain`` keeps the rows and records the notes an
    explanation reads, and takes the compiled verdict only once the process has the kernels (an
    explained line never counts towards loading them)."""
    geo = geo or geometry(m)
    policy = policy or policy_for(m)
    sit = situation if type(situation) is LOSSituation else LOSSituation.of(situation)
    cells, edges = policy.relevance(geo, sit, explain)
    batch = geo.batch(a, b, explain=explain, cells=cells, edges=edges)
    _annotate(batch, geo, sit)
    prep = policy.prepared(geo)
    compiled = policy.verdict_applies and (not explain or kernels_loaded())
    got = _verdict(policy, batch, prep, sit) if compiled else None
    if got is not None:               # the game's compiled verdict; its findings only when asked
        blocked, hindrance, modifier = got
        return Evaluation(batch.a, batch.b, ~blocked, _status(blocked, hindrance), hindrance, modifier,
                          lambda: _judged(policy, batch, prep, sit))
    out = _judged(policy, batch, prep, sit)
    if batch.n == 1:
        return _one(batch, policy, out)
    pair, effect, mod = out.column("ruler"), out.column("effect"), out.column("modifier")
    blocked = np.zeros(batch.n, dtype=bool)
    blocked[pair[effect == Effect.BLOCK]] = True
    hmask = effect == Effect.HINDER
    hindrance = np.bincount(pair[hmask], minlength=batch.n)
    if policy.MODIFIER == "min":
        modifier = np.zeros(batch.n, dtype=np.int64)
        np.minimum.at(modifier, pair[hmask], mod[hmask])
    else:
        modifier = np.bincount(pair[hmask], weights=mod[hmask], minlength=batch.n).astype(np.int64)
    return Evaluation(batch.a, batch.b, ~blocked, _status(blocked, hindrance), hindrance, modifier, out)


def _status(blocked: np.ndarray, hindrance: np.ndarray) -> np.ndarray:
    """Per ruler, 2 if blocked, else 1 if anything hinders it, else 0 (int8)."""
    status = (hindrance > 0).astype(np.int8)
    status[blocked] = 2
    return status


def _judged(policy: LOSPolicy, batch: Batch, prep: dict[str, Any], sit: LOSSituation) -> Findings:
    """The findings of the policy's judgement of a batch."""
    out = Findings(policy.RULES)
    policy.judge(batch, prep, sit, out)
    return out


def _one(batch: Batch, policy: LOSPolicy, out: Findings) -> Evaluation:
    """:func:`evaluate`'s reduction for a batch of one ruler (a line of sight): every finding is
    about it, so the counts are sums (the same numbers as the vectorised reduction)."""
    table = out.table()
    effects = table[1].tolist()
    blocked = Effect.BLOCK in effects
    hinders = [m for e, m in zip(effects, table[7].tolist()) if e == Effect.HINDER]
    modifier = min([0, *hinders]) if policy.MODIFIER == "min" else sum(hinders)
    status = 2 if blocked else 1 if hinders else 0
    return Evaluation(batch.a, batch.b, np.array([not blocked]), np.array([status], dtype=np.int8),
                      np.array([len(hinders)], dtype=np.int64), np.array([modifier], dtype=np.int64), out)


def _place(m: Map, geo: MapGeometry, kind: int, ident: int) -> tuple[str, Cell | None, Edge | None, dict[str, str]]:
    """A finding's place: its label, its cell or edge, and the words a reason's text fills in
    (``where``, ``terrain``, ``feature``: what the board has there). They depend on the board
    only, so they are kept on it (:attr:`BoardGeometry.words
    <wartools.los.geometry.BoardGeometry.words>`)."""
    words = geo.board.words
    got = words.get((kind, ident))
    if got is not None:
        return got
    label = geo.where(kind, ident)
    values = {"where": label, "terrain": "", "feature": ""}
    cell: Cell | None = None
    edge: Edge | None = None
    if kind == Where.CELL:
        cell = geo.cells[ident]
        if cell in m.grid:
            feats = m.features_at(cell)
            values["terrain"] = m.terrain_at(cell)
            values["feature"] = ", ".join(feats) if feats else values["terrain"]
    else:
        edge = geo.edge(ident)
        values["feature"] = ", ".join(m.edges.get(edge, ())) or "plain hexside"
    return _kept(words, (kind, ident), (label, cell, edge, values))


V = TypeVar("V")


def _kept(cache: dict[Any, Any], key: Any, value: V) -> V:
    """``value``, kept in ``cache`` under ``key`` (which forgets everything at :data:`WORDS_MOST`)."""
    if len(cache) >= WORDS_MOST:
        cache.clear()
    cache[key] = value
    return value


WORDS_MOST = 1 << 16
"""Most places (cells and edges) whose words a board keeps for explaining lines."""
_EFFECT_WORDS = tuple(Effect(e).word for e in range(len(Effect)))


def explain(m: Map, geo: MapGeometry, policy: LOSPolicy, ev: Evaluation, i: int) -> tuple[Reason, ...]:
    """The reasons of ruler ``i`` of an evaluation, in ruler order, duplicates merged."""
    f = ev.findings
    rows = np.arange(len(f.ruler)) if len(ev.a) == 1 else np.flatnonzero(f.ruler == i)
    if len(rows) > 1:
        rows = rows[np.lexsort((-f.effect[rows], f.order[rows]))]
    rules = policy.RULES
    names = tuple(rules)
    texts = geo.board.words
    seen: set[tuple[str, str | None, str]] = set()
    out: list[Reason] = []
    for kind, ident, rule, contact, effect, modifier in zip(
            *(col[rows].tolist() for col in (f.where_kind, f.where, f.rule, f.contact, f.effect, f.modifier))):
        label, cell, edge, values = _place(m, geo, kind, ident)
        rule_id = names[rule]
        template = rules[rule_id]
        text = texts.get((template, kind, ident))
        if text is None:
            text = _kept(texts, (template, kind, ident), template.format_map(values))
        c = None if contact == Contact.NONE else KINDS[contact]
        key = (label, c, text)
        if key in seen:
            continue
        seen.add(key)
        out.append(Reason(label, c, text, _EFFECT_WORDS[effect], modifier, rule_id, cell=cell, edge=edge))
    return tuple(out)


def line_of_sight(m: Map, a: Cell | str, b: Cell | str, situation: Situation | None = None, *,
                  policy: LOSPolicy | None = None, **options: Any) -> LOSResult:
    """Can the unit at ``a`` see (or fire at) ``b``, and why (not)?

    Parameters
    ----------
    m
        The map.
    a, b
        Observer and target cells (labels or cells).
    situation, **options
        A :class:`~wartools.situation.Situation` (or a :class:`LOSSituation`) and/or
        :class:`LOSSituation` fields as keywords (``unit=``, ``night=True``, ``mode="fire"`` ...).
    policy
        A policy other than the game's default (e.g. one with an overridden
        terrain table).

    Returns
    -------
    LOSResult
    """
    check_keywords(line_of_sight, LOSSituation, options)
    ca, cb = m.cell(a), m.cell(b)
    sit = make_situation(m, situation, **options)
    geo = geometry(m)
    policy = policy or policy_for(m)
    # the verdict now (the compiled verdict once the process has it), the reasons and details
    # when first read (result.Deferred): the explained batch's findings are judged then
    ev = evaluate(m, np.array([geo.ext(ca)]), np.array([geo.ext(cb)]), sit, policy=policy, explain=True, geo=geo)
    code = int(ev.status[0])
    return LOSResult(m, ca, cb, code != 2, STATUSES[code], int(ev.hindrance[0]),
                     int(ev.modifier[0]) if code == 1 else None, lambda: explain(m, geo, policy, ev, 0),
                     m.grid.distance(ca, cb), sit,
                     lambda: policy.details(m, geo, ca, cb, sit), _assumptions(policy, sit))


_ASSUMED: dict[tuple[LOSPolicy, LOSSituation], tuple[Assumption, ...]] = {}


def _assumptions(policy: LOSPolicy, sit: LOSSituation) -> tuple[Assumption, ...]:
    """``policy.assumptions(sit)``, remembered (a policy answers for one configured game, whose
    settings do not change)."""
    got = _ASSUMED.get((policy, sit))
    if got is None:
        if len(_ASSUMED) >= 4096:
            _ASSUMED.clear()
        got = _ASSUMED[(policy, sit)] = tuple(policy.assumptions(sit))
    return got
