"""A click on a map widget sends one picture through ipympl's canvas, and nothing is left for
pyplot to redraw afterwards (issue 15: click to picture). In a notebook, ipykernel fires IPython's
``post_execute`` after every comm message, a click's too; pyplot's hook then redraws every stale
figure, which asks the browser for a second, full draw, a second frame half a second later."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from widget_helpers import RIVER_CROSSING

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import json, sys
from types import SimpleNamespace
import matplotlib
matplotlib.use("module://ipympl.backend_nbagg")
import matplotlib.pyplot as plt
from matplotlib._pylab_helpers import Gcf
from wartools.mapmodel import load_map
from wartools.widgets import LOSExplorer, MovePlanner

m = load_map(sys.argv[1])
out = {}
for cls in (LOSExplorer, MovePlanner):
    w = cls(m)
    canvas, sent = w.canvas.figure.canvas, []
    canvas.send = lambda content, buffers=None: sent.append(json.loads(content["data"])["type"])
    canvas.draw()                          # the browser's first draw (ipympl's handle_draw)
    clicks = []
    for label in ("E4", "H8"):
        del sent[:]
        x, y = m.grid.layout().to_pixel(m.cell(label))
        w.canvas.handle_click(SimpleNamespace(xdata=x, ydata=y, inaxes=w.canvas.ax))
        by_click = list(sent)
        plt.draw_all()                     # what pyplot's post_execute hook does next
        clicks.append({"click": by_click, "hook": sent[len(by_click):], "title": w.canvas.ax.get_title()})
    out[cls.__name__] = {"pyplot figure": any(f.canvas is canvas for f in
                                              (mg.canvas.figure for mg in Gcf.get_all_fig_managers())),
                         "clicks": clicks}
print(json.dumps(out))
"""


def test_a_click_sends_one_picture_and_leaves_nothing_stale():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("MPLBACKEND", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(RIVER_CROSSING)], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    widgets = json.loads(done.stdout.splitlines()[-1])
    for name, seen in widgets.items():
        assert seen["pyplot figure"], name        # else pyplot's hook would not look at it at all
        for click in seen["clicks"]:
            assert click["click"].count("binary") == 1, (name, click)   # one whole picture
            assert click["hook"] == [], (name, click)                   # no second draw asked for
    assert "E4" in widgets["LOSExplorer"]["clicks"][0]["title"]
