from enum import StrEnum


class WinnerType1(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
