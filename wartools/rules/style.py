"""How a game's own names look on a map: the :class:`MapStyle` a :class:`~wartools.rules.Game` sets.

Terrain, edge-feature and cell-feature names belong to a game, so their colours do
too; the renderer (:mod:`wartools.render`) only reads ``game.map_style`` and falls
back to neutral styles for a name the game leaves unstyled. Things the map format
itself defines (objective kinds, road kinds), side colours and counter text stay in
:mod:`wartools.render.style`.

This module is plain data: it imports no matplotlib, so loading a map stays light.
Colours are anything matplotlib accepts (``"#5f9e4f"``); line styles are
matplotlib's short forms.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, NamedTuple

LineStyle = Literal["-", "--", ":", "-."]


class EdgeStyle(NamedTuple):
    """How an edge feature (hexside, interspace) is drawn: a line of this colour, width
    (points) and matplotlib line style (``"-"`` solid, ``"--"`` dashed, ``":"`` dotted,
    ``"-."`` dash-dot). (The renderer draws the map format's road kinds the same way.)"""

    colour: str
    width: float
    line: LineStyle = "-"


class FeatureMarker(NamedTuple):
    """How a cell feature (smoke, mines ...) is marked: a matplotlib marker symbol
    (``"o"``, ``"X"``, ``"v"`` ...) in a colour, in the cell's upper corner.
    (The renderer marks the map format's objective kinds the same way.)"""

    marker: str
    colour: str


@dataclass(frozen=True, eq=False)
class MapStyle:
    """A game's look: colours for its terrain, line styles for its edge features,
    markers for its cell features, and which edge features are *crossings*.

    Parameters
    ----------
    terrain
        Terrain name -> fill colour.
    edges
        Edge feature name -> :class:`EdgeStyle`.
    features
        Cell feature name -> :class:`FeatureMarker`.
    crossings
        Edge features that are passable gaps in what they cross (a bridge over a
        river, an opening in a wall); they are drawn on top of other edge features.
        Each must have an edge style.
    sides
        Side name -> counter colour, where the game wants other colours than the
        renderer's nation colours (``wartools.render.style.NATION_COLOURS``).

    The tables are read-only once built. A name missing from a table is drawn in a
    neutral fallback style by the renderer; the test suite checks that every name
    in each game's vocabulary is styled.

    Examples
    --------
    >>> s = MapStyle(terrain={"woods": "#5f9e4f"},
    ...              edges={"river": EdgeStyle("#2f6fd0", 5.0), "ford": EdgeStyle("#9fd0ff", 4.0, "--")},
    ...              crossings=frozenset({"ford"}))
    >>> s.edges["ford"]
    EdgeStyle(colour='#9fd0ff', width=4.0, line='--')
    >>> s.terrain.get("marsh") is None
    True
    >>> MapStyle(crossings=frozenset({"bridge"}))
    Traceback (most recent call last):
    ...
    ValueError: crossing 'bridge' has no edge style
    """

    terrain: Mapping[str, str] = field(default_factory=dict)
    edges: Mapping[str, EdgeStyle] = field(default_factory=dict)
    features: Mapping[str, FeatureMarker] = field(default_factory=dict)
    crossings: frozenset[str] = frozenset()
    sides: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("terrain", "edges", "features", "sides"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        object.__setattr__(self, "crossings", frozenset(self.crossings))
        for crossing in sorted(self.crossings):
            if crossing not in self.edges:
                raise ValueError(f"crossing {crossing!r} has no edge style")
