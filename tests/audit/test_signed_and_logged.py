"""Signed exports and the transparency log, checked offline (docs/audit.md, sections 6-7).

An export signed by the server's key verifies with that key and fails with another; a game's
leaves are included in the log's tree head, which extends a tree head the auditor saved
before; a game dropped from the log, or a log rewritten between two saved tree heads, has no
consistency proof any more."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

import pytest

from adapters.memory.transparency import InMemoryTransparencyStore
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.leaves import CREATED, FINISHED, openings, seal
from lorekeeper.audit.logproof import LogProblem, check_log
from lorekeeper.audit.merkle import verify_consistency
from lorekeeper.audit.records import parse_export
from lorekeeper.audit.signatures import export_statement, public_keys, tree_head_statement
from lorekeeper.audit.signing import Signer
from lorekeeper.audit.transparency import TransparencyLog
from lorekeeper.audit.verify import FAILED, VERIFIED, Trust, verify_lines
from lorekeeper.errors import Refused
from lorekeeper.games.service import GameService
from tests.audit.games import memory_service, play, skirmish
from tests.audit.tamper import event_at, parsed, rechained
from tests.audit.test_cli import run

SIGNER, OTHER = Signer.fresh(), Signer.fresh()
KEYS = public_keys(SIGNER.published())


def signed_lines(
    game_id: str, service: GameService, signer: Signer = SIGNER, salt: str | None = None
) -> list[str]:
    """The export as GET /games/{id}/export gives it: the trailer signs the head (and, with
    `salt`, carries the game's salt in the log)."""
    records = export_records(game_id, service.log.events.read(game_id), log_salt=salt)
    trailer = records[-1]
    statement = export_statement(game_id, trailer["events"], trailer["head_hash"],
                                 trailer["finished"])  # fmt: skip
    trailer["signature"] = signer.sign(statement)
    return list(ndjson_lines(records))


def signed_head(log: TransparencyLog) -> dict[str, Any]:
    """A tree head as GET /transparency/tree-head gives it."""
    head = log.tree_head()
    statement = tree_head_statement(head.tree_size, head.root_hash, head.timestamp_ms)
    return {**head.to_json(), "signature": SIGNER.sign(statement)}


def proof_of(log: TransparencyLog, service: GameService, game_id: str, since: int | None) -> Any:
    """What GET /games/{id}/transparency?since=… answers."""
    proof = log.game_proof(game_id, service.log.events.read(game_id), since)
    head = proof.head
    statement = tree_head_statement(head.tree_size, head.root_hash, head.timestamp_ms)
    body: dict[str, Any] = {
        "game_id": game_id,
        "salt": proof.salt,
        "tree_head": {**head.to_json(), "signature": SIGNER.sign(statement)},
        "entries": [e.to_json() for e in proof.entries],
    }
    if since is not None:
        body["consistency"] = {"first": since, "proof": proof.consistency}
    return body


@dataclass
class Logged:
    service: GameService
    store: InMemoryTransparencyStore
    log: TransparencyLog
    games: list[str]
    saved: dict[str, Any]  # a tree head the auditor saved after the first two games


@pytest.fixture(scope="module")
def logged() -> Logged:
    store = InMemoryTransparencyStore()
    log = TransparencyLog(store)
    service = memory_service(dice_seed=4, transparency=log)
    games = [play(service, skirmish(6), seed) for seed in (4, 5)]
    saved = signed_head(log)
    games.append(play(service, skirmish(6), 6))
    return Logged(service, store, log, games, saved)


# -- signatures ---------------------------------------------------------------------------------


def test_a_signed_export_verifies_with_the_servers_key(logged: Logged):
    lines = signed_lines(logged.games[0], logged.service)
    verdict = verify_lines(lines, trust=Trust(keys=KEYS))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert verdict.checks["signature"] == f"Ed25519 by key {SIGNER.key_id} over the head"
    unchecked = verify_lines(lines)  # no key given: said, not failed
    assert unchecked.verdict == VERIFIED
    assert unchecked.checks["signature"].startswith("not checked")


def test_an_export_signed_by_another_key_fails(logged: Logged):
    lines = signed_lines(logged.games[0], logged.service, signer=OTHER)
    verdict = verify_lines(lines, trust=Trust(keys=KEYS))
    assert verdict.verdict == FAILED, verdict.report()
    assert f"signed by key '{OTHER.key_id}', not one of the keys given" in verdict.reason


def test_a_forged_signature_under_the_right_key_id_fails(logged: Logged):
    records = parsed(signed_lines(logged.games[0], logged.service))
    forged = OTHER.sign(b"anything")
    records[-1]["signature"] = {**forged, "key_id": SIGNER.key_id}
    verdict = verify_lines(_lines(records), trust=Trust(keys=KEYS))
    assert verdict.verdict == FAILED and "does not match" in verdict.reason


def test_a_rewritten_history_loses_its_signature(logged: Logged):
    """A forger who recomputes every hash still cannot sign the new head."""
    records = parsed(signed_lines(logged.games[0], logged.service))
    event_at(records, 2)["time_ms"] += 1
    verdict = verify_lines(_lines(rechained(records)), trust=Trust(keys=KEYS))
    assert verdict.verdict == FAILED, verdict.report()
    assert verdict.checks["signature"].endswith("does not match")


def test_an_unsigned_export_fails_when_a_key_is_given(logged: Logged):
    game_id = logged.games[0]
    lines = list(ndjson_lines(export_records(game_id, logged.service.log.events.read(game_id))))
    verdict = verify_lines(lines, trust=Trust(keys=KEYS))
    assert verdict.verdict == FAILED and "it is not signed" in verdict.reason


# -- the transparency log --------------------------------------------------------------------------


def test_every_game_is_logged_at_its_creation_and_its_end(logged: Logged):
    """Each leaf is sealed with its game's salt: opened, they are each game's creation and
    end, in order."""
    salts = [logged.log.salt_of(game) for game in logged.games]
    assert len(set(salts)) == 3 and None not in salts  # one salt a game
    opened = _openings(logged)
    assert [(o["kind"], o["game_id"]) for o in opened] == [
        (kind, game) for game in logged.games for kind in (CREATED, FINISHED)
    ]
    sealed = [seal(str(logged.log.salt_of(o["game_id"])), o) for o in opened]
    assert logged.log.leaves(0, 100) == sealed
    first = logged.service.log.events.read(logged.games[0])
    assert opened[0]["commitment"] == first[0].payload["dice"]["commitment"]
    assert opened[1]["head_hash"] == first[-1].hash and opened[1]["version"] == len(first)


@pytest.mark.parametrize("game", [0, 2])
def test_a_logged_game_verifies_against_a_saved_tree_head(logged: Logged, game: int):
    game_id = logged.games[game]
    proof = proof_of(logged.log, logged.service, game_id, logged.saved["tree_size"])
    trust = Trust(keys=KEYS, log_proof=proof, saved_head=logged.saved)
    verdict = verify_lines(signed_lines(game_id, logged.service), trust=trust)
    assert verdict.verdict == VERIFIED, verdict.report()
    assert "extends the saved tree head of 4" in verdict.checks["log"]


def test_the_proof_of_another_game_does_not_do(logged: Logged):
    proof = proof_of(logged.log, logged.service, logged.games[1], logged.saved["tree_size"])
    trust = Trust(log_proof=proof, saved_head=logged.saved)
    verdict = verify_lines(signed_lines(logged.games[0], logged.service), trust=trust)
    assert verdict.verdict == FAILED and "no leaf for this game's creation" in verdict.reason
    salt = logged.log.salt_of(logged.games[0])
    salted = verify_lines(signed_lines(logged.games[0], logged.service, salt=salt), trust=trust)
    assert salted.verdict == FAILED and "the proof's salt is not the export's" in salted.reason


def test_a_game_dropped_from_the_log_is_caught_by_the_consistency_proof(logged: Logged):
    """The operator drops game 2 (created and finished before the auditor saved the head)
    and re-logs the rest: the rewritten log cannot prove it extends the saved head."""
    dropped = _rewritten(logged, lambda opening: opening["game_id"] != logged.games[1])
    game_id = logged.games[0]
    proof = proof_of(dropped, logged.service, game_id, logged.saved["tree_size"])
    with pytest.raises(LogProblem, match="does not extend the saved tree head"):
        check_log(game_id, _events(logged, game_id), proof, logged.saved, KEYS)


def test_a_log_rewritten_between_two_saved_tree_heads_is_caught(logged: Logged):
    """The auditor saved two heads of the honest log (4 and 6 leaves), which one consistency
    proof joins. The operator then rewrites game 1's end and logs a new game: the new head
    extends neither saved head, whatever proof the rewritten log gives."""
    later = signed_head(logged.log)
    saved = [(h["tree_size"], bytes.fromhex(h["root_hash"])) for h in (logged.saved, later)]
    (first, first_root), (second, second_root) = saved
    honest = [bytes.fromhex(h) for h in logged.log.consistency(first, second)]
    assert verify_consistency(first, second, first_root, second_root, honest)

    forged = _rewritten(logged, lambda opening: True, _rewrite_end_of(logged.games[0]))
    forged.add("game-new", {"commitment": None, "game_id": "game-new", "head_hash": "1" * 64,
                            "kind": CREATED, "version": 1})  # fmt: skip
    now = forged.tree_head()
    for size, root in saved:
        claimed = [bytes.fromhex(h) for h in forged.consistency(size, now.tree_size)]
        assert not verify_consistency(size, now.tree_size, root, bytes.fromhex(now.root_hash),
                                      claimed), size  # fmt: skip


def test_a_tree_head_signed_by_another_key_fails(logged: Logged):
    game_id = logged.games[2]
    proof = copy.deepcopy(proof_of(logged.log, logged.service, game_id, None))
    head = proof["tree_head"]
    statement = tree_head_statement(head["tree_size"], head["root_hash"], head["timestamp_ms"])
    head["signature"] = OTHER.sign(statement)
    with pytest.raises(LogProblem, match="not one of the keys given"):
        check_log(game_id, _events(logged, game_id), proof, None, KEYS)


def test_the_log_is_bounded_and_a_full_log_refuses_quietly():
    store = InMemoryTransparencyStore()
    log = TransparencyLog(store, max_leaves=3)
    service = memory_service(dice_seed=2, transparency=log)
    first = service.create_game(skirmish(6), {})
    second = service.create_game(skirmish(6), {})
    third = service.create_game(skirmish(6), {})  # the fourth leaf: past the limit
    fourth = service.create_game(skirmish(6), {})
    assert log.tree_size() == 3
    for index, game in enumerate((first, second, third)):
        proof = log.game_proof(game.game_id, service.log.events.read(game.game_id))
        assert [e.index for e in proof.entries] == [index] and proof.salt is not None
    proof = log.game_proof(fourth.game_id, service.log.events.read(fourth.game_id))
    assert proof.entries == []  # a proof of nothing: the verifier finds no leaf
    assert proof.salt is None  # and no salt kept for it: the salts are bounded too


def _openings(logged: Logged) -> list[dict[str, Any]]:
    """What the honest log's leaves say, in its order (each game was played to its end in
    turn)."""
    events = logged.service.log.events.read
    return [opening for game in logged.games for opening in openings(game, events(game))]


def _rewritten(logged: Logged, keep: Any, change: Any = lambda o: o) -> TransparencyLog:
    """The log as an operator rebuilt it, from the honest openings kept and changed, sealed
    with the games' own salts."""
    store = InMemoryTransparencyStore()
    for game in logged.games:
        store.salt(game, str(logged.log.salt_of(game)), 10**6)
    forged = TransparencyLog(store)
    for opening in _openings(logged):
        if keep(opening):
            new = change(opening)
            forged.add(new["game_id"], new)
    return forged


def _rewrite_end_of(game_id: str) -> Any:
    def rewrite(opening: dict[str, Any]) -> dict[str, Any]:
        if opening["game_id"] == game_id and opening["kind"] == FINISHED:
            return {**opening, "head_hash": "0" * 64}
        return opening

    return rewrite


def _events(logged: Logged, game_id: str) -> Any:
    lines = ndjson_lines(export_records(game_id, logged.service.log.events.read(game_id)))
    return parse_export(lines).events


def _lines(records: list[dict[str, Any]]) -> list[str]:
    return list(ndjson_lines(records))


# -- the command line, as docs/audit.md walks through it -----------------------------------------


@pytest.fixture(scope="module")
def blocked(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Redis, Flask and RQ unimportable (as in test_cli.py): the verifier needs none."""
    path = tmp_path_factory.mktemp("blocked")
    for name in ("redis", "flask", "rq"):
        (path / name).mkdir()
        (path / name / "__init__.py").write_text(f"raise ImportError('{name} is not for the CLI')")
    return path


def test_the_walk_through_with_the_command_line(logged: Logged, tmp_path, blocked):
    """verify --key keys.json --log-proof proof.json --tree-head saved.json, in a process
    that cannot import Redis or Flask; another key, or a head the log does not extend, fails."""
    game_id = logged.games[2]
    files = {
        "keys.json": SIGNER.published(),
        "other-keys.json": OTHER.published(),
        "saved.json": logged.saved,
        "proof.json": proof_of(logged.log, logged.service, game_id, logged.saved["tree_size"]),
        "forged.json": {**logged.saved, "root_hash": "ab" * 32},
    }
    for name, body in files.items():
        (tmp_path / name).write_text(json.dumps(body))
    export = tmp_path / "game.ndjson"
    salt = logged.log.salt_of(game_id)
    export.write_text("".join(signed_lines(game_id, logged.service, salt=salt)))
    args = ["verify", str(export), "--log-proof", str(tmp_path / "proof.json")]
    done = run(*args, "--key", str(tmp_path / "keys.json"), "--tree-head",
               str(tmp_path / "saved.json"), blocked=blocked)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"signature: Ed25519 by key {SIGNER.key_id}" in done.stdout
    assert "which extends the saved tree head of 4" in done.stdout
    other = run(*args, "--key", str(tmp_path / "other-keys.json"), blocked=blocked)
    assert other.returncode == 1 and "not one of the keys given" in other.stdout
    forged = run(*args, "--tree-head", str(tmp_path / "forged.json"), blocked=blocked)
    assert forged.returncode == 1 and "does not extend the saved tree head" in forged.stdout
    by_hex = run("verify", str(export), "--key", SIGNER.public_key.hex(), blocked=blocked)
    assert by_hex.returncode == 0, by_hex.stdout + by_hex.stderr
    missing = run("verify", str(export), "--key", str(tmp_path / "nope.json"), blocked=blocked)
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_a_log_that_lost_leaves_is_rebuilt_and_no_longer_extends_saved_heads():
    """A store that lost its tail (a Redis restored from an old copy): the process rebuilds
    its tree from what is there, and the heads it then signs fail against a saved one."""
    store = InMemoryTransparencyStore()
    log = TransparencyLog(store)
    for i in range(6):
        log.add(f"g{i}", {"game_id": f"g{i}", "head_hash": "0" * 64, "kind": FINISHED,
                          "version": 2})  # fmt: skip
    saved = log.tree_head()
    store._leaves[3:] = []  # noqa: SLF001 (the loss, as no public method would cause it)
    for i in range(3, 6):
        store._names.pop(f"{FINISHED}:g{i}")  # noqa: SLF001
    log.add("g9", {"game_id": "g9", "head_hash": "1" * 64, "kind": FINISHED, "version": 2})
    now = log.tree_head()
    assert now.tree_size == 4
    with pytest.raises(Refused) as refused:
        log.consistency(saved.tree_size, now.tree_size)
    assert refused.value.code == "beyond_log"  # a saved head larger than the log: it lost leaves
    proof = [bytes.fromhex(h) for h in log.consistency(3, 4)]
    assert not verify_consistency(saved.tree_size, now.tree_size, bytes.fromhex(saved.root_hash),
                                  bytes.fromhex(now.root_hash), proof)  # fmt: skip


def test_the_signing_key_comes_from_the_settings_with_the_retired_ones_published():
    from lorekeeper.audit.signing import new_private_key_hex
    from lorekeeper.settings import ConfigError, Settings
    from lorekeeper.wiring import signer_of

    old = Signer.fresh()
    environ = {
        "LOREKEEPER_SIGNING_KEY": new_private_key_hex(),
        "LOREKEEPER_RETIRED_SIGNING_KEYS": old.public_key.hex(),
    }
    settings = Settings.from_env(environ)
    signer = signer_of(settings)
    assert signer is not None
    published = signer.published()["keys"]
    assert [(k["key_id"], k["status"]) for k in published] == [
        (signer.key_id, "current"), (old.key_id, "retired"),
    ]  # fmt: skip
    assert old.key_id in public_keys(signer.published())  # its old signatures still check
    assert signer_of(Settings.from_env({})) is None  # no key: nothing signed
    for bad in ({"LOREKEEPER_SIGNING_KEY": "abc"}, {"LOREKEEPER_RETIRED_SIGNING_KEYS": "x"}):
        with pytest.raises(ConfigError):
            Settings.from_env(bad)
    assert "LOREKEEPER" not in repr(settings.signing_key) and "*" in str(settings.signing_key)


def test_the_signing_key_may_live_in_a_file_made_once(tmp_path, capsys):
    """compose.yaml's way: `python -m lorekeeper.audit.signing FILE` makes the key once (mode 600,
    never overwritten) and LOREKEEPER_SIGNING_KEY_FILE names it."""
    from lorekeeper.audit.signing import main
    from lorekeeper.settings import ConfigError, Settings
    from lorekeeper.wiring import signer_of

    path = tmp_path / "signing.key"
    assert main([str(path)]) == 0
    made = json.loads(capsys.readouterr().out)
    assert main([str(path)]) == 0  # again: the same key, kept
    kept = json.loads(capsys.readouterr().out)
    assert (made["made"], kept["made"], kept["key_id"]) == (True, False, made["key_id"])
    assert path.stat().st_mode & 0o777 == 0o600

    signer = signer_of(Settings.from_env({"LOREKEEPER_SIGNING_KEY_FILE": str(path)}))
    assert signer is not None and signer.key_id == made["key_id"]
    (tmp_path / "empty.key").write_text("not a key\n")
    for bad in ({"LOREKEEPER_SIGNING_KEY_FILE": str(tmp_path / "missing.key")},
                {"LOREKEEPER_SIGNING_KEY_FILE": str(tmp_path / "empty.key")},
                {"LOREKEEPER_SIGNING_KEY_FILE": str(path),
                 "LOREKEEPER_SIGNING_KEY": path.read_text().strip()}):  # fmt: skip
        with pytest.raises(ConfigError):
            Settings.from_env(bad)
    assert main([str(tmp_path / "empty.key")]) == 1  # a file that holds no key: left alone
    assert (tmp_path / "empty.key").read_text() == "not a key\n"


def test_two_saved_heads_on_the_command_line(logged: Logged, tmp_path, blocked):
    """python -m lorekeeper consistency OLDER NEWER PROOF: 0 when the newer head extends the
    older, 1 when the log was rewritten between them (here: game 1's end)."""
    first, later = logged.saved, signed_head(logged.log)
    sizes = {"first": first["tree_size"], "second": later["tree_size"]}
    honest = {**sizes, "proof": logged.log.consistency(*sizes.values())}

    forged_log = _rewritten(logged, lambda opening: True, _rewrite_end_of(logged.games[0]))
    forged = signed_head(forged_log)
    forged_proof = {**sizes, "proof": forged_log.consistency(*sizes.values())}
    files = {"older.json": first, "newer.json": later, "proof.json": honest,
             "forged.json": forged, "forged-proof.json": forged_proof,
             "keys.json": SIGNER.published()}  # fmt: skip
    for name, body in files.items():
        (tmp_path / name).write_text(json.dumps(body))
    path = {name: str(tmp_path / name) for name in files}
    done = run("consistency", path["older.json"], path["newer.json"], path["proof.json"],
               "--key", path["keys.json"], blocked=blocked)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "extends the one of 4" in done.stdout
    forged_args = [path["older.json"], path["forged.json"], path["forged-proof.json"]]
    caught = run("consistency", *forged_args, "--key", path["keys.json"], blocked=blocked)
    assert caught.returncode == 1 and "INCONSISTENT" in caught.stdout, caught.stdout
