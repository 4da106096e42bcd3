"""The SDKs' pages: each SDK's README, made a page of the site's "Build a client" section.

A README's links are written for the repository: to the docs (`../../docs/…`), which become
the site's own pages, and to the SDK's files (`examples/bot.py`), which the site does not
hold and which are named instead.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = {
    "client/python-sdk.md": ROOT / "clients" / "python" / "README.md",
    "client/typescript-sdk.md": ROOT / "clients" / "typescript" / "README.md",
}
_LINK = re.compile(r"\[([^\]]+)\]\(([^)#\s]+)(#[^)\s]*)?\)")


def page(readme: Path) -> str:
    """The README's text with its links made the site's (see the module's docstring)."""
    folder = readme.parent.relative_to(ROOT).as_posix()

    def relink(match: re.Match[str]) -> str:
        text, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        if "://" in target:
            return match.group(0)
        if target.startswith("../../docs/"):
            return f"[{text}](../{target.removeprefix('../../docs/')}{anchor})"
        return f"{text} (`{folder}/{target}`)"

    return _LINK.sub(relink, readme.read_text(encoding="utf-8"))
