"""Combat Infantry's attack question (Combat Infantry 2.1, 2.53, 6.1, 6.2, 6.32, 6.5, 6.51, 6.6,
6.61, 8.0, 10.3).

- A unit fires one d10 per strength step at its firepower, at targets in range (6.2; at
  night at most 2 hexes, 10.3) and in line of sight (6.4); armour class is subtracted
  when a face-up armoured unit is targeted (6.32): a hidden tank has AC-Zero (2.53). A
  **hit** is one d10 hit (6.1): on D2 terrain two hits take a step (6.7), so expected hits
  are what several attackers add up.
- Units cannot fire into assaults (6.1): a hex holding units of both sides is refused.
- Fire limits (6.5): adjacent fire through a hexside is limited by its terrain (Clear 2,
  Town 1, a hedge 0: :func:`~wartools.games.combat_infantry.limits.hexside_limits`);
  long-range fire (6.51): one unit per firing hex and target hex. Each attack names the
  limits it counts against; the analysis lets the best attacks within them fire.
- Mortars bombard (6.6): indirect fire, free of fire limits, at what they see or at a hex
  an HQ of their side spots (6.61: within 3 hexes, 4 if the HQ is higher, with LOS; an
  adjacent HQ always has LOS except through a hedge and adds +1F; one bombarding unit per
  HQ and game turn). Which HQ of which company may spot is not modelled: any HQ of the
  side spots (option-free reading, said in the answer).
- Attackers on one target hex fire separately: independent attacks.
- A unit rallies, fires *or* moves in an activation (5.0, 8.0): no move-and-fire. The
  enemy fires at a mover where its move stops (there is no opportunity fire).

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

from collections.abc import Hashable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.games.fire_rules import END_OF_MOVE, GAME_TURN, FireRules, Limit, Line, Profile, Refusal, tag_values
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.rules.los import LOSSituation
    from wartools.los.result import LOSResult
    from wartools.mapmodel import Map, Unit
    from wartools.situation import Situation

#: the tag of a unit set up hidden (not face-up; a scenario's ``hidden: true``)
HIDDEN_TAG = "hidden"
#: unit types that bombard (6.6, the red triangle)
BOMBARDING = frozenset({"mortar"})
#: the farthest an HQ spots (6.61: three hexes, four when higher than the target; its line of sight
#: in spotting mode decides which)
SPOTTING_RANGE = 4
#: the readings a shot at a hex rests on (6.3: the owner's choice among equally strong units)
HEX_FIRE_OPTIONS = ("hex-fire-ties",)
SPOTTER_READING = Assumption("Combat Infantry 6.61",
                             "any face-up HQ of the bombarding unit's side may spot for it (the company of "
                             "each HQ and unit is not recorded; option spot-hidden-hq: hidden HQs too)")


def fires_at_hex(target: Unit) -> bool:
    """Whether a shot at ``target`` is fire at its hex (6.3): only face-up units may be targeted
    (6.31), so a shot at a hidden one is fire at the hex it stands in
    (:func:`~wartools.games.combat_infantry.hexfire.hex_fire`).

    Examples
    --------
    >>> from wartools.mapmodel import Unit
    >>> fires_at_hex(Unit("a", "US", "rifle", (0, 0), tags=("hidden",))), fires_at_hex(Unit("b", "US", "rifle", (0, 0)))
    (True, False)
    """
    return HIDDEN_TAG in target.tags


class Fire(FireRules):
    """Combat Infantry's answers to the attack question and the analysis layer."""

    hit = "a hit: one d10 at or under the net firepower (Combat Infantry 6.1); on D2 terrain two hits take a step (6.7)"
    #: firepower less armor class zero or less: no fire (6.32)
    immune_rule = "Combat Infantry 6.32"
    combination = "independent attacks: each unit rolls its own dice (Combat Infantry 6.1)"
    exposure = END_OF_MOVE
    exposure_rule = ("Combat Infantry 5.0, 8.0: the enemy fires in its own activations, not during a move "
                     "(no opportunity fire): a mover is exposed in the hexes its moves stop in")
    PROFILE_RULE = "Combat Infantry 2.1 (unit blocks print strength, firepower, range, armor class)"
    RANGE_RULE = "Combat Infantry 6.2"
    #: typical block values per type: the 2.1 rifle squad (strength 4, F2, range 2), the
    #: Panther example (F7, range 7, AC5) and the Caron Farm mortar (F4, Diagram 6); the
    #: others are representative
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "rifle": {"range": 2, "firepower": 2, "strength": 4},
        "hq": {"range": 1, "firepower": 1, "strength": 1},
        "mg": {"range": 4, "firepower": 3, "strength": 2},
        "mortar": {"range": 6, "firepower": 4, "strength": 2},
        "atr": {"range": 2, "firepower": 3, "strength": 1},
        "engineer": {"range": 1, "firepower": 2, "strength": 3},
        "sniper": {"range": 4, "firepower": 3, "strength": 1},
        "at-gun": {"range": 5, "firepower": 5, "strength": 2},
        "tank": {"range": 7, "firepower": 7, "armor": 5, "strength": 2},
        "vehicle": {"range": 3, "firepower": 2, "armor": 1, "strength": 2},
        "bunker": {"range": 3, "firepower": 3, "armor": 3, "strength": 2},
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._spotting: dict[tuple[Any, ...], tuple[Map, frozenset[Cell]]] = {}

    def profile(self, unit: Unit) -> Profile | None:
        """The typical block of the unit's type, its range from the game's ``range-<type>``
        option (2.13; a group changes it with ``--option``) unless the unit's own ``range=N`` tag
        gives it."""
        p = super().profile(unit)
        if p is None or "range" in tag_values(unit.tags):
            return p
        return replace(p, range=int(self.game.settings.get(f"range-{unit.type}", p.range)))

    def units_read(self, board: Map, attacker: Unit) -> tuple[Unit, ...]:
        """The attacker's side and its allies: friendly units block fire, enemy units never (6.4), HQs
        of the side spot for bombardment (6.61), and a hex is being assaulted (6.1) when units of
        the attacker's team stand with the target."""
        team = board.allies(attacker.side)
        return tuple(u for u in board.units if u.side in team)

    def line_situation(self, board: Map, attacker: Unit, target: Unit, profile: Profile,
                       sit: Situation) -> LOSSituation:
        """Direct fire, or bombardment (6.6: hedges and friendly units do not stop it)."""
        from wartools.los.engine import make_situation

        return make_situation(board, sit, unit=attacker.type, target=target.type, side=attacker.side,
                              mode="fire", range=profile.range, indirect=attacker.type in BOMBARDING)

    def before_line(self, board: Map, attacker: Unit, target: Unit, sit: Situation,
                    profile: Profile) -> Refusal | None:
        """6.1: no fire into an assault (a hex holding units of both sides)."""
        team = board.allies(attacker.side)
        here = {u.side for u in board.units_at(target.cell) if u.id != attacker.id} | {target.side}
        if here & team and here - team:
            return self.refuse(attacker, target, "assault", "Combat Infantry 6.1",
                               f"{board.label(target.cell)} is being assaulted (units of both sides): "
                               "units cannot fire into assaults")
        return None

    def fires_unseen(self, board: Map, attacker: Unit, profile: Profile) -> bool:
        return attacker.type in BOMBARDING

    def unseen(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
               line: LOSResult) -> Line | Refusal:
        """6.6, 6.61: a bombarding unit fires at a hex it does not see when an HQ of its side
        spots it (range and night limits still apply)."""
        refused = super().unseen(board, attacker, target, sit, profile, line)
        if attacker.type not in BOMBARDING or not isinstance(refused, Refusal) or refused.kind != "line":
            return refused
        if any(r.rule_id in self.LINE_KINDS for r in line.reasons if r.effect == "blocks"):
            return refused
        spotter = self._spotter(board, attacker, target, sit)
        house = board.game.assumptions(("spot-hidden-hq",))     # named only when a user turned it on
        if spotter is None:
            return replace(refused, kind="spotting", rule="Combat Infantry 6.6, 6.61",
                           why=f"{refused.why}; no {'' if house else 'face-up '}HQ of its side spots "
                               f"{board.label(target.cell)} (within 3 hexes, 4 if higher, with LOS)",
                           assumptions=(*refused.assumptions, *house))
        hq, adjacent = spotter
        return Line(line.range, 1 if adjacent else 0, True, hq.id,
                    (f"Combat Infantry 6.61: {hq.id} spots the target" + (" from an adjacent hex (+1F)" if adjacent
                                                                          else ""),),
                    (SPOTTER_READING, *house, *line.assumptions))

    def _spotter(self, board: Map, attacker: Unit, target: Unit, sit: Situation) -> tuple[Unit, bool] | None:
        """The HQ of ``attacker``'s side that spots ``target``'s hex (adjacent ones first): a face-up
        one (6.61: "spotting by one face-up HQ"; hidden ones too with option ``spot-hidden-hq``)."""
        hidden = board.game.option("spot-hidden-hq")
        hqs = sorted((u for u in board.units if u.type == "hq" and u.side == attacker.side
                      and (hidden or HIDDEN_TAG not in u.tags)),
                     key=lambda u: (board.grid.distance(u.cell, target.cell), u.id))
        for hq in hqs:
            d = board.grid.distance(hq.cell, target.cell)
            if d > SPOTTING_RANGE or d == 0:
                continue
            if target.cell in self._spotted(board, hq, sit):
                return hq, d == 1
        return None

    def spotted_by(self, board: Map, hq: Unit, sit: Situation) -> frozenset[Cell]:
        """The hexes ``hq`` spots on ``board`` (6.61): within three hexes, four when it is higher than the
        target, that it sees in spotting mode (an adjacent hex always, except through a hedge)."""
        return self._spotted(board, hq, sit)

    def _spotted(self, board: Map, hq: Unit, sit: Situation) -> frozenset[Cell]:
        """The hexes within :data:`SPOTTING_RANGE` of ``hq`` that it sees when spotting (6.61): the
        line of sight of each, judged in one pass and kept per board object and situation."""
        from wartools.los.analysis import viewshed

        key = (id(board), hq, sit)
        got = self._spotting.get(key)
        if got is None or got[0] is not board:
            if len(self._spotting) >= 256:
                self._spotting.clear()
            grid = board.grid
            near = [c for c in grid.cells() if 0 < grid.distance(hq.cell, c) <= SPOTTING_RANGE]
            seen = viewshed(board, hq.cell, sit, cells=near, unit="hq", side=hq.side, mode="sight", spotting=True)
            got = self._spotting[key] = (board, frozenset(seen))
        return got[1]

    def odds_inputs(self, board: Map, attacker: Unit, profile: Profile, target: Unit, defender: Profile,
                    line: Line) -> dict[str, Any] | None:
        """Dice, firepower and armour (6.1, 6.32; AC-Zero when hidden, 2.53; +1F for a spotting
        HQ adjacent to the target, 6.61)."""
        from wartools.games.combat_infantry.combat import ARMORED, can_fire

        armor = defender.value("armor") if target.type in ARMORED and HIDDEN_TAG not in target.tags else 0
        firepower = profile.value("firepower")
        if not can_fire(firepower, armor=armor, modifier=line.modifier if line.spotter else 0):
            return None
        dice = attacker.strength if attacker.strength is not None else profile.value("strength", 1)
        out: dict[str, Any] = {"dice": dice, "firepower": firepower, "armor": armor}
        if line.spotter and line.modifier:
            out["modifier"] = line.modifier
        return out

    def limits(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[Limit, ...] | Refusal:
        """6.5 (adjacent fire through a hexside, per HQ activation), 6.51 (long range: one per
        firing and target hex, a fire limit of 6.5's, so per HQ activation too); bombardment is
        free of fire limits (6.6), but an HQ spots for one bombarding unit per game turn (6.61)."""
        from wartools.games.combat_infantry.limits import hexside_limits
        from wartools.grids import Edge

        if attacker.type in BOMBARDING:
            if line.spotter is None:
                return ()
            return (Limit(("spotter", line.spotter), 1, "Combat Infantry 6.61",
                          f"{line.spotter} spots for one bombarding unit per game turn", per=GAME_TURN),)
        if line.distance >= 2:
            return (Limit(("long-range", attacker.cell, target.cell), 1, "Combat Infantry 6.51",
                          "one unit of a firing hex fires long range at one target hex"),)
        lim = hexside_limits(board, attacker.cell, target.cell)
        if lim.fire == 0:
            return self.refuse(attacker, target, "limit", "Combat Infantry 6.5", f"{lim.why}: no unit fires through it")
        return (Limit(("hexside", Edge.of(attacker.cell, target.cell)), lim.fire, "Combat Infantry 6.5", lim.why,
                      lim.assumptions()),)

    def aim(self, target: Unit) -> Hashable:
        """A shot at a unit that is not face-up is fire at its hex (6.3, 6.31): the hidden units of
        one hex are one target."""
        return ("cell", target.cell) if fires_at_hex(target) else target.id

    def applied(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[str, ...]:
        from wartools.games.combat_infantry.combat import ARMORED

        out = []
        if attacker.type in BOMBARDING:
            out.append("Combat Infantry 6.6: bombardment (indirect fire, no fire limits)")
        if target.type in ARMORED and HIDDEN_TAG in target.tags:
            out.append("Combat Infantry 2.53: a hidden tank has AC-Zero")
        if fires_at_hex(target):
            out.append(f"Combat Infantry 6.3, 6.31: {target.id} is not face-up: fire at hex {board.label(target.cell)}, "
                       "its hits distributed among the enemy units there, strongest first (face-up armored units "
                       "left out)")
        return tuple(out)

    def readings(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[Assumption, ...]:
        """Fire at a hex rests on the owner's choice among equally strong units (6.3)."""
        return tuple(self.game.assumptions(HEX_FIRE_OPTIONS)) if fires_at_hex(target) else ()

    def read(self, answer: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
        return 1 - answer["hits"][0], answer["expected_hits"]
