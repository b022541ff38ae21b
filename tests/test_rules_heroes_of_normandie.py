"""Heroes of Normandie (Bloody Omaha) rules fidelity: each test is built from the rulebook
excerpt's text (sections cited) on a tiny synthetic map, and tries to break the rule
(both directions of a line, corners where two different blockers meet, closed contours,
vehicles on diagonals)."""
from __future__ import annotations

import pytest

from wartools.errors import WartoolsError
from wartools.los import line_of_sight
from wartools.mapmodel import Map
from wartools.movement import path


def hon(cols, rows, terrain=None, edges=(), elevation=None, features=None, units=()):
    data = {"format": "wartools-map/1", "name": "t", "game": "heroes-of-normandie",
            "grid": {"type": "square", "columns": cols, "rows": rows},
            "terrain": {"cells": dict(terrain or {})},
            "edges": [{"cells": [a, b], "feature": f} for a, b, f in edges]}
    if elevation:
        data["elevation"] = dict(elevation)
    if features:
        data["features"] = {k: list(v) for k, v in features.items()}
    if units:
        data["units"] = [dict(zip(("id", "side", "type", "cell", "tags"), u)) for u in units]
    return Map.from_dict(data)


def status(m, a, b, **kw):
    return line_of_sight(m, a, b, **kw).status


# --- movement ------------------------------------------------------------------------------
def test_wire_into_a_difficult_square_shows_exactly_the_parts_it_costs():
    """1.3 Barbed wire and 1.2 Difficult Terrain are both Difficult Passages for infantry; the
    cost of a Difficult Passage is a core rule, so it is an assumed part, and the step's cost is
    the sum of the parts it shows."""
    m = hon(2, 1, terrain={"B1": "difficult"}, edges=[("A1", "B1", "barbed-wire")])
    p = path(m, "A1", "B1", "infantry")
    step = p.steps[0]
    assert step.cost == sum(part.amount for part in step.parts) == 3
    assert [part.amount for part in step.parts if part.amount] == [1, 1, 1]
    assert step.why.count("Difficult Passage +1") == 2
    lone = hon(2, 1, terrain={"B1": "difficult"}, edges=[("A1", "B1", "barbed-wire")]).with_options(
        **{"difficult-passages-add": False})
    q = path(lone, "A1", "B1", "infantry")
    assert q.cost == sum(part.amount for part in q.steps[0].parts) == 2
    assert any(a.option == "difficult-passages-add" for a in q.assumptions)


def test_assumed_costs_do_not_cite_a_section_as_if_printed_there():
    """1.3 prints that barbed wire is a Difficult Passage, not what one costs: the +1 is reported
    as an assumption of the core rules, never as 1.3."""
    m = hon(2, 1, edges=[("A1", "B1", "barbed-wire")])
    p = path(m, "A1", "B1", "infantry")
    costs = [a for a in p.assumptions if "Difficult Passage +1" in a.reading]
    assert costs and all("not in the Bloody Omaha excerpt" in a.rule for a in costs)
    assert all(a.rule != "Heroes of Normandie 1.3" for a in p.assumptions)
    assert "difficult-passage-cost" in {a.option for a in p.assumptions}
    assert p.to_json()["assumptions"]


def test_infantry_never_enter_a_bunker_through_its_windows():
    """1.1 Bunker: infantry can never enter through a bunker's windows (3.1 Urban Fighter neither)."""
    m = hon(3, 1, terrain={"B1": "bunker"}, edges=[("A1", "B1", "window"), ("B1", "C1", "opening")])
    assert not path(m, "A1", "B1", "infantry").reachable
    assert path(m, "C1", "B1", "infantry").reachable
    assert not path(m, "B1", "A1", "infantry").reachable or path(m, "B1", "A1", "infantry").cells != (
        m.cell("B1"), m.cell("A1"))
    # a window is not an alias of an opening any more
    assert m.game.edge_features.resolve("window") == "window"


def test_a_path_does_not_cut_the_bend_of_a_trench_through_its_wall():
    """1.4 Trenches: the walls constrain movement; 1.1 Hole C: the element's corners are closed."""
    l_trench = {"A1": "trench", "A2": "trench", "A3": "trench", "B3": "trench", "C3": "trench"}
    m = hon(3, 3, terrain=l_trench)
    p = path(m, "A2", "B3", "infantry")
    assert p.reachable and p.labels() == ["A2", "A3", "B3"] and p.cost == 2
    assert status(m, "A1", "C3") == "blocked"          # LOS agrees: the corner is closed
    # an open 2x2 trench may be crossed diagonally
    block = {c: "trench" for c in ("A1", "A2", "B1", "B2")}
    assert path(hon(2, 2, terrain=block), "A1", "B2", "infantry").cost == 1


@pytest.mark.parametrize("unit", ["light-vehicle", "heavy-vehicle"])
def test_barbed_wire_does_not_stop_a_vehicles_diagonal(unit):
    """1.3 Barbed wire: a difficult passage for infantry only; vehicles cross it freely, so it
    cannot stop a vehicle's diagonal either."""
    m = hon(2, 2, edges=[("A1", "B1", "barbed-wire"), ("A1", "A2", "barbed-wire")])
    assert path(m, "A1", "B2", unit).cost == 1
    assert path(m, "B2", "A1", unit).cost == 1
    assert path(m, "A1", "B2", "infantry").cost > 1    # infantry may not slip through the wired corner


def test_hedgehogs_still_stop_a_vehicles_diagonal():
    """1.3 Czech hedgehogs are impassable to vehicles: their corner cannot be cut."""
    m = hon(2, 2, edges=[("A1", "B1", "hedgehog")])
    assert len(path(m, "A1", "B2", "heavy-vehicle").cells) == 3


def test_entering_an_enemy_zone_of_control_ends_the_move():
    """Core rule, assumed (1.4 refers to ZoCs): a unit entering an enemy ZoC stops; the ZoC of
    a unit outside a trench does not affect units inside it (1.4)."""
    m = hon(5, 3, units=[("de", "German", "infantry", "E2", [])])
    p = path(m, "A2", "D1", "infantry", side="US")
    assert p.steps[-1].stop and "Zone of Control" in p.steps[-1].why
    assert not path(m, "A2", "E1", "infantry", side="US").reachable or \
        path(m, "A2", "E1", "infantry", side="US").cost > 4
    assert any(a.option == "zoc-stops" for a in p.assumptions)
    free = m.with_options(**{"zoc-stops": False})
    assert path(free, "A2", "E1", "infantry", side="US").cost == 4
    trench = hon(5, 3, terrain={"D1": "trench", "D2": "trench", "D3": "trench"},
                 units=[("de", "German", "infantry", "E2", [])])
    q = path(trench, "C2", "D2", "infantry", side="US")
    assert "Zone of Control" not in q.steps[-1].why


def test_a_suppressed_unit_is_refused_not_ignored():
    """The excerpt says when Suppressed Markers are placed (1.1 Stress, Bunker; 4.2) but not
    what they do: a suppressed mover is refused with one clear line."""
    m = hon(3, 1, units=[("us", "US", "infantry", "A1", ["suppressed"])])
    with pytest.raises(WartoolsError, match="suppressed"):
        path(m, "A1", "C1")


def test_movement_values_are_assumed_options():
    m = hon(10, 1)
    p = path(m, "A1", "E1", "infantry")
    assert p.allowance == 4 and any(a.option == "infantry-movement" for a in p.assumptions)
    assert path(m.with_options(**{"infantry-movement": 6}), "A1", "G1", "infantry").reachable
