"""Company of Heroes movement (Basic Rules, Company of Heroes 4 "Maneuver Phase").

Rules implemented, each with its rulebook section:

- one cp per hex, at most three cp per unit per round (4 "Basic Movement");
  four for Riflemen -- regular infantry of the US player -- with the Ranger
  Endurance Training commander ability (10, option ``"commander-4cp"``);
- a light vehicle's speed die: one extra, free move per round (4 "Light
  Vehicle Units"), so a jeep moves four hexes (the rulebook's jeep example);
- no moving into water, across red impassable lines or into enemy units; allied
  units -- the mover's side and the other sides of its team (2 Setup, the
  map's ``teams``) -- may be passed through but a move cannot end on one; one
  unit per hex (4 "Obstacles to Movement");
- only regular infantry and machine-gun teams enter buildings, and a unit that
  enters a building cannot leave it that round: entering ends the move (4
  "Regular Infantry Units", "Weapon Teams Units");
- transports: regular infantry (not weapon teams) may board an allied vehicle
  tagged ``transport`` like a building, by ending its move on it (4
  "Transport"); boarding is a choice, so a unit may also pass through the
  vehicle's hex like any allied unit's;
- weapon teams pay one cp to deploy, packing up is free (4 "Weapon Teams
  Units"): option ``"deploy"`` adds the cp at the end of the move, so a team
  can attack where it stops; a team tagged ``deployed`` packs up to move (free)
  and pays the cp again where it stops, but nothing to stay where it is;
- emplacements never move and pinned units cannot move (4 "Emplacements", 7
  "Pinning"); a unit tagged ``entered-this-round`` (it entered its building or
  transport this round) cannot leave it.

Cover lines (green and yellow hexsides) do not affect movement.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.movement import path
>>> m = tiny_map("company-of-heroes", 4, 1, terrain={"B1": "building"},
...              units=[("riflemen", "US", "infantry", "A1")])
>>> p = path(m, "A1", "B1")
>>> p.cost, p.steps[0].why
(1, '1 cp, building: cannot leave it this round (Company of Heroes 4, Regular Infantry)')
>>> path(m, "A1", "C1").why_not
'the move must stop at B1 (reached for 1 cp): building: cannot leave it this round (Company of Heroes 4, Regular Infantry)'
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from wartools.grids import Edge
from wartools.grids.base import Cell
from wartools.rules.movement import MovementRules, Part, Step

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit

#: units that may enter buildings (Company of Heroes 4, Regular Infantry / Weapon Teams)
BUILDING_UNITS = frozenset({"infantry", "mg-team"})
#: units that may ride in transports: regular infantry only (4, Transport)
TRANSPORT_UNITS = frozenset({"infantry"})
#: weapon teams, which deploy for one cp (4, Weapon Teams)
WEAPON_TEAMS = frozenset({"mg-team", "mortar-team", "at-team"})
VEHICLES = frozenset({"light-vehicle", "heavy-vehicle"})


def transport_of(m: Map, unit: Unit) -> Unit | None:
    """The transport ``unit`` rides in: a vehicle of its team tagged ``transport`` on its hex, which
    regular infantry boards (4, Transport); ``None`` when it rides in none.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("coh", 2, 1, units=[("jeep", "US", "light-vehicle", "A1", ["transport"]),
    ...                                  ("rifles", "US", "infantry", "A1"), ("us-2", "US", "infantry", "B1")])
    >>> transport_of(m, m.unit("rifles")).id, transport_of(m, m.unit("us-2"))
    ('jeep', None)
    """
    if unit.type not in TRANSPORT_UNITS:
        return None
    team = m.allies(unit.side)
    return next((u for u in m.units_at(unit.cell) if u.id != unit.id and u.type in VEHICLES
                 and "transport" in u.tags and u.side in team), None)


class Rules(MovementRules):
    """Company of Heroes movement policy; see the module docstring for the rules.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> from wartools.movement import reachable
    >>> m = tiny_map("company-of-heroes", 6, 1, units=[("jeep", "US", "light-vehicle", "A1")])
    >>> r = reachable(m, "A1")
    >>> max(r.costs.values()), r.graph.rules.allowance_why()
    (4, '4 cp (3 cp per round, Company of Heroes 4; + speed die: one free move)')
    """

    switches: ClassVar[tuple[str, ...]] = ("commander-4cp", "deploy")

    points: ClassVar[str] = "cp"
    default_allowance: ClassVar[int] = 3
    allowance_rule: ClassVar[str] = "3 cp per round, Company of Heroes 4"
    #: cp a unit may spend per round (Company of Heroes 4, Basic Movement)
    cp_per_round: ClassVar[int] = 3
    #: cp per round with the commander option (Company of Heroes 10, Ranger Endurance Training)
    commander_cp_per_round: ClassVar[int] = 4
    #: unit types that spawn with a speed die (Company of Heroes 4, Light Vehicle Units)
    speed_die_units: ClassVar[frozenset[str]] = frozenset({"light-vehicle"})

    #: who the Ranger Endurance Training card speaks of: Riflemen, the US regular infantry (10)
    commander_units: ClassVar[frozenset[str]] = frozenset({"infantry"})
    commander_sides: ClassVar[frozenset[str]] = frozenset({"US"})

    def prepare(self) -> None:
        self.transports = {u.cell for u in self.situation.others
                           if u.side in self.team and "transport" in u.tags and u.type in VEHICLES}

    def commander_applies(self) -> bool:
        """Whether the 4-cp commander ability is in force for this unit: the option is on and
        the unit is a Riflemen squad (US regular infantry; any regular infantry when its side
        is unknown). Commander abilities affect only the player's own units (10)."""
        return (self.has_option("commander-4cp") and self.unit_type in self.commander_units
                and (self.side is None or self.side in self.commander_sides))

    def allowance(self) -> int:
        if self.unit_type == "emplacement":
            return 0
        cp = self.commander_cp_per_round if self.commander_applies() else self.cp_per_round
        return cp + (1 if self.unit_type in self.speed_die_units else 0)

    def allowance_why(self) -> str:
        if self.unit_type == "emplacement":
            return "0 cp (emplacements never move, Company of Heroes 4)"
        text = f"{self.allowance()} cp ("
        text += ("Riflemen 4 cp per round, Company of Heroes 10 Ranger Endurance Training"
                 if self.commander_applies() else self.allowance_rule)
        if self.unit_type in self.speed_die_units:
            text += "; + speed die: one free move"
        return text + ")"

    def start_blocker(self) -> str | None:
        tags = self.mover_tags()
        if self.unit_type == "emplacement":
            return "emplacements never move once constructed (Company of Heroes 4, Emplacements)"
        if "pinned" in tags:
            return "a pinned unit cannot move (Company of Heroes 7, Pinning)"
        if "entered-this-round" in tags:
            return ("it entered its building or transport this round and cannot leave it "
                    "(Company of Heroes 4, Regular Infantry; Transport)")
        return None

    def least_step(self) -> int:
        """Every possible move into an adjacent hex costs 1 cp (Company of Heroes 4)."""
        return 1

    def step(self, a: Cell, b: Cell) -> Step:
        rule = "Company of Heroes 4"
        m = self.map
        if "impassable" in m.edges.get(Edge.of(a, b), ()):
            return Step.blocked("red impassable line (Company of Heroes 4, Obstacles to Movement)")
        terrain = m.terrain.get(b, m.default_terrain)
        if terrain == "water":
            return Step.blocked("water hex: impassable (Company of Heroes 4, Obstacles to Movement)")
        if self.enemies_at(b):
            return Step.blocked("enemy unit: cannot move through (Company of Heroes 4, Obstacles to Movement)")
        if b in self.transports and self.unit_type in TRANSPORT_UNITS:
            return Step.of(Part(1, "1 cp; allied transport: pass through, or end the move here to board it "
                                   "(then it cannot leave this round)", f"{rule}, Transport"))
        if terrain == "building":
            if self.unit_type not in BUILDING_UNITS:
                team = self.unit_type.replace("-", " ")           # "mortar team", not the key "mortar-team"
                return Step.blocked(f"building: a {team} cannot enter (only regular infantry and "
                                    "machine-gun teams, Company of Heroes 4)")
            return Step.of(Part(1, "1 cp", f"{rule}, Basic Movement"),
                           stop="building: cannot leave it this round (Company of Heroes 4, Regular Infantry)")
        return Step.of(Part(1, "1 cp", f"{rule}, Basic Movement"))

    def unit_cells(self) -> frozenset[Cell]:
        """The cells other units stand on: an enemy bars the step in, an allied unit the end of
        the move, an allied transport may be boarded (4, Obstacles to Movement; Transport);
        nothing else in these rules reads the units."""
        return frozenset(self.occupants)

    def unit_state(self, cell: Cell) -> tuple[bool, bool, bool]:
        """An enemy there, an allied transport there, an allied unit there: all a step into the
        hex and the end of a move on it read of the units."""
        return bool(self.enemies_at(cell)), cell in self.transports, bool(self.friends_at(cell))

    def end_blocker(self, cell: Cell) -> str | None:
        if cell in self.transports and self.unit_type in TRANSPORT_UNITS:
            return None
        if self.friends_at(cell):
            return "allied unit there: a move may pass through but not end on it, one unit per hex (Company of Heroes 4)"
        return None

    def finish(self, moved: bool = True) -> Step | None:
        """With option ``deploy``, a weapon team ends its move deployed, ready to attack: one cp
        to deploy (4, Weapon Teams). A team tagged ``deployed`` packs up for free to move, so it
        pays the cp again where it stops, and nothing when it stays where it is."""
        if self.unit_type not in WEAPON_TEAMS or not self.has_option("deploy"):
            return None
        rule = "Company of Heroes 4, Weapon Teams"
        if "deployed" in self.mover_tags():
            if not moved:
                return Step.of(Part(0, f"stays deployed ({rule})", rule))
            return Step.of(Part(0, f"pack up 0 cp ({rule}: packing up is free)", rule),
                           Part(1, f"deploy weapon team 1 cp ({rule})", rule))
        return Step.of(Part(1, f"deploy weapon team 1 cp ({rule})", rule))
