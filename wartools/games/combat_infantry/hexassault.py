"""An assault on one hex of a board, as the game fights it (Combat Infantry 1.3, 4.2, 9.1-9.4, 6.7).

Units that moved into an enemy-occupied hex in an HQ activation fight there once every other
action of the activation is done, its HQ's included (1.3, 4.2, 9.1), every unit that moved into
the hex together (up to the stacking limit, each hexside's assault limit counted as they enter:
the movement rules, 9.1). A unit that moved in carries the tag ``assaulting=<hex>`` naming the
hex it entered from, until its assault is fought. :func:`hex_assault` reads a board so: the
attackers are the tagged units, the defenders every enemy unit in the hex, and the odds are the
exact chain of :func:`~wartools.games.combat_infantry.assault.assault` with

- each attacker's -1F in round 1 when it came across a river or cliff hexside (9.1, 8.5);
- smoke in the hex: -1F for both sides (7.4);
- a minefield in the hex defends it too, as one more defending unit (7.2): it never fires, checks no
  morale and never retreats, one hit eliminates it, every 9 or 0 an attacker rolls while it stands
  hits that attacker (an engineer targets the mine and is hit by its 0s only, 9.64);
- when each side retreats: attackers in round 3, when they must, and defenders never, unless options
  ``assault-attacker-retreat`` and ``assault-defender-retreat`` say otherwise (the owners' choices, 9.2);
- the retreats of each side (9.4): attackers back across a hexside they entered by, or into an
  adjacent hex their side occupies; defenders across any other hexside; never into an enemy or
  disputed hex (8.3, the assault hex extends no control, 9.1); each hex holds what stacking leaves
  room for (8.2) and each hexside lets through as many units a round as its assault limit
  (9.4); a unit that cannot cross a hexside (3.4, 8.5) does not retreat across it; a unit with no
  valid hex is eliminated (9.4, 6.33); defenders on the board's edge may also retreat off the map
  (9.4: removed from play, no VP), after every hex on it.

The play engine's playouts fight every assault with :meth:`HexAssault.fight`, die by die on the
same chain, so a playout's assault is this answer's.

Examples
--------
>>> from wartools.testing import tiny_map
>>> m = tiny_map("ci", 3, 1, units=[("us-1", "US", "rifle", "B1", {"strength": 2, "tags": ["assaulting=A1"]}),
...                                 ("de-1", "German", "rifle", "B1", {"strength": 1})])
>>> a = hex_assault(m, "B1")
>>> a.attackers, a.defenders, a.retreats
(('us-1',), ('de-1',), (('A1',), ('C1', 'off the map')))
>>> a.attacker_wins
Fraction(41319, 78125)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, cast

from wartools.answers import Answer
from wartools.errors import WartoolsError
from wartools.games.combat_infantry.assault import (MINE, AssaultEnd, AssaultRules, AssaultUnit, Retreat, _Assault,
                                                    _replay, assault)
from wartools.games.combat_infantry.control import retreat_hexes
from wartools.games.combat_infantry.movement import Rules as Movement
from wartools.games.combat_infantry.movement import entered_from
from wartools.games.fire_rules import tag_values
from wartools.rules.options import Assumption

if TYPE_CHECKING:  # pragma: no cover
    from wartools.dice import Dist
    from wartools.grids.base import Cell
    from wartools.games.combat_infantry.turn import Turns
    from wartools.mapmodel import Map, Unit

__all__ = ["OFF_MAP", "Fought", "HexAssault", "assault_unit", "hex_assault"]

#: the hex of retreat beyond the board's edge (9.4: units may retreat off the map, removed from play
#: without VP for the enemy); only defenders may, attackers retreating only whence they came or to friends
OFF_MAP = "off the map"
#: hexside features an assaulting unit fights across at -1F in round 1 (9.1, 8.5)
RIVER_OR_CLIFF = frozenset({"river", "cliff"})
#: the options that say when each side retreats (the owners' choices, 9.2, 9.4)
RETREAT_OPTIONS = ("assault-attacker-retreat", "assault-defender-retreat")
#: the options an assault reads: the retreats and the morale beside an HQ (9.3 note)
ASSAULT_OPTIONS = (*RETREAT_OPTIONS, "assault-hq-morale")
#: the option saying how many units a round retreat off the map across the board's edge (9.4)
OFF_MAP_OPTION = "assault-off-map-limit"
#: the readings of an assault on a minefield (7.2)
MINE_CHOICES = (
    Assumption("Combat Infantry 7.2, 9.64", "an engineer targets the minefield while it stands (its choice): "
                                            "one hit eliminates the mine, the rest are wasted"),
    Assumption("Combat Infantry 7.2", "a minefield is one unit of strength 1, listed after the hex's other "
                                      "defenders (hits among equals: the owner's choice); a map's mines name no "
                                      "side and defend against whoever assaults them"),
)
#: the owner's choices an assault rests on without an option, in our words
CHOICES = (
    Assumption("Combat Infantry 9.1", "two or more assaults of one HQ activation are fought in the order of the "
                                      "map's units (the active player's choice)"),
    Assumption("Combat Infantry 9.4", "retreating units go, in the order listed, to the first hex of retreat in "
                                      "map order with room and its hexside's limit not used up this round (the "
                                      "owner's choice)"),
    Assumption("Combat Infantry 6.3, 9.2", "hits go to the strongest unit; among equally strong units, the first "
                                           "listed (the owner's choice)"),
)


@dataclass(frozen=True)
class Fought:
    """One assault fought die by die (:meth:`HexAssault.fight`): its end, the faces it used, the log,
    and where each retreating unit went (a hex label; ``None``: eliminated for want of one, 9.4)."""

    end: AssaultEnd
    faces: tuple[int, ...]
    log: tuple[str, ...]
    went: Mapping[str, str | None]


@dataclass(frozen=True, eq=False)
class HexAssault(Answer):
    """The assault on one hex of a board (:func:`hex_assault`): who fights, by which rules, the
    retreats each side has, and the exact odds of every end (:attr:`ends`)."""

    map: Map = field(repr=False)
    hex: str
    side: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attacking: tuple[AssaultUnit, ...]
    defending: tuple[AssaultUnit, ...]
    rules: AssaultRules
    #: the hexes of retreat of the attackers and of the defenders (9.4)
    retreats: tuple[tuple[str, ...], tuple[str, ...]]
    #: a minefield defends the hex (7.2): the last of :attr:`defending`
    minefield: bool = False
    assumptions: tuple[Assumption, ...] = field(default=(), repr=False)

    @cached_property
    def ends(self) -> Dist:
        """The exact distribution of the assault's :class:`~wartools.games.combat_infantry.assault.AssaultEnd`."""
        return _exact(self.attacking, self.defending, self.rules)

    @property
    def attacker_wins(self) -> Fraction:
        """The chance the attackers win (the defenders all eliminated or retreated)."""
        return self.ends.prob(lambda e: e.winner == "attacker")

    def fight(self, faces: Iterable[int]) -> Fought:
        """Fight the assault with ``faces`` (d10, consumed as
        :func:`~wartools.games.combat_infantry.assault.replay_assault` does); stops drawing once it ends."""
        drawn: list[int] = []

        def counted() -> Iterable[int]:
            for f in faces:
                drawn.append(f)
                yield f

        end, log, went = _replay(_Assault(self.attacking, self.defending, self.rules), counted())
        plans = (self.rules.defender_retreat, self.rules.attacker_retreat)
        ids = (self.defenders, self.attackers)
        where: dict[str, str | None] = {}
        for (phase, i), h in went.items():
            plan = plans[phase]
            where[ids[phase][i]] = None if h is None or plan is None else plan.hexes[h]
        return Fought(end, tuple(drawn), tuple(log), where)

    def to_json(self) -> dict[str, Any]:
        """``{"hex", "side", "attackers", "defenders", "minefield", "attacker_wins", "end_states", "retreats",
        "assumptions"}``."""
        ends = cast("list[tuple[AssaultEnd, Fraction]]", self.ends.items)
        states = {f"{e.winner} r{e.round} {e.how} A{list(e.attackers)} D{list(e.defenders)}": str(p) for e, p in ends}
        return {"hex": self.hex, "side": self.side, "attackers": list(self.attackers),
                "defenders": list(self.defenders), "minefield": self.minefield,
                "attacker_wins": str(self.attacker_wins), "end_states": states,
                "retreats": {"attackers": list(self.retreats[0]), "defenders": list(self.retreats[1])},
                "assumptions": [a.to_json() for a in self.assumptions]}

    def text(self) -> str:
        """``US assaults B1 (us-1 against de-1): the attackers win 4109/5000 ...``, assumptions last."""
        against = ", ".join((*self.defenders, *(("the minefield",) if self.minefield else ())))
        head = (f"{self.side} assaults {self.hex} ({', '.join(self.attackers)} against {against}): "
                f"the attackers win with probability {self.attacker_wins} ({float(self.attacker_wins):.1%}); "
                f"attackers retreat into {', '.join(self.retreats[0]) or 'no hex'}, defenders into "
                f"{', '.join(self.retreats[1]) or 'no hex'} (9.4)")
        return head + "".join(f"\n  {a.text()}" for a in self.assumptions)

    def draw(self, ax: Any = None) -> Any:
        """The map with the assault hex and each side's hexes of retreat shaded, keyed."""
        from wartools.render.draw import draw_map, shade

        ax = draw_map(self.map) if ax is None else ax
        shade(ax, self.map, [self.hex], "disputed", label=f"assault hex {self.hex}", gid="assault")
        shade(ax, self.map, list(self.retreats[0]), "legal-move", label="attackers may retreat here (9.4)",
              gid="retreat")
        off = " (and off the map)" if OFF_MAP in self.retreats[1] else ""
        shade(ax, self.map, [h for h in self.retreats[1] if h != OFF_MAP], "attacker",
              label=f"defenders may retreat here{off} (9.4)", gid="defender-retreat")
        return ax


@lru_cache(maxsize=4096)
def _exact(attacking: tuple[AssaultUnit, ...], defending: tuple[AssaultUnit, ...], rules: AssaultRules) -> Dist:
    return assault(attacking, defending, rules)


def assault_unit(m: Map, u: Unit, across: bool = False) -> AssaultUnit:
    """``u`` as it fights in an assault: its strength, firepower (a ``firepower=N`` tag, else its type's),
    morale (the turn rules'), and whether it came across a river or cliff hexside (9.1)."""
    rules = cast("Turns", m.game.turn_rules())
    profile = m.game.fire_rules().target_profile(u.type)
    firepower = int(tag_values(u.tags).get("firepower", profile.value("firepower")))
    return AssaultUnit(u.type, rules.strength(u), firepower, rules.morale(u), across)


def _retreat(m: Map, here: Cell, units: Sequence[Unit], hexes: Sequence[str], off_map: bool = False) -> Retreat:
    """The room, hexside limits and each unit's passage of ``hexes`` for ``units`` of one side (8.2, 9.4);
    with ``off_map``, then off the map across the board's edge (:data:`OFF_MAP`: room for all, as many a
    round as the assault limit of the hex's own terrain, 3.2, or with no limit: option
    ``assault-off-map-limit``, the edge having no hexside terrain of its own)."""
    from wartools.games.combat_infantry.limits import ASSAULT_LIMIT, hexside_limits
    from wartools.rules.movement import MoveSituation

    cells = [m.cell(h) for h in hexes]
    side = units[0].side
    staying = tuple(u for u in m.units if u.cell != here)
    movement = cast("type[Movement]", m.game.movement_rules())
    probe = movement(m, "rifle", MoveSituation(side=side, others=staying))
    room = tuple(max(0, probe.stack_limit(c)[0] - len(probe.friends_at(c))) for c in cells)
    limits = [hexside_limits(m, here, c) for c in cells]
    allowed = []
    for u in units:
        rules = movement(m, u.type, MoveSituation(side=side, others=staying))
        moves = rules.start_blocker() is None                       # a bunker never moves (2.55)
        allowed.append(tuple(moves and rules.step(here, c).passable
                             and (lim.tank_assault if u.type == "tank" else lim.assault) > 0
                             for c, lim in zip(cells, limits)))
    per_round = tuple(max(lim.tank_assault, lim.assault) for lim in limits)
    if not off_map:
        return Retreat(tuple(hexes), room, per_round, tuple(allowed))
    edge = (int(ASSAULT_LIMIT.get(m.terrain_at(here), 2)) if m.game.option(OFF_MAP_OPTION) == "hex-terrain"
            else len(units))
    mobile = [movement(m, u.type, MoveSituation(side=side, others=staying)).start_blocker() is None for u in units]
    return Retreat((*hexes, OFF_MAP), (*room, len(units)), (*per_round, edge),
                   tuple((*a, ok and edge > 0) for a, ok in zip(allowed, mobile)))


def hex_assault(m: Map, where: Cell | str, entered: Mapping[str, str] | None = None) -> HexAssault:
    """The assault on ``where`` as the game fights it (Combat Infantry 9.1-9.4; see the module docstring).

    Parameters
    ----------
    m
        The board, the attackers in the hex.
    where
        The assault hex.
    entered
        Each attacker's id and the hex it entered from; default: the units in the hex tagged
        ``assaulting=<hex>`` (:func:`~wartools.games.combat_infantry.movement.assaulting_tag`), as a
        playout leaves them.
    """
    here = m.cell(where)
    label = m.label(here)
    if entered is None:
        entered = {u.id: c for u in m.units if u.cell == here and (c := entered_from(u.tags)) is not None}
    if not entered:
        raise WartoolsError(f"no unit assaults {label}: give the attackers and the hexes they entered from")
    by_id = {u.id: u for u in m.units}
    attackers = [by_id[uid] for uid in entered if uid in by_id]
    if len(attackers) != len(entered):
        raise WartoolsError(f"unknown assaulting unit(s) {sorted(set(entered) - set(by_id))}")
    side = attackers[0].side
    if any(u.side != side for u in attackers):
        raise WartoolsError(f"the attackers of {label} must be of one side")
    team = m.allies(side)
    moved = {u.id: replace(u, cell=here) for u in attackers}
    m = replace(m, units=tuple(moved.get(u.id, u) for u in m.units))
    attackers = [moved[u.id] for u in attackers]
    defenders = [u for u in m.units if u.cell == here and u.side not in team]
    mined = "mines" in m.features_at(here)
    if not defenders and not mined:
        raise WartoolsError(f"no enemy unit or minefield defends {label}: an assault needs defenders (9.1, 7.2)")
    came = [entered[u.id] for u in attackers]
    for u, c in zip(attackers, came):
        if m.grid.distance(m.cell(c), here) != 1:
            raise WartoolsError(f"{u.id} entered {label} from {c}, which is not adjacent to it")
    attacking = tuple(assault_unit(m, u, bool(RIVER_OR_CLIFF & set(m.edge_features_at(m.cell(c), here))))
                      for u, c in zip(attackers, came))
    defending = tuple(assault_unit(m, u) for u in defenders) + ((AssaultUnit(MINE, 1, 0),) if mined else ())
    back = retreat_hexes(m, label, side, came)
    away = retreat_hexes(m, label, defenders[0].side, came, defending=True) if defenders else None
    edge = len(tuple(m.grid.neighbours(here))) < 6         # a hexside of the assault hex leads off the map
    attacker_round, defender_round = (str(m.game.option(o)) for o in RETREAT_OPTIONS)
    rules = AssaultRules(smoke="smoke" in m.features_at(here), hq_morale=str(m.game.option("assault-hq-morale")),
                         attacker_retreat_round=int(attacker_round.removeprefix("round-")),
                         defender_retreat_round=None if defender_round == "never" else
                         int(defender_round.removeprefix("round-")),
                         attacker_retreat=_retreat(m, here, attackers, back.hexes),
                         defender_retreat=None if away is None else _retreat(m, here, defenders, away.hexes, edge))
    read = (*ASSAULT_OPTIONS, *((OFF_MAP_OPTION,) if edge and away is not None else ()))
    readings = tuple(dict.fromkeys((*back.assumptions, *(away.assumptions if away is not None else ()),
                                    *m.game.assumptions(read), *CHOICES, *(MINE_CHOICES if mined else ()))))
    gone = () if away is None else (*away.hexes, *((OFF_MAP,) if edge else ()))
    return HexAssault(m, label, side, tuple(u.id for u in attackers), tuple(u.id for u in defenders),
                      attacking, defending, rules, (back.hexes, gone), mined, readings)
