"""Square grids, as in Heroes of Normandie: squares, 4- or 8-adjacency and interspaces.

``Square(x, y)`` is the 0-based column and row. Interspaces (the game's name
for the lines between squares) exist only between orthogonal neighbours;
diagonal neighbours meet at a corner. The integer frame puts the centre of
``Square(x, y)`` at ``(2x, 2y)`` with corners at ``(+-1, +-1)`` around it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from wartools.errors import GridError
from wartools.grids.base import Grid
from wartools.grids.exact import Point


class Square(NamedTuple):
    """A square by 0-based column ``x`` and row ``y``.

    Examples
    --------
    >>> Square(2, 3).rotate(1)
    Square(x=-3, y=2)
    """

    x: int
    y: int

    def rotate(self, turns: int) -> Square:
        """Rotate about the origin by ``turns`` quarter turns."""
        x, y = self
        for _ in range(turns % 4):
            x, y = -y, x
        return Square(x, y)

    def reflect(self) -> Square:
        """Mirror image across the x axis."""
        return Square(self.x, -self.y)


_ORTHOGONAL = ((1, 0), (0, -1), (-1, 0), (0, 1))
_DIAGONAL = ((1, -1), (-1, -1), (-1, 1), (1, 1))
_CORNERS: tuple[Point, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))


@dataclass(frozen=True)
class SquareGrid(Grid):
    """A rectangular board of squares.

    Parameters
    ----------
    adjacency
        8 (default: diagonal squares are adjacent, distance is the king's-move
        count) or 4 (orthogonal only, distance is the Manhattan count).

    Examples
    --------
    >>> g = SquareGrid(8, 6)
    >>> g.distance(g.parse("A1"), g.parse("D3")), SquareGrid(8, 6, adjacency=4).distance(g.parse("A1"), g.parse("D3"))
    (3, 5)
    >>> g.edge_label(g.edge(g.parse("B2"), g.parse("C2")))
    'B2|C2'
    """

    adjacency: int = 8

    type: ClassVar[str] = "square"
    pixel_matrix: ClassVar[tuple[tuple[float, float], tuple[float, float]]] = ((0.5, 0.0), (0.0, 0.5))

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.adjacency not in (4, 8):
            raise GridError(f"adjacency must be 4 or 8, got {self.adjacency!r}")

    def to_offset(self, cell: Square) -> tuple[int, int]:
        return cell[0], cell[1]

    def from_offset(self, col: int, row: int) -> Square:
        return Square(col, row)

    def all_neighbours(self, cell: Square) -> list[Square]:
        """Adjacent squares (4 or 8 by ``adjacency``), on or off the board."""
        steps = _ORTHOGONAL + _DIAGONAL if self.adjacency == 8 else _ORTHOGONAL
        return [Square(cell[0] + dx, cell[1] + dy) for dx, dy in steps]

    def edge_neighbours(self, cell: Square) -> list[Square]:
        """The four orthogonal neighbours, across an interspace."""
        return [Square(cell[0] + dx, cell[1] + dy) for dx, dy in _ORTHOGONAL]

    def distance(self, a: Square, b: Square) -> int:
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dx, dy) if self.adjacency == 8 else dx + dy

    def int_center(self, cell: Square) -> Point:
        return (2 * cell[0], 2 * cell[1])

    def int_corners(self, cell: Square) -> tuple[Point, ...]:
        x, y = 2 * cell[0], 2 * cell[1]
        return tuple((x + dx, y + dy) for dx, dy in _CORNERS)

    def nearest_cell(self, x: float, y: float) -> Square:
        return Square(int(round(x / 2.0)), int(round(y / 2.0)))

    def _candidates(self, a: Square, b: Square) -> set[Square]:
        # every square meeting the ruler lies in the rectangle spanned by its ends
        xs, ys = sorted((a[0], b[0])), sorted((a[1], b[1]))
        return {Square(x, y) for x in range(xs[0], xs[1] + 1) for y in range(ys[0], ys[1] + 1)}
