"""Hostile and careless input (issue 16): every hang and traceback found by fuzzing is refused
before any work, in one line naming the field, the value and the limit.

Each case runs under :func:`hostile.no_hang`, which fails the test if it does not finish in a
few seconds (a refusal takes milliseconds; the inputs used to hang for minutes).
"""
from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from hostile import no_hang, run_cli
from wartools import limits
from wartools.errors import MapError, WartoolsError
from wartools.mapmodel import load_map, loads_map

HEAD = textwrap.dedent("""\
    format: wartools-map/1
    name: t
    game: combat-infantry
    grid: {type: hex, columns: 6, rows: 6}
    """)
UNIT = "units: [{id: a, side: US, type: rifle, cell: A1}]\n"


def refused(text: str, *fragments: str, source: str = "m.yaml") -> str:
    """Load ``text``; it must be refused with one line holding every fragment."""
    with no_hang(), pytest.raises(MapError) as info:
        loads_map(text, source)
    message = str(info.value)
    assert "\n" not in message and "\r" not in message
    for f in fragments:
        assert f in message, (f, message)
    return message


def one_error_line(code: int, out: str, err: str, *fragments: str) -> str:
    assert code == 2, (code, err)
    assert out == "" and err.count("\n") == 1 and err.startswith("wartools: error: "), err
    assert "Traceback" not in err
    for f in fragments:
        assert f in err, (f, err)
    return err


@pytest.fixture
def ci_map(tmp_path: Path) -> str:
    p = tmp_path / "ci.yaml"
    p.write_text(HEAD + "elevation: {C3: 2}\n" + UNIT)
    return str(p)


# --- YAML ------------------------------------------------------------------------------------
def test_billion_laughs_alias_bomb_is_refused_before_expansion():
    rows = ['  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        rows.append(f"  {name}: &{name} [{', '.join(['*' + prev] * 9)}]")
    text = HEAD + "zones:\n" + "\n".join(rows) + "\n"
    assert len(text) < 1000
    refused(text, "m.yaml:", "limit of 1,000,000 values", "aliases are expanded")


def test_small_aliases_are_still_fine():
    m = loads_map(HEAD + "zones: {north: &n [A1, B1], also: *n}\n")
    assert m.zones["also"] == m.zones["north"]


def test_self_referencing_anchor_is_refused_with_its_line():
    refused(HEAD + "terrain: &a {cells: *a}\n", "m.yaml:5:", "self-referencing anchor", "*a")


@pytest.mark.parametrize("depth", [100, 100_000])
def test_deeply_nested_lists_are_refused(depth):
    refused(HEAD + "zones: " + "[" * depth + "]" * depth + "\n", "m.yaml:5:", "nest")


def test_nesting_just_beyond_the_limit_names_the_limit():
    d = limits.MAX_YAML_DEPTH + 1
    refused(HEAD + "zones: {z: " + "[" * d + "]" * d + "}\n", f"limit of {limits.MAX_YAML_DEPTH}")


# --- board size, integers, labels ------------------------------------------------------------
@pytest.mark.parametrize("columns, rows, fragment", [
    (100_000, 100_000, "grid.columns: 100000 is outside the limit 1..4096"),
    (10_000, 10_000, "grid.columns: 10000 is outside the limit 1..4096"),
    (300, 300, "300 x 300 = 90,000 cells is more than the limit of 65,536"),
])
def test_huge_boards_are_refused_before_any_cell_is_made(columns, rows, fragment):
    refused(HEAD.replace("columns: 6, rows: 6", f"columns: {columns}, rows: {rows}"), "m.yaml:4:", fragment)


def test_the_largest_allowed_board_loads():
    side = int(limits.MAX_CELLS ** 0.5)
    with no_hang(20):
        m = loads_map(HEAD.replace("columns: 6, rows: 6", f"columns: {side}, rows: {side}"))
    assert len(m.grid) == side * side <= limits.MAX_CELLS


@pytest.mark.parametrize("kind", ["[hex]", "{a: 1}", "7", "null"])
def test_grid_type_of_the_wrong_kind_is_one_line(kind):
    refused(HEAD.replace("type: hex", f"type: {kind}"), "grid.type", "valid: hex, square")


@pytest.mark.parametrize("value", [10**23, -(10**19), 1001])
def test_elevation_beyond_the_limit_is_refused(value):
    refused(HEAD + f"elevation: {{C3: {value}}}\n", "m.yaml:5:", "elevation.C3", "limit -1000..1000")


def test_unit_strength_and_objective_value_are_bounded():
    refused(HEAD + "units: [{id: a, side: US, type: rifle, cell: A1, strength: 99999999999999999999}]\n",
            "units.0.strength", "limit 1..1000")
    refused(HEAD + "objectives: [{cell: A1, value: 99999999999999999999}]\n", "objectives.0.value", "limit")


def test_a_label_with_thousands_of_digits_is_refused():
    label = "A" + "9" * 5000
    msg = refused(HEAD + f"units: [{{id: a, side: US, type: rifle, cell: {label}}}]\n",
                  "units.0.cell", "5001 characters", f"limit of {limits.MAX_LABEL_CHARS}")
    assert len(msg) < 300


def test_long_names_and_ids_are_refused():
    refused(HEAD + "units: [{id: " + "x" * 100 + ", side: US, type: rifle, cell: A1}]\n", "units.0.id",
            "longer than the limit")
    refused(HEAD.replace("name: t", "name: " + "n" * 2000), "name:", "longer than the limit of 1000")


# --- one cell, one spelling ------------------------------------------------------------------
@pytest.mark.parametrize("section", [
    "terrain: {cells: {C3: woods, c3: marsh}}",
    "terrain:\n  cells:\n    C3: woods\n    C03: woods",
    "elevation: {C3: 1, c03: 2}",
    "features: {C3: [foxhole], c3: [smoke]}",
])
def test_two_spellings_of_one_cell_are_refused_naming_both(section):
    text = HEAD + section + "\n"
    msg = refused(text, "both name cell C3", "give each cell once")
    first, second = [w for w in ("C3", "c3", "C03", "c03") if f"'{w}'" in msg]
    assert {first, second} <= set(section.replace(":", " ").replace("{", " ").replace(",", " ").split())
    assert "(line " in msg  # the other spelling's line


def test_a_zone_naming_one_cell_twice_is_refused():
    refused(HEAD + "zones: {z: [A1, a1]}\n", "zones.z.1", "entries 0", "both name cell A1")


def test_one_spelling_per_section_is_fine():
    m = loads_map(HEAD + "terrain: {cells: {c3: woods}}\nelevation: {C03: 1}\n")
    assert m.terrain_at("C3") == "woods" and m.elevation_at("c3") == 1


# --- messages are one line -------------------------------------------------------------------
@pytest.mark.parametrize("key", ['"C3\\0\\nfoo"', '"C3\\r\\x1b[31m"', '"C\\u20283"'])
def test_control_characters_in_a_bad_value_stay_on_one_line(key):
    msg = refused(HEAD + f"terrain: {{cells: {{{key}: woods}}}}\n", "terrain.cells.")
    assert "\x00" not in msg and "\x1b" not in msg and "\u2028" not in msg


def test_command_line_labels_with_control_characters_stay_on_one_line(ci_map):
    one_error_line(*run_cli(["los", ci_map, "A1\n\x1bB2", "C3"]), "A1\\n\\x1bB2")
    one_error_line(*run_cli(["los", ci_map, "A1\x00\nB2", "C3"]), "A1\\x00\\nB2", "NUL character")


def test_a_nul_byte_in_a_file_name_is_bad_input_not_a_bug(tmp_path):
    one_error_line(*run_cli(["import-vassal", str(tmp_path / "m\x00.vmod")]), "NUL character")


def test_every_wartools_error_is_one_line():
    assert str(WartoolsError("a\nb\tc")) == "a\\nb\\tc"


# --- files: only regular files, bounded size -------------------------------------------------
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "map.yaml"
    os.mkfifo(fifo)
    with no_hang(), pytest.raises(MapError, match="not a regular file \\(a FIFO\\)"):
        load_map(fifo)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused(device):
    with no_hang(), pytest.raises(MapError, match="not a regular file \\(a character device\\)"):
        load_map(device)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(MapError, match="not a regular file \\(a folder\\)"):
        load_map(tmp_path)


def test_a_50_megabyte_map_is_refused_before_reading(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:
        fh.truncate(50_000_000)  # sparse: costs no disk
    with no_hang(), pytest.raises(MapError, match="50,000,000 bytes, more than the limit of 8,388,608"):
        load_map(big)


def test_text_beyond_the_size_limit_is_refused_by_loads_map():
    refused(HEAD + "#" + "x" * limits.MAX_FILE_BYTES + "\n", "characters, more than the limit")


def test_not_utf8_is_one_line(tmp_path):
    p = tmp_path / "m.yaml"
    p.write_bytes(HEAD.encode() + b"name2: \xff\xfe\n")
    with pytest.raises(MapError, match="not UTF-8 text"):
        load_map(p)


# --- command-line integers: refused while parsing --------------------------------------------
@pytest.mark.parametrize("argv, fragments", [
    (["reach", "MAP", "A1", "--turns", "1e30"], ["--turns", "'1e30' is not a whole number"]),
    (["reach", "MAP", "A1", "--turns", "1" + "0" * 30], ["--turns", "(31 digits)", "limit 1..1000"]),
    (["reach", "MAP", "A1", "--budget", "9" * 5000], ["argument --budget", "(5000 characters)", "limit of 4096"]),
    (["reach", "MAP", "A1", "--budget", "9" * 4000], ["--budget", "(4000 digits)", "limit 0..10000"]),
    (["path", "MAP", "A1", "F6", "--alternatives", "100000"], ["--alternatives", "100000", "limit 0..20"]),
    (["path", "MAP", "A1", "F6", "--alternatives", "1e30"], ["--alternatives", "'1e30'"]),
    (["los", "MAP", "A1", "F6", "--height", "99999999999999999999999"], ["--height", "limit 0..1000"]),
    (["los", "MAP", "A1", "F6", "--height", "-1"], ["--height", "-1 is outside the limit 0..1000"]),
    (["viewshed", "MAP", "A1", "--height", "99999999999999999999999"], ["--height", "limit 0..1000"]),
    (["viewshed", "MAP", "A1", "--range", "-3"], ["--range", "-3 is outside"]),
    (["los", "MAP", "A" + "9" * 5000, "F6"], ["command-line word 3", "longer than the limit of 4096"]),
    (["los", "MAP", "A" + "9" * 4000, "F6"], ["label", "longer than the limit of 64"]),
    (["odds", "company-of-heroes", "--target", "infantry", "--health", "3", "--damage", "AP=100000"],
     ["--damage", "100000"]),
    (["odds", "company-of-heroes", "--target", "infantry", "--health", "3"] + ["--damage", "AP=60"] * 2,
     ["--damage", "120"]),
    (["odds", "combat-infantry", "--dice", "3", "--firepower", "9" * 30], ["--firepower"]),
    (["odds", "combat-infantry", "--dice", "1e30", "--firepower", "3"], ["--dice"]),
    (["odds", "heroes-of-normandie", "--defense", "3", "--mines", "9" * 4000], ["--mines"]),
    (["odds", "combat-infantry", "--attackers", "rifle:4:" + "9" * 4000, "--defenders", "rifle:4:2"],
     ["--attackers"]),
    (["info", "x" * 5000], ["command-line word 2", "limit of 4096"]),
])
def test_numbers_beyond_their_limit_are_refused_before_any_work(ci_map, argv, fragments):
    argv = [ci_map if a == "MAP" else a for a in argv]
    err = one_error_line(*run_cli(argv), *fragments)
    assert argv[0] == "odds" or len(err) < 400  # long values are shortened


def test_the_height_within_the_limit_still_answers(ci_map):
    code, out, err = run_cli(["los", ci_map, "A1", "F6", "--height", "1000"])
    assert code == 0 and err == "" and "A1" in out


def test_elevation_at_the_limit_does_not_overflow_line_of_sight(tmp_path):
    p = tmp_path / "high.yaml"
    p.write_text(HEAD + "elevation: {C3: 1000, D4: -1000}\n" + UNIT)
    for argv in (["los", str(p), "A1", "F6", "--height", "1000"], ["viewshed", str(p), "A1"]):
        code, _, err = run_cli(argv)
        assert code == 0 and err == "", err


def test_large_allowed_turns_and_alternatives_answer(ci_map):
    assert run_cli(["reach", ci_map, "A1", "--turns", "1000"])[0] == 0
    assert run_cli(["path", ci_map, "A1", "F6", "--alternatives", "20"])[0] == 0


def test_limits_are_documented_in_one_table():
    doc = (Path(__file__).parent.parent / "docs" / "limits.md").read_text()
    assert limits.limits_table() in doc
