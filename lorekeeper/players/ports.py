"""The ports of players and tables: what they need from the outside world, and the values
they carry (docs/players.md).

Each port has a Redis adapter and an in-memory twin (adapters/redis/, adapters/memory/), and
both pass the same contract suite (tests/adapters/test_player_stores_contract.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol

from lorekeeper.players.tables import Table


@dataclass(frozen=True)
class ApiKey:
    """One of a player's API keys: `hash` (SHA-256 hex of the key) is all that is kept;
    `id`, its first 12 hex digits, names it in listings and in DELETE."""

    id: str
    hash: str
    created_ms: int


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    created_ms: int
    keys: tuple[ApiKey, ...] = ()
    bot: bool = False  # a bot account: plays through the API with its key (docs/ratings.md)


class PlayerStore(Protocol):
    """Players and the hashes of their API keys (tests/adapters/test_player_stores_contract.py).
    A key's lookup is read from the store on every request (no process keeps a copy), so a
    revoked key is refused at once everywhere."""

    def create(self, player: Player) -> None:
        """A new player with its first key(s)."""
        ...

    def load(self, player_id: str) -> Player | None: ...

    def player_of_key(self, key_hash: str) -> str | None:
        """The id of the player holding the key with this hash; None for none (or revoked)."""
        ...

    def add_key(
        self, player_id: str, key: ApiKey, *, max_keys: int, replacing: str | None = None
    ) -> bool:
        """Add `key` to the player's keys and, with `replacing`, revoke that key id in the same
        step (a rotation). False, changing nothing, when the player is unknown, would hold
        more than `max_keys`, or has no key `replacing`."""
        ...

    def revoke_key(self, player_id: str, key_id: str) -> bool:
        """Revoke one key (refused at once); False when the player has no such key."""
        ...


class TableStore(Protocol):
    """Each game's table: who holds which seat, its visibility, invitations and read-only
    grants (tables.py; tests/adapters/test_player_stores_contract.py). Every change
    replaces the whole table if its revision is still the one read (compare and set)."""

    def create(self, table: Table) -> bool:
        """Store a new table; False if the game has one already."""
        ...

    def load(self, game_id: str) -> Table | None: ...

    def load_many(self, game_ids: Sequence[str]) -> list[Table | None]:
        """`load` of several games in one go."""
        ...

    def replace(self, table: Table, expected_rev: int) -> bool:
        """Store `table` (its `rev` is expected_rev + 1) if the stored one is still at
        `expected_rev`; False, changing nothing, otherwise."""
        ...


ShelfKind = Literal["public", "player"]


class Shelf(NamedTuple):
    """One list of games the lobby can page through: the public lobby by status (and
    scenario), or one player's games by status, or those waiting on the player."""

    kind: ShelfKind
    status: str  # open, active, over, expired, all; for a player also waiting, invited
    scenario: str | None = None  # public shelves only
    player_id: str | None = None  # player shelves only


class Listing(NamedTuple):
    """A game as the lobby lists it, computed by the projector (lobby.py).
    `stamp` (game version, table revision) orders the listings of one game: an older one
    never replaces a newer one."""

    game_id: str
    stamp: tuple[int, int]
    created_ms: int
    shelves: tuple[Shelf, ...]
    entry: Mapping[str, Any]
    expires_ms: int | None = None  # an open game's end, if nobody fills it


class ListingPage(NamedTuple):
    entries: list[dict[str, Any]]
    next_cursor: str | None  # the last game's place on the shelf; None after the last page


class LobbyIndex(Protocol):
    """The lobby's shelves: sorted indexes of games, newest created first, that pages read in
    O(log N + page size) with stable cursors (tests/adapters/test_player_stores_contract.py).
    Each game sits on a shelf under the same place for its whole life, so a cursor (a place)
    stays valid while games are created and move between shelves."""

    def update(self, listings: Sequence[Listing]) -> list[bool]:
        """Move each game to its listing's shelves unless a listing of the same or a newer
        stamp is stored; for each, whether it was written."""
        ...

    def page(self, shelf: Shelf, after: str | None, limit: int) -> ListingPage:
        """Up to `limit` entries of the shelf after the place `after` (None: from the first)."""
        ...

    def count(self, shelf: Shelf) -> int: ...

    def expiring(self, now_ms: int, limit: int) -> list[str]:
        """Ids of open games whose expiry has passed, oldest first."""
        ...


class BotQueue(Protocol):
    """Where a bot's turn goes when the game waits on a bot seat (a worker plays it)."""

    def enqueue_bot_turn(self, game_id: str, version: int, seat: int) -> bool:
        """Queue the bot's move at `version`; False if that one was queued already."""
        ...
