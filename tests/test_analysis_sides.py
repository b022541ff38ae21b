"""sides_overview: what each side sees and reaches is the union of the game's own answers for
each of its units (viewshed and one-turn reach, asked with the board's situation)."""
from __future__ import annotations

from pathlib import Path

import pytest

from wartools.analysis import Board, sides_overview
from wartools.los import viewshed
from wartools.movement import reachable
from wartools.scenario import load_position, load_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_overview_is_the_union_of_each_units_answers(path):
    s = load_scenario(path)
    p = load_position(ROOT / "scenarios" / "positions" / path.name, s)
    o = sides_overview(s, position=p)
    b = Board.of(s, p)
    for side in s.sides:
        seen, reached = set(), set()
        for u in b.units_of(side):
            seen |= set(viewshed(b.map, u.cell, b.situation, unit=u.type, side=side))
            reached |= set(reachable(b.map, u.cell, b.situation, unit=u.id).costs)
        v = o.of(side)
        assert v.seen == seen and v.reached == reached
        assert v.objectives_seen == tuple(x.id for x in s.objectives if x.cell in seen)
        for other in s.sides:
            if other != side:
                assert o.contact(side, other) == seen & o.of(other).reached
    data = o.to_json()
    assert set(data["sides"]) == set(s.sides) and data["turn"] == p.turn
    assert o.text().count("\n") + 1 == len(s.sides) + len(s.sides) * (len(s.sides) - 1)


def test_the_overview_names_the_readings_of_its_sight_and_its_moves():
    """What a side sees rests on the line-of-sight readings (Combat Infantry 3.4 woods, 6.4 ...)
    as what it reaches rests on the movement ones: the overview names both."""
    import wartools as wt
    from wartools.analysis.board import Board

    s = wt.load_scenario("scenarios/combat-infantry-saint-remy.yaml")
    b = Board.of(s)
    said = {(a.rule, a.reading) for a in wt.sides_overview(s).assumptions}
    for u in b.map.units:
        view = wt.viewshed(b.map, u.cell, b.situation, unit=u.type, side=u.side)
        assert {(a.rule, a.reading) for a in view.assumptions} <= said, u.id
