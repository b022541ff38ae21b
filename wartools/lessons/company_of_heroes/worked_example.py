"""The :class:`WorkedExample` record of the Company of Heroes lesson, and a drawing helper.

Each worked example of :mod:`.los`, :mod:`.movement` and :mod:`.combat`
recomputes one example of the rulebook with the library and returns a
:class:`WorkedExample`: its section, map, computed facts, a summary and an
overlay to draw. ``_shade`` builds the overlay that tints a set of hexes.

Rulebook sections (Basic Rules): the record itself cites none; each example
names its own section (4 Maneuver Phase, 5.1 Damage Types, 6 Defenses, 6.1
Static Defenses, 7 Additional Combat Rules) in :attr:`WorkedExample.section`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wartools.mapmodel import Map


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


def _shade(m: Map, cells: Any, colour: str, alpha: float = 0.3) -> Callable[[Any], Any]:
    from wartools.render import highlight_cells

    return lambda ax: highlight_cells(ax, m, cells, color=colour, alpha=alpha)
