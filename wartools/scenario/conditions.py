"""Victory conditions: a small language of frozen values that say why they hold.

A condition is one of these mappings in a scenario file (``side`` may name a
side or a team; a side stands for its whole team):

``{all: [...]}``, ``{any: [...]}``, ``{not: ...}``
    combinations;
``{side: S, controls: [objective ids]}``
    S's team controls every listed objective; add ``at_least: n``,
    ``exactly: n`` or ``at_most: n`` to count instead (``exactly: 0``: none);
``{side: S, vp_lead: n}``
    S's team has at least ``n`` VP more than every other team;
``{side: S, vp_at_least: n}``
    S's team has at least ``n`` VP (Company of Heroes thresholds);
``{tie: true}``
    the highest VP total is shared (Conflict of Heroes 2.4: both lose);
``{event: name}``
    a scenario event has happened (a seawall blown, a general captured);
``{unit: id, at: objective id or cell}``
    the unit stands there;
``{surrendered: S}``
    S's team has surrendered (Combat Infantry 10.4).

Examples
--------
>>> f = Facts(vp={"US": 3, "German": 1}, teams={"US": ("US",), "German": ("German",)},
...           control={"bridge": "US", "farm": None})
>>> cond = All((Controls("US", ("bridge",)), VpLead("US", 2)))
>>> print(cond.check(f)[1])
all of (yes):
  - US controls bridge: yes (bridge: US)
  - US leads by at least 2 VP: yes (US 3, German 1)
>>> Controls("US", ("bridge", "farm"), exactly=1).to_dict()
{'side': 'US', 'controls': ['bridge', 'farm'], 'exactly': 1}
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


from wartools.grids.base import Cell


@dataclass(frozen=True)
class Facts:
    """What conditions are checked against: VP and control per side, teams, events, units.

    ``teams`` maps each team to its sides; ``control`` maps objective ids to the
    controlling side (or ``None``); ``unit_cells`` maps unit ids to their cell
    (``None`` when off the map); ``places`` maps objective ids and cell labels to cells.
    """

    vp: Mapping[str, int]
    teams: Mapping[str, tuple[str, ...]]
    control: Mapping[str, str | None] = field(default_factory=dict)
    events: frozenset[str] = frozenset()
    unit_cells: Mapping[str, Cell | None] = field(default_factory=dict)
    places: Callable[[str], Cell] | None = None
    label: Callable[[Cell], str] = str
    surrendered: frozenset[str] = frozenset()

    def team_of(self, party: str) -> str:
        """The team a side or team name stands for."""
        if party in self.teams:
            return party
        for team, sides in self.teams.items():
            if party in sides:
                return team
        raise KeyError(party)

    def team_vp(self, team: str) -> int:
        """The VP total of a team."""
        return sum(self.vp.get(s, 0) for s in self.teams[team])


class Condition:
    """Base class: ``check(facts) -> (holds, reason)`` and ``to_dict()``."""

    def check(self, facts: Facts) -> tuple[bool, str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def objectives(self) -> tuple[str, ...]:
        """Objective ids the condition names (for drawing and analysis)."""
        return ()


def _yes(b: bool) -> str:
    return "yes" if b else "no"


@dataclass(frozen=True)
class _Parts(Condition):
    """Several parts joined by :meth:`joins`, written ``{key: [part, ...]}`` and said "key of: ..."."""

    items: tuple[Condition, ...]
    key: ClassVar[str]

    def joins(self, holds: list[bool]) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def check(self, facts: Facts) -> tuple[bool, str]:
        """Holds as :meth:`joins` says; the text has one indented line per part (nested parts
        indented further), so a reader sees which branch held."""
        results = [c.check(facts) for c in self.items]
        held = self.joins([r for r, _ in results])
        parts = "".join("\n  - " + t.replace("\n", "\n    ") for _, t in results)
        return held, f"{self.key} of ({'yes' if held else 'no'}):{parts}"

    def to_dict(self) -> dict[str, Any]:
        return {self.key: [c.to_dict() for c in self.items]}

    def objectives(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(o for c in self.items for o in c.objectives()))


@dataclass(frozen=True)
class All(_Parts):
    """Every part holds."""

    key: ClassVar[str] = "all"

    def joins(self, holds: list[bool]) -> bool:
        return all(holds)


@dataclass(frozen=True)
class AnyOf(_Parts):
    """At least one part holds."""

    key: ClassVar[str] = "any"

    def joins(self, holds: list[bool]) -> bool:
        return any(holds)


@dataclass(frozen=True)
class Not(Condition):
    """The part does not hold."""

    item: Condition

    def check(self, facts: Facts) -> tuple[bool, str]:
        held, text = self.item.check(facts)
        return not held, f"not ({text})"

    def to_dict(self) -> dict[str, Any]:
        return {"not": self.item.to_dict()}

    def objectives(self) -> tuple[str, ...]:
        return self.item.objectives()


@dataclass(frozen=True)
class Controls(Condition):
    """A team controls all (or ``at_least`` / ``exactly`` / ``at_most``) of some objectives."""

    side: str
    ids: tuple[str, ...]
    at_least: int | None = None
    exactly: int | None = None
    at_most: int | None = None

    def check(self, facts: Facts) -> tuple[bool, str]:
        team = facts.team_of(self.side)
        sides = facts.teams[team]
        held = [o for o in self.ids if facts.control.get(o) in sides]
        n = len(held)
        if self.exactly is not None:
            ok, need = n == self.exactly, f"exactly {self.exactly} of"
        elif self.at_least is not None:
            ok, need = n >= self.at_least, f"at least {self.at_least} of"
        elif self.at_most is not None:
            ok, need = n <= self.at_most, f"at most {self.at_most} of"
        else:
            ok, need = n == len(self.ids), "" if len(self.ids) == 1 else "all of"
        detail = ", ".join(f"{o}: {facts.control.get(o) or 'nobody'}" for o in self.ids)
        what = f"{need} {', '.join(self.ids)}".strip()
        return ok, f"{self.side} controls {what}: {_yes(ok)} ({detail})"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.side, "controls": list(self.ids)}
        for key in ("at_least", "exactly", "at_most"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    def objectives(self) -> tuple[str, ...]:
        return self.ids


def _vp_text(facts: Facts) -> str:
    return ", ".join(f"{t} {facts.team_vp(t)}" for t in facts.teams)


@dataclass(frozen=True)
class VpLead(Condition):
    """A team has at least ``lead`` VP more than every other team."""

    side: str
    lead: int

    def check(self, facts: Facts) -> tuple[bool, str]:
        team = facts.team_of(self.side)
        others = [facts.team_vp(t) for t in facts.teams if t != team]
        ok = facts.team_vp(team) - max(others, default=0) >= self.lead
        return ok, f"{self.side} leads by at least {self.lead} VP: {_yes(ok)} ({_vp_text(facts)})"

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "vp_lead": self.lead}


@dataclass(frozen=True)
class VpAtLeast(Condition):
    """A team has at least ``vp`` VP."""

    side: str
    vp: int

    def check(self, facts: Facts) -> tuple[bool, str]:
        ok = facts.team_vp(facts.team_of(self.side)) >= self.vp
        return ok, f"{self.side} has at least {self.vp} VP: {_yes(ok)} ({_vp_text(facts)})"

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "vp_at_least": self.vp}


@dataclass(frozen=True)
class Tie(Condition):
    """The highest VP total is shared by two or more teams."""

    def check(self, facts: Facts) -> tuple[bool, str]:
        totals = sorted((facts.team_vp(t) for t in facts.teams), reverse=True)
        ok = len(totals) > 1 and totals[0] == totals[1]
        return ok, f"VP tied at the top: {_yes(ok)} ({_vp_text(facts)})"

    def to_dict(self) -> dict[str, Any]:
        return {"tie": True}


@dataclass(frozen=True)
class Event(Condition):
    """A scenario event has happened."""

    name: str

    def check(self, facts: Facts) -> tuple[bool, str]:
        ok = self.name in facts.events
        return ok, f"{self.name}: {_yes(ok)}"

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.name}


@dataclass(frozen=True)
class UnitAt(Condition):
    """A unit stands on an objective (by id) or a cell (by label)."""

    unit: str
    at: str

    def check(self, facts: Facts) -> tuple[bool, str]:
        cell = facts.unit_cells.get(self.unit)
        target = facts.places(self.at) if facts.places else None
        ok = cell is not None and cell == target
        where = facts.label(cell) if cell is not None else "off the map"
        return ok, f"{self.unit} on {self.at}: {_yes(ok)} (it is {'on ' if cell is not None else ''}{where})"

    def to_dict(self) -> dict[str, Any]:
        return {"unit": self.unit, "at": self.at}

    def objectives(self) -> tuple[str, ...]:
        return (self.at,)


@dataclass(frozen=True)
class Surrendered(Condition):
    """A team has surrendered."""

    side: str

    def check(self, facts: Facts) -> tuple[bool, str]:
        team = facts.team_of(self.side)
        ok = bool(facts.surrendered.intersection(facts.teams[team]))
        return ok, f"{self.side} surrendered: {_yes(ok)}"

    def to_dict(self) -> dict[str, Any]:
        return {"surrendered": self.side}


#: the keys a condition mapping may have, by its kind (the first key names the kind)
FORMS: dict[str, tuple[str, ...]] = {
    "all": ("all",), "any": ("any",), "not": ("not",),
    "controls": ("side", "controls", "at_least", "exactly", "at_most"),
    "vp_lead": ("side", "vp_lead"), "vp_at_least": ("side", "vp_at_least"),
    "tie": ("tie",), "event": ("event",), "unit": ("unit", "at"), "surrendered": ("surrendered",),
}

__all__ = ["All", "AnyOf", "Condition", "Controls", "Event", "FORMS", "Facts", "Not", "Surrendered", "Tie",
           "UnitAt", "VpAtLeast", "VpLead"]
