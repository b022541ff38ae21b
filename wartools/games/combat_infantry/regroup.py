"""Regrouping after a won assault: where each winning unit may move, and why not elsewhere
(Combat Infantry 9.5, with 8.2, 8.3, 9.1 and 9.4).

The units that win an assault may regroup: move at once into adjacent friendly hexes, stacking and
the assault limits applying, before the next assault (if any) is fought (9.5). :func:`regroup` reads a
board as the assault left it (the winners alone in the hex) and answers, for each winner and each
adjacent hex, whether it may go there:

- only an adjacent hex (9.5: "adjacent");
- only a friendly hex (8.3): one the winners' side occupies, or a vacant one only its side is next to
  (never an enemy hex, a disputed one, the hex of an assault still to be fought, 9.1, or a minefield,
  whose mines hold their hex and whose entry is an assault, 7.2). Control is
  read off the board as the assault left it, the won hex no longer an assault hex, so its winners
  control the vacant hexes next to them that no enemy is next to (option ``regroup-control``: ``board``);
  with ``others`` only the hexes friendly by the side's other units count;
- stacking (8.2): the hex has room for one more unit of the side;
- the hexside's assault limit (9.1; for retreats 9.4 counts it per round, a regroup is counted whole):
  no more units regroup across a hexside than its assault limit (a hedge lets only a tank, 3.4); a
  unit that cannot cross the hexside (a river for guns, tanks and vehicles, 8.5; a lake, 3.4) does not,
  and a bunker never moves (2.55).

In play a winner that may regroup carries the tag :data:`REGROUP` until its side has chosen (a hex or to
stay), and one that regrouped carries ``regrouped=<hex>`` (:func:`regrouped_tag`) until the regroup is
over, so the units that crossed each hexside are counted against its limit.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 4, 1, units=[("us-1", "US", "rifle", "B1"), ("us-2", "US", "rifle", "B1"),
...                                 ("de-1", "German", "rifle", "D1")])
>>> r = regroup(m, "B1")
>>> r.allowed("us-1"), r.verdict("us-1", "C1")
(('A1',), 'disputed (8.3): vacant and next to both sides')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from wartools.answers import Answer
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.control import control_readings
from wartools.games.combat_infantry.limits import hexside_limits
from wartools.games.combat_infantry.scenario import DISPUTED, hex_control
from wartools.mapmodel.parts import tag_value
from wartools.rules.movement import MoveSituation
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.combat_infantry.movement import Rules as Movement
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

__all__ = ["REGROUP", "REGROUPED", "STAY", "Regroup", "RegroupHex", "regroup", "regrouped_from", "regrouped_tag"]

#: the tag of a winner whose side has yet to choose its regroup (9.5), and the game's word for the move
REGROUP = "regroup"
#: the winners' word for keeping their hex instead of regrouping (9.5: they *may* regroup)
STAY = "stay"
#: the name of the tag ``regrouped=<hex>`` of a unit that regrouped from ``<hex>`` in the regroup under way
REGROUPED = "regrouped"
#: the option that says which hexes are friendly to a regrouping unit (8.3)
CONTROL_OPTION = "regroup-control"


def regrouped_tag(came_from: str) -> str:
    """The tag of a unit that regrouped from hex ``came_from``, kept while the regroup is under way.

    Examples
    --------
    >>> regrouped_tag("C3"), regrouped_from(("half-hit", regrouped_tag("C3")))
    ('regrouped=C3', 'C3')
    """
    return f"{REGROUPED}={came_from}"


def regrouped_from(tags: Iterable[str]) -> str | None:
    """The hex a unit with these tags regrouped from in the regroup under way (``None``: it did not)."""
    return tag_value(tags, REGROUPED)


@dataclass(frozen=True)
class RegroupHex:
    """One adjacent hex for one winner: whether it may regroup there, and why (or why not)."""

    hex: str
    allowed: bool
    why: str


@dataclass(frozen=True, eq=False)
class Regroup(Answer):
    """Where the winners of the assault on :attr:`hex` may regroup (:func:`regroup`): every adjacent hex
    for each of :attr:`units`, with its verdict."""

    map: Map = field(repr=False)
    hex: str
    side: str
    units: tuple[str, ...]
    hexes: Mapping[str, tuple[RegroupHex, ...]] = field(repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    def allowed(self, unit: str) -> tuple[str, ...]:
        """The hexes ``unit`` may regroup into, in map order."""
        return tuple(h.hex for h in self.hexes[unit] if h.allowed)

    def verdict(self, unit: str, hex: str) -> str:
        """Why ``unit`` may or may not regroup into ``hex`` (a hex not adjacent: not one of its hexes)."""
        for h in self.hexes[unit]:
            if h.hex == hex:
                return h.why
        return f"{hex} is not adjacent to {self.hex} (9.5: regroups go to adjacent hexes)"

    def to_json(self) -> dict[str, Any]:
        """``{"hex", "side", "units": {unit: {"allowed": [labels], "hexes": {label: {"allowed", "why"}}}},
        "assumptions"}``."""
        return {"hex": self.hex, "side": self.side,
                "units": {u: {"allowed": list(self.allowed(u)),
                              "hexes": {h.hex: {"allowed": h.allowed, "why": h.why} for h in self.hexes[u]}}
                          for u in self.units},
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``US may regroup from B1 (9.5): us-1 into A1; ...``, then each refused hex's reason, assumptions last."""
        parts = [f"{u} into {', '.join(self.allowed(u)) or 'no hex'}" for u in self.units]
        lines = [f"{self.side} may regroup from {self.hex} (9.5): {'; '.join(parts) or 'no unit'}"]
        for u in self.units:
            lines += [f"  {u} not into {h.hex}: {h.why}" for h in self.hexes[u] if not h.allowed]
        return "\n".join(lines) + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The map with the won hex and the hexes some winner may regroup into shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        shade(ax, self.map, [self.hex], "disputed", label=f"won hex {self.hex}", gid="assault")
        into = list(dict.fromkeys(h for u in self.units for h in self.allowed(u)))
        shade(ax, self.map, into, "legal-move", label="the winners may regroup here (9.5)", gid="regroup")
        return ax


def _friendly(m: Map, here: Cell, side: str) -> dict[Cell, str]:
    """Hex control as a regrouping unit reads it (8.3, option ``regroup-control``): the board's, or
    without the units on the won hex."""
    units: Sequence[Unit] = m.units
    if m.game.option(CONTROL_OPTION) == "others":
        units = [u for u in m.units if u.cell != here]
    return hex_control(m, units)


def regroup(m: Map, where: Cell | str, units: Sequence[str] | None = None) -> Regroup:
    """Where the winners of the assault on ``where`` may regroup, as the board ``m`` stands after it
    (Combat Infantry 9.5; see the module docstring).

    Parameters
    ----------
    m
        The board after the assault: only the winners' side on ``where``; units that already regrouped
        from it carry ``regrouped=<where>``.
    where
        The won hex.
    units
        The winners asked about (default: every unit on ``where``).

    Returns
    -------
    Regroup
        Each winner's verdict on each adjacent hex (:meth:`Regroup.allowed`, :meth:`Regroup.verdict`).

    Examples
    --------
    Across a hedge only a tank regroups (3.4 Hedge); a river stops the tank (8.5):

    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("ci", 3, 1, edges={("A1", "B1"): "hedge", ("B1", "C1"): "river"},
    ...              units=[("rifle", "US", "rifle", "B1"), ("tank", "US", "tank", "B1")])
    >>> r = regroup(m, "B1")
    >>> r.allowed("rifle"), r.allowed("tank")
    (('C1',), ('A1',))
    >>> print(r.text().splitlines()[0])
    US may regroup from B1 (9.5): rifle into C1; tank into A1
    """
    here = m.cell(where)
    label = m.label(here)
    standing = [u for u in m.units if u.cell == here]
    if not standing:
        raise WartoolsError(f"no unit stands on {label}: nobody regroups from it (9.5)")
    side = standing[0].side
    team = m.allies(side)
    if any(u.side not in team for u in standing):
        raise WartoolsError(f"both sides stand on {label}: its assault is not over, nobody regroups yet (9.5)")
    by_id = {u.id: u for u in standing}
    asked = [u.id for u in standing] if units is None else list(units)
    if unknown := [uid for uid in asked if uid not in by_id]:
        raise WartoolsError(f"{', '.join(unknown)} not on {label}: only its winners regroup (9.5)")
    control = _friendly(m, here, side)
    near = sorted(m.grid.neighbours(here), key=m.grid.to_offset)
    limits = {c: hexside_limits(m, here, c) for c in near}
    crossed = {c: sum(1 for u in m.units if u.cell == c and regrouped_from(u.tags) == label) for c in near}
    movement = cast("type[Movement]", m.game.movement_rules())
    readings: list[Assumption] = [*m.game.assumptions([CONTROL_OPTION]), *control_readings(m)]
    out: dict[str, tuple[RegroupHex, ...]] = {}
    kinds: dict[str, Movement] = {}        # the movement rules of each unit type: the units off the won hex read
    for uid in asked:
        u = by_id[uid]
        if u.type not in kinds:
            kinds[u.type] = movement(m, u.type, MoveSituation(side=side, others=tuple(x for x in m.units
                                                                                     if x.cell != here)))
        rules = kinds[u.type]
        verdicts = []
        for c in near:
            lim = limits[c]
            n = lim.tank_assault if u.type == "tank" else lim.assault
            who = control.get(c)
            room = rules.stack_limit(c)[0] - len(rules.friends_at(c))
            why = ""
            if who == DISPUTED and rules.enemies_at(c):
                why = "an assault hex, its assault still to be fought: disputed (9.1, 8.3)"
            elif rules.enemies_at(c):
                why = "enemy-occupied (8.3): not a friendly hex"
            elif rules.assault_at(c):           # no enemy there: the movement rules' other assault, mines
                why = "a minefield (7.2): entering it is an assault on the mines, not a regroup"
            elif who == DISPUTED:
                why = "disputed (8.3): vacant and next to both sides"
            elif who is None:
                why = "neutral (8.3): controlled by neither side"
            elif who not in team:
                why = "enemy hex (8.3): vacant and next to the enemy only"
            elif (blocked := rules.start_blocker()) is not None:
                why = blocked
            elif not (step := rules.step(here, c)).passable:
                why = "; ".join(step.reasons)
            elif n <= 0:
                why = f"{lim.why}: no {u.type} crosses it (9.1, 9.5)"
            elif crossed[c] >= n:
                why = f"{lim.why}: used up by the {crossed[c]} unit(s) that regrouped across it (9.1, 9.5)"
            elif room <= 0:
                why = f"stacking limit {rules.stack_limit(c)[0]} of the {rules.stack_limit(c)[1]} reached (8.2)"
            if why:
                verdicts.append(RegroupHex(m.label(c), False, why))
                continue
            readings += lim.assumptions()
            verdicts.append(RegroupHex(m.label(c), True, f"friendly hex (8.3), room for {room} more (8.2), "
                                                         f"{lim.why} (9.1)"))
        out[uid] = tuple(verdicts)
    return Regroup(m, label, side, tuple(asked), out, tuple(dict.fromkeys(readings)))
