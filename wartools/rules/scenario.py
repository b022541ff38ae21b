"""The policy a game plugs into the scenario layer: :class:`ScenarioRules`.

A game's ``scenario`` module (``wartools.games.<game>.scenario``) defines a
subclass named ``Rules``; :meth:`wartools.rules.Game.scenario_rules` returns an
instance. The scenario layer (:mod:`wartools.scenario`) asks it only generic
questions and never which game it runs:

- what one turn is called, how many VP an eliminated enemy unit is worth and
  when objectives score by default;
- which of the game's options (:attr:`wartools.rules.Game.options`: night,
  weather, readings of silent rules) its scenario rules read, and which side
  resources (CAPs, manpower ...) a scenario may set;
- which cells a set-up zone allows, whether a unit may stand on a cell and
  whether a stack is legal (by default asked of the game's movement rules);
- who controls a cell now (:meth:`ScenarioRules.control`) and what changes at
  the end of a turn (:meth:`ScenarioRules.capture`).

Every hook has a neutral default; a game overrides only what differs.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.grids.base import Cell
from wartools.limits import IntLimit
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit

#: turn-scoring words: objectives score at the end of the game, or at the end of every turn
SCORE_AT_END, SCORE_EACH_TURN = "end", "each-turn"


@dataclass(frozen=True)
class Control:
    """Who controls a cell, and why.

    ``side`` is a side name or ``None`` (nobody: neutral, disputed or contested);
    ``status`` is a short word (``occupied``, ``adjacent``, ``held``,
    ``disputed``, ``contested``, ``neutral``) and ``why`` a sentence citing the rule.

    Examples
    --------
    >>> Control("US", "occupied", "US units on the hex (Combat Infantry 8.3)").side
    'US'
    """

    side: str | None
    status: str
    why: str


class ScenarioRules:
    """Neutral scenario policy; games subclass it as ``wartools.games.<game>.scenario.Rules``.

    Parameters
    ----------
    game
        The :class:`~wartools.rules.Game` the rules belong to, configured with the
        scenario's options (``game.with_options(...)``).

    Examples
    --------
    >>> from wartools.rules import find_game
    >>> rules = ScenarioRules(find_game("ci"))
    >>> rules.turn_name, rules.per_elimination, rules.objective_scoring
    ('turn', 0, 'end')
    """

    #: what one turn is called in the rulebook ("game turn", "round")
    turn_name: ClassVar[str] = "turn"
    #: where that comes from
    turn_rule: ClassVar[str] = ""
    #: VP an eliminated enemy unit is worth unless the scenario or the unit says otherwise
    per_elimination: ClassVar[int] = 0
    #: where that comes from
    per_elimination_rule: ClassVar[str] = ""
    #: whether that value is our reading (reported unless the scenario sets it)
    per_elimination_assumed: ClassVar[bool] = False
    #: when objectives score unless the scenario says: "end" or "each-turn"
    objective_scoring: ClassVar[str] = SCORE_AT_END
    #: where that comes from
    objective_scoring_rule: ClassVar[str] = ""
    #: whether that default is our reading (reported unless every objective sets it)
    objective_scoring_assumed: ClassVar[bool] = False
    #: whether the early-end condition is checked only at the end of a turn (in :func:`end_turn`)
    #: rather than as soon as it holds
    ends_at_end_of_turn: ClassVar[bool] = False
    #: whether a unit moving through a cell takes control of it on the way
    control_on_path: ClassVar[bool] = False
    #: whether control of objectives changes only at the end of a turn (:meth:`capture`)
    control_at_end_of_turn: ClassVar[bool] = False
    #: the game options (:attr:`wartools.rules.Game.options`) these rules read
    reads: ClassVar[tuple[str, ...]] = ()
    #: per-side resources a scenario may set (name -> rule)
    resources: ClassVar[Mapping[str, str]] = {}
    #: the bounds of a resource where the game's rules set them (name -> limit); others take the
    #: generic :data:`~wartools.limits.RESOURCES`
    resource_limits: ClassVar[Mapping[str, IntLimit]] = {}
    #: per-unit state a position may record besides the cell (name -> rule)
    unit_state: ClassVar[Mapping[str, str]] = {"steps": "", "health": "", "pins": "", "suppressed": ""}

    def __init__(self, game: Any) -> None:
        self.game = game

    # --- options ----------------------------------------------------------------------
    def option(self, name: str) -> Any:
        """The value in force of one of the game's options."""
        return self.game.option(name)

    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings (and changed options) these rules rest on (:attr:`reads`)."""
        return self.game.assumptions(self.reads)

    # --- set-up and legality ----------------------------------------------------------
    def setup_area(self, m: Map, zone: Sequence[Cell]) -> frozenset[Cell]:
        """The cells a unit may set up on, given a set-up zone's cells (default: the zone)."""
        return frozenset(zone)

    def setup_problem(self, m: Map, zone: Sequence[Cell], cells: Sequence[Cell]) -> str | None:
        """Why a side's set-up as a whole is not allowed (``None`` if it is): ``zone`` is the
        named set-up cells, ``cells`` where the side's units set up (default: always allowed)."""
        return None

    def _movement(self, m: Map, unit_type: str, side: str | None, others: Iterable[Unit] = ()) -> Any:
        from wartools.rules.movement import MoveSituation

        rules = self.game.movement_rules()
        return rules(m, unit_type, MoveSituation(side=side, others=tuple(others)))

    def standing_problem(self, m: Map, unit_type: str, cell: Cell) -> str | None:
        """Why a unit of ``unit_type`` can never stand on ``cell`` (``None`` if it can).

        Default: the game's movement rules refuse every step into the cell from
        every neighbour (other units ignored).
        """
        rules = self._movement(m, unit_type, None)
        reasons = []
        for n in m.grid.neighbours(cell):
            step = rules.step(n, cell)
            if step.passable:
                return None
            reasons.append(step.why)
        if not reasons:
            return None
        return f"{m.label(cell)} is impassable to {unit_type}: {reasons[0]}"

    def tag_problem(self, unit_type: str, side: str, tag: str, sides: Mapping[str, str]) -> str | None:
        """Why a unit of ``unit_type`` and ``side`` may not carry ``tag`` (``None`` if it may): a
        status tag the game reads that belongs to other units or names a unit (``sides``: each of
        the scenario's unit ids and its side). Default: every tag is allowed."""
        return None

    def stack_problem(self, m: Map, units: Sequence[Unit]) -> str | None:
        """Why these units of one side may not all stand on one cell (``None`` if they may).

        Default: the game's movement rules let no move end on the cell with the
        others already there (:meth:`~wartools.movement.MovementRules.end_blocker`).
        """
        if len(units) < 2:
            return None
        *others, last = units
        why = self._movement(m, last.type, last.side, others).end_blocker(last.cell)
        return None if why is None else f"{m.label(last.cell)} is over the stacking limit: {why}"

    # --- control ----------------------------------------------------------------------
    def control(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, Control]:
        """Who controls each of ``cells`` now, given the units on the map and the
        control recorded so far (flags left by earlier turns).

        Default: a side alone on a cell controls it; both sides there: contested;
        nobody there: the recorded controller keeps it.
        """
        out: dict[Cell, Control] = {}
        for c in cells:
            sides = sorted({u.side for u in units if u.cell == c})
            if len(sides) == 1:
                out[c] = Control(sides[0], "occupied", f"only {sides[0]} units on it")
            elif sides:
                out[c] = Control(None, "contested", f"units of {' and '.join(sides)} on it")
            elif recorded.get(c):
                out[c] = Control(recorded[c], "held", f"{recorded[c]} took it earlier and nobody has since")
            else:
                out[c] = Control(None, "neutral", "nobody has taken it")
        return out

    @staticmethod
    def recorded_control(cells: Iterable[Cell], recorded: Mapping[Cell, str | None], held: str,
                         nobody: str) -> dict[Cell, Control]:
        """Control exactly as recorded (for games where it changes only at the end of a turn);
        ``held`` may use ``{side}``."""
        out = {}
        for c in cells:
            side = recorded.get(c)
            out[c] = (Control(side, "held", held.format(side=side)) if side
                      else Control(None, "neutral", nobody))
        return out

    def capture(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, str | None]:
        """Control of ``cells`` after the end-of-turn step (default: as :meth:`control` says)."""
        return {c: ctl.side for c, ctl in self.control(m, units, cells, recorded).items()}

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__name__} for {self.game!r}>"


__all__ = ["Control", "SCORE_AT_END", "SCORE_EACH_TURN", "ScenarioRules"]
