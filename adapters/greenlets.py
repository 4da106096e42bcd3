"""Whether this process runs on gevent: the API's gunicorn workers patch the standard library
as they start (gunicorn.conf.py), the workers' process and the tests do not."""

from __future__ import annotations

import sys


def under_gevent() -> bool:
    """Whether this process runs on gevent's patched sockets (gunicorn's gevent workers)."""
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and bool(monkey.is_module_patched("socket"))
