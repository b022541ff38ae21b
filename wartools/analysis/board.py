"""The board an analysis runs on: a scenario, a position, the map with its units, the game's
fire rules, and the assumed readings every answer of that board rests on.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> b = Board.of(loads_scenario(EXAMPLE))
>>> [u.id for u in b.units_of("German")], b.enemies("US")
(['de-1'], ('German',))
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from wartools.errors import WartoolsError
from wartools.games.fire_rules import FireRules
from wartools.games.options import Assumption, merge_assumptions
from wartools.mapmodel import Map, Unit
from wartools.scenario import Position, Scenario


def scenario_assumptions(s: Scenario) -> tuple[Assumption, ...]:
    """The scenario's own assumed readings as :class:`Assumption` values."""
    return tuple(Assumption(a["rule"], a["reading"], a.get("option")) for a in s.assumptions())


@dataclass(frozen=True)
class Board:
    """A scenario in one position, ready for analysis.

    Attributes
    ----------
    scenario, position
        What is analysed (the position defaults to the set-up).
    map
        The scenario's map with the position's units on it (:meth:`Scenario.board`).
    """

    scenario: Scenario
    position: Position
    map: Map = field(repr=False)

    @classmethod
    def of(cls, scenario: Scenario, position: Position | None = None) -> Board:
        """The board of ``scenario`` in ``position`` (default: the set-up)."""
        p = position or scenario.start()
        return cls(scenario, p, scenario.board(p))

    @cached_property
    def fire(self) -> FireRules:
        """The game's fire rules (configured with the scenario's options)."""
        return self.scenario.game.fire_rules()

    def side(self, name: str) -> str:
        """The side called ``name`` (one line naming the valid sides otherwise)."""
        for s in self.scenario.sides:
            if s.lower() == str(name).strip().lower():
                return s
        raise WartoolsError(f"no side {name!r} in scenario {self.scenario.name!r}; "
                            f"valid: {', '.join(self.scenario.sides)}")

    def enemies(self, side: str) -> tuple[str, ...]:
        """The sides ``side`` fights."""
        return self.scenario.enemies_of(self.side(side))

    def units_of(self, sides: str | Iterable[str]) -> tuple[Unit, ...]:
        """The units of ``sides`` on the map, in scenario order."""
        wanted = {sides} if isinstance(sides, str) else set(sides)
        return tuple(u for u in self.map.units if u.side in wanted)

    def unit(self, unit_id: str) -> Unit:
        """A unit on the map (one line naming the units on the map otherwise)."""
        for u in self.map.units:
            if u.id == unit_id:
                return u
        raise WartoolsError(f"no unit {unit_id!r} on the map; valid: {', '.join(u.id for u in self.map.units)}")

    def typical_type(self, side: str) -> str:
        """The commonest unit type of ``side`` (its force, reinforcements included)."""
        side = self.side(side)
        counts = Counter(u.type for u in self.scenario.sides[side].units)
        names = self.scenario.game.unit_types.names
        if not counts:
            return names[0]
        return max(counts, key=lambda t: (counts[t], -names.index(t)))

    def move_points(self, side: str) -> tuple[int, tuple[Assumption, ...]]:
        """Points ``side``'s scenario resources add to one unit's move each turn, as the game's
        movement rules read them (:meth:`~wartools.movement.MovementRules.side_points`: Conflict
        of Heroes CAPs, 3.21), and the readings that rests on."""
        game = self.map.game
        return game.movement_rules().side_points(game, self.scenario.sides[self.side(side)].resources)

    def assumptions(self, *more: Iterable[Assumption], moving: bool = False) -> tuple[Assumption, ...]:
        """The fire rules' assumed readings (those of moving before firing too, with
        ``moving``), then ``more``."""
        return merge_assumptions(self.fire.assumptions(moving), *more)


def assumptions_json(items: Iterable[Assumption]) -> list[dict[str, Any]]:
    """``[{"rule", "reading", "option"}]``."""
    return [a.to_json() for a in items]


__all__ = ["Board", "assumptions_json", "scenario_assumptions"]
