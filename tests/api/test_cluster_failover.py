"""Games played over HTTP on a Redis Cluster while it fails over or reshards.

Each game follows a script worked out beforehand with the same rules and seeded dice
(bench/games.py), so every step's version is known: a client sends each command with
If-Match and an Idempotency-Key and, on a 503, sends the same again. At the end every
game's stream must be its script's events, hash-chained (the export verifies): an
acknowledged command that a failover lost would leave a gap the next If-Match trips on.

Every test runs on a cluster of its own (3 masters, 3 replicas, 1 s node timeout), and the
coordination Redis is the suite's private server.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis
from flask import Flask
from redis.cluster import RedisCluster
from redis.crc import key_slot

from adapters.redis.cluster_server import RedisClusterProcess
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.topology import RedisClients, ReplicaWait, cluster_client
from bench.games import Script, random_game
from lorekeeper.audit.verify import verify_lines
from tests.api.conftest import make_app, with_settings

STEPS = 30
DEADLINE_S = 90.0


@pytest.fixture
def own_cluster() -> Iterator[RedisClusterProcess]:
    with RedisClusterProcess() as cluster:
        yield cluster


@pytest.fixture
def games(own_cluster: RedisClusterProcess) -> Iterator[RedisCluster]:
    """The API's client of the cluster (the tests read the streams with it too)."""
    client = cluster_client(own_cluster.url)
    yield client
    client.close()


def cluster_app(games: RedisCluster, coordination: redis.Redis, acks: int, **more: Any) -> Flask:
    wait = ReplicaWait(acks, 1000) if acks else None
    settings = with_settings(wait_replicas=acks, wait_timeout_ms=1000, **more)
    return make_app("cluster", settings, RedisClients(games, coordination, wait))


@dataclass
class Player:
    """Plays one script over HTTP, a step at a time; a 503 is sent again (same key)."""

    app: Flask
    script: Script
    game_id: str = ""
    tokens: list[str] = field(default_factory=list)
    pause_s: float = 0.0  # between steps
    acked: int = 0  # steps acknowledged
    statuses: Counter[int] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)

    def create(self) -> Player:
        created = self.app.test_client().post("/games", json=self.script.create_body())
        assert created.status_code == 201, created.get_json()
        self.game_id = created.get_json()["game_id"]
        self.tokens = [s["token"] for s in created.get_json()["seats"]]
        return self

    def play(self, steps: int | None = None, *, retry: bool = True) -> None:
        client = self.app.test_client()
        deadline = time.monotonic() + DEADLINE_S
        for n in range(self.acked, min(len(self.script.steps), steps or STEPS)):
            step = self.script.steps[n]
            headers = {"Authorization": f"Bearer {self.tokens[step.seat]}",
                       "If-Match": f'"{step.before}"', "Idempotency-Key": f"step-{n}"}  # fmt: skip
            while True:
                reply = client.post(f"/games/{self.game_id}/commands", json=step.body,
                                    headers=headers)  # fmt: skip
                self.statuses[reply.status_code] += 1
                if reply.status_code == 200 and reply.get_json()["version"] == step.after:
                    self.acked = n + 1
                    if n % 5 == 0:  # and a read now and then
                        self.read(client, retry, deadline)
                    time.sleep(self.pause_s)
                    break
                if reply.status_code != 503 or not retry or time.monotonic() > deadline:
                    self.unexpected.append(f"step {n}: {reply.status_code} {reply.get_json()}")
                    return
                time.sleep(0.05)

    def read(self, client: Any, retry: bool, deadline: float) -> None:
        while True:
            reply = client.get(f"/games/{self.game_id}")
            self.statuses[reply.status_code] += 1
            if reply.status_code == 200:
                return
            if reply.status_code != 503 or not retry or time.monotonic() > deadline:
                self.unexpected.append(f"read: {reply.status_code} {reply.get_json()}")
                return
            time.sleep(0.05)

    def stored(self, store: RedisStreamEventStore) -> list[tuple[str, Any]]:
        """The game's events as stored (GameCreated aside: the server adds the dice's
        public part to it)."""
        return [(e.type, e.payload) for e in store.read(self.game_id)][1:]

    def expected(self) -> list[tuple[str, Any]]:
        """The script's events up to the last acknowledged step, GameCreated aside."""
        last = self.script.steps[self.acked - 1].after if self.acked else 2
        return [(e.type, e.payload()) for e in self.script.events[1:last]]

    def assert_chain_verifies(self) -> None:
        export = self.app.test_client().get(f"/games/{self.game_id}/export")
        verdict = verify_lines(export.get_data(as_text=True).splitlines(keepends=True))
        versions = self.script.steps[self.acked - 1].after
        assert verdict.first_bad_event is None, verdict.report()
        assert verdict.checks["chain"] == f"{versions} linked", verdict.report()


def scripts(prefix: str, count: int) -> list[Script]:
    return [random_game("river_crossing", f"{prefix}-{i}", max_steps=STEPS) for i in range(count)]


def play_all(players: list[Player]) -> None:
    threads = [threading.Thread(target=p.play) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(DEADLINE_S + 10)


def game_slot(game_id: str) -> int:
    return key_slot(game_id.encode())


class stopped:
    """A node stopped (SIGSTOP) for the block: it neither answers nor replicates."""

    def __init__(self, pid: int | None) -> None:
        assert pid is not None
        self.pid = pid

    def __enter__(self) -> None:
        os.kill(self.pid, signal.SIGSTOP)

    def __exit__(self, *exc: object) -> None:
        os.kill(self.pid, signal.SIGCONT)


def promoted(own: RedisClusterProcess, slot: int, old: Any) -> None:
    """Until a node other than `old` serves `slot` and the cluster is ok again."""
    deadline = time.monotonic() + 30
    while True:
        try:
            if own.owner(slot) is not old:
                own.wait_ok()
                return
        except (redis.RedisError, RuntimeError):
            pass
        assert time.monotonic() < deadline, "no replica took over"
        time.sleep(0.1)


def test_a_master_killed_during_play_loses_no_acknowledged_command(
    own_cluster: RedisClusterProcess, games: RedisCluster, redis_client: redis.Redis
) -> None:
    # The first game has commands acknowledged on the master killed, whatever the machine's
    # speed: it plays five steps, the master dies, and it plays on once a replica took over.
    # The others play on meanwhile, wherever their masters are. Whether a command met the
    # gap (a 503, sent again) is timing; what must hold is that none acknowledged is lost.
    app = cluster_app(games, redis_client, acks=1, jobs="none")
    first, *others = [Player(app, s).create() for s in scripts("failover", 6)]
    first.play(steps=5)
    assert first.acked == 5 and first.unexpected == []
    victim = own_cluster.owner(game_slot(first.game_id))
    threads = [threading.Thread(target=p.play) for p in others]
    for thread in threads:
        thread.start()

    victim.stop(kill=True)  # kill -9, mid-play
    promoted(own_cluster, game_slot(first.game_id), victim)
    threads.append(threading.Thread(target=first.play))
    threads[-1].start()
    # The new master has no replica to confirm its games' commands (503s) until the old one
    # is back, as its replica: what an operator does, or a spare replica migrating.
    victim.start()
    for thread in threads:
        thread.join(DEADLINE_S + 10)

    store = RedisStreamEventStore(games)
    for player in (first, *others):
        assert player.unexpected == [] and set(player.statuses) <= {200, 503}
        assert player.acked == len(player.script.steps[:STEPS])
        assert player.stored(store) == player.expected()
        player.assert_chain_verifies()


@pytest.mark.parametrize("acks", [1, 0])
def test_what_a_failover_loses_with_and_without_replica_acks(
    own_cluster: RedisClusterProcess, games: RedisCluster, redis_client: redis.Redis, acks: int
) -> None:
    # Commands sent while the game's replica lags (stopped), then its master dies and that
    # replica takes over: without acks they were acknowledged and are lost; with acks they
    # were never acknowledged, and sent again they go through on the new master.
    app = cluster_app(games, redis_client, acks=acks, jobs="none")
    (player,) = [Player(app, s).create() for s in scripts(f"lag-{acks}", 1)]
    player.play(steps=4)
    master = own_cluster.owner(game_slot(player.game_id))
    replica = own_cluster.replica_of(master)
    with stopped(replica.pid):
        # and cut off: what the master sends now stays with it (the kernel would otherwise
        # hand the stopped replica what was sent before it died)
        with own_cluster.client(master) as direct:
            direct.client_kill_filter(_type="replica")
        player.play(steps=7, retry=False)
        master.stop(kill=True)
    promoted(own_cluster, game_slot(player.game_id), master)
    store = RedisStreamEventStore(games)

    if acks:
        assert player.acked == 4 and player.statuses[503] == 1  # refused, so never acknowledged
        assert player.stored(store) == player.expected()
        player.unexpected.clear()
        master.start()  # back, as the new master's replica
        player.play()  # the same commands again, now on the new master
        assert player.unexpected == [] and player.acked == STEPS
        assert player.stored(store) == player.expected()
        player.assert_chain_verifies()
    else:
        assert player.acked == 7 and player.unexpected == []  # all three acknowledged...
        assert len(player.stored(store)) + 1 < player.script.steps[6].after  # ...and lost


def test_slots_move_between_masters_during_play_without_a_5xx(
    own_cluster: RedisClusterProcess, games: RedisCluster, redis_client: redis.Redis
) -> None:
    # Projections inline: each command's request also saves the game's view on the cluster
    # and its lobby entry on the coordination Redis, while the game's slot moves.
    app = cluster_app(games, redis_client, acks=1, jobs="inline")
    players = [Player(app, s, pause_s=0.05).create() for s in scripts("reshard", 4)]
    threads = [threading.Thread(target=p.play) for p in players]
    for thread in threads:
        thread.start()
    moves = Counter[int]()
    masters = own_cluster.nodes[:3]
    round_ = 0
    while any(t.is_alive() for t in threads):
        for player in players:
            slot = game_slot(player.game_id)
            owner = own_cluster.owner(slot)
            target = masters[(masters.index(owner) + 1 + round_) % 3]
            if target is not owner:
                moves[slot] += 1
                own_cluster.move_slot(slot, target, batch=1, pause_s=0.01)  # a key at a time
        round_ += 1
    for thread in threads:
        thread.join(DEADLINE_S + 10)

    store = RedisStreamEventStore(games)
    for player in players:
        assert player.unexpected == [] and set(player.statuses) == {200}  # not even a 503
        assert player.stored(store) == player.expected()
        player.assert_chain_verifies()
    assert sum(moves.values()) >= 2 * len(players), moves  # every game moved, more than once
