"""The bot package imports point one way: no import circle in bot/, counting the imports made
only for type checking (`if TYPE_CHECKING:`) and those inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parent.parent / "bot"


def module_name(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_scope(tree: ast.Module):
    """The nodes that run when the module is imported: everything but function bodies (so
    `if TYPE_CHECKING:` blocks count, as the type checker and readers follow them)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                stack.append(child)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The bot modules a file imports at module scope (TYPE_CHECKING blocks included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in module_scope(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            if node.level == 0:
                base = node.module or ""
            elif node.module:
                base = f"{base}.{node.module}"
            if node.module:
                found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # `from . import ui`
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in BOT.rglob("*.py")}
    return {name: imported(path, set(files)) for name, path in files.items()}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (as a path that returns to its start), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_checker_finds_a_circle():
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle_in_bot():
    graph = import_graph()
    assert "bot.shell.publisher.turns" in graph and graph["bot.shell.app"]
    circle = find_circle(graph)
    assert circle is None, " -> ".join(circle)


def test_no_submodule_imports_its_own_package():
    """A package's modules import their siblings, never the package itself (`from . import x`
    inside bot.storage.sqlite would run bot.storage's __init__ halfway)."""
    graph = import_graph()
    for name, targets in graph.items():
        parent = name.rpartition(".")[0]
        assert parent == "bot" or parent not in targets, name


# Modules that still import inside functions, and why; the rest of bot/ imports at the top.
LAZY_IMPORTS = {
    "bot": "create_bot for callers that must not pull in discord.py before they need it",
    "bot.cli": "the command line starts fast (--help, sandbox) without loading discord.py",
    "bot.platform.storage": "engines load only when used (asyncpg is optional)",
    "bot.platform.storage.base": "Storage(url) picks its engine (storage's own area)",
    "bot.platform.storage.dbthread": "storage's own area",
}


def test_imports_inside_functions_only_where_named():
    for path in BOT.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        inner = [node.lineno for function in ast.walk(tree)
                 if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))]
        assert not inner or module_name(path) in LAZY_IMPORTS, (path, inner)
