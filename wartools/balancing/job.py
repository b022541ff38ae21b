"""One balance run as plain data a worker can receive, and the work of one chunk of playouts.

Every executor (in-process, local processes, Dask) runs the same :func:`play_chunk` on the same
:class:`Job`: the scenario travels as its own YAML text with the map inline (a scenario object
holds read-only mappings that do not pickle, and text is what a remote worker can check), the
start position as position text, the bots by name. A worker loads the scenario once per job
(:func:`_scenario`) and plays playouts ``start .. stop-1``; playout ``i`` draws its dice from
``numpy.random.SeedSequence(seed, spawn_key=(i,))``, which is exactly
``numpy.random.SeedSequence(seed).spawn(n)[i]`` for any ``n > i``. Nothing else is random, so a
playout's outcome depends only on the job and ``i``, not on the process that played it.

Examples
--------
>>> import numpy as np
>>> a, b = np.random.SeedSequence(7).spawn(5)[3], seed_of(7, 3)
>>> bool((a.generate_state(4) == b.generate_state(4)).all())
True
"""
from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from wartools.balancing.outcome import Outcome, outcome_of
from wartools.errors import WartoolsError

if TYPE_CHECKING:  # pragma: no cover
    from wartools.los.matrix import MatrixFile
    from wartools.scenario import Position, Scenario


@lru_cache(maxsize=1)
def _version() -> str:
    """The wartools running here: its version and a fingerprint of its source files (two checkouts
    of one version that differ would play differently). The package is read from ``sys.modules``,
    always imported before any of its modules, rather than imported: its facade sits above every
    layer."""
    package = sys.modules["wartools"]
    root = Path(str(package.__file__)).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return f"{package.__version__} (source {digest.hexdigest()[:12]})"


def seed_of(seed: int, index: int) -> np.random.SeedSequence:
    """The SeedSequence of playout ``index`` of a run seeded ``seed``."""
    return np.random.SeedSequence(seed, spawn_key=(index,))


@dataclass(frozen=True)
class Job:
    """What every worker needs to play any playout of a run.

    Attributes
    ----------
    scenario
        The scenario as ``wartools-scenario/1`` text, its map inline.
    position
        The start position as ``wartools-position/1`` text (``None``: the scenario's set-up).
    bots
        One bot per side, in the scenario's side order: a name (:func:`wartools.play.find_bot`) or
        a picklable bot object.
    seed
        The run's seed.
    max_actions
        The longest game a playout may take (``None``: the play engine's default).
    version
        The wartools that made the job (its version and a fingerprint of its source): a worker
        running another refuses it.
    matrix
        The all-pairs LOS matrix of the scenario's board that the process making the job reads
        (:func:`wartools.los.matrix.matrix_of_board`: given to ``use_matrix`` or beside the map
        file), or ``None``: each worker registers it, so its playouts read what this process's
        would (the answers are the same with or without it, only faster).
    """

    scenario: str
    position: str | None
    bots: tuple[Any, ...]
    seed: int
    max_actions: int | None = None
    version: str = ""
    matrix: MatrixFile | None = None


#: the most cells of a board whose all-pairs line-of-sight matrix a run computes for itself when
#: none was given and the game's fire lines read no unit (``0``: never); at this bound the matrix
#: is 6.25 MB and takes about a second on one core, less than one greedy playout
AUTO_MATRIX_CELLS = 2500


def run_matrix(scenario: Scenario) -> MatrixFile | None:
    """The board matrix a run of ``scenario`` sends its workers: one given to
    :func:`~wartools.los.matrix.use_matrix` or found beside the map file, else, where the
    game's line of sight in fire reads no unit (:meth:`LOSPolicy.matrix_answers
    <wartools.rules.los.LOSPolicy.matrix_answers>`: Conflict of Heroes) and the board has at most
    :data:`AUTO_MATRIX_CELLS` cells, one computed now; ``None`` otherwise. The attack question
    reads it where it answers (the same answers: ``tests/test_balance_matrix.py``).

    Examples
    --------
    >>> from wartools.scenario import load_scenario
    >>> run_matrix(load_scenario("scenarios/conflict-of-heroes-height-112.yaml")) is not None
    True
    >>> run_matrix(load_scenario("scenarios/combat-infantry-saint-remy.yaml")) is None    # spotting reads units
    True
    """
    import tempfile

    from wartools.los import policy_for
    from wartools.los.matrix import compute_matrix, load_matrix, matrix_of_board
    from wartools.rules.los import LOSSituation

    m = scenario.map_at()        # the board of every position (the scenario's own map may hold more)
    got = matrix_of_board(m)
    if (got is not None or len(m.grid) > AUTO_MATRIX_CELLS
            or policy_for(m).matrix_answers(LOSSituation(mode="fire")) is None):
        return got
    with tempfile.TemporaryDirectory(prefix="wartools-run-matrix-") as folder:
        path = Path(folder) / "board.npz"
        compute_matrix(m, path, progress=False)
        return load_matrix(path)


def job_for(scenario: Scenario, bots: Sequence[Any], seed: int, position: Position | None = None,
            max_actions: int | None = None) -> Job:
    """The :class:`Job` of a run of ``scenario`` (bots in the scenario's side order), with the
    board matrix its workers read (:func:`run_matrix`)."""
    from wartools.mapmodel import dump_yaml
    from wartools.scenario import dumps_position, scenario_to_dict

    data = {**scenario_to_dict(scenario), "map": scenario.map.to_dict()}
    return Job(scenario=dump_yaml(data), position=None if position is None else dumps_position(scenario, position),
               bots=tuple(bots), seed=seed, max_actions=max_actions, version=_version(),
               matrix=run_matrix(scenario))


@lru_cache(maxsize=4)
def _scenario(text: str) -> Scenario:
    from wartools.scenario import loads_scenario

    return loads_scenario(text, source="<balance job>")


@lru_cache(maxsize=4)
def _position(scenario_text: str, text: str) -> Position:
    from wartools.scenario import loads_position

    return loads_position(text, _scenario(scenario_text), source="<balance job>")


@dataclass(frozen=True)
class Chunk:
    """The outcomes of playouts ``start .. stop-1``, and the wartools version that played them."""

    start: int
    stop: int
    outcomes: tuple[Outcome, ...]
    version: str


def prepare(job: Job) -> None:
    """What a worker does once per job, before its first chunk: check the job was made by the same
    wartools, import the play engine, load the scenario and start position (kept per process) and
    register the job's matrix of the board."""
    import wartools.play  # noqa: F401

    if job.version and job.version != _version():
        raise WartoolsError(f"this worker runs wartools {_version()}, the run was made by {job.version}: "
                            "install the same wartools on every worker")
    scenario = _scenario(job.scenario)
    if job.position is not None:
        _position(job.scenario, job.position)
    if job.matrix is not None:
        from wartools.los.matrix import matrix_of_board, use_matrix

        if matrix_of_board(scenario.map) is not job.matrix:
            use_matrix(job.matrix)


def play_chunk(job: Job, start: int, stop: int) -> Chunk:
    """Play playouts ``start .. stop-1`` of ``job`` (the one function every executor runs)."""
    from wartools.play import playout
    from wartools.play.playout import fewer_collections

    prepare(job)
    scenario = _scenario(job.scenario)
    position = None if job.position is None else _position(job.scenario, job.position)
    bots = dict(zip(scenario.sides, job.bots))
    extra: dict[str, Any] = {} if job.max_actions is None else {"max_actions": job.max_actions}
    with fewer_collections():      # over the chunk: no full collection between its playouts
        outcomes = tuple(outcome_of(playout(scenario, bots, seed_of(job.seed, i), position=position, **extra), i)
                         for i in range(start, stop))
    return Chunk(start, stop, outcomes, _version())
