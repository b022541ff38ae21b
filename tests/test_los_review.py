"""Regression tests from the LOS review: camouflage sides, rule ids, building corners, many contour
lines, reasons carrying their cell / edge, template frames from the grids, dead ground."""
from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from wartools.grids import Hex, HexGrid, Square, SquareGrid
from wartools.los import coverage, dead_ground, line_of_sight, viewshed, visibility_matrix
from wartools.los.result import Reason
from wartools.testing import tiny_map


# --- Company of Heroes 7, Camouflage: only enemies are fooled ----------------------------------
def test_coh_camouflage_hides_a_unit_from_enemies_only():
    from wartools.games.company_of_heroes.los import spotted_cells
    m = tiny_map("company-of-heroes", 9, 1, units=[("us-1", "US", "infantry", "A1", []),
                                                  ("us-2", "US", "infantry", "C1", ["camouflaged"]),
                                                  ("de-1", "Wehrmacht", "infantry", "E1", [])])
    assert line_of_sight(m, "A1", "C1").status == "clear"          # an ally two hexes away
    r = line_of_sight(m, "E1", "C1")                                 # an enemy two hexes away
    assert r.status == "blocked" and [x.rule_id for x in r.deciding] == ["camouflage"]
    assert line_of_sight(m, "D1", "C1").status == "clear"           # adjacent enemies still see it
    # the side may be given for an observer hex without a unit; no side counts as an enemy
    assert line_of_sight(m, "B1", "D1").status == "clear"
    assert line_of_sight(m, "E1", "C1", side="US").status == "clear"
    assert line_of_sight(m, "G1", "E1").status == "clear"
    assert line_of_sight(m, "G1", "C1").status == "blocked"
    assert line_of_sight(m, "G1", "C1", side="US", range=4).status == "clear"
    assert m.cell("C1") in viewshed(m, "A1") and m.cell("C1") not in viewshed(m, "E1")
    assert m.cell("C1") in spotted_cells(m, "US") and m.cell("C1") not in spotted_cells(m, "Wehrmacht")
    vm = visibility_matrix(m, progress=False)
    for a in m.grid.cells():
        for b in m.grid.cells():
            assert vm.sees(a, b) == line_of_sight(m, a, b).visible, (m.label(a), m.label(b))


def test_coh_can_attack_reads_the_rule_id_not_the_text(monkeypatch):
    from wartools.games.company_of_heroes.los import CompanyOfHeroesLOS, can_attack
    m = tiny_map("company-of-heroes", 9, 1, units=[("m", "US", "mortar-team", "A1", ["deployed"]),
                                                  ("r", "US", "infantry", "D1", []),
                                                  ("s", "Soviet", "infantry", "E1", ["camouflaged"])])
    assert can_attack(m, "A1", "E1", range=4)
    # reworded rule texts change nothing: the decision is by rule id
    monkeypatch.setitem(CompanyOfHeroesLOS.RULES, "camouflage", "the hidden sniper in {where}")
    r = line_of_sight(m, "A1", "E1", range=4, mode="fire")
    assert r.deciding[0].rule_id == "camouflage" and "Camouflage" not in r.deciding[0].rule
    assert can_attack(m, "A1", "E1", range=4)
    m2 = m.with_terrain("C1", "building")       # along a row of hexes: through the building
    monkeypatch.setitem(CompanyOfHeroesLOS.RULES, "building", "Camouflage? no: building {where}")
    assert can_attack(m2, "A1", "E1", range=4)  # a mortar's HE fires over buildings (5.1, 7 Spotting)
    rifles = tiny_map("company-of-heroes", 9, 1, units=[("i", "US", "infantry", "A1", []),
                                                       ("r", "US", "infantry", "D1", []),
                                                       ("s", "Soviet", "infantry", "E1", ["camouflaged"])])
    assert can_attack(rifles, "A1", "E1", range=4)
    assert not can_attack(rifles.with_terrain("C1", "building"), "A1", "E1", range=4)  # AI damage does not


# --- Company of Heroes 7, Buildings: the building-corners reading ------------------------------
def test_coh_building_corners_covers_one_hexside_and_a_corner():
    m = tiny_map("company-of-heroes", 25, 25, terrain={"M13": "building"})
    b = m.cell("M13")
    ruler = m.grid.ruler(m.cell("I12"), m.cell("N13"))
    touching = [e.contact for e in ruler.edges if b in (e.edge.a, e.edge.b)]
    assert ruler.contact(b) == "crossed" and touching.count("crossed") == 1 and "vertex" in touching
    r = line_of_sight(m, "I12", "N13", range=5)
    assert r.status == "blocked"
    (why,) = r.deciding
    assert (why.where, why.rule_id, why.cell) == ("M13", "building-corners", b)
    assert "without fully crossing two of its hexsides" in why.rule
    assert "entering and leaving at its corners" not in why.rule
    # the hexspine case (entering and leaving at corners) is the same rule
    ruler = m.grid.ruler(m.cell("K13"), m.cell("O13"))
    assert [e.contact for e in ruler.edges if b in (e.edge.a, e.edge.b)].count("crossed") == 0
    assert [x.rule_id for x in line_of_sight(m, "K13", "O13", range=4).deciding] == ["building-corners"]


# --- Heroes of Normandie 1.1: contour lines, any number of them ---------------------------------
def hon_many_lines(extra=(), terrain=None, elevation=None, units=()):
    """63 separate contour lines down the A|B interspaces of odd rows, then ``extra`` ones."""
    edges = {(f"A{2 * k + 1}", f"B{2 * k + 1}"): "contour" for k in range(63)}
    edges.update({(a, b): "contour" for a, b in extra})
    return tiny_map("heroes-of-normandie", 5, 126, terrain=terrain, edges=edges, elevation=elevation, units=units)


def test_hon_more_than_63_contour_lines_are_told_apart():
    from wartools.los import geometry
    m = hon_many_lines([("C1", "D1")])
    geo = geometry(m)
    lines = m.game.los_policy().prepared(geo)["line"]
    assert len(set(lines[lines >= 0].tolist())) == 64
    # A1 borders the line A1|B1 only; C1|D1 is another line that borders neither A1 nor E1
    r = line_of_sight(m, "A1", "E1")
    assert r.status == "blocked"
    assert [(x.where, x.rule_id) for x in r.deciding] == [("C1|D1", "contour")]
    assert line_of_sight(m, "A1", "D1").status == "clear"      # each line borders one end
    assert line_of_sight(m, "E1", "C1").status == "clear"
    assert line_of_sight(m, "E3", "A3").status == "clear"       # A3|B3 borders A3
    # every pair on the top rows agrees with the rule read directly from the map
    contour = {frozenset((m.cell(a), m.cell(b))) for a, b, _ in
               [(f"A{2 * k + 1}", f"B{2 * k + 1}", "") for k in range(63)] + [("C1", "D1", "")]}
    line_of = {e: i for i, e in enumerate(sorted(contour, key=sorted))}
    near = {c: {line_of[e] for e in contour if c in e} for c in m.grid.cells()}
    cells = [c for c in m.grid.cells() if c[1] < 4]
    for a in cells:
        for b in cells:
            crossed = {line_of[frozenset((e.edge.a, e.edge.b))] for e in m.grid.ruler(a, b).edges
                       if e.contact == "crossed" and frozenset((e.edge.a, e.edge.b)) in contour}
            expected = all(i in near[a] or i in near[b] for i in crossed)
            assert line_of_sight(m, a, b).visible == expected, (m.label(a), m.label(b))


def test_hon_mound_exemption_needs_the_same_contour_line():
    units = [("a", "US", "infantry", "A1", []), ("c", "DE", "infantry", "C1", []),
             ("d", "DE", "infantry", "D1", [])]
    m = hon_many_lines([("C1", "D1")], {"C1": "mound", "B1": "mound"}, {"A1": 1}, units)
    # the unit on mound C1 borders line C1|D1; the higher shooter A1 borders A1|B1, another line
    r = line_of_sight(m, "A1", "D1")
    assert r.status == "blocked" and [(x.where, x.rule_id) for x in r.deciding] == [("C1", "mound")]
    # a unit on mound B1, across the line A1|B1 from the higher shooter, does not block
    m2 = m.moved("c", "B1")
    r = line_of_sight(m2, "A1", "C1")
    assert r.status == "clear" and ("B1", "mound-over") in [(x.where, x.rule_id) for x in r.reasons]


# --- reasons carry their cell or edge; drawing uses them ------------------------------------------
def test_reasons_carry_cells_and_edges_and_draw_from_them():
    m = tiny_map("combat-infantry", 6, 6, terrain={"C3": "woods"}, edges={("B4", "C4"): "hedge"})
    r = line_of_sight(m, "C2", "C4")
    assert (r.reasons[0].where, r.reasons[0].cell, r.reasons[0].edge) == ("C3", m.cell("C3"), None)
    e = line_of_sight(m, "B4", "C4").reasons[0]
    assert (e.where, e.cell, e.edge) == ("B4|C4", None, m.edge("B4", "C4"))
    assert e.to_json()["where"] == "B4|C4" and "rule_id" not in e.to_json()
    ax = line_of_sight(m, "B4", "C4").draw()
    assert "los-edges" in [c.get_gid() for c in ax.collections]
    # a reason about a cell off the board (a ruler may graze one) is explained, not drawn
    off = Reason("(9, 9)", "crossed", "off the board", cell=Hex(9, 9))
    ax = dataclasses.replace(r, reasons=(off, *r.reasons)).draw()
    cells = [c for c in ax.collections if c.get_gid() == "los-cells"]
    assert len(cells) == 1 and len(cells[0].get_paths()) == 1


# --- templates take their frame from the grid classes ---------------------------------------------
@pytest.mark.parametrize("grid, cell", [(HexGrid(9, 9), Hex), (HexGrid(4, 7, orientation="pointy"), Hex),
                                        (SquareGrid(9, 9), Square), (SquareGrid(5, 5, adjacency=4), Square)])
def test_template_frame_equals_the_grid(grid, cell):
    from wartools.los.templates import frame_for
    f = frame_for(grid)
    rnd = random.Random(7)
    cells = [cell(rnd.randint(-60, 60), rnd.randint(-60, 60)) for _ in range(200)]
    q, r = np.array([c[0] for c in cells]), np.array([c[1] for c in cells])
    cx, cy = f.center(q, r)
    for c, x, y in zip(cells, cx.tolist(), cy.tolist()):
        assert grid.int_center(c) == (x, y)
        assert grid.int_corners(c) == tuple((x + dx, y + dy) for dx, dy in f.corners)
    other = cells[::-1]
    d = f.distance(q - np.array([c[0] for c in other]), r - np.array([c[1] for c in other]))
    assert d.tolist() == [grid.distance(a, b) for a, b in zip(cells, other)]


def test_map_geometry_distance_is_the_grid_distance():
    from wartools.los import geometry
    for game in ("combat-infantry", "heroes-of-normandie"):
        m = tiny_map(game, 7, 5)
        geo = geometry(m)
        cells = list(m.grid.cells())
        ids = geo.exts(cells)
        a, b = np.meshgrid(ids, ids, indexing="ij")
        got = geo.distance(a.ravel(), b.ravel()).reshape(a.shape)
        assert got.tolist() == [[m.grid.distance(x, y) for y in cells] for x in cells]


# --- dead ground: one pass over all observers, same answers ---------------------------------------
def test_dead_ground_matches_the_viewsheds(monkeypatch):
    import wartools.los.analysis as analysis
    m = tiny_map("company-of-heroes", 8, 8, terrain={"D4": "building", "E5": "building", "B6": "building"})
    observers = ["A1", "D3", "H8", "C6"]
    seen = set()
    for o in observers:
        seen.update(viewshed(m, o))
    expected = tuple(c for c in m.grid.cells() if c not in seen)
    assert dead_ground(m, observers).cells == expected
    monkeypatch.setattr(analysis, "CHUNK", 100)           # blocks of one observer
    assert dead_ground(m, observers).cells == expected
    assert dead_ground(m, observers, range=4).cells == \
        tuple(c for c in m.grid.cells() if not any(c in viewshed(m, o, range=4) for o in observers))
    assert dead_ground(m, [], ["A1", "B2"]).cells == (m.cell("A1"), m.cell("B2"))
    assert coverage(m)[m.cell("A1")] >= 1
