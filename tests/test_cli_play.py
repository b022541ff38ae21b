"""``wartools play``, ``replay``, ``balance`` and ``luck`` (issue 22, item 7): the JSON of DESIGN's
table, and bad input as one line with exit status 2."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from hostile import run_cli
from playout_scenarios import skirmish_file

ROOT = Path(__file__).resolve().parents[1]
SAINT_REMY = str(ROOT / "scenarios" / "combat-infantry-saint-remy.yaml")


@pytest.fixture(scope="module")
def scen(tmp_path_factory):
    return skirmish_file(tmp_path_factory.mktemp("scen"))


def _refused(argv, *words, seconds=30):
    code, out, err = run_cli(argv, seconds=seconds)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("wartools: error: "), (code, err)
    for w in words:
        assert w in err, err
    return err


@pytest.fixture(scope="module")
def record(tmp_path_factory, scen):
    path = tmp_path_factory.mktemp("rec") / "game.yaml"
    code, out, err = run_cli(["play", scen, "--bots", "random,random", "--seed", "4", "-o", str(path), "--json"],
                             seconds=120)
    assert code == 0, err
    return path, json.loads(out)


def test_play_writes_a_record_and_answers_in_designs_shape(record):
    path, answer = record
    assert path.exists() and answer["record"] == str(path)
    assert {"record", "result", "vp", "turns", "actions"} <= set(answer)
    assert set(answer["vp"]) == {"US", "German"} and answer["actions"] > 0
    code, out, err = run_cli(["play", SAINT_REMY, "--bots", "random,random", "-o", str(path.parent / "g.yaml")],
                             seconds=120)
    assert code == 0 and "wrote" in out, err


def test_replay_gives_the_result_and_the_position_after_a_turn(record):
    path, played = record
    code, out, err = run_cli(["replay", str(path), "--json"], seconds=120)
    assert code == 0, err
    answer = json.loads(out)
    assert (answer["result"], answer["vp"], answer["turn"]) == (played["result"], played["vp"], played["turns"])
    assert answer["position"]["format"] == "wartools-position/1"
    code, out, _ = run_cli(["replay", str(path), "--turn", "1", "--json"], seconds=120)
    assert code == 0 and json.loads(out)["turn"] == 1
    _refused(["replay", str(path), "--turn", "99"], "no end of turn 99")


def test_luck_of_the_record(record):
    path, _ = record
    code, out, err = run_cli(["luck", str(path), "--json"], seconds=60)
    assert code == 0, err
    answer = json.loads(out)
    assert set(answer["sides"]) == {"US", "German"} and len(answer["swings"]) <= 10
    assert {"score", "rolls", "expected", "actual"} <= set(answer["sides"]["US"])


def test_a_record_that_does_not_replay_is_refused_naming_the_action(record, tmp_path):
    path, _ = record
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rolled = next(a for a in data["actions"] if a.get("rolls"))
    rolled["rolls"][0]["faces"] = [f % 6 + 1 + 6 for f in rolled["rolls"][0]["faces"]]   # faces the dice never gave
    bad = tmp_path / "tampered.yaml"
    bad.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    for command in ("replay", "luck"):
        _refused([command, str(bad)], "tampered.yaml")


def test_balance_answers_in_designs_shape(scen):
    code, out, err = run_cli(["balance", scen, "--bots", "random,random", "--playouts", "6", "--seed", "1", "--json"],
                             seconds=120)
    assert code == 0, err
    answer = json.loads(out)
    assert {"playouts", "seed", "wins", "results", "mean_vp", "turning_points", "assumptions"} <= set(answer)
    assert answer["playouts"] == 6 and set(answer["wins"]["US"]) >= {"p", "low", "high"}
    code, out, err = run_cli(["balance", scen, "--bots", "random,random", "--playouts", "6", "--seed", "1"],
                             seconds=120)
    assert code == 0 and "US wins" in out, err


def test_bad_balance_input_is_one_line_and_exit_2(scen):
    base = ["balance", scen, "--seed", "1"]
    _refused([*base, "--bots", "random,clever", "--playouts", "2"], "unknown bot 'clever'", "random")
    _refused([*base, "--bots", "random", "--playouts", "2"], "one bot per side (US, German), got 1")
    _refused([*base, "--bots", "random,random", "--playouts", "0"], "--playouts", "1..100000")
    _refused([*base, "--bots", "random,random", "--playouts", "1000001"], "--playouts", "1..100000")
    _refused([*base, "--bots", "random,random", "--playouts", "2", "--workers", "0"], "--workers")
    _refused([*base, "--bots", "random,random", "--playouts", "2", "--address", "tcp://127.0.0.1:80",
              "--workers", "2"], "not both")
    _refused(["balance", scen, "--bots", "random,random", "--playouts", "2", "--seed", "-1"], "--seed")
    _refused(["play", scen, "--bots", "random,greedier", "-o", "x.yaml"], "unknown bot 'greedier'")


def test_an_unreachable_scheduler_is_one_line_within_the_timeout(scen):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    _refused(["balance", scen, "--bots", "random,random", "--playouts", "2", "--seed", "1",
              "--address", f"tcp://127.0.0.1:{port}", "--timeout", "2"], "cannot reach a Dask scheduler",
             f"127.0.0.1:{port}")
    assert time.monotonic() - start < 10
    _refused(["balance", scen, "--bots", "random,random", "--playouts", "2", "--seed", "1",
              "--address", "somewhere"], "not a scheduler address")


def _as_in_a_terminal() -> None:
    """The child's Ctrl-C and SIGTERM as a terminal's foreground command has them: a child inherits
    the test process's, and a test process of the suite was seen ignoring SIGINT (the balance then
    ran all 2,000 playouts: a timeout, or a playout's error at 1,500)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the worker processes from /proc")
def test_sigterm_is_handled_as_ctrl_c_and_takes_the_workers_with_it(scen):
    """A real process on 2 worker processes, a real SIGTERM (a job scheduler's stop): the finished
    playouts' answer, 130, and no worker left running (they were orphaned before)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "wartools.cli", "balance", scen, "--bots", "random,random",
                          "--playouts", "2000", "--seed", "3", "--workers", "2", "--json"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, preexec_fn=_as_in_a_terminal)
    workers: list[int] = []
    for _ in range(120):                  # wait for the pool's processes, then let playouts finish
        time.sleep(0.5)
        with open(f"/proc/{p.pid}/task/{p.pid}/children") as f:
            workers = [int(x) for x in f.read().split()]
        if len(workers) >= 2:
            break
    time.sleep(6)
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert err.strip() == "wartools: interrupted"
    assert json.loads(out)["stopped"].startswith("interrupted")
    deadline = time.monotonic() + 20
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert workers and not any(_alive(w) for w in workers), workers


def test_ctrl_c_prints_the_playouts_already_finished_and_says_so(scen):
    """A real process, a real SIGINT: the answer of the finished playouts on stdout, 130."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "wartools.cli", "balance", scen, "--bots", "random,random",
                          "--playouts", "2000", "--seed", "3", "--json"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, preexec_fn=_as_in_a_terminal)
    time.sleep(7)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert err.strip() == "wartools: interrupted"
    answer = json.loads(out)
    assert 0 < answer["playouts"] < 2000 and answer["complete"] is False
    assert answer["stopped"].startswith("interrupted")
