"""Every LOS rule and rulebook example, on tiny fixture maps (one test per mechanic)."""
from __future__ import annotations

from wartools.los import line_of_sight, viewshed
from wartools.testing import tiny_map


def status(m, a, b, **kw):
    return line_of_sight(m, a, b, **kw).status


# --- Company of Heroes 7 ------------------------------------------------------------------
def test_coh_diagram_squad_cannot_see_through_the_building_only():
    """Diagram: the squad next to a building sees every hex within 2 except the one behind it."""
    m = tiny_map("company-of-heroes", 7, 7, terrain={"D4": "building"})
    seen = set(viewshed(m, "D3"))
    hidden = {c for c in m.grid.within(m.cell("D3"), 2)} - seen
    assert {m.label(c) for c in hidden} == {"D5"}


def test_coh_into_and_out_of_a_building_but_not_through():
    m = tiny_map("company-of-heroes", 7, 7, terrain={"D4": "building"})
    assert status(m, "D3", "D4") == "clear" and status(m, "D4", "D6") == "clear"
    assert status(m, "D3", "D5") == "blocked"


def test_coh_along_a_building_hexside_or_a_corner_does_not_block():
    m = tiny_map("company-of-heroes", 7, 7, terrain={"D4": "building"})
    r = line_of_sight(m, "C4", "E4")            # along the D4|D5 hexside
    assert r.status == "clear" and ("D4", "along") in [(x.where, x.contact) for x in r.reasons]
    m9 = tiny_map("company-of-heroes", 9, 9, terrain={"D4": "building"})
    r = line_of_sight(m9, "A3", "F4", range=5)  # touches a corner of D4 only
    assert m9.grid.ruler(m9.cell("A3"), m9.cell("F4")).contact(m9.cell("D4")) == "vertex"
    assert r.visible and ("D4", "vertex") in [(x.where, x.contact) for x in r.reasons]


def test_coh_he_fires_over_buildings_and_range_two():
    m = tiny_map("company-of-heroes", 7, 7, terrain={"D4": "building"})
    assert status(m, "D3", "D5", indirect=True, mode="fire") == "clear"
    assert status(m, "A1", "A4") == "blocked" and status(m, "A1", "A4", range=3) == "clear"


def test_coh_camouflage_only_adjacent_and_spotting_shared():
    from wartools.games.company_of_heroes.los import can_attack, spotted_cells
    m = tiny_map("company-of-heroes", 9, 1, units=[("s", "Soviet", "infantry", "E1", ["camouflaged"]),
                                                  ("m", "US", "mortar-team", "A1", ["deployed"]),
                                                  ("r", "US", "infantry", "C1", [])])
    assert status(m, "C1", "E1") == "blocked" and status(m, "D1", "E1") == "clear"
    assert m.cell("E1") not in spotted_cells(m, "US")
    assert not can_attack(m, "A1", "E1", range=4)
    m2 = m.moved("r", "D1")
    assert m2.cell("E1") in spotted_cells(m2, "US") and can_attack(m2, "A1", "E1", range=4)


# --- Combat Infantry 6.4 / 6.41 / Diagram 3 and 4 ----------------------------------------
def test_ci_ends_terrain_ignored_between_terrain_blocks():
    m = tiny_map("combat-infantry", 1, 5, terrain={"A1": "town", "A3": "farm", "A5": "farm"})
    assert status(m, "A1", "A2") == "clear" and status(m, "A2", "A5") == "blocked"
    assert status(m.with_terrain("A3", "cemetery"), "A1", "A5") == "clear"


def test_ci_hedges_block_even_adjacent_other_hexsides_only_non_adjacent():
    m = tiny_map("combat-infantry", 1, 4, edges={("A1", "A2"): "hedge", ("A3", "A4"): "woods"})
    assert status(m, "A1", "A2") == "blocked"
    assert status(m, "A3", "A4") == "clear"            # Diagram 4: fires through woods hexside
    assert status(m, "A2", "A4") == "blocked"          # Diagram 4: Lonlay farm, woods hexside
    assert status(m, "A1", "A2", indirect=True) == "clear"   # bombardment over a hedge


def test_ci_diagram4_lonlay_farm_moves_adjacent_to_fire_into_woods():
    m = tiny_map("combat-infantry", 1, 4, terrain={"A1": "farm", "A3": "woods"}, edges={("A2", "A3"): "woods"})
    assert status(m, "A1", "A3") == "blocked"                 # woods hexside and woods target
    assert status(m, "A2", "A3") == "clear"                   # hex "A": adjacent
    reasons = {r.rule.split(":")[0] for r in line_of_sight(m, "A1", "A3").deciding}
    assert reasons == {"Combat Infantry 6.4", "Combat Infantry 3.4"}


def test_ci_wrecks_do_not_block_smoke_does():
    m = tiny_map("combat-infantry", 1, 4, features={"A2": ["wreck"]})
    assert status(m, "A1", "A4") == "clear"
    m = tiny_map("combat-infantry", 1, 4, features={"A2": ["smoke"]})
    assert status(m, "A1", "A4") == "blocked" and status(m, "A1", "A2") == "blocked"


def test_ci_higher_ground_blocks_and_blind_hexes():
    m = tiny_map("combat-infantry", 1, 7, elevation={"A3": 2, "A1": 1})
    assert status(m, "A1", "A5") == "blocked"                 # A3 above both ends
    # plateau A1-A3 at level 1: lower targets must be at least as far from the crest
    m = tiny_map("combat-infantry", 1, 7, elevation={"A1": 1, "A2": 1, "A3": 1})
    assert status(m, "A1", "A4") == "blocked"     # A4 is 1 from the crest A3, A1 is 2: blind
    assert status(m, "A2", "A4") == "clear"       # equidistant from the crest
    m = tiny_map("combat-infantry", 1, 7, elevation={"A1": 1, "A2": 1, "A3": 1, "A4": 1})
    assert status(m, "A1", "A5") == "blocked"                 # blind: A5 is 1 from crest A4, A1 is 3
    assert status(m, "A3", "A5") == "clear"                   # closer to the crest: sees down


def test_ci_sees_over_lower_blocking_terrain_unless_blind():
    m = tiny_map("combat-infantry", 1, 7, terrain={"A3": "woods"}, elevation={"A1": 1})
    assert status(m, "A1", "A6") == "clear"       # A6 is 3 from the woods, A1 is 2
    assert status(m, "A1", "A4") == "blocked"     # A4 is 1 from the woods: blind hex
    assert status(m, "A6", "A1") == "clear"       # higher target closer to the obstacle: symmetric


def test_ci_diagram4_pont_romain_phq_beyond_the_slope_is_hidden():
    m = tiny_map("combat-infantry", 1, 8, elevation={f"A{i}": 1 for i in range(3, 9)},
                 edges={("A2", "A3"): "slope"})
    assert status(m, "A1", "A3") == "clear"       # hex "B" at the top of the slope
    assert status(m, "A1", "A8") == "blocked"     # PHQ far back on the hill
    assert status(m, "A8", "A1") == "blocked"


def test_ci_friendly_units_block_fire_not_sight_higher_fire_over_adjacent():
    units = [("f", "US", "rifle", "A1", []), ("g", "US", "rifle", "A2", []), ("e", "German", "rifle", "A4", [])]
    m = tiny_map("combat-infantry", 1, 4, units=units)
    assert status(m, "A1", "A4", range=3) == "clear"
    assert status(m, "A1", "A4", mode="fire", range=3) == "blocked"
    assert status(m, "A1", "A4", mode="fire", indirect=True, range=3) == "clear"   # Diagram 4 mortar
    m2 = tiny_map("combat-infantry", 1, 4, elevation={"A1": 1}, units=units)
    assert status(m2, "A1", "A4", mode="fire", range=3) == "clear"                  # 6.41
    e = [("f", "US", "rifle", "A1", []), ("x", "German", "rifle", "A2", []), ("e", "German", "rifle", "A4", [])]
    assert status(tiny_map("combat-infantry", 1, 4, units=e), "A1", "A4", mode="fire", range=3) == "clear"


def test_ci_hexside_between_friendly_units_blocks_fire():
    units = [("f", "US", "rifle", "B2", []), ("g", "US", "rifle", "C2", []), ("h", "US", "rifle", "C3", [])]
    m = tiny_map("combat-infantry", 5, 5, units=units)
    assert status(m, "B2", "D2", mode="fire") == "blocked"     # along C2|C3, both friendly
    m = tiny_map("combat-infantry", 5, 5, units=units[:2])
    assert status(m, "B2", "D2", mode="fire") == "clear"


def test_ci_along_and_vertex_most_restrictive():
    m = tiny_map("combat-infantry", 5, 5, terrain={"C2": "woods"})
    r = line_of_sight(m, "B2", "D2")
    assert r.status == "blocked" and [(x.where, x.contact) for x in r.deciding] == [("C2", "along")]
    from wartools.games.combat_infantry.los import CombatInfantryLOS

    class Lenient(CombatInfantryLOS):
        ALONG = "both"
    assert line_of_sight(m, "B2", "D2", policy=Lenient(m.game)).status == "clear"


def test_ci_ranges_night_and_spotting():
    m = tiny_map("combat-infantry", 1, 6, elevation={"A1": 1})
    assert status(m, "A2", "A6", range=3) == "blocked" and status(m, "A2", "A5", range=3) == "clear"
    assert status(m, "A2", "A5", night=True) == "blocked" and status(m, "A2", "A4", night=True) == "clear"
    assert status(m, "A2", "A6", spotting=True) == "blocked"
    assert status(m, "A1", "A5", spotting=True) == "clear"      # higher spotter: 4 hexes


# --- Conflict of Heroes (conventional reading) --------------------------------------------
def test_cohsos_hindrance_hills_and_ends():
    m = tiny_map("conflict-of-heroes", 1, 6,
                 terrain={"A1": "woods", "A2": "brush", "A3": "field", "A6": "building"})
    r = line_of_sight(m, "A1", "A6")
    assert (r.status, r.hindrance, r.modifier) == ("hindered", 2, 2)
    assert all("conventional reading" in x.rule for x in r.reasons)
    m = tiny_map("conflict-of-heroes", 1, 5, elevation={"A3": 1})
    assert status(m, "A1", "A5") == "blocked" and status(m.with_elevation("A1", 1), "A1", "A5") == "clear"
    m = tiny_map("conflict-of-heroes", 1, 5, terrain={"A3": "woods"}, elevation={"A1": 1, "A5": 1})
    assert status(m, "A1", "A5") == "clear"       # woods below both ends


def test_cohsos_along_needs_both_sides():
    m = tiny_map("conflict-of-heroes", 5, 5, terrain={"C2": "woods"})
    assert status(m, "B2", "D2") == "clear"
    assert status(m.with_terrain("C3", "building"), "B2", "D2") == "blocked"


# --- Heroes of Normandie ------------------------------------------------------------------
def hon(cols, rows, **kw):
    return tiny_map("heroes-of-normandie", cols, rows, **kw)


def test_hon_contour_one_square_beyond_unless_adjacent():
    m = hon(7, 1, edges={("C1", "D1"): "contour"})
    assert status(m, "A1", "D1") == "clear"        # (A) one square beyond
    assert status(m, "A1", "E1") == "blocked"
    assert status(m, "C1", "G1") == "clear"        # (B) shooter adjacent to the line
    assert status(m, "G1", "C1") == "clear"


def test_hon_contour_crossed_through_a_corner():
    # a straight line B2|C2 + B3|C3; the diagonal A4 -> D1 crosses it exactly at its corner
    m = hon(4, 4, edges={("B2", "C2"): "contour", ("B3", "C3"): "contour"})
    assert status(m, "A4", "D1") == "blocked"
    # a line that only ends at that corner is not crossed; nor is an L that turns away from the ruler
    assert status(hon(4, 4, edges={("B2", "C2"): "contour"}), "A4", "D1") == "clear"
    assert status(hon(4, 4, edges={("B2", "C2"): "contour", ("B2", "B3"): "contour"}), "A4", "D1") == "clear"


def test_hon_infantry_block_only_between_infantry():
    units = [("a", "US", "infantry", "A1", []), ("b", "US", "infantry", "B1", []),
             ("c", "German", "infantry", "C1", [])]
    m = hon(3, 1, units=units)
    assert status(m, "A1", "C1") == "blocked"                      # (D)
    assert status(m, "A1", "C1", target="heavy-vehicle") == "clear"
    veh = [("a", "US", "infantry", "A1", []), ("b", "US", "light-vehicle", "B1", []),
           ("c", "German", "infantry", "C1", [])]
    assert status(hon(3, 1, units=veh), "A1", "C1") == "blocked"    # vehicles block (assumption)


def test_hon_hole_rules():
    t = {"B1": "trench", "C1": "trench", "D1": "trench"}
    units = [("a", "US", "infantry", "A1", []), ("b", "US", "infantry", "C1", []),
             ("c", "German", "infantry", "E1", [])]
    m = hon(5, 1, terrain=t, units=units)
    assert status(m, "A1", "E1") == "clear"                        # (A) outside the element
    inside = [("a", "US", "infantry", "B1", []), ("b", "US", "infantry", "C1", []),
              ("c", "German", "infantry", "D1", [])]
    assert status(hon(5, 1, terrain=t, units=inside), "B1", "D1") == "blocked"   # (B)
    l_trench = {"A1": "trench", "A2": "trench", "A3": "trench", "B3": "trench", "C3": "trench"}
    m = hon(3, 3, terrain=l_trench)
    assert status(m, "A1", "C3") == "blocked"                      # (C) the corner blocks
    assert status(m, "A1", "A3") == "clear"


def test_hon_mound_unit_blocks_except_towards_higher_unit_across_the_line():
    units = [("a", "US", "infantry", "A1", []), ("m", "US", "heavy-vehicle", "B1", []),
             ("c", "German", "infantry", "C1", [])]
    m = hon(4, 1, terrain={"B1": "mound"}, elevation={"C1": 1, "D1": 1},
            edges={("B1", "C1"): "contour"}, units=units)
    assert status(m, "A1", "C1") == "clear"                        # (A)
    assert status(m, "A1", "D1") == "blocked"                      # (B-D)


def test_hon_smoke_worst_penalty_once():
    m = hon(5, 1, features={"B1": ["smoke"], "C1": ["fading-smoke"]})
    r = line_of_sight(m, "A1", "E1")
    assert (r.status, r.modifier) == ("hindered", -4)
    assert line_of_sight(m, "C1", "E1").modifier == -2             # out of smoke


def test_hon_buildings_walls_openings_and_obstacles():
    m = hon(5, 1, terrain={"C1": "building"})
    assert status(m, "A1", "E1") == "blocked" and status(m, "A1", "C1") == "clear"
    m = hon(5, 1, terrain={"C1": "building"}, edges={("B1", "C1"): "wall"})
    assert status(m, "A1", "C1") == "blocked"
    m = m.with_edge_feature("B1", "C1", "opening")
    assert status(m, "A1", "C1") == "clear"
    m = hon(5, 1, edges={("B1", "C1"): "hedge"})
    assert status(m, "A1", "E1") == "blocked" and status(m, "B1", "E1") == "clear"


def test_hon_diagonal_gap_between_buildings():
    m = hon(3, 3, terrain={"B1": "building", "A2": "building"})
    assert status(m, "A1", "B2") == "blocked"      # the corner is closed on both sides of the ruler
    m = hon(4, 4, terrain={"C1": "building", "A3": "building"})
    assert status(m, "A1", "C3") == "clear"        # crossed B2 only; corners with one building
    m = hon(3, 3, terrain={"B1": "building"})
    assert status(m, "A1", "C3") == "clear"        # one building at the corner: the ruler slips past
    m = hon(3, 3, terrain={"C2": "building", "B3": "building"})
    assert status(m, "A1", "C3") == "blocked"      # C3 is entered through a closed corner


def test_hon_directional_entry_side():
    m = hon(5, 5, terrain={"C3": "trench", "D3": "trench"})
    r = line_of_sight(m, "C1", "C3")
    assert [e["side"] for e in r.details["entry"]] == ["north"]
    r = line_of_sight(m, "A3", "D3")
    assert [e["side"] for e in r.details["entry"]] == ["west"]
