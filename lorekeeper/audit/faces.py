"""Every die an export records, against the dice its seed gives (docs/audit.md, "The dice").

In a fork (domain/fork.py) the rolls go on from the parent's count at the fork's version,
and in a fork marked "dice chosen" the faces its owner chose (DiceChosen) stand for the
seed's (FRK-4). Anywhere else a DiceChosen event is a fault.

Standard library and the domain only: the offline verifier imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.dice import DiceSource
from lorekeeper.audit.records import ExportEvent, Problem

DICE_CHOSEN = "DiceChosen"


def fork_of(events: Sequence[ExportEvent]) -> dict[str, Any] | None:
    """GameCreated's `fork` when the export is a fork's, else None."""
    if not events or events[0].type != "GameCreated":
        return None
    fork = events[0].payload.get("fork")
    return fork if isinstance(fork, dict) else None


def check_faces(events: Sequence[ExportEvent], source: DiceSource) -> tuple[int, Problem | None]:
    """Every recorded die against the source's, in roll order with no gap or repeat: how
    many were checked, and the first that is wrong."""
    fork = fork_of(events) or {}
    state = fork.get("state") if isinstance(fork.get("state"), dict) else {}
    start = state.get("rolls", 0) if isinstance(state, dict) else 0
    following = start if isinstance(start, int) else 0
    may_choose, chosen = fork.get("dice") == "chosen", dict[int, str]()
    for event in events:
        if event.type == DICE_CHOSEN:
            if not may_choose:
                return following, Problem(event.version, "dice chosen in a game not marked so")
            chosen = _chosen(event.payload)
            continue
        roll, faces = event.payload.get("roll"), event.payload.get("faces")
        if not isinstance(roll, int) or not isinstance(faces, list):
            continue
        if roll != following:
            return following, Problem(event.version, f"{roll} comes where {following} was due")
        for offset, face in enumerate(faces):
            want = chosen.get(roll + offset) or source.face(roll + offset)
            if face != want:
                return following, Problem(event.version, f"{roll + offset} is {face}, not {want}")
        following = roll + len(faces)
    return following, None


def _chosen(payload: dict[str, Any]) -> dict[int, str]:
    roll, faces = payload.get("roll"), payload.get("faces")
    if not isinstance(roll, int) or not isinstance(faces, list):
        return {}
    return {roll + k: str(face) for k, face in enumerate(faces)}
