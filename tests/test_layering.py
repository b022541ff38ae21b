"""The package's layers (DESIGN.md): data flows down, never up, and no import cycles.

Imports inside functions count too (a lazy import is still a dependency), except in the
display hooks through which a value draws itself with the renderer it imports lazily
(``draw``, ``_repr_png_``, ``_repr_svg_``, ``_repr_html_``: the python-chess pattern DESIGN.md
names) and ``if TYPE_CHECKING`` blocks.
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wartools"

#: (prefix, layer): the longest matching prefix decides; a module may import only from its own
#: layer or below
LAYERS = [
    ("wartools.errors", 0), ("wartools.limits", 0), ("wartools.cache", 0), ("wartools.parallel", 0),
    ("wartools.grids", 1),
    ("wartools.games", 2),            # Game, vocabularies, options, styles, the registry
    ("wartools.games.procedures", 5), ("wartools.games.coverage", 5), ("wartools.games.scenario_rules", 5),
    ("wartools.games.fire_rules", 5), ("wartools.games.turn_rules", 5),
    ("wartools.mapmodel", 3), ("wartools.situation", 3),   # a question's situation, common to the engines
    ("wartools.dice", 4), ("wartools.los", 4), ("wartools.movement", 4),
    ("wartools.games.*.rules", 5),    # a game's rule modules (see layer_of)
    ("wartools.combat", 6), ("wartools.scenario", 6), ("wartools.testing", 6),
    ("wartools.analysis", 7),
    ("wartools.balance", 7.8),        # many seeded playouts counted: above play, whose playout it runs
    ("wartools.play", 7.5),           # turn engine, records, bots: above the analysis they ask
    ("wartools.render", 8), ("wartools.calibrate", 8), ("wartools.editing", 8),
    ("wartools.widgets", 9),
    ("wartools.cli", 10), ("wartools.lessons", 10), ("wartools.importers", 10), ("wartools.exporters", 10),
    ("wartools", 10),
]


#: functions through which a value draws or displays itself (may import the renderer lazily)
DISPLAY_HOOKS = {"draw", "_repr_png_", "_repr_svg_", "_repr_html_", "_ipython_display_"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int:
    parts = module.split(".")
    # wartools.games.<game>.<rules module>: a game's rules sit above the engines they plug into
    if len(parts) >= 4 and parts[:2] == ["wartools", "games"]:
        return 5
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


def test_no_import_cycles():
    g = import_graph()
    # a package's __init__ importing its own submodules is how packages re-export; only
    # cycles between different packages or sibling modules count
    cycles = [c for c in nx.simple_cycles(g) if len(c) > 1 and
              not all(m.startswith(min(c, key=len) + ".") or m == min(c, key=len) for m in c)]
    assert cycles == []


def test_loading_a_map_pulls_in_neither_shapely_nor_networkx():
    import subprocess
    import sys

    code = ("import sys, wartools as wt; wt.load_map('maps/combat-infantry-river-crossing.yaml'); "
            "print(sorted(m for m in ('shapely', 'networkx', 'matplotlib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
