from enum import StrEnum


class PendingKind(StrEnum):
    BATTLE_BACK = "battle_back"
    BREATH = "breath"
    REACTION = "reaction"
    RETREAT = "retreat"

    def __str__(self) -> str:
        return str(self.value)
