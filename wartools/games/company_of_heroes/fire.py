"""Company of Heroes's attack question (Company of Heroes 4, 5, 5.1, 6, 7).

- Every unit attacks in the damage phase (5) with its damage dice (AI, AP, HE, Flame) at a
  target within its range (2, or its type's, +1 per ``range+1`` tag: 7 Range) that its team
  sees (7 Sight, Spotting: any ally spots for every ally, the team being the scenario's or
  the map's ``teams``). Buildings block attacks, except HE damage, which is indirect and
  fires over them (5.1, 7): a line over a building carries the unit's HE dice only.
- A camouflaged unit is spotted only from an adjacent hex (7 Camouflage); once spotted it
  is attacked as normal: the rulebook's mortar four hexes away attacks a camouflaged sniper
  an ally stands next to.
- Refused: a pinned unit (7 Pinning), a machine gun's attack on any unit but the one it pinned
  this round (tag ``pinning=<id>``, 7 Pinning (Machine Guns)), a weapon team not deployed (4 Weapon Teams), a mortar
  team's adjacent target (4), infantry riding a transport ("cannot be targeted directly",
  4 Transport), and a target the damage cannot hurt (immune, 6 Defense Matrix).
- The damage of every attacker on one target is **pooled** into one defence roll (5,
  :func:`~wartools.games.company_of_heroes.combat.pool_damage`). A **hit** is health lost:
  ``p_hit`` is the chance the target loses any health, ``expected_hits`` its expected
  health lost.
- Units move in the command phase and all attack afterwards (5): a unit may move its
  allowance and then attack, and a mover is exposed where its move ends. A weapon team packs
  up free to move and must spend one cp to deploy where it stops before it attacks (4 Weapon
  Teams; the movement engine's ``deploy`` option charges it within the move): a deployed team
  that spends its whole 3 cp moving cannot attack, a packed-up team with the cp to deploy can.

Examples
--------
>>> from wartools.games import find_game
>>> find_game("coh").fire_rules().exposure
'end-of-move'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.fire_rules import END_OF_MOVE, Attack, FireRules, Line, Profile, Refusal

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.rules.los import LOSSituation
    from wartools.los.result import LOSResult
    from wartools.mapmodel import Map, Unit
    from wartools.situation import Situation

DAMAGE = ("AI", "AP", "HE", "Flame")
DEPLOYED = "deployed"


class Fire(FireRules):
    """Company of Heroes's answers to the attack question and the analysis layer."""

    hit = "a hit: health lost to the pooled damage after defence dice (Company of Heroes 5, 6)"
    combination = "pooled: every attacker's damage on one target is resolved as one defence roll (Company of Heroes 5)"
    exposure = END_OF_MOVE
    exposure_rule = ("Company of Heroes 5: units attack in the damage phase after moving, so a mover is "
                     "exposed only where its move ends")
    PROFILE_RULE = "Company of Heroes 4 (building boards print health, range and attack dice)"
    RANGE_RULE = "Company of Heroes 7 (Range)"
    NOTED = frozenset({"he"})
    #: typical building-board values: health and damage dice per type (range: the default 2, 7);
    #: the Resolving Damage Example's Riflemen and Grenadiers (1 AI) and Sd.Kfz. 222 (1 AI + 1 AP)
    #: set the scale, the rest are representative
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "infantry": {"range": 2, "AI": 1, "health": 4},
        "mg-team": {"range": 2, "AI": 2, "health": 3},
        "mortar-team": {"range": 4, "HE": 1, "health": 3},
        "at-team": {"range": 3, "AP": 2, "health": 3},
        "light-vehicle": {"range": 2, "AI": 1, "AP": 1, "health": 4},
        "heavy-vehicle": {"range": 3, "AP": 2, "HE": 1, "health": 8},
        "emplacement": {"range": 3, "AI": 2, "health": 6},
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._spotted: dict[tuple[Any, ...], frozenset[Cell]] = {}
        self._team: dict[tuple[int, str], tuple[Map, frozenset[Cell]]] = {}
        self._pooled: dict[tuple[Any, ...], tuple[Fraction, Fraction]] = {}

    def fire_range(self, attacker: Unit, profile: Profile) -> int:
        """The type's range, one more per ``range+1`` tag (7 Range), unless a ``range=N`` tag gives it."""
        from wartools.games.company_of_heroes.los import RANGE_TAG

        if "range" in profile.given:
            return profile.range
        return profile.range + sum(1 for t in attacker.tags if t == RANGE_TAG)

    def line_situation(self, board: Map, attacker: Unit, target: Unit, profile: Profile,
                       sit: Situation) -> LOSSituation:
        """The attack line; a unit with HE dice fires them over buildings (5.1)."""
        from wartools.los.engine import make_situation

        return make_situation(board, sit, unit=attacker.type, target=target.type, side=attacker.side,
                              mode="fire", range=self.fire_range(attacker, profile),
                              indirect=profile.value("HE") > 0)

    def before_line(self, board: Map, attacker: Unit, target: Unit, sit: Situation,
                    profile: Profile) -> Refusal | None:
        from wartools.games.company_of_heroes.los import WEAPON_TEAMS
        from wartools.games.company_of_heroes.movement import transport_of
        from wartools.games.company_of_heroes.pinning import PIN_RULE, pinning_target

        if "pinned" in attacker.tags:
            return self.refuse(attacker, target, "pinned", "Company of Heroes 7 (Pinning)",
                               "a pinned unit cannot deal damage")
        pinned = pinning_target(attacker)
        if pinned is not None and target.id != pinned:
            return self.refuse(attacker, target, "pinned", PIN_RULE,
                               f"{attacker.id} pinned {pinned} this round and may attack only it")
        if attacker.type in WEAPON_TEAMS and DEPLOYED not in attacker.tags:
            return self.refuse(attacker, target, "deploy", "Company of Heroes 4 (Weapon Teams)",
                               "a weapon team attacks only when deployed; it spawns packed up (tag it deployed)")
        if attacker.type == "mortar-team" and board.grid.distance(attacker.cell, target.cell) == 1:
            return self.refuse(attacker, target, "range", "Company of Heroes 4 (Weapon Teams)",
                               "a mortar team may not attack an adjacent unit")
        carrier = transport_of(board, target)
        if carrier is not None:
            return self.refuse(attacker, target, "transported", "Company of Heroes 4 (Transport)",
                               f"infantry riding in {carrier.id} cannot be targeted directly")
        return None

    def units_read(self, board: Map, attacker: Unit) -> tuple[Unit, ...]:
        """The attacker's team, which spots for it (7 Spotting), and any unit on one of the team's
        cells (its sight and range tags count there, 7 Sight, Range); camouflaged units, which
        block a line unless an ally is adjacent (7 Camouflage); transports, whose riders cannot be
        targeted (4 Transport)."""
        from wartools.games.company_of_heroes.los import CAMOUFLAGE_TAG

        team = board.allies(attacker.side)
        posts = {u.cell for u in board.units if u.side in team}
        return tuple(u for u in board.units if u.cell in posts or CAMOUFLAGE_TAG in u.tags or "transport" in u.tags)

    def fires_unseen(self, board: Map, attacker: Unit, profile: Profile) -> bool:
        from wartools.games.company_of_heroes.los import CAMOUFLAGE_TAG

        return any(CAMOUFLAGE_TAG in u.tags for u in board.units)

    def noted(self, los_sit: LOSSituation) -> frozenset[str]:
        """The HE note (5.1: HE fires over buildings) is found on indirect lines only (the LOS
        policy notes a building it fires over where a direct line is blocked by it)."""
        return self.NOTED if los_sit.indirect else frozenset()

    def unseen(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
               line: LOSResult) -> Line | Refusal:
        """Camouflage alone blocks a line that an ally's spotting opens (7 Camouflage, Spotting)."""
        blocks = [r for r in line.reasons if r.effect == "blocks"]
        if blocks and all(r.rule_id == "camouflage" for r in blocks):
            if target.cell in self._spotted_by(board, attacker.side):
                notes = frozenset(r.rule_id for r in line.reasons if r.rule_id in self.NOTED)
                return Line(line.range, 0, line.situation.indirect,
                            rules=("Company of Heroes 7 (Camouflage): an ally adjacent to the camouflaged unit "
                                   "spots it",), assumptions=line.assumptions, notes=notes)
            return self.refuse(attacker, target, "spotting", "Company of Heroes 7 (Camouflage)",
                               f"the camouflaged unit in {board.label(target.cell)} is spotted only from an "
                               "adjacent hex, and no ally stands next to it")
        return super().unseen(board, attacker, target, sit, profile, line)

    def after_line(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
                   line: Line) -> Refusal | None:
        if target.cell not in self._spotted_by(board, attacker.side) and not self._sees(board, attacker, target):
            return self.refuse(attacker, target, "spotting", "Company of Heroes 7 (Sight, Spotting)",
                               f"{board.label(target.cell)} is not seen by any unit of the team")
        return None

    @staticmethod
    def _sees(board: Map, attacker: Unit, target: Unit) -> bool:
        """Whether ``attacker`` itself sees ``target`` from where it stands (after a move, a cell
        the board does not have it on; 7 Sight)."""
        from wartools.games.company_of_heroes.los import unit_sight
        from wartools.los.engine import line_of_sight

        on_board = next((u.cell for u in board.units if u.id == attacker.id), None)
        if on_board == attacker.cell:
            return False            # already counted in the team's spotting
        return line_of_sight(board, attacker.cell, target.cell, mode="sight", range=unit_sight(attacker.tags),
                             side=attacker.side, unit=attacker.type, target=target.type).visible

    def _spotted_by(self, board: Map, side: str) -> frozenset[Cell]:
        """The cells ``side``'s team sees on ``board`` (:func:`~.los.spotted_cells`): each team
        unit's viewshed at its sight, kept under the board's terrain and game, the unit's cell, side
        and sight and the camouflaged units (what its line of sight reads of the units: 7 Sight,
        Camouflage), so a position asks again only the viewsheds of the units that moved."""
        from wartools.games.company_of_heroes.los import CAMOUFLAGE_TAG, unit_sight
        from wartools.los.analysis import viewshed

        last = self._team.get((id(board), side))    # asked again of the same board object
        if last is not None and last[0] is board:
            return last[1]
        team = board.allies(board.side(side))
        hidden = tuple(u for u in board.units if CAMOUFLAGE_TAG in u.tags)
        seen: set[Cell] = set()
        for u in board.units:
            if u.side in team:
                key = (board.board_fingerprint, board.game, u.cell, u.side, unit_sight(u.tags), hidden)
                got = self._spotted.get(key)
                if got is None:
                    if len(self._spotted) >= 1024:
                        self._spotted.clear()
                    got = self._spotted[key] = frozenset(viewshed(board, u.cell, range=key[4], mode="sight",
                                                                  side=u.side))
                seen |= got
        if len(self._team) >= 64:
            self._team.clear()
        spotted = frozenset(seen)
        self._team[id(board), side] = (board, spotted)
        return spotted

    def _damage(self, profile: Profile, line: Line) -> str:
        kinds = ("HE",) if "he" in line.notes else DAMAGE
        return ",".join(f"{t}={profile.value(t)}" for t in kinds if profile.value(t))

    def odds_inputs(self, board: Map, attacker: Unit, profile: Profile, target: Unit, defender: Profile,
                    line: Line) -> dict[str, Any] | None:
        from wartools.games.company_of_heroes.combat import can_be_in_building

        damage = self._damage(profile, line)
        if not damage:
            return None
        return {"target": target.type, "health": defender.value("strength", defender.value("health", 1)),
                "damage": [damage],
                "building": board.terrain_at(target.cell) == "building" and can_be_in_building(target.type)}

    def applied(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[str, ...]:
        if "he" in line.notes:
            return ("Company of Heroes 5.1: only the HE damage fires over the building",)
        return ()

    def read(self, answer: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
        return 1 - answer["damage"][0], answer["expected_damage"]

    def combine(self, attacks: Sequence[Attack], target_type: str, target: Profile) -> tuple[Fraction, Fraction]:
        """The pooled damage of every attack, resolved as one defence roll (5); kept per target and
        pool (a sum of the attacks' dice, so their order does not matter)."""
        if not attacks:
            return Fraction(0), Fraction(0)
        inputs = dict(attacks[0].inputs)
        inputs["damage"] = sorted(d for a in attacks for d in a.inputs["damage"])
        key = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(inputs.items()))
        got = self._pooled.get(key)
        if got is None:
            if len(self._pooled) >= 4096:
                self._pooled.clear()
            got = self._pooled[key] = self.read(self.game.odds_procedure().run(self.game, inputs).answer)
        return got

    def move_budget(self, attacker: Unit, allowance: int) -> int | None:
        """A unit moves its allowance and attacks (5)."""
        return allowance

    def move_switches(self, attacker: Unit) -> frozenset[str]:
        """A weapon team that moves packs up (free) and deploys where it stops for one cp, paid
        within its move (4 Weapon Teams: movement option ``deploy``)."""
        from wartools.games.company_of_heroes.los import WEAPON_TEAMS

        return frozenset({"deploy"}) if attacker.type in WEAPON_TEAMS else frozenset()

    def moved(self, attacker: Unit, cell: Cell, spent: int) -> Unit:
        """A weapon team ends its move deployed (its deploy cp paid within the move, 4)."""
        from wartools.games.company_of_heroes.los import WEAPON_TEAMS

        tags = attacker.tags
        if attacker.type in WEAPON_TEAMS and DEPLOYED not in tags:
            tags = (*tags, DEPLOYED)
        return replace(attacker, cell=cell, tags=tags)
