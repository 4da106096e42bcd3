"""EventStore on Redis Streams: one stream per game, one Lua script per write.

Keys of a game share the hash tag `{<game_id>}`, so they sit in one Cluster slot and the
script may touch them together:

- `lk:{<game_id>}:events`  the stream: one entry an append (adapters/redis/stream_entries.py has
  both shapes). Entry ID `<version>-0`, the version of the append's last event; fields
  `seat` ("" for none), `cmd` ("" for none), `t` (ms), `command` (the command body as
  canonical JSON, carried by the append's first event; "" for none), `prev` (the first
  event's) and `hash` (the last event's: the chain, lorekeeper/audit/chain.py); then, for an
  append of one event, `type`, `schema` and `payload` (canonical JSON), or, for several,
  `events`: `[[type, schema, payload, hash], …]`. Never trimmed. XLEN is no version: the
  last entry's ID is, and the head field below (adapters/redis/stream_heads.py reads either). A
  read from version v starts at the entry holding v (XRANGE from `<v>-0`) and drops what
  comes before v in it; a limit counts events.
- `lk:{<game_id>}:cmds`    hash: command id -> `{"hash": …, "first": v1, "last": vN}`, kept
  for the game's whole life; and the field `" head"`: the stream's version and head hash,
  `"<version> <hash>"`, which the script reads instead of the stream (append_script.py);
  and the game's pending-projection flag (jobs.py), which the append takes itself.

**The chain inside the atomic append.** Redis's Lua has SHA-1 only, so Python links the new
events (canonical JSON, SHA-256) to the head it believes in, and the script stores them only
if, atomically, the stream is at the expected version AND its last entry's `hash` is the
`prev` the links were built on. A moved head answers `head` with the true one and the
events are linked again (the expected version still holds, so this is no conflict). Thus
every stored `prev` is the hash of the entry before it, as if the script had hashed. The
hash of event N never changes, so the head each process saw last is cached per game.

`lk:games`, the set of every game id, is not hash-tagged: it spans games, so it lives on
the coordination Redis (`index`: the same client on one server; docs/scaling.md) and is
written by its own SADD (`list_game`), not inside the script. The SADD comes first: a
failure between the two leaves an id with no game (which every pass over the index skips),
never a game outside the index. `exists()` and `version()` look at the game's own keys,
never at it.

**Replicas.** With a `ReplicaWait`, the script's round trip ends in `WAIT`, on the lane's
connection: an append is acknowledged once that many replicas have it, else the caller gets
StoreUnavailable (the events may be on the master alone; a retry with the same command id
tells). A repeated command id finds its first result, which the master may still hold alone,
so the command's record is written again, unchanged, and waited for: WAIT counts a
connection's own writes, and a master's replication stream is in order.

The client may use `decode_responses` True or False; replies are decoded here either way.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import redis

from adapters.event_records import (
    check_command,
    check_events,
    check_game_id,
    encode_events,
    stored_event,
    wall_clock_ms,
)
from adapters.redis.append_script import WRITE_LUA
from adapters.redis.event_reads import RedisStreamReads
from adapters.redis.keys import FEED_TICKS_KEY, GAMES_KEY, commands_key, events_key
from adapters.redis.lane import lane_for
from adapters.redis.stream_entries import entry_pairs, events_from, stored_all, text
from adapters.redis.topology import GamesClient, ReplicaWait
from adapters.redis.wire import ScriptCall
from lorekeeper.audit.chain import GENESIS, EncodedEvent, chain_hashes
from lorekeeper.errors import (
    GameExists,
    GameNotFound,
    IdempotencyMismatch,
    StoreUnavailable,
    VersionConflict,
)
from lorekeeper.games.ports import AppendResult, NewEvent


class ProjectionRequests(Protocol):
    """What an append needs to request its game's projection itself (RQJobQueue): the field
    of the game's command-ids hash that flags a pending projection, how long a flag holds
    (ms), the queue's list when it is on the games' server (else None), and what to do once
    an append went through (`queued`: it took the flag, so the game must be queued)."""

    def pending_request(self) -> tuple[str, int, str | None]: ...

    def requested_with_append(self, game_id: str, version: int, queued: bool) -> None: ...


log = logging.getLogger(__name__)
_RELINKS = 5  # a head that moves this often in a row is a VersionConflict in disguise
TICKS_KEPT = 10_000  # about: the ticks stream is trimmed to this many entries

# KEYS: command ids hash. ARGV: command id. Writes the command's record again, unchanged, so
# that a WAIT after it covers the record's first write too.
_TOUCH_LUA = """
local seen = redis.call('HGET', KEYS[1], ARGV[1])
if seen then redis.call('HSET', KEYS[1], ARGV[1], seen) end
return 1
"""


class RedisStreamEventStore(RedisStreamReads):
    def __init__(
        self,
        client: GamesClient,
        clock: Callable[[], int] = wall_clock_ms,
        projections: ProjectionRequests | None = None,
        *,
        index: redis.Redis | None = None,
        wait: ReplicaWait | None = None,
        ticks: bool = False,
    ) -> None:
        super().__init__(client, index=index)
        self._ticks = ticks  # tell followers of a cluster's games of each append (feed.py)
        self._clock = clock
        self._projections = projections
        self._wait = wait
        self._lane = lane_for(client)

    def create(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        seat: int | None = None,
        *,
        command_id: str | None = None,
        command_hash: str | None = None,
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        _check_command(command_id, command_hash)
        encoded = encode_events(events)
        self.list_game(game_id)
        written = self._write(game_id, "create", 0, encoded, seat, command_id, command_hash)
        reply, status = written.reply, text(written.reply[0])
        if status == "exists":
            raise GameExists(game_id)
        if status == "mismatch":
            raise IdempotencyMismatch(game_id, cast(str, command_id))
        if status == "duplicate":
            return AppendResult(int(reply[2]), stored_all(reply[3]), duplicate=True)
        return self._ticked(game_id, self._result(game_id, written, encoded, seat, command_id))

    def list_game(self, game_id: str) -> None:
        check_game_id(game_id)
        self._index.sadd(GAMES_KEY, game_id)

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
        time_ms: int | None = None,
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        _check_command(command_id, command_hash)
        encoded = encode_events(events)
        written = self._write(
            game_id, "append", expected_version, encoded, seat, command_id, command_hash, time_ms
        )
        reply, status = written.reply, text(written.reply[0])
        if status == "not_found":
            raise GameNotFound(game_id)
        if status == "conflict":
            newer = self._seen(game_id, events_from(reply[2], expected_version + 1))
            raise VersionConflict(int(reply[1]), expected_version, newer)
        if status == "mismatch":
            raise IdempotencyMismatch(game_id, cast(str, command_id))
        if status == "duplicate":
            return AppendResult(int(reply[2]), stored_all(reply[3]), duplicate=True)
        return self._ticked(game_id, self._result(game_id, written, encoded, seat, command_id))

    def _ticked(self, game_id: str, result: AppendResult) -> AppendResult:
        """On a cluster, `lk:feed:ticks` names the game that was appended to (the streams'
        hub waits on it: XREAD over many games' streams is cross-slot there). The append has
        landed: a tick that fails is logged, not raised (its followers see the game's events
        at its next tick)."""
        if self._ticks:
            try:
                self._index.xadd(FEED_TICKS_KEY, {"g": game_id}, maxlen=TICKS_KEPT,
                                 approximate=True)  # fmt: skip
            except redis.RedisError as exc:
                log.warning("event_store.tick_failed",
                            extra={"game_id": game_id, "error": repr(exc)})  # fmt: skip
        return result

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        check_game_id(game_id)
        pipe = self._client.pipeline(transaction=False)
        pipe.hget(commands_key(game_id), command_id)
        pipe.exists(events_key(game_id))
        seen, found = pipe.execute()
        if not found:
            raise GameNotFound(game_id)
        if seen is None:
            return None
        first = json.loads(seen)
        if command_hash is not None and first["hash"] != command_hash:
            raise IdempotencyMismatch(game_id, command_id)
        self._replicated(game_id, "duplicate", 0, command_id)
        entries: Any = self._client.xrange(
            events_key(game_id), f"{first['first']}-0", f"{first['last']}-0"
        )
        return AppendResult(int(first["last"]), stored_all(entries), duplicate=True)

    def _write(
        self,
        game_id: str,
        mode: str,
        expected_version: int,
        events: Sequence[EncodedEvent],
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
        at_ms: int | None = None,
    ) -> _Written:
        """Link `events` to the head and run the script; again on a `head` reply. `at_ms`:
        the time to record (None: this store's clock)."""
        prev = self._head_guess(game_id, expected_version)
        keys = [events_key(game_id), commands_key(game_id)]
        field, holds_ms = "", 0
        if self._projections is not None:
            field, holds_ms, due = self._projections.pending_request()
            keys += [] if due is None else [due]
        for _ in range(_RELINKS):
            time_ms = self._clock() if at_ms is None else at_ms
            hashes = chain_hashes(
                prev,
                expected_version + 1,
                events,
                seat=seat,
                command_id=command_id,
                time_ms=time_ms,
            )
            args: list[str | int] = [mode, expected_version, command_id or "",
                                     command_hash or "", prev, field, wall_clock_ms(), holds_ms,
                                     game_id, len(events), hashes[-1]]  # fmt: skip
            args += entry_pairs(events, hashes, seat=seat, command_id=command_id,
                                time_ms=time_ms, prev=prev)  # fmt: skip
            reply, acked = self._run(keys, args)
            if text(reply[0]) != "head":
                self._replicated(game_id, text(reply[0]), acked, command_id)
                if text(reply[0]) == "ok" and self._projections is not None:
                    queued = bool(int(reply[3]))
                    self._projections.requested_with_append(game_id, int(reply[2]), queued)
                return _Written(reply, time_ms, prev, hashes)
            prev = text(reply[2])
            self._saw(game_id, int(reply[1]), prev)
        current = self.version(game_id)
        raise VersionConflict(current, expected_version)

    def _run(self, keys: list[str], args: list[str | int]) -> tuple[list[Any], int]:
        """The write script's reply and how many replicas have it (0 when not waited for)."""
        replies = self._lane.run_scripts([ScriptCall(WRITE_LUA, keys, args)], self._wait)
        reply = replies[0]
        if isinstance(reply, Exception):
            raise reply
        return cast(list[Any], reply), int(replies[-1]) if self._wait else 0

    def _replicated(self, game_id: str, status: str, acked: int, command_id: str | None) -> None:
        """With a ReplicaWait: StoreUnavailable unless enough replicas have what the write
        stored or, for a repeated command, found."""
        wait = self._wait
        if wait is None or status not in ("ok", "duplicate"):
            return
        if status == "duplicate" and command_id:
            touch = ScriptCall(_TOUCH_LUA, [commands_key(game_id)], [command_id])
            reply, waited = self._lane.run_scripts([touch], wait)
            if isinstance(reply, Exception):
                raise reply
            acked = int(waited)
        if acked < wait.replicas:
            raise StoreUnavailable(
                f"the command was written, but {acked} of {wait.replicas} replicas confirmed it "
                f"within {wait.timeout_ms} ms, so a failover now could lose it; send it again "
                "with the same Idempotency-Key to learn its outcome",
            )

    def _head_guess(self, game_id: str, expected_version: int) -> str:
        """The hash of event `expected_version` if this process has seen it; the script
        checks it either way."""
        if expected_version == 0:
            return GENESIS
        seen = self._heads.get(game_id)
        return seen[1] if seen is not None and seen[0] == expected_version else ""

    def _result(
        self,
        game_id: str,
        written: _Written,
        events: Sequence[EncodedEvent],
        seat: int | None,
        command_id: str | None,
    ) -> AppendResult:
        first, last = int(written.reply[1]), int(written.reply[2])
        links = zip(range(first, last + 1), events, written.prevs, written.hashes, strict=True)
        stored = tuple(
            stored_event(v, e, seat=seat, command_id=command_id, time_ms=written.time_ms,
                         prev_hash=p, hash=h)
            for v, e, p, h in links
        )  # fmt: skip
        self._saw(game_id, last, written.hashes[-1])
        return AppendResult(last, stored, duplicate=False)


def _check_command(command_id: str | None, command_hash: str | None) -> None:
    check_command(command_id, command_hash)
    if command_id is not None and command_id.startswith(" "):
        # the hash's own fields (HEAD_FIELD, the pending flag) start with a space
        raise ValueError(f"command id {command_id!r} is reserved: it starts with a space")


@dataclass(frozen=True)
class _Written:
    reply: list[Any]
    time_ms: int
    prev: str
    hashes: list[str]

    @property
    def prevs(self) -> list[str]:
        return [self.prev, *self.hashes[:-1]]
