"""Reinforcement in the supply phase, Company of Heroes 8.2 (Additional Supply Phase Events): the
single answer :func:`reinforcement` and every unit's, :func:`reinforcements`.

- Reinforce icon: a unit with the reinforce ability (tag ``reinforce``) heals every damaged
  adjacent infantry unit of its team one health; two such units next to one squad heal it twice.
  Nations of one team reinforce each other (the map's ``teams``). Neither the reinforcing unit nor
  the unit reinforced may be inside a building (8.2). A pinned unit uses no ability (7 Pinning), so
  a pinned reinforcer heals nobody; a pinned unit is still reinforced (7).
- Default reinforcement point: every hex of a team's spawn area is one; infantry on one of its
  team's spawn hexes reinforces one health at the end of the supply phase (8.2). The spawn area is
  the scenario's set-up area of the team's sides (2 Starting Units: the starting squads are placed
  in the team's spawn area). Whether the other team's spawn hexes reinforce too is the option
  ``reinforce-any-spawn`` (the excerpt speaks of a team's spawn area; our reading: its own).
- Infantry means green units, regular infantry and weapon teams alike (2 Starting Units). No unit
  exceeds its maximum health: its health in the scenario (or its type's typical value), the
  turn rules' ``full``.

Repair, the same section's other ability, is :mod:`~wartools.games.company_of_heroes.repair`'s.
Locations with the reinforce icon are not played: see the turn rules' ``OMITTED``.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("coh", 4, 1, units=[("jeep", "US", "light-vehicle", "A1", ["reinforce"]),
...                                  ("rifles", "US", "infantry", "B1", {"strength": 2})])
>>> r = reinforcement(m, m.unit("rifles"), full=4, spawn=frozenset({m.cell("B1")}))
>>> r.gained, r.sources
(2, ('jeep (reinforce)', 'a reinforcement point (B1)'))
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools.answers import Answer
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

#: the tag of a unit with the reinforce ability (8.2)
REINFORCE = "reinforce"
RULE = "Company of Heroes 8.2"
#: the reading the building clause rests on (8.2 says an ally; read as any teammate, one nation or two)
BUILDING_READING = Assumption(RULE, "no unit reinforces a teammate from inside a building or into one, of its "
                                    "own nation or another (the text says an ally: read as any teammate)")


@dataclass(frozen=True)
class Reinforcement(Answer):
    """What one unit of map ``map`` gains in the supply phase: ``gained`` health (0: none), from
    ``sources`` (the reinforcing units and the reinforcement point, in words), why not when it
    gains none, and the readings it rests on (the caller's: ``spawn`` was built by one)."""

    map: Map = field(repr=False, compare=False)
    unit: str
    gained: int
    sources: tuple[str, ...] = ()
    why_not: str = ""
    assumptions: tuple[Assumption, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"unit", "gained", "sources", "why_not", "assumptions"}``."""
        return {"unit": self.unit, "gained": self.gained, "sources": list(self.sources), "why_not": self.why_not,
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line, then the readings (none unless the caller named them)."""
        if not self.gained:
            head = f"{self.unit} is not reinforced: {self.why_not} ({RULE})"
        else:
            head = f"{self.unit} reinforces {self.gained} health: {', '.join(self.sources)} ({RULE})"
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The map with the unit's hex shaded (as gaining health or not), keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        label = f"{self.unit}: +{self.gained} health (8.2)" if self.gained else f"{self.unit}: not reinforced (8.2)"
        shade(ax, self.map, [self.map.unit(self.unit).cell], "selected" if self.gained else "enemy", label=label,
              gid="reinforcement")
        return ax


def in_building(m: Map, u: Unit) -> bool:
    """Whether ``u`` stands inside a building (its hex's terrain is a building, 4)."""
    return m.terrain_at(u.cell) == "building"


def reinforcement(m: Map, unit: Unit, full: int, spawn: frozenset[Cell]) -> Reinforcement:
    """What ``unit`` (maximum health ``full``) reinforces at the end of the supply phase on ``m``,
    ``spawn`` being the reinforcement points that serve it (8.2; see the module docstring)."""
    from wartools.games.company_of_heroes.combat import health_colour
    from wartools.games.company_of_heroes.pinning import PINNED

    health = unit.strength if unit.strength is not None else full
    if health_colour(unit.type) != "G":
        return Reinforcement(m, unit.id, 0, why_not="only infantry is reinforced")
    if health >= full:
        return Reinforcement(m, unit.id, 0, why_not=f"at its maximum health {full}")
    team = m.allies(unit.side)
    near = [u for u in m.units if REINFORCE in u.tags and u.side in team and u.id != unit.id
            and PINNED not in u.tags and m.grid.distance(u.cell, unit.cell) == 1]
    inside = in_building(m, unit)
    sources = [] if inside else [f"{u.id} (reinforce)" for u in near if not in_building(m, u)]
    # the building clause decided the answer: it rests on our reading of "an ally"
    readings = (BUILDING_READING,) if near and (inside or any(in_building(m, u) for u in near)) else ()
    if unit.cell in spawn:
        sources.append(f"a reinforcement point ({m.label(unit.cell)})")
    if not sources:
        return Reinforcement(m, unit.id, 0, why_not="no reinforcing unit next to it outside a building, not on a "
                                                    "reinforcement point", assumptions=readings)
    return Reinforcement(m, unit.id, min(full - health, len(sources)), tuple(sources), assumptions=readings)


def reinforcements(m: Map, full: Mapping[str, int], spawn: Mapping[str, frozenset[Cell]]) -> tuple[Reinforcement, ...]:
    """Every unit on ``m`` that gains health, in map order (a loop over :func:`reinforcement`):
    ``full`` each unit's maximum health, ``spawn`` the reinforcement points serving each side."""
    out = []
    for u in m.units:
        if u.id in full:
            got = reinforcement(m, u, full[u.id], spawn.get(u.side, frozenset()))
            if got.gained:
                out.append(got)
    return tuple(out)


__all__ = ["REINFORCE", "Reinforcement", "in_building", "reinforcement", "reinforcements"]
