"""Small synthetic scenarios for the analysis tests (one line instead of pasted YAML)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wartools.games import find_game
from wartools.scenario import Scenario, scenario_to_dict
from wartools.scenario.files import loads_scenario
from wartools.testing import tiny_map_data


import yaml


def tiny_scenario(game: str, columns: int, rows: int, units: Iterable[tuple[Any, ...]], *,
                  terrain: Mapping[str, str] | None = None, objectives: Iterable[tuple[str, str]] = (),
                  turns: int = 4, elevation: Mapping[str, int] | None = None, **more: Any) -> Scenario:
    """A scenario on a ``columns`` x ``rows`` map of ``game``; ``units`` are ``(id, side, type,
    cell)`` or ``(id, side, type, cell, {extra keys})`` (sides: the game's first two)."""
    g = find_game(game)
    m = tiny_map_data(g.id, columns, rows, terrain=terrain, elevation=elevation, name="tiny")
    sides: dict[str, Any] = {}
    for u in units:
        entry = {"id": u[0], "type": u[2], "cell": u[3], **(u[4] if len(u) > 4 else {})}
        sides.setdefault(u[1], {"units": []})["units"].append(entry)
    for s in g.sides[:2]:
        sides.setdefault(s, {"units": []})
    data = {"format": "wartools-scenario/1", "name": "tiny", "game": g.id, "map": m, "turns": turns,
            "first": g.sides[0], "sides": sides,
            "objectives": [{"id": i, "cell": c, "value": 1} for i, c in objectives],
            "victory": {"levels": [{"result": "draw", "otherwise": True}]}, **more}
    return loads_scenario(yaml.safe_dump(data))


def woods_entry_scenario(utype: str, roads: Iterable[Mapping[str, Any]] = ()) -> Scenario:
    """Combat Infantry, 6 x 1: a US reinforcement of ``utype`` entering on turn 1 by zone A1-B1,
    A1 woods and an objective (chart note 1: guns, tanks and vehicles enter woods only by road)."""
    s = tiny_scenario("combat-infantry", 6, 1, [("us", "US", "rifle", "F1"), ("de", "German", "rifle", "E1")],
                      objectives=[("wood", "A1")], turns=2)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", 6, 1, terrain={"A1": "woods"}, name="tiny",
                                zones={"west": ["A1", "B1"]}, roads=list(roads))
    data["sides"]["US"]["units"].append({"id": "us-t", "type": utype, "enters": {"turn": 1, "zone": "west"}})
    return loads_scenario(yaml.safe_dump(data))
