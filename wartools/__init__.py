"""wartools: analyse WWII tactical board wargames in Python and Jupyter.

Line of sight, movement planning and exact combat odds for Company of Heroes,
Combat Infantry: WestFront 1944-45, Conflict of Heroes: Storms of Steel and
Heroes of Normandie.
"""
from __future__ import annotations

from wartools.errors import GridError, MapError, UnknownGameError, WartoolsError

__version__ = "0.1.0"

__all__ = ["GridError", "MapError", "UnknownGameError", "WartoolsError", "__version__"]
