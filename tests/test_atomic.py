"""Crash-safe saving (issue 16): the file is always the old or the new complete content, a
symbolic link is followed, and what a killed save left behind is removed by the next save."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from wartools.mapmodel import load_map, save_map
from wartools.mapmodel.atomic import remove_stale_temporaries, write_atomic
from wartools.testing import tiny_map


ATOMIC = Path(__file__).parent.parent / "wartools" / "mapmodel" / "atomic.py"
MAP = tiny_map("combat-infantry", 4, 4)


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_saving_through_a_symlink_writes_the_file_it_points_to(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "map.yaml"
    save_map(MAP, real)
    link = tmp_path / "link.yaml"
    link.symlink_to(os.path.relpath(real, tmp_path))
    changed = MAP.with_terrain("B2", "woods")
    save_map(changed, link)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert load_map(real) == changed and load_map(link) == changed
    assert sorted(p.name for p in real_dir.iterdir()) == ["map.yaml"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.yaml", "real"]


def test_a_chain_of_links_and_a_dangling_link(tmp_path):
    real = tmp_path / "real.yaml"
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("real.yaml")  # dangling until the first save
    write_atomic(tmp_path / "a.yaml", "x: 1\n")
    assert real.read_text() == "x: 1\n"
    assert (tmp_path / "a.yaml").is_symlink() and (tmp_path / "b.yaml").is_symlink()


def test_the_mode_of_the_file_is_kept(tmp_path):
    target = tmp_path / "m.yaml"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o640


def test_the_next_save_removes_temporaries_of_dead_writers_only(tmp_path):
    target = tmp_path / "m.yaml"
    dead = tmp_path / f".m.yaml.{_dead_pid()}.abc123.tmp"
    live = tmp_path / f".m.yaml.{os.getpid()}.def456.tmp"  # a save of ours that may be running
    other = tmp_path / f".other.yaml.{_dead_pid()}.abc123.tmp"  # another file's business
    for p in (dead, live, other):
        p.write_text("half a fi")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert not dead.exists() and live.exists() and other.exists()


def test_temporaries_without_a_pid_are_removed_only_when_old(tmp_path):
    fresh, old = tmp_path / ".m.yaml.k2j_x9.tmp", tmp_path / ".m.yaml.a8b7c6.tmp"
    for p in (fresh, old):
        p.write_text("x")
    os.utime(old, (time.time() - 3 * 24 * 3600,) * 2)
    assert remove_stale_temporaries(tmp_path / "m.yaml") == [old.name]
    assert fresh.exists()


def test_very_old_temporaries_are_removed_even_if_the_pid_runs(tmp_path):
    old = tmp_path / f".m.yaml.{os.getppid()}.zzz.tmp"
    old.write_text("x")
    os.utime(old, (time.time() - 3 * 24 * 3600,) * 2)
    assert remove_stale_temporaries(tmp_path / "m.yaml") == [old.name]


# --- killed at random points -------------------------------------------------------------------
CHILD = textwrap.dedent("""\
    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("atomic", sys.argv[1])
    atomic = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(atomic)
    contents = [open(sys.argv[3], "rb").read(), open(sys.argv[4], "rb").read()]
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        atomic.write_atomic(sys.argv[2], contents[i % 2])
    """)


def test_a_save_killed_at_any_moment_leaves_the_old_or_the_new_file(tmp_path):
    rng = random.Random(16)
    old = b"old " + bytes(rng.randrange(256) for _ in range(4096)) * 128  # 512 KiB each
    new = b"new " + bytes(rng.randrange(256) for _ in range(4096)) * 128
    (tmp_path / "old.bin").write_bytes(old)
    (tmp_path / "new.bin").write_bytes(new)
    folder = tmp_path / "maps"
    folder.mkdir()
    target = folder / "map.yaml"
    left_behind = 0
    for trial in range(24):
        write_atomic(target, old)
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(ATOMIC), str(target), str(tmp_path / "old.bin"),
                                  str(tmp_path / "new.bin")], stdout=subprocess.PIPE)
        assert child.stdout is not None and child.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        content = target.read_bytes()
        assert content in (old, new), f"trial {trial}: {len(content)} bytes, neither old nor new"
        temps = [p.name for p in folder.iterdir() if p.name != "map.yaml"]
        left_behind += bool(temps)
        write_atomic(target, new)  # the next save of the file tidies up after the killed one
        assert [p.name for p in folder.iterdir()] == ["map.yaml"], temps
        assert target.read_bytes() == new
    assert left_behind, "no kill landed inside a save: the test did not exercise the clean-up"


@pytest.mark.parametrize("kind", ["scenario", "position"])
def test_scenarios_and_positions_are_saved_through_the_same_atomic_write(kind, tmp_path, monkeypatch):
    from wartools.scenario import files

    assert files.write_atomic is write_atomic
    calls = []
    monkeypatch.setattr(files, "write_atomic", lambda path, text: calls.append(path))
    scen = files.load_scenario(sorted((Path(__file__).parent.parent / "scenarios").glob("*.yaml"))[0])
    if kind == "scenario":
        files.save_scenario(scen, tmp_path / "s.yaml")
    else:
        files.save_position(scen, scen.start(), tmp_path / "p.yaml")
    assert calls == [tmp_path / f"{kind[0]}.yaml"]
