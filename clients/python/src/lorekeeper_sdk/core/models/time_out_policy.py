from enum import StrEnum


class TimeOutPolicy(StrEnum):
    AUTO = "auto"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
