"""`bots/` imports the standard library, the rules (`domain/`) and itself, nothing else: it
can read no store, no secret and no server state (STYLE.md)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.domain.test_purity import _imports

BOTS = Path(__file__).resolve().parents[2] / "bots"


def test_bots_import_only_the_standard_library_the_rules_and_themselves() -> None:
    files = sorted(BOTS.rglob("*.py"))
    assert len(files) >= 5
    allowed = set(sys.stdlib_module_names) | {"bots", "domain", "__future__"}
    foreign = {f.name: _imports(f) - allowed for f in files}
    assert {k: v for k, v in foreign.items() if v} == {}
