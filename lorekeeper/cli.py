"""`python -m lorekeeper`: verify an exported game offline, run the demo, or issue an
application key.

    python -m lorekeeper verify GAME.ndjson [--json] [--expect VERSION:HASH ...]
                         [--key KEYS.json|HEX] [--log-proof PROOF.json] [--tree-head SAVED.json]
                         [--parent PARENT.ndjson]
    python -m lorekeeper consistency OLDER.json NEWER.json PROOF.json [--key KEYS.json|HEX]
    python -m lorekeeper demo [ARGS ...]
    python -m lorekeeper app-key NAME

`verify` needs no server and no Redis (docs/audit.md); checking a signature (`--key`) needs
the `cryptography` package, nothing else does. Its exit status: 0 verified,
1 failed, 2 unusable arguments or file, 3 not verifiable or still in progress: only a
finished game of committed dice whose every check passed exits 0.

`app-key` prints a new application key, once, and the LOREKEEPER_APP_KEYS entry (its hash)
that lets it in (app_keys.py; docs/players.md). It needs no server: the key is
never stored, sent or logged anywhere by this command.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections.abc import Sequence
from typing import Any

from lorekeeper.app_keys import app_key_entry, is_app_name, new_app_key
from lorekeeper.audit.forks import verify_fork_lines
from lorekeeper.audit.logproof import LogProblem, check_heads
from lorekeeper.audit.signatures import public_keys
from lorekeeper.audit.verify import FAILED, VERIFIED, Trust, verify_lines

EXIT_VERIFIED, EXIT_FAILED, EXIT_USAGE, EXIT_UNPROVEN = 0, 1, 2, 3
_RECEIPT = re.compile(r"([1-9][0-9]*):([0-9a-f]{64})")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["demo"]:
        return _demo(args[1:])
    parser = _parser()
    options = parser.parse_args(args)
    if options.command == "consistency":
        return _consistency(options)
    if options.command == "app-key":
        return _app_key(options.name)
    if options.command != "verify":
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        trust = Trust(
            keys=None if options.key is None else public_keys(_key_document(options.key)),
            log_proof=None if options.log_proof is None else _json_file(options.log_proof),
            saved_head=None if options.tree_head is None else _json_file(options.tree_head),
        )
    except (OSError, ValueError) as exc:
        print(f"verify: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return _verify(options.file, options.expect, as_json=options.json, trust=trust,
                   parent=options.parent)  # fmt: skip


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lorekeeper",
        description="Verify an exported game offline, run the demo, or issue an application key.",
    )
    commands = parser.add_subparsers(dest="command")
    verify = commands.add_parser("verify", help="check an export (GET /games/{id}/export)")
    verify.add_argument("file", help="the NDJSON export; - for standard input")
    verify.add_argument("--json", action="store_true", help="print the verdict as JSON")
    verify.add_argument(
        "--expect",
        action="append",
        default=[],
        type=_receipt,
        metavar="VERSION:HASH",
        help="a head_hash a reply gave you at VERSION: the export must contain it",
    )
    verify.add_argument(
        "--key",
        metavar="KEYS.json|HEX",
        help="the server's public keys (a saved GET /.well-known/lorekeeper-keys) or one key "
        "as 64 hex digits: the export's signature must be by one of them",
    )
    verify.add_argument(
        "--log-proof",
        metavar="PROOF.json",
        help="GET /games/{id}/transparency?since=M: the game's leaves in the log",
    )
    verify.add_argument(
        "--tree-head",
        metavar="SAVED.json",
        help="a GET /transparency/tree-head you saved earlier (of M leaves): the log must "
        "extend it",
    )
    verify.add_argument(
        "--parent",
        metavar="PARENT.ndjson",
        help="a fork's parent's export: the fork's first state must be the parent's at the "
        "version it names",
    )
    heads = commands.add_parser(
        "consistency", help="check that a saved tree head extends an older one (docs/audit.md)"
    )
    heads.add_argument("older", help="a GET /transparency/tree-head saved earlier")
    heads.add_argument("newer", help="a GET /transparency/tree-head saved later")
    heads.add_argument("proof", help="GET /transparency/consistency?first=OLDER&second=NEWER")
    heads.add_argument("--key", metavar="KEYS.json|HEX", help="both heads must be signed")
    commands.add_parser("demo", help="play a demonstration game (lorekeeper.demo)")
    app_key = commands.add_parser(
        "app-key", help="issue an application key for a backend (docs/players.md)"
    )
    app_key.add_argument("name", help="the app's name: 1 to 40 letters, digits, _ . -")
    return parser


def _receipt(text: str) -> tuple[int, str]:
    match = _RECEIPT.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError("expected VERSION:HASH (64 lowercase hex digits)")
    return int(match.group(1)), match.group(2)


def _key_document(text: str) -> Any:
    """A keys file's JSON, or `text` itself when it is a key (64 hex digits)."""
    if len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text):
        return text
    return _json_file(text)


def _json_file(path: str) -> Any:
    try:
        with open(path, "rb") as file:
            return json.load(file)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not JSON: {exc}") from None
    except OSError as exc:
        raise OSError(f"cannot read {path}: {exc.strerror or exc}") from None


def _verify(
    path: str,
    expect: list[tuple[int, str]],
    *,
    as_json: bool,
    trust: Trust,
    parent: str | None = None,
) -> int:
    try:
        if path == "-":
            lines = sys.stdin.buffer.read().splitlines()
        else:
            with open(path, "rb") as file:
                lines = file.read().splitlines()
        if parent is None:
            verdict = verify_lines(lines, expect, trust)
        else:
            path = parent
            with open(parent, "rb") as file:
                verdict = verify_fork_lines(lines, file.read().splitlines(), expect, trust)
    except OSError as exc:
        print(f"verify: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    print(json.dumps(verdict.to_json(), indent=2) if as_json else verdict.report())
    if verdict.verdict == VERIFIED:
        return EXIT_VERIFIED
    return EXIT_FAILED if verdict.verdict == FAILED else EXIT_UNPROVEN


def _consistency(options: argparse.Namespace) -> int:
    """Exit 0 when the newer tree head extends the older, 1 when it does not, 2 on bad files."""
    try:
        keys = None if options.key is None else public_keys(_key_document(options.key))
        older, newer, proof = (_json_file(p) for p in (options.older, options.newer,
                                                        options.proof))  # fmt: skip
    except (OSError, ValueError) as exc:
        print(f"consistency: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        print(check_heads(older, newer, proof, keys))
    except LogProblem as exc:
        print(f"INCONSISTENT: {exc}")
        return EXIT_FAILED
    return EXIT_VERIFIED


def _app_key(name: str) -> int:
    if not is_app_name(name):
        print("app-key: a name has 1 to 40 letters, digits, _ . or -", file=sys.stderr)
        return EXIT_USAGE
    key = new_app_key()
    print(f"Give this key to the backend only (it is shown once; the server keeps its hash):\n"
          f"  {key}\n"
          f"Add this entry to LOREKEEPER_APP_KEYS (comma-separated) and restart the API:\n"
          f"  {app_key_entry(name, key)}")  # fmt: skip
    return 0


def _demo(argv: list[str]) -> int:
    try:
        demo = importlib.import_module("lorekeeper.demo")
    except ModuleNotFoundError as exc:
        if exc.name != "lorekeeper.demo":
            raise
        print("demo: lorekeeper.demo is not installed in this copy", file=sys.stderr)
        return EXIT_USAGE
    run = getattr(demo, "main", None)
    if run is None:
        print("demo: lorekeeper.demo has no main(argv)", file=sys.stderr)
        return EXIT_USAGE
    result: int = run(argv)
    return result
