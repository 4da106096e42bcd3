"""`domain/` imports the standard library and itself, nothing else (STYLE.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[2] / "domain"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_domain_imports_only_the_standard_library_and_itself():
    files = sorted(DOMAIN.rglob("*.py"))
    assert len(files) > 10
    allowed = set(sys.stdlib_module_names) | {"domain", "__future__"}
    foreign = {f.name: _imports(f) - allowed for f in files}
    assert {k: v for k, v in foreign.items() if v} == {}
