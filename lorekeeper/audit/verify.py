"""Verifying an export, with no server: the chain, the dice, the rules (docs/audit.md).

Every check looks for the first event it cannot vouch for; the verdict names the earliest of
them. Verdicts: `verified` (a finished game of committed dice, every check passed),
`failed`, `not_verifiable` (the dice were scripted or client-chosen, or the game predates
commitments: the chain and rules may hold, the dice cannot be proven fair) and
`in_progress` (what can be checked holds; the seed is revealed when the game ends).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from domain.dice import DICE_SCHEME, CommittedDice
from lorekeeper.audit.chain import GENESIS, stored_hash
from lorekeeper.audit.clock import check_clock
from lorekeeper.audit.commitments import hands_dealt, unopened
from lorekeeper.audit.export import (
    GAME_ENDED,
    REVEALS,
    SECRETS_REVEALED,
    SEEDS_SEALED,
    fork_header,
)
from lorekeeper.audit.faces import check_faces, fork_of
from lorekeeper.audit.logproof import LogProblem, check_log
from lorekeeper.audit.records import HASH, Export, ExportEvent, Problem, parse_export
from lorekeeper.audit.rules import Opening, RecordedDice, check_rules, fork_hands, groups
from lorekeeper.audit.signatures import check, export_statement

VERIFIED, FAILED, NOT_VERIFIABLE, IN_PROGRESS = (
    "verified",
    "failed",
    "not_verifiable",
    "in_progress",
)
_UNPROVABLE = {"scripted": "scripted dice", "seeded": "client-chosen seed"}


@dataclass(frozen=True)
class Verdict:
    verdict: str
    reason: str
    game_id: str | None = None
    events: int = 0
    head_hash: str | None = None
    dice_scheme: str | None = None
    first_bad_event: int | None = None
    checks: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON; `first_bad_event` only when one is named."""
        body: dict[str, Any] = {
            "verdict": self.verdict,
            "reason": self.reason,
            "game_id": self.game_id,
            "events": self.events,
            "head_hash": self.head_hash,
            "dice_scheme": self.dice_scheme,
            "checks": self.checks,
        }
        if self.first_bad_event is not None:
            body["first_bad_event"] = self.first_bad_event
        return body

    def report(self) -> str:
        lines = [f"game {self.game_id or '?'}: {self.events} events, head {self.head_hash}"]
        lines += [f"  {name}: {summary}" for name, summary in self.checks.items()]
        if self.first_bad_event is not None:
            lines.append(f"FIRST BAD EVENT: {self.first_bad_event}")
        lines.append(f"{self.verdict.upper().replace('_', ' ')}: {self.reason}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Trust:
    """What the auditor brings beyond the export (docs/audit.md, sections 6 and 7): the
    server's public keys (key id -> 32 bytes), what the log answered for the game, and a
    tree head saved earlier. None: that check is not made."""

    keys: Mapping[str, bytes] | None = None
    log_proof: Any = None
    saved_head: Any = None


def verify_lines(
    lines: Iterable[str | bytes], expect: Sequence[tuple[int, str]] = (), trust: Trust = Trust()
) -> Verdict:
    """Verify an export given as its lines; `expect` pins (version, hash) pairs (receipts)."""
    return verify_export(parse_export(lines), expect, trust)


def verify_export(
    export: Export,
    expect: Sequence[tuple[int, str]] = (),
    trust: Trust = Trust(),
    *,
    alone: bool = True,
) -> Verdict:
    """The verdict on an export; `alone`: with no parent's export, so a fork's first state
    is unchecked and a fork is at best not verifiable (audit/forks.py checks it)."""
    verdict = _verified(export, expect, trust)
    if alone and verdict.verdict == VERIFIED and fork_of(export.events) is not None:
        why = "not verifiable alone: a fork's first state needs its parent's export (--parent)"
        return replace(verdict, verdict=NOT_VERIFIABLE, reason=why)
    return verdict


def _verified(export: Export, expect: Sequence[tuple[int, str]], trust: Trust) -> Verdict:
    events, checks = export.events, dict[str, str]()
    problems = [export.problem] if export.problem else []
    if not export.header:
        return _verdict(export, problems, checks, None)
    chain = _chain(events)
    checks["chain"] = f"broken at event {chain.version}" if chain else f"{len(events)} linked"
    problems += [p for p in (chain, _trailer(export), *_expected(events, expect)) if p]
    created = events[0].payload if events and events[0].type == "GameCreated" else {}
    dice = created.get("dice") if isinstance(created.get("dice"), dict) else None
    if export.header.get("dice") != dice:
        problems.append(Problem(None, "header: its dice differ from event 1's"))
    if export.header.get("fork") != fork_header(created).get("fork"):
        problems.append(Problem(None, "header: its fork differs from event 1's"))
    if dice and "game_id" in dice and export.header.get("game_id") != dice["game_id"]:
        problems.append(Problem(None, "header: game_id is not the one event 1 names"))
    seed, dice_problems = _dice(export, dice, checks)
    problems += dice_problems
    opening, hand_problems = _hands(export, created, checks)
    problems += hand_problems
    before = _first(problems)
    problems += _rules(export, dice, seed, opening, checks, before=before)
    problems += _clocks(export, opening, checks, before=before)
    problems += _signature(export, trust, checks)
    problems += _log(export, trust, checks)
    return _verdict(export, problems, checks, dice)


def _signature(export: Export, trust: Trust, checks: dict[str, str]) -> list[Problem]:
    """The trailer's signature of the export's head, by one of the keys given."""
    signature = (export.trailer or {}).get("signature")
    if trust.keys is None:
        if signature is not None:
            checks["signature"] = "not checked: no key given (--key)"
        return []
    events = export.events
    head = events[-1].hash if events else GENESIS
    statement = export_statement(str(export.header.get("game_id")), len(events), head,
                                 any(e.type == GAME_ENDED for e in events))  # fmt: skip
    why = check(signature, statement, trust.keys)
    if why is not None or not isinstance(signature, dict):
        checks["signature"] = why or "it is not signed"
        return [Problem(None, f"signature: {checks['signature']}")]
    checks["signature"] = f"Ed25519 by key {signature.get('key_id')} over the head"
    return []


def _log(export: Export, trust: Trust, checks: dict[str, str]) -> list[Problem]:
    """The game's leaves in the transparency log, and the log extending a saved head."""
    if trust.log_proof is None:
        if trust.saved_head is not None:
            checks["log"] = "not checked: a saved tree head but no proof (--log-proof)"
            return [Problem(None, "log: a saved tree head needs the log's proof")]
        return []
    game_id = str(export.header.get("game_id"))
    salt = (export.trailer or {}).get("log_salt")
    try:
        checks["log"] = check_log(game_id, export.events, trust.log_proof, trust.saved_head,
                                  trust.keys, salt)  # fmt: skip
    except LogProblem as exc:
        checks["log"] = str(exc)
        return [Problem(None, f"log: {exc}")]
    return []


def _chain(events: Sequence[ExportEvent]) -> Problem | None:
    prev, finished = GENESIS, any(e.type == GAME_ENDED for e in events)
    for position, event in enumerate(events, 1):
        if event.version != position:
            return Problem(position, f"event {position} is missing (found version {event.version})")
        if event.redacted and (finished or event.type != "GameCreated"):
            return Problem(position, "only an unfinished game's GameCreated may be redacted")
        if event.prev_hash != prev:
            return Problem(position, "prev_hash is not the hash of the event before it")
        if not HASH.fullmatch(event.hash):
            return Problem(position, "hash is not 64 lowercase hex digits")
        if not event.redacted and event.hash != _recomputed(event):
            return Problem(position, "hash does not match the event's content")
        prev = event.hash
    return None


def _recomputed(e: ExportEvent) -> str:
    try:
        return stored_hash(e)
    except (ValueError, TypeError):
        return ""  # no canonical form: cannot be what was hashed


def _trailer(export: Export) -> Problem | None:
    events, trailer = export.events, export.trailer
    head = events[-1].hash if events else GENESIS
    if trailer is None:
        return Problem(len(events) + 1, f"the export stops after event {len(events)}: no trailer")
    if trailer.get("events") != len(events) or export.header.get("events") != len(events):
        return Problem(len(events) + 1, f"events after {len(events)} are missing")
    if trailer.get("head_hash") != head or export.header.get("head_hash") != head:
        return Problem(None, "header/trailer: head_hash is not the last event's hash")
    return None


def _expected(events: Sequence[ExportEvent], expect: Sequence[tuple[int, str]]) -> list[Problem]:
    out = []
    for version, hash_ in expect:
        if version > len(events):
            out.append(Problem(len(events) + 1, f"event {version} (expected) is not exported"))
        elif events[version - 1].hash != hash_:
            out.append(Problem(version, f"event {version} is not the expected {hash_[:12]}…"))
    return out


def _dice(
    export: Export, dice: dict[str, Any] | None, checks: dict[str, str]
) -> tuple[str | None, list[Problem]]:
    """The revealed seed if it opens the commitment, and what is wrong with the dice."""
    scheme = dice.get("scheme") if dice else None
    if scheme != DICE_SCHEME or dice is None:
        checks["dice"] = f"not checked: {_UNPROVABLE.get(str(scheme), 'no commitment')}"
        return None, []
    events = export.events
    if not any(e.type == GAME_ENDED for e in events):
        checks["dice"] = "not checked yet: the seed is revealed when the game ends"
        return None, []
    reveal = next((e for e in events if e.type in REVEALS), None)
    if reveal is None:
        return None, [Problem(len(events) + 1, "the game ended but its seed is not revealed")]
    seed = reveal.payload.get("seed")
    if not _opens(seed, dice.get("commitment")):
        checks["dice"] = "the revealed seed does not open the commitment"
        return None, [Problem(reveal.version, "the revealed seed does not match the commitment")]
    assert isinstance(seed, str)
    problems = []
    if (export.trailer or {}).get("dice_seed") != seed:
        problems.append(Problem(None, "trailer: dice_seed is not the revealed seed"))
    try:
        source = _committed(seed, dice, events)
    except ValueError as exc:
        return None, [Problem(1, f"its dice cannot be derived: {exc}")]
    count, bad = check_faces(events, source)
    checks["dice"] = f"die {bad.reason}" if bad else f"{count} dice recomputed from the seed"
    return seed, [*problems, *([bad] if bad else [])]


def _hands(
    export: Export, created: dict[str, Any], checks: dict[str, str]
) -> tuple[Opening | None, list[Problem]]:
    """The hands dealt, once they are known to be the ones committed to (record format 2), or
    shown whole by the server's own copy; and what is wrong with them."""
    events, published = export.events, created.get("commitments")
    if fork_of(events) is not None:  # a fork's hands are known: its position shows them
        checks["hands"] = "known: a fork shows every hand (FRK-3)"
        checks["fork"] = "not checked: its parent's export is needed (--parent)"
        return Opening(fork_hands(fork_of(events)), None), []
    shown = _shown_hands(created)
    if published is None:
        checks["hands"] = "not checked: a game hashed before commitments (record format 1)"
        return (Opening(shown, None) if shown is not None else None), []
    if not any(e.type == GAME_ENDED for e in events):
        checks["hands"] = "not checked yet: the hands are revealed when the game ends"
        return (Opening(shown, None) if shown is not None else None), []
    reveal = next((e for e in events if e.type == SECRETS_REVEALED), None)
    if reveal is None:
        checks["hands"] = "not revealed"
        return None, [Problem(len(events) + 1, "the game ended but its hands are not revealed")]
    hands, salts = reveal.payload.get("hands"), reveal.payload.get("salts")
    why = unopened(published, hands, salts)
    if why is not None:
        checks["hands"] = why
        return None, [Problem(reveal.version, why)]
    assert isinstance(hands, list) and isinstance(salts, list)
    if shown is not None and shown != hands:
        checks["hands"] = "event 1 shows other cards than the ones revealed"
        return None, [Problem(1, "its cards are not the hands revealed")]
    checks["hands"] = f"{len(hands)} revealed hands open their commitments"
    return Opening(hands, reveal.payload), []


def _shown_hands(created: dict[str, Any]) -> list[list[str]] | None:
    """The hands event 1 shows, when it shows every seat's (a whole export); else None."""
    scenario = created.get("scenario")
    players = scenario.get("players") if isinstance(scenario, dict) else None
    if not isinstance(scenario, dict) or not isinstance(players, list):
        return None
    if any(not isinstance(p, dict) or ("cards" not in p and "card_count" in p) for p in players):
        return None
    return hands_dealt(scenario)


def _committed(seed: str, dice: dict[str, Any], events: Sequence[ExportEvent]) -> CommittedDice:
    """The dice a revealed seed gives, with the game id and client seeds event 1 published
    and then the seats' seeds sealed at the first turn (ClientSeedsSealed, SEED-1)."""
    seeds = dice.get("client_seeds")
    seeds = [str(s) for s in seeds] if isinstance(seeds, list) else []
    return CommittedDice(bytes.fromhex(seed), str(dice.get("game_id")), seeds + sealed(events))


def sealed(events: Sequence[ExportEvent]) -> list[str]:
    """The seats' seeds the dice mix in: ClientSeedsSealed's, in seat order, none skipped
    but those no seat gave (null)."""
    found = next((e for e in events if e.type == SEEDS_SEALED), None)
    seeds = None if found is None else found.payload.get("seeds")
    return [str(s) for s in seeds if s is not None] if isinstance(seeds, list) else []


def _opens(seed: Any, commitment: Any) -> bool:
    if not isinstance(seed, str) or not HASH.fullmatch(seed):
        return False
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment


def _rules(
    export: Export,
    dice: dict[str, Any] | None,
    seed: str | None,
    opening: Opening | None,
    checks: dict[str, str],
    before: int | None,
) -> list[Problem]:
    """Re-decide every append that lies wholly before the first event found bad already."""
    events = _whole_appends(export.events, before)
    if events and (opening is None or any(e.redacted for e in events)):
        checks["rules"] = "not checked: the cards dealt are secret until the game ends"
        return []
    if any(not e.hash for e in events) or (events and events[0].command is None):
        checks["rules"] = "not checked: recorded before commands were kept"
        return []
    source = _committed(seed, dice, events) if seed and dice else RecordedDice(events)
    problem, appends = check_rules(events, source, seed, opening or Opening([], None))
    summary = f"{appends} appends re-decided"
    checks["rules"] = summary + (f", then {problem.reason}" if problem else "")
    return [problem] if problem else []


def _clocks(
    export: Export, opening: Opening | None, checks: dict[str, str], before: int | None
) -> list[Problem]:
    """Every time-out after its deadline, every timed command before it (audit/clock.py):
    folded like the rules, so only where the hands dealt are known."""
    events = _whole_appends(export.events, before)
    if not events or "clock" not in events[0].payload:
        return []  # no time control: nothing to say (older exports read as before)
    if opening is None or any(e.redacted for e in events):
        checks["clock"] = "not checked: the cards dealt are secret until the game ends"
        return []
    problem, summary = check_clock(events, opening.hands)
    checks["clock"] = summary + (f", then {problem.reason}" if problem else "")
    return [problem] if problem else []


def _whole_appends(events: list[ExportEvent], before: int | None) -> list[ExportEvent]:
    if before is None:
        return events
    kept = groups(events[: before - 1])
    return [e for group in kept[:-1] for e in group]  # the last may go on at `before`


def _first(problems: Sequence[Problem]) -> int | None:
    versions = [p.version for p in problems if p.version is not None]
    return min(versions) if versions else None


def _verdict(
    export: Export, problems: list[Problem], checks: dict[str, str], dice: dict[str, Any] | None
) -> Verdict:
    events = export.events
    scheme = dice.get("scheme") if dice else None
    common: dict[str, Any] = {
        "game_id": export.header.get("game_id"),
        "events": len(events),
        "head_hash": events[-1].hash if events else None,
        "dice_scheme": scheme,
        "checks": checks,
    }
    if problems:
        worst = min(problems, key=lambda p: (p.version is None, p.version or 0))
        return Verdict(FAILED, worst.reason, first_bad_event=worst.version, **common)
    if scheme != DICE_SCHEME:
        what = _UNPROVABLE.get(str(scheme), "no dice commitment")
        return Verdict(NOT_VERIFIABLE, f"not verifiable: {what}", **common)
    if any(e.redacted for e in events) or not any(e.type == GAME_ENDED for e in events):
        return Verdict(
            IN_PROGRESS, "in progress: the seed is revealed when the game ends", **common
        )
    return Verdict(VERIFIED, "verified: chain, commitment, every die and every rule", **common)
