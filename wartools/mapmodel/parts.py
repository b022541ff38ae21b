"""The small values a map is made of (:class:`Unit`, :class:`Road`, :class:`Objective`) and the
names of the map format's keys, shared by the model and its validator.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wartools.rules import Vocabulary
from wartools.grids import Edge
from wartools.grids.base import Cell

FORMAT = "wartools-map/1"
TOP_KEYS = ("format", "name", "game", "grid", "terrain", "elevation", "edges", "features", "roads",
            "objectives", "zones", "units", "image", "teams")
ROAD_KINDS = Vocabulary("road kind", ("paved", "unpaved", "railway"),
                        {"road": "paved", "dirt": "unpaved", "trail": "unpaved", "track": "unpaved",
                         "rail": "railway", "railroad": "railway"})
OBJECTIVE_KINDS = Vocabulary("objective kind",
                             ("victory", "resource", "manpower", "munitions", "fuel", "objective"),
                             {"vp": "victory", "flag": "objective"})
UNIT_KEYS = ("id", "side", "type", "cell", "name", "strength", "tags")


def tag_value(tags: Iterable[str], name: str) -> str | None:
    """The value of the first ``name=value`` tag among ``tags`` (``None``: there is none): a state
    a game's rules keep on a unit with a value (``assaulting=C3``, ``pinning=de-1``).

    Examples
    --------
    >>> tag_value(("half-hit", "assaulting=C3"), "assaulting"), tag_value(("assaulting",), "assaulting")
    ('C3', None)
    """
    for t in tags:
        key, sep, value = t.partition("=")
        if sep and key == name:
            return value
    return None


@dataclass(frozen=True)
class Unit:
    """A counter or miniature on the map.

    ``tags`` hold per-unit states such as ``camouflaged``, ``deployed``,
    ``face-up`` or ``pinned``; their meaning belongs to the game rules.
    """

    id: str
    side: str
    type: str
    cell: Cell
    name: str | None = None
    strength: int | None = None
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Road:
    """A road or railway through consecutive adjacent cells."""

    kind: str
    cells: tuple[Cell, ...]

    def edges(self) -> list[Edge]:
        """The hexsides/interspaces the road runs across."""
        return [Edge.of(a, b) for a, b in zip(self.cells, self.cells[1:])]


@dataclass(frozen=True)
class Objective:
    """A victory, resource or other objective cell."""

    cell: Cell
    kind: str
    value: int = 1
