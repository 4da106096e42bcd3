"""The ports of push: what notifications, streams and webhooks need from the outside world,
and the values they carry (docs/push.md, docs/streams.md).

Each port has a Redis adapter and an in-memory twin (adapters/redis/, adapters/memory/), and
both pass the same contract suite (tests/adapters/test_push_contract.py,
tests/adapters/test_feed_contract.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol


class FeedEntry(NamedTuple):
    position: str  # its place in the topic, a Redis stream id: "<version>-0" for a game's events
    item: Any  # what the topic carries: a StoredEvent for a game


class Feed(Protocol):
    """Append-only topics, followed many at once (tests/adapters/test_feed_contract.py). A
    game's events are the topic `game:<game_id>` (streaming.py). One `wait` covers
    every topic a process follows (one blocking XREAD on Redis), so a thousand open streams
    cost one waiting read, not a thousand polls. An unknown topic is an empty one."""

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        """Up to `limit` entries after position `after` (\"0\": from the start), oldest first."""
        ...

    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        """For each topic with entries after its position: those entries (a bounded number
        per topic, oldest first). Waits up to `timeout_s` for the first; {} if none came."""
        ...

    def wake(self) -> None:
        """Make a `wait` under way in another thread return at once (with what it has)."""
        ...


@dataclass(frozen=True)
class Note:
    """One notification for one player. `id` is stable: the same fact of the same game for
    the same player always has the same id, however often it is derived or delivered, so a
    client de-duplicates by it."""

    id: str
    type: str
    game_id: str
    body: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "game_id": self.game_id, **self.body}


class NotificationLog(Protocol):
    """Each player's notifications, in order, bounded (the newest `max_len` are kept).
    A position is the entry's id in the player's log (a Redis stream id); the log is also the
    Feed of the topics `player:<id>` (streaming.py)."""

    def record(
        self, game_id: str, stamp: tuple[int, int], facts: Mapping[str, Sequence[tuple[str, Note]]]
    ) -> int:
        """The facts that hold of a game at `stamp` (its version, its table's revision), per
        player: (fact key, note). Appends the note of each fact that did not hold at the
        game's previous recorded stamp, unless that stamp is as new; how many were added.
        Marks the players' webhook endpoints due (in the same step)."""
        ...

    def record_many(
        self, games: Sequence[tuple[str, tuple[int, int], Mapping[str, Sequence[tuple[str, Note]]]]]
    ) -> list[int]:
        """`record` of several games (one round trip on Redis): how many notes each added."""
        ...

    def append(self, player_id: str, note: Note) -> None:
        """One notice that is no fact of a game's state (say "time running out")."""
        ...

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]: ...

    def head(self, player_id: str) -> str:
        """The position of the player's newest note ("0-0": none)."""
        ...

    def oldest(self, player_id: str) -> str | None:
        """The position of the player's oldest note still kept (None: none)."""
        ...


@dataclass(frozen=True)
class Endpoint:
    """A player's webhook endpoint (the secret is kept, never shown after it was made)."""

    id: str
    player_id: str
    url: str
    types: tuple[str, ...]  # which notifications it takes
    secret: str
    created_ms: int
    enabled: bool = True
    disabled_reason: str | None = None
    failures: int = 0  # deliveries in a row that failed
    cursor: str = "0-0"  # the position of the last note delivered (or skipped)

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "url": self.url, "types": list(self.types),
                "created_ms": self.created_ms, "enabled": self.enabled,
                "disabled_reason": self.disabled_reason, "failures": self.failures}  # fmt: skip


class WebhookStore(Protocol):
    """Endpoints, what each has delivered, when each is due, and its delivery log."""

    def add(self, endpoint: Endpoint, limit: int) -> bool:
        """Keep a new endpoint, unless the player has `limit` already."""
        ...

    def load(self, player_id: str, endpoint_id: str) -> Endpoint | None: ...

    def endpoints(self, player_id: str) -> list[Endpoint]: ...

    def delete(self, player_id: str, endpoint_id: str) -> bool: ...

    def update(self, endpoint: Endpoint) -> None:
        """Write the endpoint's state (enabled, failures, cursor); enabled ones are marked due
        by NotificationLog.record, disabled ones are not."""
        ...

    def lock(self, player_id: str, endpoint_id: str, token: str, lease_ms: int) -> bool:
        """Hold the endpoint's delivery lock (or extend it, with the same token)."""
        ...

    def unlock(self, player_id: str, endpoint_id: str, token: str) -> None: ...

    def schedule(self, player_id: str, endpoint_id: str, at_ms: int) -> None:
        """Mark the endpoint due at `at_ms`."""
        ...

    def settle(self, player_id: str, endpoint_id: str, cursor: str, head: str) -> bool:
        """The endpoint has delivered up to `cursor`: no longer due if `cursor` is the newest
        note of the player's log (checked with the log, atomically), else due now. True if
        settled."""
        ...

    def claim_due(self, now_ms: int, lease_ms: int, limit: int) -> list[tuple[str, str]]:
        """(player, endpoint) pairs due by `now_ms`, each pushed `lease_ms` on as it is
        handed out: claimed again only if the delivery has not settled by then."""
        ...

    def log(
        self, player_id: str, endpoint_id: str, attempt: Mapping[str, Any], keep: int
    ) -> None: ...

    def deliveries(self, player_id: str, endpoint_id: str) -> list[dict[str, Any]]:
        """The newest attempts first."""
        ...


class TicketStore(Protocol):
    """Single-use stream tickets: a ticket's hash -> its player, for a few seconds."""

    def issue(self, digest: str, player_id: str, ttl_s: int) -> None: ...

    def redeem(self, digest: str) -> str | None:
        """The ticket's player, once (the ticket is gone after)."""
        ...


@dataclass(frozen=True)
class PushStores:
    """One backend's push stores (apart from Stores, so that push is wired in one place)."""

    notes: NotificationLog
    webhooks: WebhookStore
    tickets: TicketStore


class Attempt(NamedTuple):
    """What one webhook delivery came to: the status answered (None: none), or why not."""

    status: int | None
    error: str | None
    duration_ms: int

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class WebhookSender(Protocol):
    """Sends a signed delivery to an endpoint it checked (adapters/webhook_sender.py)."""

    def check(self, url: str) -> None:
        """Refused (`webhook_target_refused`) for a URL the server will not send to: another
        scheme, or a name that resolves to an address not allowed (loopback, private…)."""
        ...

    def send(self, url: str, headers: Mapping[str, str], body: bytes) -> Attempt: ...


# One game's facts for NotificationLog.record_many: (game id, stamp, facts by player).
NoteRecord = tuple[str, tuple[int, int], Mapping[str, Sequence[tuple[str, Note]]]]
