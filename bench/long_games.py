"""Measure 9: flat as a game grows (issue 23). `GET /games/{id}/state?version=N` and the first
load of a game no process has cached, in games of 1,000, 10,000 and 100,000 events, with
snapshots (lorekeeper/games/snapshots.py) and without.

    python -m bench.long_games                       # 1k, 10k, 100k events
    python -m bench.long_games --sizes 1000 10000    # quicker

**The games.** One legal game, decided here by the rules (`decide`, river_crossing without a
turn limit, every command `end_turn`: two events a turn, TurnEnded and TurnStarted, so
100,000 events take 50,000 commands, about 10 s), stored through `RedisStreamEventStore` in
appends of two events, as the server stores an end_turn (one stream entry an append), hash
chain and all, as three games: its first 1,000, 10,000 and 100,000 events. Then
`GameLog.replay(keep_snapshots=True)`, what `python -m workers rebuild` runs, keeps a
snapshot every LOREKEEPER_SNAPSHOT_EVERY (500) events, as the projector would have while the
game was played. A private redis-server (no AOF: these are reads).

**The reads.** Through the API in this process (Flask's test client on `redis_components`,
no network, the state cache of a new app each time: nothing cached), the worst case for
snapshots: `state?version=N-1` of the game of N events (N-1 is 499 past the newest snapshot:
the most a load folds), and `GET /games/{id}/state` of a game no process has loaded (the
first load: the newest snapshot and the events after it, then the view). Without snapshots
(LOREKEEPER_SNAPSHOT_EVERY=0) both fold from event 1. The figure is the median of the
repeats; the machine is shared: compare columns within one run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

import redis

from adapters.memory.jobs import InMemoryJobQueue
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.game_secrets import RedisDiceStore
from adapters.redis.keys import events_key, snapshots_key
from adapters.redis.server import RedisServerProcess
from adapters.redis.snapshots import RedisSnapshotStore
from api import create_app
from api.composition import redis_components
from bench.report import Row, num, table
from domain import SeededDice, command_from_json, decide, fold, new_game, replay
from domain.events import SCHEMA_VERSION, Event
from domain.scenarios import get_scenario
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import NewEvent
from lorekeeper.settings import Settings

SIZES = (1_000, 10_000, 100_000)
_APPEND = 2  # events an append: an end_turn's TurnEnded and TurnStarted
END_TURN = command_from_json({"type": "end_turn"})


def long_game(events: int) -> list[Event]:
    """At least `events` events of one legal river_crossing game without a turn limit."""
    doc = get_scenario("river_crossing")
    assert doc is not None
    doc["settings"]["max_turns"] = None
    dice = SeededDice("long")
    out = list(new_game(doc, auto_decisions=True))
    state = replay(out)
    while len(out) < events:
        new = decide(state, END_TURN, dice, state.active)
        state = fold(state, new)
        out += new
    return out


def store(client: redis.Redis, game_id: str, events: Sequence[Event]) -> None:
    """The events in the game's stream, as the server appends them (the chain linked, an
    entry a command: a read from any version decodes what a played game's stream would)."""
    stored = RedisStreamEventStore(client)
    new = [NewEvent(e.type, e.payload(), schema=SCHEMA_VERSION) for e in events]
    stored.create(game_id, new[:1])
    for start in range(1, len(new), _APPEND):
        chunk = new[start : start + _APPEND]
        stored.append(game_id, start, chunk, seat=None, command_id=None, command_hash=None)


def keep_snapshots(client: redis.Redis, game_id: str, every: int) -> None:
    log = GameLog(RedisStreamEventStore(client), RedisDiceStore(client), InMemoryJobQueue(),
                  snapshots=RedisSnapshotStore(client), snapshot_every=every)  # fmt: skip
    log.replay(game_id, keep_snapshots=True)


def _get(client: redis.Redis, every: int, url: str) -> Callable[[], float]:
    """A GET through a new app (nothing cached); the call gives its milliseconds."""

    def call() -> float:
        settings = Settings(jobs="none", rate_per_s=0, snapshot_every=every)
        http = create_app(settings, components=redis_components(settings, client)).test_client()
        began = time.perf_counter()
        response = http.get(url)
        ms = (time.perf_counter() - began) * 1000
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        return ms

    return call


def _median_ms(call: Callable[[], float], repeat: int) -> float:
    return statistics.median(call() for _ in range(repeat))


def curve_rows(
    client: redis.Redis, sizes: Sequence[int], every: int, repeat: int = 15, budget: int = 10_000
) -> list[Row]:
    """Each read's curve; `repeat` calls with snapshots, about `budget` events folded without."""
    rows: list[Row] = []
    reads = {
        "state?version=N-1": lambda g, n: f"/games/{g}/state?version={n - 1}",
        "first load, GET /state": lambda g, n: f"/games/{g}/state",
    }
    for name, url in reads.items():
        for label, k in (("snapshots", every), ("no snapshots", 0)):
            values = []
            for n in sizes:
                times = repeat if k else max(1, budget // n)  # a 100k replay takes seconds
                values.append(_median_ms(_get(client, k, url(f"long-{n}", n)), times))
            curve = "  ".join(num(v, 1) for v in values)
            growth = f"{values[-1] / values[0]:.1f}× from {sizes[0]:,} to {sizes[-1]:,} events"
            rows.append(Row(f"9 {name}, {label}", f"{curve} ms", "flat" if k else "", None,
                            growth))  # fmt: skip
    return rows


def memory_rows(client: redis.Redis, sizes: Sequence[int]) -> list[Row]:
    rows = []
    for n in sizes:
        game_id = f"long-{n}"
        stream = int(client.memory_usage(events_key(game_id), samples=0) or 0)
        kept = int(client.memory_usage(snapshots_key(game_id), samples=0) or 0)
        count = int(client.zcard(snapshots_key(game_id)))
        rows.append(Row(f"9 snapshots' memory, {n:,} events", f"{num(kept)} B", "", None,
                        f"{count} snapshots, {kept / max(1, count):,.0f} B each; the stream "
                        f"{num(stream)} B ({100 * kept / max(1, stream):.1f} %)"))  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.long_games", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--every", type=int, default=Settings().snapshot_every)
    args = parser.parse_args(argv)
    sizes = sorted(args.sizes)
    began = time.perf_counter()
    events = long_game(sizes[-1])
    print(f"a {len(events):,}-event game decided in {time.perf_counter() - began:.1f} s",
          flush=True)  # fmt: skip
    with RedisServerProcess() as server:
        client = redis.Redis.from_url(server.url)
        for n in sizes:
            began = time.perf_counter()
            store(client, f"long-{n}", events[:n])
            stored_s = time.perf_counter() - began
            keep_snapshots(client, f"long-{n}", args.every)
            print(f"  long-{n}: stored in {stored_s:.1f} s, snapshots kept in "
                  f"{time.perf_counter() - began - stored_s:.1f} s", flush=True)  # fmt: skip
        rows = curve_rows(client, sizes, args.every) + memory_rows(client, sizes)
    print()
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
