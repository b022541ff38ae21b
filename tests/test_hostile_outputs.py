"""Hostile input, round two, class 6: ``-o`` writes only a regular file or a new name in an
existing folder.

A FIFO or a device node was replaced by a regular file (as root, ``-o /dev/null`` would have
replaced the system's), and ``-o newdir/`` wrote a file named ``newdir``. Every writer goes
through :func:`wartools.mapmodel.atomic.write_atomic`, which refuses them with one line.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hostile import run_cli
from wartools.errors import WartoolsError
from wartools.mapmodel.atomic import write_atomic

ROOT = Path(__file__).resolve().parents[1]
MAP = str(ROOT / "maps" / "combat-infantry-river-crossing.yaml")

#: every command that writes a file given by -o, with a name of the right kind
WRITERS = {
    "render": lambda out: ["render", MAP, "-o", out],
    "export": lambda out: ["export", MAP, "--to", "geojson", "-o", out],
}


def _places(tmp: Path) -> dict[str, tuple[str, str]]:
    """Hostile output places: (path, what the refusal must say)."""
    fifo = tmp / "pipe.png"
    os.mkfifo(fifo)
    folder = tmp / "folder.png"
    folder.mkdir()
    return {"fifo": (str(fifo), "FIFO"), "folder": (str(folder), "folder"),
            "trailing separator": (str(tmp / "newdir") + "/", "separator"),
            "missing folder": (str(tmp / "nowhere" / "x.png"), "does not exist")}


@pytest.mark.parametrize("command", sorted(WRITERS))
@pytest.mark.parametrize("place", ["fifo", "folder", "trailing separator", "missing folder"])
def test_output_goes_only_to_a_regular_file_or_a_new_name(command, place, tmp_path):
    path, why = _places(tmp_path)[place]
    before = os.lstat(path).st_mode if os.path.lexists(path) else None
    code, _, err = run_cli(WRITERS[command](path), seconds=120)
    assert code == 2 and len(err.strip().splitlines()) == 1 and why in err, err
    after = os.lstat(path).st_mode if os.path.lexists(path) else None
    assert after == before                      # nothing replaced, nothing created
    assert not (tmp_path / "newdir").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_device_node_is_never_replaced():
    """/dev/null stays the character device (the check comes before any temporary file)."""
    with pytest.raises(WartoolsError, match="device"):
        write_atomic("/dev/null", "x")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_symbolic_link_to_a_regular_file_is_still_followed(tmp_path):
    (tmp_path / "real.png").write_bytes(b"old")
    os.symlink("real.png", tmp_path / "link.png")
    code, _, err = run_cli(WRITERS["render"](str(tmp_path / "link.png")), seconds=120)
    assert code == 0, err
    assert os.path.islink(tmp_path / "link.png") and (tmp_path / "real.png").read_bytes()[:4] == b"\x89PNG"
