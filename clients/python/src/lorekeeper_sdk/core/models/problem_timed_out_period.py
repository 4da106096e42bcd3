from enum import StrEnum


class ProblemTimedOutPeriod(StrEnum):
    DECISION = "decision"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
