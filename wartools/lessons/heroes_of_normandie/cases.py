"""The record of a Heroes of Normandie worked example, its table and its drawing.

A :class:`Case` pairs what the rulebook excerpt's example says with what the
library computes; a :class:`WorkedExample` gathers the cases of one example
with its rulebook section, and :func:`show_example` prints and draws it for
the notebook. The examples themselves, section by section, are in
:mod:`.los` (1.1, 1.2, Orders Option Smoke), :mod:`.movement` (1.2, 1.3, 1.4,
4.2) and :mod:`.combat` (1.1, 1.4, 3.2, 4.2, 5).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wartools.los import LOSResult
from wartools.mapmodel import Map
from wartools.movement import PathResult


@dataclass(frozen=True)
class Case:
    """One situation of a worked example: what the rulebook says, what the library computes.

    ``result`` is the library's full answer (an :class:`~wartools.los.LOSResult`,
    a :class:`~wartools.movement.PathResult` or a number), kept for drawing.
    """

    what: str
    book: Any
    computed: Any
    result: Any = field(default=None, compare=False, repr=False)
    map: Map | None = field(default=None, compare=False, repr=False)

    @property
    def agrees(self) -> bool:
        """Whether the library reproduces the rulebook's answer."""
        return self.book == self.computed


@dataclass(frozen=True)
class WorkedExample:
    """A rulebook example rebuilt on a small map, with its cases recomputed."""

    key: str
    topic: str
    title: str
    section: str
    map: Map | None
    cases: tuple[Case, ...]
    note: str = ""

    @property
    def agrees(self) -> bool:
        """Every case agrees with the rulebook."""
        return all(c.agrees for c in self.cases)

    def table(self) -> str:
        """One line per case: what, the rulebook's answer, the library's answer."""
        lines = [f"{self.title} ({self.section})"]
        for c in self.cases:
            mark = "ok" if c.agrees else "DIFFERS"
            lines.append(f"  {c.what}\n      rulebook: {c.book}   library: {c.computed}   [{mark}]")
        if self.note:
            lines.append(f"  note: {self.note}")
        return "\n".join(lines)

    def drawable(self) -> list[Case]:
        """The cases with a map and a LoS or path answer to draw."""
        return [c for c in self.cases if c.map is not None and isinstance(c.result, (LOSResult, PathResult))]

    def draw_case(self, case: Case, ax: Any = None) -> Any:
        """Draw one case on its own map (units included): the LoS ruler or the path."""
        from wartools.render.los import draw_result
        from wartools.render import draw_map
        from wartools.render.draw import annotate_cells, draw_path, highlight_cells

        m = case.map if case.map is not None else self.map
        if m is None:
            raise ValueError(f"case {case.what!r} of {self.title!r} has no map to draw on")
        ax = draw_map(m, ax=ax, title=False)
        r = case.result
        if isinstance(r, LOSResult):
            draw_result(r, ax)
        elif isinstance(r, PathResult):
            if r.reachable:
                draw_path(ax, m, r.cells)
                annotate_cells(ax, m, dict(zip(r.cells[1:], r.cumulative()[1:])), color="#d62728")
            else:
                highlight_cells(ax, m, [r.start, r.goal], color="#7f7f7f")
        ax.set_title(case.what if len(case.what) < 48 else case.what[:46] + "...", fontsize=7)
        return ax

    def draw(self, ax: Any = None) -> Any:
        """Draw every case's ruler or path on the example's map in one picture; ``None`` if no map."""
        if self.map is None:
            return None
        from wartools.render.los import draw_result
        from wartools.render import draw_map
        from wartools.render.draw import draw_path

        ax = draw_map(self.map, ax=ax, title=False)
        for c in self.drawable():
            if isinstance(c.result, LOSResult):
                draw_result(c.result, ax)
            elif c.result.reachable:
                draw_path(ax, self.map, c.result.cells)
        ax.set_title(f"{self.title} ({self.section})", fontsize=9)
        return ax


def show_example(ex: WorkedExample, panel: float = 2.6, columns: int = 4) -> Any:
    """Print an example's table and draw one small panel per case (for the notebook).

    Returns the figure, or ``None`` when the example has nothing to draw.
    """
    print(ex.table())
    cases = ex.drawable()
    if not cases:
        return None
    import matplotlib.pyplot as plt

    m = cases[0].map
    assert m is not None
    aspect = m.grid.rows / m.grid.columns
    cols = min(columns, len(cases))
    rows = -(-len(cases) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(panel * cols, max(1.2, panel * aspect) * rows + 0.4),
                             squeeze=False)
    for ax, case in zip(axes.flat, cases):
        ex.draw_case(case, ax)
    for ax in list(axes.flat)[len(cases):]:
        ax.set_visible(False)
    fig.suptitle(f"{ex.title} ({ex.section})", fontsize=9)
    fig.tight_layout()
    plt.show()
    return fig
