"""Hostile input, round two: generated inputs on the surfaces of issue 24, each case ending in
bounded time (:func:`hostile.no_hang`) and memory (a traced peak under a cap).

The surfaces: scenario and position files with hostile YAML scalars and numbers anywhere,
VASSAL modules with generated attributes and pictures, scan-calibration points, output paths.
Every case either answers or is refused in one line (exit 2 on the command line); nothing
raises past the one-line errors, hangs or grows without bound.
"""
from __future__ import annotations

import contextlib
import math
import os
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import no_hang, run_cli
from test_vassal import board_xml, grid_xml, module_bytes, png

from wartools.errors import MapError
from wartools.mapmodel.yamlio import read_yaml

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "combat-infantry-saint-remy.yaml"
POSITION = ROOT / "scenarios" / "positions" / "combat-infantry-saint-remy.yaml"
WORK = Path(os.environ.get("TMPDIR", "/tmp")) / f"wartools-fuzz-hostile-{os.getpid()}"
WORK.mkdir(exist_ok=True)
#: the memory one case may allocate (traced), far above what any of them needs
MEMORY_CAP = 300 * 2**20
SETTINGS = settings(max_examples=15, suppress_health_check=list(HealthCheck), deadline=None)

#: raw YAML scalars an attacker writes: impossible dates, malformed or huge numbers, odd tags
RAW = [
    "2001-13-45", "2001-02-30", "0b_", "0x_", "0o_", "!!int abc", "!!float ._", "!!bool perhaps", "!!timestamp x",
    "1e400", ".nan", "-.inf", "9" * 5000, "-" + "9" * 400, "10" * 19, "0x" + "f" * 40, "1_000_000_000_000",
    "~", "''", "[]", "{}", "!!binary AAAA", "!!str 3", "'\\u2028'", "\"\\x00\"", "٣", "²"]
SCALARS = st.sampled_from(RAW) | st.integers(-(10**40), 10**40).map(str)


@pytest.mark.parametrize("value", RAW)
def test_every_hostile_scalar_is_read_or_refused_in_one_line(value):
    """Each of them, not only those the random cases draw (``!!timestamp x`` once raised an
    AttributeError inside PyYAML's date constructor: an internal error, exit 3)."""
    try:
        read_yaml(f"when: {value}\n", "f.yaml")
    except MapError as err:
        assert "\n" not in str(err) and str(err).startswith("f.yaml:1: when: "), str(err)


@contextlib.contextmanager
def bounded(seconds: float = 60) -> Iterator[None]:
    """Fail on a hang and on a traced allocation peak above :data:`MEMORY_CAP`."""
    tracemalloc.start()
    try:
        with no_hang(seconds):
            yield
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_CAP, f"{peak / 2**20:.0f} MB traced"


def _clean(code: int, err: str) -> None:
    assert code in (0, 1, 2), err
    assert "Traceback" not in err and err.count("\n") <= 1 and len(err) < 600, err[:600]


def _lines_with_a_value(text: str, line: int, value: str) -> str:
    """``text`` with the value after the first ``key:`` on (or after) ``line`` replaced by ``value``."""
    lines = text.splitlines()
    for i in range(line % len(lines), len(lines)):
        head, sep, rest = lines[i].partition(": ")
        if sep and rest and not rest.startswith(("{", "[", "&", "*", ">")) and not head.lstrip().startswith("#"):
            lines[i] = f"{head}: {value}"
            break
    return "\n".join(lines) + "\n"


def _file(name: str, text: str) -> Path:
    path = WORK / name
    path.write_text(text.replace("map: ../maps/", f"map: {ROOT}/maps/"), encoding="utf-8")
    return path


@SETTINGS
@given(st.integers(0, 10_000), SCALARS, st.sampled_from(["scenario", "threat", "race"]))
def test_a_hostile_scalar_anywhere_in_a_scenario(line, value, command):
    path = _file("scenario.yaml", _lines_with_a_value(SCENARIO.read_text(encoding="utf-8"), line, value))
    argv = [command, str(path)] + (["--side", "US"] if command == "threat" else [])
    with bounded():
        code, _, err = run_cli(argv, seconds=60)
    _clean(code, err)


@SETTINGS
@given(st.integers(0, 10_000), SCALARS)
def test_a_hostile_scalar_anywhere_in_a_position(line, value):
    path = _file("position.yaml", _lines_with_a_value(POSITION.read_text(encoding="utf-8"), line, value))
    with bounded():
        code, _, err = run_cli(["victory", str(SCENARIO), "--position", str(path)], seconds=60)
    _clean(code, err)


NUMBERS_AS_TEXT = st.one_of(st.integers(-(10**12), 10**12).map(str), st.floats(allow_nan=True).map(repr),
                            st.sampled_from(["", " ", "9" * 5000, "1e999", "-0", "0x10", "١٢", "NaN", "abc"]))


@SETTINGS
@given(st.sampled_from(["hex", "square"]),
       st.dictionaries(st.sampled_from(["dx", "dy", "x0", "y0", "sideways", "snapTo"]), NUMBERS_AS_TEXT, max_size=4),
       st.dictionaries(st.sampled_from(["hOff", "vOff", "hLeading", "vLeading", "first", "hType", "vType",
                                        "hDescend", "vDescend", "stagger", "sep"]), NUMBERS_AS_TEXT, max_size=4),
       st.one_of(st.none(), st.tuples(st.integers(-10, 10**10), st.integers(-10, 10**10))), st.booleans())
def test_generated_vassal_modules(kind, grid, numbering, size, picture):
    images = {"board.png": png(60, 40)} if picture else {}
    width, height = size or (400, 300)
    board = board_xml("Main", grid_xml(kind, grid, numbering), width=width, height=height,
                      image="board.png" if picture else None)
    module = WORK / "m.vmod"
    module.write_bytes(module_bytes(board, images=images))
    with bounded():
        code, _, err = run_cli(["import-vassal", str(module), "--game", "hon" if kind == "square" else "ci",
                                "-o", str(WORK / "imported.yaml")], seconds=60)
    _clean(code, err)


COORDINATES = st.floats(allow_nan=True, allow_infinity=True) | st.floats(-1e-6, 1e-6) | st.integers(-10**30, 10**30)


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["A1", "B1", "A2", "C3", "D4", "0101", "Z99", "", "x" * 300]),
                          COORDINATES, COORDINATES), max_size=8),
       st.one_of(st.none(), st.integers(-5, 10**12)), st.floats(allow_nan=True))
def test_generated_calibration_points(points, columns, tolerance):
    from wartools.calibrate import CalibrationError, fit_grid
    from wartools.errors import WartoolsError

    with bounded(30):
        try:
            cal = fit_grid(points, columns=columns, tolerance=tolerance)
        except (CalibrationError, WartoolsError) as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 600
            return
    assert math.isfinite(cal.scale) and cal.scale > 0
    with bounded(30):
        try:
            cal.suggest_size(3000, 2000)
        except WartoolsError as exc:
            assert "\n" not in str(exc)


def _place(kind: str) -> str:
    if kind == "fifo":
        path = WORK / f"fifo-{os.getpid()}.png"
        if not path.exists():
            os.mkfifo(path)
        return str(path)
    return {"device": "/dev/null", "folder": str(WORK), "separator": str(WORK / "new") + "/",
            "missing": str(WORK / "missing" / "x.png"), "long": str(WORK / ("n" * 300 + ".png")),
            "nul": str(WORK / "a\x00b.png"), "regular": str(WORK / "ok.png")}[kind]


@settings(max_examples=16, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.sampled_from(["fifo", "device", "folder", "separator", "missing", "long", "nul", "regular"]),
       st.sampled_from(["render", "export"]))
def test_generated_output_paths(kind, command):
    out = _place(kind)
    argv = (["render", str(ROOT / "maps" / "combat-infantry-river-crossing.yaml"), "-o", out] if command == "render"
            else ["export", str(ROOT / "maps" / "combat-infantry-river-crossing.yaml"), "--to", "tmj", "-o", out])
    with bounded(120):
        code, _, err = run_cli(argv, seconds=120)
    _clean(code, err)
    assert (code == 0) == (kind == "regular" or (kind == "long" and command == "export" and code == 0)), err
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()
