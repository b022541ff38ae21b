"""The bot protocol: :class:`Bot` chooses among the legal actions and explains its :class:`Choice`.

Both are the plug-in interface's (:mod:`wartools.rules.bots`), so a game's own bot, a rule module
of that game, is written against the same protocol as the play layer's bots.
"""
from __future__ import annotations

from wartools.rules.bots import Bot, Choice

__all__ = ["Bot", "Choice"]
