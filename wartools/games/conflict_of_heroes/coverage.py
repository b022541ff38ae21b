"""Rules coverage of Conflict of Heroes (Storms of Steel excerpt): one row per numbered section,
plus the LOS and terrain readings the excerpt does not print (:mod:`wartools.games.coverage`)."""
from __future__ import annotations

from wartools.rules.coverage import Entry

_T = "tests/test_rules_conflict_of_heroes.py::"
_M = "tests/test_movement_rules.py::"
_X = "tests/test_lessons_conflict_of_heroes.py::"
_PE = "tests/test_play_examples.py::"
_S = "tests/test_scenario_control.py::"

COVERAGE = (
    Entry("1.0", "Game setup; pre-round sequence (printed as a second 1.0)", "not-modelled",
          "set-up is the scenario's (map, units, starting CAPs, rounds); of the pre-round sequence playouts "
          "play Flip Counters (" + _PE + "test_conflict_of_heroes_the_round_ends_when_both_pass_one_after_the_other_"
          "and_units_are_fresh_again_2_3) and Reset CAPs (the next row); smoke, action cards and off-board "
          "artillery are not played"),
    Entry("1.0 Reset CAPs", "each round's CAPs: the firefight's level less one per casualty (7.3, what a casualty "
          "is, is not in the excerpt; played in playouts)", "assumed",
          "option: cap-casualties; tests/test_play_examples.py::test_conflict_of_heroes_caps_reset_one_less_per_casualty"),
    Entry("1.1", "Infantry squads: movement cost of 2 AP or less", "not-modelled",
          "unit classes come from the unit's type in the map; costs printed per counter are not unit data"),
    Entry("2.1", "Round initiative (2D6, re-roll ties)", "implemented",
          "tests/test_combat_conflict_of_heroes.py::test_initiative_ties_rerolled; "
          + _PE + "test_conflict_of_heroes_the_round_ends_when_both_pass_one_after_the_other_and_units_are_fresh_"
          "again_2_3 (rolled in playouts from round 2; the firefight names round 1's first player)"),
    Entry("2.2", "Taking turns: only a fresh unit is activated, one at a time; one action = one hex",
          "implemented", _T + "test_the_active_unit_cannot_be_reactivated_for_fresh_aps; "
          + _T + "test_opportunity_and_command_moves_are_exactly_one_hex"),
    Entry("2.3", "Round over when both pass", "implemented",
          _PE + "test_conflict_of_heroes_the_round_ends_when_both_pass_one_after_the_other_and_units_are_fresh_"
          "again_2_3; " + _PE + "test_conflict_of_heroes_3_1_opportunity_fire_example_replays_as_a_record"),
    Entry("2.4", "Game end, victory points, hex control", "implemented",
          _S + "test_conflict_of_heroes_control_is_remembered_and_contested; "
          + _S + "test_conflict_of_heroes_a_contest_at_the_end_of_a_round_scores_nothing_and_keeps_the_marker; "
          + _S + "test_conflict_of_heroes_tie_means_both_lose; " + _S + "test_conflict_of_heroes_scoring_rounds; "
          "tests/test_conflict_control_in_play.py::test_a_unit_moving_through_an_objective_takes_it_and_keeps_it_"
          "after_leaving; tests/test_conflict_control_in_play.py::test_a_unit_alone_on_an_objective_from_the_set_"
          "up_holds_it_for_its_side_when_destroyed_first; "
          "tests/test_conflict_control_in_play.py::test_random_firefights_control_every_objective_"
          "as_the_text_says_after_every_action (a unit's VP is the firefight sheet's: 1 unless the scenario sets "
          "it; control follows the units after every action, a hex moved through included, in playouts and on "
          "the scenario board alike)"),
    Entry("3.0", "Unit actions: 7 AP, switching units loses the old unit's APs", "implemented",
          _T + "test_the_active_unit_cannot_be_reactivated_for_fresh_aps"),
    Entry("3.01", "Variable AP allocation (optional): 2D6 APs", "implemented",
          _X + "test_initiative_and_variable_ap_examples"),
    Entry("3.1", "Opportunity actions: one action of a fresh unit, then spent", "implemented",
          _X + "test_activation_refuses_what_the_rules_forbid"),
    Entry("3.2", "Command action points", "implemented", _X + "test_ap_track_examples_2_2_3_0_3_1_3_21"),
    Entry("3.21", "CAPs supplement APs one for one (in race and route: the side's CAPs to one unit, a reading)",
          "assumed", "option: caps-for-moves; " + _M + "test_cofh_seven_ap_one_per_open_hex_caps_supplement; "
          + _T + "test_caps_supplement_aps_in_race_and_route"),
    Entry("3.22", "CAP (command) actions: status unchanged, one action", "implemented",
          _T + "test_opportunity_and_command_moves_are_exactly_one_hex"),
    Entry("LOS", "line of sight (no LOS chapter in the excerpt): terrain effects", "assumed",
          "option: woods-los, option: building-los, option: brush-los, option: field-los, option: wall-los; "
          + _T + "test_los_readings_are_options_a_group_can_flip"),
    Entry("LOS hills", "ground higher than both ends blocks", "assumed",
          "option: hills-block; " + _T + "test_los_readings_are_options_a_group_can_flip"),
    Entry("LOS along a hexside", "the lesser of the two hexes' effects", "assumed",
          "option: along-hexside; " + _T + "test_along_a_hexside_more_restrictive_terrain_never_clears_a_line"),
    Entry("CAPs on a roll", "CAPs modify any die roll (3.2); the rate and timing (3.24) are not in the excerpt",
          "assumed", "option: cap-modifier; " + _T + "test_caps_modify_a_fire_roll_at_a_rate_a_group_can_flip"),
    Entry("armored front / flank", "front and flank defense ratings; the front arc", "assumed",
          "option: flank-boundary; " + _T + "test_armored_targets_have_a_front_and_a_flank"),
    Entry("terrain defence", "the target hex's defence modifier (woods +2 printed; the rest not)", "assumed",
          "option: defense-building, option: defense-brush, option: defense-field, option: defense-water; "
          "tests/test_attack_heroes_and_conflict.py::test_conflict_of_heroes_building_modifier_is_a_named_reading"),
    Entry("hit counters", "effects of the drawn hit counters (the excerpt says one is drawn, not what each does)",
          "assumed", "option: hit-counter; " + _PE + "test_conflict_of_heroes_a_hit_marks_the_unit_and_a_second_"
          "destroys_it_or_every_hit_destroys_an_option (the counters' own effects are not "
          "played)"),
    Entry("terrain costs", "AP per terrain beyond open ground (printed per counter)", "not-modelled",
          "counter costs are not unit data; an assumed table stands in, its entries reported in each path "
          "(" + _T + "test_assumed_movement_costs_are_reported_and_add_up) and in each reach ("
          + _T + "test_reach_names_the_assumed_woods_cost_as_path_does)"),
)
