"""The house rules of the code base, checked on the source: layers, cycles, test twins.

- Games and grids never import the widget or command-line layers.
- No import cycles between the workbench's modules.
- Every module has its test twin ``tests/<same path>/test_<module>.py``.
- Every game package has the same rooms where the role exists (games/README.md), and its
  ``drawing`` module loads no renderer (matplotlib, ipywidgets, anywidget, the widgets).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "workbench"
GAMES = sorted(p for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Workbench modules imported anywhere in the module (also inside functions), but for
    imports under ``if TYPE_CHECKING:``, which only annotations use."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("workbench")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("workbench"):
            found.add(node.module)
    return found


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


@pytest.mark.parametrize("layer", ["workbench.games", "workbench.grids"])
def test_games_and_grids_never_import_widgets_or_the_command_line(layer):
    offenders = {
        name: sorted(
            i for i in _imports(path) if i.startswith(("workbench.widgets", "workbench.cli"))
        )
        for name, path in MODULES.items()
        if name.startswith(layer)
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_import_cycles():
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        for target in _imports(path):
            while target not in MODULES and "." in target:
                target = target.rsplit(".", 1)[0]  # `from pkg.mod import name`
            if target in MODULES and target != name and not name.startswith(target + "."):
                graph.add_edge(name, target)
    cycles = [c for c in nx.simple_cycles(graph) if not any(m.endswith("__init__") for m in c)]
    packages = {n for n, p in MODULES.items() if p.name == "__init__.py"}
    cycles = [c for c in cycles if not set(c) & packages]
    assert cycles == []


def test_every_module_has_its_test_twin():
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in ("__init__.py", "__main__.py"):
            continue
        relative = path.relative_to(PACKAGE)
        twin = ROOT / "tests" / relative.parent / f"test_{path.stem}.py"
        if not twin.exists():
            missing.append(str(twin.relative_to(ROOT)))
    assert missing == []


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_game_has_its_rules_and_its_drawing(game):
    rooms = {p.stem for p in game.glob("*.py")}
    assert {"rules", "drawing"} <= rooms
    assert not rooms & {"plots_board", "combat_plots", "picture", "tables", "study", "fairness"}


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_drawing_loads_no_renderer(game):
    """In a fresh process, importing the game's drawing pulls in no renderer at all."""
    code = (
        f"import sys, workbench.games.{game.name}.drawing\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('matplotlib', 'ipywidgets', 'anywidget') or m.startswith('workbench.widgets')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
