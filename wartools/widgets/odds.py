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
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.games import find_game
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


def distributions(answer: dict[str, Any]) -> dict[str, dict[str, Fraction]]:
    """The exact distributions in an odds answer (entries mapping outcomes to fraction strings)."""
    out: dict[str, dict[str, Fraction]] = {}
    for key, value in answer.items():
        if isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values()):
            probs = {k: _probability(v) for k, v in value.items()}
            exact = {k: p for k, p in probs.items() if p is not None}
            if len(exact) == len(probs) and sum(exact.values()) == 1:
                out[key] = exact
    return out


class OddsCalculator:
    """Widget: the game's odds inputs, the exact answer as a table and a bar chart.

    The last answer is kept in :attr:`answer` and every computation (or error)
    in :attr:`history`, so tests can check what the widget showed. An error replaces
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
        self.answer: dict[str, Any] | None = None
        self.widget = w.VBox([w.HTML(f"<b>{html.escape(self.game.name)}: exact odds</b>"),
                              w.GridBox(list(self.controls.values()),
                                        layout=w.Layout(grid_template_columns="repeat(2, 50%)")),
                              self.status, w.HBox([self.table, self.chart])])
        self.update()

    def values(self) -> dict[str, Any]:
        """Current input values, with unset optional numbers (0) left out."""
        out = {}
        for name, c in self.controls.items():
            v = c.value
            if name in self.optional_ints and v == 0:
                v = None
            out[name] = v
        return out

    def update(self) -> dict[str, Any] | None:
        """Recompute from the controls and refresh the table and chart."""
        try:
            result = _result(self.game.id, self.values())
        except WartoolsError as exc:
            self.answer = None
            self.status.value = error(str(exc))
            self.table.value = ""
            self.chart.value = b""
            self.history.append({"error": str(exc)})
            return None
        from wartools.render import axes_png

        answer = self.answer = result.to_json()
        self.history.append(answer)
        self.status.value = "<pre style='margin:0'>" + html.escape(result.text().splitlines()[0]) + "</pre>"
        self.table.value = _html_table(answer)
        self.chart.value = axes_png(result.draw(), dpi=80)
        return answer

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _label(key: str) -> str:
    return key.replace("_", " ")


def _html_table(answer: dict[str, Any]) -> str:
    """The answer as a readable table: each distribution, then the single values, then the
    assumed readings (no raw keys, no Python dicts)."""
    rows = []
    for key, probs in distributions(answer).items():
        rows.append(f"<tr><th colspan=3 style='text-align:left'>{html.escape(_label(key))}</th></tr>")
        rows += [f"<tr><td>{html.escape(k)}</td><td>{p}</td><td>{float(p):.1%}</td></tr>"
                 for k, p in probs.items()]
    for key, value in answer.items():
        if key.endswith("_float") or key in ("game", "assumptions"):
            continue
        if isinstance(value, (str, int, float, bool)):
            shown = value
            if isinstance(value, str) and (p := _probability(value)) is not None and "/" in value:
                shown = f"{value} ({float(p):.1%})"
            rows.append(f"<tr><td>{html.escape(_label(key))}</td><td colspan=2>{html.escape(str(shown))}</td></tr>")
        elif isinstance(value, dict) and key not in distributions(answer):
            text = ", ".join(f"{k} {v}" for k, v in value.items())
            rows.append(f"<tr><td>{html.escape(_label(key))}</td><td colspan=2>{html.escape(text)}</td></tr>")
    for a in answer.get("assumptions", []):
        rows.append(f"<tr><td>assumed ({html.escape(a['rule'])})</td>"
                    f"<td colspan=2>{html.escape(a['reading'])}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"


def _probability(value: Any) -> Fraction | None:
    """``value`` as a probability if it is a fraction string in [0, 1]."""
    if not isinstance(value, str) or len(value) > 200:
        return None
    try:
        f = Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None
    return f if 0 <= f <= 1 else None
