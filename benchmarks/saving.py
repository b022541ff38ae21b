"""Saving an edited map: patching the author's text (comments kept) against writing it fresh.

Run: ``.venv/bin/python benchmarks/saving.py``. For each sample map, one edit
(a terrain change) is saved both ways; the table shows the best of five times,
their ratio, how many lines of the author's file each way changes, and how many
of the author's comments each way keeps.
"""
from __future__ import annotations

import difflib
import re
import timeit
from pathlib import Path

from wartools.mapmodel import dumps_map, load_map

ROOT = Path(__file__).resolve().parents[1]


def timed(f):
    """Best of five runs, and the result."""
    return min(timeit.repeat(f, number=1, repeat=5)), f()


def changed(a: str, b: str) -> int:
    return sum(1 for line in difflib.ndiff(a.splitlines(), b.splitlines()) if line[:1] in "+-")


def comments(text: str) -> int:
    return len(re.findall(r"(?m)(?:^|\s)#.*$", text))


def main() -> None:
    print(f"{'map':40} {'patch ms':>9} {'fresh ms':>9} {'ratio':>6} {'lines patch/fresh':>18} "
          f"{'comments kept':>14}")
    for path in sorted((ROOT / "maps").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        m = load_map(path)
        cell = m.grid.cells()[len(m.grid) // 2]
        other = next(t for t in m.game.terrain.names if t != m.terrain_at(cell))
        edited = m.with_terrain(cell, other)
        dumps_map(edited)                                  # warm the parse cache, as a second save would
        t_patch, patched = timed(lambda: dumps_map(edited))
        t_fresh, fresh = timed(lambda: dumps_map(edited, fresh=True))
        print(f"{path.name:40} {t_patch * 1e3:9.1f} {t_fresh * 1e3:9.1f} {t_patch / t_fresh:6.1f} "
              f"{changed(text, patched):>8}/{changed(text, fresh):<9} "
              f"{comments(patched):>6}/{comments(text):<3} vs {comments(fresh)}")


if __name__ == "__main__":
    main()
