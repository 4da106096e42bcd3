"""The site's build hooks: the board pictures are positions the rules allow, drawn by the
server's code; rule IDs get anchors in RULES.md and links everywhere else."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from docs.hooks import boards, rule_links
from docs.hooks.boards import Picture, act, order
from domain import RuleViolation

RULES = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


@pytest.mark.parametrize("picture", boards.PICTURES, ids=lambda p: p.name)
def test_each_picture_is_the_board_alone(picture: Picture) -> None:
    root = ET.fromstring(boards.draw(picture))
    x, y, width, height = root.attrib["viewBox"].split()
    assert (x, y) == ("0", "0")
    assert height == root.attrib["data-board-height"]  # the status panel cropped off
    assert root.findall(".//{http://www.w3.org/2000/svg}g[@data-unit]")


def test_the_pictures_have_distinct_names() -> None:
    names = [p.name for p in boards.PICTURES]
    assert len(names) == len(set(names))


def test_a_picture_of_a_move_the_rules_refuse_fails() -> None:
    # R-MOV-1: a foot unit moves 1 hex, not 2.
    picture = Picture("bad", ". rf0 . .\n . . . bf1", (order(0, "rf0"),
                      act(0, "move", unit="rf0", path=[[2, 0], [3, 0]])))  # fmt: skip
    with pytest.raises(RuleViolation, match="R-MOV-1"):
        boards.draw(picture)


def test_a_die_the_picture_did_not_script_fails() -> None:
    battle = act(0, "battle", unit="rf0", target="bf1")  # no faces for its dice
    picture = Picture("unscripted", ". rf0 bf1 .\n . . . .",
                      (order(0, "rf0"), act(0, "end_movement"), battle))  # fmt: skip
    with pytest.raises(ValueError, match="scripted no face"):
        boards.draw(picture)


def test_the_battle_picture_marks_the_battle_and_the_retreat() -> None:
    picture = next(p for p in boards.PICTURES if p.name == "battle")
    root = ET.fromstring(boards.draw(picture))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert root.find(".//svg:g[@class='last-battle']", ns) is not None
    move = root.find(".//svg:g[@class='last-move']", ns)
    assert move is not None and move.attrib["data-kind"] == "retreat"


def test_each_rule_of_rules_md_gets_one_anchor() -> None:
    text = RULES.read_text(encoding="utf-8")
    anchored = rule_links.anchor_rules(text)
    assert '- <a id="R-FLY-2" href="#R-FLY-2">R-FLY-2</a> A flight must end' in anchored
    assert anchored.count('id="R-FLY-4"') == 1  # not again at its clarification
    assert "- R-FLY-4: the named hex" in anchored


def test_a_rule_id_in_text_links_to_its_anchor_and_code_is_left_alone() -> None:
    text = "Fly (R-FLY-1), not `R-FLY-2`.\n\n```\nR-FLY-3\n```\nSee [R-WIN-1](x.md#R-WIN-1).\n"
    linked = rule_links.link_rules(text, "play/dragons.md")
    assert "Fly ([R-FLY-1](../RULES.md#R-FLY-1)), not `R-FLY-2`." in linked
    assert "```\nR-FLY-3\n```" in linked
    assert "See [R-WIN-1](x.md#R-WIN-1)." in linked
    assert rule_links.link_rules("R-TRN-1", "api.md") == "[R-TRN-1](RULES.md#R-TRN-1)"
