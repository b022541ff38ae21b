"""Rules coverage of Combat Infantry: WestFront 1944-45: one row per numbered section and per
row of the Terrain Effects Chart in the excerpt (:mod:`wartools.games.coverage`)."""
from __future__ import annotations

from wartools.rules.coverage import Entry

_R = "tests/test_rules_combat_infantry.py::"
_C = "tests/test_combat_combat_infantry.py::"
_A = "tests/test_combat_infantry_assault.py::"
_L = "tests/test_los_rulebooks.py::"
_M = "tests/test_movement_rules.py::"
_S = "tests/test_lessons_combat_infantry.py::"
_F = "tests/test_attack_combat_infantry.py::"
_P = "tests/test_combat_infantry_assaults_in_play.py::"
_G = "tests/test_combat_infantry_regroup.py::"
_O = "tests/test_combat_infantry_fog.py::"
_H = "tests/test_combat_infantry_hex_fire.py::"
_X = "tests/test_combat_infantry_special.py::"
_K = "tests/test_combat_infantry_strikes.py::"
_T = "tests/test_combat_infantry_turns_in_play.py::"
_E = "tests/test_play_examples.py::"
_B = "tests/test_combat_infantry_bridges.py::"
_V = "tests/test_combat_infantry_leaving.py::"
_CMD = _E + "test_combat_infantry_command_range_example_diagram_2_replays_as_a_record"
_ONE = _T + "test_a_platoon_hq_commands_its_squads_in_range_and_one_weapon_a_company_hq_any_three_1_1_2_4_4_1"

COVERAGE = (
    Entry("1.0", "Game turns: 8 player turns, first player by 1d10", "implemented",
          _T + "test_a_game_turn_is_eight_player_turns_alternating_and_a_high_d10_names_the_next_first_player_1_0"),
    Entry("1.1", "Commands: one HQ per company activates", "implemented",
          _ONE + "; " + _T + "test_each_commanded_unit_takes_one_action_and_an_hq_activates_once_a_game_turn_1_1_1_2; "
          + _CMD + " (the scenarios name no companies: a player turn is one HQ activation, as for one company)"),
    Entry("1.2", "Actions: one action per commanded unit", "implemented",
          _T + "test_each_commanded_unit_takes_one_action_and_an_hq_activates_once_a_game_turn_1_1_1_2; " + _CMD),
    Entry("1.3", "Assaults end an HQ activation: fought after its other actions; units turned upright at the "
          "end of the game turn (tanks optional); at set-up every block upright (Fog of War)", "assumed",
          "option: tanks-upright, option: setup-upright; "
          + _O + "test_every_block_sets_up_upright_but_bunkers_and_tanks_by_choice_fog_of_war_2_53_2_55; "
          + _M + "test_ci_assault_rules; "
          + _P + "test_assaults_are_fought_when_the_activation_ends_after_half_hits_recover_1_3_4_2_6_7; "
          + _O + "test_units_are_turned_upright_at_the_end_of_the_game_turn_tanks_only_by_option_1_3"),
    Entry("2.0", "Unit types", "implemented", _M + "test_ci_assault_rules"),
    Entry("2.1", "Unit data", "implemented", _C + "test_fire_6_1_example_scripted_and_exact"),
    Entry("2.11", "Strength: dice rolled, reduced step by step", "implemented",
          _C + "test_fire_matches_face_enumeration"),
    Entry("2.12", "Firepower: a roll at or below it hits", "implemented", _C + "test_fire_6_1_example_scripted_and_exact"),
    Entry("2.13", "Range in hexes (printed per block; rifle 2 and tank 7 in the excerpt)", "assumed",
          "option: range-hq, option: range-mg, option: range-mortar, option: range-atr, option: range-engineer, "
          "option: range-sniper, option: range-at-gun, option: range-vehicle, option: range-bunker; "
          + _R + "test_each_unit_type_fires_and_sees_its_own_range"),
    Entry("2.14", "Move rating (printed per block)", "implemented",
          _R + "test_assumed_movement_costs_and_ratings_are_said_in_the_answer"),
    Entry("2.15", "Unit ID: company and platoon", "not-modelled",
          "platoon and company IDs are not map data: a platoon HQ commands every rifle squad of its side in "
          "its command range, a company HQ any of its side's units (4.1)"),
    Entry("2.16", "Morale checks: 1d10 at or below morale", "implemented",
          _C + "test_caron_farm_bombardment_and_fire_before_the_assault"),
    Entry("2.2", "Headquarters: units for movement and combat, with command (4.0); two ranks", "implemented",
          _ONE + "; " + _CMD + "; tests/test_play.py::test_a_combat_infantry_hq_deploys_one_hex_as_it_activates"),
    Entry("2.3", "Rifle squads: 4 steps US, 3 German", "implemented", _C + "test_fire_example_st_abyn_exact"),
    Entry("2.4", "Company weapons: commanded by the CHQ or an adjacent PHQ", "implemented", _ONE + "; " + _CMD),
    Entry("2.41", "Machine guns cannot move into assaults", "implemented", _M + "test_ci_assault_rules"),
    Entry("2.42", "Mortars bombard; treebursts", "implemented", _C + "test_d2_terrain_and_treebursts"),
    Entry("2.43", "Anti-tank rockets target in assaults", "implemented", _A + "test_atr_targets_tanks"),
    Entry("2.5", "Battalion weapons", "not-modelled",
          "a weapon's battalion and its random draw are the scenario's: every weapon is commanded as a company "
          "weapon is (2.4)"),
    Entry("2.51", "Engineers: double firepower in assaults", "implemented", _A + "test_assault_modifiers"),
    Entry("2.52", "Snipers: their target never has D2", "implemented",
          _R + "test_a_sniper_target_never_has_double_defense"),
    Entry("2.53", "Tanks: armor class, hidden tanks AC zero, revealed when they fire or move", "implemented",
          _C + "test_armor_class_6_32_examples; " + _F + "test_hidden_tank_has_ac_zero_2_53; "
          + _O + "test_a_tank_that_moves_is_revealed_and_other_units_that_move_are_not_2_53; "
          + _H + "test_a_face_up_tank_is_left_out_and_a_hidden_tank_takes_hits_at_ac_zero_6_3_2_53; "
          + _O + "test_every_block_sets_up_upright_but_bunkers_and_tanks_by_choice_fog_of_war_2_53_2_55"),
    Entry("2.54", "Anti-tank guns", "implemented", _A + "test_assault_modifiers"),
    Entry("2.55", "Bunker: AC halved by air/artillery, zero in assaults; only fires (no move, rally or special "
          "action)", "implemented",
          _A + "test_armor_class_zero_in_assaults_9_65; "
          + _O + "test_a_special_action_reveals_and_a_bunker_is_never_hidden_7_0_2_55; "
          + _X + "test_a_bunker_takes_no_special_action_and_does_not_rally_2_55"),
    Entry("2.6", "Field artillery in play: a scenario's strikes (side resource artillery, 0-4), one a CHQ "
          "activation as one of its three commands, on a spotted enemy hex, 3F7 or 3F6 (a reading), hits "
          "distributed at AC zero, a bunker's AC halved (odd: a reading) and it alone targeted, friendly fire",
          "assumed",
          "option: artillery-firepower, option: strike-bunker-armor; "
          + _K + "test_a_scenario_lists_each_sides_strikes_as_resources_0_to_4_2_6_2_7; "
          + _K + "test_only_a_spotted_hex_is_offered_within_three_hexes_with_line_of_sight_6_61; "
          + _K + "test_one_strike_each_time_a_chq_is_activated_2_6; "
          + _K + "test_a_position_records_the_strikes_spent_and_play_from_it_has_only_those_left_2_6; "
          + _K + "test_the_call_counts_as_one_of_the_three_chq_commands_4_1; "
          + _K + "test_strikes_run_out_and_last_the_whole_scenario_2_6; "
          + _K + "test_a_strike_rolls_three_dice_at_f7_or_f6_by_option_2_6; "
          + _K + "test_hits_are_distributed_normally_armour_included_at_armour_class_zero_2_6_6_3; "
          + _K + "test_a_bunkers_armour_class_is_only_halved_and_it_alone_may_be_targeted_2_6_2_55; "
          + _K + "test_many_seeded_strikes_fit_the_answers_exact_odds; "
          + _K + "test_every_strike_offered_in_playouts_is_a_loop_over_the_single_answer; "
          + _C + "test_friendly_fire_zeros_and_air_doubles"),
    Entry("2.7", "Air support in play: the same steps and firepower (side resource air), double friendly fire, "
          "not both artillery and air by one active CHQ", "implemented",
          _K + "test_friendly_units_adjacent_take_a_hit_for_each_zero_two_for_air_6_63_2_7; "
          + _K + "test_artillery_and_air_cannot_both_be_called_by_the_same_active_chq_2_7; "
          + _K + "test_many_seeded_strikes_fit_the_answers_exact_odds; "
          + _K + "test_every_strike_offered_in_playouts_is_a_loop_over_the_single_answer; "
          + _C + "test_friendly_fire_zeros_and_air_doubles"),
    Entry("3.0", "Maps", "not-modelled", "geomorphic boards are drawn as one hex map each; no rule to compute"),
    Entry("3.1", "Hexes and hexsides", "implemented", _M + "test_ci_clear_and_woods_hexsides"),
    Entry("3.2", "Hexside terrain differs from hex terrain; most restrictive when ambiguous", "assumed",
          "option: ambiguous-contact; " + _M + "test_ci_clear_and_woods_hexsides; "
          + _L + "test_ci_along_and_vertex_most_restrictive; " + _S + "test_along_a_hexside_is_the_most_restrictive_reading"),
    Entry("3.3", "Map locations", "not-modelled", "names of places are labels on the map, no rule"),
    Entry("3.4", "Terrain types (woods and orchards: LOS adjacent only, both ways; slopes downhill)", "assumed",
          "option: woods-see-out, option: hedge-stops-wheeled, option: slope-limit-downhill; "
          + _R + "test_the_slope_assault_limit_downhill_is_a_named_reading; "
          + _R + "test_woods_and_orchard_los_is_the_same_both_ways_and_adjacent_only; "
          + _R + "test_hedges_stopping_guns_and_vehicles_is_an_assumed_reading; "
          + _R + "test_heavy_units_never_enter_woods_or_marsh_hexes_off_road; "
          + _R + "test_race_brings_a_tank_onto_the_board_only_where_it_may_enter; "
          "tests/test_analysis_setup.py::test_setup_advice_ranks_only_cells_the_scenarios_own_check_allows"),
    Entry("4.0", "Command: HQs command their own units in range", "implemented", _CMD + "; " + _ONE),
    Entry("4.1", "HQ ranks and command range", "implemented",
          _CMD + "; " + _ONE + " (platoon and company membership is not map data: a PHQ's own rifle squads are "
          "those of its side in range, a CHQ's three units any of its side's but an HQ; a CHQ's call of field "
          "artillery or air support is one of its three commands: "
          + _K + "test_the_call_counts_as_one_of_the_three_chq_commands_4_1)"),
    Entry("4.2", "HQ activation: deploy one hex, end face-up", "implemented",
          "tests/test_play.py::test_a_combat_infantry_hq_deploys_one_hex_as_it_activates; "
          + _O + "test_an_hq_ends_its_activation_face_up_whether_it_deploys_or_not_4_2"),
    Entry("4.3", "No command: morale check", "implemented", _C + "test_caron_farm_bombardment_and_fire_before_the_assault"),
    Entry("4.4", "HQ elimination and replacement (played: battlefield promotion; which squad is the owner's "
          "choice)", "assumed", "option: promotion-squad; tests/test_play.py::"
          "test_an_eliminated_combat_infantry_hq_returns_by_battlefield_promotion; "
          + _P + "test_which_squad_an_hq_returns_beside_is_the_owners_choice_an_option_4_4"),
    Entry("5.0", "Rally: morale check", "implemented", _C + "test_line_of_sight_example_casualties"),
    Entry("6.0", "Fire combat", "implemented", _C + "test_fire_6_1_example_scripted_and_exact"),
    Entry("6.1", "Firepower: one hit per die at or below it; no fire into assaults", "implemented",
          _C + "test_fire_6_1_example_scripted_and_exact; " + _F + "test_no_fire_into_assaults_6_1; "
          + _O + "test_a_unit_that_fires_is_turned_face_up_6_1"),
    Entry("6.2", "Range: fire only at targets in range", "implemented",
          _R + "test_each_unit_type_fires_and_sees_its_own_range"),
    Entry("6.3", "Casualties: fire at a hex, strongest first, tanks excluded unless AC zero (ties the owner's "
          "choice)", "assumed",
          "option: hex-fire-ties; " + _C + "test_hits_go_to_strongest_first_tanks_excluded; "
          + _H + "test_a_shot_at_a_unit_that_is_not_face_up_is_fire_at_its_hex_strongest_first_6_3; "
          + _H + "test_the_line_of_sight_example_mortar_fires_at_hex_b_diagram_4"),
    Entry("6.31", "Targeting face-up units; hidden units only by fire at their hex", "implemented",
          _C + "test_fire_example_st_abyn_exact; "
          + _H + "test_face_up_units_may_be_targeted_and_take_every_hit_surplus_wasted_6_31"),
    Entry("6.32", "Armor class", "implemented", _C + "test_armor_class_6_32_examples"),
    Entry("6.33", "Eliminated units", "implemented", _C + "test_hits_go_to_strongest_first_tanks_excluded"),
    Entry("6.34", "Wrecks: +1 MP, no LOS block", "implemented",
          _M + "test_ci_wreck_plus_one_and_smoke_stops; " + _L + "test_ci_wrecks_do_not_block_smoke_does"),
    Entry("6.4", "Line of sight (the same both ways; units see up to their range; undrawn town hexsides)",
          "assumed", "option: sight-within-range, option: woods-see-out, option: undrawn-hexsides-block; "
          + _L + "test_ci_ends_terrain_ignored_between_terrain_blocks; "
          + _R + "test_an_undrawn_hexside_of_a_town_is_a_named_reading_for_los; "
          + _R + "test_woods_symmetric_over_a_whole_board_and_the_one_way_reading_is_an_option; "
          + _R + "test_each_unit_type_fires_and_sees_its_own_range"),
    Entry("6.41", "Elevations and blind hexes", "implemented", _L + "test_ci_higher_ground_blocks_and_blind_hexes"),
    Entry("6.5", "Hexside fire limits", "implemented", _R + "test_fire_limits_per_hexside_and_long_range_one_per_hex; "
          + _F + "test_hexside_fire_limits_6_5_cut_the_threat_and_the_plan"),
    Entry("6.51", "Long-range fire: one unit per firing hex and target", "implemented",
          _R + "test_fire_limits_per_hexside_and_long_range_one_per_hex; "
          + _F + "test_long_range_fire_6_51_is_one_firer_per_target_hex"),
    Entry("6.6", "Bombardment (into and out of woods beyond the adjacent hexes: a reading)", "assumed",
          "option: bombard-into-woods; " + _C + "test_bombardment_matches_face_enumeration; "
          + _R + "test_bombardment_into_and_out_of_woods_is_a_named_reading"),
    Entry("6.61", "Spotting: by one face-up HQ; 3 hexes, 4 from higher ground; an HQ spots for one bombarding unit",
          "implemented",
          _L + "test_ci_ranges_night_and_spotting; " + _R + "test_los_spotting_flag_on_the_command_line; "
          + _F + "test_mortars_bombard_with_spotting_6_6_6_61; " + _F + "test_one_hq_spots_for_one_bombarding_unit_6_61; "
          "tests/test_play.py::test_only_a_face_up_hq_spots_for_a_bombardment_6_61 (option spot-hidden-hq lets a "
          "hidden HQ spot; the company of each HQ is not recorded, so any face-up HQ of the side spots)"),
    Entry("6.62", "Treebursts", "implemented", _C + "test_d2_terrain_and_treebursts"),
    Entry("6.63", "Friendly fire (in play, which adjacent unit takes a hit is the active player's choice)",
          "assumed", "option: friendly-fire-order; " + _C + "test_friendly_fire_zeros_and_air_doubles; "
          + _P + "test_who_takes_a_friendly_hit_is_the_active_players_choice_an_option_6_63"),
    Entry("6.7", "Double defense (D2); a half-hit recovers before the activation's assaults", "implemented",
          _C + "test_d2_half_hit_must_take_next_hit_and_recovers; "
          "in play: tests/test_play_examples.py::test_combat_infantry_fire_example_diagram_3_replays_as_a_record; "
          + _P + "test_assaults_are_fought_when_the_activation_ends_after_half_hits_recover_1_3_4_2_6_7"),
    Entry("7.0", "Special actions: one instead of a rally, fire or move (dig, smoke, clearing wire, demolishing "
          "a bridge; mortar smoke and bombardment on what only an HQ spots are not played: the turn rules' OMITTED)",
          "implemented",
          _X + "test_any_commanded_unit_may_dig_a_foxhole_instead_of_rally_fire_or_move_7_0_7_1; "
          + _X + "test_a_unit_ends_a_special_action_face_up_7_0; "
          + _X + "test_every_special_action_a_playout_takes_is_one_the_single_answer_allows_with_its_odds"),
    Entry("7.1", "Foxholes: D2, stacking 2; dug by any commanded unit in Clear terrain, staying for the scenario",
          "implemented", _C + "test_d2_terrain_and_treebursts; "
          + _X + "test_any_commanded_unit_may_dig_a_foxhole_instead_of_rally_fire_or_move_7_0_7_1; "
          + _X + "test_a_foxhole_is_dug_only_in_clear_terrain_7_1; "
          + _X + "test_no_foxhole_is_dug_where_one_is_nor_in_wire_7_1_7_5; "
          + _X + "test_a_foxhole_stays_for_the_scenario_and_an_enemy_may_occupy_it_7_1; "
          + _X + "test_a_foxhole_is_not_dug_where_it_would_overstack_the_hex_omitted_7_1_8_2 (a dig that would "
          "overstack the hex is not offered)"),
    Entry("7.2", "Mines: assault odds; entering a minefield is an assault; a minefield defends its hex, "
          "alone or with units", "implemented",
          _C + "test_minefield_engineer_example_7_2; "
          + _R + "test_a_minefield_is_an_assault_so_mgs_mortars_and_guns_may_not_enter_it; "
          + _A + "test_a_defended_minefield_is_every_die_replayed_7_2; "
          + _A + "test_an_undefended_minefield_in_the_assault_chain_is_the_minefield_chain_7_2; "
          + _P + "test_a_defended_minefield_is_fought_as_7_2_prints_it; "
          "tests/test_play_odds.py::test_a_move_into_a_minefield_is_the_games_assault_as_path_and_route_say_and_the_"
          "7_2_example_clears_it (which side owns a 'mines' feature is not map data: it is read as the mover's "
          "enemy; hidden minefields are not modelled)"),
    Entry("7.3", "Demolish bridges: an engineer in the bridge's hex (+1 for wood), a mortar that sees it at half "
          "firepower; a destroyed bridge: assault limit 0, fire limit 1, crossed as its river (field artillery and "
          "air strikes on bridges, and bridges only an HQ spots, are not played: the turn rules' OMITTED)", "assumed",
          "option: bridge-material, option: destroyed-bridge; "
          + _B + "test_an_engineer_adjacent_to_a_bridge_demolishes_it_by_rolling_at_least_one_hit_7_3; "
          + _B + "test_success_places_the_destroyed_marker_on_the_bridge_and_failure_does_not_7_3; "
          + _B + "test_a_mortar_bombards_a_bridge_it_sees_at_half_firepower_rounded_up_without_the_wood_bonus_7_3; "
          + _B + "test_a_destroyed_bridge_has_assault_limit_zero_and_fire_limit_one_7_3; "
          + _B + "test_no_assault_across_a_destroyed_bridge_and_infantry_crosses_it_as_the_river_7_3_8_5; "
          + _B + "test_a_demolished_bridge_is_a_position_the_format_keeps_and_checks_7_3; "
          + _B + "test_greedy_demolishes_the_bridge_its_enemy_needs_and_spares_its_own_7_3; "
          + _B + "test_a_playout_with_a_demolition_replays_from_its_saved_record_7_3; "
          + _X + "test_every_special_action_a_playout_takes_is_one_the_single_answer_allows_with_its_odds"),
    Entry("7.4", "Smoke: blocks LOS, stops movement, -1F in assaults; laid by engineers in an adjacent hex "
          "and by mortars on a hex they see (at least one hit), dissipating when the game turn ends (an engineer "
          "lays none across a hedge nor out of smoke; none into an assault hex; which roll lays a mortar's)",
          "assumed", "option: smoke-across-hedge, option: smoke-by-firing, option: mortar-smoke-roll; "
          + _X + "test_smoke_is_laid_by_firing_not_out_of_a_smoke_hex_nor_into_an_assault_an_option_7_4_6_1; "
          + _X + "test_which_roll_lays_a_mortars_smoke_is_an_option_named_in_its_answer_7_4; "
          + _L + "test_ci_wrecks_do_not_block_smoke_does; "
          + _P + "test_an_assault_in_a_smoke_hex_is_fought_at_minus_one_firepower_7_4; "
          + _X + "test_an_engineer_lays_smoke_in_one_adjacent_hex_by_rolling_at_least_one_hit_7_4; "
          + _X + "test_smoke_blocks_the_lines_through_its_hex_and_dissipates_when_the_game_turn_ends_7_4; "
          + _X + "test_a_mortar_lays_smoke_on_a_spotted_hex_it_sees_by_rolling_at_least_one_hit_7_4_6_61; "
          + _X + "test_smoke_is_not_laid_where_smoke_is_nor_in_a_wire_hex_7_4_7_5 (mortar smoke on a hex only an "
          "HQ spots is not played)"),
    Entry("7.5", "Barbed wire: enter and stop, one unit, no assault on a unit in it; cleared next game turn by "
          "at least one hit (engineers at F4)", "implemented",
          _R + "test_a_unit_in_barbed_wire_can_be_fired_on_but_not_assaulted; "
          + _X + "test_a_unit_that_entered_wire_may_clear_it_next_game_turn_by_rolling_at_least_one_hit_7_5; "
          + _X + "test_engineers_clear_wire_at_f4_7_5 (wire ownership and withdrawing "
          "by the entry hexside are not modelled: the marker names no side and units carry no entry hexside)"),
    Entry("8.0", "Movement", "implemented", _M + "test_ci_hex_control_narrative_first_unit_stops_next_one_passes; "
          + _R + "test_race_and_route_stop_in_enemy_controlled_hexes"),
    Entry("8.1", "Movement points per hexside", "implemented", _M + "test_ci_clear_and_woods_hexsides; "
          + _R + "test_reach_names_the_assumed_costs_its_cells_rest_on_as_path_does"),
    Entry("8.2", "Stacking limits; overstacked units eliminated at the end of an HQ activation", "implemented",
          _M + "test_ci_stacking_checked_at_the_end_of_the_move; "
          + _P + "test_an_hq_still_overstacked_when_its_activation_ends_is_eliminated_8_2; "
          + _G + "test_stacking_applies_once_the_regroups_are_done_8_2_9_5"),
    Entry("8.3", "Hex control (whether a cliff stops it is a reading: one for movement, retreats and victory)",
          "assumed", "option: control-across-cliff; "
          + _M + "test_ci_hex_control_example_river_does_not_stop_control_lake_does_disputed_hexes; "
          + _R + "test_control_across_a_cliff_is_one_reading_for_movement_retreat_and_victory"),
    Entry("8.4", "Road movement", "implemented", _M + "test_ci_road_examples_clear_1_woods_2_only_along_road_hexsides"),
    Entry("8.5", "River crossings", "implemented", _M + "test_ci_rivers_cliffs_fords"),
    Entry("9.0", "Assaults", "implemented", _A + "test_caron_farm_assault_scripted; "
          + _P + "test_the_assault_on_caron_farm_diagram_6_replays_as_a_record"),
    Entry("9.1", "Assault combat: several units together, no D2, AC zero; assault limits per hexside; all units "
          "in it revealed", "implemented",
          _A + "test_armor_class_zero_in_assaults_9_65; " + _R + "test_assault_limits_per_hexside; "
          + _O + "test_every_unit_in_an_assault_is_revealed_defenders_too_9_1_9_2; "
          + _O + "test_a_hidden_defender_that_retreats_is_revealed_9_1; "
          + _P + "test_no_more_units_assault_across_a_hexside_than_its_assault_limit_9_1; "
          + _P + "test_the_assault_on_a_hex_reads_the_board_as_9_1_and_9_4_say; "
          "tests/test_play_examples.py::test_combat_infantry_command_range_example_diagram_2_replays_as_a_record"),
    Entry("9.2", "Assault rounds; attackers face-up after, winning defenders upright unless activated",
          "implemented", _A + "test_caron_farm_assault_exact_contains_narrative_end; "
          + _O + "test_attackers_are_face_up_and_defenders_that_win_stand_upright_unless_they_activated_9_2; "
          + _O + "test_every_unit_in_an_assault_is_revealed_defenders_too_9_1_9_2"),
    Entry("9.3", "Assault morale (the morale beside an HQ is the note's reading: the HQ's, or the better)", "assumed",
          "option: assault-hq-morale; " + _A + "test_hq_ignores_morale_unless_alone_and_lends_morale; "
          + _A + "test_an_hq_alone_in_an_assault_checks_morale_9_3_9_66; "
          + _A + "test_a_unit_beside_an_hq_checks_with_its_morale_by_the_9_3_note_an_option"),
    Entry("9.4", "Assault retreats: when (the owners' choice), where to, off the map, stacking, hexside limits "
          "per round, none possible; moving off the map by choice, from an edge hex, paying for a hexside of its "
          "terrain", "assumed",
          "option: assault-attacker-retreat, option: assault-defender-retreat, option: assault-off-map-limit, "
          "option: leave-map; "
          + _V + "test_a_commanded_unit_on_the_maps_edge_may_move_off_it_paying_for_its_hexs_terrain_9_4_3_2; "
          + _V + "test_no_unit_moves_off_the_map_out_of_an_assault_it_retreats_9_1_9_4; "
          + _V + "test_every_move_off_the_map_a_playout_takes_is_one_the_rules_allow_and_the_record_replays_9_4; "
          + _P + "test_how_many_retreat_off_the_map_a_round_is_an_option_9_4; "
          + _P + "test_when_each_side_retreats_is_the_owners_choice_an_option_9_2; "
          + _S + "test_caron_farm_retreat; " + _P + "test_the_assault_on_a_hex_reads_the_board_as_9_1_and_9_4_say; "
          + _P + "test_a_unit_with_no_hex_of_retreat_is_eliminated_in_play_9_4; "
          + _A + "test_retreats_fill_the_room_and_the_hexside_limit_of_a_round_9_4; "
          + _P + "test_a_defender_may_retreat_off_the_map_removed_from_play_without_vp_9_4; "
          + _P + "test_no_retreat_into_a_minefield_7_2_9_4"),
    Entry("9.5", "Regrouping: the winners' choice, adjacent friendly hexes, stacking and assault limits, before "
          "the next assault (which hexes are friendly is a reading)", "assumed",
          "option: regroup-control; " + _G + "test_winners_regroup_only_into_adjacent_hexes_9_5; "
          + _G + "test_winners_regroup_only_into_friendly_hexes_8_3_9_5; "
          + _G + "test_a_regroup_never_enters_a_minefield_7_2_9_5; "
          + _G + "test_which_hexes_are_friendly_to_a_regroup_is_an_option_8_3_9_5; "
          + _G + "test_stacking_limits_apply_to_a_regroup_8_2_9_5; "
          + _G + "test_a_hexside_lets_as_many_regroup_as_its_assault_limit_9_1_9_5; "
          + _G + "test_a_regroup_across_a_slope_names_the_downhill_reading_9_1_9_5; "
          + _G + "test_defenders_that_win_an_assault_regroup_too_out_of_turn_9_5; "
          + _G + "test_after_the_attackers_regroup_the_other_player_takes_the_next_turn_1_0_9_5; "
          + _G + "test_regrouping_is_done_before_the_next_assault_is_fought_9_5; "
          + _G + "test_the_game_turn_ends_once_the_last_player_turns_regroup_is_done_1_3_9_5; "
          + _G + "test_stacking_applies_once_the_regroups_are_done_8_2_9_5; "
          + _G + "test_seeded_playouts_on_random_boards_regroup_only_where_the_answer_allows_9_5; "
          "tests/test_play_examples.py::test_combat_infantry_command_range_example_diagram_2_replays_as_a_record"),
    Entry("9.6", "Assault modifiers", "implemented", _A + "test_assault_modifiers"),
    Entry("9.61", "AT guns and mortars: no assault moves (a minefield too), F1 after round 1", "implemented",
          _A + "test_assault_modifiers; " + _R + "test_a_minefield_is_an_assault_so_mgs_mortars_and_guns_may_not_enter_it"),
    Entry("9.62", "Machine guns cannot move into assaults (a minefield too)", "implemented",
          _M + "test_ci_assault_rules; " + _R + "test_a_minefield_is_an_assault_so_mgs_mortars_and_guns_may_not_enter_it"),
    Entry("9.63", "AT rockets target in assaults", "implemented", _A + "test_atr_targets_tanks"),
    Entry("9.64", "Engineers double firepower in assaults", "implemented", _A + "test_assault_modifiers"),
    Entry("9.65", "Armor class zero in assaults", "implemented", _A + "test_armor_class_zero_in_assaults_9_65"),
    Entry("9.66", "HQs ignore morale unless alone", "implemented", _A + "test_hq_ignores_morale_unless_alone_and_lends_morale"),
    Entry("10.0", "Scenarios", "not-modelled", "scenario files are the scenario layer's"),
    Entry("10.1", "Set-up: one unit at least in the named hexes, the others adjacent, stacking applying",
          "implemented", "tests/test_scenario_files.py::test_refuses_combat_infantry_setup_with_nobody_in_the_named_"
          "hexes; tests/test_scenario_files.py::test_refuses_setup_over_the_stacking_limit; "
          "tests/test_scenario_files.py::test_loads_and_describes"),
    Entry("10.2", "Weather: bad weather spoils unpaved roads", "implemented", _M + "test_ci_bad_weather_spoils_unpaved_roads_only"),
    Entry("10.3", "Night: half MP, ranges at most 2", "implemented",
          _M + "test_ci_night_halves_mp_rounding_up; " + _L + "test_ci_ranges_night_and_spotting; "
          + _F + "test_night_10_3_limits_every_analysis_line"),
    Entry("10.4", "Victory: at the end of the last game turn, objective VPs and one a unit eliminated", "implemented",
          "tests/test_scenario_control.py::test_combat_infantry_vp_one_per_elimination_plus_held_objectives; "
          "tests/test_play.py::test_a_playout_ends_with_the_result_victory_gives; "
          + _V + "test_a_unit_that_moves_off_the_map_is_out_of_play_and_no_vp_for_the_enemy_9_4 (a scenario may "
          "end on a surrender; no bot surrenders)"),
    Entry("10.5", "Solitaire: the chit pull and the activation priorities (the chit-pull bot)", "assumed",
          "option: solitaire-fewer-units; tests/test_play.py::test_the_chit_pull_bot_reads_priority_2_by_its_option"),
    Entry("chart: Clear", "Clear: stack 3, D1, 2 MP, fire 2, assault 2", "implemented",
          _M + "test_ci_clear_and_woods_hexsides; " + _R + "test_fire_limits_per_hexside_and_long_range_one_per_hex"),
    Entry("chart: Beach", "Beach: as clear", "implemented", _R + "test_fire_limits_per_hexside_and_long_range_one_per_hex"),
    Entry("chart: Orchard", "Orchard: stack 2, blocks, 3 MP, fire 1 from adjacent only, assault 1", "implemented",
          _R + "test_woods_and_orchard_los_is_the_same_both_ways_and_adjacent_only"),
    Entry("chart: Cemetery", "Cemetery: stack 2, D1; the rest of the row is cut from the excerpt",
          "implemented", "stack and defense from the row (" + _M + "test_ci_stacking_checked_at_the_end_of_the_move); "
          "its MP is an assumed table entry said in each path ("
          + _R + "test_assumed_movement_costs_and_ratings_are_said_in_the_answer)"),
)
