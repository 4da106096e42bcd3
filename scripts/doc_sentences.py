"""How long the sentences of the user-facing pages are: scripts/doc_sentences.py

Prints, for each page, its sentences and their median length in words. A page in CHECKED
fails the check when that median is over MAX_MEDIAN, or when its text cites an issue number
("issue 12"). Every other page is reported only. Exit status 1 when a checked page fails.

    python scripts/doc_sentences.py            every page (run by scripts/test)
    python scripts/doc_sentences.py FILE...    these files (each checked)

The text is what a reader reads: Markdown rendered by Python-Markdown, then the words of its
paragraphs and list items. Code, headings and tables are left out. Sentences are split on
`.`, `!` and `?` before a space: our own pages need nothing cleverer, and a
sentence-splitting library would bring models or data for other languages.
"""

from __future__ import annotations

import re
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import markdown

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MAX_MEDIAN = 20
# The pages held to MAX_MEDIAN and to no issue numbers, relative to the repository. A page
# rewritten in plain words joins this list.
CHECKED = (
    "docs/index.md",
    "docs/play/index.md",
    "docs/play/turn.md",
    "docs/play/dragons.md",
    "docs/play/takebacks.md",
    "docs/play/forks.md",
    "docs/client/quickstart.md",
    "docs/client/reference.md",
    "docs/client/players.md",
    "docs/client/games.md",
    "docs/client/commands.md",
    "docs/client/versions.md",
    "docs/client/streams.md",
    "docs/client/clocks.md",
    "docs/client/errors.md",
    "docs/client/limits.md",
    "docs/client/proving.md",
    "docs/client/contract.md",
    "docs/run/settings.md",
    "docs/run/index.md",
    "docs/run/demo.md",
    "docs/run/durability.md",
    "docs/run/deploy.md",
    "docs/run/operations.md",
    "docs/run/faults.md",
    "docs/tour.md",
    "docs/web-client.md",
    "docs/bots.md",
    "docs/architecture.md",
    "docs/logging.md",
    "docs/viewer.md",
    "docs/rules-notes.md",
    "docs/workers.md",
    "docs/streams.md",
    "docs/push.md",
    "docs/players.md",
    "docs/api.md",
    "docs/audit.md",
    "docs/ratings.md",
    "docs/scaling.md",
    "README.md",
    "clients/python/README.md",
    "clients/typescript/README.md",
)
# The pages besides the site's own files: reported, and checked when in CHECKED. The SDKs'
# READMEs are also the site's SDK pages (docs/hooks/sdk_pages.py).
REPORTED = (
    "README.md",
    "BENCHMARKS.md",
    "clients/python/README.md",
    "clients/typescript/README.md",
)
ISSUE_NUMBER = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)
_END = re.compile(r"(?<=[.!?])[\"'”’)]*\s+")
_ABBREVIATIONS = re.compile(r"\b(e\.g|i\.e|etc|vs|cf)\.", re.IGNORECASE)
_WORD = re.compile(r"\w")


@dataclass(frozen=True)
class Report:
    path: str
    sentences: tuple[int, ...]  # the words of each sentence
    issue_numbers: tuple[str, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.sentences) if self.sentences else 0.0

    def problems(self) -> list[str]:
        found = []
        if self.median > MAX_MEDIAN:
            found.append(f"median sentence {self.median:g} words (at most {MAX_MEDIAN})")
        found += [f"cites {number!r}" for number in sorted(set(self.issue_numbers))]
        return found


class _Text(HTMLParser):
    """The text blocks of rendered Markdown: paragraphs, list items, cells; no code."""

    BLOCKS = {"p", "li", "dd", "dt", "blockquote"}
    # Tables are left out too: their cells are labels and values more than sentences.
    SKIPPED = {"code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "table", "script", "style"}

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self._current: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in self.SKIPPED:
            self._skipping += 1
        elif tag in self.BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED:
            self._skipping = max(0, self._skipping - 1)
        elif tag in self.BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._current.append(data)

    def _flush(self) -> None:
        text = " ".join("".join(self._current).split())
        if text:
            self.blocks.append(text)
        self._current = []

    def close(self) -> None:
        super().close()
        self._flush()


def text_blocks(source: str) -> list[str]:
    """The blocks of prose a reader reads in the Markdown `source`."""
    extensions = ["fenced_code", "tables", "def_list", "admonition"]
    html = markdown.markdown(source, extensions=extensions)
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser.blocks


def sentences(block: str) -> list[str]:
    shielded = _ABBREVIATIONS.sub(lambda m: m[0].replace(".", "\0"), block)
    return [s.replace("\0", ".") for s in _END.split(shielded) if _WORD.search(s)]


def word_count(sentence: str) -> int:
    return sum(1 for token in sentence.split() if _WORD.search(token))


def report(path: Path) -> Report:
    source = path.read_text(encoding="utf-8")
    counts = [word_count(s) for block in text_blocks(source) for s in sentences(block)]
    issues = tuple(m[0].lower() for m in ISSUE_NUMBER.finditer(_without_code(source)))
    return Report(_shown(path), tuple(counts), issues)


def _without_code(source: str) -> str:
    return "\n".join(text_blocks(source))


def _shown(path: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(ROOT)) if resolved.is_relative_to(ROOT) else str(path)


def pages() -> list[Path]:
    """Every user-facing page: the site's, then the READMEs and BENCHMARKS.md."""
    site = sorted(p for p in DOCS.rglob("*.md") if "hooks" not in p.relative_to(DOCS).parts)
    return site + [ROOT / name for name in REPORTED if (ROOT / name).is_file()]


def check(paths: Iterable[Path], checked: Sequence[str]) -> tuple[list[str], bool]:
    """The report's lines, and whether every checked page passes."""
    lines = [f"{'page':<28} {'sentences':>9} {'median':>6}  result"]
    passed = True
    for path in paths:
        found = report(path)
        problems = found.problems()
        if found.path in checked:
            verdict = "FAIL: " + "; ".join(problems) if problems else "ok"
            passed = passed and not problems
        else:
            verdict = "reported only" + (f" ({'; '.join(problems)})" if problems else "")
        lines.append(f"{found.path:<28} {len(found.sentences):>9} {found.median:>6g}  {verdict}")
    return lines, passed


def main(argv: Sequence[str]) -> int:
    paths = [Path(a) for a in argv] if argv else pages()
    checked = [_shown(p) for p in paths] if argv else CHECKED
    lines, passed = check(paths, checked)
    print("\n".join(lines))
    if not passed:
        print(f"doc_sentences: a checked page fails (median over {MAX_MEDIAN} words, or an "
              "issue number)", file=sys.stderr)  # fmt: skip
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
