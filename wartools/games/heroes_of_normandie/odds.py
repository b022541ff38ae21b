"""Heroes of Normandie odds for ``wartools odds heroes-of-normandie``: one shot (a d6 plus the
attack value against the defense value and its bonuses, 1.1) or a mine attack (4.2).

The long-range penalty and the natural-1 miss are assumed readings (the excerpt refers to the
core rules without printing them): game options ``long-range-penalty`` and ``one-always-misses``.

Examples
--------
>>> from wartools.games import find_game
>>> g = find_game("heroes-of-normandie")
>>> r = g.odds_procedure().run(g, {"attack": 4, "defense": 5})
>>> r.answer["hit"], [a.option for a in r.assumptions]
(Fraction(5, 6), ['one-always-misses'])
>>> g2 = g.with_options(**{"one-always-misses": False})
>>> g2.odds_procedure().run(g2, {"attack": 4, "defense": 5}).answer["hit"]
Fraction(1, 1)
>>> far = {"attack": 3, "defense": 5, "long_range": True}
>>> [g.odds_procedure().run(g, {**far, **more}).answer["hit"] for more in ({}, {"aircraft": True})]
[Fraction(1, 2), Fraction(5, 6)]
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wartools.dice import markdown_table
from wartools.errors import WartoolsError
from wartools.limits import IntLimit, LimitError, parse_int, shown
from wartools.rules import Game
from wartools.rules.odds import OddsAnswer, OddsProcedure, Param, expectation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.heroes_of_normandie.combat import ShotModifiers


#: a mine counter's combat value (Heroes of Normandie 4.2, Minefield)
MINE_VALUE = IntLimit(0, 20, "a mine counter's combat value", "the counters print small values; 20 bounds a typed number")


def _mines(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.heroes_of_normandie import combat

    if v["attack"] is not None:
        raise WartoolsError("give either --attack (a shot) or --mines (a mine attack), not both")
    try:   # whole numbers in ASCII digits, as every other number option (not '١' or '²')
        values = [parse_int("--mines", x, MINE_VALUE) for x in v["mines"].split(",") if x.strip()]
    except LimitError:
        raise WartoolsError(f"--mines must be comma-separated whole numbers 0..20, e.g. 1,1,1; "
                            f"got {shown(v['mines'])}") from None
    if not values:
        raise WartoolsError("--mines needs the combat value of at least one mine counter, e.g. 1,1,1")
    if len(values) > 20 or any(not 0 <= x <= 20 for x in values):
        raise WartoolsError("--mines: at most 20 mine counters, each with a combat value 0..20")
    result = combat.mine_attack(values, v["defense"])
    answer = {"game": game.id, "mode": "mines", "mines": values, "defense": v["defense"],
              "result": result, "hit": result["hit"]}
    return OddsAnswer(answer, markdown_table({"P": result}, outcome="result"), {"result": result}, ())


def shot_modifiers(game: Game, v: Mapping[str, Any]) -> ShotModifiers:
    """The modifiers of a shot given as the procedure's inputs (absent ones at their defaults), with
    the game's readings of the long-range penalty and the natural 1: what the odds procedure and a
    playout's shot both resolve (:meth:`~wartools.games.heroes_of_normandie.turn.Turns.resolve_fire`).

    Examples
    --------
    >>> from wartools.games import find_game
    >>> shot_modifiers(find_game("hon"), {"attack": 3, "defense": 4, "universal": 1}).defense_bonus()
    1
    """
    from wartools.games.heroes_of_normandie.combat import ShotModifiers

    return ShotModifiers(universal_bonus=int(v.get("universal", 0)), directional_bonus=int(v.get("directional", 0)),
                         crosses_protected_edge=bool(v.get("crosses_edge", False)),
                         long_range=bool(v.get("long_range", False)), hawkeyed=bool(v.get("hawkeyed", False)),
                         aircraft=bool(v.get("aircraft", False)), roll_bonus=int(v.get("bonus", 0)),
                         speed_penalty=int(v.get("speed_penalty", 0)),
                         long_range_penalty=game.option("long-range-penalty"),
                         one_always_misses=game.option("one-always-misses"))


def _run(game: Game, v: dict[str, Any]) -> OddsAnswer:
    from wartools.games.heroes_of_normandie import combat

    if v["mines"] is not None:
        return _mines(game, v)
    if v["attack"] is None:
        raise WartoolsError("a shot needs --attack (or use --mines)")
    m = shot_modifiers(game, v)
    answer: dict[str, Any] = {}
    if v["directional"] and not v["crosses_edge"]:
        answer["note"] = "directional bonus not applied: the shot does not cross the protected edge"
    hit = combat.shot_probability(v["attack"], v["defense"], m)
    answer = {"game": game.id, "mode": "shot", **expectation("hit", hit), "roll_modifier": m.roll_modifier(),
              "defense_value": v["defense"] + m.defense_bonus(), **answer}
    used = ["one-always-misses"]
    if v["long_range"] and not v["hawkeyed"] and not v["aircraft"]:
        used.append("long-range-penalty")
    mod = m.roll_modifier()
    sign = f" {'+' if mod > 0 else '-'} {abs(mod)}" if mod else ""
    text = f"d6 + {v['attack']}{sign} against {v['defense'] + m.defense_bonus()}: P(hit) = {hit}"
    return OddsAnswer(answer, text, {}, game.assumptions(used))


PROCEDURE = OddsProcedure(
    "one shot (d6 + attack) or a mine attack",
    (Param("attack", "int", None, "attack value of the shot", minimum=-20, maximum=20),
     Param("defense", "int", None, "target's defense value", required=True, minimum=-20, maximum=20),
     Param("universal", "int", 0, "universal defensive bonus", minimum=0, maximum=20),
     Param("directional", "int", 0, "directional defensive bonus", minimum=0, maximum=20),
     Param("crosses_edge", "bool", False, "shot crosses the protected edge"),
     Param("long_range", "bool", False, "a long-range shot"),
     Param("hawkeyed", "bool", False, "ignore the long range penalty"),
     Param("aircraft", "bool", False, "an aircraft fires or is the target (no long range penalty, 5)"),
     Param("speed_penalty", "int", 0, "aircraft speed penalty: the difference of the two order tokens (5)",
           minimum=0, maximum=10),
     Param("bonus", "int", 0, "roll bonuses (ammo belts, shells...)", minimum=-20, maximum=20),
     Param("mines", "text", None, "combat values of the triggered mine counters, e.g. 1,1,1")),
    _run)
