"""Combat Infantry's game turn, commands and actions in playouts (1.0, 1.1, 1.2, 2.4, 4.1), from the
rules' text: eight player turns a game turn, four a player, alternating, the first player of every later
game turn by a high d10 (1.0); the active player activates one HQ (1.1); a platoon HQ commands the rifle
squads in its command range plus ONE company weapon there, a company HQ any three units anywhere but
another HQ (1.1, 2.4, 4.1); each commanded unit takes one action and may not act again that game turn,
nor may the HQ activate again (1.2, 4.2).
"""
from __future__ import annotations

from analysis_helpers import tiny_scenario
from wartools.play.engine import legal_actions, start, step
from wartools.rules.turn import ScriptedDice

#: Combat Infantry, 8 x 3: a US platoon HQ in B2 with a rifle squad, one adjacent rifle squad, a machine
#: gun and a mortar, a rifle squad far off in G2 and a company HQ in A3; the Germans far east
UNITS = [("phq", "US", "hq", "B2"), ("r1", "US", "rifle", "B2"), ("r2", "US", "rifle", "C2"),
         ("r3", "US", "rifle", "G2"), ("mg", "US", "mg", "B1"), ("mo", "US", "mortar", "B3"),
         ("chq", "US", "hq", "A3"), ("de-hq", "German", "hq", "H1"), ("de-r", "German", "rifle", "H3")]


def _take(g, kind, unit=None, faces=()):
    """Play the first legal action ``kind`` of ``unit`` with scripted dice."""
    c = next((c for c in legal_actions(g) if (c.kind, c.unit) == (kind, unit)), None)
    assert c is not None, f"{kind} {unit} is not legal: {[c.text(g.map) for c in legal_actions(g)]}"
    return step(g, c, ScriptedDice(list(faces)))


def _acting(g):
    """The units offered an action other than an HQ's activation or a pass."""
    return {c.unit for c in legal_actions(g) if c.kind not in ("activate", "deploy", "pass", "end", "command-check")}


def test_a_game_turn_is_eight_player_turns_alternating_and_a_high_d10_names_the_next_first_player_1_0():
    """1.0: a game turn is 8 player turns, 4 per player; the scenario names player 1 of game turn 1 and
    a high 1d10 roll the first player of each later one (a tie is rolled again, the turn rules' reading).
    Both sides pass every player turn; game turn 2's roll is scripted both ways."""
    firsts = set()
    for faces in ((4, 4, 9, 2), (4, 4, 2, 9)):
        s = tiny_scenario("combat-infantry", 8, 3, UNITS, turns=2)
        g = start(s)
        seen: dict[int, list[str]] = {}
        while not g.over:
            seen.setdefault(g.turn.turn, []).append(g.side)
            g, acts, _ = _take(g, "pass", faces=faces if len(seen[g.turn.turn]) == 8 and g.turn.turn == 1 else ())
            if acts[-1].kind == "first-player":
                assert acts[-1].rolls[0].faces == faces and acts[-1].rolls[0].rule == "Combat Infantry 1.0"
        other = next(x for x in s.sides if x != s.first)
        assert seen[1] == [s.first, other] * 4
        sides = tuple(s.sides)
        first = sides[0] if faces[2] > faces[3] else sides[1]
        assert seen[2] == [first, next(x for x in sides if x != first)] * 4
        firsts.add(first)
    assert len(firsts) == 2                     # the roll decides, not the order of the game turns


def test_a_platoon_hq_commands_its_squads_in_range_and_one_weapon_a_company_hq_any_three_1_1_2_4_4_1():
    """1.1, 4.1: the PHQ commands the rifle squads in command range (its hex and the adjacent ones; the
    squad in G2 is out of it, and may only act on a no-command check, 4.3) plus one company weapon in
    range (2.4: commanded by an adjacent PHQ): once the machine gun has acted, the mortar may not. The
    CHQ, in another player turn, commands any three units anywhere (the far squad too) but no HQ."""
    s = tiny_scenario("combat-infantry", 8, 3, UNITS, turns=1)
    g = start(s)
    assert {c.unit for c in legal_actions(g) if c.kind == "activate"} == {"phq", "chq"}
    g, _, _ = _take(g, "activate", "phq")
    assert set(g.turn.commanded) == {"r1", "r2", "mg", "mo"}
    assert {c.unit for c in legal_actions(g) if c.kind == "command-check"} == {"r3"}
    g, _, _ = _take(g, "move", "mg")
    assert _acting(g) == {"phq", "r1", "r2"}                 # one weapon only: the mortar is not offered
    g, _, _ = _take(g, "end", "phq")
    g, _, _ = _take(g, "pass")                               # the German player turn
    g, _, _ = _take(g, "activate", "chq")
    assert set(g.turn.commanded) == {"r1", "r2", "r3", "mo"}  # anywhere; not the PHQ, not the mg that acted
    for unit in ("r3", "mo", "r2"):
        g, _, _ = _take(g, "move", unit)
    assert _acting(g) == {"chq"}                             # three units commanded, then the CHQ itself


def test_each_commanded_unit_takes_one_action_and_an_hq_activates_once_a_game_turn_1_1_1_2():
    """1.2: a commanded unit does ONE action and may not act again this game turn; 1.1: the active
    player activates one HQ, which acts last (4.2), and an HQ that has activated does not activate again
    in the game turn, so the player's next turn may activate only the other HQ."""
    s = tiny_scenario("combat-infantry", 8, 3, UNITS, turns=1)
    g = start(s)
    g, _, _ = _take(g, "activate", "phq")
    g, _, _ = _take(g, "move", "r2")
    assert "r2" not in _acting(g) and {"r1", "phq"} <= _acting(g)
    g, _, _ = _take(g, "move", "phq")                        # the HQ's own action ends the activation
    assert g.side == "German" and g.turn.active is None
    g, _, _ = _take(g, "pass")
    assert {c.unit for c in legal_actions(g) if c.kind == "activate"} == {"chq"}
    g, _, _ = _take(g, "activate", "chq")
    assert not {"r2", "phq"} & set(g.turn.commanded) and "r1" in g.turn.commanded
