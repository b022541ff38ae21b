"""Combat Infantry field artillery and air support (2.6, 2.7): may this company HQ call a strike on
this hex, and its exact odds.

Both come from off the map; a scenario lists each side's strikes (the scenario's side resources
``artillery`` and ``air``: :class:`~wartools.games.combat_infantry.scenario.Rules`). :func:`strike`
reads a board as the rules say:

- **Who calls** (2.6, 2.7, 4.1): an active company HQ, one strike each time it is activated, the call
  one of its three commands, so a CHQ whose commands are used calls none; artillery and air cannot both
  be called by the same active CHQ (2.7); the side must have a strike of the kind left.
- **Where** (2.6, 6.61): only a spotted enemy hex: an HQ of the side spots it, the calling CHQ (active
  now) or an HQ face-up from an earlier activation, within three hexes (four when higher) with LOS
  (adjacent: always, except across a hedge); an HQ spots for one bombardment a game turn (6.61), and one
  adjacent to the target adds +1F. The company of each HQ is not recorded, so any HQ of the side
  spots. Units cannot fire into assaults (6.1): no strike on a hex holding units of both sides.
- **The roll** (2.6, 6.6): three dice at the strike's firepower, "3F7" or "3F6" (which one the 105 mm
  block prints is not plain: option ``artillery-firepower``, 7 by default); air support works the same
  (2.7). No targeting: the hits are distributed normally on the hex (6.3, strongest first, the owner's
  choice among equals: option ``hex-fire-ties``), armour included: armour class is zero, except a
  bunker's, which is only halved (2.6: AC6 = AC3; an odd one rounded by option
  ``strike-bunker-armor``), so a bunker whose halved AC is above zero takes no hits distributed on its
  hex (6.3) but may be targeted (2.6: "except when attacking Bunkers"): every hit on it, surplus hits
  wasted (6.31), at the firepower less its halved AC (6.32). D2 is the hex's against bombardment
  (6.7; none in woods, treebursts, 6.62).
- **Friendly fire** (6.63): every 0 rolled is a hit on the calling side's units adjacent to the target
  hex, two for an air strike (2.7); all applied, armour ignored: a unit holding a half-hit first, else
  the strongest (option ``friendly-fire-order``).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 4, 1, units=[("chq", "US", "hq", "A1"), ("r", "US", "rifle", "B1", {"strength": 2}),
...                                 ("de", "German", "rifle", "C1", {"strength": 3})])
>>> s = strike(m, "artillery", "C1", "chq")
>>> s.allowed, s.spotter, s.firepower, s.units
(True, 'chq', 7, ('de',))
>>> s.hits[3], s.friendly_hits[0]                    # 3F7: three hits 0.7^3; no 0 rolled 0.9^3
(Fraction(343, 1000), Fraction(729, 1000))
>>> strike(m, "air", "C1", "chq").friendly_hits[2]   # one 0 rolled: two friendly hits (2.7)
Fraction(243, 1000)
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from wartools.answers import Answer
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.combat import (HALF_HIT, HexUnit, bombard, defends_d2, distribute_hits,
                                                   friendly_fire)
from wartools.games.combat_infantry.fire import HIDDEN_TAG, SPOTTING_RANGE
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.dice import Dist
    from wartools.games.combat_infantry.fire import Fire
    from wartools.games.combat_infantry.turn import Turns
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

#: the two kinds of strike, by the word play offers, and their sections
ARTILLERY, AIR = "artillery", "air"
RULES = {ARTILLERY: "Combat Infantry 2.6", AIR: "Combat Infantry 2.7"}
#: the word play offers for a strike targeting a bunker (2.6: targeting is allowed only at bunkers)
AT_BUNKER = {ARTILLERY: "artillery-bunker", AIR: "air-bunker"}
#: every word of a strike in play, and the kind of strike it is
STRIKE_WORDS = {ARTILLERY: ARTILLERY, AIR: AIR, AT_BUNKER[ARTILLERY]: ARTILLERY, AT_BUNKER[AIR]: AIR}
#: dice of a strike: "3F7" or "3F6" (2.6), air the same (2.7)
DICE = 3
#: the option that says the strike's firepower (7 or 6: which one the 105 mm block prints is not plain)
FIREPOWER = "artillery-firepower"
#: the option that says how an odd bunker armour class is halved (2.6: AC6 = AC3)
BUNKER_ARMOR = "strike-bunker-armor"
#: the readings a strike rests on, besides the ones its hex needs
READS = (FIREPOWER, BUNKER_ARMOR, "hex-fire-ties", "friendly-fire-order")
SPOTTING_READING = Assumption("Combat Infantry 6.61, 2.6",
                              "any HQ of the calling side spots for a strike, the calling company HQ or one "
                              "face-up (the company of each HQ is not recorded)")


def halved_armor(armor: int, rounding: str = "down") -> int:
    """A bunker's armour class against a strike: halved (2.6: AC6 = AC3), an odd one rounded ``down``
    or ``up`` (option ``strike-bunker-armor``).

    Examples
    --------
    >>> halved_armor(6), halved_armor(3), halved_armor(3, "up")
    (3, 1, 2)
    """
    return (armor + (rounding == "up")) // 2


@dataclass(frozen=True, eq=False)
class Strike(Answer):
    """Whether company HQ ``caller`` may call a strike of ``kind`` (``artillery``, ``air``) on ``hex``
    (at the bunker ``target``, or at the hex when ``None``), why not, who spots it, and its exact odds:
    ``joint`` is the distribution of ``(hits, friendly hits)`` of its ``dice`` at ``firepower`` less
    ``armor`` (a targeted bunker's halved AC), ``units`` the enemy units the hits go to as they stand
    (``before``) and ``friendly`` the caller's side's units adjacent to the hex (``friendly_before``)."""

    map: Map = field(repr=False)
    kind: str
    hex: str
    caller: str
    why_not: tuple[str, ...]
    spotter: str | None
    target: str | None
    dice: int
    firepower: int
    armor: int
    units: tuple[str, ...]
    before: tuple[HexUnit, ...]
    d2: bool
    friendly: tuple[str, ...]
    friendly_before: tuple[HexUnit, ...] = field(repr=False)
    friendly_d2: tuple[bool, ...] = field(repr=False)
    weakest_first: bool = field(repr=False)
    joint: Dist = field(repr=False)
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    @property
    def allowed(self) -> bool:
        """Whether the rules allow the strike."""
        return not self.why_not

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def rule(self) -> str:
        """The section of the strike."""
        return RULES[self.kind]

    @property
    def word(self) -> str:
        """The word play offers it by (:data:`STRIKE_WORDS`)."""
        return AT_BUNKER[self.kind] if self.target else self.kind

    @property
    def excluded(self) -> tuple[str, ...]:
        """The enemy units in the hex that take no hits distributed on it: a bunker whose halved armour
        class is above zero (6.3)."""
        if self.target:
            return ()
        return tuple(uid for uid, u in zip(self.units, self.before) if not u.takes_spread_hits())

    @cached_property
    def hits(self) -> Dist:
        """The distribution of hits scored on the hex (or the targeted bunker)."""
        return self.joint.map(lambda r: r[0])

    @cached_property
    def friendly_hits(self) -> Dist:
        """The distribution of friendly hits: one for each 0 rolled, two for an air strike (6.63, 2.7)."""
        return self.joint.map(lambda r: r[1])

    @property
    def expected_hits(self) -> Fraction:
        """The expected hits scored."""
        return self.hits.mean()

    def after(self, hits: int) -> tuple[HexUnit, ...]:
        """The units of :attr:`units` after ``hits`` hits: distributed normally on the hex (6.3, 6.7),
        or all on the targeted bunker (6.31: surplus hits wasted)."""
        return distribute_hits(self.before, hits, d2=self.d2, armor_zero=bool(self.target))

    def friendly_after(self, hits: int) -> tuple[HexUnit, ...]:
        """The units of :attr:`friendly` after ``hits`` friendly hits (6.63: all applied, armour ignored)."""
        return friendly_fire(self.friendly_before, hits, self.friendly_d2, weakest=self.weakest_first)

    @cached_property
    def outcomes(self) -> Dist:
        """The distribution of ``(units after, friendly units after)``, each a tuple of :class:`HexUnit`
        in :attr:`units` and :attr:`friendly` order."""
        return self.joint.map(lambda r: (self.after(r[0]), self.friendly_after(r[1])))

    def p_roll(self, hits: int, friendly: int) -> Fraction:
        """The exact chance of a roll scoring ``hits`` hits and ``friendly`` friendly hits (only the hits
        when no friendly unit is adjacent: the zeros then change nothing)."""
        return self.joint[(hits, friendly)] if self.friendly else self.hits[hits]

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "hex", "caller", "target", "allowed", "why_not", "spotter", "dice", "firepower",
        "armor", "units", "excluded", "d2", "friendly", "hits", "friendly_hits", "expected_hits", "rule",
        "assumptions"}`` (probabilities as ``"n/d"``)."""
        return {"kind": self.kind, "hex": self.hex, "caller": self.caller, "target": self.target,
                "allowed": self.allowed, "why_not": list(self.why_not), "spotter": self.spotter,
                "dice": self.dice, "firepower": self.firepower, "armor": self.armor, "units": list(self.units),
                "excluded": list(self.excluded), "d2": self.d2, "friendly": list(self.friendly),
                "hits": {str(k): str(v) for k, v in self.hits.items},
                "friendly_hits": {str(k): str(v) for k, v in self.friendly_hits.items},
                "expected_hits": str(self.expected_hits), "rule": self.rule,
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``chq may call artillery on C1 (Combat Infantry 2.6): spotted by chq, 3 dice at F7 ...``,
        assumptions last."""
        at = f" at bunker {self.target}" if self.target else ""
        what = f"{self.caller} {'may' if self.allowed else 'may not'} call {self.kind} on {self.hex}{at} ({self.rule})"
        if not self.allowed:
            head = f"{what}: {'; '.join(self.why_not)}"
        else:
            net = self.firepower - self.armor
            zero = "two friendly hits" if self.kind == AIR else "a friendly hit"
            near = (f"; each 0 rolled is {zero} on {', '.join(self.friendly)} (6.63)" if self.friendly else "")
            left = f"; no hits distributed on {', '.join(self.excluded)} (armoured, 6.3)" if self.excluded else ""
            head = (f"{what}: spotted by {self.spotter}, {self.dice} dice at F{net}"
                    f"{' (D2: two hits a step, 6.7)' if self.d2 else ''}, expected hits {self.expected_hits} "
                    f"({float(self.expected_hits):.2f}){left}{near}")
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The map with the target hex and the friendly units' hexes shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        near = sorted({self.map.label(self.map.unit(uid).cell) for uid in self.friendly})
        if near:
            shade(ax, self.map, near, "attacker", label="friendly fire risk (6.63)", gid="friendly")
        shade(ax, self.map, [self.hex], "selected" if self.allowed else "unreachable",
              label=f"{self.kind} strike {'allowed' if self.allowed else 'refused'} ({self.rule})", gid="strike")
        return ax


def strike(m: Map, kind: str, hex: Cell | str, caller: Unit | str, *, left: int = 1, commands: int = 3,
           called: Iterable[str] = (), spotted: Iterable[str] = (), target: str | None = None) -> Strike:
    """May the active company HQ ``caller`` call a strike of ``kind`` (``artillery`` or ``air``) on
    ``hex`` of board ``m`` (at the bunker ``target`` there, or at the hex), and with what odds? ``left``
    is the side's strikes of the kind left, ``commands`` the CHQ's commands left (4.1), ``called`` the
    kinds it has called in this activation, ``spotted`` the HQs that have spotted for a bombardment this
    game turn (6.61). See the module docstring.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("ci", 6, 1, units=[("chq", "US", "hq", "A1"), ("de", "German", "rifle", "F1")])
    >>> strike(m, "artillery", "F1", "chq").why_not          # five hexes off: not spotted
    ('no HQ of US spots F1 (6.61: within 3 hexes, 4 if higher, with LOS; the calling CHQ or one face-up, once a game turn)',)
    >>> strike(m, "air", "F1", "chq", called=["artillery"], commands=0, left=0).why_not[:3]
    ('no air strike left (2.7)', 'its three commands are used: the call is one of them (4.1)', 'artillery and air cannot both be called by the same active CHQ (2.7)')
    """
    if kind not in RULES:
        raise WartoolsError(f"unknown strike {kind!r}; valid: {', '.join(RULES)}")
    hq = m.unit(caller) if isinstance(caller, str) else caller
    cell = m.cell(hex)
    label = m.label(cell)
    game = m.game
    rules = cast("Turns", game.turn_rules())
    section = RULES[kind].split()[-1]
    called = set(called)
    why: list[str] = []
    if hq.type != "hq" or not rules._is_company_hq(m, hq):
        why.append(f"{hq.id} is not a company HQ: CHQs regulate field artillery and air support (4.1)")
    if left <= 0:
        why.append(f"no {kind} strike left ({section})")
    if commands <= 0:
        why.append("its three commands are used: the call is one of them (4.1)")
    if kind in called:
        why.append(f"one {kind} strike each time a CHQ is activated ({section})")
    if called - {kind}:
        why.append("artillery and air cannot both be called by the same active CHQ (2.7)")
    team = m.allies(hq.side)
    here = [u for u in m.units if u.cell == cell]
    enemies = [u for u in here if u.side not in team]
    if not enemies:
        why.append(f"no enemy unit in {label}: a strike is called on a spotted enemy hex ({section})")
    elif len(enemies) < len(here):
        why.append(f"{label} is being assaulted (units of both sides): units cannot fire into assaults (6.1)")
    spotter = _spotter(m, hq, cell, set(spotted))
    if spotter is None:
        why.append(f"no HQ of {hq.side} spots {label} (6.61: within 3 hexes, 4 if higher, with LOS; the calling "
                   "CHQ or one face-up, once a game turn)")
    adjacent = spotter is not None and m.grid.distance(spotter.cell, cell) == 1
    if game.option("hex-fire-ties") == "last":       # the owner's choice among equals (6.3)
        enemies.reverse()
    rounding = str(game.option(BUNKER_ARMOR))
    fire_rules = game.fire_rules()
    before = []
    for u in enemies:
        ac = halved_armor(fire_rules.defender(u).value("armor"), rounding) if u.type == "bunker" else 0
        before.append(HexUnit(rules.strength(u), u.type, ac, HALF_HIT in u.tags))
    armor = 0
    read = [FIREPOWER]
    if any(u.type == "bunker" for u in enemies):
        read.append(BUNKER_ARMOR)
    if target is not None:
        at = next((i for i, u in enumerate(enemies) if u.id == target), None)
        if at is None or enemies[at].type != "bunker":
            why.append(f"{target} is not a bunker in {label}: targeting is not allowed, except when attacking "
                       f"bunkers ({section})")
        else:
            armor = before[at].armor
            enemies, before = [enemies[at]], [before[at]]
    else:
        read.append("hex-fire-ties")
    firepower = int(game.option(FIREPOWER)) + int(adjacent)
    if target is not None and firepower - armor <= 0:
        why.append(f"F{firepower} less {target}'s halved armour class {armor} is F{firepower - armor}: no fire (6.32)")
    d2 = defends_d2(m.terrain_at(cell), "bombardment", foxhole="foxhole" in m.features_at(cell))
    near = rules._friendly_near(m, hq, cell)
    if near:
        read.append("friendly-fire-order")
    friendly_d2 = tuple(defends_d2(m.terrain_at(u.cell), "bombardment", foxhole="foxhole" in m.features_at(u.cell))
                        for u in near)
    joint = bombard(DICE, firepower, air=kind == AIR, modifier=-armor)
    assumptions = (*(game.option_spec(o).assumption(game.option(o)) for o in read), SPOTTING_READING)
    return Strike(m, kind, label, hq.id, tuple(why), spotter.id if spotter else None, target, DICE, firepower, armor,
                  tuple(u.id for u in enemies), tuple(before), d2, tuple(u.id for u in near),
                  tuple(HexUnit(rules.strength(u), u.type, 0, HALF_HIT in u.tags) for u in near), friendly_d2,
                  game.option("friendly-fire-order") != "strongest", joint, assumptions)


def _spotter(m: Map, hq: Unit, cell: Cell, used: set[str]) -> Unit | None:
    """The HQ of ``hq``'s side that spots ``cell`` for a strike (6.61): the calling CHQ or one face-up,
    whose spotting this game turn is not used, nearest first (an adjacent one adds +1F), ties by id."""
    from wartools.situation import Situation

    fire = cast("Fire", m.game.fire_rules())
    grid = m.grid
    hqs = sorted((u for u in m.units if u.type == "hq" and u.side == hq.side and u.id not in used
                  and (u.id == hq.id or HIDDEN_TAG not in u.tags)),
                 key=lambda u: (grid.distance(u.cell, cell), u.id))
    for u in hqs:
        d = grid.distance(u.cell, cell)
        if 0 < d <= SPOTTING_RANGE and cell in fire.spotted_by(m, u, Situation()):
            return u
    return None


__all__ = ["AIR", "ARTILLERY", "AT_BUNKER", "BUNKER_ARMOR", "DICE", "FIREPOWER", "READS", "RULES", "STRIKE_WORDS", "Strike",
           "halved_armor", "strike"]
