"""Every rule ID of RULES.md is cited by at least one domain test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"R-[A-Z]{3}-\d+")


def rules_text() -> str:
    shared = ROOT.parent / "shared" / "RULES.md"  # the living copy, beside the checkout
    return (shared if shared.exists() else ROOT / "docs" / "RULES.md").read_text("utf-8")


def test_the_project_copy_of_the_rules_is_current():
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.exists():
        assert (ROOT / "docs" / "RULES.md").read_text("utf-8") == shared.read_text("utf-8")


def test_every_rule_id_is_cited_by_a_test():
    defined = set(re.findall(r"^- (R-[A-Z]{3}-\d+)", rules_text(), flags=re.MULTILINE))
    assert len(defined) > 80
    cited: set[str] = set()
    for path in (ROOT / "tests" / "domain").glob("test_*.py"):
        if path.name != Path(__file__).name:
            cited |= set(RULE_ID.findall(path.read_text("utf-8")))
    assert sorted(defined - cited) == []
