"""Company of Heroes fire for scenario analysis (Company of Heroes 4, 5, 7).

- Every unit attacks in the damage phase (5): its damage dice (AI, AP, HE, Flame) go
  to a target it may attack (:func:`~wartools.games.company_of_heroes.los.attack_refusal`:
  range, attack line, spotting, deployed weapon teams, no adjacent mortar target, not
  pinned). The damage of every attacker on one target is **pooled** into one defence
  roll (5, :func:`~wartools.games.company_of_heroes.combat.pool_damage`). A **hit** is
  health lost: ``p_hit`` is the chance the target loses any health, ``expected_hits``
  its expected health lost.
- Units move in the command phase and all attack afterwards (5): a unit may move its
  allowance and then attack, and a mover is exposed where its move ends.

Examples
--------
>>> from wartools.games import find_game
>>> find_game("coh").fire_rules().exposure
'end-of-move'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.fire_rules import END_OF_MOVE, Attack, FireRules, Profile

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.los.policy import LOSSituation
    from wartools.mapmodel import Map, Unit

DAMAGE = ("AI", "AP", "HE", "Flame")


class Fire(FireRules):
    """Company of Heroes's answers to the analysis layer."""

    hit = "a hit: health lost to the pooled damage after defence dice (Company of Heroes 5, 6)"
    combination = "pooled: every attacker's damage on one target is resolved as one defence roll (Company of Heroes 5)"
    exposure = END_OF_MOVE
    exposure_rule = ("Company of Heroes 5: units attack in the damage phase after moving, so a mover is "
                     "exposed only where its move ends")
    PROFILE_RULE = "Company of Heroes 4 (building boards print health, range and attack dice)"
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

    def situation(self, attacker: Unit, target_type: str, profile: Profile) -> LOSSituation:
        from wartools.games.company_of_heroes.los import unit_range
        from wartools.los.policy import LOSSituation

        rng = max(profile.range, unit_range(attacker.tags))
        return LOSSituation(unit=attacker.type, target=target_type, side=attacker.side, mode="fire",
                            range=rng, indirect=profile.value("HE") > 0)

    def refusal(self, m: Map, attacker: Unit, target: Cell, target_type: str) -> str | None:
        from wartools.games.company_of_heroes.los import attack_refusal, unit_range

        profile = self.profile(attacker)
        rng = None if profile is None else max(profile.range, unit_range(attacker.tags))
        return attack_refusal(m, attacker.cell, target, range=rng, side=attacker.side,
                              indirect=profile is not None and profile.value("HE") > 0)

    def _damage(self, profile: Profile) -> str:
        return ",".join(f"{t}={profile.value(t)}" for t in DAMAGE if profile.value(t))

    def odds_inputs(self, m: Map, attacker: Unit, profile: Profile, target_type: str, target: Profile,
                    cell: Cell, distance: int, los_modifier: int) -> dict[str, Any] | None:
        from wartools.games.company_of_heroes.combat import can_be_in_building

        damage = self._damage(profile)
        if not damage:
            return None
        return {"target": target_type, "health": target.value("strength", target.value("health", 1)),
                "damage": [damage],
                "building": m.terrain_at(cell) == "building" and can_be_in_building(target_type)}

    def read(self, answer: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
        return 1 - answer["damage"][0], answer["expected_damage"]

    def combine(self, attacks: Sequence[Attack], target_type: str, target: Profile) -> tuple[Fraction, Fraction]:
        """The pooled damage of every attack, resolved as one defence roll (5)."""
        if not attacks:
            return Fraction(0), Fraction(0)
        inputs = dict(attacks[0].inputs)
        inputs["damage"] = [d for a in attacks for d in a.inputs["damage"]]
        return self.read(self.game.odds_procedure().run(self.game, inputs).answer)

    def move_budget(self, attacker: Unit, allowance: int) -> int | None:
        return allowance
