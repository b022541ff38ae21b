"""Shot and assault outcomes drawn by the turn engine match the exact odds (issue 22).

Each resolution draws real dice from a seeded generator and records the exact probability of
the outcome it got; over many seeded resolutions the outcomes' frequencies must fit those
probabilities (Pearson's chi-square goodness of fit, fixed seeds, bins under 5 expected
merged; the survival function is computed here, scipy is not a dependency), and the recorded
probabilities must be those of the game's own odds functions.
"""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from wartools.errors import WartoolsError
from wartools.games import find_game
from wartools.movement import path
from wartools.rules.turn import TurnState
from wartools.play.engine import RngDice
from wartools.situation import Situation
from wartools.testing import tiny_map

TRIALS = 3000


def chi2_sf(x: float, k: int) -> float:
    """P(chi-square with ``k`` degrees of freedom >= x): the regularised upper gamma Q(k/2, x/2)."""
    a, z = k / 2, x / 2
    if z <= 0:
        return 1.0
    if z < a + 1:                                   # series for P, then Q = 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > 1e-15 * abs(total):
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    b, c, d = z + 1 - a, 1e300, 1 / (z + 1 - a)    # continued fraction for Q (Lentz)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / d if abs(d) > 1e-300 else 1e300
        c = b + an / c if abs(c) > 1e-300 else 1e300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h * math.exp(-z + a * math.log(z) - math.lgamma(a))


def test_chi2_sf_against_known_values():
    # chi-square quantiles: 3.841 at 1 d.f. and 11.070 at 5 d.f. leave 5 %; 0.0 leaves all
    assert abs(chi2_sf(3.841459, 1) - 0.05) < 1e-5 and abs(chi2_sf(11.070498, 5) - 0.05) < 1e-5
    assert chi2_sf(0.0, 3) == 1.0 and abs(chi2_sf(2.0, 2) - math.exp(-1)) < 1e-12


def goodness_of_fit(outcomes: list[object], probabilities: dict[object, Fraction]) -> float:
    """The chi-square p-value of ``outcomes`` against the exact ``probabilities`` (small bins merged)."""
    n = len(outcomes)
    seen = Counter(outcomes)
    assert set(seen) <= set(probabilities)
    bins: list[tuple[float, int]] = []
    rest_e, rest_o = 0.0, 0
    for key, p in sorted(probabilities.items(), key=lambda kp: -kp[1]):
        e = n * float(p)
        if e >= 5:
            bins.append((e, seen[key]))
        else:
            rest_e, rest_o = rest_e + e, rest_o + seen[key]
    if rest_e > 0:
        bins.append((rest_e, rest_o))
    stat = sum((o - e) ** 2 / e for e, o in bins)
    return chi2_sf(stat, max(1, len(bins) - 1))


def _state(m, side):
    return TurnState(1, "test", side, side, tuple(m.sides()))


def _resolve_many(game_id, m, attacker_id, target_id, seed):
    game = find_game(game_id)
    rules = game.turn_rules()
    a, t = m.unit(attacker_id), m.unit(target_id)
    attack = game.fire_rules().attack(m, a, t, Situation())
    assert attack, attack
    dice = RngDice(np.random.default_rng(seed))
    rolls = [rules.resolve_fire(m, a, t, attack, dice, _state(m, a.side)).rolls[0] for _ in range(TRIALS)]
    return attack, rolls


@pytest.mark.parametrize("game_id, units, seed, terrain", [
    ("combat-infantry", [("us-1", "US", "rifle", "A1", {"strength": 4}), ("de-1", "German", "rifle", "B1")], 1, {}),
    ("conflict-of-heroes", [("su-1", "Soviet", "infantry", "A1"), ("de-1", "German", "infantry", "C1")], 2, {}),
    ("heroes-of-normandie", [("us-1", "US", "infantry", "A1"), ("de-1", "German", "infantry", "C1")], 3, {}),
    # 1.4: the target in a trench has its Defensive Bonus (option trench-bonus), in the attack and the roll
    ("heroes-of-normandie", [("us-1", "US", "infantry", "A1"),
                             ("de-1", "German", "infantry", "C1", {"tags": ["defense=6"]})], 4, {"C1": "trench"}),
])
def test_shot_outcomes_fit_the_exact_odds(game_id, units, seed, terrain):
    m = tiny_map(game_id, 4, 1, units=units, terrain=terrain)
    attack, rolls = _resolve_many(game_id, m, units[0][0], units[1][0], seed)
    probabilities = {r.value: r.p for r in rolls}
    assert sum(probabilities.values()) <= 1
    assert all(r.expected == attack.expected for r in rolls)           # the attack question's expectation
    if len({r.value for r in rolls}) == 2 and set(probabilities) == {0, 1}:
        assert probabilities[Fraction(1)] == attack.p_hit              # a hit's chance is the attack's
    assert goodness_of_fit([r.value for r in rolls], probabilities) > 0.001


def test_combat_infantry_hits_follow_the_binomial_of_the_odds_procedure():
    from wartools.games.combat_infantry.combat import fire

    m = tiny_map("ci", 4, 1, units=[("us-1", "US", "rifle", "A1", {"strength": 4}), ("de-1", "German", "rifle", "B1")])
    attack, rolls = _resolve_many("combat-infantry", m, "us-1", "de-1", 7)
    exact = fire(4, 2)
    assert all(r.p == exact[int(r.value)] for r in rolls)
    assert goodness_of_fit([int(r.value) for r in rolls], dict(exact.pmf())) > 0.001


def test_company_of_heroes_pooled_damage_fits_the_exact_defence_roll():
    from wartools.games.company_of_heroes.combat import resolve_damage

    game = find_game("coh")
    m = tiny_map("coh", 4, 1, units=[("us-1", "US", "at-team", "A1", ["deployed"]), ("us-2", "US", "infantry", "B1"),
                                    ("de-1", "German", "infantry", "C1")])
    fire, rules = game.fire_rules(), game.turn_rules()
    target = m.unit("de-1")
    attacks = [(m.unit(u), target, fire.attack(m, m.unit(u), target, Situation())) for u in ("us-1", "us-2")]
    assert all(a for _, _, a in attacks)
    dice = RngDice(np.random.default_rng(11))
    rolls = [rules.resolve_declared(m, attacks, dice, _state(m, "US")).rolls[0] for _ in range(TRIALS)]
    exact = resolve_damage("infantry", {"AP": 2, "AI": 1}, health=4)
    assert {int(r.value): r.p for r in rolls}.items() <= dict(exact.damage.pmf()).items()
    assert goodness_of_fit([int(r.value) for r in rolls], dict(exact.damage.pmf())) > 0.001


def test_combat_infantry_assault_ends_fit_the_exact_chain():
    """9.1-9.4: the assault a playout fights when the activation ends (two squads that moved into B2 from
    A2 and from B1, against one German squad) is :func:`hex_assault`'s: every roll's chance is its exact
    answer's for that end, its expectation the attackers' chance to win, and the ends fit those odds."""
    from wartools.games.combat_infantry.hexassault import hex_assault

    rules = find_game("ci").turn_rules()
    m = tiny_map("ci", 3, 3, units=[("us-1", "US", "rifle", "B2", {"strength": 2, "tags": ["assaulting=A2"]}),
                                   ("us-2", "US", "rifle", "B2", {"strength": 1, "tags": ["assaulting=B1"]}),
                                   ("de-1", "German", "rifle", "B2", {"strength": 2}),
                                   ("de-2", "German", "rifle", "C3", {"strength": 1})])
    answer = hex_assault(m, "B2")
    assert answer.attackers == ("us-1", "us-2") and answer.defenders == ("de-1",)
    dice = RngDice(np.random.default_rng(5))
    res = [rules.fight_assaults(m, dice) for _ in range(TRIALS // 3)]
    assert all(len(r.rolls) == 1 and r.rolls[0].expected == answer.attacker_wins for r in res)
    by_effects = {r.effects: r.rolls[0].p for r in res}      # one end state (and retreats) per distinct outcome
    assert set(by_effects.values()) <= set(dict(answer.ends.pmf()).values())
    other = 1 - sum(by_effects.values())
    assert other >= 0
    assert goodness_of_fit([r.effects for r in res], {**by_effects, "not seen": other}) > 0.001


def test_a_spotted_bombardment_resolves_at_the_attack_questions_firepower():
    """6.61: an adjacent spotting HQ adds +1F to a bombardment; the shot a playout resolves is the
    attack question's, modifier included (its recorded expectation is the attack's). Every 0 rolled
    is a hit on the HQ adjacent to the target hex (6.63), so a roll's chance is that of its hits and
    its 0s together: they fit the exact joint distribution of the bombardment."""
    from wartools.games.combat_infantry.combat import bombard

    units = [("m-1", "German", "mortar", "A2"), ("hq-1", "German", "hq", "E1"), ("u-1", "US", "rifle", "E2")]
    m = tiny_map("ci", 6, 3, units=units, terrain={"C1": "woods", "C2": "woods", "C3": "woods"})
    attack, rolls = _resolve_many("combat-infantry", m, "m-1", "u-1", 9)
    assert attack.inputs.get("modifier") == 1
    assert all(r.expected == attack.expected for r in rolls) and "at F5" in rolls[0].what
    joint = dict(bombard(2, 4, spotter_adjacent=True).pmf())
    seen = [(int(r.value), r.faces.count(10)) for r in rolls]
    assert all(joint[o] == r.p for o, r in zip(seen, rolls))
    assert goodness_of_fit(seen, joint) > 0.001


def test_the_combat_infantry_turn_rules_name_what_they_leave_out_truly():
    """A playout's mortars bombard by the attack question (6.6), so the omitted rules do not say
    that they never fire."""
    said = find_game("ci").turn_rules().assumptions()
    assert not any("mortars do not fire" in a.reading for a in said) and any("6.61" in a.rule for a in said)
    assert not any("minefield defended by units" in a.reading for a in said)      # fought as 7.2 prints it
    assert any("7.2" in a.rule and "engineer targets the minefield" in a.reading for a in said)


def _minefield_game(units, columns=5):
    """Combat Infantry on a ``columns`` x 1 strip, a minefield on B1, the US to act with its HQ activated."""
    import yaml

    from analysis_helpers import tiny_scenario
    from wartools.play.engine import legal_actions, start, step
    from wartools.rules.turn import ScriptedDice
    from wartools.scenario import loads_scenario, scenario_to_dict
    from wartools.testing import tiny_map_data

    s = tiny_scenario("combat-infantry", columns, 1, units, turns=1)
    data = scenario_to_dict(s)
    data["map"] = tiny_map_data("combat-infantry", columns, 1, name="tiny", features={"B1": ["mines"]})
    s = loads_scenario(yaml.safe_dump(data))
    g = start(s)
    g, _, _ = step(g, next(c for c in legal_actions(g) if c.kind == "activate"), ScriptedDice([]))
    return s, g


def test_a_move_into_a_minefield_is_the_games_assault_as_path_and_route_say_and_the_7_2_example_clears_it():
    """Combat Infantry 7.2: mines are units, so moving into a minefield hex is moving into an assault
    (8.0, 9.1), which ends the move: the play engine asks the game's movement rules (``assault_at``), so the
    move is offered as an assault along the path ``path`` finds, and nothing moves on through the minefield
    (``path`` and ``route_in_turns`` find no way past it). Played with the 7.2 example's dice, an engineer 2
    assaulting the minefield at F4 (F2 doubled, 9.64) rolls 3 and 0: the 3 eliminates the mine, the 0 is a
    hit on the engineer; the engineer takes the hex (winning, it may regroup, 9.5: it stays), the minefield
    leaves the board, and the next unit into the hex merely moves."""
    from wartools.games.combat_infantry.assault import AssaultUnit, mine_assault
    from wartools.movement import route_in_turns
    from wartools.play.engine import legal_actions, step
    from wartools.rules.turn import ScriptedDice

    s, g = _minefield_game([("hq", "US", "hq", "A1"), ("eng", "US", "engineer", "A1", {"steps": 2}),
                            ("de", "German", "rifle", "E1")])
    m = g.map
    into = [c for c in legal_actions(g) if c.unit == "eng" and c.dest == m.cell("B1") and c.expands in ("move", "assault")]
    assert [c.kind for c in into] == ["assault"]                               # not a move that stops there
    p = path(m, "A1", "B1", "eng")
    assert into[0].cells(m) == tuple(p.labels()) and into[0].cost == p.cost and "minefield" in p.steps[-1].stop
    beyond = [c for c in legal_actions(g) if c.unit == "eng" and c.dest not in (None, m.cell("B1")) and c.reach]
    assert beyond == [] and not path(m, "A1", "C1", "eng").reachable
    assert not route_in_turns(m, "A1", "C1", "eng").reachable                 # an assault does not move on
    g1, (moved, *_), _ = step(g, into[0], ScriptedDice([]))       # it moves in; the assault waits (1.3, 9.1)
    assert moved.rolls == () and g1.position.units["eng"].tags == ("assaulting=A1",)
    g2, (act, *_), _ = step(g1, next(c for c in legal_actions(g1) if c.kind == "end"), ScriptedDice([3, 10]))
    ends = mine_assault(AssaultUnit("engineer", 2, 2, morale=6))
    (roll,) = act.rolls
    assert roll.faces == (3, 10) and roll.value == 1 and roll.expected == ends.prob(lambda e: e.cleared)
    assert roll.p == ends[next(e for e in ends.outcomes if e.cleared and e.round == 1 and e.strength == 1)]
    assert "eng may regroup from B1 (9.5)" in act.effects
    g2, _, _ = step(g2, next(c for c in legal_actions(g2) if c.kind == "stay"), ScriptedDice([]))
    eng = g2.position.units["eng"]
    assert (eng.cell, eng.steps, eng.tags) == (m.cell("B1"), 1, ()) and g2.position.cleared == ((m.cell("B1"), "mines"),)
    assert "mines" not in g2.map.features_at("B1")
    from wartools.scenario import dumps_position, loads_position

    text = dumps_position(s, g2.position)                                     # a position file keeps it
    assert "cleared" in text and loads_position(text, s).cleared == g2.position.cleared
    with pytest.raises(WartoolsError, match="cleared.C1.0: unknown cell feature of C1 'mines'"):
        loads_position(text.replace("B1: [mines]", "C1: [mines]").replace("B1:\n  - mines", "C1:\n  - mines"), s)
    hq = [c.kind for c in legal_actions(g1) if c.unit == "hq" and c.dest == m.cell("B1")]
    assert hq == ["assault"]                                                  # the mine stands until it is fought
    from wartools.play.engine import start

    g3 = start(s, g2.position)
    g3, _, _ = step(g3, next(c for c in legal_actions(g3) if c.kind == "activate"), ScriptedDice([]))
    hq = [c.kind for c in legal_actions(g3) if c.unit == "hq" and c.dest == m.cell("B1")]
    assert hq == ["move"]                                                     # a cleared minefield is no assault


def _brute_force_mine_ends(unit, river):
    """Every sequence of four d10 faces (the most a minefield assault rolls here), replayed: exact."""
    import itertools

    from wartools.games.combat_infantry.assault import replay_mine_assault

    out: Counter = Counter()
    for faces in itertools.product(range(1, 11), repeat=4):
        out[replay_mine_assault(unit, faces, river)[0]] += 1
    return {e: Fraction(k, 10 ** 4) for e, k in out.items()}


@pytest.mark.parametrize("kind, strength, river", [("rifle", 1, False), ("rifle", 2, True), ("engineer", 2, False)])
def test_the_minefield_assault_chain_is_every_die_replayed(kind, strength, river):
    """7.2 with 9.2 and 9.3: the exact chain of an assault on an undefended minefield equals the die-by-die
    replay over every sequence of faces (a 1-step attacker checks morale each round; across a river -1F in
    round 1 except engineers, 9.1)."""
    from wartools.games.combat_infantry.assault import AssaultUnit, mine_assault

    unit = AssaultUnit(kind, strength, 2 if kind == "engineer" else 3, morale=6)
    assert dict(mine_assault(unit, river).pmf()) == _brute_force_mine_ends(unit, river)


def test_minefield_assault_ends_in_play_fit_the_exact_chain():
    from wartools.games.combat_infantry.assault import AssaultUnit, mine_assault

    rules = find_game("ci").turn_rules()
    m = tiny_map("ci", 3, 1, units=[("us-1", "US", "rifle", "B1", {"strength": 2, "tags": ["assaulting=A1"]})],
                 features={"B1": ["mines"]})
    a = m.unit("us-1")
    dice = RngDice(np.random.default_rng(8))
    res = [rules.fight_assaults(m, dice) for _ in range(TRIALS)]
    firepower = find_game("ci").fire_rules().target_profile("rifle").value("firepower")
    ends = mine_assault(AssaultUnit("rifle", 2, firepower, morale=rules.morale(a)))
    by_effects = {r.effects: r.rolls[0].p for r in res}
    assert sum(by_effects.values()) <= 1 and set(by_effects.values()) <= set(dict(ends.pmf()).values())
    assert all(r.rolls[0].expected == ends.prob(lambda e: e.cleared) for r in res)
    assert all(bool(r.cleared) == bool(r.rolls[0].value) for r in res)
    assert goodness_of_fit([r.effects for r in res], {**by_effects, "not seen": 1 - sum(by_effects.values())}) > 0.001
