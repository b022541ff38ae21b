"""The renderer's own styles: neutral fallbacks, roads, objectives, sides, counter text.

What a game's terrain, edge features and cell features look like is the game's
business: each :class:`~wartools.rules.Game` sets a
:class:`~wartools.rules.style.MapStyle` (``game.map_style``) that the renderer reads.
A name the game leaves unstyled is drawn in the neutral fallbacks here, so a game can
add terrain without touching the renderer. Road and objective kinds are defined by
the map format itself, so their styles live here.
"""
from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from wartools.rules.style import EdgeStyle, FeatureMarker

#: the board's own ink: hex outlines, cell labels, elevation numbers, chart text
GRID_LINE = "#8a8a7a"
LABEL_INK = "#555555"
ELEVATION_INK = "#6b3f10"
INK = "#222222"
#: one colour for "a probability" in every odds chart
PROBABILITY_BAR = "#3b6fb6"
#: an objective nobody holds (outlined, dashed) on scenario pictures: dark, so it shows on light terrain
#: and in the key
NOBODY = "#222222"
#: a plain highlight for ad-hoc pictures (a meaning of :data:`MEANINGS` is preferred)
HIGHLIGHT = "#ffcc00"
#: how opaque a number scale over the map is where the terrain must stay readable under it (a
#: reach: the costs come from the terrain)
SCALE_ALPHA = 0.45

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

#: the colours of sides, by name, the same on every map of every game (a game's
#: ``map_style.sides`` may override them); an unknown side gets one of ``SIDE_COLOURS`` chosen
#: by its name, so it too keeps its colour from map to map
NATION_COLOURS = {"US": "#3b6fb6", "USA": "#3b6fb6", "American": "#3b6fb6", "Allies": "#3b6fb6",
                  "British": "#9c7a3c", "UK": "#9c7a3c", "Commonwealth": "#9c7a3c", "Canadian": "#9c7a3c",
                  "German": "#5a5a5a", "Germany": "#5a5a5a", "Wehrmacht": "#5a5a5a", "Axis": "#5a5a5a",
                  "Soviet": "#b03a2e", "Russian": "#b03a2e", "USSR": "#b03a2e", "French": "#2e6f8e"}
SIDE_COLOURS = ("#3b6fb6", "#5a5a5a", "#b03a2e", "#2e8b57", "#8e44ad", "#9c7a3c")


def side_colour(side: str, sides: tuple[str, ...] = (), game_sides: Mapping[str, str] | None = None) -> str:
    """The colour of a side: the game's style, else the nation's colour, else one chosen by the
    side's name (never by its position among the map's sides, so it never swaps between maps).

    Examples
    --------
    >>> side_colour("US"), side_colour("German"), side_colour("US", ("German", "US"))
    ('#3b6fb6', '#5a5a5a', '#3b6fb6')
    >>> side_colour("Blue team") == side_colour("Blue team", ("Red team", "Blue team"))
    True
    """
    if game_sides and side in game_sides:
        return game_sides[side]
    if side in NATION_COLOURS:
        return NATION_COLOURS[side]
    return SIDE_COLOURS[zlib.crc32(side.encode()) % len(SIDE_COLOURS)]


@dataclass(frozen=True)
class Look:
    """What one meaning looks like in every picture: colour, line style, marker, hatch,
    transparency, and the words the legend uses. See ``docs/visual-language.md``."""

    colour: str
    label: str
    line: str = ""
    marker: str = ""
    hatch: str = ""
    alpha: float = 1.0


#: the fixed meanings of the pictures' overlays (Okabe-Ito colours, safe for colour-blind
#: readers, and a line style or hatch besides the colour)
MEANINGS: dict[str, Look] = {
    "clear": Look("#0072b2", "line of sight: clear", "-", "o"),
    "hindered": Look("#e69f00", "line of sight: hindered", "--", "o"),
    "blocked": Look("#d55e00", "line of sight: blocked", ":", "X"),
    "path": Look("#cc79a7", "path (running cost in each hex)", "-", ">"),
    "unreachable": Look("#d55e00", "goal out of reach", alpha=0.35, hatch="xx"),
    "viewshed": Look("#56b4e9", "seen from the observer", alpha=0.35),
    "observer": Look("#000000", "observer", alpha=0.25),
    "dead-ground": Look("#000000", "dead ground (no friendly unit sees it)", hatch="xxx", alpha=0.0),
    "post-a": Look("#0072b2", "seen from the first post only", alpha=0.4),
    "post-b": Look("#e69f00", "seen from the second post only", alpha=0.4),
    "both-see": Look("#f0e442", "seen from both posts", hatch="..", alpha=0.55),
    "enemy": Look("#d55e00", "enemy units' hexes", alpha=0.4),
    "selected": Look("#009e73", "selected", alpha=0.4),
    "start": Look("#009e73", "start of the move", hatch="//", alpha=0.3),
    "reachable": Look("#009e73", "reachable this turn", hatch="..", alpha=0.25),
    "legal-move": Look("#56b4e9", "legal move (cost written in the hex)", hatch="..", alpha=0.3),
    "target": Look("#d55e00", "fire plan target", hatch="//", alpha=0.3),
    "attacker": Look("#d55e00", "units that can fire at the clicked hex", hatch="\\\\", alpha=0.3),
    "objective": Look("#e69f00", "objective", hatch="++", alpha=0.3),
    "cheapest-route": Look("#cc79a7", "cheapest route", "--", ">"),
    "alternative-path": Look("#cc79a7", "another path (dearer)", ":", ">"),
    "fire-line": Look("#d55e00", "shot of the fire plan (shooter to target)", "-.", ">"),
    "turn-end": Look("#e69f00", "where a turn ends (T1, T2 ...)", hatch="||", alpha=0.3),
    "safest-route": Look("#0072b2", "least exposed route", "-", ">"),
    "approach": Look("#d55e00", "enemy approach", alpha=0.15),
    "edited-edge": Look("#56b4e9", "hexside just changed", "--"),
    "disputed": Look("#000000", "disputed (no side's alone)", hatch="//", alpha=0.35),
    "marked": Look("#56b4e9", "hexes the text names", hatch="..", alpha=0.25),
    "ruler": Look("#0072b2", "ruler between the hexes the text names", "-.", "o"),
    "fitted-grid": Look("#0072b2", "fitted grid", "-"),
    "refused-fit": Look("#e69f00", "refused fit (too far from the picked centres)", "--"),
    "picked": Look("#d55e00", "picked centres (with the fit's miss in pixels)", marker="+"),
}
#: the Okabe-Ito palette every meaning's colour comes from (Okabe and Ito 2008)
OKABE_ITO = ("#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7")
#: text colours of the widgets' messages: a self-check's verdict, a hint, an error. The words
#: carry the meaning ("Right.", "Not quite", the error itself); the colour only repeats it, dark
#: enough to read on white
FEEDBACK_COLOURS = {"right": "#1a7f1a", "wrong": "#b00", "hint": "#8a6d00", "error": "#b00"}
#: colour scales: sequential, perceptually uniform, readable in grey
REACH_CMAP = "viridis_r"
THREAT_CMAP = "magma_r"
COUNT_CMAP = "cividis"
RANK_CMAP = "cividis"  # a ranking, 1 = best: darker is better


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
