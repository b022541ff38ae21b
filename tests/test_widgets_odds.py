"""OddsCalculator: controls drive the same computation as the library and the CLI."""
from __future__ import annotations

from fractions import Fraction

from wartools.dice import fraction_str
from wartools.games.combat_infantry import combat as ci
from wartools.games.company_of_heroes import combat as coh
from wartools.widgets import OddsCalculator, compute_odds, odds_fields
from wartools.widgets.odds import distributions


def test_every_game_has_a_form_generated_from_its_cli_options():
    for game in ("company-of-heroes", "combat-infantry", "conflict-of-heroes", "heroes-of-normandie"):
        names = [f.name for f in odds_fields(game)]
        assert names and "json" not in names


def test_company_of_heroes_building_checkbox_changes_the_odds():
    calc = OddsCalculator("company-of-heroes", target="infantry", health=4, damage="AI=3;AP=1")
    open_ground = calc.answer
    assert open_ground["destroyed"] == coh.resolve_damage("infantry", {"AI": 3, "AP": 1}, health=4).destroyed
    calc.controls["building"].value = True
    in_building = calc.answer
    assert in_building is not open_ground and len(calc.history) == 2
    assert in_building["destroyed"] == coh.resolve_damage("infantry", {"AI": 3, "AP": 1}, health=4,
                                                          building=True).destroyed
    assert in_building["destroyed"] < open_ground["destroyed"]
    assert calc.history[-1]["destroyed"] == fraction_str(in_building["destroyed"])   # JSON at the edge
    assert "damage" in distributions(in_building)
    assert calc.chart.value[:4] == b"\x89PNG" and "<table>" in calc.table.value


def test_combat_infantry_dice_control_matches_the_fire_function():
    calc = OddsCalculator("combat-infantry", dice=3, firepower=2)
    calc.controls["dice"].value = 5
    expected = ci.fire(5, 2)
    hits = distributions(calc.answer)["hits"]
    assert hits == expected.pmf() and calc.answer["hits"] == expected


def test_bad_input_shows_an_error_instead_of_raising():
    calc = OddsCalculator("company-of-heroes", target="infantry", health=4)
    assert calc.answer is None and "damage" in calc.history[-1]["error"]
    assert "color:#b00" in calc.status.value
    calc.controls["damage"].value = "AP=2"
    assert calc.answer is not None and calc.answer["defense_dice"] == 2


def test_compute_odds_equals_the_command_line():
    answer, _ = compute_odds("conflict-of-heroes", {"firepower": 4, "defense": 12, "terrain": 2})
    from wartools.cli import build_parser
    args = build_parser().parse_args(["odds", "conflict-of-heroes", "--firepower", "4", "--defense", "12",
                                      "--terrain", "2"])
    assert args.handler(args)[0] == answer
