"""A slower disk for the benchmarks' Redis (`--slow-fsync-ms N` of `python -m bench` and
`python -m bench.ab`): every `fsync`/`fdatasync` of the redis-server the run starts waits N
ms more, then flushes (bench/slow_fsync.c, preloaded; built here with the machine's C
compiler into a temporary directory, removed at exit).

Under `appendfsync always` Redis flushes its AOF once per pass of its event loop, before it
answers the writes of that pass, so each write's reply waits for the slower flush and
everything else Redis does waits behind it, as on a slower disk. Only the flushes are
slower: strace, used before (BENCHMARKS.md, ninth and tenth sessions), stops the process at
every system call, so it slowed all of Redis.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from adapters.redis.server import SERVER_ENV_VAR, find_redis_server

SOURCE = Path(__file__).with_name("slow_fsync.c")
DELAY_ENV_VAR = "LOREKEEPER_SLOW_FSYNC_US"


def add_option(parser: argparse.ArgumentParser) -> None:
    """`--slow-fsync-ms`, for a benchmark's command line (its value goes to `use_slow_disk`)."""
    parser.add_argument(
        "--slow-fsync-ms",
        type=float,
        default=0.0,
        help="a slower disk: each flush of the run's Redis waits this much more",
    )


def c_compiler() -> str | None:
    """The machine's C compiler, which builds the shim (None: none found)."""
    return shutil.which("cc") or shutil.which("gcc")


def slow_redis_server(delay_ms: float, into: Path) -> Path:
    """A redis-server (an executable wrapper in `into`) whose flushes each wait `delay_ms`
    more: the shim built beside it, then the binary `find_redis_server` finds now."""
    compiler = c_compiler()
    if compiler is None:
        raise SystemExit("--slow-fsync-ms needs a C compiler (cc or gcc) to build its shim")
    shim = into / "slow_fsync.so"
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(shim), str(SOURCE), "-ldl"],
                   check=True)  # fmt: skip
    wrapper = into / "redis-server"
    wrapper.write_text(
        "#!/bin/sh\n"
        f"export LD_PRELOAD={shlex.quote(str(shim))}\n"
        f"export {DELAY_ENV_VAR}={round(delay_ms * 1000)}\n"
        f'exec {shlex.quote(find_redis_server())} "$@"\n'
    )
    wrapper.chmod(0o755)
    return wrapper


def use_slow_disk(delay_ms: float) -> None:
    """From now on, the redis-servers this process starts flush `delay_ms` slower (through
    $LOREKEEPER_REDIS_SERVER; the shim's directory is removed at exit); 0: as they are."""
    if not delay_ms:
        return
    into = Path(tempfile.mkdtemp(prefix="lorekeeper-slow-disk-"))
    atexit.register(shutil.rmtree, into, ignore_errors=True)
    os.environ[SERVER_ENV_VAR] = str(slow_redis_server(delay_ms, into))
