"""Import a board's grid from a VASSAL module (``.vmod``): size, orientation, offset, labels, picture.

A VASSAL module is a zip archive whose build file (``buildFile.xml``, or
``buildFile`` in old modules) describes, among much else, each board: its
picture and its grid. :func:`read_module` lists the grids a module defines
(one per board, one per zone with a grid of its own, the background grid of
a zoned board); :func:`import_grid` turns one of them into wartools map data:
the board's cells as a hex or square grid, every cell labelled exactly as
VASSAL names it, and an ``image`` entry that places the grid on the board
picture (so an editor can show the picture under the cells).

How VASSAL places and names cells (read from VASSAL's ``HexGrid``,
``HexGridNumbering``, ``SquareGridNumbering`` and ``RegularGridNumbering``;
this is our own re-statement of those rules, not their code):

* A hex grid has hex centres in columns ``dx`` apart starting at ``x0``;
  within a column, centres are ``dy`` apart starting at ``y0``, and columns an
  odd number of steps away from the origin column sit ``dy / 2`` lower.
  ``sideways`` swaps the picture's ``x`` and ``y``: the columns then run
  across the board as rows (pointy hexes in wartools terms).
* A cell's column number counts columns from the origin column; its row
  number counts rows from the origin row. ``hDescend`` / ``vDescend`` count
  down from a maximum instead: VASSAL computes that maximum from the board
  size divided by the *other* hex dimension (board width / ``dy`` for
  columns, board height / ``dx`` for rows) and we reproduce it as is.
  On a sideways grid the two descending switches trade places.
* ``stagger`` (hex grids; on by default) adds one to the row number in odd
  columns (subtracts one when that numbering descends).
* The printed label joins the column part and the row part (column first
  unless ``first`` is ``V``) with ``sep``. A part is ``number + hOff``
  (``vOff`` for rows), zero-padded to ``hLeading + 1`` digits, or letters
  (``A`` .. ``Z``, ``AA``, ``BB`` ...) when its type is ``A``.
* Square grids: columns ``dx`` apart from ``x0``, rows ``dy`` apart from
  ``y0``, no stagger; VASSAL truncates (rather than rounds down) the row
  number, which only matters above the origin row.

The wartools map keeps the cells whose centres lie on the board (or, for a
zone, within the zone's bounding box) and writes the labels as a
``labels: custom`` numbering (:mod:`wartools.grids.numbering`); a module whose
labels that numbering cannot reproduce is refused, never approximated.

Examples
--------
>>> import io, zipfile
>>> xml = ('<VASSAL.launch.BasicModule name="Demo"><VASSAL.build.module.Map mapName="Main">'
...        '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board '
...        'name="Hill" width="300" height="230"><VASSAL.build.module.map.boardPicker.board.HexGrid '
...        'dx="60" dy="70" x0="30" y0="30"><VASSAL.build.module.map.boardPicker.board.mapgrid.'
...        'HexGridNumbering hLeading="1" vLeading="1" stagger="false"/></VASSAL.build.module.map.'
...        'boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.'
...        'map.BoardPicker></VASSAL.build.module.Map></VASSAL.launch.BasicModule>')
>>> buf = io.BytesIO()
>>> with zipfile.ZipFile(buf, "w") as z:
...     z.writestr("buildFile.xml", xml)
>>> module = read_module(buf)
>>> [g.name for g in module.grids]
['Hill']
>>> data = import_grid(module, "Hill", game="combat-infantry")
>>> data["grid"]["columns"], data["grid"]["rows"], data["grid"]["orientation"], data["grid"]["offset"]
(5, 3, 'flat', 'odd')
>>> from wartools.mapmodel import Map
>>> m = Map.from_dict(data)
>>> [m.label(m.grid.from_offset(c, 0)) for c in range(5)]
['0101', '0201', '0301', '0401', '0501']
"""
from __future__ import annotations

import math
import os
import stat
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any
from xml.etree.ElementTree import Element

from wartools.errors import WartoolsError
from wartools.limits import MAX_FLOAT, MAX_IMAGE_PIXELS, shown
from wartools.grids.numbering import AxisNumbering, Numbering, Stagger

MAX_BUILD_FILE = 32 * 1024 * 1024
MAX_CELLS = 250_000
#: a module file (read as a zip archive: only its directory and the members used are read)
MAX_MODULE_BYTES = 2 * 1024**3
#: one side of a board in pixels (a width/height attribute or a picture's size), and the
#: pixels of a board picture: a 300 dpi scan of the largest boards is some 20 megapixels
MAX_BOARD_SIDE = 100_000
#: a whole-number attribute of a grid's numbering (offsets, leading zeros)
MAX_ATTRIBUTE = 1_000_000


class VassalError(WartoolsError):
    """A VASSAL module that cannot be read or whose grid cannot be imported."""


@dataclass(frozen=True)
class VassalGrid:
    """One grid of a module: where it lies and its build-file attributes."""

    name: str
    kind: str                                   # "hex" or "square"
    board: str
    image: str | None
    board_size: tuple[int, int] | None          # the board picture's size in pixels
    area: tuple[int, int, int, int] | None      # x, y, width, height of a zone (None: the board)
    grid: dict[str, str] = field(default_factory=dict)
    numbering: dict[str, str] | None = None
    unsupported: str | None = None              # why this grid cannot be imported


@dataclass(frozen=True)
class VassalModule:
    """The grids of a module, in build-file order."""

    name: str
    grids: tuple[VassalGrid, ...]

    def grid(self, name: str | None) -> VassalGrid:
        """The grid called ``name`` (any case); the only grid when ``name`` is ``None``."""
        names = ", ".join(shown(g.name) for g in self.grids[:20]) + (", ..." if len(self.grids) > 20 else "")
        if name is None:
            if len(self.grids) == 1:
                return self.grids[0]
            raise VassalError(f"the module has {len(self.grids)} grids; choose one with --board: {names}")
        for g in self.grids:
            if g.name.lower() == name.strip().lower():
                return g
        raise VassalError(f"no board or zone {shown(name)} with a grid; valid: {names}")


def _tail(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _children(el: Element, *names: str) -> Iterator[Element]:
    return (c for c in el if _tail(c.tag) in names)


def _image_size(zf: zipfile.ZipFile, image: str) -> tuple[int, int] | None:
    for member in (f"images/{image}", image):
        try:
            info = zf.getinfo(member)
        except KeyError:
            continue
        from PIL import Image, UnidentifiedImageError

        try:
            with warnings.catch_warnings(), zf.open(info) as fh:
                warnings.simplefilter("ignore")       # the size is checked below, in one line
                with Image.open(fh) as im:            # reads the header only, decodes nothing
                    w, h = int(im.size[0]), int(im.size[1])
        except Image.DecompressionBombError:      # more than twice the imaging library's own limit
            raise VassalError(f"board image {shown(member)} declares more than the limit of "
                              f"{MAX_IMAGE_PIXELS:,} pixels") from None
        except (UnidentifiedImageError, OSError, zipfile.BadZipFile, zlib.error, ValueError, EOFError):
            raise VassalError(f"board image {shown(member)} in the module is not a readable picture") from None
        if w * h > MAX_IMAGE_PIXELS:
            raise VassalError(f"board image {shown(member)} declares {w:,} x {h:,} pixels, more than the limit "
                              f"of {MAX_IMAGE_PIXELS:,} pixels")
        return w, h
    return None


def _int_attr(attrs: dict[str, str], key: str, where: str) -> int | None:
    value = attrs.get(key, "").strip()
    if not value:
        return None
    if not value.lstrip("+-").isascii() or not value.lstrip("+-").isdigit() or len(value) > 12:
        raise VassalError(f"{where}: attribute {key}={shown(value)} is not a whole number of at most "
                          f"{MAX_BOARD_SIDE:,} (pixels)")
    number = int(value)
    if abs(number) > MAX_BOARD_SIDE:
        raise VassalError(f"{where}: attribute {key}={shown(value)} is more than the limit of {MAX_BOARD_SIDE:,} pixels")
    return number


def _zone_box(path: str, where: str) -> tuple[int, int, int, int]:
    try:
        points = [tuple(int(v) for v in p.split(",")) for p in path.split(";") if p.strip()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if not points or any(len(p) != 2 for p in points):
            raise ValueError
    except ValueError:
        raise VassalError(f"{where}: zone shape {shown(path)} is not a list of x,y points") from None
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _grid_of(el: Element, name: str, board: str, image: str | None, size: tuple[int, int] | None,
             area: tuple[int, int, int, int] | None) -> VassalGrid:
    kind = _tail(el.tag)
    if kind not in ("HexGrid", "SquareGrid"):
        return VassalGrid(name, kind, board, image, size, area, dict(el.attrib),
                          unsupported=f"a {kind} is not a hex or square grid")
    numberings = list(_children(el, "HexGridNumbering", "SquareGridNumbering", "ObliqueHexGridNumbering"))
    unsupported = None
    if numberings and _tail(numberings[0].tag) == "ObliqueHexGridNumbering":
        unsupported = "oblique hex numbering is not supported"
    return VassalGrid(name, "hex" if kind == "HexGrid" else "square", board, image, size, area,
                      dict(el.attrib), dict(numberings[0].attrib) if numberings else None, unsupported)


def _parse_build_file(text: bytes, zf: zipfile.ZipFile, source: str) -> VassalModule:
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(text, forbid_dtd=True)
    except ParseError as exc:
        raise VassalError(f"{source}: the build file is not well-formed XML ({str(exc)[:80]})") from None
    except DefusedXmlException:
        raise VassalError(f"{source}: the build file declares a DOCTYPE or entities, which are not accepted") from None
    grids: list[VassalGrid] = []
    for board_el in root.iter():
        if _tail(board_el.tag) != "Board":
            continue
        attrs = board_el.attrib
        board = attrs.get("name", "").strip() or f"Board {len(grids) + 1}"
        image = attrs.get("image", "").strip() or None
        size = _image_size(zf, image) if image else None
        if size is None:
            w, h = (_int_attr(dict(attrs), k, f"board {shown(board)}") for k in ("width", "height"))
            size = (w, h) if w and h and w > 0 and h > 0 else None
        for child in board_el:
            tail = _tail(child.tag)
            if tail == "ZonedGrid":
                for sub in child:
                    if _tail(sub.tag) == "Zone":
                        zname = sub.attrib.get("name", "").strip() or "zone"
                        zone_grids = [g for g in sub if _tail(g.tag).endswith("Grid")]
                        if zone_grids and sub.attrib.get("useParentGrid", "false") != "true":
                            box = _zone_box(sub.attrib.get("path", ""), f"zone {shown(zname)}")
                            grids.append(_grid_of(zone_grids[0], f"{board}/{zname}", board, image, size, box))
                    elif _tail(sub.tag).endswith("Grid"):
                        grids.append(_grid_of(sub, board, board, image, size, None))
            elif tail.endswith("Grid"):
                grids.append(_grid_of(child, board, board, image, size, None))
    if not grids:
        raise VassalError(f"{source}: the module defines no board with a grid")
    names = [g.name for g in grids]
    if len(set(n.lower() for n in names)) != len(names):  # the same board name on two maps
        seen: dict[str, int] = {}
        renamed = []
        for g in grids:
            seen[g.name.lower()] = seen.get(g.name.lower(), 0) + 1
            count = seen[g.name.lower()]
            renamed.append(g if count == 1 else VassalGrid(f"{g.name} ({count})", *_rest(g)))
        grids = renamed
    return VassalModule(root.attrib.get("name", "").strip() or source, tuple(grids))


def _rest(g: VassalGrid) -> tuple[Any, ...]:
    return (g.kind, g.board, g.image, g.board_size, g.area, g.grid, g.numbering, g.unsupported)


def _check_module_file(path: str) -> None:
    """Only a regular file of at most :data:`MAX_MODULE_BYTES` is opened: a FIFO would block
    the zip reader and ``/dev/zero`` would be read for ever."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise VassalError(f"{shown(path)}: no such module file") from None
    except (OSError, ValueError) as exc:
        raise VassalError(f"{shown(path)}: cannot read the module: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = ("a folder" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode) else
                "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "not a file")
        raise VassalError(f"{shown(path)}: not a regular file ({kind}); give a VASSAL module (.vmod)")
    if info.st_size > MAX_MODULE_BYTES:
        raise VassalError(f"{shown(path)}: the module has {info.st_size:,} bytes, more than the limit of "
                          f"{MAX_MODULE_BYTES:,}")


def read_module(source: str | os.PathLike[str] | IO[bytes]) -> VassalModule:
    """Read the grids of a VASSAL module (a path or a binary file object).

    Raises
    ------
    VassalError
        One line naming what is wrong: not a zip, no build file, malformed
        XML, no board with a grid.
    """
    label = os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<module>"
    if isinstance(source, (str, os.PathLike)):
        _check_module_file(label)
    try:
        with zipfile.ZipFile(source) as zf:
            names = set(zf.namelist())
            member = next((m for m in ("buildFile.xml", "buildFile") if m in names), None)
            if member is None:
                raise VassalError(f"{label}: no buildFile.xml (or buildFile) in the module")
            info = zf.getinfo(member)
            if info.file_size > MAX_BUILD_FILE:
                raise VassalError(f"{label}: the build file is larger than {MAX_BUILD_FILE // 2**20} MB")
            with zf.open(info) as fh:
                text = fh.read(MAX_BUILD_FILE + 1)
            return _parse_build_file(text, zf, label)
    except FileNotFoundError:
        raise VassalError(f"{label}: no such module file") from None
    except zipfile.BadZipFile:
        raise VassalError(f"{label}: not a VASSAL module (not a zip archive)") from None
    except zlib.error:
        raise VassalError(f"{label}: the module is damaged (a member's compressed data is corrupt)") from None
    except (OSError, RuntimeError) as exc:  # unreadable, encrypted members ...
        raise VassalError(f"{label}: cannot read the module: {exc}") from None


# --- VASSAL's placement and naming rules, in our own words -----------------------------------------

def _flag(attrs: dict[str, str], key: str, default: bool) -> bool:
    value = attrs.get(key)
    return default if value is None else value.strip().lower() == "true"


def _number(attrs: dict[str, str], key: str, default: float, where: str, positive: bool = False) -> float:
    raw = attrs.get(key)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw)
    except ValueError:
        raise VassalError(f"{where}: attribute {key}={shown(raw)} is not a number") from None
    if not math.isfinite(value) or abs(value) > MAX_FLOAT:
        raise VassalError(f"{where}: attribute {key}={shown(raw)} must be a finite number of at most {MAX_FLOAT:,.0f}")
    if positive and value <= 1:
        raise VassalError(f"{where}: attribute {key}={shown(raw)} must be a number above 1 (pixels)")
    return value


@dataclass(frozen=True)
class _Naming:
    first: str
    sep: str
    h_type: str
    v_type: str
    h_leading: int
    v_leading: int
    h_off: int
    v_off: int
    h_desc: bool
    v_desc: bool
    stagger: bool

    @classmethod
    def of(cls, attrs: dict[str, str] | None, where: str) -> _Naming:
        a = attrs or {}

        def char(key: str, default: str, valid: str) -> str:
            value = (a.get(key) or default)[:1]
            if value not in valid:
                raise VassalError(f"{where}: numbering {key}={shown(a.get(key))} must be one of {', '.join(valid)}")
            return value

        def whole(key: str, default: int) -> int:
            raw = a.get(key)
            if raw is None or not raw.strip():
                return default
            text = raw.strip().lstrip("+-")
            if not (text.isascii() and text.isdigit()) or len(text) > 7 or int(text) > MAX_ATTRIBUTE:
                raise VassalError(f"{where}: numbering {key}={shown(raw)} is not a whole number of at most "
                                  f"{MAX_ATTRIBUTE:,}")
            return int(raw)
        leading = (whole("hLeading", 1), whole("vLeading", 1))
        if not all(0 <= v <= 8 for v in leading):
            raise VassalError(f"{where}: numbering hLeading/vLeading must be 0..8, got {leading}")
        return cls(char("first", "H", "HV"), a.get("sep", ""), char("hType", "N", "NA"), char("vType", "N", "NA"),
                   leading[0], leading[1], whole("hOff", 1), whole("vOff", 1),
                   _flag(a, "hDescend", False), _flag(a, "vDescend", False), _flag(a, "stagger", True))

    def axis(self, kind: str, start: int, step: int) -> AxisNumbering:
        """The wartools axis printing VASSAL's column (``kind="h"``) or row (``"v"``) part."""
        style = self.h_type if kind == "h" else self.v_type
        leading = self.h_leading if kind == "h" else self.v_leading
        return AxisNumbering("letter" if style == "A" else "number", start, step, leading + 1)


def _java_round(v: float) -> int:
    return math.floor(v + 0.5)


def _range(lo: float, hi: float, origin: float, step: float) -> range:
    """Indices ``i`` with ``origin + i * step`` in ``[lo, hi]``."""
    eps = 1e-9 * max(1.0, abs(step))
    return range(math.ceil((lo - origin) / step - eps), math.floor((hi - origin) / step + eps) + 1)


@dataclass(frozen=True)
class _Layout:
    """The imported board: wartools grid keys, the VASSAL values of every cell, the picture frame."""

    grid: dict[str, Any]
    values: dict[tuple[int, int], tuple[int, int]]    # (col, row) -> (VASSAL column value, row value)
    major: str                                         # the wartools axis VASSAL's columns run along
    origin: tuple[float, float]
    pitch: tuple[float, float]


def _hex_layout(g: VassalGrid, naming: _Naming, size: tuple[int, int]) -> _Layout:
    where = f"grid {shown(g.name)}"
    dy = _number(g.grid, "dy", 64.0, where, positive=True)
    dx = _number(g.grid, "dx", math.sqrt(3) / 2 * dy, where, positive=True)
    x0 = _number(g.grid, "x0", 0.0, where)
    y0 = _number(g.grid, "y0", 32.0, where)
    sideways = _flag(g.grid, "sideways", False)
    bx, by, bw, bh = g.area or (0, 0, size[0], size[1])
    cw, ch = (g.area[2], g.area[3]) if g.area else size            # VASSAL's container size
    max_rows, max_cols = math.floor(ch / dx + 0.5), math.floor(cw / dy + 0.5)
    # the frame: x along VASSAL's columns (board x, or board y when sideways)
    (fx_lo, fx_hi), (fy_lo, fy_hi) = ((by, by + bh), (bx, bx + bw)) if sideways else ((bx, bx + bw), (by, by + bh))
    ks = _range(fx_lo, fx_hi, x0, dx)
    rows_of = {p: _range(fy_lo, fy_hi, y0 + (dy / 2 if p else 0.0), dy) for p in (0, 1)}
    if not ks:
        raise VassalError(f"{where}: no hex column has its centre on the board")
    _check_size(where, len(ks), max(len(r) for r in rows_of.values()))   # before any cell is laid out
    parities = {k % 2 for k in ks[:2]}
    tops = {p: y0 + rows_of[p].start * dy + (dy / 2 if p else 0.0) for p in parities}
    up = min(parities, key=lambda p: (tops[p], p))
    first_rr = {up: rows_of[up].start}
    if len(parities) == 2:
        first_rr[1 - up] = rows_of[up].start + (1 if up == 1 else 0)
    n_rows = len(rows_of[up])
    if n_rows < 1:
        raise VassalError(f"{where}: no hex row has its centre on the board")
    _check_size(where, len(ks), n_rows)
    # which wartools index parity sits half a cell down (flat) or right (pointy)
    offset = "odd" if len(parities) == 1 or (1 - up - ks.start) % 2 == 1 else "even"

    def name_values(k: int, rr: int) -> tuple[int, int]:
        # the integer pixel VASSAL gives this centre, then its column and row numbers
        px = int(k * dx) + x0
        py = (int(rr * dy) if k % 2 == 0 else int(rr * dy + dy / 2)) + y0
        raw_col = col = math.floor((px - x0) / dx + 0.5)
        nx = _java_round((px - x0) / dx)
        row = _java_round((py - y0) / dy) if nx % 2 == 0 else _java_round((py - y0 - dy / 2) / dy)
        if sideways:
            col = max_rows - col if naming.v_desc else col
            row = max_cols - row if naming.h_desc else row
            desc = naming.h_desc
        else:
            col = max_cols - col if naming.h_desc else col
            row = max_rows - row if naming.v_desc else row
            desc = naming.v_desc
        if naming.stagger and raw_col % 2 != 0:
            row += -1 if desc else 1
        return col + naming.h_off, row + naming.v_off

    values: dict[tuple[int, int], tuple[int, int]] = {}
    for i, k in enumerate(ks):
        for j in range(n_rows):
            rr = first_rr[k % 2] + j
            values[(j, i) if sideways else (i, j)] = name_values(k, rr)
    k0 = ks.start
    fx, fy = x0 + k0 * dx, y0 + first_rr[k0 % 2] * dy + (dy / 2 if k0 % 2 else 0.0)
    columns, rows = (n_rows, len(ks)) if sideways else (len(ks), n_rows)
    grid = {"type": "hex", "orientation": "pointy" if sideways else "flat", "offset": offset,
            "columns": columns, "rows": rows}
    origin, pitch = ((fy, fx), (dy, dx)) if sideways else ((fx, fy), (dx, dy))
    return _Layout(grid, values, "row" if sideways else "column", origin, pitch)


def _check_size(where: str, a: int, b: int) -> None:
    if a * b > MAX_CELLS:
        raise VassalError(f"{where}: {a}x{b} cells is more than {MAX_CELLS}; check the grid's dx and dy")


def _square_layout(g: VassalGrid, naming: _Naming, size: tuple[int, int]) -> _Layout:
    where = f"grid {shown(g.name)}"
    dx = _number(g.grid, "dx", 48.0, where, positive=True)
    dy = _number(g.grid, "dy", 48.0, where, positive=True)
    x0 = _number(g.grid, "x0", 24.0, where)
    y0 = _number(g.grid, "y0", 24.0, where)
    bx, by, bw, bh = g.area or (0, 0, size[0], size[1])
    cw, ch = (g.area[2], g.area[3]) if g.area else size
    max_rows, max_cols = int(ch / dy + 0.5), int(cw / dx + 0.5)
    ks, js = _range(bx, bx + bw, x0, dx), _range(by, by + bh, y0, dy)
    if not ks or not js:
        raise VassalError(f"{where}: no square has its centre on the board")
    _check_size(where, len(ks), len(js))
    values: dict[tuple[int, int], tuple[int, int]] = {}
    for i, k in enumerate(ks):
        for j, jj in enumerate(js):
            px, py = int(k * dx + x0), int(jj * dy + y0)
            col = math.floor((px - x0) / dx + 0.5)
            row = int((py - y0) / dy + 0.5)                       # truncation, as VASSAL does
            col = max_cols - col if naming.h_desc else col
            row = max_rows - row if naming.v_desc else row
            values[(i, j)] = (col + naming.h_off, row + naming.v_off)
    grid = {"type": "square", "columns": len(ks), "rows": len(js)}
    return _Layout(grid, values, "column", (x0 + ks.start * dx, y0 + js.start * dy), (dx, dy))


def _numbering(layout: _Layout, naming: _Naming, where: str) -> Numbering:
    """The wartools numbering that reproduces every cell's VASSAL values, or an error."""
    major, minor = layout.major, "row" if layout.major == "column" else "column"
    v = layout.values

    def at(major_i: int, minor_i: int) -> tuple[int, int]:
        return v[(major_i, minor_i)] if major == "column" else v[(minor_i, major_i)]
    n_major = layout.grid["columns"] if major == "column" else layout.grid["rows"]
    n_minor = layout.grid["rows"] if major == "column" else layout.grid["columns"]
    h0, r0 = at(0, 0)
    h_step = at(1, 0)[0] - h0 if n_major > 1 else 1
    r_step = at(0, 1)[1] - r0 if n_minor > 1 else 1
    shift = at(1, 0)[1] - r0 if n_major > 1 else 0
    if h_step not in (1, -1) or r_step not in (1, -1):
        raise VassalError(f"{where}: VASSAL numbers these cells irregularly (steps {h_step}, {r_step}); "
                          "wartools cannot reproduce the labels")
    stagger = Stagger(major, "odd", shift) if shift else None
    axes = {major: naming.axis("h", h0, h_step), minor: naming.axis("v", r0, r_step)}
    first = major if naming.first == "H" else minor
    numbering = Numbering(axes["column"], axes["row"], first, naming.sep, stagger)
    for (c, r), (hv, rv) in v.items():
        cv, wv = numbering.values(c, r)
        got = (cv, wv) if major == "column" else (wv, cv)
        if got != (hv, rv):
            raise VassalError(f"{where}: VASSAL numbers cell ({c}, {r}) irregularly; "
                              "wartools cannot reproduce the labels")
    return numbering


def import_grid(module: VassalModule, name: str | None, game: str, map_name: str | None = None) -> dict[str, Any]:
    """Map data (the map-file layout) for one grid of ``module``; validate it with
    :meth:`wartools.mapmodel.Map.from_dict`.

    Raises
    ------
    VassalError
        An unsupported grid, a board without a size, labels wartools cannot
        reproduce, or a board of more than ``MAX_CELLS`` cells.
    """
    g = module.grid(name)
    where = f"grid {shown(g.name)}"
    if g.unsupported:
        raise VassalError(f"{where}: {g.unsupported}")
    if g.board_size is None:
        raise VassalError(f"{where}: the board has no picture in the module and no width/height")
    naming = _Naming.of(g.numbering, where)
    make: Callable[[VassalGrid, _Naming, tuple[int, int]], _Layout] = \
        _hex_layout if g.kind == "hex" else _square_layout
    layout = make(g, naming, g.board_size)
    numbering = _numbering(layout, naming, where)
    try:
        numbering.table(layout.grid["columns"], layout.grid["rows"])
    except WartoolsError as exc:
        raise VassalError(f"{where}: {exc}") from None
    data: dict[str, Any] = {
        "format": "wartools-map/1", "name": map_name or f"{module.name}: {g.name}", "game": game,
        "grid": {**layout.grid, "labels": "custom", "numbering": numbering.to_dict()},
    }
    if g.image:
        data["image"] = {"file": g.image, "origin": [round(v, 3) for v in layout.origin],
                         "pitch": [round(v, 6) for v in layout.pitch], "size": list(g.board_size)}
    return data


MAX_IMAGE = 256 * 1024 * 1024


def extract_image(source: str | os.PathLike[str], grid: VassalGrid, folder: str | os.PathLike[str]) -> str:
    """Copy the board picture of ``grid`` out of the module into ``folder`` (atomically); return
    the written path. The picture is the player's own copy from their own module.

    Raises
    ------
    VassalError
        If the board has no picture in the module, or it is larger than ``MAX_IMAGE`` bytes.
    """
    from wartools.mapmodel.yamlio import write_atomic

    if not grid.image:
        raise VassalError(f"grid {shown(grid.name)}: the board has no picture in the module")
    name = os.path.basename(grid.image.replace("\\", "/"))
    if not name or name in (".", ".."):
        raise VassalError(f"grid {shown(grid.name)}: unusable picture name {shown(grid.image)}")
    try:
        with zipfile.ZipFile(source) as zf:
            member = next((m for m in (f"images/{grid.image}", grid.image) if m in zf.namelist()), None)
            if member is None:
                raise VassalError(f"grid {shown(grid.name)}: picture {shown(grid.image)} is not in the module")
            if zf.getinfo(member).file_size > MAX_IMAGE:
                raise VassalError(f"grid {shown(grid.name)}: picture {shown(grid.image)} is larger than "
                                  f"{MAX_IMAGE // 2**20} MB")
            with zf.open(member) as fh:
                data = fh.read(MAX_IMAGE + 1)
    except zlib.error:
        raise VassalError(f"grid {shown(grid.name)}: the board picture's compressed data is corrupt") from None
    except (OSError, zipfile.BadZipFile, RuntimeError) as exc:
        raise VassalError(f"cannot read the board picture: {shown(str(exc))}") from None
    target = os.path.join(os.fspath(folder), name)
    write_atomic(target, data)
    return target


__all__ = ["VassalError", "VassalGrid", "VassalModule", "extract_image", "import_grid", "read_module"]
