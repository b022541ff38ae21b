"""Combat Infantry: WestFront 1944-45.

Hex terrain from Combat Infantry 3.4; hexside terrain (hedge, river, bridge,
ford, cliff, lake, slope) from 3.4 too. Combat Infantry 3.2 lets a hexside carry
hex terrain as well ("woods hexside"), so every hex terrain name is also a
valid edge feature. Unit types from Combat Infantry 2.0-2.55.
"""
from __future__ import annotations

from wartools.games.base import Game, Vocabulary

_HEX_TERRAIN = ("clear", "beach", "orchard", "cemetery", "woods", "marsh", "town", "farm")


class CombatInfantry(Game):
    id = "combat-infantry"
    name = "Combat Infantry: WestFront 1944-45"
    aliases = ("ci", "combat-infantry-westfront", "westfront")
    rulebook = "combat-infantry-westfront.txt"
    grid_type = "hex"
    default_terrain = "clear"
    terrain = Vocabulary("terrain", _HEX_TERRAIN, {"open": "clear", "forest": "woods",
                                                   "village": "town", "swamp": "marsh"})
    edge_features = Vocabulary(
        "edge feature",
        ("hedge", "river", "bridge", "ford", "cliff", "lake", "slope", *_HEX_TERRAIN),
        {"bocage": "hedge", "sea": "lake", "stream": "river", "forest": "woods"})
    cell_features = Vocabulary("cell feature", ("foxhole", "smoke", "wreck", "mines", "wire"),
                               {"mine": "mines", "minefield": "mines", "barbed-wire": "wire"})
    unit_types = Vocabulary(
        "unit type",
        ("rifle", "hq", "mg", "mortar", "atr", "engineer", "sniper", "at-gun", "tank", "vehicle",
         "bunker"),
        {"infantry": "rifle", "squad": "rifle", "pioneer": "engineer", "bazooka": "atr",
         "panzerschreck": "atr", "machine-gun": "mg", "gun": "at-gun"})
    sides = ("US", "German")
