"""Feed on Redis Streams (the port: lorekeeper/push/ports.py; the twin: adapters/memory/feed.py).

`wait` is one `XREAD BLOCK` over every followed topic's stream, on a connection of its own:
what a process's stream hub (lorekeeper/push/streaming.py) waits on, however many clients follow.
`wake` interrupts it without a race: the XREAD also follows the hub's wake stream
(`lk:hub:<id>:wake`, one entry kept, expiring an hour after its last write), so a wake
written before the XREAD starts still ends it at once.

Topics are `<kind>:<id>`; each kind names its stream key and how its entries decode into
the topic's entries (`TOPICS`: `game` → `lk:{<id>}:events`, StoredEvents). A stream entry may
hold several of a topic's entries: a game's holds an append's events, at the positions of
their versions (`<version>-0`), and its ID is its last event's. A read after a position
inside such an entry gets the entry again and drops what is not after the position, so a
reader resumes at any event. A stream that does not exist is an empty topic.

XREAD over many keys needs them on one server: on a Redis Cluster the games' streams are in
different slots. There `TickedStreamFeed` waits instead on one stream of the coordination
Redis, `lk:feed:ticks`, to which the event store adds the game's id after each append, and
reads the games that ticked (`feed_for` picks the feed for the topology).
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import redis

from adapters.redis.keys import FEED_TICKS_KEY, events_key, hub_wake_key
from adapters.redis.stream_entries import entry_events, text
from adapters.redis.topology import GamesClient, RedisClients
from lorekeeper.push.ports import Feed, FeedEntry
from lorekeeper.push.streaming import position_key, version_position

# The topic's entries in a stream entry: (entry id, fields) -> [FeedEntry], in order.
EntryDecoder = Callable[[Any, Any], list[FeedEntry]]
# kind -> (the stream key of an id, the decoder of its entries)
TopicKind = tuple[Callable[[str], str], EntryDecoder]


def game_entries(entry_id: Any, fields: Any) -> list[FeedEntry]:
    """The events of an entry of a game's stream, each at the position of its version."""
    return [FeedEntry(version_position(e.version), e) for e in entry_events(entry_id, fields)]


def one_each(item: Callable[[Any, Any], Any]) -> EntryDecoder:
    """The decoder of a stream whose every entry is one item, at the entry's ID."""
    return lambda entry_id, fields: [FeedEntry(text(entry_id), item(entry_id, fields))]


TOPICS: dict[str, TopicKind] = {"game": (events_key, game_entries)}
WAKE_TTL_S = 3600
_SOCKET_SLACK_S = 5.0  # a reply later than the block time by this much: the link is dead


class RedisStreamFeed:
    def __init__(
        self,
        client: redis.Redis,
        kinds: Mapping[str, TopicKind] = TOPICS,
        *,
        count: int = 500,
    ) -> None:
        self._client = client
        self._kinds = dict(kinds)
        self._count = count
        self._wake_key = hub_wake_key(uuid.uuid4().hex)
        self._wake_seen = "0-0"
        self._connection: Any = None
        self._held: list[Any] = []  # the waiting connection, for the finalizer below
        weakref.finalize(self, _disconnect_all, self._held)

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        key, decode = self._kind(topic)
        entries: list[tuple[Any, Any]] = self._client.xrange(key, f"({after}", "+", count=limit)  # type: ignore[assignment]
        return _entries_after(decode, entries, after, limit)

    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        topics = list(after)
        keys = [self._kind(topic)[0] for topic in topics]
        positions = [after[topic] for topic in topics]
        block_ms = max(1, int(timeout_s * 1000))
        command = ["XREAD", "COUNT", self._count, "BLOCK", block_ms, "STREAMS"]
        command += [*keys, self._wake_key, *positions, self._wake_seen]
        reply = self._exchange(command, timeout_s + _SOCKET_SLACK_S)
        by_key = dict(zip(keys, topics, strict=True))
        found: dict[str, list[FeedEntry]] = {}
        for raw_key, entries in _streams(reply):
            key = text(raw_key)
            if key == self._wake_key:
                self._wake_seen = text(entries[-1][0])
                continue
            topic = by_key[key]
            found[topic] = _entries_after(self._kind(topic)[1], entries, after[topic], self._count)
        return found

    def wake(self) -> None:
        pipe = self._client.pipeline(transaction=False)
        pipe.xadd(self._wake_key, {"w": "1"}, maxlen=1, approximate=False)
        pipe.expire(self._wake_key, WAKE_TTL_S)
        pipe.execute()

    def close(self) -> None:
        """Close the waiting connection (it opens again if the feed is used again)."""
        if self._connection is not None:
            self._connection.disconnect()
            self._connection = None

    def _kind(self, topic: str) -> tuple[str, EntryDecoder]:
        return _topic(self._kinds, topic)

    def _exchange(self, command: list[Any], socket_timeout: float) -> Any:
        """One command on this feed's own connection (a blocking XREAD must not hold one of
        the shared pool's); a broken connection is dropped, to be opened again next time."""
        if self._connection is None:
            pool = self._client.connection_pool
            kwargs = {**pool.connection_kwargs, "socket_timeout": socket_timeout}
            self._connection = pool.connection_class(**kwargs)
            self._held[:] = [self._connection]
        connection = self._connection
        try:
            connection.send_command(*command)
            return connection.read_response()
        except BaseException:
            connection.disconnect()
            self._connection = None
            raise


def _disconnect_all(connections: list[Any]) -> None:
    for connection in connections:
        connection.disconnect()


def _streams(reply: Any) -> list[tuple[Any, list[Any]]]:
    """XREAD's reply as (key, entries) pairs: nil on time-out, a list (RESP2) or a map (RESP3)."""
    if reply is None:
        return []
    if isinstance(reply, dict):
        return list(reply.items())
    return [(key, entries) for key, entries in reply]


def feed_for(clients: RedisClients) -> Feed:
    """The feed of a topology: one XREAD on one server; ticks on a cluster."""
    games = clients.games
    if isinstance(games, redis.Redis):
        return RedisStreamFeed(games)
    return TickedStreamFeed(games, clients.coordination)


_ALL_TICKS = "tick:all"


class TickedStreamFeed:
    """The feed of a Redis Cluster's games: `wait` blocks on the ticks stream (and the hub's
    wake, both on the coordination Redis, with RedisStreamFeed's XREAD), then reads the
    followed games that ticked from their own streams. A topic followed for the first time
    is read once at once: it may have had events before its first tick was looked for."""

    def __init__(
        self,
        games: GamesClient,
        coordination: redis.Redis,
        kinds: Mapping[str, TopicKind] = TOPICS,
        *,
        count: int = 500,
    ) -> None:
        self._games = games
        self._kinds = dict(kinds)
        self._count = count
        ticks: dict[str, TopicKind] = {"tick": (lambda _: FEED_TICKS_KEY, one_each(_ticked_game))}
        self._ticks = RedisStreamFeed(coordination, ticks, count=count)
        self._coordination = coordination
        self._tick_seen: str | None = None
        self._looked_at: set[str] = set()

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        key, decode = _topic(self._kinds, topic)
        entries: list[tuple[Any, Any]] = self._games.xrange(key, f"({after}", "+", count=limit)  # type: ignore[assignment]
        return _entries_after(decode, entries, after, limit)

    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        if self._tick_seen is None:  # before anything is read: no later tick is missed
            newest: list[Any] = self._coordination.xrevrange(FEED_TICKS_KEY, "+", "-", count=1)  # type: ignore[assignment]
            self._tick_seen = text(newest[0][0]) if newest else "0-0"
        fresh = [topic for topic in after if topic not in self._looked_at]
        self._looked_at = set(after)
        found = self._read_all(after, fresh)
        if found:
            return found
        ticks = self._ticks.wait({_ALL_TICKS: self._tick_seen}, timeout_s).get(_ALL_TICKS, [])
        if ticks:
            self._tick_seen = ticks[-1].position
        ticked = {f"game:{entry.item}" for entry in ticks}
        return self._read_all(after, [topic for topic in after if topic in ticked])

    def wake(self) -> None:
        self._ticks.wake()

    def close(self) -> None:
        self._ticks.close()

    def _read_all(self, after: Mapping[str, str], topics: list[str]) -> dict[str, list[FeedEntry]]:
        found = {}
        for topic in topics:
            entries = self.read(topic, after[topic], self._count)
            if entries:
                found[topic] = entries
        return found


def _ticked_game(entry_id: Any, fields: Any) -> str:
    """The game id a tick names (its field `g`)."""
    if isinstance(fields, dict):
        values = {text(k): v for k, v in fields.items()}
    else:
        values = {text(k): v for k, v in zip(fields[::2], fields[1::2], strict=True)}
    return text(values.get("g") or b"")


def _entries_after(
    decode: EntryDecoder, entries: Sequence[tuple[Any, Any]], after: str, limit: int
) -> list[FeedEntry]:
    """The topic's entries in stream `entries` (read after position `after`) that come after
    it, at most `limit`. Only the first stream entry can hold some that do not: every later
    one begins after the first's ID, which is after `after`."""
    found: list[FeedEntry] = []
    for n, (entry_id, fields) in enumerate(entries):
        held = decode(entry_id, fields)
        if n == 0:
            last = position_key(after)
            held = [entry for entry in held if position_key(entry.position) > last]
        found += held
        if len(found) >= limit:
            return found[:limit]
    return found


def _topic(kinds: Mapping[str, TopicKind], topic: str) -> tuple[str, EntryDecoder]:
    kind, _, ident = topic.partition(":")
    if kind not in kinds or not ident:
        raise ValueError(f"no such topic: {topic!r}")
    key_of, decode = kinds[kind]
    return key_of(ident), decode
