"""``wartools threat / route / race / fireplan`` on the four original scenarios: docs/architecture.md's
JSON, text, and exit 2 with one line on bad input."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from wartools.cli import main

ROOT = Path(__file__).resolve().parents[1]
NAMES = {"combat-infantry-saint-remy": "US", "company-of-heroes-saint-aubert": "US",
         "conflict-of-heroes-height-112": "Soviet", "heroes-of-normandie-dog-red": "US"}
SCEN = {n: (str(ROOT / "scenarios" / f"{n}.yaml"), str(ROOT / "scenarios" / "positions" / f"{n}.yaml"))
        for n in NAMES}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(NAMES))
def test_threat_json_on_every_scenario(capsys, name):
    scen, pos = SCEN[name]
    code, out, _ = run(capsys, "threat", scen, "--side", NAMES[name], "--position", pos, "--json")
    assert code == 0
    a = json.loads(out)
    assert a["side"] == NAMES[name] and "assumptions" in a
    hot = [v for v in a["cells"].values() if v["attackers"]]
    assert hot
    assert all(0 <= Fraction(v["p_hit"]) <= 1 and Fraction(v["expected_hits"]) >= Fraction(v["p_hit"]) for v in hot)
    assert any(Fraction(v["p_hit"]) > 0 for v in hot)


def test_threat_text_and_bad_input(capsys):
    scen, pos = SCEN["conflict-of-heroes-height-112"]
    code, out, _ = run(capsys, "threat", scen, "--side", "German", "--moving")
    assert code == 0 and "attackers may move first" in out and "assumed" in out
    code, _, err = run(capsys, "threat", scen, "--side", "Martians")
    assert code == 2 and err.count("\n") == 1 and "valid: German, Soviet" in err
    code, _, err = run(capsys, "threat", scen, "--side", "German", "--target", "zeppelin")
    assert code == 2 and "unknown unit type 'zeppelin'" in err


def test_route_json_and_bad_input(capsys):
    scen, pos = SCEN["conflict-of-heroes-height-112"]
    code, out, _ = run(capsys, "route", scen, "su-inf-3", "E08", "--turns", "3", "--position", pos, "--json")
    assert code == 0
    a = json.loads(out)
    assert {"reachable", "cells", "cost", "turns", "exposure", "steps", "cheapest", "assumptions"} <= set(a)
    assert Fraction(a["exposure"]) <= Fraction(a["cheapest"]["exposure"])
    code, out, _ = run(capsys, "route", scen, "su-inf-3", "E08", "--turns", "3", "--position", pos)
    assert code == 0 and "cheapest:" in out
    for bad, msg in ((["nobody", "E08"], "no unit 'nobody'"), (["su-inf-3", "Z99"], "Z99"),
                     (["su-inf-3", "E08", "--turns", "0"], "--turns")):
        code, _, err = run(capsys, "route", scen, *bad, "--position", pos)
        assert code == 2 and err.count("\n") == 1 and msg in err


@pytest.mark.parametrize("name", sorted(NAMES))
def test_race_json_on_every_scenario(capsys, name):
    scen, pos = SCEN[name]
    code, out, _ = run(capsys, "race", scen, "--position", pos, "--json")
    assert code == 0
    a = json.loads(out)
    assert a["objectives"] and "assumptions" in a
    for sides in a["objectives"].values():
        for arrival in sides.values():
            assert arrival is None or {"turn", "unit"} <= set(arrival)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_fireplan_json_on_every_scenario(capsys, name):
    scen, pos = SCEN[name]
    code, out, _ = run(capsys, "fireplan", scen, "--side", NAMES[name], "--position", pos, "--json")
    assert code == 0
    a = json.loads(out)
    assert {"assignments", "objective", "value", "method", "assumptions"} <= set(a)
    assert a["method"] == "exact"
    for x in a["assignments"]:
        assert {"unit", "target", "p_hit", "expected_hits"} <= set(x)


def test_fireplan_target_and_bad_input(capsys):
    scen, pos = SCEN["conflict-of-heroes-height-112"]
    code, out, _ = run(capsys, "fireplan", scen, "--side", "Soviet", "--position", pos, "--target", "de-mg-1", "--json")
    a = json.loads(out)
    assert code == 0 and a["objective"] == "target" and a["target"] == "de-mg-1"
    assert Fraction(a["value"]) == Fraction(a["targets"]["de-mg-1"]["p_hit"])
    code, _, err = run(capsys, "fireplan", scen, "--side", "Soviet", "--position", pos, "--target", "su-inf-1")
    assert code == 2 and err.count("\n") == 1 and "not an enemy unit" in err
