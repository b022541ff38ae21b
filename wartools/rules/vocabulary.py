"""A :class:`Vocabulary`: a game's closed set of names (terrain, features, unit types)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from wartools.errors import WartoolsError


@dataclass(frozen=True)
class Vocabulary:
    """A closed set of names (terrain, features, unit types) plus aliases.

    Parameters
    ----------
    kind
        What the names are, for error messages ("terrain", "unit type").
    names
        The canonical names, in display order.
    aliases
        Other spellings accepted on input, mapped to a canonical name.
    section
        The rulebook section that defines the names (``"Combat Infantry 3.4"``).
    sections
        Sections for single names where they differ from ``section``.

    Examples
    --------
    >>> v = Vocabulary("terrain", ("clear", "woods"), {"forest": "woods"})
    >>> v.resolve("Forest")
    'woods'
    >>> Vocabulary("terrain", ("clear",), section="Combat Infantry 3.4").section_of("clear")
    'Combat Infantry 3.4'
    >>> v.resolve("swamp")
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: unknown terrain 'swamp'; valid: clear, woods (aliases: forest)
    """

    kind: str
    names: tuple[str, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)
    section: str = ""
    sections: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for alias, target in self.aliases.items():
            if target not in self.names:
                raise ValueError(f"alias {alias!r} points to unknown {self.kind} {target!r}")
        for name in self.sections:
            if name not in self.names:
                raise ValueError(f"section given for unknown {self.kind} {name!r}")

    def section_of(self, name: str) -> str:
        """The rulebook section for ``name`` (its own, else the vocabulary's; may be empty)."""
        return self.sections.get(self.resolve(name), self.section)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._lookup(name) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def _lookup(self, name: str) -> str | None:
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key in self.names:
            return key
        return self.aliases.get(key)

    def choices(self) -> str:
        """The valid names as one human-readable string."""
        text = ", ".join(self.names)
        if self.aliases:
            text += " (aliases: " + ", ".join(sorted(self.aliases)) + ")"
        return text

    def resolve(self, name: object) -> str:
        """Return the canonical name for ``name`` or raise naming the valid ones."""
        found = self._lookup(name) if isinstance(name, str) else None
        if found is None:
            raise WartoolsError(f"unknown {self.kind} {name!r}; valid: {self.choices()}")
        return found
