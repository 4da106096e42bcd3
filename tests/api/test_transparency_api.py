"""Issue 20 over HTTP, on every backend: seats give client seeds (joining, or as a command
before the first turn); the export is signed by the key GET /.well-known/lorekeeper-keys
publishes; the game's leaves in the transparency log are proven against a tree head saved
before the game ended; and every bad query is a 4xx problem."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from lorekeeper.audit.signatures import public_keys
from lorekeeper.audit.verify import VERIFIED, Trust, verify_lines
from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.service.games import WINNING_DICE, duel

INVITE_ME = {"seats": [{"kind": "me"}, {"kind": "invite"}]}


def _json(client: FlaskClient, path: str, key: str | None = None) -> Any:
    response = client.get(path, headers=bearer(key) if key else {})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_two_seats_seeds_a_signed_export_and_a_logged_game(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    saved = _json(client, "/transparency/tree-head")  # the auditor's, before the game
    created = create_as(client, ann["key"], duel(), **INVITE_ME)
    game_id, ann_token = created["game_id"], created["seats"][0]["token"]
    assert created["dice"]["seat_seeds"] is True
    given = client.post(f"/games/{game_id}/commands", headers=bearer(ann_token),
                        json={"type": "client_seed", "seed": "ann: 9f86d081884c7d65"})  # fmt: skip
    assert given.status_code == 200, given.get_json()  # SEED-1
    invitation = created["invitations"][0]["token"]
    body = {"invitation": invitation, "client_seed": "bob: 2c26b46b68ffc68f"}
    joined = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]), json=body)
    assert joined.status_code == 200, joined.get_json()
    assert joined.get_json()["client_seed_recorded"] is True
    assert joined.get_json()["table"]["status"] == "started"
    events = _json(client, f"/games/{game_id}/events")["events"]
    assert [e["type"] for e in events[:4]] == [
        "GameCreated", "ClientSeedGiven", "ClientSeedGiven", "ClientSeedsSealed",
    ]  # fmt: skip
    assert events[3]["payload"]["seeds"] == ["ann: 9f86d081884c7d65", "bob: 2c26b46b68ffc68f"]
    late = client.post(f"/games/{game_id}/commands", headers=bearer(ann_token),
                       json={"type": "client_seed", "seed": "too late"})  # fmt: skip
    assert problem(late, 409, "wrong_phase")["rule"] == "SEED-1"
    resigned = client.post(f"/games/{game_id}/commands", headers=bearer(ann_token),
                           json={"type": "resign"})  # fmt: skip
    assert resigned.status_code == 200, resigned.get_json()

    keys = public_keys(_json(client, "/.well-known/lorekeeper-keys"))
    lines = client.get(f"/games/{game_id}/export").get_data(as_text=True).splitlines(True)
    proof = _json(client, f"/games/{game_id}/transparency?since={saved['tree_size']}")
    assert [e["leaf"]["kind"] for e in proof["entries"]] == ["game_created", "game_finished"]
    verdict = verify_lines(lines, trust=Trust(keys=keys, log_proof=proof, saved_head=saved))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert set(verdict.checks) >= {"chain", "dice", "hands", "rules", "signature", "log"}


def test_the_keys_tree_heads_and_proofs_routes(client: FlaskClient) -> None:
    published = _json(client, "/.well-known/lorekeeper-keys")["keys"]
    assert [(k["alg"], k["status"]) for k in published] == [("Ed25519", "current")]
    assert public_keys({"keys": published})  # each id is its key's
    ann = sign_up(client, "Ann")
    for _ in range(3):
        create_as(client, ann["key"], duel(), options={"dice": {"script": WINNING_DICE}})
    head = _json(client, "/transparency/tree-head")
    assert head["tree_size"] >= 3 and head["signature"]["alg"] == "Ed25519"
    leaves = _json(client, "/transparency/entries?start=0&end=2")
    assert len(leaves["leaves"]) == 2 and leaves["leaves"][0]["kind"] == "game_created"
    proof = _json(client, f"/transparency/consistency?first=1&second={head['tree_size']}")
    assert proof["first"] == 1 and all(len(h) == 64 for h in proof["proof"])


def test_bad_queries_and_seeds_are_problems(client: FlaskClient) -> None:
    size = _json(client, "/transparency/tree-head")["tree_size"]
    beyond = problem(client.get(f"/transparency/consistency?first={size + 1}"), 409, "beyond_log")
    assert beyond["tree_size"] == size
    problem(client.get("/transparency/consistency?first=1&second=0"), 409, "beyond_log")
    problem(client.get("/transparency/consistency?first=-1"), 400, "invalid_query")
    problem(client.get("/transparency/consistency"), 400, "invalid_query")
    assert _json(client, "/transparency/entries?start=5&end=1")["leaves"] == []
    problem(client.get("/transparency/tree-head?x=1"), 400, "invalid_query")
    problem(client.get("/games/nosuchgame/transparency"), 404, "game_not_found")
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    scripted = create_as(client, ann["key"], duel(), options={"dice": {"script": WINNING_DICE}},
                         **INVITE_ME)  # fmt: skip
    game_id, invitation = scripted["game_id"], scripted["invitations"][0]["token"]
    refused = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]),
                          json={"invitation": invitation, "client_seed": "mine"})  # fmt: skip
    problem(refused, 422, "invalid_body")  # a game of scripted dice takes no seeds (SEED-1)
    table = _json(client, f"/games/{game_id}/table", ann["key"])
    assert table["seats"][1]["kind"] == "invite"  # the seat was not taken
    too_long = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]),
                           json={"invitation": invitation, "client_seed": "x" * 129})  # fmt: skip
    problem(too_long, 422, "invalid_body")
    seat_0 = bearer(scripted["seats"][0]["token"])
    command = client.post(f"/games/{game_id}/commands", headers=seat_0,
                          json={"type": "client_seed", "seed": ""})  # fmt: skip
    problem(command, 422, "invalid_body")
