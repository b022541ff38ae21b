"""Every subcommand's --help carries two examples that work, lists valid values, and the
command line knows its version."""
from __future__ import annotations

import argparse
import shlex
from pathlib import Path

import pytest

from wartools import __version__
from wartools.cli.command import build_parser, leaf_parsers, main
from wartools.cli.help import EXAMPLES, NOT_RUN, RECORD_EXAMPLE

ROOT = Path(__file__).resolve().parents[1]


def _leaves() -> dict[str, argparse.ArgumentParser]:
    return {p.prog.removeprefix("wartools").strip(): p for p in leaf_parsers(build_parser())}


def test_every_subcommand_has_two_examples_in_its_help():
    leaves = _leaves()
    missing = sorted(c for c in leaves if len(EXAMPLES.get(c, ())) < 2)
    assert missing == []
    for command, p in leaves.items():
        text = p.format_help()
        assert all(f"wartools {e}" in text for e in EXAMPLES[command]), command
    assert set(EXAMPLES) <= set(leaves), "examples for commands that do not exist"


def _examples():
    return [(c, e) for c, examples in EXAMPLES.items() for e in examples]


@pytest.fixture(scope="module")
def record_example(tmp_path_factory):
    """The game record the replay and luck examples read, written once by the first play example."""
    record = str(tmp_path_factory.mktemp("record") / RECORD_EXAMPLE)
    play = shlex.split(EXAMPLES["play"][0])
    play[play.index("-o") + 1] = record
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        assert main(play) == 0
    return record


@pytest.mark.parametrize("command, example", _examples(), ids=[e for _, e in _examples()])
def test_every_example_runs(command, example, tmp_path, monkeypatch, capsys, request):
    argv = shlex.split(example)
    if "-o" in argv:                       # write pictures and exports into a temporary folder
        i = argv.index("-o") + 1
        argv[i] = str(tmp_path / argv[i])
    if command in NOT_RUN:
        assert build_parser().parse_args(argv)
        return
    monkeypatch.chdir(ROOT)
    if RECORD_EXAMPLE in argv and command != "play":    # replay and luck read the record play writes
        record = request.getfixturevalue("record_example")
        argv = [record if a == RECORD_EXAMPLE else a for a in argv]
    assert main(argv) == 0, capsys.readouterr().err


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"wartools {__version__}"


def test_unit_help_lists_every_games_unit_types():
    text = _leaves()["path"].format_help().replace("\n", " ")
    for name in ("mg-team", "rifle", "light-vehicle"):
        assert name in text


def test_the_command_line_holds_no_game_knowledge():
    """Flags that only some games read say which games, from the games' own declarations (their
    options, their movement rules), and the code of the command line names no game (issue 21)."""
    import re

    from wartools.rules import find_game

    ci, coh = find_game("combat-infantry"), find_game("conflict-of-heroes")
    reach = _leaves()["reach"].format_help()
    flat = " ".join(reach.split())
    assert f"combat-infantry: {ci.option_spec('night').section}" in flat
    assert all(w in flat for w in ci.movement_rules().weather_names)
    assert coh.movement_rules().extra_points_name.split(",")[0] in flat
    names = [g for gid in ("combat-infantry", "company-of-heroes", "conflict-of-heroes", "heroes-of-normandie")
             for g in (gid, find_game(gid).name)]
    names += ["CAP", "mud", "snow"]
    for path in sorted((ROOT / "wartools" / "cli").glob("*.py")):
        if path.name == "help.py":        # the --help examples name the shipped maps
            continue
        code = path.read_text(encoding="utf-8")
        code = re.sub(r'("""|\'\'\')(.|\n)*?\1', "", code)           # docstrings (and their examples)
        found = [n for n in names if n in code]
        assert found == [], f"{path.name} names {found}"
