"""Scenario and position files: strict loading (every refusal of issue 12), lossless atomic saving."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from wartools.mapmodel import MapError
from wartools.scenario import (Position, ScenarioError, check_position, dumps_position, dumps_scenario,
                               load_position, load_scenario, loads_position, loads_scenario, save_position,
                               save_scenario)

MAP = """\
format: wartools-map/1
name: Strip
game: combat-infantry
grid: {type: hex, columns: 8, rows: 4}
terrain: {cells: {D2: town, E3: woods}}
edges:
  - {cells: [A1, B1], feature: lake}
  - {cells: [A1, A2], feature: lake}
zones: {west: [A2, A3], east: [H2, H3]}
"""

SCEN = """\
format: wartools-scenario/1
name: Strip fight
game: combat-infantry
map: strip.yaml
turns: 5
first: US
options: {night: true}
sides:
  US:
    setup: [west]
    units:
      - {id: us-1, type: rifle, cell: A2, steps: 4}
      - {id: us-2, type: rifle, cell: B3}
      - {id: us-3, type: tank, enters: {turn: 3, edge: west}}
  German:
    setup: [east]
    units:
      - {id: de-1, type: rifle, cell: H2}
      - {id: de-2, type: mg, cell: H3}
      - {id: de-3, type: rifle, enters: {turn: 2, zone: east}}
objectives:
  - {id: town, cell: D2, value: 2}
events: {bridge-blown: the German engineers blew the bridge}
victory:
  vp: {per_elimination: 1}
  levels:
    - {result: US victory, if: {all: [{side: US, controls: [town]}, {side: US, vp_lead: 2}]}}
    - {result: German victory, otherwise: true}
"""

POS = """\
format: wartools-position/1
scenario: Strip fight
turn: 3
units:
  - {id: us-1, cell: C2, steps: 3}
  - {id: us-2, cell: D3}
  - {id: de-1, cell: E2}
  - {id: de-3, cell: G2}
eliminated: [de-2]
control: {town: US}
vp: {US: 0}
"""


@pytest.fixture()
def folder(tmp_path):
    (tmp_path / "strip.yaml").write_text(MAP)
    return tmp_path


def write(folder, text, name="s.yaml"):
    path = folder / name
    path.write_text(text)
    return path


def load(folder, text):
    return load_scenario(write(folder, text))


def refused(folder, text, *parts):
    with pytest.raises(ScenarioError) as info:
        load(folder, text)
    message = str(info.value)
    for part in parts:
        assert part in message, message
    assert "\n" not in message
    return message


def test_loads_and_describes(folder):
    s = load(folder, SCEN)
    assert s.turns == 5 and s.first == "US" and s.options == {"night": True}
    assert [u.id for u in s.sides["US"].reinforcements] == ["us-3"]
    assert s.unit("de-3").enters.zone == "east"
    assert [s.map.label(c) for c in s.entry_cells("us-3")] == ["A1", "A2", "A3", "A4"]
    assert s.objective("town").value == 2
    # Combat Infantry 10.1: set-up in the named hexes and those adjacent to them
    assert s.map.cell("B3") in s.setup_area("US")


def test_round_trip_is_lossless_and_atomic(folder):
    s = load(folder, SCEN)
    target = folder / "copy.yaml"
    save_scenario(s, target)
    assert load_scenario(target) == s
    assert loads_scenario(dumps_scenario(s), base_dir=folder) == s
    p = loads_position(POS, s)
    save_position(s, p, folder / "p.yaml")
    assert load_position(folder / "p.yaml", s) == p
    assert loads_position(dumps_position(s, p), s) == p
    assert [f for f in os.listdir(folder) if f.endswith(".tmp")] == []


def test_saving_an_illegal_position_leaves_the_old_file(folder):
    s = load(folder, SCEN)
    good = loads_position(POS, s)
    path = folder / "p.yaml"
    save_position(s, good, path)
    before = path.read_text()
    bad = good.replace(units={**good.units, "us-2": good.units["us-2"].replace(cell=s.map.cell("A1"))})
    with pytest.raises(ScenarioError, match="impassable"):
        save_position(s, bad, path)
    assert path.read_text() == before


# --- the refusals issue 12 lists -------------------------------------------------------------
def test_refuses_setup_zone_the_map_does_not_have(folder):
    msg = refused(folder, SCEN.replace("setup: [west]", "setup: [north-west]"),
                  "sides.US.setup.0", "unknown set-up zone 'north-west'", "valid: east, west")
    assert msg.startswith(str(folder / "s.yaml") + ":10: ")


def test_refuses_reinforcement_after_the_last_turn(folder):
    refused(folder, SCEN.replace("enters: {turn: 3, edge: west}", "enters: {turn: 6, edge: west}"),
            ":14: sides.US.units.2.enters.turn", "game turn 6, after the last game turn (5)", "valid: 1-5")


def test_refuses_objective_off_the_map(folder):
    refused(folder, SCEN.replace("cell: D2, value: 2", "cell: K9, value: 2"), ":22: objectives.0.cell", "K9")


def test_refuses_level_with_unknown_objective(folder):
    refused(folder, SCEN.replace("controls: [town]", "controls: [church]"),
            "victory.levels.0.if.all.0.controls.0", "unknown objective 'church'", "valid: town")


def test_refuses_level_with_unknown_side(folder):
    refused(folder, SCEN.replace("{side: US, vp_lead: 2}", "{side: British, vp_lead: 2}"),
            "victory.levels.0.if.all.1.side", "unknown side or team 'British'", "valid: US, German")


def test_refuses_unit_type_the_game_does_not_know(folder):
    refused(folder, SCEN.replace("{id: de-2, type: mg", "{id: de-2, type: panzerfaust"),
            ":19: sides.German.units.1.type", "unknown unit type 'panzerfaust' for combat-infantry", "valid: rifle")


def test_refuses_position_on_impassable_terrain(folder):
    s = load(folder, SCEN)
    # A1 is ringed by lake hexsides, impassable to all units (Combat Infantry 3.4)
    with pytest.raises(ScenarioError) as info:
        loads_position(POS.replace("{id: us-2, cell: D3}", "{id: us-2, cell: A1}"), s, "p.yaml")
    assert str(info.value).startswith("p.yaml:6: units.1.cell: A1 is impassable to rifle")
    # Combat Infantry 3.4: woods are closed to tanks except by road
    with pytest.raises(ScenarioError, match="E3 is impassable to tank"):
        loads_position(POS.replace("eliminated", "  - {id: us-3, cell: E3}\neliminated"), s, "p.yaml")


def test_refuses_position_over_the_stacking_limit(folder):
    s = load(folder, SCEN)
    # Combat Infantry 8.2 / 9.1: a town hex stacks two units
    text = POS.replace("{id: us-1, cell: C2, steps: 3}", "{id: us-1, cell: D2, steps: 3}").replace(
        "{id: us-2, cell: D3}", "{id: us-2, cell: D2}").replace("eliminated", "  - {id: us-3, cell: D2}\neliminated")
    with pytest.raises(ScenarioError) as info:
        loads_position(text, s, "p.yaml")
    assert "p.yaml:9: units.4.cell: D2 is over the stacking limit: stacking limit 2 in a town hex (8.2)" \
        in str(info.value)
    # two are fine
    loads_position(text.replace("  - {id: us-3, cell: D2}\n", ""), s)


def test_refuses_setup_over_the_stacking_limit(folder):
    text = SCEN.replace("setup: [west]", "setup: [west, town]").replace(
        "{id: us-1, type: rifle, cell: A2, steps: 4}", "{id: us-1, type: rifle, cell: D2, steps: 4}").replace(
        "{id: us-2, type: rifle, cell: B3}", "{id: us-2, type: rifle, cell: D2}\n      - {id: us-4, type: hq, cell: D2}")
    refused(folder, text.replace("zones: ", "zones: ").replace("first: US", "first: US\nzones: {town: [D2]}"),
            "sides.US.units.2.cell", "stacking limit 2 in a town hex")


def test_refuses_combat_infantry_setup_with_nobody_in_the_named_hexes(folder):
    # 10.1: at least one unit in the named hexes, the others adjacent; A2 is named, B3 adjacent
    text = SCEN.replace("{id: us-1, type: rifle, cell: A2, steps: 4}", "{id: us-1, type: rifle, cell: B2, steps: 4}")
    refused(folder, text, ":12: sides.US.units", "at least one unit must set up in the named set-up hexes",
            "(Combat Infantry 10.1)")


# --- more refusals ----------------------------------------------------------------------------
@pytest.mark.parametrize("change, parts", [
    (("turns: 5", "turns: 5\nweather: rain"), ("unknown key 'weather'", "valid: format, name")),
    (("format: wartools-scenario/1", "format: wartools-scenario/2"), ("unsupported format",)),
    (("{id: de-1, type: rifle, cell: H2}", "{id: us-1, type: rifle, cell: H2}"), ("duplicate unit id 'us-1'",)),
    (("{id: us-2, type: rifle, cell: B3}", "{id: us-2, type: rifle, cell: E2}"),
     ("E2 is outside US's set-up area (west; The named set-up hexes and the hexes adjacent to them",)),
    (("options: {night: true}", "options: {fog: true}"), ("options.fog: combat-infantry has no option 'fog'", "valid: night, weather")),
    (("options: {night: true}", "options: {weather: snow}"), ("options.weather: option weather: unknown value 'snow'; valid: clear, bad, poor",)),
    (("enters: {turn: 2, zone: east}", "enters: {turn: 2, zone: beach}"), ("unknown entry zone 'beach'",)),
    (("enters: {turn: 3, edge: west}", "enters: {turn: 3, edge: up}"), ("unknown map edge 'up'",)),
    (("{id: us-2, type: rifle, cell: B3}", "{id: us-2, type: rifle}"), ("exactly one of 'cell'",)),
    (("first: US", "first: Soviet"), ("unknown side 'Soviet'",)),
    (("game: combat-infantry", "game: company-of-heroes"), ("for company-of-heroes but its map is for combat-infantry",)),
    (("map: strip.yaml", "map: nowhere.yaml"), ("no such map file",)),
    # without an 'otherwise' level a position where no level holds has no result (issue 25.9)
    (("    - {result: German victory, otherwise: true}\n", ""),
     ("victory.levels.0: the last level must be the result when no other holds", "otherwise: true")),
    (("{side: US, vp_lead: 2}", "{event: rain}"), ("unknown event 'rain'", "valid: bridge-blown")),
    (("{side: US, vp_lead: 2}", "{unit: us-9, at: town}"), ("unknown unit 'us-9'",)),
    (("{side: US, vp_lead: 2}", "{unit: us-1, at: Z9}"), ("'Z9' is neither an objective nor a cell",)),
    (("{side: US, vp_lead: 2}", "{side: US, bribes: 2}"), ("a condition needs exactly one of",)),
    (("- {result: German victory, otherwise: true}", "- {result: US victory, otherwise: true}"),
     ("duplicate result 'US victory'",)),
    (("name: Strip fight", "name: !!python/object:os.system x"), ("unsupported YAML tag",)),
    (("turns: 5", "turns: [5"), ("malformed YAML",)),
])
def test_refuses_bad_scenarios(folder, change, parts):
    text = SCEN.replace(*change)
    assert text != SCEN
    if not parts:  # the change is legal
        load(folder, text)
        return
    with pytest.raises(MapError) as info:
        load(folder, text)
    for part in parts:
        assert part in str(info.value)


@pytest.mark.parametrize("change, parts", [
    (("scenario: Strip fight", "scenario: Other fight"), ("for scenario 'Other fight', not 'Strip fight'",)),
    (("turn: 3", "turn: 9"), ("turn: must be at most 5",)),
    (("  - {id: de-3, cell: G2}\n", ""), ()),  # a reinforcement may wait off the map
    (("  - {id: us-2, cell: D3}\n", ""), ("unit 'us-2' is missing",)),
    (("eliminated: [de-2]", "eliminated: [de-2, us-1]"), ("unit 'us-1' is listed twice",)),
    (("{id: us-1, cell: C2, steps: 3}", "{id: us-1, cell: C2, steps: 0}"), ("units.0.steps: 0 is outside the limit 1..100",)),
    (("{id: us-1, cell: C2, steps: 3}", "{id: us-1, cell: C2, health: 3}"), ("unknown key 'health'",)),
    (("{id: us-1, cell: C2, steps: 3}", "{id: us-9, cell: C2}"), ("unknown unit 'us-9'",)),
    (("control: {town: US}", "control: {church: US}"), ("unknown objective 'church'",)),
    (("control: {town: US}", "control: {town: Soviet}"), ("unknown side 'Soviet'",)),
    (("vp: {US: 0}", "events: [flood]"), ("unknown event 'flood'",)),
])
def test_refuses_bad_positions(folder, change, parts):
    s = load(folder, SCEN)
    text = POS.replace(*change)
    assert text != POS
    if not parts:
        loads_position(text, s)
        return
    with pytest.raises(ScenarioError) as info:
        loads_position(text, s, "p.yaml")
    for part in parts:
        assert part in str(info.value)


def test_reinforcement_cannot_stand_on_the_map_before_it_enters(folder):
    s = load(folder, SCEN)
    with pytest.raises(ScenarioError, match="us-3 enters on game turn 3; this position is game turn 2"):
        loads_position(POS.replace("turn: 3", "turn: 2").replace("eliminated", "  - {id: us-3, cell: B4}\neliminated"),
                       s, "p.yaml")


def test_check_position_validates_positions_built_in_code(folder):
    s = load(folder, SCEN)
    p = s.start()
    assert isinstance(check_position(s, p), Position)
    moved = p.replace(units={**p.units, "de-1": p.units["de-1"].replace(cell=s.map.cell("H3"))},
                      turn=2)
    check_position(s, moved)  # clear hex, two German units: stacking 3
    with pytest.raises(ScenarioError, match="enters on game turn 3"):
        check_position(s, p.replace(units={**p.units, "us-3": p.units["us-1"].replace(id="us-3")}))


def test_map_units_used_when_the_side_lists_none(folder):
    (folder / "m2.yaml").write_text(MAP + "units:\n  - {id: m-1, side: US, type: rifle, cell: A3}\n")
    text = SCEN.replace("map: strip.yaml", "map: m2.yaml").replace(
        """    units:
      - {id: us-1, type: rifle, cell: A2, steps: 4}
      - {id: us-2, type: rifle, cell: B3}
      - {id: us-3, type: tank, enters: {turn: 3, edge: west}}
""", "").replace("{unit: us-1", "{unit: m-1")
    s = load(folder, text)
    assert [u.id for u in s.sides["US"].units] == ["m-1"]


def test_inline_map_errors_name_the_scenario_file(folder):
    inline = "map:\n" + "".join("  " + line + "\n" for line in MAP.replace("columns: 8", "columns: 0").splitlines())
    with pytest.raises(MapError) as info:
        load(folder, SCEN.replace("map: strip.yaml\n", inline))
    assert str(info.value).startswith(str(folder / "s.yaml") + ":8: map.grid.columns: must be a positive integer")


def test_the_documented_complete_scenario_loads_and_plays():
    """docs/scenario-format.md's complete example is a file that loads (issue 25.9), and its
    required keys are the loader's."""
    import re as _re

    from wartools.scenario import evaluate, loads_scenario

    doc = (Path(__file__).resolve().parents[1] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    example = _re.search(r"## A complete scenario.*?```yaml\n(.*?)```", doc, _re.S).group(1)
    s = loads_scenario(example, "docs/scenario-format.md")
    assert s.name == "Crossroads at dawn (example)" and s.turns == 5
    assert evaluate(s).result == "German victory"              # the otherwise level
    assert [u.id for u in s.sides["German"].reinforcements] == ["de-2"]
    for key in ("format", "name", "map", "turns", "sides", "victory"):
        assert f"`{key}`" in doc.split("## Scenario keys")[1].split("|")[0]
