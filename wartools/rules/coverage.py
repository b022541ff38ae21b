"""The rules coverage table: for every numbered section and chart row of a rulebook
excerpt, whether wartools implements it, implements an assumed reading of it, or does
not model it, and where to look.

Each game lists its :class:`Entry` rows in ``<game package>/coverage.py`` as
``COVERAGE`` (found through :meth:`Game.coverage`), next to the rules they describe, and
says how its rulebook numbers sections (:attr:`Game.section_pattern`), so a test can
check that every section of the excerpt is listed. ``docs/rules-coverage.md`` is
generated from these rows by :func:`wartools.games.coverage.markdown`
(``python -m wartools.games.coverage``).

Examples
--------
>>> e = Entry("3.4", "Terrain chart: woods", "implemented", "tests/test_los_rulebooks.py::test_woods")
>>> e.row()
'| 3.4 | Terrain chart: woods | implemented | tests/test_los_rulebooks.py::test_woods |'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.game import Game

STATUSES = ("implemented", "assumed", "not-modelled")


@dataclass(frozen=True)
class Entry:
    """One section or chart row of a rulebook and what wartools does with it.

    Parameters
    ----------
    section
        The section number as printed (``"6.41"``) or a chart row (``"chart: Orchard"``).
    title
        What the section is about, in our words.
    status
        ``"implemented"``, ``"assumed"`` (an assumed reading, flippable) or ``"not-modelled"``.
    where
        For *implemented*: the test that pins it (``tests/...py::test_name``); for
        *assumed*: the option that flips it (``option: name``) and the test; for
        *not-modelled*: why.
    """

    section: str
    title: str
    status: str
    where: str

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"coverage status must be one of {STATUSES}, got {self.status!r}")
        if not self.where.strip():
            raise ValueError(f"coverage entry {self.section} needs a test, an option or a reason")

    def row(self) -> str:
        """The entry as a markdown table row."""
        cells = (self.section, self.title, self.status, self.where)
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def rulebook_sections(text: str, pattern: str) -> list[str]:
    """The section numbers found in a rulebook text by a game's ``section_pattern`` (a regular
    expression whose first group is the number), each once, in order.

    Examples
    --------
    >>> rulebook_sections("1.0 Turns\\n1.1 Commands\\nsee 1.1\\n2.0 Units", r"^(\\d+\\.\\d+) [A-Z]")
    ['1.0', '1.1', '2.0']

    A match of a group named ``chart`` is a chart row, listed as ``chart: <row>``:

    >>> rulebook_sections("1.0 Turns\\nWoods\\t2", r"^(?:(\\d+\\.\\d+) [A-Z]|(?P<chart>[A-Z]\\w+)\\t\\d)")
    ['1.0', 'chart: Woods']
    """
    found = []
    for m in re.finditer(pattern, text, flags=re.MULTILINE):
        chart = m.groupdict().get("chart")
        found.append(f"chart: {chart}" if chart else m.group(1))
    return list(dict.fromkeys(found))


def missing(game: Game, rulebook: str) -> list[str]:
    """Sections of the rulebook text that ``game``'s coverage rows do not list."""
    listed = {e.section for e in game.coverage()}
    return [s for s in rulebook_sections(rulebook, game.section_pattern) if s not in listed]
