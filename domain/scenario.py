"""Scenario documents: validated with every fault listed, then turned into a starting state.

A scenario may not ask for more than LIMITS (docs/client/games.md, "Scenario limits"): the board,
the units, the cards and every number are bounded, so nothing a client sends makes the server
compute or hold without bound. A fault past a limit names the limit. First-edition games
(domain/edition.py) were created under looser checks; their GameCreated events are checked
with those again, so they still fold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from domain.catalogue import CARDS
from domain.edition import CURRENT, FIRST
from domain.errors import ScenarioError
from domain.hexes import EDGES
from domain.scenario_board import Check, is_int, list_of, sites, terrain, units
from domain.state import GameState, Player, Settings

SETTING_NAMES = tuple(f.name for f in fields(Settings))
_COUNTS = ("orders_per_turn", "banners_to_win", "max_turns")


@dataclass(frozen=True)
class Limits:
    """What a scenario may ask for; each name is the one a fault past it quotes."""

    board_side: int = 40
    units_per_player: int = 150
    cards_per_player: int = 10
    name_length: int = 100
    description_length: int = 2000
    player_amount: int = 10_000  # a player's starting lore, banners, blood
    settings: Mapping[str, tuple[int, int]] = field(
        default_factory=lambda: {
            "orders_per_turn": (1, 20),
            "lore_pool": (0, 10_000),
            "lore_per_turn": (0, 100),
            "banners_to_win": (1, 1_000),
            "max_turns": (1, 10_000),
            "card_cost": (0, 100),
            "token_removal_cost": (0, 100),
            "blood_per_lore": (1, 100),
            "blood_per_banner": (1, 100),
            "roost_lore": (0, 100),
            "cave_roost_lore": (0, 100),
        }
    )
    red_borders: bool = True  # sites may carry `red_border` (R-BRD-4); unknown site keys refused


LIMITS = Limits()
_UNBOUNDED = 10**9
# The first edition's checks, kept for the games created under them (see the module doc).
FIRST_EDITION_LIMITS = Limits(
    units_per_player=_UNBOUNDED,
    cards_per_player=_UNBOUNDED,
    name_length=_UNBOUNDED,
    description_length=_UNBOUNDED,
    player_amount=10**6,
    settings={k: (1 if k in _COUNTS else 0, 10**6) for k in SETTING_NAMES},
    red_borders=False,
)


def limits_for(edition: int) -> Limits:
    return FIRST_EDITION_LIMITS if edition == FIRST else LIMITS


def validate_scenario(doc: Any, edition: int = CURRENT) -> GameState:
    """The starting state of `doc`, or ScenarioError listing every fault found."""
    check, limits = Check(), limits_for(edition)
    if not isinstance(doc, Mapping):
        raise ScenarioError(["scenario: expected a JSON object"])
    width, height = doc.get("width", 13), doc.get("height", 9)
    _texts(check, doc, limits)
    side = limits.board_side
    if not (
        check(is_int(width, 2, side), "width", f"expected 2..{side} (limit board_side)")
        and check(is_int(height, 2, side), "height", f"expected 2..{side} (limit board_side)")
    ):
        raise ScenarioError(check.problems)
    tiles = terrain(check, doc.get("terrain", []), width, height)
    places = sites(check, doc.get("sites", []), width, height, tiles, limits.red_borders)
    settings = _settings(check, doc.get("settings", {}), limits)
    players = _players(check, doc.get("players"), limits)
    pieces = units(
        check, doc.get("units"), width, height, tiles, places, len(players),
        limits.units_per_player,
    )  # fmt: skip
    seated = {u.owner for u in pieces.values()}
    for p in players:
        check(p.seat in seated, f"players[{p.seat}]", "has no units")
    if check.problems:
        raise ScenarioError(check.problems)
    return GameState(
        scenario=str(doc.get("name", "")),
        width=width,
        height=height,
        terrain=tiles,
        sites=places,
        settings=settings,
        players=tuple(players),
        units=pieces,
        lore_pool=settings.lore_pool,
        edition=edition,
    )


def _texts(check: Check, doc: Mapping[str, Any], limits: Limits) -> None:
    name = doc.get("name", "")
    if check(isinstance(name, str), "name", "expected a string"):
        n = limits.name_length
        check(len(name) <= n, "name", f"at most {n} characters (limit name_length)")
    if limits is not FIRST_EDITION_LIMITS and "description" in doc:
        text, n = doc["description"], limits.description_length
        check(
            isinstance(text, str) and len(text) <= n,
            "description",
            f"expected a string of at most {n} characters (limit description_length)",
        )


def _settings(check: Check, raw: Any, limits: Limits) -> Settings:
    if not check(isinstance(raw, Mapping), "settings", "expected an object"):
        return Settings()
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if not check(
            key in SETTING_NAMES, f"settings.{key}", f"unknown; known: {sorted(SETTING_NAMES)}"
        ):
            continue
        low, high = limits.settings[key]
        if key == "max_turns" and value is None:
            values[key] = None
        elif check(is_int(value, low, high), f"settings.{key}", _range(limits, key, low, high)):
            values[key] = value
    return Settings(**values)


def _range(limits: Limits, key: str, low: int, high: int) -> str:
    if limits is FIRST_EDITION_LIMITS:
        return "expected a whole number of at least 0 (1 for counts)"
    return f"expected a whole number {low}..{high} (limit {key})"


def _players(check: Check, raw: Any, limits: Limits) -> list[Player]:
    items = list_of(check, raw, "players")
    check(2 <= len(items) <= 4, "players", "a game has 2 to 4 players")
    return [
        _player(check, seat, item, limits)
        for seat, item in enumerate(items[:4])
        if check(isinstance(item, Mapping), f"players[{seat}]", "expected an object")
    ]


def _player(check: Check, seat: int, item: Mapping[str, Any], limits: Limits) -> Player:
    where = f"players[{seat}]"
    edge, cards = item.get("home_edge"), item.get("cards", [])
    check(edge in EDGES, f"{where}.home_edge", f"expected one of {list(EDGES)}")
    ok_cards = check(
        isinstance(cards, list) and all(c in CARDS for c in cards),
        f"{where}.cards",
        f"expected a list of {list(CARDS)}",
    ) and check(
        len(cards) <= limits.cards_per_player,
        f"{where}.cards",
        f"at most {limits.cards_per_player} cards (limit cards_per_player)",
    )
    numbers: dict[str, int] = {}
    for key in ("lore", "banners", "blood"):
        value, high = item.get(key, 0), limits.player_amount
        message = "expected a whole number of at least 0"
        if limits is not FIRST_EDITION_LIMITS:
            message = f"expected a whole number 0..{high} (limit player_amount)"
        check(is_int(value, 0, high), f"{where}.{key}", message)
        numbers[key] = value if is_int(value, 0, high) else 0
    return Player(
        seat=seat,
        home_edge=edge if edge in EDGES else "south",
        cards=tuple(cards) if ok_cards else (),
        lore=numbers["lore"],
        banners=numbers["banners"],
        blood=numbers["blood"],
    )
