"""Line of sight: exact ruler geometry, game policies, explanations and analysis.

The engine (:mod:`wartools.los.engine`) classifies every contact of a
centre-to-centre ruler exactly -- crossed, along, vertex -- with an integer
line walk in the grid's integer frame (:mod:`wartools.los.walk`; a dense table
per displacement, :mod:`wartools.los.templates`, for big batches of short
rulers), for many rulers in one vectorised pass, and hands them to the game's
:class:`LOSPolicy` (``wartools.games.<game>.los``). Its cost grows with the
rulers asked for, not with the board.

Examples
--------
>>> from wartools.testing import tiny_map
>>> from wartools.los import line_of_sight, viewshed
>>> m = tiny_map('company-of-heroes', 5, 5, terrain={'C3': 'building'}, name='demo')
>>> r = line_of_sight(m, "C2", "C4")
>>> r.status, r.reasons[0].where
('blocked', 'C3')
>>> sorted(m.label(c) for c in viewshed(m, "C2"))[:5]
['A1', 'A2', 'A3', 'B1', 'B2']
"""
from __future__ import annotations

from wartools.los.analysis import (VisibilityMatrix, coverage, dead_ground, to_csv, viewshed, visibility_matrix,
                                   write_matrix)
from wartools.los.engine import evaluate, line_of_sight, make_situation, policy_for
from wartools.los.geometry import MapGeometry, geometry
from wartools.rules.los import LOSOptionError, LOSPolicy, LOSSituation
from wartools.los.result import DeadGround, LOSResult, Reason, Viewshed
from wartools.situation import Situation

__all__ = ["DeadGround", "LOSOptionError", "LOSPolicy", "LOSResult", "LOSSituation", "MapGeometry", "Reason",
           "Situation", "Viewshed", "VisibilityMatrix",
           "coverage",
           "dead_ground", "evaluate", "geometry",
           "line_of_sight", "make_situation", "policy_for", "to_csv", "viewshed", "visibility_matrix",
           "write_matrix"]
