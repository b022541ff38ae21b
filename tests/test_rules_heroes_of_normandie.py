"""Heroes of Normandie (Bloody Omaha) rules fidelity: each test is built from the rulebook
excerpt's text (sections cited) on a tiny synthetic map, and tries to break the rule
(both directions of a line, corners where two different blockers meet, closed contours,
vehicles on diagonals)."""
from __future__ import annotations

import pytest

from wartools.errors import WartoolsError
from wartools.los import line_of_sight
from wartools.movement import path
from wartools.testing import tiny_map


def hon(cols, rows, edges=(), **kw):
    """A tiny Heroes of Normandie map; ``edges`` as ``(a, b, feature)`` triples (several per interspace)."""
    by_edge: dict = {}
    for a, b, f in edges:
        by_edge.setdefault((a, b), []).append(f)
    return tiny_map("heroes-of-normandie", cols, rows, edges=by_edge, **kw)


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


def test_a_suppressed_unit_is_never_silently_ignored():
    """The excerpt says when Suppressed Markers are placed (1.1 Stress, Bunker; 4.2) but not
    what they do: a suppressed mover's answer says how it was read, or the question is refused
    with one clear line (option suppressed-movement)."""
    m = hon(3, 1, units=[("us", "US", "infantry", "A1", ["suppressed"])])
    p = path(m, "A1", "C1")
    assert p.cost == 2 and any(a.option == "suppressed-movement" for a in p.assumptions)
    assert not any(a.option == "suppressed-movement"
                   for a in path(hon(3, 1, units=[("us", "US", "infantry", "A1", [])]), "A1", "C1").assumptions)
    with pytest.raises(WartoolsError, match="suppressed"):
        path(m.with_options(**{"suppressed-movement": "refuse"}), "A1", "C1")


def test_movement_values_are_assumed_options():
    m = hon(10, 1)
    p = path(m, "A1", "E1", "infantry")
    assert p.allowance == 4 and any(a.option == "infantry-movement" for a in p.assumptions)
    assert path(m.with_options(**{"infantry-movement": 6}), "A1", "G1", "infantry").reachable


# --- line of sight: contour lines ----------------------------------------------------------
def ring_hill(cols=8, rows=7):
    """A hill C3:E5 drawn as a closed red line (a ring), one level up."""
    inside = [f"{c}{r}" for c in "CDE" for r in (3, 4, 5)]
    edges = []
    for r in (3, 4, 5):
        edges += [(f"B{r}", f"C{r}", "contour"), (f"E{r}", f"F{r}", "contour")]
    for c in "CDE":
        edges += [(f"{c}2", f"{c}3", "contour"), (f"{c}5", f"{c}6", "contour")]
    return hon(cols, rows, edges=edges, elevation={c: 1 for c in inside})


def test_a_hill_drawn_as_a_ring_is_not_one_line():
    """1.1 Contour Line A/B: the range limit is about the line the shot crosses and the squares
    next to *that* crossing; a square on the far rim of a ring is not adjacent to the near side."""
    m = ring_hill()
    # from the low ground two squares west, across the whole hill to the square east of it
    assert status(m, "A4", "F4") == "blocked"
    assert status(m, "F4", "A4") == "blocked"
    # next to the west side: one square beyond the far (east) side is not next to it
    assert status(m, "B4", "G4") == "blocked"
    assert status(m, "G4", "B4") == "blocked"
    assert status(m, "B4", "F4") == "clear"             # F4 is next to the east crossing
    # from the hill's centre: one square beyond the west line, not two
    assert status(m, "D4", "B4") == "clear"
    assert status(m, "D4", "A4") == "blocked"
    assert status(m, "A4", "D4") == "blocked"
    # the whole-line reading is an option, and the answer says which is in force
    r = line_of_sight(m, "A4", "F4")
    assert any(a.option == "contour-adjacency" for a in r.assumptions)
    assert status(m.with_options(**{"contour-adjacency": "line"}), "A4", "F4") == "clear"


def test_a_straight_contour_line_still_allows_one_square_beyond():
    """1.1 Contour Line A: one square beyond the line, even on a slant."""
    edges = [(f"C{r}", f"D{r}", "contour") for r in range(1, 7)]
    m = hon(6, 6, edges=edges)
    assert status(m, "A1", "D4") == "clear" and status(m, "D4", "A1") == "clear"
    assert status(m, "A1", "E4") == "blocked" and status(m, "E4", "A1") == "blocked"
    assert status(m, "C2", "F6") == "clear"               # the shooter is adjacent (B)


# --- line of sight: corners --------------------------------------------------------------
@pytest.mark.parametrize("pair", [("building", "building"), ("building", "field"), ("field", "building"),
                                  ("field", "field")])
def test_a_corner_between_two_different_blockers_is_closed(pair):
    """A ruler exactly through a corner with a blocker on each side cannot slip through, whatever
    the two blockers are (the corner rule is one rule, option corner-rule)."""
    left, right = pair
    units = [("a", "US", "infantry", "A1", []), ("b", "German", "infantry", "E5", [])]
    m = hon(5, 5, terrain={"C2": left, "B3": right}, units=units)
    assert status(m, "A1", "E5") == "blocked"
    assert status(m, "E5", "A1") == "blocked"
    r = line_of_sight(m, "A1", "E5")
    assert any(a.option == "corner-rule" for a in r.assumptions)
    assert status(m.with_options(**{"corner-rule": "never"}), "A1", "E5") == "clear"


def test_a_corner_between_a_building_and_an_infantry_unit_is_closed():
    """1.1 Contour Line D: infantry units block LoS between infantry; with a building on the
    other side of the corner the ruler cannot slip through; a vehicle target is not blocked by
    infantry, so the corner is then open on one side."""
    units = [("a", "US", "infantry", "A1", []), ("x", "US", "infantry", "B3", []),
             ("b", "German", "infantry", "E5", [])]
    m = hon(5, 5, terrain={"C2": "building"}, units=units)
    assert status(m, "A1", "E5") == "blocked" and status(m, "E5", "A1") == "blocked"
    assert status(m, "A1", "E5", target="heavy-vehicle") == "clear"
    # one blocker only: the ruler slips past
    assert status(hon(5, 5, terrain={"C2": "building"}), "A1", "E5") == "clear"


def test_a_corner_between_a_wall_and_a_building_is_closed():
    """A wall meeting the corner on one side of the ruler and a building on the other close it."""
    m = hon(5, 5, terrain={"C2": "building"}, edges=[("B2", "B3", "wall")])
    assert status(m, "A1", "E5") == "blocked" and status(m, "E5", "A1") == "blocked"
    assert status(hon(5, 5, edges=[("B2", "B3", "wall")]), "A1", "E5") == "clear"
    assert status(hon(5, 5, terrain={"C2": "building"}), "A1", "E5") == "clear"


def test_bunker_windows_let_shots_through_the_wall():
    m = hon(5, 1, terrain={"C1": "bunker"}, edges=[("B1", "C1", "wall"), ("B1", "C1", "window")])
    assert status(m, "A1", "C1") == "clear" and status(m, "C1", "A1") == "clear"


def test_every_los_answer_names_its_assumed_readings():
    r = line_of_sight(hon(3, 1), "A1", "C1")
    assert r.status == "clear"
    assert {"corner-rule", "building-blocks-los", "vehicles-block-los"} <= {a.option for a in r.assumptions}
    assert r.to_json()["assumptions"]
    off = hon(5, 1, terrain={"C1": "building"}).with_options(**{"building-blocks-los": False})
    assert status(off, "A1", "E1") == "clear"


# --- directional and defensive bonuses ---------------------------------------------------
def test_directional_bonus_counts_only_the_side_the_shot_comes_in_by():
    """1.1 Directional Defensive Bonus: applied when the shot crosses the element's edge coming
    from the icon's direction; a shot from the east that passes out of a bent trench and back
    in crosses its east-facing edges coming in, never a west-facing one."""
    trench = {"B2": "trench", "D2": "trench", "B3": "trench", "C3": "trench", "D3": "trench"}
    m = hon(6, 4, terrain=trench)
    sides = [e["side"] for e in line_of_sight(m, "F2", "B2").details["entry"]]
    assert sides and set(sides) == {"east"}
    sides = [e["side"] for e in line_of_sight(m, "A2", "B2").details["entry"]]
    assert sides == ["west"]


def test_an_open_beach_square_is_no_defensive_element():
    """1.4 Defensive Elements (trenches): a beach square gives no defensive-element bonus."""
    from wartools.games.heroes_of_normandie.los import defensive_bonus_applies
    m = hon(4, 1, terrain={"A1": "beach", "C1": "trench", "D1": "trench"})
    assert not defensive_bonus_applies(m, "C1", "A1")
    assert defensive_bonus_applies(m, "A1", "C1") and not defensive_bonus_applies(m, "D1", "C1")


def test_a_shot_through_a_corner_crosses_both_sides_unless_the_option_says_not():
    """1.1 Directional Defensive Bonus: applied when the shot crosses the protected edge. A shot
    exactly through a corner of the element touches two edges; the excerpt does not say whether
    it crosses them (option corner-shot-crosses-both, reported with the answer)."""
    from wartools.games.heroes_of_normandie.shots import crosses_protected_side
    m = hon(7, 7, terrain={"D3": "bunker"})
    corner = crosses_protected_side(m, "A6", "D3", "south")
    assert corner.contacts == ("vertex", "vertex") and set(corner.sides) == {"west", "south"}
    assert corner and corner.assumptions[0].option == "corner-shot-crosses-both"
    assert not crosses_protected_side(m, "A6", "D3", "north")
    strict = m.with_options(**{"corner-shot-crosses-both": False})
    assert not crosses_protected_side(strict, "A6", "D3", "south")
    assert crosses_protected_side(strict, "D7", "D3", "south")           # straight through a side
    assert not crosses_protected_side(m, "D7", "D3", "north")
    with pytest.raises(WartoolsError, match="valid are north, east, south, west"):
        crosses_protected_side(m, "D7", "D3", "up")


def test_aircraft_see_every_unit_except_those_in_buildings():
    """5 Aviation Rules: aircraft always have a clear LoS to every unit except those inside
    buildings (terrain between does not matter); not when in the clouds."""
    from wartools.games.heroes_of_normandie.los import aircraft_sight
    m = hon(4, 1, terrain={"A1": "building", "B1": "bunker", "C1": "field"}, edges=[("C1", "D1", "wall")])
    assert [aircraft_sight(m, c).visible for c in ("A1", "C1", "D1")] == [False, True, True]
    assert not aircraft_sight(m, "B1").visible and aircraft_sight(m, "B1").assumptions
    assert aircraft_sight(m.with_options(**{"aircraft-bunker-is-building": False}), "B1").visible
    assert not aircraft_sight(m, "D1", in_the_clouds=True).visible


def test_hedges_and_walls_protect_the_square_behind_them_from_the_far_side_only():
    """1.1 Directional Defensive Bonus on an interspace element: a unit behind a hedge or wall
    gets it against a shot crossing the hedge from the far side; not from its own side, and
    not when the shot leaves through it."""
    from wartools.games.heroes_of_normandie.los import directional_cover
    m = hon(5, 3, edges=[("B2", "C2", "hedge"), ("C2", "C3", "wall")])
    assert [(c["feature"], c["side"]) for c in directional_cover(m, "A2", "C2")] == [("hedge", "west")]
    assert directional_cover(m, "E2", "C2") == []
    assert [(c["feature"], c["side"]) for c in directional_cover(m, "C1", "C3")] == [("wall", "north")]
    assert directional_cover(m, "C3", "C1") == []
    assert line_of_sight(m, "A2", "C2").details["cover"][0]["feature"] == "hedge"


def test_stress_suppresses_within_range_or_in_sight():
    """1.1 Stress: a Suppressed Marker on a unit that ends its move within the icon's number of
    squares, or has a clear LoS to the element; the icon summary (5.1) says 'and' -- an option.
    While within range and in LoS it cannot discard its markers."""
    from wartools.games.heroes_of_normandie.stress import stressed
    m = hon(7, 1, terrain={"D1": "building"}, features={"A1": ["stress-2"]})
    near_seen, far_seen, far_hidden = stressed(m, "B1"), stressed(m, "C1"), stressed(m, "F1")
    assert near_seen.suppressed and near_seen.keeps_markers
    assert stressed(m, "C1").suppressed                      # within 2 squares and in sight
    assert not far_hidden.suppressed and not far_hidden.keeps_markers
    open_map = hon(7, 1, features={"A1": ["stress-1"]})
    assert stressed(open_map, "F1").suppressed               # seen from afar: 'either' (1.1)
    both = open_map.with_options(**{"stress-rule": "both"})
    assert not stressed(both, "F1").suppressed and stressed(both, "B1").suppressed
    assert far_seen.assumptions and far_seen.assumptions[0].option == "stress-rule"


def test_what_an_obstacle_does_to_a_move_is_an_assumed_option():
    """1.2 Fields: an Obstacle for infantry (vehicles pass normally); 1.3 Czech hedgehogs: an
    Obstacle. The excerpt does not say what an Obstacle does: by default (option obstacle-rule)
    the move ends once the unit enters the field; read as a Difficult Passage it costs one square
    more and the move goes on. Both readings are reported in the path's assumptions."""
    m = tiny_map("heroes-of-normandie", 5, 1, terrain={"B1": "field"})
    stopped = path(m, "A1", "D1", "infantry")
    assert not stopped.reachable and "obstacle, the move ends" in stopped.why_not
    assert path(m, "A1", "B1", "infantry").cost == 1
    assert path(m, "A1", "D1", "light-vehicle").cost == 3          # not an Obstacle for vehicles
    flipped = m.with_options(**{"obstacle-rule": "difficult"})
    p = path(flipped, "A1", "D1", "infantry")
    assert p.cost == 3 + 1 and "Difficult Passage +1" in p.steps[0].why
    assert "obstacle-rule" in {a.option for a in p.assumptions}
    assert "obstacle-rule" in {a.option for a in path(m, "A1", "B1", "infantry").assumptions}
