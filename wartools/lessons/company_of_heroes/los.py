"""Worked examples on line of sight in Company of Heroes.

A building hides the hex behind it but not a line along its edge; a ruler
through a building's corners (our reading); high explosive over a building
needs a spotter; a camouflaged sniper is spotted only from an adjacent hex.

Rulebook sections (Basic Rules): 5.1 Damage Types (HE is indirect) and 7
Additional Combat Rules (Sight, Range, Spotting, Camouflage, Buildings Blocking
Attacks and Sight).
"""
from __future__ import annotations

from typing import Any

from wartools.games.company_of_heroes import los as coh_los
from wartools.lessons.company_of_heroes.maps import (
    MORTAR_MAP,
    SIGHT_MAP,
    SNIPER_MAP,
    SPINE_MAP,
    _labels,
    fixture,
)
from wartools.lessons.company_of_heroes.worked_example import WorkedExample, _shade
from wartools.los import line_of_sight, viewshed
from wartools.render.los import draw_result


def building_blocks_sight() -> WorkedExample:
    """The Riflemen beside a building see every hex within 2 except the one behind it.

    Company of Heroes 7, Buildings Blocking Attacks and Sight (the diagram with
    the Riflemen Squad) and Sight (default sight range 2).

    Examples
    --------
    >>> ex = building_blocks_sight()
    >>> ex.facts["hidden"], ex.facts["into"], ex.facts["through"]
    (['D5'], 'clear', 'blocked')
    """
    m = fixture(SIGHT_MAP)
    seen = viewshed(m, "D3")
    near = m.grid.within(m.cell("D3"), coh_los.DEFAULT_SIGHT)
    hidden = sorted(_labels(m, [c for c in near if c not in seen]))
    through = line_of_sight(m, "D3", "D5")
    into = line_of_sight(m, "D3", "D4")
    facts = {"seen": len(seen), "within_sight": len(near), "hidden": hidden,
             "through": through.status, "into": into.status,
             "why": [r.rule for r in through.deciding]}
    summary = (f"Of the {len(near)} hexes within sight range 2 of D3 the squad sees {len(seen)}; "
               f"only {', '.join(hidden)} is hidden: the ruler D3 -> D5 crosses two green hexsides of "
               f"the building D4 ({through.status}). D3 -> D4 looks into the building ({into.status}).")

    def overlay(ax: Any) -> Any:
        _shade(m, seen, "#1f77b4")(ax)
        return draw_result(through, ax)
    return WorkedExample("The building hides the hex behind it", "Company of Heroes 7, Buildings Blocking "
                         "Attacks and Sight", m, facts, summary, overlay)


def along_the_edge() -> WorkedExample:
    """A ruler running along a building's hexside does not block.

    Company of Heroes 7, Buildings Blocking Attacks and Sight: the line must
    fully cross two green hexsides, not just run along one.

    Examples
    --------
    >>> along_the_edge().facts["status"], along_the_edge().facts["contact"]
    ('clear', 'along')
    """
    m = fixture(SIGHT_MAP)
    r = line_of_sight(m, "C4", "E4")
    contact = next(x.contact for x in r.reasons if x.where == "D4")
    facts = {"status": r.status, "contact": contact, "edge": "D4|D5"}
    summary = (f"C4 -> E4 runs {contact} the D4|D5 hexside of the building: it touches the green line "
               f"but does not cut through the building, so the line is {r.status}.")
    return WorkedExample("Along a building's edge: not blocked", "Company of Heroes 7", m, facts, summary,
                         lambda ax: draw_result(r, ax))


def through_the_corners() -> WorkedExample:
    """Our reading of a case the excerpt leaves open: a ruler through a building's corners.

    From C5 to G5 the ruler runs along the hexspine: it touches a corner of
    the building E5, passes its centre and leaves by the opposite corner. No
    hexside is *fully* crossed, but the line goes straight through the
    building; the library reads that as blocked (Company of Heroes 7; see
    :data:`ASSUMPTIONS`).

    Examples
    --------
    >>> through_the_corners().facts["status"]
    'blocked'
    """
    m = fixture(SPINE_MAP)
    r = line_of_sight(m, "C5", "G5", mode="fire", range=4)
    e5 = m.cell("E5")
    sides = [m.edge(e5, n) for n in m.grid.neighbours(e5)]
    facts = {"status": r.status, "rule": [x.rule for x in r.deciding], "range": r.range,
             "contact_with_building": r.ruler.contact(e5),
             "sides_fully_crossed": sum(r.ruler.contact(e) == "crossed" for e in sides)}
    summary = (f"C5 -> G5 (range {r.range}) passes through the middle of E5 corner to corner: "
               f"{r.status}. The rulebook's test counts fully crossed hexsides; this line crosses none, "
               "yet it clearly goes through the building, so we treat it as blocked.")
    return WorkedExample("Through a building's corners (our reading)", "Company of Heroes 7 (assumption)", m,
                         facts, summary, lambda ax: draw_result(r, ax))


def he_over_the_building() -> WorkedExample:
    """High explosive fires over a building, but the target must still be spotted.

    Company of Heroes 5.1 (HE is indirect and can fire over buildings) and 7
    (Spotting: a target must be seen by the attacker or an ally).

    Examples
    --------
    >>> f = he_over_the_building().facts
    >>> f["direct"], f["indirect"], f["can_attack_alone"], f["can_attack_spotted"]
    ('blocked', 'clear', False, True)
    """
    m = fixture(MORTAR_MAP)
    direct = line_of_sight(m, "D3", "D5", mode="fire")
    indirect = line_of_sight(m, "D3", "D5", mode="fire", indirect=True)
    alone = coh_los.can_attack(m, "D3", "D5", indirect=True)
    spotter_cell = "E5"
    m2 = m.with_unit("scout", "US", "infantry", spotter_cell, name="Riflemen")
    spotted = coh_los.can_attack(m2, "D3", "D5", indirect=True)
    facts = {"direct": direct.status, "indirect": indirect.status, "can_attack_alone": alone,
             "can_attack_spotted": spotted, "spotter": spotter_cell,
             "spotted_alone": "D5" in _labels(m, coh_los.spotted_cells(m, "US"))}
    summary = (f"A direct shot D3 -> D5 is {direct.status} by the building; HE goes over it "
               f"({indirect.status}). But no US unit sees D5, so the mortar may not fire "
               f"(can attack: {alone}). With Riflemen at {spotter_cell} spotting D5 it may "
               f"(can attack: {spotted}).")

    def overlay(ax: Any) -> Any:
        return draw_result(indirect, ax)
    return WorkedExample("HE over the building, with a spotter", "Company of Heroes 5.1, 7 Spotting", m2,
                         facts, summary, overlay)


def camouflaged_sniper() -> WorkedExample:
    """The camouflage example: a mortar four hexes away hits the sniper only with an ally adjacent.

    Company of Heroes 7, Camouflage and Spotting. The mortar's range 4 is
    taken from the example's distance (see :data:`ASSUMPTIONS`).

    Examples
    --------
    >>> f = camouflaged_sniper().facts
    >>> f["distance"], f["ally_two_away"], f["ally_adjacent"]
    (4, False, True)
    """
    m = fixture(SNIPER_MAP)
    dist = m.grid.distance(m.cell("A2"), m.cell("E2"))
    far = coh_los.can_attack(m, "A2", "E2", range=dist)
    near_map = m.moved("riflemen", "D2")
    near = coh_los.can_attack(near_map, "A2", "E2", range=dist)
    sight = line_of_sight(m, "C2", "E2")
    facts = {"distance": dist, "ally_two_away": far, "ally_adjacent": near,
             "sight_from_two": sight.status, "rule": [r.rule for r in sight.deciding]}
    summary = (f"The mortar is {dist} hexes from the sniper. With the Riflemen two hexes away (C2) the "
               f"sniper is not spotted ({sight.status} by camouflage), so the mortar cannot fire "
               f"({far}). Move the Riflemen next to it (D2) and the whole team sees it: {near}.")

    def overlay(ax: Any) -> Any:
        from wartools.render import draw_ruler

        _shade(near_map, coh_los.spotted_cells(near_map, "US"), "#1f77b4", 0.2)(ax)
        return draw_ruler(ax, near_map, "A2", "E2", color="#1a9e1a" if near else "#d62728")
    return WorkedExample("The camouflaged sniper and the mortar", "Company of Heroes 7, Camouflage", near_map,
                         facts, summary, overlay)
