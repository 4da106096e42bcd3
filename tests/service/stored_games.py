"""Plays a recorded script of service calls on fresh in-memory stores, with the game id, the
dice seed and every time taken from the script, and says what came of it: the stored event
records, the game's state and clocks after every version, the bytes of its snapshot.

`data/make_stored_games.py` wrote the scripts with what the code of its day made of them
(`data/stored_games.jsonl`); tests/service/test_stored_games.py plays them again on today's
code, which must store the same bytes and fold them to the same states.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any
from unittest.mock import patch

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from domain import RuleViolation, event_from_json, fold
from domain.codec import to_json
from lorekeeper.errors import LorekeeperError
from lorekeeper.games import creation
from lorekeeper.games.dice import DiceConfig, FillStep, SeedStep
from lorekeeper.games.game import Cause
from lorekeeper.games.idempotency import command_hash
from lorekeeper.games.log import GameLog
from lorekeeper.games.service import GameService
from lorekeeper.games.snapshots import Snapshot, encode


@dataclass
class Time:
    now: int


class NoJobs:
    def after_append(self, game_id: str, version: int, event_types: Any) -> None:
        pass


class Secrets:
    """`secrets` for a game's creation, made of a counter: the hands' salts and the creation's
    own secret are random, and the script must make the same ones each time."""

    def __init__(self) -> None:
        self._count = 0

    def token_bytes(self, n: int) -> bytes:
        self._count += 1
        return hashlib.sha256(f"stored-{self._count}".encode()).digest()[:n]

    def token_hex(self, n: int) -> str:
        return self.token_bytes(n).hex()


def play(script: dict[str, Any]) -> dict[str, Any]:
    """What the script's calls store and fold to (see the module's docstring)."""
    with patch.object(creation, "secrets", Secrets()):
        return _play(script)


def _play(script: dict[str, Any]) -> dict[str, Any]:
    time = Time(script["steps"][0]["at"])
    log = GameLog(InMemoryEventStore(clock=lambda: time.now), InMemoryDiceStore(), NoJobs())
    service = GameService(
        log,
        InMemorySeatTokenStore(),
        allow_scripted_dice=True,
        new_game_id=lambda: script["game_id"],
        new_dice_seed=lambda: bytes.fromhex(script["seed"]),
        clock=lambda: time.now,
    )
    game_id = script["game_id"]
    outcomes = []
    for step in script["steps"]:
        time.now = step["at"]
        outcomes.append(_call(service, log, game_id, step))
    return {"outcomes": outcomes, **stored(log, game_id)}


def stored(log: GameLog, game_id: str) -> dict[str, Any]:
    # Each event's chain hash covers its payload, command, seat, command id and time.
    records = [[e.version, e.type, e.hash, e.time_ms, e.seat, e.command_id]
               for e in log.events.read(game_id)]  # fmt: skip
    digests = [_digest(log, game_id, version) for version in range(1, len(records) + 1)]
    game = log.replay(game_id)
    snapshot = encode(Snapshot(game.version, game.state, game.head_hash, game.head_time_ms,
                               game.clock))  # fmt: skip
    return {"records": records, "digests": digests,
            "snapshot": hashlib.sha256(snapshot).hexdigest()}  # fmt: skip


def _digest(log: GameLog, game_id: str, version: int) -> str:
    game = log.load(game_id, version)
    body = {"state": to_json(game.state), "clock": to_json(game.clock), "head": game.head_hash}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _call(service: GameService, log: GameLog, game_id: str, step: dict[str, Any]) -> Any:
    do = step["do"]
    try:
        if do == "create":
            created = service.create_game(step["scenario"], step.get("options") or {},
                                          start=step.get("start", True),
                                          seed_step=_seed_step(step))  # fmt: skip
            return created.version
        if do == "append":  # a game of an older edition, its events as stored then
            return _append(log, game_id, step)
        if do == "command":
            return service.handle_command(game_id, step["seat"], step["body"],
                                          idempotency_key=step["key"]).version  # fmt: skip
        if do == "open_seed_step":
            committed = service.open_seed_step(game_id, tuple(step["seats"]))
        else:
            committed = getattr(service, do)(game_id)  # the server's own steps
        return None if committed is None else committed.version
    except (RuleViolation, LorekeeperError) as refused:
        return {"refused": getattr(refused, "code", "?")}


def _seed_step(step: dict[str, Any]) -> SeedStep | FillStep | None:
    if "seed_step" in step:
        seats, deadline, reveals = step["seed_step"]
        return SeedStep(tuple(seats), deadline, reveals)
    return FillStep(step["fill_step"]) if "fill_step" in step else None


def _append(log: GameLog, game_id: str, step: dict[str, Any]) -> int:
    events = [event_from_json(e["type"], e["payload"]) for e in step["events"]]
    cause = Cause(step["command"], step.get("seat"), step["command_id"],
                  command_hash(step["command"]))  # fmt: skip
    if step["command"] == {"type": "create_game"}:
        return log.create(game_id, events, DiceConfig.fresh("stored"), cause).version
    base = log.load(game_id)
    return log.commit(base, game_id, events, fold(base.state, events), cause).version
