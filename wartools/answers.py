"""The answer protocol: what every public answer of wartools offers.

Every answer (a line of sight, a viewshed, a reach, a path, exact odds, a threat map,
a victory state ...) is a frozen value with

- ``to_json()``: the JSON answer of the command line (numbers written at this edge);
- ``text()``: the human-readable answer (also ``str(answer)``), assumed readings last;
- ``draw(ax=None, ...)``: a picture of it (a new map picture when ``ax`` is ``None``),
  returning the matplotlib Axes;
- notebook display: ``_repr_png_`` draws it (the renderer is imported on first use);
- ``assumptions``: the assumed readings it rests on, a tuple of
  :class:`~wartools.rules.options.Assumption`.

:class:`Answer` holds the part that is the same for all of them (``str`` and the notebook
display); each answer type writes the rest. :class:`Collection` is an answer that is also a
tuple of things (the cells of a viewshed, the paths of the alternatives). ``tests/test_answers.py`` checks the whole
protocol on a real answer of every public answer type.

Examples
--------
>>> import wartools as wt
>>> m = wt.load_map("maps/combat-infantry-river-crossing.yaml")
>>> r = wt.line_of_sight(m, "C4", "H8")
>>> isinstance(r, Answer), str(r) == r.text(), r.to_json()["status"]
(True, True, 'blocked')
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Answer:
    """Base of every public answer type: ``str`` is :meth:`text`, a notebook shows :meth:`draw`.

    Subclasses (frozen dataclasses) write :meth:`to_json`, :meth:`text`, :meth:`draw` and
    an ``assumptions`` field or property.
    """

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON answer."""
        raise NotImplementedError

    def text(self) -> str:
        """The human-readable answer."""
        raise NotImplementedError

    def draw(self, ax: Any = None) -> Any:
        """A picture of the answer; returns the matplotlib Axes."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def _repr_png_(self) -> bytes:
        from wartools.render import axes_png

        return axes_png(self.draw())


class Collection(Answer, Generic[T]):
    """An answer that is a tuple of things too: it iterates, counts, indexes and tests the
    :meth:`items` (the cells of a viewshed, the legs of a route ...)."""

    __slots__ = ()

    def items(self) -> tuple[T, ...]:
        """The things this answer is a tuple of."""
        raise NotImplementedError

    def __iter__(self) -> Iterator[T]:
        return iter(self.items())

    def __len__(self) -> int:
        return len(self.items())

    def __getitem__(self, i: int) -> T:
        return self.items()[i]

    def __contains__(self, thing: object) -> bool:
        return thing in self.items()
