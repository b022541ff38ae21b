"""Notebook widgets: thin wiring over plain functions that the tests call directly.

Import lazily from notebooks: ``from wartools.widgets import OddsCalculator``.
"""
from __future__ import annotations

from wartools.widgets.analyst import ScenarioAnalyst
from wartools.widgets.calibrator import ScanCalibrator
from wartools.widgets.canvas import MapCanvas, interactive_backend
from wartools.widgets.editor import MapEditor
from wartools.widgets.export import ExportBar
from wartools.widgets.los_explorer import LOSExplorer
from wartools.widgets.move_planner import MovePlanner
from wartools.widgets.odds import OddsCalculator, compute_odds, odds_fields
from wartools.widgets.record_player import RecordPlayer
from wartools.widgets.selfcheck import Feedback, SelfCheck

__all__ = ["ExportBar", "Feedback", "LOSExplorer", "MapCanvas", "MapEditor", "MovePlanner", "OddsCalculator", "RecordPlayer",
           "ScanCalibrator", "ScenarioAnalyst", "SelfCheck", "compute_odds", "interactive_backend", "odds_fields"]
