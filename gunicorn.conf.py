"""gunicorn's settings for the API wherever it runs (scripts/run, the container image; gunicorn
also reads this file by itself when started in the repository's root): its logs as the
workers' JSON lines at LOREKEEPER_LOG_LEVEL (api/logs.py, docs/logging.md), how long it
keeps an idle connection, and its own refusals in the API's error shape. The bind address,
worker counts and worker class stay on each command line."""

import os
import shlex
import sys
from typing import Any


def _worker_class() -> str:
    """The worker class the command line (or GUNICORN_CMD_ARGS, which it overrides) asks for."""
    args = [*shlex.split(os.environ.get("GUNICORN_CMD_ARGS", "")), *sys.argv[1:]]
    chosen = "sync"
    for i, arg in enumerate(args):
        if arg in ("-k", "--worker-class") and i + 1 < len(args):
            chosen = args[i + 1]
        elif arg.startswith("--worker-class="):
            chosen = arg.partition("=")[2]
    return chosen


# gevent workers (scripts/run, the image; docs/streams.md) patch the standard library as each
# starts; but this file imports the app below (for its logging), here in the master, and what
# the app's libraries take from the standard library before the patch (ssl's names, locks
# made at import) would stay unpatched, as gevent warns. So patch first, as gevent asks, in
# the master too: all but signals, processes and subprocesses, which the master's supervision
# of its workers needs as they are (each worker patches those for itself).
if _worker_class() in ("gevent", "gunicorn.workers.ggevent.GeventWorker"):
    import warnings

    from gevent import monkey

    monkey.patch_all(os=False, signal=False, subprocess=False)
    # Each worker's own patch_all then adds the rest, as meant; gevent would say so on stderr
    # (a line that is not JSON) in every worker (which inherit this filter).
    warnings.filterwarnings("ignore", message="Patching more than once")

from gunicorn import util as gunicorn_util  # type: ignore[import-untyped]  # noqa: E402

from api.logs import gunicorn_logging, show_listening_address  # noqa: E402
from api.server_errors import write_error  # noqa: E402

# How long an idle connection waits for its client's next request (and how long a request's
# headers may take). gunicorn's default, 2 s, cut clients that poll every 2 s: their pool
# reused the connection as the server closed it. 75 s (nginx's default) outlasts the 60 s
# idle timeout of common load balancers (AWS's), so one in front closes first, and a client
# polling more often than every 75 s keeps its connection. Bounded all the same: an idle
# connection is a socket and a parked greenlet, and holds one of its worker's
# `--worker-connections` places (4,096 under scripts/run) until it times out. The command
# line's `--keep-alive` overrides it. docs/client/limits.md, "Limits".
keepalive = 75

loglevel = os.environ.get("LOREKEEPER_LOG_LEVEL", "INFO").strip().lower() or "info"
logconfig_dict = gunicorn_logging(loglevel)


def on_starting(server: Any) -> None:  # a gunicorn hook: before the arbiter binds
    show_listening_address(server.cfg.bind)


# What gunicorn refuses itself (a header over 8190 bytes, a request line over 4094, a
# malformed request) is answered as problem details, not gunicorn's HTML (api/server_errors.py).
# Set here, in the master, so every worker it forks has it.
gunicorn_util.write_error = write_error

logger_class = "api.logs.AccessLogger"  # skips the access lines no handler writes (api/logs.py)


def post_worker_init(worker: Any) -> None:  # a gunicorn hook: the worker has loaded the app
    """Leave what the app's start made (modules, Flask, the schemas: about 75,000 objects)
    out of the collector's full passes, which otherwise walk all of it again and again."""
    import gc

    gc.freeze()
