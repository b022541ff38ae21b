"""Strict, safe YAML reading that remembers the line of every field, and atomic writing.

:func:`read_yaml` composes the document with PyYAML's *safe* loader, refuses
duplicate keys and anything but plain scalars, lists and mappings, and returns
plain Python data plus a table from field paths (``("terrain", "cells", "C4")``)
to 1-based line numbers, so validation errors can point at the line.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from wartools.errors import MapError

Lines = dict[tuple[Any, ...], int]
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


def _convert(node: yaml.Node, path: tuple[Any, ...], lines: Lines, source: str) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        raise MapError(f"unsupported YAML tag {node.tag!r}", file=source, line=node.start_mark.line + 1,
                       field=".".join(map(str, path)) or None)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _convert(key_node, (*path, "<key>"), {}, source)
            if isinstance(key, (list, dict)):
                raise MapError("mapping keys must be plain values", file=source,
                               line=key_node.start_mark.line + 1, field=".".join(map(str, path)) or None)
            if key in out:
                raise MapError(f"duplicate key {key!r}", file=source, line=key_node.start_mark.line + 1,
                               field=".".join(map(str, path)) or None)
            out[key] = _convert(value_node, (*path, key), lines, source)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, (*path, i), lines, source) for i, v in enumerate(node.value)]
    return yaml.SafeLoader(" ").construct_object(node, deep=True)  # scalars only, safe tags only


def read_yaml(text: str, source: str = "<string>") -> tuple[Any, Lines]:
    """Parse ``text`` safely; return ``(data, lines)``.

    Raises
    ------
    MapError
        For malformed YAML (with the line and PyYAML's reason) or duplicate keys.

    Examples
    --------
    >>> data, lines = read_yaml("name: x\\ngrid:\\n  rows: 3\\n")
    >>> data, lines[("grid", "rows")]
    ({'name': 'x', 'grid': {'rows': 3}}, 3)
    >>> read_yaml("a: [1, 2\\n", "m.yaml")
    Traceback (most recent call last):
    ...
    wartools.errors.MapError: m.yaml:2: malformed YAML: ...
    """
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or str(exc)
        raise MapError(f"malformed YAML: {reason}", file=source,
                       line=mark.line + 1 if mark else None) from None
    lines: Lines = {}
    if node is None:
        return None, lines
    try:
        return _convert(node, (), lines, source), lines
    except yaml.YAMLError as exc:  # e.g. an unsafe tag such as !!python/object
        mark = getattr(exc, "problem_mark", None)
        raise MapError(f"unsupported YAML tag: {getattr(exc, 'problem', exc)}", file=source,
                       line=mark.line + 1 if mark else None) from None


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


def write_atomic(path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write ``content`` to ``path`` through a temporary file in the same folder and a
    rename, so a crash never leaves a truncated file."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
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
