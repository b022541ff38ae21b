"""One small cache for the engines' per-map work (movement graphs, LOS geometry).

Maps are immutable and named by their content fingerprint, so a cache keyed by it
never serves a stale answer; :class:`LRU` bounds how many entries are kept and counts
hits and misses.

Examples
--------
>>> c = LRU(2)
>>> c.get_or_make("a", lambda: 1), c.get_or_make("a", lambda: 2)
(1, 1)
>>> _ = c.get_or_make("b", lambda: 3); _ = c.get_or_make("c", lambda: 4)
>>> "a" in c, c.info()
(False, {'hits': 1, 'misses': 3, 'size': 2})
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """A bounded least-recently-used cache with hit and miss counts."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a cache holds at least one entry")
        self.size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self.hits = self.misses = 0

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value cached under ``key``, made (and cached) on a miss."""
        if key in self._items:
            self.hits += 1
            self._items.move_to_end(key)
            return self._items[key]
        self.misses += 1
        value = self._items[key] = make()
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return value

    def info(self) -> dict[str, int]:
        """``{"hits", "misses", "size"}``."""
        return {"hits": self.hits, "misses": self.misses, "size": len(self._items)}

    def clear(self) -> None:
        """Forget every entry and reset the counts."""
        self._items.clear()
        self.hits = self.misses = 0
