"""Combat procedures a game offers to ``wartools odds``: typed parameters and a runner.

A game's ``odds`` module defines one :class:`OddsProcedure`. Its :class:`Param`\\ s
describe every input (name, type, default, bounds, help), and both the command line
(``wartools odds GAME --name value``) and the odds widget are generated from them,
so the two always offer the same inputs. :meth:`OddsProcedure.run` checks the
values and returns an :class:`OddsAnswer`.

Examples
--------
>>> p = Param("dice", "int", None, "dice rolled", required=True, minimum=1, maximum=500)
>>> p.check(3), p.flag
(3, '--dice')
>>> p.check(0)
Traceback (most recent call last):
...
wartools.errors.WartoolsError: --dice must be between 1 and 500, got 0
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wartools.dice import Dist, fraction_str
from wartools.errors import WartoolsError
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.game import Game

KINDS = ("int", "bool", "text", "multi")


def expectation(name: str, value: Fraction) -> dict[str, Any]:
    """An exact expectation, with a rounded ``*_float`` companion.

    Examples
    --------
    >>> expectation("expected_hits", Fraction(7, 3))
    {'expected_hits': Fraction(7, 3), 'expected_hits_float': 2.333333}
    """
    return {name: Fraction(value), f"{name}_float": round(float(value), 6)}


def jsonable(value: Any) -> Any:
    """``value`` written for JSON, at the edge: a ``Fraction`` as its exact string (``"7/3"``),
    a :class:`~wartools.dice.Dist` as ``{outcome: "num/den"}``, mappings with string keys,
    tuples as lists; everything else as it is.

    Examples
    --------
    >>> jsonable({"hit": Fraction(1, 6), "dice": 3, "hits": Dist.bernoulli(Fraction(1, 4))})
    {'hit': '1/6', 'dice': 3, 'hits': {'0': '3/4', '1': '1/4'}}
    """
    if isinstance(value, Fraction):
        return fraction_str(value)
    if isinstance(value, Dist):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class Param:
    """One input of a combat procedure.

    Parameters
    ----------
    name
        Python name (``"defender_caps"``); the flag is ``--defender-caps``.
    kind
        ``"int"``, ``"bool"`` (a switch), ``"text"`` or ``"multi"`` (a repeatable text).
    default
        The value when not given (``None``: absent).
    help
        One line for ``--help`` and the widget's tooltip.
    required
        Must be given.
    minimum, maximum
        Bounds of an ``int`` (checked before any work is done).
    choices
        The accepted values of a ``text`` parameter.
    """

    name: str
    kind: str
    default: Any
    help: str
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"parameter kind must be one of {KINDS}, got {self.kind!r}")

    @property
    def flag(self) -> str:
        """The command-line flag."""
        return "--" + self.name.replace("_", "-")

    def check(self, value: Any) -> Any:
        """``value`` checked against the type and bounds (one clear error naming the flag)."""
        if value is None:
            if self.required:
                raise WartoolsError(f"{self.flag} is required")
            return self.default
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                text = str(value).strip()
                if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit()) or len(text) > 12:
                    raise WartoolsError(f"{self.flag} must be a whole number, got {value!r}")
                value = int(text)
            lo, hi = self.minimum, self.maximum
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                span = (f"between {lo} and {hi}" if lo is not None and hi is not None
                        else f">= {lo}" if lo is not None else f"<= {hi}")
                raise WartoolsError(f"{self.flag} must be {span}, got {value}")
            return value
        if self.kind == "bool":
            return bool(value)
        if self.kind == "multi":
            items = [value] if isinstance(value, str) else list(value)
            return [str(x) for x in items if str(x).strip()]
        text = str(value)
        if self.choices and text not in self.choices:
            raise WartoolsError(f"{self.flag}: unknown value {text!r}; valid: {', '.join(self.choices)}")
        return text


@dataclass(frozen=True)
class OddsAnswer:
    """The answer of a combat procedure: the exact ``answer`` (probabilities and expectations
    as ``Fraction``\\ s, distributions as :class:`~wartools.dice.Dist`\\ s, counts as ints;
    :meth:`to_json` writes them as strings), a ``text``, the exact distributions to chart
    (``charts``: title -> :class:`~wartools.dice.Dist`) and the assumed readings it rests on."""

    answer: Mapping[str, Any]
    text: str
    charts: Mapping[str, Any] = field(default_factory=dict)
    assumptions: tuple[Assumption, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The answer for JSON (fractions as ``"num/den"`` strings, see :func:`jsonable`), with
        ``assumptions`` as a list of ``{"rule", "reading"}``."""
        return {**jsonable(self.answer), "assumptions": [a.to_json() for a in self.assumptions]}


@dataclass(frozen=True)
class OddsProcedure:
    """A game's combat procedures for ``wartools odds``.

    Parameters
    ----------
    summary
        One line for ``--help`` ("fire (d10 per step) or a full assault").
    params
        The inputs, in the order the form shows them.
    runner
        ``runner(game, values) -> OddsAnswer``; ``values`` are checked against
        ``params`` first, so the runner sees every name, typed and in bounds.
    """

    summary: str
    params: tuple[Param, ...]
    runner: Callable[[Game, dict[str, Any]], OddsAnswer]

    def run(self, game: Game, values: Mapping[str, Any]) -> OddsAnswer:
        """Check ``values`` (by parameter name; missing ones take their default) and run."""
        known = {p.name for p in self.params}
        unknown = sorted(set(values) - known)
        if unknown:
            raise WartoolsError(f"unknown odds input(s) {', '.join(unknown)} for {game.id}; "
                                f"valid: {', '.join(p.name for p in self.params)}")
        checked = {p.name: p.check(values.get(p.name)) for p in self.params}
        return self.runner(game, checked)


def _no_odds(game: Game, values: dict[str, Any]) -> OddsAnswer:
    raise WartoolsError(f"game {game.id!r} offers no combat procedures to wartools odds")


def no_procedure(game: Game) -> OddsProcedure:
    """The neutral procedure of a game that offers none: no inputs, and running it says so.

    Examples
    --------
    >>> from wartools.rules import Game
    >>> no_procedure(Game()).run(Game(), {})
    Traceback (most recent call last):
    ...
    wartools.errors.WartoolsError: game '' offers no combat procedures to wartools odds
    """
    return OddsProcedure("no combat procedures", (), _no_odds)

