"""The fault suite (`scripts/faults`): minutes of real processes killed, cut off and starved.

Outside the default suite: its modules are collected only when LOREKEEPER_FAULTS=1, which
`scripts/faults` sets (docs/run/faults.md). Each test prints its figures (run with -s).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if os.environ.get("LOREKEEPER_FAULTS") == "1":
        return None
    return collection_path.name.startswith("test_")
