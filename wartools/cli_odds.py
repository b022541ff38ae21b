"""The ``wartools odds GAME ...`` subcommand: exact combat odds from the command line.

Probabilities are exact fraction strings (``"64/81"``); expectations are
fraction strings with a ``*_float`` companion. Bad or inconsistent arguments
raise :class:`~wartools.errors.WartoolsError` with one line saying why.

Examples
--------
>>> import argparse
>>> from wartools.cli_odds import add_parser
>>> parser = argparse.ArgumentParser(prog="wartools")
>>> add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["odds", "conflict-of-heroes", "--firepower", "4", "--defense", "12",
...                           "--terrain", "2"])
>>> answer, text = args.handler(args)
>>> answer["hit"]
'1/6'
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wartools.dice import Dist, fraction_str, markdown_table
from wartools.errors import WartoolsError
from wartools.games import find_game

if TYPE_CHECKING:  # pragma: no cover
    from wartools.games.combat_infantry.assault import AssaultUnit

__all__ = ["add_parser", "run_odds"]

#: bounds that keep an exact answer quick; beyond them the command says so instead of hanging
MAX_DICE = 500
MAX_ASSAULT_UNITS = 6
MAX_ASSAULT_STRENGTH = 9


def _exp(name: str, value: Fraction) -> dict[str, Any]:
    return {name: fraction_str(value), f"{name}_float": round(float(value), 6)}


def _int_list(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise WartoolsError(f"{what} must be comma-separated integers, got {text!r}") from None


def _nonneg(args: argparse.Namespace, *names: str) -> None:
    for name in names:
        value = getattr(args, name)
        if value is not None and value < 0:
            raise WartoolsError(f"--{name.replace('_', '-')} must be >= 0, got {value}")


# ---------------------------------------------------------------------- company-of-heroes
def _coh(args: argparse.Namespace) -> tuple[dict, str]:
    from wartools.games.company_of_heroes import combat

    if not args.damage:
        raise WartoolsError("give at least one --damage TYPE=N (types: AI, AP, HE, Flame)")
    attacks = []
    for spec in args.damage:
        attack: dict[str, int] = {}
        for part in spec.split(","):
            name, sep, n = part.partition("=")
            if not sep or not n.strip().lstrip("-").isdigit():
                raise WartoolsError(f"--damage expects TYPE=N (e.g. AP=3), got {part!r}")
            attack[name] = attack.get(name, 0) + int(n)
        attacks.append(attack)
    damage = combat.pool_damage(*attacks)
    target = find_game("company-of-heroes").unit_types.resolve(args.target)
    if args.building and combat.health_colour(target) != "G":
        raise WartoolsError(f"only infantry can be in a building; {target} cannot")
    r = combat.resolve_damage(target, damage, health=args.health, building=args.building,
                              upgrade=args.upgrade, heroic_sacrifice=args.heroic_sacrifice)
    answer = {"game": "company-of-heroes", "target": target, "health": args.health,
              "damage_assigned": damage, "defense_dice": r.dice,
              "damage": r.damage.to_json(), "figures_left": r.figures_left.to_json(),
              "destroyed": fraction_str(r.destroyed),
              **_exp("expected_damage", r.expected_damage), **_exp("expected_vp", r.expected_vp),
              **_exp("expected_experience", r.expected_experience),
              "pinnable": combat.can_be_pinned(target, building=args.building)}
    text = (f"{target} (health {args.health}) takes {damage}, rolls {r.dice} defense dice\n"
            + markdown_table({"P(damage)": r.damage}, outcome="damage")
            + f"\ndestroyed: {fraction_str(r.destroyed)} ({float(r.destroyed):.4f}); "
              f"expected damage {float(r.expected_damage):.4f}")
    return answer, text


# ---------------------------------------------------------------------- combat-infantry
def _units(spec: str, what: str) -> list[AssaultUnit]:
    from wartools.games.combat_infantry.assault import AssaultUnit

    game = find_game("combat-infantry")
    units: list[AssaultUnit] = []
    for part in spec.split(","):
        fields = part.strip().split(":")
        if len(fields) not in (3, 4):
            raise WartoolsError(f"{what} units are TYPE:STRENGTH:FIREPOWER[:MORALE], got {part!r}")
        kind = game.unit_types.resolve(fields[0])
        if not all(f.strip().isdigit() for f in fields[1:]):
            raise WartoolsError(f"{what} units are TYPE:STRENGTH:FIREPOWER[:MORALE] with whole numbers, "
                                f"got {part!r}")
        nums = [int(f) for f in fields[1:]]
        if not 1 <= nums[0] <= MAX_ASSAULT_STRENGTH:
            raise WartoolsError(f"{what}: strength must be 1..{MAX_ASSAULT_STRENGTH}, got {part!r}")
        units.append(AssaultUnit(kind, *nums))
    if len(units) > MAX_ASSAULT_UNITS:
        raise WartoolsError(f"{what}: at most {MAX_ASSAULT_UNITS} units per side (the exact chain grows "
                            f"with every unit), got {len(units)}")
    return units


def _ci(args: argparse.Namespace) -> tuple[dict, str]:
    from wartools.games.combat_infantry import assault, combat

    _nonneg(args, "dice", "armor", "hit_limit")
    if (args.attackers is None) != (args.defenders is None):
        raise WartoolsError("an assault needs both --attackers and --defenders")
    if args.attackers is not None:
        if args.dice is not None or args.firepower is not None:
            raise WartoolsError("give either --dice/--firepower (fire) or --attackers/--defenders (assault)")
        rules = assault.AssaultRules(river_or_cliff=args.river, smoke=args.smoke, hit_limit=args.hit_limit)
        ends = assault.assault(_units(args.attackers, "--attackers"), _units(args.defenders, "--defenders"),
                               rules)
        winner = ends.map(lambda e: e.winner)
        states: dict[str, str] = {}
        for e, p in ends.items:
            if not isinstance(e, assault.AssaultEnd):  # the chain absorbs only in end states
                raise TypeError(f"assault() returned a non-end state {e!r}")
            states[f"{e.winner} r{e.round} {e.how} A{list(e.attackers)} D{list(e.defenders)}"] = fraction_str(p)
        answer = {"game": "combat-infantry", "mode": "assault", "winner": winner.to_json(),
                  "end_states": states,
                  **_exp("expected_attacker_steps", ends.mean(lambda e: sum(e.attackers))),
                  **_exp("expected_defender_steps", ends.mean(lambda e: sum(e.defenders)))}
        return answer, markdown_table({"P": winner}, outcome="winner")
    if args.dice is None or args.firepower is None:
        raise WartoolsError("fire needs --dice and --firepower (or --attackers/--defenders for an assault)")
    if args.dice > MAX_DICE:
        raise WartoolsError(f"--dice must be at most {MAX_DICE} for an exact answer, got {args.dice}")
    if args.river or args.smoke:
        raise WartoolsError("--river and --smoke apply to assaults only")
    net = combat.net_firepower(args.firepower, armor=args.armor, modifier=args.modifier)
    hits = combat.fire(args.dice, args.firepower, armor=args.armor, modifier=args.modifier,
                       hit_limit=args.hit_limit)
    answer = {"game": "combat-infantry", "mode": "fire", "can_fire": net > 0, "net_firepower": net,
              "hits": hits.to_json(), **_exp("expected_hits", hits.mean())}
    if args.d2:
        steps = hits.map(lambda h: combat.steps_lost(h, d2=True)[0])
        answer["d2"] = True
        answer["steps_lost"] = steps.to_json()
        answer.update(_exp("expected_steps_lost", steps.mean()))
    text = f"{args.dice} dice at F{net}" + ("" if net > 0 else " (no fire possible, 6.32)") + "\n"
    return answer, text + markdown_table({"P(hits)": hits}, outcome="hits")


# ---------------------------------------------------------------------- conflict-of-heroes
def _cofh(args: argparse.Namespace) -> tuple[dict, str]:
    from wartools.games.conflict_of_heroes import combat

    _nonneg(args, "caps", "defender_caps")
    av = combat.attack_value(args.firepower, caps=args.caps)
    dv = combat.defense_value(args.defense, args.terrain)
    hit = combat.hit_probability(args.firepower, args.defense, terrain=args.terrain, caps=args.caps,
                                 defender_caps=args.defender_caps)
    answer = {"game": "conflict-of-heroes", "attack_value": av.to_json(), "defense_value": dv,
              "hit": fraction_str(hit), "hit_float": round(float(hit), 6)}
    return answer, f"AV = 2D6 + {args.firepower + args.caps} against DV {dv}: P(hit) = {hit} ({float(hit):.4f})"


# ---------------------------------------------------------------------- heroes-of-normandie
def _hon(args: argparse.Namespace) -> tuple[dict, str]:
    from wartools.games.heroes_of_normandie import combat

    if args.mines is not None:
        if args.attack is not None:
            raise WartoolsError("give either --attack (a shot) or --mines (a mine attack), not both")
        values = _int_list(args.mines, "--mines")
        if not values:
            raise WartoolsError("--mines needs the combat value of at least one mine counter, e.g. 1,1,1")
        result = combat.mine_attack(values, args.defense)
        answer = {"game": "heroes-of-normandie", "mode": "mines", "mines": values, "defense": args.defense,
                  "result": result.to_json(), "hit": fraction_str(result["hit"])}
        return answer, markdown_table({"P": result}, outcome="result")
    if args.attack is None:
        raise WartoolsError("a shot needs --attack (or use --mines)")
    m = combat.ShotModifiers(universal_bonus=args.universal, directional_bonus=args.directional,
                             crosses_protected_edge=args.crosses_edge, long_range=args.long_range,
                             hawkeyed=args.hawkeyed, roll_bonus=args.bonus,
                             long_range_penalty=args.long_range_penalty,
                             one_always_misses=not args.one_can_hit)
    if args.directional and not args.crosses_edge:
        note = "directional bonus not applied: the shot does not cross the protected edge"
    else:
        note = ""
    hit = combat.shot_probability(args.attack, args.defense, m)
    answer = {"game": "heroes-of-normandie", "mode": "shot", "hit": fraction_str(hit),
              "hit_float": round(float(hit), 6), "roll_modifier": m.roll_modifier(),
              "defense_value": args.defense + m.defense_bonus()}
    if note:
        answer["note"] = note
    return answer, f"d6 + {args.attack} against {args.defense + m.defense_bonus()}: P(hit) = {hit}"


_RUNNERS: dict[str, Callable[[argparse.Namespace], tuple[dict, str]]] = {
    "company-of-heroes": _coh, "combat-infantry": _ci, "conflict-of-heroes": _cofh,
    "heroes-of-normandie": _hon}


def run_odds(args: argparse.Namespace) -> tuple[dict, str]:
    """Answer an ``odds`` command: ``(JSON-able answer, human-readable text)``."""
    game = getattr(args, "odds_game", None)
    if game not in _RUNNERS:
        raise WartoolsError(f"odds needs a game; valid: {', '.join(_RUNNERS)}")
    return _RUNNERS[game](args)


def add_parser(subparsers: Any) -> None:
    """Add the ``odds`` parser, with one sub-parser per game (and its aliases)."""
    odds = subparsers.add_parser("odds", help="exact combat odds for one game",
                                 description="Exact combat odds; probabilities as fractions.")
    odds.set_defaults(handler=run_odds)
    games = odds.add_subparsers(dest="odds_game_name", metavar="GAME")
    games.required = True

    def game_parser(game_id: str, help_text: str) -> argparse.ArgumentParser:
        p = games.add_parser(game_id, aliases=list(find_game(game_id).aliases), help=help_text)
        p.set_defaults(odds_game=game_id)
        return p

    p = game_parser("company-of-heroes", "damage phase: defense dice against pooled damage")
    p.add_argument("--target", required=True, help="target unit type (infantry, heavy-vehicle, ...)")
    p.add_argument("--health", type=int, required=True, help="target's current health")
    p.add_argument("--damage", action="append", metavar="TYPE=N[,TYPE=N]",
                   help="damage of one attacker (AI, AP, HE, Flame); repeat to pool attackers")
    p.add_argument("--building", action="store_true", help="infantry in a building: +2 defense dice")
    p.add_argument("--upgrade", action="store_true", help="unit defense upgrade: +1 defense die")
    p.add_argument("--heroic-sacrifice", action="store_true", help="the target awards no VP")

    p = game_parser("combat-infantry", "fire (d10 per step) or a full assault")
    p.add_argument("--dice", type=int, help="firing unit's strength (dice)")
    p.add_argument("--firepower", type=int, help="F rating")
    p.add_argument("--armor", type=int, default=0, help="target armor class (targeted fire)")
    p.add_argument("--modifier", type=int, default=0, help="other firepower modifiers")
    p.add_argument("--d2", action="store_true", help="target has double defense: also report steps lost")
    p.add_argument("--hit-limit", type=int, default=None, help="optional hit limit per roll (2)")
    p.add_argument("--attackers", help="assault: TYPE:STRENGTH:F[:MORALE],... in casualty order")
    p.add_argument("--defenders", help="assault: TYPE:STRENGTH:F[:MORALE],... in casualty order")
    p.add_argument("--river", action="store_true", help="assault across a river/cliff: -1F round 1")
    p.add_argument("--smoke", action="store_true", help="assault in smoke: -1F both sides")

    p = game_parser("conflict-of-heroes", "attack value 2D6 + FP against defense value")
    p.add_argument("--firepower", type=int, required=True)
    p.add_argument("--defense", type=int, required=True, help="defense rating")
    p.add_argument("--terrain", type=int, default=0, help="terrain modifier (woods +2)")
    p.add_argument("--caps", type=int, default=0, help="attacker CAPs spent on the roll (+1 each)")
    p.add_argument("--defender-caps", type=int, default=0, help="defender CAPs against the roll (-1 each)")

    p = game_parser("heroes-of-normandie", "one shot (d6 + attack) or a mine attack")
    p.add_argument("--attack", type=int, help="attack value of the shot")
    p.add_argument("--defense", type=int, required=True, help="target's defense value")
    p.add_argument("--universal", type=int, default=0, help="universal defensive bonus")
    p.add_argument("--directional", type=int, default=0, help="directional defensive bonus")
    p.add_argument("--crosses-edge", action="store_true", help="shot crosses the protected edge")
    p.add_argument("--long-range", action="store_true")
    p.add_argument("--hawkeyed", action="store_true", help="ignore the long range penalty")
    p.add_argument("--bonus", type=int, default=0, help="roll bonuses (ammo belts, shells...)")
    p.add_argument("--long-range-penalty", type=int, default=2, help="assumed penalty (default 2)")
    p.add_argument("--one-can-hit", action="store_true", help="a natural 1 is not an automatic miss")
    p.add_argument("--mines", help="combat values of the triggered mine counters, e.g. 1,1,1")
