"""Custom cell numbering (``labels: custom``): any start, direction, padding, letters and stagger.

Published boards number their cells in many ways: the first column may be 0
or 10, numbers may run right to left or bottom to top, carry leading zeros,
be letters (``A`` .. ``Z``, then ``AA``, ``BB`` ... as many boards and VASSAL
print them), be joined by a separator (``12-07``) and, on hex boards, every
other column's row numbers may be shifted by one (*stagger*). A
:class:`Numbering` describes all of this for one grid, in the grid's own
0-based column and row indices:

* each axis has a value ``start + step * index`` (``step`` is ``1`` or ``-1``),
  printed as a number zero-padded to ``digits`` or as repeated letters;
* ``stagger`` adds ``shift`` to one axis' value on the cells whose index on
  the *other* axis has the given parity;
* the column part or the row part comes first, joined by ``separator``.

Examples
--------
>>> n = Numbering(column=AxisNumbering(start=1, digits=2), row=AxisNumbering(start=1, digits=2))
>>> n.format(2, 3)
'0304'
>>> n = Numbering(column=AxisNumbering("letter", start=0), row=AxisNumbering(start=10, step=-1),
...               separator="-")
>>> n.format(0, 0), n.format(27, 4)
('A-10', 'BB-6')
>>> s = Numbering(AxisNumbering(), AxisNumbering(), stagger=Stagger("column", "odd", 1))
>>> [s.format(c, 0) for c in range(4)]             # odd columns' rows count from 2
['11', '22', '31', '42']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartools.errors import GridError

STYLES = ("number", "letter")
AXES = ("column", "row")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def repeated_letters(value: int) -> str:
    """``A`` .. ``Z`` for 0..25, then ``AA``, ``BB`` .. ``ZZ``, ``AAA`` ...; negatives get ``-``.

    Examples
    --------
    >>> [repeated_letters(v) for v in (0, 25, 26, 27, 51, 52, -1)]
    ['A', 'Z', 'AA', 'BB', 'ZZ', 'AAA', '-B']
    """
    sign = "-" if value < 0 else ""
    value = abs(value)
    return sign + _ALPHABET[value % 26] * (value // 26 + 1)


@dataclass(frozen=True)
class AxisNumbering:
    """How one axis (columns or rows) is printed: ``start + step * index``.

    ``digits`` is the minimum width of a number (zero-padded; a minus sign
    comes first); letters ignore it.
    """

    style: str = "number"
    start: int = 1
    step: int = 1
    digits: int = 1

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise GridError(f"numbering style must be one of {', '.join(STYLES)}, got {self.style!r}")
        if self.step not in (1, -1):
            raise GridError(f"numbering step must be 1 or -1, got {self.step!r}")
        if not 1 <= self.digits <= 9:
            raise GridError(f"numbering digits must be 1..9, got {self.digits!r}")

    def text(self, value: int) -> str:
        """One printed part for the axis value ``value``."""
        if self.style == "letter":
            return repeated_letters(value)
        return ("-" if value < 0 else "") + f"{abs(value):0{self.digits}d}"

    def to_dict(self) -> dict[str, Any]:
        return {"style": self.style, "start": self.start, "step": self.step, "digits": self.digits}


@dataclass(frozen=True)
class Stagger:
    """Hex boards: cells whose ``axis`` index has ``parity`` add ``shift`` to the other axis' value."""

    axis: str = "column"
    parity: str = "odd"
    shift: int = 1

    def __post_init__(self) -> None:
        if self.axis not in AXES:
            raise GridError(f"stagger axis must be column or row, got {self.axis!r}")
        if self.parity not in ("odd", "even"):
            raise GridError(f"stagger parity must be odd or even, got {self.parity!r}")
        if not isinstance(self.shift, int) or isinstance(self.shift, bool) or self.shift == 0:
            raise GridError(f"stagger shift must be a non-zero integer, got {self.shift!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"axis": self.axis, "parity": self.parity, "shift": self.shift}


@dataclass(frozen=True)
class Numbering:
    """A custom labelling of a grid's cells (see the module docstring)."""

    column: AxisNumbering = AxisNumbering()
    row: AxisNumbering = AxisNumbering()
    first: str = "column"
    separator: str = ""
    stagger: Stagger | None = None

    def __post_init__(self) -> None:
        if self.first not in AXES:
            raise GridError(f"numbering first must be column or row, got {self.first!r}")
        if not isinstance(self.separator, str) or any(c.isspace() for c in self.separator):
            raise GridError(f"numbering separator must be a string without spaces, got {self.separator!r}")

    def values(self, col: int, row: int) -> tuple[int, int]:
        """The column and row values printed for 0-based ``col``, ``row``."""
        cv = self.column.start + self.column.step * col
        rv = self.row.start + self.row.step * row
        s = self.stagger
        if s is not None:
            index = col if s.axis == "column" else row
            if index % 2 == (1 if s.parity == "odd" else 0):
                if s.axis == "column":
                    rv += s.shift
                else:
                    cv += s.shift
        return cv, rv

    def format(self, col: int, row: int) -> str:
        """The label of the cell at 0-based ``col``, ``row``."""
        cv, rv = self.values(col, row)
        parts = (self.column.text(cv), self.row.text(rv))
        if self.first == "row":
            parts = parts[::-1]
        return self.separator.join(parts)

    def table(self, columns: int, rows: int) -> dict[str, tuple[int, int]]:
        """Every label of a ``columns`` x ``rows`` board, upper-cased, to its 0-based cell.

        Raises
        ------
        GridError
            If two cells would print the same label (``AAAA`` with no separator ...).
        """
        out: dict[str, tuple[int, int]] = {}
        for c in range(columns):
            for r in range(rows):
                text = self.format(c, r).upper()
                if text in out:
                    raise GridError(f"custom numbering gives two cells the label {text!r}; "
                                    "add a separator or change the numbering")
                out[text] = (c, r)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ``grid.numbering`` entry of a map file."""
        out: dict[str, Any] = {"first": self.first, "separator": self.separator,
                               "column": self.column.to_dict(), "row": self.row.to_dict()}
        if self.stagger is not None:
            out["stagger"] = self.stagger.to_dict()
        return out
