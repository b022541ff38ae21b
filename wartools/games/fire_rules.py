"""The attack question every game answers, and the fire policy a game plugs into scenario
analysis (:mod:`wartools.analysis`): :class:`FireRules`.

A game's ``fire`` module (``wartools.games.<game>.fire``) defines a subclass named
``Fire``; :meth:`wartools.rules.Game.fire_rules` returns an instance. Whether a unit can
attack a target, and with what, is **one question**, :meth:`FireRules.attack`:

>>> from wartools.games import find_game
>>> from wartools.mapmodel import Unit
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 5, 1, units=[("us-1", "US", "rifle", "A1"), ("de-1", "German", "rifle", "C1")])
>>> fire = m.game.fire_rules()
>>> a = fire.attack(m, m.unit("us-1"), m.unit("de-1"))
>>> a.p_hit, a.expected, [x.rule for x in a.limits]
(Fraction(369, 625), Fraction(4, 5), ['Combat Infantry 6.51'])
>>> r = fire.attack(m, m.unit("us-1"), Unit("far", "German", "rifle", m.cell("E1")))
>>> bool(r), r.kind, r.rule
(False, 'range', 'Combat Infantry 6.2')

Every tool that needs it asks it: the threat map, the fire plan, route exposure and set-up
advice through the vectorised :meth:`FireRules.attacks` (the same answers for many target
cells at once; a property test checks them against a loop over :meth:`attack`), bots
directly. The answer is an :class:`Attack` (its odds inputs, exact chance and expected hits,
the fire limits it counts against, the rules applied and the readings it rests on) or a
:class:`Refusal` (the rule that refuses it, in words).

A game plugs in through a few hooks, each with a neutral default (a game without a ``fire``
module has no unit that can fire, so its threat maps are empty and say so):

- what a unit fires with (:meth:`FireRules.profile`: its range and the numbers its counter
  or card prints, typical values of its type unless the unit's tags give them) and defends
  with (:meth:`FireRules.defender`);
- the line-of-sight situation of a shot (:meth:`FireRules.line_situation`), refusals before
  the line is drawn (:meth:`FireRules.before_line`: hidden or transported targets, assaults,
  deploy costs), fire at what the attacker does not see (:meth:`FireRules.unseen`: spotting)
  and refusals after it (:meth:`FireRules.after_line`);
- the inputs of the game's own odds procedure (:meth:`FireRules.odds_inputs`), what a *hit*
  is (:meth:`FireRules.read`), the fire limits an attack counts against
  (:meth:`FireRules.limits`), how several attackers on one target combine
  (:meth:`FireRules.combine`);
- where the enemy gets to fire at a mover (:attr:`FireRules.exposure`) and whether a unit
  may move and then fire (:meth:`FireRules.move_budget`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from wartools.rules.options import Assumption, merge_assumptions

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.game import Game
    from wartools.grids.base import Cell
    from wartools.rules.los import LOSSituation
    from wartools.los.result import LOSResult
    from wartools.mapmodel import Map, Unit
    from wartools.situation import Situation

#: exposure kinds: the enemy may fire at a mover in every cell it enters, or where its move ends
EVERY_CELL, END_OF_MOVE = "every-cell", "end-of-move"

#: how long a fire limit counts the attacks against it (:attr:`Limit.per`): the activation under way
#: (in a game without activations, the turn) or the whole game turn
ACTIVATION, GAME_TURN = "activation", "game turn"

#: why an attack is refused (:attr:`Refusal.kind`)
REFUSALS = ("cannot-fire", "own-cell", "range", "line", "night", "limit", "assault", "transported", "spotting",
            "deploy", "pinned", "immune", "zero-chance")


@dataclass(frozen=True)
class Profile:
    """What one unit fires with: its range in cells and the game's numbers for it
    (``{"firepower": 4, "defense": 12}``...), and which of them the unit's own tags gave
    (the others are the typical values of its type).

    Examples
    --------
    >>> Profile(2, {"firepower": 2}).value("firepower")
    2
    """

    range: int
    values: Mapping[str, int] = field(default_factory=dict)
    given: frozenset[str] = frozenset()

    def value(self, name: str, default: int = 0) -> int:
        """One of the numbers (``default`` when the game gives none)."""
        return int(self.values.get(name, default))


@dataclass(frozen=True)
class Limit:
    """A fire limit an attack counts against: attacks sharing ``key`` may fire together up to
    ``cap`` of them (a hexside's fire limit, one long-range firer per firing and target hex),
    within one activation or one game turn (``per``: :data:`ACTIVATION`, :data:`GAME_TURN`; play
    counts the shots taken against it over that time).

    Examples
    --------
    >>> Limit(("long-range", (0, 0), (2, 0)), 1, "Combat Infantry 6.51", "one long-range firer").per
    'activation'
    """

    key: tuple[Any, ...]
    cap: int
    rule: str
    why: str = ""
    assumptions: tuple[Assumption, ...] = ()
    per: str = ACTIVATION


@dataclass(frozen=True)
class Line:
    """How an attack reaches its target: the distance, the line's modifier, whether it is
    indirect fire, who spotted the target (``None``: the attacker saw it itself) and the rules
    the line applied."""

    distance: int
    modifier: int = 0
    indirect: bool = False
    spotter: str | None = None
    rules: tuple[str, ...] = ()
    assumptions: tuple[Assumption, ...] = ()
    #: the rule ids of the line's findings that the game's fire rules read (:attr:`FireRules.NOTED`)
    notes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Attack:
    """A legal attack of one unit on one target: the odds inputs of the game's own procedure,
    the exact chance of a hit and the expected hits (as the game defines a hit), the fire
    limits it counts against, the rules it applied and the readings it rests on.

    Examples
    --------
    >>> a = Attack("us-1", (1, 0), {"dice": 4}, Fraction(1, 2), Fraction(1, 2))
    >>> bool(a), a.fires_from is None
    (True, True)
    """

    attacker: str
    target: Cell
    inputs: Mapping[str, Any]
    p_hit: Fraction
    expected: Fraction
    distance: int = 0
    limits: tuple[Limit, ...] = ()
    rules: tuple[str, ...] = ()
    assumptions: tuple[Assumption, ...] = ()
    fires_from: Cell | None = None
    spotter: str | None = None

    def __bool__(self) -> bool:
        return True

    def to_json(self) -> dict[str, Any]:
        """``{"attacker", "p_hit", "expected_hits", "distance", "inputs", "limits", "rules",
        "assumptions"}`` (fractions as ``"n/d"``)."""
        from wartools.dice import fraction_str

        return {"attacker": self.attacker, "p_hit": fraction_str(self.p_hit),
                "expected_hits": fraction_str(self.expected), "distance": self.distance,
                "inputs": {k: list(v) if isinstance(v, tuple) else v for k, v in self.inputs.items()},
                "limits": [{"cap": x.cap, "rule": x.rule, "why": x.why} for x in self.limits],
                "rules": list(self.rules), **({"spotter": self.spotter} if self.spotter else {}),
                "assumptions": [x.to_json() for x in self.assumptions]}

    def text(self) -> str:
        """One line: the attacker, its odds and the rules applied."""
        spot = f", spotted by {self.spotter}" if self.spotter else ""
        return (f"{self.attacker} attacks at {self.distance} cell(s){spot}: P(hit) {self.p_hit} "
                f"({float(self.p_hit):.3f}), expected {self.expected}; " + "; ".join(self.rules))


@dataclass(frozen=True)
class Refusal:
    """An attack the rules refuse: the kind of refusal (:data:`REFUSALS`), the rule that
    refuses it and why, in words.

    Examples
    --------
    >>> r = Refusal("us-1", (3, 0), "range", "Combat Infantry 6.2", "E1 is 4 hexes away, beyond range 2")
    >>> bool(r), r.text()
    (False, 'us-1 may not attack: E1 is 4 hexes away, beyond range 2 (Combat Infantry 6.2)')
    """

    attacker: str
    target: Cell
    kind: str
    rule: str
    why: str
    assumptions: tuple[Assumption, ...] = ()

    def __bool__(self) -> bool:
        return False

    def to_json(self) -> dict[str, Any]:
        """``{"attacker", "kind", "rule", "why", "assumptions"}``."""
        return {"attacker": self.attacker, "kind": self.kind, "rule": self.rule, "why": self.why,
                "assumptions": [x.to_json() for x in self.assumptions]}

    def text(self) -> str:
        """One line: who may not attack, why, and the rule."""
        return f"{self.attacker} may not attack: {self.why} ({self.rule})"


def tag_values(tags: Iterable[str]) -> dict[str, int]:
    """Numbers given as ``name=value`` tags on a unit (``range=4``, ``firepower=3``), names in
    lower case.

    Examples
    --------
    >>> tag_values(("pinned", "range=4", "firepower=-1", "AP=0"))
    {'range': 4, 'firepower': -1, 'ap': 0}
    """
    out: dict[str, int] = {}
    for t in tags:
        name, sep, value = t.partition("=")
        v = value.strip()
        if sep and v.lstrip("-").isascii() and v.lstrip("-").isdigit() and len(v) < 6:
            out[name.strip().lower()] = int(v)
    return out


def best_within_limits(attacks: Iterable[Attack]) -> tuple[Attack, ...]:
    """The attacks that may fire together: the most expected hits (then chance) first, each kept
    while every fire limit it counts against has room; the kept attacks in their given order.

    Examples
    --------
    >>> lim = (Limit(("long-range", 0, 1), 1, "6.51"),)
    >>> a = Attack("a", 1, {}, Fraction(1, 2), Fraction(1, 2), limits=lim)
    >>> b = Attack("b", 1, {}, Fraction(3, 4), Fraction(3, 4), limits=lim)
    >>> [x.attacker for x in best_within_limits([a, b])]
    ['b']
    """
    attacks = list(attacks)
    used: dict[tuple[Any, ...], int] = {}
    keep: set[int] = set()
    for i in sorted(range(len(attacks)), key=lambda i: (-attacks[i].expected, -attacks[i].p_hit, i)):
        a = attacks[i]
        if all(used.get(x.key, 0) < x.cap for x in a.limits):
            keep.add(i)
            for x in a.limits:
                used[x.key] = used.get(x.key, 0) + 1
    return tuple(a for i, a in enumerate(attacks) if i in keep)


def within_limits(attacks: Iterable[Attack]) -> bool:
    """Whether these attacks may all fire together (no fire limit over its cap)."""
    used: dict[tuple[Any, ...], int] = {}
    for a in attacks:
        for x in a.limits:
            used[x.key] = used.get(x.key, 0) + 1
            if used[x.key] > x.cap:
                return False
    return True


class FireRules:
    """Neutral fire policy; games subclass it as ``wartools.games.<game>.fire.Fire``.

    Parameters
    ----------
    game
        The configured :class:`~wartools.rules.Game`.
    """

    #: what a hit is in this game, with its rule section
    hit: ClassVar[str] = "a hit: this game defines no fire for analysis"
    #: the section that says when fire cannot hurt a target (default: the section ``hit`` names last)
    immune_rule: ClassVar[str | None] = None
    #: how several attackers on one target combine, with its rule section
    combination: ClassVar[str] = "independent attacks: P(at least one hit) = 1 - product of the misses"
    #: where the enemy may fire at a mover (:data:`EVERY_CELL` or :data:`END_OF_MOVE`)
    exposure: ClassVar[str] = END_OF_MOVE
    #: why, citing the sequence of play
    exposure_rule: ClassVar[str] = "the game defines no fire at moving units"
    #: typical values per unit type (range and the game's numbers), used unless a unit's tags give them
    PROFILES: ClassVar[Mapping[str, Mapping[str, int]]] = {}
    #: the section the typical values stand in for
    PROFILE_RULE: ClassVar[str] = ""
    #: the section that sets the range of fire (the refusal's rule)
    RANGE_RULE: ClassVar[str] = ""
    #: options whose readings every fire answer rests on
    reads: ClassVar[tuple[str, ...]] = ()
    #: options whose readings an answer rests on when attackers move before firing
    reads_when_moving: ClassVar[tuple[str, ...]] = ()
    #: the kind of refusal each LOS rule id stands for when it blocks (default ``"line"``)
    LINE_KINDS: ClassVar[Mapping[str, str]] = {"range": "range", "unit-range": "range", "night": "night"}
    #: LOS rule ids (notes or hindrances) the game's odds read from a clear line (:attr:`Line.notes`)
    NOTED: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game) -> None:
        self.game = game
        self._merged: dict[tuple[tuple[Assumption, ...], ...], tuple[Assumption, ...]] = {}

    # --- units ------------------------------------------------------------------------
    def profile(self, unit: Unit) -> Profile | None:
        """What ``unit`` fires with, or ``None`` when it cannot fire: its type's typical values
        (:attr:`PROFILES`), any of them given by a ``name=value`` tag (any case) instead."""
        base = self.PROFILES.get(unit.type)
        if base is None or "range" not in base:
            return None
        return self._with_tags(base, unit.tags)

    @staticmethod
    def _with_tags(base: Mapping[str, int], tags: Iterable[str]) -> Profile:
        given = tag_values(tags)
        names = {k.lower(): k for k in base}
        over = {names[k]: v for k, v in given.items() if k in names}
        values = {**base, **over}
        rng = values.pop("range", 0)
        return Profile(rng, values, frozenset(over))

    def defender(self, target: Unit) -> Profile:
        """The defensive numbers of ``target``: its type's typical values, its tags' instead, its
        strength (steps or health) when the position gives it."""
        p = self._with_tags(self.PROFILES.get(target.type, {}), target.tags)
        if target.strength is not None:
            p = dataclasses.replace(p, values={**p.values, "strength": target.strength})
        return p

    def target_profile(self, unit_type: str, strength: int | None = None) -> Profile:
        """The defensive numbers of a unit of ``unit_type`` (range 0 if it cannot fire)."""
        base = dict(self.PROFILES.get(unit_type, {}))
        rng = base.pop("range", 0)
        if strength is not None:
            base["strength"] = strength
        return Profile(rng, base)

    def fire_range(self, attacker: Unit, profile: Profile) -> int:
        """The range ``attacker`` fires to (its profile's, unless a game's tags change it)."""
        return profile.range

    # --- the attack question ------------------------------------------------------------
    def attack(self, board: Map, attacker: Unit, target: Unit, situation: Situation | None = None, *,
               cache: dict[Any, Any] | None = None) -> Attack | Refusal:
        """May ``attacker`` attack ``target`` on ``board``, and with what?

        The one attack question of the game: an :class:`Attack` (its odds inputs, exact
        ``p_hit`` and ``expected`` as :class:`~fractions.Fraction`, the fire limits it counts
        against, the rules applied and the readings it rests on) or a :class:`Refusal` (the rule
        that refuses it and why). Its answer is false when refused.

        Parameters
        ----------
        board
            The map with every unit on it (:meth:`wartools.scenario.Scenario.map_at`).
        attacker
            The attacking unit, judged on its own ``cell`` (which may be a cell it has moved
            to; the other units stand as the board has them).
        target
            The unit attacked (a unit of the board, or a hypothetical one standing on a cell:
            ``Unit("probe", side, type, cell)``).
        situation
            The question's :class:`~wartools.situation.Situation` (a scenario's:
            :meth:`wartools.scenario.Scenario.situation`); its night and weather, and the
            board's game options, apply.
        cache
            Odds already computed (shared between calls).

        Examples
        --------
        >>> from wartools.testing import tiny_map
        >>> from wartools.situation import Situation
        >>> m = tiny_map("ci", 5, 1, units=[("us-1", "US", "mg", "A1"), ("de-1", "German", "rifle", "D1")])
        >>> fire = m.game.fire_rules()
        >>> fire.attack(m, m.unit("us-1"), m.unit("de-1")).p_hit
        Fraction(51, 100)
        >>> print(fire.attack(m, m.unit("us-1"), m.unit("de-1"), Situation(night=True)).text())
        us-1 may not attack: at night every range is at most 2 hexes; D1 is farther (Combat Infantry 10.3)
        """
        from wartools.los.engine import line_of_sight

        sit = self._situation(board, situation)
        start = self._start(board, attacker, target, sit)
        if isinstance(start, Refusal):
            return start
        profile, los_sit = start
        line = line_of_sight(board, attacker.cell, target.cell, los_sit)
        got = self.judge(board, attacker, target, sit, profile,
                         self._line(board, attacker, target, sit, profile, line), cache)
        assert got is not None      # judged without a floor
        return got

    def attacks(self, board: Map, attacker: Unit, target: Unit, cells: Iterable[Cell] | None = None,
                situation: Situation | None = None, *, cache: dict[Any, Any] | None = None,
                beat: Mapping[Cell, Attack] | None = None) -> dict[Cell, Attack]:
        """:meth:`attack` for a unit like ``target`` standing on each of ``cells`` (default: every
        cell), the lines of sight judged in one vectorised pass: the cells it may be attacked on,
        each with its :class:`Attack` (the same answer :meth:`attack` gives, cell by cell). Cells
        where ``beat`` holds an attack at least as good (expected hits, then chance) are left out."""
        return self.attacks_of(board, [(attacker, cells)], target, situation, cache=cache, beats=[beat])[0]

    def attacks_of(self, board: Map, asks: Sequence[tuple[Unit, Iterable[Cell] | None]], target: Unit,
                   situation: Situation | None = None, *, cache: dict[Any, Any] | None = None,
                   beats: Sequence[Mapping[Cell, Attack] | None] | None = None) -> list[dict[Cell, Attack]]:
        """:meth:`attacks` of several attackers, each on its own cells (``asks``: attacker and cells),
        in order: the lines of every attacker whose line situation is the same (its type, side and
        range) judged in one vectorised pass."""
        import numpy as np

        from wartools.los import evaluate, geometry, policy_for
        from wartools.los.matrix import evaluate_cached

        sit = self._situation(board, situation)
        geo = geometry(board)
        policy = policy_for(board)
        out: list[dict[Cell, Attack]] = [{} for _ in asks]
        profiles: dict[int, Profile] = {}
        groups: dict[LOSSituation, list[int]] = {}
        for k, (attacker, _) in enumerate(asks):
            profile = self.profile(attacker)
            if profile is not None:
                profiles[k] = profile
                groups.setdefault(self.line_situation(board, attacker, target, profile, sit), []).append(k)
        for los_sit, ks in groups.items():
            limit = policy.max_range(los_sit)
            aas, tbs, who = [], [], []
            for k in ks:
                attacker, cells = asks[k]
                rng = self.fire_range(attacker, profiles[k]) if limit is None else limit
                here = geo.ext(attacker.cell)
                wanted = list(board.grid.cells()) if cells is None else list(cells)
                tb = geo.exts(wanted) if wanted else np.zeros(0, dtype=np.int64)
                aa = np.full(len(tb), here)
                near = (geo.distance(aa, tb) <= rng) & (tb != here)
                aas.append(aa[near])
                tbs.append(tb[near])
                who += [k] * int(near.sum())
            if not who:
                continue
            aa, tb = np.concatenate(aas), np.concatenate(tbs)
            noted = self.noted(los_sit)     # a line's findings are judged only where the odds read some
            ev = (evaluate if noted else evaluate_cached)(board, aa, tb, los_sit, policy=policy, geo=geo)
            self._judge_rows(board, asks, target, sit, los_sit, ev, geo.distance(aa, tb).tolist(),
                             [geo.cells[t] for t in tb.tolist()], who, profiles, policy, out, cache, beats)
        return out

    def _judge_rows(self, board: Map, asks: Sequence[tuple[Unit, Any]], target: Unit, sit: Situation,
                    los_sit: LOSSituation, ev: Any, dist: list[int], cells: list[Cell], who: list[int],
                    profiles: Mapping[int, Profile], policy: Any, out: list[dict[Cell, Attack]],
                    cache: dict[Any, Any] | None,
                    beats: Sequence[Mapping[Cell, Attack] | None] | None) -> None:
        """:meth:`attacks_of`'s answers from one vectorised evaluation (ruler ``i``: attacker
        ``asks[who[i]]`` on ``cells[i]``), what :meth:`attack` asks of each line."""
        from wartools.mapmodel import Unit

        los_assumed = tuple(policy.assumptions(los_sit))
        noted = self._noted(ev, policy, self.noted(los_sit))
        fixed = {k: self._fixed(asks[k][0], profiles[k], target) for k in set(who)}
        unseen = {k: self.fires_unseen(board, asks[k][0], profiles[k]) for k in fixed}
        visible, status, modifier = ev.visible.tolist(), ev.status.tolist(), ev.modifier.tolist()
        spotting = [i for i, k in enumerate(who) if not visible[i] and unseen[k]]
        drawn = dict(zip(spotting, self._explained(board, ev.a[spotting], ev.b[spotting], los_sit, policy)))
        for i, (k, cell) in enumerate(zip(who, cells)):
            attacker, profile = asks[k][0], profiles[k]
            probe = Unit(target.id, target.side, target.type, cell, target.name, target.strength, target.tags)
            if not visible[i]:      # what attack() asks of a blocked line, its start already known
                if unseen[k] and self.before_line(board, attacker, probe, sit, profile) is None:
                    spotted = self.judge(board, attacker, probe, sit, profile,
                                         self._line(board, attacker, probe, sit, profile, drawn[i]), cache, fixed[k])
                    if isinstance(spotted, Attack):
                        out[k][cell] = spotted
                continue
            if isinstance(self.before_line(board, attacker, probe, sit, profile), Refusal):
                continue
            line = Line(dist[i], int(modifier[i]) if status[i] == 1 else 0, los_sit.indirect,
                        assumptions=los_assumed, notes=noted.get(i, frozenset()))
            beat = None if beats is None else beats[k]
            old = None if beat is None else beat.get(cell)
            got = self.judge(board, attacker, probe, sit, profile, line, cache, fixed[k],
                             None if old is None else (old.expected, old.p_hit))
            if isinstance(got, Attack):
                out[k][cell] = got

    @staticmethod
    def _explained(board: Map, a: Any, b: Any, los_sit: LOSSituation, policy: Any) -> list[LOSResult]:
        """The lines of sight of rulers ``a[i] -> b[i]`` (ext ids), each as
        :func:`~wartools.los.engine.line_of_sight` answers it, judged in one explained pass (a
        blocked line's reasons, which a game reads to fire at what it does not see)."""
        from wartools.los import geometry
        from wartools.los.engine import evaluate, explain, make_situation
        from wartools.los.result import STATUSES, LOSResult

        if not len(a):
            return []
        geo = geometry(board)
        sit = make_situation(board, los_sit)
        ev = evaluate(board, a, b, sit, policy=policy, explain=True, geo=geo)
        assumed = tuple(policy.assumptions(sit))
        def reasons(i: int) -> Callable[[], Any]:
            return lambda: explain(board, geo, policy, ev, i)

        def details(ca: Cell, cb: Cell) -> Callable[[], Any]:
            return lambda: policy.details(board, geo, ca, cb, sit)

        out = []
        for i, (x, y) in enumerate(zip(a.tolist(), b.tolist())):
            ca, cb = geo.cells[x], geo.cells[y]
            code = int(ev.status[i])
            out.append(LOSResult(board, ca, cb, code != 2, STATUSES[code], int(ev.hindrance[i]),
                                 int(ev.modifier[i]) if code == 1 else None, reasons(i),
                                 board.grid.distance(ca, cb), sit, details(ca, cb), assumed))
        return out

    def noted(self, los_sit: LOSSituation) -> frozenset[str]:
        """The rule ids of :attr:`NOTED` a line judged in ``los_sit`` may carry (all of them by
        default; a game whose noted findings only some lines can have says which): none, and
        the attack question reads no line's findings, only its verdict."""
        return self.NOTED

    def _noted(self, ev: Any, policy: Any, noted: frozenset[str]) -> dict[int, frozenset[str]]:
        """Per ruler of an evaluation, the rule ids of ``noted`` among its findings."""
        if not noted:
            return {}
        names = list(policy.RULES)
        pair, _, rule = ev.findings[:3]
        out: dict[int, set[str]] = {}
        for p, r in zip(pair.tolist(), rule.tolist()):
            if names[r] in noted:
                out.setdefault(p, set()).add(names[r])
        return {k: frozenset(v) for k, v in out.items()}

    def _situation(self, board: Map, situation: Situation | None) -> Situation:
        from wartools.situation import Situation

        return (situation if situation is not None else Situation()).on(board)

    def _start(self, board: Map, attacker: Unit, target: Unit,
               sit: Situation) -> tuple[Profile, LOSSituation] | Refusal:
        """The attacker's profile and the line's situation, or a refusal before any line."""
        profile = self.profile(attacker)
        if profile is None:
            return self.refuse(attacker, target, "cannot-fire", self.PROFILE_RULE or self.game.name,
                               f"a {attacker.type} has no fire of its own")
        if attacker.cell == target.cell:
            return self.refuse(attacker, target, "own-cell", self.RANGE_RULE or self.game.name,
                               "a unit does not fire into its own cell")
        refused = self.before_line(board, attacker, target, sit, profile)
        if refused is not None:
            return refused
        return profile, self.line_situation(board, attacker, target, profile, sit)

    def _line(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
              line: LOSResult) -> Line | Refusal:
        """The explained line as a :class:`Line`, or what :meth:`unseen` makes of a blocked one."""
        if line.visible:
            # a line's reasons are judged when first read: only a game that notes some reads them
            notes = frozenset(r.rule_id for r in line.reasons if r.rule_id in self.NOTED) if self.NOTED \
                else frozenset()
            return Line(line.range, line.modifier or 0, line.situation.indirect, assumptions=line.assumptions,
                        notes=notes)
        return self.unseen(board, attacker, target, sit, profile, line)

    def judge(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
              line: Line | Refusal, cache: dict[Any, Any] | None = None,
              fixed: tuple[Profile, tuple[Assumption, ...]] | None = None,
              floor: tuple[Fraction, Fraction] | None = None) -> Attack | Refusal | None:
        """The answer once the line is known: the game's later refusals, its odds, its limits.
        ``fixed`` is the target's defence and the units' readings when already known (they do not
        depend on the cell); with ``floor`` (expected hits, chance), an attack no better is not
        judged further (``None``)."""
        if isinstance(line, Refusal):
            return line
        defender, units_read = fixed or self._fixed(attacker, profile, target)
        inputs = self.odds_inputs(board, attacker, profile, target, defender, line)
        if inputs is not None:
            p, e, assumed = self.odds(inputs, cache)
            if floor is not None and (e, p) <= floor:
                return None
        refused = self.after_line(board, attacker, target, sit, profile, line)
        if refused is not None:
            return refused
        if inputs is None:
            rule = self.immune_rule or self.hit.rpartition("(")[2].rstrip(")") or self.game.name
            return self.refuse(attacker, target, "immune", rule, f"a {attacker.type}'s fire cannot hurt a {target.type}")
        if not p and not e:
            return self.refuse(attacker, target, "zero-chance", self.game.name,
                               f"a {attacker.type} has no chance of a hit on a {target.type} here")
        limits = self.limits(board, attacker, target, line)
        if isinstance(limits, Refusal):
            return limits
        parts = (units_read, assumed, line.assumptions, *(x.assumptions for x in limits),
                 self.readings(board, attacker, target, line))
        readings = self._merged.get(parts)
        if readings is None:
            if len(self._merged) > 4096:
                self._merged.clear()
            readings = self._merged[parts] = merge_assumptions(*parts)
        return Attack(attacker.id, target.cell, inputs, p, e, line.distance, limits,
                      line.rules + self.applied(board, attacker, target, line), readings, attacker.cell,
                      line.spotter)

    def _fixed(self, attacker: Unit, profile: Profile, target: Unit) -> tuple[Profile, tuple[Assumption, ...]]:
        defender = self.defender(target)
        return defender, merge_assumptions(self.unit_readings(attacker, profile), self.unit_readings(target, defender))

    def refuse(self, attacker: Unit, target: Unit, kind: str, rule: str, why: str) -> Refusal:
        """A :class:`Refusal` of ``attacker``'s attack on ``target``."""
        return Refusal(attacker.id, target.cell, kind, rule, why)

    def odds(self, inputs: Mapping[str, Any],
             cache: dict[Any, Any] | None = None) -> tuple[Fraction, Fraction, tuple[Assumption, ...]]:
        """``(p_hit, expected, readings)`` of the game's odds procedure run on ``inputs``."""
        key = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in inputs.items())
        got = None if cache is None else cache.get(key)
        if got is None:
            result = self.game.odds_procedure().run(self.game, dict(inputs))
            got = (*self.read(result.answer), tuple(result.assumptions))
            if cache is not None:
                cache[key] = got
        return got

    def unit_readings(self, unit: Unit, profile: Profile) -> tuple[Assumption, ...]:
        """The readings a unit's numbers rest on: the typical values of its type it used, and
        the values its tags give instead."""
        if not self.PROFILE_RULE or unit.type not in self.PROFILES:
            return ()
        typical = {k: v for k, v in self.PROFILES[unit.type].items() if k not in profile.given}
        out = []
        if typical:
            shown = ", ".join(f"{k} {v}" for k, v in typical.items())
            out.append(Assumption(self.PROFILE_RULE, f"a {unit.type} fires and defends with the typical values of "
                                  f"its type ({shown}) unless the scenario gives them as name=value tags"))
        if profile.given:
            shown = ", ".join(f"{k}={profile.values.get(k, profile.range)}" for k in sorted(profile.given))
            out.append(Assumption(self.PROFILE_RULE, f"{unit.id}'s tags give {shown} instead of its type's "
                                  "typical values"))
        return tuple(out)

    # --- hooks a game overrides -------------------------------------------------------
    def aim(self, target: Unit) -> Hashable:
        """What a shot at ``target`` is aimed at: the unit (its id, by default), or, where the
        game's shot at it is fire at its cell, that cell (``("cell", cell)``): shots with the same
        aim from one attacker are one action (the play engine offers the first target of each)."""
        return target.id

    def units_read(self, board: Map, attacker: Unit) -> tuple[Unit, ...]:
        """The units of ``board`` whose presence, cell, strength or tags an answer of
        ``attacker``'s attack question may read besides the attacker and the target (its line of
        sight, spotting, refusals, on any cell, the target's own among them): every unit by default.
        A caller may keep an answer while the board, the attacker, the target, these units and the
        units on :meth:`cells_between` stand as they did (``tests/test_attack_question.py`` checks
        each game's hooks)."""
        return board.units

    def cells_between(self, board: Map, a: Cell, b: Cell) -> frozenset[Cell] | None:
        """The cells whose units an answer of an attacker on ``a`` at a target on ``b`` may read
        besides :meth:`units_read` (a game whose lines are blocked by the units between their
        ends), or ``None``: none (by default)."""
        return None

    def among_between(self, board: Map, a: Cell, b: Cell, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        """Those of ``cells`` (in their order) that are among :meth:`cells_between` ``a`` and ``b``:
        what a caller keeping answers asks of the occupied cells (a game may answer it without
        listing the cells between; ``tests/test_attack_question.py`` checks it against them)."""
        between = self.cells_between(board, a, b)
        return tuple(c for c in cells if c in between) if between else ()

    def among_between_pairs(self, board: Map, pairs: Sequence[tuple[Cell, Cell]],
                            cells: Sequence[Cell]) -> list[tuple[Cell, ...]]:
        """:meth:`among_between` the two ends of each of ``pairs``, in order (a game may answer
        them at once)."""
        return [self.among_between(board, a, b, cells) for a, b in pairs]

    def line_situation(self, board: Map, attacker: Unit, target: Unit, profile: Profile,
                       sit: Situation) -> LOSSituation:
        """The line-of-sight situation of ``attacker`` firing at ``target`` in ``sit``."""
        from wartools.los.engine import make_situation

        return make_situation(board, sit, unit=attacker.type, target=target.type, side=attacker.side,
                              mode="fire", range=self.fire_range(attacker, profile))

    def before_line(self, board: Map, attacker: Unit, target: Unit, sit: Situation,
                    profile: Profile) -> Refusal | None:
        """A refusal that needs no line of sight (``None``: none)."""
        return None

    def fires_unseen(self, board: Map, attacker: Unit, profile: Profile) -> bool:
        """Whether ``attacker`` may attack a cell its line does not reach (spotting)."""
        return False

    def unseen(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
               line: LOSResult) -> Line | Refusal:
        """What a blocked line means: by default a refusal with the rule that blocked it."""
        blocking = [r for r in line.deciding if r.effect == "blocks"] or list(line.reasons)
        first = blocking[0] if blocking else None
        if first is None:
            return self.refuse(attacker, target, "line", self.game.name, "no line of sight")
        kind = self.LINE_KINDS.get(first.rule_id, "line")
        section, _, why = first.rule.partition(": ")
        if not why:
            section, why = self.game.name, first.rule
        if kind == "range":
            section = self.RANGE_RULE or section
            why = (f"{board.label(target.cell)} is {line.range} cells away, beyond the range of {attacker.id} "
                   f"({self.fire_range(attacker, profile)})")
        return self.refuse(attacker, target, kind, section, why)

    def after_line(self, board: Map, attacker: Unit, target: Unit, sit: Situation, profile: Profile,
                   line: Line) -> Refusal | None:
        """A refusal once the line reaches the target (``None``: none)."""
        return None

    def odds_inputs(self, board: Map, attacker: Unit, profile: Profile, target: Unit, defender: Profile,
                    line: Line) -> dict[str, Any] | None:
        """The inputs of the game's odds procedure for this attack (``None``: it cannot hurt
        the target, e.g. no firepower against armour)."""
        return None

    def limits(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[Limit, ...] | Refusal:
        """The fire limits this attack counts against (none by default), or a refusal (a
        limit of zero)."""
        return ()

    def readings(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[Assumption, ...]:
        """The assumed readings this attack rests on besides the units' values, the line's and
        the odds procedure's (none by default)."""
        return ()

    def applied(self, board: Map, attacker: Unit, target: Unit, line: Line) -> tuple[str, ...]:
        """The rules this attack applied, in words with their sections."""
        return ()

    def read(self, answer: Mapping[str, Any]) -> tuple[Fraction, Fraction]:
        """``(P(at least one hit), expected hits)`` from the odds procedure's answer."""
        return answer["hit"], answer["hit"]

    def combine(self, attacks: Sequence[Attack], target_type: str, target: Profile) -> tuple[Fraction, Fraction]:
        """``(P(at least one hit), expected hits)`` of several attacks on one target:
        independent events by default."""
        miss, expected = Fraction(1), Fraction(0)
        for a in attacks:
            miss *= 1 - a.p_hit
            expected += a.expected
        return 1 - miss, expected

    def limit(self, attacks: Sequence[Attack]) -> tuple[Attack, ...]:
        """The attacks the fire limits let fire together (:func:`best_within_limits`)."""
        return best_within_limits(attacks)

    # --- movement -----------------------------------------------------------------------
    def move_budget(self, attacker: Unit, allowance: int) -> int | None:
        """Points ``attacker`` may move before firing in the same turn (``None``: it may not
        move and fire)."""
        return None

    def move_switches(self, attacker: Unit) -> frozenset[str]:
        """The movement switches (:attr:`~wartools.rules.movement.MovementRules.switches`) a unit
        that moves and then fires moves with (a weapon team that must deploy where it stops)."""
        return frozenset()

    def moved(self, attacker: Unit, cell: Cell, spent: int) -> Unit:
        """``attacker`` after moving to ``cell`` for ``spent`` points, as it then fires (a game
        may change its state, e.g. a weapon team deploying)."""
        return dataclasses.replace(attacker, cell=cell)

    def assumptions(self, moving: bool = False) -> tuple[Assumption, ...]:
        """The assumed readings every fire answer of this game rests on (and, with ``moving``,
        those of moving before firing)."""
        return tuple(self.game.assumptions(self.reads + (self.reads_when_moving if moving else ())))


def has_room(used: Iterable[Limit], attack: Attack) -> bool:
    """Whether ``attack`` may still fire after the shots that counted ``used`` (one entry a shot
    and limit): every fire limit it counts against is under its cap.

    Examples
    --------
    >>> lim = Limit(("hexside", 0), 2, "Combat Infantry 6.5")
    >>> a = Attack("a", 1, {}, Fraction(1, 2), Fraction(1, 2), limits=(lim,))
    >>> has_room([lim], a), has_room([lim, lim], a)
    (True, False)
    """
    counts: dict[tuple[Any, ...], int] = {}
    for x in used:
        counts[x.key] = counts.get(x.key, 0) + 1
    return all(counts.get(x.key, 0) < x.cap for x in attack.limits)


__all__ = ["ACTIVATION", "Attack", "END_OF_MOVE", "EVERY_CELL", "FireRules", "GAME_TURN", "Limit", "Line", "Profile",
           "REFUSALS", "Refusal", "best_within_limits", "has_room", "tag_values", "within_limits"]
