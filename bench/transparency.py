"""Measure 12: the transparency log (docs/audit.md, section 7). Proofs per second (inclusion
and consistency, made by the server's tree and checked as the offline verifier checks them)
in a log of 100,000 games, and the log's cost per game: its two leaves' bytes, the tree's
memory in each process, and, on a Redis, the appends per second and the memory per game.

    python -m bench.transparency [--games N] [--redis-url URL]   # printed numbers, no targets

Run by `python -m bench` too (section "12 transparency log", on the stack's Redis).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import redis

from adapters.redis.keys import TRANSPARENCY_LEAVES_KEY, TRANSPARENCY_NAMES_KEY
from adapters.redis.transparency import RedisTransparencyStore
from bench.report import Row, num, table
from lorekeeper.audit.leaves import CREATED, FINISHED, leaf_bytes, seal
from lorekeeper.audit.merkle import CompactTree, leaf_hash, verify_consistency, verify_inclusion

GAMES = 50_000  # two leaves each: a log of 100,000 leaves
PROOFS = 2_000


def game_leaves(n_games: int) -> list[bytes]:
    """Leaves as the server writes them (lorekeeper/audit/transparency.py), two a game: each
    opening sealed with the game's salt (format 2)."""
    rnd = random.Random(9162)
    out = []
    for i in range(n_games):
        game_id, salt = f"{rnd.getrandbits(64):016x}", f"{rnd.getrandbits(256):064x}"
        head, last = f"{rnd.getrandbits(256):064x}", f"{rnd.getrandbits(256):064x}"
        created = {"commitment": f"{rnd.getrandbits(256):064x}", "game_id": game_id,
                   "head_hash": head, "kind": CREATED, "version": 1}  # fmt: skip
        finished = {"game_id": game_id, "head_hash": last, "kind": FINISHED,
                    "version": 150 + i % 100}  # fmt: skip
        out += [leaf_bytes(seal(salt, created)), leaf_bytes(seal(salt, finished))]
    return out


def per_second(n: int, run: Callable[[], Any]) -> float:
    started = time.perf_counter()
    run()
    return n / (time.perf_counter() - started)


def traced_tree(hashes: list[bytes]) -> tuple[CompactTree, int]:
    """A process's tree of these leaf hashes, and the bytes it holds (tracemalloc)."""
    tracemalloc.start()
    tree = CompactTree(hashes)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return tree, held


def tree_rows(n_games: int = GAMES) -> list[Row]:
    leaves = game_leaves(n_games)
    hashes = [leaf_hash(d) for d in leaves]
    tree, tree_bytes = traced_tree(hashes)
    size, root, rnd = tree.size, tree.root(), random.Random(6962)
    indexes = [rnd.randrange(size) for _ in range(PROOFS)]
    firsts = [rnd.randrange(1, size) for _ in range(PROOFS)]
    paths = [tree.inclusion_proof(i) for i in indexes]
    links = [tree.consistency_proof(m) for m in firsts]
    roots = {m: tree.root(m) for m in firsts}
    made = per_second(PROOFS, lambda: [tree.inclusion_proof(i) for i in indexes])
    inclusions = list(zip(indexes, paths, strict=True))
    consistencies = list(zip(firsts, links, strict=True))
    checked = per_second(
        PROOFS, lambda: [verify_inclusion(i, size, hashes[i], p, root) for i, p in inclusions]
    )
    made_c = per_second(PROOFS, lambda: [tree.consistency_proof(m) for m in firsts])
    checked_c = per_second(
        PROOFS, lambda: [verify_consistency(m, size, roots[m], root, p) for m, p in consistencies]
    )
    heads = per_second(PROOFS, lambda: [tree.root() for _ in range(PROOFS)])
    build = per_second(size, lambda: CompactTree(hashes))
    leaf_size = sum(len(d) for d in leaves) / n_games
    note = f"a log of {size:,} leaves ({n_games:,} games)"
    return [
        Row("12 inclusion proofs made, /s", num(made), "", None, note),
        Row(
            "12 inclusion proofs checked (verifier), /s",
            num(checked),
            "",
            None,
            f"{len(paths[0])} hashes a proof",
        ),  # fmt: skip
        Row("12 consistency proofs made, /s", num(made_c), "", None, note),
        Row("12 consistency proofs checked (verifier), /s", num(checked_c), "", None, ""),
        Row("12 tree heads (root hash), /s", num(heads), "", None, "from the kept subtrees"),
        Row(
            "12 leaves folded into a process's tree, /s",
            num(build),
            "",
            None,
            "a process catching up with the log",
        ),  # fmt: skip
        Row(
            "12 log cost per game: leaf data, bytes",
            num(leaf_size),
            "",
            None,
            "two sealed leaves' canonical JSON (created, finished)",
        ),  # fmt: skip
        Row(
            "12 log cost per game: tree in each process, bytes",
            num(tree_bytes / n_games),
            "",
            None,
            "every complete subtree's hash, as Python bytes",
        ),  # fmt: skip
    ]


def redis_rows(client: redis.Redis, n_games: int = 5_000) -> list[Row]:
    """Appends through the store's script, and the memory they take (keys removed after:
    the bench's own Redis only)."""
    if client.exists(TRANSPARENCY_LEAVES_KEY, TRANSPARENCY_NAMES_KEY):
        return [Row("12 log on Redis", "not measured", "", None, "the log's keys exist already")]
    store, leaves = RedisTransparencyStore(client), game_leaves(n_games)
    before = int(client.info("memory")["used_memory"])
    rate = per_second(len(leaves), lambda: [store.append(f"{i}", d, 10**9)
                                            for i, d in enumerate(leaves)])  # fmt: skip
    used = int(client.info("memory")["used_memory"]) - before
    client.delete(TRANSPARENCY_LEAVES_KEY, TRANSPARENCY_NAMES_KEY)
    return [
        Row(
            "12 log appends on Redis (one script each), /s",
            num(rate),
            "",
            None,
            f"{len(leaves):,} leaves, one client, one at a time",
        ),  # fmt: skip
        Row(
            "12 log cost per game on Redis, bytes",
            num(used / n_games),
            "",
            None,
            "two leaves in the list and their names in the hash (used_memory)",
        ),  # fmt: skip
    ]


def transparency_rows(client: redis.Redis | None = None) -> list[Row]:
    return tree_rows() + (redis_rows(client) if client is not None else [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.transparency")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--redis-url", help="a Redis of your own to measure appends on")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    rows = tree_rows(args.games)
    if args.redis_url:
        rows += redis_rows(redis.Redis.from_url(args.redis_url))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
