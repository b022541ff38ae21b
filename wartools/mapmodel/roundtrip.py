"""Saving a hand-written map keeps what its author wrote: comments, key order, layout, quoting.

A map loaded from YAML text remembers that text (:attr:`Map.document`). When
it is saved, :func:`patch_document` does not re-write the file: it compares
the map as loaded with the map being saved, section by section, and edits
only the spans of the original text that changed (a terrain value replaced,
a hexside entry added at the end of its list, a unit's ``cell`` changed, an
entry deleted with its line). Everything else, comments inside flow
mappings included, stays byte for byte.

The edits work on the source positions PyYAML's safe composer reports for
every node (round-trip libraries such as ruamel.yaml drop comments inside
``{ ... }`` flow mappings, which the sample maps use). The result is checked:
it must load back to exactly the map being saved; if a layout is too unusual
to patch (anchors, a changed grid, reordered units), the section is re-written
in flow style, and if even that does not load back, the whole map is written
fresh (:func:`wartools.mapmodel.dumps_map`). Saving therefore never loses
data, and keeps the author's text wherever it can.

Examples
--------
>>> from wartools.mapmodel import loads_map
>>> text = '''# Hill fight -- a comment the author wrote
... format: wartools-map/1
... name: Hill fight
... game: combat-infantry
... grid: {type: hex, columns: 4, rows: 4}
... terrain:
...   default: clear
...   cells: {
...     # the copse on the hill
...     B2: woods, C2: woods,
...   }
... '''
>>> m = loads_map(text).with_terrain("C3", "town")
>>> print(patch_document(m.document, m))
# Hill fight -- a comment the author wrote
format: wartools-map/1
name: Hill fight
game: combat-infantry
grid: {type: hex, columns: 4, rows: 4}
terrain:
  default: clear
  cells: {
    # the copse on the hill
    B2: woods, C2: woods, C3: town,
  }
<BLANKLINE>
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

import yaml

from wartools.errors import WartoolsError
from wartools.mapmodel.yamlguard import LOADER

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel.model import Map

Node: TypeAlias = Any          # a yaml.Node (PyYAML ships no type hints)
Edit = tuple[int, int, str]


class _CannotPatch(Exception):
    """This part of the document has a layout the patcher does not edit in place."""


def flow(value: Any) -> str:
    """``value`` as one line of flow-style YAML (quoted where YAML would misread it).

    Examples
    --------
    >>> flow({"cells": ["C4", "C5"], "feature": "hedge"}), flow("0304"), flow(["yes"])
    ('{cells: [C4, C5], feature: hedge}', "'0304'", "['yes']")
    """
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10**9)
    text = text.strip()
    if text.endswith("\n..."):
        text = text[:-4].strip()
    return text.removesuffix("...").strip()


class _Patcher:
    def __init__(self, text: str) -> None:
        self.text = text
        self.edits: list[Edit] = []

    # --- positions ---------------------------------------------------------------------------
    def end(self, node: Node) -> int:
        """Where a node's own text ends (block collections: where their last child ends)."""
        if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
            return self.end(node.value[-1][1])
        if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
            return self.end(node.value[-1])
        return int(node.end_mark.index)

    def line_start(self, index: int) -> int:
        return self.text.rfind("\n", 0, index) + 1

    def after_line(self, index: int) -> int:
        """Just after the newline ending the line that holds ``index`` (end of text if none)."""
        nl = self.text.find("\n", index)
        return len(self.text) if nl < 0 else nl + 1

    def only_blank_before(self, index: int, allow_dash: bool = False) -> bool:
        head = self.text[self.line_start(index):index]
        if allow_dash:
            head = head.replace("-", " ", 1) if head.strip() == "-" else head
        return head.strip() == ""

    # --- edits ----------------------------------------------------------------------------------
    def replace(self, node: Node, text: str) -> None:
        """Replace a node's text (a block collection becomes a flow one, where it stood)."""
        self.edits.append((node.start_mark.index, self.end(node), text))

    def replace_scalar(self, node: Node, value: Any) -> None:
        """Replace a value, keeping the author's single quotes on a string that had them."""
        if not isinstance(node, yaml.ScalarNode):
            self.replace(node, flow(value))
            return
        text = flow(value)
        if isinstance(value, str) and node.style == "'" and "\n" not in value:
            text = "'" + value.replace("'", "''") + "'"
        self.edits.append((node.start_mark.index, node.end_mark.index, text))

    def delete_entry(self, parent: Node, index: int) -> None:
        """Delete item ``index`` of a mapping (its key and value) or a sequence."""
        items = parent.value
        is_map = isinstance(parent, yaml.MappingNode)
        first = items[index][0] if is_map else items[index]
        last = items[index][1] if is_map else items[index]
        start, stop = first.start_mark.index, self.end(last)
        if parent.flow_style:
            t = self.text
            j = stop
            while j < len(t) and t[j] in " \t":
                j += 1
            if j < len(t) and t[j] == ",":                      # "a: 1, b: 2" -> drop "a: 1, "
                j += 1
                while j < len(t) and t[j] == " ":
                    j += 1
                self.edits.append((start, j, ""))
                return
            if index == 0:                                     # the only item: "{a: 1}" -> "{}"
                self.edits.append((start, stop, ""))
                return
            prev = items[index - 1][1] if is_map else items[index - 1]
            self.edits.append((self.end(prev), stop, ""))      # the last item: drop ", b: 2"
            return
        if not self.only_blank_before(start, allow_dash=not is_map):
            raise _CannotPatch("entry shares its line")
        self.edits.append((self.line_start(start), self.after_line(stop), ""))

    def append(self, parent: Node, text: str, key: str | None = None) -> None:
        """Add ``key: text`` to a mapping (``key`` given) or ``text`` to a sequence."""
        item = f"{key}: {text}" if key is not None else text
        if parent.flow_style:
            if parent.value:
                last = parent.value[-1][1] if key is not None else parent.value[-1]
                self.edits.append((self.end(last), self.end(last), f", {item}"))
            else:
                self.edits.append((parent.start_mark.index + 1, parent.start_mark.index + 1, item))
            return
        if not parent.value:
            raise _CannotPatch("empty block collection")
        if key is not None:
            first_key = parent.value[0][0]
            indent = first_key.start_mark.column
            last = parent.value[-1][1]
            prefix = ""
        else:
            first_item = parent.value[0]
            line = self.text[self.line_start(first_item.start_mark.index):first_item.start_mark.index]
            dash = line.rfind("-")
            if dash < 0 or line[:dash].strip():
                raise _CannotPatch("unusual sequence layout")
            indent, prefix, last = dash, "- ", parent.value[-1]
        at = self.after_line(self.end(last))
        lead = "" if at == 0 or self.text[at - 1] == "\n" else "\n"
        self.edits.append((at, at, f"{lead}{' ' * indent}{prefix}{item}\n"))

    def result(self) -> str:
        out = self.text
        # from the end backwards; of two insertions at one place, the later one goes in first
        order = sorted(range(len(self.edits)), key=lambda i: (self.edits[i][0], self.edits[i][1], i), reverse=True)
        for i in order:
            start, stop, text = self.edits[i]
            out = out[:start] + text + out[stop:]
        return out


def _entries(node: Node) -> list[tuple[Any, Node, Node]]:
    """``(key value, key node, value node)`` of a mapping node."""
    return [(yaml.SafeLoader(" ").construct_object(k), k, v) for k, v in node.value]


def _value_of(node: Node) -> Any:
    return yaml.SafeLoader(" ").construct_object(node, deep=True)


def _patch_keyed(p: _Patcher, node: Node, old: Map, new: Map, current: Callable[[Any, Any], Any],
                 desired: dict[Hashable, Any], key_of: Callable[[Any], Hashable], key_text: Callable[[Hashable], str],
                 default: Any) -> None:
    """A mapping keyed by cells or names: keep entries whose meaning is unchanged, replace or delete
    the others, append the missing ones. ``current(key, value)`` is an entry's meaning in the new
    map's vocabulary; ``desired`` the new map's non-default entries."""
    if not isinstance(node, yaml.MappingNode):
        raise _CannotPatch("not a mapping")
    seen: set[Hashable] = set()
    for i, (k, _, vnode) in enumerate(_entries(node)):
        ident = key_of(k)
        if ident in seen:
            raise _CannotPatch("the same cell twice")
        seen.add(ident)
        want = desired.get(ident, default)
        if current(k, _value_of(vnode)) == want:
            continue
        if ident in desired:
            p.replace_scalar(vnode, desired[ident]) if isinstance(vnode, yaml.ScalarNode) \
                else p.replace(vnode, flow(desired[ident]))
        else:
            p.delete_entry(node, i)
    for ident, value in desired.items():
        if ident not in seen:
            p.append(node, flow(value), key=key_text(ident))


def _patch_section(p: _Patcher, key: str, vnode: Node, old: Map, new: Map, o: Any, n: Any) -> None:
    """Edit one top-level section; ``o`` and ``n`` are its old and new plain data."""
    g, game = new.grid, new.game

    def cell(label: Any) -> Hashable:
        try:
            return g.parse(str(label))
        except WartoolsError:
            raise _CannotPatch("label") from None

    def label(c: Hashable) -> str:
        return g.label(c)

    def quoted(c: Hashable) -> str:
        return flow(g.label(c))

    if key == "terrain":
        if not isinstance(vnode, yaml.MappingNode):
            raise _CannotPatch("terrain")
        entries = {k: (kn, vn) for k, kn, vn in _entries(vnode)}
        if "default" in entries:
            if game.terrain.resolve(_value_of(entries["default"][1])) != new.default_terrain:
                p.replace_scalar(entries["default"][1], new.default_terrain)
        elif new.default_terrain != game.default_terrain:
            p.append(vnode, flow(new.default_terrain), key="default")
        desired = {c: t for c, t in new.terrain.items()}
        if "cells" in entries and isinstance(entries["cells"][1], yaml.MappingNode):
            _patch_keyed(p, entries["cells"][1], old, new, lambda k, v: game.terrain.resolve(v), desired,
                         cell, quoted, new.default_terrain)
        elif desired:
            p.append(vnode, flow({label(c): t for c, t in sorted(desired.items())}), key="cells")
    elif key == "elevation":
        _patch_keyed(p, vnode, old, new, lambda k, v: v, dict(new.elevation), cell, quoted, 0)
    elif key == "features":
        _patch_keyed(p, vnode, old, new, lambda k, v: [game.cell_features.resolve(x) for x in v],
                     {c: list(fs) for c, fs in new.features.items()}, cell, quoted, [])
    elif key == "zones":
        _patch_keyed(p, vnode, old, new, lambda k, v: [label(cell(x)) for x in v],
                     {z: [label(c) for c in cs] for z, cs in new.zones.items()}, lambda k: k, flow, None)
    elif key == "edges":
        if not isinstance(vnode, yaml.SequenceNode):
            raise _CannotPatch("edges")
        wanted = [(e, f) for e, fs in new.edges.items() for f in fs]
        pending = list(wanted)
        for i, item in enumerate(vnode.value):
            d = _value_of(item)
            try:
                pair = (g.edge(cell(d["cells"][0]), cell(d["cells"][1])), game.edge_features.resolve(d["feature"]))
            except (KeyError, IndexError, TypeError, WartoolsError):
                raise _CannotPatch("edge entry") from None
            if pair in pending:
                pending.remove(pair)
            else:
                p.delete_entry(vnode, i)
        for e, f in sorted(pending):
            p.append(vnode, flow({"cells": [label(e.a), label(e.b)], "feature": f}))
    elif key == "units":
        if not isinstance(vnode, yaml.SequenceNode):
            raise _CannotPatch("units")
        new_units = {str(u["id"]): u for u in (n or [])}
        kept: list[str] = []
        for i, item in enumerate(vnode.value):
            d = _value_of(item)
            uid = str(d.get("id")) if isinstance(d, dict) else None
            if uid not in new_units:
                p.delete_entry(vnode, i)
                continue
            kept.append(uid)
            if not isinstance(item, yaml.MappingNode):
                raise _CannotPatch("unit entry")
            want = new_units[uid]
            fields = {k: (kn, vn) for k, kn, vn in _entries(item)}
            for fname, value in want.items():
                if fname in fields:
                    have = _value_of(fields[fname][1])
                    same = (game.unit_types.resolve(have) == value if fname == "type" else
                            label(cell(have)) == value if fname == "cell" else
                            (str(have) == value if fname == "id" else have == value))
                    if not same:
                        p.replace_scalar(fields[fname][1], value)
                else:
                    p.append(item, flow(value), key=fname)
            for j, (fname, _, _) in enumerate(_entries(item)):
                if fname not in want:
                    p.delete_entry(item, j)
        order = [str(u["id"]) for u in (n or [])]
        if order[:len(kept)] != kept:
            raise _CannotPatch("units reordered")
        for uid in order[len(kept):]:
            p.append(vnode, flow(new_units[uid]))
    elif key in ("roads", "objectives") and isinstance(vnode, yaml.SequenceNode) and isinstance(o, list):
        new_items = n or []
        for i, item in enumerate(vnode.value):
            if i >= len(new_items):
                p.delete_entry(vnode, i)
            elif i >= len(o) or o[i] != new_items[i]:
                p.replace(item, flow(new_items[i]))
        for extra in new_items[len(vnode.value):]:
            p.append(vnode, flow(extra))
    else:
        raise _CannotPatch(key)


@lru_cache(maxsize=8)
def _parsed(text: str) -> tuple[Map, Node]:
    """The map a document describes and its node tree (kept for the next save of the same text)."""
    from wartools.mapmodel import loads_map

    return loads_map(text), yaml.compose(text, Loader=LOADER)


def patch_document(text: str, new: Map) -> str | None:
    """``text`` (the YAML a map was loaded from) edited to describe ``new``; ``None`` if the
    changes cannot be made in place without losing data (then write the map fresh)."""
    from wartools.mapmodel import loads_map

    try:
        old, root = _parsed(text)
    except (WartoolsError, yaml.YAMLError):
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    if old == new:
        return text
    p = _Patcher(text)
    top = {k: (kn, vn) for k, kn, vn in _entries(root)}
    o_all, n_all = old.to_dict(), new.to_dict()
    for key in dict.fromkeys([*o_all, *n_all, *top]):
        o, n = o_all.get(key), n_all.get(key)
        if o == n:
            continue
        if key not in top:
            if n is not None:
                p.append(root, flow(n), key=key)
            continue
        kn, vn = top[key]
        if n is None:
            p.delete_entry(root, list(top).index(key))
            continue
        section = _Patcher(text)
        try:
            _patch_section(section, key, vn, old, new, o, n)
        except _CannotPatch:
            section = _Patcher(text)
            if isinstance(vn, yaml.ScalarNode):
                section.replace_scalar(vn, n)
            else:
                section.replace(vn, flow(n))
        p.edits.extend(section.edits)
    out = p.result()
    try:
        if loads_map(out) == new:
            return out
    except WartoolsError:
        pass
    return None
