"""Fixture maps of the Company of Heroes lesson and the helpers that read them.

Ten tiny original maps (``wartools-map/1`` YAML strings), one or two per worked
example, experiment and self-check; :data:`ATTACKS`, the attack dice of the
units in the examples; :func:`fixture` to load a map and ``_labels`` to name
its cells.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Regular Infantry, Light
Vehicle Units, Obstacles to Movement), 5 Damage Phase (the units' attack dice),
6 Defenses (Defense Rolls, Resolving Damage Example) and 7 Additional Combat
Rules (Spotting, Camouflage, Buildings Blocking Attacks and Sight).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartools.mapmodel import Map, loads_map

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


def fixture(text: str) -> Map:
    """Load one of the fixture maps of this module (a YAML string).

    Examples
    --------
    >>> fixture(SIGHT_MAP).terrain_at("D4")
    'building'
    """
    return loads_map(text, source="<lesson fixture>")


def _labels(m: Map, cells: Any) -> list[str]:
    return [m.label(c) for c in cells]
