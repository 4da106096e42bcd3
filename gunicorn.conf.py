"""gunicorn's settings for the API wherever it runs (scripts/run, the container image; gunicorn
also reads this file by itself when started in the repository's root): its logs as the
workers' JSON lines at LOREKEEPER_LOG_LEVEL (api/logs.py, docs/logging.md). The bind address,
worker counts and worker class stay on each command line."""

import os
from typing import Any

from api.logs import gunicorn_logging, show_listening_address

loglevel = os.environ.get("LOREKEEPER_LOG_LEVEL", "INFO").strip().lower() or "info"
logconfig_dict = gunicorn_logging(loglevel)


def on_starting(server: Any) -> None:  # a gunicorn hook: before the arbiter binds
    show_listening_address(server.cfg.bind)
