"""Hostile input, round two, class 1: YAML scalars their tag cannot build are bad input.

An impossible date, a malformed number or an integer past Python's digit limit, anywhere in
a map, a scenario or a position, ends in one line naming the file, the line and the key,
and exit 2 (it ended in "internal error", exit 3).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from hostile import run_cli

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "combat-infantry-river-crossing.yaml"
SCENARIO = ROOT / "scenarios" / "combat-infantry-saint-remy.yaml"
POSITION = ROOT / "scenarios" / "positions" / "combat-infantry-saint-remy.yaml"

BAD_SCALARS = ["2001-13-45", "0b_", "0x_", "!!int abc", "!!float ._", "!!bool perhaps", "9" * 5000,
               "!!timestamp 2001-02-30"]


def _with_line(path: Path, line: str, tmp: Path) -> Path:
    """A copy of ``path`` (its map path made absolute) with ``line`` appended at the top level."""
    text = path.read_text(encoding="utf-8").replace("map: ../maps/", f"map: {ROOT}/maps/")
    out = tmp / path.name
    out.write_text(text + "\n" + line + "\n", encoding="utf-8")
    return out


def _one_clean_line(code: int, err: str, file: Path, key: str) -> None:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, err
    assert str(file) in lines[0] and key in lines[0] and "internal error" not in lines[0], err


@pytest.mark.parametrize("value", BAD_SCALARS)
def test_a_bad_scalar_in_a_map_is_bad_input(value, tmp_path):
    bad = _with_line(MAP, f"description: {value}", tmp_path)
    code, _, err = run_cli(["info", str(bad)], seconds=60)
    _one_clean_line(code, err, bad, "description")


@pytest.mark.parametrize("value", BAD_SCALARS)
def test_a_bad_scalar_in_a_scenario_is_bad_input(value, tmp_path):
    bad = _with_line(SCENARIO, f"turns_note: {value}", tmp_path)
    code, _, err = run_cli(["scenario", str(bad)], seconds=60)
    _one_clean_line(code, err, bad, "turns_note")


@pytest.mark.parametrize("value", BAD_SCALARS)
def test_a_bad_scalar_in_a_position_is_bad_input(value, tmp_path):
    bad = _with_line(POSITION, f"note: {value}", tmp_path)
    code, _, err = run_cli(["victory", str(SCENARIO), "--position", str(bad)], seconds=60)
    _one_clean_line(code, err, bad, "note")


@pytest.mark.parametrize("value", ["[]", "{}", "[wartools-scenario/1]", "{a: 1}"])
def test_a_format_that_is_not_a_string_is_bad_input(value, tmp_path):
    """A list or mapping as ``format`` ended in "internal error" (the check for a file of another
    kind looked the value up in a table); found by the command-line fuzz."""
    bad = tmp_path / "m.yaml"
    bad.write_text(f"format: {value}\nname: fuzz\ngame: company-of-heroes\ngrid: {{type: hex, columns: 1, rows: 1}}\n",
                   encoding="utf-8")
    code, _, err = run_cli(["info", str(bad)], seconds=60)
    _one_clean_line(code, err, bad, "format")
