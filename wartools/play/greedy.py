"""The ``greedy`` bot: every legal action scored on the analysis layer's numbers, the best taken.

Like Wesnoth's candidate-action AI (each kind of action scored by its own evaluation, the
highest score played) and MegaMek's path ranker (a move ranked by the damage it lets the unit
deal, the damage it exposes it to and how far it gets towards its goal), one score per
candidate, from the same answers a player sees:

- a shot or a declared attack: the expected hits the attack question gives, worth
  :attr:`GreedyBot.kill` more when it is likely to destroy the target (its chance of
  at least one hit on a one-step target);
- an assault: the chance to win it, times the defenders' strength;
- a move (or an entry): the expected hits the enemy's fire could deal on the cell left minus on
  the cell reached (every enemy unit's attack question on the mover standing there, added up as
  a threat map adds them), times :attr:`GreedyBot.caution`, plus the progress towards the
  nearest objective its side does not hold (cells closer, over the grid) and a bonus for ending
  on it;
- a rally: the chance to gain a step; activating a unit or an HQ: a small positive score so
  the side acts; passing and ending: zero.

Each enemy unit's fire on every cell is asked in one vectorised pass of its attack question
(:meth:`~wartools.games.fire_rules.FireRules.attacks`) and kept by the bot while that unit stands
as it did (the other units' moves in between are not asked again: the exposure is a score's
estimate, never a legality check); the top candidates and their scores are the choice's
explanation.

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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from wartools.play.protocol import Choice

if TYPE_CHECKING:  # pragma: no cover
    from wartools.grids.base import Cell
    from wartools.play.engine import Candidate, GameState

#: how many scored candidates a choice shows
TOP = 5


class GreedyBot:
    """Scores every legal action and plays the best (ties broken by the bot's own generator)."""

    name = "greedy"
    #: weight of the expected hits a move exposes the unit to
    caution: float = 1.0
    #: weight of one cell of progress towards an objective
    progress: float = 0.15
    #: bonus for ending a move on an objective the side does not hold
    objective: float = 1.0
    #: bonus for a shot likely to destroy its target
    kill: float = 1.0
    #: score of activating a unit or an HQ (so that a side acts rather than passes)
    activate: float = 0.05
    #: exposures kept (per side, unit type and enemy units' state)
    KEEP: int = 64

    def __init__(self) -> None:
        self._seen: dict[Any, dict[Cell, float]] = {}
        self._rows: dict[Any, dict[Cell, float]] = {}
        self._odds: dict[Any, Any] = {}

    def choose(self, game_state: GameState, legal_actions: Sequence[Candidate],
               rng: np.random.Generator) -> Choice:
        g = game_state
        scores = [self.score(g, c) for c in legal_actions]
        best = max(scores)
        tied = [i for i, s in enumerate(scores) if s >= best - 1e-12]
        pick = tied[int(rng.integers(len(tied)))] if len(tied) > 1 else tied[0]
        order = sorted(range(len(scores)), key=lambda i: -scores[i])[:TOP]
        m = g.map
        return Choice(pick, f"the best of {len(legal_actions)} candidates: {legal_actions[pick].text(m)} "
                            f"(score {scores[pick]:+.3f})",
                      tuple((legal_actions[i].text(m), round(scores[i], 6)) for i in order))

    # --- scores ---------------------------------------------------------------------------
    def score(self, g: GameState, c: Candidate) -> float:
        """The candidate's score (higher is better)."""
        kind = c.expands
        if kind in ("fire", "declare") and c.attack is not None:
            target = g.map.unit(c.target or "")
            weak = target.strength is None or target.strength <= 1
            return float(c.attack.expected) + (self.kill * float(c.attack.p_hit) if weak else 0.0)
        if kind == "assault" and c.dest is not None:
            return self._assault(g, c)
        if kind in ("move", "step", "enter") and c.dest is not None:
            return self._move(g, c)
        if c.kind == "rally":
            return 0.5
        if c.kind.startswith("activate") or c.kind == "command-check":
            return self.activate
        return 0.0

    def _assault(self, g: GameState, c: Candidate) -> float:
        defenders = [u for u in g.map.units if u.cell == c.dest and u.side != g.side]
        strength = sum(u.strength or 1 for u in defenders)
        return 0.5 * strength + self._progress(g, c)

    def _type(self, g: GameState, c: Candidate) -> str:
        return g.scenario.unit(c.unit or "").type

    def _move(self, g: GameState, c: Candidate) -> float:
        exposure = self._exposure(g, self._type(g, c))
        here = None if c.kind == "enter" else g.map.unit(c.unit or "").cell
        before = exposure.get(here, 0.0) if here is not None else 0.0
        after = exposure.get(c.dest, 0.0) if c.dest is not None else 0.0
        return self.caution * (before - after) + self._progress(g, c)

    def _progress(self, g: GameState, c: Candidate) -> float:
        goals = self._goals(g)
        if not goals or c.dest is None:
            return 0.0
        grid = g.map.grid
        after = min(grid.distance(c.dest, o) for o in goals)
        if c.kind == "enter":
            before = after + 1
        else:
            here = g.map.unit(c.unit or "").cell
            before = min(grid.distance(here, o) for o in goals)
        return self.progress * (before - after) + (self.objective if after == 0 else 0.0)

    # --- per-position caches -----------------------------------------------------------------
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

    def _exposure(self, g: GameState, unit_type: str) -> dict[Cell, float]:
        """Expected hits on a ``unit_type`` of the side to act on every cell: the sum over the enemy
        units of what each one's attack question gives there (a unit's row kept while it stands as
        it did)."""
        board = g.board
        enemies = board.units_of(board.enemies(g.side))
        key = (g.scenario.name, g.side, unit_type, tuple((u.id, u.cell, u.strength, u.tags) for u in enemies))
        got = self._seen.get(key)
        if got is None:
            if len(self._seen) > self.KEEP:
                self._seen.clear()
            total: dict[Cell, float] = {}
            for enemy in enemies:
                for cell, hits in self._row(g, enemy, unit_type).items():
                    total[cell] = total.get(cell, 0.0) + hits
            got = self._seen[key] = total
        return got

    def _row(self, g: GameState, enemy: Any, unit_type: str) -> dict[Cell, float]:
        """One enemy unit's expected hits on a ``unit_type`` of the side to act, on every cell (one
        vectorised pass of its attack question)."""
        key = (g.scenario.name, g.side, unit_type, enemy.id, enemy.cell, enemy.strength, enemy.tags)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > 16 * self.KEEP:
                self._rows.clear()
            board = g.board
            probe = board.probe(g.side, unit_type)
            got = board.fire.attacks(board.map, enemy, probe, None, board.situation, cache=self._odds)
            row = self._rows[key] = {cell: float(a.expected) for cell, a in got.items()}
        return row


__all__ = ["GreedyBot"]
