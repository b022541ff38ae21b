"""Heroes of Normandie (Bloody Omaha), on a square grid.

Terrain elements from the rulebook's terrain chapter (1.2) and its Omaha
additions (beach, sea, seawall, bunkers, trenches); interspace features are
walls, hedges, openings, barbed wire, Czech hedgehogs, contour lines, the
seawall and trench ladders (Heroes of Normandie 1.2 "Trenches").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from wartools.rules import Game, Vocabulary, per_game
from wartools.rules.options import Option
from wartools.rules.style import EdgeStyle, FeatureMarker, MapStyle

if TYPE_CHECKING:  # pragma: no cover
    from wartools.rules.coverage import Entry
    from wartools.games.fire_rules import FireRules
    from wartools.rules.los import LOSPolicy
    from wartools.rules.movement import MovementRules
    from wartools.rules.odds import OddsProcedure
    from wartools.rules.scenario import ScenarioRules
    from wartools.rules.turn import TurnRules

_CORE = "Heroes of Normandie core rules (not in the Bloody Omaha excerpt;"


class HeroesOfNormandie(Game):
    id = "heroes-of-normandie"
    options = (
        Option("fuel", False, "Heroes of Normandie, Tank Gear: Fuel",
               "the vehicle carries a Fuel marker: its Movement Value is one square more"),
        Option("long-range-penalty", 2, "Heroes of Normandie core rules (not in the excerpt; 3.2 "
               "Hawkeyed refers to it)",
               "roll penalty of a shot at long range", assumed=True,
               reading="a long-range shot takes -2 on its roll (the excerpt names the penalty, "
                       "not its size)"),
        Option("one-always-misses", True, "Heroes of Normandie core rules (not in the excerpt; "
               "4.2 says it of mines)", "a natural 1 on the shot die always misses", assumed=True,
               reading="a shot rolling 1 misses whatever the modifiers, as a mine does (4.2)"),
        # scenario layer (wartools.games.heroes_of_normandie.scenario)
        Option("control-persists", True, "Heroes of Normandie scenario pages",
               "whether an objective stays controlled after the side's units leave it", assumed=True,
               reading="an objective is taken at the end of a supply phase by a side with units on it and "
                       "no enemy, and kept until the enemy takes it (the excerpt does not define control)"),
        # play (wartools.games.heroes_of_normandie.turn)
        Option("order-tokens", 3, "Heroes of Normandie core rules (orders phase; not in the excerpt)",
               "order tokens each side places per turn (one activation each in the activation phase)",
               assumed=True, reading="each side gives orders to 3 units a turn"),
        # analysis layer (wartools.games.heroes_of_normandie.fire)
        Option("mine-value", 1, "Heroes of Normandie 4.2 (Minefield: the counters' Combat Values are not in "
               "the excerpt)", "what each mined square a move crosses adds to the mine attack roll",
               assumed=True, reading="every mined square adds 1 to the mine attack, as each counter of the 4.2 "
                                     "example does (the map's mine feature does not say which counter lies there)"),
        Option("move-and-fire", True, "Heroes of Normandie core rules (not in the excerpt)",
               "a unit given an order may move and then shoot in the same activation", assumed=True,
               reading="an ordered unit may make a movement action and then a firing action"),
        Option("trench-bonus", 1, "Heroes of Normandie 1.4 (Trenches: Defensive Bonus (Infantry); the value "
               "is printed on the terrain element, not in the excerpt)",
               "defensive bonus of an infantry unit in a trench against a shooter outside it", assumed=True,
               reading="an infantry unit in a trench adds a universal defensive bonus of +1 against a "
                       "shooter outside that trench (1.4)"),
        # --- movement: core-rule terms the excerpt uses but does not define ---------------
        Option("difficult-passage-cost", 1, _CORE + " 1.2 and 1.3 name Difficult Passages)",
               "extra squares of movement a Difficult Passage costs", assumed=True,
               reading="crossing or entering a Difficult Passage costs one extra square of movement"),
        Option("difficult-passages-add", True, _CORE + " 1.2 and 1.3 name Difficult Passages)",
               "whether two Difficult Passages in one step (wire into a stream) each cost extra",
               assumed=True, reading="each Difficult Passage of a step costs its extra: barbed wire into "
                                     "a difficult square costs both extras"),
        Option("obstacle-rule", "ends-move", _CORE + " 1.2, 1.3 and 1.4 name Obstacles)",
               "what an Obstacle does to a move: ends-move (the move ends once it crosses or enters "
               "one) or difficult (it costs like a Difficult Passage)", assumed=True,
               choices=("ends-move", "difficult"),
               reading="crossing or entering an Obstacle (a field for infantry, Czech hedgehogs, a "
                       "trench) ends the move"),
        Option("diagonal-rule", "no-corner-cutting", _CORE + " squares: how diagonal steps work)",
               "diagonal steps: no-corner-cutting, free (ignore the squares beside) or none",
               assumed=True, choices=("no-corner-cutting", "free", "none"),
               reading="a diagonal step costs like an orthogonal one but may not cut the corner of a "
                       "square, wall, hedge or obstacle the unit could not cross"),
        Option("zoc-stops", True, _CORE + " 1.4 Trenches mentions ZoCs)",
               "whether entering an enemy unit's Zone of Control ends the move", assumed=True,
               reading="the ZoC of a unit is the 8 squares around it; a unit entering an enemy ZoC ends "
                       "its move (a ZoC does not reach across a trench's edge, 1.4)"),
        # --- line of sight: where the excerpt is silent or can be read two ways -------------
        Option("contour-adjacency", "crossing", "Heroes of Normandie 1.1 (Contour Line A, B)",
               "what 'adjacent to the contour line' means: crossing (next to where the shot crosses) "
               "or line (anywhere along the connected line)", assumed=True, choices=("crossing", "line"),
               reading="a shooter or target is adjacent to the red line when it borders the crossed "
                       "interspace or a contour interspace sharing a corner with it; a hill drawn as a "
                       "ring is not one line whose whole rim is adjacent"),
        Option("corner-rule", "closed-both-sides", _CORE + " squares: a ruler exactly through a corner)",
               "a ruler through a corner: blocked when blockers touch it on both sides (closed-both-sides), "
               "by any touch (any), or never (never)", assumed=True,
               choices=("closed-both-sides", "any", "never"),
               reading="a ruler exactly through a corner is blocked when blockers of any kind (building, "
                       "field, unit, wall, hedge) touch that corner on both sides of it"),
        Option("building-blocks-los", True, _CORE + " 1.2 lists no building LoS effect)",
               "buildings and bunkers block LoS through them, walls across them", assumed=True,
               reading="buildings and bunkers block LoS through them; a wall blocks a shot across it "
                       "unless an opening or a bunker window is on the same interspace"),
        Option("hedges-are-obstacles", True, _CORE + " 1.3 names hedgehogs an Obstacle)",
               "Obstacles (hedges, Czech hedgehogs; fields for infantry) block LoS unless the shooter or "
               "target is next to them", assumed=True,
               reading="hedges and Czech hedgehogs are Obstacles, and an Obstacle (they, and fields between "
                       "infantry, 1.2) blocks LoS unless the shooter or the target is adjacent to it"),
        Option("vehicles-block-los", True, _CORE + " 1.1 Contour Line D covers infantry only)",
               "a vehicle between shooter and target blocks LoS", assumed=True,
               reading="a vehicle between the shooter and the target blocks LoS"),
        Option("untyped-units-are-infantry", True, _CORE[:-1] + ")",
               "a LoS question with no unit type is asked for infantry", assumed=True,
               reading="a shooter or target of unknown type is taken as an infantry unit"),
        Option("aircraft-bunker-is-building", True, "Heroes of Normandie 5 (Aviation Rules)",
               "whether a unit in a bunker counts as inside a building for aircraft LoS", assumed=True,
               reading="a unit in a bunker is inside a building: aircraft have no LoS to it, nor it to them"),
        Option("corner-shot-crosses-both", True, "Heroes of Normandie 1.1 (Directional Defensive Bonus)",
               "a shot exactly through a corner of the target's terrain element crosses both sides meeting "
               "there (directional bonus if either is the protected side), or neither", assumed=True,
               reading="a shot exactly through a corner of the target's terrain element crosses both sides "
                       "meeting there: the directional bonus applies if either is the protected side (the "
                       "excerpt does not say)"),
        Option("stress-rule", "either", "Heroes of Normandie 1.1 (Stress) and 5.1 (icon summary)",
               "a stressful element suppresses a unit that ends its move within range OR sees it (1.1: "
               "either) or only one that does both (5.1: and)", assumed=True, choices=("either", "both"),
               reading="the full rule 1.1 governs: a unit is suppressed if it ends its Movement Action within "
                       "the icon's number of squares of the element, or has a clear LoS to it (the icon "
                       "summary 5.1 asks for both; the booklet does not say which governs)"),
        Option("stress-sight", "end-of-move", "Heroes of Normandie 1.1 (Stress) and 5.1 (icon summary)",
               "when 1.1's LoS clause suppresses a unit: end-of-move (when the unit ends its Movement Action "
               "with a clear LoS to the element) or standing (whenever it has one, moving or not: another unit's "
               "move or loss opening its LoS, play's start, the supply phase's end; with stress-rule=either, "
               "5.1 ties both conditions to the move)", assumed=True, choices=("end-of-move", "standing"),
               reading="a stressful element suppresses a unit in clear LoS of it when that unit ends its Movement "
                       "Action, as the range clause and the icon summary (5.1) say, not when the LoS opens while "
                       "it stands (1.1 lists the LoS clause apart from the move)"),
        Option("discard-suppressed", True, "Heroes of Normandie core rules (supply phase; not in the excerpt) "
               "and 1.1 (Stress)",
               "every Suppressed marker is discarded at the end of the supply phase, but those 1.1 Stress keeps; "
               "off: no Suppressed marker is ever discarded", assumed=True,
               reading="at the end of the supply phase every unit discards its Suppressed markers, except a "
                       "unit within range of a stressful element and in LoS to it (1.1: it cannot discard "
                       "them there)"),
        Option("suppressed-movement", "unchanged", _CORE + " the excerpt says when Suppressed Markers "
               "are placed, not what they do)",
               "how a unit with a Suppressed Marker moves: unchanged, or refuse the question", assumed=True,
               choices=("unchanged", "refuse"),
               reading="a Suppressed Marker is not read as changing how the unit moves (the excerpt does not "
                       "say what it does); every path of a suppressed unit says so"),
        Option("infantry-movement", 4, _CORE + " Movement Values are printed on the counters)",
               "Movement Value of an infantry unit", assumed=True,
               reading="an infantry unit has Movement Value 4 (the counter's value is not in the map)"),
        Option("light-vehicle-movement", 7, _CORE + " Movement Values are printed on the counters)",
               "Movement Value of a light vehicle", assumed=True,
               reading="a light vehicle has Movement Value 7 (the counter's value is not in the map)"),
        Option("heavy-vehicle-movement", 5, _CORE + " Movement Values are printed on the counters)",
               "Movement Value of a heavy vehicle", assumed=True,
               reading="a heavy vehicle has Movement Value 5 (the counter's value is not in the map)"),
    )
    name = "Heroes of Normandie"
    aliases = ("hon", "heroes-of-normandie-bloody-omaha", "bloody-omaha")
    rulebook = "heroes-of-normandie-bloody-omaha.txt"
    grid_type = "square"
    default_terrain = "open"
    terrain = Vocabulary(
        "terrain",
        ("open", "beach", "sea", "building", "bunker", "trench", "field", "difficult", "stream",
         "mound"),
        {"clear": "open", "water": "sea", "house": "building", "wheat": "field",
         "crater": "difficult", "rubble": "difficult"},
        section="Heroes of Normandie 1.1-1.4",
        sections={"beach": "Heroes of Normandie 2 (Landing Craft) and 6 (beach and sea boards)",
                  "sea": "Heroes of Normandie 2 (Landing Craft) and 6 (beach and sea boards)",
                  "building": "Heroes of Normandie 3.1 (Urban Fighter) and 5 (Aviation Rules)",
                  "bunker": "Heroes of Normandie 1.1 (Bunker)", "trench": "Heroes of Normandie 1.4 (Trenches)",
                  "field": "Heroes of Normandie 1.2 (Fields)", "difficult": "Heroes of Normandie 1.2 (Difficult Terrain)",
                  "stream": "Heroes of Normandie 1.2 (Streams)", "mound": "Heroes of Normandie 1.2 (Mounds)"})
    edge_features = Vocabulary(
        "edge feature",
        ("wall", "hedge", "opening", "window", "barbed-wire", "hedgehog", "contour", "seawall",
         "ladder"),
        {"door": "opening", "slit": "window", "wire": "barbed-wire",
         "czech-hedgehog": "hedgehog", "contour-line": "contour", "bocage": "hedge"},
        section="Heroes of Normandie 1.1-1.3",
        sections={"barbed-wire": "Heroes of Normandie 1.3", "hedgehog": "Heroes of Normandie 1.3",
                  "contour": "Heroes of Normandie 1.1", "window": "Heroes of Normandie 1.1 (Bunker)",
                  "seawall": "Heroes of Normandie 1.2 (Embankments)",
                  "ladder": "Heroes of Normandie 1.4 (Trenches)"})
    cell_features = Vocabulary("cell feature", ("smoke", "fading-smoke", "mine", "stress-1", "stress-2",
                                                "stress-3"),
                               {"mines": "mine", "smoke-4": "smoke", "smoke-2": "fading-smoke"},
                               section="Heroes of Normandie 4.4 (Orders Options: Smoke)",
                               sections={"mine": "Heroes of Normandie 4.2 (Minefield)",
                                         **{f"stress-{n}": "Heroes of Normandie 1.1 (Stress)" for n in (1, 2, 3)}})
    unit_types = Vocabulary("unit type", ("infantry", "light-vehicle", "heavy-vehicle"),
                            {"squad": "infantry", "tank": "heavy-vehicle", "jeep": "light-vehicle"},
                            section="Heroes of Normandie unit types (recruitment tiles)")
    #: how the rulebook excerpt numbers its sections (coverage table)
    section_pattern = r"^(\d+(?:\.\d+)*) - [A-Z]"
    sides = ("US", "German")
    # openings (doors, windows) and trench ladders are crossings: passable gaps, drawn on
    # top of whatever else lies on the same interspace
    map_style = MapStyle(
        terrain={"open": "#eef0d8", "beach": "#f3e2a9", "sea": "#7fb2e5", "building": "#a6846a",
                 "bunker": "#7d7d7d", "trench": "#9b8465", "field": "#e8d36b", "difficult": "#c8b89a",
                 "stream": "#8fc1e8", "mound": "#d8c48c"},
        edges={"wall": EdgeStyle("#555555", 4.0), "hedge": EdgeStyle("#1f5f1f", 4.0),
               "opening": EdgeStyle("#ffffff", 3.0, ":"),
               "window": EdgeStyle("#d0e8ff", 3.0, ":"), "barbed-wire": EdgeStyle("#7a3fa0", 2.5, ":"),
               "hedgehog": EdgeStyle("#000000", 3.0, "-."), "contour": EdgeStyle("#e02020", 2.0, "--"),
               "seawall": EdgeStyle("#606060", 6.0), "ladder": EdgeStyle("#8b5a2b", 3.0, ":")},
        features={"smoke": FeatureMarker("o", "#8c8c8c"), "fading-smoke": FeatureMarker("o", "#c9c9c9"),
                  "mine": FeatureMarker("v", "#c0392b"),
                  **{f"stress-{n}": FeatureMarker("*", "#e67e22") for n in (1, 2, 3)}},
        crossings=frozenset({"opening", "window", "ladder"}))

    # --- the game's rules, imported when first asked for ---------------------------------
    @per_game
    def los_policy(self) -> LOSPolicy:
        from wartools.games.heroes_of_normandie.los import HeroesOfNormandieLOS

        return HeroesOfNormandieLOS(self)

    def movement_rules(self) -> type[MovementRules]:
        from wartools.games.heroes_of_normandie.movement import Rules

        return Rules

    def odds_procedure(self) -> OddsProcedure:
        from wartools.games.heroes_of_normandie.odds import PROCEDURE

        return PROCEDURE

    @per_game
    def scenario_rules(self) -> ScenarioRules:
        from wartools.games.heroes_of_normandie.scenario import Rules

        return Rules(self)

    @per_game
    def fire_rules(self) -> FireRules:
        from wartools.games.heroes_of_normandie.fire import Fire

        return Fire(self)

    def turn_rules(self) -> TurnRules:
        from wartools.games.heroes_of_normandie.turn import Turns

        return Turns(self)

    def coverage(self) -> tuple[Entry, ...]:
        from wartools.games.heroes_of_normandie.coverage import COVERAGE

        return COVERAGE
