"""Heroes of Normandie Stress terrain elements (1.1 Stress; 5.1 icon summary).

A stressful terrain element carries a number on its icon (map cell features
``stress-1`` .. ``stress-3``). A unit gets a Suppressed Marker when it ends its
Movement Action within that many squares of the element, or when it has a
clear Line of Sight to the element (1.1). The icon summary (5.1) joins the two
conditions with *and*; the booklet does not say which text governs, so the
full rule is the default and the summary's reading is the option
``stress-rule=both``. While the unit stays in range with a LoS to the element it
cannot discard Suppressed Markers (1.1): :func:`stressed` answers both
questions.

The LoS clause is read, as the range clause is and as the summary (5.1) states
it, as checked when the unit ends its Movement Action there (option
``stress-sight=end-of-move``); 1.1 lists it apart from the move, so the option
``stress-sight=standing`` suppresses a unit whenever it has a clear LoS to an
element (:attr:`Stress.seen`), moving or not. Play reads both
(:mod:`~wartools.games.heroes_of_normandie.turn`).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("heroes-of-normandie", 6, 1, terrain={"C1": "building"}, features={"A1": ["stress-2"]})
>>> [s.suppressed for s in (stressed(m, "B1"), stressed(m, "D1"))]
[True, False]
>>> far = tiny_map("heroes-of-normandie", 6, 1, features={"A1": ["stress-1"]})
>>> s = stressed(far, "F1")
>>> s.suppressed, s.keeps_markers, s.seen
(True, False, True)
"""
from __future__ import annotations

from dataclasses import dataclass

from wartools.rules.options import Assumption
from wartools.grids.base import Cell
from wartools.mapmodel import Map

_RULE = "Heroes of Normandie 1.1 (Stress)"


@dataclass(frozen=True)
class Stress:
    """What the stressful elements of a map do to a unit on one square.

    Attributes
    ----------
    suppressed
        The unit gets a Suppressed Marker on ending its move there (1.1).
    keeps_markers
        It cannot discard Suppressed Markers while there: within range of an element *and*
        with a LoS to it (1.1).
    seen
        It has a clear LoS to an element from there, in range or not (1.1's LoS clause on its own,
        what the option ``stress-sight=standing`` reads as suppressing a unit that has not moved).
    reasons
        One line per element that stresses it.
    assumptions
        The reading of 1.1 against 5.1 in force (option ``stress-rule``).
    """

    suppressed: bool
    keeps_markers: bool
    reasons: tuple[str, ...]
    assumptions: tuple[Assumption, ...]
    seen: bool = False


def elements(m: Map) -> list[tuple[Cell, int]]:
    """The stressful elements of the map: ``(square, value on the icon)``."""
    out = []
    for cell, feats in m.features.items():
        for f in feats:
            if f.startswith("stress-"):
                out.append((cell, int(f.split("-", 1)[1])))
    return sorted(out)


def stressed(m: Map, cell: Cell | str) -> Stress:
    """Whether a unit ending its Movement Action on ``cell`` is suppressed by a stressful element,
    and whether it may discard its Suppressed Markers there (1.1 Stress)."""
    from wartools.los import line_of_sight

    here = m.cell(cell)
    rule = str(m.game.option("stress-rule"))
    suppressed = keeps = sighted = False
    reasons = []
    for where, value in elements(m):
        near = m.grid.distance(here, where) <= value
        seen = line_of_sight(m, here, where).status == "clear"
        hit = (near or seen) if rule == "either" else (near and seen)
        if hit:
            suppressed = True
            why = " and ".join(w for w, ok in ((f"within {value} squares", near), ("in clear LoS", seen)) if ok)
            reasons.append(f"{_RULE}: {why} of the stressful element at {m.label(where)}")
        keeps = keeps or (near and seen)
        sighted = sighted or seen
    return Stress(suppressed, keeps, tuple(reasons), m.game.assumptions(("stress-rule",)), sighted)
