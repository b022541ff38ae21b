"""Self-explaining answers: :class:`Reason`, :class:`LOSResult`, :class:`Viewshed` and
:class:`DeadGround` (the answer protocol of :mod:`wartools.answers`)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast, overload

from wartools.answers import Answer, Collection
from wartools.rules.options import Assumption
from wartools.grids.base import Cell, Edge, Ruler
from wartools.rules.los import LOSSituation
from wartools.mapmodel import Map

STATUSES = ("clear", "hindered", "blocked")


@dataclass(frozen=True)
class Reason:
    """One contact or rule that decided (or explains) a line of sight.

    Attributes
    ----------
    where
        A cell label (``"C4"``) or an edge (``"C4|C5"``): the text shown and
        written to JSON (off-board cells as coordinates).
    contact
        ``"crossed"``, ``"along"``, ``"vertex"``, or ``None`` for a rule that
        is not about a contact (range, camouflage, adjacency).
    rule
        The rule, with game and section.
    effect
        ``"blocks"``, ``"hinders"`` or ``"note"`` (explains, changes nothing).
    modifier
        The hindrance modifier this reason contributes (0 if none).
    rule_id
        The machine-readable id of the rule (a key of the policy's ``RULES``,
        e.g. ``"camouflage"``); test this, not the text of ``rule``.
    cell, edge
        The cell or the edge that ``where`` names (the other is ``None``).
    """

    where: str
    contact: str | None
    rule: str
    effect: str = "blocks"
    modifier: int = 0
    rule_id: str = ""
    cell: Cell | None = None
    edge: Edge | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"where", "contact", "rule"}`` as in the ``wartools los`` JSON answer."""
        return {"where": self.where, "contact": self.contact, "rule": self.rule}


T = TypeVar("T")


class Deferred(Generic[T]):
    """A field of an answer given its value or a function that gives it: the function is
    called on first read, its answer (passed through ``make``) kept in the instance's
    ``_<name>``.

    A line of sight's verdict is computed at once and its explanation (:attr:`LOSResult.reasons`,
    :attr:`LOSResult.details`) when first read, as shapely and pandas compute derived properties,
    so a caller that only asks *whether* pays nothing for *why*. A dataclass field whose default
    is a descriptor stores what ``__init__`` is given through :meth:`__set__` (the Python data
    model's "descriptor-typed fields"), so the constructor, :func:`dataclasses.replace`,
    equality and the ``repr`` read the values as before. With no ``default`` the field is
    required (the class answers no default); a field declared with ``field(default=<this
    descriptor>)`` is given the descriptor itself when omitted, which stands for ``default``.
    """

    def __init__(self, make: Callable[[Any], T], default: T | None = None) -> None:
        self.make, self.default = make, default
        self.name = self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.slot = name, "_" + name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Deferred[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> T | Deferred[T]:
        if obj is None:
            if self.default is None:
                raise AttributeError(self.name)          # a required field: no default
            return self
        got = obj.__dict__[self.slot]
        if callable(got):
            got = obj.__dict__[self.slot] = self.make(got())
        return cast(T, got)

    def __set__(self, obj: object, value: T | Callable[[], T]) -> None:
        omitted = value is self                           # field(default=<this descriptor>)
        obj.__dict__[self.slot] = self.default if omitted else value


@dataclass(frozen=True)
class LOSResult(Answer):
    """The answer to *can A see B, and why (not)?*

    Attributes
    ----------
    map
        The map asked about.
    start, end
        The observer's and the target's cells.
    visible
        ``True`` unless the status is ``"blocked"``.
    status
        ``"clear"``, ``"hindered"`` or ``"blocked"``.
    hindrance
        How many hindering contacts the line has (0 if the game has none).
    modifier
        The combined hindrance modifier (the game's sign convention: a
        defence bonus in Conflict of Heroes, an attack penalty in Heroes of
        Normandie), or ``None`` if nothing hinders.
    reasons
        The contacts and rules that decided the answer, from the start of the
        ruler to its end, then rules about the whole line (given as a tuple, or as a
        function computed on first read: :class:`Deferred`).
    range
        Distance from start to end in cells.
    situation
        The options used.
    details
        Game-specific extras (e.g. Heroes of Normandie: which sides of the
        target's terrain element the shot crosses), computed when first read.
    assumptions
        The assumed readings of the rules (and house rules) the answer rests on.
    """

    map: Map = field(repr=False, compare=False)
    start: Cell
    end: Cell
    visible: bool
    status: str
    hindrance: int
    modifier: int | None
    reasons: Deferred[tuple[Reason, ...]] = Deferred(tuple)   # required: the class answers no default
    range: int                           # type: ignore[misc]  # (mypy takes the descriptor for a default)
    situation: LOSSituation = field(default_factory=LOSSituation, repr=False)
    details: Deferred[Mapping[str, Any]] = field(default=Deferred(MappingProxyType, MappingProxyType({})),
                                                 repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    @property
    def from_label(self) -> str:
        """Label of the start cell."""
        return self.map.label(self.start)

    @property
    def to_label(self) -> str:
        """Label of the end cell."""
        return self.map.label(self.end)

    @cached_property
    def ruler(self) -> Ruler:
        """The exact ruler contacts (:meth:`wartools.grids.base.Grid.ruler`)."""
        return self.map.grid.ruler(self.start, self.end)

    @property
    def deciding(self) -> tuple[Reason, ...]:
        """The reasons that block or hinder (not the notes)."""
        return tuple(r for r in self.reasons if r.effect != "note")

    def to_json(self, full: bool = False) -> dict[str, Any]:
        """The ``wartools los`` JSON answer; ``full`` adds range, hindrance, modifier and details."""
        out: dict[str, Any] = {"from": self.from_label, "to": self.to_label, "visible": self.visible,
                               "status": self.status,
                               "reasons": [r.to_json() for r in self.reasons],
                               "assumptions": [a.to_json() for a in self.assumptions]}
        if full:
            out.update(range=self.range, hindrance=self.hindrance, modifier=self.modifier,
                       details=dict(self.details))
        return out

    def text(self) -> str:
        """A short human-readable explanation."""
        head = f"{self.from_label} -> {self.to_label}: {self.status}"
        if self.status == "hindered":
            head += f" (hindrance {self.hindrance}, modifier {self.modifier:+d})" \
                if self.modifier is not None else f" (hindrance {self.hindrance})"
        head += f", range {self.range}"
        lines = [head]
        for r in self.reasons:
            mark = {"blocks": "x", "hinders": "~", "note": "-"}.get(r.effect, "-")
            lines.append(f"  {mark} {r.where} ({r.contact or 'rule'}): {r.rule}")
        lines.extend(f"  {a.text()}" for a in self.assumptions)
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """Draw the map, the ruler (coloured by status) and the deciding cells and edges;
        returns the matplotlib Axes (:func:`wartools.render.los.draw_los`)."""
        from wartools.render.los import draw_los

        return draw_los(self, ax=ax)


class _Cells(Collection[Cell]):
    """An answer that is a set of cells in board order: iterates, counts and tests them."""

    __slots__ = ()
    cells: tuple[Cell, ...]
    map: Map

    def items(self) -> tuple[Cell, ...]:
        return self.cells

    def labels(self) -> list[str]:
        """The cells' labels, in board order."""
        return [self.map.label(c) for c in self.cells]


@dataclass(frozen=True)
class Viewshed(_Cells):
    """The cells visible from one cell (its own included), in board order
    (:func:`wartools.los.viewshed`); iterates, counts and tests the cells like a tuple.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.los import viewshed
    >>> v = viewshed(tiny_map("company-of-heroes", 5, 1), "A1")
    >>> len(v), v.labels(), v.to_json()["visible"] == v.labels()
    (3, ['A1', 'B1', 'C1'], True)
    """

    map: Map = field(repr=False, compare=False)
    origin: Cell
    cells: tuple[Cell, ...]
    situation: LOSSituation = field(default_factory=LOSSituation, repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        """The ``wartools viewshed`` answer: ``{"from", "visible": [labels], "assumptions"}``."""
        return {"from": self.map.label(self.origin), "visible": self.labels(),
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``C4 sees 12 cell(s): ...``, assumed readings last."""
        labels = self.labels()
        head = f"{self.map.label(self.origin)} sees {len(labels)} cell(s): " + (" ".join(labels) or "none")
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The seen cells shaded and the observer marked, keyed
        (:func:`wartools.render.los.draw_viewshed`)."""
        from wartools.render.los import draw_viewshed

        return draw_viewshed(self, ax=ax)


@dataclass(frozen=True)
class DeadGround(_Cells):
    """The cells no observer sees, in board order (:func:`wartools.los.dead_ground`);
    iterates, counts and tests the cells like a tuple.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.los import dead_ground
    >>> d = dead_ground(tiny_map("combat-infantry", 5, 1, terrain={"C1": "town"}), "A1")
    >>> d.labels(), d.to_json()["observers"]
    (['D1', 'E1'], ['A1'])
    """

    map: Map = field(repr=False, compare=False)
    observers: tuple[Cell, ...]
    cells: tuple[Cell, ...]
    situation: LOSSituation = field(default_factory=LOSSituation, repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        """``{"observers": [labels], "dead_ground": [labels], "assumptions"}``."""
        return {"observers": [self.map.label(c) for c in self.observers], "dead_ground": self.labels(),
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``dead ground of A1, C3: 5 cell(s): ...``, assumed readings last."""
        eyes = ", ".join(self.map.label(c) for c in self.observers) or "no observer"
        head = f"dead ground of {eyes}: {len(self.cells)} cell(s): " + (" ".join(self.labels()) or "none")
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The dead ground hatched and the observers marked, keyed
        (:func:`wartools.render.los.draw_dead_ground`)."""
        from wartools.render.los import draw_dead_ground

        return draw_dead_ground(self, ax=ax)
