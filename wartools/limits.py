"""Every input limit of wartools, with its reason, in one place.

Hostile or careless input (a YAML alias bomb, a 10^10-cell board, ``--turns 1e30``)
must be refused *before* any work is done, with one line naming the field, the
value and the limit. The numbers below are far above anything a real board
game uses and low enough that every command answers in seconds. ``docs/limits.md``
lists them for users; :func:`limits_table` prints that table from this module.

Examples
--------
>>> check_int("elevation.C3", 3, ELEVATION)
3
>>> check_int("elevation.C3", 10**23, ELEVATION)
Traceback (most recent call last):
...
wartools.limits.LimitError: elevation.C3: 100000000000000000000000 is outside the limit -1000..1000 (elevation levels)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from wartools.errors import WartoolsError
from wartools.errors import one_line as one_line  # re-exported: limits and messages in one place


class LimitError(WartoolsError):
    """An input beyond one of the limits of :mod:`wartools.limits`."""


@dataclass(frozen=True)
class IntLimit:
    """An inclusive integer range and why it is there."""

    low: int
    high: int
    what: str
    reason: str

    def __str__(self) -> str:
        return f"{self.low}..{self.high}"


# --- files --------------------------------------------------------------------------------
#: largest map / scenario / position file read (bytes). A 160 x 160 board with terrain on every
#: cell and 20,000 units is about 1.5 MB.
MAX_FILE_BYTES = 8 * 1024 * 1024
FILE_REASON = "a 160 x 160 board with every cell and 20,000 units written out is about 1.5 MB"

# --- YAML ----------------------------------------------------------------------------------
#: nodes (scalars, lists, mappings) the whole document may hold once every alias is expanded
MAX_YAML_NODES = 1_000_000
YAML_NODES_REASON = ("aliases are expanded: a 700-byte 'billion laughs' file would otherwise "
                     "become 10^9 values")
#: deepest nesting of lists and mappings
MAX_YAML_DEPTH = 64
YAML_DEPTH_REASON = "the map format nests at most 5 levels; deeper files exhaust the parser's stack"

# --- boards and labels -----------------------------------------------------------------------
#: most cells on one board (columns x rows)
MAX_CELLS = 65_536
CELLS_REASON = ("256 x 256: several times the largest multi-map boards; viewsheds and movement "
                "grow with the cells")
#: columns and rows of one board
BOARD_SIDE = IntLimit(1, 4096, "columns or rows", "one side of the board")
#: characters in a cell label (``7-G08``), a unit id, side, name or tag
MAX_LABEL_CHARS = 64
LABEL_REASON = "labels such as '7-G08' have a few characters; thousands of digits are refused"
MAX_NAME_CHARS = 1000

# --- integer fields --------------------------------------------------------------------------
ELEVATION = IntLimit(-1000, 1000, "elevation levels",
                     "real maps use a handful of levels; LOS multiplies levels by distances "
                     "in 64-bit integers")
HEIGHT = IntLimit(0, 1000, "observer height levels", "a tower or hill counter adds a few levels; "
                  "negative heights are not heights")
STRENGTH = IntLimit(1, 1000, "unit strength", "steps, figures or dice of one unit")
OBJECTIVE_VALUE = IntLimit(-1_000_000, 1_000_000, "objective value", "victory points of one objective")
BUDGET = IntLimit(0, 10_000, "movement points", "one unit's allowance is a few dozen points")
CAPS = IntLimit(0, 100, "command action points", "a side holds a few dozen CAPs at most")
TURNS = IntLimit(1, 1000, "turns", "a scenario lasts a few dozen turns")
RANGE = IntLimit(0, 2 * BOARD_SIDE.high, "range in cells", "no range is longer than the board")
ALTERNATIVES = IntLimit(0, 20, "alternative paths", "each alternative is a further shortest-path search")
PLAYOUTS = IntLimit(1, 100_000, "playouts", "1,000 playouts pin a win rate to about +-3 points, 100,000 to "
                    "+-0.3 and take hours on two cores; each playout's summary is kept in memory")
SEED = IntLimit(0, 10**18 - 1, "seed", "numpy's SeedSequence takes any whole number >= 0; 18 digits are plenty")
WORKERS = IntLimit(1, 256, "workers", "one process per core: more processes than cores only add overhead")
#: longest wait for a Dask scheduler and its first worker (seconds)
MAX_TIMEOUT = 600.0
#: board cells of an all-pairs LOS matrix (``wartools matrix``: n * n bytes of status)
MAX_MATRIX_CELLS = 32_768
MATRIX_CELLS_REASON = "n x n bytes of status in memory: 1 GiB here; 160 x 160 (25,600 cells) is 625 MiB"
# --- game records (wartools-record/1) ----------------------------------------------------------
RECORD_ACTIONS = IntLimit(0, 100_000, "actions in a record", "a played scenario has a few hundred actions; "
                          "playouts stop at max_actions (20,000 by default)")
RECORD_FACES = IntLimit(0, 1000, "faces of one roll", "a roll is a few dozen dice (one per step, rerolls included)")
RECORD_FACE = IntLimit(1, 100, "a die face", "the games roll d6 and d10")
SEED_ENTROPY = IntLimit(0, 2**128 - 1, "seed entropy", "numpy's SeedSequence entropy is 128 bits")
SPAWN_KEY = IntLimit(0, 2**32 - 1, "spawn key word", "numpy's SeedSequence spawn keys are 32-bit words")
SPAWN_DEPTH = IntLimit(0, 32, "spawn key length", "a balance run spawns one level of children")
RECORD_VP = IntLimit(-1_000_000, 1_000_000, "victory points in a record", "as an objective's value")
#: characters of an exact probability or expectation written ``n/d`` in a record
MAX_FRACTION_CHARS = 200
#: characters of a roll's or an effect's words in a record
MAX_RECORD_TEXT = 1000

#: any other integer option of the command line
#: scenario and position numbers (wartools-scenario/1, wartools-position/1)
VP = IntLimit(0, 1_000_000, "victory points", "a unit's worth, a lead or a threshold: a few dozen VP in play")
VP_TOTAL = IntLimit(-1_000_000_000, 1_000_000_000, "a side's VP total",
                    "the sum of every objective and elimination the limits allow, still printable")
RESOURCES = IntLimit(0, 10_000, "a side's resources", "CAPs, command or supply points: a few dozen")
STRIKES = IntLimit(0, 4, "a side's field artillery or air strikes",
                   "Combat Infantry 2.6, 2.7: the block's steps are the strikes left, and a block has four edges "
                   "(2.11: strength 4-3-2-1)")
PINS = IntLimit(0, 1000, "pins", "a few pin or suppression markers on one unit")
STEPS = IntLimit(1, 100, "steps of one unit", "a counter has a handful of steps; every game's odds take "
                 "an attack of 100 steps (a larger number made the analysis refuse a dice count)")
HEALTH = IntLimit(0, 100, "health", "a unit's remaining health (0: destroyed), bounded as its steps")
#: a board picture (a scan to calibrate, a VASSAL module's board): its header is read and its
#: size checked before any pixel is decoded
MAX_IMAGE_PIXELS = 100_000_000
IMAGE_REASON = "a 300 dpi scan of the largest boards is some 20 megapixels; decoding is 3 bytes a pixel"
#: scan calibration: picked centres, and the smallest cell a fit may find
MAX_PICKS = 5_000
PICKS_REASON = "a calibration needs a handful of clicked centres; each is checked against the others"
MIN_PITCH_PX = 4.0
#: the board size a calibration suggests from a picture (columns and rows at most)
MAX_SUGGESTED_SIDE = 1024
#: how many entries a scenario or position file may hold (each is checked once: loading is linear)
MAX_UNITS = 20_000
UNITS_REASON = "the largest boards carry a few hundred counters"
MAX_OBJECTIVES = 10_000
OBJECTIVES_REASON = "a scenario names a handful of objectives"
MAX_CONDITIONS = 10_000
CONDITIONS_REASON = "victory conditions (counted inside all/any/not) are a few lines of a scenario card"
ANY_INT = IntLimit(-1_000_000, 1_000_000, "integer", "no board-game number is larger")

#: integer command-line options (argparse ``dest``) and their limits; others get :data:`ANY_INT`.
#: (``wartools odds`` inputs are bounded by each game's odds procedure: ``wartools odds GAME -h``.)
CLI_INTS: dict[str, IntLimit] = {
    "height": HEIGHT, "budget": BUDGET, "caps": CAPS, "turns": TURNS, "range": RANGE,
    "alternatives": ALTERNATIVES, "defender_caps": CAPS, "steps": STRENGTH, "strength": STRENGTH,
    "playouts": PLAYOUTS, "seed": SEED, "workers": WORKERS, "turn": TURNS,
}

#: any floating-point option of the command line (finite, at most this large)
MAX_FLOAT = 1e6
#: characters of one command-line word or self-check answer
MAX_ARG_CHARS = 4096
#: a decimal exponent typed in an answer (``1e50000000`` would need 50 million digits)
MAX_EXPONENT = 100


_SHOWN = 40



def shown(value: object) -> str:
    """A value for a message: one line and at most a few dozen characters.

    Examples
    --------
    >>> shown(10**50)
    '10000...(51 digits)'
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...(100 characters)"
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) < 10**_SHOWN:
            return str(value)
        sign = "-" if value < 0 else ""
        if value.bit_length() < 14_000:  # str() of an int beyond 4300 digits is refused by Python
            digits = str(abs(value))
            return f"{sign}{digits[:5]}...({len(digits)} digits)"
        return f"{sign}about 10^{int(value.bit_length() * 0.30103)}"
    if isinstance(value, str):
        if len(value) <= _SHOWN:
            return one_line(repr(value))
        return one_line(repr(value[:_SHOWN - 5])) + f"...({len(value)} characters)"
    text = one_line(repr(value))
    return text if len(text) <= _SHOWN else text[:_SHOWN - 5] + "..."


def shown_path(path: object) -> str:
    """A file path for a message: whole up to 120 characters, else its last 100 (the end names
    the file), on one line.

    Examples
    --------
    >>> shown_path("maps/a.yaml")
    "'maps/a.yaml'"
    >>> shown_path("/x" * 100)[:8]
    "'.../x/x"
    """
    text = one_line(str(path))
    return repr(text) if len(text) <= 120 else repr("..." + text[-100:])


def check_int(field: str, value: int, limit: IntLimit) -> int:
    """``value`` if it lies within ``limit``, else :class:`LimitError` naming the field.

    Examples
    --------
    >>> check_int("--turns", 0, TURNS)
    Traceback (most recent call last):
    ...
    wartools.limits.LimitError: --turns: 0 is outside the limit 1..1000 (turns)
    """
    if not limit.low <= value <= limit.high:
        raise LimitError(f"{field + ': ' if field else ''}{shown(value)} is outside the limit {limit} ({limit.what})")
    return value


INT_TEXT = re.compile(r"[+-]?[0-9]+")


def parse_int(field: str, text: str, limit: IntLimit) -> int:
    """Parse an integer typed by a user and check it against ``limit`` before converting a
    number with thousands of digits.

    Examples
    --------
    >>> parse_int("--budget", " 12 ", BUDGET)
    12
    >>> parse_int("--budget", "1e30", BUDGET)
    Traceback (most recent call last):
    ...
    wartools.limits.LimitError: --budget: '1e30' is not a whole number
    """
    at = f"{field}: " if field else ""
    t = str(text).strip()
    if not INT_TEXT.fullmatch(t):
        raise LimitError(f"{at}{shown(str(text))} is not a whole number")
    digits = t.lstrip("+-").lstrip("0")
    if len(digits) > 18:
        raise LimitError(f"{at}{t[0] if t[0] in '+-' else ''}{digits[:5]}...({len(digits)} digits) "
                         f"is outside the limit {limit} ({limit.what})")
    return check_int(field, int(t), limit)


def parse_float(field: str, text: str, most: float = MAX_FLOAT) -> float:
    """Parse a decimal number typed by a user: finite and at most ``most`` in size.

    Examples
    --------
    >>> parse_float("--tolerance", "0.5")
    0.5
    >>> parse_float("--tolerance", "nan")
    Traceback (most recent call last):
    ...
    wartools.limits.LimitError: --tolerance: 'nan' is not a finite number of at most 1000000.0
    """
    at = f"{field}: " if field else ""
    t = str(text).strip()
    try:
        value = float(t) if len(t) <= 40 else float("nan")
    except ValueError:
        raise LimitError(f"{at}{shown(str(text))} is not a number") from None
    if not abs(value) <= most:
        raise LimitError(f"{at}{shown(str(text))} is not a finite number of at most {most}")
    return value


def check_text(field: str, value: str, most: int = MAX_LABEL_CHARS) -> str:
    """``value`` if it has at most ``most`` characters.

    Examples
    --------
    >>> check_text("label", "C4")
    'C4'
    """
    if len(value) > most:
        raise LimitError(f"{field}: {shown(value)} is longer than the limit of {most} characters")
    return value


def limits_table() -> str:
    """The limits as a Markdown table (``docs/limits.md`` holds the same).

    Examples
    --------
    >>> "| map file size |" in limits_table()
    True
    """
    rows = [("map file size", f"{MAX_FILE_BYTES:,} bytes", FILE_REASON),
            ("YAML nodes after alias expansion", f"{MAX_YAML_NODES:,}", YAML_NODES_REASON),
            ("YAML nesting depth", str(MAX_YAML_DEPTH), YAML_DEPTH_REASON),
            ("board cells (columns x rows)", f"{MAX_CELLS:,}", CELLS_REASON),
            ("label / id characters", str(MAX_LABEL_CHARS), LABEL_REASON),
            ("map and unit name characters", f"{MAX_NAME_CHARS:,}", "a title, not a document"),
            ("one command-line word", f"{MAX_ARG_CHARS:,} characters", "a path or a value, not a file's content"),
            ("decimal numbers (options, board picture)", f"finite, at most {MAX_FLOAT:,.0f}",
             "no NaN or infinity; no board measure is larger"),
            ("self-check answer exponent", f"{MAX_EXPONENT}", "'1e50000000' would need 50 million digits"),
            ("units in a scenario or position", f"{MAX_UNITS:,}", UNITS_REASON),
            ("board picture pixels (a scan, a VASSAL board)", f"{MAX_IMAGE_PIXELS:,}", IMAGE_REASON),
            ("picked centres of a scan calibration", f"{MAX_PICKS:,}", PICKS_REASON),
            ("cell pitch a calibration may find", f"at least {MIN_PITCH_PX:g} pixels",
             "a smaller cell cannot be clicked; centres a millionth of a pixel apart are a mistake"),
            ("board size suggested from a picture", f"{MAX_SUGGESTED_SIDE:,} columns and rows",
             "the guess walks every cell it tries; give columns and rows for a larger board"),
            ("objectives in a scenario", f"{MAX_OBJECTIVES:,}", OBJECTIVES_REASON),
            ("victory conditions in a scenario", f"{MAX_CONDITIONS:,}", CONDITIONS_REASON),
            ("cells of an all-pairs matrix (`wartools matrix`)", f"{MAX_MATRIX_CELLS:,}", MATRIX_CELLS_REASON)]
    for name, lim in (("columns, rows", BOARD_SIDE), ("elevation", ELEVATION), ("--height", HEIGHT),
                      ("unit strength, steps", STRENGTH), ("objective value", OBJECTIVE_VALUE),
                      ("VP (a unit's worth, vp_lead, vp_at_least, per_elimination)", VP),
                      ("a position's VP total", VP_TOTAL), ("a side's resources", RESOURCES),
                      ("Combat Infantry strikes (resources artillery, air)", STRIKES),
                      ("a scenario unit's steps", STEPS), ("pins", PINS), ("health", HEALTH), ("turns, a turn number", TURNS),
                      ("--budget", BUDGET), ("--caps", CAPS), ("--turns", TURNS), ("--range", RANGE),
                      ("--alternatives", ALTERNATIVES), ("--playouts", PLAYOUTS), ("--seed", SEED),
                      ("--workers", WORKERS), ("any other integer option", ANY_INT)):
        rows.append((name, str(lim), lim.reason))
    rows.append(("--timeout (a Dask scheduler)", f"more than 0, at most {MAX_TIMEOUT:g} seconds",
                 "a scheduler that has not answered in ten minutes is not coming"))
    for name, lim in (("record: actions", RECORD_ACTIONS), ("record: faces of one roll", RECORD_FACES),
                      ("record: a die face", RECORD_FACE), ("record: seed entropy", SEED_ENTROPY),
                      ("record: spawn key words", SPAWN_KEY), ("record: spawn key length", SPAWN_DEPTH),
                      ("record: victory points", RECORD_VP)):
        rows.append((name, str(lim), lim.reason))
    rows.append(("record: an exact fraction n/d", f"{MAX_FRACTION_CHARS} characters",
                 "exact odds of a few dozen dice have a few dozen digits"))
    rows.append(("record: words of a roll or an effect", f"{MAX_RECORD_TEXT:,} characters", "a sentence"))
    rows.append(("odds inputs (dice, damage, mines, ...)", "per game",
                 "each game's odds procedure bounds its inputs: `wartools odds GAME -h` shows them"))
    return "\n".join(["| input | limit | why |", "| --- | --- | --- |"]
                     + [f"| {a} | {b} | {c} |" for a, b, c in rows])
