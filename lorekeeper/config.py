"""Settings of the API and the workers, read from environment variables (with defaults).

    REDIS_URL                          redis://127.0.0.1:6379/0
    LOREKEEPER_ALLOW_SCRIPTED_DICE     0      1 lets `POST /games` script the dice (tests only)
    LOREKEEPER_MAX_BODY_BYTES          65536  larger request bodies get 413
    LOREKEEPER_RATE_PER_S              20     token bucket refill per token (0: no rate limit)
    LOREKEEPER_RATE_BURST              60     token bucket size
    LOREKEEPER_PROJECTION_WAIT_S       2.0    how long `?min_version=` waits for the projection
    LOREKEEPER_SSE_MAX_S               300    an event stream ends after this (clients resume)
    LOREKEEPER_SSE_KEEPALIVE_S         15     a comment line is sent when nothing else was
    LOREKEEPER_SSE_POLL_S              0.25   how often a stream looks for new events
    LOREKEEPER_STATE_CACHE_GAMES       256    replayed game states kept per process
    LOREKEEPER_JOBS                    rq     rq | inline (breath resolved in the request) | none

The RQ queue settings have the workers' names and defaults (workers/settings.py), so one
environment configures both sides:

    LOREKEEPER_BREATH_QUEUE              breath
    LOREKEEPER_PROJECTION_QUEUE          projections  (names the list lk:{projections}:due)
    LOREKEEPER_PROJECTION_PENDING_TTL_S  30
    LOREKEEPER_JOB_TIMEOUT_S             60
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}
JOB_MODES = ("rq", "inline", "none")


class ConfigError(ValueError):
    """An environment variable holds a value the server cannot use."""


@dataclass(frozen=True)
class Settings:
    redis_url: str = "redis://127.0.0.1:6379/0"
    allow_scripted_dice: bool = False
    max_body_bytes: int = 64 * 1024
    rate_per_s: float = 20.0
    rate_burst: int = 60
    projection_wait_s: float = 2.0
    sse_max_s: float = 300.0
    sse_keepalive_s: float = 15.0
    sse_poll_s: float = 0.25
    state_cache_games: int = 256
    jobs: str = "rq"
    breath_queue: str = "breath"
    projection_queue: str = "projections"
    projection_pending_ttl_s: int = 30
    job_timeout_s: int = 60

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        settings = cls(**values_from_env(cls, environ))
        settings.check()
        return settings

    def check(self) -> None:
        if self.jobs not in JOB_MODES:
            raise ConfigError(f"LOREKEEPER_JOBS must be one of {JOB_MODES}, not {self.jobs!r}")
        if self.max_body_bytes < 1024:
            raise ConfigError("LOREKEEPER_MAX_BODY_BYTES must be at least 1024")
        if self.rate_per_s < 0 or self.rate_burst < 1:
            raise ConfigError("LOREKEEPER_RATE_PER_S must be >= 0 and LOREKEEPER_RATE_BURST >= 1")

    @property
    def rate_limited(self) -> bool:
        return self.rate_per_s > 0


def values_from_env(cls: type, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The fields of settings dataclass `cls` that the environment sets, parsed by the type of
    their default (shared by the API's and the workers' settings)."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    for f in fields(cls):
        name = _env_name(f.name)
        if name in env:
            values[f.name] = _parse(name, env[name], type(getattr(cls, f.name)))
    return values


def _env_name(field_name: str) -> str:
    return "REDIS_URL" if field_name == "redis_url" else f"LOREKEEPER_{field_name.upper()}"


def _parse(name: str, raw: str, kind: type) -> Any:
    text = raw.strip()
    try:
        if kind is bool:
            if text.lower() in _TRUE | _FALSE:
                return text.lower() in _TRUE
            raise ValueError(text)
        if kind is int:
            return int(text)
        if kind is float:
            return float(text)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a valid {kind.__name__}") from None
    return text
