"""The sentence check of the user-facing pages: the median words per sentence of each page,
a checked page failing over 20 or citing an issue number, the others reported only."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts import doc_sentences
from scripts.doc_sentences import check, report, sentences, word_count


def page(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def long_sentence(words: int) -> str:
    return " ".join(["word"] * (words - 1)) + " end."


def test_sentences_split_at_their_end_not_at_an_abbreviation() -> None:
    block = "Roll the dice, e.g. two of them. Then move! Is it over? Yes."
    assert sentences(block) == ["Roll the dice, e.g. two of them.", "Then move!", "Is it over?",
                                "Yes."]  # fmt: skip
    assert word_count("Send `end_turn` — then wait.") == 4


def test_the_median_counts_prose_only(tmp_path: Path) -> None:
    text = (
        "# A heading of many words that are not a sentence at all\n\n"
        "One two three. One two three four five.\n\n"
        "- One two three four five six seven.\n\n"
        "```sh\ncurl -s a very long command line that is code and not prose at all\n```\n\n"
        "| a table cell | with words |\n|---|---|\n| x | y |\n"
    )
    found = report(page(tmp_path, "p.md", text))
    assert found.sentences == (3, 5, 7)
    assert found.median == 5


def test_a_fenced_block_with_a_language_is_code_not_prose(tmp_path: Path) -> None:
    code = "class Store(Protocol):\n    def load(self) -> None: ...\n\nclass Queue:\n    x: int\n"
    found = report(page(tmp_path, "p.md", f"One two three.\n\n```python\n{code}```\n"))
    assert found.sentences == (3,)


def test_a_checked_page_with_long_sentences_fails(tmp_path: Path) -> None:
    path = page(tmp_path, "long.md", f"{long_sentence(21)} {long_sentence(22)}\n")
    lines, passed = check([path], [str(path)])
    assert not passed
    assert "FAIL: median sentence 21.5 words (at most 20)" in lines[-1]


def test_a_checked_page_at_the_limit_passes(tmp_path: Path) -> None:
    path = page(tmp_path, "ok.md", f"{long_sentence(20)} {long_sentence(3)} {long_sentence(25)}\n")
    lines, passed = check([path], [str(path)])
    assert passed and lines[-1].endswith("ok")


@pytest.mark.parametrize("text", ["Fixed in issue 21.", "See Issue #7 for why.",
                                  "As issues 3 and 4 said."])  # fmt: skip
def test_a_checked_page_citing_an_issue_number_fails(tmp_path: Path, text: str) -> None:
    path = page(tmp_path, "cites.md", text + "\n")
    lines, passed = check([path], [str(path)])
    assert not passed and "cites 'issue" in lines[-1]


def test_an_issue_number_in_code_is_not_cited(tmp_path: Path) -> None:
    path = page(tmp_path, "code.md", "Run this.\n\n```\ngit log --grep 'issue 21'\n```\n")
    assert report(path).issue_numbers == ()


def test_a_page_not_checked_is_reported_only(tmp_path: Path) -> None:
    path = page(tmp_path, "old.md", f"{long_sentence(40)} Fixed in issue 21.\n")
    lines, passed = check([path], [])
    assert passed
    assert "reported only (median sentence" in lines[-1] and "cites 'issue 21'" in lines[-1]


def test_every_checked_page_exists_and_is_reported() -> None:
    shown = {report(p).path for p in doc_sentences.pages()}
    assert set(doc_sentences.CHECKED) <= shown


def test_the_pages_of_the_repository_pass() -> None:
    lines, passed = check(doc_sentences.pages(), doc_sentences.CHECKED)
    assert passed, "\n".join(lines)
