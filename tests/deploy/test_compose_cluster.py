"""compose.yaml's `cluster` profile: a 3-master/3-replica Redis Cluster, a queue server, the
API and the workers, configured as docs/scaling.md says. Docker does not run here, so the
profile's settings are checked as the processes would read them, and its init command runs
for real against six private nodes (the compose schema is checked in scripts/test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from adapters.redis.cluster_server import is_formed, node_process
from adapters.redis.topology import cluster_seeds
from lorekeeper.audit.signing import new_private_key_hex
from lorekeeper.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
NODES = [f"redis-node-{i}" for i in range(1, 7)]


def services() -> dict[str, dict[str, object]]:
    loaded: dict[str, dict[str, dict[str, object]]] = yaml.safe_load(
        (ROOT / "compose.yaml").read_text()
    )
    return loaded["services"]


def test_the_cluster_profile_runs_six_durable_cluster_nodes_and_a_queue_server() -> None:
    found = services()
    for name in [*NODES, "redis-queue"]:
        service = found[name]
        assert service["profiles"] == ["cluster"]
        command = service["command"]
        assert isinstance(command, list)
        flags = dict(zip(command[1::2], command[2::2], strict=False))
        assert flags["--appendonly"] == "yes" and flags["--appendfsync"] == "always"
        assert flags["--maxmemory-policy"] == "noeviction"
        assert flags.get("--cluster-enabled") == ("yes" if name in NODES else None)
        assert service["volumes"] and service["healthcheck"]
    init = found["redis-cluster-init"]["command"]
    assert init == ["python", "-m", "adapters.redis.cluster_server", "create",
                    *[f"{n}:6379" for n in NODES]]  # fmt: skip


def test_the_api_and_workers_of_the_profile_name_the_cluster_and_the_queue_server(
    tmp_path: Path,
) -> None:
    found = services()
    key = tmp_path / "signing.key"  # the container's /keys/signing.key, here
    key.write_text(new_private_key_hex())
    for name in ("api-cluster", "worker-cluster"):
        env = found[name]["environment"]
        assert isinstance(env, dict)
        assert env["LOREKEEPER_SIGNING_KEY_FILE"] == "/keys/signing.key"
        settings = Settings.from_env(
            {k: str(v) for k, v in env.items()} | {"LOREKEEPER_SIGNING_KEY_FILE": str(key)}
        )
        assert settings.signing_key is not None
        _, seeds = cluster_seeds(settings.redis_url)
        assert seeds == [(n, 6379) for n in NODES]
        assert settings.queue_redis_url == "redis://redis-queue:6379/0"
        assert settings.wait_replicas == 1
        ready = found[name]["depends_on"]
        assert isinstance(ready, dict)
        assert ready["redis-cluster-init"] == {"condition": "service_completed_successfully"}
    assert found["worker-cluster"]["command"] == ["python", "-m", "workers"]
    for name in ("redis-cluster-init", "api-cluster", "worker-cluster"):  # the api's build
        assert found[name]["image"] == found["api"]["image"]
        assert found[name]["pull_policy"] == "never"


def test_the_init_command_forms_a_cluster_once() -> None:
    nodes = []
    try:
        for _ in range(6):  # one at a time: the next port is picked once this one is bound
            nodes.append(node_process())
            nodes[-1].start()
        command = [sys.executable, "-m", "adapters.redis.cluster_server", "create",
                   *[f"127.0.0.1:{n.port}" for n in nodes]]  # fmt: skip
        first = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
        again = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
        assert first.stdout.strip() == "cluster of 6 nodes formed"
        assert again.stdout.strip() == "cluster of 6 nodes already formed"
        assert is_formed(("127.0.0.1", nodes[5].port), 6)
    finally:
        for node in nodes:
            node.close()
