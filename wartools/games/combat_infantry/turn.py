"""Combat Infantry's sequence of play for playouts (Combat Infantry 1.0-1.3, 4, 5, 6, 7, 9).

- A game turn is eight player turns, four per player, alternating; the scenario names
  the first player of game turn 1, a high d10 roll (ties rolled again) the first player
  of every later one (1.0).
- In a player turn the active player activates one HQ that has not activated this game
  turn, where it stands or deployed first one hex into a friendly hex across a clear hexside or by
  road (4.2), or passes (1.1). A platoon HQ commands its rifle squads in command range (its
  own hex and the adjacent ones, not across a lake hexside) and one weapon there (4.1);
  a squad out of range may still act on a passed morale check (4.3). A company HQ
  commands any three units anywhere (4.1).
- Each commanded unit takes ONE action (1.2): rally (a d10 at or under the HQ's morale
  gains a step, 5.0), fire (6.1: a d10 per step, a hit on each roll at or under the net
  firepower; D2 terrain takes a step per two hits, and a lone half-hit waits for the next hit
  until the activation ends, 6.7), move (8.0), or move into an enemy's hex (9.1: it stops there,
  tagged with the hex it entered from; more units may join it, up to the stacking limit and each
  hexside's assault limit, the movement rules' word). Which ends are assaults is the movement
  rules' word too (``assault_at``): a minefield is one (7.2). The HQ acts last, which ends the
  activation (4.2). A unit that acted may not act again this game turn.
- When the activation ends, half-hits recover (6.7) and then the assaults are fought, one by one
  (1.3, 4.2, 9.1): each the answer of
  :func:`~wartools.games.combat_infantry.hexassault.hex_assault` (the exact three-round chain of
  :mod:`~wartools.games.combat_infantry.assault` with both sides' retreats, 9.2-9.4, and a minefield
  in the hex as one more defender, 7.2), die by die; a cleared minefield leaves the board (the
  position's ``cleared``).
- The winners of an assault may regroup before the next assault is fought (9.5): when one of them may
  move (:func:`~wartools.games.combat_infantry.regroup.regroup`: into an adjacent friendly hex, stacking
  and the hexside's assault limit applying), the fighting stops and the winners' side, the defender's
  too though it is not the side to act, decides unit by unit (the phase ``regroup``: a ``regroup`` offer
  naming each hex the answer allows, or ``stay``); then the next assault is fought, and play goes on
  with the side whose turn it was (:meth:`Turns.after_activation`, the state's ``resume``).
- A commanded unit in a hex on the map's edge may move off the map instead (9.4, 10.4: ``leave``, the
  answer of :meth:`Turns.leaves`; option ``leave-map``): it is removed from play, no VP for the enemy.
- A commanded unit may take a special action instead (7.0), each the answer of
  :func:`~wartools.games.combat_infantry.special.special_action`: dig a foxhole in its Clear hex
  (7.1: it stays for the scenario, the position's ``placed``), an engineer lay smoke in an adjacent
  hex or a mortar on a hex it sees in range (7.4: a d10 a step at its firepower, at least one hit), a unit in barbed wire clear it (7.5: the
  same roll, an engineer at F4; the wire leaves the board, the position's ``cleared``), an engineer in
  a bridge's hex demolish it or a mortar that sees it bombard it (7.3: the same roll, a mortar at half
  firepower; the bridge's hexside gets a ``destroyed`` marker, the position's ``placed``); the unit ends
  it face-up (7.0). Smoke dissipates when the game turn ends (7.4), the map's own smoke with the rest.
- A shot is one the attack question allows with room left in the fire limits it counts against
  (the engine counts them): a hexside's fire limit and one long-range firer per firing and target
  hex per HQ activation (6.5, 6.51), one bombarding unit per spotting HQ per game turn (6.61).
  A mortar bombards (6.6): at what it sees or what an HQ spots (+1F from an adjacent HQ), D2 as
  against bombardment (none in woods, 6.62), and every 0 rolled a hit on its side's units
  adjacent to the target hex (6.63).
- A company HQ's activation may call one off-map strike (2.6 field artillery, 2.7 air support) while its
  side has strikes of the kind left (the scenario's side resources ``artillery`` and ``air``, spent for the
  whole scenario, as a position records them: ``spent``): one of its three commands (4.1), never both
  kinds in one activation, on a spotted enemy hex or at a bunker there, each the answer of
  :func:`~wartools.games.combat_infantry.strike.strike` (its spotting HQ's one bombardment a game turn
  counted, 6.61): three dice rolled, the hits distributed
  as the answer says (6.3, armour class zero, a bunker's halved) and every 0 a friendly hit (two for air)
  on the side's units adjacent to the hex (6.63).
- A shot at a unit that is not face-up is fire at its hex (6.3, 6.31): its hits go to the enemy units
  there, strongest first, a face-up tank left out, as
  :func:`~wartools.games.combat_infantry.hexfire.hex_fire` answers; a face-up unit is targeted and takes
  every hit (6.31).
- A block faces upright (hidden: tag ``hidden``) or face-up (revealed): a unit is revealed when it fires,
  bombards or moves into an assault, a defender when its assault is fought (9.1: all units in it), an HQ
  when it activates, a tank when it moves; at the end of each
  game turn every unit is turned upright, tanks by option, bunkers never (1.3, 2.53, 2.55, 4.2, 6.1, 9.2:
  :func:`~wartools.games.combat_infantry.orientation.orient`); defenders that win an assault stand upright
  unless they activated this game turn (9.2).
- Stacking applies when the activation ends (8.2), its assaults and regroups done: an HQ that deployed
  into a full hex (4.2) and is still there is eliminated.
- An eliminated HQ returns at once by battlefield promotion (4.4): in or next to one of its side's
  rifle squads (a company HQ: next to a platoon HQ), a squad losing a step; not when its side has no
  rifle squad left.

Examples
--------
>>> from wartools.games import find_game
>>> t = find_game("ci").turn_rules()
>>> t.PLAYER_TURNS, t.morale_of_type("hq")
(4, 7)
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, cast

from wartools.errors import WartoolsError
from wartools.games.combat_infantry.combat import HALF_HIT
from wartools.games.combat_infantry.movement import DESTROYED, NO_ASSAULT, assaulting_tag, entered_from
from wartools.games.combat_infantry.regroup import REGROUP, STAY, regroup, regrouped_from, regrouped_tag
from wartools.games.combat_infantry.orientation import orient
from wartools.games.combat_infantry.special import CLEAR_WIRE, DEMOLISH, DIG, SMOKE, mortar_smoke_hexes, special_action
from wartools.games.combat_infantry.special import RULES as SPECIAL
from wartools.games.combat_infantry.strike import AT_BUNKER, BUNKER_ARMOR, FIREPOWER, STRIKE_WORDS, strike
from wartools.games.combat_infantry.strike import RULES as STRIKES
from wartools.games.fire_rules import GAME_TURN, Limit
from wartools.games.fire_rules import tag_values
from wartools.grids.base import Edge
from wartools.rules.movement import Step
from wartools.rules.options import Assumption
from wartools.rules.turn import (ASSAULT, FIRE, MOVE, PLACE, Change, Dice, Offer, Prospect, Resolution, Roll,
                                 TurnRules, TurnState, strength_effects)

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.combat_infantry.hexfire import HexFire
    from wartools.games.combat_infantry.movement import Rules as Movement
    from wartools.games.combat_infantry.strike import Strike
    from wartools.games.fire_rules import Attack
    from wartools.grids.base import Cell
    from wartools.mapmodel import Map, Unit

#: the word for a unit moving off the map by choice (9.4)
LEAVE = "leave"
#: hexside features command range is not traced across (4.1: impassable hexsides)
COMMAND_STOPPERS = frozenset({"lake"})
#: the phase of the player turns, and the phase in which the winners of an assault regroup (9.5)
PLAYER_TURNS, REGROUPING = "player turns", "regroup"


class Turns(TurnRules):
    """Combat Infantry's turn rules; see the module docstring."""

    sequence = ("game turns of eight alternating player turns (four each); in each the player "
                "activates one HQ, whose commanded units rally, fire, move, assault or take a special "
                "action once (Combat Infantry 1.0-1.3, 7.0)")
    turn_rule = "Combat Infantry 1.0"
    reads: ClassVar[tuple[str, ...]] = ("assault-attacker-retreat", "assault-defender-retreat", "assault-hq-morale",
                                        "assault-off-map-limit", "regroup-control", "promotion-squad",
                                        "friendly-fire-order", "tanks-upright",
                                        "smoke-across-hedge", "smoke-by-firing", "mortar-smoke-roll", "hex-fire-ties",
                                        "setup-upright", FIREPOWER, BUNKER_ARMOR)
    PLAYER_TURNS: ClassVar[int] = 4
    #: the strikes are the whole scenario's (2.6: the block's steps are rotated to keep track of the
    #: strikes remaining)
    lasting: ClassVar[frozenset[str]] = frozenset(STRIKES)
    #: morale (2.16) of each type where the unit's own ``morale=N`` tag does not give it
    MORALE: ClassVar[Mapping[str, int]] = MappingProxyType({"hq": 7})
    DEFAULT_MORALE: ClassVar[int] = 6
    OMITTED = (
        ("Combat Infantry Fog of War, 2.53", "a reinforcement enters facing as the scenario marks it (face-up "
                                             "unless hidden: true): the blocks stand upright (option setup-upright) "
                                             "for the units on the map as play starts"),
        ("Combat Infantry 1.1, 4.1", "platoons and companies: the scenario names none, so each platoon HQ "
                                     "commands every rifle squad of its side and the company HQ every unit"),
        ("Combat Infantry 6.3, 6.31", "fire at a hex whose every enemy unit is face-up: a shot at a face-up unit "
                                      "always targets it (6.31: may be targeted); a shot at a hidden one is fire at "
                                      "its hex, offered once per hex (naming its first hidden unit)"),
        ("Combat Infantry 6.61", "a spotted bombardment counts against the HQ the attack question names (the "
                                 "nearest that spots); once that HQ has spotted this game turn, another HQ that "
                                 "could spot the hex is not asked"),
        ("Combat Infantry 2.6, 2.7", "a hex holding two bunkers: a strike targets the first of them in the "
                                     "scenario's order"),
        ("Combat Infantry 7.1, 8.2", "digging a foxhole where the unit's side has three units (the foxhole "
                                     "stacks two, so one would be eliminated): not offered"),
        ("Combat Infantry 7.3", "field artillery and air strikes on a bridge, and a mortar's bombardment of a "
                                "bridge only an HQ spots: strikes target hexes, and a mortar bombards the bridges "
                                "it sees itself"),
        ("Combat Infantry 7.4, 6.61", "mortar smoke on a hex only an HQ spots (whether it takes the HQ's one "
                                      "bombarding unit a game turn is not said): a mortar lays smoke on hexes it "
                                      "sees itself"),
        ("Combat Infantry 7.5", "withdrawing from wire by the hexside the unit entered by: it leaves by a normal "
                                "move across any hexside (the hexside a unit entered by is not recorded)"),
        ("Combat Infantry 7.2", "a cleared minefield scores no VP (the map's mines name no side); hidden "
                                "minefields (every minefield is on the map face-up)"),
    )

    # --- units ------------------------------------------------------------------------
    def morale_of_type(self, unit_type: str) -> int:
        """The typical morale of a unit type (2.16)."""
        return int(self.MORALE.get(unit_type, self.DEFAULT_MORALE))

    def morale(self, unit: Unit) -> int:
        """A unit's morale: its ``morale=N`` tag, else its type's typical value."""
        return int(tag_values(unit.tags).get("morale", self.morale_of_type(unit.type)))

    def in_cover(self, m: Map, unit: Unit) -> bool:
        """Whether the unit has D2 against fire where it stands (6.7, 7.1 foxholes)."""
        from wartools.games.combat_infantry.combat import defends_d2

        return defends_d2(m.terrain_at(unit.cell), "fire", foxhole="foxhole" in m.features_at(unit.cell))

    def assumptions(self) -> tuple[Assumption, ...]:
        from wartools.games.combat_infantry.hexassault import CHOICES, MINE_CHOICES

        return (*super().assumptions(), *CHOICES, *MINE_CHOICES,
                Assumption("Combat Infantry 8.2", "a hex over the stacking limit at the end of an HQ activation "
                                                  "loses the unit that overstacked it, the HQ that deployed there "
                                                  "(4.2; which unit is the owner's choice)"),
                Assumption("Combat Infantry 2.16", f"units test morale {self.DEFAULT_MORALE} and HQs "
                                                   f"{self.morale_of_type('hq')} unless the scenario gives "
                                                   "them a morale=N tag (the excerpt prints no blocks)"))

    # --- the turn ---------------------------------------------------------------------
    def start_turn(self, turn: int, sides: tuple[str, ...], first: str, dice: Dice,
                   full: Mapping[str, int], resources: Mapping[str, Mapping[str, int]]
                   ) -> tuple[TurnState, tuple[Roll, ...]]:
        rolls: tuple[Roll, ...] = ()
        if turn > 1 and len(sides) == 2:
            faces: list[int] = []
            while True:
                a, b = dice.roll(10, 2)
                faces += [a, b]
                if a != b:
                    break
            first = sides[0] if a > b else sides[1]
            rolls = (Roll(sides[0], f"high d10 for the first player of game turn {turn} ({sides[0]} against "
                                    f"{sides[1]}, ties rolled again)", tuple(faces), Fraction(1, 2),
                          Fraction(int(first == sides[0])), Fraction(1, 2), "Combat Infantry 1.0"),)
        state = TurnState(turn, PLAYER_TURNS, first, first, sides, full=full, resources=resources)
        return state, rolls

    def over(self, state: TurnState) -> bool:
        return state.phase != REGROUPING and all(state.impulses.get(s, 0) >= self.PLAYER_TURNS for s in state.sides)

    def _in_range(self, m: Map, hq: Unit, unit: Unit) -> bool:
        if unit.cell == hq.cell:
            return True
        if unit.cell not in m.grid.neighbours(hq.cell):
            return False
        return not COMMAND_STOPPERS & set(m.edge_features_at(hq.cell, unit.cell))

    def _commanded(self, m: Map, hq: Unit, state: TurnState) -> tuple[str, ...]:
        units = [u for u in m.units if u.side == hq.side and u.id != hq.id and u.id not in state.acted
                 and u.type != "hq"]
        if self._is_company_hq(m, hq):
            return tuple(u.id for u in units)
        return tuple(u.id for u in units if self._in_range(m, hq, u))

    @staticmethod
    def _is_company_hq(m: Map, hq: Unit) -> bool:
        """A company HQ is named so (``chq`` in its id or name, or a ``company`` tag)."""
        text = f"{hq.id} {hq.name or ''}".lower()
        return "chq" in text or "company" in text or "company" in hq.tags

    def _unit_offers(self, m: Map, u: Unit, state: TurnState) -> list[Offer]:
        if u.type == "bunker":      # 2.55: no rally, move or special action (the answer refuses the last too)
            return [Offer(FIRE, u.id, rule="Combat Infantry 6.0")]
        out = []
        if self.strength(u) < state.full.get(u.id, self.strength(u)):
            out.append(Offer("rally", u.id, rule="Combat Infantry 5.0"))
        out.append(Offer(FIRE, u.id, rule="Combat Infantry 6.0"))
        out.append(Offer(MOVE, u.id, rule="Combat Infantry 8.0"))
        if u.type not in NO_ASSAULT:
            out.append(Offer(ASSAULT, u.id, rule="Combat Infantry 9.1"))
        if self.leaves(m, u).passable:
            out.append(Offer(LEAVE, u.id, rule="Combat Infantry 9.4"))
        return out + self._special_offers(m, u)

    @staticmethod
    def leaves(m: Map, u: Unit) -> Step:
        """Whether ``u`` may move off the map by choice now, and what it pays (9.4; option ``leave-map``): from
        a hex on the map's edge, within its allowance (halved at night), the step the movement rules read
        for it (:meth:`~wartools.games.combat_infantry.movement.Rules.off_map_step`), never out of an
        assault (a hex it shares with enemy units: it retreats from one, 9.1, 9.4). A blocked step's
        ``why`` says why not."""
        from wartools.movement.search import resolve_graph

        if m.game.option("leave-map") == "never":
            return Step.blocked("units leave the map only by retreating off it (option leave-map)")
        grid = m.grid
        if len(grid.neighbours(u.cell)) == len(grid.all_neighbours(u.cell)):     # asked first: it costs least
            return Step.blocked(f"{m.label(u.cell)} is not on the map's edge (9.4)")
        if any(v.cell == u.cell and v.side not in m.allies(u.side) for v in m.units):
            return Step.blocked(f"{u.id} is in an assault: it leaves only by retreating (9.1, 9.4)")
        _, mg = resolve_graph(m, u.cell, u.id)
        rules = cast("Movement", mg.rules)
        blocked = rules.start_blocker()
        step = Step.blocked(blocked) if blocked else rules.off_map_step(u.cell)
        if step.passable and (step.cost or 0) > mg.allowance:
            return Step.blocked(f"{u.id} has {mg.allowance} MP, the step off the map costs {step.cost} (9.4)")
        return step

    @staticmethod
    def _special_offers(m: Map, u: Unit) -> list[Offer]:
        """The special actions (7.0) :func:`~wartools.games.combat_infantry.special.special_action` allows
        ``u``: a foxhole in its hex (7.1), smoke in an adjacent hex or, by a mortar, on a hex it sees in
        range (7.4), clearing the wire it stands in (7.5), demolishing a bridge of its hex (an engineer) or
        bombarding one it sees (a mortar, 7.3), each the game's word with the hex (the bridge's hexside) it
        acts on."""
        from wartools.games.combat_infantry.fire import BOMBARDING

        hexes: list[tuple[str, Cell | Edge]] = [(DIG, u.cell), (CLEAR_WIRE, u.cell)]
        bridges = sorted(e for e, fs in m.edges.items() if "bridge" in fs and DESTROYED not in fs)
        if u.type == "engineer":
            hexes += [(SMOKE, c) for c in m.grid.neighbours(u.cell)]
            hexes += [(DEMOLISH, e) for e in bridges if u.cell in e]
        elif u.type in BOMBARDING:
            seen = mortar_smoke_hexes(m, u)
            hexes += [(SMOKE, c) for c in sorted(seen, key=m.grid.to_offset)]
            hexes += [(DEMOLISH, e) for e in bridges if e.a in seen or e.b in seen]
        return [Offer(kind, u.id, rule=SPECIAL[kind], dest=c) for kind, c in hexes if special_action(m, u, kind, c)]

    def offers(self, m: Map, state: TurnState) -> tuple[Offer, ...]:
        side = state.side
        if state.phase == REGROUPING:
            return self._regroup_offers(m)
        if state.active is None:
            hqs = [u for u in m.units if u.side == side and u.type == "hq" and not state.spent.get(u.id)]
            deploy = [Offer("deploy", u.id, rule="Combat Infantry 4.2", dest=c) for u in hqs
                      for c in self.deploy_hexes(m, u)] if hqs else []
            return (*(Offer("activate", u.id, rule="Combat Infantry 1.1, 4.2") for u in hqs), *deploy,
                    Offer("pass", rule="Combat Infantry 1.1"))
        on_map = {u.id: u for u in m.units}
        hq = on_map.get(state.active)
        out: list[Offer] = []
        company = hq is not None and self._is_company_hq(m, hq)
        for uid in state.commanded:
            u = on_map.get(uid)
            if u is None or uid in state.acted:
                continue
            weapon = u.type != "rifle"
            if (company or weapon) and state.budget <= 0:
                continue
            out += self._unit_offers(m, u, state)
        if hq is not None and company:
            out += self._strike_offers(m, hq, state)
        if hq is not None and not company:
            for u in m.units:
                if (u.side == side and u.type == "rifle" and u.id not in state.acted
                        and u.id not in state.commanded):
                    out.append(Offer("command-check", u.id, rule="Combat Infantry 4.3"))
        if hq is not None and hq.id not in state.acted:
            out += self._unit_offers(m, hq, state)
        out.append(Offer("end", state.active, rule="Combat Infantry 4.2"))
        return tuple(out)

    def _strike_offers(self, m: Map, hq: Unit, state: TurnState) -> list[Offer]:
        """The strikes active company HQ ``hq`` may call (2.6, 2.7): for each kind its side has left, on
        each enemy hex (in the board's order) and at each bunker there (the first of a hex), every one
        :func:`~wartools.games.combat_infantry.strike.strike` allows (:meth:`strike_answer`)."""
        left = state.resources.get(hq.side, {})
        kinds = [k for k in STRIKES if left.get(k, 0) > 0]
        if not kinds or state.budget <= 0:
            return []
        team = m.allies(hq.side)
        cells = sorted({u.cell for u in m.units if u.side not in team}, key=m.grid.to_offset)
        out = []
        for kind in kinds:
            for c in cells:
                if self.strike_answer(m, state, kind, c):
                    out.append(Offer(kind, hq.id, rule=f"{STRIKES[kind]}, 4.1", dest=c))
                if self.strike_answer(m, state, AT_BUNKER[kind], c):
                    out.append(Offer(AT_BUNKER[kind], hq.id, rule=f"{STRIKES[kind]}, 4.1", dest=c))
        return out

    def strike_answer(self, m: Map, state: TurnState, word: str, cell: Cell) -> Strike:
        """The single answer on a strike called by ``state``'s active HQ (``word``: a kind of strike, or
        the kind at a bunker, :data:`~wartools.games.combat_infantry.strike.AT_BUNKER`) on ``cell``: its
        side's strikes left and its commands left as ``state`` says, the kinds it has called this
        activation and the HQs that have spotted this game turn as its fire limits count them (6.61)."""
        kind = STRIKE_WORDS[word]
        hq = m.unit(state.active or "")
        keys = [x.key for x in state.fired]
        called = [k[2] for k in keys if k[:2] == ("strike", hq.id)]
        spotted = [k[1] for k in keys if k[0] == "spotter"]
        target = None
        if word != kind:
            target = next((u.id for u in m.units if u.cell == cell and u.type == "bunker"
                           and u.side not in m.allies(hq.side)), "")
        return strike(m, kind, cell, hq, left=state.resources.get(hq.side, {}).get(kind, 0), commands=state.budget,
                      called=called, spotted=spotted, target=target)

    @staticmethod
    def _regroup_offers(m: Map) -> tuple[Offer, ...]:
        """The regroup of the first winner still to choose, in the map's order (9.5: unit by unit): into each
        hex :func:`~wartools.games.combat_infantry.regroup.regroup` allows it, or to stay."""
        u = next(u for u in m.units if REGROUP in u.tags)
        into = regroup(m, u.cell, [u.id]).allowed(u.id)
        return (*(Offer(REGROUP, u.id, rule="Combat Infantry 9.5", engine=PLACE, dest=m.cell(h)) for h in into),
                Offer(STAY, u.id, rule="Combat Infantry 9.5"))

    def deploy_hexes(self, m: Map, hq: Unit) -> tuple[Cell, ...]:
        """The hexes ``hq`` may deploy to as it activates (4.2): an adjacent friendly hex (8.3: its
        side's, occupied or controlled) reached across a clear hexside or by road, where an HQ may
        stand; stacking does not limit it (4.2: it may overstack for the while).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("ci", 4, 1, units=[("hq", "US", "hq", "B1"), ("r", "US", "rifle", "C1")],
        ...              edges={("A1", "B1"): "hedge"})
        >>> [m.label(c) for c in Turns(m.game).deploy_hexes(m, m.unit("hq"))]
        ['C1']
        """
        from wartools.games.combat_infantry.scenario import hex_control
        from wartools.grids import Edge

        roads = m.road_edges
        near = [c for c in m.grid.neighbours(hq.cell)
                if not m.edge_features_at(hq.cell, c) or Edge.of(hq.cell, c) in roads]
        if not near:
            return ()
        control = hex_control(m, m.units)
        near = [c for c in near if control.get(c) == hq.side]
        rules = self.game.scenario_rules()
        return tuple(c for c in near if rules.standing_problem(m, hq.type, c) is None)

    def _end_impulse(self, state: TurnState) -> TurnState:
        acted = state.acted | ({state.active} if state.active else set())
        impulses = MappingProxyType({**state.impulses, state.side: state.impulses.get(state.side, 0) + 1})
        nxt = state.other()
        if impulses.get(nxt, 0) >= self.PLAYER_TURNS:     # the other player has had all four
            nxt = state.side
        return state.replace(side=nxt, active=None, commanded=(), budget=0, impulses=impulses, acted=acted,
                             passes=0)

    def after(self, m: Map, state: TurnState, kind: str, unit: str | None, cost: int,
              outcome: str = "") -> TurnState:
        if kind == "pass":
            return self._end_impulse(state)
        if kind in (REGROUP, STAY):       # the last winner to choose closes the activation's regroup (9.5)
            if any(REGROUP in u.tags for u in m.units):
                return state
            return state.replace(phase=PLAYER_TURNS, side=state.resume or state.side, resume=None, active=None)
        if kind in ("activate", "deploy"):       # deployed first, the HQ commands from its new hex (4.2)
            hq = m.unit(unit or "")
            commanded = self._commanded(m, hq, state)
            return state.replace(active=unit, commanded=commanded, budget=3 if self._is_company_hq(m, hq) else 1,
                                 spent=state.spend(unit or "", 1))
        if kind == "end":
            return self._end_impulse(state)
        if kind in STRIKE_WORDS:     # one command of the CHQ and one strike of the side (2.6, 2.7, 4.1)
            what = STRIKE_WORDS[kind]
            left = dict(state.resources.get(state.side, {}))
            left[what] = left.get(what, 0) - 1
            counted = [Limit(("strike", state.active, what), 1, STRIKES[what], "one strike a CHQ activation")]
            if outcome.startswith("spotter="):
                spotter = outcome.split("=", 1)[1]
                counted.append(Limit(("spotter", spotter), 1, "Combat Infantry 6.61",
                                     f"{spotter} spots for one bombarding unit per game turn", per=GAME_TURN))
            return state.replace(budget=state.budget - 1, fired=(*state.fired, *counted),
                                 resources=MappingProxyType({**state.resources, state.side: MappingProxyType(left)}))
        if kind == "command-check":
            if outcome == "pass":
                return state.replace(commanded=(*state.commanded, unit or ""))
            return state.replace(acted=state.acted | {unit or ""})
        # a unit action (rally, fire, move, assault)
        if unit == state.active:
            return self._end_impulse(state)
        acted = state.acted | {unit or ""}
        budget = state.budget
        if unit in state.commanded:
            on_map = {x.id: x for x in m.units}
            boss = on_map.get(state.active or "")
            mover = on_map.get(unit or "")
            company = boss is not None and self._is_company_hq(m, boss)
            if company or mover is None or mover.type != "rifle":
                budget -= 1
        return state.replace(acted=acted, budget=budget)

    # --- resolution -------------------------------------------------------------------
    def _hq_morale(self, m: Map, state: TurnState) -> int:
        hq = next((u for u in m.units if u.id == state.active), None)
        return self.morale(hq) if hq is not None else self.DEFAULT_MORALE

    def prospect(self, m: Map, state: TurnState, kind: str, unit: Unit | None,
                 dest: Cell | None = None) -> Prospect:
        """A rally gains one step with the chance of a morale check at the active HQ's morale
        (5.0); a check out of command lets the squad act with the chance of its own (4.3); an HQ's
        activation lets its units act (1.1, 4.2); a special action places its foxhole or smoke, or
        removes the wire, on ``dest`` with the chance of :func:`~wartools.games.combat_infantry.special.special_action`
        (7.1, 7.4, 7.5).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> from wartools.rules.turn import TurnState
        >>> m = tiny_map("ci", 2, 1, units=[("hq", "US", "hq", "A1"), ("r", "US", "rifle", "B1")])
        >>> t = Turns(m.game)
        >>> s = TurnState(1, "player turns", "US", "US", ("US", "German"), active="hq")
        >>> t.prospect(m, s, "rally", m.unit("r")).steps, t.prospect(m, s, "command-check", m.unit("r")).acting
        (Fraction(7, 10), Fraction(3, 5))
        """
        from wartools.games.combat_infantry.combat import morale_check

        if kind in ("activate", "deploy"):
            return Prospect(acting=Fraction(1))
        if unit is None:
            return Prospect()
        if kind == "rally":
            return Prospect(steps=morale_check(self._hq_morale(m, state)))
        if kind == "command-check":
            return Prospect(acting=morale_check(self.morale(unit)))
        if kind in STRIKE_WORDS and dest is not None:
            answer = self.strike_answer(m, state, kind, dest)      # zeros hit only friendly units adjacent (6.63)
            return Prospect(hits=answer.expected_hits - (answer.friendly_hits.mean() if answer.friendly else 0))
        if kind == LEAVE:           # the side loses the unit's steps, as it would lose them eliminated
            return Prospect(steps=-Fraction(self.strength(unit)))
        if kind in SPECIAL:
            got = special_action(m, unit, kind, dest)
            change = ((got.site, got.feature),)
            return Prospect(places=change if got.places else (), clears=() if got.places else change, changes=got.p)
        return Prospect()

    def resolve(self, m: Map, kind: str, unit: Unit | None, dice: Dice, state: TurnState,
                dest: Cell | None = None) -> Resolution:
        """A game word: an HQ deploying (4.2) or activating, turned face-up either way (4.2:
        :func:`~wartools.games.combat_infantry.orientation.orient`), a rally (5.0) or a check to act
        out of command (4.3), each a d10 against morale."""
        from wartools.games.combat_infantry.combat import morale_check, passes_morale

        if kind in ("activate", "deploy") and unit is not None:
            turned, words = orient(m, (unit.id,), "activate")
            if kind == "deploy" and dest is not None:
                turned, words = (Change(unit.id, cell=dest), *turned), (f"{unit.id} deploys to {m.label(dest)} (4.2)",
                                                                        *words)
            return Resolution((), turned, words)
        if kind in (REGROUP, STAY) and unit is not None:
            return self._regroup(m, unit, dest if kind == REGROUP else None)
        if kind in SPECIAL and unit is not None:
            return self._special(m, kind, unit, dice, dest)
        if kind == LEAVE and unit is not None:
            return Resolution((), (Change(unit.id, off_map=True),),
                              (f"{unit.id} moves off the map from {m.label(unit.cell)}: removed from play, no VP "
                               "for the enemy (9.4)",))
        if kind in STRIKE_WORDS and dest is not None:
            return self._strike(m, kind, dice, state, dest)
        if unit is None or kind not in ("rally", "command-check"):
            return Resolution()
        morale = self._hq_morale(m, state) if kind == "rally" else self.morale(unit)
        face = dice.roll(10)
        ok = passes_morale(face[0], morale)
        p_pass = morale_check(morale)
        if kind == "rally":
            what, rule = f"{unit.id} rallies on its HQ's morale {morale}", "Combat Infantry 5.0"
        else:
            what, rule = f"{unit.id} tests morale {morale} to act out of command", "Combat Infantry 4.3"
        roll = Roll(unit.side, what, face, p_pass if ok else 1 - p_pass, Fraction(int(ok)), p_pass, rule)
        if kind == "command-check":
            return Resolution((roll,), (), (f"{unit.id} {'passes: it may act' if ok else 'fails: it may not act'}",),
                              "pass" if ok else "fail")
        if not ok:
            return Resolution((roll,), (), (f"{unit.id} fails to rally",))
        now = self.strength(unit)
        return Resolution((roll,), (Change(unit.id, strength=now + 1),), (f"{unit.id} rallies a step",))

    @staticmethod
    def _regroup(m: Map, unit: Unit, dest: Cell | None) -> Resolution:
        """``unit`` regroups into ``dest``, or stays (``None``), 9.5. It keeps the hex it came from in a
        ``regrouped=<hex>`` tag while other winners are still to choose (their hexside limits count it);
        the last to choose ends the regroup, and every such tag goes."""
        here = m.label(unit.cell)
        last = not any(REGROUP in u.tags for u in m.units if u.id != unit.id)
        if dest is None:
            changes = [Change(unit.id, remove=(REGROUP,))]
            words = (f"{unit.id} stays on {here} (9.5)",)
        else:
            changes = [Change(unit.id, cell=dest, remove=(REGROUP,), add=() if last else (regrouped_tag(here),))]
            words = (f"{unit.id} regroups from {here} to {m.label(dest)} (9.5)",)
        if last:
            changes += [Change(u.id, remove=(regrouped_tag(came),)) for u in m.units
                        if (came := regrouped_from(u.tags)) is not None]
        return Resolution((), tuple(changes), words)

    @staticmethod
    def _special(m: Map, kind: str, unit: Unit, dice: Dice, dest: Cell | None) -> Resolution:
        """A special action (7.0) as :func:`~wartools.games.combat_infantry.special.special_action` answers
        it: a foxhole is dug (7.1); smoke (7.4) or clearing wire (7.5) rolls a d10 a step at the answer's
        firepower, at least one hit succeeding, the roll recorded with its exact chance. The unit ends it
        face-up (7.0: :func:`~wartools.games.combat_infantry.orientation.orient`)."""
        from wartools.games.combat_infantry.combat import hits_from_rolls

        got = special_action(m, unit, kind, dest)
        if not got.allowed:
            raise WartoolsError(got.text())
        change = ((got.site, got.feature),)
        turned, face_up = orient(m, (unit.id,), "special")
        if not got.dice:
            return Resolution((), turned, (f"{unit.id} digs a foxhole in {got.hex} (7.1)", *face_up), placed=change)
        faces = dice.roll(10, got.dice)
        ok = hits_from_rolls(faces, got.firepower) >= 1
        what = {SMOKE: "lays smoke in", CLEAR_WIRE: "clears the wire in", DEMOLISH: "destroys the bridge at"}[kind]
        roll = Roll(unit.side, f"{unit.id} {what} {got.hex}: "
                               f"{got.dice} dice at F{got.firepower}, at least one hit", faces,
                    got.p if ok else 1 - got.p, Fraction(int(ok)), got.p, got.rule)
        section = got.rule.split()[-1]
        if not ok:
            return Resolution((roll,), turned, (f"{unit.id} fails: no hit ({section})", *face_up))
        return Resolution((roll,), turned, (f"{unit.id} {what} {got.hex} ({section})", *face_up),
                          placed=change if got.places else (), cleared=() if got.places else change)

    def _strike(self, m: Map, word: str, dice: Dice, state: TurnState, cell: Cell) -> Resolution:
        """A strike (2.6, 2.7) as :meth:`strike_answer` answers it: three d10 at its firepower, its hits
        distributed as the answer says (6.3, 6.7; all on a targeted bunker, 6.31) and its friendly hits
        (every 0, two for air, 6.63) on the side's adjacent units, the roll recorded with its exact chance;
        an eliminated HQ promoted (4.4). The resolution's outcome names the spotting HQ, whose one
        bombardment a game turn it counts (6.61, :meth:`after`)."""
        from wartools.games.combat_infantry.combat import bombard_rolls

        answer = self.strike_answer(m, state, word, cell)
        if not answer.allowed:
            raise WartoolsError(answer.text())
        faces = dice.roll(10, answer.dice)
        hits, friendly = bombard_rolls(faces, answer.firepower, air=answer.kind == "air", modifier=-answer.armor)
        units = {u.id: u for u in m.units}
        at = f"bunker {answer.target} in {answer.hex}" if answer.target else f"hex {answer.hex}"
        roll = Roll(units[answer.caller].side,
                    f"{answer.caller} calls {answer.kind} on {at}, spotted by {answer.spotter}: {answer.dice} dice "
                    f"at F{answer.firepower - answer.armor}", faces,
                    answer.p_roll(hits, friendly if answer.friendly else 0), Fraction(hits), answer.expected_hits,
                    answer.rule)
        after = answer.after(hits)
        changes, said = self._marked(m, [units[uid] for uid in answer.units],
                                     {uid: u.strength for uid, u in zip(answer.units, after)},
                                     {uid: u.half_hit for uid, u in zip(answer.units, after)})
        words = [f"{hits} hit{'s' if hits != 1 else ''} on {at}" + (" on D2 terrain (6.7)" if answer.d2 and hits else "")
                 + (" (6.31)" if answer.target else " (6.3)"), *said]
        if answer.friendly and friendly:
            near = answer.friendly_after(friendly)
            more, told = self._marked(m, [units[uid] for uid in answer.friendly],
                                      {uid: u.strength for uid, u in zip(answer.friendly, near)},
                                      {uid: u.half_hit for uid, u in zip(answer.friendly, near)})
            changes = (*changes, *more)
            words += [f"{friendly} friendly hit{'s' if friendly > 1 else ''} (6.63"
                      + (", doubled for air, 2.7)" if answer.kind == "air" else ")"), *told]
        res = self._promote(m, Resolution((roll,), changes, tuple(words), f"spotter={answer.spotter}"))
        return res

    def resolve_fire(self, m: Map, attacker: Unit, target: Unit, attack: Attack, dice: Dice,
                     state: TurnState) -> Resolution:
        """The shot's resolution (:meth:`_fire`), an eliminated HQ promoted (4.4, :meth:`_promote`); the
        firer is turned face-up (6.1, :func:`~wartools.games.combat_infantry.orientation.orient`)."""
        from wartools.games.combat_infantry.fire import BOMBARDING

        shot = self._promote(m, self._fire(m, attacker, target, attack, dice))
        turned, words = orient(m, (attacker.id,), "bombard" if attacker.type in BOMBARDING else "fire")
        return replace(shot, changes=(*turned, *shot.changes), effects=(*shot.effects, *words))

    def move_outcome(self, m: Map, unit: Unit, cells: tuple[Cell, ...], dice: Dice) -> Resolution:
        """A tank that moves is revealed (2.53: :func:`~wartools.games.combat_infantry.orientation.orient`)."""
        turned, words = orient(m, (unit.id,), "move")
        return Resolution((), turned, words)

    def set_up(self, m: Map) -> tuple[Change, ...]:
        """Every block stands upright as play starts (Fog of War; option ``setup-upright``), a bunker never
        (2.55), a tank by option ``tanks-upright`` (2.53: tanks may be revealed at the start, the owner's
        choice): :func:`~wartools.games.combat_infantry.orientation.orient`, as at the game turn's end."""
        if not self.game.option("setup-upright"):
            return ()
        return orient(m, (u.id for u in m.units), "set-up")[0]

    def end_of_turn(self, m: Map, state: TurnState, dice: Dice) -> Resolution:
        """The game turn ends: units are turned upright, tanks by option ``tanks-upright`` (1.3:
        :func:`~wartools.games.combat_infantry.orientation.orient`), and smoke, which lasts throughout the
        game turn, dissipates (7.4): every smoke marker leaves the board."""
        turned, words = orient(m, (u.id for u in m.units), "game turn")
        smoke = tuple((c, "smoke") for c, fs in m.features.items() if "smoke" in fs)
        return Resolution((), turned, (*words, *(f"the smoke in {m.label(c)} dissipates (7.4)" for c, _ in smoke)),
                          cleared=smoke)

    def _fire(self, m: Map, attacker: Unit, target: Unit, attack: Attack, dice: Dice) -> Resolution:
        """A shot (6.1: a d10 per step, a hit at or under the net firepower) or, by a bombarding
        unit, a bombardment (6.6: D2 as against bombardment, none in woods, 6.62; every 0 a hit on
        the firer's friendly units adjacent to the target hex, 6.63); hits on D2 take a step per
        two, a lone half-hit waiting for the next (6.7). At a target that is not face-up it is fire at
        its hex (6.3, 6.31): the hits go where
        :func:`~wartools.games.combat_infantry.hexfire.hex_fire`'s answer sends them."""
        from wartools.games.combat_infantry.combat import bombard, fire, hits_from_rolls
        from wartools.games.combat_infantry.fire import BOMBARDING, fires_at_hex
        from wartools.games.combat_infantry.hexfire import hex_fire

        n, f, armor = int(attack.inputs["dice"]), int(attack.inputs["firepower"]), int(attack.inputs["armor"])
        modifier = int(attack.inputs.get("modifier", 0))       # a spotting HQ adjacent: +1F (6.61)
        faces = dice.roll(10, n)
        hits = hits_from_rolls(faces, f, armor=armor, modifier=modifier)
        net = f"F{f - armor + modifier}"
        at_hex = hex_fire(m, attacker, target, attack) if fires_at_hex(target) else None
        aim = f"hex {m.label(target.cell)} ({', '.join(at_hex.units)}; 6.3)" if at_hex else target.id
        kind = "fire" if attacker.type not in BOMBARDING else "bombardment"
        changes, words = (self._hex_hits(m, at_hex, hits) if at_hex else
                          self._take_hits(m, target, hits, kind, attacker.type))
        if attacker.type not in BOMBARDING:
            dist = fire(n, f, armor=armor, modifier=modifier)
            roll = Roll(attacker.side, f"{attacker.id} fires {n} dice at {net} at {aim}", faces,
                        dist[hits], Fraction(hits), dist.mean(), "Combat Infantry 6.1")
            return Resolution((roll,), changes, words)
        joint = bombard(n, f, modifier=modifier - armor)
        near = self._friendly_near(m, attacker, target.cell)
        friendly = sum(face == 10 for face in faces) if near else 0
        p = joint[(hits, friendly)] if near else joint.prob(lambda r: r[0] == hits)
        spot = f", spotted by {attack.spotter}" if attack.spotter else ""
        roll = Roll(attacker.side, f"{attacker.id} bombards {m.label(target.cell)} with {n} dice at {net} "
                                   f"at {aim}{spot}", faces, p, Fraction(hits),
                    joint.map(lambda r: r[0]).mean(), "Combat Infantry 6.6")
        if friendly:
            more, said = self._friendly_fire(m, near, friendly)
            changes, words = (*changes, *more), (*words, f"{friendly} friendly hit{'s' if friendly > 1 else ''} "
                                                          "(6.63)", *said)
        return Resolution((roll,), changes, words)

    def _take_hits(self, m: Map, target: Unit, hits: int, attack: str,
                   firer: str) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """The changes and words of ``hits`` on ``target`` by ``attack`` (fire or bombardment, 6.7)."""
        from wartools.games.combat_infantry.combat import defends_d2, steps_lost

        d2 = defends_d2(m.terrain_at(target.cell), attack, foxhole="foxhole" in m.features_at(target.cell),
                        firer=firer)
        had = HALF_HIT in target.tags
        lost, half = steps_lost(hits, d2=d2, half_hit=had)
        now = self.strength(target)
        changes, effects = strength_effects(m, target, now, now - lost)
        words = [f"{hits} hit{'s' if hits != 1 else ''}" + (" on D2 terrain (6.7)" if d2 and hits else "")]
        if half != had and now - lost > 0:
            changes = (*changes, Change(target.id, add=(HALF_HIT,)) if half else Change(target.id, remove=(HALF_HIT,)))
            words.append(f"{target.id} holds a half-hit (6.7)" if half else f"{target.id}'s half-hit is made whole (6.7)")
        return changes, (*words, *effects)

    def _hex_hits(self, m: Map, answer: HexFire, hits: int) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """The changes and words of ``hits`` on a hex under fire, distributed as ``answer`` says (6.3)."""
        units = {u.id: u for u in m.units}
        after = answer.after(hits)
        changes, said = self._marked(m, [units[uid] for uid in answer.units],
                                     {uid: u.strength for uid, u in zip(answer.units, after)},
                                     {uid: u.half_hit for uid, u in zip(answer.units, after)})
        return changes, (f"{hits} hit{'s' if hits != 1 else ''} on hex {answer.hex}"
                         + (" on D2 terrain (6.7)" if answer.d2 and hits else "") + " (6.3)", *said)

    def _marked(self, m: Map, units: list[Unit], steps: Mapping[str, int],
                half: Mapping[str, bool]) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """The changes and words that leave ``units`` at ``steps``, each holding a half-hit as ``half``
        says (6.7)."""
        changes: list[Change] = []
        words: list[str] = []
        for u in units:
            ch, said = strength_effects(m, u, self.strength(u), steps[u.id])
            had = HALF_HIT in u.tags
            if steps[u.id] > 0 and half[u.id] != had:
                ch = (*ch, Change(u.id, add=(HALF_HIT,)) if half[u.id] else Change(u.id, remove=(HALF_HIT,)))
                said = (*said, f"{u.id} holds a half-hit (6.7)" if half[u.id] else f"{u.id}'s half-hit is made whole (6.7)")
            changes += ch
            words += said
        return tuple(changes), tuple(words)

    @staticmethod
    def _friendly_near(m: Map, attacker: Unit, cell: Cell) -> list[Unit]:
        """The bombarding side's units adjacent to the target hex (6.63)."""
        around = set(m.grid.neighbours(cell))
        team = m.allies(attacker.side)
        return [u for u in m.units if u.cell in around and u.side in team]

    def _friendly_fire(self, m: Map, near: list[Unit], hits: int) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """6.63: every friendly hit applied, one at a time, to an adjacent friendly unit: one holding a
        half-hit first (6.7: it must take the next hit), else the strongest (6.3; the weakest by option
        ``friendly-fire-order``, the active player's choice), ties in the map's order; D2 as against
        bombardment (6.7, 6.62); armour class ignored."""
        from wartools.games.combat_infantry.combat import HexUnit, defends_d2, friendly_fire

        d2 = [defends_d2(m.terrain_at(u.cell), "bombardment", foxhole="foxhole" in m.features_at(u.cell))
              for u in near]
        after = friendly_fire([HexUnit(self.strength(u), u.type, 0, HALF_HIT in u.tags) for u in near], hits, d2,
                              weakest=self.game.option("friendly-fire-order") != "strongest")
        steps = {u.id: h.strength for u, h in zip(near, after)}
        half = {u.id: h.half_hit for u, h in zip(near, after)}
        return self._marked(m, near, steps, half)

    def _promote(self, m: Map, res: Resolution) -> Resolution:
        """4.4 (battlefield promotion): an eliminated HQ returns to play at once. A platoon HQ returns
        in or next to one of its side's rifle squads, subject to stacking, and that squad loses a step;
        a company HQ in or next to one of its side's platoon HQs, and one rifle squad loses a step. An
        HQ whose side has no rifle squad left stays eliminated (4.4's exception). The owner's choices
        are made as :meth:`assumptions` says: the strongest squad (the weakest by option
        ``promotion-squad``; a company HQ: the first platoon HQ by id), its own hex if stacking allows,
        else the first adjacent hex free of enemies that does."""
        fallen = [ch.unit for ch in res.changes if ch.eliminated]
        hqs = [uid for uid in fallen if self._hq_type(m, uid)]
        if not hqs:
            return res
        changes, effects = list(res.changes), list(res.effects)
        for uid in hqs:
            after = _After(self, m, tuple(changes))
            hq = m.unit(uid)
            sign = -1 if self.game.option("promotion-squad") == "strongest" else 1        # the owner's choice
            squads = sorted((u for u in after.standing(hq.side) if u.type == "rifle"),
                            key=lambda u: sign * int(u.strength or 0))
            if not squads:
                effects.append(f"{uid} is not replaced: its side has no rifle squad left (4.4)")
                continue
            company = self._is_company_hq(m, hq)
            beside = sorted((u for u in after.standing(hq.side) if u.type == "hq" and not self._is_company_hq(m, u)),
                            key=lambda u: u.id) if company else squads
            found = next(((u, c) for u in beside if (c := self._return_hex(m, after, hq, u.cell)) is not None), None)
            if found is None:
                effects.append(f"{uid} is not replaced: no hex in or next to its "
                               f"{'platoon HQs' if company else 'squads'} takes it (4.4, 8.2)")
                continue
            squad = squads[0] if company else found[0]
            where = found[1]
            changes = [ch for ch in changes if ch.unit != uid]
            came = entered_from(hq.tags)
            changes.append(Change(uid, strength=1, cell=where,
                                  remove=(HALF_HIT, *((assaulting_tag(came),) if came is not None else ()))))
            left = int(squad.strength or 0) - 1
            changes.append(Change(squad.id, strength=0, eliminated=True) if left <= 0 else Change(squad.id, strength=left))
            effects.append(f"battlefield promotion (4.4): {uid} returns on {m.label(where)}; "
                           + (f"{squad.id} eliminated" if left <= 0 else f"{squad.id} loses a step"))
        return replace(res, changes=tuple(changes), effects=tuple(effects))

    @staticmethod
    def _hq_type(m: Map, uid: str) -> bool:
        return any(u.id == uid and u.type == "hq" for u in m.units)

    def _return_hex(self, m: Map, after: _After, hq: Unit, near: Cell) -> Cell | None:
        """The hex in or adjacent to ``near`` an HQ returns to (4.4): ``near`` itself first, then its
        neighbours in the grid's order; free of enemies, where the HQ may stand and stacking allows."""
        rules = self.game.scenario_rules()
        standing = after.standing()
        team = m.allies(hq.side)
        for cell in (near, *m.grid.neighbours(near)):
            here = [u for u in standing if u.cell == cell and u.id != hq.id]
            if any(u.side not in team for u in here) or rules.standing_problem(m, hq.type, cell) is not None:
                continue
            if rules.stack_problem(m, [*(u for u in here if u.side == hq.side), replace(hq, cell=cell)]) is None:
                return cell
        return None

    def end_of_activation(self, m: Map, state: TurnState, dice: Dice) -> Resolution:
        """The activation ends: a D2 unit holding a half-hit recovers it (6.7), and then the assaults
        its units moved into are fought, one by one (1.3, 4.2, 9.1: :meth:`fight_assaults`), until the
        winners of one may regroup (9.5: asked again once they have, :meth:`after_activation`); defenders
        that won stand upright unless they activated this game turn (9.2, :meth:`_stand_upright`); when every
        assault is fought, stacking applies (8.2)."""
        held = [u for u in m.units if HALF_HIT in u.tags]
        recovered = Resolution((), tuple(Change(u.id, remove=(HALF_HIT,)) for u in held),
                               tuple(f"{u.id} recovers its half-hit (6.7)" for u in held))
        fought = Resolution()
        upright: tuple[tuple[Change, ...], tuple[str, ...]] = ((), ())
        if any(entered_from(u.tags) for u in m.units):
            fought = self.fight_assaults(self._changed(m, recovered.changes), dice)
            upright = self._stand_upright(m, self._changed(m, (*recovered.changes, *fought.changes)), state)
        done = (*recovered.changes, *fought.changes, *upright[0])
        board = self._changed(m, done)
        stacked = Resolution() if _regrouping(board) else self._overstacked(board, state)
        return Resolution(fought.rolls, (*done, *stacked.changes), (*recovered.effects, *fought.effects, *upright[1],
                                                                     *stacked.effects), cleared=fought.cleared)

    @staticmethod
    def _stand_upright(before: Map, after: Map, state: TurnState) -> tuple[tuple[Change, ...], tuple[str, ...]]:
        """9.2: the defenders of each assault hex of ``before`` that won it (no unit of the attacking side
        left in the hex on ``after``) stand upright if they have not activated this game turn."""
        attacking = {u.cell: u.side for u in before.units if entered_from(u.tags) is not None}
        won = [u.id for u in after.units if u.cell in attacking and u.id not in state.acted
               and u.side not in after.allies(attacking[u.cell])
               and not any(v.cell == u.cell and v.side in after.allies(attacking[u.cell]) for v in after.units)]
        return orient(after, won, "defended")

    def _overstacked(self, m: Map, state: TurnState) -> Resolution:
        """8.2: stacking applies at the end of an HQ activation, when overstacked units are eliminated. Only
        a deploying HQ may overstack (4.2: every move, retreat and return ends within the limits), so the
        activation's HQ is eliminated if its hex is over its side's limit now (which unit goes is the
        owner's choice: the one that overstacked, a named reading), and returns by battlefield promotion
        (4.4, :meth:`_promote`)."""
        hq = next((u for u in m.units if u.id == state.active), None)
        if hq is None:
            return Resolution()
        here = [u for u in m.units if u.cell == hq.cell and u.side == hq.side and u.id != hq.id]
        if not here or self.game.scenario_rules().stack_problem(m, [*here, hq]) is None:
            return Resolution()
        gone = Resolution((), (Change(hq.id, strength=0, eliminated=True),),
                          (f"{hq.id} eliminated: over the stacking limit of {m.label(hq.cell)} at the end of its "
                           "activation (8.2)",))
        return self._promote(m, gone)

    def after_activation(self, m: Map, closed: TurnState, state: TurnState) -> TurnState:
        """When winners of an assault may regroup (tagged ``regroup`` on ``m``), their side decides, the
        defender's too (9.5): the phase ``regroup``, its side to act the winners', the activation of
        ``closed`` kept open (its other assaults and the stacking check wait, :meth:`end_of_activation`), and
        ``state``'s side to act after them (``resume``)."""
        if not _regrouping(m):
            return state
        side = next(u.side for u in m.units if REGROUP in u.tags)
        return state.replace(phase=REGROUPING, side=side, active=closed.active, resume=state.side)

    def fight_assaults(self, m: Map, dice: Dice) -> Resolution:
        """Every assault on the board (hexes holding units tagged ``assaulting=<hex>``), fought one by
        one in the order of the map's units (the active player's sequence, 9.1: a named reading), each
        on the board the earlier ones left: :meth:`_fight` (an eliminated HQ promoted after each, 4.4). An
        assault whose attackers an earlier one took (the step a promotion costs, 4.4) is not fought. After
        an assault whose winners may regroup (9.5, :func:`~wartools.games.combat_infantry.regroup.regroup`)
        the fighting stops: those winners are tagged ``regroup`` and the assaults left wait for their
        choices (regrouping is done before the next assault is fought)."""
        rolls: list[Roll] = []
        changes: list[Change] = []
        effects: list[str] = []
        cleared: list[tuple[Cell, str]] = []
        done: set[Cell] = set()
        for u in m.units:
            if entered_from(u.tags) is None or u.cell in done:
                continue
            done.add(u.cell)
            board = self._changed(m, tuple(changes))
            if not any(v.cell == u.cell and entered_from(v.tags) is not None for v in board.units):
                continue          # an earlier assault took its attackers (a battlefield promotion's step, 4.4)
            res = self._promote(board, self._fight(board, u.cell, dice))
            rolls += res.rolls
            changes += res.changes
            effects += res.effects
            cleared += res.cleared
            if res.cleared:
                m = _cleared(m, res.cleared)
            movers = _winners_who_may_regroup(self._changed(m, tuple(changes)), u.cell)
            if movers:
                changes += [Change(uid, add=(REGROUP,)) for uid in movers]
                effects.append(f"{', '.join(movers)} may regroup from {m.label(u.cell)} (9.5)")
                break
        return Resolution(tuple(rolls), tuple(changes), tuple(effects), cleared=tuple(cleared))

    def _changed(self, m: Map, changes: tuple[Change, ...]) -> Map:
        """``m`` with ``changes`` made to its units (:class:`_After`)."""
        return replace(m, units=tuple(_After(self, m, changes).standing())) if changes else m

    def _fight(self, m: Map, cell: Cell, dice: Dice) -> Resolution:
        """The assault on ``cell``: :func:`~wartools.games.combat_infantry.hexassault.hex_assault`'s answer
        fought die by die (:meth:`~wartools.games.combat_infantry.hexassault.HexAssault.fight`), its
        defenders revealed (9.1: all units in it; its attackers were when they moved in). Surviving
        units that retreated move to their hex of retreat (9.4); the winners stay, to regroup when their
        side chooses (9.5, :meth:`fight_assaults`); a minefield whose mine fell leaves the board (7.2: the
        resolution's ``cleared``)."""
        from wartools.games.combat_infantry.hexassault import OFF_MAP, hex_assault

        answer = hex_assault(m, cell)
        fought = answer.fight(_faces(dice))
        end = fought.end
        label = answer.hex
        against = ", ".join((*answer.defenders, *(("the minefield",) if answer.minefield else ())))
        roll = Roll(answer.side, f"{', '.join(answer.attackers)} assault{'s' if len(answer.attackers) == 1 else ''} "
                                 f"{label} ({against})",
                    fought.faces, answer.ends[end], Fraction(int(end.winner == "attacker")), answer.attacker_wins,
                    "Combat Infantry 7.2, 9.2" if answer.minefield else "Combat Infantry 9.2")
        shown, words = orient(m, answer.defenders, "defend")      # 9.1: all units in the assault revealed
        changes: list[Change] = list(shown)
        effects = [*words, f"assault on {label}: the {end.winner} wins in round {end.round} ({end.how})"]
        cleared = answer.minefield and end.defenders[-1] == 0
        if cleared:
            effects.append(f"the mine on {label} is eliminated (7.2)")
        units = {u.id: u for u in m.units}
        for uid, after in zip((*answer.attackers, *answer.defenders), (*end.attackers, *end.defenders)):
            u = units[uid]
            lost, words = strength_effects(m, u, self.strength(u), after)
            if uid in fought.went and fought.went[uid] is None and after == 0:
                words = (f"{uid} eliminated: no hex to retreat into (9.4)",)
            effects += words
            if after <= 0:
                changes += lost
                continue
            where = fought.went.get(uid)
            if where == OFF_MAP:
                changes.append(Change(uid, off_map=True))
                effects.append(f"{uid} retreats off the map: removed from play, no VP (9.4)")
                continue
            tag = (assaulting_tag(entered_from(u.tags) or ""),) if uid in answer.attackers else ()
            changes.append(Change(uid, strength=after if after != self.strength(u) else None,
                                  cell=m.cell(where) if where else None, remove=tag))
            if where:
                effects.append(f"{uid} retreats to {where} (9.4)")
        return Resolution((roll,), tuple(changes), tuple(effects), cleared=((cell, "mines"),) if cleared else ())

    def resolve_assault(self, m: Map, attacker: Unit, cells: tuple[Cell, ...], dice: Dice,
                        state: TurnState) -> Resolution:
        """``attacker`` moves along ``cells`` into the assault on the last one (9.1): it stops there, tagged
        with the hex it entered from; the assault is fought when the activation ends
        (:meth:`end_of_activation`, 1.3), with every other unit that moved into it. It is turned face-up
        now (9.2: attacking units are face-up after an assault), the same as after it: nobody fires into
        an assault (6.1) and an assault reads no orientation (9.2, 9.65)."""
        target = cells[-1]
        came_from = cells[-2] if len(cells) > 1 else attacker.cell
        label = m.label(target)
        turned, words = orient(m, (attacker.id,), "assault")     # face-up after the assault (9.2): nobody fires
        return Resolution((), (Change(attacker.id, cell=target, add=(assaulting_tag(m.label(came_from)),)), *turned),
                          (f"{attacker.id} moves into the assault on {label} from {m.label(came_from)}: it is fought "
                           "when the activation ends (1.3, 9.1)", *words))


class _After:
    """The units of a map as a resolution's changes leave them: cells, strengths and tags, the eliminated
    gone."""

    def __init__(self, rules: Turns, m: Map, changes: tuple[Change, ...]) -> None:
        self.units = {u.id: u for u in m.units}
        self.cell = {u.id: u.cell for u in m.units}
        self.steps = {u.id: rules.strength(u) for u in m.units}
        self.tags = {u.id: u.tags for u in m.units}
        for ch in changes:
            if ch.eliminated or ch.off_map:
                self.cell.pop(ch.unit, None)
                continue
            if ch.cell is not None:
                self.cell[ch.unit] = ch.cell
            if ch.strength is not None:
                self.steps[ch.unit] = ch.strength
            if ch.add or ch.remove:
                kept = tuple(t for t in self.tags[ch.unit] if t not in ch.remove)
                self.tags[ch.unit] = kept + tuple(t for t in ch.add if t not in kept)

    def standing(self, side: str | None = None) -> list[Unit]:
        """The units still on the map (of ``side``), in map order, where the changes leave them."""
        return [replace(u, cell=self.cell[u.id], strength=self.steps[u.id], tags=self.tags[u.id])
                for u in self.units.values() if u.id in self.cell and (side is None or u.side == side)]


def _regrouping(m: Map) -> bool:
    """Whether winners of an assault on ``m`` are still to choose their regroup (9.5)."""
    return any(REGROUP in u.tags for u in m.units)


def _winners_who_may_regroup(m: Map, cell: Cell) -> tuple[str, ...]:
    """The units on ``cell`` after its assault (``m``: the board it left) that may regroup into some hex
    (9.5); none when nobody stands there or an assault is still on there."""
    standing = [u for u in m.units if u.cell == cell]
    team = m.allies(standing[0].side) if standing else ()
    if not standing or any(u.side not in team for u in standing):
        return ()
    answer = regroup(m, cell)
    return tuple(uid for uid in answer.units if answer.allowed(uid))


def _faces(dice: Dice) -> Iterator[int]:
    """d10 faces from ``dice`` one at a time, as long as an assault asks."""
    while True:
        yield dice.roll(10)[0]


def _cleared(m: Map, cleared: tuple[tuple[Cell, str], ...]) -> Map:
    """``m`` without the cell features ``cleared`` names (a minefield whose mine fell, 7.2)."""
    gone = set(cleared)
    features = {c: tuple(f for f in fs if (c, f) not in gone) for c, fs in m.features.items()}
    return replace(m, features={c: fs for c, fs in features.items() if fs})


__all__ = ["COMMAND_STOPPERS", "HALF_HIT", "NO_ASSAULT", "PLAYER_TURNS", "REGROUPING", "Turns"]
