"""Repair in the supply phase, Company of Heroes 8.2 (Additional Supply Phase Events; the Supply
Phase's step 4, Repair & Reinforce): the single answer :func:`repair`.

- Repair icon: a unit with the repair ability (tag ``repair``) repairs one adjacent vehicle or
  emplacement one health, its choice among them (8.2). Vehicles are the light (yellow) and heavy
  (red) vehicles, emplacements the purple units (4, Unit Types); infantry is reinforced, not
  repaired. Each repairer repairs one: two next to one tank may both repair it.
- Not from inside a building or a vehicle (8.2): a repairer on a building hex, or riding in a
  transport of its team (4, Transport), repairs nothing.
- A pinned unit uses no ability (7), so a pinned repairer repairs nothing.
- No unit exceeds its maximum health (its health in the scenario, the turn rules' ``full``): a
  vehicle at its maximum is not repaired.
- Whose: a vehicle or emplacement of the repairer's team (the map's ``teams``), never an enemy's.
  8.2 says that nations of one team reinforce each other and nothing of the kind of repair; our
  reading: repair is shared alike, every nation of the team. Option ``repair-own-nation``: a unit
  repairs its own nation's only.
- Itself: "adjacent" names another unit, and self-repair is a commander card's ability (10, Elite
  Vehicle Crews), so a repairing vehicle does not repair itself. Option ``repair-self``: it may
  (the clause "other units" read as forbidding only those).
- Order (step 4, Repair & Reinforce): repair heals vehicles and emplacements, reinforcement infantry,
  and neither asks the other's health, so their order changes nothing; the turn rules offer the
  repairs first (each repairer's choice, one at a time on the board the last one left), then
  reinforce.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("coh", 4, 1, units=[("tank", "US", "heavy-vehicle", "A1", {"strength": 5}),
...                                  ("eng", "US", "infantry", "B1", ["repair"]),
...                                  ("jeep", "US", "light-vehicle", "C1", {"strength": 3})])
>>> r = repair(m, m.unit("eng"), {"tank": 8, "eng": 4, "jeep": 3})
>>> r.targets, dict(r.refused)
(('tank',), {'jeep': 'at its maximum health 3'})
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools.answers import Answer
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit

#: the tag of a unit with the repair ability (8.2)
REPAIR = "repair"
RULE = "Company of Heroes 8.2"


@dataclass(frozen=True)
class Repair(Answer):
    """What unit ``unit`` of map ``map`` may repair in the supply phase: the vehicles and emplacements
    it may repair one health (``targets``, its choice of one, in map order), why not the others
    (``refused``: each vehicle or emplacement on the map and each other adjacent unit, with why not),
    ``why_not`` when it may repair none, and the readings it rests on."""

    map: Map = field(repr=False, compare=False)
    unit: str
    targets: tuple[str, ...] = ()
    refused: tuple[tuple[str, str], ...] = ()
    why_not: str = ""
    assumptions: tuple[Assumption, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"unit", "targets", "refused", "why_not", "assumptions"}``."""
        return {"unit": self.unit, "targets": list(self.targets), "refused": [list(r) for r in self.refused],
                "why_not": self.why_not, "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line, then one per unit refused, then the readings."""
        if self.targets:
            head = f"{self.unit} may repair one of {', '.join(self.targets)} one health ({RULE})"
        else:
            head = f"{self.unit} repairs nothing: {self.why_not} ({RULE})"
        return (head + "".join(f"\n  not {u}: {why}" for u, why in self.refused)
                + "".join(f"\n  {a.text()}" for a in self.assumptions))

    def draw(self, ax: Any = None) -> Any:
        """The map with the repairer's hex, the hexes of the units it may repair and of the adjacent
        ones it may not shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        m = self.map
        ax = draw_map(m) if ax is None else ax
        doing = "repairs one of the marked" if self.targets else "repairs nothing"
        shade(ax, m, [m.unit(self.unit).cell], "selected", label=f"{self.unit}: {doing} (8.2)", gid="repairer")
        if self.targets:
            shade(ax, m, [m.unit(u).cell for u in self.targets], "marked", label="may be repaired one health (8.2)",
                  gid="repairable")
        at = m.unit(self.unit).cell
        near = [m.unit(u).cell for u, _ in self.refused if m.grid.distance(m.unit(u).cell, at) <= 1]
        if near:
            shade(ax, m, near, "unreachable", label="next to it, not repaired (why: the text)", gid="not-repaired")
        return ax


def _refusal(m: Map, unit: Unit) -> str:
    """Why ``unit`` repairs nothing wherever it stands, or ``""`` (8.2, 7)."""
    from wartools.games.company_of_heroes.movement import transport_of
    from wartools.games.company_of_heroes.pinning import PINNED
    from wartools.games.company_of_heroes.supply import in_building

    if REPAIR not in unit.tags:
        return "it has no repair ability (tag repair)"
    if PINNED in unit.tags:
        return "it is pinned and uses no ability (Company of Heroes 7)"
    if in_building(m, unit):
        return "no repairing from inside a building"
    carrier = transport_of(m, unit)
    if carrier is not None:
        return f"no repairing from inside a vehicle (it rides in {carrier.id})"
    return ""


def repair(m: Map, unit: Unit, full: Mapping[str, int]) -> Repair:
    """What ``unit`` may repair on ``m`` in the supply phase, ``full`` each unit's maximum health
    (8.2; see the module docstring; the options are ``m``'s game's).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("coh", 3, 1, terrain={"B1": "building"},
    ...              units=[("tank", "US", "heavy-vehicle", "A1", {"strength": 5}),
    ...                     ("eng", "US", "infantry", "B1", ["repair"])])
    >>> print(repair(m, m.unit("eng"), {"tank": 8, "eng": 4}).text())
    eng repairs nothing: no repairing from inside a building (Company of Heroes 8.2)
    """
    from wartools.games.company_of_heroes.combat import health_colour

    why = _refusal(m, unit)
    if why:
        return Repair(m, unit.id, why_not=why)
    game, team = m.game, m.allies(unit.side)
    itself = health_colour(unit.type) != "G"        # a repairing vehicle or emplacement: the self reading
    readings = [game.option_spec("repair-self").assumption(game.option("repair-self"))] if itself else []
    targets, refused = [], []
    for u in m.units:
        vehicle = health_colour(u.type) != "G"
        near = m.grid.distance(u.cell, unit.cell) == 1
        if not vehicle and not near:
            continue                # infantry not next to it (the repairer itself among them): nothing to say
        if u.side not in team:
            no = "an enemy"
        elif not vehicle:
            no = "not a vehicle or emplacement"
        elif u.id == unit.id:
            no = "" if game.option("repair-self") else "itself (a unit repairs an adjacent one)"
        elif not near:
            no = "not adjacent"
        elif u.side != unit.side:
            readings.append(game.option_spec("repair-own-nation").assumption(game.option("repair-own-nation")))
            no = f"of another nation of the team ({u.side})" if game.option("repair-own-nation") else ""
        else:
            no = ""
        if not no and (u.strength if u.strength is not None else full[u.id]) >= full[u.id]:
            no = f"at its maximum health {full[u.id]}"
        if no:
            refused.append((u.id, no))
        else:
            targets.append(u.id)
    return Repair(m, unit.id, tuple(targets), tuple(refused),
                  "" if targets else "no damaged vehicle or emplacement of its team next to it",
                  tuple(dict.fromkeys(readings)))


__all__ = ["REPAIR", "RULE", "Repair", "repair"]
