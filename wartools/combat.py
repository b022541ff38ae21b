"""``odds``: one entry point over every game's combat procedures.

``odds(game, **inputs)`` checks the inputs against the game's
:class:`~wartools.rules.odds.OddsProcedure` (the same typed parameters the
command line and the odds widget are generated from) and returns an
:class:`OddsResult` with the exact answer, its text, its charts and the assumed
readings it rests on.

Examples
--------
>>> r = odds("conflict-of-heroes", firepower=4, defense=12, terrain=2)
>>> r.answer["hit"], r.to_json()["hit"], r.to_json()["assumptions"]
(Fraction(1, 6), '1/6', [])
>>> odds("heroes-of-normandie", attack=3, defense=5, long_range=True).answer["hit"]
Fraction(1, 2)
>>> odds("heroes-of-normandie", attack=3, defense=5, long_range=True,
...      options={"long-range-penalty": 1}).answer["hit"]
Fraction(2, 3)
>>> odds("combat-infantry", dice=4, firepowr=2)
Traceback (most recent call last):
...
wartools.errors.WartoolsError: unknown odds input(s) firepowr for combat-infantry; valid: dice, firepower, ...
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartools.answers import Answer
from wartools.rules import find_game
from wartools.rules.options import Assumption
from wartools.rules.odds import OddsAnswer

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules import Game


@dataclass(frozen=True)
class OddsResult(Answer):
    """The exact odds of one combat question.

    Attributes
    ----------
    game
        The (configured) game.
    inputs
        The checked inputs, every parameter of the procedure included.
    result
        The procedure's :class:`~wartools.rules.odds.OddsAnswer`.
    """

    game: Game
    inputs: Mapping[str, Any] = field(repr=False)
    result: OddsAnswer = field(repr=False)

    @property
    def answer(self) -> Mapping[str, Any]:
        """The exact answer (probabilities as ``Fraction``\\ s, distributions as
        :class:`~wartools.dice.Dist`\\ s), without assumptions; :meth:`to_json` writes it."""
        return self.result.answer

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumed readings the answer rests on."""
        return self.result.assumptions

    @property
    def charts(self) -> Mapping[str, Any]:
        """Exact distributions worth a chart (title -> :class:`~wartools.dice.Dist`)."""
        return self.result.charts

    def to_json(self) -> dict[str, Any]:
        """The ``wartools odds`` JSON answer (with ``assumptions``)."""
        return self.result.to_json()

    def text(self) -> str:
        """The human-readable answer, assumed readings last."""
        return "\n".join([self.result.text, *(a.text() for a in self.assumptions)])

    def draw(self, ax: Any = None) -> Any:
        """A bar chart of the first exact distribution (see :func:`wartools.render.draw_odds`)."""
        from wartools.render.odds import draw_odds

        return draw_odds(self, ax)



def odds(game: str | Game, options: Mapping[str, Any] | None = None, **inputs: Any) -> OddsResult:
    """Exact odds of a combat question in ``game``.

    Parameters
    ----------
    game
        A game id, alias or (configured) game object.
    options
        Game options to change for this question (``{"long-range-penalty": 1}``).
    **inputs
        The procedure's parameters by name (``wartools games GAME`` or
        ``game.odds_procedure().params`` list them); missing ones take their default.
    """
    g = find_game(game).with_options(**(options or {}))
    proc = g.odds_procedure()
    answer = proc.run(g, inputs)
    checked = {p.name: inputs.get(p.name, p.default) for p in proc.params}
    return OddsResult(g, checked, answer)
