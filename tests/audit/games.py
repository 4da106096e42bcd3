"""Finished games for the audit tests, played through the real GameService with random legal
commands (a fixed seed each), breath phases resolved inline as the server would."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from adapters.memory.jobs import InMemoryJobQueue
from domain import GameState, command_from_json, legal_actions, merge_orders
from domain.notation import scenario_from_text
from domain.orders import order_cost
from domain.scenarios import get_scenario
from lorekeeper.audit.transparency import TransparencyLog
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import EventStore
from lorekeeper.games.service import GameService

MAX_COMMANDS = 2000


def memory_service(
    events: EventStore | None = None,
    dice_seed: int = 1,
    transparency: TransparencyLog | None = None,
) -> GameService:
    """A service whose games are `game-1`, `game-2` … with dice seeds drawn from `dice_seed`:
    the same games every run."""
    ids, seeds = itertools.count(1), random.Random(dice_seed)
    jobs = InMemoryJobQueue()
    service = GameService(
        GameLog(
            events or InMemoryEventStore(), InMemoryDiceStore(), jobs, transparency=transparency
        ),  # fmt: skip
        InMemorySeatTokenStore(),
        allow_scripted_dice=True,
        new_game_id=lambda: f"game-{next(ids)}",
        new_dice_seed=lambda: seeds.randbytes(32),
    )
    jobs.attach(None, service.resolve_breath)
    return service


def secret_seed(game_number: int, dice_seed: int = 1) -> str:
    """The dice seed `memory_service(dice_seed=…)` drew for its game `game-<game_number>`."""
    seeds = random.Random(dice_seed)
    return [seeds.randbytes(32) for _ in range(game_number)][-1].hex()


def short(name: str, turns: int) -> dict[str, Any]:
    doc = get_scenario(name)
    assert doc is not None
    doc["settings"]["max_turns"] = turns
    return doc


def play(
    service: GameService,
    scenario: Mapping[str, Any] | str,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> str:
    """Play random legal commands until the game ends; its id."""
    created = service.create_game(scenario, options or {})
    return play_on(service, created.game_id, seed)


def play_on(service: GameService, game_id: str, seed: int) -> str:
    """Play random legal commands in a started game until it ends; its id."""
    rnd = random.Random(seed)
    for _ in range(MAX_COMMANDS):
        state = service.log.load(game_id).state
        if state.is_over:
            return game_id
        pending = state.pending
        seat = pending.seat if pending and pending.seat is not None else state.active
        choices = [c.to_json() for c in legal_actions(state, seat) if c.type != "resign"]
        body = rnd.choices(choices, [_weight(c) for c in choices])[0] if choices else RESIGN
        if body["type"] == "order" and body["units"]:
            body = _more_units(state, seat, body, choices, rnd)
        service.handle_command(game_id, seat, body)
    raise AssertionError("the game did not end")


def _more_units(
    state: GameState,
    seat: int,
    first: dict[str, Any],
    choices: list[dict[str, Any]],
    rnd: random.Random,
) -> dict[str, Any]:
    """The listed single-unit orders merged, up to the turn's limit (docs/client/commands.md)."""
    orders = [command_from_json(first)]
    for body in rnd.sample(choices, len(choices)):
        if body["type"] != "order" or not body["units"]:
            continue
        merged = merge_orders([*orders, command_from_json(body)])
        if (
            len(set(merged.units)) == len(merged.units) <= state.settings.orders_per_turn
            and order_cost(state, merged) <= state.player(seat).lore
        ):
            orders.append(command_from_json(body))
    return merge_orders(orders).to_json()


RESIGN = {"type": "resign"}
# Fighting players: games full of dice (battles, critical hits, breath), not of wandering.
WEIGHTS = {"battle": 40.0, "battle_back": 5.0, "fly": 8.0, "react": 4.0, "end_turn": 0.5}


def _weight(command: dict[str, Any]) -> float:
    if command["type"] == "order" and command.get("breath"):
        return 20.0
    return WEIGHTS.get(command["type"], 1.0)


# Two armies face to face, dragons behind, cards in hand: battles, critical hits, retreats,
# breath and reactions from the first turn on.
SKIRMISH = """
.   .    .    .    .    .   .
 .  fd1  id1  ww1  .    .   .
.   bf1  rm1  gf1  bm1  .   .
 .  gf0  bf0  rm0  bf0  .   .
.   ww0  fd0  id0  .    .   .
 .   .    .    .    .    .   .
"""


def skirmish(turns: int = 12) -> dict[str, Any]:
    players = [
        {"home_edge": "south", "lore": 6, "cards": ["hold", "web"]},
        {"home_edge": "north", "lore": 6, "cards": ["web", "hold"]},
    ]
    doc = scenario_from_text(SKIRMISH, players=players, name="skirmish")
    doc.setdefault("settings", {})["max_turns"] = turns
    return doc
