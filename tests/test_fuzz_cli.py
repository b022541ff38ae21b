"""No traceback, ever, from the command line (issue 16).

Every subcommand (found in the parser, so commands added later are fuzzed too) is run
in-process with hypothesis-generated arguments and maps: good and broken map files, labels
in every spelling, numbers far beyond their limits, text with control characters. Each run
must exit with 0, 1 or 2, print at most one line on stderr and no traceback, and finish
(:func:`hostile.no_hang` turns a hang into a failure). A bug inside wartools would exit 3.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import subprocess
import sys
import tempfile
from unittest import mock
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hostile import run_cli
from wartools.cli.command import BoundedInt, build_parser
from wartools.games import find_game, game_ids

ROOT = Path(__file__).parent.parent
SAMPLE_MAPS = sorted(str(p) for p in (ROOT / "maps").glob("*.yaml"))
WORK = Path(tempfile.mkdtemp(prefix="wartools-fuzz-"))


def _leaves(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every runnable subcommand: the words that select it and its parser."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return {words: parser}
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}
    for sub in subs:
        seen: set[int] = set()
        for name, child in sub.choices.items():
            if id(child) not in seen:  # aliases share a parser: fuzz it once
                seen.add(id(child))
                found.update(_leaves(child, (*words, name)))
    return found


PARSER = build_parser()
COMMANDS = _leaves(PARSER)

# --- values -----------------------------------------------------------------------------------
NASTY_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12) | st.sampled_from(
    ["", " ", "-", "--", "A1\x00", "A1\nB2", "\x1b[31m", "\u2028", "C3;rm", "9" * 80, "1e30", "nan", "-0"])
LABELS = st.sampled_from(["A1", "B2", "C3", "c3", "C03", "D4", "F6", "A01", "G08", "0304", "7-G08", "B5",
                          "L8", "N8", "Z99", "AAAA1", "A0"]) | NASTY_TEXT
NUMBERS = (st.integers(-3, 30) | st.integers(-10**7, 10**7) | st.sampled_from([10**30, -(10**19), 2**63]))
NUMBER_TEXT = NUMBERS.map(str) | st.sampled_from(["1e30", "1.5", "0x10", "", "+3", "٣", "9" * 40])
WORDS = st.sampled_from(sorted({t for g in game_ids() for t in find_game(g).unit_types.names}
                               | {"US", "German", "Wehrmacht", "Soviet", "clear", "woods", "night=true",
                                  "hedge", "AP=2", "AI=1,AP=1", "rifle:4:2", "rifle:4:2,mg:3:3", "1,1,1"}
                               | set(game_ids()))) | LABELS


def _map_dict(draw: st.DrawFn) -> dict:
    game = find_game(draw(st.sampled_from(game_ids())))
    grid: dict = {"type": game.grid_type, "columns": draw(st.integers(1, 7)), "rows": draw(st.integers(1, 7))}
    if draw(st.booleans()):
        grid["labels"] = draw(st.sampled_from(["column-letter", "row-letter", "numeric"]))
    cells = [f"{chr(65 + c)}{r + 1}" for c in range(grid["columns"]) for r in range(grid["rows"])]
    some = st.lists(st.sampled_from(cells), max_size=4, unique=True)
    terrain = {c: draw(st.sampled_from(game.terrain.names)) for c in draw(some)}
    data: dict = {"format": "wartools-map/1", "name": "fuzz", "game": game.id, "grid": grid,
                  "terrain": {"default": game.terrain.names[0], "cells": terrain},
                  "elevation": {c: draw(st.integers(-2, 3)) for c in draw(some)}}
    units = []
    for i, c in enumerate(draw(some)):
        units.append({"id": f"u{i}", "side": draw(st.sampled_from(game.sides or ("US",))),
                      "type": draw(st.sampled_from(game.unit_types.names)), "cell": c})
    if units:
        data["units"] = units
    return data


GARBAGE = st.recursive(st.none() | st.booleans() | NUMBERS | NASTY_TEXT | LABELS,
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NASTY_TEXT, inner, max_size=3),
                       max_leaves=6)


@st.composite
def map_files(draw: st.DrawFn) -> str:
    """A path to a small map file: valid, with one value replaced by garbage, or broken text."""
    kind = draw(st.sampled_from(["sample", "valid", "mutated", "mutated", "text"]))
    if kind == "sample":
        return draw(st.sampled_from(SAMPLE_MAPS))
    data = _map_dict(draw)
    if kind == "mutated":
        _mutate(draw, data)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    if kind == "text":
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.sampled_from(["", "&a [*a]", "{", "\x00", ": :", "!!python/object:os.system",
                                                    "- *x", "\t", "[" * 80])) + text[cut:]
    return _write(text)


FIFO = WORK / "fifo.yaml"
os.mkfifo(FIFO)  # reading it would block forever: every reader must refuse it
FILES = map_files() | st.sampled_from([str(WORK / "missing.yaml"), str(WORK), "/dev/null", "/dev/zero", str(FIFO), ""])


#: values of the options that decide how much a playout command plays: a bot list, good or bad,
#: and playout counts that are all refused (a run of real playouts takes longer than one fuzz
#: example may: tests/test_cli_play.py runs them)
PLAY_VALUES = {"bots": st.sampled_from(["random,random", "random", "clever,random", "random,,random", ""]),
               "playouts": st.sampled_from(["0", "-1", "100001", "1e3", "", "x", "9" * 30])}


def _value(action: argparse.Action, dest: str) -> st.SearchStrategy[str]:
    """Text for one value of ``action``."""
    if dest in PLAY_VALUES:
        return PLAY_VALUES[dest] | NASTY_TEXT
    if action.choices:
        return st.sampled_from([str(c) for c in action.choices]) | NASTY_TEXT
    if isinstance(action.type, BoundedInt) or action.type is int:
        return NUMBER_TEXT
    if action.type is float:
        return NUMBER_TEXT | st.sampled_from(["inf", "nan", "1e400", "0.25"])
    if dest in ("output", "out", "o"):
        return st.sampled_from([str(WORK / "out.png"), str(WORK / "out.svg"), str(WORK / "out.txt"),
                                str(WORK / "no-such-folder" / "x.png"), str(WORK)])
    if dest in ("scenario", "scen"):
        return scenario_files() | FILES
    if dest == "position":
        return scenario_files("position") | FILES
    if dest in ("map", "file", "record") or "file" in dest:
        return FILES
    return WORDS


def _good_values(path: str) -> dict[str, list[str]]:
    """Sensible values for a sample map: its unit cells, a few other cells, its game's words."""
    from wartools.mapmodel import load_map

    m = load_map(path)
    cells = [m.label(u.cell) for u in m.units] + [m.label(c) for c in m.grid.cells()[::7]]
    return {"cells": cells, "types": list(m.game.unit_types.names), "sides": list(m.sides()),
            "ids": [u.id for u in m.units]}


def _scenario_values(path: str) -> dict[str, list[str]]:
    """Sensible values for a sample scenario: its unit ids, objective cells, sides, position file."""
    from wartools.scenario import load_scenario

    scen = load_scenario(path)
    cells = [scen.map.label(c) for c in scen.map.grid.cells()[::5]]
    position = ROOT / "scenarios" / "positions" / Path(path).name
    return {"types": list(scen.game.unit_types.names), "cells": cells, "ids": [u.id for u in scen.units()], "sides": list(scen.sides),
            "positions": [str(position)] if position.exists() else []}


GOOD = {p: _good_values(p) for p in SAMPLE_MAPS}
SCENARIOS = sorted(str(p) for p in (ROOT / "scenarios").glob("*.yaml"))
GOOD.update({p: _scenario_values(p) for p in SCENARIOS})


def _mutate(draw: st.DrawFn, data: object) -> None:
    """Replace one random entry somewhere inside ``data`` with garbage."""
    node = data
    while isinstance(node, (dict, list)) and node:
        key = draw(st.sampled_from(list(node) if isinstance(node, dict) else list(range(len(node)))))
        if isinstance(node[key], (dict, list)) and node[key] and draw(st.booleans()):
            node = node[key]
            continue
        node[key] = draw(GARBAGE)
        return


def _write(text: str) -> str:
    path = WORK / f"{hashlib.sha1(text.encode('utf-8', 'backslashreplace')).hexdigest()[:12]}.yaml"
    if not path.exists():
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    return str(path)


@st.composite
def scenario_files(draw: st.DrawFn, kind: str = "scenario") -> str:
    """A sample scenario (or position) file, or a copy with one value replaced by garbage."""
    scenario = draw(st.sampled_from(SCENARIOS))
    path = ROOT / "scenarios" / "positions" / Path(scenario).name if kind == "position" else Path(scenario)
    if not path.exists() or draw(st.booleans()):
        return str(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if kind == "scenario" and isinstance(data.get("map"), str):
        data["map"] = str((path.parent / data["map"]).resolve())  # the copy lives elsewhere
    _mutate(draw, data)
    return _write(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


ODDS_WORDS = {"damage": ["AP=2", "AI=1,AP=1", "HE=1"], "mines": ["1,1", "2"], "attackers": ["rifle:4:2"],
              "defenders": ["rifle:3:2,mg:2:3"]}


def _good(action: argparse.Action, dest: str, path: str, words: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A sensible value of ``action`` for the sample map ``path`` (most runs should answer)."""
    good = GOOD[path]
    if dest in PLAY_VALUES:
        return PLAY_VALUES[dest]
    if action.choices:
        return st.sampled_from([str(c) for c in action.choices])
    if words[0] == "odds":
        if dest in ODDS_WORDS:
            return st.sampled_from(ODDS_WORDS[dest])
        if dest in ("target", "unit", "type"):
            return st.sampled_from(find_game(words[1]).unit_types.names)
        return st.integers(0, 6).map(str)
    if isinstance(action.type, BoundedInt) or action.type is int:
        low = max(action.type.limit.low, 0) if isinstance(action.type, BoundedInt) else 0
        return st.integers(low, low + 6).map(str)
    if dest in ("map",):
        return st.just(path)
    if dest in ("scenario", "scen"):
        return st.just(path) if path in SCENARIOS else scenario_files()
    if dest == "position":
        return st.sampled_from(good["positions"]) if good.get("positions") else scenario_files("position")
    if "file" in dest or dest in ("output", "out", "o", "record"):
        return _value(action, dest)
    if dest in ("unit", "target", "type"):
        return st.sampled_from(good["types"] + good["ids"])
    if dest == "side":
        return st.sampled_from(good["sides"])
    return st.sampled_from(good["cells"])


@st.composite
def command_lines(draw: st.DrawFn, words: tuple[str, ...]) -> list[str]:
    """Arguments for one subcommand: sensible (for a sample map) half the time, hostile otherwise."""
    parser = COMMANDS[words]
    sensible = draw(st.booleans())
    takes_scenario = any(a.dest in ("scenario", "scen") for a in parser._actions)
    sample = draw(st.sampled_from(SCENARIOS if takes_scenario and SCENARIOS else SAMPLE_MAPS))
    argv = list(words)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        dest = action.dest.lower()
        nargs = action.nargs
        count = {None: 1, "?": draw(st.integers(0, 1)), "*": draw(st.integers(0, 2)), "+": draw(st.integers(1, 2)),
                 0: 0}.get(nargs, nargs if isinstance(nargs, int) else 1)
        values = _good(action, dest, sample, words) if sensible else _value(action, dest)
        if not action.option_strings:  # positional: usually given, sometimes left out
            if sensible or draw(st.integers(0, 9)) > 0:
                argv += [draw(values) for _ in range(max(count, 1 if sensible and nargs == "+" else count))]
            continue
        if sensible and dest == "option":
            continue
        if not (action.required or draw(st.integers(0, (1 if words[0] == "odds" else 4) if sensible else 2)) == 0):
            continue
        flag = draw(st.sampled_from(action.option_strings))
        if nargs == 0:
            argv.append(flag)
        else:
            argv += [flag, *(draw(values) for _ in range(count))]
    if not sensible and draw(st.integers(0, 9)) == 0:
        argv.insert(draw(st.integers(0, len(argv))), draw(NASTY_TEXT | st.sampled_from(["--bogus", "-x"])))
    return argv


@contextlib.contextmanager
def _tasks_run_here():
    """Tasks sent to processes or Dask (``wartools matrix --workers/--executor/--address``) run in
    this process instead: a fuzzed ``--workers 30`` must not start 30 interpreters. An address is
    still checked for a listening scheduler (tests/test_los_matrix.py runs the real workers)."""
    import wartools.parallel as parallel

    def here(fn, tasks, shared, *_):
        return ((i, fn(shared, *t)) for i, t in enumerate(tasks))

    class Client:
        def scheduler_info(self):
            return {"workers": {}}

    @contextlib.contextmanager
    def client(address=None, workers=None, timeout=10.0):
        if address is not None:
            parallel.reachable(address, min(timeout, 2))
        yield Client()
    with mock.patch.object(parallel, "_processes", here), mock.patch.object(parallel, "_dask", here), \
            mock.patch.object(parallel, "dask_client", client):
        yield


def check(argv: list[str]) -> None:
    import wartools.cli.command as cli

    # one parser for every run (building it scans the installed plugins each time)
    with mock.patch.object(cli, "build_parser", lambda: PARSER), _tasks_run_here():
        # a hang never ends; 30 s (an example takes well under 5 s idle) keeps a loaded machine's
        # slow drawing (matplotlib text under load 10: over 10 s once) from passing for one
        code, out, err = run_cli(argv, seconds=30)
    event(f"exit {code}")
    assert "Traceback" not in err and "Traceback" not in out, err
    assert code in (0, 1, 2), (code, err)
    assert err.count("\n") <= 1 and "\r" not in err, err
    if code == 2:
        assert err.startswith("wartools: error: "), err


def _examples(words: tuple[str, ...]) -> int:
    return 5 if words[0] in ("render", "matrix") else 20


@pytest.mark.parametrize("words", sorted(COMMANDS), ids=" ".join)
def test_every_subcommand_survives_generated_arguments_and_maps(words):
    @settings(max_examples=_examples(words), suppress_health_check=list(HealthCheck), deadline=None)
    @given(command_lines(words))
    def run(argv: list[str]) -> None:
        check(argv)

    run()


@settings(max_examples=40, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.lists(WORDS | FILES | NUMBER_TEXT | st.sampled_from(sorted({w[0] for w in COMMANDS}) + ["--json", "-h"]),
                max_size=6))
def test_random_word_salad_is_refused_in_one_line(argv):
    check(argv)


def test_an_unexpected_exception_is_one_line_naming_the_command_and_exit_3(monkeypatch):
    import wartools.cli.command as cli

    def boom(args):
        raise RecursionError("maximum recursion depth exceeded\nwhile calling a Python object")

    monkeypatch.setattr(cli, "_info", boom)
    code, out, err = run_cli(["info", SAMPLE_MAPS[0]])
    assert code == 3 and out == "" and err.count("\n") == 1, err
    assert "internal error in 'wartools info'" in err and "RecursionError" in err and "bug" in err
    assert "Traceback" not in err


def test_a_real_process_prints_no_traceback_for_a_bug():
    code = ("import sys, wartools.cli.command as c\n"
            "def boom(args): raise MemoryError()\n"
            "c._info = boom\n"
            f"sys.exit(c.main(['info', {SAMPLE_MAPS[0]!r}]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "internal error in 'wartools info' (MemoryError)" in done.stderr


def test_the_fuzzer_reaches_every_subcommand():
    assert {("info",), ("los",), ("viewshed",), ("reach",), ("path",), ("render",), ("matrix",)} <= set(COMMANDS)
    assert sum(1 for w in COMMANDS if w[0] == "odds") == 4
