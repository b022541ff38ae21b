"""Conflict of Heroes' sequence of play for playouts (Storms of Steel 1.0, 2.1-2.3, 3.0-3.2).

- A round begins with the initiative roll (2.1): each player rolls 2D6, ties are rolled
  again, the high roller takes the first turn (the firefight names the first player of
  round 1). CAPs are reset to the firefight's level less one per casualty (1.0, 3.2; what a
  casualty is: option ``cap-casualties``).
- The players then alternate turns; in a turn a player takes ONE action or passes (2.2):
  a *unit action* with the activated unit (one hex of movement for its AP cost, or a shot
  for ``fire-ap`` APs), activating a fresh unit with 7 APs first (the unit activated before
  is spent), its APs supplemented one for one by the side's CAPs when they do not cover the
  action (3.21: the APs go first; a unit whose APs are all spent is spent); an *opportunity action*, one shot by a fresh unit that is not activated, which
  is then spent (3.1); or a *command action*, one hex of movement by any unit paid in CAPs
  (3.2). Passing spends the activated unit. Both sides may have a unit activated at once (2.2,
  :attr:`~wartools.rules.turn.TurnState.activated`). The round ends when both pass in a row (2.3).
- A shot hits when 2D6 + firepower reaches the defence value (Game Overview); what a hit
  does is the option ``hit-counter`` (the excerpt does not print the hit counters).

Examples
--------
>>> from wartools.games import find_game
>>> find_game("conflict-of-heroes").turn_rules().ACTIVATION_AP
7
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from wartools.rules.turn import FIRE, STEP, Change, Dice, Offer, Resolution, Roll, TurnRules, TurnState

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.fire_rules import Attack
    from wartools.mapmodel import Map, Unit


class Turns(TurnRules):
    """Conflict of Heroes' turn rules; see the module docstring."""

    sequence = ("rounds of alternating player turns, one action or a pass each (unit, opportunity or "
                "command action), until both pass in a row (Conflict of Heroes 2.2, 2.3)")
    turn_rule = "Conflict of Heroes 2.2"
    ACTIVATION_AP: ClassVar[int] = 7
    reads = ("hit-counter", "fire-ap", "cap-modifier", "cap-casualties")
    OMITTED = (
        ("Conflict of Heroes 1.0, 12.3", "off-board artillery"),
        ("Conflict of Heroes 3.01", "variable APs (the optional rule): every activation has 7 APs"),
        ("Conflict of Heroes 3.2", "CAPs are spent on command moves and to supplement an activated unit's "
                                   "APs (3.21), never on die rolls; no stalling, card actions, digging in, "
                                   "and no rallying (the excerpt names the action but not its rule)"),
        ("Conflict of Heroes 9.0", "shared activations"),
    )

    def fire_ap(self) -> int:
        """APs one shot costs (option ``fire-ap``)."""
        return int(self.game.option("fire-ap"))

    def start_turn(self, turn: int, sides: tuple[str, ...], first: str, dice: Dice,
                   full: Mapping[str, int], resources: Mapping[str, Mapping[str, int]]
                   ) -> tuple[TurnState, tuple[Roll, ...]]:
        from wartools.games.conflict_of_heroes.combat import initiative

        rolls: tuple[Roll, ...] = ()
        if turn > 1 and len(sides) == 2:
            faces: list[int] = []
            while True:
                ra, rb = dice.roll(6, 2), dice.roll(6, 2)
                faces += [*ra, *rb]
                if sum(ra) != sum(rb):
                    break
            first = sides[0] if sum(ra) > sum(rb) else sides[1]
            p_first = initiative()["A"]
            rolls = (Roll(sides[0], f"initiative for round {turn}: 2D6 each, {sides[0]} against {sides[1]}, ties "
                                    "rolled again", tuple(faces), p_first if first == sides[0] else 1 - p_first,
                          Fraction(int(first == sides[0])), p_first, "Conflict of Heroes 2.1"),)
        return TurnState(turn, "round", first, first, sides, full=full, resources=resources), rolls

    def offers(self, m: Map, state: TurnState) -> tuple[Offer, ...]:
        side = state.side
        out: list[Offer] = []
        fire_ap = self.fire_ap()
        caps = state.resources.get(side, {}).get("caps", 0)
        mine = [u for u in m.units if u.side == side]
        unit_id, ap = state.activated.get(side, ("", 0))
        active = next((u for u in mine if u.id == unit_id), None)
        if active is not None:      # its APs, supplemented by CAPs one for one (3.21)
            out.append(Offer(STEP, active.id, budget=ap + caps, rule=self._unit_rule(ap, ap + caps)))
            if ap + caps >= fire_ap:
                out.append(Offer(FIRE, active.id, cost=fire_ap, rule=self._unit_rule(ap, fire_ap)))
        for u in mine:
            if u.id in state.acted or u.id == unit_id:
                continue
            out.append(Offer("activate-step", u.id, budget=self.ACTIVATION_AP + caps, engine=STEP,
                             rule="Conflict of Heroes 3.0 (activation)" + (", 3.21" if caps else "")))
            out.append(Offer("activate-fire", u.id, cost=fire_ap, engine=FIRE, rule="Conflict of Heroes 3.0 (activation)"))
            out.append(Offer("opportunity-fire", u.id, engine=FIRE, rule="Conflict of Heroes 3.1"))
        if caps > 0:
            for u in mine:
                out.append(Offer("command-step", u.id, budget=caps, engine=STEP, rule="Conflict of Heroes 3.2"))
        out.append(Offer("pass", rule="Conflict of Heroes 2.2 (pass)"))
        return tuple(out)

    @staticmethod
    def _unit_rule(ap: int, need: int) -> str:
        """The rule of a unit action that may cost up to ``need`` APs with ``ap`` left: 2.2, and
        3.21 when CAPs may supplement them."""
        return "Conflict of Heroes 2.2 (unit action)" + (", 3.21 (CAPs supplement APs)" if need > ap else "")

    def reset_resources(self, m: Map, resources: Mapping[str, Mapping[str, int]],
                        lost: Mapping[str, int]) -> Mapping[str, Mapping[str, int]]:
        """1.0 (Reset CAPs): each side's CAPs are the firefight's level less one per casualty, never
        below zero: its units destroyed so far, and with ``cap-casualties=hit-or-destroyed`` its units
        carrying a hit counter.

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("conflict-of-heroes", 2, 1, units=[("de-1", "German", "infantry", "A1", {"tags": ["hit"]})])
        >>> t = Turns(m.game)
        >>> dict(t.reset_resources(m, {"German": {"caps": 5}}, {"German": 2})["German"])
        {'caps': 3}
        >>> t = Turns(m.game.with_options(**{"cap-casualties": "hit-or-destroyed"}))
        >>> dict(t.reset_resources(m, {"German": {"caps": 5}}, {"German": 2})["German"])
        {'caps': 2}
        """
        hit = self.game.option("cap-casualties") == "hit-or-destroyed"
        out = {}
        for side, res in resources.items():
            casualties = lost.get(side, 0) + (sum(1 for u in m.units if u.side == side and "hit" in u.tags)
                                              if hit else 0)
            out[side] = MappingProxyType({**res, "caps": max(0, res["caps"] - casualties)}) \
                if "caps" in res and casualties else res
        return MappingProxyType(out)

    def over(self, state: TurnState) -> bool:
        return state.passes >= 2

    def after(self, m: Map, state: TurnState, kind: str, unit: str | None, cost: int,
              outcome: str = "") -> TurnState:
        side, nxt = state.side, state.other()
        acted = set(state.acted)
        activated = dict(state.activated)
        mine = activated.get(side)
        if kind == "pass":                 # passing spends the side's activated unit (2.2)
            if mine:
                acted.add(mine[0])
                del activated[side]
            return state.replace(side=nxt, passes=state.passes + 1, acted=frozenset(acted),
                                 activated=MappingProxyType(activated))
        if kind == "opportunity-fire":     # a fresh unit's one action; then it is spent (3.1)
            acted.add(unit or "")
            return state.replace(side=nxt, passes=0, acted=frozenset(acted))
        if kind == "command-step":         # paid in CAPs; no unit's status changes (3.2)
            return state.replace(side=nxt, passes=0, resources=_spend_caps(state, side, cost))
        if kind.startswith("activate-"):   # the unit activated before is spent (3.0)
            if mine:
                acted.add(mine[0])
            mine = (unit or "", self.ACTIVATION_AP)
        left = (mine[1] if mine else 0) - cost
        resources = state.resources
        if left < 0:                       # CAPs pay what the APs do not (3.21)
            resources, left = _spend_caps(state, side, -left), 0
        if unit not in {u.id for u in m.units} or left < 1:    # destroyed, or out of APs: spent
            acted.add(unit or "")
            activated.pop(side, None)
        else:
            activated[side] = (unit or "", left)
        return state.replace(side=nxt, passes=0, acted=frozenset(acted), activated=MappingProxyType(activated),
                             resources=resources)

    def resolve_fire(self, m: Map, attacker: Unit, target: Unit, attack: Attack, dice: Dice,
                     state: TurnState) -> Resolution:
        from wartools.games.conflict_of_heroes.combat import hit_probability, resolve_fire

        fp, defense, terrain = (int(attack.inputs[k]) for k in ("firepower", "defense", "terrain"))
        faces = dice.roll(6, 2)
        av, dv, hit = resolve_fire((faces[0], faces[1]), fp, defense, terrain=terrain)
        p = hit_probability(fp, defense, terrain=terrain)
        roll = Roll(attacker.side, f"{attacker.id} fires at {target.id}: 2D6 + {fp} against {dv}", faces,
                    p if hit else 1 - p, Fraction(int(hit)), p, "Conflict of Heroes Game Overview")
        if not hit:
            return Resolution((roll,), (), (f"attack value {av} against {dv}: miss",))
        if self.game.option("hit-counter") == "destroyed" or "hit" in target.tags:
            return Resolution((roll,), (Change(target.id, strength=0, eliminated=True),),
                              (f"attack value {av} against {dv}: hit", f"{target.id} eliminated"))
        return Resolution((roll,), (Change(target.id, add=("hit",)),),
                          (f"attack value {av} against {dv}: hit", f"{target.id} is hit"))


def _spend_caps(state: TurnState, side: str, caps: int) -> Mapping[str, Mapping[str, int]]:
    """Every side's resources once ``side`` has spent ``caps`` CAPs."""
    res = dict(state.resources.get(side, {}))
    res["caps"] = res.get("caps", 0) - caps
    return MappingProxyType({**state.resources, side: MappingProxyType(res)})


__all__ = ["Turns"]
