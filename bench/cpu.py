"""CPU seconds used by process trees (from /proc), to say where a run's CPU went."""

from __future__ import annotations

import os
from collections.abc import Iterable

_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # fields from the 3rd (state) on


def children() -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = _stat(int(name))
            if fields is not None:
                out.setdefault(int(fields[1]), []).append(int(name))
    return out


def tree_cpu_s(roots: Iterable[int]) -> float:
    """utime + stime of the live processes in the trees under `roots` (children included,
    not their exited children)."""
    tree, total, stack = children(), 0.0, list(roots)
    while stack:
        pid = stack.pop()
        fields = _stat(pid)
        if fields is not None:
            total += (int(fields[11]) + int(fields[12])) / _TICK
        stack.extend(tree.get(pid, []))
    return total


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of all CPUs since boot, from /proc/stat."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return float(sum(values) - idle), float(sum(values))
