"""Cell labels: round trips on random boards, letters past Z, strict rejection."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.errors import GridError
from wartools.grids import SCHEMES, HexGrid, SquareGrid, letters

prefixes = st.one_of(st.none(), st.text("0123456789ABCXYZ", min_size=1, max_size=3))


@st.composite
def boards(draw):
    kind = draw(st.sampled_from(["flat", "pointy", "square"]))
    kw = {"labels": draw(st.sampled_from(SCHEMES)), "label_prefix": draw(prefixes)}
    columns, rows = draw(st.integers(1, 130)), draw(st.integers(1, 130))
    if kind == "square":
        return SquareGrid(columns, rows, adjacency=draw(st.sampled_from([4, 8])), **kw)
    return HexGrid(columns, rows, orientation=kind, offset=draw(st.sampled_from(["odd", "even"])), **kw)


@settings(max_examples=150, deadline=None)
@given(g=boards(), data=st.data())
def test_every_label_round_trips(g, data):
    col, row = data.draw(st.integers(0, g.columns - 1)), data.draw(st.integers(0, g.rows - 1))
    cell = g.from_offset(col, row)
    text = g.label(cell)
    assert g.parse(text) == cell
    assert g.parse(text.lower()) == cell
    assert g.parse(f"  {text} ") == cell
    if g.label_prefix:
        assert text.startswith(f"{g.label_prefix}-")
        assert g.parse(text[len(g.label_prefix) + 1:]) == cell  # the prefix is optional on input


@settings(max_examples=25, deadline=None)
@given(g=boards())
def test_labels_are_unique_on_the_board(g):
    labels = [g.label(c) for c in g.cells()]
    assert len(set(labels)) == len(labels)


def test_column_letters_past_z():
    # spreadsheet order, written out by hand
    assert [letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 77, 701, 702, 703)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "BZ", "ZZ", "AAA", "AAB"]
    g = HexGrid(60, 3)
    assert g.label(g.from_offset(26, 0)) == "AA1"
    assert g.label(g.from_offset(52, 2)) == "BA3"
    assert g.parse("AA1") == g.from_offset(26, 0)
    assert g.parse("ba3") == g.from_offset(52, 2)
    s = SquareGrid(30, 3)
    assert [s.label(s.from_offset(c, 0)) for c in (24, 25, 26, 29)] == ["Y1", "Z1", "AA1", "AD1"]


def test_scheme_examples_by_hand():
    g = HexGrid(10, 10, labels="row-letter", label_prefix="7")
    assert g.label(g.from_offset(7, 6)) == "7-G08"       # column 8, row G
    assert g.parse("7-G08") == g.parse("G8") == g.from_offset(7, 6)
    n = HexGrid(10, 10, labels="numeric")
    assert n.label(n.from_offset(2, 3)) == "0304"
    big = HexGrid(120, 9, labels="numeric")
    assert big.label(big.from_offset(104, 8)) == "10509"
    assert big.parse("10509") == big.from_offset(104, 8)


BAD = {
    "column-letter": ["", "C", "4", "C-4", "4C", "C4C", "C 4", "C0", "C-1", "Z99", "AAA1", "C٤",
                      "Ç4", "8-C4", "C4.0"],
    "row-letter": ["", "G", "08", "8G", "G00", "Z01", "G٠8", "G 08"],
    "numeric": ["", "34", "030", "03040", "0004", "0300", "1104", "0311", "03²4", "０３０４",
                "030٤", "03-4", "ab12"],
}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_invalid_labels_raise_grid_error_naming_the_label(scheme):
    g = HexGrid(10, 10, labels=scheme, label_prefix="7")
    for bad in BAD[scheme]:
        with pytest.raises(GridError) as err:
            g.parse(bad)
        assert repr(bad) in str(err.value) or bad in str(err.value), (bad, str(err.value))


@pytest.mark.parametrize("bad", [None, 34, b"C4", ("C", 4)])
def test_non_string_labels(bad):
    with pytest.raises(GridError):
        HexGrid(5, 5).parse(bad)


def test_label_of_off_board_cell():
    g = SquareGrid(3, 3)
    with pytest.raises(GridError, match="off the 3x3 board"):
        g.label(g.from_offset(3, 0))


@pytest.mark.parametrize("kw", [{"columns": 0, "rows": 3}, {"columns": 3, "rows": -1},
                                {"columns": 2.0, "rows": 2}, {"columns": True, "rows": 2},
                                {"columns": 3, "rows": 3, "labels": "roman"}])
def test_bad_grid_parameters(kw):
    with pytest.raises(GridError):
        HexGrid(**kw)
    with pytest.raises(GridError):
        SquareGrid(**kw)


def test_bad_variant_parameters():
    with pytest.raises(GridError, match="orientation"):
        HexGrid(3, 3, orientation="diagonal")
    with pytest.raises(GridError, match="offset"):
        HexGrid(3, 3, offset="both")
    with pytest.raises(GridError, match="adjacency"):
        SquareGrid(3, 3, adjacency=6)
