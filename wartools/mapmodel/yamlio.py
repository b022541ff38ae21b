"""Strict, safe YAML reading that remembers the line of every field (atomic writing: :mod:`.atomic`).

:func:`read_yaml` composes the document with PyYAML's *safe* loader, refuses
duplicate keys and anything but plain scalars, lists and mappings, and returns
plain Python data plus a table from field paths (``("terrain", "cells", "C4")``)
to 1-based line numbers, so validation errors can point at the line.
"""
from __future__ import annotations

from typing import Any

import yaml

from wartools.errors import MapError
from wartools.limits import one_line, shown
from wartools.mapmodel.atomic import write_atomic
from wartools.mapmodel.yamlguard import LOADER, check_yaml_shape

Lines = dict[tuple[Any, ...], int]
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


def _convert(node: yaml.Node, path: tuple[Any, ...], lines: Lines, source: str,
             scalars: yaml.constructor.SafeConstructor) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        raise MapError(f"unsupported YAML tag {shown(node.tag)}", file=source, line=node.start_mark.line + 1,
                       field=".".join(map(str, path)) or None)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _convert(key_node, (*path, "<key>"), {}, source, scalars)
            if isinstance(key, (list, dict)):
                raise MapError("mapping keys must be plain values", file=source,
                               line=key_node.start_mark.line + 1, field=".".join(map(str, path)) or None)
            if key in out:
                raise MapError(f"duplicate key {shown(key)}", file=source, line=key_node.start_mark.line + 1,
                               field=".".join(map(str, path)) or None)
            out[key] = _convert(value_node, (*path, key), lines, source, scalars)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, (*path, i), lines, source, scalars) for i, v in enumerate(node.value)]
    try:
        return scalars.construct_object(node, deep=True)  # scalars only, safe tags only
    except (ValueError, OverflowError, KeyError, TypeError, AttributeError) as exc:
        # a scalar its tag cannot build: an impossible date (2001-13-45), a text that is no date at all
        # (!!timestamp x: PyYAML's own regex finds no match), a malformed number (0b_, 0x_, !!int abc,
        # !!float ._), !!bool perhaps, an integer past Python's digit limit
        raise MapError(f"{shown(node.value)} is not {_what(node.tag, exc)}", file=source,
                       line=node.start_mark.line + 1, field=".".join(map(str, path)) or None) from None


#: what a YAML scalar tag builds, in words
_KINDS = {"int": "a valid integer", "float": "a valid number", "timestamp": "a valid date",
          "bool": "a valid yes/no value"}


def _what(tag: str, exc: Exception) -> str:
    """What a scalar of ``tag`` should have been, and why this one is not (short: Python's own
    text may quote the whole value)."""
    kind = _KINDS.get(tag.rpartition(":")[2], f"a valid {tag}")
    if "Exceeds the limit" in str(exc):
        return f"{kind} (more than 4,300 digits)"
    if kind == "a valid date":
        why = "YYYY-MM-DD, optionally with a time" if isinstance(exc, AttributeError) else one_line(str(exc))[:60]
        return f"{kind} ({why})"
    return kind


def read_yaml(text: str, source: str = "<string>") -> tuple[Any, Lines]:
    """Parse ``text`` safely; return ``(data, lines)``.

    Raises
    ------
    MapError
        For malformed YAML (with the line and PyYAML's reason), duplicate keys, or text
        beyond the limits of :mod:`wartools.limits` (size, nesting, alias expansion),
        checked before the document is built.

    Examples
    --------
    >>> data, lines = read_yaml("name: x\\ngrid:\\n  rows: 3\\n")
    >>> data, lines[("grid", "rows")]
    ({'name': 'x', 'grid': {'rows': 3}}, 3)
    >>> read_yaml("when: 2001-13-45\\n", "m.yaml")
    Traceback (most recent call last):
    ...
    wartools.errors.MapError: m.yaml:1: when: '2001-13-45' is not a valid date (month must be in 1..12)
    >>> read_yaml("when: !!timestamp soon\\n", "m.yaml")
    Traceback (most recent call last):
    ...
    wartools.errors.MapError: m.yaml:1: when: 'soon' is not a valid date (YYYY-MM-DD, optionally with a time)
    >>> read_yaml("a: [1, 2\\n", "m.yaml")
    Traceback (most recent call last):
    ...
    wartools.errors.MapError: m.yaml:2: malformed YAML: ...
    """
    check_yaml_shape(text, source)
    try:
        node = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or str(exc)
        raise MapError(f"malformed YAML: {one_line(reason)}", file=source,
                       line=mark.line + 1 if mark else None) from None
    lines: Lines = {}
    if node is None:
        return None, lines
    try:
        return _convert(node, (), lines, source, yaml.constructor.SafeConstructor()), lines
    except yaml.YAMLError as exc:  # e.g. an unsafe tag such as !!python/object
        mark = getattr(exc, "problem_mark", None)
        raise MapError(f"unsupported YAML tag: {one_line(getattr(exc, 'problem', exc))}", file=source,
                       line=mark.line + 1 if mark else None) from None


__all__ = ["Lines", "read_yaml", "write_atomic"]
