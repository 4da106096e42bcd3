"""The table of every setting on the Settings page, made from `lorekeeper.settings.Settings`.

The names, the environment variables and the defaults come from the class itself. The words
come from a field's own `description` when it has one, else from DESCRIPTIONS below. The
build fails when a setting has no words, or when DESCRIPTIONS names a setting that no longer
exists: the table cannot drift from the code.
"""

from __future__ import annotations

from typing import Any

from pydantic.fields import FieldInfo

from lorekeeper.settings import Settings, env_name

# Each group is a section of the page, in this order; each setting in one group.
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "Redis and the jobs": {
        "redis_url": "The Redis of the games, their views and the queues (6.2 or later). "
        "Use `redis+cluster://host:port,host:port` for a Redis Cluster.",
        "queue_redis_url": "One Redis server for the queues and the indexes across games. "
        "Required with a cluster. Unset: the one `REDIS_URL` names.",
        "wait_replicas": "A command is answered once this many replicas hold it. "
        "Fewer in time: 503.",
        "wait_timeout_ms": "How long a command waits for those replicas.",
        "jobs": "`rq`: workers run the breath phases and the views. "
        "`inline`: the API runs them in the request. `none`: nothing runs them.",
        "breath_queue": "The queue of breath jobs. Workers take it first.",
        "projection_queue": "The Redis list of games whose views are due.",
        "projection_pending_ttl_s": "How long a game's “view pending” mark lasts.",
        "job_timeout_s": "The longest a job may run.",
        "state_cache_games": "Game states each process keeps in memory.",
        "log_level": "The level of the JSON log lines on stderr.",
    },
    "Requests and limits": {
        "allow_scripted_dice": "Let `POST /games` choose the dice. For tests only.",
        "max_body_bytes": "A larger request body gets 413.",
        "rate_per_s": "Requests per second each caller may keep up. `0`: no limit.",
        "rate_burst": "Requests a caller may send at once, above that rate.",
        "address_rate_per_s": "Requests per second one client address may keep up, all its "
        "callers together.",
        "address_rate_burst": "Requests one client address may send at once, above that rate.",
        "players_per_address": "Players one client address may create in each window.",
        "players_window_s": "The window, in seconds, that player creation is counted over.",
        "app_keys": "Application keys, as `NAME:SHA256` entries separated by commas. "
        "`python -m lorekeeper app-key NAME` makes one.",
        "app_rate_per_s": "Requests per second an application key may keep up.",
        "app_rate_burst": "Requests an application key may send at once, above that rate.",
        "players_per_app": "Players an application key may create in each window.",
        "trusted_proxies": "How many proxies in front of the API add to `X-Forwarded-For`. "
        "Never set more than you run.",
        "projection_wait_s": "The longest a `?min_version=` read waits.",
        "request_timeout_s": "A request that runs longer is logged, and its worker replaced. "
        "`0`: no limit.",
        "read_budget_s": "The time a read may spend replaying a game. Past it: 503.",
        "sse_max_s": "An event stream ends after this. Clients resume with `Last-Event-ID`.",
        "sse_keepalive_s": "A quiet event stream sends a keep-alive after this.",
        "streams_per_client": "Event streams one client may hold open. Past it: 429.",
        "waits_per_client": "`?min_version` waits one client may have at once. Past it: 429.",
        "streams_per_process": "Event streams one API process holds. Past it: 503.",
        "body_timeout_s": "A request body must arrive within this. Else: 408.",
        "redis_connections": "Redis connections each API process opens for its requests.",
    },
    "Players, seats and the lobby": {
        "allow_anonymous_games": "Let anyone create a game without a player key. "
        "`scripts/run` turns it on.",
        "max_open_games_per_player": "Games waiting for players that one player may be in.",
        "max_games_per_player": "Games not yet over that one player may be in.",
        "open_game_ttl_s": "A game whose seats are not all taken expires after this.",
        "invitation_ttl_s": "How long an invitation lasts, unless the seat asks for another.",
        "seed_step_s": "How long a game waits for its players' dice seeds before it starts.",
        "max_keys_per_player": "API keys one player may hold.",
        "bot_queue": "The queue of the bots' moves.",
        "rating_queue": "The queue of the rating jobs of finished rated games (Ratings).",
        "bot_think_s": "The most seconds a search bot thinks about one move. "
        "Its level may stop sooner.",
    },
    "Clocks": {
        "clock_queue": "The queue of the clocks that ran out.",
        "clock_poll_ms": "How often each worker looks for clocks that ran out.",
    },
    "Notifications and webhooks": {
        "notification_log_max": "Notifications kept for each player.",
        "notification_ttl_s": "A player's notifications expire this long after the last one.",
        "stream_ticket_ttl_s": "How long a stream ticket stays good.",
        "cors_origins": "Browser origins that may read the API's answers, comma separated. "
        "Empty: none.",
        "webhook_queue": "The queue of webhook deliveries.",
        "webhooks_per_player": "Webhook endpoints one player may register.",
        "webhook_timeout_s": "The time a delivery waits to connect, and for each read.",
        "webhook_max_response_bytes": "At most this much of an endpoint's answer is read.",
        "webhook_backoff_s": "The wait before the first retry. It doubles after each failure.",
        "webhook_max_backoff_s": "The longest wait between two retries.",
        "webhook_max_failures": "Failures in a row that turn an endpoint off.",
        "webhook_lease_s": "A delivery not settled by then is tried again. "
        "At least three times the timeout.",
        "webhook_poll_ms": "How often each worker looks for deliveries to make.",
        "webhook_log_size": "Delivery attempts kept for each endpoint.",
        "webhook_allow_private": "Let webhooks reach loopback and private addresses.",
        "webhook_allow_http": "Allow `http://` endpoints. Else `https://` only.",
    },
    "The workers": {
        "worker_processes": "Worker processes that `python -m workers` runs.",
        "worker_class": "`simple` runs each job in the worker. `fork` runs it in a child.",
        "reconcile_interval_s": "Seconds between two passes that find lost jobs.",
        "job_stale_s": "A job waiting longer than this counts as lost, and runs again.",
        "worker_heartbeat_s": "A worker silent this long counts as dead.",
        "projection_round_ms": "The longest a busy round of view updates gathers games.",
        "projection_loops": "How many worker processes also update the views.",
        "projection_resolves_breath": "The view loop also runs the breath phases it finds.",
        "fault_append_delay_ms": "For tests only: workers pause around each append.",
        "fault_marker_dir": "For tests only: where workers mark each append.",
    },
    "Snapshots and archives": {
        "snapshot_every": "Save a game's state every this many events. `0`: never.",
        "archive_after_days": "Archive a finished game this many days after its last event. "
        "`0`: never.",
    },
    "Signing and the transparency log": {
        "signing_key": "The Ed25519 private key that signs exports and tree heads. "
        "Unset: nothing is signed.",
        "signing_key_file": "A file that holds that key instead.",
        "retired_signing_keys": "Old public keys, comma separated, still published.",
        "transparency_max_leaves": "The most leaves the transparency log holds.",
    },
}


class SettingsTableError(ValueError):
    """The table cannot be made: a setting has no words, or words name no setting."""


def check_descriptions(descriptions: dict[str, dict[str, str]] = DESCRIPTIONS) -> None:
    """Every setting has words and every group names settings only; SettingsTableError says
    which do not."""
    fields = Settings.model_fields
    described = [name for group in descriptions.values() for name in group]
    missing = sorted(n for n, f in fields.items() if not f.description and n not in described)
    stale = sorted(set(described) - set(fields))
    twice = sorted({n for n in described if described.count(n) > 1})
    problems = []
    if missing:
        problems.append(f"settings with no description: {', '.join(missing)}")
    if stale:
        problems.append(f"descriptions of no setting: {', '.join(stale)}")
    if twice:
        problems.append(f"settings described twice: {', '.join(twice)}")
    if problems:
        raise SettingsTableError(
            "; ".join(problems) + " (docs/hooks/settings_table.py, DESCRIPTIONS)"
        )


def settings_table(descriptions: dict[str, dict[str, str]] = DESCRIPTIONS) -> str:
    """The Markdown of every setting: a section per group, a row per setting."""
    check_descriptions(descriptions)
    fields = Settings.model_fields
    parts = []
    for title, group in descriptions.items():
        rows = [_row(name, fields[name], words) for name, words in group.items()]
        parts.append(f"## {title}\n\n{_HEAD}\n" + "\n".join(rows) + "\n")
    described_in_code = [n for n, f in fields.items() if f.description and not _in(descriptions, n)]
    if described_in_code:
        rows = [_row(n, fields[n], "") for n in described_in_code]
        parts.append(f"## Other settings\n\n{_HEAD}\n" + "\n".join(rows) + "\n")
    return "\n".join(parts)


_HEAD = "| Environment variable and setting | Default | What it does |\n|---|---|---|"


def _in(descriptions: dict[str, dict[str, str]], name: str) -> bool:
    return any(name in group for group in descriptions.values())


def _row(name: str, field: FieldInfo, words: str) -> str:
    text = field.description or words
    setting = f"`{env_name(name)}`<br><small>{name}</small>"  # the variable, then the name
    cells = (setting, default_text(field.default), _cell(text))
    return "| " + " | ".join(cells) + " |"


def default_text(value: Any) -> str:
    """A default as a person types it in the environment."""
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if value == "":
        return "empty"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"`{value}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
