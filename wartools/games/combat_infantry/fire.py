"""Combat Infantry fire for scenario analysis (Combat Infantry 2.1, 6.1, 6.2, 6.32, 6.51, 8.0).

- A unit fires one d10 per strength step at its firepower, at targets in range
  (6.2) and in line of sight (6.4); armour class is subtracted when an armoured unit
  is targeted (6.32). A **hit** is one d10 hit (6.1): on D2 terrain two hits take a
  step (6.7), so expected hits are what several attackers add up.
- Attackers on one target hex fire separately: independent attacks.
- Fire limit 6.51: only one unit of a firing hex fires long range (two or more hexes)
  at one target hex; the analysis lets the one with the most expected hits fire.
  Hexside fire limits on adjacent fire (6.5) are not modelled (the excerpt's terrain
  chart is cut short).
- A unit rallies, fires *or* moves in an activation (5.0, 8.0): no move-and-fire. The
  enemy fires at a mover where its move stops (there is no opportunity fire).
- Mortars bombard (6.6): indirect fire, not analysed here.

Examples
--------
>>> from wartools.games import find_game
>>> from wartools.mapmodel import Unit
>>> f = find_game("ci").fire_rules()
>>> p = f.profile(Unit("us-1", "US", "rifle", (0, 0), strength=4))
>>> p.range, p.value("firepower")
(2, 2)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.fire_rules import END_OF_MOVE, Attack, FireRules, Profile, tag_values

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit


class Fire(FireRules):
    """Combat Infantry's answers to the analysis layer."""

    hit = "a hit: one d10 at or under the net firepower (Combat Infantry 6.1); on D2 terrain two hits take a step (6.7)"
    combination = "independent attacks: each unit rolls its own dice (Combat Infantry 6.1)"
    exposure = END_OF_MOVE
    exposure_rule = ("Combat Infantry 5.0, 8.0: the enemy fires in its own activations, not during a move "
                     "(no opportunity fire): a mover is exposed in the hexes its moves stop in")
    PROFILE_RULE = "Combat Infantry 2.1 (unit blocks print strength, firepower, range, armor class)"
    #: typical block values per type: the 2.1 rifle squad (strength 4, F2, range 2) and the
    #: Panther example (F7, range 7, AC5); the others are representative
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "rifle": {"range": 2, "firepower": 2, "strength": 4},
        "hq": {"range": 1, "firepower": 1, "strength": 1},
        "mg": {"range": 4, "firepower": 3, "strength": 2},
        "mortar": {"strength": 2},
        "atr": {"range": 2, "firepower": 3, "strength": 1},
        "engineer": {"range": 1, "firepower": 2, "strength": 3},
        "sniper": {"range": 4, "firepower": 3, "strength": 1},
        "at-gun": {"range": 5, "firepower": 5, "strength": 2},
        "tank": {"range": 7, "firepower": 7, "armor": 5, "strength": 2},
        "vehicle": {"range": 3, "firepower": 2, "armor": 1, "strength": 2},
        "bunker": {"range": 3, "firepower": 3, "armor": 3, "strength": 2},
    }

    def profile(self, unit: Unit) -> Profile | None:
        """The typical block of the unit's type, its range from the game's ``range-<type>``
        option (2.13; a group changes it with ``--option``) unless the unit's own ``range=N`` tag
        gives it."""
        p = super().profile(unit)
        if p is None or "range" in tag_values(unit.tags):
            return p
        return replace(p, range=int(self.game.settings.get(f"range-{unit.type}", p.range)))

    def odds_inputs(self, m: Map, attacker: Unit, profile: Profile, target_type: str, target: Profile,
                    cell: Cell, distance: int, los_modifier: int) -> dict[str, Any] | None:
        from wartools.games.combat_infantry.combat import ARMORED, can_fire

        armor = target.value("armor") if target_type in ARMORED else 0
        firepower = profile.value("firepower")
        if not can_fire(firepower, armor=armor):
            return None
        dice = attacker.strength if attacker.strength is not None else profile.value("strength", 1)
        return {"dice": dice, "firepower": firepower, "armor": armor}

    def read(self, answer: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
        return 1 - answer["hits"][0], answer["expected_hits"]

    def limit(self, m: Map, attacks: Sequence[Attack], units: Mapping[str, Unit]) -> tuple[Attack, ...]:
        """6.51: per firing hex, one long-range attack (the most expected hits); adjacent fire all."""
        best: dict[Cell, Attack] = {}
        out = []
        for a in attacks:
            if a.distance < 2:
                out.append(a)
                continue
            here = units[a.attacker].cell
            if here not in best or a.expected > best[here].expected:
                best[here] = a
        keep = set(map(id, best.values()))
        return tuple(a for a in attacks if a.distance < 2 or id(a) in keep)
