"""What the Company of Heroes lesson decides where the rulebook excerpt is silent.

:data:`ASSUMPTIONS` lists them in words; the notebook prints them at the end.

Rulebook sections (Basic Rules): 4 Maneuver Phase (Weapon Teams, Light Vehicle
Units), 6 Defenses (Defense Rolls, Resolving Damage Example) and 7 Additional
Combat Rules (Range, Camouflage, Buildings Blocking Attacks and Sight).
"""
from __future__ import annotations

ASSUMPTIONS: tuple[str, ...] = (
    "A ruler that passes through the middle of a building hex, entering and leaving at two of its "
    "corners (a hexspine), crosses no hexside fully; the excerpt does not cover it and the library "
    "reads it as passing through the building, which blocks (CoH 7).",
    "The mortar of the camouflage example is four hexes from the sniper and may fire at it, so we "
    "give it a firing range of 4; the excerpt does not print the mortar's range.",
    "Mortar Teams may not attack adjacent units (CoH 4, Weapon Teams): `can_attack` does not know "
    "unit types, so that check is left to the player.",
    "A unit's health is the number of figures in its tray; the British Infantry Section has 4 "
    "(three laid down, one left, in the example). The squad in the building is also given 4.",
    "The exact odds assume each defense die shows each of its six faces equally often; 4 faces "
    "(green or black) succeed (CoH 6, Defense Rolls).",
    "The speed die is modelled as one extra cp for the round (CoH 4, Light Vehicle Units); when in "
    "the round it is used does not change where the vehicle can get.",
)
"""Where the excerpt is silent and the lesson or the library decides."""
