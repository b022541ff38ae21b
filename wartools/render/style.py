"""The renderer's own styles: neutral fallbacks, roads, objectives, sides, counter text.

What a game's terrain, edge features and cell features look like is the game's
business: each :class:`~wartools.games.base.Game` sets a
:class:`~wartools.games.style.MapStyle` (``game.map_style``) that the renderer reads.
A name the game leaves unstyled is drawn in the neutral fallbacks here, so a game can
add terrain without touching the renderer. Road and objective kinds are defined by
the map format itself, so their styles live here.
"""
from __future__ import annotations

from wartools.games.style import EdgeStyle, FeatureMarker

FALLBACK_TERRAIN = "#dddddd"
FALLBACK_EDGE = EdgeStyle("#444444", 2.0, "-")
FALLBACK_FEATURE = FeatureMarker("D", "#555555")
FALLBACK_OBJECTIVE = FeatureMarker("D", "#000000")

# road kind -> line through the cell centres (road kinds are part of the map format)
ROAD_STYLES: dict[str, EdgeStyle] = {
    "paved": EdgeStyle("#7a7a7a", 3.0, "-"), "unpaved": EdgeStyle("#c8a165", 3.0, "-"),
    "railway": EdgeStyle("#222222", 2.0, "--"),
}

# objective kind -> marker in the cell's lower corner (objective kinds are part of the map format)
OBJECTIVE_MARKERS: dict[str, FeatureMarker] = {
    "victory": FeatureMarker("*", "#d4a017"), "resource": FeatureMarker("o", "#1f77b4"),
    "manpower": FeatureMarker("o", "#e0b000"), "munitions": FeatureMarker("o", "#c0392b"),
    "fuel": FeatureMarker("o", "#27ae60"), "objective": FeatureMarker("P", "#8e44ad"),
}

SIDE_COLOURS = ("#3b6fb6", "#6b6b6b", "#b03a2e", "#2e8b57", "#8e44ad")


def side_colour(side: str, sides: tuple[str, ...]) -> str:
    """A stable colour per side (by its position among the sides on the map)."""
    return SIDE_COLOURS[sides.index(side) % len(SIDE_COLOURS)] if side in sides else SIDE_COLOURS[-1]


def unit_abbreviation(unit_type: str) -> str:
    """Short counter text for a unit type id (``mg-team`` -> ``MG``, ``rifle`` -> ``RIF``).

    Examples
    --------
    >>> unit_abbreviation("mg-team"), unit_abbreviation("rifle"), unit_abbreviation("light-vehicle")
    ('MG', 'RIF', 'LV')
    """
    parts = [p for p in unit_type.split("-") if p not in ("team",)]
    if len(parts) > 1:
        return "".join(p[0] for p in parts).upper()
    word = parts[0] if parts else unit_type
    return word.upper() if len(word) <= 3 else word[:3].upper()
