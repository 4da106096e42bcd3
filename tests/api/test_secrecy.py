"""Hidden information (R-LOR-4): no read endpoint shows a seat's cards to anyone else.

Seat 0 holds `hold`, seat 1 holds two `web`s. Seat 0's Ice Drake flies, so seat 1 gets a
reaction window (R-FLY-4) and its legal actions name its cards. Every read endpoint is asked
by every seat and by a tokenless reader, at every version; the other seats' card names must
appear nowhere. Once seat 1 plays a card, that card is public (CardPlayed).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from domain.catalogue import CARDS
from domain.notation import scenario_from_text
from lorekeeper.audit.canonical import canonical_json
from tests.api.helpers import Game, bearer, create

BOARD = """
.   .   .   .   .   .
 id0 .   .   .   .   .
.   bf0 .   .   .   bf1
"""
HANDS = {0: {"hold"}, 1: {"web"}}
FLIGHT = {"type": "fly", "unit": "id0", "path": [[1, 1], [2, 1], [3, 1]]}


def secret_game(client: FlaskClient) -> Game:
    players = [
        {"home_edge": "south", "lore": 3, "cards": ["hold"]},
        {"home_edge": "north", "lore": 3, "cards": ["web", "web"]},
    ]
    doc = scenario_from_text(BOARD, players=players, name="secrets")
    return create(client, doc, dice={"script": ["flag"] * 10})


def forbidden_for(viewer: int | None) -> set[str]:
    return {card for seat, cards in HANDS.items() if seat != viewer for card in cards}


def reads(game: Game, seat: int | None) -> Iterator[tuple[str, str]]:
    """(what, body text) of every read endpoint, as `seat` (None: no token) sees it."""
    headers = bearer(game.tokens[seat]) if seat is not None else {}
    get = game.client.get
    yield "view", get(game.url, headers=headers).get_data(as_text=True)
    version = get(game.url).get_json()["version"]
    for v in range(1, version + 1):
        yield f"state@{v}", get(f"{game.url}/state?version={v}", headers=headers).get_data(True)
    yield "events", get(f"{game.url}/events", headers=headers).get_data(as_text=True)
    ndjson = {**headers, "Accept": "application/x-ndjson"}
    yield "ndjson", get(f"{game.url}/events", headers=ndjson).get_data(as_text=True)
    yield "stream", get(f"{game.url}/stream", headers=headers).get_data(as_text=True)
    yield "lobby", get("/games", headers=headers).get_data(as_text=True)
    yield "export", get(f"{game.url}/export", headers=headers).get_data(as_text=True)
    yield "audit", get(f"{game.url}/audit", headers=headers).get_data(as_text=True)
    if seat is not None:
        yield "legal", get(f"{game.url}/legal-actions", headers=headers).get_data(as_text=True)


def assert_no_secrets(game: Game) -> None:
    for seat in (0, 1, None):
        for what, text in reads(game, seat):
            for card in forbidden_for(seat):
                assert f'"{card}"' not in text, f"{what} shows seat {seat} a {card} card"


def test_no_read_shows_another_seats_cards(client: FlaskClient):  # R-LOR-4
    game = secret_game(client)
    assert_no_secrets(game)
    reply = game.send(0, {"type": "order", "units": ["id0"]})
    assert '"web"' not in reply.get_data(as_text=True)
    reply = game.send(0, FLIGHT)
    assert '"web"' not in reply.get_data(as_text=True)
    view = game.get().get_json()
    assert view["pending"]["kind"] == "reaction" and view["pending"]["seat"] == 1  # R-FLY-4
    assert_no_secrets(game)


def test_each_seat_sees_its_own_cards_and_everyone_the_counts(client: FlaskClient):
    game = secret_game(client)
    views = {seat: game.get(seat=seat).get_json() for seat in (0, 1)}
    assert views[0]["players"][0]["cards"] == ["hold"] and views[0]["players"][1]["cards"] is None
    assert views[1]["players"][1]["cards"] == ["web", "web"]
    tokenless = game.get().get_json()["players"]
    assert [(p["cards"], p["card_count"]) for p in tokenless] == [(None, 1), (None, 2)]
    created = game.get("/events?limit=1", seat=1).get_json()["events"][0]["payload"]
    players = created["scenario"]["players"]
    assert players[1]["cards"] == ["web", "web"] and "cards" not in players[0]
    assert players[0]["card_count"] == 1


def test_a_played_card_becomes_public(client: FlaskClient):  # R-LOR-4, R-FLY-4
    game = secret_game(client)
    game.ok(0, {"type": "order", "units": ["id0"]})
    game.ok(0, FLIGHT)
    legal = game.get("/legal-actions", seat=1).get_json()["actions"]
    assert {"type": "react", "card": "web", "hex": [2, 1]} in legal
    reacted = game.ok(1, {"type": "react", "card": "web", "hex": [2, 1]})
    events = game.get("/events").get_json()["events"]
    played = [e["payload"] for e in events if e["type"] == "CardPlayed"]
    assert played == [{"seat": 1, "card": "web", "unit": "id0", "hex": [2, 1]}]
    seat1 = game.get().get_json()["players"][1]
    assert (seat1["cards"], seat1["card_count"]) == (None, 1)
    lines = game.get("/events", Accept="application/x-ndjson").get_data(as_text=True)
    # The card is named by CardPlayed and by the react command recorded with it (one append).
    naming = [json.loads(line) for line in lines.splitlines() if '"web"' in line]
    assert {e["type"] for e in naming} >= {"CardPlayed"}
    assert {e["version"] for e in naming} <= {e["version"] for e in reacted["events"]}
    assert [e["command"] for e in naming if e["command"]] == [
        {"type": "react", "card": "web", "hex": [2, 1]}
    ]
    assert all(json.loads(line) for line in lines.splitlines())


# -- no secret in a public hash (issue 21: the hands could be brute-forced from event 1's hash)


def attackers_hash(event: dict[str, Any], payload: Any) -> str:
    """SHA-256 of the event's record holding `payload` exactly as guessed: how anyone would
    test a guess against the public `hash` (docs/audit.md, "The hash chain")."""
    record = {k: event[k] for k in HASHED if k != "payload"} | {"payload": payload}
    return hashlib.sha256(canonical_json(record).encode()).hexdigest()


HASHED = ("version", "type", "schema", "payload", "seat", "command_id", "command", "time_ms",
          "prev_hash")  # fmt: skip
MOST_CARDS = 3


def every_hand() -> list[list[str]]:
    """Every hand of the card vocabulary up to MOST_CARDS cards, in every order."""
    return [list(h) for n in range(MOST_CARDS + 1) for h in itertools.product(CARDS, repeat=n)]


def guessed_payloads(event: dict[str, Any]) -> Iterator[Any]:
    """The payload with every seat's hidden hand replaced by every possible hand at once (with
    and without the count shown beside it)."""
    scenario = event["payload"].get("scenario")
    players = scenario.get("players") if isinstance(scenario, dict) else None
    if not isinstance(players, list):
        return
    for hands in itertools.product(every_hand(), repeat=len(players)):
        for keep_count in (False, True):
            guessed = [
                {**{k: v for k, v in p.items() if keep_count or k != "card_count"}, "cards": hand}
                for p, hand in zip(players, hands, strict=True)
            ]
            yield {**event["payload"], "scenario": {**scenario, "players": guessed}}


def played_secret_game(client: FlaskClient) -> Game:
    game = secret_game(client)
    game.ok(0, {"type": "order", "units": ["id0"]})
    game.ok(0, FLIGHT)  # seat 1's reaction window (R-FLY-4)
    game.ok(1, {"type": "react", "card": "web", "hex": [2, 1]})  # a card played later
    return game


def test_no_public_hash_gives_away_a_hand(client: FlaskClient):  # R-LOR-4
    game = played_secret_game(client)
    first = game.get("/events?limit=1").get_json()["events"]
    events = game.get("/events").get_json()["events"]
    assert first == events[:1] and not events[-1]["type"].endswith("Revealed")
    tried = 0
    for event in events:
        for guess in guessed_payloads(event):
            tried += 1
            found = guess["scenario"]["players"]
            assert attackers_hash(event, guess) != event["hash"], f"the hands are {found}"
        # What anyone sees is what the hash covers: it holds nothing more to find.
        assert attackers_hash(event, event["payload"]) == event["hash"], event["type"]
    assert tried >= len(every_hand()) ** 2
    commitments = events[0]["payload"]["commitments"]["hands"]
    for hand in every_hand():  # a commitment without its salt tells nothing either
        text = canonical_json(hand).encode()
        for salt in (b"", bytes(32)):
            assert hashlib.sha256(salt + text).hexdigest() not in commitments
    print(f"{tried} guessed payloads hashed against {len(events)} public hashes: no match")


def test_a_chosen_dice_seed_never_enters_the_chain(client: FlaskClient):
    game = create(client, "river_crossing", seed="4821")
    game.ok(0, {"type": "end_turn"})
    text = game.get("/events").get_data(as_text=True) + game.get("/export").get_data(True)
    # Outside the random hex (hashes, the export's signature), which may hold "4821" by chance.
    assert "4821" not in re.sub(r"[0-9a-f]{64,}", "", text)
    public = set(re.findall(r"[0-9a-f]{64}", text))
    for seed in range(10_000):
        for guess in (str(seed).encode(), seed.to_bytes(4, "big")):
            assert hashlib.sha256(guess).hexdigest() not in public
