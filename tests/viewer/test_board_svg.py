"""The board picture (issue 8): a pure function of the board view, drawing what the state holds."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from api.board_svg import render_board
from api.svg_kit import R, W, hex_center
from domain import Event, GameState, new_game, replay
from domain.scenarios import get_scenario, scenario_names
from domain.view import board_view
from tests.viewer.games import showcase_game

NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def showcase() -> list[Event]:
    return showcase_game()


def picture(events: list[Event], version: int) -> ET.Element:
    return ET.fromstring(render_board(board_view(replay(events[:version]), None)))


def units_drawn(svg: ET.Element) -> dict[str, dict[str, str]]:
    groups = svg.findall(".//svg:g[@data-unit]", NS)
    drawn = {g.get("data-unit", ""): dict(g.attrib) for g in groups}
    assert len(drawn) == len(groups), "a unit is drawn once"
    return drawn


def translation(transform: str) -> tuple[float, float]:
    found = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", transform)
    assert found is not None
    return float(found[1]), float(found[2])


def version_after(events: list[Event], event_type: str, nth: int = 0) -> int:
    versions = [v for v, e in enumerate(events, 1) if e.type == event_type]
    return versions[nth]


def test_every_unit_is_drawn_at_its_hex_with_its_tokens_at_every_version(
    showcase: list[Event],
) -> None:
    for version in range(1, len(showcase) + 1):
        state = replay(showcase[:version])
        drawn = units_drawn(picture(showcase, version))
        assert set(drawn) == set(state.units)
        for unit in state.units.values():
            g = drawn[unit.id]
            assert g["data-hex"] == f"{unit.hex.col},{unit.hex.row}"
            assert int(g["data-owner"]) == unit.owner
            for effect in ("poison", "frost", "fire"):
                assert int(g[f"data-{effect}"]) == unit.tokens.get(effect)
            assert g.get("data-figures") == (None if unit.is_dragon else str(unit.figures))
            assert g["data-breath-target"] == ("true" if unit.breath_target else "false")
            assert g["data-rider"] == unit.rider
            x, y = translation(g["transform"])
            cx, cy = hex_center(unit.hex.col, unit.hex.row)
            assert math.hypot(x - cx, y - cy) < R / 2, "the unit stands inside its hex"


def test_odd_rows_sit_half_a_hex_east() -> None:
    # R-BRD-1: odd-r offset coordinates, pointy-top
    (x00, y00), (x01, y01), (x10, _) = hex_center(0, 0), hex_center(0, 1), hex_center(1, 0)
    assert x01 - x00 == pytest.approx(W / 2)
    assert x10 - x00 == pytest.approx(W)
    assert y01 - y00 == pytest.approx(1.5 * R)


def test_the_grid_has_every_hex_with_its_coordinates(showcase: list[Event]) -> None:
    svg = picture(showcase, 1)
    hexes = svg.findall(".//svg:polygon[@data-hex]", NS)
    keys = {h.get("data-hex") for h in hexes if "hex" in (h.get("class") or "").split()}
    assert keys == {f"{c},{r}" for c in range(7) for r in range(6)}
    labels = {t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")}
    assert {f"{c},{r}" for c in range(7) for r in range(6)} <= labels


def test_terrain_and_sites_are_drawn_villages_with_red_borders(showcase: list[Event]) -> None:
    svg = picture(showcase, 1)
    kinds = {
        h.get("data-hex"): (h.get("data-terrain"), h.get("data-site"))
        for h in svg.findall(".//svg:polygon[@data-terrain]", NS)
    }
    assert kinds["1,2"] == ("forest", None)
    assert kinds["1,3"] == ("river", None)
    assert kinds["3,3"] == ("plain", "portal")
    borders = svg.findall(".//svg:polygon[@class='village-border']", NS)
    assert [b.get("data-hex") for b in borders] == ["1,0"]  # R-BRD-4
    assert borders[0].get("stroke") == "#d62828"
    assert "pickup ×2" in {t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")}


def test_pending_breath_targets_are_marked(showcase: list[Event]) -> None:
    version = version_after(showcase, "BreathPhaseOpened")
    drawn = units_drawn(picture(showcase, version))
    assert {u for u, g in drawn.items() if g["data-breath-target"] == "true"} == {"bf1", "gm1"}
    assert {u for u, g in drawn.items() if g["data-breath-pending"] == "true"} == {"bf1", "gm1"}
    marks = picture(showcase, version).findall(".//svg:g[@data-unit='bf1']/svg:circle", NS)
    assert any(m.get("class") == "breath-mark" for m in marks)
    rolled_once = units_drawn(picture(showcase, version_after(showcase, "BreathRolled")))
    assert [u for u, g in rolled_once.items() if g["data-breath-pending"] == "true"] == ["gm1"]


def test_glory_roost_and_rider_marks(showcase: list[Event]) -> None:
    svg = picture(showcase, len(showcase))
    drawn = units_drawn(svg)
    assert drawn["s-ice"]["data-glory"] == "1"
    assert svg.find(".//svg:g[@data-unit='s-ice']/svg:polygon[@class='glory']", NS) is not None
    fire = svg.find(".//svg:g[@data-unit='s-fire']", NS)
    assert fire is not None and fire.get("data-roosted") == "true"
    assert fire.find("svg:g[@class='roost']", NS) is not None
    assert fire.find("svg:g[@class='rider carried']", NS) is not None


def test_an_engagement_is_a_line_between_the_dragons(showcase: list[Event]) -> None:
    version = version_after(showcase, "EngagementCreated")
    lines = picture(showcase, version).findall(".//svg:line[@class='engagement']", NS)
    assert [(g.get("data-attacker"), g.get("data-defender")) for g in lines] == [
        ("s-ice", "n-wyvern")
    ]


def test_the_panel_names_whose_turn_and_each_seats_counts(showcase: list[Event]) -> None:
    svg = picture(showcase, 2)
    words = " ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    assert "Turn 1 · south to play · order phase" in words
    assert "▶ south" in words
    assert "lore 5 · banners 0 · blood 0 · 1 card" in words  # north: count only (R-LOR-4)
    assert "hold" not in words
    end = " ".join(t.text or "" for t in picture(showcase, len(showcase)).iter())
    assert "Game over: south wins" in end and "north (eliminated)" in end


def test_the_picture_is_a_pure_function_of_the_state(showcase: list[Event]) -> None:
    for version in (1, 7, len(showcase)):
        once = render_board(board_view(replay(showcase[:version])))
        again = render_board(board_view(replay(list(showcase[:version]))))
        stored = json.loads(json.dumps(board_view(replay(showcase[:version]))))
        assert once == again == render_board(stored)
    assert render_board(board_view(replay(showcase[:7]))) != render_board(
        board_view(replay(showcase[:8]))
    )


def test_it_scales_through_its_view_box(showcase: list[Event]) -> None:
    svg = picture(showcase, 1)
    assert svg.get("viewBox", "").startswith("0 0 ")
    assert svg.get("width") is None and svg.get("height") is None


def view_with_unit(**unit: Any) -> dict[str, Any]:
    state: GameState = replay(showcase_game()[:1])
    view = board_view(state)
    view["units"] = [{**view["units"][0], **unit}]
    return view


def test_every_string_is_escaped() -> None:
    hostile = "<script>alert('x')</script>&\""
    view = view_with_unit(id=hostile, breath_by=hostile, kind=hostile)
    view["scenario"] = hostile
    view["players"][0]["home_edge"] = hostile
    text = render_board(view)
    assert "<script" not in text
    svg = ET.fromstring(text)  # still well-formed XML
    assert units_drawn(svg)[hostile]["data-kind"] == hostile


def test_a_crowded_site_draws_every_dragon_inside_the_hex() -> None:
    view = view_with_unit()
    base = view["units"][0]
    view["units"] = [{**base, "id": f"d{i}", "hex": [5, 0]} for i in range(4)]
    drawn = units_drawn(ET.fromstring(render_board(view)))
    cx, cy = hex_center(5, 0)
    for g in drawn.values():
        x, y = translation(g["transform"])
        assert math.hypot(x - cx, y - cy) < R * 0.6


@pytest.mark.parametrize("name", scenario_names())
def test_every_shipped_scenario_draws_each_seat_in_the_panel(name: str) -> None:
    doc = get_scenario(name)
    assert doc is not None
    view = board_view(replay(new_game(doc)))
    svg = ET.fromstring(render_board(view))
    seats = svg.findall(".//svg:g[@data-seat]", NS)
    assert len(seats) == len(doc["players"])
    assert len(units_drawn(svg)) == len(doc["units"])


def test_the_panel_says_what_the_game_waits_for_and_a_draw() -> None:
    view = view_with_unit()
    view["pending"] = {"seat": 1, "kind": "retreat", "unit": "bf1", "hexes": 2}
    words = " ".join(t.text or "" for t in ET.fromstring(render_board(view)).iter())
    assert "Waiting for north: retreat of bf1 (2 hexes)" in words
    view["pending"], view["winner"] = None, "draw"
    words = " ".join(t.text or "" for t in ET.fromstring(render_board(view)).iter())
    assert "Game over: a draw" in words and "▶" not in words
