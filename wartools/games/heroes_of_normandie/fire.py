"""Heroes of Normandie fire for scenario analysis (Heroes of Normandie 1.1, 3.2).

- A shot is a d6 plus the attack value (against infantry, or against vehicles) at
  or over the target's defence value and its bonuses (1.1); the line's obscuring
  terrain is the LOS modifier on the roll; beyond ``short`` squares the shot is at
  long range (option ``long-range-penalty``). A **hit** is a successful shot. An infantry
  target in a trench has the trench's Defensive Bonus against a shooter outside it (1.4; its
  value, option ``trench-bonus``, is not in the excerpt); the other terrain bonuses are not
  applied (the excerpt prints no table of them).
- Attackers shoot one by one: independent attacks.
- Units with opportunity fire shoot at a unit as it moves (3.2 and the core rules): a
  mover is exposed in every square it enters.
- A unit given an order may move and then shoot (option ``move-and-fire``, assumed:
  the core rules are not in the excerpt).

Examples
--------
>>> from wartools.games import find_game
>>> find_game("hon").fire_rules().exposure
'every-cell'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.fire_rules import EVERY_CELL, FireRules, Line, Profile
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

VEHICLES = frozenset({"light-vehicle", "heavy-vehicle"})


class Fire(FireRules):
    """Heroes of Normandie's answers to the analysis layer."""

    hit = "a hit: d6 + attack value at or over the defence value and its bonuses (Heroes of Normandie 1.1)"
    combination = "independent attacks: each unit rolls its own shot (Heroes of Normandie 1.1)"
    exposure = EVERY_CELL
    exposure_rule = ("Heroes of Normandie (opportunity fire, core rules): an enemy may shoot at a unit "
                     "during its move, so a mover is exposed in every square it enters")
    PROFILE_RULE = "Heroes of Normandie recruitment tiles (units print attack values and defence)"
    reads_when_moving = ("move-and-fire",)
    #: typical tile values: ``attack`` against infantry, ``anti_vehicle`` against vehicles
    #: (0: cannot hurt them), ``short`` the last square at normal range
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "infantry": {"range": 12, "short": 6, "attack": 3, "anti_vehicle": 0, "defense": 4},
        "light-vehicle": {"range": 12, "short": 6, "attack": 3, "anti_vehicle": 1, "defense": 5},
        "heavy-vehicle": {"range": 16, "short": 8, "attack": 4, "anti_vehicle": 5, "defense": 6},
    }

    def units_read(self, board: Map, attacker: Unit) -> tuple[Unit, ...]:
        """None anywhere: units change an attack only by blocking its line between the ends (1.1
        Contour Line D: infantry, a unit on a mound, vehicles by option), :meth:`cells_between`."""
        return ()

    def cells_between(self, board: Map, a: Cell, b: Cell) -> frozenset[Cell] | None:
        """The squares of the rectangle the two squares span: every line between points of them
        (centres, corners) stays inside it."""
        (ac, ar), (bc, br) = board.grid.to_offset(a), board.grid.to_offset(b)
        return frozenset(board.grid.from_offset(c, r) for c in range(min(ac, bc), max(ac, bc) + 1)
                         for r in range(min(ar, br), max(ar, br) + 1))

    def among_between(self, board: Map, a: Cell, b: Cell, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        """The squares of ``cells`` inside the rectangle :meth:`cells_between` lists, found by their
        columns and rows (the rectangle is not listed)."""
        to = board.grid.to_offset
        (ac, ar), (bc, br) = to(a), to(b)
        c0, c1, r0, r1 = min(ac, bc), max(ac, bc), min(ar, br), max(ar, br)
        return tuple(c for c in cells if c0 <= (o := to(c))[0] <= c1 and r0 <= o[1] <= r1)

    def odds_inputs(self, board: Map, attacker: Unit, profile: Profile, target: Unit, defender: Profile,
                    line: Line) -> dict[str, Any] | None:
        attack = profile.value("anti_vehicle") if target.type in VEHICLES else profile.value("attack")
        if attack <= 0:
            return None
        out = {"attack": attack, "defense": defender.value("defense"),
               "long_range": line.distance > profile.value("short", profile.range), "bonus": line.modifier}
        if self._in_trench(board, attacker, target):
            out["universal"] = int(self.game.option("trench-bonus"))
        return out

    @staticmethod
    def _in_trench(board: Map, attacker: Unit, target: Unit) -> bool:
        """1.4: an infantry target in a trench has its Defensive Bonus, unless the shooter is inside
        the same trench."""
        from wartools.games.heroes_of_normandie.los import defensive_bonus_applies

        return target.type not in VEHICLES and defensive_bonus_applies(board, attacker.cell, target.cell)

    def applied(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[str, ...]:
        if self._in_trench(board, attacker, target):
            return ("Heroes of Normandie 1.4: the infantry target in a trench has its Defensive Bonus",)
        return ()

    def readings(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[Assumption, ...]:
        return self.game.assumptions(("trench-bonus",)) if self._in_trench(board, attacker, target) else ()

    def move_budget(self, attacker: Unit, allowance: int) -> int | None:
        return allowance if self.game.option("move-and-fire") else None
