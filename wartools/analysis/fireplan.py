"""Fire plan: which of a side's units fires at which enemy unit, to maximise a stated objective.

Who can fire at whom is the game's own attack question asked of every unit and enemy
(:meth:`~wartools.games.fire_rules.FireRules.attack`, with the board's situation: range, line of
sight, night and weather, the game's refusals and odds procedure); a unit that can fire at no
enemy is listed with the game's reason for each (``refusals``). Each unit fires once, at one
target; the plan respects every fire limit the attacks count against, across targets too (a
hexside's limit, one long-range firer per firing and target hex: Combat Infantry 6.5, 6.51). The
attacks on one target are combined as the game combines them.

Objectives (each with the others as tie-breaks):

``targets-hit``
    the expected number of enemy units hit at least once (the sum of each target's P(hit));
``expected-hits``
    the expected hits over all targets (as the game defines a hit);
``target``
    the probability of hitting one named unit (``--target``); the units that cannot fire at it
    are planned for ``targets-hit``.

With at most :data:`EXACT_SHOOTERS` units that can fire the plan is exact: a dynamic programme
over the targets and the set of units already given a target visits every assignment (at most
3^n states per target). Beyond that it is a **heuristic**, and says so: units are added one at
a time where they raise the objective most, until no unit raises it.

Examples
--------
>>> from wartools.scenario import loads_scenario
>>> from wartools.scenario.model import EXAMPLE
>>> p = fire_plan(loads_scenario(EXAMPLE), "German")
>>> p.method, [(a.unit, a.target) for a in p.assignments], p.value
('exact', [], Fraction(0, 1))
>>> p.can_fire_at        # the rifle squad's range is 2 hexes, us-1 is 5 away (Combat Infantry 6.2)
{'de-1': ()}
>>> print(p.refusals["de-1"]["us-1"].text())
de-1 may not attack: A2 is 5 cells away, beyond the range of de-1 (2) (Combat Infantry 6.2)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wartools.answers import Answer
from wartools.analysis.board import Board, assumptions_json
from wartools.dice import fraction_str
from wartools.errors import WartoolsError
from wartools.games.fire_rules import Attack, Refusal
from wartools.rules.options import Assumption
from wartools.mapmodel import Unit
from wartools.scenario import Position, Scenario

#: up to this many units that can fire, the plan is exact (3^n DP states per target)
EXACT_SHOOTERS = 10
OBJECTIVES = ("targets-hit", "expected-hits", "target")

Score = tuple[Fraction, Fraction, Fraction]


@dataclass(frozen=True)
class Assignment:
    """One unit firing at one target, with the odds of that attack alone."""

    unit: str
    target: str
    p_hit: Fraction
    expected: Fraction


@dataclass(frozen=True)
class TargetOutcome:
    """A target's combined odds under the plan."""

    target: str
    attackers: tuple[str, ...]
    p_hit: Fraction
    expected: Fraction


@dataclass(frozen=True)
class FirePlan(Answer):
    """The plan, its objective and value, and whether it is exact."""

    board: Board = field(repr=False)
    side: str
    objective: str
    value: Fraction
    method: str
    assignments: tuple[Assignment, ...]
    targets: tuple[TargetOutcome, ...]
    can_fire_at: Mapping[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    target: str | None = None
    assumptions: tuple[Assumption, ...] = ()
    #: for each unit that can fire at no enemy, the game's refusal for each enemy
    refusals: Mapping[str, Mapping[str, Refusal]] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        """docs/architecture.md's ``wartools fireplan`` answer, with each target's combined odds."""
        f = self.board.fire
        return {"side": self.side, "objective": self.objective, **({"target": self.target} if self.target else {}),
                "value": fraction_str(self.value), "method": self.method, "exact_up_to": EXACT_SHOOTERS,
                "hit": f.hit, "combination": f.combination,
                "assignments": [{"unit": a.unit, "target": a.target, "p_hit": fraction_str(a.p_hit),
                                 "expected_hits": fraction_str(a.expected)} for a in self.assignments],
                "targets": {t.target: {"attackers": list(t.attackers), "p_hit": fraction_str(t.p_hit),
                                       "expected_hits": fraction_str(t.expected)} for t in self.targets},
                "can_fire_at": {k: list(v) for k, v in self.can_fire_at.items()},
                "cannot_fire": {k: {t: r.to_json() for t, r in v.items()} for k, v in self.refusals.items()},
                "assumptions": assumptions_json(self.assumptions)}

    def text(self) -> str:
        """The plan, one line per target, then the objective's value."""
        head = (f"fire plan for {self.side} ({self.method}): maximise {self.objective}"
                + (f" on {self.target}" if self.target else ""))
        lines = [head, f"  {self.board.fire.hit}"]
        for a in self.assignments:
            lines.append(f"  {a.unit} -> {a.target}: P(hit) {fraction_str(a.p_hit)}, expected {fraction_str(a.expected)}")
        for t in self.targets:
            lines.append(f"  {t.target} under fire from {', '.join(t.attackers)}: P(hit) {fraction_str(t.p_hit)} "
                         f"({float(t.p_hit):.3f}), expected {float(t.expected):.3f}")
        idle = [u for u, v in self.can_fire_at.items() if not v]
        if idle:
            lines.append(f"  cannot fire at any enemy: {', '.join(idle)}")
            for u in idle:
                whys = list(dict.fromkeys(f"{r.why} ({r.rule})" for r in self.refusals.get(u, {}).values()))
                if whys:
                    lines.append(f"    {u}: " + "; ".join(whys[:3]) + (f"; {len(whys) - 3} more" if len(whys) > 3 else ""))
        lines.append(f"  value: {fraction_str(self.value)} ({float(self.value):.4f})")
        lines += [a.text() for a in self.assumptions]
        return "\n".join(lines)

    def draw(self, ax: Any = None) -> Any:
        """The scenario with a ruler from each shooter to its target and the targets shaded
        (:func:`wartools.render.analysis.draw_fire_plan`)."""
        from wartools.render.analysis import draw_fire_plan

        return draw_fire_plan(self, ax)


class _Scorer:
    """Each target's combined (P(hit), expected hits) for a set of shooters (a bit mask), memoised."""

    def __init__(self, board: Board, targets: list[Unit], shooters: list[Unit],
                 attacks: dict[tuple[int, int], Attack]) -> None:
        self.board, self.targets, self.shooters, self.attacks = board, targets, shooters, attacks
        self.units = {u.id: u for u in board.map.units}
        self.memo: dict[tuple[int, int], tuple[tuple[Attack, ...], Fraction, Fraction]] = {}

    def outcome(self, j: int, mask: int) -> tuple[tuple[Attack, ...], Fraction, Fraction]:
        key = (j, mask)
        if key not in self.memo:
            fire = self.board.fire
            t = self.targets[j]
            kept = [self.attacks[(i, j)] for i in range(len(self.shooters)) if mask >> i & 1]
            if kept:
                p, e = fire.combine(kept, t.type, fire.defender(t))
            else:
                p, e = Fraction(0), Fraction(0)
            self.memo[key] = (tuple(kept), p, e)
        return self.memo[key]

    def usage(self, j: int, mask: int) -> dict[tuple[Any, ...], int]:
        """How many of the attacks of ``mask`` on target ``j`` count against each fire limit."""
        out: dict[tuple[Any, ...], int] = {}
        for i in range(len(self.shooters)):
            if mask >> i & 1:
                for x in self.attacks[(i, j)].limits:
                    out[x.key] = out.get(x.key, 0) + 1
        return out


def _fits(used: Mapping[tuple[Any, ...], int], more: Mapping[tuple[Any, ...], int],
          caps: Mapping[tuple[Any, ...], int]) -> bool:
    return all(used.get(k, 0) + n <= caps[k] for k, n in more.items())


def _caps(attacks: Mapping[tuple[int, int], Attack]) -> dict[tuple[Any, ...], int]:
    caps: dict[tuple[Any, ...], int] = {}
    for a in attacks.values():
        for x in a.limits:
            caps[x.key] = min(caps.get(x.key, x.cap), x.cap)
    return caps


def _score(objective: str, focus: int | None, j: int, p: Fraction, e: Fraction) -> Score:
    if objective == "target":
        return (p if j == focus else Fraction(0), p, e)
    if objective == "expected-hits":
        return (e, p, Fraction(0))
    return (p, e, Fraction(0))


def _add(a: Score, b: Score) -> Score:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _exact(scorer: _Scorer, eligible: list[int], objective: str, focus: int | None) -> list[int]:
    """Shooter masks per target maximising the objective: DP over targets x (used shooters, fire
    limits used), every assignment within the fire limits visited."""
    zero: Score = (Fraction(0), Fraction(0), Fraction(0))
    caps = _caps(scorer.attacks)
    State = tuple[int, frozenset[tuple[tuple[Any, ...], int]]]
    states: dict[State, tuple[Score, list[int]]] = {(0, frozenset()): (zero, [])}
    for j, elig in enumerate(eligible):
        nxt: dict[State, tuple[Score, list[int]]] = {}
        for (used, spent), (score, masks) in states.items():
            free = elig & ~used
            have = dict(spent)
            sub = free
            while True:
                more = scorer.usage(j, sub) if sub else {}
                if _fits(have, more, caps):
                    _, p, e = scorer.outcome(j, sub) if sub else ((), Fraction(0), Fraction(0))
                    cand = (_add(score, _score(objective, focus, j, p, e)), masks + [sub])
                    total = {**have, **{k: have.get(k, 0) + n for k, n in more.items()}}
                    key = (used | sub, frozenset(total.items()))
                    if key not in nxt or cand[0] > nxt[key][0]:
                        nxt[key] = cand
                if sub == 0:
                    break
                sub = (sub - 1) & free
        states = nxt
    return max(states.values(), key=lambda sv: sv[0])[1]


def _greedy(scorer: _Scorer, eligible: list[int], n: int, objective: str, focus: int | None) -> list[int]:
    """Add one (unit, target) at a time where it raises the objective most."""
    masks = [0] * len(eligible)
    free = set(range(n))
    caps = _caps(scorer.attacks)
    spent: dict[tuple[Any, ...], int] = {}

    def value(j: int, mask: int) -> Score:
        _, p, e = scorer.outcome(j, mask) if mask else ((), Fraction(0), Fraction(0))
        return _score(objective, focus, j, p, e)

    while True:
        best: tuple[Score, int, int] | None = None
        for i in sorted(free):
            for j, elig in enumerate(eligible):
                if not elig >> i & 1 or not _fits(spent, scorer.usage(j, 1 << i), caps):
                    continue
                old, new = value(j, masks[j]), value(j, masks[j] | 1 << i)
                gain: Score = (new[0] - old[0], new[1] - old[1], new[2] - old[2])
                if gain > (Fraction(0), Fraction(0), Fraction(0)) and (best is None or gain > best[0]):
                    best = (gain, i, j)
        if best is None:
            return masks
        _, i, j = best
        masks[j] |= 1 << i
        free.discard(i)
        for k, v in scorer.usage(j, 1 << i).items():
            spent[k] = spent.get(k, 0) + v


def fire_plan(scenario: Scenario | Board, side: str, *, position: Position | None = None,
              target: str | None = None, objective: str | None = None, exact_up_to: int = EXACT_SHOOTERS) -> FirePlan:
    """The best assignment of ``side``'s units to enemy targets (see the module text)."""
    board = Board.of(scenario, position)
    side = board.side(side)
    objective = objective or ("target" if target else "targets-hit")
    if objective not in OBJECTIVES:
        raise WartoolsError(f"unknown objective {objective!r}; valid: {', '.join(OBJECTIVES)}")
    fire = board.fire
    enemies = list(board.units_of(board.enemies(side)))
    focus = None
    if objective == "target":
        if target is None:
            raise WartoolsError("the objective 'target' needs --target UNIT")
        ids = [u.id for u in enemies]
        if target not in ids:
            raise WartoolsError(f"--target {target!r} is not an enemy unit on the map; valid: {', '.join(ids)}")
        focus = ids.index(target)
    cache: dict[Any, Any] = {}
    shooters: list[Unit] = []
    attacks: dict[tuple[int, int], Attack] = {}
    used: list[Assumption] = []
    can_fire_at: dict[str, tuple[str, ...]] = {}
    refusals: dict[str, dict[str, Refusal]] = {}
    alike: dict[tuple[Any, ...], list[int]] = {}       # enemies the attack question cannot tell apart
    for j, t in enumerate(enemies):
        alike.setdefault((t.type, t.side, t.tags, t.strength), []).append(j)
    for u in board.units_of(side):
        if fire.profile(u) is None:
            continue
        mine: list[tuple[int, Attack]] = []
        for group in alike.values():
            got = fire.attacks(board.map, u, enemies[group[0]], [enemies[j].cell for j in group], board.situation,
                               cache=cache)
            mine.extend((j, got[enemies[j].cell]) for j in group if enemies[j].cell in got)
        mine.sort(key=lambda ja: ja[0])
        can_fire_at[u.id] = tuple(enemies[j].id for j, _ in mine)
        if not mine:       # why not, enemy by enemy (the explained question)
            refusals[u.id] = {t.id: r for t in enemies
                              if isinstance(r := fire.attack(board.map, u, t, board.situation, cache=cache), Refusal)}
            continue
        i = len(shooters)
        shooters.append(u)
        for j, a in mine:
            attacks[(i, j)] = a
    eligible = [sum(1 << i for i in range(len(shooters)) if (i, j) in attacks) for j in range(len(enemies))]
    scorer = _Scorer(board, enemies, shooters, attacks)
    exact = len(shooters) <= exact_up_to
    masks = (_exact(scorer, eligible, objective, focus) if exact
             else _greedy(scorer, eligible, len(shooters), objective, focus))
    assignments: list[Assignment] = []
    outcomes: list[TargetOutcome] = []
    total: Score = (Fraction(0), Fraction(0), Fraction(0))
    for j, mask in enumerate(masks):
        if not mask:
            continue
        kept, p, e = scorer.outcome(j, mask)
        total = _add(total, _score(objective, focus, j, p, e))
        for a in kept:
            assignments.append(Assignment(a.attacker, enemies[j].id, a.p_hit, a.expected))
            used.extend(a.assumptions)
        outcomes.append(TargetOutcome(enemies[j].id, tuple(a.attacker for a in kept), p, e))
    order = {u.id: k for k, u in enumerate(board.units_of(side))}
    assignments.sort(key=lambda a: order[a.unit])
    return FirePlan(board, side, objective, total[0], "exact" if exact else "heuristic", tuple(assignments),
                    tuple(outcomes), can_fire_at, target, board.assumptions(used), refusals)


__all__ = ["Assignment", "EXACT_SHOOTERS", "FirePlan", "OBJECTIVES", "TargetOutcome", "fire_plan"]
