"""The dice of a fork, as the verifier checks them (lorekeeper/audit/faces.py, FRK-4)."""

from __future__ import annotations

from typing import Any

from domain.dice import SeededDice
from lorekeeper.audit.faces import check_faces
from lorekeeper.audit.records import ExportEvent

SEED = SeededDice("fork")


def event(version: int, type_: str, **payload: Any) -> ExportEvent:
    return ExportEvent(version, type_, 1, payload, None, None, None, 0, "0" * 64, "0" * 64)


def created(dice: str, rolls: int = 4) -> ExportEvent:
    return event(1, "GameCreated", fork={"dice": dice, "state": {"rolls": rolls}})


def rolled(version: int, roll: int, faces: list[str]) -> ExportEvent:
    return event(version, "BattleRolled", roll=roll, faces=faces)


def test_a_forks_rolls_go_on_from_the_parents_count():  # FRK-4
    faces = [SEED.face(4), SEED.face(5)]
    assert check_faces([created("committed"), rolled(2, 4, faces)], SEED) == (6, None)
    count, bad = check_faces([created("committed"), rolled(2, 0, faces)], SEED)
    assert bad is not None and bad.version == 2


def test_chosen_faces_stand_for_the_seeds_in_a_fork_marked_so():  # FRK-4
    chosen = event(2, "DiceChosen", seat=0, roll=4, faces=["flag"])
    events = [created("chosen"), chosen, rolled(3, 4, ["flag", SEED.face(5)])]
    assert check_faces(events, SEED) == (6, None)


def test_chosen_faces_fail_in_a_fork_not_marked_so():  # FRK-4
    chosen = event(2, "DiceChosen", seat=0, roll=4, faces=["flag"])
    count, bad = check_faces([created("committed"), chosen, rolled(3, 4, ["flag"])], SEED)
    assert bad is not None and bad.version == 2 and "not marked" in bad.reason
