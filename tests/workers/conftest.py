from __future__ import annotations

from collections.abc import Iterator

import pytest

from lorekeeper.settings import Settings
from tests.topologies import Topology
from workers.context import WorkerContext, build_context, installed


@pytest.fixture
def settings(topology: Topology) -> Settings:
    return topology.settings(job_stale_s=0.5)


@pytest.fixture
def ctx(settings: Settings, topology: Topology) -> Iterator[WorkerContext]:
    """The workers' context on each topology, installed for in-process RQ workers."""
    with installed(build_context(settings, topology.clients)) as context:
        yield context
