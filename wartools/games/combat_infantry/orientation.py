"""Which way a Combat Infantry block faces in play: upright (hidden) or face-up (revealed)
(Combat Infantry Fog of War, 1.2, 1.3, 2.53, 2.55, 4.2, 6.1, 7.0, 9.2).

A unit is **hidden** (the block upright, label to its owner; the unit's tag ``hidden``, a
scenario's ``hidden: true`` at set-up) or **revealed** (face-up, untagged). Play turns it by
one function, :func:`orient`, asked with what happened to it:

- revealed (face-up) when it fires (6.1) or bombards (6.1, 6.6), attacks in an assault (9.2:
  attacking units are face-up after it) or defends one (9.1: all units in an assault are
  revealed), does a special action (7.0), is an HQ that activates
  (4.2: it ends its activation face-up), or is a tank that moves (2.53; the Fog of War note);
- turned upright (hidden) at the end of each game turn (1.3), a tank only by option
  ``tanks-upright`` (1.3: turning tanks upright is optional), and when it defended and won an
  assault without having activated this game turn (9.2);
- a bunker never: it is always face-up (2.55).

Face-down (a rallied unit, one that failed its check or moved, 5.0, 4.3, 8.0) is not kept apart
from upright: neither is face-up, so neither may be targeted (6.31) and a face-down tank keeps
AC-Zero (2.53); that the unit may not act again is the turn's bookkeeping (``acted``).

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 3, 1, units=[("a", "US", "rifle", "A1", {"tags": ["hidden"]}),
...                                 ("t", "US", "tank", "B1"), ("b", "US", "bunker", "C1")])
>>> changes, words = orient(m, ("a",), "fire")
>>> changes[0].remove, words
(('hidden',), ('a is revealed: it fires (Combat Infantry 6.1)',))
>>> orient(m, ("a", "t", "b"), "game turn")
((), ())
>>> [ch.unit for ch in orient(m.with_options(**{"tanks-upright": True}), ("a", "t", "b"), "game turn")[0]]
['t']
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from wartools.games.combat_infantry.fire import HIDDEN_TAG
from wartools.rules.turn import Change

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map

#: what reveals a unit (turns it face-up), in words, with its section
REVEALS = {"fire": ("it fires", "Combat Infantry 6.1"),
           "bombard": ("it bombards", "Combat Infantry 6.1, 6.6"),
           "assault": ("it attacks in an assault", "Combat Infantry 9.2"),
           "defend": ("it defends in an assault", "Combat Infantry 9.1"),
           "special": ("it does a special action", "Combat Infantry 7.0"),
           "activate": ("an HQ ends its activation face-up", "Combat Infantry 4.2"),
           "move": ("a tank is revealed when it moves", "Combat Infantry 2.53")}
#: what turns a unit upright (hides it), in words, with its section
HIDES = {"game turn": ("units are turned upright at the end of the game turn", "Combat Infantry 1.3"),
         "set-up": ("the blocks stand upright as play starts", "Combat Infantry Fog of War, 2.53"),
         "defended": ("it won the assault it defended without having activated this game turn",
                      "Combat Infantry 9.2")}
#: units 2.53 names tanks (tanks and armored vehicles): revealed by moving, upright only by option
TANKS = frozenset({"tank", "vehicle"})
#: the events that turn every block upright, a tank only by option ``tanks-upright`` (1.3, 2.53)
TURN_ALL = frozenset({"game turn", "set-up"})
#: units always face-up (2.55)
ALWAYS_FACE_UP = frozenset({"bunker"})


def orient(m: Map, ids: Iterable[str], event: str) -> tuple[tuple[Change, ...], tuple[str, ...]]:
    """The changes that turn units ``ids`` of ``m`` as ``event`` does (a key of :data:`REVEALS`
    or :data:`HIDES`), and the words for them: only units it turns (a unit already facing that
    way, a non-tank that moves, a bunker hidden, a tank at the game turn's end unless option
    ``tanks-upright``, are left as they stand). The game turn's end is said in one line."""
    if event not in REVEALS and event not in HIDES:
        raise ValueError(f"unknown orientation event {event!r}")
    wanted = set(ids)
    units = [u for u in m.units if u.id in wanted]
    if event in REVEALS:
        why, rule = REVEALS[event]
        turned = [u for u in units if HIDDEN_TAG in u.tags and (event != "move" or u.type in TANKS)]
        return (tuple(Change(u.id, remove=(HIDDEN_TAG,)) for u in turned),
                tuple(f"{u.id} is revealed: {why} ({rule})" for u in turned))
    why, rule = HIDES[event]
    tanks = event not in TURN_ALL or bool(m.game.option("tanks-upright"))
    turned = [u for u in units if HIDDEN_TAG not in u.tags and u.type not in ALWAYS_FACE_UP
              and (tanks or u.type not in TANKS)]
    if not turned:
        return (), ()
    changes = tuple(Change(u.id, add=(HIDDEN_TAG,)) for u in turned)
    if event in TURN_ALL:
        return changes, (f"{why}: {', '.join(u.id for u in turned)} ({rule})",)
    return changes, tuple(f"{u.id} stands upright: {why} ({rule})" for u in turned)


__all__ = ["ALWAYS_FACE_UP", "HIDES", "REVEALS", "TANKS", "orient"]
