"""Pure grid geometry: hex and square boards, labels, edges and exact rulers.

Nothing here knows about terrain or games.

Examples
--------
>>> from wartools.grids import HexGrid
>>> g = HexGrid(10, 10)
>>> r = g.ruler(g.parse("B2"), g.parse("B5"))
>>> [(g.label(c.cell), c.contact) for c in r.cells]
[('B2', 'crossed'), ('B3', 'crossed'), ('B4', 'crossed'), ('B5', 'crossed')]
>>> r = g.ruler(g.parse("B2"), g.parse("D2"))   # runs along the C2|C3 hexside
>>> [(g.label(c.cell), c.contact) for c in r.cells]
[('B2', 'crossed'), ('C2', 'along'), ('C3', 'along'), ('D2', 'crossed')]
>>> [(g.edge_label(e.edge), e.contact) for e in r.edges]
[('B2|C2', 'vertex'), ('B2|C3', 'vertex'), ('C2|C3', 'along'), ('C2|D2', 'vertex'), ('C3|D2', 'vertex')]
"""
from __future__ import annotations

from wartools.grids.base import CellContact, Edge, EdgeContact, Grid, Layout, Ruler
from wartools.grids.exact import CONTACTS, Contact
from wartools.grids.hexgrid import HEX_DIRECTIONS, Hex, HexGrid, cube_round
from wartools.grids.labels import SCHEMES, format_label, letters, parse_label
from wartools.grids.square import Square, SquareGrid

__all__ = ["CONTACTS", "CellContact", "Contact", "Edge", "EdgeContact", "Grid", "HEX_DIRECTIONS",
           "Hex", "HexGrid", "Layout", "Ruler", "SCHEMES", "Square", "SquareGrid", "cube_round",
           "format_label", "letters", "parse_label"]
