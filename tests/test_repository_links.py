"""Nothing in the repository points outside it (issue 21): no file names a design document or a
folder the repository does not hold, and every relative link in the documentation and the
notebooks' prose resolves to a file inside the repository."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: names of places outside the repository (built from parts, so this file does not name them)
OUTSIDE = re.compile("|".join(re.escape(s) for s in ("DESIGN" + ".md", "design-" + "review.md", "../" + "shared",
                                                     "shared/" + "rulebooks", "/work" + "/")))
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / f for f in listed if (ROOT / f).is_file() and (ROOT / f).suffix not in (".png", ".svg", ".jpg")]


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return ""


def test_no_file_names_a_place_outside_the_repository():
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()[:100]}" for p in _files()
             for n, line in enumerate(_text(p).splitlines(), 1) if OUTSIDE.search(line)]
    assert found == []


def _prose(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return _text(path)


def test_every_relative_link_resolves_inside_the_repository():
    bad = []
    for p in _files():
        if p.suffix not in (".md", ".ipynb"):
            continue
        for target in LINK.findall(_prose(p)):
            if re.match(r"[a-z]+:", target):          # http:, https:, mailto:
                continue
            where = (p.parent / target).resolve()
            if not where.is_relative_to(ROOT) or not where.exists():
                bad.append(f"{p.relative_to(ROOT)} -> {target}")
    assert bad == []
