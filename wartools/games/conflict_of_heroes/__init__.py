"""Conflict of Heroes: Storms of Steel.

The rulebook excerpt names terrain by its defence modifiers rather than in a
terrain chapter; the terrain ids here are the conventional Conflict of Heroes
set (open, woods, building, brush, field, water; wall and stream hexsides).
Hills are elevation, not terrain.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from wartools.rules import Game, Vocabulary, per_game
from wartools.rules.options import Option
from wartools.rules.style import EdgeStyle, FeatureMarker, MapStyle

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.coverage import Entry
    from wartools.games.fire_rules import FireRules
    from wartools.rules.los import LOSPolicy
    from wartools.rules.movement import MovementRules
    from wartools.rules.odds import OddsProcedure
    from wartools.rules.scenario import ScenarioRules
    from wartools.rules.turn import TurnRules

_NO_LOS = "Conflict of Heroes LOS (not in the Storms of Steel excerpt: conventional reading)"


class ConflictOfHeroes(Game):
    id = "conflict-of-heroes"
    options = (
        # scenario layer (wartools.games.conflict_of_heroes.scenario)
        Option("variable-ap", False, "Conflict of Heroes 3.01",
               "optional rule: an activated unit gets 2D6 APs instead of 7"),
        # play (wartools.games.conflict_of_heroes.turn)
        Option("hit-counter", "damaged", "Conflict of Heroes Game Overview (hit counters: the counter mix "
               "is not in the excerpt)", "what a hit does in a playout: damaged (a first hit marks the unit "
               "hit, a second destroys it) or destroyed (every hit destroys)", assumed=True,
               choices=("damaged", "destroyed"),
               reading="a hit unit is marked hit (its hit counter); a unit hit again is destroyed"),
        Option("cap-casualties", "destroyed", "Conflict of Heroes 1.0 (Reset CAPs: deduct one per casualty; "
               "7.3 is not in the excerpt)",
               "what a casualty is when a playout resets a side's CAPs each round: destroyed (a unit of the "
               "side destroyed so far) or hit-or-destroyed (a unit that carries a hit counter counts too)",
               assumed=True, choices=("destroyed", "hit-or-destroyed"),
               reading="each round a side's CAPs reset to the firefight's level less one for every unit of "
                       "the side destroyed so far in the firefight (1.0); a hit unit is no casualty"),
        # fire (wartools.games.conflict_of_heroes.odds, .shots)
        Option("cap-modifier", 1, "Conflict of Heroes 3.2 (CAPs may modify any die roll; the rate, 3.24, "
               "is not in the excerpt)",
               "points one CAP spent on a fire roll adds to it (attacker) or takes off it (defender)",
               assumed=True, reading="each CAP spent on a fire roll, committed before the roll, changes it by one"),
        # movement in scenario analysis (wartools.games.conflict_of_heroes.movement)
        Option("caps-for-moves", True, "Conflict of Heroes 3.2, 3.21",
               "scenario analysis (race, route, set-up approaches) lets one unit add its side's CAPs to its "
               "APs each round", assumed=True,
               reading="the side's starting CAPs, renewed each round (3.2), may all go to one unit's move "
                       "(3.21: as many as desired, one for one): the most one unit can move in a round; "
                       "CAPs the other units spend and those lost to casualties (7.3) are not counted"),
        # analysis layer (wartools.games.conflict_of_heroes.fire)
        Option("fire-ap", 3, "Conflict of Heroes Game Overview",
               "APs a fire action costs, left over after moving (scenario analysis: move then fire)",
               assumed=True,
               reading="firing costs 3 AP, as for the Game Overview's unit (each card prints its own cost)"),
        # --- line of sight: the excerpt has no LOS chapter, so every rule is an assumed reading
        *(Option(f"{name}-los", effect, _NO_LOS, f"what {what} do to a line of sight: block, hinder "
                 "(+1 defence) or clear", assumed=True, choices=("block", "hinder", "clear"),
                 reading=f"{what} {'block' if effect == 'block' else 'hinder (+1 defence to the target)'} "
                         "a line of sight between the ends (conventional reading)")
          for name, what, effect in (("woods", "woods hexes", "block"), ("building", "building hexes", "block"),
                                     ("brush", "brush hexes", "hinder"), ("field", "field hexes", "hinder"),
                                     ("wall", "wall hexsides", "hinder"))),
        Option("hills-block", True, _NO_LOS, "ground higher than both ends blocks a line of sight",
               assumed=True, reading="a hex higher than both ends blocks the line; terrain lower than both "
                                     "ends is seen over; the ends' own hexes and hexsides never count"),
        Option("along-hexside", "lesser", _NO_LOS,
               "a ruler exactly along a hexside: the lesser (both hexes must block to block, both hinder "
               "or block to hinder) or the greater effect of the two hexes", assumed=True,
               choices=("lesser", "greater"),
               reading="a ruler along a hexside takes the lesser effect of the two hexes it runs between, "
                       "ranked clear < hinder < block (woods|brush hinders, woods|open is clear); a "
                       "corner it only touches never counts"),
        Option("flank-boundary", "front", "Conflict of Heroes armored targets (front and flank ratings; the "
               "arcs are not in the Storms of Steel excerpt)",
               "a firer exactly between an armored target's front and flank hexsides hits the front or the flank",
               assumed=True, choices=("front", "flank"),
               reading="an armored target's front is the half of the hex ahead of it (the faced hexside and "
                       "its two neighbours); a firer exactly on the boundary fires at the front"),
        # the target hex's defence modifiers the excerpt does not print (combat.TERRAIN_DEFENSE;
        # woods +2 is the Game Overview's): scenario analysis reads these options
        *(Option(f"defense-{terrain}", value, "Conflict of Heroes Game Overview (defence modifiers of the "
                 "target's hex; only woods +2 is printed)",
                 f"defence modifier of a target in a {terrain} hex (threat maps, fire plans)", assumed=True,
                 reading=f"a target in a {terrain} hex adds {value:+d} to its defence (conventional reading)")
          for terrain, value in (("building", 3), ("brush", 1), ("field", 1), ("water", 0))),
    )
    name = "Conflict of Heroes: Storms of Steel"
    aliases = ("coh-sos", "storms-of-steel", "conflict")
    rulebook = "conflict-of-heroes-storms-of-steel.txt"
    grid_type = "hex"
    default_terrain = "open"
    terrain = Vocabulary("terrain", ("open", "woods", "building", "brush", "field", "water"),
                         {"clear": "open", "forest": "woods", "wheat": "field",
                          "wheatfield": "field", "house": "building"},
                         section="conventional Conflict of Heroes set (assumed; the excerpt has no terrain chapter)")
    edge_features = Vocabulary("edge feature", ("wall", "stream"), {"river": "stream"},
                               section="conventional Conflict of Heroes set (assumed; the excerpt has no terrain chapter)")
    cell_features = Vocabulary("cell feature", ("smoke", "wreck"), {},
                               section="conventional Conflict of Heroes set (assumed; the excerpt has no terrain chapter)")
    unit_types = Vocabulary("unit type", ("infantry", "mg", "mortar", "gun", "vehicle", "tank"),
                            {"squad": "infantry", "machine-gun": "mg", "at-gun": "gun",
                             "halftrack": "vehicle", "truck": "vehicle"},
                            section="Conflict of Heroes unit cards (conventional classes)")
    #: how the rulebook excerpt numbers its sections (coverage table)
    section_pattern = r"^(\d+\.\d+) [A-Z]"
    sides = ("German", "Soviet")
    map_style = MapStyle(
        terrain={"open": "#eef0d8", "woods": "#5f9e4f", "building": "#a6846a", "brush": "#9cc27a",
                 "field": "#e8d36b", "water": "#7fb2e5"},
        edges={"wall": EdgeStyle("#555555", 4.0), "stream": EdgeStyle("#4f8fe0", 3.0)},
        features={"smoke": FeatureMarker("o", "#8c8c8c"), "wreck": FeatureMarker("X", "#3a3a3a")})

    # --- the game's rules, imported when first asked for ---------------------------------
    @per_game
    def los_policy(self) -> LOSPolicy:
        from wartools.games.conflict_of_heroes.los import ConflictOfHeroesLOS

        return ConflictOfHeroesLOS(self)

    def movement_rules(self) -> type[MovementRules]:
        from wartools.games.conflict_of_heroes.movement import Rules

        return Rules

    def odds_procedure(self) -> OddsProcedure:
        from wartools.games.conflict_of_heroes.odds import PROCEDURE

        return PROCEDURE

    @per_game
    def scenario_rules(self) -> ScenarioRules:
        from wartools.games.conflict_of_heroes.scenario import Rules

        return Rules(self)

    @per_game
    def fire_rules(self) -> FireRules:
        from wartools.games.conflict_of_heroes.fire import Fire

        return Fire(self)

    @per_game
    def turn_rules(self) -> TurnRules:
        from wartools.games.conflict_of_heroes.turn import Turns

        return Turns(self)

    def coverage(self) -> tuple[Entry, ...]:
        from wartools.games.conflict_of_heroes.coverage import COVERAGE

        return COVERAGE
