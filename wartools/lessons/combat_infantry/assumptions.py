"""What the lesson assumes where the rulebook excerpt is silent (Combat Infantry 3.2, 3.4, 6.5, 8.3-8.5, 9.1).

Notes
-----
Each assumption names the rulebook section it fills in: the most restrictive
reading of 3.2, the slope hexsides and the Terrain Effects Chart rows of 3.4,
hex control across rivers and lakes (8.3, 8.5), the firepower and morale the
examples need, and the limits (6.5, 9.1) the retreat helper does not check.
"""
from __future__ import annotations

from wartools.lessons.combat_infantry.movement import terrain_chart


def assumptions() -> list[str]:
    """What the library (or this lesson) assumes where the rulebook excerpt is silent.

    Examples
    --------
    >>> any("[assumed]" in a for a in assumptions())
    True
    """
    assumed = [r["row"] for r in terrain_chart() if r["assumed"]]
    return [
        ("The example maps are our own recompositions of Diagrams 4, 5 and 6: same situations, our "
        "hexes (the rulebook's boards are not reproduced)."),
        ("A ruler running exactly along a hexside or through a hex corner counts the blocking terrain it "
        "touches (3.2: if ambiguous, the most restrictive terrain); a house rule can subclass the policy."),
        ("A slope between two levels is drawn wherever the level changes; LOS uses the levels, the slope "
        "hexside costs +1 MP uphill."),
        "Terrain chart rows missing from the excerpt [assumed]: " + ", ".join(assumed) + ".",
        ("Hex control is stopped only by lake hexsides (the impassable-to-all hexside); rivers do not "
        "stop it (8.3 example, 8.5 note)."),
        ("Dice faces in the fire and assault examples are ours where the narrative gives only hits; "
        "firepower not printed in the excerpt is assumed (German IN F3, US IN F2, MG F3, Mortar 3 F4, "
        "AT gun F5 with 2 dice, Diagram 4's MG 3 F4), morale 6 for the Germans and 5 for the US."),
        ("At Caron Farm the US squad on B3 is our addition: something must make C3 disputed, as the "
        "narrative says it is."),
        "Stacking, fire limits and assault limits (6.5, 9.1) are not checked by the retreat helper.",
    ]
