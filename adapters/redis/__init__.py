"""Every port on Redis (one server, or a Redis Cluster for the games: topology.py), the
in-memory twin of each in adapters/memory/ under the same file name; and the Redis the
tests, the benchmarks and scripts/run start (server.py, cluster_server.py)."""
