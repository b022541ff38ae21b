"""Company of Heroes fire in the analysis, each case from the rule's text (issue 20)."""
from __future__ import annotations

from analysis_helpers import tiny_scenario
from wartools.analysis import Board, fire_plan, threat_map
from wartools.movement import path
from wartools.scenario import loads_position

DEPLOYED = {"tags": ["deployed"]}


def test_only_he_damage_fires_over_a_building_5_1_and_7():
    """5.1: HE damage is indirect and can fire over buildings; 7: buildings block attacks. A heavy
    vehicle's AP does not go over the building with its HE; the threat pools only the HE."""
    s = tiny_scenario("company-of-heroes", 1, 5, [("t-1", "Wehrmacht", "heavy-vehicle", "A1"),
                                                  ("scout", "Wehrmacht", "infantry", "A4"),
                                                  ("u-1", "US", "infantry", "A5")], terrain={"A2": "building"})
    b = Board.of(s)
    over = b.fire.attack(b.map, b.unit("t-1"), b.probe("US", "infantry", b.map.cell("A3")), b.situation)
    assert over and over.inputs["damage"] == ["HE=1"]
    assert any("5.1" in r for r in over.rules)
    open_ = tiny_scenario("company-of-heroes", 1, 5, [("t-1", "Wehrmacht", "heavy-vehicle", "A1"),
                                                      ("scout", "Wehrmacht", "infantry", "A4"),
                                                      ("u-1", "US", "infantry", "A5")])
    ob = Board.of(open_)
    assert ob.fire.attack(ob.map, ob.unit("t-1"), ob.probe("US", "infantry", ob.map.cell("A3")),
                          ob.situation).inputs["damage"] == ["AP=2,HE=1"]
    t = threat_map(b, "US")
    assert ["HE=1"] in [a.inputs["damage"] for a in t.at("A3").attacks]
    assert ["AP=2,HE=1"] not in [a.inputs["damage"] for a in t.at("A3").attacks]
    assert t.at("A3").expected < threat_map(open_, "US").at("A3").expected


def test_a_range_tag_adds_to_a_range_of_three_or_more_7():
    """7 Range: +1 range per upgrade; an anti-tank team of range 3 with range+1 reaches 4 hexes."""
    s = tiny_scenario("company-of-heroes", 6, 1, [("at", "US", "at-team", "A1", {"tags": ["deployed", "range+1"]}),
                                                  ("scout", "US", "infantry", "D1"),
                                                  ("v-1", "Wehrmacht", "light-vehicle", "E1")])
    b = Board.of(s)
    a = b.fire.attack(b.map, b.unit("at"), b.unit("v-1"), b.situation)
    assert a and a.distance == 4
    plain = tiny_scenario("company-of-heroes", 6, 1, [("at", "US", "at-team", "A1", DEPLOYED),
                                                      ("scout", "US", "infantry", "D1"),
                                                      ("v-1", "Wehrmacht", "light-vehicle", "E1")])
    pb = Board.of(plain)
    assert pb.fire.attack(pb.map, pb.unit("at"), pb.unit("v-1"), pb.situation).kind == "range"


def test_the_camouflage_example_7():
    """7 Camouflage, the rulebook's example: a mortar four hexes away can target a camouflaged
    sniper if an ally is adjacent to the enemy sniper, otherwise it cannot."""
    sniper = ("sn", "Soviet", "infantry", "E1", {"tags": ["camouflaged"]})
    mortar = ("mo", "Wehrmacht", "mortar-team", "A1", DEPLOYED)
    s = tiny_scenario("company-of-heroes", 6, 1, [mortar, ("ally", "Wehrmacht", "infantry", "F1"), sniper],
                      teams={"Axis": ["Wehrmacht"], "Allies": ["Soviet", "US"]})
    plan = fire_plan(s, "Wehrmacht", target="sn")
    assert "sn" in plan.can_fire_at["mo"]
    assert ("mo", "sn") in {(a.unit, a.target) for a in plan.assignments}
    alone = tiny_scenario("company-of-heroes", 6, 1, [mortar, ("far", "Wehrmacht", "infantry", "B1"), sniper],
                          teams={"Axis": ["Wehrmacht"], "Allies": ["Soviet", "US"]})
    b = Board.of(alone)
    refused = b.fire.attack(b.map, b.unit("mo"), b.unit("sn"), b.situation)
    assert refused.kind == "spotting" and "Camouflage" in refused.rule


def test_riders_cannot_be_targeted_directly_4_transport():
    """4 Transport: infantry in a transport vehicle can fire out as normal and cannot be targeted
    directly."""
    s = tiny_scenario("company-of-heroes", 4, 1, [("g-1", "Wehrmacht", "infantry", "A1"),
                                                  ("jeep", "US", "light-vehicle", "B1", {"tags": ["transport"]}),
                                                  ("rider", "US", "infantry", "B1")])
    b = Board.of(s)
    refused = b.fire.attack(b.map, b.unit("g-1"), b.unit("rider"), b.situation)
    assert refused.kind == "transported" and refused.rule == "Company of Heroes 4 (Transport)"
    assert "rider" not in {a.target for a in fire_plan(b, "Wehrmacht").assignments}
    assert b.fire.attack(b.map, b.unit("rider"), b.unit("g-1"), b.situation)          # it fires out


def test_weapon_teams_deploy_before_they_attack_4_with_moving():
    """4 Weapon Teams: a team spends one cp to deploy, packs up free, and attacks only when
    deployed. With 3 cp, a deployed team that moves its whole 3 cp cannot also attack; a packed-up
    team that can deploy for 1 cp threatens where it stands."""
    s = tiny_scenario("company-of-heroes", 8, 1, [("mg", "Wehrmacht", "mg-team", "A1", DEPLOYED),
                                                  ("u-1", "US", "infantry", "H1")])
    moving = threat_map(s, "US", moving=True)
    assert "mg" in moving.at("E1").attackers          # 2 cp to C1, 1 cp to deploy, range 2
    assert "mg" not in moving.at("F1").attackers      # 3 cp to D1 leaves none to deploy
    packed = tiny_scenario("company-of-heroes", 8, 1, [("mg", "Wehrmacht", "mg-team", "A1"),
                                                       ("u-1", "US", "infantry", "H1")])
    assert "mg" not in threat_map(packed, "US").at("B1").attackers     # not deployed: no attack
    assert "mg" in threat_map(packed, "US", moving=True).at("B1").attackers   # deploys for 1 cp


def test_attackers_that_cannot_hurt_the_target_are_not_listed():
    """6 Defense Matrix (4): heavy vehicles are immune to Anti-Infantry damage: an AI-only squad is
    no attacker of a heavy vehicle."""
    s = tiny_scenario("company-of-heroes", 4, 1, [("g-1", "Wehrmacht", "infantry", "A1"),
                                                  ("tank", "US", "heavy-vehicle", "D1")])
    t = threat_map(s, "US", target="heavy-vehicle")
    assert not any(tc.attackers for tc in t.cells.values())
    b = Board.of(s)
    refused = b.fire.attack(b.map, b.unit("g-1"), b.probe("US", "heavy-vehicle", b.map.cell("B1")), b.situation)
    assert refused.kind in ("immune", "zero-chance")


def test_a_scenarios_teams_reach_the_rules_2_and_7():
    """2 Setup: players divide into teams; 7 Spotting: any allied unit spots for all allied units.
    The scenario's ``teams:`` (not only the map's) make a British squad spot for a US mortar and
    let a US squad move through it (4: a move may pass through allied units)."""
    units = [("mo", "US", "mortar-team", "A1", DEPLOYED), ("br", "British", "infantry", "D1"),
             ("g-1", "Wehrmacht", "infantry", "E1")]
    teams = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}
    allied = Board.of(tiny_scenario("company-of-heroes", 6, 1, units, teams=teams))
    assert allied.fire.attack(allied.map, allied.unit("mo"), allied.unit("g-1"), allied.situation)
    alone = Board.of(tiny_scenario("company-of-heroes", 6, 1, units))
    assert alone.fire.attack(alone.map, alone.unit("mo"), alone.unit("g-1"), alone.situation).kind == "spotting"
    walk = [("us", "US", "infantry", "A1"), ("br", "British", "infantry", "B1")]
    through = Board.of(tiny_scenario("company-of-heroes", 4, 1, walk, teams=teams))
    assert path(through.map, "A1", "C1", through.situation, unit="us").reachable
    blocked = Board.of(tiny_scenario("company-of-heroes", 4, 1, walk))
    assert not path(blocked.map, "A1", "C1", blocked.situation, unit="us").reachable


def test_a_position_listing_a_unit_without_tags_keeps_the_scenarios_tags():
    s = tiny_scenario("company-of-heroes", 4, 1, [("mo", "US", "mortar-team", "A1", DEPLOYED),
                                                  ("g-1", "Wehrmacht", "infantry", "D1", {"tags": ["retreating"]})])
    p = loads_position("format: wartools-position/1\nturn: 1\nunits:\n  - {id: mo, cell: B1}\n"
                       "  - {id: g-1, cell: D1, tags: []}\n", s)
    assert p.units["mo"].tags == ("deployed",)       # no tags key: the scenario's
    assert p.units["g-1"].tags == ()                 # an explicit list: exactly that


def test_a_tag_overrides_a_typical_value_and_the_answer_says_so():
    """Issue 20 item 4: tags such as ``AP=0`` override the typical values of a unit's type (4:
    building boards print the damage), and the answer names both."""
    s = tiny_scenario("company-of-heroes", 1, 4, [("t-1", "Wehrmacht", "heavy-vehicle", "A1", {"tags": ["AP=0"]}),
                                                  ("u-1", "US", "light-vehicle", "A3")])
    b = Board.of(s)
    a = b.fire.attack(b.map, b.unit("t-1"), b.unit("u-1"), b.situation)
    assert a and a.inputs["damage"] == ["HE=1"]
    readings = [x.reading for x in a.assumptions]
    assert any("t-1's tags give AP=0" in r for r in readings)
    assert any("a heavy-vehicle fires and defends with the typical values of its type" in r and "AP" not in r
               for r in readings)
    assert any("t-1's tags give AP=0" in x.reading for x in threat_map(b, "US", target="light-vehicle").assumptions)


def test_the_team_spotting_kept_is_the_teams_viewsheds_7():
    """7 Spotting: the cells a team sees, each unit's viewshed kept under its cell, side and sight and
    the camouflaged units, are the team's viewsheds asked afresh after any unit leaves or moves
    (random boards of every feature)."""
    import dataclasses

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from test_attack_question import SETTINGS, boards
    from wartools.games.company_of_heroes.los import spotted_cells

    @settings(SETTINGS, max_examples=10)
    @given(boards("company-of-heroes"), st.data())
    def check(board: Board, data: st.DataObject) -> None:
        m, fire = board.map, board.fire
        side = data.draw(st.sampled_from(sorted({u.side for u in m.units})))
        assert fire._spotted_by(m, side) == frozenset(spotted_cells(m, side))
        for other in m.units:
            to = data.draw(st.sampled_from(list(m.grid.cells())))
            for units in ([u for u in m.units if u.id != other.id],
                          [dataclasses.replace(u, cell=to) if u.id == other.id else u for u in m.units]):
                changed = dataclasses.replace(m, units=tuple(units))
                assert fire._spotted_by(changed, side) == frozenset(spotted_cells(changed, side)), other.id
    check()


def test_pooled_damage_is_one_defence_roll_whatever_the_order_5():
    """5: the attacks on one target pool their damage dice into one defence roll, so the combination
    (kept per pool) is the odds procedure's answer on the pool in any order of the attacks."""
    from fractions import Fraction

    from wartools.games import find_game
    from wartools.games.fire_rules import Attack

    game = find_game("company-of-heroes")
    fire = game.fire_rules()
    specs = ["AI=1", "AP=1", "HE=1"]
    attacks = [Attack(f"a{i}", (0, 0), {"target": "infantry", "health": 4, "damage": [d], "building": False},
                      Fraction(0), Fraction(0)) for i, d in enumerate(specs)]
    want = fire.read(game.odds_procedure().run(game, {"target": "infantry", "health": 4, "damage": specs,
                                                      "building": False}).answer)
    assert fire.combine(attacks, "infantry", fire.target_profile("infantry")) == want
    assert fire.combine(attacks[::-1], "infantry", fire.target_profile("infantry")) == want
    assert want[1] > fire.combine(attacks[:2], "infantry", fire.target_profile("infantry"))[1]


def test_the_vectorised_attacks_note_he_over_a_building_as_the_single_answer_does_5_1():
    """5.1 (HE fires over buildings) read by the answer of every cell at once (the threat map's and
    the play engine's question) as by the attack question cell by cell: the vectorised pass judges
    a line's findings only where the game says a note can be found (:meth:`FireRules.noted`),
    so a heavy vehicle's shot over the building still carries the HE reading and its rule."""
    s = tiny_scenario("company-of-heroes", 1, 6, [("t-1", "Wehrmacht", "heavy-vehicle", "A1"),
                                                  ("scout", "Wehrmacht", "infantry", "A4"),
                                                  ("u-1", "US", "infantry", "A6")], terrain={"A2": "building"})
    b = Board.of(s)
    probe = b.probe("US", "infantry")
    fast = b.fire.attacks(b.map, b.unit("t-1"), probe, None, b.situation)
    over = 0
    for cell in b.map.grid.cells():
        slow = b.fire.attack(b.map, b.unit("t-1"), b.probe("US", "infantry", cell), b.situation)
        assert fast.get(cell) == (slow or None), b.map.label(cell)
        over += bool(slow) and any("5.1" in r for r in slow.rules)
    assert over >= 1
