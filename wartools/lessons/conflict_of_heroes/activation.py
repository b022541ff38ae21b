"""The AP / CAP track of the Conflict of Heroes lesson, and the rulebook's examples replayed on it.

An activated unit receives 7 APs (Game Overview, 2.2, 3.0), or 2D6 under the
optional Variable AP Allocation (3.01); activating another unit loses the old
one's APs (3.0); CAPs supplement APs one for one (3.21) or pay for a command
action (3.22); a fresh unit may take a free opportunity action and is then
spent (3.1). :class:`Activation` keeps that bookkeeping, and the examples of
2.2, 3.0, 3.1 and 3.21 are replayed on it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from wartools.errors import WartoolsError
from wartools.games.conflict_of_heroes.combat import variable_ap
from wartools.lessons.conflict_of_heroes.maps import move_map
from wartools.movement import path

ACTIVATION_AP = 7
"""APs an activated unit receives (Game Overview, 2.2, 3.0)."""


def variable_ap_example() -> dict[str, Fraction]:
    """3.01 (optional): an activated unit gets 2D6 APs. Mean, P(at least the usual 7), P(fewer than 4).

    Examples
    --------
    >>> variable_ap_example()
    {'mean': Fraction(7, 1), 'at_least_7': Fraction(7, 12), 'under_4': Fraction(1, 12)}
    """
    d = variable_ap()
    return {"mean": d.mean(), "at_least_7": d.at_least(7), "under_4": d.at_most(3)}


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
        """Activate ``unit`` with ``ap`` APs; returns the APs the previous unit loses (3.0)."""
        if unit in self.spent:
            raise WartoolsError(f"{unit} is spent and cannot be activated this round (2.2)")
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


def _one_hex_forward() -> int:
    """AP for a squad to move one open hex, from the movement engine (Game Overview, 3.0)."""
    cost = path(move_map(), "C01", "C02").cost
    assert cost is not None
    return cost


SMG_FIRE_AP, INFANTRY_FIRE_AP, RIFLES_41_FIRE_AP = 3, 3, 4
"""Fire costs printed on the counters in the examples (2.2: SMG and German infantry 3 AP; 3.0: Rifles '41 4 AP)."""


def replay_2_2(soviet_caps: int = 5) -> dict[str, Activation]:
    """2.2 example: alternating turns with two activated units and a CAP action.

    Soviet SMG: 7 AP, fires (3) -> 4. German squad: 7 AP, moves one hex (1,
    from the movement engine) -> 6. Soviet moves another unit by a command
    action (1 CAP). German fires (3) -> 3. Soviet SMG fires again (3) -> 1.
    The example does not give the CAP level; ``soviet_caps`` is ours.

    Examples
    --------
    >>> t = replay_2_2()
    >>> t["Soviet"].ap, t["German"].ap, t["Soviet"].caps
    (1, 3, 4)
    """
    su, de = Activation(caps=soviet_caps), Activation()
    su.activate("SMG")
    su.spend(SMG_FIRE_AP, "fire")
    de.activate("German squad")
    de.spend(_one_hex_forward(), "move one open hex")
    su.command("other Soviet unit", _one_hex_forward(), "move one open hex")
    de.spend(INFANTRY_FIRE_AP, "fire")
    su.spend(SMG_FIRE_AP, "fire")
    return {"Soviet": su, "German": de}


def replay_3_0() -> Activation:
    """3.0 example: the German switches from unit A (4 AP left) to unit B; A's 4 AP are lost.

    Examples
    --------
    >>> t = replay_3_0()
    >>> t.active, t.ap, "A" in t.spent, t.log[-2]
    ('B', 7, True, 'A marked spent, 4 AP lost (3.0)')
    """
    t = Activation()
    t.activate("A")
    t.spend(3, "earlier actions")
    t.activate("B")
    return t


def replay_3_1() -> dict[str, Activation]:
    """3.1 example (figure 1): A moves (1 AP) -> 6; Soviet C fires (4 AP) -> 3; the fresh HMG B opportunity-fires.

    Examples
    --------
    >>> t = replay_3_1()
    >>> t["German"].ap, t["Soviet"].ap, sorted(t["German"].spent), t["German"].active
    (6, 3, ['HMG B'], 'A')
    """
    de, su = Activation(), Activation(caps=5)
    de.activate("A")
    de.spend(_one_hex_forward(), "move one open hex")
    su.activate("C")
    su.spend(RIFLES_41_FIRE_AP, "fire at A (misses)")
    de.opportunity("HMG B", "fire at C")
    return {"German": de, "Soviet": su}


def replay_3_21() -> Activation:
    """3.21 example: squad C has 3 AP, needs 4 to fire again, pays 3 AP + 1 CAP; 5 CAPs -> 4; C is spent.

    Examples
    --------
    >>> t = replay_3_21()
    >>> t.ap, t.caps, "C" in t.spent
    (0, 4, True)
    """
    t = replay_3_1()["Soviet"]
    t.spend(RIFLES_41_FIRE_AP, "fire at A again")
    return t
