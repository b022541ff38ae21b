"""Fire at a hex (Combat Infantry 6.3, 6.31, 2.53, 6.7): where a shot's hits go when its target is
not face-up.

Units fire at a target hex, or at a target unit if it is face-up (6.1, 6.31). A shot at a unit that
is not face-up (tag ``hidden``: :mod:`~wartools.games.combat_infantry.orientation`) is fire at its
hex (:func:`~wartools.games.combat_infantry.fire.fires_at_hex`): its hits are distributed among all
enemy units in the hex, strongest first (6.3); a face-up armored unit (armor class above zero) is left
out, a hidden one has AC-Zero and takes hits normally (2.53); a unit holding a half-hit takes the next
hit, on D2 terrain two hits take a step (6.7); of equally strong units the owner chooses (option
``hex-fire-ties``); surplus hits are lost. The attack question answers such a shot at AC-Zero, its
rules naming 6.3; :func:`hex_fire` gives what becomes of the hex, and play resolves the shot by the
same answer (:meth:`HexFire.after` of the hits rolled).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 3, 1, units=[("us", "US", "rifle", "A1", {"strength": 4}),
...                                 ("de-1", "German", "rifle", "B1", {"strength": 2, "tags": ["hidden"]}),
...                                 ("de-2", "German", "mg", "B1", {"strength": 2, "tags": ["hidden"]})])
>>> a = m.game.fire_rules().attack(m, m.unit("us"), m.unit("de-1"))
>>> f = hex_fire(m, m.unit("us"), m.unit("de-1"), a)
>>> f.units, [u.strength for u in f.after(3)], f.outcomes.prob(lambda h: h[1].strength < 2)
(('de-1', 'de-2'), [0, 1], Fraction(113, 625))
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from wartools.answers import Answer
from wartools.games.combat_infantry.combat import HALF_HIT, HexUnit, bombard, defends_d2, distribute_hits, fire
from wartools.games.combat_infantry.fire import BOMBARDING, HEX_FIRE_OPTIONS, HIDDEN_TAG
from wartools.rules.options import Assumption, merge_assumptions

if TYPE_CHECKING:  # pragma: no cover
    from wartools.dice import Dist
    from wartools.games.fire_rules import Attack
    from wartools.mapmodel import Map, Unit

__all__ = ["HexFire", "hex_fire"]

RULE = "Combat Infantry 6.3, 6.31"


@dataclass(frozen=True)
class HexFire(Answer):
    """One shot's fire at a hex: the enemy units its hits are distributed over (in the order that
    breaks ties, the owner's), how they stand before it, the face-up armored units left out, the
    distribution of hits scored, whether the hex has D2 against it, and the readings."""

    map: Map = field(repr=False, compare=False)
    attacker: str
    hex: str
    units: tuple[str, ...]
    before: tuple[HexUnit, ...]
    excluded: tuple[str, ...]
    hits: Dist
    d2: bool
    assumptions: tuple[Assumption, ...] = ()
    rule: str = RULE

    def after(self, hits: int) -> tuple[HexUnit, ...]:
        """The units of :attr:`units` after ``hits`` hits (6.3, 6.7; surplus hits lost)."""
        return distribute_hits(self.before, hits, d2=self.d2)

    @cached_property
    def outcomes(self) -> Dist:
        """The distribution of the hex after the shot: tuples of :class:`HexUnit` in :attr:`units` order."""
        return self.hits.map(self.after)

    def to_json(self) -> dict[str, Any]:
        """``{"attacker", "hex", "units", "excluded", "d2", "hits", "outcomes", "rule", "assumptions"}``
        (probabilities as ``"n/d"``; an outcome lists each unit's steps and half-hit)."""
        return {"attacker": self.attacker, "hex": self.hex, "units": list(self.units), "excluded": list(self.excluded),
                "d2": self.d2, "hits": {str(k): str(p) for k, p in self.hits.items},
                "outcomes": [{"steps": [u.strength for u in o], "half_hits": [u.half_hit for u in o], "p": str(p)}
                             for o, p in cast("list[tuple[tuple[HexUnit, ...], Fraction]]", self.outcomes.items)],
                "rule": self.rule, "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``us fires at hex B1 (6.3, 6.31): hits go to de-1, de-2 strongest first ...``, assumptions last."""
        left = f"; left out (face-up, armored): {', '.join(self.excluded)}" if self.excluded else ""
        taking = [uid for uid in self.units if uid not in self.excluded]
        lost = ", ".join(f"{uid} loses a step with probability {p}" for uid, p in self._losses())
        head = (f"{self.attacker} fires at hex {self.hex} ({self.rule}): hits go to {', '.join(taking)}, "
                f"strongest first{' (D2: two hits a step, 6.7)' if self.d2 else ''}{left}; {lost}")
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def _losses(self) -> list[tuple[str, Fraction]]:
        """Each unit's chance of losing at least one step."""
        def loses(i: int) -> Callable[[Any], bool]:
            return lambda o: bool(o[i].strength < self.before[i].strength)

        return [(uid, self.outcomes.prob(loses(i))) for i, uid in enumerate(self.units)]

    def draw(self, ax: Any = None) -> Any:
        """The map with the target hex shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        return shade(ax, self.map, [self.hex], "attacker", label=f"hex fire at {self.hex} (6.3)", gid="hex-fire")


def hex_fire(board: Map, attacker: Unit, target: Unit, attack: Attack) -> HexFire:
    """The fire of ``attacker`` at ``target``'s hex on ``board``, as the attack question's ``attack``
    answers the shot (its dice, firepower and modifier; a bombardment's hits, 6.6): see the module
    docstring. D2 is the hex's against fire, or against bombardment (none in woods, 6.62), none for a
    sniper's target (2.52)."""
    fire_rules = board.game.fire_rules()
    n, f = int(attack.inputs["dice"]), int(attack.inputs["firepower"])
    modifier = int(attack.inputs.get("modifier", 0)) - int(attack.inputs.get("armor", 0))
    bombarding = attacker.type in BOMBARDING
    hits = bombard(n, f, modifier=modifier).map(lambda r: r[0]) if bombarding else fire(n, f, modifier=modifier)
    team = board.allies(attacker.side)
    enemies = [u for u in board.units if u.cell == target.cell and u.side not in team]
    if board.game.option("hex-fire-ties") == "last":       # the owner's choice among equals (6.3)
        enemies.reverse()
    before = []
    for u in enemies:
        d = fire_rules.defender(u)
        armor = 0 if HIDDEN_TAG in u.tags else d.value("armor")          # hidden: AC-Zero (2.53)
        before.append(HexUnit(d.value("strength", 1), u.type, armor, HALF_HIT in u.tags))
    d2 = defends_d2(board.terrain_at(target.cell), "bombardment" if bombarding else "fire",
                    foxhole="foxhole" in board.features_at(target.cell), firer=attacker.type)
    return HexFire(board, attacker.id, board.label(target.cell), tuple(u.id for u in enemies), tuple(before),
                   tuple(u.id for u, h in zip(enemies, before) if not h.takes_spread_hits()), hits, d2,
                   merge_assumptions(attack.assumptions, board.game.assumptions(HEX_FIRE_OPTIONS)))
