"""Scanned-board calibration on synthetic boards: a grid drawn with matplotlib at a known
scale, rotation and offset, saved as PNG (and JPEG), centres picked with hand jitter, fitted."""
from __future__ import annotations

import math

import numpy as np
import pytest

from wartools.calibrate import CalibrationError, calibration_from_dict, fit_grid, load_image
from wartools.errors import WartoolsError
from wartools.grids import HexGrid, SquareGrid

W, H = 640, 480


def similarity(scale, rotation, origin):
    t = math.radians(rotation)

    def apply(x, y):
        return (origin[0] + scale * (math.cos(t) * x - math.sin(t) * y),
                origin[1] + scale * (math.sin(t) * x + math.cos(t) * y))
    return apply


def draw_board(path, grid, scale, rotation, origin, size=(W, H)):
    """A board picture: cells in two fills with black outlines, in image pixels (y down).
    Returns the true image position of every cell centre."""
    from matplotlib.collections import PolyCollection
    from matplotlib.figure import Figure

    w, h = size
    fig = Figure(figsize=(w / 100, h / 100), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.set_axis_off()
    to_image, layout = similarity(scale, rotation, origin), grid.layout()
    polys = [[to_image(*p) for p in layout.polygon(c)] for c in grid.cells()]
    fills = ["#9fc98a" if (grid.to_offset(c)[0] * 7 + grid.to_offset(c)[1] * 3) % 4 else "#3d7a35"
             for c in grid.cells()]
    ax.add_collection(PolyCollection(polys, facecolors=fills, edgecolors="black", linewidths=1.5))
    fig.savefig(path, dpi=100)
    return {grid.label(c): to_image(*layout.to_pixel(c)) for c in grid.cells()}


CASES = [
    (HexGrid(12, 10, orientation="flat", offset="odd"), 22.0, 4.0, (50.0, 40.0)),
    (HexGrid(12, 10, orientation="flat", offset="even"), 20.0, -8.0, (40.0, 70.0)),
    (HexGrid(12, 10, orientation="pointy", offset="odd"), 19.0, 30.0, (160.0, 20.0)),
    (HexGrid(12, 10, orientation="pointy", offset="even"), 18.0, 93.0, (560.0, 60.0)),
    (SquareGrid(12, 10), 34.0, -3.0, (60.0, 70.0)),
]
PICKS = ["B2", "F3", "C7", "H6", "J2", "E9"]


def _case_id(case):
    g = case[0]
    return f"{g.type}-{getattr(g, 'orientation', '')}-{getattr(g, 'offset', '')}-{case[2]:g}deg"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_fit_recovers_the_board(tmp_path, case):
    grid, scale, rotation, origin = case
    path = tmp_path / "board.png"
    truth = draw_board(path, grid, scale, rotation, origin)
    image = load_image(path)
    assert image.shape == (H, W, 3) and image.dtype == np.uint8
    rng = np.random.default_rng(14)
    picks = [(lab, truth[lab][0] + rng.normal(0, 1.0), truth[lab][1] + rng.normal(0, 1.0)) for lab in PICKS]
    cal = fit_grid(picks, grid=grid.type, columns=grid.columns, rows=grid.rows)
    if grid.type == "hex":
        assert (cal.orientation, cal.offset) == (grid.orientation, grid.offset)
        assert cal.alternatives[0][0] == f"{grid.orientation}/{grid.offset}" and not cal.ambiguous
    assert cal.scale == pytest.approx(scale, rel=0.015)
    assert (cal.rotation - rotation + 180) % 360 - 180 == pytest.approx(0, abs=1.0)
    assert cal.rms < 2.0 and cal.max_error <= cal.tolerance_px
    # every cell centre, picked or not, lands within 3 px of where it was drawn (a tenth of a cell)
    worst = max(math.dist(cal.to_image(lab), xy) for lab, xy in truth.items())
    assert worst < 3.0
    # and the fitted hexsides/interspaces lie on the drawn black lines of the picture
    layout = cal.grid.layout()
    dark = 0
    edges = [e for e in cal.grid.edges()]
    for e in edges:
        (ax, ay), (bx, by) = (cal.layout_to_image(*layout.point(p)) for p in cal.grid.edge_corners(e))
        x, y = int(round((ax + bx) / 2)), int(round((ay + by) / 2))
        if 1 <= x < W - 1 and 1 <= y < H - 1:
            dark += int(image[y - 1:y + 2, x - 1:x + 2].min() < 60)
        else:
            dark += 1
    assert dark >= 0.95 * len(edges)


@pytest.mark.parametrize("case", [CASES[0], CASES[3], CASES[4]], ids=_case_id)
def test_a_mislabelled_point_is_refused_and_named(tmp_path, case):
    grid, scale, rotation, origin = case
    truth = draw_board(tmp_path / "board.png", grid, scale, rotation, origin)
    rng = np.random.default_rng(7)
    picks = [(lab, truth[lab][0] + rng.normal(0, 1.0), truth[lab][1] + rng.normal(0, 1.0)) for lab in PICKS]
    # the player clicks H6's centre but types G6 (the next column over)
    picks[3] = ("G6", *picks[3][1:])
    with pytest.raises(CalibrationError) as info:
        fit_grid(picks, grid=grid.type, columns=grid.columns, rows=grid.rows)
    assert info.value.worst == "G6" and "G6" in str(info.value) and "\n" not in str(info.value)
    assert info.value.fit is not None and info.value.fit.max_error > info.value.fit.tolerance_px
    # a looser tolerance (most of a cell) accepts the same points, still naming the worst one
    assert fit_grid(picks, grid=grid.type, tolerance=0.95).worst == "G6"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
@pytest.mark.parametrize("wrong", range(4))
def test_with_four_points_any_mislabelled_one_is_named(case, wrong):
    """Four is the fewest points that can name a culprit: leave it out and three remain to
    check each other. A wrong label may even make another grid kind fit best with it in."""
    grid, scale, rotation, origin = case
    layout = grid.layout()
    to_image = similarity(scale, rotation, origin)
    picks = [(lab, *to_image(*layout.to_pixel(grid.parse(lab)))) for lab in ("B2", "J3", "D8", "H7")]
    col, row = grid.to_offset(grid.parse(picks[wrong][0]))
    typo = grid.label(grid.from_offset(col, row + 1))  # one row off
    picks[wrong] = (typo, *picks[wrong][1:])
    with pytest.raises(CalibrationError) as info:
        fit_grid(picks, grid=grid.type, columns=grid.columns, rows=grid.rows)
    assert info.value.worst == typo


def test_jpeg_scans_load_and_fit(tmp_path):
    from PIL import Image

    # a board bigger than the picture: the scan shows part of it, from A1 on
    grid = HexGrid(40, 40)
    truth = draw_board(tmp_path / "board.png", grid, 22.0, 0.0, (20.0, 25.0))
    Image.open(tmp_path / "board.png").convert("RGB").save(tmp_path / "board.jpg", quality=85)
    image = load_image(tmp_path / "board.jpg")
    assert image.shape == (H, W, 3) and abs(image.astype(int) - load_image(tmp_path / "board.png")).mean() < 8
    cal = fit_grid([(lab, *truth[lab]) for lab in ("A1", "K1", "F8")])
    assert cal.rms < 1e-6 and not cal.ambiguous
    inside = [grid.parse(lab) for lab, (x, y) in truth.items() if 0 <= x < W and 0 <= y < H]
    assert cal.suggest_size(W, H) == (max(grid.to_offset(c)[0] for c in inside) + 1,
                                      max(grid.to_offset(c)[1] for c in inside) + 1)


def test_parity_is_ambiguous_when_every_pick_is_in_the_same_parity_of_column():
    truth = HexGrid(10, 10).layout(size=20.0, origin=(30.0, 30.0))
    picks = [(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "C4", "E2", "G7")]
    cal = fit_grid(picks)
    assert cal.ambiguous and "ambiguous" in cal.text()
    assert {k for k, r in cal.alternatives if r < 1e-6} == {"flat/odd", "flat/even"}
    assert fit_grid(picks + [("B3", *truth.to_pixel(truth.grid.parse("B3")))]).ambiguous is False


def test_bad_picks_get_one_line():
    good = [("A1", 10, 10), ("C1", 50, 10), ("A3", 10, 50)]
    cases = [
        (good[:2], "at least 3"),
        (good + [("a1", 11, 11)], "picked twice"),
        (good + [("11", 4, 4)], "not column-letter"),
        ([("A1", 10, 10), ("C1", 10, 10), ("A3", 10, 10)], "same pixel"),
        ([("A1", "ten", 10)] + good[1:], "(label, x, y)"),
    ]
    for picks, words in cases:
        with pytest.raises(CalibrationError, match=words.replace("(", r"\(").replace(")", r"\)")) as info:
            fit_grid(picks, grid="square")
        assert "\n" not in str(info.value)
    with pytest.raises(CalibrationError, match="hex or square"):
        fit_grid(good, grid="octagon")
    with pytest.raises(CalibrationError, match="flat or pointy"):
        fit_grid(good, orientation="sideways")


def test_numeric_labels_and_a_fixed_orientation(tmp_path):
    grid = HexGrid(12, 10, labels="numeric", orientation="pointy", offset="odd")
    truth = draw_board(tmp_path / "b.png", grid, 19.0, 30.0, (160.0, 20.0))
    picks = [(lab, *truth[lab]) for lab in ("0202", "0603", "0307", "0806")]
    cal = fit_grid(picks, labels="numeric", columns=12, rows=10, orientation="pointy")
    assert [k for k, _ in cal.alternatives] == ["pointy/odd", "pointy/even"]
    assert cal.offset == "odd" and math.dist(cal.to_image("1210"), truth["1210"]) < 1e-6


def test_calibration_round_trips_through_plain_data():
    truth = SquareGrid(8, 8).layout(size=25.0, origin=(12.0, 12.0))
    cal = fit_grid([(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "H1", "D6")],
                   grid="square", columns=8, rows=8)
    again = calibration_from_dict(cal.to_dict())
    assert again.grid == cal.grid and again.scale == pytest.approx(cal.scale)
    assert again.to_image("E5") == pytest.approx(cal.to_image("E5"))
    with pytest.raises(CalibrationError, match="malformed"):
        calibration_from_dict({"grid": {"type": "square"}})


def test_image_and_layout_coordinates_invert_each_other():
    truth = HexGrid(8, 8, orientation="pointy").layout(size=25.0, origin=(12.0, 12.0))
    picks = [(lab, *truth.to_pixel(truth.grid.parse(lab))) for lab in ("A1", "H1", "D6", "B7")]
    cal = fit_grid(picks, columns=8, rows=8)
    for px, py in [(0.0, 0.0), (123.4, 56.7), (300.0, 10.0)]:
        assert cal.layout_to_image(*cal.image_to_layout(px, py)) == pytest.approx((px, py))
    assert cal.grid.label(cal.cell_at(*cal.to_image("D6"))) == "D6"
    assert cal.cell_at(-500.0, -500.0) is None


def test_unreadable_images_get_one_line(tmp_path):
    (tmp_path / "notes.png").write_text("not a picture")
    (tmp_path / "board.gif").write_bytes(b"GIF89a")
    for path, words in [(tmp_path / "missing.png", "no such image"), (tmp_path / "notes.png", "cannot read"),
                        (tmp_path / "board.gif", "PNG or JPEG")]:
        with pytest.raises(WartoolsError, match=words) as info:
            load_image(path)
        assert "\n" not in str(info.value)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_fit_as_a_maps_image_entry_puts_every_cell_where_the_fit_does(case):
    """BoardImage (the map file's ``image`` key) is computed its own way, from the column and row
    pitch; it must agree with the fitted similarity everywhere on the board."""
    from wartools.calibrate import picture_matrix

    grid, scale, rotation, origin = case
    to_image = similarity(scale, rotation, origin)
    layout = grid.layout()
    cal = fit_grid([(lab, *to_image(*layout.to_pixel(grid.parse(lab)))) for lab in PICKS],
                   grid=grid.type, columns=grid.columns, rows=grid.rows)
    im = cal.board_image("scan.png", size=(W, H))
    matrix = picture_matrix(cal.grid, im)
    for c in cal.grid.cells():
        assert im.to_pixel(cal.grid, c) == pytest.approx(cal.to_image(c), abs=1e-6)
        assert tuple(matrix @ [*layout.to_pixel(c), 1.0]) == pytest.approx(cal.to_image(c), abs=1e-6)


def test_picture_matrix_follows_a_stretched_picture():
    from wartools.calibrate import picture_matrix
    from wartools.mapmodel.image import BoardImage

    grid = HexGrid(6, 5, orientation="pointy", offset="even")
    im = BoardImage("b.png", origin=(31.0, 17.0), pitch=(40.0, 29.0), rotation=-7.5)
    matrix, layout = picture_matrix(grid, im), grid.layout()
    for c in grid.cells():
        assert tuple(matrix @ [*layout.to_pixel(c), 1.0]) == pytest.approx(im.to_pixel(grid, c), abs=1e-6)
