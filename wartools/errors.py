"""Exceptions raised by wartools.

Every error a user can cause derives from :class:`WartoolsError`; the command
line turns these into one line on stderr and exit status 2.
"""
from __future__ import annotations


def one_line(text: object) -> str:
    r"""``text`` on one line: line breaks, control characters and lone surrogates escaped.

    Examples
    --------
    >>> one_line("C3\x00\nfoo")
    'C3\\x00\\nfoo'
    """
    s = str(text)
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() or ch == " " else
                   ch.encode("unicode_escape", "backslashreplace").decode("ascii") for ch in s)


class WartoolsError(ValueError):
    r"""Base class of every user-facing wartools error. Its message is always one line
    (control characters in a bad value are escaped).

    Examples
    --------
    >>> str(WartoolsError("label 'A1\nB' is not a label"))
    "label 'A1\\nB' is not a label"
    """

    def __str__(self) -> str:
        return one_line(super().__str__())


class GridError(WartoolsError):
    """A label, coordinate or grid parameter that does not fit the grid."""


class MapError(WartoolsError):
    """A map file or map value that is invalid.

    The message names the file, the line (when known), the field, the bad
    value and the valid choices.

    Examples
    --------
    >>> str(MapError("terrain must be one of: clear, woods", file="m.yaml", line=7, field="terrain.cells.C4"))
    'm.yaml:7: terrain.cells.C4: terrain must be one of: clear, woods'
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.file, self.line, self.field, self.reason = file, line, field, message
        where = ""
        if file:
            where = f"{file}:{line}: " if line else f"{file}: "
        elif line:
            where = f"line {line}: "
        super().__init__(f"{where}{field + ': ' if field else ''}{message}")


class UnknownGameError(WartoolsError):
    """A game id or alias that is not registered."""
