"""The one table `python -m bench` prints."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    measure: str
    value: str
    target: str = ""
    ok: bool | None = None  # None: no target
    note: str = ""


def verdict(ok: bool | None) -> str:
    return {True: "ok", False: "MISS", None: ""}[ok]


def table(rows: list[Row]) -> str:
    header = Row("measure", "value", "target", None, "notes")
    widths = [
        max(len(r.measure) for r in [header, *rows]),
        max(len(r.value) for r in [header, *rows]),
        max(len(r.target) for r in [header, *rows]),
        4,
    ]
    lines = []
    for i, r in enumerate([header, *rows]):
        mark = "" if i == 0 else verdict(r.ok)
        cells = [r.measure.ljust(widths[0]), r.value.rjust(widths[1]), r.target.ljust(widths[2])]
        lines.append("  ".join([*cells, mark.ljust(widths[3]), r.note]).rstrip())
        if i == 0:
            lines.append("-" * min(120, sum(widths) + 8 + len("notes")))
    return "\n".join(lines)


def num(value: float, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    if math.isinf(value):
        return "> 1 s"
    return f"{value:,.{digits}f}"
