"""What a reader may see: views, states, event pages and followed streams, each redacted for
the reader's seat (None: a tokenless reader, who sees no seat's cards).

The stream is the truth; a projection only saves the replay. `view` uses the projection when it
is recent enough and falls back to the stream otherwise, so a read is never wrong.

A view carries the game's clocks (`clock`, null for a game without a time control,
lorekeeper/clocks.py): the board view shows them as they stand now, a past state as they
stood when its last event was appended.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from domain import legal_listing
from domain.view import board_view, redact_event, redact_view
from lorekeeper.clocks import clock_json, now_ms, refreshed
from lorekeeper.gamelog import GameLog, require_game_id
from lorekeeper.ports import ProjectionStore, SeatTokenStore, StoredEvent

GAME_ENDED = "GameEnded"
# Appended with GameEnded, in the same append: a game's secrets (SecretsRevealed; an older
# game of committed dice reveals only its seed, DiceRevealed).
REVEALS = ("DiceRevealed", "SecretsRevealed")
StreamItem = tuple[str, Any]
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


@lru_cache(maxsize=256)  # the events of one append share their time
def _rfc3339(time_ms: int) -> str:
    moment = datetime.fromtimestamp(time_ms / 1000, tz=UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class GameReader:
    def __init__(
        self,
        log: GameLog,
        projections: ProjectionStore,
        seats: SeatTokenStore,
        *,
        projection_wait_s: float = 2.0,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self._log = log
        self._now = clock
        self._events = log.events
        self._projections = projections
        self._seats = seats
        self._wait_s = projection_wait_s

    def view(
        self, game_id: str, viewer: int | None, min_version: int | None = None
    ) -> dict[str, Any]:
        """The board view now (at least `min_version` when the game has reached it)."""
        require_game_id(game_id)
        projected = self._projection(game_id, min_version)
        if projected is not None:
            view = redact_view(projected, viewer)
            shown = view.get("clock")
            clock = None if shown is None else refreshed(shown, self._now())
            head = self._log.head_hash(game_id, view["version"])
            return {**view, "clock": clock, "head_hash": head}
        game = self._log.load(game_id)
        clock = clock_json(game.clock, self._now())
        return {**board_view(game.state, viewer), "clock": clock, "head_hash": game.head_hash}

    def _projection(self, game_id: str, min_version: int | None) -> dict[str, Any] | None:
        loaded = self._projections.load(game_id)
        if loaded is None:
            return None  # never projected (yet): the stream answers at once
        if min_version is None or loaded.version >= min_version:
            return loaded.view
        waited = self._projections.wait_for(game_id, min_version, self._wait_s)
        if waited is not None and waited.version >= min_version:
            return waited.view
        return None

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
        *,
        max_s: float,
        poll_s: float,
        keepalive_s: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> Iterator[StreamItem]:
        """Events from `from_version` on as they come, as ("event", event); ("keepalive", None)
        after `keepalive_s` of quiet; last ("end", "game_over" | "time_limit").

        Ends once the game's last events (GameEnded and the game's secrets revealed: they come
        in one append) are sent, or after `max_s`.
        """
        if self._is_over_before(game_id, from_version):
            yield "end", "game_over"
            return
        deadline, quiet_since, next_version = clock() + max_s, clock(), from_version
        while clock() < deadline:
            stored = self._events.read(game_id, next_version, _READ_CHUNK)
            for event in stored:
                yield "event", public_event(event, viewer)
            if any(event.type == GAME_ENDED for event in stored):
                # What came with GameEnded is in the stream already; a cut chunk left it out.
                after = self._events.read(game_id, stored[-1].version + 1)
                for event in after:
                    yield "event", public_event(event, viewer)
                yield "end", "game_over"
                return
            if stored:
                next_version, quiet_since = stored[-1].version + 1, clock()
                continue
            if clock() - quiet_since >= keepalive_s:
                quiet_since = clock()
                yield "keepalive", None
            sleep(max(0.0, min(poll_s, deadline - clock())))
        yield "end", "time_limit"

    def _is_over_before(self, game_id: str, from_version: int) -> bool:
        """Whether the game ended at a version before `from_version` (nothing more will come)."""
        current = self._events.version(game_id)
        if current == 0 or from_version <= current:
            return False
        last = self._events.read(game_id, current, 1)
        return bool(last) and last[0].type in (GAME_ENDED, *REVEALS)
