"""Conflict of Heroes fire for scenario analysis (Conflict of Heroes Game Overview, 3.1).

- The attack value is 2D6 plus the firepower (red against unarmoured targets, blue
  against armoured ones) against the target's defence rating plus the terrain of its
  hex (:data:`~wartools.games.conflict_of_heroes.combat.TERRAIN_DEFENSE`; the modifiers the
  excerpt does not print, building +3 among them, are options ``defense-<terrain>``, named in
  every answer that rests on them) plus the hindrances the line crosses (the LOS modifier). A **hit** is an attack value at or
  over the defence value (Game Overview); each attack hits at most once.
- Attackers fire one by one: independent attacks.
- A fresh unit may take one opportunity action, firing once, whenever the enemy acts
  (3.1): a mover is exposed in every hex it enters.
- An activated unit has 7 AP (Game Overview): it may move and then fire with what is
  left; firing costs ``fire-ap`` AP (option, assumed 3 as for the Game Overview's unit).

Examples
--------
>>> from wartools.games import find_game
>>> find_game("conflict-of-heroes").fire_rules().exposure
'every-cell'
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.fire_rules import EVERY_CELL, FireRules, Line, Profile
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit

ARMORED = frozenset({"vehicle", "tank"})


class Fire(FireRules):
    """Conflict of Heroes's answers to the analysis layer."""

    hit = "a hit: the attack value (2D6 + firepower) at or over the defence value (Conflict of Heroes Game Overview)"
    combination = "independent attacks: each unit fires its own 2D6 (Conflict of Heroes Game Overview)"
    exposure = EVERY_CELL
    exposure_rule = ("Conflict of Heroes 3.1: a fresh unit may opportunity-fire whenever the enemy acts, "
                     "so a mover is exposed in every hex it enters")
    PROFILE_RULE = "Conflict of Heroes Game Overview (unit counters print red/blue firepower and defence)"
    reads_when_moving = ("fire-ap",)
    #: typical counter values: the Game Overview's infantry (red FP 4, DR 12); the rest representative.
    #: ``blue`` is the firepower against armour (0: cannot hurt it)
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "infantry": {"range": 5, "firepower": 4, "blue": 0, "defense": 12},
        "mg": {"range": 8, "firepower": 5, "blue": 0, "defense": 12},
        "mortar": {"range": 12, "firepower": 4, "blue": 0, "defense": 11},
        "gun": {"range": 10, "firepower": 3, "blue": 7, "defense": 11},
        "vehicle": {"range": 6, "firepower": 3, "blue": 3, "defense": 13},
        "tank": {"range": 12, "firepower": 5, "blue": 7, "defense": 15},
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._readings: dict[str, tuple[Assumption, ...]] = {}

    def units_read(self, board: Map, attacker: Unit) -> tuple[Unit, ...]:
        """None: the line of sight, the odds and the terrain read no other unit (Game Overview)."""
        return ()

    def odds_inputs(self, board: Map, attacker: Unit, profile: Profile, target: Unit, defender: Profile,
                    line: Line) -> dict[str, Any] | None:
        from wartools.games.conflict_of_heroes.combat import TERRAIN_DEFENSE

        fp = profile.value("blue") if target.type in ARMORED else profile.value("firepower")
        if fp <= 0:
            return None
        here = board.terrain_at(target.cell)
        value = self.game.settings.get(f"defense-{here}", TERRAIN_DEFENSE.get(here, 0))
        return {"firepower": fp, "defense": defender.value("defense"), "terrain": int(value) + line.modifier}

    def readings(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[Assumption, ...]:
        """The assumed defence modifier of the target's hex, when the excerpt does not print it
        (option ``defense-<terrain>``)."""
        here = board.terrain_at(target.cell)
        got = self._readings.get(here)
        if got is None:
            got = self._readings[here] = self.game.assumptions((f"defense-{here}",))
        return got

    def move_budget(self, attacker: Unit, allowance: int) -> int | None:
        left = allowance - int(self.game.option("fire-ap"))
        return left if left >= 0 else None
