"""Hex control read off a map, by hex label: who holds what, what a unit adds, where a retreat may go
(Combat Infantry 8.3, 9.1, 9.4).

The rules, in short: a hex is its occupants' side's; units also claim the vacant
hexes next to them unless a lake hexside (impassable to all) is in the way; a
vacant hex claimed by both sides, and an assault hex, is disputed; the rest is
neutral (8.3, 9.1). Control is worked out from where the units stand whenever
it is needed (:func:`wartools.games.combat_infantry.scenario.hex_control`);
this module gives the answers a player asks about it, labelled.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("combat-infantry", 5, 3, units=[("a", "US", "rifle", "A2"), ("b", "German", "rifle", "C2")])
>>> control = hex_control(m)
>>> control["A2"], control["B2"], control["D2"]
('US', 'disputed', 'German')
>>> control_summary(m)
{'German': {'occupied': 1, 'controlled': 4}, 'US': {'occupied': 1, 'controlled': 2}, 'disputed': {'hexes': 2}}
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from wartools.answers import Answer, Collection
from wartools.games.combat_infantry.scenario import DISPUTED
from wartools.games.combat_infantry.scenario import hex_control as _hex_control
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map

__all__ = ["ControlSummary", "HexControl", "hex_control", "control_summary", "UnitControl", "unit_control",
           "RetreatHexes", "retreat_hexes"]

V = TypeVar("V")


def control_readings(m: Map) -> tuple[Assumption, ...]:
    """The reading hex control rests on, where the map gives it a say: whether control crosses a
    cliff hexside (option ``control-across-cliff``; the excerpt's chart stops before the cliff
    row), named when the map has a cliff hexside (the movement rules name it alike)."""
    cliffs = any("cliff" in fs for fs in m.edges.values())
    return m.game.assumptions(["control-across-cliff"]) if cliffs else ()


@dataclass(frozen=True, eq=False)
class _Labelled(Answer, Mapping[str, V]):
    """A mapping by hex label that is an answer too, with the readings it rests on."""

    map: Map = field(repr=False)
    data: Mapping[str, V]
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def __getitem__(self, key: str) -> V:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        return repr(dict(self.data))

    def _readings(self) -> str:
        return "".join(f"\n  {a.text()}" for a in self.assumptions)


class HexControl(_Labelled[str]):
    """Control of every non-neutral hex by label (:func:`hex_control`): a mapping label -> side or
    ``"disputed"``, and an answer naming the reading it rests on."""

    def to_json(self) -> dict[str, Any]:
        """``{"control": {label: side or "disputed"}, "assumptions"}``."""
        return {"control": dict(self.data), "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """How many hexes each side holds and how many are disputed (8.3), assumed readings last."""
        counts: dict[str, int] = {}
        for who in self.data.values():
            counts[who] = counts.get(who, 0) + 1
        head = ", ".join(f"{who} {n}" for who, n in sorted(counts.items())) or "no hex"
        return f"hex control (8.3): {head}" + self._readings()

    def draw(self, ax: Any = None) -> Any:
        """The map with each hex shaded by who controls it, keyed."""
        from wartools.render.lesson import draw_regions

        return draw_regions(self.map, self.data, ax)


class ControlSummary(_Labelled[Mapping[str, int]]):
    """Per side the hexes it occupies and controls, and the disputed count (:func:`control_summary`)."""

    def to_json(self) -> dict[str, Any]:
        """``{"sides": {side: {"occupied", "controlled"}, "disputed": {"hexes"}}, "assumptions"}``."""
        return {"sides": {k: dict(v) for k, v in self.data.items()},
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line per side, then the disputed hexes, assumed readings last."""
        lines = [f"{k}: " + ", ".join(f"{n} {what}" for what, n in v.items()) for k, v in self.data.items()]
        return "\n".join(lines) + self._readings()

    def draw(self, ax: Any = None) -> Any:
        """The hex control it counts, drawn."""
        return hex_control(self.map).draw(ax)


def hex_control(m: Map) -> HexControl:
    """Control of every non-neutral hex by label: a side, or ``"disputed"`` (Combat Infantry 8.3, 9.1).

    Reads the map game's option ``control-across-cliff`` and names it when the map has a cliff
    hexside; neutral hexes are absent.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 3, 1, units=[("a", "US", "rifle", "A1")], edges={("A1", "B1"): "lake"})
    >>> hex_control(m), hex_control(m).assumptions
    ({'A1': 'US'}, ())
    >>> [a.option for a in hex_control(m.with_edge_feature("B1", "C1", "cliff")).assumptions]
    ['control-across-cliff']
    """
    control = _hex_control(m, m.units)
    return HexControl(m, {m.label(c): control[c] for c in sorted(control, key=m.grid.to_offset)}, control_readings(m))


def control_summary(m: Map) -> ControlSummary:
    """Per side, the hexes it occupies and the vacant hexes it controls; and how many are disputed
    (the counts of the Hex Control Example, Combat Infantry 8.3, Diagram 5).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> control_summary(tiny_map("combat-infantry", 3, 3, units=[("a", "US", "rifle", "B2")]))
    {'US': {'occupied': 1, 'controlled': 6}, 'disputed': {'hexes': 0}}
    """
    control = hex_control(m)
    occupied = {m.label(u.cell) for u in m.units}
    out: dict[str, Mapping[str, int]] = {}
    for side in sorted({u.side for u in m.units}):
        own = {c for c, v in control.items() if v == side}
        out[side] = {"occupied": len(own & occupied), "controlled": len(own - occupied)}
    out["disputed"] = {"hexes": sum(v == DISPUTED for v in control.values())}
    return ControlSummary(m, out, control.assumptions)


@dataclass(frozen=True)
class UnitControl:
    """What one unit adds to its side's control (8.3): the vacant hexes its side controls only
    thanks to it, and the hexes that are disputed only because of it (labels, in map order), and
    the reading control rests on."""

    unit: str
    controlled: tuple[str, ...]
    disputed: tuple[str, ...]
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)


def unit_control(m: Map, unit_id: str) -> UnitControl:
    """The hexes ``unit_id`` alone makes its side's, or disputed (Combat Infantry 8.3).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 5, 1, units=[("a", "US", "rifle", "B1"), ("b", "German", "rifle", "D1")])
    >>> unit_control(m, "a")
    UnitControl(unit='a', controlled=('A1',), disputed=('C1',))
    """
    unit = m.unit(unit_id)
    with_it, without = hex_control(m), hex_control(m.without_unit(unit_id))
    near = [m.label(n) for n in sorted(m.grid.neighbours(unit.cell), key=m.grid.to_offset)]
    vacant = [c for c in near if not m.units_at(c)]
    return UnitControl(unit_id,
                       tuple(c for c in vacant if with_it.get(c) == unit.side and without.get(c) != unit.side),
                       tuple(c for c in near if with_it.get(c) == DISPUTED and without.get(c) != DISPUTED),
                       with_it.assumptions)


@dataclass(frozen=True, eq=False)
class RetreatHexes(Collection[str]):
    """The hexes attackers may retreat into from an assault hex (labels, in map order), and the
    readings of control they rest on; iterates, counts, tests and compares like the tuple of
    labels it is.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 3, 1, units=[("de", "German", "rifle", "B1"), ("us", "US", "rifle", "B1"),
    ...                                              ("de-2", "German", "rifle", "C1")], edges={("A1", "B1"): "cliff"})
    >>> r = retreat_hexes(m, "B1", "German")
    >>> r == ("C1",), [a.option for a in r.assumptions], r.to_json()["hexes"]
    (True, ['control-across-cliff'], ['C1'])
    """

    map: Map = field(repr=False)
    assault_hex: str
    side: str
    hexes: tuple[str, ...]
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def items(self) -> tuple[str, ...]:
        return self.hexes

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return self.hexes == other
        if isinstance(other, RetreatHexes):
            return (self.assault_hex, self.side, self.hexes) == (other.assault_hex, other.side, other.hexes)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.hexes)

    def to_json(self) -> dict[str, Any]:
        """``{"assault_hex", "side", "hexes": [labels], "assumptions"}``."""
        return {"assault_hex": self.assault_hex, "side": self.side, "hexes": list(self.hexes),
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``German may retreat from D3 into: C3, E3``, assumed readings last."""
        head = f"{self.side} may retreat from {self.assault_hex} into: {', '.join(self.hexes) or 'no hex'} (9.4)"
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The map with the assault hex and the hexes of retreat shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        shade(ax, self.map, [self.assault_hex], "disputed", label=f"assault hex {self.assault_hex}", gid="assault")
        shade(ax, self.map, list(self.hexes), "legal-move", label=f"{self.side} may retreat here (9.4)",
              gid="retreat")
        return ax


def retreat_hexes(m: Map, assault_hex: str, side: str, entered_from: Iterable[str] = (), *,
                  defending: bool = False) -> RetreatHexes:
    """Where attackers of ``side`` may retreat from ``assault_hex`` (Combat Infantry 9.4), or its
    defenders with ``defending``.

    Attackers go back into a hex they entered from, or into an adjacent hex their side
    occupies; defenders via any hexside unavailable to the attackers, so into none of the hexes
    the attackers entered from (``entered_from``) nor one the attackers occupy; neither side
    ever into an enemy or disputed hex (8.3; the assault hex is disputed and extends no
    control, 9.1), nor into a minefield (7.2: mines are units, read as the mover's enemy, so
    entering one is an assault, as the movement rules have it). Stacking and hexside limits
    are not checked here. Control follows the option ``control-across-cliff``, named in the
    answer when the map has a cliff hexside (the movement rules name it alike).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 5, 1, units=[("us", "US", "rifle", "C1"), ("de", "German", "rifle", "C1"),
    ...                                              ("de-2", "German", "rifle", "D1"), ("us-2", "US", "rifle", "A1")])
    >>> retreat_hexes(m, "C1", "German", entered_from=["B1"]).hexes   # B1 is next to the US on A1: disputed
    ('D1',)
    >>> retreat_hexes(m, "C1", "US", entered_from=["B1"], defending=True).hexes   # D1 is German
    ()
    """
    control = hex_control(m)
    here = m.cell(assault_hex)
    came: Sequence[str] = list(entered_from)
    near = [m.label(n) for n in sorted(m.grid.neighbours(here), key=m.grid.to_offset)
            if "mines" not in m.features_at(n) and control.get(m.label(n), side) == side]
    if defending:
        attackers = {u.side for u in m.units if u.cell == here and u.side != side}
        theirs = {m.label(u.cell) for u in m.units if u.side in attackers}
        out = tuple(lab for lab in near if lab not in came and lab not in theirs)
    else:
        friendly = {m.label(u.cell) for u in m.units if u.side == side}
        out = tuple(lab for lab in near if lab in came or lab in friendly)
    return RetreatHexes(m, m.label(here), side, out, control.assumptions)
