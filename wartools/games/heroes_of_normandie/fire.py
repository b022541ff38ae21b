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

from collections.abc import Iterable, Mapping, Sequence
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
        """The squares of the rectangle the two squares span that touch their convex hull: every
        line between points of them (centres, corners) stays inside both."""
        (ac, ar), (bc, br) = board.grid.to_offset(a), board.grid.to_offset(b)
        return frozenset(board.grid.from_offset(c, r) for c in range(min(ac, bc), max(ac, bc) + 1)
                         for r in range(min(ar, br), max(ar, br) + 1) if _touches(ac, ar, bc, br, c, r))

    def among_between(self, board: Map, a: Cell, b: Cell, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        """The squares of ``cells`` that :meth:`cells_between` lists, found by their columns and
        rows (the squares between are not listed)."""
        to = board.grid.to_offset
        (ac, ar), (bc, br) = to(a), to(b)
        c0, c1, r0, r1 = min(ac, bc), max(ac, bc), min(ar, br), max(ar, br)
        return tuple(c for c in cells if c0 <= (o := to(c))[0] <= c1 and r0 <= o[1] <= r1
                     and _touches(ac, ar, bc, br, o[0], o[1]))

    def among_between_pairs(self, board: Map, pairs: Sequence[tuple[Cell, Cell]],
                            cells: Sequence[Cell]) -> list[tuple[Cell, ...]]:
        """:meth:`among_between` for every pair at once: the rectangles and the hulls' slabs as
        integer arrays (pairs by cells)."""
        import numpy as np

        if not pairs or not cells:
            return [() for _ in pairs]
        to = board.grid.to_offset
        start = np.array([to(a) for a, _ in pairs], dtype=np.int64)[:, None, :]   # (pairs, 1, 2)
        end = np.array([to(b) for _, b in pairs], dtype=np.int64)[:, None, :]     # (pairs, 1, 2)
        at = np.array([to(c) for c in cells], dtype=np.int64)[None, :, :]         # (1, cells, 2)
        keep = ((np.minimum(start, end) <= at) & (at <= np.maximum(start, end))).all(axis=2)
        lo_n, lo_d = np.zeros(keep.shape, dtype=np.int64), np.ones(keep.shape, dtype=np.int64)
        hi_n, hi_d = lo_d.copy(), lo_d.copy()
        for axis in (0, 1):
            step = np.broadcast_to(end[..., axis] - start[..., axis], keep.shape)
            off = at[..., axis] - start[..., axis]                                  # centre - start
            flat = step == 0
            keep &= ~flat | (np.abs(off) <= 1)
            up = step > 0
            n0 = np.where(flat, -1, np.where(up, off - 1, -off - 1))
            n1 = np.where(flat, 1, np.where(up, off + 1, -off + 1))
            d = np.where(flat, 1, np.abs(step))
            later = n0 * lo_d > lo_n * d
            lo_n, lo_d = np.where(later, n0, lo_n), np.where(later, d, lo_d)
            sooner = n1 * hi_d < hi_n * d
            hi_n, hi_d = np.where(sooner, n1, hi_n), np.where(sooner, d, hi_d)
        keep &= lo_n * hi_d <= hi_n * lo_d
        found: list[list[Cell]] = [[] for _ in pairs]
        for i, j in zip(*(x.tolist() for x in np.nonzero(keep))):
            found[i].append(cells[j])
        return [tuple(x) for x in found]

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


def _touches(ac: int, ar: int, bc: int, br: int, c: int, r: int) -> bool:
    """Whether square ``(c, r)`` touches the convex hull of squares ``(ac, ar)`` and ``(bc, br)``
    (columns and rows, a square one unit wide): the hull is the segment between their centres
    widened by a square, so it does when that segment meets the square of half-width one around
    ``(c, r)``'s centre (boundary included). Exact, in integers: the segment's parameter ``t`` in
    [0, 1] is cut to each axis's slab, bounds kept as fractions ``n / d`` with ``d > 0``.

    Examples
    --------
    >>> _touches(0, 0, 4, 4, 2, 2), _touches(0, 0, 4, 4, 3, 2), _touches(0, 0, 4, 4, 4, 1)
    (True, True, False)
    >>> _touches(0, 0, 6, 2, 1, 1), _touches(0, 0, 6, 2, 1, 2), _touches(0, 0, 6, 2, 5, 0)
    (True, False, False)
    """
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for start, step, centre in ((ac, bc - ac, c), (ar, br - ar, r)):
        if step == 0:
            if abs(start - centre) > 1:
                return False
            continue
        if step > 0:
            n0, n1, d = centre - 1 - start, centre + 1 - start, step
        else:
            n0, n1, d = start - centre - 1, start - centre + 1, -step
        if n0 * lo_d > lo_n * d:
            lo_n, lo_d = n0, d
        if n1 * hi_d < hi_n * d:
            hi_n, hi_d = n1, d
    return lo_n * hi_d <= hi_n * lo_d
