"""Shared by the map-widget tests: the sample map they use and a click stand-in."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

RIVER_CROSSING = Path(__file__).resolve().parents[1] / "maps" / "combat-infantry-river-crossing.yaml"


def click(widget: Any, m: Any, label: str) -> Any:
    """Send a mouse press on the centre of ``label`` through the widget's mpl handler."""
    x, y = m.grid.layout().to_pixel(m.cell(label))
    return widget.canvas.handle_click(SimpleNamespace(xdata=x, ydata=y, inaxes=widget.canvas.ax))
