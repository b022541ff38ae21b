"""Reading a user's file safely: only regular files, never more than the size limit.

A FIFO would block the reader forever and ``/dev/zero`` would fill the memory, so
the file is opened without blocking, checked to be a regular file and read up to
:data:`wartools.limits.MAX_FILE_BYTES` (plus one byte, to notice a file that grew).

Examples
--------
>>> read_text("no-such-map.yaml")
Traceback (most recent call last):
...
wartools.errors.MapError: no-such-map.yaml: no such map file
>>> read_text("/dev/null")
Traceback (most recent call last):
...
wartools.errors.MapError: /dev/null: not a regular file (a character device); give a map file
"""
from __future__ import annotations

import os
import stat

from wartools.errors import MapError
from wartools.limits import MAX_FILE_BYTES, one_line

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def read_text(path: str | os.PathLike[str], what: str = "map file") -> str:
    """The UTF-8 text of the regular file ``path``; :class:`MapError` for anything else."""
    name = one_line(os.fspath(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise MapError(f"no such {what}", file=name) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise MapError(f"cannot read {what}: {one_line(getattr(exc, 'strerror', None) or exc)}",
                       file=name) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((k for test, k in _KINDS if test(info.st_mode)), "not a file")
            raise MapError(f"not a regular file ({kind}); give a {what}", file=name)
        if info.st_size > MAX_FILE_BYTES:
            raise MapError(f"the file has {info.st_size:,} bytes, more than the limit of "
                           f"{MAX_FILE_BYTES:,} (see docs/limits.md)", file=name)
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_FILE_BYTES:
            raise MapError(f"the file has more than the limit of {MAX_FILE_BYTES:,} bytes "
                           "(see docs/limits.md)", file=name)
    except OSError as exc:
        raise MapError(f"cannot read {what}: {one_line(exc.strerror or exc)}", file=name) from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MapError(f"not UTF-8 text (byte {exc.start} cannot be decoded)", file=name) from None
