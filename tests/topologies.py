"""Where a test's games and queues are (tests/conftest.py's `topology` fixture)."""

from __future__ import annotations

from dataclasses import dataclass

from adapters.redis.topology import RedisClients
from lorekeeper.settings import Settings


@dataclass(frozen=True)
class Topology:
    """Where a test's games and queues are: the clients, and the settings that name them."""

    name: str
    clients: RedisClients
    redis_url: str
    queue_redis_url: str | None = None

    def settings(self, **changes: object) -> Settings:
        return Settings(redis_url=self.redis_url, queue_redis_url=self.queue_redis_url,
                        **changes)  # type: ignore[arg-type]  # fmt: skip

    def env(self) -> dict[str, str]:
        """The environment variables that name this topology, for a subprocess."""
        env = {"REDIS_URL": self.redis_url}
        if self.queue_redis_url is not None:
            env["LOREKEEPER_QUEUE_REDIS_URL"] = self.queue_redis_url
        return env
