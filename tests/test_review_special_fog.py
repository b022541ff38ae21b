"""Clauses of Combat Infantry 7.0 special actions and block orientation (fog of war) that a mutation run of
``special.py``, ``orientation.py`` and the turn rules' calls left uncaught (the review of 2026-12-02): each
test here fails when its clause is broken in the code, and passes as the code stands."""
from __future__ import annotations

from fractions import Fraction

from test_combat_infantry_fog import Game, fog_scenario
from wartools.games.combat_infantry.orientation import orient
from wartools.games.combat_infantry.special import special_action
from wartools.testing import tiny_map


# --- special actions (7.0) ----------------------------------------------------------------------------
def test_a_foxhole_is_dug_in_the_diggers_own_hex_only_7_1():
    """7.1: a unit digs a foxhole (any commanded unit); the single answer asked of another hex, even a
    Clear one next to it, refuses it."""
    m = tiny_map("ci", 3, 1, units=[("r", "US", "rifle", "B1")])
    assert special_action(m, "r", "dig").allowed
    away = special_action(m, "r", "dig", "C1")
    assert not away.allowed and away.why_not == ("r digs only in its own hex, not C1 (7.1)",)


def test_a_rifle_squad_lays_no_smoke_7_4():
    """7.4: engineers lay smoke in one adjacent hex (and mortars on a spotted hex); a rifle squad next to
    the same hex may not (the single answer says why, whoever asks it)."""
    m = tiny_map("ci", 3, 1, units=[("e", "US", "engineer", "B1", {"strength": 2}),
                                    ("r", "US", "rifle", "B1", {"strength": 2})])
    assert special_action(m, "e", "smoke", "C1").allowed
    rifle = special_action(m, "r", "smoke", "C1")
    assert not rifle.allowed and rifle.why_not[0].startswith("r is a rifle: engineers and mortars lay smoke (7.4")


def test_a_unit_clears_wire_at_its_own_firepower_7_5():
    """7.5: the unit clears the wire by "firing", at its firepower (a ``firepower=N`` tag where the unit
    has one, 2.12): two steps at F3, at least one hit: 1 - (7/10)^2."""
    m = tiny_map("ci", 2, 1, features={"A1": ["wire"]},
                 units=[("r", "US", "rifle", "A1", {"strength": 2, "tags": ["firepower=3"]})])
    w = special_action(m, "r", "clear-wire")
    assert (w.dice, w.firepower, w.p) == (2, 3, 1 - Fraction(7, 10) ** 2)


# --- block orientation (Fog of War, 2.53, 6.6, 9.2) -----------------------------------------------------
def test_an_armored_vehicle_is_revealed_when_it_moves_as_a_tank_is_2_53():
    """2.53: tanks and armored vehicles (the same section's armored units) must be revealed when they move;
    a rifle squad that moves is not."""
    m = tiny_map("ci", 3, 1, units=[("v", "US", "vehicle", "A1", ["hidden"]), ("r", "US", "rifle", "B1", ["hidden"])])
    changes, words = orient(m, ("v", "r"), "move")
    assert [(ch.unit, ch.remove) for ch in changes] == [("v", ("hidden",))]
    assert words == ("v is revealed: a tank is revealed when it moves (Combat Infantry 2.53)",)


def test_a_tank_that_defended_and_won_stands_upright_whatever_tanks_upright_says_9_2():
    """9.2: defending units that win an assault stand upright if they have not activated this game turn:
    tanks too. Option tanks-upright is 1.3's (the end of the game turn), and leaves this alone."""
    m = tiny_map("ci", 2, 1, units=[("t", "German", "tank", "A1")])
    for option in (False, True):
        board = m.with_options(**{"tanks-upright": option})
        changes, words = orient(board, ("t",), "defended")
        assert [(ch.unit, ch.add) for ch in changes] == [("t", ("hidden",))]
        assert words == ("t stands upright: it won the assault it defended without having activated this game "
                         "turn (Combat Infantry 9.2)",)
    assert orient(m, ("t",), "game turn") == ((), ())


def test_a_mortar_that_bombards_is_revealed_for_its_bombardment_6_1_6_6():
    """6.1 and 6.6: a mortar that bombards is turned face-up, and the record says it bombarded (not fired)."""
    play = Game(fog_scenario([("us-hq", "hq", "B2", 0, False), ("us-m", "mortar", "A2", 2, True)],
                             [("de-1", "rifle", "D2", 3, False)]))
    play("activate", "us-hq")
    (shot,) = play("fire", "us-m", target="de-1", faces=(9, 9))
    assert not play.hidden("us-m")
    assert shot.effects[-1] == "us-m is revealed: it bombards (Combat Infantry 6.1, 6.6)"


def test_defenders_stand_upright_only_once_their_own_assault_is_won_9_2_9_5():
    """9.2: defending units that *win* an assault stand upright; 9.5: the winners of the first assault regroup
    before the next is fought. While the US winner on B1 chooses, the assault on D1 is not fought yet: its
    defender, face-up from the set-up and not activated, is left face-up until its own assault is decided."""
    from test_combat_infantry_assaults_in_play import Played
    from test_combat_infantry_regroup import _scenario

    s = _scenario(7, 1, [("us-chq", "US", "hq", "G1", 1, []), ("us-a", "US", "rifle", "A1", 2, []),
                         ("us-e", "US", "rifle", "E1", 2, ["firepower=0"]),
                         ("de-b", "German", "rifle", "B1", 1, ["firepower=0"]),
                         ("de-d", "German", "rifle", "D1", 2, ["firepower=0"])]).with_options(
        **{"setup-upright": False})                     # de-d face-up from the set-up
    play = Played(s)
    play("activate", "us-chq")
    play("assault", "us-a", dest="B1")
    play("assault", "us-e", dest="D1")
    first = play("end", "us-chq", faces=(1,) * 4)
    assert "assault on B1: the attacker wins in round 1 (eliminated)" in first.effects
    assert play.g.turn.phase == "regroup" and "hidden" not in play.g.position.units["de-d"].tags
    second = play("stay", "us-a", faces=(5,) * 10)
    assert "assault on D1: the defender wins in round 3 (retreated)" in second.effects
    assert "hidden" in play.g.position.units["de-d"].tags


# --- fire at a hex (6.3, 6.7) ---------------------------------------------------------------------------
def _hex_shot(m, firer, target):
    from wartools.games.combat_infantry.hexfire import hex_fire

    attack = m.game.fire_rules().attack(m, m.unit(firer), m.unit(target))
    return attack, hex_fire(m, m.unit(firer), m.unit(target), attack)


def test_fire_at_a_hex_has_the_d2_of_the_shot_that_makes_it_6_7_6_62_7_1_2_52():
    """Fire at a hidden unit's hex takes the hex's D2 as the shot has it: woods give D2 against fire but not
    against bombardment (6.62: treebursts); a sniper's target never has D2 (2.52); a foxhole in Clear terrain
    gives D2 against fire (7.1)."""
    def d2(firer, terrain=None, features=None):
        m = tiny_map("ci", 3, 1, terrain=terrain or {}, features=features or {},
                     units=[("x", "US", firer, "B1", {"strength": 2}),
                            ("de", "German", "rifle", "C1", {"strength": 2, "tags": ["hidden"]})])
        return _hex_shot(m, "x", "de")[1].d2

    assert (d2("rifle", {"C1": "woods"}), d2("mortar", {"C1": "woods"}), d2("sniper", {"C1": "woods"})) == (
        True, False, False)
    assert (d2("rifle"), d2("rifle", features={"C1": ["foxhole"]})) == (False, True)


def test_a_spotted_bombardment_at_a_hex_keeps_the_adjacent_hqs_plus_one_6_61():
    """6.61: a bombardment an HQ adjacent to the target hex spots is at +1F; fired at a hidden unit's hex it
    rolls the same dice at the same net firepower as the attack question answers."""
    from wartools.games.combat_infantry.combat import fire

    m = tiny_map("ci", 5, 1, terrain={"B1": "woods"},
                 units=[("m", "US", "mortar", "A1", {"strength": 2}), ("hq", "US", "hq", "C1"),
                        ("de", "German", "rifle", "D1", {"strength": 2, "tags": ["hidden"]})])
    attack, shot = _hex_shot(m, "m", "de")
    assert attack.inputs["modifier"] == 1
    assert shot.hits == fire(2, attack.inputs["firepower"], modifier=1) != fire(2, attack.inputs["firepower"])


def test_a_mortar_lays_smoke_as_far_as_its_range_and_no_farther_7_4_2_13():
    """7.4: mortars lay smoke on a spotted target hex; 2.13: within the weapon's range in hexes. On open
    ground the hex at its range is one, the next one not."""
    from wartools.games.combat_infantry.special import mortar_smoke_hexes

    m = tiny_map("ci", 12, 1, units=[("mo", "US", "mortar", "A1", {"strength": 2})])
    reach = m.game.fire_rules().target_profile("mortar").range
    assert 1 < reach < 11
    seen = {m.grid.distance(m.unit("mo").cell, c) for c in mortar_smoke_hexes(m, m.unit("mo"))}
    assert seen == set(range(1, reach + 1))
    at = m.label(next(c for c in m.grid.cells() if m.grid.distance(m.unit("mo").cell, c) == reach))
    beyond = m.label(next(c for c in m.grid.cells() if m.grid.distance(m.unit("mo").cell, c) == reach + 1))
    assert special_action(m, "mo", "smoke", at).allowed and not special_action(m, "mo", "smoke", beyond).allowed
