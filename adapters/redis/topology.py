"""Which Redis holds what: the games' Redis (one server or a Redis Cluster) and the
coordination Redis (always one server), chosen by URL.

- `REDIS_URL=redis://host:port/0` (or `rediss://`): one server holds everything.
- `REDIS_URL=redis+cluster://host:port,host:port,...` (or `rediss+cluster://`): a Redis
  Cluster holds the games; each `host:port` is a seed (any node; the client learns the rest
  with CLUSTER SLOTS), credentials and query options as in a `redis://` URL apply to every
  node, and only database 0 exists. redis-py's `RedisCluster` routes each command by its
  key's slot and follows MOVED and ASK replies; `RedisCluster.from_url` takes one host, so
  the other seeds are passed as its `startup_nodes`.

The coordination Redis (`LOREKEEPER_QUEUE_REDIS_URL`, REDIS_URL itself when that names one
server) holds what spans games or belongs to RQ, which does not run on a Redis Cluster
(docs/scaling.md says which key lives where and why). Every key of a game carries its hash
tag `{<game_id>}` (adapters/redis/keys.py), so on a cluster each game lives on one master and
every script and pipeline of a game touches one slot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias
from urllib.parse import urlsplit, urlunsplit

import redis
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import ClusterError, ConnectionError, RedisClusterException

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}

# The games' client: one server, or a cluster (its commands route by slot).
GamesClient: TypeAlias = "redis.Redis | RedisCluster"


class ClusterURLError(ValueError):
    """A cluster URL the settings cannot use."""


def is_cluster_url(url: str) -> bool:
    return url.split("://", 1)[0].lower() in CLUSTER_SCHEMES


def cluster_seeds(url: str) -> tuple[str, list[tuple[str, int]]]:
    """(a `redis://` URL of the first seed with the URL's credentials and options, every
    seed as (host, port))."""
    parts = urlsplit(url)
    scheme = CLUSTER_SCHEMES.get(parts.scheme.lower())
    if scheme is None:
        raise ClusterURLError(f"not a cluster URL (redis+cluster://host:port,...): {url!r}")
    userinfo, _, hosts = parts.netloc.rpartition("@")
    seeds = [_seed(text) for text in hosts.split(",") if text.strip()]
    if not seeds:
        raise ClusterURLError("a cluster URL names at least one host:port")
    if parts.path.strip("/") not in ("", "0"):
        raise ClusterURLError("a Redis Cluster has only database 0")
    host, port = seeds[0]
    netloc = (userinfo + "@" if userinfo else "") + f"{_bracketed(host)}:{port}"
    return urlunsplit((scheme, netloc, "", parts.query, "")), seeds


def _seed(text: str) -> tuple[str, int]:
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ClusterURLError(f"a cluster seed is host:port, not {text!r}")
    return host.strip("[]"), int(port)


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def cluster_client(url: str, **options: Any) -> RedisCluster:
    """A RedisCluster from a cluster URL (bytes replies unless the URL says otherwise)."""
    first, seeds = cluster_seeds(url)
    others = [cluster_node(host, port) for host, port in seeds[1:]]
    return RedisCluster.from_url(first, startup_nodes=others, **options)


def cluster_node(host: str, port: int) -> ClusterNode:
    return ClusterNode(host, port)  # type: ignore[no-untyped-call]  # redis-py leaves it untyped


def games_client(url: str, max_connections: int | None = None) -> GamesClient:
    """One server's client or a cluster's, as the URL says. Connects on the first command."""
    if is_cluster_url(url):
        return cluster_client(url)
    return server_client(url, max_connections)


def server_client(url: str, max_connections: int | None = None) -> redis.Redis:
    """One server's client. With `max_connections`, its pool blocks past that many (5 s at
    most, then ConnectionError: a 503) rather than fail or open one per waiting request:
    under gevent a process serves hundreds of requests at once (redis-py's own pool refuses
    its 101st connection)."""
    if max_connections is None:
        return redis.Redis.from_url(url)
    pool = redis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=5)
    return redis.Redis(connection_pool=pool)


@dataclass(frozen=True)
class ReplicaWait:
    """Acknowledge a write only once `replicas` replicas have it (WAIT), waiting at most
    `timeout_ms`; fewer in time is StoreUnavailable (the write may still be on the master)."""

    replicas: int
    timeout_ms: int

    def command(self) -> tuple[str, int, int]:
        return ("WAIT", self.replicas, self.timeout_ms)


@dataclass(frozen=True)
class RedisClients:
    """The games' Redis and the coordination Redis (the same client on one server), and
    whether an append waits for replicas."""

    games: GamesClient
    coordination: redis.Redis
    wait: ReplicaWait | None = None

    @classmethod
    def single(cls, client: redis.Redis, wait: ReplicaWait | None = None) -> RedisClients:
        return cls(client, client, wait)

    @property
    def clustered(self) -> bool:
        return isinstance(self.games, RedisCluster)

    @property
    def shared(self) -> bool:
        """One client for both: a script may touch a game's keys and the queue's together."""
        return self.games is self.coordination

    def ping(self) -> bool:
        """Both answer (on a cluster, every master); a cluster that cannot say so yet is a
        ConnectionError, as a server that does not answer."""
        if isinstance(self.games, RedisCluster):
            try:
                games = bool(self.games.ping(target_nodes=RedisCluster.PRIMARIES))
            except (RedisClusterException, ClusterError) as exc:
                raise ConnectionError(f"the cluster is not ready: {exc}") from exc
        else:
            games = bool(self.games.ping())
        return games and (self.shared or bool(self.coordination.ping()))

    def close(self) -> None:
        self.games.close()
        if not self.shared:
            self.coordination.close()
