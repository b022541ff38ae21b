"""Hostile input, round two, class 5: scan calibration refuses degenerate input with the
reason, and the fit is bounded in time and memory."""
from __future__ import annotations

import math
import struct
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostile import no_hang
from wartools import limits
from wartools.calibrate import CalibrationError, _apply, _rest_rss, _solve, fit_grid, load_image
from wartools.errors import WartoolsError
from wartools.grids import HexGrid

TRUTH = HexGrid(8, 6).layout(size=30.0, origin=(40.0, 25.0))
GOOD = [(lab, *TRUTH.to_pixel(TRUTH.grid.parse(lab))) for lab in ("A1", "D2", "B5", "G4")]


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 1e300])
def test_a_point_that_is_not_a_finite_pixel_is_refused(bad):
    with pytest.raises(CalibrationError, match="finite numbers"):
        fit_grid([*GOOD[:3], ("G4", bad, 10.0)])


def test_points_a_millionth_of_a_pixel_apart_are_refused_at_once():
    tiny = [(lab, x * 1e-6, y * 1e-6) for lab, x, y in GOOD]
    with no_hang(10), pytest.raises(CalibrationError, match="less than the limit of 4 px"):
        fit_grid(tiny)


def test_ten_thousand_points_are_refused_and_the_most_allowed_fit_in_one_pass():
    with pytest.raises(CalibrationError, match="limit of 5,000"):
        fit_grid([(f"A{i}", 0.0, float(i)) for i in range(10_000)])
    grid = HexGrid(100, 50).layout(size=20.0)
    picks = [(grid.grid.label(c), *grid.to_pixel(c)) for c in list(grid.grid.cells())[:limits.MAX_PICKS]]
    with no_hang(60):                        # refitting once per point took 16 s at 10,000 points
        cal = fit_grid(picks, columns=100, rows=50)
    assert cal.rms < 1e-6


@given(st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5)), min_size=4, max_size=9))
@settings(max_examples=40, deadline=None)
def test_one_pass_leave_one_out_equals_refitting_without_each_point(noise):
    """The hat-matrix identity against the brute force it replaced (refit without point i)."""
    n = len(noise)
    u = np.array([TRUTH.to_pixel(c) for c in list(TRUTH.grid.cells())[:n]]) / 30.0
    p = u * 30.0 + np.array(noise)
    params = _solve(u, p)
    fast = _rest_rss(u, p, params)
    for i in range(n):
        keep = np.arange(n) != i
        slow = float(np.sum((_apply(_solve(u[keep], p[keep]), u[keep]) - p[keep]) ** 2))
        assert fast[i] == pytest.approx(slow, rel=1e-6, abs=1e-6)


@pytest.mark.parametrize("columns, rows", [(10**9, 5), (5, 0), (300, 300)])
def test_an_absurd_board_size_is_refused(columns, rows):
    with pytest.raises(CalibrationError, match="limit"):
        fit_grid(GOOD, columns=columns, rows=rows)
    cal = fit_grid(GOOD)
    with pytest.raises(CalibrationError, match="limit"):
        cal.resized(columns, rows)


def _png(width: int, height: int, pixels: bytes | None = None) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = pixels if pixels is not None else b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_a_truncated_png_is_one_clear_error(tmp_path):
    whole = _png(40, 30)
    path = tmp_path / "scan.png"
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(WartoolsError, match="cannot read image"):
        load_image(path)
    path.write_bytes(whole)
    assert load_image(path).shape == (30, 40, 3)


def test_a_small_png_declaring_12000_squared_pixels_is_refused_before_decoding(tmp_path):
    path = tmp_path / "scan.png"
    path.write_bytes(_png(12_000, 12_000, pixels=b"\x00" * 10))
    with no_hang(10), pytest.raises(WartoolsError, match="12,000 x 12,000 pixels, more than the limit"):
        load_image(path)


def test_the_calibrator_widget_never_raises_on_degenerate_points():
    from wartools.widgets.calibrator import ScanCalibrator

    widget = ScanCalibrator(np.zeros((200, 300, 3), dtype=np.uint8))
    for points in ([("A1", math.nan, 1), ("B1", 2, 2), ("A2", 3, 3)], [("A1", math.inf, 1), ("B1", 2, 2)],
                   [(lab, x * 1e-6, y * 1e-6) for lab, x, y in GOOD], [("A1", "1e999", 0), ("x" * 5000, 1, 2)]):
        widget.points.value = "\n".join(f"{lab} {x} {y}" for lab, x, y in points)
        with no_hang(10):
            assert widget.fit() is None
        assert widget.info.value
