"""Rules coverage of the Company of Heroes Basic Rules: one row per numbered chapter of the
excerpt's table of contents and per row of its Defense Matrix (:mod:`wartools.games.coverage`)."""
from __future__ import annotations

from wartools.rules.coverage import Entry

_R = "tests/test_rules_company_of_heroes.py::"
_C = "tests/test_combat_company_of_heroes.py::"
_L = "tests/test_los_rulebooks.py::"
_M = "tests/test_movement_rules.py::"
_S = "tests/test_scenario_control.py::"
_F = "tests/test_attack_company_of_heroes.py::"
_P = "tests/test_play_company_of_heroes.py::"
_RP = "tests/test_play_company_of_heroes_repair.py::"
_E = "tests/test_play_examples.py::"

COVERAGE = (
    Entry("1", "Objective: victory points from destroyed units and held VP hexes", "implemented",
          _S + "test_company_of_heroes_capture_happens_in_the_supply_phase"),
    Entry("2", "Setup: two teams, teammates of other nations are allies", "implemented",
          _R + "test_teams_2_setup_allied_nations_pass_through_each_other_4_obstacles; "
          + _R + "test_teams_key_is_validated_strictly_and_round_trips"),
    Entry("3", "Round overview: maneuver, damage, supply phases", "implemented",
          _P + "test_a_round_is_a_maneuver_then_a_damage_phase_and_the_first_team_switches_every_round_3_3_1; "
          + _RP + "test_repairs_come_before_reinforcement_in_step_4_and_the_records_replay_8_2; "
          + _S + "test_company_of_heroes_capture_happens_in_the_supply_phase (the supply phase plays capture, "
          "repair and reinforcement; incomes, stockpiles and purchases are not played: 8, 8.1)"),
    Entry("3.1", "Turn order: three damage dice each, green then black; the other team first each next round",
          "implemented", _C + "test_first_player_roll; "
          + _P + "test_a_round_is_a_maneuver_then_a_damage_phase_and_the_first_team_switches_every_round_3_3_1 "
          "(playouts take round 1's first team from the scenario; the roll is an answer of its own)"),
    Entry("4", "Maneuver phase: 1 cp a hex, 3 a round; obstacles; buildings; weapon teams; "
          "vehicles; emplacements; transport", "implemented",
          _M + "test_coh_infantry_three_cp_per_round_then_cannot_move; "
          + _M + "test_coh_water_red_line_and_enemy_units_block; "
          + _R + "test_transport_boarding_is_a_choice_passing_through_is_legal_4_transport; "
          + _R + "test_mortar_and_at_teams_cannot_be_in_a_building_4_weapon_teams; "
          + _R + "test_weapon_teams_pay_to_deploy_where_they_stop_and_pack_up_free_4_weapon_teams; "
          + _F + "test_riders_cannot_be_targeted_directly_4_transport; "
          + _F + "test_weapon_teams_deploy_before_they_attack_4_with_moving; "
          + _E + "test_company_of_heroes_maneuver_example_replays_as_a_record (in playouts; speed dice and "
          "transports are not played there)"),
    Entry("5", "Damage phase: assign damage dice, several attackers on one target", "implemented",
          _C + "test_resolving_damage_example_british_section; "
          + _E + "test_company_of_heroes_resolving_damage_example_replays_as_a_record_both_ways; "
          + _E + "test_company_of_heroes_every_side_assigns_damage_before_it_is_resolved"),
    Entry("5.1", "Damage types; HE is indirect and fires over buildings", "implemented",
          _C + "test_defense_matrix_immunities_and_flame; " + _L + "test_coh_he_fires_over_buildings_and_range_two; "
          + _F + "test_only_he_damage_fires_over_a_building_5_1_and_7"),
    Entry("6", "Defenses: defense dice succeed on green or black", "implemented",
          _C + "test_damage_matches_face_enumeration"),
    Entry("6.1", "Static defenses: +2 in a building, +1 upgrade, none against flame", "implemented",
          _C + "test_building_example_three_ap_five_defense_dice"),
    Entry("7", "Pinning, sight, range, spotting, camouflage, buildings blocking sight", "assumed",
          "option: building-corners; option: pin-needs-attack; "
          + _P + "test_only_green_units_outside_buildings_and_not_machine_guns_are_pinned_7; "
          + _P + "test_a_machine_gun_pins_a_unit_within_range_that_it_sees_itself_7; "
          + _P + "test_the_pinned_unit_is_the_one_the_machine_gun_attacks_an_option_7_5; "
          + _P + "test_a_machine_gun_that_pinned_attacks_only_its_pinned_unit_7; "
          + _P + "test_a_pinned_unit_deals_no_damage_moves_not_captures_not_but_defends_and_spots_7; "
          + _P + "test_machine_guns_pin_before_damage_is_assigned_and_the_pins_last_the_round_5_7; "
          + _P + "test_playouts_on_random_boards_pin_by_the_pinning_answer_and_replay; "
          + _P + "test_a_pin_tag_is_validated_strictly_in_scenarios_and_positions_7; " + _R + "test_los_and_viewshed_use_the_units_plus_one_sight_7_sight; "
          + _R + "test_teams_share_spotting_7_spotting; "
          + _R + "test_teams_camouflage_hides_only_from_the_other_team_7_camouflage; "
          + _R + "test_can_attack_refuses_mortar_adjacent_packed_up_teams_and_pinned_units; "
          + _R + "test_building_corner_reading_is_an_option_said_in_every_los_answer; "
          + _F + "test_the_camouflage_example_7; " + _F + "test_a_range_tag_adds_to_a_range_of_three_or_more_7; "
          + _F + "test_a_scenarios_teams_reach_the_rules_2_and_7"),
    Entry("8", "Supply phase: capture objectives, incomes, stockpiles", "implemented",
          _S + "test_company_of_heroes_capture_happens_in_the_supply_phase (incomes and stockpiles are "
          "bookkeeping, not computed)"),
    Entry("8.1", "Purchasing units, upgrades and buildings", "not-modelled",
          "spending resources is a player's choice, with nothing to compute"),
    Entry("8.2", "Reinforce and repair (teammates of other nations reinforce each other)", "assumed",
          "option: reinforce-any-spawn; option: repair-self; option: repair-own-nation; "
          + _P + "test_reinforce_units_heal_adjacent_infantry_of_their_team_once_each_8_2; "
          + _P + "test_infantry_on_its_teams_spawn_hex_reinforces_one_health_an_option_8_2; "
          + _P + "test_reinforcement_on_random_boards_is_the_rules_text_read_afresh_8_2; "
          + _P + "test_playouts_on_random_boards_reinforce_as_the_text_read_afresh_8_2; "
          + _P + "test_a_round_ends_with_its_infantry_reinforced_on_the_spawn_row_and_the_record_replays_8_2; "
          + _RP + "test_a_repairer_repairs_one_adjacent_vehicle_or_emplacement_of_its_team_one_health_8_2; "
          + _RP + "test_no_repairing_from_inside_a_building_or_a_vehicle_8_2; "
          + _RP + "test_a_pinned_unit_repairs_nothing_until_its_pin_is_lifted_7_8_2; "
          + _RP + "test_no_vehicle_exceeds_its_maximum_health_two_repairers_repair_one_twice_8_2; "
          + _RP + "test_teammates_of_other_nations_are_repaired_an_option_8_2; "
          + _RP + "test_a_repairer_does_not_repair_itself_an_option_8_2; "
          + _RP + "test_repairs_come_before_reinforcement_in_step_4_and_the_records_replay_8_2; "
          + _RP + "test_repair_on_random_boards_is_the_rules_text_read_afresh_8_2; "
          + _RP + "test_playouts_on_random_boards_repair_as_the_repair_answer_allows_8_2 "
          "(locations with the reinforce icon, which the map format has no feature for, are not played)"),
    Entry("9", "Experience: one for damaging, one more per destroyed unit", "implemented",
          _C + "test_resolving_damage_example_british_section"),
    Entry("10", "Commander cards (Ranger Endurance Training: Riflemen spend 4 cp)", "implemented",
          _R + "test_ranger_endurance_training_is_for_riflemen_only_10"),
    Entry("chart: Infantry", "Defense matrix, infantry: resistant to AP", "implemented",
          _C + "test_building_example_three_ap_five_defense_dice"),
    Entry("chart: Light Vehicle", "Defense matrix, light vehicles: resistant to AI and HE", "implemented",
          _C + "test_defense_matrix_immunities_and_flame"),
    Entry("chart: Heavy Vehicle", "Defense matrix, heavy vehicles: immune to AI and flame, resistant to HE "
          "(frontal armor is Advanced Rules)", "implemented", _C + "test_defense_matrix_immunities_and_flame"),
    Entry("chart: Emplacement", "Defense matrix, emplacements: resistant to AI", "implemented",
          _C + "test_defense_matrix_immunities_and_flame"),
    Entry("chart: Building", "Defense matrix, buildings: indestructible in the Basic Rules", "not-modelled",
          "buildings are never targets in the Basic Rules (7, Building Health)"),
)
