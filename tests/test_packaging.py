"""Packaging: environment.yml and pyproject.toml ask for the same things; the package is typed."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _name_and_spec(requirement: str) -> tuple[str, str]:
    m = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*)$", requirement)
    assert m, requirement
    return m.group(1).lower().replace("_", "-"), m.group(2).replace(" ", "")


def test_environment_yml_matches_pyproject_runtime_dependencies():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime = dict(_name_and_spec(r) for r in pyproject["project"]["dependencies"])
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {}
    pip_entries: list[str] = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_entries += dep["pip"]
            continue
        name, spec = _name_and_spec(dep)
        if name not in ("python", "pip"):
            conda[name] = spec
    assert conda == runtime
    assert any(".[test]" in e for e in pip_entries), "environment.yml must install the package with pip"
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    assert "3.11" in python and pyproject["project"]["requires-python"] == ">=3.11"


def test_package_is_typed_and_has_a_console_script():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert (ROOT / "wartools" / "py.typed").exists()
    assert pyproject["project"]["scripts"]["wartools"] == "wartools.cli:main"


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in readme and "make lab" in readme
    assert "make test" in ci


def test_the_readme_lists_every_notebook():
    import re

    readme = (ROOT / "README.md").read_text()
    ranges = [(int(a), int(b)) for a, b in re.findall(r"`(\d\d)_`\.\.`(\d\d)_", readme)]
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        number = int(nb.name[:2])
        assert f"`{nb.name}`" in readme or any(a <= number <= b for a, b in ranges), nb.name
