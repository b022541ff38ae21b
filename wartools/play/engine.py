"""The turn engine: a position plus an action gives the next position, by the game's turn rules.

The engine knows no game. It asks the game's :class:`~wartools.rules.turn.TurnRules`
what the side to act may do (*offers*) and turns every offer into concrete candidate actions
with the same engines the single answers use: a move is one of the ends
:func:`wartools.movement.reachable` gives (its cells are the path
:func:`wartools.movement.path` finds), a shot one the game's attack question allows
(:func:`wartools.play.attacks.shots`). The chosen action is resolved by the turn rules,
with dice from a seeded generator, and applied to the :class:`~wartools.scenario.Position`.
When an action closes an activation the rules resolve its end (:meth:`~wartools.rules.turn.TurnRules.end_of_activation`)
and say who decides next (:meth:`~wartools.rules.turn.TurnRules.after_activation`): a side may be given
choices out of turn (the winners of an assault regrouping, Combat Infantry 9.5), after which the rules close
the activation again. Reinforcements enter at the start of their turn on a cell their side chooses; the clock
and the scoring are :func:`wartools.scenario.end_turn`'s, the result
:func:`wartools.scenario.evaluate`'s.

Examples
--------
>>> from wartools.scenario import load_scenario
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> g = start(s)
>>> g.turn.phase, g.turn.side, sorted({c.kind for c in legal_actions(g)})
('player turns', 'US', ['activate', 'deploy', 'pass'])
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

import numpy as np

from wartools.analysis.board import Board
from wartools.errors import WartoolsError
from wartools.games.fire_rules import ACTIVATION, Attack, has_room
from wartools.rules.turn import (ASSAULT, DECLARE, FIRE, MOVE, PLACE, STEP, Change, Dice, Offer, Resolution,
                                 Roll, TurnRules, TurnState)
from wartools.grids.base import Cell, Edge
from wartools.mapmodel import Map, Unit
from wartools.movement import Reach, reachable
from wartools.scenario import Position, Scenario, UnitState, end_turn, evaluate, record_control


class PlayError(WartoolsError):
    """An action that is not legal in the position, or a game that cannot be played."""


@dataclass(frozen=True)
class Action:
    """One action of a played game: who did what, its rolls, and what happened.

    ``cells`` are the labels of a move's path (start first) or of the cell acted on;
    ``effects`` say what happened in words; ``rule`` is the section that allowed it;
    ``eliminated`` the units it eliminated, as data (the resolution's changes), in the order they
    fell (``None``: not recorded, a record written before actions carried it).
    """

    index: int
    turn: int
    side: str
    kind: str
    unit: str | None
    target: str | None
    cells: tuple[str, ...]
    rolls: tuple[Roll, ...]
    effects: tuple[str, ...]
    rule: str
    eliminated: tuple[str, ...] | None = ()

    def key(self) -> tuple[Any, ...]:
        """What identifies the action among the legal ones (kind, unit, target, cells)."""
        return (self.kind, self.unit, self.target, self.cells)

    def text(self) -> str:
        """One line: ``turn 2, US: us-in-1 move D3 -> E3 (Combat Infantry 8.0): ...``."""
        who = self.unit or ""
        what = f"{who} {self.kind}".strip()
        if self.target:
            what += f" {self.target}"
        if len(self.cells) > 1:
            what += f" {self.cells[0]} -> {self.cells[-1]}"
        elif self.cells:
            what += f" {self.cells[0]}"
        tail = f": {'; '.join(self.effects)}" if self.effects else ""
        return f"turn {self.turn}, {self.side}: {what} ({self.rule}){tail}"


@dataclass(frozen=True)
class Candidate:
    """A legal action before it is resolved, with what a bot needs to weigh it: the move's cost
    and reach, the attack question's answer for a shot."""

    kind: str
    side: str
    unit: str | None = None
    target: str | None = None
    #: the cell it ends on or acts on, or the hexside a game's word acts on (a bridge demolished)
    dest: Cell | Edge | None = None
    cost: int = 0
    attack: Attack | None = None
    rule: str = ""
    reach: Reach | None = field(default=None, repr=False, compare=False)
    #: the expansion it came from (``move``, ``fire`` ...), when ``kind`` is the game's own word
    engine: str = ""

    @property
    def expands(self) -> str:
        """How the engine resolves it: ``move``, ``step``, ``fire``, ``declare``, ``assault`` or the kind."""
        return self.engine or self.kind

    def cells(self, m: Map) -> tuple[str, ...]:
        """The labels of the path (a move or assault), the target's cell, or nothing."""
        if self.dest is not None and self.reach is not None:
            return tuple(self.reach.path_to(self.dest).labels())
        if self.dest is not None and self.expands in (STEP, PLACE) and self.unit is not None:
            return (m.label(m.unit(self.unit).cell), m.label(self.dest))
        if isinstance(self.dest, Edge):          # a hexside the game's word acts on (a bridge, 7.3)
            return (m.label(self.dest.a), m.label(self.dest.b))
        if self.dest is not None:
            return (m.label(self.dest),)
        return ()

    def key(self, m: Map) -> tuple[Any, ...]:
        """As :meth:`Action.key`."""
        return (self.kind, self.unit, self.target, self.cells(m))

    def text(self, m: Map) -> str:
        """Short words for the candidate (``us-in-1 move to E3``)."""
        out = f"{self.unit or self.side} {self.kind}"
        if self.target:
            out += f" at {self.target}"
        if isinstance(self.dest, Edge):
            out += f" at {m.grid.edge_label(self.dest)}"
        elif self.dest is not None and self.target is None:
            out += f" to {m.label(self.dest)}"
        return out


@dataclass(frozen=True)
class GameState:
    """A game under way: the scenario, the position, the turn's bookkeeping and the turn rules."""

    scenario: Scenario
    position: Position
    turn: TurnState
    rules: TurnRules = field(repr=False, compare=False)
    actions: int = 0
    over: bool = False

    @cached_property
    def map(self) -> Map:
        """The scenario's map with the position's units on it."""
        return self.scenario.map_at(self.position)

    @cached_property
    def board(self) -> Board:
        """The analysis board of the position."""
        return Board(self.scenario, self.position, self.map, self.scenario.situation(self.position))

    @property
    def side(self) -> str:
        """The side to act."""
        return self.turn.side

    def replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed. The map and what was worked out on it (the legal
        moves, shots, a bot's exposure) are kept while the units stand as they did (an
        activation, a pass, a failed check changes nothing on the board); otherwise rebuilt."""
        nxt = dataclasses.replace(self, **changes)
        p, q = self.position, nxt.position
        if "map" in self.__dict__ and (p is q or (p.units == q.units and p.eliminated == q.eliminated
                                                  and p.cleared == q.cleared and p.placed == q.placed)):
            for key in ("map", "board", *_BOARD_CACHES):
                if key in self.__dict__:
                    nxt.__dict__[key] = self.__dict__[key]
        return nxt


#: caches of a game state that hold only what its board decides (kept by :meth:`GameState.replace`)
_BOARD_CACHES = ("_legal_cache", "_greedy_cache")


# --- starting -------------------------------------------------------------------------------
def full_strengths(scenario: Scenario, rules: TurnRules) -> dict[str, int]:
    """Every unit's starting strength (its steps or health, else its type's typical value)."""
    out = {}
    for u in scenario.units():
        probe = Unit(u.id, u.side, u.type, (0, 0), u.name, u.steps, u.tags)
        out[u.id] = rules.strength(probe)
    return out


def strength_key(scenario: Scenario) -> str | None:
    """Where a position keeps a unit's strength: ``"steps"``, ``"health"`` or nowhere (``None``)."""
    state = scenario.rules.unit_state
    return "steps" if "steps" in state else "health" if "health" in state else None


def _with_strengths(scenario: Scenario, p: Position, full: Mapping[str, int]) -> Position:
    """The position with every unit's strength written out (typical values made explicit)."""
    key = strength_key(scenario)
    if key is None:
        return p
    units = {}
    for uid, st in p.units.items():
        if getattr(st, key) is None:
            st = st.replace(**{key: full[uid]})
        units[uid] = st
    return p.replace(units=MappingProxyType(units))


def set_up(scenario: Scenario, rules: TurnRules | None = None) -> Position:
    """The scenario's set-up as play starts it: with the changes its turn rules make then
    (:meth:`~wartools.rules.turn.TurnRules.set_up`: Combat Infantry's blocks stand upright)."""
    p = scenario.start()
    changes = (rules or scenario.game.turn_rules()).set_up(scenario.map_at(p))
    return _apply(scenario, p, Resolution((), changes)) if changes else p


def start(scenario: Scenario, position: Position | None = None, rules: TurnRules | None = None) -> GameState:
    """The game at the start of ``position``'s turn (default: the scenario's set-up), its side to
    act the scenario's first side (a position in a later turn starts as turn 1 would); where control
    follows the units (:func:`~wartools.scenario.record_control`) the objectives one side alone is in
    are recorded as its from the start."""
    rules = (rules or scenario.game.turn_rules()).with_setup(
        MappingProxyType({side: scenario.setup_area(side) or frozenset() for side in scenario.sides}))
    full = MappingProxyType(full_strengths(scenario, rules))
    p = _with_strengths(scenario, position or set_up(scenario, rules), full)
    p = record_control(scenario, p)     # a side alone in a hex at play's start has had it solely (Conflict 2.4)
    state, _ = rules.start_turn(1, tuple(scenario.sides), scenario.first, _NoDice(), full,
                                _fresh_resources(scenario, p, rules))
    state = state.replace(turn=p.turn)
    return GameState(scenario, p, state, rules, over=p.ended)


class _NoDice:
    """Dice for the first turn's start, which never rolls (the scenario names the first side)."""

    def roll(self, sides: int, n: int = 1) -> tuple[int, ...]:
        raise PlayError("the first turn's start must not roll: the scenario names the first side")


# --- legal actions ----------------------------------------------------------------------------
def _reach(g: GameState, unit: Unit, budget: int | None) -> Reach | None:
    key = ("reach", unit.id, budget)
    cache = g.__dict__.setdefault("_legal_cache", {})
    if key not in cache:
        try:
            cache[key] = reachable(g.map, unit.cell, g.board.situation, unit=unit.id, budget=budget)
        except WartoolsError:
            cache[key] = None
    got: Reach | None = cache[key]
    return got


def _steps(g: GameState, unit: Unit, offer: Offer) -> list[Candidate]:
    """Moves of one cell: the movement graph's own edges out of the unit's cell (the steps
    ``path`` searches), into cells a move may end on, within the budget."""
    from wartools.movement.graph import End
    from wartools.movement.search import resolve_graph

    m = g.map
    try:
        start, mg = resolve_graph(m, unit.cell, unit.id, situation=g.board.situation)
    except WartoolsError:
        return []
    if mg.rules.start_blocker() is not None:
        return []
    out = []
    for succ, cost in mg.out(start).items():
        cell = succ.cell if isinstance(succ, End) else succ
        if cell == start or mg.rules.assault_at(cell) or (offer.budget is not None and cost > offer.budget):
            continue     # a step never ends in an assault (the game's movement rules say where one is)
        if not isinstance(succ, End) and not mg.may_end(cell):
            continue
        out.append(Candidate(offer.kind, g.side, unit.id, None, cell, cost + offer.cost, None, offer.rule,
                             None, offer.expands))
    return out


def _moves(g: GameState, unit: Unit, offer: Offer, step_only: bool) -> list[Candidate]:
    if step_only:
        return _steps(g, unit, offer)
    r = _reach(g, unit, offer.budget)
    if r is None or r.graph is None:
        return []
    rules = r.graph.rules
    out = []
    for cell, cost in r.costs.items():
        if cell == unit.cell:
            continue
        if rules.assault_at(cell) != (offer.expands == ASSAULT):   # the game says which ends are assaults
            continue
        out.append(Candidate(offer.kind, g.side, unit.id, None, cell, cost + offer.cost, None, offer.rule, r,
                             offer.expands))
    return out


def _shots(g: GameState, unit: Unit, offer: Offer) -> list[Candidate]:
    """The attack question's shots of ``unit`` whose fire limits the shots taken in the activation
    and the game turn have left room in (:func:`~wartools.games.fire_rules.has_room`)."""
    from wartools.play.attacks import shots

    cache = g.__dict__.setdefault("_legal_cache", {})
    if ("shots", unit.id) not in cache:
        cache[("shots", unit.id)] = shots(g.board, unit)
    used = g.turn.fired
    return [Candidate(offer.kind, g.side, unit.id, target.id, target.cell, offer.cost, attack, offer.rule,
                      engine=offer.expands) for target, attack in cache[("shots", unit.id)]
            if not used or has_room(used, attack)]


def legal_actions(g: GameState) -> tuple[Candidate, ...]:
    """Every action the side to act may take now, in a fixed order."""
    if g.over:
        return ()
    pending = _entries(g) if g.turn.resume is None else ()     # a side choosing out of turn brings in no one
    if pending:
        return pending
    m = g.map
    units = {u.id: u for u in m.units}
    out: list[Candidate] = []
    for offer in g.rules.offers(m, g.turn):
        unit = units.get(offer.unit or "")
        if offer.expands in (MOVE, STEP, ASSAULT):
            if unit is not None:
                out += _moves(g, unit, offer, offer.expands == STEP)
        elif offer.expands in (FIRE, DECLARE):
            if unit is not None:
                out += _shots(g, unit, offer)
        else:
            attack = None
            target = units.get(offer.target or "")
            if unit is not None and target is not None and target.side not in m.allies(unit.side):
                from wartools.play.attacks import attack_on     # a word naming an enemy (a pin): the attack on it

                attack = attack_on(g.board, unit, target)
            out.append(Candidate(offer.kind, g.side, offer.unit, offer.target, offer.dest, offer.cost, attack,
                                 offer.rule, engine=offer.engine or ""))
    return tuple(out)


def _entries(g: GameState) -> tuple[Candidate, ...]:
    """Reinforcements of the side to act whose turn has come: where each may enter."""
    s, p = g.scenario, g.position
    for uid in p.waiting(s):
        u = s.unit(uid)
        if u.side != g.side or u.enters is None or u.enters.turn > p.turn:
            continue
        cells = [c for c in s.entry_cells(u)
                 if _may_enter(g, Unit(u.id, u.side, u.type, c, u.name, u.steps, u.tags))]
        return tuple(Candidate("enter", g.side, uid, None, c, 0, None, "scenario reinforcements") for c in cells) \
            or (Candidate("delay", g.side, uid, None, None, 0, None, "scenario reinforcements"),)
    return ()


def _may_enter(g: GameState, unit: Unit) -> bool:
    """Whether ``unit`` (a reinforcement, not on the map yet) may come onto the board on its cell:
    no enemy there, a unit of its type may stand there (the set-up check,
    :meth:`~wartools.rules.scenario.ScenarioRules.standing_problem`), and the movement rules asked
    with the board's situation let it enter there
    (:meth:`~wartools.rules.movement.MovementRules.entry_blocker`, Combat Infantry chart note 1)
    and end its move there (stacking), as :func:`wartools.analysis.race` asks them."""
    from wartools.movement.search import resolve_graph

    m, cell = g.map, unit.cell
    if any(u.cell == cell and u.side != unit.side for u in m.units):
        return False
    if g.scenario.rules.standing_problem(m, unit.type, cell) is not None:
        return False
    try:
        rules = resolve_graph(m, cell, unit, situation=g.board.situation)[1].rules
    except WartoolsError:
        return False
    return rules.entry_blocker(cell) is None and rules.end_blocker(cell) is None


# --- applying an action -----------------------------------------------------------------------
def _apply(s: Scenario, p: Position, res: Resolution) -> Position:
    """The position after the resolution's changes to units and the features it clears and places."""
    key = strength_key(s)
    changes = res.changes
    units = dict(p.units)
    eliminated = list(p.eliminated)
    gone = list(p.off_map)
    for ch in changes:
        st = units.get(ch.unit)
        if st is None:
            continue
        if ch.eliminated or ch.off_map:
            del units[ch.unit]
            (eliminated if ch.eliminated else gone).append(ch.unit)
            continue
        upd: dict[str, Any] = {}
        if ch.strength is not None and key is not None:
            upd[key] = ch.strength
        if ch.cell is not None:
            upd["cell"] = ch.cell
        if ch.add or ch.remove:
            tags = [t for t in st.tags if t not in ch.remove]
            tags += [t for t in ch.add if t not in tags]
            upd["tags"] = tuple(tags)
            if "pinned" in ch.remove and st.pins:       # a position's pins are its units' pinned tag
                upd["pins"] = 0
        units[ch.unit] = st.replace(**upd)
    p = p.replace(units=MappingProxyType(units), eliminated=tuple(eliminated), off_map=tuple(gone))
    return p.with_features(res.cleared, res.placed)


def resolve(g: GameState, c: Candidate, dice: Dice) -> tuple[Resolution, int]:
    """Resolve candidate ``c`` in ``g`` with ``dice``: its resolution and the points it cost."""
    m, rules = g.map, g.rules
    units = {u.id: u for u in m.units}
    unit = units.get(c.unit or "")
    if c.expands == FIRE and unit is not None and c.attack is not None:
        return rules.resolve_fire(m, unit, units[c.target or ""], c.attack, dice, g.turn), c.cost
    if c.expands == ASSAULT and unit is not None and c.reach is not None and c.dest is not None:
        path = c.reach.path_to(c.dest)
        return rules.resolve_assault(m, unit, tuple(path.cells), dice, g.turn), c.cost
    if c.expands in (MOVE, STEP) and unit is not None and c.dest is not None:
        cells = tuple(m.cell(x) for x in c.cells(m))
        then = rules.move_outcome(m, unit, cells, dice)
        return dataclasses.replace(then, changes=(Change(unit.id, cell=c.dest), *then.changes),
                                   effects=(f"{unit.id} moves to {m.label(c.dest)}", *then.effects)), c.cost
    if c.kind == "enter" and c.dest is not None:
        return Resolution((), (), (f"{c.unit} enters on {m.label(c.dest)}",)), 0
    if c.expands == DECLARE:
        return Resolution((), (), (f"{c.unit} will fire at {c.target}",)), c.cost
    return rules.resolve(m, c.kind, unit, dice, g.turn, c.dest), c.cost


def _system(g: GameState, kind: str, side: str, res: Resolution, rule: str) -> Action:
    """A recorded action no bot chose (a turn's first-player roll, the end of a phase)."""
    return Action(-1, g.position.turn, side, kind, None, None, (), res.rolls, res.effects, rule, res.eliminated)


def step(g: GameState, c: Candidate, dice: Dice) -> tuple[GameState, list[Action], list[tuple[int, Position]]]:
    """Play candidate ``c`` (one of :func:`legal_actions`): the next state, the recorded actions
    (the chosen one first, then any the rules took by themselves: damage resolved at the end of a
    phase, a roll for the next turn's first player) and the positions of the turns it ended."""
    if g.over:
        raise PlayError("the game is over")
    m, s = g.map, g.scenario
    res, cost = resolve(g, c, dice)
    actions = [Action(g.actions, g.position.turn, g.side, c.kind, c.unit, c.target, c.cells(m), res.rolls,
                      res.effects, c.rule, res.eliminated)]
    p = g.position
    turn = g.turn
    after: tuple[Position, Map] | None = None       # the map of the position the action led to
    if c.kind == "enter" and c.dest is not None and c.unit is not None:
        u = s.unit(c.unit)
        key = strength_key(s)
        st = UnitState(u.id, c.dest, tags=u.tags)
        if key is not None:
            st = st.replace(**{key: turn.full.get(u.id)})
        p = p.replace(units=MappingProxyType({**p.units, u.id: st}))
    elif c.kind == "delay" and c.unit is not None:
        p = p.replace(off_map=(*p.off_map, c.unit))
    else:
        if c.expands == DECLARE and c.unit and c.target:
            turn = turn.replace(pending=(*turn.pending, (c.unit, c.target)))
        p = _apply(s, p, res)
        after = (p, s.map_at(p))
        turn = g.rules.after(after[1], turn, c.kind, c.unit, cost, res.outcome)
        if c.attack is not None and c.attack.limits:        # the shot counts against its fire limits
            turn = turn.replace(fired=(*turn.fired, *c.attack.limits))
        if g.turn.active is not None and turn.active is None:        # the action closed an activation
            turn = turn.replace(fired=tuple(x for x in turn.fired if x.per != ACTIVATION))
            closed = g.rules.end_of_activation(after[1], g.turn, dice)
            if closed.changes or closed.effects or closed.cleared or closed.placed or closed.rolls:
                p = _apply(s, p, closed)
                after = (p, s.map_at(p))
                actions[0] = dataclasses.replace(actions[0], rolls=(*actions[0].rolls, *closed.rolls),
                                                 effects=(*actions[0].effects, *closed.effects),
                                                 eliminated=(*(actions[0].eliminated or ()), *closed.eliminated))
            turn = g.rules.after_activation(after[1], g.turn, turn)
    board = after[1] if after is not None and after[0] is p else None   # the map of p, built once
    # what follows records control and resources, which no map shows: board stays p's map
    if s.rules.control_on_path:     # control follows the units at once, the cells moved through too (Conflict 2.4)
        moved = c.expands in (MOVE, STEP) or c.kind == "enter"
        p = record_control(s, p, s.unit(c.unit).side if c.unit else g.side,
                           tuple(m.cell(x) for x in c.cells(m)) if moved else ())
    p = _with_spent(s, p, g.rules, turn.resources)      # a strike used is the scenario's (CI 2.6)
    nxt = g.replace(position=p, turn=turn, actions=g.actions + 1)
    if board is not None:           # the rules' map is the next state's
        nxt.__dict__.setdefault("map", board)
    ended: list[tuple[int, Position]] = []
    if c.kind not in ("enter", "delay"):
        nxt = _settle(nxt, dice, ended, actions)
    for i in range(1, len(actions)):
        actions[i] = dataclasses.replace(actions[i], index=g.actions + i)
    return nxt.replace(actions=g.actions + len(actions)), actions, ended


def _declared(g: GameState, dice: Dice, actions: list[Action]) -> GameState:
    """Resolve the attacks declared in the phase that just closed (``pending``), all at once."""
    from wartools.play.attacks import attack_on

    m = g.map
    units = {u.id: u for u in m.units}
    attacks = []
    for a, t in g.turn.pending:
        if a in units and t in units:
            got = attack_on(g.board, units[a], units[t])
            if got is not None:
                attacks.append((units[a], units[t], got))
    res = g.rules.resolve_declared(m, attacks, dice, g.turn)
    actions.append(_system(g, "resolve", g.turn.first, res, g.rules.declared_rule))
    p = _apply(g.scenario, g.position, res)
    after = g.scenario.map_at(p)
    nxt = g.replace(position=p, turn=g.rules.after_declared(after, g.turn))
    nxt.__dict__.setdefault("map", after)      # built once: the rules' map is the next state's
    return nxt


def _settle(g: GameState, dice: Dice, ended: list[tuple[int, Position]], actions: list[Action]) -> GameState:
    """Close what the last action finished: declared attacks, turns (upkeep, scoring, the clock),
    the early end."""
    s = g.scenario
    if g.rules.resolve_now(g.turn):
        g = _declared(g, dice, actions)
    if s.victory.ends_when is not None and not s.rules.ends_at_end_of_turn and evaluate(s, g.position).over:
        p = g.position.replace(ended=True)
        ended.append((p.turn, p))
        return g.replace(position=p, over=True)
    while g.rules.over(g.turn):
        res = g.rules.end_of_turn(g.map, g.turn, dice)
        if res.rolls or res.effects:
            actions.append(_system(g, "end-of-turn", g.turn.first, res, g.rules.turn_rule))
        p = _apply(s, g.position, res)
        done = p.turn
        p = end_turn(s, p)
        lifted = g.rules.after_scoring(s.map_at(p), g.turn)
        if lifted.changes or lifted.effects:
            p = _apply(s, p, lifted)
            actions.append(_system(g, "end-of-turn", g.turn.first, lifted, g.rules.turn_rule))
        ended.append((done, p))
        if p.ended:
            return g.replace(position=p, over=True)
        turn, rolls = g.rules.start_turn(p.turn, g.turn.sides, g.turn.first, dice, g.turn.full,
                                         _fresh_resources(s, p, g.rules))
        g = g.replace(position=p, turn=turn)
        if rolls:
            actions.append(_system(g, "first-player", rolls[0].side, Resolution(rolls), g.rules.turn_rule))
    return g


def _fresh_resources(s: Scenario, p: Position, rules: TurnRules) -> Mapping[str, Mapping[str, int]]:
    """Each side's resources at the start of ``p``'s turn: the scenario's, as the turn rules reset them
    for the units each side has lost (:meth:`~wartools.rules.turn.TurnRules.reset_resources`), less what
    the position says play has spent of those that last the scenario (:attr:`Position.spent`)."""
    fresh = MappingProxyType({n: MappingProxyType({k: v - p.spent.get(n, {}).get(k, 0) if k in rules.lasting else v
                                                   for k, v in side.resources.items()})
                              for n, side in s.sides.items()})
    lost: dict[str, int] = {}
    for uid in p.eliminated:
        side = s.unit(uid).side
        lost[side] = lost.get(side, 0) + 1
    return rules.reset_resources(s.map_at(p), fresh, MappingProxyType(lost))


def _with_spent(s: Scenario, p: Position, rules: TurnRules, resources: Mapping[str, Mapping[str, int]]) -> Position:
    """``p`` with what each side has spent of the resources that last the scenario
    (:attr:`~wartools.rules.turn.TurnRules.lasting`) as the turn's ``resources`` leave them."""
    if not rules.lasting:
        return p
    spent: dict[str, dict[str, int]] = {}
    for name, side in s.sides.items():
        left = resources.get(name, {})
        used = {k: v - left[k] for k, v in side.resources.items() if k in rules.lasting and k in left and v > left[k]}
        if used:
            spent[name] = used
    if spent == {k: dict(v) for k, v in p.spent.items()}:
        return p
    return p.replace(spent=MappingProxyType({k: MappingProxyType(v) for k, v in spent.items()}))


class RngDice:
    """Dice drawn from a NumPy generator (faces 1..sides), seeded for reproducible playouts.

    Examples
    --------
    >>> d = RngDice(np.random.default_rng(1))
    >>> d.roll(6, 3) == RngDice(np.random.default_rng(1)).roll(6, 3)
    True
    """

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def roll(self, sides: int, n: int = 1) -> tuple[int, ...]:
        return tuple(int(x) for x in self.rng.integers(1, sides + 1, size=n))


__all__ = ["Action", "Candidate", "GameState", "PlayError", "RngDice", "legal_actions", "resolve", "set_up", "start",
           "step"]
