"""Company of Heroes lesson: line of sight, movement and combat (``notebooks/10_company_of_heroes.ipynb``).

Everything the notebook shows is here as plain Python, so the tests can call
it: small fixture maps, one function per worked example of the rulebook
(each recomputes the example with the library and can draw it), one
interactive experiment per topic and the self-check questions.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Basic Movement, Obstacles
to Movement, Regular Infantry, Weapon Teams, Light Vehicle Units), 5 Damage
Phase and 5.1 Damage Types, 6 Defenses (Defense Matrix, Defense Rolls,
Resolving Damage Example) and 6.1 Static Defenses, 7 Additional Combat Rules
(Sight, Range, Spotting, Camouflage, Buildings Blocking Attacks and Sight).

Examples
--------
>>> from wartools.lessons import company_of_heroes as coh
>>> coh.building_blocks_sight().facts["hidden"]
['D5']
>>> coh.jeep_speed_die().facts["farthest"]
4
>>> coh.british_section().facts["destroyed"]
Fraction(1, 3)
>>> {topic: len(qs) for topic, qs in coh.questions().items()}
{'los': 5, 'movement': 5, 'combat': 5}
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from wartools.games.company_of_heroes import combat
from wartools.games.company_of_heroes import los as coh_los
from wartools.games.company_of_heroes.movement import Rules
from wartools.los import draw_result, line_of_sight, viewshed
from wartools.mapmodel import Map, loads_map
from wartools.movement import draw_path_overlay, draw_reach, path, plan_turns, reachable
from wartools.widgets import SelfCheck

__all__ = [
    "SIGHT_MAP", "SPINE_MAP", "MORTAR_MAP", "SNIPER_MAP", "BUILDING_MOVE_MAP", "OPEN_MAP",
    "CORRIDOR_MAP", "OBSTACLE_MAP", "BRITISH_MAP", "BUILDING_FIGHT_MAP", "ASSUMPTIONS", "WorkedExample", "fixture",
    "building_blocks_sight", "along_the_edge", "through_the_corners", "he_over_the_building",
    "camouflaged_sniper", "riflemen_enter_building", "jeep_speed_die", "three_cp_per_round",
    "obstacles", "british_section", "building_three_ap", "flame_and_immunity", "worked_examples",
    "defense_breakdown", "attackers_of", "BuildingSightExperiment", "MovementExperiment",
    "DefenseDiceExperiment", "experiments", "los_questions", "movement_questions",
    "combat_questions", "questions",
]

# --- fixture maps (original, tiny) ----------------------------------------------------------
_HEAD = "format: wartools-map/1\ngame: company-of-heroes\n"

SIGHT_MAP = _HEAD + """\
name: Riflemen beside a building (CoH 7)
grid: {type: hex, columns: 7, rows: 7}
terrain: {cells: {D4: building}}
units: [{id: riflemen, side: US, type: infantry, cell: D3, name: Riflemen}]
"""
"""Company of Heroes 7, Buildings Blocking Attacks and Sight: a squad next to a building."""

SPINE_MAP = _HEAD + """\
name: A ruler through a building's corners (our reading)
grid: {type: hex, columns: 9, rows: 9}
terrain: {cells: {E5: building}}
units: [{id: at-gun, side: US, type: at-team, cell: C5, name: 57mm AT gun}]
"""
"""A building on a hexspine: C5 -> G5 passes through the middle of E5 corner to corner."""

MORTAR_MAP = _HEAD + """\
name: HE over a building (CoH 5.1, 7 Spotting)
grid: {type: hex, columns: 7, rows: 7}
terrain: {cells: {D4: building}}
units:
  - {id: mortar, side: US, type: mortar-team, cell: D3, name: Mortar Team, tags: [deployed]}
  - {id: grenadiers, side: Wehrmacht, type: infantry, cell: D5, name: Grenadiers}
"""
"""A US mortar team behind a building from the Grenadiers; nobody spots them yet."""

SNIPER_MAP = _HEAD + """\
name: Camouflaged sniper (CoH 7 Camouflage)
grid: {type: hex, columns: 9, rows: 3}
units:
  - {id: mortar, side: US, type: mortar-team, cell: A2, name: Mortar Team, tags: [deployed]}
  - {id: riflemen, side: US, type: infantry, cell: C2, name: Riflemen}
  - {id: sniper, side: Soviet, type: infantry, cell: E2, name: Sniper, tags: [camouflaged]}
"""
"""The camouflage example: a mortar four hexes from a camouflaged sniper, an ally two hexes off it."""

BUILDING_MOVE_MAP = _HEAD + """\
name: Riflemen enter a building (CoH 4)
grid: {type: hex, columns: 6, rows: 3}
terrain: {cells: {C2: building}}
units: [{id: riflemen, side: US, type: infantry, cell: B2, name: Riflemen}]
"""
"""Company of Heroes 4, Regular Infantry: the Riflemen next to a building."""

OPEN_MAP = _HEAD + """\
name: Open road (CoH 4)
grid: {type: hex, columns: 8, rows: 3}
units:
  - {id: jeep, side: US, type: light-vehicle, cell: A2, name: Jeep}
  - {id: squad, side: US, type: infantry, cell: A3, name: Infantry squad}
"""
"""Company of Heroes 4: open ground for the jeep and the infantry squad of the cp examples."""

CORRIDOR_MAP = _HEAD + """\
name: Through an ally (CoH 4)
grid: {type: hex, columns: 4, rows: 1}
units:
  - {id: riflemen, side: US, type: infantry, cell: A1, name: Riflemen}
  - {id: mg, side: US, type: mg-team, cell: B1, name: MG Team}
"""
"""A one-hex-wide lane: the only way on passes through the allied MG team."""

OBSTACLE_MAP = _HEAD + """\
name: Obstacles to movement (CoH 4)
grid: {type: hex, columns: 7, rows: 5}
terrain: {cells: {C3: building, D4: water, D5: water}}
edges:
  - {cells: [E1, F1], feature: impassable}
  - {cells: [E2, F1], feature: impassable}
  - {cells: [E2, F2], feature: impassable}
  - {cells: [E3, F2], feature: impassable}
  - {cells: [E3, F3], feature: impassable}
units:
  - {id: riflemen, side: US, type: infantry, cell: A3, name: Riflemen}
  - {id: mg, side: US, type: mg-team, cell: B2, name: MG Team}
  - {id: grenadiers, side: Wehrmacht, type: infantry, cell: C4, name: Grenadiers}
"""
"""Water, a red impassable line, a building, an allied and an enemy unit around the Riflemen."""

BRITISH_MAP = _HEAD + """\
name: Resolving Damage Example (CoH 6)
grid: {type: hex, columns: 7, rows: 5}
units:
  - {id: section, side: British, type: infantry, cell: D3, name: Infantry Section, strength: 4}
  - {id: riflemen, side: US, type: infantry, cell: D1, name: Riflemen Squad}
  - {id: grenadiers, side: Wehrmacht, type: infantry, cell: B3, name: Grenadier Squad}
  - {id: sdkfz222, side: Wehrmacht, type: light-vehicle, cell: F4, name: Sd.Kfz. 222}
"""
"""The Resolving Damage Example: three attackers on a British Infantry Section (health 4)."""

BUILDING_FIGHT_MAP = _HEAD + """\
name: Infantry in a building (CoH 6, 6.1)
grid: {type: hex, columns: 5, rows: 3}
terrain: {cells: {C2: building}}
units: [{id: squad, side: Wehrmacht, type: infantry, cell: C2, name: Grenadiers, strength: 4}]
"""
"""An infantry squad inside a building (the Defense Rolls example)."""

#: Attack dice of the units in the examples (Company of Heroes 5, Resolving Damage Example).
ATTACKS: Mapping[str, Mapping[str, int]] = {
    "riflemen": {"AI": 1}, "grenadiers": {"AI": 1}, "sdkfz222": {"AI": 1, "AP": 1},
}

ASSUMPTIONS: tuple[str, ...] = (
    "A ruler that passes through the middle of a building hex, entering and leaving at two of its "
    "corners (a hexspine), crosses no hexside fully; the excerpt does not cover it and the library "
    "reads it as passing through the building, which blocks (CoH 7).",
    "The mortar of the camouflage example is four hexes from the sniper and may fire at it, so we "
    "give it a firing range of 4; the excerpt does not print the mortar's range.",
    "Mortar Teams may not attack adjacent units (CoH 4, Weapon Teams): `can_attack` does not know "
    "unit types, so that check is left to the player.",
    "A unit's health is the number of figures in its tray; the British Infantry Section has 4 "
    "(three laid down, one left, in the example). The squad in the building is also given 4.",
    "The exact odds assume each defense die shows each of its six faces equally often; 4 faces "
    "(green or black) succeed (CoH 6, Defense Rolls).",
    "The speed die is modelled as one extra cp for the round (CoH 4, Light Vehicle Units); when in "
    "the round it is used does not change where the vehicle can get.",
)
"""Where the excerpt is silent and the lesson or the library decides."""


def fixture(text: str) -> Map:
    """Load one of the fixture maps of this module (a YAML string).

    Examples
    --------
    >>> fixture(SIGHT_MAP).terrain_at("D4")
    'building'
    """
    return loads_map(text, source="<lesson fixture>")


@dataclass(frozen=True)
class WorkedExample:
    """A rulebook example recomputed by the library.

    Attributes
    ----------
    title
        What the example shows, in our words.
    section
        The rulebook section it comes from.
    map
        The small map it is drawn on.
    facts
        The numbers and verdicts the library computed (the tests assert them).
    summary
        A short explanation built from ``facts``.
    """

    title: str
    section: str
    map: Map = field(repr=False)
    facts: Mapping[str, Any]
    summary: str
    overlay: Callable[[Any], Any] | None = field(default=None, repr=False, compare=False)

    def draw(self, ax: Any = None) -> Any:
        """Draw the map with the example's overlays; returns the matplotlib Axes."""
        from wartools.render import draw_map

        if ax is None:
            ax = draw_map(self.map)
        if self.overlay is not None:
            self.overlay(ax)
        if not ax.get_title():
            ax.set_title(self.title, fontsize=9)
        return ax

    def __str__(self) -> str:
        return f"{self.title} ({self.section})\n{self.summary}"


def _labels(m: Map, cells: Any) -> list[str]:
    return [m.label(c) for c in cells]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _shade(m: Map, cells: Any, colour: str, alpha: float = 0.3) -> Callable[[Any], Any]:
    from wartools.render import highlight_cells

    return lambda ax: highlight_cells(ax, m, cells, color=colour, alpha=alpha)


# --- line of sight (CoH 7, 5.1) -----------------------------------------------------------------
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
        from wartools.render import draw_map

        draw_map(m2, ax=ax)
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
        from wartools.render import draw_map, draw_ruler

        draw_map(near_map, ax=ax)
        _shade(near_map, coh_los.spotted_cells(near_map, "US"), "#1f77b4", 0.2)(ax)
        return draw_ruler(ax, near_map, "A2", "E2", color="#1a9e1a" if near else "#d62728")
    return WorkedExample("The camouflaged sniper and the mortar", "Company of Heroes 7, Camouflage", near_map,
                         facts, summary, overlay)


# --- movement (CoH 4) --------------------------------------------------------------------------
def riflemen_enter_building() -> WorkedExample:
    """The Riflemen spend one cp to enter a building and cannot leave it this round.

    Company of Heroes 4, Regular Infantry and Weapon Teams (Mortar and AT
    teams cannot enter buildings).

    Examples
    --------
    >>> f = riflemen_enter_building().facts
    >>> f["cost"], f["left_over"], f["mortar_can_enter"]
    (1, 2, False)
    """
    m = fixture(BUILDING_MOVE_MAP)
    enter = path(m, "B2", "C2")
    beyond = path(m, "B2", "D2")
    # next: the squad stands in C2 having entered it this round
    inside = _retag(m.moved("riflemen", "C2"), "riflemen", ("entered-this-round",))
    stuck = path(inside, "C2", "D2")
    mortar = path(m, "B2", "C2", "mortar-team")
    facts = {"cost": enter.cost, "why": enter.steps[0].why, "left_over": Rules.cp_per_round - enter.cost,
             "beyond_path": beyond.labels(), "beyond_goes_through_building": "C2" in beyond.labels()[1:-1],
             "leave_why_not": stuck.why_not, "mortar_can_enter": mortar.reachable,
             "mortar_why_not": mortar.why_not}
    summary = (f"Entering C2 costs {enter.cost} cp ({enter.steps[0].why}). The squad still has "
               f"{facts['left_over']} cp but cannot use them to leave: {stuck.why_not}. A mortar team may not "
               f"go in at all: {mortar.why_not}")

    def overlay(ax: Any) -> Any:
        return draw_path_overlay(ax, m, "B2", "C2")
    return WorkedExample("Riflemen enter a building", "Company of Heroes 4, Regular Infantry", m, facts,
                         summary, overlay)


def _retag(m: Map, unit_id: str, tags: tuple[str, ...]) -> Map:
    u = m.unit(unit_id)
    extra: dict[str, Any] = {"tags": list(tags)}
    if u.name:
        extra["name"] = u.name
    if u.strength is not None:
        extra["strength"] = u.strength
    return m.without_unit(unit_id).with_unit(unit_id, u.side, u.type, u.cell, **extra)


def jeep_speed_die() -> WorkedExample:
    """The jeep moves three hexes for three cp, then a fourth with its speed die.

    Company of Heroes 4, Light Vehicle Units.

    Examples
    --------
    >>> f = jeep_speed_die().facts
    >>> f["allowance"], f["farthest"], f["infantry_allowance"]
    (4, 4, 3)
    """
    m = fixture(OPEN_MAP)
    reach = reachable(m, "A2")
    farthest = max(reach.costs.values())
    run = path(m, "A2", "E2")
    infantry = reachable(m, "A3")
    facts = {"allowance": reach.budget, "why": reach.graph.rules.allowance_why(), "farthest": farthest,
             "path": run.labels(), "cost": run.cost, "infantry_allowance": infantry.budget,
             "infantry_farthest": max(infantry.costs.values())}
    summary = (f"The jeep has {facts['why']}: it reaches hexes up to {farthest} away, e.g. "
               f"{' -> '.join(run.labels())} for {run.cost} cp. The infantry squad beside it stops at "
               f"{facts['infantry_farthest']}.")

    def overlay(ax: Any) -> Any:
        draw_reach(ax, m, "A2")
        return draw_path_overlay(ax, m, "A2", "E2")
    return WorkedExample("The jeep's speed die", "Company of Heroes 4, Light Vehicle Units", m, facts, summary,
                         overlay)


def three_cp_per_round() -> WorkedExample:
    """Player One's squad spends 2 cp in one turn and 1 cp in the next: it is done for the round.

    Company of Heroes 4, Basic Movement (one hex per cp, at most three cp per
    unit per round, three turns of three cp per player).

    Examples
    --------
    >>> f = three_cp_per_round().facts
    >>> f["spent"], f["left"], f["can_still_reach"]
    (3, 0, ['D3'])
    """
    m = fixture(OPEN_MAP)
    first = path(m, "A3", "C3")          # turn 1: two cp
    m1 = m.moved("squad", "C3")
    second = path(m1, "C3", "D3")        # turn 2: one cp
    spent = first.cost + second.cost
    left = Rules.cp_per_round - spent
    m2 = m1.moved("squad", "D3")
    after = reachable(m2, "D3", budget=left)
    facts = {"turn1": first.cost, "turn2": second.cost, "spent": spent, "left": left,
             "can_still_reach": sorted(_labels(m2, after.costs)), "path": first.labels() + second.labels()[1:]}
    summary = (f"Turn 1: {' -> '.join(first.labels())} for {first.cost} cp; turn 2: "
               f"{' -> '.join(second.labels())} for {second.cost} cp. {spent} of {Rules.cp_per_round} cp "
               f"are spent, {left} left: the squad can only stay at {facts['can_still_reach'][0]}.")

    def overlay(ax: Any) -> Any:
        from wartools.render import annotate_cells, draw_path
        draw_path(ax, m, facts["path"])
        return annotate_cells(ax, m, {"B3": "1", "C3": "2", "D3": "3"}, color="#d62728")
    return WorkedExample("Three cp per unit per round", "Company of Heroes 4, Basic Movement", m, facts,
                         summary, overlay)


def obstacles() -> WorkedExample:
    """Water, red lines and enemies stop a move; an ally can be passed but not ended on.

    Company of Heroes 4, Obstacles to Movement.

    Examples
    --------
    >>> f = obstacles().facts
    >>> f["end_on_ally"], f["through_ally"]
    (False, True)
    """
    m = fixture(OBSTACLE_MAP)
    reach = reachable(m, "A3")
    water = path(m, "D3", "D4", "infantry", side="US")
    enemy = path(m, "A3", "C4")
    red = path(m, "A3", "F3")
    ally = path(m, "A3", "B2")
    lane = fixture(CORRIDOR_MAP)
    via = path(lane, "A1", "C1")
    facts = {"reach": dict(sorted(reach.labels().items())), "water": water.why_not, "enemy": enemy.why_not,
             "red_distance": m.grid.distance(m.cell("A3"), m.cell("F3")), "red_cost": red.cost,
             "red_path": red.labels(), "end_on_ally": ally.reachable, "ally_why": ally.why_not,
             "through_ally": "B1" in via.labels()[1:-1],
             "via_path": via.labels()}
    summary = (f"Water: {water.why_not}\nEnemy: {enemy.why_not}\nAlly: {ally.why_not}\n"
               f"Through the ally, in a one-hex lane: {' -> '.join(via.labels())} ({via.cost} cp).\nRed line: F3 is "
               f"{facts['red_distance']} hexes away but the line forces a detour of {red.cost} cp: "
               f"{' -> '.join(red.labels())}.")

    def overlay(ax: Any) -> Any:
        return draw_reach(ax, m, "A3")
    return WorkedExample("Obstacles to movement", "Company of Heroes 4, Obstacles to Movement", m, facts,
                         summary, overlay)


# --- combat (CoH 5, 6, 6.1) ---------------------------------------------------------------------
def attackers_of(m: Map, target: str) -> dict[str, bool]:
    """For each unit not on ``target``'s side: may it attack ``target`` (range 2, LOS, spotted)?

    Company of Heroes 7 (Range, Spotting, Buildings Blocking Attacks and Sight).

    Examples
    --------
    >>> attackers_of(fixture(BRITISH_MAP), "D3")
    {'riflemen': True, 'grenadiers': True, 'sdkfz222': True}
    """
    side = m.units_at(target)[0].side
    return {u.id: coh_los.can_attack(m, u.cell, target) for u in m.units if u.side != side}


def british_section() -> WorkedExample:
    """The Resolving Damage Example: Riflemen, Grenadiers and an Sd.Kfz. 222 on a British section.

    Company of Heroes 6, Resolving Damage Example: 1 AI + 1 AI + (1 AI + 1 AP)
    pooled; the green section resists AP only, so it rolls one die; three
    figures fall at once and the fourth lives if the die succeeds.

    Examples
    --------
    >>> f = british_section().facts
    >>> f["pooled"], f["dice"], f["left_if_success"], f["left_if_fail"]
    ({'AI': 3, 'AP': 1, 'HE': 0, 'Flame': 0}, 1, 1, 0)
    """
    m = fixture(BRITISH_MAP)
    health = m.unit("section").strength or 4
    pooled = combat.pool_damage(*(ATTACKS[u] for u in ("riflemen", "grenadiers", "sdkfz222")))
    dice = combat.defense_dice("infantry", pooled)
    res = combat.resolve_damage("infantry", pooled, health=health)
    ok = health - combat.damage_from_faces("infantry", pooled, ["tank"], health=health)
    bad = health - combat.damage_from_faces("infantry", pooled, ["crossed-infantry"], health=health)
    facts = {"can_attack": attackers_of(m, "D3"), "pooled": pooled, "dice": dice, "health": health,
             "destroyed": res.destroyed, "survives_with_one": res.figures_left[1], "left_if_success": ok,
             "left_if_fail": bad, "expected_damage": res.expected_damage}
    summary = (f"All three attackers are in range with a clear line. Pooled dice: {pooled['AI']} AI + "
               f"{pooled['AP']} AP. The section resists AP only: {dice} defense die. Three figures fall; "
               f"the last survives if the die succeeds (P = {res.figures_left[1]}), else the section is "
               f"destroyed (P = {res.destroyed}).")

    def overlay(ax: Any) -> Any:
        from wartools.render import draw_ruler

        for u in m.units:
            if u.id != "section":
                draw_ruler(ax, m, u.cell, "D3", color="#d62728")
        return ax
    return WorkedExample("The British section hit by three attackers", "Company of Heroes 6, Resolving "
                         "Damage Example", m, facts, summary, overlay)


def building_three_ap() -> WorkedExample:
    """Infantry in a building hit by 3 AP rolls 3 + 2 = 5 defense dice.

    Company of Heroes 6 (Defense Rolls example) and 6.1 (Cover in Buildings).
    The shield bullet of the Defense Matrix, three AP on a squad in the open,
    gives 3 dice.

    Examples
    --------
    >>> f = building_three_ap().facts
    >>> f["dice"], f["open_dice"], f["no_loss"]
    (5, 3, Fraction(64, 81))
    """
    m = fixture(BUILDING_FIGHT_MAP)
    health = m.unit("squad").strength or 4
    dmg = {"AP": 3}
    res = combat.resolve_damage("infantry", dmg, health=health, building=True)
    open_res = combat.resolve_damage("infantry", dmg, health=health)
    facts = {"dice": res.dice, "open_dice": open_res.dice, "no_loss": res.damage[0],
             "no_loss_open": open_res.damage[0], "expected_damage": res.expected_damage,
             "expected_damage_open": open_res.expected_damage}
    summary = (f"3 AP: one die per AP point ({open_res.dice}) plus 2 for the building = {res.dice} dice. "
               f"Chance to block all three: {res.damage[0]} (~{float(res.damage[0]):.0%}) against "
               f"{open_res.damage[0]} (~{float(open_res.damage[0]):.0%}) in the open.")
    return WorkedExample("Infantry in a building against 3 AP", "Company of Heroes 6, 6.1", m, facts, summary,
                         _shade(m, ["C2"], "#2ca02c", 0.35))


def flame_and_immunity() -> WorkedExample:
    """Flame ignores every defense die; heavy vehicles ignore AI and Flame.

    Company of Heroes 5.1 (Flame), 6 (Defense Matrix, No Fire) and 6.1
    (buildings and upgrades give nothing against Flame).

    Examples
    --------
    >>> f = flame_and_immunity().facts
    >>> f["flame_dice"], f["flame_loss"], f["tank_destroyed"]
    (0, 2, Fraction(0, 1))
    """
    m = fixture(BUILDING_FIGHT_MAP)
    flame = combat.resolve_damage("infantry", {"Flame": 2}, health=4, building=True, upgrade=True)
    tank = combat.resolve_damage("heavy-vehicle", {"AI": 3, "Flame": 1}, health=3)
    facts = {"flame_dice": flame.dice, "flame_loss": flame.damage.outcomes if len(flame.damage) > 1
             else flame.damage.outcomes[0], "tank_dice": tank.dice, "tank_destroyed": tank.destroyed,
             "tank_expected": tank.expected_damage}
    summary = (f"2 Flame on upgraded infantry in a building: {flame.dice} defense dice, exactly "
               f"{facts['flame_loss']} figures lost. 3 AI + 1 Flame on a heavy vehicle: {tank.dice} dice "
               f"and nothing happens (P destroyed = {tank.destroyed}).")
    return WorkedExample("Flame and immunity", "Company of Heroes 5.1, 6", m, facts, summary,
                         _shade(m, ["C2"], "#ff7f0e", 0.35))


def worked_examples() -> dict[str, list[WorkedExample]]:
    """Every worked example of the lesson, by topic.

    Examples
    --------
    >>> {k: len(v) for k, v in worked_examples().items()}
    {'los': 5, 'movement': 4, 'combat': 3}
    """
    return {"los": [building_blocks_sight(), along_the_edge(), through_the_corners(), he_over_the_building(),
                    camouflaged_sniper()],
            "movement": [riflemen_enter_building(), jeep_speed_die(), three_cp_per_round(), obstacles()],
            "combat": [british_section(), building_three_ap(), flame_and_immunity()]}


def defense_breakdown(unit_type: str, damage: Mapping[str, int], *, building: bool = False,
                      upgrade: bool = False) -> dict[str, int]:
    """Where a target's defense dice come from, each part asked of :func:`combat.defense_dice`.

    Company of Heroes 6 (resistances) and 6.1 (building +2 for infantry,
    defense upgrade +1; neither against Flame alone).

    Examples
    --------
    >>> defense_breakdown("infantry", {"AP": 3}, building=True)
    {'resistance': 3, 'building': 2, 'upgrade': 0, 'total': 5}
    >>> defense_breakdown("light-vehicle", {"AI": 2}, building=True)
    {'resistance': 2, 'building': 0, 'upgrade': 0, 'total': 2}
    """
    base = combat.defense_dice(unit_type, damage)
    with_b = combat.defense_dice(unit_type, damage, building=building)
    total = combat.defense_dice(unit_type, damage, building=building, upgrade=upgrade)
    return {"resistance": base, "building": with_b - base, "upgrade": total - with_b, "total": total}


# --- experiments ---------------------------------------------------------------------------------
def _detach(canvas: Any) -> None:
    """Keep a static (PNG) canvas's figure out of pyplot, so a later ``plt.show()`` in the
    notebook does not display it a second time (it still renders on :meth:`redraw`)."""
    if not canvas.interactive:
        import matplotlib.pyplot as plt

        plt.close(canvas.figure)


class BuildingSightExperiment:
    """Move the target around a building: when does it block?

    Controls: observer and target hexes, range, sight/fire and HE (indirect).
    State: :attr:`result` (the last :class:`~wartools.los.LOSResult`),
    :attr:`hidden` (hexes within range the observer cannot see) and
    :attr:`history` (one entry per update). Company of Heroes 7, 5.1.

    Examples
    --------
    >>> x = BuildingSightExperiment()
    >>> x.history[-1]["status"], x.hidden
    ('blocked', ['E6'])
    >>> x.target.value = "F5"
    >>> x.history[-1]["status"]
    'clear'
    >>> x.target.value = "E6"
    >>> x.indirect.value = True
    >>> x.history[-1]["status"]
    'clear'
    """

    def __init__(self, m: Map | None = None, observer: str = "E4", target: str = "E6",
                 figsize: tuple[float, float] = (6, 5)) -> None:
        import ipywidgets as w

        from wartools.widgets import MapCanvas
        from wartools.widgets.common import cell_options

        self.map = m if m is not None else fixture(SPINE_MAP).without_unit("at-gun")
        self.observer = w.Dropdown(options=cell_options(self.map), value=observer, description="observer")
        self.target = w.SelectionSlider(options=cell_options(self.map), value=target, description="target",
                                        continuous_update=False)
        self.range = w.IntSlider(value=coh_los.DEFAULT_SIGHT, min=1, max=6, description="range")
        self.mode = w.ToggleButtons(options=["sight", "fire"], value="sight", description="mode")
        self.indirect = w.Checkbox(value=False, description="HE (indirect)", indent=False)
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.result: Any = None
        self.hidden: list[str] = []
        self.canvas = MapCanvas(self.map, draw=self._draw, on_cell=self.on_cell, figsize=figsize)
        _detach(self.canvas)
        for c in (self.observer, self.target, self.range, self.mode, self.indirect):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HTML("<b>Move the target: when does the building block?</b>"),
                              w.HBox([w.VBox([self.observer, self.target, self.range, self.mode, self.indirect]),
                                      self.canvas.widget]), self.info])
        self.update()

    def on_cell(self, cell: Any) -> None:
        """A click on the map sets the target."""
        self.target.value = self.map.label(cell)

    def update(self) -> None:
        """Recompute the line and the hidden hexes, record them and redraw."""
        from wartools.widgets.common import pre

        # HE is about attacks: ticking it judges an attack line ("fire")
        mode = "fire" if self.indirect.value else self.mode.value
        opts = {"range": self.range.value, "mode": mode, "indirect": self.indirect.value}
        self.result = line_of_sight(self.map, self.observer.value, self.target.value, **opts)
        seen = set(viewshed(self.map, self.observer.value, **opts))
        near = self.map.grid.within(self.map.cell(self.observer.value), self.range.value)
        self.hidden = sorted(_labels(self.map, [c for c in near if c not in seen]))
        self.info.value = pre(self.result.text() + f"\nhidden within range {self.range.value}: "
                              + (", ".join(self.hidden) or "none"))
        self.history.append({"observer": self.observer.value, "target": self.target.value, **opts,
                             "status": self.result.status, "hidden": list(self.hidden)})
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import highlight_cells

        if self.hidden:
            highlight_cells(ax, m, self.hidden, color="#444444", alpha=0.4)
        if self.result is not None:
            draw_result(self.result, ax)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class MovementExperiment:
    """Which units get where? Unit type, cp already spent and a goal on the obstacle map.

    State: :attr:`reach` (the last :class:`~wartools.movement.Reach`),
    :attr:`result` (path to the goal), :attr:`history`. Company of Heroes 4.

    Examples
    --------
    >>> x = MovementExperiment()
    >>> x.goal.value = "C3"
    >>> x.history[-1]["reachable"]
    True
    >>> x.unit.value = "mortar-team"
    >>> x.history[-1]["reachable"]
    False
    """

    UNITS = ("infantry", "mg-team", "mortar-team", "at-team", "light-vehicle", "heavy-vehicle")

    def __init__(self, m: Map | None = None, start: str = "A3", goal: str = "E2",
                 figsize: tuple[float, float] = (6, 5)) -> None:
        import ipywidgets as w

        from wartools.widgets import MapCanvas
        from wartools.widgets.common import cell_options

        self.map = m if m is not None else fixture(OBSTACLE_MAP)
        self.start = start
        self.unit = w.Dropdown(options=list(self.UNITS), value="infantry", description="unit")
        self.spent = w.IntSlider(value=0, min=0, max=3, description="cp spent")
        self.goal = w.Dropdown(options=cell_options(self.map), value=goal, description="goal")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.reach: Any = None
        self.result: Any = None
        self.canvas = MapCanvas(self.map, draw=self._draw, on_cell=self.on_cell, figsize=figsize)
        _detach(self.canvas)
        for c in (self.unit, self.spent, self.goal):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HTML("<b>Where can this unit get this round?</b>"),
                              w.HBox([w.VBox([self.unit, self.spent, self.goal]), self.canvas.widget]),
                              self.info])
        self.update()

    def on_cell(self, cell: Any) -> None:
        """A click on the map sets the goal."""
        self.goal.value = self.map.label(cell)

    def budget(self) -> int:
        """cp left this round: the unit's allowance (with a speed die) minus what it spent."""
        r = reachable(self.map, self.start, self.unit.value, budget=0)
        return max(0, r.graph.allowance - self.spent.value)

    def update(self) -> None:
        """Recompute the reachable hexes and the path to the goal, record and redraw."""
        from wartools.widgets.common import pre

        left = self.budget()
        self.reach = reachable(self.map, self.start, self.unit.value, budget=left)
        self.result = path(self.map, self.start, self.goal.value, self.unit.value)
        goal = self.map.cell(self.goal.value)
        ok = goal in self.reach.costs
        text = [f"{self.unit.value} from {self.start}: {self.reach.graph.rules.allowance_why()}, "
                f"{self.spent.value} spent, {left} left; {len(self.reach.costs)} hexes reachable"]
        if self.result.reachable:
            text.append(f"to {self.goal.value}: {' -> '.join(self.result.labels())} ({self.result.cost} cp)"
                        + ("" if ok else f" - not this round, only {left} cp left"))
            text += [f"  {s.why}" for s in self.result.steps if "building" in s.why]
        else:
            text.append(f"to {self.goal.value}: impossible: {self.result.why_not}")
        self.info.value = pre("\n".join(text))
        self.history.append({"unit": self.unit.value, "spent": self.spent.value, "budget": left,
                             "goal": self.goal.value, "reachable": ok,
                             "cost": self.result.cost if self.result.reachable else None,
                             "why_not": self.result.why_not, "reach": len(self.reach.costs)})
        self.canvas.redraw()

    def _draw(self, ax: Any, m: Map) -> None:
        from wartools.render import annotate_cells, heat_cells

        if self.reach is None:
            return
        heat_cells(ax, m, self.reach.costs, cmap="viridis_r")
        annotate_cells(ax, m, self.reach.costs)
        if self.result is not None and self.result.reachable:
            from wartools.render import draw_path
            draw_path(ax, m, self.result.cells)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class DefenseDiceExperiment:
    """How many defense dice does this unit get, and what are its odds?

    Controls: unit type, damage dice of each type, building, defense upgrade,
    health. State: :attr:`dice`, :attr:`breakdown`, :attr:`result` (the last
    :class:`~wartools.games.company_of_heroes.combat.DamageResult`) and
    :attr:`history`. Company of Heroes 5.1, 6, 6.1.

    Examples
    --------
    >>> x = DefenseDiceExperiment()
    >>> x.damage["AP"].value = 3
    >>> x.building.value = True
    >>> x.dice, x.history[-1]["expected"] < x.history[-2]["expected"]
    (5, True)
    """

    UNITS = ("infantry", "mg-team", "mortar-team", "at-team", "light-vehicle", "heavy-vehicle", "emplacement")

    def __init__(self) -> None:
        import ipywidgets as w

        self.unit = w.Dropdown(options=list(self.UNITS), value="infantry", description="target")
        self.damage = {t: w.IntSlider(value=0, min=0, max=5, description=t) for t in combat.DAMAGE_TYPES}
        self.building = w.Checkbox(value=False, description="in a building", indent=False)
        self.upgrade = w.Checkbox(value=False, description="defense upgrade", indent=False)
        self.health = w.IntSlider(value=4, min=1, max=8, description="health")
        self.info = w.HTML()
        self.history: list[dict[str, Any]] = []
        self.dice = 0
        self.breakdown: dict[str, int] = {}
        self.result: Any = None
        for c in (self.unit, self.building, self.upgrade, self.health, *self.damage.values()):
            c.observe(lambda _c: self.update(), names="value")
        self.widget = w.VBox([w.HTML("<b>How many defense dice does this unit get?</b>"),
                              w.HBox([w.VBox([self.unit, *self.damage.values()]),
                                      w.VBox([self.building, self.upgrade, self.health])]), self.info])
        self.update()

    def damage_dice(self) -> dict[str, int]:
        """The damage dice set on the sliders."""
        return {t: s.value for t, s in self.damage.items()}

    def update(self) -> None:
        """Ask the library for the dice and the odds, record and show them."""
        from wartools.widgets.common import pre

        dmg, kw = self.damage_dice(), {"building": self.building.value, "upgrade": self.upgrade.value}
        self.breakdown = defense_breakdown(self.unit.value, dmg, **kw)
        self.dice = self.breakdown["total"]
        self.result = combat.resolve_damage(self.unit.value, dmg, health=self.health.value, **kw)
        row = combat.defense_row(self.unit.value)
        r = self.result
        lines = [f"defense matrix row ({combat.health_colour(self.unit.value)}): "
                 + ", ".join(f"{t} {row[t]}" for t in combat.DAMAGE_TYPES),
                 f"defense dice: {self.dice} = {self.breakdown['resistance']} resistance + "
                 f"{self.breakdown['building']} building + {self.breakdown['upgrade']} upgrade",
                 f"P(destroyed) = {r.destroyed} (~{float(r.destroyed):.1%}), expected loss "
                 f"{float(r.expected_damage):.2f}",
                 "health left: " + ", ".join(f"{k}: {float(p):.1%}" for k, p in sorted(r.figures_left.pmf().items()))]
        self.info.value = pre("\n".join(lines))
        self.history.append({"unit": self.unit.value, "damage": dmg, **kw, "health": self.health.value,
                             "dice": self.dice, "destroyed": r.destroyed, "expected": r.expected_damage})

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def experiments() -> dict[str, Callable[[], Any]]:
    """Factories of the three experiments, by topic.

    Examples
    --------
    >>> sorted(experiments())
    ['combat', 'los', 'movement']
    """
    return {"los": BuildingSightExperiment, "movement": MovementExperiment, "combat": DefenseDiceExperiment}


# --- self-checks ---------------------------------------------------------------------------------
def los_questions() -> list[SelfCheck]:
    """Self-checks on sight, range, buildings, HE and camouflage (Company of Heroes 5.1, 7).

    Examples
    --------
    >>> [q.expected() for q in los_questions()]
    ['no', 'clear', 18, 'yes', 'no']
    """
    sight, sniper, mortar = fixture(SIGHT_MAP), fixture(SNIPER_MAP), fixture(MORTAR_MAP)
    return [
        SelfCheck("The Riflemen stand at D3, next to the building at D4. Can they see D5, straight behind it?",
                  lambda: _yes(line_of_sight(sight, "D3", "D5").visible),
                  "The ruler from D3 to D5 goes in through one green side of D4 and out through the "
                  "opposite one: two sides fully crossed, so the building blocks (CoH 7).",
                  choices=["yes", "no"]),
        SelfCheck("Same map: the line from C4 to E4. Clear or blocked?",
                  lambda: line_of_sight(sight, "C4", "E4").status,
                  "It only runs along the D4|D5 side of the building without cutting through it; a "
                  "building blocks only a line that crosses two of its sides (CoH 7).",
                  choices=["clear", "blocked"]),
        SelfCheck("Same map: how many hexes within 2 of D3 do the Riflemen see (their own hex included)?",
                  lambda: len(viewshed(sight, "D3")),
                  lambda n: f"{len(sight.grid.within(sight.cell('D3'), 2))} hexes lie within 2 of D3 (its "
                            f"own, 6 adjacent, 12 at range 2); only D5 is hidden by the building, leaving "
                            f"{n} (CoH 7, Sight: default range 2)."),
        SelfCheck("The US mortar at D3 fires HE at the Grenadiers at D5, behind the building. Is the attack "
                  "line over the building clear?",
                  lambda: _yes(line_of_sight(mortar, "D3", "D5", mode="fire", indirect=True).visible),
                  "HE is indirect fire and passes over buildings (CoH 5.1). Whether the mortar may fire is a "
                  "second question: someone on its team must see D5.", choices=["yes", "no"]),
        SelfCheck("The camouflaged sniper is at E2; the US Riflemen at C2 are two hexes from it. Can the "
                  "mortar at A2 (range 4) target the sniper?",
                  lambda: _yes(coh_los.can_attack(sniper, "A2", "E2", range=4)),
                  "A camouflaged unit is spotted only by adjacent units (CoH 7, Camouflage). The Riflemen "
                  "are two hexes away, so nobody on the team sees the sniper and the mortar may not fire.",
                  choices=["yes", "no"]),
    ]


def movement_questions() -> list[SelfCheck]:
    """Self-checks on cp, buildings, the speed die and obstacles (Company of Heroes 4).

    Examples
    --------
    >>> [q.expected() for q in movement_questions()]
    [1, 4, 'no', 1, 'no']
    """
    bmap, open_map, obst = fixture(BUILDING_MOVE_MAP), fixture(OPEN_MAP), fixture(OBSTACLE_MAP)
    return [
        SelfCheck("How many cp do the Riflemen at B2 spend to enter the building at C2?",
                  lambda: path(bmap, "B2", "C2").cost,
                  "Entering a building is normal movement: one cp per hex. What is special is that the "
                  "squad cannot leave it again this round (CoH 4, Regular Infantry)."),
        SelfCheck("On open ground, how many hexes can the jeep at A2 move this round?",
                  lambda: max(reachable(open_map, "A2").costs.values()),
                  "Three cp like every unit, plus one free move from its speed die (CoH 4, Light Vehicle "
                  "Units)."),
        SelfCheck("Can a mortar team at B2 move into the building at C2?",
                  lambda: _yes(path(bmap, "B2", "C2", "mortar-team").reachable),
                  "Only regular infantry and machine-gun teams go into buildings; mortar and AT gun "
                  "teams cannot (CoH 4, Weapon Teams).", choices=["yes", "no"]),
        SelfCheck("An infantry squad has already spent 2 cp this round. How many more hexes can it move?",
                  lambda: max(reachable(open_map, "A3", budget=Rules.cp_per_round - 2).costs.values()),
                  "A unit spends at most three cp per round, one hex each, whatever turn it spends "
                  "them in (CoH 4, Basic Movement)."),
        SelfCheck("Obstacle map: may the Riflemen at A3 end their move on B2, where the allied MG team is?",
                  lambda: _yes(m_cell_reachable(obst, "A3", "B2")),
                  "A move may pass through an allied unit but not stop on it: one unit per hex (CoH 4, "
                  "Obstacles to Movement).", choices=["yes", "no"]),
    ]


def m_cell_reachable(m: Map, start: str, goal: str, unit: str | None = None) -> bool:
    """Whether a move from ``start`` can end on ``goal`` this round (Company of Heroes 4).

    Examples
    --------
    >>> m_cell_reachable(fixture(OBSTACLE_MAP), "A3", "A2")
    True
    """
    return m.cell(goal) in reachable(m, start, unit).costs


def combat_questions() -> list[SelfCheck]:
    """Self-checks on damage types, defense dice and odds (Company of Heroes 5.1, 6, 6.1).

    Examples
    --------
    >>> [q.expected() for q in combat_questions()][:3]
    [1, Fraction(1, 3), 5]
    """
    pooled = combat.pool_damage(*ATTACKS.values())
    return [
        SelfCheck("The British Infantry Section is hit by Riflemen (1 AI), Grenadiers (1 AI) and an Sd.Kfz. 222 "
                  "(1 AI + 1 AP). How many defense dice does it roll?",
                  lambda: combat.defense_dice("infantry", pooled),
                  "Infantry resist only AP damage: one die per AP point. The three AI dice hit with no "
                  "roll (CoH 6, Defense Matrix)."),
        SelfCheck("Same attack, the section has 4 health. What is the probability it is destroyed? "
                  "(a fraction, a decimal or a percentage)",
                  lambda: combat.resolve_damage("infantry", pooled, health=4).destroyed,
                  lambda p: f"Three figures fall to the AI; the last one survives only if the single "
                            f"defense die shows green or black (4 faces of 6), so it dies with {p}.",
                  tolerance=0.005),
        SelfCheck("An infantry squad inside a building is assigned 3 AP. How many defense dice does it roll?",
                  lambda: combat.defense_dice("infantry", {"AP": 3}, building=True),
                  "Three for the AP (infantry resist AP) plus two for the building's cover (CoH 6, 6.1)."),
        SelfCheck("An infantry squad with a defense upgrade, inside a building, takes 2 Flame. How many "
                  "defense dice?",
                  lambda: combat.defense_dice("infantry", {"Flame": 2}, building=True, upgrade=True),
                  "Flame ignores every defense roll: no building cover, no upgrade die (CoH 5.1, 6.1)."),
        SelfCheck("A heavy vehicle (3 health) is assigned 4 AI. How much health does it lose on average?",
                  lambda: combat.resolve_damage("heavy-vehicle", {"AI": 4}, health=3).expected_damage,
                  "Heavy vehicles are immune to Anti-Infantry damage ('No Fire' on the Defense Matrix): "
                  "the dice do nothing at all (CoH 6)."),
    ]


def questions() -> dict[str, list[SelfCheck]]:
    """All self-checks of the lesson, by topic (``los``, ``movement``, ``combat``).

    Examples
    --------
    >>> all(len(qs) >= 3 for qs in questions().values())
    True
    """
    return {"los": los_questions(), "movement": movement_questions(), "combat": combat_questions()}
