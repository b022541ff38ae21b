"""An export row for the map widgets: a file name and a button that write the current picture
(PNG or SVG, by the suffix) and the current answer as JSON beside it, both atomically."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from wartools.errors import WartoolsError
from wartools.mapmodel.atomic import write_atomic
from wartools.widgets.common import error, pre


class ExportBar:
    """``file`` + ``export`` button: ``los.png`` writes ``los.png`` and ``los.json``.

    Parameters
    ----------
    canvas
        The :class:`~wartools.widgets.canvas.MapCanvas` whose picture is written.
    answer
        Returns the answer on screen as JSON-ready data.
    default
        The file name offered at first.

    Examples
    --------
    >>> import json, tempfile
    >>> from pathlib import Path
    >>> from wartools.testing import tiny_map
    >>> from wartools.widgets import MapCanvas
    >>> folder = Path(tempfile.mkdtemp())
    >>> bar = ExportBar(MapCanvas(tiny_map("combat-infantry", 3, 3)), lambda: {"seen": 4},
    ...                 default=str(folder / "map.svg"))
    >>> [p.name for p in bar.export()]
    ['map.svg', 'map.json']
    >>> json.loads((folder / "map.json").read_text())
    {'seen': 4}
    """

    def __init__(self, canvas: Any, answer: Callable[[], Any], default: str = "answer.png") -> None:
        self.canvas, self.answer = canvas, answer
        self.file = w.Text(value=default, description="file", tooltip="a .png or .svg picture; "
                           "the answer goes beside it as .json")
        self.button = w.Button(description="export", icon="download",
                               tooltip="write the picture and the answer (JSON)")
        self.status = w.HTML()
        self.button.on_click(lambda _b: self.export())
        self.widget = w.HBox([self.file, self.button, self.status])

    def export(self) -> tuple[Path, ...]:
        """Write the picture and the answer; the status line names the files or the problem
        (which replaces any earlier message). Returns the files written (none on a problem)."""
        picture = Path(self.file.value.strip() or "answer.png").expanduser()
        data = picture.with_suffix(".json")
        try:
            text = json.dumps(self.answer(), indent=2, ensure_ascii=False) + "\n"
            self.canvas.export(picture)
            write_atomic(data, text)
        except WartoolsError as exc:
            self.status.value = error(str(exc))
            return ()
        except OSError as exc:
            self.status.value = error(f"cannot write {str(picture)!r}: {exc.strerror or exc}")
            return ()
        self.status.value = pre(f"wrote {picture} and {data.name}")
        return picture, data
