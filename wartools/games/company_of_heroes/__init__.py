"""Company of Heroes (board game), Basic Rules.

Vocabulary from the rulebook: hexes are clear, building (Company of Heroes 4,
"Obstacles to Movement": a hex ringed by green heavy-cover lines) or water;
hexsides may carry red impassable lines and green/yellow cover lines (ignored
in the Basic Rules except around buildings, Company of Heroes 6.1). Unit types
follow the health-symbol colours of Company of Heroes 4 "Unit Types".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from wartools.rules import Game, Vocabulary, per_game
from wartools.rules.options import Option
from wartools.rules.style import EdgeStyle, MapStyle

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.coverage import Entry
    from wartools.games.fire_rules import FireRules
    from wartools.rules.los import LOSPolicy
    from wartools.rules.movement import MovementRules
    from wartools.rules.odds import OddsProcedure
    from wartools.rules.scenario import ScenarioRules
    from wartools.rules.turn import TurnRules


class CompanyOfHeroes(Game):
    id = "company-of-heroes"
    options = (
        Option("commander-4cp", False, "Company of Heroes 10",
               "Ranger Endurance Training (commander card): Riflemen, the US regular infantry, "
               "may spend 4 cp a round instead of 3"),
        Option("deploy", False, "Company of Heroes 4",
               "weapon teams pay 1 cp to deploy at the end of their move"),
        Option("pin-needs-attack", True, "Company of Heroes 5, 7",
               "a machine-gun team pins only a unit its attack question allows (deployed, in range, the "
               "line not through a building)", assumed=True,
               reading="the unit a machine gun pins is the unit it will attack this round (5, 1. Pin), so "
                       "it pins only a unit it may attack; off: within its range and seen by it (7) is enough"),
        Option("reinforce-any-spawn", False, "Company of Heroes 8.2",
               "infantry on either team's spawn hexes reinforces there, not only on its own team's",
               assumed=True,
               reading="each hex of a team's spawn area is a reinforcement point of that team: infantry "
                       "reinforces on its own team's spawn hexes only"),
        Option("repair-self", False, "Company of Heroes 8.2",
               "a vehicle or emplacement with the repair ability may repair itself", assumed=True,
               reading="a unit repairs an adjacent vehicle or emplacement, never itself (8.2: adjacent; "
                       "self-repair is a commander card's ability, 10, Elite Vehicle Crews)"),
        Option("repair-own-nation", False, "Company of Heroes 8.2",
               "a unit repairs only the vehicles and emplacements of its own nation", assumed=True,
               reading="a unit repairs the vehicles and emplacements of every nation of its team (8.2 says "
                       "so of reinforcement and nothing of repair: read alike)"),
        # scenario layer (wartools.games.company_of_heroes.scenario)
        Option("contested-capture", "unchanged", "Company of Heroes 8",
               "what a control point with capturing units of both teams does in the supply phase",
               assumed=True, choices=("unchanged", "neutral"),
               reading="a control point with capturing units of both teams keeps its flag"),
        Option("building-corners", True, "Company of Heroes 7",
               "a ruler through a building's interior that enters or leaves at one of its corners "
               "(without fully crossing two of its green hexsides) is blocked", assumed=True,
               reading="a ruler that passes through a building hex's interior, entering or leaving at a "
                       "corner, goes through the building, which blocks (units see into buildings but "
                       "not past them); only rulers fully crossing two hexsides are printed as blocked"),
    )
    #: the table of contents' numbered chapters ("• 4. Maneuver Phase", "  • 3.1 Turn Order"; the
    #: text's own numbered lists would read as chapters) and the Defense Matrix rows
    section_pattern = (r"^\s*• (\d+\.\d+|\d+(?=\.))\.? [A-Z]"
                       r"|^(?P<chart>[A-Z][a-z]+(?: [A-Z][a-z]+)?) \([^)]*\)\t")
    name = "Company of Heroes"
    aliases = ("coh", "company-of-heroes-board-game")
    rulebook = "company-of-heroes.txt"
    grid_type = "hex"
    default_terrain = "clear"
    terrain = Vocabulary("terrain", ("clear", "building", "water"),
                         {"open": "clear", "house": "building", "river": "water"},
                         section="Company of Heroes 4 (Obstacles to Movement)")
    edge_features = Vocabulary("edge feature", ("impassable", "heavy-cover", "light-cover"),
                               {"red-line": "impassable", "green-line": "heavy-cover",
                                "yellow-line": "light-cover"},
                               section="Company of Heroes 4 (Obstacles to Movement), 6.1")
    cell_features = Vocabulary("cell feature", ())
    unit_types = Vocabulary(
        "unit type",
        ("infantry", "mg-team", "mortar-team", "at-team", "light-vehicle", "heavy-vehicle",
         "emplacement"),
        {"regular-infantry": "infantry", "mg": "mg-team", "machine-gun-team": "mg-team",
         "mortar": "mortar-team", "at-gun": "at-team", "jeep": "light-vehicle",
         "tank": "heavy-vehicle"},
        section="Company of Heroes 4 (Unit Types)")
    sides = ("US", "Wehrmacht", "British", "Soviet")
    # hexside lines in the board's own colours: red impassable, green heavy, yellow light cover
    map_style = MapStyle(
        terrain={"clear": "#eef0d8", "building": "#a6846a", "water": "#7fb2e5"},
        edges={"impassable": EdgeStyle("#d01c1c", 4.0), "heavy-cover": EdgeStyle("#2e9e3e", 3.0),
               "light-cover": EdgeStyle("#e0c020", 3.0)})

    # --- the game's rules, imported when first asked for ---------------------------------
    @per_game
    def los_policy(self) -> LOSPolicy:
        from wartools.games.company_of_heroes.los import CompanyOfHeroesLOS

        return CompanyOfHeroesLOS(self)

    def movement_rules(self) -> type[MovementRules]:
        from wartools.games.company_of_heroes.movement import Rules

        return Rules

    def odds_procedure(self) -> OddsProcedure:
        from wartools.games.company_of_heroes.odds import PROCEDURE

        return PROCEDURE

    @per_game
    def scenario_rules(self) -> ScenarioRules:
        from wartools.games.company_of_heroes.scenario import Rules

        return Rules(self)

    @per_game
    def fire_rules(self) -> FireRules:
        from wartools.games.company_of_heroes.fire import Fire

        return Fire(self)

    def turn_rules(self) -> TurnRules:
        from wartools.games.company_of_heroes.turn import Turns

        return Turns(self)

    def coverage(self) -> tuple[Entry, ...]:
        from wartools.games.company_of_heroes.coverage import COVERAGE

        return COVERAGE
