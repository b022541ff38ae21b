"""The one :class:`~wartools.situation.Situation` both engines take, and its two widenings.

Rule tests cite Combat Infantry 10.3 (a night scenario: half movement rounded up, every range
at most two hexes) and 10.2 / 8.4 (a scenario's bad weather spoils unpaved roads).
"""
from __future__ import annotations

import dataclasses

import pytest

from wartools.errors import WartoolsError
from wartools.los import LOSSituation, line_of_sight, make_situation, viewshed
from wartools.movement import MoveSituation, Situation, movement_graph, path, reachable, resolve
from wartools.situation import SituationError
from wartools.testing import tiny_map


def ci(cols: int, rows: int, **kw):
    return tiny_map("combat-infantry", cols, rows, **kw)


def test_one_type_each_field_declared_once():
    """The engines' situations are Situations; no field is declared in two classes."""
    base = {f.name for f in dataclasses.fields(Situation)}
    assert base == {"side", "unit", "night", "weather"}
    for cls in (LOSSituation, MoveSituation):
        assert issubclass(cls, Situation)
        own = set(cls.__dataclass_fields__) - base
        assert own and not own & base
        assert set(cls.__annotations__) == own          # only its own fields are declared there
    assert not (set(LOSSituation.__dataclass_fields__) - base) & (set(MoveSituation.__dataclass_fields__) - base)
    assert LOSSituation.__dataclass_params__.frozen and MoveSituation.__dataclass_params__.frozen


def test_widening_keeps_the_common_fields_only():
    move = MoveSituation(side="US", unit="rifle", night=True, weather="mud", extra_points=2)
    sight = LOSSituation.of(move, mode="fire")
    assert (sight.side, sight.unit, sight.night, sight.weather, sight.mode) == ("US", "rifle", True, "mud", "fire")
    back = MoveSituation.of(sight)
    assert back == MoveSituation(side="US", unit="rifle", night=True, weather="mud")   # extra_points not kept
    assert MoveSituation.of(move) is move


def test_a_keyword_for_the_other_engine_is_refused_with_the_valid_names():
    m = ci(3, 3)
    with pytest.raises(WartoolsError, match="line_of_sight: unknown keyword extra_points; valid: side, unit"):
        line_of_sight(m, "A1", "C3", extra_points=2)
    with pytest.raises(SituationError, match="range"):
        MoveSituation.of(None, range=3)
    with pytest.raises(SituationError, match="reachable: unknown keyword range; valid: side, unit"):
        reachable(m, "A1", "rifle", range=3)


#: every engine query of the facade and the LOS analyses, with arguments that answer
QUERIES = {
    "line_of_sight": ("A1", "C3"), "viewshed": ("A1",), "visibility_matrix": (), "dead_ground": ("A1",),
    "coverage": (), "reach": ("A1", "rifle"), "path": ("A1", "C3", "rifle"),
    "alternatives": ("A1", "C3", "rifle"), "reach_in_turns": ("A1", "rifle"),
    "route_in_turns": ("A1", "C3", "rifle"),
}


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_a_misspelt_keyword_on_any_engine_query_is_one_clear_error_listing_the_valid_ones(name):
    """One check (wartools.situation.check_keywords) for both engines: the error names the
    query, the misspelt keyword and every valid keyword, situation fields and the query's own."""
    import inspect

    import wartools as wt
    from wartools.los import coverage

    query = coverage if name == "coverage" else getattr(wt, name)
    m = ci(3, 3)
    assert query(m, *QUERIES[name], night=True) is not None        # a right keyword answers
    with pytest.raises(SituationError) as err:
        query(m, *QUERIES[name], nite=True)
    message = str(err.value)
    assert message.startswith(f"{query.__name__}: unknown keyword nite; valid: side, unit, night, weather")
    own = [p.name for p in inspect.signature(query).parameters.values() if p.kind is p.KEYWORD_ONLY]
    assert all(k in message.split("valid: ")[1].split(", ") for k in [*own, "situation"])


def test_one_situation_asks_both_engines_at_night():
    """Combat Infantry 10.3: at night, half movement (round up) and ranges of at most two hexes."""
    m = ci(8, 1, units=[("g", "German", "rifle", "H1")])
    sit = Situation(side="us", unit="Rifle", night=True)
    assert line_of_sight(m, "A1", "C1", sit).status == "clear"
    assert line_of_sight(m, "A1", "D1", sit).status == "blocked"
    assert line_of_sight(m, "A1", "D1", sit).situation == make_situation(m, side="US", unit="rifle", night=True)
    assert reachable(m, "A1", situation=sit).budget == reachable(m, "A1", "rifle", side="US", night=True).budget
    assert reachable(m, "A1", situation=sit).budget < reachable(m, "A1", "rifle", side="US").budget
    assert viewshed(m, "A1", sit) == viewshed(m, "A1", side="US", unit="rifle", night=True)


def test_keywords_override_the_situation():
    m = ci(8, 1)
    _, utype, sit = resolve(m, "A1", "tank", situation=Situation(side="US", unit="rifle", night=True),
                            night=False, weather="Snow")
    assert (utype, sit.unit, sit.side, sit.night, sit.weather) == ("tank", "tank", "US", False, "snow")


def test_the_movement_graph_is_shared_whatever_situation_class_asks():
    m = ci(3, 3)
    assert movement_graph(m, "rifle", Situation()) is movement_graph(m, "rifle", MoveSituation())


def test_scenario_weather_option_spoils_unpaved_roads():
    """Combat Infantry 10.2 / 8.4: the scenario's bad weather (the game option ``weather``) takes
    the road bonus from unpaved roads, as the same weather given to one query does."""
    m = ci(3, 1, roads=[{"kind": "unpaved", "cells": ["A1", "B1", "C1"]}])
    bad = m.with_options(weather="bad")
    assert path(m, "A1", "C1", "rifle").cost == 2
    assert path(bad, "A1", "C1", "rifle").cost == path(m, "A1", "C1", "rifle", weather="bad").cost == 4
    assert "unpaved road in bad weather" in path(bad, "A1", "C1", "rifle").steps[0].why


def test_rules_built_directly_see_the_night_scenario():
    """Combat Infantry 10.3: a night scenario halves movement (rounded up), also for movement
    rules a caller builds itself (the scenario layer does), not only through the queries."""
    m = ci(3, 1)
    rules = m.game.movement_rules()
    day = rules(m, "rifle", Situation()).allowance()
    night = rules(m.with_options(night=True), "rifle", Situation())
    assert night.situation.night and night.allowance() == -(-day // 2)
    assert night.allowance() == reachable(m, "A1", "rifle", night=True).budget


def test_per_question_switches_are_game_options_declared_once():
    """A switch one movement question may turn on (``switches=``) is a true/false game option,
    documented and listed once with the game's options; both ways of turning it on agree
    (Company of Heroes 4: weapon teams pay 1 cp to deploy at the end of the move)."""
    from wartools.games import find_game, game_ids

    for gid in game_ids():
        game = find_game(gid)
        declared = {o.name: o for o in game.options}
        for name in game.movement_rules().switches:
            assert name in declared and declared[name].default is False, (gid, name)
    m = tiny_map("company-of-heroes", 3, 1, units=[("mg", "US", "mg-team", "A1")])
    asked = path(m, "A1", "C1", switches=("deploy",))
    assert asked.cost == path(m.with_options(deploy=True), "A1", "C1").cost == path(m, "A1", "C1").cost + 1
    with pytest.raises(WartoolsError, match="unknown switch 'fuel' for company-of-heroes; valid: commander-4cp"):
        reachable(m, "A1", switches=("fuel",))
