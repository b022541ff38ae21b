"""Rules coverage of Heroes of Normandie (Bloody Omaha excerpt): one row per numbered section
(the icon summary's 5.1 and 6.x included) plus the terrain-effect paragraphs of 1.1-1.4 and
the assumed core-rule readings (:mod:`wartools.games.coverage`)."""
from __future__ import annotations

from wartools.rules.coverage import Entry

_T = "tests/test_rules_heroes_of_normandie.py::"
_L = "tests/test_los_rulebooks.py::"
_M = "tests/test_movement_rules.py::"
_C = "tests/test_combat_heroes_of_normandie.py::"
_F = "tests/test_attack_heroes_and_conflict.py::"
_S = "tests/test_heroes_stress_in_play.py::"

COVERAGE = (
    Entry("1", "Battlefield: terrain effects, elements, obstacles, defensive elements", "implemented",
          _M + "test_hon_terrain_elements"),
    Entry("1.1", "Terrain effects: contour line range limit (A, B)", "implemented",
          _L + "test_hon_contour_one_square_beyond_unless_adjacent"),
    Entry("1.1 Contour Line", "'adjacent to the line' read at the crossing (a ring is not one line)", "assumed",
          "option: contour-adjacency; " + _T + "test_a_hill_drawn_as_a_ring_is_not_one_line"),
    Entry("1.1 Contour Line D", "infantry block LoS between infantry", "implemented",
          _L + "test_hon_infantry_block_only_between_infantry"),
    Entry("1.1 Hole", "infantry in a hole, same element, corners (A, B, C)", "implemented",
          _L + "test_hon_hole_rules; " + _F + "test_hole_b_infantry_in_a_trench_block_a_shooter_inside_it_1_1"),
    Entry("1.1 Mounds", "a unit on a mound blocks, except towards a higher unit across the line", "implemented",
          _L + "test_hon_mound_unit_blocks_except_towards_higher_unit_across_the_line"),
    Entry("1.1 Directional Defensive Bonus", "only the side the shot comes in by", "implemented",
          _T + "test_directional_bonus_counts_only_the_side_the_shot_comes_in_by"),
    Entry("1.1 Directional (corner shots)", "a shot exactly through a corner crosses both sides meeting there",
          "assumed", "option: corner-shot-crosses-both; "
          + _T + "test_a_shot_through_a_corner_crosses_both_sides_unless_the_option_says_not"),
    Entry("1.1 Directional (hedges, walls)", "a hedge or wall protects the square behind it from the far side",
          "implemented", _T + "test_hedges_and_walls_protect_the_square_behind_them_from_the_far_side_only"),
    Entry("1.1 Bunker", "no entry through windows; Destruction dice stun", "implemented",
          _T + "test_infantry_never_enter_a_bunker_through_its_windows; "
          + _C + "test_bunker_stun_any_five_or_six"),
    Entry("1.1 Stress", "Suppressed Markers near or in sight of a stressful element (also in playouts)",
          "implemented", _T + "test_stress_suppresses_within_range_or_in_sight; "
          + _S + "test_a_unit_ending_its_move_near_or_in_sight_of_a_stress_element_is_suppressed; "
          + _S + "test_seeded_playouts_on_random_boards_suppress_as_the_single_answer_says "
          "(a reinforcement is placed, not moved: stress reaches it at its first movement action)"),
    Entry("1.1 Stress (markers kept)", "no Suppressed Marker discarded within range of the element and in LoS "
          "to it (also in playouts)", "implemented",
          _S + "test_the_supply_phase_end_discards_suppressed_markers_but_those_stress_keeps; "
          + _S + "test_seeded_playouts_on_random_boards_suppress_as_the_single_answer_says"),
    Entry("1.1 Stress / 5.1", "within range OR in LoS (1.1) against AND (the 5.1 summary)", "assumed",
          "option: stress-rule; " + _T + "test_stress_suppresses_within_range_or_in_sight; "
          + _S + "test_a_unit_ending_its_move_near_or_in_sight_of_a_stress_element_is_suppressed"),
    Entry("1.1 Stress (LoS clause)", "the LoS clause checked on ending the move, or whenever the unit has the LoS",
          "assumed", "option: stress-sight; "
          + _S + "test_with_stress_sight_standing_a_loss_that_opens_a_los_suppresses_a_unit_that_has_not_moved; "
          + _S + "test_a_reinforcement_is_placed_not_moved_and_standing_stress_reaches_it_by_the_supply_phases_end"),
    Entry("core turn: supply phase", "every Suppressed Marker discarded at the end of the supply phase "
          "(not in the excerpt)", "assumed", "option: discard-suppressed; "
          + _S + "test_the_supply_phase_end_discards_suppressed_markers_but_those_stress_keeps; "
          + _S + "test_seeded_playouts_on_random_boards_suppress_as_the_single_answer_says"),
    Entry("Suppressed Marker", "what a Suppressed Marker does to movement (not in the excerpt)", "assumed",
          "option: suppressed-movement; " + _T + "test_a_suppressed_unit_is_never_silently_ignored"),
    Entry("1.1 corners", "a ruler through a corner between any two blockers", "assumed",
          "option: corner-rule; " + _T + "test_a_corner_between_two_different_blockers_is_closed"),
    Entry("core LoS", "buildings, walls, hedges, vehicles block (core rules, not in the excerpt)", "assumed",
          "option: building-blocks-los, option: hedges-are-obstacles, option: vehicles-block-los; "
          + _T + "test_every_los_answer_names_its_assumed_readings"),
    Entry("1.2", "Terrain elements: mounds, difficult terrain, streams, fields, embankments", "implemented",
          _M + "test_hon_terrain_elements"),
    Entry("1.3", "Defensive obstacles: barbed wire (infantry only), Czech hedgehogs", "implemented",
          _M + "test_hon_barbed_wire_difficult_for_infantry_only; "
          + _T + "test_barbed_wire_does_not_stop_a_vehicles_diagonal"),
    Entry("core movement", "what a Difficult Passage costs, and two in one step", "assumed",
          "option: difficult-passage-cost, option: difficult-passages-add; "
          + _T + "test_wire_into_a_difficult_square_shows_exactly_the_parts_it_costs"),
    Entry("core movement: Obstacles", "what an Obstacle (fields for infantry, hedgehogs) does to a move",
          "assumed", "option: obstacle-rule; " + _T + "test_what_an_obstacle_does_to_a_move_is_an_assumed_option"),
    Entry("core movement: diagonals", "diagonal steps on squares", "assumed",
          "option: diagonal-rule; " + _M + "test_hon_diagonal_convention_no_corner_cutting_and_override"),
    Entry("core movement: ZoC", "entering an enemy Zone of Control ends the move", "assumed",
          "option: zoc-stops; " + _T + "test_entering_an_enemy_zone_of_control_ends_the_move"),
    Entry("core movement: Movement Values", "Movement Values (printed on counters)", "assumed",
          "option: infantry-movement, option: light-vehicle-movement, option: heavy-vehicle-movement; "
          + _T + "test_movement_values_are_assumed_options"),
    Entry("1.4", "Defensive elements: trenches (stops, ladders, bend, ZoC), bonus unless inside", "implemented",
          _M + "test_hon_trench_stop_entering_or_leaving_unless_by_ladder; "
          + _T + "test_a_path_does_not_cut_the_bend_of_a_trench_through_its_wall; "
          + _T + "test_an_open_beach_square_is_no_defensive_element"),
    Entry("1.4 Trenches (bonus)", "the trench's Defensive Bonus (Infantry): its value is not in the excerpt",
          "assumed", "option: trench-bonus; " + _F + "test_trench_defensive_bonus_1_4_in_the_threat_map"),
    Entry("2", "Special rules: landing craft transport capacity", "implemented",
          _C + "test_landing_craft_transport_example"),
    Entry("2 Haystacks", "haystack camouflage", "not-modelled",
          "the hidden-unit layer is Combat Infantry's (2.53); haystacks, spotting them by Ambush and their "
          "Opportunity Fire are not played"),
    Entry("3.1", "Movement special abilities: Urban Fighter", "not-modelled",
          "special abilities are not unit data in the map; only its 'never through bunker windows' is "
          "pinned (" + _T + "test_infantry_never_enter_a_bunker_through_its_windows)"),
    Entry("3.2", "Firing special abilities: Hawkeyed ignores the long range penalty", "implemented",
          _C + "test_long_range_hawkeyed_and_aircraft"),
    Entry("3.3", "Defense special abilities: Substitute", "not-modelled",
          "hit allocation between units is not modelled"),
    Entry("3.4", "Command special abilities: Barrage Order, Smart, NCO", "not-modelled",
          "playouts give order tokens (a count a side, option order-tokens) but no unit carries these "
          "abilities: Barrage Order, NCOs and action cards (Smart's hand size) are not played"),
    Entry("3.5", "Other special abilities: Engineer mine clearing, Minesweeper", "implemented",
          _C + "test_engineer_mine_clearing"),
    Entry("4", "Recruitment options", "not-modelled", "army building (points, tiles) is not modelled"),
    Entry("4.1", "Support options", "not-modelled", "army building is not modelled"),
    Entry("4.2", "Gear options: minefield attack (also in playouts); Fuel", "implemented",
          _C + "test_mine_example_one_plus_one_plus_one; "
          "tests/test_play_examples.py::test_heroes_of_normandie_minefield_example_replays_as_a_record "
          "(each mined square adds option mine-value; a roll of 1 discards no counter in play)"),
    Entry("4.3", "Character traits (Guardian, Training)", "not-modelled",
          "character traits are not unit data in the map"),
    Entry("4.4", "Orders options: smoke templates", "implemented", _L + "test_hon_smoke_worst_penalty_once"),
    Entry("4.5", "Customizations: Heroic", "not-modelled",
          "playouts act with each unit at most once a turn (by an order in the activation phase, or in the "
          "supply phase); characters and their Heroic marker (one more activation) are not unit data, so no "
          "unit activates twice"),
    Entry("5", "Aviation rules: aircraft LoS, speed penalty", "implemented",
          _T + "test_aircraft_see_every_unit_except_those_in_buildings; "
          + _C + "test_aircraft_speed_penalty_examples"),
    Entry("5 bunkers", "a bunker counts as a building for aircraft", "assumed",
          "option: aircraft-bunker-is-building; " + _T + "test_aircraft_see_every_unit_except_those_in_buildings"),
    Entry("5.1", "Icon summary: terrain effects (as 1.1)", "implemented",
          _L + "test_hon_hole_rules"),
    Entry("6", "Player generated landings; icon summary of special abilities", "not-modelled",
          "scenario generation is not modelled; the abilities are covered at 3.1-3.5"),
    Entry("6.1", "Define the game; summary: movement special abilities", "not-modelled",
          "scenario generation is not modelled; Urban Fighter as 3.1"),
    Entry("6.2", "Summary: firing special abilities (Hawkeyed, Anti-Aircraft)", "implemented",
          _C + "test_long_range_hawkeyed_and_aircraft"),
    Entry("6.3", "Summary: defense special abilities", "not-modelled", "as 3.3"),
    Entry("6.5", "Summary: command special abilities", "not-modelled", "as 3.4"),
    Entry("6.6", "Summary: other special abilities", "implemented", _C + "test_engineer_mine_clearing"),
)
