"""Combat Infantry scenarios: set-up around named hexes, game turns, hex control, VP.

- A game turn is the time unit; a scenario has a set number of them and victory
  is judged at the end of the last one (Combat Infantry 10.4).
- Set-up (10.1): a scenario names set-up hexes; units set up in them or in hexes
  adjacent to them, subject to stacking (8.2).
- Night (10.3) halves movement and limits ranges; bad or poor weather (10.2,
  8.4) spoils unpaved roads: options ``night`` and ``weather``.
- VP (10.4): friendly terrain objectives at the end, plus one for each enemy
  unit eliminated (not for units that left the map of their own will).
- Strikes (2.6, 2.7): a side's ``resources`` list its field artillery strikes (``artillery``) and air
  strikes (``air``) for the whole scenario, 0 to 4 each (the block's steps are the strikes left).
- Hex control (8.3) is worked out from where units stand whenever it is needed:
  an occupied hex is its occupant's; occupied by both sides it is an assault
  hex, disputed (9.1); a vacant hex next to units of one side only is theirs,
  next to both sides it is disputed, otherwise neutral. Control does not extend
  from an assault hex (9.1) nor across a hexside impassable to all units (a lake
  hexside, 3.4), but does extend across a river (8.3 example, 8.5 note).

The excerpt's terrain chart stops before the cliff row; whether a cliff hexside
stops control is an **assumption** (option ``control-across-cliff``, default:
it does not stop it, since units can fire across it like across a river).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("combat-infantry", 5, 3, units=[("a", "US", "rifle", "A2"), ("b", "German", "rifle", "E2")])
>>> control = hex_control(m, m.units)
>>> control[m.cell("B2")], control[m.cell("D2")], m.cell("C2") in control
('US', 'German', False)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from wartools.limits import STRIKES, IntLimit
from wartools.rules.scenario import Control, ScenarioRules
from wartools.grids import Edge
from wartools.grids.base import Cell

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit

DISPUTED = "disputed"
#: hexside features impassable to every unit (3.4 Sea/Lake): control does not cross them
CONTROL_STOPPERS = frozenset({"lake"})


def control_stoppers(across_cliff: bool = True) -> frozenset[str]:
    """The hexside features hex control does not cross (8.3, 3.4): lake hexsides, and cliffs
    unless control extends across them (option ``control-across-cliff``).

    Examples
    --------
    >>> sorted(control_stoppers()), sorted(control_stoppers(across_cliff=False))
    (['lake'], ['cliff', 'lake'])
    """
    return CONTROL_STOPPERS if across_cliff else CONTROL_STOPPERS | {"cliff"}


#: per board and stoppers, the neighbours each hex's control reaches (:func:`_reach`)
_REACH: dict[tuple[str, frozenset[str]], Mapping[Cell, tuple[Cell, ...]]] = {}


def _reach(m: Map, stoppers: frozenset[str]) -> Mapping[Cell, tuple[Cell, ...]]:
    """The neighbours of each hex of ``m``'s board across no hexside carrying one of ``stoppers``
    (what the board decides of control, kept per board fingerprint: the units decide the rest)."""
    key = (m.board_fingerprint, stoppers)
    got = _REACH.get(key)
    if got is None:
        if len(_REACH) >= 64:
            _REACH.clear()
        edges, table = m.edges, m.grid.neighbour_table
        got = _REACH[key] = {c: tuple(n for n in table[c] if not stoppers.intersection(edges.get(Edge.of(c, n), ())))
                             for c in table}
    return got


def hex_control(m: Map, units: Iterable[Unit], stoppers: frozenset[str] | None = None) -> dict[Cell, str]:
    """Control of every non-neutral hex: a side name or ``"disputed"`` (Combat Infantry 8.3, 9.1).

    Occupied hexes belong to their occupant (both sides: an assault hex,
    disputed). A side also controls vacant adjacent hexes, except across a
    hexside carrying one of ``stoppers`` (default: the map's game's reading,
    option ``control-across-cliff``, so movement, retreats and victory read
    control alike); a vacant hex claimed by both sides is disputed. Units in an
    assault hex extend no control. Neutral hexes are absent.
    """
    if stoppers is None:
        stoppers = control_stoppers(bool(m.game.option("control-across-cliff")))
    reach = _reach(m, stoppers)
    placed = tuple((u.cell, u.side) for u in units)
    key = (id(reach), placed)
    got = _CONTROL.get(key)
    if got is None or got[0] is not reach:
        if len(_CONTROL) >= 1024:
            _CONTROL.clear()
        got = _CONTROL[key] = (reach, _control(reach, placed))
    return dict(got[1])


#: :func:`hex_control`'s answers, per board's reach and units' cells and sides (all it reads)
_CONTROL: dict[tuple[int, tuple[tuple[Cell, str], ...]], tuple[Mapping[Cell, tuple[Cell, ...]], dict[Cell, str]]] = {}


def _control(reach: Mapping[Cell, tuple[Cell, ...]], placed: tuple[tuple[Cell, str], ...]) -> dict[Cell, str]:
    """:func:`hex_control` of units on the cells of ``placed`` (cell, side), with ``reach``."""
    occupied: dict[Cell, set[str]] = {}
    for cell, side in placed:
        occupied.setdefault(cell, set()).add(side)
    control: dict[Cell, str] = {}
    claims: dict[Cell, set[str]] = {}
    for c, sides in occupied.items():
        if len(sides) > 1:
            control[c] = DISPUTED
            continue
        (side,) = sides
        control[c] = side
        for n in reach[c]:
            if n not in occupied:
                claims.setdefault(n, set()).add(side)
    for n, sides in claims.items():
        control[n] = DISPUTED if len(sides) > 1 else next(iter(sides))
    return control


class Rules(ScenarioRules):
    """Combat Infantry scenario policy; see the module docstring.

    Examples
    --------
    >>> from wartools.games import find_game
    >>> r = find_game("ci").with_options(night=True).scenario_rules()
    >>> r.option("night"), r.per_elimination, [a.option for a in r.assumptions()]
    (True, 1, ['night', 'control-across-cliff'])
    """

    turn_name: ClassVar[str] = "game turn"
    turn_rule: ClassVar[str] = "Combat Infantry 10.4"
    per_elimination: ClassVar[int] = 1
    per_elimination_rule: ClassVar[str] = "Combat Infantry 10.4"
    objective_scoring_rule: ClassVar[str] = "Combat Infantry 10.4"
    reads: ClassVar[tuple[str, ...]] = ("night", "weather", "control-across-cliff")
    resources: ClassVar[Mapping[str, str]] = {
        "artillery": "Combat Infantry 2.6 (field artillery strikes the scenario lists)",
        "air": "Combat Infantry 2.7 (air strikes the scenario lists)"}
    #: the strikes of each kind a side has for the scenario: 0-4, the steps of its block (2.6, 2.7, 2.11)
    resource_limits: ClassVar[Mapping[str, IntLimit]] = {"artillery": STRIKES, "air": STRIKES}
    unit_state: ClassVar[Mapping[str, str]] = {"steps": "Combat Infantry 2.1 (steps 1-4)",
                                               "suppressed": "face-down / disrupted"}

    def setup_area(self, m: Map, zone: Sequence[Cell]) -> frozenset[Cell]:
        """The named set-up hexes and the hexes adjacent to them (Combat Infantry 10.1)."""
        area = set(zone)
        for c in zone:
            area.update(m.grid.neighbours(c))
        return frozenset(area)

    def setup_problem(self, m: Map, zone: Sequence[Cell], cells: Sequence[Cell]) -> str | None:
        """At least one unit must set up in the named hexes themselves (Combat Infantry 10.1)."""
        if cells and not set(cells) & set(zone):
            return ("at least one unit must set up in the named set-up hexes themselves, the others "
                    "next to them (Combat Infantry 10.1)")
        return None

    def _stoppers(self) -> frozenset[str]:
        return control_stoppers(self.option("control-across-cliff"))

    def control(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, Control]:
        """Hex control from where the units stand now (Combat Infantry 8.3); nothing is remembered."""
        hexes = hex_control(m, units, self._stoppers())
        occupied = {u.cell for u in units}
        out = {}
        for c in cells:
            who = hexes.get(c)
            if who is None:
                out[c] = Control(None, "neutral", "vacant and next to no unit (Combat Infantry 8.3)")
            elif who == DISPUTED:
                why = ("units of both sides on it: an assault hex (Combat Infantry 9.1)" if c in occupied
                       else "vacant and next to units of both sides (Combat Infantry 8.3)")
                out[c] = Control(None, "disputed", why)
            elif c in occupied:
                out[c] = Control(who, "occupied", f"{who} units on it (Combat Infantry 8.3)")
            else:
                out[c] = Control(who, "adjacent", f"vacant and next to {who} units only (Combat Infantry 8.3)")
        return out
