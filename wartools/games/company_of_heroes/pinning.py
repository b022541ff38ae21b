"""Machine-gun pinning, Company of Heroes 7 (Pinning (Machine Guns)) and 5 (the damage phase's
first step): the single answer :func:`pin` and the status it leaves on the units.

- Who pins: a machine-gun team (``mg-team``), at the beginning of the damage phase, before damage
  is assigned (5, step 1; 7). It may pin one unit; pinning is a choice.
- Whom: a green unit (regular infantry or a weapon team) that is not in a building and is not a
  machine-gun team itself (7, and 7 Building Cover), within the machine gun's range, that the
  machine gun sees itself (7: "that they can see"; its own sight, :func:`~wartools.games.\
company_of_heroes.los.unit_sight`, not a teammate's spotting).
- The pinned unit is the unit the machine gun will attack this round (5, step 1), so by default
  the machine gun pins only a unit its attack question allows (deployed, the line not through a
  building ...). That reading is the option ``pin-needs-attack``; off, the text of 7 alone
  decides (range, the machine gun's own sight, the target's kind).
- The status: the target is tagged ``pinned`` (the scenario format's ``pins`` count reads the
  same), the machine gun ``pinning=<target id>``. A pinned unit cannot deal damage, capture
  control points, spend cp, move or use abilities; it still rolls defence dice, is reinforced and
  spots for its team (7). A machine gun that pinned attacks only the unit it pinned (7). Both
  statuses last until the end of the round (7: the Basic Rules), the supply phase's capture
  included; the turn rules lift them then. The single answers read them: the attack question
  (:mod:`~wartools.games.company_of_heroes.fire`), the movement rules and the control answer.

"8. Advanced Pinning" is one line of the excerpt's list of the Advanced Rulebook's changes; the
excerpt does not print that rule, so it is not played (the turn rules' ``OMITTED``).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("coh", 5, 1, units=[("mg", "US", "mg-team", "A1", {"tags": ["deployed"]}),
...                                  ("de", "Wehrmacht", "infantry", "C1")])
>>> p = pin(m, m.unit("mg"), m.unit("de"))
>>> bool(p), p.target, p.attack.expected
(True, 'de', Fraction(2, 1))
>>> print(pin(m, m.unit("de"), m.unit("mg")).text())
de may not attack: only machine-gun teams pin (Company of Heroes 7 (Pinning (Machine Guns)))
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from wartools.answers import Answer
from wartools.games.fire_rules import Attack, Refusal
from wartools.mapmodel.parts import tag_value
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit
    from wartools.situation import Situation

#: the section every pinning answer cites
PIN_RULE = "Company of Heroes 7 (Pinning (Machine Guns))"
#: the tag of a pinned unit (also what a position's ``pins`` count gives a unit)
PINNED = "pinned"
#: the tag of a machine gun that pinned a unit this round: ``pinning=<the unit's id>``
PINNING = "pinning="
#: the units that pin
PINNERS = frozenset({"mg-team"})


@dataclass(frozen=True)
class Pin(Answer):
    """A pin the rules allow on map ``map``: machine gun ``mg`` pins unit ``target`` standing on
    ``cell``; the machine gun's attack on it (``None`` when the option ``pin-needs-attack`` is off
    and the attack question refuses it), the rules applied and the readings it rests on."""

    map: Map = field(repr=False, compare=False)
    mg: str
    target: str
    cell: Cell
    attack: Attack | None = None
    rules: tuple[str, ...] = ()
    assumptions: tuple[Assumption, ...] = ()

    def __bool__(self) -> bool:
        return True

    def to_json(self) -> dict[str, Any]:
        """``{"mg", "target", "attack", "rules", "assumptions"}``."""
        return {"mg": self.mg, "target": self.target,
                "attack": None if self.attack is None else self.attack.to_json(),
                "rules": list(self.rules), "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """One line: who pins whom, and the rules."""
        return (f"{self.mg} may pin {self.target}: " + "; ".join(self.rules)
                + "".join(f"\n  {a.text()}" for a in self.assumptions))

    def draw(self, ax: Any = None) -> Any:
        """The map with the machine gun's hex and the pinned unit's shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        shade(ax, self.map, [self.map.unit(self.mg).cell], "attacker", label=f"machine gun {self.mg} pins (7)",
              gid="pinning")
        shade(ax, self.map, [self.cell], "target", label=f"{self.target}, pinned until the end of the round (7)",
              gid="pinned")
        return ax


def pinning_target(unit: Unit) -> str | None:
    """The id of the unit ``unit`` pinned this round (its ``pinning=`` tag), or ``None``.

    Examples
    --------
    >>> from wartools.mapmodel import Unit
    >>> pinning_target(Unit("mg", "US", "mg-team", (0, 0), tags=("deployed", "pinning=de-1")))
    'de-1'
    """
    return tag_value(unit.tags, PINNING.rstrip("="))


def _refuse(mg: Unit, target: Unit, kind: str, why: str, rule: str = PIN_RULE) -> Refusal:
    return Refusal(mg.id, target.cell, kind, rule, why)


def pin(m: Map, mg: Unit, target: Unit, situation: Situation | None = None) -> Pin | Refusal:
    """May ``mg`` pin ``target`` at the beginning of the damage phase (Company of Heroes 7, 5)?

    A :class:`Pin` or a :class:`~wartools.games.fire_rules.Refusal` naming the clause that refuses
    it (see the module docstring). ``situation`` is the attack question's (a scenario's).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("coh", 5, 1, terrain={"C1": "building"},
    ...              units=[("mg", "US", "mg-team", "A1", {"tags": ["deployed"]}),
    ...                     ("de", "Wehrmacht", "infantry", "C1"), ("de-mg", "Wehrmacht", "mg-team", "B1")])
    >>> print(pin(m, m.unit("mg"), m.unit("de")).why)
    a unit in a building cannot be pinned
    >>> print(pin(m, m.unit("mg"), m.unit("de-mg")).why)
    a machine-gun team cannot be pinned
    """
    from wartools.games.company_of_heroes.combat import can_be_in_building, can_be_pinned, health_colour
    from wartools.games.company_of_heroes.los import unit_sight
    from wartools.los.engine import line_of_sight

    fire = m.game.fire_rules()
    if mg.type not in PINNERS:
        return _refuse(mg, target, "cannot-fire", "only machine-gun teams pin")
    if pinning_target(mg) is not None:
        return _refuse(mg, target, "pinned", f"{mg.id} has pinned {pinning_target(mg)} this round (one unit)")
    if target.side in m.allies(mg.side):
        return _refuse(mg, target, "cannot-fire", f"{target.id} is of {mg.id}'s team")
    building = m.terrain_at(target.cell) == "building" and can_be_in_building(target.type)
    if health_colour(target.type) != "G":
        return _refuse(mg, target, "pinned", "only green units (regular infantry and weapon teams) can be pinned")
    if not can_be_pinned(target.type, building=building):
        why = "a machine-gun team cannot be pinned" if target.type in PINNERS else "a unit in a building cannot be pinned"
        return _refuse(mg, target, "pinned", why)
    profile = fire.profile(mg)
    reach = fire.fire_range(mg, profile) if profile is not None else 0
    if m.grid.distance(mg.cell, target.cell) > reach:     # before the lines are drawn: most units are far
        return _refuse(mg, target, "range", f"{m.label(target.cell)} is beyond {mg.id}'s range {reach}")
    rules = [f"{PIN_RULE}: {target.id} is pinned until the end of the round; {mg.id} may attack only it"]
    readings = tuple(m.game.assumptions(("pin-needs-attack",)))
    attack = fire.attack(m, mg, target, situation)
    if m.game.option("pin-needs-attack"):
        if isinstance(attack, Refusal):
            return replace(attack, assumptions=(*attack.assumptions, *readings))
        rules.insert(0, "Company of Heroes 5 (Damage Phase, 1. Pin): the pinned unit is the one it will attack")
    seen = line_of_sight(m, mg.cell, target.cell, mode="sight", range=unit_sight(mg.tags), side=mg.side,
                         unit=mg.type, target=target.type)
    if not seen.visible:
        return _refuse(mg, target, "spotting", f"{mg.id} does not see {m.label(target.cell)} itself "
                                               "(a machine gun pins a unit it can see)")
    return Pin(m, mg.id, target.id, target.cell, attack if isinstance(attack, Attack) else None, tuple(rules),
               tuple(dict.fromkeys((*readings, *seen.assumptions))))


def pin_targets(m: Map, mg: Unit, situation: Situation | None = None) -> tuple[Pin, ...]:
    """Every pin ``mg`` may make now, in map order (a loop over :func:`pin`)."""
    out = []
    for u in m.units:
        if u.side not in m.allies(mg.side):
            got = pin(m, mg, u, situation)
            if isinstance(got, Pin):
                out.append(got)
    return tuple(out)


__all__ = ["PINNED", "PINNERS", "PINNING", "PIN_RULE", "Pin", "pin", "pin_targets", "pinning_target"]
