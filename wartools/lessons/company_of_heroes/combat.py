"""Worked examples on damage and defense in Company of Heroes.

Who may attack the British section, and how its pooled damage resolves;
infantry in a building against 3 AP; Flame and the immunities of the Defense
Matrix; :func:`defense_breakdown`, where a target's defense dice come from.

Rulebook sections (Basic Rules): 5 Damage Phase and 5.1 Damage Types, 6
Defenses (Defense Matrix, Defense Rolls, Resolving Damage Example), 6.1 Static
Defenses and 7 Additional Combat Rules (Range, Spotting).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartools.games.company_of_heroes import combat
from wartools.games.company_of_heroes import los as coh_los
from wartools.lessons.company_of_heroes.maps import (
    ATTACKS,
    BRITISH_MAP,
    BUILDING_FIGHT_MAP,
    fixture,
)
from wartools.lessons.company_of_heroes.worked_example import WorkedExample, _shade
from wartools.mapmodel import Map


def attackers_of(m: Map, target: str) -> dict[str, bool]:
    """For each unit not on ``target``'s side: may it attack ``target`` (range 2, LOS, spotted)?

    Company of Heroes 7 (Range, Spotting, Buildings Blocking Attacks and Sight).

    Examples
    --------
    >>> attackers_of(fixture(BRITISH_MAP), "D3")
    {'riflemen': True, 'grenadiers': True, 'sdkfz222': True}
    """
    side = m.units_at(target)[0].side
    return {u.id: coh_los.can_attack(m, u.cell, target) for u in m.units if u.side != side}


def british_section() -> WorkedExample:
    """The Resolving Damage Example: Riflemen, Grenadiers and an Sd.Kfz. 222 on a British section.

    Company of Heroes 6, Resolving Damage Example: 1 AI + 1 AI + (1 AI + 1 AP)
    pooled; the green section resists AP only, so it rolls one die; three
    figures fall at once and the fourth lives if the die succeeds.

    Examples
    --------
    >>> f = british_section().facts
    >>> f["pooled"], f["dice"], f["left_if_success"], f["left_if_fail"]
    ({'AI': 3, 'AP': 1, 'HE': 0, 'Flame': 0}, 1, 1, 0)
    """
    m = fixture(BRITISH_MAP)
    health = m.unit("section").strength or 4
    pooled = combat.pool_damage(*(ATTACKS[u] for u in ("riflemen", "grenadiers", "sdkfz222")))
    dice = combat.defense_dice("infantry", pooled)
    res = combat.resolve_damage("infantry", pooled, health=health)
    ok = health - combat.damage_from_faces("infantry", pooled, ["tank"], health=health)
    bad = health - combat.damage_from_faces("infantry", pooled, ["crossed-infantry"], health=health)
    facts = {"can_attack": attackers_of(m, "D3"), "pooled": pooled, "dice": dice, "health": health,
             "destroyed": res.destroyed, "survives_with_one": res.figures_left[1], "left_if_success": ok,
             "left_if_fail": bad, "expected_damage": res.expected_damage}
    summary = (f"All three attackers are in range with a clear line. Pooled dice: {pooled['AI']} AI + "
               f"{pooled['AP']} AP. The section resists AP only: {dice} defense die. Three figures fall; "
               f"the last survives if the die succeeds (P = {res.figures_left[1]}), else the section is "
               f"destroyed (P = {res.destroyed}).")

    def overlay(ax: Any) -> Any:
        from wartools.render import draw_ruler

        for u in m.units:
            if u.id != "section":
                draw_ruler(ax, m, u.cell, "D3", color="#d62728")
        return ax
    return WorkedExample("The British section hit by three attackers", "Company of Heroes 6, Resolving "
                         "Damage Example", m, facts, summary, overlay)


def building_three_ap() -> WorkedExample:
    """Infantry in a building hit by 3 AP rolls 3 + 2 = 5 defense dice.

    Company of Heroes 6 (Defense Rolls example) and 6.1 (Cover in Buildings).
    The shield bullet of the Defense Matrix, three AP on a squad in the open,
    gives 3 dice.

    Examples
    --------
    >>> f = building_three_ap().facts
    >>> f["dice"], f["open_dice"], f["no_loss"]
    (5, 3, Fraction(64, 81))
    """
    m = fixture(BUILDING_FIGHT_MAP)
    health = m.unit("squad").strength or 4
    dmg = {"AP": 3}
    res = combat.resolve_damage("infantry", dmg, health=health, building=True)
    open_res = combat.resolve_damage("infantry", dmg, health=health)
    facts = {"dice": res.dice, "open_dice": open_res.dice, "no_loss": res.damage[0],
             "no_loss_open": open_res.damage[0], "expected_damage": res.expected_damage,
             "expected_damage_open": open_res.expected_damage}
    summary = (f"3 AP: one die per AP point ({open_res.dice}) plus 2 for the building = {res.dice} dice. "
               f"Chance to block all three: {res.damage[0]} (~{float(res.damage[0]):.0%}) against "
               f"{open_res.damage[0]} (~{float(open_res.damage[0]):.0%}) in the open.")
    return WorkedExample("Infantry in a building against 3 AP", "Company of Heroes 6, 6.1", m, facts, summary,
                         _shade(m, ["C2"], "#2ca02c", 0.35))


def flame_and_immunity() -> WorkedExample:
    """Flame ignores every defense die; heavy vehicles ignore AI and Flame.

    Company of Heroes 5.1 (Flame), 6 (Defense Matrix, No Fire) and 6.1
    (buildings and upgrades give nothing against Flame).

    Examples
    --------
    >>> f = flame_and_immunity().facts
    >>> f["flame_dice"], f["flame_loss"], f["tank_destroyed"]
    (0, 2, Fraction(0, 1))
    """
    m = fixture(BUILDING_FIGHT_MAP)
    flame = combat.resolve_damage("infantry", {"Flame": 2}, health=4, building=True, upgrade=True)
    tank = combat.resolve_damage("heavy-vehicle", {"AI": 3, "Flame": 1}, health=3)
    facts = {"flame_dice": flame.dice, "flame_loss": flame.damage.outcomes if len(flame.damage) > 1
             else flame.damage.outcomes[0], "tank_dice": tank.dice, "tank_destroyed": tank.destroyed,
             "tank_expected": tank.expected_damage}
    summary = (f"2 Flame on upgraded infantry in a building: {flame.dice} defense dice, exactly "
               f"{facts['flame_loss']} figures lost. 3 AI + 1 Flame on a heavy vehicle: {tank.dice} dice "
               f"and nothing happens (P destroyed = {tank.destroyed}).")
    return WorkedExample("Flame and immunity", "Company of Heroes 5.1, 6", m, facts, summary,
                         _shade(m, ["C2"], "#ff7f0e", 0.35))


def defense_breakdown(unit_type: str, damage: Mapping[str, int], *, building: bool = False,
                      upgrade: bool = False) -> dict[str, int]:
    """Where a target's defense dice come from, each part asked of :func:`combat.defense_dice`.

    Company of Heroes 6 (resistances) and 6.1 (building +2 for infantry,
    defense upgrade +1; neither against Flame alone).

    Examples
    --------
    >>> defense_breakdown("infantry", {"AP": 3}, building=True)
    {'resistance': 3, 'building': 2, 'upgrade': 0, 'total': 5}
    >>> defense_breakdown("light-vehicle", {"AI": 2}, building=True)   # it cannot be in one (4)
    {'resistance': 2, 'building': 0, 'upgrade': 0, 'total': 2}
    """
    building = building and combat.can_be_in_building(unit_type)
    base = combat.defense_dice(unit_type, damage)
    with_b = combat.defense_dice(unit_type, damage, building=building)
    total = combat.defense_dice(unit_type, damage, building=building, upgrade=upgrade)
    return {"resistance": base, "building": with_b - base, "upgrade": total - with_b, "total": total}
