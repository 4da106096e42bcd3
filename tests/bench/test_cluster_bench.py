"""The cluster benchmark's bookkeeping (the benchmark itself never runs in the tests)."""

from __future__ import annotations

from bench.cluster import _grouped
from bench.command_path import Slice


def test_the_cluster_nodes_cpu_is_summed_as_masters_and_replicas() -> None:
    cpu = {"server": 1.0, "redis": 0.25, "masters0": 0.5, "masters1": 0.25, "replicas0": 0.125}

    grouped = _grouped(Slice(1.0, [0.001], 0, cpu, 10, [])).cpu_s

    assert grouped == {"server": 1.0, "redis": 0.25, "masters": 0.75, "replicas": 0.125}
