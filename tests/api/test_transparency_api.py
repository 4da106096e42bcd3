"""Issue 20 over HTTP, on every backend: seats give client seeds (joining, or as a command
before the first turn); the export is signed by the key GET /.well-known/lorekeeper-keys
publishes; the game's leaves in the transparency log are proven against a tree head saved
before the game ended; and every bad query is a 4xx problem."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from flask.testing import FlaskClient

from lorekeeper.audit.leaves import is_sealed, leaf_bytes, openings, seal
from lorekeeper.audit.merkle import leaf_hash
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
    assert [e["opening"]["kind"] for e in proof["entries"]] == ["game_created", "game_finished"]
    assert _trailer(lines)["log_salt"] == proof["salt"]  # the export opens its leaves too
    verdict = verify_lines(lines, trust=Trust(keys=keys, log_proof=proof, saved_head=saved))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert set(verdict.checks) >= {"chain", "dice", "hands", "rules", "signature", "log"}


def _trailer(lines: list[str]) -> dict[str, Any]:
    trailer: dict[str, Any] = json.loads(lines[-1])
    return trailer


def _played(client: FlaskClient, ann: dict[str, Any], bob: dict[str, Any], visibility: str) -> str:
    """A game of Ann's and Bob's, created with `visibility` and over (Ann resigns)."""
    created = create_as(client, ann["key"], duel(), visibility=visibility, **INVITE_ME)
    game_id = created["game_id"]
    body = {"invitation": created["invitations"][0]["token"]}
    joined = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]), json=body)
    assert joined.status_code == 200, joined.get_json()
    resigned = client.post(f"/games/{game_id}/commands", json={"type": "resign"},
                           headers=bearer(created["seats"][0]["token"]))  # fmt: skip
    assert resigned.status_code == 200, resigned.get_json()
    return str(game_id)


def _outsiders_view(client: FlaskClient) -> tuple[str, list[dict[str, Any]]]:
    """Everything the log shows a caller with no token: every byte, and every leaf."""
    head = client.get("/transparency/tree-head")
    size = head.get_json()["tree_size"]
    texts, leaves = [head.get_data(as_text=True)], []
    for start in range(0, size, 1000):
        page = client.get(f"/transparency/entries?start={start}")
        texts.append(page.get_data(as_text=True))
        leaves += page.get_json()["leaves"]
    for first in range(max(0, size - 200), size + 1):
        texts.append(client.get(f"/transparency/consistency?first={first}").get_data(as_text=True))
    return "\n".join(texts), leaves


def test_an_outsider_learns_no_private_or_unlisted_game_from_the_log(client: FlaskClient) -> None:
    """The log names no game: an outsider reading every entry and proof finds no private or
    unlisted game's id or head hash, and cannot confirm a game whose id (and even whose head
    hashes) it guessed. The game's players find its sealed leaves with the game's salt."""
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    games = [_played(client, ann, bob, visibility) for visibility in ("private", "unlisted")]
    text, leaves = _outsiders_view(client)
    public_hashes = {leaf.get("leaf_hash") or leaf_hash(leaf_bytes(leaf)).hex() for leaf in leaves}
    problem(client.get(f"/games/{games[0]}/transparency"), 404, "game_not_found")  # private
    for game_id in games:
        events = _json(client, f"/games/{game_id}/events", ann["key"])["events"]
        secrets = [game_id, *(e["hash"] for e in events)]
        assert not [s for s in secrets if s in text], "the log shows a game's id or head"
        heads = [SimpleNamespace(**e) for e in events]  # what a guesser might know at best
        guessed = {leaf_hash(leaf_bytes(o)).hex() for o in openings(game_id, heads)}
        assert not guessed & public_hashes  # no unsalted leaf to confirm a guess against

        proof = _json(client, f"/games/{game_id}/transparency", ann["key"])
        for entry in proof["entries"]:
            assert seal(proof["salt"], entry["opening"]) == entry["leaf"]
            assert leaves[entry["index"]] == entry["leaf"]  # the player finds it in the log
        assert [e["opening"]["game_id"] for e in proof["entries"]] == [game_id, game_id]
    assert len(leaves) >= 4 and all(set(leaf) == {"commitment", "format"} for leaf in leaves)


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
    assert len(leaves["leaves"]) == 2 and all(is_sealed(leaf) for leaf in leaves["leaves"])
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
