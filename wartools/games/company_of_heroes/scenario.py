"""Company of Heroes missions: rounds, VP thresholds, control points captured in the supply phase.

- A round has a maneuver, a damage and a supply phase (Company of Heroes 3).
- The game is won by the team that has the chosen number of VP at the end of a
  supply phase (13, 15 or 18); a tie plays on until one team leads (1, 2).
- VP come from destroying enemy units, one each (6 'Victory Points from
  Combat'), and from victory control points: each point a team holds raises its
  VP income by one, and incomes are collected every supply phase (8).
- Capture (8): in the supply phase, a control point with one of a team's
  infantry (regular or weapon team) or emplacement units on it -- or a vehicle
  with the 'capture' ability (tag ``capture``) -- takes that team's flag. Pinned
  or retreating units (tags ``pinned``, ``retreating``, or pins in the
  position) cannot capture. Between supply phases the flags stay where they are.
- Starting resources: incomes 1 and stockpiles 4 of manpower, munitions and fuel (2).

The excerpt does not say what happens when both teams have capturing units on
one point; the **assumption** (option ``contested-capture``) is that its flag
does not change.

Examples
--------
>>> from wartools.games import find_game
>>> r = find_game("coh").scenario_rules()
>>> r.objective_scoring, r.control_at_end_of_turn, r.option("contested-capture")
('each-turn', True, 'unchanged')
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from wartools.rules.scenario import SCORE_EACH_TURN, Control, ScenarioRules
from wartools.grids.base import Cell

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map, Unit

#: green (infantry, weapon teams) and purple (emplacement) units capture (Company of Heroes 8)
CAPTURERS = frozenset({"infantry", "mg-team", "mortar-team", "at-team", "emplacement"})
NO_CAPTURE_TAGS = frozenset({"pinned", "retreating"})


def can_capture(u: Unit) -> bool:
    """Whether a unit can capture a control point (Company of Heroes 8).

    Examples
    --------
    >>> from wartools.mapmodel import Unit
    >>> from wartools.grids.hexgrid import Hex
    >>> can_capture(Unit("a", "US", "infantry", Hex(0, 0))), can_capture(Unit("b", "US", "heavy-vehicle", Hex(0, 0)))
    (True, False)
    >>> can_capture(Unit("c", "US", "infantry", Hex(0, 0), tags=("pinned",)))
    False
    """
    if NO_CAPTURE_TAGS.intersection(u.tags):
        return False
    return u.type in CAPTURERS or "capture" in u.tags


class Rules(ScenarioRules):
    """Company of Heroes scenario policy; see the module docstring."""

    turn_name: ClassVar[str] = "round"
    turn_rule: ClassVar[str] = "Company of Heroes 3"
    per_elimination: ClassVar[int] = 1
    per_elimination_rule: ClassVar[str] = "Company of Heroes 6 (Victory Points from Combat)"
    objective_scoring: ClassVar[str] = SCORE_EACH_TURN
    objective_scoring_rule: ClassVar[str] = "Company of Heroes 8 (VP income collected each supply phase)"
    control_at_end_of_turn: ClassVar[bool] = True
    #: a team wins at the end of a supply phase (Company of Heroes 1), not the moment it has the VP
    ends_at_end_of_turn: ClassVar[bool] = True
    reads: ClassVar[tuple[str, ...]] = ("contested-capture",)
    resources: ClassVar[Mapping[str, str]] = {
        "manpower": "Company of Heroes 2 (stockpile 4)", "munitions": "Company of Heroes 2 (stockpile 4)",
        "fuel": "Company of Heroes 2 (stockpile 4)"}
    unit_state: ClassVar[Mapping[str, str]] = {"health": "Company of Heroes 2 (figures or health)",
                                               "pins": "Company of Heroes 7 (pinned)"}

    def tag_problem(self, unit_type: str, side: str, tag: str, sides: Mapping[str, str]) -> str | None:
        """A machine gun's pin (``pinning=<id>``, Company of Heroes 7) is carried by a machine-gun
        team and names an enemy unit of the scenario.

        Examples
        --------
        >>> from wartools.games import find_game
        >>> r = find_game("coh").scenario_rules()
        >>> r.tag_problem("mg-team", "US", "pinning=de-1", {"de-1": "Wehrmacht"}) is None
        True
        >>> print(r.tag_problem("infantry", "US", "pinning=de-1", {"de-1": "Wehrmacht"}))
        pinning=de-1: only a machine-gun team pins (Company of Heroes 7, Pinning (Machine Guns))
        >>> print(r.tag_problem("mg-team", "US", "pinning=us-2", {"us-2": "US"}))
        pinning=us-2 names no enemy unit of the scenario (a machine gun pins an enemy, Company of Heroes 7)
        """
        from wartools.games.company_of_heroes.pinning import PINNERS, PINNING

        if not tag.startswith(PINNING):
            return None
        if unit_type not in PINNERS:
            return f"{tag}: only a machine-gun team pins (Company of Heroes 7, Pinning (Machine Guns))"
        if sides.get(tag[len(PINNING):], side) == side:
            return f"{tag} names no enemy unit of the scenario (a machine gun pins an enemy, Company of Heroes 7)"
        return None

    def control(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, Control]:
        """The flags as they stand: control changes only in the supply phase (Company of Heroes 8).
        A unit on the point that cannot capture it because it is pinned or retreating is named
        (8: pinned or retreating units cannot capture; 7 Pinning).

        Examples
        --------
        >>> from wartools.games import find_game
        >>> from wartools.mapmodel import Unit
        >>> from wartools.grids.hexgrid import Hex
        >>> from wartools.testing import tiny_map
        >>> m = tiny_map("coh", 2, 1)
        >>> us = Unit("us-1", "US", "infantry", Hex(0, 0), tags=("pinned",))
        >>> print(find_game("coh").scenario_rules().control(m, [us], [Hex(0, 0)], {})[Hex(0, 0)].why)
        no flag yet (Company of Heroes 8); us-1 is pinned and cannot capture it (Company of Heroes 8, 7 Pinning)
        """
        out = self.recorded_control(cells, recorded, "{side}'s flag since an earlier supply phase (Company of "
                                    "Heroes 8)", "no flag yet (Company of Heroes 8)")
        for c, ctl in out.items():
            held = [f"{u.id} is {' and '.join(t for t in sorted(NO_CAPTURE_TAGS) if t in u.tags)}"
                    for u in units if u.cell == c and (u.type in CAPTURERS or "capture" in u.tags)
                    and NO_CAPTURE_TAGS.intersection(u.tags)]
            if held:
                out[c] = Control(ctl.side, ctl.status, f"{ctl.why}; {', '.join(held)} and cannot capture it "
                                                       "(Company of Heroes 8, 7 Pinning)")
        return out

    def capture(self, m: Map, units: Sequence[Unit], cells: Iterable[Cell],
                recorded: Mapping[Cell, str | None]) -> dict[Cell, str | None]:
        """Flags after the supply phase's capture step (Company of Heroes 8)."""
        out: dict[Cell, str | None] = {}
        for c in cells:
            sides = {u.side for u in units if u.cell == c and can_capture(u)}
            if len(sides) == 1:
                out[c] = next(iter(sides))
            elif sides and self.option("contested-capture") == "neutral":
                out[c] = None
            else:
                out[c] = recorded.get(c)
        return out
