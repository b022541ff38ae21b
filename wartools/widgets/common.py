"""Small pieces the map widgets share: dropdown choices and escaped text blocks."""
from __future__ import annotations

import html

from wartools.mapmodel import Map
from wartools.render.style import FEEDBACK_COLOURS

NONE = "-"


def cell_options(m: Map, blank: bool = False) -> list[str]:
    """Every cell label of the map, optionally preceded by a blank choice."""
    labels = [m.label(c) for c in m.grid.cells()]
    return [NONE, *labels] if blank else labels




def pre(text: str) -> str:
    """Plain text as an HTML ``<pre>`` block."""
    return f"<pre style='margin:0;white-space:pre-wrap'>{html.escape(text)}</pre>"


def error(text: str) -> str:
    """An error message in HTML."""
    return f"<span style='color:{FEEDBACK_COLOURS['error']}'>{html.escape(text)}</span>"
