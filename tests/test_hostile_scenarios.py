"""Hostile input, round two, classes 2 and 3: scenario and position files obey the stated
limits (docs/limits.md) and load in time linear in their size.

Objective values of 10^38, unit steps of 1,000,000 and VP totals too large to print were
accepted; a scenario with 50,000 objectives in one condition took 16-26 s and a position
eliminating 20,000 units 25-40 s (quadratic membership tests).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hostile import no_hang, run_cli
from wartools import limits

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
SAINT_REMY = ROOT / "scenarios" / "combat-infantry-saint-remy.yaml"
POSITION = ROOT / "scenarios" / "positions" / "combat-infantry-saint-remy.yaml"


def _scenario(tmp: Path, text: str, name: str = "s.yaml") -> Path:
    out = tmp / name
    out.write_text(text.replace("map: ../maps/", f"map: {ROOT}/maps/"), encoding="utf-8")
    return out


def _refused(argv: list[str], *parts: str) -> str:
    code, _, err = run_cli(argv, seconds=120)
    assert code == 2 and err.count("\n") == 1 and len(err) < 400, err[:400]
    for part in parts:
        assert part in err, err
    return err


@pytest.mark.parametrize("old, new, field, limit", [
    ("{id: north-bridge, name: North bridge (east end), cell: G3, value: 2}",
     "{id: north-bridge, cell: G3, value: 100000000000000000000000000000000000000}", "objectives.0.value", "0..1000000"),
    ("name: 1st Squad, steps: 4}", "name: 1st Squad, steps: 1000000}", "units.2.steps", "1..100"),
    ("vp: {per_elimination: 1}", "vp: {per_elimination: 99999999999999999999}", "per_elimination", "0..1000000"),
    ("turns: 6", "turns: 100000", "turns", "1..1000"),
    ("enters: {turn: 2, edge: west}", "enters: {turn: 99999999999, edge: west}", "enters.turn", "1..1000"),
    ("{side: US, vp_lead: 4}", "{side: US, vp_lead: 10000000}", "vp_lead", "0..1000000"),
])
def test_every_scenario_number_has_its_limit(tmp_path, old, new, field, limit):
    text = SAINT_REMY.read_text(encoding="utf-8")
    assert old in text
    path = _scenario(tmp_path, text.replace(old, new))
    _refused(["scenario", str(path)], str(path), field, limit)


@pytest.mark.parametrize("old, new, field, limit", [
    ("{id: us-in-1, cell: G3, steps: 3}", "{id: us-in-1, cell: G3, steps: 1000000}", "units.2.steps", "1..100"),
    ("turn: 4", "turn: 4000", "turn", "1..1000"),
    ("format: wartools-position/1", "format: wartools-position/1\nvp: {US: 100000000000000000000000}", "vp.US",
     "-1000000000..1000000000"),
])
def test_every_position_number_has_its_limit(tmp_path, old, new, field, limit):
    text = POSITION.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "p.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    _refused(["victory", str(SAINT_REMY), "--position", str(path)], str(path), field, limit)


def test_the_largest_vp_totals_the_limits_allow_still_print(tmp_path):
    text = POSITION.read_text(encoding="utf-8").replace(
        "format: wartools-position/1", f"format: wartools-position/1\nvp: {{US: {limits.VP_TOTAL.high}, "
                                       f"German: {limits.VP_TOTAL.low}}}")
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["victory", str(SAINT_REMY), "--position", str(path), "--json"], seconds=120)
    assert code == 0 and str(limits.VP_TOTAL.high) in out.replace(",", ""), err


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_units_at_the_step_limit_are_analysed_not_refused_for_a_flag(tmp_path, scenario):
    """A scenario's numbers never surface as a command-line flag the user did not give (a
    huge step count made ``fireplan`` complain about ``--dice``)."""
    text = re.sub(r"(steps|health): \d+", lambda m: f"{m.group(1)}: {limits.STEPS.high}",
                  scenario.read_text(encoding="utf-8"))
    path = _scenario(tmp_path, text)
    sides = re.findall(r"^  (\S+):\n    (?:setup|units)", text, re.M)
    for side in sides:
        for command in (["threat", str(path), "--side", side], ["fireplan", str(path), "--side", side]):
            code, _, err = run_cli(command, seconds=120)
            assert code == 0 and "--" not in err, (command, err)


def _many_objectives(count: int) -> str:
    text = SAINT_REMY.read_text(encoding="utf-8")
    extra = "".join(f"  - {{id: o{i}, cell: G3}}\n" for i in range(count))
    text = text.replace("objectives:\n", "objectives:\n" + extra, 1)
    ids = ", ".join(f"o{i}" for i in range(count))
    return text.replace("    - {result: Draw, otherwise: true}",
                        f"    - {{result: All of them, if: {{side: US, controls: [{ids}]}}}}\n"
                        "    - {result: Draw, otherwise: true}")


def test_more_objectives_than_the_limit_are_refused_up_front(tmp_path):
    path = _scenario(tmp_path, _many_objectives(limits.MAX_OBJECTIVES + 1))
    with no_hang(120):
        _refused(["scenario", str(path)], "objectives", f"limit of {limits.MAX_OBJECTIVES:,}")


def test_the_most_objectives_allowed_in_one_condition_load(tmp_path):
    """Linear: every objective named by the condition is one look-up (this took minutes at
    50,000 when each was a list search). The guard catches a hang, it is not a speed test."""
    path = _scenario(tmp_path, _many_objectives(limits.MAX_OBJECTIVES - 10))
    with no_hang(120):
        code, out, err = run_cli(["scenario", str(path), "--json"], seconds=120)
    assert code == 0 and "All of them" in out, err


def test_more_conditions_than_the_limit_are_refused(tmp_path):
    text = SAINT_REMY.read_text(encoding="utf-8")
    many = ", ".join(["{side: US, controls: [north-bridge]}"] * (limits.MAX_CONDITIONS + 1))
    text = text.replace("    - {result: Draw, otherwise: true}",
                        f"    - {{result: Many, if: {{any: [{many}]}}}}\n    - {{result: Draw, otherwise: true}}")
    path = _scenario(tmp_path, text)
    with no_hang(120):
        _refused(["scenario", str(path)], f"limit of {limits.MAX_CONDITIONS:,} victory conditions")


def test_a_position_listing_a_unit_many_times_is_refused_at_the_second(tmp_path):
    text = POSITION.read_text(encoding="utf-8")
    text += "eliminated: [" + ", ".join(["de-in-1"] * 20_000) + "]\n" if "eliminated:" not in text else ""
    text = re.sub(r"eliminated: \[[^\]]*\]", "eliminated: [" + ", ".join(["de-in-1"] * 20_000) + "]", text)
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    with no_hang(120):
        _refused(["victory", str(SAINT_REMY), "--position", str(path)], "eliminated.1", "listed twice")


def test_a_position_listing_more_units_than_the_limit_is_refused(tmp_path):
    text = re.sub(r"eliminated: \[[^\]]*\]\n?", "", POSITION.read_text(encoding="utf-8"))
    text += "eliminated: [" + ", ".join(f"x{i}" for i in range(limits.MAX_UNITS + 1)) + "]\n"
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    with no_hang(120):
        _refused(["victory", str(SAINT_REMY), "--position", str(path)], "eliminated", f"limit of {limits.MAX_UNITS:,}")
