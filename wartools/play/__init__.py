"""Play a scenario out: the turn engine, game records, replay and bots.

:func:`playout` plays a scenario to its end with the game's own turn rules
(:meth:`wartools.rules.Game.turn_rules`), one bot per side, every die drawn from a seeded
generator and recorded with its exact probability; the :class:`Record` it returns holds every
action and the position at the end of each turn, saves as a ``wartools-record/1`` file and
:func:`replay`\\ s to the same positions.

Examples
--------
>>> import wartools.play as play
>>> from wartools.scenario import load_scenario
>>> s = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
>>> r = play.playout(s, {"US": "random", "German": "random"}, seed=3)
>>> r.bots["US"], len(r.turn_ends) <= s.turns
('random', True)
"""
from __future__ import annotations

from wartools.rules.turn import Roll
from wartools.play.bots import RandomBot, bot_names, find_bot
from wartools.play.protocol import Bot, Choice
from wartools.play.engine import Action, Candidate, GameState, PlayError, legal_actions, start, step
from wartools.play.playout import playout
from wartools.play.record import RECORD_FORMAT, Record, TurnEnd
from wartools.play.recordfile import dumps_record, load_record, loads_record, save_record
from wartools.play.replay import ReplayError, replay

__all__ = ["Action", "Bot", "Candidate", "Choice", "GameState", "PlayError", "RECORD_FORMAT", "RandomBot", "Record",
           "ReplayError", "Roll", "TurnEnd", "bot_names", "dumps_record", "find_bot", "legal_actions", "load_record",
           "loads_record", "playout", "replay", "save_record", "start", "step"]
