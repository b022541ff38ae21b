"""Crash-safe file writing: a temporary file beside the target, then one rename.

A reader (or a crash at any moment) sees the old file or the new one, complete,
never a mix. Saving through a symbolic link writes the file the link points to
and keeps the link. A save that was killed half-way leaves its temporary file
behind; its name carries the writer's process id, and the next save of the same
file removes temporary files whose writer no longer runs (or that are older than
a day, for writers on other machines).

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> target = os.path.join(folder, "map.yaml")
>>> write_atomic(target, "name: new\\n")
>>> open(target).read(), os.listdir(folder)
('name: new\\n', ['map.yaml'])
>>> os.symlink("map.yaml", os.path.join(folder, "link.yaml"))
>>> write_atomic(os.path.join(folder, "link.yaml"), "name: newer\\n")
>>> os.path.islink(os.path.join(folder, "link.yaml")), open(target).read()
(True, 'name: newer\\n')
"""
from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
import stat
from pathlib import Path

from wartools.errors import WartoolsError
from wartools.limits import shown_path as _named

#: a temporary file left by a writer that does not run is removed after this long anyway (seconds)
STALE_AFTER = 24 * 3600


def _read_umask() -> int:
    """The process umask (read once, at import, while nothing else runs: reading it means
    setting it for a moment)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows opening folders)."""
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems refuse to sync a folder
            os.fsync(fd)
    finally:
        os.close(fd)


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # perhaps another thread of ours is saving the same file right now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[str]:
    """Remove the temporary files that interrupted saves of ``target`` left behind;
    return their names. Temporary files of saves still running are kept."""
    real = Path(os.path.realpath(target))
    pattern = re.compile(re.escape(_temp_prefix(real)) + r"(?:(\d+)\.)?[^.]+\.tmp\Z")  # no pid: older saves
    removed: list[str] = []
    try:
        names = os.listdir(real.parent)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        m = pattern.match(name)
        if not m:
            continue
        path = real.parent / name
        try:
            old = now - path.lstat().st_mtime > STALE_AFTER
        except OSError:
            continue
        if old or (m.group(1) is not None and not _alive(int(m.group(1)))):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(name)
    return removed


def output_target(path: str | os.PathLike[str]) -> Path:
    """The file an output written to ``path`` replaces: ``path`` itself, or the file a
    symbolic link there points to.

    Output goes only to a regular file or to a new name in a folder that exists: a path
    ending in a separator, a folder, a FIFO, a device node or a socket is refused (renaming
    a file over ``/dev/null`` would replace the system's), and so is a new name in a folder
    that does not exist.

    Raises
    ------
    WartoolsError
        One line naming the path and what would be valid.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> output_target(os.path.join(folder, "map.yaml")).name
    'map.yaml'
    >>> output_target("/dev/null")
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: cannot write '/dev/null': it is a device, not a regular file; give a file name (a new one, or a file to replace)
    >>> output_target(folder + "/new/")
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: cannot write '.../new/': the name ends in a separator (a folder); give a file name
    """
    text = os.fspath(path)
    if not text:
        raise WartoolsError("cannot write '': the output name is empty; give a file name")
    if text.endswith((os.sep, "/")) or (os.altsep and text.endswith(os.altsep)):
        raise WartoolsError(f"cannot write {_named(text)}: the name ends in a separator (a folder); give a file name")
    target = Path(os.path.realpath(text))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise WartoolsError(f"cannot write {_named(text)}: {exc.strerror or exc}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
                "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise WartoolsError(f"cannot write {_named(text)}: it is {kind}, not a regular file; give a file "
                            "name (a new one, or a file to replace)")
    if not target.parent.is_dir():
        raise WartoolsError(f"cannot write {_named(text)}: the folder {_named(str(target.parent))} does not exist")
    return target


def write_atomic(path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write ``content`` to ``path`` through a temporary file in the same folder and a
    rename, so a crash never leaves a truncated file. A symbolic link is followed (the
    file it points to is replaced; the link stays). Only a regular file or a new name in an
    existing folder is written (:func:`output_target`)."""
    target = output_target(path)
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(target)}{os.getpid()}.", suffix=".tmp",
                               dir=target.parent)
    try:
        # mkstemp makes the file private; give it the mode the target has, or the usual one
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o666 & ~_UMASK
        os.chmod(tmp, mode)
        data = content.encode("utf-8") if isinstance(content, str) else content
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        _fsync_folder(target.parent)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
