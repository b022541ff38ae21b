"""Custom cell numbering (``labels: custom``) and the map file's ``image`` key."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartools.errors import GridError, MapError
from wartools.grids import HexGrid, SquareGrid
from wartools.grids.numbering import AxisNumbering, Numbering, Stagger, repeated_letters
from wartools.mapmodel import dumps_map, loads_map

axes = st.builds(AxisNumbering, style=st.sampled_from(["number", "letter"]), start=st.integers(-3, 30),
                 step=st.sampled_from([1, -1]), digits=st.integers(1, 3))
numberings = st.builds(Numbering, column=axes, row=axes, first=st.sampled_from(["column", "row"]),
                       separator=st.sampled_from(["", "-", "."]),
                       stagger=st.none() | st.builds(Stagger, axis=st.sampled_from(["column", "row"]),
                                                     parity=st.sampled_from(["odd", "even"]),
                                                     shift=st.sampled_from([1, -1, 2])))


@given(numbering=numberings, columns=st.integers(1, 12), rows=st.integers(1, 12),
       kind=st.sampled_from(["hex-flat", "hex-pointy", "square"]), prefix=st.none() | st.just("7"))
def test_custom_labels_round_trip_or_are_refused_as_ambiguous(numbering, columns, rows, kind, prefix):
    try:
        if kind == "square":
            g = SquareGrid(columns, rows, "custom", prefix, numbering=numbering)
        else:
            g = HexGrid(columns, rows, "custom", prefix, numbering=numbering, orientation=kind[4:])
    except GridError as exc:
        assert "two cells the label" in str(exc)
        labels = [numbering.format(c, r).upper() for c in range(columns) for r in range(rows)]
        assert len(set(labels)) < len(labels)
        return
    seen = set()
    for cell in g.cells():
        text = g.label(cell)
        assert g.parse(text) == cell and g.parse(text.lower()) == cell
        if prefix:
            assert text.startswith("7-") and g.parse(text[2:]) == cell
        seen.add(text)
    assert len(seen) == len(g)


def test_letters_and_padding():
    assert [repeated_letters(v) for v in (0, 1, 25, 26, 52)] == ["A", "B", "Z", "AA", "AAA"]
    assert AxisNumbering(digits=3).text(7) == "007" and AxisNumbering(digits=2).text(-3) == "-03"
    n = Numbering(AxisNumbering(start=10, step=-1, digits=2), AxisNumbering("letter", start=0), first="row")
    assert n.format(0, 0) == "A10" and n.format(3, 2) == "C07"


@pytest.mark.parametrize("make, message", [
    (lambda: AxisNumbering(style="roman"), "style must be one of number, letter"),
    (lambda: AxisNumbering(step=2), "step must be 1 or -1"),
    (lambda: AxisNumbering(digits=0), "digits must be 1..9"),
    (lambda: Stagger(axis="diagonal"), "stagger axis"),
    (lambda: Stagger(shift=0), "non-zero integer"),
    (lambda: Numbering(first="middle"), "first must be column or row"),
    (lambda: Numbering(separator=" "), "without spaces"),
    (lambda: HexGrid(3, 3, "custom"), "need a numbering"),
    (lambda: HexGrid(3, 3, numbering=Numbering()), "needs labels 'custom'"),
    (lambda: SquareGrid(12, 12, "custom", numbering=Numbering()), "two cells the label '111'"),
])
def test_bad_numberings_are_refused(make, message):
    with pytest.raises(GridError, match=message):
        make()


CUSTOM = """\
format: wartools-map/1
name: custom
game: combat-infantry
grid:
  type: hex
  columns: 4
  rows: 3
  labels: custom
  numbering: {separator: '.', column: {start: 10, digits: 2}, row: {style: letter, start: 0},
              stagger: {axis: column, parity: odd, shift: 1}}
terrain: {cells: {'10.A': woods, '11.C': town}}
image: {file: board.png, origin: [30, 35], pitch: [60, 70], rotation: 90, size: [400, 300]}
"""


def test_a_custom_numbered_map_loads_and_saves_losslessly():
    m = loads_map(CUSTOM)
    assert [m.label(c) for c in m.grid.cells()][:4] == ["10.A", "10.B", "10.C", "11.B"]
    assert m.terrain_at("11.C") == "town" and m.image.rotation == 90
    assert loads_map(dumps_map(m)) == m


@pytest.mark.parametrize("change, message", [
    (("labels: custom", "labels: numeric"), "grid.numbering: a numbering needs 'labels: custom'"),
    (("  numbering: {", "  x: {"), "unknown key 'x'"),
    (("start: 10,", "start: ten,"), "grid.numbering.column.start: must be an integer"),
    (("style: letter", "style: runes"), "grid.numbering.row: numbering style must be one of"),
    (("shift: 1", "shift: 0"), "grid.numbering.stagger: stagger shift must be a non-zero integer"),
    (("pitch: [60, 70]", "pitch: [60, -70]"), "image.pitch.1: must be a pair of positive numbers"),
    (("origin: [30, 35]", "origin: [30]"), "image.origin: must be a pair of numbers"),
    (("size: [400, 300]", "size: [400.5, 300]"), "image.size: must be whole pixels"),
    (("file: board.png, ", ""), "image: missing required key 'file'"),
])
def test_bad_custom_numbering_or_image_names_the_field(change, message):
    text = CUSTOM.replace(*change)
    with pytest.raises(MapError, match=message):
        loads_map(text, "m.yaml")


def test_a_numbering_that_repeats_a_label_is_refused_at_load():
    text = ("format: wartools-map/1\nname: n\ngame: hon\ngrid: {type: square, columns: 12, rows: 12, "
            "labels: custom, numbering: {column: {}, row: {}}}\n")
    with pytest.raises(MapError, match="m.yaml:4: grid: custom numbering gives two cells the label '111'"):
        loads_map(text, "m.yaml")


@pytest.mark.parametrize("kind, orientation, offset", [("hex", "flat", "odd"), ("hex", "pointy", "even"),
                                                        ("square", None, None)])
def test_a_scanned_boards_fit_is_saved_as_the_maps_image(kind, orientation, offset):
    """A calibration fitted to picked centres (:mod:`wartools.calibrate`) becomes the map's ``image``
    key, and the saved key puts every cell where the fit does."""
    import math

    from wartools.calibrate import fit_grid
    from wartools.mapmodel.image import BoardImage

    g = HexGrid(8, 6, orientation=orientation, offset=offset) if kind == "hex" else SquareGrid(8, 6)
    turn, scale, shift = math.radians(7.0), 31.0, (120.0, 80.0)

    def truth(cell):
        x, y = g.layout().to_pixel(cell)
        return (shift[0] + scale * (math.cos(turn) * x - math.sin(turn) * y),
                shift[1] + scale * (math.sin(turn) * x + math.cos(turn) * y))
    picks = [(g.label(c), *truth(c)) for c in (g.parse("A1"), g.parse("D2"), g.parse("B5"), g.parse("G4"))]
    fit = fit_grid(picks, grid=kind, columns=8, rows=6)
    image = BoardImage.from_similarity("scan.png", fit.grid, fit.scale, fit.rotation, fit.origin, (900, 700))
    m = loads_map(dumps_map(loads_map(
        f"format: wartools-map/1\nname: scan\ngame: {'ci' if kind == 'hex' else 'hon'}\n"
        f"grid: {{type: {kind}, columns: 8, rows: 6"
        + (f", orientation: {fit.orientation}, offset: {fit.offset}" if kind == "hex" else "") + "}\n"
        f"image: {image.to_dict()}\n".replace("'", "")), fresh=True))
    for c in m.grid.cells():
        assert m.image.to_pixel(m.grid, c) == pytest.approx(fit.to_image(m.label(c)), abs=1e-6)
        assert m.image.to_pixel(m.grid, c) == pytest.approx(truth(g.parse(m.label(c))), abs=1e-3)
        assert m.image.to_cell(m.grid, *fit.to_image(m.label(c))) == c
