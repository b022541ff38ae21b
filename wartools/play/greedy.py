"""The ``greedy`` bot: every legal action scored on the analysis layer's numbers, the best taken.

Like Wesnoth's candidate-action AI (each kind of action scored by its own evaluation, the
highest score played) and MegaMek's path ranker (a move ranked by the damage it lets the unit
deal, the damage it exposes it to and how far it gets towards its goal), one score per
candidate, from the same answers a player sees:

- a shot, a declared attack or one of the game's own actions naming a target (a machine gun's
  pin, Company of Heroes 7): the expected hits the attack question gives on it, worth
  :attr:`GreedyBot.kill` more when it is likely to destroy the target (its chance of
  at least one hit on a one-step target);
- an assault: the chance to win it, times the defenders' strength;
- a move (or an entry, or a game's own word placing the unit on a cell: a regroup, Combat Infantry 9.5,
  :data:`~wartools.rules.turn.PLACE`): the unit's exposure on the cell left minus on the cell reached, times
  :attr:`GreedyBot.caution`, plus the progress towards the nearest objective its side does not
  hold (cells closer, over the grid) and a bonus for ending on it. The exposure on a cell is the
  threat map's (:func:`~wartools.analysis.threat_map`): every enemy unit's attack question on a
  unit like the mover (its side, type, strength and tags: a weapon team deployed or packed, a
  transport) standing there, on the board as it stands, the attacks cut by the game's fire
  limits and combined as the game combines them (:meth:`~wartools.games.fire_rules.FireRules.limit`,
  ``combine``: Combat Infantry 6.5, 6.51);
- one of the game's own actions (a rally, an activation, a check to act, a special action): what
  the turn rules say it promises (:meth:`~wartools.rules.turn.TurnRules.prospect`): the steps it is
  expected to gain, plus the hits it is expected to score less those on its own side (an off-map strike,
  Combat Infantry 2.6, 2.7), plus :attr:`GreedyBot.activate` times the chance it lets the side's units act,
  plus the chance it changes the board times what the change is worth: a feature placed on the
  unit's own cell that puts it in cover (a foxhole) :attr:`GreedyBot.cover` of its exposure there
  times :attr:`GreedyBot.caution`, one placed elsewhere (smoke)
  :attr:`GreedyBot.screen`, one removed (wire) :attr:`GreedyBot.opening`, a hexside feature placed or
  removed (a bridge's "destroyed" marker, Combat Infantry 7.3) :attr:`GreedyBot.progress` times the
  hexes it adds to the enemy's way to its goals less those it adds to the side's own (the movement
  engine's cheapest way over the terrain); passing and ending promise nothing.

Every enemy unit's fire on a unit like a mover is asked in one vectorised pass of the attack
question (:meth:`~wartools.games.fire_rules.FireRules.attacks_of`: the lines of enemies alike
judged together), shared by every move of every mover alike, and each enemy's answers kept under
a key of everything the answer depends on: the board and the game, the situation, the attacker,
the mover's side, type, strength and tags, and the units the game's fire rules say the
attacker's answers read (:meth:`~wartools.games.fire_rules.FireRules.units_read`: every unit
unless the game names fewer), each with its cell, strength and tags, and, cell by cell, the units
between the attacker and the cell where the game's lines are blocked by units
(:meth:`~wartools.games.fire_rules.FireRules.cells_between`). So a decision asks again only the
answers a change on the board could change. (Pruning the moves that cannot be among the best
five, by a bound of their score, cost more than it saved: a pass of the attack question costs
about the same for one cell as for twenty, and the bound needs a pass of its own; asking each
enemy's whole range at once, to be asked nothing later, made the playouts 1.4 to 2.7 times as
slow: the cells a pass judges cost too.) The top candidates and their scores are the choice's
explanation; ``GreedyBot(reuse=False)`` asks each decision afresh (the same choices, slowly: the
tests compare the records).

Examples
--------
>>> from wartools.scenario import load_scenario
>>> from wartools.play import playout
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> r = playout(s, ["greedy", "random"], seed=1)
>>> r.bots["US"], r.turn_ends[-1].position.ended
('greedy', True)
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from wartools.grids.base import Cell, Edge
from wartools.mapmodel import Unit
from wartools.play.protocol import Choice
from wartools.rules.turn import ASSAULT, DECLARE, FIRE, MOVE, PLACE, STEP

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.fire_rules import Attack
    from wartools.play.engine import Candidate, GameState

#: how many scored candidates a choice shows
TOP = 5
#: the engine's word for a reinforcement coming onto the board (a move from off the map)
ENTER = "enter"


class GreedyBot:
    """Scores every legal action and plays the best (ties broken by the bot's own generator).

    Parameters
    ----------
    reuse
        Keep each enemy's answers between decisions under the key of everything they depend on
        (default); ``False`` asks each decision afresh, for the tests that check the keeping
        changes no choice.
    """

    name = "greedy"
    #: weight of the expected hits a move exposes the unit to
    caution: float = 1.0
    #: weight of one cell of progress towards an objective
    progress: float = 0.15
    #: bonus for ending a move on an objective the side does not hold
    objective: float = 1.0
    #: bonus for a shot likely to destroy its target
    kill: float = 1.0
    #: weight of the chance an action lets the side's units act (so that a side acts rather than passes)
    activate: float = 0.05
    #: the share of a unit's exposure cover takes off it (Combat Infantry's D2, 6.7: the same hits take
    #: half the steps; the threat map counts hits, which cover does not change)
    cover: float = 0.5
    #: worth of a cell feature an action places away from the acting unit (smoke an engineer or a mortar lays,
    #: Combat Infantry 7.4): a small constant, so that it is played rather than nothing; the lines it
    #: blocks are not asked (that would be a pass of the threat map per hex it may go on)
    screen: float = 0.1
    #: worth of a cell feature an action removes (barbed wire cleared, Combat Infantry 7.5): the way it
    #: opens, as one cell of progress
    opening: float = 0.15
    #: enemy answers kept (one per board, attacker and mover; each holds the cells asked so far)
    KEEP: int = 512
    #: how many of a unit's moves the way to a goal is looked for over (:meth:`_ways`)
    WAY: int = 4

    def __init__(self, *, reuse: bool = True) -> None:
        self.reuse = reuse
        self._fresh: dict[Any, dict[Cell, float]] = {}
        self._rows: dict[Any, dict[Cell, tuple[tuple[Unit, ...], Attack | None]]] = {}
        self._combined: dict[Any, dict[Cell, tuple[tuple[tuple[Unit, ...], ...], float]]] = {}
        self._pooled: dict[Any, float] = {}
        self._odds: dict[Any, Any] = {}
        self._routes: dict[Any, float] = {}

    def choose(self, game_state: GameState, legal_actions: Sequence[Candidate],
               rng: np.random.Generator) -> Choice:
        g = game_state
        if not self.reuse:    # this decision's answers only
            self._rows.clear()
            self._combined.clear()
            self._pooled.clear()
            self._fresh = {}
        alike: dict[Unit, set[Cell]] = {}      # one pass per enemy for every mover alike
        for c in legal_actions:
            if self._moves(c) and c.unit is not None and c.dest is not None:
                mover = self._mover(g, c.unit, c.dest)
                alike.setdefault(self._probe(g, mover), set()).update({mover.cell, c.dest})
        for probe, cells in alike.items():
            self._known(g, probe, cells)
        scores = [self.score(g, c) for c in legal_actions]
        best = max(scores)
        tied = [i for i, x in enumerate(scores) if x >= best - 1e-12]
        pick = tied[int(rng.integers(len(tied)))] if len(tied) > 1 else tied[0]
        order = sorted(range(len(scores)), key=lambda i: -scores[i])[:TOP]
        m = g.map
        return Choice(pick, f"the best of {len(legal_actions)} candidates: {legal_actions[pick].text(m)} "
                            f"(score {scores[pick]:+.3f})",
                      tuple((legal_actions[i].text(m), round(scores[i], 6)) for i in order))

    # --- scores ---------------------------------------------------------------------------
    @staticmethod
    def _moves(c: Candidate) -> bool:
        return c.expands in (MOVE, STEP, ENTER, PLACE)

    def score(self, g: GameState, c: Candidate) -> float:
        """The candidate's score (higher is better)."""
        kind = c.expands
        if c.attack is not None:        # a shot, a declared attack, a game's word naming a target (a pin)
            target = g.map.unit(c.target or "")
            weak = target.strength is None or target.strength <= 1
            return float(c.attack.expected) + (self.kill * float(c.attack.p_hit) if weak else 0.0)
        if kind == ASSAULT and c.dest is not None:
            return self._assault(g, c)
        if self._moves(c) and c.dest is not None:
            return self._move(g, c)
        if kind in (MOVE, STEP, ASSAULT, FIRE, DECLARE):
            return 0.0
        units = {u.id: u for u in g.map.units}
        unit = units.get(c.unit or "")
        got = g.rules.prospect(g.map, g.turn, c.kind, unit, c.dest)
        score = float(got.steps) + self.activate * float(got.acting) + float(got.hits)
        if unit is not None and (got.places or got.clears):
            score += float(got.changes) * self._features(g, unit, got.places, got.clears)
        return score

    def _features(self, g: GameState, unit: Unit, places: tuple[tuple[Cell | Edge, str], ...],
                  clears: tuple[tuple[Cell | Edge, str], ...]) -> float:
        """What placing and removing features is worth once done: features placed on the unit's
        own cell that put it in cover (the turn rules' ``in_cover`` asked on the board with them: a
        foxhole's D2), :attr:`cover` of its exposure there, times :attr:`caution`; each cell feature placed
        elsewhere :attr:`screen`; each removed :attr:`opening`; hexside features placed or removed (a bridge's
        "destroyed" marker, Combat Infantry 7.3) what they change of the way to the goals (:meth:`_ways`)."""
        sides = tuple(x for x in (*places, *clears) if isinstance(x[0], Edge))
        if sides:
            return self._ways(g, tuple(x for x in places if x in sides), tuple(x for x in clears if x in sides))
        own = tuple(x for x in places if x[0] == unit.cell)
        score = self.screen * (len(places) - len(own)) + self.opening * len(clears)
        if own and not g.rules.in_cover(g.map, unit):
            then = g.scenario.map_at(g.position.with_features(placed=own))
            if g.rules.in_cover(then, unit):
                exposure = self._known(g, self._probe(g, unit), {unit.cell})[unit.cell]
                score += self.caution * self.cover * exposure
        return score

    def _ways(self, g: GameState, places: tuple[tuple[Edge, str], ...], clears: tuple[tuple[Edge, str], ...]) -> float:
        """What placing and removing hexside features is worth to the side to act: :attr:`progress` times
        the hexes they add to the enemy's way to its goals, less those they add to the side's own. A unit's
        way is the movement engine's cheapest cost from its cell to the nearest objective its side does not
        hold, over the board without units (the terrain's way, not one move's: no unit stops it), in
        hexes of its cheapest step, at most :attr:`WAY` of its moves (a goal farther, or cut off, counts that
        far)."""
        from wartools.scenario import objective_control

        held = objective_control(g.scenario, g.position)
        p = g.position
        now = g.scenario.played_board(p.cleared, p.placed)
        then_p = p.with_features(cleared=clears, placed=places)
        then = g.scenario.played_board(then_p.cleared, then_p.placed)
        score = 0.0
        for u in g.map.units:
            goals = [o.cell for o in g.scenario.objectives if o.value and held[o.id].side != u.side]
            if goals:
                longer = self._way(g, then, u, goals) - self._way(g, now, u, goals)
                score += self.progress * (longer if u.side != g.side else -longer)
        return score

    def _way(self, g: GameState, board: Any, u: Unit, goals: list[Cell]) -> float:
        """Unit ``u``'s way to the nearest of ``goals`` over ``board`` in the game's situation (see
        :meth:`_ways`), in hexes, kept per board, situation, unit type, side, cell and goals."""
        situation = g.board.situation
        key = (board.board_fingerprint, situation, u.cell, u.type, u.side, tuple(goals))
        got = self._routes.get(key)
        if got is None:
            from wartools.movement import reachable
            from wartools.movement.search import resolve_graph

            _, mg = resolve_graph(board, u.cell, u.type, situation=situation, side=u.side)
            step, most = max(1, mg.min_cost), self.WAY * mg.allowance
            reach = reachable(board, u.cell, situation, unit=u.type, side=u.side, budget=most)
            costs = [reach.costs[c] for c in goals if c in reach.costs]
            if len(self._routes) >= 16 * self.KEEP:
                self._routes.clear()
            got = self._routes[key] = (min(costs) if costs else most + step) / step
        return got

    def _assault(self, g: GameState, c: Candidate) -> float:
        defenders = [u for u in g.map.units if u.cell == c.dest and u.side != g.side]
        strength = sum(u.strength or 1 for u in defenders)
        return 0.5 * strength + self._progress(g, c)

    def _move(self, g: GameState, c: Candidate) -> float:
        assert c.dest is not None and c.unit is not None
        exposure = self._exposures(g, c.unit, {c.dest})
        before = 0.0 if c.kind == ENTER else exposure[self._mover(g, c.unit, c.dest).cell]
        return self.caution * (before - exposure[c.dest]) + self._progress(g, c)

    def _progress(self, g: GameState, c: Candidate) -> float:
        goals = self._goals(g)
        if not goals or c.dest is None:
            return 0.0
        grid = g.map.grid
        after = min(grid.distance(c.dest, o) for o in goals)
        if c.kind == ENTER:
            before = after + 1
        else:
            here = g.map.unit(c.unit or "").cell
            before = min(grid.distance(here, o) for o in goals)
        return self.progress * (before - after) + (self.objective if after == 0 else 0.0)

    def _goals(self, g: GameState) -> tuple[Cell, ...]:
        cache = g.__dict__.setdefault("_greedy_cache", {})
        key = ("goals", g.side)
        if key not in cache:
            from wartools.scenario import objective_control

            held = objective_control(g.scenario, g.position)
            cache[key] = tuple(o.cell for o in g.scenario.objectives
                               if o.value and held[o.id].side != g.side)
        got: tuple[Cell, ...] = cache[key]
        return got

    # --- exposure -----------------------------------------------------------------------------
    @staticmethod
    def _mover(g: GameState, uid: str, dest: Cell) -> Unit:
        """The unit as it stands, or a reinforcement as it would enter on ``dest``."""
        for u in g.map.units:
            if u.id == uid:
                return u
        s = g.scenario.unit(uid)
        return Unit(s.id, s.side, s.type, dest, s.name, g.turn.full.get(uid), s.tags)

    @staticmethod
    def _probe(g: GameState, mover: Unit) -> Unit:
        """The threat map's hypothetical unit (:meth:`~wartools.analysis.Board.probe`), with the
        mover's own strength and tags (its weapon team deployed or packed, its transport ...);
        one per position and kind of mover."""
        cache = g.__dict__.setdefault("_greedy_cache", {})
        key = ("probe", mover.side, mover.type, mover.strength, mover.tags)
        got: Unit | None = cache.get(key)
        if got is None:
            got = cache[key] = dataclasses.replace(g.board.probe(mover.side, mover.type), strength=mover.strength,
                                                   tags=mover.tags)
        return got

    def _exposures(self, g: GameState, uid: str, cells: set[Cell]) -> dict[Cell, float]:
        """Unit ``uid``'s exposure on its own cell and on ``cells`` (at least one)."""
        mover = self._mover(g, uid, next(iter(cells)))
        return self._known(g, self._probe(g, mover), {mover.cell, *cells})

    def _known(self, g: GameState, probe: Unit, cells: set[Cell]) -> dict[Cell, float]:
        """The exposure of a unit like ``probe`` on ``cells`` (and on those already asked), kept with
        the game state (which keeps it while the units stand as they did), the cells missing asked
        in one pass."""
        cache = g.__dict__.setdefault("_greedy_cache", {}) if self.reuse else self._fresh
        have: dict[Cell, float] = cache.setdefault(("exposure", probe), {})
        missing = cells - have.keys()
        if missing:
            have.update(self._exposure(g, probe, missing))
        return have

    def _exposure(self, g: GameState, probe: Unit, cells: set[Cell]) -> dict[Cell, float]:
        """The threat to ``probe`` on ``cells`` (see the module docstring): the expected hits of
        the enemy's attacks on it there, within the fire limits, combined as the game combines them
        (a cell's combination kept while every enemy's answers there are)."""
        board = g.board
        fire, m = board.fire, board.map
        base = (m.game, m.board_fingerprint, board.situation, probe)
        keys = tuple((*base, u, read) for u, read in self._firing(g, probe.side))
        combined = self._combined.get(keys)
        if combined is None:
            if len(self._combined) >= self.KEEP:
                self._combined.clear()
            combined = self._combined[keys] = {}
        at = self._occupants(g)
        order = list(cells)
        lines = self._between(fire, m, [key[4].cell for key in keys], order, at, g)
        seen = {c: tuple(line[c] for line in lines) for c in order}
        wanted = sorted(c for c in cells if combined.get(c, (None,))[0] != seen[c])
        if wanted:
            per_cell: dict[Cell, list[Attack]] = {c: [] for c in wanted}
            for row in self._rows_of(keys, [{c: seen[c][n] for c in wanted} for n in range(len(keys))], probe, g):
                for cell in wanted:
                    a = row[cell][1]
                    if a is not None:
                        per_cell[cell].append(a)
            defence = fire.defender(probe)
            for cell, attacks in per_cell.items():
                combined[cell] = (seen[cell], self._combine(fire, tuple(attacks), probe.type, defence)
                                  if attacks else 0.0)
        return {c: combined[c][1] for c in cells}

    @staticmethod
    def _between(fire: Any, m: Any, starts: list[Cell], cells: list[Cell], at: dict[Cell, tuple[Unit, ...]],
                 g: GameState) -> list[dict[Cell, tuple[Unit, ...]]]:
        """For each of ``starts``, the units on the cells between it and each of ``cells`` whose
        units an answer reads besides its key's (:meth:`~wartools.games.fire_rules.FireRules.cells_between`,
        asked of the occupied cells ``at``, the pairs not known yet all in one call:
        :meth:`~wartools.games.fire_rules.FireRules.among_between_pairs`), kept with the position."""
        lines: dict[tuple[Cell, Cell], tuple[Unit, ...]] = g.__dict__.setdefault(
            "_greedy_cache", {}).setdefault("between", {})
        new = list(dict.fromkeys((a, c) for a in starts for c in cells if (a, c) not in lines))
        if new:
            for pair, between in zip(new, fire.among_between_pairs(m, new, list(at))):
                lines[pair] = tuple(u for o in between for u in at[o]) if between else ()
        return [{c: lines[a, c] for c in cells} for a in starts]

    @staticmethod
    def _firing(g: GameState, side: str) -> tuple[tuple[Unit, tuple[Unit, ...]], ...]:
        """The enemy units of ``side`` that can fire, each with the units its answers read
        (:meth:`~wartools.games.fire_rules.FireRules.units_read`), once per position."""
        cache = g.__dict__.setdefault("_greedy_cache", {})
        got: tuple[tuple[Unit, tuple[Unit, ...]], ...] | None = cache.get(("firing", side))
        if got is None:
            board = g.board
            fire, m = board.fire, board.map
            enemies = set(board.enemies(side))
            got = cache["firing", side] = tuple((u, fire.units_read(m, u)) for u in m.units
                                                if u.side in enemies and fire.profile(u) is not None)
        return got

    @staticmethod
    def _occupants(g: GameState) -> dict[Cell, tuple[Unit, ...]]:
        """The units on each occupied cell of the board, in board order."""
        cache = g.__dict__.setdefault("_greedy_cache", {})
        got: dict[Cell, tuple[Unit, ...]] | None = cache.get("occupants")
        if got is None:
            got = {}
            for u in g.map.units:
                got[u.cell] = (*got.get(u.cell, ()), u)
            cache["occupants"] = got
        return got

    def _combine(self, fire: Any, attacks: tuple[Attack, ...], target_type: str, defence: Any) -> float:
        """Expected hits of ``attacks`` within the fire limits, combined as the game combines them
        (kept under the attacks' whole content: a game may pool them in its own odds procedure)."""
        key = (tuple(_content(a) for a in attacks), target_type, defence.range,
               tuple(sorted(defence.values.items())), defence.given)
        got = self._pooled.get(key)
        if got is None:
            if len(self._pooled) >= 16 * self.KEEP:
                self._pooled.clear()
            got = self._pooled[key] = float(fire.combine(fire.limit(attacks), target_type, defence)[1])
        return got

    def _rows_of(self, keys: tuple[Any, ...], wanted: list[dict[Cell, tuple[Unit, ...]]], probe: Unit,
                 g: GameState) -> list[dict[Cell, tuple[tuple[Unit, ...], Attack | None]]]:
        """Each enemy's attacks on ``probe`` (the enemy of each of ``keys``) on its ``wanted`` cells
        (``None``: none there), each with the units between the enemy and the cell it was asked
        with: the cells not asked yet under its key, or asked with other units between, asked of
        every enemy in one pass of the attack question (:meth:`~wartools.games.fire_rules.FireRules.attacks_of`)."""
        rows = []
        for key in keys:
            row = self._rows.get(key)
            if row is None:
                if len(self._rows) >= self.KEEP:
                    self._rows.clear()
                row = self._rows[key] = {}
            rows.append(row)
        missing = [[c for c, between in want.items() if c not in row or row[c][0] != between]
                   for row, want in zip(rows, wanted)]
        asks = [(key[4], cells) for key, cells in zip(keys, missing) if cells]
        if asks:
            board = g.board
            got = iter(board.fire.attacks_of(board.map, asks, probe, board.situation,
                                             cache=self._odds if self.reuse else None))
            for row, want, cells in zip(rows, wanted, missing):
                if cells:
                    answers = next(got)
                    for c in cells:
                        row[c] = (want[c], answers.get(c))
        return rows


def _content(a: Attack) -> tuple[Any, ...]:
    """Everything an :class:`Attack` holds, hashable."""
    inputs = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in a.inputs.items()))
    return (a.attacker, a.target, inputs, a.p_hit, a.expected, a.distance, a.limits, a.rules, a.assumptions,
            a.fires_from, a.spotter)


__all__ = ["GreedyBot"]
