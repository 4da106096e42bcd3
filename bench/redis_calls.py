"""What a command costs in Redis: every command Redis runs for `POST /games/{id}/commands`,
counted, not timed (a count does not depend on what else the machine is doing).

`command_calls` plays a game's commands through the real WSGI app (Flask's test client, the
Redis components as shipped: RQ jobs, the rate limiter on) and reads `INFO commandstats` on
every master before and after: Redis 7 counts the calls a Lua script makes inside itself
(`redis.call`) under their own names, and the EVALSHA that ran them besides. The workers do
not run, so these are the API process's calls alone (BENCHMARKS.md, "What a command costs in
Redis"). `python -m bench.redis_calls` prints them on a private redis-server.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence

import redis

from adapters.redis.topology import RedisClients
from bench.games import Script, random_game

_WARM_UP = 3  # commands before counting: the process's caches fill, the scripts load
_NOT_COUNTED = {"info"}  # the counting's own calls


def commandstats(servers: Sequence[redis.Redis]) -> Counter[str]:
    """Calls per command name, summed over `servers` (masters: a replica's replicated
    writes are not calls the API made)."""
    total: Counter[str] = Counter()
    for server in servers:
        for name, stats in server.info("commandstats").items():
            command = name.removeprefix("cmdstat_")
            if command not in _NOT_COUNTED:
                total[command] += int(stats["calls"])
    return total


def command_calls(
    clients: RedisClients,
    servers: Sequence[redis.Redis],
    *,
    commands: int = 40,
    rate_per_s: float = 1_000_000,
    script: Script | None = None,
    projected_each: bool = False,
) -> tuple[Counter[str], int]:
    """Redis calls by name over `commands` accepted commands of one seat-token game (after a
    warm-up), and how many were counted. The rate limiter runs with `rate_per_s` and a burst as
    large, for the caller and its address (the benchmark's setting: buckets no client
    empties). `projected_each`: as if the workers projected the game between any two commands
    (its pending flag cleared, so each command queues it again: the most a command pays for
    its projection request)."""
    from adapters.redis.keys import commands_key, pending_field
    from api import create_app
    from api.composition import redis_components
    from lorekeeper.settings import Settings

    burst = int(max(rate_per_s, 1))  # the address's bucket (api/guards.py) as large
    settings = Settings(jobs="rq", rate_per_s=rate_per_s, rate_burst=burst,
                        address_rate_per_s=rate_per_s, address_rate_burst=burst,
                        allow_anonymous_games=True)  # fmt: skip
    app = create_app(settings, components=redis_components(settings, clients))
    script = script or random_game("river_crossing", "calls-1")
    steps = script.steps[: _WARM_UP + commands]
    if len(steps) < _WARM_UP + commands:
        raise ValueError(f"the game has {len(script.steps)} steps, fewer than asked")
    counted: Counter[str] = Counter()
    with app.test_client() as client:
        created = client.post("/games", json=script.create_body())
        assert created.status_code == 201, created.get_json()
        game_id = created.get_json()["game_id"]
        tokens = {s["seat"]: s["token"] for s in created.get_json()["seats"]}
        for index, step in enumerate(steps):
            if projected_each:  # what the projection loop does before it reads the stream
                clients.games.hdel(commands_key(game_id), pending_field(settings.projection_queue))
            before = commandstats(servers)
            reply = client.post(
                f"/games/{game_id}/commands",
                data=json.dumps(step.body),
                headers={
                    "Authorization": f"Bearer {tokens[step.seat]}",
                    "Content-Type": "application/json",
                    "Idempotency-Key": f"calls-{index}",
                    "If-Match": f'"{step.before}"',
                },
            )
            assert reply.status_code == 200, reply.get_json()
            assert reply.headers["ETag"] == f'"{step.after}"'
            if index >= _WARM_UP:
                counted += commandstats(servers) - before
    return counted, commands


def projection_calls(
    client: redis.Redis, url: str, *, commands: int = 40, script: Script | None = None
) -> tuple[Counter[str], int]:
    """Redis calls by name of the workers' projection of one game after each of `commands`
    commands, as the projection loop runs a round of one game: its pop of the queue (one
    call a round, however many games it pops), the clearing of the game's pending flag and
    `Projector.project([game])`: the other side of a command's cost, on one Redis. A round of
    several games shares the pop; the rest is paid a game."""
    from api import create_app
    from api.composition import redis_components
    from lorekeeper.settings import Settings
    from workers.context import build_context
    from workers.projection_loop import BATCH, ProjectionLoop

    settings = Settings(redis_url=url, jobs="rq", rate_per_s=1_000_000,
                        rate_burst=1_000_000, allow_anonymous_games=True)  # fmt: skip
    app = create_app(settings, components=redis_components(settings, RedisClients.single(client)))
    ctx = build_context(settings, client)
    loop = ProjectionLoop(ctx)
    script = script or random_game("river_crossing", "calls-1")
    counted: Counter[str] = Counter()
    with app.test_client() as http:
        created = http.post("/games", json=script.create_body()).get_json()
        game_id = created["game_id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        for index, step in enumerate(script.steps[: _WARM_UP + commands]):
            reply = http.post(f"/games/{game_id}/commands", data=json.dumps(step.body),
                              headers={"Authorization": f"Bearer {tokens[step.seat]}",
                                       "Content-Type": "application/json",
                                       "Idempotency-Key": f"projected-{index}"})  # fmt: skip
            assert reply.status_code == 200, reply.get_json()
            before = commandstats([client])
            popped = ctx.jobs.projection_queue.pop(BATCH, timeout_s=None)
            assert popped == [game_id], popped  # the append queued the game: its flag was clear
            loop.project(popped)
            if index >= _WARM_UP:
                counted += commandstats([client]) - before
    return counted, commands


def report(calls: Counter[str], commands: int) -> str:
    lines = [f"{calls.total() / commands:.2f} Redis calls per command ({commands} commands)"]
    for name, count in calls.most_common():
        lines.append(f"  {name:<12} {count / commands:6.2f}")
    return "\n".join(lines)


def main() -> int:
    from adapters.redis.server import RedisServerProcess

    with RedisServerProcess() as server:
        client = redis.Redis.from_url(server.url)
        for projected_each in (False, True):
            client.flushall()
            calls, commands = command_calls(RedisClients.single(client), [client],
                                            projected_each=projected_each)  # fmt: skip
            print("projected between commands:" if projected_each else "projection pending:")
            print(report(calls, commands))
        client.flushall()
        calls, commands = projection_calls(client, server.url)
        print("the workers' projection of the game after each command:")
        print(report(calls, commands))
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
