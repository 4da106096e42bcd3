"""Print the pip requirement of the uv that uv.lock pins, with the hash of every file of it:

    python scripts/uv_requirement.py uv.lock > uv.txt && pip install --require-hashes -r uv.txt

scripts/_common.sh and the Dockerfile bootstrap uv this way (standard library only), and uv
then installs everything else from the same lock.
"""

import sys
import tomllib


def uv_requirement(lock: dict) -> str:
    uv = next(p for p in lock["package"] if p["name"] == "uv")
    files = [*uv.get("wheels", []), *([uv["sdist"]] if "sdist" in uv else [])]
    return " ".join([f"uv=={uv['version']}", *(f"--hash={f['hash']}" for f in files)])


if __name__ == "__main__":
    with open(sys.argv[1] if len(sys.argv) > 1 else "uv.lock", "rb") as file:
        print(uv_requirement(tomllib.load(file)))
