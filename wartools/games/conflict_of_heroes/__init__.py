"""Conflict of Heroes: Storms of Steel.

The rulebook excerpt names terrain by its defence modifiers rather than in a
terrain chapter; the terrain ids here are the conventional Conflict of Heroes
set (open, woods, building, brush, field, water; wall and stream hexsides).
Hills are elevation, not terrain.
"""
from __future__ import annotations

from wartools.games.base import Game, Vocabulary
from wartools.games.options import Option
from wartools.games.style import EdgeStyle, FeatureMarker, MapStyle


class ConflictOfHeroes(Game):
    id = "conflict-of-heroes"
    package = "wartools.games.conflict_of_heroes"
    options = (
        # scenario layer (wartools.games.conflict_of_heroes.scenario)
        Option("variable-ap", False, "Conflict of Heroes 3.01",
               "optional rule: an activated unit gets 2D6 APs instead of 7"),
        # analysis layer (wartools.games.conflict_of_heroes.fire)
        Option("fire-ap", 3, "Conflict of Heroes Game Overview",
               "APs a fire action costs, left over after moving (scenario analysis: move then fire)",
               assumed=True,
               reading="firing costs 3 AP, as for the Game Overview's unit (each card prints its own cost)"),
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
    sides = ("German", "Soviet")
    map_style = MapStyle(
        terrain={"open": "#eef0d8", "woods": "#5f9e4f", "building": "#a6846a", "brush": "#9cc27a",
                 "field": "#e8d36b", "water": "#7fb2e5"},
        edges={"wall": EdgeStyle("#555555", 4.0), "stream": EdgeStyle("#4f8fe0", 3.0)},
        features={"smoke": FeatureMarker("o", "#8c8c8c"), "wreck": FeatureMarker("X", "#3a3a3a")})
