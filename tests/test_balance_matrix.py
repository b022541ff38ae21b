"""A balance run computes its board's line-of-sight matrix when the game's fire lines read no unit
(``wartools.balancing.job.run_matrix``), and its answers are those computed without it.

Conflict of Heroes' line of sight reads the board, the range and the heights, never a unit
(:meth:`ConflictOfHeroesLOS.matrix_situation`): one matrix answers the fire lines of every
position of a game, and on a sample board it costs less than one playout. The other three games'
lines read units (spotting, friendly blockers, units between), so their runs get none.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from test_los_matrix_cache import matrix_reads
from wartools.balancing import balance
from wartools.balancing import job as job_module
from wartools.los.matrix import compute_matrix, forget_matrices, use_matrix
from wartools.play import attacks
from wartools.scenario import load_scenario

HEIGHT_112 = "scenarios/conflict-of-heroes-height-112.yaml"


@pytest.fixture
def clean():
    forget_matrices()
    yield
    forget_matrices()


def test_the_run_computes_the_matrix_a_file_would_hold(clean, tmp_path):
    s = load_scenario(HEIGHT_112)
    got = job_module.run_matrix(s)
    assert got is not None
    written = use_matrix(compute_matrix(s.map_at(), tmp_path / "m.npz", progress=False).path)
    assert got.map_hash == written.map_hash and got.board_hash == written.board_hash
    assert got.situation == written.situation
    assert np.array_equal(got.cells, written.cells) and np.array_equal(got.status, written.status)
    # a matrix given (or beside the map) is the one sent, not computed again
    assert job_module.run_matrix(s) is written


@pytest.mark.parametrize("name", ["combat-infantry-saint-remy", "company-of-heroes-saint-aubert",
                                  "heroes-of-normandie-dog-red"])
def test_no_matrix_where_the_fire_lines_read_units(clean, name):
    assert job_module.run_matrix(load_scenario(f"scenarios/{name}.yaml")) is None


def test_no_matrix_beyond_the_bound_or_when_turned_off(clean, monkeypatch):
    s = load_scenario(HEIGHT_112)
    monkeypatch.setattr(job_module, "AUTO_MATRIX_CELLS", len(s.map.grid) - 1)
    assert job_module.run_matrix(s) is None
    monkeypatch.setattr(job_module, "AUTO_MATRIX_CELLS", 0)
    assert job_module.run_matrix(s) is None
    monkeypatch.setattr(job_module, "AUTO_MATRIX_CELLS", len(s.map.grid))
    assert job_module.run_matrix(s) is not None


def test_a_run_reads_its_matrix_and_gives_the_same_balance(clean, monkeypatch):
    s = load_scenario(HEIGHT_112)

    def run() -> str:
        forget_matrices()
        attacks.forget()          # answers kept from the run before would ask no line at all
        return json.dumps(balance(s, "random,random", playouts=3, seed=4, progress=False).to_json(),
                          sort_keys=True)

    monkeypatch.setattr(job_module, "AUTO_MATRIX_CELLS", 0)
    without = run()
    monkeypatch.undo()
    reads = matrix_reads(monkeypatch)
    with_matrix = run()
    assert any(reads) and with_matrix == without
