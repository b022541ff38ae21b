"""``wartools reach`` / ``wartools path``: JSON answers, explanations, errors, every sample map."""
from __future__ import annotations

import glob
import json

import pytest

from wartools.cli import main
from wartools.mapmodel import load_map, save_map
from wartools.testing import tiny_map

MAPS = sorted(glob.glob("maps/*.yaml"))


@pytest.fixture()
def ci_map(tmp_path):
    m = tiny_map("combat-infantry", 5, 3, terrain={"C1": "woods"},
                 roads=[{"kind": "unpaved", "cells": ["A1", "B1", "C1"]}],
                 units=[("us", "US", "rifle", "A1"), ("de", "German", "rifle", "E3")])

    f = tmp_path / "m.yaml"
    save_map(m, f)
    return str(f)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_path_json_and_text(ci_map, capsys):
    code, out, _ = run(capsys, "path", ci_map, "A1", "C1", "--json")
    assert code == 0
    j = json.loads(out)
    assert j == {"reachable": True, "cells": ["A1", "B1", "C1"], "cost": 3,
                 "steps": [{"to": "B1", "cost": 1, "why": "clear hexside 2 MP, road -1"},
                           {"to": "C1", "cost": 2, "why": "woods hexside 3 MP, road -1"}],
                 "assumptions": []}
    code, out, _ = run(capsys, "path", ci_map, "A1", "C1", "--weather", "mud")
    assert code == 0 and "unpaved road in bad weather" in out and "5 MP" in out
    # the scenario's weather as a game option (Combat Infantry 10.2, 8.4) spoils the road the same way
    code, out, _ = run(capsys, "path", ci_map, "A1", "C1", "--option", "weather=bad")
    assert code == 0 and "unpaved road in bad weather" in out and "5 MP" in out


def test_path_multi_turn_plan_in_text(ci_map, capsys):
    code, out, _ = run(capsys, "path", ci_map, "A1", "A3", "--unit", "tank")
    assert code == 0 and "4 MP" in out
    code, out, _ = run(capsys, "path", ci_map, "A1", "E1", "--night")
    assert code == 0 and "turn 2" in out


def test_reach_json_defaults_from_unit_on_start(ci_map, capsys):
    code, out, _ = run(capsys, "reach", ci_map, "A1", "--json")
    j = json.loads(out)
    assert code == 0 and j["from"] == "A1" and j["unit"] == "rifle"
    assert j["reachable"]["A1"] == 0 and j["reachable"]["C1"] == 3 and max(j["reachable"].values()) <= 5
    code, out, _ = run(capsys, "reach", ci_map, "A1", "--budget", "1", "--json")
    assert json.loads(out)["reachable"] == {"A1": 0, "B1": 1}


@pytest.mark.parametrize("argv, message", [
    (["reach", "MAP", "Z9"], "off the"),
    (["reach", "MAP", "A1", "--unit", "panzer"], "unknown unit type 'panzer'"),
    (["reach", "MAP", "A1", "--side", "French"], "unknown side 'French'"),
    (["reach", "MAP", "B2"], "no unit on B2 and no side given"),
    (["reach", "MAP", "A1", "--budget", "-1"], "--budget: -1 is outside the limit 0..10000"),
    (["path", "MAP", "A1"], "path:"),
    (["reach", "missing.yaml", "A1"], "no such map file"),
])
def test_errors_exit_2_with_one_line(ci_map, capsys, argv, message):
    argv = [ci_map if a == "MAP" else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and out == ""


def test_unreachable_path_says_why(ci_map, capsys):
    code, out, _ = run(capsys, "path", ci_map, "A1", "E3", "--json")
    assert code == 0 and json.loads(out)["reachable"] is False
    code, out, _ = run(capsys, "path", ci_map, "A1", "E3")
    assert "must stop" in out


@pytest.mark.parametrize("mapfile", MAPS)
def test_every_sample_map_and_unit_type_answers(mapfile, capsys):
    m = load_map(mapfile)
    u = m.units[0]
    start = m.label(u.cell)
    far = m.label(max(m.grid.cells(), key=lambda c: m.grid.distance(c, u.cell)))
    for utype in m.game.unit_types.names:
        code, out, err = run(capsys, "reach", mapfile, start, "--unit", utype, "--json")
        assert code == 0, err
        assert json.loads(out)["reachable"][start] in (0, 1)
        code, out, err = run(capsys, "path", mapfile, start, far, "--unit", utype, "--json")
        assert code == 0, err
        j = json.loads(out)
        assert j["reachable"] == bool(j["cells"])
        assert all(s["why"] for s in j["steps"])


def test_render_overlays(ci_map, tmp_path, capsys):
    out = tmp_path / "o.png"
    code, _, err = run(capsys, "render", ci_map, "-o", str(out), "--reach", "A1", "--path", "A1", "C1")
    assert code == 0, err
    assert out.stat().st_size > 1000


def test_reach_over_several_turns(ci_map, capsys):
    from wartools.mapmodel import load_map
    from wartools.movement import reach_in_turns

    code, out, err = run(capsys, "reach", ci_map, "A1", "--unit", "rifle", "--side", "US", "--turns", "3", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["turns"] == reach_in_turns(load_map(ci_map), "A1", "rifle", side="US", turns=3).labels()
    assert set(answer["reachable"]) <= set(answer["turns"])
    assert run(capsys, "reach", ci_map, "A1", "--side", "US", "--turns", "0")[0] == 2
