"""Cell labels printed on boards: ``C4``, ``G08``, ``0304`` and ``7-G08``.

A label names a cell by its 0-based offset column and row. Schemes:

``column-letter``
    column as letters (A..Z, AA, AB, ...), row as a 1-based number: ``C4``.
``row-letter``
    row as letters, column as a zero-padded 1-based number: ``G08``.
``numeric``
    column then row, each zero-padded 1-based: ``0304`` (column 3, row 4).

Any scheme may carry a map-number prefix (``7-G08``), as on multi-panel boards.
"""
from __future__ import annotations

import re

from wartools.errors import GridError
from wartools.limits import MAX_LABEL_CHARS, shown

SCHEMES = ("column-letter", "row-letter", "numeric")


def letters(index: int) -> str:
    """Spreadsheet letters for a 0-based index.

    Examples
    --------
    >>> [letters(i) for i in (0, 25, 26, 27, 701, 702)]
    ['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']
    """
    if index < 0:
        raise GridError(f"letter index must be >= 0, got {index}")
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letters_index(text: str) -> int:
    """Inverse of :func:`letters`.

    Examples
    --------
    >>> letters_index("AB")
    27
    """
    value = 0
    for ch in text.upper():
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def _width(count: int) -> int:
    return max(2, len(str(count)))


def format_label(scheme: str, col: int, row: int, columns: int, rows: int,
                 prefix: str | None = None) -> str:
    """Label of the cell at 0-based ``col``, ``row``.

    Examples
    --------
    >>> format_label("column-letter", 2, 3, 10, 10)
    'C4'
    >>> format_label("row-letter", 7, 6, 10, 10, prefix="7")
    '7-G08'
    >>> format_label("numeric", 2, 3, 10, 10)
    '0304'
    """
    if scheme == "column-letter":
        text = f"{letters(col)}{row + 1}"
    elif scheme == "row-letter":
        text = f"{letters(row)}{col + 1:0{_width(columns)}d}"
    elif scheme == "numeric":
        text = f"{col + 1:0{_width(columns)}d}{row + 1:0{_width(rows)}d}"
    else:
        raise GridError(f"unknown label scheme {scheme!r}; valid: {', '.join(SCHEMES)}")
    return f"{prefix}-{text}" if prefix else text


_LETTER_NUMBER = re.compile(r"^([A-Za-z]+)0*([0-9]+)$")


def parse_label(scheme: str, text: str, columns: int, rows: int,
                prefix: str | None = None) -> tuple[int, int]:
    """Parse a label into a 0-based ``(col, row)``; the prefix is optional on input.

    Bounds are not checked here (the grid does that).

    Examples
    --------
    >>> parse_label("column-letter", "c4", 10, 10)
    (2, 3)
    >>> parse_label("row-letter", "7-G08", 10, 10, prefix="7")
    (7, 6)
    >>> parse_label("numeric", "0304", 10, 10)
    (2, 3)
    >>> parse_label("numeric", "34", 10, 10)
    Traceback (most recent call last):
    ...
    wartools.errors.GridError: label '34' is not numeric like '0304' (column 03, row 04)
    """
    raw = text
    if not isinstance(text, str):
        raise GridError(f"label must be a string, got {text!r}")
    if len(text) > MAX_LABEL_CHARS:
        raise GridError(f"label {shown(text)} is longer than the limit of {MAX_LABEL_CHARS} characters")
    text = text.strip()
    if prefix and text.upper().startswith(f"{prefix}-".upper()):
        text = text[len(prefix) + 1:]
    if scheme in ("column-letter", "row-letter"):
        m = _LETTER_NUMBER.match(text)
        if not m or int(m.group(2)) < 1:
            example = "C4" if scheme == "column-letter" else "G08"
            raise GridError(f"label {raw!r} is not {scheme} like {example!r}")
        a, n = letters_index(m.group(1)), int(m.group(2)) - 1
        return (a, n) if scheme == "column-letter" else (n, a)
    if scheme == "numeric":
        wc, wr = _width(columns), _width(rows)
        if not (text.isascii() and text.isdigit() and len(text) == wc + wr) or int(text[:wc]) < 1 or int(text[wc:]) < 1:
            example = "0" * (wc - 1) + "3" + "0" * (wr - 1) + "4"
            raise GridError(f"label {raw!r} is not numeric like {example!r} "
                            f"(column {example[:wc]}, row {example[wc:]})")
        return int(text[:wc]) - 1, int(text[wc:]) - 1
    raise GridError(f"unknown label scheme {scheme!r}; valid: {', '.join(SCHEMES)}")
