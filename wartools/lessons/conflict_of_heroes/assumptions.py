"""What the Conflict of Heroes lesson assumes where the rulebook excerpt is silent.

The Storms of Steel excerpt (Game Overview, 2.1-2.4, 3.0-3.22) has no
line-of-sight chapter and no terrain chart, and it stops before 3.24, which
fixes what a CAP is worth on a die roll. :data:`ASSUMPTIONS` states, in plain
words, the library's readings the lesson relies on; the notebook prints them
before anything else.
"""
from __future__ import annotations

ASSUMPTIONS = (
    "Line of sight: the excerpt has no LOS chapter; wartools uses the conventional Conflict of Heroes "
    "reading (blocking woods/buildings/smoke between the ends, hindering brush/field/wreck/wall +1 defence "
    "each, ends' own hexes ignored, hills higher than both ends block, a ruler along a hexside takes the "
    "lesser effect of its two hexes). Each reading is a game option (woods-los, along-hexside, hills-block ...) "
    "listed in every LOS answer's assumptions; ConflictOfHeroesLOS(terrain=...) overrides the tables too.",
    "Movement: only '1 AP per open hex' for infantry is in the excerpt (Game Overview, 3.0); every other AP "
    "cost (woods, brush, buildings, hexsides, uphill, vehicles) is an assumed, flagged table entry.",
    "Target terrain: only woods +2 is in the excerpt (Game Overview); the other modifiers in "
    "TERRAIN_DEFENSE are assumptions.",
    "CAPs on die rolls: 3.2 says CAPs modify rolls; one point per CAP, committed before the roll, is assumed "
    "(3.24 is not in the excerpt).",
)
"""The library's assumptions this lesson relies on, in plain words (shown by the notebook)."""
