"""Line of sight: the rulebook's worked examples, recomputed (Combat Infantry 3.2, 3.4, 6.4, 6.41).

Every line of sight or fire told by the Line of Sight Example (Diagram 4) is a
:class:`LineCheck` whose narrative the library's answer is compared with; the
blind hexes of 6.41 are found and explained; a ruler running along a hexside
shows the library's "most restrictive" reading of 3.2.

Notes
-----
Combat Infantry sections covered: 3.2 (ambiguous terrain: the most restrictive),
3.4 (Woods, Slope, Hedge), 6.4 (line of sight and fire), 6.41 (blind hexes),
6.51 (long range) and 6.6 (indirect fire over friendly units), as told in
Diagram 4.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wartools.lessons.combat_infantry.maps import _ci_map, board_range, hill_174_map
from wartools.los import LOSResult, line_of_sight
from wartools.mapmodel import Map


@dataclass(frozen=True)
class LineCheck:
    """One line of sight (or fire) told by a rulebook example.

    Attributes
    ----------
    section
        Where the rulebook tells it (``"Diagram 4"``, ``"6.41"``...).
    story
        The situation, in our words.
    observer, target
        Cell labels on the example's map.
    narrative
        What the example says happens: ``"clear"`` (it can see or fire) or
        ``"blocked"`` -- the claim the library's answer is compared with.
    options
        :class:`wartools.los.LOSSituation` fields (``mode="fire"``, ``indirect=True``...).
    turn
        ``"German"`` or ``"American"``: the German IN 3 of Lonlay farm has moved to
        hex A (F7) by the American player turn.
    """

    section: str
    story: str
    observer: str
    target: str
    narrative: str
    options: dict[str, Any] = field(default_factory=dict)
    turn: str = "German"

    def result(self, m: Map) -> LOSResult:
        """The library's answer for this line on ``m``.

        The example's map is our reconstruction: its distances are not the book's, and the
        narrative has every shot in range, so the line is judged at its own length (``range=``)
        unless the check gives a range; the unit ranges of 2.13 are not what it tells."""
        options = {"range": board_range(m), **self.options}
        return line_of_sight(m, self.observer, self.target, **options)


def diagram4_checks() -> tuple[LineCheck, ...]:
    """Every line of sight told by the Line of Sight Example (Diagram 4), on :func:`hill_174_map`.

    Examples
    --------
    >>> m = hill_174_map()
    >>> [c.result(m).status for c in diagram4_checks()[:2]]
    ['blocked', 'clear']
    """
    fire = {"mode": "fire"}
    return (
        LineCheck("Diagram 4, 3.4 Woods", "German IN 3 in Lonlay farm (F8) fires at US IN 4 in the woods (F6)",
                  "F8", "F6", "blocked", fire),
        LineCheck("Diagram 4, 6.4", "after moving to hex A (F7) it is adjacent to the woods and can fire "
                  "into them next turn", "F7", "F6", "clear", fire),
        LineCheck("Diagram 4, 6.6", "Mortar 3 (C9) bombards hex B (C5) over the friendly IN 3 at Pont Romain",
                  "C9", "C5", "clear", {"mode": "fire", "indirect": True}),
        LineCheck("Diagram 4, 6.4", "the same line as direct fire: the friendly unit in C7 is in the way",
                  "C9", "C5", "blocked", fire),
        LineCheck("Diagram 4, 6.41", "IN 3 at Pont Romain (C7) fires up the slope at hex B (C5)",
                  "C7", "C5", "clear", fire),
        LineCheck("Diagram 4, 6.41", "IN 3 at Pont Romain (C7) at the US PHQ in Harlat farm (C2), "
                  "behind the crest", "C7", "C2", "blocked", fire),
        LineCheck("Diagram 4, 6.4", "German IN 2 (D5) fires up the hill at hex B (C5)", "D5", "C5", "clear", fire),
        LineCheck("Diagram 4, 6.4", "the German PHQ (D7) fires up the hill at hex B (C5)", "D7", "C5", "clear",
                  fire),
        *(LineCheck("Diagram 4, 6.41", f"US IN 2 atop Hill 174 (B4) at the German unit in {t}", "B4", t,
                    "clear", fire, "American") for t in ("C7", "C9", "D5", "D7", "F7")),
        LineCheck("Diagram 4, 6.51", "US MG 3 in hex B (C5) fires long range at Mortar 3 (C9)", "C5", "C9",
                  "clear", fire, "American"),
        LineCheck("Diagram 4, 6.4", "US IN 4 in the woods (F6) fires through the woods hexside at the "
                  "German IN 3 now in hex A (F7)", "F6", "F7", "clear", fire, "American"),
        *(LineCheck("Diagram 4, 6.4", f"US IN 2 on the beach (H2) at the German unit in {t}", "H2", t,
                    "blocked", fire, "American") for t in ("C7", "C9", "D5", "D7", "F7")),
    )


def diagram4_results() -> list[tuple[LineCheck, LOSResult]]:
    """Every check of :func:`diagram4_checks` answered by the library on the map of its turn
    (the German IN 3 in Lonlay farm for the German turn, in hex A for the American turn).

    Examples
    --------
    >>> rows = diagram4_results()
    >>> len(rows), sum(res.status == c.narrative for c, res in rows)
    (20, 20)
    """
    maps = {"German": hill_174_map(), "American": hill_174_map(lonlay_in3_at="F7")}
    return [(c, c.result(maps[c.turn])) for c in diagram4_checks()]


def check_lines(m: Map, checks: Sequence[LineCheck]) -> list[tuple[LineCheck, LOSResult]]:
    """Each check with the library's answer on ``m`` (see :func:`diagram4_results` for the checks
    of both player turns, each on its own map).

    Examples
    --------
    >>> rows = check_lines(hill_174_map(), diagram4_checks()[:1])
    >>> rows[0][1].status
    'blocked'
    """
    return [(c, c.result(m)) for c in checks]


def draw_lines(m: Map, rows: Sequence[tuple[LineCheck, LOSResult]], ax: Any = None) -> Any:
    """Draw the map and every ruler of ``rows`` coloured by the library's status."""
    from wartools.render import draw_map, draw_ruler, overlay_legend
    from wartools.render.style import MEANINGS

    ax = draw_map(m, ax=ax) if ax is None or not ax.collections else ax
    for check, res in rows:
        look = MEANINGS[res.status]
        draw_ruler(ax, m, check.observer, check.target, color=look.colour, linestyle=look.line,
                   gid="lesson-ruler")
    overlay_legend(ax, *sorted({res.status for _, res in rows}))
    ax.set_title(m.name, fontsize=9)
    return ax


def blind_hexes(m: Map, observer: str, **options: Any) -> tuple[str, ...]:
    """Cells hidden from ``observer`` by 6.41's shadow rule (and by nothing else).

    Combat Infantry 6.41: between two ends at different levels, an obstacle
    (blocking terrain below the higher end, or ground above the lower end)
    hides the lower end when it is closer to the obstacle than the higher end.

    Examples
    --------
    >>> from wartools.lessons.combat_infantry import blind_hill_map
    >>> blind_hexes(blind_hill_map(), "A3")
    ('D1', 'D2', 'D3', 'D4', 'D5', 'G3', 'G4', 'H3', 'H4')
    """
    out = []
    for c in m.grid.cells():
        r = line_of_sight(m, observer, c, **options)
        if r.status == "blocked" and all("6.41: blind" in x.rule for x in r.deciding):
            out.append(m.label(c))
    return tuple(sorted(out, key=lambda lab: m.grid.to_offset(m.cell(lab))))


def blind_hex_table(m: Map, observer: str, **options: Any) -> list[dict[str, Any]]:
    """For every blind hex: the obstacle and both ends' distances to it (6.41).

    The lower end is blind when ``lower_to_obstacle < higher_to_obstacle``.

    Examples
    --------
    >>> from wartools.lessons.combat_infantry import blind_hill_map
    >>> row = blind_hex_table(blind_hill_map(), "A3")[0]
    >>> row["hex"], row["obstacle"], row["lower_to_obstacle"], row["higher_to_obstacle"]
    ('D1', 'C2', 1, 2)
    """
    rows = []
    obs = m.cell(observer)
    for lab in blind_hexes(m, observer, **options):
        r = line_of_sight(m, observer, lab, **options)
        where = r.deciding[0].where
        cell = m.cell(lab)
        low, high = (cell, obs) if m.elevation_at(cell) < m.elevation_at(obs) else (obs, cell)
        ob = m.cell(where)
        rows.append({"hex": lab, "obstacle": where, "obstacle_is": m.terrain_at(ob)
                     if m.terrain_at(ob) != "clear" else f"ground at level {m.elevation_at(ob)}",
                     "lower_to_obstacle": m.grid.distance(low, ob),
                     "higher_to_obstacle": m.grid.distance(high, ob)})
    return rows


def along_hexside_example() -> dict[str, Any]:
    """A ruler that runs exactly along a hexside of a wood (3.2 "most restrictive", a library reading).

    Examples
    --------
    >>> along_hexside_example()["status"], along_hexside_example()["contact"]
    ('blocked', 'along')
    """
    m = _ci_map("along", 5, 4, "terrain: {cells: {C2: woods}}")
    r = line_of_sight(m, "B2", "D2")
    return {"map": m, "result": r, "status": r.status, "contact": r.deciding[0].contact,
            "where": r.deciding[0].where}
