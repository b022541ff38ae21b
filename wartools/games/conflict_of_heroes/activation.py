"""Conflict of Heroes activation and the track sheet: who may act, and what it costs (2.2, 3.0-3.22).

The rules as the Storms of Steel excerpt prints them:

- a player activates a *fresh* unit, which receives 7 APs (2.2 Unit (AP) Action,
  3.0; 2D6 under the optional Variable AP Allocation, 3.01); the activation itself
  is not an action;
- only one unit is activated at a time (2.2, 3.0): at the beginning of his turn
  a player may mark the active unit as spent to activate a different fresh
  unit, and the old unit's remaining APs are lost (3.0);
- an activated unit is never re-activated for fresh APs: it is not fresh, and
  once marked spent it cannot be activated again this round (2.2, 3.0);
- CAPs supplement an activated unit's APs one for one (3.21) or pay for a
  command action of any unit, whose fresh/spent status does not change (3.22);
- an opportunity action is one action of a fresh, non-activated unit, for no AP
  or CAP, after which the unit is spent (3.1);
- one action is one single thing, such as moving one hex (2.2): an opportunity
  or command move is exactly one hex (:func:`one_action_move`).

:class:`Activation` keeps that bookkeeping for one player's track sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wartools.errors import WartoolsError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map

ACTIVATION_AP = 7
"""APs an activated unit receives (Game Overview, 2.2, 3.0)."""


@dataclass
class Activation:
    """One player's track sheet: the activated unit's APs (green) and the CAP pool (blue), 2.2-3.22.

    Plain bookkeeping to replay the rulebook's examples: :meth:`activate`
    (7 APs; switching loses the old unit's APs, 3.0), :meth:`spend` (APs first,
    CAPs supplement one for one, 3.21), :meth:`command` (a CAP action, 3.22),
    :meth:`opportunity` (free, but the unit is spent, 3.1). Every step is
    logged in :attr:`log`.

    Examples
    --------
    >>> t = Activation(caps=5)
    >>> t.activate("C")             # returns the APs a previously active unit loses
    0
    >>> t.spend(4, "fire")
    (4, 0)
    >>> t.spend(4, "fire again")
    (3, 1)
    >>> t.ap, t.caps, sorted(t.spent)
    (0, 4, ['C'])
    """

    caps: int = 0
    active: str | None = None
    ap: int = 0
    spent: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)

    def activate(self, unit: str, ap: int = ACTIVATION_AP) -> int:
        """Activate the fresh ``unit`` with ``ap`` APs; returns the APs the previous unit loses (3.0).

        Only a fresh unit may be activated (2.2, 3.0): neither a spent unit nor the unit that
        is already active (re-activating it would give it fresh APs).

        Examples
        --------
        >>> t = Activation()
        >>> t.activate("A")
        0
        >>> t.activate("A")
        Traceback (most recent call last):
        ...
        wartools.errors.WartoolsError: A is already activated: only a fresh unit may be activated (2.2, 3.0)
        """
        if unit == self.active:
            raise WartoolsError(f"{unit} is already activated: only a fresh unit may be activated (2.2, 3.0)")
        if unit in self.spent:
            raise WartoolsError(f"{unit} is spent and cannot be activated this round (2.2, 3.0)")
        if ap < 0:
            raise WartoolsError(f"an activation gives 0 or more APs, got {ap}")
        lost = 0
        if self.active is not None:
            lost = self.ap
            self.spent.add(self.active)
            self.log.append(f"{self.active} marked spent, {lost} AP lost (3.0)")
        self.active, self.ap = unit, ap
        self.log.append(f"{unit} activated: {ap} AP")
        return lost

    def spend(self, cost: int, what: str = "action") -> tuple[int, int]:
        """The active unit pays ``cost``: its APs first, then CAPs (3.21). Returns ``(ap, caps)`` paid."""
        if cost < 0:
            raise WartoolsError(f"an action costs 0 or more, got {cost}")
        if self.active is None:
            raise WartoolsError("no unit is activated")
        from_ap = min(self.ap, cost)
        from_caps = cost - from_ap
        if from_caps > self.caps:
            raise WartoolsError(f"{what} costs {cost}: {self.ap} AP + {self.caps} CAPs are not enough")
        self.ap -= from_ap
        self.caps -= from_caps
        self.log.append(f"{self.active}: {what} for {cost} ({from_ap} AP + {from_caps} CAP) -> "
                        f"{self.ap} AP, {self.caps} CAPs")
        if self.ap == 0:
            self.spent.add(self.active)
            self.log.append(f"{self.active} has no AP left: spent")
            self.active = None
        return from_ap, from_caps

    def command(self, unit: str, cost: int, what: str = "action") -> None:
        """A CAP action (3.22): ``unit`` acts for ``cost`` CAPs; its fresh/spent status is unchanged."""
        if cost < 0:
            raise WartoolsError(f"an action costs 0 or more, got {cost}")
        if cost > self.caps:
            raise WartoolsError(f"{what} costs {cost} CAPs, only {self.caps} left")
        self.caps -= cost
        self.log.append(f"{unit}: {what} as a command action for {cost} CAP -> {self.caps} CAPs")

    def opportunity(self, unit: str, what: str = "action") -> None:
        """An opportunity action (3.1): free, only for a fresh, non-activated unit, which is then spent."""
        if unit in self.spent or unit == self.active:
            raise WartoolsError(f"{unit} is not fresh: no opportunity action (3.1)")
        self.spent.add(unit)
        self.log.append(f"{unit}: {what} as an opportunity action, no AP or CAP; {unit} spent")


def one_action_move(m: Map, start: str, goal: str, unit: str | None = None) -> int:
    """AP (or CAP) cost of a move taken as *one* action -- an opportunity action (3.1) or a
    command action (3.22): exactly one hex (2.2: an action is one single thing, such as
    moving one hex). Refuses a goal that is not an adjacent hex, or a hex the unit cannot enter.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("conflict-of-heroes", 4, 1)
    >>> one_action_move(m, "A1", "B1", "infantry")
    1
    >>> one_action_move(m, "A1", "C1", "infantry")
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: one action moves exactly one hex (2.2, 3.1, 3.22): C1 is not next to A1
    """
    from wartools.movement import path

    a, b = m.cell(start), m.cell(goal)
    if b not in m.grid.edge_neighbours(a):
        raise WartoolsError(f"one action moves exactly one hex (2.2, 3.1, 3.22): {m.label(b)} is not next to "
                            f"{m.label(a)}")
    p = path(m, a, b, unit)
    if not p.reachable or p.cost is None or len(p.cells) != 2:
        raise WartoolsError(f"{m.label(a)} -> {m.label(b)} cannot be moved as one action: {p.why_not}")
    return p.cost


def caps_to_reach(m: Map, start: str, goal: str, unit: str | None = None, *, ap: int = ACTIVATION_AP) -> int | None:
    """CAPs needed on top of ``ap`` APs to reach ``goal`` in one activation (3.21: CAPs supplement
    APs one for one); ``None`` when the goal cannot be reached at all.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("conflict-of-heroes", 10, 1, terrain={"J1": "water"})
    >>> caps_to_reach(m, "A1", "H1"), caps_to_reach(m, "A1", "I1"), caps_to_reach(m, "A1", "I1", ap=4)
    (0, 1, 4)
    >>> caps_to_reach(m, "A1", "J1") is None
    True
    """
    from wartools.movement import path

    p = path(m, start, goal, unit)
    if not p.reachable or p.cost is None:
        return None
    return max(0, p.cost - ap)


# --- the rulebook's examples of the track sheet, replayed (2.2, 3.0, 3.1, 3.21) ----------------------
SMG_FIRE_AP, INFANTRY_FIRE_AP, RIFLES_41_FIRE_AP = 3, 3, 4
"""Fire costs printed on the counters of the examples (2.2: SMG and German infantry 3 AP; 3.0: Rifles '41 4 AP)."""


def replay_2_2(m: Map, start: str, goal: str, *, soviet_caps: int = 5) -> dict[str, Activation]:
    """The example of 2.2 on two track sheets: alternating turns with two activated units and a CAP action.

    Soviet SMG activated (7 AP), fires (3). German squad activated, moves one open
    hex (the cost of ``start`` -> ``goal`` on ``m``, 1 AP in the open). Soviet moves
    another unit one hex as a command action (the same cost in CAPs). German fires
    (3). Soviet SMG fires again (3). The example does not print the Soviet CAP level;
    ``soviet_caps`` is ours.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> t = replay_2_2(tiny_map("conflict-of-heroes", 2, 1), "A1", "B1")
    >>> t["Soviet"].ap, t["German"].ap, t["Soviet"].caps
    (1, 3, 4)
    """
    step = one_action_move(m, start, goal)
    su, de = Activation(caps=soviet_caps), Activation()
    su.activate("SMG")
    su.spend(SMG_FIRE_AP, "fire")
    de.activate("German squad")
    de.spend(step, "move one open hex")
    su.command("other Soviet unit", step, "move one open hex")
    de.spend(INFANTRY_FIRE_AP, "fire")
    su.spend(SMG_FIRE_AP, "fire")
    return {"Soviet": su, "German": de}


def replay_3_0(earlier: int = 3) -> Activation:
    """The example of 3.0: unit A, with ``earlier`` of its 7 AP spent, gives way to unit B and loses the rest.

    Examples
    --------
    >>> t = replay_3_0()
    >>> t.active, t.ap, "A" in t.spent, t.log[-2]
    ('B', 7, True, 'A marked spent, 4 AP lost (3.0)')
    """
    t = Activation()
    t.activate("A")
    t.spend(earlier, "earlier actions")
    t.activate("B")
    return t


def replay_3_1(m: Map, start: str, goal: str, *, soviet_caps: int = 5) -> dict[str, Activation]:
    """The example of 3.1 (figure 1): German A moves one hex; Soviet C fires (4 AP) and misses; the fresh
    German HMG B fires back as an opportunity action and is spent. ``soviet_caps`` is 5 as in 3.21.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> t = replay_3_1(tiny_map("conflict-of-heroes", 2, 1), "A1", "B1")
    >>> t["German"].ap, t["Soviet"].ap, sorted(t["German"].spent), t["German"].active
    (6, 3, ['HMG B'], 'A')
    """
    de, su = Activation(), Activation(caps=soviet_caps)
    de.activate("A")
    de.spend(one_action_move(m, start, goal), "move one open hex")
    su.activate("C")
    su.spend(RIFLES_41_FIRE_AP, "fire at A (misses)")
    de.opportunity("HMG B", "fire at C")
    return {"German": de, "Soviet": su}


def replay_3_21(m: Map, start: str, goal: str) -> Activation:
    """The example of 3.21, continuing 3.1: squad C has 3 AP, fires again for 4 (3 AP + 1 CAP); 5 CAPs -> 4.

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> t = replay_3_21(tiny_map("conflict-of-heroes", 2, 1), "A1", "B1")
    >>> t.ap, t.caps, "C" in t.spent
    (0, 4, True)
    """
    t = replay_3_1(m, start, goal)["Soviet"]
    t.spend(RIFLES_41_FIRE_AP, "fire at A again")
    return t
