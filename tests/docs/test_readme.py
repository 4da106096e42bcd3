"""The README stays a page read in five minutes: short, the two set-up commands first and
alone, and every link it gives leads to a file of the repository. The tour it points to runs
against a real stack in test_tour.py."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MAX_LINES = 150
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines (at most {MAX_LINES})"


def test_its_only_commands_are_the_two_set_up_commands() -> None:
    blocks = [code.strip() for _, code in _FENCE.findall(README.read_text(encoding="utf-8"))]
    assert blocks == ["scripts/run", "scripts/test"]
    assert all((ROOT / block).is_file() for block in blocks)


def test_every_link_leads_to_a_file_of_the_repository() -> None:
    links = _LINK.findall(README.read_text(encoding="utf-8"))
    local = [link.split("#")[0] for link in links if not re.match(r"[a-z]+:", link)]
    assert "docs/tour.md" in local  # the tour, which test_tour.py runs
    missing = [link for link in local if not (ROOT / link).is_file()]
    assert not missing, missing
