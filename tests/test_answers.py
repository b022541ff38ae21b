"""The answer protocol (wartools.answers) on a real answer of every public answer type: JSON that
json.dumps writes, a text, a picture with a key, notebook display and a tuple of Assumption.

Every query function of the facade must be listed here (or named as not answering with an answer
type), so a new query cannot skip the protocol."""
from __future__ import annotations

import dataclasses
import inspect
import json

import pytest

import wartools as wt
from wartools import analysis
from wartools.answers import Answer
from wartools.rules.options import Assumption
from wartools.los import coverage
from wartools.scenario import evaluate, loads_scenario
from wartools.scenario.model import EXAMPLE
from wartools.testing import tiny_map


@pytest.fixture(scope="module")
def m():
    return tiny_map("combat-infantry", 5, 4, terrain={"C2": "woods"}, edges={("B3", "C3"): "hedge"},
                    units=[("us-1", "US", "rifle", "A1"), ("ge-1", "German", "rifle", "E4")])


@pytest.fixture(scope="module")
def scenario():
    return loads_scenario(EXAMPLE)


#: query -> its arguments after the map (or the scenario, for the analyses)
MAP_QUERIES = {
    "line_of_sight": ("A1", "E4"), "viewshed": ("A1",), "dead_ground": ("A1",), "coverage": (),
    "visibility_matrix": (), "reach": ("A1",), "path": ("A1", "E3"),
    "alternatives": ("A1", "E3"), "reach_in_turns": ("A1",), "route_in_turns": ("A1", "E3"),
}
SCENARIO_QUERIES = {
    analysis.threat_map: ("US",), analysis.race: (), analysis.fire_plan: ("US",),
    analysis.setup_advice: ("US",), evaluate: (),
}
#: facade functions that take a map but do not answer a question about it
NOT_QUERIES = {"save_map", "dumps_map", "draw_map", "why_unreachable"}


def _answers(m, scenario):
    out = {name: getattr(wt, name)(m, *args) for name, args in MAP_QUERIES.items()}
    out["coverage-matrix"] = wt.visibility_matrix(m, progress=False)
    out["plan_turns"] = wt.plan_turns(wt.path(m, "A1", "E4"), 2)
    out["odds"] = wt.odds("combat-infantry", dice=3, firepower=2)
    for query, args in SCENARIO_QUERIES.items():
        out[query.__name__] = query(scenario, *args)
    b = analysis.Board.of(scenario)
    us = next(u for u in b.map.units if u.side == "US")
    out["least_exposed_route"] = analysis.least_exposed_route(scenario, us.id, b.map.grid.label(us.cell))
    return out


def test_every_facade_query_is_checked():
    """Every engine query of the facade (a function taking the map first) is checked below."""
    queries = {n for n in wt.__all__ if inspect.isfunction(getattr(wt, n))
               and next(iter(inspect.signature(getattr(wt, n)).parameters), None) == "m"}
    assert queries - NOT_QUERIES == set(MAP_QUERIES), "add the new query to MAP_QUERIES"


def _has_key(ax) -> bool:
    legends = [ax.get_legend(), *(a for a in ax.artists if a.get_gid() == "overlay-legend")]
    return any(leg is not None and leg.get_texts() for leg in legends)


def test_every_answer_keeps_the_protocol(m, scenario):
    import matplotlib.pyplot as plt

    answers = _answers(m, scenario)
    facade_types = {getattr(wt, n) for n in wt.__all__ if inspect.isclass(getattr(wt, n))}
    assert {wt.LOSResult, wt.PathResult, wt.Reach, wt.OddsResult} <= {type(a) for a in answers.values()}
    assert {t for t in facade_types if issubclass(t, Answer)} <= {type(a) for a in answers.values()}
    for name, a in answers.items():
        assert isinstance(a, Answer), name
        assert dataclasses.is_dataclass(a) and type(a).__dataclass_params__.frozen, name
        json.dumps(a.to_json())
        assert isinstance(a.text(), str) and a.text().strip() and str(a) == a.text(), name
        assert isinstance(a.assumptions, tuple) and all(isinstance(x, Assumption) for x in a.assumptions), name
        ax = a.draw()
        assert _has_key(ax), f"{name}: the picture has no key"
        plt.close(ax.figure)
    png = answers["viewshed"]._repr_png_()
    assert png[:4] == b"\x89PNG"


def _game_answers():
    """The games' own answers that a notebook shows: an assault (Combat Infantry 9), a regroup (9.5), a
    special action (7.0), an air strike (2.7: a squad next to its target, so it rests on who takes a friendly
    hit), fire at a hex (6.3: a hidden squad and a face-up tank, so it rests on the owner's
    choice among equals), a pin (Company of Heroes 7), a reinforcement (Company of Heroes 8.2; a jeep in a building, so it
    rests on the building reading) and a repair (8.2; a British sapper next to US vehicles, so it
    rests on the reading that a team's nations repair each other's)."""
    from wartools.games.combat_infantry.hexassault import hex_assault
    from wartools.games.combat_infantry.hexfire import hex_fire
    from wartools.games.combat_infantry.regroup import regroup
    from wartools.games.combat_infantry.special import special_action
    from wartools.games.combat_infantry.strike import strike
    from wartools.games.company_of_heroes.pinning import pin
    from wartools.games.company_of_heroes.repair import repair
    from wartools.games.company_of_heroes.supply import BUILDING_READING, reinforcement

    ci = tiny_map("combat-infantry", 3, 1, units=[("us-1", "US", "rifle", "B1", ["assaulting=A1"]),
                                                  ("ge-1", "German", "rifle", "B1")])
    coh = tiny_map("coh", 5, 1, terrain={"E1": "building"},
                   units=[("mg", "US", "mg-team", "A1", {"tags": ["deployed"]}), ("de", "Wehrmacht", "infantry", "C1"),
                          ("jeep", "Wehrmacht", "light-vehicle", "E1", ["reinforce"]),
                          ("de-2", "Wehrmacht", "infantry", "D1", {"strength": 2})])
    teams = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}
    fix = tiny_map("coh", 4, 1, teams=teams, units=[
        ("tank", "US", "heavy-vehicle", "A1", {"strength": 5}), ("sapper", "British", "infantry", "B1", ["repair"]),
        ("jeep", "US", "light-vehicle", "C1"), ("de", "Wehrmacht", "infantry", "D1")])
    won = tiny_map("combat-infantry", 3, 1, units=[("us-1", "US", "rifle", "B1")], edges={("A1", "B1"): "cliff"})
    fog = tiny_map("combat-infantry", 3, 1, units=[("us-1", "US", "rifle", "A1"), ("ge-1", "German", "rifle", "B1", ["hidden"]),
                                                   ("ge-t", "German", "tank", "B1")])
    shot = fog.game.fire_rules().attack(fog, fog.unit("us-1"), fog.unit("ge-1"))
    air = tiny_map("combat-infantry", 4, 1, units=[("chq", "US", "hq", "A1"), ("us-1", "US", "rifle", "B1"),
                                                   ("ge-1", "German", "rifle", "C1")])
    got = {"hex_assault": hex_assault(ci, "B1"), "pin": pin(coh, coh.unit("mg"), coh.unit("de")),
           "regroup": regroup(won, "B1"), "special_action": special_action(ci, "us-1", "dig"),
           "hex_fire": hex_fire(fog, fog.unit("us-1"), fog.unit("ge-1"), shot),
           "strike": strike(air, "air", "C1", "chq"),
           "reinforcement": reinforcement(coh, coh.unit("de-2"), full=4, spawn=frozenset()),
           "repair": repair(fix, fix.unit("sapper"), {"tank": 8, "sapper": 4, "jeep": 4, "de": 4})}
    assert got["reinforcement"].assumptions == (BUILDING_READING,)
    assert got["repair"].targets == ("tank",)
    assert got["hex_fire"].excluded == ("ge-t",) and "hex-fire-ties" in {a.option for a in got["hex_fire"].assumptions}
    assert [a.option for a in got["repair"].assumptions] == ["repair-own-nation"]
    return got


def test_the_games_own_answers_keep_the_protocol():
    import matplotlib.pyplot as plt

    for name, a in _game_answers().items():
        assert isinstance(a, Answer) and a, name
        assert dataclasses.is_dataclass(a) and type(a).__dataclass_params__.frozen, name
        json.dumps(a.to_json())
        assert isinstance(a.text(), str) and a.text().strip() and str(a) == a.text(), name
        assert isinstance(a.assumptions, tuple) and all(isinstance(x, Assumption) for x in a.assumptions), name
        assert all(x.text() in a.text() for x in a.assumptions), name
        ax = a.draw()
        assert _has_key(ax), f"{name}: the picture has no key"
        plt.close(ax.figure)


def test_answers_that_are_collections_still_iterate_count_and_test(m):
    v = wt.viewshed(m, "A1")
    assert len(v) == len(v.cells) and list(v) == list(v.cells) and m.cell("A1") in v
    d = wt.dead_ground(m, ["A1", "E4"])
    assert set(d) == set(d.cells) and d.observers == (m.cell("A1"), m.cell("E4"))
    alts = wt.alternatives(m, "A1", "E3", k=2)
    assert len(alts) == 2 and alts[0].cost <= alts[1].cost and [p for p in alts] == list(alts.paths)
    route = wt.route_in_turns(m, "A1", "E3")
    assert route and len(route) == len(route.legs) and route[0].cells[0] == m.cell("A1")
    assert not wt.route_in_turns(m, "A1", "E3", max_turns=0)


def test_a_map_picture_carries_its_key_unless_turned_off(m, tmp_path):
    """draw_map (and so Map._repr_png_, and every answer drawn on a new picture) and
    ``wartools render`` key the terrain, edge features and sides by default."""
    from wartools.cli import main
    from wartools.render import draw_map

    texts = {t.get_text() for t in draw_map(m).get_legend().get_texts()}
    assert {"US unit", "German unit", "clear", "woods", "hedge"} <= texts
    assert draw_map(m, legend=False).get_legend() is None
    assert wt.line_of_sight(m, "A1", "E4").draw().get_legend() is not None
    path = tmp_path / "map.yaml"
    wt.save_map(m, path)
    widths = {}
    for flags, keyed in (([], True), (["--no-legend"], False)):
        out = tmp_path / f"map{len(flags)}.svg"
        assert main(["render", str(path), "-o", str(out), "--reach", "A1", *flags]) == 0
        assert ('id="legend"' in out.read_text()) is keyed
        png = tmp_path / f"map{len(flags)}.png"
        assert main(["render", str(path), "-o", str(png), *flags]) == 0
        widths[keyed] = int.from_bytes(png.read_bytes()[16:20], "big")
    assert widths[True] > widths[False] * 1.15     # the key beside the map is in the picture, not cropped


def test_terrain_stays_readable_under_viewshed_and_reach_shading(m):
    from wartools.render.style import MEANINGS

    ax = wt.reach(m, "A1").draw()
    [heat] = [c for c in ax.collections if c.get_gid() == "reach"]
    assert heat.get_alpha() <= 0.5 and MEANINGS["viewshed"].alpha <= 0.5
    ax = wt.viewshed(m, "A1").draw()
    [seen] = [c for c in ax.collections if c.get_gid() == "viewshed"]
    assert seen.get_alpha() is None or seen.get_alpha() <= 0.5
