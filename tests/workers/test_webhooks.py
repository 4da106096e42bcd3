"""Webhooks with real RQ workers and a real receiver on 127.0.0.1 (issue 16, docs/push.md):
signed per the Standard Webhooks convention, retried after 500s and time-outs with growing
back-off, in order, at least once with a stable id, disabled after repeated failures and
enabled again, redelivered on request; targets checked against SSRF."""

from __future__ import annotations

import os
import signal
import ssl
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import trustme
from rq.job import Job
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from adapters.webhook_sender import HttpWebhookSender, is_allowed_address
from lorekeeper.errors import Refused
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import Player
from lorekeeper.players.seating import SeatSpec
from lorekeeper.push.ports import Endpoint
from tests.service.games import duel
from tests.topologies import Topology
from tests.workers.games import drain
from tests.workers.test_faults import supervisor, wait_until
from tests.workers.webhook_receiver import Receiver, receiver, verify
from workers.context import WorkerContext, build_context, installed

ANN, BOB = "p_" + "a" * 16, "p_" + "b" * 16
TIMEOUT_S = 1.0  # generous: the machine running the tests may be busy
HOOK_SETTINGS: dict[str, Any] = {
    "webhook_allow_private": True,  # the receiver is on 127.0.0.1
    "webhook_allow_http": True,
    "webhook_backoff_s": 0.05,
    "webhook_timeout_s": TIMEOUT_S,
    "webhook_lease_s": 3.0,
    "webhook_max_failures": 4,
}


@pytest.fixture
def ctx(topology: Topology) -> Iterator[WorkerContext]:
    settings = topology.settings(job_stale_s=0.5, **HOOK_SETTINGS)
    with installed(build_context(settings, topology.clients)) as context:
        yield context


@pytest.fixture
def hook() -> Iterator[Receiver]:
    with receiver() as running:
        yield running


def caller(ctx: WorkerContext, player_id: str, name: str) -> Caller:
    if ctx.stores.players.load(player_id) is None:
        ctx.stores.players.create(Player(player_id, name, 1))
    return Caller(player=PlayerCaller(player_id, "k"))


def bob_plays_ann(ctx: WorkerContext, seed: str = "hooks") -> str:
    """Ann creates a duel with a seat reserved for Bob, Bob joins, Ann resigns: Bob is told
    of the invitation, the start and the end."""
    ann, bob = caller(ctx, ANN, "Ann"), caller(ctx, BOB, "Bob")
    seats = [SeatSpec("me"), SeatSpec("player", player_id=BOB)]
    made = ctx.seating.create(ann, duel(), {"seed": seed}, seats=seats)
    drain(ctx)
    ctx.seating.join(bob, made.game_id)
    drain(ctx)
    ctx.service.handle_command(made.game_id, 0, {"type": "resign"})
    drain(ctx)
    return made.game_id


def until(ctx: WorkerContext, done: Callable[[], object], timeout_s: float = 40) -> None:
    """Run the workers (burst) until `done()`: deliveries, back-offs, claims."""
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, "timed out"
        drain(ctx)
        time.sleep(0.02)


def register(ctx: WorkerContext, url: str, types: list[str] | None = None) -> Endpoint:
    assert ctx.webhooks is not None
    return ctx.webhooks.register(BOB, url, types)


def notes_of(ctx: WorkerContext, player_id: str) -> list[dict[str, Any]]:
    assert ctx.webhooks is not None
    return [e.item for e in ctx.webhooks._notes.read(f"player:{player_id}", "0-0", 100)]


def test_deliveries_are_signed_as_the_convention_says_and_come_in_order(
    ctx: WorkerContext, hook: Receiver
) -> None:
    caller(ctx, BOB, "Bob")
    endpoint = register(ctx, hook.url)
    assert endpoint.secret.startswith("whsec_")
    game_id = bob_plays_ann(ctx)
    notes = notes_of(ctx, BOB)
    assert [n["type"] for n in notes] == ["invitation_received", "game_started", "game_over"]
    until(ctx, lambda: len(hook.ok_ids()) == 3)
    payloads = [verify(endpoint.secret, r) for r in hook.received]
    assert [p["type"] for p in payloads] == [n["type"] for n in notes]
    assert [p["data"] for p in payloads] == notes  # the notes, as the stream gives them
    assert hook.ids() == [n["id"] for n in notes]  # webhook-id: the note's stable id
    assert all(p["data"]["game_id"] == game_id for p in payloads)
    first = hook.received[0]
    assert first.headers["content-type"] == "application/json"
    assert first.headers["host"].startswith("127.0.0.1:")
    log = ctx.webhooks.deliveries(BOB, endpoint.id)  # type: ignore[union-attr]
    assert [a["status"] for a in log] == [204, 204, 204] and all(a["ok"] for a in log)


def test_a_tampered_delivery_fails_verification(ctx: WorkerContext, hook: Receiver) -> None:
    caller(ctx, BOB, "Bob")
    endpoint = register(ctx, hook.url)
    bob_plays_ann(ctx)
    until(ctx, lambda: len(hook.ok_ids()) == 3)
    good = hook.received[0]
    forged = type(good)(good.headers, good.body.replace(b"invitation", b"invitatiox"), 204)
    with pytest.raises(AssertionError):
        verify(endpoint.secret, forged)
    other = register(ctx, hook.url).secret
    with pytest.raises(AssertionError):
        verify(other, good)


def test_500s_and_time_outs_are_retried_with_growing_back_off_and_the_same_id(
    ctx: WorkerContext, hook: Receiver
) -> None:
    caller(ctx, BOB, "Bob")
    endpoint = register(ctx, hook.url)
    hook.answer_next(500, TIMEOUT_S * 3, 503)  # then 204s
    bob_plays_ann(ctx)
    notes = notes_of(ctx, BOB)
    until(ctx, lambda: len(hook.unique_ok()) == 3)
    first_id = notes[0]["id"]
    assert hook.ids()[:4] == [first_id] * 4  # three failures, then the success
    assert hook.unique_ok() == [n["id"] for n in notes]  # in order, nothing lost
    log = list(reversed(ctx.webhooks.deliveries(BOB, endpoint.id)))  # type: ignore[union-attr]
    assert [(a["attempt"], a["status"], a["error"]) for a in log[:4]] == [
        (1, 500, None), (2, None, "timed out"), (3, 503, None), (4, 204, None)]  # fmt: skip
    gaps = [b["at_ms"] - a["at_ms"] for a, b in zip(log[:3], log[1:4], strict=True)]
    # back-off: 50 ms after the first failure, 100 after the second (which took its time-out),
    # 200 after the third
    assert gaps[0] >= 50 and gaps[1] >= 100 + TIMEOUT_S * 1000 and gaps[2] >= 200, gaps
    assert ctx.webhooks.endpoint(BOB, endpoint.id).failures == 0  # type: ignore[union-attr]


def test_a_later_note_waits_for_the_one_that_failed(ctx: WorkerContext, hook: Receiver) -> None:
    caller(ctx, BOB, "Bob")
    register(ctx, hook.url)
    hook.answer_next(500, 500)
    bob_plays_ann(ctx, seed="first")
    bob_plays_ann(ctx, seed="second")  # a second game: its notes come after the first's
    notes = notes_of(ctx, BOB)
    assert len(notes) == 6
    until(ctx, lambda: len(hook.unique_ok()) == 6)
    # each note first acknowledged after the one before it: none went out of turn
    assert hook.unique_ok() == [n["id"] for n in notes]
    assert hook.ids()[:3] == [notes[0]["id"]] * 3  # the first failed twice, then went


def test_an_endpoint_that_keeps_failing_is_disabled_and_says_why(
    ctx: WorkerContext, hook: Receiver
) -> None:
    assert ctx.webhooks is not None
    caller(ctx, BOB, "Bob")
    endpoint = register(ctx, hook.url)
    hook.default = 500
    bob_plays_ann(ctx)
    until(ctx, lambda: not ctx.webhooks.endpoint(BOB, endpoint.id).enabled)  # type: ignore[union-attr]
    disabled = ctx.webhooks.endpoint(BOB, endpoint.id)
    assert disabled.disabled_reason == "4 deliveries in a row failed; the last: HTTP 500"
    assert disabled.public()["disabled_reason"] == disabled.disabled_reason
    assert len(hook.received) == 4
    drain(ctx)
    time.sleep(0.3)
    drain(ctx)
    assert len(hook.received) == 4  # nothing more is sent to a disabled endpoint

    hook.default = 204
    ctx.webhooks.enable(BOB, endpoint.id)
    until(ctx, lambda: len(hook.unique_ok()) == 3)  # from where it stopped
    assert hook.unique_ok() == [n["id"] for n in notes_of(ctx, BOB)]


def test_a_delivery_is_sent_again_on_request(ctx: WorkerContext, hook: Receiver) -> None:
    assert ctx.webhooks is not None
    caller(ctx, BOB, "Bob")
    endpoint = register(ctx, hook.url)
    bob_plays_ann(ctx)
    until(ctx, lambda: len(hook.ok_ids()) == 3)
    second = hook.ids()[1]
    assert ctx.webhooks.redeliver(BOB, endpoint.id, second)["queued"] is True
    until(ctx, lambda: len(hook.ok_ids()) == 4)
    assert hook.ids()[3] == second
    verify(endpoint.secret, hook.received[3])
    newest = ctx.webhooks.deliveries(BOB, endpoint.id)[0]
    assert newest["redelivery"] is True and newest["delivery_id"] == second
    with pytest.raises(Refused) as refused:
        ctx.webhooks.redeliver(BOB, endpoint.id, "n_nosuch")
    assert refused.value.code == "delivery_not_found"


def test_an_endpoint_gets_only_the_types_it_asked_for(ctx: WorkerContext, hook: Receiver) -> None:
    caller(ctx, BOB, "Bob")
    register(ctx, hook.url, ["game_over"])
    bob_plays_ann(ctx)
    until(ctx, lambda: len(hook.ok_ids()) == 1)
    drain(ctx)
    assert [r.json["type"] for r in hook.received] == ["game_over"]


# -- SSRF -------------------------------------------------------------------------------------


def resolving_to(*addresses: str) -> Callable[..., list[tuple[Any, ...]]]:
    def resolve(host: str, port: int, **_: Any) -> list[tuple[Any, ...]]:
        return [(2, 1, 6, "", (a, port)) for a in addresses]

    return resolve


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "10.1.2.3", "172.16.0.9", "192.168.1.1", "169.254.169.254", "100.64.0.1",
     "0.0.0.0", "::1", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "224.0.0.1"],
)  # fmt: skip
def test_no_delivery_goes_to_a_loopback_private_or_link_local_address(address: str) -> None:
    assert not is_allowed_address(address)
    sender = HttpWebhookSender(resolve=resolving_to("93.184.215.14", address))
    with pytest.raises(Refused) as refused:
        sender.check("https://hooks.example/in")  # every address the name resolves to counts
    assert refused.value.code == "webhook_target_refused"
    assert address in str(refused.value)


def test_public_addresses_https_only_and_no_credentials() -> None:
    assert is_allowed_address("93.184.215.14") and is_allowed_address("2606:4700::1111")
    sender = HttpWebhookSender(resolve=resolving_to("93.184.215.14"))
    sender.check("https://hooks.example/in")
    for url in ("http://hooks.example/in", "ftp://hooks.example/", "https://u:p@hooks.example/",
                "https:///nohost", "not a url"):  # fmt: skip
        with pytest.raises(Refused):
            sender.check(url)


def test_a_name_that_resolves_elsewhere_at_delivery_is_refused_then() -> None:
    # DNS rebinding: public when registered, loopback when sent: the send checks again
    answers = iter([["93.184.215.14"], ["127.0.0.1"]])
    sender = HttpWebhookSender(resolve=lambda host, port, **_: [
        (2, 1, 6, "", (a, port)) for a in next(answers)])  # fmt: skip
    sender.check("https://hooks.example/in")
    attempt = sender.send("https://hooks.example/in", {}, b"{}")
    assert not attempt.ok and attempt.status is None
    assert attempt.error is not None and "127.0.0.1" in attempt.error


def test_the_operator_may_allow_private_targets(hook: Receiver) -> None:
    refusing = HttpWebhookSender(allow_http=True)
    with pytest.raises(Refused):
        refusing.check(hook.url)
    allowing = HttpWebhookSender(allow_http=True, allow_private=True)
    allowing.check(hook.url)
    assert allowing.send(hook.url, {"webhook-id": "x"}, b"{}").ok


def test_an_answer_is_bounded_in_time(hook: Receiver) -> None:
    hook.answer_next(2.0)
    sender = HttpWebhookSender(allow_http=True, allow_private=True, timeout_s=0.2)
    started = time.monotonic()
    attempt = sender.send(hook.url, {"webhook-id": "x"}, b"{}")
    assert attempt.error == "timed out" and time.monotonic() - started < 1.0


# -- a worker killed mid-delivery ---------------------------------------------------------------


def worker_running_a_delivery(ctx: WorkerContext, timeout_s: float) -> int:
    """The pid of the worker that runs a delivery job now."""
    deadline = time.monotonic() + timeout_s
    registry = StartedJobRegistry(ctx.settings.webhook_queue, connection=ctx.client,
                                  serializer=JSONSerializer)  # fmt: skip
    while time.monotonic() < deadline:
        for job_id in registry.get_job_ids():
            job = Job.fetch(job_id, connection=ctx.client, serializer=JSONSerializer)
            if job.worker_name:
                pid = ctx.client.hget(f"rq:worker:{job.worker_name}", "pid")
                if pid is not None:
                    return int(pid)
        time.sleep(0.005)
    raise AssertionError("no worker ran a delivery")


def test_a_worker_killed_mid_delivery_loses_no_notification(
    topology: Topology, hook: Receiver, tmp_path: Path
) -> None:
    settings = topology.settings(**{**HOOK_SETTINGS, "webhook_timeout_s": 1.0,
                                    "webhook_lease_s": 3.0})  # fmt: skip
    env = {"LOREKEEPER_WEBHOOK_ALLOW_PRIVATE": "true", "LOREKEEPER_WEBHOOK_ALLOW_HTTP": "true",
           "LOREKEEPER_WEBHOOK_TIMEOUT_S": "1.0", "LOREKEEPER_WEBHOOK_LEASE_S": "3.0",
           "LOREKEEPER_WEBHOOK_BACKOFF_S": "0.05"}  # fmt: skip
    with installed(build_context(settings, topology.clients)) as ctx:
        caller(ctx, BOB, "Bob")
        register(ctx, hook.url)
        hook.answer_next(0.8)  # the first delivery takes its time: the worker dies meanwhile
        with supervisor({**topology.env(), **env}, tmp_path / "workers.log"):
            ann, bob = caller(ctx, ANN, "Ann"), caller(ctx, BOB, "Bob")
            seats = [SeatSpec("me"), SeatSpec("player", player_id=BOB)]
            made = ctx.seating.create(ann, duel(), {"seed": "kill"}, seats=seats)
            assert hook.arrived.wait(60), (tmp_path / "workers.log").read_text()
            os.kill(worker_running_a_delivery(ctx, 5), signal.SIGKILL)
            killed_at = time.monotonic()
            ctx.seating.join(bob, made.game_id)  # more notes while the worker is down
            ctx.service.handle_command(made.game_id, 0, {"type": "resign"})
            wait_until(lambda: len(notes_of(ctx, BOB)) == 3, 60, "the notes")
            notes = [n["id"] for n in notes_of(ctx, BOB)]
            wait_until(lambda: hook.unique_ok() == notes, 60, "every note, delivered")
            recovered_s = time.monotonic() - killed_at
    print(f"delivered again {recovered_s:.2f} s after the SIGKILL")
    assert hook.ids().count(notes[0]) >= 2  # the one in flight went again, with its id
    assert hook.unique_ok() == notes  # in order, none lost


# -- the receiver docs/client/streams.md gives app developers ----------------------------------


def docs_receiver(port: int) -> str:
    """The complete receiver of docs/client/streams.md ("A webhook"), on `port`."""
    text = (Path(__file__).parents[2] / "docs" / "client" / "streams.md").read_text()
    start = text.index('"""Receives Lorekeeper')
    source = text[start : text.index("```", start)]
    assert '("0.0.0.0", 8080)' in source
    return source.replace('("0.0.0.0", 8080)', f'("127.0.0.1", {port})')


def test_the_documented_receiver_verifies_and_drops_repeats(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys
    from datetime import UTC, datetime

    from lorekeeper.push.webhooks import new_secret, payload, signed_headers

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    script = tmp_path / "receiver.py"
    script.write_text(docs_receiver(port))
    secret = new_secret()
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True,
                               env={**os.environ, "LOREKEEPER_WEBHOOK_SECRET": secret})  # fmt: skip
    try:
        sender = HttpWebhookSender(allow_private=True, allow_http=True, timeout_s=2)
        url = f"http://127.0.0.1:{port}/hooks"
        at = datetime.now(UTC).replace(microsecond=0)
        note = {"id": "n_" + "1" * 24, "type": "your_turn", "game_id": "g1", "seat": 1}
        body = payload(note, at)
        headers = signed_headers(secret, note["id"], at, body)
        deadline = time.monotonic() + 10
        while (first := sender.send(url, headers, body)).status is None:
            assert time.monotonic() < deadline, first.error  # the receiver starts
            time.sleep(0.05)
        assert first.status == 204
        assert sender.send(url, headers, body).status == 204  # a repeat: answered, not redone
        forged = body.replace(b"your_turn", b"game_over")
        assert sender.send(url, headers, forged).status == 400
        other = signed_headers(new_secret(), note["id"], at, body)
        assert sender.send(url, other, body).status == 400
        old = datetime.fromtimestamp(at.timestamp() - 600, tz=UTC)
        assert sender.send(url, signed_headers(secret, note["id"], old, body), body).status == 400
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=10)
    assert out.splitlines() == ["push to the player: your move in game g1"]


def test_a_delivery_goes_to_the_checked_address_with_the_hosts_name(hook: Receiver) -> None:
    # The name is resolved once, checked, and the connection made to that address; the
    # request still names the host (Host header), as a virtual host or TLS would need.
    port = hook.url.split(":")[2].split("/")[0]
    asked: list[str] = []

    def resolve(host: str, port_: int, **_: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        return [(2, 1, 6, "", ("127.0.0.1", port_))]

    sender = HttpWebhookSender(allow_private=True, allow_http=True, resolve=resolve)
    attempt = sender.send(f"http://hooks.test:{port}/in?x=1", {"webhook-id": "x"}, b"{}")
    assert attempt.ok, attempt
    assert asked == ["hooks.test"]  # resolved once, by the check
    assert hook.received[-1].headers["host"] == f"hooks.test:{port}"


# -- over https: the certificate is checked for the host's name, at the checked address ------


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    return trustme.CA()  # a throwaway certificate authority, trusted only where a test says


@contextmanager
def tls_receiver(authority: trustme.CA, *names: str) -> Iterator[tuple[Receiver, list[str]]]:
    """An HTTPS receiver whose certificate `authority` issued for `names`, and the server
    names its clients asked for (SNI)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert(*names).configure_cert(context)
    asked: list[str] = []
    context.sni_callback = lambda _socket, name, _context: asked.append(str(name))
    with receiver(tls=context) as running:
        yield running, asked


def https_sender() -> tuple[HttpWebhookSender, list[str]]:
    """A sender as shipped (https only) whose every name resolves to 127.0.0.1, the private
    address allowed (the receiver is local); the names it resolved."""
    resolved: list[str] = []

    def resolve(host: str, port: int, **_: Any) -> list[tuple[Any, ...]]:
        resolved.append(host)
        return [(2, 1, 6, "", ("127.0.0.1", port))]

    return HttpWebhookSender(allow_private=True, timeout_s=TIMEOUT_S, resolve=resolve), resolved


def trusting(authority: trustme.CA, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process trusts `authority` as an operator's would: SSL_CERT_FILE (docs/push.md)."""
    bundle = tmp_path / "ca.pem"
    authority.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))


def test_an_https_delivery_names_the_host_to_tls_and_checks_its_certificate(
    authority: trustme.CA, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trusting(authority, tmp_path, monkeypatch)
    sender, resolved = https_sender()
    with tls_receiver(authority, "hooks.test") as (hook, asked):
        port = hook.url.split(":")[2].split("/")[0]
        attempt = sender.send(f"https://hooks.test:{port}/in", {"webhook-id": "x"}, b"{}")
    assert attempt.ok, attempt
    assert resolved == ["hooks.test"]  # connected to the address the check resolved
    assert asked == ["hooks.test"]  # the TLS handshake named the host (SNI) ...
    assert hook.received[-1].headers["host"] == f"hooks.test:{port}"  # ... and so did HTTP
    assert hook.received[-1].body == b"{}"


@pytest.mark.parametrize(
    ("names", "other_authority", "error"),
    [
        (("elsewhere.test",), False, "doesn't match"),  # a certificate for another name
        (("hooks.test",), True, "certificate verify failed"),  # an authority not trusted
    ],
)
def test_an_https_target_whose_certificate_does_not_hold_gets_nothing(
    authority: trustme.CA,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    names: tuple[str, ...],
    other_authority: bool,
    error: str,
) -> None:
    trusting(trustme.CA() if other_authority else authority, tmp_path, monkeypatch)
    sender, _ = https_sender()
    with tls_receiver(authority, *names) as (hook, _):
        port = hook.url.split(":")[2].split("/")[0]
        attempt = sender.send(f"https://hooks.test:{port}/in", {"webhook-id": "x"}, b"{}")
    assert attempt.status is None and error in (attempt.error or ""), attempt
    assert hook.received == []
