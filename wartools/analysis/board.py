"""The board an analysis runs on: a scenario, a position, the map with its units, the one
:class:`~wartools.situation.ScenarioSituation` every engine is asked with, the game's fire
rules, and the assumed readings every answer of that board rests on.

Every analysis function takes the position one way: ``f(scenario, ..., *, position=None)``,
where ``scenario`` is a :class:`~wartools.scenario.Scenario` (then ``position`` defaults to
the set-up) or a :class:`Board` already built (then ``position`` must be left out).

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> b = Board.of(loads_scenario(EXAMPLE))
>>> [u.id for u in b.units_of("German")], b.enemies("US"), b.situation.turn
(['de-1'], ('German',), 1)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from wartools.errors import WartoolsError
from wartools.games.fire_rules import FireRules
from wartools.rules.options import Assumption, merge_assumptions
from wartools.grids.base import Cell
from wartools.mapmodel import Map, Unit
from wartools.scenario import Position, Scenario
from wartools.situation import ScenarioSituation


@dataclass(frozen=True)
class Board:
    """A scenario in one position, ready for analysis.

    Attributes
    ----------
    scenario, position
        What is analysed (the position defaults to the set-up).
    map
        The scenario's map with the position's units on it and the scenario's teams
        (:meth:`Scenario.map_at`).
    situation
        The scenario's situation in this position (:meth:`Scenario.situation`): every engine
        and every attack question of the analysis is asked with it.
    """

    scenario: Scenario
    position: Position
    map: Map = field(repr=False)
    situation: ScenarioSituation

    @classmethod
    def of(cls, scenario: Scenario | Board, position: Position | None = None) -> Board:
        """The board of ``scenario`` in ``position`` (default: the set-up); a :class:`Board`
        is returned as it is (it has its position already)."""
        if isinstance(scenario, Board):
            if position is not None and position != scenario.position:
                raise WartoolsError("give the position either in the Board or as position=, not both")
            return scenario
        p = position or scenario.start()
        return cls(scenario, p, scenario.map_at(p), scenario.situation(p))

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
        s, p = self.scenario, self.position
        if unit_id in p.waiting(s):  # a reinforcement still to come: say when it enters
            entry = s.unit(unit_id).enters
            if entry is not None:
                where = f"the {entry.zone} zone" if entry.zone else f"the {entry.edge} edge"
                raise WartoolsError(f"{unit_id} is a reinforcement not yet on the board: it enters on "
                                    f"{s.rules.turn_name} {entry.turn} by {where} (this position is "
                                    f"{s.rules.turn_name} {p.turn}); ask with a position from then on")
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

    def probe(self, side: str, unit_type: str, cell: Cell | None = None) -> Unit:
        """A hypothetical unit of ``side`` and ``unit_type`` (standing on ``cell``): the target
        of a threat map, the candidate of set-up advice."""
        return Unit(f"a {unit_type} of {side}", side, unit_type, cell if cell is not None else
                    next(iter(self.map.grid.cells())))

    def assumptions(self, *more: Iterable[Assumption], moving: bool = False) -> tuple[Assumption, ...]:
        """The fire rules' assumed readings (those of moving before firing too, with
        ``moving``), then ``more``."""
        return merge_assumptions(self.fire.assumptions(moving), *more)


def assumptions_json(items: Iterable[Assumption]) -> list[dict[str, Any]]:
    """``[{"rule", "reading", "option"}]``."""
    return [a.to_json() for a in items]


__all__ = ["Board", "assumptions_json"]
