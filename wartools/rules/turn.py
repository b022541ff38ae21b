"""The policy a game plugs into play (:mod:`wartools.play`): :class:`TurnRules`.

A game's ``turn`` module (``wartools.games.<game>.turn``) defines a subclass named
``Turns``; :meth:`wartools.rules.Game.turn_rules` returns an instance. The play engine
asks it only generic questions, never which game it runs:

- who acts first in a turn (:meth:`TurnRules.start_turn`, with any roll for it);
- what the side to act may do now (:meth:`TurnRules.offers`): *offers* such as "this
  unit may move up to 5 points", "this unit may fire", "pass". The engine turns each
  offer into concrete actions with the same engines the single answers use (the
  movement engine's ``reach``/``path``, the game's attack question), so a legal move is
  legal by ``path`` and a legal shot is one the attack question allows;
- the bookkeeping after an action (:meth:`TurnRules.after`: points spent, units done,
  whose turn is next, when the turn is over), what changes when an activation ends
  (:meth:`TurnRules.end_of_activation`: a half-hit recovering ...), and who decides once it has
  (:meth:`TurnRules.after_activation`: a side given choices out of turn, the winners of an assault
  regrouping ...);
- how a shot, an assault or a rally is resolved (:meth:`TurnRules.resolve_fire` ...):
  real dice drawn from a :class:`Dice`, every roll returned as a :class:`Roll` with its
  exact probability from the game's own odds functions, and the :class:`Change`\\ s to
  the units;
- what happens at the end of a turn besides scoring (:meth:`TurnRules.end_of_turn`).

Everything here is plain data over maps and units: the engine owns positions.

Examples
--------
>>> from wartools.games import find_game
>>> rules = find_game("ci").turn_rules()
>>> type(rules).__name__, rules.turn_rule
('Turns', 'Combat Infantry 1.0')
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from wartools.errors import WartoolsError
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.game import Game
    from wartools.games.fire_rules import Attack, Limit
    from wartools.grids.base import Cell, Edge
    from wartools.mapmodel import Map, Unit

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Roll:
    """One roll of the dice in a played game, with its exact odds.

    ``side`` is whose luck it is, ``what`` says what was rolled for, ``faces`` the faces
    drawn, ``p`` the exact probability of exactly this outcome, ``value`` the outcome
    measured for luck from the roller's side (hits dealt, 1 or 0 for a success),
    ``expected`` the exact expectation of ``value`` before the roll, ``rule`` the rule
    that resolved it.

    Examples
    --------
    >>> r = Roll("US", "us-1 fires at de-1", (1, 7), Fraction(12, 25), Fraction(1), Fraction(4, 5),
    ...          "Combat Infantry 6.1")
    >>> r.luck
    Fraction(1, 5)
    """

    side: str
    what: str
    faces: tuple[int, ...]
    p: Fraction
    value: Fraction
    expected: Fraction
    rule: str

    @property
    def luck(self) -> Fraction:
        """How much better than expected the roll came out for the roller."""
        return self.value - self.expected


class Dice(Protocol):
    """Where faces come from: a seeded generator in a playout, the record in a replay."""

    def roll(self, sides: int, n: int = 1) -> tuple[int, ...]:
        """``n`` faces of a die with faces ``1..sides``."""


class FacesExhausted(WartoolsError):
    """A replayed roll needs more faces than the record holds, or other faces."""


@dataclass
class ScriptedDice:
    """Dice that hand out given faces in order (a record's, or a rulebook example's).

    Examples
    --------
    >>> d = ScriptedDice([3, 10, 4])
    >>> d.roll(10, 2), d.roll(10), d.left
    ((3, 10), (4,), 0)
    >>> d.roll(6)
    Traceback (most recent call last):
    ...
    wartools.rules.turn.FacesExhausted: the recorded faces ran out
    """

    faces: Sequence[int]
    used: int = 0

    @property
    def left(self) -> int:
        """Faces not handed out yet."""
        return len(self.faces) - self.used

    def roll(self, sides: int, n: int = 1) -> tuple[int, ...]:
        if self.used + n > len(self.faces):
            raise FacesExhausted("the recorded faces ran out")
        out = tuple(int(f) for f in self.faces[self.used:self.used + n])
        if any(not 1 <= f <= sides for f in out):
            raise FacesExhausted(f"recorded faces {list(out)} are not faces of a d{sides}")
        self.used += n
        return out


@dataclass(frozen=True)
class TurnState:
    """Where a turn stands, besides the position: the bookkeeping the turn rules keep.

    Attributes
    ----------
    turn, phase
        The turn number and the phase's name (the game's word).
    side
        The side that decides next; ``first`` the side that began the turn.
    sides
        Every side, in the scenario's order.
    acted
        Units that may not act again this turn (face-down, spent, activated ...).
    spent
        Points each unit has spent this turn (command points, action points ...).
    active
        The activated unit or HQ of the impulse under way (``None``: none).
    commanded
        Units the active HQ commands and that have not acted yet.
    budget
        Points left in the impulse under way.
    impulses
        How many impulses (player turns, maneuver turns ...) each side has had in this phase.
    passes
        Passes in a row.
    resources
        Each side's resources this turn (``{"caps": 5}``).
    pending
        Declared attacks ``(attacker, target)`` resolved together at the end of the phase.
    full
        Each unit's full strength (steps or health), for rallies and reinforcement.
    activated
        Each side's activated unit and its points left (games where both may have one).
    fired
        The fire limits the shots taken so far have counted against (one entry a shot and limit,
        :attr:`~wartools.games.fire_rules.Attack.limits`): those counted per activation until it
        ends, those per game turn until the turn ends (Combat Infantry 6.5, 6.61).
    resume
        The side to act again once :attr:`side` has made the choices it was given out of turn (the
        winners of an assault regrouping, Combat Infantry 9.5); ``None``: no such choice is under way.
    """

    turn: int
    phase: str
    side: str
    first: str
    sides: tuple[str, ...]
    acted: frozenset[str] = frozenset()
    spent: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    active: str | None = None
    commanded: tuple[str, ...] = ()
    budget: int = 0
    impulses: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    passes: int = 0
    resources: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: _EMPTY)
    pending: tuple[tuple[str, str], ...] = ()
    full: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    #: each side's activated unit and the points it has left, where both sides may have one
    #: activated at once (Conflict of Heroes 2.2)
    activated: Mapping[str, tuple[str, int]] = field(default_factory=lambda: _EMPTY)
    fired: tuple[Limit, ...] = ()
    resume: str | None = None

    def other(self, side: str | None = None) -> str:
        """The next side after ``side`` (default: the side to act) in the scenario's order."""
        s = self.side if side is None else side
        return self.sides[(self.sides.index(s) + 1) % len(self.sides)]

    def replace(self, **changes: Any) -> TurnState:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    def spend(self, unit: str, points: int) -> Mapping[str, int]:
        """``spent`` with ``points`` more for ``unit``."""
        return MappingProxyType({**self.spent, unit: self.spent.get(unit, 0) + points})

    def to_json(self) -> dict[str, Any]:
        """Plain data (for records and tests)."""
        return {"turn": self.turn, "phase": self.phase, "side": self.side, "first": self.first,
                "acted": sorted(self.acted), "spent": dict(self.spent), "active": self.active,
                "commanded": list(self.commanded), "budget": self.budget, "impulses": dict(self.impulses),
                "passes": self.passes, "resources": {k: dict(v) for k, v in self.resources.items()},
                "pending": [list(p) for p in self.pending],
                "activated": {k: list(v) for k, v in self.activated.items()},
                "fired": [{"rule": x.rule, "why": x.why, "per": x.per} for x in self.fired], "resume": self.resume}


#: offer kinds the engine expands with the single-answer engines
MOVE, STEP, FIRE, ASSAULT, DECLARE = "move", "step", "fire", "assault", "declare"
#: the expansion of a game's own word that puts a unit on the cell its offer names (``dest``), resolved by
#: the game (:meth:`TurnRules.resolve`) and weighed by bots as a move (a regroup, Combat Infantry 9.5)
PLACE = "place"


@dataclass(frozen=True)
class Offer:
    """Something the side to act may do now, before the engine makes it concrete.

    ``kind`` is ``"move"`` (one move within ``budget`` points: the engine asks ``reach``),
    ``"step"`` (into one adjacent cell within ``budget``), ``"fire"`` (at any target the
    attack question allows), ``"declare"`` (name a target now, resolved at the end of the
    phase), ``"assault"`` (move into an enemy's cell within ``budget``), or a word the game
    resolves itself (``"rally"``, ``"activate"``, ``"pass"``, ``"end"`` ...; with engine
    ``"place"``, :data:`PLACE`, a word putting the unit on ``dest``, which bots weigh as a move). ``cost`` is
    what the action costs besides movement points, ``rule`` the section that allows it.
    """

    kind: str
    unit: str | None = None
    budget: int | None = None
    rule: str = ""
    cost: int = 0
    #: which expansion the engine uses (``move``, ``step``, ``fire``, ``declare``, ``assault``) when
    #: ``kind`` is the game's own word for it (``"opportunity-fire"``); default: ``kind``
    engine: str | None = None
    #: the cell a game's own word names (an HQ deploying there, Combat Infantry 4.2), or the hexside (a
    #: bridge demolished, 7.3); resolved by :meth:`TurnRules.resolve` with it
    dest: Cell | Edge | None = None
    #: the unit a game's own word names, standing on ``dest`` (a machine gun's pin, Company of Heroes 7;
    #: a repair, 8.2); the engine gives the candidate the attack question's answer on it when it is an
    #: enemy
    target: str | None = None

    @property
    def expands(self) -> str:
        """The expansion the engine uses."""
        return self.engine or self.kind


@dataclass(frozen=True)
class Change:
    """What happens to one unit: its new strength, tags gained or lost, a new cell,
    elimination, or leaving the map (``off_map``: removed from play, not eliminated, so no VP for
    the enemy: a retreat off the map, Combat Infantry 9.4)."""

    unit: str
    strength: int | None = None
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    cell: Cell | None = None
    eliminated: bool = False
    off_map: bool = False


@dataclass(frozen=True)
class Resolution:
    """The outcome of one action: its rolls, the changes to units, what happened in words, an
    ``outcome`` word the turn rules' bookkeeping reads (``"pass"``/``"fail"`` of a check), and the
    cell features it removes from the board and places on it, ``(cell, feature)`` (a minefield
    cleared, a foxhole dug)."""

    rolls: tuple[Roll, ...] = ()
    changes: tuple[Change, ...] = ()
    effects: tuple[str, ...] = ()
    outcome: str = ""
    cleared: tuple[tuple[Cell | Edge, str], ...] = ()
    placed: tuple[tuple[Cell | Edge, str], ...] = ()

    @property
    def eliminated(self) -> tuple[str, ...]:
        """The units the outcome eliminates, in the order of its changes (a record's structured
        eliminations: turning points read them, never the words of ``effects``)."""
        return tuple(dict.fromkeys(ch.unit for ch in self.changes if ch.eliminated))


@dataclass(frozen=True)
class Prospect:
    """What one of a game's own actions (a word the turn rules resolve themselves: ``"rally"``,
    ``"activate"`` ...) promises before it is resolved, exactly: the steps (strength) its unit is
    expected to gain, the chance it lets the side's units act (an activation, a passed check
    to act), the cell features it places on the board and removes from it, ``(cell, feature)``
    (a foxhole dug, wire cleared), with the chance it does (``changes``), and the hits it is expected
    to score, less those on its own side (``hits``). A scoring bot weighs a
    game's actions by it, never by their names.

    Examples
    --------
    >>> Prospect(steps=Fraction(7, 10)).acting
    Fraction(0, 1)
    """

    steps: Fraction = Fraction(0)
    acting: Fraction = Fraction(0)
    places: tuple[tuple[Cell | Edge, str], ...] = ()
    clears: tuple[tuple[Cell | Edge, str], ...] = ()
    changes: Fraction = Fraction(0)
    #: the hits it is expected to score on the enemy, less those expected on its own side (an off-map
    #: strike and its friendly fire, Combat Infantry 2.6, 6.63)
    hits: Fraction = Fraction(0)


def strength_effects(m: Map, unit: Unit, before: int, after: int) -> tuple[tuple[Change, ...], tuple[str, ...]]:
    """The change and the words for a unit going from ``before`` to ``after`` strength.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("ci", 2, 1, units=[("us-1", "US", "rifle", "A1")])
    >>> strength_effects(m, m.units[0], 4, 2)[1], strength_effects(m, m.units[0], 1, 0)[1]
    (('us-1 loses 2 steps',), ('us-1 eliminated',))
    """
    if after >= before:
        return (), ()
    if after <= 0:
        return (Change(unit.id, strength=0, eliminated=True),), (f"{unit.id} eliminated",)
    lost = before - after
    return (Change(unit.id, strength=after),), (f"{unit.id} loses {lost} step{'s' if lost > 1 else ''}",)


class TurnRules:
    """Neutral turn rules; games subclass them as ``wartools.games.<game>.turn.Turns``.

    The neutral rules are those of the simplest alternating game: the sides take turns;
    in its turn a side activates one unit that has not acted, which moves or fires once;
    a side may pass; the turn ends when both pass in a row or every unit has acted. A game
    without its own turn rules cannot resolve fire, so its units only move.

    Parameters
    ----------
    game
        The configured :class:`~wartools.rules.Game`.
    """

    #: what the sequence of play is, in our words, with its sections
    sequence: ClassVar[str] = "the sides alternate one unit's action until both pass in a row"
    #: the section the sequence comes from
    turn_rule: ClassVar[str] = ""
    #: the game options whose readings a played game rests on
    reads: ClassVar[tuple[str, ...]] = ()
    #: parts of the rules the turn engine does not play: (section, what is left out and how it is played)
    OMITTED: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: the scenario resources that last the whole scenario: what a turn spends of them never comes back,
    #: and a position records it (:attr:`~wartools.scenario.Position.spent`); the others a turn resets
    lasting: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game) -> None:
        self.game = game

    def with_setup(self, areas: Mapping[str, frozenset[Cell]]) -> TurnRules:
        """These rules for a scenario whose sides set up on ``areas`` (each side's set-up cells,
        empty when it names none): a game whose rules read them (Company of Heroes' spawn areas,
        where infantry reinforces, 8.2) returns rules that hold them; the same rules by default."""
        return self

    def set_up(self, m: Map) -> tuple[Change, ...]:
        """The changes play makes to a scenario's set-up ``m`` as it starts (Combat Infantry's blocks
        stand upright); none by default. A stated position is played as it stands."""
        return ()

    # --- the turn ---------------------------------------------------------------------
    def start_turn(self, turn: int, sides: tuple[str, ...], first: str, dice: Dice,
                   full: Mapping[str, int], resources: Mapping[str, Mapping[str, int]]
                   ) -> tuple[TurnState, tuple[Roll, ...]]:
        """The state at the start of ``turn`` (``first`` is the scenario's first side in turn 1,
        the side that began the last turn afterwards), with any roll that decided who goes first."""
        return TurnState(turn, "turn", first, first, sides, full=full, resources=resources), ()

    def reset_resources(self, m: Map, resources: Mapping[str, Mapping[str, int]],
                        lost: Mapping[str, int]) -> Mapping[str, Mapping[str, int]]:
        """Each side's resources at the start of a turn: the scenario's ``resources`` as the game
        resets them, ``lost`` the units each side has lost so far (``m`` the map at the start of
        the turn); the scenario's by default."""
        return resources

    def over(self, state: TurnState) -> bool:
        """Whether the turn's phases are all done."""
        return state.passes >= len(state.sides)

    def offers(self, m: Map, state: TurnState) -> tuple[Offer, ...]:
        """What the side to act may do now."""
        if state.active is not None:
            return (Offer("end", state.active),)
        out = [Offer(MOVE, u.id) for u in m.units if u.side == state.side and u.id not in state.acted]
        return (*out, Offer("pass"))

    def after(self, m: Map, state: TurnState, kind: str, unit: str | None, cost: int,
              outcome: str = "") -> TurnState:
        """The state after an action of ``kind`` by ``unit`` that cost ``cost`` points (``m`` is
        the map after it; ``outcome`` the resolution's word)."""
        if kind == "pass":
            return state.replace(side=state.other(), passes=state.passes + 1, active=None)
        acted = state.acted | ({unit} if unit else set())
        return state.replace(side=state.other(), passes=0, acted=acted, active=None)

    # --- resolution -------------------------------------------------------------------
    def resolve_fire(self, m: Map, attacker: Unit, target: Unit, attack: Attack, dice: Dice,
                     state: TurnState) -> Resolution:
        """Resolve one shot of ``attacker`` at ``target`` (the attack question's ``attack``)."""
        raise WartoolsError(f"{self.game.id} has no turn rules to resolve fire")

    def resolve_declared(self, m: Map, attacks: Sequence[tuple[Unit, Unit, Attack]], dice: Dice,
                         state: TurnState) -> Resolution:
        """Resolve the attacks declared in a phase (``declare`` offers), all at once."""
        raise WartoolsError(f"{self.game.id} declares no attacks")

    #: the section that resolves declared attacks together
    declared_rule: ClassVar[str] = ""

    def resolve_now(self, state: TurnState) -> bool:
        """Whether the attacks declared so far (``state.pending``) are to be resolved now."""
        return False

    def after_declared(self, m: Map, state: TurnState) -> TurnState:
        """The state once the declared attacks are resolved (``m`` the map after them)."""
        return state.replace(pending=())

    def resolve_assault(self, m: Map, attacker: Unit, cells: tuple[Cell, ...], dice: Dice,
                        state: TurnState) -> Resolution:
        """Resolve ``attacker`` moving along ``cells`` into the enemy's last cell."""
        raise WartoolsError(f"{self.game.id} has no assaults")

    def resolve(self, m: Map, kind: str, unit: Unit | None, dice: Dice, state: TurnState,
                dest: Cell | None = None) -> Resolution:
        """Resolve a game word (``"rally"`` ...) for ``unit`` (``dest``: the cell its offer named);
        nothing happens by default."""
        return Resolution()

    def moved(self, m: Map, unit: Unit, cells: tuple[Cell, ...]) -> tuple[Change, ...]:
        """Changes to ``unit`` besides its new cell after a move along ``cells`` (a weapon team
        packing up ...); none by default."""
        return ()

    def move_outcome(self, m: Map, unit: Unit, cells: tuple[Cell, ...], dice: Dice) -> Resolution:
        """What a move along ``cells`` leads to besides the unit's new cell, rolls included (a mine
        attack at the end of the move ...); by default the changes of :meth:`moved`."""
        return Resolution((), self.moved(m, unit, cells))

    def end_of_activation(self, m: Map, state: TurnState, dice: Dice) -> Resolution:
        """What changes when the activation ``state.active`` ends (``m`` is the map after its last
        action), rolls included (assaults fought once the activation's other actions are done ...):
        the engine asks whenever an action closes one. Nothing by default."""
        return Resolution()

    def after_activation(self, m: Map, closed: TurnState, state: TurnState) -> TurnState:
        """The state once the activation of ``closed`` has ended and :meth:`end_of_activation`'s
        resolution is applied (``m`` the map after it; ``state`` what :meth:`after` made of the action
        that closed it): ``state`` by default. A game whose activation's end leaves a side choices to
        make gives it them here (the winners of an assault regrouping, Combat Infantry 9.5), keeping the
        activation open (``active`` set): the engine asks :meth:`end_of_activation` again when a later
        action closes it."""
        return state

    def end_of_turn(self, m: Map, state: TurnState, dice: Dice) -> Resolution:
        """What changes at the end of a turn besides scoring (removing pins, reinforcing ...)."""
        return Resolution()

    def after_scoring(self, m: Map, state: TurnState) -> Resolution:
        """What changes once a turn is scored (``m`` the map after :func:`~wartools.scenario.end_turn`):
        statuses that last the whole turn, its end-of-turn capture included (Company of Heroes' pins,
        7); nothing by default."""
        return Resolution()

    def prospect(self, m: Map, state: TurnState, kind: str, unit: Unit | None,
                 dest: Cell | None = None) -> Prospect:
        """What the game's own action ``kind`` of ``unit`` promises now (:class:`Prospect`; ``dest``: the
        cell its offer named); the neutral rules' ``end`` and ``pass`` promise nothing."""
        return Prospect()

    # --- units ------------------------------------------------------------------------
    def in_cover(self, m: Map, unit: Unit) -> bool:
        """Whether ``unit`` stands in cover that protects it against fire (for bots)."""
        return False

    def strength(self, unit: Unit) -> int:
        """A unit's current strength (steps or health): its own, else its type's typical value."""
        if unit.strength is not None:
            return int(unit.strength)
        profile = self.game.fire_rules().target_profile(unit.type)
        return max(1, profile.value("strength", profile.value("health", 1)))

    def assumptions(self) -> tuple[Assumption, ...]:
        """The readings a played game rests on: the options' and what the engine leaves out."""
        out = list(self.game.assumptions(self.reads))
        out += [Assumption(rule, f"not played: {what}") for rule, what in self.OMITTED]
        return tuple(out)


__all__ = ["ASSAULT", "Change", "DECLARE", "Dice", "FIRE", "FacesExhausted", "MOVE", "Offer", "PLACE", "Prospect",
           "Resolution", "Roll",
           "STEP", "ScriptedDice", "TurnRules", "TurnState", "strength_effects"]
