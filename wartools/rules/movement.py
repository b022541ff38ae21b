"""The policy a game plugs into the movement engine: :class:`MovementRules`.

A game's ``movement`` module (``wartools.games.<game>.movement``) defines a
subclass named ``Rules``. The engine builds one instance per (map, unit type,
:class:`MoveSituation`) and asks it only generic questions:

- :meth:`MovementRules.step` -- what moving from one cell into an adjacent one
  costs and why, whether it is impossible, and whether entering ends the move;
- :meth:`MovementRules.end_blocker` -- why a move may not *end* on a cell
  (an allied unit, a full stack);
- :meth:`MovementRules.allowance` -- the points a unit has for one round or
  activation;
- :meth:`MovementRules.start_blocker` and :meth:`MovementRules.finish` -- a unit
  that cannot move at all, and a cost paid once at the end (deploying).

The engine never asks which game it is running.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.situation import Situation, SituationError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit


def join_reasons(reasons: tuple[str, ...], stop: str | None) -> str:
    """Reasons as one line, the stop reason last (once).

    Examples
    --------
    >>> join_reasons(("woods hexside 3 MP",), "smoke: must stop")
    'woods hexside 3 MP, smoke: must stop'
    """
    parts = list(reasons)
    if stop and stop not in parts:
        parts.append(stop)
    return ", ".join(parts)


@dataclass(frozen=True)
class Part:
    """One part of a step's cost: an amount, what it is, and the rule it comes from.

    A step's cost is the sum of its parts and its explanation is their texts, so
    the two can never disagree.

    Parameters
    ----------
    amount
        Points this part adds (may be negative: a road bonus).
    text
        What it is, in a few words (``"woods hexside 3 MP"``).
    rule
        The rulebook section (``"Combat Infantry 5.1"``).
    assumed
        The amount is an assumed reading (the excerpt is silent): the answer says so.
    """

    amount: int
    text: str
    rule: str = ""
    assumed: bool = False

    @property
    def why(self) -> str:
        """The text, flagged ``[assumed]`` when it is an assumed reading."""
        return f"{self.text} [assumed]" if self.assumed and "[assumed]" not in self.text else self.text

    def assumption(self) -> Assumption | None:
        """The :class:`Assumption` this part rests on, if it is assumed."""
        return Assumption(self.rule or "not in the excerpt", self.text) if self.assumed else None


@dataclass(frozen=True)
class Step:
    """The cost of one step into an adjacent cell, with its reasons.

    Parameters
    ----------
    cost
        Points spent (MP, cp, AP ...), or ``None`` when the step is impossible.
    reasons
        Human-readable parts of the cost ("woods hexside 3 MP", "road -1"), or
        why the step is impossible.
    stop
        When entering ends the move: the reason ("smoke hex: must stop").

    Examples
    --------
    >>> s = Step(2, ("woods hexside 3 MP", "road -1"))
    >>> s.why, s.passable
    ('woods hexside 3 MP, road -1', True)
    >>> Step.blocked("lake hexside: impassable").passable
    False
    """

    cost: int | None
    reasons: tuple[str, ...] = ()
    stop: str | None = None
    parts: tuple[Part, ...] = ()

    @classmethod
    def of(cls, *parts: Part, stop: str | None = None) -> Step:
        """A step whose cost is the sum of ``parts`` and whose reasons are their texts.

        Examples
        --------
        >>> s = Step.of(Part(1, "difficult square", "Heroes of Normandie 1.2"),
        ...             Part(1, "barbed wire", "Heroes of Normandie 1.3", assumed=True))
        >>> s.cost, s.why
        (2, 'difficult square, barbed wire [assumed]')
        """
        return cls(sum(p.amount for p in parts), tuple(p.why for p in parts), stop, tuple(parts))

    @classmethod
    def blocked(cls, *reasons: str) -> Step:
        """An impossible step."""
        return cls(None, tuple(reasons))

    @property
    def passable(self) -> bool:
        """Whether the step can be taken at all."""
        return self.cost is not None

    @property
    def why(self) -> str:
        """The reasons as one line, the stop reason last."""
        return join_reasons(self.reasons, self.stop)


@dataclass(frozen=True)
class MoveSituation(Situation):
    """A :class:`~wartools.situation.Situation` widened with what only a move reads.

    The common fields (``side``: the mover's, ``unit``: its type, ``night``,
    ``weather``) come from the base class; the engine widens any
    :class:`~wartools.situation.Situation` it is given (:meth:`Situation.of`).

    Parameters
    ----------
    switches
        Game options switched on for this question only (``"commander-4cp"``,
        ``"fuel"`` ...: the ones the game's movement rules list in
        :attr:`MovementRules.switches`; each is also a game option, so it is
        documented and listed once, with the game's options).
    extra_points
        Points added to the allowance from outside the unit (Conflict of Heroes
        CAPs, 3.21).
    others
        The other units on the map (the mover excluded).
    mover
        The moving unit, when it stands on the map (its tags matter: pinned,
        entered-this-round ...).

    Examples
    --------
    >>> MoveSituation(side="US", night=True) == MoveSituation.of(Situation(side="US", night=True))
    True
    >>> MoveSituation(switches=frozenset({"fuel"})).extra_points
    0
    >>> from wartools.testing import tiny_map
    >>> MoveSituation(switches=frozenset({"fuel"})).on(tiny_map('combat-infantry', 2, 2))
    Traceback (most recent call last):
    ...
    wartools.situation.SituationError: unknown switch 'fuel' for combat-infantry; valid: none
    """

    switches: frozenset[str] = frozenset()
    extra_points: int = 0
    others: tuple[Unit, ...] = ()
    mover: Unit | None = None

    @classmethod
    def keywords(cls) -> tuple[str, ...]:
        """The fields a query takes as keywords: not ``others`` and ``mover``, which the engine
        finds on the map (:func:`~wartools.movement.search.resolve`)."""
        return tuple(n for n in cls.field_names() if n not in ("others", "mover"))

    def _checked(self, m: Map) -> dict[str, Any]:
        out = super()._checked(m)
        known = m.game.movement_rules().switches if self.switches else ()
        for name in sorted(self.switches):
            if name not in known:
                docs = {o.name: o.doc for o in m.game.options}
                valid = ", ".join(f"{k} ({docs.get(k, '')})" for k in known) or "none"
                raise SituationError(f"unknown switch {name!r} for {m.game.id}; valid: {valid}")
        out["switches"] = frozenset(self.switches)
        out["extra_points"] = int(self.extra_points)
        return out


class MovementRules:
    """Base class of a game's movement policy; every hook has a neutral default.

    The defaults describe a plain game: every step costs 1 point, nothing
    stops a move, any cell may end it, the allowance is ``default_allowance``.
    Subclasses override hooks and class attributes only.

    Parameters
    ----------
    map
        The board.
    unit_type
        A canonical unit type of the map's game.
    situation
        Side, weather, night, other units: any :class:`~wartools.situation.Situation`,
        widened to a :class:`MoveSituation` and checked against the map
        (:meth:`~wartools.situation.Situation.on`: a night scenario is night).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map('company-of-heroes', 3, 3)
    >>> r = MovementRules(m, "infantry", Situation())
    >>> r.step(m.cell("A1"), m.cell("B1")).cost, r.allowance(), r.points
    (1, 1, 'points')
    """

    #: name of the movement points in reasons ("MP", "cp", "AP")
    points: ClassVar[str] = "points"
    #: the allowance when a unit type is not in ``allowances``
    default_allowance: ClassVar[int] = 1
    #: per-unit-type allowance for one round or activation
    allowances: ClassVar[Mapping[str, int]] = {}
    #: which rulebook sections the allowance comes from (for explanations)
    allowance_rule: ClassVar[str] = ""
    #: the game's true/false options (:attr:`Game.options <wartools.rules.Game.options>`) that
    #: one question may also switch on (``switches=`` of the movement queries:
    #: :attr:`MoveSituation.switches`), whatever the map's game says
    switches: ClassVar[tuple[str, ...]] = ()
    #: what the game calls points added to one move's allowance (``extra_points``: the command
    #: line's ``--extra-points``), with its rule; empty when the game adds none
    extra_points_name: ClassVar[str] = ""
    #: the weather names these rules read (besides ``"clear"``): the command line offers them
    weather_names: ClassVar[frozenset[str]] = frozenset()
    #: the game options (:class:`~wartools.rules.options.Option`) these rules read; their
    #: assumed readings go into every movement answer
    reads: ClassVar[tuple[str, ...]] = ()

    def __init__(self, map: Map, unit_type: str, situation: Situation) -> None:
        situation = MoveSituation.of(situation).on(map)      # the scenario's night and weather apply
        self.map = map
        self.unit_type = unit_type
        self.situation: MoveSituation = situation
        self.side = situation.side
        #: the mover's side and its allies (the map's ``teams``)
        self.team = map.allies(situation.side)
        self.occupants: dict[Cell, list[Unit]] = {}
        for u in situation.others:
            self.occupants.setdefault(u.cell, []).append(u)
        self.prepare()

    # --- hooks ------------------------------------------------------------------------
    def prepare(self) -> None:
        """Precompute per-map tables (hex control, occupancy); called once per build."""

    def allowance(self) -> int:
        """Points for one round or activation (before ``extra_points``)."""
        return self.allowances.get(self.unit_type, self.default_allowance)

    def allowance_why(self) -> str:
        """How :meth:`allowance` was reached, for explanations."""
        base = f"{self.allowance()} {self.points}"
        return f"{base} ({self.allowance_rule})" if self.allowance_rule else base

    def step(self, a: Cell, b: Cell) -> Step:
        """Cost of moving from ``a`` into the adjacent cell ``b``."""
        return Step(1, (f"1 {self.points}",))

    def end_blocker(self, cell: Cell) -> str | None:
        """Why a move may not end on ``cell`` (``None`` if it may)."""
        return None

    def start_blocker(self) -> str | None:
        """Why the unit cannot move at all (``None`` if it can)."""
        return None

    def entry_blocker(self, cell: Cell) -> str | None:
        """Why the unit may not come onto the board on ``cell`` (a reinforcement entering from
        off the map; ``None`` if it may). Default: it may wherever a move may end."""
        return None

    def assault_at(self, cell: Cell) -> bool:
        """Whether a move that ends on ``cell`` is an assault, so the unit fights there instead
        of moving on next turn (default: an enemy unit is there)."""
        return bool(self.enemies_at(cell))

    @classmethod
    def side_points(cls, game: Any, resources: Mapping[str, int]) -> tuple[int, tuple[Assumption, ...]]:
        """Points a side's scenario resources may add to one unit's move each turn (its
        ``extra_points``), and the readings that rests on: none by default (Conflict of Heroes
        CAPs, 3.21, override it). ``game`` is the configured game."""
        return 0, ()

    @classmethod
    def graph_key(cls, map: Map, unit_type: str, situation: MoveSituation) -> Hashable:
        """Everything of the unit type and situation these rules read, as a cache key: movers
        with equal keys share one movement graph. The default is all of it, so only movers in
        the same situation share; a game whose rules read less may say so (its tests must show
        that a shared graph equals each mover's own)."""
        return (unit_type, situation)

    def unit_cells(self) -> frozenset[Cell] | None:
        """The cells where the other units make a difference to these rules, or ``None``.

        The promise: for every cell ``b`` outside them, :meth:`step` from any neighbour into
        ``b`` and :meth:`end_blocker` on ``b`` answer as these rules do for the same unit type
        and situation with no other unit on the map and no mover (``situation.others`` and
        ``mover`` empty). The engine then takes every step away from these cells from the
        graph of the bare board, shared by all the positions of one board, and asks the rules
        only about the steps near the units. ``None`` (the default) promises nothing: the
        whole graph is asked anew for each position. A subclass that overrides ``step``,
        ``end_blocker``, ``prepare``, ``enemies_at`` or ``friends_at`` shares no board graph
        unless it declares its own cells."""
        return None

    def unit_state(self, cell: Cell) -> Hashable:
        """What the other units make of one of the :meth:`unit_cells`, as a hashable value, or
        ``None``.

        The promise: two positions of one board whose units give ``cell`` equal states have the
        same :meth:`step` into ``cell`` from each neighbour and the same :meth:`end_blocker` on
        it (for the same unit type and situation), so the engine asks the rules once per state
        for all positions. ``None`` (the default) promises nothing: asked anew each time."""
        return None

    def least_step(self) -> int:
        """A lower bound on what any passable step can cost under these rules (0 by default).

        The engine only uses it to know the board's cheapest step without asking about every
        cell: once a step this cheap has been seen, no cheaper one exists. A game whose
        tables make every step cost at least 1 says so; a bound that is too high could make
        a search inexact, so derive it from the same tables :meth:`step` reads."""
        return 0

    def finish(self, moved: bool = True) -> Step | None:
        """A cost paid once when the move ends (a weapon team deploying), or ``None``;
        ``moved=False``: the unit stays where it is (a team already deployed pays nothing)."""
        return None

    # --- helpers for subclasses -------------------------------------------------------
    def friends_at(self, cell: Cell) -> list[Unit]:
        """Other units of the mover's team on ``cell`` (its own side, or an allied side of the
        map's ``teams``: :meth:`~wartools.mapmodel.Map.allies`)."""
        units = self.occupants.get(cell)
        return [u for u in units if u.side in self.team] if units else []

    def enemies_at(self, cell: Cell) -> list[Unit]:
        """Units of sides not on the mover's team on ``cell``."""
        units = self.occupants.get(cell)
        return [u for u in units if u.side not in self.team] if units else []

    def option(self, name: str) -> Any:
        """The value in force of the game option ``name`` (the map's configured game)."""
        return self.map.game.option(name)

    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings every answer of these rules rests on (:attr:`reads`)."""
        return self.map.game.assumptions(self.reads)

    def has_option(self, name: str) -> bool:
        """Whether switch ``name`` is on: among the situation's switches, or a true game option."""
        return name in self.situation.switches or self.map.game.settings.get(name) is True

    def mover_tags(self) -> tuple[str, ...]:
        """Tags of the moving unit (empty for a hypothetical unit)."""
        return self.situation.mover.tags if self.situation.mover else ()


@dataclass(frozen=True)
class Table:
    """A documented, overridable lookup table: values plus where each row comes from.

    Rows whose source is an assumption (the rulebook excerpt is silent) are
    listed in ``assumed`` so notebooks and docstrings can flag them.

    Examples
    --------
    >>> t = Table({"open": 1, "woods": 2}, assumed=("woods",))
    >>> t["woods"], t.is_assumed("woods"), t.is_assumed("open")
    (2, True, False)
    >>> t.replace(woods=3)["woods"]
    3
    """

    values: Mapping[str, Any]
    assumed: tuple[str, ...] = ()
    notes: Mapping[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.values

    def is_assumed(self, key: str) -> bool:
        """Whether the row is an assumption rather than rulebook text."""
        return key in self.assumed

    def replace(self, rows: Mapping[str, Any] | None = None, /, **more: Any) -> Table:
        """A copy with rows replaced (replaced rows are no longer flagged as assumed)."""
        rows = {**(rows or {}), **more}
        values = {**self.values, **rows}
        return Table(values, tuple(k for k in self.assumed if k not in rows), self.notes)

    def keys(self) -> Iterable[str]:
        return self.values.keys()
