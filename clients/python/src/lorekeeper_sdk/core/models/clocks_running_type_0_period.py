from enum import StrEnum


class ClocksRunningType0Period(StrEnum):
    DECISION = "decision"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
