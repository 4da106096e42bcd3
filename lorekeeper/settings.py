"""Every setting of the API and the workers, read from environment variables (pydantic-settings).

One environment configures both sides: `LOREKEEPER_<FIELD>` for each field below (upper case),
and `REDIS_URL`. The docs site's Settings page (docs/run/settings.md) lists them all, its table
made from this class by docs/hooks/settings_table.py.

    Settings.from_env()                          # os.environ
    Settings.from_env({"LOREKEEPER_JOBS": "inline"})   # that mapping only
    Settings(jobs="inline", rate_per_s=0)        # tests: given values, the rest defaults
"""

from __future__ import annotations

import difflib
import logging
import os
import re
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, model_validator
from pydantic_settings import (
    BaseSettings,
    InitSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from lorekeeper.app_keys import parse_app_keys

PREFIX = "LOREKEEPER_"
# Variables with the prefix that are not settings: read by scripts/run, the Redis starter, the
# tests and the webhook receiver of docs/client/streams.md. Any other is a misspelt setting.
OTHER_VARIABLES = frozenset({
    "LOREKEEPER_BIND", "LOREKEEPER_REDIS_PORT", "LOREKEEPER_WEB_WORKERS",
    "LOREKEEPER_WEB_CONNECTIONS", "LOREKEEPER_REDIS_SERVER", "LOREKEEPER_CHROMIUM",
    "LOREKEEPER_FAULTS", "LOREKEEPER_WEBHOOK_SECRET",
})  # fmt: skip
log = logging.getLogger(__name__)
# The mapping `from_env` reads instead of os.environ, while it builds one Settings.
_ENVIRON: ContextVar[Mapping[str, str] | None] = ContextVar("environ", default=None)


class ConfigError(ValueError):
    """An environment variable holds a value the server cannot use."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix=PREFIX, frozen=True, extra="ignore", validate_by_name=True
    )

    # -- both sides -------------------------------------------------------------------------
    redis_url: str = Field(
        default="redis://127.0.0.1:6379/0",
        validation_alias=AliasChoices("REDIS_URL", "redis_url"),
    )
    # One server holds everything, or: REDIS_URL=redis+cluster://host:port,... (the games on
    # a Redis Cluster) and this one server for RQ's queues and the indexes across games.
    queue_redis_url: str | None = None
    # Acknowledge an append once this many replicas have it (WAIT); 0: once the master has.
    wait_replicas: int = Field(default=0, ge=0)
    wait_timeout_ms: int = Field(default=1000, ge=1)
    jobs: Literal["rq", "inline", "none"] = "rq"
    breath_queue: str = "breath"
    projection_queue: str = "projections"
    projection_pending_ttl_s: int = 30
    job_timeout_s: int = 60
    state_cache_games: int = 256
    log_level: str = "INFO"
    # -- the API ----------------------------------------------------------------------------
    allow_scripted_dice: bool = False
    max_body_bytes: int = Field(default=64 * 1024, ge=1024)
    rate_per_s: float = Field(default=20.0, ge=0)
    rate_burst: int = Field(default=60, ge=1)
    # Proxies in front of the API whose X-Forwarded-For the client's address is read from
    # (werkzeug's ProxyFix, x_for); 0: the address is the connection's own.
    trusted_proxies: int = Field(default=0, ge=0, le=8)
    # What one client address may do, whichever keys it sends (docs/players.md, "Limits on
    # addresses and application keys"): all its requests, and the players it creates in
    # each window. An application key's requests count against the app's instead.
    address_rate_per_s: float = Field(default=60.0, gt=0)
    address_rate_burst: int = Field(default=180, ge=1)
    players_per_address: int = Field(default=10, ge=1)
    players_window_s: int = Field(default=3600, ge=60, le=7 * 86400)
    app_keys: str = ""  # NAME:SHA256,… (app_keys.py; never the keys themselves)
    app_rate_per_s: float = Field(default=200.0, gt=0)
    app_rate_burst: int = Field(default=600, ge=1)
    players_per_app: int = Field(default=1000, ge=1)
    projection_wait_s: float = Field(default=2.0, ge=0, le=30)  # the longest ?min_version wait
    request_timeout_s: float = Field(default=60.0, ge=0)  # api/deadline.py; 0: none
    # The computing a read that folds a game's events may spend (budget.py).
    read_budget_s: float = Field(default=5.0, gt=0, le=60)  # = budget.DEFAULT_S
    sse_max_s: float = Field(default=300.0, gt=0)
    sse_keepalive_s: float = Field(default=15.0, gt=0)
    # Slow and greedy clients (docs/client/limits.md, "Limits"): per client (seat token or address).
    streams_per_client: int = Field(default=16, ge=1)
    waits_per_client: int = Field(default=8, ge=1)
    streams_per_process: int = Field(default=3000, ge=1)
    body_timeout_s: float = Field(default=10.0, gt=0, le=300)
    # Redis connections an API process opens for its requests (its pool), and as many more
    # for the command path's appends (adapters/redis/lane.py); past them, requests wait.
    redis_connections: int = Field(default=64, ge=4)
    # -- players, seats and the lobby (docs/players.md) -------------------------------------
    allow_anonymous_games: bool = False
    max_open_games_per_player: int = Field(default=10, ge=0)
    max_games_per_player: int = Field(default=50, ge=0)
    open_game_ttl_s: int = Field(default=24 * 3600, ge=60)
    invitation_ttl_s: int = Field(default=24 * 3600, ge=60)
    # A seed step's length (SEED-2, docs/client/proving.md) when the creation does not ask for one.
    seed_step_s: int = Field(default=60, ge=5, le=3600)
    max_keys_per_player: int = Field(default=5, ge=1, le=100)
    bot_queue: str = "bots"
    rating_queue: str = "ratings"  # finished rated games' rating jobs (docs/ratings.md)
    # The most a search bot thinks about one move (docs/bots.md); its level may stop sooner.
    bot_think_s: float = Field(default=1.0, gt=0, le=10)
    # -- clocks (docs/client/clocks.md; docs/workers.md) ------------------------------------
    clock_queue: str = "clocks"
    clock_poll_ms: int = Field(default=250, ge=10, le=5000)
    # -- push: notifications, the player stream, webhooks (docs/push.md) -------------------
    notification_log_max: int = Field(default=1000, ge=10, le=100_000)  # per player (~MAXLEN)
    notification_ttl_s: int = Field(default=30 * 86400, ge=60)  # a log idle this long goes
    stream_ticket_ttl_s: int = Field(default=60, ge=5, le=600)
    # Browser origins allowed by CORS, comma-separated ("https://a.example,https://b.example");
    # none by default: no cross-origin browser may read an answer.
    cors_origins: str = ""
    webhook_queue: str = "webhooks"
    webhooks_per_player: int = Field(default=5, ge=1, le=100)
    webhook_timeout_s: float = Field(default=5.0, gt=0, le=30)  # connect, and each read
    webhook_max_response_bytes: int = Field(default=64 * 1024, ge=0, le=1024 * 1024)
    webhook_backoff_s: float = Field(default=1.0, gt=0)  # the first retry; doubling after
    webhook_max_backoff_s: float = Field(default=3600.0, gt=0)
    webhook_max_failures: int = Field(default=12, ge=1, le=100)  # in a row: then disabled
    webhook_lease_s: float = Field(default=60.0, ge=1)  # a delivery not settled by then: again
    webhook_poll_ms: int = Field(default=200, ge=10, le=5000)
    webhook_log_size: int = Field(default=100, ge=1, le=1000)  # attempts kept per endpoint
    # Let webhooks reach loopback, private and link-local addresses (tests, a private net).
    webhook_allow_private: bool = False
    webhook_allow_http: bool = False  # plain http:// endpoints (else https only)
    # -- the workers ------------------------------------------------------------------------
    worker_processes: int = Field(default=2, ge=0)
    worker_class: Literal["simple", "fork"] = "simple"
    reconcile_interval_s: float = 5.0
    job_stale_s: float = 10.0
    worker_heartbeat_s: float = Field(default=1.5, gt=0)  # workers/heartbeat.py
    projection_round_ms: int = Field(default=40, ge=0, le=1000)
    projection_loops: int = Field(default=1, ge=1)
    projection_resolves_breath: bool = True  # the loop resolves the phases its rounds open
    fault_append_delay_ms: int = 0  # tests only: the workers sleep around each append
    fault_marker_dir: str = ""  # tests only: where they write "before"/"after" per game
    # -- snapshots and retention (lorekeeper/games/snapshots.py, docs/scaling.md) -----------------
    # A snapshot of a game's state every this many events (0: none): loads fold from it.
    snapshot_every: int = Field(default=500, ge=0, le=1_000_000)
    # A finished game is archived (`python -m workers archive`) this many days after its last
    # event: its stream and command ids become one compressed blob (0: never).
    archive_after_days: int = Field(default=30, ge=0, le=36_500)
    # Issue 20 (docs/audit.md): the Ed25519 key that signs exports and tree heads (64 hex
    # digits; none: nothing signed), retired public keys still published, the log's size.
    signing_key: SecretStr | None = None
    signing_key_file: str = ""  # a file holding it instead (compose.yaml: a volume's)
    retired_signing_keys: str = ""
    transparency_max_leaves: int = Field(default=1_000_000, ge=1, le=100_000_000)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings `environ` (os.environ when None) gives; ConfigError names a bad one."""
        token = _ENVIRON.set(environ)
        try:
            return cls()
        except ValidationError as exc:
            raise ConfigError(_explained(exc)) from None
        finally:
            _ENVIRON.reset(token)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        environ = _ENVIRON.get()
        if environ is None:
            return init_settings, env_settings
        return init_settings, InitSettingsSource(settings_cls, _fields_of(environ))

    @model_validator(mode="after")
    def _sane(self) -> Settings:
        if self.projection_loops > max(1, self.worker_processes):
            raise ValueError("LOREKEEPER_PROJECTION_LOOPS is more than the worker processes")
        if self.queue_redis_url is not None and _is_cluster_url(self.queue_redis_url):
            raise ValueError("LOREKEEPER_QUEUE_REDIS_URL names one server (RQ needs one)")
        if _is_cluster_url(self.redis_url) and self.queue_redis_url is None:
            raise ValueError(
                "REDIS_URL names a Redis Cluster: set LOREKEEPER_QUEUE_REDIS_URL to one server "
                "for the queues and the indexes across games (RQ does not run on a cluster)"
            )
        if self.webhook_lease_s < 3 * self.webhook_timeout_s:
            raise ValueError("LOREKEEPER_WEBHOOK_LEASE_S is less than 3 x the webhook timeout")
        _read_key_file(self)
        _check_keys(self)
        parse_app_keys(self.app_keys)  # a ValueError names the entry
        return self

    @property
    def rate_limited(self) -> bool:
        return self.rate_per_s > 0

    @property
    def queue_names(self) -> list[str]:
        """The breath, clock and bot queues (RQ), the projection queue (a list the
        projection loop pops), the webhook and rating queues (RQ, docs/push.md,
        docs/ratings.md)."""
        return [self.breath_queue, self.clock_queue, self.bot_queue, self.projection_queue,
                self.webhook_queue, self.rating_queue]  # fmt: skip

    @property
    def cors_origin_list(self) -> list[str]:
        return [o.strip() for o in self.cors_origins.split(",") if o.strip()]


def _read_key_file(settings: Settings) -> None:
    """LOREKEEPER_SIGNING_KEY_FILE: the signing key read from its file, once, at start."""
    if not settings.signing_key_file:
        return
    if settings.signing_key is not None:
        raise ValueError("set LOREKEEPER_SIGNING_KEY or LOREKEEPER_SIGNING_KEY_FILE, not both")
    try:
        with open(settings.signing_key_file, encoding="ascii") as file:
            text = file.read(1024).strip()
    except (OSError, UnicodeDecodeError) as exc:
        detail = getattr(exc, "strerror", None) or exc
        raise ValueError(f"LOREKEEPER_SIGNING_KEY_FILE: cannot read it: {detail}") from None
    if not _HEX_KEY.fullmatch(text):
        raise ValueError("LOREKEEPER_SIGNING_KEY_FILE holds no Ed25519 private key (64 hex "
                         "digits; python -m lorekeeper.audit.signing FILE makes one)")  # fmt: skip
    object.__setattr__(settings, "signing_key", SecretStr(text))  # the settings are frozen


def _check_keys(settings: Settings) -> None:
    """Issue 20's keys are 64 hex digits each (docs/audit.md, section 6)."""
    key = settings.signing_key
    if key is not None and not _HEX_KEY.fullmatch(key.get_secret_value().strip()):
        raise ValueError("LOREKEEPER_SIGNING_KEY is an Ed25519 private key: 64 hex digits")
    for retired in filter(None, (k.strip() for k in settings.retired_signing_keys.split(","))):
        if not _HEX_KEY.fullmatch(retired):
            raise ValueError("LOREKEEPER_RETIRED_SIGNING_KEYS: public keys of 64 hex digits")


_HEX_KEY = re.compile(r"[0-9a-fA-F]{64}")


def _is_cluster_url(url: str) -> bool:
    """`redis+cluster://` or `rediss+cluster://` (adapters/redis/topology.py reads them)."""
    return url.split("://", 1)[0].lower().endswith("+cluster")


def env_name(field: str) -> str:
    return "REDIS_URL" if field == "redis_url" else PREFIX + field.upper()


def _fields_of(environ: Mapping[str, str]) -> dict[str, Any]:
    names = {env_name(field): field for field in Settings.model_fields}
    return {names[key]: value for key, value in environ.items() if key in names}


def unknown_variables(environ: Mapping[str, str] | None = None) -> dict[str, str | None]:
    """Each `LOREKEEPER_` variable that names no setting (nor a script's variable), with the
    setting it most likely meant (None: none close): a misspelt one would be ignored."""
    environ = os.environ if environ is None else environ
    names = sorted(env_name(field) for field in Settings.model_fields)
    known = {*names, *OTHER_VARIABLES}
    unknown = sorted(k for k in environ if k.startswith(PREFIX) and k not in known)
    # Compared without the prefix, which every name shares.
    fields = {n.removeprefix(PREFIX): n for n in names}
    meant = {k: difflib.get_close_matches(k.removeprefix(PREFIX), fields, n=1, cutoff=0.75)
             for k in unknown}  # fmt: skip
    return {k: fields[close[0]] if close else None for k, close in meant.items()}


def warn_unknown_variables(environ: Mapping[str, str] | None = None) -> None:
    """Log `settings.unknown_variable` (WARNING) for each of unknown_variables, once the
    process's logging is set up (the API's by gunicorn.conf.py, the workers' by their CLI)."""
    for name, meant in unknown_variables(environ).items():
        log.warning("settings.unknown_variable", extra={"variable": name, "did_you_mean": meant})


def _explained(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors():
        field = str(error["loc"][0]) if error["loc"] else ""
        problems.append(f"{env_name(field) if field else 'settings'}: {error['msg']}")
    return "; ".join(problems)
