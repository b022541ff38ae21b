"""VASSAL import: synthetic modules (no real module's art), labels checked against VASSAL's own rules.

The oracle below names a board pixel the way VASSAL's grid numbering does
(re-stated from VASSAL's HexGridNumbering / SquareGridNumbering /
RegularGridNumbering): it works from pixel positions, not from the
importer's cell indices, so it checks the importer's geometry (the image
calibration puts every cell on VASSAL's hex centre) and its labels at once.
"""
from __future__ import annotations

import io
import json
import math
import zipfile
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartools.cli import main
from wartools.mapmodel import Map, load_map
from wartools.mapmodel.vassal import VassalError, import_grid, read_module

P = "VASSAL.build.module.map.boardPicker"


def _attrs(d: dict) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in d.items())


def grid_xml(kind: str = "hex", grid: dict | None = None, numbering: dict | None = None) -> str:
    tag = f"{P}.board.{'HexGrid' if kind == 'hex' else 'SquareGrid'}"
    ntag = f"{P}.board.mapgrid.{'HexGridNumbering' if kind == 'hex' else 'SquareGridNumbering'}"
    inner = f"<{ntag} {_attrs(numbering)}/>" if numbering is not None else ""
    return f"<{tag} {_attrs(grid or {})}>{inner}</{tag}>"


def board_xml(name: str, inner: str, width: int = 400, height: int = 300, image: str | None = None) -> str:
    size = {"image": image} if image else {"width": width, "height": height}
    return f'<{P}.Board {_attrs({"name": name, **size})}>{inner}</{P}.Board>'


def module_bytes(*boards: str, build: str | None = None, images: dict | None = None,
                 member: str = "buildFile.xml") -> bytes:
    xml = build or ('<VASSAL.launch.BasicModule name="Synthetic"><VASSAL.build.module.Map mapName="Main">'
                    f'<VASSAL.build.module.map.BoardPicker>{"".join(boards)}</VASSAL.build.module.map.BoardPicker>'
                    '</VASSAL.build.module.Map></VASSAL.launch.BasicModule>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(member, xml)
        for name, data in (images or {}).items():
            z.writestr(f"images/{name}", data)
    return buf.getvalue()


def png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 190, 150)).save(out, format="PNG")
    return out.getvalue()


# --- the oracle: VASSAL's naming of a board pixel ----------------------------------------------------

def _name(value: int, kind: str, leading: int) -> str:
    text = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":
        while True:                      # one more copy of the letter per 26
            text += "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value % 26]
            value -= 26
            if value < 0:
                return text
    while leading > 0 and value < 10 ** leading:
        text += "0"
        leading -= 1
    return text + str(value)


def vassal_location(kind: str, g: dict, n: dict, size: tuple[int, int], x: float, y: float) -> str:
    w, h = size
    first, sep = n.get("first", "H"), n.get("sep", "")
    h_type, v_type = n.get("hType", "N"), n.get("vType", "N")
    h_lead, v_lead = int(n.get("hLeading", 1)), int(n.get("vLeading", 1))
    h_off, v_off = int(n.get("hOff", 1)), int(n.get("vOff", 1))
    h_desc, v_desc = n.get("hDescend") == "true", n.get("vDescend") == "true"
    if kind == "hex":
        dy = float(g.get("dy", 64))
        dx = float(g.get("dx", math.sqrt(3) / 2 * dy))
        x0, y0 = int(g.get("x0", 0)), int(g.get("y0", 32))
        sideways = g.get("sideways") == "true"
        stagger = n.get("stagger", "true") == "true"
        if sideways:
            x, y = y, x
        raw_col = math.floor((x - x0) / dx + 0.5)
        max_rows, max_cols = math.floor(h / dx + 0.5), math.floor(w / dy + 0.5)
        col = raw_col
        if h_desc and not sideways:
            col = max_cols - col
        if v_desc and sideways:
            col = max_rows - col
        nx = math.floor((x - x0) / dx + 0.5)
        ny = math.floor((y - y0) / dy + 0.5) if nx % 2 == 0 else math.floor((y - y0 - dy / 2) / dy + 0.5)
        row = ny
        if v_desc and not sideways:
            row = max_rows - row
        if h_desc and sideways:
            row = max_cols - row
        if stagger and raw_col % 2 != 0:
            descending = h_desc if sideways else v_desc
            row += -1 if descending else 1
    else:
        dx, dy = float(g.get("dx", 48)), float(g.get("dy", 48))
        x0, y0 = int(g.get("x0", 24)), int(g.get("y0", 24))
        col = math.floor((x - x0) / dx + 0.5)
        row = int((y - y0) / dy + 0.5)
        if h_desc:
            col = int(w / dx + 0.5) - col
        if v_desc:
            row = int(h / dy + 0.5) - row
    cname, rname = _name(col + h_off, h_type, h_lead), _name(row + v_off, v_type, v_lead)
    return cname + sep + rname if first == "H" else rname + sep + cname


def vassal_centres(kind: str, g: dict, size: tuple[int, int]) -> set[tuple[float, float]]:
    """Every VASSAL cell centre on the board (edges included), by brute force."""
    w, h = size
    out = set()
    if kind == "hex":
        dy = float(g.get("dy", 64))
        dx = float(g.get("dx", math.sqrt(3) / 2 * dy))
        x0, y0 = int(g.get("x0", 0)), int(g.get("y0", 32))
        sideways = g.get("sideways") == "true"
        fw, fh = (h, w) if sideways else (w, h)
        for k in range(-200, 200):
            for r in range(-200, 200):
                fx, fy = x0 + k * dx, y0 + r * dy + (dy / 2 if k % 2 else 0)
                if -1e-6 <= fx <= fw + 1e-6 and -1e-6 <= fy <= fh + 1e-6:
                    out.add((round(fy, 6), round(fx, 6)) if sideways else (round(fx, 6), round(fy, 6)))
    else:
        dx, dy = float(g.get("dx", 48)), float(g.get("dy", 48))
        x0, y0 = int(g.get("x0", 24)), int(g.get("y0", 24))
        for k in range(-200, 200):
            for r in range(-200, 200):
                if -1e-6 <= x0 + k * dx <= w + 1e-6 and -1e-6 <= y0 + r * dy <= h + 1e-6:
                    out.add((round(x0 + k * dx, 6), round(y0 + r * dy, 6)))
    return out


def check_import(kind: str, g: dict, n: dict, size: tuple[int, int], game: str = "combat-infantry") -> Map:
    """Import a one-board module and compare every cell with the oracle; return the map."""
    data = module_bytes(board_xml("B", grid_xml(kind, g, n), *size, image="b.png"), images={"b.png": png(*size)})
    m = Map.from_dict(import_grid(read_module(io.BytesIO(data)), None, game))
    assert m.image is not None and m.image.size == size
    centres = {}
    for c in m.grid.cells():
        x, y = m.image.to_pixel(m.grid, c)
        centres[(round(x, 6), round(y, 6))] = c
        assert m.label(c) == vassal_location(kind, g, n, size, x, y), (m.label(c), x, y)
        assert m.grid.parse(m.label(c)) == c
    expected = vassal_centres(kind, g, size)
    assert expected <= set(centres), sorted(expected - set(centres))[:5]
    pitch = max(m.image.pitch)
    for x, y in set(centres) - expected:   # only the lower/right half-cells of the last row/column
        assert -pitch / 2 - 1e-6 <= x <= size[0] + pitch / 2 + 1e-6
        assert -pitch / 2 - 1e-6 <= y <= size[1] + pitch / 2 + 1e-6
    return m


HEX = {"dx": "60", "dy": "70", "x0": "30", "y0": "30"}


def test_flat_numeric_with_leading_zeros():
    m = check_import("hex", HEX, {"hLeading": "1", "vLeading": "1", "stagger": "false"}, (300, 230))
    assert (m.grid.orientation, m.grid.offset, m.grid.columns, m.grid.rows) == ("flat", "odd", 5, 3)
    assert m.label(m.grid.from_offset(0, 0)) == "0101" and m.label(m.grid.from_offset(4, 2)) == "0503"


def test_two_leading_zeros_and_no_padding():
    m = check_import("hex", HEX, {"hLeading": "2", "vLeading": "0", "stagger": "false"}, (300, 230))
    assert m.label(m.grid.from_offset(2, 1)) == "0032"


def test_alphabetic_columns_with_a_separator_and_offsets():
    n = {"hType": "A", "vLeading": "0", "hOff": "0", "vOff": "5", "sep": "-", "stagger": "false"}
    m = check_import("hex", HEX, n, (300, 230))
    assert [m.label(m.grid.from_offset(c, 0)) for c in range(3)] == ["A-5", "B-5", "C-5"]


def test_letters_beyond_z_are_doubled_as_vassal_prints_them():
    g = {"dx": "10", "dy": "12", "x0": "5", "y0": "5"}
    m = check_import("hex", g, {"hType": "A", "hOff": "0", "stagger": "false"}, (300, 30))
    assert m.grid.columns == 30
    assert m.label(m.grid.from_offset(26, 0)) == "AA01" and m.label(m.grid.from_offset(27, 0)) == "BB01"


def test_row_first_alphabetic_rows():
    m = check_import("hex", HEX, {"first": "V", "vType": "A", "vOff": "0", "hLeading": "0", "stagger": "false"}, (300, 230))
    assert m.label(m.grid.from_offset(3, 2)) == "C4"


def test_stagger_shifts_odd_columns_rows():
    m = check_import("hex", HEX, {"hLeading": "1", "vLeading": "1"}, (300, 230))
    assert [m.label(m.grid.from_offset(c, 0)) for c in range(3)] == ["0101", "0202", "0301"]
    assert m.grid.numbering.stagger is not None


def test_descending_numbering_uses_vassals_board_maximum():
    for n in ({"hDescend": "true"}, {"vDescend": "true"}, {"hDescend": "true", "vDescend": "true"},
              {"vDescend": "true", "stagger": "false"}):
        check_import("hex", HEX, {"hLeading": "1", "vLeading": "1", **n}, (300, 230))


def test_an_origin_column_that_is_not_the_first_gives_the_even_offset():
    g = {"dx": "60", "dy": "70", "x0": "90", "y0": "30"}       # column -1 (odd, lower) is on the board
    m = check_import("hex", g, {"stagger": "false"}, (300, 230))
    assert m.grid.offset == "even"


def test_odd_columns_above_even_ones_give_the_even_offset():
    g = {"dx": "60", "dy": "70", "x0": "30", "y0": "50"}       # odd columns' first centre is at y = 15
    m = check_import("hex", g, {"stagger": "false"}, (300, 230))
    assert m.grid.offset == "even"


def test_sideways_grid_is_pointy():
    g = {**HEX, "sideways": "true"}
    m = check_import("hex", g, {"hLeading": "1", "vLeading": "1"}, (230, 300))
    assert (m.grid.orientation, m.grid.columns, m.grid.rows) == ("pointy", 3, 5)
    for n in ({"hDescend": "true"}, {"vDescend": "true", "first": "V", "hType": "A"}):
        check_import("hex", g, {"hLeading": "1", **n}, (230, 300))


def test_square_grid_alphabetic_descending():
    g = {"dx": "50", "dy": "40", "x0": "25", "y0": "20"}
    m = check_import("square", g, {"vType": "A", "hLeading": "2", "vDescend": "true"}, (300, 200),
                     game="heroes-of-normandie")
    assert (m.grid.type, m.grid.columns, m.grid.rows) == ("square", 6, 5)


@settings(max_examples=40)
@given(kind=st.sampled_from(["hex", "square"]), dx=st.integers(20, 80), dy=st.integers(20, 80),
       x0=st.integers(0, 100), y0=st.integers(0, 100), sideways=st.booleans(),
       first=st.sampled_from("HV"), h_type=st.sampled_from("NA"), v_type=st.sampled_from("NA"),
       leading=st.tuples(st.integers(0, 2), st.integers(0, 2)), offs=st.tuples(st.integers(-2, 3), st.integers(-2, 3)),
       desc=st.tuples(st.booleans(), st.booleans()), stagger=st.booleans(), sep=st.sampled_from(["", "-", "."]),
       size=st.tuples(st.integers(150, 400), st.integers(150, 400)))
def test_random_grids_import_with_vassals_labels_or_are_refused(kind, dx, dy, x0, y0, sideways, first, h_type,
                                                                 v_type, leading, offs, desc, stagger, sep, size):
    g = {"dx": str(dx), "dy": str(dy), "x0": str(x0), "y0": str(y0)}
    if kind == "hex":
        g["sideways"] = str(sideways).lower()
    n = {"first": first, "hType": h_type, "vType": v_type, "hLeading": str(leading[0]),
         "vLeading": str(leading[1]), "hOff": str(offs[0]), "vOff": str(offs[1]), "sep": sep,
         "hDescend": str(desc[0]).lower(), "vDescend": str(desc[1]).lower(), "stagger": str(stagger).lower()}
    game = "combat-infantry" if kind == "hex" else "heroes-of-normandie"
    try:
        check_import(kind, g, n, size, game)
    except VassalError as exc:   # refused, never approximated: the labels repeat or are irregular
        assert "irregular" in str(exc) or "label" in str(exc), str(exc)


def test_boards_and_zones_are_listed_and_one_is_chosen():
    zoned = (f"<{P}.board.ZonedGrid>"
             f'<{P}.board.mapgrid.Zone name="North" path="0,0;200,0;200,100;0,100">'
             f"{grid_xml('hex', HEX, {'stagger': 'false'})}</{P}.board.mapgrid.Zone>"
             f'<{P}.board.mapgrid.Zone name="Shared" path="0,100;200,100;200,200;0,200" useParentGrid="true"/>'
             f"{grid_xml('hex', {**HEX, 'x0': '40'}, {})}</{P}.board.ZonedGrid>")
    data = module_bytes(board_xml("Alpha", grid_xml("hex", HEX, {})), board_xml("Bravo", zoned, 300, 300))
    module = read_module(io.BytesIO(data))
    assert [g.name for g in module.grids] == ["Alpha", "Bravo/North", "Bravo"]
    with pytest.raises(VassalError, match="3 grids; choose one with --board: 'Alpha', 'Bravo/North', 'Bravo'"):
        import_grid(module, None, "ci")
    north = Map.from_dict(import_grid(module, "bravo/north", "ci"))
    assert north.grid.columns == 3 and north.grid.rows == 2          # the zone box: 200 x 100 pixels
    with pytest.raises(VassalError, match="no board or zone 'Charlie'"):
        import_grid(module, "Charlie", "ci")


@pytest.mark.parametrize("build, member, message", [
    ("<not xml", "buildFile.xml", "not well-formed XML"),
    ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', "buildFile.xml", "DOCTYPE"),
    ("<VASSAL.launch.BasicModule/>", "buildFile.xml", "no board with a grid"),
    ("<VASSAL.launch.BasicModule/>", "moduledata", "no buildFile.xml"),
    (f"<m>{board_xml('R', f'<{P}.board.RegionGrid/>')}</m>", "buildFile", "RegionGrid is not a hex or square"),
    (f"<m>{board_xml('D', grid_xml('hex', {'dx': 'wide'}))}</m>", "buildFile", "dx='wide' is not a number"),
    (f"<m>{board_xml('D', grid_xml('hex', {'dx': '0.5'}))}</m>", "buildFile", "must be a number above 1"),
    (f"<m>{board_xml('D', grid_xml('hex', HEX, {'hType': 'Q'}))}</m>", "buildFile", "hType='Q' must be one of N, A"),
    (f"<m>{board_xml('D', grid_xml('hex', {'dx': '2', 'dy': '2'}), 5000, 5000)}</m>", "buildFile", "more than"),
    (f"<m><{P}.Board name='N'>{grid_xml('hex', HEX)}</{P}.Board></m>", "buildFile", "no picture"),
    (f"<m>{board_xml('O', grid_xml('hex', HEX).replace('</', '<' + P + '.board.mapgrid.ObliqueHexGridNumbering/></'))}</m>",
     "buildFile", "oblique"),
])
def test_malformed_or_unsupported_modules_get_one_clear_line(build, member, message):
    data = module_bytes(build=build, member=member)
    with pytest.raises(VassalError, match=message) as info:
        import_grid(read_module(io.BytesIO(data)), None, "ci")
    assert "\n" not in str(info.value)


def test_a_file_that_is_not_a_zip_is_refused(tmp_path):
    bad = tmp_path / "x.vmod"
    bad.write_text("hello")
    with pytest.raises(VassalError, match="not a zip archive"):
        read_module(bad)
    with pytest.raises(VassalError, match="no such module file"):
        read_module(tmp_path / "missing.vmod")


def test_cli_import_vassal_writes_a_loadable_map(tmp_path, capsys):
    module = tmp_path / "demo.vmod"
    module.write_bytes(module_bytes(board_xml("Main", grid_xml("hex", HEX, {"hLeading": "1", "vLeading": "1"}),
                                              image="main.png"), images={"main.png": png(300, 230)}))
    out = tmp_path / "demo.yaml"
    assert main(["import-vassal", str(module), "--game", "ci", "-o", str(out), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["board"] == "Main" and answer["cells"] == 15 and answer["output"] == str(out)
    m = load_map(out)
    assert m.label(m.grid.from_offset(1, 0)) == "0202" and m.image.file == "main.png"
    assert main(["import-vassal", str(module), "--list"]) == 0
    assert capsys.readouterr().out.strip().endswith("Main (hex)")
    assert main(["import-vassal", str(tmp_path / "nope.vmod"), "--game", "ci", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such module file" in err
    assert main(["import-vassal", str(module), "--game", "hon", "-o", str(out)]) == 2
    assert "square grid, not hex" in capsys.readouterr().err


def test_cli_copies_the_board_picture_next_to_the_map(tmp_path, capsys):
    module = tmp_path / "demo.vmod"
    picture = png(300, 230)
    module.write_bytes(module_bytes(board_xml("Main", grid_xml("hex", HEX, {}), image="main.png"),
                                    images={"main.png": picture}))
    (tmp_path / "maps").mkdir()
    out = tmp_path / "maps" / "demo.yaml"
    assert main(["import-vassal", str(module), "--game", "ci", "-o", str(out),
                 "--image-dir", str(tmp_path / "boards")]) == 2          # the folder must exist
    assert "boards" in capsys.readouterr().err
    (tmp_path / "boards").mkdir()
    assert main(["import-vassal", str(module), "--game", "ci", "-o", str(out),
                 "--image-dir", str(tmp_path / "boards")]) == 0
    m = load_map(out)
    assert m.image.file == "../boards/main.png"
    assert (out.parent / m.image.file).read_bytes() == picture
    bare = tmp_path / "bare.vmod"
    bare.write_bytes(module_bytes(board_xml("Plain", grid_xml("hex", HEX, {}))))
    assert main(["import-vassal", str(bare), "--game", "ci", "-o", str(out), "--image-dir", str(tmp_path)]) == 2
    assert "no picture in the module" in capsys.readouterr().err


def test_same_board_names_on_two_maps_are_told_apart_and_unsupported_grids_are_listed(tmp_path, capsys):
    build = ('<VASSAL.launch.BasicModule name="Two maps">'
             + "".join(f'<VASSAL.build.module.Map mapName="{name}"><VASSAL.build.module.map.BoardPicker>'
                       f'{board_xml("Board", grid_xml("hex", HEX, {}))}'
                       "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>" for name in ("A", "B"))
             + board_xml("Regions", f"<{P}.board.RegionGrid/>") + "</VASSAL.launch.BasicModule>")
    module = tmp_path / "two.vmod"
    module.write_bytes(module_bytes(build=build))
    assert [g.name for g in read_module(module).grids] == ["Board", "Board (2)", "Regions"]
    assert main(["import-vassal", str(module), "--list"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Board (hex)", "Board (2) (hex)", "Regions (RegionGrid), not supported"]
    assert main(["import-vassal", str(module), "--board", "regions", "--game", "ci", "-o", str(tmp_path / "r.yaml")]) == 2
    assert "RegionGrid is not a hex or square grid" in capsys.readouterr().err
    assert not (tmp_path / "r.yaml").exists()
