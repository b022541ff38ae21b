"""Combat Infantry: WestFront 1944-45.

Hex terrain from Combat Infantry 3.4; hexside terrain (hedge, river, bridge,
ford, cliff, lake, slope) from 3.4 too. Combat Infantry 3.2 lets a hexside carry
hex terrain as well ("woods hexside"), so every hex terrain name is also a
valid edge feature. Unit types from Combat Infantry 2.0-2.55.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from wartools.rules import Game, Vocabulary, per_game
from wartools.rules.options import Option
from wartools.rules.style import EdgeStyle, FeatureMarker, MapStyle

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Mapping

    from wartools.rules.bots import Bot
    from wartools.rules.coverage import Entry
    from wartools.games.fire_rules import FireRules
    from wartools.rules.los import LOSPolicy
    from wartools.rules.movement import MovementRules
    from wartools.rules.odds import OddsProcedure
    from wartools.rules.scenario import ScenarioRules
    from wartools.rules.turn import TurnRules

_HEX_TERRAIN = ("clear", "beach", "orchard", "cemetery", "woods", "marsh", "town", "farm")
_TERRAIN_COLOURS = {
    "clear": "#eef0d8", "beach": "#f3e2a9", "orchard": "#a8d08d", "cemetery": "#c9c9b4",
    "woods": "#5f9e4f", "marsh": "#9fc5b8", "town": "#b5a28c", "farm": "#d9b88f",
}


class CombatInfantry(Game):
    id = "combat-infantry"
    options: ClassVar[tuple[Option, ...]] = (
        Option("night", False, "Combat Infantry 10.3", "a night scenario: sight and spotting limits"),
        # scenario layer (wartools.games.combat_infantry.scenario)
        Option("weather", "clear", "Combat Infantry 10.2, 8.4",
               "a scenario's weather: bad or poor weather spoils unpaved roads", choices=("clear", "bad", "poor")),
        Option("control-across-cliff", True, "Combat Infantry 8.3, 3.4",
               "whether hex control extends across a cliff hexside", assumed=True,
               reading="hex control extends across cliff hexsides (only lake hexsides, impassable to all "
                       "units, stop it; the excerpt's terrain chart stops before the cliff row)"),
        Option("woods-see-out", False, "Combat Infantry 3.4",
               "a unit in woods or an orchard sees (and fires) beyond its adjacent hexes, though "
               "it cannot be seen back (one-way LOS)", assumed=True,
               reading="woods and orchards block LOS except between adjacent hexes, into and out "
                       "of them alike: LOS is the same both ways (3.4 Woods, chart Orchard note 3, "
                       "6.4, Diagram 4)"),
        Option("hedge-stops-wheeled", True, "Combat Infantry 3.4",
               "guns and (non-tank) vehicles cannot cross a hedge hexside", assumed=True,
               reading="guns and wheeled vehicles cannot cross a hedge (Normandy bocage, high and "
                       "thick): the excerpt says only that assault across a hedge is for tanks (3.4 "
                       "Hedge); the hedge row of the chart is not in it"),
        Option("ambiguous-contact", "any", "Combat Infantry 3.2, 6.4",
               "how a ruler running exactly along a hexside of blocking terrain, or through its corner, "
               "counts: any (blocks), both (only between two blockers) or ignore", assumed=True,
               reading="a ruler that runs exactly along a hexside of blocking terrain or through its corner "
                       "is blocked: 3.2's 'if ambiguous, assume the most restrictive terrain'",
               choices=("any", "both", "ignore")),
        Option("undrawn-hexsides-block", False, "Combat Infantry 3.2, 3.4, 6.4",
               "for line of sight, a hexside the map does not draw takes the terrain of a town or farm "
               "hex it borders (3.2: the more restrictive), as movement prices it, and blocks LOS "
               "between hexes that are not adjacent (6.4: hexside terrain always blocks; 3.4 Town)",
               assumed=True,
               reading="only the hexside terrain a map draws blocks LOS (6.4); a hexside drawn with nothing "
                       "is no town or farm hexside for sight, though movement prices it by the more "
                       "restrictive of its hexes (3.2): the terrain in the firing and target hexes is "
                       "ignored (6.4), as the book's farms fire out (Diagram 4: Lonlay farm); draw town "
                       "hexsides where a town's edge blocks"),
        Option("bombard-into-woods", True, "Combat Infantry 6.6, 2.42, chart note 3",
               "bombardment (indirect fire) reaches into and out of woods and orchard hexes beyond "
               "the adjacent ones", assumed=True,
               reading="the adjacent-only LOS of woods and orchards (3.4 Woods, chart note 3) does not "
                       "limit bombardment: note 3 says 'Bombardment OK' on the orchard row, and mortars "
                       "bombard from woods (2.42) and into them (6.62); woods read like orchards"),
        Option("slope-limit-downhill", True, "Combat Infantry 3.4 Slope, chart note 9",
               "the slope assault limit of 1 applies downhill too", assumed=True,
               reading="a slope's assault limit is always 1, downhill too (3.4 Slope: 'always 1'); chart "
                       "note 9 ('slope effects are other terrain for downhill') is read as the movement "
                       "cost only"),
        Option("sight-within-range", True, "Combat Infantry 6.4",
               "a unit sees no farther than its own range (2.13), as it fires (6.4: units can see up to "
               "their range); false: sight is the terrain's question alone, the range limits only fire "
               "(6.2) and spotting has its own ranges (6.61)"),
        # assaults: the owners' choices to retreat (wartools.games.combat_infantry.hexassault)
        Option("assault-attacker-retreat", "round-3", "Combat Infantry 9.2, 9.4",
               "the assault round in which attackers retreat instead of firing: round-3 (they must by then, "
               "9.2), round-2 or round-1 (the attacker's choice)", assumed=True,
               reading="attackers fight an assault until round 3, when they must retreat (retreating earlier is "
                       "the attacker's choice, 9.2)", choices=("round-3", "round-2", "round-1")),
        Option("assault-defender-retreat", "never", "Combat Infantry 9.2, 9.4",
               "the assault round from which defenders retreat instead of firing: never (they fight all three "
               "rounds), round-2 or round-3 (the defender's choice; never in round 1, 9.2)", assumed=True,
               reading="defenders fight all three rounds of an assault (retreating from round 2 on is the "
                       "defender's choice, 9.2)", choices=("never", "round-2", "round-3")),
        Option("assault-off-map-limit", "hex-terrain", "Combat Infantry 9.4, 3.2",
               "how many defenders a round may retreat off the map across the board's edge: hex-terrain (the "
               "assault limit of the assault hex's own terrain, as a hexside of that terrain) or none (no "
               "limit)", assumed=True,
               reading="the board's edge, having no hexside terrain, limits retreats off the map per round as "
                       "a hexside of the assault hex's own terrain would (9.4: hexside limits for retreats are "
                       "the assault limits)", choices=("hex-terrain", "none")),
        Option("assault-hq-morale", "hq", "Combat Infantry 9.3",
               "the morale a unit checks with in an assault when an HQ of its side is in the hex: hq (the "
               "HQ's, as the 9.3 note says: use the commanding HQ's morale) or better (the better of its own "
               "and the HQ's)", assumed=True,
               reading="a unit checks assault morale with the morale of the best HQ of its side in the hex, "
                       "every HQ there counting as commanding it (the scenarios name no platoons, 1.1)",
               choices=("hq", "better")),
        # regrouping after a won assault (wartools.games.combat_infantry.regroup)
        Option("regroup-control", "board", "Combat Infantry 9.5, 8.3",
               "which hexes are friendly to a unit regrouping after a won assault: board (hex control as the "
               "assault left the board: the won hex is no assault hex any more, so its winners control the "
               "vacant hexes next to it that no enemy is next to) or others (only the hexes friendly by the "
               "side's units elsewhere)", assumed=True,
               reading="a regrouping unit's friendly hexes are read off the board as the assault left it: the "
                       "won hex is no longer an assault hex (9.1) and its winners control the vacant hexes next "
                       "to it that no enemy is next to (8.3: control is determined when needed)",
               choices=("board", "others")),
        # the owners' choices of the turn rules (wartools.games.combat_infantry.turn)
        Option("promotion-squad", "strongest", "Combat Infantry 4.4",
               "the rifle squad an eliminated HQ returns in or next to, and which loses a step: the side's "
               "strongest or its weakest (the owner's choice)", assumed=True,
               reading="an eliminated HQ returns with its side's strongest rifle squad (a company HQ beside the "
                       "first platoon HQ by id), in its hex if stacking allows, else the first adjacent hex that "
                       "does, and the strongest squad loses the step (the owner's choices; the scenario names "
                       "no platoons)", choices=("strongest", "weakest")),
        Option("friendly-fire-order", "strongest", "Combat Infantry 6.63",
               "which friendly unit adjacent to a bombarded hex takes each friendly hit, after one holding a "
               "half-hit (6.7): the strongest or the weakest (the active player's choice)", assumed=True,
               reading="a bombardment's friendly hits go one at a time to a unit adjacent to the target hex "
                       "holding a half-hit (6.7), else to the strongest (6.3), ties in the scenario's unit order "
                       "(the active player's choice, 6.63)", choices=("strongest", "weakest")),
        Option("tanks-upright", False, "Combat Infantry 1.3, 2.53",
               "whether tanks (and armored vehicles) are turned upright, hidden, with every other unit at the "
               "end of a game turn (1.3: optional, the owner's choice)", assumed=True,
               reading="tanks stay face-up at the end of a game turn (1.3 makes turning them upright optional; "
                       "face-up they keep their armor class, 2.53, 6.32)"),
        Option("setup-upright", True, "Combat Infantry Fog of War, 2.53, 2.55",
               "whether every block stands upright (hidden) as play starts from a scenario's set-up, bunkers "
               "never, tanks by option tanks-upright; off: as the scenario marks them (hidden: true)",
               assumed=True,
               reading="the blocks stand upright, label to the owner (Fog of War), so every unit sets up hidden "
                       "but a bunker (2.55: always face-up) and a tank the owner reveals (2.53: if desired; "
                       "option tanks-upright); a stated position is played as it stands"),
        Option("spot-hidden-hq", False, "Combat Infantry 6.61",
               "whether an HQ standing upright (hidden) may spot for a bombardment; off, as 6.61 says: "
               "spotting is by one face-up HQ, active now (an HQ is face-up once it activates, 4.2) or "
               "face-up from an earlier activation"),
        Option("hex-fire-ties", "first", "Combat Infantry 6.3",
               "which of equally strong units in a hex under fire takes the next hit: the first or the last in "
               "the scenario's order of units (the owner's choice)", assumed=True,
               reading="of equally strong units in a hex under fire, the one listed first in the scenario takes "
                       "the next hit (6.3: the owner's choice)", choices=("first", "last")),
        # special actions (wartools.games.combat_infantry.special)
        Option("smoke-across-hedge", False, "Combat Infantry 7.4, 3.4, 6.4",
               "whether an engineer may lay smoke in an adjacent hex across a hedge hexside", assumed=True,
               reading="an engineer lays smoke by 'firing' (7.4), and fire across a hedge is blocked (3.4 Hedge; "
                       "6.4: no sight through hedges into adjacent hexes): no smoke across a hedge; fire limits "
                       "do not count smoke"),
        Option("smoke-by-firing", True, "Combat Infantry 7.4, 6.1",
               "whether smoke, laid by 'firing' (7.4), keeps two limits of fire: none laid out of a smoke hex, "
               "none into the hex of an assault", assumed=True,
               reading="smoke is laid by 'firing' (7.4): an engineer in a smoke hex lays none out of it (7.4: LOS "
                       "is blocked in, out or through a smoke hex), and nobody lays it into the hex of an assault "
                       "still to be fought (6.1: units cannot fire into assaults; 7.4 allows assaults in smoke, "
                       "not smoke laid into one)"),
        Option("mortar-smoke-roll", "hit", "Combat Infantry 7.4",
               "which roll lays a mortar's smoke: 'rolling at least one 1 hit' (7.4) read as at least one hit at "
               "its firepower (hit) or as at least one die showing 1 (one)", assumed=True, choices=("hit", "one"),
               reading="a mortar lays smoke by rolling at least one hit at its firepower, as an engineer does: "
                       "'one 1 hit' read as the rulebook's 'one (1)' (a number word and its numeral, as in "
                       "'one (1) HQ', 1.1) with the brackets lost, not as a die showing 1"),
        Option("destroyed-bridge", "river", "Combat Infantry 7.3, 3.4, 8.5",
               "how a unit crosses a destroyed bridge's hexside: as the river it spanned (river), or not at all "
               "(impassable)", assumed=True, choices=("river", "impassable"),
               reading="a destroyed bridge's hexside is the river it spanned (7.3: only the centre span falls): "
                       "infantry crosses it as a river hexside, guns, tanks and vehicles do not (3.4, 8.5), no road "
                       "bonus; 7.3 says only that its assault limit is zero and its fire limit stays 1"),
        Option("leave-map", "edge-hex", "Combat Infantry 9.4, 3.2",
               "whether a unit may move off the map by choice: from a hex on the map's edge (edge-hex), or only "
               "by retreating off it (never)", assumed=True, choices=("edge-hex", "never"),
               reading="a commanded unit in a hex on the map's edge may move off the map as its action (9.4: "
                       "removed from play, no VP for the enemy), paying for a hexside of its hex's own terrain "
                       "(3.2: the board's edge has none; guns, tanks and vehicles leave woods and marsh only by "
                       "road), and not out of an assault (9.1: it retreats from one)"),
        Option("bridge-material", "stone", "Combat Infantry 7.3, 3.4",
               "what the map's bridges are built of (the map format does not say): stone or wood; an engineer "
               "demolishes a wooden one at +1 firepower", assumed=True, choices=("stone", "wood"),
               reading="the map's bridges are stone: an engineer demolishes them at its own firepower (7.3: "
                       "+1 for a wooden bridge; 3.4: wood and stone bridges are drawn apart, which a map file "
                       "does not record)"),
        # field artillery and air support (wartools.games.combat_infantry.strike)
        Option("artillery-firepower", 7, "Combat Infantry 2.6, 2.7",
               "the firepower of a field artillery or air strike's three dice: 7 (3F7) or 6 (3F6)", assumed=True,
               reading="a field artillery or air strike rolls three dice at F7: 2.6 prints '3F7' or '3F6' and "
                       "does not say which the 105 mm block has (air support works the same, 2.7)"),
        Option("strike-bunker-armor", "down", "Combat Infantry 2.6, 2.55",
               "how a bunker's armour class is halved against a strike when it is odd: rounded down or up",
               assumed=True, choices=("down", "up"),
               reading="a bunker's armour class against field artillery and air is halved rounded down (2.6 "
                       "gives only the even example AC6 = AC3)"),
        # the chit-pull bot (wartools.games.combat_infantry.bots)
        Option("solitaire-fewer-units", "own-hex", "Combat Infantry 10.5",
               "what the solitaire activation priority 2 ('adjacent enemy hexes with less units') counts the "
               "enemy hex's units against: own-hex (the acting unit's hex) or adjacent (the units of the acting "
               "side adjacent to the enemy hex)", assumed=True,
               reading="the chit-pull bot's priority 2 fires at or assaults an adjacent enemy hex holding fewer "
                       "units than the acting unit's own hex (10.5 does not say fewer than what)",
               choices=("own-hex", "adjacent")),
    )
    options += tuple(
        Option(f"range-{unit}", hexes, "Combat Infantry 2.13", f"{what} range in hexes (6.2, 6.4: a unit sees "
               "and fires up to its range)", assumed=not printed,
               reading=f"{'an' if what[0] in 'aeiou' or what.startswith('HQ') else 'a'} {what} has an effective range of {hexes} "
                       f"{'hex' if hexes == 1 else 'hexes'} (its block is not printed in the "
                       "excerpt)" if not printed else "")
        for unit, hexes, what, printed in (
            ("rifle", 2, "rifle squad", True),          # 2.1 block diagram: Range 2 hexes
            ("tank", 7, "tank", True),                  # 2.53 Panther diagram: Range 7 hexes
            # the typical blocks of the analysis layer (combat_infantry.fire), which reads these
            ("hq", 1, "HQ", False), ("mg", 4, "machine gun", False), ("mortar", 6, "mortar", False),
            ("atr", 2, "anti-tank rocket team", False), ("engineer", 1, "engineer squad", False),
            ("sniper", 4, "sniper", False), ("at-gun", 5, "anti-tank gun", False),
            ("vehicle", 3, "vehicle", False), ("bunker", 3, "bunker", False)))
    #: numbered sections (also as bullets: 9.61 ...) and the Terrain Effects Chart's rows
    section_pattern = r"^\s*(?:• )?(?:(\d+\.\d+)\s+[A-Z]|(?P<chart>[A-Z][a-z]+)\t\d\tD\d)"
    name = "Combat Infantry: WestFront 1944-45"
    aliases = ("ci", "combat-infantry-westfront", "westfront")
    rulebook = "combat-infantry-westfront.txt"
    grid_type = "hex"
    default_terrain = "clear"
    terrain = Vocabulary("terrain", _HEX_TERRAIN, {"open": "clear", "forest": "woods",
                                                   "village": "town", "swamp": "marsh"},
                         section="Combat Infantry 3.4")
    edge_features = Vocabulary(
        "edge feature",
        ("hedge", "river", "bridge", "ford", "cliff", "lake", "slope", "destroyed", *_HEX_TERRAIN),
        {"bocage": "hedge", "sea": "lake", "stream": "river", "forest": "woods", "demolished": "destroyed"},
        section="Combat Infantry 3.2, 3.4", sections={"destroyed": "Combat Infantry 7.3"})
    cell_features = Vocabulary("cell feature", ("foxhole", "smoke", "wreck", "mines", "wire"),
                               {"mine": "mines", "minefield": "mines", "barbed-wire": "wire"},
                               section="Combat Infantry 7",
                               sections={"foxhole": "Combat Infantry 7.1", "mines": "Combat Infantry 7.2",
                                         "smoke": "Combat Infantry 7.4", "wire": "Combat Infantry 7.5",
                                         "wreck": "Combat Infantry 6.34"})
    unit_types = Vocabulary(
        "unit type",
        ("rifle", "hq", "mg", "mortar", "atr", "engineer", "sniper", "at-gun", "tank", "vehicle",
         "bunker"),
        {"infantry": "rifle", "squad": "rifle", "pioneer": "engineer", "bazooka": "atr",
         "panzerschreck": "atr", "machine-gun": "mg", "gun": "at-gun"},
        section="Combat Infantry 2.0-2.55", sections={"engineer": "Combat Infantry 2.51", "bunker": "Combat Infantry 2.55"})
    sides = ("US", "German")
    # a hex-terrain hexside ("woods hexside", 3.2) is a band in that terrain's colour;
    # bridges and fords are crossings, drawn over the river they cross
    map_style = MapStyle(
        terrain=_TERRAIN_COLOURS,
        edges={"hedge": EdgeStyle("#1f5f1f", 4.0), "river": EdgeStyle("#2f6fd0", 5.0),
               "bridge": EdgeStyle("#8b5a2b", 6.0), "ford": EdgeStyle("#9fd0ff", 4.0, "--"),
               "cliff": EdgeStyle("#222222", 4.0), "lake": EdgeStyle("#2f6fd0", 6.0),
               "slope": EdgeStyle("#c07a2c", 2.5, "--"), "destroyed": EdgeStyle("#c0392b", 3.0, ":"),
               **{t: EdgeStyle(colour, 4.0) for t, colour in _TERRAIN_COLOURS.items()}},
        features={"foxhole": FeatureMarker("^", "#7a5230"), "smoke": FeatureMarker("o", "#8c8c8c"),
                  "wreck": FeatureMarker("X", "#3a3a3a"), "mines": FeatureMarker("v", "#c0392b"),
                  "wire": FeatureMarker("x", "#7a3fa0")},
        crossings=frozenset({"bridge", "ford", "destroyed"}))

    # --- the game's rules, imported when first asked for ---------------------------------
    @per_game
    def los_policy(self) -> LOSPolicy:
        from wartools.games.combat_infantry.los import CombatInfantryLOS

        return CombatInfantryLOS(self)

    def movement_rules(self) -> type[MovementRules]:
        from wartools.games.combat_infantry.movement import Rules

        return Rules

    def odds_procedure(self) -> OddsProcedure:
        from wartools.games.combat_infantry.odds import PROCEDURE

        return PROCEDURE

    @per_game
    def scenario_rules(self) -> ScenarioRules:
        from wartools.games.combat_infantry.scenario import Rules

        return Rules(self)

    @per_game
    def fire_rules(self) -> FireRules:
        from wartools.games.combat_infantry.fire import Fire

        return Fire(self)

    @per_game
    def turn_rules(self) -> TurnRules:
        from wartools.games.combat_infantry.turn import Turns

        return Turns(self)

    def bots(self) -> Mapping[str, Callable[[], Bot]]:
        from wartools.games.combat_infantry.bots import ChitPullBot

        return {ChitPullBot.name: ChitPullBot}

    def coverage(self) -> tuple[Entry, ...]:
        from wartools.games.combat_infantry.coverage import COVERAGE

        return COVERAGE
