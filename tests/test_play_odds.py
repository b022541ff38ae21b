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

from wartools.games import find_game
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


@pytest.mark.parametrize("game_id, units, seed", [
    ("combat-infantry", [("us-1", "US", "rifle", "A1", {"strength": 4}), ("de-1", "German", "rifle", "B1")], 1),
    ("conflict-of-heroes", [("su-1", "Soviet", "infantry", "A1"), ("de-1", "German", "infantry", "C1")], 2),
    ("heroes-of-normandie", [("us-1", "US", "infantry", "A1"), ("de-1", "German", "infantry", "C1")], 3),
])
def test_shot_outcomes_fit_the_exact_odds(game_id, units, seed):
    m = tiny_map(game_id, 4, 1, units=units)
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
    from wartools.games.combat_infantry.assault import AssaultUnit, assault

    game = find_game("ci")
    rules = game.turn_rules()
    m = tiny_map("ci", 3, 1, units=[("us-1", "US", "rifle", "A1", {"strength": 2}),
                                   ("de-1", "German", "rifle", "B1", {"strength": 1})])
    a = m.unit("us-1")
    dice = RngDice(np.random.default_rng(5))
    res = [rules.resolve_assault(m, a, (a.cell, m.cell("B1")), dice, _state(m, "US")) for _ in range(TRIALS)]
    ends = assault([AssaultUnit("rifle", 2, 2, 6)], [AssaultUnit("rifle", 1, 2, 6)])
    by_effects = {r.effects: r.rolls[0].p for r in res}      # one end state per distinct outcome
    assert set(by_effects.values()) <= set(dict(ends.pmf()).values())
    win = ends.prob(lambda e: e.winner == "attacker")
    assert all(r.rolls[0].expected == win for r in res)
    other = 1 - sum(by_effects.values())
    assert other >= 0
    assert goodness_of_fit([r.effects for r in res], {**by_effects, "not seen": other}) > 0.001


def test_a_spotted_bombardment_resolves_at_the_attack_questions_firepower():
    """6.61: an adjacent spotting HQ adds +1F to a bombardment; the shot a playout resolves is the
    attack question's, modifier included (its recorded expectation is the attack's)."""
    units = [("m-1", "German", "mortar", "A2"), ("hq-1", "German", "hq", "E1"), ("u-1", "US", "rifle", "E2")]
    m = tiny_map("ci", 6, 3, units=units, terrain={"C1": "woods", "C2": "woods", "C3": "woods"})
    attack, rolls = _resolve_many("combat-infantry", m, "m-1", "u-1", 9)
    assert attack.inputs.get("modifier") == 1
    assert all(r.expected == attack.expected for r in rolls) and "at F5" in rolls[0].what
    assert goodness_of_fit([r.value for r in rolls], {r.value: r.p for r in rolls}) > 0.001


def test_the_combat_infantry_turn_rules_name_what_they_leave_out_truly():
    """A playout's mortars bombard by the attack question (6.6), so the omitted rules do not say
    that they never fire."""
    said = find_game("ci").turn_rules().assumptions()
    assert not any("mortars do not fire" in a.reading for a in said) and any("6.61" in a.rule for a in said)
    assert any("7.2" in a.rule and "minefield" in a.reading for a in said)      # moved into, never fought
