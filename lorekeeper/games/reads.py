"""What a reader may see: views, states, event pages and followed streams, each redacted for
the reader's seat (None: a tokenless reader, who sees no seat's cards).

The stream is the truth; a projection only saves the replay. `view` uses the projection when it
is recent enough and falls back to the stream otherwise, so a read is never wrong.

Waiting (`follow`, `view(min_version=…)`) goes through the process's StreamHub
(lorekeeper/push/streaming.py): a waiting reader holds a subscription, not a poll of its own.

A view carries the game's clocks (`clock`, null for a game without a time control,
lorekeeper/clocks/reading.py): the board view shows them as they stand now, a past state as they
stood when its last event was appended.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, TypeVar

from domain import legal_listing
from domain.view import board_view, redact_event, redact_view
from lorekeeper.clocks.reading import clock_json, now_ms, refreshed
from lorekeeper.games.game import require_game_id
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import ProjectionStore, SeatTokenStore, StoredEvent
from lorekeeper.push.ports import FeedEntry
from lorekeeper.push.streaming import Batch, StreamHub, game_topic, position_key, version_position

GAME_ENDED = "GameEnded"
# Appended with GameEnded, in the same append: a game's secrets (SecretsRevealed; an older
# game of committed dice reveals only its seed, DiceRevealed).
REVEALS = ("DiceRevealed", "SecretsRevealed")
StreamItem = tuple[str, Any]
Rendered = TypeVar("Rendered")
# What a caller holds while `view` waits for a version (api/guards.py: a slot of the caller's).
WaitGate = Callable[[], AbstractContextManager[object]]
_READ_CHUNK = 500


def public_event(event: StoredEvent, viewer: int | None) -> dict[str, Any]:
    """An event as `viewer` may see it: secrets of other seats left out. With its links of
    the hash chain (docs/audit.md), which covers the form a tokenless reader sees (in a game
    hashed before commitments, a redacted GameCreated no longer matches its own `hash`)."""
    return {
        "version": event.version,
        "type": event.type,
        "schema": event.schema,
        "payload": redact_event(event.type, event.payload, viewer),
        "seat": event.seat,
        "command_id": event.command_id,
        "command": event.command,
        "time": _rfc3339(event.time_ms),
        "time_ms": event.time_ms,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def _rfc3339(time_ms: int) -> str:
    seconds, ms = divmod(time_ms, 1000)
    return f"{_rfc3339_second(seconds)}.{ms:03d}Z"


@lru_cache(maxsize=64)  # the commands of a second share it: made once, not at every event
def _rfc3339_second(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S")


class GameReader:
    def __init__(
        self,
        log: GameLog,
        projections: ProjectionStore,
        seats: SeatTokenStore,
        *,
        hub: StreamHub | None = None,
        projection_wait_s: float = 2.0,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self._log = log
        self._now = clock
        self._events = log.events
        self._projections = projections
        self._seats = seats
        self._hub = hub
        self._wait_s = projection_wait_s

    def view(
        self,
        game_id: str,
        viewer: int | None,
        min_version: int | None = None,
        gate: WaitGate = nullcontext,
    ) -> dict[str, Any]:
        """The board view now; with `min_version`, once the game has reached that version or
        after waiting `projection_wait_s` for it (holding `gate` while it waits)."""
        require_game_id(game_id)
        if min_version is not None:
            self._wait_for_version(game_id, min_version, gate)
        projected = self._projections.load(game_id)
        if projected is not None and projected.version >= (min_version or 0):
            view = redact_view(projected.view, viewer)
            shown = view.get("clock")
            clock = None if shown is None else refreshed(shown, self._now())
            head = self._log.head_hash(game_id, view["version"])
            return {**view, "clock": clock, "head_hash": head}
        # Never projected, or behind the version asked for: the stream answers at once.
        game = self._log.load(game_id)
        clock = clock_json(game.clock, self._now())
        return {**board_view(game.state, viewer), "clock": clock, "head_hash": game.head_hash}

    def _wait_for_version(self, game_id: str, min_version: int, gate: WaitGate) -> None:
        """Until the game's stream reaches `min_version` (at most projection_wait_s)."""
        version = self._events.version(game_id)
        if version == 0 or version >= min_version or self._hub is None or self._wait_s <= 0:
            return
        deadline = time.monotonic() + self._wait_s
        topic, after = game_topic(game_id), version_position(version)
        with gate(), self._hub.subscribe(topic, after) as subscription:
            while version < min_version and (left := deadline - time.monotonic()) > 0:
                entries = subscription.next(left)
                if entries:
                    version = position_key(entries[-1].position)[0]

    def state_view(self, game_id: str, viewer: int | None, version: int | None) -> dict[str, Any]:
        game = self._log.load(game_id, version)
        clock = clock_json(game.clock, game.head_time_ms)  # as it stood at that version
        return {**board_view(game.state, viewer), "clock": clock, "head_hash": game.head_hash}

    def legal_actions(self, game_id: str, seat: int) -> dict[str, Any]:
        game = self._log.load(game_id)
        listing = legal_listing(game.state, seat)  # {"actions": [...]} and, to order, "order"
        body = {"seat": seat, "version": game.version, **listing}
        return {**body, "head_hash": game.head_hash}

    def event_page(
        self, game_id: str, viewer: int | None, from_version: int, limit: int
    ) -> tuple[list[dict[str, Any]], int, str]:
        """Up to `limit` events from `from_version` on, the game's version and head hash."""
        require_game_id(game_id)
        stored = self._events.read(game_id, from_version, limit)
        current = self._events.version(game_id)
        head = self._log.head_hash(game_id, current)
        return [public_event(e, viewer) for e in stored], current, head

    def require_game(self, game_id: str) -> int:
        """The game's version; GameNotFound for an unknown game (before a response starts)."""
        return self._log.load(game_id).version

    def iter_events(
        self, game_id: str, viewer: int | None, from_version: int, limit: int | None
    ) -> Iterator[dict[str, Any]]:
        """Every event from `from_version` on (at most `limit`), read in chunks."""
        next_version, left = from_version, limit
        while left is None or left > 0:
            chunk = _READ_CHUNK if left is None else min(_READ_CHUNK, left)
            stored = self._events.read(game_id, next_version, chunk)
            for event in stored:
                yield public_event(event, viewer)
            if len(stored) < chunk:
                return
            next_version += len(stored)
            left = None if left is None else left - len(stored)

    def follow(
        self,
        game_id: str,
        viewer: int | None,
        from_version: int,
        render: Callable[[dict[str, Any]], Rendered],
        *,
        max_s: float,
        keepalive_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> Iterator[StreamItem]:
        """Events from `from_version` on as they come, as ("event", render(event)) with the
        event as `viewer` may see it; ("keepalive", None) after `keepalive_s` of quiet; last
        ("end", "game_over" | "time_limit").

        Ends once the game's last events (GameEnded and the game's secrets revealed: they come
        in one append) are sent, or after `max_s`. Followers of a game share what the hub
        read, and each event is rendered once per viewer and `render` (a module-level
        function, so that it is the same object every time).
        """
        if self._hub is None:
            raise RuntimeError("this reader has no stream hub to follow games with")
        if self._is_over_before(game_id, from_version):
            yield "end", "game_over"
            return
        deadline = clock() + max_s
        topic, after = game_topic(game_id), version_position(from_version - 1)
        with self._hub.subscribe(topic, after) as subscription:
            while (left := deadline - clock()) > 0:
                entries = subscription.next_batches(min(keepalive_s, left))
                if not entries:
                    if clock() < deadline:
                        yield "keepalive", None
                    continue
                for entry, batch in entries:
                    yield "event", _rendered(entry, batch, viewer, render)
                if any(entry.item.type == GAME_ENDED for entry, _ in entries):
                    # What came with GameEnded is in the stream already; a cut read left it out.
                    last: StoredEvent = entries[-1][0].item
                    for event in self._events.read(game_id, last.version + 1):
                        yield "event", render(public_event(event, viewer))
                    yield "end", "game_over"
                    return
        yield "end", "time_limit"

    def _is_over_before(self, game_id: str, from_version: int) -> bool:
        """Whether the game ended at a version before `from_version` (nothing more will come)."""
        current = self._events.version(game_id)
        if current == 0 or from_version <= current:
            return False
        last = self._events.read(game_id, current, 1)
        return bool(last) and last[0].type in (GAME_ENDED, *REVEALS)


def _rendered(
    entry: FeedEntry,
    batch: Batch | None,
    viewer: int | None,
    render: Callable[[dict[str, Any]], Rendered],
) -> Rendered:
    """`render` of the event as `viewer` sees it, made once per batch for all its followers."""
    if batch is None:
        return render(public_event(entry.item, viewer))
    key = (entry.position, viewer, render)
    found: Rendered | None = batch.memo.get(key)
    if found is None:
        found = batch.memo[key] = render(public_event(entry.item, viewer))
    return found
