"""Hostile input, round two, class 7: drawing is bounded by the same limits as loading.

The largest board the limits allow (256 x 256, a 104-byte map) ran out of memory after 13 s:
the figure grew with the board. A picture is now at most ``MAX_FIGURE_INCHES`` a side (the
cells shrink) and cell labels too small to read are left out.
"""
from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from wartools import limits
from wartools.render import draw

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game, kind", [("combat-infantry", "hex"), ("heroes-of-normandie", "square")])
def test_the_largest_board_the_limits_allow_renders_in_bounded_memory(tmp_path, game, kind):
    side = int(limits.MAX_CELLS ** 0.5)
    board = tmp_path / "big.yaml"
    board.write_text(f"format: wartools-map/1\nname: big\ngame: {game}\n"
                     f"grid: {{type: {kind}, columns: {side}, rows: {side}}}\n", encoding="utf-8")
    out = tmp_path / "big.png"
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done = subprocess.run([sys.executable, "-m", "wartools.cli", "render", str(board), "-o", str(out)],
                          capture_output=True, text=True, timeout=600, env={"MPLBACKEND": "Agg",
                          "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert max(peak_kb, before) < 1_500_000            # it needed more than 5 GB
    from PIL import Image

    with Image.open(out) as im:
        assert max(im.size) <= draw.MAX_FIGURE_INCHES * 150 * 1.2   # 150 dpi, plus the title and key


def test_the_drawing_bounds_are_stated():
    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    assert f"{draw.MAX_FIGURE_INCHES:g} inches" in text and f"{draw.LABEL_INCHES:g} inch" in text
