"""Combat Infantry's special actions (7.0): may this unit take one here, and its odds.

A special action is a unit's one action instead of a rally, fire or move (7.0); the unit ends it
face-up (the turn rules turn it so: :func:`~wartools.games.combat_infantry.orientation.orient`).
:func:`special_action` reads a board as the rules say (a bunker takes none of them, 2.55: it only
fires):

- ``dig`` (7.1): a foxhole in the unit's own hex, by any unit, only in Clear terrain and where no
  foxhole is; not in a barbed-wire hex (7.5: the wire marker fully stacks its hex, no other
  marker), nor where the unit's side already has more units than a foxhole stacks (7.1: two; the
  unit digging would overstack its own hex, and 8.2 eliminates the overstacked at the end of the
  activation: not offered, said in the turn rules' OMITTED). It always succeeds and the foxhole
  stays for the scenario, whoever occupies it later.
- ``smoke`` (7.4): an engineer lays smoke in one adjacent hex by "firing": one d10 a step at its
  firepower, at least one hit lays it; not across a hedge (fire is blocked, 3.4: option
  ``smoke-across-hedge``), nor out of the smoke hex it stands in (LOS is blocked out of smoke, 7.4).
  A mortar lays it on a spotted target hex by the same roll at its firepower (option
  ``mortar-smoke-roll``: 7.4's "at least one 1 hit" read as one hit, or as a die showing 1): a hex
  within its range it sees itself (6.61: its own line of sight, as an HQ spots; a hex only an HQ
  spots is not played, the turn rules' OMITTED). Not where smoke is, not in a wire hex (7.5), and,
  smoke being laid by firing, not into the hex of an assault still to be fought (6.1: no fire into
  assaults). The two limits of fire are the option ``smoke-by-firing``. The smoke lasts the current
  game turn (the turn rules remove it when the game turn ends).
- ``clear-wire`` (7.5): a unit in a barbed-wire hex "fires" to clear it: one d10 a step at its
  firepower (an engineer at F4, 7.5's note), at least one hit removes the marker. A unit may act
  only in a game turn after the one it entered the wire in (it stopped there and had acted), so a
  unit standing in wire that may act entered it in an earlier game turn, "next game turn" (or set up
  there). Withdrawing is a normal move out of the hex (which hexside it entered by is not recorded).
- ``demolish`` (7.3): a bridge hexside gets a "destroyed" marker. An engineer in one of the two hexes
  it joins ("adjacent to a bridge") "fires": one d10 a step at its firepower, +1 for a wooden bridge
  (option ``bridge-material``: the map format does not say what a bridge is built of), at least one
  hit. A mortar bombards it at half its firepower, rounded up, without the wood bonus; one hit
  destroys it; spotting as for its smoke: it sees one of the bridge's hexes within its range (a
  bridge only an HQ spots, and field artillery or air strikes on bridges, are not played: the turn
  rules' OMITTED). A destroyed bridge is crossed as the river it spanned and never assaulted across
  (:mod:`~wartools.games.combat_infantry.movement`, :func:`~wartools.games.combat_infantry.limits.hexside_limits`).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 3, 1, terrain={"C1": "woods"},
...              units=[("e", "US", "engineer", "B1", {"strength": 2}), ("r", "US", "rifle", "C1")])
>>> special_action(m, "e", "dig").allowed, special_action(m, "r", "dig").why_not
(True, ('C1 is woods: a foxhole is dug only in Clear terrain (7.1)',))
>>> s = special_action(m, "e", "smoke", "A1")
>>> s.allowed, s.p, s.dice, s.firepower
(True, Fraction(9, 25), 2, 2)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from wartools.answers import Answer
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.fire import BOMBARDING
from wartools.games.combat_infantry.movement import DESTROYED, entered_from
from wartools.games.fire_rules import tag_values
from wartools.grids.base import Edge
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.combat_infantry.turn import Turns
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

#: the special actions played, by the word the turn rules offer, and their sections
DIG, SMOKE, CLEAR_WIRE, DEMOLISH = "dig", "smoke", "clear-wire", "demolish"
RULES = {DIG: "Combat Infantry 7.1", SMOKE: "Combat Infantry 7.4", CLEAR_WIRE: "Combat Infantry 7.5",
         DEMOLISH: "Combat Infantry 7.3"}
#: the feature each action places or removes (a cell's; a demolition's marker goes on the bridge's hexside)
FEATURES = {DIG: "foxhole", SMOKE: "smoke", CLEAR_WIRE: "wire", DEMOLISH: DESTROYED}
#: the option that says what the map's bridges are built of (an engineer demolishes a wooden one at +1, 7.3)
MATERIAL = "bridge-material"
#: the firepower an engineer clears wire at (7.5's note)
ENGINEER_WIRE_FIREPOWER = 4
#: the hexside fire is blocked across (3.4), so an engineer lays no smoke across it (option smoke-across-hedge)
HEDGE = "hedge"
#: the option that says whether smoke is laid across a hedge
ACROSS_HEDGE = "smoke-across-hedge"
#: the option that says whether smoke, laid by "firing", keeps fire's limits: not out of smoke, not into an assault
BY_FIRING = "smoke-by-firing"
#: the option that says which roll lays a mortar's smoke: at least one hit, or at least one die showing 1
MORTAR_ROLL = "mortar-smoke-roll"


@dataclass(frozen=True, eq=False)
class SpecialAction(Answer):
    """Whether ``unit`` may take the special action ``action`` on ``hex`` (:func:`special_action`),
    why not, and the exact chance it succeeds (``p``; ``dice`` d10 at ``firepower``, at least one hit,
    where it rolls)."""

    map: Map = field(repr=False)
    unit: str
    action: str
    hex: str
    why_not: tuple[str, ...]
    p: Fraction
    dice: int = 0
    firepower: int = 0
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    @property
    def allowed(self) -> bool:
        """Whether the rules allow the action here."""
        return not self.why_not

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def rule(self) -> str:
        """The section of the action."""
        return RULES[self.action]

    @property
    def feature(self) -> str:
        """The feature it places (a foxhole, smoke, a bridge's "destroyed" marker) or removes (wire)."""
        return FEATURES[self.action]

    @property
    def site(self) -> Cell | Edge:
        """Where :attr:`feature` goes: the cell :attr:`hex` names, or the bridge's hexside (a demolition)."""
        return _site(self.map, self.hex)

    @property
    def places(self) -> bool:
        """Whether success places :attr:`feature` on :attr:`hex` (else it removes it)."""
        return self.action != CLEAR_WIRE

    def to_json(self) -> dict[str, Any]:
        """``{"unit", "action", "hex", "allowed", "why_not", "p", "dice", "firepower", "rule", "assumptions"}``."""
        return {"unit": self.unit, "action": self.action, "hex": self.hex, "allowed": self.allowed,
                "why_not": list(self.why_not), "p": str(self.p), "dice": self.dice, "firepower": self.firepower,
                "rule": self.rule, "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``e may smoke A1 (Combat Infantry 7.4): 2 dice at F2, at least one hit: 9/25 (36.0%)``, assumptions last."""
        what = f"{self.unit} {'may' if self.allowed else 'may not'} {self.action} {self.hex} ({self.rule})"
        if not self.allowed:
            head = f"{what}: {'; '.join(self.why_not)}"
        elif self.dice:
            head = (f"{what}: {self.dice} dice at F{self.firepower}, at least one hit: {self.p} "
                    f"({float(self.p):.1%})")
        else:
            head = f"{what}: it always succeeds"
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The map with the unit's hex and the hex acted on (a bridge's two hexes) shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        here = self.map.label(self.map.unit(self.unit).cell)
        shade(ax, self.map, [here], "start", label=f"{self.unit}'s hex", gid="unit")
        site = self.site
        acted = [self.map.label(site.a), self.map.label(site.b)] if isinstance(site, Edge) else [self.hex]
        shade(ax, self.map, acted, "selected" if self.allowed else "unreachable",
              label=f"{self.action} {'allowed' if self.allowed else 'refused'} here ({self.rule})", gid="special")
        return ax


def special_action(m: Map, unit: Unit | str, action: str, hex: Cell | Edge | str | None = None) -> SpecialAction:
    """May ``unit`` take the special action ``action`` (``dig``, ``smoke``, ``clear-wire``, ``demolish``) on
    ``hex`` (default: its own hex; for ``demolish``, the bridge's hexside: an edge, or its two hexes
    ``F3|G3``) on board ``m``, and with what chance does it succeed? See the module docstring for each
    action's clauses. Who commands the unit is the turn rules' (7.1: any commanded unit); this answer
    reads the board.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("ci", 2, 1, features={"A1": ["wire"]}, units=[("r", "US", "rifle", "A1", {"strength": 3})])
    >>> w = special_action(m, "r", "clear-wire")
    >>> w.allowed, w.p, w.text().split(": ")[1]
    (True, Fraction(61, 125), '3 dice at F2, at least one hit')
    """
    u = m.unit(unit) if isinstance(unit, str) else unit
    if action not in RULES:
        raise WartoolsError(f"unknown special action {action!r}; valid: {', '.join(RULES)}")
    if action == DEMOLISH:
        return _demolition(m, u, hex)
    cell = u.cell if hex is None else m.cell(hex)
    label, feats = m.label(cell), m.features_at(cell)
    rules = cast("Turns", m.game.turn_rules())
    why = ["bunkers take no special action (2.55)"] if u.type == "bunker" else []
    dice = firepower = 0
    assumptions: tuple[Assumption, ...] = ()
    if action == DIG:
        why += _dig_refusals(m, u, cell)
    elif action == SMOKE:
        by_fire = m.game.option(BY_FIRING)
        mortar = u.type in BOMBARDING
        read = (BY_FIRING, MORTAR_ROLL) if mortar else (ACROSS_HEDGE, BY_FIRING)
        assumptions = tuple(m.game.option_spec(o).assumption(m.game.option(o)) for o in read)
        if mortar:
            if cell not in mortar_smoke_hexes(m, u):
                why.append(f"{u.id} does not see {label} within its range: no spotted target hex (7.4, 6.61)")
        elif u.type != "engineer":
            why.append(f"{u.id} is a {u.type}: engineers and mortars lay smoke (7.4)")
        elif cell not in m.grid.neighbours(u.cell):
            why.append(f"{label} is not adjacent to {u.id} (7.4)")
        elif not m.game.option(ACROSS_HEDGE) and HEDGE in m.edge_features_at(u.cell, cell):
            why.append(f"{u.id} lays no smoke in {label} across the hedge: fire is blocked (3.4, 7.4)")
        elif by_fire and "smoke" in m.features_at(u.cell):
            why.append(f"{u.id} is in a smoke hex: smoke is laid by firing, and LOS is blocked out of smoke (7.4)")
        if "smoke" in feats:
            why.append(f"{label} is in smoke already (7.4)")
        if "wire" in feats:
            why.append(f"{label} is a barbed-wire hex: its marker fully stacks it (7.5)")
        if by_fire and any(v.cell == cell and entered_from(v.tags) is not None for v in m.units):
            why.append(f"{label} is the hex of an assault: smoke is laid by firing, and units cannot fire into "
                       "assaults (6.1)")
    else:
        if cell != u.cell or "wire" not in feats:
            why.append(f"{u.id} is not in a barbed-wire hex{'' if cell == u.cell else ' ' + label} (7.5)")
    if action != DIG:
        dice, firepower = rules.strength(u), _firepower(m, u)
        if action == CLEAR_WIRE and u.type == "engineer":
            firepower = ENGINEER_WIRE_FIREPOWER
        elif action == SMOKE and u.type in BOMBARDING and m.game.option(MORTAR_ROLL) == "one":
            firepower = 1               # a die showing 1 is a hit at F1 (6.1)
    p = Fraction(1) if action == DIG else _at_least_one_hit(dice, firepower)
    return SpecialAction(m, u.id, action, label, tuple(why), p, dice, firepower, assumptions)


def _site(m: Map, where: Cell | Edge | str) -> Cell | Edge:
    """A cell, or a hexside named by its edge or its two hexes (``F3|G3``)."""
    if isinstance(where, Edge):
        return where
    if isinstance(where, str) and "|" in where:
        a, _, b = where.partition("|")
        return m.edge(a.strip(), b.strip())
    return m.cell(where)


def _demolition(m: Map, u: Unit, where: Cell | Edge | str | None) -> SpecialAction:
    """:func:`special_action`'s answer for ``demolish`` (7.3; see the module docstring)."""
    if where is None:
        raise WartoolsError("demolish: name the bridge's hexside (an edge, or its two hexes 'F3|G3')")
    edge = _site(m, where)
    if not isinstance(edge, Edge):
        raise WartoolsError(f"demolish: {m.label(edge)} is a hex; name the bridge's hexside by its two hexes "
                            "('F3|G3')")
    label = m.grid.edge_label(edge)
    feats = m.edge_features_at(edge)
    why = ["bunkers take no special action (2.55)"] if u.type == "bunker" else []
    if "bridge" not in feats:
        why.append(f"hexside {label} is no bridge (7.3)")
    elif DESTROYED in feats:
        why.append(f"the bridge at {label} is destroyed already (7.3)")
    mortar = u.type in BOMBARDING
    assumptions: tuple[Assumption, ...] = ()
    firepower = _firepower(m, u)
    if mortar:
        firepower = -(-firepower // 2)          # half, rounded up; no wood bonus (7.3)
        if not {edge.a, edge.b} & mortar_smoke_hexes(m, u):
            why.append(f"{u.id} sees neither hex of the bridge at {label} within its range: it is not spotted "
                       "(7.3, 6.61)")
    elif u.type != "engineer":
        why.append(f"{u.id} is a {u.type}: engineers demolish bridges and mortars bombard them (7.3)")
    else:
        if u.cell not in (edge.a, edge.b):
            why.append(f"{u.id} is not adjacent to the bridge at {label}: it stands in neither of its hexes (7.3)")
        assumptions = m.game.assumptions([MATERIAL])
        if m.game.option(MATERIAL) == "wood":
            firepower += 1
    rules = cast("Turns", m.game.turn_rules())
    dice = rules.strength(u)
    return SpecialAction(m, u.id, DEMOLISH, label, tuple(why), _at_least_one_hit(dice, firepower), dice,
                         firepower, assumptions)


@lru_cache(maxsize=256)
def _at_least_one_hit(dice: int, firepower: int) -> Fraction:
    """The chance ``dice`` d10 at ``firepower`` roll at least one hit (6.1: the game's fire odds)."""
    from wartools.games.combat_infantry.combat import fire

    return fire(dice, firepower).prob(lambda h: h >= 1)


def mortar_smoke_hexes(m: Map, u: Unit) -> frozenset[Cell]:
    """The hexes mortar ``u`` may lay smoke on, spotted by itself (7.4, 6.61): within its range (2.13; at
    night the line-of-sight rules' limit too, 10.3), other than its own, that it sees (6.4, sight as an HQ
    spots). Sight reads no units (6.4: units see through units, friendly or not), so the hexes are kept per
    board (its fingerprint, the game's settings in it) and the mortar's cell, type and side: the offers and
    their scores ask them again in every position.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("ci", 9, 1, terrain={"D1": "woods"}, units=[("mo", "US", "mortar", "A1")])
    >>> sorted(m.label(c) for c in mortar_smoke_hexes(m, m.unit("mo")))     # woods: seen from next door only
    ['B1', 'C1']
    """
    from wartools.los.analysis import viewshed

    key = (m.board_fingerprint, u.cell, u.type, u.side)
    got = _SEEN.get(key)
    if got is None:
        if len(_SEEN) >= 256:
            _SEEN.clear()
        reach = m.game.fire_rules().target_profile(u.type).range
        grid = m.grid
        near = [c for c in grid.cells() if 0 < grid.distance(u.cell, c) <= reach]
        seen = viewshed(m, u.cell, cells=near, unit=u.type, side=u.side, mode="sight", range=reach) if near else ()
        got = _SEEN[key] = frozenset(c for c in seen if c != u.cell)
    return got


#: the hexes a mortar sees, per board and mortar (:func:`mortar_smoke_hexes`)
_SEEN: dict[tuple[str, Cell, str, str], frozenset[Cell]] = {}


def _dig_refusals(m: Map, u: Unit, cell: Cell) -> list[str]:
    """Why ``u`` may not dig a foxhole in ``cell`` (its own hex), 7.1."""
    from wartools.games.combat_infantry.movement import STACKING

    label, feats = m.label(cell), m.features_at(cell)
    why = []
    if cell != u.cell:
        why.append(f"{u.id} digs only in its own hex, not {label} (7.1)")
    if m.terrain_at(cell) != "clear":
        why.append(f"{label} is {m.terrain_at(cell)}: a foxhole is dug only in Clear terrain (7.1)")
    if "foxhole" in feats:
        why.append(f"{label} has a foxhole already (7.1)")
    if "wire" in feats:
        why.append(f"{label} is a barbed-wire hex: its marker fully stacks it (7.5)")
    stack = sum(1 for v in m.units if v.cell == cell and v.side == u.side)
    if stack > STACKING["foxhole"]:
        why.append(f"{stack} {u.side} units in {label}: a foxhole stacks {STACKING['foxhole']} (7.1, 8.2)")
    return why


def _firepower(m: Map, u: Unit) -> int:
    """``u``'s firepower: a ``firepower=N`` tag, else its type's (2.12)."""
    profile = m.game.fire_rules().target_profile(u.type)
    return int(tag_values(u.tags).get("firepower", profile.value("firepower")))


__all__ = ["BY_FIRING", "CLEAR_WIRE", "DEMOLISH", "DIG", "FEATURES", "MATERIAL", "MORTAR_ROLL", "RULES", "SMOKE",
           "SpecialAction", "mortar_smoke_hexes", "special_action"]
