from enum import StrEnum


class ProblemTimedOutPolicy(StrEnum):
    AUTO = "auto"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
