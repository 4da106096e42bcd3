"""Retention: a finished game, LOREKEEPER_ARCHIVE_AFTER_DAYS after its last event, keeps its
events as one compressed archive instead of its stream.

What a finished game holds in Redis is mostly its stream (about 320 bytes an event) and its
command ids (kept for idempotency); neither changes once it is over. `Archiver.archive` packs
the stored events (every field: payloads, commands, times, the hash chain) as zlib-compressed
JSON lines, keeps a snapshot at the last version (snapshots.py, so that the game's
state loads without the archive), and hands the blob to the ArchiveStore, which in one step
keeps it and drops the stream, the command ids and the older snapshots, only if the stream
is still at that version (adapters/redis/archives.py). The seats, dice, table, projection
and lobby entry stay: they are small, and the lobby and the board view go on as before.

`ArchivedEventStore` is the EventStore the application uses (lorekeeper/wiring.py): the live
stores' own answers for every game that has a stream, the archive's for one that has not. So
`GET /games/{id}/export` gives the same bytes after archiving as before and the verifier
checks it the same way, events pages and past states read as before, and every other read
costs nothing more. What an archived game no longer has: its command ids, so a command sent
again (the same Idempotency-Key) days after the game ended is refused like any command on a
finished game instead of getting its first reply; and appends (the game is over: the rules
refuse every command before one could be tried). A create of its id is refused (GameExists).

`Archiver.sweep` goes over every game (`lk:games`, read a page at a time: SSCAN) in batches
of 100, two pipelined reads a batch, and archives those over for long enough:
`python -m workers archive`, once a day from cron or a scheduler (docs/scaling.md,
"Retention").
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from typing import Any

from lorekeeper.audit.chain import GENESIS, record_hash
from lorekeeper.errors import GameExists, GameNotFound, IdempotencyMismatch, VersionConflict
from lorekeeper.games.idempotency import command_hash as hash_of
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import (
    AppendResult,
    ArchiveStore,
    EventStore,
    NewEvent,
    StoredEvent,
    Tail,
    is_game_id,
)

FORMAT = 1
DAY_MS = 24 * 3600 * 1000
FINAL_TYPES = frozenset({"GameEnded", "DiceRevealed", "SecretsRevealed"})  # a game's last
_SWEEP_BATCH = 100
_PAST_THE_END = 2**53  # a read from here gives a game's version and no events
log = logging.getLogger(__name__)


def pack(game_id: str, events: Sequence[StoredEvent]) -> bytes:
    """The stored events as an archive: a header line, then one JSON object an event. Hashes
    do not compress, and were most of it: an event's `prev_hash` is left out when it is the
    hash before it, and its `hash` when it is the hash of its record (lorekeeper/audit/
    chain.py); `unpack` puts both back (so an event stored before the chain, or one whose
    hash does not match, keeps what it had)."""
    header = {"format": FORMAT, "game_id": game_id, "version": len(events)}
    lines = [json.dumps(header, separators=(",", ":"))]
    before = GENESIS
    for event in events:
        fields = asdict(event)
        if fields["prev_hash"] == before:
            del fields["prev_hash"]
        if event.hash == record_hash(asdict(event)):
            del fields["hash"]
        lines.append(json.dumps(fields, separators=(",", ":")))
        before = event.hash
    return zlib.compress("\n".join(lines).encode(), 9)


def unpack(blob: bytes) -> list[StoredEvent]:
    """The stored events an archive holds (ValueError for one this code cannot read)."""
    try:
        header, *lines = zlib.decompress(blob).decode().split("\n")
    except zlib.error as exc:
        raise ValueError(f"not an archive: {exc}") from None
    if json.loads(header).get("format") != FORMAT:
        raise ValueError("an archive of another format")
    events, before = [], GENESIS
    for line in lines:
        fields = json.loads(line)
        fields.setdefault("prev_hash", before)
        if "hash" not in fields:
            fields["hash"] = record_hash(fields)
        events.append(StoredEvent(**fields))
        before = events[-1].hash
    return events


class ArchivedEventStore:
    """An EventStore: `live`'s, with the archives' events for games archived
    (the port's contract holds for both)."""

    def __init__(self, live: EventStore, archives: ArchiveStore, cache_games: int = 16) -> None:
        self.live = live
        self._archives = archives
        self._unpacked: OrderedDict[str, list[StoredEvent]] = OrderedDict()
        self._size = cache_games
        self._lock = threading.Lock()

    def create(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        seat: int | None = None,
        *,
        command_id: str | None = None,
        command_hash: str | None = None,
    ) -> AppendResult:
        if self._archives.versions([game_id])[0]:
            raise GameExists(game_id)
        return self.live.create(game_id, events, seat, command_id=command_id,
                                command_hash=command_hash)  # fmt: skip

    def list_game(self, game_id: str) -> None:
        self.live.list_game(game_id)

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
        try:
            return self.live.append(game_id, expected_version, events, seat=seat,
                                    command_id=command_id, command_hash=command_hash,
                                    time_ms=time_ms)  # fmt: skip
        except GameNotFound:
            archived = self._archives.versions([game_id])[0]
            if not archived:
                raise
            raise VersionConflict(archived, expected_version) from None  # over: final

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        try:
            return self.live.read(game_id, from_version, limit)
        except GameNotFound:
            events = self._archived(game_id)
            if events is None:
                raise
        end = None if limit is None else from_version - 1 + limit
        return events[from_version - 1 : end]

    def version(self, game_id: str) -> int:
        return self.live.version(game_id) or self._archives.versions([game_id])[0]

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        tails = self.live.tails(reads)
        unknown = [i for i, tail in enumerate(tails) if tail.version == 0]
        if not unknown:
            return tails
        archived = self._archives.versions([reads[i][0] for i in unknown])
        for i, version in zip(unknown, archived, strict=True):
            if version:
                game_id, from_version = reads[i]
                events = self._archived(game_id) or []
                tails[i] = Tail(version, events[from_version - 1 :])
        return tails

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        try:
            return self.live.command_result(game_id, command_id, command_hash)
        except GameNotFound:
            if not self._archives.versions([game_id])[0]:
                raise
        # The command ids went with the stream; its events carry them (and the first event
        # of each command its body): a retry after archiving still gets its first result.
        # One pass over the game's events, bounded by the game's length.
        mine = [e for e in self._archived(game_id) or [] if e.command_id == command_id]
        if not mine:
            return None
        said = mine[0].command
        if command_hash is not None and said is not None and hash_of(said) != command_hash:
            raise IdempotencyMismatch(game_id, command_id)
        return AppendResult(mine[-1].version, tuple(mine), duplicate=True)

    def exists(self, game_id: str) -> bool:
        return self.live.exists(game_id) or bool(self._archives.versions([game_id])[0])

    def iter_game_ids(self) -> Iterator[str]:
        return self.live.iter_game_ids()

    def _archived(self, game_id: str) -> list[StoredEvent] | None:
        with self._lock:
            known = self._unpacked.get(game_id)
            if known is not None:
                self._unpacked.move_to_end(game_id)
                return known
        blob = self._archives.load(game_id)
        if blob is None:
            return None
        events = unpack(blob)
        with self._lock:
            self._unpacked[game_id] = events
            while len(self._unpacked) > self._size:
                self._unpacked.popitem(last=False)
        return events


class Archiver:
    def __init__(
        self,
        log: GameLog,
        live: EventStore,
        archives: ArchiveStore,
        *,
        after_days: float,
        clock: Callable[[], int] = lambda: time.time_ns() // 1_000_000,
    ) -> None:
        self._log = log
        self._live = live
        self._archives = archives
        self._after_ms = int(after_days * DAY_MS)
        self._clock = clock

    def archive(self, game_id: str, *, after_days: float | None = None) -> str:
        """Archive the game if it ended long enough ago; what happened: `archived`,
        `archived_before`, `not_over`, `too_recent`, `moved` (it changed meanwhile),
        `not_found`."""
        if not is_game_id(game_id):
            return "not_found"
        version = self._live.version(game_id)
        if version == 0:
            return "archived_before" if self._archives.versions([game_id])[0] else "not_found"
        last = self._live.read(game_id, version, 1)[-1]
        return self._archived(game_id, version, last, after_days)

    def sweep(self, *, after_days: float | None = None) -> dict[str, int]:
        """Every game, archived if it ended long enough ago: how many of each outcome (a game
        the index gave twice, as it may when it grew meanwhile, counts twice: the second time
        `archived_before` when the first archived it)."""
        counts: dict[str, int] = {}
        game_ids = self._live.iter_game_ids()
        while batch := list(itertools.islice(game_ids, _SWEEP_BATCH)):
            versions = [t.version for t in self._live.tails([(g, _PAST_THE_END) for g in batch])]
            live = [(g, v) for g, v in zip(batch, versions, strict=True) if v]
            lasts = self._live.tails(live)
            for (game_id, version), tail in zip(live, lasts, strict=True):
                try:
                    outcome = self._archived(game_id, version, tail.events[-1], after_days)
                except Exception as exc:  # one game's trouble holds up no other
                    log.error("archive.failed", extra={"game_id": game_id, "error": repr(exc)})
                    outcome = "failed"
                counts[outcome] = counts.get(outcome, 0) + 1
            counts["archived_before"] = counts.get("archived_before", 0) + len(batch) - len(live)
        return counts

    def _archived(
        self, game_id: str, version: int, last: StoredEvent, after_days: float | None
    ) -> str:
        if last.type not in FINAL_TYPES:
            return "not_over"
        after_ms = self._after_ms if after_days is None else int(after_days * DAY_MS)
        if self._clock() - last.time_ms < after_ms:
            return "too_recent"
        events = self._live.read(game_id)
        blob = pack(game_id, events)
        if unpack(blob) != events or events[-1].version != version:
            raise ValueError(f"game {game_id}: the archive would not give its events back")
        self._log.keep_final_snapshot(game_id)
        return "archived" if self._archives.archive(game_id, version, blob) else "moved"


def archive_counts(counts: dict[str, int]) -> dict[str, Any]:
    """`sweep`'s counts with every outcome named (for the CLI's one JSON line)."""
    names = ("archived", "archived_before", "not_over", "too_recent", "moved", "failed")
    return {name: counts.get(name, 0) for name in names}
