"""Conflict of Heroes: Storms of Steel -- the lesson behind ``notebooks/12_conflict_of_heroes.ipynb``.

Line of sight, movement and combat, taught with small original maps, the
rulebook's worked examples recomputed by the library, one experiment per
topic and self-check questions whose right answers the library computes.

What the rulebook excerpt says and what the library assumes
-----------------------------------------------------------
The Storms of Steel excerpt covers the Game Overview, set-up, the round
(2.1-2.4) and actions (3.0-3.22). It has **no line-of-sight chapter and no
terrain chart**. So:

* **LOS is an assumption** (:mod:`wartools.games.conflict_of_heroes.los`):
  the conventional reading of the series -- woods, buildings and smoke
  between the ends block; brush, fields, wrecks and walls hinder (+1 defence
  each); the firer's and target's own hexes never block; higher ground than
  both ends blocks, terrain lower than both ends is seen over.
* **Movement costs beyond "1 AP per open hex" are assumptions**
  (:data:`wartools.games.conflict_of_heroes.movement.ENTER_AP`, every row
  flagged ``[assumed]``).
* **Target terrain modifiers beyond woods +2 are assumptions**
  (:data:`wartools.games.conflict_of_heroes.combat.TERRAIN_DEFENSE`, flagged in
  :data:`~wartools.games.conflict_of_heroes.combat.TERRAIN_DEFENSE_ASSUMED`).
* **One CAP = one point on a die roll** (3.2 says CAPs modify rolls; the
  paragraph fixing the rate, 3.24, is not in the excerpt).

Every one of these is an overridable table, never a rule we claim the
rulebook states.

The package
-----------
One module per job: :mod:`.maps` (the fixture maps), :mod:`.los` (a shot on
a map), :mod:`.movement` (reach and CAPs to reach), :mod:`.activation` (the
AP / CAP track and the 2.2-3.21 replays), :mod:`.combat` (the fire and
initiative examples), :mod:`.experiments`, :mod:`.questions` and
:mod:`.assumptions`. Every public name is importable from the package itself.

Examples
--------
>>> ex = overview_shot()
>>> ex.attack, ex.defense, ex.hit, ex.probability
(13, 14, False, Fraction(1, 6))
>>> caps_for_probability(4, 12, terrain=2)
3
>>> {topic: len(qs) for topic, qs in questions().items()}
{'los': 5, 'movement': 5, 'combat': 5}
"""
from __future__ import annotations

from wartools.games.conflict_of_heroes.combat import TERRAIN_DEFENSE, TERRAIN_DEFENSE_ASSUMED
from wartools.lessons.conflict_of_heroes.activation import (ACTIVATION_AP, Activation, replay_2_2, replay_3_0,
                                                            replay_3_1, replay_3_21, variable_ap_example)
from wartools.lessons.conflict_of_heroes.assumptions import ASSUMPTIONS
from wartools.lessons.conflict_of_heroes.combat import (OverviewShot, caps_for_probability, initiative_example,
                                                        overview_shot)
from wartools.lessons.conflict_of_heroes.experiments import (CapsReachExperiment, FireExperiment,
                                                             TargetExperiment, experiments)
from wartools.lessons.conflict_of_heroes.los import Shot, draw_shot, hill_112_examples, shot, terrain_modifier
from wartools.lessons.conflict_of_heroes.maps import gap_map, hill_112, hill_map, move_map, open_map, woods_map
from wartools.lessons.conflict_of_heroes.movement import caps_to_reach, draw_move, seven_ap_in_the_open
from wartools.lessons.conflict_of_heroes.questions import (combat_questions, los_questions, movement_questions,
                                                           questions)

__all__ = [
    "ACTIVATION_AP", "ASSUMPTIONS", "TERRAIN_DEFENSE", "TERRAIN_DEFENSE_ASSUMED", "Activation", "Shot",
    "CapsReachExperiment", "FireExperiment", "OverviewShot", "TargetExperiment", "caps_for_probability",
    "caps_to_reach", "combat_questions", "draw_move", "draw_shot", "experiments", "gap_map",
    "hill_112", "hill_112_examples", "hill_map", "initiative_example", "los_questions", "move_map",
    "movement_questions", "open_map", "overview_shot", "questions", "replay_2_2", "replay_3_0", "replay_3_1",
    "replay_3_21", "shot", "seven_ap_in_the_open", "terrain_modifier", "variable_ap_example", "woods_map",
]
