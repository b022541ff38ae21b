"""Every notebook runs top to bottom in a fresh kernel, with no error or warning traceback,
and is committed with its outputs cleared."""
from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from jupyter_client import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path):
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, tmp_path):
    nb = nbformat.read(path, as_version=4)
    # IPC transport: a local kernel needs no TCP ports (and then ipykernel has no
    # "running over TCP without encryption" warning to print into the first cell)
    # (the socket path is absolute: the kernel runs in the notebook's folder)
    km = KernelManager(kernel_name="python3", transport="ipc", ip=str(tmp_path / "kernel"))
    client = NotebookClient(nb, km=km, timeout=600, resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError on any error
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream" and out.get("name") == "stderr":
                text = out.get("text", "")
                assert not re.search(r"Traceback|warning", text, re.IGNORECASE), (path.name, i, text)
            assert out.get("output_type") != "error", (path.name, i)


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ should hold the product notebooks"
