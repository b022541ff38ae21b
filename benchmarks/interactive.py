"""Interactive latency benchmark: what a player waits for in a notebook or the Voila app.

On each sample map (``maps/*.yaml``) it measures, and prints against issue 15's targets
(never asserted; a loaded machine is slower):

* **first LOS answer**: a fresh Python process imports wartools, loads the map and answers one
  corner-to-corner line of sight (what the first click of a fresh kernel pays); the import
  alone is shown beside it;
* **click -> picture** in the LOS explorer and the move planner: a mouse press on a cell sent
  through the widget's handler until the picture is ready (PNG bytes in the fallback; the
  canvas buffer composed for ipympl, the same work), median of several cells;
* **full render**: ``draw_map`` and a PNG of it (what ``wartools render`` and a map's notebook
  display pay).

``--baseline`` also times the click with the map redrawn from scratch on every click (how
``MapCanvas`` worked before it drew the map once and replaced only the overlays), for the ratio.

Run: ``.venv/bin/python benchmarks/interactive.py [--quick] [--baseline]``.
"""
from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLBACKEND", "Agg")

TARGETS = {"first LOS": 0.5, "click": 0.150, "render": 0.3}

FIRST_LOS = """
import sys, time
t0 = time.perf_counter()
from wartools.mapmodel import load_map
from wartools.los import line_of_sight
t1 = time.perf_counter()
m = load_map(sys.argv[1])
cells = m.grid.cells()
line_of_sight(m, cells[0], cells[-1])
print(t1 - t0, time.perf_counter() - t0)
"""


def first_los(path: Path) -> tuple[Timing, Timing]:
    """(import, import + load + first answer) in a fresh process; CPU time is the child's whole
    run (interpreter start included), so it bounds the wall time from above on an idle machine."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", FIRST_LOS, str(path)], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Timing(float(out[0]), float("nan")), Timing(float(out[1]), cpu)


class Timing(NamedTuple):
    """Wall-clock and CPU seconds (CPU time is what a busy shared machine does not inflate)."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{self.wall:.3f}" if self.cpu != self.cpu else f"{self.wall:.3f}/{self.cpu:.3f}"


def timed(fn: Any) -> Timing:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return Timing(time.perf_counter() - w, time.process_time() - c)


def _press(widget: Any, label: str) -> None:
    m = widget.map
    x, y = m.grid.layout().to_pixel(m.cell(label))
    widget.canvas.handle_click(SimpleNamespace(xdata=x, ydata=y, inaxes=widget.canvas.ax))


def click_times(widget: Any, labels: list[str]) -> Timing:
    """Median seconds from a press on a cell to the new picture."""
    times = [timed(lambda label=label: _press(widget, label)) for label in labels]
    return Timing(statistics.median(t.wall for t in times), statistics.median(t.cpu for t in times))


def full_redraw(canvas: Any) -> None:
    """The old way: the whole map drawn again on every update, then a tight PNG."""
    from wartools.render import draw_map

    canvas.ax.clear()
    draw_map(canvas.map, ax=canvas.ax)
    if canvas.draw_overlays is not None:
        canvas.draw_overlays(canvas.ax, canvas.map)
    buf = io.BytesIO()
    canvas.figure.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    canvas.widget.value = buf.getvalue()


def render_time(m: Any) -> Timing:
    import matplotlib.pyplot as plt

    from wartools.render import draw_map

    figures: list[Any] = []

    def render() -> None:
        ax = draw_map(m)
        ax.figure.savefig(io.BytesIO(), format="png", dpi=100, bbox_inches="tight")
        figures.append(ax.figure)

    elapsed = timed(render)
    plt.close(figures[0])
    return elapsed


def _verdict(value: float, target: float) -> str:
    return "within" if value <= target else f"{value / target:.1f}x over"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer clicks per map")
    parser.add_argument("--baseline", action="store_true", help="also time a full redraw per click")
    args = parser.parse_args()

    from wartools.mapmodel import load_map
    from wartools.widgets import LOSExplorer, MovePlanner

    clicks = 3 if args.quick else 7
    rows = []
    for path in sorted((ROOT / "maps").glob("*.yaml")):
        m = load_map(path)
        cells = [m.label(c) for c in m.grid.cells()]
        labels = cells[len(cells) // 7::max(1, len(cells) // clicks)][:clicks]
        imp, first = first_los(path)
        explorer, planner = LOSExplorer(m), MovePlanner(m)
        planner.click_sets.value = "goal"
        los_click, move_click = click_times(explorer, labels), click_times(planner, labels)
        row = {"map": path.stem, "cells": len(cells), "import": imp, "first LOS": first,
               "LOS click": los_click, "move click": move_click, "render": render_time(m)}
        if args.baseline:
            for widget, name in ((explorer, "LOS click (old)"), (planner, "move click (old)")):
                widget.canvas.redraw = lambda c=widget.canvas: full_redraw(c)
                row[name] = click_times(widget, labels)
        rows.append(row)

    print(f"interactive latencies, seconds (targets: first LOS < {TARGETS['first LOS']}, "
          f"click < {TARGETS['click']}, render < {TARGETS['render']}); machine load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    cols = ["cells", "import", "first LOS", "LOS click", "move click", "render"]
    if args.baseline:
        cols += ["LOS click (old)", "move click (old)"]
    print("each entry: wall / CPU seconds (wall only for the import)")
    print(f"{'map':32}" + "".join(f"{c:>17}" for c in cols))
    for row in rows:
        print(f"{row['map']:32}" + "".join(f"{row[c]!s:>17}" for c in cols))
    print()
    for name, target, keys in (("first LOS", TARGETS["first LOS"], ["first LOS"]),
                               ("click", TARGETS["click"], ["LOS click", "move click"]),
                               ("render", TARGETS["render"], ["render"])):
        wall = max(row[k].wall for row in rows for k in keys)
        cpu = max(row[k].cpu for row in rows for k in keys)
        print(f"{name:10} worst wall {wall:.3f} s ({_verdict(wall, target)}), worst CPU {cpu:.3f} s "
              f"({_verdict(cpu, target)}) against {target} s")
    if args.baseline:
        for new, old in (("LOS click", "LOS click (old)"), ("move click", "move click (old)")):
            ratio = statistics.median(row[old].cpu / row[new].cpu for row in rows)
            print(f"{new}: drawing only the overlays takes {ratio:.1f}x less CPU than redrawing the map")


if __name__ == "__main__":
    main()
