"""JupyterLab as ``make lab`` starts it (issue 25.10): the repository's settings are passed by the
Makefile (no news pop-up, no update check, no Voila extension and its deprecation warning in the
lab), and a notebook is saved without what running it adds, so running the notebooks leaves
``git status`` clean. (tests/test_browser_newcomer.py starts the lab with these arguments and
checks the page and the server's log.)"""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).parent))
from browser import make_lab_args  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_make_lab_passes_the_repositorys_settings():
    args = make_lab_args(ROOT)
    options = dict(a.split("=", 1) for a in args if a.startswith("--") and "=" in a)
    assert (ROOT / options["--config"]).is_file()
    settings = ROOT / options["--LabApp.app_settings_dir"]
    page = json.loads((settings / "page_config.json").read_text())
    assert page["disabledExtensions"]["@jupyterlab/apputils-extension:announcements"] is True
    overrides = json.loads((settings / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    assert '"voila.server_extension": False' in options["--ServerApp.jpserver_extensions"]


def load_hook():
    config = SimpleNamespace(FileContentsManager=SimpleNamespace())
    code = (ROOT / "jupyter" / "jupyter_server_config.py").read_text()
    exec(compile(code, "jupyter_server_config.py", "exec"), {"get_config": lambda: config})  # noqa: S102
    return config.FileContentsManager.pre_save_hook


def test_a_run_notebook_is_saved_as_committed():
    hook = load_hook()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb"))[:3]:
        committed = json.loads(path.read_text())
        run = copy.deepcopy(committed)
        for cell in run["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "4 cells\n"}]
                cell["execution_count"] = 7
                cell["metadata"]["execution"] = {"iopub.status.idle": "2026-01-01T00:00:00Z"}
        run["metadata"]["language_info"] = {"name": "python", "version": "3.11.9"}
        run["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {}}
        model = {"type": "notebook", "content": run}
        hook(model=model, path=str(path), contents_manager=None)
        assert model["content"] == committed, path.name
    text = {"type": "file", "content": "unchanged"}
    hook(model=text, path="x.txt", contents_manager=None)
    assert text["content"] == "unchanged"
