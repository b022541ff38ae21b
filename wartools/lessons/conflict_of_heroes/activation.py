"""The AP / CAP track of the Conflict of Heroes lesson, and the rulebook's examples replayed on it.

An activated unit receives 7 APs (Game Overview, 2.2, 3.0), or 2D6 under the
optional Variable AP Allocation (3.01); activating another unit loses the old
one's APs (3.0); CAPs supplement APs one for one (3.21) or pay for a command
action (3.22); a fresh unit may take a free opportunity action and is then
spent (3.1). The rules live in the game
(:class:`wartools.games.conflict_of_heroes.activation.Activation`); the lesson
replays the examples of 2.2, 3.0, 3.1 and 3.21 on it.
"""
from __future__ import annotations

from fractions import Fraction

from wartools.games.conflict_of_heroes.activation import ACTIVATION_AP, Activation, one_action_move
from wartools.games.conflict_of_heroes.combat import variable_ap
from wartools.lessons.conflict_of_heroes.maps import move_map

__all__ = ["ACTIVATION_AP", "Activation", "variable_ap_example", "replay_2_2", "replay_3_0", "replay_3_1",
           "replay_3_21", "SMG_FIRE_AP", "INFANTRY_FIRE_AP", "RIFLES_41_FIRE_AP"]


def variable_ap_example() -> dict[str, Fraction]:
    """3.01 (optional): an activated unit gets 2D6 APs. Mean, P(at least the usual 7), P(fewer than 4).

    Examples
    --------
    >>> variable_ap_example()
    {'mean': Fraction(7, 1), 'at_least_7': Fraction(7, 12), 'under_4': Fraction(1, 12)}
    """
    d = variable_ap()
    return {"mean": d.mean(), "at_least_7": d.at_least(7), "under_4": d.at_most(3)}


def _one_hex_forward() -> int:
    """AP for a squad to move one open hex as one action, from the game's rules (2.2, 3.0)."""
    return one_action_move(move_map(), "C01", "C02")


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
