"""Company of Heroes' sequence of play for playouts (Company of Heroes 3, 4, 5, 6, 7, 8, 8.2).

- A round has a maneuver, a damage and a supply phase (3). The scenario names the team that
  goes first in round 1; turn order switches every round after (3).
- Maneuver phase (4): three turns per team, alternating; in a turn the team spends up to 3 cp,
  one unit moving one hex per cp (the movement engine's cp costs), at most 3 cp per unit a round;
  what is not spent is forfeited.
- A weapon team deploys for 1 cp to attack (4, Weapon Teams: an ``deploy`` action, or the end of
  its move with the option ``deploy``); moving packs it up.
- Damage phase (5, 6, 7): first the machine guns pin (5, 1. Pin; 7 Pinning (Machine Guns)): the
  team that went first, then the other, each machine-gun team naming at most one unit the pinning
  answer allows (:func:`~wartools.games.company_of_heroes.pinning.pin`; a ``pin`` action, the
  target tagged ``pinned`` and the machine gun ``pinning=<id>``); a team with nothing to pin skips
  the step. The excerpt has every machine gun choose at once; the order changes no choice, since
  machine guns cannot be pinned and a pin changes no attack on the pinned unit. Then the team that went first declares its attacks (each unit one target the
  attack question allows), then the other team; then every target's pooled damage is resolved
  at once by its defence dice (6: a die blocks a point on a green or black face), so destroyed
  units still attack (5). A destroyed unit gives the attacking team a VP (the scenario's VP). A
  pinned unit declares no attack, and a machine gun that pinned attacks only its pinned unit (the
  attack question reads the tags, 7).
- Supply phase (8): once the damage is resolved, units with the repair ability (tag ``repair``)
  repair (8.2; step 4, Repair & Reinforce; :mod:`~wartools.games.company_of_heroes.repair`): the
  team that went first, then the other, each repairer in turn choosing one adjacent vehicle or
  emplacement of its team that the repair answer allows (a ``repair`` action naming it: one
  health, up to its maximum); a team with nothing to repair skips the step, and no repair is
  forgone (it costs nothing). Objectives are captured (the scenario layer's end-of-round capture;
  pinned units do not capture); infantry reinforces (8.2,
  :mod:`~wartools.games.company_of_heroes.supply`): one health from each adjacent teammate with
  the reinforce ability (tag ``reinforce``) and one on a hex of its team's spawn area (the
  scenario's set-up area of the team's sides, 2 Starting Units), up to its health in the
  scenario. Health changes no capture and no VP, so the repairs and the reinforcement are
  resolved with the round's end, before the scoring; repair heals no infantry and reinforcement
  no vehicle, so their order changes nothing. The pins are lifted once the round is scored (7:
  until the end of the round), so a pinned unit repairs nothing.

Examples
--------
>>> from wartools.games import find_game
>>> find_game("coh").turn_rules().CP_PER_TURN
3
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.company_of_heroes.movement import WEAPON_TEAMS
from wartools.games.company_of_heroes.pinning import (PIN_RULE, PINNED, PINNERS, PINNING, pin, pin_targets,
                                                      pinning_target)
from wartools.rules.turn import DECLARE, MOVE, Change, Dice, Offer, Resolution, Roll, TurnRules, TurnState

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.fire_rules import Attack
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

#: the six faces of the damage die, in the order a d6 face 1..6 stands for them
FACE_ORDER = ("he", "speed", "infantry", "tank", "crossed-infantry", "flame")


class Turns(TurnRules):
    """Company of Heroes' turn rules; see the module docstring."""

    sequence = ("rounds of a maneuver phase (three alternating turns of 3 cp), a damage phase (machine guns "
                "pin, then attacks declared by each team in turn, resolved at once) and a supply phase "
                "(capture, repair, reinforcement) (Company of Heroes 3, 5, 7, 8, 8.2)")
    turn_rule = "Company of Heroes 3"
    declared_rule = "Company of Heroes 5, 6"
    CP_PER_TURN: ClassVar[int] = 3
    TURNS_PER_PHASE: ClassVar[int] = 3
    UNIT_CP: ClassVar[int] = 3
    OMITTED = (
        ("Company of Heroes (After Your First Battle)", "Advanced Pinning, Retreat and the other Advanced "
                                                        "Rules: the excerpt lists them but does not print them"),
        ("Company of Heroes 4", "speed dice, transports, entering and leaving buildings' limits beyond "
                                "the movement engine's"),
        ("Company of Heroes 8, 8.1", "incomes, purchases, upgrades and experience: the scenario's units "
                                     "are all that fight"),
        ("Company of Heroes 8.2", "locations with the reinforce icon (the map format has no such "
                                  "feature)"),
    )
    reads = ("pin-needs-attack", "reinforce-any-spawn", "repair-self", "repair-own-nation")

    def __init__(self, game: Any, setup: Mapping[str, frozenset[Cell]] | None = None) -> None:
        super().__init__(game)
        #: each side's set-up area, its spawn area (Company of Heroes 2, Starting Units; 8.2)
        self.setup: Mapping[str, frozenset[Cell]] = MappingProxyType(dict(setup or {}))

    def with_setup(self, areas: Mapping[str, frozenset[Cell]]) -> Turns:
        """These rules with each side's spawn area: its set-up area (2: the starting squads are
        placed in the team's spawn area), where its team's infantry reinforces (8.2)."""
        return type(self)(self.game, areas)

    def spawn(self, m: Map) -> dict[str, frozenset[Cell]]:
        """The reinforcement points serving each side: the spawn areas of its team's sides, or of
        every side with the option ``reinforce-any-spawn`` (8.2)."""
        every = frozenset().union(*self.setup.values()) if self.setup else frozenset()
        if self.game.option("reinforce-any-spawn"):
            return {side: every for side in self.setup}
        return {side: frozenset().union(*(self.setup.get(s, frozenset()) for s in m.allies(side)))
                for side in self.setup}

    def end_of_turn(self, m: Map, state: TurnState, dice: Dice) -> Resolution:
        """Reinforcement in the supply phase (8.2; see the module docstring)."""
        from wartools.games.company_of_heroes.supply import reinforcements

        got = reinforcements(m, state.full, self.spawn(m))
        units = {u.id: u for u in m.units}
        return Resolution((), tuple(Change(r.unit, strength=self.strength(units[r.unit]) + r.gained) for r in got),
                          tuple(r.text() for r in got))

    def start_turn(self, turn: int, sides: tuple[str, ...], first: str, dice: Dice,
                   full: Mapping[str, int], resources: Mapping[str, Mapping[str, int]]
                   ) -> tuple[TurnState, tuple[Roll, ...]]:
        if turn > 1:
            first = sides[(sides.index(first) + 1) % len(sides)]
        return (TurnState(turn, "maneuver", first, first, sides, budget=self.CP_PER_TURN, full=full,
                          resources=resources), ())

    def over(self, state: TurnState) -> bool:
        return state.phase == "supply"

    def offers(self, m: Map, state: TurnState) -> tuple[Offer, ...]:
        mine = [u for u in m.units if u.side == state.side]
        if state.phase == "maneuver":
            ready = [u for u in mine if state.spent.get(u.id, 0) < self.UNIT_CP and PINNED not in u.tags]
            out = [Offer(MOVE, u.id, budget=min(state.budget, self.UNIT_CP - state.spent.get(u.id, 0)),
                         rule="Company of Heroes 4") for u in ready]
            out += [Offer("deploy", u.id, cost=1, rule="Company of Heroes 4 (Weapon Teams)") for u in ready
                    if u.type in WEAPON_TEAMS and "deployed" not in u.tags]
            return (*out, Offer("end", rule="Company of Heroes 4 (forfeit the rest of the turn)"))
        if state.phase == "pin":
            return (*self._pins(m, state.side), Offer("end", rule="Company of Heroes 5 (1. Pin: the team's "
                                                                  "machine guns have pinned)"))
        if state.phase == "repair":
            return self._repairs(m, state)
        out = [Offer(DECLARE, u.id, rule="Company of Heroes 5") for u in mine
               if u.id not in state.acted and PINNED not in u.tags]
        return (*out, Offer("end", rule="Company of Heroes 5 (the team's damage is assigned)"))

    @staticmethod
    def _pins(m: Map, side: str) -> tuple[Offer, ...]:
        """The pins ``side``'s machine guns that have not pinned yet may make (7)."""
        return tuple(Offer("pin", p.mg, rule=PIN_RULE, dest=p.cell, target=p.target)
                     for u in m.units if u.side == side and u.type in PINNERS and pinning_target(u) is None
                     for p in pin_targets(m, u))

    def _pin_step(self, m: Map, state: TurnState, sides: tuple[str, ...]) -> TurnState:
        """The first of ``sides`` with something to pin pins next (5, 1. Pin); when none has, the
        team that went first assigns its damage (5, 2)."""
        for side in sides:
            if self._pins(m, side):
                return state.replace(phase="pin", side=side, impulses=MappingProxyType({}), budget=0)
        return state.replace(phase="damage", side=state.first, impulses=MappingProxyType({}), budget=0)

    @staticmethod
    def _repairs(m: Map, state: TurnState) -> tuple[Offer, ...]:
        """The repairs ``state.side``'s repairers that have not repaired yet may make (8.2)."""
        from wartools.games.company_of_heroes.repair import REPAIR, RULE, repair

        return tuple(Offer("repair", u.id, rule=RULE, dest=m.unit(t).cell, target=t)
                     for u in m.units if u.side == state.side and REPAIR in u.tags and u.id not in state.acted
                     for t in repair(m, u, state.full).targets)

    def _repair_step(self, m: Map, state: TurnState, sides: Sequence[str]) -> TurnState:
        """The first of ``sides`` with something to repair repairs next (8.2); when none has, the
        supply phase's rest is resolved with the round's end."""
        for side in sides:
            if self._repairs(m, state.replace(side=side)):
                return state.replace(phase="repair", side=side)
        return state.replace(phase="supply")

    def _next_turn(self, m: Map, state: TurnState) -> TurnState:
        impulses = MappingProxyType({**state.impulses, state.side: state.impulses.get(state.side, 0) + 1})
        if all(impulses.get(s, 0) >= self.TURNS_PER_PHASE for s in state.sides):
            return self._pin_step(m, state, (state.first, state.other(state.first)))
        nxt = state.other()
        if impulses.get(nxt, 0) >= self.TURNS_PER_PHASE:
            nxt = state.side
        return state.replace(side=nxt, impulses=impulses, budget=self.CP_PER_TURN)

    def after(self, m: Map, state: TurnState, kind: str, unit: str | None, cost: int,
              outcome: str = "") -> TurnState:
        if state.phase == "maneuver":
            if kind == "end":
                return self._next_turn(m, state)
            state = state.replace(spent=state.spend(unit or "", cost), budget=state.budget - cost)
            return self._next_turn(m, state) if state.budget <= 0 else state
        if state.phase == "pin":
            if kind != "end" and self._pins(m, state.side):
                return state                # another of the team's machine guns may pin
            return self._pin_step(m, state, (state.other(state.first),) if state.side == state.first else ())
        if state.phase == "repair":
            state = state.replace(acted=state.acted | {unit or ""})
            order = self._turn_order(state)
            return self._repair_step(m, state, order[order.index(state.side):])
        if kind == "end":           # each side assigns its damage in turn order, then all resolve (5)
            if state.other() != state.first:
                return state.replace(side=state.other())
            return state.replace(phase="resolve")
        return state.replace(acted=state.acted | {unit or ""})

    def moved(self, m: Map, unit: Unit, cells: tuple[Cell, ...]) -> tuple[Change, ...]:
        """A weapon team packs up to move, and ends deployed with the option ``deploy`` (4)."""
        if unit.type not in WEAPON_TEAMS:
            return ()
        if self.game.option("deploy"):
            return (Change(unit.id, add=("deployed",)),)
        return (Change(unit.id, remove=("deployed",)),) if "deployed" in unit.tags else ()

    def resolve(self, m: Map, kind: str, unit: Unit | None, dice: Dice, state: TurnState,
                dest: Cell | None = None) -> Resolution:
        if kind == "deploy" and unit is not None:
            return Resolution((), (Change(unit.id, add=("deployed",)),), (f"{unit.id} deploys",))
        if kind == "pin" and unit is not None and dest is not None:
            target = next(u for u in m.units_at(dest) if pin(m, unit, u))
            return Resolution((), (Change(target.id, add=(PINNED,)), Change(unit.id, add=(PINNING + target.id,))),
                              (f"{unit.id} pins {target.id} until the end of the round",))
        if kind == "repair" and unit is not None and dest is not None:
            from wartools.games.company_of_heroes.repair import repair

            tid = next(t for t in repair(m, unit, state.full).targets if m.unit(t).cell == dest)
            health = self.strength(m.unit(tid)) + 1
            return Resolution((), (Change(tid, strength=health),),
                              (f"{unit.id} repairs {tid} one health ({health} of {state.full[tid]})",))
        return Resolution()

    def after_scoring(self, m: Map, state: TurnState) -> Resolution:
        """The pins are lifted at the end of the round, after the supply phase's capture, which
        pinned units take no part in (7: pinned until the end of the round; 8)."""
        changes = tuple(Change(u.id, remove=lifted) for u in m.units
                        if (lifted := tuple(t for t in u.tags if t == PINNED or t.startswith(PINNING))))
        if not changes:
            return Resolution()
        return Resolution((), changes, (f"pins lifted: {', '.join(ch.unit for ch in changes)} (Company of Heroes 7)",))

    def resolve_now(self, state: TurnState) -> bool:
        return state.phase == "resolve"

    def after_declared(self, m: Map, state: TurnState) -> TurnState:
        """The supply phase: its repairs first, team by team in turn order (8.2), every unit free to
        repair whatever it did in the damage phase."""
        state = state.replace(pending=(), acted=frozenset())
        return self._repair_step(m, state, self._turn_order(state))

    @staticmethod
    def _turn_order(state: TurnState) -> tuple[str, ...]:
        """The sides from the one that went first this round (3)."""
        i = state.sides.index(state.first)
        return (*state.sides[i:], *state.sides[:i])

    def resolve_declared(self, m: Map, attacks: Sequence[tuple[Unit, Unit, Attack]], dice: Dice,
                         state: TurnState) -> Resolution:
        from wartools.games.company_of_heroes.combat import damage_from_faces, pool_damage, resolve_damage
        from wartools.games.company_of_heroes.odds import _attacks

        by_target: dict[str, list[tuple[Unit, Unit, Attack]]] = {}
        for a in attacks:
            by_target.setdefault(a[1].id, []).append(a)
        rolls, changes, effects = [], [], []
        for tid, group in by_target.items():
            target = group[0][1]
            inputs = group[0][2].inputs
            damage = pool_damage(*_attacks([d for _, _, a in group for d in a.inputs["damage"]]))
            health = self.strength(target)
            building = bool(inputs.get("building"))
            odds = resolve_damage(target.type, damage, health=health, building=building)
            faces = dice.roll(6, odds.dice)
            taken = damage_from_faces(target.type, damage, [FACE_ORDER[f - 1] for f in faces], health=health,
                                      building=building)
            who = ", ".join(a.id for a, _, _ in group)
            pooled = ", ".join(f"{n} {k}" for k, n in damage.items() if n)
            rolls.append(Roll(group[0][0].side, f"{who} attack {tid}: {pooled}, {odds.dice} defence dice", faces,
                              odds.damage[taken], Fraction(taken), odds.expected_damage, "Company of Heroes 6"))
            if taken >= health:
                changes.append(Change(tid, strength=0, eliminated=True))
                effects.append(f"{tid} eliminated")
            elif taken:
                changes.append(Change(tid, strength=health - taken))
                effects.append(f"{tid} loses {taken} health")
        return Resolution(tuple(rolls), tuple(changes), tuple(effects) or ("no damage",))


__all__ = ["FACE_ORDER", "Turns", "WEAPON_TEAMS"]
