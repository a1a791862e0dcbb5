"""Issue 19: every game package reads from the bottom up.

For each package directly under `games/` (a game, or `core`), an AST scan of its modules checks:
- no module imports another module of its own package inside a function (an import that only
  runs when the function does hides a dependency and lets registries depend on what ran first);
- the imports between its modules form no circle (imports inside functions count too, as a
  reader follows them as well);
- its sub-packages form no circle either (issue 35): each module counts for the package it sits
  in, except the game package's own `__init__`, where the game is assembled from its parts;
- in Voidfall, the game's modules import neither the Voidborn opponent (`solo/`) nor the bot
  players (`bots/`), and the Voidborn do not import the bots: the game offers hooks
  (games/voidfall/modes.py) that the solo package fills.

Every import statement that is not inside a function counts, wherever it sits: at module level,
in a class body, under `if TYPE_CHECKING:` (a circle hidden behind TYPE_CHECKING is still a
circle for a reader). The implicit import of a parent package (`import a.b.c` runs `a/__init__`
and `a/b/__init__`) is not counted: every package would otherwise be a circle with its
`__init__`. An import of a package `from . import x` resolves to the module `x` when it exists.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[1] / "games"
PACKAGES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())


@dataclass
class ModuleImports:
    """What one module imports from its own package: at load time, and inside functions."""

    path: Path
    is_package: bool
    at_load: set[str] = field(default_factory=set)
    in_functions: list[tuple[int, str]] = field(default_factory=list)  # (line, imported module)


def module_name(root: Path, path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def imported_modules(name: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The modules of `known` an import statement of module `name` loads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in known]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    out = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        if sub in known:
            out.append(sub)
        elif target in known:
            out.append(target)
    return out


def scan(package: str) -> dict[str, ModuleImports]:
    """Every module of games/<package> with its imports of the same package."""
    root = GAMES_DIR / package
    modules = {module_name(GAMES_DIR, p)[0]: p for p in sorted(root.rglob("*.py"))}
    known = set(modules)
    out: dict[str, ModuleImports] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        info = ModuleImports(path, is_package)

        def visit(node: ast.AST, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    for target in imported_modules(name, is_package, child, known):
                        if target == name:
                            continue
                        if inside:
                            info.in_functions.append((child.lineno, target))
                        else:
                            info.at_load.add(target)
                visit(child, inside)

        visit(ast.parse(path.read_text(), str(path)), False)
        out[name] = info
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.append(m)
                    if m == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def package_of(module: str, is_package: bool, root: str) -> str:
    """The package a module counts for: its own for a sub-package's `__init__`, else the one it
    sits in; the game package's `__init__` (`root`) is a node of its own, the top."""
    if module == root:
        return f"{root} (__init__)"
    return module if is_package else module.rpartition(".")[0]


def package_graph(package: str) -> dict[str, set[str]]:
    """Which packages of games/<package> import which (every import, at load or in a function)."""
    root = f"games.{package}"
    found = scan(package)
    graph: dict[str, set[str]] = {}
    for name, info in found.items():
        here = package_of(name, info.is_package, root)
        graph.setdefault(here, set())
        for target in info.at_load | {m for _, m in info.in_functions}:
            there = package_of(target, found[target].is_package, root)
            if there != here:
                graph[here].add(there)
    return graph


@pytest.mark.parametrize("package", PACKAGES)
def test_the_packages_of_a_game_form_no_import_circle(package):
    found = circles(package_graph(package))
    assert not found, "package circles:\n" + "\n".join(" -> ".join(c) for c in found)


# Voidfall's layers: the game, then the Voidborn opponent over it, then the bots over both.
VOIDFALL_MUST_NOT_IMPORT = {
    "games.voidfall": ("games.voidfall.solo", "games.voidfall.bots"),
    "games.voidfall.solo": ("games.voidfall.bots",),
}


def test_the_voidfall_game_imports_neither_the_voidborn_nor_the_bots():
    wrong = []
    for name, info in scan("voidfall").items():
        if name == "games.voidfall":
            continue  # the package's __init__ assembles the parts
        home = name if info.is_package else name.rpartition(".")[0]
        for target in sorted(info.at_load | {m for _, m in info.in_functions}):
            if any(target == banned or target.startswith(banned + ".")
                   for banned in VOIDFALL_MUST_NOT_IMPORT.get(home, ())):
                wrong.append(f"{info.path.relative_to(GAMES_DIR.parent)} imports {target}")
    assert not wrong, "imports against the layers (games/voidfall/README.md):\n" + "\n".join(wrong)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_its_own_package_inside_a_function(package):
    late = [f"{info.path.relative_to(GAMES_DIR.parent)}:{line} imports {target}"
            for info in scan(package).values() for line, target in info.in_functions]
    assert not late, "imports inside functions:\n" + "\n".join(late)


@pytest.mark.parametrize("package", PACKAGES)
def test_the_modules_of_a_package_form_no_import_circle(package):
    found = circles({name: info.at_load | {m for _, m in info.in_functions} for name, info in scan(package).items()})
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_scan_sees_a_circle_and_a_late_import(tmp_path, monkeypatch):
    """The check itself: a made-up package with a circle and an import inside a function."""
    pkg = tmp_path / "games" / "demo"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import y\nx = 1\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\ny = 2\n")
    (pkg / "c.py").write_text("def f():\n    from . import a\n    return a.x\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["GAMES_DIR"]), "GAMES_DIR", tmp_path / "games")
    found = scan("demo")
    assert circles({n: i.at_load for n, i in found.items()}) == [["games.demo.a", "games.demo.b"]]
    assert found["games.demo.c"].in_functions == [(2, "games.demo.a")]


def test_the_package_scan_sees_a_circle_between_sub_packages(tmp_path, monkeypatch):
    """The check itself: a game whose module imports a sub-package that imports it back, while
    the game's __init__ may import both."""
    pkg = tmp_path / "games" / "demo"
    (pkg / "extra").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import extra\nfrom .rules import R\n")
    (pkg / "rules.py").write_text("R = 1\n")
    (pkg / "board.py").write_text("from .extra.hooks import H\n")
    (pkg / "extra" / "__init__.py").write_text("")
    (pkg / "extra" / "hooks.py").write_text("from ..rules import R\nH = R\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["GAMES_DIR"]), "GAMES_DIR", tmp_path / "games")
    assert circles(package_graph("demo")) == [["games.demo", "games.demo.extra"]]
    (pkg / "board.py").write_text("B = 2\n")
    assert circles(package_graph("demo")) == []


def test_voidfall_is_whole_whatever_module_a_process_imports_first():
    """Registries (task handlers, effects, the solo/co-op modes) are complete and a solo game sets
    up, when a fresh process first imports a module deep in the package."""
    script = (
        "import importlib, sys\n"
        "first = importlib.import_module(sys.argv[1])\n"
        "from games.voidfall.modes import MODES\n"
        "from games.voidfall.tasks import DECIDE\n"
        "from games.voidfall import RULES\n"
        "assert {'competitive', 'solo', 'coop'} <= set(MODES), MODES\n"
        "assert {'solo_alert', 'solo_exchange', 'turn', 'cycle'} <= set(DECIDE)\n"
        "state = RULES.setup(1, 3, {})\n"
        "while RULES.pending(state) and state.phase == 'setup':\n"
        "    d = RULES.pending(state)[0]\n"
        "    state = RULES.apply(state, d.seat, d.options[0].id)\n"
        "assert state.solo is not None and state.phase != 'setup'\n"
    )
    for first in ("games.voidfall.modes", "games.voidfall.solo.flow", "games.voidfall.bots.tactics", "games.voidfall.cycle"):
        done = subprocess.run([sys.executable, "-c", script, first], cwd=GAMES_DIR.parent, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, f"importing {first} first:\n{done.stderr}"
