"""gunicorn's settings for the API wherever it runs (scripts/run, the container image; gunicorn
also reads this file by itself when started in the repository's root): its logs as the
workers' JSON lines at LOREKEEPER_LOG_LEVEL (api/logs.py, docs/logging.md). The bind address,
worker counts and worker class stay on each command line."""

import os
import warnings
from typing import Any

# The app is imported here, in the master (for its logging), before gevent patches the
# standard library in each gevent worker, so gevent warns that ssl was imported first.
# Nothing in the app speaks TLS through those imports (redis.asyncio's, unused), so that one
# warning is not shown (the workers inherit this filter).
warnings.filterwarnings("ignore", message="Monkey-patching ssl after ssl has already been imported")

from api.logs import gunicorn_logging, show_listening_address  # noqa: E402

loglevel = os.environ.get("LOREKEEPER_LOG_LEVEL", "INFO").strip().lower() or "info"
logconfig_dict = gunicorn_logging(loglevel)


def on_starting(server: Any) -> None:  # a gunicorn hook: before the arbiter binds
    show_listening_address(server.cfg.bind)
