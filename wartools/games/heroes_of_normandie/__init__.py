"""Heroes of Normandie (Bloody Omaha), on a square grid.

Terrain elements from the rulebook's terrain chapter (1.2) and its Omaha
additions (beach, sea, seawall, bunkers, trenches); interspace features are
walls, hedges, openings, barbed wire, Czech hedgehogs, contour lines, the
seawall and trench ladders (Heroes of Normandie 1.2 "Trenches").
"""
from __future__ import annotations

from wartools.games.base import Game, Vocabulary


class HeroesOfNormandie(Game):
    id = "heroes-of-normandie"
    name = "Heroes of Normandie"
    aliases = ("hon", "heroes-of-normandie-bloody-omaha", "bloody-omaha")
    rulebook = "heroes-of-normandie-bloody-omaha.txt"
    grid_type = "square"
    default_terrain = "open"
    terrain = Vocabulary(
        "terrain",
        ("open", "beach", "sea", "building", "bunker", "trench", "field", "difficult", "stream",
         "mound"),
        {"clear": "open", "water": "sea", "house": "building", "wheat": "field",
         "crater": "difficult", "rubble": "difficult"})
    edge_features = Vocabulary(
        "edge feature",
        ("wall", "hedge", "opening", "barbed-wire", "hedgehog", "contour", "seawall", "ladder"),
        {"door": "opening", "window": "opening", "wire": "barbed-wire",
         "czech-hedgehog": "hedgehog", "contour-line": "contour", "bocage": "hedge"})
    cell_features = Vocabulary("cell feature", ("smoke", "fading-smoke", "mine"),
                               {"mines": "mine", "smoke-4": "smoke", "smoke-2": "fading-smoke"})
    unit_types = Vocabulary("unit type", ("infantry", "light-vehicle", "heavy-vehicle"),
                            {"squad": "infantry", "tank": "heavy-vehicle", "jeep": "light-vehicle"})
    sides = ("US", "German")
