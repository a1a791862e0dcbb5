"""The bot package imports point one way: no import circle in bot/, counting the imports made
only for type checking (`if TYPE_CHECKING:`) and those inside functions; the platform
(bot/platform) never imports discord.py, directly or through a module it imports; the shell's
publisher never imports its components (the UI asks, the publisher posts)."""

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


def imported(path: Path, modules: set[str], everywhere: bool = False) -> set[str]:
    """The bot modules a file imports at module scope (TYPE_CHECKING blocks included), or with
    `everywhere` also inside functions; with `modules` empty, every module name it imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    for node in (ast.walk(tree) if everywhere else module_scope(tree)):
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
    return {m for m in found if (not modules or m in modules) and m != name}


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
    assert "bot.shell.publisher.turns" in graph and graph["bot.shell.app"] and graph["bot.platform.sessions"]
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


PLATFORM = "bot.platform"
SHELL = "bot.shell"


def reached(start: str, graph: dict[str, set[str]]) -> set[str]:
    """Every bot module `start` loads, directly or through the modules it imports (imports
    inside functions included: they load when the function runs)."""
    seen, stack = {start}, [start]
    while stack:
        for target in graph[stack.pop()]:
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def full_graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in BOT.rglob("*.py")}
    return {name: imported(path, set(files), everywhere=True) for name, path in files.items()}


def imports_discord(path: Path) -> list[str]:
    """The discord.py modules a file imports anywhere (functions and TYPE_CHECKING included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
    return sorted(m for m in found if m == "discord" or m.startswith("discord."))


def test_no_platform_module_imports_discord_py_or_the_shell():
    files = {module_name(p): p for p in BOT.rglob("*.py")}
    graph = full_graph()
    platform = sorted(name for name in files if name == PLATFORM or name.startswith(PLATFORM + "."))
    assert len(platform) > 20  # sessions, storage, history, clocks, languages, ...
    for name in platform:
        for loaded in reached(name, graph):
            assert not loaded.startswith(SHELL), f"{name} reaches the shell module {loaded}"
            assert loaded == "bot" or loaded.startswith(PLATFORM), f"{name} reaches {loaded} outside the platform"
            assert not imports_discord(files[loaded]), f"{name} loads discord.py through {loaded}"


def test_the_check_sees_an_indirect_import_of_discord(tmp_path):
    (tmp_path / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import discord.ui\n")
    (tmp_path / "b.py").write_text("def late():\n    from discord import app_commands\n")
    assert imports_discord(tmp_path / "a.py") == ["discord.ui"]
    assert imports_discord(tmp_path / "b.py") == ["discord"]
    graph = {"bot.platform.x": {"bot.platform.y"}, "bot.platform.y": {"bot.shell.z"}, "bot.shell.z": set()}
    assert "bot.shell.z" in reached("bot.platform.x", graph)


def test_the_publisher_never_imports_the_components_it_posts_for():
    """Calls go one way: a component asks the publisher to post; the publisher gets the views it
    posts from the components through the bot (`Host.views`), never by importing them."""
    graph = full_graph()
    publisher = [name for name in graph if name.startswith(f"{SHELL}.publisher")]
    assert publisher
    for name in publisher:
        bad = sorted(m for m in reached(name, graph) if m.startswith(f"{SHELL}.ui") or m.startswith(f"{SHELL}.cogs"))
        assert not bad, f"{name} reaches {bad}"
