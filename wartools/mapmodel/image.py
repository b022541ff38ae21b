"""Where a board picture (a scan, a VASSAL board image) lies under the grid.

The map file's optional ``image`` key records it::

    image:
      file: board.png        # relative to the map file; the picture is the player's own
      origin: [62.5, 54.0]   # pixel centre of the first cell (column 0, row 0: A1)
      pitch: [75.0, 86.6]    # pixels from one column centre to the next, one row centre to the next
      rotation: 0            # degrees the grid is turned on the picture (clockwise; y grows down)

``pitch`` is measured along the grid's own axes: for flat hexes the column
pitch is three quarters of a hex width and the row pitch one hex height; for
pointy hexes one hex width and three quarters of a hex height; for squares
the square's side. Different ``x`` and ``y`` pitches describe a stretched
picture (VASSAL grids need not be regular).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from wartools.grids import Grid
from wartools.grids.base import Cell, Layout


def unit_pitch(grid: Grid) -> tuple[float, float]:
    """Column and row pitch of ``grid`` in a unit-size :class:`~wartools.grids.base.Layout`.

    Examples
    --------
    >>> from wartools.grids import HexGrid, SquareGrid
    >>> [round(v, 4) for v in unit_pitch(HexGrid(3, 3))]
    [1.5, 1.7321]
    >>> [round(v, 4) for v in unit_pitch(HexGrid(3, 3, orientation="pointy"))]
    [1.7321, 1.5]
    >>> unit_pitch(SquareGrid(3, 3))
    (1.0, 1.0)
    """
    layout = Layout(grid)
    x0, y0 = layout.to_pixel(grid.from_offset(0, 0))
    x1, _ = layout.to_pixel(grid.from_offset(2, 0))
    _, y1 = layout.to_pixel(grid.from_offset(0, 2))
    return (abs(x1 - x0) / 2, abs(y1 - y0) / 2)


@dataclass(frozen=True)
class BoardImage:
    """A picture of the board and where the grid's cells lie on it.

    Examples
    --------
    >>> from wartools.grids import HexGrid
    >>> g = HexGrid(4, 3)
    >>> im = BoardImage("board.png", origin=(50.0, 40.0), pitch=(60.0, 70.0))
    >>> im.to_pixel(g, g.parse("A1")), im.to_pixel(g, g.parse("C1"))
    ((50.0, 40.0), (170.0, 40.0))
    >>> im.to_pixel(g, g.parse("B1"))                  # odd columns sit half a hex down
    (110.0, 75.0)
    >>> g.label(im.to_cell(g, 112.0, 80.0))
    'B1'
    """

    file: str
    origin: tuple[float, float]
    pitch: tuple[float, float]
    rotation: float = 0.0
    size: tuple[int, int] | None = None

    @classmethod
    def from_similarity(cls, file: str, grid: Grid, scale: float, rotation: float,
                        origin: tuple[float, float], size: tuple[int, int] | None = None) -> BoardImage:
        """The picture calibration of a similarity fit: image pixel = ``origin`` + the unit
        layout point turned by ``rotation`` degrees (clockwise) and scaled by ``scale``
        (what :class:`wartools.calibrate.Calibration` holds), so a scanned board's fit can be
        saved in the map's ``image`` key.

        Examples
        --------
        >>> from wartools.grids import SquareGrid
        >>> g = SquareGrid(4, 4)
        >>> im = BoardImage.from_similarity("scan.png", g, scale=40.0, rotation=0.0, origin=(10.0, 20.0))
        >>> im.origin, im.pitch, im.to_pixel(g, g.parse("B1"))
        ((10.0, 20.0), (40.0, 40.0), (50.0, 20.0))
        """
        ux, uy = unit_pitch(grid)
        x, y = Layout(grid).to_pixel(grid.from_offset(0, 0))
        t = math.radians(rotation)
        cos, sin = math.cos(t), math.sin(t)
        first = (origin[0] + scale * (cos * x - sin * y), origin[1] + scale * (sin * x + cos * y))
        return cls(file, (round(first[0], 9), round(first[1], 9)), (scale * ux, scale * uy), float(rotation),
                   size)

    def _frame(self, grid: Grid) -> tuple[tuple[float, float], tuple[float, float], float, float]:
        layout = Layout(grid)
        ux, uy = unit_pitch(grid)
        x0, y0 = layout.to_pixel(grid.from_offset(0, 0))
        return (x0, y0), (self.pitch[0] / ux, self.pitch[1] / uy), \
            math.cos(math.radians(self.rotation)), math.sin(math.radians(self.rotation))

    def to_pixel(self, grid: Grid, cell: Cell) -> tuple[float, float]:
        """Pixel centre of ``cell`` on the picture."""
        return self.layout_to_pixel(grid, *Layout(grid).to_pixel(cell))

    def layout_to_pixel(self, grid: Grid, x: float, y: float) -> tuple[float, float]:
        """A point of the grid's unit-size :class:`~wartools.grids.base.Layout` (a cell corner,
        say) on the picture."""
        (x0, y0), (sx, sy), cos, sin = self._frame(grid)
        u, v = (x - x0) * sx, (y - y0) * sy
        return (round(self.origin[0] + cos * u - sin * v, 9), round(self.origin[1] + sin * u + cos * v, 9))

    def to_cell(self, grid: Grid, px: float, py: float) -> Cell:
        """The cell under picture pixel ``(px, py)`` (on or off the board)."""
        (x0, y0), (sx, sy), cos, sin = self._frame(grid)
        du, dv = px - self.origin[0], py - self.origin[1]
        u, v = cos * du + sin * dv, -sin * du + cos * dv
        return Layout(grid).to_cell(x0 + u / sx, y0 + v / sy)

    def to_dict(self) -> dict[str, object]:
        """The ``image`` entry of the map file."""
        out: dict[str, object] = {"file": self.file, "origin": list(self.origin), "pitch": list(self.pitch)}
        if self.rotation:
            out["rotation"] = self.rotation
        if self.size is not None:
            out["size"] = list(self.size)
        return out
