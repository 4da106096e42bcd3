from enum import StrEnum


class SeatSpecBot(StrEnum):
    BATTLER = "battler"

    def __str__(self) -> str:
        return str(self.value)
