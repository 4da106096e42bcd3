"""Measure 7: the lobby and "my games" pages with 1,000 and 100,000 games stored, and the
command path with player keys against seat tokens (issue 15).

    python -m bench.players                 # both, against a private redis-server
    python -m bench.players --games 1000 20000 --commands 400

**Pages.** The lobby index is filled with synthetic listings (`RedisLobbyIndex.update`,
the projector's own write): a tenth of the games open, 60 % active, the rest over, three
scenarios, two players each from a pool of one per 20 games, and one player, "me", in 1 %
of them (10 games of 1,000, 1,000 of 100,000). Each page is read many times through the
API in this process (Flask's test client on `redis_components`, no network) and through the
index alone; the figure is the median. A page costs O(log N + page size), so the figures
should stay flat from 1,000 to 100,000 games.

**Commands with player keys.** Games of two seats in which both seats send `end_turn` in
turn, in alternating slices: one set played with seat tokens, one with player keys (a key
is looked up in Redis on every request: no cache, so a revoked key is refused at once).
The figures are the median time a command takes through the API in this process, and
Redis calls per command. The machine is shared: compare the two sides of one run, not
runs with each other.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import redis
from flask.testing import FlaskClient

from adapters.redis.lobby import RedisLobbyIndex
from adapters.redis.server import RedisServerProcess
from api import create_app
from api.composition import redis_components
from bench.report import Row, num, table
from lorekeeper.players.lobby import LobbyReader, place_of
from lorekeeper.players.ports import Listing, Shelf
from lorekeeper.settings import Settings

PAGE = 20
SCENARIOS = ("river_crossing", "sky_trio", "sky_council")
_FILL_BATCH = 2_000


def _settings() -> Settings:
    return Settings(jobs="none", rate_per_s=0, allow_anonymous_games=True)


def _app(client: redis.Redis) -> FlaskClient:
    settings = _settings()
    return create_app(settings, components=redis_components(settings, client)).test_client()


# -- pages ----------------------------------------------------------------------------------------


def _listing(n: int, me: str, players: int) -> Listing:
    status = "open" if n % 10 == 0 else "active" if n % 10 < 7 else "over"
    scenario = SCENARIOS[n % 3]
    game_id = f"bench-{n:07d}"
    seats = [f"p_{(n * 7919 + s) % players:016x}" for s in range(2)]
    if n % 100 == 0:
        seats[0] = me
    shelves = [Shelf("public", status), Shelf("public", status, scenario)]
    if status != "expired":
        shelves += [Shelf("public", "all"), Shelf("public", "all", scenario)]
    for player in seats:
        shelves += [Shelf("player", status, None, player), Shelf("player", "all", None, player)]
    if status == "active":
        shelves.append(Shelf("player", "waiting", None, seats[n % 2]))
    entry = {"game_id": game_id, "scenario": scenario, "status": status, "seats": 2,
             "to_act": n % 2 if status == "active" else None, "turn": 1 + n % 30,
             "phase": "order", "winner": None, "version": 2 + n % 200, "visibility": "public",
             "created_ms": 1_700_000_000_000 + n, "last_activity": 1_700_000_000_000 + n,
             "seating": [{"seat": s, "kind": "player", "player": {"id": p, "name": "P"}}
                         for s, p in enumerate(seats)]}  # fmt: skip
    stamp = (2 + n % 200, 2)
    return Listing(game_id, stamp, 1_700_000_000_000 + n, tuple(shelves), entry)


def fill(index: RedisLobbyIndex, start: int, stop: int, me: str) -> float:
    """List games start..stop-1; seconds taken."""
    began = time.perf_counter()
    players = max(10, stop // 20)
    for first in range(start, stop, _FILL_BATCH):
        index.update(
            [_listing(n, me, players) for n in range(first, min(stop, first + _FILL_BATCH))]
        )
    return time.perf_counter() - began


def page_reads(
    client: redis.Redis, http: FlaskClient, key: str, me: str
) -> dict[str, Callable[[], Any]]:
    """Each page read to time, on one store (by name)."""
    index = RedisLobbyIndex(client)
    reader = LobbyReader(index)
    middle = index.page(Shelf("public", "all"), None, index.count(Shelf("public", "all")) // 2)
    deep = middle.next_cursor or place_of(1_700_000_000_000, "bench-0000000")
    auth = {"Authorization": f"Bearer {key}"}

    def get(url: str, **headers: str) -> Callable[[], None]:
        def call() -> None:
            response = http.get(url, headers=headers)
            assert response.status_code == 200, response.get_data(as_text=True)

        return call

    return {
        "index: lobby, first page": lambda: reader.public(None, None, None, PAGE),
        "index: lobby, page in the middle": lambda: reader.public(None, None, deep, PAGE),
        "index: my games, turn=mine": lambda: reader.mine(me, "waiting", None, PAGE),
        "API: GET /games?limit=20": get(f"/games?limit={PAGE}"),
        "API: GET /games?status=active&scenario=…": get(
            f"/games?status=active&scenario=sky_trio&limit={PAGE}"),
        "API: GET /games, page in the middle": get(f"/games?limit={PAGE}&cursor={deep}"),
        "API: GET /players/me/games": get(f"/players/me/games?limit={PAGE}", **auth),
        "API: GET /players/me/games?turn=mine": get(
            f"/players/me/games?turn=mine&limit={PAGE}", **auth),
    }  # fmt: skip


def _with_db(url: str, db: int) -> str:
    """`url` naming database `db` (a database in the URL's path wins over a keyword)."""
    base, _, last = url.rpartition("/")
    return f"{base if last.isdigit() else url.rstrip('/')}/{db}"


def _timed_ms(run: Callable[[], Any], times: int) -> list[float]:
    out = []
    for _ in range(times):
        began = time.perf_counter()
        run()
        out.append((time.perf_counter() - began) * 1000)
    return out


def lobby_rows(
    url: str, sizes: tuple[int, ...] = (1_000, 100_000), repeat: int = 200, first_db: int = 0
) -> list[Row]:
    """Page times with each number of games stored, each size in a database of its own on
    the same server (`first_db` on, emptied first), read in alternating rounds (what else
    runs on the machine weighs on every size alike)."""
    reads: dict[int, dict[str, Callable[[], Any]]] = {}
    for db, size in enumerate(sorted(sizes), start=first_db):
        client = redis.Redis.from_url(_with_db(url, db))
        client.flushdb()
        http = _app(client)
        signed = http.post("/players", json={"name": "me"}).get_json()
        fill_s = fill(RedisLobbyIndex(client), 0, size, signed["id"])
        print(f"  {size:,} games listed in db {db} ({fill_s:.1f} s)", flush=True)
        reads[size] = page_reads(client, http, signed["key"], signed["id"])
    names = list(reads[min(sizes)])
    times: dict[tuple[int, str], list[float]] = {(s, n): [] for s in sizes for n in names}
    rounds = 10
    for _ in range(rounds):
        for name in names:
            for size in sorted(sizes):
                reads[size][name]()  # warm
                times[size, name] += _timed_ms(reads[size][name], max(1, repeat // rounds))
    small, large = min(sizes), max(sizes)
    rows = []
    for name in names:
        medians = {s: statistics.median(times[s, name]) for s in sizes}
        values = "  ".join(num(medians[s], 2) for s in sorted(sizes))
        note = f"{large:,} vs {small:,} games: {medians[large] / medians[small]:.2f}×"
        rows.append(Row(f"7 {name}", f"{values} ms", "flat", None,
                        f"{note}; median of {len(times[small, name])}"))  # fmt: skip
    return rows


# -- commands with player keys ---------------------------------------------------------------


def _duel() -> dict[str, Any]:
    return {
        "name": "bench_duel", "width": 5, "height": 3,
        "settings": {"max_turns": 10_000},
        "players": [{"home_edge": "south", "lore": 3, "cards": []},
                    {"home_edge": "north", "lore": 3, "cards": []}],
        "units": [{"id": "a", "kind": "blue_foot", "owner": 0, "hex": [0, 2]},
                  {"id": "b", "kind": "red_foot", "owner": 1, "hex": [4, 0]}],
    }  # fmt: skip


def _games(
    http: FlaskClient, count: int
) -> tuple[list[tuple[str, list[str]]], list[tuple[str, list[str]]]]:
    """`count` games played by seat tokens, and `count` by two players' keys."""
    by_token = []
    for _ in range(count):
        made = http.post("/games", json={"scenario": _duel()}).get_json()
        by_token.append((made["game_id"], [s["token"] for s in made["seats"]]))
    by_key = []
    for _ in range(count):
        one, two = (http.post("/players", json={"name": n}).get_json() for n in ("A", "B"))
        made = http.post("/games", json={"scenario": _duel(), "visibility": "private",
                                         "seats": [{"kind": "me"}, {"kind": "invite"}]},
                         headers={"Authorization": f"Bearer {one['key']}"}).get_json()  # fmt: skip
        http.post(f"/games/{made['game_id']}/join",
                  json={"invitation": made["invitations"][0]["token"]},
                  headers={"Authorization": f"Bearer {two['key']}"})  # fmt: skip
        by_key.append((made["game_id"], [one["key"], two["key"]]))
    return by_token, by_key


def _slice(http: FlaskClient, games: list[tuple[str, list[str]]], turns: dict[str, int],
           commands: int) -> list[float]:  # fmt: skip
    times = []
    for i in range(commands):
        game_id, creds = games[i % len(games)]
        seat = turns[game_id]
        began = time.perf_counter()
        reply = http.post(f"/games/{game_id}/commands", json={"type": "end_turn"},
                          headers={"Authorization": f"Bearer {creds[seat]}"})  # fmt: skip
        times.append(time.perf_counter() - began)
        assert reply.status_code == 200, reply.get_data(as_text=True)
        turns[game_id] = 1 - seat
    return times


def _redis_calls(client: redis.Redis) -> int:
    return int(client.info("stats")["total_commands_processed"])


def player_key_rows(client: redis.Redis, commands: int = 600, rounds: int = 4) -> list[Row]:
    """Commands through the API in this process: seat tokens against player keys."""
    http = _app(client)
    by_token, by_key = _games(http, 8)
    turns = {g: 0 for g, _ in by_token + by_key}
    sides: dict[str, list[float]] = {"seat tokens": [], "player keys": []}
    calls: dict[str, int] = {"seat tokens": 0, "player keys": 0}
    _slice(http, by_token, turns, 50)
    _slice(http, by_key, turns, 50)  # warm both: caches, scripts
    for _ in range(rounds):
        for name, games in (("seat tokens", by_token), ("player keys", by_key)):
            before = _redis_calls(client)
            sides[name] += _slice(http, games, turns, commands // rounds)
            calls[name] += _redis_calls(client) - before
    token_ms = statistics.median(sides["seat tokens"]) * 1000
    rows = []
    for name, times in sides.items():
        ms = statistics.median(times) * 1000
        per = calls[name] / len(times)
        rows.append(Row(f"7 command in process, {name}", f"{num(ms, 2)} ms",
                        "", None, f"{ms / token_ms:.2f}× seat tokens; p90 "
                        f"{num(sorted(times)[int(len(times) * 0.9)] * 1000, 2)} ms; "
                        f"Redis calls/cmd {per:.1f}; {len(times)} commands"))  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.players", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 100_000])
    parser.add_argument("--repeat", type=int, default=200, help="reads of each page")
    parser.add_argument("--commands", type=int, default=600, help="commands a side")
    args = parser.parse_args(argv)
    with RedisServerProcess() as server:
        print("lobby pages …", flush=True)
        rows = lobby_rows(server.url, tuple(args.games), args.repeat)
        client = redis.Redis.from_url(server.url)
        client.flushall()
        print("commands with player keys …", flush=True)
        rows += player_key_rows(client, args.commands)
    print()
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
