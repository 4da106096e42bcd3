"""The ports of a game's life: what the games need from the outside world, and the values
they carry.

Each port has a Redis adapter and an in-memory twin (adapters/redis/, adapters/memory/), and
both pass the same contract suite (tests/adapters, tests/workers; the secrets' stores:
tests/service/test_secret_stores.py). The EventStore's suite also runs the archives' store
(archive.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from lorekeeper.audit.chain import GENESIS
from lorekeeper.games.dice import DiceConfig

GAME_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def is_game_id(game_id: str) -> bool:
    """Whether `game_id` is an id a game can have (every store refuses any other)."""
    return GAME_ID.fullmatch(game_id) is not None


@dataclass(frozen=True)
class NewEvent:
    type: str
    payload: Mapping[str, Any]
    schema: int = 1
    command: Mapping[str, Any] | None = None  # the command body, on an append's first event
    # `command`'s canonical JSON when it was written already (the command's hash was made of
    # it): the record takes it instead of writing it again. None: written from `command`.
    command_json: str | None = None
    # `payload`'s canonical JSON when written already (from the domain's record): the record
    # takes it instead of writing it again. None: written from `payload`.
    payload_json: str | None = None


@dataclass(frozen=True)
class StoredEvent:
    version: int
    type: str
    schema: int
    payload: dict[str, Any]
    seat: int | None
    command_id: str | None
    time_ms: int
    prev_hash: str = GENESIS
    hash: str = ""  # "" only for an event stored before the chain existed
    command: dict[str, Any] | None = None

    def __init__(
        self,
        version: int,
        type: str,
        schema: int,
        payload: dict[str, Any],
        seat: int | None,
        command_id: str | None,
        time_ms: int,
        prev_hash: str = GENESIS,
        hash: str = "",
        command: dict[str, Any] | None = None,
    ) -> None:
        # Every event read or written is one of these: its fields go into the instance's
        # dict at once, where the frozen dataclass's own __init__ calls object.__setattr__
        # per field (3.6 -> 1.3 µs; the fields stay frozen after). tests/adapters checks that
        # this signature is the fields'.
        self.__dict__.update(version=version, type=type, schema=schema, payload=payload,
                             seat=seat, command_id=command_id, time_ms=time_ms,
                             prev_hash=prev_hash, hash=hash, command=command)  # fmt: skip


@dataclass(frozen=True)
class AppendResult:
    """`version` is the game's version after the append (for a duplicate: after the first)."""

    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool


class Tail(NamedTuple):
    version: int  # the game's version; 0 for an unknown game
    events: list[StoredEvent]  # its events from the version asked for on


class EventStore(Protocol):
    """One append-only stream of events per game (tests/adapters/test_event_store_contract.py).

    Versions run 1, 2, 3… without gaps; an append of several events is all or nothing;
    `append` checks the command id (idempotency) before the expected version, so a retry with
    a stale version still gets its first result; payloads are stored as canonical JSON
    (lorekeeper/audit/canonical.py: integers only), so what `read` returns is what JSON gives back.
    Every event is a link of the game's hash chain: its `prev_hash` and `hash` are computed
    inside the append, under the atomicity that assigns its version. The first event of an
    append may carry the `command` that caused it. Errors: GameNotFound, GameExists,
    VersionConflict, IdempotencyMismatch (lorekeeper/errors.py); ValueError for a call no
    game could accept (a malformed id, no events, a float in a payload).
    """

    def create(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        seat: int | None = None,
        *,
        command_id: str | None = None,
        command_hash: str | None = None,
    ) -> AppendResult:
        """Start a game with its first events; GameExists if it has any. With a command id,
        a create seen before gives its first result (`duplicate`, IdempotencyMismatch for
        another body), as `append` does: a resent create never fails for having worked.
        The game is listed (`list_game`) before anything is appended, so a game that exists
        is always listed, whatever fails after."""
        ...

    def list_game(self, game_id: str) -> None:
        """Name the game in the index `iter_game_ids` reads; naming it again changes nothing.
        `create` does it first; a creation answered again does it again, in case the index
        lost it (a coordination Redis that failed over, say)."""
        ...

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
        """Append at `expected_version`; `time_ms` is the time recorded on the events (None:
        the store's clock): a clocked game's commands carry the time they were decided at,
        which the deadlines they met were checked against (domain/clock.py)."""
        ...

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events from `from_version` on, at most `limit`; GameNotFound for an unknown game."""
        ...

    def version(self, game_id: str) -> int:
        """The game's last version; 0 for an unknown game."""
        ...

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        """For each (game id, from_version): the game's version (0 for an unknown game) and
        its events from `from_version` on; several games in one go."""
        ...

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        """The first result of `command_id` in this game (`duplicate=True`), None if the id
        is unknown; GameNotFound for an unknown game. With `command_hash`, a different
        recorded hash raises IdempotencyMismatch (as a retried append would)."""
        ...

    def exists(self, game_id: str) -> bool: ...

    def iter_game_ids(self) -> Iterator[str]:
        """Every created game, a page at a time: what a pass over all games holds is a page,
        not one id per game ever created. A game created meanwhile may come or not, and one
        may come twice (on Redis, SSCAN's guarantee: the index may grow during the pass).
        An id may name no game: a creation that failed after it was listed (skip it)."""
        ...


class Projection(NamedTuple):
    version: int
    view: dict[str, Any]  # the stored view: board_view for every seat (the API redacts it)


class ProjectionSave(NamedTuple):
    game_id: str
    version: int
    view: Mapping[str, Any]


class ProjectionStore(Protocol):
    """Each game's board view, saved with the version it shows
    (tests/workers/test_projection_store_contract.py). A save is guarded by version, so
    saving the same events twice, or two saves at once, changes nothing."""

    def load(self, game_id: str) -> Projection | None:
        """The stored view, or None when the game was never projected."""
        ...

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        """The projection once its version is >= min_version; None if timeout_s passes first."""
        ...

    def save(self, saves: Sequence[ProjectionSave], *, replace_equal: bool = False) -> list[bool]:
        """Store each save whose version is newer (or equal, with replace_equal); for each,
        whether it was written. Each save stands alone (not one transaction)."""
        ...

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        """The stored version of each game; 0 when none."""
        ...

    def delete(self, game_id: str) -> None: ...


class SnapshotStore(Protocol):
    """Derived copies of a game's state, by version, so that a load need not fold from event 1
    (tests/adapters/test_snapshot_store_contract.py). Opaque bytes here: snapshots.py makes
    and reads them. Losing any or all of them loses nothing but time."""

    def save(self, game_id: str, version: int, blob: bytes) -> None:
        """Keep `blob` as the game's snapshot at `version`, replacing one kept there before."""
        ...

    def latest(self, reads: Sequence[tuple[str, int | None]]) -> list[tuple[int, bytes] | None]:
        """For each (game id, at most this version; None: any): the newest snapshot at or
        before it, as (version, blob); None when there is none. Several games in one go."""
        ...

    def versions(self, game_id: str) -> list[int]:
        """The versions the game has snapshots at, in order."""
        ...

    def delete(self, game_id: str, keep: int | None = None) -> None:
        """Forget the game's snapshots (`keep`: all but the one at that version)."""
        ...


class ArchiveStore(Protocol):
    """Finished games' archives (archive.py): one compressed blob of a game's stored events,
    which takes the place of its stream, its command ids and all its snapshots but the last
    (tests/adapters/test_archive_store_contract.py)."""

    def archive(self, game_id: str, version: int, blob: bytes) -> bool:
        """In one step, if the game's stream is still at `version`: keep `blob` as its archive
        and drop its stream, its command ids and its snapshots before `version`. False (and
        nothing changed) otherwise."""
        ...

    def versions(self, game_ids: Sequence[str]) -> list[int]:
        """Each game's archived version; 0 for a game not archived."""
        ...

    def load(self, game_id: str) -> bytes | None:
        """The game's archive; None for a game not archived."""
        ...


class JobQueue(Protocol):
    """What the workers must do after an append (tests/workers/test_job_queue_contract.py):
    project the game's board view, and resolve a breath phase the append opened (R-TRN-6)."""

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        """`version` is the game's version after the append; `event_types` the appended
        events' types, in order. Called again for a retried command: idempotent."""
        ...


class SeatTokenStore(Protocol):
    """Each game's seat tokens, as hashes (seat_tokens.py). A game's tokens are final once it
    starts (a game created with every seat taken: at once); before that a seat may
    be given a token when it is taken and lose it when it is freed, and no process may keep
    a copy of the hashes (docs/players.md)."""

    def save(self, game_id: str, hashes: Mapping[int, str], *, final: bool = True) -> None:
        """Seat -> token hash: when the game is created, or a seat of an unstarted game is
        taken (`final` False: more may come, and a process keeps no copy)."""
        ...

    def release(self, game_id: str, seat: int) -> None:
        """Forget the seat's token (a player left an unstarted game)."""
        ...

    def seal(self, game_id: str) -> None:
        """The game's tokens are final from now on (it starts)."""
        ...

    def seats_for(self, game_ids: Sequence[str], token: str) -> list[int | None]:
        """The seat this token opens in each of these games (None where it opens none), in
        one go."""
        ...


class DiceStore(Protocol):
    """Each game's dice (its secret seed), written once at creation, never shown."""

    def save(self, game_id: str, config: DiceConfig) -> None: ...

    def load(self, game_id: str) -> DiceConfig | None: ...
