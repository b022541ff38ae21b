"""The Jupyter server as ``make lab`` starts it (the Makefile passes ``--config`` with this file).

A notebook is saved without what running it adds: the outputs, the execution counts, the
widgets' state and the kernel's language details. So running the notebooks (and JupyterLab's
autosave) leaves the repository's files as they were committed, and ``git status`` clean.
"""

#: notebook metadata that running a notebook adds (the committed notebooks keep only the kernelspec)
RUN_METADATA = ("language_info", "widgets")


def strip_run_state(model, **_kwargs):
    """A ``pre_save_hook``: clear, in place, what running put into a notebook being saved."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        cell.get("metadata", {}).pop("execution", None)
    for key in RUN_METADATA:
        notebook.get("metadata", {}).pop(key, None)


c = get_config()  # noqa: F821 - Jupyter's config loader provides it
c.FileContentsManager.pre_save_hook = strip_run_state
