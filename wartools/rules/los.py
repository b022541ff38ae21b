"""What a game tells the LOS engine: the :class:`LOSPolicy` hooks and the :class:`LOSSituation`.

The engine (:mod:`wartools.los.engine`) hands a policy a :class:`~wartools.los.geometry.Batch`
of exact contacts for many rulers at once, read by name through its
``cell_rows`` and ``edge_rows`` views; the policy answers with *findings*,
rows of :class:`FindingColumns` (ruler, effect, rule, where, contact, order,
modifier), written with numpy masks over the contact rows. The codes are
named: an :class:`Effect` that *blocks* makes the ruler blocked; one that
*hinders* adds to its hindrance count and modifier; a *note* only explains
(recorded when a single line is explained); :class:`Where` says whether a
finding is about a cell or an edge, :class:`Contact` how the ruler touches it.
The engine never asks which game it runs.

A policy declares what a contact means through small helpers of this base
class: :meth:`LOSPolicy.counted` says whether a crossed / along / vertex
contact with a cell counts, by the class attributes ``ALONG`` and ``VERTEX``:

``"any"``
    the contact counts like a crossing (the most restrictive reading);
``"both"``
    it counts only when the cells on *both* sides of the ruler at that point
    would count (a ruler through a gap of zero width between two blockers);
``"ignore"``
    it never counts.

Examples
--------
>>> Effect.BLOCK.word, Contact(1).name, int(Where.EDGE)
('blocks', 'ALONG', 1)
>>> LOSSituation(unit="rifle", night=True).replace(range=3)
LOSSituation(side=None, unit='rifle', night=True, weather='clear', target=None, mode='sight', indirect=False, range=3, observer_height=0, spotting=False)
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

import numpy as np

from wartools.rules.options import Assumption
from wartools.situation import Situation, SituationError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.los.geometry import Batch, MapGeometry
    from wartools.rules.game import Game
    from wartools.mapmodel import Map

class Effect(IntEnum):
    """What a finding does to its ruler: blocks it, hinders it (adds to its hindrance count and
    modifier) or only explains it (a note, recorded when a single line is explained)."""

    NOTE = 0
    HINDER = 1
    BLOCK = 2

    @property
    def word(self) -> str:
        """``"blocks"``, ``"hinders"`` or ``"note"`` (a :class:`~wartools.los.result.Reason`'s effect)."""
        return ("note", "hinders", "blocks")[self]


class Where(IntEnum):
    """What a finding is about: a cell (an ext cell id) or an edge (an ext edge id)."""

    CELL = 0
    EDGE = 1


class Contact(IntEnum):
    """How the ruler touches the cell or edge of a contact row or a finding (``NONE``: a finding
    about the whole line, such as range)."""

    CROSSED = 0
    ALONG = 1
    VERTEX = 2
    NONE = 3


PREPARED_MOST = 1024
"""Most preparations and masks kept per map geometry (per policy and situation); beyond it they
are computed again."""

BLOCK, HINDER, NOTE = Effect.BLOCK, Effect.HINDER, Effect.NOTE
EFFECTS = {e: e.word for e in Effect}
CELL, EDGE = Where.CELL, Where.EDGE
NO_CONTACT = Contact.NONE
MODES = ("sight", "fire")


class LOSOptionError(SituationError):
    """A bad LOS option (unknown mode, unit type, negative range ...)."""


@dataclass(frozen=True)
class LOSSituation(Situation):
    """A :class:`~wartools.situation.Situation` widened with what only a line of sight reads.

    The common fields (``side``, ``unit``: the observer's, ``night``,
    ``weather``) come from the base class; the engine widens any
    :class:`~wartools.situation.Situation` it is given (:meth:`Situation.of`).

    Parameters
    ----------
    target
        Unit type of the target (the game's name); by default the first unit
        standing on the target cell.
    mode
        ``"sight"`` (can it be seen) or ``"fire"`` (can it be shot at: friendly
        units in the way matter in some games).
    indirect
        High-explosive / bombardment fire over obstacles (Company of Heroes
        5.1, Combat Infantry 6.6).
    range
        Maximum range in cells; ``None`` takes the game's default.
    observer_height
        Extra levels added to the observer's elevation (a tower, a hill top
        counter).
    spotting
        Use spotting ranges (Combat Infantry 6.61).

    Examples
    --------
    >>> LOSSituation.of(Situation(side="US", night=True), mode="fire").night
    True
    >>> LOSSituation(mode="listen")
    Traceback (most recent call last):
    ...
    wartools.rules.los.LOSOptionError: unknown LOS mode 'listen'; valid: sight, fire
    """

    target: str | None = None
    mode: str = "sight"
    indirect: bool = False
    range: int | None = None
    observer_height: int = 0
    spotting: bool = False

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise LOSOptionError(f"unknown LOS mode {self.mode!r}; valid: {', '.join(MODES)}")
        if self.range is not None and (not isinstance(self.range, int) or self.range < 0):
            raise LOSOptionError(f"range must be a whole number >= 0, got {self.range!r}")

    def _checked(self, m: Map) -> dict[str, Any]:
        out = super()._checked(m)
        if self.target:
            out["target"] = m.game.unit_types.resolve(self.target)
        return out


class FindingColumns(NamedTuple):
    """The findings of a batch as named columns, one row per finding (int64 arrays)."""

    ruler: np.ndarray        #: the ruler (index in the batch) the finding is about
    effect: np.ndarray       #: an :class:`Effect`
    rule: np.ndarray         #: the rule, as its index in the policy's ``RULES``
    where_kind: np.ndarray   #: a :class:`Where`: is ``where`` a cell or an edge
    where: np.ndarray        #: the ext cell or ext edge id
    contact: np.ndarray      #: a :class:`Contact`
    order: np.ndarray        #: where along the ruler (a contact's order), for explanations
    modifier: np.ndarray     #: the hindrance modifier the finding contributes


class Findings:
    """Collects finding rows from a policy (all arguments are arrays or scalars).

    Examples
    --------
    >>> out = Findings({"range": "...", "wall": "..."})
    >>> out.add(np.array([0, 2]), BLOCK, "wall", EDGE, np.array([7, 9]), Contact.CROSSED, 5)
    >>> out.column("ruler").tolist(), out.column("rule").tolist(), out.arrays().order.tolist()
    ([0, 2], [1, 1], [5, 5])
    """

    def __init__(self, rules: dict[str, str]) -> None:
        self.rule_ids = {k: i for i, k in enumerate(rules)}
        #: one ``(8, rows)`` int64 block per :meth:`add`, its rows the columns of FindingColumns
        self.chunks: list[np.ndarray] = []
        self._table: np.ndarray | None = None

    def add(self, pair: np.ndarray, effect: int, rule: str, where_kind: int, where: Any,
            contact: Any, order: Any = 0, modifier: Any = 0) -> None:
        """Findings on the rulers ``pair`` (see :class:`FindingColumns` for the other columns;
        a scalar holds for every row, an array has one value per row)."""
        if isinstance(pair, np.ndarray) and pair.size == 0:
            return
        pair = np.asarray(pair, dtype=np.int64).reshape(-1)
        n = pair.size
        if n == 0:
            return
        block = np.empty((8, n), dtype=np.int64)
        block[0] = pair
        block[1], block[2], block[3], block[4] = effect, self.rule_ids[rule], where_kind, where
        block[5], block[6], block[7] = contact, order, modifier
        self.chunks.append(block)
        self._table = None

    def table(self) -> np.ndarray:
        """Every finding as one ``(8, rows)`` int64 array, in the order of :class:`FindingColumns`
        (computed once after the last :meth:`add`)."""
        if self._table is None:
            chunks = self.chunks
            self._table = (chunks[0] if len(chunks) == 1 else
                           np.concatenate(chunks, axis=1) if chunks else np.zeros((8, 0), dtype=np.int64))
        return self._table

    def column(self, name: str) -> np.ndarray:
        """The finding column ``name`` (a field of :class:`FindingColumns`) as int64."""
        return self.table()[FindingColumns._fields.index(name)]

    def arrays(self) -> FindingColumns:
        """All the finding columns."""
        return FindingColumns(*self.table())


class LOSPolicy:
    """Base class of a game's line-of-sight rules.

    A policy is built with the configured game whose options it reads (as
    :meth:`Game.los_policy <wartools.rules.game.Game.los_policy>` does). Subclasses
    set ``RULES`` (rule id -> reason text, with
    ``{where}``, ``{terrain}``, ``{feature}`` placeholders filled when a single
    line is explained) and override :meth:`prepare` and :meth:`judge`.
    ``MODIFIER`` says how hindrance modifiers of one line combine: ``"sum"``
    or ``"min"`` (the worst single one).
    """

    RULES: ClassVar[dict[str, str]] = {"range": "range: {where} is beyond the maximum range"}
    ALONG: ClassVar[str] = "any"
    VERTEX: ClassVar[str] = "any"
    MODIFIER: ClassVar[str] = "sum"
    #: the game options this policy reads (their assumed readings go into every LOS answer)
    reads: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game) -> None:
        #: the configured game this policy answers for (its options are read here)
        self.game = game

    def option(self, name: str) -> Any:
        """The value of the game option ``name`` in force for this policy."""
        return self.game.option(name)

    def assumptions(self, sit: LOSSituation | None = None) -> tuple[Assumption, ...]:
        """The assumed readings a LOS answer in situation ``sit`` rests on: the game's
        assumed (or changed) options among those this policy declares in :attr:`reads`."""
        return self.game.assumptions(self.reads)

    # --- hooks ------------------------------------------------------------------------
    def prepare(self, geo: MapGeometry) -> dict[str, np.ndarray]:
        """Per-map arrays the policy needs (computed once per map and policy)."""
        return {}

    def judge(self, batch: Batch, prep: dict[str, np.ndarray], sit: LOSSituation, out: Findings) -> None:
        """Add findings for every ruler of ``batch`` (the neutral rules: only the range limits
        sight)."""
        self.range_findings(batch, sit, out)

    def verdict_loop(self) -> Callable[..., Any] | None:
        """The plain-Python loop over a batch's rows that numba compiles for :meth:`verdict` (a
        game's ``verdict`` module's ``verdict``), or ``None``: the neutral rules have none."""
        return None

    def verdict(self, fn: Callable[..., Any], rows: tuple[np.ndarray, ...], batch: Batch,
                prep: dict[str, Any], sit: LOSSituation) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """The answers of :meth:`judge` without its findings: per ruler, whether it is blocked,
        its hindrance count and its modifier (bool, int64, int64 arrays), or ``None`` to be
        judged by :meth:`judge`.

        ``fn`` is :meth:`verdict_loop` compiled and ``rows`` the batch's row columns as it takes
        them (:func:`wartools.los.kernel.compiled_verdict`); the engine asks only when no
        explanation is wanted and the process has the compiled kernels, and :meth:`judge` stays
        the oracle (and the source of findings). A subclass that overrides a method of the class
        that declares :meth:`verdict` is judged by :meth:`judge` (see :attr:`verdict_applies`).
        """
        return None

    def relevant(self, geo: MapGeometry, prep: dict[str, Any], sit: LOSSituation,
                 explain: bool) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Boolean masks over ext cells and ext edges: where a contact can lead to a finding.

        The engine drops every contact row on a cell or edge outside these masks
        before calling :meth:`judge`, so a policy that declares them judges only
        the contacts that matter (the answers must not change: a mask may be
        too wide, never too narrow). ``explain`` is true when notes are
        recorded. ``None`` (the default) keeps every row. The masks are used
        only while the class that declares them also declares, or inherits
        below it, :meth:`judge` (see :meth:`relevance`).
        """
        return None, None

    def details(self, m: Map, geo: MapGeometry, a: Cell, b: Cell, sit: LOSSituation) -> dict[str, Any]:
        """Named facts of one line of sight beyond its reasons (:attr:`LOSResult.details
        <wartools.los.result.LOSResult.details>`, e.g. the slope a game reads); none by default."""
        return {}

    def max_range(self, sit: LOSSituation) -> int | None:
        """The maximum range for ``sit`` (``None``: unlimited)."""
        return sit.range

    def is_symmetric(self, geo: MapGeometry, sit: LOSSituation) -> bool:
        """Whether A sees B iff B sees A on this map in this situation."""
        return sit.observer_height == 0

    def matrix_situation(self, sit: LOSSituation) -> LOSSituation | None:
        """The situation whose all-pairs matrix answers ``sit`` on *every* position of a board,
        or ``None`` (the default) when none does.

        A policy returns one when, in ``sit``, its verdicts read neither the units on the map
        nor anything of ``sit`` but its range (:meth:`max_range`) beyond what the returned
        situation holds: then a ruler's status in ``sit`` is the matrix's (judged in the
        returned situation, on any position of the board), blocked beyond the range. The
        attack question then reads a cached matrix (:func:`wartools.los.matrix.evaluate_cached`)
        instead of judging every ruler. Only the verdict is read from it: a hindered ruler is
        judged again for its modifier, and findings are judged when asked.
        """
        return None

    def matrix_answers(self, sit: LOSSituation) -> LOSSituation | None:
        """:meth:`matrix_situation`, when it applies to this class (:attr:`matrix_applies`)."""
        return self.matrix_situation(sit) if self.matrix_applies else None

    #: whether the masks of :meth:`relevant` apply to this class's :meth:`judge`: set for each
    #: subclass as it is defined (see :meth:`__init_subclass__`)
    masks_apply: ClassVar[bool] = True

    #: whether :meth:`prepare` reads the units on the map (``geo.map.units``, the unit arrays):
    #: when it reads only the board, one preparation serves every position of the board (it is
    #: kept on :attr:`MapGeometry.board <wartools.los.geometry.MapGeometry.board>`)
    prepare_reads_units: ClassVar[bool] = True
    #: whether :meth:`relevant`'s masks depend on the units (the same, for the masks)
    relevant_reads_units: ClassVar[bool] = True
    #: whether :meth:`verdict` answers for this class: true for a class that declares it, false
    #: for a subclass that overrides any other method below it (its :meth:`judge` may differ)
    verdict_applies: ClassVar[bool] = True
    #: methods a subclass may override and keep its parent's :meth:`verdict` (they change no
    #: answer of :meth:`judge`)
    VERDICT_KEEPS: ClassVar[frozenset[str]] = frozenset({"__init__", "assumptions", "details",
                                                         "matrix_situation"})
    #: whether :meth:`matrix_situation` answers for this class: true for a class that declares
    #: it, false for a subclass that overrides any other method below it (but those of
    #: :attr:`VERDICT_KEEPS`): its verdicts may read what the matrix does not hold
    matrix_applies: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass that declares :meth:`relevant` has its masks applied; one that overrides
        :meth:`judge` without declaring :meth:`relevant` may read contacts its parent's masks
        drop, so it gets every row; otherwise it keeps its parent's setting. A subclass that
        overrides :meth:`prepare` or :meth:`relevant` without saying whether it reads the units
        (:attr:`prepare_reads_units`, :attr:`relevant_reads_units`) is taken to read them. A
        subclass that declares :meth:`verdict` has it applied; one that overrides another
        method (but those of :attr:`VERDICT_KEEPS`) is judged by :meth:`judge` alone."""
        super().__init_subclass__(**kwargs)
        if "relevant" in cls.__dict__:
            cls.masks_apply = True
        elif "judge" in cls.__dict__:
            cls.masks_apply = False
        for hook in ("prepare", "relevant"):
            if hook in cls.__dict__ and f"{hook}_reads_units" not in cls.__dict__:
                setattr(cls, f"{hook}_reads_units", True)
        changed = any(callable(v) and k not in cls.VERDICT_KEEPS for k, v in cls.__dict__.items()
                      if not k.startswith("__") or k == "__init__")
        if "verdict" in cls.__dict__:
            cls.verdict_applies = True
        elif changed:
            cls.verdict_applies = False
        if "matrix_situation" in cls.__dict__:
            cls.matrix_applies = True
        elif changed:
            cls.matrix_applies = False

    # --- helpers for subclasses --------------------------------------------------------
    def _cache(self, geo: MapGeometry, reads_units: bool) -> dict[Any, Any]:
        """Where a preparation is kept: on the position, or on its board when it reads no unit."""
        cache = geo.prepared if reads_units else geo.board.prepared
        if len(cache) > PREPARED_MOST:        # a bound on the situations asked of one map
            cache.clear()
        return cache

    def prepared(self, geo: MapGeometry) -> dict[str, np.ndarray]:
        """:meth:`prepare` cached on the map geometry (keyed by this policy object; on the board
        part when :attr:`prepare_reads_units` is false)."""
        key = (self, "prepare")
        cache = self._cache(geo, self.prepare_reads_units)
        got = cache.get(key)
        if got is None:
            got = cache[key] = self.prepare(geo)
        return got

    def relevance(self, geo: MapGeometry, sit: LOSSituation,
                  explain: bool) -> tuple[np.ndarray | None, np.ndarray | None]:
        """:meth:`relevant`, cached on the map geometry per situation; no masks (every row)
        unless :attr:`masks_apply`."""
        key = (self, "relevant", sit, explain)
        cache = self._cache(geo, self.relevant_reads_units)
        got = cache.get(key)
        if got is None:
            got = self.relevant(geo, self.prepared(geo), sit, explain) if self.masks_apply else (None, None)
            cache[key] = got
        return got

    def range_findings(self, batch: Batch, sit: LOSSituation, out: Findings, rule: str = "range",
                       limit: np.ndarray | int | None = None) -> None:
        """Block rulers longer than ``limit`` (default :meth:`max_range`)."""
        if limit is None:
            limit = self.max_range(sit)
            if limit is None:
                return
        over = np.flatnonzero(batch.dist > limit)
        out.add(over, BLOCK, rule, CELL, batch.b[over], NO_CONTACT)

    def beyond_range(self, batch: Batch, sit: LOSSituation) -> np.ndarray:
        """Per ruler: is it longer than :meth:`max_range` (the rulers :meth:`range_findings` blocks)?"""
        limit = self.max_range(sit)
        return batch.dist > limit if limit is not None else np.zeros(batch.n, dtype=bool)

    def counted(self, batch: Batch, flag: np.ndarray, rows: np.ndarray | None = None,
                along: str | None = None, vertex: str | None = None) -> np.ndarray:
        """Mask of cell rows whose contact counts for a per-cell property ``flag``.

        ``rows`` restricts the rows considered (e.g. not the ends). Crossed
        contacts always count; along and vertex follow ``ALONG``/``VERTEX``.
        """
        along, vertex = along or self.ALONG, vertex or self.VERTEX
        rows_ = batch.cell_rows
        hit = flag[rows_.cell]
        if rows is not None:
            hit = hit & rows
        if along == vertex == "any":          # every contact kind counts
            return hit
        ok = hit & (rows_.contact == Contact.CROSSED)
        for kind, how in ((Contact.ALONG, along), (Contact.VERTEX, vertex)):
            sel = hit & (rows_.contact == kind)
            if how == "any":
                ok |= sel
            elif how == "both" and sel.any():
                ok |= sel & both_sides(batch, sel)
        return ok


def on_both_sides(keys: np.ndarray, side: np.ndarray) -> np.ndarray:
    """For rows grouped by ``keys``: does the row's group have rows on both sides (+1 and -1)?

    Parameters
    ----------
    keys : numpy.ndarray
        One row of keys per item (shape ``(n, k)``); equal rows form a group.
    side : numpy.ndarray
        The side of the ruler of each item (``> 0``, ``< 0`` or ``0``).

    Returns
    -------
    numpy.ndarray
        A boolean mask over the items.

    Examples
    --------
    >>> import numpy as np
    >>> keys = np.array([[0, 1], [0, 1], [2, 3]])
    >>> on_both_sides(keys, np.array([1, -1, 1])).tolist()
    [True, True, False]
    """
    _, inv = np.unique(keys, axis=0, return_inverse=True)
    inv = inv.ravel()
    has_pos = np.zeros(inv.max() + 1, dtype=bool)
    has_neg = np.zeros(inv.max() + 1, dtype=bool)
    has_pos[inv[side > 0]] = True
    has_neg[inv[side < 0]] = True
    return has_pos[inv] & has_neg[inv]


def both_sides(batch: Batch, sel: np.ndarray) -> np.ndarray:
    """For selected along/vertex cell rows: is a selected row at the same place on the other side?

    The two cells along one hexside are mirror images across the ruler, so
    they share the ruler, the contact kind and the order of their centres;
    cells touched at one corner share the ruler and the corner key. A place
    with selected rows on both sides is a gap of zero width.
    """
    res = np.zeros(len(sel), dtype=bool)
    idx = np.flatnonzero(sel)
    if len(idx) == 0:
        return res
    rows = batch.cell_rows
    kind = rows.contact[idx]
    place = np.where(kind == Contact.ALONG, rows.order[idx], rows.corner[idx])
    keys = np.stack([rows.ruler[idx], kind.astype(np.int64), place], 1)
    res[idx] = on_both_sides(keys, rows.side[idx])
    return res


def edge_pinch(batch: Batch, sel: np.ndarray) -> np.ndarray:
    """For selected vertex edge rows: do selected edges lie on both sides of the ruler at that corner?

    A ruler passing exactly through a corner where selected edges (walls,
    hedges) meet on both of its sides cannot slip past them: the corner is
    closed. Returns a mask over edge rows.
    """
    res = np.zeros(len(sel), dtype=bool)
    rows = batch.edge_rows
    idx = np.flatnonzero(sel & (rows.contact == Contact.VERTEX))
    if len(idx) == 0:
        return res
    keys = np.stack([rows.ruler[idx], rows.corner[idx]], 1)
    res[idx] = on_both_sides(keys, rows.side[idx])
    return res
