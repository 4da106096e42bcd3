"""The board picture (issues 8 and 22): a pure function of the board view and of its story,
drawing what the state holds as pieces a player recognises."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from api.board.story import read_story
from api.board.svg import render_board, render_history
from api.board.svg_kit import R, W, half_width_at, hex_center
from domain import Event, GameState, new_game, replay
from domain.catalogue import UNIT_KINDS
from domain.scenarios import get_scenario, scenario_names
from domain.view import board_view
from tests.domain.harness import Game
from tests.viewer.games import (
    blocked_retreat_game,
    bot_game,
    drawn_state,
    showcase_game,
    won_by_a_blow_game,
)

NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def showcase() -> list[Event]:
    return showcase_game()


def picture(events: list[Event], version: int) -> ET.Element:
    return ET.fromstring(render_history(events[:version]))


TEXT = "{http://www.w3.org/2000/svg}text"


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
        state = drawn_state(showcase, version)
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
            ordered = unit.id in replay(showcase[:version]).turn_state.ordered
            assert g["data-ordered"] == ("true" if ordered else "false")


def test_odd_rows_sit_half_a_hex_east() -> None:
    # R-BRD-1: odd-r offset coordinates, pointy-top
    (x00, y00), (x01, y01), (x10, _) = hex_center(0, 0), hex_center(0, 1), hex_center(1, 0)
    assert x01 - x00 == pytest.approx(W / 2)
    assert x10 - x00 == pytest.approx(W)
    assert y01 - y00 == pytest.approx(1.5 * R)


def test_the_grid_has_every_hex_and_its_coordinates_on_demand(showcase: list[Event]) -> None:
    svg = picture(showcase, 1)
    hexes = svg.findall(".//svg:polygon[@data-hex]", NS)
    keys = {h.get("data-hex") for h in hexes if "hex" in (h.get("class") or "").split()}
    assert keys == {f"{c},{r}" for c in range(7) for r in range(6)}
    coords = svg.find(".//svg:g[@class='coords']", NS)
    assert coords is not None
    assert {t.text for t in coords.iter(TEXT)} == keys
    style = "".join(s.text or "" for s in svg.iter("{http://www.w3.org/2000/svg}style"))
    assert ".coords{display:none}" in style and ".show-coords .coords{display:inline}" in style
    tips = {h.findtext("svg:title", "", NS) for h in hexes if "hex" in (h.get("class") or "")}
    assert "1,2 · forest" in tips and "3,3 · portal · plain" in tips


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
    names = {g.get("data-label") for g in svg.findall(".//svg:g[@class='name']", NS)}
    assert {"pickup ×2", "village", "cave", "portal", "forest", "river", "ford", "hill"} <= names
    assert svg.findall(".//svg:g[@class='tree']", NS) and svg.findall(
        ".//svg:path[@class='wave']", NS
    )


def test_every_name_fits_its_hex_on_one_line_or_two() -> None:
    # "fordable stream" was cut to "dable stre": a name is split at its space and shrunk
    # until each line fits the hex's width where it stands.
    doc = get_scenario("river_crossing")
    assert doc is not None
    svg = ET.fromstring(render_board(board_view(replay(new_game(doc)))))
    stream = next(
        g
        for g in svg.findall(".//svg:g[@class='name']", NS)
        if g.get("data-label") == "fordable stream"
    )
    lines = [t.text for t in stream.iter(TEXT)]
    assert lines == ["fordable", "stream"]
    for name in svg.findall(".//svg:g[@class='name']", NS):
        assert " ".join(t.text or "" for t in name.iter(TEXT)) == name.get("data-label")
        for line in name.iter(TEXT):
            size = float(line.get("font-size", "0"))
            assert size >= 5.5, (line.text, size)  # legible, not shrunk to nothing
            half = len(line.text or "") * size * 0.64 / 2
            row = round((float(line.get("y", "0")) - R - 16) / (1.5 * R))
            dy = float(line.get("y", "0")) - hex_center(0, row)[1]
            assert half <= half_width_at(abs(dy) + size * 0.3), (line.text, size)


def test_pending_breath_targets_are_marked(showcase: list[Event]) -> None:
    version = version_after(showcase, "BreathPhaseOpened")
    drawn = units_drawn(picture(showcase, version))
    assert {u for u, g in drawn.items() if g["data-breath-target"] == "true"} == {"bf1", "gm1"}
    assert {u for u, g in drawn.items() if g["data-breath-pending"] == "true"} == {"bf1", "gm1"}
    marks = picture(showcase, version).findall(".//svg:g[@data-unit='bf1']/svg:g", NS)
    assert [m.get("data-effect") for m in marks if m.get("class") == "breath-mark"] == ["fire"]
    rolled_once = units_drawn(picture(showcase, version_after(showcase, "BreathRolled")))
    assert [u for u, g in rolled_once.items() if g["data-breath-pending"] == "true"] == ["gm1"]


def test_glory_roost_and_rider_marks(showcase: list[Event]) -> None:
    svg = picture(showcase, len(showcase))
    drawn = units_drawn(svg)
    assert drawn["s-ice"]["data-glory"] == "1"
    assert svg.find(".//svg:g[@data-unit='s-ice']/svg:g[@class='glory']", NS) is not None
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
    words = " ".join(t.text or "" for t in svg.iter(TEXT))
    assert "Turn 1 · south to play · order phase" in words
    assert "▶ south" in words
    assert "lore 5 · banners 0 · blood 0 · 1 card" in words  # north: count only (R-LOR-4)
    assert "hold" not in words
    meta = svg.find("svg:metadata[@class='lk-status']", NS)
    assert meta is not None and "hold" not in (meta.text or "")
    status = json.loads(meta.text or "")
    assert status["title"] == "Showcase" and status["headline"].startswith("Turn 1 · south")
    assert [(s["name"], s["cards"], s["active"]) for s in status["seats"]] == [
        ("south", 0, True),
        ("north", 1, False),
    ]


def test_the_last_move_is_drawn_from_the_hex_it_left_until_the_turn_ends(
    showcase: list[Event],
) -> None:
    flew = version_after(showcase, "DragonFlew")  # s-fire [2,3] to [4,1], breathing
    move = picture(showcase, flew).find(".//svg:g[@class='last-move']", NS)
    assert move is not None
    assert (move.get("data-mover"), move.get("data-from"), move.get("data-to")) == (
        "s-fire",
        "2,3",
        "4,1",
    )
    assert (move.get("data-kind"), move.get("data-current")) == ("flight", "true")
    later = picture(showcase, flew + 2).find(".//svg:g[@class='last-move']", NS)
    assert later is not None and later.get("data-current") == "false"
    next_turn = version_after(showcase, "TurnStarted", 1)
    assert picture(showcase, next_turn).find(".//svg:g[@class='last-move']", NS) is None


def test_the_battle_shown_is_an_arrow_to_its_target(showcase: list[Event]) -> None:
    battle = version_after(showcase, "BattleRolled")
    arrow = picture(showcase, battle).find(".//svg:g[@class='last-battle']", NS)
    assert arrow is not None
    assert (arrow.get("data-attacker"), arrow.get("data-target")) == ("s-ice", "n-wyvern")
    assert picture(showcase, battle + 1).find(".//svg:g[@class='last-battle']", NS) is None


def test_a_retreat_that_goes_nowhere_leaves_the_turns_last_move_drawn() -> None:
    events = blocked_retreat_game()  # rf0 moved [1,2] to [1,1]; bf1 could not retreat
    held = version_after(events, "UnitRetreated")
    for version in (held, len(events)):
        move = picture(events, version).find(".//svg:g[@class='last-move']", NS)
        assert move is not None, version
        assert (move.get("data-mover"), move.get("data-from"), move.get("data-to")) == (
            "rf0",
            "1,2",
            "1,1",
        )
        assert move.get("data-current") == "false"


def test_the_end_of_a_game_is_about_the_blow_that_won() -> None:
    events = won_by_a_blow_game()  # ... GameEnded, SecretsRevealed
    blow = version_after(events, "BattleRolled")
    for version in range(version_after(events, "GameEnded"), len(events) + 1):
        svg = picture(events, version)
        assert svg.get("data-moment") == str(blow), version
        arrow = svg.find(".//svg:g[@class='last-battle']", NS)
        assert arrow is not None, version  # drawn to where bf1 stood: the blow destroyed it
        assert (arrow.get("data-attacker"), arrow.get("data-target")) == ("rf0", "bf1")
        assert "bf1" not in units_drawn(svg)
    for version in range(blow + 1, version_after(events, "GameEnded")):  # its outcomes
        svg = picture(events, version)
        assert svg.get("data-moment") == str(version)
        assert svg.find(".//svg:g[@class='last-battle']", NS) is None


def test_the_end_of_a_game_is_about_a_resignation_or_the_end_itself(
    showcase: list[Event],
) -> None:
    resigned = version_after(showcase, "PlayerResigned")
    assert picture(showcase, len(showcase)).get("data-moment") == str(resigned)
    limited = bot_game(seed=2)  # ... TurnEnded, GameEnded (turn limit, R-WIN-3)
    assert [e.type for e in limited[-2:]] == ["TurnEnded", "GameEnded"]
    assert picture(limited, len(limited)).get("data-moment") == str(len(limited))


def test_a_resignation_shows_the_position_before_it_and_says_so(showcase: list[Event]) -> None:
    resigned = version_after(showcase, "PlayerResigned")
    before = replay(showcase[: resigned - 1])
    for version in range(resigned, len(showcase) + 1):  # R-WIN-4: its units left the board
        svg = picture(showcase, version)
        drawn = units_drawn(svg)
        assert set(drawn) == set(before.units)
        faded = {u for u, g in drawn.items() if g.get("data-resigned") == "true"}
        assert faded == {u.id for u in before.units.values() if u.owner == 1}
        meta = svg.find("svg:metadata[@class='lk-status']", NS)
        status = json.loads(meta.text or "") if meta is not None else {}
        assert "north resigned" in status["notes"]
        assert status["seats"][1]["out"] == "resigned"
    end = json.loads(picture(showcase, len(showcase)).find("svg:metadata", NS).text or "")  # type: ignore[union-attr]
    assert end["headline"] == "Game over: south wins · turn 5"
    _, story = read_story(showcase)
    assert story.resigned == (1,)


def test_the_picture_is_a_pure_function_of_the_state(showcase: list[Event]) -> None:
    for version in (1, 7, len(showcase)):
        once = render_history(showcase[:version])
        again = render_history(list(showcase[:version]))
        view, story = read_story(showcase[:version])
        stored = json.loads(json.dumps(view))
        assert once == again == render_board(stored, story)
    assert render_history(showcase[:7]) != render_history(showcase[:8])


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


def piece(view: dict[str, Any], unit: dict[str, Any]) -> str:
    """The drawing of `unit` alone, without its id, position or facts (what the eye sees)."""
    view = {**view, "units": [unit], "engagements": [], "pending": None}
    g = ET.fromstring(render_board(view)).find(".//svg:g[@data-unit]", NS)
    assert g is not None
    return "".join(
        ET.tostring(child, encoding="unicode")
        for child in g
        if child.tag != f"{{{NS['svg']}}}title"
    )


def test_every_kind_of_unit_is_drawn_as_its_own_piece() -> None:
    view = view_with_unit()
    base = view["units"][0]
    drawings = {}
    for name, kind in UNIT_KINDS.items():
        unit = {
            **base,
            "kind": name,
            "banner": kind.banner,
            "figures": None if kind.is_dragon else kind.figures,
            "owner": 0,
        }
        drawings[name] = piece(view, unit)
    assert len(set(drawings.values())) == len(UNIT_KINDS), "no two kinds look the same"
    foot = {**base, "kind": "blue_foot", "banner": "blue", "figures": 4, "owner": 0}
    assert piece(view, foot) != piece(view, {**foot, "owner": 1}), "each side has its colours"
    hurt = ET.fromstring(f"<g xmlns='{NS['svg']}'>{piece(view, {**foot, 'figures': 2})}</g>")
    pips = hurt.find(".//svg:g[@class='pips']", NS)
    assert pips is not None and (pips.get("data-left"), pips.get("data-full")) == ("2", "4")
    assert [c.get("fill") for c in pips] == ["#fff", "#fff", "none", "none"]


def test_a_site_the_scenario_marks_has_a_red_border_too() -> None:  # R-BRD-4, revision 2
    doc = get_scenario("sky_council")
    assert doc is not None
    plain = [s for s in doc["sites"] if s["kind"] != "village"]
    assert plain, "the scenario has a site that is no village"
    marked = {**plain[0], "red_border": True}
    doc["sites"] = [marked if s is plain[0] else s for s in doc["sites"]]
    svg = ET.fromstring(render_board(board_view(replay(new_game(doc)))))
    borders = {
        b.get("data-hex") for b in svg.findall(".//svg:polygon[@class='village-border']", NS)
    }
    villages = {f"{s['hex'][0]},{s['hex'][1]}" for s in doc["sites"] if s["kind"] == "village"}
    assert borders == villages | {f"{marked['hex'][0]},{marked['hex'][1]}"}


def test_a_takeback_is_shown_asked_answered_and_undone() -> None:  # TKB-3, TKB-4
    game = Game(". bf0 rf1 .\n . . . .", takebacks=True)
    game.order(0, "bf0")
    game.move(0, "bf0", (1, 1))
    game.send(0, "request_takeback")
    asked = json.loads(picture(game.events, len(game.events)).find("svg:metadata", NS).text or "")  # type: ignore[union-attr]
    assert "south asks to take back its commands since version 2" in asked["notes"]
    assert picture(game.events, len(game.events)).find(".//*[@class='last-move']", NS) is not None
    game.send(1, "answer_takeback", accept=True)
    svg = picture(game.events, len(game.events))
    status = json.loads(svg.find("svg:metadata", NS).text or "")  # type: ignore[union-attr]
    assert "Taken back: north accepted; the board is as at version 2" in status["notes"]
    assert svg.find(".//*[@class='last-move']", NS) is None  # the move was taken back
    _, story = read_story(game.events)
    assert story.last_move is None and story.takeback is not None
    assert story.takeback.kind == "accepted"
    assert units_drawn(svg)["bf0"] == units_drawn(picture(game.events, 2))["bf0"]
