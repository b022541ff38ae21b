"""Combat Infantry's own bot, ``chit-pull``: the solitaire rule (10.5) as a bot
(:meth:`wartools.games.combat_infantry.CombatInfantry.bots`).

HQs are drawn at random from the pool of those that have not activated this game turn (the
face-down chit pool; the engine's turn rules keep one pool per side, as the scenarios give one
company a side), and the drawn HQ's units act by the rulebook's optional activation
priorities (10.5), in this order:

1. rally a unit at strength 1 when it may;
2. fire at, or assault, an adjacent enemy hex "with less units": fewer units than the acting
   unit's own hex, or than the units of its side adjacent to that hex (the comparison is not
   named: option ``solitaire-fewer-units``, said in every choice's and record's assumptions);
3. fire at the nearest enemy unit it may fire at;
4. a special action (7.0: a foxhole, smoke, clearing wire, destroying a bridge; the first the turn rules
   offer, a demolition after the others: 10.5 lists it among them and weighs none, so the bot may destroy a
   bridge its own side needs);
5. a unit in D2 terrain or a foxhole stays put (the game's
   :meth:`~wartools.rules.turn.TurnRules.in_cover`);
6. move towards the nearest objective worth VP (the legal move that ends closest to it; a regroup after
   a won assault, 9.5, is such a move too, and a winner with none closer stays).

Off-map strikes (2.6 field artillery, 2.7 air support) are not among 10.5's priorities, and the bot does not
call them: a company HQ it draws spends its commands on its units only (the greedy and random bots call
them).

A squad out of command tests morale (4.3) to act when no commanded unit has a rally, fire,
assault or special action to make by priorities 1-4, before any move. When no unit has anything left by these
priorities the activation ends. Placing the drawn HQ "within command range of one of its
units" is the engine's HQ deployment, which is not played (the HQ activates where it stands).

Examples
--------
>>> from wartools.scenario import load_scenario
>>> from wartools.play import playout
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> r = playout(s, ["chit-pull", "chit-pull"], seed=2)
>>> r.bots, r.turn_ends[-1].position.ended
({'US': 'chit-pull', 'German': 'chit-pull'}, True)
>>> [a.option for a in r.assumptions if a.rule == "Combat Infantry 10.5"]
['solitaire-fewer-units']
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from wartools.errors import WartoolsError
from wartools.games.combat_infantry.regroup import STAY
from wartools.games.combat_infantry.special import RULES as SPECIAL
from wartools.rules.bots import Choice
from wartools.rules.options import OptionError
from wartools.rules.turn import PLACE

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from wartools.play.engine import Candidate, GameState

#: the option that says what priority 2's "with less units" compares with
FEWER = "solitaire-fewer-units"


class ChitPullBot:
    """Plays a side by Combat Infantry's solitaire chit pull and activation priorities (10.5)."""

    name = "chit-pull"

    def choose(self, game_state: GameState, legal_actions: Sequence[Candidate],
               rng: np.random.Generator) -> Choice:
        g, cands = game_state, list(legal_actions)
        game = g.scenario.game
        try:
            reading = (game.option_spec(FEWER).assumption(game.option(FEWER)),)
        except OptionError:
            raise WartoolsError(f"the chit-pull bot plays Combat Infantry's solitaire rule (10.5); "
                                f"{g.scenario.name!r} is a {game.id} scenario") from None
        draws = [i for i, c in enumerate(cands) if c.kind == "activate"]
        if draws:
            i = draws[int(rng.integers(len(draws)))]
            return Choice(i, f"drawn from the pool of {len(draws)} HQs (Combat Infantry 10.5)", assumptions=reading)
        for pick, why in ((self._rally, "priority 1"), (self._close, "priority 2"), (self._nearest, "priority 3"),
                          (self._special, "priority 4"),
                          (self._command, "out of command, a morale check to act (Combat Infantry 4.3)"),
                          (self._advance, "priority 6 (a unit in D2 terrain stays, priority 5)")):
            found = pick(g, cands)
            if found is not None:
                return Choice(found, f"{why}: {cands[found].text(g.map)} (Combat Infantry 10.5)",
                              assumptions=reading)
        for kind in ("end", "pass", "delay", STAY):
            for i, c in enumerate(cands):
                if c.kind == kind:
                    return Choice(i, "nothing left by the activation priorities (Combat Infantry 10.5)",
                                  assumptions=reading)
        i = int(rng.integers(len(cands)))
        return Choice(i, "no priority applies: at random", assumptions=reading)

    # --- the priorities -----------------------------------------------------------------------
    def _rally(self, g: GameState, cands: list[Candidate]) -> int | None:
        for i, c in enumerate(cands):
            if c.kind == "rally" and (g.map.unit(c.unit or "").strength or 1) <= 1:
                return i
        return None

    def _close(self, g: GameState, cands: list[Candidate]) -> int | None:
        m = g.map
        against = g.scenario.game.option(FEWER)
        for i, c in enumerate(cands):
            if c.expands not in ("fire", "assault") or c.dest is None or c.unit is None:
                continue
            here = m.unit(c.unit).cell
            if m.grid.distance(here, c.dest) != 1:
                continue
            theirs = sum(1 for u in m.units if u.cell == c.dest and u.side != g.side)
            if against == "adjacent":
                near = set(m.grid.neighbours(c.dest))
                ours = sum(1 for u in m.units if u.cell in near and u.side == g.side)
            else:
                ours = sum(1 for u in m.units if u.cell == here and u.side == g.side)
            if theirs < ours:
                return i
        return None

    def _nearest(self, g: GameState, cands: list[Candidate]) -> int | None:
        m = g.map
        shots = [(m.grid.distance(m.unit(c.unit or "").cell, c.dest), i) for i, c in enumerate(cands)
                 if c.expands == "fire" and c.dest is not None]
        return min(shots)[1] if shots else None

    def _special(self, g: GameState, cands: list[Candidate]) -> int | None:
        return next((i for i, c in enumerate(cands) if c.kind in SPECIAL), None)

    def _command(self, g: GameState, cands: list[Candidate]) -> int | None:
        return next((i for i, c in enumerate(cands) if c.kind == "command-check"), None)

    def _advance(self, g: GameState, cands: list[Candidate]) -> int | None:
        m = g.map
        goals = [o.cell for o in g.scenario.objectives if o.value]
        if not goals:
            return None
        best: tuple[int, int, int] | None = None
        for i, c in enumerate(cands):
            if c.expands not in ("move", "step", "enter", PLACE) or c.dest is None:
                continue
            if c.kind != "enter":
                unit = m.unit(c.unit or "")
                if g.rules.in_cover(m, unit):
                    continue
                now = min(m.grid.distance(unit.cell, o) for o in goals)
            else:
                now = 10**6
            after = min(m.grid.distance(c.dest, o) for o in goals)
            if after < now and (best is None or (after, c.cost) < best[:2]):
                best = (after, c.cost, i)
        return None if best is None else best[2]


__all__ = ["ChitPullBot", "FEWER"]
