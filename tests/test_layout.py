"""The layout holds what docs/architecture.md promises: sizes a person can hold, and no
import circles anywhere (a module importing, however indirectly, one that imports it).

Read from the source as text (the standard library's `ast`): every import counts, the ones
inside a function too, since a late import only hides a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ("domain", "bots", "lorekeeper", "adapters", "api", "workers", "bench")
MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 250
MAX_FUNCTION_LINES = 60


def modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            yield name, path


def oversized() -> list[str]:
    found = []
    for _, path in modules():
        text = path.read_text("utf-8")
        where = path.relative_to(ROOT)
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            found.append(f"{where}: {lines} lines (at most {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(text)):
            limit = (
                MAX_CLASS_LINES
                if isinstance(node, ast.ClassDef)
                else MAX_FUNCTION_LINES
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                else None
            )
            if limit is not None and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                if size > limit:
                    found.append(
                        f"{where}:{node.lineno} {node.name}: {size} lines (at most {limit})"
                    )
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours that `name` imports, anywhere in its text (`from pkg import mod`
    imports the module `pkg.mod`, not the package's own `__init__`)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:  # a submodule by its name, else a name of the module
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {m for m in found if m in known and m != name}


def circles() -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan's algorithm)."""
    paths = dict(modules())
    graph = {name: imports(name, path, set(paths)) for name, path in paths.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_module_class_or_function_is_too_long_to_hold() -> None:
    assert oversized() == []


def test_no_module_imports_one_that_imports_it() -> None:
    assert circles() == []


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_is_checked(package: str) -> None:
    assert any(name.split(".")[0] == package for name, _ in modules())
