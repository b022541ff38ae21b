"""Company of Heroes rules fidelity (issue 11): small maps built from the rulebook's text.

Each test names the rule it pins; the maps are synthetic.
"""
from __future__ import annotations

import pytest

from wartools.errors import MapError, WartoolsError
from wartools.games.company_of_heroes import combat
from wartools.games.company_of_heroes.los import attack_refusal, can_attack, spotted_cells
from wartools.los import line_of_sight, viewshed
from wartools.mapmodel import dumps_map, loads_map
from wartools.movement import path, reachable
from wartools.testing import tiny_map


TEAMS = {"Allies": ["US", "British"], "Axis": ["Wehrmacht"]}


def coh(cols: int, rows: int, **kw):
    return tiny_map("company-of-heroes", cols, rows, **kw)


def labels(m, cells):
    return sorted(m.label(c) for c in cells)


# --- teams (2 Setup; 4 Obstacles to Movement; 7 Spotting, Camouflage; 8.2) -------------------

def test_teams_2_setup_allied_nations_pass_through_each_other_4_obstacles():
    """2 Setup: players divide into two teams; 4 Obstacles: units move through, but do not end
    on, an allied unit. A British squad is the US squad's ally when they share a team."""
    units = [("us", "US", "infantry", "A1"), ("gb", "British", "infantry", "B1")]
    alone = coh(3, 1, units=units)
    assert "enemy unit" in path(alone, "A1", "C1").why_not         # no teams: every nation alone
    m = coh(3, 1, units=units, teams=TEAMS)
    p = path(m, "A1", "C1")
    assert p.reachable and p.cost == 2 and labels(m, p.cells) == ["A1", "B1", "C1"]
    assert "allied unit" in path(m, "A1", "B1").why_not            # may not end on the ally
    assert path(m.moved("us", "C1"), "C1", "A1").reachable           # both directions
    # a Wehrmacht squad is still an enemy of both
    e = coh(3, 1, units=[units[0], ("gb", "Wehrmacht", "infantry", "B1")], teams=TEAMS)
    assert "enemy unit" in path(e, "A1", "C1").why_not


def test_teams_key_is_validated_strictly_and_round_trips():
    """The map's ``teams`` names known sides, each on one team only."""
    m = coh(2, 1, units=[("us", "US", "infantry", "A1")], teams=TEAMS)
    assert loads_map(dumps_map(m)) == m and m.allies("British") == frozenset({"US", "British"})
    assert m.allies("Soviet") == frozenset({"Soviet"})
    with pytest.raises(MapError, match=r"teams\.Allies\.1.*unknown side 'Brits'"):
        coh(2, 1, teams={"Allies": ["US", "Brits"]})
    with pytest.raises(MapError, match="already on team 'Allies'"):
        coh(2, 1, teams={"Allies": ["US"], "Axis": ["US"]})
    with pytest.raises(MapError, match="at least one side"):
        coh(2, 1, teams={"Allies": []})
    with pytest.raises(MapError, match="list of side names"):
        coh(2, 1, teams={"Allies": "US"})


def test_teams_share_spotting_7_spotting():
    """7 Spotting: any allied unit spots for all other allied units; a British squad's sight is
    the US mortar's too when they are one team."""
    units = [("mo", "US", "mortar-team", "A1", ["deployed"]), ("gb", "British", "infantry", "E1"),
             ("de", "Wehrmacht", "infantry", "F1")]
    alone, m = coh(8, 1, units=units), coh(8, 1, units=units, teams=TEAMS)
    assert "F1" not in labels(alone, spotted_cells(alone, "US"))
    assert "F1" in labels(m, spotted_cells(m, "US"))
    assert not can_attack(alone, "A1", "F1", range=5) and can_attack(m, "A1", "F1", range=5)
    assert labels(m, spotted_cells(m, "US")) == labels(m, spotted_cells(m, "British"))


def test_teams_camouflage_hides_only_from_the_other_team_7_camouflage():
    """7 Camouflage: a camouflaged unit is spotted only by adjacent *enemy* units; a teammate of
    another nation sees it as usual."""
    units = [("us", "US", "infantry", "A1"), ("sn", "British", "infantry", "C1", ["camouflaged"]),
             ("de", "Wehrmacht", "infantry", "E1")]
    m = coh(5, 1, units=units, teams=TEAMS)
    assert line_of_sight(m, "A1", "C1").visible                       # ally: two hexes, clear
    assert not line_of_sight(coh(5, 1, units=units), "A1", "C1").visible  # no teams: US is an enemy
    assert not line_of_sight(m, "E1", "C1").visible                   # the Axis squad: not adjacent


# --- transports (4 Transport) --------------------------------------------------------------

def test_transport_boarding_is_a_choice_passing_through_is_legal_4_transport():
    """4 Transport: infantry *may* enter a transport (1 cp, cannot leave that round); 4
    Obstacles: a unit may move through an allied unit. So infantry can pass an allied
    transport's hex, or end its move there to board it."""
    m = coh(3, 1, units=[("a", "US", "infantry", "A1"), ("ht", "British", "light-vehicle", "B1", ["transport"])],
            teams=TEAMS)
    through = path(m, "A1", "C1")
    assert through.reachable and through.cost == 2
    board = path(m, "A1", "B1")
    assert board.reachable and board.cost == 1 and "board" in board.steps[0].why
    assert "B1" in labels(m, reachable(m, "A1").costs)
    assert not path(m, "A1", "B1", "mortar-team").reachable           # weapon teams never board


# --- sight (7 Sight) -----------------------------------------------------------------------

def test_los_and_viewshed_use_the_units_plus_one_sight_7_sight():
    """7 Sight: default sight 2 hexes; a unit marked with the eye symbol sees further. ``los``
    and ``viewshed`` use the observer's own sight, as spotting does."""
    m = coh(6, 1, units=[("s", "US", "light-vehicle", "A1", ["sight+1"])])
    assert line_of_sight(m, "A1", "D1").visible and not line_of_sight(m, "A1", "E1").visible
    assert labels(m, viewshed(m, "A1")) == ["A1", "B1", "C1", "D1"]
    assert labels(m, viewshed(m, "A1")) == labels(m, spotted_cells(m, "US"))
    plain = coh(6, 1, units=[("s", "US", "light-vehicle", "A1")])
    assert not line_of_sight(plain, "A1", "D1").visible
    # the other end's sight does not matter: D1 (no bonus) does not see A1 three hexes away
    two = coh(6, 1,
              units=[("s", "US", "light-vehicle", "A1", ["sight+1"]), ("d", "Wehrmacht", "infantry", "D1")])
    assert line_of_sight(two, "A1", "D1").visible and not line_of_sight(two, "D1", "A1").visible
    too_many = coh(3, 1, units=[("s", "US", "infantry", "A1", ["sight+1", "sight+1", "sight+1"])])
    with pytest.raises(WartoolsError, match="3 sight\\+1 tags"):
        line_of_sight(too_many, "A1", "C1")


# --- commander card (10) -------------------------------------------------------------------

@pytest.mark.parametrize("unit, side, cp", [("infantry", "US", 4), ("mg-team", "US", 3),
                                            ("mortar-team", "US", 3), ("heavy-vehicle", "US", 3),
                                            ("light-vehicle", "US", 4), ("infantry", "British", 3)])
def test_ranger_endurance_training_is_for_riflemen_only_10(unit, side, cp):
    """10 Commander Cards, Ranger Company tier 1: *Riflemen* may spend 4 cp per round (a light
    vehicle keeps its speed die on top of its 3 cp); commander abilities affect only the
    player's own units, so a British teammate's infantry keeps 3."""
    m = coh(8, 1, units=[("u", side, unit, "A1")], teams=TEAMS)
    assert reachable(m.with_options(**{"commander-4cp": True}), "A1").budget == cp


# --- weapon teams (4 Weapon Teams) and pinning (7 Pinning) -----------------------------------

@pytest.mark.parametrize("team", ["mortar-team", "at-team"])
def test_mortar_and_at_teams_cannot_be_in_a_building_4_weapon_teams(team):
    """4 Weapon Teams: mortar and anti-tank gun teams cannot enter buildings, so no odds may
    grant them building cover."""
    with pytest.raises(WartoolsError, match="cannot be in a building"):
        combat.resolve_damage(team, {"AI": 2}, health=3, building=True)
    with pytest.raises(WartoolsError, match="cannot be in a building"):
        combat.damage_from_faces(team, {"AI": 2}, ["red", "red"], health=3, building=True)
    assert combat.defense_dice("mg-team", {"AI": 1}, building=True) == 2     # MG teams may


def test_can_attack_refuses_mortar_adjacent_packed_up_teams_and_pinned_units():
    """4 Weapon Teams: a mortar may not attack adjacent units; weapon teams spawn packed up and
    attack only when deployed. 7 Pinning: a pinned unit cannot deal damage."""
    def board(tags: str, unit: str = "mortar-team", target: str = "B1"):
        return coh(5, 1, units=[("me", "US", unit, "A1", [tags] if tags else []),
                                ("de", "Wehrmacht", "infantry", target)])
    assert "adjacent" in attack_refusal(board("deployed"), "A1", "B1")
    assert can_attack(board("deployed", target="C1"), "A1", "C1")
    assert "deployed" in attack_refusal(board("", target="C1"), "A1", "C1")
    assert "deployed" in attack_refusal(board("", "mg-team"), "A1", "B1")
    assert can_attack(board("deployed", "mg-team"), "A1", "B1")
    assert "pinned" in attack_refusal(board("pinned", "infantry"), "A1", "B1")
    assert can_attack(board("", "infantry"), "A1", "B1")


def test_firing_range_uses_the_units_plus_one_range_7_range():
    """7 Range: default firing range 2; the +1 range symbol adds one."""
    m = coh(5, 1,
            units=[("me", "US", "infantry", "A1", ["range+1", "sight+1"]), ("de", "Wehrmacht", "infantry", "D1")])
    assert can_attack(m, "A1", "D1")
    plain = coh(5, 1,
                units=[("me", "US", "infantry", "A1", ["sight+1"]), ("de", "Wehrmacht", "infantry", "D1")])
    assert "beyond the range" in attack_refusal(plain, "A1", "D1")


# --- assumptions said in every answer (7 Buildings Blocking Attacks and Sight) ----------------------

def test_building_corner_reading_is_an_option_said_in_every_los_answer():
    """7: a ruler is blocked when it fully crosses two green hexsides of one building. A ruler
    through the building's interior that enters at a corner is not covered by the text: the
    library reads it as blocked (option ``building-corners``) and says so, in a clear answer too."""
    m = coh(25, 25, terrain={"M13": "building"})
    r = line_of_sight(m, "I12", "N13", range=5)
    assert r.status == "blocked" and r.deciding[0].rule_id == "building-corners"
    assert any(a.option == "building-corners" for a in r.assumptions)
    assert any(a.option == "building-corners" for a in line_of_sight(m, "A1", "B1").assumptions)
    loose = m.with_options(**{"building-corners": False})
    assert line_of_sight(loose, "I12", "N13", range=5).visible


# --- issue 20: weapon teams deploy and pack up in movement (4, Weapon Teams) ----------------------

@pytest.mark.parametrize("team", ["mg-team", "mortar-team", "at-team"])
def test_weapon_teams_pay_to_deploy_where_they_stop_and_pack_up_free_4_weapon_teams(team):
    """4 Weapon Teams: a team spawns packed up, must spend one cp to deploy, packs up for free, and
    attacks only when deployed. With option ``deploy`` (the move ends ready to attack): a
    packed-up team pays 1 cp even to deploy where it stands, so it moves 2 hexes of its 3 cp; a
    deployed team stays deployed for nothing, but moving packs it up, so it too pays the 1 cp where
    it stops. Without the option a team moves its whole 3 cp (and ends packed up)."""
    from wartools.movement import path, reachable

    for tags, stay in (([], 1), (["deployed"], 0)):
        m = tiny_map("coh", 5, 1, units=[("t", "US", team, "A1", tags)])
        r = reachable(m, "A1", switches={"deploy"})
        assert r.costs[m.cell("A1")] == stay
        assert r.costs[m.cell("C1")] == 3 and m.cell("D1") not in r.costs        # 2 moves + deploy
        assert path(m, "A1", "A1", switches={"deploy"}).cost == stay
        moved = path(m, "A1", "B1", switches={"deploy"})
        assert moved.cost == 2 and "deploy" in moved.steps[-1].why
        assert ("pack up" in moved.steps[-1].why) == bool(tags)
        plain = reachable(m, "A1")
        assert plain.costs[m.cell("D1")] == 3 and plain.costs[m.cell("A1")] == 0    # no deploying asked
    infantry = tiny_map("coh", 5, 1, units=[("r", "US", "infantry", "A1")])
    assert reachable(infantry, "A1", switches={"deploy"}).costs[infantry.cell("D1")] == 3   # not a team
