"""Measure 10: Redis memory per finished game, and as finished games pile up, before and
after archiving them (lorekeeper/games/archive.py, issue 23).

    python -m bench.retention                  # 3 rounds of 6 games
    python -m bench.retention --games 6 --rounds 3

Games are random legal river_crossing games with a 150-turn limit (bench/games.py, decided in
this process with the dice the server will use), played to their end through the API in this
process (Flask's test client on `redis_components`, projections inline, as one process
would run them: the projector keeps the views, the lobby's listings and the snapshots). After
each round, `used_memory` (INFO) and `MEMORY USAGE <key> SAMPLES 0` of every key of every
game (stream, command ids, projection, seats, dice, table, snapshots, archive); then every
finished game is archived (`Archiver.sweep(after_days=0)`, what `python -m workers archive`
runs once they are old enough) and the same is measured again. Keys shared by all games (the
lobby's hashes and sorted sets) are measured whole. A private redis-server, no AOF.

Last, the games' index is filled up to `--index` ids (ids of games that have no keys, as
archived games' are to a sweep: the games played are among them) and one sweep goes over
it: its time, and the Python memory it held at its peak (tracemalloc), next to what reading
the whole index at once holds (`SMEMBERS`, the ids sorted: how the sweep read it before it
read a page at a time).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

import redis
from flask.testing import FlaskClient

from adapters.redis.keys import (
    GAMES_KEY,
    LISTINGS_KEY,
    archive_key,
    commands_key,
    dice_key,
    events_key,
    projection_key,
    seats_key,
    snapshots_key,
    table_key,
)
from adapters.redis.server import RedisServerProcess
from adapters.redis.stream_entries import text
from adapters.redis.stream_heads import stream_versions
from api import EXTENSION, create_app
from api.composition import redis_components
from bench.games import random_game
from bench.report import Row, num, table
from lorekeeper.games.archive import Archiver
from lorekeeper.settings import Settings

KEYS = {
    "stream": events_key, "commands": commands_key, "projection": projection_key,
    "seats": seats_key, "dice": dice_key, "table": table_key, "snapshots": snapshots_key,
    "archive": archive_key,
}  # fmt: skip


def play(http: FlaskClient, seed: str) -> str:
    """One random game to its end through the API; its id."""
    script = random_game("river_crossing", seed, max_turns=150)
    made = http.post("/games", json=script.create_body())
    assert made.status_code == 201, made.get_data(as_text=True)[:300]
    body = made.get_json()
    tokens = [s["token"] for s in body["seats"]]
    for step in script.steps:
        reply = http.post(f"/games/{body['game_id']}/commands", json=step.body,
                          headers={"Authorization": f"Bearer {tokens[step.seat]}"})  # fmt: skip
        assert reply.status_code == 200, reply.get_data(as_text=True)[:300]
    return str(body["game_id"])


def per_key(client: redis.Redis, game_ids: Sequence[str]) -> dict[str, int]:
    """Bytes of each kind of key over all the games (MEMORY USAGE, every element counted)."""
    pipe = client.pipeline(transaction=False)
    for game_id in game_ids:
        for key in KEYS.values():
            pipe.memory_usage(key(game_id), samples=0)
    replies: list[Any] = pipe.execute()
    out = dict.fromkeys(KEYS, 0)
    for i, value in enumerate(replies):
        out[list(KEYS)[i % len(KEYS)]] += int(value or 0)
    return out


def shared(client: redis.Redis) -> int:
    """Bytes of the keys every game shares: the lobby listings and the lobby's sorted sets."""
    keys = [LISTINGS_KEY, *client.scan_iter(match="lk:{lobby}:*", count=1000)]
    return sum(int(client.memory_usage(k, samples=0) or 0) for k in dict.fromkeys(keys))


def used(client: redis.Redis) -> int:
    return int(client.info("memory")["used_memory"])


def _row(label: str, games: int, keys: dict[str, int], all_used: int, base: int) -> Row:
    total = sum(keys.values())
    parts = ", ".join(f"{k} {num(v / games)}" for k, v in keys.items() if v)
    return Row(f"10 {label}", f"{num(total / games)} B", "", None,
               f"a game, {games} games: {parts}; used_memory {num((all_used - base) / games)} "
               "a game")  # fmt: skip


def sweep_over_index(client: redis.Redis, archiver: Archiver, ids: int) -> Row:
    """One sweep over an index of `ids` game ids: its time and peak Python memory, and the
    peak of reading the whole index at once."""
    pipe = client.pipeline(transaction=False)
    for start in range(0, ids, 10_000):
        pipe.sadd(GAMES_KEY, *(f"index-{n:09}" for n in range(start, min(ids, start + 10_000))))
    pipe.execute()
    total = int(client.scard(GAMES_KEY))
    began = time.perf_counter()
    tracemalloc.start()
    counts = archiver.sweep(after_days=0)
    sweep_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    seconds = time.perf_counter() - began
    tracemalloc.start()
    whole = len(sorted(text(m) for m in client.smembers(GAMES_KEY)))
    whole_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return Row("10 archive sweep over the index", f"{num(sweep_peak)} B", "", None,
               f"peak Python memory; {num(total)} ids ({sum(counts.values()):,} looked at) in "
               f"{seconds:.1f} s; reading the index whole ({num(whole)} ids) holds "
               f"{num(whole_peak)} B at its peak")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.retention", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--games", type=int, default=6, help="games a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--index", type=int, default=100_000, help="ids in the games' index "
                        "for the last sweep (0: none)")  # fmt: skip
    args = parser.parse_args(argv)
    rows: list[Row] = []
    with RedisServerProcess() as server:
        client = redis.Redis.from_url(server.url)
        settings = Settings(jobs="inline", rate_per_s=0, allow_anonymous_games=True)
        app = create_app(settings, components=redis_components(settings, client))
        archiver: Archiver = app.extensions[EXTENSION].archiver
        http = app.test_client()
        base = used(client)
        games: list[str] = []
        curve: list[tuple[int, int, int]] = []  # games, used_memory before/after archiving
        for round_ in range(args.rounds):
            began = time.perf_counter()
            games += [play(http, f"r{round_}g{i}") for i in range(args.games)]
            fresh = [g for g in games if client.exists(events_key(g))]
            events = sum(stream_versions(client, fresh))
            before_keys, before_used = per_key(client, fresh), used(client)
            counts = archiver.sweep(after_days=0)
            after_keys, after_used = per_key(client, fresh), used(client)
            curve.append((len(games), before_used - base, after_used - base))
            print(f"  round {round_ + 1}: {args.games} games played and archived in "
                  f"{time.perf_counter() - began:.1f} s ({counts})", flush=True)  # fmt: skip
            if round_ == 0:
                per_game_events = events / len(fresh)
                rows.append(_row("finished game, live", len(fresh), before_keys, before_used,
                                 base))  # fmt: skip
                rows.append(_row("finished game, archived", len(fresh), after_keys, after_used,
                                 base))  # fmt: skip
                ratio = sum(before_keys.values()) / max(1, sum(after_keys.values()))
                rows.append(Row("10 archived / live", f"{ratio:.1f}× smaller", "", None,
                                f"{per_game_events:.0f} events a game"))  # fmt: skip
        line = "  ".join(f"{g}: {num(b)} → {num(a)}" for g, b, a in curve)
        rows.append(Row("10 used_memory as games pile up", "bytes", "", None,
                        f"games: before → after archiving: {line}"))  # fmt: skip
        rows.append(Row("10 lobby keys (shared)", f"{num(shared(client) / len(games))} B", "",
                        None, f"a game, {len(games)} games listed"))  # fmt: skip
        if args.index > 0:
            rows.append(sweep_over_index(client, archiver, args.index))
    print()
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
