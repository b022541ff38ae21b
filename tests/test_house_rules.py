"""A house rule is a game of its own: a subclass registered under a new id (or options
flipped for one answer) changes LOS, movement and odds answers everywhere — the Python
API, the command line (found through the ``wartools.games`` entry-point group) and the
widgets — without editing the library.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from wartools.games import find_game, register, unregister
from wartools.testing import tiny_map

ROOT = Path(__file__).resolve().parents[1]

HOUSE_RULES = textwrap.dedent('''
    """Veterans: a house rule for Combat Infantry (a test fixture)."""
    import dataclasses

    from wartools.games.combat_infantry import CombatInfantry
    from wartools.games.combat_infantry import odds as ci_odds
    from wartools.games.combat_infantry.los import CombatInfantryLOS
    from wartools.games.combat_infantry.movement import Rules
    from wartools.rules import per_game


    class ReedLOS(CombatInfantryLOS):
        """Tall reeds: marsh blocks LOS like woods."""
        blocking_terrain = (*CombatInfantryLOS.blocking_terrain, "marsh")


    class ForcedMarch(Rules):
        """Every unit has two MP more."""
        def allowance(self):
            return super().allowance() + 2


    def _veteran_fire(game, values):
        return ci_odds.PROCEDURE.runner(game, {**values, "modifier": values["modifier"] + 1})


    PROCEDURE = dataclasses.replace(ci_odds.PROCEDURE, runner=_veteran_fire,
                                    summary="veterans fire at +1 F")


    class Veterans(CombatInfantry):
        id = "ci-veterans"
        name = "Combat Infantry with veterans (house rule)"
        aliases = ()

        @per_game
        def los_policy(self):
            return ReedLOS(self)

        def movement_rules(self):
            return ForcedMarch

        def odds_procedure(self):
            return PROCEDURE
''')

MAP = textwrap.dedent('''
    format: wartools-map/1
    name: reeds
    game: {game}
    grid: {{type: hex, columns: 12, rows: 3}}
    terrain: {{default: clear, cells: {{C2: marsh}}}}
    units: [{{id: r, side: US, type: tank, cell: A2}}]   # a tank sees 7 hexes (2.13, 6.4): the line is a terrain question
''')


@pytest.fixture()
def plugin(tmp_path, monkeypatch):
    """The house rules as an installed package: a module plus a dist-info whose entry point
    names the game class."""
    (tmp_path / "house_rules.py").write_text(HOUSE_RULES)
    info = tmp_path / "house_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: house-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[wartools.games]\nveterans = house_rules:Veterans\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for game in ("combat-infantry", "ci-veterans"):
        (tmp_path / f"{game}.yaml").write_text(MAP.format(game=game))
    yield tmp_path
    unregister("ci-veterans")
    sys.modules.pop("house_rules", None)


def _cli(plugin: Path, *argv: str) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugin), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "wartools.cli", *argv, "--json"], capture_output=True,
                          text=True, env=env, cwd=plugin, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_registered_house_rule_changes_los_movement_and_odds_on_the_command_line(plugin):
    book, house = plugin / "combat-infantry.yaml", plugin / "ci-veterans.yaml"
    # LOS across the marsh: clear under the shipped rules (marsh is not a blocking terrain), blocked with reeds
    assert _cli(plugin, "los", str(book), "A2", "E2")["status"] == "clear"
    reeds = _cli(plugin, "los", str(house), "A2", "E2")
    assert reeds["status"] == "blocked" and any(r["where"] == "C2" for r in reeds["reasons"])
    # movement: two more MP reach one hex further along the clear row (a Clear hexside costs 2 MP, 8.1)
    base = _cli(plugin, "reach", str(book), "A2")["reachable"]
    more = _cli(plugin, "reach", str(house), "A2")["reachable"]
    assert set(base) < set(more)
    # odds: veterans fire at +1 F
    assert _cli(plugin, "odds", "combat-infantry", "--dice", "4", "--firepower", "2")["net_firepower"] == 2
    assert _cli(plugin, "odds", "ci-veterans", "--dice", "4", "--firepower", "2")["net_firepower"] == 3


def test_a_house_rule_changes_the_answers_of_the_widgets(plugin):
    from wartools.games import load_plugins
    from wartools.mapmodel import load_map
    from wartools.widgets import LOSExplorer, MovePlanner, OddsCalculator

    load_plugins()
    book, house = load_map(plugin / "combat-infantry.yaml"), load_map(plugin / "ci-veterans.yaml")
    assert LOSExplorer(book, "A2", "E2").result.status == "clear"
    assert LOSExplorer(house, "A2", "E2").result.status == "blocked"
    assert len(MovePlanner(house, "A2").reach.costs) > len(MovePlanner(book, "A2").reach.costs)
    assert OddsCalculator("ci-veterans", dice=4, firepower=2).answer["net_firepower"] == 3
    assert OddsCalculator("combat-infantry", dice=4, firepower=2).answer["net_firepower"] == 2


def test_an_option_flips_an_assumed_reading_for_one_answer_and_the_answer_says_so():
    from wartools.combat import odds

    book = odds("heroes-of-normandie", attack=4, defense=5)
    house = odds("heroes-of-normandie", attack=4, defense=5, options={"one-always-misses": False})
    assert (book.answer["hit"], house.answer["hit"]) == (Fraction(5, 6), 1)
    [said] = [a for a in house.assumptions if a.option == "one-always-misses"]
    assert said.reading.startswith("house rule: one-always-misses = false")
    [said] = [a for a in book.assumptions if a.option == "one-always-misses"]
    assert "house rule" not in said.reading


def test_a_subclass_with_new_defaults_is_found_by_id_and_reports_its_house_rule():
    from wartools.games.combat_infantry import CombatInfantry

    @register
    class AlwaysNight(CombatInfantry):
        id = "ci-always-night"
        aliases = ()
        defaults = {"night": True}

    try:
        m = tiny_map("ci-always-night", 6, 3)
        assert m.game is find_game("ci-always-night") and m.game.option("night")
        from wartools.los import line_of_sight

        far = line_of_sight(m, "A2", "E2")        # 10.3: at night every range is at most 2
        assert far.status == "blocked" and "night" in [r.rule_id for r in far.reasons]
        assert line_of_sight(m.with_game("combat-infantry"), "A2", "E2").status == "clear"
    finally:
        unregister("ci-always-night")


def test_registering_a_taken_id_or_alias_is_refused():
    from wartools.games.combat_infantry import CombatInfantry

    class Clash(CombatInfantry):
        id = "ci-clash"
        aliases = ("ci",)

    with pytest.raises(ValueError, match="already taken"):
        register(Clash)
    with pytest.raises(Exception, match="unknown game"):
        find_game("ci-clash")
