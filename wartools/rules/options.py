"""Game options: the switches a rule system declares, and the assumed readings they record.

A rule system lists its :class:`Option`\\ s on its :class:`~wartools.rules.Game`
class. An option is either a *situation* a scenario sets (night, weather, a
commander card) or an *assumed reading*: a place where the rulebook excerpt is
silent or ambiguous and wartools had to pick an answer. Every assumed reading is
an option, so a group that reads the rule the other way flips it instead of
editing the library (``game.with_options(name=value)``, ``--option name=value``
on the command line).

An answer that rests on an assumed reading lists it as an :class:`Assumption`
in its ``assumptions``.

Examples
--------
>>> o = Option("long-range-penalty", 2, "Heroes of Normandie 3.2",
...            "roll penalty of a long-range shot", assumed=True,
...            reading="a long-range shot takes -2 on the roll")
>>> o.parse("3"), o.parse(4)
(3, 4)
>>> o.assumption(2).to_json()
{'rule': 'Heroes of Normandie 3.2', 'reading': 'a long-range shot takes -2 on the roll', 'option': 'long-range-penalty'}
>>> o.assumption(3).reading
'house rule: long-range-penalty = 3 (the book is read as: a long-range shot takes -2 on the roll)'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from wartools.errors import WartoolsError
from wartools.limits import ANY_INT, LimitError, parse_int, shown

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class OptionError(WartoolsError):
    """An unknown option, or a value it does not accept."""


@dataclass(frozen=True)
class Assumption:
    """One assumed reading an answer rests on.

    Parameters
    ----------
    rule
        The rulebook section the reading is about (``"Combat Infantry 3.2"``).
    reading
        The reading, in our words.
    option
        The option that flips it (``None`` when it cannot be flipped).
    """

    rule: str
    reading: str
    option: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"rule", "reading", "option"}``."""
        return {"rule": self.rule, "reading": self.reading, "option": self.option}

    def text(self) -> str:
        """One line: ``assumed (rule): reading [--option name]``."""
        flip = f" [flip with --option {self.option}=...]" if self.option else ""
        return f"assumed ({self.rule}): {self.reading}{flip}"


@dataclass(frozen=True)
class Option:
    """A switch of a rule system.

    Parameters
    ----------
    name
        Lower-case, dash-separated (``"woods-see-in"``).
    default
        The value in force unless a scenario, a house rule or the user changes it;
        its type (bool, int or str) is the option's type.
    section
        Where in the rulebook the option belongs (``"Combat Infantry 3.4"``).
    doc
        What the option does, in one line.
    assumed
        Whether the default is an assumed reading (the excerpt is silent or
        ambiguous) rather than the book's text.
    reading
        For an assumed option: the default reading, in our words.
    choices
        For a text option: the accepted values.
    """

    name: str
    default: bool | int | str
    section: str
    doc: str
    assumed: bool = False
    reading: str = ""
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.assumed and not self.reading:
            raise ValueError(f"assumed option {self.name!r} needs its reading")
        if self.choices and self.default not in self.choices:
            raise ValueError(f"option {self.name!r}: default {self.default!r} not in {self.choices}")

    @property
    def kind(self) -> str:
        """``"bool"``, ``"int"`` or ``"text"``."""
        if isinstance(self.default, bool):
            return "bool"
        return "int" if isinstance(self.default, int) else "text"

    def parse(self, value: object) -> bool | int | str:
        """``value`` (typed, or as text from a command line or YAML) in the option's type."""
        kind, text = self.kind, str(value).strip().lower()
        if kind == "bool":
            if isinstance(value, bool):
                return value
            if text in _TRUE or text in _FALSE:
                return text in _TRUE
            raise OptionError(f"option {self.name}: expected true or false, got {shown(value)}")
        if kind == "int":
            if isinstance(value, bool):
                raise OptionError(f"option {self.name}: expected a whole number, got {shown(value)}")
            try:
                return parse_int(f"option {self.name}", text, ANY_INT)
            except LimitError as exc:
                raise OptionError(str(exc)) from None
        if self.choices and text not in self.choices:
            raise OptionError(f"option {self.name}: unknown value {shown(value)}; valid: {', '.join(self.choices)}")
        return text

    def assumption(self, value: object) -> Assumption:
        """The :class:`Assumption` an answer rests on when this option has ``value``."""
        if value == self.default:
            return Assumption(self.section, self.reading or self.doc, self.name)
        return Assumption(self.section, f"house rule: {self.name} = {_show(value)} "
                                        f"(the book is read as: {self.reading or self.doc})", self.name)

    def describe(self) -> dict[str, Any]:
        """Plain data for ``wartools games`` and help texts."""
        out: dict[str, Any] = {"name": self.name, "default": self.default, "type": self.kind,
                               "section": self.section, "doc": self.doc, "assumed": self.assumed}
        if self.reading:
            out["reading"] = self.reading
        if self.choices:
            out["choices"] = list(self.choices)
        return out


def _show(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """``["name=value", ...]`` from a command line as a dict (one clear error per bad item).

    Examples
    --------
    A bare ``NAME`` switches a true/false option on.

    >>> parse_assignments(["night=true", "long-range-penalty = 3", "fuel"])
    {'night': 'true', 'long-range-penalty': '3', 'fuel': 'true'}
    >>> parse_assignments(["=3"])
    Traceback (most recent call last):
    ...
    wartools.rules.options.OptionError: --option expects NAME=VALUE, got '=3'
    """
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = str(item).partition("=")
        if not name.strip():
            raise OptionError(f"--option expects NAME=VALUE, got {item!r}")
        out[name.strip().lower()] = value.strip() if sep else "true"
    return out


def merge_assumptions(*groups: Iterable[Assumption]) -> tuple[Assumption, ...]:
    """All assumptions of several parts of an answer, each once, in first-seen order."""
    seen: dict[tuple[str, str], Assumption] = {}
    for group in groups:
        for a in group:
            seen.setdefault((a.rule, a.reading), a)
    return tuple(seen.values())


def settings_from(options: tuple[Option, ...], values: Mapping[str, object], owner: str) -> dict[str, Any]:
    """Defaults overridden by ``values``, each checked and parsed (used by ``Game``)."""
    by_name = {o.name: o for o in options}
    out: dict[str, Any] = {o.name: o.default for o in options}
    for raw, value in values.items():
        name = str(raw).strip().lower().replace("_", "-")
        if name not in by_name:
            valid = ", ".join(by_name) or "none"
            raise OptionError(f"{owner} has no option {raw!r}; valid: {valid}")
        out[name] = by_name[name].parse(value)
    return out
