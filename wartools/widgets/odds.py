"""``OddsCalculator(game)``: the game's combat inputs, a live exact table and a bar chart.

The form is generated from the ``wartools odds GAME`` command-line options, so
the notebook and the command line always offer the same inputs and give the
same answers; :func:`compute_odds` is the plain function underneath.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.games import find_game


@dataclass(frozen=True)
class OddsField:
    """One input of a game's odds form (from its command-line option)."""

    name: str
    flag: str
    kind: str  # "int" | "bool" | "text" | "multi"
    default: Any
    help: str
    required: bool


def _odds_parser(game_id: str) -> argparse.ArgumentParser:
    from wartools.cli import build_parser

    parser = build_parser()
    odds = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["odds"]
    games = next(a for a in odds._actions if isinstance(a, argparse._SubParsersAction))
    return games.choices[game_id]


def odds_fields(game: str) -> list[OddsField]:
    """The inputs of a game's odds calculation.

    Examples
    --------
    >>> [f.name for f in odds_fields("conflict-of-heroes")][:3]
    ['firepower', 'defense', 'terrain']
    """
    parser = _odds_parser(find_game(game).id)
    fields = []
    for a in parser._actions:
        if not a.option_strings or a.dest in ("help", "json"):
            continue
        if isinstance(a, argparse._StoreTrueAction):
            kind = "bool"
        elif isinstance(a, argparse._AppendAction):
            kind = "multi"
        elif a.type is int:
            kind = "int"
        else:
            kind = "text"
        fields.append(OddsField(a.dest, a.option_strings[-1], kind, a.default, a.help or "", a.required))
    return fields


def compute_odds(game: str, values: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Exact odds for a game from input values (by field name), as ``(answer, text)``.

    Values that are ``None``, empty or ``False`` are left out, as on the command line.

    Examples
    --------
    >>> answer, _ = compute_odds("conflict-of-heroes", {"firepower": 4, "defense": 12, "terrain": 2})
    >>> answer["hit"]
    '1/6'
    """
    g = find_game(game)
    by_name = {f.name: f for f in odds_fields(g.id)}
    argv = ["odds", g.id]
    for name, value in values.items():
        if name not in by_name:
            raise WartoolsError(f"unknown input {name!r} for {g.id}; valid: {', '.join(by_name)}")
        f = by_name[name]
        if value is None or value is False or value == "" or value == []:
            continue
        if f.kind == "bool":
            argv.append(f.flag)
        elif f.kind == "multi":
            for item in value if isinstance(value, (list, tuple)) else str(value).split(";"):
                if str(item).strip():
                    argv += [f.flag, str(item).strip()]
        else:
            argv += [f.flag, str(value)]
    from wartools.cli import build_parser

    args = build_parser().parse_args(argv)
    return args.handler(args)


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
    in :attr:`history`, so tests can check what the widget showed.
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
                c = w.IntText(value=0 if start is None else int(start), description=f.name, style=style)
                if start is None:
                    c.value = 0
            else:
                text = ";".join(start) if isinstance(start, (list, tuple)) else (start or "")
                c = w.Text(value=str(text), description=f.name, placeholder=f.help, style=style)
            c.tooltip = f.help
            self.controls[f.name] = c
            c.observe(lambda _change: self.update(), names="value")
        self.optional_ints = {f.name for f in self.fields if f.kind == "int" and f.default is None}
        self.status = w.HTML()
        self.table = w.HTML()
        self.chart = w.Image(format="png")
        self.history: list[dict[str, Any]] = []
        self.answer: dict[str, Any] | None = None
        self.widget = w.VBox([w.HTML(f"<b>{self.game.name}: exact odds</b>"),
                              w.GridBox(list(self.controls.values()),
                                        layout=w.Layout(grid_template_columns="repeat(2, 50%)")),
                              self.status, w.HBox([self.table, self.chart])])
        self.update()

    def values(self) -> dict[str, Any]:
        """Current input values, with unset optional numbers left out."""
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
            answer, text = compute_odds(self.game.id, self.values())
        except WartoolsError as exc:
            self.answer = None
            self.status.value = f"<span style='color:#b00'>{exc}</span>"
            self.history.append({"error": str(exc)})
            return None
        self.answer = answer
        self.history.append(answer)
        self.status.value = "<pre style='margin:0'>" + text.splitlines()[0] + "</pre>"
        self.table.value = _html_table(answer)
        self.chart.value = _chart_png(answer)
        return answer

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _html_table(answer: dict[str, Any]) -> str:
    rows = []
    for key, probs in distributions(answer).items():
        rows.append(f"<tr><th colspan=3 style='text-align:left'>{key}</th></tr>")
        rows += [f"<tr><td>{k}</td><td>{p}</td><td>{float(p):.3%}</td></tr>" for k, p in probs.items()]
    for key, value in answer.items():
        if isinstance(value, (str, int, float, bool)) and not key.endswith("_float") and key != "game":
            rows.append(f"<tr><td>{key}</td><td colspan=2>{value}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"


def _probability(value: Any) -> Fraction | None:
    """``value`` as a probability if it is a fraction string in [0, 1]."""
    if not isinstance(value, str):
        return None
    try:
        f = Fraction(value)
    except ValueError:
        return None
    return f if 0 <= f <= 1 else None


def _chart_png(answer: dict[str, Any]) -> bytes:
    import io

    from matplotlib.figure import Figure

    dists = distributions(answer)
    fig = Figure(figsize=(4, 2.6))
    ax = fig.add_subplot()
    if dists:
        key, probs = next(iter(dists.items()))
        ax.bar(list(probs), [float(p) for p in probs.values()], color="#3b6fb6")
        ax.set_xlabel(key)
    else:
        scalars = {k: float(f) for k, v in answer.items() if (f := _probability(v)) is not None}
        ax.bar(list(scalars), list(scalars.values()), color="#3b6fb6")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    return buf.getvalue()
