"""Map editing and scan calibration: what a click costs as boards grow.

Run: ``.venv/bin/python benchmarks/editing.py``. Every edit re-validates the whole map
(the same checks as loading), so its cost grows with what the board holds; here every
other cell is painted before timing. The first table gives,
per board size, the time of one painted cell (a click), of a 20-cell brush stroke made
cell by cell (what a drag does) against the same 20 cells painted in one validated
step (``Map.painted``), their ratio, and an undo. The second table times the grid fit
for a few and for many picked centres (best of five runs).
"""
from __future__ import annotations

import timeit

import numpy as np

from wartools.calibrate import fit_grid
from wartools.grids import HexGrid
from wartools.mapmodel.edit import EditSession


def best(f, repeat: int = 5) -> float:
    """Best of ``repeat`` runs, in milliseconds."""
    return 1000 * min(timeit.repeat(f, number=1, repeat=repeat))


def editing_table() -> None:
    print(f"{'board':>8} {'cells':>6} {'click ms':>9} {'stroke ms':>10} {'batch ms':>9} {'ratio':>6} "
          f"{'undo ms':>8}")
    for cols, rows in [(12, 10), (30, 24), (60, 48)]:
        s = EditSession.blank("combat-infantry", cols, rows)
        # a board already half painted: validation grows with what the map holds
        s.paint(s.map.grid.cells()[1::2], "woods")
        s.place_unit("B2", "US", "rifle")
        cells = [s.map.grid.cells()[i * 7 % len(s.map.grid)] for i in range(20)]
        click = best(lambda: s.paint([cells[0]], "woods" if s.map.terrain_at(cells[0]) != "woods" else "town"))

        def stroke() -> None:
            s.begin_stroke()
            for c in cells:
                s.paint([c], "marsh" if s.map.terrain_at(c) != "marsh" else "farm")
            s.end_stroke()
        cell_by_cell = best(stroke)
        batch = best(lambda: s.paint(cells, "orchard" if s.map.terrain_at(cells[0]) != "orchard" else "beach"))
        undo = best(lambda: (s.undo(), s.redo()), repeat=50) / 2
        print(f"{cols}x{rows:<5} {cols * rows:>6} {click:>9.1f} {cell_by_cell:>10.1f} {batch:>9.1f} "
              f"{cell_by_cell / batch:>6.1f} {undo:>8.4f}")


def fitting_table() -> None:
    print(f"\n{'picked centres':>15} {'fit ms':>8} {'rms px':>7}")
    grid = HexGrid(40, 40)
    layout = grid.layout(size=25.0, origin=(30.0, 30.0))
    rng = np.random.default_rng(2026)
    for n in (4, 12, 40):
        labels = [grid.label(grid.cells()[i]) for i in rng.choice(len(grid), n, replace=False)]
        picks = [(lab, *(np.array(layout.to_pixel(grid.parse(lab))) + rng.normal(0, 1, 2))) for lab in labels]
        cal = fit_grid(picks, columns=40, rows=40)
        print(f"{n:>15} {best(lambda: fit_grid(picks, columns=40, rows=40)):>8.2f} {cal.rms:>7.2f}")


if __name__ == "__main__":
    editing_table()
    fitting_table()
