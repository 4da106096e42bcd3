"""Verifying an export offline: the server's own verifier (docs/audit.md, section 5).

The verifier is the `lorekeeper` package's (`lorekeeper.audit`), installed from the same
checkout as this SDK (README, "Verify a game"); it needs no server and no network. This
module imports it in one place, `_verifier()`, so nothing else here depends on where it
lives.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lorekeeper_sdk.errors import VerifierUnavailable

Document = Mapping[str, Any] | Any  # a JSON object, or a generated model (`to_dict()`)
VERIFIED = "verified"


@dataclass(frozen=True)
class Verdict:
    """What the verifier found: `verdict` is `verified`, `failed`, `not_verifiable` or
    `in_progress`; `checks` says what each check saw; `report` is the verifier's text."""

    verdict: str
    reason: str
    game_id: str | None
    events: int
    head_hash: str | None
    first_bad_event: int | None = None
    checks: dict[str, str] = field(default_factory=dict)
    report: str = ""

    @property
    def ok(self) -> bool:
        """Only a finished game of committed dice whose every check passed."""
        return self.verdict == VERIFIED


def verify_export(
    export: str | bytes | Iterable[str | bytes],
    *,
    keys: Document | str | None = None,
    log_proof: Document | None = None,
    saved_head: Document | None = None,
    expect: Sequence[tuple[int, str]] = (),
) -> Verdict:
    """Verify a game's export (`Client.export`) with no server.

    `keys`: the server's public keys (`GET /.well-known/lorekeeper-keys`, saved from a source
    you trust) or one key as 64 hex digits: the export's signature must be by one of them.
    `log_proof`: `Client.transparency_proof(game_id, since=...)`: the game must be in the
    transparency log, and with `saved_head` (a tree head you saved earlier) the log must
    extend it. `expect`: (version, head_hash) receipts the export must contain."""
    lines = export.splitlines() if isinstance(export, str | bytes) else export
    found, report = _verifier()(lines, expect, _json(keys), _json(log_proof), _json(saved_head))
    return Verdict(
        verdict=found["verdict"],
        reason=found["reason"],
        game_id=found.get("game_id"),
        events=found.get("events", 0),
        head_hash=found.get("head_hash"),
        first_bad_event=found.get("first_bad_event"),
        checks=dict(found.get("checks", {})),
        report=report,
    )


Verifier = Callable[[Iterable[Any], Sequence[tuple[int, str]], Any, Any, Any], tuple[Any, str]]


def _verifier() -> Verifier:
    """The server's verifier, as one function: (lines, expect, keys, log proof, saved head)
    -> (the verdict as JSON, its report). The one place this SDK imports `lorekeeper`."""
    try:
        verify = importlib.import_module("lorekeeper.audit.verify")
        signatures = importlib.import_module("lorekeeper.audit.signatures")
    except ImportError as exc:
        raise VerifierUnavailable(
            "verifying needs the lorekeeper package: from the repository's root, "
            "pip install . ./clients/python"
        ) from exc

    def run(lines: Iterable[Any], expect: Sequence[tuple[int, str]], keys: Any, log_proof: Any,
            saved_head: Any) -> tuple[Any, str]:  # fmt: skip
        trust = verify.Trust(
            keys=None if keys is None else signatures.public_keys(keys),
            log_proof=log_proof,
            saved_head=saved_head,
        )
        verdict = verify.verify_lines(lines, expect, trust)
        return verdict.to_json(), verdict.report()

    return run


def _json(document: Any) -> Any:
    """A generated model as its JSON form; anything else as it is."""
    to_dict = getattr(document, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    return dict(document) if isinstance(document, Mapping) else document
