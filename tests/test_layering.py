"""The package's layers (docs/architecture.md): data flows down, never up, and no import cycles.

Imports inside functions count too (a lazy import is still a dependency), except in the
display hooks through which a value draws itself with the renderer it imports lazily
(``draw``, ``_repr_png_``, ``_repr_svg_``, ``_repr_html_``: the python-chess pattern
docs/architecture.md names) and ``if TYPE_CHECKING`` blocks.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wartools"

#: (prefix, layer): the longest matching prefix decides; a module may import only from its own
#: layer or below. One folder per layer (docs/architecture.md draws the same picture).
LAYERS = [
    ("wartools.errors", 0), ("wartools.limits", 0), ("wartools.cache", 0), ("wartools.parallel", 0),
    ("wartools.answers", 0),          # the answer protocol every answer type keeps
    ("wartools.grids", 1), ("wartools.dice", 1),   # geometry and exact distributions: no game, no map
    ("wartools.rules", 2),            # the plug-in interface: Game, options, registry, rule base classes
    ("wartools.situation", 2),        # a question's situation, common to the rules and the engines
    ("wartools.mapmodel", 3),
    ("wartools.los", 4), ("wartools.movement", 4),   # the engines
    ("wartools.games", 5),            # the four games: their Game subclasses and rule modules
    ("wartools.combat", 6), ("wartools.scenario", 6), ("wartools.testing", 6),
    ("wartools.analysis", 7),
    ("wartools.play", 8),
    ("wartools.balancing", 9),
    ("wartools.render", 10), ("wartools.calibrate", 10),
    ("wartools.widgets", 11),
    ("wartools.cli", 12), ("wartools.lessons", 12),
    ("wartools", 12),
]


#: functions through which a value draws or displays itself (may import the renderer lazily)
DISPLAY_HOOKS = {"draw", "_repr_png_", "_repr_svg_", "_repr_html_", "_ipython_display_"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int:
    best = max((p for p, _ in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return dict(LAYERS)[best]


def module_imports(path: Path, name: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name not in DISPLAY_HOOKS:
                    visit(node.body)
                continue
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        visit([n for n in inner if isinstance(n, ast.stmt)] +
                              [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body])
                continue
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name.startswith("wartools"))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".")
                    base = base[: len(base) - node.level + (1 if is_pkg else 0)]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                if mod.startswith("wartools"):
                    # "from wartools.x import y" imports module x.y when y is one; otherwise a name of x
                    base_dir = PACKAGE.parent / mod.replace(".", "/")
                    for a in node.names:
                        if (base_dir / f"{a.name}.py").exists() or (base_dir / a.name / "__init__.py").exists():
                            out.add(f"{mod}.{a.name}")
                        else:
                            out.add(mod)
    visit(tree.body)
    return out


def import_graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        g.add_node(name)
        for target in module_imports(path, name):
            if target != name:
                g.add_edge(name, target)
    return g


def test_no_module_imports_from_a_layer_above_it():
    g = import_graph()
    upward = sorted(f"{a} (layer {layer_of(a)}) imports {b} (layer {layer_of(b)})"
                    for a, b in g.edges if layer_of(b) > layer_of(a))
    assert upward == []


def test_render_draws_answers_and_never_runs_an_engine():
    """render takes answers (LOSResult, Reach ...) and draws them: no render module imports the
    LOS or movement engine, lazily or not (their types only under TYPE_CHECKING)."""
    g = import_graph()
    engines = [(a, b) for a, b in g.edges if a.startswith("wartools.render")
               and b.split(".")[:2] in (["wartools", "los"], ["wartools", "movement"])]
    assert engines == []


def test_no_import_cycles():
    g = import_graph()
    # a package's __init__ importing its own submodules is how packages re-export; only
    # cycles between different packages or sibling modules count
    cycles = [c for c in nx.simple_cycles(g) if len(c) > 1 and
              not all(m.startswith(min(c, key=len) + ".") or m == min(c, key=len) for m in c)]
    assert cycles == []


def test_every_module_has_a_layer_of_its_own_and_the_architecture_document_lists_the_same():
    """Each top-level module or folder of the package sits in a named layer (none falls through
    to the package's own), and docs/architecture.md's layer table is LAYERS, row by row."""
    tops = {f"wartools.{p.stem if p.is_file() else p.name}" for p in PACKAGE.iterdir()
            if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}
    named = {prefix for prefix, _ in LAYERS}
    assert sorted(tops - named) == []
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", doc, flags=re.M)
    table = sorted((m, int(n)) for n, mods in rows for m in re.findall(r"`([a-z_.]+)`", mods))
    assert table == sorted(LAYERS)


def test_loading_a_map_pulls_in_neither_shapely_nor_networkx():
    import subprocess
    import sys

    code = ("import sys, wartools as wt; wt.load_map('maps/combat-infantry-river-crossing.yaml'); "
            "print(sorted(m for m in ('shapely', 'networkx', 'matplotlib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
