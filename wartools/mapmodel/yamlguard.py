"""Refuse hostile YAML before it is built: alias bombs, self-referencing anchors, deep nesting.

:func:`check_yaml_shape` walks the YAML *event* stream (a loop, no recursion), so it
costs one pass and no memory for the document. It counts the nodes the document
would hold once every alias is expanded (an alias counts the whole subtree of its
anchor), refuses an alias used inside its own anchor, and refuses nesting deeper than
:data:`wartools.limits.MAX_YAML_DEPTH`. Each refusal names the line.

Examples
--------
>>> check_yaml_shape("a: &x [1, 2]\\nb: *x\\n")  # {a: [1, 2], b: [1, 2]}: 1 + 2 keys + 2 x 3
9
>>> check_yaml_shape("a: &x [1, *x]\\n", "m.yaml")
Traceback (most recent call last):
...
wartools.errors.MapError: m.yaml:1: the alias *x is used inside its own anchor &x (a self-referencing anchor)
"""
from __future__ import annotations

from typing import Any

import yaml

from wartools.errors import MapError
from wartools.limits import (MAX_FILE_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES, YAML_DEPTH_REASON,
                             YAML_NODES_REASON, shown)

#: the C parser when PyYAML was built with libyaml (same events, several times faster)
LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check_yaml_shape(text: str, source: str = "<string>") -> int:
    """Check ``text`` against the YAML limits; return its node count after alias expansion.

    Malformed YAML is left for the composer to report (this returns early).
    """
    if len(text) > MAX_FILE_BYTES:
        raise MapError(f"the text has {len(text):,} characters, more than the limit of "
                       f"{MAX_FILE_BYTES:,} (see docs/limits.md)", file=source)
    nodes = 0
    sizes: dict[str, int] = {}      # anchor -> nodes in its subtree
    open_: list[tuple[str | None, int]] = []  # open collections: (anchor, node count at start)
    open_anchors: dict[str, int] = {}
    try:
        for event in yaml.parse(text, Loader=LOADER):
            if isinstance(event, yaml.CollectionStartEvent):
                nodes += 1
                if len(open_) >= MAX_YAML_DEPTH:
                    raise MapError(f"lists and mappings nested deeper than the limit of {MAX_YAML_DEPTH} "
                                   f"({YAML_DEPTH_REASON})", file=source, line=event.start_mark.line + 1)
                open_.append((event.anchor, nodes - 1))
                if event.anchor:
                    open_anchors[event.anchor] = open_anchors.get(event.anchor, 0) + 1
            elif isinstance(event, yaml.CollectionEndEvent):
                anchor, start = open_.pop()
                if anchor:
                    sizes[anchor] = nodes - start
                    open_anchors[anchor] -= 1
            elif isinstance(event, yaml.ScalarEvent):
                nodes += 1
                if event.anchor:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.AliasEvent):
                anchor = event.anchor
                if open_anchors.get(anchor):
                    raise MapError(f"the alias *{shown(anchor)[1:-1]} is used inside its own anchor "
                                   f"&{shown(anchor)[1:-1]} (a self-referencing anchor)", file=source,
                                   line=event.start_mark.line + 1)
                nodes += sizes.get(anchor, 1)  # an undefined alias is reported by the composer
            if nodes > MAX_YAML_NODES:
                raise MapError(f"more than the limit of {MAX_YAML_NODES:,} values once aliases are "
                               f"expanded ({YAML_NODES_REASON})", file=source,
                               line=event.start_mark.line + 1)
    except yaml.YAMLError:
        return nodes
    return nodes
