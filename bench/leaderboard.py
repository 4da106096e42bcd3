"""The leaderboard's pages (docs/ratings.md): a page's time with 1,000 players and with
100,000, over HTTP in process (the Flask app on a private redis-server), the first page and
pages deep in the board. A page reads a sorted index by range, so its time should not grow
with the number of players.

    python -m bench.leaderboard [--players 1000 100000] [--repeat 300]

The players are written with the keys the rating store writes (adapters/redis/ratings.py):
each one's rating hash and its place on the board, and its player hash (for its name).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any, cast

import redis

from adapters.redis.keys import RATINGS_BOARD_KEY, player_key, rating_key
from adapters.redis.ratings import RedisRatingStore
from adapters.redis.server import RedisServerProcess
from adapters.redis.stream_entries import text
from api import create_app
from api.composition import redis_components
from bench.report import Row, num, table
from lorekeeper.ratings.ports import board_place
from lorekeeper.settings import Settings

LIMIT = 50
FLAT = 1.5  # the deepest page at the most players, at most this many times the fewest's


def fill(client: redis.Redis, players: int, seed: int = 3) -> None:
    """`players` rated players, in batches of one pipeline."""
    rnd = random.Random(seed)
    for start in range(0, players, 5_000):
        pipe = client.pipeline(transaction=False)
        for n in range(start, min(start + 5_000, players)):
            player_id = f"p_{n:016x}"
            mu, sigma = rnd.gauss(1500, 300), rnd.uniform(80, 500)
            place = board_place(mu, player_id)
            pipe.hset(rating_key(player_id), mapping={"mu": repr(mu), "sigma": repr(sigma),
                      "rev": n, "place": place, "games": 3, "win": 2, "loss": 1})  # fmt: skip
            pipe.zadd(RATINGS_BOARD_KEY, {place: 0})
            pipe.hset(player_key(player_id), mapping={"name": f"P{n}", "created_ms": 1})
        pipe.execute()


class Board:
    """One filled redis-server and the app on it: the page reads to time."""

    def __init__(self, url: str, players: int, repeat: int) -> None:
        client = redis.Redis.from_url(url)
        fill(client, players)
        settings = Settings(redis_url=url, jobs="none", rate_per_s=0)
        self.http = create_app(settings, components=redis_components(settings)).test_client()
        self.store = RedisRatingStore(client)
        rnd = random.Random(11)
        picks = (rnd.randrange(players - LIMIT) for _ in range(repeat))
        self.cursors = [text(cast(list[Any], client.zrange(RATINGS_BOARD_KEY, k, k))[0])
                        for k in picks]  # fmt: skip

    def reads(self, n: int) -> dict[str, Callable[[], object]]:
        cursor = self.cursors[n % len(self.cursors)]

        def first() -> None:
            assert self.http.get(f"/ratings/leaderboard?limit={LIMIT}").status_code == 200

        def deep() -> None:
            got = self.http.get(f"/ratings/leaderboard?limit={LIMIT}&cursor={cursor}")
            assert got.status_code == 200 and len(got.get_json()["players"]) == LIMIT

        def index() -> None:
            assert len(self.store.leaderboard(cursor, LIMIT).ratings) == LIMIT

        return {"first page (HTTP)": first, "a page deep in the board (HTTP)": deep,
                "a deep page's index read (store)": index}  # fmt: skip


def rows(urls: dict[int, str], repeat: int) -> list[Row]:
    """Each read on each board in turn, interleaved, so the machine's other load falls on
    every size alike."""
    boards = {n: Board(url, n, repeat) for n, url in urls.items()}
    kinds = list(boards[next(iter(boards))].reads(0))
    times: dict[tuple[int, str], list[float]] = {(n, k): [] for n in boards for k in kinds}
    for r in range(repeat + 20):
        for n, board in boards.items():
            for kind, read in board.reads(r).items():
                started = time.perf_counter()
                read()
                if r >= 20:  # the first reads warm up
                    times[(n, kind)].append(time.perf_counter() - started)
    sizes = sorted(boards)
    out = []
    for kind in kinds:
        medians = {n: statistics.median(times[(n, kind)]) * 1000 for n in sizes}
        for n in sizes:
            p95 = sorted(times[(n, kind)])[int(repeat * 0.95)] * 1000
            out.append(Row(f"leaderboard {kind}, {n:,} players, median ms", num(medians[n], 2),
                           "", None, f"p95 {num(p95, 2)} ms; {LIMIT} players a page"))  # fmt: skip
        ratio = medians[sizes[-1]] / medians[sizes[0]]
        out.append(Row(f"leaderboard {kind}: {sizes[-1]:,} / {sizes[0]:,} players",
                       num(ratio, 2), f"<= {FLAT}", ratio <= FLAT,
                       "medians' ratio: flat is 1"))  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.leaderboard",
                                     description=__doc__.split("\n")[0])  # fmt: skip
    parser.add_argument("--players", type=int, nargs="+", default=[1_000, 100_000])
    parser.add_argument("--repeat", type=int, default=300, help="reads of each kind of page")
    args = parser.parse_args(argv)
    with ExitStack() as stack:
        servers = {n: stack.enter_context(RedisServerProcess()) for n in args.players}
        print("leaderboard pages …", flush=True)
        measured = rows({n: s.url for n, s in servers.items()}, args.repeat)
    print()
    print(table(measured))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
