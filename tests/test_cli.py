"""The command line: info and render, JSON answers, and one-line errors with exit status 2."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wartools.cli import main

from test_mapmodel import GOOD


@pytest.fixture
def map_file(tmp_path):
    p = tmp_path / "m.yaml"
    p.write_text(GOOD)
    return p


def test_info_json(map_file, capsys):
    assert main(["info", str(map_file), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["name"] == "Test map" and answer["game"] == "combat-infantry"
    assert answer["grid"] == {"type": "hex", "columns": 6, "rows": 5}
    assert answer["cells"] == 30 and answer["edges"] == 2


def test_info_text(map_file, capsys):
    assert main(["info", str(map_file)]) == 0
    assert "Combat Infantry" in capsys.readouterr().out


def test_render_writes_png_and_svg(map_file, tmp_path, capsys):
    assert main(["render", str(map_file), "-o", str(tmp_path / "out.png"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["output"].endswith("out.png")
    assert (tmp_path / "out.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["render", str(map_file), "-o", str(tmp_path / "out.svg")]) == 0
    assert (tmp_path / "out.svg").exists()


@pytest.mark.parametrize("argv, fragment", [
    (["info", "missing.yaml"], "missing.yaml: no such map file"),
    (["info"], "the following arguments are required: map"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["info", "{map}", "--bogus"], "unrecognized arguments: --bogus"),
    (["render", "{map}", "-o", "{tmp}/x.gif"], "picture format must be one of .png, .svg"),
    (["render", "{map}", "-o", "{tmp}/nodir/x.png"], "does not exist"),
])
def test_bad_input_exits_2_with_one_line(map_file, tmp_path, capsys, argv, fragment):
    argv = [a.format(map=map_file, tmp=tmp_path) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wartools: error: ")
    assert fragment in err
    assert "Traceback" not in err


def test_bad_map_exits_2_naming_file_and_line(tmp_path, capsys):
    p = tmp_path / "bad.yaml"
    p.write_text(GOOD.replace("C4: woods", "C4: lava"))
    assert main(["info", str(p)]) == 2
    assert f"{p}:7: terrain.cells.C4: unknown terrain 'lava'" in capsys.readouterr().err


def test_console_script_runs_as_a_process(map_file):
    done = subprocess.run([sys.executable, "-m", "wartools.cli", "info", str(map_file), "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cells"] == 30
    bad = subprocess.run([sys.executable, "-m", "wartools.cli", "info", "nope.yaml"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_every_command_in_the_readme_runs(tmp_path, monkeypatch, capsys):
    import re
    import shlex
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    block = re.search(r"## Command line\n\n```sh\n(.*?)```", (root / "README.md").read_text(), re.S).group(1)
    commands = [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("wartools ")]
    assert len(commands) >= 8
    monkeypatch.chdir(root)
    written = {}  # a file one command writes (-o) and a later one reads goes to the temporary folder
    for argv in commands:
        if "-o" in argv:
            name = argv[argv.index("-o") + 1]
            written[name] = str(tmp_path / name)
        argv = [str(tmp_path / a) if a.endswith(".png") else written.get(a, a) for a in argv]
        assert main(argv) == 0, (argv, capsys.readouterr().err)
        out = capsys.readouterr().out
        if "--json" in argv:
            json.loads(out)


@pytest.mark.parametrize("argv, fragment", [
    (["reach", "maps/combat-infantry-river-crossing.yaml", "A1", "--side", "Martians"],
     "unknown side 'Martians' for combat-infantry; valid: US, German"),
    (["reach", "maps/company-of-heroes-crossroads.yaml", "A1", "--side", "US", "--option", "bogus"],
     "company-of-heroes has no option 'bogus'; valid: "),
    (["path", "maps/heroes-of-normandie-dog-red.yaml", "F7", "G7", "--option", "nitro"],
     "heroes-of-normandie has no option 'nitro'; valid: "),
])
def test_unknown_sides_and_options_are_refused(argv, fragment, capsys, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ["los", "maps/combat-infantry-river-crossing.yaml", "A1", "B1", "--side", "Foo"],
    ["render", "maps/combat-infantry-river-crossing.yaml", "-o", "{tmp}/x.png", "--path", "A1", "B1", "--side", "Nobody"],
    ["render", "maps/combat-infantry-river-crossing.yaml", "-o", "{tmp}/x.png", "--los", "A1", "B1", "--side", "Nobody"],
])
def test_unknown_sides_are_refused_everywhere(argv, tmp_path, capsys, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    assert "unknown side" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()
