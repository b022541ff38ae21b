"""Combat Infantry assaults (9.2): Caron Farm narrative (scripted and exact), brute-force oracle,
modifiers and simulation."""
from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import numpy as np
import pytest

from wartools.dice import Dist, standard_errors
from wartools.errors import WartoolsError
from wartools.games.combat_infantry import assault as assault_module
from wartools.games.combat_infantry import combat
from wartools.games.combat_infantry.assault import (AssaultEnd, AssaultRules, AssaultUnit, Retreat, assault,
                                                    replay_assault, simulate_assault)

FACES = range(10)  # printed d10 faces; 0 counts as 10


# ---------------------------------------------------------------- 9.65 armor class zero
def test_armor_class_zero_in_assaults_9_65():
    # an infantry F3 cannot fire on a PZ-IV (AC3), but in an assault it hits it at F3
    ends = assault([AssaultUnit("rifle", 1, 3)], [AssaultUnit("tank", 1, 5, morale=10)],
                   AssaultRules(attacker_retreat_round=2))
    p_def_first = Fraction(5, 10)  # tank fires first at F5
    assert ends.prob(lambda e: e.winner == "attacker") == (1 - p_def_first) * Fraction(1, 2) * Fraction(3, 10)


# ---------------------------------------------------------------- 9 assaults: Caron Farm (Diagram 6)
US = [AssaultUnit("rifle", 2, 2, morale=5), AssaultUnit("mg", 2, 3, morale=5)]
GERMANS = [AssaultUnit("rifle", 3, 3, morale=6), AssaultUnit("rifle", 3, 3, morale=6)]
# Faces per side-round: morale dice of strength-1 units, then each firing unit's dice (listed order).
CARON_FARM = [
    5, 9, 1, 7,        # R1 USA: IN 2 (F2) misses, MG 2 (F3) one hit -> German IN 3 (uphill) to IN 2
    2, 8, 9, 4, 6,     # R1 Germans: IN 3 (F3) one hit (2) -> USA IN 2 to IN 1; IN 2 misses
    9,                 # R2 USA: IN 1 morale 9 > 5: disrupted
    3, 8,              # R2 MG 2 one hit -> the German IN 3 to IN 2
    7, 5, 1, 9,        # R2 Germans: IN 2, IN 2 one hit -> USA MG 2 to 1
    4, 2,              # R3 USA: MG 1 and IN 1 pass morale
    8, 2,              # R3 USA: IN misses, MG hits -> first German IN 2 to IN 1; Germans retreat
]


def test_caron_farm_assault_scripted():
    end, log = replay_assault(GERMANS, US, CARON_FARM)
    assert end == AssaultEnd("defender", 3, attackers=(1, 2), defenders=(1, 1), how="retreated")
    assert any("disrupted" in line for line in log)
    with pytest.raises(WartoolsError):
        replay_assault(GERMANS, US, CARON_FARM[:-1])


def test_caron_farm_assault_exact_contains_narrative_end():
    ends = assault(GERMANS, US)
    narrative = AssaultEnd("defender", 3, (1, 2), (1, 1), "retreated")
    assert 0 < ends[narrative] < Fraction(1, 10)
    assert sum(ends.probabilities) == 1
    assert all(e.round <= 3 for e in ends)


# ---------------------------------------------------------------- 9.2 exact chain vs oracles
def forward(chain, expand) -> Dist:
    """Plain Fraction forward propagation, side-round by side-round; ``expand`` yields (next, p)."""
    mass, ends = {chain.start: Fraction(1)}, {}
    while mass:
        state = min(mass, key=lambda s: (s[0], s[1]))
        p = mass.pop(state)
        for nxt, q in expand(state):
            target = ends if isinstance(nxt, AssaultEnd) else mass
            target[nxt] = target.get(nxt, 0) + p * q
    return Dist._from_dict(ends)


def brute_assault(attackers, defenders, rules=None) -> Dist:
    """Forward enumeration: every phase replayed on every printed face sequence."""
    chain = assault_module._Assault(attackers, defenders, rules)

    def expand(state):
        rnd, phase, att, dfn, room = state
        own = att if phase else dfn
        need = sum(s for s in own if s > 0) + sum(1 for s in own if s == 1)
        seqs = list(itertools.product(FACES, repeat=need))
        for seq in seqs:
            yield chain.replay_phase(state, iter(seq), []), Fraction(1, len(seqs))
    return forward(chain, expand)


def fraction_assault(attackers, defenders, rules=None) -> Dist:
    """Oracle for the integer-weight chain: the first, Fraction-by-Fraction version of the step."""
    chain = assault_module._Assault(attackers, defenders, rules)

    def expand(state):
        rnd, phase, att, dfn, room = state
        own, enemy = (att, dfn) if phase == 1 else (dfn, att)
        patterns = {frozenset(): Fraction(1)}
        for i, morale in chain.checkers(rnd, phase, own):
            q = 1 - combat.morale_check(morale)
            new = {}
            for pat, p in patterns.items():
                new[pat | {i}] = new.get(pat | {i}, 0) + p * q
                new[pat] = new.get(pat, 0) + p * (1 - q)
            patterns = new
        for pat, p in patterns.items():
            if chain.retreats(rnd, phase):
                own2, room2, _ = chain.after(phase, own, pat, room)
                yield chain.next_state(rnd, phase, own2, enemy, room2), p
                continue
            enemies = {enemy: p}
            for i, dice, f, atr in chain.shooters(rnd, phase, own):
                if i in pat:
                    continue
                new_e = {}
                for e, pe in enemies.items():
                    for h, ph in combat.fire(dice, f, hit_limit=chain.rules.hit_limit).items:
                        e2 = assault_module._apply(e, chain.kinds[1 - phase], h, atr)
                        new_e[e2] = new_e.get(e2, 0) + pe * ph
                enemies = new_e
            for e, pe in enemies.items():
                yield chain.next_state(rnd, phase, own, e, room), pe
    return forward(chain, expand)


SMALL = [
    ([AssaultUnit("rifle", 1, 3)], [AssaultUnit("rifle", 2, 2, morale=4)], AssaultRules()),
    ([AssaultUnit("engineer", 1, 2)], [AssaultUnit("at-gun", 1, 4, morale=7)], AssaultRules(river_or_cliff=True)),
    ([AssaultUnit("atr", 1, 4), AssaultUnit("rifle", 1, 2)], [AssaultUnit("tank", 1, 3, morale=6)],
     AssaultRules(smoke=True)),
    ([AssaultUnit("rifle", 2, 5)], [AssaultUnit("hq", 1, 2, morale=8), AssaultUnit("mortar", 1, 3, morale=3)],
     AssaultRules(hit_limit=1, defender_retreat_round=3)),
    ([AssaultUnit("rifle", 1, 6)], [AssaultUnit("rifle", 1, 1)], AssaultRules(attacker_can_retreat=False)),
    # 9.4: two attackers retreat in round 3 into one hex with room for one: the second is eliminated
    ([AssaultUnit("rifle", 1, 3), AssaultUnit("rifle", 1, 2, river_or_cliff=True)], [AssaultUnit("rifle", 1, 2)],
     AssaultRules(attacker_retreat=Retreat(("A1",), (1,), (2,), ((True,), (True,))))),
    # 9.4: defenders retreat from round 2 through hexsides letting one unit a round each; the first unit
    # may not cross into B1 (a hexside impassable to it), the second takes it; room is kept across rounds
    ([AssaultUnit("rifle", 1, 4)], [AssaultUnit("rifle", 1, 2, morale=4), AssaultUnit("rifle", 1, 3, morale=7)],
     AssaultRules(defender_retreat_round=2,
                  defender_retreat=Retreat(("B1", "C2"), (1, 1), (1, 1), ((False, True), (True, True))))),
]


@pytest.mark.parametrize("attackers,defenders,rules", SMALL)
def test_assault_markov_chain_matches_face_enumeration(attackers, defenders, rules):
    assert assault(attackers, defenders, rules) == brute_assault(attackers, defenders, rules)


BENCH_ATT = [AssaultUnit("rifle", 4, 3), AssaultUnit("engineer", 4, 2), AssaultUnit("atr", 4, 2)]
BENCH_DFN = [AssaultUnit("rifle", 4, 2), AssaultUnit("mg", 4, 4), AssaultUnit("hq", 4, 2, morale=7)]
LARGE = [
    (BENCH_ATT, BENCH_DFN, AssaultRules()),  # benchmarks/combat.py: 170 end states
    (BENCH_ATT, BENCH_DFN, AssaultRules(river_or_cliff=True, smoke=True, hit_limit=2,
                                        defender_retreat_round=2, defender_can_retreat=False)),
    (GERMANS, US, AssaultRules()),
    ([AssaultUnit("atr", 3, 4), AssaultUnit("at-gun", 2, 5), AssaultUnit("mortar", 2, 3, morale=3)],
     [AssaultUnit("tank", 3, 5), AssaultUnit("rifle", 1, 3, morale=4), AssaultUnit("hq", 1, 2, morale=8)],
     AssaultRules(attacker_retreat_round=2, attacker_can_retreat=False)),
    ([AssaultUnit("rifle", 2, 0)], [AssaultUnit("rifle", 2, 11, morale=0)], AssaultRules()),
]


@pytest.mark.parametrize("attackers,defenders,rules", LARGE)
def test_integer_weight_chain_equals_fraction_oracle(attackers, defenders, rules):
    got = assault(attackers, defenders, rules)
    assert got == fraction_assault(attackers, defenders, rules)
    assert all(type(p) is Fraction for p in got.probabilities) and sum(got.probabilities) == 1


def test_assault_three_against_three_simulation_within_four_standard_errors():
    att = [AssaultUnit("rifle", 4, 3), AssaultUnit("engineer", 3, 2), AssaultUnit("rifle", 2, 2)]
    dfn = [AssaultUnit("rifle", 3, 3), AssaultUnit("mg", 3, 4), AssaultUnit("hq", 1, 2, morale=7)]
    exact = assault(att, dfn)
    trials = 100_000
    sim = simulate_assault(att, dfn, trials, np.random.default_rng(1944))
    winner = exact.map(lambda e: e.winner)
    assert max(standard_errors(winner, sim.map(lambda e: e.winner), trials).values()) < 4
    assert max(standard_errors(exact, sim, trials).values()) < 4


def test_assault_modifiers():
    rifle, f3 = [AssaultUnit("rifle", 1, 4)], [AssaultUnit("rifle", 1, 3, morale=10)]
    one_round = AssaultRules(attacker_retreat_round=2)
    # engineers double firepower (9.64)
    eng = assault([AssaultUnit("engineer", 1, 2)], f3, one_round)
    assert eng == assault(rifle, f3, one_round)
    # river/cliff: -1F in round 1 except engineers (9.1)
    p = assault(rifle, f3, AssaultRules(attacker_retreat_round=2, river_or_cliff=True))
    assert p.prob(lambda e: e.winner == "attacker") == Fraction(7, 10) * Fraction(1, 2) * Fraction(3, 10)
    assert assault([AssaultUnit("engineer", 1, 2)], f3,
                   AssaultRules(attacker_retreat_round=2, river_or_cliff=True)) == eng
    # smoke: -1F for both sides
    s = assault(rifle, f3, AssaultRules(attacker_retreat_round=2, smoke=True))
    assert s.prob(lambda e: e.winner == "attacker") == Fraction(8, 10) * Fraction(1, 2) * Fraction(3, 10)
    # AT guns defend normally in round 1, F1 later (9.61)
    gun = assault([AssaultUnit("rifle", 3, 0)], [AssaultUnit("at-gun", 3, 6)])
    assert gun.prob(lambda e: e.attackers[0] == 0) == Dist.binomial(3, Fraction(6, 10)).at_least(3) + sum(
        Dist.binomial(3, Fraction(6, 10))[k] * Dist.binomial(6, Fraction(1, 10)).at_least(3 - k)
        for k in range(3))


def test_hq_ignores_morale_unless_alone_and_lends_morale():
    # an HQ at strength 1 with another unit does not check; the rifle uses the HQ's morale 2
    att = [AssaultUnit("rifle", 3, 0, morale=5)]
    dfn = [AssaultUnit("hq", 1, 10, morale=2), AssaultUnit("rifle", 1, 10, morale=1)]
    ends = assault(att, dfn, AssaultRules(attacker_retreat_round=1))
    # round 1: the HQ (F10) always hits; the rifle fires only if it passes morale 2 (1/5).
    # An attacker left at strength 1 checks morale 5 before retreating; a disrupted unit
    # cannot retreat (9.3) and is eliminated by the round 2 defender fire.
    assert ends.map(lambda e: e.attackers[0]).pmf() == {
        2: Fraction(4, 5), 1: Fraction(1, 5) * Fraction(1, 2), 0: Fraction(1, 5) * Fraction(1, 2)}


def test_an_hq_alone_in_an_assault_checks_morale_9_3_9_66():
    """9.3, 9.66: HQs ignore the morale check unless they are the only unit (of their side) in the assault.
    An HQ at strength 1 defending alone with morale 2 fires (F10: a hit) only when it passes, 1 in 5; beside
    a rifle squad at full strength it never checks and always hits. The attacker retreats in round 1."""
    att = [AssaultUnit("rifle", 3, 0, morale=5)]
    rules = AssaultRules(attacker_retreat_round=1)
    alone = assault(att, [AssaultUnit("hq", 1, 10, morale=2)], rules)
    assert alone.map(lambda e: e.attackers[0]).pmf() == {2: Fraction(1, 5), 3: Fraction(4, 5)}
    beside = assault(att, [AssaultUnit("hq", 1, 10, morale=2), AssaultUnit("rifle", 3, 0)], rules)
    assert beside.map(lambda e: e.attackers[0]).pmf() == {2: Fraction(1)}
    end, log = replay_assault(att, [AssaultUnit("hq", 1, 10, morale=2)], [3], rules)   # morale die 3 > 2
    assert end.attackers[0] == 3 and "disrupted" in log[0]


@pytest.mark.parametrize("how, passes", [("hq", Fraction(2, 5)), ("better", Fraction(4, 5))])
def test_a_unit_beside_an_hq_checks_with_its_morale_by_the_9_3_note_an_option(how, passes):
    """9.3 note: use the morale of a commanding HQ in the assault hex. A veteran squad at strength 1 (morale 8)
    beside an HQ of morale 4 checks with 4 by default (option assault-hq-morale hq, the note's words), with
    its own 8 by the reading better; it fires (F10: a hit) when it passes. The chain, the simulation and
    hex_assault (the game option) agree."""
    att = [AssaultUnit("rifle", 3, 0, morale=5)]
    dfn = [AssaultUnit("hq", 3, 0, morale=4), AssaultUnit("rifle", 1, 10, morale=8)]
    rules = AssaultRules(attacker_retreat_round=1, hq_morale=how)
    ends = assault(att, dfn, rules)
    assert ends.map(lambda e: e.attackers[0]).pmf() == {2: passes, 3: 1 - passes}
    sim = simulate_assault(att, dfn, 4000, np.random.default_rng(93), rules)
    p = float(passes)
    assert abs(sim.prob(lambda e: e.attackers[0] == 2) - p) < 4 * (p * (1 - p) / 4000) ** 0.5
    from wartools.testing import tiny_map
    from wartools.games.combat_infantry.hexassault import hex_assault

    m = tiny_map("ci", 3, 1, units=[("us", "US", "rifle", "B1", {"tags": ["assaulting=A1", "firepower=0"]}),
                                    ("hq", "German", "hq", "B1", {"tags": ["morale=4", "firepower=0"]}),
                                    ("de", "German", "rifle", "B1", {"strength": 1, "tags": ["morale=8"]})])
    a = hex_assault(m.with_options(**{"assault-hq-morale": how}), "B1")
    assert a.rules.hq_morale == how and any(x.option == "assault-hq-morale" for x in a.assumptions)


def test_atr_targets_tanks():
    atr = [AssaultUnit("atr", 2, 10)]
    dfn = [AssaultUnit("rifle", 3, 0), AssaultUnit("tank", 2, 0)]
    ends = assault(atr, dfn, AssaultRules(attacker_retreat_round=2))
    assert ends.map(lambda e: e.defenders) == Dist.constant((3, 0))


def test_assault_rules_validation():
    with pytest.raises(WartoolsError):
        AssaultRules(defender_retreat_round=1)
    with pytest.raises(WartoolsError):
        AssaultRules(attacker_retreat_round=4)
    with pytest.raises(WartoolsError):
        AssaultUnit("rifle", 0, 3)
    with pytest.raises(WartoolsError):
        assault([], [AssaultUnit("rifle", 1, 3)])


@pytest.mark.parametrize("room, limit, survivors", [((1,), (2,), (2, 0)), ((2,), (1,), (2, 0)), ((2,), (2,), (2, 2)),
                                                    ((1, 1), (1, 1), (2, 2))])
def test_retreats_fill_the_room_and_the_hexside_limit_of_a_round_9_4(room, limit, survivors):
    """9.4: units retreat into adjacent hexes subject to stacking (8.2), no more across a hexside in one
    round than its assault limit; with no valid hex left a unit is eliminated (6.33). Two attackers that
    cannot hit and cannot be hit (F0 both sides, no morale checks at strength 2) retreat in round 3."""
    hexes = ("A1", "C1")[:len(room)]
    rules = AssaultRules(attacker_retreat=Retreat(hexes, room, limit, ((True,) * len(room),) * 2))
    att, dfn = [AssaultUnit("rifle", 2, 0)] * 2, [AssaultUnit("rifle", 2, 0)]
    how = "retreated" if any(survivors) else "eliminated"
    assert assault(att, dfn, rules) == Dist.constant(AssaultEnd("defender", 3, survivors, (2,), how))
    end, log = replay_assault(att, dfn, [5] * 14, rules)
    assert end.attackers == survivors and ("1 eliminated: no valid hex" in log[-1]) == (survivors[1] == 0)


MINE = AssaultUnit("mine", 1, 0)


@pytest.mark.parametrize("attackers, defenders", [
    ([AssaultUnit("rifle", 1, 3, morale=6)], [MINE]),
    ([AssaultUnit("engineer", 1, 2, morale=6), AssaultUnit("rifle", 1, 3)], [MINE]),
    ([AssaultUnit("rifle", 1, 4, morale=6)], [AssaultUnit("rifle", 1, 2, morale=4), MINE]),
    ([AssaultUnit("engineer", 1, 2)], [AssaultUnit("hq", 1, 3, morale=8), MINE]),
])
def test_a_defended_minefield_is_every_die_replayed_7_2(attackers, defenders):
    """7.2: a minefield is a defending unit that never fires, makes no morale check and cannot retreat,
    and one hit eliminates it; attacker hits are distributed normally on the defenders, the mine included,
    and every 9 or 0 an attacker rolls while it stands is a hit on that attacker; an engineer targets the
    mine at double firepower and is hit by its 0s only (9.64). The exact chain equals the die-by-die replay
    over every sequence of faces."""
    assert assault(attackers, defenders) == brute_assault(attackers, defenders)


@pytest.mark.parametrize("unit, river", [(AssaultUnit("rifle", 2, 3, morale=6), True),
                                         (AssaultUnit("engineer", 2, 2, morale=6), False)])
def test_an_undefended_minefield_in_the_assault_chain_is_the_minefield_chain_7_2(unit, river):
    """The general chain with the mine as the hex's one defender gives the minefield chain's odds
    (:func:`mine_assault`): the same chance to clear it, in each round, with each strength left."""
    from wartools.games.combat_infantry.assault import mine_assault

    ends = assault([dataclasses.replace(unit, river_or_cliff=river)], [MINE])
    mine = mine_assault(unit, river)
    assert ends.map(lambda e: (e.winner == "attacker", e.round, e.attackers[0])) == \
        mine.map(lambda e: (e.cleared, e.round, e.strength))
