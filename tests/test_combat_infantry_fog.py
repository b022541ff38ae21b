"""Combat Infantry fog of war in play: which way a block faces (upright: hidden, face-up: revealed), each
clause from the rule's text (Fog of War, 1.2, 1.3, 2.53, 2.55, 4.2, 6.1, 7.0, 9.2)."""
from __future__ import annotations

import yaml

from test_play_examples import _play
from wartools.games.combat_infantry.orientation import orient
from wartools.play import start
from wartools.scenario import loads_scenario
from wartools.testing import tiny_map, tiny_map_data


def fog_scenario(us, german, *, first="US", turns=2, options=None, terrain=None):
    """A tiny two-turn Combat Infantry scenario; units as ``(id, type, cell, steps, hidden, *tags)``, each block
    facing as listed (option setup-upright off unless ``options`` say otherwise)."""
    def side(units):
        return {"units": [{"id": i, "type": t, "cell": c, **({"steps": n} if n else {}), **({"hidden": True} if h else {}),
                           **({"tags": list(tags)} if tags else {})}
                          for i, t, c, n, h, *tags in units]}

    data = {"format": "wartools-scenario/1", "name": "fog of war (our board)", "game": "combat-infantry",
            "turns": turns, "first": first,
            "map": tiny_map_data("combat-infantry", 4, 3, terrain=terrain or {}, name="tiny"),
            "sides": {"US": side(us), "German": side(german)},
            "victory": {"levels": [{"result": "Draw", "otherwise": True}]},
            "options": {"setup-upright": False, **(options or {})}}
    return loads_scenario(yaml.safe_dump(data))


class Game:
    """A game played action by action (:func:`test_play_examples._play`)."""

    def __init__(self, s):
        self.s, self.g = s, start(s)

    def __call__(self, kind, unit, **kw):
        self.g, acts, _ = _play(self.g, kind, unit, **kw)
        return acts

    def hidden(self, uid):
        return "hidden" in self.g.position.units[uid].tags


def test_a_unit_that_fires_is_turned_face_up_6_1():
    """6.1: units that fire are revealed by tipping them face-up (1.2 [b]: leave it face-up)."""
    play = Game(fog_scenario([("us-hq", "hq", "B2", 0, True), ("us-1", "rifle", "B2", 4, True)],
                             [("de-1", "rifle", "C2", 3, True)]))
    play("activate", "us-hq")
    assert play.hidden("us-1")
    (shot,) = play("fire", "us-1", target="de-1", faces=(9, 9, 9, 9))
    assert not play.hidden("us-1") and play.hidden("de-1")                  # the target is not revealed
    assert shot.effects[-1] == "us-1 is revealed: it fires (Combat Infantry 6.1)"


def test_a_mortar_that_bombards_is_turned_face_up_6_1_6_6():
    play = Game(fog_scenario([("us-hq", "hq", "B2", 0, False), ("us-m", "mortar", "A2", 2, True)],
                             [("de-1", "rifle", "D2", 3, False)]))
    play("activate", "us-hq")
    play("fire", "us-m", target="de-1", faces=(9, 9))
    assert not play.hidden("us-m")


def test_an_hq_ends_its_activation_face_up_whether_it_deploys_or_not_4_2():
    """4.2: HQs are activated by deploying one hex (optional) and then turning face-up."""
    s = fog_scenario([("us-hq", "hq", "B2", 0, True), ("us-1", "rifle", "B2", 4, True)],
                     [("de-hq", "hq", "D2", 0, True), ("de-1", "rifle", "D3", 3, True)])
    play = Game(s)
    play("activate", "us-hq")
    assert not play.hidden("us-hq") and play.hidden("us-1")
    play("end", "us-hq")
    play("deploy", "de-hq", dest="D1")
    assert not play.hidden("de-hq") and play.g.map.label(play.g.map.unit("de-hq").cell) == "D1"


def test_a_tank_that_moves_is_revealed_and_other_units_that_move_are_not_2_53():
    """2.53: tanks must be revealed when they fire or move (the Fog of War note: tanks are an exception);
    a squad that moves stays hidden (8.0: it may be turned face-down, not face-up)."""
    play = Game(fog_scenario([("us-hq", "hq", "B2", 0, False), ("us-t", "tank", "B1", 2, True),
                              ("us-1", "rifle", "B3", 4, True)], [("de-1", "rifle", "D3", 3, True)]))
    play("activate", "us-hq")
    play("move", "us-1", dest="A3")
    (moved,) = play("move", "us-t", dest="A1")
    assert play.hidden("us-1") and not play.hidden("us-t")
    assert moved.effects[-1] == "us-t is revealed: a tank is revealed when it moves (Combat Infantry 2.53)"


def test_units_are_turned_upright_at_the_end_of_the_game_turn_tanks_only_by_option_1_3():
    """1.3: units are now turned upright and a new game turn is played; turning tanks upright is optional
    (option tanks-upright, default: they stay face-up); 2.55: a bunker is always face-up."""
    units = ([("us-hq", "hq", "B2", 0, False), ("us-1", "rifle", "B2", 4, False), ("us-t", "tank", "A1", 2, False)],
             [("de-1", "rifle", "D3", 3, False), ("de-b", "bunker", "D1", 2, False)])
    for option, tank_hidden in ((False, False), (True, True)):
        play = Game(fog_scenario(*units, options={"tanks-upright": option}))
        while play.g.position.turn == 1:
            acts = play("end" if play.g.turn.active else "pass", play.g.turn.active, faces=(3, 7))
        assert [a.kind for a in acts][-2:] == ["end-of-turn", "first-player"]
        assert acts[-2].effects == (f"units are turned upright at the end of the game turn: de-1, us-hq, us-1"
                                    f"{', us-t' if tank_hidden else ''} (Combat Infantry 1.3)",)
        assert [play.hidden(u) for u in ("us-hq", "us-1", "us-t", "de-1", "de-b")] == [True, True, tank_hidden,
                                                                                      True, False]
    assert "tanks-upright" in {a.option for a in play.s.game.turn_rules().assumptions()}


def test_attackers_are_face_up_and_defenders_that_win_stand_upright_unless_they_activated_9_2():
    """9.2: attacking units are face-up after an assault; defending units that win an assault stand upright
    if they have not activated this game turn (de-2 fired in the German player turn: it stays face-up)."""
    s = fog_scenario([("us-hq", "hq", "A2", 0, True), ("us-2", "rifle", "B2", 1, True)],
                     [("de-hq", "hq", "D2", 0, False), ("de-1", "rifle", "C2", 2, False),
                      ("de-2", "rifle", "C2", 2, False)], first="German")
    play = Game(s)
    play("activate", "de-hq")
    play("fire", "de-2", target="us-2", faces=(9, 9))
    play("end", "de-hq")
    play("activate", "us-hq")
    play("assault", "us-2", dest="C2")
    assert not play.hidden("us-2")
    (end,) = play("end", "us-hq", faces=(1,) * 12)
    assert "us-2" in end.eliminated
    assert play.hidden("de-1") and not play.hidden("de-2")
    assert "de-1 stands upright: it won the assault it defended without having activated this game turn " \
           "(Combat Infantry 9.2)" in end.effects


def test_a_special_action_reveals_and_a_bunker_is_never_hidden_7_0_2_55():
    """7.0: units end a special action face-up; 2.55: a bunker is always face-up, so nothing hides it."""
    m = tiny_map("ci", 3, 1, units=[("e", "US", "engineer", "A1", ["hidden"]), ("b", "German", "bunker", "C1")])
    changes, words = orient(m, ("e",), "special")
    assert [(ch.unit, ch.remove) for ch in changes] == [("e", ("hidden",))]
    assert words == ("e is revealed: it does a special action (Combat Infantry 7.0)",)
    assert orient(m, ("b",), "defended") == orient(m, ("b",), "game turn") == ((), ())
    assert orient(m, ("e",), "fire")[0] and not orient(m.with_options(), ("b",), "fire")[0]


def test_every_unit_in_an_assault_is_revealed_defenders_too_9_1_9_2():
    """9.1: reveal all units in each assault; 9.2: defending units that win stand upright only if they have
    not activated this game turn. de-1 moved (hidden: a moving rifle stays upright) in the German player
    turn, then defended C2 and won (nobody can hit, F0: the attacker retreats in round 3): it was revealed
    by the assault and, having activated, does not stand upright again."""
    s = fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-2", "rifle", "B2", 2, True, "firepower=0")],
                     [("de-hq", "hq", "D3", 0, False), ("de-1", "rifle", "C3", 2, True, "firepower=0")],
                     first="German")
    play = Game(s)
    play("activate", "de-hq")
    play("move", "de-1", dest="C2")
    play("end", "de-hq")
    assert play.hidden("de-1")
    play("activate", "us-hq")
    play("assault", "us-2", dest="C2")
    (end,) = play("end", "us-hq", faces=(5,) * 30)
    assert any("the defender wins" in e for e in end.effects), end.effects
    assert not play.hidden("de-1"), end.effects
    assert "de-1 is revealed: it defends in an assault (Combat Infantry 9.1)" in end.effects


def test_a_hidden_defender_that_retreats_is_revealed_9_1():
    """9.1: reveal all units in each assault. A hidden German squad that has not activated defends C2 and
    retreats in round 2 (option assault-defender-retreat; nobody can hit, F0): it is face-up in the hex it
    retreated to (9.2 stands upright only defenders that win)."""
    s = fog_scenario([("us-hq", "hq", "A2", 0, False), ("us-2", "rifle", "B2", 2, True, "firepower=0")],
                     [("de-hq", "hq", "D3", 0, False), ("de-1", "rifle", "C2", 2, True, "firepower=0")],
                     options={"assault-defender-retreat": "round-2"})
    play = Game(s)
    play("activate", "us-hq")
    play("assault", "us-2", dest="C2")
    (end,) = play("end", "us-hq", faces=(5,) * 30)
    assert any(e.startswith("de-1 retreats to") for e in end.effects), end.effects
    assert not play.hidden("de-1"), end.effects


def test_every_block_sets_up_upright_but_bunkers_and_tanks_by_choice_fog_of_war_2_53_2_55():
    """Fog of War: the blocks stand upright, label to the owner; 2.55: bunkers are always face-up; 2.53: tanks
    may be revealed at the start if desired (the owner's choice: option tanks-upright, default face-up). So play
    from a scenario's set-up starts with every other block hidden (option setup-upright, default on, named in
    the turn rules' readings), whatever the scenario marks; with the option off, or from a stated position,
    each block faces as given. Saint-Remy's start has every unit hidden but its tanks and bunkers."""
    from wartools import load_scenario

    units = ([("us-hq", "hq", "B2", 0, False), ("us-1", "rifle", "B2", 4, False), ("us-t", "tank", "A1", 2, False)],
             [("de-1", "rifle", "D3", 3, False), ("de-b", "bunker", "D1", 2, False)])
    for tanks in (False, True):
        s = fog_scenario(*units, options={"setup-upright": True, "tanks-upright": tanks})
        play = Game(s)
        assert [u for u in ("us-hq", "us-1", "us-t", "de-1", "de-b") if play.hidden(u)] == \
            ["us-hq", "us-1", *(["us-t"] if tanks else []), "de-1"]
        assert not any("hidden" in u.tags for u in start(s, s.start()).position.units.values())   # as stated
    assert not any(Game(fog_scenario(*units)).hidden(u) for u in ("us-hq", "us-1", "de-1"))         # option off
    assert "setup-upright" in [a.option for a in fog_scenario(*units).game.turn_rules().assumptions()]
    saint_remy = load_scenario("scenarios/combat-infantry-saint-remy.yaml")
    g = start(saint_remy)
    face_up = {uid for uid, u in g.position.units.items() if "hidden" not in u.tags}
    assert face_up == {u.id for u in g.map.units if u.type in ("tank", "vehicle", "bunker")}, face_up
