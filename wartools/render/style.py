"""Colours and line styles for terrain, edge features, roads and sides.

Keys are the games' own terrain and feature ids; a name missing here falls
back to a neutral style, so a game can add terrain without touching the renderer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.typing import LineStyleType

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#eef0d8", "open": "#eef0d8", "beach": "#f3e2a9", "sea": "#7fb2e5", "water": "#7fb2e5",
    "woods": "#5f9e4f", "orchard": "#a8d08d", "cemetery": "#c9c9b4", "marsh": "#9fc5b8",
    "town": "#b5a28c", "farm": "#d9b88f", "building": "#a6846a", "bunker": "#7d7d7d",
    "brush": "#9cc27a", "field": "#e8d36b", "trench": "#9b8465", "difficult": "#c8b89a",
    "stream": "#8fc1e8", "mound": "#d8c48c",
}
FALLBACK_TERRAIN = "#dddddd"

# edge feature -> (colour, line width, line style)
EDGE_STYLES: dict[str, tuple[str, float, LineStyleType]] = {
    "hedge": ("#1f5f1f", 4.0, "-"), "river": ("#2f6fd0", 5.0, "-"), "stream": ("#4f8fe0", 3.0, "-"),
    "lake": ("#2f6fd0", 6.0, "-"), "bridge": ("#8b5a2b", 6.0, "-"), "ford": ("#9fd0ff", 4.0, "--"),
    "cliff": ("#222222", 4.0, "-"), "slope": ("#c07a2c", 2.5, "--"), "wall": ("#555555", 4.0, "-"),
    "impassable": ("#d01c1c", 4.0, "-"), "heavy-cover": ("#2e9e3e", 3.0, "-"),
    "light-cover": ("#e0c020", 3.0, "-"), "opening": ("#ffffff", 3.0, ":"),
    "barbed-wire": ("#7a3fa0", 2.5, ":"), "hedgehog": ("#000000", 3.0, "-."),
    "contour": ("#e02020", 2.0, "--"), "seawall": ("#606060", 6.0, "-"), "ladder": ("#8b5a2b", 3.0, ":"),
}
FALLBACK_EDGE: tuple[str, float, LineStyleType] = ("#444444", 2.0, "-")
CROSSINGS = frozenset({"bridge", "ford", "opening", "ladder"})

ROAD_STYLES: dict[str, tuple[str, float, LineStyleType]] = {
    "paved": ("#7a7a7a", 3.0, "-"), "unpaved": ("#c8a165", 3.0, "-"), "railway": ("#222222", 2.0, "--"),
}

OBJECTIVE_MARKERS: dict[str, tuple[str, str]] = {
    "victory": ("*", "#d4a017"), "resource": ("o", "#1f77b4"), "manpower": ("o", "#e0b000"),
    "munitions": ("o", "#c0392b"), "fuel": ("o", "#27ae60"), "objective": ("P", "#8e44ad"),
}

# cell feature -> (marker, colour): small symbols in the cell's upper corner
FEATURE_MARKERS: dict[str, tuple[str, str]] = {
    "smoke": ("o", "#8c8c8c"), "fading-smoke": ("o", "#c9c9c9"), "wreck": ("X", "#3a3a3a"),
    "mines": ("v", "#c0392b"), "mine": ("v", "#c0392b"), "foxhole": ("^", "#7a5230"),
    "wire": ("x", "#7a3fa0"),
}
FALLBACK_FEATURE = ("D", "#555555")

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
