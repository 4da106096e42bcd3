"""The push ports' contract (lorekeeper/push/ports.py: NotificationLog, WebhookStore, TicketStore),
run on both implementations: each fact's note appended once and in stamp order, logs
bounded, endpoints due when their player is told something and settled only at the log's
head, claims leased, locks held by one, tickets good once."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
import redis

from adapters.memory.push import InMemoryNotificationLog, InMemoryTicketStore, InMemoryWebhookStore
from adapters.redis.push import RedisNotificationLog, RedisTicketStore, RedisWebhookStore
from lorekeeper.push.ports import Endpoint, Note, NotificationLog, TicketStore, WebhookStore

Push = tuple[NotificationLog, WebhookStore, TicketStore]


@pytest.fixture(params=["in_memory", "redis"])
def push(request: pytest.FixtureRequest) -> Push:
    if request.param == "in_memory":
        hooks = InMemoryWebhookStore()
        notes = InMemoryNotificationLog(max_len=20, webhooks=hooks)
        hooks.notes = notes
        return notes, hooks, InMemoryTicketStore()
    client: redis.Redis = request.getfixturevalue("redis_client")
    return (
        RedisNotificationLog(client, max_len=20),
        RedisWebhookStore(client),
        RedisTicketStore(client),
    )


def note(player: str, fact: str, game: str = "g1") -> tuple[str, Note]:
    return fact, Note(f"n_{player}_{fact}", fact.split(":")[0], game, {"seat": 0})


def types(log: NotificationLog, player: str) -> list[str]:
    return [e.item["type"] for e in log.read(f"player:{player}", "0-0", 100)]


def test_each_new_fact_is_appended_once(push: Push) -> None:
    log = push[0]
    assert log.head("p1") == "0-0" and log.oldest("p1") is None
    assert log.record("g1", (1, 1), {"p1": [note("p1", "invited:1")]}) == 1
    assert log.record("g1", (1, 1), {"p1": [note("p1", "invited:1")]}) == 0  # the same stamp
    facts = {"p1": [note("p1", "started"), note("p1", "turn:1:0")], "p2": [note("p2", "started")]}
    assert log.record("g1", (2, 2), facts) == 3
    assert log.record("g1", (3, 2), facts) == 0  # still true: nothing new
    assert types(log, "p1") == ["invited", "started", "turn"]
    assert types(log, "p2") == ["started"]
    first = log.read("player:p1", "0-0", 1)[0]
    assert first.item == {"id": "n_p1_invited:1", "type": "invited", "game_id": "g1", "seat": 0}
    assert log.head("p1") == log.read("player:p1", "0-0", 100)[-1].position
    assert log.oldest("p1") == first.position


def test_an_older_stamp_changes_nothing(push: Push) -> None:
    log = push[0]
    log.record("g1", (5, 1), {"p1": [note("p1", "over")]})
    assert log.record("g1", (4, 9), {"p1": [note("p1", "turn:2:0")]}) == 0
    assert log.record("g1", (5, 1), {"p1": [note("p1", "turn:2:0")]}) == 0
    assert types(log, "p1") == ["over"]


def test_a_fact_that_ends_and_holds_again_is_told_again(push: Push) -> None:
    log = push[0]
    log.record("g1", (1, 1), {"p1": [note("p1", "turn:1:0")]})
    log.record("g1", (2, 1), {"p1": []})
    log.record("g1", (3, 1), {"p1": [note("p1", "turn:1:0")]})
    entries = log.read("player:p1", "0-0", 100)
    assert [e.item["id"] for e in entries] == ["n_p1_turn:1:0"] * 2  # the same id: de-dup


def test_games_are_recorded_apart_and_a_log_is_bounded(push: Push) -> None:
    log = push[0]
    for n in range(300):
        log.record(f"g{n}", (1, 1), {"p1": [note("p1", "started", f"g{n}")]})
    kept = log.read("player:p1", "0-0", 1000)
    assert 20 <= len(kept) < 300  # MAXLEN ~ 20: Redis trims whole nodes, so about
    assert kept[-1].item["game_id"] == "g299"
    assert log.oldest("p1") == kept[0].position


def test_concurrent_records_of_one_game_append_each_note_once(push: Push) -> None:
    log = push[0]
    facts = {"p1": [note("p1", "started"), note("p1", "turn:1:0")]}
    threads = [threading.Thread(target=log.record, args=("g1", (2, 1), facts)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert types(log, "p1") == ["started", "turn"]


def endpoint(player: str = "p1", id_: str = "wh_1", **changes: Any) -> Endpoint:
    return Endpoint(id_, player, "https://a.example/", ("started",), "whsec_x", 1, **changes)


def test_endpoints_are_kept_listed_updated_and_deleted(push: Push) -> None:
    hooks = push[1]
    assert hooks.add(endpoint(), 2) and hooks.add(endpoint(id_="wh_2"), 2)
    assert not hooks.add(endpoint(id_="wh_3"), 2)  # the cap
    assert [e.id for e in hooks.endpoints("p1")] == ["wh_1", "wh_2"]
    hooks.update(endpoint(cursor="5-0", failures=2))
    assert hooks.load("p1", "wh_1") == endpoint(cursor="5-0", failures=2)
    assert hooks.delete("p1", "wh_1") and not hooks.delete("p1", "wh_1")
    hooks.update(endpoint(cursor="6-0"))  # a delivery finishing late brings nothing back
    assert hooks.load("p1", "wh_1") is None
    assert hooks.endpoints("p2") == []


def test_a_player_told_something_makes_its_enabled_endpoints_due(push: Push) -> None:
    log, hooks, _ = push
    hooks.add(endpoint(), 5)
    hooks.add(endpoint(id_="wh_off", enabled=False), 5)
    hooks.update(endpoint(id_="wh_off", enabled=False))
    assert hooks.claim_due(int(time.time() * 1000) + 10, 1000, 10) == []
    log.record("g1", (1, 1), {"p1": [note("p1", "started")]})
    now = int(time.time() * 1000) + 10
    assert hooks.claim_due(now, 1000, 10) == [("p1", "wh_1")]
    assert hooks.claim_due(now, 1000, 10) == []  # leased
    assert hooks.claim_due(now + 1001, 1000, 10) == [("p1", "wh_1")]  # the lease lapsed
    head = log.head("p1")
    assert not hooks.settle("p1", "wh_1", "0-0", head)  # behind the head: due now
    assert hooks.claim_due(now + 5000, 1000, 10) == [("p1", "wh_1")]
    assert hooks.settle("p1", "wh_1", head, head)
    assert hooks.claim_due(now + 10**6, 1000, 10) == []
    log.append("p1", Note("n_x", "time_running_out", "g1", {}))  # a notice: due again
    assert hooks.claim_due(int(time.time() * 1000) + 10, 1000, 10) == [("p1", "wh_1")]
    hooks.schedule("p1", "wh_1", now + 10**7)  # a back-off
    assert hooks.claim_due(now + 10**6, 1000, 10) == []


def test_one_holds_an_endpoints_lock(push: Push) -> None:
    hooks = push[1]
    assert hooks.lock("p1", "wh_1", "a", 10_000)
    assert not hooks.lock("p1", "wh_1", "b", 10_000)
    assert hooks.lock("p1", "wh_1", "a", 10_000)  # extended by its holder
    hooks.unlock("p1", "wh_1", "b")  # not the holder: nothing
    assert not hooks.lock("p1", "wh_1", "b", 10_000)
    hooks.unlock("p1", "wh_1", "a")
    assert hooks.lock("p1", "wh_1", "b", 50)
    time.sleep(0.1)
    assert hooks.lock("p1", "wh_1", "c", 50)  # a lapsed lease


def test_the_delivery_log_keeps_the_newest(push: Push) -> None:
    hooks = push[1]
    for n in range(5):
        hooks.log("p1", "wh_1", {"n": n}, 3)
    assert hooks.deliveries("p1", "wh_1") == [{"n": 4}, {"n": 3}, {"n": 2}]


def test_a_ticket_is_good_once_and_for_a_while(push: Push) -> None:
    tickets = push[2]
    tickets.issue("d1", "p1", 60)
    assert tickets.redeem("d1") == "p1"
    assert tickets.redeem("d1") is None
    assert tickets.redeem("d2") is None
    tickets.issue("d3", "p1", 1)
    time.sleep(1.1)
    assert tickets.redeem("d3") is None


def test_several_games_are_recorded_at_once(push: Push) -> None:
    log = push[0]
    games = [(f"g{n}", (1, 1), {"p1": [note("p1", "started", f"g{n}")]}) for n in range(3)]
    assert log.record_many(games) == [1, 1, 1]
    assert log.record_many(games) == [0, 0, 0]
    assert log.record_many([]) == []
    assert [e.item["game_id"] for e in log.read("player:p1", "0-0", 10)] == ["g0", "g1", "g2"]
