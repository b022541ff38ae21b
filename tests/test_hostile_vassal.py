"""Hostile input, round two, class 4: ``import-vassal`` refuses hostile modules in one short
line, in bounded time and memory, before anything is decoded or laid out."""
from __future__ import annotations

import io
import os
import struct
import warnings
import zipfile
import zlib
from pathlib import Path

import pytest

from hostile import no_hang, run_cli
from test_vassal import HEX, board_xml, grid_xml, module_bytes
from wartools.mapmodel import vassal


def _png_header(width: int, height: int) -> bytes:
    """The first bytes of a PNG declaring ``width`` x ``height`` pixels (no real pixels)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def _import(module: Path, out: Path, *extra: str) -> tuple[int, str]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # a warning from the imaging library fails the test
        code, _, err = run_cli(["import-vassal", str(module), "--game", "ci", "-o", str(out), *extra], seconds=60)
    return code, err


def _one_short_line(code: int, err: str, *parts: str) -> None:
    assert code == 2 and err.count("\n") == 1 and len(err) < 300, err[:300]
    for part in parts:
        assert part in err, err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_only_a_regular_file_is_read_as_a_module(tmp_path, kind):
    if kind == "fifo":
        module = tmp_path / "m.vmod"
        os.mkfifo(module)
    elif kind == "folder":
        module = tmp_path / "m.vmod"
        module.mkdir()
    else:
        module = Path("/dev/zero")
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err, "not a regular file")


def test_a_huge_board_is_refused_before_its_columns_are_walked(tmp_path):
    module = tmp_path / "m.vmod"
    module.write_bytes(module_bytes(board_xml("Huge", grid_xml("hex", HEX, {}), width=99_999, height=99_999)))
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err, "cells is more than")
    module.write_bytes(module_bytes(board_xml("Huge", grid_xml("hex", HEX, {}), width=2_000_000_000, height=300)))
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err, "limit of 100,000 pixels")


def test_a_corrupt_deflate_stream_is_a_damaged_module(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("buildFile.xml", "<VASSAL.launch.BasicModule name='x'>" + " " * 2000 + "</VASSAL.launch.BasicModule>")
    data = bytearray(buf.getvalue())
    start = 30 + len("buildFile.xml")          # the member's compressed data follows its local header
    data[start:start + 8] = b"\xff" * 8       # deflate block type 3: invalid
    module = tmp_path / "m.vmod"
    module.write_bytes(bytes(data))
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err)
    assert "internal error" not in err


@pytest.mark.parametrize("side", [12_000, 100_000])
def test_a_board_picture_declaring_too_many_pixels_is_refused_in_one_line(tmp_path, side):
    module = tmp_path / "m.vmod"
    module.write_bytes(module_bytes(board_xml("Main", grid_xml("hex", HEX, {}), image="big.png"),
                                    images={"big.png": _png_header(side, side)}))
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err, "limit of 100,000,000 pixels")


@pytest.mark.parametrize("attribute", ["dx", "x0", "hOff"])
def test_a_5000_digit_attribute_is_not_echoed_whole(tmp_path, attribute):
    grid, numbering = dict(HEX), {}
    (numbering if attribute == "hOff" else grid)[attribute] = "9" * 5000
    module = tmp_path / "m.vmod"
    module.write_bytes(module_bytes(board_xml("Main", grid_xml("hex", grid, numbering))))
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err, attribute)


def test_a_long_board_name_and_a_broken_build_file_give_short_lines(tmp_path):
    module = tmp_path / "m.vmod"
    module.write_bytes(module_bytes(board_xml("B" * 80_000, grid_xml("hex", HEX, {}))))
    code, err = _import(module, tmp_path / "out.yaml", "--board", "nope" * 500)
    _one_short_line(code, err, "no board or zone")
    module.write_bytes(module_bytes(build="<a " + "x" * 80_000))
    code, err = _import(module, tmp_path / "out.yaml")
    _one_short_line(code, err, "not well-formed XML")


def test_an_image_dir_that_does_not_exist_is_named(tmp_path):
    from test_vassal import png

    module = tmp_path / "m.vmod"
    module.write_bytes(module_bytes(board_xml("Main", grid_xml("hex", HEX, {}), image="main.png"),
                                    images={"main.png": png(300, 230)}))
    code, err = _import(module, tmp_path / "out.yaml", "--image-dir", str(tmp_path / "no-such-folder"))
    _one_short_line(code, err, "no-such-folder", "does not exist")
    assert "Errno" not in err


def test_the_limits_are_stated():
    assert vassal.MAX_IMAGE_PIXELS == 100_000_000 and vassal.MAX_BOARD_SIDE == 100_000
    text = (Path(__file__).resolve().parents[1] / "docs" / "limits.md").read_text()
    assert "100,000,000 pixels" in text and "2,147,483,648 bytes" in text
