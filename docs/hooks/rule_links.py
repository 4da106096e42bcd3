"""Rule IDs as links: an anchor on each rule of RULES.md, a link on each mention elsewhere.

A rule is a list item of RULES.md that starts with its ID (`- R-FLY-2 A flight must end …`):
it gets the anchor `#R-FLY-2`. A mention of a rule ID in another page's text (not in code)
becomes a link to that anchor, which `mkdocs build --strict` then checks: a page naming a
rule that does not exist fails the build.
"""

from __future__ import annotations

import posixpath
import re

RULES_PAGE = "RULES.md"
RULE_ID = r"R-[A-Z]{3}-\d+"
# A rule's own line: "- R-BRD-1 The board …" (a clarification, "- R-LOR-1: …", is not one).
_RULE_LINE = re.compile(rf"^- ({RULE_ID}) ", re.MULTILINE)
# A mention: not inside a word, a link's text or target, or an anchor.
_MENTION = re.compile(rf"(?<![\w\[#/-])({RULE_ID})(?![\w-])")
# Code is left as it is: fenced blocks, then inline code spans.
_CODE = re.compile(r"(^```.*?^```[ \t]*$|`[^`\n]+`)", re.MULTILINE | re.DOTALL)


def anchor_rules(markdown: str) -> str:
    """RULES.md with an anchor on each rule's ID, linking to itself."""
    seen: set[str] = set()

    def anchor(match: re.Match[str]) -> str:
        rule = match[1]
        if rule in seen:  # one anchor per rule, at its first line
            return match[0]
        seen.add(rule)
        return f'- <a id="{rule}" href="#{rule}">{rule}</a> '

    return _RULE_LINE.sub(anchor, markdown)


def link_rules(markdown: str, page_path: str) -> str:
    """`markdown` of the page at `page_path` (relative to the docs folder) with each rule ID
    in its text linked to the rule's anchor in RULES.md."""
    target = posixpath.relpath(RULES_PAGE, posixpath.dirname(page_path) or ".")
    parts = _CODE.split(markdown)
    for i in range(0, len(parts), 2):  # even parts are text, odd ones code
        parts[i] = _MENTION.sub(lambda m: f"[{m[1]}]({target}#{m[1]})", parts[i])
    return "".join(parts)
