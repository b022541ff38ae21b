"""Combat Infantry line of sight (Combat Infantry 3.2, 3.4, 6.34, 6.4, 6.41, 6.6, 6.61, 7.4, 10.3).

The rules, paraphrased:

* A ruler from centre to centre; any blocking hex terrain (woods, orchard,
  town, farm) or smoke between the two ends blocks, and the terrain *in* the
  firing and target hexes is ignored (6.4) -- except smoke, which blocks in,
  out and through (7.4), and woods and orchards, which block LOS except
  between adjacent hexes (3.4 Woods; the chart's Orchard row, note 3). LOS is
  the same both ways (6.4, Diagram 4), so a unit *in* woods or an orchard
  sees, and is seen by, its adjacent hexes only -- whatever its hexsides are
  drawn as. The one-way reading (6.4 "ignore terrain within the firing hex":
  the unit in woods sees out) is option ``woods-see-out``.
* Blocking hexside terrain always blocks, whichever hexside it is (6.4);
  hedges block even between adjacent hexes, the other blocking hexsides
  (woods, orchard, town, farm) only between hexes that are not adjacent
  (3.4 Town and Woods, Diagram 4). A hexside the map draws with no hex
  terrain takes the more restrictive terrain of its two hexes (3.2), as
  movement prices it: next to a town or farm hex it is a town or farm
  hexside (option ``undrawn-hexsides-block``; draw a ``clear`` hexside where
  a town opens onto the field). Adjacent hexes otherwise always see each
  other (6.4).
* Elevation (6.41): ground higher than both ends blocks; otherwise an
  obstacle between ends at different levels -- blocking terrain below the
  higher end's level, or bare ground above the lower end's level (a crest) --
  hides the lower end unless the lower end is at least as far from it (in
  hexes) as the higher end is. This one inequality is 6.41's "lower targets
  further or equidistant, higher targets closer or equidistant", read from
  both ends, so it is symmetric.
* Wrecks never block (6.34). Friendly units block fire but not sight, also
  along a hexside between two friendly hexes; a unit fires over an adjacent
  lower friendly unit (6.4, 6.41). Enemy units never block.
* Ranges: a unit fires and sees up to its range (2.13, 6.2, 6.4 "units can
  see up to their range"; option ``sight-within-range=false`` lets sight reach
  as far as the terrain allows, a house rule the answer names): the
  observer's type (``unit=`` or the unit on the start hex) takes its range
  from the game's ``range-<type>`` options -- a rifle squad 2 hexes (the 2.1
  block), a tank 7 (the 2.53 Panther); the other blocks are not printed in the
  excerpt, so their ranges are assumed readings a group can change; ``range=``
  overrides it. Spotting is 3 hexes or 4 when the spotter is higher (6.61),
  night at most 2 (10.3).
* Bombardment (``indirect=True``, 6.6): hedges and friendly units do not stop
  it; the woods and orchard adjacency limit does not apply (chart note 3 on the
  orchard row; woods read alike: option ``bombard-into-woods``, named in every
  bombardment answer).

**Along and vertex contacts.** Combat Infantry 3.2 says that when it is
ambiguous, the most restrictive terrain applies. A ruler that runs exactly
along a hexside, or passes exactly through a corner, is the ambiguous case:
this policy counts every contact -- crossed, along or vertex -- with a
blocking hex or hexside as a block (option ``ambiguous-contact``, default
``"any"``, an assumed reading). Set the option to ``"both"`` (blocked only
between two blockers) or ``"ignore"`` for a house rule; a subclass may also set
the class attributes ``ALONG`` / ``VERTEX`` (the option, when changed, wins).

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.los import line_of_sight
>>> m = tiny_map("combat-infantry", 6, 6, terrain={"C2": "woods"})
>>> r = line_of_sight(m, "B2", "D2")          # runs along the C2|C3 hexside
>>> r.status, [(x.where, x.contact) for x in r.deciding]
('blocked', [('C2', 'along')])
>>> line_of_sight(m.with_options(**{"ambiguous-contact": "both"}), "B2", "D2").status
'clear'
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from wartools.rules.options import Assumption, merge_assumptions
from wartools.games.combat_infantry import verdict as compiled
from wartools.los.kernel import distance_table
from wartools.los.geometry import Batch, MapGeometry
from wartools.rules.los import BLOCK, CELL, EDGE, NO_CONTACT, NOTE, Findings, LOSPolicy, LOSSituation

if TYPE_CHECKING:  # pragma: no cover
    from wartools.mapmodel import Map

BLOCKING_TERRAIN: tuple[str, ...] = ("orchard", "woods", "town", "farm")
"""Hex terrain that blocks LOS (Combat Infantry 3.4 and the Terrain Effects Chart "Block" column)."""
ADJACENT_ONLY_TERRAIN: tuple[str, ...] = ("woods", "orchard")
"""Hexes that see and are seen by adjacent hexes only (Combat Infantry 3.4 Woods; the Terrain
Effects Chart's Orchard row, note 3: fire from adjacent hexes only, otherwise LOS is blocked)."""
HEDGES: tuple[str, ...] = ("hedge",)
"""Hexside terrain that blocks even between adjacent hexes (Combat Infantry 3.4 Hedge, 6.4)."""
BLOCKING_HEXSIDES: tuple[str, ...] = ("orchard", "woods", "town", "farm")
"""Hexside terrain that blocks LOS between non-adjacent hexes (Combat Infantry 6.4, 3.2)."""
UNLIMITED = int(np.iinfo(np.int64).max)
"""The range of an observer with no limit (no unit, or a unit type without a range option)."""


CONTACT_CODES = {"any": compiled.ANY, "both": compiled.BOTH, "ignore": compiled.IGNORE}
"""How the compiled verdict is told an along or vertex contact counts (the reading's word -> its code)."""


class CombatInfantryLOS(LOSPolicy):
    """Combat Infantry LOS policy (see the module docstring for the rules and choices)."""

    reads: ClassVar[tuple[str, ...]] = ("woods-see-out", "sight-within-range", "ambiguous-contact",
                                          "undrawn-hexsides-block")
    ALONG: ClassVar[str] = "any"
    VERTEX: ClassVar[str] = "any"
    blocking_terrain: ClassVar[tuple[str, ...]] = BLOCKING_TERRAIN
    adjacent_only_terrain: ClassVar[tuple[str, ...]] = ADJACENT_ONLY_TERRAIN
    hedges: ClassVar[tuple[str, ...]] = HEDGES
    blocking_hexsides: ClassVar[tuple[str, ...]] = BLOCKING_HEXSIDES
    RULES: ClassVar[dict[str, str]] = {
        "range": "Combat Infantry 6.4: {where} is beyond the range given",
        "unit-range": "Combat Infantry 2.13, 6.2: {where} is beyond the unit's range",
        "night": "Combat Infantry 10.3: at night every range is at most 2 hexes; {where} is farther",
        "spotting": "Combat Infantry 6.61: spotting range is 3 hexes (4 if the spotter is higher); "
                    "{where} is farther",
        "smoke": "Combat Infantry 7.4: smoke in {where} blocks LOS in, out and through",
        "woods-target": "Combat Infantry 3.4: {terrain} ({where}) can only be seen into from an "
                        "adjacent hex (Woods; the chart's Orchard row, note 3)",
        "woods-observer": "Combat Infantry 3.4: a unit in {terrain} ({where}) sees only adjacent hexes "
                          "(Woods; the chart's Orchard row, note 3; LOS is the same both ways, 6.4)",
        "higher": "Combat Infantry 6.4: higher ground in {where} (above both ends) blocks LOS",
        "terrain": "Combat Infantry 6.4: blocking terrain ({feature}) in {where} between the ends",
        "terrain-touch": "Combat Infantry 6.4 and 3.2: the ruler touches blocking terrain ({feature}) in "
                         "{where} along a hexside or at a corner; if ambiguous, the most restrictive "
                         "terrain applies",
        "blind": "Combat Infantry 6.41: blind hex behind {where}: the lower end is closer to this "
                 "obstacle than the higher end",
        "over": "Combat Infantry 6.41: the higher end sees over {where} (the lower end is at least as "
                "far from it)",
        "hedge": "Combat Infantry 3.4 and 6.4: the hedge on {where} blocks LOS, even between adjacent hexes",
        "hexside": "Combat Infantry 6.4: {feature} hexside {where} blocks LOS (hexside terrain always "
                   "blocks; only adjacent hexes see through it)",
        "undrawn-hexside": "Combat Infantry 3.2, 3.4 and 6.4: the hexside {where}, drawn with no terrain, takes "
                           "the blocking terrain of a hex it borders (the most restrictive, as movement prices "
                           "it) and blocks LOS between hexes that are not adjacent",
        "friendly": "Combat Infantry 6.4: the friendly unit in {where} blocks fire (not sight)",
        "friendly-hexside": "Combat Infantry 6.4: the hexside {where} between friendly units blocks fire",
        "fire-over": "Combat Infantry 6.41: a higher unit fires over the adjacent lower unit in {where}",
        "adjacent": "Combat Infantry 6.4: adjacent hexes always see each other except through hedges",
        "wreck": "Combat Infantry 6.34: the wreck in {where} does not block LOS",
    }

    def prepare(self, geo: MapGeometry) -> dict[str, Any]:
        return {
            "block": geo.terrain_mask(self.blocking_terrain),
            "smoke": geo.cell_feature_mask(("smoke",)),
            "wreck": geo.cell_feature_mask(("wreck",)),
            "adjacent_only": geo.terrain_mask(self.adjacent_only_terrain),
            "hedge": geo.edge_mask(self.hedges),
            "hexside": geo.edge_mask(self.blocking_hexsides),
            "undrawn": self._undrawn_hexsides(geo),
            "town": self._towns(geo),
            "unit_range": self._unit_ranges(geo),
            "own_range": self._own_ranges(geo),
        }

    def _undrawn_hexsides(self, geo: MapGeometry) -> np.ndarray:
        """Edges drawn with no hex terrain next to a town or farm hex: its hexsides (3.2, the most
        restrictive of the two hexes; option ``undrawn-hexsides-block``, else none). Woods and
        orchard hexes are seen into from adjacent hexes only anyway (3.4)."""
        if not self.option("undrawn-hexsides-block"):
            return np.zeros(len(geo.edge_c1), dtype=bool)
        town, c1, c2 = self._towns(geo), geo.edge_c1, np.maximum(geo.edge_c2, 0)
        on = (geo.edge_c2 >= 0) & geo.onboard[c1] & geo.onboard[c2]        # hexsides of the board
        return ~geo.edge_mask(self.game.terrain.names) & on & (town[c1] | town[c2])   # hex terrain drawn: 3.2

    def _towns(self, geo: MapGeometry) -> np.ndarray:
        """Hexes of blocking terrain that is not adjacent-only (town, farm)."""
        return geo.terrain_mask([t for t in self.blocking_hexsides if t not in self.adjacent_only_terrain])

    def relevant(self, geo: MapGeometry, prep: dict[str, np.ndarray], sit: LOSSituation,
                 explain: bool) -> tuple[np.ndarray, np.ndarray]:
        # An intervening cell matters if it blocks, smokes, is a wreck (a note), holds a unit
        # (friendly fire) or stands above the lowest possible end (elevation rules): ``lo``
        # of a ruler is at least the lowest ext elevation plus a negative observer height.
        low = int(geo.elevation.min(initial=0)) + min(sit.observer_height, 0)
        cells = prep["block"] | prep["smoke"] | (geo.elevation > low)
        if explain:
            cells = cells | prep["wreck"]
        edges = prep["hedge"] | prep["hexside"] | prep["undrawn"]
        if sit.mode == "fire" and not sit.indirect:
            cells = cells | (geo.unit_sides != 0)
            edges = edges | ((geo.unit_sides[geo.edge_c1] != 0) &
                             (geo.unit_sides[np.maximum(geo.edge_c2, 0)] != 0))
        return cells, edges

    def is_symmetric(self, geo: MapGeometry, sit: LOSSituation) -> bool:
        prep = self.prepared(geo)
        ranged = (sit.range is not None or sit.unit is not None or not self.option("sight-within-range")
                  or not (geo.unit_type >= 0).any())
        return (ranged and sit.mode == "sight" and not sit.spotting and sit.observer_height == 0
                and not (self.option("woods-see-out") and (prep["adjacent_only"] & geo.onboard).any()))

    def _limits(self, batch: Batch, prep: dict[str, np.ndarray], sit: LOSSituation, ea: np.ndarray,
                eb: np.ndarray) -> list[tuple[str, np.ndarray | int]]:
        """The range limits of each ruler, with their rules (6.4, 2.13, 6.2, 6.61, 10.3)."""
        out: list[tuple[str, np.ndarray | int]] = []
        if sit.range is not None:
            out.append(("range", sit.range))
        elif not sit.spotting and (sit.mode == "fire" or self.option("sight-within-range")):
            # the observer's own range (2.13, 6.2); no unit: no limit
            if sit.unit is not None:
                limit: np.ndarray | int = int(prep["unit_range"][batch.geo.names["unit_types"].index(sit.unit)])
            elif prep["own_range"] is not None:
                limit = prep["own_range"][batch.a]
            else:                    # no unit on the board: no limit
                limit = UNLIMITED
            out.append(("unit-range", limit))
        if sit.spotting:
            out.append(("spotting", np.where(ea > eb, 4, 3)))
        if sit.night:
            out.append(("night", 2))
        return out

    def _woods_ends(self, sit: LOSSituation) -> tuple[bool, bool]:
        """Whether a woods or orchard target, and observer, sees adjacent hexes only (3.4, chart
        note 3, 6.4; not under bombardment with ``bombard-into-woods``; ``woods-see-out``)."""
        target = not sit.indirect or not self.option("bombard-into-woods")
        return target, target and not self.option("woods-see-out")

    def verdict_loop(self) -> Callable[..., Any]:
        return compiled.verdict

    def verdict(self, fn: Callable[..., Any], rows: tuple[np.ndarray, ...], batch: Batch, prep: dict[str, np.ndarray],
                sit: LOSSituation) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """:meth:`judge`'s answers from one compiled loop (:mod:`.verdict`)."""
        geo = batch.geo
        ea = geo.elevation[batch.a] + sit.observer_height
        eb = geo.elevation[batch.b]
        over = None                  # beyond a range (the clauses that read the ends alone)
        for _, limit in self._limits(batch, prep, sit, ea, eb):
            beyond = batch.dist > limit
            over = beyond if over is None else over | beyond
        table, rq, rr = distance_table(geo)
        blocked = fn(np.zeros(batch.n, dtype=bool) if over is None else over, batch.a, batch.b, batch.dist, ea, eb,
                     batch.obs_side, *rows,
                     geo.elevation, prep["block"], prep["smoke"], prep["adjacent_only"], geo.unit_sides, prep["town"],
                     prep["hedge"], prep["hexside"], prep["undrawn"], geo.edge_c1, geo.edge_c2, geo.q, geo.r, table,
                     rq, rr, CONTACT_CODES[self._contact("along")], CONTACT_CODES[self._contact("vertex")],
                     *self._woods_ends(sit),
                     bool(sit.indirect), sit.mode == "fire" and not sit.indirect)
        zeros = np.zeros(batch.n, dtype=np.int64)
        return blocked, zeros, zeros

    def judge(self, batch: Batch, prep: dict[str, np.ndarray], sit: LOSSituation, out: Findings) -> None:
        geo = batch.geo
        elev = geo.elevation
        ea = elev[batch.a] + sit.observer_height
        eb = elev[batch.b]
        far = batch.dist >= 2
        # ranges (6.4, 6.61, 10.3)
        for rule, limit in self._limits(batch, prep, sit, ea, eb):
            self.range_findings(batch, sit, out, rule, limit)
        cp, cc, ck = batch.cp, batch.cc, batch.ck
        last = batch.order_max + 1
        # smoke in, out or through (7.4)
        if prep["smoke"].any():
            smoke = self.counted(batch, prep["smoke"]) & (batch.dist[cp] >= 1)
            out.add(cp[smoke], BLOCK, "smoke", CELL, cc[smoke], ck[smoke], batch.co[smoke])
        # woods and orchard ends: adjacent hexes only, both ways (3.4, chart note 3, 6.4)
        target, observer = self._woods_ends(sit)
        if target:
            wt = np.flatnonzero(far & prep["adjacent_only"][batch.b])
            out.add(wt, BLOCK, "woods-target", CELL, batch.b[wt], NO_CONTACT, last)
        if observer:
            wo = np.flatnonzero(far & prep["adjacent_only"][batch.a])
            out.add(wo, BLOCK, "woods-observer", CELL, batch.a[wo], NO_CONTACT, last)
        # intervening hexes: terrain and elevation (6.4, 6.41)
        mid = ~batch.cend & far[cp]
        ex = elev[cc]
        ea_r = ea[cp]
        if sit.observer_height == 0 and (elev == elev[0]).all():
            # level ground everywhere: no higher ground, no blind hexes, every block counts
            flat_block = self.counted(batch, prep["block"], mid)
            for kind, rule in ((flat_block & (ck == 0), "terrain"), (flat_block & (ck != 0), "terrain-touch")):
                out.add(cp[kind], BLOCK, rule, CELL, cc[kind], ck[kind], batch.co[kind])
        else:
            self._elevation(batch, prep, out, mid, ex, ea_r, eb[cp])
        if batch.explain:
            w = mid & prep["wreck"][cc]
            out.add(cp[w], NOTE, "wreck", CELL, cc[w], ck[w], batch.co[w])
            adj = np.flatnonzero(batch.dist == 1)
            out.add(adj, NOTE, "adjacent", CELL, batch.b[adj], NO_CONTACT, last + 1)
        # hexsides: every contact counts, end hexsides included (6.4, 3.2)
        ep, ee = batch.ep, batch.ee
        e_touch = self._edge_counted(batch)
        if not sit.indirect:
            h = e_touch & prep["hedge"][ee]
            out.add(ep[h], BLOCK, "hedge", EDGE, ee[h], batch.ek[h], batch.eo[h])
        hs = e_touch & prep["hexside"][ee] & far[ep]
        out.add(ep[hs], BLOCK, "hexside", EDGE, ee[hs], batch.ek[hs], batch.eo[hs])
        # a town or farm end's own undrawn hexsides (intervening town hexes block anyway)
        a, b, town = batch.a[ep], batch.b[ep], prep["town"]
        at_end = ((town[a] & ((batch.e1 == a) | (batch.e2 == a))) |
                  (town[b] & ((batch.e1 == b) | (batch.e2 == b))))
        ud = e_touch & prep["undrawn"][ee] & far[ep] & at_end
        out.add(ep[ud], BLOCK, "undrawn-hexside", EDGE, ee[ud], batch.ek[ud], batch.eo[ud])
        # friendly units block fire (6.4), not bombardment (6.6)
        if sit.mode == "fire" and not sit.indirect:
            side = batch.obs_side
            bit = np.where(side >= 0, np.left_shift(1, np.maximum(side, 0)), 0)
            friendly = (geo.unit_sides[cc] & bit[cp]) != 0
            f = mid & friendly & (ck == 0)
            over = f & (geo.distance(batch.a[cp], cc) == 1) & (ea_r > ex)
            blocks = f & ~over
            out.add(cp[blocks], BLOCK, "friendly", CELL, cc[blocks], ck[blocks], batch.co[blocks])
            if batch.explain:
                out.add(cp[over], NOTE, "fire-over", CELL, cc[over], ck[over], batch.co[over])
            fe = (batch.ek == 1) & far[ep]
            both = fe & ((geo.unit_sides[batch.e1] & bit[ep]) != 0) & \
                ((geo.unit_sides[np.maximum(batch.e2, 0)] & bit[ep]) != 0)
            out.add(ep[both], BLOCK, "friendly-hexside", EDGE, ee[both], batch.ek[both], batch.eo[both])

    def _own_ranges(self, geo: MapGeometry) -> np.ndarray | None:
        """Per cell, the range of the unit standing there as an observer (2.13, 6.2): the
        ``range=N`` tag of its first unit (the block's printed range), else its type's range;
        no limit on a cell without a unit. ``None`` when no cell has a limit."""
        from wartools.games.fire_rules import tag_values

        big = UNLIMITED
        reach = self._unit_ranges(geo)
        out = np.where(geo.unit_type >= 0, reach[np.maximum(geo.unit_type, 0)], big)
        seen: set[int] = set()
        for u in geo.map.units:
            i = geo.ext(u.cell)
            if i not in seen:
                seen.add(i)
                printed = tag_values(u.tags).get("range", -1)
                if printed >= 0:
                    out[i] = printed
        return out if (out != big).any() else None

    def _unit_ranges(self, geo: MapGeometry) -> np.ndarray:
        """Range in hexes of each unit type of the game (the ``range-<type>`` options; a type
        with no such option has no limit)."""
        settings = self.game.settings
        big = UNLIMITED
        return np.array([int(settings.get(f"range-{t}", big)) for t in geo.names["unit_types"]],
                        dtype=np.int64)

    def assumptions(self, sit: LOSSituation | None = None) -> tuple[Assumption, ...]:
        """The assumed readings of :attr:`reads`, plus the assumed range of the observer's unit
        type (every assumed unit range when the observer's type is not given) unless ``range=``
        or spotting ranges decide."""
        base = super().assumptions(sit)
        if sit is not None and sit.indirect:
            base += self.game.assumptions(["bombard-into-woods"])
        if sit is not None and (sit.range is not None or sit.spotting
                                or (sit.mode == "sight" and not self.option("sight-within-range"))):
            return base
        types = [sit.unit] if sit is not None and sit.unit else list(self.game.unit_types)
        names = [f"range-{t}" for t in types if f"range-{t}" in self.game.settings]
        return merge_assumptions(base, self.game.assumptions(names))

    def _elevation(self, batch: Batch, prep: dict[str, np.ndarray], out: Findings, mid: np.ndarray,
                   ex: np.ndarray, ea_r: np.ndarray, eb_r: np.ndarray) -> None:
        """Intervening cells between ends at any levels: higher ground, blocking terrain, blind hexes."""
        geo = batch.geo
        cp, cc, ck = batch.cp, batch.cc, batch.ck
        hi, lo = np.maximum(ea_r, eb_r), np.minimum(ea_r, eb_r)
        anything = np.ones(geo.n, dtype=bool)
        higher = self.counted(batch, anything, mid & (ex > hi))
        out.add(cp[higher], BLOCK, "higher", CELL, cc[higher], ck[higher], batch.co[higher])
        equal = ea_r == eb_r
        flat_block = self.counted(batch, prep["block"], mid & (ex <= hi) & (equal | (ex >= hi)))
        for kind, rule in ((flat_block & (ck == 0), "terrain"), (flat_block & (ck != 0), "terrain-touch")):
            out.add(cp[kind], BLOCK, rule, CELL, cc[kind], ck[kind], batch.co[kind])
        obst = prep["block"][cc]
        shadow = self.counted(batch, anything, mid & ~equal & (ex <= hi) &
                              ((obst & (ex < hi)) | (~obst & (ex > lo))))
        if shadow.any():
            low_end = np.where(ea_r < eb_r, batch.a[cp], batch.b[cp])
            high_end = np.where(ea_r < eb_r, batch.b[cp], batch.a[cp])
            s = np.flatnonzero(shadow)
            blind = geo.distance(low_end[s], cc[s]) < geo.distance(high_end[s], cc[s])
            b_, o_ = s[blind], s[~blind]
            out.add(cp[b_], BLOCK, "blind", CELL, cc[b_], ck[b_], batch.co[b_])
            if batch.explain:
                out.add(cp[o_], NOTE, "over", CELL, cc[o_], ck[o_], batch.co[o_])

    def _contact(self, kind: str) -> str:
        """How an along (``kind="along"``) or vertex contact counts: option ``ambiguous-contact``
        when changed from ``"any"``, else the class attribute ``ALONG`` / ``VERTEX``."""
        how = str(self.option("ambiguous-contact"))
        return (self.ALONG if kind == "along" else self.VERTEX) if how == "any" else how

    def counted(self, batch: Batch, flag: np.ndarray, rows: np.ndarray | None = None,
                along: str | None = None, vertex: str | None = None) -> np.ndarray:
        """:meth:`LOSPolicy.counted` with along and vertex contacts read from :meth:`_contact`."""
        return super().counted(batch, flag, rows, along or self._contact("along"),
                               vertex or self._contact("vertex"))

    def _edge_counted(self, batch: Batch) -> np.ndarray:
        ok = batch.ek == 0
        if self._contact("along") == "any":
            ok = ok | (batch.ek == 1)
        if self._contact("vertex") == "any":
            ok = ok | (batch.ek == 2)
        return ok



# --- blind hexes (6.41), read off a whole map -------------------------------------------------------
@dataclass(frozen=True)
class BlindHex:
    """One hex in the shadow of 6.41: the obstacle, and both ends' distances to it (in hexes).

    The lower end is blind because ``lower_to_obstacle < higher_to_obstacle``
    (Combat Infantry 6.41: lower targets must be further from the obstacle, or
    equidistant).
    """

    hex: str
    obstacle: str
    obstacle_is: str
    lower_to_obstacle: int
    higher_to_obstacle: int

    def __str__(self) -> str:
        return (f"{self.hex} is {self.lower_to_obstacle} from {self.obstacle} ({self.obstacle_is}), "
                f"the higher end {self.higher_to_obstacle}")


def blind_hexes(m: Map, observer: str, **options: Any) -> tuple[str, ...]:
    """Hexes hidden from ``observer`` by 6.41's shadow rule and by nothing else (Combat Infantry 6.41).

    ``options`` are :func:`wartools.los.line_of_sight` keywords. Hexes hidden
    for another reason too (woods seen from afar, a hedge) are not listed.

    Examples
    --------
    A plateau (columns A-C at level 1) above a valley: the hexes hugging the
    crest are blind from A3, those as far from it as A3 is are seen.

    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 6, 3, elevation={f"{c}{r}": 1 for c in "ABC" for r in (1, 2, 3)})
    >>> blind_hexes(m, "A2")
    ('D1', 'D2', 'D3')
    """
    from wartools.los import line_of_sight

    out = []
    for c in m.grid.cells():
        r = line_of_sight(m, observer, c, **options)
        if r.status == "blocked" and r.deciding and all(x.rule_id == "blind" for x in r.deciding):
            out.append(c)
    return tuple(m.label(c) for c in sorted(out, key=m.grid.to_offset))


def blind_hex_table(m: Map, observer: str, **options: Any) -> tuple[BlindHex, ...]:
    """Every blind hex of :func:`blind_hexes` with its obstacle and both distances (6.41).

    Examples
    --------
    >>> from wartools.testing import tiny_map
    >>> m = tiny_map("combat-infantry", 6, 3, elevation={f"{c}{r}": 1 for c in "ABC" for r in (1, 2, 3)})
    >>> row = blind_hex_table(m, "A2")[1]
    >>> row.hex, row.obstacle, row.lower_to_obstacle, row.higher_to_obstacle
    ('D2', 'C2', 1, 2)
    >>> str(row)
    'D2 is 1 from C2 (ground at level 1), the higher end 2'
    """
    from wartools.los import line_of_sight

    rows = []
    obs = m.cell(observer)
    for lab in blind_hexes(m, observer, **options):
        where = line_of_sight(m, observer, lab, **options).deciding[0].where
        cell, ob = m.cell(lab), m.cell(where)
        low, high = (cell, obs) if m.elevation_at(cell) < m.elevation_at(obs) else (obs, cell)
        what = m.terrain_at(ob) if m.terrain_at(ob) != m.default_terrain else f"ground at level {m.elevation_at(ob)}"
        rows.append(BlindHex(lab, m.label(ob), what, m.grid.distance(low, ob), m.grid.distance(high, ob)))
    return tuple(rows)
