"""``OddsCalculator(game)``: the game's combat inputs, a live exact table and a bar chart.

The form is generated from the game's combat procedure
(:meth:`Game.odds_procedure`), the same typed parameters the ``wartools odds GAME``
command line is generated from, so the notebook and the command line always offer
the same inputs and give the same answers; :func:`compute_odds` is the plain function
underneath.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from wartools.dice import Dist
from wartools.errors import WartoolsError
from wartools.rules import find_game
from wartools.widgets.common import error

if TYPE_CHECKING:  # pragma: no cover
    from wartools.combat import OddsResult

#: a multi-valued input is typed as one text, items separated by this
SEPARATOR = ";"


@dataclass(frozen=True)
class OddsField:
    """One input of a game's odds form (from its procedure's parameter)."""

    name: str
    flag: str
    kind: str  # "int" | "bool" | "text" | "multi"
    default: Any
    help: str
    required: bool
    minimum: int | None = None
    maximum: int | None = None


def odds_fields(game: str) -> list[OddsField]:
    """The inputs of a game's odds calculation.

    Examples
    --------
    >>> [f.name for f in odds_fields("conflict-of-heroes")][:3]
    ['firepower', 'defense', 'terrain']
    """
    proc = find_game(game).odds_procedure()
    return [OddsField(p.name, p.flag, p.kind, p.default, p.help, p.required, p.minimum, p.maximum)
            for p in proc.params]


def _result(game: str, values: dict[str, Any]) -> OddsResult:
    """The :class:`~wartools.combat.OddsResult` of form values (see :func:`compute_odds`)."""
    from wartools.combat import odds

    g = find_game(game)
    kinds = {f.name: f.kind for f in odds_fields(g.id)}
    inputs: dict[str, Any] = {}
    for name, value in values.items():
        if name not in kinds:
            raise WartoolsError(f"unknown input {name!r} for {g.id}; valid: {', '.join(kinds)}")
        if value is None or value is False or value == "" or value == []:
            continue
        if kinds[name] == "multi" and isinstance(value, str):
            value = [x.strip() for x in value.split(SEPARATOR) if x.strip()]
        inputs[name] = value
    return odds(g, **inputs)


def compute_odds(game: str, values: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Exact odds for a game from input values (by field name), as ``(answer, text)``.

    Values that are ``None``, empty or ``False`` are left out, as on the command line; a
    multi-valued input may be one text with items separated by ``;``.

    Examples
    --------
    >>> answer, _ = compute_odds("conflict-of-heroes", {"firepower": 4, "defense": 12, "terrain": 2})
    >>> answer["hit"]
    '1/6'
    """
    result = _result(game, values)
    return result.to_json(), result.text()


def distributions(answer: Mapping[str, Any]) -> dict[str, Mapping[Any, Fraction]]:
    """The exact distributions in an odds answer (:attr:`wartools.combat.OddsResult.answer`):
    its :class:`~wartools.dice.Dist` entries and its mappings of probabilities that sum to 1.

    Examples
    --------
    >>> from wartools.combat import odds
    >>> distributions(odds("combat-infantry", dice=2, firepower=5).answer)["hits"][2]
    Fraction(1, 4)
    """
    out: dict[str, Mapping[Any, Fraction]] = {}
    for key, value in answer.items():
        if isinstance(value, Dist):
            out[key] = value.pmf()
        elif (isinstance(value, Mapping) and value and sum(value.values()) == 1
              and all(isinstance(p, Fraction) for p in value.values())):
            out[key] = value
    return out


class OddsCalculator:
    """Widget: the game's odds inputs, the exact answer as a table and a bar chart.

    The last answer is kept in :attr:`result` (its exact :attr:`answer`: Fractions and
    distributions) and every computation (its JSON, or the error) in :attr:`history`, so
    tests can check what the widget showed. An error replaces
    the previous answer on screen (never an old answer under a new error).
    """

    def __init__(self, game: str, **values: Any) -> None:
        self.game = find_game(game)
        self.fields = odds_fields(self.game.id)
        self.controls: dict[str, w.Widget] = {}
        for f in self.fields:
            start = values.get(f.name, f.default)
            style = {"description_width": "initial"}
            if f.kind == "bool":
                c: w.Widget = w.Checkbox(value=bool(start), description=f.help or f.name, indent=False)
            elif f.kind == "int":
                lo = -10**6 if f.minimum is None else f.minimum
                hi = 10**6 if f.maximum is None else f.maximum
                first = 0 if start is None else int(start)
                c = w.BoundedIntText(value=min(max(first, lo), hi), min=lo, max=hi,
                                     description=f.name.replace("_", " "), style=style)
            else:
                text = SEPARATOR.join(start) if isinstance(start, (list, tuple)) else (start or "")
                c = w.Text(value=str(text), description=f.name.replace("_", " "), placeholder=f.help,
                           style=style)
            c.tooltip = f.help
            self.controls[f.name] = c
            c.observe(lambda _change: self.update(), names="value")
        self.optional_ints = {f.name for f in self.fields if f.kind == "int" and f.default is None
                              and not f.required}
        self.status = w.HTML()
        self.table = w.HTML()
        self.chart = w.Image(format="png")
        self.history: list[dict[str, Any]] = []
        self.result: OddsResult | None = None
        self.widget = w.VBox([w.HTML(f"<b>{html.escape(self.game.name)}: exact odds</b>"),
                              w.GridBox(list(self.controls.values()),
                                        layout=w.Layout(grid_template_columns="repeat(2, 50%)")),
                              self.status, w.HBox([self.table, self.chart])])
        self.update()

    @property
    def answer(self) -> Mapping[str, Any] | None:
        """The exact answer on screen (``None`` after an error)."""
        return None if self.result is None else self.result.answer

    def values(self) -> dict[str, Any]:
        """Current input values, with unset optional numbers (0) left out."""
        out = {}
        for name, c in self.controls.items():
            v = c.value
            if name in self.optional_ints and v == 0:
                v = None
            out[name] = v
        return out

    def update(self) -> Mapping[str, Any] | None:
        """Recompute from the controls and refresh the table and chart."""
        try:
            result = _result(self.game.id, self.values())
        except WartoolsError as exc:
            self.result = None
            self.status.value = error(str(exc))
            self.table.value = ""
            self.chart.value = b""
            self.history.append({"error": str(exc)})
            return None
        from wartools.render import axes_png

        self.result = result
        self.history.append(result.to_json())
        self.status.value = "<pre style='margin:0'>" + html.escape(result.text().splitlines()[0]) + "</pre>"
        self.table.value = _html_table(result)
        self.chart.value = axes_png(result.draw(), dpi=80)
        return result.answer

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _label(key: str) -> str:
    return key.replace("_", " ")


def _html_table(result: OddsResult) -> str:
    """The answer as a readable table: each distribution, then the single values, then the
    assumed readings (no raw keys, no Python dicts)."""
    rows = []
    dists = distributions(result.answer)
    for key, probs in dists.items():
        rows.append(f"<tr><th colspan=3 style='text-align:left'>{html.escape(_label(key))}</th></tr>")
        rows += [f"<tr><td>{html.escape(str(k))}</td><td>{p}</td><td>{float(p):.1%}</td></tr>"
                 for k, p in probs.items()]
    for key, value in result.answer.items():
        if key.endswith("_float") or key == "game" or key in dists:
            continue
        if isinstance(value, Fraction) and value.denominator != 1 and 0 <= value <= 1:
            shown = f"{value} ({float(value):.1%})"
        elif isinstance(value, Mapping):
            shown = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, (str, int, float, bool, Fraction)):
            shown = str(value)
        else:
            continue
        rows.append(f"<tr><td>{html.escape(_label(key))}</td><td colspan=2>{html.escape(shown)}</td></tr>")
    for a in result.assumptions:
        rows.append(f"<tr><td>assumed ({html.escape(a.rule)})</td>"
                    f"<td colspan=2>{html.escape(a.reading)}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"
