"""``wartools scenario`` and ``wartools victory``: docs/architecture.md's JSON, text, and exit 2 on bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from wartools.cli import main

ROOT = Path(__file__).resolve().parents[1]
CI = str(ROOT / "scenarios" / "combat-infantry-saint-remy.yaml")
SAINT_REMY = ROOT / "scenarios" / "combat-infantry-saint-remy.yaml"
CI_POS = str(ROOT / "scenarios" / "positions" / "combat-infantry-saint-remy.yaml")
COH = str(ROOT / "scenarios" / "company-of-heroes-saint-aubert.yaml")
COH_POS = str(ROOT / "scenarios" / "positions" / "company-of-heroes-saint-aubert.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_scenario_json_has_the_design_keys(capsys):
    code, out, _ = run(capsys, "scenario", CI, "--json")
    a = json.loads(out)
    assert code == 0
    assert {"name", "game", "map", "turns", "first", "sides", "objectives", "victory", "assumptions"} <= set(a)
    assert a["game"] == "combat-infantry" and a["turns"] == 6 and a["first"] == "US"
    assert a["sides"]["US"]["reinforcements"] == ["us-eng-1", "us-tank-1"]
    assert "us-in-1" in a["sides"]["US"]["units"] and "us-tank-1" not in a["sides"]["US"]["units"]
    assert a["objectives"] == ["north-bridge", "south-bridge", "saint-remy", "mont-crolles"]
    assert a["victory"][-1] == "Draw"
    assert a["sides"]["German"]["entries"]["de-tank-1"] == {"turn": 4, "zone": "east-road", "cells": ["N3"]}
    assert all(set(x) >= {"rule", "reading"} for x in a["assumptions"])


def test_scenario_text(capsys):
    code, out, _ = run(capsys, "scenario", CI)
    assert code == 0 and "6 game turns; US acts first" in out
    assert "us-tank-1 enters on game turn 3 by west-road" in out


def test_victory_json_and_text(capsys):
    code, out, _ = run(capsys, "victory", CI, "--position", CI_POS, "--json")
    a = json.loads(out)
    assert code == 0
    assert {"result", "vp", "controls", "reasons", "assumptions"} <= set(a)
    assert a["result"] == "US victory" and a["vp"] == {"US": 4, "German": 3}
    assert a["controls"] == {"north-bridge": "US", "south-bridge": "US", "saint-remy": "German",
                             "mont-crolles": "German"}
    assert a["turn"] == 4 and a["over"] is False
    code, out, _ = run(capsys, "victory", CI, "--position", CI_POS)
    assert "turn 4: US victory (if the game ended now)" in out and "assumptions:" in out


def test_victory_defaults_to_the_setup_and_can_end_the_turn(capsys):
    code, out, _ = run(capsys, "victory", CI, "--json")
    assert json.loads(out)["result"] == "German victory" and json.loads(out)["turn"] == 1
    code, out, _ = run(capsys, "victory", COH, "--position", COH_POS, "--end-turn", "--json")
    a = json.loads(out)
    assert a["turn"] == 7 and a["vp"] == {"US": 7, "Wehrmacht": 5}


def test_option_flag_reaches_the_scenario_rules(capsys):
    code, out, _ = run(capsys, "victory", COH, "--option", "contested-capture=neutral", "--json")
    readings = [x["reading"] for x in json.loads(out)["assumptions"]]
    assert code == 0 and any(r.startswith("house rule: contested-capture = neutral") for r in readings)


@pytest.mark.parametrize("argv, fragment", [
    (["scenario", "nope.yaml"], "nope.yaml: no such scenario file"),
    (["victory", CI, "--position", "nope.yaml"], "nope.yaml: no such position file"),
    (["victory", COH, "--position", CI_POS], "this position is for scenario 'Holding the bridges"),
    (["victory", CI, "--option", "fog=1"], "combat-infantry has no option 'fog'"),
    (["victory", CI, "--bogus"], "unrecognized arguments: --bogus"),
    (["scenario", str(ROOT / "maps" / "combat-infantry-river-crossing.yaml")], "unsupported format 'wartools-map/1'; valid: wartools-scenario/1"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err, err


# --- issue 25.8: output a player does not have to dig through ------------------------------------
def test_a_scenario_file_given_to_a_map_command_says_what_it_is(capsys):
    for argv in (["los", str(SAINT_REMY), "A1", "B2"], ["render", str(SAINT_REMY), "-o", "x.png"]):
        code, _out, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1, err
        assert "this is a scenario file, not a map" in err and "wartools scenario, victory, threat" in err
        assert "its map: ../maps/combat-infantry-river-crossing.yaml" in err and "description" not in err


def test_route_of_a_reinforcement_says_when_it_enters(capsys):
    code, _out, err = run(capsys, "route", str(SAINT_REMY), "us-tank-1", "E5")
    assert code == 2 and "us-tank-1 is a reinforcement not yet on the board: it enters on game turn 3" in err


def test_race_lists_its_assumptions_on_request(capsys):
    code, out, _ = run(capsys, "race", str(SAINT_REMY))
    assert code == 0 and "assumed (" not in out and "list them with --assumptions" in out
    assert "US game turn 1 (us-in-1)" in out                    # the game's word for a turn
    code, full, _ = run(capsys, "race", str(SAINT_REMY), "--assumptions")
    assert code == 0 and full.count("assumed (") >= 5


def test_nested_victory_conditions_print_nested(capsys):
    code, out, _ = run(capsys, "victory", str(SAINT_REMY), "--position",
                       str(ROOT / "scenarios" / "positions" / "combat-infantry-saint-remy.yaml"))
    assert code == 0 and out.startswith("Holding the bridges at Saint-Remy (original), game turn 4:")
    lines = out.splitlines()
    at = lines.index("    US victory: all of (yes):")
    assert lines[at + 1].startswith("      - US controls at least 1 of north-bridge, south-bridge: yes")


@pytest.mark.parametrize("argv", [["scenario", "{s}"], ["victory", "{s}"], ["threat", "{s}", "--side", "US"],
                                  ["route", "{s}", "us-in-1", "E3"]])
def test_scenario_pictures_from_the_command_line(capsys, tmp_path, argv):
    out = tmp_path / "picture.png"
    code, text, _ = run(capsys, *[a.format(s=SAINT_REMY) for a in argv], "-o", str(out))
    assert code == 0 and out.read_bytes()[:4] == b"\x89PNG" and text.rstrip().endswith(f"wrote {out}")


def test_help_does_not_dump_every_games_options(capsys):
    try:
        main(["los", "--help"])
    except SystemExit:
        pass
    text = capsys.readouterr().out
    assert "wartools games GAME" in text and "control-across-cliff" not in text and "stress-rule" not in text
