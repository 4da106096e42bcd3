"""An auditor's check of a finished game: its history, its signature, its place in the
transparency log. It downloads what it checks, then verifies it with no server.

    python audit.py http://127.0.0.1:8000 GAME_ID [--tree-head SAVED.json] [--keys KEYS.json]

`--tree-head`: a tree head you saved earlier (`GET /transparency/tree-head`): the log must
extend it. `--keys`: the server's public keys, saved once from a source you trust (without
it they are fetched now). A private game needs LOREKEEPER_KEY: an auditor token or a player's
key. Exit status 0 only when the game is verified.
"""

import argparse
import json
import os
import sys
from pathlib import Path

from lorekeeper_sdk import Client, verify_export


def download(url, game_id, saved_head, keys_file):
    """The export, the keys and the game's log proof (since the saved head's size)."""
    with Client(url, os.environ.get("LOREKEEPER_KEY")) as client:
        export = client.export(game_id)
        since = saved_head["tree_size"] if saved_head else None
        proof = client.transparency_proof(game_id, since=since).to_dict()
        keys = json.loads(Path(keys_file).read_text()) if keys_file else client.signing_keys()
    return export, proof, keys


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("game_id")
    parser.add_argument("--tree-head", type=Path, help="a tree head saved earlier")
    parser.add_argument("--keys", type=Path, help="the server's public keys, saved earlier")
    args = parser.parse_args(argv)
    saved_head = json.loads(args.tree_head.read_text()) if args.tree_head else None
    export, proof, keys = download(args.url, args.game_id, saved_head, args.keys)
    # Offline from here: the chain, the dice, the hands, every rule, the signature, the log.
    verdict = verify_export(export, keys=keys, log_proof=proof, saved_head=saved_head)
    print(verdict.report)
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
