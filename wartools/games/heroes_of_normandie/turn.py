"""Heroes of Normandie's sequence of play for playouts (Bloody Omaha scenario pages; the core
rules' orders, activation and supply phases are not in the excerpt and are read as below).

- A turn has an **activation phase** and a **supply phase**; the side with the initiative (the
  scenario page's first side) acts first in each (an assumed reading).
- Activation phase: the sides alternate; in its activation a side gives one of its order
  tokens (option ``order-tokens``) to a unit that has not acted and is not Suppressed, which
  makes a movement action and then, with the option ``move-and-fire``, a firing action, or
  only fires. A side with nothing to do passes; the phase ends when both pass in a row.
- Supply phase: the sides alternate again; every unit that has not acted and is not
  Suppressed may make one movement or one firing action. The phase ends when both pass in a
  row; then every Suppressed marker is discarded (option ``discard-suppressed``, assumed: off,
  none is), except a unit's within range of a stressful element and in LoS to it
  (1.1 Stress: :attr:`~wartools.games.heroes_of_normandie.stress.Stress.keeps_markers`).
- Stress (1.1): a unit that ends a movement action on a square where
  :func:`~wartools.games.heroes_of_normandie.stress.stressed` says ``suppressed`` (within the
  icon's range or in clear LoS of a stressful element, option ``stress-rule``) gets a Suppressed
  marker. Its LoS clause is checked, as the range clause is, only when a unit ends its movement
  action (option ``stress-sight=end-of-move``, as the summary 5.1 says and the single answer reads
  it); with ``stress-sight=standing`` (and ``stress-rule=either``) a unit gets one whenever it has
  a clear LoS to an element: at play's start, after every movement action (another unit's move can
  open its LoS), after a unit is eliminated, and at the supply phase's end, where it keeps its
  marker. A reinforcement is placed on the map, not moved: it is checked at the next of those.
- A shot is the attack question's: a d6 plus the attack value against the defence value and its
  bonuses (1.1; an infantry target in a trench has its Defensive Bonus against a shooter outside
  it, 1.4, option ``trench-bonus``), with the core-rule readings of
  :mod:`~wartools.games.heroes_of_normandie.combat`. A hit takes one health and
  Suppresses the unit (as a mine hit does, 4.2); a unit the scenario gives no health has one,
  so a hit destroys it. A movement action through mined squares ends with one mine attack (4.2).

Examples
--------
>>> from wartools.games import find_game
>>> find_game("hon").turn_rules().phases
('activation', 'supply')
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from wartools.rules.turn import FIRE, MOVE, Change, Dice, Offer, Resolution, Roll, TurnRules, TurnState

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.fire_rules import Attack
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

SUPPRESSED = "suppressed"


class Turns(TurnRules):
    """Heroes of Normandie's turn rules; see the module docstring."""

    sequence = ("turns of an activation phase (ordered units, one a side in turn: move and fire) and a "
                "supply phase (every other unit: one move or one shot), both until both sides pass "
                "(Heroes of Normandie core rules, read as documented)")
    turn_rule = "Heroes of Normandie core rules (orders, activation and supply phases)"
    phases: ClassVar[tuple[str, ...]] = ("activation", "supply")
    reads = ("order-tokens", "move-and-fire", "long-range-penalty", "one-always-misses", "mine-value",
             "stress-rule", "stress-sight", "discard-suppressed")
    OMITTED = (
        ("Heroes of Normandie core rules", "secret and bluff orders, action cards, heroes and special "
                                            "abilities, Orders Options (artillery, smoke, aircraft), NCOs"),
        ("Heroes of Normandie core rules", "close combat (the excerpt names assaults, 1.4, 3.1, but prints no "
                                            "procedure for them), and opportunity fire at moving units"),
        ("Heroes of Normandie 1.1", "terrain defensive bonuses of the target's square other than a trench's "
                                    "(1.4, option trench-bonus): the excerpt prints no table of them"),
        ("Heroes of Normandie 1.1 (Stress)", "a reinforcement is placed on its entry square, not moved there: "
                                             "stress suppresses it once it ends a movement action (with "
                                             "stress-sight=standing, at the next movement action, loss or "
                                             "supply phase's end)"),
        ("Heroes of Normandie 4.2", "a mine attack's roll of 1 discards no counter (the map's mine feature is "
                                    "the square's, not its counters'); decoys, and engineers clearing mines"),
    )

    def start_turn(self, turn: int, sides: tuple[str, ...], first: str, dice: Dice,
                   full: Mapping[str, int], resources: Mapping[str, Mapping[str, int]]
                   ) -> tuple[TurnState, tuple[Roll, ...]]:
        tokens = int(self.game.option("order-tokens"))
        orders = MappingProxyType({s: MappingProxyType({"orders": tokens}) for s in sides})
        return TurnState(turn, "activation", first, first, sides, full=full, resources=orders), ()

    def over(self, state: TurnState) -> bool:
        return state.phase == "supply" and state.passes >= 2

    def _ready(self, m: Map, state: TurnState) -> list[Unit]:
        return [u for u in m.units if u.side == state.side and u.id not in state.acted
                and SUPPRESSED not in u.tags]

    def offers(self, m: Map, state: TurnState) -> tuple[Offer, ...]:
        out: list[Offer] = []
        if state.active is not None:
            out.append(Offer(FIRE, state.active, rule="Heroes of Normandie core rules (firing action)"))
            out.append(Offer("end", state.active, rule="Heroes of Normandie core rules"))
            return tuple(out)
        if state.phase == "activation":
            if state.resources.get(state.side, {}).get("orders", 0) > 0:
                for u in self._ready(m, state):
                    out.append(Offer(MOVE, u.id, rule="Heroes of Normandie core rules (order: movement action)"))
                    out.append(Offer(FIRE, u.id, rule="Heroes of Normandie core rules (order: firing action)"))
        else:
            for u in self._ready(m, state):
                out.append(Offer(MOVE, u.id, rule="Heroes of Normandie core rules (supply phase)"))
                out.append(Offer(FIRE, u.id, rule="Heroes of Normandie core rules (supply phase)"))
        out.append(Offer("pass", rule="Heroes of Normandie core rules"))
        return tuple(out)

    def after(self, m: Map, state: TurnState, kind: str, unit: str | None, cost: int,
              outcome: str = "") -> TurnState:
        if kind == "pass":
            passes = state.passes + 1
            if state.phase == "activation" and passes >= 2:
                return state.replace(phase="supply", side=state.first, passes=0)
            return state.replace(side=state.other(), passes=passes)
        if kind == "end":
            return state.replace(side=state.other(), active=None, passes=0)
        acted = state.acted | {unit or ""}
        resources = state.resources
        if state.phase == "activation" and state.active is None:
            left = dict(resources.get(state.side, {}))
            left["orders"] = left.get("orders", 0) - 1
            resources = MappingProxyType({**resources, state.side: MappingProxyType(left)})
        alive = unit in {u.id for u in m.units}
        if (state.phase == "activation" and kind == MOVE and alive and state.active is None
                and self.game.option("move-and-fire")):
            return state.replace(acted=acted, resources=resources, active=unit, passes=0)
        return state.replace(acted=acted, resources=resources, active=None, side=state.other(), passes=0)

    def resolve_fire(self, m: Map, attacker: Unit, target: Unit, attack: Attack, dice: Dice,
                     state: TurnState) -> Resolution:
        """A d6 plus the attack value at or over the defence value and its bonuses (1.1; a trench's,
        1.4), as the attack question's inputs give them (the odds procedure's modifiers)."""
        from wartools.games.heroes_of_normandie.combat import resolve_shot, shot_probability
        from wartools.games.heroes_of_normandie.odds import shot_modifiers

        mods = shot_modifiers(self.game, attack.inputs)
        a, d = int(attack.inputs["attack"]), int(attack.inputs["defense"])
        face = dice.roll(6)
        hit = resolve_shot(face[0], a, d, mods)
        p = shot_probability(a, d, mods)
        shown = f"{d} + {mods.defense_bonus()}" if mods.defense_bonus() else f"{d}"
        roll = Roll(attacker.side, f"{attacker.id} shoots at {target.id}: d6 + {a} against {shown}", face,
                    p if hit else 1 - p, Fraction(int(hit)), p, "Heroes of Normandie 1.1")
        if not hit:
            return Resolution((roll,), (), ("miss",))
        changes, effects = self._hit(target, "hit")
        if changes[0].eliminated and self._standing():      # its square no longer blocks a LoS
            more, words = self._stress(_without(m, target.id))
            changes, effects = (*changes, *more), (*effects, *words)
        return Resolution((roll,), changes, effects)

    def move_outcome(self, m: Map, unit: Unit, cells: tuple[Cell, ...], dice: Dice) -> Resolution:
        """The end of a movement action along ``cells``: the mine attack (4.2, :meth:`_mines`), then
        stress (1.1) on the map after the move: a Suppressed marker on the unit if
        :func:`~wartools.games.heroes_of_normandie.stress.stressed` says so of its square (and, with
        ``stress-sight=standing``, on every unit the move leaves in clear LoS of an element)."""
        from wartools.games.heroes_of_normandie.stress import elements

        res = self._mines(m, unit, cells, dice)
        if not elements(m):
            return res
        gone = any(ch.eliminated for ch in res.changes)
        after = m.with_units(tuple(u for u in m.units if u.id != unit.id) if gone else
                             tuple(dataclasses.replace(u, cell=cells[-1]) if u.id == unit.id else u for u in m.units))
        changes, effects = self._stress(after, None if gone else unit.id)
        if not changes:
            return res
        return dataclasses.replace(res, changes=(*res.changes, *changes), effects=(*res.effects, *effects))

    def _mines(self, m: Map, unit: Unit, cells: tuple[Cell, ...], dice: Dice) -> Resolution:
        """4.2 Minefield: a movement action through (or into) mined squares ends with one mine attack,
        a die plus each mined square's value (option ``mine-value``) against the unit's Defense Value,
        terrain giving no bonus: at or over it, 1 Hit and a Suppressed marker; a 1 never hits."""
        from wartools.games.heroes_of_normandie.combat import mine_attack, resolve_mines

        mined = [c for c in cells[1:] if "mine" in m.features_at(c)]
        if not mined:
            return Resolution()
        values = [int(self.game.option("mine-value"))] * len(mined)
        defense = self.game.fire_rules().defender(unit).value("defense")
        face = dice.roll(6)
        got = resolve_mines(face[0], values, defense)
        odds = mine_attack(values, defense)
        safe = 1 - odds["hit"]
        where = ", ".join(m.label(c) for c in mined)
        roll = Roll(unit.side, f"mine attack on {unit.id} ({where}): d6 + {sum(values)} against {defense}", face,
                    safe if got != "hit" else odds["hit"], Fraction(int(got != "hit")), safe,
                    "Heroes of Normandie 4.2")
        if got != "hit":
            return Resolution((roll,), (), (f"the mines miss {unit.id}" + (" (a 1)" if got == "discard" else ""),))
        return Resolution((roll,), *self._hit(unit, "the mines hit"))

    def _hit(self, target: Unit, what: str) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """A hit: one health lost and Suppressed, or eliminated at the last (1.1, 4.2)."""
        left = self.strength(target) - 1
        if left <= 0:
            return (Change(target.id, strength=0, eliminated=True),), (what, f"{target.id} eliminated")
        return ((Change(target.id, strength=left, add=(SUPPRESSED,)),),
                (what, f"{target.id} loses 1 health and is Suppressed"))

    def _standing(self) -> bool:
        """Whether a clear LoS to a stressful element suppresses a unit that has not moved
        (``stress-sight=standing``, read with 1.1's ``stress-rule=either`` only)."""
        return self.game.option("stress-sight") == "standing" and self.game.option("stress-rule") == "either"

    def _stress(self, m: Map, mover: str | None = None) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """The Suppressed markers stressful elements put on the units of ``m`` (1.1), the single answer
        asked of each one's square: ``mover``'s on ending its movement action there; with
        ``stress-sight=standing`` every unit's that has a clear LoS to an element."""
        from wartools.games.heroes_of_normandie.stress import elements, stressed

        standing = self._standing()
        if (mover is None and not standing) or not elements(m):
            return (), ()
        changes: list[Change] = []
        effects: list[str] = []
        for u in m.units:
            if u.id != mover and (not standing or SUPPRESSED in u.tags):
                continue
            st = stressed(m, u.cell)
            if not (st.suppressed if u.id == mover else st.seen):
                continue
            why = ("; ".join(st.reasons) if u.id == mover else
                   "Heroes of Normandie 1.1 (Stress): in clear LoS of a stressful element (option stress-sight)")
            changes.append(Change(u.id, add=(SUPPRESSED,)))
            effects.append(f"{u.id} is Suppressed ({why})")
        return tuple(changes), tuple(effects)

    def set_up(self, m: Map) -> tuple[Change, ...]:
        """With ``stress-sight=standing``, a unit set up in clear LoS of a stressful element starts
        Suppressed (1.1); nothing otherwise."""
        return self._stress(m)[0]

    def end_of_turn(self, m: Map, state: TurnState, dice: Dice) -> Resolution:
        """The supply phase's end: every Suppressed marker is discarded (option ``discard-suppressed``;
        off: none is) but a unit's that 1.1 Stress keeps, within range of a stressful element and in
        LoS to it (with ``stress-sight=standing``, in clear LoS of one: it is Suppressed again)."""
        from wartools.games.heroes_of_normandie.stress import elements, stressed

        discard = bool(self.game.option("discard-suppressed"))
        stress = bool(elements(m))
        changes: list[Change] = []
        effects: list[str] = []
        for u in m.units:
            if SUPPRESSED not in u.tags or not discard:
                continue
            st = stressed(m, u.cell) if stress else None
            if st is not None and st.keeps_markers:
                effects.append(f"{u.id} keeps its Suppressed marker (Heroes of Normandie 1.1 (Stress): within "
                               "range of a stressful element and in LoS to it)")
            elif st is not None and st.seen and self._standing():
                effects.append(f"{u.id} keeps its Suppressed marker (Heroes of Normandie 1.1 (Stress): in clear "
                               "LoS of a stressful element, option stress-sight)")
            else:
                changes.append(Change(u.id, remove=(SUPPRESSED,)))
                effects.append(f"{u.id} is no longer Suppressed")
        more, words = self._stress(m)           # stress-sight=standing: a reinforcement not yet checked
        return Resolution((), (*changes, *more), (*effects, *words))

    def strength(self, unit: Unit) -> int:
        return int(unit.strength) if unit.strength is not None else 1


def _without(m: Map, unit: str) -> Map:
    """``m`` without the unit ``unit`` (eliminated)."""
    return m.with_units(tuple(u for u in m.units if u.id != unit))


__all__ = ["SUPPRESSED", "Turns"]
