"""Every Redis key Lorekeeper writes, in one place (docs/workers.md lists what each holds).

A game's keys carry its hash tag `{<game_id>}`, so they sit in one Cluster slot and a script
may touch them together. The projection queue's keys carry the queue's tag. A player's record
carries the player's tag. The lobby's indexes span games: they all carry the tag `{lobby}`,
so the one script that moves a game between them (adapters/redis/lobby.py) runs in one slot,
on one node of a Cluster (docs/players.md says how they could be sharded). The clocks'
deadlines span games too: they carry `{clocks}` (adapters/redis/clocks.py). The rest are
single keys of their own.
"""

from __future__ import annotations

GAMES_KEY = "lk:games"  # set: every game id
FAILED_PROJECTIONS_KEY = "lk:projections:failed"  # hash: game id -> its last failure
DEFAULT_PROJECTION_QUEUE = "projections"


def events_key(game_id: str) -> str:
    """The game's stream of events."""
    return f"lk:{{{game_id}}}:events"


def commands_key(game_id: str) -> str:
    """Hash: command id -> its first result (idempotency); and, under names no command id
    has (a leading space), the stream's head and the pending-projection flag."""
    return f"lk:{{{game_id}}}:cmds"


def projection_key(game_id: str) -> str:
    """Hash: the game's projection (`version`, `view`, `lobby`)."""
    return f"lk:{{{game_id}}}:projection"


def snapshots_key(game_id: str) -> str:
    """Sorted set: the game's state snapshots (lorekeeper/games/snapshots.py), score the version,
    member `<version>:<base64 of the snapshot>` (adapters/redis/snapshots.py)."""
    return f"lk:{{{game_id}}}:snapshots"


def archive_key(game_id: str) -> str:
    """Hash: a finished game's archive (lorekeeper/games/archive.py), `version` and `events` (the
    compressed stored events), once its stream and command ids are gone."""
    return f"lk:{{{game_id}}}:archive"


def seats_key(game_id: str) -> str:
    """Hash: seat number (decimal) -> sha256 hex of its token."""
    return f"lk:{{{game_id}}}:seats"


def dice_key(game_id: str) -> str:
    """String: the game's dice config (its secret seed)."""
    return f"lk:{{{game_id}}}:dice"


def pending_field(queue: str = DEFAULT_PROJECTION_QUEUE) -> str:
    """The field of a game's command-ids hash (`commands_key`) that flags its projection as
    pending in `queue` (value: when it was set, epoch ms): in the game's slot, so the append's
    script reads and takes it with no call of its own (adapters/redis/jobs.py). A command id
    never has a space."""
    return f" projecting:{queue}"


def due_key(queue: str = DEFAULT_PROJECTION_QUEUE) -> str:
    """List: the ids of the games whose projection is due, oldest first."""
    return f"lk:{{{queue}}}:due"


def worker_heartbeat_key(worker: str) -> str:
    """String with a TTL of LOREKEEPER_WORKER_HEARTBEAT_S: set while worker process `worker`
    (its RQ name) lives (workers/heartbeat.py)."""
    return f"lk:worker:{worker}:alive"


def bucket_key(caller: str) -> str:
    """String: a caller's rate-limit bucket, "<tokens> <when>" (the hashes `lk:rate:<caller>`
    of earlier versions lapse within seconds, unread)."""
    return f"lk:bucket:{caller}"


def table_key(game_id: str) -> str:
    """Hash: the game's table (`rev`, `table`: who holds each seat, visibility, grants)."""
    return f"lk:{{{game_id}}}:table"


# -- players (docs/players.md) ------------------------------------------------------------------


def player_key(player_id: str) -> str:
    """Hash: a player (`name`, `created_ms`, and `key:<key id>` -> that key's record)."""
    return f"lk:player:{{{player_id}}}"


def api_key_key(key_hash: str) -> str:
    """String: the id of the player holding the API key with this SHA-256 (hex)."""
    return f"lk:apikey:{key_hash}"


# -- the lobby's indexes: cross-game keys, all in the slot of `{lobby}` ----------------------

LOBBY_TAG = "{lobby}"
LISTINGS_KEY = f"lk:{LOBBY_TAG}:listings"  # hash: game id -> its listing (stamp, place, shelves)
EXPIRING_KEY = f"lk:{LOBBY_TAG}:expiring"  # sorted set: open game id, score its expiry (ms)


def shelf_key(kind: str, status: str, scenario: str | None, player_id: str | None) -> str:
    """Sorted set (every score 0, members `<place>` in lexicographic order): one shelf.

    `lk:{lobby}:public:<status>[:s:<scenario key>]`, `lk:{lobby}:player:<id>:<status>`."""
    if kind == "player":
        return f"lk:{LOBBY_TAG}:player:{player_id}:{status}"
    base = f"lk:{LOBBY_TAG}:public:{status}"
    return base if scenario is None else f"{base}:s:{scenario}"


FEED_TICKS_KEY = "lk:feed:ticks"  # stream (coordination Redis, with a cluster): appended games


def hub_wake_key(hub_id: str) -> str:
    """Stream (one entry kept): written to wake one process's stream hub from its blocking
    XREAD when a followed topic is added (adapters/redis/feed.py); expires when unused."""
    return f"lk:hub:{hub_id}:wake"


def slots_key(caller: str) -> str:
    """Sorted set: a caller's long requests (open streams, waits), scored by when each lapses."""
    return f"lk:slots:{caller}"


# -- clocks: deadlines, cross-game keys, all in the slot of `{clocks}` (docs/workers.md) ------

CLOCKS_TAG = "{clocks}"
DEADLINES_KEY = f"lk:{CLOCKS_TAG}:deadlines"  # sorted set: clocked game id, score its deadline
WARNINGS_KEY = f"lk:{CLOCKS_TAG}:warnings"  # sorted set: game id, score when to warn its seat
CLOCK_ENTRIES_KEY = f"lk:{CLOCKS_TAG}:entries"  # hash: game id -> its Deadline (JSON)
WARNED_KEY = f"lk:{CLOCKS_TAG}:warned"  # hash: game id -> key of the turn or decision warned


# -- push (issue 16, docs/push.md): on the coordination Redis, all under one tag `{push}` ---------
# A player's notifications span games (like the lobby's player shelves), and the one script
# that records a game's facts appends to each of its players' logs and marks their webhooks
# due: one tag, one slot, one server.
PUSH_DUE_KEY = "lk:{push}:hooks:due"  # sorted set: "<player>:<endpoint>" -> when due (ms)


def push_facts_key(game_id: str) -> str:
    """Hash: the game's last recorded stamp (`v`, `r`) and the facts that held then."""
    return f"lk:{{push}}:facts:{game_id}"


def notes_key(player_id: str) -> str:
    """Stream: the player's notifications (MAXLEN ~ LOREKEEPER_NOTIFICATION_LOG_MAX)."""
    return f"lk:{{push}}:notes:{player_id}"


def hooks_enabled_key(player_id: str) -> str:
    """Set: the player's enabled webhook endpoint ids (the facts script marks them due)."""
    return f"lk:{{push}}:hooks:{player_id}"


def hooks_all_key(player_id: str) -> str:
    """Hash: endpoint id -> the endpoint (JSON)."""
    return f"lk:{{push}}:endpoints:{player_id}"


def hook_log_key(player_id: str, endpoint_id: str) -> str:
    """List: the endpoint's newest delivery attempts (JSON), newest first."""
    return f"lk:{{push}}:deliveries:{player_id}:{endpoint_id}"


def hook_lock_key(player_id: str, endpoint_id: str) -> str:
    return f"lk:{{push}}:lock:{player_id}:{endpoint_id}"


def ticket_key(digest: str) -> str:
    """String: a stream ticket's player, for its few seconds (on the games' Redis: one key)."""
    return f"lk:ticket:{digest}"


# The transparency log (lorekeeper/audit/transparency.py), spanning games: the coordination Redis.
TRANSPARENCY_LEAVES_KEY = "lk:{tlog}:leaves"  # list: every leaf's data, in log order
TRANSPARENCY_NAMES_KEY = "lk:{tlog}:names"  # hash: leaf name -> its index
TRANSPARENCY_SALTS_KEY = "lk:{tlog}:salts"  # hash: game id -> its salt (64 hex digits)

# The ratings (lorekeeper/ratings/, docs/ratings.md), spanning players: the coordination Redis,
# all under one tag `{ratings}`, so the one script that appends a game's entry and sets its
# players' ratings runs in one slot.
RATINGS_LOG_KEY = "lk:{ratings}:log"  # list: every entry's JSON, in log order
RATINGS_GAMES_KEY = "lk:{ratings}:games"  # hash: game id -> its entry's position
RATINGS_BOARD_KEY = "lk:{ratings}:board"  # sorted set, score 0: `<place>` by highest mu
RATINGS_DUE_KEY = RATINGS_BOARD_KEY + ":due"  # sorted set: games waiting for their entry, by ms


def rating_key(player_id: str) -> str:
    """Hash: a player's `mu`, `sigma`, `rev`, `place` and record (`win`, `loss`, `draw`)."""
    return f"lk:{{ratings}}:player:{player_id}"
