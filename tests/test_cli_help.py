"""Every subcommand's --help carries two examples that work, lists valid values, and the
command line knows its version."""
from __future__ import annotations

import argparse
import shlex
from pathlib import Path

import pytest

from wartools import __version__
from wartools.cli.command import _all_subparsers, build_parser, main
from wartools.cli.help import EXAMPLES, NOT_RUN

ROOT = Path(__file__).resolve().parents[1]


def _leaves() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {p.prog.removeprefix("wartools").strip(): p for p in _all_subparsers(sub)}


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


@pytest.mark.parametrize("command, example", _examples(), ids=[e for _, e in _examples()])
def test_every_example_runs(command, example, tmp_path, monkeypatch, capsys):
    argv = shlex.split(example)
    if "-o" in argv:                       # write pictures and exports into a temporary folder
        i = argv.index("-o") + 1
        argv[i] = str(tmp_path / argv[i])
    if command in NOT_RUN:
        assert build_parser().parse_args(argv)
        return
    monkeypatch.chdir(ROOT)
    assert main(argv) == 0, capsys.readouterr().err


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"wartools {__version__}"


def test_unit_help_lists_every_games_unit_types():
    text = _leaves()["path"].format_help().replace("\n", " ")
    for name in ("mg-team", "rifle", "light-vehicle"):
        assert name in text
