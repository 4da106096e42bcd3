"""The benchmark's helpers work (the benchmarks themselves never run in the test suite)."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable

import pytest

import bench.stats
from bench.clients import Game, GameClient, Record
from bench.command_path import Side, Slice, slowest_fsync_ms, watch_fsync
from bench.games import breath_game, random_game
from bench.in_process import PARTS, call, command_requests, run_twice
from bench.loadgen import _parse, http_request
from bench.report import Row, table
from bench.stats import percentile
from bench.watch import delays
from domain import replay


def test_a_worked_out_game_knows_each_command_s_versions() -> None:
    script = random_game("river_crossing", "smoke", max_turns=2)

    assert script.over and replay(script.events).is_over
    assert all(s.before < s.after for s in script.steps)
    assert [s.before for s in script.steps[1:]] == [s.after for s in script.steps[:-1]]
    assert script.create_body()["options"] == {"seed": "smoke", "auto_decisions": True}


def test_a_breath_game_knows_when_each_phase_is_resolved() -> None:
    script = breath_game("smoke", rounds=2)

    done = [s for s in script.steps if s.breath_done is not None]
    assert [s.body["type"] for s in done] == ["end_movement", "end_movement"]
    assert all(s.breath_done > s.after for s in done)
    assert len(script.events) == script.steps[-1].after


def test_a_reply_is_read_once_its_body_is_in() -> None:
    request = http_request("POST", "/games/g/commands", 8000, {"If-Match": '"3"'}, b"{}")
    head = b'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nETag: "4"\r\nConnection: close\r\n\r\n'

    assert request.endswith(b"Content-Length: 2\r\n\r\n{}") and b'If-Match: "3"' in request
    assert _parse(bytearray(head + b"{")) is None
    assert _parse(bytearray(head + b"{}")) == (
        200, {"content-length": "2", "etag": '"4"', "connection": "close"},
    )  # fmt: skip


def test_lags_count_from_the_acknowledgement_and_never_go_below_zero() -> None:
    seen = {"g": [(1.0, 3), (1.5, 5)]}

    lags, missing = delays(seen, [("g", 4, 1.2), ("g", 3, 1.1), ("g", 6, 1.0)])

    assert [round(x, 6) for x in lags] == [0.3, 0.0]
    assert missing == 1


def test_a_client_s_games_in_play_are_its_current_one_and_the_one_before() -> None:
    script = random_game("river_crossing", "smoke", max_turns=1)
    games = [Game(f"g{n}", ["t0", "t1"], script) for n in range(3)]
    client = GameClient(8000, games, Record())

    assert client.games_in_play() == ["g0"]
    client._game_index = 2
    assert client.games_in_play() == ["g1", "g2"]
    client._game_index = 3  # past the last game: it wraps, as a cycling client does
    assert client.games_in_play() == ["g2", "g0"]


def test_a_side_gives_the_percentiles_of_its_lag_samples() -> None:
    side = Side([Slice(1.0, [], 0, {}, 0, [], [10.0, 30.0]), Slice(1.0, [], 0, {}, 0, [], [20.0])])

    assert side.lag_ms(50) == 20.0 and Side([Slice(1.0, [], 0, {}, 0, [])]).lag_ms(99) is None


def test_percentiles_and_the_table() -> None:
    assert percentile([5, 1, 4, 2, 3], 50) == 3 and percentile(list(range(1, 101)), 99) == 99
    text = table([Row("1 commands/s", "10", "≥ 1", True, json.dumps({"a": 1}))])
    assert "1 commands/s" in text and "ok" in text


def test_the_players_benchmark_runs_on_small_numbers(redis_server) -> None:
    # Only that it runs and reports every measure (bench/players.py); timings are not judged.
    import redis

    from bench.players import lobby_rows, player_key_rows

    rows = lobby_rows(redis_server.url, (50, 120), repeat=10, first_db=1)
    assert len(rows) == 8 and all(r.value.endswith(" ms") for r in rows)
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    rows = player_key_rows(client, commands=16, rounds=2)
    assert [r.measure for r in rows] == [
        "7 command in process, seat tokens",
        "7 command in process, player keys",
    ]


def test_the_long_games_benchmark_runs_on_small_numbers(redis_client) -> None:
    # bench/long_games.py: the game is legal to its end (decided by the rules), stored with
    # its chain, given its snapshots, and every curve is reported; timings are not judged.
    from bench.long_games import curve_rows, keep_snapshots, long_game, memory_rows, store

    events = long_game(300)
    assert len(events) >= 300 and events[0].type == "GameCreated"
    for n in (100, 300):
        store(redis_client, f"long-{n}", events[:n])
        keep_snapshots(redis_client, f"long-{n}", 50)
    rows = curve_rows(redis_client, (100, 300), 50, repeat=2, budget=300)
    rows += memory_rows(redis_client, (100, 300))
    assert [r.measure for r in rows][:2] == ["9 state?version=N-1, snapshots",
                                             "9 state?version=N-1, no snapshots"]  # fmt: skip
    assert len(rows) == 6 and "6 snapshots" in rows[-1].note


def test_the_retention_benchmark_measures_every_key_of_a_game(redis_client) -> None:
    from bench.retention import KEYS, per_key

    redis_client.set(KEYS["dice"]("g1"), "x" * 100)
    measured = per_key(redis_client, ["g1"])
    assert set(measured) == set(KEYS) and measured["dice"] > 100 and measured["stream"] == 0


def test_the_retention_benchmark_sweeps_an_index_holding_a_page_of_it(redis_client) -> None:
    from api import EXTENSION, create_app
    from api.composition import redis_components
    from bench.retention import sweep_over_index
    from lorekeeper.settings import Settings

    settings = Settings(jobs="inline", rate_per_s=0)
    app = create_app(settings, components=redis_components(settings, redis_client))
    row = sweep_over_index(redis_client, app.extensions[EXTENSION].archiver, 10_000)
    found = re.findall(r"([\d,]+) B", row.value + row.note)
    swept, whole = (int(n.replace(",", "")) for n in found)
    assert "10,000 ids (10,000 looked at)" in row.note
    assert swept < whole / 2  # about a batch's pipelines held (~0.6 MB), not 10,000 ids (~2 MB)


def test_measure_1_gives_each_client_games_enough_for_its_slices() -> None:
    from bench.__main__ import games_per_client, parse

    default = parse([])  # 4 rounds of two 5 s slices of ours, each after 1 s of warm-up
    assert games_per_client(default) * 250 >= 4 * 2 * 6 * 2_560 / 16  # 2,560 commands/s
    assert games_per_client(parse(["--rounds", "1", "--slice-s", "1"])) == 20


def test_measure_1_judges_the_api_s_cpu_against_the_ceiling_s_and_the_redis_calls() -> None:
    from bench.__main__ import _cost_rows

    # 1,000 commands each: the API 0.8 s of CPU (0.8 ms a command), the ceiling 0.45 s
    ours = Side([Slice(1.0, [0.01] * 1000, 0, {"server": 0.8}, 4_800, [])])
    ceiling = Side([Slice(1.0, [0.01] * 1000, 0, {"server": 0.45}, 1_000, [])])
    gap, calls = _cost_rows(ours, ceiling)

    assert (gap.value, gap.ok, calls.value, calls.ok) == ("+0.35 ms", False, "4.8", True)
    assert "0.80 against 0.45 ms (1.78×)" in gap.note
    cheaper = Side([Slice(1.0, [0.01] * 1000, 0, {"server": 0.7}, 5_200, [])])
    gap, calls = _cost_rows(cheaper, ceiling)
    assert (gap.value, gap.ok, calls.value, calls.ok) == ("+0.25 ms", True, "5.2", False)


def test_measure_1_puts_its_p99_beside_the_ceilings_and_times_its_rate() -> None:
    from bench.__main__ import HELLO, _command_rows

    # ours: 1,000 commands in 2 s at 40 ms each; the ceiling: 2,000 in 2 s at 20 ms
    ours = Side([Slice(2.0, [0.04] * 1000, 0, {"server": 2.0}, 4_000, [])])
    ceiling = Side([Slice(2.0, [0.02] * 2000, 0, {"server": 1.0}, 2_000, [])])
    hello = Side([Slice(1.0, [0.001] * 5000, 0, {"server": 1.0}, 0, [])])
    sides = {"ceiling": ceiling, HELLO: hello, "ours": ours, "ours, workers paused": ours}
    rows = {r.measure: r for r in _command_rows(sides, [40_000.0], 0)}

    tail = rows["  p99 latency, ours"]
    assert (tail.value, tail.ok) == ("40.0 ms", False)
    assert tail.note.startswith("the ceiling's 20.0 ms (2.00×); p99 × rate 20.0, the ceiling's "
                                "20.0 (16 clients")  # fmt: skip


def test_the_transparency_bench_measures_a_small_log(redis_client) -> None:  # issue 20
    from bench.transparency import game_leaves, redis_rows, tree_rows
    from lorekeeper.audit.leaves import is_sealed

    assert all(is_sealed(json.loads(leaf)) for leaf in game_leaves(3))

    rows = tree_rows(n_games=300) + redis_rows(redis_client, n_games=50)
    values = {r.measure: float(r.value.replace(",", "")) for r in rows}
    # Redis's used_memory moves with whatever else the test server frees meanwhile (lazy
    # frees, expiring keys), so its difference is only a number here; the rest is positive
    memory = "12 log cost per game on Redis, bytes"
    assert len(values) == 10 and all(v > 0 for k, v in values.items() if k != memory), values
    sealed = len(b'{"commitment":"' + b"0" * 64 + b'","format":2}')  # what the log keeps
    assert values["12 log cost per game: leaf data, bytes"] == 2 * sealed
    assert not redis_client.exists("lk:{tlog}:leaves")  # it cleans up after itself


def test_an_in_process_request_reaches_the_app_as_gunicorn_would_send_it() -> None:
    seen: dict[str, object] = {}

    def app(environ: dict[str, object], start_response: Callable[..., object]) -> list[bytes]:
        seen.update(environ)
        start_response("201 Created", [("Content-Type", "text/plain")])
        return [b"made ", b"it"]

    headers = {"Content-Type": "application/json", "If-Match": '"3"'}
    assert call(app, ("POST", "/v1/games/g/commands", b"{}", headers)) == (201, b"made it")
    assert seen["PATH_INFO"] == "/v1/games/g/commands" and seen["CONTENT_LENGTH"] == "2"
    assert seen["CONTENT_TYPE"] == "application/json" and seen["HTTP_IF_MATCH"] == '"3"'


def test_in_process_commands_take_turns_between_games() -> None:
    scripts = [random_game("river_crossing", f"turns-{i}", max_turns=1) for i in range(2)]
    games = [(f"g{i}", ["t0", "t1", "t2"], s) for i, s in enumerate(scripts)]

    requests = command_requests(games)

    assert len(requests) == sum(len(s.steps) for s in scripts)
    assert [r[1] for r in requests[:2]] == ["/v1/games/g0/commands", "/v1/games/g1/commands"]
    first = scripts[0].steps[0]
    assert json.loads(requests[0][2]) == first.body
    assert requests[0][3]["If-Match"] == f'"{first.before}"'
    assert requests[0][3]["Authorization"] == f"Bearer t{first.seat}"


def test_the_slowest_fsync_is_read_from_redis_s_latency_monitor(redis_client) -> None:
    watch_fsync(redis_client, threshold_ms=25)

    assert redis_client.config_get("latency-monitor-threshold") == {
        "latency-monitor-threshold": "25"
    }
    assert slowest_fsync_ms(redis_client) == 0  # nothing that slow yet

    class Latest:
        def execute_command(self, *args: str) -> list[list[object]]:
            assert args == ("LATENCY", "LATEST")
            return [[b"command", 1, 30, 40], [b"aof-fsync-always", 1, 286, 742]]

    assert slowest_fsync_ms(Latest()) == 742  # type: ignore[arg-type]


def test_each_part_the_attribution_runs_twice_is_where_the_request_path_finds_it() -> None:
    for part, (module_name, name, *owner) in PARTS.items():
        holder = importlib.import_module(module_name)
        holder = getattr(holder, owner[0]) if owner else holder
        assert callable(getattr(holder, name)), part


def test_a_part_run_twice_gives_its_answer_after_two_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[float] = []

    def counted(values: list[float], p: float) -> float:
        calls.append(p)
        return max(values)

    monkeypatch.setattr(bench.stats, "percentile", counted)
    run_twice("bench.stats", "percentile")
    assert bench.stats.percentile([1.0, 3.0], 50) == 3.0 and calls == [50, 50]


def test_the_open_loop_knows_which_commands_start_a_turn() -> None:
    from bench.open_loop import turn_starts

    script = random_game("river_crossing", "open-smoke", max_turns=3)
    starts = turn_starts(script)

    assert list(starts.values()) == sorted(starts.values()) and len(starts) >= 1
    state = replay(script.events[: script.steps[min(starts)].after])
    assert state.turn == starts[min(starts)]


def test_the_open_loop_counts_latency_from_when_a_command_was_due() -> None:
    from bench.loadgen import Reply
    from bench.open_loop import OpenLoopClient, Sink

    script = random_game("river_crossing", "open-due", max_turns=2)
    sink = Sink(start=10.0, end=20.0)
    client = OpenLoopClient(1, [Game("g", ["t0", "t1"], script)], sink, every_s=0.5,
                            start_at=10.0)  # fmt: skip

    assert client.next_request(9.0) == 10.0  # not due yet: ask again at 10.0
    first = client.next_request(10.2)  # sent 0.2 s late
    assert not isinstance(first, float) and first is not None
    assert client.next_request(10.3) == 10.5  # the next is due a period after the first
    client.on_reply(first, Reply(200, {"etag": f'"{script.steps[0].after}"'}, 10.2, 10.25))

    assert sink.latencies == [pytest.approx(0.25)]  # from 10.0, not from 10.2
